"""The contract test kit: seeded random playouts that check every promise of CONTRACT.md.

Every game runs through `check_playout` (usually under Hypothesis, over seeds) for each of its
option sets and player counts. It checks, along one random game:

- the seat to move is an int in range; legal actions are non-empty, JSON and notation round
  trip, and every one of them is accepted (on a clone, at sampled points);
- illegal actions (stale ones from earlier turns, other seats' actions, malformed input) are
  refused with IllegalAction and the state's `to_json()` unchanged;
- `load(to_json())` round trips; `clone()` is independent of the original;
- `determinize(seat)` keeps `observation(seat)` and that seat's legal actions identical and,
  in a game with hidden information, really resamples something (so leaks are caught); its
  history holds the seat's own moves and every other move only as the seat saw it;
- twin worlds (`check_twin_worlds`): a state and a determinization of it for a seat s differ
  only in what s cannot see; the same moves are played on both while they are legal in both,
  and a move the game calls open (`move_disclosure` says OPEN_MOVE: it drew, rolled and showed
  nothing hidden) must leave `observation(s)` equal in both. This catches a fact hidden from s
  that a later public move makes visible, which a check at one moment cannot see;
- observations are JSON-safe; the game ends within `max_steps`;
- `result.scores[i] == breakdown[i]["total"]` and the steps add up; winners have the top score;
- `replay(record)` reproduces the result and the final `to_json()`; the same seed gives the
  same game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree

import pytest

import tabletrip
from tabletrip.core import Action, IllegalAction, Record, Rng, State, mix_seed
from tabletrip.core.game import OPEN_MOVE, Concealed
from tabletrip.core.presentation import Document, presentation_for, render_svg, unreadable_parts

Steps = Callable[[dict[str, Any]], list[float]]


def numeric_steps(breakdown: dict[str, Any]) -> list[float]:
    """The default scoring steps: every number in the breakdown except "total"."""
    return [
        v
        for k, v in breakdown.items()
        if k != "total" and isinstance(v, int | float) and not isinstance(v, bool)
    ]


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _hidden_part(state: State) -> str:
    data = dict(state.to_json()["state"])
    data.pop("rng", None)  # reseeding the future alone is not a resample of hidden information
    return json.dumps(data, sort_keys=True)


def _legal_set(state: State) -> list[str]:
    return sorted(json.dumps(a.to_json(), sort_keys=True) for a in state.legal_actions())


def _live_snapshot(state: State) -> tuple[object, str]:
    """What `to_json()` holds, cheaply: the history node (appending makes a new one, so the
    same node means the same history) and the game-specific state as JSON."""
    return state._history, json.dumps(state._state_json(), sort_keys=True)


def _check_refused(state: State, action: Any, why: str) -> None:
    before = _live_snapshot(state)
    try:
        state.apply(action)
    except IllegalAction as refused:
        message = str(refused)
    else:
        raise AssertionError(f"{why}: accepted, but it is not legal now")
    assert message and "\n" not in message, f"{why}: error message must be one line"
    history, data = _live_snapshot(state)
    assert history is before[0] and data == before[1], f"{why}: a refused action changed the state"


def _check_actions(state: State, actions: list[Action]) -> None:
    game = state.game
    assert actions, "a game that is not over must offer at least one legal action"
    for action in actions:
        data = action.to_json()
        assert json.loads(json.dumps(data)) == data, f"{action!r}: to_json is not JSON-safe"
        assert game.action_from_json(data) == action, f"{action!r}: JSON does not round trip"
        assert state.illegal_reason(action) is None, f"listed action {action} is refused"


def _check_notation(state: State, actions: list[Action], rng: Rng) -> None:
    for action in (rng.choice(actions) for _ in range(3)):
        parsed = state.game.parse_action(str(action), state)
        assert parsed == action, f"notation {str(action)!r} parses to {parsed!r}"


def _check_every_action_accepted(state: State, actions: list[Action]) -> None:
    for action in actions:
        state.clone().apply(action)


def _check_round_trips(state: State, rng: Rng) -> None:
    before = _snapshot(state)
    data = json.loads(json.dumps(state.to_json()))
    loaded = state.game.load(data)
    assert _snapshot(loaded) == before, "load(to_json()) does not round trip"
    assert _legal_set(loaded) == _legal_set(state)
    copy = state.clone()
    assert _snapshot(copy) == before, "clone() differs from the original"
    if not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert _snapshot(state) == before, "changing a clone changed the original"


def _check_random_action(state: State, actions: list[Action], rng: Rng) -> Action:
    """`random_action` draws as `rng.choice(legal_actions())` does: the same action, the same
    use of the generator (so it is uniform); the action drawn."""
    probe = Rng(rng.state)
    drawn = state.random_action(probe)
    action = rng.choice(actions)
    assert drawn == action, f"random_action drew {drawn}, rng.choice(legal_actions()) {action}"
    assert probe.state == rng.state, "random_action used the generator otherwise than choice"
    return action


def _check_apply_legal(state: State, action: Action) -> None:
    """`apply_legal` of a legal action leaves the state `apply` does."""
    checked, unchecked = state.clone(), state.clone()
    checked.apply(action)
    unchecked.apply_legal(action)
    assert _snapshot(unchecked) == _snapshot(checked), f"apply_legal({action}) differs from apply"


def _check_determinize(state: State, rng: Rng) -> bool:
    """Check one determinization from the mover's seat; True if it resampled something."""
    seat = state.current_player
    before = _snapshot(state)
    view = state.determinize(seat, rng)
    assert _snapshot(state) == before, "determinize changed the original state"
    assert view.observation(seat) == state.observation(seat), (
        "determinize changed the seat's own observation: the observation shows something "
        "the seat cannot see, or determinize resamples something it can"
    )
    assert view.current_player == seat
    assert _legal_set(view) == _legal_set(state), "the determinized view has other legal actions"
    for other in range(state.num_players):
        json.dumps(state.observation(other))
    assert view.public_observation() == state.public_observation(), "public view leaks"
    check_seen_history(state, view, seat)
    check_presentation(state, view, seat)
    return _hidden_part(view) != _hidden_part(state)


