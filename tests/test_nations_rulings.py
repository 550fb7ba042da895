"""The Nations rulings of docs/RULINGS.md that the other test files do not already test."""

from __future__ import annotations

from pathlib import Path

from nncli.nations import engine
from nncli.nations.moves import BUY, Move
from nncli.nations.production import settle
from tests.nations_helpers import ALL, BASICS, mover, put, strength, to_action

ROOT = Path(__file__).resolve().parent.parent


def test_every_nations_question_is_ruled() -> None:
    """Rules: NQ-13
    Every NQ- id of the checklist is decided in docs/RULINGS.md; the pack field takes any word.
    """
    text = (ROOT / "docs" / "RULINGS.md").read_text()
    for number in range(1, 29):
        assert f"**NQ-{number:02d}**" in text
    from nncli.datafiles import Table
    from nncli.nations.content import card_from

    raw = {"type": "battle", "name": "X", "era": 1, "pack": "dynasties", "resource": "books"}
    card = card_from("x", Table("f.toml", "x", raw), 1, "")
    assert card.pack == "dynasties"


def test_columns_by_players() -> None:
    """Rules: NQ-03
    1 and 2 players 4 columns, 3 players 5, 4 players 6, 5 players 7.
    """
    assert BASICS.rules["columns_by_players"] == {"1": 4, "2": 4, "3": 5, "4": 6, "5": 7}


def test_colony_kept_when_strength_drops() -> None:
    """Rules: NQ-07, NCARD-08
    The colony's strength is checked at purchase only.
    """
    state = to_action(2)
    nation = mover(state)
    nation.slots[3].workers, nation.idle = 2, 3
    put(state, "nile-delta")
    state = engine.apply(state, Move(BUY, "nile-delta"))
    me = state.nations[nation.key]
    me.slots[3].workers = 0
    assert strength(state, me) == 0 and me.colonies == ["nile-delta"]
    from nncli.nations.production import net_production

    assert net_production(state, ALL, me.key)["food"] == 2


def test_shortage_cap_and_types_are_data() -> None:
    """Rules: NQ-20, NSHORT-04, NSHORT-05
    The shortage types and the cap come from rules.toml: with a cap of 4 four short types cost
    4 VP, with another cap or fewer types the same shortage costs what the data says.
    """
    state = to_action(2)
    n = mover(state)
    n.food = n.stone = n.gold = 0
    n.books, n.vp = 20, 7
    due = {"food": -1, "stone": -1, "gold": -1, "books": -30}
    settle(n, dict(due), BASICS.rules["shortage_types"], BASICS.rules["max_shortage_vp"])
    assert n.vp == 3
    n.books, n.vp = 20, 7
    settle(n, dict(due), ["food", "stone", "gold"], 3)
    assert n.vp == 4


def test_architect_pool_is_unlimited() -> None:
    """Rules: NQ-26, NCOMP-12
    The architect space gets the event card's number every round whatever was hired before;
    hired architects are not counted against a supply.
    """
    state = to_action(2, "comet-omen")
    nation = mover(state)
    nation.wonder, nation.stone = "pyramids", 20
    state = engine.apply(state, Move("architect"))
    assert state.architects == 1
    from nncli.nations.flow import start_action

    start_action(state, ALL)
    assert state.architects == 2


def test_every_draw_is_a_chance_move_from_the_seed() -> None:
    """Rules: NQ-18, NCOMP-15, NSOLO-01
    The order, every card drawn, the event, the solo tile and the rival's die are chance moves
    chosen from the seeded stream and recorded; the same seed gives the same game.
    """
    from nncli import saveplay
    from nncli.nations import GAME

    setup = GAME.make_setup({"solo": "rome", "seed": 12})
    one = saveplay.new_save(GAME, setup)
    two = saveplay.new_save(GAME, setup)
    assert [r.move for r in one.moves] == [r.move for r in two.moves]
    assert {r.by for r in one.moves} == {"chance"}
    assert one.moves[0].move.startswith("draw ")
    one = saveplay.append(one, GAME, "bonus food")
    kinds = [r.move.split()[0] for r in one.moves if r.by == "chance"]
    assert kinds[-2:] == ["event", "tile"]
    one = saveplay.append(one, GAME, "deploy warriors")
    assert one.moves[-1].move.startswith("roll ")
    assert 1 <= int(one.moves[-1].move.split()[1]) <= 6
