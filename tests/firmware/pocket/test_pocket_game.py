"""The pocket referee's game (firmware/pocket/game.py, book.py, screen.py): tiles trusted by
their signature or the registry, a game started and journalled on a file, restored by
folding that file to the same state and the same screen, under CPython and MicroPython
(issue 25, items 1 and 3)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)

from hexors_tiles import ATLANTIS, DOOMSDAY, MARS, SUPERMAN
from pocket_folder import folder as board_folder
from pocket_folder import record as signed
from pocket_folder import screens_of

from firmware.pocket import game, screen
from firmware.pocket.book import Book
from shared_rules.protocol.events import TableEvent

KEY = bytes(range(32))
UIDS = {"jl/atlantis": "04A1B2C3D4E501", "jl/016": "04A1B2C3D4E502",
        "jl/mars": "04A1B2C3D4E511", "jl/doomsday": "04A1B2C3D4E512"}


def record(entry_id, uid, key=KEY):
    return signed(key, entry_id, uid)


def folder(name):
    return board_folder(name, KEY, ("jl",), {"04FF": "jl/mars"},
                        (ATLANTIS, SUPERMAN, MARS, DOOMSDAY))


def Event(kind, seq, **fields):
    return TableEvent(kind, "B00T", seq, die="FACE", action="press", **fields)


def tap(entry_id, seq):
    return Event("TAP", seq, uid=UIDS[entry_id], record=record(entry_id, UIDS[entry_id]))


def test_a_signed_tag_is_trusted_a_copied_one_is_not_and_the_registry_trusts_by_uid():
    book = Book(folder("book") + "/tiles")
    assert book.entry_for(record("jl/016", UIDS["jl/016"]), UIDS["jl/016"])["name"] == \
        "Superman"
    # The same record on another tag, a record signed with another key: not trusted.
    assert book.entry_for(record("jl/016", UIDS["jl/016"]), UIDS["jl/mars"]) is None
    assert book.entry_for(record("jl/016", UIDS["jl/016"], bytes(32)), UIDS["jl/016"]) is None
    assert book.entry_for("", "04FF")["name"] == "Mars"  # in the registry: its UID says
    assert book.entry_for("ZZ", UIDS["jl/016"]) is None
    assert book.entry_for("", "04FE") is None  # neither signed nor in the registry



def test_a_tile_tapped_again_is_not_read_again_but_a_tag_enrolled_again_is_checked_again():
    import os

    root = folder("book-kept") + "/tiles"
    book = Book(root)
    superman = record("jl/016", UIDS["jl/016"])
    assert book.entry_for(superman, UIDS["jl/016"])["name"] == "Superman"
    # Its file gone (it is read once, not at each tap): the tile is still Superman.
    os.remove(root + "/jl/016.json")
    assert book.entry_for(superman, UIDS["jl/016"])["name"] == "Superman"
    # The same tag enrolled again as Mars: its new record is checked, not the one kept.
    assert book.entry_for(record("jl/mars", UIDS["jl/016"]), UIDS["jl/016"])["name"] == "Mars"
    # ... and signed with another key, not trusted, whatever was kept for its UID.
    assert book.entry_for(record("jl/016", UIDS["jl/016"], bytes(32)), UIDS["jl/016"]) is None
    # More tiles than it keeps: each still the one its record names.
    for n in range(Book.KEPT + 2):
        uid = "04A1B2C3D4E5%02X" % (0x40 + n)
        assert book.entry_for(record("jl/mars", uid), uid)["name"] == "Mars"
    assert book.entry_for(record("jl/doomsday", UIDS["jl/doomsday"]),
                          UIDS["jl/doomsday"])["name"] == "Doomsday"


def test_the_tiles_a_restored_game_holds_are_checked_by_their_signature_alone():
    """After a restore (Pocket.restore: ``hold``), a tile the journal holds, tapped again,
    is trusted by its signature, its entry the journal's (its file is not read); a copied
    or forged tag is still refused, and a tag enrolled again as another tile is read."""
    import os

    root = folder("book-held") + "/tiles"
    book = Book(root)
    held = dict(book.entry_for(record("jl/016", UIDS["jl/016"]), UIDS["jl/016"]))
    held["name"] = "Superman (journalled)"
    restored = Book(root)
    restored.hold([("game", ("add", 0, UIDS["jl/016"], held)), ("game", ("start", 0))])
    os.remove(root + "/jl/016.json")
    superman = record("jl/016", UIDS["jl/016"])
    assert restored.entry_for(record("jl/016", UIDS["jl/016"], bytes(32)),
                              UIDS["jl/016"]) is None
    assert restored.entry_for(superman, UIDS["jl/mars"]) is None
    assert restored.entry_for(superman, UIDS["jl/016"])["name"] == "Superman (journalled)"
    assert restored.entry_for(superman, UIDS["jl/016"])["name"] == "Superman (journalled)"
    assert restored.entry_for(record("jl/mars", UIDS["jl/016"]), UIDS["jl/016"])["name"] == \
        "Mars"


def test_a_game_restored_from_its_file_is_the_live_one_and_shows_the_same_screen():
    root = folder("game")
    book = Book(root + "/tiles")
    live = game.start(root, "jl-beginner", 2, book)
    events = [tap("jl/atlantis", 1), tap("jl/016", 2), Event("BTN", 3, button="A"),
              tap("jl/mars", 4), tap("jl/doomsday", 5), Event("BTN", 6, button="B"),
              tap("jl/doomsday", 7), Event("BTN", 8, button="B"), tap("jl/016", 9),
              tap("jl/doomsday", 10), Event("DIE", 11, faces=(3,))]
    screens = screens_of("jl-beginner")
    for event in events:
        reaction = live.session.on_event(event)
        assert reaction.entry is not None
        live.journal.close()  # as a power cut leaves it: only what was flushed
        again = game.saved(root, book)
        assert again.variant == "jl-beginner"
        assert again.session.game.view() == live.session.game.view(), event.seq
        assert screen.game(screens, again.session) == screen.game(screens, live.session)
    assert again.session.journal.count == len(again.session.journal.entries) == len(events)
    shown = screen.game(screens, live.session)
    assert shown.kind == "battle" and shown.big[0] != "?"


def test_a_new_game_starts_empty_and_a_refusal_is_what_the_panel_shows():
    root = folder("new")
    book = Book(root + "/tiles")
    first = game.start(root, "jl-beginner", 2, book)
    first.session.on_event(tap("jl/atlantis", 1))
    first.journal.close()
    second = game.start(root, "jl-collector", 2, book)
    assert second.session.journal.entries == [] and second.session.game.tiles == {}
    reaction = second.session.on_event(Event("DIE", 1, faces=(4,)))
    shown = screen.game(screens_of("jl-collector"), second.session, reaction)
    assert not reaction.accepted and shown.kind == "refused"
    assert game.saved(root, book).variant == "jl-collector"


def test_what_may_happen_now_is_the_engines_own_answer_after_each_input_and_undo():
    # The pocket keeps the engine's legal inputs between two changes (game.remembered):
    # after each input taken, refused or undone, they are what a fresh engine that took
    # the same inputs says (a kept answer that outlived a change would differ).
    from shared_rules import games

    root = folder("remembered")
    book = Book(root + "/tiles")
    live = game.start(root, "jl-beginner", 2, book)
    descriptor, kind = games.find("jl-beginner", None)
    seats = descriptor.seats(2)
    events = [tap("jl/atlantis", 1), tap("jl/016", 2), Event("BTN", 3, button="A"),
              tap("jl/mars", 4), "undo", tap("jl/mars", 5), tap("jl/doomsday", 6),
              Event("BTN", 7, button="B"), Event("DIE", 8, faces=(4,)),
              tap("jl/doomsday", 9), Event("BTN", 10, button="B"), "undo", "undo",
              Event("BTN", 11, button="B"), tap("jl/016", 12), tap("jl/doomsday", 13),
              Event("DIE", 14, faces=(3,))]
    kinds = []
    for event in events:
        if event == "undo":
            live.session.on_press("BACK", "long")
        else:
            live.session.on_event(event)
        kinds.append(live.session.legal().expect)
        fresh = descriptor.engine(kind, seats)
        fresh.replay(list(live.session.game.inputs))
        assert repr(live.session.legal()) == repr(fresh.legal_inputs()), event
    assert len(set(kinds)) > 2, kinds  # the game went through several kinds of moment
