"""README's commands work as written, run from a temporary copy of the project: both
play-by-email walkthroughs (plain and signed), the first game's moves, the other games' and the
solo and bot set-ups, the commands listed, and saves/README.md's examples; and the set-up script
says what it installs on its first run. Every code block of README.md is one of these kinds."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = (".venv", ".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
           ".hypothesis", "*.eml", "*.bak")


def blocks(text: str) -> list[tuple[str, list[str]]]:
    """The fenced code blocks of a Markdown text: (language, lines)."""
    return [(lang, body.splitlines())
            for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", text, re.M | re.S)]


PROMPTS = ("ann$ ", "ben$ ")  # the play-by-email walkthroughs' lines, typed by Ann or by Ben


def kind(lang: str, lines: list[str]) -> str:
    """Which test runs a README code block: "mail" (a play-by-email walkthrough), "moves" (the
    first game's), "shell" (other commands to type), "synopsis" (the command lines listed),
    "settings" (a mail.toml), "screen" (``nncli play``'s screen at 80x24) or "output" (what
    nncli prints)."""
    if any(line.startswith(PROMPTS) for line in lines):
        return "mail"
    if lines and lines[0].startswith("initiat"):
        return "moves"
    if lang == "sh":
        return "shell"
    if lang == "toml":
        return "settings"
    if lang == "text":
        return "screen"
    if lines and all(line.startswith(("nncli ", "scripts/")) for line in lines):
        return "synopsis"
    return "output" if all(line.startswith("error: ") for line in lines) else "unknown"


def readme_blocks(copy: Path, of_kind: str) -> list[list[str]]:
    return [lines for lang, lines in blocks((copy / "README.md").read_text())
            if kind(lang, lines) == of_kind]


def test_every_readme_block_is_run_or_printed() -> None:
    """A new code block in README.md must be one of the kinds the tests below run."""
    kinds = [kind(lang, lines) for lang, lines in blocks((ROOT / "README.md").read_text())]
    assert "unknown" not in kinds
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "shell": 2, "moves": 1, "synopsis": 2, "mail": 4, "output": 1, "settings": 1, "screen": 3}


def test_the_screens_fit_80x24_with_everyone_on_them() -> None:
    """Each game's screen as README shows it: 24 lines of at most 80 columns, the prompt and
    the toolbar last, and a standings line (with VP) for every player of the most it shows."""
    screens = [lines for lang, lines in blocks((ROOT / "README.md").read_text())
               if kind(lang, lines) == "screen"]
    for lines, players in zip(screens, (["Ann", "Ben"], ["Ann", "Ben", "Cy", "Di", "Ed"],
                                        ["Ann", "Ben", "Cat", "Dan"]), strict=True):
        assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
        assert re.match(r"[a-z]+>$", lines[-2]) and "|" in lines[-1] or "VP" in lines[-1]
        for name in players:
            assert any(name in line and "VP" in line for line in lines[:-2]), name


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the project, with ``nncli`` on PATH running the copy's code."""
    project = tmp_path / "nncli"
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns(*SKIPPED))
    shim = tmp_path / "bin" / "nncli"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m nncli "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    return project


def installed(copy: Path) -> None:
    """Make the copy's ``.venv`` as ``scripts/play`` leaves it installed, its nncli the shim."""
    venv = copy / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").symlink_to(sys.executable)
    (venv / "nncli").symlink_to(copy.parent / "bin" / "nncli")
    (copy / ".venv" / ".installed").touch()


def shell(copy: Path, command: str, where: Path, config: Path | None = None,
          typed: str = "") -> subprocess.CompletedProcess[str]:
    """``command`` run by bash in ``where``, with the copy's nncli on PATH, the player's config
    folder ``config`` (else one beside the copy) and ``typed`` as its input; it must succeed."""
    env = os.environ | {"PATH": f"{copy.parent / 'bin'}:{os.environ['PATH']}",
                        "PYTHONPATH": str(copy), "NO_COLOR": "1",
                        "NNCLI_CONFIG_DIR": str(config or copy.parent / "config")}
    done = subprocess.run(["bash", "-c", command], cwd=where, env=env, capture_output=True,
                          text=True, timeout=120, check=False, input=typed)
    assert done.returncode == 0, f"{command}: {done.stderr}"
    return done


