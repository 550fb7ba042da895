"""The game as text: the round, the progress board, a nation's player board, one standings line
per nation, and what the last automatic steps did; the REPL's screen fits the size it is given
(80x21 with five nations), every card named in full where its cell has room."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from nncli.game import BadNotation
from nncli.nations import engine, flow, live, scoring
from nncli.nations.content import Content
from nncli.nations.describe import ROMAN
from nncli.nations.state import ACTION, GROWTH, OVER, Nation, State

WIDTH, HEIGHT = 80, 24
NAME_ROOM = 15  # a standings line's nation name
REPORT_ROOM = 8  # nncli show: the last report's lines at most (the screen gives way)
KIND = {"building": "bld", "military": "mil", "colony": "col", "advisor": "adv",
        "wonder": "wnd", "war": "war", "battle": "btl", "golden_age": "gold"}
PHASE_NAMES = {GROWTH: "maintenance: growth", ACTION: "action", OVER: "game over"}


def bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def country(key: str) -> str:
    """``Greece``: the nation's name in the data."""
    from nncli.nations.content import load

    return str(load().rules["nations"].get(key, key))


def who(nation: Nation) -> str:
    """``Greece (Ben)``, or ``Greece`` when the player has no other name."""
    name = country(nation.key)
    return name if nation.name == name else f"{name} ({nation.name})"


def short_who(nation: Nation, room: int) -> str:
    """``who`` within ``room`` columns: the player's name cut short (``Greece (Benj.)``), or
    the nation alone."""
    full = who(nation)
    if len(full) <= room:
        return full
    name = country(nation.key)
    keep = room - len(name) - 4  # " (" + "." + ")"
    return f"{name} ({nation.name[:keep]}.)" if keep >= 2 else name[:room]


def books_text(books: int, lap: int) -> str:
    """``52 (50+2)``: past ``lap`` books a nation holds a 50 Book token and the track counts on
    from 1 (``101 (2x50+1)`` with two); ``52`` alone at or below ``lap``."""
    if books <= lap:
        return str(books)
    tokens = (books - 1) // lap
    token = f"{lap}" if tokens == 1 else f"{tokens}x{lap}"
    return f"{books} ({token}+{books - tokens * lap})"


def books_of(content: Content, nation: Nation) -> str:
    """The nation's books with its 50 Book tokens (``books_text``)."""
    return books_text(nation.books, int(content.rules["book_lap"]))


def round_label(state: State) -> str:
    """``round 3 (II-A, Middle Ages)``."""
    from nncli.nations.content import load

    era_name = load().rules["era_names"][state.era - 1]
    return f"round {state.round} ({ROMAN[state.era]}-{'AB'[(state.round - 1) % 2]}, {era_name})"


def status(state: State) -> str:
    """One line: round, phase, who is to move and that nation's stock."""
    if state.phase == OVER:
        total = state.scores[state.winner]["total"]
        return f"{round_label(state)}, game over: {who(state.nations[state.winner])} wins " \
               f"with {total} VP"
    key = flow.mover(state)
    if key == flow.CHANCE:
        return f"{round_label(state)}: chance draws ({state.phase})"
    n = state.nations[key]
    books = books_of(engine.content_of(state), n)
    return (f"{who(n)} to play: {round_label(state)}, {PHASE_NAMES[state.phase]} | "
            f"food {n.food} stone {n.stone} gold {n.gold} books {books} | VP {n.vp}")


def acting(state: State) -> str:
    """Who acts now, the last line of ``nncli show`` as in the other games: "round 1 (I-A,
    Antiquity), growth: Greece (Ann) to act." (or who won, or the chance draw due)."""
    key = flow.mover(state)
    if state.phase == OVER or key == flow.CHANCE:
        return status(state)
    return f"{round_label(state)}, {PHASE_NAMES[state.phase]}: {who(state.nations[key])} to act."


def cell_name(name: str, width: int, lines: int) -> list[str]:
    """``name`` in at most ``lines`` lines of ``width``, broken at words; a word too long for
    the cell, or the last line when the whole does not fit, cut with a dot (the short form)."""
    wrapped = textwrap.wrap(name, width, break_long_words=False) or [""]
    parts = [part if len(part) <= width else part[: width - 1] + "." for part in wrapped]
    if len(parts) <= lines:
        return parts
    rest = " ".join(wrapped[lines - 1 :])
    return [*parts[: lines - 1], rest[: width - 1].rstrip() + "."]


