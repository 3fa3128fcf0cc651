"""`python -m tabletrip`: the same as the `tabletrip` command."""

from tabletrip.cli import main

if __name__ == "__main__":
    main()
