"""The strong bot: information-set Monte Carlo tree search over any game's ``Game`` interface.

Each iteration starts from a *determinization* of the position: the game's optional
``determinize(state, seat, rng)`` gives a copy without what ``seat`` cannot see (a deck's order:
Nations sorts its decks, Notebook Nations turns a deck in the seed's order into draws by chance);
a game whose hidden future is all chance points (the Dice Game) has nothing to hide and no such
method. The tree is open-loop: a node is a sequence of players' moves from the
root, chance is sampled afresh every time it is met (the game's own ``chance_move`` fed by the
bot's own generator, never by the game's seed or stream), and a child counts how often its move
was legal when its parent was reached (its *availability*, as in single-observer IS-MCTS) so that
moves legal only after some outcomes are weighed fairly. Every node maximises the result of the
seat that moves there (max^n, a reward per seat in [0, 1]). A node reached from the root by
players' moves alone is one position every time, so it lists its moves once; after a chance
draw they are listed anew. Rewards are weighed on the range the search has met (as MuZero
rescales its values), since evaluations tell moves apart by hundredths where a win is 1 and a
loss 0; a solo game has no win to count, so its rewards are the lone seat's evaluations.

Below the tree a playout of ``PLAYOUT_PLIES`` random players' moves (``nncli.botplay.random_play``)
goes on to the game's optional ``evaluations(state)`` (how likely each seat is to win, in
[0, 1], all in one call, so that work they share such as scoring the round's end ahead of time
is done once a leaf), which score the position; without it the playout runs to the end of the
game. A game's optional ``playout_move(state, rng)`` plays the playout in place of the random
moves: a move of its own policy, drawing any choice from the bot's ``rng``, or None where
``evaluations`` are to score the position (Nations plays its greedy bot to the round's end).
A game's optional ``search_depth(state)`` caps the tree at that many players' moves from the
root (None: no cap), the position after the last of them scored by ``evaluations`` at once:
where a deeper tree finds the evaluation's blind spots rather than better moves (Nations with
two players, see there).
A game's optional ``scripted_move(state)`` is the move a seat played by the rules (a solo AI)
makes: such seats are not searched. A game's optional ``search_moves(state)`` gives
the legal moves worth telling apart (the Dice Game's purchases with one payment each, not every
payment) where ``legal_moves`` would list too many alike.

The budget is a number of iterations (the same move on every run for the same ``seed``) or
seconds of thinking (on the clock, or of the process's CPU time: one core's work, whatever else
the machine runs); ``stop()`` and Ctrl-C end the search early with the best move so far, and
the search stops by itself once the iterations left could not change its choice.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nncli.botplay import random_play
from nncli.chance import CHANCE, Stream

if TYPE_CHECKING:
    from nncli.game import Game

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
# Players' moves played below the tree before ``evaluations`` score the position (chance and
# scripted moves are always played on to the next player's choice). Measured with
# scripts/tournament: 12 random moves won 3 of 6 Dice Games against greedy at 100 iterations,
# none 4 of 6 and 17 of 20 at 300; a random playout mostly adds noise to the evaluation.
PLAYOUT_PLIES = 0
LONGEST_GAME = 5_000  # a playout without ``evaluations`` stops here, every seat scored 0.5
BUDGET_ENV = "NNCLI_BOT_BUDGET"  # "1s" (seconds of thinking) or "800" (iterations)
DEFAULT_SECONDS = 1.0
# A seat alone is measured on a logistic this many times wider than a lead's: as good as a
# straight line over any score it may reach, never 0 or 1. Measured: an arctangent, which
# squeezes high scores together, gave a Nations solo game of 1 VP where this gave 16.
SOLO_WIDTH = 100.0
SETTLED_EVERY = 32  # iterations between checks whether more could change the choice


class BotStream(Stream):
    """A chance stream drawn from the bot's own ``random.Random``: outcomes as likely as the
    game's source makes them, independent of the game's seed."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(b"")
        self._rng = rng

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below() needs at least one outcome")
        return self._rng.randrange(n)


@dataclass(frozen=True)
class Budget:
    """How long to think: ``iterations`` (repeatable) or ``seconds`` (whichever comes first
    when both are given)."""

    iterations: int | None = None
    seconds: float | None = None
    cpu: bool = False  # seconds of this process's CPU time (one core's work), not of the clock

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("the iterations must be a whole number of 1 or more")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError("the thinking time must be more than 0 seconds")

    def describe(self) -> str:
        """The budget as a person reads it ("1 s", "800 iterations")."""
        if self.iterations is not None:
            return f"{self.iterations} iterations"
        return f"{self.seconds:g} s of CPU time" if self.cpu else f"{self.seconds:g} s"


