"""Fair play by e-mail: signed moves, a seed no one chose, draws no one can foresee (issue 15).

Each player keeps the game in a folder of their own and their secrets in a config folder of their
own (``NNCLI_CONFIG_DIR``); the files are copied between the folders as the mail would carry them.
The game is the toy dice race (tests/toydice.py): a chance roll after every player's move.
"""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nncli import fairplay, pbem, savefile, savemodel, saveread
from nncli.cli import app
from nncli.savemodel import move_digest
from nncli.savetext import MoveRecord
from tests.toydice import DICE


@dataclass
class Player:
    """One player's folder (holding game.toml) and config folder (holding their secrets)."""

    name: str
    folder: Path
    config: Path

    @property
    def save(self) -> Path:
        return self.folder / "game.toml"

    def run(self, *args: str) -> Result:
        env = {fairplay.CONFIG_ENV: str(self.config)}
        return CliRunner().invoke(app, [a.replace("SAVE", str(self.save)) for a in args],
                                  env=env)

    def secrets(self, seat: str | None = None) -> fairplay.Secrets:
        """The secrets this player's config folder holds for ``seat`` (default: their own)."""
        save = savefile.load(self.save)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv(fairplay.CONFIG_ENV, str(self.config))
            found = fairplay.load_secrets(savemodel.game_id(save), seat or self.name)
        assert found is not None
        return found

    def mail_to(self, other: Player, *options: str) -> Result:
        """Copy this player's save to ``other``'s inbox and have them receive it (with
        ``options``)."""
        inbox = other.folder / f"from-{self.name}.toml"
        shutil.copy(self.save, inbox)
        return other.run("receive", "SAVE", str(inbox), "--quiet", *options)


def players(tmp_path: Path, *names: str) -> list[Player]:
    made = []
    for name in names:
        (tmp_path / name).mkdir()
        made.append(Player(name, tmp_path / name, tmp_path / f"{name}-config"))
    return made


def started(tmp_path: Path, chance: str = "seeded", seats: tuple[str, ...] = ("a", "b")
            ) -> list[Player]:
    """The game created by the first player and joined by every other, mailed round to all."""
    group = players(tmp_path, *seats)
    result = group[0].run("new", "SAVE", "--game", "toy-dice", "--nations", ",".join(seats),
                          "--vp", "100", "--pbem", "--chance", chance)
    assert result.exit_code == 0, result.output
    for sender, receiver in zip(group, group[1:], strict=False):
        received = sender.mail_to(receiver, "--as", receiver.name)
        assert received.exit_code == 0, received.output
    return group


def loaded(player: Player) -> savemodel.Save:
    return savefile.load(player.save)


def ledger_of(save: savemodel.Save) -> fairplay.Ledger:
    assert save.ledger is not None
    return save.ledger


def test_a_pbem_game_played_five_turns_ends_identical_in_both_folders(tmp_path: Path) -> None:
    """Seeded chance: the seed is made of both secrets; the copies agree move for move."""
    ann, ben = started(tmp_path)
    assert ben.mail_to(ann).exit_code == 0  # Ann reveals her secret: the first roll is drawn
    for _ in range(5):
        for mover, other in ((ann, ben), (ben, ann)):
            if DICE.mover(loaded(mover).state) is None:
                break
            result = mover.run("move", "SAVE", "add 1")
            assert result.exit_code == 0, result.output
            assert mover.mail_to(other).exit_code == 0
    assert ann.save.read_bytes() == ben.save.read_bytes()
    save = loaded(ann)
    rolls = [m for m in save.moves if m.by == "chance"]
    assert len(rolls) == 11 and DICE.mover(save.state) == "a"  # five turns each, still going
    seed = hashlib.sha256(ann.secrets().secret + ben.secrets().secret).digest()
    first = 1 + fairplay.Stream(b"nncli-pbem:0:" + seed).below(6)
    assert rolls[0].move == f"roll {first}"


