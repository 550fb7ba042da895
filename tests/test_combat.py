"""Attacks: range, damage by size, simultaneous return damage, Avatars and Stun."""

from __future__ import annotations

from pieces import arena, build, piece, put, refused

from nncli.notebook import combat, engine
from nncli.notebook.moves import Attack, MovePiece
from nncli.notebook.state import State


def attacked(state: State, unit: str, target: str) -> State:
    return engine.apply(state, Attack(unit, target))


def test_rulebook_example_1_warriors_hit_gunmen() -> None:
    """Rules: EX-ATTACK-01, ATTACK-04, ATTACK-05, ATTACK-06, ATTACK-07, ATTACK-08, UNIT-09

    "The size-1 Mushroom warriors deal 1 damage to the Thimble gunmen, reducing it from size-2 to
    size-1. The size-2 Thimble gunmen do 2 damage to the Mushroom warriors, reducing them to 0 or
    less, which removes them from the map".
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10)  # Warriors: range 1
    put(state, "thimble", "ranged", 14, 10, size=2)  # Gunmen: range 6, adjacent
    after = attacked(state, "melee1", "thimble:ranged1")
    assert piece(after, "thimble", "ranged1").size == 1
    assert after.unit("mushroom", "melee1") is None
    assert after.turn.kills == 0


def test_rulebook_example_2_gunmen_out_of_reach() -> None:
    """Rules: EX-ATTACK-02, ATTACK-03, ATTACK-09

    "range is never counted diagonally, so the Units are at range 2 from each other, further than
    the Mushroom warriors' range of 1 ... the Thimble gunmen take no damage, while the Mushroom
    warriors take 1 damage and are returned".
    """
    state = arena("thimble", "mushroom")
    put(state, "thimble", "ranged", 12, 10)
    put(state, "mushroom", "melee", 14, 12)  # corner to corner
    after = attacked(state, "ranged1", "mushroom:melee1")
    assert after.unit("mushroom", "melee1") is None
    gunmen = piece(after, "thimble", "ranged1")
    assert (gunmen.size, gunmen.acted, gunmen.moved) == (1, True, True)
    assert after.turn.kills == 1
    assert after.turn.longest_kill == 2


def test_range_is_counted_orthogonally() -> None:
    """Rules: ATTACK-01, ATTACK-02, ATTACK-03

    "A Unit's range is equal to the second number after its type symbol ... Range is never counted
    diagonally."
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10)
    put(state, "thimble", "melee", 14, 12)  # corner to corner: range 2
    refused(state, Attack("melee1", "thimble:melee1"), "ATTACK-01")
    put(state, "mushroom", "ranged", 12, 14)  # Spore Slingers: range 3; this is range 2
    assert engine.is_legal(state, Attack("ranged1", "thimble:melee1"))


def test_only_enemies_are_targets() -> None:
    """Rules: ATTACK-01, DEF-05

    "A Unit ... has an enemy target within its attack range may declare an attack."
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10)
    put(state, "mushroom", "melee", 14, 10)
    refused(state, Attack("melee1", "mushroom:melee2"), "ATTACK-01")
    refused(state, Attack("melee1", "thimble:melee7"), "no unit")


def test_size_two_deals_two_and_damage_is_simultaneous() -> None:
    """Rules: ATTACK-04, ATTACK-05, ATTACK-06, ATTACK-07, ATTACK-08

    "Size-2 = 2 Damage" and the target "deal[s] damage simultaneously", with its size from
    before the attack.
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10, size=2)
    put(state, "thimble", "melee", 14, 10, size=2)
    after = attacked(state, "melee1", "thimble:melee1")
    assert after.unit("thimble", "melee1") is None
    assert after.unit("mushroom", "melee1") is None


def test_a_unit_attacks_once_and_then_cannot_move() -> None:
    """Rules: UACT-01, UACT-03, ATTACK-01

    "A Unit that has not yet attacked that turn" may attack; it "may not move after it has
    performed an action."
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10, size=2)
    put(state, "thimble", "melee", 14, 10, size=2)
    put(state, "thimble", "ranged", 10, 10).stunned = True
    state = attacked(state, "melee1", "thimble:ranged1")
    refused(state, Attack("melee1", "thimble:melee1"), "UACT-01")
    refused(state, MovePiece("melee1", 12, 12), "UACT-03")


def test_stunned_units_deal_no_return_damage() -> None:
    """Rules: Q-25, STUN-04

    Ruling (data 10.1): a Stunned Unit deals no return damage.
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10)
    put(state, "thimble", "melee", 14, 10, size=2).stunned = True
    after = attacked(state, "melee1", "thimble:melee1")
    assert piece(after, "mushroom", "melee1").size == 1
    assert piece(after, "thimble", "melee1").size == 1


