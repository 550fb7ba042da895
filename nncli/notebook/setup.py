"""Setting up a game: checking the setup, seats, start zones, Town Halls, Avatars, tokens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nncli.botplay import KINDS as BOTS
from nncli.game import BadSetup, refuse_foreign
from nncli.notebook import board, content, solo
from nncli.notebook.geometry import Rect, adjacent, unit_rect
from nncli.notebook.state import Building, Player, State, Unit

DEFAULT_BOT = "greedy"
CONTROLLERS = ("human", "ai", *BOTS)
FIRST_GAME: dict[str, Any] = {
    "seed": 1,
    "vp_goal": 1,
    "map": "2p",
    "players": [{"name": "Mushroom Tribes", "nation": "mushroom"},
                {"name": "Thimble Empire", "nation": "thimble"}],
}


def check_setup(setup: Mapping[str, Any]) -> None:
    """Refuse a setup the rules cannot start, in one sentence. Rules: GAME-01, GAME-02, SETUP-05."""
    data = content.load()
    players = setup.get("players")
    if not isinstance(players, list):
        raise BadSetup("Notebook Nations needs 2, 3 or 4 nations (Rules: GAME-02).")
    nations = [p.get("nation") for p in players if isinstance(p, Mapping)
               and isinstance(p.get("name", ""), str)]
    if len(nations) != len(players):
        raise BadSetup("each player needs a name and a nation.")
    for nation in nations:  # a misspelt nation is named before the count of nations is checked
        if not isinstance(nation, str) or nation not in data.nations:
            known = ", ".join(data.nations)
            raise BadSetup(f"there is no nation {nation!r}; choose from {known}.")
    if not 2 <= len(players) <= 4:
        raise BadSetup("Notebook Nations needs 2, 3 or 4 nations (Rules: GAME-02).")
    if len(set(nations)) != len(nations):
        raise BadSetup("each player must play a different nation (Rules: SETUP-05).")
    map_key = setup.get("map")
    if not isinstance(map_key, str) or map_key not in data.maps:
        raise BadSetup(f"there is no map {map_key!r}; choose from {', '.join(data.maps)}.")
    if len(players) not in data.maps[map_key].start_zones:
        raise BadSetup(f"the {map_key} map has no start zones for {len(players)} players "
                       f"(Rules: Q-07).")
    goal = setup.get("vp_goal")
    most = 3 * data.limits["max_vp_per_type"]
    if not isinstance(goal, int) or isinstance(goal, bool) or not 1 <= goal <= most:
        raise BadSetup(f"the VP goal must be a whole number from 1 to {most} (Rules: Q-49).")
    seed = setup.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BadSetup("the seed must be a whole number of 0 or more.")
    if setup.get("encounter_deck", "chance") not in ("chance", "seed"):
        raise BadSetup('the encounter_deck of a setup is "seed" (a game begun before chance '
                       'moves) or left out.')
    check_controllers(players)
    start_zones(setup)


def side_names(map_key: str, count: int) -> dict[str, tuple[int, int]]:
    """The start zones of ``count`` players on the map, by side name (``top``, ``bottom-left``),
    in the order the map lists them: where a zone lies on the map names it."""
    board_map = content.load().maps[map_key]
    sides = {}
    for col, row in board_map.start_zones[count]:
        vertical = "top" if row < board_map.height // 2 else "bottom"
        middle = col + 1.5  # a start zone is 3 squares wide
        across = "-left" if middle < board_map.width / 3 else \
            "-right" if middle > 2 * board_map.width / 3 else ""
        sides[vertical + across] = (col, row)
    return sides


def start_zones(setup: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Each nation's start zone (Rules: SETUP-06, SETUP-08).

    Highest priority first, a player whose entry names a ``side`` takes it, and a side already
    taken or not on the map is refused; the others, highest priority first, take the free zones
    in the order the map lists them.
    """
    data = content.load()
    players = setup["players"]
    sides = side_names(setup["map"], len(players))
    chosen: dict[str, str] = {}
    for player in sorted(players, key=lambda p: -data.nations[p["nation"]].priority):
        side = player.get("side")
        if side is None:
            continue
        if not isinstance(side, str) or side not in sides:
            raise BadSetup(f"there is no side {side!r} on the {setup['map']} map for "
                           f"{len(players)} players; choose from {', '.join(sides)}.")
        taken = next((n for n, s in chosen.items() if s == side), None)
        if taken is not None:
            raise BadSetup(f"the {side} side is already taken by {data.nations[taken].name}; "
                           f"each player needs a side of their own (Rules: SETUP-06).")
        chosen[player["nation"]] = side
    free = [zone for side, zone in sides.items() if side not in chosen.values()]
    others = sorted((p["nation"] for p in players if p["nation"] not in chosen),
                    key=lambda n: -data.nations[n].priority)
    return {n: sides[side] for n, side in chosen.items()} | dict(zip(others, free, strict=True))


