"""The rulebook's Solo Mode AI: its set-up, and its turn as a sequence of ordinary moves.

``next_move(state)`` is a pure function of the state. For an AI seat the engine lists exactly
that move as legal and refuses any other, so replaying a save checks that the AI followed the
rulebook. An AI turn runs in the steps of ``STEPS`` (Rules: Q-51): the Avatar (Recover if Stunned,
move, then claim or attack), the second Town Hall and its buildings, spawning, then the units one
by one in activation order; ``Turn.ai_stage`` keeps the step reached and ``Turn.ai_skip`` the
units that do not activate (any more) this turn.

Directions ("above", "left") are as the AI's tiles face: for the top seat, whose tiles are turned
half round, "above" is further down the board and "left" further right. Ties are broken in the
same frame, top to bottom, then left to right (Rules: Q-52).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from nncli.game import BadSetup, IllegalMove
from nncli.notebook import board, buildings, combat, content, movement, research, units
from nncli.notebook.geometry import Rect, building_rect, distance, unit_rect
from nncli.notebook.moves import (
    Attack,
    Build,
    Collect,
    Demolish,
    EndTurn,
    Initiative,
    Move,
    MovePiece,
    Recover,
    Spawn,
)
from nncli.notebook.notation import format_move
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, Building, Player, State, Unit

Pos = tuple[int, int]
AVATAR, BUILD, SPAWN, UNITS = range(4)

# Offsets (dx, dy) of a 3x2 tile beside a 3x2 hall, in the hall's own frame.
ABOVE, RIGHT, BELOW, LEFT = (0, -2), (3, 0), (0, 2), (-3, 0)
# Rules: SOLO-06 - the AI's starting town; the Wonder is placed face down (SOLO-08).
START_TOWN = (("barracks", ABOVE), ("temple", RIGHT), ("university", BELOW), ("wonder", LEFT))
# Rules: SOLO-18 - the buildings placed around the second Town Hall.
SECOND_TOWN = (("barracks", ABOVE), ("temple", RIGHT), ("university", BELOW),
               ("siegeworks", LEFT))
FACE_DOWN = ("wonder", "unique")  # Rules: SOLO-08
# Rules: Q-53 - 2x2 spots touching a 3-wide building's top edge: wholly above it, left first,
# then the two that overhang its sides, left first.
SPOTS_ABOVE = ((0, -2), (1, -2), (-1, -2), (2, -2))
SPOTS_ON_HALL = ((0, 0), (1, 0))  # Rules: SOLO-22 - a Ranged Unit on top of a Town Hall
SIEGE_TARGETS = ("wonder", "unique", "temple")  # Rules: SOLO-36
STEP_RULES = ("SOLO-13, SOLO-14, SOLO-15, SOLO-16", "SOLO-17, SOLO-18, SOLO-19",
              "SOLO-21 to SOLO-28", "SOLO-29 to SOLO-38")


# --- who the AI is, and its frame ------------------------------------------------------------

def is_ai(state: State, nation: str) -> bool:
    return state.player(nation).controller == "ai"


def controls(state: State) -> bool:
    """True when the rulebook's AI is to move."""
    return state.phase != PHASE_OVER and is_ai(state, state.mover)


def place_rel(anchor: Rect, facing: str, dx: int, dy: int, w: int, h: int) -> Pos:
    """Top-left square of a ``w`` x ``h`` tile at offset (dx, dy) from ``anchor`` in its frame."""
    if facing == "up":
        return anchor.col + dx, anchor.row + dy
    return anchor.right - dx - w + 1, anchor.bottom - dy - h + 1


def order_key(state: State, nation: str, col: int, row: int) -> Pos:
    """Top to bottom, then left to right, as ``nation``'s tiles face (Rules: Q-52)."""
    return (row, col) if state.facing[nation] == "up" else (-row, -col)


# --- set-up ------------------------------------------------------------------------------------

def place_town(state: State, hall: Building) -> None:
    """Rules: SOLO-05..08, Q-64 - the buildings around the AI's starting Town Hall."""
    facing = state.facing[hall.owner]
    for key, (dx, dy) in START_TOWN:
        col, row = place_rel(hall.rect, facing, dx, dy, 3, 2)
        if not site_free(state, hall.owner, key, building_rect(col, row)):
            raise BadSetup(f"the AI's {key} does not fit beside its Town Hall (Rules: SOLO-06).")
        add_building(state, hall.owner, key, col, row)
    col, row = unique_site(state, hall)
    add_building(state, hall.owner, "unique", col, row)


