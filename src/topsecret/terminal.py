"""Playing one game in a terminal: a person in one seat, bots in the others.

Seats are shown counted from 1, as players count them (``--seat 1`` is the first seat); the
code and the replay log count from 0.

A real-time game (the winking game) runs on a virtual clock, as ``play_match`` runs it: each
tick of :data:`TICK_SECONDS` tells the game the time, then every seat that may act is asked
once, the first seat rotating. The clock waits for the person: whenever they may act they
pick an action or "wait", always number 0 (an empty line waits too), and waiting lets the
clock run until something they can see happens, :data:`WAIT_TICKS` ticks at most. Actions are
logged with their time, so the log replays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from .arena.match import bot_seeds
from .bots import make_bot
from .core import (
    TICK_SECONDS,
    Action,
    Bot,
    Event,
    Game,
    ReplayLog,
    SeatView,
    State,
    tick_order,
    visible_events,
)
from .i18n import ENGLISH, N_, GameText, Translator, game_text
from .i18n.rules_summary import plain_markup, rules_summary
from .i18n.table_text import sentence

HELP = N_(
    "Type the number of an action and press Enter. "
    "'t' shows the table again, 'r' the rules in one minute, 'h' this help, 'q' leaves the game."
)
#: The real-time menu's entry 0, first on the menu; an empty line chooses it too.
WAIT = N_("Wait (the clock runs until something happens, one second at most)")

#: The most ticks one "wait" lets the clock run: the person sees the table again at least
#: every second of game time.
WAIT_TICKS = 4


class Quit(Exception):
    """The person chose to leave the table."""


def ask_action(
    console: Console, game: Game, state: State, seat: int, tr: Translator = ENGLISH
) -> Action:
    """Prompt until the person picks a legal action; nonsense is answered, never fatal."""
    action = _ask(console, game, state, seat, tr, may_wait=False)
    assert action is not None  # only a menu with "wait" answers None
    return action


def ask_action_or_wait(
    console: Console, game: Game, state: State, seat: int, tr: Translator = ENGLISH
) -> Action | None:
    """As :func:`ask_action`, with "wait" last on the menu (an empty line picks it too):
    ``None`` when the person waits."""
    return _ask(console, game, state, seat, tr, may_wait=True)


def _ask(
    console: Console, game: Game, state: State, seat: int, tr: Translator, may_wait: bool
) -> Action | None:
    words = game_text(game, tr)
    groups = words.action_groups(state.legal_actions(seat))
    observation = state.observation(seat)
    labels = [noted(words, label, actions, observation) for label, actions in groups]
    numbers = list(range(1, len(groups) + 1))
    if may_wait:
        # "Wait" keeps one number, 0, however many moves the table offers around it: the
        # number that waited a moment ago never makes a move (an empty line waits too).
        labels.insert(0, tr.gettext(WAIT))
        numbers.insert(0, 0)
    console.print(words.view(observation))
    while True:
        your_move = tr.gettext("Your move:")
        console.print(f"[bold]{escape(your_move)}[/]")
        chosen = _pick(
            console, words, state, seat, labels, tr, numbers, blank=0 if may_wait else None
        )
        if chosen is None or chosen == BACK:
            continue
        if may_wait:
            if chosen == 0:
                return None
            chosen -= 1
        actions = groups[chosen][1]
        if len(actions) == 1:
            return actions[0]
        detail = _ask_detail(
            console, words, state, seat, groups[chosen][0], actions, tr, observation
        )
        if detail is not None:
            return detail


def _ask_detail(
    console: Console,
    words: GameText,
    state: State,
    seat: int,
    heading: str,
    actions: Sequence[Action],
    tr: Translator,
    observation: Mapping[str, Any],
) -> Action | None:
    """One group's menu (a payoff's amounts, say), asked until the person picks one of them
    or goes back with 'b' (``None``): a wrong answer asks this menu again, so the next
    number typed is never taken from the menu above. A menu of amounts is numbered by the
    amounts themselves."""
    numbers = words.menu_numbers(actions)
    back = tr.gettext("('b' goes back)")
    labels = [noted(words, words.action(a), [a], observation) for a in actions]
    while True:
        console.print(f"[bold]{escape(heading)}:[/] {escape(back)}")
        detail = _pick(console, words, state, seat, labels, tr, numbers)
        if detail == BACK:
            return None
        if detail is not None:
            return actions[detail]


def rules_text(game_id: str, tr: Translator = ENGLISH) -> str:
    """The game's rules in one minute as Rich markup: the web table's rules dialog without its
    last line, which says what to click."""
    summary = rules_summary(game_id, tr)
    if summary is None:
        return escape(tr.gettext(HELP))
    items = [f"  • {plain_markup(item, escape)}" for item in summary.items]
    return "\n".join([f"[bold]{escape(summary.title)}[/bold]", *items])


def noted(
    words: GameText, label: str, actions: Sequence[Action], observation: Mapping[str, Any]
) -> str:
    """A menu entry with the game's note on it, if any (what the move costs, say)."""
    note = words.menu_note(actions, observation)
    return label if note is None else f"{label} {note}"


