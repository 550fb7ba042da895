"""The command line: thin commands that call the save rooms (``save*``) and the game, and print.

Exit codes: 0 done; 1 an illegal move (nothing saved); 2 bad usage or a bad save file.
Every error is one sentence on stderr, never a traceback.
"""

from __future__ import annotations

import atexit
import copy
import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperArgument, TyperCommand, TyperOption
from typer.models import CommandInfo

from nncli import atomicfile, limits, regularfile, savefile, savemodel, saveplay, saveread
from nncli.game import GAMES, BadSetup, CampaignWon, Game, GameError, get_game
from nncli.savemodel import Save, SaveError
from nncli.textsafe import brief, shown

if TYPE_CHECKING:  # the mail modules are imported by the commands that use them (start-up time)
    from email.message import EmailMessage

    from nncli.mailfetch import Box, Found
    from nncli.mailsettings import Inbox, Server, Settings

app = typer.Typer(
    help="Play board games turn by turn at the command line.",
    add_completion=True,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

JSON_SCHEMA = 1  # the version of what `show --json` prints (docs/SAVEFORMAT.md)
EXIT_ILLEGAL = 1
EXIT_BAD = 2

SaveArg = Annotated[
    Path, typer.Argument(help="The save file.", show_default=False, metavar="SAVE")
]


def fail(message: str, code: int = EXIT_BAD) -> NoReturn:
    """Print ``error: message`` on stderr and exit with ``code``."""
    typer.echo(f"error: {shown(message)}", err=True)
    raise typer.Exit(code)


@contextmanager
def save_errors(path: Path) -> Iterator[None]:
    """Turn save and file errors about ``path`` into one-sentence messages and exit code 2."""
    try:
        yield
    except SaveError as exc:
        fail(str(exc))
    except FileNotFoundError:
        fail(f"no save file at {path}")
    except IsADirectoryError:
        fail(f"{path} is a folder, not a save file")
    except OSError as exc:
        fail(f"cannot use {path}: {exc.strerror or exc}")


def open_save(path: Path, full: bool = False) -> tuple[Game, Save]:
    """The verified save at ``path`` (every move replayed with ``full``, else only those the
    verified-state cache does not remember) and its game, or exit 2 with the reason."""
    with save_errors(path):
        save = savefile.load(path, full)
    return get_game(save.game_key), save


@contextmanager
def locked(path: Path, must_exist: bool = True) -> Iterator[None]:
    """Hold the lock of the save at ``path`` while the block reads, changes and writes it, so
    that another nncli changing it at the same moment waits (exit 2 if it cannot be taken)."""
    with save_errors(path), savefile.locked(path, must_exist):
        yield


def store(save: Save, path: Path, force: bool = False) -> Save:
    """Write ``save`` to ``path`` (refused if the file changed since ``save`` was read from it,
    unless ``force``) and return it as written, or exit 2 with the reason."""
    with save_errors(path):
        return savefile.write(save, path, force)


def apply_all(game: Game, save: Save, texts: list[tuple[str, str]]) -> Save:
    """``save`` after every move of ``texts`` ((where, text) pairs); exit 1 at the first bad one."""
    done, made, refused = saveplay.append_each(save, game, [text for _, text in texts])
    if refused is not None:
        fail(f"{texts[made][0]}{refused}", EXIT_ILLEGAL)
    return done


def default_path() -> Path:
    """``saves/game-YYYYMMDD-HHMMSS.toml`` under the current folder."""
    return Path("saves") / f"game-{datetime.now():%Y%m%d-%H%M%S}.toml"


def split_list(text: str | None) -> list[str] | None:
    """``"a, b"`` -> ``["a", "b"]``; None stays None."""
    return None if text is None else [part.strip() for part in text.split(",") if part.strip()]


class QuietPipe:
    """Standard output that ends the program quietly, with exit 0, once the reader of its pipe
    has gone (``nncli log SAVE | head -1``), as a filter does; everything else is the stream's."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text``, or stop when nobody reads any more."""
        try:
            return int(self.stream.write(text))
        except BrokenPipeError:
            self.stop()

    def flush(self) -> None:
        """Flush, or stop when nobody reads any more."""
        try:
            self.stream.flush()
        except BrokenPipeError:
            self.stop()

    def stop(self) -> NoReturn:
        """Send what is left to the null device (so the last flush at exit fails not) and exit 0."""
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self.stream.fileno())
        os.close(devnull)
        raise typer.Exit(0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def entry() -> None:
    """The ``nncli`` program: ``app``, with only the command named on the command line built.

    Typer builds the parser of every command before it runs one; building only the one named
    keeps start-up fast. Anything else (no command, ``--help``, a misspelt command) runs the
    whole app, so that its help and its errors list every command.

    The cyclic garbage collector is off while the command runs (``python -m nncli`` turns it
    off before its first import): starting makes tens of thousands of objects (modules, typer's
    parsers, the save) and no cyclic garbage, and the collector would scan them over and over,
    some 10 ms of a warm ``nncli show``. ``play``, which runs for long, turns it back on. And at
    exit, once every other exit handler has run, the objects left are frozen (``gc.freeze``),
    so that the interpreter's last collections do not scan them all once more (some 30 ms):
    the process ends and its memory goes back whole.
    """
    atexit.register(gc.freeze)  # before the command's modules register theirs: run after them
    collecting = gc.isenabled()
    gc.disable()
    try:
        sys.stdout = QuietPipe(sys.stdout)
        named = sys.argv[1] if len(sys.argv) > 1 else ""
        chosen = [c for c in app.registered_commands if c.callback and command_name(c) == named]
        if not chosen:
            app(prog_name="nncli")
            return
        lean = copy.copy(app)
        lean.registered_commands = chosen
        lean._add_completion = False  # --install-completion and the rest belong to plain `nncli`
        lean(prog_name="nncli")
    finally:
        if collecting:
            gc.enable()


def command_name(command: CommandInfo) -> str:
    """The name typer gives a command: its own, or its function's with dashes."""
    assert command.callback is not None
    return command.name or command.callback.__name__.lower().replace("_", "-")


def show_version(wanted: bool) -> None:
    """``--version``: print nncli's version and stop."""
    if wanted:
        from nncli import __version__

        typer.echo(f"nncli {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def main(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print nncli's version and exit.", is_eager=True,
            callback=show_version,
        ),
    ] = False,
) -> None:
    """With no command, continue or start a game (same as ``play``)."""
    if ctx.invoked_subcommand is None:
        play(None, None)


