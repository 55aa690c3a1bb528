"""``hexref tiles ...`` and ``hexref enroll`` as a player types them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from rigs.tree import ROOT

from firmware.hub.link import Link
from firmware.sim.hub import FdPort
from host.commands.main import main
from host.storage import tags
from host.storage.registry import Registry, Tile
from host.storage.store import Store
from shared_rules.games.hexors.decisions import COLOURS

CSV = ("uid,entry,owner,green,blue,yellow,red,purple,white,kind,name,colour\n"
       "04A1B2C3D4E501,jl/016,Sam,4,5,6,3,2,7,character,Aquaman,blue\n"
       "04:a1:b2:c3,jl/mars,,,,,,,,,,\n")


def test_tiles_import_list_export_round_trip(tmp_path, capsys):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    (tmp_path / "tiles.csv").write_text(CSV)
    assert main(["tiles", "import", str(tmp_path / "tiles.csv"), "--data", a]) == 0
    assert capsys.readouterr().out.strip() == "2 added, 0 changed, 0 already there"
    assert main(["tiles", "list", "--data", a]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[1].split()[:4] == ["04A1B2C3D4E501", "jl/016", "Aquaman", "Sam"]
    assert listing[2].split()[:3] == ["04A1B2C3", "jl/mars", "Mars"]
    assert listing[-1] == "2 tiles"
    out = tmp_path / "export.json"
    assert main(["tiles", "export", str(out), "--data", a]) == 0
    assert json.loads(out.read_text())["kind"] == "hexref-tiles"
    assert main(["tiles", "import", str(out), "--data", b]) == 0
    capsys.readouterr()
    for fmt in ("json", "csv"):
        assert main(["tiles", "export", "--format", fmt, "--data", a]) == 0
        from_a = capsys.readouterr().out
        assert main(["tiles", "export", "--format", fmt, "--data", b]) == 0
        assert capsys.readouterr().out == from_a


def test_a_bad_import_file_is_refused_whole(tmp_path, capsys):
    data = str(tmp_path / "d")
    bad = tmp_path / "bad.csv"
    bad.write_text(CSV + "04A1B2C3D4E509,jl/nobody,,,,,,,,,,\n")
    assert main(["tiles", "import", str(bad), "--data", data]) == 1
    err = capsys.readouterr().err
    assert "line 4: no tile 'jl/nobody'" in err and "nothing imported" in err
    assert Store(data).tiles() == []
    assert main(["tiles", "import", str(tmp_path / "missing.json"), "--data", data]) == 1
    capsys.readouterr()
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"uid,entry,owner\n04A1B2C3,jl/mars,Ren\xe9e\n")
    assert main(["tiles", "import", str(latin), "--data", data]) == 1
    assert "is not UTF-8 text (byte 0xE9 at offset 36)" in capsys.readouterr().err


def test_tiles_correct_and_forget(tmp_path, capsys):
    data = str(tmp_path / "d")
    Registry.open(data).enroll("04A1B2C3", "jl/superman")
    assert main(["tiles", "correct", "04a1b2c3", "--strike", "green=7,blue=5,red=5,"
                 "purple=4,white=8", "--data", data]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["04a1b2c3: Superman  green 7 blue 5 yellow 6 red 5 purple 4 white 8",
                   "verified"]
    assert main(["tiles", "correct", "04A1B2C3", "--strike", "red=25", "--data", data]) == 1
    assert "red is 25: a strike value is from 0 to 20" in capsys.readouterr().err
    assert Store(data).tile("04A1B2C3").strike["red"] == 5
    assert main(["tiles", "correct", "04A1B2C3", "--data", data]) == 2
    assert main(["tiles", "forget", "04A1B2C3", "--data", data]) == 0
    assert main(["tiles", "forget", "04A1B2C3", "--data", data]) == 1
    assert "hexref tiles revoke 04A1B2C3" in capsys.readouterr().err
    assert Store(data).tiles() == []


def test_tiles_forget_and_revoke_distrust_a_signed_tag(tmp_path, capsys):
    """Issue 13, item 1, through the command line: forgetting an enrolled tile and
    revoking one never enrolled here both make their signed tags unknown tiles."""
    from host.storage import tags

    data = str(tmp_path / "d")
    registry = Registry.open(data)
    registry.enroll("04A1B2C3", "jl/superman")
    signed = {uid: tags.record_for("jl/superman", uid, registry.key)
              for uid in ("04A1B2C3", "04A1B2C4")}
    assert registry.resolve("04A1B2C4", signed["04A1B2C4"]).accepted
    assert main(["tiles", "forget", "04A1B2C3", "--data", data]) == 0
    assert main(["tiles", "revoke", "04:a1:b2:c4", "--data", data]) == 0
    out = capsys.readouterr().out
    assert "forgot 04A1B2C3" in out and "revoked 04:a1:b2:c4" in out
    again = Registry.open(data)
    for uid, record in signed.items():
        assert "revoked" in again.resolve(uid, record).reason


@pytest.mark.system
def test_enroll_on_the_command_line_through_a_hub_on_a_pty(tmp_path):
    """``hexref enroll --entry jl/mars`` against a hub on a pseudo-terminal: the tag is
    tapped, a player button on the hub is held, the hub gets WRITE, writes the tag and
    reads it back; the command stores the tile and says so."""
    master, slave = os.openpty()
    data = tmp_path / "data"
    env = dict(os.environ, GPIOZERO_PIN_FACTORY="mock", HEXREF_DATA=str(data))
    proc = subprocess.Popen(
        [sys.executable, "-m", "host.commands.main", "enroll", "--entry", "jl/mars", "--owner", "Kim",
         "--strike", "green=4,blue=5,yellow=2,red=3,purple=6,white=5",
         "--port", os.ttyname(slave), "--emulate", str(tmp_path / "frames")], cwd=ROOT, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    port = FdPort(master)
    hub = Link(port, "0A1B2C3D", board="test")
    uid, record = "04A1B2C3D4E5F6", ""
    start = time.monotonic()
    hub.start(0)
    hub.send_event(0, "TAP", 0, uid, record)
    held = False
    try:
        while proc.poll() is None and time.monotonic() - start < 30:
            now = int((time.monotonic() - start) * 1000)
            for cmd in hub.poll(now) or ():
                if cmd.kind == "WRITE" and cmd.uid == uid:
                    record = cmd.record
                    hub.send_event(now, "TAP", 0, uid, record)  # the read-back
            if not held and hub.unacked == 0 and now > 300:
                hub.send_event(now, "BTN", "A", "long")
                held = True
            time.sleep(0.005)
    finally:
        if proc.poll() is None:
            proc.kill()
        out, err = proc.communicate()
        os.close(master)
        os.close(slave)
    assert proc.returncode == 0, err
    assert "enrolled %s as jl/mars" % uid in out
    assert "Hold OK to write" in out  # what the panel said, one line per screen
    frames = sorted((tmp_path / "frames").glob("*.png"))
    assert len(frames) == out.count("Enroll a tile") + out.count("Enrolled |") >= 3
    registry = Registry.open(data)
    found = registry.resolve(uid, record)
    assert isinstance(found, Tile) and found.entry["id"] == "jl/mars" and found.owner == "Kim"
    assert found.entry["strike"] == dict(zip(COLOURS, (4, 5, 2, 3, 6, 5), strict=True))
    assert tags.read(record).signature == tags.read(
        tags.record_for("jl/mars", uid, registry.key)).signature
