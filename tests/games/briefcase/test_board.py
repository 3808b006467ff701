"""The map and the components as data (COMPONENTS.md "briefcase"; Rulebook 004 §Setup)."""

from __future__ import annotations

from pathlib import Path

import pytest

from topsecret.core import DataFileError
from topsecret.core.data import load_package_toml
from topsecret.games.briefcase import GAME, load_board
from topsecret.games.briefcase.board import parse_board
from topsecret.games.briefcase.components import parse_components

EUROPE = load_package_toml("topsecret.games.briefcase", "europe.toml")


def test_every_hq_is_the_same_number_of_moves_from_vienna_counting_station_hops() -> None:
    """Project design (the rulebook places no HQ): the four HQs are all 5 moves from Vienna."""
    board = load_board()
    assert board.hq_distances() == {"London": 5, "Stockholm": 5, "Istanbul": 5, "Madrid": 5}


def test_the_stations_ring_vienna_and_bring_no_hq_closer() -> None:
    """Project design: the stations are Vienna and its four neighbours, so they speed travel
    between quarters; without them every HQ is still five moves away."""
    board = load_board()
    vienna = board.index("Vienna")
    assert board.stations == {vienna} | board.red_neighbours(vienna)
    data = {**EUROPE, "stations": {"source": "project", "cities": []}}
    assert set(parse_board(data, "no-stations").hq_distances().values()) == {5}


def test_no_agent_starts_on_a_station_and_every_agent_starts_two_moves_from_vienna() -> None:
    """Project design against the start player's head start (Rulebook 004 §Setup 3 names the
    start cities, not where they lie): no first move puts an agent on the briefcase."""
    board = load_board()
    from_vienna = board.distances_from(board.briefcase_start)
    assert not set(board.agent_starts) & board.stations
    assert {from_vienna[city] for city in board.agent_starts} == {2}


def test_every_hq_sees_the_same_board() -> None:
    """Fair by construction: from each HQ the board looks the same (same number of cities at
    each distance, with and without station hops), and from Vienna exactly one first step
    leads toward each HQ, never toward two."""
    board = load_board()
    profiles = {tuple(sorted(board.distances_from(hq.city))) for hq in board.hqs}
    assert len(profiles) == 1
    no_stations = parse_board({**EUROPE, "stations": {"source": "project", "cities": []}}, "x")
    assert len({tuple(sorted(no_stations.distances_from(hq.city))) for hq in board.hqs}) == 1
    vienna = board.index("Vienna")
    towards: dict[str, list[str]] = {board.names[hq.city]: [] for hq in board.hqs}
    for step in board.move_targets(vienna):
        from_step = board.distances_from(step)
        for hq in board.hqs:
            if from_step[hq.city] == 4:
                towards[board.names[hq.city]].append(board.names[step])
    assert towards == {
        "London": ["Munich"],
        "Stockholm": ["Prague"],
        "Istanbul": ["Zagreb"],
        "Madrid": ["Milan"],
    }


def test_the_rulebook_cities_are_on_the_map() -> None:
    """Rulebook 004 §Setup 2-3: Vienna holds the briefcase; the six agent start cities; Zurich."""
    board = load_board()
    assert board.names[board.briefcase_start] == "Vienna"
    assert sorted(board.names[c] for c in board.agent_starts) == [
        "Belgrade",
        "Berlin",
        "Marseille",
        "Paris",
        "Rome",
        "Warsaw",
    ]
    assert "Zurich" in board.names


def test_the_four_hqs_sit_in_the_four_corners_with_their_icons() -> None:
    """Rulebook 004 §Setup 6 says only that each player takes the shield "matching the icon on
    the HQ city they are sitting nearest to"; the corners and the icons are project design."""
    board = load_board()
    assert [(board.names[h.city], h.corner, h.icon) for h in board.hqs] == [
        ("London", "north-west", "crown"),
        ("Stockholm", "north-east", "anchor"),
        ("Istanbul", "south-east", "star"),
        ("Madrid", "south-west", "key"),
    ]
    columns, rows = board.size
    corners = {(0, 0), (columns - 1, 0), (0, rows - 1), (columns - 1, rows - 1)}
    assert {board.at[h.city] for h in board.hqs} == corners


