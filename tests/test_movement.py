"""Moving units and Avatars: allowance, the path search, what blocks and where a move may end."""

from __future__ import annotations

import random

import pytest
from conftest import finish_round, start, to_turns
from pieces import arena, build, piece, put, refused

from nncli.game import IllegalMove
from nncli.notebook import content, engine, movement, scoring
from nncli.notebook.geometry import building_rect, unit_rect
from nncli.notebook.moves import Attack, Channel, Move, MovePiece
from nncli.notebook.state import State, Unit, to_dict


def moved(state: State, uid: str, col: int, row: int) -> State:
    return engine.apply(state, MovePiece(uid, col, row))


def test_thimble_melee_moves_five() -> None:
    """Rules: MOVE-01, EX-MOVE-01, MOVE-10

    "the Thimble Empire's Melee Units can move 5 spaces." A unit need not use all of it.
    """
    state = arena("thimble", "mushroom")
    put(state, "thimble", "melee", 14, 10)
    assert piece(moved(state, "melee1", 19, 10), "thimble", "melee1").col == 19
    assert piece(moved(state, "melee1", 16, 10), "thimble", "melee1").col == 16
    message = refused(state, MovePiece("melee1", 20, 10), "MOVE-01")
    assert "6 squares" in message


def test_rulebook_example_left_up_left_up_two_is_five() -> None:
    """Rules: EX-MOVE-02, MOVE-02, MOVE-03

    "the Mushroom Tribes warriors move to the left 1 square, then up, then left, then up twice,
    for a total of 5 movement."
    """
    state = arena()
    put(state, "mushroom", "melee", 16, 22)
    after = moved(state, "melee1", 14, 19)  # 2 left and 3 up, counted edge by edge
    assert (piece(after, "mushroom", "melee1").col, piece(after, "mushroom", "melee1").row) \
        == (14, 19)
    message = refused(state, MovePiece("melee1", 13, 19), "MOVE-03")
    assert "6 squares" in message


def test_no_diagonal_steps() -> None:
    """Rules: MOVE-02

    "Units can only move 1 space at a time, forward, back, left, or right, never diagonally."
    A diagonal neighbour costs 2; the reachable area is a diamond.
    """
    state = arena()
    unit = put(state, "mushroom", "melee", 14, 10)
    reach = movement.search(state.map_key, (14, 10), 5, ())
    assert reach[(15, 11)] == 2
    assert set(reach) == {(14 + dc, 10 + dr) for dc in range(-5, 6) for dr in range(-5, 6)
                          if abs(dc) + abs(dr) <= 5}
    listed = {(m.col, m.row) for m in engine.legal_moves(state)
              if isinstance(m, MovePiece) and m.piece == unit.id}
    assert listed == set(reach) - {(14, 10)}


def test_never_fully_in_water() -> None:
    """Rules: MOVE-04

    "Units can never be fully in water while moving. They must overlap at least 1 non-water
    square at all times." The right-hand lake (cols v-w, rows 15-16) forces a detour.
    """
    state = arena()
    put(state, "mushroom", "ranged", 20, 15)  # Spore Slingers move 3
    refused(state, MovePiece("ranged1", 21, 15), "MOVE-04")  # ending all in water
    message = refused(state, MovePiece("ranged1", 22, 15), "MOVE-01")  # the shore is fine...
    assert "4 squares" in message  # ...but the way straight across is water: 4, not 2
    state.units.remove(piece(state, "mushroom", "ranged1"))
    put(state, "mushroom", "melee", 20, 15)  # Warriors move 5
    assert piece(moved(state, "melee1", 22, 15), "mushroom", "melee1").col == 22


def test_through_friendly_units_not_enemies() -> None:
    """Rules: MOVE-05, MOVE-07

    "Units may move through friendly Units ... but may not move through enemy Units."
    """
    state = arena()
    put(state, "mushroom", "melee", 14, 10)
    put(state, "mushroom", "melee", 16, 10)
    assert piece(moved(state, "melee1", 18, 10), "mushroom", "melee1").col == 18
    state.units.remove(piece(state, "mushroom", "melee2"))
    put(state, "thimble", "melee", 16, 10)
    message = refused(state, MovePiece("melee1", 18, 10), "MOVE-01")
    assert "8 squares" in message  # round the enemy


