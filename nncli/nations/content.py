"""Nations' data files (``nncli/nations/data``), loaded once and checked as they load (and kept
in the cache folder, so a cold start reads them again only when they or this code change).

Every number of the game lives in the data; this module only reads and checks it, through
``nncli.datafiles``, so an error names the file and the key: ``cards/era1.toml:
irrigation.deploy must be a whole number >= 0, not "one"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from nncli import datafiles
from nncli.cachefiles import remembered
from nncli.datafiles import DataError, Table, quoted, read_table, spelled
from nncli.game import GameError

DATA = Path(__file__).parent / "data"
ERAS = (1, 2, 3, 4)
PRODUCED = ("food", "stone", "gold", "books")
LIVE = ("strength", "stability")
EFFECTS = (*PRODUCED, "vp")
CARD_TYPES = ("building", "military", "colony", "advisor", "wonder", "war", "battle", "golden_age")
CONDITIONS = ("strongest", "most_stable", "most_books", "passed_first", "passed_last")
# "If X: remove" (§4.10): a card held on a board may name a condition, or its negation, that
# removes it the moment it holds.
REMOVE_CONDITIONS = (*CONDITIONS, *(f"not_{c}" for c in CONDITIONS))
HELD_TYPES = ("building", "military", "colony", "advisor", "wonder")
CRITERIA = ("strongest", "weakest", "most_stable", "least_stable", "most_books", "fewest_books")
BATTLE_RESOURCES = ("books", "food", "stone")

COMMON = {"type", "name", "era", "pack"}
# Fields each card type may carry, and those it must carry.
ALLOWED: dict[str, set[str]] = {
    "building": {"deploy", "per_worker", "per_worker_live", "per_worker_upkeep", "vp_per_worker"},
    "military": {"deploy", "strength", "attack", "per_worker", "per_worker_live",
                 "per_worker_upkeep", "vp_per_worker"},
    "colony": {"min_strength", "immediate", "per_round", "live", "vp"},
    "advisor": {"live", "per_round", "conditional"},
    "wonder": {"sections", "live", "per_round", "vp"},
    "war": {"loss"},
    "battle": {"resource", "multiplier"},
    "golden_age": {"gain", "vp_cost"},
}
REQUIRED: dict[str, set[str]] = {
    "building": {"deploy"},
    "military": {"deploy", "strength", "attack"},
    "colony": {"min_strength"},
    "advisor": set(),
    "wonder": {"sections"},
    "war": {"loss"},
    "battle": {"resource"},
    "golden_age": {"gain", "vp_cost"},
}


class ContentError(GameError):
    """A data file that is missing, malformed or breaks a rule of the schema."""


Amounts = Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Card:
    """One progress card (or a card printed on the player board: era 0, pack "board")."""

    id: str
    name: str
    type: str
    era: int
    pack: str
    deploy: int = 0
    strength: int = 0
    attack: int = 0
    per_worker: Amounts = field(default_factory=dict)
    per_worker_live: Amounts = field(default_factory=dict)
    per_worker_upkeep: Amounts = field(default_factory=dict)
    vp_per_worker: int = 0
    min_strength: int = 0
    immediate: Amounts = field(default_factory=dict)
    per_round: Amounts = field(default_factory=dict)
    live: Amounts = field(default_factory=dict)
    vp: int = 0
    sections: tuple[int, ...] = ()
    conditional: tuple[tuple[str, Amounts], ...] = ()
    loss: tuple[str, int] = ("", 0)
    resource: str = ""
    multiplier: int = 1
    gain: Amounts = field(default_factory=dict)
    vp_cost: int = 0
    remove_if: str = ""  # a condition of REMOVE_CONDITIONS that removes the card, or ""

    @property
    def takes_workers(self) -> bool:
        """Buildings and military hold workers; nothing else does."""
        return self.type in ("building", "military")


@dataclass(frozen=True, slots=True)
class Event:
    """One event card: architects by player count, scarcity, a positive and a negative event."""

    id: str
    name: str
    era: int
    architects: Mapping[str, int]
    scarcity: int
    events: tuple[tuple[str, str, Amounts], ...]  # (kind, criterion, effect)

    def architects_for(self, players: int) -> int:
        """How many architects this card places with ``players`` players."""
        key = "1-2" if players <= 2 else "3-4" if players <= 4 else "5"
        return self.architects[key]


@dataclass(frozen=True, slots=True)
class Tile:
    """A solo tile: the rival's strength, stability and books."""

    id: str
    era: int
    strength: int
    stability: int
    books: int


