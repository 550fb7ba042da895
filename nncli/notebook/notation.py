"""Move text: ``format_move`` and ``parse_move`` (exact inverses), and completions for a prefix.

The canonical forms are lower case with single spaces, for example::

    initiative 3                      build house k5 from th1       avatar build lumber-camp c1
    destroy house1                    trade 1 gold for 2 wood at market1
    offering 1 source at temple1      spawn melee j7 from barracks1
    move melee1 j9                    attack melee1 thimble:ranged2  combine melee1 melee2
    channel magic1                    demolish siege1 thimble:th2    recover melee3
    avatar encounter g9               power sp1                      use eureka cavalry
    reward horde culture              research cavalry               end

Parsing forgives case, extra spaces, aliases and the ``at``/``from`` parts that the position
makes clear; it resolves names only and leaves legality to the engine. docs/NOTATION.md has all.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from nncli import textmoves
from nncli.game import BadNotation
from nncli.notebook import content, economy
from nncli.notebook.content import Nation
from nncli.notebook.geometry import (
    Rect,
    adjacent,
    building_rect,
    parse_square,
    square_name,
    unit_rect,
)
from nncli.notebook.moves import (
    Attack,
    Build,
    Channel,
    Collect,
    Combine,
    Demolish,
    Destroy,
    Draw,
    EndTurn,
    Initiative,
    Move,
    MovePiece,
    Offering,
    Power,
    Recover,
    Research,
    Reward,
    Spawn,
    Trade,
    UseEncounter,
)
from nncli.notebook.state import Building, State, Unit

AVATAR = "avatar"
TRADE_GOODS = ("gold", "food", "wood")
_TRADE_NAMES = {good: good for good in TRADE_GOODS}
TRACKS = ("culture", "science")
POWERS = {"sp1": "sp1", "1": "sp1", "sp2": "sp2", "2": "sp2", "grand": "grand", "3": "grand",
          "g": "grand"}
BUILDING_ALIASES = {
    "th": "town-hall", "hall": "town-hall", "townhall": "town-hall", "uni": "university",
    "lumber": "lumber-camp", "mine": "mining-camp", "mining": "mining-camp",
    "camp": "food-camp", "food": "food-camp", "crown": "unique",
}
UNIT_ALIASES = {"cav": "cavalry", "mage": "magic"}

Piece = TypeVar("Piece", Building, Unit)


# --- formatting ---------------------------------------------------------------------------

def _sq(col: int, row: int) -> str:
    return square_name(col, row)


def _goods(food: int, wood: int) -> str:
    """``2 food 3 wood`` with zero parts left out (``0 food`` when both are zero)."""
    parts = [f"{n} {name}" for n, name in ((food, "food"), (wood, "wood")) if n]
    return " ".join(parts) or "0 food"


def _words(head: str, args: tuple[str, ...]) -> str:
    return " ".join((head, *args))


def _format_trade(move: Trade) -> str:
    gold, goods = f"{move.gold} gold", _goods(move.food, move.wood)
    give, get = (goods, gold) if move.buy_gold else (gold, goods)
    return f"trade {give} for {get} at {move.market}"


def _format_build(move: Build) -> str:
    if move.by == AVATAR:
        return f"avatar build {move.building} {_sq(move.col, move.row)}"
    return f"build {move.building} {_sq(move.col, move.row)} from {move.by}"


# The canonical text of each kind of move (looked up by its class: quicker than a match).
FORMATS: dict[type, Callable[[Any], str]] = {
    Initiative: lambda m: f"initiative {m.space}",
    Build: _format_build,
    Destroy: lambda m: f"destroy {m.building}",
    Trade: _format_trade,
    Offering: lambda m: f"offering {m.source} source at {m.temple}",
    Spawn: lambda m: f"spawn {m.unit} {_sq(m.col, m.row)} from {m.building}",
    MovePiece: lambda m: f"move {m.piece} {_sq(m.col, m.row)}",
    Attack: lambda m: f"attack {m.piece} {m.target}",
    Combine: lambda m: f"combine {m.piece} {m.other}",
    Channel: lambda m: f"channel {m.piece}",
    Demolish: lambda m: f"demolish {m.piece} {m.target}",
    Recover: lambda m: f"recover {m.piece}",
    Collect: lambda m: f"avatar encounter {_sq(m.col, m.row)}",
    Power: lambda m: _words(f"power {m.power}", m.args),
    UseEncounter: lambda m: _words(f"use {m.tile}", m.args),
    Reward: lambda m: f"reward {m.objective} {m.track}",
    Research: lambda m: f"research {m.node}",
    EndTurn: lambda m: "end",
    Draw: lambda m: f"draw {m.tile}",
}


def format_move(move: Move) -> str:
    """The canonical text of ``move``: ``parse_move(format_move(m), state) == m``."""
    text = FORMATS.get(type(move))
    if text is None:
        raise TypeError(f"not a move: {move!r}")
    return text(move)


# --- small parsing helpers -------------------------------------------------------------------

@cache
def kebab(name: str) -> str:
    """``"Hunting Lodge"`` -> ``"hunting-lodge"``; ``"Eureka!"`` -> ``"eureka"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _lookup(word: str, names: dict[str, str], what: str) -> str:
    """The key ``word`` names in ``names`` (alias -> key), or BadNotation with a suggestion."""
    if word in names:
        return names[word]
    close = difflib.get_close_matches(word, list(names), n=1)
    if close:
        raise BadNotation(f"no {what} '{word}'; did you mean {close[0]}?")
    choices = ", ".join(sorted(set(names.values())))
    raise BadNotation(f"no {what} '{word}'; try {choices}.")


