"""Let's Go! To France (game id `lets-go-france`): content so far, no rules engine yet."""