def unique_site(state: State, hall: Building) -> Pos:
    """Rules: SOLO-07, Q-64 - below the hall, to its left if it fits there, else to its right,
    as close to the hall as possible."""
    facing = state.facing[hall.owner]
    for side in (-1, 1):
        sites = [place_rel(hall.rect, facing, side * dx, dy, 3, 2)
                 for dx in range(1, 9) for dy in range(1, 6)]
        sites.sort(key=lambda s: (distance(building_rect(*s), hall.rect),
                                  order_key(state, hall.owner, s[0], s[1])))
        for col, row in sites:
            if site_free(state, hall.owner, "unique", building_rect(col, row)):
                return col, row
    raise BadSetup("the AI's Unique Crown Building does not fit below its Town Hall "
                   "(Rules: SOLO-07).")


def site_free(state: State, nation: str, key: str, rect: Rect) -> bool:
    """The building placement rules (map, overlap, water, hall limits) allow ``rect``."""
    try:
        buildings.check_site(state, nation, buildings.building_type(state, nation, key), rect)
    except IllegalMove:
        return False
    return True


def add_building(state: State, nation: str, key: str, col: int, row: int) -> Building:
    kind = buildings.building_type(state, nation, key)
    found = Building(board.next_id(state, nation, kind.prefix, state.buildings), nation, key,
                     col, row, face_down=key in FACE_DOWN)
    state.buildings.append(found)
    return found


# --- the engine's side: checking, recording and the AI's own handlers ------------------------

def check(state: State, move: Move) -> None:
    """Refuse any move but the AI's next one (Rules: SOLO-01)."""
    expected = next_move(state)
    if move != expected:
        step = step_of(expected)
        if step is None:
            rules = "SOLO-09, SOLO-10" if isinstance(expected, Initiative) else "SOLO-01"
        else:
            rules = STEP_RULES[step]
        raise IllegalMove(f"the AI's next move is {format_move(expected)} (Rules: {rules}).")


def step_of(move: Move) -> int | None:
    """The step of the AI's turn a move belongs to; None for initiative and the end."""
    match move:
        case Initiative() | EndTurn():
            return None
        case Collect():
            return AVATAR
        case MovePiece(piece=piece) | Attack(piece=piece) | Recover(piece=piece):
            return AVATAR if piece == "avatar" else UNITS
        case Build():
            return BUILD
        case Spawn():
            return SPAWN
    return UNITS


def passed_over(state: State, move: Move) -> list[str]:
    """The units the AI passes over to activate the piece ``move`` names (before the move)."""
    if step_of(move) != UNITS or not isinstance(move, MovePiece | Attack | Recover | Demolish):
        return []
    passed = []
    for piece in activation_order(state):
        if piece.id == move.piece:
            break
        passed.append(piece.id)
    return passed


def record(state: State, move: Move, passed: list[str]) -> None:
    """Keep the AI's progress through its turn after ``move``: the step reached, and the units
    passed over (``passed_over``, found before the move)."""
    step = step_of(move)
    if step is None:
        return
    state.turn.ai_stage = max(state.turn.ai_stage, step)
    state.turn.ai_skip.extend(passed)


def build(state: State, move: Build) -> None:
    """Rules: SOLO-17, SOLO-18, SOLO-21 - the AI places its buildings free."""
    add_building(state, state.mover, move.building, move.col, move.row)


def spawn(state: State, move: Spawn) -> None:
    """Rules: SOLO-21 - no cost and no population limit; the unit does not activate this turn."""
    building = state.building(state.mover, move.building)
    assert building is not None
    new_id = units.next_unit_id(state, state.mover, move.unit)
    size = units.spawn_size(state, building)
    state.units.append(Unit(new_id, state.mover, move.unit, size, move.col, move.row))
    state.turn.buildings_acted.append(building.id)
    state.turn.ai_skip.append(new_id)


