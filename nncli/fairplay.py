"""Fair play by e-mail: player keys, signed moves, a seed no one chose, draws no one can foresee.

A game created with ``nncli new --pbem`` holds ``[setup.pbem]`` (``chance = "seeded"`` or
``"fair"``). Its log then carries, besides the game's moves, records of this protocol, each by a
seat and signed with that seat's key (docs/FAIRPLAY.md has the whole protocol):

    @join KEY COMMIT HEAD   the seat's Ed25519 public key, sha256 of its seed secret, and the head
                            of its hash chain (the chain's value number ``CHAIN_LENGTH``)
    @seed SECRET            the seed secret, once every seat has joined; the chance seed is
                            sha256 of every seat's secret in seat order
    @reveal K VALUE         (fair chance only) the seat's next chain value, for the draws due
                            from draw K on: sha256(VALUE) is the value it revealed before (its head
                            for its first reveal)

A fair game made with ``protocol = 2`` in ``[setup.pbem]`` (every fair game nncli makes now) draws
at the cost of play: the draws before the first player's move come from the seed, with no reveal;
every seat but the first to join reveals its seed secret with its join; and one reveal of each
seat serves every draw up to the next player's move (a run of draws with no decision between),
two of the values at least revealed after that move, the others (all seats but two) maybe ahead.
A game without it (protocol 1) takes a reveal of every seat for every draw, as it always did.

Every move of a seat is signed with the seat's key over the move's chained digest; chance moves
are not signed: anyone can check that they are what the seed or the reveals give. The secrets of
the seats played on this machine are kept in the user's config folder, one file per game and seat
(mode 0600), never in the save.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from nncli.chance import Stream

CHAIN_LENGTH = 4096  # reveals a seat may make under fair chance
CHANCE_MODES = ("seeded", "fair")
PROTOCOLS = (1, 2)  # protocol 2: draws at the cost of play (see the module's docstring)
CONFIG_ENV = "NNCLI_CONFIG_DIR"
JOIN, SEED, REVEAL = "@join", "@seed", "@reveal"


class FairPlayError(ValueError):
    """A protocol record or a signature that the rules of fair play refuse; one sentence."""


# --- the secrets of this machine's seats ------------------------------------------------------


def config_dir() -> Path:
    """``$NNCLI_CONFIG_DIR``, else ``$XDG_CONFIG_HOME/nncli``, else ``~/.config/nncli``."""
    chosen = os.environ.get(CONFIG_ENV)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "nncli"


def link(start: bytes, steps: int) -> bytes:
    """``start`` hashed ``steps`` times with sha256."""
    value = start
    for _ in range(steps):
        value = hashlib.sha256(value).digest()
    return value


@dataclass(frozen=True)
class Secrets:
    """What only one seat's player holds: the signing key, the seed secret, the chain's start."""

    key: bytes
    secret: bytes
    chain: bytes

    def public_key(self) -> bytes:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        return Ed25519PrivateKey.from_private_bytes(self.key).public_key().public_bytes_raw()

    def sign(self, digest: str) -> str:
        """The hex signature of a move's chained digest."""
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        return Ed25519PrivateKey.from_private_bytes(self.key).sign(digest.encode()).hex()

    def join_text(self) -> str:
        """``@join KEY COMMIT HEAD`` for this seat."""
        commit = hashlib.sha256(self.secret).hexdigest()
        head = link(self.chain, CHAIN_LENGTH).hex()
        return f"{JOIN} {self.public_key().hex()} {commit} {head}"

    def reveal_text(self, draw: int, position: int) -> str:
        """``@reveal K VALUE`` for the draw ``draw`` now due: the chain value after the
        ``position`` values this seat has revealed before (counted from 0)."""
        return f"{REVEAL} {draw} {link(self.chain, CHAIN_LENGTH - 1 - position).hex()}"


def key_path() -> Path:
    return config_dir() / "key.toml"


def player_key() -> bytes:
    """This player's signing key: the one every seat they join from now on is signed with, so
    that its fingerprint (``nncli key``) can bind a seat in advance. Made on first use, kept
    readable by this user alone."""
    import tomllib

    path = key_path()
    try:
        with open(path, "rb") as f:
            return bytes.fromhex(tomllib.load(f)["key"])
    except FileNotFoundError:
        pass
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise FairPlayError(f"the player key {path} cannot be read: {exc}") from None
    import secrets as token_source

    key = token_source.token_bytes(32)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(f'key = "{key.hex()}"\n')
    return key


