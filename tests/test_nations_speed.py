"""The shortcuts that make Nations fast give what the slow ways give: the data files read once
for every choice of packs (and kept in the cache folder), moves listed from prepared per-card
facts, apply's single check, and the refill's next space."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nncli.game import IllegalMove
from nncli.nations import content as content_module
from nncli.nations import engine, legal
from nncli.nations.content import EVERY_PACK, load
from nncli.nations.moves import BONUS, BUY, DRAW, GROW, Move
from nncli.nations.state import DEAL, GROWTH, State, to_dict
from tests.nations_helpers import edit, mover, new, to_action, to_growth


@pytest.fixture
def fresh_content(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The content forgotten, and a count of the readings of the data files from then on."""
    reads: list[int] = []
    read_all = content_module.read_all

    def counted() -> content_module.Content:
        reads.append(1)
        return read_all()

    monkeypatch.setattr(content_module, "read_all", counted)
    monkeypatch.setenv("NNCLI_CACHE_DIR", "")  # no cache: every cold start reads the files
    load.cache_clear()
    yield reads
    load.cache_clear()


def test_data_files_are_read_once_for_every_choice_of_packs(fresh_content: list[int]) -> None:
    """Basic, Advanced and Expert are cut from one reading, each deck in file order."""
    every = load(EVERY_PACK)
    for packs in (("basic",), ("basic", "advanced"), ("basic", "advanced", "expert")):
        chosen = load(packs)
        assert chosen.cards is every.cards
        for era, deck in chosen.decks.items():
            assert deck == tuple(c for c in every.decks[era] if every.cards[c].pack in packs)
    assert len(load(("basic",)).decks[1]) < len(load(("basic", "advanced")).decks[1])
    assert len(fresh_content) == 1


def test_a_cold_start_reads_the_content_from_the_cache(
        fresh_content: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The content read once is kept in the cache folder; the next cold start unpickles it
    instead of reading the files, and gets the same content."""
    monkeypatch.setenv("NNCLI_CACHE_DIR", str(tmp_path))
    first = load(("basic", "advanced"))
    assert [p.name.startswith("nations-content-") for p in tmp_path.iterdir()] == [True]
    load.cache_clear()
    again = load(("basic", "advanced"))
    assert again == first and again is not first
    assert len(fresh_content) == 1


def test_changed_data_files_are_read_afresh(
        data_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data file changed since the content was cached is read again."""
    monkeypatch.setenv("NNCLI_CACHE_DIR", str(tmp_path / "cache"))
    assert load(("basic",)).cards["irrigation"].deploy == 1
    edit(data_copy / "cards/era1.toml", "deploy = 1", "deploy = 2")
    load.cache_clear()
    assert load(("basic",)).cards["irrigation"].deploy == 2
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_growth_moves_are_the_rules_checks() -> None:
    """A nation with workers on its population track may grow or take a bonus; one without
    only takes a bonus."""
    state = to_growth(2)
    assert state.phase == GROWTH
    assert engine.legal_moves(state) == engine.checked_moves(state) == [
        Move(GROW), Move(BONUS, "food"), Move(BONUS, "stone"), Move(BONUS, "gold")]
    mover(state).population = 0
    assert engine.legal_moves(state) == engine.checked_moves(state) == [
        Move(BONUS, "food"), Move(BONUS, "stone"), Move(BONUS, "gold")]


def test_prepared_moves_are_made_once_and_equal_new_ones() -> None:
    """The moves listed in a position are the prepared ones, equal to moves made anew."""
    state = to_action(2)
    first = engine.legal_moves(state)
    again = engine.legal_moves(state)
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))
    assert set(first) == set(engine.checked_moves(state))
    ready = legal.offers(engine.content_of(state))
    card = state.board[0][0]
    assert ready.cards[card].buy == Move(BUY, card)
    assert ready.cards[card].buy_over("quarry") is ready.cards[card].buy_over("quarry")
    assert ready.cards[card].buy_over("quarry") == Move(BUY, card, over="quarry")


def test_apply_checks_a_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """apply checks a move once, before copying (advance does not check it again); a refused
    move changes nothing."""
    state = to_action(2)
    checks: list[Move] = []
    problem = engine.problem

    def counted(state_: State, move: Move) -> str | None:
        checks.append(move)
        return problem(state_, move)

    monkeypatch.setattr(engine, "problem", counted)
    after = engine.apply(state, engine.legal_moves(state)[0])
    assert len(checks) == 1 and after.plies == state.plies + 1
    before = to_dict(state)
    with pytest.raises(IllegalMove, match="is not on the progress board"):
        engine.apply(state, Move(BUY, "no-such-card"))
    assert to_dict(state) == before


def test_a_refill_fills_spaces_in_order_and_stops_when_full() -> None:
    """Each draw goes to the first empty space (row 1 left to right, then rows 2 and 3); the
    last space filled ends the deal."""
    state = new(2)
    state = engine.apply(state, Move("order", cards=tuple(state.seats)))
    assert state.phase == DEAL
    spaces = [(r, c) for r in range(3) for c in range(state.columns)]
    for number, (r, c) in enumerate(spaces):
        assert state.phase == DEAL
        card = state.decks["1"][-1]
        state = engine.apply(state, Move(DRAW, card))
        assert state.board[r][c] == card
        assert state.phase == (GROWTH if number == len(spaces) - 1 else DEAL)
