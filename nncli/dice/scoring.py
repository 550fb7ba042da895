"""The end of a round (books, famine, war, player order, bonus tile), the final score, the winner
and the solo Hall of Fame."""

from __future__ import annotations

from nncli.dice.content import SYMBOLS, Content, Fame
from nncli.dice.payment import face_of
from nncli.dice.state import Player, State


def pass_amount(content: Content, state: State) -> int:
    """What a pass-first tile is worth this round: 1, or 2 under the doubling bonus tile
    (UBONUS-07, USOLO-05)."""
    bonus = content.bonus_tiles.get(state.bonus)
    doubled = bonus is not None and (bonus.solo if state.solo else bonus.effect) == "pass-double"
    return content.rules.pass_first_doubled if doubled else content.rules.pass_first_amount


def totals(content: Content, state: State, player: Player) -> dict[str, int]:
    """The player's unused symbols: dice faces, chits and the pass-first tile (DEND-01)."""
    out = dict.fromkeys(SYMBOLS, 0)
    for die in player.all_dice():
        if not die.used:
            symbol, count = face_of(content, die)
            if symbol in out:
                out[symbol] += count
    for chit in player.chits:
        kind = content.chits[chit.kind]
        if not chit.used and kind.kind == "symbol":
            out[kind.symbol] += kind.amount
    if player.pass_tile:
        out[content.pass_tiles[player.pass_tile].symbol] += pass_amount(content, state)
    return out


def shadow_raise(content: Content, state: State, symbol: str) -> int:
    """How much the shadow's pass-first tiles of ``symbol`` add this round (USOLO-11..13, 16)."""
    taken = sum(content.pass_tiles[t].symbol == symbol for t in state.shadow_taken)
    return taken * pass_amount(content, state)


def famine_and_war(content: Content, state: State) -> tuple[int, int]:
    """The round's famine and war values, raised by the shadow's tiles in solo."""
    event = content.events[state.event]
    if not state.solo:
        return event.famine, event.war
    return (event.famine + shadow_raise(content, state, "food"),
            event.war + shadow_raise(content, state, "strength"))


REPORT_WIDTH = 58  # a report line fits beside the board at 80 columns


def named(name: str, rest: str) -> str:
    """``name`` and ``rest`` in one report line, the name cut short where the line is too long."""
    room = max(REPORT_WIDTH - len(rest), 4)
    return (name if len(name) <= room else name[:room - 1] + ".") + rest


def bonus_line(bonus: str, name: str, vp: int) -> str:
    """The report line of a bonus tile's VP: "bonus Most food: Ben +2 VP"."""
    return named(f"bonus {bonus}: {name}", f" +{vp} VP")


def _player_line(name: str, books: int, gains: tuple[int, int, int],
                 made: dict[str, int]) -> str:
    """"Ben: 5 books +4 VP, 3 food +2 VP, 1 strength": books, famine and war of a round."""
    parts = [f"{books} book{'s' * (books != 1)}", f"{made['food']} food",
             f"{made['strength']} strength"]
    said = [part + (f" +{vp} VP" if vp else "") for part, vp in zip(parts, gains, strict=True)]
    return named(name, ": " + ", ".join(said))


