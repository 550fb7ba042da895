"""Players for any seat: a random bot and a greedy bot, for self-play, tests and hints.

Both are deterministic given their own ``random.Random``, seeded from the game's seed and the
number of moves made (``rng_for``), so the same game replays the same way; the engine stays free of
randomness.
"""

from __future__ import annotations

import random
from collections import defaultdict

from nncli import strongbot
from nncli.botplay import KINDS, bot_rng
from nncli.game import IllegalMove
from nncli.notebook import (
    GAME,
    content,
    economy,
    encounters,
    engine,
    movement,
    research,
    scoring,
    solo,
)
from nncli.notebook.legal import EXACT, SOURCES, generate
from nncli.notebook.moves import Build, EndTurn, Move, MovePiece, Research
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, PHASE_TURNS, Player, State


def random_move(state: State, rng: random.Random) -> Move:
    """A legal move chosen source first, then kind, then within the kind, so turns end in a few
    moves.

    In the Actions Step the sources of candidates (``legal.SOURCES``: building, trading, units,
    movement, research, ending the turn...) are tried in a random order, and only the source
    tried is listed; within it the kinds and then the moves are tried in a random order and the
    first legal move is taken; movement picks a piece first and lists only its destinations. Any
    legal move may be chosen, and listing one source instead of all of them costs a fraction of
    the time.
    """
    if state.draws_due:  # a chance point: the seeded source's draw, as nncli would record it
        return encounters.seeded_draw(state)
    if solo.controls(state):
        return solo.next_move(state)
    if state.phase != PHASE_TURNS or state.turn.pending_rewards:  # initiative spaces, rewards
        return rng.choice(engine.legal_moves(state))
    sources = list(SOURCES)
    rng.shuffle(sources)
    for source in sources:
        if source is movement.candidates:
            step = _random_step(state, rng)
            if step is not None:
                return step
            continue
        by_kind: dict[type, list[Move]] = defaultdict(list)
        for move in source(state):
            by_kind[type(move)].append(move)
        kinds = sorted(by_kind, key=lambda k: k.__name__)
        rng.shuffle(kinds)
        for kind in kinds:
            moves = by_kind[kind]
            rng.shuffle(moves)
            for move in moves:
                if kind in EXACT or engine.is_legal(state, move):
                    return move
    raise ValueError("no legal move")  # ending the turn is always legal


def _random_step(state: State, rng: random.Random) -> Move | None:
    """A MovePiece of a piece chosen at random among those that can move somewhere, or None;
    the destinations of one piece are searched, not every piece's."""
    movers = movement.movers(state)
    rng.shuffle(movers)
    for piece, allowance in movers:
        steps = list(movement.destinations(state, piece, allowance))
        if steps:
            return rng.choice(steps)
    return None


RESEARCH_VALUE = 12  # ``value`` of a node unlocked


def value(state: State, nation: str) -> float:
    """How good ``state`` looks to ``nation``: VP first, then what leads to VP."""
    player = state.player(nation)
    got = economy.income(state, nation)
    army = economy.population(state, nation)
    return (1000 * player.vp + RESEARCH_VALUE * len(player.research)
            + 4 * (got.science + got.culture) + 2 * (got.food + got.wood + got.gold)
            + player.science + player.culture + 3 * army
            + 0.1 * (player.food + player.wood + player.gold + 2 * player.source))


def greedy_move(state: State, rng: random.Random) -> Move:
    """The move that most improves ``value``; when none does, the best research or the end."""
    if state.draws_due:
        return encounters.seeded_draw(state)
    nation = state.mover
    base = value(state, nation)
    best: list[Move] = []
    best_gain = 1e-9
    closing: list[tuple[float, Move]] = []
    moves = engine.legal_moves(state)
    for move in moves:
        gain = value(engine.apply(state, move), nation) - base
        if isinstance(move, EndTurn | Research):
            closing.append((gain, move))
        elif gain > best_gain + 1e-9:
            best, best_gain = [move], gain
        elif abs(gain - best_gain) <= 1e-9:
            best.append(move)
    if best:
        return rng.choice(best)
    if not closing:  # the Initiative Phase: every space looks alike
        return rng.choice(moves)
    top = max(gain for gain, _ in closing)
    return rng.choice([move for gain, move in closing if gain == top])


LEAD_SCALE = 40.0  # a lead of this much ``value`` makes a win about 3 times in 4


def can_research(state: State, player: Player) -> bool:
    """Whether ``player`` could unlock a node now (Rules: RES-03, RES-05, RES-07): the research
    that may end a turn of theirs, which the search credits before it is made."""
    for key in research.nodes(state):
        try:
            research.check_research(state, player, key)
        except IllegalMove:
            continue
        return True
    return False


# What winning by the tie-break is worth when the round's end would end the game: as much as
# a VP, since players who reach the goal in the same round are told apart by it alone.
WIN_VALUE = 1000.0


def round_end(state: State) -> State:
    """A copy of ``state`` with the round's VP scored now (Rules: END-02, VP-02..12): the VP a
    nation would earn if the round ended here, on the science, culture and town halls it holds,
    which ``value`` sees only once the round has ended. Each nation whose turn has not begun this
    round first collects the income its Income Step will bring (``income_ahead``). Once the game
    is over, ``state``."""
    if state.phase == PHASE_OVER:
        return state
    ended = state.clone()
    income_ahead(ended)
    scoring.score_round(ended)
    return ended


