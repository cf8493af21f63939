"""Amtgard's rules (seed 002), one test per rule, named after it and quoting the seed: each builds its players
and abilities from the engine's values and plays events on a timeline."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from spellc.engine.core.match import Match
from spellc.engine.core.steps import Do
from spellc.engine.rulesets.amtgard import armor, casting, enchantments, hits, invariants, states
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import AbilityCard, Grant, Library, Trigger, Uses
from spellc.engine.rulesets.amtgard.game import Game
from spellc.engine.rulesets.amtgard.players import Equipment, Held, Player
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS, Kind, Reach, School


def card(title: str, school: School = School.PROTECTION, kind: Kind = Kind.ENCHANTMENT, **more: object
         ) -> AbilityCard:
    return AbilityCard(title=title, school=school, kind=kind, **more)  # type: ignore[arg-type]


STONESKIN = card("Stoneskin", magic_armor=2, magical=False)
BARKSKIN = card("Barkskin", magic_armor=1)
PHOENIX = card("Phoenix Tears", School.SPIRIT, strips=2, triggers=(
    Trigger("dies", (Do("avoid death"), Do("make", ("bearer", "Frozen", None, 30)), Do("lose a strip"))),
    Trigger("Frozen ends", (Do("heal", ("bearer",)),))))
SWARM = card("Heart of the Swarm", School.NEUTRAL, grants=(Grant("Stopped"),))
VAMPIRISM = card("Vampirism", School.DEATH, grants=(Grant("Cursed"),), magical=False)
RELEASE = card("Release", School.SORCERY, Kind.VERBAL, uses=Uses(None),
               steps=(Do("remove state", ("Frozen", "target")),))
SEVER = card("Sever Spirit", School.DEATH, Kind.VERBAL, steps=(Do("remove enchantments", ("target",)),))
HOLD = card("Hold Person", School.COMMAND, Kind.VERBAL, reach=Reach.FIFTY, uses=Uses(2),
            steps=(Do("make", ("target", "Stopped", None, 30)),))
FIREBALL = card("Fireball", School.FLAME, Kind.MAGIC_BALL, uses=Uses(2), special_effects=("Armor Destroying",))
ICEBALL = card("Iceball", School.SUBDUAL, Kind.MAGIC_BALL, uses=Uses(2),
               steps=(Do("make", ("target", "Frozen", None, 30)),))
GIFT_OF_AIR = card("Gift of Air", School.SORCERY, triggers=(
    Trigger("hit by a melee weapon", (Do("make", ("bearer", "Insubstantial", None, None)),)),))
ANCESTRAL = card("Ancestral Armor", magical=False, enhances_armor=True)
EXTENSION = card("Extension", School.NEUTRAL, Kind.META_MAGIC, uses=Uses(1))
PROJECTILES = card("Protection from Projectiles", stops_projectiles=True)
DEFLECTION = card("Song of Deflection", magical=False, reach=Reach.SELF, chant="Deflection", stops_projectiles=True)
BLESSING = card("Blessing Against Harm", strips=3, grants=(Grant("Resistant", "wounds"),))
PINNING = card("Pinning Arrow", School.SUBDUAL, Kind.SPECIALTY_ARROW, uses=Uses(2),
               steps=(Do("make", ("target", "Stopped", None, 30)),))
DESTRUCTION = card("Destruction Arrow", School.DEATH, Kind.SPECIALTY_ARROW, uses=Uses(2),
                   special_effects=("Armor Destroying", "Shield Destroying"))
# Not an ability of the seed: a Verbal that makes its target Insubstantial (as Amtgard's Banish does), so that a
# player may be the cause of its own State, or another's.
BANISH = card("Banish", School.SORCERY, Kind.VERBAL, reach=Reach.TWENTY, uses=Uses(2),
              steps=(Do("make", ("target", "Insubstantial", None, None)),))
BOLT = card("Lightning Bolt", School.FLAME, Kind.MAGIC_BALL, uses=Uses(1), charge=3)
STORM = card("Call Lightning", School.FLAME, Kind.VERBAL, uses=Uses(1), charge=2)
INNATE = card("Innate", School.NEUTRAL, Kind.VERBAL, reach=Reach.SELF, uses=Uses(1), steps=(Do("regain a use"),))
GRAFT = card("Essence Graft", School.NEUTRAL, bars_enchantments=True)
ATTUNED = card("Attuned", School.NEUTRAL, magical=False, raises_limit=True)
MEND = card("Mend", School.SORCERY, Kind.VERBAL, uses=Uses(2), steps=(Do("repair", ("target",)),))
BARRAGE = card("Elemental Barrage", School.FLAME, Kind.VERBAL, reach=Reach.SELF, uses=Uses(1), chant="Barrage",
               free_while_chanting=("Fireball", "Lightning Bolt"), steps=(Do("affect", ("caster", None)),))
LIBRARY = Library.of([STONESKIN, BARKSKIN, PHOENIX, SWARM, VAMPIRISM, RELEASE, SEVER, HOLD, FIREBALL, ICEBALL,
                      GIFT_OF_AIR, ANCESTRAL, EXTENSION, PROJECTILES, DEFLECTION, BLESSING, PINNING, DESTRUCTION,
                      BANISH, BOLT, STORM, INNATE, GRAFT, ATTUNED, BARRAGE, MEND])


def player(name: str, abilities: Iterable[AbilityCard] = (), team: str = "Red") -> Player:
    titles = [c.title for c in abilities]
    return Player(name, team, abilities={t: LIBRARY[t].uses for t in titles},
                  uses_left={t: LIBRARY[t].uses.count for t in titles})


def timeline(*players: Player) -> tuple[Match, Game]:
    game = Game(Battlefield({p.name: p for p in players}, LIBRARY))
    game.pauses = (1, 5, 10, 25, 30, 60)
    return Match(game), game


def play(match: Match, *events: str) -> None:
    for event in events:
        assert match.decision is not None and match.decision.find(event) is not None, (
            event, [c.label for c in match.decision.options][:40] if match.decision else None)
        match.apply(event)


def failure(game: Game) -> str | None:
    """Why the last event's ability failed, as the log says it, or None."""
    last = game.field.log[-1].split("] ", 1)[1]
    said = " fails, and is used up all the same: "
    return last.split(said, 1)[1] if said in last else None


# ---------------------------------------------------------------- Magic Armor
@pytest.mark.rule("Magic Armor")
@pytest.mark.rule("Removing one's own enchantments")
def test_only_the_highest_magic_armor_counts_and_removal_lowers_it() -> None:
    """"A player is wearing both Stoneskin (2 points of Magic Armor) and Barkskin (1 point of Magic Armor). Since
    Stoneskin is the highest value the Magic Armor from Barkskin is ignored. If Stoneskin is removed the player will
    have a new Magic Armor maximum of 1 point. All locations greater than 1 point will be lowered to 1 point while
    all locations at 1 point or lower will remain unchanged.\""""
    ana, bo = player("Ana", [STONESKIN, BARKSKIN]), player("Bo", team="Blue")
    match, game = timeline(ana, bo)
    play(match, "Ana completes Stoneskin on Ana", "Ana completes Barkskin on Ana")
    assert ana.magic == dict.fromkeys(LOCATIONS, 2)
    play(match, "Bo hits Ana's left arm with a weapon", "Bo hits Ana's torso with a weapon",
         "Bo hits Ana's torso with a weapon")
    assert (ana.magic["left arm"], ana.magic["torso"], ana.magic["right arm"]) == (1, 0, 2)
    play(match, "Ana removes Stoneskin")
    assert (ana.magic["left arm"], ana.magic.get("torso", 0), ana.magic["right arm"]) == (1, 0, 1)
    assert armor.magic_armor_of(game.field, ana) == 1


