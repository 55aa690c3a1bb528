"""Play waits for the moves JL's Powers order on the table (issue 30, item 4): Escape's
targeted Character "may move back 1 space" (JL-W066) and Wasteland's "place markers on 3
spaces" (JL-W075) change where tiles stand before the next move or battle, so the referee
waits until the Power's player says it is done (their button, or the menu), journalled,
undone and restored like any input. Speed's two spaces (JL-W067) are the turn's own move,
told by tapping the moved tile: nothing more to wait for. A game stored before the
referee waited (started ``("start", first)``) restores as it was played."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import FACE, jl_pair, play, refused_unchanged
from session_parts import Journal, event

from shared_rules.core.session import Entry, Session
from shared_rules.games.hexors.engine import HexorsGame
from shared_rules.games.hexors.presenter import HexorsScreens


class Rich(HexorsGame):
    """Three Stones each from the start, so that undo and replay, which fold the inputs
    again, find them (instead of defeats won)."""

    def _reset(self):
        HexorsGame._reset(self)
        self.stones = [3] * self.n


def waiting(g, moves=("moves",)):
    """The same rosters in a Rich game started as the menu starts it: ("start", first,
    "moves"); ``moves`` () as a game stored before the wait was started."""
    rich = Rich(variant=g.variant, players=g.n)
    rich.replay([inp + moves if inp[0] == "start" else inp for inp in g.inputs])
    return rich


class Seen:
    def __init__(self, g, last):
        self.game = g.view()
        self.legal = g.legal_inputs()
        self.last = last
        self.players = ("Ana", "Ben")
        self.seat = 0
        self.tiles = g.tiles

    def name(self, key):
        return self.tiles[key].name


def escaped():
    """P1's Superman attacks P2's Doomsday; both rolled; P2 plays Escape on Doomsday."""
    g = waiting(jl_pair(powers1=("escape",)))
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"]),
             ("tap", "P1a")])
    return g, play(g, [("tap", "C1")])[0]


def test_jl_w066_escape_waits_until_its_player_says_the_step_back_is_done():
    g, out = escaped()
    assert out.find("battle")["void"] and out.find("moving") == {
        "tile": "C1", "effect": "escape", "player": 1, "rule": "JL-W066"}
    legal = g.legal_inputs()
    assert (legal.actor, legal.expect) == (1, "moved")
    assert legal.choices == [("Doomsday stepped back or stays", ("moved", 1))]
    v = HexorsScreens("jl-collector").view(Seen(g, out))
    assert v.lines == ("Doomsday: back 1 space",) and v.footer == "then Ben presses B", v
    refused_unchanged(g, ("tap", "C2"), "JL-W066")  # the next attack waits
    refused_unchanged(g, ("end",), "JL-W066")
    refused_unchanged(g, ("moved", 0), "JL-W066")  # P2 played Escape: P2 says it
    r = g.apply(("tap", "C2"))
    assert r.message == "Doomsday: back 1 space first" and \
        r.instead == "P2: press your button when done", r
    done = play(g, [("moved", 1)])[0]
    assert done.find("moved") == {"tile": "C1", "player": 1, "effect": "escape"}
    assert g.legal_inputs().expect == "defender" and g.view()["moving"] is None
    refused_unchanged(g, ("moved", 1), "JL-C9")  # nothing is awaited any more


def test_jl_w066_undo_and_replay_bring_the_wait_back_as_it_was():
    g, _out = escaped()
    play(g, [("moved", 1)])
    assert g.undo() == ("moved", 1) and g.legal_inputs().expect == "moved"
    assert g.undo() == ("tap", "C1") and g.legal_inputs().expect != "moved"
    again = Rich(variant="jl-collector", players=2)
    again.replay(g.inputs + [("tap", "C1")])
    assert again.view()["moving"] == {"tile": "C1", "effect": "escape", "player": 1}


def test_jl_w075_wasteland_waits_for_its_three_craters():
    g = waiting(jl_pair(powers0=("wasteland",)))
    out = play(g, [("tap", "P0a")])[0]
    assert out.find("moving")["effect"] == "wasteland"
    assert g.legal_inputs().choices == [("3 craters placed", ("moved", 0))]
    v = HexorsScreens("jl-collector").view(Seen(g, out))
    assert v.lines == ("place 3 craters",) and v.footer == "then Ana presses A", v
    refused_unchanged(g, ("tap", "C0"), "JL-W075")  # no move before the craters
    play(g, [("moved", 0), ("tap", "C0")])


def test_jl_w067_speed_waits_for_nothing_the_moved_tile_is_tapped():
    g = waiting(jl_pair(powers0=("speed",)))
    out = play(g, [("tap", "P0a")])[0]
    assert out.find("moving") is None and g.legal_inputs().expect == "attacker"


def test_jl_w066_a_game_stored_before_the_wait_restores_as_it_was_played():
    g = waiting(jl_pair(powers1=("escape",)), moves=())  # started ("start", 0), as then
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"]),
             ("tap", "P1a"), ("tap", "C1"), ("tap", "C3")])  # the next battle at once
    assert g.view()["moving"] is None


def test_jl_w066_the_players_button_says_the_move_is_done_and_the_journal_keeps_it():
    g, _out = escaped()
    session = Session(lambda: Rich(variant="jl-collector", players=2), None, Journal())
    for inp in g.inputs:
        assert session.apply_entry(Entry("game", inp, True)).accepted, inp
    r = session.on_event(event("BTN", button="A", action="press"))
    assert not r.accepted  # P1's button: not P1's to say
    r = session.on_event(event("BTN", button="B", action="press"))
    assert r.accepted and r.entry.input == ("moved", 1), r
    rebuilt = Session(lambda: Rich(variant="jl-collector", players=2), None,
                      session.journal)
    assert rebuilt.game.view() == session.game.view()
    assert rebuilt.on_press("BACK", "long").accepted  # undo: the wait again
    assert rebuilt.legal().expect == "moved"
