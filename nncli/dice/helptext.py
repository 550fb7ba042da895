"""``help``: the moves, and the text of any tile, event, board or bonus tile by name."""

from __future__ import annotations

import textwrap

from nncli.dice.content import Content, content

WIDTH = 79  # the help fits an 80-column terminal

OVERVIEW = """\
Nations: The Dice Game. Four rounds; in each, everyone rolls, then acts one
action at a time until all have passed. Dice are named by slot and number (a1,
b1 ...), chits by kind (gold, 2gold ...), tiles by column and row (row 1 is the
bottom row, 1x) or by name.
  buy 2 1 on c with a1 b1 gold  buy a tile, covering slot c (buildings, ...)
  reroll a1 c1                  spend a reroll chit (star-reroll: act again)
  wonder with b1 d1 stone       build your wonder, paying all its stone at once
  pass [food|strength|book]     pass (Unrest: take a pass-first tile)
  unrest reroll | unrest set-aside   when dice show Unrest
  board japan                   Unrest: choose a board side
Any two dice pay 1 gold, strength or stone. Tab offers only payments that work.
help NAME shows a tile, event, board or bonus tile (help quarry)."""

TOPICS = {
    "buy": "buy COLUMN ROW [on SLOT] with DICE CHITS: pay the tile's cost times its row (1x, 2x,"
           " 3x) in gold, colonies in strength. Buildings and military cover slot SLOT: its "
           "dice go back, the new dice are rolled at once. Name only what the price needs; no "
           "change is given.",
    "reroll": "reroll DICE: spend a reroll chit and reroll those unused dice; that is your "
              "turn. star-reroll DICE: the same with a star reroll chit, then you act again.",
    "wonder": "wonder [SLOT] with DICE CHITS: pay your wonder's whole stone cost in one action;"
              " it is built, scores its VP and gives its chits at once.",
    "pass": "pass: you are out for the round. With Unrest the first players to pass take a "
            "pass-first tile (pass food, pass strength, pass book); the last takes none.",
    "unrest": "unrest reroll: your action is to reroll every die showing Unrest (no chit). "
              "unrest set-aside: those dice go to the used area, then you act.",
    "board": "board NAME: with Unrest, choose one side of a drawn board, in reverse order.",
}
TOPICS["star-reroll"] = TOPICS["reroll"]
TOPICS["build"] = TOPICS["wonder"]


def _gains(c: Content, dice: tuple[str, ...], chits: tuple[str, ...]) -> str:
    parts = [f"{d} die" for d in dice] + [f"{ch} chit" for ch in chits]
    return ", ".join(parts) or "nothing"


def _find(c: Content, topic: str) -> str:
    key = "-".join(topic.lower().split())
    for tile in c.tiles.values():
        if key in (tile.key, "-".join(tile.name.lower().split())):
            pay = "strength" if tile.type == "colony" else "gold"
            build = f", built with {tile.build} stone" if tile.build else ""
            pack = ", Unrest" if tile.pack != "base" else ""
            return (f"{tile.name} (age {tile.age} {tile.type}{pack}): "
                    f"costs {tile.cost} {pay} x row, {tile.vp} VP, gives "
                    f"{_gains(c, tile.dice, tile.chits)}{build}. {tile.text}").strip()
    for event in c.events.values():
        if key in (event.key, "-".join(event.name.lower().split())):
            return (f"{event.name} (age {event.age} event): food {event.famine} or more scores "
                    f"{event.famine_vp} VP, strength {event.war} or more scores {event.war_vp}.")
    for board in c.boards.values():
        if key == board.key:
            slots = " ".join("[" + " ".join(s) + "]" for s in board.slots)
            return (f"{board.name} board: slots {slots}; advisor slot "
                    f"{_gains(c, board.advisor_dice, board.advisor_chits)}; "
                    f"{board.wonder_slots} wonder slot(s); chits {', '.join(board.chits)}.")
    for bonus in c.bonus_tiles.values():
        if key in (bonus.key, "-".join(bonus.name.lower().split())):
            return f"{bonus.name}: {bonus.text} Solo: {bonus.solo_text}"
    return ""


def help_text(topic: str | None) -> str:
    """The overview for None, else the help on a move or a component, in lines of at most
    ``WIDTH`` columns ("" for no such topic)."""
    if topic is None:
        return OVERVIEW
    word = topic.strip().lower()
    return textwrap.fill(TOPICS.get(word) or _find(content(), word), WIDTH)


def topics(prefix: str) -> list[tuple[str, str]]:
    """The help topics starting with ``prefix``: the move commands, then every tile (by its
    type), event, board and bonus tile."""
    c = content()
    found = {key: "move" for key in TOPICS}
    for tile in c.tiles.values():
        found.setdefault(tile.key, f"{tile.type} tile")
    for event in c.events.values():
        found.setdefault(event.key, "event")
    for board in c.boards.values():
        found.setdefault(board.key, "board")
    for bonus in c.bonus_tiles.values():
        found.setdefault(bonus.key, "bonus tile")
    return [(topic, what) for topic, what in found.items() if topic.startswith(prefix)]
