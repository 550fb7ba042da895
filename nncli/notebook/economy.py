"""Income, paying and gaining resources, population, and the Market and Temple exchanges."""

from __future__ import annotations

from nncli.game import IllegalMove
from nncli.notebook import content
from nncli.notebook.content import Content, Cost, Income, ResearchNode
from nncli.notebook.state import Player, State

AI_GROVE_INCOME = Income(culture=2)  # Rules: AINAT-03 - the Seed AI's Sacred Grove: 2 Culture


def limit(key: str) -> int:
    """A number from the data's limits table (resource_max, hall_limit, ...)."""
    return content.load().limits[key]


def gold_per_source(building_key: str) -> int:
    """Rules: BUILD-12, Q-12 - an Offering's price per Source: the Sacred Grove's, or a Temple's."""
    return limit("grove_gold_per_source" if building_key == "unique"
                 else "offering_gold_per_source")


def active_buildings(state: State, nation: str) -> list[str]:
    """Keys of the nation's face-up buildings on the map, one entry per tile."""
    return [b.key for b in state.buildings if b.owner == nation and not b.face_down]


def nodes_owned(state: State, nation: str) -> list[ResearchNode]:
    """The research nodes the nation has unlocked, in the order it bought them."""
    board = content.research_nodes(state.research_side)
    return [board[key] for key in state.player(nation).research]


def income(state: State, nation: str) -> Income:
    """The Income Tracker: the start values plus every building and node bought since.

    Rules: INCOME-05, BUILD-36, RES-10, RES-11. The tracker starts at the starting Town Hall's
    income (plus 1 Food, Wood and Gold in 3-4 player games), so its base beyond the buildings on
    the map is the start value less one Town Hall.
    """
    data = content.load()
    player = state.player(nation)
    face_up = tuple([b.key for b in state.buildings if b.owner == nation and not b.face_down])
    key = (nation, state.research_side, player.controller == "ai", face_up, tuple(player.research))
    if _incomes.data is not data or len(_incomes.known) > _INCOMES_KEPT:
        _incomes.data, _incomes.known = data, {}
    found = _incomes.known.get(key)
    if found is None:
        found = _incomes.known[key] = _income_of(data, *key)
    return found


def _income_of(data: Content, nation: str, side: str, ai: bool, face_up: tuple[str, ...],
               research: tuple[str, ...]) -> Income:
    """``income`` of a nation with the buildings ``face_up`` and the nodes ``research``."""
    nat = data.nations[nation]
    kinds = nat.buildings
    grove = ai and nat.unique_rule == "grove-temple"
    rows = [data.start_income[side]]
    rows += [AI_GROVE_INCOME if grove and key == "unique" else kinds[key].income  # AINAT-03
             for key in face_up]
    board = content.research_nodes(side)
    rows += [node.income for node in map(board.__getitem__, research) if node.effect == "income"]
    top, hall = data.limits["income_max"], kinds["town-hall"].income
    return Income._make([max(0, min(top, sum(column) - less))
                         for column, less in zip(zip(*rows, strict=True), hall, strict=True)])


class _Incomes:
    """The incomes worked out so far, by everything an income depends on, for one content."""

    def __init__(self) -> None:
        self.data: Content | None = None
        self.known: dict[tuple[str, str, bool, tuple[str, ...], tuple[str, ...]], Income] = {}


_incomes = _Incomes()
_INCOMES_KEPT = 4096  # forgotten all at once past this many


def can_pay(player: Player, cost: Cost) -> str:
    """The reason ``player`` cannot pay ``cost`` (Rules: INCOME-07), or "" when they can."""
    for resource, amount in cost.items():
        have = getattr(player, resource)
        if have < amount:
            return f"needs {amount} {resource}, you have {have}"
    return ""


def require_payment(player: Player, cost: Cost, what: str) -> None:
    """Raise IllegalMove naming ``what`` when the player is short of any resource."""
    reason = can_pay(player, cost)
    if reason:
        raise IllegalMove(f"{what} {reason} (Rules: INCOME-07).")


def pay(player: Player, cost: Cost) -> None:
    """Rules: INCOME-06 - paying moves the resource token left by the amount paid."""
    for resource, amount in cost.items():
        setattr(player, resource, getattr(player, resource) - amount)


def gain(player: Player, resource: str, amount: int) -> None:
    """Move a resource token right; the track ends at resource_max and the rest is lost."""
    setattr(player, resource, min(limit("resource_max"), getattr(player, resource) + amount))


def advance(player: Player, track: str, amount: int) -> None:
    """Move the Science or Culture token; the track ends at track_max."""
    setattr(player, track, min(limit("track_max"), getattr(player, track) + amount))


def population_limit(state: State, nation: str) -> int:
    """Rules: BUILD-06, BUILD-15, Q-10 - each Town Hall and House adds its population value."""
    nat = content.load().nations[nation]
    total = sum(nat.buildings[key].population for key in active_buildings(state, nation))
    for node in nodes_owned(state, nation):
        if node.effect == "population":
            total += node.amount
    return total


def population(state: State, nation: str) -> int:
    """Rules: Q-10 - units count their size; the Avatar counts 0."""
    return sum(u.size for u in state.units if u.owner == nation and not u.is_avatar)


def collect_income(state: State, player: Player) -> None:
    """The Income Step: Science and Culture first, then Food, Wood and Gold, then the bonus.

    Rules: INCOME-01..04, INIT-10.
    """
    got = income(state, player.nation)
    advance(player, "science", got.science)
    advance(player, "culture", got.culture)
    if player.controller == "ai":
        return  # Rules: SOLO-11, SOLO-12 - the AI gains Science and Culture only
    for resource in ("food", "wood", "gold"):
        gain(player, resource, getattr(got, resource))
    space = content.load().initiative[player.initiative - 1]
    for resource, amount in space.bonus.items():
        gain(player, resource, amount)


def trade_cost(gold: int, food: int, wood: int, buy_gold: bool) -> tuple[Cost, Cost]:
    """(paid, gained) for a Market Trade of ``gold`` exchanges."""
    goods = Cost(food=food, wood=wood)
    coins = Cost(gold=gold)
    return (goods, coins) if buy_gold else (coins, goods)


def check_trade(gold: int, food: int, wood: int) -> None:
    """Rules: BUILD-09, Q-11 - up to 3 exchanges, each 1 Gold for 2 Food/Wood in any mix."""
    most = limit("market_exchanges")
    if not 1 <= gold <= most:
        raise IllegalMove(f"a Market trades 1 to {most} gold in one action (Rules: Q-11).")
    if food < 0 or wood < 0 or food + wood != 2 * gold:
        raise IllegalMove(
            f"a Market trades 1 gold for 2 food or wood, so {gold} gold goes with "
            f"{2 * gold} food and wood together (Rules: Q-11).")
