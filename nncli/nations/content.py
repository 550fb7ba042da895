"""Nations' data files (``nncli/nations/data``), loaded once and checked as they load.

Every number of the game lives in the data; this module only reads and checks it. An error names
the file and the key: ``cards/era1.toml: [irrigation] deploy must be a whole number``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from nncli.game import GameError

DATA = Path(__file__).parent / "data"
ERAS = (1, 2, 3, 4)
PRODUCED = ("food", "stone", "gold", "books")
LIVE = ("strength", "stability")
EFFECTS = (*PRODUCED, "vp")
CARD_TYPES = ("building", "military", "colony", "advisor", "wonder", "war", "battle", "golden_age")
CONDITIONS = ("strongest", "most_stable", "most_books", "passed_first", "passed_last")
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

    def card(self, card_id: str) -> Card:
        """The card ``card_id`` (progress or printed)."""
        return self.cards[card_id]


class _Where:
    """The file and key an error is about, and typed look-ups that name them."""

    def __init__(self, file: str, key: str = "") -> None:
        self.file, self.key = file, key

    def fail(self, what: str) -> ContentError:
        place = f"[{self.key}] " if self.key else ""
        return ContentError(f"{self.file}: {place}{what}")

    def at(self, key: str) -> _Where:
        return _Where(self.file, f"{self.key}.{key}" if self.key else key)

    def integer(self, table: Mapping[str, Any], key: str, default: int | None = None) -> int:
        if key not in table:
            if default is None:
                raise self.fail(f"{key} is missing")
            return default
        value = table[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"{key} must be a whole number")
        return value

    def text(self, table: Mapping[str, Any], key: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value:
            raise self.fail(f"{key} must be a non-empty string")
        return value

    def table(self, table: Mapping[str, Any], key: str) -> Mapping[str, Any]:
        value = table.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(f"{key} must be a table")
        return value

    def amounts(self, table: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> Amounts:
        value = self.table(table, key)
        for name, amount in value.items():
            if name not in allowed:
                raise self.fail(f"{key} has the resource {name}; use one of {', '.join(allowed)}")
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise self.fail(f"{key}.{name} must be a whole number")
        return dict(value)


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML table in ``path``, or a ContentError naming the file."""
    name = str(path.relative_to(DATA)) if path.is_relative_to(DATA) else str(path)
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(f"{name}: the data file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML ({exc})") from None


def card_from(card_id: str, raw: Any, where: _Where, era: int, pack: str) -> Card:
    """One card table, checked against its type's schema."""
    if not isinstance(raw, dict):
        raise where.fail("must be a table")
    kind = raw.get("type")
    if kind not in CARD_TYPES:
        raise where.fail(f'has the unknown type "{kind}"; use one of {", ".join(CARD_TYPES)}')
    unknown = set(raw) - COMMON - ALLOWED[kind]
    if unknown:
        raise where.fail(f"a {kind} has no field {sorted(unknown)[0]}")
    for needed in sorted(REQUIRED[kind]):
        if needed not in raw:
            raise where.fail(f"a {kind} needs the field {needed}")
    fields: dict[str, Any] = {"id": card_id, "name": where.text(raw, "name"), "type": kind}
    fields["era"] = where.integer(raw, "era", era) if era else era
    if era and fields["era"] not in ERAS:
        raise where.fail(f"era must be 1 to 4, not {fields['era']}")
    fields["pack"] = where.text(raw, "pack") if pack == "" else pack
    for key in ("deploy", "strength", "attack", "vp_per_worker", "min_strength", "vp", "vp_cost"):
        if key in raw:
            fields[key] = where.integer(raw, key)
    fields["multiplier"] = where.integer(raw, "multiplier", 1)
    for key in ("per_worker", "per_worker_upkeep", "per_round", "immediate", "gain"):
        fields[key] = where.amounts(raw, key, PRODUCED)
    for key in ("per_worker_live", "live"):
        fields[key] = where.amounts(raw, key, LIVE)
    if kind == "wonder":
        sections = raw["sections"]
        if not isinstance(sections, list) or not sections:
            raise where.fail("sections must be a non-empty list of stone costs")
        if not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in sections):
            raise where.fail("sections must hold whole numbers of stone")
        fields["sections"] = tuple(sections)
    if kind == "war":
        loss = where.amounts(raw, "loss", PRODUCED)
        if len(loss) != 1:
            raise where.fail("loss must name exactly one resource")
        fields["loss"] = next(iter(loss.items()))
    if kind == "battle":
        if raw["resource"] not in BATTLE_RESOURCES:
            raise where.fail(f"resource must be one of {', '.join(BATTLE_RESOURCES)}")
        fields["resource"] = raw["resource"]
    fields["conditional"] = conditions(raw.get("conditional", []), where)
    return Card(**fields)


