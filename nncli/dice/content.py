"""The Dice Game's content: dice, chits, boards, tiles, events and Unrest tiles, read from
``data/`` once and validated, as frozen dataclasses.

Every problem raises ``nncli.datafiles.DataError`` naming the file and the key, e.g.
``tiles/age1.toml: farm.dice[0] names the dice colour "purple", which dice.toml does not have``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from nncli import datafiles
from nncli.cachefiles import remembered
from nncli.datafiles import Table, read_table, spelled
from nncli.dice import state
from nncli.dice.state import MOST_DICE, SLOT_LETTERS

DATA_DIR = Path(__file__).parent / "data"
SYMBOLS = ("gold", "stone", "food", "strength", "book")
UNREST = "unrest"  # the Unrest face's symbol
TILE_TYPES = ("building", "military", "advisor", "colony", "wonder")
SLOT_TYPES = ("building", "military")  # tiles that cover a building slot (DQ-03)
PACKS = ("base", "unrest")
CHIT_KINDS = ("symbol", "reroll", "star-reroll")
BONUS_EFFECTS = ("most", "pass-double", "last-pass")
SOLO_EFFECTS = ("beat-famine", "beat-war", "beat-shadow", "pass-double", "all-taken")
AGES = (1, 2, 3, 4)


def slug(name: str) -> str:
    """A name as one word of a move or a help topic: ``St. Peter's Basilica`` is
    ``st-peters-basilica``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")
FACES = 6  # every die has six faces


@dataclass(frozen=True)
class Face:
    symbol: str  # one of SYMBOLS, or UNREST
    count: int


@dataclass(frozen=True)
class DieColour:
    key: str
    pack: str
    supply: int
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class ChitType:
    key: str
    pack: str
    kind: str  # one of CHIT_KINDS
    symbol: str  # for kind "symbol"; "" otherwise
    amount: int
    supply: int


@dataclass(frozen=True)
class Board:
    key: str
    pack: str
    name: str
    physical: int  # Unrest boards: the board's number (two sides each); 0 for base boards
    side: str
    slots: tuple[tuple[str, ...], ...]
    advisor_dice: tuple[str, ...]
    advisor_chits: tuple[str, ...]
    wonder_slots: int
    chits: tuple[str, ...]


@dataclass(frozen=True)
class Tile:
    key: str
    age: int
    pack: str
    name: str
    type: str  # one of TILE_TYPES
    cost: int
    vp: int
    dice: tuple[str, ...]
    chits: tuple[str, ...]
    build: int  # a wonder's stone cost; 0 for other tiles
    text: str

    @cached_property
    def pays_in(self) -> str:
        """Colonies are bought with strength, every other tile with gold."""
        return "strength" if self.type == "colony" else "gold"


@dataclass(frozen=True)
class Event:
    key: str
    pack: str
    name: str
    age: int
    famine: int
    famine_vp: int
    war: int
    war_vp: int


@dataclass(frozen=True)
class PassTile:
    key: str
    name: str
    symbol: str


@dataclass(frozen=True)
class BonusTile:
    key: str
    name: str
    effect: str
    symbol: str
    solo: str
    text: str
    solo_text: str


@dataclass(frozen=True)
class Fame:
    vp: int
    title: str


@dataclass(frozen=True)
class Rules:
    rounds: int
    row_multipliers: tuple[int, ...]
    book_vp_per_opponent: int
    two_dice_as_one: tuple[str, ...]
    shadow_take: str
    bonus_vp: int
    pass_first_amount: int
    pass_first_doubled: int
    shadow_start_books: int
    columns: dict[str, dict[int, int]]  # pack -> players -> columns
    start_books: dict[str, dict[int, tuple[int, ...]]]  # pack -> players -> books by order


