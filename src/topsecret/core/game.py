"""The engine contract every game follows.

A :class:`Game` is an immutable description with a factory for states. A :class:`State` is
the mutable table: who acts, what they may do, what happens when they do it, and what each
seat may know. Bots, the server, the arena and the RL adapters are written against this
contract only.

Example::

    from topsecret.games import get_game
    from topsecret.core import Rng

    game = get_game("vault")
    state = game.new_state(players=3, seed=7)
    rng = Rng(1)
    while not state.is_over():
        for seat in state.acting_players():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    print(state.scores())
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, ActionCodec
from .errors import N_, IllegalAction, InvalidOptions, fill
from .events import Event
from .options import OptionSpec, OptionValue, parse_option_texts, resolve_options
from .rng import Rng
from .rules_versions import RULES, RulesHistory, rules_history
from .simultaneous import SimultaneousStep
from .tensors import TensorLayout

if TYPE_CHECKING:
    from .bot import Bot


#: The rules every game shares, cited by the errors below (catalogue messages).
RULE_SEATS = N_("seats")
RULE_TURN_ORDER = N_("turn order")
NO_DECISION = N_("seat {seat} has no decision to make now")


def _illegal(template: str, rule: str, **params: object) -> IllegalAction:
    """An illegal action whose reason is a catalogue message (seats counted from 1)."""
    return IllegalAction(fill(template, params), rule, template=template, params=params)


#: How often a real-time game hears the clock, in seconds: the tick of the server's clock,
#: and of the virtual clock that bot matches, the RL adapters and the terminal run. A pace
#: the project chose for play, not a rule (a look still takes the game's own ``look_ms``).
TICK_SECONDS = 0.25


def tick_order(acting: Iterable[int], tick: int, players: int) -> tuple[int, ...]:
    """The seats that may act on clock tick ``tick``, in the order they are asked: the seat
    asked first rotates with the tick, so no seat always wins a race."""
    first = tick % players
    return tuple(sorted(acting, key=lambda seat: (seat - first) % players))


class Game(ABC):
    """An immutable description of one game: identity, player range, options, factory."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: "sequential", "simultaneous" or "realtime": how the game is mostly played.
    play_style: ClassVar[str] = "sequential"
    option_specs: tuple[OptionSpec, ...] = ()
    #: Search options (as in a bot name, ``"trust=0.5"``) the generic search plays this game
    #: best with, measured and documented on the game's page; the ``hard`` level uses them.
    search_options: ClassVar[str] = ""

    @property
    def rules_history(self) -> RulesHistory:
        """This game's rules versions (its package's ``rules_versions.toml``)."""
        return rules_history(type(self).__module__.rpartition(".")[0])

    @property
    def rules_version(self) -> int:
        """The version of the rules a new table is created under."""
        return self.rules_history.current

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, OptionValue]:
        """Every option, checked, with the table's rules version under ``rules``.

        Options that name an earlier rules version get that version's defaults wherever they
        name no value (see :mod:`.rules_versions`), so a stored table replays as it was
        played; options without ``rules`` are of the current version.
        """
        given = dict(given or {})
        history = self.rules_history
        version = history.version_of(given.pop(RULES, None), self.title)
        if version != history.current:
            given = history.upgrade(version, given, self.title)
        resolved = resolve_options(self.option_specs, given)
        resolved[RULES] = version
        return resolved

    def new_table_options(self, given: Mapping[str, Any] | None = None) -> dict[str, OptionValue]:
        """The options of a table created now: what the server's lobby, the terminal, the
        arena and the research adapters resolve before they set a new table up.

        Earlier rules versions exist only so that stored tables and saved logs replay as they
        were played (which :meth:`resolve_options` and :meth:`new_state` still do), so this
        refuses a ``rules`` other than the current one
        (:meth:`~topsecret.core.rules_versions.RulesHistory.check_new`), then resolves the
        options, then refuses a value under an option's ``new_table_minimum``. Options it
        returned pass again unchanged.
        """
        given = dict(given or {})
        self.rules_history.check_new(given.get(RULES), self.title)
        resolved = self.resolve_options(given)
        for spec in self.option_specs:
            spec.check_new_table(resolved[spec.name])
        return resolved

    def parse_option_texts(self, texts: Sequence[str]) -> dict[str, Any]:
        """Options typed as ``name=value`` on a command line, the rules version
        (``rules=2``) among them; hand them to :meth:`new_table_options`, which checks it."""
        typed: list[str] = []
        rules: dict[str, Any] = {}
        for text in texts:
            name, sep, value = text.partition("=")
            if sep and name.strip() == RULES:
                try:
                    rules[RULES] = int(value)
                except ValueError:
                    rules[RULES] = value.strip()
            else:
                typed.append(text)
        return {**parse_option_texts(self.option_specs, typed), **rules}

    def default_players(self) -> int:
        """The table size used when nobody says: four seats, or the nearest the game allows."""
        return max(self.min_players, min(4, self.max_players))

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions.of(
                N_("{game} is for {low}-{high} players, not {count}"),
                game=(self.title, {}),
                low=self.min_players,
                high=self.max_players,
                # "not 3" for the text "3" would read like the count asked for.
                count=players if isinstance(players, int) else repr(players),
            )

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> State:
        """A fresh table: checks the player count and options, then sets up with the seed."""
        self.check_players(players)
        return self._new_state(players, self.resolve_options(options), seed)

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, OptionValue], seed: int) -> State:
        """Set up a table; players and options are already checked."""

    @abstractmethod
    def codec(self, players: int) -> ActionCodec:
        """JSON and integer forms of this game's actions for a given player count."""

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """Bots written for this game, by name; each factory takes a seed."""
        return {}

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """A sound upper bound on the decisions of one game, for adapters that must cut an
        episode or declare a maximum length. Games state theirs, measured by random play
        with a margin; this default is generous for a game that has not."""
        return 2000 * players

    def tensor_layout(self, players: int) -> TensorLayout | None:
        """The observation tensor's named slices for a player count; ``None`` if the game
        has no tensor form (the research adapters then refuse it with a clear message)."""
        return None

    def observation_tensor(self, observation: Mapping[str, Any], players: int) -> list[float]:
        """A seat's observation (the dict from :meth:`State.observation`) as a flat tensor
        laid out as :meth:`tensor_layout` says; built from the observation alone."""
        raise InvalidOptions.of(N_("{game} has no observation tensor"), game=(self.title, {}))

    def describe_action(self, action: Action) -> str:
        """A short sentence for people (menus, logs)."""
        return repr(action)

    def action_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        """Legal actions gathered under short headings for a terminal menu.

        By default every action is its own heading. A game with many similar actions (an
        amount from 1 to 30, say) gathers them; picking such a heading opens a second menu.
        """
        return [(self.describe_action(action), [action]) for action in actions]

    def describe_event(self, event: Event, seat: int | None) -> str | None:
        """One line of table talk for a person at ``seat``; ``None`` hides the event."""
        details = ", ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{event.kind}: {details}" if details else event.kind

    def render_text(self, observation: Mapping[str, Any]) -> Any:
        """A terminal view of one seat's observation (a Rich renderable or a string)."""
        return repr(observation)

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "play_style": self.play_style,
            "rules": self.rules_version,
            "options": [spec.describe() for spec in self.option_specs],
        }


