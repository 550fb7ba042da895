"""Solo Mode: the rulebook's AI opponent, its set-up and its turns (Rules: SOLO-*, AINAT-*)."""

from __future__ import annotations

import itertools

import pytest
from pieces import build, face_up, piece, put

from nncli.game import BadSetup, IllegalMove
from nncli.notebook import bots, content, economy, engine, legal, setup, solo
from nncli.notebook.geometry import distance, unit_rect
from nncli.notebook.moves import (
    Attack,
    Build,
    Collect,
    Combine,
    Demolish,
    EndTurn,
    Initiative,
    Move,
    MovePiece,
    Recover,
    Spawn,
)
from nncli.notebook.state import PHASE_INITIATIVE, PHASE_OVER, PHASE_TURNS, State

RULE_OF = "the AI's next move is"


def solo_game(ai: str = "thimble", human: str = "mushroom", vp: int = 3) -> State:
    return engine.new_game(setup.make_setup({"solo": ai, "nations": [human], "seed": 5,
                                             "vp": vp}))


def pick(state: State, human_space: int) -> State:
    """The Initiative Phase: the AI by its rule, the human on ``human_space``."""
    while state.phase == PHASE_INITIATIVE:
        move = solo.next_move(state) if solo.controls(state) else Initiative(human_space)
        state = engine.apply(state, move)
    return state


def ai_turn(ai: str = "thimble", human: str = "mushroom", step: int = solo.AVATAR) -> State:
    """The start of the AI's first turn (it goes first), the human Avatar in a far corner, no
    tokens, and the AI's turn advanced to ``step``."""
    state = pick(solo_game(ai, human), human_space=2)
    assert solo.controls(state)
    state.tokens = []
    far = state.avatar(human)
    far.col, far.row = (0, 30) if state.facing[human] == "up" else (22, 0)
    state.turn.ai_stage = step
    return state


def human_turn() -> State:
    """Mushroom (human, bottom) to act first against the Thimble AI (top)."""
    state = pick(solo_game(), human_space=1)
    assert state.mover == "mushroom"
    state.tokens = []
    return state


def play_ai_turn(state: State) -> tuple[State, list[Move]]:
    """Apply the AI's moves until its turn ends."""
    made = []
    while solo.controls(state) and state.phase == PHASE_TURNS:
        move = solo.next_move(state)
        made.append(move)
        state = engine.apply(state, move)
        if isinstance(move, EndTurn):
            break
    return state, made


def end_round(state: State) -> State:
    """Both sides end their turns (the AI by its own moves) until the next Initiative Phase."""
    while state.phase == PHASE_TURNS:
        if solo.controls(state):
            state, _ = play_ai_turn(state)
        else:
            state = engine.apply(state, EndTurn())
    return state


def ai_buildings(state: State, nation: str = "thimble") -> dict[str, tuple[int, int, bool]]:
    return {b.id: (b.col, b.row, b.face_down) for b in state.buildings if b.owner == nation}


# --- set-up ------------------------------------------------------------------------------------

def test_setup_top_seat() -> None:
    """Rules: SOLO-05, SOLO-06, SOLO-07, SOLO-08, Q-64 - "Place the AI's Town Hall on their
    Nation's starting space ... a Barracks directly above their Town Hall, a Temple to the right
    side ..., a University below ..., and their Nation's Wonder ... to the left side." The top
    seat's tiles face down the board, so its "above" is further down and its "left" further
    right; the Unique Crown Building goes below and to the left, face down with the Wonder."""
    state = solo_game("thimble", "mushroom")
    assert state.facing["thimble"] == "down"
    assert ai_buildings(state) == {
        "th1": (10, 2, False), "barracks1": (10, 4, False), "temple1": (7, 2, False),
        "univ1": (10, 0, False), "wonder1": (13, 2, True), "crown1": (13, 0, True)}


def test_setup_bottom_seat() -> None:
    """Rules: SOLO-06, SOLO-07, SOLO-08, Q-64 - "Place the AI's Unique Crown Building below and
    to the left or right of the Town Hall as close to the Town Hall as possible without
    overlapping the Town Buildings"; for the bottom seat "above" is up the board."""
    state = solo_game("seed", "mushroom")
    assert state.facing["seed"] == "up"
    assert ai_buildings(state, "seed") == {
        "th1": (10, 28, False), "barracks1": (10, 26, False), "temple1": (13, 28, False),
        "univ1": (10, 30, False), "wonder1": (7, 28, True), "crown1": (7, 30, True)}


