"""Moving units and Avatars: the allowance, the path search and the MovePiece move.

A piece's position is the top-left square of its 2x2 tile. Each orthogonal step of one square
costs 1 movement, which is the rulebook's advancing-edge count (MOVE-02, MOVE-03).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from itertools import repeat

from nncli.game import IllegalMove
from nncli.notebook import board, content, economy, units
from nncli.notebook.geometry import UNIT_H, UNIT_W, Rect, distance, square_name, unit_rect
from nncli.notebook.moves import Move, MovePiece
from nncli.notebook.state import State, Unit

Pos = tuple[int, int]


@cache
def open_ground(map_key: str) -> frozenset[Pos]:
    """Rules: MOVE-04 - top-left squares of every 2x2 footprint on the map not all in water."""
    board_map = content.load().maps[map_key]
    rows = board_map.rows
    return frozenset(
        (c, r) for r in range(board_map.height - 1) for c in range(board_map.width - 1)
        if any(rows[r + dr][c + dc] not in board.WATER for dr in (0, 1) for dc in (0, 1)))


@lru_cache(maxsize=1024)
def search(map_key: str, start: Pos, allowance: int, walls: tuple[Rect, ...]) -> Mapping[Pos, int]:
    """The fewest steps to each position reachable from ``start`` within ``allowance``.

    Every position on the way is on the map, not all water and clear of every wall.
    """
    return _spread(map_key, start, allowance, walls, None)


def reaches(map_key: str, start: Pos, allowance: int, walls: tuple[Rect, ...], goal: Pos) -> bool:
    """Whether ``goal`` is among ``search``'s positions, searching only until it is found."""
    if abs(goal[0] - start[0]) + abs(goal[1] - start[1]) > allowance:
        return False
    return _straight(map_key, start, walls, goal) or \
        goal in _spread(map_key, start, allowance, walls, goal)


def _straight(map_key: str, start: Pos, walls: tuple[Rect, ...], goal: Pos) -> bool:
    """Whether a path from ``start`` to ``goal`` whose every step goes towards ``goal`` (a
    shortest path, if there is one) keeps on the map, out of water and clear of every wall: the
    usual case, checked over the squares between the two alone."""
    (col, row), (to_col, to_row) = start, goal
    left, right = min(col, to_col), max(col, to_col)
    top, bottom = min(row, to_row), max(row, to_row)
    blocked: set[Pos] = set()  # as in _spread, from the walls that block a square between
    for w_col, w_row, width, height in walls:
        if w_col <= right + 1 and left < w_col + width and w_row <= bottom + 1 \
                and top < w_row + height:
            blocked.update((c, r) for r in range(w_row - 1, w_row + height)
                           for c in range(w_col - 1, w_col + width))
    ground = open_ground(map_key)
    dc, dr = (1 if to_col >= col else -1), (1 if to_row >= row else -1)
    cols = range(col, to_col + dc, dc)
    above = [False] * len(cols)  # which squares of the row before are reached
    for r in range(row, to_row + dr, dr):
        reached = False  # the square before, in the direction of travel
        for i, c in enumerate(cols):
            pos = (c, r)
            reached = pos == start or ((reached or above[i]) and pos in ground
                                       and pos not in blocked)
            above[i] = reached
    return above[-1]


def _spread(map_key: str, start: Pos, allowance: int, walls: tuple[Rect, ...],
            goal: Pos | None) -> dict[Pos, int]:
    """Positions reachable from ``start`` with their fewest steps, nearest first; the search
    stops once ``goal`` is found."""
    ground = open_ground(map_key)
    here = unit_rect(*start)  # only walls within the allowance can block a step
    blocked = {(c, r) for w in walls if distance(here, w) <= allowance
               for r in range(w.row - 1, w.bottom + 1) for c in range(w.col - 1, w.right + 1)}
    steps = {start: 0}
    frontier = [start]
    for step in range(1, allowance + 1):
        found = []
        for col, row in frontier:
            for pos in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                if pos not in steps and pos in ground and pos not in blocked:
                    steps[pos] = step
                    if pos == goal:
                        return steps
                    found.append(pos)
        if not found:
            break
        frontier = found
    return steps


