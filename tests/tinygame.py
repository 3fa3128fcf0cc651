"""High Card: a tiny game with hidden hands, a deck and options, used only to test the core.

Each seat is dealt 2 cards from a shuffled deck of cards 1-12. On a turn a seat either draws
the top card (discards are reshuffled when the deck runs out) or plays a card from its hand,
scoring its value. After `rounds` turns each, the highest score wins; with `variant=bonus` a
seat that played a 12 scores 5 more.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletrip.core import (
    Action,
    ActionCodec,
    Deck,
    Game,
    GameInfo,
    JsonDict,
    OptionSpec,
    Result,
    Rng,
    State,
)
from tabletrip.core.encoding import (
    ActionBlock,
    ActionEncoding,
    Encoding,
    Field,
    ObservationEncoding,
    register_encoding,
    scaled,
)
from tabletrip.core.errors import IllegalAction
from tabletrip.core.game import DRAWING_MOVE, OPEN_MOVE
from tabletrip.core.rng import mix_seed

GAME_ID = "high-card"


@dataclass(frozen=True, slots=True)
class Draw(Action, kind="draw"):
    """Draw the top card of the deck."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Play(Action, kind="play"):
    """Play one card from the hand."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action, kind="pass"):
    """Do nothing (only when nothing else is possible)."""

    def __str__(self) -> str:
        return "pass"


class HighCardGame(Game):
    """The High Card test game."""

    info = GameInfo(
        id=GAME_ID,
        title="High Card (test game)",
        min_players=1,
        max_players=3,
        options=(
            OptionSpec("rounds", 3, "turns each seat takes", minimum=1, maximum=8),
            OptionSpec("variant", "plain", "scoring variant", choices=("plain", "bonus")),
        ),
    )
    codec = ActionCodec([Draw, Play, Pass])
    state_class: type[HighCardState]

    def new_game(self, seed: int = 0) -> HighCardState:
        """Deal 2 cards to each seat from a freshly shuffled deck."""
        rng = Rng(mix_seed(GAME_ID, seed))
        deck: Deck[int] = Deck(range(1, 13))
        deck.shuffle(rng)
        hands = [sorted(deck.draw_many(2, rng)) for _ in range(self.players)]
        return self.state_class(self, seed, rng, deck, hands, [0] * self.players, 0)

    def static_info(self) -> JsonDict:
        """The card values."""
        return {"cards": list(range(1, 13))}

    def _state_from_json(self, data: JsonDict, seed: int) -> HighCardState:
        return self.state_class(
            self,
            seed,
            Rng(data["rng"]),
            Deck.from_json(data["deck"]),
            [list(h) for h in data["hands"]],
            list(data["scores"]),
            data["turn"],
            list(data["played_twelve"]),
        )


class HighCardState(State):
    """A High Card state."""

    game: HighCardGame

    def __init__(
        self,
        game: HighCardGame,
        seed: int,
        rng: Rng,
        deck: Deck[int],
        hands: list[list[int]],
        scores: list[int],
        turn: int,
        played_twelve: list[bool] | None = None,
    ) -> None:
        super().__init__(game, seed)
        self.rng = rng
        self.deck = deck
        self.hands = hands
        self.scores = scores
        self.turn = turn
        self.played_twelve = played_twelve or [False] * game.players

    @property
    def current_player(self) -> int:
        """Seats take turns in order."""
        return (
            self.turn % self.game.players
            if not self.is_over
            else (self.turn - 1) % self.game.players
        )

    @property
    def is_over(self) -> bool:
        """Over after `rounds` turns each."""
        return self.turn >= self.game.options["rounds"] * self.game.players

    def legal_actions(self) -> list[Action]:
        """Draw if possible, play any card held, pass only when neither is possible."""
        if self.is_over:
            return []
        actions: list[Action] = [Draw()] if self.deck.can_draw() else []
        actions += [Play(card) for card in sorted(set(self.hands[self.current_player]))]
        return actions or [Pass()]

    def illegal_reason(self, action: Action) -> str | None:
        """Why an action is not legal now."""
        hand = self.hands[self.current_player]
        if isinstance(action, Draw) and not self.deck.can_draw():
            return "the deck and discards are empty"
        if isinstance(action, Play) and action.card not in hand:
            return f"card {action.card} is not in your hand"
        if isinstance(action, Pass) and (hand or self.deck.can_draw()):
            return "you may only pass when you can neither draw nor play"
        return None

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        if isinstance(action, Draw):
            card = self.deck.draw(self.rng)
            assert card is not None
            self.hands[seat].append(card)
            self.hands[seat].sort()
        elif isinstance(action, Play):
            self.hands[seat].remove(action.card)
            self.deck.discard([action.card])
            self.scores[seat] += action.card
            self.played_twelve[seat] |= action.card == 12
        self.turn += 1

    @property
    def result(self) -> Result | None:
        """Scores with the bonus variant applied; every seat with the top score wins."""
        if not self.is_over:
            return None
        bonus = self.game.options["variant"] == "bonus"
        breakdown = tuple(
            {"played": s, "bonus": 5 if bonus and t else 0, "total": s + (5 if bonus and t else 0)}
            for s, t in zip(self.scores, self.played_twelve, strict=True)
        )
        scores = tuple(b["total"] for b in breakdown)
        top = max(scores)
        return Result(scores, tuple(i for i, s in enumerate(scores) if s == top), breakdown)

    def move_disclosure(self, action: Action, after: State) -> str | None:
        """A play and a pass show nothing hidden; a draw draws."""
        return DRAWING_MOVE if isinstance(action, Draw) else OPEN_MOVE

    def observation(self, seat: int) -> JsonDict:
        """Own hand; everyone's hand size, score; deck size and the public discards."""
        return {
            "seat": seat,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "deck_size": len(self.deck),
            "discards": list(self.deck.discards),
            "turn": self.turn,
        }

    def public_observation(self) -> JsonDict:
        """Hand sizes, scores, deck size and discards."""
        data = self.observation(0)
        del data["seat"], data["hand"]
        return data

    def _state_json(self) -> JsonDict:
        return {
            "rng": self.rng.state,
            "deck": self.deck.to_json(),
            "hands": [list(h) for h in self.hands],
            "scores": list(self.scores),
            "turn": self.turn,
            "played_twelve": list(self.played_twelve),
        }

    def clone(self) -> HighCardState:
        """A copy sharing nothing mutable."""
        copy = type(self)(
            self.game,
            self.seed,
            self.rng.clone(),
            self.deck.clone(),
            [list(h) for h in self.hands],
            list(self.scores),
            self.turn,
            list(self.played_twelve),
        )
        self._copy_base(copy)
        return copy

    def determinize(self, seat: int, rng: Rng) -> HighCardState:
        """Deal the deck and the other seats' hands anew; reseed the future."""
        copy = self.clone()
        pool = list(copy.deck.cards)
        for other, hand in enumerate(copy.hands):
            if other != seat:
                pool += hand
        rng.shuffle(pool)
        for other, hand in enumerate(copy.hands):
            if other != seat:
                size = len(hand)
                copy.hands[other] = sorted(pool[:size])
                del pool[:size]
        copy.deck.cards = pool
        copy.rng = Rng(rng.next64())
        self._conceal_history(copy, seat)
        return copy


