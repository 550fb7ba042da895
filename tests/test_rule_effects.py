"""Rules whose effect in play each test checks directly, so that switching the rule off in the
engine (tests/data/mutations.toml, run by `scripts/rules-coverage --mutations N`) fails a test:
hall limits, prices paid, moves that must be listed, Channel's reach, Wonder and power effects,
an objective, the first Culture VP and three rules of the solo AI."""

from __future__ import annotations

from conftest import finish_round
from pieces import arena, build, face_up, piece, put, refused
from test_encounters import holding
from test_powers import ready
from test_solo import ai_turn

from nncli.notebook import combat, content, engine, solo
from nncli.notebook.content import Cost
from nncli.notebook.geometry import distance
from nncli.notebook.moves import (
    Attack,
    Build,
    Channel,
    Collect,
    Demolish,
    EndTurn,
    MovePiece,
    Power,
    Recover,
    Spawn,
    UseEncounter,
)
from nncli.notebook.state import State

# The four sites sharing an edge with the Town Hall at k29 (cols 10-12, rows 28-29), and a fifth.
AROUND_HALL = ((7, 28), (13, 28), (8, 26), (11, 26))
FIFTH = (10, 30)


def full_hall(nation: str, wonder_beside: bool = False) -> State:
    """``nation`` to act, 4 of its buildings beside its hall at k29 (one its Wonder, face up)."""
    state = arena(nation, "thimble")
    keys = ["wonder" if wonder_beside else "house", "market", "university", "temple"]
    for key, (col, row) in zip(keys, AROUND_HALL, strict=True):
        build(state, nation, key, col, row, uid=f"{key}1")
    face_up(state, nation)
    return state


def test_expanded_towns_let_a_hall_have_5_buildings() -> None:
    """Rules: BUILD-27, Q-03

    A Town Hall may have "at most 4 Buildings adjacent to it, unless an ability or game effect
    says otherwise": the Tier IV node Expanded Towns makes it 5.
    """
    state = full_hall("mushroom")
    barracks = Build("barracks", *FIFTH, "th1")
    refused(state, barracks, "BUILD-27")
    state.player("mushroom").research.append("expanded-towns")
    assert engine.apply(state, barracks).building("mushroom", "barracks1") is not None


def test_only_the_mother_tree_lets_its_hall_have_5_buildings() -> None:
    """Rules: BUILD-27, Q-02

    The Mother Tree: "The Town Hall adjacent to it may have up to 5 adjacent Buildings." Four
    other buildings leave the Seed Children's hall at 4; with the Mother Tree among them, a fifth
    may go up.
    """
    barracks = Build("barracks", *FIFTH, "th1")
    refused(full_hall("seed"), barracks, "BUILD-27")
    with_tree = full_hall("seed", wonder_beside=True)
    assert engine.apply(with_tree, barracks).building("seed", "barracks1") is not None


def test_every_building_pays_its_whole_price() -> None:
    """Rules: BUILD-29

    "Placing a Building requires first paying the cost printed on its tile": a second building in
    the same turn costs as much as the first.
    """
    state = arena()
    build(state, "mushroom", "town-hall", 4, 22, uid="th2")
    wood = state.player("mushroom").wood
    price = content.load().nations["mushroom"].buildings["house"].cost.wood
    state = engine.apply(state, Build("house", 7, 28, "th1"))
    state = engine.apply(state, Build("house", 4, 24, "th2"))
    assert state.player("mushroom").wood == wood - 2 * price


def test_the_avatars_attack_is_listed() -> None:
    """Rules: AVATAR-07, ATTACK-01

    "An Avatar attack deals 1 damage to an enemy target within the Avatar's range", so legal
    moves offer it.
    """
    state = arena()
    me = state.avatar("mushroom")
    me.col, me.row = 10, 14
    put(state, "thimble", "melee", 12, 14)
    attack = Attack("avatar", "thimble:melee1")
    assert attack in engine.legal_moves(state)
    assert engine.apply(state, attack).unit("thimble", "melee1") is None


