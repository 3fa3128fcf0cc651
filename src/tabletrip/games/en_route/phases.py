"""The phases of an En Route game and the stages of a drawing turn."""

(
    OBJECTIVE,
    BEGIN_PLACE,
    BEGIN_CHOOSE,
    FIRST,
    SECOND,
    KEEP,
    SOLO_PLAY,
    SOLO_TAKE,
    RATE,
    DRAW,
    FINAL,
    OVER,
) = range(12)
PHASE_NAMES = (
    "objective",
    "begin_place",
    "begin_choose",
    "first_card",
    "second_card",
    "keep_card",
    "solo_play",
    "solo_take",
    "rate",
    "draw",
    "final_route",
    "over",
)
PLACE, CHART, EXTRAS = range(3)
STAGE_NAMES = ("place", "chart", "extras")
