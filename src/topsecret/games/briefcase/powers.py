"""The six agents' powers (the project's design), used after a successful move.

Rulebook 004 §Agent Abilities: a power is used after moving the agent, never after a move
that was successfully challenged, cannot itself be challenged, and never treats stations as
adjacent. "Adjacent" below always means joined by a red line.

- Beacon: call one other agent from an adjacent city into Beacon's city.
- Magician: if the briefcase is in Magician's city, it reappears in an adjacent city.
- Roulette: one other agent in Roulette's city is sent to a random adjacent city.
- Spyglass: look in secret at one other seat's payoff on one agent or on Dr. Solomon.
- Tempest: every other agent in Tempest's city is blown together into one adjacent city.
- Vagabond: one more step to an adjacent city, leaving the briefcase where it is.

Only Magician moves the briefcase; no power carries it along with an agent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Event, private, public
from ...i18n import N_
from ...i18n.table_text import illegal
from .actions import (
    BlowAgents,
    CallAgent,
    LookAtPayoff,
    SkipPower,
    SpinAgent,
    VanishBriefcase,
    Wander,
)
from .rules import ABILITIES, SOLOMON, SOLOMON_NAME

if TYPE_CHECKING:
    from .state import BriefcaseState


def power_actions(state: BriefcaseState, seat: int) -> list[Action]:
    """Every use of the moved agent's power open now, then "skip"."""
    agent = state.power_agent
    power = state.comp.agents[agent].power
    here = state.positions[agent]
    board = state.board
    names = state.comp.agent_names
    others_here = [a for a in state.agents_in(here) if a != agent]
    actions: list[Action] = []
    if power == "beacon":
        actions.extend(
            CallAgent(names[a])
            for a, city in enumerate(state.positions)
            if a != agent and city in board.red_neighbours(here)
        )
    elif power == "magician":
        if state.briefcase == here:
            actions.extend(
                VanishBriefcase(board.names[c]) for c in sorted(board.red_neighbours(here))
            )
    elif power == "roulette":
        actions.extend(SpinAgent(names[a]) for a in others_here)
    elif power == "spyglass":
        actions.extend(
            LookAtPayoff(other, state.agent_name(payee))
            for other in range(state.num_players)
            if other != seat
            for payee in range(SOLOMON + 1)
        )
    elif power == "tempest":
        if others_here:
            actions.extend(BlowAgents(board.names[c]) for c in sorted(board.red_neighbours(here)))
    elif power == "vagabond":
        actions.extend(Wander(board.names[c]) for c in sorted(board.red_neighbours(here)))
    actions.append(SkipPower())
    return actions


def apply_power(state: BriefcaseState, seat: int, action: Action) -> list[Event]:
    """Carry out a checked power action; the caller ends the turn unless the game ended."""
    agent = state.power_agent
    name = state.agent_name(agent)
    here = state.positions[agent]
    board = state.board
    record = state.history[-1]
    if isinstance(action, SkipPower):
        return [public("power_skipped", agent=name)]
    if isinstance(action, CallAgent):
        called = state.agent_index(action.agent)
        origin = state.positions[called]
        state.positions[called] = here
        record["power"] = {"agent": name, "called": action.agent}
        return [
            public(
                "power",
                agent=name,
                moved=action.agent,
                origin=board.names[origin],
                city=board.names[here],
            )
        ]
    if isinstance(action, VanishBriefcase):
        state.briefcase = board.index(action.city)
        record["power"] = {"agent": name, "briefcase": action.city}
        events = [public("power", agent=name, briefcase=action.city)]
        events.extend(state.check_hq())
        return events
    if isinstance(action, SpinAgent):
        spun = state.agent_index(action.agent)
        landing = state.rng.choice(sorted(board.red_neighbours(here)))
        state.positions[spun] = landing
        record["power"] = {"agent": name, "spun": action.agent, "city": board.names[landing]}
        return [
            public(
                "power",
                agent=name,
                moved=action.agent,
                origin=board.names[here],
                city=board.names[landing],
            )
        ]
    if isinstance(action, LookAtPayoff):
        payee = state.payee_index(action.agent)
        amount = state.payoffs[action.seat][payee]
        note = {"round": state.round, "seat": action.seat, "agent": action.agent, "amount": amount}
        state.spied[seat].append(note)
        record["power"] = {"agent": name, "looked_at": action.seat, "payee": action.agent}
        return [
            public("power", agent=name, looked_at=action.seat, payee=action.agent),
            private((seat,), "spied", **note),
        ]
    if isinstance(action, BlowAgents):
        target = board.index(action.city)
        blown = [a for a in state.agents_in(here) if a != agent]
        for other in blown:
            state.positions[other] = target
        moved = [state.agent_name(a) for a in blown]
        record["power"] = {"agent": name, "blown": moved, "city": action.city}
        return [
            public("power", agent=name, moved=moved, origin=board.names[here], city=action.city)
        ]
    if isinstance(action, Wander):
        state.positions[agent] = board.index(action.city)
        record["power"] = {"agent": name, "wandered": action.city}
        return [public("power", agent=name, moved=name, origin=board.names[here], city=action.city)]
    raise illegal(
        N_("{action} is not a power of {agent}"), ABILITIES, action=repr(action), agent=name
    )


__all__ = ["SOLOMON_NAME", "apply_power", "power_actions"]