def test_a_move_in_another_seats_name_is_refused(tmp_path: Path) -> None:
    """Ben cannot play Ann's turn: his machine holds no key for her seat (exit 1, no change)."""
    ann, ben = started(tmp_path)
    ben.mail_to(ann)
    ann.mail_to(ben)
    before = ben.save.read_bytes()
    result = ben.run("move", "SAVE", "add 2")
    assert result.exit_code == 1
    assert "holds no key for that seat" in result.output
    assert ben.save.read_bytes() == before


def forged(save: savemodel.Save, by: str, text: str, signer: fairplay.Secrets) -> savemodel.Save:
    """``save`` with a record ``text`` by ``by`` appended and signed by ``signer``."""
    digest = move_digest(save.head, by, text)
    record = MoveRecord(by, text, digest, signer.sign(digest))
    return replace(save, moves=[*save.moves, record])


def test_a_forged_move_signed_by_another_key_is_refused_on_receive(tmp_path: Path) -> None:
    """Ben signs a move of Ann's seat with a key of his own: Ann refuses it, exit 2, no change."""
    ann, ben = started(tmp_path)
    ben.mail_to(ann)
    ann.mail_to(ben)
    mine = loaded(ben)
    fake = fairplay.Secrets(b"\1" * 32, b"\2" * 32, b"\3" * 32)
    bad = forged(mine, "a", "add 2", fake)
    ben.save.write_text(savemodel.dumps(bad))
    before = ann.save.read_bytes()
    result = ben.mail_to(ann)
    assert result.exit_code == 2
    assert "is not signed by a's key" in result.output
    assert ann.save.read_bytes() == before


def test_an_edited_signature_is_refused(tmp_path: Path) -> None:
    """A signature with one digit changed no longer verifies (exit 2)."""
    ann, ben = started(tmp_path)
    ben.mail_to(ann)
    ann.run("move", "SAVE", "add 1")
    text = ann.save.read_text()
    sig = loaded(ann).moves[-2].sig if loaded(ann).moves[-1].by == "chance" else ""
    assert sig
    flipped = sig[:10] + ("0" if sig[10] != "0" else "1") + sig[11:]
    ann.save.write_text(text.replace(sig, flipped))
    result = ann.run("verify", "SAVE")
    assert result.exit_code == 2
    assert "is not signed by a's key" in result.output


def test_a_seed_secret_that_is_not_the_committed_one_is_refused(tmp_path: Path) -> None:
    """Ben reveals another secret than the one he committed to: refused, exit 2."""
    ann, ben = started(tmp_path)
    save = loaded(ben)
    ben_secrets = ben.secrets()
    honest = [m for m in save.moves if m.move.startswith(fairplay.SEED)]
    assert [m.by for m in honest] == ["b"]
    cut = save.moves.index(honest[0])
    base = saveread.replay(saveread.started(DICE, save.game_key, save.setup, save.created), DICE,
                           save.moves[:cut])
    bad = forged(base, "b", f"{fairplay.SEED} {'ab' * 32}", ben_secrets)
    ben.save.write_text(savemodel.dumps(bad))
    result = ben.run("verify", "SAVE")
    assert result.exit_code == 2
    assert "does not match the seat's commitment" in result.output


def fair_game_at_a_draw(tmp_path: Path) -> tuple[Player, Player]:
    """A fair-chance game in which Ann has just made a move that calls for a roll."""
    ann, ben = started(tmp_path, chance="fair")
    assert ben.mail_to(ann).exit_code == 0  # Ben's reveal for the first roll arrives; Ann adds hers
    result = ann.run("move", "SAVE", "add 1")
    assert result.exit_code == 0, result.output
    assert "waiting for b" in result.output
    return ann, ben


