"""A seat's observation as a fixed-size tensor, for learning agents.

The tensor is built from the observation dict alone (``State.observation(seat)``), so it holds
nothing the seat may not know. Seats are relative to the observing seat: position 0 is "me",
then the others in turn order (clockwise), so one network serves every seat. Amounts of
sovereigns are divided by the starting reserve (``[rules] reserve`` in ``components.toml``),
which no payoff, bound, reserve or removed total can exceed; everything else is one-hot or 0/1.

The size depends on the map (its number of cities) and the player count only; the slices and
their order are listed in :func:`layout` and in ``docs/games/briefcase.md``.

Example::

    from topsecret.games.briefcase import GAME
    state = GAME.new_state(3, seed=1)
    tensor = GAME.observation_tensor(state.observation(0), 3)
    GAME.tensor_layout(3).split(tensor)["briefcase_city"]   # one-hot: Vienna
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ...core import TensorLayout, TensorSlice
from .board import Board, load_board
from .components import Components, components
from .rules import SOLOMON_NAME

PHASES = ("setup", "turn", "challenge", "bid", "carry", "power", "over")
PENDING_KINDS = ("move", "burn")
END_REASONS = ("hq", "solomon")


def _faces(comp: Components) -> tuple[str, ...]:
    """The die's distinct faces in the order the data first lists them."""
    return tuple(dict.fromkeys(comp.die))


def _payees(comp: Components) -> tuple[str, ...]:
    """The spaces of a payoff board: the six agents, then Dr. Solomon."""
    return (*comp.agent_names, SOLOMON_NAME)


def layout(players: int, map: Board | None = None, comp: Components | None = None) -> TensorLayout:
    """The named slices of a seat's tensor at a table of ``players`` on ``map``.

    ``map`` defaults to the built-in map of Europe, ``comp`` to the built-in components.
    """
    board = map if map is not None else load_board()
    comp = comp if comp is not None else components()
    return _layout(players, board, comp)


