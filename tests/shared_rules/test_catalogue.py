"""The tile catalogue (shared_rules/catalogue.py + each game's JSON files).

Every shipped entry is well formed, ids are unique, Powers and Actions carry cost, timing
and effect, and the values printed in the rulebooks are there, and nothing else is.
"""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules import catalogue
from shared_rules.games.hexors import tiles
from shared_rules.games.hexors.decisions import COLOURS, ELEMENT_COLOURS


def all_entries():
    return catalogue.load("jl") + catalogue.load("ygo")


def known_strike(entry):
    """{colour: value} of the strike values the entry knows."""
    known = {}
    for colour in COLOURS:
        if entry["strike"][colour] is not None:
            known[colour] = entry["strike"][colour]
    return known


def test_the_data_files_load_on_this_interpreter():
    jl = catalogue.load("jl")
    ygo = catalogue.load("ygo")
    assert len(jl) >= 17 + 12
    assert len(ygo) == 4 + 12
    for entry in jl:
        assert entry["game"] == "jl"
    for entry in ygo:
        assert entry["game"] == "ygo"
    raises(ValueError, catalogue.load, "chess")
    # Found beside its game package (from __file__), not from the working directory.
    assert catalogue.family("jl").data == "jl.json" and catalogue.family("jl").package == "hexors"


def test_every_shipped_entry_validates():
    for entry in all_entries():
        problems = catalogue.validate(entry)
        assert problems == [], "%s: %s" % (entry["id"], problems)


def test_ids_are_unique_and_name_their_game():
    seen = {}
    for entry in all_entries():
        assert entry["id"] not in seen, entry["id"]
        seen[entry["id"]] = True
        assert entry["id"].startswith(entry["game"] + "/")


def test_numbers_are_unique_within_a_game():
    for game in ("jl", "ygo"):
        numbers = {}
        for entry in catalogue.load(game):
            if entry["number"] is not None:
                assert entry["number"] not in numbers, entry["number"]
                numbers[entry["number"]] = True


def test_jl_p5_all_twelve_powers_with_kind_cost_and_timing():
    """JL-P5 / JL-W064..JL-W075: every Power, number, Surge or Ultimate, cost 0..3."""
    expected = {
        "064": ("Last Stand", "surge", 0, "last_stand"),
        "065": ("Energy Barrier", "ultimate", 1, "energy_barrier"),
        "066": ("Escape", "surge", 1, "escape"),
        "067": ("Speed", "surge", 1, "speed"),
        "068": ("Detection", "surge", 2, "detection"),
        "069": ("Flying Debris", "ultimate", 2, "flying_debris"),
        "070": ("Life Drain", "surge", 2, "life_drain"),
        "071": ("Self-Destruct", "surge", 2, "self_destruct"),
        "072": ("Teamwork", "surge", 2, "teamwork"),
        "073": ("Super Strength", "ultimate", 3, "super_strength"),
        "074": ("Telepathy", "surge", 3, "telepathy"),
        "075": ("Wasteland", "ultimate", 3, "wasteland"),
    }
    powers = [e for e in catalogue.load("jl") if e["kind"] == "power"]
    assert len(powers) == 12
    for number in expected:
        entry = catalogue.get("jl/" + number)
        name, timing, cost, effect = expected[number]
        assert entry["kind"] == "power"
        assert entry["number"] == number
        assert (entry["name"], entry["timing"], entry["cost"], entry["effect"]) == \
            (name, timing, cost, effect)
        assert entry["strike"] is None
        assert entry["verified"] is True
        assert "JL-W" + number in entry["source"]


def test_yg_a1_to_a12_all_twelve_actions_with_timing_and_cost():
    """YG-A1..YG-A12 and YG-14: Flash or Extreme, cost in Stars."""
    expected = [
        ("disarm", "flash", 1), ("mystic_barrier", "extreme", 1), ("symbiosis", "flash", 1),
        ("setting_sun", "flash", 1), ("power_theft", "flash", 1), ("energy_lock", "extreme", 2),
        ("genesis", "extreme", 2), ("divine_chain", "extreme", 2), ("sandstorm", "extreme", 2),
        ("earth_fist", "flash", 2), ("star_burst", "extreme", 3), ("zombie", "flash", 3),
    ]
    actions = [e for e in catalogue.load("ygo") if e["kind"] == "action"]
    assert len(actions) == 12
    for i in range(12):
        effect, timing, cost = expected[i]
        entry = catalogue.get("ygo/" + effect.replace("_", "-"))
        assert (entry["effect"], entry["timing"], entry["cost"]) == (effect, timing, cost)
        assert "YG-A%d)" % (i + 1) in entry["source"]
        assert entry["verified"] is True


