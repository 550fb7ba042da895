"""Encounter tokens and tiles: collecting a token, drawing from the seeded deck, playing a tile.

Rules: ENC-01..06, AVATAR-06, SETUP-04, Q-08, Q-38, Q-40.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from nncli.chance import Stream, seeded
from nncli.game import IllegalMove
from nncli.notebook import avatar, combat, content, economy, research, units
from nncli.notebook.content import EncounterTile
from nncli.notebook.geometry import Rect, distance, parse_square, square_name, unit_rect
from nncli.notebook.moves import Collect, Draw, Move, UseEncounter
from nncli.notebook.state import Player, State, Unit


@cache
def all_tiles() -> tuple[str, ...]:
    """Every encounter tile, one entry per copy, in the data's order."""
    return tuple(t.key for t in content.load().encounters for _ in range(t.copies))


@cache
def deck(seed: int) -> tuple[str, ...]:
    """Rules: SETUP-04 - the deck of a game begun before chance moves, shuffled by its seed (a
    game begun since draws each tile by chance from those left, which is the same shuffle)."""
    tiles = list(all_tiles())
    random.Random(seed).shuffle(tiles)
    return tuple(tiles)


def tile(key: str) -> EncounterTile:
    for found in content.load().encounters:
        if found.key == key:
            return found
    raise IllegalMove(f"there is no encounter tile {key!r}.")


def token_rect(square: tuple[int, int]) -> Rect:
    return Rect(square[0], square[1], 1, 1)


def take_token(state: State, square: tuple[int, int], reach: int) -> None:
    """Remove the token within ``reach`` of the Avatar and draw a tile for it.

    Rules: ENC-01, ENC-02 - "If your Avatar is adjacent to an Encounter token, you can remove
    that Encounter token from the map to collect it."
    """
    if square not in state.tokens:
        raise IllegalMove(f"there is no encounter token on {square_name(*square)}.")
    gap = distance(state.avatar(state.mover).rect, token_rect(square))
    if gap > reach:
        raise IllegalMove(f"the token on {square_name(*square)} is {gap} squares from your "
                          f"Avatar; it must be within {reach} (Rules: ENC-02).")
    state.tokens.remove(square)
    player = state.player(state.mover)
    player.encounters_collected += 1
    if player.controller == "ai":
        economy.advance(player, "culture", 1)  # Rules: SOLO-14
        return
    if state.encounter_draws + state.draws_due < len(all_tiles()):
        state.draws_due += 1  # Rules: ENC-02 - chance draws the tile (``draw``)
    if content.load().nations[player.nation].wonder_rule == "encounter-culture-and-range" \
            and "wonder" in economy.active_buildings(state, player.nation):
        economy.advance(player, "culture", economy.limit("wonder_culture_per_event"))


def pool(state: State) -> list[str]:
    """The tiles a draw may give now, one entry per copy: the tiles not drawn yet or, in a game
    begun before chance moves, the next tile of the seed's deck."""
    if state.seed_deck:
        return list(deck(state.seed)[state.encounter_draws : state.encounter_draws + 1])
    left = list(all_tiles())
    for drawn in state.drawn:
        left.remove(drawn)
    return sorted(left)


def draw(state: State, move: Draw) -> None:
    """Chance gives the collecting player the tile ``move.tile`` (Rules: ENC-02, SETUP-04)."""
    if not state.draws_due:
        raise IllegalMove("no encounter tile is to be drawn now (Rules: ENC-02).")
    if move.tile not in pool(state):
        raise IllegalMove(f"the tile {move.tile} is not in the encounter deck (Rules: SETUP-04).")
    state.player(state.mover).hand.append(move.tile)
    state.drawn.append(move.tile)
    state.encounter_draws += 1
    state.draws_due -= 1


def chance_draw(state: State, stream: Stream) -> Draw:
    """The tile the draw due gives: one of ``pool`` picked by ``stream``, each copy alike."""
    return Draw(stream.pick(pool(state)))


def seeded_draw(state: State) -> Draw:
    """The draw the seeded source gives (what ``nncli`` records for a game saved with its seed):
    for bots and self-play, which play without the shell."""
    return chance_draw(state, seeded(state.seed, state.encounter_draws))


def collect(state: State, move: Collect) -> None:
    """The Avatar's basic action: collect an adjacent token (AVATAR-06, ENC-01)."""
    avatar.use_basic_action(state, "collect")
    take_token(state, (move.col, move.row), 1)


def arg_square(args: tuple[str, ...], index: int, what: str) -> tuple[int, int]:
    square = parse_square(args[index]) if len(args) > index else None
    if square is None:
        raise IllegalMove(f"say where: {what} needs a square such as c5.")
    return square


def arg_word(args: tuple[str, ...], index: int, what: str) -> str:
    if len(args) <= index:
        raise IllegalMove(f"{what} needs one more word.")
    return args[index]