def _nation(state: State) -> Nation:
    return content.load().nations[state.mover]


def _usage(example: str) -> BadNotation:
    return BadNotation(f"incomplete move: write it like '{example}'.")


MAX_DIGITS = 6  # no count in a move comes near a million


def _number(word: str, example: str) -> int:
    if not textmoves.is_number(word):
        raise BadNotation(f"'{word}' is not a number: write it like '{example}'.")
    if len(word) > MAX_DIGITS:
        raise BadNotation(f"'{word[:MAX_DIGITS]}...' is too large a number for a move.")
    return int(word)


def _in_map(state: State, word: str) -> tuple[int, int] | None:
    """The square ``word`` names, None when it is not a square's form; BadNotation off the map."""
    square = parse_square(word)
    if square is None:
        return None
    board = content.load().maps[state.map_key]
    if square[0] >= board.width or square[1] >= board.height:
        raise BadNotation(f"no square {word} on this map.")
    return square


def _square(state: State, word: str) -> tuple[int, int]:
    square = _in_map(state, word)
    if square is None:
        raise BadNotation(f"'{word}' is not a square; squares look like c5.")
    return square


def _split_tail(args: list[str], keyword: str) -> tuple[list[str], str]:
    """``[..., keyword, x]`` -> ``([...], x)``; ``(args, "")`` without the keyword."""
    if keyword in args:
        at = args.index(keyword)
        if at != len(args) - 2:
            raise BadNotation(f"'{keyword}' must be followed by one name, at the end.")
        return args[:at], args[at + 1]
    return args, ""


def _name_then_square(state: State, args: list[str], example: str) -> tuple[str, int, int]:
    """``hunting lodge at c5`` -> ``("hunting-lodge", 2, 4)``."""
    words = [w for w in args if w != "at"]
    if len(words) < 2:
        raise _usage(example)
    col, row = _square(state, words[-1])
    return "-".join(words[:-1]), col, row


def _own_unit(state: State, word: str) -> str:
    """The id of the mover's unit ``word``: its id, or its label on the board (``m1``)."""
    if state.unit(state.mover, word) is None:
        return _labelled(state, word, "piece")
    return word


def _own_building(state: State, word: str) -> str:
    """The id of the mover's building ``word``: its id, or its label on the board (``ba1`` for
    ``barracks1``)."""
    if state.building(state.mover, word) is None:
        return _labelled(state, word, "building")
    return word


