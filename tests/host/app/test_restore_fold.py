"""Restoring a game costs one fold, however many undos its journal holds (DESIGN.md
principle 6), and leaves the session as play left it: the same game, seat, last outcome
and screen."""
from __future__ import annotations

from rigs.referee_table import Table, text

from host.app.demo import rehearse
from host.games.descriptor import game as kind_of
from host.session.adapter import Referee
from host.storage.journal import Entry, MemoryJournal
from shared_rules.core.session import standing_inputs
from shared_rules.games.hexors.engine import HexorsGame


class CountingGame(HexorsGame):
    """A Hexors engine that counts every input it is asked to apply and every reset."""

    applied = 0
    resets = 0

    def _reset(self):
        CountingGame.resets += 1
        super()._reset()

    def _apply(self, inp):
        CountingGame.applied += 1
        return super()._apply(inp)


def rebuilt(t: Table) -> Referee:
    journal = MemoryJournal()
    journal.entries = list(t.journal.entries)
    CountingGame.applied = CountingGame.resets = 0
    return Referee(lambda: CountingGame(variant=t.variant, players=2), t.ref.book,
                   None, journal)


def played_with_undos() -> Table:
    """A Beginner game (P2 moves first) with an undo after almost every step, and two
    undos in a row."""
    t = Table()
    t.setup()
    for _ in range(5):
        assert t.tap("jl/doomsday").accepted
        assert t.ref.on_press("BACK", "long").accepted
    for step in (lambda: t.tap("jl/doomsday"), lambda: t.tap("jl/superman"),
                 lambda: t.roll(3)):
        assert step().accepted
    assert t.ref.on_press("BACK", "long").accepted
    assert t.ref.on_press("BACK", "long").accepted
    assert t.tap("jl/superman").accepted and t.roll(6).accepted
    return t


def same_session(live: Referee, again: Referee, presenter=None) -> None:
    assert again.game.inputs == live.game.inputs
    assert again.applied == live.applied and again.seat == live.seat
    assert repr(again.last) == repr(live.last)
    presenter = presenter or kind_of(live.game.variant).presenter()
    assert text(presenter.screen(again.seen())) == text(presenter.screen(live.seen()))


def test_restore_folds_each_standing_input_once_whatever_the_undos():
    t = played_with_undos()
    undos = sum(1 for e in t.journal.entries if e.input == ("undo",) and e.accepted)
    assert undos == 7
    again = rebuilt(t)
    kept, _ = standing_inputs(t.journal.entries)
    assert CountingGame.resets == 1                       # one fold, no refold per undo
    assert CountingGame.applied == sum(1 for target, _ in kept if target == "game")
    same_session(t.ref, again)


def test_restore_after_an_undo_or_a_refusal_shows_what_play_showed():
    t = played_with_undos()
    t.ref.on_press("BACK", "long")                       # the journal ends on an undo
    assert t.journal.entries[-1].input == ("undo",)
    same_session(t.ref, rebuilt(t))
    assert not t.tap("jl/atlantis").accepted             # ends on a refused input
    same_session(t.ref, rebuilt(t))
    t.event("GONE", 0, "04000001")                       # and on an event that is no input
    same_session(t.ref, rebuilt(t))


def test_restored_winner_comes_from_the_restore_fold():
    """Every demo game played to its winner: a referee rebuilt from its journal knows the
    winner from its one fold (run.py finishes such a game without folding again), and one
    rebuilt from all but the winning input knows none."""
    from host.app.demo import rigs

    for variant in ("jl-beginner", "jl-collector", "heroscape", "hexo", "invocations"):
        live, _ = rehearse(variant)
        winner = live.last.find("winner")
        assert winner is not None, variant
        rig = rigs()[variant]
        journal = MemoryJournal()
        journal.entries = list(live.journal.entries)
        again = Referee(rig.new_game, live.book, rig.hooks(), journal, rig.players)
        assert again.restored_winner == winner, variant
        same_session(live, again, rig.presenter())
        last_win = max(i for i, e in enumerate(journal.entries) if e.accepted)
        journal.entries = journal.entries[:last_win]
        before = Referee(rig.new_game, live.book, rig.hooks(), journal, rig.players)
        assert before.restored_winner is None, variant


def test_standing_inputs_resolves_undos_of_either_kind():
    e = [Entry("game", ("add", 0, "A"), True), Entry("referee", ("seat", 1), True),
         Entry("referee", ("undo",), True), Entry("referee", ("undo",), True),
         Entry("referee", ("undo",), False), Entry("game", ("add", 0, "B"), True)]
    assert standing_inputs(e) == ([("game", ("add", 0, "B"))], None)
    assert standing_inputs(e[:4]) == ([], ("game", ("add", 0, "A")))
