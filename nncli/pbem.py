"""Play-by-email: accept an opponent's save only if it honestly extends ours; write mail files.

A received save must be the same game (game and setup), carry our whole log unchanged as its
prefix, and its new moves must replay from our position, each by the seat whose turn it was.
Mail messages are standard ``.eml`` files (Python's ``email`` package) with the save attached,
and headers naming the game and its move count (``X-nncli-Game``, ``X-nncli-Moves``) by which
``receive --fetch`` finds them; nothing here touches the network (``mailsend`` and ``mailfetch``
do).
"""

from __future__ import annotations

import email
import email.errors
import email.parser
import email.policy
import re
import textwrap
from collections.abc import Sequence
from email.headerregistry import Address
from email.message import EmailMessage, Message
from email.utils import formatdate
from pathlib import Path
from secrets import token_hex

from nncli import __version__, atomicfile, fairplay, limits, savefile, savemodel, saveplay, saveread
from nncli.chance import CHANCE
from nncli.game import Game
from nncli.savemodel import Save, SaveError
from nncli.saveplay import seat_name
from nncli.savetext import MoveRecord
from nncli.textsafe import shown

LINE = 78  # the longest line of a message body (RFC 5322's recommended limit)
BOARD_LINES = 999  # a board window in the body is LINE wide and as long as the board
WIDE_LINES = 10  # a board with more lines than this wider than LINE is left out of the body
DEFAULT_ADDRESS = "nncli@localhost"  # the From address when none is given: the mail program's own
GAME_HEADER, MOVES_HEADER = "X-nncli-Game", "X-nncli-Moves"  # what --fetch looks for
THREAD_DOMAIN = "nncli.invalid"  # the domain of the Message-IDs nncli makes
MAX_MESSAGE_BYTES = 2 * limits.MAX_BYTES  # a base64 attachment is a third larger than the save
_PART_LINE = re.compile(rb"^(?:--|content-type[ \t]*:)", re.IGNORECASE | re.MULTILINE)
_BOUNDARY = re.compile(rb"boundary[ \t]*=", re.IGNORECASE)
_HEADERS = email.parser.BytesHeaderParser(policy=email.policy.compat32)
# A Message-ID kept for References: at most 77 characters, so that it fits a folded header line
# of 78 (the email package would turn a longer one into encoded words, which threads nothing)
_MESSAGE_ID = re.compile(r"<[^<>\s\"\\]{1,74}@[^<>\s\"\\]{1,74}>")
MESSAGE_ID_LONGEST = 77
THREAD_KEPT = 10  # the Message-IDs a message's References name after the game's root: the latest


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
    saveread.replay(ours, game, new)
    return new


def first_difference(ours: Sequence[MoveRecord], theirs: Sequence[MoveRecord]) -> int | None:
    """The number (from 1) of the first move the two logs disagree on, if any."""
    for number, (mine, other) in enumerate(zip(ours, theirs, strict=False), 1):
        if mine != other:
            return number
    return None


def describe(record: MoveRecord) -> str:
    """``mushroom: build house k29 from th1`` (control characters escaped); a fair-play record's
    long hex values are cut to their first 12 digits (``thimble: @seed d90a1dd92195...``), and
    a join shows its key's fingerprint, as ``nncli key`` prints it (``b: @join key 1a2b...``)."""
    text = record.move
    words = text.split()
    if words[:1] == [fairplay.JOIN] and len(words) == 4 and len(words[1]) == 64:
        try:
            return shown(f"{record.by}: {fairplay.JOIN} key "
                         f"{fairplay.fingerprint(bytes.fromhex(words[1]))}")
        except ValueError:
            pass
    if fairplay.is_protocol(text):
        text = " ".join(w[:12] + "..." if len(w) > 15 else w for w in text.split())
    return shown(f"{record.by}: {text}")


def fresh_copy(incoming: Save, game: Game) -> Save:
    """A save of the same game with no moves made: ``ours`` for a first ``receive``."""
    return saveread.started(game, incoming.game_key, incoming.setup, incoming.created)


