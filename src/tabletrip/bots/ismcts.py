"""Information-set Monte Carlo tree search (single-observer ISMCTS) for every game.

Cowling, Powley and Whitehouse (2012). Each iteration samples a determinization of what the
searching seat cannot see (`view.determinize(seat, rng)`), walks one shared tree whose edges
are actions, expands one new action, plays the rest of the game out with a rollout policy and
backs the outcome up. A node scores for the seat that moved into it, so any number of players,
a seat acting several times in a row, and simultaneous phases played seat by seat all work
without special cases. Selection is UCB1 over the children legal in this determinization,
with availability counts in place of the parent's visits. Progressive widening (children
allowed grow with the square root of the visits) keeps wide choices (Ticket to Ride claims,
Let's Go! placements) searchable: a new child is the rollout policy's choice in the current
determinization when that is untried (so different samples propose different good moves),
otherwise a random untried action, and a progressive bias favours what the policy proposes.
The move played is the most visited, unless the policy's usual choice is within
`anchor_margin` of it: a few dozen playouts should not overrule a good policy on noise. With
`verify` > 0 the search instead ends with a duel: the most visited action and the policy's
choice are each played from the same fresh determinizations with the same rollouts (common
random numbers, so only the two moves differ), and the search departs from the policy only
when the paired mean difference beats `verify_z` standard errors.

The budget is iterations, seconds or steps (actions played in the tree and the playouts),
whichever runs out first, but never fewer than `min_iterations` and `min_steps`. A step
budget is deterministic like an iteration budget, yet spends more playouts where they are
short, near the end of a game, as a time budget does.

Uses only the game contract; a game's registered `heuristic` bot is the default rollout policy.
Known limits: the usual ones of single-observer ISMCTS (opponents are modelled as if they saw
the sampled deal), and the margin part of the reward is scaled by the largest margin seen so
far in the search, so early playouts weigh a little differently from late ones.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletrip.bots.base import Bot, CheckedBot, RandomBot
from tabletrip.core.actions import Action
from tabletrip.core.encoding import encoding_for
from tabletrip.core.game import State
from tabletrip.core.rng import Rng, mix_seed

if TYPE_CHECKING:  # numpy only for a search with a value network
    from tabletrip.bots.value_network import ValueNetwork

ROLLOUTS = ("heuristic", "random")
# With `verify`, the share of a time budget kept for the final duel.
VERIFY_TIME_SHARE = 0.3


class Node:
    """A tree node: the action that led here, who played it, and its statistics."""

    __slots__ = (
        "action",
        "available",
        "children",
        "mover",
        "proposed",
        "reward",
        "score",
        "scored",
        "visits",
        "wins",
    )

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover
        self.visits = 0
        self.reward = 0.0  # summed rewards of `mover`
        self.score = 0.0  # summed final scores of the searching seat (for hints)
        self.scored = 0  # playouts through here that reached the end (`score` sums those)
        self.wins = 0.0  # summed win shares of the searching seat (for hints)
        self.available = 0  # iterations in which this action was legal at its parent
        self.proposed = 0  # iterations in which the rollout policy chose it at its parent
        self.children: dict[Action, Node] = {}


@dataclass(frozen=True, slots=True)
class Candidate:
    """One root action after a search: how often it was tried and what it led to."""

    action: Action
    visits: int
    share: float  # visits / root visits
    value: float  # mean reward of the searching seat (win share blended with its margin)
    win_rate: float  # share of the playouts through this action that the searching seat won
    expected_score: float  # mean final score of the searching seat in those playouts (nan
    # when every one was cut short and scored by a value network)
    proposals: int = 0  # iterations in which the rollout policy chose this action


@dataclass(frozen=True, slots=True)
class Duel:
    """A paired comparison of a challenger with the policy's choice on shared samples."""

    challenger: Action
    defender: Action
    pairs: int
    mean_difference: float  # mean reward of the challenger minus the defender's, same samples
    standard_error: float
    won: bool  # whether the challenger is played