@pytest.mark.rule("Magic Armor")
@pytest.mark.rule("Magic Armor on worn armor")
def test_magic_armor_fails_on_worn_armor_and_is_used_up() -> None:
    """"Enchantments which grant Magic Armor fail when targeting a player with worn armor"; "Completing an
    incantation results in an ability being used up, regardless of if the target was valid or affected.\""""
    ana = player("Ana", [STONESKIN])
    ana.armor_rating, ana.uses_left["Stoneskin"] = {"torso": 2}, 1
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Stoneskin on Ana")
    assert failure(game) == "Magic Armor: Ana wears armor, and Stoneskin, granting Magic Armor, fails on it"
    assert ana.uses_left["Stoneskin"] == 0 and ana.enchantments == [] and not any(ana.magic.values())


# ---------------------------------------------------------------- Enchantments
@pytest.mark.rule("Enchantments")
def test_one_magical_enchantment_at_a_time() -> None:
    """"Players may only carry one magical enchantment at a time. A player may not have more than one (ex)
    enchantment of the same name.\""""
    ana = player("Ana", [BARKSKIN, PHOENIX, STONESKIN])
    ana.uses_left["Phoenix Tears"] = 1
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Barkskin on Ana", "Ana completes Stoneskin on Ana")  # one (m), one (ex)
    play(match, "Ana completes Phoenix Tears on Ana")
    assert failure(game) == (
        "Enchantments: Ana carries Barkskin, and a player carries one magical enchantment at a time")
    assert ana.enchantment("Phoenix Tears") is None and ana.uses_left["Phoenix Tears"] == 0


@pytest.mark.rule("Enchantments", "Extraordinary (ex)")
def test_essence_graft_restricts_enchantments_specifically() -> None:
    """"An Enchantment can always be cast onto a player, regardless of any Immunity, other Enchantment, or other
    effect that normally prevents a player from being affected by an ability, except for restriction that affect
    Enchantments specifically, such as Essence Graft"; (ex) enchantments do not "count for the purposes of Attuned,
    Essence Graft". Chosen: no other magical enchantment goes on its bearer, even with Attuned's place free."""
    ana = player("Ana", [GRAFT, ATTUNED, BARKSKIN, STONESKIN])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Essence Graft on Ana", "Ana completes Attuned on Ana", "Ana completes Barkskin on Ana")
    assert failure(game) == (
        "Enchantments: Ana wears Essence Graft, and no other magical enchantment may be cast on its bearer")
    play(match, "Ana completes Stoneskin on Ana")  # (ex): not Essence Graft's to refuse
    assert [e.title for e in ana.enchantments] == ["Essence Graft", "Attuned", "Stoneskin"]
    play(match, "Ana removes Essence Graft", "Ana completes Barkskin on Ana")  # Barkskin's second use
    assert ana.enchantment("Barkskin") is not None and not invariants.broken(game)


@pytest.mark.rule("One magical enchantment", "Extraordinary (ex)")
def test_attuned_does_not_count_towards_enchantment_limits() -> None:
    """"Ability Enchantments denoted as Extraordinary (ex) in the class description do not count towards
    enchantment limits or count for the purposes of Attuned, Essence Graft, or similar abilities." Chosen: Attuned,
    (ex), lets its bearer carry one more magical enchantment; without it, the one cast last beyond the one goes."""
    ana = player("Ana", [ATTUNED, BARKSKIN, PHOENIX, PROJECTILES])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Barkskin on Ana", "Ana completes Attuned on Ana", "Ana completes Phoenix Tears on Ana")
    assert failure(game) is None
    play(match, "Ana completes Protection from Projectiles on Ana")
    assert failure(game) == (
        "Enchantments: Ana carries Barkskin and Phoenix Tears, and a player wearing Attuned carries 2 magical "
        "enchantments at a time")
    assert not invariants.broken(game)
    play(match, "Ana removes Attuned")
    assert [e.title for e in ana.enchantments] == ["Barkskin"] and not invariants.broken(game)


@pytest.mark.rule("Enchantments")
def test_an_enchantment_cast_on_an_unwilling_player_fails_and_is_used_up() -> None:
    """"Enchantments may only be cast on willing players"; "Completing an incantation results in an ability being
    used up, regardless of if the target was valid or affected.\""""
    ana, bo = player("Ana", [BARKSKIN]), player("Bo", team="Blue")
    ana.uses_left["Barkskin"], bo.willing = 1, False
    match, game = timeline(ana, bo)
    play(match, "Ana completes Barkskin on Bo")
    assert failure(game) == "Enchantments: Bo is not willing, and enchantments go only on willing players"
    assert bo.enchantments == [] and ana.uses_left["Barkskin"] == 0


@pytest.mark.rule("Enchantments")
def test_death_deactivates_return_to_life_reapplies_heart_of_the_swarm() -> None:
    """"A player bearing Heart of the Swarm is Stopped. When they die the Enchantment becomes inactive and the
    player is no longer Stopped since all States other than Cursed are removed on death. If the player is returned
    to life in a manner that preserves their Enchantments then they will again become Stopped.\""""
    ana = player("Ana", [SWARM])
    match, _ = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Heart of the Swarm on Ana")
    assert ana.has("Stopped")
    play(match, "Ana dies")
    assert not ana.alive and not ana.has("Stopped") and not ana.enchantments[0].active
    play(match, "Ana is returned to life")
    assert ana.alive and ana.has("Stopped") and ana.enchantments[0].active


@pytest.mark.rule("Enchantments")
def test_respawn_and_voluntary_death_remove_enchantments() -> None:
    """"Respawning removes any Enchantments from a player unless the Enchantments are Persistent"; "If a player
    voluntarily takes a death, all Enchantments carried are removed.\""""
    ana = player("Ana", [BARKSKIN])
    match, _ = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Barkskin on Ana", "Ana dies", "Ana respawns")
    assert ana.enchantments == []
    play(match, "Ana completes Barkskin on Ana", "Ana takes a voluntary death")
    assert ana.enchantments == [] and not ana.alive


@pytest.mark.rule("Cursed")
def test_cursed_stays_when_its_enchantment_goes() -> None:
    """"A player bearing Vampirism dies. Their enchantment becomes inactive, but the Cursed State remains. If the
    enchantment were removed with Sever Spirit, Vampirism would be removed, but the Player would remain Cursed.\""""
    ana, bo = player("Ana", [VAMPIRISM]), player("Bo", [SEVER], team="Blue")
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Vampirism on Ana", "Ana dies")
    assert ana.has("Cursed") and not ana.enchantments[0].active
    play(match, "Bo completes Sever Spirit on Ana")
    assert ana.enchantments == [] and ana.has("Cursed")


# ---------------------------------------------------------------- Ability Order
@pytest.mark.rule("Ability Order")
def test_phoenix_tears_killed_twice() -> None:
    """"A player is enchanted with Phoenix Tears and 'killed'. Phoenix tears activates, making the player alive and
    Frozen. Another player could remove this Frozen with Release. If the player is 'killed' again, Phoenix Tears
    will make them alive and Frozen, and then remove itself ... Removal of the Enchantment does not remove Frozen.\""""
    ana, bo = player("Ana", [PHOENIX]), player("Bo", [RELEASE], team="Blue")
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Phoenix Tears on Ana", "Ana dies")
    assert ana.alive and ana.has("Frozen") and ana.enchantments[0].strips == 1
    play(match, "Bo completes Release on Ana")
    assert not ana.has("Frozen")
    play(match, "Ana dies")
    assert ana.alive and ana.has("Frozen") and ana.enchantments == []


