"""The vault game description: options, action space, bots and text view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core import Action, ActionCodec, Event, Game, OptionSpec
from ...core.options import OptionValue
from ...core.tensors import TensorLayout
from ...i18n import ENGLISH, N_, Translator
from .actions import ACTION_CLASSES, Bank, KeepFaceUp, PlayCard, Steal
from .cards import DOCUMENT, SAFE, VaultComponents, default_components
from .state import FACE_UP, HIDDEN, VaultState, card_sort_key
from .tensor import encode as vault_tensor
from .tensor import layout as vault_layout
from .text import OPTION_HELP, VaultText

#: The most tricks a deal can have: a hand of 16 cards (two players, Rulebook 002 §Préparation).
MAX_TRICKS = 16

if TYPE_CHECKING:
    from ...core import Bot


class VaultGame(Game):
    """The vault card game: the engine contract's :class:`Game` for this game."""

    id = "vault"
    title = N_("Top Secret: the vault card game")
    min_players = 2
    max_players = 6
    play_style = "simultaneous"

    def __init__(self, components: VaultComponents | None = None) -> None:
        self.components = components or default_components()
        self.option_specs = (
            OptionSpec(
                "target",
                int,
                0,
                OPTION_HELP["target"],
                minimum=0,
            ),
            OptionSpec(
                "single_deal",
                bool,
                True,
                OPTION_HELP["single_deal"],
            ),
            OptionSpec(
                "stolen",
                str,
                HIDDEN,
                OPTION_HELP["stolen"],
                choices=(HIDDEN, FACE_UP),
            ),
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
        #: The steal choice against each seat, and the two choices of a lone face-up card,
        #: shared as the plays are: listing a step's choices then builds no new actions.
        self.steal_actions: tuple[Steal, ...] = tuple(Steal(s) for s in range(self.max_players))
        self.bank_choices: tuple[Bank, KeepFaceUp] = (Bank(), KeepFaceUp())
        #: The cards of each colour a player takes in hand (all but the safe), in deck order.
        self.hand_cards: dict[str, tuple[int, ...]] = {
            colour: tuple(c.id for c in deck if c.colour == colour and c.kind != SAFE)
            for colour in self.components.colours
        }

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> VaultState:
        return VaultState(self, self.components, players, options, seed)

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """One deal: at most three decisions a trick per player (play, steal, bank) over at
        most 16 tricks. Deals to a target: at most 468 decisions per player in 300 seeded
        random whole games to 1200 (more deals for a higher target); that bound leaves a
        margin of more than 3."""
        if options.get("single_deal", True):
            return 3 * MAX_TRICKS * players
        target = int(options.get("target", 0)) or self.components.target_for(players)
        deals = max(1, -(-target // 1200))
        return 1500 * players * deals

    def codec(self, players: int) -> ActionCodec:
        space: list[Action] = [*self._play_space]
        space.extend(self.steal_actions[:players])
        space.extend(self.bank_choices)
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

    def localized(self, tr: Translator) -> VaultText:
        """The game's words in one seat's language (see :mod:`topsecret.i18n`)."""
        return VaultText(tr)

    def describe_action(self, action: Action, tr: Translator = ENGLISH) -> str:
        return VaultText(tr).action(action)

    def describe_event(
        self, event: Event, seat: int | None, tr: Translator = ENGLISH
    ) -> str | None:
        return VaultText(tr).event(event, seat)

    def render_text(self, observation: Mapping[str, Any], tr: Translator = ENGLISH) -> Any:
        return VaultText(tr).view(observation)


GAME = VaultGame()

__all__ = ["DOCUMENT", "GAME", "VaultGame"]
