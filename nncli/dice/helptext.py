"""``help``: the Dice Game's moves, the words of its screens and rules, the text of any tile,
event, board or bonus tile by name, and the rules checklist's rows by id (``help DBUY-01``,
from ``data/checklist.toml``, made by ``scripts/make-checklist-data``)."""

from __future__ import annotations

import re
import textwrap

from nncli import checklists
from nncli.checklists import rule_topics
from nncli.dice.content import DATA_DIR, Content, content, slug

WIDTH = 78  # the help fits an 80-column terminal, with room for the REPL's margin
RULE_ID = re.compile(r"[a-z]+-\d{2}")

OVERVIEW = """\
Nations: The Dice Game, four rounds (one per age). Each round everyone rolls,
then acts one action at a time until all have passed; then books, famine and
war score. Dice are named by slot and number (a1, b1 ...; v1 on the advisor
slot), chits by kind (gold, 2gold, reroll ...), tiles by column and row (row
1 is the bottom row, 1x) or by name.
  buy 2 1 on c with a1 b1 gold  buy a tile (a building or military covers c)
  reroll a1 c1                  spend a reroll chit on those dice
  star-reroll a1                the same with a star reroll, then act again
  wonder with b1 d1 stone       build your wonder, all its stone at once
  pass [food|strength|book]     pass (Unrest: take a pass-first tile)
  unrest reroll | unrest set-aside   first, when dice show Unrest (U)
  board SIDE                    Unrest: choose a drawn board (board + Tab)
Any two dice pay 1 gold, strength or stone. Tab offers payments that suffice.
help TERM explains a word of the screen (help books, help shadow, help green),
help NAME a tile, event, board or bonus tile (help quarry, help japan), and
help DBUY-01 a rule that a refusal cites; help + Tab lists them all."""

MOVES = {
    "buy": "buy COLUMN ROW [on SLOT] with DICE CHITS: pay the tile's cost times its row (1x, 2x,"
           " 3x) in gold, colonies in strength. A building or a military tile covers slot SLOT "
           "(a, b ...): that slot's dice go back, the new dice are rolled at once. Name only what "
           "the price needs; no change is given. A tile may be named instead of its column and "
           "row: buy farm on a with a1 b1.",
    "reroll": "reroll DICE: spend a reroll chit and reroll those unused dice; that is your "
              "turn. star-reroll DICE: the same with a star reroll chit, then you act again.",
    "wonder": "wonder [SLOT] with DICE CHITS: pay your wonder's whole stone cost in one action;"
              " it is built at once: its chits arrive unused, its VP count at the end of the "
              "game. SLOT is the wonder slot (1 or 2) on a board with two.",
    "pass": "pass: you are out for the round. With Unrest the first players to pass take a "
            "pass-first tile (pass food, pass strength, pass book); the last takes none.",
    "unrest": "Unrest: a green die's Unrest face (U). When any unused die shows U at the start "
              "of your turn, first say \"unrest reroll\" (your action is to reroll every die "
              "showing U, no chit needed) or \"unrest set-aside\" (those dice go to the used "
              "area, then you act). A die showing U never pays for anything.",
    "board": "board SIDE (Unrest, at the start): choose one side of a drawn board, in reverse "
             "player order; \"board \" and Tab lists the sides still open (board japan when "
             "Japan's board was drawn). Otherwise board shows the screen (board NAME: another "
             "player's dice around it).",
}
MOVES["star-reroll"] = MOVES["reroll"]
MOVES["build"] = MOVES["wonder"]

