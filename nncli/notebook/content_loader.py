"""Read the TOML files in ``data/`` into the frozen types of ``content``, validating every value.

Any missing key, wrong type, unknown key or out-of-range value raises ``ContentError`` naming the
file and the key path, e.g. ``nations.toml: mushroom.units.melee.move must be a whole number >= 0,
not "5"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nncli.datafiles import Table, quoted, read_table, spelled
from nncli.notebook.content import (
    DATA_DIR,
    INCOME_ROWS,
    RESOURCES,
    UNIT_TYPES,
    BuildingType,
    Content,
    ContentError,
    Cost,
    EncounterTile,
    Income,
    InitiativeSpace,
    MapDef,
    Nation,
    Objective,
    Power,
    ResearchBoard,
    ResearchNode,
    Tier,
    UnitType,
)

NATION_KEYS = ("mushroom", "thimble", "humming", "seed")
BUILDING_KEYS = (
    "town-hall", "house", "barracks", "market", "university", "temple", "siegeworks", "wonder",
    "mining-camp", "lumber-camp", "food-camp", "unique",
)
BUILDING_FIELDS = (
    "prefix", "name", "kind", "copies", "cost", "income", "population", "lock", "region",
    "actions", "spawns", "may_overlap_water", "text",
)
BUILDING_KINDS = ("town", "crown")
BUILDING_ACTIONS = ("develop", "spawn", "trade", "offering", "survey")
HALL_LOCK = "hall"  # one extra Town Hall per "+1 Town Hall" node
FOOD_REGION = "food"  # the nation's own food square
POWER_KEYS = ("sp1", "sp2", "grand")
POWER_CULTURE = {"sp1": None, "sp2": "culture_sp2", "grand": "culture_grand"}  # limits keys
POWER_EFFECTS = (
    "repeat-attack", "spawn-melee", "upgrade-units", "repeat-build", "covering-fire",
    "buildings-again", "move-again", "far-encounter", "mass-move", "recover-free", "stun-unit",
    "culture-and-magic",
)
OBJECTIVE_CONDITIONS = (
    "end-turn-units-size", "destroy-units-one-turn", "end-turn-occupy-enemy-building",
    "buildings-on-map", "destroy-from-range", "research-nodes", "encounters-collected",
    "crown-on-terrains", "end-turn-adjacent-enemy-town-hall", "end-turn-magic-by-pool",
    "food-income",
)
WONDER_RULES = (
    "culture-per-kill", "culture-per-research", "encounter-culture-and-range", "hall-limit-5",
)
UNIQUE_RULES = ("spawn-size-2", "survey", "movement-bonus", "grove-temple")
RESEARCH_SIDES = ("2p", "3-4p")
NODE_EFFECTS = ("income", "unlock", "town-hall", "population", "expanded-towns")
NODE_AMOUNT_EFFECTS = ("population", "expanded-towns")
ENCOUNTER_EFFECTS = (
    "gain-food", "gain-wood", "gain-gold", "gain-source", "gain-science", "gain-culture",
    "spawn-melee", "spawn-cavalry", "avatar-move", "free-research", "discount", "second-wind",
    "stun-unit", "extra-move",
)
LIMIT_KEYS = (
    "resource_max", "track_max", "income_max", "culture_sp2", "culture_grand", "culture_vp_1",
    "culture_vp_2", "science_vp", "hall_limit", "max_vp_per_type", "research_per_turn",
    "objective_reward", "nation_tokens", "market_exchanges", "trade_goods_per_gold",
    "offering_max", "offering_gold_per_source", "grove_gold_per_source", "population_per_node",
    "avatar_damage", "size2_spawn_cost_factor", "wonder_culture_per_event",
    "wonder_kill_culture_max", "wonder_avatar_range", "mother_tree_hall_limit", "survey_discount",
    "wind_chime_move",
)
MAP_KEYS = ("2p", "3p", "4p")
ZONE_SYMBOLS = ("2", "3", "4")
ZONE_HEIGHT, ZONE_WIDTH = 2, 3


def _cost(t: Table, key: str, limits: dict[str, int]) -> Cost:
    sub = t.table(key)
    top = limits["resource_max"]
    cost = Cost(**{r: sub.integer(r, maximum=top, default=0) for r in RESOURCES})
    sub.finish()
    return cost


def _income(t: Table, key: str, limits: dict[str, int]) -> Income:
    sub = t.table(key)
    top = limits["income_max"]
    income = Income(**{r: sub.integer(r, maximum=top, default=0) for r in INCOME_ROWS})
    sub.finish()
    return income


# ---------------------------------------------------------------------------- rules.toml


def _limits(root: Table) -> dict[str, int]:
    t = root.table("limits")
    limits = {key: t.integer(key) for key in LIMIT_KEYS}
    t.finish()
    return limits


def _start_income(root: Table, limits: dict[str, int]) -> dict[str, Income]:
    t = root.table("start_income")
    result = {side: _income(t, side, limits) for side in RESEARCH_SIDES}
    t.finish()
    return result


# ---------------------------------------------------------------------------- maps.toml


def _legend(root: Table) -> tuple[str, ...]:
    t = root.table("legend")
    for symbol in t.keys():
        if len(symbol) != 1:
            raise t.error(symbol, "must be a single character")
        t.text(symbol)
    t.finish()
    return t.keys()


def _grid(data_dir: Path, key: str, width: int, height: int, legend: tuple[str, ...]) -> list[str]:
    """The rows of maps/<key>.txt, checked against the size and the legend."""
    name = f"maps/{key}.txt"
    try:
        rows = (data_dir / name).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ContentError(f"{name}: file is missing from {data_dir}") from None
    if len(rows) != height:
        raise ContentError(f"{name}: has {len(rows)} rows, maps.toml says height = {height}")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ContentError(f"{name}: row {r} is {len(row)} squares wide, not {width}")
        for c, symbol in enumerate(row):
            if symbol not in legend:
                raise ContentError(
                    f"{name}: row {r} column {c} has {spelled(symbol)}, not in legend"
                )
    return rows


def _zone(t: Table, players: str, i: int, value: object, rows: list[str]) -> tuple[int, int]:
    """One start zone's top-left [col, row]; all its squares must be start-zone digits."""
    where = f"{players}[{i}]"
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise t.error(where, f"must be [col, row], not {value!r}")
    col, row = int(value[0]), int(value[1])
    for r in range(row, row + ZONE_HEIGHT):
        for c in range(col, col + ZONE_WIDTH):
            inside = 0 <= r < len(rows) and 0 <= c < len(rows[0])
            if not inside or rows[r][c] not in ZONE_SYMBOLS:
                found = spelled(rows[r][c]) if inside else "off the map"
                raise t.error(where, f"zone at {[col, row]}: square ({c}, {r}) is {found}, "
                                     f"not a start-zone digit {quoted(ZONE_SYMBOLS)}")
    return col, row


