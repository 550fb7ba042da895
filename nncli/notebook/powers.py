"""The Avatar's Source Powers: costs, Culture thresholds, one a turn, and each nation's effects.

Rules: POWER-01..08, STUN-02, STUN-03, Q-39.
"""

from __future__ import annotations

from collections.abc import Iterator

from nncli.game import IllegalMove
from nncli.notebook import avatar, buildings, combat, economy, encounters, units
from nncli.notebook.content import Power as PowerCard
from nncli.notebook.content import load
from nncli.notebook.geometry import distance, square_name
from nncli.notebook.moves import Attack, Build, Move, Power
from nncli.notebook.state import State

# Powers that repeat a basic action other than Recover, which a Stunned Avatar cannot take.
REPEATS = ("repeat-attack", "repeat-build")
# The words each effect takes after the power's name; effects not listed take none, and those
# naming 1 to N pieces (upgrade-units, buildings-again) check their own.
ARGUMENTS = {"repeat-attack": 1, "repeat-build": 2, "spawn-melee": 1, "covering-fire": 1,
             "far-encounter": 1, "stun-unit": 1, "culture-and-magic": 1}
VARIADIC = ("upgrade-units", "buildings-again")


def card(state: State, key: str) -> PowerCard:
    found = load().nations[state.mover].powers.get(key)
    if found is None:
        raise IllegalMove(f"there is no Source Power {key!r}; use sp1, sp2 or grand.")
    return found


def culture_needed(key: str) -> int:
    """Rules: POWER-05, POWER-06, POWER-07 - SP2 needs 2 Culture, the Grand Power 12, SP1 none."""
    limits = load().limits
    return {"sp1": 0, "sp2": limits["culture_sp2"], "grand": limits["culture_grand"]}[key]


def use(state: State, move: Power) -> None:
    """Pay for and resolve one Source Power (at most one a turn)."""
    power = card(state, move.power)
    player = state.player(state.mover)
    if state.turn.avatar_power:
        raise IllegalMove("your Avatar has already used a Source Power this turn "
                          "(Rules: POWER-02).")
    need = culture_needed(move.power)
    if player.culture < need:
        raise IllegalMove(f"{power.name} needs {need} Culture; you have {player.culture} "
                          f"(Rules: POWER-05, POWER-06).")
    if player.source < power.cost:
        raise IllegalMove(f"{power.name} costs {power.cost} Source, you have {player.source} "
                          f"(Rules: POWER-01, POWER-08).")
    if power.effect in REPEATS and state.avatar(state.mover).stunned:
        raise IllegalMove("your Avatar is Stunned: it cannot repeat a basic action other than "
                          "Recover (Rules: STUN-01, Q-39).")
    most = ARGUMENTS.get(power.effect, 0)
    if power.effect not in VARIADIC and len(move.args) > most:
        raise IllegalMove(f"{power.name} takes {most or 'no'} word{'s' * (most != 1)} after "
                          f"its name.")
    player.source -= power.cost
    state.turn.avatar_power = True
    resolve(state, power, move.args)


def resolve(state: State, power: PowerCard, args: tuple[str, ...]) -> None:
    """Rules: POWER-03, POWER-04 - each effect as the nation mat's text says."""
    effect, amount = power.effect, power.amount
    word = encounters.arg_word
    if effect == "repeat-attack":
        state.turn.avatar_basic_allowed += 1
        combat.attack(state, Attack("avatar", word(args, 0, power.name)))
    elif effect == "repeat-build":
        state.turn.avatar_basic_allowed += 1
        square = encounters.arg_square(args, 1, power.name)
        avatar.build(state, Build(word(args, 0, power.name), square[0], square[1], "avatar"))
    elif effect == "spawn-melee":
        encounters.free_unit(state, "melee", encounters.arg_square(args, 0, power.name), False)
    elif effect == "upgrade-units":
        upgrade(state, args, amount)
    elif effect == "covering-fire":
        target = encounters.enemy_unit_within(state, word(args, 0, power.name), amount)
        units.hurt(state, target, 1)
    elif effect == "buildings-again":
        again(state, args, amount)
    elif effect == "move-again":
        state.turn.avatar_moves_allowed += 1
    elif effect == "far-encounter":
        encounters.take_token(state, encounters.arg_square(args, 0, power.name), amount)
    elif effect == "mass-move":
        for piece in state.units:
            if piece.owner == state.mover and not piece.is_avatar and not piece.stunned:
                state.turn.extra_moves.append(f"{piece.id}:{amount}")
    elif effect == "recover-free":
        state.avatar(state.mover).stunned = False
    elif effect == "stun-unit":
        encounters.enemy_unit_within(state, word(args, 0, power.name), amount).stunned = True
    elif effect == "culture-and-magic":
        economy.advance(state.player(state.mover), "culture", amount)
        encounters.free_unit(state, "magic", encounters.arg_square(args, 0, power.name), True)
    else:
        raise IllegalMove(f"the Source Power effect {effect!r} is unknown.")


