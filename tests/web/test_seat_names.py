"""The log and the move buttons name players where the games' texts say "seat N".

Every game counts seats from 1 in what players read ("Seat 1 takes…" is the first seat), so
the table page must put the first seat's name there, not the second's.
"""

from __future__ import annotations

from typing import Any

from liveserver import LiveServer


def named(page: Any, server: LiveServer, text: str, players: int, lang: str = "en") -> str:
    page.goto(server.http + "/")
    return str(
        page.evaluate(
            """async ([text, players, lang]) => {
                const { loadLanguage } = await import("/static/js/i18n.js");
                await loadLanguage(lang);
                const { namedSeats } = await import("/static/js/api.js");
                const names = ["Ann", "Bob", "Cyd"];
                return namedSeats(text, (seat) => names[seat], players);
            }""",
            [text, players, lang],
        )
    )


def test_seat_1_is_the_first_player_and_the_last_seat_is_named_too(
    page: Any, server: LiveServer
) -> None:
    """Given Ann, Bob and Cyd at seats 1 to 3, when a game's text speaks of seat 1 and
    seat 3, then the log reads Ann and Cyd."""
    assert named(page, server, "Seat 1 gives 3 to seat 3", 3) == "Ann gives 3 to Cyd"


def test_a_seat_number_outside_the_table_stays_as_written(page: Any, server: LiveServer) -> None:
    """Given a two-seat table, when a text says seat 0 or seat 3 (no such seat), then it is
    left alone rather than naming someone else."""
    assert named(page, server, "seat 0 and seat 3; seat 2", 2) == "seat 0 and seat 3; Bob"


def test_the_seat_word_of_the_readers_language_is_named_too(page: Any, server: LiveServer) -> None:
    """Given a German reader, whose game texts say "Spieler N" for a seat, when a line speaks
    of Spieler 1 and Spieler 3, then it reads Ann and Cyd; a longer word ending in the same
    letters is not a seat."""
    line = "Spieler 1 gibt Spieler 3 eine Karte; Mitspieler 2"
    assert named(page, server, line, 3, "de") == "Ann gibt Cyd eine Karte; Mitspieler 2"


def test_the_language_asked_for_last_is_kept_when_an_earlier_one_answers_later(
    page: Any, server: LiveServer
) -> None:
    """Given a page that asks for French and then German, when French's catalogue arrives
    last (as the page's own language could, on a busy machine, after a later request), then
    the page still speaks German."""
    page.goto(server.http + "/")
    lang, seat = page.evaluate(
        """async () => {
            const { loadLanguage, gettext } = await import("/static/js/i18n.js");
            const fetchNow = window.fetch;
            window.fetch = async (url, ...rest) => {
                if (String(url).endsWith("/fr.json")) await new Promise((r) => setTimeout(r, 300));
                return fetchNow(url, ...rest);
            };
            await Promise.all([loadLanguage("fr"), loadLanguage("de")]);
            window.fetch = fetchNow;
            return [document.documentElement.lang, gettext("seat {seat}")];
        }"""
    )
    assert (lang, seat) == ("de", "Spieler {seat}"), (lang, seat)