def check_presentation(state: State, view: State, seat: int) -> None:
    """Where the game registers a presentation: what the seat reads is JSON-safe, unchanged
    when what it cannot see is resampled (`view` is a determinization for it), and never
    shows an engine key, an id or a placeholder; the spectator's too."""
    presentation = presentation_for(state.game.id)
    if presentation is None:
        return
    game = state.game
    document = presentation.document(game, state.observation(seat))
    data = document.to_json()
    assert json.loads(json.dumps(data)) == data, "the presentation is not JSON-safe"
    resampled = presentation.document(game, view.observation(seat)).to_json()
    assert resampled == data, "the presentation changes when what the seat cannot see does"
    public = presentation.document(game, state.public_observation())
    for text in document.texts() + public.texts():
        bad = unreadable_parts(text)
        assert not bad, f"a player would read {bad} in {text!r}"
    for _, move in state.recent_history(8):
        words = presentation.move_words(game, state.public_move(move))
        assert words and not unreadable_parts(words), f"move {move} reads {words!r}"
    if state.current_player == seat and not state.is_over:
        check_action_words(state, view, seat)
        check_action_steps(state, view, seat)
    check_lookups(state, view, seat)
    check_board_words(state, seat)


def check_board_words(state: State, seat: int | None) -> None:
    """The board a seat sees speaks the game too: no `<title>` (what a target's menu and a
    screen reader say) and no `<text>` of its SVG shows an id, a key or a placeholder."""
    root = ElementTree.fromstring(render_svg(state, seat))
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag not in ("title", "text", "tspan"):
            continue
        text = "".join(element.itertext()) if tag == "title" else (element.text or "")
        bad = unreadable_parts(text)
        assert not bad, f"seat {seat}'s board reads {bad} in <{tag}> {text!r}"


def check_action_words(state: State, view: State, seat: int) -> None:
    """The seat's legal moves in words, as its move list and hints show them: each readable,
    no two moves alike, and the same when what the seat cannot see is resampled."""
    presentation = presentation_for(state.game.id)
    assert presentation is not None
    game = state.game
    observation = state.observation(seat)
    said: dict[str, Action] = {}
    for action in state.legal_actions():
        words = presentation.action_words(game, observation, action)
        assert words and "\n" not in words, f"{action} has no words: {words!r}"
        bad = unreadable_parts(words)
        assert not bad, f"the move {action} reads {bad} in {words!r}"
        assert words not in said, f"{said[words]} and {action} both read {words!r}"
        said[words] = action
        resampled = presentation.action_words(game, view.observation(seat), action)
        assert resampled == words, (
            f"{action} reads otherwise once what seat {seat} cannot see changes"
        )