def leaky_variant() -> type[HighCardGame]:
    """A broken copy whose observation shows every hand (the contract kit must catch it)."""

    class LeakyState(HighCardState):
        def observation(self, seat: int) -> JsonDict:
            data = super().observation(seat)
            data["all_hands"] = [list(h) for h in self.hands]
            return data

    class LeakyGame(HighCardGame):
        info = replace(HighCardGame.info, id="leaky-high-card")
        state_class = LeakyState

    return LeakyGame


def late_leak_variant() -> type[HighCardGame]:
    """A broken copy built like Ticket to Ride's old `known_cards` after a claim: at each play,
    a public table field is worked out from cards nobody saw (each seat's lowest card). It is
    copied, not recomputed, by `determinize`, so only a later public move shows it."""

    class LateLeakState(HighCardState):
        lowest: list[int] | None = None

        def _apply(self, action: Action) -> None:
            super()._apply(action)
            if isinstance(action, Play):
                self.lowest = [min(h, default=0) for h in self.hands]

        def clone(self) -> HighCardState:
            copy = super().clone()
            copy.lowest = self.lowest  # type: ignore[attr-defined]
            return copy

        def observation(self, seat: int) -> JsonDict:
            data = super().observation(seat)
            data["lowest"] = self.lowest
            return data

    class LateLeakGame(HighCardGame):
        info = replace(HighCardGame.info, id="late-leak-high-card")
        state_class = LateLeakState

    return LateLeakGame


