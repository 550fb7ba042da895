"""The strong bot (``nncli.strongbot``): legal, repeatable and fair in every game (issue 24)."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nncli import botplay, strongbot
from nncli.chance import CHANCE, seeded
from nncli.game import Game, get_game
from nncli.notebook import bots as nbbots
from nncli.notebook.moves import Collect, Research
from nncli.recap import described
from tests.test_encounters import at_token
from tests.test_repl import play_in_pty

ROOT = Path(__file__).resolve().parent.parent
SETUPS: dict[str, dict[str, Any]] = {
    "notebook-nations": {"nations": ["mushroom", "thimble"], "vp": 1},
    "nations": {"names": ["Ann", "Ben"]},
    "dice": {"players": 2},
}
CHEAP = strongbot.Budget(iterations=4)


def positions(key: str, count: int, seed: int = 0,
              setup: dict[str, Any] | None = None) -> Iterator[tuple[Game, Any]]:
    """``count`` positions where a player is to move, from random games of ``key`` (2 to 4
    players, or the options ``setup`` gives), the game's own seeded chance and the random bot."""
    game = get_game(key)
    rng = random.Random(f"{key}:{seed}")
    made = 0
    while made < count:
        options = dict(SETUPS[key] if setup is None else setup, seed=rng.randrange(1000))
        if key == "dice" and setup is None:
            options["players"] = rng.choice((2, 3, 4))
        state = game.new_game(game.make_setup(options))
        draws = 0
        while made < count and (seat := game.mover(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.chance_move(state, seeded(options["seed"], draws)))
                draws += 1
                continue
            if rng.random() < 0.15:
                made += 1
                yield game, state
            state = game.apply(state, botplay.random_play(game, state, rng))


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_the_strong_bot_moves_legally(key: str) -> None:
    """Over 200 positions of each game, the strong bot's move (on a small budget) is one the
    game lists as legal, and it applies."""
    for n, (game, state) in enumerate(positions(key, 200)):
        move = strongbot.choose(game, state, n, CHEAP)
        assert move in game.legal_moves(state), game.format(move)
        game.apply(state, move)


def choices(game: Game, state: Any, seed: object = 1, iterations: int = 60) -> list[str]:
    result = strongbot.search(game, state, strongbot.Budget(iterations=iterations), seed=seed)
    return statistics(game, result)


def statistics(game: Game, result: strongbot.Result) -> list[str]:
    """Each root move of ``result`` with its visits and mean result, as text to compare."""
    return [f"{game.format(c.move)} {c.visits} {c.won:.6f}" for c in result.choices]


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_fixed_iterations_give_the_same_search_every_time(key: str) -> None:
    """The same position, bot seed and iterations give the same statistics for every move, and
    another bot seed explores otherwise."""
    for game, state in list(positions(key, 3, seed=7)):
        assert choices(game, state) == choices(game, state)


SCRIPT = """
import sys
from tests.test_strongbot import choices, positions
for game, state in positions(sys.argv[1], 2, seed=3):
    print(choices(game, state, iterations=40))
"""


def test_the_search_does_not_depend_on_the_process() -> None:
    """Run in two processes with other hash seeds, the search gives the same statistics: no set
    or hash order steers it."""
    runs = []
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed,
                   PYTHONPATH=os.pathsep.join((str(ROOT), str(ROOT / "tests"))))
        out = subprocess.run([sys.executable, "-c", SCRIPT, "dice"], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True).stdout
        runs.append(out)
    assert runs[0] == runs[1] and runs[0].count("\n") == 2


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_positions_a_player_cannot_tell_apart_get_the_same_choice(key: str) -> None:
    """Fair play: a state with another seed (and, in Nations, its decks in another order) looks
    the same to the player, and the bot with the same seed makes the same search there."""
    for n, (game, state) in enumerate(positions(key, 4, seed=11)):
        twin = state.clone()
        twin.seed = state.seed + 1 + n
        if key == "nations":
            shuffler = random.Random(n)
            for cards in [*twin.decks.values(), *twin.event_decks.values()]:
                shuffler.shuffle(cards)
        assert twin.seed != state.seed
        assert choices(game, twin) == choices(game, state)


