"""HeroScape (basic rules): engine shared_rules/heroscape.py, dice rolled per die or virtual."""
from __future__ import annotations

from host.common.i18n import N_
from host.games.descriptor import Demo, Descriptor, Variant, register


def _engine(v: Variant, seats: tuple[str, ...]):
    from shared_rules.heroscape import HeroScapeGame

    return HeroScapeGame(dice=v.options["dice"])


def _presenter(v: Variant):
    from host.games.heroscape.presenter import HeroScapeView

    return HeroScapeView(v.options["dice"])


def _hooks(v: Variant):
    from host.games.heroscape.hooks import HeroScapeHooks

    return HeroScapeHooks(v.options["dice"])


def _demo() -> Demo:
    from host.games.heroscape.demo import heroscape_entries, heroscape_script

    return Demo(heroscape_entries, heroscape_script)


def _odds(parsers) -> None:
    from host.games.heroscape.odds import add_heroscape_odds

    add_heroscape_odds(parsers)


register(Descriptor(
    "HeroScape", "HeroScape", "hs",
    (Variant("heroscape", N_("Die rolled per die"), (2,), {"dice": "physical"}),
     Variant("heroscape-virtual", N_("Virtual dice"), (2,), {"dice": "virtual"})),
    _engine, _presenter, _hooks, demos={"heroscape": _demo}, odds=_odds))
