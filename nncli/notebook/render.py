"""The board and the players' panels as text: ``render(state, color)``.

Each square is one character and a space, so the 24-column 2P board is 53 characters wide with
its row numbers on both sides. A building (3 wide, 2 high) shows its label on the top row (``th1``,
``ho2``) and its owner's mark on the bottom row (``===``); a unit (2 by 2) shows its type letter and
number (``m1``; a capital letter for a size-2 unit, ``av`` for the Avatar) over its owner's mark,
with ``z`` for a Stunned unit. With colour, each nation's pieces also get the nation's colour.
"""

from __future__ import annotations

import textwrap
from itertools import groupby

from nncli.notebook import content, economy
from nncli.notebook.content import MapDef
from nncli.notebook.geometry import column_letters, square_name
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


def _column_header(width: int) -> list[str]:
    """One line of column letters, or two when the map is wider than 26 columns."""
    names = [column_letters(c) for c in range(width)]
    depth = max(len(n) for n in names)
    return ["   " + " ".join(n.rjust(depth)[i] for n in names) for i in range(depth)]


def board_lines(state: State, color: bool) -> list[str]:
    """The map with column letters above and below and row numbers on both sides."""
    board = content.load().maps[state.map_key]
    grid = _terrain(state, board)
    _pieces(state, grid)
    header = _column_header(board.width)
    rows = [f"{r + 1:>2} {_row_text(state, cells, color)} {r + 1}" for r, cells in
            enumerate(grid)]
    return [*header, *rows, *header]


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


def render(state: State, color: bool) -> str:
    """The board, a legend, one panel per player and a status line; plain text without color."""
    lines = board_lines(state, color)
    marks = "  ".join(f"{_mark(state, p.nation)} {p.name}" for p in state.players)
    lines += ["", *LEGEND, f"owners: {marks}", ""]
    for player in state.players:
        lines += panel(state, player)
    lines += ["", _status(state)]
    return "\n".join(lines)
