"""The legal moves of the growth step and the action phase, built fast.

Each card's facts and its moves (``buy``, ``deploy``, ...) are prepared once per content
(``offers``), so listing the moves of a position looks nothing up twice and makes no new move
object it made before. The rules are those of ``actions.problem``, applied once per card instead
of once per move; the tests check the lists against ``engine.checked_moves``.
"""

from __future__ import annotations

from nncli.nations import live
from nncli.nations.content import Card, Content
from nncli.nations.moves import ARCHITECT, BONUS, BUY, DEPLOY, GAIN, GROW, PASS, UNDEPLOY, VP, Move
from nncli.nations.state import Nation, State

# How a card is bought (the kinds of ``actions.type_problem``).
WORKERS, COLONY, GOLDEN_AGE, WAR, PLAIN = range(5)

GROW_MOVE = Move(GROW)
BONUS_MOVES = tuple(Move(BONUS, what) for what in ("food", "stone", "gold"))
PASS_MOVE = Move(PASS)
ARCHITECT_MOVE = Move(ARCHITECT)


class Offer:
    """One card's facts and its ready moves; moves naming a second card are made once each."""

    __slots__ = ("id", "kind", "min_strength", "vp_cost", "deploy_cost", "sections", "buy",
                 "gain", "vp", "deploy", "undeploy", "covering", "_over", "_from")

    def __init__(self, card: Card) -> None:
        self.id = card.id
        self.kind = (WORKERS if card.takes_workers else COLONY if card.type == "colony"
                     else GOLDEN_AGE if card.type == "golden_age" else WAR if card.type == "war"
                     else PLAIN)
        self.min_strength, self.vp_cost, self.deploy_cost = (
            card.min_strength, card.vp_cost, card.deploy)
        self.sections = card.sections
        self.buy, self.gain, self.vp = (
            Move(BUY, card.id), Move(BUY, card.id, option=GAIN), Move(BUY, card.id, option=VP))
        self.deploy, self.undeploy = Move(DEPLOY, card.id), Move(UNDEPLOY, card.id)
        self.covering = Move(ARCHITECT, over=card.id)  # a wonder completed over this one
        self._over: dict[str, Move] = {}
        self._from: dict[str, Move] = {}

    def buy_over(self, held: str) -> Move:
        """``buy CARD over HELD``."""
        move = self._over.get(held)
        if move is None:
            move = self._over[held] = Move(BUY, self.id, over=held)
        return move

    def deploy_from(self, source: str) -> Move:
        """``deploy CARD from SOURCE``."""
        move = self._from.get(source)
        if move is None:
            move = self._from[source] = Move(DEPLOY, self.id, source=source)
        return move


class Offers:
    """Every card's ``Offer`` and the board's numbers, for one content."""

    __slots__ = ("cards", "row_costs", "slots", "colony_slots", "wonder_slots")

    def __init__(self, content: Content) -> None:
        self.cards = {card_id: Offer(card) for card_id, card in content.cards.items()}
        self.row_costs = tuple(int(cost) for cost in content.rules["row_cost"])
        self.slots = int(content.board["slots"])
        self.colony_slots = int(content.board["colony_slots"])
        self.wonder_slots = int(content.board["completed_wonder_slots"])


_PREPARED: dict[int, tuple[Content, Offers]] = {}


def offers(content: Content) -> Offers:
    """The ``Offers`` of ``content``, prepared on first use (the content is kept with them, so
    its id names it for as long as they are)."""
    found = _PREPARED.get(id(content))
    if found is None or found[0] is not content:
        found = _PREPARED[id(content)] = (content, Offers(content))
    return found[1]


def growth_moves(nation: Nation) -> list[Move]:
    """The growth step's choices: grow while the population track has workers, or a bonus."""
    return [GROW_MOVE, *BONUS_MOVES] if nation.population else list(BONUS_MOVES)


def action_moves(state: State, content: Content, nation: Nation) -> list[Move]:
    """The action phase's legal moves for ``nation``: buys row by row, then each slot's deploys
    and undeploy, the architect, pass (the order the random bot has always chosen from)."""
    ready = offers(content)
    cards = ready.cards
    moves: list[Move] = []
    gold = nation.gold
    slots = nation.slots
    strength = -1
    for row, cost in zip(state.board, ready.row_costs, strict=True):
        if gold < cost:
            continue
        for card_id in row:
            if not card_id:
                continue
            offer = cards[card_id]
            kind = offer.kind
            if kind == WORKERS:
                if len(slots) >= ready.slots:
                    moves += [offer.buy_over(s.card) for s in slots]
                else:
                    moves.append(offer.buy)
            elif kind == COLONY:
                if strength < 0:
                    strength = live.strength(content, nation)
                if strength >= offer.min_strength:
                    if len(nation.colonies) >= ready.colony_slots:
                        moves += [offer.buy_over(c) for c in nation.colonies]
                    else:
                        moves.append(offer.buy)
            elif kind == GOLDEN_AGE:
                moves.append(offer.gain)
                if gold - cost >= offer.vp_cost:
                    moves.append(offer.vp)
            elif kind != WAR or not state.war:
                moves.append(offer.buy)
    stone, idle = nation.stone, nation.idle
    for slot in slots:
        offer = cards[slot.card]
        if stone >= offer.deploy_cost:
            if idle:
                moves.append(offer.deploy)
            moves += [offer.deploy_from(other.card) for other in slots
                      if other.workers and other is not slot]
        if slot.workers:
            moves.append(offer.undeploy)
    if nation.wonder and state.architects:
        wonder = cards[nation.wonder]
        if stone >= wonder.sections[nation.built]:
            last = nation.built + 1 == len(wonder.sections)
            if last and len(nation.wonders) >= ready.wonder_slots:
                moves += [cards[w].covering for w in nation.wonders]
            else:
                moves.append(ARCHITECT_MOVE)
    moves.append(PASS_MOVE)
    return moves