def test_under_fair_chance_the_mover_cannot_compute_the_draw(tmp_path: Path) -> None:
    """The value that decides the draw is revealed by Ben only after Ann's move reached him: no
    file Ann holds contains it, and the roll is not in her log until Ben's part comes back."""
    ann, ben = fair_game_at_a_draw(tmp_path)
    save = loaded(ann)
    assert DICE.mover(save.state) == "chance"
    draw = saveread.chance_count(save.moves)
    needed = ben.secrets().reveal_text(draw, ledger_of(save).position("b")).split()[-1]
    for path in [*ann.folder.rglob("*"), *ann.config.rglob("*")]:
        if path.is_file():
            assert needed not in path.read_text(errors="replace")
    assert ann.mail_to(ben).exit_code == 0
    assert needed in ben.save.read_text()
    assert loaded(ben).moves[-1].by == "chance"


def test_fair_games_end_identical_in_both_folders(tmp_path: Path) -> None:
    """Five turns each under fair chance, each draw revealed by both players, end identical."""
    ann, ben = started(tmp_path, chance="fair")
    ben.mail_to(ann)
    for _ in range(5):
        for mover, other in ((ann, ben), (ben, ann)):
            if DICE.mover(loaded(mover).state) is None:
                break
            assert mover.run("move", "SAVE", "add 1").exit_code == 0
            assert mover.mail_to(other).exit_code == 0  # the other reveals: the roll is drawn
            assert other.mail_to(mover).exit_code == 0  # and it comes back to the mover
    assert ann.save.read_bytes() == ben.save.read_bytes()


@pytest.mark.parametrize("how", ["wrong value", "wrong draw", "twice"])
def test_a_forged_or_reordered_reveal_is_refused(tmp_path: Path, how: str) -> None:
    """A reveal must hash to the seat's previous chain value, be for the draw now due, and come
    once per draw."""
    ann, ben = fair_game_at_a_draw(tmp_path)
    save = loaded(ann)
    draw = saveread.chance_count(save.moves)
    ben_secrets = ben.secrets()
    good = ben_secrets.reveal_text(draw, ledger_of(save).position("b"))
    text = {"wrong value": f"{fairplay.REVEAL} {draw} {'cd' * 32}",
            "wrong draw": f"{fairplay.REVEAL} {draw + 1} {good.split()[-1]}",
            "twice": good}[how]
    bad = forged(save, "b", good, ben_secrets) if how == "twice" else save
    bad = forged(bad, "b", text, ben_secrets)
    ann.save.write_text(savemodel.dumps(bad))
    result = ann.run("verify", "SAVE")
    assert result.exit_code == 2
    reason = {"wrong value": "does not hash to the seat's previous chain value",
              "wrong draw": f"draw {draw} is due",
              "twice": "already revealed its value for this draw"}[how]
    assert reason in result.output


def test_in_a_three_player_relay_the_middle_player_cannot_change_the_others(
    tmp_path: Path,
) -> None:
    """Ann -> Ben -> Cam: Ben alters Ann's move, or inserts one in her name: Cam refuses both."""
    ann, ben, cam = started(tmp_path, seats=("a", "b", "c"))
    cam.mail_to(ann)  # Ann reveals her secret
    ann.mail_to(ben)
    ben.mail_to(cam)
    cam.mail_to(ann)
    assert ann.run("move", "SAVE", "add 1").exit_code == 0
    assert ann.mail_to(ben).exit_code == 0
    honest = loaded(ben)
    ben_secrets = ben.secrets()
    last = max(i for i, m in enumerate(honest.moves) if m.by == "a")
    before_it = saveread.replay(
        saveread.started(DICE, honest.game_key, honest.setup, honest.created), DICE,
        honest.moves[:last])
    before = cam.save.read_bytes()
    assert ben.run("move", "SAVE", "add 2").exit_code == 0  # Ben's own turn, then c's
    for bad in (forged(before_it, "a", "add 2", ben_secrets),  # Ann's move altered
                forged(loaded(ben), "c", "add 1", ben_secrets)):  # a move in Cam's name
        ben.save.write_text(savemodel.dumps(bad))
        result = ben.mail_to(cam)
        assert result.exit_code == 2
        assert "is not signed by" in result.output
        assert cam.save.read_bytes() == before


