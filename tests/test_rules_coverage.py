"""scripts/rules-coverage: the count of ids named by tests, and its mutation check."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "rules-coverage"
CHECKLIST = next((d / "shared" / "notebook-nations-rules-checklist.md" for d in ROOT.parents
                  if (d / "shared" / "notebook-nations-rules-checklist.md").exists()), None)


def script() -> ModuleType:
    """The script as a module, to check its table without running any mutation."""
    loader = importlib.machinery.SourceFileLoader("rules_coverage", str(SCRIPT))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module
    loader.exec_module(module)
    return module


def test_every_mutation_applies_and_its_id_is_named_by_a_test() -> None:
    coverage = script()
    table = coverage.mutations()
    assert len(table) >= 30
    for mutation in table:
        text = (ROOT / mutation.file).read_text()
        assert coverage.mutate(text, mutation) not in (None, text), mutation
        assert coverage.tests_naming(mutation.rule_id), mutation.rule_id
    if CHECKLIST is not None:  # the ids of every game's checklist beside it
        known = {i for found in CHECKLIST.parent.glob("*-rules-checklist.md")
                 for i in coverage.checklist_ids(found)}
        assert {m.rule_id for m in table} <= known
        for game in ("notebook-nations", "nations", "dice"):  # each game samples its own
            ids = set(coverage.checklist_ids(CHECKLIST.parent / f"{game}-rules-checklist.md"))
            assert sum(m.rule_id in ids for m in table) >= 30, game


def test_one_mutation_is_run_and_caught() -> None:
    """A sampled mutation is applied to a copy and caught by the test that names its id; the
    figure is printed (the default run tries none)."""
    if CHECKLIST is None:
        pytest.skip("the rules checklist is not beside the project")
    test = "tests/test_movement.py::test_ending_on_an_enemy_town_hall_occupies_it"
    done = subprocess.run([sys.executable, str(SCRIPT), "--mutations", "1", "--only", "VP-07",
                           "--tests", test], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"caught: VP-07 (an Avatar on an enemy Town Hall scores) by {test}" in done.stdout
    assert "1 of 1 mutations (seed " in done.stdout
    plain = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                           timeout=60, check=False)
    assert "checklist ids are named by a test" in plain.stdout
    assert "mutations" not in plain.stdout


def test_proposed_ids_count_beside_a_checklist(tmp_path: Path) -> None:
    """Further files add the ids of their table rows to the checklist's: the proposed content of
    docs/RULINGS.md is counted, and an id no test names is listed as not covered."""
    checklist = tmp_path / "checklist.md"
    checklist.write_text("| Id | Rule |\n|----|----|\n| NSET-02 | side A first |\n")
    proposed = tmp_path / "proposed.md"
    proposed.write_text("| NSIDE-01 | a side B |\n| NZZZ-99 | named by no test |\n")
    done = subprocess.run([sys.executable, str(SCRIPT), str(checklist), str(proposed)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["2 of 3 checklist ids are named by a test",
                                        "  not covered: NZZZ-99"]
    rulings = ROOT / "docs" / "RULINGS.md"
    assert "NSIDE-01" in script().checklist_ids(rulings)