def check_controllers(players: list[Mapping[str, Any]]) -> None:
    """Rules: SOLO-01, SOLO-03 - the rulebook's AI plays one side of a 2-player game."""
    kinds = [p.get("controller", "human") for p in players]
    for kind in kinds:
        if kind not in CONTROLLERS:
            raise BadSetup(f"there is no controller {kind!r}; choose from "
                           f"{', '.join(CONTROLLERS)}.")
    if "ai" in kinds and (len(players) != 2 or kinds.count("ai") != 1):
        raise BadSetup("the solo AI plays one side of a 2-player game (Rules: SOLO-01, SOLO-03).")


def option_help() -> dict[str, str]:
    """The valid values and the default of each ``make_setup`` option that has a few, for
    ``nncli new --help``."""
    data = content.load()
    first = [p["nation"] for p in FIRST_GAME["players"]]
    most = 3 * data.limits["max_vp_per_type"]
    return {
        "nations": f"{', '.join(data.nations)} (default: {','.join(first)})",
        "map": f"{', '.join(data.maps)} (default: the map for the number of nations)",
        "vp": f"1 to {most} (default: {FIRST_GAME['vp_goal']})",
        "solo": "the rulebook's AI takes the first game's other side",
        "bots": ", ".join(data.nations),
        "bot_kind": f"{', '.join(BOTS)} (default: {DEFAULT_BOT})",
    }


OPTIONS = ("nations", "names", "sides", "vp", "map", "seed", "solo", "bots", "bot_kind")


def make_setup(options: Mapping[str, Any]) -> dict[str, Any]:
    """A setup from command-line style options: nations, names, vp, map, seed, and the computer
    players: ``solo`` (True, as ``--solo`` gives it: you against the rulebook's AI; or the AI's
    nation), ``bots`` (nations) played by ``bot_kind``; options of the other games are refused."""
    refuse_foreign(options, OPTIONS, "Notebook Nations")
    ai = options.get("solo")
    nations = list(options.get("nations") or [])
    if ai is True:
        ai = solo_opponent(nations)
    if ai:
        nations = solo_nations(ai, nations)
    nations = nations or [p["nation"] for p in FIRST_GAME["players"]]
    known = content.load().nations
    names = list(options.get("names") or [])
    if ai and len(names) == len(nations) - 1:
        names.append(known[ai].name if ai in known else ai)
    names = names or [known[n].name if n in known else n for n in nations]
    if len(names) != len(nations):
        raise BadSetup(f"give one name per nation: {len(nations)} nations, {len(names)} names.")
    controllers = controllers_for(nations, ai, options.get("bots") or [],
                                  options.get("bot_kind") or DEFAULT_BOT)
    sides = chosen_sides(nations, list(options.get("sides") or []))
    setup = {
        "seed": options.get("seed", FIRST_GAME["seed"]),
        "vp_goal": options.get("vp", FIRST_GAME["vp_goal"]),
        "map": options.get("map") or ("2p" if len(nations) == 2 else f"{len(nations)}p"),
        "players": [{"name": name, "nation": nation} | controller | side
                    for name, nation, controller, side
                    in zip(names, nations, controllers, sides, strict=True)],
    }
    check_setup(setup)
    return setup


def chosen_sides(nations: list[str], sides: list[str]) -> list[dict[str, str]]:
    """The ``side`` entry of each seat from ``--sides`` (one per nation, in seat order), or none
    at all when no side is chosen."""
    if not sides:
        return [{} for _ in nations]
    if len(sides) != len(nations):
        raise BadSetup(f"give one side per nation: {len(nations)} nations, {len(sides)} sides.")
    return [{"side": side} for side in sides]


