"""Nations' variants (§9): the competitive variant's setup and decks, and the campaign."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nncli import savefile, saveplay
from nncli.cli import app
from nncli.game import BadSetup, CampaignWon
from nncli.nations import GAME, engine
from nncli.nations.campaign import next_levels, next_setup
from nncli.nations.content import load
from nncli.nations.setup import check_setup, make_setup
from nncli.nations.variants import competitive_swaps
from tests.nations_helpers import SEATS, edit

THREE = ["persia", "greece", "egypt"]


def competitive(players: list[str] = THREE, **options: Any) -> dict[str, Any]:
    return make_setup({"nations": players, "variant": "competitive", "seed": 12} | options)


def test_competitive_players_side_and_difficulty() -> None:
    """Rules: NVAR-02
    "Competitive variant: 3-4 players, all on side A, all at the same difficulty." Two or five
    players, mixed difficulties, or a side B are refused in one sentence; every board is side A.
    """
    for players in (THREE, SEATS[:4]):
        setup = competitive(list(players), difficulty=["king"])
        assert {p["difficulty"] for p in setup["players"]} == {"king"}
        state = engine.new_game(setup)
        assert all([s.card for s in n.slots] == ["farmland", "quarry", "market", "warriors"]
                   for n in state.nations.values())
    for players in (SEATS[:2], SEATS[:5]):
        with pytest.raises(BadSetup, match=f"^the competitive variant takes 3 or 4 players, "
                                           f"not {len(players)}$"):
            competitive(list(players), advanced=len(players) == 5)
    with pytest.raises(BadSetup, match="^the competitive variant plays everyone at the same "
                                       "difficulty, not king and prince$"):
        competitive(difficulty=["prince", "king", "prince"])
    mixed = competitive()
    mixed["players"][1]["difficulty"] = "emperor"
    with pytest.raises(BadSetup, match="same difficulty"):
        check_setup(mixed)
    with pytest.raises(BadSetup, match="^the competitive variant plays every nation on side A"):
        make_setup({"nations": THREE, "variant": "competitive", "sides": ["b", "b", "b"]})
    with pytest.raises(BadSetup, match="^there is no variant 'fun'; choose from competitive$"):
        competitive(variant="fun")


def test_competitive_decks_swap_basic_cards_for_advanced_of_the_same_type() -> None:
    """Rules: NVAR-03, NVAR-01
    "Competitive decks start from the basic cards and swap some of them for Advanced or Expert
    cards of the same type." Each era's deck is its basic deck with ``swaps_per_era``
    (rules.toml) basic cards replaced, each by an Advanced card of its era and type; the setup's
    seed decides which, and the swaps are written into the setup. Without --expert no Expert
    card is swapped in.
    """
    data = load(("basic",))
    per_era = data.rules["variants"]["competitive"]["swaps_per_era"]
    assert per_era == 4
    setup = competitive()
    swaps = setup["swaps"]
    assert swaps == competitive_swaps(data, 12) != competitive_swaps(data, 13)
    state = engine.new_game(setup)
    for era in (1, 2, 3, 4):
        pairs = [(data.cards[out], data.cards[in_]) for out, in_ in swaps
                 if data.cards[out].era == era]
        assert len(pairs) == per_era
        for out, in_ in pairs:
            assert (out.pack, in_.pack) == ("basic", "advanced")
            assert (out.type, out.era) == (in_.type, in_.era), (out.id, in_.id)
        deck = state.decks[str(era)]
        assert len(deck) == len(data.decks[era])
        assert set(deck) == set(data.decks[era]) - {o.id for o, _ in pairs} | {
            i.id for _, i in pairs}
    assert sum(data.cards[c].pack == "advanced" for d in state.decks.values() for c in d) == 16


def test_competitive_decks_with_the_expert_pack() -> None:
    """Rules: NVAR-03, NEXP-03
    "... swap some of them for Advanced or Expert cards of the same type": with --expert the
    swaps draw from the Advanced and Expert cards of each era and type, the decks hold the basic
    cards and the swaps only, and a save's swaps are checked against that pool; --advanced is
    still refused (the Advanced cards come in by the swaps).
    """
    setup = competitive(expert=True, seed=4)
    assert setup["packs"] == ["basic", "expert"]
    data = load(("basic", "expert"))
    ins = [data.cards[in_] for _, in_ in setup["swaps"]]
    assert len(ins) == 16 and {c.pack for c in ins} == {"advanced", "expert"}
    assert all((data.cards[out].era, data.cards[out].type) == (c.era, c.type)
               for (out, _), c in zip(setup["swaps"], ins, strict=True))
    state = engine.new_game(setup)
    held = [data.cards[c] for d in state.decks.values() for c in d]
    assert sum(c.pack != "basic" for c in held) == 16 and len(held) == 4 * 32
    plain = competitive(seed=4)
    assert plain["swaps"] == competitive_swaps(data, 4) != setup["swaps"]
    expert_in = next(pair for pair in setup["swaps"] if data.cards[pair[1]].pack == "expert")
    with pytest.raises(BadSetup, match="^a competitive swap puts in a card of the advanced "
                                       f"pack once, and '{expert_in[1]}' is not one$"):
        check_setup(dict(setup, packs=["basic"]))
    with pytest.raises(BadSetup, match="so leave out --advanced$"):
        competitive(expert=True, advanced=True)


def test_a_swap_of_another_type_or_count_is_refused() -> None:
    """Rules: NVAR-03
    A setup whose swaps change a card's type, or swap another number of cards than rules.toml
    says, is refused in one sentence.
    """
    setup = competitive()
    data = load(("basic",))
    building = next(out for out, _ in setup["swaps"] if data.cards[out].type == "building")
    military = next(c.id for c in data.cards.values()
                    if c.pack == "advanced" and c.type == "military"
                    and c.era == data.cards[building].era
                    and c.id not in {i for _, i in setup["swaps"]})
    changed = dict(setup, swaps=[[building, military]] + [
        p for p in setup["swaps"] if p[0] != building])
    with pytest.raises(BadSetup, match="^a competitive swap keeps the era and the type: "):
        check_setup(changed)
    with pytest.raises(BadSetup, match="^the competitive decks swap 4 cards of era 1, not 3$"):
        check_setup(dict(setup, swaps=setup["swaps"][1:]))  # the first swap is of era 1
    with pytest.raises(BadSetup, match="^the competitive swaps must be pairs of card ids"):
        check_setup(dict(setup, swaps="all"))


def test_how_many_cards_are_swapped_is_data(data_copy: Path) -> None:
    """Rules: NVAR-03
    The number of swaps per era is a rules constant (rules.toml ``swaps_per_era``), not code.
    """
    edit(data_copy / "rules.toml", "swaps_per_era = 4", "swaps_per_era = 2")
    swaps = competitive()["swaps"]
    data = load(("basic",))
    assert [data.cards[out].era for out, _ in swaps] == [1, 1, 2, 2, 3, 3, 4, 4]


def finished(path: Path, setup: dict[str, Any]) -> Path:
    """A save at ``path`` of a whole game with ``setup``, every move a bot's hint."""
    save = saveplay.new_save(GAME, setup)
    while GAME.winner(save.state) is None:
        move = GAME.hint(save.state)
        assert move is not None
        save = saveplay.append(save, GAME, GAME.format(move))
    savefile.write(save, path)
    return path