def test_receive_and_mail_show_fair_play_records_short() -> None:
    """A record of fair play is shown with its hex values cut, so a mail's lines stay short."""
    record = MoveRecord("b", f"{fairplay.SEED} {'ab' * 32}", "")
    assert pbem.describe(record) == "b: @seed abababababab..."
    assert pbem.describe(MoveRecord("b", "add 2", "")) == "b: add 2"


def test_a_join_is_shown_with_its_key_fingerprint(tmp_path: Path) -> None:
    """Issue 25: receive's output and the mail body show each join with the fingerprint of its
    key, the one ``nncli key`` prints, for the players to compare."""
    ann, ben = players(tmp_path, "a", "b")
    made = ann.run("new", "SAVE", "--game", "toy-dice", "--nations", "a,b", "--pbem")
    assert made.exit_code == 0, made.output
    received = ann.mail_to(ben, "--as", "b")
    assert received.exit_code == 0, received.output
    ann_key, ben_key = ann.run("key").stdout.strip(), ben.run("key").stdout.strip()
    assert f"added by this machine: b: @join key {ben_key}" in received.stdout.splitlines()
    joins = [pbem.describe(m) for m in loaded(ben).moves if m.move.startswith("@join")]
    assert joins == [f"a: @join key {ann_key}", f"b: @join key {ben_key}"]  # as a mail shows


def test_a_command_reads_each_secrets_file_once(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A move passes over the seats several times (before it, after it, after each chance
    draw) asking for their secrets; each file is read once, and again only once it changes."""
    ann, ben = started(tmp_path, "fair")
    assert ben.mail_to(ann).exit_code == 0
    monkeypatch.setattr(fairplay, "_READ", {})
    reads: list[Path] = []
    read = fairplay._read_secrets
    monkeypatch.setattr(fairplay, "_read_secrets", lambda path: reads.append(path) or read(path))
    asked: list[str] = []
    load = fairplay.load_secrets
    monkeypatch.setattr(fairplay, "load_secrets",
                        lambda game, seat: asked.append(seat) or load(game, seat))
    assert ann.run("move", "SAVE", "add 1").exit_code == 0
    assert len(asked) > len(reads) == len(set(reads)) == 1  # ann's own file, once
    path = reads[0]
    path.write_text(path.read_text() + "# changed\n")
    assert ann.run("log", "SAVE").exit_code == 0 and ann.secrets() is not None
    assert reads.count(path) == 2


# --- no seat taken silently (issue 25) -----------------------------------------------------------


def three_seats(tmp_path: Path) -> list[Player]:
    """A three-seat game created by a; b and c have not received it yet."""
    group = players(tmp_path, "a", "b", "c")
    result = group[0].run("new", "SAVE", "--game", "toy-dice", "--nations", "a,b,c",
                          "--vp", "100", "--pbem")
    assert result.exit_code == 0, result.output
    return group


def joined(player: Player) -> dict[str, bytes]:
    ledger = loaded(player).ledger
    assert ledger is not None
    return ledger.keys


def test_receive_joins_the_named_seat_not_the_last_free_one(tmp_path: Path) -> None:
    """Ann mails the new game straight to Cam: with b and c free, Cam takes c, his own."""
    ann, _, cam = three_seats(tmp_path)
    result = ann.mail_to(cam, "--as", "C")
    assert result.exit_code == 0, result.output
    assert set(joined(cam)) == {"a", "c"}
    assert "added by this machine: c: @join" in result.stdout


def test_without_a_name_receive_joins_no_seat_and_says_so_once(tmp_path: Path) -> None:
    ann, ben, _ = three_seats(tmp_path)
    assert ann.mail_to(ben, "--as", "b").exit_code == 0
    cam = players(tmp_path, "d")[0]  # no name given, no mail settings
    result = ben.mail_to(cam)
    assert result.exit_code == 0, result.output
    assert set(joined(cam)) == {"a", "b"}
    assert "added by this machine" not in result.output
    assert result.stderr == (
        f"note: you hold no seat of this game yet; take yours with: nncli join {cam.save} SEAT "
        "(free: c), or name yourself with --as NAME when you receive\n")


@pytest.mark.parametrize("ben_takes", [("b", "c"), ("c",)], ids=["both", "only c"])
def test_a_seat_taken_by_another_key_stops_its_player(tmp_path: Path,
                                                      ben_takes: tuple[str, ...]) -> None:
    """The issue's case: Ben joins Cam's seat (besides his own, or instead) and mails the game
    on. Cam's receive says so, exit 2, and makes no copy; his machine joins no other seat."""
    ann, ben, cam = three_seats(tmp_path)
    assert ann.mail_to(ben, "--as", ben_takes[0]).exit_code == 0
    for seat in ben_takes[1:]:
        assert ben.run("join", "SAVE", seat).exit_code == 0
    result = ben.mail_to(cam, "--as", "c")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "error: your seat c has already been joined by another key, not this machine's: "
        "someone else took it, so this copy is not yours to play; no copy was made (ask the "
        "other players who joined it)\n")
    assert not cam.save.exists()
    assert not (cam.config / "games").exists()