def board_lines(state: State, content: Content, width: int = WIDTH, tall: bool = True) -> list[str]:
    """The progress board: a row per price, each card's name (on two lines if it needs them)
    above its type and era (``wnd I``); not ``tall``, two lines a row: a name that needs two
    lines takes its type's line."""
    cell = max(6, (width - 2) // max(state.columns, 1) - 1)
    head = "  " + "".join(f" {c + 1:<{cell}}" for c in range(state.columns))
    lines = [head.rstrip()]
    for r, row in enumerate(state.board):
        cards = [content.cards.get(card_id) if card_id else None for card_id in row]
        names = [cell_name(card.name if card else ".", cell, 2) for card in cards]
        depth = max(len(parts) for parts in names) if tall else 1
        texts = [[*parts, *[""] * (depth - len(parts))] for parts in names]
        texts = [parts if len(parts) > depth else
                 [*parts, f"{KIND[card.type]} {ROMAN[card.era]}" if card else ""]
                 for parts, card in zip(texts, cards, strict=True)]
        price = f"{content.rules['row_cost'][r]}g"
        heads = [f"{r + 1} ", price, *["  "] * depth]
        for line in range(depth + 1):
            lines.append(heads[line] + "".join(f" {t[line]:<{cell}}" for t in texts))
    return [line.rstrip() for line in lines]


def pack(parts: list[str], width: int, sep: str = " | ") -> list[str]:
    """``parts`` joined by ``sep`` into lines of ``width``, a line broken only between parts
    (a part longer than a line is broken at its words)."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + len(sep) + len(part) <= width:
            lines[-1] += sep + part
        else:
            lines += textwrap.wrap(part, width, subsequent_indent="  ")
    return lines


def wonder_text(content: Content, nation: Nation, named: Callable[[str], str]) -> str:
    """``Pyramids 1/3 (next 4 stone)``, or ``none``."""
    if not nation.wonder:
        return "none"
    w = content.cards[nation.wonder]
    text = f"{named(w.id)} {nation.built}/{len(w.sections)}"
    if nation.built < len(w.sections):
        text += f" (next {w.sections[nation.built]} stone)"
    return text


def nation_board(
    state: State, content: Content, nation: Nation, width: int = WIDTH, short: int = 0
) -> list[str]:
    """The player board: workers, slots with workers, advisor, colonies, wonders, and the
    covered cards. For a small screen, ``short`` 1 counts the covered cards instead of
    naming them, and 2 also cuts every name to 10 letters."""
    def named(card_id: str) -> str:
        name = content.cards[card_id].name
        return name if short < 2 or len(name) <= 10 else name[:9] + "."

    head = (f"{who(nation)}: workers idle {nation.idle}, on track {nation.population} | "
            f"strength {live.strength(content, nation)} "
            f"stability {live.stability(content, nation)}")
    slots = [f"{named(s.card)}[{s.workers}]" for s in nation.slots]
    extras = [f"advisor {named(nation.advisor) if nation.advisor else 'none'}",
              f"colonies {', '.join(named(c) for c in nation.colonies) or 'none'}",
              f"wonder {wonder_text(content, nation, named)}",
              f"done {', '.join(named(w) for w in nation.wonders) or 'none'}"]
    if nation.covered and short:
        extras.append(f"covered {len(nation.covered)} (see panels)")
    slots = [f"slots: {slots[0]}", *slots[1:]] if slots else ["slots: none"]
    lines = [head, *pack(slots, width, "  "), *pack(extras, width)]
    if nation.covered and not short:
        covered = ", ".join(named(c) for c in nation.covered)
        lines += textwrap.wrap(f"covered (they never work again): {covered}", width)
    return lines


def full_board(state: State, content: Content, nation: Nation) -> list[str]:
    """A nation's player board and stock in full (``panels NAME``)."""
    books = books_of(content, nation)
    difficulty = f"difficulty {nation.difficulty}"
    stock = (f"  food {nation.food} stone {nation.stone} gold {nation.gold} books {books} | "
             f"VP {nation.vp} | {difficulty}")
    if nation.passed and state.phase == ACTION:
        stock += f" | passed {nation.passed}"
    cost = live.population_cost(content, nation, "food")
    upkeep = live.population_cost(content, nation, "stability")
    track = (f"  population track: {nation.population} workers left; its open spaces cost "
             f"{cost} food a production and {upkeep} stability")
    return [*nation_board(state, content, nation), *textwrap.wrap(stock, WIDTH),
            *textwrap.wrap(track, WIDTH, subsequent_indent="  ")]


def summary_line(
    state: State, content: Content, place: int, key: str, width: int = WIDTH
) -> str:
    """``1>Persia (Ann)     VP  7 books 52 (50+2) str  1 stb -2 | F  3 S  3 G  3 | passed 2``
    (``>`` marks the nation to move)."""
    n = state.nations[key]
    vp = state.scores[key]["total"] if state.phase == OVER else n.vp  # once over, the total
    mark = ">" if key == flow.mover(state) else " "
    passed = f"passed {n.passed}" if n.passed and state.phase == ACTION else ""
    line = (f"{place}{mark}{short_who(n, NAME_ROOM):<{NAME_ROOM}} VP {vp:>3} "
            f"books {books_of(content, n):<10} "
            f"str{live.strength(content, n):>3} stb{live.stability(content, n):>3} | "
            f"F{n.food:>2} S{n.stone:>2} G{n.gold:>2} {passed}")
    return line.rstrip()[:width]


def score_lines(state: State, content: Content) -> list[str]:
    """The final score pad."""
    lines = ["final score    tokens colonies wonders workers resources  total"]
    for key in state.order:
        s = state.scores[key]
        lines.append(f"{who(state.nations[key])[:14]:<14} " + " ".join(
            f"{s[c]:>{len(c)}}" for c in scoring.CATEGORIES) + f" {s['total']:>6}")
    if state.solo:
        total = state.scores[state.seats[0]]["total"]
        lines.append(f"solo rank: {scoring.solo_rank(content, total)}")
    return lines


def table_parts(state: State, content: Content, short: int) -> list[str]:
    """``event Pax Romana``, ``architects 2``, ``war Punic War at strength 3`` (and the solo
    rival's tile); shorter words with ``short`` 1, names cut to 12 letters with 2, the war
    without its name (the board shows it) with 3, and the event's cut to 8 with 4."""
    def cut(name: str) -> str:
        most = 8 if short >= 4 else 12
        return name if short < 2 or len(name) <= most else name[:most - 1].rstrip() + "."

    event = cut(content.events[state.event].name) if state.event else "none yet"
    war = "none"
    if state.war:
        at = "at" if short else "at strength"
        war = f"{cut(content.cards[state.war].name)} {at} {state.war_strength}" if short < 3 \
            else f"at {state.war_strength}"
    parts = [f"event {event}", f"{'arch' if short else 'architects'} {state.architects}",
             f"war {war}"]
    if state.solo and state.tile:
        t = content.tiles[state.tile]
        parts.append(f"rival str {t.strength} stb {t.stability} {'bk' if short >= 3 else 'books'}"
                     f" {t.books}")
    return parts


def banner(state: State, content: Content, width: int) -> str:
    """Who is to play, the round, the phase and the shared boards in one line of ``width``:
    the fullest form that fits, then shorter ones."""
    if state.phase == OVER:  # who won, not the shared boards
        line = status(state)
        return line if len(line) <= width else line[line.index("game over"):][:width]
    phase = PHASE_NAMES.get(state.phase, state.phase).replace("maintenance: ", "")
    era = f"{ROMAN[state.era]}-{'AB'[(state.round - 1) % 2]}"
    key = flow.mover(state)
    mover = who(state.nations[key]) if key in state.nations else key or "game over"
    brief = short_who(state.nations[key], 12) if key in state.nations else mover
    heads = [f"{mover} to play: {round_label(state)}, {phase}",
             f"{mover}: round {state.round} ({era}) {phase}",
             f"{brief}: r{state.round} {phase}", f"r{state.round} {phase}"]
    for head, short in ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (3, 4)):
        line = " | ".join([heads[head], *table_parts(state, content, short)])
        if len(line) <= width:
            return line
    return line[:width]