def test_enemy_avatar_blocks_friendly_avatar_does_not() -> None:
    """Rules: MOVE-05, MOVE-07, AVATAR-03

    The Avatar is a piece like a Unit: the enemy's blocks a path, your own does not.
    """
    state = arena()
    put(state, "mushroom", "melee", 14, 10)
    piece(state, "thimble", "avatar").col, piece(state, "thimble", "avatar").row = 16, 10
    refused(state, MovePiece("melee1", 18, 10), "MOVE-01")
    piece(state, "thimble", "avatar").col = 22
    piece(state, "mushroom", "avatar").col, piece(state, "mushroom", "avatar").row = 16, 10
    assert piece(moved(state, "melee1", 18, 10), "mushroom", "melee1").col == 18


def test_through_and_onto_buildings() -> None:
    """Rules: MOVE-06, MOVE-08, OCC-01

    "Units may move through ... both friendly and enemy Buildings ... Units can end their
    movement on top of ("overlapping") both friendly and enemy Buildings".
    """
    state = arena()
    put(state, "mushroom", "melee", 8, 2)
    through = moved(state, "melee1", 13, 2)  # straight across Thimble's Town Hall
    assert piece(through, "mushroom", "melee1").col == 13
    onto = moved(state, "melee1", 10, 2)
    assert piece(onto, "mushroom", "melee1").col == 10


def test_may_not_end_on_another_unit() -> None:
    """Rules: MOVE-09, OCC-07

    "[Units] may not finish their movement overlapping another Unit." A unit of another type
    (so no combine) blocks the end square, even a friendly one.
    """
    state = arena()
    put(state, "mushroom", "melee", 14, 10)
    put(state, "mushroom", "magic", 17, 10)
    refused(state, MovePiece("melee1", 17, 10), "MOVE-09")
    refused(state, MovePiece("melee1", 16, 11), "MOVE-09")
    assert piece(moved(state, "melee1", 15, 10), "mushroom", "melee1").col == 15


def test_one_continuous_move() -> None:
    """Rules: MOVE-11, UACT-01

    "Units do not need to use their entire movement value." Once it stops, it cannot move again.
    """
    state = arena()
    put(state, "mushroom", "melee", 14, 10)
    state = moved(state, "melee1", 15, 10)
    refused(state, MovePiece("melee1", 16, 10), "MOVE-11")


def test_no_move_after_acting() -> None:
    """Rules: UACT-02, UACT-03

    "Units can never move after performing an action that turn."
    """
    state = arena()
    put(state, "mushroom", "magic", 8, 15)  # beside the Source Pool
    state = engine.apply(state, Channel("magic1"))
    refused(state, MovePiece("magic1", 8, 17), "UACT-03")


def test_avatar_never_on_or_over_a_town_hall() -> None:
    """Rules: AVATAR-05, OCC-06, Q-30

    "your Avatar cannot end its movement with any part of its tile overlapping a Town Hall" and
    "Avatars can never overlap any Town Hall", so it cannot pass over one either.
    """
    state = arena()
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row = 8, 2
    refused(state, MovePiece("avatar", 10, 2), "AVATAR-05")
    refused(state, MovePiece("avatar", 9, 3), "AVATAR-05")
    message = refused(state, MovePiece("avatar", 13, 2), "MOVE-01")
    assert "9 squares" in message  # round the hall, not over it
    put(state, "mushroom", "melee", 8, 4)
    assert piece(moved(state, "melee1", 13, 4), "mushroom", "melee1").col == 13


def test_avatar_moves_by_its_mat_and_once() -> None:
    """Rules: AVATAR-01, AVATAR-02, AVATAR-04

    "Your Avatar's movement range is listed as the first number" and it "cannot move again once it
    stops moving for the turn", but it may act first and move after.
    """
    state = arena()
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row = 8, 15
    state = engine.apply(state, Channel("avatar"))
    state = moved(state, "avatar", 8, 20)  # Mushroom Avatar moves 5
    refused(state, MovePiece("avatar", 8, 21), "AVATAR-01")


def test_second_flight_and_tailwind() -> None:
    """Rules: AVATAR-01, POWER-03

    A power that allows another movement gives a second full move; Tailwind adds squares.
    """
    state = arena()
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row = 14, 10
    state.turn.avatar_moves_allowed = 2
    state.turn.avatar_move_bonus = 3
    state = moved(state, "avatar", 14, 18)
    state = moved(state, "avatar", 14, 22)
    refused(state, MovePiece("avatar", 14, 23), "AVATAR-01")


def test_stunned_avatar_moves_stunned_unit_does_not() -> None:
    """Rules: STUN-02, STUN-05

    A Stunned Avatar "can still move"; a Stunned Unit's only activation is to flip back.
    """
    state = arena()
    avatar = piece(state, "mushroom", "avatar")
    avatar.col, avatar.row, avatar.stunned = 14, 10, True
    assert piece(moved(state, "avatar", 14, 12), "mushroom", "avatar").row == 12
    put(state, "mushroom", "melee", 18, 18).stunned = True
    refused(state, MovePiece("melee1", 18, 19), "STUN-05")


