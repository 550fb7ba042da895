"""Encounter tokens and tiles."""

from __future__ import annotations

import pytest
from conftest import finish_round, to_turns
from pieces import arena, build, piece, put

from nncli.chance import CHANCE
from nncli.game import IllegalMove
from nncli.notebook import GAME, encounters, engine
from nncli.notebook.moves import Build, Collect, Draw, EndTurn, MovePiece, UseEncounter
from nncli.notebook.state import State


def at_token(nation: str = "mushroom", other: str = "thimble") -> State:
    """``nation`` to act, its Avatar at o13 with one token beside it at q13."""
    state = arena(nation, other)
    me = state.avatar(nation)
    me.col, me.row = 14, 12
    state.tokens = [(16, 12), (20, 20)]
    return state


def holding(tile: str, nation: str = "mushroom", other: str = "thimble") -> State:
    state = at_token(nation, other)
    state.player(nation).hand = [tile]
    return state


def collected(state: State, col: int = 16, row: int = 12) -> State:
    """``state`` after the Avatar collects the token on (col, row) and chance draws its tile."""
    state = engine.apply(state, Collect(col, row))
    return engine.apply(state, encounters.seeded_draw(state))


def test_collect_adjacent_token_draws_a_tile() -> None:
    """Rules: ENC-01, SETUP-04, AVATAR-06

    "If your Avatar is adjacent to an Encounter token, you can remove that Encounter token from
    the map to collect it. When you collect an Encounter token, draw 1 Encounter tile".
    """
    state = at_token()
    after = engine.apply(state, Collect(16, 12))
    assert (16, 12) not in after.tokens
    assert GAME.mover(after) == CHANCE and after.player("mushroom").hand == []
    drawn = engine.apply(after, Draw("eureka"))
    assert drawn.player("mushroom").hand == ["eureka"]
    assert drawn.encounter_draws == 1 and GAME.mover(drawn) == "mushroom"
    assert drawn.player("mushroom").encounters_collected == 1


def test_collect_needs_adjacency() -> None:
    """Rules: ENC-02

    Only an Avatar adjacent to a token may collect it.
    """
    state = at_token()
    with pytest.raises(IllegalMove, match="ENC-02"):
        engine.apply(state, Collect(20, 20))
    assert Collect(20, 20) not in engine.legal_moves(state)
    assert Collect(16, 12) in engine.legal_moves(state)


def test_collect_is_the_basic_action() -> None:
    """Rules: AVATAR-01, AVATAR-06

    Collecting is the Avatar's one basic action: it cannot then build as well.
    """
    state = collected(at_token())
    with pytest.raises(IllegalMove, match="AVATAR-01"):
        engine.apply(state, Build("lumber-camp", 16, 14, "avatar"))


def test_deck_is_shuffled_by_the_seed() -> None:
    """Rules: SETUP-04, COMP-05

    "shuffle the Encounter tiles": each draw takes one of the tiles left, every copy alike (a
    shuffled deck dealt one at a time); a game begun before chance moves keeps the order its
    seed shuffled.
    """
    decks = {encounters.deck(seed) for seed in range(8)}
    assert len(decks) > 1
    assert all(len(d) == 16 for d in decks)
    assert encounters.deck(3) == encounters.deck(3)
    state = at_token()
    assert sorted(encounters.pool(state)) == sorted(encounters.all_tiles())
    state.drawn = list(encounters.all_tiles()[:15])
    state.encounter_draws = 15
    assert encounters.pool(state) == [encounters.all_tiles()[15]]
    state.seed_deck, state.drawn, state.encounter_draws = True, [], 4
    assert encounters.pool(state) == [encounters.deck(state.seed)[4]]


def test_tile_used_at_once_then_discarded() -> None:
    """Rules: ENC-03, ENC-04, ENC-05

    "You can use your Encounter tiles at any time during your turn (even as soon as you draw
    one). Once an Encounter tile has been used, it is placed in the Encounter discard pile."
    """
    state = holding("forgotten-pantry")
    food = state.player("mushroom").food
    after = engine.apply(state, UseEncounter("forgotten-pantry"))
    assert after.player("mushroom").food == food + 3
    assert after.player("mushroom").hand == []
    with pytest.raises(IllegalMove, match="no forgotten-pantry"):
        engine.apply(after, UseEncounter("forgotten-pantry"))


@pytest.mark.parametrize("tile, field, gain", [
    ("fallen-timber", "wood", 3), ("buried-coins", "gold", 2), ("source-shard", "source", 2),
    ("old-textbook", "science", 2), ("margin-doodle", "culture", 2)])
def test_resource_tiles(tile: str, field: str, gain: int) -> None:
    """Rules: ENC-05, Q-08

    "Some Encounter tiles grant resources".
    """
    state = holding(tile)
    before = getattr(state.player("mushroom"), field)
    after = engine.apply(state, UseEncounter(tile))
    assert getattr(after.player("mushroom"), field) == before + gain