def _start_zones(t: Table, rows: list[str]) -> dict[int, tuple[tuple[int, int], ...]]:
    zones: dict[int, tuple[tuple[int, int], ...]] = {}
    for players in t.keys():
        value = t.get(players)
        if not players.isdigit() or int(players) < 1:
            raise t.error(players, "must be a player count (a whole number >= 1)")
        if not isinstance(value, list) or len(value) != int(players):
            raise t.error(players, f"must list {players} zones, not {spelled(value)}")
        zones[int(players)] = tuple(_zone(t, players, i, v, rows) for i, v in enumerate(value))
    return zones


def _map(data_dir: Path, t: Table, key: str, legend: tuple[str, ...]) -> MapDef:
    width, height = t.integer("width", minimum=1), t.integer("height", minimum=1)
    rows = _grid(data_dir, key, width, height, legend)
    m = MapDef(key, t.text("name"), width, height, tuple(rows),
               _start_zones(t.table("start_zones"), rows))
    t.finish()
    return m


def _maps(data_dir: Path, root: Table, legend: tuple[str, ...]) -> dict[str, MapDef]:
    t = root.table("maps")
    t.expect_keys(MAP_KEYS)
    return {key: _map(data_dir, t.table(key), key, legend) for key in MAP_KEYS}


# ---------------------------------------------------------------------------- research.toml


def _node(t: Table, tier: int, column: int, limits: dict[str, int]) -> ResearchNode:
    effect = t.text("effect", NODE_EFFECTS)
    income = _income(t, "income", limits) if effect == "income" else Income()
    if effect == "income" and income == Income():
        raise t.error("income", "must give at least 1 of something")
    amount = t.integer("amount", minimum=1) if effect in NODE_AMOUNT_EFFECTS else 0
    node = ResearchNode(t.text("key"), t.text("name"), tier, tier, column, effect, income, amount)
    t.finish()
    return node


def _tier(t: Table, number: int, limits: dict[str, int]) -> tuple[Tier, list[ResearchNode]]:
    if t.integer("number") != number:
        raise t.error("number", f"must be {number} (tiers are numbered 1, 2, ... in order)")
    tier = Tier(number, t.integer("science", maximum=limits["track_max"]),
                t.integer("gold", maximum=limits["resource_max"]))
    nodes = [_node(n, number, i + 1, limits) for i, n in enumerate(t.tables("nodes"))]
    t.finish()
    return tier, nodes


