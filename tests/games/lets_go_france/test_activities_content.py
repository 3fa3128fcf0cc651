"""Let's Go! To France Activity cards: the built-in deck against the rulebook's numbers, named
cards and worked examples, and broken activities files refused with a message naming the file
and the entry."""

from __future__ import annotations

import json
from collections import Counter
from importlib.resources import files
from typing import Any

import pytest

from tabletrip.core import ContentError, validate_content
from tabletrip.games.lets_go_france import content

NAME = "activities.json"


def raw() -> dict[str, Any]:
    """The built-in activities file as parsed JSON (a fresh copy to break)."""
    path = files("tabletrip.games.lets_go_france") / "data" / NAME
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def spec() -> content.ActivitiesSpec:
    return content.load_activities()


@pytest.fixture(scope="module")
def cards(spec: content.ActivitiesSpec) -> dict[str, content.ActivitySpec]:
    return {card.id: card for card in spec.activities}


def formula(card: content.ActivitySpec) -> content.FormulaSpec:
    assert card.highlight.formula is not None, card.id
    return card.highlight.formula


# --- Components --------------------------------------------------------------------------------


def test_124_activity_cards_with_unique_ids(spec: content.ActivitiesSpec) -> None:
    """Components: 124 Activity cards, each its own card."""
    ids = [card.id for card in spec.activities]
    assert len(ids) == 124
    assert len(set(ids)) == 124
    names = [card.name for card in spec.activities]
    texts = [card.text for card in spec.activities]
    assert len(set(names)) == 124
    assert len(set(texts)) == 124


def test_header_says_original_content(spec: content.ActivitiesSpec) -> None:
    """Components (CONTENT.md): the file says it is original content made for tabletrip."""
    assert "original content" in spec.header
    assert "tabletrip" in spec.header


def test_texts_are_one_sentence(spec: content.ActivitiesSpec) -> None:
    """Card Anatomy: C. Activity Name and Description, one sentence in our own words."""
    for card in spec.activities:
        assert card.text.endswith("."), card.id
        assert card.text[0].isupper(), card.id
        assert ". " not in card.text.removesuffix("."), card.id


def test_explore_the_city(spec: content.ActivitiesSpec) -> None:
    """Explore the City: 1 point, and 5 more if its Highlight of the Day is visible."""
    assert spec.explore_the_city == {"points": 1, "highlight_points": 5}


def test_index_form(spec: content.ActivitiesSpec) -> None:
    """Components: `activities_from_spec` gives the deck in index form, in file order."""
    deck = content.activities_from_spec(spec)
    assert len(deck) == 124
    assert [card.id for card in deck] == list(range(124))
    for card, source in zip(deck, spec.activities, strict=True):
        assert card.key == source.id
        assert [content.ICONS[i] for i in card.icons] == source.icons
        assert (card.points, card.time, card.bonus) == (source.points, source.time, source.bonus)
        assert [content.ICONS[i] for i in card.highlight.icons] == source.highlight.icons
        if source.highlight.formula is None:
            assert card.highlight.formula is None
        else:
            assert card.highlight.formula is not None
            assert card.highlight.formula.kind == source.highlight.formula.kind
    arc = deck[[card.key for card in deck].index("arc-de-triomphe")]
    assert arc.icons == (content.ICONS.index("architecture"), content.ICONS.index("history"))
    assert arc.highlight.formula == content.Formula("days_with_different_icons", 6, count=4)
    baguette = deck[[card.key for card in deck].index("baguette")]
    food = content.ICONS.index("food")
    assert baguette.highlight == content.Highlight(points=6, icons=(food, food), time=1)


def test_validating_the_parsed_file_gives_the_built_in_deck(spec: content.ActivitiesSpec) -> None:
    """Components: the same file validated again gives the same deck."""
    assert validate_content(raw(), content.ActivitiesSpec, NAME) == spec


# --- Card Anatomy --------------------------------------------------------------------------------


def test_points_and_time_in_range(spec: content.ActivitiesSpec) -> None:
    """Card Anatomy: B. Points 0-4, mostly 1-2; E. Time 1-4, a few cards take 4."""
    points = Counter(card.points for card in spec.activities)
    times = Counter(card.time for card in spec.activities)
    assert set(points) <= {0, 1, 2, 3, 4}
    assert points[1] + points[2] > 124 / 2
    assert set(times) == {1, 2, 3, 4}
    assert times[1] + times[2] + times[3] > 124 * 0.9
    assert 1.7 <= sum(card.time for card in spec.activities) / 124 <= 2.3