def check_action_steps(state: State, view: State, seat: int) -> None:
    """The seat's legal moves as the steps the terminal asks them in: each step a readable
    line, no two moves with the same steps, no move's steps the first steps of another's (a
    choice is either a move or a step towards several), and the same when what the seat
    cannot see is resampled."""
    presentation = presentation_for(state.game.id)
    assert presentation is not None
    game = state.game
    observation = state.observation(seat)
    paths: dict[tuple[str, ...], Action] = {}
    for action in state.legal_actions():
        steps = presentation.action_steps(game, observation, action)
        assert steps, f"{action} has no steps"
        for step in steps:
            assert step and "\n" not in step, f"{action} has a step {step!r}"
            bad = unreadable_parts(step)
            assert not bad, f"a step of {action} reads {bad} in {step!r}"
        assert steps not in paths, f"{paths[steps]} and {action} both go {steps}"
        paths[steps] = action
        resampled = presentation.action_steps(game, view.observation(seat), action)
        assert resampled == steps, f"{action}'s steps change once what seat {seat} cannot see does"
    prefixes = {path[:end] for path in paths for end in range(1, len(path))}
    both = prefixes & paths.keys()
    assert not both, f"{[paths[p] for p in both]} are moves and also steps towards others"


def check_lookups(state: State, view: State, seat: int) -> None:
    """Every lookup the game offers (`routes`, `where`, ...), unfiltered and filtered by a
    word of its own rows: readable, and the same when what the seat cannot see is resampled."""
    presentation = presentation_for(state.game.id)
    assert presentation is not None
    game = state.game
    observation, resampled = state.observation(seat), view.observation(seat)
    for lookup in presentation.lookups(game):
        queries = [""]
        if lookup.filtered:
            shown = presentation.lookup(game, observation, lookup.name)
            words = [w for text in Document((shown,)).texts() for w in text.split()]
            queries += [w for w in words if w.isalpha()][:1]
        for query in queries:
            section = presentation.lookup(game, observation, lookup.name, query)
            again = presentation.lookup(game, resampled, lookup.name, query)
            assert section.to_json() == again.to_json(), (
                f"`{lookup.name} {query}` changes once what seat {seat} cannot see does"
            )
            for text in Document((section,)).texts():
                bad = unreadable_parts(text)
                assert not bad, f"`{lookup.name} {query}` reads {bad} in {text!r}"


def check_seen_history(state: State, view: State, seat: int) -> None:
    """A determinized copy's history holds the seat's own moves as they were and every other
    seat's move only in the form the seat saw it (`public_move` now), nothing more."""
    true, seen = state.history, view.history
    assert len(seen) == len(true), "the determinized history has another length"
    for (actor, action), (seen_actor, seen_action) in zip(true, seen, strict=True):
        assert seen_actor == actor, "the determinized history has other movers"
        if actor == seat:
            assert seen_action == action, f"the seat's own move {action} changed"
            continue
        public = state.public_move(action)
        assert str(seen_action) == public, (
            f"determinized history: seat {actor}'s move reads {str(seen_action)!r}, but seat "
            f"{seat} saw only {public!r}"
        )
        assert seen_action == action or isinstance(seen_action, Concealed), (
            f"determinized history: seat {actor}'s move {seen_action!r} is not what was played"
        )


def check_twin_worlds(state: State, seat: int, rng: Rng, max_moves: int = 12) -> int:
    """Play the same moves on `state` and on a determinization of it for `seat` (twin worlds
    that differ only in what `seat` cannot see) while they are legal in both; after a move the
    game calls open, `observation(seat)` must be the same in both. Stops at the first move that
    showed the worlds apart (a draw, a roll, a reveal the rules make) or the end.

    Returns how many open moves were checked.
    """
    world = state.clone()
    twin = state.determinize(seat, rng)
    checked = 0
    for _ in range(max_moves):
        if world.is_over or twin.is_over:
            break
        action = rng.choice(world.legal_actions())
        if twin.current_player != world.current_player or twin.illegal_reason(action):
            break
        before = world.clone()
        world.apply(action)
        twin.apply(action)
        is_open = before.move_disclosure(action, world) == OPEN_MOVE
        if world.observation(seat) != twin.observation(seat):
            assert not is_open, (
                f"seat {seat} learns a hidden fact through the open move {action} of seat "
                f"{before.current_player}: its observation differs between twin worlds that "
                "differed only in what it could not see"
            )
            break
        checked += is_open
    return checked