def test_volunteers_and_wild_mount_spawn_beside_the_avatar() -> None:
    """Rules: ENC-05, Q-08

    Tiles "allow you to spawn Units": Volunteers a Melee, Wild Mount a Cavalry even without Access
    to Cavalry, free, beside the Avatar.
    """
    state = holding("volunteers")
    food = state.player("mushroom").food
    after = engine.apply(state, UseEncounter("volunteers", ("o15",)))
    assert piece(after, "mushroom", "melee1").row == 14
    assert after.player("mushroom").food == food
    state = holding("wild-mount")
    after = engine.apply(state, UseEncounter("wild-mount", ("m13",)))
    assert piece(after, "mushroom", "cavalry1").col == 12
    with pytest.raises(IllegalMove, match="adjacent"):
        engine.apply(state, UseEncounter("wild-mount", ("a1",)))


def test_tailwind_adds_avatar_movement() -> None:
    """Rules: ENC-05

    Tiles can "increase your Avatar's movement range": Tailwind gives 3 more squares.
    """
    state = holding("tailwind")
    far = MovePiece("avatar", 14, 12 - 8)  # Mushroom's Avatar moves 5
    with pytest.raises(IllegalMove):
        engine.apply(state, far)
    state = engine.apply(state, UseEncounter("tailwind"))
    assert engine.apply(state, far).avatar("mushroom").row == 4


def test_eureka_researches_for_free_outside_the_research_step() -> None:
    """Rules: ENC-05, Q-40

    Tiles can let you "Research once for free": Eureka unlocks a node now, free, within your
    Science tier, and the turn goes on.
    """
    state = holding("eureka")
    gold = state.player("mushroom").gold
    after = engine.apply(state, UseEncounter("eureka", ("cavalry",)))
    assert after.player("mushroom").research == ["cavalry"]
    assert after.player("mushroom").gold == gold and after.mover == "mushroom"
    with pytest.raises(IllegalMove, match="RES-03"):
        engine.apply(state, UseEncounter("eureka", ("siege",)))


def test_blueprints_discount_the_next_building() -> None:
    """Rules: ENC-05, Q-08

    Blueprints: the next building this turn costs 2 fewer resources.
    """
    state = holding("blueprints")
    state.avatar("mushroom").col, state.avatar("mushroom").row = 4, 28
    wood = state.player("mushroom").wood
    state = engine.apply(state, UseEncounter("blueprints"))
    after = engine.apply(state, Build("house", 13, 28, "th1"))  # 2 wood, now free
    assert after.player("mushroom").wood == wood


def test_second_wind_and_ambush_stun() -> None:
    """Rules: ENC-05, Q-24

    Ambush stuns an enemy unit within 3 squares of the Avatar; Second Wind flips your Avatar and
    Units back.
    """
    state = holding("ambush")
    put(state, "thimble", "melee", 14, 15)
    after = engine.apply(state, UseEncounter("ambush", ("thimble:melee1",)))
    assert piece(after, "thimble", "melee1").stunned
    put(state, "thimble", "melee", 14, 22, uid="melee2")
    with pytest.raises(IllegalMove, match="within 3"):
        engine.apply(state, UseEncounter("ambush", ("thimble:melee2",)))
    state = holding("second-wind")
    state.avatar("mushroom").stunned = True
    put(state, "mushroom", "melee", 3, 3).stunned = True
    after = engine.apply(state, UseEncounter("second-wind"))
    assert not after.avatar("mushroom").stunned
    assert not piece(after, "mushroom", "melee1").stunned


def test_hidden_trail_moves_an_activated_unit() -> None:
    """Rules: ENC-05, MOVE-11

    Hidden Trail: one of your Units that has already activated may move up to 3 squares.
    """
    state = holding("hidden-trail")
    put(state, "mushroom", "melee", 4, 10)
    state = engine.apply(state, MovePiece("melee1", 6, 10))
    with pytest.raises(IllegalMove, match="MOVE-11"):
        engine.apply(state, MovePiece("melee1", 7, 10))
    state = engine.apply(state, UseEncounter("hidden-trail", ("melee1",)))
    assert piece(engine.apply(state, MovePiece("melee1", 9, 10)), "mushroom", "melee1").col == 9


def test_humming_wonder_culture_per_encounter() -> None:
    """Rules: BUILD-14

    The Hall of Whirring Wings: "Whenever your Avatar collects an Encounter token, gain 1
    Culture."
    """
    state = at_token("humming", "thimble")
    build(state, "humming", "wonder", 13, 26, uid="wonder1")
    culture = state.player("humming").culture
    after = engine.apply(state, Collect(16, 12))
    assert after.player("humming").culture == culture + 1


def test_hand_kept_between_turns() -> None:
    """Rules: ENC-03

    A tile is used "at any time during your turn": one kept for later stays in the hand, and may
    be played in a later turn of its owner.
    """
    state = collected(at_token())
    state = engine.apply(state, EndTurn())
    [kept] = state.player("mushroom").hand
    state = to_turns(finish_round(state), [1, 2])  # Mushroom's next turn
    assert state.mover == "mushroom" and state.player("mushroom").hand == [kept]
    plays = [m for m in engine.legal_moves(state)
             if isinstance(m, UseEncounter) and m.tile == kept]
    assert plays
    assert engine.apply(state, plays[0]).player("mushroom").hand == []
