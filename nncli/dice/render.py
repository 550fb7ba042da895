"""The Dice Game as text within 80 x 24: the progress board with prices, the event and bonus tile,
a line per player (VP, books, order), and the mover's dice, chits and board."""

from __future__ import annotations

from nncli.dice import engine, scoring
from nncli.dice.content import Content, content
from nncli.dice.state import CHANCE, OVER, SLOT_LETTERS, Player, State
from nncli.game import BadNotation

WIDTH = 80
CELL = 17
SHORT = {"gold": "G", "strength": "X", "stone": "S", "food": "F", "book": "B", "unrest": "U"}
ROMAN = ("I", "II", "III", "IV")


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def who(state: State, seat: str) -> str:
    p = state.players[seat]
    board = content().boards[p.board].name if p.board else ""
    return f"{p.name} ({board})" if board else p.name


def face_text(c: Content, colour: str, face: int) -> str:
    """``2G``, ``F``, ``U``: a die face in short."""
    shown = c.dice[colour].faces[face]
    return (f"{shown.count}" if shown.count > 1 else "") + SHORT[shown.symbol]


def board_lines(c: Content, state: State) -> list[str]:
    """The progress board, top row (3x) first, each tile with its price."""
    head = "      " + "".join(f"{'col ' + str(n):<{CELL}}" for n in range(1, state.columns + 1))
    lines = [head.rstrip()]
    for row in (3, 2, 1):
        mult = c.rules.row_multipliers[row - 1]
        cells = []
        for col in range(1, state.columns + 1):
            key = state.board[(row - 1) * state.columns + col - 1]
            if not key:
                cells.append(f"{'-':<{CELL}}")
                continue
            tile = c.tiles[key]
            price = f"{tile.cost * mult}{SHORT[tile.pays_in]}"
            cells.append(f"{tile.name[:CELL - len(price) - 2]:<{CELL - len(price) - 1}}"
                         f"{price} ")
        lines.append(f"r{row} {mult}x " + "".join(cells).rstrip())
    return lines


def player_line(c: Content, state: State, seat: str, mover: str | None) -> str:
    p = state.players[seat]
    mark = ">" if seat == mover else " "
    place = state.order.index(seat) + 1 if seat in state.order else 0
    flags = " passed" + (f" +{p.pass_tile.removeprefix('pass-')}" if p.pass_tile else "") \
        if p.passed else ""
    tiles = f" (+{scoring.tile_vp(c, p)} on tiles)" if state.phase != OVER else ""
    return f"{mark}{place} {who(state, seat):<22} VP {p.vp:>3}{tiles}  books {p.books:>2}{flags}"


def mover_lines(c: Content, state: State, p: Player) -> list[str]:
    unused = [f"{k}:{face_text(c, d.colour, d.face)}{d.colour[0]}" for k, d in p.dice()
              if not d.used]
    used = [f"{k}:{face_text(c, d.colour, d.face)}" for k, d in p.dice() if d.used]
    chits = [ch.kind for ch in p.chits if not ch.used]
    spent = [ch.kind for ch in p.chits if ch.used]
    slots = " ".join(f"{SLOT_LETTERS[i]}:{c.tiles[s.tile].name if s.tile else 'start'}"
                     for i, s in enumerate(p.slots))
    wonders = ", ".join(f"{c.tiles[w].name} ({c.tiles[w].build}S)" for w in p.wonders if w)
    lines = [
        f"dice   {' '.join(unused) or '-'}" + (f"  | used {' '.join(used)}" if used else ""),
        f"chits  {' '.join(chits) or '-'}" + (f"  | used {' '.join(spent)}" if spent else ""),
        f"slots  {slots}",
        f"advisor {c.tiles[p.advisor].name if p.advisor else '-'}  wonder {wonders or '-'}",
    ]
    extra = [c.tiles[k].name for k in p.colonies + p.built]
    if extra:
        lines.append(f"owned  {', '.join(extra)}")
    made = scoring.totals(c, state, p)
    lines.append("unused " + "  ".join(f"{s} {n}" for s, n in made.items()))
    return [line[:WIDTH] for line in lines]


LEGEND = """\
Prices: G gold, X strength (colonies); row 1 is the bottom row (1x), row 3 the top (3x).
Dice: a1:2Go is the first die of slot a, an orange die showing two gold; faces F food, G gold,
S stone, X strength, B book, U Unrest; colours w white, o orange, b blue, r red, g green.
> marks the player to act; the number before a name is the player order."""