TERMS = {
    "age": "Age: the four rounds are the four ages (I to IV); each age has its own progress "
           "tiles and events, and the game ends after the fourth.",
    "round": "Round: roll every die, act in player order until all have passed, then score "
             "books, famine and war (and the bonus tile with Unrest) and set the next order. "
             "The report shows what the end of the round did.",
    "books": "Books: each round your unused book symbols move your book marker on. Each "
             "player then scores 2 VP for each opponent with strictly fewer books (in solo, 2 "
             "VP when you have more than the shadow). Books are never spent.",
    "famine": "Famine: the event's first value. At the end of the round, a player whose unused"
              " food reaches it scores the event's famine VP; below it, nothing is lost.",
    "war": "War: the event's second value. A player whose unused strength reaches it scores "
           "the event's war VP. Unused strength also sets the next round's player order.",
    "strength": "Strength (X): from red dice and chits; it pays for colonies, meets the war "
                "value and orders the players for the next round, most first.",
    "food": "Food (F): it meets the event's famine value at the end of the round.",
    "gold": "Gold (G): it pays for buildings, military, advisors and wonders.",
    "stone": "Stone (S): it builds your wonder under construction, all at once.",
    "event": "Event: one per round, of that age: its famine value (food) and war value "
             "(strength), each with the VP it gives.",
    "vp": "VP: victory points, from books, famine, war and bonus tiles each round and, at the "
          "end, the VP printed on your tiles. The standings show VP now and +N tiles, what "
          "your tiles will add. Most VP wins; a tie goes to the earlier in player order.",
    "order": "Player order: the number before a name on the standings. It is random in round "
             "1, then by unused strength at the end of each round (ties keep their order).",
    "standings": "Standings: a line per player: > for the player to act, the player order, "
                 "name and board, VP (+ what the tiles will add), books, the unused symbols "
                 "(4G 0S 3F 2X 0B) and the pass (passed +1F: the pass-first tile taken).",
    "dice": "Dice: named by building slot and number (a1, b2; v1 on an advisor slot). On the "
            "screen a1:2Go is die a1, orange, showing two gold. Colours: w white, o orange, "
            "b blue, r red, g green. Faces: G gold, S stone, F food, X strength, B book, U "
            "Unrest. Spent dice are listed after \"| used\".",
    "chits": "Chits: gold, 2gold, stone, food, strength, book, reroll, star-reroll ... from "
             "your board, advisor, colonies and wonders; each is spent once a round and comes "
             "back the next. A two-symbol chit is spent whole.",
    "used": "Used: dice and chits spent this round; they come back unused at the next round. "
            "Only unused symbols count at the end of the round.",
    "unused": "Unused: the symbols of your unspent dice and chits (and pass-first tile); they "
              "score books, famine and war at the end of the round.",
    "two-dice": "Two dice as one: any two unused dice not showing Unrest pay 1 gold, 1 strength"
                " or 1 stone together, whatever they show (for payments only).",
    "slot": "Slot: a building slot of your board (a, b ...), printed with its start dice. A "
            "building or military tile bought covers one: its dice return, the tile's are "
            "rolled, and the covered tile's VP are lost.",
    "advisor": "Advisor: a tile on your advisor slot, giving chits; a new one replaces the old.",
    "colony": "Colony: a tile paid in strength, kept beside your board, any number of them.",
    "wonder": "Wonder: bought with gold onto your wonder slot, then built with stone "
                   "(the wonder move); only a built wonder scores its VP and gives its chits.",
    "building": "Building: a tile covering a slot; it gives dice (orange, blue ...) and VP.",
    "military": "Military: a tile covering a slot like a building; it gives red dice.",
    "price": "Price: a tile's cost times its row: row 1 (bottom) 1x, row 2 2x, row 3 3x; 3G "
             "is 3 gold, 2X 2 strength (colonies).",
    "progress-board": "Progress board: the round's tiles in columns (col 1 ...) and rows (r1 "
                      "bottom, 1x, to r3 top, 3x), each with its price; - is an empty space.",
    "green-die": "Green die (Unrest): faces 2G 2S 2F 2X 2B and U, the Unrest face (help "
                 "unrest); from Unrest boards and tiles.",
    "star-reroll": "Star reroll (Unrest): a chit like a reroll; after the star reroll you "
                        "take another turn at once (starting with the Unrest check).",
    "pass-first": "Pass-first tiles (Unrest): food, strength and book. The first to pass takes "
                  "one and gets +1 of it this round (+2 under Pass first doubled); each later "
                  "one takes one that is left; the last to pass takes none. In solo they lie "
                  "above columns 1 to 3, and the shadow may take them.",
    "bonus": "Bonus tile (Unrest): one a round, for that round: Most food, Most strength, Most "
             "books (2 VP each to the most, ties alike), Pass first doubled, Last to pass (2 "
             "VP). In solo each has its own goal (help bonus-food ...).",
    "shadow": "Shadow (solo): after each of your actions but a pass, its d4 picks a column and "
              "it removes that column's cheapest tile; an empty column gives it the pass-first "
              "tile above, if any (food: famine +1, strength: war +1, book: its books +1). At "
              "the end of the round its books grow by a d4; you score 2 VP with more books.",
    "solo": "Solo: one player against the shadow (nncli new --game dice --solo), on a "
            "4-column board; your final VP give a Hall of Fame title.",
    "hall-of-fame": "Hall of Fame (solo): the title your final VP reach. Base game: 55 "
                    "Augustus, 45 Akbar, 36 Elizabeth I, 31 Hammurabi, 26 Ramesses II, 21 "
                    "Louis XVI, 16 Nero, 8 Caligula. With Unrest: 60 Trajan, 50 Ashoka, 40 Wu "
                    "Zetian, 35 Saladin, 30 Victoria, 25 Charles V, 20 Cleopatra, 10 Dan Quayle."
                    " Below the last, no title.",
    "tiles": "Tiles: the progress tiles of the round (help progress-board). On the standings, "
             "+N tiles is the VP the tiles you own will add at the end of the game: "
             "buildings and military on your slots, your advisor, colonies and built wonders.",
    "owned": "Owned: your colonies and built wonders, beside your board.",
    "report": "Report: what the end of a round did, a line per player (books, food and "
              "strength with the VP each scored), the bonus tiles, the next order and, at the "
              "end, the VP on tiles and the result. The REPL's report shows it again.",
}
ALIASES = {
    "green": "green-die", "star": "star-reroll", "pass-first-tile": "pass-first",
    "bonus-tile": "bonus", "hall": "hall-of-fame", "fame": "hall-of-fame", "book": "books",
    "chit": "chits", "die": "dice", "two-dice-as-one": "two-dice", "slots": "slot",
    "colonies": "colony", "buildings": "building", "rounds": "round", "ages": "age",
    "events": "event", "player-order": "order", "u": "unrest", "reroll-chit": "reroll",
    "famine-value": "famine", "war-value": "war", "row": "price", "column": "progress-board",
    "columns": "progress-board", "tile": "tiles", "col": "progress-board",
    "shadow-books": "shadow", "advisors": "advisor", "x": "strength", "g": "gold", "s": "stone",
    "f": "food", "b": "books", "passed": "pass",
}
ALIASES |= {"wonders": "wonder", "wonder-tile": "wonder", "star-reroll-chit": "star-reroll"}