def parse_budget(text: str) -> Budget:
    """A budget from text: "1s" or "0.5 s" (seconds) or "800" (iterations); ValueError with one
    sentence otherwise.

    >>> parse_budget("0.5s").seconds, parse_budget("800").iterations
    (0.5, 800)
    """
    word = text.strip().lower()
    try:
        if word.endswith("s"):
            return Budget(seconds=float(word[:-1]))
        return Budget(iterations=int(word))
    except ValueError:
        raise ValueError(f"{text!r} is not a bot budget: give seconds such as 1s or 0.5s, or "
                         "a number of iterations such as 800") from None


def default_budget() -> Budget:
    """The budget of a strong bot seat and of hints: ``NNCLI_BOT_BUDGET`` when set and valid,
    else one second."""
    text = os.environ.get(BUDGET_ENV, "")
    if text:
        try:
            return parse_budget(text)
        except ValueError:
            pass
    return Budget(seconds=DEFAULT_SECONDS)


@dataclass
class Node:
    """A sequence of players' moves from the root; ``edges`` holds the statistics of each move
    tried after it, keyed by (seat, move)."""

    edges: dict[tuple[str, Hashable], Edge] = field(default_factory=dict)
    moves: list[Any] | None = None  # the choices here, when no chance came between the root and it


@dataclass
class Edge:
    """One move of ``seat`` from a node: the reward ``seat`` got through it, how often it was
    tried and how often it was legal when it could have been."""

    seat: str
    move: Any
    child: Node = field(default_factory=Node)
    visits: int = 0
    reward: float = 0.0
    available: int = 0


@dataclass(frozen=True)
class Choice:
    """A root move with what the search found: its playouts and its mean result (the share of
    them won, with a position cut short counted by ``evaluations``)."""

    move: Any
    visits: int
    won: float


@dataclass(frozen=True)
class Result:
    """The search's finding: the root's moves, most tried first, and the iterations it ran."""

    choices: list[Choice]
    iterations: int
    seconds: float
    alone: bool = False  # a solo game: ``won`` rates a move from 0 (the worst met) to 1 (the best)

    @property
    def best(self) -> Any:
        return self.choices[0].move