def check_playout(
    game_id: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    *,
    hidden: bool = True,
    max_steps: int = 5000,
    steps: Steps = numeric_steps,
    check_every: int = 7,
    open_kinds: tuple[type, ...] = (),
    winners_have_top_score: bool = True,
    may_have_no_winner: bool = False,
) -> State:
    """Play one seeded random game of `game_id`, checking the whole contract; the final state.

    `open_kinds`: action kinds whose legal choices are too many to list (CONTRACT.md, "Huge
    choice sets"): an unlisted one may still be legal. `winners_have_top_score` is False for
    team games, `may_have_no_winner` True where a game can be lost by everyone (solo).
    """
    game = tabletrip.make(game_id, players=players, **options)
    state = game.new_game(seed=seed)
    assert _snapshot(state) == _snapshot(game.new_game(seed=seed)), "same seed, other game"
    rng = Rng(mix_seed("contract", game_id, players, seed))
    past: list[Action] = []
    resampled = False
    twin_open_moves = 0
    for step in range(max_steps):
        if state.is_over:
            break
        seat = state.current_player
        assert isinstance(seat, int) and 0 <= seat < players, f"bad current_player {seat!r}"
        actions = state.legal_actions()
        if step % check_every == 0:
            _check_actions(state, actions)
            _check_notation(state, actions, rng)
            _check_every_action_accepted(state, actions)
            _check_round_trips(state, rng)
            resampled |= _check_determinize(state, rng)
            twin_open_moves += check_twin_worlds(state, rng.below(players), rng)
            legal = set(actions)
            for stale in past[-30:]:
                if stale not in legal and type(stale) not in open_kinds:
                    _check_refused(state, stale, f"stale action {stale}")
            _check_refused(state, object(), "a non-action")
            _check_refused(state, "draw", "a string instead of an action")
            with pytest.raises(IllegalAction):
                game.action_from_json({"type": "no-such-action"})
            with pytest.raises(IllegalAction):
                game.parse_action("no such move, really", state)
        action = _check_random_action(state, actions, rng)
        if step % check_every == 0:
            _check_apply_legal(state, action)
        past.append(action)
        state.apply(action)
    else:
        raise AssertionError(f"{game_id} did not end within {max_steps} actions")
    if hidden:
        assert resampled, "determinize never resampled anything in a game with hidden information"
    _check_end(state, steps, winners_have_top_score, may_have_no_winner)
    return state


def _check_end(
    state: State, steps: Steps, winners_have_top_score: bool, may_have_no_winner: bool
) -> None:
    result = state.result
    assert result is not None, "the game is over but has no result"
    players = state.num_players
    assert len(result.scores) == players and len(result.breakdown) == players
    for seat in range(players):
        assert result.breakdown[seat]["total"] == result.scores[seat]
        assert sum(steps(result.breakdown[seat])) == result.scores[seat], (
            f"seat {seat}: scoring steps do not add up to the total"
        )
    assert result.winners or may_have_no_winner, "a finished game has winners"
    top = max(result.scores)
    if winners_have_top_score:
        assert all(result.scores[w] == top for w in result.winners)
    assert json.loads(json.dumps(result.to_json())) == result.to_json()
    _check_score_rows(state)
    assert state.legal_actions() == []
    _check_refused(state, object(), "an action after the end")
    record_json = json.loads(json.dumps(state.record.to_json()))
    replayed = tabletrip.replay(Record.from_json(record_json))
    assert replayed.result == result, "replaying the record gives another result"
    assert _snapshot(replayed) == _snapshot(state), "replaying the record gives another state"


def _check_score_rows(state: State) -> None:
    """Where the game registers a presentation: each seat's breakdown reads as labelled rows
    whose points add up to its score, and the outcome is one readable sentence."""
    presentation = presentation_for(state.game.id)
    result = state.result
    if presentation is None or result is None:
        return
    for seat, breakdown in enumerate(result.breakdown):
        rows = presentation.score_rows(state.game, breakdown)
        assert sum(row.points or 0 for row in rows) == result.scores[seat], (
            f"seat {seat}: the score rows do not add up to the score"
        )
        for row in rows:
            bad = unreadable_parts(f"{row.label} {row.detail}")
            assert not bad, f"a score row reads {bad}: {row}"
    names = [f"Player {seat + 1}" for seat in range(state.num_players)]
    outcome = presentation.outcome(state.game, result, names)
    assert outcome and "\n" not in outcome and not unreadable_parts(outcome), outcome