def test_channel_is_listed_beside_the_pool_and_refused_two_squares_off() -> None:
    """Rules: SPEC-02, SPEC-03, Q-36

    "A Unit with Channel X that is adjacent to at least 1 square of the Source Pool may use its
    action to gain X Source"; two squares away it is not adjacent. The pool is k15:n18.
    """
    state = arena()
    put(state, "mushroom", "magic", 8, 14)  # i15: its right edge touches the pool
    me = state.avatar("mushroom")
    me.col, me.row = 14, 15  # o16, beside the pool too
    listed = engine.legal_moves(state)
    assert Channel("magic1") in listed and Channel("avatar") in listed
    source = state.player("mushroom").source
    assert engine.apply(state, Channel("magic1")).player("mushroom").source == source + 1
    far = arena()
    put(far, "mushroom", "magic", 7, 14)  # h15: one square between it and the pool
    refused(far, Channel("magic1"), "SPEC-03")


def test_hidden_trail_is_listed_for_your_own_units() -> None:
    """Rules: ENC-05, Q-31 (data 8: Hidden Trail)

    Hidden Trail lets one of your Units that has activated move again: legal moves offer it for
    your own moved unit, never for an enemy's.
    """
    state = holding("hidden-trail")
    put(state, "mushroom", "melee", 2, 10)
    put(state, "thimble", "cavalry", 2, 20)
    state = engine.apply(state, MovePiece("melee1", 4, 10))
    listed = engine.legal_moves(state)
    assert UseEncounter("hidden-trail", ("melee1",)) in listed
    assert UseEncounter("hidden-trail", ("cavalry1",)) not in listed
    again = engine.apply(state, UseEncounter("hidden-trail", ("melee1",)))
    assert piece(engine.apply(again, MovePiece("melee1", 6, 10)), "mushroom", "melee1").col == 6


def test_covering_fire_and_entangling_roots_reach_exactly_their_range() -> None:
    """Rules: POWER-04

    Covering Fire hits "one enemy Unit within 4 squares of the Avatar", Entangling Roots stuns
    one "within 3 squares": a target at exactly that distance is listed and hit.
    """
    for nation, col in (("thimble", 19), ("seed", 18)):
        state = ready(nation, "mushroom")
        target = put(state, "mushroom", "melee", col, 12)
        power = content.load().nations[nation].powers["sp2"]
        assert distance(state.avatar(nation).rect, target.rect) == power.amount
        move = Power("sp2", ("mushroom:melee1",))
        assert move in engine.legal_moves(state), nation
        after = engine.apply(state, move)
        assert after.unit("mushroom", "melee1") is None or piece(after, "mushroom",
                                                                 "melee1").stunned


def test_only_the_hall_of_whirring_wings_gives_culture_for_a_token() -> None:
    """Rules: Q-02, ENC-01

    The Humming Wonder: "Whenever your Avatar collects an Encounter token, gain 1 Culture." Another
    nation's Wonder gives nothing for it.
    """
    for nation, gain in (("humming", 1), ("mushroom", 0)):
        state = holding("ambush", nation)
        state.player(nation).hand = []
        build(state, nation, "wonder", 4, 22, uid="wonder1")
        face_up(state, nation)
        culture = state.player(nation).culture
        after = engine.apply(state, Collect(16, 12))
        assert after.player(nation).culture == culture + gain, nation


def test_great_migration_moves_active_units_only() -> None:
    """Rules: POWER-04

    Great Migration: "each of your Units may move up to 4 squares now" - Units, so not the
    Avatar, and a Stunned unit cannot move (STUN-05): once it recovers it has acted.
    """
    state = ready("humming")
    put(state, "humming", "melee", 2, 10)
    put(state, "humming", "melee", 2, 16).stunned = True
    state = engine.apply(state, Power("grand"))
    assert state.turn.extra_moves == ["melee1:4"]
    state = engine.apply(state, Recover("melee2"))
    refused(state, MovePiece("melee2", 4, 16), "UACT-03")


