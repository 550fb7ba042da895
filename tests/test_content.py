"""The shipped data files: every [R] number of the rulebook, and the loader's validation."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from pieces import arena, build, refused

from nncli.notebook import engine
from nncli.notebook.content import UNIT_TYPES, Content, ContentError
from nncli.notebook.content_loader import DATA_DIR, load_content
from nncli.notebook.moves import Research, Spawn

NATIONS = ("mushroom", "thimble", "humming", "seed")


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_four_nations_and_priorities(content: Content) -> None:
    """Rules: COMP-01

    "4 Nation Mats" ... "The Mushroom Tribes Nation has a priority of 3 and the Thimble Empire has
    a priority of 5."
    """
    assert tuple(content.nations) == NATIONS
    names = [n.name for n in content.nations.values()]
    assert names == ["Mushroom Tribes", "Thimble Empire", "Humming Republic", "Seed Children"]
    assert content.nations["mushroom"].priority == 3
    assert content.nations["thimble"].priority == 5
    assert len({n.priority for n in content.nations.values()}) == 4


def test_74_unit_tiles(content: Content) -> None:
    """Rules: COMP-02

    "74 Unit Tiles"; "Each Nation has a different number of Units."
    """
    nations = content.nations.values()
    per_nation = [sum(u.size1 + u.size2 for u in n.units.values()) for n in nations]
    assert sum(per_nation) == 74
    assert len(set(per_nation)) == 4


def test_23_building_tiles_per_nation(content: Content) -> None:
    """Rules: COMP-03, BUILD-03, BUILD-04

    "92 Building Tiles"; "Each Nation's Town Buildings include 1 unique Wonder and 2 of each other
    type of Town Building"; "Each Nation's Crown Buildings include 3 Town Halls, 1 Unique Crown
    Building, and 2 of each other type of Crown Building".
    """
    town = {"house", "barracks", "market", "university", "temple", "siegeworks"}
    crown = {"mining-camp", "lumber-camp", "food-camp"}
    for nation in content.nations.values():
        b = nation.buildings
        assert {k for k, t in b.items() if t.kind == "town"} == town | {"wonder"}
        assert {k for k, t in b.items() if t.kind == "crown"} == crown | {"town-hall", "unique"}
        assert all(b[k].copies == 2 for k in town | crown)
        assert (b["wonder"].copies, b["town-hall"].copies, b["unique"].copies) == (1, 3, 1)
        assert sum(t.copies for t in b.values()) == 23
    assert sum(t.copies for n in content.nations.values() for t in n.buildings.values()) == 92


def test_building_prefixes_and_nation_overrides(content: Content) -> None:
    """The nation's Wonder, Unique Crown Building and Food Camp are merged over the common ones."""
    mushroom, thimble = content.nations["mushroom"], content.nations["thimble"]
    assert mushroom.buildings["town-hall"].prefix == "th"
    assert mushroom.buildings["unique"].prefix == "crown"
    assert mushroom.buildings["food-camp"].name == "Hunting Lodge"
    assert mushroom.buildings["food-camp"].region == "h"
    assert thimble.buildings["food-camp"].may_overlap_water
    assert not mushroom.buildings["food-camp"].may_overlap_water
    assert thimble.buildings["unique"].actions == ("survey",)
    assert content.nations["seed"].buildings["wonder"].income.culture == 3
    assert thimble.buildings["wonder"].income.culture == 2
    assert thimble.buildings["wonder"].cost == mushroom.buildings["wonder"].cost


def test_16_encounter_tiles(content: Content) -> None:
    """Rules: COMP-05

    "16 Encounter Tiles" and "16 Encounter Tokens".
    """
    assert len(content.encounters) == 14
    assert sum(tile.copies for tile in content.encounters) == 16


def test_thimble_melee_move_5(content: Content) -> None:
    """Rules: EX-MOVE-01

    "For example, the Thimble Empire's Melee Units can move 5 spaces."
    """
    assert content.nations["thimble"].units["melee"].move == 5


