"""The Dice Game's moves and results in words: ``describe`` (the recap and the echo of bot
moves), the round's report and the figures that decided a finished game."""

from __future__ import annotations

from nncli.dice import engine, scoring
from nncli.dice.content import SLOT_TYPES, Content, content
from nncli.dice.moves import (
    BuildWonder,
    Buy,
    ChooseBoard,
    Deal,
    DrawBoards,
    Move,
    Order,
    Pass,
    Payment,
    Reroll,
    Roll,
    Shadow,
    ShadowBooks,
    UnrestReroll,
    UnrestSetAside,
)
from nncli.dice.render import face_text, fame_text, fit, who
from nncli.dice.state import CHANCE, OVER, SLOT_LETTERS, Player, State

WIDTH = 78


def counted(count: int, one: str, many: str) -> str:
    """``1 colony``, ``2 colonies``."""
    return f"{count} {one if count == 1 else many}"


def plural(count: int, symbol: str) -> str:
    """``2 books``, ``1 book``, ``2 food``: a count of a symbol."""
    return counted(count, symbol, symbol + "s" if symbol == "book" else symbol)


def paid(pay: Payment) -> str:
    """``with dice a1 d1 and chits gold stone``."""
    parts = [f"dice {' '.join(pay.dice)}"] * bool(pay.dice)
    parts += [f"chit{'s' * (len(pay.chits) > 1)} {' '.join(pay.chits)}"] * bool(pay.chits)
    return "with " + " and ".join(parts) if parts else "for nothing"


def _choice(name: str, parts: list[str]) -> str:
    """``name`` and the first of ``parts`` that fits ``WIDTH`` (the last one cut if none)."""
    for text in parts:
        if len(name + text) <= WIDTH:
            return name + text
    return fit(name + parts[-1], WIDTH)


def describe(before: State, move: Move, after: State) -> str:
    """``move`` in words, with the mover's name: "Ben bought Farm (row 2, column 1) with dice
    a1 d1", what the tile bought took the place of (" over Quarry") and the VP the move won at
    once ("..., +2 VP")."""
    c = content()
    seat = engine.mover(before)
    if seat == CHANCE or seat is None:
        return _chance(c, before, move, after)
    name = before.players[seat].name
    gain = after.players[seat].vp - before.players[seat].vp
    won = f", +{gain} VP" if gain else ""
    if isinstance(move, Buy):
        key = before.board[(move.row - 1) * before.columns + move.column - 1]
        tile = c.tiles[key].name if key else "nothing"
        price = f" for {c.price(key, move.row)} {c.tiles[key].pays_in}" if key else ""
        where = f" (row {move.row}, column {move.column})"
        on = f" on slot {move.place}" if move.place.isalpha() else (
            f" on wonder slot {move.place}" if move.place else "")
        on += _replaced(c, before.players[seat], c.tiles[key].type if key else "", move.place)
        how = paid(move.pay)
        return _choice(name, [f" bought {tile}{where}{on}{price} {how}{won}",
                              f" bought {tile}{where}{on} {how}{won}",
                              f" bought {tile}{where}{on}{won}", f" bought {tile}{on}{won}"])
    if isinstance(move, BuildWonder):
        p = before.players[seat]
        slot = p.wonders[move.slot - 1] if 1 <= move.slot <= len(p.wonders) else ""
        wonder = c.tiles[slot].name if slot else "a wonder"
        return _choice(name, [f" built {wonder} {paid(move.pay)}{won}", f" built {wonder}{won}"])
    if isinstance(move, Reroll):
        kind = "a star reroll chit, and acts again" if move.star else "a reroll chit"
        return _choice(name, [f" rerolled {' '.join(move.dice)} with {kind}"])
    if isinstance(move, Pass):
        first = c.pass_tiles.get(move.tile)
        took = (f" and took the {first.name.lower()} pass-first tile "
                f"(+{plural(scoring.pass_amount(c, before), first.symbol)})") if first else ""
        if after.round != before.round or after.phase == OVER:  # the round's VP: see the report
            won = f"; round {before.round} ends"
        return _choice(name, [f" passed{took}{won}", f" passed{won}"])
    if isinstance(move, UnrestReroll | UnrestSetAside):
        showing = " ".join(engine.unrest_showing(c, before.players[seat]))
        done = "rerolled" if isinstance(move, UnrestReroll) else "set aside"
        return _choice(name, [f" {done} the dice showing Unrest ({showing})"])
    if isinstance(move, ChooseBoard):
        board = c.boards[move.board].name if move.board in c.boards else move.board
        return _choice(name, [f" chose the {board} board"])
    return _choice(name, [f": {move}"])