def test_setup_avatar_beside_the_hall() -> None:
    """Rules: SETUP-11, SOLO-02, AVATAR-05 - "Each Avatar starts on the map adjacent to its own
    Town Hall": the AI's hall is ringed by buildings, so its Avatar stands on the Barracks."""
    for ai, human in (("thimble", "mushroom"), ("seed", "mushroom"), ("mushroom", "humming")):
        state = solo_game(ai, human)
        hall = state.building(ai, "th1")
        assert hall is not None
        assert distance(state.avatar(ai).rect, hall.rect) == 1


def test_setup_options() -> None:
    """Rules: SOLO-01, SOLO-03 - "you compete against another of the Nations in the game as your
    opponent, controlled by the game AI"; "set up ... for a 2-player game"."""
    made = setup.make_setup({"solo": "seed", "nations": ["humming"], "names": ["Ann"]})
    assert made["map"] == "2p"
    assert made["players"] == [{"name": "Ann", "nation": "humming"},
                               {"name": "Seed Children", "nation": "seed", "controller": "ai"}]
    default = setup.make_setup({"solo": "mushroom"})
    assert [p["nation"] for p in default["players"]] == ["thimble", "mushroom"]
    with pytest.raises(BadSetup, match="only your own nation"):
        setup.make_setup({"solo": "seed", "nations": ["humming", "thimble"]})
    three = setup.make_setup({"nations": ["seed", "humming", "thimble"]})
    three["players"][0]["controller"] = "ai"
    with pytest.raises(BadSetup, match="SOLO-01"):
        setup.check_setup(three)


# --- initiative and income ---------------------------------------------------------------------

def test_initiative_no_bonus_else_closest() -> None:
    """Rules: SOLO-09, SOLO-10, Q-50 - "The AI will choose the No Bonus space if it is
    available. Otherwise, they choose the Initiative space closest to the No Bonus space." In
    round 1 the priority order still decides who picks first."""
    state = solo_game("thimble", "mushroom")
    assert state.order == ["mushroom", "thimble"]
    taken = engine.apply(state, Initiative(1))
    assert engine.legal_moves(taken) == [Initiative(2)]
    free = engine.apply(state, Initiative(4))
    assert engine.legal_moves(free) == [Initiative(1)]


def test_income_science_and_culture_only() -> None:
    """Rules: SOLO-11, SOLO-12, Q-50, Q-62 - "the AI gains Science and Culture as normal. However,
    the AI does not gain or use Food, Wood, Gold, or Source." Its face-down Wonder and Unique
    Crown Building give nothing, and it gets no starting Source."""
    state = pick(solo_game("thimble", "mushroom"), human_space=6)
    ai = state.player("thimble")
    assert (ai.food, ai.wood, ai.gold, ai.source) == (0, 0, 0, 0)
    assert (ai.science, ai.culture) == (2, 1)  # Town Hall + University; Temple
    assert state.player("mushroom").source == 1


def test_face_up_buildings_add_income() -> None:
    """Rules: SOLO-08, SOLO-39, AINAT-02 - "These Buildings are considered inactive until they
    have been researched"; "Thimble Empire - Treat the Unique Crown Building as a University that
    provides 1 Science and 1 Culture each round"."""
    state = solo_game("thimble", "mushroom")
    before = economy.income(state, "thimble")
    face_up(state, "thimble")
    after = economy.income(state, "thimble")
    assert (after.science - before.science, after.culture - before.culture) == (1, 3)


def test_seed_grove_gives_two_culture() -> None:
    """Rules: AINAT-03 - "Seed Children - Treat the Unique Crown Building as a Temple that cannot
    produce Magic Units but provides 2 Culture each round instead." """
    state = solo_game("seed", "mushroom")
    before = economy.income(state, "seed").culture
    face_up(state, "seed", "crown1")
    assert economy.income(state, "seed").culture == before + 2
    state.player("seed").research.append("one-star")
    state.turn.ai_stage = solo.SPAWN
    assert not any(b.id == "crown1" for b, _, _ in solo.spawners(state, "seed"))


