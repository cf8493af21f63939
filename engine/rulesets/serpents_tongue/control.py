"""Control effects: Prevented, Will Breaks, Cloaked, Phased and Injunctions — and the Innate Actions they spare.

Glossary terms played here: Prevented, Will Breaks, Cloaked, Phased, Injunction, Innate Actions.

A Control effect is an empowerment printed on a spell in play; it binds the Magi the spell is on:

- a Curse binds the Magi it impacted (``Card.cursed``: each Magi an Area Curse hit, not those that
  Shielded it),
- an Enhancement or a Defense binds its bearer (every Magi of the team when it was cast with Area:
  "all Magi on that team are bearers of the Enhancement"),
- a spell still in an Attack zone binds nobody (the checker refuses a Control effect on an Attack that
  is not a Curse, so that none is ever silently ignored).

Printed forms (registry keywords, engine/rulesets/serpents_tongue/glossary.toml):

- ``Prevent Attack spells`` / ``Prevent Bio Heat spells`` / ``Prevent spells``: a ban on casting spells of a
  kind (a Sphere, descriptors, a role, Curse or an empowerment such as Response), or all of them;
  ``Prevent actions``: a ban on the broad category of actions (casting, abilities); ``Prevent abilities``;
  ``Prevent Meditate``: an innate Action, which only a ban naming it limits.
- ``Will Break 1``: the bound Magi may, as a Free Action, pay 1 Will to discard the spell (an Area Curse
  frees only the Magi who breaks it; the others it hit stay Cursed).
- ``Cloaked``: opponents cannot target the bound Magi; Area effects still reach it, its spells can still
  be targeted, and a spell aimed at it fizzles if it is Cloaked before the spell activates.
- ``Phased``: the bound Magi may take no actions but innate ones (Meditate among them) and is immune to
  offensive effects; its spells are not Phased.
- ``Injunction Resonance``: the bound Magi cannot gain that energy (an energy injunction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from spellc.engine.core.decisions import Choice
from spellc.engine.rulesets.serpents_tongue import registry
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.cards import ROLE_WORDS, Aspect, Energy, Role, Selector, SpellCard, Sphere
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Zone, fits

# "Innate Actions cannot be prevented by effects that control or limit a broad category of Magi actions.
# ... To limit an innate Action, an effect must name the innate Action specifically in its text."
# The name as a card prints it, and the verb of the action phase's choice (engine.core.decisions.Act).
INNATE_ACTIONS = {
    "Upgrade Specialization": "upgrade-spec",
    "Dismiss": "dismiss",
    "Swap Focus": "swap-focus",
    "Meditate": "meditate",
    "Shed Interrupt Stone": "shed",
}
# Other names the rulebook gives them.
INNATE_ALIASES = {"Meditation": "Meditate", "Dismiss a Controlled Spell": "Dismiss", "Upgrade a Specialization":
                  "Upgrade Specialization"}
CONTROL_KEYWORDS = ("Prevent", "Will Break", "Cloaked", "Phased", "Injunction")
SPELLS, ACTIONS, ABILITIES = "spells", "actions", "abilities"


# ================================================================== the printed ban
@dataclass(frozen=True, slots=True)
class Ban:
    """What a ``Prevent`` forbids: casting spells (those ``spells`` fits, all when None), the broad
    category of actions, abilities, or one innate Action named by its printed name."""

    what: str
    spells: Selector | None = None
    printed: str = ""  # the words as the card prints them ("Bio Attack spells")

    def text(self) -> str:
        return self.printed or self.what


def read_ban(words: Sequence[str]) -> Ban:
    """The ban ``Prevent WORDS`` prints; ValueError with what a designer may write instead."""
    items = list(words)
    if not items:
        raise ValueError("'Prevent' must say what it bans")
    if items[:1] and items[0].lower() == "all":
        items = items[1:]
    text = " ".join(items)
    for name, innate in [*((n, n) for n in INNATE_ACTIONS), *INNATE_ALIASES.items()]:
        if text.lower() == name.lower():
            return Ban(innate)
    if text.lower() in (ACTIONS, "action"):
        return Ban(ACTIONS)
    if text.lower() in (ABILITIES, "ability"):
        return Ban(ABILITIES)
    if items and items[-1].lower() in (SPELLS, "spell"):
        return Ban(SPELLS, _spells(items[:-1]) if items[:-1] else None, " ".join([*items[:-1], "spells"]))
    raise ValueError(f"cannot read what 'Prevent {text}' bans")


BAN_HELP = ("help: write `Prevent [Sphere] [descriptors] [role] spells`, `Prevent spells`, `Prevent actions`, "
            "`Prevent abilities`, or name an innate Action: " + ", ".join(INNATE_ACTIONS))


def _spells(words: Sequence[str]) -> Selector:
    sphere: Sphere | None = None
    role: Role | None = None
    curse = False
    descriptors: list[str] = []
    has: list[str] = []
    for w in words:
        kw = registry.load().get(w)
        if w in {s.value for s in Sphere}:
            sphere = Sphere(w)
        elif w in ("Curse", "Curses"):
            curse, role = True, Role.ATTACK
        elif w in ROLE_WORDS:
            role = ROLE_WORDS[w]
        elif kw is not None and kw.kind == "empowerment":
            has.append(kw.name)  # "Prevent Response spells"
        elif w[:1].isupper() and w.isalpha():
            descriptors.append(w)
        else:
            raise ValueError(f"'{w}' does not describe a spell (name a Sphere, descriptors or a role)")
    return Selector(sphere=sphere, role=role, curse=curse, descriptors=tuple(descriptors), has=tuple(has))


def misplaced(role: Role | None, empowerments: Sequence[Aspect]) -> str | None:
    """A Control effect on an Attack must be a Curse: an Attack binds nobody until it impacts as one."""
    names = {a.name for a in empowerments}
    control = [n for n in CONTROL_KEYWORDS if n in names]
    if role is Role.ATTACK and control and "Curse Duration" not in names:
        return f"'{control[0]}' on an Attack spell needs Curse Duration: a Control effect on an Attack is a Curse"
    return None


# ================================================================== who a spell binds
def bound(game: Battle, card: Card) -> list[Being]:
    """The Magi a spell in play holds under its Control effects."""
    if not card.active or card.zone is Zone.ATTACK:
        return []
    if card.zone is Zone.CURSE:
        return list(card.cursed) if card.cursed else ([card.bearer] if card.bearer else [])
    if card.team_zone is not None:
        return [b for b in game.beings if b.team == card.team_zone]
    return [card.bearer] if card.bearer else []


def controlling(game: Battle, being: Being | None = None) -> list[Card]:
    """The spells in play with a Control effect (that bind ``being``, when given). A list, not a generator: asked
    at nearly every decision (through :func:`bans`, :func:`cloaked`, :func:`enjoined`), where there are few spells
    in play and making a generator cost more than reading them all."""
    cards = game.all_in_play()
    if not cards:
        return []
    # Most spells print no Control effect, so that is looked up once per card class; a loop rather than a
    # comprehension, a function made and called at each question (nearly always to find none).
    found = []
    for card in cards:
        if (_prints_control(card.spec) or card.gained) and (being is None or being in bound(game, card)):  # type: ignore[arg-type]
            found.append(card)
    return found


def binding(game: Battle, being: Being, name: str) -> list[Card]:
    """The active spells with the empowerment ``name`` that bind ``being``."""
    found = controlling(game, being)
    return [card for card in found if card.has(name)] if found else found  # nearly always none to read


@cache
def _prints_control(spec: type[SpellCard]) -> bool:
    return any(a.name in CONTROL_KEYWORDS for a in spec.directives + spec.empowerments)


Bans = Sequence[tuple[Card, Ban, str]]  # the bans on a being, each with its spell and rule


def bans(game: Battle, being: Being) -> list[tuple[Card, Ban, str]]:
    """Every ban on ``being``, with its spell and the rule that imposes it (Phased bans all actions)."""
    found = []
    for card in controlling(game, being):
        for a in card.aspects:
            if a.name == "Prevent":
                found.append((card, read_ban([str(p) for p in a.params]), "Prevented"))
            elif a.name == "Phased":
                found.append((card, Ban(ACTIONS), "Phased"))
    return found


# ================================================================== Prevented, Phased, Innate Actions
def why_not_cast(game: Battle, caster: Being, card: Card, found: Bans | None = None) -> str | None:
    """Casting a spell is an action: a ban on actions, on spells or on spells of its kind forbids it.
    ``found``: the caster's :func:`bans`, when the caller read them already (for every spell of a turn)."""
    for source, ban, rule in bans(game, caster) if found is None else found:
        if ban.what == ACTIONS or (ban.what == SPELLS and (ban.spells is None or fits(card, ban.spells))):
            what = "taking actions but innate ones" if ban.what == ACTIONS else f"casting {ban.text()}"
            return f"{rule}: {source.title} prevents {caster.name} from {what}"
    return None


