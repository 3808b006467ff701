"""The information-set search bot: seeded, legal, honest and stronger than chance."""

from __future__ import annotations

import itertools
import sys
from types import SimpleNamespace

import pytest

from tests.core.test_conformance import HonestState, game_with
from tests.server.fakegame import GAME as FAKE_CARDS
from topsecret.arena.match import play_match
from topsecret.bots import IsmctsBot, SearchSettings, ismcts, make_bot
from topsecret.bots.ismcts import Budget, Guide, IsmctsSearch
from topsecret.core import Action, Bot, Rng, SeatView, State
from topsecret.core.errors import UnknownName
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


def test_a_seat_asked_later_searches_the_earlier_seats_hidden_choice_as_their_decision():
    """Vault: seat 0 has committed its card; seat 1's search takes that hidden choice back in
    every sampled world, so seat 0 chooses again in the tree (by its own statistics) instead of
    being a random draw, as it would be had seat 1 been asked first."""
    game = get_game("vault")
    state = game.new_state(2, {"single_deal": True}, seed=5)
    state.apply(0, state.legal_actions(0)[0])
    search = IsmctsSearch(SearchSettings(iterations=40))
    roots: list[object] = []
    original = search._iterate

    def iterate(view, root, rng, evaluate):  # type: ignore[no-untyped-def]
        roots.append(root)
        original(view, root, rng, evaluate)

    search._iterate = iterate  # type: ignore[method-assign]
    search.best_action(SeatView(state, 1), Rng(3))
    root = roots[0]
    assert set(root.choices) == {0, 1}  # type: ignore[attr-defined]
    assert sum(arm.visits for arm in root.choices[0].arms.values()) == 40  # type: ignore[attr-defined]
    assert state.open_step() is not None and state.open_step().has_chosen(0)  # untouched


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


def test_a_time_budget_stops_the_search(monkeypatch: pytest.MonkeyPatch):
    """The budget is read on the search's clock; here a clock that moves one millisecond
    each time it is read, so that 30 ms run out after thirty reads however busy the machine
    is (a search without a working budget would never stop)."""
    reads = itertools.count()
    clock = SimpleNamespace(perf_counter=lambda: next(reads) / 1000)
    monkeypatch.setattr(sys.modules[Budget.__module__], "time", clock)
    state = get_game("vault").new_state(2, {"single_deal": True}, seed=2)
    bot = make_bot(get_game("vault"), "ismcts:ms=30", 1)
    assert isinstance(bot, IsmctsBot)
    bot.choose(SeatView(state, 0))
    assert bot.search is not None and 1 <= bot.search.report.iterations <= 30
    assert bot.search.report.seconds == pytest.approx(0.03, abs=0.005)


def test_with_trust_a_short_search_never_overturns_the_heuristics_move():
    """Ten iterations cannot gather the evidence trust asks for, so the hint is played,
    whichever legal move it is."""
    state = get_game("briefcase").new_state(2, seed=6)
    seat = state.acting_players()[0]
    view = SeatView(state, seat)
    search = IsmctsSearch(SearchSettings(iterations=10, trust=0.5))
    for hint in view.legal_actions()[:5]:
        assert search.best_action(view, Rng(2), hint) == hint


def test_with_an_opponent_model_the_tree_holds_only_the_searching_seats_choices():
    """opponents=heuristic: the other seats play the game's heuristic inside the tree, so no
    node ever keeps statistics for them, and a seeded match still repeats exactly."""
    game = get_game("briefcase")
    state = game.new_state(2, seed=4)
    seat = state.acting_players()[0]
    settings = SearchSettings(iterations=30, opponents="heuristic", guided=200)
    search = IsmctsSearch(settings, guide=Guide(game, 5))
    recorded: list[set[int]] = []
    original = search._iterate

    def iterate(view, root, rng, evaluate):  # type: ignore[no-untyped-def]
        original(view, root, rng, evaluate)
        stack = [root]
        while stack:
            node = stack.pop()
            recorded.append(set(node.choices))
            stack.extend(node.children.values())

    search._iterate = iterate  # type: ignore[method-assign]
    action = search.best_action(SeatView(state, seat), Rng(1))
    assert action in state.legal_actions(seat)
    assert all(seats <= {seat} for seats in recorded)
    bots = ["ismcts:iterations=6:opponents=heuristic:guided=20", "heuristic"]
    first = play_match(game, 2, bots, seed=8)
    assert first.log.to_json() == play_match(game, 2, bots, seed=8).log.to_json()


