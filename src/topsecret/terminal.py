"""Playing one game in a terminal: a person in one seat, bots in the others."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel

from .arena.match import bot_seeds
from .bots import make_bot
from .core import Action, Bot, Event, Game, ReplayLog, SeatView, State, visible_events

HELP = (
    "Type the number of an action and press Enter. "
    "'t' shows the table again, 'h' this help, 'q' leaves the game."
)


class Quit(Exception):
    """The person chose to leave the table."""


def ask_action(console: Console, game: Game, state: State, seat: int) -> Action:
    """Prompt until the person picks a legal action; nonsense is answered, never fatal."""
    groups = game.action_groups(state.legal_actions(seat))
    console.print(game.render_text(state.observation(seat)))
    while True:
        console.print("[bold]Your move:[/]")
        chosen = _pick(console, game, state, seat, [label for label, _ in groups])
        if chosen is None:
            continue
        actions = groups[chosen][1]
        if len(actions) == 1:
            return actions[0]
        console.print(f"[bold]{groups[chosen][0]}:[/] ('b' goes back)")
        detail = _pick(console, game, state, seat, [game.describe_action(a) for a in actions])
        if detail is not None:
            return actions[detail]


def _pick(
    console: Console, game: Game, state: State, seat: int, labels: Sequence[str]
) -> int | None:
    """One numbered menu; the index picked, or ``None`` to show the menu again."""
    for number, label in enumerate(labels, start=1):
        console.print(f"  {number:>2}. {label}")
    try:
        answer = console.input("> ").strip().lower()
    except EOFError:
        raise Quit from None
    if answer in ("q", "quit", "exit"):
        raise Quit
    if answer in ("h", "help", "?"):
        console.print(HELP)
        return None
    if answer in ("t", "table"):
        console.print(game.render_text(state.observation(seat)))
        return None
    if answer in ("b", "back"):
        return None
    if answer.isdigit() and 1 <= int(answer) <= len(labels):
        return int(answer) - 1
    console.print(f"[yellow]Please type a number from 1 to {len(labels)}[/] ({HELP})")
    return None


def tell(console: Console, game: Game, events: Sequence[Event], seat: int) -> None:
    for event in visible_events(events, seat):
        line = game.describe_event(event, seat)
        if line:
            console.print(f"[dim]·[/] {line}")


def play_in_terminal(
    game: Game,
    players: int,
    human: int,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any],
    console: Console,
) -> ReplayLog:
    """Run one game; returns its replay log (complete, or up to where the person left)."""
    state = game.new_state(players, options, seed)
    seeds = bot_seeds(seed, players)
    seated: dict[int, Bot] = {
        seat: make_bot(game, bots[seat], seeds[seat]) for seat in range(players) if seat != human
    }
    names = [("you" if s == human else seated[s].name) for s in range(players)]
    log = ReplayLog(game.id, players, seed, dict(game.resolve_options(options)), bots=names)
    console.print(
        Panel(
            f"{game.title}\nYou are seat {human}. Seed {seed} (replay with --seed {seed}).\n{HELP}",
            title="TOP SECRET",
        )
    )
    try:
        while not state.is_over():
            for seat in state.acting_players():
                if state.is_over() or seat not in state.acting_players():
                    continue
                if seat == human:
                    action = ask_action(console, game, state, seat)
                else:
                    action = seated[seat].choose(SeatView(state, seat))
                events = state.apply(seat, action)
                log.record(seat, action.to_json())
                tell(console, game, events, human)
                for other, bot in seated.items():
                    seen = visible_events(events, other)
                    if seen:
                        bot.observe(other, seen)
    except Quit:
        console.print("You left the table. The game is not finished.")
        return log
    log.scores = state.scores()
    console.print(game.render_text(state.observation(human)))
    return log
