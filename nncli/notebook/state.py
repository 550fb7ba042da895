"""The game state: plain dataclasses, copied (never shared) by ``State.clone``.

The state holds everything a position needs, the seed and the number of encounter draws
included, so the same setup and the same moves always give the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar

from nncli.notebook.geometry import BUILDING_H, BUILDING_W, UNIT_H, UNIT_W, Rect, square_name

PHASE_INITIATIVE = "initiative"
PHASE_TURNS = "turns"
PHASE_OVER = "over"

T = TypeVar("T")


@dataclass(slots=True, frozen=True)
class Building:
    """A building tile on the map. Never changed, only replaced, so copies of the state share
    their buildings (``State.clone``)."""

    id: str  # "house1", unique among its owner's pieces
    owner: str  # nation key
    key: str  # building type key: "house", "town-hall", ...
    col: int
    row: int
    face_down: bool = False  # solo AI: inactive until researched
    rect: Rect = field(init=False, repr=False, compare=False)  # its footprint, made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "rect", Rect(self.col, self.row, BUILDING_W, BUILDING_H))


@dataclass(slots=True)
class Unit:
    id: str  # "melee1", or "avatar" for the Avatar
    owner: str
    key: str  # unit type key, or "avatar"
    size: int  # 1 or 2; the Avatar has size 0
    col: int
    row: int
    stunned: bool = False
    moved: bool = False  # has moved this turn (it may not move again)
    acted: bool = False  # has used its action this turn (it may not move or act again)
    answered: bool = False  # solo AI Ranged: has dealt its return damage this round (SOLO-34)

    @property
    def rect(self) -> Rect:
        return tuple.__new__(Rect, (self.col, self.row, UNIT_W, UNIT_H))  # (quicker than Rect())

    @property
    def is_avatar(self) -> bool:
        return self.key == "avatar"


@dataclass(slots=True)
class Player:
    nation: str
    name: str
    controller: str = "human"  # "human", "ai" (solo rulebook AI), "random", "greedy"
    food: int = 0
    wood: int = 0
    gold: int = 0
    source: int = 0
    science: int = 0
    culture: int = 0
    initiative: int = 0  # initiative space this round, 0 while off the track
    research: list[str] = field(default_factory=list)  # unlocked nodes, in the order bought
    vp_military: int = 0
    vp_science: int = 0
    vp_culture: int = 0
    scored: list[str] = field(default_factory=list)  # one-time VP conditions already scored
    hand: list[str] = field(default_factory=list)  # encounter tiles held
    objectives: list[str] = field(default_factory=list)  # objectives completed
    encounters_collected: int = 0

    @property
    def vp(self) -> int:
        return self.vp_military + self.vp_science + self.vp_culture


@dataclass(slots=True)
class Turn:
    """What the player to act has used so far this turn."""

    buildings_acted: list[str] = field(default_factory=list)
    avatar_basic: int = 0  # basic actions used
    avatar_basic_allowed: int = 1
    avatar_power: bool = False  # a Source Power was used
    avatar_moves_allowed: int = 1  # movements allowed (Second Flight adds one)
    avatar_move_bonus: int = 0  # extra squares (Tailwind)
    build_discount: int = 0  # Blueprints
    kills: int = 0  # enemy units destroyed this turn
    wonder_culture: int = 0  # culture gained from the Mushroom Wonder this turn
    research_discount: int = 0  # Thimble Survey
    extra_moves: list[str] = field(default_factory=list)  # units allowed one more move
    pending_rewards: list[str] = field(default_factory=list)  # objectives awaiting a choice
    avatar_moves: int = 0  # movements the Avatar has made
    longest_kill: int = 0  # the longest range at which this player's attack destroyed a unit
    ending: bool = False  # the turn is over once the pending rewards are taken
    ai_stage: int = 0  # solo AI: the step of its turn reached (solo.STEPS)
    ai_skip: list[str] = field(default_factory=list)  # solo AI: units not to activate this turn


@dataclass(slots=True)
class State:
    seed: int
    map_key: str
    research_side: str  # "2p" or "3-4p"
    vp_goal: int
    players: list[Player]
    buildings: list[Building] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)  # units and Avatars
    tokens: list[tuple[int, int]] = field(default_factory=list)  # encounter tokens on the map
    encounter_draws: int = 0
    drawn: list[str] = field(default_factory=list)  # encounter tiles drawn so far, in order
    draws_due: int = 0  # tokens collected whose tiles chance draws next
    seed_deck: bool = False  # a game begun before chance moves: tiles come in the seed's order
    round: int = 1
    phase: str = PHASE_INITIATIVE
    order: list[str] = field(default_factory=list)  # nations in picking or turn order
    current: int = 0  # index into ``order`` of the player to act
    turn: Turn = field(default_factory=Turn)
    facing: dict[str, str] = field(default_factory=dict)  # nation -> "up" or "down"
    winner: str = ""
    plies: int = 0  # moves applied since the setup (seeds the bots' choices)
    report: list[str] = field(default_factory=list)  # the last round's end: VP and the winner

    def clone(self) -> State:
        """A deep copy, written out for speed (buildings, which never change, are shared)."""
        new = _shallow(self)
        new.players = [copy_player(p) for p in self.players]
        new.buildings = list(self.buildings)  # frozen, so shared
        new.units = [_shallow(u) for u in self.units]
        new.tokens = list(self.tokens)
        new.drawn = list(self.drawn)
        new.order = list(self.order)
        new.facing = dict(self.facing)
        new.turn = _copy_turn(self.turn)
        new.report = list(self.report)
        return new

    # --- lookups -------------------------------------------------------------------------
    @property
    def mover(self) -> str:
        """The nation to act now ("" once the game is over)."""
        return "" if self.phase == PHASE_OVER else self.order[self.current]

    def player(self, nation: str) -> Player:
        for p in self.players:
            if p.nation == nation:
                return p
        raise KeyError(nation)

    def building(self, owner: str, building_id: str) -> Building | None:
        for b in self.buildings:
            if b.owner == owner and b.id == building_id:
                return b
        return None

    def unit(self, owner: str, unit_id: str) -> Unit | None:
        for u in self.units:
            if u.owner == owner and u.id == unit_id:
                return u
        return None

    def avatar(self, owner: str) -> Unit:
        found = self.unit(owner, "avatar")
        if found is None:
            raise KeyError(owner)
        return found


def _shallow(obj: T) -> T:
    """A shallow copy of one of the state's dataclasses, several times faster than copy.copy."""
    return type(obj)(*_VALUES[type(obj)](obj))


