"""Notebook Nations' report (``Game.report``): what the end of a round scored for each nation and
why, and at the end of the game who won; kept in the state, its save and its replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import finish_round, start, to_turns
from pieces import arena, put
from test_economy import with_building
from test_savefile import edit

from nncli import limits, savefile, saveplay, saveread
from nncli.notebook import GAME, content
from nncli.notebook.scoring import REPORT_WIDTH
from nncli.notebook.state import PHASE_OVER
from nncli.savemodel import Save, SaveError


def a_round_played() -> Save:
    """The first game's save after its first round: Ann and Ben pick, then both end their turn."""
    save = saveplay.new_save(GAME, GAME.make_setup({"seed": 4, "names": ["Ann", "Ben"]}))
    for text in ("initiative 1", "initiative 2", "end", "end"):
        save = saveplay.append(save, GAME, text)
    return save


def test_nothing_is_reported_before_the_first_round_ends() -> None:
    """The report is empty at the start and through the first round, until its end."""
    save = saveplay.new_save(GAME, GAME.default_setup())
    assert GAME.report(save.state) == [] and GAME.to_dict(save.state)["report"] == []
    for text in ("initiative 1", "initiative 2", "end"):
        save = saveplay.append(save, GAME, text)
        assert GAME.report(save.state) == []


def test_the_report_names_each_nations_vp_and_why() -> None:
    """Rules: END-02, VP-04, VP-08, VP-09, VP-10 - at the end of the round every nation has a
    line with its VP this round and in all, and each kind of VP it scored has a line saying why:
    an enemy Town Hall held, 8 research nodes and Science 20, Culture 10 with a Wonder."""
    state = arena()
    state.vp_goal = 6
    mushroom = state.player("mushroom")
    mushroom.science = 20
    mushroom.research = ["food", "wood", "ranged", "cavalry", "hall-ii", "one-star", "two-star",
                         "gold"]
    hall = next(b for b in state.buildings if b.owner == "thimble" and b.key == "town-hall")
    put(state, "mushroom", "melee", hall.col, hall.row)
    state = with_building(state, "wonder", 14, 4, owner="thimble", building_id="wonder1")
    state.player("thimble").culture = 10
    assert GAME.report(state) == []
    state = finish_round(state)  # Thimble's Income Step adds 2 Culture first
    assert GAME.report(state) == [
        "End of round 1 (the goal is 6 VP):",
        "Mushroom (Mushroom Tribes): +3 VP, 3 VP in all",
        "  +1 military VP: 1 enemy Town Hall held",
        "  +1 science VP: 8 research nodes",
        "  +1 science VP: Science 20 on the track",
        "Thimble (Thimble Empire): +1 VP, 1 VP in all",
        "  +1 culture VP: Culture 12 with a Wonder on the map",
    ]
    state = finish_round(to_turns(state, [1, 2]))
    assert GAME.report(state) == [  # the next round: the Town Hall is held again, nothing else
        "End of round 2 (the goal is 6 VP):",
        "Mushroom (Mushroom Tribes): +1 VP, 4 VP in all",
        "  +1 military VP: 1 enemy Town Hall held",
        "Thimble (Thimble Empire): no VP this round, 1 VP in all",
    ]


@pytest.mark.parametrize(("spaces", "decided"), [
    ([1, 2], "  tied on VP, ahead on Source (2)"),
    ([5, 1], "  tied on VP and Source, ahead on initiative (space 1)"),
])
def test_the_last_rounds_report_says_who_won_and_how(spaces: list[int], decided: str) -> None:
    """Rules: END-05, END-07, END-08, END-09 - the round that reaches the goal ends the game; its
    report ends with the winner, their VP by kind and the tie-break that decided it: the most
    Source (Mushroom 1, Thimble 2), or with the Source tied (2 each) the lower initiative space."""
    state = start("mushroom", "thimble", vp_goal=1)
    for player in state.players:
        player.science = 25
    state = finish_round(to_turns(state, spaces))
    assert state.phase == PHASE_OVER and state.winner == "thimble"
    assert GAME.report(state) == [
        "End of round 1 (the goal is 1 VP):",
        "Mushroom (Mushroom Tribes): +1 VP, 1 VP in all",
        "  +1 science VP: Science 26 on the track",
        "Thimble (Thimble Empire): +1 VP, 1 VP in all",
        "  +1 science VP: Science 26 on the track",
        "Game over: Thimble (Thimble Empire) wins with 1 VP",
        "  military 0, science 1, culture 0",
        decided,
    ]