def test_mushroom_warriors_range_1_move_at_least_5(content: Content) -> None:
    """Rules: EX-MOVE-02

    "the Mushroom Tribes warriors move to the left 1 square, then up, then left, then up twice, for
    a total of 5 movement" and "the Mushroom warriors' range of 1".
    """
    melee = content.nations["mushroom"].units["melee"]
    assert melee.range == 1
    assert melee.move >= 5


def test_thimble_gunmen_range_6_size_2(content: Content) -> None:
    """Rules: EX-ATTACK-01

    "The enemy is size-2 with a range of 6" (the Thimble gunmen).
    """
    ranged = content.nations["thimble"].units["ranged"]
    assert ranged.range == 6
    assert ranged.size2 >= 1


def test_lumber_camp_costs_1_gold(content: Content) -> None:
    """Rules: EX-INCOME-01

    "Ronan has 2 Gold and would like to place a Lumber Camp. He pays 1 Gold to do so."
    """
    for nation in content.nations.values():
        assert nation.buildings["lumber-camp"].cost.items() == (("gold", 1),)


def test_cavalry_tier_1_costs_1_gold_and_tier_2_opens_by_science_3(content: Content) -> None:
    """Rules: EX-RES-01

    "Nic has reached 3 on the Science Track, so he is able to purchase any of the Research Nodes in
    Tier I or Tier II. He would like to unlock Access to Cavalry, so he pays 1 Gold".
    """
    for board in content.research.values():
        cavalry = next(n for n in board.nodes if n.key == "cavalry")
        assert cavalry.tier == 1
        assert board.tiers[0].gold == 1
        assert board.tiers[1].science <= 3
    state = arena(rich=False)  # in play, as the example says: Science 3 opens Tiers I and II
    nic = state.player("mushroom")
    nic.science, nic.gold = 3, 1
    after = engine.apply(state, Research("cavalry"))
    assert after.player("mushroom").gold == 0 and "cavalry" in after.player("mushroom").research
    nic.gold = 2
    assert "one-star" in engine.apply(state, Research("one-star")).player("mushroom").research
    nic.gold = 3
    refused(state, Research("siege"), "RES-03")  # Tier III needs 7 Science
    nic.science, nic.gold = 3, 0
    refused(state, Research("cavalry"), "RES-05")  # and the 1 Gold must be paid


def test_cavalry_fastest_and_dearer_than_melee(content: Content) -> None:
    """Rules: UNIT-17

    "Cavalry Units require research to spawn from a Barracks, cost more than a Melee Unit, and are
    the fastest Units in the game."
    """
    for nation in content.nations.values():
        units = nation.units
        others = [u.move for k, u in units.items() if k != "cavalry"]
        assert units["cavalry"].move > max(others)
        assert total(units["cavalry"].cost.items()) > total(units["melee"].cost.items())


def test_ranged_slower_than_melee_and_dearer(content: Content) -> None:
    """Rules: UNIT-15

    "Ranged Units require research to spawn from your Barracks and cost more than Melee Units.
    They're slow, but they can attack from further away."
    """
    for nation in content.nations.values():
        ranged, melee = nation.units["ranged"], nation.units["melee"]
        assert ranged.move < melee.move
        assert ranged.range > melee.range
        assert total(ranged.cost.items()) > total(melee.cost.items())


def test_unit_locks(content: Content) -> None:
    """Rules: UNIT-11, UNIT-12, UNIT-14, UNIT-16, UNIT-18

    "Melee Units don't need to be researched"; "Magic Units also don't need to be researched";
    "Ranged Units require research"; "Cavalry Units require research"; "Siege Units require
    research to spawn, cost a lot, and require the Siegeworks Building."
    """
    for nation in content.nations.values():
        locks = {k: u.lock for k, u in nation.units.items()}
        assert locks == {"melee": None, "ranged": "ranged", "cavalry": "cavalry", "magic": None,
                         "siege": "siege"}
        assert nation.units["magic"].cost.source >= 1
        assert nation.buildings["siegeworks"].spawns == ("siege",)
        assert nation.buildings["siegeworks"].lock == "siege"
    state = arena()  # in play: a Barracks spawns Melee at once, Ranged and Cavalry once researched
    build(state, "mushroom", "barracks", 13, 28, uid="barracks1")
    for key in ("ranged", "cavalry"):
        refused(state, Spawn(key, 13, 26, "barracks1"), "UNIT-06")
    assert engine.apply(state, Spawn("melee", 13, 26, "barracks1")).unit("mushroom", "melee1")
    state.player("mushroom").research += ["ranged", "cavalry"]
    for key in ("ranged", "cavalry"):
        assert engine.apply(state, Spawn(key, 13, 26, "barracks1")).unit("mushroom", f"{key}1")
    build(state, "mushroom", "siegeworks", 7, 28, uid="siegeworks1")  # face up: Siege researched
    refused(state, Spawn("siege", 7, 26, "siegeworks1"), "UNIT-06")