def test_jl_c3_rulebook_values_superman_atlantis_doomsday_mars():
    """JL-C3: Superman (blue) yellow 6, Atlantis blue 6, Doomsday (red) red 8, Mars red 3,
    and nothing else about their strike values (the rulebook prints nothing else)."""
    superman = catalogue.find(name="Superman")[0]
    assert superman["kind"] == "character" and superman["colour"] == "blue"
    assert known_strike(superman) == {"yellow": 6}
    atlantis = catalogue.get("jl/atlantis")
    assert atlantis["kind"] == "stronghold" and known_strike(atlantis) == {"blue": 6}
    doomsday = catalogue.get("jl/doomsday")
    assert doomsday["colour"] == "red" and known_strike(doomsday) == {"red": 8}
    mars = catalogue.get("jl/mars")
    assert mars["kind"] == "stronghold" and known_strike(mars) == {"red": 3}
    # The example: 6 + Atlantis' blue 6 = 12 beats 8 + Mars' red 3 = 11.
    sup_total = superman["strike"]["yellow"] + atlantis["strike"][superman["colour"]]
    doom_total = doomsday["strike"]["red"] + mars["strike"][doomsday["colour"]]
    assert (sup_total, doom_total) == (12, 11)
    for entry in (superman, atlantis, doomsday, mars):
        assert entry["verified"] is False
        assert entry["bonus"] is None


def test_jl_c5_martian_manhunter_ally_icon_matches_mars():
    """JL-C5: the Martian Manhunter Character's Ally icon matches the Mars Stronghold."""
    mm = catalogue.get("jl/martian-manhunter")
    assert mm["kind"] == "character"
    assert mm["ally"] == catalogue.get("jl/mars")["ally"] == "martian-manhunter"
    assert known_strike(mm) == {}
    assert mm["colour"] is None


def test_yg_10_rulebook_values_gaia_thousand_dragon_yugi_kaiba():
    """YG-10: Gaia (Earth, green 5) + Yugi green 5 = 10 beats Thousand Dragon (Wind,
    yellow 7) + Kaiba yellow 2 = 9."""
    gaia = catalogue.get("ygo/gaia-the-fierce-knight")
    dragon = catalogue.get("ygo/thousand-dragon")
    yugi = catalogue.get("ygo/yugi")
    kaiba = catalogue.get("ygo/kaiba")
    assert (gaia["element"], gaia["colour"], known_strike(gaia)) == ("earth", "green", {"green": 5})
    assert (dragon["element"], dragon["colour"], known_strike(dragon)) == \
        ("wind", "yellow", {"yellow": 7})
    assert known_strike(yugi) == {"green": 5} and known_strike(kaiba) == {"yellow": 2}
    assert gaia["strike"]["green"] + yugi["strike"][gaia["colour"]] == 10
    assert dragon["strike"]["yellow"] + kaiba["strike"][dragon["colour"]] == 9
    assert yugi["kind"] == kaiba["kind"] == "character"
    assert yugi["bonus"] is None and kaiba["bonus"] is None


def test_yg_10_elements_map_one_to_one_to_die_colours():
    """YG-10: Earth = green and Wind = yellow (rulebook); the other four are a Decision."""
    assert ELEMENT_COLOURS["earth"] == "green"
    assert ELEMENT_COLOURS["wind"] == "yellow"
    assert len(ELEMENT_COLOURS) == 6
    colours = sorted([ELEMENT_COLOURS[e] for e in ELEMENT_COLOURS])
    assert colours == sorted(COLOURS)


def test_rulebook_tile_numbers_are_listed_but_not_invented():
    """The JL tile numbers printed on the rulebook's pictures are in the catalogue, with
    no name, kind or strike value made up."""
    printed = ("002", "004", "006", "007", "010", "011", "016", "017", "018", "019", "022",
               "023", "025", "028", "031", "032", "040", "042", "043", "044", "046", "047",
               "048", "049", "050", "051", "054", "055", "057", "058", "059", "061", "063")
    for number in printed:
        found = catalogue.find(number=number, game="jl")
        assert len(found) == 1, number
        entry = found[0]
        assert entry["verified"] is False
        assert entry["kind"] is None and entry["name"] is None
        assert known_strike(entry) == {}
        assert "kind" in catalogue.missing(entry)


def test_unverified_means_something_is_unknown():
    """An entry is verified exactly when nothing it needs is unknown."""
    for entry in all_entries():
        assert entry["verified"] == (catalogue.missing(entry) == []), entry["id"]


