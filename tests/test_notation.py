"""Move notation: format and parse are inverses, the forgiving forms, and the error messages."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nncli import saveplay
from nncli.game import BadNotation
from nncli.notebook import GAME, engine
from nncli.notebook.moves import (
    Attack,
    Build,
    Channel,
    Collect,
    Combine,
    Demolish,
    Destroy,
    EndTurn,
    Initiative,
    Move,
    MovePiece,
    Offering,
    Power,
    Recover,
    Research,
    Reward,
    Spawn,
    Trade,
    UseEncounter,
)
from nncli.notebook.notation import format_move, parse_move
from nncli.notebook.state import PHASE_TURNS, Building, State, Unit
from nncli.textmoves import completions, next_words

SETUP = {"seed": 1, "vp_goal": 1, "map": "2p",
         "players": [{"name": "Ann", "nation": "mushroom"}, {"name": "Ben", "nation": "thimble"}]}


@pytest.fixture
def state() -> State:
    """Mushroom (to act) with a town and an army; Thimble with a unit next to them."""
    s = engine.new_game(SETUP)
    s.phase = PHASE_TURNS
    s.current = s.order.index("mushroom")
    s.buildings += [
        Building("barracks1", "mushroom", "barracks", 13, 28),
        Building("market1", "mushroom", "market", 7, 28),
        Building("temple1", "mushroom", "temple", 13, 26),
        Building("house1", "mushroom", "house", 10, 30),
        Building("th2", "thimble", "town-hall", 3, 14),
    ]
    s.units += [
        Unit("melee1", "mushroom", "melee", 1, 5, 20),
        Unit("melee2", "mushroom", "melee", 1, 5, 20),
        Unit("magic1", "mushroom", "magic", 1, 8, 14),
        Unit("siege1", "mushroom", "siege", 1, 3, 17),
        Unit("ranged2", "thimble", "ranged", 1, 7, 20),
    ]
    return s


MOVES: list[Move] = [
    Initiative(3),
    Build("house", 10, 4, "th1"),
    Build("lumber-camp", 2, 0, "avatar"),
    Build("town-hall", 15, 20, "avatar"),
    Destroy("house1"),
    Trade("market1", 1, 0, 2, False),
    Trade("market1", 2, 1, 3, False),
    Trade("market1", 2, 2, 2, True),
    Trade("market1", 1, 2, 0, True),
    Offering("temple1", 1),
    Spawn("melee", 9, 6, "barracks1"),
    MovePiece("melee1", 9, 8),
    MovePiece("avatar", 5, 5),
    Attack("melee1", "thimble:ranged2"),
    Attack("avatar", "thimble:avatar"),
    Combine("melee1", "melee2"),
    Channel("magic1"),
    Channel("avatar"),
    Demolish("siege1", "thimble:th2"),
    Demolish("siege1", "mushroom:house1"),
    Recover("melee1"),
    Recover("avatar"),
    Collect(6, 8),
    Power("sp1"),
    Power("grand", ("melee1", "melee2")),
    UseEncounter("eureka", ("cavalry",)),
    UseEncounter("second-wind"),
    Reward("horde", "culture"),
    Research("cavalry"),
    EndTurn(),
]


@pytest.mark.parametrize("move", MOVES, ids=format_move)
def test_parse_inverts_format(state: State, move: Move) -> None:
    assert parse_move(format_move(move), state) == move


def test_parse_inverts_format_on_legal_moves(state: State) -> None:
    for move in engine.legal_moves(state):
        assert parse_move(format_move(move), state) == move


@pytest.mark.parametrize(("move", "text"), [
    (Initiative(3), "initiative 3"),
    (Build("house", 10, 4, "th1"), "build house k5 from th1"),
    (Build("lumber-camp", 2, 0, "avatar"), "avatar build lumber-camp c1"),
    (Trade("market1", 1, 0, 2, False), "trade 1 gold for 2 wood at market1"),
    (Trade("market1", 2, 1, 3, False), "trade 2 gold for 1 food 3 wood at market1"),
    (Trade("market1", 2, 2, 2, True), "trade 2 food 2 wood for 2 gold at market1"),
    (Offering("temple1", 1), "offering 1 source at temple1"),
    (Spawn("melee", 9, 6, "barracks1"), "spawn melee j7 from barracks1"),
    (Attack("melee1", "thimble:ranged2"), "attack melee1 thimble:ranged2"),
    (Collect(6, 8), "avatar encounter g9"),
    (Power("sp2", ("a", "b")), "power sp2 a b"),
    (EndTurn(), "end"),
])
def test_canonical_text(move: Move, text: str) -> None:
    assert format_move(move) == text


@pytest.mark.parametrize(("text", "move"), [
    ("  INITIATIVE   3 ", Initiative(3)),
    ("init 3", Initiative(3)),
    ("build th c1 from avatar", Build("town-hall", 2, 0, "avatar")),
    ("build lumber c1", Build("lumber-camp", 2, 0, "avatar")),
    ("build hunting lodge at d7", Build("food-camp", 3, 6, "avatar")),
    ("avatar build crown d7", Build("unique", 3, 6, "avatar")),
    ("build uni p29", Build("university", 15, 28, "th1")),
    ("build house k31", Build("house", 10, 30, "th1")),
    ("trade 1 gold for 2 wood", Trade("market1", 1, 0, 2, False)),
    ("trade 2 food and 2 wood for 2 gold", Trade("market1", 2, 2, 2, True)),
    ("offering 1", Offering("temple1", 1)),
    ("offering 2 gold", Offering("temple1", 1)),
    ("spawn melee q29", Spawn("melee", 16, 28, "barracks1")),
    ("spawn warriors q29 from barracks1", Spawn("melee", 16, 28, "barracks1")),
    ("move melee1 to j9", MovePiece("melee1", 9, 8)),
    ("avatar move f6", MovePiece("avatar", 5, 5)),
    ("attack melee1 h21", Attack("melee1", "thimble:ranged2")),
    ("attack melee1 ranged2", Attack("melee1", "thimble:ranged2")),
    ("avatar attack avatar", Attack("avatar", "thimble:avatar")),
    ("avatar channel", Channel("avatar")),
    ("avatar recover", Recover("avatar")),
    ("demolish siege1 d15", Demolish("siege1", "thimble:th2")),
    ("demolish siege1 th1", Demolish("siege1", "thimble:th1")),
    ("demolish siege1 house1", Demolish("siege1", "mushroom:house1")),
    ("collect g9", Collect(6, 8)),
    ("power 1", Power("sp1")),
    ("power 2 Thimble:Ranged2", Power("sp2", ("thimble:ranged2",))),
    ("use encounter eureka cavalry", UseEncounter("eureka", ("cavalry",))),
    ("use second wind", UseEncounter("second-wind")),
    ("reward culture horde", Reward("horde", "culture")),
    ("research access to cavalry", Research("cavalry")),
    ("end turn", EndTurn()),
])
def test_forgiving_forms(state: State, text: str, move: Move) -> None:
    assert parse_move(text, state) == move


def test_use_by_hand_position(state: State) -> None:
    state.player("mushroom").hand = ["tailwind", "eureka"]
    assert parse_move("use 2 food", state) == UseEncounter("eureka", ("food",))


def test_reward_infers_the_pending_objective(state: State) -> None:
    state.turn.pending_rewards = ["trophies"]
    assert parse_move("reward science", state) == Reward("trophies", "science")


@pytest.mark.parametrize(("text", "message"), [
    ("bulid house k5", "unknown move 'bulid': did you mean build?"),
    ("frobnicate", "unknown move 'frobnicate': try initiative, build"),
    ("move melee1 k55", "no square k55 on this map."),
    ("move melee9 k5", "you have no piece melee9."),
    ("build hose k5", "no building type 'hose'; did you mean house?"),
    ("spawn meele j7", "no unit type 'meele'; did you mean melee?"),
    ("research cavalary", "no research node 'cavalary'; did you mean cavalry?"),
    ("initiative x", "'x' is not a number"),
    ("attack melee1 melee2", "no enemy unit or avatar called melee2."),
    ("attack melee1 a1", "no enemy unit or avatar on a1."),
    ("attack melee1 humming:melee1", "no nation 'humming' in this game."),
    ("attack melee1 thimble:melee7", "thimble has no unit or avatar melee7."),
    ("trade 1 gold for 1 gold", "a trade gives gold for food and wood"),
    ("spawn", "incomplete move: write it like 'spawn melee j7 from barracks1'."),
    ("", "empty move"),
])
def test_errors(state: State, text: str, message: str) -> None:
    with pytest.raises(BadNotation) as caught:
        parse_move(text, state)
    assert str(caught.value).startswith(message)


def test_ambiguous_town_hall_asks_which(state: State) -> None:
    state.buildings.append(Building("th2", "mushroom", "town-hall", 16, 20))
    with pytest.raises(BadNotation, match="say which Town Hall: from th1 or from th2"):
        parse_move("build house n23", state)  # next to neither
    assert parse_move("build house k31", state) == Build("house", 10, 30, "th1")


def test_ambiguous_market_asks_which(state: State) -> None:
    state.buildings.append(Building("market2", "mushroom", "market", 4, 24))
    with pytest.raises(BadNotation, match="say which Market: at market1 or at market2"):
        parse_move("trade 1 gold for 2 food", state)
    state.turn.buildings_acted.append("market1")
    assert parse_move("trade 1 gold for 2 food", state) == Trade("market2", 1, 2, 0, False)


def test_game_over(state: State) -> None:
    state.phase = "over"
    with pytest.raises(BadNotation, match="game is over"):
        parse_move("end", state)


LEGAL: list[Move] = [MovePiece("melee1", 9, 8), MovePiece("melee2", 9, 9),
                     MovePiece("avatar", 5, 5), Spawn("melee", 9, 6, "barracks1"), EndTurn()]
TEXTS = [format_move(move) for move in LEGAL]


def test_completions() -> None:
    assert completions("MOVE   mel", TEXTS) == ["move melee1 j9", "move melee2 j10"]
    assert completions("", TEXTS)[0] == "end"
    assert completions("move melee1 ", TEXTS) == ["move melee1 j9"]
    assert completions("attack", TEXTS) == []


def test_next_words() -> None:
    assert next_words("", TEXTS) == ["end", "move", "spawn"]
    assert next_words("mo", TEXTS) == ["move"]
    assert next_words("move ", TEXTS) == ["avatar", "melee1", "melee2"]
    assert next_words("move mel", TEXTS) == ["melee1", "melee2"]
    assert next_words("spawn melee j7 ", TEXTS) == ["from"]


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(col=st.integers(0, 23), row=st.integers(0, 31), gold=st.integers(0, 3),
       food=st.integers(0, 6), wood=st.integers(0, 6), buy_gold=st.booleans())
def test_round_trip_over_squares_and_amounts(state: State, col: int, row: int, gold: int,
                                              food: int, wood: int, buy_gold: bool) -> None:
    for move in (MovePiece("melee1", col, row), Build("house", col, row, "th1"),
                 Collect(col, row), Trade("market1", gold, food, wood, buy_gold)):
        assert parse_move(format_move(move), state) == move


def test_a_piece_may_be_named_by_its_label_on_the_board() -> None:
    """The board shows ``ho1`` for house1 and ``av`` for the Avatar: a move may name a piece so,
    and is saved with its id; a building's label given as a unit says what it is."""
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 5}))
    for text in ("initiative 2", "initiative 5", "build house h28"):
        save = saveplay.append(save, GAME, text)
    state = save.state
    assert GAME.format(GAME.parse("destroy ho1", state)) == "destroy house1"
    assert GAME.format(GAME.parse("move av k20", state)) == "move avatar k20"
    with pytest.raises(BadNotation, match=r"^you have no piece ho1: ho1 on the board is your "
                                          r"building house1\.$"):
        GAME.parse("move ho1 k20", state)
    with pytest.raises(BadNotation, match=r"^you have no building m9\.$"):
        GAME.parse("destroy m9", state)