def take_part(received: Save, game: Game, player: str | None = None) -> Save:
    """``received`` after this machine's part in fair play: the seat of ``player`` (a player's
    name or a seat) joined when this machine holds none, its seed secret and reveals when they
    are due, and the chance moves that follow. Raises SaveError when this machine holds no
    seat and none can be its own: ``player``'s seat joined by another key, or no seat free."""
    ledger = received.ledger
    if ledger is None or saveplay.local_seats(received):
        return received if ledger is None else saveplay.progress(received, game)
    full = SaveError("every seat of this game has joined, none of them on this machine, so "
                     "there is no seat left for you; no copy was made")
    free = [seat for seat in ledger.seats if seat not in ledger.keys]
    if player is None:
        if not free:
            raise full
        return saveplay.progress(received, game)
    try:
        seat = seat_of(game, received, player)
    except SaveError:
        if free:
            raise
        raise full from None
    if seat in ledger.keys:
        raise SaveError(
            f"your seat {seat_label(game, received, seat)} has already been joined by another "
            "key, not this machine's: someone else took it, so this copy is not yours to play; "
            "no copy was made (ask the other players who joined it)")
    return saveplay.join(received, game, seat)


def seat_label(game: Game, save: Save, seat: str) -> str:
    """``thimble (Ben)``, or ``c`` when the seat's player has no other name."""
    name = seat_name(game, save.state, seat)
    return seat if name == seat else f"{seat} ({name})"


def seat_of(game: Game, save: Save, player: str) -> str:
    """The seat of the player called ``player`` (their name, or the seat itself, in any case);
    raises SaveError when no seat is theirs."""
    wanted = player.casefold()
    assert save.ledger is not None
    for seat in save.ledger.seats:
        if wanted in (seat.casefold(), seat_name(game, save.state, seat).casefold()):
            return seat
    names = ", ".join(seat_label(game, save, s) for s in save.ledger.seats)
    raise SaveError(f"no seat of this game is {player}'s: the players are {names}; give your "
                    "name with --as NAME")


# --- reading what arrived -----------------------------------------------------------------------


def read_incoming(path: Path) -> tuple[Save, bytes | None]:
    """The verified save in ``path``: a ``.toml`` save, or an ``.eml`` message carrying one
    (then with the message's bytes)."""
    if path.suffix.lower() != ".eml":
        return savefile.load(path), None
    data = savefile.read_bytes(path, MAX_MESSAGE_BYTES)
    return message_save(data, str(path)), data


def message_headers(data: bytes) -> Message:
    """The headers of the mail message ``data``, read leniently (the body is not parsed)."""
    return _HEADERS.parsebytes(data.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0])


def message_save(data: bytes, name: str) -> Save:
    """The verified save attached to the mail message ``data`` (called ``name`` in errors)."""
    check_message_shape(data, name)
    try:
        found = _toml_attachment(email.message_from_bytes(data, policy=email.policy.default))
    except (LookupError, ValueError, TypeError, email.errors.MessageError):
        raise SaveError(f"{name} has a part whose headers cannot be read") from None
    if found is None:
        raise SaveError(f"{name} has no .toml attachment, so it carries no save")
    filename, payload = found
    return _attached_save(payload, f'the save "{filename}" attached to {name}')


def _toml_attachment(message: Message) -> tuple[str, bytes] | None:
    """The file name and the bytes of the first part whose file name ends in ``.toml``."""
    for part in message.walk():
        filename = part.get_filename()
        payload = part.get_payload(decode=True)
        if filename and filename.lower().endswith(".toml") and isinstance(payload, bytes):
            return filename, payload
    return None


def check_message_shape(data: bytes, name: str) -> None:
    """Refuse, before parsing, a message of more parts or nested multiparts than the limits
    allow (the ``email`` package's cost grows with the parts and it recurses into each level).
    A part starts with a boundary line or a Content-Type header; a multipart declares a
    boundary, so it cannot nest deeper than the boundaries declared."""
    if len(_PART_LINE.findall(data)) > 2 * limits.MAX_MAIL_PARTS:
        raise SaveError(f"{name} has more than {limits.MAX_MAIL_PARTS} parts, too many for nncli")
    if len(_BOUNDARY.findall(data)) > limits.MAX_MAIL_DEPTH:
        raise SaveError(
            f"{name} has more than {limits.MAX_MAIL_DEPTH} multipart sections, too many for nncli"
        )


