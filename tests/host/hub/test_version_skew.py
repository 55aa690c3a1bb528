"""A hub and a referee of different protocol versions: a message, not a storm (issue 22,
item 3).

The hub is the real firmware (``firmware.sim.hub``: hub loop, link, NFC stack on the PN532
twin) made one protocol version newer, as a future release would be: protocol 3, firmware
0.4.0 and one more HELLO field. Before, the host could not read its HELLO, PINGed at each
event, and the hub answered each PING with HELLO and a resend of its whole ring: 13,203
HELLOs and 326,944 resends in 15 s, the panel flickering between "Reader disconnected"
and the menu. Now the host reads the version from the HELLO's first fields, says on the
panel, in the log (once) and in doctor which side to update, and stops; the hub, told
the host's version (``HOST 2``), stops resending and keeps its events; a referee of the
hub's version later takes every one of them, in order.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rigs.host_port import HostPort
from rigs.process_table import (
    ROOT,
    Cable,
    last_frame,
    new_table,
    stop,
    wait_for,
)

from host.devices.panel import render
from host.display import screens
from host.games.hexors.demo import UIDS
from host.storage.store import Store
from shared_rules.protocol import codec as protocol

# Protocol 3 as a later hexref might define it: today's HELLO plus one field.
NEWER = """
from shared_rules.protocol import codec as protocol
protocol.VERSION = 3
protocol.FIELDS["HELLO"] = protocol.FIELDS["HELLO"] + (("extra", protocol.INT, 65535),)
"""

HUB = NEWER + """
import sys
from firmware.hub import link

COUNTS = sys.argv.pop()
counts = {"hello": 0, "resent": 0}


def _count(what, n=1):
    counts[what] += n
    with open(COUNTS, "w") as f:
        f.write("%d %d" % (counts["hello"], counts["resent"]))


def hello(self):
    _count("hello")
    self._write(protocol.message("HELLO", 0, protocol.VERSION, "0.4.0", self.board,
                                 self.boot_id, self.caps, self.acked, 7))


resend_all = link.Link._resend_all


def counted_resend(self, now):
    _count("resent", self.next_seq - 1 - self.acked)
    resend_all(self, now)