def test_every_line_fits_58_columns_with_the_longest_names() -> None:
    """Names as long as a save's strings may be (1,000 characters) are cut short with a full stop
    so that each line, the winner's too, is at most 58 columns, four nations scoring every kind
    of VP at once."""
    nations = ["mushroom", "thimble", "humming", "seed"]
    names = [(f"{first} of the Longest Name " * 50)[:limits.MAX_STRING_CHARS]
             for first in ("Ann", "Ben", "Cat", "Dan")]
    state = GAME.new_game(GAME.make_setup({"nations": nations, "names": names, "vp": 5}))
    state = to_turns(state)
    halls = {b.owner: b for b in state.buildings if b.key == "town-hall"}
    for number, (nation, target) in enumerate(zip(nations, nations[1:] + nations[:1],
                                                  strict=True)):
        player = state.player(nation)
        player.science = player.culture = 30
        player.research = list(content.research_nodes(state.research_side))
        put(state, nation, "melee", halls[target].col, halls[target].row)
        state = with_building(state, "wonder", 4 + 5 * number, 20, owner=nation,
                              building_id="wonder1")
    state = finish_round(state)
    lines = GAME.report(state)
    assert state.phase == PHASE_OVER
    assert len(lines) == 1 + 4 * 5 + 3  # the heading, 5 lines a nation, the winner's 3
    assert max(map(len, lines)) <= REPORT_WIDTH
    for name in names:
        assert sum(line.startswith(name[:20]) and line.endswith(".: +5 VP, 5 VP in all")
                   for line in lines) == 1
    assert lines[-3].startswith("Game over: ") and lines[-3].endswith(". wins with 5 VP")


def test_the_report_is_kept_by_the_save_and_its_replay(tmp_path: Path) -> None:
    """The report is part of the state: copies keep their own, ``to_dict`` (the save's [state])
    holds it, and loading the save, replayed in full from its moves, gives it again."""
    save = a_round_played()
    report = GAME.report(save.state)
    assert report == ["End of round 1 (the goal is 1 VP):",
                      "Ann (Mushroom Tribes): no VP this round, 0 VP in all",
                      "Ben (Thimble Empire): no VP this round, 0 VP in all"]
    copy = save.state.clone()
    copy.report.append("changed")
    assert GAME.report(save.state) == report
    assert GAME.to_dict(save.state)["report"] == report
    path = tmp_path / "game.toml"
    savefile.write(save, path)
    assert GAME.report(savefile.load(path).state) == report
    assert GAME.report(saveread.loads(path.read_text(), "the save").state) == report


def test_a_save_from_before_the_report_still_loads(tmp_path: Path) -> None:
    """A [state] without the report (a save written before it) loads and verifies, the report
    replayed from its moves; a [state] whose report differs from the replay's is refused."""
    path = tmp_path / "game.toml"
    savefile.write(a_round_played(), path)
    edit(path, lambda doc: doc["state"].pop("report"))
    assert GAME.report(savefile.load(path).state)[0] == "End of round 1 (the goal is 1 VP):"
    fresh = tmp_path / "fresh.toml"
    savefile.write(saveplay.new_save(GAME, GAME.default_setup()), fresh)
    edit(fresh, lambda doc: doc["state"].pop("report"))
    assert GAME.report(savefile.load(fresh).state) == []
    edit(path, lambda doc: doc["state"].update(report=["Ann: +2 VP"]))
    with pytest.raises(SaveError, match=r"the \[state\] table does not match"):
        saveread.loads(path.read_text(), "the save")