def income_ahead(state: State) -> None:
    """Each nation whose turn has not begun this round collects its income now (Rules:
    INCOME-01..04, INIT-10): in the Initiative Phase every nation, one yet to pick taking the
    best free space (the last); in the players' turns those after the one to move. So a leaf
    in the middle of a round weighs nations alike, not the ones whose Income Step came first
    ahead by a round's income. Measured: without it the strong bot took the first space, No
    Bonus, nearly every round (it moves first, so the search met its own moves before the
    other's and saw it ahead), giving up a Gold and a Source a round; with it and
    ``search_depth`` it won 81 of 100 games against greedy from seed 1 at 0.5 s a move, where
    it had won 64."""
    if state.phase == PHASE_TURNS:
        waiting = [state.player(nation) for nation in state.order[state.current + 1:]]
    else:
        waiting = list(state.players)
        taken = {p.initiative for p in waiting}
        free = [n for n in range(len(content.load().initiative), 0, -1) if n not in taken]
        for player in waiting:
            if not player.initiative:
                player.initiative = free.pop(0)
    for player in waiting:
        economy.collect_income(state, player)


def evaluations(state: State) -> dict[str, float]:
    """How likely each nation is to win from ``state``, from its lead in ``value`` (the strong
    bot's evaluation at a playout's cut-off), each nation credited with a node it could unlock
    to end a turn: so the builds and moves that keep a research open are not weighed against
    the research itself, which ends the turn. Measured, at 0.5 s a move against greedy: 9 of
    11 games with the credit and the search's rescaled rewards, 2 of 5 with the credit alone, 1
    of 5 with neither, 1 of 4 crediting only the nation in the middle of its turn.

    When the round's end (``round_end``) would end the game, the nation that would win it, by
    VP and then by the tie-break (most Source, then the lowest initiative), is credited with
    ``WIN_VALUE``: nations racing to the goal often reach it in the same round. Measured from
    seed 1 at 0.5 s a move: without it the strong bot won 20 of 27 games decided by VP and none
    of the 7 decided by the tie-break."""
    ended = round_end(state)
    values = {p.nation: value(ended, p.nation) + RESEARCH_VALUE * can_research(ended, p)
              for p in ended.players}
    if ended is not state and scoring.game_over(ended):  # the round's end would end the game
        values[scoring.winner(ended)] += WIN_VALUE
    return strongbot.lead_shares(values, LEAD_SCALE)


def search_depth(state: State) -> int | None:
    """In the Initiative Phase the picks still to make, the mover's first: the strong bot's tree
    stops once every pawn is placed and scores the spaces there, with each nation's income to
    come (``income_ahead``); else None (no cap). A deeper tree met the first space's holder's
    own moves before the other's and so took the first space, No Bonus, nearly every round."""
    if state.phase == PHASE_INITIATIVE:
        return len(state.order) - state.current
    return None


SITES = 3  # the strong bot weighs this many sites of each building it may place
STEPS = 6  # and this many destinations of each piece that may move


def search_moves(state: State) -> list[Move]:
    """The strong bot's choices: the legal moves, with at most ``SITES`` sites for each
    building (the first legal ones) and ``STEPS`` destinations for each piece (spread over its
    list), where trying every site on a copy of the state would cost most of the search."""
    if state.draws_due or solo.controls(state) or state.phase != PHASE_TURNS \
            or state.turn.pending_rewards:
        return engine.legal_moves(state)
    kept: list[Move] = []
    sites: dict[tuple[str, str], int] = defaultdict(int)
    steps: dict[str, list[Move]] = defaultdict(list)
    for move in generate(state):
        if isinstance(move, MovePiece):
            steps[move.piece].append(move)
        elif isinstance(move, Build):
            if sites[move.building, move.by] < SITES and engine.is_legal(state, move):
                sites[move.building, move.by] += 1
                kept.append(move)
        elif type(move) in EXACT or engine.is_legal(state, move):
            kept.append(move)
    for found in steps.values():
        stride = max(1.0, len(found) / STEPS)
        kept += [found[int(n * stride)] for n in range(min(STEPS, len(found)))]
    return kept


def determinize(state: State) -> State:
    """``state`` as a player sees it: in a game begun before chance moves the encounter deck's
    order is the seed's, which nobody may read, so the copy draws from the tiles not drawn yet
    (each as likely, as chance does in a game begun since); other games hide nothing."""
    if not state.seed_deck:
        return state
    seen = state.clone()
    seen.seed_deck = False
    return seen


def choose(kind: str, state: State, rng: random.Random) -> Move:
    """The move the bot ``kind`` makes in ``state``."""
    if kind == "strong":
        move: Move = strongbot.choose(GAME, state, state.plies)
        return move
    if kind == "greedy":
        return greedy_move(state, rng)
    return random_move(state, rng)


def rng_for(state: State) -> random.Random:
    """A bot's own generator for this position: the setup's seed and the moves made so far."""
    return bot_rng(state.seed, state.plies)


def auto_move(state: State) -> Move | None:
    """The move of the computer player to act: the solo AI's or a bot's; None for a person or
    for chance."""
    if state.phase == PHASE_OVER or state.draws_due:
        return None
    kind = state.player(state.mover).controller
    if kind == "ai":
        return solo.next_move(state)
    if kind in KINDS:
        return choose(kind, state, rng_for(state))
    return None


def hint(state: State) -> Move | None:
    """The greedy bot's move for whoever is to act (the solo AI's own move for the AI); None
    when the game is over or chance is to draw."""
    if state.phase == PHASE_OVER or state.draws_due:
        return None
    if solo.controls(state):
        return solo.next_move(state)
    return greedy_move(state, rng_for(state))