def test_the_copy_runs_its_own_code(copy: Path) -> None:
    where = shell(copy, f'"{sys.executable}" -c "import nncli; print(nncli.__file__)"', copy)
    assert where.stdout.startswith(str(copy))


def mail_game(copy: Path, walkthrough: list[list[str]]) -> tuple[int, dict[str, Path]]:
    """Play ``walkthrough``'s blocks as written: Ann and Ben each in a folder and with a config
    folder (their keys) of their own; the mail between them goes as the text says (Ben saves Ann's
    message as ann-mail.eml, Ann saves Ben's as ben-mail.eml). The lines run, and the folders."""
    folders = {"ann": copy.parent / "ann", "ben": copy.parent / "ben"}
    for folder in folders.values():
        folder.mkdir()
    ran = 0
    for lines in walkthrough:
        last = ""
        for line in lines:
            if line.startswith(PROMPTS):
                who, command = line.split("$ ", 1)
                last = shell(copy, command, folders[who], copy.parent / f"{who}-config").stdout
                ran += 1
            else:
                assert line in last.splitlines(), (line, last)  # the output the README shows
            for sender, receiver, sent, saved in (("ann", "ben", "game.eml", "ann-mail.eml"),
                                                  ("ben", "ann", "ben-mail.eml", "ben-mail.eml")):
                if (folders[sender] / sent).exists():
                    shutil.move(folders[sender] / sent, folders[receiver] / saved)
    return ran, folders


def test_play_by_email_as_written(copy: Path) -> None:
    walkthrough = [lines for lines in readme_blocks(copy, "mail")
                   if not any("--pbem" in line for line in lines)]
    assert len(walkthrough) == 3
    ran, folders = mail_game(copy, walkthrough)
    assert ran == 11
    heads = {who: shell(copy, "nncli verify game.toml", folder).stdout
             for who, folder in folders.items()}
    assert heads["ann"].startswith("OK: ") and heads["ann"] != heads["ben"]  # Ann moved since


def test_fair_play_by_email_as_written(copy: Path) -> None:
    """The signed game (``--pbem``): each player's key in their own config folder; Ben's signed
    move verifies on his side, and Ann's copy refuses to make Ben's move for him."""
    [walkthrough] = [lines for lines in readme_blocks(copy, "mail")
                     if any("--pbem" in line for line in lines)]
    ran, folders = mail_game(copy, [walkthrough])
    assert ran == 5
    assert shell(copy, "nncli verify game.toml", folders["ben"]).stdout.startswith("OK: 5 moves")
    assert sorted(p.name for p in (copy.parent / "ben-config").rglob("*") if p.is_file())
    assert shell(copy, "nncli verify game.toml", folders["ann"]).stdout.startswith("OK: ")


def test_the_other_shell_blocks_as_written(copy: Path) -> None:
    """The set-up's and the other games' commands, in the copy: ``scripts/play SAVE`` starts
    the game and ``quit`` leaves it; ``scripts/test`` is this suite itself, so it is not run
    again here."""
    installed(copy)
    ran = []
    for lines in readme_blocks(copy, "shell"):
        for line in lines:
            command = line.split("#")[0].strip()
            if command == "scripts/test":
                continue
            done = shell(copy, command, copy, typed="quit\n")
            if command.startswith("scripts/play"):
                assert "To continue it: scripts/play" in done.stdout
            ran.append(command.split()[0])
    assert ran.count("scripts/play") == 3 and ran.count("nncli") == 4


def test_the_first_game_moves(copy: Path) -> None:
    """The moves of "A first game", on the game scripts/play starts (the rulebook's first)."""
    [moves] = readme_blocks(copy, "moves")
    shell(copy, "nncli new first.toml --seed 1", copy)
    for line in moves:
        move = re.split(r"\s{2,}", line)[0]
        shell(copy, f'nncli move first.toml "{move}"', copy)
    assert "thimble" in shell(copy, "nncli show first.toml --json", copy).stdout