@pytest.mark.rule("Ability Order")
def test_ancestral_armor_and_gift_of_air_trigger_at_once() -> None:
    """"A player bearing Ancestral Armor and Gift of Air is hit by a normal melee weapon in an armored location.
    That hit location loses 1 point of armor, and the player is Insubstantial.\""""
    ana, bo = player("Ana", [ANCESTRAL, GIFT_OF_AIR]), player("Bo", team="Blue")
    ana.armor = {"torso": 3}
    ana.armor_rating = {"torso": 3}
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Ancestral Armor on Ana", "Ana completes Gift of Air on Ana",
         "Bo hits Ana's torso with a weapon")
    assert ana.armor["torso"] == 2 and ana.has("Insubstantial")


@pytest.mark.rule("Magic Armor")
@pytest.mark.rule("Armor Breaking")
def test_an_armor_enhancement_keeps_worn_armor_but_never_magic_armor() -> None:
    """"Magic Armor can never benefit from armor enhancement abilities such as Ancestral Armor or Imbue Armor":
    an ability that enhances armor (its card says `enhances armor`, whatever its title) leaves worn armor hit by
    Armor Breaking at 3 points with 2; the Magic Armor of the same player loses every point."""
    breaker = card("Lightning Bolt", School.FLAME, Kind.MAGIC_BALL, uses=Uses(4), special_effects=("Armor Breaking",))
    imbue = card("Imbue Armor", magical=False, enhances_armor=True)
    library = Library.of([*LIBRARY.cards.values(), breaker, imbue])
    armored = Player("Ana", "Red", abilities={"Imbue Armor": imbue.uses}, uses_left={"Imbue Armor": 1})
    armored.armor, armored.armor_rating = {"torso": 3}, {"torso": 3}
    magical = Player("Cy", "Red", abilities={"Imbue Armor": imbue.uses, "Stoneskin": STONESKIN.uses},
                     uses_left={"Imbue Armor": 1, "Stoneskin": 1})
    bo = Player("Bo", "Blue", abilities={"Lightning Bolt": breaker.uses}, uses_left={"Lightning Bolt": 4})
    match = Match(Game(Battlefield({"Ana": armored, "Bo": bo, "Cy": magical}, library)))
    play(match, "Ana completes Imbue Armor on Ana", "Bo completes Lightning Bolt",
         "Bo hits Ana's torso with Lightning Bolt")
    assert armored.armor["torso"] == 2
    play(match, "Cy completes Stoneskin on Cy", "Cy completes Imbue Armor on Cy", "Bo completes Lightning Bolt",
         "Bo hits Cy's left arm with Lightning Bolt")
    assert magical.magic["left arm"] == 0


@pytest.mark.rule("Ongoing Effects")
def test_an_ongoing_effect_is_not_removed_from_a_player_immune_to_its_remover() -> None:
    """"If a player is Immune to an effect which would remove a State or Ongoing Effect, the State/Ongoing Effect is
    not removed"; and "a target becoming Immune to the source of an Ongoing Effect ... while it is applied does not
    remove Ongoing Effects ... currently affecting the target"."""
    terror = card("Terror", School.COMMAND, Kind.VERBAL, reach=Reach.TWENTY, uses=Uses(2),
                  steps=(Do("affect", ("target", 30)),))
    calm = card("Calm", School.SORCERY, Kind.VERBAL, reach=Reach.TWENTY, uses=Uses(2),
                steps=(Do("end ongoing effects", ("target",)),))
    library = Library.of([*LIBRARY.cards.values(), terror, calm])
    ana = Player("Ana", "Red", abilities={"Terror": terror.uses, "Calm": calm.uses}, uses_left={"Terror": 2, "Calm": 2})
    bo = Player("Bo", "Blue")
    match = Match(Game(Battlefield({"Ana": ana, "Bo": bo}, library)))
    play(match, "Ana completes Terror on Bo")
    bo.states[("Immune", "Command")] = Held("a Trait", trait=True)  # Immune to Terror's School from now on
    assert "Terror" in bo.ongoing
    bo.states[("Immune", "Sorcery")] = Held("a Trait", trait=True)
    play(match, "Ana completes Calm on Bo")
    assert "Terror" in bo.ongoing
    del bo.states[("Immune", "Sorcery")]
    play(match, "Ana completes Calm on Bo")
    assert "Terror" not in bo.ongoing


@pytest.mark.rule("Ongoing Effects", "Chant")
def test_an_ongoing_effect_without_a_duration_continues_until_a_condition_is_met() -> None:
    """"An Ongoing Effect without a duration continues until it is removed by some outside force or until a
    condition is met"; "Failure to Chant ends the effect". Chosen: under Elemental Barrage, its caster throws
    Fireball and Lightning Bolt without spending uses, even with none left, and no incantation interrupts the
    Chant; once it ends, a throw spends a use again."""
    ana = player("Ana", [BARRAGE, FIREBALL, BOLT])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Lightning Bolt", "Ana completes Elemental Barrage on Ana",
         "Ana completes Lightning Bolt", "Ana completes Fireball")
    assert ana.uses_left == {"Elemental Barrage": 0, "Fireball": 2, "Lightning Bolt": 0}
    assert ana.chanting == "Elemental Barrage" and "Elemental Barrage" in ana.ongoing
    assert match.decision is not None
    assert game.explain(match.decision, "Ana begins Lightning Bolt") == (
        "Uses: Ana has no use of Lightning Bolt left")  # an incantation begun is no free throw
    play(match, "Ana stops chanting", "Ana completes Fireball")
    assert ana.uses_left["Fireball"] == 1 and "Elemental Barrage" not in ana.ongoing
    assert match.decision is not None
    assert game.explain(match.decision, "Ana completes Lightning Bolt") == (
        "Uses: Ana has no use of Lightning Bolt left")


@pytest.mark.rule("Ongoing Effects")
def test_a_heated_weapon_may_not_be_wielded_for_the_duration() -> None:
    """"Ongoing Effects are effects applied by abilities where the effect lasts for some specified duration
    (Examples: Terror, Heat Weapon, and Shake it Off)"; "I call upon flame to heat that sword". Chosen: the weapon,
    named by its holder, may not be wielded while its holder is under Heat Weapon (30 s); an arrow still flies."""
    heat = card("Heat Weapon", School.FLAME, Kind.VERBAL, uses=Uses(2), heats_weapon=True,
                steps=(Do("affect", ("target", 30)),))
    ana, bo = player("Ana"), player("Bo", team="Blue")
    ana.abilities["Heat Weapon"] = Uses(2)
    ana.uses_left["Heat Weapon"] = 2
    game = Game(Battlefield({"Ana": ana, "Bo": bo}, Library.of([*LIBRARY.cards.values(), heat])))
    game.pauses = (30,)
    match = Match(game)
    play(match, "Ana completes Heat Weapon on Bo")
    assert match.decision is not None and match.decision.find("Bo hits Ana's left leg with a weapon") is None
    assert game.explain(match.decision, "Bo hits Ana's left leg with a weapon") == (
        "Heat Weapon: Bo's weapon is heated and may not be wielded (30 s left)")
    assert game.explain(match.decision, "Ana hits Bo's left leg with a weapon") is None  # only Bo's is heated
    play(match, "Bo hits Ana's left leg with an arrow", "30 s pass", "Bo hits Ana's right leg with a weapon")
    assert "Heat Weapon" not in bo.ongoing


