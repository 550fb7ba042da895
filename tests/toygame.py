"""A tiny but genuine game behind the Game protocol, for testing the shell without the engine.

Race to 10: seats take turns; a move is ``add 1``, ``add 2`` or ``add 3``; the total may not pass
the goal, and whoever brings it exactly to the goal wins. Importing this module registers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nncli.game import BadNotation, BadSetup, IllegalMove, register


@dataclass(frozen=True)
class RaceState:
    """Seats in turn order, the goal, the running total and how many moves were made."""

    players: tuple[str, ...]
    goal: int
    total: int = 0
    made: int = 0


class RaceGame:
    """Race to 10 (or to the setup's goal)."""

    key = "toy-race"
    name = "Race to 10"

    def default_setup(self) -> dict[str, Any]:
        """Two seats, a and b, racing to 10."""
        return {"players": ["a", "b"], "goal": 10, "seed": 0}

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``nations`` name the seats, ``vp`` is the goal; other options are refused."""
        unknown = set(options) - {"nations", "vp", "seed"}
        if unknown:
            raise BadSetup(f"the race has no option {sorted(unknown)[0]}")
        setup = self.default_setup()
        setup["players"] = list(options.get("nations", setup["players"]))
        setup["goal"] = options.get("vp", setup["goal"])
        setup["seed"] = options.get("seed", 0)
        return setup

    def new_game(self, setup: Mapping[str, Any]) -> RaceState:
        """The race at its start."""
        players, goal = setup.get("players"), setup.get("goal")
        if not isinstance(players, list) or len(players) < 2 or not isinstance(goal, int):
            raise BadSetup("the race needs two or more players and a whole-number goal")
        return RaceState(tuple(players), goal)

    def legal_moves(self, state: RaceState) -> list[int]:
        """The amounts that keep the total within the goal."""
        if self.mover(state) is None:
            return []
        return [n for n in (1, 2, 3) if state.total + n <= state.goal]

    def apply(self, state: RaceState, move: int) -> RaceState:
        """Add ``move`` to the total."""
        if self.mover(state) is None:
            raise IllegalMove("the race is over")
        if move not in (1, 2, 3):
            raise IllegalMove("you may add only 1, 2 or 3")
        if state.total + move > state.goal:
            raise IllegalMove(f"the total may not pass {state.goal}")
        return RaceState(state.players, state.goal, state.total + move, state.made + 1)

    def advance(self, state: RaceState, move: int) -> RaceState:
        """``apply``: the race's states are immutable, so there is nothing to save by changing
        one."""
        return self.apply(state, move)

    def parse(self, text: str, state: RaceState) -> int:
        """``add N`` -> N."""
        words = text.lower().split()
        if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
            raise BadNotation(f'"{text.strip()}" is not a move; try "add 1", "add 2" or "add 3"')
        move = int(words[1])
        self.apply(state, move)
        return move

    def format(self, move: int) -> str:
        """N -> ``add N``."""
        return f"add {move}"

    def completions(self, state: RaceState, prefix: str) -> list[str]:
        """Legal move texts starting with ``prefix``."""
        wanted = " ".join(prefix.lower().split())
        texts = (self.format(m) for m in self.legal_moves(state))
        return [t for t in texts if t.startswith(wanted)]

    def render(
        self,
        state: RaceState,
        color: bool,
        *,
        view: str = "all",
        size: tuple[int, int] | None = None,
        centre: str | None = None,
        player: str | None = None,
    ) -> str:
        """One line of status, the race's whole board; it has no panels, legend or places."""
        if centre is not None or player is not None:
            raise BadNotation("the race has no places or panels to look at")
        if view in ("panels", "legend"):
            return ""
        total = f"\x1b[1m{state.total}\x1b[0m" if color else str(state.total)
        who = self.mover(state)
        return f"total {total} of {state.goal}; " + (f"{who} to move" if who else "game over")

    def to_dict(self, state: RaceState) -> dict[str, Any]:
        """Plain form for the save."""
        return {
            "players": list(state.players),
            "goal": state.goal,
            "total": state.total,
            "made": state.made,
        }

    def upgrade_log(
        self, version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """Nothing of the game changed between save formats."""
        return dict(setup), list(log)

    def seats(self, state: RaceState) -> list[str]:
        """The players, in turn order."""
        return list(state.players)

    def mover(self, state: RaceState) -> str | None:
        """Seats alternate; nobody moves once the goal is reached."""
        if state.total >= state.goal:
            return None
        return state.players[state.made % len(state.players)]

    def undo_refusal(self, before: RaceState, after: RaceState) -> str | None:
        """A move may be taken back while its player is still to move."""
        if self.mover(after) == self.mover(before):
            return None
        return f"your turn has not made a move yet: the last move was {self.mover(before)}'s"

    def winner(self, state: RaceState) -> str | None:
        """Whoever reached the goal."""
        if state.total < state.goal:
            return None
        return state.players[(state.made - 1) % len(state.players)]


TOY = RaceGame()
register(TOY)
