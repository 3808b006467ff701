"""The components file: rulebook facts, our design marked, errors that say where."""

from __future__ import annotations

from pathlib import Path

import pytest

from topsecret.core import DataFileError
from topsecret.games.wink import GAME, WinkState
from topsecret.games.wink.components import load_components, standard_components

SHIPPED = Path(__file__).parents[3] / "src" / "topsecret" / "games" / "wink" / "components.toml"


def test_shipped_components_match_the_rulebook() -> None:
    """Rulebook 001 §Spielmaterial: 8 agents, 7 cards each, 32 location cards, 4 locations,
    3 chips per player (24 in all)."""
    comps = standard_components()
    assert len(comps.agents) == 8
    assert comps.agent_cards_per_agent == 7
    assert sum(loc.cards for loc in comps.locations) == 32
    assert [loc.name for loc in comps.locations] == [
        "Street café",
        "Metro station",
        "Kiosk",
        "Fountain",
    ]
    assert comps.observation_chips * 8 == 24
    assert comps.first_game_removed_per_player == 2


def test_designed_values_are_marked_as_ours() -> None:
    comps = standard_components()
    assert all(agent.source == "project" for agent in comps.agents)
    assert all(loc.cards_source == "project" for loc in comps.locations)


def test_only_the_fountain_is_named_in_the_rulebook() -> None:
    """Rulebook 001 §Spielmaterial prints "4 Orte" without names; §Passive Mission ("Julia
    blickt zum Springbrunnen") and §Mission abschließen name only the fountain. The other
    three names are the components' (known from the game, not printed in the rules) and
    marked so, not passed off as designed."""
    sources = {loc.id: loc.source for loc in standard_components().locations}
    assert sources == {
        "fountain": "rulebook",
        "street_cafe": "components",
        "metro_station": "components",
        "kiosk": "components",
    }


def test_a_players_own_file_loads(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace('name = "Nuage"', 'name = "Brume"')
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert load_components(path).agents[-1].name == "Brume"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("cards = 8\nsource", "cards = 9\nsource", "add up to 33"),
        ('id = "kiosk"', 'id = "fountain"', "share an id"),
        ('name = "Nuage"', 'name = "Corbeau"', "share a name"),
        ('cards_source = "project"', 'cards_source = "guess"', "source must be one of"),
        ("observation_chips = 3", 'observation_chips = "three"', "must be int"),
        ("look_ms = 400", "look_ms = 200", "under their minimum"),
        ("min_notice_ms = 250", "min_notice_ms = -1", "cannot be negative"),
    ],
)
def test_broken_files_are_refused_with_a_clear_error(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace(old, new, 1)
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=message):
        load_components(path)


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="not found"):
        load_components(tmp_path / "nothing.toml")


def test_alternative_signals_from_the_rulebook() -> None:
    """Rulebook 001 §Alternative Signale: blink, raised eyebrows or a nod instead of a wink."""
    signals = standard_components().signals
    assert [s.id for s in signals] == ["wink", "blink", "eyebrows", "nod"]
    assert all(s.source == "rulebook" for s in signals)


def test_a_table_can_be_set_up_with_a_players_own_file(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace("cards = 8\n", "cards = 2\n", 1)
    text = text.replace(
        'id = "metro_station"\nname = "Metro station"\ncards = 8',
        'id = "metro_station"\nname = "Metro station"\ncards = 14',
    )
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    state = WinkState.new(GAME, 4, 3, components=load_components(path))
    assert sorted(state.location_deck).count(0) == 2
    assert sorted(state.location_deck).count(1) == 14
