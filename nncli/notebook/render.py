"""The board and the players' panels as text: ``render(state, color)``.

``render(state, color, view=..., size=..., centre=...)`` gives one part (the board, the panels or
the legend), and with a size only the window of the map that fits it, around the mover's pieces
or a chosen square.

Each square is one character and a space, so the 24-column 2P board is 53 characters wide with
its row numbers on both sides. A building (3 wide, 2 high) shows its label on the top row (``th1``,
``ho2``) and its owner's mark on the bottom row (``===``); a unit (2 by 2) shows its type letter and
number (``m1``; a capital letter for a size-2 unit, ``av`` for the Avatar) over its owner's mark,
with ``z`` for a Stunned unit. With colour, each nation's pieces also get the nation's colour.
"""

from __future__ import annotations

import difflib
import textwrap
from itertools import groupby

from nncli.game import BadNotation
from nncli.notebook import content, economy
from nncli.notebook.content import MapDef
from nncli.notebook.geometry import Rect, column_letters, parse_square, square_name
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, Building, Player, State, Unit

MARKS = "=#+%"  # owner marks, by seat (players in setup order)
STUNNED = "z"
BUILDING_LABELS = {
    "town-hall": "th", "house": "ho", "barracks": "ba", "market": "ma", "university": "un",
    "temple": "te", "siegeworks": "sw", "wonder": "wo", "mining-camp": "mi",
    "lumber-camp": "lu", "food-camp": "fc", "unique": "cr",
}
UNIT_LABELS = {"melee": "m", "ranged": "r", "cavalry": "c", "magic": "x", "siege": "s"}
TERRAIN_SHOWN = {"2": ".", "3": ".", "4": ".", "E": "."}  # start zones are plain ground
RESET = "\x1b[0m"
NATION_COLORS = {"mushroom": "\x1b[1;97;41m", "thimble": "\x1b[1;97;44m",
                 "humming": "\x1b[1;30;43m", "seed": "\x1b[1;30;42m"}
TERRAIN_COLORS = {"~": "\x1b[34m", "w": "\x1b[1;34m", "T": "\x1b[32m", "M": "\x1b[37m",
                  "h": "\x1b[33m", "n": "\x1b[35m", "g": "\x1b[33m", "S": "\x1b[1;35m",
                  "E": "\x1b[1;36m", ".": "\x1b[2m"}
LEGEND = (
    "map: . ground ~ water w fish T forest M mountain h/n/g food S source E encounter",
    "buildings: th town hall  ho house  ba barracks  ma market  un university",
    "  te temple  sw siegeworks  wo wonder  mi mine  lu lumber  fc food  cr unique",
    "units: m melee  r ranged  c cavalry  x magic  s siege  (capital: size 2)",
    "  av avatar; bottom row: owner's mark, z when stunned; ids: see the panels",
)

Cell = tuple[str, str]  # (character, owner nation or "" for terrain)


def _terrain(state: State, board: MapDef) -> list[list[Cell]]:
    tokens = set(state.tokens)
    grid = [[(TERRAIN_SHOWN.get(ch, ch), "") for ch in line] for line in board.rows]
    for col, row in tokens:
        grid[row][col] = ("E", "")
    return grid


def _mark(state: State, owner: str) -> str:
    seats = [p.nation for p in state.players]
    return MARKS[seats.index(owner) % len(MARKS)]


def _number(piece_id: str) -> str:
    return piece_id.lstrip("abcdefghijklmnopqrstuvwxyz")


def building_label(building: Building) -> str:
    """``house1`` -> ``ho1``: two letters of its type and its number, three characters."""
    number = _number(building.id)
    letters = BUILDING_LABELS.get(building.key, building.key)
    return (letters[:3 - len(number)] + number)[-3:]


def unit_label(unit: Unit) -> str:
    """``melee1`` -> ``m1`` (``M1`` at size 2); the Avatar is ``av``."""
    if unit.is_avatar:
        return "av"
    letter = UNIT_LABELS.get(unit.key, unit.key[:1])
    return ((letter.upper() if unit.size == 2 else letter) + _number(unit.id))[-2:]


