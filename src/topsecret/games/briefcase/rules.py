"""Rule citations and small pure rules shared by the state, the powers and the bots."""

from __future__ import annotations

RULEBOOK = "Rulebook 004"
SETUP = f"{RULEBOOK} §Setup"
GAME_PLAY = f"{RULEBOOK} §Game Play"
PAYOFF = f"{RULEBOOK} §Make a Payoff"
MOVE = f"{RULEBOOK} §Move An Agent"
ABILITIES = f"{RULEBOOK} §Agent Abilities"
BURN = f"{RULEBOOK} §Burn an agent"
CHALLENGES = f"{RULEBOOK} §Challenges"
END = f"{RULEBOOK} §End of the Game"
RESTRICTED = f"{RULEBOOK} §Game Play (restricted marker)"
DESIGN = "project design (docs/games/briefcase.md)"

#: Index of Dr. Solomon's space on a payoff board (after the six agents).
SOLOMON = 6
SOLOMON_NAME = "Dr. Solomon"
OFF_BOARD = -1
#: The die's place on the track once it has passed the last numbered space.
TRACK_END = 0


def challenge_order(mover: int, players: int) -> tuple[int, ...]:
    """Seats that may challenge, clockwise from the mover's left (Rulebook 004 §Challenges)."""
    return tuple((mover + step) % players for step in range(1, players))


def advance_track(space: int, last_space: int) -> int:
    """Where the die goes when Dr. Solomon advances it one space."""
    if space > last_space:
        return space - 1
    return TRACK_END


def solomon_winners(solomon: list[int], reserves: list[int]) -> list[int]:
    """Highest payoff to Dr. Solomon, then most reserve; still tied players share the win."""
    best = max(solomon)
    tied = [seat for seat, paid in enumerate(solomon) if paid == best]
    most = max(reserves[seat] for seat in tied)
    return [seat for seat in tied if reserves[seat] == most]
