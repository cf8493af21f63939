"""Matches of Serpent's Tongue: two Magi with random legal Codexes (and, at level 2, maybe a Specialization), or
the two of them against an Encounter; what the random-match tests and the benchmarks play through
:mod:`engine.core.match`. And a study's duel of two entries (engine.core.ruleset's entry_match): each Magi with
the Codex, level and Specialization its entry gives, refused in the rulebook's words when the rules do not allow
it (EntryError)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from spellc.engine.core.errors import EntryError
from spellc.engine.core.match import Match
from spellc.engine.rulesets.serpents_tongue import bindings, codex, specs
from spellc.engine.rulesets.serpents_tongue import encounter as enc  # duel() has a parameter named encounter
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary, SpellCard
from spellc.engine.rulesets.serpents_tongue.rules import Game, Options
from spellc.engine.rulesets.serpents_tongue.state import Being, Card

SEATS = ("White", "Black")  # the Magi of a duel, in the order they sit

# The sentences an entry's refusals quote (besides the Codex's own, in codex.py).
RULE_LEVEL = "At level 1 play, we will not use the advanced energies of Harmony or Will"
RULE_FRONT_POCKET = ("In addition, a Codex may contain one Specialization and one Artifact. Store your Artifact and "
                     "Specialization in the front-most pocket of your Codex.")
RULE_ONE_SPECIALIZATION = "Each Magi may begin battle with one active Specialization."
RULE_ACT_II = "ACT II Setup ... Collect Specializations"
# The cards a Codex keeps in its front-most pocket, apart from its spells: a study's entry gives them apart too.
APART = {"specialization": "an entry gives it as its specialization",
         "artifact": "a study's entry gives no Artifact (a random duel deals none)"}


def duel(library: Any, seed: int, level: int = 2, max_rounds: int = 40, log: bool = False,
         encounter: str | None = None) -> Match:
    """Two Magi with random legal Codexes drawn from ``library`` (a CardLibrary), dice from ``seed``;
    at level 2 each may start with a random Specialization. With ``encounter`` (a title), the two are
    one team against that Encounter in standard mode. The same arguments deal the same match again: its first
    copy is made that way rather than from a restart point pickled as every match begins (engine.core.match)."""
    def deal() -> Game:
        return duel_game(library, seed, level, max_rounds, log, encounter)
    return Match(deal(), remake=deal)


def duel_game(library: Any, seed: int, level: int, max_rounds: int, log: bool, encounter: str | None) -> Game:
    """The game :func:`duel` plays, as it begins."""
    rng = random.Random(seed)
    pool = sorted(library.cards.values(), key=lambda s: s.title)
    beings = [magi(name, "Magi" if encounter else name, level, codex.random_codex(pool, rng)) for name in SEATS]
    if encounter:
        beings.append(enc.create(library[encounter], encounter.split()[-1], encounter, "standard", library))
    game = battle(beings, library, level, seed, max_rounds, log)
    spec_pool = [s for s in pool if s.kind == "specialization"]
    for b in beings:
        if b.encounter is not None:
            enc.scale(game, b)
        elif level > 1 and spec_pool and rng.random() < 0.5:
            specs.start(game, b, rng.choice(spec_pool))
    return game


def magi(name: str, team: str, level: int, spells: Sequence[type[SpellCard]]) -> Being:
    """A Magi whose Codex binds ``spells``, in their order; Will only above level 1 ("we will not use the advanced
    energies of Harmony or Will")."""
    b = Being(name=name, team=team, will=3 if level > 1 else 0)
    b.codex = [Card(spec=spec, owner=b) for spec in spells]
    return b


def battle(beings: list[Being], library: Any, level: int, seed: int, max_rounds: int = 40, log: bool = False
           ) -> Game:
    """The match of ``beings`` at ``level``, its dice rolled from ``seed``; Intoning offered above level 1 ("We will
    not be Intoning spells in part 1 of the walkthrough")."""
    options = Options(level=level, chance="auto", seed=seed, intoning=level > 1, max_rounds=max_rounds, log=log)
    return Game(beings, library, options, plays=bindings.implemented())


def entry_duel(library: CardLibrary, seed: int, entries: tuple[Mapping[str, Any], Mapping[str, Any]]) -> Match:
    """A study's duel of two entries, seated as :func:`duel` seats its Magi: each Magi's Codex is its entry's
    ``codex`` in the order written, its ``specialization`` (none or one) begins the battle in play; both play at
    the entries' ``level``; dice from ``seed``. An entry the rules do not allow raises EntryError."""
    level = one_level(entries)
    dealt = [(entry_codex(library, entry), entry_specialization(library, entry)) for entry in entries]
    beings = [magi(name, name, level, spells) for name, (spells, _) in zip(SEATS, dealt, strict=True)]
    game = battle(beings, library, level, seed)
    for b, (_, specialization) in zip(beings, dealt, strict=True):
        for spec in specialization:
            specs.start(game, b, spec)
    return Match(game)


def one_level(entries: Sequence[Mapping[str, Any]]) -> int:
    """The level both entries play at: a level is the match's way of playing (initiative, the advanced energies,
    Intoning), not a Magi's."""
    levels = sorted({entry["level"] for entry in entries})
    if len(levels) > 1:
        raise EntryError("level", f"both Magi play at one level, not at {' and '.join(map(str, levels))} "
                         f"(\"{RULE_LEVEL}\")")
    return int(levels[0])


def entry_codex(library: CardLibrary, entry: Mapping[str, Any]) -> list[type[SpellCard]]:
    """The entry's Codex, in the order written, if the Glossary allows it; a title printed at several fluencies is
    its lowest printing (``library[title]``), as a random duel deals it."""
    spells = [_card(library, "codex", title) for title in entry["codex"]]
    for card in spells:
        if card.kind in APART:
            raise EntryError("codex", f"{card.title!r} is {codex.KINDS[card.kind]}, kept in the front-most pocket "
                             f"apart from the Codex's spells: {APART[card.kind]} (\"{RULE_FRONT_POCKET}\")",
                             card.title)
        unbound = codex.unbound(card)
        if unbound:
            raise _refused(unbound)
    refusals = codex.refusals(spells)
    if refusals:
        raise _refused(refusals[0])
    return spells


def entry_specialization(library: CardLibrary, entry: Mapping[str, Any]) -> list[type[SpellCard]]:
    """The Specialization the entry's Magi begins battle with (none, or one), if it may: only at level 2, as Act
    II collects them."""
    chosen = [_card(library, "specialization", title) for title in entry.get("specialization", ())]
    for card in chosen:
        if card.kind != "specialization":
            raise EntryError("specialization", f"{card.title!r} is {codex.KINDS.get(card.kind, 'a spell')}, not a "
                             f"Specialization (\"{RULE_ONE_SPECIALIZATION}\")", card.title)
    if len(chosen) > 1:  # the second is the one too many
        raise EntryError("specialization", f"a Magi begins battle with one Specialization, not {len(chosen)} "
                         f"(\"{RULE_ONE_SPECIALIZATION}\")", chosen[1].title)
    if chosen and entry["level"] < 2:
        raise EntryError("specialization", f"{chosen[0].title!r} needs level 2: Specializations are collected in "
                         f"Act II, and level 1 play is Act I's (\"{RULE_ACT_II}\")", chosen[0].title)
    return chosen


def _card(library: CardLibrary, field: str, title: str) -> type[SpellCard]:
    card = library.get(title)
    if card is None:
        raise EntryError(field, f"no card is titled {title!r}", title)
    return card


def _refused(refused: codex.Refusal) -> EntryError:
    """The Codex's refusal, quoting the sentence it breaks, at the title at fault where one is."""
    return EntryError("codex", f"{refused.problem} (\"{refused.rule}\")", refused.title)
