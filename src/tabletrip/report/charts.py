"""Draw a report `Chart` as PNG bytes with matplotlib's Agg canvas (no display, no pyplot).

Every figure is made with `Figure` and an explicit `FigureCanvasAgg`, never through pyplot,
so nothing is registered globally and nothing stays open after a chart is drawn. Bar and
stacked charts keep their categories in the given order; more than `MAX_CATEGORIES` keeps
the largest ones (sorted, and the title says so); many or long categories are drawn as
horizontal bars so their labels stay readable.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from tabletrip.core.analysis import Chart, Series

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType  # matplotlib 3.9 on; only for the type

MAX_CATEGORIES = 40  # more bars than this are not readable: keep the largest
MAX_UPRIGHT = 12  # more categories than this (or long labels) are drawn as horizontal bars
MAX_BINS = 40
LEGEND_INSIDE = 5  # more series than this get their legend beside the axes
WIDTH, HEIGHT, DPI = 8.0, 4.5, 100

STYLE: dict[RcKeyType, Any] = {
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.axisbelow": True,
    "font.size": 10,
    "axes.titlesize": 9,
    "axes.titlecolor": "#555555",
    "figure.titlesize": 13,
    "legend.fontsize": 9,
    "legend.framealpha": 0.8,
}


def render_png(chart: Chart) -> bytes:
    """The chart drawn as a PNG image (bytes)."""
    with rc_context(STYLE):
        figure = Figure(figsize=(WIDTH, _height(chart)), dpi=DPI, layout="constrained")
        canvas = FigureCanvasAgg(figure)
        try:
            axes = figure.add_subplot()
            title = _draw(axes, chart)
            figure.suptitle(title)
            if chart.note:
                axes.set_title(chart.note)
            buffer = io.BytesIO()
            canvas.print_png(buffer)
            return buffer.getvalue()
        finally:
            figure.clear()


def _height(chart: Chart) -> float:
    if chart.kind in ("bar", "hbar", "stacked") and _horizontal(chart):
        shown = min(len(_categories(chart.series)), MAX_CATEGORIES)
        return max(
            HEIGHT,
            1.6 + 0.28 * shown * (1 if chart.kind == "stacked" else len(chart.series) ** 0.5),
        )
    return HEIGHT


def _draw(axes: Axes, chart: Chart) -> str:
    """Draw the chart on the axes; returns the figure title (saying when bars were left out)."""
    series = [s for s in chart.series if s.y]
    if not series:
        axes.text(0.5, 0.5, "no data", ha="center", va="center", transform=axes.transAxes)
        axes.set_axis_off()
        return chart.title
    title = chart.title
    if chart.kind == "network":  # its labelled places are a series without values
        _network(axes, chart, chart.series)
        return title
    if chart.kind in ("bar", "hbar", "stacked"):
        title = _bars(axes, chart, series)
    elif chart.kind == "hist":
        _hist(axes, chart, series)
    else:
        _points(axes, chart, series)
    _legend(axes, chart, len(series))
    return title


def _legend(axes: Axes, chart: Chart, count: int) -> None:
    """A legend when there is more than one series or a reference line.

    Stacked series are listed top first, as they are drawn; many series, or a reference line
    with whiskers that reach into every corner, put the legend outside the axes.
    """
    if count < 2 and _reference(chart) is None:
        return
    handles, labels = axes.get_legend_handles_labels()
    if chart.kind == "stacked":
        handles, labels = handles[::-1], labels[::-1]
    if _reference(chart) is not None:
        axes.figure.legend(handles, labels, loc="outside lower center", ncols=len(labels))
    elif count > LEGEND_INSIDE:
        axes.figure.legend(handles, labels, loc="outside right upper")
    else:
        axes.legend(handles, labels, loc="best")


def _reference(chart: Chart) -> float | None:
    return chart.reference


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    return _is_number(value) and math.isfinite(value)


def _categories(series: Sequence[Series]) -> list[str]:
    seen: dict[str, None] = {}
    for s in series:
        for x in s.x:
            seen.setdefault(str(x), None)
    return list(seen)


def _horizontal(chart: Chart) -> bool:
    labels = _categories(chart.series)
    long = max((len(label) for label in labels), default=0) > 10 and len(labels) > 4
    return chart.kind == "hbar" or len(labels) > MAX_UPRIGHT or long


def _bars(axes: Axes, chart: Chart, series: Sequence[Series]) -> str:
    """Grouped (`bar`, `hbar`) or stacked bars with optional intervals and a reference line."""
    labels = _categories(series)
    table = [
        {str(x): (float(y) if _finite(y) else 0.0) for x, y in zip(s.x, s.y, strict=False)}
        for s in series
    ]
    intervals = [
        {str(x): pair for x, pair in zip(s.x, pairs, strict=False)}
        for s, pairs in zip(chart.series, chart.intervals, strict=False)
        if s.y
    ]
    title = chart.title
    if len(labels) > MAX_CATEGORIES:
        total = {label: sum(abs(row.get(label, 0.0)) for row in table) for label in labels}
        title = f"{chart.title} (largest {MAX_CATEGORIES} of {len(labels)})"
        labels = sorted(labels, key=lambda label: -total[label])[:MAX_CATEGORIES]
    horizontal = _horizontal(chart)
    positions = np.arange(len(labels))
    stacked = chart.kind == "stacked"
    width = 0.8 if stacked else 0.8 / len(series)
    base = np.zeros(len(labels))
    for index, (s, row) in enumerate(zip(series, table, strict=True)):
        values = np.array([row.get(label, 0.0) for label in labels])
        offset = 0.0 if stacked else (index - (len(series) - 1) / 2) * width
        error = None
        if index < len(intervals):
            pairs = [
                intervals[index].get(label, (v, v)) for label, v in zip(labels, values, strict=True)
            ]
            error = np.array(
                [
                    [v - lo for v, (lo, _) in zip(values, pairs, strict=True)],
                    [hi - v for v, (_, hi) in zip(values, pairs, strict=True)],
                ]
            ).clip(0)
        draw = axes.barh if horizontal else axes.bar
        extra: dict[str, Any] = {"left" if horizontal else "bottom": base.copy()} if stacked else {}
        if error is not None:
            extra["xerr" if horizontal else "yerr"] = error
            extra["capsize"] = 4
            extra["error_kw"] = {"elinewidth": 1.2, "ecolor": "#333333"}
        draw(positions + offset, values, width, label=s.label, **extra)
        if stacked:
            base = base + values
    if len(labels) <= 3:  # few bars: keep them from filling the whole width
        (axes.set_ylim if horizontal else axes.set_xlim)(-1, len(labels))
    reference = _reference(chart)
    label = chart.reference_label
    if horizontal:
        axes.set_yticks(positions, labels)
        axes.margins(y=0.01)
        axes.invert_yaxis()  # the first category on top
        axes.set_xlabel(chart.y_label)
        axes.set_ylabel(chart.x_label)
        axes.grid(axis="y", visible=False)
        if reference is not None:
            axes.axvline(reference, color="#c0392b", linestyle="--", linewidth=1.2, label=label)
    else:
        axes.set_xticks(positions, labels)
        if sum(len(label) + 3 for label in labels) > 70:  # labels would overlap: slant them
            axes.tick_params(axis="x", labelrotation=30)
            for tick in axes.get_xticklabels():
                tick.set_horizontalalignment("right")
        axes.set_xlabel(chart.x_label)
        axes.set_ylabel(chart.y_label)
        axes.grid(axis="x", visible=False)
        if reference is not None:
            axes.axhline(reference, color="#c0392b", linestyle="--", linewidth=1.2, label=label)
    return title


def _bins(values: np.ndarray) -> np.ndarray:
    """Shared bin edges: numpy's `auto` choice, whole-number wide for whole-number data."""
    low, high = float(values.min()), float(values.max())
    if low == high:
        return np.array([low - 0.5, high + 0.5])
    edges = np.histogram_bin_edges(values, bins="auto")
    if len(edges) - 1 > MAX_BINS:
        edges = np.linspace(low, high, MAX_BINS + 1)
    if np.all(values == np.round(values)):
        width = max(1.0, float(np.ceil(edges[1] - edges[0])))
        edges = np.arange(low - 0.5, high + width, width)
    return edges


