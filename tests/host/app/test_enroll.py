"""``hexref enroll``: tap, choose, hold OK, WRITE through the hub, confirm by the re-read
TAP, store UID -> entry; nothing stored when anything goes wrong (issue 5)."""
from __future__ import annotations

import pytest
from rigs.enroll_bench import BOOT, KEY, PIN, UID, Bench

from host.app.enroll import (
    DONE,
    FAILED,
    HOLD_S,
    WRITE_TIMEOUT_S,
    WRITING,
    Enrollment,
    choices_for,
)
from host.devices.inputs import OK, Controls
from host.display.screens import text
from host.storage import keys, tags
from host.storage.registry import Registry, Tile
from host.storage.store import Store
from shared_rules.games.hexors.decisions import COLOURS


def test_enroll_with_the_entry_on_the_command_line(tmp_path, factory):
    bench = Bench(tmp_path, factory, entry_id="jl/superman")
    bench.hub.place(1)
    bench.run(0.1)
    assert "Hold OK to write" in bench.job.view().footer
    bench.press("OK", HOLD_S + 0.2)
    assert bench.hub.writes == [(UID, tags.record_for("jl/superman", UID, KEY))]
    assert bench.job.state == DONE and bench.job.finished
    assert bench.job.enrolled == [(UID, "jl/superman")]
    row = bench.registry.store.tile(UID)
    assert row is not None and row.entry == "jl/superman"
    assert row.strike == {"green": 7, "blue": 5, "red": 5, "purple": 4, "white": 8}
    assert bench.registry.resolve(UID, "").entry["verified"] is True
    # The tag now proves itself: trusted by its UID here, by its signature anywhere the
    # collection key is (a second referee restored from backup, before the registry is).
    assert isinstance(bench.registry.resolve(UID, bench.hub.record), Tile)
    elsewhere = Registry(Store(tmp_path / "elsewhere"), KEY)
    found = elsewhere.resolve(UID, bench.hub.record)
    assert isinstance(found, Tile) and found.how == "signature"
    # Every hub event was taken and acknowledged, and a later game will not wait for it.
    assert bench.hub.link.unacked == 0
    assert bench.registry.store.positions() == {BOOT: 2}
    assert bench.registry.store.key_fingerprints() == [keys.fingerprint(KEY)]


def test_enroll_choosing_the_entry_with_the_buttons(tmp_path, factory):
    bench = Bench(tmp_path, factory)
    bench.hub.place(1)
    bench.run(0.1)
    jl = choices_for("jl")
    assert bench.job.view().header_right == "1/%d" % len(jl)
    bench.press("DOWN")
    bench.press("DOWN")
    bench.press("UP")
    bench.press("DOWN")
    menu = text(bench.job.view())
    assert menu[0] == "Enroll a tile  [3/%d]" % len(jl)
    assert menu[2] == "[%s]" % jl[2]["name"]  # the cursor's row: the name players read
    bench.press("OK")
    # Martian Manhunter's strike values are all unknown: read them off the tile.
    assert text(bench.job.view())[:3] == ["Martian Manhunter  [1/6]", "   green  :  ?",
                                          "? ? ? ? ? ?"]
    for value in (5, 4, 6, 6, 3, 5):
        if value >= 5:
            bench.press("UP", 1.0)  # a long press: +5
        for _ in range(value % 5):
            bench.press("UP")
        bench.press("OK")
    assert text(bench.job.view())[1:3] == [jl[2]["name"], "on tag %s" % UID]
    bench.press("BACK")  # back to the last colour, and forward again
    assert bench.job.view().big == ("white", "5")
    bench.press("DOWN")
    bench.press("UP")
    bench.press("OK")
    assert bench.hub.writes == []
    bench.press("OK", HOLD_S + 0.1)
    row = bench.registry.store.tile(UID)
    assert row.entry == jl[2]["id"]
    assert row.strike == dict(zip(COLOURS, (5, 4, 6, 6, 3, 5), strict=True))
    assert [v.lines[0] for v in bench.shown if v.kind == "enroll"][-1] == bench.job.view().lines[0]