@dataclass(frozen=True, slots=True)
class SearchReport:
    """What a search found: root candidates, the chosen one first, and how long it took."""

    candidates: tuple[Candidate, ...]
    iterations: int
    seconds: float
    duel: Duel | None = None
    steps: int = 0  # actions played in the tree and the playouts (not the duel's)


class Outcome:
    """Turns final scores into rewards in [0, 1] for every seat.

    A reward is mostly the seat's win share (1, 1/k for a k-way win, else 0); `margin_weight`
    of it is the seat's margin over the best other seat (its score alone when playing solo),
    scaled by the largest margin seen in this search, so a closer loss beats a wide one.
    """

    __slots__ = ("margin_weight", "scale")

    def __init__(self, margin_weight: float) -> None:
        self.margin_weight = margin_weight
        self.scale = 1e-9

    def rewards(self, scores: Sequence[float], winners: Sequence[int]) -> list[float]:
        """The reward of each seat for one finished playout."""
        margins = self.observe(scores)
        weight = self.margin_weight
        share = 1.0 / len(winners) if winners else 0.0
        result = []
        for seat in range(len(scores)):
            won = share if seat in winners else 0.0
            result.append((1 - weight) * won + weight * (0.5 + 0.5 * margins[seat] / self.scale))
        return result

    def observe(self, scores: Sequence[float]) -> list[float]:
        """Each seat's margin over the best other seat; widens the scale to cover them."""
        count = len(scores)
        margins: list[float] = []
        if count == 1:
            margins.append(float(scores[0]))
        else:
            ordered = sorted(scores, reverse=True)
            for score in scores:
                best_other = ordered[1] if score == ordered[0] else ordered[0]
                margins.append(float(score - best_other))
        self.scale = max(self.scale, *(abs(m) for m in margins))
        return margins