def test_ending_on_a_token_destroys_it() -> None:
    """Rules: ENC-06, Q-38

    "Encounter tokens are destroyed if an Avatar or Unit ends their movement on top of them."
    Covering the token's square with any square of the tile counts; passing over does not.
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    state.tokens = [(13, 11)]
    passed = moved(state, "melee1", 15, 10)
    assert passed.tokens == [(13, 11)]
    ended = moved(state, "melee1", 12, 10)
    assert ended.tokens == []
    assert ended.player("mushroom").hand == []


def test_wind_chime_tower_adds_movement() -> None:
    """Rules: Q-01 (data 2b: Wind-Chime Tower)

    "while it is on the map and not enemy-occupied, your Units and Avatar get +2 movement".
    """
    state = arena("humming", "thimble")
    put(state, "humming", "melee", 10, 10)  # Beak Lancers move 6
    refused(state, MovePiece("melee1", 18, 10), "MOVE-01")
    tower = build(state, "humming", "unique", 16, 20, uid="crown1")
    assert movement.budget(state, piece(state, "humming", "melee1")) == 8
    assert movement.budget(state, piece(state, "humming", "avatar")) == 7 + 2
    assert piece(moved(state, "melee1", 18, 10), "humming", "melee1").col == 18
    put(state, "thimble", "melee", 16, 20)  # occupied by an enemy: no bonus
    assert movement.budget(state, piece(state, "humming", "melee1")) == 6
    assert tower in state.buildings


def test_extra_moves_after_activation() -> None:
    """Rules: ENC-05 (data 8: Hidden Trail; 1b: Great Migration)

    "One of your Units that has already activated may move up to 3 squares."
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 10)
    state = moved(state, "melee1", 11, 10)
    state.turn.extra_moves.append("melee1")
    refused(state, MovePiece("melee1", 15, 10), "MOVE-01")
    state = moved(state, "melee1", 14, 10)
    assert state.turn.extra_moves == []
    state.turn.extra_moves.append("melee1:4")
    state = moved(state, "melee1", 18, 10)
    refused(state, MovePiece("melee1", 19, 10), "MOVE-11")


def test_cannot_move_an_enemy_piece() -> None:
    """Rules: ACT-04

    Only the player whose turn it is acts, and only with their own pieces.
    """
    state = arena()
    put(state, "thimble", "melee", 14, 10)
    refused(state, MovePiece("melee1", 15, 10), "ACT-04")


@pytest.mark.parametrize("seed", [3, 11])
def test_random_play_lists_exactly_the_moves_that_apply(seed: int) -> None:
    """Rules: MOVE-01..11, ATTACK-01 (engine contract: legal_moves and apply agree)

    300 random legal moves all apply; random move and attack orders outside the list are refused
    and leave the state unchanged. Each unit's listed moves are exactly the ends a search of this
    test's own finds: orthogonal steps within its allowance, on the map, never all in water and
    never over an enemy piece ("may not move through enemy Units"), less the ends MOVE-09 forbids.
    """
    rng = random.Random(seed)
    state = to_turns(start("mushroom", "thimble"), [rng.randint(1, 3), rng.randint(4, 6)])
    for n, col in enumerate(range(3, 21, 3)):  # a line of units taking turns, in each other's way
        put(state, ("mushroom", "thimble")[n % 2], ("melee", "cavalry")[n // 2 % 2], col, 11)
    for _ in range(300):
        if state.phase == "over":
            break
        listed = engine.legal_moves(state)
        check_unit_moves(state, listed)
        before = to_dict(state)  # each refused probe must leave the state as it is here
        for probe in probes(state, rng):
            if probe in listed:
                continue
            with pytest.raises(IllegalMove):
                engine.apply(state, probe)
            assert to_dict(state) == before
        state = engine.apply(state, rng.choice(listed))


def ends_by_search(state: State, unit: Unit, allowance: int) -> set[tuple[int, int]]:
    """Where ``unit`` may stop, found square by square: each step keeps its 2x2 tile on the map,
    on some land and clear of every enemy piece."""
    board_map = content.load().maps[state.map_key]
    enemies = [u.rect for u in state.units if u.owner != unit.owner]

    def open_at(col: int, row: int) -> bool:
        tile = unit_rect(col, row)
        return (0 <= col and 0 <= row and tile.right < board_map.width
                and tile.bottom < board_map.height
                and any(board_map.terrain(c, r) not in "~w" for c, r in tile.squares())
                and not any(tile.overlaps(e) for e in enemies))

    seen = {(unit.col, unit.row)}
    frontier = list(seen)
    for _ in range(allowance):
        frontier = [step for col, row in frontier
                    for step in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1))
                    if step not in seen and open_at(*step)]
        seen.update(frontier)
    return seen - {(unit.col, unit.row)}


