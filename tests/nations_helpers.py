"""Building Nations positions for the rules tests: a game started with fixed chance outcomes,
then set up by hand (the state is plain data)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nncli.nations import engine, live
from nncli.nations.content import Content, load
from nncli.nations.moves import BONUS, DRAW, EVENT, ORDER, Move
from nncli.nations.setup import make_setup
from nncli.nations.state import ACTION, GROWTH, Nation, State
from nncli.nations.state import DEAL as DEAL_PHASE

SEATS = ("persia", "greece", "egypt", "rome", "china")
ALL = load(("basic", "advanced"))
BASICS = load(("basic",))


def content(state: State) -> Content:
    return engine.content_of(state)


def new(players: int = 2, **options: Any) -> State:
    """A new game of ``players`` nations (Advanced mixed in with five), before any chance move."""
    opts: dict[str, Any] = {"nations": list(SEATS[:players]), "seed": 5}
    if players == 5:
        opts["advanced"] = True
    opts |= options
    return engine.new_game(make_setup(opts))


def deal_first(state: State) -> State:
    """The refill drawing the era deck's first cards, in file order."""
    while state.phase == DEAL_PHASE:
        state = engine.apply(state, Move(DRAW, state.decks[str(state.era)][0]))
    return state


def to_growth(players: int = 2, **options: Any) -> State:
    """A game at round 1's growth step: seat order is player order, the deck's first cards dealt."""
    state = new(players, **options)
    if not state.solo:
        state = engine.apply(state, Move(ORDER, cards=tuple(state.seats)))
    state = deal_first(state)
    return state


def through_growth(state: State, event: str = "") -> State:
    """Everyone takes the food bonus, then the event ``event`` (default: the deck's first)."""
    while state.phase == GROWTH:
        state = engine.apply(state, Move(BONUS, "food"))
    chosen = event or state.event_decks[str(state.era)][0]
    state = engine.apply(state, Move(EVENT, chosen))
    while state.phase == "tile":
        state = engine.apply(state, Move("tile", state.tiles[0]))
    return state


def to_action(players: int = 2, event: str = "", **options: Any) -> State:
    """A game at round 1's first action turn."""
    state = through_growth(to_growth(players, **options), event)
    assert state.phase == ACTION
    return state


def put(state: State, card: str, row: int = 1, column: int = 1) -> State:
    """``card`` placed at ``row`` ``column`` (from 1) of the progress board."""
    for deck in state.decks.values():
        if card in deck:
            deck.remove(card)
    for cards in state.board:
        for c, there in enumerate(cards):
            if there == card:
                cards[c] = ""
    state.board[row - 1][column - 1] = card
    return state


def mover(state: State) -> Nation:
    from nncli.nations.flow import mover as who

    return state.nations[who(state)]


def strength(state: State, nation: Nation) -> int:
    return live.strength(content(state), nation)


def stability(state: State, nation: Nation) -> int:
    return live.stability(content(state), nation)


def play(state: State, *texts: str) -> State:
    """``state`` after the moves ``texts`` (parsed, then applied)."""
    from nncli.nations import GAME

    for text in texts:
        state = GAME.apply(state, GAME.parse(text, state))
    return state


__all__ = ["ALL", "BASICS", "SEATS", "content", "deal_first", "edit", "mover", "new", "play", "put",
           "stability", "strength", "through_growth", "to_action", "to_growth"]


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` of the file at ``path`` (which must hold it) by ``new``."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