# --- research ----------------------------------------------------------------------------------

def test_research_at_end_of_round() -> None:
    """Rules: SOLO-39, Q-59 - "The AI unlocks 1 Research Node per round from top to bottom, left
    to right on the Research Tree for free at the end of each round if they have met the Science
    requirement"; researching "one-star" and "two-star" turns the buildings face up."""
    state = end_round(pick(solo_game("thimble", "mushroom"), human_space=2))
    ai = state.player("thimble")
    assert ai.research == ["food"]
    assert ai.gold == 0
    ai.research = ["food", "wood", "ranged", "cavalry", "hall-ii"]
    ai.science = 2
    assert solo.next_node(state, ai) is None
    ai.science = 3
    solo.research_at_end_of_round(state)
    assert ai.research[-1] == "one-star"
    assert ai_buildings(state)["crown1"][2] is False
    assert ai_buildings(state)["wonder1"][2] is True
    solo.research_at_end_of_round(state)
    assert ai_buildings(state)["wonder1"][2] is False


# --- the engine's side ------------------------------------------------------------------------

def test_only_the_scripted_move_is_legal() -> None:
    """Rules: SOLO-01, SOLO-02 - the AI's Nation is "controlled by the game AI": the engine lists
    its one move and refuses any other, naming it."""
    state = ai_turn()
    expected = solo.next_move(state)
    assert engine.legal_moves(state) == [expected]
    with pytest.raises(IllegalMove, match=RULE_OF):
        engine.apply(state, EndTurn())
    assert bots.auto_move(state) == expected


def test_ai_buildings_cannot_be_destroyed() -> None:
    """Rules: SOLO-20 - "AI Buildings cannot be destroyed." """
    state = human_turn()
    put(state, "mushroom", "siege", 10, 6)
    state.player("mushroom").research.append("siege")
    with pytest.raises(IllegalMove, match="SOLO-20"):
        engine.apply(state, Demolish("siege1", "thimble:barracks1"))


# --- the Avatar --------------------------------------------------------------------------------

def test_avatar_goes_for_the_closest_token_and_claims_it() -> None:
    """Rules: SOLO-13, SOLO-14, Q-54 - "The AI Avatar moves towards the closest available
    Encounter token each round & gains 1 Culture when that Encounter is claimed (ignore the normal
    Encounter reward)." It claims it from beside it, as any Avatar does."""
    state = ai_turn()
    state.tokens = [(10, 9), (20, 20)]
    culture = state.player("thimble").culture
    assert solo.next_move(state) == MovePiece("avatar", 10, 7)
    state = engine.apply(state, MovePiece("avatar", 10, 7))
    assert solo.next_move(state) == Collect(10, 9)
    state = engine.apply(state, Collect(10, 9))
    ai = state.player("thimble")
    assert (ai.culture, ai.hand, state.tokens) == (culture + 1, [], [(20, 20)])


def test_avatar_hunts_and_attacks_when_no_token_is_left() -> None:
    """Rules: SOLO-15, SOLO-16 - "If no Encounters remain on the board, the AI Avatar will move
    toward the closest enemy Unit or Avatar"; "If the AI Avatar cannot claim an Encounter, the
    AI Avatar will attack the closest enemy Unit or Avatar that is within attack range." """
    state = ai_turn()
    put(state, "mushroom", "melee", 10, 12)
    assert solo.next_move(state) == MovePiece("avatar", 10, 9)
    state = engine.apply(state, MovePiece("avatar", 10, 9))
    assert solo.next_move(state) == Attack("avatar", "mushroom:melee1")


def test_stunned_avatar_recovers() -> None:
    """Rules: Q-54, STUN-01, STUN-02 - a Stunned AI Avatar takes Recover as its basic action and
    may still move."""
    state = ai_turn()
    state.avatar("thimble").stunned = True
    put(state, "mushroom", "melee", 10, 12)
    assert solo.next_move(state) == Recover("avatar")
    state = engine.apply(state, Recover("avatar"))
    assert solo.next_move(state) == MovePiece("avatar", 10, 9)
    state = engine.apply(state, MovePiece("avatar", 10, 9))
    assert not isinstance(solo.next_move(state), Attack)


# --- building ----------------------------------------------------------------------------------