def check_unit_moves(state: State, listed: list[Move]) -> None:
    """Every unit's listed MovePieces are exactly the ends ``ends_by_search`` finds, less those
    where it may not stop (MOVE-09)."""
    if state.phase != "turns" or state.turn.pending_rewards:  # a reward is chosen first
        return
    for unit in state.units:
        if unit.owner != state.mover or unit.is_avatar:
            continue
        try:
            allowance = movement.budget(state, unit)
        except IllegalMove:
            allowance = 0
        ends = {pos for pos in ends_by_search(state, unit, allowance)
                if not movement.end_problem(state, unit, pos)}
        offered = {(m.col, m.row) for m in listed
                   if isinstance(m, MovePiece) and m.piece == unit.id}
        assert offered == ends, f"{unit.id}: listed {offered ^ ends} wrongly"


def probes(state: State, rng: random.Random) -> list[MovePiece | Attack]:
    """A few random move and attack orders for the player to act."""
    if state.phase != "turns":
        return []
    mine = [u for u in state.units if u.owner == state.mover]
    theirs = [u for u in state.units if u.owner != state.mover]
    out: list[MovePiece | Attack] = []
    for _ in range(4):
        unit = rng.choice(mine)
        out.append(MovePiece(unit.id, rng.randint(-1, 24), rng.randint(-1, 32)))
        out.append(MovePiece(unit.id, unit.col + rng.randint(-6, 6), unit.row + rng.randint(-6, 6)))
        target = rng.choice(theirs)
        out.append(Attack(unit.id, f"{target.owner}:{target.id}"))
    return out


def test_ending_on_an_enemy_town_hall_occupies_it() -> None:
    """Rules: OCC-01, OCC-02, VP-04, VP-06, VP-07

    "If a Unit ends its movement with all 4 squares overlapping a Building, that Building is
    "occupied." Stunned Units cannot occupy a Building." A unit on an enemy Town Hall at the end
    of the round earns 1 Military VP; a Stunned one, one only partly on it, and an Avatar (which
    may never stand there) earn none.
    """
    state = arena()
    put(state, "mushroom", "melee", 10, 6)
    state = moved(state, "melee1", 10, 2)  # all 4 squares on Thimble's hall (k3:m4)
    assert scoring.halls_held(state, "mushroom") == 1
    assert finish_round(state).player("mushroom").vp_military == 1
    piece(state, "mushroom", "melee1").stunned = True
    assert scoring.halls_held(state, "mushroom") == 0
    assert finish_round(state).player("mushroom").vp_military == 0
    state = arena()
    put(state, "mushroom", "melee", 9, 6)
    partly = moved(state, "melee1", 9, 2)  # 2 squares on it
    assert scoring.halls_held(partly, "mushroom") == 0
    assert finish_round(partly).player("mushroom").vp_military == 0
    state = arena()
    me = state.avatar("mushroom")
    me.col, me.row = 10, 2  # set there by hand: no move may take it onto a Town Hall (OCC-06)
    assert finish_round(state).player("mushroom").vp_military == 0


def test_reaches_agrees_with_the_whole_path_search() -> None:
    """Rules: MOVE-01, MOVE-03, MOVE-04, MOVE-07

    "Units move orthogonally ... may not move through enemy Units" and never stand all in water:
    whether a move reaches its end, found by the quick check of the shortest paths between the
    two or by the search, is exactly whether the whole search of the piece's allowance finds it,
    on every map, near the edges and among random walls.
    """
    rng = random.Random(5)
    maps = content.load().maps
    for _ in range(6000):
        key = rng.choice(sorted(maps))
        start = (rng.randrange(-1, maps[key].width), rng.randrange(-1, maps[key].height))
        allowance = rng.randrange(0, 9)
        goal = (start[0] + rng.randint(-allowance - 1, allowance + 1),
                start[1] + rng.randint(-allowance - 1, allowance + 1))
        walls = tuple(rng.choice((unit_rect, building_rect))(start[0] + rng.randint(-8, 8),
                                                             start[1] + rng.randint(-8, 8))
                      for _ in range(rng.randrange(15)))  # enemy pieces, and Town Halls
        expected = goal in movement._spread(key, start, allowance, walls, None)
        assert movement.reaches(key, start, allowance, walls, goal) == expected
