"""Two runs side by side: `tabletrip report FILE --compare A B`.

What changed between the runs (set-up and content, the content read from the database) and
what it did: every metric of both runs (the generic ones of `run_metrics` and the game's own,
`ComparableAnalysis.metrics`) paired by group and label, with the difference B minus A, its
95% interval and a test (`difference`), adjusted for the number of metrics compared.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletrip.core.analysis import Section, Table, analysis_for
from tabletrip.core.analysis_metrics import ComparableAnalysis, Metric, RateMetric
from tabletrip.core.content_diff import Change, diff_content
from tabletrip.core.errors import TabletripError
from tabletrip.report.cells import number
from tabletrip.report.difference import (
    ALPHA,
    Difference,
    benjamini_hochberg,
    mean_difference,
    rate_difference,
)
from tabletrip.report.errors import ReportError
from tabletrip.report.model import RunView
from tabletrip.report.run_metrics import generic_metrics
from tabletrip.report.source import load_runs, run_game

HEADLINE_DIFFERENCES = 5  # the largest differences the summary names
COLUMNS = ("A", "B", "B-A", "95% CI", "p", "differs")


@dataclass(frozen=True, slots=True)
class MetricRow:
    """One metric in both runs (None where a run lacks it), their difference and its
    Benjamini-Hochberg adjusted p-value (None: no test), adjusted within its family: the
    metrics about the changed entries, or every other metric."""

    group: str
    label: str
    a: Metric | None
    b: Metric | None
    difference: Difference | None
    q: float | None
    about_change: bool = False  # the metric names an entry the content change touched

    @property
    def differs(self) -> bool:
        """Whether the difference holds at the comparison's 5% false discovery rate."""
        return self.q is not None and self.q < ALPHA


@dataclass(frozen=True, slots=True)
class Comparison:
    """Run A against run B: what changed, every metric row, and the sections to show."""

    source: str
    made: str
    a: RunView
    b: RunView
    rows: tuple[MetricRow, ...]
    sections: tuple[Section, ...]
    notes: tuple[str, ...] = ()

    def row(self, group: str, label: str) -> MetricRow:
        """The row of one metric; KeyError if neither run has it."""
        for row in self.rows:
            if (row.group, row.label) == (group, label):
                return row
        raise KeyError((group, label))


def compare_runs(path: str | Path, first: int, second: int) -> Comparison:
    """Run `first` (A) against run `second` (B) of a simulation database.

    ReportError in one line if a run id is not in the file (naming those that are), the two
    are the same run, or they are runs of different games.
    """
    runs, _ = load_runs(path)
    by_id = {run.id: run for run in runs}
    for run_id in (first, second):
        if run_id not in by_id:
            known = ", ".join(str(r) for r in sorted(by_id))
            raise ReportError(
                f"run {run_id} is not a run with finished games in {str(path)!r}: "
                f"its runs are {known}"
            )
    if first == second:
        raise ReportError(f"--compare needs two different runs, not run {first} twice")
    a, b = by_id[first], by_id[second]
    if a.game != b.game:
        raise ReportError(
            f"run {a.id} is {a.game} and run {b.id} is {b.game}: compare two runs of one game"
        )
    content_a, content_b = a.content_data, b.content_data
    changes = None
    if content_a is not None and content_b is not None:
        changes = diff_content(_files(content_a), _files(content_b))
    notes: list[str] = []
    metrics_a = _metrics(a, notes)
    metrics_b = _metrics(b, notes)
    changed = {name for change in changes or () for name in change.entries}
    rows = pair(metrics_a, metrics_b, changed)
    if a.players != b.players:
        notes.append(
            f"run {a.id} has {a.players} players and run {b.id} {b.players}: win rates have "
            "different parities, so their differences mix the player count with the rest"
        )
    focus = [row for row in rows if row.about_change]
    sections = (
        changes_section(a, b, changes),
        summary_section(a, b, rows),
        *([focus_section(focus)] if focus else []),
        *metric_sections(rows),
    )
    made = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return Comparison(str(path), made, a, b, rows, sections, tuple(notes))


def _metrics(run: RunView, notes: list[str]) -> list[Metric]:
    """The run's generic metrics and the game's own (a note if its game cannot be made)."""
    try:
        game = run_game(run)
    except TabletripError as exc:
        notes.append(f"run {run.id}: the {run.game} metrics are missing: {exc}")
        return generic_metrics(run.game, run.players, run.games)
    metrics = generic_metrics(run.game, run.players, run.games, game)
    analysis = analysis_for(run.game)
    if isinstance(analysis, ComparableAnalysis):
        metrics += analysis.metrics(run.games, game)
    return metrics


