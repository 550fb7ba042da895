"""The state of a game of Nations, and its plain-dict form for saves.

The engine changes a state in place; ``clone`` gives the copy ``apply`` works on. Every value is
a plain int, str or list, so ``to_dict`` is cheap and a save's ``[state]`` reads as the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

# Phases. The chance points (ORDER, DEAL, EVENT, TILE, ROLL) are moved by the seat "chance".
ORDER = "order"  # setup: the random player order
DEAL = "deal"  # maintenance step 2: fill the progress board
GROWTH = "growth"  # maintenance step 3, in reverse player order
EVENT = "event"  # maintenance step 4: reveal the event card
TILE = "tile"  # solo: reveal the era's next rival tile
ACTION = "action"
ROLL = "roll"  # solo: the rival die after a trigger action
OVER = "over"
CHANCE_PHASES = (ORDER, DEAL, EVENT, TILE, ROLL)


@dataclass(slots=True)
class Slot:
    """A building or military card on a player board and the workers on it."""

    card: str
    workers: int = 0


@dataclass(slots=True)
class Nation:
    """One player's nation: stock, workers and player board."""

    key: str
    name: str
    difficulty: str
    food: int
    stone: int
    gold: int
    books: int
    vp: int
    idle: int  # workers in the resource area
    population: int  # workers still on the population track
    slots: list[Slot]
    covered: list[str] = field(default_factory=list)  # covered cards: they never work again
    advisor: str = ""
    colonies: list[str] = field(default_factory=list)
    wonder: str = ""  # the wonder under construction
    built: int = 0  # its sections built (architects on it)
    wonders: list[str] = field(default_factory=list)  # completed wonders
    passed: int = 0  # pass position this round (1 = first), 0 = not passed

    def clone(self) -> Nation:
        """An independent copy."""
        return Nation(
            self.key, self.name, self.difficulty, self.food, self.stone, self.gold, self.books,
            self.vp, self.idle, self.population, [Slot(s.card, s.workers) for s in self.slots],
            list(self.covered), self.advisor, list(self.colonies), self.wonder, self.built,
            list(self.wonders), self.passed,
        )

    def slot(self, card: str) -> Slot | None:
        """The slot holding ``card``, if it is on this board and uncovered."""
        for slot in self.slots:
            if slot.card == card:
                return slot
        return None

    @property
    def deployed(self) -> int:
        """Workers on building and military cards."""
        return sum(s.workers for s in self.slots)


@dataclass(slots=True)
class State:
    """A whole game: setup choices, the shared boards, every nation, and where play stands."""

    seed: int
    seats: list[str]  # nation keys in setup order
    controllers: list[str]  # per seat: "human", or the bot kind that plays it
    packs: list[str]
    solo: bool
    columns: int
    nations: dict[str, Nation]
    order: list[str]  # player order, first to act first
    round: int = 1
    phase: str = ORDER
    board: list[list[str]] = field(default_factory=list)  # rows of columns; "" = empty space
    decks: dict[str, list[str]] = field(default_factory=dict)  # era ("1".."4") -> cards left
    event_decks: dict[str, list[str]] = field(default_factory=dict)
    event: str = ""
    architects: int = 0  # in the architect space
    war: str = ""
    war_strength: int = 0
    war_buyer: str = ""
    turn: int = 0  # index into ``order`` (action) or into the reversed order (growth)
    passes: int = 0
    tiles: list[str] = field(default_factory=list)  # solo: this era's tiles not yet revealed
    tile: str = ""  # solo: the rival tile in force
    rival: list[str] = field(default_factory=list)  # solo: cards the rival took
    report: list[str] = field(default_factory=list)  # what the last automatic steps did
    scores: dict[str, dict[str, int]] = field(default_factory=dict)  # final, by category
    winner: str = ""
    plies: int = 0  # moves made so far (chance moves included)
    # what a war, event or scarcity took in books for what a nation lacked: (the report's line
    # it follows, its text); a field of its own, so the report of an older save is unchanged
    shortfalls: list[tuple[int, str]] = field(default_factory=list)

    def clone(self) -> State:
        """An independent copy (``apply`` changes the copy)."""
        return State(
            self.seed, list(self.seats), list(self.controllers), list(self.packs), self.solo,
            self.columns,
            {k: n.clone() for k, n in self.nations.items()}, list(self.order), self.round,
            self.phase, [list(row) for row in self.board],
            {k: list(v) for k, v in self.decks.items()},
            {k: list(v) for k, v in self.event_decks.items()}, self.event, self.architects,
            self.war, self.war_strength, self.war_buyer, self.turn, self.passes,
            list(self.tiles), self.tile, list(self.rival), list(self.report),
            {k: dict(v) for k, v in self.scores.items()}, self.winner, self.plies,
            list(self.shortfalls),
        )

    @property
    def era(self) -> int:
        """The era of the current round: rounds 1-2 are era I, and so on."""
        return (self.round + 1) // 2

    def nation(self, key: str) -> Nation:
        return self.nations[key]


def to_dict(state: State) -> dict[str, Any]:
    """A TOML-ready plain form of ``state``."""
    plain: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "nations":
            value = {k: nation_dict(n) for k, n in value.items()}
        elif f.name in ("decks", "event_decks"):
            value = {era: len(cards) for era, cards in value.items()}  # how many are left
        plain[f.name] = value
    plain["players"] = [
        {"nation": k, "name": state.nations[k].name, "vp": state.nations[k].vp}
        for k in state.seats
    ]
    return plain


def nation_dict(nation: Nation) -> dict[str, Any]:
    """A nation's plain form."""
    plain: dict[str, Any] = {}
    for f in fields(Nation):
        value = getattr(nation, f.name)
        if f.name == "slots":
            value = [{"card": s.card, "workers": s.workers} for s in value]
        plain[f.name] = value
    return plain


def json_view(state: State, strengths: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """``to_dict`` for people and scripts (``nncli show --json``): with the era and each nation's
    live strength and stability (``strengths``: nation -> (strength, stability)), which a save
    does not store because they are worked out from the board."""
    plain = to_dict(state)
    plain["era"] = state.era
    for key, (strength, stability) in strengths.items():
        plain["nations"][key] |= {"strength": strength, "stability": stability}
    return plain