@dataclass(frozen=True)
class Content:
    dice: dict[str, DieColour]
    chits: dict[str, ChitType]
    boards: dict[str, Board]
    tiles: dict[str, Tile]
    events: dict[str, Event]
    pass_tiles: dict[str, PassTile]
    bonus_tiles: dict[str, BonusTile]
    hall_of_fame: dict[str, tuple[Fame, ...]]  # "base" / "unrest"
    rules: Rules
    warnings: tuple[str, ...]

    @cached_property
    def unrest_faces(self) -> frozenset[tuple[str, int]]:
        """The (colour, face index) of every die face showing Unrest."""
        return frozenset((key, i) for key, colour in self.dice.items()
                         for i, face in enumerate(colour.faces) if face.symbol == UNREST)

    @cached_property
    def unrest_colours(self) -> frozenset[str]:
        """The dice colours with an Unrest face."""
        return frozenset(colour for colour, _ in self.unrest_faces)

    @cached_property
    def age_stacks(self) -> dict[tuple[int, bool], tuple[str, ...]]:
        """Per age and whether Unrest is played, the keys of its progress tiles (USET-06)."""
        return {(age, unrest): tuple(k for k, t in self.tiles.items()
                                     if t.age == age and (unrest or t.pack == "base"))
                for age in AGES for unrest in (False, True)}

    @cached_property
    def age_event_keys(self) -> dict[tuple[int, bool], tuple[str, ...]]:
        """Per age and whether Unrest is played, the keys of its events."""
        return {(age, unrest): tuple(k for k, e in self.events.items()
                                     if e.age == age and (unrest or e.pack == "base"))
                for age in AGES for unrest in (False, True)}

    @cached_property
    def prices(self) -> dict[str, tuple[str, tuple[int, ...]]]:
        """Per tile, the symbol it is bought with and its price in each row (cost x row)."""
        return {key: (tile.pays_in, tuple(tile.cost * m for m in self.rules.row_multipliers))
                for key, tile in self.tiles.items()}

    def price(self, key: str, row: int) -> int:
        """The price of the tile ``key`` in ``row`` (1 to 3) of the progress board."""
        return self.prices[key][1][row - 1]

    @cached_property
    def face_values(self) -> dict[tuple[str, int], tuple[str, int]]:
        """The symbol and count shown by each (colour, face index)."""
        return {(key, i): (face.symbol, face.count) for key, colour in self.dice.items()
                for i, face in enumerate(colour.faces)}

    @cached_property
    def chit_pays(self) -> dict[str, dict[str, int]]:
        """Per symbol, what each chit kind that pays it is worth (the others are left out)."""
        return {symbol: {key: chit.amount for key, chit in self.chits.items()
                         if chit.kind == "symbol" and chit.symbol == symbol}
                for symbol in SYMBOLS}


def _names(t: Table, key: str, known: dict[str, Any], what: str) -> tuple[str, ...]:
    """A list of names of ``known`` things (repeats allowed: two white dice), () when absent."""
    if not t.has(key):
        return ()
    values = t.get(key)
    if not isinstance(values, list):
        raise t.error(key, f"must be a list of {what} names, not {spelled(values)}")
    for i, value in enumerate(values):
        if not isinstance(value, str) or value not in known:
            raise t.error(f"{key}[{i}]", f"names the {what} {spelled(value)}, which "
                          f"{_FILES[what]} does not have")
    return tuple(values)


def _dice_names(t: Table, key: str, dice: dict[str, DieColour]) -> tuple[str, ...]:
    """``_names`` of dice colours for one slot or tile: at most ``MOST_DICE`` (ids a1 to a9)."""
    names = _names(t, key, dice, "dice colour")
    if len(names) > MOST_DICE:
        raise t.error(key, f"lists {len(names)} dice; a slot holds at most {MOST_DICE}")
    return names


_FILES = {"dice colour": "dice.toml", "chit": "chits.toml"}


def _each(top: Table) -> list[tuple[str, Table]]:
    return [(key, top.table(key)) for key in top.keys()]


def _dice(top: Table) -> dict[str, DieColour]:
    out = {}
    for key, t in _each(top):
        faces = []
        raw = t.get("faces")
        if not isinstance(raw, list) or len(raw) != FACES:
            raise t.error("faces", f"must list {FACES} faces")
        for i, face in enumerate(raw):
            if not isinstance(face, dict) or len(face) != 1:
                raise t.error(f"faces[{i}]", "must be a table of one symbol and its count")
            ((symbol, count),) = face.items()
            if symbol not in (*SYMBOLS, UNREST):
                raise t.error(f"faces[{i}]", f'names the unknown symbol "{symbol}"')
            if type(count) is not int or not 1 <= count <= 3:
                raise t.error(f"faces[{i}]", "must show 1, 2 or 3 copies of its symbol")
            faces.append(Face(symbol, count))
        out[key] = DieColour(key, t.text("pack", PACKS), t.integer("supply"), tuple(faces))
        t.finish()
    return out


