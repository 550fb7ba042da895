"""Notebook Nations' encounter draws as chance moves, and the saves made before them (issue 15).

Rules: ENC-01, SETUP-04
"""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from nncli import chance, savefile, savemodel, saveplay, saveread, savetext
from nncli.game import IllegalMove
from nncli.notebook import GAME, bots, encounters, engine
from nncli.notebook.moves import Collect, Draw, EndTurn
from nncli.savemodel import SaveError
from tests.test_encounters import at_token

OLD_SAVE = Path(__file__).parent / "data" / "save-v1-encounters.toml"


def test_a_collected_token_stops_the_game_for_chance() -> None:
    """Rules: ENC-01

    "When you collect an Encounter token, draw 1 Encounter tile": the engine does not draw; it
    waits for chance, whose outcomes are the tiles left, and refuses every other move meanwhile.
    """
    state = engine.apply(at_token(), Collect(16, 12))
    assert GAME.mover(state) == chance.CHANCE
    assert GAME.auto_move(state) is None and GAME.hint(state) is None
    assert engine.legal_moves(state) == [Draw(t) for t in sorted(set(encounters.all_tiles()))]
    with pytest.raises(IllegalMove, match="wait for the draw"):
        engine.apply(state, EndTurn())
    with pytest.raises(IllegalMove, match="not in the encounter deck"):
        engine.apply(state, Draw("no-such-tile"))
    after = engine.apply(state, Draw("eureka"))
    with pytest.raises(IllegalMove, match="no encounter tile is to be drawn"):
        engine.apply(after, Draw("eureka"))


def test_the_draw_is_recorded_and_checked_against_the_seed() -> None:
    """Rules: SETUP-04

    In a save the shell draws the tile from the seeded source and records it as a move by
    "chance"; a save whose recorded tile is another is refused on load.
    """
    game = _game_with_a_draw()
    index = next(i for i, m in enumerate(game.moves) if m.by == chance.CHANCE)
    drawn = game.moves[index].move
    before = saveread.replay(saveplay.new_save(GAME, game.setup), GAME, game.moves[:index])
    stream = chance.seeded(game.setup["seed"], 0)
    assert drawn == GAME.format(GAME.chance_move(before.state, stream))
    other = next(t for t in encounters.all_tiles() if f"draw {t}" != drawn)
    head, forged = before.head, []
    for record in game.moves[index:]:  # the tile changed, the digest chain made anew
        text = f"draw {other}" if not forged else record.move
        head = savemodel.move_digest(head, record.by, text)
        forged.append(savetext.MoveRecord(record.by, text, head))
    edited = replace(game, moves=[*game.moves[:index], *forged])
    with pytest.raises(SaveError, match="is not the chance outcome the seed gives"):
        saveread.loads(savemodel.dumps(edited))
    assert saveread.loads(savemodel.dumps(game)).moves == game.moves


def _game_with_a_draw() -> savemodel.Save:
    """A new game played by the random bot through the shell until a tile has been drawn."""
    for seed in range(1, 30):
        save = saveplay.new_save(GAME, GAME.make_setup({"seed": seed, "vp": 3}))
        rng = random.Random(seed)
        while GAME.mover(save.state) and len(save.moves) < 300:
            save = saveplay.append(save, GAME, GAME.format(bots.random_move(save.state, rng)))
            if save.moves[-1].by == chance.CHANCE:
                return save
    raise AssertionError("no game drew a tile")


def test_an_old_save_gets_its_draws_as_chance_moves() -> None:
    """A format-1 save loads: each collection is followed by the draw of the tile its seed's deck
    gave, the hands are those the old file shows, and the game goes on with that deck."""
    old = tomllib.loads(OLD_SAVE.read_text())
    assert old["version"] == 1
    save = savefile.load(OLD_SAVE)
    assert save.setup["encounter_deck"] == "seed"
    texts = [m.move for m in save.moves]
    deck = encounters.deck(old["setup"]["seed"])
    assert [t for t in texts if t.startswith("draw ")] == [f"draw {deck[0]}", f"draw {deck[1]}"]
    for index, record in enumerate(save.moves):
        if record.by == chance.CHANCE:
            before = save.moves[index - 1].move
            assert "encounter" in before or before.startswith("power")
    assert len(save.moves) == len(old["moves"]) + 2
    hands = [p["hand"] for p in old["state"]["players"]]
    assert [p.hand for p in save.state.players] == hands
    assert encounters.pool(save.state) == [deck[2]]


def test_an_edited_old_save_is_refused_before_it_is_lifted() -> None:
    """The old digest chain is checked before the new one is made, so an edit is not hidden."""
    text = OLD_SAVE.read_text()
    moves = tomllib.loads(text)["moves"]
    target = moves[10]
    edited = text.replace(f'digest = "{target["digest"]}"', f'digest = "{"0" * 64}"', 1)
    with pytest.raises(SaveError, match=re.escape("move 11 does not match its digest")):
        saveread.loads(edited)