def nncli(*args: str | Path, code: int = 0) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.stderr + result.stdout
    return result.stdout if code == 0 else result.stderr


def levels_of(path: Path) -> dict[str, str]:
    nations = json.loads(nncli("show", path, "--json"))["nations"]
    return {key: nation["difficulty"] for key, nation in nations.items()}


def test_the_winner_moves_up_one_level() -> None:
    """Rules: NVAR-04
    "Campaign: everyone starts on Prince, and a win moves the winner up one level." The pure
    part: levels and a winner in, the next game's levels out.
    """
    ladder = load(("basic",)).rules["difficulty"]["levels"]
    assert next_levels({"persia": "prince", "greece": "prince"}, "greece", ladder) == {
        "persia": "prince", "greece": "king"}
    assert next_levels({"persia": "king", "greece": "prince"}, "persia", ladder) == {
        "persia": "emperor", "greece": "prince"}
    setup = make_setup({"nations": THREE, "campaign": True, "seed": 3})
    assert setup["campaign"] == 1
    assert {p["difficulty"] for p in setup["players"]} == {"prince"}
    with pytest.raises(BadSetup, match="^a campaign starts everyone on Prince, so leave out "
                                       "--difficulty$"):
        make_setup({"nations": THREE, "campaign": True, "difficulty": ["king"]})
    with pytest.raises(BadSetup, match="^a campaign needs two players or more"):
        make_setup({"solo": "egypt", "campaign": True})
    with pytest.raises(BadSetup, match="not played in the competitive variant$"):
        make_setup({"nations": THREE, "campaign": True, "variant": "competitive"})


