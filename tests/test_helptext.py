"""The rules inside the game: help on components comes from the data files, help on a rule id
quotes the checklist (data/checklist.toml, made by scripts/make-checklist-data)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nncli.notebook import GAME, content
from nncli.notebook.components import checklist

ROOT = Path(__file__).resolve().parent.parent


def helped(topic: str) -> str:
    """``help TOPIC`` with its lines joined (the text is wrapped to 79 columns)."""
    text = GAME.help_text(topic)
    assert max(len(line) for line in text.splitlines()) <= 79
    return " ".join(text.split())


def test_help_house_gives_its_cost_population_and_actions_from_the_data() -> None:
    house = content.load().nations["mushroom"].buildings["house"]
    text = helped("house")
    assert text.startswith("House (town building, 2 copies each")
    assert f"cost {house.cost.wood} wood; income per turn none; population limit " \
        f"+{house.population}" in text
    assert "locked until: nothing" in text and "actions: none" in text


def test_help_market_and_town_hall_explain_their_actions() -> None:
    limits = content.load().limits
    market = helped("market")
    assert "income per turn +1 gold" in market
    assert f"trade: up to {limits['market_exchanges']} exchanges" in market
    hall = helped("town hall")
    assert f"develop: build Town Buildings next to it (build TYPE SQUARE), at most " \
        f"{limits['hall_limit']}" in hall
    assert 'locked until: a "+1 Town Hall" research node' in hall


def test_help_on_a_building_that_differs_by_nation_lists_each() -> None:
    text = helped("wonder")
    assert " Mushroom Tribes: The Great Fairy Ring" in text and " Seed Children: The Mother Tree" \
        in text
    assert "locked until: research two-star (Access to 2-Star Building)" in text
    assert helped("the mother tree") == text


def test_help_melee_gives_every_nations_stats() -> None:
    text = GAME.help_text("melee")
    assert helped("melee")
    for nation in content.load().nations.values():
        unit = nation.units["melee"]
        assert f"{unit.name:<16} move {unit.move} range {unit.range}" in text
    assert "spawned at: Barracks (spawn melee SQUARE)" in text
    assert "locked until: research siege (Access to Siege)" in GAME.help_text("siege")


def test_help_research_and_initiative_show_the_boards() -> None:
    research = helped("research")
    assert research.startswith("research NODE")  # the move's help first
    assert "tier I: Science 0, 1 gold: food (+1 Food/turn)" in research
    assert "3- and 4-player side (a Science VP at 6 nodes)" in research
    initiative = helped("initiative")
    assert initiative.startswith("initiative N")
    assert "1 No Bonus, 2 +1 Food" in initiative and "6 +1 Gold & +1 Source" in initiative


def test_help_on_a_rule_id_quotes_the_checklist() -> None:
    text = helped("MOVE-04")
    assert text.startswith("MOVE-04: A moving Unit must overlap at least 1 non-water square at")
    assert "(rulebook: Moving C (l.276))" in text
    assert helped("move-04") == text
    assert "Ruling: Q-04 (initiative track): 6 spaces" in helped("q-04")
    assert GAME.help_text("MOVE-99") == ""


def test_every_checklist_row_is_shipped_and_answers_help() -> None:
    rules = checklist()
    assert len(rules) > 300
    assert all(GAME.help_text(rule_id).startswith(f"{rule_id}: ") for rule_id in rules)


@pytest.mark.parametrize(("name", "game", "more"), [
    ("notebook-nations-rules-checklist.md", "notebook", []),
    ("nations-rules-checklist.md", "nations", ["docs/RULINGS.md"]),
])
def test_the_shipped_checklist_is_what_the_script_makes(
    tmp_path: Path, name: str, game: str, more: list[str]
) -> None:
    """Notebook Nations' and Nations' (with the proposed rows of docs/RULINGS.md)."""
    source = next((base / "shared" / name for base in (ROOT.parent, ROOT.parent.parent)
                   if (base / "shared" / name).exists()), None)
    if source is None:
        pytest.skip("the rules checklist is not beside this checkout")
    out = tmp_path / "checklist.toml"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make-checklist-data"), str(source),
                    str(out), *(str(ROOT / path) for path in more)],
                   check=True, capture_output=True)
    assert out.read_text() == (ROOT / "nncli" / game / "data" / "checklist.toml").read_text()
