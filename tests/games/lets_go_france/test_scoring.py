"""Let's Go! To France final-trip scoring: the rulebook's worked examples and clarifications,
on hand-made cards (so the examples hold whatever the deck file says)."""

from __future__ import annotations

import pytest

from tabletrip.games.lets_go_france.content import (
    ICONS,
    Activity,
    Formula,
    Highlight,
    load_player_board,
)
from tabletrip.games.lets_go_france.scoring import (
    PlacedCard,
    Trip,
    energy_move,
    experience_points,
)

ARCH, ART, FOOD, HIST, NATURE, SHOP = range(6)


def card(
    name: str,
    icons: tuple[int, ...] = (),
    points: int = 0,
    time: int = 1,
    highlight: Highlight | None = None,
) -> PlacedCard:
    """A hand-made Activity card in an itinerary."""
    activity = Activity(0, name, name, name, icons, points, time, "none", highlight or Highlight())
    return PlacedCard(activity)


def trip() -> Trip:
    """A fresh trip on the built-in player board."""
    board = load_player_board()
    return Trip(board.experience_points, board.energy_points, board.time_chart)


ARC = card(
    "Arc de Triomphe",
    (ARCH, HIST),
    2,
    2,
    Highlight(formula=Formula("days_with_different_icons", 6, count=4)),
)
MUSEUM = card("Museum of Arts and Crafts", (HIST,), 1, 2)
BAGUETTE = card("Baguette", (FOOD,), 1, 1, Highlight(points=6, icons=(FOOD, FOOD), time=1))


def test_icons_are_the_six_experiences() -> None:
    """Icons: Architecture, Art, Food, History, Nature, Shopping."""
    assert ICONS == ("architecture", "art", "food", "history", "nature", "shopping")


def test_camilles_monday_scores_10_points_and_energy_1() -> None:
    """Example: Monday Scoring: Architecture +1, History +2, Food +1 then +2 from Baguette's
    Highlight; 2 + 1 + 7 = 10 points; 6 time moves the energy tracker one right: 1 point."""
    t = trip()
    points = t.resolve_day([ARC, MUSEUM, BAGUETTE])
    assert t.steps[ARCH] == 1 and t.steps[HIST] == 2 and t.steps[FOOD] == 3
    assert points == 10
    assert t.days[0].time == 6
    assert t.energy == 1 and t.day_energy_points == [1]


def test_antoines_experience_track_scores_33() -> None:
    """Example: Experience Track Scoring: Shopping under 2 scores 0, History 1, Food 3,
    Architecture 6, Nature 10 (flipped), Art 13 (flipped, then 3 more): 33."""
    board = load_player_board()
    t = trip()
    t.steps = [8, 14, 5, 3, 10, 1]  # architecture, art, food, history, nature, shopping
    assert [experience_points(s, board.experience_points) for s in t.steps] == [6, 13, 3, 1, 10, 0]
    assert t.experience_total() == 33


def test_every_experience_space_scores_its_threshold_and_a_flip_scores_again() -> None:
    """Experience Track Scoring: a token scores the highest threshold it reached (2: 1, 4: 3,
    7: 6, 10: 10); one that flipped at 10 scores the 10 and, from 0 again, the thresholds it
    reaches after (Antoine's Art token: 10 + 3). The track ends at 10 however far it goes."""
    board = load_player_board()
    expected = {0: 0, 1: 0, 2: 1, 3: 1, 4: 3, 5: 3, 6: 3, 7: 6, 8: 6, 9: 6, 10: 10}
    expected |= {10 + n: 10 + points for n, points in expected.items()}
    expected |= {21: 20, 25: 20}
    scored = {s: experience_points(s, board.experience_points) for s in expected}
    assert scored == expected


