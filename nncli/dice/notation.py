"""Move text <-> Move (docs/NOTATION.md, "Nations: The Dice Game").

Dice are named by their building slot and number (``a1``, ``b2``; ``v1`` on an advisor slot),
chits by kind (``gold``, ``2gold``, ``reroll``; ``gold-chit`` is read too), tiles by column and
row on the progress board (row 1 is the bottom row, 1x) or by name.
"""

from __future__ import annotations

from nncli.dice import engine
from nncli.dice.content import SLOT_TYPES, content, slug
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
from nncli.dice.payment import DIE_ID, available, minimal_payments
from nncli.dice.state import State
from nncli.game import BadNotation
from nncli.textmoves import normalised

EXAMPLES = '"buy 2 1 on c with a1 b1", "reroll a1 c1", "wonder with b1 gold", "pass"'


def format_payment(pay: Payment) -> str:
    return " ".join(["with", *pay.dice, *pay.chits])


def format_move(move: Move) -> str:
    """The canonical text of ``move``."""
    if isinstance(move, Buy):
        return _format_buy(move, format_payment(move.pay))
    if isinstance(move, BuildWonder):
        slot = f" {move.slot}" if move.slot != 1 else ""
        return f"wonder{slot} {format_payment(move.pay)}"
    if isinstance(move, Reroll):
        return " ".join(["star-reroll" if move.star else "reroll", *move.dice])
    if isinstance(move, Pass):
        return f"pass {move.tile.removeprefix('pass-')}" if move.tile else "pass"
    if isinstance(move, UnrestReroll):
        return "unrest reroll"
    if isinstance(move, UnrestSetAside):
        return "unrest set-aside"
    if isinstance(move, ChooseBoard):
        return f"board {move.board}"
    if isinstance(move, Roll):
        return " ".join(["roll", *map(str, move.faces)])
    if isinstance(move, Shadow):
        return f"shadow {move.column}"
    if isinstance(move, ShadowBooks):
        return f"shadow books {move.books}"
    if isinstance(move, Order):
        return " ".join(["order", *move.seats])
    if isinstance(move, DrawBoards):
        return " ".join(["draw", "boards", *map(str, move.boards)])
    bonus = f" bonus {move.bonus}" if move.bonus else ""
    return f"deal {' '.join(move.tiles)} event {move.event}{bonus}"


def _format_buy(move: Buy, payment: str) -> str:
    where = f" on {move.place}" if move.place else ""
    return f"buy {move.column} {move.row}{where} {payment}"


def legal_texts(state: State) -> list[str]:
    """The canonical texts of ``engine.legal_moves(state)``, each payment written once."""
    paid: dict[Payment, str] = {}
    texts = []
    for move in engine.legal_moves(state):
        if isinstance(move, Buy):
            pay = paid.get(move.pay) or paid.setdefault(move.pay, format_payment(move.pay))
            texts.append(_format_buy(move, pay))
        else:
            texts.append(format_move(move))
    return texts


def _number(word: str, what: str) -> int:
    if not word.isdigit():
        raise BadNotation(f'"{word}" is not a number ({what})')
    return int(word)


def _payment(words: list[str]) -> Payment:
    chits = content().chits
    dice, kinds = [], []
    for word in words:
        word = word.removesuffix("-chit")
        if DIE_ID.fullmatch(word):
            dice.append(word)
        elif word in chits:
            kinds.append(word)
        else:
            raise BadNotation(f'"{word}" is neither a die (a1, b2 ...) nor a chit '
                              "(gold, 2gold, stone ...)")
    return Payment(tuple(sorted(dice)), tuple(sorted(kinds)))


def _split_payment(words: list[str]) -> tuple[list[str], Payment | None]:
    if "with" in words:
        at = words.index("with")
        return words[:at], _payment(words[at + 1:])
    return words, None


def parse_move(text: str, state: State) -> Move:
    """The move ``text`` names (raises BadNotation; legality is checked by the caller)."""
    words = normalised(text).split()
    if not words:
        raise BadNotation(f"type a move, e.g. {EXAMPLES}")
    head, rest = words[0], words[1:]
    if head == "buy":
        return _parse_buy(state, rest)
    if head in ("wonder", "build"):
        place, pay = _split_payment(rest)
        slot = _number(place[0], "the wonder slot") if place else 1
        if pay is None:
            raise BadNotation(_suggest_wonder(state, slot))
        return BuildWonder(slot, pay)
    if head in ("reroll", "star-reroll"):
        if not rest or not all(DIE_ID.fullmatch(w) for w in rest):
            raise BadNotation(f'name the dice to reroll, e.g. "{head} a1 c1"')
        return Reroll(tuple(sorted(rest)), head == "star-reroll")
    if head == "pass":
        if not rest:
            return Pass()
        tile = rest[0] if rest[0].startswith("pass-") else f"pass-{rest[0]}"
        if tile not in content().pass_tiles or len(rest) > 1:
            raise BadNotation('pass takes "food", "strength" or "book", or nothing')
        return Pass(tile)
    if head == "unrest":
        if rest == ["reroll"]:
            return UnrestReroll()
        if rest in (["set-aside"], ["set", "aside"], ["aside"]):
            return UnrestSetAside()
        raise BadNotation('say "unrest reroll" or "unrest set-aside"')
    if head == "board" and len(rest) == 1:
        return ChooseBoard(rest[0])
    return _parse_chance(head, rest, text)