def research_at_end_of_round(state: State) -> None:
    """Rules: SOLO-39, SOLO-08, Q-59 - each AI unlocks its first node, top to bottom and left to
    right, that it lacks and has the Science for, and turns up the buildings it unlocks."""
    for player in state.players:
        if player.controller != "ai":
            continue
        node = next_node(state, player)
        if node is None:
            continue
        research.unlock(state, player, research.nodes(state)[node], free=True)
        for i, b in enumerate(state.buildings):
            if b.owner == player.nation and b.face_down \
                    and buildings.building_type(state, b.owner, b.key).lock == node:
                state.buildings[i] = replace(b, face_down=False)


def next_node(state: State, player: Player) -> str | None:
    for node in content.load().research[state.research_side].nodes:
        if node.key not in player.research \
                and player.science >= research.tier(state, node).science:
            return node.key
    return None


# --- the next move -----------------------------------------------------------------------------

def next_move(state: State) -> Move:
    """The AI's next move (Rules: SOLO-09..38)."""
    if state.phase == PHASE_INITIATIVE:
        return Initiative(initiative_space(state))
    for step in STEPS[state.turn.ai_stage:]:
        found = step(state, state.mover)
        if found is not None:
            return found
    return EndTurn()


def initiative_space(state: State) -> int:
    """Rules: SOLO-09, SOLO-10 - No Bonus (space 1), else the free space closest to it."""
    taken = {p.initiative for p in state.players}
    return next(n for n in range(1, len(content.load().initiative) + 1) if n not in taken)


# --- step 1: the Avatar ------------------------------------------------------------------------

def avatar_step(state: State, nation: str) -> Move | None:
    """Rules: SOLO-13..16, Q-54 - Recover if Stunned, move, then claim an Encounter or attack."""
    piece = state.avatar(nation)
    turn = state.turn
    if piece.stunned and turn.avatar_basic == 0:
        return Recover("avatar")
    if turn.avatar_moves == 0:
        goal = token_goals(state) if state.tokens else enemy_goals(state, piece)
        dest = toward(state, piece, goal, lambda p: covers_token(state, p))
        if dest is not None:
            return MovePiece("avatar", *dest)
    if turn.avatar_basic == 0:
        return claim(state, piece) or avatar_attack(state, piece)
    return None


def token_goals(state: State) -> list[Pos]:
    """Rules: SOLO-13, Q-54 - the Avatar's positions beside an Encounter token."""
    return [p for t in state.tokens for p in around(Rect(t[0], t[1], 1, 1))]


def enemy_goals(state: State, piece: Unit) -> list[Pos]:
    """Rules: SOLO-15, SOLO-38 - positions beside an enemy unit or active enemy Avatar."""
    return [p for e in enemies(state, piece.owner) for p in around(e.rect)]


def around(rect: Rect) -> Iterator[Pos]:
    """Top-left squares of the 2x2 positions adjacent to ``rect``."""
    for row in range(rect.row - 2, rect.bottom + 2):
        for col in range(rect.col - 2, rect.right + 2):
            if distance(unit_rect(col, row), rect) == 1:
                yield col, row


def covers_token(state: State, pos: Pos) -> int:
    """1 when a piece at ``pos`` would cover (and so destroy) a token."""
    rect = unit_rect(*pos)
    return int(any(rect.covers(*t) for t in state.tokens))


def claim(state: State, piece: Unit) -> Move | None:
    """Rules: SOLO-14, ENC-01 - collect an adjacent token (+1 Culture for the AI)."""
    near = [t for t in state.tokens if distance(piece.rect, Rect(t[0], t[1], 1, 1)) <= 1]
    if not near:
        return None
    col, row = min(near, key=lambda t: order_key(state, piece.owner, *t))
    return Collect(col, row)


def avatar_attack(state: State, piece: Unit) -> Move | None:
    """Rules: SOLO-16, SOLO-37, SOLO-38 - the closest enemy within the Avatar's range."""
    target = nearest_in_range(state, piece)
    return None if target is None else Attack("avatar", f"{target.owner}:{target.id}")


# --- step 2: the second Town Hall --------------------------------------------------------------