def _hist(axes: Axes, chart: Chart, series: Sequence[Series]) -> None:
    """Overlaid distributions of each series' y values on shared bins."""
    data = [np.array([float(y) for y in s.y if _finite(y)]) for s in series]
    everything = np.concatenate(data) if data else np.array([])
    if everything.size == 0:
        axes.text(0.5, 0.5, "no data", ha="center", va="center", transform=axes.transAxes)
        return
    bins = _bins(everything).tolist()
    many = len(series) > 1
    for s, values in zip(series, data, strict=True):
        if values.size == 0:
            continue
        _, _, patches = axes.hist(values, bins=bins, alpha=0.45 if many else 0.85, label=s.label)
        if many:
            # One data set gives a list of bar patches; matplotlib's types allow every case.
            colour = cast(Any, patches)[0].get_facecolor()
            axes.hist(values, bins=bins, histtype="step", color=colour[:3], linewidth=1.4)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts are whole numbers
    axes.set_xlabel(chart.x_label)
    axes.set_ylabel(chart.y_label)


def _network(axes: Axes, chart: Chart, series: Sequence[Series]) -> None:
    """A board as a heat map: segments coloured by value (a colour bar names the scale),
    labelled points drawn over them; equal scales on both axes, no ticks."""
    edges = series[0] if series else Series("", (), ())
    drawn = [
        (segment, float(value))
        for segment, value in zip(edges.x, edges.y, strict=False)
        if _segment(segment) and _finite(value)
    ]
    if not drawn:
        axes.text(0.5, 0.5, "no data", ha="center", va="center", transform=axes.transAxes)
        axes.set_axis_off()
        return
    values = np.asarray([value for _, value in drawn])
    lines = LineCollection([list(segment) for segment, _ in drawn], array=values)
    lines.set_cmap("YlOrRd")
    lines.set_linewidth(3.0)
    lines.set_clim(min(0.0, float(values.min())), max(float(values.max()), 1e-9))
    axes.add_collection(lines)
    axes.figure.colorbar(lines, ax=axes, label=chart.y_label, shrink=0.8)
    points = series[1].x if len(series) > 1 else ()
    for point in points:
        if isinstance(point, tuple | list) and len(point) == 3 and _segment(((0, 0), point[:2])):
            x, y, label = point
            axes.plot(x, y, "o", color="#333333", markersize=2.5)
            axes.annotate(
                str(label), (x, y), fontsize=5.5, xytext=(2, 2), textcoords="offset points"
            )
    axes.autoscale_view()
    axes.set_aspect("equal", adjustable="datalim")
    axes.set_axis_off()