def pair(
    metrics_a: Sequence[Metric], metrics_b: Sequence[Metric], changed: Set[str] = frozenset()
) -> tuple[MetricRow, ...]:
    """Each metric of A and B by (group, label), A's order first, with adjusted p-values.

    A metric whose label names an entry in `changed` (`London-Edinburgh`, also as
    `London-Edinburgh (double)`) is about the change: those few are the questions the change
    asks, so they are adjusted among themselves; every other metric among the rest.
    """
    by_key_a = {(m.group, m.label): m for m in metrics_a}
    by_key_b = {(m.group, m.label): m for m in metrics_b}
    keys = list(by_key_a) + [key for key in by_key_b if key not in by_key_a]
    differences = [_difference(by_key_a.get(key), by_key_b.get(key)) for key in keys]
    p_of = [None if d is None else d.p for d in differences]
    about = [names_an_entry(label, changed) for _, label in keys]
    adjusted: list[float | None] = [None] * len(keys)
    for family in (True, False):
        members = [i for i, flag in enumerate(about) if flag == family]
        for i, q in zip(members, benjamini_hochberg([p_of[i] for i in members]), strict=True):
            adjusted[i] = q
    return tuple(
        MetricRow(group, label, by_key_a.get((group, label)), by_key_b.get((group, label)), d, q, f)
        for (group, label), d, q, f in zip(keys, differences, adjusted, about, strict=True)
    )


def names_an_entry(label: str, entries: Set[str]) -> bool:
    """Whether a metric's label is an entry's name, alone or followed by a qualifier."""
    return any(label == name or label.startswith(name + " ") for name in entries)


def _difference(a: Metric | None, b: Metric | None) -> Difference | None:
    if a is None or b is None:
        return None
    if isinstance(a, RateMetric) and isinstance(b, RateMetric):
        return rate_difference(a.hits, a.trials, b.hits, b.trials)
    if not isinstance(a, RateMetric) and not isinstance(b, RateMetric):
        return mean_difference(a.values, b.values)
    return None  # a game that changed a metric's kind between versions: nothing to test


# --- sections ---------------------------------------------------------------------------------


def changes_section(a: RunView, b: RunView, changes: Sequence[Change] | None) -> Section:
    """What differs between the runs' set-ups, and every change of their content (None: a
    run's content was not recorded)."""
    settings_a, settings_b = dict(a.settings()), dict(b.settings())
    setup_rows = tuple(
        (name, settings_a.get(name, "-"), settings_b.get(name, "-"))
        for name in dict.fromkeys([*settings_a, *settings_b])
        if name not in ("created", "content") and settings_a.get(name) != settings_b.get(name)
    )
    tables = []
    if setup_rows:
        tables.append(Table("Set-up", ("setting", f"run {a.id}", f"run {b.id}"), setup_rows))
    if changes is None:
        unknown = " and ".join(str(r.id) for r in (a, b) if r.content_hash is None)
        summary = (
            f"The content of run {unknown or a.id} was not recorded (stored before tabletrip "
            "kept content), so the content changes cannot be listed."
        )
    elif not changes:
        summary = f"Both runs played the same content ({a.content})."
    else:
        summary = (
            f"Run {a.id}: {a.content}. Run {b.id}: {b.content}. "
            f"{len(changes)} content change{'s' * (len(changes) != 1)} from A to B."
        )
        rows = tuple((c.file, c.place, c.before, c.after) for c in changes)
        tables.append(
            Table("Content changes", ("file", "entry", f"run {a.id}", f"run {b.id}"), rows)
        )
    if not setup_rows:
        summary += " The set-ups are the same otherwise."
    return Section(f"What changed from run {a.id} to run {b.id}", summary, tuple(tables))


def _files(content: dict[str, Any]) -> dict[str, Any]:
    return {f["name"]: f["data"] for f in content["files"]}


