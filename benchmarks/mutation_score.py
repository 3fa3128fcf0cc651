"""The kill rate of a mutation run (`make mutate`), from mutmut's exported counts.

    python benchmarks/mutation_score.py mutants/mutmut-cicd-stats.json

A mutant is killed when a test fails on it (a timeout counts as killed: the mutant hung the
tests); one that survives is a change to a scoring rule no test notices. Mutants of lines no
selected test runs are counted apart. Not a benchmark itself (`run.py` runs only `bench_*.py`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def summary(stats: dict[str, int]) -> str:
    """The kill rate over the mutants some test runs, and the counts behind it."""
    killed = stats.get("killed", 0) + stats.get("timeout", 0)
    survived = stats.get("survived", 0) + stats.get("suspicious", 0)
    tested = killed + survived
    rate = 100 * killed / tested if tested else 0.0
    return (
        f"mutation kill rate: {rate:.1f}% ({killed} of {tested} mutants that tests run; "
        f"{survived} survived, {stats.get('no_tests', 0)} on lines no selected test runs, "
        f"{stats.get('total', 0)} in all)"
    )


def main(argv: list[str]) -> int:
    """Print the summary of the stats file named on the command line."""
    if len(argv) != 1:
        print("usage: mutation_score.py mutants/mutmut-cicd-stats.json", file=sys.stderr)
        return 2
    path = Path(argv[0])
    try:
        stats = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"{path}: not mutmut's exported stats ({exc})", file=sys.stderr)
        return 2
    print(summary(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
