"""The Dice Game's state (plain mutable dataclasses, copied by ``clone``) and its dict form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHANCE = "chance"

# Phases: who acts and on what.
ORDER = "order"  # chance: the player order
DEAL = "deal"  # chance: the round's tiles, event (and bonus tile)
DRAW = "draw"  # chance, Unrest: the boards drawn
CHOOSE = "choose"  # Unrest: players choose boards in reverse order
ACTIONS = "actions"  # rolls (chance) and the players' actions
SHADOW_BOOKS = "shadow-books"  # chance, solo: the shadow's books at the end of the round
OVER = "over"

ADVISOR_GROUP = "v"  # the letter of dice printed on an advisor slot
SLOT_LETTERS = "abcdefghijklmnopqrstu"
MOST_DICE = 9  # on one slot: die ids run from a1 to a9


@dataclass(slots=True)
class Die:
    colour: str
    face: int  # 0-based index into the colour's faces
    used: bool = False

    def clone(self) -> Die:
        return Die(self.colour, self.face, self.used)


@dataclass(slots=True)
class Slot:
    """A building slot: the tile on it ("" for the printed building) and its dice."""

    tile: str
    dice: list[Die]

    def clone(self) -> Slot:
        return Slot(self.tile, [d.clone() for d in self.dice])


@dataclass(slots=True)
class Chit:
    kind: str
    source: str  # "start", "advisor-slot", "advisor", "colony", "wonder"
    used: bool = False

    def clone(self) -> Chit:
        return Chit(self.kind, self.source, self.used)


@dataclass(slots=True)
class Player:
    seat: str
    name: str
    board: str = ""
    slots: list[Slot] = field(default_factory=list)
    advisor_dice: list[Die] = field(default_factory=list)
    advisor: str = ""
    chits: list[Chit] = field(default_factory=list)
    colonies: list[str] = field(default_factory=list)
    wonders: list[str] = field(default_factory=list)  # under construction, "" = empty slot
    built: list[str] = field(default_factory=list)
    vp: int = 0
    books: int = 0
    passed: bool = False
    pass_tile: str = ""

    def clone(self) -> Player:
        return Player(
            self.seat, self.name, self.board, [s.clone() for s in self.slots],
            [d.clone() for d in self.advisor_dice], self.advisor,
            [c.clone() for c in self.chits], list(self.colonies), list(self.wonders),
            list(self.built), self.vp, self.books, self.passed, self.pass_tile)

    def dice(self) -> list[tuple[str, Die]]:
        """Every die with its id: slot letter and number (``a1``), ``v1`` for the advisor slot.

        The content gives a board at most 21 slots and a slot at most ``MOST_DICE`` dice. (The
        loops here and below are written out: they are the engine's hottest, and plain loops
        with counters run several times faster than ``zip``s in comprehensions.)"""
        out = []
        group = 0
        for slot in self.slots:
            ids, n = _IDS[group], 0
            group += 1
            for die in slot.dice:
                out.append((ids[n], die))
                n += 1
        ids, n = _IDS[ADVISOR_INDEX], 0
        for die in self.advisor_dice:
            out.append((ids[n], die))
            n += 1
        return out

    def unused_classes(self) -> dict[tuple[str, int], list[str]]:
        """The ids of the unused dice by class (colour, face index), in the order of ``dice``:
        dice of a class are alike, so a move names the lowest ids of each."""
        classes: dict[tuple[str, int], list[str]] = {}
        group = 0
        for slot in self.slots:
            ids, n = _IDS[group], 0
            group += 1
            for die in slot.dice:
                if not die.used:
                    classes.setdefault((die.colour, die.face), []).append(ids[n])
                n += 1
        ids, n = _IDS[ADVISOR_INDEX], 0
        for die in self.advisor_dice:
            if not die.used:
                classes.setdefault((die.colour, die.face), []).append(ids[n])
            n += 1
        return classes

    def die_ids(self) -> tuple[str, ...]:
        """The ids of every die, in the order of ``dice``."""
        ids: list[str] = []
        group = 0
        for slot in self.slots:
            ids += _IDS[group][:len(slot.dice)]
            group += 1
        ids += _IDS[ADVISOR_INDEX][:len(self.advisor_dice)]
        return tuple(ids)

    def dice_named(self, ids: tuple[str, ...]) -> list[Die] | None:
        """The dice ``ids`` name (as ``die`` finds them), or None when one names no die."""
        slots, advisor, dice = self.slots, self.advisor_dice, []
        try:
            for die_id in ids:
                group, index = _WHERE[die_id]
                dice.append((advisor if group == ADVISOR_INDEX else slots[group].dice)[index])
        except (KeyError, IndexError):  # no such id, slot or die
            return None
        return dice

    def all_dice(self) -> list[Die]:
        """Every die, in the order of ``dice`` (without their ids)."""
        out = []
        for slot in self.slots:
            out += slot.dice
        return out + self.advisor_dice

    def die(self, die_id: str) -> Die | None:
        """The die ``die_id`` names (as ``dice`` lists it), or None."""
        found = self.dice_named((die_id,))
        return found[0] if found else None


ADVISOR_INDEX = len(SLOT_LETTERS)  # the advisor slot's place among the groups of dice


# Where the die of each id is: (group, index from 0).
_WHERE = {f"{letter}{n}": (group, n - 1)
          for group, letter in enumerate(SLOT_LETTERS + ADVISOR_GROUP)
          for n in range(1, MOST_DICE + 1)}


_IDS = [tuple(f"{letter}{n}" for n in range(1, MOST_DICE + 1))
        for letter in SLOT_LETTERS + ADVISOR_GROUP]


def slot_ids(group: int, count: int) -> tuple[str, ...]:
    """The ids of the first ``count`` dice of slot ``group`` (0 for slot a)."""
    return _IDS[group][:count]


@dataclass(slots=True)
class State:
    unrest: bool
    solo: bool
    seats: tuple[str, ...]
    players: dict[str, Player]
    bots: tuple[str, ...]
    bot_kind: str
    columns: int
    phase: str = ORDER
    round: int = 1
    order: list[str] = field(default_factory=list)
    turn: int = 0  # index in ``order`` of the player to act
    board: list[str] = field(default_factory=list)  # row-major from row 1 (bottom); "" = empty
    event: str = ""
    bonus: str = ""
    bonus_used: list[str] = field(default_factory=list)
    pass_tiles: list[str] = field(default_factory=list)  # in the middle (or above columns, solo)
    passes: int = 0  # players who passed this round
    to_roll: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # (seat, die ids)
    shadow_due: bool = False
    extra_turn: bool = False
    drawn: list[int] = field(default_factory=list)
    shadow_books: int = 0
    shadow_taken: list[str] = field(default_factory=list)
    shadow_roll: int = 0
    dice_supply: dict[str, int] = field(default_factory=dict)
    chit_supply: dict[str, int] = field(default_factory=dict)
    news: list[str] = field(default_factory=list)  # what the shadow's last roll did (solo)
    report: list[str] = field(default_factory=list)  # the last end of round's lines
    winner: str = ""
    seed: int = 0
    plies: int = 0  # moves made, chance moves included (the bots' generator uses it)

    def clone(self) -> State:
        return State(
            self.unrest, self.solo, self.seats,
            {k: p.clone() for k, p in self.players.items()}, self.bots, self.bot_kind,
            self.columns, self.phase, self.round, list(self.order), self.turn, list(self.board),
            self.event, self.bonus, list(self.bonus_used), list(self.pass_tiles), self.passes,
            list(self.to_roll), self.shadow_due, self.extra_turn, list(self.drawn),
            self.shadow_books, list(self.shadow_taken), self.shadow_roll, dict(self.dice_supply),
            dict(self.chit_supply), list(self.news), list(self.report), self.winner, self.seed,
            self.plies)

    @property
    def current(self) -> Player:
        """The player whose turn it is in the action phase (or who chooses a board)."""
        return self.players[self.order[self.turn]]


def _die(key: str, die: Die) -> dict[str, Any]:
    return {"id": key, "colour": die.colour, "face": die.face + 1, "used": die.used}


def to_dict(state: State) -> dict[str, Any]:
    """The plain, TOML-ready form of ``state``."""
    players = []
    for seat in state.seats:
        p = state.players[seat]
        players.append({
            "seat": p.seat, "name": p.name, "nation": p.board, "vp": p.vp, "books": p.books,
            "passed": p.passed, "pass_tile": p.pass_tile,
            "slots": [s.tile for s in p.slots],
            "dice": [_die(k, d) for k, d in p.dice()],
            "advisor": p.advisor,
            "chits": [{"kind": c.kind, "source": c.source, "used": c.used} for c in p.chits],
            "colonies": list(p.colonies), "wonders": list(p.wonders), "built": list(p.built),
        })
    return {
        "unrest": state.unrest, "solo": state.solo, "phase": state.phase, "round": state.round,
        "order": list(state.order), "turn_index": state.turn, "board": list(state.board),
        "columns": state.columns, "event": state.event, "bonus": state.bonus,
        "bonus_used": list(state.bonus_used), "pass_tiles": list(state.pass_tiles),
        "passes": state.passes,
        "to_roll": [{"seat": s, "dice": list(ids)} for s, ids in state.to_roll],
        "shadow_due": state.shadow_due, "extra_turn": state.extra_turn,
        "drawn": list(state.drawn), "shadow_books": state.shadow_books,
        "shadow_taken": list(state.shadow_taken), "shadow_roll": state.shadow_roll,
        "dice_supply": dict(state.dice_supply), "chit_supply": dict(state.chit_supply),
        "report": list(state.report), "final_winner": state.winner, "plies": state.plies,
        "players": players,
    }