def test_only_magic_channels(content: Content) -> None:
    """Rules: UNIT-13

    "they're the only spawnable Unit with the Channel ability".
    """
    for nation in content.nations.values():
        assert nation.units["magic"].channel >= 1
        assert all(u.channel == 0 for k, u in nation.units.items() if k != "magic")


def test_siege_demolishes(content: Content) -> None:
    """Rules: UNIT-19

    "have an action called Demolish that can destroy Buildings".
    """
    for nation in content.nations.values():
        assert [k for k, u in nation.units.items() if u.demolish] == ["siege"]


def test_humming_has_only_size_1_units(content: Content) -> None:
    """Rules: UNIT-08

    "Some Nations only have size-1 Units!"
    """
    assert all(u.size2 == 0 for u in content.nations["humming"].units.values())
    others = [n for k, n in content.nations.items() if k != "humming"]
    assert all(any(u.size2 for u in n.units.values()) for n in others)


def test_source_power_culture(content: Content) -> None:
    """Rules: POWER-05, POWER-06

    "Avatars cannot activate their Source Power 2 until they have reached 2 Culture" and "cannot
    activate their Grand Source Power until they have reached 12 Culture".
    """
    for nation in content.nations.values():
        powers = nation.powers
        assert tuple(powers) == ("sp1", "sp2", "grand")
        assert [p.culture for p in powers.values()] == [0, 2, 12]
        assert [p.cost for p in powers.values()] == [1, 2, 5]
    assert content.limits["culture_sp2"] == 2
    assert content.limits["culture_grand"] == 12


def test_three_objectives_per_nation(content: Content) -> None:
    """Rules: OBJ-01

    "your Nation Mat lists 3 Objectives".
    """
    for nation in content.nations.values():
        assert len(nation.objectives) == 3
    assert content.nations["thimble"].objectives[0].target == "university"


def test_initiative_track(content: Content) -> None:
    """Rules: INIT-10, INIT-11

    "The AI will choose the No Bonus space if it is available" and "choosing to go later provides
    increasingly valuable bonuses."
    """
    spaces = content.initiative
    assert [s.number for s in spaces] == [1, 2, 3, 4, 5, 6]
    assert spaces[0].name == "No Bonus"
    assert spaces[0].bonus.items() == ()
    worth = [total(s.bonus.items()) for s in spaces]
    assert worth == sorted(worth)


def test_3_4p_start_income_is_one_more_food_wood_gold(content: Content) -> None:
    """Rules: INCOME-05

    "In 3 and 4 player games, you'll start with an extra Food, Wood, and Gold on the Income
    Tracker."
    """
    two, more = content.start_income["2p"], content.start_income["3-4p"]
    assert (more.food, more.wood, more.gold) == (two.food + 1, two.wood + 1, two.gold + 1)
    assert (more.science, more.culture) == (two.science, two.culture)


def test_research_sides_differ(content: Content) -> None:
    """Rules: RES-09

    "The available Research Nodes vary depending on whether you are using the 2-player or 3+
    player side of the Research board."
    """
    two, more = content.research["2p"], content.research["3-4p"]
    assert len(two.nodes) == 14
    assert len(more.nodes) == 10
    assert {n.key for n in two.nodes} != {n.key for n in more.nodes}
    assert (two.science_vp_nodes, more.science_vp_nodes) == (8, 6)
    tiers = [(t.number, t.science, t.gold) for t in two.tiers]
    assert tiers == [(1, 0, 1), (2, 3, 2), (3, 7, 3), (4, 12, 4)]


