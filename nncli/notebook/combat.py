"""Attacks by units and Avatars, with simultaneous return damage.

Rules: ATTACK-01..10, STUN-01, AVATAR-07..09, Q-25..28.
"""

from __future__ import annotations

from collections.abc import Iterator

from nncli.game import IllegalMove
from nncli.notebook import avatar, content, economy, units
from nncli.notebook.geometry import distance
from nncli.notebook.moves import Attack, Move
from nncli.notebook.state import State, Unit


def avatar_range(state: State, nation: str) -> int:
    """Rules: AVATAR-04 - the mat's range, +1 with the Humming Hall of Whirring Wings."""
    data = content.load().nations[nation]
    bonus = 0
    if data.wonder_rule == "encounter-culture-and-range" \
            and "wonder" in economy.active_buildings(state, nation):
        bonus = economy.limit("wonder_avatar_range")
    return data.avatar_range + bonus


def reach(state: State, piece: Unit) -> int:
    """Rules: ATTACK-02, AVATAR-04 - the piece's attack range."""
    if piece.is_avatar:
        return avatar_range(state, piece.owner)
    return units.unit_type(state, piece).range


def enemy_piece(state: State, text: str) -> Unit:
    """The enemy unit or Avatar named ``nation:id`` (Rules: ATTACK-01, DEF-05)."""
    owner, piece_id = units.split_target(text)
    if owner == state.mover:
        raise IllegalMove("you may attack only enemy pieces (Rules: ATTACK-01).")
    found = state.unit(owner, piece_id)
    if found is None:
        raise IllegalMove(f"there is no unit {text}.")
    return found


def return_damage(state: State, target: Unit, attacker: Unit) -> int:
    """Rules: ATTACK-06, ATTACK-07, ATTACK-09, Q-25, Q-26 - the target's size before the attack
    (an Avatar's ``avatar_damage``) if the attacker is in its range and it is not Stunned."""
    if target.stunned or distance(target.rect, attacker.rect) > reach(state, target):
        return 0
    if target.answered and ai_ranged(state, target):
        return 0
    return economy.limit("avatar_damage") if target.is_avatar else target.size


def ai_ranged(state: State, piece: Unit) -> bool:
    """Rules: SOLO-34, Q-55 - an AI Ranged Unit answers only the first attack in its range each
    round."""
    return piece.key == "ranged" and state.player(piece.owner).controller == "ai"


def strike(state: State, piece: Unit, amount: int) -> bool:
    """Deal damage; an Avatar is Stunned instead (ATTACK-10). True when the piece is destroyed."""
    if piece.is_avatar:
        piece.stunned = True
        return False
    return units.hurt(state, piece, amount)


def check_target(state: State, piece: Unit, target: Unit) -> int:
    """Rules: ATTACK-01, ATTACK-03, Q-25 - an active enemy within range; returns the range."""
    gap = distance(piece.rect, target.rect)
    most = reach(state, piece)
    if gap > most:
        raise IllegalMove(f"{units.label(target)} is {gap} squares away, beyond the range of "
                          f"{most} (Rules: ATTACK-01, ATTACK-03).")
    if target.is_avatar and target.stunned:
        raise IllegalMove(f"{units.label(target)} is already Stunned (Rules: Q-25).")
    return gap


def attack(state: State, move: Attack) -> None:
    """A unit deals its size, an Avatar 1; the target answers at the same time if in range.

    The range of an attack that destroys its target is kept for the Marksmen objective.
    """
    piece = units.own_piece(state, move.piece)
    if piece.is_avatar:
        avatar.use_basic_action(state, "attack")
    else:
        units.ready_unit(state, piece)
        units.finish_action(piece)
    target = enemy_piece(state, move.target)
    gap = check_target(state, piece, target)
    back = return_damage(state, target, piece)
    if back and ai_ranged(state, target):
        target.answered = True
    if piece.is_avatar:
        destroyed = avatar_attack(state, piece, target, back)
    else:
        destroyed = strike(state, target, piece.size)
        if back:
            strike(state, piece, back)
    if destroyed:
        state.turn.longest_kill = max(state.turn.longest_kill, gap)


def avatar_attack(state: State, piece: Unit, target: Unit, back: int) -> bool:
    """Rules: AVATAR-07, AVATAR-08, AVATAR-09, Q-27, Q-28 - 1 damage; a destroyed unit strikes
    nothing back; a surviving unit Stuns the Avatar even from out of range; an attacked Avatar
    Stuns it only when in range."""
    destroyed = strike(state, target, economy.limit("avatar_damage"))
    if back > 0 if target.is_avatar else not destroyed:
        piece.stunned = True
    return destroyed


def candidates(state: State) -> Iterator[Move]:
    """Every attack on an enemy piece in range by a piece that may still attack."""
    turn = state.turn
    enemies = [u for u in state.units if u.owner != state.mover
               and not (u.is_avatar and u.stunned)]
    for piece in state.units:
        if piece.owner != state.mover or piece.stunned:
            continue
        if piece.acted or (piece.is_avatar and turn.avatar_basic >= turn.avatar_basic_allowed):
            continue
        most = reach(state, piece)
        for target in enemies:
            if distance(piece.rect, target.rect) <= most:
                yield Attack(piece.id, f"{target.owner}:{target.id}")
