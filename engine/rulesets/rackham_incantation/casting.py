"""Casting a spell (chapters 3, 4.7, 6.1 to 6.6 and 10.7): who may cast what at whom, the gems it costs, the
Power test, fast and prolonged casts, and the limits of a turn. Each function is named after the rule it plays;
every quoted sentence is the seed's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from spellc.engine.core import chance
from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import SpellCard
from spellc.engine.rulesets.rackham_incantation.colleges import ELEMENTAL, PEOPLES, PRIMITIVE_MAGIC, elemental
from spellc.engine.rulesets.rackham_incantation.elements import Element, gems_text
from spellc.engine.rulesets.rackham_incantation.state import Magician, Model

NO_MORE = "no more gems"


# ---------------------------------------------------------------- what a magician may cast
def colleges_of(m: Magician) -> frozenset[str]:
    """Its people's College, the Elemental College of each Element it controls, and Primitive Magic, "available
    to all". Instinctive wizards "cannot call upon the Colleges Elementary Magic" (5.5.6)."""
    return _colleges(m.spec.people, m.controls)


@cache  # a people and its Elements: a few dozen pairs, asked of every spell as each duel deals spell lists
def _colleges(name: str, controls: tuple[Element, ...]) -> frozenset[str]:
    people = PEOPLES[name]
    elementals = () if people.instinctive else tuple(elemental(e) for e in controls)
    return frozenset({people.college, PRIMITIVE_MAGIC, *elementals})


def college_allows(m: Magician, spell: SpellCard) -> str | None:
    """"If a magic spell does not belong to the one of the Colleges of Magic of the Magician, he will not be able
    to cast the spell" (4.7); a spell exclusive to a people is that people's only (3.9)."""
    if spell.college not in colleges_of(m):
        return f"College: {spell.title} is of {spell.college}, which {m.name} does not follow"
    if spell.exclusive and spell.exclusive != m.spec.people:
        return f"Special: {spell.title} is exclusive to {spell.exclusive}"
    return None


def elements_allowed(m: Magician, spell: SpellCard) -> str | None:
    """"A Magician can cast only magic spells using the Elements that he controls" (4.7); "a Magician cannot use
    gems of an Element he does not control" (3.1)."""
    controls = m.controls
    foreign = [e for e in spell.elements if e not in controls]
    if foreign:
        return f"Elements: {spell.title} needs {', '.join(sorted({e.value for e in foreign}))}, which {m.name} " \
               "does not control"
    return None


def can_pay(m: Magician, spell: SpellCard) -> bool:
    """The printed gems of each Element, then the neutral ones from any controlled gems left (4.8)."""
    need = Counter(spell.elements)
    if any(m.reserve[e] < n for e, n in need.items()):
        return False
    left = sum(m.reserve[e] - need[e] for e in m.controls)
    return left >= spell.neutral


def spells_per_turn(m: Magician, spell: SpellCard) -> str | None:
    """"His level limits the number of spells a magician can cast. It is not related to the frequency of the
    spell cast" (6.3.1, table 1), and its example: "Melkion ... is an Adept. In the Magic phase, he can cast three
    different spells. The number of Incantations for each of the three spells is limited by their Frequencies".
    The level counts the *different* spells cast this turn: a spell already cast this turn is not a new one, and
    only its frequency (frequency_allows) limits how often it is cast again."""
    different = list(m.casts_of)  # each spell cast this turn, cast or failed, in the order first cast
    if spell.title in m.casts_of or len(different) < m.level.spells_per_turn:
        return None
    return (f"Spells per turn: {m.name} is {m.level.title}, and has cast {len(different)} different spells this "
            f"turn ({', '.join(different)}; at most {m.level.spells_per_turn}): {spell.title} would be another")


def frequency_allows(m: Magician, spell: SpellCard) -> str | None:
    """"The frequency indicates the number of times that the spells can be cast in one turn. Certain extremely
    powerful and complex spells can be cast only once per game" (3.7)."""
    if spell.frequency.per_game and spell.title in m.cast_this_game:
        return f"Frequency: {spell.title} can be cast only once per game"
    if not spell.frequency.per_game and m.casts_of[spell.title] >= spell.frequency.per_turn:
        return f"Frequency: {spell.title} can be cast {spell.frequency.text()}"
    return None


def once_per_target(m: Magician, spell: SpellCard, target: Model) -> str | None:
    """"A spell can only be cast on the same target once per turn, whether the cast is successful or not"."""
    if (spell.title, target.name) in m.cast_on:
        return f"Same target: {spell.title} was cast at {target.name} this turn"
    return None


