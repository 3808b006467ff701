"""The SpyWorld bots: the search's fast rollout player makes the heuristic's decisions from a
table, plays legal moves only, repeats itself for a seed and reads only what its seat knows."""

from __future__ import annotations

import pytest

from topsecret.bots import make_bot
from topsecret.bots.ismcts import Guide, WorldPolicy
from topsecret.core import Action, Rng, SeatView
from topsecret.games.spyworld import GAME
from topsecret.games.spyworld.bots import EXPLORE_STATES, HeuristicBot
from topsecret.games.spyworld.rollout import RolloutBot
from topsecret.games.spyworld.state import SpyWorldState

#: Tables of every kind: two players, three on the Superyacht (no Agents), lenient planning
#: on the Moon Base, four players with Expert gadgets.
TABLES = [
    (2, {}),
    (3, {"lair": "superyacht"}),
    (2, {"lenient": True, "lair": "moon_base"}),
    (4, {"gadgets": "expert"}),
]


def new_table(players: int, options: dict[str, object], seed: int) -> SpyWorldState:
    state = GAME.new_state(players, options, seed)
    assert isinstance(state, SpyWorldState)
    return state


def acting(state: SpyWorldState) -> list[int]:
    return [s for s in state.acting_players() if state.legal_actions(s)]


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_given_the_heuristics_walk_budget_the_rollout_player_plays_the_heuristics_game(
    players: int, options: dict[str, object]
) -> None:
    """At every decision of a whole game, the rollout player reading the table and the
    heuristic reading its seat's observation, seeded alike, make the same move."""
    state = new_table(players, options, 3)
    heuristics = [HeuristicBot(40 + s) for s in range(players)]
    fast = [RolloutBot(40 + s, max_states=EXPLORE_STATES) for s in range(players)]
    while not state.is_over():
        for seat in acting(state):
            if seat not in state.acting_players():
                continue
            move = heuristics[seat].choose(SeatView(state, seat))
            assert fast[seat].choose_in(state, seat) == move, (state.phase, seat)
            state.apply(seat, move)


def rollout_game(players: int, options: dict[str, object], seed: int) -> list[Action]:
    """A whole seeded game played by rollout players through the checked ``apply`` (which
    refuses an illegal move)."""
    state = new_table(players, options, seed)
    bots = [RolloutBot(seed * 10 + seat) for seat in range(players)]
    played: list[Action] = []
    while not state.is_over():
        for seat in acting(state):
            if seat not in state.acting_players():
                continue
            move = bots[seat].choose_in(state, seat)
            state.apply(seat, move)
            played.append(move)
    return played


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_rollout_player_plays_only_legal_moves_to_the_end(
    players: int, options: dict[str, object]
) -> None:
    assert rollout_game(players, options, 1)


def test_the_rollout_player_repeats_its_game_for_the_same_seed() -> None:
    moves = rollout_game(2, {}, 5)
    assert rollout_game(2, {}, 5) == moves
    assert rollout_game(2, {}, 6) != moves


def test_the_rollout_player_reads_only_what_its_seat_knows() -> None:
    """Rulebook 003 §Planning Phase: the decks' order and the Agents others keep are hidden.
    A determinization for a seat differs from the real table in exactly those, so the
    rollout player, seeded alike, makes the same move on both; through a seat's view it
    plays a legal move."""
    state = new_table(2, {}, 9)
    bots = [HeuristicBot(s) for s in range(2)]
    rng = Rng(4)
    checked = resampled = 0
    while not state.is_over():
        for seat in acting(state):
            if seat not in state.acting_players():
                continue
            world = state.determinize(seat, rng)
            assert isinstance(world, SpyWorldState)
            resampled += world.decks != state.decks
            real = RolloutBot(seat).choose_in(state, seat)
            assert RolloutBot(seat).choose_in(world, seat) == real
            assert RolloutBot(seat).choose(SeatView(state, seat)) in state.legal_actions(seat)
            checked += 1
            state.apply(seat, bots[seat].choose(SeatView(state, seat)))
    assert checked > 50
    assert resampled > checked // 2


def test_the_search_prefers_the_rollout_player_for_its_rollouts() -> None:
    """The game offers its rollout player by name (for the search, not the lobby's lists),
    and the search's guide, which plays rollouts and the opponent model, takes it."""
    assert isinstance(make_bot(GAME, "rollout", 1), WorldPolicy)
    players = Guide(GAME, 1).players()
    assert players is not None and players.direct
    state = new_table(2, {}, 2)
    # The guide seeds each iteration's players from its own generator, seeded with 1.
    assert players.choose(state, 0) == RolloutBot(Rng(1).next_u64()).choose_in(state, 0)


def test_a_rollout_player_that_starts_in_exploration_walks_the_heuristics_exact_walk() -> None:
    """Rulebook 003 §Lair Exploration Phase. Given a table where planning is over, when a
    fresh rollout player (the search's, with its small planning budget) walks a lair, then
    each step is the heuristic's: once exploration has begun the search decides steps of
    walks, and judges them by walks planned as the heuristic plans them."""
    state = new_table(2, {}, 4)
    bots = [HeuristicBot(s) for s in range(2)]
    while state.phase != "explore":
        for seat in acting(state):
            if seat in state.acting_players() and state.phase != "explore":
                state.apply(seat, bots[seat].choose(SeatView(state, seat)))
    fast = [RolloutBot(seat) for seat in range(2)]
    steps = 0
    while not state.is_over():
        for seat in acting(state):
            if seat not in state.acting_players():
                continue
            move = bots[seat].choose(SeatView(state, seat))
            assert fast[seat].choose_in(state, seat) == move
            state.apply(seat, move)
            steps += 1
    assert steps > 4
