"""The SpyWorld game: options, action codec, bots and text views."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ...core import Action, ActionCodec, Event, InvalidOptions, OptionSpec
from ...core.errors import N_, DataFileError
from ...core.game import Game
from ...core.options import OptionValue
from ...core.tensors import TensorLayout
from ...i18n import ENGLISH, Translator
from .actions import make_codec
from .components import lair_board, missions
from .state import SpyWorldState
from .text import OPTION_HELP, SpyWorldText

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
    raise InvalidOptions.of(
        N_("option 'gadgets' takes normal, expert or five letters N/E (like NNENE), not {text}"),
        text=repr(text),
    )


def parse_beginners(text: str, players: int) -> frozenset[int]:
    lowered = text.strip().lower()
    if lowered in ("", "none"):
        return frozenset()
    if lowered == "all":
        return frozenset(range(players))
    seats = set()
    for part in lowered.split(","):
        # The option's values count seats from 0, as stored tables and logs hold them, where
        # players count from 1: the message says which is the first seat.
        if not part.strip().isdigit() or not 0 <= int(part) < players:
            raise InvalidOptions.of(
                N_(
                    "option 'beginners' takes none, all or seat numbers 0-{last} "
                    "separated by commas (0 is the first seat), not {text}"
                ),
                last=players - 1,
                text=repr(text),
            )
        seats.add(int(part))
    return frozenset(seats)


class SpyWorldGame(Game):
    """SpyWorld (Rulebook 003): the engine contract's :class:`Game` for this game."""

    id = "spyworld"
    title = "SpyWorld"
    min_players = 2
    max_players = 12
    play_style = "simultaneous"
    #: Random rollouts walk a lair at random where the heuristic walks the solver's best
    #: path: the hard level plays the heuristic's model and tries the heuristic's move
    #: against three others in paired rollouts: 68.8% against the heuristic over 400 games
    #: at 16 iterations a decision, 70.0% at 100 ms (docs/bots.md has the runs).
    search_options = "opponents=heuristic:guided=200:paired=4"
    #: Rulebook 003 §Final Score: "If players are tied, play again to determine the winner!"
    #: Tables offer the tied players a rematch; simulations keep the shared win.
    play_again_on_tie = True
    option_specs = (
        OptionSpec(
            "lair",
            str,
            "polar_base",
            OPTION_HELP["lair"],
            suggestions=("superyacht", "polar_base", "jungle_temple", "moon_base"),
            names_file=True,
        ),
        OptionSpec(
            "gadgets",
            str,
            "normal",
            OPTION_HELP["gadgets"],
            suggestions=("normal", "expert"),
        ),
        OptionSpec(
            "beginners",
            str,
            "none",
            OPTION_HELP["beginners"],
            suggestions=("none", "all"),
        ),
        OptionSpec(
            "lenient",
            bool,
            False,
            OPTION_HELP["lenient"],
        ),
        OptionSpec(
            "free_agents",
            bool,
            False,
            OPTION_HELP["free_agents"],
        ),
    )

    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> SpyWorldState:
        try:
            board = lair_board(str(options["lair"]))
        except DataFileError as exc:
            reason = (exc.template, exc.params) if exc.template else (str(exc), {})
            raise InvalidOptions.of(N_("option 'lair': {reason}"), reason=reason) from None
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

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """At most 75 decisions per player in seeded random games; 2.5 times that and more.
        A house lair may need more."""
        return 200 * players

    def codec(self, players: int) -> ActionCodec:
        return _codec()

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .bots import HeuristicBot
        from .rollout import RolloutBot

        return {"heuristic": HeuristicBot, "rollout": RolloutBot}

    def localized(self, tr: Translator) -> SpyWorldText:
        """SpyWorld's words for one seat, in that seat's language."""
        return SpyWorldText(tr)

    def describe_action(self, action: Action, tr: Translator = ENGLISH) -> str:
        return SpyWorldText(tr).action(action)

    def describe_event(
        self, event: Event, seat: int | None, tr: Translator = ENGLISH
    ) -> str | None:
        return SpyWorldText(tr).event(event, seat)

    def view_assets(
        self, players: int, options: Mapping[str, Any], tr: Translator = ENGLISH
    ) -> dict[str, Any]:
        """What the browser needs to draw and explain the game: the sheet, board, cards,
        with its sentences in ``tr``'s language."""
        from .text import view_assets

        resolved = self.resolve_options(dict(options))
        board = lair_board(str(resolved["lair"]))
        return view_assets(board, parse_expert(str(resolved["gadgets"])), tr)

    def action_groups(
        self, actions: Sequence[Action], tr: Translator = ENGLISH
    ) -> list[tuple[str, list[Action]]]:
        """Shark Pool splits gather under their move; walls under their row."""
        return SpyWorldText(tr).action_groups(actions)

    def tensor_layout(self, players: int) -> TensorLayout | None:
        from .tensor import layout

        return layout(players)

    def observation_tensor(self, observation: Mapping[str, Any], players: int) -> list[float]:
        from .tensor import encode

        return encode(observation, players)

    def render_text(self, observation: Mapping[str, Any], tr: Translator = ENGLISH) -> Any:
        from .render import render_observation

        return render_observation(observation, tr)


GAME = SpyWorldGame()

__all__ = ["GAME", "SpyWorldGame", "missions"]