def concentration(battle: Battle, m: Magician) -> str | None:
    """"A magician may not cast a spell if he ran, charged, made a Prowess check or shot a ranged weapon"."""
    if m.name in battle.facts.busy:
        return f"Concentration: {m.name} ran, charged or shot this turn"
    return None


def target_allowed(battle: Battle, m: Magician, spell: SpellCard, target: Model) -> str | None:
    """Whom the card is cast at (an enemy, an ally, the magician himself), what it must be, and "the target of a
    spell must be within the spell's range"; "a Magician must have line of sight to his target or be in
    base-to-base contact with it" (6.1.3)."""
    if not target.present:
        return f"Target: {target.name} is no longer on the battlefield"
    if spell.target == "self" and target is not m:
        return f"Target: {spell.title} is cast on its caster only"
    if spell.target == "enemy" and target.camp == m.camp:
        return f"Target: {spell.title} is cast at an enemy; {target.name} is of {m.name}'s camp"
    if spell.target == "ally" and target.camp != m.camp:
        return f"Target: {spell.title} is cast at an ally; {target.name} is an enemy"
    if spell.target_trait and not target.has(spell.target_trait):
        return f"Target: {spell.title} is cast at a {spell.target_trait} model; {target.name} is not one"
    if spell.difficulty.of_target == "Fear" and target.fear is None:
        return f"Difficulty: {target.name} has no Fear rating for {spell.title}'s difficulty"
    if target is m:
        return None
    distance = battle.facts.distance(m.name, target.name)
    if not spell.range.allows(distance):
        return f"Range: {target.name} is {distance} cm away; {spell.title}'s range is {spell.range.text()}"
    if distance > 0 and not battle.facts.sees(m.name, target.name):
        return f"Line of sight: {m.name} cannot see {target.name}"
    return None


def why_not(battle: Battle, m: Magician, spell: SpellCard, target: Model | None = None) -> str | None:
    """Why ``m`` cannot cast ``spell`` (at ``target``) now, "Rule: reason"; None when it can."""
    for problem in (spells_per_turn(m, spell), concentration(battle, m), college_allows(m, spell),
                    elements_allowed(m, spell), frequency_allows(m, spell)):
        if problem:
            return problem
    if not can_pay(m, spell):
        return f"Mana: {spell.title} costs {spell.gems_text()}; {m.name} holds {gems_text(m.reserve)}"
    if target is not None:
        return once_per_target(m, spell, target) or target_allowed(battle, m, spell, target)
    return None


def targets(battle: Battle, m: Magician, spell: SpellCard) -> list[Model]:
    pool = [m] if spell.target == "self" else battle.present()
    return [t for t in pool if why_not(battle, m, spell, t) is None]


# ---------------------------------------------------------------- listing the casts
# Every decision of a magician's Magic phase lists what it may cast, and listing them is most of a match's work:
# why_not, asked of every spell at every target, states each refusal in words nobody reads there. The listing
# below asks the same rules as yes or no, once for each spell and then for each target, and reads what its
# cards fix for the whole match (the spells its College and Elements allow, each spell's printed gems) from a
# table made once per magician. test_rackham_casting_list.py holds it to why_not's answers.
@dataclass(frozen=True, slots=True)
class Known:
    """A spell of a magician's list that its card lets it cast (college_allows and elements_allowed read only
    the two cards), with what the listing reads of it."""

    spell: SpellCard
    title: str
    per_game: bool  # its frequency (frequency_allows)
    per_turn: int
    need: tuple[tuple[Element, int], ...]  # the printed gems of each Element (can_pay)
    need_controlled: int  # of them, those of the Elements the magician controls
    neutral: int
    kind: str  # whom it is cast at, and what (target_allowed)
    trait: str | None
    fear: bool  # its difficulty reads the target's Fear rating
    choices: dict[str, Choice]  # the cast at each target, by its name, made the first time it is listed


def known_spells(battle: Battle, m: Magician) -> tuple[Known, ...]:
    """``m``'s spells its card lets it cast, in the order of its list: worked out once per magician's card and
    library in a match (the battle keeps them, and a copy of the match works them out again)."""
    kept = battle.spell_lists.get(m.name)
    if kept is not None and kept[0] is m.card and kept[1] is battle.library:
        return kept[2]
    library, card = battle.library, m.spec
    key = ("known spells", card.people, card.elements, card.spells)  # all that _known reads of the magician
    spells = library.worked_out.get(key)
    if spells is None:  # the first match to deal such a magician (the library keeps it for the next)
        table = tuple(_known(m, library.spell(title)) for title in card.spells)
        spells = library.worked_out[key] = tuple(k for k in table if k is not None)
    battle.spell_lists[m.name] = (m.card, library, spells)
    return spells


