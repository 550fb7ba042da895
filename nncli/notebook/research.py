"""The research board: tiers, Science thresholds, Gold prices, one node a turn."""

from __future__ import annotations

from nncli.game import IllegalMove
from nncli.notebook import content, economy
from nncli.notebook.content import ResearchNode, Tier
from nncli.notebook.state import Player, State


def nodes(state: State) -> dict[str, ResearchNode]:
    """Rules: RES-09 - the nodes of the board side in use."""
    return content.research_nodes(state.research_side)


def tier(state: State, node: ResearchNode) -> Tier:
    return content.load().research[state.research_side].tiers[node.tier - 1]


def price(state: State, node: ResearchNode) -> int:
    """Rules: RES-05 - the tier's Gold price, less a Survey discount this turn."""
    return max(0, tier(state, node).gold - state.turn.research_discount)


def check_research(state: State, player: Player, key: str, free: bool = False) -> ResearchNode:
    """Rules: RES-03, RES-04, RES-05, RES-07 - the tier's Science, its Gold, not bought before."""
    board = nodes(state)
    if key not in board:
        raise IllegalMove(f"there is no research node {key!r} on the {state.research_side} "
                          f"research board (Rules: RES-09).")
    node = board[key]
    if key in player.research:
        raise IllegalMove(f"you have already unlocked {node.name} (Rules: RES-07).")
    need = tier(state, node).science
    if player.science < need:
        raise IllegalMove(f"{node.name} is in tier {node.tier}, which needs {need} Science; "
                          f"you have {player.science} (Rules: RES-03).")
    if not free and player.gold < price(state, node):
        raise IllegalMove(f"{node.name} costs {price(state, node)} gold, you have "
                          f"{player.gold} (Rules: RES-05).")
    return node


def unlock(state: State, player: Player, node: ResearchNode, free: bool = False) -> None:
    """Rules: RES-06, RES-08 - mark the node; Science is not spent.

    The Thimble Empire's Wonder gives 1 Culture for every node unlocked while it stands.
    """
    if not free:
        player.gold -= price(state, node)
    player.research.append(node.key)
    rule = content.load().nations[player.nation].wonder_rule
    if rule == "culture-per-research" and "wonder" in economy.active_buildings(
            state, player.nation):
        economy.advance(player, "culture", 1)