link.Link.hello = hello
link.Link._resend_all = counted_resend
import runpy
runpy.run_module("firmware.sim.hub", run_name="__main__")
"""

HOST = NEWER + """
import sys
from host.commands.main import main
sys.argv[0] = "hexref"
sys.exit(main())
"""


def _hub(cable: Cable, steps: list[dict], tmp: Path) -> tuple[subprocess.Popen, Path]:
    script = tmp / "script.json"
    script.write_text(json.dumps(steps))
    counts = tmp / "counts"
    master = cable.take_master()
    hub = subprocess.Popen([sys.executable, "-c", HUB, "--fd", str(master), "--script",
                            str(script), str(counts)], pass_fds=(master,), cwd=ROOT)
    import os

    os.close(master)
    return hub, counts


def _host(code: str | None, config: Path, frames: Path) -> subprocess.Popen:
    head = ["-c", code] if code else ["-m", "host.commands.main"]
    return subprocess.Popen([sys.executable, *head, "run", "--config", str(config),
                             "--emulate", str(frames), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _counts(path: Path) -> tuple[int, int]:
    try:
        hello, resent = path.read_text().split()
        return int(hello), int(resent)
    except (OSError, ValueError):
        return 0, 0


def _rows(data: Path, game_id: int) -> list:
    with Store(data) as store:
        return [(e.boot, e.seq) for e in store.journal(game_id).entries]


@pytest.mark.system
def test_a_newer_hub_is_named_on_the_panel_and_keeps_its_events(tmp_path):
    cable = Cable(tmp_path / "hexref-hub")
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    uids = list(UIDS.values())[:3]
    steps = []
    for uid in uids:  # three tiles placed and lifted: six events
        steps += [{"after": 400, "do": "place", "uid": uid, "record": ""},
                  {"after": 300, "do": "lift"}]
    hub, counts = _hub(cable, steps, tmp_path)
    host = again = None
    try:
        host = _host(None, config, tmp_path / "frames")
        want = render(screens.version_skew("0.4.0", True)).convert("1").tobytes()
        assert wait_for(lambda: last_frame(tmp_path / "frames") == want, 20), \
            "the panel never said the reader is newer"
        settled = _counts(counts)
        time.sleep(5)
        hellos, resent = _counts(counts)
        # Before: thousands of each. Now: the HELLO at boot and the one per PING/HOST.
        assert hellos - settled[0] <= 2 and resent - settled[1] == 0, (settled, hellos, resent)
        assert hellos <= 5 and resent <= 12, (hellos, resent)
        assert host.poll() is None and _rows(data, game_id) == []
        doctor = subprocess.run([sys.executable, "-m", "host.commands.main", "doctor",
                                 "--config", str(config)], cwd=ROOT, capture_output=True,
                                text=True, timeout=60)
        line = next(x for x in doctor.stdout.splitlines() if x.split()[1:2] == ["hub:"])
        assert line.startswith("FIX") and "Reader firmware 0.4.0 (protocol 3) is newer " \
            "than this referee (protocol 2): update hexref" in line, line
        stop(host)
        err = host.stderr.read()
        said = [x for x in err.splitlines() if "is newer than this referee" in x]
        assert len(said) == 1 and "update hexref" in said[0], err
        assert "Traceback" not in err
        # hexref updated to the hub's version: every event the hub kept is taken, once.
        again = _host(HOST, config, tmp_path / "frames2")
        assert wait_for(lambda: len(_rows(data, game_id)) >= 6, 30), _rows(data, game_id)
        time.sleep(1)
        rows = _rows(data, game_id)
        assert [seq for _boot, seq in rows] == [1, 2, 3, 4, 5, 6]
    finally:
        stop(again, host, hub)
        cable.close()
    assert protocol.VERSION == 2  # this process still speaks today's version


def test_an_older_hub_is_told_to_update(tmp_path):
    """The same firmware one version older (protocol 1's HELLO has no ``acked``)."""
    from host.hub.link import HubLink

    hello = b"0 HELLO 1 0.0.9 pico 0A1B2C3D nfc"
    tap = protocol.encode_line(protocol.message("TAP", 1, 0, "04A1B2C3D4E5F6", ""))
    line = hello + b" *%04X\n" % protocol.crc16(hello)
    port = HostPort(b"".join([line] + [tap] * 50))
    link = HubLink(port)
    assert link.read() == [] and link.read() == []
    assert link.skew is not None and not link.skew.newer and link.skew.firmware == "0.0.9"
    assert not any(b"PING" in w for w in port.written)  # no storm of questions


class _Wire:
    """The hub's side of a cable nobody has open: what it writes is kept, nothing read."""

    def __init__(self):
        self.out = bytearray()
        self.incoming = b""

    def read(self, n):
        data, self.incoming = self.incoming[:n], self.incoming[n:]
        return data or None

    def write(self, data):
        self.out.extend(data)


def test_ring_overflows_while_nobody_listens_are_said_to_the_next_host():
    """40 events into the real firmware link's 32-slot ring with no host: when a host
    opens the port (HOST, PING) the hub says RING_FULL with the count, then HELLO whose
    acked covers the 8 dropped; and a host of another version makes it keep quiet."""
    from firmware.hub.link import Link
    from host.hub.link import HubLink

    wire = _Wire()
    hub = Link(wire, "0A1B2C3D", slots=32)
    hub.start(0)
    for i in range(40):
        hub.send_event(10 * i, "BTN", "A", "press")
    assert hub.dropped == 8
    wire.out.clear()  # written while nobody listened
    wire.incoming = protocol.encode_line(protocol.message("HOST", 0, 2)) + \
        protocol.encode_line(protocol.message("PING", 0))
    hub.poll(1000)
    lines = bytes(wire.out).splitlines()
    assert lines[0].startswith(b"0 ERR RING_FULL 8%20events%20dropped")
    assert lines[1].startswith(b"0 HELLO 2 ") and b" 8 *" in lines[1]
    host = HubLink(None)

    host.port = HostPort(bytes(wire.out))
    taken = host.read()
    assert [c for c, _t in host.stats.hub_errors] == ["RING_FULL"]
    assert host.behind is not None and host.behind.acked == 8
    assert taken == []  # behind: the players choose (the journal lacks 1-8)
    # A host of protocol 3 says so: the hub keeps its 32 events and sends nothing more.
    wire.out.clear()
    wire.incoming = protocol.encode_line(protocol.message("HOST", 0, 3))
    hub.poll(2000)
    assert bytes(wire.out).startswith(b"0 ERR VERSION hub%20speaks%20protocol%202,%20host%203")
    wire.out.clear()
    hub.send_event(2100, "BTN", "B", "press")
    hub.poll(5000)
    assert b"BTN" not in bytes(wire.out) and hub.unacked == 32


def test_doctor_without_a_running_referee_names_a_newer_hub(tmp_path):
    """``hexref doctor`` opening the port itself: the same sentence as the log's."""
    import os

    from rigs.doctor_pi import RealHello, checks_of

    from host.common.config import Config, Data, Hub

    master, slave = os.openpty()
    script = tmp_path / "script.json"
    script.write_text("[]")
    hub = subprocess.Popen([sys.executable, "-c", HUB, "--fd", str(master), "--script",
                            str(script), str(tmp_path / "counts")], pass_fds=(master,),
                           cwd=ROOT)
    try:
        pi = RealHello()
        path = os.ttyname(slave)
        pi.paths.add(path)
        cfg = Config(hub=Hub(port=path), data=Data(dir=str(tmp_path)))
        check = checks_of(pi, cfg)["hub"]
    finally:
        hub.terminate()
        hub.wait(timeout=10)
        os.close(master)
        os.close(slave)
    assert check.status == "FIX" and "Reader firmware 0.4.0 (protocol 3) is newer than " \
        "this referee (protocol 2): update hexref" in check.text, check.line()


def test_a_hello_of_another_version_with_todays_fields_is_not_taken_silently():
    """Before, protocol 3 or 65535 with today's fields decoded and was taken as ours."""
    from host.hub.link import HubLink

    for proto in (3, 65535, 1):
        link = HubLink(None)
        link._take(protocol.encode_line(protocol.message(
            "HELLO", 0, proto, "9.9.9", "pico", "0A1B2C3D", ("nfc",), 0)).rstrip(b"\n"))
        assert link.skew is not None and link.skew.proto == proto and link.hub is None
        assert link.skew.newer == (proto > protocol.VERSION)