def checklist() -> dict[str, dict[str, str]]:
    """The rules checklist's rows by id (``data/checklist.toml``)."""
    return checklists.read(DATA_DIR / "checklist.toml")


def rule_help(rule_id: str) -> str:
    """The checklist's rule ``rule_id``; for a question (DQ-..) its ruling, or ""."""
    return "\n".join(checklists.rule_lines(DATA_DIR / "checklist.toml", rule_id))


def _gains(dice: tuple[str, ...], chits: tuple[str, ...]) -> str:
    parts = [f"{d} die" for d in dice] + [f"{ch} chit" for ch in chits]
    return ", ".join(parts) or "nothing"


def _find(c: Content, key: str) -> str:
    """The text of the tile, event, board or bonus tile ``key`` (a key or a name's slug)."""
    for tile in c.tiles.values():
        if key in (tile.key, slug(tile.name)):
            pay = "strength" if tile.type == "colony" else "gold"
            build = f", built with {tile.build} stone" if tile.build else ""
            pack = ", Unrest" if tile.pack != "base" else ""
            return (f"{tile.name} (age {tile.age} {tile.type}{pack}): "
                    f"costs {tile.cost} {pay} x row, {tile.vp} VP, gives "
                    f"{_gains(tile.dice, tile.chits)}{build}. {tile.text}").strip()
    for event in c.events.values():
        if key in (event.key, slug(event.name)):
            return (f"{event.name} (age {event.age} event): food {event.famine} or more scores "
                    f"{event.famine_vp} VP, strength {event.war} or more scores {event.war_vp}.")
    for board in c.boards.values():
        if key == board.key:
            slots = " ".join("[" + " ".join(s) + "]" for s in board.slots)
            return (f"{board.name} board: slots {slots}; advisor slot "
                    f"{_gains(board.advisor_dice, board.advisor_chits)}; "
                    f"{board.wonder_slots} wonder slot(s); chits {', '.join(board.chits)}.")
    for bonus in c.bonus_tiles.values():
        if key in (bonus.key, slug(bonus.name)):
            return f"{bonus.name}: {bonus.text} Solo: {bonus.solo_text}"
    return ""


def wrapped(text: str) -> str:
    """``text`` wrapped at words within ``WIDTH``, each of its lines on its own."""
    return "\n".join(line for part in text.splitlines()
                     for line in textwrap.wrap(part, WIDTH, break_long_words=False,
                                               break_on_hyphens=False,
                                               subsequent_indent="  " if part != text else ""))


def help_text(topic: str | None) -> str:
    """The overview for None, else the help on a move, a word of the screens and rules, a
    component or a rule id, in lines of at most ``WIDTH`` columns ("" for no such topic)."""
    if topic is None:
        return OVERVIEW
    key = slug(topic)
    key = ALIASES.get(key, key)
    if RULE_ID.fullmatch(key):
        return wrapped(rule_help(key))
    found = [text for text in (MOVES.get(key, ""), TERMS.get(key, "")) if text]
    return wrapped("\n".join(found) or _find(content(), key))


def topics(prefix: str) -> list[tuple[str, str]]:
    """The help topics starting with ``prefix`` (lower case): the moves, the words of the
    screens and rules, every tile (by its type), event, board and bonus tile, and the rules
    grouped by their id's prefix ("dbuy-") until ``prefix`` reaches the dash, then each id."""
    c = content()
    found = {key: "move" for key in MOVES}
    found.update({key: "term" for key in [*TERMS, *ALIASES] if key not in found and len(key) > 1})
    for tile in c.tiles.values():
        found.setdefault(tile.key, f"{tile.type} tile")
    for event in c.events.values():
        found.setdefault(event.key, "event")
    for board in c.boards.values():
        found.setdefault(board.key, "board")
    for bonus in c.bonus_tiles.values():
        found.setdefault(bonus.key, "bonus tile")
    found.update(rule_topics(checklist(), prefix))
    return [(topic, what) for topic, what in found.items() if topic.startswith(prefix)]
