"""Nations' data files: the constants, side A, the decks, events and solo tiles, and the loader's
checks (every error names the file and the key)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from nncli.nations import content as content_module
from nncli.nations.content import CARD_TYPES, ContentError, load
from tests.nations_helpers import edit

BASIC = load(("basic",))
ADV = load(("basic", "advanced"))


def test_rules_constants_are_data() -> None:
    """Rules: NCOMP-16, NCOMP-02, NCOMP-10, NCOMP-11, NDATA-01
    "The engine constants are data in rules.toml: rounds = 8, rounds_per_era = 2,
    era_scoring_rounds = [2, 4, 6, 8], resource_vp_divisor = 10, max_shortage_vp = 4,
    book_lap = 50"; 3 rows priced 1, 2 and 3 gold; at most 7 columns; four eras.
    """
    rules = BASIC.rules
    assert (rules["rounds"], rules["rounds_per_era"], rules["era_scoring_rounds"]) == (
        8, 2, [2, 4, 6, 8])
    assert (rules["resource_vp_divisor"], rules["max_shortage_vp"], rules["book_lap"]) == (
        10, 4, 50)
    assert rules["rows"] == 3 and rules["row_cost"] == [1, 2, 3]
    assert max(rules["columns_by_players"].values()) == 7
    assert sorted(BASIC.decks) == [1, 2, 3, 4] and len(rules["era_names"]) == 4
    data = Path(content_module.DATA)
    for name in ("rules.toml", "board_a.toml", "population.toml", "solo.toml",
                 *(f"cards/era{e}.toml" for e in range(1, 5)),
                 *(f"events/era{e}.toml" for e in range(1, 5))):
        assert (data / name).is_file(), name


def test_components() -> None:
    """Rules: NCOMP-03, NCOMP-04, NCOMP-05, NCOMP-06, NCOMP-07, NCOMP-09, NCOMP-13
    Five nations on identical A sides, 13 workers each, five discs (heritage, order, difficulty,
    strength, stability: the state's books, order, difficulty and live values), four resources,
    eight card types, 12 events per era, a 50-book lap.
    """
    assert list(BASIC.rules["nations"]) == ["persia", "greece", "egypt", "rome", "china"]
    assert BASIC.board["workers"] == 13
    assert set(CARD_TYPES) == {"building", "military", "colony", "war", "battle", "wonder",
                               "advisor", "golden_age"}
    assert {BASIC.cards[c].type for d in BASIC.decks.values() for c in d} == set(CARD_TYPES)
    assert all(len(d) == 12 for d in BASIC.event_decks.values())
    assert BASIC.rules["book_lap"] == 50
    from nncli.nations.economy import STOCK
    assert STOCK == ("food", "stone", "gold", "books")
    from nncli.nations.state import Nation
    discs = {"books", "difficulty"}
    assert discs <= set(Nation.__dataclass_fields__)


def test_proposed_decks() -> None:
    """Rules: NCOMP-08, NDATA-17, NDATA-08
    Each era has 32 basic cards (9 buildings, 6 military, 3 colonies, 4 wonders, 4 advisors,
    2 wars, 2 battles, 2 golden ages) and 8 advanced ones; one copy of each card. (The Expert
    cards we propose since, NEXP-01, are in no deck without --expert.)
    """
    want = {"building": 9, "military": 6, "colony": 3, "wonder": 4, "advisor": 4, "war": 2,
            "battle": 2, "golden_age": 2}
    extra = {"building": 2, "military": 2, "colony": 1, "wonder": 1, "advisor": 1, "war": 1}
    for era in range(1, 5):
        assert Counter(BASIC.cards[c].type for c in BASIC.decks[era]) == want
        adv = [c for c in ADV.decks[era] if ADV.cards[c].pack == "advanced"]
        assert Counter(ADV.cards[c].type for c in adv) == extra
        assert len(set(ADV.decks[era])) == 40
    assert {ADV.cards[c].pack for d in ADV.decks.values() for c in d} == {"basic", "advanced"}
    assert {c.pack for c in ADV.cards.values()} == {"basic", "advanced", "expert", "board"}


def test_side_a() -> None:
    """Rules: NDATA-09, NDATA-10, NDATA-11, NDATA-12, NDATA-13, NDATA-14, NCOMP-14
    Side A: 5 building/military spaces, 4 printed (Farmland +2 food, Quarry +2 stone, Market +2
    gold, all deploy 1; Warriors 2 strength, attack 2) and 1 empty; 1 advisor, 1 wonder under
    construction, 5 completed wonders, 2 colonies.
    """
    board = BASIC.board
    assert board["slots"] == 5 and len(BASIC.printed) == 4
    farm, quarry, market, warriors = BASIC.printed
    assert (farm.id, farm.deploy, dict(farm.per_worker)) == ("farmland", 1, {"food": 2})
    assert (quarry.id, quarry.deploy, dict(quarry.per_worker)) == ("quarry", 1, {"stone": 2})
    assert (market.id, market.deploy, dict(market.per_worker)) == ("market", 1, {"gold": 2})
    assert (warriors.type, warriors.deploy, warriors.strength, warriors.attack) == (
        "military", 1, 2, 2)
    assert (board["advisor_slots"], board["wonder_under_construction"],
            board["completed_wonder_slots"], board["colony_slots"]) == (1, 1, 5, 2)


def test_difficulty_population_and_solo_tables() -> None:
    """Rules: NDATA-15, NDATA-16, NDATA-18, NDATA-19, NDATA-20, NDATA-21
    The growth bonus table, the population track (food on odd spaces, stability on even), the
    event cards' fields, war losses 3/4/5/7 by era, the solo ranks and 2 tiles per era.
    """
    bonus = BASIC.rules["difficulty"]["bonus"]
    assert bonus == {"chieftain": [5, 7, 9, 11], "prince": [4, 6, 8, 10],
                     "king": [3, 5, 7, 9], "emperor": [2, 4, 6, 8]}
    assert BASIC.population == (("food", 3), ("stability", 3)) * 4
    for event in BASIC.events.values():
        assert set(event.architects) == {"1-2", "3-4", "5"} and event.scarcity > 0
        assert [e[0] for e in event.events] == ["positive", "negative"]
    for era, loss in zip(range(1, 5), (3, 4, 5, 7), strict=True):
        assert {ADV.cards[c].loss[1] for c in ADV.decks[era] if ADV.cards[c].type == "war"} == {
            loss}
    ranks = [(r["name"], r["vp"]) for r in BASIC.solo["ranks"]]
    assert ranks[:4] == [("Legendary Empire", 80), ("Great Power", 65), ("Kingdom", 50),
                         ("Realm", 35)] and ranks[4][0] == "Tribe"
    assert Counter(t.era for t in BASIC.tiles.values()) == {1: 2, 2: 2, 3: 2, 4: 2}


def test_first_game_benchmark() -> None:
    """Rules: EX-NDATA-01
    Side A with 1 worker on Farmland, 2 on Quarry and 2 on Market makes 2 food, 4 stone, 4 gold.
    """
    from nncli.nations.production import net_production
    from tests.nations_helpers import to_action

    state = to_action(2)
    nation = state.nations[state.order[0]]
    for slot, workers in zip(nation.slots, (1, 2, 2, 0), strict=True):
        slot.workers = workers
    nation.idle = 0
    nation.population = 8
    net = net_production(state, BASIC, nation.key)
    assert (net["food"], net["stone"], net["gold"]) == (2, 4, 4)


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("cards/era2.toml", "[mine]", "[irrigation]",
     "cards/era2.toml: irrigation repeats a card id"),
    ("cards/era1.toml", 'type = "building"', 'type = "temple"',
     'cards/era1.toml: irrigation.type must be one of "building", '),
    ("cards/era1.toml", "deploy = 1\nper_worker = { food = 3 }", "per_worker = { food = 3 }",
     "cards/era1.toml: irrigation.deploy is missing: a building needs it"),
    ("cards/era1.toml", "per_worker = { food = 3 }", "per_worker = { wood = 3 }",
     "cards/era1.toml: irrigation.per_worker.wood is not a resource here"),
    ("cards/era1.toml", "sections = [2, 3, 3]", "sections = []",
     "cards/era1.toml: pyramids.sections must be a non-empty list"),
    ("cards/era1.toml", "era = 1\npack", "era = 5\npack",
     "cards/era1.toml: irrigation.era must be a whole number from 1 to 4, not 5"),
    ("cards/era1.toml", "deploy = 1", 'deploy = "one"',
     'cards/era1.toml: irrigation.deploy must be a whole number >= 0, not "one"'),
    ("cards/era1.toml", "deploy = 1", 'deploy = 1\ncolour = "red"',
     "cards/era1.toml: irrigation.colour is not a known key here"),
])
def test_loader_rejects_bad_data(data_copy: Path, file: str, old: str, new: str,
                                 message: str) -> None:
    """Rules: NDATA-02, NDATA-03, NDATA-04, NDATA-05, NDATA-06, NDATA-07
    The loader rejects a duplicate id, an unknown type, a missing field, an unknown resource, an
    empty wonder and an era outside 1-4, naming the file and the key.
    """
    edit(data_copy / file, old, new)
    with pytest.raises(ContentError) as refused:
        load(("basic",))
    assert str(refused.value).startswith(message)