def test_red_lines_are_symmetric_and_a_station_reaches_every_other_station() -> None:
    """Rulebook 004 §Move An Agent: adjacent by red line, or station to station."""
    board = load_board()
    for city, neighbours in enumerate(board.links):
        for other in neighbours:
            assert city in board.links[other]
    munich = board.index("Munich")
    assert board.stations - {munich} <= board.move_targets(munich)
    assert not (board.stations - {munich}) <= board.red_neighbours(munich)


def test_every_data_item_says_where_it_comes_from() -> None:
    """Designed values are marked as the project's, printed ones as the rulebook's."""
    data = load_package_toml("topsecret.games.briefcase", "components.toml")
    for agent in data["agent"]:
        assert agent["source"] == "project"  # the powers are our design
    assert data["die"]["source"] == "project"
    assert data["rules"]["source"] == "rulebook"
    assert all(city["source"] in ("rulebook", "project") for city in EUROPE["city"])


def test_the_corner_hqs_and_the_stations_are_marked_as_project_design() -> None:
    """Rulebook 004 §Setup 6 says only "the HQ city they are sitting nearest to" and §Move An
    Agent only that stations exist: neither puts the HQs in the corners, names a station city
    or speaks of symmetry, so the HQs, their seating, the stations and the red lines are all
    the project's design; of the map's cities only those the rulebook names are "rulebook"."""
    assert all(hq["source"] == "project" for hq in EUROPE["hq"])
    for table in ("seating", "stations", "links"):
        assert EUROPE[table]["source"] == "project"
    named = {"Vienna", "Belgrade", "Berlin", "Marseille", "Paris", "Rome", "Warsaw", "Zurich"}
    assert {c["name"] for c in EUROPE["city"] if c["source"] == "rulebook"} == named


def test_a_player_can_load_their_own_map(tmp_path: Path) -> None:
    """The issue: players can load their own map (option ``map``)."""
    text = (Path(__file__).parents[3] / "src/topsecret/games/briefcase/europe.toml").read_text()
    text = text.replace('name = "Europe"', 'name = "House map"')
    path = tmp_path / "house.toml"
    path.write_text(text)
    state = GAME.new_state(2, {"map": str(path)}, seed=1)
    assert state.observation(0)["map"] == "House map"


def test_a_map_with_a_link_to_an_unknown_city_is_refused() -> None:
    """A player's own map is validated: a red line to a city not on the map is refused."""
    lines = [*EUROPE["links"]["lines"], ["Vienna", "Atlantis"]]
    data = {**EUROPE, "links": {"source": "project", "lines": lines}}
    with pytest.raises(DataFileError, match="Atlantis"):
        parse_board(data, "bad")


def test_an_unfair_map_loads_only_when_it_says_so() -> None:
    """A map whose HQs are not equally far from Vienna needs ``allow_unequal_hqs``."""
    lines = [*EUROPE["links"]["lines"], ["Vienna", "London"]]
    data = {**EUROPE, "links": {"source": "project", "lines": lines}}
    with pytest.raises(DataFileError, match="equally far"):
        parse_board(data, "unfair")
    board = parse_board({**data, "allow_unequal_hqs": True}, "unfair")
    assert board.hq_distances()["London"] == 1


def test_a_missing_map_file_is_a_clear_error(tmp_path: Path) -> None:
    """Loading a map that does not exist says so."""
    with pytest.raises(DataFileError, match="not found"):
        load_board(tmp_path / "missing.toml")


def test_components_need_six_agents_with_six_different_powers() -> None:
    """Rulebook 004 components: six agents; a die that can show Dr. Solomon."""
    data = load_package_toml("topsecret.games.briefcase", "components.toml")
    broken = {**data, "agent": data["agent"][:5]}
    with pytest.raises(DataFileError, match="six agents"):
        parse_components(broken, "broken")
    with pytest.raises(DataFileError, match="include 'solomon'"):
        parse_components({**data, "die": {"faces": ["blank"], "source": "project"}}, "die")


def test_the_die_and_the_track_as_designed() -> None:
    """Rulebook 004 §Setup 4 (20 or 15) and the designed die: two Solomon faces of six."""
    comp = GAME.components
    assert len(comp.die) == 6 and comp.die.count("solomon") == 2
    assert comp.track_start_for(2) == comp.track_start_for(3) == 15
    assert comp.track_start_for(4) == 20
