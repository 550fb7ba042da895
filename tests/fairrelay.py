"""A game played by e-mail with bots in every seat, its mails relayed between folders, counted.

Each player has a folder (their copy, ``game.toml``, and the mails they received) and a config
folder of their own (their secrets). The creator makes the game (``--pbem``); from then on the
copy goes, as a mail, to the player the game waits for: the next seat to join, a seat whose
seed secret or reveal a draw waits for, else the seat to move. Of several seats a draw waits
for, the one likely to move after the draws gets it last (found by drawing the chance moves from
a stream of no one's, as nncli's waiting message orders them). Each receiver takes the mail in
as ``nncli receive`` does (verified, joined, their records added, the draws made) and, while the
game is theirs to move, plays a random bot's moves. Used by ``scripts/relay-fair`` and the tests.
"""

from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nncli import botplay, fairplay, pbem, savemodel, saveplay, saveread
from nncli.chance import CHANCE
from nncli.game import Game, get_game
from nncli.savemodel import Save


@dataclass
class Tally:
    """What a relayed game cost."""

    mails: int = 0
    first_move_mail: int | None = None  # how many mails had gone when the first move was made
    handovers: int = 0  # a player's move after another player's: the mails play itself needs
    draws_after_moves: int = 0  # chance moves made after the first player's move
    runs_after_moves: int = 0  # runs of them with no player's move between
    setup_draws: int = 0
    moves: int = 0
    over: bool = False

    def rounds(self, seats: int) -> int:
        """Relay rounds of ``seats`` mails (a pass around the table)."""
        return math.ceil(self.mails / seats)

    @property
    def extra(self) -> int:
        """Mails after the first move beyond the hand-overs of play itself."""
        return self.mails - (self.first_move_mail or 0) - self.handovers


def as_player(config: Path) -> None:
    os.environ[fairplay.CONFIG_ENV] = str(config)


def play(game_key: str, setup_options: dict[str, Any], chance: str, root: Path,
         max_mails: int = 5000, seed: int = 1) -> Tally:
    """Create the game under ``root`` and relay it until it ends (or ``max_mails``)."""
    game = get_game(game_key)
    setup = game.make_setup(setup_options)
    setup["pbem"] = {"chance": chance} | ({"protocol": 2} if chance == "fair" else {})
    saved_env = os.environ.get(fairplay.CONFIG_ENV)
    try:
        return _relay(game, setup, root, max_mails, random.Random(seed))
    finally:
        if saved_env is None:
            os.environ.pop(fairplay.CONFIG_ENV, None)
        else:
            os.environ[fairplay.CONFIG_ENV] = saved_env


def _relay(game: Game, setup: dict[str, Any], root: Path, max_mails: int,
           rng: random.Random) -> Tally:
    seats = game.seats(game.new_game({k: v for k, v in setup.items() if k != "pbem"}))
    for seat in seats:
        (root / seat).mkdir(parents=True)
    copies: dict[str, Save] = {}
    tally = Tally()
    holder = seats[0]
    as_player(root / holder / "config")
    save = saveplay.join(saveplay.new_save(game, setup), game, holder)
    save = _moves(game, save, tally, rng)
    copies[holder] = save
    while game.mover(save.state) is not None and tally.mails < max_mails:
        receiver = next_receiver(game, save, holder)
        tally.mails += 1
        mail = root / receiver / f"mail-{tally.mails}.toml"
        mail.write_text(savemodel.dumps(save))
        as_player(root / receiver / "config")
        incoming = saveread.loads(mail.read_text(), str(mail))
        ours = copies.get(receiver) or pbem.fresh_copy(incoming, game)
        pbem.receive(ours, incoming, game)
        save = pbem.take_part(incoming, game, receiver)
        save = _moves(game, save, tally, rng)
        copies[receiver], holder = save, receiver
        (root / receiver / "game.toml").write_text(savemodel.dumps(save))
    _count(game, save, tally)
    tally.over = game.mover(save.state) is None
    return tally


def _moves(game: Game, save: Save, tally: Tally, rng: random.Random) -> Save:
    """``save`` after the moves of this machine's seats while one of them is to move."""
    local = saveplay.local_seats(save)
    while game.mover(save.state) in local:
        if tally.first_move_mail is None:
            tally.first_move_mail = tally.mails
        move = botplay.random_play(game, save.state, rng)
        save = saveplay.append(save, game, game.format(move))
    return save


def next_receiver(game: Game, save: Save, holder: str) -> str:
    """The seat the copy goes to next: one the game waits for, the likely next mover last."""
    ledger = save.ledger
    assert ledger is not None
    mover = game.mover(save.state)
    if mover != CHANCE and ledger.all_joined():
        assert mover is not None
        return mover
    waiting = [s for s in ledger.waiting_for() if s != holder]
    if mover != CHANCE or len(waiting) == 1:
        return _after(ledger.seats, holder, waiting)
    likely = saveplay.likely_mover(game, save.state)
    others = [s for s in waiting if s != likely]
    return _after(ledger.seats, holder, others or waiting)


def _after(seats: tuple[str, ...], holder: str, among: list[str]) -> str:
    """The first of ``among`` after ``holder`` in table order."""
    start = seats.index(holder)
    order = [*seats[start + 1:], *seats[:start + 1]]
    return next(s for s in order if s in among)


def _count(game: Game, save: Save, tally: Tally) -> None:
    """The hand-overs and the draws of the game's log."""
    last: str | None = None
    in_run = False
    for record in save.moves:
        if fairplay.is_protocol(record.move):
            continue
        if record.by == CHANCE:
            if last is None:
                tally.setup_draws += 1
            else:
                tally.draws_after_moves += 1
                tally.runs_after_moves += not in_run
            in_run = True
            continue
        tally.moves += 1
        tally.handovers += last is not None and record.by != last
        last, in_run = record.by, False