class UntypedArgument(TyperArgument):
    """An argument whose help gives its name without a type (``SAVE``, not ``SAVE <path>``)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        """No type placeholder: the name and the help say what to give."""
        return None


class PlainHelp(TyperCommand):
    """A command whose help names its arguments without type placeholders like ``<str>``."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, with each argument shown by its name alone."""
        for param in self.params:
            if isinstance(param, TyperArgument):
                param.__class__ = UntypedArgument
        super().format_help(ctx, formatter)


OPTION_KEYS = {"map_": "map", "bot": "bots"}  # new's parameters named unlike make_setup's keys


class SetupHelp(PlainHelp):
    """``nncli new``, whose help adds to each option the values and default the games give
    (``Game.setup_help``), looked up only when the help is shown."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, each option's text followed by the games' notes on it."""
        notes = setup_notes()
        for param in self.params:
            key = OPTION_KEYS.get(param.name or "", param.name or "")
            if isinstance(param, TyperOption) and key in notes and param.help:
                param.help = f"{param.help.rstrip('.')}. {notes[key]}"
        super().format_help(ctx, formatter)


def setup_notes() -> dict[str, str]:
    """Each setup option's valid values and default, from every game that describes them:
    ``Notebook Nations: 2p, 3p, 4p (default: ...).``"""
    notes: dict[str, list[str]] = {}
    for key in GAMES:
        game = get_game(key)
        described: dict[str, str] = getattr(game, "setup_help", dict)()
        for option, text in described.items():
            notes.setdefault(option, []).append(f"{game.name}: {text}.")
    return {option: " ".join(texts) for option, texts in notes.items()}