def copy_player(p: Player) -> Player:
    """A copy of a player, its lists its own (the end of a round keeps one to tell its VP)."""
    new = _shallow(p)
    new.research = list(p.research)
    new.scored = list(p.scored)
    new.hand = list(p.hand)
    new.objectives = list(p.objectives)
    return new


def _copy_turn(t: Turn) -> Turn:
    new = _shallow(t)
    new.buildings_acted = list(t.buildings_acted)
    new.extra_moves = list(t.extra_moves)
    new.pending_rewards = list(t.pending_rewards)
    new.ai_skip = list(t.ai_skip)
    return new


# Every field's value in order, for each class ``_shallow`` copies (all fields are init fields).
_VALUES: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    cls: attrgetter(*(f.name for f in fields(cls))) for cls in (Unit, Player, Turn, State)
}


def json_view(state: State) -> dict[str, Any]:
    """``to_dict`` for people and scripts (``nncli show --json``): squares in the notation
    (``k3``) instead of column and row numbers."""
    plain = to_dict(state)
    plain["tokens"] = [square_name(col, row) for col, row in state.tokens]
    for piece in (*plain["buildings"], *plain["units"]):
        piece["square"] = square_name(piece.pop("col"), piece.pop("row"))
    return plain


def _plain(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(obj):
        if not f.init:  # worked out from the others (Building.rect)
            continue
        value = getattr(obj, f.name)
        if isinstance(value, list):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[f.name] = value
    return out


def to_dict(state: State) -> dict[str, Any]:
    """The TOML-ready plain form of a state (no None anywhere); ``draws_due`` only at a chance
    point, so the tables of saves made before chance moves still match."""
    plain = {
        "round": state.round,
        "phase": state.phase,
        "turn": state.mover,
        "winner": state.winner,
        "map": state.map_key,
        "research_side": state.research_side,
        "vp_goal": state.vp_goal,
        "seed": state.seed,
        "order": list(state.order),
        "current": state.current,
        "encounter_draws": state.encounter_draws,
        "tokens": [list(t) for t in state.tokens],
        "facing": dict(state.facing),
        "players": [dict(_plain(p), vp=p.vp) for p in state.players],
        "buildings": [_plain(b) for b in state.buildings],
        "units": [_plain(u) for u in state.units],
        "this_turn": _plain(state.turn),
        "report": list(state.report),
    }
    return plain | {"draws_due": state.draws_due} if state.draws_due else plain
