"""Help on the game's components, written from the data files: ``help house``, ``help melee``,
``help research``, ``help initiative``, ``help eureka`` and ``help MOVE-04`` (the checklist's
rule, from ``data/checklist.toml``, made by ``scripts/make-checklist-data``)."""

from __future__ import annotations

import re
import textwrap

from nncli import checklists
from nncli.checklists import rule_topics
from nncli.notebook import content
from nncli.notebook.content import DATA_DIR, BuildingType, Cost, Income, Nation, UnitType

WIDTH = 79
RULE_ID = re.compile(r"(?:[a-z]+-)+\d{2}")
ROMAN = ("", "I", "II", "III", "IV", "V", "VI")
ACTION_TEXT = {
    "develop": "develop: build Town Buildings next to it (build TYPE SQUARE), at most {hall_limit}",
    "spawn": "spawn: buy a unit ({spawns}) and place it touching this building",
    "trade": "trade: up to {market_exchanges} exchanges, 1 gold for {trade_goods_per_gold} food or "
    "wood, or {trade_goods_per_gold} food or wood for 1 gold",
    "offering": "offering: buy up to {offering_max} Source at {price} gold each",
    "survey": "survey: your Research this turn costs {survey_discount} gold less",
}
REGION_TEXT = {"M": "a mountain square (M)", "T": "a forest square (T)"}


def cost_text(cost: Cost) -> str:
    """``2 wood 1 gold``, or ``free``."""
    return " ".join(f"{amount} {resource}" for resource, amount in cost.items()) or "free"


def income_text(income: Income) -> str:
    """``+1 gold +1 science`` a turn, or ``none``."""
    parts = [f"+{getattr(income, row)} {row}" for row in content.INCOME_ROWS
             if getattr(income, row)]
    return " ".join(parts) or "none"


def lock_text(lock: str | None) -> str:
    """The research that unlocks a component, by the node's name."""
    if lock is None:
        return "nothing"
    if lock == "hall":
        return "a \"+1 Town Hall\" research node for each Town Hall after the first"
    names = {n.key: n.name for side in content.load().research.values() for n in side.nodes}
    return f"research {lock} ({names.get(lock, lock)})"


def _wrap(lines: list[str]) -> str:
    return "\n".join(w for line in lines
                     for w in textwrap.wrap(line, WIDTH, subsequent_indent="    ") or [""])


def _building_lines(kind: BuildingType) -> list[str]:
    limits = content.load().limits
    price = limits["grove_gold_per_source" if kind.key == "unique"
                   else "offering_gold_per_source"]
    values = dict(limits, spawns=", ".join(kind.spawns), price=price)
    actions = [ACTION_TEXT[a].format(**values) if a in ACTION_TEXT else a for a in kind.actions]
    lines = [f"  cost {cost_text(kind.cost)}; income per turn {income_text(kind.income)}"
             + (f"; population limit +{kind.population}" if kind.population else ""),
             f"  locked until: {lock_text(kind.lock)}"]
    if kind.region:
        where = REGION_TEXT.get(kind.region, f"its food square ({kind.region} on the map)")
        lines.append(f"  must overlap {where}")
    lines.append("  actions: " + ("; ".join(actions) or "none"))
    if kind.text:
        lines.append(f"  {kind.text}")
    return lines


def building_help(key: str) -> str:
    """A building's cost, income, lock and actions; per nation where nations differ."""
    nations = content.load().nations.values()
    kinds = [(n, n.buildings[key]) for n in nations]
    first = kinds[0][1]
    how = ("build it with a Town Hall's Develop: build " if first.kind == "town"
           else "the Avatar builds it: avatar build ") + f"{key} SQUARE"
    same = all(kind == first for _, kind in kinds)
    name = first.name if same else key.replace("-", " ").capitalize()
    head = (f"{name} ({first.kind} building, {first.copies} "
            f"{'copy' if first.copies == 1 else 'copies'} each; {how})")
    if same:
        return _wrap([head, *_building_lines(first)])
    lines = [head]
    for nation, kind in kinds:
        lines += [f" {nation.name}: {kind.name}", *_building_lines(kind)]
    return _wrap(lines)