def test_a_win_on_emperor_wins_the_campaign() -> None:
    """Rules: NVAR-05
    "Campaign: a win on Emperor wins the campaign." Emperor is the last level, so there is no
    next level: the campaign is won, and there is no next game.
    """
    ladder = load(("basic",)).rules["difficulty"]["levels"]
    assert ladder[-1] == "emperor"
    assert next_levels({"persia": "emperor", "greece": "prince"}, "persia", ladder) is None
    assert next_levels({"persia": "emperor", "greece": "king"}, "greece", ladder) == {
        "persia": "emperor", "greece": "emperor"}
    previous = {"seed": 1, "packs": ["basic"], "campaign": 4, "players": [
        {"nation": "persia", "name": "Ann", "difficulty": "emperor"},
        {"nation": "greece", "name": "Ben", "difficulty": "king"}]}
    with pytest.raises(CampaignWon, match="^Ann won the campaign on Emperor$"):
        next_setup(previous, "persia", {"seed": 2})
    following = next_setup(previous, "greece", {"seed": 2})
    assert following["campaign"] == 5 and following["seed"] == 2
    assert [p["difficulty"] for p in following["players"]] == ["emperor", "emperor"]


def test_a_campaign_from_the_command_line(tmp_path: Path) -> None:
    """Rules: NVAR-04, NVAR-05
    `nncli new --campaign` starts everyone on Prince; `nncli new --campaign-from PREVIOUS`
    reads the finished, verified save of the last game: same players, the winner one level up,
    and after a win on Emperor it says who won the campaign and makes no game.
    """
    first = tmp_path / "first.toml"
    nncli("new", first, "--game", "nations", "--campaign", "--names", "Ann,Ben", "--seed", "6")
    assert set(levels_of(first).values()) == {"prince"}
    setup = savefile.load(first).setup
    played = finished(tmp_path / "played.toml", setup)
    winner = json.loads(nncli("show", played, "--json"))["winner"]
    second = tmp_path / "second.toml"
    assert "new game saved" in nncli("new", second, "--campaign-from", played, "--seed", "7")
    loser = next(k for k in ("persia", "greece") if k != winner)
    assert levels_of(second) == {winner: "king", loser: "prince"}
    names = [p["name"] for p in savefile.load(second).setup["players"]]
    assert names == ["Ann", "Ben"]
    last = dict(setup, campaign=6, players=[dict(p, difficulty="emperor")
                                             for p in setup["players"]])
    ended = finished(tmp_path / "ended.toml", last)
    name = {"persia": "Ann", "greece": "Ben"}[GAME.winner(savefile.load(ended).state) or ""]
    after = tmp_path / "after.toml"
    assert nncli("new", after, "--campaign-from", ended) == f"{name} won the campaign on Emperor\n"
    assert not after.exists()


def test_a_bad_previous_game_is_refused(tmp_path: Path) -> None:
    """Rules: NVAR-04
    The next game of a campaign comes only from a finished, undamaged save of a campaign game:
    anything else is refused in one sentence, exit 2, and no game is made.
    """
    unfinished = tmp_path / "unfinished.toml"
    nncli("new", unfinished, "--game", "nations", "--campaign", "--seed", "6")
    plain = finished(tmp_path / "plain.toml", make_setup({"seed": 6}))
    damaged = finished(tmp_path / "damaged.toml", make_setup({"campaign": True, "seed": 6}))
    text = damaged.read_text()
    damaged.write_text(text.replace('move = "pass"', 'move = "architect"', 1))
    notebook = tmp_path / "notebook.toml"
    nncli("new", notebook, "--seed", "6")
    garbage = tmp_path / "garbage.toml"
    garbage.write_text("this is [not a save")
    refusals = {
        unfinished: "is not finished: a campaign goes on after a game with a winner",
        plain: "that game was not a campaign game; start a campaign with --campaign",
        damaged: "",
        notebook: "Notebook Nations has no campaign",
        garbage: "",
        tmp_path / "missing.toml": "no save file at",
    }
    following = tmp_path / "next.toml"
    for previous, words in refusals.items():
        error = nncli("new", following, "--campaign-from", previous, code=2)
        assert error.startswith("error: ") and error.count("\n") == 1, error
        assert words in error and "Traceback" not in error
        assert not following.exists()
    ended = finished(tmp_path / "ended.toml", make_setup({"campaign": True, "seed": 6}))
    for flag, value in (("--nations", "rome,china"), ("--bot", "persia")):
        error = nncli("new", following, "--campaign-from", ended, flag, value, code=2)
        assert error.endswith(f"keeps the previous game's players and packs, so leave out "
                              f"{flag}\n")