@dataclass(frozen=True, slots=True)
class Start:
    """A side of a player board at the start: its stock, the workers in the resource area, and
    its printed cards (buildings and military in slot order, then any advisor, colony or
    completed wonder printed on it)."""

    name: str
    food: int
    stone: int
    gold: int
    books: int
    vp: int
    workers: int
    printed: tuple[str, ...]


SIDES = ("a", "b")


@dataclass(frozen=True, slots=True)
class Content:
    """Everything in the data files for one choice of packs."""

    rules: Mapping[str, Any]
    board: Mapping[str, Any]
    printed: tuple[Card, ...]
    population: tuple[tuple[str, int], ...]
    cards: Mapping[str, Card]
    decks: Mapping[int, tuple[str, ...]]
    events: Mapping[str, Event]
    event_decks: Mapping[int, tuple[str, ...]]
    solo: Mapping[str, Any]
    tiles: Mapping[str, Tile]
    removable: frozenset[str] = frozenset()  # the ids of the cards that carry remove_if
    starts: Mapping[tuple[str, str], Start] = field(default_factory=dict)  # (nation, side)

    def card(self, card_id: str) -> Card:
        """The card ``card_id`` (progress or printed)."""
        return self.cards[card_id]

    def start(self, nation: str, side: str) -> Start:
        """The start of ``nation``'s board on ``side`` ("a" or "b")."""
        return self.starts[nation, side]


def amounts(table: Table, key: str, allowed: tuple[str, ...]) -> Amounts:
    """The optional resource map ``key`` of ``table``: names from ``allowed``, whole numbers
    (negative ones too: a loss, a negative stability)."""
    if not table.has(key):
        return {}
    sub = table.table(key)
    found = {}
    for name in sub.keys():
        if name not in allowed:
            raise sub.error(name, f"is not a resource here; use one of {quoted(allowed)}")
        value = sub.get(name)
        if type(value) is not int:
            raise sub.error(name, f"must be a whole number, not {spelled(value)}")
        found[name] = value
    return found


def card_from(card_id: str, table: Table, era: int, pack: str) -> Card:
    """One card table, checked against its type's schema (``era`` 0: a printed card)."""
    kind = table.text("type", CARD_TYPES)
    for needed in sorted(REQUIRED[kind]):
        if not table.has(needed):
            raise table.error(needed, f"is missing: a {kind} needs it")
    fields: dict[str, Any] = {"id": card_id, "name": table.text("name"), "type": kind}
    fields["era"] = table.integer("era", 1, 4) if era else 0
    fields["pack"] = table.text("pack") if pack == "" else pack
    for key in ("deploy", "strength", "attack", "vp_per_worker", "min_strength", "vp", "vp_cost"):
        fields[key] = table.integer(key, default=0)
    fields["multiplier"] = table.integer("multiplier", 1, default=1)
    for key in ("per_worker", "per_worker_upkeep", "per_round", "immediate", "gain"):
        fields[key] = amounts(table, key, PRODUCED)
    for key in ("per_worker_live", "live"):
        fields[key] = amounts(table, key, LIVE)
    if kind == "wonder":
        sections = table.get("sections")
        if not isinstance(sections, list) or not sections or not all(
                type(s) is int and s >= 0 for s in sections):
            raise table.error("sections", "must be a non-empty list of stone costs")
        fields["sections"] = tuple(sections)
    if kind == "war":
        loss = amounts(table, "loss", PRODUCED)
        if len(loss) != 1:
            raise table.error("loss", "must name exactly one resource")
        fields["loss"] = next(iter(loss.items()))
    if kind == "battle":
        fields["resource"] = table.text("resource", BATTLE_RESOURCES)
    if table.has("conditional"):
        fields["conditional"] = tuple(
            (t.text("if", CONDITIONS), amounts(t, "per_round", PRODUCED))
            for t in table.tables("conditional")
        )
    if kind in HELD_TYPES:
        fields["remove_if"] = table.text("remove_if", REMOVE_CONDITIONS, default="")
    table.finish(COMMON | ALLOWED[kind] | ({"remove_if"} if kind in HELD_TYPES else set()))
    return Card(**fields)