def _attached_save(payload: bytes, name: str) -> Save:
    """The verified save in an attachment's bytes."""
    return saveread.loads(savefile.decoded(payload, name), name)


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
    """Whether whoever made the last move is still to act (so mailing now is likely early);
    a record of fair play (a seat's join) is no move of a turn."""
    return bool(save.moves) and not fairplay.is_protocol(save.moves[-1].move) and (
        game.mover(save.state) == save.moves[-1].by)


def subject(game: Game, save: Save) -> str:
    """``nncli: Notebook Nations, round 3, Ben to play`` (the round when the state has one)."""
    return f"nncli: {status(game, save)}"


def status(game: Game, save: Save) -> str:
    """``Notebook Nations, round 3, Ben to play`` (the round when the state has one)."""
    parts = [game.name]
    round_ = game.to_dict(save.state).get("round")
    if isinstance(round_, int):
        parts.append(f"round {round_}")
    mover, winner = game.mover(save.state), game.winner(save.state)
    if mover == CHANCE:
        parts.append("a chance draw due")
    elif mover is not None:
        parts.append(f"{seat_name(game, save.state, mover)} to play")
    elif winner is not None and len(game.seats(save.state)) > 1:  # a solo game has no winner
        parts.append(f"{seat_name(game, save.state, winner)} won")
    else:
        parts.append("game over")
    return ", ".join(parts)


def since_last_move(moves: Sequence[MoveRecord], seat: str) -> list[MoveRecord]:
    """``seat``'s last move and every move after it (all the moves when ``seat`` has none)."""
    for start in range(len(moves) - 1, -1, -1):
        if moves[start].by == seat:
            return list(moves[start:])
    return list(moves)


def news(game: Game, save: Save) -> list[str]:
    """What the receiver (the seat to move) has not seen: their own last move and every move
    since, by seat, so that no move made in their seat or by a third seat is left out. Once the
    game is over, the last turn."""
    receiver = game.mover(save.state)
    if not save.moves:
        return ["No moves yet."]
    if receiver is None:
        turn = last_turn(save.moves)
        return [f"{seat_name(game, save.state, turn[0].by)}'s last turn:", *map(_line, turn)]
    who = seat_name(game, save.state, receiver)
    shown_moves = since_last_move(save.moves, receiver)
    if len(shown_moves) == len(save.moves) and save.moves[0].by != receiver:
        return ["Every move so far:", *map(_line, shown_moves)]
    return [f"{who}'s last move and every move since:", *map(_line, shown_moves)]


def _line(record: MoveRecord) -> str:
    return f"  {describe(record)}"


def body(game: Game, save: Save, filename: str) -> str:
    """The plain-text body, no line over ``LINE`` characters: the moves the receiver has not
    seen, the board, and how to answer."""
    drawn = game.render(save.state, color=False, size=(LINE, BOARD_LINES))
    board = [shown(line) for line in drawn.splitlines()]
    if sum(len(line) > LINE for line in board) > WIDE_LINES:
        widest = max(map(len, board))
        board = [f"(The board is {widest} characters wide, more than a mail line: nncli receive "
                 "shows it.)"]
    lines = [
        *news(game, save),
        "",
        *board,
        "",
        f"{len(save.moves)} moves, head digest {save.head[:16]}.",
        "To continue, save this message as a file, say FILE.eml, and run:",
        f"  nncli receive {filename} FILE.eml",
    ]
    return "\n".join([*(part for line in lines for part in fit(line)), ""])


def fit(line: str) -> list[str]:
    """``line`` wrapped at spaces within ``LINE`` characters, its indent kept on every part."""
    if len(line) <= LINE:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.wrap(line, LINE, subsequent_indent=indent + "  ") or [line]