def screen(state: State, content: Content, shown: str, width: int, height: int) -> list[str]:
    """The screen to act from within ``width`` x ``height``: the banner, the progress board,
    the shown nation's board and one standings line per nation. What gives way when room is
    short: the covered cards' names, then the player board's full names, then the progress
    board's type line under a two-line name and its column numbers, then the player board's
    last lines, then the progress board's last lines; the banner and the standings stay."""
    standings = standings_lines(state, content, width)
    top = [banner(state, content, width)]
    board = board_lines(state, content, width) if state.board else []
    nation = state.nations[shown]
    tries = [(board, 0), (board, 1), (board, 2)]
    if board:
        compact = board_lines(state, content, width, tall=False)
        tries += [(compact, 1), (compact, 2), (compact[1:], 2)]  # [1:]: no column numbers
    for board, short in tries:
        mine = nation_board(state, content, nation, width, short)
        room = height - len(top) - len(board) - len(standings)
        if len(mine) <= room:
            break
    if room < 0:  # the standings before the board's last rows
        board = board[: max(height - len(top) - len(standings), 0)]
    lines = [*top, *board, *mine[: max(room, 0)], *standings]
    return [line[:width] for line in lines[:height]]


def standings_lines(state: State, content: Content, width: int) -> list[str]:
    """The screen's standings: a line per nation, or the final scores once the game is over."""
    if state.phase == OVER:
        return score_lines(state, content)
    return [summary_line(state, content, i, k, width) for i, k in enumerate(state.order, 1)]