def fingerprint(public_key: bytes) -> str:
    """The first 16 hex digits of sha256 of a public key: what players compare, and what
    ``nncli new --seat-key SEAT=FINGERPRINT`` binds a seat to."""
    return hashlib.sha256(public_key).hexdigest()[:16]


def secrets_path(game_id: str, seat: str) -> Path:
    return config_dir() / "games" / game_id / f"{seat}.toml"


# The secrets files this process has read, each with the (inode, size, change time) it had then:
# a command asks for them at every move and every pass over the seats, and reads each once.
_READ: dict[Path, tuple[tuple[int, int, int], Secrets | None]] = {}


def load_secrets(game_id: str, seat: str) -> Secrets | None:
    """This machine's secrets for ``seat`` of the game ``game_id``, or None when it has none
    (read once, and again only when the file has changed since)."""
    path = secrets_path(game_id, seat)
    try:
        found = os.stat(path)
    except OSError:
        return None
    mark = (found.st_ino, found.st_size, found.st_mtime_ns)
    kept = _READ.get(path)
    if kept is None or kept[0] != mark:
        kept = _READ[path] = (mark, _read_secrets(path))
    return kept[1]


def _read_secrets(path: Path) -> Secrets | None:
    """The secrets in the file at ``path``, or None when it holds none."""
    import tomllib  # only here: the start-up time of a command on a game not played by e-mail

    try:
        with open(path, "rb") as f:
            table = tomllib.load(f)
        return Secrets(*(bytes.fromhex(table[k]) for k in ("key", "secret", "chain")))
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError):
        return None


def create_secrets(game_id: str, seat: str) -> Secrets:
    """New secrets for ``seat``, written to the config folder readable by this user alone."""
    import secrets as token_source  # only a new seat needs these two

    import tomli_w

    made = Secrets(player_key(), token_source.token_bytes(32), token_source.token_bytes(32))
    path = secrets_path(game_id, seat)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(tomli_w.dumps({"key": made.key.hex(), "secret": made.secret.hex(),
                               "chain": made.chain.hex()}))
    return made


# --- what the log has established ---------------------------------------------------------------


