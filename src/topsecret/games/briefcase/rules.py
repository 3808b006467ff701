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

#: Who wins when the briefcase enters an HQ (the game option ``hq_win``). ``mover``, the
#: default, reads Rulebook 004 §End of the Game as printed: "If a player moves the briefcase
#: to their HQ city, they win immediately", so only the mover's own HQ wins. ``owner`` is a
#: variant: the briefcase entering any seat's HQ, whoever moved it, wins for that seat.
HQ_WIN_MOVER = "mover"
HQ_WIN_OWNER = "owner"
HQ_WIN_RULES = (HQ_WIN_MOVER, HQ_WIN_OWNER)


def challenge_order(mover: int, players: int) -> tuple[int, ...]:
    """Seats that may challenge, clockwise from the mover's left (Rulebook 004 §Challenges)."""
    return tuple((mover + step) % players for step in range(1, players))


def advance_track(space: int, last_space: int) -> int:
    """Where the die goes when Dr. Solomon advances it one space."""
    if space > last_space:
        return space - 1
    return TRACK_END


def hq_winner(briefcase: int, hqs: tuple[int, ...], mover: int, rule: str) -> int | None:
    """The seat that wins now the ``mover`` has brought the briefcase to city ``briefcase``,
    or ``None`` (Rulebook 004 §End of the Game; ``rule`` as in :data:`HQ_WIN_RULES`).

    An HQ nobody sits at is an ordinary city under either rule.
    """
    if rule == HQ_WIN_MOVER:
        return mover if hqs[mover] == briefcase else None
    return hqs.index(briefcase) if briefcase in hqs else None


def solomon_winners(solomon: list[int], reserves: list[int]) -> list[int]:
    """Highest payoff to Dr. Solomon, then most reserve; still tied players share the win."""
    best = max(solomon)
    tied = [seat for seat, paid in enumerate(solomon) if paid == best]
    most = max(reserves[seat] for seat in tied)
    return [seat for seat in tied if reserves[seat] == most]
