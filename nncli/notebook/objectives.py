"""Nation Objectives: when each is met, and its reward of 1 Culture or 1 Science.

Rules: OBJ-01..04. An objective is checked after every move of the player to act (the "end your
turn" ones when the turn ends); once met it is marked and its reward waits for the player's choice
(``reward horde culture``), which must be made before anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from nncli.game import IllegalMove
from nncli.notebook import board, content, economy
from nncli.notebook.content import Objective
from nncli.notebook.geometry import adjacent
from nncli.notebook.moves import Move, Reward
from nncli.notebook.state import State

Check = Callable[[State, str, Objective], bool]


def _units_size(state: State, nation: str, goal: Objective) -> bool:
    return economy.population(state, nation) >= goal.amount


def _kills(state: State, nation: str, goal: Objective) -> bool:
    return state.turn.kills >= goal.amount


def _occupies_enemy_building(state: State, nation: str, goal: Objective) -> bool:
    return bool(board.occupied_by(state, nation))


def _buildings_on_map(state: State, nation: str, goal: Objective) -> bool:
    return economy.active_buildings(state, nation).count(goal.target) >= goal.amount


def _long_kill(state: State, nation: str, goal: Objective) -> bool:
    return state.turn.longest_kill >= goal.amount


def _research_nodes(state: State, nation: str, goal: Objective) -> bool:
    return len(state.player(nation).research) >= goal.amount


def _encounters(state: State, nation: str, goal: Objective) -> bool:
    return state.player(nation).encounters_collected >= goal.amount


def _crown_terrains(state: State, nation: str, goal: Objective) -> bool:
    kinds = content.load().nations[nation].buildings
    covered: set[str] = set()
    for b in state.buildings:
        if b.owner == nation and kinds[b.key].kind == "crown":
            covered.update(board.terrains(state, b.rect))
    return set(goal.target.split(",")) <= covered


def _beside_enemy_hall(state: State, nation: str, goal: Objective) -> bool:
    halls = [b.rect for b in state.buildings if b.key == "town-hall" and b.owner != nation]
    mine = [u.rect for u in state.units if u.owner == nation and not u.is_avatar]
    return any(adjacent(unit, hall) for unit in mine for hall in halls)


def _magic_by_pool(state: State, nation: str, goal: Objective) -> bool:
    from nncli.notebook.units import beside_pool

    magic = [u for u in state.units if u.owner == nation and u.key == "magic"]
    return len(magic) >= goal.amount and \
        sum(1 for u in magic if beside_pool(state, u.rect)) >= goal.amount


def _food_income(state: State, nation: str, goal: Objective) -> bool:
    return economy.income(state, nation).food >= goal.amount


# condition key -> (checked only at the end of the turn?, test)
CONDITIONS: dict[str, tuple[bool, Check]] = {
    "end-turn-units-size": (True, _units_size),
    "destroy-units-one-turn": (False, _kills),
    "end-turn-occupy-enemy-building": (True, _occupies_enemy_building),
    "buildings-on-map": (False, _buildings_on_map),
    "destroy-from-range": (False, _long_kill),
    "research-nodes": (False, _research_nodes),
    "encounters-collected": (False, _encounters),
    "crown-on-terrains": (False, _crown_terrains),
    "end-turn-adjacent-enemy-town-hall": (True, _beside_enemy_hall),
    "end-turn-magic-by-pool": (True, _magic_by_pool),
    "food-income": (False, _food_income),
}


def check(state: State, ending: bool) -> None:
    """Mark every objective of the player to act that is now met (OBJ-02, OBJ-04).

    A player's ``objectives`` hold only keys of its own nation's objectives, each once (this
    function is the only one that adds to them), so when they are as many as the nation's, every
    one is met and nothing is left to test."""
    nation = state.mover
    player = state.player(nation)
    if player.controller == "ai":
        return  # Rules: Q-58 - the solo AI does not pursue objectives
    goals = content.load().nations[nation].objectives
    if len(player.objectives) == len(goals):
        return
    for goal in goals:
        if goal.key in player.objectives:
            continue
        at_end, test = CONDITIONS[goal.condition]
        if at_end and not ending:
            continue
        if test(state, nation, goal):
            player.objectives.append(goal.key)
            state.turn.pending_rewards.append(goal.key)


def reward(state: State, move: Reward) -> None:
    """Rules: OBJ-03 - gain 1 Culture or 1 Science for a completed objective."""
    if move.objective not in state.turn.pending_rewards:
        raise IllegalMove(f"no reward is waiting for the objective {move.objective!r}.")
    if move.track not in ("culture", "science"):
        raise IllegalMove("an objective's reward is culture or science (Rules: OBJ-03).")
    state.turn.pending_rewards.remove(move.objective)
    economy.advance(state.player(state.mover), move.track, economy.limit("objective_reward"))


def candidates(state: State) -> Iterator[Move]:
    for key in state.turn.pending_rewards:
        yield Reward(key, "culture")
        yield Reward(key, "science")
