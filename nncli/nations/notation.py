"""Text <-> Move for Nations, forgiving of case, spaces and card names.

``buy 2 3`` (row 2, column 3) and ``buy colosseum`` name the same kind of move; card names may
be typed as their id (``stone-masons``) or their words (``stone masons``).
"""

from __future__ import annotations

import difflib
import re

from nncli.game import BadNotation
from nncli.nations.content import Content
from nncli.nations.moves import (
    ARCHITECT,
    BONUS,
    BUY,
    DEPLOY,
    DRAW,
    EVENT,
    GAIN,
    GROW,
    ORDER,
    PASS,
    ROLL,
    TILE,
    UNDEPLOY,
    VP,
    Move,
    format_move,
)
from nncli.nations.state import State
from nncli.textmoves import is_number

KEYWORDS = {"from", "over", GAIN, VP}
COMMANDS = (BUY, DEPLOY, UNDEPLOY, ARCHITECT, PASS, GROW, BONUS)
TRY = "try buy, deploy, undeploy, architect, pass, grow or bonus"


def slug(text: str) -> str:
    """``St. Peter's Basilica`` -> ``st-peters-basilica``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace(".", "")).strip("-")


def card_id(content: Content, words: list[str], what: str = "card") -> str:
    """The card the words name, by id (as canonical moves name it) or by name; a name that is
    no card's is refused with the closest card's id, if one is close."""
    wanted = " ".join(words)
    if wanted in content.cards:
        return wanted
    wanted = slug(wanted)
    if wanted in content.cards:
        return wanted
    names = {slug(card.name): card.id for card in content.cards.values()}
    if wanted in names:
        return names[wanted]
    typed = " ".join(words)
    close = difflib.get_close_matches(wanted, [*content.cards, *names], n=1)
    if close:
        raise BadNotation(f"no {what} {typed}; did you mean {names.get(close[0], close[0])}?")
    raise BadNotation(f'there is no {what} called "{typed}"')


def split_at(words: list[str], keyword: str) -> tuple[list[str], list[str]]:
    """Words before ``keyword`` and after it (empty when it is absent)."""
    if keyword in words:
        at = words.index(keyword)
        return words[:at], words[at + 1 :]
    return words, []


def board_card(state: State, row: str, column: str) -> str:
    """The card at ``row`` ``column`` (counted from 1) of the progress board."""
    r, c = int(row) - 1, int(column) - 1
    if not (0 <= r < len(state.board) and 0 <= c < state.columns):
        raise BadNotation(f"the progress board has rows 1 to 3 and columns 1 to {state.columns}")
    if not state.board[r][c]:
        raise BadNotation(f"row {row}, column {column} of the progress board is empty")
    return state.board[r][c]


def parse_buy(state: State, content: Content, words: list[str]) -> Move:
    """``buy CARD|ROW COLUMN [gain|vp] [over CARD]``."""
    words, over_words = split_at(words, "over")
    option = ""
    if words and words[-1] in (GAIN, VP):
        option = words.pop()
    if not words:
        raise BadNotation('say which card to buy: "buy 2 3" (row, column) or "buy NAME"')
    if len(words) == 2 and all(map(is_number, words)):
        bought = board_card(state, words[0], words[1])
    else:
        bought = card_id(content, words)
    over = card_id(content, over_words) if over_words else ""
    return Move(BUY, bought, over=over, option=option)


def parse_move(text: str, state: State, content: Content) -> Move:
    """The move ``text`` names (raises BadNotation; legality is the engine's to judge)."""
    words = text.lower().replace(",", " ").split()
    if not words:
        raise BadNotation(f"an empty line is not a move; {TRY}")
    head, rest = words[0], words[1:]
    if head == BUY:
        return parse_buy(state, content, rest)
    if head == DEPLOY:
        target, source = split_at(rest, "from")
        if not target:
            raise BadNotation('say where the worker goes: "deploy CARD [from CARD]"')
        return Move(DEPLOY, card_id(content, target),
                    source=card_id(content, source) if source else "")
    if head == UNDEPLOY:
        if not rest:
            raise BadNotation('say which card the worker leaves: "undeploy CARD"')
        return Move(UNDEPLOY, card_id(content, rest))
    if head == ARCHITECT:
        before, over = split_at(rest, "over")
        if before:
            raise BadNotation('"architect" takes no card; it builds your wonder\'s next section')
        return Move(ARCHITECT, over=card_id(content, over, "wonder") if over else "")
    if head in (PASS, GROW):
        if rest:
            raise BadNotation(f'"{head}" takes nothing after it')
        return Move(head)
    if head == BONUS:
        if len(rest) != 1:
            raise BadNotation('say which resource: "bonus food", "bonus stone" or "bonus gold"')
        return Move(BONUS, rest[0])
    return parse_chance(head, rest, text)


def parse_chance(head: str, rest: list[str], text: str) -> Move:
    """The chance moves: ``order``, ``draw``, ``event``, ``tile``, ``roll``."""
    if head == ORDER and rest:
        return Move(head, cards=tuple(rest))
    if head in (DRAW, EVENT, TILE) and len(rest) == 1:
        return Move(head, rest[0])
    if head == ROLL and len(rest) == 1 and is_number(rest[0]):
        return Move(ROLL, face=int(rest[0]))
    raise BadNotation(f'"{text.strip()}" is not a move; {TRY}')


__all__ = ["format_move", "parse_move", "slug", "COMMANDS"]