def test_get_and_find():
    assert catalogue.get("jl/070")["name"] == "Life Drain"
    err = raises(KeyError, catalogue.get, "jl/999")
    assert "jl/999" in str(err)
    raises(KeyError, catalogue.get, "nonsense")
    raises(KeyError, catalogue.get, None)
    assert [e["id"] for e in catalogue.find(number=16)] == ["jl/016"]
    assert [e["id"] for e in catalogue.find(number="#016")] == ["jl/016"]
    assert catalogue.find(number="16x") == []
    assert [e["id"] for e in catalogue.find(name="  thousand DRAGON ")] == ["ygo/thousand-dragon"]
    assert catalogue.find(name="Batman") == []
    assert catalogue.find(name="Zombie", game="jl") == []
    assert catalogue.label(catalogue.get("jl/016")) == "JL #016"
    assert catalogue.label(catalogue.get("jl/mars")) == "Mars"


def test_loaded_entries_are_copies():
    first = catalogue.get("jl/mars")
    first["strike"]["red"] = 99
    first["name"] = "Changed"
    again = catalogue.get("jl/mars")
    assert again["strike"]["red"] == 3 and again["name"] == "Mars"


def test_validate_names_each_problem():
    good = catalogue.get("jl/superman")
    assert catalogue.validate(good) == []

    def broken(**changes):
        entry = catalogue.get("jl/superman")
        for key in changes:
            entry[key] = changes[key]
        return catalogue.validate(entry)

    assert "unknown key 'power'" in broken(power=1)
    assert broken(kind="monster")[0].startswith("kind must be one of")
    assert broken(game="chess") == ["unknown game 'chess'"]
    strike = catalogue.get("jl/superman")["strike"]
    strike["red"] = 21
    assert "red is 21: a strike value is from 0 to 20" in broken(strike=strike)
    strike["red"] = -1
    assert "red is -1: a strike value is from 0 to 20" in broken(strike=strike)
    strike["red"] = "4"
    assert broken(strike=strike)[0].startswith("red must be a whole number")
    strike["red"] = True
    assert broken(strike=strike)[0].startswith("red must be a whole number")
    assert "unknown colour 'pink'" in broken(colour="pink")
    assert broken(number="16")[0].startswith("number must be three digits")
    assert broken(id="ygo/superman")[0].startswith("id must look like")
    assert "only Powers and Actions have a cost" in broken(cost=2)
    assert "only JL Strongholds and YGO Characters have a bonus" in broken(bonus=2)
    assert broken(verified=True)[0].startswith("verified but strike.green")
    entry = catalogue.get("jl/superman")
    del entry["source"]
    assert catalogue.validate(entry) == ["missing key source"]
    assert catalogue.validate("jl/superman")[0].startswith("an entry must be an object")


def test_validate_power_fields():
    def broken(**changes):
        entry = catalogue.get("jl/072")
        for key in changes:
            entry[key] = changes[key]
        return catalogue.validate(entry)

    assert broken(timing="flash")[0].startswith("power timing must be surge or ultimate")
    assert broken(effect="zombie") == ["unknown power effect 'zombie'"]
    assert broken(cost=None)[0].startswith("power cost must be a whole number")
    assert broken(cost=-1)[0].startswith("power cost must be a whole number")
    assert broken(strike={"red": 1})[0].startswith("a power has no strike values")
    assert broken(colour="red") == ["a power has no background colour"]


def test_validate_elements():
    def broken(**changes):
        entry = catalogue.get("ygo/gaia-the-fierce-knight")
        for key in changes:
            entry[key] = changes[key]
        return catalogue.validate(entry)

    assert broken() == []
    assert broken(colour="red") == ["element earth is the colour green, not red"]
    assert broken(element="metal") == ["unknown element 'metal'"]
    assert broken(ally="yugi") == ["only JL Strongholds and Characters carry an Ally icon"]


def test_jl_c9_yg_14_costs_and_timings_agree_with_the_engine():
    """JL-C9/JL-C10 and YG-14: the catalogue's cost and timing of every Power and Action
    are the ones the Hexors engine charges and enforces (shared_rules.games.hexors.powers)."""
    from shared_rules.games.hexors.powers import POWERS

    checked = 0
    for entry in all_entries():
        if entry["kind"] in tiles.PLAYABLE:
            spec = POWERS[entry["effect"]]
            assert (spec.game, spec.cost, spec.timing) == \
                (entry["game"], entry["cost"], entry["timing"]), entry["id"]
            checked += 1
    assert checked == 24
