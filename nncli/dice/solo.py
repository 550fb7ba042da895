"""The solo shadow: after each action that is not a pass its d4 picks a column, from which it
takes the cheapest tile, or with Unrest the pass-first tile above it (dice-spec.md 7.2)."""

from __future__ import annotations

from nncli.dice.content import Content
from nncli.dice.state import State


def shadow_acts(c: Content, state: State, column: int) -> None:
    """The shadow's d4 showed ``column``: remove its tile in the cheapest occupied row (DSOLO-05,
    DQ-10); an empty column gives the pass-first tile above it, if any (USOLO-09, 10), or
    nothing (DSOLO-06)."""
    state.shadow_due = False
    for row in range(3):  # row 1 (1x) first: "cheapest"
        space = row * state.columns + column - 1
        if state.board[space]:
            taken = c.tiles[state.board[space]].name
            state.board[space] = ""
            state.news = [f"the shadow rolled {column} and took {taken}"]
            return
    if state.unrest and column <= len(state.pass_tiles) and state.pass_tiles[column - 1]:
        tile = state.pass_tiles[column - 1]
        state.pass_tiles[column - 1] = ""
        state.shadow_taken.append(tile)  # USOLO-14: it may take several
        state.news = [f"the shadow rolled {column} and took the {c.pass_tiles[tile].name} "
                      "pass-first tile"]
        return
    state.news = [f"the shadow rolled {column}: nothing there"]