def _chits(top: Table) -> dict[str, ChitType]:
    out = {}
    for key, t in _each(top):
        kind = t.text("kind", CHIT_KINDS)
        symbol = t.text("symbol", SYMBOLS) if kind == "symbol" else ""
        amount = t.integer("amount", 1) if kind == "symbol" else 0
        out[key] = ChitType(key, t.text("pack", PACKS), kind, symbol, amount, t.integer("supply"))
        t.finish()
    return out


def _boards(top: Table, dice: dict[str, DieColour], chits: dict[str, ChitType]
            ) -> dict[str, Board]:
    out = {}
    for key, t in _each(top):
        raw = t.get("slots")
        if not isinstance(raw, list) or not 1 <= len(raw) <= len(SLOT_LETTERS):
            raise t.error("slots", f"must be a list of 1 to {len(SLOT_LETTERS)} building slots")
        slots = []
        for i, slot in enumerate(raw):
            holder = Table(t.file, f"{t.path}.slots[{i}]", {"dice": slot})
            slots.append(_dice_names(holder, "dice", dice))
        advisor = t.table("advisor_slot")
        advisor_dice = _dice_names(advisor, "dice", dice)
        advisor_chits = _names(advisor, "chits", chits, "chit")
        advisor.finish(("dice", "chits"))
        pack = t.text("pack", PACKS)
        physical = t.integer("physical", 1) if pack == "unrest" else 0
        out[key] = Board(
            key, pack, t.text("name"), physical, t.text("side") if t.has("side") else "",
            tuple(slots), advisor_dice, advisor_chits, t.integer("wonder_slots", 1),
            _names(t, "chits", chits, "chit"))
        t.finish()
    return out


def _tiles(data_dir: Path, dice: dict[str, DieColour], chits: dict[str, ChitType]
           ) -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    for age in AGES:
        for key, t in _each(read_table(data_dir, f"tiles/age{age}.toml")):
            if key in out:
                raise t.error("", f"repeats the tile id {key}, already in age {out[key].age}")
            kind = t.text("type", TILE_TYPES)
            if t.has("build") and kind != "wonder":
                raise t.error("build", f"is a wonder's stone cost, but {key} is a {kind}")
            if t.has("dice") and kind not in SLOT_TYPES:
                raise t.error("dice", f"gives dice, but only buildings and military do, "
                              f"not a {kind}")
            out[key] = Tile(
                key, age, t.text("pack", PACKS), t.text("name"), kind, t.integer("cost", 1),
                t.integer("vp"), _dice_names(t, "dice", dice),
                _names(t, "chits", chits, "chit"),
                t.integer("build", 1) if kind == "wonder" else 0,
                t.text("text") if t.has("text") else "")
            t.finish()
    return out


def _events(top: Table) -> dict[str, Event]:
    out = {}
    for key, t in _each(top):
        out[key] = Event(key, t.text("pack", PACKS), t.text("name"), t.integer("age", 1, 4),
                         t.integer("famine"), t.integer("famine_vp"), t.integer("war"),
                         t.integer("war_vp"))
        t.finish()
    return out


def _unrest(top: Table) -> tuple[dict[str, PassTile], dict[str, BonusTile],
                                 dict[str, tuple[Fame, ...]]]:
    passes = {}
    for key, t in _each(top.table("pass_first")):
        passes[key] = PassTile(key, t.text("name"), t.text("symbol", SYMBOLS))
        t.finish()
    bonuses = {}
    for key, t in _each(top.table("bonus")):
        effect = t.text("effect", BONUS_EFFECTS)
        symbol = t.text("symbol", SYMBOLS) if effect == "most" else ""
        bonuses[key] = BonusTile(key, t.text("name"), effect, symbol,
                                 t.text("solo", SOLO_EFFECTS), t.text("text"),
                                 t.text("solo_text"))
        t.finish()
    fame_table = top.table("hall_of_fame")
    fame = {}
    for pack in PACKS:
        lines = []
        for row in fame_table.tables(pack):
            lines.append(Fame(row.integer("vp"), row.text("title")))
            row.finish()
        if [f.vp for f in lines] != sorted((f.vp for f in lines), reverse=True):
            raise fame_table.error(pack, "must list its lines from the highest VP down")
        fame[pack] = tuple(lines)
    fame_table.finish()
    top.finish()
    return passes, bonuses, fame