class State(ABC):
    """One table in play. Changes happen only through :meth:`apply`.

    Games implement the ``_``-prefixed hooks; :meth:`apply` is shared so that legality
    checks and commit-then-reveal behave the same in every game.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def rng(self) -> Rng:
        """The state's own seeded generator: the only source of chance in a game."""

    # -- who acts and what they may do ------------------------------------------------

    def open_step(self) -> SimultaneousStep | None:
        """The simultaneous step in progress, if the game is in one."""
        return None

    def acting_players(self) -> tuple[int, ...]:
        """Seats that owe a decision now (or, in real-time play, that may act now)."""
        step = self.open_step()
        if step is not None:
            return step.waiting()
        return self._acting_players()

    def _acting_players(self) -> tuple[int, ...]:
        """Seats that act outside simultaneous steps. Games with sequential play override."""
        return ()

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action this seat may take now; empty when it has nothing to do."""

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why an action is not legal, naming the rule. Games override for precise rules."""
        return _illegal(
            N_("{action} is not a legal action for seat {seat} now"),
            N_("rules"),
            action=repr(action),
            seat=player + 1,
        )

    # -- changing the state -----------------------------------------------------------

    def apply(self, player: int, action: Action) -> list[Event]:
        """Validate and take an action; returns the events it caused.

        An illegal action raises :class:`IllegalAction` and leaves the state untouched.
        In a simultaneous step the action is committed hidden; the step resolves when the
        last seat commits.
        """
        self.check_action(player, action)
        return self.apply_unchecked(player, action)

    def apply_unchecked(self, player: int, action: Action, *, record: bool = True) -> list[Event]:
        """Take an action the caller already knows to be legal, without checking it.

        For trusted callers only (search, rollouts, benchmarks), which pick from
        :meth:`legal_actions` themselves: the check rebuilds and scans that list on every
        call, which can cost more than the move itself. People, the server and replays of
        stored logs go through :meth:`apply`. An illegal action here may corrupt the state.
        ``record=False`` skips the "has chosen" events of a commitment, which a rollout
        never reads (the game's own events are still returned).
        """
        step = self.open_step()
        if step is None:
            return self._apply(player, action)
        events = step.commit(player, action) if record else step.commit_quietly(player, action)
        if step.is_complete():
            events.extend(self._resolve(step.reveal()))
        return events

    def check_action(self, player: int, action: Action) -> None:
        """Raise :class:`IllegalAction` unless the seat may take this action now."""
        if self.is_over():
            raise _illegal(N_("the game is over"), N_("end of the game"))
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            # Players count seats from 1, the engine from 0.
            seat = player + 1 if isinstance(player, int) else repr(player)
            raise _illegal(N_("there is no seat {seat} at this table"), RULE_SEATS, seat=seat)
        if player not in self.acting_players():
            raise _illegal(NO_DECISION, RULE_TURN_ORDER, seat=player + 1)
        if action not in self.legal_actions(player):
            raise self.explain_illegal(player, action)

    def advance_time(self, now: float) -> list[Event]:
        """Tell a real-time game the server's clock (seconds); the engine never reads one.

        The server (or a virtual clock in simulations and tests) calls this before each
        action and on its ticks; timed effects happen here. Turn-based games ignore it.
        """
        return []

    def _apply(self, player: int, action: Action) -> list[Event]:
        """Take a checked action outside a simultaneous step."""
        raise _illegal(N_("this game has no sequential actions"), RULE_TURN_ORDER)

    def _resolve(self, choices: Mapping[int, Action]) -> list[Event]:
        """Reveal and resolve a complete simultaneous step."""
        raise _illegal(N_("this game has no simultaneous steps"), RULE_TURN_ORDER)

    def default_action(self, player: int) -> Action:
        """What a seat does on a timeout; games may choose something wiser than the first."""
        actions = self.legal_actions(player)
        if not actions:
            raise _illegal(NO_DECISION, RULE_TURN_ORDER, seat=player + 1)
        return actions[0]

    # -- what may be known ------------------------------------------------------------

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-safe view of exactly what a seat may know; ``None`` is a spectator."""

    def observations(self, players: Sequence[int | None]) -> list[dict[str, Any]]:
        """``observation(p)`` for each of ``players``, in order, of one unchanged state.

        A game may build what every seat sees once and share it between the views (a server
        tells every seat of each action), and may keep a part whose contents did not change
        from one view to the next as the very same object (a server then tells what changed
        mostly by identity). So views are for reading: a caller that changes one may change
        others, earlier and later ones too. The state never changes a view it gave.
        """
        return [self.observation(player) for player in players]

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> State:
        """A full state consistent with ``observation(player)``, hidden parts sampled."""

    # -- the end ----------------------------------------------------------------------

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (final once the game is over)."""

    def winners(self) -> list[int]:
        """Seats that won; by default the highest scores, ties sharing the win."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # -- copies and records -----------------------------------------------------------

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-safe data (hidden parts included): for tests and logs."""