def _replaced(c: Content, p: Player, tile_type: str, place: str) -> str:
    """What a tile bought there takes the place of: " over Quarry" (a covered building, its VP
    lost), " replacing Sun Tzu" (the advisor), " discarding Pyramids" (an unbuilt wonder)."""
    if tile_type in SLOT_TYPES and place in SLOT_LETTERS[:len(p.slots)]:
        covered = p.slots[SLOT_LETTERS.index(place)].tile
        return f" over {c.tiles[covered].name}" if covered else ""
    if tile_type == "advisor" and p.advisor:
        return f" replacing {c.tiles[p.advisor].name}"
    slot = int(place) - 1 if place.isdigit() else 0
    if tile_type == "wonder" and slot < len(p.wonders) and p.wonders[slot]:
        return f" discarding {c.tiles[p.wonders[slot]].name}"
    return ""


def _chance(c: Content, before: State, move: Move, after: State) -> str:
    """A chance move in words: the roll and whose dice, the deal, the order, the shadow."""
    if isinstance(move, Roll) and before.to_roll:
        seat, ids = before.to_roll[0]
        p = before.players[seat]
        shown = []
        for die_id, face in zip(ids, move.faces, strict=False):
            die = p.die(die_id)
            if die is not None and 1 <= face <= len(c.dice[die.colour].faces):
                shown.append(f"{die_id}:{face_text(c, die.colour, face - 1)}")
        return _choice(p.name, [f" rolled {' '.join(shown)}"])
    if isinstance(move, Deal):
        event = c.events[move.event].name if move.event in c.events else move.event
        bonus = c.bonus_tiles[move.bonus].name if move.bonus in c.bonus_tiles else ""
        return fit(f"round {before.round}'s tiles are dealt; event {event}"
                   + (f", bonus tile {bonus}" if bonus else ""), WIDTH)
    if isinstance(move, Order):
        names = [before.players[s].name for s in move.seats if s in before.players]
        return fit(f"the player order is {', '.join(names)}", WIDTH)
    if isinstance(move, DrawBoards):
        sides = [b.name for b in c.boards.values() if b.physical in move.boards]
        return fit(f"boards drawn: {', '.join(sides)}", WIDTH)
    if isinstance(move, Shadow):
        return fit(after.news[0] if after.news else f"the shadow rolled {move.column}", WIDTH)
    if isinstance(move, ShadowBooks):
        return fit(f"the shadow rolled {move.books} books", WIDTH)
    return fit(f"chance: {move}", WIDTH)


def report(state: State) -> list[str]:
    """The last end of round's lines (books, famine, war, bonus tiles, order, final scoring),
    each at most ``scoring.REPORT_WIDTH`` columns; [] before the first round ends."""
    return list(state.report)


def final_figures(state: State) -> list[str]:
    """A line per player with the figures that decided the game (VP, books, the VP on tiles,
    colonies, wonders built, the last unused strength), then the result: the winner, or the
    solo player's Hall of Fame title."""
    c = content()
    lines = []
    for seat in state.order or state.seats:
        p = state.players[seat]
        lines.append(fit(f"{who(state, seat)}: {p.vp} VP, {plural(p.books, 'book')}, "
                         f"{scoring.tile_vp(c, p)} VP on tiles, "
                         f"{counted(len(p.colonies), 'colony', 'colonies')}, "
                         f"{counted(len(p.built), 'wonder', 'wonders')} built", WIDTH))
    if state.solo:
        lines.append(fit(f"shadow: {state.shadow_books} books", WIDTH))
        if state.phase == OVER:
            lines.append(fame_text(c, state))
    elif state.phase == OVER:
        winner = state.players[state.winner]
        lines.append(fit(f"{winner.name} wins with {winner.vp} VP", WIDTH))
    return lines