def test_no_hold_no_write(tmp_path, factory):
    """Enrolling needs a physical hold: presses, even many, never write a tag."""
    bench = Bench(tmp_path, factory, entry_id="jl/mars")
    bench.hub.place(1)
    bench.run(0.1)
    for _ in range(5):
        bench.press("OK", HOLD_S / 2)
    assert "Hold OK" in bench.job.view().footer
    bench.press("BACK")  # a BACK during a hold resets nothing dangerous either
    assert bench.hub.writes == [] and bench.registry.tiles() == []


def test_contact_bounce_is_not_a_press(factory):
    """Enroll's OK, as the enroller reads it: a 10 ms blip is bounce, a short press is a
    press, and only a hold of HOLD_S is the long press that writes a tag."""
    now = [0.0]
    buttons = Controls({OK: PIN["OK"]}, holds={OK: HOLD_S}, clock=lambda: now[0])
    ok = factory.pin(PIN["OK"])
    events = []
    for t, pressed in ((0.0, True), (0.01, False), (0.5, True), (0.6, False),
                       (1.0, True), (1.0 + HOLD_S / 2, True), (1.0 + HOLD_S, True),
                       (1.1 + HOLD_S, False)):
        now[0] = t
        if pressed:
            ok.drive_low()
        else:
            ok.drive_high()
        events += [(t, p.button, p.action) for p in buttons.events(t)]
    assert events == [(1.0, "OK", "press"), (1.0 + HOLD_S, "OK", "long")]
    buttons.close()


def test_a_held_player_button_on_the_hub_counts_as_the_hold(tmp_path, factory):
    bench = Bench(tmp_path, factory, entry_id="jl/doomsday")
    bench.hub.place(1)
    bench.run(0.1)
    bench.hub.link.send_event(2, "BTN", "A", "long")
    bench.run(0.2)
    assert bench.registry.store.tile(UID).entry == "jl/doomsday"


@pytest.mark.parametrize("trouble", ["lifted", "hub error", "no read-back", "bad read-back"])
def test_nothing_is_stored_when_the_write_is_not_confirmed(tmp_path, factory, trouble):
    bench = Bench(tmp_path, factory, entry_id="jl/superman")
    bench.hub.place(1)
    bench.run(0.1)
    if trouble == "lifted":
        bench.hub.lift_on_write = True
    elif trouble == "hub error":
        bench.hub.fail_writes = True
    elif trouble == "no read-back":
        bench.hub.present = None
    else:
        bench.hub.readback = lambda record: record[:-8] + "30303030"  # a torn write
    bench.press("OK", HOLD_S + 0.1)
    assert len(bench.hub.writes) == 1
    bench.run(WRITE_TIMEOUT_S + 0.5)
    assert bench.job.state == FAILED, bench.job.message
    assert bench.registry.tiles() == []
    view = bench.job.view()
    assert view.kind == "refused" and view.lines[0] == bench.job.message
    assert bench.hub.link.unacked == 0


def test_a_tag_lifted_during_the_write_is_written_when_it_comes_back(tmp_path, factory):
    """The hub keeps the write waiting for its tag (firmware/nfc.py): so does enroll."""
    bench = Bench(tmp_path, factory, entry_id="jl/superman")
    bench.hub.lift_on_write = True
    bench.hub.place(1)
    bench.run(0.1)
    bench.press("OK", HOLD_S + 0.1)
    bench.run(1.0)
    assert bench.job.state == WRITING and bench.registry.tiles() == []
    assert text(bench.job.view())[-1] == \
        "> Put the tag back on the reader: the write is waiting"
    bench.hub.lift_on_write = False
    bench.hub.place(3)
    bench.run(0.1)
    assert bench.job.state == DONE and bench.registry.store.tile(UID).entry == "jl/superman"


def test_a_failed_write_is_tried_again_with_a_hold(tmp_path, factory):
    bench = Bench(tmp_path, factory, entry_id="jl/superman")
    bench.hub.fail_writes = True
    bench.hub.place(1)
    bench.run(0.1)
    bench.press("OK", HOLD_S + 0.1)
    assert bench.job.state == FAILED
    assert text(bench.job.view())[1:] == [
        "The reader could not write the tag: keep it still, hold OK again",
        "> Hold OK: again  BACK: start over"]
    bench.hub.fail_writes = False
    bench.press("OK", HOLD_S + 0.1)
    assert bench.job.state == DONE and len(bench.hub.writes) == 2
    assert bench.registry.store.tile(UID).entry == "jl/superman"