def summary_section(a: RunView, b: RunView, rows: Sequence[MetricRow]) -> Section:
    """How many metrics differ, naming the largest differences."""
    tested = [row for row in rows if row.q is not None]
    differing = sorted((r for r in rows if r.differs), key=_strength)
    about = [row for row in tested if row.about_change]
    summary = (
        f"{len(differing)} of {len(tested)} metrics differ between run {a.id} "
        f"({len(a.games)} games) and run {b.id} ({len(b.games)} games) at a 5% false "
        "discovery rate (Benjamini-Hochberg"
    )
    if about:
        summary += (
            f", among the {len(about)} metrics about the changed entries and separately "
            "among the others)."
        )
    else:
        summary += " over every metric compared)."
    if differing:
        named = "; ".join(
            f"{row.group}: {row.label} {_change(row)}" for row in differing[:HEADLINE_DIFFERENCES]
        )
        summary += f" Clearest: {named}."
    else:
        summary += " No difference is clear: more games a run narrow the intervals."
    return Section("Differences at a glance", summary)


def focus_section(rows: Sequence[MetricRow]) -> Section:
    """The metrics about the entries the content change touched, in one table."""
    table = Table(
        "Metrics of the changed entries",
        ("entry", "metric", *COLUMNS),
        tuple((r.label, r.group, *_cells(r)) for r in sorted(rows, key=_strength)),
        _note(rates=True, means=True),
    )
    flagged = sum(1 for row in rows if row.differs)
    summary = (
        f"{flagged} of {len(rows)} metrics that name a changed entry differ: the direct "
        "answers to the change (the others follow, by group)."
    )
    return Section("Compared: the changed entries", summary, (table,))


def metric_sections(rows: Sequence[MetricRow]) -> list[Section]:
    """One section per metric group: each metric in A and B, the change and its interval."""
    groups: dict[str, list[MetricRow]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    sections = []
    for group, members in groups.items():
        rates = any(isinstance(r.a or r.b, RateMetric) for r in members)
        means = not all(isinstance(r.a or r.b, RateMetric) for r in members)
        table = Table(
            group,
            ("metric", *COLUMNS),
            tuple((row.label, *_cells(row)) for row in sorted(members, key=_strength)),
            _note(rates, means),
        )
        flagged = sum(1 for row in members if row.differs)
        summary = f"{flagged} of {len(members)} differ ({_counts(members)}); clearest first."
        sections.append(Section(f"Compared: {group}", summary, (table,)))
    return sections


def _counts(rows: Sequence[MetricRow]) -> str:
    """`n = 200 games in A, 200 in B` when every metric counts alike, else `n in each cell`."""
    sizes = {(_size(row.a), _size(row.b)) for row in rows}
    if len(sizes) != 1:
        return "n in each cell"
    n_a, n_b = sizes.pop()
    return f"n = {n_a} in run A, {n_b} in run B"


def _size(metric: Metric | None) -> int:
    if metric is None:
        return 0
    return metric.trials if isinstance(metric, RateMetric) else len(metric.values)


def _strength(row: MetricRow) -> tuple[float, float]:
    """Sort key: the smallest adjusted p first, then the largest change."""
    q = 2.0 if row.q is None else row.q
    return q, -abs(row.difference.change) if row.difference else 0.0


def _cells(row: MetricRow) -> tuple[str, ...]:
    d = row.difference
    rate = isinstance(row.a or row.b, RateMetric)
    return (
        _value(row.a),
        _value(row.b),
        _signed(d.change, rate) if d else "-",
        f"({_signed(d.low, rate)}, {_signed(d.high, rate)})" if d else "-",
        _p(d.p if d else None),
        "yes" if row.differs else "no",
    )


def _value(metric: Metric | None) -> str:
    if metric is None:
        return "-"
    if isinstance(metric, RateMetric):
        return f"{100 * metric.hits / metric.trials:.1f}%" if metric.trials else "-"
    return number(sum(metric.values) / len(metric.values)) if metric.values else "-"


def _change(row: MetricRow) -> str:
    if row.difference is None:
        return "-"
    rate = isinstance(row.a, RateMetric)
    return _signed(row.difference.change, rate) + " pts" * rate


def _signed(value: float, rate: bool) -> str:
    return f"{100 * value:+.1f}" if rate else f"{value:+.2f}"


def _p(p: float | None) -> str:
    if p is None:
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _note(rates: bool, means: bool) -> str:
    parts = []
    if rates:
        parts.append(
            "Rates in %, their change in percentage points: Newcombe 95% interval, "
            "two-proportion z-test."
        )
    if means:
        parts.append("Means: Welch 95% interval and t-test.")
    parts.append(
        "p is each metric's own; `differs` holds at a 5% false discovery rate over the "
        "metrics compared."
    )
    return " ".join(parts)
