"""No player-facing string is left outside the catalogues (issue 16) in the modules that are
translated: a source-level check on their syntax trees.

A string literal with words in it reaches a player when it is returned, formatted
(``"...".format(...)``, an f-string, ``"..." + x``) or handed to what prints or collects
lines (``lines.append``, ``Text``, ``console.print``...). Each such literal must be the
message of a translator call (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``,
``N_``). What is not player-facing is left alone: docstrings, dictionary keys, subscripts,
comparisons, keyword arguments (``style="bold"``) and Rich's markup tags.

In the modules of ``ERRORS_TRANSLATED`` (the engine, the games' rules, bots, the command
line, the server), every error a person reads is raised with a catalogue message
(``InvalidOptions.of(N_("..."), ...)``), never with an English literal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import topsecret

PACKAGE = Path(topsecret.__file__).resolve().parent
#: The modules whose every player-facing string goes through the catalogues.
TRANSLATED = (
    "terminal.py",
    "games/vault/text.py",
    "games/vault/render.py",
    "games/wink/text.py",
    "games/wink/render.py",
    "games/briefcase/text.py",
    "games/briefcase/render.py",
    "games/spyworld/text.py",
    "games/spyworld/render.py",
)
#: The modules whose errors of ours (below) are raised with a catalogue message: each is
#: shown to a player or a command-line user in their language (``message_text``).
ERRORS_TRANSLATED = (
    "cli.py",
    "core/actions.py",
    "core/game.py",
    "core/options.py",
    "core/replay.py",
    "core/rules_versions.py",
    "games/__init__.py",
    "games/briefcase/game.py",
    "games/briefcase/powers.py",
    "games/briefcase/state.py",
    "games/spyworld/exploring.py",
    "games/spyworld/game.py",
    "games/spyworld/state.py",
    "games/vault/game.py",
    "games/vault/state.py",
    "games/wink/game.py",
    "games/wink/state.py",
    "bots/ismcts.py",
    "bots/registry.py",
    "i18n/__init__.py",
    "arena/distributed.py",
    "arena/report.py",
    "arena/simulate.py",
    "arena/tournament.py",
    "server/__init__.py",
    "server/app.py",
    "server/limits.py",
    "server/lobby.py",
    "server/tables.py",
)
#: Errors a person reads. (``DataFileError``'s reasons about a data file's contents are for
#: whoever writes the file, and stay English: docs/languages.md.)
PLAYER_ERRORS = {
    "TopSecretError",
    "IllegalAction",
    "InvalidOptions",
    "UnknownName",
    "ActionFormatError",
    "ReplayError",
    "SettingError",
    "TableError",
    "StorageError",
    "QuotaError",
    "Refusal",
    "RulesRefused",
}
TRANSLATORS = {"gettext", "ngettext", "pgettext", "npgettext", "N_"}
#: Calls whose first argument is shown or kept for showing.
SHOWN = {"append", "extend", "print", "Text", "Panel", "insert", "join", "input"}
MARKUP = re.compile(r"\[/?[a-z ]*\]")
FIELD = re.compile(r"\{[^}]*\}")
WORDS = re.compile(r"[A-Za-z]{2,}")


def has_words(text: str) -> bool:
    return bool(WORDS.search(MARKUP.sub("", FIELD.sub("", text))))


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _literal_words(node: ast.AST) -> str | None:
    """The words of a string literal or an f-string's literal parts, else ``None``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if has_words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        parts = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
        return parts if has_words(parts) else None
    return None


def english_outside_catalogues(source: str) -> list[tuple[int, str]]:
    """Each (line, text) of a player-facing literal that no translator call holds."""
    tree = ast.parse(source)
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in TRANSLATORS:
            for arg in node.args:
                inside.add(id(arg))
    found: list[tuple[int, str]] = []

    def flag(node: ast.AST | None) -> None:
        if node is None or id(node) in inside:
            return
        if isinstance(node, ast.IfExp):
            flag(node.body)
            flag(node.orelse)
            return
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            flag(node.left)
            flag(node.right)
            return
        words = _literal_words(node)
        if words is not None:
            found.append((getattr(node, "lineno", 0), words))

    for node in ast.walk(tree):
        if isinstance(node, ast.Return):
            flag(node.value)
        elif isinstance(node, ast.JoinedStr):
            flag(node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            flag(node.left)
            flag(node.right)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "format":
                flag(func.value)
            if _name(node) in SHOWN and node.args:
                flag(node.args[0])
    return sorted(set(found))


def errors_outside_catalogues(source: str) -> list[tuple[int, str]]:
    """Each (line, text) of an error of ours raised with words that no catalogue holds:
    ``raise InvalidOptions(f"...")`` where ``InvalidOptions.of(N_("..."), ...)`` is meant.
    An error raised with a text made elsewhere (``str(exc)``) is left alone."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        first = node.args[0]
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "of":
            owner = func.value
            named = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
            # A literal must be marked; a name holds a message marked where it was written.
            if named in PLAYER_ERRORS and isinstance(first, (ast.Constant, ast.JoinedStr)):
                found.append((node.lineno, ast.unparse(first)))
        elif _name(node) in PLAYER_ERRORS:
            words = _literal_words(first)
            if words is not None:
                found.append((node.lineno, words))
    return sorted(set(found))


@pytest.mark.parametrize("module", ERRORS_TRANSLATED)
def test_every_error_a_person_reads_is_a_catalogue_message(module: str) -> None:
    source = (PACKAGE / module).read_text(encoding="utf-8")
    assert errors_outside_catalogues(source) == []


def test_the_error_check_finds_english_left_outside() -> None:
    source = """
def f(seat, exc):
    raise IllegalAction(f"seat {seat} cannot play", "turn order")
    raise TableError("the table is full")
    raise InvalidOptions.of("option {name} is bad", name=seat)
    raise TableError(str(exc))
    raise InvalidOptions.of(N_("option {name} is bad"), name=seat)
    raise DataFileError(f"{seat}: missing 'id'")
    raise ValueError("not for players")
"""
    found = [text for _, text in errors_outside_catalogues(source)]
    assert found == ["seat  cannot play", "the table is full", "'option {name} is bad'"]


@pytest.mark.parametrize("module", TRANSLATED)
def test_every_player_facing_string_goes_through_the_catalogues(module: str) -> None:
    source = (PACKAGE / module).read_text(encoding="utf-8")
    assert english_outside_catalogues(source) == []


def test_the_check_finds_english_left_outside() -> None:
    """The check has teeth: each way a sentence reaches a player without a translator call
    is found, and the translated forms pass."""
    source = '''
def f(tr, seat, lines, console):
    """A docstring is not shown."""
    if seat == "you":
        return "you passed"
    lines.append(f"seat {seat} drew a card")
    console.print("[bold]Game over[/]")
    x = "{player} passes".format(player=seat)
    y = "Round " + str(seat)
    ok = tr.gettext("{player} passes").format(player=seat)
    lines.append(tr.gettext("Game over"))
    lines.append(f"[bold]{ok}[/] - {seat}")
    return tr.ngettext("one", "many", seat) if seat else "-"
'''
    found = [text for _, text in english_outside_catalogues(source)]
    assert found == [
        "you passed",
        "seat  drew a card",
        "[bold]Game over[/]",
        "{player} passes",
        "Round ",
    ]