def test_an_opponent_model_must_be_one_the_search_knows():
    with pytest.raises(ValueError, match="opponents"):
        SearchSettings(opponents="telepathy")
    with pytest.raises(UnknownName, match="opponents"):
        make_bot(get_game("vault"), "ismcts:opponents=oracle", 1)


class CountingHeuristic(Bot):
    """A game's heuristic that counts the decisions it is asked for."""

    calls = 0

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        CountingHeuristic.calls += 1
        return self._rng.choice(view.legal_actions())


class CountingRollout(CountingHeuristic):
    """A game's fast rollout player, which plays straight from a sampled world."""

    direct_calls = 0

    def choose_in(self, world: State, seat: int) -> Action:
        CountingRollout.direct_calls += 1
        return self._rng.choice(world.legal_actions(seat))


def test_the_search_prefers_a_games_rollout_player_for_rollouts_and_the_opponent_model():
    """A game offering a ``rollout`` bot that plays from a table (``choose_in``) has it play
    the rollouts and the other seats; the heuristic is never asked inside the search."""
    duel = game_with(HonestState)

    class WithRollout(type(duel)):  # type: ignore[misc]
        def bots(self):  # type: ignore[no-untyped-def]
            return {"heuristic": CountingHeuristic, "rollout": CountingRollout}

    game = WithRollout()
    state = game.new_state(2, seed=3)
    seat = state.acting_players()[0]
    for settings in (
        SearchSettings(iterations=20, opponents="heuristic", guided=200),
        SearchSettings(iterations=20, guided=5),
    ):
        CountingHeuristic.calls = CountingRollout.direct_calls = 0
        search = IsmctsSearch(settings, guide=Guide(game, 1))
        assert search.best_action(SeatView(state, seat), Rng(2)) in state.legal_actions(seat)
        assert CountingRollout.direct_calls > 20
        assert CountingHeuristic.calls == 0


def carry_decision():  # type: ignore[no-untyped-def]
    """Briefcase, two seats: seat 0 moved Beacon with the briefcase from Lille into London,
    its own HQ, unchallenged; carrying the briefcase along wins at once (Rulebook 004 §End of
    the Game), leaving it does not."""
    from tests.games.briefcase.helpers import act, table
    from topsecret.games.briefcase.actions import CarryBriefcase, MoveAgent, Pass

    state = table(2, agents={"Beacon": "Lille"}, briefcase="Lille")
    act(state, MoveAgent("Beacon", "London"))
    act(state, Pass())
    assert state.acting_players() == (0,)
    return state, CarryBriefcase(True), CarryBriefcase(False)


def test_a_paired_search_plays_a_move_that_clearly_beats_the_heuristics():
    state, win, leave = carry_decision()
    game = get_game("briefcase")
    settings = SearchSettings(iterations=20, opponents="heuristic", guided=200, paired=2)
    search = IsmctsSearch(settings, guide=Guide(game, 3))
    view = SeatView(state, 0)
    assert search.best_action(view, Rng(1), hint=leave) == win
    assert search.best_action(view, Rng(1), hint=win) == win
    assert search.report.iterations == 20  # ten sampled worlds, two trials each
    assert search.report.visits == {repr(win): 10, repr(leave): 10}
    assert search.report.means[repr(win)] == 1.0  # carrying it home wins in every world