def event_from(event_id: str, table: Table, era: int) -> Event:
    """One event card table, checked."""
    table.integer("era", era, era)
    architects = table.table("architects")
    counts = {key: architects.integer(key) for key in ("1-2", "3-4", "5")}
    architects.finish()
    parts = table.tables("events")
    if len(parts) != 2:
        raise table.error("events", "must list a positive and a negative event")
    events = []
    for part, kind in zip(parts, ("positive", "negative"), strict=True):
        part.text("kind", (kind,))
        events.append((kind, part.text("criterion", CRITERIA), amounts(part, "effect", EFFECTS)))
        part.finish()
    found = Event(event_id, table.text("name"), era, counts, table.integer("scarcity"),
                  tuple(events))
    table.finish()
    return found


def tiles_from(solo: Table) -> dict[str, Tile]:
    """The solo tiles and the rank table of ``solo.toml``, checked."""
    tiles_table = solo.table("tiles")
    tiles = {}
    for tile_id in tiles_table.keys():
        t = tiles_table.table(tile_id)
        tiles[tile_id] = Tile(tile_id, t.integer("era", 1, 4),
                              *(t.integer(k) for k in ("strength", "stability", "books")))
        t.finish()
    for era in ERAS:
        if sum(t.era == era for t in tiles.values()) != 2:
            raise solo.error("tiles", f"must give exactly 2 solo tiles for era {era}")
    for rank in solo.tables("ranks"):
        rank.text("name")
        rank.integer("vp", minimum=-10**6)
        rank.finish()
    return tiles


def check_rules(rules: Table) -> None:
    """The constants the engine reads from ``rules.toml`` exist and have the right types."""
    for key in ("rounds", "rounds_per_era", "resource_vp_divisor", "max_shortage_vp",
                "book_lap", "rows", "war_vp_loss", "revolt_vp_loss", "setup_architects"):
        rules.integer(key)
    rules.texts("shortage_types", PRODUCED)
    columns = rules.table("columns_by_players")
    for players in "12345":
        columns.integer(players, 1)
    difficulty = rules.table("difficulty")
    levels = difficulty.texts("levels", ("chieftain", "prince", "king", "emperor"))
    difficulty.text("default", levels)
    bonus = difficulty.table("bonus")
    for level in levels:
        amounts_ = bonus.get(level)
        if not isinstance(amounts_, list) or len(amounts_) != len(ERAS):
            raise bonus.error(level, "must list one amount per era")
    competitive = rules.table("variants").table("competitive")
    counts = competitive.get("players")
    if not isinstance(counts, list) or not counts or not all(
            type(n) is int and 1 <= n <= 5 for n in counts):
        raise competitive.error("players", "must list player counts from 1 to 5")
    competitive.integer("swaps_per_era")
    packs = rules.table("packs").texts("all", ("basic", "advanced", "expert"))
    competitive.texts("swap_packs", packs[1:])
    competitive.texts("optional_swap_packs", packs[1:])
    rules.table("campaign").text("start", levels)
    row_cost = rules.get("row_cost")
    if not isinstance(row_cost, list) or len(row_cost) != rules.integer("rows"):
        raise rules.error("row_cost", "must give one price per row")


EVERY_PACK = ("*",)  # the choice of packs whose decks hold every card of the data files


@cache
def load(packs: tuple[str, ...] = ("basic",)) -> Content:
    """The content with the cards and events of ``packs`` (cached per choice of packs); the
    data files are read once, by ``load(EVERY_PACK)`` (or its copy in the cache folder), and
    each choice cut from it."""
    if packs != EVERY_PACK:
        every = load(EVERY_PACK)
        return replace(every, decks={
            era: tuple(c for c in cards if every.cards[c].pack in packs)
            for era, cards in every.decks.items()})
    try:
        return remembered("nations-content", sources(), read_all, Content)
    except DataError as exc:
        raise ContentError(str(exc)) from None


def sources() -> list[Path]:
    """The files the content is made from: the code that reads and checks it, every data file."""
    code = [Path(__file__), Path(datafiles.__file__)]
    return [*code, *sorted(p for p in DATA.rglob("*") if p.is_file())]


