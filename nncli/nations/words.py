"""Nations' moves and results in words: ``describe`` (the recap and the echo of bot moves), the
last resolution's report within 58 columns, and the figures that decided a finished game."""

from __future__ import annotations

import re
import textwrap

from nncli.nations import engine, flow, live, moves, scoring
from nncli.nations.content import Content
from nncli.nations.moves import Move
from nncli.nations.render import books_of, books_text, country, who
from nncli.nations.state import OVER, State

WIDTH = 78  # a described move
REPORT_WIDTH = 58  # a report line: beside the board at 80x24
FIGURES = ("vp", "food", "stone", "gold", "books", "strength", "stability")


def figures(content: Content, state: State, key: str) -> dict[str, int]:
    """The nation's VP, stock, live strength and stability, and its idle workers."""
    n = state.nations[key]
    return {"vp": n.vp, "food": n.food, "stone": n.stone, "gold": n.gold, "books": n.books,
            "strength": live.strength(content, n), "stability": live.stability(content, n),
            "workers": n.idle + n.deployed}


def changes(content: Content, before: State, after: State, key: str, paid: dict[str, int]) -> str:
    """``+3 food, -3 stability``: what the move changed in the mover's figures beyond what it
    ``paid`` (said in the sentence already)."""
    old, new = figures(content, before, key), figures(content, after, key)
    parts = []
    for what in ("workers", *FIGURES):
        delta = new[what] - old[what] + paid.get(what, 0)
        if delta:
            unit = what if abs(delta) != 1 or what != "workers" else "worker"
            parts.append(f"{delta:+d} {'VP' if what == 'vp' else unit}")
    return ", ".join(parts)


def fitted(names: list[str], forms: list[str]) -> str:
    """The first of ``forms`` that fits ``WIDTH`` after one of ``names`` (the first name that
    fits it: a shorter name before a shorter form), the last of both cut if none fits."""
    for form in forms:
        for name in names:
            if len(name + form) <= WIDTH:
                return name + form
    return (names[-1] + forms[-1])[: WIDTH - 1] + "."


def named(content: Content, card_id: str) -> str:
    card = content.cards.get(card_id)
    return card.name if card else card_id


def describe(before: State, move: Move, after: State) -> str:
    """``move`` in words with the mover's name: "Persia bought Colosseum (row 1) for 1 gold",
    and what it changed in the mover's standing beyond its price ("Persia (Ann) grew: +1
    worker, -3 stability")."""
    content = engine.content_of(before)
    key = flow.mover(before)
    if key not in before.nations:
        return chance_words(content, before, move, after)
    names = [who(before.nations[key]), country(key)]  # "Greece (Ben)", or "Greece" for room
    if move.kind == moves.PASS:
        ends = after.round != before.round or after.phase == OVER
        said = f" passed ({ordinal(before.passes + 1)})"
        return fitted(names, [said + ("; the round ends" if ends else "")])
    said, paid = action_words(content, before, move, key)
    extra = changes(content, before, after, key, paid)
    short = re.sub(r" \(row \d+\)", "", said)
    shorter = re.sub(r" deployed a worker from (.*) on (.*) for (\d+) stone$",
                     r" moved a worker from \1 to \2, \3 stone", short)
    forms = list(dict.fromkeys([said, short, shorter]))
    if not extra:
        return fitted(names, forms)
    return fitted(names, [f"{form}: {extra}" for form in forms] + forms)  # what it changed kept


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``5th``."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th')}"


def action_words(
    content: Content, before: State, move: Move, key: str
) -> tuple[str, dict[str, int]]:
    """The sentence after the mover's name, and what it says was paid."""
    nation = before.nations[key]
    if move.kind == moves.BUY:
        row = next((r for r, cards in enumerate(before.board) if move.card in cards), 0)
        cost = int(content.rules["row_cost"][row])
        card = content.cards[move.card]
        said = f" bought {card.name} (row {row + 1}) for {cost} gold"
        paid = {"gold": cost}
        if move.over:
            said += f", over {named(content, move.over)}"
        if move.option == moves.VP:
            said = f" bought {card.name} (row {row + 1}) for {cost}+{card.vp_cost} gold, its VP"
            paid["gold"] += card.vp_cost
        elif move.option == moves.GAIN:
            said += ", its gain"
        elif card.type == "war":
            said += f": war at strength {live.strength(content, nation)}"
        elif card.type == "wonder":
            said += " to build"
        return said, paid
    if move.kind == moves.DEPLOY:
        cost = content.cards[move.card].deploy
        source = f" from {named(content, move.source)}" if move.source else ""
        return (f" deployed a worker{source} on {named(content, move.card)} for {cost} stone",
                {"stone": cost})
    if move.kind == moves.UNDEPLOY:
        return f" took a worker back from {named(content, move.card)}", {}
    if move.kind == moves.ARCHITECT:
        wonder = content.cards[nation.wonder] if nation.wonder else None
        if wonder is None:
            return " hired an architect", {}
        cost = wonder.sections[nation.built]
        done = nation.built + 1 == len(wonder.sections)
        over = f", over {named(content, move.over)}" if move.over else ""
        what = f"{wonder.name} completed{over}" if done else \
            f"section {nation.built + 1}/{len(wonder.sections)} of {wonder.name}"
        return f" hired an architect: {what}, {cost} stone", {"stone": cost}
    if move.kind == moves.GROW:
        space, amount = content.population[len(content.population) - nation.population]
        food = f" (its space costs {amount} food every production)" if space == "food" else ""
        return f" grew{food}", {}
    if move.kind == moves.BONUS:
        return f" took the growth bonus in {move.card}", {}
    return f": {move.kind}", {}