def test_communion_needs_two_magic_units_by_the_pool() -> None:
    """Rules: OBJ-01, OBJ-03, Q-02

    Communion: "End your turn with 2 of your Magic Units adjacent to the Source Pool" - one there
    and one elsewhere, or one alone, is not enough.
    """
    def met(spots: list[tuple[int, int]]) -> bool:
        state = arena("seed", "thimble")
        for col, row in spots:
            put(state, "seed", "magic", col, row)
        return "communion" in engine.apply(state, EndTurn()).turn.pending_rewards

    assert met([(8, 14), (8, 16)])
    assert not met([(8, 14)])
    assert not met([(8, 14), (2, 8)])


def test_the_first_culture_vp_comes_at_10() -> None:
    """Rules: VP-10

    "1 Culture VP at the end of the first round in which they have 10 or more Culture and their
    unique Wonder is on the map and unoccupied."
    """
    state = arena()
    build(state, "mushroom", "wonder", 4, 22, uid="wonder1")
    face_up(state, "mushroom")
    state.player("mushroom").culture = 10
    assert finish_round(state).player("mushroom").vp_culture == 1


def test_the_ai_spawns_small_ranged_units_while_its_big_ones_are_all_out() -> None:
    """Rules: SOLO-22

    The AI places "1 small (size-1) Ranged Unit" on each of its halls: it needs a size-1 tile, and
    its size-2 tiles being all on the map does not stop it.
    """
    state = ai_turn(step=solo.SPAWN)
    state.player("thimble").research.append("ranged")
    big = content.load().nations["thimble"].units["ranged"].size2
    for n in range(big):
        put(state, "thimble", "ranged", 2 + 3 * n, 16, size=2)
    assert solo.next_move(state) == Spawn("ranged", 11, 2, "th1")


def test_the_ai_siege_demolishes_the_wonder_before_any_unit() -> None:
    """Rules: SOLO-36, SOLO-35

    "they attack enemy Siege Units first, then the enemy's Wonder": an enemy unit of another type
    in range is not attacked while the Wonder is in range.
    """
    state = ai_turn(step=solo.UNITS)
    shooter = put(state, "thimble", "siege", 4, 16)
    build(state, "mushroom", "wonder", 7, 19, uid="wonder1")
    melee = put(state, "mushroom", "melee", 4, 18)
    assert distance(shooter.rect, melee.rect) <= combat.reach(state, shooter)
    assert solo.next_move(state) == Demolish("siege1", "mushroom:wonder1")


def test_the_ai_avatar_goes_below_a_token_above_it() -> None:
    """Rules: SOLO-13, SOLO-14, Q-54

    "The AI Avatar moves towards the closest available Encounter token": from below, the
    closest place beside a token is right under it, and it claims the token from there.
    """
    state = ai_turn()
    state.tokens = [(10, 10)]
    me = state.avatar("thimble")
    me.col, me.row = 10, 14
    move = solo.next_move(state)
    assert move == MovePiece("avatar", 10, 11)
    state = engine.apply(state, move)
    assert solo.next_move(state) == Collect(10, 10)
    culture = state.player("thimble").culture
    assert engine.apply(state, Collect(10, 10)).player("thimble").culture == culture + 1



# --- printed numbers -------------------------------------------------------------------------
# Transcribed from ../shared/notebook-nations-data.md (sections 1a-1c, 2a, 2b), the origin of
# nncli/notebook/data/: a changed number in the data files fails here.

def cost(text: str) -> Cost:
    """``"3W 2F 1G 1Src"`` -> the Cost."""
    names = {"F": "food", "W": "wood", "G": "gold", "Src": "source"}
    parts = {names[part.lstrip("0123456789")]: int(part.rstrip("FWGSrc"))
             for part in text.split()}
    return Cost(**parts)


