"""The research adapters set up new tables, so they take only the current rules
(docs/engine.md §Rules versions, "New tables use the current version"; docs/research.md)."""

from __future__ import annotations

import pytest

from topsecret.core import InvalidOptions
from topsecret.core.rules_versions import RULES

REFUSED = "tables are played under the current rules, 2: option 'rules' takes only 2"


def test_a_pettingzoo_environment_under_rules_1_is_refused() -> None:
    pytest.importorskip("pettingzoo", reason="pip install -e '.[rl]'")
    from topsecret.rl import pettingzoo

    for make in (pettingzoo.env, pettingzoo.raw_env, pettingzoo.parallel_env):
        with pytest.raises(InvalidOptions, match=REFUSED):
            make("vault", players=3, **{RULES: 1})
    assert pettingzoo.raw_env("vault", players=3, **{RULES: 2}).options[RULES] == 2


def test_a_gymnasium_environment_under_rules_1_is_refused() -> None:
    pytest.importorskip("gymnasium", reason="pip install -e '.[rl]'")
    from topsecret.rl import gymnasium

    with pytest.raises(InvalidOptions, match=REFUSED):
        gymnasium.env("briefcase", players=3, **{RULES: 1})
    assert gymnasium.env("briefcase", players=3, **{RULES: 2}).unwrapped.options[RULES] == 2


def test_an_openspiel_game_under_rules_1_is_refused() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="pip install -e '.[rl]'")
    import topsecret.rl.openspiel  # noqa: F401  (registers the games)

    with pytest.raises(InvalidOptions, match=REFUSED):
        pyspiel.load_game("topsecret_vault", {"players": 3, RULES: 1})
    loaded = pyspiel.load_game("topsecret_vault", {"players": 3, RULES: 2})
    assert loaded.get_parameters()[RULES] == 2
