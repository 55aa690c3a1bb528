"""The voice from the game menu (issue 34, item 2): ``hexref run``'s loop on the app table
(the real firmware link on a pty, mock pins, luma's dummy panel), its voice espeak-ng
playing on ALSA's null PCM. The menu's last line says the volume; each OK steps it up,
then off; the choice is kept over a restart; a result is said (and written down) while
the voice is on, not once it is off."""
from __future__ import annotations

import pytest
from rigs.app_table import Table

from host.app.speaker import Speaker
from host.devices.voice import Espeak, Player
from host.display import layout
from host.session.adapter import Reaction
from shared_rules.core.engine import Outcome

pytestmark = pytest.mark.system  # espeak-ng and aplay run

UP, OK = 17, 22


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path)
    yield t
    t.close()


def voiced(table: Table, tmp_path) -> Speaker:
    speaker = Speaker(Espeak(), Player("null"), None, archive=tmp_path / "voice")
    table.app.use_voice(speaker, 80)
    return speaker


def shown(table: Table) -> str:
    return " | ".join(layout.shown(table.view))


def test_the_menu_steps_the_volume_then_off_and_a_restart_keeps_it(table, tmp_path):
    speaker = voiced(table, tmp_path)
    table.step(10)
    table.press(UP)  # from the first line to the last: the voice
    assert "Voice: 80%" in shown(table)
    table.press(OK)
    assert "Voice: 100%" in shown(table) and speaker.volume == 100
    table.press(OK)
    assert "Voice: off" in shown(table)
    table.press(OK)
    assert "Voice: 25%" in shown(table) and speaker.volume == 25
    table.press(OK)
    table.press(OK)
    table.press(OK)
    table.press(OK)  # 50, 75, 100, off
    assert "Voice: off" in shown(table)
    table.app.close()
    table.app = table.new_app()
    voiced(table, tmp_path)  # the config says 80; the menu's last choice wins
    table.step(10)
    table.press(UP)
    assert "Voice: off" in shown(table)


def test_a_result_is_said_while_the_voice_is_on_and_not_once_it_is_off(table, tmp_path):
    speaker = voiced(table, tmp_path)
    table.step(10)
    table.press(OK)
    table.press(OK)  # Justice League Hexors, Beginner
    assert table.app.referee is not None
    table.app._react(Reaction(None, Outcome([("turn", {"player": 1})])), table.clock.t)
    assert speaker.drain(60)
    assert [line for line in table.app.transcript if line.startswith("said:")] == \
        ["said: P2, your turn."]
    assert [p.name for p in (tmp_path / "voice").glob("*.wav")] == ["0001.wav"]
    table.app.menu.voice_changed(0)
    table.app.menu.voice = 0
    table.app._react(Reaction(None, Outcome([("turn", {"player": 0})])), table.clock.t)
    assert speaker.drain(60)
    assert sum(line.startswith("said:") for line in table.app.transcript) == 1
    assert speaker.count == 1 and speaker.take_problem() is None
