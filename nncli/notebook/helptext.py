"""Help for each move command, shown by ``help`` and ``help <command>`` in the REPL.

The texts follow docs/NOTATION.md; keep the two in step.
"""

from __future__ import annotations

OVERVIEW = """\
Moves (type a few letters and press Tab; only moves legal now are offered):
  initiative N              build TYPE SQUARE [from th1]   destroy BUILDING
  trade ... for ...         offering N source [at temple1] combine UNIT UNIT
  spawn UNIT SQUARE [from BUILDING]                        research NODE
  move PIECE SQUARE         attack PIECE TARGET            recover PIECE
  channel PIECE             demolish SIEGE BUILDING        use TILE [args]
  avatar ...                power sp1|sp2|grand [args]     end
  reward OBJECTIVE TRACK
Squares are spreadsheet style (a1 is the top-left); a tile's square is its
top-left. Another player's piece is nation:id (thimble:ranged2), or a square
it covers. The components and the rules: help house, help melee,
help research, help initiative, help eureka (an encounter tile),
help MOVE-04 (a rule of the checklist)."""

MOVES: dict[str, str] = {
    "initiative": "initiative N\n  Place your pawn on initiative space N (Initiative Phase).\n"
    "  Example: initiative 3   (also: init 3)",
    "build": "build TYPE SQUARE [from TOWNHALL]\n"
    "  Town Hall Develop: place a Town Building with its top-left square on SQUARE.\n"
    "  'from th1' may be left out when only one Town Hall fits. A Crown Building is built\n"
    "  by the Avatar: avatar build lumber-camp c1.\n  Example: build house k5 from th1",
    "destroy": "destroy BUILDING\n"
    "  Remove one of your buildings next to a full Town Hall to make room.\n"
    "  Example: destroy house1",
    "trade": "trade GIVE for GET [at MARKET]\n"
    "  Market Trade: gold for food and wood, or food and wood for gold.\n"
    "  Examples: trade 1 gold for 2 wood at market1; trade 2 food 2 wood for 2 gold",
    "offering": "offering N source [at TEMPLE]\n  Temple Offering: buy Source.\n"
    "  Example: offering 1 source at temple1   (also: offering 1)",
    "spawn": "spawn UNIT SQUARE [from BUILDING]\n"
    "  Buy a unit and place its top-left square on SQUARE, touching the building.\n"
    "  Example: spawn melee j7 from barracks1",
    "move": "move PIECE SQUARE\n"
    "  Move a unit (or your avatar) so its top-left ends on SQUARE; the path is found for you.\n"
    "  Examples: move melee1 j9; move avatar f6",
    "attack": "attack PIECE TARGET\n"
    "  Attack an enemy unit or Avatar, named nation:id, by bare id, or by a square it covers.\n"
    "  Examples: attack melee1 thimble:ranged2; attack melee1 l9",
    "combine": "combine UNIT OTHER\n"
    "  A size-1 unit that moved onto another joins it as a size-2 unit.\n"
    "  Example: combine melee1 melee2",
    "channel": "channel PIECE\n  Channel Source beside the Source Pool.\n"
    "  Examples: channel magic1; channel avatar",
    "demolish": "demolish SIEGE BUILDING\n  A Siege unit demolishes a building.\n"
    "  Example: demolish siege1 thimble:th2",
    "recover": "recover PIECE\n  Flip a Stunned unit or Avatar back.\n"
    "  Examples: recover melee3; recover avatar",
    "avatar": "avatar move|attack|build|encounter|channel|recover|power ...\n"
    "  The Avatar's actions, written after 'avatar'.\n"
    "  Examples: avatar move f6; avatar build lumber-camp c1; avatar encounter g9",
    "encounter": "avatar encounter SQUARE\n"
    "  The Avatar collects the encounter token on SQUARE.\n  Example: avatar encounter g9",
    "power": "power sp1|sp2|grand [ARGS]\n"
    "  Use a Source Power, then any words the power needs.\n"
    "  Examples: power sp1; power sp2 thimble:ranged2; power grand melee1 melee2",
    "use": "use TILE [ARGS]\n"
    "  Play an encounter tile from your hand, by name or by its number in your hand.\n"
    "  Examples: use eureka cavalry; use 2 cavalry",
    "reward": "reward OBJECTIVE culture|science\n"
    "  Take a completed objective's reward on the Culture or Science track.\n"
    "  Example: reward horde culture",
    "research": "research NODE\n  Buy a research node; this ends your actions.\n"
    "  Example: research cavalry",
    "end": "end\n  End your turn without research.   (also: end turn, pass)",
}


def help_text(topic: str | None) -> str:
    """The overview for None; the help on one move command, on a component (from the data
    files) or a rule (by its checklist id); or "" for an unknown topic."""
    if topic is None:
        return OVERVIEW
    from nncli.notebook.components import component_help

    key = " ".join(topic.lower().split())
    return "\n".join(text for text in (MOVES.get(key, ""), component_help(key)) if text)