def _by_players(top: Table, name: str) -> dict[str, dict[int, Any]]:
    """``columns_by_players`` / ``start_books``: per pack, a value per player count."""
    table = top.table(name)
    out: dict[str, dict[int, Any]] = {}
    for pack in PACKS:
        sub = table.table(pack)
        values: dict[int, Any] = {}
        for count in (1, 2, 3, 4):
            if name == "start_books":
                value = sub.get(str(count))
                if not isinstance(value, list) or len(value) != count or not all(
                        type(v) is int for v in value):
                    raise sub.error(str(count), f"must list {count} whole numbers")
                values[count] = tuple(value)
            else:
                values[count] = sub.integer(str(count), 1)
        sub.finish()
        out[pack] = values
    table.finish()
    return out


def _rules(top: Table) -> Rules:
    multipliers = top.get("row_multipliers")
    if not isinstance(multipliers, list) or len(multipliers) != 3 or not all(
            type(m) is int and m > 0 for m in multipliers):
        raise top.error("row_multipliers", "must list 3 whole numbers above 0")
    rules = Rules(
        top.integer("rounds", 1), tuple(multipliers), top.integer("book_vp_per_opponent"),
        top.texts("two_dice_as_one", SYMBOLS), top.text("shadow_take", ("cheapest",)),
        top.integer("bonus_vp"), top.integer("pass_first_amount"),
        top.integer("pass_first_doubled"), top.integer("shadow_start_books"),
        _by_players(top, "columns_by_players"), _by_players(top, "start_books"))
    top.finish()
    return rules


def _supply_warnings(content_chits: dict[str, ChitType], tiles: dict[str, Tile],
                     boards: dict[str, Board]) -> tuple[str, ...]:
    """Chits the tiles and boards would need beyond the supply if all were taken at once.

    Only the symbol chits are counted (rerolls also start beside every base board); a shortfall
    is a warning, not an error (DDATA-08): the engine then gives no chit (DQ-04).
    """
    need: dict[str, int] = {}
    for tile in tiles.values():
        for chit in tile.chits:
            need[chit] = need.get(chit, 0) + 1
    for board in boards.values():
        if board.pack == "unrest":
            for chit in board.advisor_chits:
                need[chit] = need.get(chit, 0) + 1
    return tuple(
        f"chits.toml: {key} has {content_chits[key].supply} in the supply, but the tiles and "
        f"boards hold {count}"
        for key, count in sorted(need.items())
        if content_chits[key].kind == "symbol" and count > content_chits[key].supply)


def load(data_dir: Path = DATA_DIR) -> Content:
    """Read and check every data file in ``data_dir`` (raises DataError)."""
    dice = _dice(read_table(data_dir, "dice.toml"))
    chits = _chits(read_table(data_dir, "chits.toml"))
    boards = _boards(read_table(data_dir, "boards.toml"), dice, chits)
    tiles = _tiles(data_dir, dice, chits)
    events = _events(read_table(data_dir, "events.toml"))
    passes, bonuses, fame = _unrest(read_table(data_dir, "unrest.toml"))
    rules = _rules(read_table(data_dir, "rules.toml"))
    warnings = _supply_warnings(chits, tiles, boards)
    return Content(dice, chits, boards, tiles, events, passes, bonuses, fame, rules, warnings)


@cache
def content() -> Content:
    """The game's own content, loaded once, and kept in the cache folder between runs (read
    afresh when a data file or the code that reads them changes)."""
    return remembered("dice-content", sources(), load, Content)


def sources() -> list[Path]:
    """The files the content is made from: the code that reads and checks it, every data file."""
    code = [Path(__file__), Path(datafiles.__file__), Path(state.__file__)]
    return [*code, *sorted(p for p in DATA_DIR.rglob("*") if p.is_file())]
