"""Nam-Shubs: world-altering spells on full Codex pages, completed step by step by a team.

Glossary, "Nam-Shub": "To begin casting a Nam-Shub, as a Free Action, remove the page from your Codex
and place it beside your team zone. A team may only be working on one Nam-Shub at a time. Only one step
of a Nam-Shub may be completed per round by the team. Nam-Shubs as a whole are immune to regular spells,
Specification abilities and Artifacts." A page prints its steps (what each costs, whether it is a Free
Action, what it does) and whether completing it wins the match (``victory``).

A begun page lies in ``Game.nam_shubs`` (beside its team zone), never in a being's zones: spells,
abilities and Artifacts only ever look at what is in play, so nothing but another Nam-Shub could reach
it. Its counters say how many steps are done and in which round the last one was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spellc.engine.core.decisions import Choice, Flow, Outcome
from spellc.engine.rulesets.serpents_tongue import holdings, rite, rules_text
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.cards import Cost, SpellCard
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import MAGI, Being, Card, Place, codex_view


@dataclass(frozen=True, slots=True, kw_only=True)
class NamShubStep:
    """One printed step: its costs, a Free Action or a Full Action, and the rules text it runs."""

    name: str
    free: bool = False
    costs: tuple[Cost, ...] = ()
    method: str | None = None  # the generated method of its rules text, if it has any
    targets_opponent: bool = False

    def text(self) -> str:
        cost = " and ".join(c.text() for c in self.costs)
        return f"{self.name}" + (f" ({cost})" if cost else "") + (" [Free Action]" if self.free else "")


class NamShub(SpellCard):
    """Base of every compiled Nam-Shub page. A page has no Sphere, role or fluency of its own."""

    kind = "nam-shub"
    # No Sphere and no role: no selector of a spell, Shield or Ward ever matches a page or its effects
    # ("Effects from Artifacts or Specs are NOT associated with any Sphere"; a page is no regular spell).
    sphere = None  # type: ignore[assignment]
    role = None  # type: ignore[assignment]
    fluency = 0
    steps: ClassVar[tuple[NamShubStep, ...]] = ()
    victory: ClassVar[bool] = False


def is_page(card: Card) -> bool:
    return card.spec.kind == NamShub.kind


STEPS = "steps"  # counters of a begun page: steps completed, and the round of the last one
LAST_ROUND = "round"


def working_on(game: Battle, team: str) -> Card | None:
    """The Nam-Shub a team is working on (begun, not yet complete)."""
    if not game.nam_shubs:  # asked at every turn: most matches never begin one
        return None
    return next((c for c in game.nam_shubs if c.team_zone == team and not complete(c)), None)


def complete(card: Card) -> bool:
    return card.counters.get(STEPS, 0) >= len(_spec(card).steps)


def _spec(card: Card) -> type[NamShub]:
    spec = card.spec
    assert issubclass(spec, NamShub)
    return spec


def next_step(card: Card) -> NamShubStep:
    return _spec(card).steps[card.counters.get(STEPS, 0)]


# ---------------------------------------------------------------- the actions
def options(game: Battle, b: Being) -> list[Choice]:
    """Beginning a Nam-Shub (a Magi, from its Codex) and completing the next step of the team's one: to read, never
    to change (it may be what the Codex view keeps)."""
    if b.incapacitated:
        return []
    if not game.nam_shubs:  # no team works on one (most matches never begin one): the pages to begin, to read
        return codex_view(b, _beginnable) if b.kind is MAGI else []
    out = []
    current = working_on(game, b.team)
    if current is None and b.kind is MAGI:
        out.extend(codex_view(b, _beginnable))
    if current is not None and why_not_step(game, b, current) is None:
        out.append(Choice(f'complete "{next_step(current).name}" of "{current.title}"',
                          Act("nam-shub-step", current.id)))
    return out


def _beginnable(codex: list[Card]) -> list[Choice]:
    """Beginning each page of the Codex (the first copy of each title)."""
    page = NamShub.kind  # read once, not per card (a class's attribute is a lookup each time)
    firsts: dict[str, Card] = {}
    for card in codex:
        if card.kind == page and card.title not in firsts:  # no call per card
            firsts[card.title] = card
    if not firsts:  # no page in the Codex (most Codexes): no comprehension made to read none
        return []
    return [Choice(f'begin Nam-Shub "{title}"', Act("nam-shub", card.id)) for title, card in firsts.items()]


def begin(game: Battle, b: Being, card: Card) -> None:
    """A Free Action: the page leaves the Codex and lies beside the team zone."""
    b.codex.remove(card)
    card.place = Place.IN_PLAY
    card.caster = card.controller = b
    card.team_zone = b.team
    card.counters[STEPS] = 0
    game.nam_shubs.append(card)
    game.say(f"{b.name} begins the Nam-Shub {card.title} beside team {b.team}'s zone")


def why_not_step(game: Battle, b: Being, card: Card) -> str | None:
    if card.counters.get(LAST_ROUND) == game.round:
        return f"Nam-Shub: team {b.team} already completed a step of {card.title} this round"
    step = next_step(card)
    if not step.free and (b.full_actions <= 0 or b.interrupt_stones):
        return f"Action: {b.name} has no Full Action to take for {step.name}"
    for cost in step.costs:
        if not game.can_pay(b, cost.energy, cost.amount):
            return f"Nam-Shub: {b.name} cannot pay {cost.text()} for {step.name}"
    if step.targets_opponent and not game.foes(b):
        return f"Target: {step.name} has no opponent to target"
    return None


def perform_step(game: Battle, b: Being, card: Card) -> Flow[None]:
    """Pay the step, take its action, run its text; the last step completes the Nam-Shub."""
    step = next_step(card)
    target: Being | None = None
    if step.targets_opponent:
        foes = [Choice(o.name, o.name) for o in game.foes(b)]
        pick = yield from game.ask("target", b, f"target of {step.name}?", foes, card)
        target = game.being(str(pick.value))
    for cost in step.costs:
        game.pay(b, cost.energy, cost.amount, "Nam-Shub")
    if not step.free:
        b.full_actions -= 1
        rite.drop_rite(game, b)
    card.counters[STEPS] = card.counters.get(STEPS, 0) + 1
    card.counters[LAST_ROUND] = game.round
    game.say(f"{b.name} completes {step.name} of {card.title} "
             f"({card.counters[STEPS]}/{len(_spec(card).steps)})")
    if step.method is not None:
        fx = Effect(game, card, b, target, is_spell=False)
        yield from rules_text.play(fx, step.method)
    if complete(card):  # "To begin casting a Nam-Shub ...": its last step is the end of its casting
        holdings.count_cast(game, card.caster or b, card)
        game.say(f"team {card.team_zone} completes the Nam-Shub {card.title}"
                 + (": it wins the match when victory is checked" if _spec(card).victory else ""))


# ---------------------------------------------------------------- victory
def victory(game: Battle) -> Outcome | None:
    """"A powerful, world-altering spell that may provide unique victory conditions": a team that has
    completed a victory Nam-Shub wins when victory conditions are checked (after maintenance)."""
    winners = sorted({str(c.team_zone) for c in game.nam_shubs if complete(c) and _spec(c).victory})
    if not winners:
        return None
    down = [b.name for b in game.beings if b.incapacitated]
    if len(winners) > 1:
        return Outcome(draw=True, incapacitated=down, reason=f"teams {' and '.join(winners)} completed Nam-Shubs")
    title = next(c.title for c in game.nam_shubs if c.team_zone == winners[0] and complete(c) and _spec(c).victory)
    return Outcome(winner=winners[0], incapacitated=down, reason=f"completed the Nam-Shub {title}")


def broken(game: Battle) -> list[str]:
    """What must hold of Nam-Shubs in any state (invariants): one begun page per team at a time,
    never more steps done than printed."""
    out = []
    teams = [str(c.team_zone) for c in game.nam_shubs if not complete(c)]
    for team in sorted(set(teams)):
        if teams.count(team) > 1:
            out.append(f"team {team} works on {teams.count(team)} Nam-Shubs at once")
    for c in game.nam_shubs:
        if c.counters.get(STEPS, 0) > len(_spec(c).steps):
            out.append(f"{c.title} has more steps done than it prints")
    return out