def read_all() -> Content:
    """Every data file, read and checked, every card in its era's deck (raises DataError)."""
    rules = read_table(DATA, "rules.toml")
    check_rules(rules)
    board = read_table(DATA, "board_a.toml")
    for key in ("slots", "advisor_slots", "wonder_under_construction", "colony_slots",
                "completed_wonder_slots", "workers"):
        board.integer(key)
    population = population_from(read_table(DATA, "population.toml"))
    cards: dict[str, Card] = {}
    side_a = start_from(board, "Side A", board, len(population), cards, ())
    printed = tuple(cards.values())
    sides_b = read_table(DATA, "board_b.toml")
    nations = rules.table("nations")
    starts = {}
    for nation in nations.keys():
        if not sides_b.has(nation):
            raise sides_b.error(nation, "is missing: every nation has a side B")
        side = sides_b.table(nation)
        starts[nation, "a"] = side_a
        keep = side.texts("keep", side_a.printed)
        starts[nation, "b"] = start_from(side, side.text("name"), board, len(population), cards,
                                         keep)
        side.finish({"name", "keep", "start", "printed"})
    sides_b.finish(nations.keys())
    decks: dict[int, tuple[str, ...]] = {}
    events: dict[str, Event] = {}
    event_decks: dict[int, tuple[str, ...]] = {}
    for era in ERAS:
        root = read_table(DATA, f"cards/era{era}.toml")
        for card_id in root.keys():
            card = card_from(card_id, root.table(card_id), era, "")
            if card_id in cards:
                raise root.error(card_id, "repeats a card id used elsewhere")
            if card.era != era:
                raise root.error(f"{card_id}.era", f"must be {era}, the era of its file")
            cards[card_id] = card
        decks[era] = tuple(root.keys())
        root = read_table(DATA, f"events/era{era}.toml")
        for event_id in root.keys():
            if event_id in events:
                raise root.error(event_id, "repeats an event id used elsewhere")
            events[event_id] = event_from(event_id, root.table(event_id), era)
        event_decks[era] = tuple(root.keys())
    solo = read_table(DATA, "solo.toml")
    tiles = tiles_from(solo)
    removable = frozenset(c.id for c in cards.values() if c.remove_if)
    return Content(rules.data, board.data, printed, population, cards, decks, events,
                   event_decks, solo.data, tiles, removable, starts)


# How many printed cards of each kind a side's spaces hold (the keys of board_a.toml).
PRINTED_SPACES = {"building": "slots", "military": "slots", "advisor": "advisor_slots",
                  "colony": "colony_slots", "wonder": "completed_wonder_slots"}


def start_from(
    side: Table, name: str, board: Table, spaces: int, cards: dict[str, Card],
    keep: tuple[str, ...],
) -> Start:
    """One side of a player board (its ``start`` and ``printed`` tables, in the schema of
    board_a.toml, after the cards of side A it ``keep``s), checked against the board's spaces
    and ``spaces`` population spaces; its own printed cards join ``cards``."""
    start = side.table("start")
    amounts_ = {key: start.integer(key) for key in ("food", "stone", "gold", "vp")}
    books = start.integer("books", default=0)
    total = board.integer("workers")
    workers = start.integer("workers", max(0, total - spaces), total)
    start.finish()
    printed_table = side.table("printed")
    printed = [cards[card_id] for card_id in keep]
    for card_id in printed_table.keys():
        card = card_from(card_id, printed_table.table(card_id), 0, "board")
        if card.type not in PRINTED_SPACES:
            raise printed_table.error(card_id, f"is a {card.type}: a board prints only cards it "
                                      "holds (building, military, advisor, colony, wonder)")
        if card_id in cards:
            raise printed_table.error(card_id, "repeats a card id used elsewhere")
        cards[card_id] = card
        printed.append(card)
    for kind in dict.fromkeys(PRINTED_SPACES.values()):
        held = sum(PRINTED_SPACES[c.type] == kind for c in printed)
        if held > board.integer(kind):
            raise side.error("printed", f"holds {held} cards for its {board.integer(kind)} "
                             f"{kind.replace('_', ' ')}")
    return Start(name, amounts_["food"], amounts_["stone"], amounts_["gold"], books,
                 amounts_["vp"], workers, tuple(c.id for c in printed))


def population_from(root: Table) -> tuple[tuple[str, int], ...]:
    """The population spaces, left to right, as (food|stability, amount)."""
    found = []
    for space in root.tables("spaces"):
        kinds = [k for k in ("food", "stability") if space.has(k)]
        if len(kinds) != 1:
            raise space.error("", "must cost exactly one of food or stability")
        found.append((kinds[0], space.integer(kinds[0])))
        space.finish()
    return tuple(found)