def test_the_mail_settings_name_the_player(tmp_path: Path) -> None:
    ann, _, cam = three_seats(tmp_path)
    cam.config.mkdir()
    settings = cam.config / "mail.toml"
    settings.write_text('[smtp]\nfrom = "C <cam@example.com>"\n')
    settings.chmod(0o600)
    assert ann.mail_to(cam).exit_code == 0
    assert set(joined(cam)) == {"a", "c"}


def test_no_free_seat_stops_a_fourth_machine(tmp_path: Path) -> None:
    ann, ben, cam = three_seats(tmp_path)
    assert ann.mail_to(ben, "--as", "b").exit_code == 0
    assert ben.mail_to(cam, "--as", "c").exit_code == 0
    dee = players(tmp_path, "dee")[0]
    result = cam.mail_to(dee, "--as", "dee")
    assert result.exit_code == 2 and not dee.save.exists()
    assert result.stderr == (
        "error: every seat of this game has joined, none of them on this machine, so there is "
        "no seat left for you; no copy was made\n")
    nameless = cam.mail_to(dee)
    assert (nameless.exit_code, nameless.stderr) == (2, result.stderr)


def test_a_name_that_is_no_seat(tmp_path: Path) -> None:
    ann, ben, _ = three_seats(tmp_path)
    result = ann.mail_to(ben, "--as", "zed")
    assert result.exit_code == 2 and not ben.save.exists()
    assert result.stderr == (
        "error: no seat of this game is zed's: the players are a, b, c; give your "
        "name with --as NAME\n")


def test_moves_lists_only_what_can_be_played_here(tmp_path: Path) -> None:
    """Issue 25: while the game waits for a player's part of a draw, or for another player's
    turn, ``moves`` lists nothing and says for whom it waits."""
    ann, ben = started(tmp_path)
    note = "note: no move can be made here now: "
    draw = "to reveal their part of the next chance draw: mail the game to them\n"
    waiting = ann.run("moves", "SAVE")  # Ben's join has not reached Ann yet
    assert (waiting.exit_code, waiting.stdout) == (0, "")
    assert waiting.stderr == f"{note}the game is waiting for b {draw}"
    assert ben.run("moves", "SAVE").stderr == f"{note}the game is waiting for a {draw}"
    assert ben.mail_to(ann).exit_code == 0  # Ann adds her secret: the first roll is drawn
    mine = ann.run("moves", "SAVE")
    assert (mine.stdout, mine.stderr) == ("add 1\nadd 2\n", "")
    assert ann.mail_to(ben).exit_code == 0
    theirs = ben.run("moves", "SAVE")
    assert (theirs.stdout, theirs.stderr) == (
        "", f"{note}it is a's turn, on their machine: mail the game to them\n")


