"""Playing on a save: a new game, moves made (signed in a game played by e-mail), chance moves
drawn, fair-play records added, and the last move taken back."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from nncli import limits
from nncli.chance import CHANCE
from nncli.game import Game, GameError, IllegalMove
from nncli.savemodel import (
    Save,
    SaveError,
    game_id,
    move_digest,
    read_back,
    setup_digest,
    within_limits,
)
from nncli.saveread import (
    chance_count,
    made,
    replayed,
    started,
    stream_of,
    take,
)
from nncli.savetext import MoveRecord
from nncli.textsafe import shown

if TYPE_CHECKING:  # fair play is imported where it is used (start-up time)
    from nncli.fairplay import Ledger

def new_save(game: Game, setup: Mapping[str, Any]) -> Save:
    """A save of a game that has just started with ``setup``, with the chance moves its start
    calls for already drawn (raises BadSetup)."""
    plain = read_back(setup)
    within_limits(limits.check_tree, plain, "the setup")
    created = datetime.now(UTC).replace(microsecond=0)
    return settle(started(game, game.key, plain, created), game)


def append(save: Save, game: Game, text: str) -> Save:
    """``save`` after the move ``text`` and the chance moves it calls for (raises the game's
    BadNotation or IllegalMove). In a game played by e-mail the move is signed with the mover's
    key, which only the mover's machine holds, and this machine's own fair-play records follow."""
    done, _, refused = append_each(save, game, [text])
    if refused is not None:
        raise refused
    return done


def append_each(
    save: Save, game: Game, texts: Iterable[str]
) -> tuple[Save, int, GameError | None]:
    """``save`` after each move of ``texts`` in turn, as ``append`` makes it, up to the first
    refused: the save after the moves before it, how many were made, and why the next was
    refused (None when every one was made). Linear in the moves made: the history grows in place.
    """
    grown = _Growing.of(save)
    grown.progress(game)
    made = 0
    for text in texts:
        try:
            grown.move(game, text)
            grown.progress(game)
        except GameError as exc:
            return grown.save(), made, exc
        made += 1
    return grown.save(), made, None


class _Growing:
    """A save being extended record by record, in place: its history, the state after it, its
    fair-play ledger and how many chance moves the history holds (counted once, when needed)."""

    def __init__(self, start: Save, moves: list[MoveRecord], ledger: Ledger | None) -> None:
        self.start, self.moves, self.state, self.ledger = start, moves, start.state, ledger
        self.draws: int | None = None

    @classmethod
    def of(cls, save: Save) -> _Growing:
        """A growing copy of ``save`` (which it leaves alone)."""
        return cls(save, list(save.moves), None if save.ledger is None else save.ledger.copy())

    def save(self) -> Save:
        """The save as it stands (sharing this history: take it when done growing)."""
        return replace(self.start, moves=self.moves, state=self.state, ledger=self.ledger)

    @property
    def head(self) -> str:
        return self.moves[-1].digest if self.moves else setup_digest(self.start.setup)

    def draw(self) -> int:
        """The number of the next chance draw."""
        if self.draws is None:
            self.draws = chance_count(self.moves)
        return self.draws

    def add(self, state: Any, record: MoveRecord) -> None:
        self.state = state
        self.moves.append(record)
        if record.by == CHANCE:
            self.draws = self.draw() + 1

    def move(self, game: Game, text: str) -> None:
        """Make the move ``text`` (raises BadNotation or IllegalMove, and then changes nothing)."""
        if len(self.moves) >= limits.MAX_MOVES:
            raise IllegalMove(f"the game has {len(self.moves)} moves, as many as a save may hold")
        if game.mover(self.state) == CHANCE:
            raise IllegalMove(waiting_message(self.save(), game))
        state, record = _step(game, self.state, self.head, text, owned=False)
        if self.ledger is not None:
            record = _signed(self.start, record)
            self.ledger.decision()
        self.add(state, record)

    def settle(self, game: Game) -> None:
        """Draw every chance move that can be drawn now (in a game played by e-mail, up to where
        a seat's part of the draw is still missing)."""
        while game.mover(self.state) == CHANCE:
            stream = stream_of(self.start.setup, self.ledger, self.draw())
            if stream is None:
                return
            text = game.format(game.chance_move(self.state, stream))
            self.add(*_step(game, self.state, self.head, text, owned=False))
            if self.ledger is not None:
                self.ledger.drew()

    def protocol(self, game: Game, seat: str, text: str) -> None:
        """Add the fair-play record ``text`` of ``seat`` (this machine's), checked as a load
        checks it (raises SaveError)."""
        assert self.ledger is not None
        record = _signed(self.start, MoveRecord(seat, text, move_digest(self.head, seat, text)))
        at_chance = game.mover(self.state) == CHANCE
        take(self.ledger, record, len(self.moves) + 1, self.draw(), at_chance)
        self.moves.append(record)

    def progress(self, game: Game) -> None:
        """Add this machine's due fair-play records (seed secrets, reveals) and every chance
        move that can then be drawn."""
        while True:
            self.settle(game)
            if self.ledger is None:
                return
            due = self.own_record(game, self.ledger)
            if due is None:
                return
            self.protocol(game, *due)

    def own_record(self, game: Game, ledger: Ledger) -> tuple[str, str] | None:
        """The next fair-play record a seat of this machine owes, as (seat, text), if any."""
        from nncli import fairplay

        for seat in ledger.seats:
            secrets = fairplay.load_secrets(game_id(self.start), seat)
            if secrets is None:
                continue
            if seat not in ledger.keys:
                continue
            if seat not in ledger.secrets:
                if ledger.may_reveal_seed(seat):
                    return seat, f"{fairplay.SEED} {secrets.secret.hex()}"
                continue
            if not ledger.takes_reveals() or seat in ledger.reveals:
                continue
            mover = game.mover(self.state)
            due = mover == CHANCE and ledger.current is None
            # a value for the next draws, given ahead by a seat that is not to move (the mover's
            # own would count as revealed before its move, and spare no mail)
            ahead = mover not in (None, CHANCE, seat) and ledger.may_reveal_ahead()
            if due or ahead:
                return seat, secrets.reveal_text(self.draw(), ledger.position(seat))
        return None


def _signed(save: Save, record: MoveRecord) -> MoveRecord:
    """``record`` signed with its seat's key from this machine (raises IllegalMove without it)."""
    from nncli import fairplay

    secrets = fairplay.load_secrets(game_id(save), record.by)
    if secrets is None:
        raise IllegalMove(
            f"it is {record.by}'s turn, and this machine holds no key for that seat: "
            "only its own player can make its moves in a game played by e-mail"
        )
    return record._replace(sig=secrets.sign(record.digest))


def protocol_record(save: Save, game: Game, seat: str, text: str) -> Save:
    """``save`` with the fair-play record ``text`` of ``seat`` (this machine's), checked."""
    grown = _Growing.of(save)
    grown.protocol(game, seat, text)
    return grown.save()


def join(save: Save, game: Game, seat: str) -> Save:
    """``save`` after ``seat`` joins on this machine: new secrets, and its signed ``@join``."""
    from nncli import fairplay

    if save.ledger is None:
        raise SaveError("this game is not played by e-mail, so there is no seat to join")
    if seat not in save.ledger.seats:
        raise SaveError(f"there is no seat {seat}; the seats are {', '.join(save.ledger.seats)}")
    if seat in save.ledger.keys:
        raise SaveError(f"the seat {seat} has already joined this game")
    secrets = fairplay.load_secrets(game_id(save), seat)
    try:
        key = secrets.key if secrets else fairplay.player_key()
        save.ledger.check_bound(seat, fairplay.Secrets(key, b"", b"").public_key())
    except fairplay.FairPlayError as exc:
        raise SaveError(f"you cannot join the seat {seat}: {exc}") from None
    if secrets is None:
        secrets = fairplay.create_secrets(game_id(save), seat)
    return progress(protocol_record(save, game, seat, secrets.join_text()), game)


def local_seats(save: Save) -> list[str]:
    """The seats of a game played by e-mail whose secrets this machine holds."""
    if save.ledger is None:
        return []
    from nncli import fairplay

    return [s for s in save.ledger.seats if fairplay.load_secrets(game_id(save), s) is not None]


def progress(save: Save, game: Game) -> Save:
    """``save`` after this machine's due fair-play records (seed secrets, reveals) and every
    chance move that can then be drawn."""
    grown = _Growing.of(save)
    grown.progress(game)
    return grown.save()


def waiting_message(save: Save, game: Game) -> str:
    """Why a chance move cannot be drawn yet, and what the players must do: of several players,
    the one likely to move after the draws is named last, as the mail should reach them last."""
    assert save.ledger is not None
    waiting = save.ledger.waiting_for()
    seats = ", ".join(seat_name(game, save.state, s) for s in waiting)
    text = (f"the game is waiting for {seats} to reveal their part of the next chance draw: "
            "mail the game to them")
    last = likely_mover(game, save.state) if len(waiting) > 1 else None
    if last not in waiting:
        return text
    order = [seat_name(game, save.state, s) for s in waiting if s != last]
    return (f"{text}, {' then '.join(order)} first and {seat_name(game, save.state, last)} "
            "last (likely to move next)")


def likely_mover(game: Game, state: Any) -> str | None:
    """The player likely to move once the chance moves due now are made: drawn from a stream of
    no one's (it tells nothing of the real draws); None when that cannot be found."""
    from nncli.chance import Stream

    guess = Stream(b"nncli-guess")
    for _ in range(limits.MAX_MOVES):
        if game.mover(state) != CHANCE:
            return game.mover(state)
        try:
            state = game.apply(state, game.chance_move(state, guess))
        except GameError:
            return None
    return None


def seat_name(game: Game, state: Any, seat: str) -> str:
    """The player's name for ``seat`` when the game's state lists players with names (control
    characters escaped)."""
    players = game.to_dict(state).get("players", [])
    for player in players if isinstance(players, list) else []:
        if isinstance(player, dict) and seat in player.values():
            name = player.get("name")
            if isinstance(name, str) and name:
                return shown(name)
    return shown(seat)


def settle(save: Save, game: Game) -> Save:
    """``save`` after every chance move that can be drawn now, each recorded as a move by
    ``CHANCE`` (see ``nncli.chance``); in a game played by e-mail drawing stops where a seat's
    part of the draw is still missing."""
    if game.mover(save.state) != CHANCE:
        return save
    grown = _Growing.of(save)
    grown.settle(game)
    return grown.save()


def _step(game: Game, state: Any, head: str, text: str, owned: bool) -> tuple[Any, MoveRecord]:
    """The state after the move ``text`` and its record, chained to ``head``. With ``owned``,
    ``state`` itself may be changed (``Game.advance``), even when the move is refused."""
    state, by, canonical = made(game, state, text, owned)
    return state, MoveRecord(by, canonical, move_digest(head, by, canonical))


def without_last(save: Save, game: Game) -> Save:
    """``save`` with its last move taken back: its log replayed from the setup without it (the
    same ``origin``, so it may be written in place of ``save``)."""
    shorter = replayed(game, save.game_key, save.setup, save.moves[:-1], save.created)
    return replace(shorter, origin=save.origin)