#: What :func:`_pick` answers to 'b'.
BACK: Final = -1


def _pick(
    console: Console,
    words: GameText,
    state: State,
    seat: int,
    labels: Sequence[str],
    tr: Translator = ENGLISH,
    numbers: Sequence[int] | None = None,
    blank: int | None = None,
) -> int | None:
    """One menu, each label under its number (``numbers``, else 1, 2, ...); the index picked,
    :data:`BACK` for 'b', or ``None`` to show the menu again. ``blank`` is the index an empty
    line picks, if any."""
    shown = list(numbers) if numbers is not None else list(range(1, len(labels) + 1))
    for number, label in zip(shown, labels, strict=True):
        console.print(f"  {number:>2}. {escape(label)}")
    try:
        answer = console.input("> ").strip().lower()
    except EOFError:
        raise Quit from None
    if answer == "" and blank is not None:
        return blank
    if answer in ("q", "quit", "exit"):
        raise Quit
    if answer in ("h", "help", "?"):
        console.print(escape(tr.gettext(HELP)))
        return None
    if answer in ("t", "table"):
        console.print(words.view(state.observation(seat)))
        return None
    if answer in ("r", "rules"):
        console.print(rules_text(state.game.id, tr))
        return None
    if answer in ("b", "back"):
        return BACK
    if answer.isdigit() and int(answer) in shown:
        return shown.index(int(answer))
    please = tr.gettext("Please type a number from {low} to {high}").format(
        low=min(shown), high=max(shown)
    )
    console.print(f"[yellow]{escape(please)}[/] ({escape(tr.gettext(HELP))})")
    return None


def tell(
    console: Console, game: Game, events: Sequence[Event], seat: int, tr: Translator = ENGLISH
) -> int:
    """Print the lines of ``events`` the seat may see; returns how many were printed."""
    words = game_text(game, tr)
    told = 0
    for event in visible_events(events, seat):
        line = words.event(event, seat)
        if line:
            # Every game's log line starts with a capital, as the browser's log does.
            console.print(f"[dim]·[/] {escape(sentence(line))}")
            told += 1
    return told


def offer_rematch(
    console: Console, game: Game, log: ReplayLog, human: int, tr: Translator = ENGLISH
) -> list[int] | None:
    """The tied seats, in seat order, if the game has tied players play again, the person is
    one of them and accepts a rematch between them; otherwise ``None``."""
    if not getattr(game, "play_again_on_tie", False) or not log.scores:
        return None
    best = max(log.scores)
    tied = [seat for seat, score in enumerate(log.scores) if score == best]
    if len(tied) < max(2, game.min_players) or human not in tied:
        return None
    others = ", ".join(tr.gettext("seat {seat}").format(seat=s + 1) for s in tied if s != human)
    console.print(
        escape(
            tr.gettext(
                "You tie for the win with {others}. The rules say tied players play again."
            ).format(others=others)
        )
    )
    try:
        answer = console.input(
            escape(tr.gettext("Play a rematch between the tied players? [y/N] "))
        )
    except EOFError:
        return None
    yes = {"y", "yes", tr.gettext("y"), tr.gettext("yes")}
    return tied if answer.strip().lower() in yes else None


#: The option every game's resolved options carry: the rules version a table is played under.
RULES_OPTION = "rules"


