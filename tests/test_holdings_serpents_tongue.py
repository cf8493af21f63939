"""What each Magi of Serpent's Tongue held and cast (issue 27's per-card rates): the cards it owns as the battle
begins, each with the times it cast it, as its ``KNOWLEDGE.holdings`` tells a study once the match is over.

"A Codex may contain up to 27 spells ... In addition, a Codex may contain one Specialization and one Artifact";
a cast is the Cast Cycle's ("This is the order in which events take place when playing a spell"), wherever the
rules run it: an Action, a Response, a spell cast for free, a spell emerging from the Rite zone.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

import pytest

from spellc.engine.core.match import Match, RandomPlayer
from spellc.engine.core.players import Knowledge, Random, play
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue import actions, holdings, preparation, specs
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.rules import Game
from spellc.engine.rulesets.serpents_tongue.setup import duel, entry_duel
from spellc.engine.rulesets.serpents_tongue.state import Being, Place
from spellc.generated.serpents_tongue import LIBRARY
from tests.conftest import Table

KNOWLEDGE: Knowledge = RULESETS["serpents_tongue"].entry("knowledge")
MAGI = ("White", "Black")


def held(game: Game, name: str) -> Mapping[str, int]:
    assert KNOWLEDGE.holdings is not None
    return KNOWLEDGE.holdings(game, name)


def counts(m: Match) -> dict[str, dict[str, int]]:
    return {name: dict(held(m.game, name)) for name in MAGI}


def casts_logged(game: Game, name: str) -> int:
    """The casts the match's log tells of ("R3: White casts Thorn at Black"); a spell cast for free is told of
    twice, by the effect that casts it and by the cast itself, and counted once."""
    lines = (line.split(": ", 1)[1] for line in game.log)
    return sum(line.startswith(f"{name} casts ") and " for free (" not in line for line in lines)


def test_a_magi_holds_its_codex_and_specialization_as_the_battle_begins() -> None:
    """"In addition, a Codex may contain one Specialization and one Artifact. Store your Artifact and
    Specialization in the front-most pocket of your Codex": each Magi holds its dealt Codex, and the
    Specialization it begins with, none of them cast yet."""
    with_specialization = 0
    for seed in range(4):
        game = duel(LIBRARY, seed).game
        for b in (game.being(name) for name in MAGI):
            dealt = {c.title for c in (*b.codex, *b.prepared, *b.zones.all())}  # nothing cast before a decision
            with_specialization += any(c.spec.kind == "specialization" for c in b.zones.all())
            assert set(held(game, b.name)) == dealt
            assert set(held(game, b.name).values()) == {0}
    assert with_specialization, "some Magi began with a Specialization"


def test_each_cast_counts_once_for_the_card_cast() -> None:
    """"Cast Cycle: This is the order in which events take place when playing a spell": a random duel played until
    a Magi casts a spell counts exactly one cast, of that spell's title, for that Magi."""
    m, player = duel(LIBRARY, 7, log=True), RandomPlayer(7)
    before = counts(m)
    while counts(m) == before:
        assert m.decision is not None, "the duel ended with no spell cast"
        told = len(m.game.log)
        m.apply(player.choose(m.decision))
    after = counts(m)
    changed = [(name, title) for name in MAGI for title in after[name] if after[name][title] != before[name][title]]
    assert len(changed) == 1
    name, title = changed[0]
    assert after[name][title] == before[name][title] + 1
    assert any(line.split(": ", 1)[1].startswith(f"{name} casts {title}") for line in m.game.log[told:])


def test_every_cast_of_a_whole_duel_is_counted() -> None:
    """Whole random duels: each Magi's casts add up to the casts its log tells of."""
    cast = 0
    for seed in range(3):
        m, player = duel(LIBRARY, seed, log=True), RandomPlayer(seed)
        while m.decision is not None:
            m.apply(player.choose(m.decision))
        for name in MAGI:
            assert sum(held(m.game, name).values()) == casts_logged(m.game, name)
            cast += casts_logged(m.game, name)
    assert cast, "some spell was cast"


def test_a_miscast_is_no_cast() -> None:
    """"If you did not succeed in casting your spell you immediately lose 1 Harmony ... The spell goes back in
    your Codex, unprepared": a Magi that miscasts has cast nothing."""
    m, player = duel(LIBRARY, 5, log=True), RandomPlayer(5)
    while m.decision is not None and m.decision.kind != "speak":
        m.apply(player.choose(m.decision))
    assert m.decision is not None, "no Magi was asked how it speaks a spell"
    before, caster = counts(m), m.decision.being
    m.apply("miscast")
    assert any(line.split(": ", 1)[1].startswith(f"{caster} miscasts ") for line in m.game.log)
    assert counts(m) == before


def test_what_a_magi_cast_survives_a_copy_of_the_match() -> None:
    """Players copy a match thousands of times: a copy holds what the match held and cast so far, and a copy
    played on counts its own casts, never the match's."""
    m, player = duel(LIBRARY, 3), RandomPlayer(3)
    while m.decision is not None and not any(n for c in counts(m).values() for n in c.values()):
        m.apply(player.choose(m.decision))
    before = counts(m)
    copy = m.copy()
    assert counts(copy) == before
    play(copy, {name: Random(4) for name in MAGI}, 4)
    assert counts(copy) != before
    assert counts(m) == before


