"""The setup of a Dice Game from command-line options, checked."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nncli.botplay import KINDS as BOT_KINDS
from nncli.dice.content import content
from nncli.game import BadSetup, refuse_foreign

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan")
DEFAULT_BOT = "greedy"
OPTIONS = ("names", "nations", "seed", "solo", "bots", "bot_kind", "players", "unrest")
SHADOW = "shadow"  # the one AI side of a solo game
SEAT = re.compile(r"[a-z][a-z0-9-]*")


def seat_of(name: str) -> str:
    """The seat key of a player's name: lower case, spaces as dashes."""
    return "-".join(name.lower().split())


def option_help() -> dict[str, str]:
    """The valid values and the default of each ``make_setup`` option that has a few, for
    ``nncli new --help``."""
    base = [k for k, b in content().boards.items() if b.pack == "base"]
    return {
        "nations": f"the boards {', '.join(base)} (default: in that order; with --unrest they "
                   "are drawn and chosen in the game)",
        "names": f"{','.join(DEFAULT_NAMES)} by default, as many as there are players",
        "solo": "one player against the shadow (as --players 1)",
        "bots": "the players' names (ann,ben,...), not the boards",
        "bot_kind": f"{', '.join(BOT_KINDS)} (default: {DEFAULT_BOT})",
    }


def make_setup(options: Mapping[str, Any]) -> dict[str, Any]:
    """A checked setup from the options ``nncli new`` passes (raises BadSetup)."""
    refuse_foreign(options, OPTIONS, "the Dice Game")
    unrest = bool(options.get("unrest", False))
    solo = SHADOW if options.get("solo") is True else options.get("solo")  # --solo: the shadow
    if solo is not None and solo != SHADOW:
        raise BadSetup(f'the Dice Game is played solo against the shadow: use --solo {SHADOW}')
    boards = list(options.get("nations") or [])
    names = list(options.get("names") or [])
    count = options.get("players")
    if count is None:
        count = 1 if solo else len(names) or len(boards) or 2
    if not isinstance(count, int) or not 1 <= count <= 4:
        raise BadSetup("the Dice Game is for 1 to 4 players")
    if solo and count != 1:
        raise BadSetup("a solo game has one player")
    names = names or list(DEFAULT_NAMES[:count])
    if len(names) != count:
        raise BadSetup(f"give one name per player: {count} players, {len(names)} names")
    if unrest and boards:
        raise BadSetup("with Unrest the boards are drawn and chosen during the game, so leave "
                       "out --nations")
    base_boards = [k for k, b in content().boards.items() if b.pack == "base"]
    boards = boards or ([] if unrest else base_boards[:count])
    for board in boards:
        if board not in base_boards:
            raise BadSetup(f'there is no base board "{board}"; choose from '
                           f"{', '.join(base_boards)}")
    if boards and len(boards) != count:
        raise BadSetup(f"give one board per player: {count} players, {len(boards)} boards")
    if len(set(boards)) != len(boards):  # DSET-04: one board of each nation
        raise BadSetup("each player takes a different board: the game has one board of each "
                       "nation (Rules: DSET-04)")
    seats = [seat_of(n) for n in names]
    if not all(SEAT.fullmatch(s) for s in seats) or len(set(seats)) != count or \
            "chance" in seats:
        raise BadSetup("players' names must be different words of letters and digits, "
                       'starting with a letter, and none may be "chance"')
    bots = [seat_of(b) for b in options.get("bots") or []]
    for bot in bots:
        if bot not in seats:
            raise BadSetup(f'--bot names "{bot}", who is not a player; the players are '
                           f"{', '.join(seats)}")
    kind = options.get("bot_kind", DEFAULT_BOT)
    if kind not in BOT_KINDS:
        raise BadSetup(f'there is no bot kind "{kind}"; choose {", ".join(BOT_KINDS)}')
    seed = options.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise BadSetup("the seed must be a whole number of 0 or more")
    players = [{"seat": s, "name": n} | ({"board": boards[i]} if boards else {})
               for i, (s, n) in enumerate(zip(seats, names, strict=True))]
    return {"seed": seed, "unrest": unrest, "players": players, "bots": bots,
            "bot_kind": kind}
