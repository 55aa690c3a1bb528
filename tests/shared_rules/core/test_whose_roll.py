"""A roll says whose it is (RULES.md ROLL-1, ROLL-2): the engines of both rolling games
refuse a roll by anyone but the player they expect, and the session takes the hub's die
(which cannot tell who threw it) as the named roller's unless a player held their button
to take it; a hold by the wrong player is refused before anyone throws. Old journals,
whose rolls name nobody, restore as they were played."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import refused, state
from session_parts import UIDS, Book, Journal, event

from shared_rules.core.session import Entry, Session
from shared_rules.games.heroscape.engine import HeroScapeGame, card
from shared_rules.games.hexors.engine import HexorsGame


def jl_battle(session):
    """JL Beginner rosters, P2 first (JL-B2: the last to pick), Doomsday moves onto
    Superman: P2 (button B), the attacker, rolls first (JL-B4)."""
    for e in (event("TAP", uid="04A1", record="jl/atlantis"),
              event("TAP", uid="04A2", record="jl/016"), event("BTN", button="A", action="press"),
              event("TAP", uid="04B1", record="jl/mars"),
              event("TAP", uid="04B2", record="jl/doomsday")):
        assert session.on_event(e).accepted, e
    assert session.on_press("OK", "press").entry is None  # the menu opens
    assert session.on_press("OK", "press").accepted  # start: P2
    for uid, record in (("04B2", "jl/doomsday"), ("04A2", "jl/016")):
        assert session.on_event(event("TAP", uid=uid, record=record)).accepted
    assert session.legal().roll_by == 1


def hexors():
    return Session(lambda: HexorsGame(variant="jl-beginner", players=2), Book(), Journal())


def roll(face):
    return event("DIE", die="FACE", faces=(face,))


def hold(button):
    return event("BTN", button=button, action="long")


def test_roll_1_a_roll_by_the_wrong_player_is_refused_and_changes_nothing():
    session = hexors()
    jl_battle(session)
    game = session.game
    refused(game, ("roll", 3, 0), "ROLL-1")
    r = game.apply(("roll", 3, 0))
    assert r.message == "It is P2's roll" and r.instead == "hand the die to P2", r
    assert game.apply(("roll", 3, 1)).accepted  # the attacker's, as JL-B4 wants
    refused(game, ("roll", 4, 1), "ROLL-1")  # the defender rolls next
    assert game.apply(("roll", 4, 0)).accepted


def test_roll_1_heroscape_refuses_the_defenders_dice_before_the_attackers():
    game = HeroScapeGame()
    z = card("Zettian Guards", "squad", 2, 4, 7, 2, 7)
    assert game.apply(("add", 0, "a", z)).accepted and game.apply(("add", 1, "b", z)).accepted
    assert game.apply(("start",)).accepted
    refused(game, ("roll", [1, 2, 3, 4, 5], 1), "ROLL-1")  # HS-3: P1 rolls initiative first
    assert game.apply(("roll", [1, 2, 3], 0)).accepted
    refused(game, ("roll", [4, 5], 1), "ROLL-1")  # P1's five dice are not all thrown
    assert game.apply(("roll", [4, 5], 0)).accepted and game.legal_inputs().roll_by == 1


def test_roll_2_the_hubs_die_is_the_named_rollers_and_the_journal_says_so():
    session = hexors()
    jl_battle(session)
    r = session.on_event(roll(3))
    assert r.accepted and session.journal.entries[-1].input == ("roll", 3, 1)
    r = session.on_event(roll(5))
    assert r.accepted and session.journal.entries[-1].input == ("roll", 5, 0)


def test_roll_2_a_hold_by_the_player_who_is_not_to_roll_is_refused_at_once():
    session = hexors()
    jl_battle(session)
    before = state(session.game)
    r = session.on_event(hold("A"))
    assert not r.accepted and r.result.rule == "ROLL-2", r
    assert r.result.message == "It is P2's roll" and r.result.instead == "hand the die to P2"
    assert session.journal.entries[-1].row()[:3] == ("referee", ("die", 0), False)
    assert state(session.game) == before and session.holder is None
    r = session.on_event(hold("B"))
    assert r.accepted and session.holder == 1
    assert session.on_event(roll(2)).accepted and session.holder is None  # thrown: put down


def test_roll_2_a_hold_when_no_roll_is_expected_keeps_its_old_meaning():
    session = hexors()
    jl_battle(session)
    assert session.on_event(roll(6)).accepted and session.on_event(roll(1)).accepted
    r = session.on_event(hold("A"))  # the battle is over: no roll is awaited
    assert r.result is None and "undo" in r.note


def test_roll_2_the_die_taken_stays_for_every_die_of_the_roll_and_folds_back():
    """HeroScape's five initiative dice are five throws of one die: the die P1 took is
    theirs until their roll is complete; undo and a restore keep it as play left it."""
    guards = card("Zettian Guards", "squad", 2, 4, 7, 2, 7)
    book = Book({"hs/a": guards, "hs/b": guards})
    session = Session(HeroScapeGame, book, Journal())
    for e in (event("TAP", uid="0A", record="hs/a"), event("BTN", button="A", action="press"),
              event("TAP", uid="0B", record="hs/b"), event("BTN", button="B", action="press")):
        assert session.on_event(e).accepted, e
    assert session.legal().roll_by == 0
    assert session.on_event(hold("A")).accepted and session.holder == 0
    for face in (1, 2):
        assert session.on_event(roll(face)).accepted and session.holder == 0
    assert session.on_press("BACK", "long").accepted and session.holder == 0
    rebuilt = Session(HeroScapeGame, book, Journal(session.journal.entries))
    assert rebuilt.holder == 0 and state(rebuilt.game) == state(session.game)
    for face in (2, 3, 4, 5):
        assert session.on_event(roll(face)).accepted
    assert session.journal.entries[-1].input == ("roll", [5], 0)
    assert session.holder is None and session.legal().roll_by == 1
    rebuilt = Session(HeroScapeGame, book, Journal(session.journal.entries))
    assert rebuilt.holder is None and state(rebuilt.game) == state(session.game)


def test_roll_1_an_old_journal_whose_rolls_name_nobody_restores_as_played():
    """Rolls journalled before they named their roller (``("roll", face)``) are the
    expected roller's: the battle comes out as it was played."""
    live = hexors()
    jl_battle(live)
    old = [Entry(e.target, e.input, e.accepted, e.boot, e.seq) for e in live.journal.entries]
    old += [Entry("game", ("roll", 6), True), Entry("game", ("roll", 1), True)]
    rebuilt = Session(lambda: HexorsGame(variant="jl-beginner", players=2), Book(),
                      Journal(old))
    battle = rebuilt.last.find("battle")
    assert battle is not None and battle["winner"] == UIDS["jl/doomsday"], rebuilt.last


class Seen:
    """The session's plain view model as a presenter reads it, the seats named."""

    def __init__(self, session, players):
        self.game = session.game.view()
        self.legal = session.legal()
        self.last = session.last
        self.players = players
        self.seat = 0
        self.session = session

    def name(self, key):
        return self.session.name(key)


def test_roll_2_the_panel_names_the_roller_by_the_name_the_table_gave():
    from shared_rules.games.heroscape.presenter import HeroScapeScreens
    from shared_rules.games.hexors.presenter import HexorsScreens

    session = hexors()
    jl_battle(session)
    view = HexorsScreens("jl-beginner").view(Seen(session, ("Ana", "Ben")))
    assert view.footer == "Ben: roll the die", view  # P2 attacks (JL-B4)
    guards = card("Zettian Guards", "squad", 2, 4, 7, 2, 7)
    game = HeroScapeGame()
    for inp in (("add", 0, "a", guards), ("add", 1, "b", guards), ("start",)):
        assert game.apply(inp).accepted
    session = Session(HeroScapeGame, Book(), Journal())
    session.game = game
    view = HeroScapeScreens().view(Seen(session, ("Ana", "Ben")))
    assert view.footer == "Ana: roll 5 dice", view  # HS-3: P1's initiative first
