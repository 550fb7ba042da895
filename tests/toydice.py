"""A toy game with chance points, for testing how the shell draws, records and checks chance.

Dice race: seats take turns adding 1 or 2 to a total; after every such move chance rolls a die
(``roll N``, N from 1 to 6) that is added too. Whoever brings the total to the goal or past it wins.
Importing this module registers it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from nncli.chance import CHANCE, Stream
from nncli.game import BadNotation, BadSetup, IllegalMove, register
from nncli.textmoves import completions


@dataclass(frozen=True)
class DiceState:
    """Seats in turn order, the goal, the total, the moves made and whether a roll is due."""

    players: tuple[str, ...]
    goal: int
    total: int = 0
    made: int = 0
    rolling: bool = False


class DiceRace:
    """The dice race (a chance move after every player's move)."""

    key = "toy-dice"
    name = "Dice race"

    def default_setup(self) -> dict[str, Any]:
        return {"players": ["a", "b"], "goal": 20, "seed": 1}

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        setup = self.default_setup() | {"seed": options.get("seed", 1)}
        seats = list(options.get("nations", setup["players"]))
        return setup | {"players": seats, "goal": options.get("vp", setup["goal"])}

    def new_game(self, setup: Mapping[str, Any]) -> DiceState:
        players, goal = setup.get("players"), setup.get("goal")
        if not isinstance(players, list) or len(players) < 2 or not isinstance(goal, int):
            raise BadSetup("the dice race needs two or more players and a whole-number goal")
        return DiceState(tuple(players), goal, rolling=True)  # the first roll opens the race

    def legal_moves(self, state: DiceState) -> list[tuple[str, int]]:
        if self.mover(state) is None:
            return []
        if state.rolling:
            return [("roll", n) for n in range(1, 7)]
        return [("add", 1), ("add", 2)]

    def apply(self, state: DiceState, move: tuple[str, int]) -> DiceState:
        if move not in self.legal_moves(state):
            raise IllegalMove(f"{self.format(move)} is not possible now")
        if move[0] == "roll":
            return replace(state, total=state.total + move[1], rolling=False)
        return replace(state, total=state.total + move[1], made=state.made + 1, rolling=True)

    def advance(self, state: DiceState, move: tuple[str, int]) -> DiceState:
        return self.apply(state, move)

    def chance_move(self, state: DiceState, stream: Stream) -> tuple[str, int]:
        return ("roll", 1 + stream.below(6))

    def parse(self, text: str, state: DiceState) -> tuple[str, int]:
        words = text.lower().split()
        if len(words) != 2 or words[0] not in ("add", "roll") or words[1] not in "123456":
            raise BadNotation(f'"{text.strip()}" is not a move; try "add 1" or "add 2"')
        move = (words[0], int(words[1]))
        self.apply(state, move)
        return move

    def format(self, move: tuple[str, int]) -> str:
        return f"{move[0]} {move[1]}"

    def completions(self, state: DiceState, prefix: str) -> list[str]:
        return completions(prefix, map(self.format, self.legal_moves(state)))

    def render(self, state: DiceState, color: bool) -> str:
        return f"total {state.total} of {state.goal}"

    def to_dict(self, state: DiceState) -> dict[str, Any]:
        return {"total": state.total, "made": state.made, "rolling": state.rolling}

    def upgrade_log(
        self, version: int, setup: Mapping[str, Any], log: list[tuple[str, str]]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """Nothing of the game changed between save formats."""
        return dict(setup), list(log)

    def seats(self, state: DiceState) -> list[str]:
        """The players, in turn order."""
        return list(state.players)

    def mover(self, state: DiceState) -> str | None:
        if state.total >= state.goal:
            return None
        return CHANCE if state.rolling else state.players[state.made % len(state.players)]

    def winner(self, state: DiceState) -> str | None:
        if state.total < state.goal:
            return None
        return state.players[(state.made - 1) % len(state.players)]

    def status(self, state: DiceState) -> str:
        return self.render(state, False)

    def auto_move(self, state: DiceState) -> None:
        return None

    def hint(self, state: DiceState) -> tuple[str, int] | None:
        return ("add", 1) if self.mover(state) not in (None, CHANCE) else None


DICE = DiceRace()
register(DICE)