def test_the_solo_bot_and_command_lines(copy: Path) -> None:
    """Every set-up line runs (with its [optional part] and without); every command listed has
    its help."""
    lines = [line for body in readme_blocks(copy, "synopsis") for line in body
             if line.startswith("nncli ")]
    news = [re.split(r"\s{3,}", line)[0] for line in lines if line.startswith("nncli new ")
            and not re.search(r"\b[A-Z]{2,}\b", line.split("   ")[0])]
    assert len(news) == 4  # the three games' solo commands and the bots'
    for line in news:
        shell(copy, re.sub(r"[\[\]]", "", line) + " --force", copy)
        shell(copy, re.sub(r"\s*\[[^]]*\]", "", line) + " --force", copy)
    written = [re.split(r"\s{3,}", line)[0].split() for line in lines]
    commands = {words[1] for words in written if len(words) > 1}
    assert {"new", "play", "move", "run", "show", "moves", "log", "verify", "mail"} <= commands
    for command in commands - {"SAVE"}:
        shell(copy, f"nncli {command} --help", copy)


def test_the_example_saves(copy: Path) -> None:
    """saves/ is in the project with its README, whose commands run, and a sound example of each
    game."""
    text = (copy / "saves" / "README.md").read_text()
    [(_, lines)] = blocks(text)
    for line in lines:
        if line.startswith("nncli "):
            shell(copy, line.split("#")[0], copy)
    examples = sorted(p.name for p in (copy / "saves" / "examples").glob("*.toml"))
    assert examples == ["dice.toml", "nations.toml", "notebook-nations.toml"]
    for name in examples:
        assert shell(copy, f"nncli verify saves/examples/{name}", copy).stdout.startswith("OK")


FAKE_PYTHON = """#!/bin/sh
# python3 -m venv DIR: a venv whose python "installs" with pip and whose nncli says it ran
dir=$3
mkdir -p "$dir/bin"
cat > "$dir/bin/python" <<'INNER'
#!/bin/sh
echo "Collecting typer>=0.12 (from nncli==0.1.0)"
echo "Successfully installed nncli-0.1.0 typer-0.29.2"
printf '#!/bin/sh\\necho "nncli ran $*"\\n' > "$(dirname "$0")/nncli"
chmod +x "$(dirname "$0")/nncli"
INNER
chmod +x "$dir/bin/python"
"""


def test_the_first_run_says_what_it_installs(copy: Path, tmp_path: Path) -> None:
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "python3").write_text(FAKE_PYTHON)
    (fake / "python3").chmod(0o755)
    env = os.environ | {"PATH": f"{fake}:{os.environ['PATH']}"}
    first = subprocess.run([str(copy / "scripts" / "play"), "--no-handover"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=60, check=False)
    assert first.returncode == 0, first.stderr
    assert first.stdout == "nncli ran play --no-handover\n"
    said = first.stderr.splitlines()
    assert said[0].startswith("nncli: first run: creating the virtual environment")
    assert said[1].startswith("nncli: installing nncli and what it needs (typer")
    assert "nncli:   Collecting typer>=0.12 (from nncli==0.1.0)" in said
    assert said[-1] == "nncli: ready"
    again = subprocess.run([str(copy / "scripts" / "nncli"), "log", "x.toml"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=60, check=False)
    assert (again.stdout, again.stderr) == ("nncli ran log x.toml\n", "")


def test_the_mail_settings_as_written(tmp_path: Path) -> None:
    """README's mail.toml reads as the settings it describes."""
    from nncli import mailsettings

    [(_, lines)] = [block for block in blocks((ROOT / "README.md").read_text())
                    if kind(*block) == "settings"]
    path = tmp_path / "mail.toml"
    path.write_text("\n".join(lines))
    path.chmod(0o600)
    settings = mailsettings.load(path)
    assert settings is not None and settings.smtp is not None and settings.inbox is not None
    assert (settings.sender, settings.name()) == ("Ann <ann@example.com>", "Ann")
    assert (settings.smtp.host, settings.smtp.port, settings.smtp.security) == (
        "smtp.example.com", 587, "starttls")
    assert settings.inbox.imap == mailsettings.Server(
        "imap.example.com", 993, "tls", "ann@example.com", "pass show mail")
    assert settings.inbox.folder == "INBOX"