def build_step(state: State, nation: str) -> Move | None:
    """Rules: SOLO-17, SOLO-18, SOLO-19 - with a "+1 Town Hall" node, a second hall as close to
    the first as leaves room for its four buildings, then those buildings."""
    if buildings.halls_allowed(state, nation) < 2:
        return None
    halls = [b for b in state.buildings if b.owner == nation and b.key == "town-hall"]
    first = next(b for b in halls if b.id == "th1")
    second = [b for b in halls if b is not first]
    if not second:
        site = second_hall_site(state, first)
        return None if site is None else Build("town-hall", *site, first.id)
    hall = second[0]
    for key, (dx, dy) in SECOND_TOWN:
        col, row = place_rel(hall.rect, state.facing[nation], dx, dy, 3, 2)
        placed = any(b.owner == nation and b.key == key and (b.col, b.row) == (col, row)
                     for b in state.buildings)
        if not placed and site_free(state, nation, key, building_rect(col, row)):
            return Build(key, col, row, hall.id)
    return None


def second_hall_site(state: State, first: Building) -> Pos | None:
    """Rules: SOLO-17 - the closest site where the hall and its four buildings all fit."""
    nation = first.owner
    size = board.map_of(state)
    sites = [(c, r) for r in range(size.height) for c in range(size.width)]
    sites.sort(key=lambda s: (distance(building_rect(*s), first.rect),
                              order_key(state, nation, *s)))
    for col, row in sites:
        if room_for_town(state, nation, building_rect(col, row)):
            return col, row
    return None


def room_for_town(state: State, nation: str, hall: Rect) -> bool:
    if not site_free(state, nation, "town-hall", hall):
        return False
    facing = state.facing[nation]
    return all(site_free(state, nation, key,
                         building_rect(*place_rel(hall, facing, dx, dy, 3, 2)))
               for key, (dx, dy) in SECOND_TOWN)


# --- step 3: spawning --------------------------------------------------------------------------

def spawn_step(state: State, nation: str) -> Move | None:
    """Rules: SOLO-21..28 - Ranged, then Siege, Melee or Cavalry and Magic, building by building."""
    for building, key, places in spawners(state, nation):
        if building.id in state.turn.buildings_acted or board.enemy_occupied(state, building):
            continue
        for col, row in places:
            if open_for_unit(state, unit_rect(col, row)):
                return Spawn(key, col, row, building.id)
    return None


def spawners(state: State, nation: str) -> Iterator[tuple[Building, str, list[Pos]]]:
    """(building, unit type, spots in order) for each spawn due this turn (Rules: Q-63)."""
    player = state.player(nation)
    rule = content.load().nations[nation].unique_rule
    mine = sorted((b for b in state.buildings if b.owner == nation and not b.face_down),
                  key=lambda b: order_key(state, nation, b.col, b.row))
    ranged = [u for u in state.units if u.owner == nation and u.key == "ranged"]
    for hall in (b for b in mine if b.key == "town-hall"):
        if "ranged" in player.research and units.in_stock(state, nation, "ranged", 1) \
                and not any(u.rect.overlaps(hall.rect) for u in ranged):
            yield hall, "ranged", spots(state, hall, SPOTS_ON_HALL)
    for b in mine:
        key = due(state, nation, b, rule)
        if key:
            yield b, key, spots(state, b, SPOTS_ABOVE) + spots_beside(state, b)


def due(state: State, nation: str, b: Building, rule: str) -> str:
    """The unit type ``b`` spawns this turn, or "" (Rules: SOLO-23..28, AINAT-01..03)."""
    research_done = state.player(nation).research
    if b.key == "siegeworks":
        wanted = ["siege"] if "siege" in research_done else []
    elif b.key == "barracks" or (b.key == "unique" and rule == "spawn-size-2"):
        wanted = (["cavalry"] if "cavalry" in research_done else []) + ["melee"]
    elif b.key == "temple":
        wanted = ["magic"]
    else:
        return ""
    size = units.spawn_size(state, b)
    return next((key for key in wanted if units.in_stock(state, nation, key, size)), "")


def spots(state: State, b: Building, offsets: Iterable[Pos]) -> list[Pos]:
    facing = state.facing[b.owner]
    return [place_rel(b.rect, facing, dx, dy, 2, 2) for dx, dy in offsets]


def spots_beside(state: State, b: Building) -> list[Pos]:
    """Rules: Q-53 - every other spot adjacent to ``b``, top to bottom, left to right."""
    return sorted(around(b.rect), key=lambda p: order_key(state, b.owner, *p))


