"""Who acts when, and the automatic steps between actions: the deal, the player order, the board
choice, the rolls, turns and passing, and the end of a round."""

from __future__ import annotations

from collections.abc import Callable

from nncli.dice import scoring
from nncli.dice.content import Content
from nncli.dice.moves import Deal
from nncli.dice.state import (
    ACTIONS,
    CHOOSE,
    DEAL,
    DRAW,
    ORDER,
    OVER,
    SHADOW_BOOKS,
    Chit,
    Die,
    Player,
    State,
)
from nncli.game import IllegalMove

# Chits spent first when a player has several of a kind: those an advisor may take away.
SPEND_FIRST = ("advisor-slot", "advisor")


def take_dice(state: State, colours: tuple[str, ...]) -> list[Die]:
    """Dice of ``colours`` from the supply; a colour the supply lacks gives none (DQ-04)."""
    dice = []
    for colour in colours:
        if state.dice_supply.get(colour, 0) > 0:
            state.dice_supply[colour] -= 1
            dice.append(Die(colour, 0))
    return dice


def take_chits(state: State, kinds: tuple[str, ...], source: str) -> list[Chit]:
    """Chits of ``kinds`` from the supply, arriving unused (DQ-08); a missing one is not given
    (DBUY-15, DQ-04)."""
    chits = []
    for kind in kinds:
        if state.chit_supply.get(kind, 0) > 0:
            state.chit_supply[kind] -= 1
            chits.append(Chit(kind, source))
    return chits


def unused_chit(player: Player, kind: str) -> Chit | None:
    """The unused chit of ``kind`` to spend: one an advisor could take away, if any."""
    first = None
    for chit in player.chits:
        if chit.kind == kind and not chit.used:
            if chit.source in SPEND_FIRST:
                return chit
            if first is None:
                first = chit
    return first


def spend(player: Player, dice: list[Die], kinds: tuple[str, ...]) -> None:
    """Move the dice and the chits of ``kinds`` paid to the used area (DACT-06)."""
    for die in dice:
        die.used = True
    for kind in kinds:
        chit = unused_chit(player, kind)
        assert chit is not None
        chit.used = True


# --- setup and the start of a round -------------------------------------------------------------


def age_tiles(c: Content, state: State) -> list[str]:
    """The current age's progress stack, the Unrest tiles shuffled in with Unrest (USET-06)."""
    return list(c.age_stacks[(state.round, state.unrest)])


def age_events(c: Content, state: State) -> list[str]:
    return list(c.age_event_keys[(state.round, state.unrest)])


def bonus_left(c: Content, state: State) -> list[str]:
    """The bonus tiles not drawn yet this game (UBONUS-03)."""
    return [k for k in c.bonus_tiles if k not in state.bonus_used]


def physical_boards(c: Content) -> list[int]:
    return sorted({b.physical for b in c.boards.values() if b.pack == "unrest"})


def boards_to_draw(state: State) -> int:
    """As many boards as players (USET-11); two in solo (USOLO-01)."""
    return 2 if state.solo else len(state.seats)


def begin_round(c: Content, state: State) -> None:
    """Clear last round's tiles (DROUND-01) and put out the pass-first tiles (UPASS-01; in solo
    above columns 1 to 3 before the tiles are revealed, USOLO-07, 08, DQ-19)."""
    state.board = [""] * (3 * state.columns)
    state.event = state.bonus = ""
    state.news = []
    state.pass_tiles = list(c.pass_tiles) if state.unrest else []
    state.shadow_taken, state.shadow_roll, state.passes = [], 0, 0
    for player in state.players.values():
        player.passed, player.pass_tile = False, ""
        for die in player.all_dice():
            die.used = False
        for chit in player.chits:
            chit.used = False


def deal(c: Content, state: State, move: Deal) -> None:
    """Lay out the round's tiles row by row (DROUND-02), reveal the event (DROUND-03) and, with
    Unrest, the bonus tile (UBONUS-01)."""
    stack = c.age_stacks[(state.round, state.unrest)]
    if len(move.tiles) != 3 * state.columns or len(set(move.tiles)) != len(move.tiles) or \
            not set(move.tiles).issubset(stack):
        raise IllegalMove(f"the deal needs {3 * state.columns} different tiles of age "
                          f"{state.round}")
    if move.event not in c.age_event_keys[(state.round, state.unrest)]:
        raise IllegalMove(f"the event must be one of age {state.round}")
    if state.unrest != bool(move.bonus) or (move.bonus and move.bonus not in bonus_left(c, state)):
        raise IllegalMove("the deal names a bonus tile not drawn yet with Unrest, none without")
    state.board, state.event, state.bonus = list(move.tiles), move.event, move.bonus
    if move.bonus:
        state.bonus_used.append(move.bonus)
    if state.unrest and not any(p.board for p in state.players.values()):
        state.phase = DRAW if state.solo else ORDER  # USET-07..12: tiles first, then boards
    else:
        start_rolls(state)


def set_order(c: Content, state: State, order: list[str]) -> None:
    """The random player order (DSET-09, USET-09); base books by order number (DSET-14, 15)."""
    state.order = order
    if state.unrest:
        state.phase = DRAW
        return
    for seat, books in zip(order, c.rules.start_books["base"][len(order)], strict=True):
        state.players[seat].books = books
    state.phase = DEAL