def _parse_chance(head: str, rest: list[str], text: str) -> Move:
    try:
        if head == "roll":
            return Roll(tuple(_number(w, "a die face") for w in rest))
        if head == "shadow" and rest[:1] == ["books"] and len(rest) == 2:
            return ShadowBooks(_number(rest[1], "the shadow's books"))
        if head == "shadow" and len(rest) == 1:
            return Shadow(_number(rest[0], "the shadow's column"))
        if head == "order":
            return Order(tuple(rest))
        if head == "draw" and rest[:1] == ["boards"]:
            return DrawBoards(tuple(_number(w, "a board") for w in rest[1:]))
        if head == "deal" and "event" in rest:
            at = rest.index("event")
            after = rest[at + 1:]
            bonus = after[2] if len(after) == 3 and after[1] == "bonus" else ""
            if len(after) not in (1, 3) or (len(after) == 3 and not bonus):
                raise BadNotation("a deal ends with event EVENT [bonus BONUS]")
            return Deal(tuple(rest[:at]), after[0], bonus)
    except IndexError:
        pass
    raise BadNotation(f'"{text.strip()}" is not a move; try {EXAMPLES}')


def _parse_buy(state: State, rest: list[str]) -> Buy:
    place_words, pay = _split_payment(rest)
    place = ""
    if "on" in place_words:
        at = place_words.index("on")
        place = " ".join(place_words[at + 1:])
        place_words = place_words[:at]
    column, row = _where(state, place_words)
    if pay is None:
        raise BadNotation(_suggest_buy(state, column, row, place))
    return Buy(column, row, place, pay)


def _where(state: State, words: list[str]) -> tuple[int, int]:
    """Column and row from ``2 1`` or a tile's name (``quarry``, ``hanging-gardens``)."""
    if len(words) == 2 and all(w.isdigit() for w in words):
        return int(words[0]), int(words[1])
    name = slug(" ".join(words))
    c = content()
    names: dict[str, int] = {}
    for space, key in enumerate(state.board):
        if key:
            names[key] = names[slug(c.tiles[key].name)] = space
    if name in names:
        return names[name] % state.columns + 1, names[name] // state.columns + 1
    import difflib  # only for the refusal: start-up stays fast

    close = difflib.get_close_matches(name, list(names), n=1)
    if close:
        raise BadNotation(f"no tile {' '.join(words)}; did you mean {close[0]}?")
    known = {slug(t.name): t.name for t in c.tiles.values()} | {k: t.name for k, t in
                                                               c.tiles.items()}
    if name in known:
        raise BadNotation(f"{known[name]} is not on the progress board this round")
    close = difflib.get_close_matches(name, list(known), n=1)
    if close:
        raise BadNotation(f"no tile {' '.join(words)}; did you mean {close[0]}? (not on the "
                          "board this round)")
    raise BadNotation(f'name a tile by column and row ("buy 2 1") or by a name on the board, '
                      f'not "{" ".join(words)}"')


def _suggest_buy(state: State, column: int, row: int, place: str) -> str:
    c = content()
    if not (1 <= column <= state.columns and 1 <= row <= 3):
        return f"the progress board has columns 1 to {state.columns} and rows 1 to 3"
    key = state.board[(row - 1) * state.columns + column - 1]
    if not key or engine.mover(state) not in state.players:
        return f"say how you pay: buy {column} {row} with DICE CHITS"
    tile, player = c.tiles[key], state.players[str(engine.mover(state))]
    price = c.price(key, row)
    have = available(c, player, tile.pays_in)
    if have < price:
        return (f"{tile.name} costs {price} {tile.pays_in} here, your dice and chits give "
                f"{have} (DBUY-01)")
    where = place or ("a" if tile.type in SLOT_TYPES else "")
    example = minimal_payments(c, player, tile.pays_in, price)[0]
    on = f" on {where}" if where else ""
    return (f"{tile.name} costs {price} {tile.pays_in} here; say how you pay, e.g. "
            f'"buy {column} {row}{on} {format_payment(example)}"')


def _suggest_wonder(state: State, slot: int) -> str:
    c = content()
    who = engine.mover(state)
    if who not in state.players:
        return "say how you pay: wonder with DICE CHITS"
    player = state.players[str(who)]
    if not 1 <= slot <= len(player.wonders) or not player.wonders[slot - 1]:
        return "you have no wonder under construction there (DWONDER-03)"
    tile = c.tiles[player.wonders[slot - 1]]
    have = available(c, player, "stone")
    if have < tile.build:
        return (f"{tile.name} needs {tile.build} stone in one go, your dice and chits give "
                f"{have} (DWONDER-01)")
    example = minimal_payments(c, player, "stone", tile.build)[0]
    text = "wonder" if slot == 1 else f"wonder {slot}"
    return f'say how you pay, e.g. "{text} {format_payment(example)}"'
