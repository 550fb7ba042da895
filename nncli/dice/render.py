"""The Dice Game as text within 80 x 24: the progress board with prices, the event and bonus tile,
a standings line per player (VP, books, unused symbols, order), and one player's dice, chits and
board."""

from __future__ import annotations

from nncli.dice import engine, flow, scoring
from nncli.dice.content import SYMBOLS, Content, content
from nncli.dice.state import ACTIONS, CHANCE, CHOOSE, OVER, SLOT_LETTERS, Player, State
from nncli.game import BadNotation

WIDTH = 80
SHORT = {"gold": "G", "strength": "X", "stone": "S", "food": "F", "book": "B", "unrest": "U"}
ROMAN = ("I", "II", "III", "IV")
SOLO_GOALS = {  # a bonus tile's solo goal in short (its text is in help)
    "beat-famine": "famine + 1 food", "beat-war": "war + 1 strength",
    "beat-shadow": "shadow's roll + 1 book", "pass-double": "2 each",
    "all-taken": "pass when no pass-first tile is left",
}
ROW_LABEL = 3  # "r3 " before each row of the progress board
NAME_ROOM = 18  # the widest name (with its board) a standings line gives in full


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def who(state: State, seat: str) -> str:
    p = state.players[seat]
    board = content().boards[p.board].name if p.board else ""
    return f"{p.name} ({board})" if board else p.name


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, a cut marked with a full stop."""
    return text if len(text) <= width else text[:max(width - 1, 0)] + "."


def packed(head: str, items: list[str], width: int = WIDTH) -> list[str]:
    """``head`` and ``items`` in lines of at most ``width`` columns, the items separated by
    spaces and never split (a later line indented under the first item)."""
    lines, line = [], head
    indent = " " * len(head)
    for item in items:
        if line == head or line == indent:
            line += item
        elif len(line) + 1 + len(item) > width:
            lines.append(line)
            line = indent + item
        else:
            line += " " + item
    lines.append(line)
    return [fit(x, width) for x in lines]


def face_text(c: Content, colour: str, face: int) -> str:
    """``2G``, ``F``, ``U``: a die face in short."""
    shown = c.dice[colour].faces[face]
    return (f"{shown.count}" if shown.count > 1 else "") + SHORT[shown.symbol]


def board_lines(c: Content, state: State) -> list[str]:
    """The progress board, top row (3x) first, each tile with its price here; names in full
    where the column's width allows, else cut with a full stop."""
    cell = (WIDTH - 1 - ROW_LABEL) // state.columns
    head = " " * ROW_LABEL + "".join(f"{f'col {n} ':-<{cell - 1}} " for n in
                                     range(1, state.columns + 1))
    lines = [head.rstrip()]
    for row in (3, 2, 1):
        cells = []
        for col in range(1, state.columns + 1):
            key = state.board[(row - 1) * state.columns + col - 1]
            if not key:
                cells.append(f"{'-':<{cell}}")
                continue
            tile = c.tiles[key]
            price = f"{c.price(key, row)}{SHORT[tile.pays_in]}"
            name = fit(tile.name, cell - len(price) - 2)
            cells.append(f"{name:<{cell - len(price) - 1}}{price} ")
        lines.append(f"r{row} " + "".join(cells).rstrip())
    return lines


def unused_text(made: dict[str, int]) -> str:
    """``4G 0S 3F 2X 0B``: the unused symbols of a player, in fixed columns."""
    return " ".join(f"{made[s]:>2}{SHORT[s]}" for s in SYMBOLS)


def player_line(c: Content, state: State, seat: str, mover: str | None,
                name_room: int = NAME_ROOM) -> str:
    """One standings line: ``>`` for the mover, the order number, the name (and board, where
    both fit ``name_room``), VP (with the VP on tiles the final scoring will add), books, the
    unused symbols, the pass."""
    p = state.players[seat]
    mark = ">" if seat == mover else " "
    place = state.order.index(seat) + 1 if seat in state.order else 0
    tiles = f" {'+' + str(scoring.tile_vp(c, p)):>3} tiles" if state.phase != OVER else " " * 10
    passed = ""
    if p.passed:
        tile = c.pass_tiles.get(p.pass_tile)
        passed = " passed" + (f" +{scoring.pass_amount(c, state)}{SHORT[tile.symbol]}"
                              if tile else "")
    rolled = p.board and state.phase in (ACTIONS, OVER)  # no dice shown before the first roll
    made = unused_text(scoring.totals(c, state, p)) if rolled else ""
    name = who(state, seat) if len(who(state, seat)) <= name_room else fit(p.name, name_room)
    return (f"{mark}{place} {name:<{name_room}} {p.vp:>3} VP{tiles} {p.books:>3} books  {made}"
            f"{passed}").rstrip()