def conditions(raw: Any, where: _Where) -> tuple[tuple[str, Amounts], ...]:
    """``[{ if = "strongest", per_round = {...} }]`` -> ((condition, amounts), ...)."""
    if not isinstance(raw, list):
        raise where.fail("conditional must be a list of tables")
    found = []
    for item in raw:
        if not isinstance(item, dict) or item.get("if") not in CONDITIONS:
            raise where.fail(f"conditional needs if = one of {', '.join(CONDITIONS)}")
        found.append((str(item["if"]), where.amounts(item, "per_round", PRODUCED)))
    return tuple(found)


def event_from(event_id: str, raw: Any, where: _Where, era: int) -> Event:
    """One event card table, checked."""
    if not isinstance(raw, dict):
        raise where.fail("must be a table")
    if where.integer(raw, "era") != era:
        raise where.fail(f"era must be {era}, the era of its file")
    architects = where.table(raw, "architects")
    for key in ("1-2", "3-4", "5"):
        where.at("architects").integer(architects, key)
    parts = raw.get("events")
    if not isinstance(parts, list) or len(parts) != 2:
        raise where.fail("events must list a positive and a negative event")
    events = []
    for part, kind in zip(parts, ("positive", "negative"), strict=True):
        if not isinstance(part, dict) or part.get("kind") != kind:
            raise where.fail(f"the events must be a positive one, then a negative one ({kind})")
        if part.get("criterion") not in CRITERIA:
            raise where.fail(f"criterion must be one of {', '.join(CRITERIA)}")
        events.append((kind, str(part["criterion"]), where.amounts(part, "effect", EFFECTS)))
    return Event(
        event_id, where.text(raw, "name"), era, dict(architects),
        where.integer(raw, "scarcity"), tuple(events),
    )


def tiles_from(solo: Mapping[str, Any]) -> dict[str, Tile]:
    """The solo tiles of ``solo.toml``, checked."""
    where = _Where("solo.toml")
    tiles = {}
    for tile_id, raw in where.table(solo, "tiles").items():
        at = where.at(f"tiles.{tile_id}")
        if not isinstance(raw, dict):
            raise at.fail("must be a table")
        era = at.integer(raw, "era")
        if era not in ERAS:
            raise at.fail(f"era must be 1 to 4, not {era}")
        values = (at.integer(raw, k) for k in ("strength", "stability", "books"))
        tiles[tile_id] = Tile(tile_id, era, *values)
    for era in ERAS:
        if sum(t.era == era for t in tiles.values()) != 2:
            raise where.fail(f"era {era} needs exactly 2 solo tiles")
    ranks = solo.get("ranks")
    if not isinstance(ranks, list) or not ranks:
        raise where.fail("ranks must list the solo ranks, best first")
    for n, rank in enumerate(ranks, 1):
        at = where.at(f"ranks[{n}]")
        if not isinstance(rank, dict):
            raise at.fail("must be a table")
        at.text(rank, "name")
        at.integer(rank, "vp")
    return tiles


