"""Rulebook 004 §Burn an agent and §End of the Game."""

from __future__ import annotations

import pytest

from topsecret.core import IllegalAction, InvalidOptions
from topsecret.games.briefcase import GAME
from topsecret.games.briefcase.actions import (
    BurnAgent,
    CarryBriefcase,
    Challenge,
    Concede,
    MoveAgent,
    PayNobody,
    PaySolomon,
    Raise,
)
from topsecret.games.briefcase.rules import solomon_winners

from .helpers import act, act_all, kinds, pass_all, seed_rolling, table

SAME_CITY = {"Spyglass": "Zurich", "Tempest": "Zurich"}


def test_a_burn_needs_both_agents_in_the_same_city() -> None:
    """§Burn an agent: you can only burn an agent in the same city."""
    state = table(2, payoffs={0: {"Spyglass": 5}})
    with pytest.raises(IllegalAction, match="same city") as caught:
        state.apply(0, BurnAgent("Spyglass", "Tempest"))
    assert "Burn an agent" in caught.value.rule


def test_a_burn_needs_five_paid_to_the_acting_agent() -> None:
    """§Burn an agent: at least 5 sovereigns paid off to the acting agent."""
    state = table(2, agents=SAME_CITY, payoffs={0: {"Spyglass": 4, "Tempest": 9}})
    assert BurnAgent("Spyglass", "Tempest") not in state.legal_actions(0)
    assert BurnAgent("Tempest", "Spyglass") in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="at least 5"):
        state.apply(0, BurnAgent("Spyglass", "Tempest"))


def test_a_successful_burn_removes_the_target_and_five_from_the_acting_agent() -> None:
    """§Burn an agent: the target leaves the board; 5 come off the acting agent's payoff."""
    state = table(3, agents=SAME_CITY, payoffs={0: {"Spyglass": 7}, 1: {"Tempest": 4}})
    act(state, BurnAgent("Spyglass", "Tempest"))
    events = pass_all(state)
    assert "burnt" in kinds(events)
    obs = state.observation(0)
    assert obs["agents"]["Tempest"] is None and obs["burnt"] == ["Tempest"]
    assert obs["you"]["payoffs"]["Spyglass"] == 2
    assert obs["you"]["reserve"] == 23  # the reserve is untouched
    assert obs["coins_removed"] == [5, 0, 0]
    # Every player takes a burn token; coins on the burnt agent stay where they are.
    assert obs["burn_tokens_left"] == 20 - 3
    assert state.observation(1)["you"]["payoffs"]["Tempest"] == 4


def test_a_burn_is_challenged_with_at_least_five() -> None:
    """§Challenges 1: a burn is challenged with a number 5 or higher."""
    state = table(2, agents=SAME_CITY, payoffs={0: {"Spyglass": 6}, 1: {"Spyglass": 8}})
    act(state, BurnAgent("Spyglass", "Tempest"))
    openings = [a.amount for a in state.legal_actions(1) if isinstance(a, Challenge)]
    assert openings == [5, 6, 7, 8]
    with pytest.raises(IllegalAction, match="at least 5"):
        state.apply(1, Challenge(4))


def test_a_player_with_less_than_five_can_only_pass_a_burn() -> None:
    """Rulebook 004 §Challenges 1: a burn is challenged with 5 or more, so less can only pass."""
    state = table(2, agents=SAME_CITY, payoffs={0: {"Spyglass": 6}, 1: {"Spyglass": 4}})
    act(state, BurnAgent("Spyglass", "Tempest"))
    assert not any(isinstance(a, Challenge) for a in state.legal_actions(1))


def test_a_failed_burn_removes_nothing() -> None:
    """§Burn an agent: if you lose the challenge, nothing is burnt and no coins removed."""
    state = table(2, agents=SAME_CITY, payoffs={0: {"Spyglass": 6}, 1: {"Spyglass": 8}})
    act(state, BurnAgent("Spyglass", "Tempest"))
    act_all(state, [Challenge(5), Raise(6), Raise(8), Concede()])
    obs = state.observation(0)
    assert obs["agents"]["Tempest"] == "Zurich"
    assert obs["you"]["payoffs"]["Spyglass"] == 6
    assert obs["burn_tokens_left"] == 20