def open_for_unit(state: State, rect: Rect) -> bool:
    """Rules: Q-14 - on the map, not all water, clear of pieces and Encounter tokens."""
    return board.in_bounds(state, rect) and not board.all_water(state, rect) \
        and not any(u.rect.overlaps(rect) for u in state.units) \
        and not any(rect.covers(*t) for t in state.tokens)


# --- step 4: the units -------------------------------------------------------------------------

def units_step(state: State, nation: str) -> Move | None:
    """Rules: SOLO-29..38 - finish the unit that moved, then activate the next in order."""
    for piece in state.units:
        if piece.owner == nation and not piece.is_avatar and piece.moved and not piece.acted \
                and piece.id not in state.turn.ai_skip:
            target = nearest_in_range(state, piece)
            if target is not None:
                return Attack(piece.id, f"{target.owner}:{target.id}")
    for piece in activation_order(state):
        if not piece.moved:
            found = activate(state, piece)
            if found is not None:
                return found
    return None


def activation_order(state: State) -> list[Unit]:
    """Rules: SOLO-29 - AI units still to activate, closest to a human Town Hall first."""
    nation = state.mover
    halls = [b.rect for b in state.buildings if b.key == "town-hall" and b.owner != nation]

    def key(u: Unit) -> tuple[int, Pos, str]:
        near = min((distance(u.rect, h) for h in halls), default=0)
        return near, order_key(state, nation, u.col, u.row), u.id

    waiting = [u for u in state.units if u.owner == nation and not u.is_avatar
               and not u.acted and u.id not in state.turn.ai_skip]
    return sorted(waiting, key=key)


def activate(state: State, piece: Unit) -> Move | None:
    """One unit's activation: Recover if Stunned; Ranged wait; Siege shoot; the rest advance."""
    if piece.stunned:
        return Recover(piece.id)
    if piece.key == "ranged":  # Rules: SOLO-33, SOLO-34
        return None
    if piece.key == "siege":  # Rules: SOLO-35, SOLO-36
        return siege_shot(state, piece)
    return strike_or_advance(state, piece)


def siege_shot(state: State, piece: Unit) -> Move | None:
    """Rules: SOLO-36, Q-56 - attack an enemy Siege Unit in range, else Demolish the enemy Wonder,
    then Unique Crown Building, then a Temple in range."""
    most = combat.reach(state, piece)
    sieges = [e for e in enemies(state, piece.owner)
              if e.key == "siege" and distance(piece.rect, e.rect) <= most]
    if sieges:
        target = min(sieges, key=lambda e: target_key(state, piece, e))
        return Attack(piece.id, f"{target.owner}:{target.id}")
    for key in SIEGE_TARGETS:
        found = [b for b in state.buildings if b.owner != piece.owner and b.key == key
                 and distance(piece.rect, b.rect) <= most]
        if found:
            b = min(found, key=lambda b: (distance(piece.rect, b.rect),
                                          order_key(state, piece.owner, b.col, b.row)))
            return Demolish(piece.id, f"{b.owner}:{b.id}")
    return None


def strike_or_advance(state: State, piece: Unit) -> Move | None:
    """Rules: SOLO-30, SOLO-31, SOLO-32, Q-57 - reach and attack the nearest enemy that can be
    reached, else go toward the closest enemy Town Hall, ending on it if possible."""
    ends = end_positions(state, piece)
    most = combat.reach(state, piece)
    for target in sorted(enemies(state, piece.owner), key=lambda e: target_key(state, piece, e)):
        spots_in_range = [p for p in ends if distance(unit_rect(*p), target.rect) <= most]
        if (piece.col, piece.row) in spots_in_range:
            return Attack(piece.id, f"{target.owner}:{target.id}")
        if spots_in_range:
            best = min(spots_in_range,
                       key=lambda p: (ends[p], order_key(state, piece.owner, *p)))
            return MovePiece(piece.id, *best)
    hall = closest_enemy_hall(state, piece)
    if hall is None:
        return None
    dest = toward(state, piece, hall_goals(hall), lambda p: int(not hall.contains(unit_rect(*p))))
    return None if dest is None else MovePiece(piece.id, *dest)