def header(c: Content, state: State, color: bool) -> list[str]:
    title = "Nations: The Dice Game" + (" with Unrest" if state.unrest else "")
    lines = [_bold(f"{title} - round {state.round} of {c.rules.rounds} "
                   f"(age {ROMAN[state.round - 1]})", color)]
    if state.event:
        e = c.events[state.event]
        famine, war = scoring.famine_and_war(c, state)
        lines.append(f"event {e.name}: famine {famine} food ({e.famine_vp} VP), "
                     f"war {war} strength ({e.war_vp} VP)")
    if state.bonus:
        b = c.bonus_tiles[state.bonus]
        lines.append(f"bonus {(b.solo_text if state.solo else b.text)}"[:WIDTH])
    if state.unrest and state.pass_tiles:
        tiles = [t.removeprefix("pass-") if t else "-" for t in state.pass_tiles]
        where = "above columns 1-3" if state.solo else "left"
        lines.append(f"pass-first tiles {where}: {' '.join(tiles)}" + (
            f"  shadow books {state.shadow_books}" if state.solo else ""))
    elif state.solo:
        lines.append(f"shadow books {state.shadow_books}")
    return lines


def panel_parts(c: Content, state: State, centre: str | None) -> tuple[list[str], ...]:
    """The panels' parts: a line per player; the dice, chits and board of ``centre`` (default:
    the mover), none before boards are chosen; the last news."""
    mover = engine.mover(state)
    players = [player_line(c, state, s, mover) for s in (state.order or state.seats)]
    shown = centre or mover
    own = []
    if shown in state.players and state.players[str(shown)].board:
        own = mover_lines(c, state, state.players[str(shown)])
    return players, own, [n[:WIDTH] for n in state.news[-3:]]


def panels(c: Content, state: State, centre: str | None) -> list[str]:
    """A line per player, then the dice, chits and board of ``centre`` (default: the mover)."""
    players, own, news = panel_parts(c, state, centre)
    return [*players, *([""] + own if own else []), *news]


def turn_lines(c: Content, state: State, centre: str | None) -> list[str]:
    """What a player needs to act, most needed first (a short screen cuts from the end): the
    dice, chits and board of ``centre`` (default: the mover), a line per player, the news."""
    players, own, news = panel_parts(c, state, centre)
    return [*own, *players, *news]


def render(state: State, color: bool, view: str = "all", size: tuple[int, int] | None = None,
           centre: str | None = None) -> str:
    """The game as text; ``view`` "all", "board" (with a status line; cut to a ``size``, the
    screen a player acts from: the board, their dice and a line per player), "panels" or "legend";
    ``centre`` a seat whose dice and board are shown instead of the mover's."""
    c = content()
    if centre is not None and centre not in state.players:
        raise BadNotation(f'"{centre}" is not a player; the players are '
                          f"{', '.join(state.seats)}")
    board = board_lines(c, state) if state.board and any(state.board) else []
    if view == "legend":
        lines = LEGEND.splitlines()
    elif view == "board" and size is not None:  # the banner and the toolbar give the round
        lines = [*header(c, state, color)[1:], *board, *turn_lines(c, state, centre)]
    elif view == "board":
        lines = [*header(c, state, color), *board, status(state)]
    elif view == "panels":
        lines = panels(c, state, centre)
    else:
        lines = [*header(c, state, color), *board, "", *panels(c, state, centre), status(state)]
    if size is not None:
        columns, rows = size
        lines = [line[:columns] for line in lines[:max(rows, 1)]]
    return "\n".join(lines)


def status(state: State) -> str:
    """One line: round, who is to move and what they must do, or the result."""
    c = content()
    if state.phase == OVER:
        winner = state.players[state.winner]
        if state.solo:
            fame = scoring.title(c, state.unrest, winner.vp)
            rank = f"Hall of Fame: {fame.title}" if fame else "no Hall of Fame title"
            return f"game over: {winner.name} scores {winner.vp} VP; {rank}"
        return f"game over: {who(state, state.winner)} wins with {winner.vp} VP"
    mover = engine.mover(state)
    if mover == CHANCE:
        return f"round {state.round}: chance is drawing"
    assert mover is not None
    p = state.players[mover]
    if state.phase == "choose":
        return f"round {state.round}: {p.name} chooses a board"
    if engine.unrest_showing(c, p):
        return f"round {state.round}: {p.name} has Unrest: unrest reroll or unrest set-aside"
    extra = " (extra turn after a star reroll)" if state.extra_turn else ""
    return f"round {state.round}: {who(state, mover)} to act{extra}; VP {p.vp}, books {p.books}"