def test_an_encounter_deck_shuffled_by_the_seed_is_not_read() -> None:
    """Rules: SETUP-04 - "The Encounter tiles are shuffled to form the Encounter Deck, so the
    order they are drawn in is random." In a game begun before chance moves the seed fixes that
    order; two such games that differ only in their seed look alike to the player, and the bot
    collecting the token beside its Avatar searches both alike."""
    game = get_game("notebook-nations")
    first, second = at_token(), at_token()
    first.seed_deck = second.seed_deck = True
    second.seed = first.seed + 1
    assert Collect(16, 12) in game.legal_moves(first)
    after = [game.apply(s, Collect(16, 12)) for s in (first, second)]
    assert game.legal_moves(after[0]) != game.legal_moves(after[1])  # the decks differ
    assert choices(game, first, iterations=80) == choices(game, second, iterations=80)


def test_a_budget_is_read_from_text() -> None:
    assert strongbot.parse_budget("2s") == strongbot.Budget(seconds=2.0)
    assert strongbot.parse_budget(" 300 ") == strongbot.Budget(iterations=300)
    for bad in ("fast", "0", "-1s", "0s"):
        with pytest.raises(ValueError, match="is not a bot budget"):
            strongbot.parse_budget(bad)


def test_a_strong_bot_seat_plays_its_own_move() -> None:
    """``--bot-kind strong`` is a bot kind of every game: the seat moves by itself."""
    for key in sorted(SETUPS):
        game = get_game(key)
        options = dict(SETUPS[key], seed=5, bot_kind="strong")
        seats = game.seats(game.new_game(game.make_setup(options)))
        state = game.new_game(game.make_setup(dict(options, bots=seats)))
        draws = 0
        while game.mover(state) == CHANCE:
            state = game.apply(state, game.chance_move(state, seeded(5, draws)))
            draws += 1
        os.environ[strongbot.BUDGET_ENV] = "3"
        try:
            move = game.auto_move(state)
        finally:
            del os.environ[strongbot.BUDGET_ENV]
        assert move in game.legal_moves(state)


class Stopper:
    """A ``stop`` for the search that says stop (or raises KeyboardInterrupt, as Ctrl-C does)
    when it is asked the ``after``-th time."""

    def __init__(self, after: int, interrupt: bool) -> None:
        self.after, self.interrupt, self.asked = after, interrupt, 0

    def __call__(self) -> bool:
        self.asked += 1
        if self.asked == self.after and self.interrupt:
            raise KeyboardInterrupt
        return self.asked == self.after


def test_stopping_or_ctrl_c_keeps_the_best_move_so_far() -> None:
    """The search asks ``stop()`` after each iteration, and Ctrl-C (KeyboardInterrupt) ends it
    with the best move found until then."""
    game, state = next(positions("nations", 1, seed=2))
    budget = strongbot.Budget(iterations=1000)
    for interrupt in (False, True):
        found = strongbot.search(game, state, budget, stop=Stopper(5, interrupt))
        assert found.iterations == 5 and sum(c.visits for c in found.choices) == 5
        assert found.best == found.choices[0].move and found.best in game.legal_moves(state)


def test_move_bot_takes_a_budget(tmp_path: Path) -> None:
    """`nncli move SAVE --bot --iterations N` plays the strong bot's move, the same one for the
    same save every time, and says it in words; a bad budget is refused with exit 2 and nothing
    saved."""
    from typer.testing import CliRunner

    from nncli import savefile
    from nncli.cli import app

    runner = CliRunner()
    made = []
    for name in ("a.toml", "b.toml"):
        save = tmp_path / name
        runner.invoke(app, ["new", str(save), "--game", "nations", "--names", "Ann,Ben",
                            "--seed", "3"], catch_exceptions=False)
        state = savefile.load(save).state
        result = runner.invoke(app, ["move", str(save), "--bot", "--iterations", "50"])
        assert result.exit_code == 0, result.output
        made.append([m.move for m in savefile.load(save).moves])
    assert made[0] == made[1] and made[0][-1] == result.stdout.strip().split("\n")[-1]
    game = get_game("nations")  # and says what it did in words first, as the recap does
    chosen = game.parse(made[0][-1], state)
    words = described(game, state, chosen, game.apply(state, chosen))
    assert result.stdout.startswith(f"the strong bot: {words}\n"), result.stdout
    assert "(Ann)" in words or "(Ben)" in words  # the display name, not the notation
    before = (tmp_path / "a.toml").read_bytes()
    for bad in (["--bot", "--iterations", "0"], ["--bot", "--move-time", "-1"],
                ["pass", "--iterations", "9"]):
        refused = runner.invoke(app, ["move", str(tmp_path / "a.toml"), *bad])
        assert refused.exit_code == 2 and "Traceback" not in refused.output, refused.output
    assert (tmp_path / "a.toml").read_bytes() == before


