"""The game as text within 80 columns and 24 lines: the round, the progress board, the mover's
player board, one line per nation, and what the last automatic steps did."""

from __future__ import annotations

import textwrap

from nncli.game import BadNotation
from nncli.nations import engine, flow, live, scoring
from nncli.nations.content import Content
from nncli.nations.describe import ROMAN
from nncli.nations.state import ACTION, GROWTH, OVER, Nation, State

WIDTH, HEIGHT = 80, 24
KIND = {"building": "bld", "military": "mil", "colony": "col", "advisor": "adv",
        "wonder": "wnd", "war": "war", "battle": "btl", "golden_age": "gold"}
PHASE_NAMES = {GROWTH: "maintenance: growth", ACTION: "action", OVER: "game over"}


def bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


def who(nation: Nation) -> str:
    """``Greece (Ben)``, or ``Greece`` when the player has no other name."""
    from nncli.nations.content import load

    country = load().rules["nations"].get(nation.key, nation.key)
    return country if nation.name == country else f"{country} ({nation.name})"


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
    return (f"{who(n)} to play: {round_label(state)}, {PHASE_NAMES[state.phase]} | "
            f"food {n.food} stone {n.stone} gold {n.gold} books {n.books} | VP {n.vp}")


def board_lines(state: State, content: Content) -> list[str]:
    """The progress board: a row per price, each card's name and type."""
    cell = max(8, (WIDTH - 6) // max(state.columns, 1) - 1)
    head = "      " + " ".join(f"{c + 1:<{cell}}" for c in range(state.columns))
    lines = [head.rstrip()]
    for r, row in enumerate(state.board):
        price = content.rules["row_cost"][r]
        names, kinds = [], []
        for card_id in row:
            card = content.cards.get(card_id) if card_id else None
            names.append(f"{(card.name if card else '.')[:cell]:<{cell}}")
            kinds.append(f"{(KIND[card.type] + ' e' + ROMAN[card.era]) if card else '':<{cell}}")
        lines.append(f"{r + 1} {price}g  " + " ".join(names))
        lines.append("      " + " ".join(kinds))
    return [line.rstrip() for line in lines]


def nation_board(state: State, content: Content, nation: Nation) -> list[str]:
    """The player board: slots with workers, wonder, advisor, colonies."""
    cards = content.cards
    slots = "  ".join(f"{cards[s.card].name}[{s.workers}]" for s in nation.slots)
    wonder = "none"
    if nation.wonder:
        w = cards[nation.wonder]
        wonder = f"{w.name} {nation.built}/{len(w.sections)}"
        if nation.built < len(w.sections):
            wonder += f" (next {w.sections[nation.built]} stone)"
    done = ", ".join(cards[w].name for w in nation.wonders) or "none"
    extras = (f"advisor {cards[nation.advisor].name if nation.advisor else 'none'} | "
              f"colonies {', '.join(cards[c].name for c in nation.colonies) or 'none'} | "
              f"wonder {wonder} | done {done}")
    head = (f"{who(nation)}: workers idle {nation.idle}, on track {nation.population} | "
            f"strength {live.strength(content, nation)} "
            f"stability {live.stability(content, nation)}")
    return [head, *textwrap.wrap(f"slots: {slots}", WIDTH), *textwrap.wrap(extras, WIDTH)]


def summary_line(state: State, content: Content, place: int, key: str) -> str:
    """``1 Persia    VP  7 books  1 str  2 stb  0 | F 3 S 3 G 3 | passed 2``."""
    n = state.nations[key]
    passed = f"passed {n.passed}" if n.passed and state.phase == ACTION else ""
    line = (f"{place} {who(n)[:18]:<18} VP {n.vp:>3} books {n.books:>3} "
            f"str {live.strength(content, n):>3} stb {live.stability(content, n):>3} | "
            f"F {n.food:>2} S {n.stone:>2} G {n.gold:>2} {passed}")
    return line.rstrip()[:WIDTH]


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


def top_lines(state: State, content: Content) -> list[str]:
    """The round, the event, the architects and the war."""
    event = content.events[state.event].name if state.event else "none yet"
    war = (f"{content.cards[state.war].name} at strength {state.war_strength}"
           if state.war else "none")
    tile = ""
    if state.solo and state.tile:
        t = content.tiles[state.tile]
        tile = f" | rival str {t.strength} stb {t.stability} books {t.books}"
    return [f"Nations, {round_label(state)}, {PHASE_NAMES.get(state.phase, state.phase)}",
            f"event {event} | architects {state.architects} | war {war}{tile}"]


LEGEND = """\
Progress board: row 1 costs 1 gold, row 2 costs 2, row 3 costs 3; columns 1 to the last.
Card types: bld building, mil military, col colony, adv advisor, wnd wonder, war, btl battle,
gold golden age; eI..eIV the card's era. Slots show each card's workers in [brackets].
Nations: str strength, stb stability (both live), F food, S stone, G gold."""


def render(
    state: State,
    color: bool,
    *,
    view: str = "all",
    size: tuple[int, int] | None = None,
    centre: str | None = None,
) -> str:
    """The game as text: ``view`` "all", "board" (the progress board and the status line; with
    a ``size``, the REPL's screen to act from: the event, the progress board, the mover's board
    and a line per nation), "panels" (the nations) or "legend"; cut to ``size`` (columns,
    lines), 80x24 by default.
    ``centre`` names the nation whose player board is shown (default: the one to move)."""
    content = engine.content_of(state)
    if centre is not None and centre not in state.nations:
        raise BadNotation(f"there is no nation {centre} in this game; "
                          f"choose from {', '.join(state.seats)}")
    if view == "legend":
        lines = LEGEND.splitlines()
    elif view == "board" and size is not None:  # the banner and the toolbar give the round
        lines = [top_lines(state, content)[1], *board_lines(state, content),
                 *panel_lines(state, content, centre)]
    elif view == "board":
        lines = [*board_lines(state, content), status(state)]
    elif view == "panels":
        lines = panel_lines(state, content, centre)
    else:
        lines = top_lines(state, content)
        lines[0] = bold(lines[0], color)
        if state.board:
            lines += board_lines(state, content)
        lines += panel_lines(state, content, centre)
    width, height = size or (WIDTH, HEIGHT)
    room = height - len(lines)
    if view == "all" and room > 0 and state.report:
        lines += [f"> {line}" for line in state.report[-room:]]
    return "\n".join(line if line.startswith("\x1b") else line[:width] for line in lines[:height])


def panel_lines(state: State, content: Content, centre: str | None) -> list[str]:
    """A nation's player board (or the final score), then one line per nation."""
    if state.phase == OVER:
        lines = score_lines(state, content)
    else:
        key = centre or flow.mover(state)
        shown = state.nations.get(key, state.nations[state.order[0]])
        lines = nation_board(state, content, shown)
    return lines + [summary_line(state, content, i, k) for i, k in enumerate(state.order, 1)]