def solo_opponent(nations: list[str]) -> str:
    """Rules: SOLO-01 - the AI's nation in ``--solo``: the first game's side that is not yours
    (``nations``, your own one, by default the first game's first)."""
    if len(nations) > 1:
        raise BadSetup("with --solo, give only your own nation with --nations.")
    yours = nations or [FIRST_GAME["players"][0]["nation"]]
    return str(next(p["nation"] for p in FIRST_GAME["players"] if p["nation"] not in yours))


def solo_nations(ai: str, nations: list[str]) -> list[str]:
    """Rules: SOLO-01 - your nation (by default the first game's other side), then the AI's."""
    if len(nations) > 1:
        raise BadSetup("with --solo, give only your own nation with --nations.")
    if not nations:
        nations = [next(p["nation"] for p in FIRST_GAME["players"] if p["nation"] != ai)]
    return [*nations, ai]


def controllers_for(nations: list[str], ai: str | None, bots: list[str],
                    kind: str) -> list[dict[str, str]]:
    """The ``controller`` entry of each seat: "ai" for the solo AI, ``kind`` for a bot."""
    if kind not in BOTS:
        raise BadSetup(f"there is no bot {kind!r}; choose from {', '.join(BOTS)}.")
    for nation in bots:
        if nation not in nations or nation == ai:
            raise BadSetup(f"a bot can play only a human seat of this game, not {nation!r}.")
    return [{"controller": "ai"} if nation == ai else
            {"controller": kind} if nation in bots else {} for nation in nations]


def new_game(setup: Mapping[str, Any]) -> State:
    """The state at the start of the first Initiative Phase."""
    check_setup(setup)
    data = content.load()
    entries = setup["players"]
    players = [Player(nation=p["nation"], name=str(p.get("name", p["nation"])),
                      controller=str(p.get("controller", "human"))) for p in entries]
    side = "2p" if len(players) == 2 else "3-4p"  # Rules: SETUP-02
    state = State(seed=setup["seed"], map_key=setup["map"], research_side=side,
                  vp_goal=setup["vp_goal"], players=players,
                  seed_deck=setup.get("encounter_deck") == "seed")
    board_map = data.maps[state.map_key]
    # Rules: SETUP-06 - the highest priority chooses its side first.
    for nation, zone in sorted(start_zones(setup).items(),
                               key=lambda item: -data.nations[item[0]].priority):
        place_start(state, nation, zone)
    # Rules: SETUP-03 - a token on every encounter space of the map in use.
    state.tokens = [(c, r) for r, line in enumerate(board_map.rows)
                    for c, sym in enumerate(line) if sym == "E"]
    # Rules: INIT-01 - the first round's picks go lowest priority first.
    state.order = [p.nation for p in sorted(players, key=lambda p: data.nations[p.nation].priority)]
    return state


def place_start(state: State, nation: str, zone: tuple[int, int]) -> None:
    """Rules: SETUP-08, SETUP-09, SETUP-11 - the Town Hall on its zone, the Avatar beside it."""
    col, row = zone
    height = board.map_of(state).height
    state.facing[nation] = "down" if row < height // 2 else "up"
    hall = Building("th1", nation, "town-hall", col, row)
    state.buildings.append(hall)
    if state.player(nation).controller == "ai":
        solo.place_town(state, hall)
    spot = avatar_start(state, hall.rect, state.facing[nation])
    state.units.append(Unit("avatar", nation, "avatar", 0, spot.col, spot.row))


def avatar_start(state: State, hall: Rect, facing: str) -> Rect:
    """The Avatar's start: in front of the hall (toward the map's middle), else the nearest free
    spot; it may stand on a building but not on a Town Hall (Rules: AVATAR-05)."""
    ahead = -1 if facing == "up" else 1
    front_row = hall.row - 2 if ahead < 0 else hall.bottom + 1
    candidates = [unit_rect(hall.col, front_row)]
    candidates += [unit_rect(c, r) for r in range(hall.row - 2, hall.bottom + 2)
                   for c in range(hall.col - 2, hall.right + 2)]
    for spot in candidates:
        if adjacent(spot, hall) and board.in_bounds(state, spot) \
                and not any(u.rect.overlaps(spot) for u in state.units) \
                and not any(b.key == "town-hall" and b.rect.overlaps(spot)
                            for b in state.buildings) \
                and not board.all_water(state, spot):
            return spot
    raise BadSetup("there is no room for an Avatar beside the start zone.")