def option_lines(words: GameText, options: Mapping[str, Any], tr: Translator) -> list[str]:
    """The options in play for the start panel: the game's own in its words, then the rules
    version the table is played under."""
    own = {name: value for name, value in options.items() if name != RULES_OPTION}
    lines = words.options(own)
    if RULES_OPTION in options:
        lines.append(tr.gettext("Rules version: {version}").format(version=options[RULES_OPTION]))
    return lines


def play_in_terminal(
    game: Game,
    players: int,
    human: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
    console: Console,
    tr: Translator = ENGLISH,
) -> ReplayLog:
    """Run one game; returns its replay log (complete, or up to where the person left).

    Everything the person reads is in ``tr``'s language where the game has catalogue
    messages; the bots and the log are untouched by it. ``options`` are a new table's
    (:meth:`Game.new_table_options`): an earlier rules version is refused."""
    resolved = game.new_table_options(options)
    state = game.new_state(players, resolved, seed)
    seeds = bot_seeds(seed, players)
    seated: dict[int, Bot] = {
        seat: make_bot(game, bots[seat], seeds[seat]) for seat in range(players) if seat != human
    }
    names = [("you" if s == human else seated[s].name) for s in range(players)]
    log = ReplayLog(game.id, players, seed, dict(resolved), bots=names)
    words = game_text(game, tr)
    lines = [
        tr.gettext(game.title),
        tr.gettext("You are seat {seat}. Seed {seed} (replay with --seed {seed}).").format(
            seat=human + 1, seed=seed
        ),
        *option_lines(words, resolved, tr),
        tr.gettext(HELP),
    ]
    console.print(Panel(escape("\n".join(lines)), title="TOP SECRET"))
    table = _Table(console, game, state, human, seated, log, tr)
    try:
        if game.play_style == "realtime":
            table.play_realtime()
        else:
            table.play_turns()
    except (Quit, KeyboardInterrupt):
        # Ctrl-C leaves as 'q' and Ctrl-D do: said so, and the log so far is kept.
        console.print(escape(tr.gettext("You left the table. The game is not finished.")))
        return log
    log.scores = state.scores()
    console.print(words.view(state.observation(human)))
    return log


class _Table:
    """One game in play in the terminal: the person's seat, the bots, the log."""

    def __init__(
        self,
        console: Console,
        game: Game,
        state: State,
        human: int,
        seated: Mapping[int, Bot],
        log: ReplayLog,
        tr: Translator,
    ) -> None:
        self.console = console
        self.game = game
        self.state = state
        self.human = human
        self.seated = seated
        self.log = log
        self.tr = tr

    def play_turns(self) -> None:
        state = self.state
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                if seat == self.human:
                    action = ask_action(self.console, self.game, state, seat, self.tr)
                else:
                    action = self.seated[seat].choose(SeatView(state, seat))
                self.take(seat, action, None)

    def play_realtime(self) -> None:
        """The virtual clock of the module docstring: the person's "wait" runs it until a
        line is printed for them, or for :data:`WAIT_TICKS` ticks."""
        state = self.state
        players = state.num_players
        waiting = 0
        tick = 0
        while not state.is_over():
            now = tick * TICK_SECONDS
            if self.tell_all(state.advance_time(now)):
                waiting = 0
            for seat in tick_order(state.acting_players(), tick, players):
                if state.is_over() or seat not in state.acting_players():
                    continue
                if seat == self.human:
                    if waiting:
                        continue
                    action = ask_action_or_wait(self.console, self.game, state, seat, self.tr)
                    if action is None:
                        waiting = WAIT_TICKS
                        continue
                else:
                    action = self.seated[seat].act_at(SeatView(state, seat), now)
                    if action is None:
                        continue
                if self.take(seat, action, now):
                    waiting = 0
            waiting = max(0, waiting - 1)
            tick += 1

    def take(self, seat: int, action: Action, now: float | None) -> int:
        """Apply a seat's action, log it (with its time in real time) and tell everyone;
        returns the lines printed for the person."""
        events = self.state.apply(seat, action)
        self.log.record(seat, action.to_json(), now)
        return self.tell_all(events)

    def tell_all(self, events: Sequence[Event]) -> int:
        """The person reads what they may see of ``events``, each bot observes its share;
        returns the lines printed for the person."""
        if not events:
            return 0
        for other, bot in self.seated.items():
            seen = visible_events(events, other)
            if seen:
                bot.observe(other, seen)
        return tell(self.console, self.game, events, self.human, self.tr)
