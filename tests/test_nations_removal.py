""""If X: remove" (§4.10): a card carrying remove_if, in a test-only copy of the data (the
proposed content carries none)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nncli.nations import engine, removal
from nncli.nations.content import ContentError, load
from nncli.nations.describe import card_text
from nncli.nations.moves import BUY, DEPLOY, PASS, Move
from nncli.nations.removal import remove
from nncli.nations.state import Nation, Slot, State
from tests.nations_helpers import edit, mover, put, strength, to_action
from tests.test_nations_properties import play

HOMER = 'name = "Homer"\ntype = "advisor"\n'


def homer_leaves_unless_strongest(data: Path) -> None:
    """Homer (an era I advisor) carries ``remove_if = "not_strongest"`` in the copy ``data``."""
    edit(data / "cards/era1.toml", HOMER, HOMER + 'remove_if = "not_strongest"\n')


def strongest_with_homer() -> State:
    """Round 1's first turn: the mover holds Homer, one worker on Warriors and an empty
    Spearmen (2 strength a worker each), and is the strongest (2 against 0)."""
    state = to_action(2)
    me = mover(state)
    me.advisor = "homer"
    me.slots.append(Slot("spearmen"))
    me.slots[3].workers, me.idle = 1, me.idle - 1
    assert strength(state, me) == 2
    return state


def test_a_card_is_removed_in_the_middle_of_a_move(data_copy: Path) -> None:
    """Rules: NCARD-19
    "A card carrying remove_if X is removed the moment X holds, even in the middle of a move."
    Moving a worker from Warriors to Spearmen leaves the strength at 2 once the move is done,
    but between the worker leaving and arriving it is 0, tied with the rival, so Homer
    ("remove if not the strongest") is removed; a worker from the resource area never drops it.
    """
    homer_leaves_unless_strongest(data_copy)
    state = strongest_with_homer()
    key = mover(state).key
    steady = engine.apply(state, Move(DEPLOY, "spearmen"))
    assert steady.nations[key].advisor == "homer"
    moved = engine.apply(state, Move(DEPLOY, "spearmen", source="warriors"))
    me = moved.nations[key]
    assert strength(moved, me) == 2 and me.advisor == ""
    assert f"{key}'s Homer is removed: not strongest" in moved.report
    assert state.nations[key].advisor == "homer"  # apply left the state it was given
    assert card_text(load(("basic",)).cards["homer"]).endswith("if not strongest: remove, at once")


def test_a_card_is_removed_when_its_condition_holds(data_copy: Path) -> None:
    """Rules: NCARD-19
    A card is removed the moment its condition holds, whoever's move made it hold: Homer bought
    by a nation that is not the strongest leaves at once, and a Homer held leaves when the
    rival's deploy makes the rival as strong. A building that carries one returns its workers
    to the resource area when it goes.
    """
    homer_leaves_unless_strongest(data_copy)
    irrigation = 'name = "Irrigation"\ntype = "building"\n'
    edit(data_copy / "cards/era1.toml", irrigation, irrigation + 'remove_if = "passed_first"\n')
    state = put(to_action(2), "homer", 1, 1)
    key = mover(state).key
    bought = engine.apply(state, Move(BUY, "homer"))
    assert bought.nations[key].advisor == "" and bought.nations[key].gold == 2
    held = engine.apply(strongest_with_homer(), Move(PASS))
    first, rival = held.order
    assert held.nations[first].advisor == "homer"
    matched = engine.apply(held, Move(DEPLOY, "warriors"))
    assert held.nations[first].advisor == "homer" and matched.nations[first].advisor == ""
    state = to_action(2)
    me = mover(state)
    me.slots.append(Slot("irrigation", 2))
    me.idle -= 2
    passed = engine.apply(state, Move(PASS)).nations[me.key]
    assert [s.card for s in passed.slots] == ["farmland", "quarry", "market", "warriors"]
    assert passed.idle == me.idle + 2


def test_whole_games_with_cards_that_remove_themselves(
    data_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules: NCARD-19
    Random games whose data gives a card of each kind held on a board a remove condition keep
    every invariant of the game (13 workers each, no stock below 0, legal moves and apply in
    agreement), and cards are removed along the way.
    """
    era1 = data_copy / "cards/era1.toml"
    homer_leaves_unless_strongest(data_copy)
    for card, condition in (('name = "Irrigation"\ntype = "building"\n', "passed_last"),
                            ('name = "Spearmen"\ntype = "military"\n', "not_most_stable"),
                            ('name = "Nile Delta"\ntype = "colony"\n', "most_books"),
                            ('name = "Pyramids"\ntype = "wonder"\n', "not_most_books")):
        edit(era1, card, card + f'remove_if = "{condition}"\n')
    removed: list[str] = []

    def counted(nation: Nation, card_id: str) -> None:
        removed.append(card_id)
        remove(nation, card_id)

    monkeypatch.setattr(removal, "remove", counted)
    for seed in (2, 3):
        assert play(3, seed, deep=0.05).phase == "over"
    assert load(("basic",)).removable == {"homer", "irrigation", "spearmen", "nile-delta",
                                          "pyramids"}
    assert len(removed) >= 3, removed


@pytest.mark.parametrize(("card", "line", "message"), [
    (HOMER, 'remove_if = "rainy"\n',
     'cards/era1.toml: homer.remove_if must be one of "strongest", '),
    ('name = "Peloponnesian War"\ntype = "war"\n', 'remove_if = "strongest"\n',
     "cards/era1.toml: peloponnesian-war.remove_if is not a known key here"),
])
def test_the_loader_checks_remove_if(data_copy: Path, card: str, line: str,
                                     message: str) -> None:
    """Rules: NCARD-19
    remove_if names one of the card conditions or its negation (not_strongest, ...), on a card
    that stays on a board (building, military, colony, advisor, wonder); the loader refuses
    anything else, naming the file and the key.
    """
    edit(data_copy / "cards/era1.toml", card, card + line)
    with pytest.raises(ContentError) as refused:
        load(("basic",))
    assert str(refused.value).startswith(message), refused.value
