"""The pure engine: ``new_game``, ``mover``, ``legal_moves``, ``apply`` and ``chance_move``.

The flow (dice-spec.md section 9): the player order and, with Unrest, the boards drawn and chosen;
then four rounds of deal (tiles, event, bonus tile), rolls, actions until everyone has passed
(in solo, the shadow's d4 after every action that is not a pass), and the end of round; then the
final score. Every roll, draw and deal is a chance move (mover ``chance``).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from nncli.botplay import KINDS as BOT_KINDS
from nncli.chance import Stream
from nncli.dice import flow, solo
from nncli.dice.content import FACES, SLOT_TYPES, Content, content
from nncli.dice.moves import (
    BuildWonder,
    Buy,
    ChooseBoard,
    Deal,
    DrawBoards,
    Move,
    Order,
    Pass,
    Payment,
    Reroll,
    Roll,
    Shadow,
    ShadowBooks,
    UnrestReroll,
    UnrestSetAside,
)
from nncli.dice.payment import available, check, minimal_payments
from nncli.dice.state import (
    ACTIONS,
    CHANCE,
    CHOOSE,
    DEAL,
    DRAW,
    ORDER,
    OVER,
    SHADOW_BOOKS,
    SLOT_LETTERS,
    Die,
    Player,
    Slot,
    State,
    slot_ids,
)
from nncli.game import BadSetup, IllegalMove, one_of

CHANCE_PHASES = (ORDER, DEAL, DRAW, SHADOW_BOOKS)
UNREST_MOVES = (UnrestReroll, UnrestSetAside)


def new_game(setup: Mapping[str, Any]) -> State:
    """The state before the first chance move of a game with ``setup`` (raises BadSetup)."""
    c = content()
    players = setup.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        raise BadSetup("the Dice Game needs 1 to 4 players")
    unrest = setup.get("unrest", False)
    if not isinstance(unrest, bool):
        raise BadSetup('the setup\'s "unrest" must be true or false')
    seats, names, boards = [], [], []
    for entry in players:
        if not isinstance(entry, dict) or not all(
                isinstance(entry.get(k), str) for k in ("seat", "name")):
            raise BadSetup("every player of the setup needs a seat and a name")
        if not isinstance(entry.get("board", ""), str):
            raise BadSetup("a player's board in the setup must be the name of a board")
        seats.append(entry["seat"])
        names.append(entry["name"])
        boards.append(entry.get("board", ""))
    if len(set(seats)) != len(seats) or CHANCE in seats:
        raise BadSetup("the players' seats must be distinct, and none may be called chance")
    bots = setup.get("bots", [])
    if not isinstance(bots, list) or not all(b in seats for b in bots):
        raise BadSetup("every bot of the setup must be one of the players' seats")
    kind = setup.get("bot_kind", "greedy")
    if not one_of(kind, BOT_KINDS):
        raise BadSetup(f'the setup\'s "bot_kind" is one of {", ".join(BOT_KINDS)}')
    pack = "unrest" if unrest else "base"
    state = State(
        unrest=unrest, solo=len(seats) == 1, seats=tuple(seats),
        players={s: Player(s, n) for s, n in zip(seats, names, strict=True)},
        bots=tuple(bots), bot_kind=kind,
        columns=c.rules.columns[pack][len(seats)], seed=_seed(setup))
    state.dice_supply = {k: d.supply for k, d in c.dice.items() if unrest or d.pack == "base"}
    state.chit_supply = {k: t.supply for k, t in c.chits.items() if unrest or t.pack == "base"}
    if not unrest:
        for seat, board in zip(seats, boards, strict=True):
            if board not in c.boards or c.boards[board].pack != "base":
                raise BadSetup(f'"{board}" is not a board of the base game')
            take_board(c, state, state.players[seat], board)
    if state.solo:
        state.order = list(seats)
        state.shadow_books = c.rules.shadow_start_books
        state.players[seats[0]].books = c.rules.start_books[pack][1][0]
    if unrest:
        for p in state.players.values():
            p.books = c.rules.start_books[pack][len(seats)][0]
    state.phase = DEAL if unrest or state.solo else ORDER
    flow.begin_round(c, state)
    return state


def _seed(setup: Mapping[str, Any]) -> int:
    seed = setup.get("seed", 0)
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else 0


def take_board(c: Content, state: State, player: Player, key: str) -> None:
    """Give ``player`` the board ``key`` with every die and chit printed on it (DSET-10, 11;
    USET-15), from the supply (a missing one is not given, DQ-04)."""
    board = c.boards[key]
    player.board = key
    player.slots = [Slot("", flow.take_dice(state, colours)) for colours in board.slots]
    player.advisor_dice = flow.take_dice(state, board.advisor_dice)
    player.chits = flow.take_chits(state, board.chits, "start")
    player.chits += flow.take_chits(state, board.advisor_chits, "advisor-slot")
    player.wonders = [""] * board.wonder_slots


def mover(state: State) -> str | None:
    """The seat to move, ``chance`` at a chance point, None when the game is over."""
    phase = state.phase
    if phase == ACTIONS:  # the usual case first
        return CHANCE if state.to_roll or state.shadow_due else state.order[state.turn]
    if phase == OVER:
        return None
    if phase in CHANCE_PHASES or state.to_roll or state.shadow_due:
        return CHANCE
    if phase == CHOOSE:
        return flow.chooser(state)
    return state.order[state.turn]


# --- chance -------------------------------------------------------------------------------------


def chance_move(state: State, stream: Stream) -> Move:
    """The outcome ``stream`` gives at this chance point (raises IllegalMove elsewhere)."""
    c = content()
    if state.to_roll:
        below = stream.below
        return Roll(tuple([1 + below(FACES) for _ in state.to_roll[0][1]]))
    if state.shadow_due:
        return Shadow(1 + stream.below(state.columns))
    if state.phase == ORDER:
        return Order(tuple(stream.shuffled(state.seats)))
    if state.phase == DEAL:
        stack = flow.age_tiles(c, state)
        tiles = tuple(stream.shuffled(stack)[:3 * state.columns])
        event = stream.pick(flow.age_events(c, state))
        bonus = stream.pick(flow.bonus_left(c, state)) if state.unrest else ""
        return Deal(tiles, event, bonus)
    if state.phase == DRAW:
        physical = flow.physical_boards(c)
        return DrawBoards(tuple(sorted(stream.shuffled(physical)[:flow.boards_to_draw(state)])))
    if state.phase == SHADOW_BOOKS:
        return ShadowBooks(1 + stream.below(4))
    raise IllegalMove("there is no chance move to make now")


def _chance_outcomes(c: Content, state: State) -> list[Move]:
    """The possible outcomes when there are at most 1,000 of them, else []."""
    if state.to_roll:
        sizes = [FACES] * len(state.to_roll[0][1])
        count = 1
        for size in sizes:
            count *= size
        if count > 1000:
            return []
        return [Roll(tuple(f)) for f in product(*(range(1, n + 1) for n in sizes))]
    if state.shadow_due:
        return [Shadow(n) for n in range(1, state.columns + 1)]
    if state.phase == ORDER:
        from itertools import permutations

        return [Order(p) for p in permutations(state.seats)]
    if state.phase == DRAW:
        from itertools import combinations

        return [DrawBoards(b) for b in combinations(flow.physical_boards(c),
                                                    flow.boards_to_draw(state))]
    if state.phase == SHADOW_BOOKS:
        return [ShadowBooks(n) for n in range(1, 5)]
    return []


# --- legal moves --------------------------------------------------------------------------------


def legal_moves(state: State) -> list[Move]:
    """Every move that applies now, with payments in canonical minimal form (payment.py)."""
    c = content()
    who = mover(state)
    if who is None:
        return []
    if who == CHANCE:
        return _chance_outcomes(c, state)
    if state.phase == CHOOSE:
        return [ChooseBoard(b) for b in flow.boards_open(c, state)]
    player = state.players[who]
    if unrest_showing(c, player):
        return [UnrestReroll(), UnrestSetAside()]
    moves: list[Move] = []
    moves += reroll_moves(c, player)
    moves += buy_moves(c, state, player)
    moves += wonder_moves(c, player)
    moves += pass_moves(c, state, player)
    return moves


def unrest_showing(c: Content, player: Player) -> list[str]:
    """The ids of the player's unused dice that show Unrest (UGREEN-04, 13)."""
    colours = c.unrest_colours
    for die in player.all_dice():
        if die.colour in colours:  # a die that could show Unrest: look at them all
            faces = c.unrest_faces
            return [key for key, die in player.dice()
                    if not die.used and (die.colour, die.face) in faces]
    return []


