"""Dealing hidden cards again for a determinization, under the rules' constraints.

Some hidden places refuse some cards: nobody ever holds their own agent card (§Hinweis: it
is discarded when drawn), nor a location they said "no" to in a failed mission while that
card lasts. :func:`deal` shuffles a pool of cards into places so that every refusal holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import Rng

#: Whole shuffles tried before building a valid deal card by card. A whole shuffle that
#: happens to break no refusal is a uniform sample among valid deals; with up to seven
#: refusing places it succeeds about four times in ten.
SHUFFLES_BEFORE_MATCHING = 64


def deal(pool: Sequence[int], refused: Sequence[frozenset[int]], rng: Rng) -> list[int]:
    """The cards of ``pool`` in a random order whose first ``len(refused)`` places each avoid
    the cards their entry names.

    ``pool`` must already be in a canonical order (sorted): its order must carry nothing
    about the real table. Raises ``ValueError`` when no valid deal exists.
    """
    if len(refused) > len(pool):
        raise ValueError("more refusing places than cards")
    cards = list(pool)
    for _ in range(SHUFFLES_BEFORE_MATCHING):
        rng.shuffle(cards)
        if _respects(cards, refused):
            return cards
    return _matched_deal(cards, refused, rng)


def _respects(cards: Sequence[int], refused: Sequence[frozenset[int]]) -> bool:
    return all(cards[place] not in refusal for place, refusal in enumerate(refused))


def _matched_deal(cards: list[int], refused: Sequence[frozenset[int]], rng: Rng) -> list[int]:
    """A valid deal by augmenting paths (the refusing places against the cards), for the rare
    pools where random shuffles keep breaking a refusal."""
    rng.shuffle(cards)
    holder_of: dict[int, int] = {}  # card position in ``cards`` -> refusing place

    def place_card(place: int, visited: set[int]) -> bool:
        for position, card in enumerate(cards):
            if card in refused[place] or position in visited:
                continue
            visited.add(position)
            other = holder_of.get(position)
            if other is None or place_card(other, visited):
                holder_of[position] = place
                return True
        return False

    for place in range(len(refused)):
        if not place_card(place, set()):
            raise ValueError("no deal gives every place a card it accepts")
    dealt: list[int | None] = [None] * len(cards)
    for position, place in holder_of.items():
        dealt[place] = cards[position]
    spare = iter(card for position, card in enumerate(cards) if position not in holder_of)
    return [next(spare) if card is None else card for card in dealt]
