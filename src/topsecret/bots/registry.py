"""Finding bots by name: the game's own bots first, then the generic ones.

A name may carry options after colons, ``ismcts:ms=100:c=0.5``; commas are left free for
lists of bots (``--bots ismcts:ms=100,heuristic``). The levels ``easy``, ``medium`` and
``hard`` are names too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..core import Bot, Game, TopSecretError, UnknownName
from ..core.errors import N_
from .ismcts import IsmctsBot, parse_settings
from .levels import HARD_MS, HARD_REALTIME_MS, LEVELS, SlippingBot
from .random_bot import RandomBot

#: Generic bots that take no options.
GENERIC_BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
}
#: Generic bots whose names take options.
SEARCH_BOTS = ("ismcts",)
#: A game's bots made for the search's own use (its fast ``rollout`` player): playable by
#: name, but not offered in the lists a player picks from.
INTERNAL_BOTS = ("rollout",)


def bot_names(game: Game) -> list[str]:
    """Every bot name usable for this game (options aside)."""
    names = (set(GENERIC_BOTS) | set(game.bots()) | set(SEARCH_BOTS)) - set(INTERNAL_BOTS)
    if "heuristic" in game.bots():
        names |= set(LEVELS)
    return sorted(names)


def split_bot_name(name: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:ms=100:c=0.5"`` -> ``("ismcts", {"ms": "100", "c": "0.5"})``."""
    base, *parts = name.strip().split(":")
    options: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UnknownName.of(
                N_("bot option {part} in {name} must look like key=value"),
                part=repr(part),
                name=repr(name),
            )
        options[key.strip()] = value.strip()
    return base.strip(), options


def check_bot_name(game: Game, name: str) -> None:
    """Raise :class:`UnknownName`, saying what is wrong, unless ``name`` makes a bot."""
    make_bot(game, name, 0)


def make_bot(game: Game, name: str, seed: int) -> Bot:
    """A new bot for one game and one seat, seeded."""
    base, options = split_bot_name(name)
    own = game.bots()
    if base in SEARCH_BOTS:
        return _search_bot(game, options, seed)
    if options:
        raise UnknownName.of(
            N_("bot {base} takes no options (got {name})"), base=repr(base), name=repr(name)
        )
    if base in LEVELS and "heuristic" in own:
        return _level_bot(game, own, base, seed)
    factory = own.get(base) or GENERIC_BOTS.get(base)
    if factory is None:
        known = ", ".join(bot_names(game))
        raise UnknownName.of(
            N_("no bot {name} for {game}; choose from: {known}"),
            name=repr(name),
            game=game.id,
            known=known,
        )
    return factory(seed)


def _search_bot(game: Game, options: Mapping[str, str], seed: int) -> Bot:
    try:
        settings = parse_settings(options)
    except ValueError as exc:
        raise _passed_on(UnknownName(str(exc)), exc) from None
    timing = None
    if game.play_style == "realtime":
        timing = _timing_bot(game, seed)
    bot = IsmctsBot(seed, settings, timing=timing)
    bot.name = "ismcts" + "".join(f":{k}={v}" for k, v in sorted(options.items()))
    return bot


def _reason(exc: ValueError) -> tuple[str, object]:
    """A search setting's refusal as a message parameter: translated where it has a template."""
    if isinstance(exc, TopSecretError) and exc.template is not None:
        return (exc.template, exc.params)
    return (str(exc), {})


def _passed_on(error: UnknownName, exc: ValueError) -> UnknownName:
    """``error`` with ``exc``'s translatable message, when it has one."""
    return error.with_message_of(exc) if isinstance(exc, TopSecretError) else error


def _timing_bot(game: Game, seed: int) -> Bot:
    """The game's own bot decides when a real-time seat acts (its reaction times)."""
    factory = game.bots().get("heuristic") or RandomBot
    return factory(seed ^ 0x7137)


def _level_bot(game: Game, own: Mapping[str, Callable[[int], Bot]], level: str, seed: int) -> Bot:
    heuristic = own["heuristic"]
    bot: Bot
    if level == "easy":
        bot = SlippingBot(heuristic(seed), seed ^ 0xEA5E)
    elif level == "medium":
        bot = heuristic(seed)
    else:
        realtime = game.play_style == "realtime"
        tuned = (
            dict(split_bot_name(f"ismcts:{game.search_options}")[1]) if game.search_options else {}
        )
        tuned["ms"] = str(HARD_REALTIME_MS if realtime else HARD_MS)
        try:
            settings = parse_settings(tuned)
        except ValueError as exc:
            raise UnknownName.of(
                N_("{game}: bad search_options: {reason}"),
                game=game.id,
                reason=_reason(exc),
            ) from None
        bot = IsmctsBot(seed, settings, timing=_timing_bot(game, seed) if realtime else None)
    bot.name = level
    return bot
