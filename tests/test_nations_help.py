"""Nations' help: its own moves in the overview, every term of its screens and rules, every rule
id (those its code cites above all), every nation's sides, within 78 columns; the bonus says what
it gives; a mistyped card name gets a did-you-mean."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nncli.game import BadNotation
from nncli.nations import GAME
from nncli.nations.content import load
from nncli.nations.helptext import TERMS, checklist
from tests import nations_helpers as h

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nncli" / "nations"


def every_topic() -> list[str]:
    """Each help topic, the rule groups opened up into their ids."""
    found = []
    for topic, _ in GAME.help_topics(""):
        found += [t for t, _ in GAME.help_topics(topic)] if topic.endswith("-") else [topic]
    return found


def test_the_overview_is_nations_own_moves_within_78_columns_and_18_lines() -> None:
    text = GAME.help_text(None)
    lines = text.splitlines()
    assert len(lines) <= 18 and all(len(line) <= 78 for line in lines)
    for move in ("grow", "bonus", "buy", "deploy", "undeploy", "architect", "pass"):
        assert re.search(rf"^  {move}\b", text, re.M), move
    assert "avatar" not in text and "board [SQUARE" not in text and "research" not in text


def test_every_topic_answers_within_78_columns() -> None:
    topics = every_topic()
    assert len(topics) > 400
    for topic in topics:
        text = GAME.help_text(topic)
        assert text, topic
        assert all(len(line) <= 78 for line in text.splitlines()), topic


@pytest.mark.parametrize("term", [
    "growth", "stability", "strength", "architect", "colony", "bonus", "worker", "advisor",
    "event", "famine", "revolt", "war", "era", "books", "wonder", "battle", "golden age",
    "scarcity", "production", "resolution", "maintenance", "player order", "progress board",
    "population track", "covered", "difficulty", "vp", "shortage", "heritage", "solo", "side",
    "food", "stone", "gold", "50 book token", "golden-age", "GROWTH", "building", "military",
    "slots", "round", "action", "str", "stb", "F", "bld", "mil", "col", "adv", "wnd", "btl",
    "idle", "arch", "passed", "token",
])
def test_every_term_of_the_screens_and_rules_has_help(term: str) -> None:
    text = GAME.help_text(term)
    assert len(text) > 60 and text.endswith("."), term


def test_help_never_cuts_a_word_or_a_sentence() -> None:
    """Each text ends a sentence, and a wrapped text joins back into its words."""
    for term, text in TERMS.items():
        shown = GAME.help_text(term)
        assert " ".join(text.split()) in " ".join(shown.split()), term


def test_the_bonus_says_how_much_it_gives_in_help_and_in_its_tab_note() -> None:
    """NGROW-08, NGROW-09: the bonus of one resource by difficulty and era, from the data."""
    bonus = load().rules["difficulty"]["bonus"]
    text = " ".join(GAME.help_text("bonus").split())
    for level, amounts in bonus.items():
        assert f"{level} {'/'.join(map(str, amounts))}" in text
    state = h.to_growth(2)
    amount = bonus[h.mover(state).difficulty][0]
    assert GAME.word_prices(state, "bonus ") == [
        (what, f"+{amount} {what}", True) for what in ("food", "stone", "gold")]
    assert GAME.word_prices(state, "bonus st") == [("stone", f"+{amount} stone", True)]


def cited_ids() -> set[str]:
    """Every rule id written in the Nations package's code (refusals, docstrings, comments)."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        found |= set(re.findall(r"\bN[A-Z]+-\d{2}\b", path.read_text()))
    return found


def test_every_rule_id_the_code_cites_has_help() -> None:
    ids = cited_ids()
    assert {"NCARD-19", "NQ-04", "NSET-02"} <= ids
    for rule_id in ids:
        assert GAME.help_text(rule_id).startswith(f"{rule_id}: "), rule_id
        assert GAME.help_text(rule_id.lower()).startswith(f"{rule_id}: ")


def test_every_checklist_row_answers_help() -> None:
    rules = checklist()
    assert len(rules) > 250
    for rule_id in rules:
        assert GAME.help_text(rule_id).startswith(f"{rule_id}: ")
    assert "Ruling:" in GAME.help_text("NQ-04")
    assert GAME.help_text("NBUY-99") == ""


@pytest.mark.parametrize("nation", sorted(load().rules["nations"]))
def test_every_nation_has_help_on_its_sides(nation: str) -> None:
    content = load()
    text = GAME.help_text(nation)
    flat = " ".join(text.split())
    assert text.startswith(f"{content.rules['nations'][nation]}: ")
    assert "side A" in flat and content.start(nation, "b").name in flat
    assert GAME.help_text(content.rules["nations"][nation].upper()) == text


def test_help_topics_list_moves_terms_nations_cards_and_rule_groups() -> None:
    topics = dict(GAME.help_topics(""))
    assert topics["buy"] == "move" and topics["bonus"] == "move"
    assert topics["stability"] == "term" and topics["golden-age"] == "term"
    assert topics["persia"] == "nation" and topics["pyramids"] == "wonder card"
    assert topics["nbuy-"].startswith("rules NBUY-01..")
    assert ("nbuy-03", "rule") in GAME.help_topics("nbuy-")


@pytest.mark.parametrize(("text", "hint"), [
    ("buy confusius", "no card confusius; did you mean confucius?"),
    ("buy irigation", "no card irigation; did you mean irrigation?"),
    ("deploy quary", "no card quary; did you mean quarry?"),
    ("architect over pyramds", "no wonder pyramds; did you mean pyramids?"),
    ("buy stone mason", "no card stone mason; did you mean stone-masons?"),
])
def test_a_mistyped_card_name_gets_a_did_you_mean(text: str, hint: str) -> None:
    with pytest.raises(BadNotation, match=f"^{re.escape(hint)}$"):
        GAME.parse(text, h.to_action(5))


def test_a_name_like_no_card_is_refused_plainly() -> None:
    with pytest.raises(BadNotation, match='^there is no card called "xyzzy"$'):
        GAME.parse("buy xyzzy", h.to_action(2))