def test_second_town_hall_and_its_buildings() -> None:
    """Rules: SOLO-17, SOLO-18, SOLO-19 - "The AI will build a second Town Hall when it is
    unlocked on the Research Tree and place it as close to the first Town Hall as possible while
    leaving space for ... a Barracks directly above the second Town Hall, a Temple to the right
    side ..., a University below ..., and a Siegeworks to the left side"; "The AI will not build
    a third Town Hall or any other Buildings"."""
    state = ai_turn(step=solo.BUILD)
    state.player("thimble").research += ["hall-ii", "hall-iii"]
    state, made = play_ai_turn(state)
    builds = [m for m in made if isinstance(m, Build)]
    hall = builds[0]
    assert (hall.building, hall.by) == ("town-hall", "th1")
    col, row = hall.col, hall.row
    assert [(m.building, m.col - col, m.row - row, m.by) for m in builds[1:]] == [
        ("barracks", 0, 2, "th2"), ("temple", -3, 0, "th2"), ("university", 0, -2, "th2"),
        ("siegeworks", 3, 0, "th2")]
    first = state.building("thimble", "th1")
    assert first is not None
    assert (col, row) == (13, 6)  # 4 squares from th1: nearer sites leave no room for all five
    assert state.player("thimble").wood == 0
    state = end_round(state)
    state, made = play_ai_turn(pick(state, human_space=2))
    assert not any(isinstance(m, Build) for m in made)


# --- spawning ----------------------------------------------------------------------------------

def test_barracks_spawn_melee_above_free() -> None:
    """Rules: SOLO-21, SOLO-24, Q-53 - "When spawning Units, the AI ignores Population Limits and
    build costs"; "Each AI Barracks will spawn 1 Melee Unit above that Barracks each round." """
    state = ai_turn(step=solo.SPAWN)
    for n in range(3):
        put(state, "thimble", "melee", 2 * n, 20)
    assert economy.population(state, "thimble") >= economy.population_limit(state, "thimble")
    assert solo.next_move(state) == Spawn("melee", 11, 6, "barracks1")
    state = engine.apply(state, Spawn("melee", 11, 6, "barracks1"))
    assert piece(state, "thimble", "melee4").size == 1


def test_blocked_above_spawns_beside() -> None:
    """Rules: SOLO-24, Q-53 - "Each AI Barracks will spawn 1 Melee Unit above that Barracks";
    when the spots above it are taken, the unit goes to the first free spot beside it."""
    state = ai_turn(step=solo.SPAWN)
    for col in (9, 11, 13):
        put(state, "mushroom", "melee", col, 6)
    move = solo.next_move(state)
    barracks = state.building("thimble", "barracks1")
    assert isinstance(move, Spawn) and barracks is not None and move.building == barracks.id
    assert distance(unit_rect(move.col, move.row), barracks.rect) == 1
    assert move.row < 6


def test_cavalry_instead_of_melee_and_the_fallback() -> None:
    """Rules: SOLO-25, SOLO-27, SOLO-28 - "If Cavalry Units are unlocked ..., each Barracks will
    spawn 1 Cavalry Unit instead of 1 Melee Unit"; "the AI will, however, spawn a Melee Unit in
    place of a Cavalry Unit if it does not have a Cavalry Unit in reserve"."""
    state = ai_turn(step=solo.SPAWN)
    state.player("thimble").research.append("cavalry")
    assert solo.next_move(state) == Spawn("cavalry", 11, 6, "barracks1")
    put(state, "thimble", "cavalry", 0, 20)
    put(state, "thimble", "cavalry", 2, 20)
    assert solo.next_move(state) == Spawn("melee", 11, 6, "barracks1")
    for n in range(4):
        put(state, "thimble", "melee", 4 + 2 * n, 20)
    move = solo.next_move(state)
    assert not (isinstance(move, Spawn) and move.building == "barracks1")


def test_magic_until_out_of_tiles() -> None:
    """Rules: SOLO-26, SOLO-27 - "Each AI Temple will spawn 1 Magician above the Temple ... each
    round until they are out of available Unit cards." """
    state = ai_turn(step=solo.SPAWN)
    state.turn.buildings_acted.append("barracks1")
    assert solo.next_move(state) == Spawn("magic", 8, 4, "temple1")
    put(state, "thimble", "magic", 0, 20)
    put(state, "thimble", "magic", 2, 20)
    assert not isinstance(solo.next_move(state), Spawn)


