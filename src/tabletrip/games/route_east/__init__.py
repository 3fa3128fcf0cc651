"""Route East: Istanbul to Shanghai via your attractions (game id `route-east`)."""
