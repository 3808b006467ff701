"""The briefcase tensor's floats, written from the state: the game's fast tensor path.

It writes exactly the floats :func:`.tensor.encode` computes from ``observation(seat)`` (the
layout, scales and reasons are there and in docs/games/briefcase.md), without building the
observation dict: the tests hold the two equal, float for float, over random positions of
every table size, so this path knows no more than the observation does. Only the built-in
board and components of the game it was made for are read; a table on another map is refused
as the reference path refuses it.

Plain typed Python that mypyc compiles (``setup.py``; :func:`topsecret.core.native.fastest`
picks the build); the tests hold both this module and its build equal to the reference.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from ...core.tensors import Floats
from .rules import OFF_BOARD
from .tensor import END_REASONS, PENDING_KINDS, PHASES, _faces, _payees, layout

if TYPE_CHECKING:
    from .board import Board
    from .components import Components
    from .state import BriefcaseState

#: Setup, carry and power phases, by index in :data:`.tensor.PHASES`.
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}


#: The slices :meth:`BriefcaseWriter.write` writes, in the order it unpacks their offsets.
_SLICES = (
    "phase",
    "current",
    "acting",
    "first_player",
    "track",
    "track_end",
    "last_roll",
    "agent_city",
    "agent_burnt",
    "agents_with_briefcase",
    "briefcase_city",
    "hq_city",
    "restricted",
    "restricted_this_turn",
    "burn_tokens_left",
    "payoffs_made",
    "coins_removed",
    "known_at_least",
    "announced_with",
    "my_payoffs",
    "my_reserve",
    "my_starting_token",
    "my_setup_choice",
    "setup_chosen",
    "spied_seen",
    "spied_amount",
    "pending_kind",
    "pending_agent",
    "pending_from",
    "pending_to",
    "pending_target",
    "pending_to_ask",
    "pending_passed",
    "pending_challenger",
    "bid_challenger",
    "bid_mover",
    "moved_agent",
    "winners",
    "end_reason",
    "revealed_payoffs",
    "revealed_reserves",
)


class BriefcaseWriter:
    """One table size on one board: offsets and scales worked out once."""

    def __init__(self, game: Any, players: int) -> None:
        board: Board = game.board
        comp: Components = game.components
        self.offsets = layout(players, board, comp).offsets()
        self.board = board
        self.players = players
        self.cities = len(board.names)
        self.agents = len(comp.agent_names)
        self.agent_names = comp.agent_names
        self.payees = _payees(comp)
        self.reserve = float(comp.reserve)
        self.track_start = comp.track_start_for(players)
        self.burn_tokens = comp.burn_tokens
        self.faces = {face: i for i, face in enumerate(_faces(comp))}
        # The reference path names cities and reads them back: the same index for a board
        # whose names are distinct, kept faithful for any other.
        self.city_of = tuple(board.index(name) for name in board.names)
        self.agent_of = {name: i for i, name in reversed(list(enumerate(comp.agent_names)))}
        self.payee_of = {name: i for i, name in reversed(list(enumerate(self.payees)))}
        self._at = tuple(self.offsets[name] for name in _SLICES)
        # History scanned so far, per history list (kept alive, so identity is safe).
        self._history: list[dict[str, Any]] | None = None
        self._scanned = 0
        self._announced: set[tuple[int, int]] = set()
        self._announced_blocks: dict[int, Floats] = {}
        self._rows: dict[tuple[int, ...], Floats] = {}

    def _announced_with(self, history: list[dict[str, Any]]) -> set[tuple[int, int]]:
        """(seat, agent) pairs that announced a move or burn: history only grows."""
        if history is not self._history or len(history) < self._scanned:
            self._history = history
            self._scanned = 0
            self._announced = set()
            self._announced_blocks.clear()
        announced = self._announced
        if len(history) == self._scanned:
            return announced
        known = len(announced)
        agent_of = self.agent_of
        for record in history[self._scanned :]:
            if record["action"] in PENDING_KINDS:
                announced.add((record["seat"], agent_of[record["agent"]]))
        self._scanned = len(history)
        if len(announced) != known:
            self._announced_blocks.clear()
        return announced

    def _payee_row(self, row: list[int]) -> Floats:
        """A row of coins by payee, each / the reserve: kept by its contents, which change
        only when a payoff is made or seen."""
        key = tuple(row)
        found = self._rows.get(key)
        if found is None:
            reserve = self.reserve
            found = array("f", [row[payee] / reserve for payee in range(len(self.payees))])
            if len(self._rows) >= 4096:
                self._rows.clear()
            self._rows[key] = found
        return found

    def _announced_block(self, history: list[dict[str, Any]], me: int) -> Floats | None:
        """The announced_with slice as ``me`` sees it (None while nobody announced), kept
        until a new pair is announced: it is the same at every step in between."""
        announced = self._announced_with(history)
        if not announced:
            return None
        block = self._announced_blocks.get(me)
        if block is None:
            n = self.players
            agents = self.agents
            block = array("f", bytes(4 * n * agents))
            for other, agent in announced:
                block[((other - me) % n) * agents + agent] = 1.0
            self._announced_blocks[me] = block
        return block

    def write(self, s: BriefcaseState, seat: int, out: Floats) -> None:
        if s.board is not self.board and s.board.name != self.board.name:
            raise ValueError(
                f"the observation is of the map {s.board.name!r}, not {self.board.name!r}"
            )
        if s.n != self.players:
            raise ValueError(f"the observation is of a {s.n}-player table")
        (
            at_phase,
            at_current,
            at_acting,
            at_first_player,
            at_track,
            at_track_end,
            at_last_roll,
            at_agent_city,
            at_agent_burnt,
            at_agents_with_briefcase,
            at_briefcase_city,
            at_hq_city,
            at_restricted,
            at_restricted_this_turn,
            at_burn_tokens_left,
            at_payoffs_made,
            at_coins_removed,
            at_known_at_least,
            at_announced_with,
            at_my_payoffs,
            at_my_reserve,
            at_my_starting_token,
            at_my_setup_choice,
            at_setup_chosen,
            at_spied_seen,
            at_spied_amount,
            at_pending_kind,
            at_pending_agent,
            at_pending_from,
            at_pending_to,
            at_pending_target,
            at_pending_to_ask,
            at_pending_passed,
            at_pending_challenger,
            at_bid_challenger,
            at_bid_mover,
            at_moved_agent,
            at_winners,
            at_end_reason,
            at_revealed_payoffs,
            at_revealed_reserves,
        ) = self._at
        n = self.players
        me = seat
        cities = self.cities
        agents = self.agents
        payees = len(self.payees)
        reserve = self.reserve
        city_of = self.city_of
        phase = s.phase

        out[at_phase + _PHASE_INDEX[phase]] = 1.0
        out[at_current + (s.current - me) % n] = 1.0
        base = at_acting
        for other in s.acting_players():
            out[base + (other - me) % n] = 1.0
        out[at_first_player + (s.first_player - me) % n] = 1.0
        track = s.track
        out[at_track] = track / self.track_start
        if track == 0:
            out[at_track_end] = 1.0
        if s.last_roll:
            out[at_last_roll + self.faces[s.last_roll]] = 1.0

        positions = s.positions
        briefcase = city_of[s.briefcase]
        agent_city = at_agent_city
        burnt = at_agent_burnt
        with_briefcase = at_agents_with_briefcase
        for agent in range(agents):
            here = positions[agent]
            if here == OFF_BOARD:
                out[burnt + agent] = 1.0
                continue
            city = city_of[here]
            out[agent_city + agent * cities + city] = 1.0
            if city == briefcase:
                out[with_briefcase + agent] = 1.0
        out[at_briefcase_city + briefcase] = 1.0
        base = at_hq_city
        hqs = s.hqs
        for r in range(n):
            out[base + r * cities + city_of[hqs[(me + r) % n]]] = 1.0

        base = at_restricted
        for other, up in enumerate(s.restricted):
            if up:
                out[base + (other - me) % n] = 1.0
        if s.turn_restricted:
            out[at_restricted_this_turn] = 1.0
        out[at_burn_tokens_left] = s.burn_tokens_left / self.burn_tokens
        made = at_payoffs_made
        removed = at_coins_removed
        known = at_known_at_least
        for r in range(n):
            other = (me + r) % n
            out[made + r] = min(1.0, s.payoffs_made[other] / reserve)
            out[removed + r] = s.removed[other] / reserve
            row = s.known_at_least[other]
            if any(row):
                start = known + r * payees
                out[start : start + payees] = self._payee_row(row)
        block = self._announced_block(s.history, me)
        if block is not None:
            out[at_announced_with : at_announced_with + len(block)] = block

        row = s.payoffs[me]
        if any(row):
            out[at_my_payoffs : at_my_payoffs + payees] = self._payee_row(row)
        out[at_my_reserve] = s.reserve[me] / reserve
        out[at_my_starting_token + s.tokens[me]] = 1.0
        step = s.setup_step
        if step is not None:
            own = step.choice_of(me)
            if own is not None:
                out[at_my_setup_choice + self.agent_of[own.first]] = 1.0  # type: ignore[attr-defined]
                out[at_my_setup_choice + self.agent_of[own.second]] = 1.0  # type: ignore[attr-defined]
            base = at_setup_chosen
            for other in step.seats:
                if step.has_chosen(other):
                    out[base + (other - me) % n] = 1.0
        seen = at_spied_seen
        amount = at_spied_amount
        for note in s.spied[me]:  # in the order they were made: a later look overwrites
            at = (((note["seat"] - me) % n) - 1) * payees + self.payee_of[note["agent"]]
            out[seen + at] = 1.0
            out[amount + at] = note["amount"] / reserve

        pending = s.pending
        if pending is not None:
            out[at_pending_kind + PENDING_KINDS.index(pending.kind)] = 1.0
            out[at_pending_agent + pending.agent] = 1.0
            out[at_pending_from + city_of[pending.origin]] = 1.0
            if pending.kind == "move":
                out[at_pending_to + city_of[pending.target]] = 1.0
            else:
                out[at_pending_target + pending.target] = 1.0
            base = at_pending_to_ask
            for other in pending.to_ask:
                out[base + (other - me) % n] = 1.0
            base = at_pending_passed
            for other in pending.passed:
                out[base + (other - me) % n] = 1.0
            if pending.challenger >= 0:
                out[at_pending_challenger + (pending.challenger - me) % n] = 1.0
            bids = pending.bids
            out[at_bid_challenger] = max(bids[0::2], default=0) / reserve
            out[at_bid_mover] = max(bids[1::2], default=0) / reserve
        if (phase == "carry" or phase == "power") and s.history:
            out[at_moved_agent + self.agent_of[s.history[-1]["agent"]]] = 1.0

        base = at_winners
        for other in s.winner_seats:
            out[base + (other - me) % n] = 1.0
        if s.end_reason:
            out[at_end_reason + END_REASONS.index(s.end_reason)] = 1.0
        if phase == "over":
            paid = at_revealed_payoffs
            reserves = at_revealed_reserves
            for r in range(n):
                other = (me + r) % n
                row = s.payoffs[other]
                start = paid + r * payees
                for payee in range(payees):
                    if row[payee]:
                        out[start + payee] = row[payee] / reserve
                out[reserves + r] = s.reserve[other] / reserve


def writer(game: Any, players: int) -> BriefcaseWriter:
    """The writer for ``game`` (its board and components) at ``players`` seats."""
    return BriefcaseWriter(game, players)