# ---------------------------------------------------------------- States
@pytest.mark.rule("Immune")
def test_immune_to_sorcery_cannot_be_released() -> None:
    """"A player who is Immune to Sorcery cannot be Released from Frozen, as they cannot be affected by Release, a
    Sorcery School ability.\""""
    ana, bo = player("Ana"), player("Bo", [RELEASE], team="Blue")
    ana.states[("Immune", "Sorcery")] = Held("a Trait", trait=True)
    match, game = timeline(ana, bo)
    states.gain_state(game.field, ana, ("Frozen", None), 30, "Iceball")
    play(match, "Bo completes Release on Ana")
    assert ana.has("Frozen")


@pytest.mark.rule("Immune")
def test_becoming_immune_does_not_remove_a_state() -> None:
    """"If a player who is Stopped by Hold Person casts Song of Determination on themselves, that player remains
    Stopped.\""""
    song = card("Song of Determination", School.NEUTRAL, grants=(Grant("Immune", "Command"),), magical=False)
    lib = Library.of([*LIBRARY.cards.values(), song])
    ana, bo = player("Ana"), player("Bo", [HOLD], team="Blue")
    ana.abilities["Song of Determination"] = Uses(1)
    ana.uses_left["Song of Determination"] = 1
    game = Game(Battlefield({"Ana": ana, "Bo": bo}, lib))
    match = Match(game)
    play(match, "Bo completes Hold Person on Ana", "Ana completes Song of Determination on Ana")
    assert ana.has("Stopped") and ana.has("Immune", "Command")


@pytest.mark.rule("Stopped")
@pytest.mark.rule("Verbal")
@pytest.mark.rule("No longer")
def test_a_state_gained_again_keeps_the_longer_duration() -> None:
    """"If a player would gain a State they are already affected by, the State's duration will simply be adjusted
    to the new duration if it is longer than the current duration.\""""
    ana, bo = player("Ana"), player("Bo", [HOLD], team="Blue")
    match, game = timeline(ana, bo)
    play(match, "Bo completes Hold Person on Ana", "25 s pass", "Bo completes Hold Person on Ana")
    assert game.field.clock.left(("Ana", "Stopped", None)) == 30
    play(match, "30 s pass")
    assert not ana.has("Stopped")


@pytest.mark.rule("Suppressed")
@pytest.mark.rule("Ability")
def test_an_ability_cast_while_suppressed_fails_and_is_used_up() -> None:
    """"An improperly cast ability, or ability which could not be activated, fails. For example, abilities cast
    while Suppressed"; "Completing an incantation results in an ability being used up, regardless of if the target
    was valid or affected.\" One begun while Suppressed fails though Suppressed ends before its completion."""
    ana, bo = player("Ana", [HOLD]), player("Bo", team="Blue")
    ana.states[("Suppressed", None)] = Held("Suppress")
    match, game = timeline(ana, bo)
    play(match, "Ana completes Hold Person on Bo")
    assert failure(game) == "Suppressed: Ana is unable to cast abilities, and one cast while Suppressed fails"
    assert ana.uses_left["Hold Person"] == 1 and not bo.has("Stopped")
    play(match, "Ana begins Hold Person")
    del ana.states[("Suppressed", None)]
    play(match, "Ana completes Hold Person on Bo")
    assert failure(game) is not None and ana.uses_left["Hold Person"] == 0 and not bo.has("Stopped")


@pytest.mark.rule("Suppressed")
@pytest.mark.rule("Charge")
def test_a_suppressed_player_may_not_use_the_charge_incantation() -> None:
    """"Suppressed: Player is unable to cast abilities or use the Charge incantation." The seed names a Suppressed
    player's abilities as failing, not its Charge Incantation, which uses nothing up: it is refused."""
    ana = player("Ana", [BOLT])
    ana.uses_left["Lightning Bolt"] = 0
    ana.states[("Suppressed", None)] = Held("Suppress")
    match, game = timeline(ana, player("Bo", team="Blue"))
    assert match.decision is not None and match.decision.find("Ana charges Lightning Bolt") is None
    assert game.explain(match.decision, "Ana charges Lightning Bolt") == (
        "Suppressed: Ana is unable to use the Charge incantation")


@pytest.mark.rule("Suppressed")
@pytest.mark.rule("Chant")
def test_suppressed_has_no_effect_on_a_chant_already_in_progress() -> None:
    """"Suppressed: ... Has no effect on abilities already cast, Chants already in progress": a Magic Ball thrown
    free while chanting Elemental Barrage is the Chant's, and is held, active, in hand."""
    ana = player("Ana", [BARRAGE, FIREBALL])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Elemental Barrage on Ana")
    ana.states[("Suppressed", None)] = Held("Suppress")
    play(match, "Ana completes Fireball")
    assert failure(game) is None and ana.active_ball == "Fireball" and ana.uses_left["Fireball"] == 2


# ---------------------------------------------------------------- Incantation, Range, Meta-Magic, Magic Balls
@pytest.mark.rule("Incantation")
def test_an_interrupted_incantation_consumes_nothing_a_completed_one_always() -> None:
    """"An interrupted incantation does not result in an ability being consumed"; "Completing an incantation
    results in an ability being used up, regardless of if the target was valid or affected.\""""
    ana, bo = player("Ana", [HOLD]), player("Bo", team="Blue")
    match, game = timeline(ana, bo)
    play(match, "Ana begins Hold Person", "Ana moves")
    assert ana.uses_left["Hold Person"] == 2 and ana.incanting is None
    game.field.place("Ana", "Bo", 80)  # out of its 50'
    play(match, "Ana completes Hold Person on Bo")
    assert ana.uses_left["Hold Person"] == 1 and not bo.has("Stopped")


@pytest.mark.rule("Range")
def test_touch_needs_a_willing_or_helpless_target() -> None:
    """"Abilities that are cast at Touch range may only be used provided at least one of the following is true:
    The target is willing; The target is Dead; The target is Stunned; The target is Frozen; The target is
    Insubstantial and unable to move from their current location.\""""
    ana, bo = player("Ana", [RELEASE]), player("Bo", team="Blue")
    bo.willing = False
    assert not casting.touchable(bo)
    bo.states[("Stunned", None)] = Held("x")
    assert casting.touchable(bo)
    bo.states.clear()
    bo.alive = False
    assert casting.touchable(bo)
    match, game = timeline(ana, player("Cy", team="Blue"))
    assert casting.fails_on(game.field, ana, RELEASE, player("Di", team="Blue")) is None


@pytest.mark.rule("Touch range")
@pytest.mark.rule("Incantation")
def test_a_touch_ability_completed_at_an_able_unwilling_target_fails_and_is_used_up() -> None:
    """"Abilities that are cast at Touch range may only be used provided at least one of the following is true: The
    target is willing ..."; "Completing an incantation results in an ability being used up, regardless of if the
    target was valid or affected.\""""
    ana, bo = player("Ana", [MEND]), player("Bo", team="Blue")
    bo.armor_rating, bo.armor = {"torso": 2}, {"torso": 1}
    bo.willing = False
    match, game = timeline(ana, bo)
    play(match, "Ana completes Mend on Bo")
    assert failure(game) == ("Touch: Bo is able and unwilling; Touch needs a willing, Dead, Stunned, Frozen, or "
                             "Insubstantial and unable to move target")
    assert ana.uses_left["Mend"] == 1 and bo.armor["torso"] == 1
    bo.willing = True
    play(match, "Ana completes Mend on Bo")
    assert failure(game) is None and bo.armor["torso"] == 2