class IsmctsBot(Bot):
    """Information-set MCTS with determinization, UCB1 and progressive widening."""

    name = "ismcts"
    strength = 15

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        seconds: float = 0.0,
        steps: int = 0,
        min_iterations: int = 0,
        min_steps: int = 0,
        rollout: str = "heuristic",
        exploration: float = 0.7,
        widening: float = 1.0,
        bias: float = 3.0,
        margin_weight: float = 0.5,
        anchor_margin: float = 0.05,
        verify: int = 0,
        verify_z: float = 1.0,
        early_stop: bool = True,
        value: str = "",
        playout_depth: int = 0,
    ) -> None:
        super().__init__(seed)
        if rollout not in ROLLOUTS:
            raise TypeError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if iterations <= 0 and seconds <= 0 and steps <= 0:
            raise TypeError("give a budget: iterations > 0, seconds > 0 or steps > 0")
        if verify < 0 or (0 < iterations <= 2 * verify):
            raise TypeError("verify takes 2 playouts a pair: give 0 <= 2 * verify < iterations")
        if playout_depth < 0 or (playout_depth and not value):
            raise TypeError("playout_depth cuts playouts short for a value network: give value")
        self.iterations = int(iterations)
        self.seconds = float(seconds)
        self.steps = int(steps)
        self.min_iterations = int(min_iterations)
        self.min_steps = int(min_steps)
        self.rollout = rollout
        self.exploration = exploration
        self.widening = widening
        self.bias = bias
        self.margin_weight = margin_weight
        self.anchor_margin = anchor_margin
        self.verify = int(verify)
        self.verify_z = verify_z
        self.early_stop = early_stop
        self.value = value
        self.playout_depth = int(playout_depth)
        self._network: ValueNetwork | None = None
        self._policies: list[Bot] | None = None
        self._policy_key: tuple[str, int] | None = None
        self.last_report: SearchReport | None = None

    def choose(self, view: State, seat: int) -> Action:
        """The search's choice (a forced move without searching): see `search`."""
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_report = SearchReport((Candidate(legal[0], 0, 1.0, 0.0, 0.0, 0.0),), 0, 0.0)
            return legal[0]
        report = self.search(view, seat)
        return report.candidates[0].action

    def search(self, view: State, seat: int) -> SearchReport:
        """Search from `view` for `seat` within the budget; every root candidate, best first.

        Best is the most visited action, except that the rollout policy's usual choice (the
        action it proposed in the most determinizations) stands unless the most visited one
        beats its mean reward by `anchor_margin`: few playouts do not overrule a good policy.
        """
        if view.is_over:
            raise ValueError("the game is over: there is nothing to search")
        started = time.perf_counter()
        tree_seconds = self.seconds * (1 - VERIFY_TIME_SHARE if self.verify else 1.0)
        deadline = started + tree_seconds if self.seconds > 0 else math.inf
        cap = self.iterations - 2 * self.verify if self.iterations > 0 else 1 << 62
        step_cap = self.steps if self.steps > 0 else 1 << 62
        policies = self._rollout_policies(view)
        self._network = self._value_network(view)
        outcome = Outcome(self.margin_weight)
        root = Node(None, seat)
        root_legal = view.legal_actions()
        done = used = 0
        while done < cap and (used < step_cap or self._short_of_minimum(done, used)):
            used += self._iterate(root, view.determinize(seat, self.rng), seat, policies, outcome)
            done += 1
            now = time.perf_counter() if deadline < math.inf else 0.0
            if now > deadline and not self._short_of_minimum(done, used):
                break
            if (
                self.early_stop
                and done % 8 == 0
                and self._decided(root, self._left(done, used, cap, started, now))
            ):
                break
        candidates = self._candidates(root, root_legal)
        duel = None
        if self.verify:
            ends = started + self.seconds if self.seconds > 0 else math.inf
            duel = self._duel(view, seat, candidates, policies, outcome, ends)
            if duel is not None:
                done += 2 * duel.pairs
            played = duel.challenger if duel is not None and duel.won else None
            candidates = _first(candidates, played, self.anchor_margin, verified=True)
        else:
            candidates = _first(candidates, None, self.anchor_margin, verified=False)
        took = time.perf_counter() - started
        self.last_report = SearchReport(tuple(candidates), done, took, duel, used)
        return self.last_report

    # --- one iteration -----------------------------------------------------------------------

    def _iterate(
        self,
        root: Node,
        state: State,
        seat: int,
        policies: Sequence[Bot],
        outcome: Outcome,
    ) -> int:
        """One playout through the tree, backed up; how many actions it played."""
        path = [root]
        node = root
        rng = self.rng
        guided = self.rollout == "heuristic"
        while not state.is_over:
            legal = state.legal_actions()
            mover = state.current_player
            children = node.children
            proposal = policies[mover].choose(state, mover) if guided else None
            present = []
            for action in legal:
                child = children.get(action)
                if child is not None:
                    child.available += 1
                    present.append(child)
            allowed = max(1, int(self.widening * math.sqrt(node.visits + 1)))
            if proposal is not None and proposal in children:
                children[proposal].proposed += 1
            if len(present) < len(legal) and (
                len(present) < allowed or (proposal is not None and proposal not in children)
            ):
                if proposal is None or proposal in children:
                    action = rng.choice([a for a in legal if a not in children])
                else:
                    action = proposal
                child = Node(action, mover)
                child.available = 1
                child.proposed = 1 if action == proposal else 0
                children[action] = child
                state.apply_legal(action)
                path.append(child)
                break
            node = self._select(present)
            state.apply_legal(node.action)  # type: ignore[arg-type]
            path.append(node)
        steps = self._playout(state, policies, self.playout_depth)
        result = state.result
        if result is None:  # cut short: the network estimates every seat's chance to win
            rewards = self._estimates(state)
            own_win = rewards[seat]
        else:
            rewards = outcome.rewards(result.scores, result.winners)
            own_win = 1.0 / len(result.winners) if seat in result.winners else 0.0
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]
            visited.wins += own_win
            if result is not None:
                visited.score += float(result.scores[seat])
                visited.scored += 1
        return len(path) + steps

    def _select(self, present: Sequence[Node]) -> Node:
        """UCB1 with availability counts, plus a progressive bias toward the policy's choices.

        The bias is the share of determinizations in which the rollout policy chose the
        action, fading as the action's own visits grow.
        """
        c = self.exploration
        bias = self.bias
        best: Node | None = None
        best_value = -math.inf
        for child in present:
            visits = child.visits
            if visits == 0:
                value = math.inf
            else:
                value = (
                    child.reward / visits
                    + c * math.sqrt(math.log(child.available) / visits)
                    + bias * child.proposed / child.available / (visits + 1)
                )
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best

    def _playout(self, state: State, policies: Sequence[Bot], limit: int = 0) -> int:
        """Play on with the rollout policy to the end, or for `limit` actions when `limit` > 0;
        how many actions it played.

        A `CheckedBot` checks its own moves against the rules and a `RandomBot` draws from the
        legal ones, so their moves are played unchecked; any other policy's are checked."""
        steps = 0
        left = limit if limit > 0 else -1
        if self.rollout == "heuristic":
            unchecked = all(isinstance(p, CheckedBot | RandomBot) for p in policies)
            while left and not state.is_over:
                mover = state.current_player
                action = policies[mover].choose(state, mover)
                if unchecked:
                    state.apply_legal(action)
                else:
                    state.apply(action)
                steps += 1
                left -= 1
        else:
            rng = self.rng
            while left and not state.is_over:
                state.apply_legal(state.random_action(rng))
                steps += 1
                left -= 1
        return steps

    def _estimates(self, state: State) -> list[float]:
        """Every seat's reward for a playout cut short: its estimated chance to win, as a share
        of all seats' chances (each from that seat's own observation of the sampled world)."""
        import numpy as np

        network = self._network
        assert network is not None
        observations = encoding_for(state.game).observations
        vectors = np.zeros((state.num_players, network.inputs), dtype=np.float32)
        for seat in range(state.num_players):
            observations.encode_state_into(state, seat, vectors[seat])
        chances = network.win_chances(vectors)
        if len(chances) == 1:
            return [float(chances[0])]
        total = float(chances.sum())
        return (
            [float(c) / total for c in chances]
            if total > 0
            else [1.0 / len(chances)] * len(chances)
        )

    def _value_network(self, view: State) -> ValueNetwork | None:
        """The value network named by `value`, loaded once and checked against the game."""
        if not self.value:
            return None
        if self._network is None:
            from tabletrip.bots.value_network import ValueNetwork

            network = ValueNetwork.load(self.value)
            network.fits(view.game, where=self.value)
            self._network = network
        return self._network

    # --- budget and report -------------------------------------------------------------------

    def _short_of_minimum(self, done: int, used: int) -> bool:
        """Whether the search has not yet played `min_iterations` and `min_steps`."""
        return done < self.min_iterations or used < self.min_steps

    def _left(self, done: int, used: int, cap: int, started: float, now: float) -> int:
        """Iterations the budget still allows, judged by the mean cost of those so far."""
        left = cap - done
        per_iteration = max(1.0, used / done)
        floor = max(self.min_iterations - done, math.ceil((self.min_steps - used) / per_iteration))
        if self.steps > 0:
            left = min(left, max(int((self.steps - used) / per_iteration), floor))
        if self.seconds > 0:
            elapsed = max(now - started, 1e-9)
            by_time = int(done / elapsed * (started + self.seconds - now))
            left = min(left, max(by_time, floor))
        return max(left, 0)

    @staticmethod
    def _decided(root: Node, left: int) -> bool:
        """Whether the most visited child can no longer be overtaken in `left` iterations."""
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        if len(visits) < 2:
            return False
        return visits[0] - visits[1] > left

    def _candidates(self, root: Node, legal: Sequence[Action]) -> list[Candidate]:
        """The visited root actions, most visited first (the first legal action if none)."""
        total = max(1, sum(child.visits for child in root.children.values()))
        candidates = []
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                continue
            candidates.append(
                Candidate(
                    action,
                    child.visits,
                    child.visits / total,
                    child.reward / child.visits,
                    child.wins / child.visits,
                    child.score / child.scored if child.scored else math.nan,
                    child.proposed,
                )
            )
        if not candidates:  # no iteration reached a legal root action: fall back to the first
            candidates.append(Candidate(legal[0], 0, 0.0, 0.0, 0.0, 0.0))
        candidates.sort(key=lambda c: (-c.visits, -c.value))
        return candidates

    def _duel(
        self,
        view: State,
        seat: int,
        candidates: Sequence[Candidate],
        policies: Sequence[Bot],
        outcome: Outcome,
        ends: float,
    ) -> Duel | None:
        """Play the most visited action against the policy's choice on shared samples.

        Each pair plays both moves from one fresh determinization with identically seeded
        rollouts, so the difference in the searching seat's reward is the moves' doing.
        At least `verify` pairs; with a time budget, more until the budget is spent.
        None when the two are the same action (or the policy proposed nothing).
        """
        challenger = candidates[0]
        defender = max(candidates, key=lambda c: c.proposals)
        if defender.proposals == 0 or challenger is defender:
            return None
        differences: list[float] = []
        while len(differences) < self.verify or (ends < math.inf and time.perf_counter() < ends):
            sample = view.determinize(seat, self.rng)
            rollout_seed = self.rng.next64()
            finals = []
            for action, state in ((challenger.action, sample.clone()), (defender.action, sample)):
                _reseed(policies, rollout_seed)
                state.apply(action)
                self._playout(state, policies, self.playout_depth)
                finals.append(state)
            results = [final.result for final in finals]  # computed once: scoring is costly
            for result in results:
                if result is not None:
                    outcome.observe(result.scores)
            mine = [
                self._estimates(final)[seat]
                if result is None
                else outcome.rewards(result.scores, result.winners)[seat]
                for final, result in zip(finals, results, strict=True)
            ]
            differences.append(mine[0] - mine[1])
        pairs = len(differences)
        mean = sum(differences) / pairs
        spread = sum((d - mean) ** 2 for d in differences) / max(1, pairs - 1)
        error = math.sqrt(spread / pairs)
        won = mean > 0 and mean > self.verify_z * error
        return Duel(challenger.action, defender.action, pairs, mean, error, won)

    def _rollout_policies(self, view: State) -> list[Bot]:
        """One rollout bot per seat (the game's heuristic when it has one, else random)."""
        key = (view.game.id, view.num_players)
        if self._policies is None or self._policy_key != key:
            make = _policy_maker(view.game.id) if self.rollout == "heuristic" else None
            self._policies = [
                make(mix_seed("rollout", self.seed, seat))
                if make is not None
                else RandomBot(mix_seed("rollout", self.seed, seat))
                for seat in range(view.num_players)
            ]
            self._policy_key = key
        return self._policies


def _first(
    candidates: list[Candidate], played: Action | None, margin: float, verified: bool
) -> list[Candidate]:
    """The candidates with the one to play first.

    After a duel, `played` (the challenger that won it) or else the policy's choice. Without
    one, the most visited unless the policy's choice is within `margin` of its mean reward.
    """
    anchor = max(candidates, key=lambda c: c.proposals)
    if not anchor.proposals:
        return candidates
    if verified:
        chosen = next((c for c in candidates if c.action == played), anchor)
    else:
        best = candidates[0]
        chosen = anchor if best.value < anchor.value + margin else best
    return [chosen, *(c for c in candidates if c is not chosen)]


def _reseed(policies: Sequence[Bot], seed: int) -> None:
    """Give every rollout bot the same fresh random stream (common random numbers)."""
    for seat, policy in enumerate(policies):
        policy.rng = Rng(mix_seed("duel", seed, seat))


def _policy_maker(game_id: str) -> Callable[[int], Bot] | None:
    """A maker of the game's heuristic bot, or None when the game has none."""
    from tabletrip import bots

    if "heuristic" not in bots.names(game_id):
        return None
    return lambda seed: bots.make("heuristic", game=game_id, seed=seed)
