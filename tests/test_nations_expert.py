"""The Expert pack (our proposal): its cards, `--expert`, and every card bought in a seeded game
with its effect checked."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from nncli.game import IllegalMove
from nncli.nations.content import CARD_TYPES, Card, load
from nncli.nations.production import net_production
from nncli.nations.scoring import final_score
from nncli.nations.setup import make_setup
from nncli.nations.state import Nation, Slot, State
from tests.nations_helpers import SEATS, mover, play, put, stability, strength, to_action

EXPERT = load(("basic", "advanced", "expert"))
CARDS = [c for c in EXPERT.cards.values() if c.pack == "expert"]
DATA = Path(__file__).resolve().parent.parent / "nncli" / "nations" / "data" / "cards"


def test_one_expert_card_of_each_type_per_era() -> None:
    """Rules: NEXP-01, NVAR-01, NDATA-08
    The Expert pack we propose has one card of each of the eight types in each era, one copy
    each, labelled in every era file's header as our proposal; the loader checks them as any
    card.
    """
    for era in (1, 2, 3, 4):
        assert Counter(c.type for c in CARDS if c.era == era) == dict.fromkeys(CARD_TYPES, 1)
        header = (DATA / f"era{era}.toml").read_text().split("\n\n")[0]
        assert "Expert" in header and "OUR PROPOSAL" in header
    assert len(CARDS) == 32


def test_expert_mixes_the_pack_in() -> None:
    """Rules: NEXP-02, NSET-07, NVAR-01
    "Advanced and Expert packs are mixed into the era decks": --expert adds the Expert cards to
    each era's deck as --advanced adds the Advanced ones; without it no Expert card is in play.
    """
    setup = make_setup({"nations": list(SEATS[:3]), "advanced": True, "expert": True})
    assert setup["packs"] == ["basic", "advanced", "expert"]
    state = to_action(3, advanced=True, expert=True)
    plain = to_action(3, advanced=True)
    for era in "1234":
        every = set(state.decks[era]) | {c for row in state.board for c in row}
        if era == "1":
            assert {c.id for c in CARDS if c.era == 1} <= every
        else:
            assert {c.id for c in CARDS if c.era == int(era)} <= set(state.decks[era])
        assert not {c.id for c in CARDS} & (set(plain.decks[era]) | {
            c for row in plain.board for c in row})


def bought(card: Card, **stock: int) -> tuple[State, Nation]:
    """A seeded 2-player game (Advanced and Expert in) in which the first player has bought
    ``card`` from row 1, with ``stock`` given first; the other player has passed since."""
    state = to_action(2, advanced=True, expert=True)
    me = mover(state)
    for what, amount in ({"gold": 20, "stone": 40} | stock).items():
        setattr(me, what, amount)
    put(state, card.id)
    option = " gain" if card.type == "golden_age" else ""
    state = play(state, f"buy {card.id}{option}", "pass")
    return state, state.nations[me.key]


def with_worker_on(state: State, me: Nation, card: str) -> tuple[State, Nation]:
    state = play(state, f"deploy {card}")
    return state, state.nations[me.key]


@pytest.mark.parametrize("card", [c for c in CARDS if c.takes_workers], ids=lambda c: c.id)
def test_expert_buildings_and_military(card: Card) -> None:
    """Rules: NEXP-04, NCARD-02, NCARD-03, NCARD-04, NCARD-05, NCARD-06
    Each Expert building and military unit, bought and manned by one worker, produces its
    per_worker less its upkeep, adds its strength and live values, scores its VP per worker.
    """
    state, me = bought(card)
    before = (net_production(state, EXPERT, me.key), strength(state, me), stability(state, me),
              final_score(EXPERT, me)["workers"])
    stone = me.stone
    state, me = with_worker_on(state, me, card.id)
    assert stone - me.stone == card.deploy
    net = net_production(state, EXPERT, me.key)
    for what in ("food", "stone", "gold", "books"):
        assert net[what] - before[0][what] == card.per_worker.get(what, 0) - \
            card.per_worker_upkeep.get(what, 0), what
    assert strength(state, me) - before[1] == card.strength + card.per_worker_live.get(
        "strength", 0)
    assert stability(state, me) - before[2] == card.per_worker_live.get("stability", 0)
    assert final_score(EXPERT, me)["workers"] - before[3] == card.vp_per_worker


@pytest.mark.parametrize("card", [c for c in CARDS if c.type == "colony"], ids=lambda c: c.id)
def test_expert_colonies(card: Card) -> None:
    """Rules: NEXP-04, NBUY-12, NBUY-15, NCARD-09
    Each Expert colony needs its strength; bought, it gives its immediate gain at once, its
    per-round gain and live values from then on, and its VP at the end.
    """
    state = to_action(2, advanced=True, expert=True)
    me = mover(state)
    me.slots.append(Slot("dreadnought", 2))  # 44 strength: enough for any colony
    me.gold = 20
    held = {what: getattr(me, what) for what in ("food", "stone", "gold", "books")}
    power, base = strength(state, me), net_production(state, EXPERT, me.key)
    put(state, card.id)
    state = play(state, f"buy {card.id}", "pass")
    me = state.nations[me.key]
    assert me.colonies == [card.id]
    for what, had in held.items():
        paid = 1 if what == "gold" else 0
        assert getattr(me, what) - had == card.immediate.get(what, 0) - paid, what
    assert strength(state, me) - power == card.live.get("strength", 0)
    net = net_production(state, EXPERT, me.key)
    for what in ("food", "stone", "gold", "books"):
        assert net[what] - base[what] == card.per_round.get(what, 0), what
    assert final_score(EXPERT, me)["colonies"] == card.vp
    weak = to_action(2, advanced=True, expert=True)
    weak.nations[mover(weak).key].gold = 20
    put(weak, card.id)
    with pytest.raises(IllegalMove, match=f"needs strength {card.min_strength}"):
        play(weak, f"buy {card.id}")


@pytest.mark.parametrize("card", [c for c in CARDS if c.type == "advisor"], ids=lambda c: c.id)
def test_expert_advisors(card: Card) -> None:
    """Rules: NEXP-04, NCARD-10, NCARD-14, NCARD-17, NCARD-18
    Each Expert advisor gives its live values at once, and its conditional gain at production
    only while its condition holds (passed first, passed last, most books).
    """
    state = to_action(2, advanced=True, expert=True)
    me = mover(state)
    base = (strength(state, me), stability(state, me))
    state, me = bought(card)
    assert me.advisor == card.id
    assert (strength(state, me) - base[0], stability(state, me) - base[1]) == (
        card.live.get("strength", 0), card.live.get("stability", 0))
    (condition, amounts), = card.conditional
    other = state.nations[next(k for k in state.order if k != me.key)]
    met = {"passed_first": (1, 2), "passed_last": (2, 1), "most_books": (0, 0)}[condition]
    me.passed, other.passed = met
    me.books, other.books = (9, 1) if condition == "most_books" else (me.books, other.books)
    gained = net_production(state, EXPERT, me.key)
    me.passed, other.passed = met[::-1] if condition != "most_books" else (0, 0)
    me.books, other.books = (1, 9) if condition == "most_books" else (me.books, other.books)
    lost = net_production(state, EXPERT, me.key)
    for what, amount in amounts.items():
        assert gained[what] - lost[what] == amount, what


@pytest.mark.parametrize("card", [c for c in CARDS if c.type == "wonder"], ids=lambda c: c.id)
def test_expert_wonders(card: Card) -> None:
    """Rules: NEXP-04, NCARD-11, NARCH-03, NARCH-06
    Each Expert wonder is built one architect a section, paying each section's stone; only when
    complete does it give its per-round gain, live values and VP.
    """
    state, me = bought(card)
    assert me.wonder == card.id
    state.architects = len(card.sections)
    base = (net_production(state, EXPERT, me.key), strength(state, me), stability(state, me))
    for cost in card.sections:
        stone = me.stone
        state = play(state, "architect")
        me = state.nations[me.key]
        assert stone - me.stone == cost
    assert me.wonders == [card.id] and not me.wonder
    net = net_production(state, EXPERT, me.key)
    for what in ("food", "stone", "gold", "books"):
        assert net[what] - base[0][what] == card.per_round.get(what, 0), what
    assert (strength(state, me) - base[1], stability(state, me) - base[2]) == (
        card.live.get("strength", 0), card.live.get("stability", 0))
    assert final_score(EXPERT, me)["wonders"] == card.vp


@pytest.mark.parametrize("card", [c for c in CARDS if c.type == "war"], ids=lambda c: c.id)
def test_expert_wars_take_books(card: Card) -> None:
    """Rules: NEXP-04, NCARD-12, NWAR-02, NWAR-05, NWAR-06
    Each Expert war takes books, a loss no basic or Advanced war makes: at resolution a nation
    weaker than the buyer was loses 1 VP and the loss less its positive stability.
    """
    state = to_action(2, advanced=True, expert=True)
    me = mover(state)
    me.slots.append(Slot("knights", 1))
    me.gold = 20
    put(state, card.id)
    state = play(state, f"buy {card.id}")
    assert (state.war, state.war_strength) == (card.id, 7)
    assert card.loss[0] == "books"
    other = mover(state)
    other.books = 30
    state = play(state, "pass", "pass")
    lost = max(0, card.loss[1] - max(0, stability(state, state.nations[other.key])))
    assert f"{other.key} is defeated in the {card.name}: -1 VP, -{lost} books" in state.report


@pytest.mark.parametrize("card", [c for c in CARDS if c.type == "battle"], ids=lambda c: c.id)
def test_expert_battles_pay_double(card: Card) -> None:
    """Rules: NEXP-04, NCARD-13, NBUY-21
    Each Expert battle gains twice the best attack of the buyer's manned military in its
    resource (multiplier 2: no basic or Advanced battle has one).
    """
    state = to_action(2, advanced=True, expert=True)
    me = mover(state)
    me.slots[3].workers, me.idle = 1, me.idle - 1  # Warriors, attack 2
    me.gold = 20
    had = getattr(me, card.resource)
    put(state, card.id)
    state = play(state, f"buy {card.id}")
    assert card.multiplier == 2
    assert getattr(state.nations[me.key], card.resource) - had == 2 * 2


@pytest.mark.parametrize("card", [c for c in CARDS if c.type == "golden_age"],
                         ids=lambda c: c.id)
def test_expert_golden_ages(card: Card) -> None:
    """Rules: NEXP-04, NBUY-24
    Each Expert golden age gives two resources at once (no basic golden age does), or 1 VP for
    its gold.
    """
    state = to_action(2, advanced=True, expert=True)
    me = mover(state)
    me.gold = 20
    held = {what: getattr(me, what) for what in ("food", "stone", "gold", "books")}
    put(state, card.id)
    after = play(state, f"buy {card.id} gain")
    mine = after.nations[me.key]
    assert len(card.gain) == 2
    for what, had in held.items():
        assert getattr(mine, what) - had == card.gain.get(what, 0) - (what == "gold"), what
    by_vp = play(state, f"buy {card.id} vp").nations[me.key]
    assert (by_vp.vp - me.vp, me.gold - by_vp.gold) == (1, 1 + card.vp_cost)