def hall_goals(hall: Rect) -> list[Pos]:
    """Positions of a 2x2 tile overlapping a hall."""
    return [(c, r) for r in range(hall.row - 1, hall.bottom + 1)
            for c in range(hall.col - 1, hall.right + 1)]


def closest_enemy_hall(state: State, piece: Unit) -> Rect | None:
    """Rules: SOLO-31, Q-52 - by path length, ties top to bottom and left to right."""
    best: tuple[int, Pos] | None = None
    found = None
    for b in state.buildings:
        if b.key != "town-hall" or b.owner == piece.owner:
            continue
        steps = paths_from(state, piece, hall_goals(b.rect)).get((piece.col, piece.row))
        if steps is None:
            continue
        key = (steps, order_key(state, piece.owner, b.col, b.row))
        if best is None or key < best:
            best, found = key, b.rect
    return found


# --- targets and paths -------------------------------------------------------------------------

def enemies(state: State, nation: str) -> list[Unit]:
    """Rules: SOLO-38 - enemy units and Avatars, ignoring a Stunned Avatar."""
    return [u for u in state.units if u.owner != nation and not (u.is_avatar and u.stunned)]


def target_key(state: State, piece: Unit, target: Unit) -> tuple[int, int, Pos, str, str]:
    """Rules: SOLO-37, Q-57 - nearest first; at the same distance a unit on an AI building."""
    on_ai_building = not target.is_avatar and any(
        b.owner == piece.owner and b.rect.overlaps(target.rect) for b in state.buildings)
    return (distance(piece.rect, target.rect), int(not on_ai_building),
            order_key(state, piece.owner, target.col, target.row), target.owner, target.id)


def nearest_in_range(state: State, piece: Unit) -> Unit | None:
    """The enemy the piece attacks from where it stands, or None."""
    most = combat.reach(state, piece)
    found = [e for e in enemies(state, piece.owner) if distance(piece.rect, e.rect) <= most]
    return min(found, key=lambda e: target_key(state, piece, e)) if found else None


def end_positions(state: State, piece: Unit) -> dict[Pos, int]:
    """Where the piece may end a move now, with the steps it takes; it never ends on another
    piece, so AI units never combine (Rules: SOLO-32). Its own square costs 0."""
    here = (piece.col, piece.row)
    try:
        allowance = movement.budget(state, piece)
    except IllegalMove:
        return {here: 0}
    reach = movement.search(state.map_key, here, allowance, movement.walls(state, piece))
    busy = movement.crowded(state, piece)
    return {p: n for p, n in reach.items() if p == here or p not in busy}


def paths_from(state: State, piece: Unit, goals: Iterable[Pos]) -> dict[Pos, int]:
    """Steps from every position to the nearest goal, as ``piece`` moves (Rules: Q-52)."""
    ground = movement.open_ground(state.map_key)
    blocked = {(c, r) for w in movement.walls(state, piece)
               for r in range(w.row - 1, w.bottom + 1) for c in range(w.col - 1, w.right + 1)}
    steps: dict[Pos, int] = {}
    frontier = []
    for goal in goals:
        if goal in ground and goal not in blocked and goal not in steps:
            steps[goal] = 0
            frontier.append(goal)
    distance_now = 0
    while frontier:
        distance_now += 1
        found = []
        for col, row in frontier:
            for pos in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                if pos not in steps and pos in ground and pos not in blocked:
                    steps[pos] = distance_now
                    found.append(pos)
        frontier = found
    return steps


def toward(state: State, piece: Unit, goals: list[Pos],
           worse: Callable[[Pos], int]) -> Pos | None:
    """Rules: SOLO-13, SOLO-15, SOLO-31, Q-52 - the end position closest by path to a goal
    (then the least ``worse``, the fewest steps, top to bottom, left to right); None when
    staying put is as good."""
    left = paths_from(state, piece, goals)
    here = (piece.col, piece.row)
    if here not in left:
        return None
    ends = end_positions(state, piece)
    best = min((p for p in ends if p in left),
               key=lambda p: (left[p], worse(p), ends[p], order_key(state, piece.owner, *p)))
    return None if best == here else best


STEPS: tuple[Callable[[State, str], Move | None], ...] = (
    avatar_step, build_step, spawn_step, units_step)