def reroll_moves(c: Content, player: Player) -> list[Move]:
    """Rerolls of every choice of unused dice (alike dice listed once), per reroll chit kind."""
    kinds = [star for star, kind in ((False, "reroll"), (True, "star-reroll"))
             if any(ch.kind == kind and not ch.used for ch in player.chits)]
    if not kinds:
        return []
    classes: dict[tuple[str, int], list[str]] = {}
    for key, die in player.dice():
        if not die.used:
            classes.setdefault((die.colour, die.face), []).append(key)
    groups = list(classes.values())
    choices = []
    for counts in product(*(range(len(g) + 1) for g in groups)):
        dice = tuple(sorted(i for g, n in zip(groups, counts, strict=True) for i in g[:n]))
        if dice:
            choices.append(dice)
    return [Reroll(dice, star) for star in kinds for dice in choices]


def buy_moves(c: Content, state: State, player: Player) -> list[Move]:
    """Every tile the player can pay for, on every place it may go, with each minimal payment."""
    moves: list[Move] = []
    cache: dict[tuple[str, int], list[Payment]] = {}
    for space, key in enumerate(state.board):
        if not key:
            continue
        tile = c.tiles[key]
        column, row = space % state.columns + 1, space // state.columns + 1
        price = c.price(key, row)
        symbol = tile.pays_in
        if (symbol, price) not in cache:
            cache[(symbol, price)] = (minimal_payments(c, player, symbol, price)
                                      if available(c, player, symbol) >= price else [])
        for place in places(player, tile.type):
            moves += [Buy(column, row, place, pay) for pay in cache[(symbol, price)]]
    return moves