def standings(c: Content, state: State) -> list[str]:
    """A line per player in player order (the shadow's too, in solo), names as wide as the
    widest needs, up to ``NAME_ROOM``."""
    mover = engine.mover(state)
    seats = state.order or list(state.seats)
    room = min(NAME_ROOM, max([len(who(state, s)) for s in seats] + [6] * state.solo))
    lines = [player_line(c, state, s, mover, room) for s in seats]
    if state.solo:
        taken = " ".join(c.pass_tiles[t].name.lower() for t in state.shadow_taken)
        lines.append(f"   {'shadow':<{room}} {'':>16} {state.shadow_books:>3} books"
                     + (f"  took {taken}" if taken else ""))
    return lines


def dice_lines(c: Content, p: Player) -> list[str]:
    """The unused and used dice and chits of ``p``, wrapped within ``WIDTH`` at their items."""
    dice = [f"{k}:{face_text(c, d.colour, d.face)}{d.colour[0]}" for k, d in p.dice()
            if not d.used]
    used = [f"{k}:{face_text(c, d.colour, d.face)}" for k, d in p.dice() if d.used]
    chits = [ch.kind for ch in p.chits if not ch.used]
    spent = [ch.kind for ch in p.chits if ch.used]
    return [*packed("dice  ", (dice or ["-"]) + (["| used", *used] if used else [])),
            *packed("chits ", (chits or ["-"]) + (["| used", *spent] if spent else []))]


def mover_lines(c: Content, state: State, p: Player, *, unused: bool = True) -> list[str]:
    """The dice, chits, slots, advisor, wonders and owned tiles of ``p`` (and the unused
    totals with ``unused``), each list wrapped within ``WIDTH`` at its items."""
    slots = [f"{SLOT_LETTERS[i]}:{c.tiles[s.tile].name if s.tile else 'start'}"
             for i, s in enumerate(p.slots)]
    wonders = ", ".join(f"{c.tiles[w].name} ({c.tiles[w].build}S)" for w in p.wonders if w)
    lines = [
        *dice_lines(c, p),
        *packed("slots ", slots),
        fit(f"advisor {c.tiles[p.advisor].name if p.advisor else '-'}  wonder {wonders or '-'}",
            WIDTH),
    ]
    extra = [c.tiles[k].name + "," for k in p.colonies + p.built]
    if extra:
        extra[-1] = extra[-1].rstrip(",")
        lines += packed("owned ", extra)
    if unused:
        made = scoring.totals(c, state, p)
        lines.append("unused " + "  ".join(f"{s} {n}" for s, n in made.items()))
    return lines


LEGEND = """\
Prices: 3G is 3 gold, 2X 2 strength (colonies); r1 is the bottom row (1x), r3
the top (3x). Dice: a1:2Go is the first die of slot a, orange, showing two
gold; faces F food, G gold, S stone, X strength, B book, U Unrest; colours w
white, o orange, b blue, r red, g green; spent dice follow "| used".
Players: > marks the player to act, the number before a name the player order;
then VP, +N tiles (the VP their tiles will add at the end), books and the
unused symbols (4G 0S 3F 2X 0B). help TERM explains each word."""


def title(c: Content, state: State) -> str:
    name = "Nations: The Dice Game" + (" with Unrest" if state.unrest else "")
    return f"{name} - round {state.round} of {c.rules.rounds} (age {ROMAN[state.round - 1]})"


def header(c: Content, state: State, *, short: bool = False) -> list[str]:
    """The event, the bonus tile, the pass-first tiles left (and the boards open while they
    are chosen): ``short`` packs them in as few
    lines as fit (the bonus tile by name), else one line each (the bonus tile's text)."""
    parts = []
    if state.event:
        e = c.events[state.event]
        famine, war = scoring.famine_and_war(c, state)
        parts.append(f"event {e.name}: famine {famine} food ({e.famine_vp} VP), "
                     f"war {war} strength ({e.war_vp} VP)")
    if state.bonus:
        b = c.bonus_tiles[state.bonus]
        if short:
            parts.append(f"bonus {b.name}" + (f" (solo: {SOLO_GOALS[b.solo]})" if state.solo
                                               else ""))
        else:
            parts.append(f"bonus {b.name}: {b.solo_text if state.solo else b.text}")
    if state.unrest and state.pass_tiles:
        tiles = [t.removeprefix("pass-") if t else "-" for t in state.pass_tiles]
        where = "above columns 1-3" if state.solo else "left"
        parts.append(f"pass-first tiles {where}: {' '.join(tiles)}")
    if state.phase == CHOOSE:
        parts.append("boards open (help NAME): " + " ".join(flow.boards_open(c, state)))
    if not short:
        return [line for part in parts for line in packed("", part.split())]
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= WIDTH:
            lines[-1] += " | " + part
        else:
            lines.append(fit(part, WIDTH))
    return lines