COMMON_COSTS = {"house": "2W", "barracks": "2W 1G", "market": "3W", "university": "2W 2G",
                "temple": "2W 2G", "siegeworks": "3W 2G", "wonder": "5W 4G 2Src",
                "town-hall": "4W 3F 3G", "mining-camp": "2W", "lumber-camp": "1G",
                "food-camp": "1W"}
UNIQUE_COSTS = {"mushroom": "3W 2F 1G", "thimble": "3W 2G", "humming": "2W 2G 1Src",
                "seed": "3W 2G"}
# nation: priority, Avatar move / range / Channel
MATS = {"mushroom": (3, 5, 1, 1), "thimble": (5, 5, 3, 1), "humming": (4, 7, 2, 1),
        "seed": (2, 4, 2, 2)}
# nation -> unit: move, range, size-1 tiles, size-2 tiles, cost, Channel
UNITS = {
    "mushroom": {"melee": (5, 1, 6, 2, "1F", 0), "ranged": (3, 3, 2, 1, "2F 1W", 0),
                 "cavalry": (7, 1, 3, 1, "2F 1G", 0), "magic": (4, 2, 2, 1, "1F 1Src", 1),
                 "siege": (2, 1, 2, 0, "2W 2G", 0)},
    "thimble": {"melee": (5, 1, 4, 2, "2F", 0), "ranged": (3, 6, 3, 2, "2F 1G", 0),
                "cavalry": (7, 1, 2, 1, "2F 1G", 0), "magic": (4, 2, 2, 1, "1F 1Src", 1),
                "siege": (2, 4, 2, 0, "3W 2G", 0)},
    "humming": {"melee": (6, 1, 6, 0, "1F", 0), "ranged": (5, 3, 4, 0, "1F 1W", 0),
                "cavalry": (9, 1, 3, 0, "1F 1G", 0), "magic": (5, 2, 2, 0, "1Src", 2),
                "siege": (3, 1, 2, 0, "2W 1G", 0)},
    "seed": {"melee": (4, 1, 4, 2, "2F", 0), "ranged": (3, 4, 2, 1, "2F 1W", 0),
             "cavalry": (7, 1, 2, 1, "2F 1G", 0), "magic": (4, 3, 3, 1, "1Src", 2),
             "siege": (2, 2, 2, 0, "2W 2G", 0)},
}
# (nation, power): the number in its text (squares, units, buildings, Culture)
POWER_NUMBERS = {("mushroom", "grand"): 2, ("thimble", "sp2"): 4, ("thimble", "grand"): 2,
                 ("humming", "sp2"): 4, ("humming", "grand"): 4, ("seed", "sp2"): 3,
                 ("seed", "grand"): 2}


def test_every_printed_price_and_figure() -> None:
    """Rules: Q-01, Q-02, BUILD-29, POWER-01, POWER-05

    Every cost a player pays and every number printed on the mats and tiles, as the data set
    gives them: building and unit costs, unit figures and tiles, the mats' priority and Avatar
    figures, Source Power costs, Culture thresholds and the numbers in their texts.
    """
    data = content.load()
    for nation in data.nations.values():
        for key, printed in COMMON_COSTS.items():
            assert nation.buildings[key].cost == cost(printed), (nation.key, key)
        assert nation.buildings["unique"].cost == cost(UNIQUE_COSTS[nation.key]), nation.key
        assert (nation.priority, nation.avatar_move, nation.avatar_range,
                nation.avatar_channel) == MATS[nation.key]
        for key, (move, reach, small, big, price, channel) in UNITS[nation.key].items():
            unit = nation.units[key]
            assert (unit.move, unit.range, unit.size1, unit.size2, unit.cost, unit.channel) \
                == (move, reach, small, big, cost(price), channel), (nation.key, key)
        powers = nation.powers
        assert [(p.cost, p.culture) for p in powers.values()] == [(1, 0), (2, 2), (5, 12)]
        for key, power in powers.items():
            number = POWER_NUMBERS.get((nation.key, key))
            if number is not None:
                assert power.amount == number and str(number) in power.text, (nation.key, key)
