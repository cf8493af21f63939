"""The events of a timeline read back from the words that name them: a scenario's line (`- Ana dies`, `refused -
Ana completes Stoneskin on Bo`) and a choice's label (Game.events) are the same words. One form per kind of event;
words no form reads name no event, and a scenario line that holds them is an error where it is written, whether it
says the event happens or is refused.

What an event names (its players, abilities, the weapon that strikes) is the match's to know: Game.unknown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS

ITEMS = ("shield", "weapon", "cloak")  # what a hit may land on besides a hit location
MAX_SECONDS_DIGITS = 6  # "999999 s pass" is eleven days: no timeline waits longer at once


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """An event as its words name it. ``verb`` is the first word of its choice's value (Game.happen)."""

    verb: str
    who: str = ""  # who does it (or to whom it happens); none for time passing
    title: str | None = None  # the ability begun, completed, charged, or the enchantment removed
    target: str | None = None  # the player a completion names, or a hit strikes
    metas: tuple[str, ...] = ()  # the meta-magics stated with it
    where: str | None = None  # a hit's location or item
    what: str | None = None  # what strikes: a weapon, an arrow, a thrown weapon, or an ability's title
    seconds: int | None = None
    at: tuple[tuple[str, int, int], ...] = field(default=(), compare=False)  # where its players are named in its
    # words: (player, first character, the one after the last)


_WHO, _TITLE, _WITH = r"(?P<who>.+?)", r"(?P<title>.+?)", r"(?: with (?P<metas>.+))?"
_WHERE = "|".join(re.escape(w) for w in (*LOCATIONS, *ITEMS))
# The forms, each read whole, the first that reads the words wins; the words after a player's name, as
# Game.events says them.
FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((verb, re.compile(form)) for verb, form in (
    ("pass", rf"(?P<seconds>0*[0-9]{{1,{MAX_SECONDS_DIGITS}}}) s pass"),
    ("begin", rf"{_WHO} begins {_TITLE}{_WITH}"),
    ("complete", rf"{_WHO} completes {_TITLE}(?: on (?P<target>.+?))?{_WITH}"),
    ("hit", rf"{_WHO} hits (?P<target>.+?)'s (?P<where>{_WHERE}) with (?P<what>.+)"),
    ("interrupt", rf"{_WHO} is interrupted"),
    ("moves", rf"{_WHO} moves"),
    ("stop chanting", rf"{_WHO} stops chanting"),
    ("return to the physical world", rf"{_WHO} returns to the physical world"),
    ("dies", rf"{_WHO} dies"),
    ("voluntary death", rf"{_WHO} takes a voluntary death"),
    ("respawn", rf"{_WHO} respawns"),
    ("return to life", rf"{_WHO} is returned to life"),
    ("remove", rf"{_WHO} removes {_TITLE}"),
    ("charge", rf"{_WHO} charges {_TITLE}"),
))
SHAPES = ("NAME begins ABILITY [with META and META]", "NAME completes ABILITY [on NAME] [with META and META]",
          "NAME hits NAME's LOCATION with WEAPON", "NAME is interrupted", "NAME moves", "NAME stops chanting",
          "NAME returns to the physical world", "NAME dies", "NAME takes a voluntary death", "NAME respawns",
          "NAME is returned to life", "NAME removes ENCHANTMENT", "NAME charges ABILITY", "N s pass")


def read(words: str) -> Event | None:
    """The event ``words`` name, or None when no form reads them."""
    for verb, form in FORMS:
        found = form.fullmatch(words)
        if found is None:
            continue
        said = found.groupdict()
        if verb == "pass":  # its digits bounded by the form: at most MAX_SECONDS_DIGITS once its zeros go
            return Event(verb=verb, seconds=int(said["seconds"].lstrip("0") or "0"))
        metas = tuple(m.strip() for m in (said.get("metas") or "").split(" and ") if m.strip())
        at = tuple((found[g], found.start(g), found.end(g)) for g in ("who", "target") if said.get(g))
        return Event(verb=verb, who=said["who"], title=said.get("title"), target=said.get("target"), metas=metas,
                     where=said.get("where"), what=said.get("what"), at=at)
    return None


def canonical(event: Event, words: str) -> str:
    """The words of ``event`` as the timeline names it: time passing without leading zeros (`05 s pass` is
    `5 s pass`); any other event as written."""
    return f"{event.seconds} s pass" if event.verb == "pass" else words
