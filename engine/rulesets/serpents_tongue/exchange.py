"""The energy exchange: "Magi are permitted only one energy exchange per round, but they may make that
exchange at any time as desired" (Glossary, Energy Exchange; "at any time, instantly", The Crucible Update).

An exchange is no action and no decision of its own: it is offered beside the choices of the decisions
a Magi makes where energy counts — its turn (:mod:`.actions`), a Response window, re-attuning,
paying to sustain a spell or to keep a Dampened one. Taking it makes the exchange and puts the same
question again, with the choices the new energies allow (and no exchange: one per round). Where the Magi
would otherwise not be asked at all (nothing to respond with, nothing to re-attune), it is offered only
when an exchange would give it a choice it lacks now, so that a window nobody can use stays silent.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import MAGI, Being, Card, Kind

# "Give up 1 Will to gain (choose one): 3 Resonance OR 2 Harmony OR 1 Essence";
# "Give up 10 Voice to gain (choose one): 3 Resonance OR 2 Harmony OR 1 Essence OR 1 Will".
EXCHANGES: tuple[tuple[Energy, int, Energy, int], ...] = (
    (Energy.WILL, 1, Energy.RESONANCE, 3), (Energy.WILL, 1, Energy.HARMONY, 2), (Energy.WILL, 1, Energy.ESSENCE, 1),
    (Energy.VOICE, 10, Energy.RESONANCE, 3), (Energy.VOICE, 10, Energy.HARMONY, 2),
    (Energy.VOICE, 10, Energy.ESSENCE, 1), (Energy.VOICE, 10, Energy.WILL, 1),
)
RULE = "Energy Exchange"
# The least each energy given up must be (1 Will, 10 Voice): whether any exchange is open at all.
LEAST = {give: min(n for g, n, _, _ in EXCHANGES if g is give) for give, _, _, _ in EXCHANGES}
WILL_LEAST, VOICE_LEAST = LEAST[Energy.WILL], LEAST[Energy.VOICE]


def label(index: int) -> str:
    give, n, get, m = EXCHANGES[index]
    return f"exchange {n} {give.value} for {m} {get.value}"


# Each exchange as a choice: the same every time it is offered (a choice is never changed).
CHOICES = tuple(Choice(label(i), Act("exchange", None, f"{i}")) for i in range(len(EXCHANGES)))
# The exchanges open to a Magi by whether it has enough Will and enough Voice: each energy is given up in one
# amount (1 Will, 10 Voice), so that is all they depend on.
OPEN = {(will, voice): tuple(c for c, (give, _, _, _) in zip(CHOICES, EXCHANGES, strict=True)
                             if {Energy.WILL: will, Energy.VOICE: voice}[give])
        for will, voice in itertools.product((True, False), repeat=2)}


def why_not(game: Battle, b: Being, index: int | None = None) -> str | None:
    """Why ``b`` cannot make an exchange now (``index``: that one): "Energy Exchange: reason", or None."""
    closed = _closed(game, b)
    if closed is not None:
        return closed
    wanted = LEAST.items() if index is None else [EXCHANGES[index][:2]]
    for give, n in wanted:
        if b.energy(give) >= n:
            return None
    give, n = (Energy.WILL, 1) if index is None else EXCHANGES[index][:2]
    return f"{RULE}: {b.name} has {b.energy(give)} {give}, and the exchange gives up {n}"


def is_open(game: Battle, b: Being) -> bool:
    """Whether ``b`` may make an exchange now, whatever energies it has (:func:`_closed` says why not; asked
    at nearly every decision, where no reason is wanted)."""
    # Once a round: the Magi that has exchanged already is told apart first, before its kind is read.
    return not (b.exchanged_this_round or b.incapacitated or game.level1 or b.kind is not MAGI)


def _closed(game: Battle, b: Being) -> str | None:
    """Why ``b`` can make no exchange now, whatever energies it has."""
    if is_open(game, b):
        return None
    if game.level1:
        return f"{RULE}: level 1 play has no Will or Voice to exchange"
    if b.kind is not Kind.MAGI:
        return f"{RULE}: only Magi exchange energies"
    if b.incapacitated:
        return f"{RULE}: {b.name} is incapacitated and cannot spend energies"
    if b.exchanged_this_round:
        return (f"{RULE}: {b.name} has already made this round's energy exchange (\"Magi are permitted only one "
                "energy exchange per round\")")
    return None


def options(game: Battle, b: Being) -> tuple[Choice, ...]:
    """The exchanges ``b`` may make now (asked at nearly every decision: each energy is read once)."""
    if b.exchanged_this_round or b.incapacitated or game.level1 or b.kind is not MAGI:  # is_open, without a call
        return ()
    # Each energy read off its attribute, without a call (an energy a being lacks stays at zero, as Being.energy
    # reads it).
    return OPEN[b.will >= WILL_LEAST, b.voice >= VOICE_LEAST]


def is_exchange(choice: Choice) -> bool:
    return isinstance(choice.value, Act) and choice.value.verb == "exchange"


def exchange(game: Battle, b: Being, index: int) -> None:
    give, n, get, m = EXCHANGES[index]
    game.pay(b, give, n, RULE)
    got = game.gain(b, get, m)
    b.exchanged_this_round = True
    if game.options.log:  # the line is written only for a log kept (Game.say)
        game.say(f"{b.name} exchanges {n} {give.value} for {got} {get.value}")


# The choices a question offers, read with the match and the being asked: the rule that lists them, named (a function
# of the module that plays it), rather than a function made for each question (most are asked at every window).
Choices = Callable[[Battle, Being], Sequence[Choice]]


def ask(game: Battle, b: Being, kind: str, prompt: str, choices: Choices,
        card: Card | None = None) -> Flow[Choice | None]:
    """Put a decision to ``b`` with the exchanges beside ``choices(game, b)`` (recomputed after an exchange).
    Returns the choice, or None when there are none and no exchange is worth offering."""
    while True:
        base = list(choices(game, b))
        offered = options(game, b)
        if offered and len(base) <= 1 and not _opens(game, b, base, offered, choices):
            offered = ()
        if not base and not offered:
            return None
        asked = [*base, *offered]
        # Game.ask, written out: a question of one answer is answered here, and the decision of several yielded
        # without its flow made and run.
        pick = asked[0] if len(asked) == 1 else (yield game.decision(kind, b, prompt, asked, card))
        if not is_exchange(pick):
            return pick
        exchange(game, b, int(pick.value.name))


def _opens(game: Battle, b: Being, base: list[Choice], offered: Sequence[Choice], choices: Choices) -> bool:
    """Whether some exchange would give ``b`` a choice it does not have now (tried on its energies, undone)."""
    now = {c.label for c in base}
    for offer in offered:
        give, n, get, m = EXCHANGES[int(offer.value.name)]
        kept = b.energy(give), b.energy(get)  # an exchange changes these two, and is undone before the next
        try:
            b.set_energy(give, kept[0] - n)
            gained = b.energy(get) + m
            b.set_energy(get, min(gained, b.starting_essence) if get is Energy.ESSENCE else gained)
            if any(c.label not in now for c in choices(game, b)):
                return True
        finally:
            b.set_energy(get, kept[1])
            b.set_energy(give, kept[0])
    return False