def _segment(value: Any) -> bool:
    """Whether a value is a segment `((x1, y1), (x2, y2))` of finite numbers."""
    return (
        isinstance(value, tuple | list)
        and len(value) == 2
        and all(
            isinstance(end, tuple | list) and len(end) == 2 and all(_finite(c) for c in end)
            for end in value
        )
    )


def _points(axes: Axes, chart: Chart, series: Sequence[Series]) -> None:
    """`line` or `scatter`: y against numeric x (labels become evenly spaced ticks)."""
    numeric = all(_is_number(x) for s in series for x in s.x)
    labels = [] if numeric else _categories(series)
    for s in series:
        xs = [float(x) if numeric else labels.index(str(x)) for x in s.x]
        pairs = [(x, float(y)) for x, y in zip(xs, s.y, strict=False) if _finite(x) and _finite(y)]
        if not pairs:
            continue
        x, y = zip(*pairs, strict=True)
        if chart.kind == "line":
            axes.plot(x, y, marker="o" if len(x) <= 30 else None, markersize=4, label=s.label)
        else:
            alpha = 0.8 if len(x) <= 50 else max(0.15, 0.8 * math.sqrt(50 / len(x)))
            axes.scatter(x, y, s=18, alpha=alpha, label=s.label, edgecolors="none")
    if labels:
        axes.set_xticks(range(len(labels)), labels)
        if len(labels) > 6:
            axes.tick_params(axis="x", labelrotation=30)
    axes.set_xlabel(chart.x_label)
    axes.set_ylabel(chart.y_label)