@pytest.mark.rule("Meta-Magic")
def test_meta_magic_never_modifies_an_ability_granted_by_an_enchantment() -> None:
    """"May not be used to modify the behavior of Magic Items or abilities granted by Enchantments such as Heat
    Weapon from Gift of Flame.\""""
    heat = card("Heat Weapon", School.FLAME, Kind.VERBAL)
    ana = player("Ana", [EXTENSION])
    ana.enchantments.append(enchantments.Enchantment(1, "Gift of Flame", "Ana", granted={"Heat Weapon": 2}))
    assert casting.can_add_meta(Battlefield({}, LIBRARY), ana, EXTENSION, heat) == (
        "Meta-Magic: Heat Weapon is granted by an enchantment, and meta-magic does not modify it")


@pytest.mark.rule("Magic Balls")
def test_starting_an_incantation_makes_the_magic_ball_inactive() -> None:
    """"A Magic Ball will become inactive if the caster begins an incantation.\""""
    ana, bo = player("Ana", [FIREBALL, HOLD]), player("Bo", team="Blue")
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Fireball")
    assert ana.active_ball == "Fireball"
    play(match, "Ana begins Hold Person")
    assert ana.active_ball is None


@pytest.mark.rule("Subdual")
def test_subdual_balls_do_not_affect_uncarried_equipment() -> None:
    """"Magic Balls of the Subdual School have no effect on equipment that is not being carried. Example: You may
    not Iceball a player's shield if it is not being wielded or carried by them.\""""
    ana, bo = player("Ana", [ICEBALL]), player("Bo", team="Blue")
    bo.equipment["shield"] = Equipment("shield", carried=False)
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Iceball", "Ana hits Bo's shield with Iceball")
    assert not bo.has("Frozen") and not bo.equipment["shield"].destroyed


# ---------------------------------------------------------------- Special Effects
@pytest.mark.rule("Armor Breaking")
@pytest.mark.rule("Special Effects Defined")
def test_armor_breaking() -> None:
    """"A hit to armor ... with the Armor Breaking Special Effect will immediately remove all Armor Points from the
    location struck if ... it currently has three or less Armor Points. Otherwise, the armor is affected as per a
    normal hit.\""""
    bo = player("Bo")
    bo.armor = {"torso": 3, "left arm": 5}
    assert armor.strike_armor(bo, "torso", "Armor Breaking", False) == 3
    assert armor.strike_armor(bo, "left arm", "Armor Breaking", False) == 1 and bo.armor["left arm"] == 4


@pytest.mark.rule("Armor Destroying")
def test_immunity_to_flame_and_a_fireball_on_armor() -> None:
    """"A player with Immunity to Flame can still have their armor destroyed by a Fireball.\""""
    ana, bo = player("Ana", [FIREBALL]), player("Bo", team="Blue")
    bo.armor = {"torso": 4}
    bo.armor_rating = {"torso": 4}
    bo.states[("Immune", "Flame")] = Held("a Trait", trait=True)
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Fireball", "Ana hits Bo's torso with Fireball")
    assert bo.armor["torso"] == 0 and bo.alive and not bo.wounds


@pytest.mark.rule("Shield Crushing")
def test_three_shield_crushing_hits_destroy_a_shield() -> None:
    """"Three hits to a shield from a weapon, Magic Ball, etc. with the Shield Crushing Special Effect destroys the
    shield. Hits do not all have to be from the same source.\""""
    ana, bo = player("Ana"), player("Bo", team="Blue")
    ana.weapon_effects = ("Shield Crushing",)
    bo.equipment["shield"] = Equipment("shield")
    match, _ = timeline(ana, bo)
    play(match, *["Ana hits Bo's shield with a weapon"] * 2)
    assert not bo.equipment["shield"].destroyed
    play(match, "Ana hits Bo's shield with a weapon")
    assert bo.equipment["shield"].destroyed


@pytest.mark.rule("Wounds Kill")
def test_wounds_kill_is_of_the_death_school() -> None:
    """"Players wounded by objects with the Wounds Kill Special Effect are killed"; it "is always of the Death
    School": a player Immune to Death is wounded, not killed.\""""
    ana, bo, cy = player("Ana"), player("Bo", team="Blue"), player("Cy", team="Blue")
    ana.weapon_effects = ("Wounds Kill",)
    cy.states[("Immune", "Death")] = Held("a Trait", trait=True)
    match, _ = timeline(ana, bo, cy)
    play(match, "Ana hits Bo's left arm with a weapon", "Ana hits Cy's left arm with a weapon")
    assert not bo.alive and cy.alive and cy.wounds == {"left arm"}


@pytest.mark.rule("Magical (m)")
def test_magic_that_removes_enchantments_removes_the_magical_ones() -> None:
    """"Ability Enchantments denoted as Magical (m) ... May be removed by Magic that removes Enchantments, such as
    Dispel Magic"; those "denoted as Extraordinary (ex) ... do not count towards enchantment limits"."""
    dispel = card("Dispel Magic", School.SORCERY, Kind.VERBAL, steps=(Do("remove magical enchantments", ("target",)),))
    lib = Library.of([*LIBRARY.cards.values(), dispel])
    ana, bo = player("Ana", [BARKSKIN, STONESKIN]), player("Bo", team="Blue")
    bo.abilities["Dispel Magic"] = Uses(1)
    bo.uses_left["Dispel Magic"] = 1
    match = Match(Game(Battlefield({"Ana": ana, "Bo": bo}, lib)))
    play(match, "Ana completes Barkskin on Ana", "Ana completes Stoneskin on Ana", "Bo completes Dispel Magic on Ana")
    assert [e.title for e in ana.enchantments] == ["Stoneskin"]


@pytest.mark.rule("Magic Armor")
def test_magic_armor_may_be_repaired_like_any_other_armor() -> None:
    """"Magic Armor may be repaired like any other armor"; armor destroyed by a Fireball comes back only by "Mend
    (or a similar ability)"."""
    mend = card("Mend", School.SORCERY, Kind.VERBAL, steps=(Do("repair", ("target",)),))
    lib = Library.of([*LIBRARY.cards.values(), mend])
    ana, bo = player("Ana", [STONESKIN]), player("Bo", [FIREBALL], team="Blue")
    ana.abilities["Mend"] = Uses(1)
    ana.uses_left["Mend"] = 1
    match = Match(Game(Battlefield({"Ana": ana, "Bo": bo}, lib)))
    play(match, "Ana completes Stoneskin on Ana", "Bo completes Fireball", "Bo hits Ana's torso with Fireball")
    assert ana.magic.get("torso", 0) == 0
    play(match, "Ana completes Mend on Ana")
    assert ana.magic["torso"] == 2


@pytest.mark.rule("School")
@pytest.mark.rule("Command")
@pytest.mark.rule("Death")
@pytest.mark.rule("Flame")
@pytest.mark.rule("Neutral")
@pytest.mark.rule("Protection")
@pytest.mark.rule("Sorcery")
@pytest.mark.rule("Spirit")
@pytest.mark.rule("Subdual")
def test_each_school_is_what_an_immunity_names() -> None:
    """"Abilities are divided into Schools"; "Immune: The bearing player or object is not affected by abilities from
    a given School": a player Immune to one School is shut off from that School's abilities, and no other's."""
    for school in School:
        bo = player("Bo")
        bo.states[("Immune", school.value)] = Held("a Trait", trait=True)
        for other in School:
            blocked = states.unaffected(bo, other.value)
            assert (blocked is not None) == (other is school), (school, other)


