"""core.labels: text widths, boxes, and the labeller every board picture places names with."""

from __future__ import annotations

import pytest

from tabletrip.core.labels import Labeller, around, chars_in, contains, overlaps, text_width


def test_text_width_grows_with_the_text_the_size_and_bold() -> None:
    assert text_width("", 10) == 0
    assert text_width("Paris", 10) < text_width("Paris!", 10)
    assert text_width("Paris", 10) < text_width("Paris", 12)
    assert text_width("Paris", 10) < text_width("Paris", 10, bold=True)
    assert text_width("Paris", 10, spacing=1.0) == pytest.approx(text_width("Paris", 10) + 5)


def test_chars_in_is_the_inverse_of_text_width() -> None:
    for n in (1, 7, 30):
        width = text_width("x" * n, 9, bold=True)
        assert chars_in(width + 0.01, 9, bold=True) == n


def test_boxes_overlap_only_when_they_share_area() -> None:
    a = (0.0, 0.0, 10.0, 10.0)
    assert overlaps(a, (5.0, 5.0, 15.0, 15.0))
    assert overlaps(a, (2.0, 2.0, 3.0, 3.0))
    assert not overlaps(a, (10.0, 0.0, 20.0, 10.0))  # touching edges
    assert not overlaps(a, (0.0, 11.0, 10.0, 20.0))


def test_contains_counts_the_pad_round_the_box() -> None:
    box = (0.0, 0.0, 10.0, 10.0)
    assert contains(box, 10.0, 5.0)
    assert not contains(box, 11.0, 5.0)
    assert contains(box, 11.0, 5.0, pad=1.0)


def test_around_offers_eight_spots_below_first_each_dearer() -> None:
    spots = around(50.0, 50.0, 20.0, 6.0, 4.0)
    assert len(spots) == 8
    assert spots[0][0] == (40.0, 54.0, 60.0, 60.0)  # centred below the point
    assert [cost for _, cost in spots] == sorted(cost for _, cost in spots)
    assert all(not contains(box, 50.0, 50.0) for box, _ in spots)


def test_the_labeller_takes_the_box_that_covers_least() -> None:
    labeller = Labeller([(50.0, 57.0)])  # an obstacle just below the point
    box = labeller.place(around(50.0, 50.0, 20.0, 6.0, 4.0))
    assert box == (40.0, 40.0, 60.0, 46.0)  # above, the second choice
    assert labeller.placed == [box]


def test_the_labeller_keeps_labels_apart() -> None:
    labeller = Labeller([])
    first = labeller.place(around(50.0, 50.0, 20.0, 6.0, 4.0))
    second = labeller.place(around(50.0, 50.0, 20.0, 6.0, 4.0))
    assert not overlaps(first, second)


def test_a_fork_adds_obstacles_without_changing_the_original() -> None:
    labeller = Labeller([(0.0, 0.0)])
    fork = labeller.fork([(100.0, 100.0)])
    whole = (-1.0, -1.0, 101.0, 101.0)
    assert (labeller.covered(whole), fork.covered(whole)) == (1, 2)
    fork.place([(whole, 0.0)])
    assert labeller.placed == []


def test_a_label_without_candidates_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one candidate"):
        Labeller([]).place([])
