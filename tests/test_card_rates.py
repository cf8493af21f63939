"""Per-card rates of a study (issue 27): "Per card it reports: how often it was cast; its win rate when cast and
when merely held, with intervals; ... the cards whose rates stand out beyond chance, adjusted for the number of
cards tested." Counted from what each match's seats held and cast (a ruleset's knowledge says), whatever the game.
"""

from __future__ import annotations

from spellc.compiler.sim_results import Cards
from spellc.engine.core.study import Held, Played


def match(first: float, *held: tuple[bool, str, int], index: int = 0, decisions: int = 10) -> Played:
    return Played(0, index, 0, first, first_seat=True, capped=False, decisions=decisions,
                  held=tuple(Held(*h) for h in held))


def rated(cards: Cards) -> dict[str, dict[str, object]]:
    return {row["card"]: row for row in cards.rated()}


def test_a_card_is_counted_for_each_seat_that_held_it_and_each_that_cast_it() -> None:
    cards = Cards()
    cards.add(match(1.0, (True, "Fireball", 2), (False, "Fireball", 0), (False, "Ice Wall", 1)))
    cards.add(match(0.0, (True, "Fireball", 0), (False, "Ice Wall", 0)))
    fireball, ice_wall = rated(cards)["Fireball"], rated(cards)["Ice Wall"]
    assert fireball["held"] == 3 and fireball["cast"]["hits"] == 1 and fireball["casts per match held"] == 0.67
    assert ice_wall["held"] == 2 and ice_wall["cast"]["hits"] == 1
    assert cards.seats == 4 and cards.won == 2


def test_its_win_rate_when_cast_and_when_merely_held() -> None:
    """The first match: the seat that cast Fireball won, the seat that held it without casting lost; the second:
    the seat that held it without casting won."""
    cards = Cards()
    cards.add(match(1.0, (True, "Fireball", 1), (False, "Fireball", 0)))
    cards.add(match(0.0, (False, "Fireball", 0)))
    fireball = rated(cards)["Fireball"]
    assert (fireball["won when cast"]["hits"], fireball["won when cast"]["n"]) == (1, 1)
    assert (fireball["won when only held"]["hits"], fireball["won when only held"]["n"]) == (1, 2)
    assert fireball["won when cast"]["low"] < 1.0 == fireball["won when cast"]["high"]  # an interval, not a point


def test_a_draw_is_no_win_for_either_seat() -> None:
    cards = Cards()
    cards.add(match(0.5, (True, "Fireball", 1), (False, "Ice Wall", 1)))
    assert cards.won == 0 and rated(cards)["Fireball"]["won when cast"]["hits"] == 0


def test_a_card_whose_casters_win_far_more_often_stands_out() -> None:
    """Sixty matches: whoever casts Fireball wins; Ice Wall and Spark are cast by winners and losers alike."""
    cards = Cards()
    for i in range(60):
        first_casts = i % 2 == 0
        cards.add(match(1.0 if first_casts else 0.0, (True, "Fireball", int(first_casts)),
                        (False, "Fireball", int(not first_casts)), (True, "Ice Wall", 1), (False, "Ice Wall", 1),
                        (True, "Spark", i % 3), (False, "Spark", (i + 1) % 3), index=i))
    found = rated(cards)
    assert found["Fireball"]["stands out"] and found["Fireball"]["adjusted p"] < 0.05
    assert not found["Ice Wall"]["stands out"] and not found["Spark"]["stands out"]
    assert [row["card"] for row in cards.rated()][0] == "Fireball"  # what stands out comes first


def test_the_p_values_are_adjusted_for_the_number_of_cards_tested() -> None:
    """Holm's method: no adjusted p-value is below its own, and the smallest is multiplied by the cards tested."""
    cards = Cards()
    for i in range(40):
        cards.add(match(float(i % 2), (True, "Fireball", i % 2), (False, "Spark", i % 3), (True, "Ice Wall", 1),
                        index=i))
    rows = cards.rated()
    assert all(row["adjusted p"] >= row["p"] for row in rows)
    smallest = min(rows, key=lambda row: row["p"])
    assert smallest["adjusted p"] == min(1.0, smallest["p"] * len(rows))


def test_a_ruleset_that_does_not_say_what_seats_held_reports_no_cards() -> None:
    cards = Cards()
    cards.add(match(1.0))
    assert cards.rated() == [] and list(cards.lines()) == []


def test_a_card_listed_twice_for_a_seat_counts_once_with_both_casts() -> None:
    """A results file may come with a stranger's project, and say anything: a seat holds a card once."""
    cards = Cards()
    cards.add(match(1.0, (True, "Fireball", 1), (True, "Fireball", 2), (True, "Spark", -4)))
    found = rated(cards)
    assert found["Fireball"]["held"] == 1 and found["Fireball"]["casts per match held"] == 3
    assert found["Spark"]["cast"]["hits"] == 0


def test_the_length_of_the_matches_a_card_was_cast_in() -> None:
    """"Per card it reports ... the match-length distribution": the decisions of each match a seat cast the card
    in (a match counted once for each seat that cast it); a card never cast has none."""
    cards = Cards()
    cards.add(match(1.0, (True, "Fireball", 1), (False, "Ice Wall", 0), decisions=30))
    cards.add(match(0.0, (True, "Fireball", 2), (False, "Fireball", 1), decisions=90, index=1))
    cards.add(match(0.0, (True, "Fireball", 0), decisions=500, index=2))
    fireball, ice_wall = rated(cards)["Fireball"], rated(cards)["Ice Wall"]
    assert fireball["decisions per match cast"] == {"mean": 70.0, "shortest": 30, "median": 90, "90%": 90,
                                                    "longest": 90}
    assert ice_wall["decisions per match cast"]["median"] is None


def test_a_contender_that_wins_far_more_often_than_the_others_stands_out() -> None:
    """"A first study ... say what it found, for example a card that wins far above the rest": with entries (a
    magician, a deck), the entry itself is what a designer weighs. Over a round robin of four, whoever meets A
    loses; B, C and D share their other matches."""
    from spellc.compiler.sim_results import Standings
    from spellc.engine.core.study import Contender, Pairing, round_robin

    contenders = tuple(Contender("random", entry=name) for name in "ABCD")
    pairings: list[Pairing] = round_robin(contenders, mirrors=False)
    standings = Standings()
    for index, pairing in enumerate(pairings):
        for i in range(20):
            first_wins = pairing.first.entry == "A" or (pairing.second.entry != "A" and i % 2 == 0)
            standings.add(pairing, Played(index, i, i, 1.0 if first_wins else 0.0, first_seat=i % 2 == 0,
                                          capped=False, decisions=10))
    rated = {row["contender"]: row for row in standings.rated()}
    assert rated[contenders[0].name]["stands out"] and rated[contenders[0].name]["won"]["rate"] == 1.0
    assert len({rated[c.name]["won"]["rate"] for c in contenders[1:]}) == 1  # the others alike: a third each
    assert [row["contender"] for row in standings.rated()][0] == contenders[0].name  # best first


def test_two_contenders_leave_it_to_their_pairing() -> None:
    from spellc.compiler.sim_results import Standings
    from spellc.engine.core.study import Contender, Pairing

    standings = Standings()
    standings.add(Pairing(Contender("random"), Contender("greedy")), match(1.0))
    assert standings.rated() == []