def default_sender(game: Game, save: Save) -> str:
    """``Ann <nncli@localhost>``: the name of this machine's seat in a game played by e-mail,
    else of the player who moved last (or is to move first); never the seat ``chance``."""
    people = [record.by for record in save.moves if record.by != CHANCE]
    mover = game.mover(save.state)
    seat = next(iter(saveplay.local_seats(save)), None) or (people[-1] if people else None)
    seat = seat or (mover if mover != CHANCE else None)
    name = seat_name(game, save.state, seat) if seat else game.name
    return str(Address(display_name=" ".join(shown(name).split()), addr_spec=DEFAULT_ADDRESS))


def compose(
    game: Game,
    save: Save,
    text: str,
    filename: str,
    to: str | None = None,
    sender: str | None = None,
    references: Sequence[str] = (),
) -> EmailMessage:
    """A mail message about ``save`` with its TOML ``text`` attached as ``filename``, answering
    the last message of ``references`` (the game's thread, root first; default: the root).

    Raises ValueError for an address that cannot be a mail header.
    """
    message = EmailMessage()
    message["Subject"] = shown(subject(game, save))
    message["From"] = sender or default_sender(game, save)
    if to:
        message["To"] = to
    message["Date"] = formatdate(localtime=True)
    game_id = savemodel.game_id(save)
    message["Message-ID"] = f"<{game_id}.{len(save.moves)}.{token_hex(6)}@{THREAD_DOMAIN}>"
    chain = list(references) or [thread_root(game_id)]
    message["In-Reply-To"] = chain[-1]
    message["References"] = " ".join(chain)
    message[GAME_HEADER] = game_id
    message[MOVES_HEADER] = str(len(save.moves))
    message["X-Mailer"] = f"nncli {__version__}"
    text_body = body(game, save, filename)
    message.set_content(text_body, cte="7bit" if text_body.isascii() else "8bit")
    message.add_attachment(
        text.encode("utf-8"), maintype="application", subtype="toml", filename=shown(filename)
    )
    return message


def thread_root(game_id: str) -> str:
    """``<game-ID@nncli.invalid>``: the message every message of a game answers, so that mail
    programs show a game's messages as one thread."""
    return f"<game-{game_id}@{THREAD_DOMAIN}>"


def thread_path(game_id: str) -> Path:
    """Where this machine keeps the thread of the game ``game_id``: beside its secrets."""
    return fairplay.config_dir() / "games" / game_id / "thread.txt"


def thread(game_id: str) -> list[str]:
    """The References of this machine's next message of the game ``game_id``: the root, then
    the Message-IDs of the chain that ends with the last message received (by ``receive``)."""
    try:
        text = thread_path(game_id).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        text = ""
    return _chain(game_id, _MESSAGE_ID.findall(text))


def keep_thread(game_id: str, data: bytes) -> None:
    """Keep the message ``data`` (of the game ``game_id``, just received) as the one the next
    message answers: its References, then its Message-ID. Best effort: threading is a
    convenience of the mail program, never a reason to fail a ``receive``."""
    headers = message_headers(data)
    said = [_MESSAGE_ID.findall(str(headers.get(name, ""))) for name in
            ("References", "Message-ID")]
    if not said[1]:
        return  # no Message-ID: nothing to answer
    chain = _chain(game_id, [*said[0], said[1][0]])
    path = thread_path(game_id)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomicfile.replace_bytes(path, "".join(f"{i}\n" for i in chain).encode(), mode=0o600)
    except OSError:
        pass


def _chain(game_id: str, ids: Sequence[str]) -> list[str]:
    """The game's root, then the latest THREAD_KEPT of ``ids`` (oldest first, each once)."""
    root = thread_root(game_id)
    fit = (i for i in reversed(ids) if i != root and len(i) <= MESSAGE_ID_LONGEST)
    rest = list(dict.fromkeys(fit))[:THREAD_KEPT]
    return [root, *reversed(rest)]


def message_bytes(message: EmailMessage) -> bytes:
    """``message`` as an ``.eml`` file: RFC 5322 with CRLF line ends."""
    return message.as_bytes(policy=email.policy.SMTP)