def test_hint_at_a_terminal_thinks_and_ctrl_c_keeps_the_best_so_far(tmp_path: Path) -> None:
    """In `nncli play`, `hint` says that it thinks; Ctrl-C stops a long search and the hint
    still shows the best moves found so far, with how often each won; the game goes on."""
    import pexpect

    save = tmp_path / "n.toml"
    done = subprocess.run([sys.executable, "-m", "nncli", "new", str(save), "--game", "nations",
                           "--names", "Ann,Ben", "--seed", "2"], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    before = save.read_bytes()
    child = play_in_pty(pexpect, save, tmp_path, lines=24, columns=80)
    child.expect("persia>")
    child.send("hint 100000000\r")
    child.expect("thinking for 100000000 iterations")
    time.sleep(1)  # let the search begin: Ctrl-C then stops it, not its set-up
    child.sendintr()
    child.expect(r"hint: \S[^\r\n]*: won \d+% of \d+ playouts")
    child.expect(r"\(type [^\r\n]+, or Tab, to play it\)")
    child.expect("persia>")  # the next prompt, ready for what is typed
    child.send("quit\r")
    child.expect(pexpect.EOF)
    assert save.read_bytes() == before


def test_a_cpu_budget_counts_the_process_time_not_the_clock() -> None:
    """Issue 24's "at 0.5 s a move (one core a game)": a budget of CPU seconds counts the work
    of this process (``time.process_time``), so time spent waiting for the machine's other work
    is not counted: a sleeping ``stop`` check costs the clock, not the budget (in the Dice
    Game, whose iterations cost a fraction of a millisecond)."""
    game, state = next(positions("dice", 1, seed=4))
    budget = strongbot.Budget(seconds=0.05, cpu=True)
    assert budget.describe() == "0.05 s of CPU time"
    waits = []

    def stop() -> bool:
        waits.append(1)
        time.sleep(0.01)  # the clock runs on, the process's CPU time hardly at all
        return len(waits) >= 20

    result = strongbot.search(game, state, budget, stop=stop)
    assert result.seconds >= 0.19  # 20 waits of 0.01 s: a clock budget would have ended at 0.05
    assert len(waits) == 20


class Counting:
    """A game whose ``search_moves`` calls are counted, the rest as ``game`` has it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def search_moves(self, state: Any) -> list[Any]:
        self.calls += 1
        moves: list[Any] = getattr(self.game, "search_moves", self.game.legal_moves)(state)
        return moves


def test_a_node_reached_without_chance_lists_its_moves_once() -> None:
    """A position reached from the root by players' moves alone is the same position every
    time the search comes back to it, so its moves are listed once (Notebook Nations' turns of
    many moves: the listing was most of the search's time); after a chance draw they are listed
    again, since the draw may change them. The search finds the same moves either way."""
    game, state = next(positions("notebook-nations", 1, seed=2))
    counting = Counting(game)
    budget = strongbot.Budget(iterations=300)
    result = strongbot.search(counting, state, budget, seed=1)  # type: ignore[arg-type]
    assert counting.calls < 300 / 2, counting.calls  # one a node, not one a visit
    assert result.choices == strongbot.search(game, state, budget, seed=1).choices


def test_a_solo_search_tells_its_moves_apart() -> None:
    """Issue 24's solo target: alone, no win or loss says how well a move did, and every
    position's evaluation is near 1 (a lead over nobody), so the search rescales its rewards to
    the range it meets, and the moves' ratings spread over it (without, all were within 0.01 of
    each other); the hint says "rated", not "won"."""
    game = get_game("dice")
    state = game.new_game(game.make_setup({"solo": True, "seed": 5, "unrest": True}))
    draws = 0
    while game.mover(state) == CHANCE:
        state = game.apply(state, game.chance_move(state, seeded(5, draws)))
        draws += 1
    result = strongbot.search(game, state, strongbot.Budget(iterations=400), seed=0)
    rated = [choice.won for choice in result.choices if choice.visits]
    assert result.alone and len(rated) > 2
    assert max(rated) - min(rated) > 0.05, rated
    assert "rated" in strongbot.advice(game, result) and "won" not in strongbot.advice(game,
                                                                                        result)


def test_a_search_stops_once_no_iteration_left_could_change_its_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When the most tried root move leads the next by more iterations than the budget has
    left, the search stops: the same choice as the whole budget gives, sooner (in 2-player
    Nations searched as five nations are, the whole tree without the greedy playout that makes
    an iteration a hundred times dearer)."""
    from nncli.nations import Nations

    monkeypatch.setattr(Nations, "playout_move", lambda self, state, rng: None)
    monkeypatch.setattr(Nations, "search_depth", lambda self, state: None)
    budget = strongbot.Budget(iterations=1500)
    stopped = 0
    for game, state in positions("nations", 12, seed=6):
        early = strongbot.search(game, state, budget, seed=3)
        with monkeypatch.context() as patched:
            patched.setattr(strongbot, "SETTLED_EVERY", 10**9)
            whole = strongbot.search(game, state, budget, seed=3)
        assert early.best == whole.best
        assert whole.iterations == 1500 or len(whole.choices) == 1
        stopped += early.iterations < whole.iterations
    assert stopped >= 3, stopped


def test_notebook_credits_a_research_open_to_end_a_turn() -> None:
    """Rules: RES-01, RES-05 - "buying a node is the Research Step, and it ends the turn"; a
    node costs its tier's gold. The strong bot's evaluation credits each nation with a node it
    could unlock, so that builds which keep a research open are not weighed against the
    research itself: a nation with the gold for a node is ahead of the same nation without it
    by the credit, far more than the gold's own worth in ``value``."""
    game = get_game("notebook-nations")
    state = game.new_game(game.make_setup({"nations": ["mushroom", "thimble"], "vp": 1,
                                           "seed": 3}))
    while not any(isinstance(m, Research) for m in game.legal_moves(state)):
        state = game.apply(state, game.hint(state))
    mover = state.mover
    poor = state.clone()
    poor.player(mover).gold = 0
    assert nbbots.can_research(state, state.player(mover))
    assert not nbbots.can_research(poor, poor.player(mover))
    gold_worth = nbbots.value(state, mover) - nbbots.value(poor, mover)
    assert 0 < gold_worth < nbbots.RESEARCH_VALUE / 4
    assert nbbots.evaluations(state)[mover] > nbbots.evaluations(poor)[mover] + 0.05


def test_nations_keeps_its_rewards_as_they_are() -> None:
    """Nations' search weighs its rewards on [0, 1] as they are (``rescale_rewards`` False, as
    measured against greedy); the other games weigh them on the range met."""
    for key, rescaled in (("nations", False), ("dice", True), ("notebook-nations", True)):
        game, state = next(positions(key, 1, seed=8))
        search = strongbot.Search(game, state, 0)
        search.run(strongbot.Budget(iterations=60))
        assert ((search.low, search.high) != (0.0, 1.0)) == rescaled, key


def tree_depth(node: strongbot.Node) -> int:
    """The most players' moves on a path of the search's tree from ``node``."""
    return max((1 + tree_depth(edge.child) for edge in node.edges.values()), default=0)


def test_a_search_depth_caps_the_tree() -> None:
    """A game's ``search_depth(state)`` caps the tree at that many players' moves from the root
    (one in a 2-player Nations game, each move tried by a greedy playout, where a deeper search
    found the evaluation's blind spots); without a cap the tree grows as deep as the search
    takes it (5 nations, the Dice Game)."""
    five = get_game("nations")
    nations = ["persia", "greece", "egypt", "rome", "china"]
    five_state = five.new_game(five.make_setup({"nations": nations, "seed": 4, "advanced": True}))
    while five.mover(five_state) == CHANCE:
        five_state = five.apply(five_state, five.chance_move(five_state, seeded(4, 0)))
    cases = [(*next(positions("nations", 1, seed=3)), 1), (five, five_state, None),
             (*next(positions("dice", 1, seed=3)), None)]
    for game, state, depth in cases:
        search = strongbot.Search(game, state, 0)
        search.run(strongbot.Budget(iterations=400))
        if depth is None:
            assert tree_depth(search.root) > 2, game.key
        else:
            assert tree_depth(search.root) == depth, game.key


def test_dice_weighs_the_round_end_its_unused_dice_would_score() -> None:
    """Rules: DEND-01, DEND-02 - "a player's unused total of a symbol counts their unused dice
    faces, their unused chits and ... their pass-first tile"; "the end of round runs in this
    order: books, book VP, famine, war...". The Dice Game's evaluation scores the round's end
    as if it came now, so a die kept for the books, the famine or the war is worth the VP it
    would earn there, which ``value_for`` alone does not see."""
    from nncli.dice import bots as dicebots

    found = 0
    for _, state in positions("dice", 300, seed=5):
        if state.phase != "actions" or len(state.seats) != 2:
            continue
        [ended] = dicebots.round_ends(state)
        assert ended is not state and state.phase == "actions"  # the copy is scored, not it
        vp = {s: ended.players[s].vp - state.players[s].vp for s in state.seats}
        books = {s: ended.players[s].books - state.players[s].books for s in state.seats}
        seat, other = sorted(state.seats, key=lambda s: -vp[s])
        if vp[seat] > vp[other] and books[seat] >= books[other]:
            plain = strongbot.lead_shares({s: dicebots.value_for(s, state)
                                           for s in state.seats}, dicebots.LEAD_SCALE)
            assert dicebots.evaluations(state)[seat] > plain[seat]
            found += 1
    assert found >= 5


def test_notebook_weighs_the_vp_the_round_end_would_give() -> None:
    """Rules: END-02, VP-02 - "when every player has taken their turn, every player is checked
    for VP"; Science on its track's VP mark earns a Science VP there. Notebook Nations'
    evaluation scores the round's end as if it came now, so reaching the mark in the middle of
    a round is worth the VP it will earn, not one point of Science more."""
    from nncli.notebook import content

    game = get_game("notebook-nations")
    state = game.new_game(game.make_setup({"nations": ["mushroom", "thimble"], "vp": 3,
                                           "seed": 3}))
    while state.phase != "turns":
        state = game.apply(state, game.hint(state))
    mover, mark = state.mover, content.load().limits["science_vp"]
    on_mark, short = state.clone(), state.clone()
    on_mark.player(mover).science, short.player(mover).science = mark, mark - 1
    assert nbbots.round_end(on_mark).player(mover).vp == on_mark.player(mover).vp + 1
    assert nbbots.evaluations(on_mark)[mover] > nbbots.evaluations(short)[mover] + 0.2


def test_a_solo_dice_evaluation_weighs_each_face_of_the_shadows_d4() -> None:
    """Rules: DSOLO-08 - "at end of round the shadow's books are a d4 roll". In the Hall of
    Fame the round's end scored ahead of time is one copy for each face of the shadow's d4,
    each with that many books more for the shadow, and the evaluation is their mean."""
    from nncli.dice import bots as dicebots

    game = get_game("dice")
    state = game.new_game(game.make_setup({"players": 1, "seed": 4, "unrest": True}))
    while game.mover(state) == CHANCE or state.phase != "actions":
        state = game.apply(state, game.chance_move(state, seeded(4, state.plies))
                           if game.mover(state) == CHANCE else game.hint(state))
    ends = dicebots.round_ends(state)
    more = [e.shadow_books - state.shadow_books for e in ends]
    assert len(ends) == 4 and more == [more[0] + face for face in range(4)] and more[0] >= 1
    seat = state.seats[0]
    mean = sum(dicebots.value_for(seat, e) for e in ends) / 4
    assert dicebots.evaluations(state) == strongbot.lead_shares({seat: mean},
                                                                  dicebots.LEAD_SCALE)


def test_notebook_weighs_the_tie_break_of_a_game_the_round_end_would_end() -> None:
    """Rules: END-07, END-08 - "the player with the most VP wins, even if several players
    reached the goal"; "if players tie for the most VP, the tied player with the most Source on
    their Resource Track wins". When the round's end would bring both nations to the goal, the
    one with more Source is the winner, and the evaluation says so by far more than a Source's
    own worth in ``value``."""
    from nncli.notebook import content

    game = get_game("notebook-nations")
    state = game.new_game(game.make_setup({"nations": ["mushroom", "thimble"], "vp": 1,
                                           "seed": 3}))
    while state.phase != "turns":
        state = game.apply(state, game.hint(state))
    mark = content.load().limits["science_vp"]
    for player in state.players:
        player.science, player.source = mark, 2
    poorer, richer = state.clone(), state.clone()
    poorer.player(state.mover).source, richer.player(state.mover).source = 1, 3
    assert all(p.vp == 1 for p in nbbots.round_end(richer).players)  # both reach the goal
    worth = nbbots.value(richer, state.mover) - nbbots.value(poorer, state.mover)
    assert 0 < worth < nbbots.LEAD_SCALE / 10
    assert nbbots.evaluations(poorer)[state.mover] < 0.01
    assert nbbots.evaluations(richer)[state.mover] > 0.99


def test_notebook_weighs_the_income_each_nation_is_still_to_collect() -> None:
    """Rules: ROUND-04, INCOME-01, INIT-10 - "a fresh turn begins with the automatic Income
    Step"; "the bonus is received in that player's Income Step". In the middle of a round the
    nations whose turn has not begun have not collected their income yet: the evaluation counts
    it for them (``income_ahead``), so the nation that moves first is not ahead by a round's
    income, and a research their coming income pays for is credited to them."""
    from nncli.notebook import economy

    game = get_game("notebook-nations")
    state = game.new_game(game.make_setup({"nations": ["mushroom", "thimble"], "vp": 1,
                                           "seed": 3}))
    while state.phase != "turns":
        state = game.apply(state, game.hint(state))
    waiting = state.player(state.order[1])
    got = economy.income(state, waiting.nation)
    ended = nbbots.round_end(state).player(waiting.nation)
    assert ended.science == waiting.science + got.science and got.science > 0
    assert ended.gold >= waiting.gold + got.gold and got.gold > 0
    mover = nbbots.round_end(state).player(state.mover)
    assert (mover.science, mover.gold) == (state.player(state.mover).science,
                                           state.player(state.mover).gold)


def test_notebook_takes_an_initiative_bonus_over_moving_first() -> None:
    """Rules: INIT-03, INIT-10, ROUND-02 - the spaces of the initiative track are the turn
    order and each gives its bonus in the Income Step; the first, No Bonus, gives nothing. The
    strong bot's tree stops once every pawn is placed (``search_depth``), each nation with the
    income still to come, so the first space is not taken for the moves its holder makes first
    in the tree: from the first position of a game it takes a space with a bonus."""
    game = get_game("notebook-nations")
    for seed in (1, 2, 3):
        state = game.new_game(game.make_setup({"nations": ["mushroom", "thimble"], "vp": 1,
                                               "seed": seed}))
        assert nbbots.search_depth(state) == 2
        search = strongbot.Search(game, state, 0)
        best = search.run(strongbot.Budget(iterations=300)).best
        assert best.space > 1, seed
        assert tree_depth(search.root) == 2


class Counted:
    """A game whose ``evaluations`` count their calls (everything else is the game's own)."""

    def __init__(self, game: Game) -> None:
        self.game, self.calls = game, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def evaluations(self, state: Any) -> Any:
        self.calls += 1
        return self.game.evaluations(state)  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", sorted(SETUPS))
def test_a_leaf_is_evaluated_once_for_every_seat(key: str) -> None:
    """The search asks a game for every seat's share in one call at each leaf, so the work the
    shares have in common (the round's end scored ahead of time) is done once, not once a
    seat: at most one call an iteration, and the same statistics as the game itself gives."""
    searched = 0
    for game, state in positions(key, 6, seed=9):
        counted = Counted(game)
        result = strongbot.search(counted, state,  # type: ignore[arg-type]
                                  strongbot.Budget(iterations=60), seed=1)
        assert counted.calls <= result.iterations
        searched += counted.calls > 0
        assert choices(game, state) == statistics(game, result)
    assert searched >= 3


@given(st.dictionaries(st.sampled_from("abcde"), st.integers(-40, 40), min_size=2))
def test_lead_shares_weigh_each_seat_against_the_best_of_the_others(
        values: dict[str, int]) -> None:
    """Each seat's share is the logistic of its lead over the best of the other seats, tied
    leaders each at one half."""
    shares = strongbot.lead_shares({s: float(v) for s, v in values.items()}, 4.0)
    for seat, share in shares.items():
        lead = values[seat] - max(v for s, v in values.items() if s != seat)
        assert share == pytest.approx(1 / (1 + math.exp(-lead / 4.0)))


def test_a_game_playout_move_plays_below_the_tree() -> None:
    """A game's ``playout_move(state, rng)`` plays the playout in place of random moves, up to
    the None where ``evaluations`` score the position: Nations with two nations plays its greedy
    bot while the round's actions last; with five nations it gives None at once."""
    from nncli.nations import bots as nbots
    from nncli.nations.state import ACTION

    game, state = next(s for s in positions("nations", 40, seed=7) if s[1].phase == ACTION)
    played: list[Any] = []

    class Recording:
        """Nations, with the playout's moves recorded."""

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def playout_move(self, at: Any, rng: random.Random) -> Any:
            move = game.playout_move(at, rng)  # type: ignore[attr-defined]
            played.append((at.phase, move))
            return move

    strongbot.Search(Recording(), state, 0).run(strongbot.Budget(iterations=6))  # type: ignore[arg-type]
    assert any(move is not None for _, move in played)
    assert all((move is None) == (phase != ACTION) for phase, move in played)
    five = get_game("nations")
    nations = ["persia", "greece", "egypt", "rome", "china"]
    five_state = five.new_game(five.make_setup({"nations": nations, "seed": 4, "advanced": True}))
    five_state.phase = ACTION
    assert nbots.playout_move(five_state, random.Random(0)) is None


def test_nations_weighs_strength_more_with_more_than_two_nations() -> None:
    """With five nations the strong bot's ``evaluations`` weigh a point of strength
    ``MANY_STRENGTH`` times what greedy's ``value`` does (wars and era scoring against four
    rivals); with two nations, as greedy does. Each is checked at a position where the weight
    changes the evaluation."""
    from nncli.nations import bots as nbots
    from nncli.nations import engine, live
    from nncli.nations.state import ACTION

    names = ["persia", "greece", "egypt", "rome", "china"]
    for players, weight, other in ((5, nbots.MANY_STRENGTH, 1.0), (2, 1.0, nbots.MANY_STRENGTH)):
        setup = {"nations": names[:players], "advanced": players == 5}
        for _, state in positions("nations", 400, seed=players, setup=setup):
            ended = nbots.round_end(state)
            content = engine.content_of(ended)
            strengths = {k: live.strength(content, ended.nations[k]) for k in ended.seats}
            if state.phase == ACTION and len(set(strengths.values())) > 1:
                break
        else:
            pytest.fail("no position of random games where the nations' strengths differ")

        def shares(by: float, at: Any = state, ended: Any = ended) -> dict[str, float]:
            return strongbot.lead_shares({k: nbots.value(ended, k, 1000.0, by)
                                          for k in at.seats}, nbots.LEAD_SCALE)

        assert nbots.evaluations(state) == shares(weight)
        assert shares(weight) != shares(other)