def _paint(grid: list[list[Cell]], col: int, row: int, text: str, owner: str) -> None:
    for i, ch in enumerate(text):
        if 0 <= row < len(grid) and 0 <= col + i < len(grid[row]):
            grid[row][col + i] = (ch, owner)


def _pieces(state: State, grid: list[list[Cell]]) -> None:
    """Draw the buildings, then the units and Avatars over them."""
    for b in state.buildings:
        _paint(grid, b.col, b.row, building_label(b), b.owner)
        _paint(grid, b.col, b.row + 1, _mark(state, b.owner) * 3, b.owner)
    for u in state.units:
        bottom = _mark(state, u.owner) + (STUNNED if u.stunned else _mark(state, u.owner))
        _paint(grid, u.col, u.row, unit_label(u), u.owner)
        _paint(grid, u.col, u.row + 1, bottom, u.owner)


def _color_of(state: State, cell: Cell) -> str:
    ch, owner = cell
    if not owner:
        return TERRAIN_COLORS.get(ch, "")
    return NATION_COLORS.get(owner, "")


def _row_text(state: State, cells: list[Cell], color: bool) -> str:
    """One map row; with colour, each run of cells of one colour gets one escape code."""
    if not color:
        return " ".join(ch for ch, _ in cells)
    runs = []
    for code, group in groupby(cells, key=lambda cell: _color_of(state, cell)):
        text = " ".join(ch for ch, _ in group)
        runs.append(f"{code}{text}{RESET}" if code else text)
    return " ".join(runs)


def _column_header(columns: range) -> list[str]:
    """One line of column letters, or two when a column is past z."""
    names = [column_letters(c) for c in columns]
    depth = max(len(n) for n in names)
    return ["   " + " ".join(n.rjust(depth)[i] for n in names) for i in range(depth)]


def _grid(state: State) -> list[list[Cell]]:
    """The map's cells with every piece drawn."""
    grid = _terrain(state, content.load().maps[state.map_key])
    _pieces(state, grid)
    return grid


def _rows(state: State, grid: list[list[Cell]], rows: range, columns: range,
          color: bool) -> list[str]:
    """Map rows ``rows`` cut to ``columns``, with row numbers on both sides."""
    return [f"{r + 1:>2} {_row_text(state, grid[r][columns.start:columns.stop], color)} {r + 1}"
            for r in rows]


def board_lines(state: State, color: bool) -> list[str]:
    """The map with column letters above and below and row numbers on both sides."""
    board = content.load().maps[state.map_key]
    header = _column_header(range(board.width))
    rows = _rows(state, _grid(state), range(board.height), range(board.width), color)
    return [*header, *rows, *header]


MIN_WINDOW = 3  # the fewest map rows and columns a window shows