@cache
def _layout(players: int, board: Board, comp: Components) -> TensorLayout:
    # encode checks every slice against the layout, so one is built per table size, not per call.
    n = players
    cities = len(board.names)
    agents = len(comp.agents)
    payees = agents + 1
    reserve = comp.reserve
    track = comp.track_start_for(players)
    parts = (
        ("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
        ("current", n, "seat whose turn it is, relative (me first), one-hot"),
        ("acting", n, "seats that owe a decision now, relative, 0/1"),
        ("first_player", n, "start player (Dr. Solomon plays after the seat before), relative"),
        ("track", 1, f"Dr. Solomon die's track space / {track} (0: the end space)"),
        ("track_end", 1, "1 once the die is on the end space and Dr. Solomon rolls"),
        ("last_roll", len(_faces(comp)), "face of last round's roll, one-hot (none: zeros)"),
        ("agent_city", agents * cities, "each agent's city, one-hot over cities, agent by agent"),
        ("agent_burnt", agents, "agent burnt (off the board), 0/1"),
        ("briefcase_city", cities, "the briefcase's city, one-hot"),
        ("agents_with_briefcase", agents, "agent in the briefcase's city, 0/1"),
        ("hq_city", n * cities, "each seat's HQ city, one-hot, seat by seat, relative"),
        ("restricted", n, "seat's RESTRICTED marker is up, relative, 0/1"),
        ("restricted_this_turn", 1, "the seat to play may only make a payoff this turn"),
        ("burn_tokens_left", 1, f"burn tokens left / {comp.burn_tokens}"),
        ("payoffs_made", n, f"payoffs each seat made / {reserve}, capped at 1, relative"),
        ("coins_removed", n, f"sovereigns burns removed from each seat / {reserve}, relative"),
        (
            "known_at_least",
            n * payees,
            f"public lower bound on each seat's payoff per agent and Dr. Solomon / {reserve}, "
            "seat by seat, relative",
        ),
        (
            "announced_with",
            n * agents,
            "seat has announced a move or burn with the agent, seat by seat, relative, 0/1",
        ),
        ("my_payoffs", payees, f"my payoff on each agent and Dr. Solomon / {reserve}"),
        ("my_reserve", 1, f"my reserve / {reserve}"),
        ("my_starting_token", agents, "my starting payoff token's agent, one-hot"),
        ("my_setup_choice", agents, "the two agents I chose in setup, while still hidden, 0/1"),
        ("setup_chosen", n, "seat has chosen its setup coins, relative, 0/1"),
        (
            "spied_seen",
            (n - 1) * payees,
            "I have looked (Spyglass) at this payoff of another seat, others in turn order, 0/1",
        ),
        (
            "spied_amount",
            (n - 1) * payees,
            f"amount my latest look at that payoff showed / {reserve}, others in turn order",
        ),
        ("pending_kind", len(PENDING_KINDS), "announced action under challenge: move, burn"),
        ("pending_agent", agents, "acting agent of the announced action, one-hot"),
        ("pending_from", cities, "acting agent's city when announced, one-hot"),
        ("pending_to", cities, "city an announced move goes to, one-hot"),
        ("pending_target", agents, "agent an announced burn targets, one-hot"),
        ("pending_to_ask", n, "seats still to be offered a challenge, relative, 0/1"),
        ("pending_passed", n, "seats that passed on this announcement, relative, 0/1"),
        ("pending_challenger", n, "seat challenging now, relative, one-hot"),
        ("bid_challenger", 1, f"challenger's highest number in this challenge / {reserve}"),
        ("bid_mover", 1, f"mover's highest number in this challenge / {reserve}"),
        ("moved_agent", agents, "agent whose move just succeeded (carry and power phases)"),
        ("winners", n, "seats that won, relative, 0/1"),
        ("end_reason", len(END_REASONS), "how the game ended: " + ", ".join(END_REASONS)),
        (
            "revealed_payoffs",
            n * payees,
            f"every seat's payoffs once the game is over / {reserve}, relative",
        ),
        ("revealed_reserves", n, f"every seat's reserve once the game is over / {reserve}"),
    )
    return TensorLayout(tuple(TensorSlice(name, size, text) for name, size, text in parts))


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def encode(
    observation: Mapping[str, Any],
    players: int,
    map: Board | None = None,
    comp: Components | None = None,
) -> list[float]:
    """A seat's observation as the flat tensor :func:`layout` describes."""
    board = map if map is not None else load_board()
    comp = comp if comp is not None else components()
    seat_of = observation.get("seat")
    if not isinstance(seat_of, int) or "you" not in observation:
        raise ValueError("a spectator has no observation tensor: give a seat's observation")
    if observation.get("players") != players:
        raise ValueError(f"the observation is of a {observation.get('players')}-player table")
    if observation.get("map_key", board.key) != board.key:
        raise ValueError(
            f"the observation is of another map ({observation.get('map')!r}) than this "
            f"game's {board.name!r}: encode it with state.game, the game on the map in play"
        )
    me: int = seat_of
    n = players
    cities = len(board.names)
    names = comp.agent_names
    agents = len(names)
    payees = _payees(comp)
    reserve = float(comp.reserve)

    def rel(seat: int) -> int:
        return (seat - me) % n

    def city(name: str | None) -> int | None:
        return None if name is None else board.index(name)

    def seats(chosen: Sequence[int]) -> list[float]:
        out = [0.0] * n
        for seat in chosen:
            out[rel(seat)] = 1.0
        return out

    def by_seat(rows: Sequence[Sequence[float]]) -> list[float]:
        """Rows indexed by absolute seat, laid out relative to me."""
        return [v for r in range(n) for v in rows[(me + r) % n]]

    def coins(row: Mapping[str, int]) -> list[float]:
        return [row[p] / reserve for p in payees]

    parts: dict[str, list[float]] = {}
    phase = observation["phase"]
    parts["phase"] = _one_hot(len(PHASES), PHASES.index(phase))
    parts["current"] = seats([observation["current"]])
    parts["acting"] = seats(observation["acting"])
    parts["first_player"] = seats([observation["first_player"]])
    track = observation["track"]
    parts["track"] = [track / comp.track_start_for(players)]
    parts["track_end"] = [1.0 if track == 0 else 0.0]
    faces = _faces(comp)
    roll = observation["last_roll"]
    parts["last_roll"] = _one_hot(len(faces), faces.index(roll) if roll else None)

    where = observation["agents"]
    parts["agent_city"] = [v for name in names for v in _one_hot(cities, city(where[name]))]
    parts["agent_burnt"] = [1.0 if where[name] is None else 0.0 for name in names]
    briefcase = observation["briefcase"]
    parts["briefcase_city"] = _one_hot(cities, city(briefcase))
    parts["agents_with_briefcase"] = [1.0 if where[name] == briefcase else 0.0 for name in names]
    hqs = observation["hqs"]
    parts["hq_city"] = by_seat([_one_hot(cities, city(hqs[seat])) for seat in range(n)])

    parts["restricted"] = seats([s for s, up in enumerate(observation["restricted"]) if up])
    parts["restricted_this_turn"] = [1.0 if observation["restricted_this_turn"] else 0.0]
    parts["burn_tokens_left"] = [observation["burn_tokens_left"] / comp.burn_tokens]
    made = observation["payoffs_made"]
    parts["payoffs_made"] = by_seat([[min(1.0, made[s] / reserve)] for s in range(n)])
    removed = observation["coins_removed"]
    parts["coins_removed"] = by_seat([[removed[s] / reserve] for s in range(n)])
    parts["known_at_least"] = by_seat([coins(row) for row in observation["known_at_least"]])
    announced = [[0.0] * agents for _ in range(n)]
    for record in observation["history"]:
        if record["action"] in PENDING_KINDS:
            announced[record["seat"]][names.index(record["agent"])] = 1.0
    parts["announced_with"] = by_seat(announced)

    you = observation["you"]
    parts["my_payoffs"] = coins(you["payoffs"])
    parts["my_reserve"] = [you["reserve"] / reserve]
    parts["my_starting_token"] = _one_hot(agents, names.index(you["starting_token"]))
    setup = observation.get("setup")
    choice = [0.0] * agents
    chosen: list[int] = []
    if setup is not None:
        chosen = setup["chosen"]
        own = setup["my_choice"]
        if own is not None:
            for key in ("first", "second"):
                choice[names.index(own[key])] = 1.0
    parts["my_setup_choice"] = choice
    parts["setup_chosen"] = seats(chosen)
    seen = [[0.0] * len(payees) for _ in range(n - 1)]
    amount = [[0.0] * len(payees) for _ in range(n - 1)]
    for note in you["spied"]:  # in the order they were made: a later look overwrites
        other, payee = rel(note["seat"]) - 1, payees.index(note["agent"])
        seen[other][payee] = 1.0
        amount[other][payee] = note["amount"] / reserve
    parts["spied_seen"] = [v for row in seen for v in row]
    parts["spied_amount"] = [v for row in amount for v in row]

    pending = observation["pending"]
    if pending is None:
        pending = {"kind": None, "bids": [], "to_ask": [], "passed": []}
    kind = pending["kind"]
    parts["pending_kind"] = _one_hot(
        len(PENDING_KINDS), PENDING_KINDS.index(kind) if kind else None
    )
    agent = pending.get("agent")
    parts["pending_agent"] = _one_hot(agents, names.index(agent) if agent else None)
    parts["pending_from"] = _one_hot(cities, city(pending.get("from")))
    parts["pending_to"] = _one_hot(cities, city(pending.get("to")))
    target = pending.get("target")
    parts["pending_target"] = _one_hot(agents, names.index(target) if target else None)
    parts["pending_to_ask"] = seats(pending["to_ask"])
    parts["pending_passed"] = seats(pending["passed"])
    challenger = pending.get("challenger")
    parts["pending_challenger"] = seats([] if challenger is None else [challenger])
    bids = pending["bids"]
    # Numbers alternate, the challenger's first (Rulebook 004 §Challenges).
    parts["bid_challenger"] = [max(bids[0::2], default=0) / reserve]
    parts["bid_mover"] = [max(bids[1::2], default=0) / reserve]
    moved: int | None = None
    if phase in ("carry", "power") and observation["history"]:
        moved = names.index(observation["history"][-1]["agent"])
    parts["moved_agent"] = _one_hot(agents, moved)

    parts["winners"] = seats(observation["winners"])
    reason = observation["end_reason"]
    parts["end_reason"] = _one_hot(len(END_REASONS), END_REASONS.index(reason) if reason else None)
    revealed = observation.get("revealed")
    if revealed is None:
        parts["revealed_payoffs"] = [0.0] * (n * len(payees))
        parts["revealed_reserves"] = [0.0] * n
    else:
        parts["revealed_payoffs"] = by_seat([coins(row) for row in revealed["payoffs"]])
        reserves = revealed["reserves"]
        parts["revealed_reserves"] = by_seat([[reserves[s] / reserve] for s in range(n)])

    out: list[float] = []
    for part in layout(players, board, comp).slices:
        values = parts[part.name]
        if len(values) != part.size:
            raise AssertionError(f"slice {part.name} has {len(values)} values, not {part.size}")
        out.extend(values)
    return out


__all__ = ["END_REASONS", "PENDING_KINDS", "PHASES", "encode", "layout"]