def _labelled(state: State, word: str, what: str) -> str:
    """The id of the mover's one unit (``what`` "piece") or building whose label on the board
    is ``word``, or BadNotation saying which of the mover's pieces the label is, if any."""
    from nncli.notebook.render import building_label, unit_label  # only when an id is missed

    units = [(u.id, unit_label(u)) for u in state.units if u.owner == state.mover]
    buildings = [(b.id, building_label(b)) for b in state.buildings if b.owner == state.mover]
    wanted, other = (units, buildings) if what == "piece" else (buildings, units)
    found = [piece for piece, label in wanted if label.lower() == word.lower()]
    if len(found) == 1:
        return found[0]
    elsewhere = [piece for piece, label in other if label.lower() == word.lower()]
    if elsewhere:
        kind = "building" if what == "piece" else "unit"
        raise BadNotation(f"you have no {what} {word}: {word} on the board is your {kind} "
                          f"{elsewhere[0]}.")
    raise BadNotation(f"you have no {what} {word}.")


def _pick(found: list[Building], tests: Sequence[Callable[[Building], bool]], what: str,
          keyword: str) -> str:
    """The one building left after narrowing ``found`` by each test that keeps any."""
    if not found:
        raise BadNotation(f"you have no {what} for that.")
    for test in tests:
        kept = [b for b in found if test(b)]
        found = kept or found
    if len(found) > 1:
        choices = " or ".join(f"{keyword} {b.id}" for b in found)
        raise BadNotation(f"say which {what}: {choices}.")
    return found[0].id


def _with_action(state: State, action: str, what: str, keyword: str,
                 near: Rect | None = None, spawns: str = "") -> str:
    """The mover's one building with ``action`` (and spawning ``spawns``) for an omitted name."""
    types = _nation(state).buildings
    found = [b for b in state.buildings if b.owner == state.mover and not b.face_down
             and action in types[b.key].actions
             and (not spawns or spawns in types[b.key].spawns)]

    def unused(b: Building) -> bool:
        return b.id not in state.turn.buildings_acted

    def beside(b: Building) -> bool:
        return near is not None and adjacent(b.rect, near)

    return _pick(found, (unused, beside), what, keyword)


# --- naming other players' pieces ------------------------------------------------------------

def _qualified(state: State, word: str, pieces: Sequence[Piece], what: str) -> str:
    nation, _, piece_id = word.partition(":")
    if nation not in {p.nation for p in state.players}:
        raise BadNotation(f"no nation '{nation}' in this game.")
    if not any(p.owner == nation and p.id == piece_id for p in pieces):
        raise BadNotation(f"{nation} has no {what} {piece_id}.")
    return word


def _one(state: State, found: list[Piece], what: str, where: str, own_ok: bool) -> str:
    """``nation:id`` of the one piece found, enemies first; BadNotation when none or several."""
    enemies = [p for p in found if p.owner != state.mover]
    chosen = enemies or (found if own_ok else [])
    if not chosen:
        raise BadNotation(f"no enemy {what} {where}.")
    if len(chosen) > 1:
        names = " or ".join(f"{p.owner}:{p.id}" for p in chosen)
        raise BadNotation(f"say which {what}: {names}.")
    return f"{chosen[0].owner}:{chosen[0].id}"


def _target(state: State, word: str, pieces: Sequence[Piece], what: str, own_ok: bool) -> str:
    """A target named ``nation:id``, by a bare id, or by a square it covers."""
    if ":" in word:
        return _qualified(state, word, pieces, what)
    named = [p for p in pieces if p.id == word]
    if named:
        return _one(state, named, what, f"called {word}", own_ok)
    square = _in_map(state, word)
    if square is None:
        raise BadNotation(f"no {what} or square '{word}'.")
    covering = [p for p in pieces if p.rect.covers(*square)]
    return _one(state, covering, what, f"on {word}", own_ok)


# --- one parser per command ------------------------------------------------------------------