def test_a_seat_bound_to_a_key_refuses_every_other_key(tmp_path: Path) -> None:
    """``nncli new --pbem --seat-key c=FINGERPRINT``: Ben cannot join Cam's seat, neither with
    ``join`` (exit 2, nothing changed) nor by writing a join of his own into the log; Cam's key
    joins it."""
    ann, ben, cam = players(tmp_path, "a", "b", "c")
    printed = {p.name: p.run("key").stdout.strip() for p in (ann, ben, cam)}
    assert all(len(fp) == 16 for fp in printed.values()) and len(set(printed.values())) == 3
    assert cam.run("key").stdout.strip() == printed["c"]
    made = ann.run("new", "SAVE", "--game", "toy-dice", "--nations", "a,b,c", "--vp", "100",
                   "--pbem", "--seat-key", f"c={printed['c']}")
    assert made.exit_code == 0, made.output
    assert ann.mail_to(ben, "--as", "b").exit_code == 0
    before = ben.save.read_bytes()
    taken = ben.run("join", "SAVE", "c")
    assert taken.exit_code == 2
    assert taken.stderr == (
        f"error: you cannot join the seat c: the seat c is bound to the key {printed['c']} "
        f"(nncli new --seat-key), not to the key {printed['b']}\n")
    assert ben.save.read_bytes() == before
    assert not (ben.config / "games" / savemodel.game_id(loaded(ben)) / "c.toml").exists()
    forged_join = forged(loaded(ben), "c", ben.secrets("b").join_text(), ben.secrets("b"))
    inbox = cam.folder / "forged.toml"
    inbox.write_text(savemodel.dumps(forged_join))
    refused = cam.run("receive", "SAVE", str(inbox), "--as", "c")
    assert refused.exit_code == 2 and "is bound to the key" in refused.stderr
    assert not cam.save.exists()
    assert ben.mail_to(cam, "--as", "c").exit_code == 0
    ledger = loaded(cam).ledger
    assert ledger is not None and set(ledger.keys) == {"a", "b", "c"}


def test_a_bad_seat_key_is_refused(tmp_path: Path) -> None:
    [ann] = players(tmp_path, "a")
    for bad, said in (("c", "give --seat-key as SEAT=FINGERPRINT"),
                      ("c=xyz", "the [setup.pbem] seat_keys must bind seats of the game"),
                      ("z=0123456789abcdef", "the [setup.pbem] seat_keys must bind seats")):
        result = ann.run("new", "SAVE", "--game", "toy-dice", "--nations", "a,b,c", "--pbem",
                         "--seat-key", bad)
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {said}")
        assert not ann.save.exists()


def test_games_lists_each_save_with_what_it_waits_for(tmp_path: Path) -> None:
    """Issue 25: ``nncli games FOLDER``, one line a save: which are the player's to play."""
    ann, ben = started(tmp_path)
    waiting = ann.folder / "waiting.toml"
    shutil.copy(ann.save, waiting)
    assert ben.mail_to(ann).exit_code == 0
    (ann.folder / "broken.toml").write_text("format = [\n")
    listed = ann.run("games", str(ann.folder))
    assert listed.exit_code == 0, listed.output
    lines = [line.rsplit("; since ", 1) for line in listed.stdout.splitlines()]
    assert [text for text, *_ in lines] == [
        f"{ann.folder / 'broken.toml'}: cannot be read: {ann.folder / 'broken.toml'} is not "
        "valid TOML (line 1): invalid value",
        f"{ann.folder / 'from-b.toml'}: Dice race, a chance draw due; the game is waiting for "
        "a to reveal their part of the next chance draw: mail the game to them",
        f"{ann.save}: Dice race, a to play; your turn",
        f"{waiting}: Dice race, a chance draw due; the game is waiting for b to reveal their "
        "part of the next chance draw: mail the game to them",
    ]
    assert all(len(rest) == 1 and len(rest[0]) == 16 for _, *rest in lines[1:])
    assert ann.mail_to(ben).exit_code == 0
    theirs = ben.run("games", str(ben.folder)).stdout.splitlines()
    assert theirs[-1].startswith(
        f"{ben.save}: Dice race, a to play; it is a's turn, on their machine: mail the game to "
        "them; since ")


# --- fair chance at the cost of play (issue 25 item 5) -------------------------------------------