def test_a_time_beyond_every_row_of_the_chart_moves_as_its_last_row() -> None:
    """Time -> Energy Tracker: a chart's last row covers every longer day, whether or not its
    most time is written as open-ended (own content may stop the chart at its last number)."""
    chart = [(6, 1), (8, 0), (10, -1)]
    assert [energy_move(t, chart) for t in (0, 6, 7, 8, 9, 10, 11, 30)] == [
        1,
        1,
        0,
        0,
        -1,
        -1,
        -1,
        -1,
    ]


def test_energy_stays_within_its_track() -> None:
    """Time -> Energy Tracker: beyond -3 or 3 the token stays where it is."""
    board = load_player_board()
    assert energy_move(6, board.time_chart) == 1
    t = trip()
    for _ in range(5):
        t.move_energy(1)
    assert t.energy == 3
    for _ in range(9):
        t.move_energy(-1)
    assert t.energy == -3


def test_a_highlight_counts_only_what_was_gained_so_far() -> None:
    """The Golden Rule, Walk Along the Seine: pairs of Shopping and Nature up to that day."""
    seine = card(
        "Walk Along the Seine", (SHOP,), 1, 1, Highlight(formula=Formula("sets", 2, (SHOP, NATURE)))
    )
    t = trip()
    t.resolve_day([card("Park", (NATURE, NATURE)), seine])  # shopping 1, nature 2: 1 pair
    assert t.day_points[-1] == 0 + 1 + 2
    t.resolve_day([card("Market", (SHOP, SHOP))])  # later icons never rescore Monday
    assert t.day_points[0] == 3


def test_sets_count_the_track() -> None:
    """Clarifications, Sets (Moulin Rouge): Art on 3 and Food on 2 make 2 sets."""
    t = trip()
    t.steps[ART], t.steps[FOOD] = 3, 2
    moulin = Highlight(formula=Formula("sets", 2, (ART, FOOD)))
    assert t.formula_points(moulin.formula, t._facts([], None)) == 4


def test_days_with_four_different_icons_count_highlight_icons() -> None:
    """Clarifications, Days with 4 Different Icons (Arc de Triomphe as the Highlight)."""
    t = trip()
    t.resolve_day([card("a", (ART, FOOD)), card("b", (NATURE,))])  # 3 icons: no
    t.resolve_day([card("c", (ART, FOOD)), card("d", (NATURE, SHOP))])  # 4 icons: yes
    points = t.resolve_day([card("e", (FOOD,)), ARC])  # food, architecture, history: no
    assert points == 0 + 2 + 6 * 1


def test_days_with_two_architecture_count_highlight_icons() -> None:
    """Clarifications, Days with Sets of Icons (Eiffel Tower): Highlight icons do count."""
    eiffel = card(
        "Eiffel Tower",
        (ARCH,),
        1,
        2,
        Highlight(icons=(ARCH,), formula=Formula("days_with_icon", 5, icon=ARCH, count=2)),
    )
    t = trip()
    t.resolve_day([card("a", (ARCH, ARCH))])
    assert t.resolve_day([eiffel]) == 1 + 5 * 2


def test_days_under_six_time_count_highlight_time() -> None:
    """Clarifications, Days with <6 Time (Musée Rodin): Highlight time counts."""
    rodin = card(
        "Musée Rodin",
        (ART,),
        1,
        2,
        Highlight(time=1, formula=Formula("days_under_time", 4, count=6)),
    )
    t = trip()
    t.resolve_day([card("a", time=3), card("b", time=3)])  # 6: not under
    t.resolve_day([card("c", time=2)])  # 2: under
    assert t.resolve_day([card("d", time=2), rodin]) == 1 + 4 * 2  # 2 + 3 = 5: under


def test_time_on_cards_that_gain_nature() -> None:
    """Clarifications, Time Spent (Canal Saint-Martin): time on cards with Nature, the
    Highlight's time and icons included."""
    canal = card(
        "Canal Saint-Martin",
        (),
        1,
        1,
        Highlight(
            icons=(NATURE,), time=1, formula=Formula("time_on_cards_with_icon", 1, icon=NATURE)
        ),
    )
    t = trip()
    t.resolve_day([card("a", (NATURE,), time=3), card("b", (ART,), time=2)])
    assert t.resolve_day([canal]) == 1 + 3 + 2


