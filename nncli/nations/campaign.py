"""The campaign (§9): a series of games in which everyone starts on Prince and each win moves the
winner up one level of difficulty; a win on the last level (Emperor) wins the campaign.

A campaign game's setup carries ``campaign`` = its number in the campaign (1 for the first).
The next game is set up from a finished one's setup and winner (``next_setup``); the shell reads
and verifies the previous save (``nncli new --campaign-from PREVIOUS``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nncli.game import BadSetup, CampaignWon
from nncli.nations import content as content_

# The options the next game of a campaign may take: the rest is the previous game's.
NEXT_OPTIONS = {"seed"}
FLAGS = {"bots": "bot"}  # options whose command-line flag is not their name


def next_levels(
    levels: Mapping[str, str], winner: str, ladder: Sequence[str]
) -> dict[str, str] | None:
    """Everyone's level for the next game: the same, but the winner's one step up ``ladder``
    (easiest first); None when the winner was already on its last level, the campaign won."""
    step = ladder.index(levels[winner]) + 1
    if step == len(ladder):
        return None
    return dict(levels) | {winner: ladder[step]}


def start_problem(setup: Mapping[str, Any], start: str) -> str | None:
    """Why ``setup`` cannot be a campaign game, or None: a whole number from 1, two players or
    more, and in the first game everyone on ``start``."""
    number = setup["campaign"]
    if type(number) is not int or number < 1:
        return "a campaign game's number must be a whole number of 1 or more"
    players = setup["players"]
    if len(players) < 2:
        return "a campaign needs two players or more: a solo game has no winner to move up"
    if setup.get("variant"):
        return (f"a campaign moves the winner up a level, so it is not played in the "
                f"{setup['variant']} variant")
    if number == 1 and any(p["difficulty"] != start for p in players):
        return f"a campaign starts everyone on {start.title()}, so leave out --difficulty"
    return None


def next_setup(
    previous: Mapping[str, Any], winner: str, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The setup of the game after ``previous`` (a finished campaign game that ``winner`` won):
    the same players and packs, everyone's level carried, the winner's one up, and the seed of
    ``options`` (else the previous seed + 1). Raises CampaignWon when the winner was on the
    last level, BadSetup when ``previous`` was no campaign game or ``options`` change more than
    the seed."""
    from nncli.nations.setup import check_setup

    other = sorted(set(options) - NEXT_OPTIONS)
    if other:
        raise BadSetup(f"the next game of a campaign keeps the previous game's players and "
                       f"packs, so leave out --{FLAGS.get(other[0], other[0]).replace('_', '-')}")
    if "campaign" not in previous:
        raise BadSetup("that game was not a campaign game; start a campaign with --campaign")
    check_setup(previous)
    players = previous["players"]
    levels = next_levels({p["nation"]: p["difficulty"] for p in players}, winner,
                         content_.load().rules["difficulty"]["levels"])
    if levels is None:
        won = next(p for p in players if p["nation"] == winner)
        raise CampaignWon(f"{won['name']} won the campaign on {won['difficulty'].title()}")
    setup = {
        "seed": options.get("seed", previous["seed"] + 1),
        "packs": list(previous["packs"]),
        "players": [dict(p, difficulty=levels[p["nation"]]) for p in players],
        "campaign": previous["campaign"] + 1,
    }
    check_setup(setup)
    return setup