def places(player: Player, tile_type: str) -> tuple[str, ...]:
    """Where a tile of ``tile_type`` may go: any building slot for buildings and military, a
    wonder slot when the board has more than one, else nowhere to name."""
    if tile_type in SLOT_TYPES:
        return _SLOT_PLACES[len(player.slots)]
    if tile_type == "wonder" and len(player.wonders) > 1:
        return tuple(str(n) for n in range(1, len(player.wonders) + 1))
    return ("",)


_SLOT_PLACES = [tuple(SLOT_LETTERS[:n]) for n in range(len(SLOT_LETTERS) + 1)]


def wonder_moves(c: Content, player: Player) -> list[Move]:
    moves: list[Move] = []
    for n, key in enumerate(player.wonders, 1):
        if key:
            price = c.tiles[key].build
            if available(c, player, "stone") >= price:
                moves += [BuildWonder(n, pay) for pay in minimal_payments(c, player, "stone",
                                                                         price)]
    return moves


def pass_moves(c: Content, state: State, player: Player) -> list[Move]:
    tiles = flow.pass_tiles_open(state)
    return [Pass(t) for t in tiles] if tiles else [Pass()]


# --- applying -----------------------------------------------------------------------------------


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises IllegalMove and leaves ``state`` unchanged."""
    return advance(state.clone(), move)


def advance(state: State, move: Move) -> State:
    """``apply`` in place (the state must be thrown away after IllegalMove)."""
    c = content()
    who = mover(state)
    if who is None:
        raise IllegalMove("the game is over, so no more moves can be made")
    state.plies += 1
    if who == CHANCE:
        _chance(c, state, move)
        return state
    if isinstance(move, ChooseBoard):
        flow.choose_board(c, state, move.board, take_board)
        return state
    if state.phase != ACTIONS:
        raise IllegalMove("players choose their boards now (USET-12)")
    player = state.players[who]
    showing = unrest_showing(c, player)
    unrest_move = isinstance(move, UNREST_MOVES)
    if showing and not unrest_move:
        raise IllegalMove(f"dice {' '.join(showing)} show Unrest: first reroll them all "
                          '("unrest reroll") or set them aside ("unrest set-aside") (UGREEN-04)')
    if unrest_move and not showing:
        raise IllegalMove("none of your unused dice shows Unrest (UGREEN-04)")
    if isinstance(move, Buy):
        _buy(c, state, player, move)
    elif isinstance(move, UnrestReroll):
        state.to_roll.append((who, tuple(showing)))
        flow.acted(state)
    elif isinstance(move, UnrestSetAside):
        for die_id in showing:
            _die(player, die_id).used = True
    elif isinstance(move, Reroll):
        _reroll(c, state, player, move)
    elif isinstance(move, BuildWonder):
        _build(c, state, player, move)
    elif isinstance(move, Pass):
        flow.pass_turn(c, state, player, move.tile)
    else:
        raise IllegalMove("that move is made by chance, not by a player")
    return state


def _chance(c: Content, state: State, move: Move) -> None:
    if state.to_roll:
        if not isinstance(move, Roll):
            raise IllegalMove("chance rolls the dice now")
        dice, faces = _rolling(state), move.faces
        if len(faces) != len(dice) or (faces and not (min(faces) >= 1 and max(faces) <= FACES)):
            raise IllegalMove(f"the roll needs {len(dice)} faces from 1 to {FACES}")
        n = 0
        for die in dice:
            die.face, die.used = faces[n] - 1, False
            n += 1
        state.to_roll.pop(0)
    elif state.shadow_due:
        if not isinstance(move, Shadow) or not 1 <= move.column <= state.columns:
            raise IllegalMove(f"the shadow's d4 picks a column from 1 to {state.columns}")
        solo.shadow_acts(c, state, move.column)
    elif state.phase == ORDER:
        if not isinstance(move, Order) or sorted(move.seats) != sorted(state.seats):
            raise IllegalMove("the player order must list every seat once")
        flow.set_order(c, state, list(move.seats))
    elif state.phase == DEAL:
        if not isinstance(move, Deal):
            raise IllegalMove("chance deals the round's tiles now")
        flow.deal(c, state, move)
    elif state.phase == DRAW:
        if not isinstance(move, DrawBoards):
            raise IllegalMove("chance draws the boards now")
        flow.draw_boards(c, state, move.boards)
    elif state.phase == SHADOW_BOOKS:
        if not isinstance(move, ShadowBooks) or not 1 <= move.books <= 4:
            raise IllegalMove("the shadow's d4 gives 1 to 4 books")
        state.shadow_roll = move.books
        flow.finish_round(c, state)


def _rolling(state: State) -> list[Die]:
    """The dice of the next roll due."""
    seat, ids = state.to_roll[0]
    player = state.players[seat]
    dice = player.dice_named(ids)
    if dice is None:
        return [_die(player, die_id) for die_id in ids]  # raises, naming the first missing die
    return dice


def _die(player: Player, die_id: str) -> Die:
    die = player.die(die_id)
    if die is None:
        raise IllegalMove(f"you have no die {die_id}")
    return die


def _reroll(c: Content, state: State, player: Player, move: Reroll) -> None:
    kind = "star-reroll" if move.star else "reroll"
    chit = flow.unused_chit(player, kind)
    if chit is None:
        raise IllegalMove(f"you have no unused {kind} chit (DREROLL-01, DACT-06)")
    if not move.dice or len(set(move.dice)) != len(move.dice):
        raise IllegalMove("name the dice to reroll, each once (DREROLL-01)")
    named = player.dice_named(move.dice)
    for n, die_id in enumerate(move.dice):
        if (named[n] if named is not None else _die(player, die_id)).used:
            raise IllegalMove(f"die {die_id} is used; only unused dice are rerolled (DREROLL-03)")
    chit.used = True
    state.to_roll.append((player.seat, tuple(move.dice)))
    flow.acted(state, star=move.star)


def _buy(c: Content, state: State, player: Player, move: Buy) -> None:
    if not 1 <= move.column <= state.columns or not 1 <= move.row <= 3:
        raise IllegalMove(f"the progress board has columns 1 to {state.columns} and rows 1 to 3")
    space = (move.row - 1) * state.columns + move.column - 1
    key = state.board[space]
    if not key:
        raise IllegalMove(f"the space at column {move.column}, row {move.row} is empty "
                          "(DBUY-04)")
    tile = c.tiles[key]
    if move.place not in places(player, tile.type):
        raise IllegalMove(_place_problem(player, tile.type, tile.name, move.place))
    price = c.price(key, move.row)
    flow.spend(player, check(c, player, move.pay, tile.pays_in, price, tile.name),
               move.pay.chits)
    state.board[space] = ""
    if tile.type in SLOT_TYPES:
        group = SLOT_LETTERS.index(move.place)
        slot = player.slots[group]
        for die in slot.dice:
            state.dice_supply[die.colour] += 1  # DBUY-06, DQ-14
        slot.tile, slot.dice = key, flow.take_dice(state, tile.dice)
        if slot.dice:
            state.to_roll.append((player.seat, slot_ids(group, len(slot.dice))))
    elif tile.type == "advisor":
        lost = [ch for ch in player.chits if ch.source in ("advisor", "advisor-slot")]
        for chit in lost:
            state.chit_supply[chit.kind] += 1
        for die in player.advisor_dice:
            state.dice_supply[die.colour] += 1  # USET-16
        player.chits = [ch for ch in player.chits if ch not in lost]
        player.advisor_dice = []
        player.advisor = key
        player.chits += flow.take_chits(state, tile.chits, "advisor")
    elif tile.type == "colony":
        player.colonies.append(key)
        player.chits += flow.take_chits(state, tile.chits, "colony")
    else:
        player.wonders[int(move.place or "1") - 1] = key  # DBUY-13, 14
    flow.acted(state)


def _place_problem(player: Player, tile_type: str, name: str, place: str) -> str:
    if tile_type in SLOT_TYPES:
        return (f"{name} covers one of your building slots: say where, from a to "
                f"{SLOT_LETTERS[len(player.slots) - 1]} (DBUY-05)")
    if tile_type == "wonder" and len(player.wonders) > 1:
        return f"{name} goes on wonder slot 1 to {len(player.wonders)}: say which"
    return f'{name} is a {tile_type}, which takes no place to choose: leave out "on {place}"'


def _build(c: Content, state: State, player: Player, move: BuildWonder) -> None:
    if not 1 <= move.slot <= len(player.wonders) or not player.wonders[move.slot - 1]:
        raise IllegalMove("you have no wonder under construction there (DWONDER-03)")
    key = player.wonders[move.slot - 1]
    tile = c.tiles[key]
    flow.spend(player, check(c, player, move.pay, "stone", tile.build, tile.name),
               move.pay.chits)
    player.wonders[move.slot - 1] = ""
    player.built.append(key)
    player.chits += flow.take_chits(state, tile.chits, "wonder")
    flow.acted(state)

