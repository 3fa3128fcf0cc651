"""The `tabletrip` command: play in the terminal, replay, simulate and report on balance.

    tabletrip games
    tabletrip play [GAME] [--players N] [--seat K ... | --watch] [--bot NAME ...] [--seed S]
                   [--option key=value ...] [--record FILE]
    tabletrip replay FILE [--step] | FILE.sqlite --game K [--run R]
    tabletrip sim GAME --games N [--players P] [--bot NAME ...] [--option k=v ...] [--seed S]
                  [--workers W] [--out FILE.sqlite] [--backend local|ray] [--ray-address A]
    tabletrip report FILE.sqlite [--html FILE] [--png DIR]

The CLI uses only the public game contract, so every registered game plugs in. Every
TabletripError a command raises is printed in one place (`_Group.invoke` in application.py)
as one line, `error: <message>`, on stderr with exit code 2.
"""

from tabletrip.cli.application import app, main

__all__ = ["app", "main"]