def verify_signature(public_key: bytes, digest: str, signature: str) -> bool:
    """Whether ``signature`` (hex) is ``public_key``'s signature of ``digest``."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(
            bytes.fromhex(signature), digest.encode()
        )
    except (InvalidSignature, ValueError):
        return False
    return True


def _hex(word: str, size: int, what: str) -> bytes:
    try:
        value = bytes.fromhex(word)
    except ValueError:
        value = b""
    if len(value) != size:
        raise FairPlayError(f"its {what} is not {size * 2} hex digits")
    return value


@dataclass
class Ledger:
    """The fair-play facts a log has established so far, built record by record on replay."""

    mode: str
    seats: tuple[str, ...]
    protocol: int = 1
    keys: dict[str, bytes] = field(default_factory=dict)
    commits: dict[str, bytes] = field(default_factory=dict)
    secrets: dict[str, bytes] = field(default_factory=dict)
    links: dict[str, bytes] = field(default_factory=dict)  # the last chain value each revealed
    reveals: dict[str, bytes] = field(default_factory=dict)  # for the draws now due (or next)
    counts: dict[str, int] = field(default_factory=dict)  # how many values each has revealed
    decided: bool = False  # whether a player has made a move of the game yet
    fresh: set[str] = field(default_factory=set)  # protocol 2: who revealed since the last move
    current: bytes | None = None  # protocol 2: the values of the run of draws being made
    bound: dict[str, str] = field(default_factory=dict)  # seat -> key fingerprint (--seat-key)

    def copy(self) -> Ledger:
        return replace(self, keys=dict(self.keys), commits=dict(self.commits),
                       secrets=dict(self.secrets), links=dict(self.links),
                       reveals=dict(self.reveals), counts=dict(self.counts),
                       fresh=set(self.fresh))

    def check_bound(self, seat: str, public_key: bytes) -> None:
        """Refuse ``public_key`` for ``seat`` when the seat is bound to another key."""
        expected = self.bound.get(seat)
        if expected is not None and fingerprint(public_key) != expected:
            raise FairPlayError(f"the seat {seat} is bound to the key {expected} (nncli new "
                                f"--seat-key), not to the key {fingerprint(public_key)}")

    def all_joined(self) -> bool:
        return all(seat in self.keys for seat in self.seats)

    def seed(self) -> bytes | None:
        """sha256 of every seat's seed secret in seat order, once all are revealed."""
        if not all(seat in self.secrets for seat in self.seats):
            return None
        return hashlib.sha256(b"".join(self.secrets[s] for s in self.seats)).digest()

    def takes_reveals(self) -> bool:
        """Whether the draws now come from the seats' reveals: under fair chance, once every
        seat has joined, and in protocol 2 only after the first player's move (the draws before
        it come from the seed)."""
        return self.mode == "fair" and self.all_joined() and (
            self.protocol == 1 or self.decided)

    def stream(self, draw: int) -> Stream | None:
        """The stream of chance move ``draw``, or None while some seat's part is missing."""
        if self.takes_reveals():
            values = self.current or self._run_values()
            return None if values is None else Stream(b"nncli-fair:%d:" % draw + values)
        if self.mode == "fair" and self.protocol == 1:
            return None  # (not every seat has joined)
        seed = self.seed()
        return None if seed is None else Stream(b"nncli-pbem:%d:" % draw + seed)

    def waiting_for(self) -> list[str]:
        """The seats whose record a chance draw waits for now."""
        if not self.all_joined():
            return [s for s in self.seats if s not in self.keys]
        if self.takes_reveals():
            return [s for s in self.seats if s not in self.reveals]
        return [s for s in self.seats if s not in self.secrets]

    def may_reveal_seed(self, seat: str) -> bool:
        """Whether ``seat`` (joined) may reveal its seed secret now: once every seat has joined;
        in a fair game of protocol 2, any seat but the first to join at once (the first holds
        its secret back until all have joined, so no seat alone can choose the seed)."""
        if self.all_joined():
            return True
        early = self.mode == "fair" and self.protocol == 2
        return early and seat in self.keys and seat != next(iter(self.keys))

    def position(self, seat: str) -> int:
        """How many chain values ``seat`` has revealed: the position of its next one."""
        return self.counts.get(seat, 0)

    def _run_values(self) -> bytes | None:
        """Every seat's revealed value in seat order, once all are in (in protocol 2, with the
        values of two seats or more revealed since the last move: see ``may_reveal_ahead``)."""
        if any(s not in self.reveals for s in self.seats):
            return None
        if self.protocol == 2 and len(self.fresh) < min(2, len(self.seats)):
            return None
        return b"".join(self.reveals[s] for s in self.seats)

    def may_reveal_ahead(self) -> bool:
        """Protocol 2: whether a seat may reveal its value for the next run of draws before the
        move that leads to it. At most all seats but two may, so that two seats or more reveal
        theirs after that move: whoever made it (or any move before it) then lacks a value
        revealed after their move by someone else, and cannot foresee the draws."""
        return (self.protocol == 2 and self.takes_reveals()
                and len(self.reveals) < len(self.seats) - 2)

    def drew(self) -> None:
        """A chance move was made: in protocol 1 the next draw needs new reveals; in protocol 2
        the run's values serve its every draw, and reveals from now on are for the next run."""
        if self.protocol == 1:
            self.reveals.clear()
        elif self.current is None:
            self.current = self._run_values()
            self.reveals.clear()
            self.fresh.clear()

    def decision(self) -> None:
        """A player made a move of the game: in protocol 2 the run of draws is over, and a value
        revealed before now no longer counts as revealed after the last move."""
        self.decided = True
        self.current = None
        self.fresh.clear()

    def check_signed(self, by: str, digest: str, signature: str, number: int) -> None:
        """Refuse move ``number`` unless ``signature`` is the joined key of ``by`` over it."""
        if by not in self.keys:
            raise FairPlayError(f"move {number} is by {by}, a seat that has not joined the game")
        if not verify_signature(self.keys[by], digest, signature):
            raise FairPlayError(f"move {number} is not signed by {by}'s key: it was made or "
                                "changed by someone else")

    def take(self, by: str, text: str, digest: str, signature: str, number: int,
             draw: int, at_chance: bool) -> None:
        """Check the protocol record ``text`` of seat ``by`` and record what it establishes."""
        if by not in self.seats:
            raise FairPlayError(f"move {number} is by {by}, which is not a seat of this game")
        words = text.split()
        kind = words[0]
        try:
            if kind == JOIN and len(words) == 4:
                self._join(by, words[1:], digest, signature)
                return
            if kind == SEED and len(words) == 2:
                self.check_signed(by, digest, signature, number)
                self._seed(by, words[1])
                return
            if kind == REVEAL and len(words) == 3:
                self.check_signed(by, digest, signature, number)
                self._reveal(by, words[1], words[2], draw, at_chance)
                return
        except FairPlayError as exc:
            if str(exc).startswith("move "):
                raise
            raise FairPlayError(f'move {number} ("{kind}" by {by}) is refused: {exc}') from None
        raise FairPlayError(f'move {number} ("{kind}" by {by}) is not a record of fair play')

    def _join(self, by: str, words: Sequence[str], digest: str, signature: str) -> None:
        if by in self.keys:
            raise FairPlayError("that seat has already joined")
        key = _hex(words[0], 32, "key")
        if not verify_signature(key, digest, signature):
            raise FairPlayError("it is not signed by the key it declares")
        self.check_bound(by, key)
        self.keys[by] = key
        self.commits[by] = _hex(words[1], 32, "commitment")
        self.links[by] = _hex(words[2], 32, "chain head")

    def _seed(self, by: str, word: str) -> None:
        if not self.may_reveal_seed(by):
            raise FairPlayError(
                "a seed secret may be revealed only once every seat has joined"
                + (" (or by a seat other than the first, with its join)"
                   if self.mode == "fair" and self.protocol == 2 else ""))
        if by in self.secrets:
            raise FairPlayError("that seat has already revealed its seed secret")
        secret = _hex(word, 32, "secret")
        if hashlib.sha256(secret).digest() != self.commits[by]:
            raise FairPlayError("the secret does not match the seat's commitment")
        self.secrets[by] = secret

    def _reveal(self, by: str, draw_word: str, word: str, draw: int, at_chance: bool) -> None:
        if self.mode != "fair":
            raise FairPlayError("this game's chance is seeded, so it takes no reveals")
        if not at_chance and not self.may_reveal_ahead():
            raise FairPlayError("no chance move is due, so there is nothing to reveal for"
                                + (" (a value for the next draws may be revealed before the "
                                   "move that leads to them by all seats but two)"
                                   if self.protocol == 2 else ""))
        if at_chance and self.current is not None:
            raise FairPlayError("the draws now due have every seat's value already")
        if draw_word != str(draw):
            raise FairPlayError(f"it is for draw {draw_word}, but draw {draw} is due")
        if not self.all_joined():
            raise FairPlayError("reveals start once every seat has joined")
        if not self.takes_reveals():
            raise FairPlayError("the draws before the first move of the game come from the "
                                "seed, so there is nothing to reveal for")
        if by in self.reveals:
            raise FairPlayError("that seat has already revealed its value for this draw")
        value = _hex(word, 32, "value")
        if hashlib.sha256(value).digest() != self.links[by]:
            raise FairPlayError("the value does not hash to the seat's previous chain value")
        self.links[by] = value
        self.reveals[by] = value
        self.counts[by] = self.position(by) + 1
        if at_chance:
            self.fresh.add(by)


