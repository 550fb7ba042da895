"""Play-by-email: accept an opponent's save only if it honestly extends ours; write mail files.

A received save must be the same game (game and setup), carry our whole log unchanged as its
prefix, and its new moves must replay from our position, each by the seat whose turn it was.
Mail messages are standard ``.eml`` files (Python's ``email`` package) with the save attached;
nothing here touches the network.
"""

from __future__ import annotations

import email
import email.policy
from collections.abc import Sequence
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

from nncli import savefile
from nncli.game import Game
from nncli.savefile import MoveRecord, Save, SaveError

MAX_MESSAGE_BYTES = 2 * savefile.MAX_BYTES  # a base64 attachment is a third larger than the save


def receive(ours: Save, incoming: Save, game: Game) -> list[MoveRecord]:
    """The moves ``incoming`` adds to ``ours`` (empty when it adds none); raises SaveError.

    ``incoming`` must have been loaded (and so verified) by ``savefile``; its new moves are
    replayed again from our position, so each must be by the seat whose turn it was.
    """
    if incoming.game_key != ours.game_key:
        raise SaveError(
            f'the incoming save is a game of "{incoming.game_key}", not of "{ours.game_key}"'
        )
    if incoming.setup != ours.setup:
        raise SaveError("the incoming save has a different [setup], so it is another game")
    fork = first_difference(ours.moves, incoming.moves)
    if fork is not None:
        mine, theirs = ours.moves[fork - 1], incoming.moves[fork - 1]
        raise SaveError(
            f'the incoming save differs from yours at move {fork}: yours has "{describe(mine)}", '
            f'the incoming one has "{describe(theirs)}"'
        )
    if len(incoming.moves) < len(ours.moves):
        raise SaveError(
            f"the incoming save is older than yours: it has {len(incoming.moves)} moves, "
            f"yours has {len(ours.moves)}"
        )
    new = incoming.moves[len(ours.moves) :]
    savefile.replay(ours, game, new)
    return new


def first_difference(ours: Sequence[MoveRecord], theirs: Sequence[MoveRecord]) -> int | None:
    """The number (from 1) of the first move the two logs disagree on, if any."""
    for number, (mine, other) in enumerate(zip(ours, theirs, strict=False), 1):
        if mine != other:
            return number
    return None


def describe(record: MoveRecord) -> str:
    """``mushroom: build house k29 from th1``."""
    return f"{record.by}: {record.move}"


def fresh_copy(incoming: Save, game: Game) -> Save:
    """A save of the same game with no moves made: ``ours`` for a first ``receive``."""
    return Save(
        incoming.game_key, incoming.setup, [], game.new_game(incoming.setup), incoming.created
    )


# --- reading what arrived -----------------------------------------------------------------------


def read_incoming(path: Path) -> Save:
    """The verified save in ``path``: a ``.toml`` save, or an ``.eml`` message carrying one."""
    if path.suffix.lower() != ".eml":
        return savefile.load(path)
    message = email.message_from_bytes(
        savefile.read_bytes(path, MAX_MESSAGE_BYTES), policy=email.policy.default
    )
    for part in message.walk():
        filename = part.get_filename()
        payload = part.get_payload(decode=True)
        if filename and filename.lower().endswith(".toml") and isinstance(payload, bytes):
            return _attached_save(payload, f'the save "{filename}" attached to {path}')
    raise SaveError(f"{path} has no .toml attachment, so it carries no save")


def _attached_save(payload: bytes, name: str) -> Save:
    """The verified save in an attachment's bytes."""
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not UTF-8 text, so it is not a save") from None
    return savefile.loads(text, name)


# --- writing a message --------------------------------------------------------------------------


def last_turn(moves: Sequence[MoveRecord]) -> list[MoveRecord]:
    """The moves since the turn of whoever moved last began (the trailing run of their moves)."""
    run: list[MoveRecord] = []
    for record in reversed(moves):
        if run and record.by != run[0].by:
            break
        run.insert(0, record)
    return run


def turn_unfinished(game: Game, save: Save) -> bool:
    """Whether whoever made the last move is still to act (so mailing now is likely early)."""
    return bool(save.moves) and game.mover(save.state) == save.moves[-1].by


def seat_name(game: Game, state: Any, seat: str) -> str:
    """The player's name for ``seat`` when the game's state lists players with names."""
    players = game.to_dict(state).get("players", [])
    for player in players if isinstance(players, list) else []:
        if isinstance(player, dict) and seat in player.values():
            name = player.get("name")
            if isinstance(name, str) and name:
                return name
    return seat


def subject(game: Game, save: Save) -> str:
    """``nncli: Notebook Nations, round 3, Ben to play`` (the round when the state has one)."""
    parts = [f"nncli: {game.name}"]
    round_ = game.to_dict(save.state).get("round")
    if isinstance(round_, int):
        parts.append(f"round {round_}")
    mover, winner = game.mover(save.state), game.winner(save.state)
    if mover is not None:
        parts.append(f"{seat_name(game, save.state, mover)} to play")
    elif winner is not None:
        parts.append(f"{seat_name(game, save.state, winner)} won")
    else:
        parts.append("game over")
    return ", ".join(parts)


def body(game: Game, save: Save, filename: str) -> str:
    """The plain-text body: the last turn's moves, the board, and how to answer."""
    turn = last_turn(save.moves)
    if turn:
        who = seat_name(game, save.state, turn[0].by)
        lines = [f"{who}'s last turn:", *(f"  {describe(r)}" for r in turn)]
    else:
        lines = ["No moves yet."]
    return "\n".join(
        [
            *lines,
            "",
            game.render(save.state, color=False),
            "",
            f"{len(save.moves)} moves, head digest {save.head[:16]}.",
            f"To continue, save this message as a file and run: nncli receive {filename} FILE.eml",
            "",
        ]
    )


def compose(
    game: Game,
    save: Save,
    text: str,
    filename: str,
    to: str | None = None,
    sender: str | None = None,
) -> EmailMessage:
    """A mail message about ``save`` with its TOML ``text`` attached as ``filename``.

    Raises ValueError for an address that cannot be a mail header.
    """
    message = EmailMessage()
    message["Subject"] = subject(game, save)
    if sender:
        message["From"] = sender
    if to:
        message["To"] = to
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid(domain="nncli.invalid")
    text_body = body(game, save, filename)
    message.set_content(text_body, cte="7bit" if text_body.isascii() else "8bit")
    message.add_attachment(
        text.encode("utf-8"), maintype="application", subtype="toml", filename=filename
    )
    return message


def message_bytes(message: EmailMessage) -> bytes:
    """``message`` as an ``.eml`` file: RFC 5322 with CRLF line ends."""
    return message.as_bytes(policy=email.policy.SMTP)
