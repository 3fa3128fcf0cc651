"""The `tabletrip` command: list the games, play one in the terminal, replay a record.

    tabletrip games
    tabletrip play [GAME] [--players N] [--seat K ... | --watch] [--bot NAME ...] [--seed S]
                   [--option key=value ...] [--record FILE]
    tabletrip replay FILE [--step]

The CLI uses only the public game contract, so every registered game plugs in. Every
TabletripError a command raises is printed in one place (`_Group.invoke` in application.py)
as one line, `error: <message>`, on stderr with exit code 2.
"""

from tabletrip.cli.application import app, main

__all__ = ["app", "main"]