def _board(t: Table, side: str, limits: dict[str, int]) -> ResearchBoard:
    tiers: list[Tier] = []
    nodes: list[ResearchNode] = []
    for i, tier_table in enumerate(t.tables("tiers")):
        tier, tier_nodes = _tier(tier_table, i + 1, limits)
        if tiers and tier.science < tiers[-1].science:
            raise tier_table.error("science", "must not be below the previous tier's")
        tiers.append(tier)
        nodes.extend(tier_nodes)
    keys = [n.key for n in nodes]
    for key in keys:
        if keys.count(key) > 1:
            raise t.error("tiers", f"has the node key {spelled(key)} twice")
    vp_nodes = t.integer("science_vp_nodes", minimum=1, maximum=len(nodes))
    t.finish()
    return ResearchBoard(side, tuple(tiers), tuple(nodes), vp_nodes)


def _research(root: Table, limits: dict[str, int]) -> dict[str, ResearchBoard]:
    root.expect_keys(RESEARCH_SIDES)
    return {side: _board(root.table(side), side, limits) for side in RESEARCH_SIDES}


def _unlock_keys(research: dict[str, ResearchBoard]) -> tuple[str, ...]:
    """Keys of "unlock" nodes present on every side of the board."""
    sides = [{n.key for n in b.nodes if n.effect == "unlock"} for b in research.values()]
    first = research[RESEARCH_SIDES[0]].nodes
    return tuple(n.key for n in first if all(n.key in s for s in sides))


# ---------------------------------------------------------------------------- buildings


@dataclass(frozen=True)
class _Context:
    """What nation and building validation needs from the other files."""

    limits: dict[str, int]
    legend: tuple[str, ...]
    unlocks: tuple[str, ...]  # research keys a unit or building may be locked by
    common: Table  # buildings.toml


def _building(ctx: _Context, key: str, override: Table | None, food_square: str) -> BuildingType:
    """One building: the nation's ``override`` keys over the common buildings.toml entry."""
    common = ctx.common.table(key)

    def src(field: str) -> Table:
        if override is not None and (override.has(field) or not common.has(field)):
            return override
        return common

    lim = ctx.limits
    income = _income(src("income"), "income", lim) if src("income").has("income") else Income()
    actions = src("actions").texts("actions", BUILDING_ACTIONS)
    spawns = src("spawns").texts("spawns", UNIT_TYPES)
    if bool(spawns) != ("spawn" in actions):
        raise src("spawns").error("spawns", 'must be given exactly when actions has "spawn"')
    region = src("region").optional_text("region", (*ctx.legend, FOOD_REGION))
    building = BuildingType(
        key=key,
        prefix=src("prefix").text("prefix"),
        name=src("name").text("name"),
        kind=src("kind").text("kind", BUILDING_KINDS),
        copies=src("copies").integer("copies", minimum=1),
        cost=_cost(src("cost"), "cost", lim),
        income=income,
        population=src("population").integer("population", default=0),
        lock=src("lock").optional_text("lock", (*ctx.unlocks, HALL_LOCK)),
        region=food_square if region == FOOD_REGION else region,
        actions=actions,
        spawns=spawns,
        may_overlap_water=src("may_overlap_water").flag("may_overlap_water", False),
        text=src("text").text("text", default=""),
    )
    for t in (common, override):
        if t is not None:
            t.finish(BUILDING_FIELDS)
    return building


def _buildings(ctx: _Context, t: Table, food_square: str) -> dict[str, BuildingType]:
    for key in t.keys():
        if key not in BUILDING_KEYS:
            raise t.error(key, f"must be one of {quoted(BUILDING_KEYS)}")
    return {key: _building(ctx, key, t.table(key) if t.has(key) else None, food_square)
            for key in BUILDING_KEYS}


# ---------------------------------------------------------------------------- nations.toml


def _unit(ctx: _Context, t: Table, key: str) -> UnitType:
    unit = UnitType(
        key=key,
        name=t.text("name"),
        move=t.integer("move"),
        range=t.integer("range", minimum=1),
        cost=_cost(t, "cost", ctx.limits),
        size1=t.integer("size1"),
        size2=t.integer("size2"),
        channel=t.integer("channel", default=0),
        demolish=t.flag("demolish", False),
        lock=t.optional_text("lock", ctx.unlocks),
    )
    if unit.size1 + unit.size2 == 0:
        raise t.error("size1", "and size2 must give at least one tile")
    t.finish()
    return unit