def end_round(content: Content, state: State) -> None:
    """Score the round in the spec's order (DEND-02) and set the next round's player order;
    the report lines go to ``state.report``, after the bonus VP of the pass that ended it."""
    rules, event = content.rules, content.events[state.event]
    made = {seat: totals(content, state, state.players[seat]) for seat in state.order}
    famine, war = famine_and_war(content, state)
    at_pass = list(state.report)
    report = [f"round {state.round} ends, {event.name}: famine {famine}, war {war}"]
    gains = {seat: [0, 0, 0] for seat in state.order}
    backwards = list(reversed(state.order))  # DEND-03
    for seat in backwards:
        state.players[seat].books += made[seat]["book"]
    if state.solo:
        extra = shadow_raise(content, state, "book")
        state.shadow_books += state.shadow_roll + extra
        report.append(f"shadow: {state.shadow_books} books (rolled {state.shadow_roll}"
                      + (f", +{extra} for its book tile)" if extra else ")"))
    for seat in backwards:
        p = state.players[seat]
        if state.solo:
            gain = rules.book_vp_per_opponent if p.books > state.shadow_books else 0
        else:
            fewer = sum(state.players[o].books < p.books for o in state.order if o != seat)
            gain = rules.book_vp_per_opponent * fewer
        p.vp += gain
        gains[seat][0] = gain
    for seat in backwards:
        if made[seat]["food"] >= famine:
            state.players[seat].vp += event.famine_vp
            gains[seat][1] = event.famine_vp
    for seat in backwards:
        if made[seat]["strength"] >= war:
            state.players[seat].vp += event.war_vp
            gains[seat][2] = event.war_vp
    for seat in state.order:
        p = state.players[seat]
        report.append(_player_line(p.name, p.books, (gains[seat][0], gains[seat][1],
                                                     gains[seat][2]), made[seat]))
    previous = list(state.order)
    state.order.sort(key=lambda s: (-made[s]["strength"], previous.index(s)))  # DEND-05, 06
    report += at_pass
    _bonus(content, state, made, report)
    if state.round < rules.rounds and len(state.order) > 1:
        report.append(named("next order by strength: ", ", ".join(
            state.players[s].name for s in state.order)))
    state.report = report


def _bonus(content: Content, state: State, made: dict[str, dict[str, int]],
           report: list[str]) -> None:
    """The round's bonus tile: most food, strength or books (UBONUS-04..06, 10, 11; DQ-22), or
    in solo one more than the famine, the war or the shadow's roll (USOLO-02..04)."""
    bonus = content.bonus_tiles.get(state.bonus)
    if bonus is None:
        return
    vp = content.rules.bonus_vp
    if state.solo:
        seat = state.order[0]
        famine, war = famine_and_war(content, state)
        goal = {"beat-famine": ("food", famine + 1), "beat-war": ("strength", war + 1),
                "beat-shadow": ("book", state.shadow_roll + 1)}.get(bonus.solo)
        if goal is not None and made[seat][goal[0]] >= goal[1]:
            state.players[seat].vp += vp
            report.append(bonus_line(bonus.name, state.players[seat].name, vp))
        elif goal is not None:
            report.append(f"bonus {bonus.name}: {goal[1]} {goal[0]} needed, "
                          f"{made[seat][goal[0]]} made")
        return
    if bonus.effect != "most":
        return
    best = max(made[s][bonus.symbol] for s in state.order)
    if best < 1:
        report.append(f"bonus {bonus.name}: nobody made any {bonus.symbol}")
        return
    for seat in state.order:
        if made[seat][bonus.symbol] == best:
            state.players[seat].vp += vp
            report.append(bonus_line(bonus.name, state.players[seat].name, vp))


def tile_vp(content: Content, player: Player) -> int:
    """The VP printed on the player's tiles: buildings and military on the board, the advisor,
    colonies and built wonders; not covered tiles, not unbuilt wonders (DSCORE-07, 08)."""
    tiles = [s.tile for s in player.slots if s.tile]
    tiles += [player.advisor] if player.advisor else []
    tiles += player.colonies + player.built
    return sum(content.tiles[t].vp for t in tiles)


def final(content: Content, state: State) -> None:
    """Add every player's tile VP and name the winner: the most VP, ties to the player earlier
    in player order (DSCORE-09, 10); the report says what the tiles added."""
    for seat in state.order:
        p = state.players[seat]
        gain = tile_vp(content, p)
        p.vp += gain
        state.report.append(named(f"final: {p.name}", f" +{gain} VP on tiles, {p.vp} VP"))
    state.winner = max(state.order, key=lambda s: (state.players[s].vp, -state.order.index(s)))
    winner = state.players[state.winner]
    if state.solo:
        fame = title(content, state.unrest, winner.vp)
        state.report.append(f"Hall of Fame: {fame.title}" if fame else
                            "no Hall of Fame title (too few VP)")
    else:
        state.report.append(named(winner.name, f" wins with {winner.vp} VP"))


def title(content: Content, unrest: bool, vp: int) -> Fame | None:
    """The solo Hall of Fame line the score reaches: the highest whose VP it meets, or None below
    the last (DSOLO-13, UFAME-01..04)."""
    for line in content.hall_of_fame["unrest" if unrest else "base"]:
        if vp >= line.vp:
            return line
    return None