def test_ranged_on_top_of_each_hall() -> None:
    """Rules: SOLO-22 - "If Ranged Units have been unlocked ..., place 1 small Ranged Unit on top
    of each of the AI's Town Halls that does not currently have a Ranged Unit on it." """
    state = ai_turn(step=solo.SPAWN)
    state.player("thimble").research.append("ranged")
    assert solo.next_move(state) == Spawn("ranged", 11, 2, "th1")
    state = engine.apply(state, Spawn("ranged", 11, 2, "th1"))
    state, made = play_ai_turn(state)
    assert not any(isinstance(m, Spawn) and m.unit == "ranged" for m in made)


def test_siegeworks_spawn_siege_once_unlocked() -> None:
    """Rules: SOLO-23 - "The AI Siegeworks will spawn 1 Siege Unit above the Siegeworks each round
    if Siege Units are unlocked on the Research Tree." """
    state = ai_turn(step=solo.SPAWN)
    build(state, "thimble", "siegeworks", 4, 10, uid="works1")
    state.turn.buildings_acted += ["barracks1", "temple1"]
    assert not isinstance(solo.next_move(state), Spawn)
    state.player("thimble").research.append("siege")
    assert solo.next_move(state) == Spawn("siege", 5, 12, "works1")


def test_mushroom_spore_mound_spawns_size_two() -> None:
    """Rules: AINAT-01, Q-60 - "Mushroom Tribes - Treat the Unique Crown Building as normal.
    (Spawns a size 2 Melee or Cavalry Unit if unlocked on the Research Tree ...)" """
    state = ai_turn("mushroom", "seed", step=solo.SPAWN)
    state.turn.buildings_acted += ["barracks1", "temple1"]
    assert not isinstance(solo.next_move(state), Spawn)
    face_up(state, "mushroom", "crown1")
    move = solo.next_move(state)
    assert isinstance(move, Spawn) and move.building == "crown1"
    state = engine.apply(state, move)
    spawned = [u for u in state.units if u.owner == "mushroom" and u.key == "melee"]
    assert [u.size for u in spawned] == [2]


def test_occupied_building_does_not_spawn() -> None:
    """Rules: SOLO-02, Q-63, BUILD-24 - "Any rules not referenced here remain the same": an AI
    Building occupied by an enemy Unit does not spawn."""
    state = ai_turn(step=solo.SPAWN)
    mine = state.avatar("thimble")
    mine.col, mine.row = 0, 10
    put(state, "mushroom", "melee", 11, 4)
    assert not any(isinstance(m, Spawn) and m.building == "barracks1"
                   for m in play_ai_turn(state)[1])


def test_spawned_units_wait_a_turn() -> None:
    """Rules: SOLO-29, Q-51 - "Spawn Units" comes before "Move and attack with AI Units"; AI
    Units spawned this turn do not activate until the next."""
    state = ai_turn(step=solo.SPAWN)
    state, made = play_ai_turn(state)
    spawned = [m for m in made if isinstance(m, Spawn)]
    assert spawned
    assert not any(isinstance(m, MovePiece | Attack) and m.piece != "avatar" for m in made)


# --- the units ---------------------------------------------------------------------------------

def test_activation_order() -> None:
    """Rules: SOLO-29 - "The AI's Units are activated in order starting with the Units(s) closest
    to one of your Town Halls, then next closest, and so on." """
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "melee", 3, 10)
    put(state, "thimble", "melee", 11, 20)
    move = solo.next_move(state)
    assert isinstance(move, MovePiece) and move.piece == "melee2"


def test_move_and_attack_the_nearest_enemy() -> None:
    """Rules: SOLO-30, Q-57 - "If an AI Melee, Cavalry, or Magic Unit is close enough to an enemy
    Avatar or enemy Unit to move and attack that Unit, the AI Unit will do so." """
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "melee", 11, 10)
    put(state, "mushroom", "melee", 11, 16)
    assert solo.next_move(state) == MovePiece("melee1", 11, 14)
    state = engine.apply(state, MovePiece("melee1", 11, 14))
    assert solo.next_move(state) == Attack("melee1", "mushroom:melee1")


