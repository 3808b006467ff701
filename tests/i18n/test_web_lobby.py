"""The lobby's chrome in the browser reads the exported catalogues: its language menu
defaults to the browser's language, picking another one is remembered, and every marked
text shows the catalogue's translation."""

from __future__ import annotations

import json
from typing import Any

from liveserver import LiveServer

from topsecret.i18n.__main__ import WEB_LOCALE


def lobby(browser: Any, server: LiveServer, locale: str) -> Any:
    context = browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(server.http + "/")
    page.wait_for_selector("#lang-select")
    return page


def marked_texts(page: Any) -> list[tuple[str, str]]:
    """(English source, text shown) for every marked element of the page."""
    pairs: list[tuple[str, str]] = page.eval_on_selector_all(
        "[data-i18n]",
        "els => els.map(e => [e.dataset.i18nSource, e.textContent])",
    )
    return [(source, shown) for source, shown in pairs]


def catalogue(lang: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(
        (WEB_LOCALE / f"{lang}.json").read_text(encoding="utf-8")
    )["messages"]
    return messages


def test_a_french_browser_gets_the_lobby_in_french(browser: Any, server: LiveServer) -> None:
    page = lobby(browser, server, "fr-FR")
    assert page.locator("#lang-select").input_value() == "fr"
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("#create-panel h2").inner_text() == "Préparer une table"
    french = catalogue("fr")
    texts = marked_texts(page)
    assert len(texts) >= 15
    for source, shown in texts:
        assert shown == french[source]
    assert page.locator("#name-input").get_attribute("placeholder") == "Nom d'agent"
    assert page.title() == "Top Secret · salon"
    assert page.errors == []
    page.context.close()


def test_picking_a_language_in_the_menu_is_remembered(browser: Any, server: LiveServer) -> None:
    page = lobby(browser, server, "en-US")
    assert page.locator("#lang-select").input_value() == "en"
    assert page.locator("#create-panel h2").inner_text() == "Set up a table"
    page.select_option("#lang-select", "de")
    page.wait_for_selector("#create-panel h2:has-text('Einen Tisch einrichten')")
    page.goto(server.http + "/")
    page.wait_for_selector("#lang-select")
    assert page.locator("#lang-select").input_value() == "de"
    assert page.locator("#tables-panel h2").first.inner_text() == "Tische, die auf Spieler warten"
    assert page.errors == []
    page.context.close()


def test_a_browser_language_we_lack_falls_back_to_english(browser: Any, server: LiveServer) -> None:
    page = lobby(browser, server, "ja-JP")
    assert page.locator("#lang-select").input_value() == "en"
    assert page.locator("#create-button").inner_text() == "Create table"
    page.context.close()


def test_the_table_page_chrome_follows_the_same_language(browser: Any, server: LiveServer) -> None:
    """An Italian player sets up a vault table against a bot: the table page's fixed texts,
    its attributes and its language menu are Italian too."""
    page = lobby(browser, server, "it-IT")
    page.select_option("#game-select", "vault")
    page.select_option("#players-select", "2")
    page.fill("#name-input", "Anna")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#lang-select")
    page.wait_for_selector("#rules-button:has-text('Regole')")
    assert page.locator("#lang-select").input_value() == "it"
    assert page.locator(".log h2").text_content() == "Cosa è successo"
    assert page.locator("#board").get_attribute("aria-label") == "Tabellone"
    assert page.locator("#chat-input").get_attribute("placeholder") == "Di qualcosa al tavolo"
    assert page.locator("#chat-input").get_attribute("aria-label") == "Di qualcosa al tavolo"
    assert page.locator("#invite-button").get_attribute("title") == "Copia il link d'invito"
    assert page.errors == []
    page.context.close()
