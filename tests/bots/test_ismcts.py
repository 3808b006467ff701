"""The information-set search bot: seeded, legal, honest and stronger than chance."""

from __future__ import annotations

import pytest

from tests.core.test_conformance import HonestState, game_with
from tests.server.fakegame import GAME as FAKE_CARDS
from topsecret.arena.match import play_match
from topsecret.bots import IsmctsBot, SearchSettings, make_bot
from topsecret.bots.ismcts import IsmctsSearch
from topsecret.core import Rng, SeatView
from topsecret.games import get_game


def test_an_iteration_budget_repeats_a_seeded_match_exactly():
    game = get_game("vault")
    bots = ["ismcts:iterations=25", "heuristic"]
    first = play_match(game, 2, bots, seed=11, options={"single_deal": True})
    second = play_match(game, 2, bots, seed=11, options={"single_deal": True})
    assert first.log.to_json() == second.log.to_json()
    assert first.state.is_over()


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("vault", 3, {"single_deal": True}),
        ("briefcase", 2, None),
        ("spyworld", 2, None),
        ("wink", 4, None),
    ],
)
def test_the_search_plays_every_game_to_its_end(game_id, players, options):
    bots = ["ismcts:iterations=8:horizon=30", *["random"] * (players - 1)]
    result = play_match(get_game(game_id), players, bots, seed=3, options=options)
    assert result.state.is_over()
    assert any(entry.seat == 0 for entry in result.log.actions)


def test_the_search_answers_with_one_of_the_seats_legal_actions():
    state = get_game("briefcase").new_state(3, seed=4)
    seat = state.acting_players()[0]
    view = SeatView(state, seat)
    search = IsmctsSearch(SearchSettings(iterations=40))
    action = search.best_action(view, Rng(1))
    assert action in view.legal_actions()
    assert search.report.iterations == 40
    assert sum(search.report.visits.values()) > 0


def test_a_lone_legal_action_is_played_without_searching():
    state = FAKE_CARDS.new_state(2, {"rounds": 4}, seed=1)
    for _ in range(3):
        for seat in (0, 1):
            state.apply(seat, state.legal_actions(seat)[0])
    search = IsmctsSearch(SearchSettings(iterations=500))
    assert search.best_action(SeatView(state, 0), Rng(0)) == state.legal_actions(0)[0]
    assert search.report.iterations == 0


def test_in_a_commit_step_the_search_cannot_see_what_the_others_committed():
    """Vault: every seat plays a card at once. Whatever seat 1 has committed, seat 0's
    search (same seed) gives the same answer, because it only ever sees sampled worlds."""
    game = get_game("vault")
    answers = set()
    base = game.new_state(2, {"single_deal": True}, seed=5)
    for option in base.legal_actions(1)[:4]:
        state = base.clone()
        state.apply(1, option)
        bot = IsmctsBot(9, SearchSettings(iterations=60))
        answers.add(bot.choose(SeatView(state, 0)))
    assert len(answers) == 1


def test_the_search_wins_more_than_its_share_against_chance_in_a_hidden_card_duel():
    """Fake cards: each seat holds four cards and plays three, all at once, highest wins the
    round; the deal decides much of it. The search sees the opponent's hand only as sampled
    worlds (an honest determinization); against a random player it still wins more than
    half (seats alternate; the games are seeded, so the count is exact)."""
    duel = game_with(HonestState)
    wins = 0.0
    search = "ismcts:iterations=60"
    for seed in range(40):
        me = seed % 2
        bots = [search, "random"] if me == 0 else ["random", search]
        result = play_match(duel, 2, bots, seed=seed)
        if me in result.winners:
            wins += 1 / len(result.winners)
    assert wins >= 22


def test_search_settings_refuse_nonsense():
    with pytest.raises(ValueError, match="iterations"):
        SearchSettings(iterations=0)
    with pytest.raises(ValueError, match="ms"):
        SearchSettings(ms=-1)


def test_a_time_budget_stops_the_search():
    state = get_game("vault").new_state(2, {"single_deal": True}, seed=2)
    bot = make_bot(get_game("vault"), "ismcts:ms=30", 1)
    assert isinstance(bot, IsmctsBot)
    bot.choose(SeatView(state, 0))
    assert bot.search is not None and bot.search.report.iterations >= 1
    assert bot.search.report.seconds < 2.0  # generous: a stop, not a speed target


def test_with_trust_a_short_search_never_overturns_the_heuristics_move():
    """Ten iterations cannot gather the evidence trust asks for, so the hint is played,
    whichever legal move it is."""
    state = get_game("briefcase").new_state(2, seed=6)
    seat = state.acting_players()[0]
    view = SeatView(state, seat)
    search = IsmctsSearch(SearchSettings(iterations=10, trust=0.5))
    for hint in view.legal_actions()[:5]:
        assert search.best_action(view, Rng(2), hint) == hint