# The names of each nation's building and unit types, by the nation's identity (made once)
_NAMES: dict[tuple[str, int], tuple[Nation, dict[str, str]]] = {}


def _names(nation: Nation, what: str, make: Callable[[Nation], dict[str, str]]) -> dict[str, str]:
    """``make(nation)``, made once for each Nation object (the data of a test may replace it);
    the dict is shared, so it is only read."""
    kept = _NAMES.get((what, id(nation)))
    if kept is None or kept[0] is not nation:
        kept = _NAMES[what, id(nation)] = (nation, make(nation))
    return kept[1]


def _building_names(nation: Nation) -> dict[str, str]:
    return _names(nation, "buildings", _make_building_names)


def _make_building_names(nation: Nation) -> dict[str, str]:
    names = dict(BUILDING_ALIASES)
    for key, kind in nation.buildings.items():
        names.update({kebab(kind.name): key, kind.prefix: key, key: key})
    return names


def _parse_initiative(state: State, args: list[str]) -> Move:
    if len(args) != 1:
        raise _usage("initiative 3")
    return Initiative(_number(args[0], "initiative 3"))


def _parse_build(state: State, args: list[str], by_avatar: bool = False) -> Move:
    example = "build house k5 from th1"
    words, by = _split_tail(args, "from")
    name, col, row = _name_then_square(state, words, example)
    nation = _nation(state)
    key = _lookup(name, _building_names(nation), "building type")
    if by_avatar or by == AVATAR or (not by and nation.buildings[key].kind == "crown"):
        return Build(key, col, row, AVATAR)
    if by:
        return Build(key, col, row, _own_building(state, by))
    return Build(key, col, row, _with_action(state, "develop", "Town Hall", "from",
                                             near=building_rect(col, row)))


def _parse_destroy(state: State, args: list[str]) -> Move:
    if len(args) != 1:
        raise _usage("destroy house1")
    return Destroy(_own_building(state, args[0]))


def _goods_of(words: list[str]) -> dict[str, int]:
    """``["2", "food", "and", "1", "wood"]`` -> ``{"food": 2, "wood": 1}``."""
    words = [w for w in words if w != "and"]
    if not words or len(words) % 2:
        raise _usage("trade 1 gold for 2 wood")
    goods: dict[str, int] = {}
    for count, name in zip(words[::2], words[1::2], strict=True):
        resource = _lookup(name, _TRADE_NAMES, "tradeable resource")
        goods[resource] = goods.get(resource, 0) + _number(count, "trade 1 gold for 2 wood")
    return goods


def _parse_trade(state: State, args: list[str]) -> Move:
    words, market = _split_tail(args, "at")
    if "for" not in words:
        raise _usage("trade 1 gold for 2 wood at market1")
    cut = words.index("for")
    give, get = _goods_of(words[:cut]), _goods_of(words[cut + 1:])
    if set(give) == {"gold"} and "gold" not in get:
        buy_gold, gold, goods = False, give["gold"], get
    elif set(get) == {"gold"} and "gold" not in give:
        buy_gold, gold, goods = True, get["gold"], give
    else:
        raise BadNotation("a trade gives gold for food and wood, or food and wood for gold.")
    market = _own_building(state, market) if market else \
        _with_action(state, "trade", "Market", "at")
    return Trade(market, gold, goods.get("food", 0), goods.get("wood", 0), buy_gold)


def _gold_per_source(state: State, temple: str) -> int:
    building = state.building(state.mover, temple)
    return economy.gold_per_source(building.key if building else "temple")


