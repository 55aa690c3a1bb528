"""The panel width check in every language (issue 15): every text of every screen of every
demo game fits the 128x64 panel in French and Spanish as in English, drawn whole in its
pixel font with every number kept (a total, a score, the instruction of the moment), by
host/display/layout.py's own measure (``layout.overflow``, as tests/host/display/test_panel_widths.py uses it
for the demo's frames). The screens are those the referee shows, messages included, as
the demo games are played straight into it (host/demo_games.rehearse)."""
from __future__ import annotations

import pytest

from host.app.demo import rehearse, rigs
from host.common.i18n import LANGUAGES, speaking
from host.display import layout, screens


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(rigs()))
def test_every_screen_of_every_demo_game_fits_in_each_language(variant: str, lang: str):
    views: list = []
    with speaking(lang):
        rehearse(variant, on_view=views.append)
        assert len(views) > 10, "%s drew only %d screens" % (variant, len(views))
        problems = sorted({"%s (screen %r)" % (p, screens.text(v)[0])
                           for v in views for p in layout.overflow(v)})
    assert not problems, "%s in %s:\n%s" % (variant, lang, "\n".join(problems))
