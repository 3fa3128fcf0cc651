"""Run every benchmark in `benchmarks/bench_*.py` and print one table (`make bench`).

The protocol: a module `benchmarks/bench_<topic>.py` defines

    def benchmarks() -> list[tuple[str, Callable[[], tuple[float, str]]]]:

a list of (name, measure) pairs; `measure()` runs for about a second and returns the measured
number and its unit, such as `(1234.5, "games/s")`. Most measures are rates: build them with
`per_second(work, unit)`, where `work()` does a batch of operations and returns how many.

    python benchmarks/run.py            # everything
    python benchmarks/run.py deck rng   # only benchmarks whose name contains a given word
"""

from __future__ import annotations

import importlib.util
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
# Benchmark modules import `per_second` from here as `from run import per_second`.
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

Measure = Callable[[], tuple[float, str]]


def per_second(work: Callable[[], int], unit: str, seconds: float = 1.0) -> Measure:
    """A measure calling `work` (which returns how many operations it did) for ~`seconds`."""

    def measure() -> tuple[float, str]:
        work()  # warm up caches and lazy imports outside the timing
        done = 0
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < seconds:
            done += work()
            elapsed = time.perf_counter() - start
        return done / elapsed, unit

    return measure


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _value(number: float) -> str:
    return f"{number:,.0f}" if number >= 100 else f"{number:,.2f}"


def main(words: list[str]) -> int:
    """Run the benchmarks whose name contains one of `words` (all if none); 1 if any failed."""
    console = Console(highlight=False)
    table = Table(title="tabletrip benchmarks", title_justify="left")
    table.add_column("benchmark", style="bold")
    table.add_column("value", justify="right")
    table.add_column("unit")
    failed = False
    for path in sorted(HERE.glob("bench_*.py")):
        try:
            found: list[tuple[str, Measure]] = _load(path).benchmarks()
        except Exception as exc:
            failed = True
            traceback.print_exc()
            table.add_row(path.name, "failed", f"{type(exc).__name__}: {exc}", style="red")
            continue
        for name, measure in found:
            if words and not any(word.lower() in name.lower() for word in words):
                continue
            try:
                number, unit = measure()
            except Exception as exc:
                failed = True
                traceback.print_exc()
                table.add_row(name, "failed", f"{type(exc).__name__}: {exc}", style="red")
                continue
            table.add_row(name, _value(number), unit)
    console.print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