def draw_boards(c: Content, state: State, boards: tuple[int, ...]) -> None:
    if list(boards) != sorted(set(boards)) or len(boards) != boards_to_draw(state) or \
            not set(boards) <= set(physical_boards(c)):
        raise IllegalMove(f"the draw needs {boards_to_draw(state)} different boards, in order")
    state.drawn, state.phase, state.turn = list(boards), CHOOSE, 0


def chooser(state: State) -> str:
    """Boards are chosen in reverse player order (USET-12)."""
    return state.order[len(state.order) - 1 - state.turn]


def boards_open(c: Content, state: State) -> list[str]:
    """Both sides of every drawn board of which no side is taken (USET-13, DQ-07)."""
    taken = {c.boards[p.board].physical for p in state.players.values() if p.board}
    return [k for k, b in c.boards.items()
            if b.pack == "unrest" and b.physical in state.drawn and b.physical not in taken]


def choose_board(c: Content, state: State, board: str,
                 take: Callable[[Content, State, Player, str], None]) -> None:
    if state.phase != CHOOSE:
        raise IllegalMove("boards are chosen only at the start of a game with Unrest")
    sides = boards_open(c, state)
    if board not in sides:
        import difflib  # only for the refusal: start-up stays fast

        close = difflib.get_close_matches(board, sides, n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise IllegalMove(f'"{board}" is not a side of a drawn board still open; {hint}choose '
                          f"from {', '.join(sides)} (USET-12, USET-13)")
    take(c, state, state.players[chooser(state)], board)
    state.turn += 1
    if state.turn == len(state.order):
        start_rolls(state)


def start_rolls(state: State) -> None:
    """Every player rolls all their dice (DROLL-10), first player first, then acts."""
    state.phase, state.turn = ACTIONS, 0
    state.to_roll = []
    for seat in state.order:
        ids = state.players[seat].die_ids()
        if ids:
            state.to_roll.append((seat, ids))


# --- turns --------------------------------------------------------------------------------------


def acted(state: State, star: bool = False) -> None:
    """After an action that is not a pass: the shadow rolls in solo (DSOLO-04), and the turn
    passes on, except after a star reroll, which forces another turn (USTAR-02)."""
    state.shadow_due = state.solo
    state.extra_turn = star
    if not star:
        next_turn(state)


def next_turn(state: State) -> None:
    """The next player in order who has not passed (DACT-01, 02)."""
    count = len(state.order)
    for step in range(1, count + 1):
        index = (state.turn + step) % count
        if not state.players[state.order[index]].passed:
            state.turn = index
            return


def pass_tiles_open(state: State) -> list[str]:
    """The pass-first tiles the player to pass may take: none for the last to pass (UPASS-04),
    none in solo once the shadow took one (USOLO-15)."""
    if not state.unrest:
        return []
    if state.solo and state.shadow_taken:
        return []
    if not state.solo and state.passes == len(state.order) - 1:
        return []
    return [t for t in state.pass_tiles if t]


def pass_turn(c: Content, state: State, player: Player, tile: str) -> None:
    open_tiles = pass_tiles_open(state)
    if tile and tile not in open_tiles:
        if not state.unrest:
            why = "there are pass-first tiles only with Unrest"
        elif state.solo:
            why = "the shadow has taken a pass-first tile this round (USOLO-15)"
        else:
            why = "the last player to pass gets nothing (UPASS-04)"
        raise IllegalMove(f"you cannot take {tile}: {why}" if not open_tiles else
                          f"{tile} is not there; take one of {', '.join(open_tiles)}")
    if open_tiles and not tile:
        raise IllegalMove(f"the player who passes takes a pass-first tile: pass "
                          f"{' or pass '.join(t.removeprefix('pass-') for t in open_tiles)} "
                          "(UPASS-02, 03)")
    player.passed, player.pass_tile = True, tile
    state.passes += 1
    if tile:
        state.pass_tiles[state.pass_tiles.index(tile)] = ""
    bonus = c.bonus_tiles.get(state.bonus)
    if state.solo or state.passes == len(state.order):
        state.report = []  # this pass ends the round: its report starts here
    if state.solo:
        if bonus is not None and bonus.solo == "all-taken" and not any(state.pass_tiles):
            player.vp += c.rules.bonus_vp  # USOLO-06
            state.report.append(scoring.bonus_line(bonus.name, player.name, c.rules.bonus_vp))
        state.phase = SHADOW_BOOKS  # DSOLO-07
        return
    if state.passes == len(state.order):
        if bonus is not None and bonus.effect == "last-pass":
            player.vp += c.rules.bonus_vp  # UBONUS-08, 12
            state.report.append(scoring.bonus_line(bonus.name, player.name, c.rules.bonus_vp))
        finish_round(c, state)
    else:
        next_turn(state)


def finish_round(c: Content, state: State) -> None:
    """Score the round, then start the next or end the game (DEND-09)."""
    scoring.end_round(c, state)
    if state.round == c.rules.rounds:
        scoring.final(c, state)
        state.phase = OVER
        return
    state.round += 1
    begin_round(c, state)
    state.phase = DEAL