def free_unit(state: State, key: str, square: tuple[int, int], locked_ok: bool) -> None:
    """A size-1 unit placed free beside the Avatar; stock and population still apply."""
    nation = state.mover
    kind = content.load().nations[nation].units[key]
    if not locked_ok and kind.lock and kind.lock not in state.player(nation).research:
        raise IllegalMove(f"{kind.name} need the research node {kind.lock} (Rules: UNIT-06).")
    if not units.in_stock(state, nation, key, 1):
        raise IllegalMove(f"all your size-1 {kind.name} tiles are on the map (Rules: UNIT-02).")
    used, most = economy.population(state, nation), economy.population_limit(state, nation)
    if used + 1 > most:
        raise IllegalMove(f"a unit needs 1 population; you use {used} of {most} "
                          f"(Rules: UNIT-20, Q-10).")
    rect = unit_rect(*square)
    units.check_spawn_site(state, state.avatar(nation).rect, "your Avatar", rect)
    new_id = units.next_unit_id(state, nation, key)
    state.units.append(Unit(new_id, nation, key, 1, rect.col, rect.row))


def enemy_unit_within(state: State, text: str, reach: int) -> Unit:
    """An enemy unit (not an Avatar) within ``reach`` squares of your Avatar."""
    target = combat.enemy_piece(state, text)
    if target.is_avatar:
        raise IllegalMove("this works on enemy Units only, not on an Avatar.")
    gap = distance(state.avatar(state.mover).rect, target.rect)
    if gap > reach:
        raise IllegalMove(f"{units.label(target)} is {gap} squares from your Avatar; it must be "
                          f"within {reach}.")
    return target


# The words each tile's effect takes after its name; effects not listed take none.
ARGUMENTS = {"spawn-melee": 1, "spawn-cavalry": 1, "free-research": 1, "stun-unit": 1,
             "extra-move": 1}


def play(state: State, move: UseEncounter) -> None:
    """Rules: ENC-03, ENC-04, ENC-05 - play a tile from your hand now; it is then discarded."""
    player = state.player(state.mover)
    if move.tile not in player.hand:
        raise IllegalMove(f"you hold no {move.tile} encounter tile.")
    card = tile(move.tile)
    most = ARGUMENTS.get(card.effect, 0)
    if len(move.args) > most:
        raise IllegalMove(f"{card.name} takes {most or 'no'} word{'s' * (most != 1)} after its "
                          f"name.")
    resolve(state, player, card, move.args)
    player.hand.remove(move.tile)


def resolve(state: State, player: Player, card: EncounterTile, args: tuple[str, ...]) -> None:
    effect, amount = card.effect, card.amount
    if effect.startswith("gain-"):
        resource = effect.removeprefix("gain-")
        if resource in ("science", "culture"):
            economy.advance(player, resource, amount)
        else:
            economy.gain(player, resource, amount)
    elif effect in ("spawn-melee", "spawn-cavalry"):
        key = effect.removeprefix("spawn-")
        free_unit(state, key, arg_square(args, 0, card.name), locked_ok=True)
    elif effect == "avatar-move":
        state.turn.avatar_move_bonus += amount
    elif effect == "free-research":
        node = research.check_research(state, player, arg_word(args, 0, card.name), free=True)
        research.unlock(state, player, node, free=True)
    elif effect == "discount":
        state.turn.build_discount += amount
    elif effect == "second-wind":
        for piece in state.units:
            if piece.owner == player.nation:
                piece.stunned = False
    elif effect == "stun-unit":
        enemy_unit_within(state, arg_word(args, 0, card.name), amount).stunned = True
    elif effect == "extra-move":
        piece = units.own_piece(state, arg_word(args, 0, card.name))
        if piece.is_avatar or not (piece.moved or piece.acted):
            raise IllegalMove(f"{card.name} is for a Unit that has already activated.")
        state.turn.extra_moves.append(piece.id)
    else:
        raise IllegalMove(f"the encounter effect {effect!r} is unknown.")


def candidates(state: State) -> Iterator[Move]:
    """Token collections next to the Avatar and every way to play each tile in hand."""
    piece = state.avatar(state.mover)
    for square in state.tokens:
        if distance(piece.rect, token_rect(square)) <= 1:
            yield Collect(*square)
    player = state.player(state.mover)
    for key in sorted(set(player.hand)):
        yield from _uses(state, tile(key))


def _uses(state: State, card: EncounterTile) -> Iterator[Move]:
    effect = card.effect
    if effect in ("spawn-melee", "spawn-cavalry"):
        area = state.avatar(state.mover).rect
        for col, row in units.open_sites_around(state, area):
            yield UseEncounter(card.key, (square_name(col, row),))
    elif effect == "free-research":
        player = state.player(state.mover)
        for node in research.nodes(state):
            try:
                research.check_research(state, player, node, free=True)
            except IllegalMove:
                continue
            yield UseEncounter(card.key, (node,))
    elif effect == "stun-unit":
        for u in state.units:
            if u.owner != state.mover and not u.is_avatar:
                yield UseEncounter(card.key, (f"{u.owner}:{u.id}",))
    elif effect == "extra-move":
        for u in state.units:
            if u.owner == state.mover and not u.is_avatar:
                yield UseEncounter(card.key, (u.id,))
    else:
        yield UseEncounter(card.key)