def chance_words(content: Content, before: State, move: Move, after: State) -> str:
    """A chance move in words: the order, the deal, the event, the solo tile, the rival die."""
    if move.kind == moves.ORDER:
        text = f"the player order is {', '.join(country(k) for k in move.cards)}"
    elif move.kind == moves.DRAW:
        space = flow.next_space(before)
        where = f" to row {space[0] + 1}, column {space[1] + 1}" if space else ""
        text = f"{named(content, move.card)} is dealt{where}"
    elif move.kind == moves.EVENT:
        event = content.events.get(move.card)
        text = f"round {before.round}'s event is {event.name if event else move.card}"
    elif move.kind == moves.TILE:
        tile = content.tiles.get(move.card)
        text = (f"the rival's tile: strength {tile.strength}, stability {tile.stability}, "
                f"books {tile.books}") if tile else f"the rival's tile is {move.card}"
    elif move.kind == moves.ROLL:
        text = after.report[-1] if after.report else f"the rival rolls {move.face}"
    else:
        text = f"chance: {move.kind}"
    return text if len(text) <= WIDTH else text[: WIDTH - 1] + "."


def report(state: State) -> list[str]:
    """The last resolution's lines (production, shortage, revolt, war, the event, scarcity,
    era scoring, cards removed; in solo the rival's acts), a nation named as in the data, each
    effect on a line of its own within ``REPORT_WIDTH`` (a long one goes on, indented); [] before
    the first round ends."""
    names = {key: country(key) for key in state.nations}
    lap = int(engine.content_of(state).rules["book_lap"])
    seat = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    lines: list[str] = []
    told = list(state.report)
    for at, text in reversed(state.shortfalls):  # (in the report's order) from the end
        told.insert(at, text)
    for line in told:
        line = seat.sub(lambda found: names[found[1]], line)
        line = re.sub(r"([+-]\d+) vp\b", r"\1 VP", line)
        line = re.sub(r"\b(\d+) books(?= against|$)",  # era scoring: the 50 Book tokens
                      lambda found: f"{books_text(int(found[1]), lap)} books", line)
        head, *rest = line.split("; ")
        subject = head.split(" produces ")[0] if " produces " in head else ""
        effects = [head, *(f"{subject} {part.replace('revolt:', 'revolts:')}" for part in rest)]
        for effect in effects:
            lines += textwrap.wrap(effect, REPORT_WIDTH, subsequent_indent="  ")
    return lines


def count(number: int, thing: str) -> str:
    """``1 wonder``, ``2 wonders``, ``0 colonies``."""
    if number == 1:
        return f"1 {thing}"
    return f"{number} {thing[:-1]}ies" if thing.endswith("y") else f"{number} {thing}s"


def final_figures(state: State) -> list[str]:
    """A line per nation with the figures that decided the game (total VP and its categories,
    books, strength, stability, wonders, colonies), then the winner, or the solo rank."""
    if state.phase != OVER:
        return []
    content = engine.content_of(state)
    lines = []
    for key in state.order:
        n, s = state.nations[key], state.scores[key]
        parts = [f"{s['total']} VP", f"books {books_of(content, n)}",
                 f"str {live.strength(content, n)}", f"stb {live.stability(content, n)}",
                 count(len(n.wonders), "wonder"), count(len(n.colonies), "colony")]
        line = f"{who(n)}: " + ", ".join(parts)
        lines.append(line if len(line) <= WIDTH else f"{country(key)}: " + ", ".join(parts))
    winner = state.nations[state.winner]
    if state.solo:
        rank = scoring.solo_rank(content, state.scores[state.winner]["total"])
        lines.append(f"solo rank: {rank}")
    else:
        lines.append(f"{who(winner)} wins with {state.scores[state.winner]['total']} VP")
    return lines