def check_rules(rules: Mapping[str, Any]) -> None:
    """The constants the engine reads from ``rules.toml`` exist and have the right types."""
    where = _Where("rules.toml")
    for key in ("rounds", "rounds_per_era", "resource_vp_divisor", "max_shortage_vp",
                "book_lap", "rows", "war_vp_loss", "revolt_vp_loss"):
        where.integer(rules, key)
    columns = where.table(rules, "columns_by_players")
    for players in "12345":
        where.at("columns_by_players").integer(columns, players)
    bonus = where.table(where.table(rules, "difficulty"), "bonus")
    for level in rules["difficulty"].get("levels", []):
        amounts = bonus.get(level)
        if not isinstance(amounts, list) or len(amounts) != len(ERAS):
            raise where.at(f"difficulty.bonus.{level}").fail("must list one amount per era")
    if len(rules.get("row_cost", [])) != rules["rows"]:
        raise where.fail("row_cost must give one price per row")


@cache
def load(packs: tuple[str, ...] = ("basic",)) -> Content:
    """The content with the cards and events of ``packs`` (cached per choice of packs)."""
    rules = read_toml(DATA / "rules.toml")
    check_rules(rules)
    board = read_toml(DATA / "board_a.toml")
    bwhere = _Where("board_a.toml")
    for key in ("slots", "colony_slots", "completed_wonder_slots", "workers"):
        bwhere.integer(board, key)
    printed_raw = bwhere.table(board, "printed")
    printed = tuple(
        card_from(cid, raw, bwhere.at(f"printed.{cid}"), 0, "board")
        for cid, raw in printed_raw.items()
    )
    population = population_from(read_toml(DATA / "population.toml"))
    cards: dict[str, Card] = {c.id: c for c in printed}
    decks: dict[int, tuple[str, ...]] = {}
    events: dict[str, Event] = {}
    event_decks: dict[int, tuple[str, ...]] = {}
    for era in ERAS:
        name = f"cards/era{era}.toml"
        deck = []
        for card_id, raw in read_toml(DATA / name).items():
            card = card_from(card_id, raw, _Where(name, card_id), era, "")
            if card_id in cards:
                raise _Where(name, card_id).fail("repeats a card id used elsewhere")
            if card.era != era:
                raise _Where(name, card_id).fail(f"era must be {era}, the era of its file")
            cards[card_id] = card
            if card.pack in packs:
                deck.append(card_id)
        decks[era] = tuple(deck)
        name = f"events/era{era}.toml"
        event_decks[era] = tuple(read_events(name, era, events))
    solo = read_toml(DATA / "solo.toml")
    return Content(rules, board, printed, population, cards, decks, events, event_decks, solo,
                   tiles_from(solo))


def read_events(name: str, era: int, events: dict[str, Event]) -> list[str]:
    """Read the event file ``name`` into ``events``; its ids in file order."""
    ids = []
    for event_id, raw in read_toml(DATA / name).items():
        if event_id in events:
            raise _Where(name, event_id).fail("repeats an event id used elsewhere")
        events[event_id] = event_from(event_id, raw, _Where(name, event_id), era)
        ids.append(event_id)
    return ids


def population_from(raw: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """The population spaces, left to right, as (food|stability, amount)."""
    where = _Where("population.toml")
    spaces = raw.get("spaces")
    if not isinstance(spaces, list) or not spaces:
        raise where.fail("spaces must be a non-empty list")
    found = []
    for n, space in enumerate(spaces, 1):
        at = where.at(f"spaces[{n}]")
        kinds = {"food", "stability"}
        if not isinstance(space, dict) or len(space) != 1 or not set(space) <= kinds:
            raise at.fail("must cost exactly one of food or stability")
        kind, amount = next(iter(space.items()))
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise at.fail(f"{kind} must be a whole number")
        found.append((kind, amount))
    return tuple(found)
