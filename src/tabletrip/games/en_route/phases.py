"""The phases of an En Route game, the stages of a drawing turn, and the rules' numbers the
moves and the views share."""

MAX_UPGRADES = 4  # an Iconic Landmark's rating goes up at most 4 times

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