@pytest.mark.rule("Granted abilities keep their School")
def test_an_ability_granted_by_an_enchantment_keeps_its_own_school() -> None:
    """"Abilities granted via an Enchantment retain the original School of the ability, not the School of the
    Enchantment": Gift of Flame (Protection here) grants Heat Weapon, of the Flame School, which a player Immune to
    Flame shrugs off."""
    heat = card("Heat Weapon", School.FLAME, Kind.VERBAL, steps=(Do("make", ("target", "Stunned", None, 10)),))
    gift = card("Gift of Flame", School.PROTECTION, granted=(("Heat Weapon", Uses(2)),))
    lib = Library.of([*LIBRARY.cards.values(), heat, gift])
    ana, bo = player("Ana"), player("Bo", team="Blue")
    ana.abilities["Gift of Flame"] = Uses(1)
    ana.uses_left["Gift of Flame"] = 1
    bo.states[("Immune", "Flame")] = Held("a Trait", trait=True)
    match = Match(Game(Battlefield({"Ana": ana, "Bo": bo}, lib)))
    play(match, "Ana completes Gift of Flame on Ana", "Ana completes Heat Weapon on Bo")
    assert not bo.has("Stunned") and ana.enchantments[0].granted["Heat Weapon"] == 1


@pytest.mark.rule("Persistent")
def test_a_persistent_enchantment_survives_a_respawn() -> None:
    """"Respawning removes any Enchantments from a player unless the Enchantments are Persistent" — and its Magic
    Armor comes back with it."""
    lasting = card("Lasting Stoneskin", magic_armor=2, persistent=True)
    lib = Library.of([*LIBRARY.cards.values(), lasting])
    ana = player("Ana")
    ana.abilities["Lasting Stoneskin"] = Uses(1)
    ana.uses_left["Lasting Stoneskin"] = 1
    match = Match(Game(Battlefield({"Ana": ana, "Bo": player("Bo", team="Blue")}, lib)))
    play(match, "Ana completes Lasting Stoneskin on Ana", "Ana dies", "Ana respawns")
    assert [e.title for e in ana.enchantments] == ["Lasting Stoneskin"] and ana.magic["torso"] == 2


@pytest.mark.rule("Resistant")
def test_resistant_spends_the_enchantment_that_gives_it() -> None:
    """"Resistant: The player is unaffected by the next effect of a given type ... Wounds: Does not receive the
    next wound"; an enchantment with "a definite number of uses" goes at the last."""
    blessing = card("Blessing Against Harm", strips=2, grants=(Grant("Resistant", "wounds"),))
    lib = Library.of([*LIBRARY.cards.values(), blessing])
    ana, bo = player("Ana"), player("Bo", team="Blue")
    ana.abilities["Blessing Against Harm"] = Uses(1)
    ana.uses_left["Blessing Against Harm"] = 1
    match = Match(Game(Battlefield({"Ana": ana, "Bo": bo}, lib)))
    play(match, "Ana completes Blessing Against Harm on Ana", "Bo hits Ana's left arm with a weapon")
    assert not ana.wounds and ana.enchantments[0].strips == 1
    play(match, "Bo hits Ana's left arm with a weapon")
    assert not ana.wounds and ana.enchantments == [] and not ana.has("Resistant", "wounds")
    play(match, "Bo hits Ana's left arm with a weapon")
    assert ana.wounds == {"left arm"}


@pytest.mark.rule("Invulnerable")
def test_an_invulnerable_player_is_not_affected_by_combat() -> None:
    """"Invulnerable: The player and their carried equipment are not affected by combat, abilities, etc that do not
    specifically work on Invulnerable players.\""""
    ana, bo = player("Ana"), player("Bo", [HOLD], team="Blue")
    ana.states[("Invulnerable", None)] = Held("a Trait", trait=True)
    match, _ = timeline(ana, bo)
    play(match, "Bo hits Ana's torso with a weapon", "Bo completes Hold Person on Ana")
    assert ana.alive and not ana.wounds and not ana.has("Stopped")


@pytest.mark.rule("Stunned")
def test_a_stunned_player_cannot_act_and_may_be_touched() -> None:
    """"Stunned: Player is unable to act in any manner. May still be affected as per normal"; Touch may reach a
    Stunned target."""
    ana = player("Ana", [HOLD])
    ana.willing = False
    ana.states[("Stunned", None)] = Held("Heat Weapon")
    assert casting.can_use(Battlefield({}, LIBRARY), ana, HOLD) == "Stunned: Ana may not take any action"
    assert casting.touchable(ana)


@pytest.mark.rule("Traits")
@pytest.mark.rule("Archetype")
def test_traits_are_always_on_and_never_removed() -> None:
    """"Traits ... function all of the time without activation being required ... may not be removed by any means
    and persist after respawn"; an Archetype likewise "always active": neither is ever cast."""
    immunity = card("Immunity to Flame", School.NEUTRAL, Kind.TRAIT, grants=(Grant("Immune", "Flame"),))
    ana = player("Ana", [HOLD])
    ana.abilities["Immunity to Flame"] = Uses(None)
    ana.states[("Immune", "Flame")] = Held("Immunity to Flame", trait=True)
    lib = Library.of([*LIBRARY.cards.values(), immunity])
    game = Game(Battlefield({"Ana": ana, "Bo": player("Bo", team="Blue")}, lib))
    match = Match(game)
    assert casting.can_use(game.field, ana, immunity) == "Traits: Immunity to Flame is always on; it is never cast"
    assert casting.can_use(game.field, ana, card("Berserk", School.NEUTRAL, Kind.ARCHETYPE)) is not None
    play(match, "Ana dies", "Ana respawns")
    assert ana.has("Immune", "Flame") and states.removable(ana, ("Immune", "Flame"), None) is not None


@pytest.mark.rule("Specialty Arrows")
@pytest.mark.rule("Ambulant arrows")
def test_a_specialty_arrow_is_a_normal_hit_and_its_incantation_is_ambulant() -> None:
    """"All Specialty Arrow incantations are treated as Ambulant"; "Properly activated Specialty Arrows count as a
    normal hit from an arrow to the location struck in addition to their listed effects.\""""
    arrow = card("Pinning Arrow", School.SUBDUAL, Kind.SPECIALTY_ARROW, uses=Uses(2),
                 steps=(Do("make", ("target", "Stopped", None, 30)),))
    lib = Library.of([*LIBRARY.cards.values(), arrow])
    ana, bo = player("Ana"), player("Bo", team="Blue")
    ana.abilities["Pinning Arrow"] = Uses(2)
    ana.uses_left["Pinning Arrow"] = 2
    match = Match(Game(Battlefield({"Ana": ana, "Bo": bo}, lib)))
    play(match, "Ana begins Pinning Arrow", "Ana moves")
    assert ana.incanting == "Pinning Arrow"
    play(match, "Ana completes Pinning Arrow", "Ana hits Bo's left arm with Pinning Arrow")
    assert bo.wounds == {"left arm"} and bo.has("Stopped")


@pytest.mark.rule("Trigger")
@pytest.mark.rule("Kill Trigger")
def test_a_kill_trigger_follows_a_final_blow_within_30_seconds_once() -> None:
    """"Kill Trigger: Can only be used within 30 seconds after striking an enemy with the final blow ... and may
    only use one Kill Trigger ability per eligible killing blow.\""""
    feast = card("Feast", School.DEATH, Kind.VERBAL, uses=Uses(3), trigger="kill", reach=Reach.SELF,
                 steps=(Do("heal", ("caster",)),))
    lib = Library.of([*LIBRARY.cards.values(), feast])
    ana, bo, cy = player("Ana"), player("Bo", team="Blue"), player("Cy", team="Blue")
    ana.abilities["Feast"] = Uses(3)
    ana.uses_left["Feast"] = 3
    game = Game(Battlefield({"Ana": ana, "Bo": bo, "Cy": cy}, lib))
    game.field.place("Ana", "Cy", 20)  # "The caster must be outside of 10' of a living enemy"
    game.pauses = (31,)
    match = Match(game)
    assert match.decision is not None and match.decision.find("Ana completes Feast on Ana") is None
    assert game.explain(match.decision, "Ana completes Feast on Ana") == (
        "Kill Trigger: Ana has struck no final blow in the last 30 s")
    play(match, "Ana hits Bo's torso with a weapon", "Ana completes Feast on Ana")
    assert ana.uses_left["Feast"] == 2
    assert match.decision is not None and match.decision.find("Ana completes Feast on Ana") is None  # one per blow
    play(match, "Ana hits Cy's torso with a weapon", "31 s pass")
    assert match.decision is not None and match.decision.find("Ana completes Feast on Ana") is None  # too late