def test_a_spell_is_cast_as_it_emerges_from_the_rite_zone(t: Table) -> None:
    """"The spell is Spoken then placed in the Rite zone until the Magi has enough Full Actions invested into
    the spell, at which time the spell is treated like any other just-Spoken spell": Spoken, it is not cast yet;
    it is cast once, as it emerges."""
    bolt = t.give(t.white, "Patient Bolt")
    holdings.begin(t.game)  # the match begins: White holds the bolt
    t.white.full_actions = 2
    t.cast_card(t.white, bolt)
    assert bolt.place is Place.RITE and held(t.game, "White") == {"Patient Bolt": 0}
    t.owed = {"target": deque(["Black"])}
    t.run(actions.perform(t.game, t.white, Act("rite", bolt.id)))
    assert held(t.game, "White") == {"Patient Bolt": 1}


def test_a_spell_the_match_makes_later_was_not_held(t: Table) -> None:
    """The cards held are those "as it began": a card a Magi comes to own later holds no place, and its casts
    count for no card held."""
    t.give(t.white, "Thorn", prepared=False)
    holdings.begin(t.game)
    late = t.give(t.white, "Thorn")
    t.cast_card(t.white, late, "Black")
    assert held(t.game, "White") == {"Thorn": 0}


def test_an_encounter_holds_no_codex() -> None:
    """"Encounters do not actually discard their spells and abilities": an Encounter takes no seat and holds no
    Codex whose cards a study would rate."""
    game = duel(LIBRARY, 2, encounter=next(t for t, c in sorted(LIBRARY.cards.items()) if c.kind == "encounter")).game
    foe: Being = next(b for b in game.beings if b.encounter is not None)
    assert held(game, foe.name) == {}


def test_a_nam_shub_is_cast_as_its_last_step_is_completed(t: Table) -> None:
    """"To begin casting a Nam-Shub, as a Free Action, remove the page from your Codex and place it beside your
    team zone ... Directions for completing a Nam-Shub appear on the Nam-Shub page itself": begun, the page is
    being cast; its last step completes the cast."""
    t.give(t.white, "Song of Eridu", prepared=False)
    holdings.begin(t.game)
    t.game.round = 1
    act(t, t.white, 'begin Nam-Shub "Song of Eridu"')
    assert held(t.game, "White") == {"Song of Eridu": 0}
    act(t, t.white, 'complete "Hum the First Note" of "Song of Eridu"')
    assert held(t.game, "White") == {"Song of Eridu": 1}


def act(t: Table, b: Being, label: str) -> None:
    """Take the action labelled ``label`` from ``b``'s legal actions (it must be one)."""
    choice = next((c for c in actions.options(t.game, b) if c.label == label), None)
    assert choice is not None, label
    t.run(actions.perform(t.game, b, choice.value))


@pytest.mark.rule("Specialization", "Re-Attune")
def test_specializations_may_not_be_put_into_play_once_the_battle_begins(t: Table) -> None:
    """"Specializations, aka Specs, may not be put into play once the battle begins. The Spec takes up an
    Enhancement slot. It can be voluntarily dismissed to open up the slot": Void Speaker, whose Initiate ability is
    passive, is never cast. What it lets its Magi cast is: a Soul Abjuration it makes generate +1 Resonance is the
    Abjuration's cast. Dismissed, the Spec is not re-attuned ("To bring a discarded spell back into your Codex"),
    so it is never prepared nor cast as a spell."""
    void_speaker = specs.start(t.game, t.white, t.game.library["Void Speaker"])
    negation = t.give(t.white, "Universum Negation", prepared=False)  # a Soul Abjuration of 3 Resonance, a Response
    holdings.begin(t.game)
    t.white.resonance = 2  # 3, less the 1 Void Speaker makes it generate
    t.choices.extend(['cast "Universum Negation"', "Fireball", "pass"])  # White Dispels Black's Fireball
    fireball = t.in_play(t.black, "Fireball", "White")
    assert negation.place is Place.DISCARD and fireball.place is Place.DISCARD and t.white.resonance == 0
    assert held(t.game, "White") == {"Universum Negation": 1, "Void Speaker": 0}
    actions.dismiss(t.game, t.white, void_speaker)
    t.white.resonance = 10
    assert void_speaker in t.white.discard
    assert preparation.why_not_reattune(t.game, t.white, void_speaker) == (
        'Re-Attune: Void Speaker is a Specialization, not a spell ("Specializations, aka Specs, may not be put into '
        'play once the battle begins.")')
    assert [c.label for c in preparation.reattune_options(t.game, t.white)] == ["done", '"Universum Negation"']


def test_a_specialization_its_magi_begins_with_is_never_cast() -> None:
    """Whole duels of a study's entries, one Magi beginning with Void Speaker (random players dismiss it, and
    would re-attune and cast it if they could): Void Speaker is held, and cast by no one."""
    codex = [title for title in ("Fireball", "Pillar of Earth", "Universum Negation", "Flame Form") for _ in range(3)]
    for seed in range(3):
        entries = ({"codex": codex, "level": 2, "specialization": ["Void Speaker"]},
                   {"codex": codex, "level": 2, "specialization": ()})
        m, player = entry_duel(LIBRARY, seed, entries), RandomPlayer(seed)
        m.game.options.log = True
        while m.decision is not None:
            m.apply(player.choose(m.decision))
        assert held(m.game, "White")["Void Speaker"] == 0
        assert sum(held(m.game, "White").values()) == casts_logged(m.game, "White")