def _known(m: Magician, spell: SpellCard) -> Known | None:
    if college_allows(m, spell) or elements_allowed(m, spell):
        return None
    need = Counter(spell.elements)
    return Known(spell, spell.title, spell.frequency.per_game, spell.frequency.per_turn, tuple(need.items()),
                 sum(need[e] for e in m.controls), spell.neutral, spell.target, spell.target_trait,
                 spell.difficulty.of_target == "Fear", {})


def cast_options(battle: Battle, m: Magician) -> list[Choice]:
    """Every spell of its list it may cast now (why_not), at each legal target (once_per_target,
    target_allowed)."""
    return list(casts(battle, m))


def may_cast(battle: Battle, m: Magician) -> bool:
    """Whether ``m`` may cast any spell now: cast_options, up to the first."""
    return next(casts(battle, m), None) is not None


def casts(battle: Battle, m: Magician) -> Iterator[Choice]:
    """cast_options one by one: why_not's refusals of a spell, each asked once, then target_allowed's of each
    target (each model's distance and line of sight read once for all the spells)."""
    if concentration(battle, m):
        return
    casts_of, reserve, cast_on = m.casts_of, m.reserve, m.cast_on
    another = len(casts_of) < m.level.spells_per_turn  # spells_per_turn
    held = 0
    for e in m.controls:
        held += reserve.get(e, 0)
    around: dict[str, list[Seen]] | None = None
    for k in known_spells(battle, m):
        title = k.title
        if not another and title not in casts_of:
            continue
        if k.per_game:  # frequency_allows
            if title in m.cast_this_game:
                continue
        elif casts_of.get(title, 0) >= k.per_turn:
            continue
        short = held - k.need_controlled < k.neutral  # can_pay: the neutral gems, from the gems left over
        for e, n in k.need:  # and the printed gems of each Element (a loop: this is asked at every listing)
            short = short or reserve.get(e, 0) < n
        if short:
            continue
        spell, kind, trait, fear = k.spell, k.kind, k.trait, k.fear
        if kind == "self":
            if (m.present and (title, m.name) not in cast_on and (not trait or m.has(trait))
                    and (not fear or m.fear is not None)):
                yield k.choices.get(m.name) or _choice(k, m)
            continue
        if around is None:
            around = _around(battle, m)
        for t, name, distance, sees in around.get(kind, around["any"]):  # an enemy, an ally, or anyone
            if cast_on and (title, name) in cast_on or trait and not t.has(trait) or fear and t.fear is None:
                continue
            if t is m or spell.range.allows(distance) and (distance == 0 or sees):
                yield k.choices.get(name) or _choice(k, t)


Seen = tuple[Model, str, int, bool]  # a model, its name, its distance from the caster, whether the caster sees it


def _around(battle: Battle, m: Magician) -> dict[str, list[Seen]]:
    """The models on the battlefield as ``m`` sees them, in their order: those of another camp ("enemy"), those
    of its own ("ally"), and all ("any")."""
    facts, caster = battle.facts, m.name
    distances, default, blind = facts.distances, facts.default_distance, facts.blind
    enemies: list[Seen] = []
    allies: list[Seen] = []
    everyone: list[Seen] = []
    for t in battle.present():
        name = t.name
        seen = (t, name, 0 if name == caster else distances.get(frozenset((caster, name)), default),
                (caster, name) not in blind)  # Facts.distance and Facts.sees
        everyone.append(seen)
        (allies if t.camp == m.camp else enemies).append(seen)
    return {"enemy": enemies, "ally": allies, "any": everyone}


def _choice(k: Known, target: Model) -> Choice:
    choice = k.choices[target.name] = Choice(cast_label(k.spell, target), ("cast", k.title, target.name))
    return choice


def cast_label(spell: SpellCard, target: Model) -> str:
    return f'cast "{spell.title}" at {target.name}'


# ---------------------------------------------------------------- fast and prolonged casts
FAST_CAST, PROLONGED_CAST = "fast cast", "prolonged cast"


def declared(m: Magician) -> str | None:
    """The cast type ``m`` declared this turn, if any."""
    return FAST_CAST if m.fast else PROLONGED_CAST if m.prolonged else None


