"""Bots are found by name everywhere bots are named: options after colons, and levels."""

from __future__ import annotations

import json

import pytest

from topsecret.bots import IsmctsBot, SlippingBot, bot_names, check_bot_name, make_bot
from topsecret.bots.levels import EASY_SLIP_RATE, HARD_MS, HARD_REALTIME_MS
from topsecret.core import Action, Bot, SeatView, UnknownName
from topsecret.games import all_games, get_game


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_offers_the_search_and_three_levels(game):
    names = bot_names(game)
    assert {"random", "heuristic", "ismcts", "easy", "medium", "hard"} <= set(names)


def test_options_after_colons_set_the_search():
    bot = make_bot(get_game("vault"), "ismcts:iterations=400:c=0.5:horizon=80", 1)
    assert isinstance(bot, IsmctsBot)
    assert bot.settings.iterations == 400
    assert bot.settings.exploration == 0.5
    assert bot.settings.horizon == 80
    assert bot.name == "ismcts:c=0.5:horizon=80:iterations=400"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ismcts:speed=3", "no option 'speed'"),
        ("ismcts:ms=fast", "not a number"),
        ("ismcts:ms", "key=value"),
        ("ismcts:iterations=0", "at least 1"),
        ("heuristic:ms=3", "takes no options"),
        ("grandmaster", "choose from"),
    ],
)
def test_a_bad_bot_name_is_explained(name, message):
    with pytest.raises(UnknownName, match=message):
        check_bot_name(get_game("vault"), name)


def test_the_levels_are_a_slipping_heuristic_the_heuristic_and_a_one_second_search():
    vault = get_game("vault")
    easy = make_bot(vault, "easy", 3)
    assert isinstance(easy, SlippingBot) and easy.slip_rate == EASY_SLIP_RATE
    assert type(make_bot(vault, "medium", 3)) is type(make_bot(vault, "heuristic", 3))
    hard = make_bot(vault, "hard", 3)
    assert isinstance(hard, IsmctsBot) and hard.settings.ms == HARD_MS
    realtime_hard = make_bot(get_game("wink"), "hard", 3)
    assert isinstance(realtime_hard, IsmctsBot)
    assert realtime_hard.settings.ms == HARD_REALTIME_MS


class AlwaysFirst(Bot):
    """A stand-in heuristic that always plays the first legal action."""

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions()[0]


def test_the_easy_level_slips_about_as_often_as_it_says():
    """Given a heuristic that always plays the first action, the slipping bot plays
    something else only when it slips onto another action."""
    state = get_game("vault").new_state(4, seed=8)
    view = SeatView(state, 0)
    legal = view.legal_actions()
    easy = SlippingBot(AlwaysFirst(), seed=5)
    others = sum(1 for _ in range(2000) if easy.choose(view) != legal[0])
    expected = EASY_SLIP_RATE * (1 - 1 / len(legal))
    assert abs(others / 2000 - expected) < 0.03
    never = SlippingBot(AlwaysFirst(), seed=5, slip_rate=0.0)
    assert all(never.choose(view) == legal[0] for _ in range(50))


def test_the_cli_accepts_options_and_levels():
    from tests.cli.test_cli import run

    ok = run(
        "simulate", "vault", "-p", "2", "-n", "2", "--bots", "ismcts:iterations=5,easy",
        "-o", "single_deal=true", "--rotate", "--json",
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    by_bot = json.loads(ok.stdout)["by_bot"]
    assert by_bot["ismcts:iterations=5"]["seat_games"] == 2 and by_bot["easy"]["seat_games"] == 2
    bad = run("simulate", "vault", "--bots", "ismcts:speed=3")
    assert bad.returncode == 2
    assert "no option 'speed'" in bad.stderr


def test_the_hard_level_takes_the_search_options_a_game_measured_best_for_it():
    briefcase = get_game("briefcase")
    assert briefcase.search_options == "opponents=heuristic:guided=200:paired=6"
    hard = make_bot(briefcase, "hard", 1)
    assert isinstance(hard, IsmctsBot)
    assert hard.settings.paired == 6 and hard.settings.guided == 200
    assert hard.settings.ms == HARD_MS
    spyworld = make_bot(get_game("spyworld"), "hard", 1)
    assert isinstance(spyworld, IsmctsBot)
    assert spyworld.settings.paired == 4 and spyworld.settings.opponents == "heuristic"
    plain = make_bot(get_game("vault"), "hard", 1)
    assert isinstance(plain, IsmctsBot) and plain.settings.trust == 0.0