class Search:
    """One search from one position for the seat to move there."""

    def __init__(self, game: Game, state: Any, seed: object) -> None:
        self.game = game
        self.state = state
        seat = game.mover(state)
        if seat is None or seat == CHANCE:
            raise ValueError("the strong bot moves only for a player")
        self.seat: str = seat
        self.rng = random.Random(f"strong:{seed}")
        self.stream = BotStream(self.rng)
        self.root = Node()
        self.seats = game.seats(state)
        self.determinize: Callable[[Any, str, random.Random], Any] | None = getattr(
            game, "determinize", None)
        self.evaluations: Callable[[Any], dict[str, float]] | None = getattr(
            game, "evaluations", None)
        self.scripted: Callable[[Any], Any] | None = getattr(game, "scripted_move", None)
        self.policy: Callable[[Any, random.Random], Any | None] | None = getattr(
            game, "playout_move", None)
        self.moves: Callable[[Any], list[Any]] = getattr(game, "search_moves", game.legal_moves)
        depth: Callable[[Any], int | None] | None = getattr(game, "search_depth", None)
        self.depth = (depth(state) if depth is not None else None) or LONGEST_GAME
        self.root_moves = self.moves(state)  # the player's own choices, alike in every sample
        # The rewards are weighed on the range met so far (as MuZero rescales its values): an
        # evaluation tells positions apart by a few hundredths where a win is 1 and a loss 0.
        # A game whose ``rescale_rewards`` is False keeps them on [0, 1] (see Nations).
        # A solo game's rewards are its evaluations alone, since no win or loss says how well a
        # lone seat did.
        self.alone = len(self.seats) == 1 and self.evaluations is not None
        rescale = self.alone or getattr(game, "rescale_rewards", True)
        self.low, self.high = (math.inf, -math.inf) if rescale else (0.0, 1.0)

    def run(self, budget: Budget, stop: Callable[[], bool] | None = None) -> Result:
        """Search until the budget is spent, ``stop()`` is true or Ctrl-C is pressed."""
        clock = time.process_time if budget.cpu else time.perf_counter
        started, wall = clock(), time.perf_counter()
        deadline = started + budget.seconds if budget.seconds is not None else math.inf
        most = budget.iterations if budget.iterations is not None else math.inf
        done = 0
        if len(self.root_moves) > 1:
            try:
                while done < most and (done == 0 or (clock() < deadline
                                                     and not (stop and stop()))):
                    self.iterate()
                    done += 1
                    if done % SETTLED_EVERY == 0:
                        now = clock()
                        left = min(most - done, (deadline - now) * done / max(now - started,
                                                                                1e-9))
                        if self.settled(left):
                            break
            except KeyboardInterrupt:
                pass
        return Result(self.choices(self.root_moves), done, time.perf_counter() - wall,
                      self.alone)

    def settled(self, left: float) -> bool:
        """Whether the most tried root move stays the most tried whatever ``left`` more
        iterations do (each tries one root move): the search may stop with the same choice."""
        visits = sorted((edge.visits for edge in self.root.edges.values()), reverse=True)
        runner_up = visits[1] if len(visits) > 1 else 0
        return len(visits) == len(self.root_moves) and visits[0] - runner_up > left

    def choices(self, legal: list[Any]) -> list[Choice]:
        """The root's moves, most tried first (then the better result, then the legal order)."""
        edges = {key[1]: edge for key, edge in self.root.edges.items()}
        mean = self.scaled if self.alone else float  # a win rate as it is, else a rating
        found = [Choice(m, edges[m].visits, mean(edges[m].reward / edges[m].visits))
                 if m in edges and edges[m].visits else Choice(m, 0, 0.0) for m in legal]
        order = sorted(range(len(found)), key=lambda i: (-found[i].visits, -found[i].won, i))
        return [found[i] for i in order]

    def iterate(self) -> None:
        """One descent from the root, one playout and the backing up of its rewards."""
        game = self.game
        state = self.state
        if self.determinize is not None:
            state = self.determinize(state, self.seat, self.rng)
        node = self.root
        path: list[Edge] = []
        same = True  # no chance met yet: each node is the one position it was before
        while (seat := game.mover(state)) is not None:
            move = self.forced(state, seat)
            if move is not None:
                same = same and seat != CHANCE
                state = self.step(state, move)
                continue
            if node is self.root:
                legal = self.root_moves
            elif same and node.moves is not None:
                legal = node.moves
            else:
                legal = self.moves(state)
                if same:
                    node.moves = legal
            edge, expanded = self.select(node, seat, legal)
            path.append(edge)
            state = self.step(state, edge.move)
            if expanded or len(path) == self.depth:
                break
            node = edge.child
        rewards = self.playout(state)
        for edge in path:
            edge.visits += 1
            edge.reward += rewards[edge.seat]

    def scaled(self, reward: float) -> float:
        """A mean reward on the scale of [0, 1] between the least and the most met (0.5 while
        they are one)."""
        if self.high <= self.low:
            return 0.5
        return (reward - self.low) / (self.high - self.low)

    def forced(self, state: Any, seat: str) -> Any | None:
        """The move made without a choice of the searching players: chance's outcome (from the
        bot's own stream) or a scripted seat's move; None when a player is to choose."""
        if seat == CHANCE:
            return self.game.chance_move(state, self.stream)
        return self.scripted(state) if self.scripted is not None else None

    def step(self, state: Any, move: Any) -> Any:
        """The state after ``move``: the root is copied by ``apply``; a determinization (the
        search's own copy) and every later state are changed in place by ``advance``."""
        if state is self.state:
            return self.game.apply(state, move)
        return self.game.advance(state, move)

    def select(self, node: Node, seat: str, legal: list[Any]) -> tuple[Edge, bool]:
        """The edge to follow from ``node`` (UCB1 over the moves legal now) and whether it is
        new (an untried move, chosen at random)."""
        edges = node.edges
        untried = []
        best: Edge | None = None
        best_score = -math.inf
        for move in legal:
            edge = edges.get((seat, move))
            if edge is None:
                untried.append(move)
                continue
            edge.available += 1
            if not untried:
                score = self.scaled(edge.reward / edge.visits) + EXPLORATION * math.sqrt(
                    math.log(edge.available) / edge.visits)
                if score > best_score:
                    best, best_score = edge, score
        if untried:
            move = untried[int(self.rng.random() * len(untried))]
            edge = edges[(seat, move)] = Edge(seat, move, available=1)
            return edge, True
        assert best is not None  # a player to move has a legal move
        return best, False

    def playout(self, state: Any) -> dict[str, float]:
        """Each seat's reward after a short playout from ``state`` (to the end without
        ``evaluations``; as far as the game's ``playout_move`` goes with it)."""
        plies = 0
        cutoff = PLAYOUT_PLIES if self.evaluations is not None else LONGEST_GAME
        while (seat := self.game.mover(state)) is not None:
            move = self.forced(state, seat)
            if move is None and self.policy is not None:
                move = self.policy(state, self.rng)
                if move is None:
                    break
            elif move is None:
                if plies >= cutoff:
                    break
                plies += 1
                move = random_play(self.game, state, self.rng)
            state = self.step(state, move)
        if self.alone:
            assert self.evaluations is not None
            reward = self.evaluations(state)[self.seat]
            self.low, self.high = min(self.low, reward), max(self.high, reward)
            return {self.seat: reward}
        if seat is None:
            winner = self.game.winner(state)
            self.low, self.high = 0.0, 1.0  # a win and a loss: the whole range
            return {s: 1.0 if s == winner else 0.0 for s in self.seats}
        if self.evaluations is None:
            return dict.fromkeys(self.seats, 0.5)
        rewards = self.evaluations(state)  # a new dict each call, the search's own
        self.low = min(self.low, *rewards.values())
        self.high = max(self.high, *rewards.values())
        return rewards