def may_declare(m: Magician, kind: str) -> str | None:
    """"Once declared, a fast cast can't be cancelled. Multiple fast casts cannot be declared" (6.4.1), and the
    same of a prolonged cast (6.4.2). The seed does not say whether one magician may declare both in a turn. He
    may not: a prolonged cast takes back exactly what a fast cast gave (Initiative −2 against +2, difficulty −1
    against +1), so declaring it after a fast cast would cancel one that "can't be cancelled" — and, declared
    once the order of casting is set, keep the fast cast's place in it at no cost. The other way round alike."""
    done = declared(m)
    if done is None:
        return None
    if done == kind:
        return f"{kind.capitalize()}: multiple {kind}s cannot be declared ({m.name} declared one this turn)"
    return (f"{done.capitalize()}: {m.name} declared a {done} this turn, and once declared it can't be "
            f"cancelled: a {kind} would take back its Initiative and difficulty")


def declare_fast_cast(m: Magician) -> None:
    """"Doing so increases the magician's Initiative by two. It also increases the difficulty of his spells cast
    this turn by 1 ... Once declared, a fast cast can't be cancelled. Multiple fast casts cannot be declared.\""""
    m.fast = True


def declare_prolonged_cast(m: Magician) -> None:
    """"Doing so reduces the magician's Initiative characteristic by two. It also decreases the Difficulty of his
    spells by one" (6.4.2); declared once, never cancelled."""
    m.prolonged = True


# ---------------------------------------------------------------- the Power test
def difficulty(m: Magician, spell: SpellCard, target: Model, chosen: int | None = None) -> int:
    """The printed difficulty, the target's (Banishment: "the Fear rating of its target plus 6") or the one set
    for a free difficulty; then +1 for a fast cast and −1 for a prolonged one."""
    d = spell.difficulty
    if d.free:
        base = chosen or 0
    elif d.of_target == "Fear":
        base = (target.fear or 0) + d.value
    else:
        base = d.value
    return base + m.fast - m.prolonged


def spell_elements(spell: SpellCard) -> set[Element]:
    """A spell "of" an Element (for Spirit of X): one that prints a gem of it, or is of its Elemental College."""
    return set(spell.elements) | ({ELEMENTAL[spell.college]} if spell.college in ELEMENTAL else set())


def power_test(m: Magician, spell: SpellCard, extra: int) -> chance.Dice:
    """"The player rolls a d6 and adds the Magician's Power characteristic"; "a natural result of 6 entitles
    the player to roll again"; "a result of 1 is always regarded as a failure, even if it occurs after having
    rolled a 6" — unless Spirit of X ("a casting roll of 1 is not regarded as an automatic failure") covers
    the spell; "for each additional gem spent, the magician may roll an additional d6 ... the magician selects
    the best score of all dice rolled" (6.3.2, 6.6, 10.7)."""
    spirit = bool(m.spec.spirit_of) and bool(spell_elements(spell) & set(m.spec.spirit_of))
    return _power_dice(1 + extra, m.power, spirit)


@cache  # dice are values: those of each count, Power and Spirit of X, made once rather than at every cast
def _power_dice(count: int, power: int, spirit: bool) -> chance.Dice:
    return chance.Dice(count=count, sides=6, keep=1, explode=True, plus=power,
                       fail_on=frozenset() if spirit else frozenset({1}))


def free_difficulties(m: Magician) -> range:
    """The difficulties offered for a free difficulty: 2 up to what a die reaches when its 6 is thrown again
    once (Power + 12). The seed sets no bound: a higher one is reached only by a third throw, one time in 216,
    and the card's effect, not the test, is what a chosen difficulty changes."""
    return range(2, m.power + 13)


@dataclass
class Cast:
    """A spell being cast: who, what, at whom, the gems spent (printed and additional), its difficulty and the
    Power test's roll."""

    caster: Magician
    spell: SpellCard
    target: Model
    spent: list[Element]
    extra: int = 0
    difficulty: int = 0
    roll: chance.Roll | None = None
    countered: str | None = None
    dispel_tried: bool = False  # "only one dispel attempt can be made against any spell"
    # The roll and difficulty last judged, with the total and whether it reached the difficulty: read by the log,
    # the game and a dispel, worked out once for each roll (the core's Roll finds its kept dice at every read).
    judged: tuple[chance.Roll, int, int, bool] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def result(self) -> int:
        """"The result of the caster": the total of its Power test, which a dispel must equal or exceed."""
        return self.judge()[0]

    def judge(self) -> tuple[int, bool]:
        """The Power test's total, and whether it reached the difficulty (``roll.at_least``); 0 and no before the
        roll."""
        roll = self.roll
        if roll is None:
            return 0, False
        judged = self.judged
        if judged is None or judged[0] is not roll or judged[1] != self.difficulty:
            # roll.at_least, its dice kept found once (the core's total and natural_failure each sort the dice to
            # find them): the total reaches the difficulty, and no kept die showed a natural 1.
            kept, throws, dice = roll.kept, roll.throws, roll.dice
            total = dice.plus + sum(sum(throws[i]) for i in kept)
            failed = any(face in dice.fail_on for i in kept for face in throws[i])
            judged = self.judged = (roll, self.difficulty, total, total >= self.difficulty and not failed)
        return judged[2], judged[3]