def upgrade(state: State, args: tuple[str, ...], most: int) -> None:
    """Great Bloom: swap up to ``most`` size-1 Melee or Cavalry for size-2 tiles."""
    if not 1 <= len(args) <= most or len(set(args)) != len(args):
        raise IllegalMove(f"name 1 to {most} different units to grow.")
    for unit_id in args:
        piece = units.own_piece(state, unit_id)
        if piece.is_avatar or piece.key not in ("melee", "cavalry") or piece.size != 1:
            raise IllegalMove(f"{unit_id} is not a size-1 Melee or Cavalry unit.")
        stacked = units.stacked_with(state, piece)
        if stacked is not None:  # grown, it would overlap a unit it can no longer combine with
            raise IllegalMove(f"{unit_id} shares its squares with {stacked.id}: combine them "
                              f"instead (Rules: MOVE-09, COMB-02).")
        if not units.in_stock(state, state.mover, piece.key, 2):
            raise IllegalMove(f"no size-2 {piece.key} tile is left (Rules: UNIT-02).")
        used = economy.population(state, state.mover)
        if used + 1 > economy.population_limit(state, state.mover):
            raise IllegalMove("growing a unit needs 1 more population (Rules: UNIT-20).")
        piece.size = 2


def again(state: State, args: tuple[str, ...], most: int) -> None:
    """Clockwork Command: up to ``most`` of your buildings that acted may act again."""
    if not 1 <= len(args) <= most or len(set(args)) != len(args):
        raise IllegalMove(f"name 1 to {most} different buildings that have acted.")
    for building_id in args:
        if state.building(state.mover, building_id) is None:
            raise IllegalMove(f"you have no building {building_id}.")
        if building_id not in state.turn.buildings_acted:
            raise IllegalMove(f"{building_id} has not acted yet this turn.")
        state.turn.buildings_acted.remove(building_id)


def candidates(state: State) -> Iterator[Move]:
    """Each power with the arguments that could make it legal now."""
    if state.turn.avatar_power:
        return
    player = state.player(state.mover)
    for key, power in load().nations[state.mover].powers.items():
        if player.source < power.cost or player.culture < culture_needed(key):
            continue
        for args in _arguments(state, power):
            yield Power(key, args)


def _arguments(state: State, power: PowerCard) -> Iterator[tuple[str, ...]]:
    """The arguments that could make ``power`` legal: targets in reach, units that could grow."""
    effect = power.effect
    me = state.avatar(state.mover)
    enemies = [u for u in state.units if u.owner != state.mover]
    if effect == "repeat-attack":
        most = combat.reach(state, me)
        yield from ((f"{u.owner}:{u.id}",) for u in enemies if distance(me.rect, u.rect) <= most)
    elif effect == "repeat-build":
        sites = buildings.open_sites_next_to(state, me.rect)
        for kind in buildings.affordable_kinds(state, "crown"):
            for col, row in buildings.suitable(state, kind, sites):
                yield kind.key, square_name(col, row)
    elif effect in ("spawn-melee", "culture-and-magic"):
        key = "melee" if effect == "spawn-melee" else "magic"
        if units.in_stock(state, state.mover, key, 1) and economy.population(
                state, state.mover) < economy.population_limit(state, state.mover):
            for col, row in units.open_sites_around(state, me.rect):
                yield (square_name(col, row),)
    elif effect == "upgrade-units":
        yield from _growing(state)
    elif effect in ("covering-fire", "stun-unit"):
        yield from ((f"{u.owner}:{u.id}",) for u in enemies
                    if not u.is_avatar and distance(me.rect, u.rect) <= power.amount)
    elif effect == "buildings-again":
        acted = state.turn.buildings_acted
        yield from ((b,) for b in acted)
        yield from ((a, b) for i, a in enumerate(acted) for b in acted[i + 1:])
    elif effect == "far-encounter":
        yield from ((square_name(*t),) for t in state.tokens
                    if distance(me.rect, encounters.token_rect(t)) <= power.amount)
    else:
        yield ()


def _growing(state: State) -> Iterator[tuple[str, ...]]:
    """Great Bloom's choices: one or two size-1 Melee or Cavalry, as the population allows."""
    room = economy.population_limit(state, state.mover) - economy.population(state, state.mover)
    if room < 1:
        return
    small = [u.id for u in state.units if u.owner == state.mover and not u.is_avatar
             and u.size == 1 and u.key in ("melee", "cavalry")
             and units.in_stock(state, state.mover, u.key, 2)]
    yield from ((u,) for u in small)
    if room >= 2:
        yield from ((a, b) for i, a in enumerate(small) for b in small[i + 1:])