def lazy_variant() -> type[HighCardGame]:
    """A broken copy whose determinize resamples nothing (the contract kit must catch it)."""

    class LazyState(HighCardState):
        def determinize(self, seat: int, rng: Rng) -> HighCardState:
            return self.clone()

    class LazyGame(HighCardGame):
        info = replace(HighCardGame.info, id="lazy-high-card")
        state_class = LazyState

    return LazyGame


def biased_draw_variant() -> type[HighCardGame]:
    """A broken copy whose `random_action` favours the first legal action half the time."""

    class BiasedState(HighCardState):
        def random_action(self, rng: Rng) -> Action:
            legal = self.legal_actions()
            return legal[0] if rng.below(2) else rng.choice(legal)

    class BiasedGame(HighCardGame):
        info = replace(HighCardGame.info, id="biased-high-card")
        state_class = BiasedState

    return BiasedGame


HighCardGame.state_class = HighCardState


class HighCardActions(ActionEncoding):
    """Index 0 draws, 1-12 play that card, 13 passes."""

    blocks = (
        ActionBlock("draw", 0, 1, "draw the top card"),
        ActionBlock("play", 1, 12, "play the card of value index"),
        ActionBlock("pass", 13, 1, "pass"),
    )

    def encode(self, action: Action, state: State) -> int:
        """Draw 0, play card v at v, pass 13."""
        if isinstance(action, Play):
            return action.card
        return 0 if isinstance(action, Draw) else 13

    def decode(self, index: int, state: State) -> Action:
        """The action an index stands for (the same in every state)."""
        if not 0 <= index < self.size:
            raise IllegalAction(f"action index {index} is outside 0..{self.size - 1}")
        if index == 0:
            return Draw()
        return Pass() if index == 13 else Play(index)


class HighCardObservations(ObservationEncoding):
    """Own hand counts by value, scores, deck size and the turn."""

    def __init__(self, players: int) -> None:
        self.fields = (
            Field("hand", 12, 0, 4, "how many cards of each value 1-12 the seat holds"),
            Field("scores", players, 0, 1, "each seat's score / 100"),
            Field("deck", 1, 0, 1, "cards in the deck / 12"),
            Field("turn", 1, 0, 1, "turns played / 24"),
        )

    def encode(self, observation: JsonDict) -> list[float]:
        """The vector of one observation."""
        hand = [0.0] * 12
        for card in observation["hand"]:
            hand[card - 1] += 1
        return [
            *hand,
            *(scaled(score, 100) for score in observation["scores"]),
            scaled(observation["deck_size"], 12),
            scaled(observation["turn"], 24),
        ]


def high_card_encoding(game: Game) -> Encoding:
    """The encodings of one High Card configuration."""
    return Encoding(
        HighCardActions(),
        HighCardObservations(game.players),
        max_length=game.options["rounds"] * game.players,
        score_range=(0, 12 * 8 + 5),
    )


register_encoding(GAME_ID, high_card_encoding)
