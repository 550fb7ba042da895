"""Setting up a game: checking the setup dict and building the first state (§2).

A setup is ``{seed, packs, players: [{nation, name, difficulty, controller?}]}``. One player is
the solo game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nncli.game import BadSetup
from nncli.nations import content as content_
from nncli.nations import flow
from nncli.nations.state import ORDER, Nation, Slot, State

BOTS = ("random", "greedy")
FIRST_GAME = ("persia", "greece")
OPTIONS = {"nations", "names", "seed", "solo", "bots", "bot_kind", "difficulty", "advanced",
           "expert"}


def check_setup(setup: Mapping[str, Any]) -> None:
    """Refuse, in one sentence, a setup the rules cannot start."""
    data = content_.load()
    known = data.rules["nations"]
    players = setup.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        raise BadSetup("Nations takes 1 to 5 players")
    for player in players:
        if not isinstance(player, Mapping) or player.get("nation") not in known:
            raise BadSetup(f"each player needs a nation: one of {', '.join(known)}")
        levels = data.rules["difficulty"]["levels"]
        if player.get("difficulty") not in levels:
            raise BadSetup(f"the difficulty is one of {', '.join(levels)}")
        if player.get("controller", "human") not in ("human", *BOTS):
            raise BadSetup(f"a seat is played by a person or a bot: {', '.join(BOTS)}")
        if not isinstance(player.get("name"), str) or not player["name"]:
            raise BadSetup("each player needs a name")
    nations = [p["nation"] for p in players]
    if len(set(nations)) != len(nations):
        raise BadSetup("each player plays a different nation")
    packs = setup.get("packs")
    every = data.rules["packs"]["all"]
    if not isinstance(packs, list) or "basic" not in packs or not set(packs) <= set(every):
        raise BadSetup(f"the packs are basic plus any of {', '.join(every[1:])}")
    if len(players) == 5 and packs == ["basic"] and data.rules["packs"]["five_players_need_extra"]:
        raise BadSetup("five players need an extra pack: add --advanced")
    seed = setup.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BadSetup("the seed must be a whole number of 0 or more")


def make_setup(options: Mapping[str, Any]) -> dict[str, Any]:
    """A setup from the command line's options; options of other games are refused."""
    foreign = sorted(set(options) - OPTIONS)
    if foreign:
        raise BadSetup(f"Nations has no option --{foreign[0].replace('_', '-')}")
    data = content_.load()
    nations = list(options.get("nations") or [])
    if options.get("solo"):
        if nations and nations != [options["solo"]]:
            raise BadSetup("with --solo, play one nation: leave out --nations or give only it")
        nations = [options["solo"]]
    nations = nations or list(FIRST_GAME)
    names = list(options.get("names") or [])
    known = data.rules["nations"]
    names = names or [known.get(n, n) for n in nations]
    if len(names) != len(nations):
        raise BadSetup(f"give one name per nation: {len(nations)} nations, {len(names)} names")
    levels = list(options.get("difficulty") or [data.rules["difficulty"]["default"]])
    if len(levels) == 1:
        levels *= len(nations)
    if len(levels) != len(nations):
        raise BadSetup("give one difficulty for everyone, or one per nation")
    kind = options.get("bot_kind") or "random"
    if kind not in BOTS:
        raise BadSetup(f"there is no bot {kind!r}; choose from {', '.join(BOTS)}")
    bots = list(options.get("bots") or [])
    for nation in bots:
        if nation not in nations:
            raise BadSetup(f"a bot can play only a nation of this game, not {nation!r}")
    packs = ["basic"] + ["advanced"] * bool(options.get("advanced")) \
        + ["expert"] * bool(options.get("expert"))
    setup = {
        "seed": options.get("seed", 1),
        "packs": packs,
        "players": [
            {"nation": n, "name": name, "difficulty": level}
            | ({"controller": kind} if n in bots else {})
            for n, name, level in zip(nations, names, levels, strict=True)
        ],
    }
    check_setup(setup)
    return setup


def new_game(setup: Mapping[str, Any]) -> State:
    """The state before the first chance move (the player order), or, solo, before the deal."""
    check_setup(setup)
    packs = list(setup["packs"])
    data = content_.load(tuple(packs))
    start = data.board["start"]
    players = setup["players"]
    nations = {
        p["nation"]: Nation(
            p["nation"], p["name"], p["difficulty"], start["food"], start["stone"],
            start["gold"], 0, start["vp"], start["workers"],
            int(data.board["workers"]) - start["workers"],
            [Slot(card.id) for card in data.printed],
        )
        for p in players
    }
    seats = [p["nation"] for p in players]
    columns = int(data.rules["columns_by_players"][str(len(seats))])
    state = State(
        setup["seed"], seats, [p.get("controller", "human") for p in players], packs,
        len(seats) == 1, columns, nations, list(seats),
        decks={str(e): list(d) for e, d in data.decks.items()},
        event_decks={str(e): list(d) for e, d in data.event_decks.items()},
    )
    if state.solo:
        nations[seats[0]].books = 1
        flow.start_round(state, data)
    else:
        state.phase = ORDER
    return state