def walls(state: State, piece: Unit) -> tuple[Rect, ...]:
    """What the piece may not pass: enemy units and Avatars, and for an Avatar every Town Hall.

    Rules: MOVE-05, MOVE-06, MOVE-07, OCC-06, Q-30.
    """
    owner = piece.owner  # (Rects made by tuple.__new__, without a Python call each)
    found = list(map(tuple.__new__, repeat(Rect), [(u.col, u.row, UNIT_W, UNIT_H)
                                                   for u in state.units if u.owner != owner]))
    if piece.is_avatar:
        found += [b.rect for b in state.buildings if b.key == "town-hall"]
    return tuple(found)


def wind_chime(state: State, nation: str) -> int:
    """The Humming Wind-Chime Tower's extra movement while it stands face up and unoccupied."""
    if content.load().nations[nation].unique_rule != "movement-bonus":
        return 0
    for b in state.buildings:
        if b.owner == nation and b.key == "unique" and not b.face_down \
                and not board.enemy_occupied(state, b):
            return economy.limit("wind_chime_move")
    return 0


def extra_move(state: State, piece: Unit) -> str:
    """The piece's entry in ``turn.extra_moves``, or "".

    An entry is ``id`` (the Hidden Trail encounter's squares) or ``id:N`` (N squares, e.g. the
    Great Migration power).
    """
    for entry in state.turn.extra_moves:
        if entry.partition(":")[0] == piece.id:
            return entry
    return ""


def extra_squares(entry: str) -> int:
    """How far an ``extra_moves`` entry lets an activated unit move."""
    squares = entry.partition(":")[2]
    if squares.isdigit():
        return int(squares)
    return next(t.amount for t in content.load().encounters if t.effect == "extra-move")


def budget(state: State, piece: Unit) -> int:
    """The squares the piece may move now, or IllegalMove saying why it may not move.

    Rules: MOVE-01, MOVE-09, MOVE-11, UACT-03, STUN-02, STUN-05, AVATAR-01, AVATAR-04.
    """
    bonus = wind_chime(state, piece.owner)
    if piece.is_avatar:
        if state.turn.avatar_moves >= state.turn.avatar_moves_allowed:
            raise IllegalMove("your Avatar has already moved this turn (Rules: AVATAR-01).")
        nation = content.load().nations[piece.owner]
        return nation.avatar_move + state.turn.avatar_move_bonus + bonus
    if piece.stunned:
        raise IllegalMove(f"{piece.id} is Stunned: its activation can only Recover "
                          f"(Rules: STUN-05).")
    units.refuse_stacked(state, piece)
    if piece.moved or piece.acted:
        entry = extra_move(state, piece)
        if entry:
            return extra_squares(entry)
        if piece.acted:
            raise IllegalMove(f"{piece.id} has already acted and cannot move (Rules: UACT-03).")
        raise IllegalMove(f"{piece.id} has already moved this turn (Rules: MOVE-11).")
    return units.unit_type(state, piece).move + bonus


def may_combine(state: State, piece: Unit, pos: Pos, other: Unit) -> bool:
    """Rules: COMB-01, COMB-04, MOVE-09 - ending on ``other`` is allowed only to combine."""
    return (not piece.is_avatar and not piece.acted and not other.stunned
            and other.owner == piece.owner and other.key == piece.key
            and piece.size == other.size == 1 and (other.col, other.row) == pos
            and units.in_stock(state, piece.owner, piece.key, 2))


def blocker(state: State, piece: Unit, pos: Pos) -> Unit | None:
    """The piece that ``piece`` may not end on at ``pos``, if any (MOVE-08, MOVE-09, COMB-01).

    A unit may end on one other unit it can combine with, but not on two standing there
    together: it combines with one, and the other would be left under it.
    """
    col, row = pos
    partner = None
    for other in state.units:
        if -1 <= other.col - col <= 1 and -1 <= other.row - row <= 1 and other is not piece:
            if partner is not None or not may_combine(state, piece, pos, other):
                return other
            partner = other
    return None


def end_problem(state: State, piece: Unit, pos: Pos) -> str:
    """Why the piece may not end at ``pos``, or "" (Rules: MOVE-08, MOVE-09, COMB-01)."""
    other = blocker(state, piece, pos)
    if other is None:
        return ""
    return f"{piece.id} may not end its move on {units.label(other)} (Rules: MOVE-09)."