def test_the_briefcase_stays_in_its_city_when_the_agent_beside_it_is_burnt() -> None:
    """Project design: nobody holds the briefcase; burning an agent leaves it where it lies."""
    state = table(2, agents=SAME_CITY, briefcase="Zurich", payoffs={0: {"Spyglass": 5}})
    act(state, BurnAgent("Spyglass", "Tempest"))
    pass_all(state)
    assert state.observation(None)["briefcase"] == "Zurich"


def test_a_burnt_agent_cannot_move() -> None:
    """Rulebook 004 §Burn an agent: a burnt agent is removed from the board."""
    state = table(2, agents={"Tempest": None})
    with pytest.raises(IllegalAction, match="not on the board"):
        state.apply(0, MoveAgent("Tempest", "Athens"))


def test_the_briefcase_in_the_movers_hq_wins_at_once() -> None:
    """§End of the Game: moving the briefcase to your HQ wins immediately."""
    state = table(2, agents={"Beacon": "Lille"}, briefcase="Lille")
    act(state, MoveAgent("Beacon", "London"))
    pass_all(state)
    events = act(state, CarryBriefcase(True))
    assert state.is_over() and state.winners() == [0] and state.scores() == [1.0, 0.0]
    over = next(e for e in events if e.kind == "game_over")
    assert over.data["reason"] == "hq"