def test_research_node_order(content: Content) -> None:
    """Nodes come in board order (top to bottom, left to right), with row = tier."""
    two = content.research["2p"]
    assert [n.key for n in two.nodes] == [
        "food", "wood", "ranged", "cavalry", "hall-ii", "one-star", "two-star", "gold",
        "hall-iii", "siege", "science", "population", "culture", "expanded-towns",
    ]
    assert [(n.row, n.column) for n in two.nodes[3:5]] == [(1, 4), (2, 1)]
    more = content.research["3-4p"]
    assert [n.key for n in more.nodes] == [
        "ranged", "cavalry", "food", "hall-ii", "one-star", "two-star", "hall-iii", "siege",
        "gold", "science",
    ]
    expanded = two.nodes[-1]
    assert (expanded.effect, expanded.amount) == ("expanded-towns", 5)


def test_2p_map_is_either_half_of_4p_map(content: Content) -> None:
    """Rules: SETUP-01

    "The 3-player map is on one side and the 4-player map is on the other side, or you can fold the
    4-player map in half and pick either side for a 2-player map."
    """
    two, four = content.maps["2p"], content.maps["4p"]
    left = [row[:24].replace("4", ".") for row in four.rows]  # the 4P zones are unused in 2P
    right = [row[24:][::-1].replace("4", ".") for row in four.rows]
    assert list(two.rows) == left == right


def test_each_map_has_encounter_spaces(content: Content) -> None:
    """Rules: SETUP-03, COMP-05

    "Place 1 Encounter token on top of each Encounter space on the map" (16 tokens at most).
    """
    for game_map in content.maps.values():
        spaces = "".join(game_map.rows).count("E")
        assert 1 <= spaces <= 16


PRINTED_COUNTS = {
    "2p": {".": 574, "2": 12, "E": 8, "M": 28, "S": 16, "T": 48, "g": 20, "h": 16, "n": 16,
           "w": 10, "~": 20},
    "4p": {".": 1124, "2": 24, "4": 24, "E": 16, "M": 56, "S": 32, "T": 96, "g": 40, "h": 32,
           "n": 32, "w": 20, "~": 40},
    "3p": {".": 1238, "3": 18, "E": 12, "M": 68, "S": 16, "T": 70, "g": 28, "h": 24, "n": 24,
           "w": 10, "~": 28},
}


@pytest.mark.parametrize("key", ["2p", "3p", "4p"])
def test_map_grids_match_the_data_file(content: Content, key: str) -> None:
    """The grids, sizes and square counts are those printed in notebook-nations-data.md §7."""
    game_map = content.maps[key]
    assert (game_map.width, game_map.height) == ((24, 32) if key == "2p" else (48, 32))
    assert Counter("".join(game_map.rows)) == PRINTED_COUNTS[key]
    assert game_map.terrain(14, 10) == game_map.rows[10][14]


def test_start_zones(content: Content) -> None:
    """Start zones, in seat-choosing order, are 2x3 blocks of start-zone digits."""
    maps = content.maps
    assert maps["2p"].start_zones == {2: ((10, 2), (10, 28))}
    assert maps["4p"].start_zones[4] == ((4, 2), (41, 2), (4, 28), (41, 28))
    assert maps["4p"].start_zones[2] == ((4, 2), (41, 28))
    assert maps["3p"].start_zones[3] == ((22, 2), (5, 28), (40, 28))
    for game_map in maps.values():
        for players, zones in game_map.start_zones.items():
            assert len(zones) == players
            for col, row in zones:
                squares = [game_map.terrain(col + c, row + r) for r in range(2) for c in range(3)]
                assert len(set(squares)) == 1 and squares[0] in "234"


def test_unit_tables_complete(content: Content) -> None:
    """Every nation has all five unit types and the food square of its Food Camp."""
    squares = {"mushroom": "h", "thimble": "w", "humming": "n", "seed": "g"}
    for key, nation in content.nations.items():
        assert tuple(nation.units) == UNIT_TYPES
        assert nation.food_square == squares[key]


def total(items: tuple[tuple[str, int], ...]) -> int:
    """The number of resources in a Cost's items()."""
    return sum(amount for _, amount in items)