def test_a_paired_search_keeps_the_heuristics_move_unless_the_lead_passes_the_gate():
    """The gate asks for a lead of so many standard errors that no evidence meets it."""
    state, _, leave = carry_decision()
    settings = SearchSettings(iterations=20, opponents="heuristic", guided=200, paired=2, gate=1e9)
    search = IsmctsSearch(settings, guide=Guide(get_game("briefcase"), 3))
    # Every trial of the win wins, every trial of the other loses or wins later: a real
    # spread, so the gate is what holds the heuristic's move.
    assert search.best_action(SeatView(state, 0), Rng(1), hint=leave) == leave


def racing_search() -> IsmctsSearch:
    """The paired search of the carry decision, racing from the second world on."""
    settings = SearchSettings(iterations=20, opponents="heuristic", guided=200, paired=2, race=2)
    return IsmctsSearch(settings, guide=Guide(get_game("briefcase"), 3))


def test_a_race_stops_once_every_other_move_is_behind_the_heuristics():
    """Given the heuristic's move wins in every world and the other wins in some (later),
    when the race starts after two worlds, then the other move stays while it ties and is
    dropped at its first loss, which ends the search before its budget."""
    state, win, leave = carry_decision()
    search = racing_search()
    assert search.best_action(SeatView(state, 0), Rng(1), hint=win) == win
    # Without the race, the same seed plays ten worlds (the test above).
    assert search.report.iterations == 10
    assert search.report.visits == {repr(win): 5, repr(leave): 5}
    assert search.report.means == {repr(win): 1.0, repr(leave): 0.8}


def test_a_race_keeps_playing_the_moves_that_lead():
    """Given a move that beats the heuristic's in every world, when racing, then it stays in
    the race to the end of the budget and is played."""
    state, win, leave = carry_decision()
    search = racing_search()
    assert search.best_action(SeatView(state, 0), Rng(1), hint=leave) == win
    assert search.report.iterations == 20
    assert search.report.visits == {repr(win): 10, repr(leave): 10}


def test_a_dropped_candidates_leads_are_its_own_worlds():
    rewards = {"anchor": [0.5, 0.5, 1.0, 0.0], "behind": [0.0, 0.25], "ahead": [1.0, 1.0, 1.0, 1.0]}
    assert ismcts._leads(rewards, "behind", "anchor") == [-0.5, -0.25]
    assert ismcts._lead(rewards, "ahead", "anchor") == pytest.approx(0.5)


def test_paired_candidates_are_the_heuristics_move_then_one_of_each_kind():
    from topsecret.games.briefcase.actions import PayNobody

    state = get_game("briefcase").new_state(2, seed=6)
    while state.phase == "setup":
        seat = state.acting_players()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    legal = state.legal_actions(state.acting_players()[0])
    kinds = {type(action) for action in legal}
    assert len(kinds) >= 3
    picked = ismcts._candidates(legal, PayNobody(), len(kinds), Rng(4))
    assert picked[0] == PayNobody()
    # One of each other kind; paying nobody is the only member of its kind.
    assert {type(action) for action in picked[1:]} == kinds - {PayNobody}
    assert len(set(picked)) == len(picked) and set(picked) <= set(legal)


def test_a_paired_search_repeats_a_seeded_match_exactly():
    game = get_game("briefcase")
    bots = ["ismcts:iterations=8:opponents=heuristic:guided=200:paired=4", "heuristic"]
    first = play_match(game, 2, bots, seed=5)
    assert first.log.to_json() == play_match(game, 2, bots, seed=5).log.to_json()


def test_paired_settings_refuse_nonsense():
    with pytest.raises(ValueError, match="paired"):
        SearchSettings(paired=1)
    with pytest.raises(ValueError, match="gate"):
        SearchSettings(paired=4, gate=-1)
    with pytest.raises(ValueError, match="race"):
        SearchSettings(paired=4, race=-1)
