"""The Avatar's Source Powers."""

from __future__ import annotations

import pytest
from pieces import arena, build, piece, put

from nncli.game import IllegalMove
from nncli.notebook import encounters, engine
from nncli.notebook.moves import Attack, Build, MovePiece, Power, Trade
from nncli.notebook.state import State


def ready(nation: str, other: str = "thimble", culture: int = 12, source: int = 10) -> State:
    """``nation`` to act with its Avatar at o13, plenty of Source and Culture."""
    state = arena(nation, other)
    me = state.player(nation)
    me.culture, me.source = culture, source
    state.avatar(nation).col, state.avatar(nation).row = 14, 12
    return state


def test_power_costs_source() -> None:
    """Rules: POWER-01, POWER-08

    "Pay the amount of Source shown next to a Source Power on your Nation Mat".
    """
    state = ready("humming", source=1)
    after = engine.apply(state, Power("sp1"))
    assert after.player("humming").source == 0
    with pytest.raises(IllegalMove, match="POWER-08"):
        engine.apply(state, Power("sp2", ("q13",)))


def test_one_power_per_turn() -> None:
    """Rules: POWER-02, AVATAR-01

    "When activated, your Avatar may move, perform 1 basic action, and use 1 Source Power."
    """
    state = engine.apply(ready("humming"), Power("sp1"))
    with pytest.raises(IllegalMove, match="POWER-02"):
        engine.apply(state, Power("sp1"))


def test_culture_thresholds() -> None:
    """Rules: POWER-05, POWER-06, POWER-07

    "Avatars cannot activate their Source Power 2 until they have reached 2 Culture ... their
    Grand Source Power until they have reached 12 Culture". Source Power 1 needs none.
    """
    state = ready("humming", culture=1)
    engine.apply(state, Power("sp1"))
    with pytest.raises(IllegalMove, match="POWER-05"):
        engine.apply(state, Power("sp2", ("q13",)))
    state.player("humming").culture = 11
    with pytest.raises(IllegalMove, match="POWER-06"):
        engine.apply(state, Power("grand"))
    state.player("humming").culture = 12
    engine.apply(state, Power("grand"))


def test_rally_cry_attacks_again() -> None:
    """Rules: POWER-03

    "Some Source Powers are the same as basic actions and grant you another opportunity to
    perform that basic action on your turn (even if you already performed that basic action
    once)." Mushroom's Rally Cry repeats the Attack.
    """
    state = ready("mushroom")
    put(state, "thimble", "melee", 16, 12)
    put(state, "thimble", "melee", 14, 14, uid="melee2")
    state = engine.apply(state, Attack("avatar", "thimble:melee1"))
    assert state.unit("thimble", "melee1") is None
    state = engine.apply(state, Power("sp1", ("thimble:melee2",)))
    assert state.unit("thimble", "melee2") is None


def test_stunned_avatar_uses_powers_but_not_repeats() -> None:
    """Rules: STUN-02, STUN-03, Q-39

    "you can still move and use Source Powers freely" while Stunned; Seed Children's Regrowth
    recovers; a power repeating Attack is not Recover, so a Stunned Avatar cannot use it.
    """
    state = ready("seed")
    state.avatar("seed").stunned = True
    after = engine.apply(state, Power("sp1"))
    assert not after.avatar("seed").stunned
    state = ready("mushroom")
    state.avatar("mushroom").stunned = True
    put(state, "thimble", "melee", 16, 12)
    with pytest.raises(IllegalMove, match="Q-39"):
        engine.apply(state, Power("sp1", ("thimble:melee1",)))


def test_regrowth_leaves_the_basic_action() -> None:
    """Rules: STUN-03, Q-39

    Recovering through a Source Power leaves the basic action free for something else.
    """
    state = ready("seed")
    state.avatar("seed").stunned = True
    put(state, "thimble", "melee", 16, 12)
    state = engine.apply(state, Power("sp1"))
    assert engine.apply(state, Attack("avatar", "thimble:melee1")).unit("thimble", "melee1") is None


def test_requisition_builds_again() -> None:
    """Rules: POWER-03, POWER-04

    Thimble's Requisition repeats "Build a Crown Building".
    """
    state = ready("thimble", "mushroom")
    state.avatar("thimble").col, state.avatar("thimble").row = 18, 10
    state = engine.apply(state, Build("lumber-camp", 16, 8, "avatar"))
    state = engine.apply(state, Power("sp1", ("lumber-camp", "t9")))
    assert state.building("thimble", "lumber2") is not None