def win_shares(scores: Sequence[float]) -> list[float]:
    """Each seat's share of the win: ``1/k`` for each of the ``k`` seats with the best score,
    else 0. The reward the search, the tournaments and the research adapters all use."""
    best = max(scores)
    winners = sum(1 for score in scores if score == best)
    return [1.0 / winners if score == best else 0.0 for score in scores]


def play_random_step(state: State, rng: Rng) -> int:
    """Every acting seat takes a uniformly random legal action; returns how many acted."""
    acted = 0
    for seat in state.acting_players():
        # An earlier seat's action may have closed this seat's decision (a step resolved).
        if state.is_over() or seat not in state.acting_players():
            continue
        actions = state.legal_actions(seat)
        if actions:
            state.apply_unchecked(seat, rng.choice(actions), record=False)
            acted += 1
    return acted


def run_random_game(state: State, rng: Rng, max_steps: int = 1_000_000) -> int:
    """Play random legal actions to the end; returns the number of decisions taken."""
    steps = 0
    while not state.is_over():
        acted = play_random_step(state, rng)
        if acted == 0:
            raise RuntimeError("no seat can act but the game is not over")
        steps += acted
        if steps > max_steps:
            raise RuntimeError(f"game did not end within {max_steps} decisions")
    return steps


__all__: Sequence[str] = [
    "TICK_SECONDS",
    "Game",
    "State",
    "play_random_step",
    "run_random_game",
    "tick_order",
    "win_shares",
]
