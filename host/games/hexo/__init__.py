"""Hexo: La vallée d'Utrisor: engine shared_rules/hexo.py, 2 to 6 players."""
from __future__ import annotations

from host.games.descriptor import Demo, Descriptor, Variant, register


def _engine(v: Variant, seats: tuple[str, ...]):
    from shared_rules.hexo import HexoGame

    return HexoGame(players=list(seats))


def _presenter(v: Variant):
    from host.games.hexo.presenter import HexoView

    return HexoView()


def _demo() -> Demo:
    from host.games.hexo.demo import HX_PLAYERS, hexo_entries, hexo_script

    return Demo(hexo_entries, hexo_script, HX_PLAYERS)


register(Descriptor(
    "Hexo", "Hexo", "hx", (Variant("hexo", "", (2, 3, 4, 5, 6)),),
    _engine, _presenter, demos={"hexo": _demo}))