def test_sporeling_swarm_and_great_bloom() -> None:
    """Rules: POWER-04

    Sporeling Swarm spawns a free size-1 Melee beside the Avatar; Great Bloom grows up to 2
    size-1 Melee or Cavalry into size-2.
    """
    state = ready("mushroom")
    after = engine.apply(state, Power("sp2", ("o15",)))
    assert piece(after, "mushroom", "melee1").size == 1
    state = ready("mushroom")
    build(state, "mushroom", "house", 13, 28, uid="house1")
    put(state, "mushroom", "melee", 2, 10)
    put(state, "mushroom", "melee", 5, 10)
    after = engine.apply(state, Power("grand", ("melee1", "melee2")))
    assert [u.size for u in after.units if u.key == "melee"] == [2, 2]


def test_great_bloom_does_not_grow_a_unit_waiting_to_combine() -> None:
    """Rules: MOVE-09, COMB-02 - "A Unit may not end its movement overlapping another Unit,
    except in order to combine"; "A Unit cannot combine with a size-2 Unit". Grown, a size-1
    Melee standing on another would overlap a unit it can no longer combine with, so Great Bloom
    refuses it (found by scripts/soak, seed 20030)."""
    state = ready("mushroom")
    build(state, "mushroom", "house", 13, 28, uid="house1")
    put(state, "mushroom", "melee", 5, 10)
    put(state, "mushroom", "melee", 8, 10)
    state = engine.apply(state, MovePiece("melee2", 5, 10))
    with pytest.raises(IllegalMove, match="melee1 shares its squares with melee2"):
        engine.apply(state, Power("grand", ("melee1",)))
    with pytest.raises(IllegalMove, match="melee2 shares its squares with melee1"):
        engine.apply(state, Power("grand", ("melee2",)))
    assert Power("grand", ("melee1",)) not in engine.legal_moves(state)


def test_covering_fire_and_entangling_roots() -> None:
    """Rules: POWER-04, Q-24

    Covering Fire deals 1 damage to an enemy Unit within 4 squares with no return damage;
    Entangling Roots stuns one within 3.
    """
    state = ready("thimble", "mushroom")
    put(state, "mushroom", "melee", 14, 17)
    after = engine.apply(state, Power("sp2", ("mushroom:melee1",)))
    assert after.unit("mushroom", "melee1") is None
    state = ready("seed", "mushroom")
    put(state, "mushroom", "melee", 14, 16)
    after = engine.apply(state, Power("sp2", ("mushroom:melee1",)))
    assert piece(after, "mushroom", "melee1").stunned


def test_clockwork_command_acts_again() -> None:
    """Rules: POWER-04, BUILD-23

    Clockwork Command lets up to 2 of your Buildings act a second time this turn.
    """
    state = ready("thimble", "mushroom")
    build(state, "thimble", "market", 13, 2, uid="market1")
    state = engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))
    state = engine.apply(state, Power("grand", ("market1",)))
    engine.apply(state, Trade("market1", 1, 2, 0, buy_gold=False))


def test_second_flight_keen_eyes_and_great_migration() -> None:
    """Rules: POWER-04

    Second Flight moves the Avatar again; Keen Eyes collects a token within 4; Great Migration
    lets every Unit move up to 4 again.
    """
    state = ready("humming")
    state = engine.apply(state, MovePiece("avatar", 14, 8))
    state = engine.apply(state, Power("sp1"))
    assert engine.apply(state, MovePiece("avatar", 14, 4)).avatar("humming").row == 4
    state = ready("humming")
    state.tokens = [(18, 12)]
    after = engine.apply(state, Power("sp2", ("s13",)))
    after = engine.apply(after, encounters.seeded_draw(after))  # chance draws the tile
    assert after.tokens == [] and len(after.player("humming").hand) == 1
    state = ready("humming")
    put(state, "humming", "melee", 2, 10)
    state = engine.apply(state, MovePiece("melee1", 4, 10))
    state = engine.apply(state, Power("grand"))
    assert piece(engine.apply(state, MovePiece("melee1", 8, 10)), "humming", "melee1").col == 8


def test_verdant_awakening() -> None:
    """Rules: POWER-04

    Verdant Awakening: gain 2 Culture and spawn a free size-1 Magic unit beside the Avatar.
    """
    state = ready("seed")
    after = engine.apply(state, Power("grand", ("o15",)))
    assert after.player("seed").culture == 14
    assert piece(after, "seed", "magic1").size == 1