def least_rows(state: State, content: Content) -> int:
    """The fewest lines of ``screen`` that keep the whole progress board (its compact form,
    without the column numbers) between the banner and the standings: the shown nation's own
    board gives way first."""
    board = board_lines(state, content, WIDTH, tall=False)[1:] if state.board else []
    return 1 + len(board) + len(standings_lines(state, content, WIDTH))


LEGEND = """\
Progress board: row 1 costs 1 gold (1g), row 2 costs 2, row 3 costs 3. Buy a
card by name or by place: buy 2 3 is row 2, column 3.
Card types: bld building, mil military, col colony, adv advisor, wnd wonder,
war, btl battle, gold golden age; I to IV the card's era.
Slots show each card's workers in [brackets]; > marks the nation to play.
Standings: str strength, stb stability (both live), F food, S stone, G gold;
books 52 (50+2) is 52 books: a 50 Book token and 2 on the track.
help TERM explains any word: help stability, help books, help persia."""


def seat_of(state: State, name: str) -> str:
    """The seat that ``name`` (a nation key or name, or a player's name, case forgiven) names,
    or BadNotation with a suggestion."""
    import difflib

    names: dict[str, str] = {}
    for key, nation in state.nations.items():
        for word in (key, country(key), nation.name):
            names.setdefault(word.lower(), key)
    wanted = name.strip().lower()
    if wanted in names:
        return names[wanted]
    close = difflib.get_close_matches(wanted, list(names), n=1)
    hint = f"did you mean {close[0]}? " if close else ""
    raise BadNotation(f"there is no nation {name} in this game; {hint}"
                      f"choose from {', '.join(state.seats)}")


def render(
    state: State,
    color: bool,
    *,
    view: str = "all",
    size: tuple[int, int] | None = None,
    centre: str | None = None,
    player: str | None = None,
) -> str:
    """The game as text: ``view`` "all" (with a ``size``, the REPL's screen to act from: the
    banner, the progress board, the shown nation's board and a standings line per nation;
    without one, ``nncli show``: that screen and the last report below it), "board" (the
    progress board and the status line; with a ``size``, the screen), "panels" (a nation's
    board and stock in full, then the standings) or "legend"; cut to ``size`` (columns, lines),
    80x24 by default.
    ``player`` (or ``centre``) names the nation shown: its key, its name or its player's name
    (default: the one to move)."""
    content = engine.content_of(state)
    wanted = player if player is not None else centre
    shown = seat_of(state, wanted) if wanted is not None else flow.mover(state)
    if shown not in state.nations:
        shown = state.order[0]
    width, height = size or (WIDTH, HEIGHT)
    if view == "legend":
        lines = LEGEND.splitlines()
    elif size is not None and view in ("all", "board"):
        lines = screen(state, content, shown, width, height)
        lines[0] = bold(lines[0], color)
    elif view == "board":  # the status line folded, not cut, where the player's name is long
        lines = [*board_lines(state, content),
                 *textwrap.wrap(status(state), width, subsequent_indent="  ")]
    elif view == "panels":
        lines = panel_lines(state, content, shown, full=True)
    else:  # nncli show: the screen, and below it the last report
        from nncli.nations.words import report

        said = [f"> {line}" for line in report(state)][-REPORT_ROOM:]
        lines = [*screen(state, content, shown, width, height - len(said) - 1), *said,
                 acting(state)]
        lines[0] = bold(lines[0], color)
    return "\n".join(line if line.startswith("\x1b") else line[:width] for line in lines[:height])


def panel_lines(state: State, content: Content, shown: str, full: bool = False) -> list[str]:
    """A nation's player board (in ``full``: with its stock; the final score once the game is
    over), then one line per nation."""
    nation = state.nations[shown]
    if state.phase == OVER and not full:
        lines = score_lines(state, content)
    else:
        lines = (full_board if full else nation_board)(state, content, nation)
    if state.phase == OVER and full:
        lines += score_lines(state, content)
    return lines + [summary_line(state, content, i, k) for i, k in enumerate(state.order, 1)]
