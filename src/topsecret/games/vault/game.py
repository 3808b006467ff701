"""The vault game description: options, action space, bots and text view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core import Action, ActionCodec, Event, Game, OptionSpec
from ...core.options import OptionValue
from ...core.tensors import TensorLayout
from .actions import ACTION_CLASSES, Bank, KeepFaceUp, PlayCard, Steal
from .cards import DOCUMENT, SAFE, VaultComponents, default_components
from .state import VaultState, card_sort_key, describe_card_key
from .tensor import encode as vault_tensor
from .tensor import layout as vault_layout

if TYPE_CHECKING:
    from ...core import Bot


class VaultGame(Game):
    id = "vault"
    title = "Top Secret: the vault card game"
    min_players = 2
    max_players = 6
    play_style = "simultaneous"

    def __init__(self, components: VaultComponents | None = None) -> None:
        self.components = components or default_components()
        self.option_specs = (
            OptionSpec(
                "target",
                int,
                self.components.target,
                "deals go on until someone reaches this total (Rulebook 002 §Manches)",
                minimum=1,
            ),
            OptionSpec("single_deal", bool, False, "play one deal only and score it"),
        )
        deck = self.components.deck()
        by_kind: dict[tuple[str, int], PlayCard] = {}
        #: The PlayCard action for each card id: what matters is kind and value, not colour.
        #: Cards of one kind and value share one action, so states compare them by identity.
        self.play_actions: tuple[PlayCard, ...] = tuple(
            by_kind.setdefault(card.type_key, PlayCard(card.kind, card.value)) for card in deck
        )
        #: Any equal PlayCard (say, one decoded from JSON) to the shared one.
        self.shared_plays: dict[Action, PlayCard] = {action: action for action in by_kind.values()}
        in_hand = sorted((c for c in deck if c.kind != SAFE), key=card_sort_key)
        #: Each card id's place in hand order (kind, value, id), to sort hands by a number.
        #: Safes are never in hand; they rank last.
        rank = [len(deck) + card.id for card in deck]
        for place, card in enumerate(in_hand):
            rank[card.id] = place
        self.hand_rank: tuple[int, ...] = tuple(rank)
        self._play_space = tuple(dict.fromkeys(self.play_actions[c.id] for c in in_hand))
        #: The cards of each colour a player takes in hand (all but the safe), in deck order.
        self.hand_cards: dict[str, tuple[int, ...]] = {
            colour: tuple(c.id for c in deck if c.colour == colour and c.kind != SAFE)
            for colour in self.components.colours
        }

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> VaultState:
        return VaultState(self, self.components, players, options, seed)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """At most 468 decisions per player in 300 seeded random whole games to 1200 (more
        deals for a higher target); the bound leaves a margin of more than 3."""
        deals = max(1, -(-int(options.get("target", 1200)) // 1200))
        return 1500 * players * deals

    def codec(self, players: int) -> ActionCodec:
        space: list[Action] = [*self._play_space]
        space.extend(Steal(seat) for seat in range(players))
        space.extend([Bank(), KeepFaceUp()])
        return ActionCodec(ACTION_CLASSES, space)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .heuristic import HeuristicVaultBot

        return {"heuristic": HeuristicVaultBot}

    def tensor_layout(self, players: int) -> TensorLayout:
        self.check_players(players)
        return vault_layout(players, self.components)

    def observation_tensor(self, observation: Mapping[str, Any], players: int) -> list[float]:
        self.check_players(players)
        return vault_tensor(observation, players, self.components)

    def describe_action(self, action: Action) -> str:
        if isinstance(action, PlayCard):
            name = describe_card_key(action.card, action.value)
            return f"play {'an' if name[0] in 'aeiou' else 'a'} {name}"
        if isinstance(action, Steal):
            return f"steal the card seat {action.target} just played"
        if isinstance(action, Bank):
            return "bank the face-up card in the safe (x1)"
        if isinstance(action, KeepFaceUp):
            return "keep it face up to build a pair"
        return repr(action)

    def describe_event(self, event: Event, seat: int | None) -> str | None:
        data = event.data

        def who(s: int) -> str:
            return "you" if s == seat else f"seat {s}"

        def card(c: Mapping[str, Any]) -> str:
            return describe_card_key(c["kind"], c["value"])

        def cards(cs: list[Mapping[str, Any]]) -> str:
            return ", ".join(card(c) for c in cs) or "nothing"

        kind = event.kind
        if kind == "chosen":
            return None if data["seat"] == seat else f"{who(data['seat'])} has chosen"
        if kind == "my_choice":
            return None
        if kind == "revealed":
            plays = "; ".join(f"{who(int(s))}: {card(c)}" for s, c in data["cards"].items())
            return f"Trick {data['trick']} revealed: {plays}"
        if kind == "boom":
            shooters = ", ".join(who(s) for s in data["assassins"])
            return f"BOOM! Assassin of {shooters} destroys {cards(data['destroyed'])}"
        if kind == "moles_found_nothing":
            return "The moles found nothing to steal"
        if kind == "stolen":
            slow = "".join(f" ({who(s)} was too slow)" for s in data["too_slow"])
            return (
                f"{who(data['thief'])} stole {card(data['card'])} from {who(data['victim'])}{slow}"
            )
        if kind == "paired":
            return f"{who(data['seat'])} locked a pair on the x2 side: {cards(data['cards'])}"
        if kind == "banked":
            return f"{who(data['seat'])} banked {cards(data['cards'])} on the x1 side"
        if kind == "kept_face_up":
            return f"{who(data['seat'])} keeps a card face up"
        if kind == "deal_scored":
            return f"Deal {data['deal']} scored {data['scores']}; totals {data['totals']}"
        if kind == "deal_started":
            return f"Deal {data['deal']} begins: new hands"
        if kind == "game_over":
            return f"Game over: {', '.join(who(s) for s in data['winners'])} won"
        return None

    def render_text(self, observation: Mapping[str, Any]) -> Any:
        from .render import render_table

        return render_table(observation)


GAME = VaultGame()

__all__ = ["DOCUMENT", "GAME", "VaultGame"]