def test_advance_onto_the_enemy_town_hall() -> None:
    """Rules: SOLO-31 - "If no enemies are in range, these AI Units move directly towards the
    closest enemy Town Hall, overlapping it if possible." """
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "melee", 11, 24)
    assert solo.next_move(state) == MovePiece("melee1", 11, 28)


def test_never_combine() -> None:
    """Rules: SOLO-32 - "When moving, AI Melee, Cavalry, and Magic Units will never overlap to
    create Size-2 Units, even if their Nation would normally allow this." """
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "melee", 11, 28)
    put(state, "thimble", "melee", 11, 24)
    state, made = play_ai_turn(state)
    assert not any(isinstance(m, Combine) for m in made)
    first, second = piece(state, "thimble", "melee1"), piece(state, "thimble", "melee2")
    assert (first.col, first.row) == (11, 28)
    assert not first.rect.overlaps(second.rect)


def test_ranged_units_hold_and_answer_once_a_round() -> None:
    """Rules: SOLO-33, SOLO-34, Q-55 - "AI Ranged Units do not move and only deal damage to the
    first enemy Avatar or Unit in range that targets them with an attack." """
    state = human_turn()
    put(state, "thimble", "ranged", 11, 14, size=2)
    put(state, "mushroom", "melee", 11, 16)
    put(state, "mushroom", "melee", 13, 14)
    state = engine.apply(state, Attack("melee1", "thimble:ranged1"))
    assert state.unit("mushroom", "melee1") is None  # answered with 2
    assert piece(state, "thimble", "ranged1").answered
    state = engine.apply(state, Attack("melee2", "thimble:ranged1"))
    assert state.unit("mushroom", "melee2") is not None  # no answer to the second attacker
    assert state.unit("thimble", "ranged1") is None
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "ranged", 11, 14)
    put(state, "mushroom", "melee", 11, 16)
    state, made = play_ai_turn(state)
    assert made == [EndTurn()]


def test_answer_resets_each_round() -> None:
    """Rules: SOLO-34, Q-55 - "only deal damage to the first enemy Avatar or Unit in range that
    targets them", counted afresh each round."""
    state = human_turn()
    put(state, "thimble", "ranged", 0, 20).answered = True
    state = end_round(state)
    assert not piece(state, "thimble", "ranged1").answered


def test_siege_priorities() -> None:
    """Rules: SOLO-35, SOLO-36, Q-56 - "AI Siege Units do not move. When attacking, they attack
    enemy Siege Units first, then the enemy's Wonder, then the enemy's Unique Crown Building, then
    enemy Temples." Buildings are hit with Demolish."""
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "siege", 4, 16)
    build(state, "mushroom", "temple", 7, 16, uid="temple1")
    build(state, "mushroom", "wonder", 7, 19, uid="wonder1")
    put(state, "mushroom", "siege", 4, 20)
    assert solo.next_move(state) == Attack("siege1", "mushroom:siege1")
    state.units.remove(piece(state, "mushroom", "siege1"))
    assert solo.next_move(state) == Demolish("siege1", "mushroom:wonder1")
    state = engine.apply(state, Demolish("siege1", "mushroom:wonder1"))
    assert piece(state, "thimble", "siege1").col == 4
    state.turn.ai_skip.clear()
    shooter = piece(state, "thimble", "siege1")
    shooter.acted = shooter.moved = False
    assert solo.next_move(state) == Demolish("siege1", "mushroom:temple1")


def test_prefer_units_on_ai_buildings() -> None:
    """Rules: SOLO-37 - "If multiple enemy Units and/or the enemy Avatar are within range and the
    same distance from an AI Unit, the AI Unit will prioritize enemy Units that are overlapping
    any of the AI's buildings." """
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "melee", 14, 6)
    put(state, "mushroom", "melee", 16, 6)
    put(state, "mushroom", "melee", 12, 5)
    assert solo.next_move(state) == Attack("melee1", "mushroom:melee2")


def test_ignore_a_stunned_avatar() -> None:
    """Rules: SOLO-38 - "AI Units ignore an enemy Avatar that is Stunned." """
    state = ai_turn(step=solo.UNITS)
    put(state, "thimble", "melee", 11, 10)
    human = state.avatar("mushroom")
    human.col, human.row, human.stunned = 11, 12, True
    move = solo.next_move(state)
    assert not isinstance(move, Attack)
    assert isinstance(move, MovePiece) and move.piece == "melee1"


