"""The SpyWorld game: options, action codec, bots and text views."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ...core import Action, ActionCodec, InvalidOptions, OptionSpec
from ...core.errors import DataFileError
from ...core.game import Game
from ...core.options import OptionValue
from .actions import (
    Boost,
    ChooseAgent,
    ClaimMission,
    DeclineMissions,
    Discard,
    Move,
    Pass,
    PlaceUpgrade,
    PlaceWall,
    Stop,
    TakeCards,
    TakeGadget,
    Teleport,
    Undo,
    make_codec,
)
from .components import agents, lair_board, missions
from .state import SpyWorldState

if TYPE_CHECKING:
    from ...core import Bot


@cache
def _codec() -> ActionCodec:
    return make_codec()


def parse_expert(text: str) -> str:
    """Gadget sides: "normal", "expert", or five letters N/E for gadgets 1-5."""
    lowered = text.strip().lower()
    if lowered == "normal":
        return "NNNNN"
    if lowered == "expert":
        return "EEEEE"
    upper = text.strip().upper()
    if len(upper) == 5 and set(upper) <= {"N", "E"}:
        return upper
    raise InvalidOptions(
        f"option 'gadgets' takes normal, expert or five letters N/E (like NNENE), not {text!r}"
    )


def parse_beginners(text: str, players: int) -> frozenset[int]:
    lowered = text.strip().lower()
    if lowered in ("", "none"):
        return frozenset()
    if lowered == "all":
        return frozenset(range(players))
    seats = set()
    for part in lowered.split(","):
        if not part.strip().isdigit() or not 0 <= int(part) < players:
            raise InvalidOptions(
                f"option 'beginners' takes none, all or seat numbers 0-{players - 1} "
                f"separated by commas, not {text!r}"
            )
        seats.add(int(part))
    return frozenset(seats)


class SpyWorldGame(Game):
    id = "spyworld"
    title = "SpyWorld"
    min_players = 2
    max_players = 12
    play_style = "simultaneous"
    option_specs = (
        OptionSpec(
            "lair",
            str,
            "polar_base",
            "lair board: superyacht (1, initiation), polar_base (2, default), jungle_temple (3), "
            "moon_base (4), or the path of your own lair board .toml file",
        ),
        OptionSpec(
            "gadgets",
            str,
            "normal",
            "gadget sides: normal, expert, or five letters N/E for gadgets 1-5",
        ),
        OptionSpec(
            "beginners",
            str,
            "none",
            "seats getting the beginner variant's +5 budget: none, all, or seats like 0,2",
        ),
        OptionSpec(
            "lenient",
            bool,
            False,
            "Variant 2: explorers may correct their path (up to 10 undos each)",
        ),
        OptionSpec(
            "free_agents",
            bool,
            False,
            "everyone picks their favourite Agent instead of being dealt cards",
        ),
    )

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> SpyWorldState:
        try:
            board = lair_board(str(options["lair"]))
        except DataFileError as exc:
            raise InvalidOptions(f"option 'lair': {exc}") from None
        state = SpyWorldState(
            self,
            players,
            board,
            seed,
            expert=parse_expert(str(options["gadgets"])),
            beginners=parse_beginners(str(options["beginners"]), players),
            lenient=bool(options["lenient"]),
            free_agents=bool(options["free_agents"]),
        )
        state.board_name = str(options["lair"])
        return state

    def codec(self, players: int) -> ActionCodec:
        return _codec()

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def describe_action(self, action: Action) -> str:
        if isinstance(action, ChooseAgent):
            return f"choose Agent {agents()[action.agent].name}"
        if isinstance(action, TakeCards):
            slots = ", ".join(str(s + 1) for s in action.slots)
            extra = len(action.slots) - 1
            return f"take card{'s' if extra else ''} {slots}" + (
                f" ({extra} bonus action{'s' if extra > 1 else ''})" if extra else ""
            )
        if isinstance(action, Pass):
            return "pass (+1)"
        if isinstance(action, PlaceUpgrade):
            return f"draw it in row {action.row}, column {action.col}"
        if isinstance(action, PlaceWall):
            return f"wall on the {action.side} side of row {action.row}, column {action.col}"
        if isinstance(action, TakeGadget):
            from .components import gadgets

            return f"take gadget {action.number} ({gadgets()[action.number - 1].name})"
        if isinstance(action, Discard):
            return "discard the card (it cannot be used)"
        if isinstance(action, ClaimMission):
            return f"claim mission {action.slot + 1} for {action.reward}"
        if isinstance(action, DeclineMissions):
            return "claim no mission"
        if isinstance(action, Move):
            text = f"move {action.direction}"
            if action.use:
                text += f" using item {action.use}"
            if action.stealth:
                text += f", {action.stealth} Stealth into the Shark Pool"
            return text
        if isinstance(action, Teleport):
            return f"teleport to row {action.row}, column {action.col}"
        if isinstance(action, Boost):
            return f"use item {action.item} for {action.stat}"
        if isinstance(action, Stop):
            return "stop exploring"
        if isinstance(action, Undo):
            return "undo the last move"
        return repr(action)

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        """Shark Pool splits gather under their move; walls under their row."""
        groups: dict[str, list[Action]] = {}
        for action in actions:
            if isinstance(action, Move):
                heading = f"move {action.direction}" + (
                    f" using item {action.use}" if action.use else ""
                )
            elif isinstance(action, PlaceWall):
                heading = f"wall in row {action.row}"
            else:
                heading = self.describe_action(action)
            groups.setdefault(heading, []).append(action)
        return list(groups.items())

    def render_text(self, observation: Mapping[str, Any]) -> Any:
        from .render import render_observation

        return render_observation(observation)


GAME = SpyWorldGame()

__all__ = ["GAME", "SpyWorldGame", "missions"]
