"""The building actions of a player's turn: Develop, making room, Trade and Offering.

Rules: BUILD-02, BUILD-09, BUILD-12, BUILD-23..30, Q-11, Q-12, Q-16, Q-17, Q-19.
"""

from __future__ import annotations

from nncli.game import IllegalMove
from nncli.notebook import board, buildings, economy
from nncli.notebook.content import Cost
from nncli.notebook.moves import Build, Destroy, Offering, Trade
from nncli.notebook.state import Building, State


def own_building(state: State, building_id: str) -> Building:
    found = state.building(state.mover, building_id)
    if found is None:
        raise IllegalMove(f"you have no building {building_id}.")
    return found


def ready_to_act(state: State, building: Building, action: str) -> None:
    """Rules: BUILD-23, BUILD-24, SOLO-08 - once a turn, not while an enemy occupies it."""
    problem = why_not_act(state, building, action)
    if problem:
        raise IllegalMove(problem)


def why_not_act(state: State, building: Building, action: str) -> str:
    """Why ``building`` may not take ``action`` now, or "" when it may."""
    kind = buildings.building_type(state, building.owner, building.key)
    if action not in kind.actions:
        return f"{building.id} has no {action} action (Rules: Q-15)."
    if building.face_down:
        return f"{building.id} is face down until it is researched (Rules: SOLO-08)."
    if building.id in state.turn.buildings_acted:
        return f"{building.id} has already acted this turn (Rules: BUILD-23)."
    if board.enemy_occupied(state, building):
        return f"{building.id} is occupied by an enemy and cannot act (Rules: BUILD-24)."
    return ""


def develop(state: State, move: Build) -> None:
    """A Town Hall places one Town Building adjacent to itself. Rules: BUILD-02, BUILD-26, Q-16."""
    hall = own_building(state, move.by)
    if hall.key != "town-hall":
        raise IllegalMove(f"{hall.id} is not a Town Hall; Town Buildings are placed by a Town "
                          f"Hall's Develop action (Rules: BUILD-26).")
    kind = buildings.building_type(state, state.mover, move.building)
    if kind.kind != "town":
        raise IllegalMove(f"a {kind.name} is a Crown Building, built by your Avatar "
                          f"(Rules: BUILD-19).")
    ready_to_act(state, hall, "develop")
    kind = buildings.check_build(
        state, state.mover, move.building, move.col, move.row, hall.rect,
        f"a Town Building must share an edge with {hall.id} (Rules: BUILD-02, Q-17).")
    buildings.place(state, state.mover, kind, move.col, move.row)
    state.turn.buildings_acted.append(hall.id)


def destroy(state: State, move: Destroy) -> None:
    """Rules: BUILD-28, Q-19 - remove your own building next to a full hall that can Develop."""
    target = own_building(state, move.building)
    if target.key == "town-hall":
        raise IllegalMove("a Town Hall cannot be destroyed to make room (Rules: Q-19).")
    full = buildings.full_halls_next_to(state, state.mover, target.rect)
    if not full:
        raise IllegalMove(f"{target.id} may be destroyed only to make room next to a Town Hall "
                          f"that has reached its limit (Rules: BUILD-28).")
    problems = [why_not_act(state, hall, "develop") for hall in full]
    if "" not in problems:
        raise IllegalMove(problems[0])
    buildings.remove(state, target)


def trade(state: State, move: Trade) -> None:
    """Rules: BUILD-09, Q-11 - a Market exchanges gold for food and wood or back."""
    market = own_building(state, move.market)
    ready_to_act(state, market, "trade")
    economy.check_trade(move.gold, move.food, move.wood)
    paid, gained = economy.trade_cost(move.gold, move.food, move.wood, move.buy_gold)
    player = state.player(state.mover)
    economy.require_payment(player, paid, "this trade")
    economy.pay(player, paid)
    for resource, amount in gained.items():
        economy.gain(player, resource, amount)
    state.turn.buildings_acted.append(market.id)


def offering(state: State, move: Offering) -> None:
    """Rules: BUILD-12, Q-12 - a Temple (or the Sacred Grove) sells Source for gold."""
    temple = own_building(state, move.temple)
    ready_to_act(state, temple, "offering")
    most = economy.limit("offering_max")
    if not 1 <= move.source <= most:
        raise IllegalMove(f"an Offering buys 1 to {most} Source (Rules: Q-12).")
    each = economy.gold_per_source(temple.key)
    player = state.player(state.mover)
    price = Cost(gold=each * move.source)
    economy.require_payment(player, price, f"{move.source} Source")
    economy.pay(player, price)
    economy.gain(player, "source", move.source)
    state.turn.buildings_acted.append(temple.id)