def test_the_briefcase_carried_into_a_rivals_hq_wins_for_nobody() -> None:
    """§End of the Game, as printed: "If a player moves the briefcase to their HQ city, they
    win immediately". Given the default rule, when seat 0 carries the briefcase into
    Istanbul (seat 1's HQ at two players), then nobody wins and play goes on."""
    state = table(2, agents={"Beacon": "Bucharest"}, briefcase="Bucharest")
    assert state.hq_win == "mover"
    act(state, MoveAgent("Beacon", "Istanbul"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    assert not state.is_over()
    assert state.observation(None)["briefcase"] == "Istanbul"


def test_the_hq_owner_cannot_win_with_a_briefcase_someone_else_left_there() -> None:
    """§End of the Game: the win needs *moving* the briefcase to your HQ. Given it was left
    in Istanbul by seat 0, when seat 1 moves it out and back in, then seat 1 wins."""
    state = table(2, agents={"Beacon": "Bucharest"}, briefcase="Bucharest")
    act(state, MoveAgent("Beacon", "Istanbul"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    act(state, MoveAgent("Beacon", "Athens"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    act(state, PayNobody())
    act(state, MoveAgent("Beacon", "Istanbul"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    assert state.winners() == [1]


def test_under_the_owner_option_the_briefcase_in_a_rivals_hq_wins_for_that_seat() -> None:
    """Variant ``hq_win=owner`` (project design, not the printed rule): the briefcase entering
    a seat's HQ wins for that seat, whoever moved it."""
    state = table(2, agents={"Beacon": "Bucharest"}, briefcase="Bucharest", hq_win="owner")
    act(state, MoveAgent("Beacon", "Istanbul"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    assert state.winners() == [1]


def test_the_hq_rule_is_a_game_option_that_defaults_to_the_printed_rule() -> None:
    """``-o hq_win=owner`` chooses the variant; anything but ``mover`` or ``owner`` is refused."""
    assert GAME.new_state(2, seed=1).hq_win == "mover"  # type: ignore[attr-defined]
    owner = GAME.new_state(2, {"hq_win": "owner"}, seed=1)
    assert owner.hq_win == "owner"  # type: ignore[attr-defined]
    assert owner.observation(0)["hq_win"] == "owner"
    with pytest.raises(InvalidOptions, match="hq_win"):
        GAME.new_state(2, {"hq_win": "anyone"}, seed=1)


def test_an_hq_nobody_sits_at_is_just_a_city() -> None:
    """Project design: at two players Stockholm and Madrid have no owner, under either rule."""
    state = table(2, agents={"Beacon": "Copenhagen"}, briefcase="Copenhagen")
    act(state, MoveAgent("Beacon", "Stockholm"))
    pass_all(state)
    act(state, CarryBriefcase(True))
    assert not state.is_over()


def test_dr_solomon_advances_the_die_until_the_end_of_the_track() -> None:
    """§Game Play: if the die is on a numbered space, advance it one space."""
    state = table(2, track=1)
    act_all(state, [PayNobody(), PayNobody()])
    assert state.track == 0 and not state.is_over()
    assert state.observation(None)["last_roll"] == ""


@pytest.mark.parametrize(("players", "start"), [(2, 15), (3, 15), (4, 20)])
def test_the_die_rolls_first_after_as_many_rounds_as_its_starting_space(
    players: int, start: int
) -> None:
    """§Setup 4: the die starts on "20" for four players, on "15" for two or three; §Game
    Play: each round's end moves it one space, and only at the end of the track is it rolled.
    Given rounds where everyone pays nobody, the first roll comes at the end of the round
    after the die reaches the end (the space the project gives the track's end)."""
    state = GAME.new_state(players, seed=1)
    for seat in range(players):
        state.apply(seat, state.legal_actions(seat)[0])  # the hidden setup choices
    assert state.track == start
    rounds = 0
    while True:
        events = act_all(state, [PayNobody()] * players)
        rounds += 1
        if "solomon_rolls" in kinds(events):
            break
        assert rounds <= start, "the die was never rolled"
    assert rounds == start + 1


def test_a_blank_roll_at_the_end_of_the_track_continues_the_game() -> None:
    """§Game Play: if the die does not show Dr. Solomon, play continues."""
    state = table(2, track=0, seed=seed_rolling("blank"))
    events = act_all(state, [PayNobody(), PayNobody()])
    assert [e.data for e in events if e.kind == "solomon_rolls"] == [{"face": "blank"}]
    assert not state.is_over() and state.round == 2 and state.track == 0


def test_a_solomon_roll_ends_the_game_and_the_highest_payoff_to_him_wins() -> None:
    """§End of the Game: highest payoff to Dr. Solomon wins."""
    state = table(
        3,
        track=0,
        seed=seed_rolling("solomon"),
        payoffs={0: {"Dr. Solomon": 2}, 1: {"Dr. Solomon": 3}, 2: {"Dr. Solomon": 1}},
    )
    act_all(state, [PayNobody(), PayNobody(), PayNobody()])
    assert state.is_over() and state.winners() == [1]
    assert state.observation(0)["revealed"]["payoffs"][1]["Dr. Solomon"] == 3


def test_a_tie_with_dr_solomon_goes_to_the_most_reserve_then_is_shared() -> None:
    """§End of the Game: ties by most reserve; still tied players share the victory."""
    assert solomon_winners([2, 2, 1], [10, 12, 30]) == [1]
    assert solomon_winners([2, 2, 1], [12, 12, 30]) == [0, 1]
    state = table(
        2,
        track=0,
        seed=seed_rolling("solomon"),
        payoffs={0: {"Dr. Solomon": 1}, 1: {"Dr. Solomon": 1}},
    )
    act_all(state, [PaySolomon(), PaySolomon()])
    assert state.winners() == [0, 1] and state.scores() == [1.0, 1.0]


def test_no_roll_happens_before_the_end_of_the_round() -> None:
    """Rulebook 004 §Game Play: Dr. Solomon goes after each player has taken one turn."""
    state = table(3, track=0, seed=seed_rolling("solomon"))
    act_all(state, [PayNobody(), PayNobody()])
    assert not state.is_over()


def test_worked_example_spyglass_is_going_to_burn_tempest() -> None:
    """§Burn an agent example: "Spyglass is going to burn Tempest"."""
    state = table(2, agents=SAME_CITY, payoffs={0: {"Spyglass": 5}})
    events = act(state, BurnAgent("Spyglass", "Tempest"))
    (announce,) = [e for e in events if e.kind == "announce"]
    assert (announce.data["agent"], announce.data["target"]) == ("Spyglass", "Tempest")
    assert state.game.describe_action(BurnAgent("Spyglass", "Tempest")) == (
        "Spyglass is going to burn Tempest"
    )