def why_not_ability(game: Battle, b: Being, found: Bans | None = None) -> str | None:
    for source, ban, rule in bans(game, b) if found is None else found:
        if ban.what in (ACTIONS, ABILITIES):
            return f"{rule}: {source.title} prevents {b.name} from activating abilities"
    return None


def permitted(game: Battle, b: Being, choices: list[Choice], found: Bans | None = None) -> list[Choice]:
    """Drop the innate Actions a ban names; a broad ban never reaches them (Innate Actions). Advancing a
    Rite zone spell is casting it, so a ban on actions or on that kind of spell stops it as well."""
    found = list(bans(game, b)) if found is None else found
    if not found:
        return choices
    named = {INNATE_ACTIONS[ban.what] for _, ban, _ in found if ban.what in INNATE_ACTIONS}

    def allowed(act: Act) -> bool:
        if act.verb == "rite":
            return why_not_cast(game, b, game.card(int(act.card or 0)), found) is None
        return act.verb not in named

    return [c for c in choices if not isinstance(c.value, Act) or allowed(c.value)]


def phased(game: Battle, being: Being) -> Card | None:
    found = binding(game, being, "Phased")
    return found[0] if found else None


def immune(being: Being, fx: Effect) -> str | None:
    """Phased: "immune to offensive effects" (its own spells are not Phased)."""
    if being.team == fx.controller.team:
        return None
    source = phased(fx.game, being)
    return f"{source.title}: Phased" if source is not None else None