def spend(m: Magician, gems: list[Element]) -> None:
    reserve = m.reserve
    for e in gems:
        reserve[e] -= 1
    for e in [e for e, n in reserve.items() if n <= 0]:  # drop the Elements spent to none (as `+= Counter()`)
        del reserve[e]


def pay_printed_gems(battle: Battle, m: Magician, spell: SpellCard) -> Flow[list[Element]]:
    """"The Magician must use (spend) the gems required by the spell" (6.3); each neutral gem is paid with a
    gem of an Element the magician controls, chosen one at a time ("freely to combine gems of several
    Elements", 4.8)."""
    spent = list(spell.elements)
    spend(m, spent)
    for i in range(spell.neutral):
        held = m.held()
        gem = yield from battle.gem_choice("neutral gem", m, f"{spell.title}: neutral gem {i + 1} of "
                                           f"{spell.neutral}", held, spell.title)
        spend(m, [gem])
        spent.append(gem)
    return spent


def add_gems(battle: Battle, m: Magician, spell: SpellCard) -> Flow[list[Element]]:
    """"A magician may add additional gems to increase his chance of a successful cast", one at a time until
    he says no more."""
    added: list[Element] = []
    while True:
        held = m.held()
        if not held:
            return added
        options = _additional_options(tuple(held))
        picked = yield from battle.ask("additional gem", m, f"{spell.title}: add a gem for another die?",
                                       options, spell.title)
        if picked.value is None:
            return added
        spend(m, [picked.value])
        added.append(picked.value)


_ADDITIONAL: dict[tuple[Element, ...], tuple[Choice, ...]] = {}  # by the Elements held: a few dozen


def _additional_options(held: tuple[Element, ...]) -> tuple[Choice, ...]:
    """No more, or a gem of each Element held (in the order it controls them), made once for each."""
    options = _ADDITIONAL.get(held)
    if options is None:
        options = _ADDITIONAL[held] = (Choice(NO_MORE, None), *(Choice(e.value, e) for e in held))
    return options


def choose_free_difficulty(battle: Battle, m: Magician, spell: SpellCard) -> Flow[int | None]:
    """"Certain spells have a free difficulty. In this case, it is the Magician who chooses the difficulty of the
    magic spell before launching it" (3.3)."""
    if not spell.difficulty.free:
        return None
    options = [Choice(str(n), n) for n in free_difficulties(m)]
    picked = yield from battle.ask("difficulty", m, f"{spell.title}: set its difficulty", options, spell.title)
    return int(picked.value)


def record_the_cast(m: Magician, spell: SpellCard, target: Model) -> None:
    """The limits count a cast "whether the cast is successful or not"."""
    m.spells_cast += 1
    m.casts_of[spell.title] += 1
    m.casts_in_game[spell.title] += 1
    m.cast_on.add((spell.title, target.name))
    if spell.frequency.per_game:
        m.cast_this_game.add(spell.title)


def attempt(battle: Battle, m: Magician, spell: SpellCard, target: Model) -> Flow[Cast]:
    """Pay, set a free difficulty, add gems, then the Power test; "the gems are spent whether the cast succeeds
    or fails"."""
    spent = yield from pay_printed_gems(battle, m, spell)
    chosen = yield from choose_free_difficulty(battle, m, spell)
    added = yield from add_gems(battle, m, spell)
    record_the_cast(m, spell, target)
    cast = Cast(m, spell, target, spent + added, len(added), difficulty(m, spell, target, chosen))
    cast.roll = yield from battle.roll(power_test(m, spell, len(added)), f"{m.name}'s Power test for {spell.title}")
    if battle.logged:
        dice = ", ".join("+".join(map(str, t)) for t in cast.roll.throws)
        battle.say(f"{m.name} casts {spell.title} at {target.name} with {gems_text(cast.spent)}: dice {dice}, "
                   f"total {cast.result} against difficulty {cast.difficulty}: "
                   + ("cast" if succeeds(cast) else "failed"))
    return cast


def succeeds(cast: Cast) -> bool:
    """"If the total is equal to or greater than the difficulty of the spell the cast is successful, otherwise,
    the spell fails"; a natural 1 on the die kept fails whatever the total."""
    return cast.judge()[1]