def test_an_unrelated_hub_error_does_not_stop_the_write(tmp_path, factory):
    bench = Bench(tmp_path, factory, entry_id="jl/superman")
    bench.hub.place(1)
    bench.run(0.1)
    job = bench.job  # as if the WRITE were under way
    job.state, job.record, job.deadline = WRITING, "00", bench.t + WRITE_TIMEOUT_S
    bench.hub.link.error("DIE_FAULT", "OSError: 5")
    bench.run(0.1)
    assert bench.job.state == WRITING
    bench.hub.link.error("NO_TAG", "put tag %s on the reader to enroll it" % UID)
    bench.run(0.1)
    assert bench.job.state == FAILED and bench.job.message.startswith("The tag was not on")


def test_a_tag_lifted_before_the_hold_is_not_written(tmp_path, factory):
    bench = Bench(tmp_path, factory, entry_id="jl/superman")
    bench.hub.place(1)
    bench.run(0.1)
    bench.hub.lift(2)
    bench.run(0.1)
    bench.press("OK", HOLD_S + 0.1)
    assert bench.hub.writes == [] and bench.registry.tiles() == []
    assert bench.job.view().footer == "Put the tag back on the reader, then hold OK"
    bench.hub.place(3)  # back on the reader: now the hold writes it
    bench.run(0.1)
    bench.press("OK", HOLD_S + 0.1)
    assert bench.registry.store.tile(UID).entry == "jl/superman"


def test_enroll_refuses_an_unknown_entry_before_any_tag_is_touched(tmp_path):
    registry = Registry(Store(tmp_path), KEY)
    with pytest.raises(ValueError, match="no tile 'jl/nobody'"):
        Enrollment(registry, choices_for("jl"), entry_id="jl/nobody")
    with pytest.raises(ValueError, match="no collection key"):
        Enrollment(Registry(registry.store, None), choices_for("jl"))


def test_enrolling_many_tags_in_a_row(tmp_path, factory):
    bench = Bench(tmp_path, factory, entry_id="jl/mars", again=True)
    for i, uid in enumerate(("04A1B2C3D4E501", "04A1B2C3D4E502", "04A1B2C3")):
        bench.hub.record = ""
        bench.hub.place(10 + i, uid)
        bench.run(0.1)
        bench.press("OK", HOLD_S + 0.1)
        bench.hub.lift(20 + i)
        bench.run(0.1)
    assert [r.uid for r in bench.registry.tiles()] == ["04A1B2C3", "04A1B2C3D4E501",
                                                        "04A1B2C3D4E502"]
    assert not bench.job.finished
    bench.press("BACK")
    assert bench.job.finished


def test_the_cli_enrolls_with_the_buttons_of_the_config(tmp_path, factory):
    """`[buttons]` in the config moves the referee's buttons; `hexref enroll` uses them."""
    from host.commands.main import main

    config = tmp_path / "hexref.toml"
    config.write_text("[buttons]\nup = 5\ndown = 6\nok = 13\nback = 19\n")
    code = main(["enroll", "--entry", "jl/superman", "--config", str(config), "--port",
                 str(tmp_path / "no-hub"), "--data", str(tmp_path / "data")])
    assert code == 1  # no hub on that port: said, nothing enrolled
    used = {info.name for info in factory.pins}  # GPIO5 is the header's pin 29
    assert {"GPIO5", "GPIO6", "GPIO13", "GPIO19"} == used, used


def test_the_cli_enrolls_with_no_gpio_when_told(tmp_path, factory, capsys):
    from host.commands.main import main

    args = ["enroll", "--no-gpio", "--port", str(tmp_path / "no-hub"), "--data",
            str(tmp_path / "data")]
    assert main(args) == 2  # the tile must then be given: nothing to choose it with
    assert "no referee buttons (--no-gpio): give the tile with --entry" in \
        capsys.readouterr().err
    assert main(args + ["--entry", "jl/superman"]) == 1
    assert "hold a player button on the reader hub" in capsys.readouterr().out
    assert not factory.pins  # no pin touched
