"""The modes and step targets of rules text, chosen when an effect is declared (seed 003's effect grammar).

"A suitable object, zone, or player must be chosen for each target in the effect" (5.2.3.b): each
``target KIND`` of the rules text (an :class:`~cards.StepTarget`) is a target of its own, besides
the spell's Target (Glossary), and it is chosen at declaration even when its step is optional or
conditional (5.2.3.e, 5.2.3.f). A modal effect is declared mode first, and only the chosen mode's
targets are asked (5.2.3.d); a mode whose targets cannot all be chosen cannot be chosen, and a spell
none of whose modes can be declared cannot be cast (5.1.2.c).

A spell declares its on-impact targets when it is cast and keeps them, as it keeps its Target, for its
resolutions in maintenance; a trigger or an ability declares its own as it starts. An internal action
("you may pay COST to ...") chooses its targets only when it is played, during the resolution (5.2.3.g).
At the step itself, a target that is no longer valid makes that part impossible: it is skipped and the
rest of the effect resolves (6.5.f).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue import control, targeting
from spellc.engine.rulesets.serpents_tongue.cards import Declaration, StepTarget
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Kind

NO_MODE = -1  # a "choose one" none of whose modes could be declared: every mode is ignored


def choices(game: Battle, who: Being, card: Card, st: StepTarget) -> list[Choice]:
    """Every legal choice for one step target, labelled as the spell's own targets are."""

    if st.selector is None:
        return [Choice(b.name, ("being", b.name)) for b in game.beings
                if _is_being(b, st) and not (b.team != who.team and control.cloaked(game, b))]
    return [Choice(f'"{c.title}" of {targeting.holder_name(c)}', ("card", c.id))
            for c in targeting.spell_targets(game, who, card, st.selector)]


def still_valid(game: Battle, x: Being | Card, st: StepTarget) -> bool:
    """Whether a chosen step target can still be impacted when its step comes."""
    if isinstance(x, Being):
        return st.selector is None and _is_being(x, st)
    return st.selector is not None and game.matches(x, st.selector)


def _is_being(b: Being, st: StepTarget) -> bool:
    """Whether ``b`` is the kind of being a ``target Magi`` / ``target Koishaka`` takes."""
    return not b.incapacitated and (st.being != "Koishaka" or b.kind is Kind.KOISHAKA)


def _asked(targets: Iterable[tuple[int | None, StepTarget]], mode: int | None) -> list[StepTarget]:
    return [st for m, st in targets if m is None or m == mode]


def open_modes(game: Battle, who: Being, card: Card, decl: Declaration) -> list[Choice]:
    """The modes that can be declared: those whose every target has a legal choice."""
    return [Choice(text, i) for i, text in enumerate(decl.modes)
            if all(choices(game, who, card, st) for st in _asked(decl.targets, i))]


def spell_modes(game: Battle, caster: Being, card: Card) -> list[Choice]:
    """The modes a spell may be cast in (its on-impact "choose one")."""
    decl = card.spec.declarations.get("on_impact")
    if decl is None:
        return [Choice(text, i) for i, text in enumerate(card.spec.modes)]
    return open_modes(game, caster, card, decl)


def why_not(game: Battle, caster: Being, card: Card) -> str | None:
    """Why the spell's on-impact effect cannot be declared now (casting.why_not's rule and reason)."""
    decl = card.spec.declarations.get("on_impact")
    if decl is None:
        return None
    if decl.modes:
        if open_modes(game, caster, card, decl):
            return None
        return f"Target: {card.title} has no mode whose targets can all be chosen"
    for st in _asked(decl.targets, None):
        if not choices(game, caster, card, st):
            return f"Target: {card.title} has no valid {st.text()}"
    return None


def declarable(game: Battle, who: Being, card: Card, method: str) -> bool:
    """Whether a rules-text method (an ability's) can be declared now: some mode, and every target of it."""
    decl = card.spec.declarations.get(method)
    if decl is None:
        return True
    if decl.modes:
        return bool(open_modes(game, who, card, decl))
    return all(choices(game, who, card, st) for st in _asked(decl.targets, None))


def choose_mode(game: Battle, who: Being, card: Card, decl: Declaration) -> Flow[int]:
    options = open_modes(game, who, card, decl)
    if not options:
        return NO_MODE
    pick = yield from game.ask("mode", who, f"{card.title}: choose one", options, card)
    return int(pick.value)


def choose(game: Battle, who: Being, card: Card, targets: Iterable[tuple[int | None, StepTarget]],
           mode: int | None, chosen: dict[int, Being | Card],
           affordable: Callable[[Being | Card], bool] | None = None) -> Flow[None]:
    """Ask, in the order written, every target of ``mode`` not chosen yet; one without a legal choice stays
    unchosen, and its step is skipped when it comes (6.5.f). ``affordable`` drops the choices whose extra
    cost (Tough) could not be paid on top of what is chosen so far."""
    for st in _asked(targets, mode):
        if st.slot in chosen:
            continue
        options = [o for o in choices(game, who, card, st) if affordable is None or affordable(_chosen(game, o))]
        if not options:
            continue
        pick = yield from game.ask("target", who, f"{card.title}: {st.text()}?", options, card)
        chosen[st.slot] = _chosen(game, pick)


def _chosen(game: Battle, choice: Choice) -> Being | Card:
    kind, key = choice.value
    return game.being(str(key)) if kind == "being" else game.card(int(str(key)))


def declare_spell(game: Battle, caster: Being, card: Card,
                  affordable: Callable[[Being | Card], bool] | None = None) -> Flow[None]:
    """The cast cycle's declaration of the spell's on-impact step targets (after its mode and Target)."""
    decl = card.spec.declarations.get("on_impact")
    card.step_targets.clear()
    card.targets_declared = True  # one with no legal choice now stays unchosen: its step will be skipped
    if decl is not None:
        yield from choose(game, caster, card, decl.targets, card.mode, card.step_targets, affordable)