def crowded(state: State, piece: Unit) -> set[Pos]:
    """Positions where the piece would overlap another piece."""
    return {(c, r) for u in state.units if u is not piece
            for r in range(u.row - 1, u.row + 2) for c in range(u.col - 1, u.col + 2)}


def unreachable(state: State, piece: Unit, pos: Pos, allowance: int) -> str:
    """Why ``pos`` is not among the reachable positions."""
    rect = unit_rect(*pos)
    if not board.in_bounds(state, rect):
        return f"{piece.id} would run off the map (Rules: Q-21)."
    where = square_name(*pos)
    if board.all_water(state, rect):
        return f"{piece.id} may not end entirely in water at {where} (Rules: MOVE-04)."
    if piece.is_avatar and any(b.key == "town-hall" and b.rect.overlaps(rect)
                               for b in state.buildings):
        return "an Avatar can never overlap a Town Hall (Rules: AVATAR-05, OCC-06)."
    if any(w.overlaps(rect) for w in walls(state, piece)):
        return f"{piece.id} may not end its move on an enemy piece (Rules: MOVE-09)."
    board_map = board.map_of(state)
    far = search(state.map_key, (piece.col, piece.row), board_map.width * board_map.height,
                 walls(state, piece))
    if pos in far:
        return (f"{where} is {far[pos]} squares away, but {piece.id} moves {allowance} "
                f"(Rules: MOVE-01, MOVE-03).")
    return (f"{piece.id} has no path to {where} that keeps out of water and off enemy pieces "
            f"(Rules: MOVE-04, MOVE-07).")


def move_piece(state: State, move: MovePiece) -> None:
    """Rules: MOVE-01..11, UACT-02, UACT-03, AVATAR-03, AVATAR-05, ENC-06, Q-30, Q-38 - one
    continuous move; tokens under the piece where it stops are destroyed."""
    piece = units.own_piece(state, move.piece)
    allowance = budget(state, piece)
    pos = (move.col, move.row)
    if pos == (piece.col, piece.row):
        raise IllegalMove(f"{piece.id} is already at {square_name(*pos)} (Rules: MOVE-02).")
    if not reaches(state.map_key, (piece.col, piece.row), allowance, walls(state, piece), pos):
        raise IllegalMove(unreachable(state, piece, pos, allowance))
    problem = end_problem(state, piece, pos)
    if problem:
        raise IllegalMove(problem)
    if piece.is_avatar:
        state.turn.avatar_moves += 1
    elif piece.moved or piece.acted:
        state.turn.extra_moves.remove(extra_move(state, piece))
    piece.col, piece.row = pos
    piece.moved = True
    area = piece.rect
    state.tokens = [t for t in state.tokens if not area.covers(*t)]


def candidates(state: State) -> Iterator[Move]:
    """Every MovePiece that applies now, straight from the path search."""
    covered = _covered(state)
    for piece, allowance in movers(state):
        yield from destinations(state, piece, allowance, covered)


def movers(state: State) -> list[tuple[Unit, int]]:
    """The mover's pieces that may move now, each with its allowance in squares."""
    found = []
    for piece in state.units:
        if piece.owner != state.mover:
            continue
        try:
            found.append((piece, budget(state, piece)))
        except IllegalMove:
            continue
    return found


def _covered(state: State) -> Counter[Pos]:
    """How many pieces a tile at each position would overlap."""
    return Counter((c, r) for u in state.units
                   for r in range(u.row - 1, u.row + 2) for c in range(u.col - 1, u.col + 2))


def destinations(state: State, piece: Unit, allowance: int,
                 covered: Counter[Pos] | None = None) -> Iterator[Move]:
    """Every MovePiece of ``piece`` that applies now (``covered`` is ``_covered(state)``)."""
    if covered is None:
        covered = _covered(state)
    start = (piece.col, piece.row)
    for pos in search(state.map_key, start, allowance, walls(state, piece)):
        if pos == start:
            continue
        own = abs(pos[0] - start[0]) <= 1 and abs(pos[1] - start[1]) <= 1
        if covered[pos] - own == 0 or blocker(state, piece, pos) is None:
            yield MovePiece(piece.id, pos[0], pos[1])