def _unit_line(nation: Nation, unit: UnitType) -> str:
    extra = [f"channel {unit.channel}"] if unit.channel else []
    extra += ["demolishes buildings"] if unit.demolish else []
    return (f"  {nation.name:<17} {unit.name:<16} move {unit.move} range {unit.range}  cost "
            f"{cost_text(unit.cost)}" + "".join(f"; {e}" for e in extra))


def unit_help(key: str) -> str:
    """Each nation's unit of one type: its name, move, range and cost, and where it is spawned."""
    data = content.load()
    nations = list(data.nations.values())
    at = sorted({kind.name for n in nations for kind in n.buildings.values() if key in kind.spawns
                 and kind.key != "unique"})
    first = nations[0].units[key]
    lines = [f"{key.capitalize()} units, each nation's own:",
             *(_unit_line(n, n.units[key]) for n in nations),
             f"  spawned at: {', '.join(at)} (spawn {key} SQUARE)",
             f"  locked until: {lock_text(first.lock)}"]
    return _wrap(lines)


def research_help() -> str:
    """Both sides of the research board: each tier's Science, price and nodes."""
    lines = []
    for side, board in content.load().research.items():
        players = "2-player" if side == "2p" else "3- and 4-player"
        lines.append(f"Research board, {players} side (a Science VP at {board.science_vp_nodes} "
                     "nodes):")
        for tier in board.tiers:
            nodes = ", ".join(f"{n.key} ({n.name})" for n in board.nodes if n.tier == tier.number)
            lines.append(f"  tier {ROMAN[tier.number]}: Science {tier.science}, "
                         f"{tier.gold} gold: {nodes}")
    return _wrap(lines)


def initiative_help() -> str:
    """The initiative track's spaces and their bonuses."""
    spaces = content.load().initiative
    listed = ", ".join(f"{s.number} {s.name}" for s in spaces)
    return _wrap([f"Initiative track, left to right = turn order: {listed}. "
                  "The bonus comes in your Income Step."])


def encounter_help(key: str) -> str:
    """One encounter tile: its name, copies and effect."""
    tile = next(t for t in content.load().encounters if t.key == key)
    return _wrap([f"{tile.name} (encounter tile {tile.key}, {tile.copies} in the deck): "
                  f"{tile.text}"])


def checklist() -> dict[str, dict[str, str]]:
    """The rules checklist's rows by id (``data/checklist.toml``)."""
    return checklists.read(DATA_DIR / "checklist.toml")


def rule_help(rule_id: str) -> str:
    """The checklist's rule ``rule_id`` (and its ruling, for a question), or ""."""
    return _wrap(checklists.rule_lines(DATA_DIR / "checklist.toml", rule_id))


def _named() -> dict[str, str]:
    """Building keys by their keys and names (``town hall``, ``town-hall``, ``hunting lodge``)."""
    names = {}
    for nation in content.load().nations.values():
        for kind in nation.buildings.values():
            names[kind.key] = names[kind.key.replace("-", " ")] = kind.key
            names[kind.name.lower()] = kind.key
    return names


def component_help(topic: str) -> str:
    """Help on the component ``topic`` (lower case), or "" when there is none."""
    data = content.load()
    if RULE_ID.fullmatch(topic):
        return rule_help(topic)
    if topic == "research":
        return research_help()
    if topic == "initiative":
        return initiative_help()
    if topic in content.UNIT_TYPES:
        return unit_help(topic)
    building = _named().get(topic)
    if building:
        return building_help(building)
    tiles = {t.key: t.key for t in data.encounters} | {t.name.lower(): t.key
                                                       for t in data.encounters}
    return encounter_help(tiles[topic]) if topic in tiles else ""


def topics(prefix: str) -> list[tuple[str, str]]:
    """The help topics starting with ``prefix`` (lower case) and what each is: the move
    commands, the components and the rules; the rules grouped by their id's prefix ("move-")
    until ``prefix`` reaches the dash, then each id."""
    from nncli.notebook.helptext import MOVES

    data = content.load()
    found = {key: "move" for key in MOVES}
    for nation in data.nations.values():
        found.update({key: "building" for key in nation.buildings if key not in found})
    found.update({key: "unit" for key in content.UNIT_TYPES if key not in found})
    found.update({tile.key: "encounter tile" for tile in data.encounters if tile.key not in found})
    found.update(rule_topics(checklist(), prefix))
    return [(topic, what) for topic, what in found.items() if topic.startswith(prefix)]
