"""A table's history held compactly: every row and event reads back as it was written, each
seat reads back only what it may see, and the entries are out of the cycle collector's way."""

from __future__ import annotations

import gc

import pytest

from topsecret.core import Event, Game, Rng, private, public
from topsecret.games import all_games
from topsecret.server.db import LogRow
from topsecret.server.history import EVERYONE, TableHistory, audience_mask


def _played(game: Game, players: int, seed: int) -> tuple[list[LogRow], list[tuple[int, Event]]]:
    """The rows and events of a seeded random game, as a table would log them."""
    state = game.new_state(players, seed=seed)
    rng = Rng(seed)
    rows: list[LogRow] = []
    events: list[tuple[int, Event]] = []
    while not state.is_over() and len(rows) < 400:
        seat = state.acting_players()[0]
        action = rng.choice(state.legal_actions(seat))
        happened = state.apply(seat, action)
        row = LogRow(len(rows), seat, action.to_json(), 0.25 * len(rows) if seed % 2 else None)
        rows.append(row)
        events += [(row.seq, event) for event in happened]
    return rows, events


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_whole_game_reads_back_row_for_row_and_event_for_event(game: Game) -> None:
    """Given a seeded game's log and events written to a history, then the rows, the events
    (kinds, data of every type, audiences) and each seat's visible log read back equal."""
    players = game.min_players
    for seed in (1, 2):
        rows, events = _played(game, players, seed)
        history = TableHistory()
        for row in rows:
            history.append(row)
        for seq, event in events:
            history.record(seq, [event])
        assert len(history) == len(rows)
        assert history.rows() == rows
        assert history.last_time() == rows[-1].time
        assert history.events() == events
        assert any(event.audience is not None for _, event in events)  # secrets were kept
        for seat in [None, *range(players)]:
            assert history.visible_to(seat) == [
                (seq, event) for seq, event in events if event.visible_to(seat)
            ]


def test_an_empty_history_has_no_rows_and_no_time() -> None:
    history = TableHistory()
    assert len(history) == 0
    assert history.rows() == [] and history.events() == []
    assert history.last_time() is None


def test_audiences_become_bits_by_seat() -> None:
    assert audience_mask(None) == EVERYONE
    assert audience_mask(frozenset()) == 0
    assert audience_mask(frozenset({0, 3})) == 0b1001


def test_a_secret_is_read_back_by_its_seats_only_and_never_by_a_spectator() -> None:
    history = TableHistory()
    history.record(0, [public("shown", card=3), private((1, 2), "dealt", cards=(4, 5))])
    assert [e.kind for _, e in history.visible_to(None)] == ["shown"]
    assert [e.kind for _, e in history.visible_to(0)] == ["shown"]
    assert [e.kind for _, e in history.visible_to(2)] == ["shown", "dealt"]
    assert history.visible_to(1)[1][1] == private((1, 2), "dealt", cards=(4, 5))


def test_data_marshal_cannot_write_is_kept_as_the_event_itself() -> None:
    """An event carrying an object of no builtin type still reads back (as itself)."""
    odd = public("odd", thing=object())
    history = TableHistory()
    history.record(4, [odd])
    assert history.events() == [(4, odd)]


def test_stored_entries_are_left_alone_by_the_cycle_collector() -> None:
    """What the history holds is plain values: once the collector has seen the entries it
    stops tracking them, so a full collection no longer walks a table's whole history."""
    game = all_games()[0]
    rows, events = _played(game, game.min_players, 1)
    history = TableHistory()
    for row in rows:
        history.append(row)
    for seq, event in events:
        history.record(seq, [event])
    gc.collect()
    entries = [*history._rows, *history._events]
    assert entries and not any(gc.is_tracked(entry) for entry in entries)