def test_attacking_an_avatar_stuns_it() -> None:
    """Rules: ATTACK-10, Q-26

    "Avatars ... do not have a size. Instead, they are flipped to their Stunned side when
    attacked." Ruling (data 1a): an active Avatar deals 1 damage back when the attacker is in its
    range.
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10, size=2)
    avatar = piece(state, "thimble", "avatar")
    avatar.col, avatar.row = 12, 12  # Thimble Avatar: range 3
    after = attacked(state, "melee1", "thimble:avatar")
    assert piece(after, "thimble", "avatar").stunned
    assert piece(after, "mushroom", "melee1").size == 1
    assert after.unit("thimble", "avatar") is not None


def test_stunned_avatar_is_no_target() -> None:
    """Rules: Q-25

    Ruling: a Stunned Avatar deals no return damage and attacking it again does nothing, so the
    attack is refused.
    """
    state = arena()
    put(state, "mushroom", "melee", 12, 10)
    avatar = piece(state, "thimble", "avatar")
    avatar.col, avatar.row, avatar.stunned = 12, 12, True
    refused(state, Attack("melee1", "thimble:avatar"), "Q-25")


def test_avatar_attack_that_destroys_takes_nothing_back() -> None:
    """Rules: AVATAR-07, AVATAR-08, AVATAR-04

    "Your Avatar deals 1 damage when it attacks and ... if it destroys the target Unit, the target
    Unit does not get to deal damage back to your Avatar even if it is in range."
    """
    state = arena()
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row = 12, 10  # Mushroom Avatar: range 1
    put(state, "thimble", "melee", 14, 10)
    put(state, "thimble", "melee", 12, 13)  # range 2
    refused(state, Attack("avatar", "thimble:melee2"), "ATTACK-01")
    after = attacked(state, "avatar", "thimble:melee1")
    assert after.unit("thimble", "melee1") is None
    assert not piece(after, "mushroom", "avatar").stunned
    refused(after, Attack("avatar", "thimble:melee2"), "AVATAR-01")


def test_avatar_attack_that_leaves_target_alive_stuns_avatar() -> None:
    """Rules: AVATAR-09, Q-28

    "If your Avatar does not destroy the target Unit ..., the target Unit does get to deal damage
    back to your Avatar if it is in range, and your Avatar is flipped to its Stunned side."
    Ruling: the Avatar is Stunned even when it is out of the target's range.
    """
    state = arena("thimble", "mushroom")
    avatar = piece(state, "thimble", "avatar")
    avatar.col, avatar.row = 12, 10  # Thimble Avatar: range 3
    put(state, "mushroom", "melee", 12, 14, size=2)  # 2 squares away, Warriors reach 1
    after = attacked(state, "avatar", "mushroom:melee1")
    assert piece(after, "mushroom", "melee1").size == 1
    assert piece(after, "thimble", "avatar").stunned


def test_avatar_against_avatar() -> None:
    """Rules: Q-27, ATTACK-10, STUN-01

    Ruling: the target Avatar is Stunned; it Stuns the attacking Avatar only if the attacker is
    within its range (data 1a). A Stunned Avatar cannot attack.
    """
    state = arena("thimble", "mushroom")
    mine, theirs = piece(state, "thimble", "avatar"), piece(state, "mushroom", "avatar")
    mine.col, mine.row = 12, 10
    theirs.col, theirs.row = 12, 13  # 2 squares: in Thimble's range 3, not Mushroom's 1
    after = attacked(state, "avatar", "mushroom:avatar")
    assert piece(after, "mushroom", "avatar").stunned
    assert not piece(after, "thimble", "avatar").stunned
    theirs.row = 12
    after = attacked(state, "avatar", "mushroom:avatar")
    assert piece(after, "mushroom", "avatar").stunned and piece(after, "thimble", "avatar").stunned
    mine.stunned = True
    refused(state, Attack("avatar", "mushroom:avatar"), "STUN-01")


def test_humming_wonder_adds_avatar_range() -> None:
    """Rules: AVATAR-04, BUILD-14 (data 2c: Hall of Whirring Wings)

    "Your Avatar has +1 range."
    """
    state = arena("humming", "thimble")
    assert combat.avatar_range(state, "humming") == 2
    build(state, "humming", "wonder", 16, 24, uid="wonder1")
    assert combat.avatar_range(state, "humming") == 3


def test_fairy_ring_culture_per_kill() -> None:
    """Rules: BUILD-14 (data 2c: The Great Fairy Ring)

    "Whenever your Units or Avatar destroy an enemy Unit, gain 1 Culture (max 2 per turn)."
    """
    state = arena()
    state.player("mushroom").objectives.append("trophies")  # no reward prompt midway
    build(state, "mushroom", "wonder", 16, 24, uid="wonder1")
    for col in (2, 8, 14):
        put(state, "mushroom", "melee", col, 10, size=2)
        put(state, "thimble", "melee", col, 12).stunned = True
    culture = state.player("mushroom").culture
    for number in (1, 2, 3):
        state = attacked(state, f"melee{number}", f"thimble:melee{number}")
    assert state.turn.kills == 3
    assert state.player("mushroom").culture == culture + 2