@pytest.mark.rule("Kill Trigger")
def test_a_kill_trigger_needs_its_caster_outside_10_feet_of_a_living_enemy() -> None:
    """"The caster must be outside of 10' of a living enemy": the enemy it killed does not count, a living one
    within 10' does, and one who steps away lets the Kill Trigger be used."""
    feast = card("Feast", School.DEATH, Kind.VERBAL, uses=Uses(3), trigger="kill", reach=Reach.SELF,
                 steps=(Do("heal", ("caster",)),))
    lib = Library.of([*LIBRARY.cards.values(), feast])
    ana, bo, cy = player("Ana"), player("Bo", team="Blue"), player("Cy", team="Blue")
    ana.abilities["Feast"] = Uses(3)
    ana.uses_left["Feast"] = 3
    game = Game(Battlefield({"Ana": ana, "Bo": bo, "Cy": cy}, lib))
    game.field.place("Ana", "Cy", 10)
    match = Match(game)
    play(match, "Ana hits Bo's torso with a weapon")
    assert match.decision is not None and game.explain(match.decision, "Ana completes Feast on Ana") == (
        "Kill Trigger: Ana is within 10' of Cy, a living enemy (\"The caster must be outside of 10' of a living "
        "enemy\")")
    match.intervene("distance", "Ana", "Cy 11")
    play(match, "Ana completes Feast on Ana")
    assert ana.uses_left["Feast"] == 2


@pytest.mark.rule("Wound Trigger")
def test_a_wound_trigger_follows_the_wound_at_once() -> None:
    """"Wound Trigger: Can only be used immediately after the caster causes a wound to an enemy (even if that wound
    kills the enemy; but not if the wound is not received, e.g. by a Resistance).\""""
    bite = card("Bite", School.DEATH, Kind.VERBAL, uses=Uses(3), trigger="wound",
                steps=(Do("make", ("target", "Fragile", None, 30)),))
    lib = Library.of([*LIBRARY.cards.values(), bite])
    ana, bo = player("Ana"), player("Bo", team="Blue")
    ana.abilities["Bite"] = Uses(3)
    ana.uses_left["Bite"] = 3
    game = Game(Battlefield({"Ana": ana, "Bo": bo}, lib))
    game.pauses = (5,)
    match = Match(game)
    play(match, "Ana hits Bo's left arm with a weapon", "Ana completes Bite on Bo")
    assert bo.has("Fragile")
    play(match, "Ana hits Bo's left leg with a weapon")
    assert not bo.alive  # the second limb
    bo2 = player("Bo2", team="Blue")
    bo2.states[("Resistant", "wounds")] = Held("a Trait")
    game2 = Game(Battlefield({"Ana": player("Ana"), "Bo2": bo2}, lib))
    game2.field.players["Ana"].abilities["Bite"] = Uses(3)
    game2.field.players["Ana"].uses_left["Bite"] = 3
    match2 = Match(game2)
    play(match2, "Ana hits Bo2's left arm with a weapon")  # resisted: no wound received
    assert match2.decision is not None and match2.decision.find("Ana completes Bite on Bo2") is None


# ---------------------------------------------------------------- Projectile protection
@pytest.mark.rule("Projectile protection")
@pytest.mark.rule("Magic Balls")
def test_magic_balls_are_not_stopped_by_protection_from_projectiles() -> None:
    """"Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar
    abilities.\""""
    ana, bo = player("Ana", [PROJECTILES, DEFLECTION]), player("Bo", [ICEBALL, FIREBALL], team="Blue")
    ana.armor, ana.armor_rating = {"torso": 2}, {"torso": 2}
    match, game = timeline(ana, bo)
    play(match, "Ana completes Protection from Projectiles on Ana", "Ana completes Song of Deflection on Ana",
         "Bo completes Fireball", "Bo hits Ana's torso with Fireball")
    assert ana.armor["torso"] == 0  # its Armor Destroying, both protections worn
    play(match, "Bo completes Iceball", "Bo hits Ana's left arm with Iceball")
    assert ana.has("Frozen")
    ball = hits.Hit(bo, ana, "left arm", ICEBALL, weapon=ICEBALL.title)
    assert not ball.projectile and hits.stops_projectile(game.field, ball) is None


@pytest.mark.rule("Projectile protection")
@pytest.mark.rule("Specialty Arrows")
def test_protection_from_projectiles_leaves_its_bearer_unaffected_by_projectiles() -> None:
    """"Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar abilities":
    it stops projectiles — an arrow, a thrown weapon, and a Specialty Arrow, which counts "as a normal hit from an
    arrow to the location struck in addition to their listed effects" (chosen: the seed names no more). Its bearer
    takes no wound and none of the listed effects; a melee weapon is no projectile."""
    ana, bo = player("Ana", [PROJECTILES]), player("Bo", [PINNING], team="Blue")
    match, game = timeline(ana, bo)
    play(match, "Ana completes Protection from Projectiles on Ana", "Bo hits Ana's left arm with an arrow",
         "Bo hits Ana's torso with a thrown weapon", "Bo completes Pinning Arrow",
         "Bo hits Ana's left leg with Pinning Arrow")
    assert ana.alive and not ana.wounds and not ana.has("Stopped")
    assert not bo.wounded_enemy  # no wound caused: no Wound Trigger follows
    play(match, "Bo hits Ana's left arm with a weapon")
    assert ana.wounds == {"left arm"}
    assert match.decision is not None and game.explain(match.decision, "Bo hits Ana's torso with a arrow") == (
        "Hits: nothing is named 'a arrow' (hit with a weapon, an arrow, a thrown weapon, or an active ball or arrow)")
    play(match, "Ana removes Protection from Projectiles", "Bo hits Ana's torso with an arrow")
    assert not ana.alive  # it lasts until removed; then an arrow strikes as ever


@pytest.mark.rule("Projectile protection")
@pytest.mark.rule("Immune")
def test_projectile_protection_does_not_extend_to_what_its_bearer_wears_or_carries() -> None:
    """"Unless otherwise noted, Immunities do not extend beyond the player or object that has them. Example: A player
    with Immunity to Flame can still have their armor destroyed by a Fireball." Read for Protection from Projectiles
    too (chosen: the seed says nothing of its bearer's equipment): the armor an arrow strikes loses its points, and
    the shield a Destruction Arrow strikes is destroyed; the bearer takes no wound."""
    ana, bo = player("Ana", [PROJECTILES]), player("Bo", [DESTRUCTION], team="Blue")
    ana.armor, ana.armor_rating = {"torso": 3}, {"torso": 3}
    ana.equipment = {"shield": Equipment("shield")}
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Protection from Projectiles on Ana", "Bo hits Ana's torso with an arrow")
    assert ana.armor["torso"] == 2 and not ana.wounds
    play(match, "Bo completes Destruction Arrow", "Bo hits Ana's shield with Destruction Arrow")
    assert ana.equipment["shield"].destroyed and ana.alive
    play(match, "Bo completes Destruction Arrow", "Bo hits Ana's torso with Destruction Arrow")
    assert ana.armor["torso"] == 0 and ana.alive and not ana.wounds


