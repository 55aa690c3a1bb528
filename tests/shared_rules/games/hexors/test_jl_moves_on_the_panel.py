"""The moves a Power orders, said on the panel for the players to make on the table (the
referee cannot see the board): Escape's step back (JL-W066), Speed's two spaces (JL-W067),
Wasteland's craters (JL-W075), and YGO's "a player who cannot move loses" (YG-4)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import FACE, give, jl_pair, play

from shared_rules.games.hexors.presenter import HexorsScreens


class Seen:
    """The session's plain view model, as the presenter reads it."""

    def __init__(self, g, last):
        self.game = g.view()
        self.legal = g.legal_inputs()
        self.last = last
        self.players = ("P1", "P2")
        self.seat = 0
        self.tiles = g.tiles

    def name(self, key):
        return self.tiles[key].name


def shown(g, last, variant="jl-collector"):
    v = HexorsScreens(variant).view(Seen(g, last))
    return [v.header] + list(v.big) + list(v.lines) + [v.footer]


def test_jl_w067_jl_w075_speed_and_wasteland_say_what_to_move():
    """JL-W067: "this turn one Character may move 2 spaces"; JL-W075: three craters."""
    g = jl_pair(powers0=("speed", "wasteland"))
    give(g, 0, 4)
    out = play(g, [("tap", "P0a")])[0]
    assert shown(g, out)[-1] == "may move 2 spaces"
    out = play(g, [("tap", "P0b")])[0]
    assert shown(g, out)[-1] == "place 3 craters"


def test_jl_w066_escape_says_the_targeted_character_may_step_back():
    """JL-W066: Escape voids the battle; "a targeted Character may be moved back 1 space"."""
    g = jl_pair(powers1=("escape",))
    give(g, 1, 1)
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    play(g, [("tap", "P1a")])
    out = play(g, [("tap", "C1")])[0]
    said = shown(g, out)
    assert "Battle called off" in said and said[-1] == "Doomsday: back 1 space", said


def test_yg_4_a_ygo_turn_says_a_player_who_cannot_move_loses():
    """YG-4: a player who cannot move any tile on their turn loses: the turn says so."""
    g = jl_pair()
    assert "who cannot move loses" in shown(g, None, "ygo-collector")
    assert "who cannot move loses" not in shown(g, None, "jl-collector")
