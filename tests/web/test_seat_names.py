"""The log and the move buttons name players where the games' texts say "seat N".

Every game counts seats from 1 in what players read ("Seat 1 takes…" is the first seat), so
the table page must put the first seat's name there, not the second's.
"""

from __future__ import annotations

from typing import Any

import pytest
from liveserver import LiveServer

from topsecret.core.events import private, public
from topsecret.games import get_game
from topsecret.i18n import game_text, translator
from topsecret.server.tables import event_json


def open_lobby(page: Any, server: LiveServer) -> None:
    """The lobby, once it has set its own language: a page's catalogue is the one loaded
    last, so a test that loads another must wait for the page's own first."""
    page.goto(server.http + "/")
    page.wait_for_selector("#game-select option", state="attached")


def named(page: Any, server: LiveServer, text: str, players: int, lang: str = "en") -> str:
    open_lobby(page, server)
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
    open_lobby(page, server)
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


#: The seats of the tables below: Ann, Bob and a random bot, as the table page lists them.
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": None, "bot": "random"}]
#: Events whose sentences name the reader's own seat, as the games make them: the end of a
#: briefcase game, a catch at the winking table and a signal seen there (Bob's alone).
EVENTS = {
    "briefcase": public("game_over", reason="solomon", winners=[0, 1, 2]),
    "caught": public("accusation", accuser=1, winker=0, contact=2, revealed=0, correct=True),
    "glanced": private(
        [1],
        "saw_signal",
        seat=2,
        signal="glance",
        location="street_cafe",
        looking_at={"at": "seat", "seat": 1},
    ),
}


def logged(page: Any, server: LiveServer, event: str, you: int | None, lang: str = "en") -> str:
    """The log line the table page shows the reader at seat ``you`` (``None``: a spectator)
    for one of ``EVENTS``, worded by the server as it words it for that reader."""
    game = get_game("briefcase" if event == "briefcase" else "wink")
    sent = event_json(game, EVENTS[event], you, game_text(game, translator(lang)))
    open_lobby(page, server)
    return str(
        page.evaluate(
            """async ([event, seats, you, lang]) => {
                const { loadLanguage } = await import("/static/js/i18n.js");
                await loadLanguage(lang);
                const { eventText, seatName } = await import("/static/js/api.js");
                const table = { seats: seats.map((s, seat) => ({ seat, bot: null, ...s })) };
                return eventText(event, (seat) => seatName(table, seat, you), seats.length);
            }""",
            [sent, SEATS, you, lang],
        )
    )


def format_you(lang: str) -> str:
    """The "(you)" mark of a name in ``lang``."""
    return translator(lang).gettext("{player} (you)").format(player="").strip()


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ("briefcase", "Game over (Dr. Solomon's roll). Winners: Ann, Bob (you), Random bot 3"),
        (
            "caught",
            "Bob (you) called “Caught! Ann winked at Random bot 3”. Revealed: Coquelicot (red); "
            "the accusation was right",
        ),
        ("glanced", "Random bot 3 glanced toward the street café while looking at Bob (you)"),
    ],
)
def test_the_readers_own_seat_is_named_and_marked_once(
    page: Any, server: LiveServer, event: str, line: str
) -> None:
    """Given Bob at seat 2, whose game texts mark his seat "seat 2 (you)", when the page logs
    a sentence naming him, then it reads "Bob (you)" once, not "Bob (you) (you)"."""
    assert logged(page, server, event, 1) == line


@pytest.mark.parametrize(
    ("lang", "event", "line"),
    [
        (
            "fr",
            "briefcase",
            "Fin de la partie (le dé de Dr. Solomon). Gagnants : Ann, Bob (vous), Bot aléatoire 3",
        ),
        (
            "de",
            "caught",
            "Bob (du) hat „Ertappt! Ann hat Bot 3 (zufällig) zugezwinkert“ gerufen. "
            "Aufgedeckt: Coquelicot (rot); die Anschuldigung war richtig",
        ),
        (
            "it",
            "glanced",
            "Bot casuale 3 ha dato un'occhiata verso il caffè mentre guardava Bob (tu)",
        ),
    ],
)
def test_the_readers_own_seat_is_marked_once_in_every_language(
    page: Any, server: LiveServer, lang: str, event: str, line: str
) -> None:
    """Given Bob at seat 2 reading French, German or Italian, whose game texts mark his seat
    in his language ("joueur 2 (vous)"), when the page logs it, then his name carries the
    mark once."""
    assert logged(page, server, event, 1, lang) == line


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
@pytest.mark.parametrize("event", ["briefcase", "caught", "glanced"])
def test_no_line_says_you_twice_in_any_language(
    page: Any, server: LiveServer, lang: str, event: str
) -> None:
    """Given Bob at seat 2, in any language the project ships, when the page logs a sentence
    naming his seat, then "(you)" in that language follows his name exactly once."""
    you = format_you(lang)
    line = logged(page, server, event, 1, lang)
    assert line.count(you) == 1 and line.count(f"Bob {you}") == 1, line


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ("briefcase", "Game over (Dr. Solomon's roll). Winners: Ann, Bob, Random bot 3"),
        (
            "caught",
            "Bob called “Caught! Ann winked at Random bot 3”. Revealed: Coquelicot (red); "
            "the accusation was right",
        ),
    ],
)
def test_a_spectator_reads_every_name_once_and_no_you(
    page: Any, server: LiveServer, event: str, line: str
) -> None:
    """Given a spectator, when the page logs a sentence naming the players, then each name
    appears as it is, marked for nobody."""
    assert logged(page, server, event, None) == line
