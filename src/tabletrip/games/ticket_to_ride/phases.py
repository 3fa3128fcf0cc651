"""Ticket to Ride's numbers and phases, shared by the rules, the observations, determinize,
the help and the bots (none of which then imports another for them).

Phases: SETUP (each seat in turn keeps at least 2 of 3 dealt tickets; others' choices stay
hidden until all have chosen), TURN, SECOND_DRAW (after a first train card), KEEP (after
drawing tickets).
"""

FACE_UP = 5  # train cards face up beside the deck
HAND_START = 4  # train cards dealt to each seat
END_TRIGGER_TRAINS = 2  # a seat left with this many trains or fewer starts the last round

SETUP, TURN, SECOND_DRAW, KEEP = range(4)
PHASE_NAMES = ("setup", "turn", "second_draw", "keep")

TICKETS_OFFERED = 3  # destination tickets dealt at setup, and drawn in a turn
KEEP_AT_SETUP = 2  # the fewest of them a seat keeps at setup
KEEP_IN_GAME = 1  # the fewest kept of a draw during the game