def test_longer_visits_pay_more_points(spec: content.ActivitiesSpec) -> None:
    """Card Anatomy: time must be spent to play a card, so long visits carry more points."""

    def mean_points(time: int) -> float:
        chosen = [card.points for card in spec.activities if card.time == time]
        return sum(chosen) / len(chosen)

    assert mean_points(1) < mean_points(2) < mean_points(3) <= mean_points(4)


def test_bonus_mix(spec: content.ActivitiesSpec) -> None:
    """Card Anatomy: D. Bonus (not all cards have one): 15 Research, 15 Travel, 5 double Travel."""
    bonuses = Counter(card.bonus for card in spec.activities)
    assert bonuses == {"none": 89, "research": 15, "travel": 15, "travel2": 5}


def test_every_card_has_a_highlight(spec: content.ActivitiesSpec) -> None:
    """Card Anatomy: F. every card has a Highlight of the Day that gains something."""
    for card in spec.activities:
        h = card.highlight
        gains = h.points + len(h.icons) + h.any_icon + h.lowest_icon + h.wild + h.research
        assert gains > 0 or h.energy > 0 or h.formula is not None, card.id


def test_formula_kinds_all_used(spec: content.ActivitiesSpec) -> None:
    """Card and Goal Tile Clarifications: every formula kind is on at least two cards."""
    kinds = Counter(
        card.highlight.formula.kind for card in spec.activities if card.highlight.formula
    )
    assert set(kinds) == set(content.FORMULA_KINDS)
    assert min(kinds.values()) >= 2
    assert 35 <= sum(kinds.values()) <= 45


def test_formula_values_are_sensible(spec: content.ActivitiesSpec) -> None:
    """Card and Goal Tile Clarifications: sets 2-3 points, days_* 3-6, icons today 2-3."""
    ranges = {
        "sets": (2, 3),
        "days_with_different_icons": (3, 6),
        "days_with_icon": (3, 6),
        "days_under_time": (3, 6),
        "icons_today": (2, 3),
        "cards_with_time": (3, 4),
        "time_on_cards_with_icon": (1, 1),
        "favourable_tokens": (2, 3),
        "research_tokens": (1, 2),
        "lowest_icon": (2, 3),
        "highest_icon": (1, 1),
    }
    for card in spec.activities:
        if card.highlight.formula is not None:
            low, high = ranges[card.highlight.formula.kind]
            assert low <= card.highlight.formula.points <= high, card.id


def test_plain_highlights_are_balanced(spec: content.ActivitiesSpec) -> None:
    """Card Anatomy: plain highlights give 2-6 points' worth; the strongest cost time or energy."""
    for card in spec.activities:
        h = card.highlight
        if h.formula is not None:
            continue
        worth = h.points + len(h.icons) + h.any_icon + h.lowest_icon + h.wild + h.research
        worth += 2 * h.energy
        assert 2 <= worth <= 8, card.id
        if worth >= 6:
            assert h.time > 0 or h.energy < 0, card.id


# --- Icons -----------------------------------------------------------------------------------


def test_icons_balanced(spec: content.ActivitiesSpec) -> None:
    """Icons: the six experience icons are on roughly equal numbers of cards."""
    on_cards = Counter(icon for card in spec.activities for icon in set(card.icons))
    assert set(on_cards) == set(content.ICONS)
    assert min(on_cards.values()) >= 15
    assert max(on_cards.values()) - min(on_cards.values()) <= 3


def test_icons_per_card(spec: content.ActivitiesSpec) -> None:
    """Icons: most cards show one icon, about 30% two (some doubled), a few none or three."""
    sizes = Counter(len(card.icons) for card in spec.activities)
    assert sizes[1] > 124 / 2
    assert 0.25 <= sizes[2] / 124 <= 0.4
    assert 1 <= sizes[0] <= 6
    assert 1 <= sizes[3] <= 6
    doubled = [card.id for card in spec.activities if len(set(card.icons)) < len(card.icons)]
    assert len(doubled) >= 5


# --- Example: Monday Scoring ---------------------------------------------------------------------