def test_humming_tower_gives_movement() -> None:
    """Rules: AINAT-04, Q-61 - "Humming Republic - Treat the Unique Crown Building as normal
    (provides +2 movement to Units/Avatar ...)" once it is face up."""
    state = ai_turn("humming", "mushroom", step=solo.UNITS)
    lancer = put(state, "humming", "melee", 3, 10)
    assert solo.end_positions(state, lancer)[(3, 16)] == 6
    assert (3, 18) not in solo.end_positions(state, lancer)
    face_up(state, "humming", "crown1")
    assert (3, 18) in solo.end_positions(state, lancer)


# --- whole games -------------------------------------------------------------------------------

def consistent(state: State) -> None:
    """Every piece is on the map, AI pieces overlap no other piece (a human unit may stand on
    one of its own to combine), the AI holds no resources and has met no objective."""
    size = content.load().maps[state.map_key]
    ai = next(p for p in state.players if p.controller == "ai")
    for n, u in enumerate(state.units):
        assert 0 <= u.col < size.width - 1 and 0 <= u.row < size.height - 1
        for other in state.units[n + 1:]:
            if ai.nation in (u.owner, other.owner) or u.owner != other.owner:
                assert not u.rect.overlaps(other.rect), (u, other)
    assert (ai.food, ai.wood, ai.gold, ai.source, ai.objectives) == (0, 0, 0, 0, [])


@pytest.mark.parametrize("ai, human", [("mushroom", "thimble"), ("thimble", "seed"),
                                      ("humming", "mushroom"), ("seed", "humming")])
def test_whole_solo_game(ai: str, human: str) -> None:
    """Rules: SOLO-01, SOLO-02, Q-58 - a solo game against each AI Nation, the greedy bot in the
    human seat, to its end: every AI move is the one legal move (apply refuses the moves a
    person could make there), the AI's buildings never leave the map, and it scores VP as
    normal."""
    state = engine.new_game(setup.make_setup({"solo": ai, "nations": [human], "seed": 11,
                                              "vp": 3, "bots": [human]}))
    built = 0
    while state.phase != PHASE_OVER and state.round <= 30:
        move = bots.auto_move(state)
        assert move is not None
        if solo.controls(state):
            assert engine.legal_moves(state) == [move]
            for other in itertools.islice((m for m in legal.generate(state) if m != move), 2):
                with pytest.raises(IllegalMove, match="the AI's next move is"):
                    engine.apply(state, other)
        state = engine.apply(state, move)
        consistent(state)
        mine = sum(1 for b in state.buildings if b.owner == ai)
        assert mine >= built
        built = mine
    assert state.phase == PHASE_OVER
    assert max(p.vp for p in state.players) >= 3


def test_equal_distance_ties_go_in_the_ais_reading_order() -> None:
    """Rules: Q-52, SOLO-29 - "The AI's Units are activated in order starting with the Units(s)
    closest to one of your Town Halls": two AI units equally close activate top to bottom, then
    left to right, as the AI's tiles face (the top seat's tiles are turned round)."""
    state = ai_turn(step=solo.UNITS)
    assert state.facing["thimble"] == "down"
    first = put(state, "thimble", "melee", 3, 20)
    second = put(state, "thimble", "melee", 18, 20)
    hall = next(b.rect for b in state.buildings if b.owner == "mushroom")
    assert distance(first.rect, hall) == distance(second.rect, hall)
    order = [u.id for u in solo.activation_order(state)]
    assert order == ["melee2", "melee1"]  # seen from the top seat, column 18 is on the left


def test_ai_supply_is_its_own() -> None:
    """Rules: SOLO-04 - "set up the Nation Mat, Reference card, Building tiles, and Unit tiles
    for their Nation": the AI's starting buildings come from its own supply, so the human's
    stock of the same buildings is untouched."""
    state = solo_game()
    ai_keys = sorted(b.key for b in state.buildings if b.owner == "thimble")
    assert ai_keys == ["barracks", "temple", "town-hall", "unique", "university", "wonder"]
    human = [b.key for b in state.buildings if b.owner == "mushroom"]
    assert human == ["town-hall"]
    assert state.player("thimble").controller == "ai"
    assert state.player("mushroom").controller == "human"
