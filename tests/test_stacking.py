"""A unit that ends its move on a friend must combine with it: engine, legal moves and saves."""

from __future__ import annotations

import shutil
from pathlib import Path

from pieces import arena, build, piece, put, refused

from nncli.notebook import engine, units
from nncli.notebook.moves import (
    Attack,
    Combine,
    EndTurn,
    MovePiece,
    Power,
    Research,
    Spawn,
)
from nncli.notebook.state import State
from tests.test_cli import cli_process, nncli

OLD_SAVE = Path(__file__).parent / "data" / "save-stacked.toml"
ISSUE_MOVES = ["initiative 2", "initiative 5", "build barracks n29 from th1",
               "spawn melee n27 from barracks1", "end", "end", "initiative 2", "initiative 5",
               "spawn melee q29 from barracks1", "move melee2 n27"]


def stacked() -> State:
    """Mushroom's turn: melee1 has moved onto melee2 at n11; an enemy Warrior is beside them."""
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    put(state, "mushroom", "melee", 13, 10)
    put(state, "thimble", "melee", 15, 10)
    return engine.apply(state, MovePiece("melee1", 13, 10))


def test_a_unit_on_a_friend_may_only_combine() -> None:
    """Rules: MOVE-09, COMB-01

    Units "may not finish their movement overlapping another Unit"; the one exception is a size-1
    Unit that ends on a friendly size-1 of its type "in order to use its action to combine".
    Ruling: the stacked pair may do nothing but combine, and legal moves offer nothing else.
    """
    state = stacked()
    refused(state, Attack("melee1", "thimble:melee1"), "MOVE-09")
    refused(state, Attack("melee2", "thimble:melee1"), "MOVE-09")
    refused(state, MovePiece("melee2", 13, 14), "MOVE-09")
    mine = {m for m in engine.legal_moves(state)
            if getattr(m, "piece", "") in ("melee1", "melee2")}
    assert mine == {Combine("melee1", "melee2")}
    combined = engine.apply(state, Combine("melee1", "melee2"))
    assert Attack("melee3", "thimble:melee1") in engine.legal_moves(combined)


def test_no_turn_ends_with_a_stack() -> None:
    """Rules: MOVE-09, COMB-01, RES-02

    A Unit "may not finish their movement overlapping another Unit" except to combine, so the
    turn (ended by `end` or by research) cannot end with a unit left on another.
    """
    state = stacked()
    message = refused(state, EndTurn(), "MOVE-09")
    assert "melee1 stands on melee2" in message
    player = state.player("mushroom")
    player.science, player.gold = 5, 10
    refused(state, Research("food"), "MOVE-09")
    assert not any(isinstance(m, (EndTurn, Research)) for m in engine.legal_moves(state))
    combined = engine.apply(state, Combine("melee1", "melee2"))
    assert EndTurn() in engine.legal_moves(combined)
    assert engine.apply(combined, EndTurn()).mover == "thimble"


def test_a_stacked_pair_holds_back_its_size_two_tile() -> None:
    """Rules: COMB-04, UNIT-02, MOVE-09

    Combining needs a size-2 tile in supply; ruling: a stacked pair holds one back, so a second
    pair may not stack on the last tile (it could never combine, and the turn could never end).
    """
    state = stacked()
    put(state, "mushroom", "melee", 2, 6, size=2)  # Mushroom has 2 size-2 Warriors: 1 left
    assert not units.in_stock(state, "mushroom", "melee", 2)
    put(state, "mushroom", "melee", 4, 14)
    put(state, "mushroom", "melee", 7, 14)
    refused(state, MovePiece("melee4", 7, 14), "MOVE-09")
    combined = engine.apply(state, Combine("melee1", "melee2"))
    assert piece(combined, "mushroom", "melee6").size == 2  # the pair's tile was there for it


def test_great_bloom_and_great_migration_leave_a_stack_alone() -> None:
    """Rules: MOVE-09, COMB-01

    Ruling: a stacked unit is not moved off by an extra move, since it ended its movement on a
    friend in order to combine.
    """
    state = stacked()
    state.turn.extra_moves.append("melee1:4")
    refused(state, MovePiece("melee1", 13, 14), "MOVE-09")
    state.player("mushroom").culture = 30
    refused(state, Power("grand", ("melee1",)), "MOVE-09")


def test_the_issues_commands_are_refused_at_the_end(tmp_path: Path) -> None:
    """Rules: MOVE-09, COMB-01

    The command from issue 17: ending the turn with melee2 on melee1 is refused, the save is
    unchanged, and combining first lets the turn end.
    """
    path = tmp_path / "s.toml"
    assert nncli("new", path, "--nations", "mushroom,thimble", "--seed", "54").exit_code == 0
    assert nncli("move", path, *ISSUE_MOVES).exit_code == 0
    before = path.read_bytes()
    result = nncli("move", path, "end")
    assert result.exit_code != 0
    assert "combine them before the turn ends (Rules: MOVE-09, COMB-01)" in result.stderr
    assert path.read_bytes() == before
    assert nncli("move", path, "combine melee2 melee1", "end").exit_code == 0
    assert nncli("verify", path).exit_code == 0


def test_an_old_save_with_a_stack_is_refused_clearly(tmp_path: Path) -> None:
    """Rules: MOVE-09, COMB-01

    A save written before the ruling, whose turn ended with melee2 on melee1, is refused with one
    sentence naming the move and the rule, exit 2, no traceback, the file untouched.
    """
    path = tmp_path / "old.toml"
    shutil.copyfile(OLD_SAVE, path)
    for run in (nncli("verify", path), nncli("move", path, "end")):
        assert run.exit_code == 2
        assert run.stderr.startswith('error: move 11 ("end") cannot be replayed: melee2 stands '
                                     'on melee1')
        assert run.stderr.count("\n") == 1 and "(Rules: MOVE-09, COMB-01)." in run.stderr
    process = cli_process("show", path)
    assert process.returncode == 2 and "Traceback" not in process.stderr
    assert path.read_bytes() == OLD_SAVE.read_bytes()


def test_spawning_beside_a_stack_is_still_allowed() -> None:
    """Rules: MOVE-09, Q-31

    Activations interleave: other pieces may act while a pair waits to combine.
    """
    state = stacked()
    build(state, "mushroom", "barracks", 13, 28, uid="barracks1")
    spawned = engine.apply(state, Spawn("melee", 13, 26, "barracks1"))
    assert piece(spawned, "mushroom", "melee3").row == 26
