"""Setting up a game: checking the setup dict and building the first state (§2).

A setup is ``{seed, packs, players: [{nation, name, difficulty, controller?, side?}]}``: a
player's ``side`` is the side of its nation's board, "a" (when left out) or "b" (our proposal,
``data/board_b.toml``). One player is the solo game. A game of the competitive variant adds
``variant = "competitive"`` and its deck ``swaps`` (``nncli.nations.variants``).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from nncli.botplay import KINDS as BOTS
from nncli.game import BadSetup, one_of, refuse_foreign
from nncli.nations import campaign, flow, variants
from nncli.nations import content as content_
from nncli.nations.state import ORDER, Nation, Slot, State

FIRST_GAME = ("persia", "greece")
OPTIONS = {"nations", "names", "sides", "seed", "solo", "bots", "bot_kind", "difficulty",
           "advanced", "expert", "variant", "campaign"}


def check_setup(setup: Mapping[str, Any]) -> None:
    """Refuse, in one sentence, a setup the rules cannot start."""
    data = content_.load()
    known = data.rules["nations"]
    players = setup.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        raise BadSetup("Nations takes 1 to 5 players")
    for player in players:
        if not isinstance(player, Mapping) or not one_of(player.get("nation"), known):
            raise BadSetup(f"each player needs a nation: one of {', '.join(known)}")
        levels = data.rules["difficulty"]["levels"]
        if not one_of(player.get("difficulty"), levels):
            raise BadSetup(f"the difficulty is one of {', '.join(levels)}")
        if not one_of(player.get("controller", "human"), ("human", *BOTS)):
            raise BadSetup(f"a seat is played by a person or a bot: {', '.join(BOTS)}")
        if not isinstance(player.get("name"), str) or not player["name"]:
            raise BadSetup("each player needs a name")
        if not one_of(player.get("side", "a"), content_.SIDES):
            raise BadSetup(f"a nation's board is played on side {' or '.join(content_.SIDES)}, "
                           f"not {player['side']!r}")
    nations = [p["nation"] for p in players]
    if len(set(nations)) != len(nations):
        raise BadSetup("each player plays a different nation")
    packs = setup.get("packs")
    every = data.rules["packs"]["all"]
    if not isinstance(packs, list) or "basic" not in packs or \
            not all(one_of(pack, every) for pack in packs):
        raise BadSetup(f"the packs are basic plus any of {', '.join(every[1:])}")
    if len(players) == 5 and packs == ["basic"] and data.rules["packs"]["five_players_need_extra"]:
        raise BadSetup("five players need an extra pack: add --advanced")
    seed = setup.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BadSetup("the seed must be a whole number of 0 or more")
    variant = setup.get("variant")
    if variant is not None:
        if not one_of(variant, data.rules["variants"]):
            raise BadSetup(f"there is no variant {variant!r}; choose from "
                           f"{', '.join(data.rules['variants'])}")
        reason = variants.competitive_problem(data, setup)
        if reason:
            raise BadSetup(reason)
    if "campaign" in setup:
        reason = campaign.start_problem(setup, data.rules["campaign"]["start"])
        if reason:
            raise BadSetup(reason)


def option_help() -> dict[str, str]:
    """The valid values and the default of each ``make_setup`` option that has a few, for
    ``nncli new --game nations --help``."""
    data = content_.load()
    nations = ", ".join(data.rules["nations"])
    levels = data.rules["difficulty"]
    return {
        "nations": f"{nations} (default: {','.join(FIRST_GAME)})",
        "solo": "one nation against the solo rules' own opponent",
        "bots": nations,
        "bot_kind": f"{', '.join(BOTS)} (default: {BOTS[0]})",
        "variant": f"{', '.join(data.rules['variants'])} (default: none, the standard game)",
        "campaign": f"everyone starts on {data.rules['campaign']['start'].title()}",
        "sides": "a or b, one letter per nation (default: a; side B is our proposal)",
        "campaign_from": "the previous game's players and packs, the winner one level up",
        "difficulty": f"{', '.join(levels['levels'])} (default: {levels['default']})",
    }


def make_setup(options: Mapping[str, Any]) -> dict[str, Any]:
    """A setup from the command line's options; options of other games are refused."""
    refuse_foreign(options, OPTIONS, "Nations")
    data = content_.load()
    nations = list(options.get("nations") or [])
    solo = options.get("solo")
    if solo is True:  # --solo: you play --nations' one nation (by default the first game's)
        solo = nations[0] if nations else FIRST_GAME[0]
    if solo:
        if nations and nations != [solo]:
            raise BadSetup("with --solo, play one nation: leave out --nations or give only it")
        nations = [solo]
    nations = nations or list(FIRST_GAME)
    names = list(options.get("names") or [])
    known = data.rules["nations"]
    for nation in nations:
        if isinstance(nation, str) and nation not in known:
            close = difflib.get_close_matches(nation.lower(), list(known), n=1)
            hint = f"did you mean {close[0]}?" if close else f"choose from {', '.join(known)}"
            raise BadSetup(f"there is no nation {nation!r}; {hint}")
    names = names or [known.get(n, n) for n in nations]
    if len(names) != len(nations):
        raise BadSetup(f"give one name per nation: {len(nations)} nations, {len(names)} names")
    start = data.rules["campaign"]["start"] if options.get("campaign") else \
        data.rules["difficulty"]["default"]
    levels = list(options.get("difficulty") or [start])
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
            close = difflib.get_close_matches(str(nation).lower(), nations, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            raise BadSetup(f"a bot can play only a nation of this game, not {nation!r}{hint}")
    packs = ["basic"] + ["advanced"] * bool(options.get("advanced")) \
        + ["expert"] * bool(options.get("expert"))
    sides = chosen_sides(nations, list(options.get("sides") or []))
    setup = {
        "seed": options.get("seed", 1),
        "packs": packs,
        "players": [
            {"nation": n, "name": name, "difficulty": level}
            | ({"controller": kind} if n in bots else {}) | side
            for n, name, level, side in zip(nations, names, levels, sides, strict=True)
        ],
    }
    if options.get("campaign"):
        setup["campaign"] = 1
    if options.get("variant") is not None:
        setup["variant"] = options["variant"]
        if options["variant"] == variants.COMPETITIVE and isinstance(setup["seed"], int):
            setup["swaps"] = variants.competitive_swaps(data, setup["seed"], packs)
    check_setup(setup)
    return setup


def chosen_sides(nations: list[str], sides: list[str]) -> list[dict[str, str]]:
    """The ``side`` entry of each seat from ``--sides`` (one letter per nation, in seat order, a
    or b in either case), or none at all when no side is chosen (Rules: NSET-02)."""
    if not sides:
        return [{} for _ in nations]
    if len(sides) != len(nations):
        raise BadSetup(f"give one side per nation: {len(nations)} nations, {len(sides)} sides")
    return [{"side": side.lower() if isinstance(side, str) else side} for side in sides]


def new_game(setup: Mapping[str, Any]) -> State:
    """The state before the first chance move (the player order), or, solo, before the deal."""
    check_setup(setup)
    packs = list(setup["packs"])
    data = content_.load(tuple(packs))
    players = setup["players"]
    nations = {p["nation"]: start_nation(data, p) for p in players}
    seats = [p["nation"] for p in players]
    columns = int(data.rules["columns_by_players"][str(len(seats))])
    decks = variants.swapped_decks(data, setup["swaps"]) if setup.get("variant") else data.decks
    state = State(
        setup["seed"], seats, [p.get("controller", "human") for p in players], packs,
        len(seats) == 1, columns, nations, list(seats),
        decks={str(e): list(d) for e, d in decks.items()},
        event_decks={str(e): list(d) for e, d in data.event_decks.items()},
    )
    if state.solo:
        nations[seats[0]].books += 1
        flow.start_round(state, data)
    else:
        state.phase = ORDER
    return state


def start_nation(data: content_.Content, player: Mapping[str, Any]) -> Nation:
    """A player's nation at the start of its board's side: the stock, the workers, the printed
    cards in their spaces (Rules: NSET-22, NSET-23; side B: NSIDE-01)."""
    start = data.start(player["nation"], player.get("side", "a"))
    printed = [data.cards[card_id] for card_id in start.printed]
    return Nation(
        player["nation"], player["name"], player["difficulty"], start.food, start.stone,
        start.gold, start.books, start.vp, start.workers,
        int(data.board["workers"]) - start.workers,
        [Slot(card.id) for card in printed if card.takes_workers],
        advisor=next((card.id for card in printed if card.type == "advisor"), ""),
        colonies=[card.id for card in printed if card.type == "colony"],
        wonders=[card.id for card in printed if card.type == "wonder"],
    )