@pytest.mark.rule("Projectile protection")
@pytest.mark.rule("Chant")
def test_song_of_deflection_stops_projectiles_while_its_chant_lasts() -> None:
    """"Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar abilities";
    a Chant "sustains their continuing function ... Failure to Chant ends the effect"."""
    ana, bo = player("Ana", [DEFLECTION, HOLD]), player("Bo", team="Blue")
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Song of Deflection on Ana", "Bo hits Ana's left arm with an arrow")
    assert ana.chanting == "Song of Deflection" and not ana.wounds
    play(match, "Ana begins Hold Person")  # "Starting an incantation ... interrupts any other ... Chant"
    assert ana.enchantment("Song of Deflection") is None
    play(match, "Bo hits Ana's left arm with an arrow")
    assert ana.wounds == {"left arm"}


@pytest.mark.rule("Projectile protection")
@pytest.mark.rule("Ability Order")
@pytest.mark.rule("Resistant")
def test_a_resistance_is_spent_before_projectile_protection() -> None:
    """"Effects on a player trigger in this order: Traits, Immunities, Resistances, Other Enchantments." A
    Resistance to wounds takes the arrow a Song of Deflection would have stopped, and spends its use (chosen: the
    order as written); once it is gone, the Song stops the next."""
    ana, bo = player("Ana", [BLESSING, DEFLECTION]), player("Bo", team="Blue")
    match, _ = timeline(ana, bo)
    play(match, "Ana completes Blessing Against Harm on Ana", "Ana completes Song of Deflection on Ana",
         "Bo hits Ana's left arm with an arrow")
    blessing = ana.enchantment("Blessing Against Harm")
    assert blessing is not None and blessing.strips == 2 and not ana.wounds
    play(match, "Ana removes Blessing Against Harm", "Bo hits Ana's left arm with an arrow")
    assert not ana.wounds and ana.enchantment("Song of Deflection") is not None


@pytest.mark.rule("Projectile protection")
@pytest.mark.rule("Inactive enchantments")
def test_projectile_protection_is_inactive_on_a_dead_bearer_and_active_again_on_a_return_to_life() -> None:
    """"If a player bearing an Enchantment is killed the Enchantment remains but becomes inactive ... If the person is
    returned to life, as opposed to respawning, then Enchantments are preserved and will function again"; and
    "Respawning removes any Enchantments from a player unless the Enchantments are Persistent"."""
    ana, bo = player("Ana", [PROJECTILES]), player("Bo", team="Blue")
    match, game = timeline(ana, bo)
    play(match, "Ana completes Protection from Projectiles on Ana", "Ana dies")
    worn = ana.enchantment("Protection from Projectiles")
    assert worn is not None and not worn.active
    assert hits.stops_projectile(game.field, hits.Hit(bo, ana, "torso", weapon=hits.ARROW)) is None
    play(match, "Ana is returned to life", "Bo hits Ana's torso with an arrow")
    assert ana.alive
    play(match, "Ana dies", "Ana respawns", "Bo hits Ana's torso with an arrow")
    assert not ana.alive  # the respawn took it


# ---------------------------------------------------------------- Insubstantial
@pytest.mark.rule("Returning to the physical world")
def test_a_player_who_caused_its_insubstantial_state_may_return_to_the_physical_world() -> None:
    """Insubstantial players "May remove this State from themselves at any time by Incanting “I return to the
    physical world” x2 provided they are the cause of the State and the State was not imparted by an Enchantment":
    and, as any incantation, starting it "interrupts any other Incantation or Chant"."""
    ana = player("Ana", [BANISH, HOLD])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Banish on Ana", "Ana begins Hold Person")
    assert ana.has("Insubstantial") and ana.states[states.INSUBSTANTIAL].by == "Ana"
    play(match, "Ana returns to the physical world")
    assert not ana.has("Insubstantial") and ana.incanting is None


@pytest.mark.rule("Returning to the physical world")
def test_a_player_made_insubstantial_by_another_must_end_it_as_its_ability_says() -> None:
    """"... provided they are the cause of the State and the State was not imparted by an Enchantment. Otherwise,
    they must end the State as per the description of the responsible ability": neither Bo's Banish nor Ana's own
    Gift of Air lets Ana return by herself."""
    ana, bo = player("Ana", [GIFT_OF_AIR]), player("Bo", [BANISH], team="Blue")
    match, game = timeline(ana, bo)
    play(match, "Bo completes Banish on Ana")
    assert match.decision is not None and match.decision.find("Ana returns to the physical world") is None
    assert "Bo's Banish caused it, not Ana" in (game.explain(match.decision, "Ana returns to the physical world") or "")
    states.lose_state(game.field, ana, states.INSUBSTANTIAL)
    play(match, "Ana completes Gift of Air on Ana", "Bo hits Ana's left arm with a weapon")
    assert ana.has("Insubstantial")
    why = game.explain(match.decision, "Ana returns to the physical world") or ""
    assert why.startswith("Insubstantial: Gift of Air, an Enchantment, imparted it")


# ---------------------------------------------------------------- Charge
@pytest.mark.rule("Charge")
def test_only_a_charge_ability_benefits_from_innate_and_its_player_chooses_which() -> None:
    """"Only abilities which may be Charged can benefit from Innate, Steal Life Essence, etc.": Hold Person, spent,
    gains nothing; of two spent Charge abilities, its player chooses the one that regains a use."""
    ana = player("Ana", [BOLT, STORM, HOLD, INNATE])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Lightning Bolt", "Ana completes Call Lightning on Bo", "Ana completes Hold Person on Bo",
         "Ana completes Innate on Ana")
    assert match.decision is not None and match.decision.kind == "regain"
    assert [c.label for c in match.decision.options] == ["Lightning Bolt", "Call Lightning"]
    match.apply("Call Lightning")
    assert ana.uses_left == {"Lightning Bolt": 0, "Call Lightning": 1, "Hold Person": 1, "Innate": 0}


@pytest.mark.rule("Charge Incantation", "Chant")
def test_the_charge_incantation_interrupts_a_chant_as_any_incantation() -> None:
    """"Starting an incantation renders the player's active Magic Balls inactive and interrupts any other
    Incantation or Chant": the Charge Incantation too."""
    ana = player("Ana", [BOLT, DEFLECTION])
    match, game = timeline(ana, player("Bo", team="Blue"))
    play(match, "Ana completes Lightning Bolt", "Ana completes Song of Deflection on Ana")
    assert ana.chanting is not None
    play(match, "Ana charges Lightning Bolt")
    assert ana.chanting is None and ana.charging == {"Lightning Bolt": 1}


@pytest.mark.rule("Invulnerable")
def test_an_invulnerable_player_is_not_released_by_what_works_on_states_in_general() -> None:
    """Invulnerable: "The player and their carried equipment are not affected by combat, abilities, etc that do not
    specifically work on Invulnerable players", unlike Frozen, which "Can only be affected by mechanics that work on
    States in general (such as Release)"."""
    bo = player("Bo")
    bo.states[("Invulnerable", None)] = Held("an ability")
    bo.states[("Frozen", None)] = Held("Iceball")
    assert states.unaffected(bo, "Sorcery", works_on="States") == (
        "Invulnerable: Bo is not affected by abilities that do not work on Invulnerable")
    del bo.states[("Invulnerable", None)]
    assert states.unaffected(bo, "Sorcery", works_on="States") is None