def _parse_offering(state: State, args: list[str]) -> Move:
    example = "offering 1 source at temple1"
    words, temple = _split_tail(args, "at")
    if len(words) not in (1, 2) or (len(words) == 2 and words[1] not in ("source", "gold")):
        raise _usage(example)
    temple = _own_building(state, temple) if temple else \
        _with_action(state, "offering", "Temple", "at")
    amount = _number(words[0], example)
    if words[-1] != "gold":
        return Offering(temple, amount)
    price = _gold_per_source(state, temple)
    if amount % price:
        raise BadNotation(f"Source costs {price} gold each at {temple}; say how much Source.")
    return Offering(temple, amount // price)


def _unit_names(nation: Nation) -> dict[str, str]:
    return _names(nation, "units", _make_unit_names)


def _make_unit_names(nation: Nation) -> dict[str, str]:
    names = dict(UNIT_ALIASES)
    for key, kind in nation.units.items():
        names.update({kebab(kind.name): key, key: key})
    return names


def _parse_spawn(state: State, args: list[str]) -> Move:
    words, building = _split_tail(args, "from")
    name, col, row = _name_then_square(state, words, "spawn melee j7 from barracks1")
    unit = _lookup(name, _unit_names(_nation(state)), "unit type")
    if building:
        return Spawn(unit, col, row, _own_building(state, building))
    where = _with_action(state, "spawn", f"building that spawns {unit}", "from",
                         near=unit_rect(col, row), spawns=unit)
    return Spawn(unit, col, row, where)


def _parse_move(state: State, args: list[str]) -> Move:
    words = [w for w in args if w != "to"]
    if len(words) != 2:
        raise _usage("move melee1 j9")
    col, row = _square(state, words[1])
    return MovePiece(_own_unit(state, words[0]), col, row)


def _two(args: list[str], example: str) -> tuple[str, str]:
    if len(args) != 2:
        raise _usage(example)
    return args[0], args[1]


def _parse_attack(state: State, args: list[str]) -> Move:
    piece, target = _two(args, "attack melee1 l9")
    return Attack(_own_unit(state, piece),
                  _target(state, target, state.units, "unit or avatar", own_ok=False))


def _parse_combine(state: State, args: list[str]) -> Move:
    piece, other = _two(args, "combine melee1 melee2")
    return Combine(_own_unit(state, piece), _own_unit(state, other))


def _one_piece(args: list[str], example: str) -> str:
    if len(args) != 1:
        raise _usage(example)
    return args[0]


def _parse_channel(state: State, args: list[str]) -> Move:
    return Channel(_own_unit(state, _one_piece(args, "channel magic1")))


def _parse_recover(state: State, args: list[str]) -> Move:
    return Recover(_own_unit(state, _one_piece(args, "recover melee3")))


def _parse_demolish(state: State, args: list[str]) -> Move:
    piece, target = _two(args, "demolish siege1 thimble:th2")
    return Demolish(_own_unit(state, piece),
                    _target(state, target, state.buildings, "building", own_ok=True))


def _parse_collect(state: State, args: list[str]) -> Move:
    col, row = _square(state, _one_piece([w for w in args if w != "at"], "avatar encounter g9"))
    return Collect(col, row)


def _parse_power(state: State, args: list[str]) -> Move:
    if not args:
        raise _usage("power sp1")
    return Power(_lookup(args[0], POWERS, "Source Power"), tuple(args[1:]))


def _tile_and_args(state: State, args: list[str]) -> tuple[str, list[str]]:
    """The tile named first (a key, a hand position, or a name in several words) and the rest."""
    names = {key: key for key in (t.key for t in content.load().encounters)}
    names.update({kebab(t.name): t.key for t in content.load().encounters})
    if textmoves.is_number(args[0]):
        hand = state.player(state.mover).hand
        number = _number(args[0], "use 1")
        if not 1 <= number <= len(hand):
            raise BadNotation(f"you hold no encounter tile number {number}.")
        return hand[number - 1], args[1:]
    longest = max(len(name.split("-")) for name in names)  # longer tries cannot match
    for length in range(min(len(args), longest), 0, -1):
        joined = "-".join(args[:length])
        if joined in names:
            return names[joined], args[length:]
    return _lookup(args[0], names, "encounter tile"), args[1:]


def _parse_use(state: State, args: list[str]) -> Move:
    words = args[1:] if args[:1] == ["encounter"] else args
    if not words:
        raise _usage("use eureka cavalry")
    tile, rest = _tile_and_args(state, words)
    return UseEncounter(tile, tuple(rest))


def _parse_reward(state: State, args: list[str]) -> Move:
    tracks = [w for w in args if w in TRACKS]
    others = [w for w in args if w not in TRACKS]
    if len(tracks) != 1 or len(others) > 1:
        raise _usage("reward horde culture")
    if others:
        names = {kebab(o.name): o.key for o in _nation(state).objectives}
        names.update({o.key: o.key for o in _nation(state).objectives})
        return Reward(_lookup(others[0], names, "objective"), tracks[0])
    pending = state.turn.pending_rewards
    if len(pending) != 1:
        raise BadNotation(f"say which objective: {' or '.join(pending) or 'none is waiting'}.")
    return Reward(pending[0], tracks[0])


def _parse_research(state: State, args: list[str]) -> Move:
    if not args:
        raise _usage("research cavalry")
    nodes = content.load().research[state.research_side].nodes
    names = {kebab(n.name): n.key for n in nodes}
    names.update({n.key: n.key for n in nodes})
    return Research(_lookup("-".join(args), names, "research node"))


def _parse_end(state: State, args: list[str]) -> Move:
    if args not in ([], ["turn"]):
        raise _usage("end")
    return EndTurn()


Parser = Callable[[State, list[str]], Move]

def _parse_draw(state: State, args: list[str]) -> Move:
    """``draw TILE``: chance's draw of an encounter tile (the shell makes it, never a player)."""
    if len(args) != 1:
        raise _usage("draw eureka")
    return Draw(args[0])


COMMANDS: dict[str, Parser] = {
    "initiative": _parse_initiative, "build": _parse_build, "destroy": _parse_destroy,
    "trade": _parse_trade, "offering": _parse_offering, "spawn": _parse_spawn,
    "move": _parse_move, "attack": _parse_attack, "combine": _parse_combine,
    "channel": _parse_channel, "demolish": _parse_demolish, "recover": _parse_recover,
    "encounter": _parse_collect, "power": _parse_power, "use": _parse_use,
    "reward": _parse_reward, "research": _parse_research, "end": _parse_end,
    "draw": _parse_draw,
}
COMMAND_ALIASES = {"init": "initiative", "offer": "offering", "collect": "encounter",
                   "pass": "end"}
AVATAR_VERBS = ("move", "attack", "channel", "recover")


def _avatar(state: State, args: list[str]) -> Move:
    """``avatar build ...``, ``avatar encounter ...``, ``avatar move f6`` and the like."""
    verb = COMMAND_ALIASES.get(args[0], args[0]) if args else ""
    if verb == "build":
        return _parse_build(state, args[1:], by_avatar=True)
    if verb in ("encounter", "power"):
        return COMMANDS[verb](state, args[1:])
    if verb in AVATAR_VERBS:
        return COMMANDS[verb](state, [AVATAR, *args[1:]])
    raise BadNotation("after 'avatar' say move, attack, build, encounter, channel, recover or "
                      "power.")


def _unknown(word: str) -> BadNotation:
    verbs = [*COMMANDS, *COMMAND_ALIASES, AVATAR]
    close = difflib.get_close_matches(word, verbs, n=1)
    hint = f"did you mean {COMMAND_ALIASES.get(close[0], close[0])}? " if close else ""
    return BadNotation(f"unknown move '{word}': {hint}try {', '.join(COMMANDS)}, avatar or help.")


def words(text: str) -> list[str]:
    """Lower-case words of ``text``; commas count as spaces."""
    return text.lower().replace(",", " ").split()


def parse_move(text: str, state: State) -> Move:
    """The move ``text`` names for the player to act in ``state`` (raises BadNotation)."""
    tokens = words(text)
    if not tokens:
        raise BadNotation("empty move: type a move, or help.")
    if not state.mover:
        raise BadNotation("the game is over; no more moves.")
    head, args = COMMAND_ALIASES.get(tokens[0], tokens[0]), tokens[1:]
    if head == AVATAR:
        return _avatar(state, args)
    if head not in COMMANDS:
        raise _unknown(tokens[0])
    return COMMANDS[head](state, args)