def seat_named(state: State, name: str) -> str:
    """The seat of a player given by seat key or display name, case forgiven (BadNotation with
    a did-you-mean for a name that is no player's; while boards are chosen, the open sides
    are offered too, as ``board SIDE`` is also a move)."""
    wanted = "-".join(name.lower().split())
    names = {s: s for s in state.seats}
    names.update({"-".join(p.name.lower().split()): s for s, p in state.players.items()})
    if wanted in names:
        return names[wanted]
    import difflib  # only for the refusal: start-up stays fast

    sides = flow.boards_open(content(), state) if state.phase == CHOOSE else []
    close = difflib.get_close_matches(wanted, [*names, *sides], n=1)
    players = ", ".join(p.name for p in state.players.values())
    if close and close[0] in sides:
        raise BadNotation(f'"{name}" is not a player nor a board side still open; did you '
                          f'mean {close[0]} ("board {close[0]}" chooses it)?')
    raise BadNotation(f'"{name}" is not a player; ' + (
        f"did you mean {close[0]}?" if close else f"the players are {players}"))


def panel_parts(c: Content, state: State, centre: str | None) -> tuple[list[str], ...]:
    """The panels' parts: the standings; the dice, chits and board of ``centre`` (default: the
    mover), none before boards are chosen; the shadow's last roll (solo)."""
    players = standings(c, state)
    shown = centre or engine.mover(state)
    own = []
    if shown in state.players and state.players[str(shown)].board:
        own = mover_lines(c, state, state.players[str(shown)])
    return players, own, [fit(n, WIDTH) for n in state.news[-3:]]


def panels(c: Content, state: State, centre: str | None) -> list[str]:
    """The standings, then the dice, chits and board of ``centre`` (default: the mover)."""
    players, own, news = panel_parts(c, state, centre)
    head = [f"{who(state, str(centre or engine.mover(state)))}:"] if own else []
    return [*players, *([""] + head + own if own else []), *news]


def turn_screen(c: Content, state: State, centre: str | None, rows: int | None) -> list[str]:
    """The screen a player acts from, within ``rows`` lines (None: whole): the event and bonus
    tile, the progress board, the standings and the dice, chits and board of ``centre``
    (default: the mover). A short screen keeps the standings first, then the dice and chits,
    the progress board (its column heads, then row 1 up), the slots and the rest, shown in
    this order."""
    shown = centre or engine.mover(state)
    own: list[str] = []
    if shown in state.players and state.players[str(shown)].board:
        own = mover_lines(c, state, state.players[str(shown)], unused=False)
    board = board_lines(c, state) if state.board and any(state.board) else []
    blocks = [header(c, state, short=True), board, standings(c, state), own,
              [fit(n, WIDTH) for n in state.news[-1:]]]
    dice = range(len(dice_lines(c, state.players[str(shown)])) if own else 0)
    keep = [(2, i) for i in range(len(blocks[2]))] + [(3, i) for i in dice]
    keep += [(1, i) for i in (0, 3, 2, 1)[:len(board)]] + [(4, 0)] * bool(blocks[4])  # r1 first
    keep += [(3, i) for i in range(len(own)) if i not in dice]
    keep += [(0, i) for i in range(len(blocks[0]))]
    chosen = set(keep if rows is None else keep[:max(rows, 1)])
    return [line for b, block in enumerate(blocks) for i, line in enumerate(block)
            if (b, i) in chosen]


def render(state: State, color: bool, view: str = "all", size: tuple[int, int] | None = None,
           centre: str | None = None, player: str | None = None) -> str:
    """The game as text; ``view`` "all", "board" (with a status line; with a ``size``, the
    screen a player acts from), "panels" or "legend"; ``centre`` or ``player`` (a seat or a
    player's name) a player whose dice and board are shown instead of the mover's."""
    c = content()
    if player is not None or centre is not None:
        centre = seat_named(state, str(player if player is not None else centre))
    board = board_lines(c, state) if state.board and any(state.board) else []
    if view == "legend":
        lines = LEGEND.splitlines()
    elif view in ("board", "all") and size is not None:  # the banner gives the round
        lines = turn_screen(c, state, centre, size[1])
    elif view == "board":
        lines = [_bold(title(c, state), color), *header(c, state), *board, status(state)]
    elif view == "panels":
        lines = panels(c, state, centre)
    else:
        lines = [_bold(title(c, state), color), *header(c, state), *board, "",
                 *panels(c, state, centre), *report_lines(state), status(state)]
    if size is not None:
        columns, rows = size
        lines = [line[:columns] for line in lines[:max(rows, 1)]]
    return "\n".join(lines)


def report_lines(state: State) -> list[str]:
    """The last end of round's report, under a blank line (none before the first)."""
    return ["", *state.report] if state.report else []


def status(state: State) -> str:
    """One line: round, who is to move and what they must do, or the result."""
    c = content()
    if state.phase == OVER:
        winner = state.players[state.winner]
        if state.solo:
            return f"game over: {winner.name} scores {winner.vp} VP; {fame_text(c, state)}"
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


def fame_text(c: Content, state: State) -> str:
    """"Hall of Fame: Trajan" for the solo player's final VP, or "no Hall of Fame title"."""
    fame = scoring.title(c, state.unrest, state.players[state.seats[0]].vp)
    return f"Hall of Fame: {fame.title}" if fame else "no Hall of Fame title"
