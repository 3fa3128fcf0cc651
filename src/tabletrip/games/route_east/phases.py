"""Route East's numbers, phases and statuses, shared by the rules, the checks and the bots."""

HAND_LIMIT = 5
PLAYS_PER_TURN = 2
TOLL_PRICE = 25
BANKRUPT_GRANT = 100
EMBASSY_ROLL_TURNS = 2  # turns spent rolling for a 6 before leaving on the third
SEA_ROLL_TURNS = 2  # turns spent rolling on the boat before landing on the third
ROUND_LIMIT = 150  # a seat's turns before the game stops with no winner (RULES_NOTES.md)
EVENT_LOG = 24

START, CROSS, MOVES, TARGET, RESPOND, DISCARD, EMBASSY = range(7)
PHASE_NAMES = ("start", "cross", "moves", "target", "respond", "discard", "embassy")
AFTER_IGNITION = -1  # resume marker: accommodation is still to pay, then the moves
AFTER_TRAIN = -2  # resume marker: the Freight Train ended the turn

# A seat's status between and during turns.
FREE, SENT, STUCK, AT_SEA = range(4)
STATUS_NAMES = ("free", "sent_to_embassy", "stuck_at_embassy", "at_sea")

NO_CARD, IGNITION_CARD, BORDER_CARD = range(3)
FREE_PLAY_KINDS = frozenset(
    {"steal_money", "steal_fuel", "send_embassy", "moves", "fuel", "collect"}
)
