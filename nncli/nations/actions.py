"""The players' moves: what each needs (``problem``) and what it does (``perform``).

``problem`` returns one sentence naming the rule a move breaks, or None; the engine applies a
move only when it has none, and lists a candidate only when it has none, so the legal moves and
the moves that apply are the same set.
"""

from __future__ import annotations

from nncli.nations import live, removal
from nncli.nations.content import Card, Content
from nncli.nations.economy import gain
from nncli.nations.flow import mover
from nncli.nations.moves import (
    ARCHITECT,
    BONUS,
    BUY,
    DEPLOY,
    GAIN,
    GROW,
    PASS,
    UNDEPLOY,
    VP,
    Move,
)
from nncli.nations.state import Nation, Slot, State

BONUS_RESOURCES = ("food", "stone", "gold")


def find_on_board(state: State, card_id: str) -> tuple[int, int] | None:
    """(row, column) of ``card_id`` on the progress board, from 0."""
    for r, row in enumerate(state.board):
        for c, there in enumerate(row):
            if there == card_id:
                return r, c
    return None


def price(content: Content, row: int) -> int:
    """The gold a card in ``row`` (from 0) costs."""
    return int(content.rules["row_cost"][row])


def buy_problem(state: State, content: Content, nation: Nation, move: Move) -> str | None:
    """Why ``buy`` cannot be made, or None."""
    where = find_on_board(state, move.card)
    card = content.cards.get(move.card)
    if card is None or where is None:
        shown = card.name if card else move.card
        return f"{shown} is not on the progress board"
    cost = price(content, where[0])
    if nation.gold < cost:
        return f"{card.name} costs {cost} gold, you have {nation.gold}"
    if move.option and card.type != "golden_age":
        return f"only a golden age offers a choice, and {card.name} is a {card.type}"
    if move.over and card.type not in ("building", "military", "colony"):
        return f"a {card.type.replace('_', ' ')} covers nothing you choose; buy {card.id}"
    return type_problem(state, content, nation, card, move, nation.gold - cost)


def type_problem(
    state: State, content: Content, nation: Nation, card: Card, move: Move, gold_left: int
) -> str | None:
    """The rules of the card's type: spaces, strength, the war space, the golden-age choice."""
    board = content.board
    if card.takes_workers:
        return cover_problem(
            [s.card for s in nation.slots], int(board["slots"]), move, card,
            "building and military spaces", content,
        )
    if card.type == "colony":
        strength = live.strength(content, nation)
        if strength < card.min_strength:
            return f"{card.name} needs strength {card.min_strength}, you have {strength}"
        return cover_problem(
            nation.colonies, int(board["colony_slots"]), move, card, "colony spaces", content
        )
    if card.type == "war" and state.war:
        return (f"the war space already holds {content.cards[state.war].name}: "
                "one war a round")
    if card.type == "golden_age":
        if move.option not in (GAIN, VP):
            return f"say what {card.name} gives you: buy {card.id} gain, or buy {card.id} vp"
        if move.option == VP and gold_left < card.vp_cost:
            return (f"the VP of {card.name} costs {card.vp_cost} gold after its price, "
                    f"you would have {gold_left}")
    return None


def cover_problem(
    held: list[str], spaces: int, move: Move, card: Card, what: str, content: Content
) -> str | None:
    """A card that covers one of ``held`` only when all ``spaces`` are full."""
    if len(held) < spaces:
        if move.over:
            return f"you have a free space, so {card.name} covers nothing"
        return None
    if not move.over:
        verb = "architect" if card.type == "wonder" else f"buy {card.id}"
        return f"your {spaces} {what} are full: {verb} over one of {', '.join(held)}"
    if move.over not in held:
        shown = content.cards[move.over].name if move.over in content.cards else move.over
        return f"{shown} is not one of your {what}"
    return None


def deploy_problem(content: Content, nation: Nation, move: Move) -> str | None:
    """Why ``deploy`` cannot be made, or None."""
    target = nation.slot(move.card)
    if target is None:
        return f"{name_of(content, move.card)} is not one of your buildings or military"
    if move.source:
        source = nation.slot(move.source)
        if source is None:
            return f"{name_of(content, move.source)} is not one of your buildings or military"
        if move.source == move.card:
            return "a worker moves to another card, not to the one it is on"
        if not source.workers:
            return f"{name_of(content, move.source)} has no worker to move"
    elif not nation.idle:
        return "you have no worker in your resource area; move one: deploy CARD from CARD"
    cost = content.cards[move.card].deploy
    if nation.stone < cost:
        name = name_of(content, move.card)
        return f"{name} costs {cost} stone to deploy, you have {nation.stone}"
    return None


def architect_problem(state: State, content: Content, nation: Nation, move: Move) -> str | None:
    """Why ``architect`` cannot be made, or None."""
    if not nation.wonder:
        return "you have no wonder under construction"
    if not state.architects:
        return "there is no architect left in the architect space"
    wonder = content.cards[nation.wonder]
    cost = wonder.sections[nation.built]
    if nation.stone < cost:
        return f"the next section of {wonder.name} costs {cost} stone, you have {nation.stone}"
    if nation.built + 1 < len(wonder.sections):
        return "only the last section completes a wonder" if move.over else None
    return cover_problem(
        nation.wonders, int(content.board["completed_wonder_slots"]), move, wonder,
        "completed-wonder spaces", content,
    )


def name_of(content: Content, card_id: str) -> str:
    """The card's name, or the word itself when no card has that id."""
    card = content.cards.get(card_id)
    return card.name if card else card_id