def test_a_new_fair_game_draws_its_setup_from_the_joint_seed(tmp_path: Path) -> None:
    """The draws before anyone has chosen anything come from the seed of the players' committed
    secrets (as seeded chance does), with no reveal; the second seat reveals its secret with
    its join, so the first draw is made as soon as the game is back with its creator."""
    ann, ben = players(tmp_path, "a", "b")
    made = ann.run("new", "SAVE", "--game", "toy-dice", "--nations", "a,b", "--vp", "100",
                   "--pbem", "--chance", "fair")
    assert made.exit_code == 0, made.output
    assert loaded(ann).setup["pbem"] == {"chance": "fair", "protocol": 2}
    assert ann.mail_to(ben, "--as", "b").exit_code == 0
    assert [m.move.split()[0] for m in loaded(ben).moves] == ["@join", "@join", "@seed"]
    assert ben.mail_to(ann).exit_code == 0
    save = loaded(ann)
    assert [m.move.split()[0] for m in save.moves] == ["@join", "@join", "@seed", "@seed",
                                                       "roll"]
    seed = hashlib.sha256(ann.secrets().secret + ben.secrets().secret).digest()
    assert save.moves[-1].move == f"roll {1 + fairplay.Stream(b'nncli-pbem:0:' + seed).below(6)}"
    moves = ann.run("moves", "SAVE")
    assert moves.stdout == "add 1\nadd 2\n"


def early_record(tmp_path: Path, text: str, by: str) -> Result:
    """``text`` by ``by`` (signed with their key) added to Ben's copy of a new three-seat fair
    game that Ben has just joined, and the copy verified."""
    group = players(tmp_path, "a", "b", "c")
    ann, ben = group[0], group[1]
    assert ann.run("new", "SAVE", "--game", "toy-dice", "--nations", "a,b,c", "--vp", "100",
                   "--pbem", "--chance", "fair").exit_code == 0
    assert ann.mail_to(ben, "--as", "b").exit_code == 0
    signer = {"a": ann, "b": ben}[by]
    save = loaded(ben)
    bad = forged(save, by, text.replace("SECRET", signer.secrets(by).secret.hex()),
                 signer.secrets(by))
    ben.save.write_text(savemodel.dumps(bad))
    return ben.run("verify", "SAVE")


def test_the_first_seat_cannot_reveal_its_seed_before_every_seat_has_joined(
        tmp_path: Path) -> None:
    """The first seat to join holds its secret back until every seat has committed to theirs:
    else the last to join could choose the seed."""
    result = early_record(tmp_path, f"{fairplay.SEED} SECRET", "a")
    assert result.exit_code == 2
    assert "may be revealed only once every seat has joined" in result.output


def test_no_reveal_is_taken_before_the_first_players_move(tmp_path: Path) -> None:
    """The setup's draws come from the seed: a reveal for them is refused."""
    result = early_record(tmp_path, f"{fairplay.REVEAL} 0 {'ab' * 32}", "b")
    assert result.exit_code == 2
    assert "reveals start once every seat has joined" in result.output


def test_an_old_fair_save_still_loads_and_verifies() -> None:
    """A fair game saved before protocol 2 (no ``protocol`` in ``[setup.pbem]``, written by the
    nncli of before) keeps its rules: a reveal of each seat for every draw, the first too."""
    save = savefile.load(Path(__file__).parent / "data" / "fair-protocol-1.toml", full=True)
    assert save.ledger is not None and save.ledger.protocol == 1
    draws = sum(m.by == "chance" for m in save.moves)
    reveals = [m for m in save.moves if m.move.startswith(fairplay.REVEAL)]
    assert draws == 6 and len(reveals) == 2 * draws
    assert int(reveals[0].move.split()[1]) == 0  # the first roll was revealed for too


