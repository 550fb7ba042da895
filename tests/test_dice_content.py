"""The Dice Game's data files: counts, faces, boards, tiles and the loader's checks."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from nncli.datafiles import DataError
from nncli.dice.content import DATA_DIR, content, load


def faces(colour: str) -> list[str]:
    return [("" if f.count == 1 else str(f.count)) + f.symbol
            for f in content().dice[colour].faces]


def test_dice_supply_and_faces() -> None:
    """Rules: DSET-01, DROLL-01, DROLL-02, DROLL-03, DROLL-04, DROLL-05, DROLL-06, DROLL-08, DQ-13
    "The base game has 44 six-sided dice (20 white, 8 blue, 8 orange, 8 red)"; white faces food,
    food, gold, stone, strength, book; orange G 2G 2G F 2F B; blue S 2S 2S B 2B G; red X X 2X 2X
    2X G (DQ-13: the spec's faces, kept in dice.toml)."""
    c = content()
    base = {k: d.supply for k, d in c.dice.items() if d.pack == "base"}
    assert base == {"white": 20, "orange": 8, "blue": 8, "red": 8}
    assert faces("white") == ["food", "food", "gold", "stone", "strength", "book"]
    assert faces("orange") == ["gold", "2gold", "2gold", "food", "2food", "book"]
    assert faces("blue") == ["stone", "2stone", "2stone", "book", "2book", "gold"]
    assert faces("red") == ["strength", "strength", "2strength", "2strength", "2strength", "gold"]


def test_green_dice() -> None:
    """Rules: USET-05, UGREEN-01, UGREEN-02
    "Unrest adds 8 green six-sided dice"; "A green die shows the Unrest symbol on exactly one
    face"; green faces 2G, 2S, 2F, 2X, 2B, U."""
    assert content().dice["green"].supply == 8
    assert faces("green") == ["2gold", "2stone", "2food", "2strength", "2book", "unrest"]
    assert faces("green").count("unrest") == 1


def test_chits() -> None:
    """Rules: DSET-02, USET-04, UCHIT-04, UCHIT-03
    "33 chits: 12 reroll, 9 gold, 3 food, 3 strength, 3 book and 3 stone"; Unrest adds 18:
    6 star rerolls, 4 x 2G, 2 x 2S, 2 x 2F, 2 x 2X, 2 x 2B; a two-symbol chit counts 2."""
    chits = content().chits
    base = {k: t.supply for k, t in chits.items() if t.pack == "base"}
    assert base == {"reroll": 12, "gold": 9, "food": 3, "strength": 3, "book": 3, "stone": 3}
    unrest = {k: t.supply for k, t in chits.items() if t.pack == "unrest"}
    assert unrest == {"star-reroll": 6, "2gold": 4, "2stone": 2, "2food": 2, "2strength": 2,
                      "2book": 2}
    assert sum(unrest.values()) == 18
    assert all(chits[k].amount == 2 for k in unrest if k != "star-reroll")


def test_tiles_per_age() -> None:
    """Rules: DSET-03, DDATA-10, USET-02, USET-03, UDATA-01, DDATA-11, DROLL-07
    60 base progress tiles, 15 per age (4 buildings, 2 military, 3 advisors, 3 colonies, 3
    wonders), 12 events (3 per age, VP 2 to 5 by age); Unrest 20 tiles (one of each type per
    age) and 8 events; red dice come from military tiles."""
    c = content()
    for age in (1, 2, 3, 4):
        base = [t for t in c.tiles.values() if t.age == age and t.pack == "base"]
        kinds = Counter(t.type for t in base)
        assert kinds == {"building": 4, "military": 2, "advisor": 3, "colony": 3, "wonder": 3}
        unrest = [t for t in c.tiles.values() if t.age == age and t.pack == "unrest"]
        assert sorted(t.type for t in unrest) == ["advisor", "building", "colony", "military",
                                                  "wonder"]
        events = [e for e in c.events.values() if e.age == age]
        assert Counter(e.pack for e in events) == {"base": 3, "unrest": 2}
        assert {e.famine_vp for e in events} == {e.war_vp for e in events} == {age + 1}
    assert all("red" in t.dice for t in c.tiles.values() if t.type == "military"
               and t.pack == "base")


def test_unrest_tiles_give_star_rerolls_and_two_symbol_chits() -> None:
    """Rules: UDATA-02, UGREEN-03
    "Every Unrest advisor gives a star reroll chit, and every Unrest colony and wonder gives a
    two-symbol chit"; green dice come from Unrest boards and tiles."""
    c = content()
    for t in c.tiles.values():
        if t.pack == "unrest" and t.type == "advisor":
            assert t.chits == ("star-reroll",)
        if t.pack == "unrest" and t.type in ("colony", "wonder"):
            assert len(t.chits) == 1 and t.chits[0].startswith("2")
    green = {t.pack for t in c.tiles.values() if "green" in t.dice}
    assert green == {"unrest"}


def test_base_boards() -> None:
    """Rules: DSET-04, DDATA-09, DWONDER-06, DSET-11
    4 identical base boards (Rome, Egypt, Greece, Persia): 5 slots of one white die, an empty
    advisor slot, 1 wonder slot, starting chits 1 gold and 1 reroll."""
    boards = [b for b in content().boards.values() if b.pack == "base"]
    assert sorted(b.name for b in boards) == ["Egypt", "Greece", "Persia", "Rome"]
    for b in boards:
        assert b.slots == (("white",),) * 5 and b.wonder_slots == 1
        assert b.advisor_dice == b.advisor_chits == () and b.chits == ("gold", "reroll")


@pytest.mark.parametrize(("key", "physical", "side", "slots", "advisor", "wonders", "chits"), [
    ("korea", 1, "a", "ww w w w w", (), 1, ("reroll",)),
    ("japan", 1, "b", "w w w w r", ("star-reroll",), 1, ("gold",)),
    ("arabia", 2, "a", "w w w w w", (), 2, ("gold",)),
    ("mali", 2, "b", "w w w w o", ("2gold",), 1, ("reroll",)),
    ("america", 3, "a", "w w w w w -", (), 1, ("gold", "reroll")),
    ("russia", 3, "b", "w w w w g", ("2strength",), 1, ("reroll",)),
    ("aztecs", 4, "a", "w w w g g", ("2food",), 1, ("star-reroll",)),
    ("vikings", 4, "b", "w w w w r", ("2book",), 1, ("gold",)),
])
def test_unrest_boards(key: str, physical: int, side: str, slots: str, advisor: tuple[str, ...],
                       wonders: int, chits: tuple[str, ...]) -> None:
    """Rules: USET-01, UDATA-03..07, UDATA-09..11
    "Unrest adds 4 two-sided player boards (8 nations)", each as the spec's table 10.2 lists."""
    b = content().boards[key]
    letters = {"white": "w", "red": "r", "orange": "o", "green": "g"}
    shown = " ".join("".join(letters[d] for d in s) or "-" for s in b.slots)
    assert (b.physical, b.side, shown, b.advisor_chits, b.wonder_slots, b.chits) == (
        physical, side, slots, advisor, wonders, chits)


def test_halls_of_fame_and_unrest_tiles() -> None:
    """Rules: UFAME-02, DSOLO-12, DQ-12, UDATA-12, UPASS-01, UBONUS-03
    The Unrest Hall of Fame 60 Trajan ... 10 Dan Quayle; the base placeholder 55 Augustus ... 8
    Caligula (DQ-12); unrest.toml holds 3 pass-first tiles and 5 bonus tiles."""
    c = content()
    assert [(f.vp, f.title) for f in c.hall_of_fame["unrest"]] == [
        (60, "Trajan"), (50, "Ashoka"), (40, "Wu Zetian"), (35, "Saladin"), (30, "Victoria"),
        (25, "Charles V"), (20, "Cleopatra"), (10, "Dan Quayle")]
    assert [(f.vp, f.title) for f in c.hall_of_fame["base"]] == [
        (55, "Augustus"), (45, "Akbar"), (36, "Elizabeth I"), (31, "Hammurabi"),
        (26, "Ramesses II"), (21, "Louis XVI"), (16, "Nero"), (8, "Caligula")]
    assert sorted(c.pass_tiles) == ["pass-book", "pass-food", "pass-strength"]
    assert len(c.bonus_tiles) == 5


def test_rules_file() -> None:
    """Rules: DDATA-01, DDATA-02, DSET-06, DQ-01, DQ-02
    rules.toml holds columns_by_players, row_multipliers [1, 2, 3], book_vp_per_opponent 2 and
    two_dice_as_one gold, strength, stone."""
    r = content().rules
    assert r.row_multipliers == (1, 2, 3) and r.book_vp_per_opponent == 2
    assert r.two_dice_as_one == ("gold", "strength", "stone")
    assert r.columns["base"] == {1: 4, 2: 3, 3: 3, 4: 4}
    for name in ("dice", "boards", "events", "chits", "unrest", "rules"):
        assert (DATA_DIR / f"{name}.toml").exists()
    assert all((DATA_DIR / f"tiles/age{a}.toml").exists() for a in (1, 2, 3, 4))


def test_the_supply_of_chits_cannot_run_out() -> None:
    """Rules: DDATA-12, UCHIT-05, DDATA-08
    With the proposed content the chit supply cannot run out, so the loader warns of nothing."""
    assert content().warnings == ()


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return data


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("tiles/age2.toml", "[monastery]", "[farm]", "repeats the tile id farm"),
    ("tiles/age1.toml", 'type = "building"', 'type = "castle"', "farm.type must be one of"),
    ("tiles/age1.toml", 'dice = ["orange"]', 'dice = ["orange"]\nbuild = 3',
     "farm.build is a wonder's stone cost"),
    ("tiles/age1.toml", 'dice = ["orange"]', 'dice = ["purple"]',
     'farm.dice[0] names the dice colour "purple"'),
    ("tiles/age1.toml", 'chits = ["food"]', 'chits = ["fish"]',
     'carthage.chits[0] names the chit "fish"'),
    ("tiles/age1.toml", 'dice = ["orange"]', f'dice = {["orange"] * 10}'.replace("'", '"'),
     "farm.dice lists 10 dice; a slot holds at most 9"),
])
def test_the_loader_names_file_and_key(tmp_path: Path, name: str, old: str, new: str,
                                       message: str) -> None:
    """Rules: DDATA-03, DDATA-04, DDATA-05, DDATA-06, DDATA-07
    The loader rejects a duplicate tile id, an unknown type, a build cost on a tile that is not a
    wonder, an unknown dice colour, an unknown chit and more dice than a slot's ids (a1 to a9)
    name, naming the file and key."""
    with pytest.raises(DataError) as caught:
        load(broken(tmp_path, name, old, new))
    assert name in str(caught.value) and message in str(caught.value)


def test_the_loader_warns_of_a_short_supply(tmp_path: Path) -> None:
    """Rules: DDATA-08
    "The loader only warns (it does not reject) when the chit allocation would not fit the
    supply"."""
    data = broken(tmp_path, "chits.toml", "symbol = \"food\"\namount = 1\nsupply = 3",
                  "symbol = \"food\"\namount = 1\nsupply = 1")
    assert any("food has 1 in the supply" in w for w in load(data).warnings)