def test_camilles_monday(cards: dict[str, content.ActivitySpec]) -> None:
    """Example: Monday Scoring: Arc de Triomphe, Museum of Arts and Crafts, then Baguette as the
    Highlight of the Day: Architecture +1, History +2, Food +1+2; 10 points; exactly 6 time."""
    monday = [cards["arc-de-triomphe"], cards["museum-of-arts-and-crafts"], cards["baguette"]]
    highlight = monday[-1].highlight
    moves = Counter(icon for card in monday for icon in card.icons)
    assert moves == {"architecture": 1, "history": 2, "food": 1}
    assert highlight.icons == ["food", "food"]
    assert [card.points for card in monday] == [2, 1, 1]
    assert sum(card.points for card in monday) + highlight.points == 10
    assert [card.time for card in monday] == [2, 2, 1]
    assert sum(card.time for card in monday) + highlight.time == 6
    assert highlight == content.HighlightSpec(points=6, icons=["food", "food"], time=1)


def test_arc_de_triomphe(cards: dict[str, content.ActivitySpec]) -> None:
    """Example: Monday Scoring; Days with 4 Different Icons: 6 points per day with 4+ icons."""
    arc = cards["arc-de-triomphe"]
    assert arc.name == "Arc de Triomphe"
    assert (arc.icons, arc.points, arc.time) == (["architecture", "history"], 2, 2)
    assert formula(arc) == content.FormulaSpec(kind="days_with_different_icons", points=6, count=4)


def test_museum_of_arts_and_crafts(cards: dict[str, content.ActivitySpec]) -> None:
    """Example: Monday Scoring: the Musée des Arts et Métiers, History, 1 point, 2 time."""
    museum = cards["museum-of-arts-and-crafts"]
    assert museum.name == "Museum of Arts and Crafts"
    assert "Arts et Métiers" in museum.text
    assert (museum.icons, museum.points, museum.time) == (["history"], 1, 2)


# --- Example: Gaining Card/Favorable Condition Bonuses -----------------------------------------


def test_antoines_bonus_cards(cards: dict[str, content.ActivitySpec]) -> None:
    """Example: Gaining Card/Favorable Condition Bonuses: Château de Monte-Cristo gives a
    Research token, Musée des Arts Forains a Travel action; both show Art."""
    monte_cristo = cards["chateau-de-monte-cristo"]
    forains = cards["musee-des-arts-forains"]
    assert monte_cristo.name == "Château de Monte-Cristo"
    assert forains.name == "Musée des Arts Forains"
    assert monte_cristo.bonus == "research"
    assert forains.bonus == "travel"
    assert "art" in monte_cristo.icons
    assert "art" in forains.icons


# --- Card and Goal Tile Clarifications ------------------------------------------------------------

NAMED_FORMULAS = {
    # "Highlight of the Day" bonuses only score what is gained by then (see 3. Points).
    "walk-along-the-seine": (
        "Walk Along the Seine",
        {"kind": "sets", "points": 2, "icons": ["shopping", "nature"]},
    ),
    "moulin-rouge": ("Moulin Rouge", {"kind": "sets", "points": 2, "icons": ["art", "food"]}),
    "eiffel-tower": (
        "Eiffel Tower",
        {"kind": "days_with_icon", "points": 5, "icon": "architecture", "count": 2},
    ),
    "musee-rodin": ("Musée Rodin", {"kind": "days_under_time", "points": 4, "count": 6}),
    "canal-saint-martin": (
        "Canal Saint-Martin",
        {"kind": "time_on_cards_with_icon", "points": 1, "icon": "nature"},
    ),
    "musee-de-l-orangerie": (
        "Musée de l'Orangerie",
        {"kind": "icons_today", "points": 3, "icon": "art"},
    ),
    "musee-carnavalet": ("Musée Carnavalet", {"kind": "cards_with_time", "points": 4, "count": 3}),
    "palais-de-tokyo": ("Palais de Tokyo", {"kind": "favourable_tokens", "points": 2}),
    "shakespeare-and-company": (
        "Shakespeare and Company",
        {"kind": "research_tokens", "points": 1},
    ),
    "jardin-du-luxembourg": ("Jardin du Luxembourg", {"kind": "lowest_icon", "points": 2}),
}

NAMED_GAINS = {
    "musee-carnavalet": {"time": 1},
    "palais-de-tokyo": {"time": 1},
    "shakespeare-and-company": {"research": 2},
    "jardin-du-luxembourg": {"lowest_icon": 3},
}