def test_three_players_relay_a_fair_dice_game(tmp_path: Path) -> None:
    """The mails relayed between three folders (tests/fairrelay.py): the first move comes on
    the mail that ends the first pass around the table (the creator's, who completes the seed)
    or, when another player moves first, the next one; the setup's draws need no reveal; each
    run of draws after a move needs one reveal of each seat however long it is, two of them
    after the last move (one may come ahead, from a seat that held the game meanwhile)."""
    from tests import fairrelay

    tally = fairrelay.play("dice", {"players": 3, "seed": 5}, "fair", tmp_path, max_mails=40)
    assert tally.first_move_mail is not None and tally.first_move_mail <= 3 + 1
    assert tally.setup_draws > 1
    save = saveread.loads((tmp_path / "cat" / "game.toml").read_text())
    decided, in_run, long_runs, draws = False, False, 0, 0
    revealed: dict[str, bool] = {}  # seat -> revealed since the last player's move
    for record in save.moves:
        if record.move.startswith(fairplay.REVEAL):
            assert decided and record.by not in revealed
            revealed[record.by] = True
        elif record.by == "chance":
            if decided and not in_run:  # a run's first draw: one value of each seat,
                assert sorted(revealed) == ["ann", "ben", "cat"]  # two after the last move
                assert sum(revealed.values()) >= 2
                revealed, draws = {}, 0
            draws += 1
            long_runs += decided and draws == 2
            in_run = True
        elif not fairplay.is_protocol(record.move):
            decided, in_run = True, False
            revealed = dict.fromkeys(revealed, False)
    assert long_runs


def test_of_several_players_the_waiting_message_names_the_next_mover_last(
        tmp_path: Path) -> None:
    """A mail to the player who moves after the draws would have to come back the other way;
    named last, they get it last, with every other part already in: one mail fewer."""
    ann, ben, cam = started(tmp_path, chance="fair", seats=("a", "b", "c"))
    assert cam.mail_to(ann).exit_code == 0  # Ann reveals her seed secret: the first roll
    result = ann.run("move", "SAVE", "add 1")
    assert result.exit_code == 0, result.output
    assert ("the game is waiting for b, c to reveal their part of the next chance draw: mail "
            "the game to them, c first and b last (likely to move next)") in result.output
    assert ann.mail_to(cam).exit_code == 0
    assert cam.mail_to(ben).exit_code == 0
    assert DICE.mover(loaded(ben).state) == "b"  # drawn, and Ben's to play


def test_all_seats_but_two_may_reveal_ahead_of_the_move(tmp_path: Path) -> None:
    """In a game of three, one seat may reveal its value for the next draws before the move
    that leads to them (it spares a mail when that seat holds the game meanwhile); a second is
    refused, so two values always come after the move, one of them not the mover's."""
    ann, ben, cam = started(tmp_path, chance="fair", seats=("a", "b", "c"))
    assert cam.mail_to(ann).exit_code == 0  # the setup's roll is drawn: a to move
    assert ann.run("move", "SAVE", "add 1").exit_code == 0
    assert ann.mail_to(cam).exit_code == 0 and cam.mail_to(ben).exit_code == 0
    save = loaded(ben)  # the roll drawn, b to move; Cam reveals ahead, then Ann would too
    assert DICE.mover(save.state) == "b"
    draw = saveread.chance_count(save.moves)
    ahead = forged(save, "c", cam.secrets().reveal_text(draw, 1), cam.secrets())
    ben.save.write_text(savemodel.dumps(ahead))
    assert ben.run("verify", "SAVE").exit_code == 0
    ben.save.write_text(savemodel.dumps(
        forged(ahead, "a", ann.secrets().reveal_text(draw, 1), ann.secrets())))
    result = ben.run("verify", "SAVE")
    assert result.exit_code == 2
    assert "by all seats but two" in result.output
    ben.save.write_text(savemodel.dumps(ahead))
    assert ben.run("move", "SAVE", "add 1").exit_code == 0
    assert ben.mail_to(ann).exit_code == 0  # Ann's is the second value after the move
    last = [(m.by, m.move.split()[0]) for m in loaded(ann).moves[-3:]]
    assert last == [("a", "@reveal"), ("chance", "roll"), ("a", "@reveal")]  # and Ann, not
    assert DICE.mover(loaded(ann).state) == "c"  # to move, gives hers for the next draws ahead