def _power(ctx: _Context, t: Table, key: str) -> Power:
    culture_key = POWER_CULTURE[key]
    culture = 0 if culture_key is None else ctx.limits[culture_key]
    power = Power(key, t.text("name"), t.integer("cost", maximum=ctx.limits["resource_max"]),
                  culture, t.text("effect", POWER_EFFECTS), t.integer("amount"), t.text("text"))
    t.finish()
    return power


def _objective(ctx: _Context, t: Table, key: str) -> Objective:
    condition = t.text("condition", OBJECTIVE_CONDITIONS)
    target = t.text("target")
    if condition == "buildings-on-map" and target not in BUILDING_KEYS:
        raise t.error("target", f"must be one of {quoted(BUILDING_KEYS)}, not {spelled(target)}")
    if condition == "crown-on-terrains" and not all(s in ctx.legend for s in target.split(",")):
        raise t.error("target", f"must be comma-separated map symbols, not {spelled(target)}")
    amount = t.integer("amount")
    objective = Objective(key, t.text("name"), t.text("text"), condition, amount, target)
    t.finish()
    return objective


def _keyed(t: Table, expected: tuple[str, ...] | None = None) -> tuple[tuple[str, Table], ...]:
    """(key, sub-table) for each entry; with ``expected``, the keys must be exactly those."""
    if expected is not None:
        t.expect_keys(expected)
    if not t.keys():
        raise t.error("", "must have at least one entry")
    return tuple((key, t.table(key)) for key in t.keys())


def _nation(ctx: _Context, t: Table, key: str) -> Nation:
    food_square = t.text("food_square", ctx.legend)
    units = {k: _unit(ctx, u, k) for k, u in _keyed(t.table("units"), UNIT_TYPES)}
    powers = {k: _power(ctx, p, k) for k, p in _keyed(t.table("powers"), POWER_KEYS)}
    nation = Nation(
        key=key,
        name=t.text("name"),
        priority=t.integer("priority", minimum=1),
        avatar_move=t.integer("avatar_move"),
        avatar_range=t.integer("avatar_range", minimum=1),
        avatar_channel=t.integer("avatar_channel"),
        food_square=food_square,
        units=units,
        buildings=_buildings(ctx, t.table("buildings"), food_square),
        powers=powers,
        objectives=tuple(_objective(ctx, o, k) for k, o in _keyed(t.table("objectives"))),
        wonder_rule=t.text("wonder_rule", WONDER_RULES),
        unique_rule=t.text("unique_rule", UNIQUE_RULES),
    )
    t.finish()
    return nation


def _nations(ctx: _Context, root: Table) -> dict[str, Nation]:
    nations = {key: _nation(ctx, t, key) for key, t in _keyed(root, NATION_KEYS)}
    priorities = [n.priority for n in nations.values()]
    for key, nation in nations.items():
        if priorities.count(nation.priority) > 1:
            raise root.error(f"{key}.priority", f"{nation.priority} is shared with another nation")
    return nations


# ---------------------------------------------------------------------------- the rest


def _initiative(root: Table, limits: dict[str, int]) -> tuple[InitiativeSpace, ...]:
    spaces = []
    for i, t in enumerate(root.tables("spaces")):
        spaces.append(InitiativeSpace(i + 1, t.text("name"), _cost(t, "bonus", limits)))
        t.finish()
    root.finish()
    return tuple(spaces)


def _encounters(root: Table) -> tuple[EncounterTile, ...]:
    tiles = []
    for key, t in _keyed(root):
        tiles.append(EncounterTile(key, t.text("name"), t.integer("copies", minimum=1),
                                   t.text("effect", ENCOUNTER_EFFECTS), t.integer("amount"),
                                   t.text("text")))
        t.finish()
    return tuple(tiles)


def load_content(data_dir: Path | None = None) -> Content:
    """Read and validate every data file in ``data_dir`` (default: the package's ``data/``)."""
    data = DATA_DIR if data_dir is None else data_dir
    rules = read_table(data, "rules.toml")
    limits = _limits(rules)
    start_income = _start_income(rules, limits)
    rules.finish()
    maps_root = read_table(data, "maps.toml")
    legend = _legend(maps_root)
    maps = _maps(data, maps_root, legend)
    maps_root.finish()
    research = _research(read_table(data, "research.toml"), limits)
    common = read_table(data, "buildings.toml")
    common.expect_keys(BUILDING_KEYS)
    ctx = _Context(limits, legend, _unlock_keys(research), common)
    return Content(
        nations=_nations(ctx, read_table(data, "nations.toml")),
        research=research,
        initiative=_initiative(read_table(data, "initiative.toml"), limits),
        start_income=start_income,
        encounters=_encounters(read_table(data, "encounters.toml")),
        maps=maps,
        limits=limits,
    )
