"""The paired comparison both searches decide by: the turn-based search's ``paired`` option
and the real-time search judge a move against the one to beat, world by world."""

from __future__ import annotations

import math

from topsecret.bots.ismcts import Budget, PairedLead, SearchSettings, paired_choice
from topsecret.games.wink.actions import Look, Pass, Wink

PLANNED = Pass()
LOOK = Look(1)
WINK = Wink()


def test_a_steady_lead_replaces_the_move_to_beat():
    leads = {LOOK: PairedLead([0.2, 0.25, 0.3])}
    assert paired_choice(PLANNED, leads, lambda _: 1.64) == LOOK


def test_a_lead_within_its_noise_keeps_the_move_to_beat():
    noisy = PairedLead([0.9, -0.8, 0.1])
    assert noisy.mean > 0
    assert noisy.mean < 1.0 * noisy.standard_error()
    assert paired_choice(PLANNED, {LOOK: noisy}, lambda _: 1.0) == PLANNED


def test_too_few_trials_keep_the_move_to_beat_however_good_they_look():
    leads = {LOOK: PairedLead([1.0, 1.0])}
    assert paired_choice(PLANNED, leads, lambda _: 0.0, min_count=3) == PLANNED


def test_of_several_clear_leads_the_best_mean_is_played():
    leads = {LOOK: PairedLead([0.1, 0.1, 0.1]), WINK: PairedLead([0.3, 0.3, 0.3])}
    assert paired_choice(PLANNED, leads, lambda _: 1.0) == WINK


def test_the_margin_is_read_at_the_candidates_own_count():
    seen: list[int] = []

    def margin(count: int) -> float:
        seen.append(count)
        return 1.0

    paired_choice(PLANNED, {LOOK: PairedLead([0.5, 0.4, 0.6, 0.5])}, margin)
    assert seen == [4]


def test_the_standard_error_is_the_sample_spread_over_root_n():
    lead = PairedLead([1.0, 2.0, 3.0])
    assert lead.mean == 2.0
    assert math.isclose(lead.standard_error(), math.sqrt(1.0 / 3))
    assert PairedLead([5.0]).standard_error() == 0.0


def test_an_iteration_budget_stops_before_a_round_would_pass_it():
    budget = Budget(SearchSettings(iterations=12))
    assert not budget.spent(6, 6)
    assert budget.spent(8, 6)
    assert budget.spent(12)
    assert not budget.spent(11)