def is_protocol(text: str) -> bool:
    """Whether a record's text is a fair-play record rather than a game's move."""
    return text.startswith("@")


def ledger_for(setup: Mapping[str, Any], seats: Iterable[str]) -> Ledger | None:
    """An empty ledger for a game played by e-mail under fair play, None for any other game."""
    table = setup.get("pbem")
    if table is None:
        return None
    if not isinstance(table, dict) or table.get("chance") not in CHANCE_MODES:
        raise FairPlayError(
            f'the [setup.pbem] table must give chance = one of {", ".join(CHANCE_MODES)}'
        )
    seats = tuple(seats)
    bound = table.get("seat_keys", {})
    if not isinstance(bound, dict) or not all(
        seat in seats and isinstance(value, str) and len(value) == 16
        and all(c in "0123456789abcdef" for c in value) for seat, value in bound.items()
    ):
        raise FairPlayError("the [setup.pbem] seat_keys must bind seats of the game to key "
                            "fingerprints of 16 hex digits")
    protocol = table.get("protocol", 1)
    if type(protocol) is not int or protocol not in PROTOCOLS or (
            protocol == 2 and table["chance"] != "fair"):
        raise FairPlayError("the [setup.pbem] table's protocol must be 1, or 2 with chance = "
                            '"fair"')
    return Ledger(str(table["chance"]), seats, protocol, bound=dict(bound))
