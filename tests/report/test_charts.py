"""Every chart kind draws to a PNG (tabletrip.report.charts)."""

from __future__ import annotations

import gc
import io
import typing

import pytest
from matplotlib import image
from matplotlib.figure import Figure

from tabletrip.core.analysis import Chart, ChartKind, Series
from tabletrip.report.charts import MAX_CATEGORIES, _draw, render_png

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
KINDS: tuple[ChartKind, ...] = typing.get_args(ChartKind)


def chart(kind: ChartKind, series: int = 2, points: int = 6) -> Chart:
    if kind == "network":
        return network(points)
    numeric = kind in ("line", "scatter")
    return Chart(
        f"A {kind} chart",
        kind,
        "x axis",
        "y axis",
        tuple(
            Series(
                f"series {s}",
                tuple(i if numeric else f"label {i}" for i in range(points))
                if kind != "hist"
                else (),
                tuple(float((i * 7 + s * 3) % 11) for i in range(points)),
            )
            for s in range(series)
        ),
        note="a note under the title",
    )


def network(points: int) -> Chart:
    """A ring of `points` places, each joined to the next, coloured by a value."""
    ring = [(float(i % 3), float(i // 3)) for i in range(points)]
    segments = tuple((ring[i], ring[(i + 1) % points]) for i in range(points))
    return Chart(
        "A network chart",
        "network",
        "x axis",
        "share",
        (
            Series("share", segments, tuple(float(i * 10) for i in range(points))),
            Series(
                "places", tuple((*p, f"place {i}") for i, p in enumerate(ring)), (0.0,) * points
            ),
        ),
        note="a note under the title",
    )


def test_a_network_skips_what_is_not_a_segment_or_a_place() -> None:
    odd = Chart(
        "Odd network",
        "network",
        "x",
        "share",
        (
            Series("share", (((0, 0), (1, 1)), "not a segment", ((0, 0), (1,))), (1.0, 2.0, 3.0)),
            Series("places", ((0, 0, "a"), (float("nan"), 1, "b"), "c"), ()),
        ),
    )
    assert render_png(odd).startswith(PNG_SIGNATURE)
    nothing = Chart("None", "network", "x", "y", (Series("s", ("x",), (1.0,)),))
    assert render_png(nothing).startswith(PNG_SIGNATURE)


def pixels(png: bytes) -> tuple[int, int]:
    array = image.imread(io.BytesIO(png), format="png")
    return array.shape[1], array.shape[0]


def test_the_kinds_are_the_contract_s() -> None:
    assert set(KINDS) == {"bar", "hbar", "stacked", "line", "scatter", "hist", "network"}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("series", [1, 3])
def test_every_kind_renders_a_png(kind: ChartKind, series: int) -> None:
    png = render_png(chart(kind, series))
    assert png.startswith(PNG_SIGNATURE) and len(png) > 5000
    width, height = pixels(png)
    assert width == 800 and height >= 450


@pytest.mark.parametrize("kind", KINDS)
def test_a_chart_without_data_still_renders(kind: ChartKind) -> None:
    assert render_png(Chart("Empty", kind, "x", "y", ())).startswith(PNG_SIGNATURE)
    assert render_png(Chart("Empty", kind, "x", "y", (Series("s", (), ()),))).startswith(
        PNG_SIGNATURE
    )


def test_odd_values_do_not_break_a_chart() -> None:
    nan = float("nan")
    assert render_png(
        Chart("Odd", "scatter", "x", "y", (Series("s", (1, "two", 3), (nan, 2.0, float("inf"))),))
    ).startswith(PNG_SIGNATURE)
    assert render_png(
        Chart("Odd", "hist", "x", "y", (Series("s", (), (nan, 1.0, 1.0)),))
    ).startswith(PNG_SIGNATURE)
    assert render_png(
        Chart("Short", "bar", "x", "y", (Series("s", ("a", "b", "c"), (1.0,)),))
    ).startswith(PNG_SIGNATURE)


def test_many_categories_keep_the_largest_and_say_so() -> None:
    labels = tuple(f"route {i}" for i in range(100))
    many = Chart(
        "Routes", "hbar", "route", "claims", (Series("claims", labels, tuple(range(100))),)
    )
    figure = Figure()
    axes = figure.add_subplot()
    title = _draw(axes, many)
    shown = [tick.get_text() for tick in axes.get_yticklabels()]
    assert title == f"Routes (largest {MAX_CATEGORIES} of 100)"
    assert shown[0] == "route 99" and len(shown) == MAX_CATEGORIES
    _, height = pixels(render_png(many))
    assert height > 450  # taller so every label is readable


def test_a_marked_chart_draws_intervals_and_the_reference_line() -> None:
    marked = Chart(
        "Win rate by seat",
        "bar",
        "seat",
        "win rate (%)",
        (Series("win rate", ("seat 0", "seat 1"), (60.0, 40.0)),),
        reference=50.0,
        reference_label="parity 50%",
        intervals=(((45.0, 73.0), (27.0, 55.0)),),
    )
    figure = Figure()
    axes = figure.add_subplot()
    _draw(axes, marked)
    assert [line.get_label() for line in axes.get_lines()][-1] == "parity 50%"
    assert axes.containers and len(figure.legends) == 1  # below the axes, clear of whiskers
    assert render_png(marked).startswith(PNG_SIGNATURE)


def test_drawing_many_charts_leaves_no_figure_behind() -> None:
    from matplotlib import pyplot

    def figures() -> int:
        gc.collect()
        return sum(isinstance(o, Figure) for o in gc.get_objects())

    before, open_before = figures(), len(pyplot.get_fignums())
    for kind in KINDS:
        render_png(chart(kind))
    assert figures() == before
    assert len(pyplot.get_fignums()) == open_before