def test_icons_today_ignore_wild_tokens() -> None:
    """Clarifications, Number of Icons Today (Musée de l'Orangerie): 3 per Art today."""
    orangerie = card(
        "Musée de l'Orangerie", (ART,), 1, 1, Highlight(formula=Formula("icons_today", 3, icon=ART))
    )
    t = trip()
    t.wild = 2
    t.resolve_day([card("a", (ART,))])
    t.spend_wild(ART)
    assert t.resolve_day([card("b", (ART, FOOD)), orangerie]) == 1 + 3 * 2


def test_a_wild_token_is_spent_only_if_one_is_left() -> None:
    """Icons, Wild token: "A player can discard a Wild token at any time to move an Experience
    token of their choice 1 space forward"; with none left, nothing is spent and nothing moves."""
    t = trip()
    t.wild = 1
    t.spend_wild(ART)
    assert (t.wild, t.steps[ART]) == (0, 1)
    with pytest.raises(ValueError, match="no Wild token"):
        t.spend_wild(ART)
    assert (t.wild, t.steps[ART]) == (0, 1)


def test_three_time_cards_count_the_card_itself() -> None:
    """Clarifications, 3+ Time Cards (Musée Carnavalet): gain 1 time, then 4 per card."""
    carnavalet = card(
        "Musée Carnavalet",
        (HIST,),
        1,
        2,
        Highlight(time=1, formula=Formula("cards_with_time", 4, count=3)),
    )
    t = trip()
    t.resolve_day([card("a", time=3), card("b", time=1)])
    assert t.resolve_day([carnavalet]) == 1 + 4 * 2


def test_favourable_tokens_score_only_flipped_and_moved() -> None:
    """Clarifications, Favourable Condition Tokens (Palais de Tokyo)."""
    tokyo = card(
        "Palais de Tokyo", (ART,), 1, 1, Highlight(time=1, formula=Formula("favourable_tokens", 2))
    )
    t = trip()
    t.favourable_scored = 3
    assert t.resolve_day([tokyo]) == 1 + 2 * 3


def test_points_for_research_tokens_counts_the_two_gained() -> None:
    """Clarifications, Points for Tokens (Shakespeare and Company): gain 2, then 1 each."""
    shakespeare = card(
        "Shakespeare and Company",
        (SHOP,),
        1,
        1,
        Highlight(research=2, formula=Formula("research_tokens", 1)),
    )
    t = trip()
    t.research = 1
    assert t.resolve_day([shakespeare]) == 1 + 3
    assert t.research == 3  # not discarded


def test_lowest_icon_gains_three_then_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clarifications, Lowest Icon (Jardin du Luxembourg): gain your lowest three times, a tie
    chosen by the player, then 2 points per your lowest token."""
    luxembourg = card(
        "Jardin du Luxembourg",
        (NATURE,),
        1,
        1,
        Highlight(lowest_icon=3, formula=Formula("lowest_icon", 2)),
    )
    t = trip()
    t.steps = [2, 2, 1, 1, 2, 3]
    asked = []

    def choose(reason: str, candidates: object) -> int:
        asked.append((reason, list(candidates)))  # type: ignore[call-overload]
        return list(candidates)[-1]  # type: ignore[call-overload]

    points = t.resolve_day([luxembourg], choose)
    # nature +1 (top), then lowest: food/history tie -> history, then food, then a 4-way tie
    assert asked[0] == ("lowest_icon", [FOOD, HIST])
    assert min(t.steps) == 2
    assert points == 1 + 2 * 2


def test_explore_the_city_scores_one_and_five_as_highlight() -> None:
    """Explore the City: 1 point; 5 more as the Highlight of the Day."""
    t = trip()
    explore = PlacedCard(None)
    assert t.resolve_day([explore]) == 1 + 5
    assert t.resolve_day([explore, card("a", points=2)]) == 1 + 2