def lead_shares(values: Mapping[str, float], scale: float) -> dict[str, float]:
    """``evaluations`` from a game's measure of how well each seat is doing: for each seat, the
    logistic of its lead over the best of the others, in units of ``scale`` (0.5 for level). A
    seat alone (a solo game) is measured against nothing, on a logistic ``SOLO_WIDTH`` times
    wider, which the search rescales to the range it meets.

    >>> {s: round(v, 3) for s, v in lead_shares({"a": 30.0, "b": 10.0}, 20.0).items()}
    {'a': 0.731, 'b': 0.269}
    >>> lead_shares({"a": 2000.0}, 3.0)["a"] > lead_shares({"a": 1999.0}, 3.0)["a"]
    True
    """
    if len(values) == 1:
        return {seat: 1.0 / (1.0 + math.exp(-value / (scale * SOLO_WIDTH)))
                for seat, value in values.items()}
    first, second = sorted(values.values(), reverse=True)[:2]
    shares = {}
    for seat, value in values.items():
        lead = max(-50.0, min(50.0, (value - (second if value == first else first)) / scale))
        shares[seat] = 1.0 / (1.0 + math.exp(-lead))
    return shares


def search(game: Game, state: Any, budget: Budget, *, seed: object = 0,
           stop: Callable[[], bool] | None = None) -> Result:
    """The strong bot's search for the seat to move in ``state`` (not at a chance point)."""
    return Search(game, state, seed).run(budget, stop)


def hint(game: Game, state: Any, budget: Budget, seed: object,
         stop: Callable[[], bool] | None = None) -> Result | None:
    """The strong bot's search for whoever is to move (the shell's hint and ``move --bot``),
    seeded by ``seed`` (the moves in the log); a seat the rules play (a solo AI) gets its own
    move. None when the game is over or chance is to move."""
    seat = game.mover(state)
    if seat is None or seat == CHANCE:
        return None
    scripted = getattr(game, "scripted_move", None)
    move = scripted(state) if scripted is not None else None
    if move is not None:
        return Result([Choice(move, 0, 0.0)], 0, 0.0)
    return search(game, state, budget, seed=seed, stop=stop)


def choose(game: Game, state: Any, seed: object, budget: Budget | None = None) -> Any:
    """The strong bot's move for the seat to move in ``state`` within ``budget`` (else
    ``default_budget``); its generator is seeded by ``seed`` (a seat bot gives the number of
    moves made), never by the game's seed."""
    return search(game, state, budget or default_budget(), seed=seed).best


def advice(game: Game, result: Result, shown: int = 3) -> str:
    """The hint's sentence: the best few moves and how often each won in the search.

    "buy 2 3: won 61% of 800 playouts; pass: 44% of 120"."""
    parts = []
    for n, choice in enumerate(result.choices[:shown]):
        if n and not choice.visits:
            break
        text = game.format(choice.move)
        if not choice.visits:
            parts.append(f"{text} (the only move)" if len(result.choices) == 1 else text)
        elif result.alone:  # no win to count: how the playouts scored, the best met 100
            parts.append(f"{text}: rated {100 * choice.won:.0f} of 100 over {choice.visits}"
                         + " playouts" * (n == 0))
        elif n == 0:
            parts.append(f"{text}: won {choice.won:.0%} of {choice.visits} playouts")
        else:
            parts.append(f"{text}: {choice.won:.0%} of {choice.visits}")
    return "; ".join(parts)