def _span(middle: int, count: int, total: int) -> range:
    """``count`` of ``total`` places centred on ``middle`` as far as the edges allow."""
    count = min(count, total)
    start = max(0, min(total - count, middle - count // 2))
    return range(start, start + count)


def _focus(state: State, rows: int, columns: int) -> tuple[int, int]:
    """The square the window centres on: the middle of the mover's pieces when they fit in it,
    else the mover's Avatar; the middle of the map once nobody is to move."""
    board = content.load().maps[state.map_key]
    rects: list[Rect] = [b.rect for b in state.buildings if b.owner == state.mover]
    rects += [u.rect for u in state.units if u.owner == state.mover]
    if not rects:
        return board.width // 2, board.height // 2
    left, top = min(r.col for r in rects), min(r.row for r in rects)
    right, bottom = max(r.right for r in rects), max(r.bottom for r in rects)
    if right - left < columns and bottom - top < rows:
        return (left + right + 1) // 2, (top + bottom + 1) // 2
    avatar = state.avatar(state.mover).rect
    return avatar.col + 1, avatar.row + 1


def centre_square(state: State, text: str) -> tuple[int, int]:
    """The map square ``text`` names (``k12``), or BadNotation."""
    board = content.load().maps[state.map_key]
    square = parse_square(text)
    if square is None or not (0 <= square[0] < board.width and 0 <= square[1] < board.height):
        last = square_name(board.width - 1, board.height - 1)
        raise BadNotation(f"'{text}' is not a square of this map (a1 to {last})")
    return square


def _fits(board: MapDef, size: tuple[int, int]) -> bool:
    """Whether the whole map with its letters and numbers fits ``size`` (columns, lines)."""
    depth = 1 if board.width <= 26 else 2
    return 2 * board.width + 5 <= size[0] and board.height + 2 * depth <= size[1]


def window_lines(state: State, color: bool, size: tuple[int, int],
                 centre: tuple[int, int] | None = None) -> list[str]:
    """As much of the map as fits ``size`` (columns, lines), around ``centre`` or the mover's
    pieces, with a line saying which part it is; all of the map when it fits."""
    board = content.load().maps[state.map_key]
    columns, lines = size
    if _fits(board, size):
        return board_lines(state, color)
    shown_columns = max(MIN_WINDOW, (columns - 5) // 2)  # each square 2 wide, numbers 3 + 2
    depth = 1 if board.width <= 26 else 2
    shown_rows = max(MIN_WINDOW, lines - depth - 1)
    col, row = centre or _focus(state, shown_rows, shown_columns)
    rows = _span(row, shown_rows, board.height)
    cols = _span(col, shown_columns, board.width)
    header = _column_header(cols)
    parts = [f"rows {rows.start + 1}-{rows.stop} of 1-{board.height}"] if len(rows) < board.height \
        else []
    if len(cols) < board.width:
        parts.append(f"columns {column_letters(cols.start)}-{column_letters(cols.stop - 1)} of "
                     f"a-{column_letters(board.width - 1)}")
    where = ", ".join(parts)
    caption = f"{where} (board SQUARE, board full)"
    if len(caption) > columns:
        caption = where
    return [*header, *_rows(state, _grid(state), rows, cols, color), caption]


def _nation_name(nation: str) -> str:
    return content.load().nations[nation].name


WHO = "{name} ({nation})"  # Ann (Mushroom Tribes)


def player_name(player: Player, form: str) -> str:
    """The player in ``form`` (``"{name} ({nation})"``...), or just the nation's name when the
    player has no other."""
    nation = _nation_name(player.nation)
    return nation if player.name == nation else form.format(name=player.name, nation=nation)


def _status(state: State) -> str:
    head = f"Round {state.round}"
    if state.phase == PHASE_OVER:
        winner = state.player(state.winner) if state.winner else None
        who = f"{player_name(winner, WHO)} wins" if winner else "no winner"
        return f"{head}, game over: {who}."
    phase = "initiative phase" if state.phase == PHASE_INITIATIVE else "actions"
    return f"{head}, {phase}: {player_name(state.player(state.mover), WHO)} to act. " \
        f"Goal {state.vp_goal} VP."


def _income_text(state: State, player: Player) -> str:
    """What the Income Step gives the player; the solo AI gains Science and Culture only."""
    got = economy.income(state, player.nation)
    tracks = f"+{got.science}sci +{got.culture}cul"
    if player.controller == "ai":  # Rules: SOLO-11
        return tracks
    return f"+{got.food}F +{got.wood}W +{got.gold}G {tracks}"


def _pieces_text(state: State, nation: str) -> str:
    buildings = [f"{b.id}@{square_name(b.col, b.row)}" for b in state.buildings
                 if b.owner == nation]
    units = [f"{u.id}{'(stunned)' if u.stunned else ''}@{square_name(u.col, u.row)}"
             for u in state.units if u.owner == nation]
    return "pieces: " + ", ".join(buildings + units)


def named_player(state: State, name: str) -> Player:
    """The player ``name`` names: a nation key or a player's name, case forgiven; else
    BadNotation with the closest name, or the list of them."""
    names = {p.nation: p for p in state.players} | {p.name.lower(): p for p in state.players}
    wanted = name.strip().lower()
    if wanted in names:
        return names[wanted]
    close = difflib.get_close_matches(wanted, list(names), n=1)
    hint = f"did you mean {close[0]}?" if close else f"try {', '.join(sorted(names))}."
    raise BadNotation(f"no player '{name}'; {hint}")


def standing(state: State, p: Player) -> str:
    """One line on a player for the mover's screen: VP and resources (``>`` the player to act)."""
    pointer = ">" if p.nation == state.mover else " "
    return (f"{pointer}[{_mark(state, p.nation)}] {player_name(p, '{name} ({nation})')[:26]:<26} "
            f"VP {p.vp:>2}  food {p.food:>2} wood {p.wood:>2} gold {p.gold:>2} "
            f"sci {p.science:>2} cul {p.culture:>2}")


def panel(state: State, player: Player) -> list[str]:
    """A few lines about one player (``>`` marks the player to act): VP, resources, income..."""
    p = player
    pointer = ">" if p.nation == state.mover else " "
    hand = ", ".join(f"{i} {tile}" for i, tile in enumerate(p.hand, 1)) or "none"
    lines = [
        f"{pointer}[{_mark(state, p.nation)}] {player_name(p, '{name}, {nation}')} ({p.nation})  "
        f"VP {p.vp} (military {p.vp_military}, science {p.vp_science}, culture {p.vp_culture})",
        f"  food {p.food}  wood {p.wood}  gold {p.gold}  source {p.source}  |  science "
        f"{p.science}  culture {p.culture}  |  initiative {p.initiative or '-'}",
        f"  income per turn {_income_text(state, p)}  |  hand: {hand}",
        f"  research: {', '.join(p.research) or 'none'}",
        f"  {_pieces_text(state, p.nation)}",
    ]
    return [wrapped for line in lines
            for wrapped in textwrap.wrap(line, 79, subsequent_indent="    ")]


def legend_lines(state: State) -> list[str]:
    """What the map's characters mean, and each player's owner mark."""
    marks = "  ".join(f"{_mark(state, p.nation)} {p.name}" for p in state.players)
    return [*LEGEND, f"owners: {marks}"]


VIEWS = ("all", "board", "panels", "legend")


def render(state: State, color: bool, *, view: str = "all", size: tuple[int, int] | None = None,
           centre: str | None = None, player: str | None = None) -> str:
    """One view of the game; plain text without color.

    ``all``: the board, a legend, one panel per player and a status line; ``board``: the board
    and the status line; ``panels`` (only ``player``'s panel when one is named); ``legend``.
    With ``size`` (columns, lines) the board is the window of the map that fits it, around the
    square ``centre`` or the mover's pieces.
    """
    if view not in VIEWS:
        raise BadNotation(f"there is no view '{view}'; the views are {', '.join(VIEWS)}")
    if player is not None:
        return "\n".join(panel(state, named_player(state, player)))
    middle = centre_square(state, centre) if centre else None
    if size is None:
        board = board_lines(state, color)
    elif view == "all":  # the mover's screen: the standings and the status line below the map
        board = window_lines(state, color, (size[0], size[1] - 1 - len(state.players)), middle)
        standings = [standing(state, p)[: size[0]] for p in state.players]
        return "\n".join([*board, *standings, _status(state)])
    else:  # the status line takes one of the lines
        board = window_lines(state, color, (size[0], size[1] - 1), middle)
    if view == "board":
        return "\n".join([*board, _status(state)])
    if view == "legend":
        return "\n".join(legend_lines(state))
    panels = [line for player in state.players for line in panel(state, player)]
    if view == "panels":
        return "\n".join(panels)
    return "\n".join([*board, "", *legend_lines(state), "", *panels, "", _status(state)])