# ---------------------------------------------------------------------------- validation errors


def copy_data(tmp_path: Path) -> Path:
    """A copy of the shipped data directory."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    return data


def corrupt(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of the data directory with the first ``old`` in file ``name`` replaced by ``new``."""
    data = copy_data(tmp_path)
    path = data / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return data


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("nations.toml", "move = 5,", 'move = "5",',
         'nations.toml: mushroom.units.melee.move must be a whole number >= 0, not "5"'),
        ("nations.toml", "avatar_range = 1\n", "",
         "nations.toml: mushroom.avatar_range is missing"),
        ("nations.toml", "channel = 1 }", "channel = true }",
         "nations.toml: mushroom.units.magic.channel must be a whole number >= 0, not true"),
        ("nations.toml", 'food_square = "h"', 'food_square = "x"',
         'nations.toml: mushroom.food_square must be one of'),
        ("nations.toml", 'lock = "ranged"', 'lock = "rangd"',
         'nations.toml: mushroom.units.ranged.lock must be one of'),
        ("nations.toml", '[seed.units]', '[seed.units]\nairship = {}',
         "nations.toml: seed.units.airship is not a known key"),
        ("nations.toml", 'name = "Spore Mound", cost = { wood = 3, food = 2, gold = 1 }, ',
         'name = "Spore Mound", ', "nations.toml: mushroom.buildings.unique.cost is missing"),
        ("buildings.toml", "population = 2\n", "population = 2\nspeed = 3\n",
         "buildings.toml: house.speed is not a known key here"),
        ("buildings.toml", 'actions = ["trade"]', 'actions = ["barter"]',
         "buildings.toml: market.actions must be a list of distinct"),
        ("research.toml", "gold = 1 ", "gold = 99 ",
         "research.toml: 2p.tiers[0].gold must be a whole number from 0 to 20, not 99"),
        ("research.toml", "science_vp_nodes = 6", "science_vp_nodes = 11",
         "research.toml: 3-4p.science_vp_nodes must be a whole number from 1 to 10, not 11"),
        ("rules.toml", "track_max = 30", "track_max = 30\ntrack_min = 0",
         "rules.toml: limits.track_min is not a known key"),
        ("rules.toml", "food = 4", "food = 13",
         "rules.toml: start_income.3-4p.food must be a whole number from 0 to 12, not 13"),
        ("encounters.toml", 'effect = "gain-gold"', 'effect = "gain-gems"',
         'encounters.toml: buried-coins.effect must be one of'),
        ("initiative.toml", "bonus = { food = 1 }", "bonus = { coal = 1 }",
         "initiative.toml: spaces[1].bonus.coal is not a known key"),
        ("maps.toml", "[[10, 2], [10, 28]]", "[[11, 2], [10, 28]]",
         "maps.toml: maps.2p.start_zones.2[0] zone at [11, 2]: square (13, 2) is"),
        ("maps.toml", "3 = [[22, 2], [5, 28], [40, 28]]", "3 = [[22, 2], [5, 28]]",
         "maps.toml: maps.3p.start_zones.3 must list 3 zones"),
        ("maps/2p.txt", "TTTT......222...........\n", "TTTT......222..........\n",
         "maps/2p.txt: row 2 is 23 squares wide, not 24"),
        ("maps/3p.txt", "MMMM", "MMMX", 'maps/3p.txt: row 0 column 3 has "X", not in legend'),
        ("encounters.toml", "[tailwind]", "[tailwind",
         "encounters.toml: not valid TOML"),
    ],
)
def test_corrupt_data_is_rejected(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    """A bad value raises ContentError naming the file and the key path."""
    data = corrupt(tmp_path, name, old, new)
    with pytest.raises(ContentError) as caught:
        load_content(data_dir=data)
    assert str(caught.value).startswith(message), str(caught.value)


def test_missing_file_is_rejected(tmp_path: Path) -> None:
    """A missing data file is named in the error."""
    data = copy_data(tmp_path)
    (data / "research.toml").unlink()
    with pytest.raises(ContentError, match=r"^research\.toml: file is missing"):
        load_content(data_dir=data)
