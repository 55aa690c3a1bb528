"""The referee session's core (shared_rules/core/session.py), the same code on the Pi and on the
pocket board: a JL Beginner game played from table events and the referee's buttons to its
winner, undo by BACK held, and a session rebuilt by folding its journal that equals the live
one, under CPython and under MicroPython (issue 25, item 1)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from session_parts import UIDS, Book, Journal
from session_parts import event as Event

from shared_rules.core.session import Entry, Session, standing_inputs
from shared_rules.games.hexors.engine import HexorsGame


def tap(entry_id):
    return Event("TAP", uid=UIDS[entry_id], record=entry_id)


def roll(face):
    return Event("DIE", die="FACE", faces=(face,))


def press(button):
    return Event("BTN", button=button, action="press")


def new_game():
    return HexorsGame(variant="jl-beginner", players=2)


def beginner_game():
    """The JL Beginner demo, as events: rosters, P2 first, Superman against Doomsday."""
    return [tap("jl/atlantis"), tap("jl/016"), press("A"),
            tap("jl/mars"), tap("jl/doomsday"), press("B"),
            tap("jl/doomsday"), press("B"),
            tap("jl/016"), tap("jl/doomsday"), roll(3),
            roll(1), roll(6), roll(3), tap("jl/mars"), roll(3), roll(4)]


def play(session, events):
    out = []
    seq = len(session.journal.entries)
    for event in events:
        seq += 1
        event.seq = seq
        out.append(session.on_event(event))
    return out


def test_a_beginner_game_is_played_from_table_events_to_its_winner():
    session = Session(new_game, Book(), Journal())
    reactions = play(session, beginner_game())
    assert reactions[-1].won, [r.result for r in reactions]
    assert session.game.phase == "over" and session.game.winners == [0]
    assert session.name(UIDS["jl/016"]) == "Superman"
    # Every event is journalled, in order, numbered as the table numbered it.
    assert [e.seq for e in session.journal.entries] == list(range(1, 18))


def test_an_unknown_tile_changes_nothing_and_says_to_enroll_it():
    session = Session(new_game, Book(), Journal())
    r = session.on_event(Event("TAP", uid="04FF", record="jl/nobody"))
    assert not r.accepted and "enroll" in r.note
    assert session.journal.entries[-1].row() == ("none", ("TAP", "04FF"), False, "B00T", None)
    assert session.game.tiles == {}


def test_the_wrong_players_button_at_setup_is_refused_with_who_is_tapping():
    session = Session(new_game, Book(), Journal())
    r = session.on_event(press("B"))
    assert not r.accepted and r.note == "P1 is tapping tiles"


def test_back_held_undoes_the_last_input_of_either_kind():
    session = Session(new_game, Book(), Journal())
    play(session, beginner_game()[:3])  # P1's roster, then P1's button: seat 1 taps
    assert session.seat == 1
    r = session.on_press("BACK", "long")
    assert r.accepted and session.seat == 0
    r = session.on_press("BACK", "long")
    assert r.accepted and list(session.game.tiles) == [UIDS["jl/atlantis"]]


def test_the_menu_offers_the_roster_done_and_ok_does_it():
    session = Session(new_game, Book(), Journal(), players=("Red", "Blue"))
    play(session, beginner_game()[:2])
    assert session.on_press("OK", "press").entry is None and session.menu_open
    labels = [label for label, _t, _i in session.menu()]
    assert labels[0] == "Red done"
    r = session.on_press("OK", "press")
    assert r.accepted and session.seat == 1 and not session.menu_open


def test_a_session_rebuilt_from_its_journal_equals_the_live_one():
    """Restore at boot is folding the journal: at every point of the game, with an undo in
    the middle, the rebuilt session holds the same state and answers the next event as the
    live one (docs/DESIGN.md, principle 6)."""
    events = beginner_game()
    live = Session(new_game, Book(), Journal())
    for i, event in enumerate(events):
        event.seq = i + 1
        live.on_event(event)
        if i == 8:
            live.on_press("BACK", "long")
            live.on_event(event)  # tapped again
        rebuilt = Session(new_game, Book(), Journal(live.journal.entries))
        assert rebuilt.game.view() == live.game.view(), i
        assert (rebuilt.seat, rebuilt.players, rebuilt.names) == \
            (live.seat, live.players, live.names), i
        assert repr(rebuilt.last) == repr(live.last), i
    assert rebuilt.restored_winner["players"] == [0]


def test_standing_inputs_resolves_undos():
    e = [Entry("game", ("tap", "A"), True), Entry("referee", ("undo",), True),
         Entry("game", ("tap", "B"), False), Entry("game", ("tap", "C"), True)]
    assert standing_inputs(e) == ([("game", ("tap", "C"))], None)


def test_a_name_with_a_control_character_is_refused_on_both_ports():
    session = Session(new_game, Book(), Journal())
    assert not session.name_seat(0, "Sam\x07").accepted
    assert session.name_seat(0, "Chloé").accepted and session.players[0] == "Chloé"
