"""Nations' side B boards (our proposal, ``data/board_b.toml``): the data, ``--sides``, the start
each side gives, and whole games on side B from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nncli import savefile, saveplay
from nncli.cli import app
from nncli.game import BadSetup
from nncli.nations import GAME
from nncli.nations.content import ContentError, load
from nncli.nations.production import net_production
from nncli.nations.scoring import final_score
from nncli.nations.setup import check_setup, make_setup
from tests.nations_helpers import SEATS, stability, strength, to_action

EVERY = load(("basic", "advanced", "expert"))


def nncli(*args: str | Path, code: int = 0) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.stderr + result.stdout
    return result.stdout if code == 0 else result.stderr


def test_every_nation_has_an_asymmetric_side_b() -> None:
    """Rules: NCOMP-03, NQ-12, NSIDE-01
    "There are 5 two-sided player boards ...; side A is identical for all five, side B is
    asymmetric." Each nation's side B is its own (no two alike, none like side A), uses side A's
    spaces, and is labelled in its data file as our proposal. Egypt's starts with a finished
    wonder and no military, as the game's own example has it.
    """
    header = (Path(__file__).resolve().parent.parent / "nncli/nations/data/board_b.toml")
    assert "OUR PROPOSAL" in header.read_text().split("\n\n")[0]
    side_a = EVERY.start("persia", "a")
    assert all(EVERY.start(n, "a") == side_a for n in SEATS)
    sides = [EVERY.start(n, "b") for n in SEATS]
    shapes = {(s.food, s.stone, s.gold, s.books, s.vp, s.workers, s.printed) for s in sides}
    assert len(shapes) == 5
    assert all(s.printed != side_a.printed and s.name.startswith(n.title())
               for n, s in zip(SEATS, sides, strict=True))
    egypt = [EVERY.cards[c] for c in EVERY.start("egypt", "b").printed]
    assert "wonder" in {c.type for c in egypt} and "military" not in {c.type for c in egypt}


def test_sides_are_chosen_one_letter_per_nation() -> None:
    """Rules: NSET-02, NSET-03, NSIDE-02
    "In a first game every player uses side A": with no --sides every board is side A and the
    setup names no side (as in the saves of older games); --sides gives one letter per nation
    in seat order, a or b in either case, chosen with the nations at setup (so no board is left
    to choose in reverse player order); a wrong count or letter is refused in one sentence.
    """
    plain = make_setup({"nations": SEATS[:3]})
    assert all("side" not in p for p in plain["players"])
    chosen = make_setup({"nations": SEATS[:3], "sides": ["b", "A", "B"]})
    assert [p["side"] for p in chosen["players"]] == ["b", "a", "b"]
    with pytest.raises(BadSetup, match="^give one side per nation: 3 nations, 2 sides$"):
        make_setup({"nations": SEATS[:3], "sides": ["b", "b"]})
    with pytest.raises(BadSetup, match="^a nation's board is played on side a or b, not 'c'$"):
        make_setup({"nations": SEATS[:2], "sides": ["c", "a"]})
    odd = make_setup({"nations": SEATS[:2]})
    odd["players"][0]["side"] = 2
    with pytest.raises(BadSetup, match="^a nation's board is played on side a or b, not 2$"):
        check_setup(odd)
    with pytest.raises(BadSetup, match="^--sides is not an option of the Dice Game$"):
        from nncli.dice.setup import make_setup as dice_setup

        dice_setup({"sides": ["b"]})


def test_the_start_of_each_side_b() -> None:
    """Rules: NSIDE-03, NSET-22, NSET-23
    A side-B nation starts with its side's stock and workers, the rest of the 13 on the
    population track (a sixth worker leaves its space, which costs from the first production),
    its printed buildings and military in its slots and its printed advisor, colony or wonder in
    their spaces, working from the start as bought cards do.
    """
    state = to_action(5, sides=["b"] * 5)
    persia, greece, egypt, rome, china = (state.nations[n] for n in SEATS)
    books = {n: state.nations[n].books for n in SEATS}  # the heritage discs, as on side A
    assert sorted(books.values()) == [1, 2, 3, 4, 5]
    assert [s.card for s in persia.slots] == ["farmland", "quarry", "royal-road", "immortals"]
    assert (greece.advisor, egypt.wonders, rome.colonies) == ("pericles", ["great-sphinx"],
                                                              ["latium"])
    assert [s.card for s in egypt.slots] == ["quarry", "market", "nile-fields"]
    assert (china.idle, china.population, egypt.idle, egypt.population) == (6, 7, 5, 8)
    assert stability(state, greece) == 1 and stability(state, egypt) == 1
    assert strength(state, egypt) == 0
    assert net_production(state, EVERY, "greece")["books"] == 1
    assert net_production(state, EVERY, "rome")["gold"] == 2
    assert net_production(state, EVERY, "china")["food"] == -3  # the revealed space
    assert final_score(EVERY, egypt)["wonders"] == 2


def test_printed_cards_work_when_manned() -> None:
    """Rules: NSIDE-03
    A side's own printed buildings and military produce and fight as progress cards do:
    Persia's Royal Road 3 gold a worker, its Immortals 3 strength a worker, Greece's Phalanx 2
    strength and 1 stability a worker; China's Rice Paddies 3 food a worker.
    """
    state = to_action(5, sides=["b"] * 5)
    persia, china = state.nations["persia"], state.nations["china"]
    before = net_production(state, EVERY, "persia")["gold"]
    persia.slots[2].workers, persia.slots[3].workers = 1, 2
    assert net_production(state, EVERY, "persia")["gold"] == before + 3
    assert strength(state, persia) == 6
    greece = state.nations["greece"]
    greece.slots[3].workers = 2
    assert (strength(state, greece), stability(state, greece)) == (4, 1 + 2)
    china.slots[3].workers = 2
    assert net_production(state, EVERY, "china")["food"] == -3 + 6


def test_competitive_and_campaign_with_sides() -> None:
    """Rules: NVAR-02, NVAR-04, NSIDE-04
    The competitive variant plays all on side A, so side B is refused there; a campaign keeps
    everyone's side from one game to the next.
    """
    with pytest.raises(BadSetup, match="^the competitive variant plays every nation on side A, "
                                       "so leave out --sides b$"):
        make_setup({"nations": SEATS[:3], "variant": "competitive", "sides": ["a", "b", "a"]})
    assert make_setup({"nations": SEATS[:3], "variant": "competitive", "sides": ["a"] * 3})
    from nncli.nations.campaign import next_setup

    first = make_setup({"nations": SEATS[:2], "campaign": True, "sides": ["b", "a"],
                        "advanced": True, "expert": True})
    following = next_setup(first, "persia", {"seed": 9})
    assert [p.get("side") for p in following["players"]] == ["b", "a"]
    assert following["packs"] == ["basic", "advanced", "expert"]


def test_the_loader_checks_side_b(data_copy: Path) -> None:
    """Rules: NSIDE-01, NDATA-02
    board_b.toml is read with the checks of side A and the cards: a nation without a side B,
    more printed cards than the board's spaces, or a kept card that side A does not print are
    refused naming the file and the key.
    """
    cases = [
        ("[china", "[cathay", "board_b.toml: china is missing: every nation has a side B"),
        ('keep = ["farmland", "quarry"]\n\n[persia',
         'keep = ["farmland", "quarry", "market", "warriors"]\n\n[persia',
         "board_b.toml: persia.printed holds 6 cards for its 5 slots"),
        ('keep = ["farmland", "quarry", "market"]', 'keep = ["farmland", "palace"]',
         "board_b.toml: greece.keep must be a list of distinct"),
        ("min_strength = 0", "min_strength = 0\nsections = [1]",
         "board_b.toml: rome.printed.latium.sections is not a known key here"),
    ]
    path = data_copy / "board_b.toml"
    original = path.read_text()
    for old, new, message in cases:
        assert old in original
        path.write_text(original.replace(old, new))
        load.cache_clear()
        with pytest.raises(ContentError) as refused:
            load(("basic",))
        assert str(refused.value).startswith(message), refused.value


def test_side_b_expert_game_plays_to_the_end_and_verifies(tmp_path: Path) -> None:
    """Rules: NSIDE-02, NSIDE-05, NEXP-02
    `nncli new --game nations --nations persia,greece,egypt --sides b,b,b --advanced --expert`
    makes a game that bots play to the end, and `nncli verify` accepts its save.
    """
    save = tmp_path / "b.toml"
    nncli("new", save, "--game", "nations", "--nations", "persia,greece,egypt", "--sides",
          "b,b,b", "--advanced", "--expert", "--seed", "8")
    made = savefile.load(save)
    assert [p["side"] for p in made.setup["players"]] == ["b", "b", "b"]
    assert made.setup["packs"] == ["basic", "advanced", "expert"]
    while GAME.winner(made.state) is None:
        move = GAME.hint(made.state)
        assert move is not None
        made = saveplay.append(made, GAME, GAME.format(move))
    savefile.write(made, save, force=True)
    assert nncli("verify", save).startswith("OK: ")
    shown = json.loads(nncli("show", save, "--json"))
    assert shown["phase"] == "over" and shown["winner"] in ("persia", "greece", "egypt")


def test_a_save_from_before_sides_loads_and_verifies_unchanged(tmp_path: Path) -> None:
    """Rules: NSET-02, NSIDE-02
    A save written before sides and the Expert pack existed (its [setup] names neither) loads,
    verifies, and replays to the same final scores: its boards are side A, its decks unchanged.
    """
    old = Path(__file__).resolve().parent / "data" / "nations-v2-before-sides.toml"
    assert "side" not in old.read_text().split("[[moves]]")[0]
    assert nncli("verify", old).startswith("OK: 292 moves")
    loaded = savefile.load(old, full=True)
    assert {k: v["total"] for k, v in loaded.state.scores.items()} == {
        "persia": 34, "greece": 37, "egypt": 14, "rome": 21, "china": 15}
    assert GAME.winner(loaded.state) == "greece"