# ================================================================== Cloaked
def cloaked(game: Battle, being: Being) -> bool:
    """"If a Magi is Cloaked, opponents cannot target the Magi" (Area spells still reach it). Asked of every
    opponent an Attack might target, at every decision: with no spell in play, nothing cloaks."""
    return bool(game.all_in_play()) and bool(binding(game, being, "Cloaked"))


# ================================================================== Injunction
def enjoined(game: Battle, being: Being, energy: Energy) -> Card | None:
    """An energy injunction: the spell that prevents ``being`` from gaining ``energy``, if any (asked at every
    gain: with no spell in play, nothing enjoins)."""
    if not game.all_in_play():
        return None
    for card in binding(game, being, "Injunction"):
        if any(a.name == "Injunction" and a.value == energy.value for a in card.aspects):
            return card
    return None


# ================================================================== Will Breaks
def will_break_cost(card: Card) -> int | None:
    """The Will its break costs (printed, or gained from an upgrade or ritual tier), None without one."""
    return next((a.value for a in card.aspects if a.name == "Will Break" and isinstance(a.value, int)), None)


def will_break_options(game: Battle, b: Being) -> list[Choice]:
    """A Will break is the way out of a Control effect, so no ban stops it: a Free Action by default."""
    if game.level1:  # no Will at level 1
        return []
    out = []
    for card in controlling(game, b):
        cost = will_break_cost(card)
        if cost is not None and game.can_pay(b, Energy.WILL, cost):
            out.append(Choice(f'break "{card.title}" for {cost} Will', Act("will-break", card.id)))
    return out


def will_break(game: Battle, b: Being, card: Card) -> None:
    """Pay the Will and discard the spell; an Area Curse only lets go of the Magi who broke it."""
    cost = will_break_cost(card)
    assert cost is not None and b in bound(game, card)
    game.pay(b, Energy.WILL, cost, "Will Breaks")
    if card.zone is Zone.CURSE and len(card.cursed) > 1:
        card.cursed.remove(b)
        game.say(f"{b.name} breaks free of {card.title} for {cost} Will")
        return
    game.say(f"{b.name} breaks {card.title} for {cost} Will; it is discarded")
    game.discard(card)
