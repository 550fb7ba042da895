"""The game's printed components, loaded once from ``data/`` into immutable records.

Every number the rulebook does not print lives in the TOML files beside this module, so an owner
of the printed game can replace them without touching code. ``load()`` validates each file and
raises ``ContentError`` naming the file and key of the first bad value.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from nncli.datafiles import DataError
from nncli.notebook.records import distinct

DATA_DIR = Path(__file__).parent / "data"

RESOURCES = ("food", "wood", "gold", "source")
INCOME_ROWS = ("science", "culture", "food", "wood", "gold")
UNIT_TYPES = ("melee", "ranged", "cavalry", "magic", "siege")


ContentError = DataError  # a data file is missing, malformed, or breaks a rule


@distinct
class Cost(NamedTuple):
    """Resources paid from the nation-mat track."""

    food: int = 0
    wood: int = 0
    gold: int = 0
    source: int = 0

    def items(self) -> tuple[tuple[str, int], ...]:
        """(resource, amount) for each non-zero part, in RESOURCES order (its fields'): made once
        for each cost (a replay pays the same few costs thousands of times)."""
        amounts = tuple(self)  # (a plain tuple's hash and equality: quicker than a Cost's)
        found = _COST_ITEMS.get(amounts)
        if found is None:
            if len(_COST_ITEMS) >= _COST_ITEMS_KEPT:
                _COST_ITEMS.clear()
            found = _COST_ITEMS[amounts] = tuple(
                [(r, n) for r, n in zip(self._fields, amounts, strict=True) if n])
        return found


_COST_ITEMS: dict[tuple[int, ...], tuple[tuple[str, int], ...]] = {}  # Cost.items, by amounts
_COST_ITEMS_KEPT = 1024  # forgotten all at once past this many


@distinct
class Income(NamedTuple):
    """Per-turn yield shown on a building tile or a research node."""

    science: int = 0
    culture: int = 0
    food: int = 0
    wood: int = 0
    gold: int = 0


@distinct
class BuildingType(NamedTuple):
    """One kind of building tile (common to every nation unless a nation overrides it)."""

    key: str  # "house", "town-hall", "mining-camp", "wonder", "unique", ...
    prefix: str  # piece id prefix: "house" -> house1, "town-hall" -> th1
    name: str  # "House"
    kind: str  # "town" or "crown"
    copies: int
    cost: Cost
    income: Income
    population: int  # population limit added while on the map
    lock: str | None  # research node key that must be unlocked, or None
    region: str | None  # terrain symbol one square must overlap ("M", "T", or a food symbol)
    actions: tuple[str, ...]  # building actions: "develop", "spawn", "trade", "offering", "survey"
    spawns: tuple[str, ...]  # unit types its "spawn" action may place
    may_overlap_water: bool = False
    text: str = ""  # rule printed on the tile or Reference card (Wonder, Unique Crown Building)


@distinct
class UnitType(NamedTuple):
    """One nation's unit of one type."""

    key: str  # "melee", "ranged", "cavalry", "magic", "siege"
    name: str  # "Warriors"
    move: int
    range: int
    cost: Cost
    size1: int  # size-1 tiles in the box
    size2: int  # size-2 tiles in the box
    channel: int  # Channel X (0 = none)
    demolish: bool
    lock: str | None  # research node key, or None


@distinct
class Power(NamedTuple):
    """One Avatar Source Power."""

    key: str  # "sp1", "sp2", "grand"
    name: str
    cost: int  # Source
    culture: int  # Culture needed on the track
    effect: str  # effect key the engine knows, e.g. "repeat-attack"
    amount: int  # the effect's number (squares, units, Culture...), 0 when it has none
    text: str


@distinct
class Objective(NamedTuple):
    key: str
    name: str
    text: str
    condition: str  # condition key the engine knows, e.g. "end-turn-units-size"
    amount: int
    target: str  # the condition's object (a building key, terrain symbols), "" when none


@distinct
class Nation(NamedTuple):
    key: str  # "mushroom", "thimble", "humming", "seed"
    name: str  # "Mushroom Tribes"
    priority: int
    avatar_move: int
    avatar_range: int
    avatar_channel: int
    food_square: str  # map symbol of this nation's food resource: "h", "w", "n", "g"
    units: dict[str, UnitType]  # by unit type key
    buildings: dict[str, BuildingType]  # by building key: every tile this nation owns
    powers: dict[str, Power]  # "sp1", "sp2", "grand"
    objectives: tuple[Objective, ...]
    wonder_rule: str  # effect key of the Wonder's reference-card rule
    unique_rule: str  # effect key of the unique Crown Building


@distinct
class ResearchNode(NamedTuple):
    key: str  # "food", "cavalry", "hall-ii", ...
    name: str
    tier: int  # 1..4
    row: int  # position on the board, for the solo AI's top-to-bottom, left-to-right order
    column: int
    effect: str  # "income", "unlock", "town-hall", "population", "expanded-towns"
    income: Income = Income()
    amount: int = 0  # population bonus or hall limit


@distinct
class Tier(NamedTuple):
    number: int
    science: int  # Science needed on the track
    gold: int  # price


@distinct
class ResearchBoard(NamedTuple):
    side: str  # "2p" or "3-4p"
    tiers: tuple[Tier, ...]
    nodes: tuple[ResearchNode, ...]  # in board order: top to bottom, left to right
    science_vp_nodes: int  # 8 on the 2P side, 6 on the 3-4P side


@distinct
class InitiativeSpace(NamedTuple):
    number: int  # 1..6, left to right
    name: str
    bonus: Cost  # food/wood/gold/source gained in the Income Step


@distinct
class EncounterTile(NamedTuple):
    key: str
    name: str
    copies: int
    effect: str  # effect key the engine knows
    amount: int
    text: str


@distinct
class MapDef(NamedTuple):
    key: str  # "2p", "3p", "4p"
    name: str
    width: int
    height: int
    rows: tuple[str, ...]  # terrain symbols, rows[r][c]
    start_zones: dict[int, tuple[tuple[int, int], ...]]  # players -> top-left (col, row) of zones

    def terrain(self, col: int, row: int) -> str:
        return self.rows[row][col]


@distinct
class Content(NamedTuple):
    nations: dict[str, Nation]
    research: dict[str, ResearchBoard]  # "2p" and "3-4p"
    initiative: tuple[InitiativeSpace, ...]
    start_income: dict[str, Income]  # "2p" and "3-4p"
    encounters: tuple[EncounterTile, ...]
    maps: dict[str, MapDef]
    limits: dict[str, int]  # "resource_max", "track_max", "income_max", "culture_sp2", ...


@cache
def research_nodes(side: str) -> dict[str, ResearchNode]:
    """The nodes of one side of the research board ("2p" or "3-4p") by key, built once."""
    return {n.key: n for n in load().research[side].nodes}


@cache
def load() -> Content:
    """Every data file, read and validated once (or the same, from ``content_cache``)."""
    from nncli.notebook import content_cache

    return content_cache.load(DATA_DIR)
