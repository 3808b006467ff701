"""Playing one game in a terminal: a person in one seat, bots in the others.

Seats are shown counted from 1, as players count them (``--seat 1`` is the first seat); the
code and the replay log count from 0."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from .arena.match import bot_seeds
from .bots import make_bot
from .core import Action, Bot, Event, Game, ReplayLog, SeatView, State, visible_events
from .i18n import ENGLISH, N_, GameText, Translator, game_text

HELP = N_(
    "Type the number of an action and press Enter. "
    "'t' shows the table again, 'h' this help, 'q' leaves the game."
)


class Quit(Exception):
    """The person chose to leave the table."""


def ask_action(
    console: Console, game: Game, state: State, seat: int, tr: Translator = ENGLISH
) -> Action:
    """Prompt until the person picks a legal action; nonsense is answered, never fatal."""
    words = game_text(game, tr)
    groups = words.action_groups(state.legal_actions(seat))
    console.print(words.view(state.observation(seat)))
    while True:
        your_move = tr.gettext("Your move:")
        console.print(f"[bold]{escape(your_move)}[/]")
        chosen = _pick(console, words, state, seat, [label for label, _ in groups], tr)
        if chosen is None:
            continue
        actions = groups[chosen][1]
        if len(actions) == 1:
            return actions[0]
        back = tr.gettext("('b' goes back)")
        console.print(f"[bold]{escape(groups[chosen][0])}:[/] {escape(back)}")
        detail = _pick(console, words, state, seat, [words.action(a) for a in actions], tr)
        if detail is not None:
            return actions[detail]


def _pick(
    console: Console,
    words: GameText,
    state: State,
    seat: int,
    labels: Sequence[str],
    tr: Translator = ENGLISH,
) -> int | None:
    """One numbered menu; the index picked, or ``None`` to show the menu again."""
    for number, label in enumerate(labels, start=1):
        console.print(f"  {number:>2}. {escape(label)}")
    try:
        answer = console.input("> ").strip().lower()
    except EOFError:
        raise Quit from None
    if answer in ("q", "quit", "exit"):
        raise Quit
    if answer in ("h", "help", "?"):
        console.print(escape(tr.gettext(HELP)))
        return None
    if answer in ("t", "table"):
        console.print(words.view(state.observation(seat)))
        return None
    if answer in ("b", "back"):
        return None
    if answer.isdigit() and 1 <= int(answer) <= len(labels):
        return int(answer) - 1
    please = tr.gettext("Please type a number from 1 to {count}").format(count=len(labels))
    console.print(f"[yellow]{escape(please)}[/] ({escape(tr.gettext(HELP))})")
    return None


def tell(
    console: Console, game: Game, events: Sequence[Event], seat: int, tr: Translator = ENGLISH
) -> None:
    words = game_text(game, tr)
    for event in visible_events(events, seat):
        line = words.event(event, seat)
        if line:
            console.print(f"[dim]·[/] {escape(line)}")


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
    try:
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                if seat == human:
                    action = ask_action(console, game, state, seat, tr)
                else:
                    action = seated[seat].choose(SeatView(state, seat))
                events = state.apply(seat, action)
                log.record(seat, action.to_json())
                tell(console, game, events, human, tr)
                for other, bot in seated.items():
                    seen = visible_events(events, other)
                    if seen:
                        bot.observe(other, seen)
    except Quit:
        console.print(escape(tr.gettext("You left the table. The game is not finished.")))
        return log
    log.scores = state.scores()
    console.print(words.view(state.observation(human)))
    return log