@app.command(cls=SetupHelp, context_settings={"allow_extra_args": True})
def new(
    ctx: typer.Context,
    save: Annotated[
        Path | None, typer.Argument(help="Where to save the new game.", metavar="SAVE")
    ] = None,
    nations: Annotated[
        str | None, typer.Option(help="Comma-separated, in seat order.", metavar="NATION,...")
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(help="Players' names, comma-separated (default: the nations' names).",
                     metavar="NAME,..."),
    ] = None,
    sides: Annotated[
        str | None,
        typer.Option(help="Each nation's starting side, in seat order.", metavar="SIDE,..."),
    ] = None,
    vp: Annotated[
        int | None, typer.Option(help="Victory points that end the game.", metavar="N")
    ] = None,
    map_: Annotated[
        str | None, typer.Option("--map", help="The map to play on.", metavar="MAP")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Random seed (default: a random one).", metavar="N")
    ] = None,
    solo: Annotated[
        bool,
        typer.Option("--solo", help="Play alone against the game's own solo opponent; "
                     "--nations and --names name your own side."),
    ] = False,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help="Sides played by a bot, comma-separated.", metavar="NATION,..."),
    ] = None,
    bot_kind: Annotated[
        str | None, typer.Option("--bot-kind", help="The bots' kind.", metavar="KIND")
    ] = None,
    game_key: Annotated[
        str, typer.Option("--game", help=f"Which game: {', '.join(GAMES)}.", metavar="GAME")
    ] = GAMES[0],
    difficulty: Annotated[
        str | None,
        typer.Option(
            help="chieftain, prince, king or emperor: one for all, or comma-separated per nation.",
            rich_help_panel="Nations", metavar="LEVEL",
        ),
    ] = None,
    advanced: Annotated[
        bool,
        typer.Option("--advanced", help="Mix in the Advanced cards.", rich_help_panel="Nations"),
    ] = False,
    expert: Annotated[
        bool,
        typer.Option("--expert", help="Mix in the Expert cards (our proposal).",
                     rich_help_panel="Nations"),
    ] = False,
    variant: Annotated[
        str | None,
        typer.Option(help="A variant of the rules.", rich_help_panel="Nations", metavar="VARIANT"),
    ] = None,
    campaign: Annotated[
        bool, typer.Option("--campaign", help="Start a campaign.", rich_help_panel="Nations")
    ] = False,
    campaign_from: Annotated[
        Path | None,
        typer.Option(
            "--campaign-from", help="The next game of a campaign, after the finished save "
            "PREVIOUS of its last game.", rich_help_panel="Nations", metavar="PREVIOUS",
        ),
    ] = None,
    pbem: Annotated[
        bool,
        typer.Option(
            "--pbem",
            help="Play by e-mail with fair play: signed moves and a chance seed no one chose.",
            rich_help_panel="Play by e-mail",
        ),
    ] = False,
    chance: Annotated[
        str,
        typer.Option(
            "--chance",
            help="With --pbem: seeded (draws follow a seed made of every player's secret) or "
            "fair (no one can foresee a draw; costs a mail per draw).",
            rich_help_panel="Play by e-mail", metavar="seeded|fair",
        ),
    ] = "seeded",
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat", help="With --pbem: your seat (default: the first).",
            rich_help_panel="Play by e-mail", metavar="SEAT",
        ),
    ] = None,
    seat_keys: Annotated[
        list[str] | None,
        typer.Option(
            "--seat-key", help="With --pbem: bind SEAT to the key whose fingerprint its player's "
            "nncli key prints, so that no other key can join it (repeat for each seat).",
            rich_help_panel="Play by e-mail", metavar="SEAT=FINGERPRINT",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing save.")] = False,
    unrest: Annotated[
        bool, typer.Option("--unrest", help="Play with the Unrest expansion.",
                           rich_help_panel="Dice Game")
    ] = False,
    players: Annotated[
        int | None, typer.Option("--players", help="How many players (1 to 4; 1 is solo).",
                                 rich_help_panel="Dice Game", metavar="N")
    ] = None,
) -> None:
    """Create a game and print where it was saved."""
    import secrets

    if ctx.args or (solo and save is not None and not save.suffix and save.name == str(save)):
        given = ctx.args[0] if ctx.args else str(save)
        if not solo:
            fail(f"unexpected argument {given!r}; nncli new takes one SAVE and options")
        own = "--names NAME" if game_key == "dice" else "--nations NATION"
        fail(f"--solo takes no side now ({given!r}): it means you play alone against the "
             f"game's own solo opponent, and {own.split()[0]} names your own side, for "
             f"example: nncli new solo.toml --game {game_key} --solo {own}")
    path = save or default_path()
    if path.exists() and not force:
        fail(f"a save already exists at {path}; use --force to replace it")
    options: dict[str, Any] = {
        "nations": split_list(nations),
        "names": split_list(names),
        "sides": split_list(sides),
        "vp": vp,
        "map": map_,
        "seed": secrets.randbelow(2**31) if seed is None else seed,
        "solo": solo or None,
        "bots": split_list(bot),
        "bot_kind": bot_kind,
        "difficulty": split_list(difficulty),
        "advanced": advanced or None,
        "expert": expert or None,
        "variant": variant,
        "campaign": campaign or None,
        "unrest": unrest or None,
        "players": players,
    }
    try:
        game = get_game(game_key)
    except KeyError:
        fail(f'there is no game called "{game_key}"; choose from {", ".join(GAMES)}')
    if pbem and (solo or bot):
        fail("a game played by e-mail needs a person in every seat, so no --solo or --bot")
    if (chance != "seeded" or seat or seat_keys) and not pbem:
        fail("--chance, --seat and --seat-key are options of a game played by e-mail (--pbem)")
    bound = dict(pair.partition("=")[::2] for pair in seat_keys or [])
    if any("=" not in pair for pair in seat_keys or []):
        fail("give --seat-key as SEAT=FINGERPRINT, the fingerprint that nncli key prints")
    from nncli.fairplay import FairPlayError

    try:
        chosen = {k: v for k, v in options.items() if v is not None}
        if campaign_from:
            game, setup = next_in_campaign(campaign_from, game, chosen)
        else:
            setup = game.make_setup(chosen)
        if pbem:
            setup["pbem"] = ({"chance": chance} | ({"protocol": 2} if chance == "fair" else {})
                             | ({"seat_keys": bound} if bound else {}))
        created = saveplay.new_save(game, setup)
        if pbem:
            created = saveplay.join(created, game, seat or game.seats(created.state)[0])
    except (BadSetup, SaveError, FairPlayError) as exc:
        fail(str(exc))
    with save_errors(path):
        path.parent.mkdir(parents=True, exist_ok=True)
    store(created, path, force)
    typer.echo(f"new game saved to {path}")


def next_in_campaign(
    previous: Path, game: Game, options: dict[str, Any]
) -> tuple[Game, dict[str, Any]]:
    """The game and the setup that follow ``previous``, a finished save (verified move by move)
    of the last game of a campaign; exit 0 when that game won the campaign, 2 when it cannot go
    on (raises BadSetup for the game's own refusals)."""
    named = game
    game, loaded = open_save(previous, full=True)
    if named.key not in (GAMES[0], game.key):
        fail(f"{previous} is a game of {game.name}, not of {named.name}")
    follow = getattr(game, "campaign_setup", None)
    if follow is None:
        fail(f"{game.name} has no campaign, so {previous} cannot be followed by one")
    winner = game.winner(loaded.state)
    if winner is None:
        fail(f"{previous} is not finished: a campaign goes on after a game with a winner")
    try:
        return game, follow(loaded.setup, winner, options)
    except CampaignWon as won:
        typer.echo(shown(str(won)))
        raise typer.Exit(0) from None


@app.command(cls=PlainHelp)
def play(
    save: Annotated[
        Path | None, typer.Argument(help="The save to play.", metavar="SAVE")
    ] = None,
    handover: Annotated[
        bool | None,
        typer.Option(
            "--handover/--no-handover",
            help="Between two people's turns, clear the screen and wait for Enter, so one does"
            " not read the other's turn. Default: on when the output is a terminal.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play interactively (continues the latest game in saves/ when SAVE is left out)."""
    try:
        from nncli.repl import run_repl  # type: ignore[import-not-found, unused-ignore]
    except ModuleNotFoundError as exc:
        if exc.name != "nncli.repl":
            raise
        fail("the interactive game is not built yet; use nncli move")
    path = save or latest_save()
    if path is None:
        game = get_game(GAMES[0])
        path = default_path()
        with save_errors(path):
            path.parent.mkdir(parents=True, exist_ok=True)
            started = saveplay.new_save(game, game.default_setup())
        started = store(started, path)
    else:
        game, started = open_save(path)
    gc.enable()  # a game lasts: its garbage is collected (``entry`` turned it off to start)
    run_repl(game, started, path, handover)


def latest_save() -> Path | None:
    """The most recently written save in ``saves/``, if any."""
    found = sorted(Path("saves").glob("*.toml"), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


@app.command(cls=PlainHelp)
def move(
    save: SaveArg,
    moves: Annotated[
        list[str] | None, typer.Argument(help="Moves, one per argument.", metavar="MOVE")
    ] = None,
    bot: Annotated[
        bool, typer.Option("--bot", help="Let the strong bot make the move of the player to act.")
    ] = False,
    move_time: Annotated[
        float | None,
        typer.Option("--move-time", help="With --bot: seconds it thinks (default 1).",
                     metavar="SEC"),
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option("--iterations", help="With --bot: iterations of its search instead (the "
                     "same move every time).", metavar="N"),
    ] = None,
) -> None:
    """Apply moves in order and save once, only if every one is legal."""
    with locked(save):
        game, loaded = open_save(save)
        texts = list(moves or [])
        if bot == bool(texts):
            fail("give moves, or --bot to let a bot choose one")
        chosen = bot_move(game, loaded, move_time, iterations) if bot else None
        if chosen is not None:
            texts = [game.format(chosen)]
        elif move_time is not None or iterations is not None:
            fail("--move-time and --iterations are the budget of --bot")
        done = apply_all(game, loaded, [(f'"{brief(text)}": ', text) for text in texts])
        store(done, save)
    if chosen is not None:  # what the bot did, in words, before the moves saved
        from nncli.recap import described

        words = described(game, loaded.state, chosen, game.apply(loaded.state, chosen))
        typer.echo(f"the strong bot: {words}")
    for record in done.moves[len(loaded.moves) :]:
        typer.echo(shown(record.move))
    if game.mover(done.state) is None and game.mover(loaded.state) is not None:
        tell_the_end(game, done)
    tell_fair_play(game, done, save)


def tell_the_end(game: Game, done: Save) -> None:
    """The end of the game, on the move that ends it: "game over", the result, the VP by round
    and the figures that decided it."""
    from nncli import stats

    status = shown(game.status(done.state))
    typer.echo(status if status.startswith("game over") else f"game over: {status}")
    for line in stats.summary(game, done):
        typer.echo(line)


@app.command(cls=PlainHelp)
def stats(save: SaveArg) -> None:
    """Each player's VP by round as a small chart, and the figures that decided the game."""
    from nncli import stats as figures

    game, loaded = open_save(save)
    lines = figures.summary(game, loaded)
    typer.echo("\n".join(lines) if lines else f"{game.name} keeps no scores to chart")


def bot_move(game: Game, loaded: Save, seconds: float | None, iterations: int | None) -> Any:
    """The strong bot's move for the player to act in ``loaded`` (``nncli.strongbot``), within
    the budget given or else the default one; exit 2 for a bad budget or when no player is to
    move."""
    from nncli import strongbot

    try:
        budget = (strongbot.Budget(iterations, seconds)
                  if seconds is not None or iterations is not None else strongbot.default_budget())
    except ValueError as exc:
        fail(str(exc))
    found = strongbot.hint(game, loaded.state, budget, seed=len(loaded.moves))
    if found is None:
        fail("the game is over; there is no move to make")
    return found.best


@app.command(cls=PlainHelp)
def run(
    save: SaveArg,
    file: Annotated[
        Path, typer.Argument(help="Moves, one a line; # starts a comment.", metavar="FILE")
    ],
) -> None:
    """Apply every move in FILE and save them; at an illegal one, stop and save those before."""
    with locked(save):
        game, loaded = open_save(save)
        lines = moves_file_lines(file)
        texts = [(f"line {n}: ", line.split("#", 1)[0].strip()) for n, line in enumerate(lines, 1)]
        texts = [(where, text) for where, text in texts if text]
        done, made, refused = saveplay.append_each(loaded, game, [text for _, text in texts])
        if made or refused is None:
            store(done, save)
    for record in done.moves[len(loaded.moves) :] if made or refused is None else []:
        typer.echo(shown(record.move))
    if refused is not None:
        kept = f"the {made} moves before it were saved" if made else "nothing was saved"
        fail(f"{texts[made][0]}{refused}; {kept}", EXIT_ILLEGAL)


def moves_file_lines(file: Path) -> list[str]:
    """The lines of the file of moves ``file``, a regular file of UTF-8 text no larger than a
    save (else exit 2)."""
    try:
        data = regularfile.read(file, limits.MAX_BYTES + 1)
        if len(data) > limits.MAX_BYTES:
            fail(f"the moves file {file} is larger than {limits.MAX_BYTES // 2**20} MB")
        return data.decode().splitlines()
    except regularfile.NotRegular as exc:
        fail(f"the moves file {file} is {exc}, not a file of moves")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read the moves file {file}: {getattr(exc, 'strerror', None) or exc}")


@app.command(cls=PlainHelp)
def show(
    save: SaveArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="The position as JSON (docs/SAVEFORMAT.md).")
    ] = False,
    player: Annotated[
        str | None,
        typer.Option("--player", help="Only this player's board and cards (a seat or a name).",
                     metavar="NAME"),
    ] = None,
) -> None:
    """The board and the status."""
    game, loaded = open_save(save)
    if player is not None:
        try:
            typer.echo(game.render(loaded.state, use_color(), view="panels", player=player))
        except GameError as exc:
            fail(str(exc))
    elif as_json:
        import json

        view = getattr(game, "json_view", game.to_dict)(loaded.state)
        state = {"schema": JSON_SCHEMA, "game": game.key, **view}
        state |= {"turn": game.mover(loaded.state), "winner": game.winner(loaded.state)}
        typer.echo(json.dumps(state, indent=2, default=str))
    else:
        typer.echo(game.render(loaded.state, use_color()))


def use_color() -> bool:
    """Colour only on a terminal, and never with NO_COLOR."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


@app.command(cls=PlainHelp)
def moves(
    save: SaveArg,
    prefix: Annotated[
        str, typer.Argument(help="Only moves starting with this.", metavar="PREFIX")
    ] = "",
) -> None:
    """The legal moves now, one a line."""
    game, loaded = open_save(save)
    waiting = waits_for(game, loaded)
    if waiting:
        typer.echo(f"note: no move can be made here now: {waiting}", err=True)
        return
    for text in game.completions(loaded.state, prefix):
        typer.echo(text)


def waits_for(game: Game, save: Save) -> str | None:
    """In a game played by e-mail, what it waits for when no move can be made on this
    machine now (a draw waiting for a player's part, another player's turn), else None."""
    from nncli.chance import CHANCE

    mover = game.mover(save.state)
    if save.ledger is None or mover is None:
        return None
    if mover == CHANCE:
        return saveplay.waiting_message(save, game)
    if mover in saveplay.local_seats(save):
        return None
    who = saveplay.seat_name(game, save.state, mover)
    return f"it is {who}'s turn, on their machine: mail the game to them"


@app.command(cls=PlainHelp)
def log(save: SaveArg) -> None:
    """The numbered move log."""
    _, loaded = open_save(save)
    for number, record in enumerate(loaded.moves, 1):
        typer.echo(shown(f"{number:>3}. {record.by}: {record.move}"))


@app.command(cls=PlainHelp)
def verify(save: SaveArg) -> None:
    """Replay the log and check every digest."""
    _, loaded = open_save(save, full=True)
    typer.echo(f"OK: {len(loaded.moves)} moves, head digest {loaded.head[:16]}")


@app.command(cls=PlainHelp)
def mail(
    save: SaveArg,
    to: Annotated[
        str | None,
        typer.Option("--to", help="The recipients' addresses, comma-separated.",
                     metavar="ADDRESS"),
    ] = None,
    sender: Annotated[
        str | None,
        typer.Option("--from", metavar="ADDRESS",
                     help="Your address (default: the mail settings' from, else your player's "
                     "name <nncli@localhost>)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="The message file (default: SAVE with .eml; none with --send).",
                     metavar="FILE"),
    ] = None,
    send: Annotated[
        bool,
        typer.Option("--send", help="Send the message through the SMTP server of your mail "
                     "settings (mail.toml in your config folder)."),
    ] = False,
) -> None:
    """Write an e-mail message with the save attached (.eml), or send it (--send)."""
    from nncli import pbem  # imported here: the email package is slow to load

    with save_errors(save):
        text = savefile.read_text(save)
        loaded = saveread.loads(text, str(save))
    game = get_game(loaded.game_key)
    settings = mail_settings()
    if send and not to:
        fail("--send needs --to: the address of the player to send the game to")
    if send and (settings is None or settings.smtp is None or not settings.sender):
        from nncli.mailsettings import settings_path

        where = settings.path if settings else settings_path()
        fail(f"--send needs an [smtp] table with host and from in the mail settings {where} "
             "(README: Play by email)")
    try:
        message = pbem.compose(game, loaded, text, save.name, to=to,
                               sender=sender or (settings.sender if settings else None),
                               references=pbem.thread(savemodel.game_id(loaded)))
        data = pbem.message_bytes(message)
    except ValueError as exc:
        fail(f"cannot write that message: {exc}")
    if out or not send:
        write_message(save, out or save.with_suffix(".eml"), data)
    if send:
        assert settings is not None and settings.smtp is not None
        send_message(settings.smtp, message)
        typer.echo(f"sent to {to}")
    if pbem.turn_unfinished(game, loaded):
        who = saveplay.seat_name(game, loaded.state, loaded.moves[-1].by)
        typer.echo(f"note: it is still {who}'s turn; did you mean to finish it first?", err=True)
    if loaded.ledger is None:
        warn_unsigned(loaded)


def warn_unsigned(save: Save) -> None:
    """Say, the first time a game not played by e-mail's rules is mailed from this machine,
    that anyone can move in it in any name, and how to start a signed game."""
    from nncli import fairplay

    marker = fairplay.config_dir() / "unsigned-mailed" / savemodel.game_id(save)
    if marker.exists():
        return
    typer.echo("note: this game is not signed (it was made without --pbem), so anyone who "
               "receives it can make moves in your name; for a signed game, start it with "
               "nncli new SAVE --pbem (README: Fair play). This note is shown once per game.",
               err=True)
    try:
        marker.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # the note is shown again next time: better than not at all


def mail_settings() -> Settings | None:
    """The player's mail settings, None when they have none; exit 2 when the file cannot be
    used."""
    from nncli import mailsettings

    try:
        return mailsettings.load()
    except mailsettings.MailError as exc:
        fail(str(exc))


def write_message(save: Path, path: Path, data: bytes) -> None:
    """Write the message ``data`` to ``path`` and print where, or exit 2."""
    if path.resolve() == save.resolve():
        fail(f"the message would overwrite the save {save}; choose another --out")
    with save_errors(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        atomicfile.replace_bytes(path, data)
    typer.echo(str(path))


def send_message(server: Server, message: EmailMessage) -> None:
    """Send ``message`` through ``server``, or exit 2 saying why."""
    from nncli import mailsend
    from nncli.mailsettings import MailError

    try:
        mailsend.send(server, message)
    except MailError as exc:
        fail(f"the game was not sent: {exc}")


@app.command(cls=PlainHelp)
def receive(
    save: Annotated[
        Path | None,
        typer.Argument(help="Your copy of the game (with --fetch and none: every game waiting "
                       "in the inbox, into saves/).", show_default=False, metavar="SAVE"),
    ] = None,
    incoming: Annotated[
        Path | None,
        typer.Argument(
            help="The opponent's save (.toml) or mail message (.eml).", metavar="INCOMING"
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Do not show the board.")] = False,
    fetch: Annotated[
        bool,
        typer.Option("--fetch", help="Take the game's new messages from the inbox of your mail "
                     "settings, in move order, and mark them as read."),
    ] = False,
    game_id: Annotated[
        str | None,
        typer.Option("--game-id", help="With --fetch and no SAVE yet: the game to take when the "
                     "inbox holds new messages of several.", metavar="ID"),
    ] = None,
    as_name: Annotated[
        str | None,
        typer.Option("--as", help="Your name (or seat) in a game played by e-mail, to take "
                     "your seat (default: the name of the mail settings' from).",
                     metavar="NAME"),
    ] = None,
) -> None:
    """Play-by-email: take the opponent's save only if it extends yours, and show their moves."""
    from nncli import pbem

    if (incoming is None) != fetch:
        fail("give INCOMING (the save or the message received), or --fetch to take it from "
             "your inbox, not both")
    if game_id and not fetch:
        fail("--game-id goes with --fetch")
    if save is None:
        fetch_every_game(Path("saves"), quiet, game_id, as_name)
        return
    if incoming is None:
        fetch_messages(save, quiet, game_id, as_name)
        return
    with save_errors(incoming):
        theirs, message = pbem.read_incoming(incoming)
    game = get_game(theirs.game_key)
    with locked(save, must_exist=False):
        ours = open_save(save)[1] if save.exists() else pbem.fresh_copy(theirs, game)
        try:
            taken = pbem.receive(ours, theirs, game)
        except SaveError as exc:
            fail(f"{incoming} was not accepted: {exc}")
        if not taken:
            typer.echo(f"nothing new: {incoming} holds the same {len(ours.moves)} moves as {save}")
            return
        done = take_part(game, ours, theirs, save, as_name)
    if message is not None:
        pbem.keep_thread(savemodel.game_id(done), message)
    told_taken(game, ours, theirs, done, save, quiet)


def take_part(game: Game, ours: Save, received: Save, path: Path, player: str | None) -> Save:
    """``received`` (which extends ``ours``) after this machine's part in fair play as
    ``player`` (default: the mail settings' name), written to ``path`` in place of ``ours``;
    exit 2 when it cannot be."""
    from nncli import pbem

    if player is None and received.ledger is not None and not saveplay.local_seats(received):
        settings = mail_settings()
        player = settings.name() if settings else None
    with save_errors(path):
        done = pbem.take_part(received, game, player)
    return store(replace(done, origin=ours.origin), path)  # in place of ours, as read


def told_taken(game: Game, ours: Save, received: Save, done: Save, path: Path,
               quiet: bool) -> None:
    """What ``receive`` took: the moves ``received`` added to ``ours``, those this machine
    added then (``done``), and the board."""
    from nncli import pbem

    new = len(received.moves) - len(ours.moves)
    count = f"{new} new move" + ("s" if new > 1 else "")
    typer.echo(f"{path}: {count} received, head digest {done.head[:16]}")
    told_received(game, done, len(ours.moves), len(received.moves))
    for record in done.moves[len(received.moves) :]:
        typer.echo(f"added by this machine: {pbem.describe(record)}")
    if not quiet:
        typer.echo("")
        typer.echo(game.render(done.state, use_color()))
    tell_fair_play(game, done, path)


def fetch_inbox() -> Inbox:
    """The inbox of the mail settings, for ``--fetch`` (exit 2 when there is none)."""
    from nncli.mailsettings import settings_path

    settings = mail_settings()
    if settings is None or settings.inbox is None:
        fail(f"--fetch needs an [inbox] table in the mail settings "
             f"{settings.path if settings else settings_path()} (README: Play by email)")
    return settings.inbox


def fetch_every_game(folder: Path, quiet: bool, wanted: str | None, player: str | None) -> None:
    """``receive --fetch`` with no SAVE: every game with new messages in the inbox (or only
    ``wanted``), each into its save in ``folder`` (the one holding that game, else a new copy
    named by the game's id), as ``receive SAVE --fetch`` takes them; the inbox is read once."""
    from nncli import mailfetch
    from nncli.mailsettings import MailError

    inbox = fetch_inbox()
    failed = False
    try:
        with mailfetch.opened(inbox) as box:
            found = box.unread(wanted)
            if not found:
                typer.echo("nothing new in the inbox")
                return
            held: dict[str, Path] = {}
            for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
                try:
                    held.setdefault(savemodel.game_id(savefile.load(path)), path)
                except (SaveError, OSError):
                    continue  # not a save of ours: ``nncli games`` says why
            with save_errors(folder):
                folder.mkdir(parents=True, exist_ok=True)
            for game in dict.fromkeys(m.game for m in found):
                path = held.get(game, folder / f"game-{game}.toml")
                typer.echo(f"{path}:")
                try:
                    with locked(path, must_exist=False):
                        ours = open_save(path)[1] if path.exists() else None
                        check_game(path, ours, game)
                        take_fetched(box, path, ours, [m for m in found if m.game == game],
                                     quiet, player)
                except typer.Exit as exc:  # told already; the other games are still fetched
                    failed = failed or bool(exc.exit_code)
    except MailError as exc:
        fail(f"nothing was fetched: {exc}")
    if failed:
        raise typer.Exit(EXIT_BAD)


def fetch_messages(path: Path, quiet: bool, wanted: str | None, player: str | None) -> None:
    """``receive SAVE --fetch``: take the new messages of the game of ``path`` from the inbox
    (of the game ``wanted``, or the only game with new messages there, when ``path`` does not
    exist yet)."""
    from nncli import mailfetch
    from nncli.mailsettings import MailError

    inbox = fetch_inbox()
    with locked(path, must_exist=False):
        ours = open_save(path)[1] if path.exists() else None
        check_game(path, ours, wanted)
        try:
            with mailfetch.opened(inbox) as box:
                found = box.unread(savemodel.game_id(ours) if ours else wanted)
                take_fetched(box, path, ours, found, quiet, player)
        except MailError as exc:
            fail(f"nothing was fetched: {exc}")


def check_game(path: Path, ours: Save | None, wanted: str | None) -> None:
    """Exit 2 when ``ours`` (the save at ``path``) is not the game ``wanted`` (None: any)."""
    if ours is not None and wanted not in (None, savemodel.game_id(ours)):
        fail(f"{path} is the game {savemodel.game_id(ours)}, not {wanted}")


def take_fetched(box: Box, path: Path, ours: Save | None, found: list[Found], quiet: bool,
                 player: str | None) -> None:
    """Take the messages ``found`` (unread in ``box``, fewest moves first, of the game of
    ``ours`` or, when there is no save yet, of the only game among them) into the save at
    ``path`` (held locked), mark those taken as read, and say what was taken; raises
    MailError when the box cannot be changed."""
    from nncli import pbem

    games = {message.game: message.sender for message in found}
    if ours is None and len(games) > 1:
        listed = ", ".join(f"{game} from {shown(by)}" for game, by in games.items())
        fail(f"the inbox holds new messages of {len(games)} games ({listed}); "
             f"choose one with --game-id")
    start, received, taken, refused = fetched(ours, found)
    for message, reason in refused:
        typer.echo(f"note: the message from {shown(message.sender)} ({message.moves} moves) "
                   f"was not accepted and is left in the inbox: {reason}", err=True)
    if start is None or received is None or not taken:
        held = f" (it holds {len(ours.moves)} moves)" if ours else ""
        typer.echo(f"nothing new in the inbox for {path}{held}")
        if refused:
            raise typer.Exit(EXIT_BAD)
        return
    game = get_game(received.game_key)
    done = take_part(game, start, received, path, player)
    pbem.keep_thread(savemodel.game_id(done), taken[-1].data)
    for message in taken:
        box.mark_read(message)
    senders = ", ".join(f"{shown(m.sender)} ({m.moves} moves)" for m in taken)
    typer.echo(f"fetched {len(taken)} message{'s' if len(taken) > 1 else ''}: {senders}")
    told_taken(game, start, received, done, path, quiet)


def fetched(ours: Save | None, found: list[Found]) -> tuple[
        Save | None, Save | None, list[Found], list[tuple[Found, str]]]:
    """What the messages ``found`` (fewest moves first) bring to ``ours`` (None: no copy yet):
    the save they start from, the last one taken (which extends it), the messages taken, and
    those refused with the reason. A message that holds nothing new is left alone."""
    from nncli import pbem

    start = received = ours
    taken: list[Found] = []
    refused: list[tuple[Found, str]] = []
    for message in found:
        try:
            theirs = pbem.message_save(message.data, f"the message from {message.sender}")
            game = get_game(theirs.game_key)
            if start is None:
                start = received = pbem.fresh_copy(theirs, game)
            assert received is not None
            if theirs.head == received.head or savemodel.extends(received, theirs):
                continue  # an old message, or one's own sent copy
            pbem.receive(received, theirs, game)
            received = theirs
            taken.append(message)
        except SaveError as exc:
            refused.append((message, str(exc)))
    return start, received, taken, refused


def told_received(game: Game, done: Save, start: int, end: int) -> None:
    """The moves received (numbers ``start`` to ``end``) in words, as the hand-over recap says
    them, each report after the move that brought it."""
    from nncli.recap import recap

    for item in recap(game, done, start, end=end):
        typer.echo(item if isinstance(item, str) else "\n".join(item.lines))


def tell_fair_play(game: Game, done: Save, path: Path) -> None:
    """Say on stderr what a game played by e-mail waits for, if anything but the next move."""
    from nncli.chance import CHANCE

    if done.ledger is None:
        return
    local = saveplay.local_seats(done)
    free = [s for s in done.ledger.seats if s not in done.ledger.keys]
    if not local and not free:
        typer.echo("note: every seat of this game has joined, none of them on this machine",
                   err=True)
    elif not local:
        typer.echo(f"note: you hold no seat of this game yet; take yours with: nncli join {path} "
                   f"SEAT (free: {', '.join(free)}), or name yourself with --as NAME when you "
                   "receive", err=True)
    elif game.mover(done.state) == CHANCE:
        typer.echo(f"note: {saveplay.waiting_message(done, game)}", err=True)


@app.command(cls=PlainHelp)
def games(
    folder: Annotated[
        Path, typer.Argument(help="The folder of saves.", metavar="FOLDER")
    ] = Path("saves"),
) -> None:
    """The saves in FOLDER, one a line: the game, the round, who is to play, what it waits for,
    and since when (the save's last change)."""
    from nncli import pbem

    if not folder.is_dir():
        fail(f"{folder} is not a folder of saves")
    for path in sorted(folder.glob("*.toml")):
        try:
            save = savefile.load(path)
            since = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        except (SaveError, OSError) as exc:
            typer.echo(f"{path}: cannot be read: {shown(str(exc))}")
            continue
        game = get_game(save.game_key)
        waiting = waits_for(game, save)
        mover = game.mover(save.state)
        mine = save.ledger is not None and mover in saveplay.local_seats(save)
        told = "; your turn" if mine else f"; {waiting}" if waiting else ""
        typer.echo(f"{path}: {shown(pbem.status(game, save))}{told}; since {since}")


@app.command(cls=PlainHelp)
def key() -> None:
    """Print your key's fingerprint, for a game's creator to bind your seat to (--seat-key)."""
    from nncli import fairplay

    try:
        secret = fairplay.player_key()
    except (fairplay.FairPlayError, OSError) as exc:
        fail(str(exc))
    typer.echo(fairplay.fingerprint(fairplay.Secrets(secret, b"", b"").public_key()))


@app.command(cls=PlainHelp)
def join(
    save: SaveArg,
    seat: Annotated[
        str | None,
        typer.Argument(help="Your seat (default: the first that has not joined).", metavar="SEAT"),
    ] = None,
) -> None:
    """Take a seat of a game played by e-mail: make your key and secrets, and sign the seat."""
    with locked(save):
        game, loaded = open_save(save)
        if loaded.ledger is None:
            fail(f"{save} is not a game played by e-mail (nncli new --pbem), so it has no seats")
        free = [s for s in loaded.ledger.seats if s not in loaded.ledger.keys]
        if not free:
            fail(f"every seat of {save} has joined already")
        with save_errors(save):
            done = saveplay.join(loaded, game, seat or free[0])
        store(done, save)
    typer.echo(f"joined {save} as {seat or free[0]}; mail it to the other players")