def problem(state: State, content: Content, move: Move) -> str | None:
    """Why the player to act cannot make ``move`` now, or None."""
    nation = state.nations[mover(state)]
    if move.kind == BUY:
        return buy_problem(state, content, nation, move)
    if move.kind == DEPLOY:
        return deploy_problem(content, nation, move)
    if move.kind == UNDEPLOY:
        slot = nation.slot(move.card)
        if slot is None:
            return f"{name_of(content, move.card)} is not one of your buildings or military"
        return None if slot.workers else f"{name_of(content, move.card)} has no worker"
    if move.kind == ARCHITECT:
        return architect_problem(state, content, nation, move)
    if move.kind == PASS:
        return None
    return f"{move.kind} is not an action; buy, deploy, undeploy, architect or pass"


def growth_problem(nation: Nation, move: Move) -> str | None:
    """Why a growth choice cannot be made, or None."""
    if move.kind == GROW:
        return None if nation.population else "your population track is empty, so you cannot grow"
    if move.kind == BONUS:
        if move.card in BONUS_RESOURCES:
            return None
        return "the bonus is food, stone or gold"
    return "it is the growth step: grow, or bonus food, stone or gold"


def perform(state: State, content: Content, nation: Nation, move: Move) -> None:
    """Carry out an action phase move already found legal."""
    if move.kind == BUY:
        buy(state, content, nation, move)
    elif move.kind == DEPLOY:
        nation.stone -= content.cards[move.card].deploy
        if move.source:
            source = nation.slot(move.source)
            assert source is not None
            source.workers -= 1  # a step of its own: the worker leaves, then arrives
            removal.sweep(state, content)
        else:
            nation.idle -= 1
        target = nation.slot(move.card)
        if target is None:  # removed while the worker was on its way (NCARD-19)
            nation.idle += 1
        else:
            target.workers += 1
    elif move.kind == UNDEPLOY:
        slot = nation.slot(move.card)
        assert slot is not None
        slot.workers -= 1
        nation.idle += 1
    elif move.kind == ARCHITECT:
        hire(state, content, nation, move)
    elif move.kind == PASS:
        state.passes += 1
        nation.passed = state.passes


def buy(state: State, content: Content, nation: Nation, move: Move) -> None:
    """Pay the row's gold, take the card off the board and use it by its type."""
    where = find_on_board(state, move.card)
    assert where is not None
    nation.gold -= price(content, where[0])
    state.board[where[0]][where[1]] = ""
    card = content.cards[move.card]
    removal.sweep(state, content)
    if content.removable and move.over and move.over not in removal.held(nation):
        move = move._replace(over="")  # the card it was to cover has been removed (NCARD-19)
    place_bought(state, content, nation, card, move)
    removal.sweep(state, content)
    use_bought(state, content, nation, card, move)


def place_bought(state: State, content: Content, nation: Nation, card: Card, move: Move) -> None:
    """Put a bought card on the board (covering ``move.over``), or in the war space."""
    if card.takes_workers:
        if move.over:
            index = [s.card for s in nation.slots].index(move.over)
            nation.idle += nation.slots[index].workers
            nation.covered.append(move.over)
            nation.slots[index] = Slot(card.id)
        else:
            nation.slots.append(Slot(card.id))
    elif card.type == "colony":
        place(nation.colonies, card.id, move.over, nation)
    elif card.type == "advisor":
        if nation.advisor:
            nation.covered.append(nation.advisor)
        nation.advisor = card.id
    elif card.type == "wonder":
        nation.wonder, nation.built = card.id, 0  # an unfinished one is lost with its stone
    elif card.type == "war":
        state.war, state.war_buyer = card.id, nation.key
        state.war_strength = live.strength(content, nation)


def use_bought(state: State, content: Content, nation: Nation, card: Card, move: Move) -> None:
    """A bought card's immediate effect: a colony's gain, a battle, a golden age."""
    if card.type == "colony":
        gain(nation, card.immediate)
    elif card.type == "battle":
        amount = card.multiplier * live.best_attack(content, nation)
        setattr(nation, card.resource, getattr(nation, card.resource) + amount)
    elif card.type == "golden_age" and move.option == VP:
        nation.gold -= card.vp_cost
        nation.vp += 1
    elif card.type == "golden_age":
        gain(nation, card.gain)


def place(held: list[str], card_id: str, over: str, nation: Nation) -> None:
    """Put ``card_id`` among ``held``, covering ``over`` when it is given."""
    if over:
        held[held.index(over)] = card_id
        nation.covered.append(over)
    else:
        held.append(card_id)


def hire(state: State, content: Content, nation: Nation, move: Move) -> None:
    """An architect builds the next section; the last one completes the wonder."""
    wonder = content.cards[nation.wonder]
    nation.stone -= wonder.sections[nation.built]
    state.architects -= 1
    nation.built += 1
    removal.sweep(state, content)
    if nation.wonder == wonder.id and nation.built == len(wonder.sections):
        place(nation.wonders, wonder.id, move.over, nation)
        nation.wonder, nation.built = "", 0


def grow_or_bonus(state: State, content: Content, nation: Nation, move: Move) -> None:
    """The growth step's choice."""
    if move.kind == GROW:
        nation.population -= 1
        nation.idle += 1
    else:
        amount = bonus_amount(content, state, nation)
        setattr(nation, move.card, getattr(nation, move.card) + amount)


def bonus_amount(content: Content, state: State, nation: Nation) -> int:
    """What the growth bonus gives the nation now: by its difficulty and the era (NGROW-09)."""
    return int(content.rules["difficulty"]["bonus"][nation.difficulty][state.era - 1])
