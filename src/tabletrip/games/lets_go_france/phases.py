"""Let's Go! To France's phases, shared by the rules, the legal moves, determinize, the help
and the bots (none of which then imports the rules for them).

PLAN: the 14 rounds of choosing and placing cards (a seat's choice hidden until the round's
plays are revealed); TRIP: the trip, scored day by day from Monday; OVER: the game has ended.
"""

PLAN, TRIP, OVER = range(3)
PHASE_NAMES = ("plan", "trip", "over")
