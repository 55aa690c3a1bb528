"""The players' words on the pocket board (issue 25, item 2): each language's compiled
catalogue, packed by host/common/wordpack.py and read by the board's firmware/pocket/
words.py, says every text exactly as the Pi's gettext does: each message, each countable
text at 0, 1, 2 and 5, each name told apart by its game; and a text no catalogue holds
comes back as the code wrote it."""
from __future__ import annotations

import gettext

import pytest
from babel.messages.mofile import read_mo

from firmware.pocket.words import Catalogue
from firmware.pocket.words import key_hash as board_hash
from host.common.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from host.common.translations import path
from host.common.wordpack import key_hash, write_all


@pytest.fixture(scope="module")
def packed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("words")
    write_all(folder)
    return folder


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_says_every_text_of_the_catalogue_as_the_pi(lang, packed):
    pi = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    board = Catalogue(str(packed / ("%s.hxw" % lang)))
    with path(lang, "mo").open("rb") as f:
        messages = [m for m in read_mo(f) if m.id]
    assert len(messages) > 1000
    try:
        for i, m in enumerate(messages):
            if i % 7 == 0:  # its file closed after a screen (issue 31), opened at the next text
                board.rest()
                assert board.file is None
            context = m.context.decode() if isinstance(m.context, bytes) else m.context
            if isinstance(m.id, (list, tuple)):
                for n in (0, 1, 2, 5):
                    assert board.ngettext(m.id[0], m.id[1], n) == \
                        pi.ngettext(m.id[0], m.id[1], n), (m.id, n)
            elif context:
                assert board.pgettext(context, m.id) == pi.pgettext(context, m.id), m.id
            else:
                assert board.gettext(m.id) == pi.gettext(m.id), m.id
        assert board.gettext("No such text, surely") == "No such text, surely"
        assert board.ngettext("%d goblin", "%d goblins", 0) == "%d goblins"
        assert board.pgettext("jl", "Nobody's name") == "Nobody's name"
    finally:
        board.close()


def test_the_french_and_spanish_catalogues_hold_their_words(packed):
    fr = Catalogue(str(packed / "fr.hxw"))
    es = Catalogue(str(packed / "es.hxw"))
    try:
        assert fr.gettext("Choose a game") == "Choisir un jeu"
        assert fr.ngettext("%d input not saved", "%d inputs not saved", 0) == \
            "%d coup non enregistré"  # French: 0 is singular
        assert es.ngettext("%d input not saved", "%d inputs not saved", 0) != \
            es.ngettext("%d input not saved", "%d inputs not saved", 1)
    finally:
        fr.close()
        es.close()


def test_the_board_hashes_as_the_packer():
    for key in (b"", b"Choose a game", "jl\x04Dernière bataille".encode(), bytes(range(256))):
        assert board_hash(key) == key_hash(key) < 1 << 24
