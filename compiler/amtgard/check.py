"""AST → checked ability cards (engine.rulesets.amtgard.cards), each with the line it was written on. Every
problem is a located diagnostic with a suggestion where one is likely; a card with an error is left out. What each
field's declaration says (ruleset.toml: its School and type, a line given once, a Charge of x1 to x20, its States
and Special Effects, the abilities it grants) compiler.declared_fields checks, as for every game; this checker
keeps what no declaration says (an enchantment's own lines, a Chant's free throws, the events and steps)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from spellc.compiler import card_ast as ast
from spellc.compiler import card_titles, rules_core, rules_text
from spellc.compiler.declared_fields import DeclaredFields, Fields, Line
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.engine.core import steps as core
from spellc.engine.rulesets.amtgard.cards import AbilityCard, Grant, Trigger, Uses
from spellc.engine.rulesets.amtgard.effects import describe_all
from spellc.engine.rulesets.amtgard.vocabulary import QUALIFIED, STATES, Kind, Reach, School

# An "if you did" as this game writes it: the help of one written first (rules_text.check_shape).
IF_YOU_DID = "may remove Stopped from caster; if you did: affect caster for 30 s"

WHO = ("target", "bearer", "caster", "you")
EVENTS = ("dies", "hit by a melee weapon", *(f"{s} ends" for s in STATES))


@dataclass(frozen=True, slots=True)
class Checked:
    card: AbilityCard
    path: str
    line: int


def _words(f: ast.Field) -> list[rules_text.Word]:
    return [v for v in f.values if isinstance(v, rules_text.Word)]


class Checker:
    def __init__(self, diags: Diagnostics) -> None:
        self.diags = diags
        self.declared = DeclaredFields(diags, "amtgard")
        self.vocabularies = self.declared.vocabularies

    def check_card(self, node: ast.Card, path: str) -> tuple[Checked, ast.Card] | None:
        errors = len(self.diags.items)
        card_titles.fits(node.title, node.title_span, self.diags)
        fields = self.declared.check("ability", node.title_span, self._lines(node))
        if not fields.complete:
            return None
        kind = self._kind(fields["type"])
        steps = self._steps(fields["effect"].steps) if "effect" in fields else ()
        triggers = tuple(Trigger(self._event(f), self._steps(f.steps)) for f in node.fields if f.name == "when")
        card = AbilityCard(
            title=node.title, school=self._school(fields["school"]), kind=kind,
            magical="extraordinary" not in fields, reach=self._reach(fields),
            uses=self._uses(fields.get("uses")), charge=self._charge(fields.get("charge")),
            incantation=_text(fields.get("incantation")), materials=_text(fields.get("materials")),
            trigger=_word(fields.get("trigger")), chant=_text(fields.get("chant")),
            persistent="persistent" in fields, strips=_int(fields.get("strips")),
            magic_armor=_int(fields.get("magic")) or 0, enhances_armor="enhances" in fields,
            stops_projectiles="stops" in fields, bars_enchantments="bars" in fields, raises_limit="raises" in fields,
            free_while_chanting=tuple(t.text for t in _texts(fields.get("free"))), heats_weapon="heats" in fields,
            grants=tuple(self._grant(f) for f in fields.every("grants") if f.name == "grants"),
            granted=tuple(self._granted(f) for f in fields.every("grants") if f.name == "grants_ability"),
            special_effects=self._specials(fields.get("special")),
            works_on=_word(fields.get("works")),
            steps=steps, triggers=triggers,
            source=f"{path}:{node.span.line}")
        card = replace(card, text=ability_text(card))
        if "magical" in fields and "extraordinary" in fields:
            self.diags.error("E703", "an ability is magical (m) or extraordinary (ex), not both",
                             fields["extraordinary"].span)
        if "stops" in fields and kind is not Kind.ENCHANTMENT:
            # The engine asks its bearer's active enchantments (hits.stops_projectile); a Verbal or a ball has no
            # bearer to keep projectiles off.
            self.diags.error("E716", "`stops projectiles` goes on an Enchantment (its bearer is unaffected by "
                             f"projectiles), not on type {kind.value}", fields["stops"].span,
                             "note: Protection from Projectiles and Song of Deflection are Enchantments")
        for name, line, what in (
                ("bars", "bars magical enchantments", "no other magical enchantment may be cast on its bearer"),
                ("raises", "raises enchantment limit", "its bearer may carry one more magical enchantment")):
            if name in fields and kind is not Kind.ENCHANTMENT:
                # The engine asks what the target wears (enchantments.why_not_enchant); only a worn ability does.
                self.diags.error("E717", f"`{line}` goes on an Enchantment ({what} while "
                                 f"wearing it), not on type {kind.value}", fields[name].span,
                                 "note: Essence Graft and Attuned are Enchantments")
        if "raises" in fields and "extraordinary" not in fields:
            # A magical one would take the very place it makes: "(ex) ... do not count towards enchantment limits".
            self.diags.error("E718", "`raises enchantment limit` goes on an extraordinary (ex) enchantment; a "
                             "magical one would take the place it makes", fields["raises"].span,
                             "help: write `extraordinary`")
        if "free" in fields and not card.chant:
            # The throws are free only while its Chant lasts (casting.free_throw asks what the caster chants).
            self.diags.error("E720", "`free while chanting` goes on an ability with a `chant` (its Chant keeps the "
                             "free throws)", fields["free"].span,
                             "help: write `chant \"...\"`; Elemental Barrage's Chant keeps its throws free")
        if "heats" in fields and not _timed_ongoing(card):
            # The weapon stays heated while its player is under the Ongoing Effect (ongoing.heated): without one
            # imparted for a duration it would be never, or for ever.
            self.diags.error("E721", "`heats a weapon` goes on an ability whose effect imparts an Ongoing Effect for "
                             "a duration (`effect: affect target for 30 s`)", fields["heats"].span,
                             "note: Heat Weapon's Ongoing Effect has a duration (Examples: Terror, Heat Weapon)")
        if len(self.diags.items) != errors:
            return None
        return Checked(card, path, node.span.line), node

    def check_set(self, found: list[tuple[Checked, ast.Card]], written: frozenset[str], age: card_titles.Age
                  ) -> list[Checked]:
        """The cards whose references to others hold: each title and page once, each granted ability and each
        ball thrown free one of the set. Every lookup is in a table made once for the set: a check in linear time
        (a card looked up in the list of those kept, and the table of titles made again for each card, made
        checking 10,000 abilities take three minutes)."""
        kept = card_titles.distinct_titles(found, self.diags, age)
        cards = {c.card.title: c.card for c in kept}
        kinds = dict.fromkeys(cards, "ability")
        balls = [t for t, c in cards.items() if c.kind is Kind.MAGIC_BALL]
        first = {id(c) for c in kept}
        out = []
        for checked, node in found:
            if id(checked) not in first:
                continue
            granted = self.declared.refer([line for line in self._lines(node) if line.node.name == "grants_ability"],
                                          kinds, written)
            unthrown = self._unthrown(node, cards, balls)
            if granted and not unthrown:
                out.append(checked)
        return out

    def _unthrown(self, node: ast.Card, cards: dict[str, AbilityCard], balls: list[str]) -> list[str]:
        """The titles a `free while chanting` line names that are no Magic Ball (``balls``) of the set, each a
        located error: what its Chant frees is a ball's use, spent as its incantation is completed."""
        wrong = []
        for f in (f for f in node.fields if f.name == "free_while_chanting"):
            for said in _texts(f):
                if said.text in balls:
                    continue
                wrong.append(said.text)
                kind = f", a {cards[said.text].kind.value}," if said.text in cards else ""
                self.diags.error("E719", f"no Magic Ball is titled {said.text!r}{kind} to throw free", said.span,
                                 *did_you_mean(said.text, balls))
        return wrong

    # ---- fields
    def _lines(self, node: ast.Card) -> list[Line[ast.Field]]:
        """Its lines as the declared checks read them (:func:`_said`)."""
        return [self.declared.line(self.declared.line_word(f.name), f, f.span, _said(f)) for f in node.fields]

    def _school(self, f: ast.Field) -> School:
        word = _words(f)[0].text
        return School(word) if self.vocabularies.takes("school", word) else School.NEUTRAL

    def _kind(self, f: ast.Field) -> Kind:
        said = " ".join(w.text for w in _words(f))
        return Kind(said) if self.vocabularies.takes("type", said) else Kind.VERBAL

    def _reach(self, fields: Fields[ast.Field]) -> Reach:
        """"Self", "Touch", "Other", "20'" or "50'": the seed's ranges; feet are read as a number (`020'` is 20')."""
        line = fields.first.get("range")
        return Reach(str(line.said[0].value)) if line is not None and fields.ok("range") else Reach.TOUCH

    def _uses(self, f: ast.Field | None) -> Uses:
        if f is None or f.name == "unlimited":
            return Uses()
        return Uses(_int(f) or 0, _words(f)[0].text)

    def _charge(self, f: ast.Field | None) -> int | None:
        return None if f is None else _int(f)

    def _state(self, word: rules_text.Word, detail: rules_text.Word | None, *, checked: bool = False
               ) -> tuple[str, str | None]:
        """A State a step or a `grants` line names (``checked``: its word checked already, by the declared
        checks), and what it is to: only Immune and Vulnerable name it (`Immune to Flame`)."""
        state = word.text if checked else self.vocabularies.check("grants", word.text, word.span) or word.text
        if state in QUALIFIED and detail is None:
            self.diags.error("E709", f"{state} names what it is to: `{state} to Flame`", word.span)
        if detail is not None and state not in QUALIFIED:
            self.diags.error("E709", f"{state} is to nothing; only {' and '.join(QUALIFIED)} name what they are to",
                             detail.span)
        if state == "Immune" and detail is not None:
            self.vocabularies.check("school", detail.text, detail.span)
        return state, detail.text if detail else None

    def _grant(self, f: ast.Field) -> Grant:
        """A State its bearer bears (its word checked by its declaration), and what it is to (`Immune to Flame`)."""
        words = _words(f)
        return Grant(*self._state(words[0], words[1] if len(words) > 1 else None, checked=True))

    def _granted(self, f: ast.Field) -> tuple[str, Uses]:
        return _text(f), Uses(_int(f), _words(f)[0].text)

    def _specials(self, f: ast.Field | None) -> tuple[str, ...]:
        """``special effect Armor Destroying, Shield Destroying``: each named, each once."""
        if f is None:
            return ()
        found: list[str] = []
        for effect in _words(f):
            if effect.text in found:
                self.diags.error("E710", f"{effect.text} is written twice", effect.span)
            elif self.vocabularies.takes("special", effect.text):
                found.append(effect.text)
        return tuple(found)

    def _event(self, f: ast.Field) -> str:
        words = [w.text for w in f.event]
        said = " ".join(words[1:] if words and words[0] == "bearer" else words)
        said = said.removeprefix("is ")
        if said not in EVENTS:
            span = f.event[0].span.to(f.event[-1].span)
            self.diags.error("E713", f"an ability cannot answer {' '.join(words)!r}", span,
                             *did_you_mean(said, EVENTS), "note: when bearer dies; when bearer is hit by a melee "
                             "weapon; when STATE ends")
        return said

    # ---- steps
    def _steps(self, nodes: tuple[rules_text.Step, ...]) -> tuple[core.Step, ...]:
        rules_text.check_shape(nodes, self.diags, IF_YOU_DID)
        return rules_core.to_core(nodes, self._do, self._test)

    def _who(self, word: rules_text.Value) -> str:
        assert isinstance(word, rules_text.Word)
        if word.text not in WHO:
            self.diags.error("E714", f"a step concerns `target`, `bearer` or `caster`, not {word.text!r}", word.span,
                             *did_you_mean(word.text, WHO))
        return word.text

    def _do(self, node: rules_text.Action) -> core.Do:
        args = list(node.args)
        if node.kind == "make":
            seconds = args.pop() if isinstance(args[-1], int) else None
            who, state = args[0], args[1]
            assert isinstance(state, rules_text.Word)
            detail = args[2] if len(args) > 2 else None
            assert detail is None or isinstance(detail, rules_text.Word)
            name, said = self._state(state, detail)
            return core.Do("make", (self._who(who), name, said, seconds))
        if node.kind == "affect":
            seconds = args.pop() if isinstance(args[-1], int) else None
            return core.Do("affect", (self._who(args[0]), seconds))
        if node.kind == "remove state":
            state, who = args
            assert isinstance(state, rules_text.Word)
            return core.Do("remove state", (self._state(state, None)[0], self._who(who)))
        return core.Do(node.kind, tuple(self._who(a) if isinstance(a, rules_text.Word) else a for a in args))

    def _test(self, node: rules_text.Condition) -> core.Condition:
        words = [w.text for w in node.words]
        if len(words) == 3 and words[1] in ("is", "are") and words[2] in STATES:
            return core.Condition("is", (self._who(node.words[0]), words[2]))
        self.diags.error("E715", f"no condition reads {' '.join(words)!r}", node.span,
                         "note: a condition reads `target is STATE` (Frozen, Stopped...)")
        return core.Condition("is", ("target", "Frozen"))