@pytest.mark.parametrize("key", sorted(NAMED_FORMULAS))
def test_clarified_cards(cards: dict[str, content.ActivitySpec], key: str) -> None:
    """Card and Goal Tile Clarifications: each example card scores as its clarification says,
    with its gains before the score (Gain 1 Time, Gain 2 Research tokens, gain your lowest icon
    three times) and nothing else in its Highlight of the Day."""
    name, expected = NAMED_FORMULAS[key]
    card = cards[key]
    assert card.name == name
    assert formula(card) == content.FormulaSpec(**expected)
    gains = NAMED_GAINS.get(key, {})
    assert card.highlight == content.HighlightSpec(formula=formula(card), **gains)


def test_carnavalet_counts_itself(cards: dict[str, content.ActivitySpec]) -> None:
    """Card and Goal Tile Clarifications, 3+ Time Cards: "This card counts itself": its own time
    plus the 1 Time its highlight gains reaches 3."""
    carnavalet = cards["musee-carnavalet"]
    assert carnavalet.time + carnavalet.highlight.time >= formula(carnavalet).count


def test_sets_count_from_the_card_itself(cards: dict[str, content.ActivitySpec]) -> None:
    """3. Points: Walk Along the Seine counts the icons at the top of the card itself."""
    seine = cards["walk-along-the-seine"]
    assert set(seine.icons) & set(formula(seine).icons)


# --- Best Museums in Paris / Top 5 Parks and Gardens in Paris ---------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Musée d'Orsay",
        "Les Invalides",
        "Palais de Tokyo",
        "Musée Marmottan Monet",
        "Musée Rodin",
        "Musée de l'Orangerie",
    ],
)
def test_best_museums(spec: content.ActivitiesSpec, name: str) -> None:
    """Best Museums in Paris: every museum on the map key is an Activity card."""
    card = next(card for card in spec.activities if card.name == name)
    assert card.icons


@pytest.mark.parametrize(
    "name",
    [
        "Jardin du Luxembourg",
        "Jardin des Plantes",
        "Jardin des Tuileries",
        "Parc des Buttes-Chaumont",
        "Coulée Verte René-Dumont",
    ],
)
def test_top_parks_and_gardens(spec: content.ActivitiesSpec, name: str) -> None:
    """Top 5 Parks and Gardens in Paris: each is an Activity card showing Nature."""
    card = next(card for card in spec.activities if card.name == name)
    assert "nature" in card.icons


def test_famous_places(spec: content.ActivitiesSpec) -> None:
    """Icons: the rulebook's icon texts name Notre Dame and shopping; famous places are cards."""
    names = {card.name for card in spec.activities}
    assert {
        "Notre-Dame de Paris",
        "Galeries Lafayette",
        "Marché aux Puces de Saint-Ouen",
        "Musée du Louvre",
        "Baguette",
    } <= names


# --- broken files --------------------------------------------------------------------------------


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as caught:
        validate_content(data, content.ActivitiesSpec, NAME)
    message = str(caught.value)
    assert NAME in message
    return message


def test_a_125th_card_is_refused() -> None:
    """Components: 124 Activity cards, not 125."""
    data = raw()
    extra = dict(data["activities"][0], id="a-125th-card")
    data["activities"].append(extra)
    message = refused(data)
    assert "activities: 125 Activity cards, the deck has exactly 124" in message
    assert "124" in message


def test_a_duplicate_id_is_refused() -> None:
    """Components: each card is its own card."""
    data = raw()
    data["activities"][7]["id"] = data["activities"][3]["id"]
    assert "is used twice: ids are unique" in refused(data)


def test_an_unknown_icon_is_refused() -> None:
    """Icons: the six experience icons, nothing else; the entry is named."""
    data = raw()
    data["activities"][5]["icons"] = ["wine"]
    message = refused(data)
    assert "entry activities.5.icons" in message
    assert "unknown icon 'wine'" in message


def test_a_formula_without_its_icon_is_refused() -> None:
    """Card and Goal Tile Clarifications, Number of Icons Today: the formula names its icon."""
    data = raw()
    data["activities"][9]["highlight"] = {"formula": {"kind": "icons_today", "points": 3}}
    message = refused(data)
    assert "entry activities.9.highlight.formula" in message
    assert "`icon` is needed" in message


def test_a_set_of_one_icon_is_refused() -> None:
    """Card and Goal Tile Clarifications, Sets: a set has two or more different icons."""
    data = raw()
    data["activities"][11]["highlight"] = {
        "formula": {"kind": "sets", "points": 2, "icons": ["art"]}
    }
    message = refused(data)
    assert "entry activities.11.highlight.formula" in message
    assert "two or more different icons" in message
