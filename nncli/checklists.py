"""The rules checklists that ``help RULE-ID`` quotes in every game: a game's
``data/checklist.toml`` (made by ``scripts/make-checklist-data``), read once, a rule's help, and
its ids as help topics, grouped by their prefix until the topic typed reaches the dash."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path


@cache
def read(path: Path) -> dict[str, dict[str, str]]:
    """The checklist's rows by id: rule, section, and a question's ruling."""
    with open(path, "rb") as file:
        rules: dict[str, dict[str, str]] = tomllib.load(file)["rules"]
    return rules


def rule_lines(path: Path, rule_id: str) -> list[str]:
    """``help RULE-ID``: the rule, where it comes from and its ruling; for an open question
    (``Q-01``, ``NQ-04``, ``DQ-02``) the ruling, else the recommended one. [] for no such id.

    The lines are not wrapped: each game wraps them to its help's width.
    """
    key = rule_id.upper()
    row = read(path).get(key)
    if row is None:
        return []
    ruling = row.get("ruling", "")
    if key.split("-")[-2].endswith("Q"):  # a question: its "section" is the recommended ruling
        return [f"{key}: {row['rule']}", f"Ruling: {ruling or row['section']}"]
    return [f"{key}: {row['rule']}", f"(rulebook: {row['section']})"] + (
        [f"Ruling: {ruling}"] if ruling else [])


def rule_topics(ids: Iterable[str], prefix: str) -> dict[str, str]:
    """Help topics for the rule ``ids``: each group (``nbuy-``: "rules NBUY-01..25"), and each
    id of the group that ``prefix`` has reached ("rule")."""
    groups: dict[str, list[str]] = {}
    for rule_id in ids:
        groups.setdefault(rule_id.lower().rsplit("-", 1)[0] + "-", []).append(rule_id.lower())
    found: dict[str, str] = {}
    for group, members in groups.items():
        if prefix.startswith(group):
            found.update({rule_id: "rule" for rule_id in members})
        else:
            found[group] = f"rules {members[0].upper()}..{members[-1].rsplit('-', 1)[1]}"
    return found