def _said(f: ast.Field) -> tuple[rules_text.Value, ...]:
    """What a line says that its declaration checks (declared_fields.said reads it by the field's type): a State
    granted without what it is to (`Immune to Flame`: Immune), a granted ability's title without its uses."""
    if f.name == "grants":
        return (_words(f)[0],)
    if f.name == "grants_ability":
        return tuple(_texts(f))
    return f.values


def _text(f: ast.Field | None) -> str:
    return next((v.text for v in f.values if isinstance(v, rules_text.Text)), "") if f else ""


def _timed_ongoing(card: AbilityCard) -> bool:
    """Whether the card's effect imparts its Ongoing Effect for a duration."""
    return any(isinstance(step, core.Do) and step.kind == "affect" and step.args[1] is not None for step in card.steps)


def _texts(f: ast.Field | None) -> list[rules_text.Text]:
    return [v for v in f.values if isinstance(v, rules_text.Text)] if f else []


def _word(f: ast.Field | None) -> str | None:
    return _words(f)[0].text if f else None


def _int(f: ast.Field | None) -> int | None:
    return next((v for v in f.values if isinstance(v, int)), None) if f else None


def _event_text(event: str) -> str:
    """As a class list writes it: "bearer dies", "bearer is hit by a melee weapon", "Frozen ends"."""
    if event.endswith(" ends"):
        return event
    return f"bearer {event}" if event == "dies" else f"bearer is {event}"


def ability_text(card: AbilityCard) -> str:
    """What the ability does, as its entry would say it: its Magic Armor, the States it gives its bearer, its
    Special Effect and the abilities it grants, then its effect and its triggers in seed 003's forms."""
    said = [f"{card.magic_armor} point{'s' if card.magic_armor != 1 else ''} of Magic Armor to each location."
            ] if card.magic_armor else []
    said += ["The bearer's worn armor loses only 1 point to any hit."] if card.enhances_armor else []
    said += ["The bearer is unaffected by projectiles (arrows, Specialty Arrows, thrown weapons), not by Magic "
             "Balls; what it wears or carries still takes the hit."] if card.stops_projectiles else []
    said += ["While its bearer wears it, no other magical enchantment may be cast on them; (ex) ones may."
             ] if card.bars_enchantments else []
    said += ["Its bearer may carry one more magical enchantment while wearing it."] if card.raises_limit else []
    said += [f"While its caster chants, {' and '.join(card.free_while_chanting)} may be thrown without spending a use."
             ] if card.free_while_chanting else []
    said += ["Its target's weapon is heated: they may not wield it while under this ability's Ongoing Effect."
             ] if card.heats_weapon else []
    said += [f"The bearer is {g.text()}." for g in card.grants]
    said += [f"{' and '.join(card.special_effects)}."] if card.special_effects else []
    said += [f"Grants {title} ({uses.text()})." for title, uses in card.granted]
    said += [core.capitalize(describe_all(card.steps))] if card.steps else []
    said += [f"When {_event_text(t.event)}: {describe_all(t.steps)}" for t in card.triggers]
    return " ".join(said)
