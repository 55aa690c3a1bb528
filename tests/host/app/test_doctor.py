"""``hexref doctor`` on made-up machines: every check says OK or what to do."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from rigs.doctor_pi import FakePi, RealHello, checks_of
from rigs.tree import ROOT

from host.app import doctor
from host.app.doctor import FIX, NOTE, OK
from host.common.config import Config, Data, Hub, parse


def test_a_ready_pi_is_all_ok(tmp_path, capsys):
    pi = FakePi()
    checks = checks_of(pi, tmp=tmp_path)
    assert {c.status for c in checks.values()} == {OK}, [c.line() for c in checks.values()]
    assert "/dev/ttyACM0" in checks["hub"].text and "boot 3F2A9C01" in checks["hub"].text
    assert "99-hexref.rules" in checks["hub"].text  # no stable symlink yet
    cfg = Config(data=Data(dir=str(tmp_path)))
    assert doctor.main(cfg, system=pi) == 0
    assert capsys.readouterr().out.strip().endswith("all good")


def test_no_hub_says_plug_it_in_with_a_data_cable(tmp_path):
    pi = FakePi()
    pi.ports = [SimpleNamespace(device="/dev/ttyUSB0", vid=0x10C4, pid=0xEA60)]
    hub = checks_of(pi, tmp=tmp_path)["hub"]
    assert hub.status == FIX
    assert "data cable" in hub.text and "/dev/ttyUSB0 (10C4:EA60)" in hub.text


class SimulatedHubPort:
    """A pseudo-terminal as the hub's USB port, and the real ``System.hub_hello`` on it:
    the device end is the real firmware (``python -m firmware.sim.hub``), or a board that says
    nothing, or one at MicroPython's REPL (the hexref firmware not copied yet)."""

    def __init__(self, tmp_path: Path, hub: str) -> None:
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)
        self.proc = None
        if hub == "firmware":
            script = tmp_path / "script.json"
            script.write_text("[]")
            self.proc = subprocess.Popen([sys.executable, "-m", "firmware.sim.hub", "--fd",
                                          str(self.master), "--script", str(script)],
                                         pass_fds=(self.master,), cwd=ROOT)
        elif hub == "repl":
            threading.Thread(target=self._repl, daemon=True).start()

    def _repl(self) -> None:
        """MicroPython's REPL: it echoes what it is sent and answers with an error."""
        while True:
            try:
                line = os.read(self.master, 256)
                os.write(self.master, line.replace(b"\n", b"\r\n") + b"Traceback (most "
                         b"recent call last):\r\nSyntaxError: invalid syntax\r\n>>> ")
            except OSError:
                return

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        os.close(self.master)
        os.close(self.slave)


def _hub_check(tmp_path, hub: str):
    port = SimulatedHubPort(tmp_path, hub)
    try:
        pi = RealHello()
        pi.paths.add(port.path)
        cfg = Config(hub=Hub(port=port.path), data=Data(dir=str(tmp_path)))
        return port.path, checks_of(pi, cfg)["hub"]
    finally:
        port.close()


@pytest.mark.system
def test_the_real_hello_check_against_the_simulated_hub_firmware(tmp_path):
    path, hub = _hub_check(tmp_path, "firmware")
    assert hub.status == OK, hub.line()
    assert re.search(r"answers: firmware \S+ on sim, boot [0-9A-F]{8}", hub.text), hub.text


@pytest.mark.system
def test_hub_that_does_not_answer_points_at_make_deploy(tmp_path):
    for board, said in (("silent", "the port is open but silent for 2 s"),
                        ("repl", "it sends something but no HELLO within 2 s")):
        path, hub = _hub_check(tmp_path, board)
        assert hub.status == FIX, hub.line()
        assert "Reader not answering: " + said in hub.text, hub.text
        assert "make deploy" in hub.text and "make firmware" not in hub.text


def test_before_the_service_first_starts_its_data_folder_is_not_a_problem(tmp_path,
                                                                          monkeypatch):
    """The README runs doctor as the hexref user before `systemctl enable --now`: systemd
    makes /var/lib/hexref then (StateDirectory), so /var/lib need not be writable. (The
    service's folder is moved under tmp_path: this machine may have a real one.)"""
    service_data = tmp_path / "var" / "lib" / "hexref"
    monkeypatch.setattr(doctor, "SERVICE_DATA", service_data)
    check = doctor.check_database(Config(data=Data(dir=str(service_data))))
    assert check.status == OK and "systemd creates %s" % service_data in check.text


def test_symlink_from_the_udev_rule_is_preferred(tmp_path):
    pi = FakePi()
    pi.paths.add("/dev/hexref-hub")
    hub = checks_of(pi, tmp=tmp_path)["hub"]
    assert hub.status == OK and hub.text.startswith("/dev/hexref-hub (USB 2E8A:0005)")


def test_missing_groups_say_the_usermod_command(tmp_path):
    pi = FakePi()
    pi.member = {"gpio"}
    pi.listed = {"i2c"}
    pi.unusable = {"/dev/ttyACM0"}
    checks = checks_of(pi, tmp=tmp_path)
    assert checks["group dialout"].status == FIX
    assert "sudo usermod -aG dialout pi" in checks["group dialout"].text
    assert "log out and in" in checks["group i2c"].text
    assert checks["group gpio"].status == OK
    assert checks["hub"].status == FIX and "dialout" in checks["hub"].text


def test_as_root_the_service_users_groups_are_what_count(tmp_path):
    pi = FakePi()
    pi.root = True
    pi.member = set()
    pi.service_groups = {"dialout", "gpio"}
    checks = checks_of(pi, tmp=tmp_path)
    assert checks["group dialout"].status == OK and "hexref" in checks["group dialout"].text
    assert checks["group i2c"].status == NOTE
    assert "sudo usermod -aG i2c hexref" in checks["group i2c"].text


def test_not_a_pi_gets_notes_and_fixes_not_a_crash(tmp_path):
    pi = FakePi()
    pi.paths = set()
    pi.groups = set()
    pi.member = set()
    pi.ports = []
    pi.modules = set()
    checks = checks_of(pi, tmp=tmp_path)
    assert checks["group i2c"].status == NOTE
    assert checks["panel"].status == FIX and "raspi-config" in checks["panel"].text
    assert checks["gpio"].status == FIX and "gpiochip" in checks["gpio"].text
    assert checks["hub"].status == FIX


def test_panel_on_the_other_address_is_named(tmp_path):
    pi = FakePi()
    pi.i2c = {0x3D}
    panel = checks_of(pi, tmp=tmp_path)["panel"]
    assert panel.status == FIX and "address = 0x3D" in panel.text
    pi.i2c = set()
    panel = checks_of(pi, tmp=tmp_path)["panel"]
    assert "i2cdetect -y 1" in panel.text


def test_sh1106_and_port_from_config_are_checked(tmp_path):
    pi = FakePi()
    cfg = parse("[panel]\ndriver = 'sh1106'\n[hub]\nport = '/dev/ttyAMA0'\n"
                "[data]\ndir = '%s'\n" % tmp_path, "my.toml")
    checks = {c.name: c for c in doctor.run_checks(cfg, pi)}
    assert checks["panel (sh1106 at 0x3C)"].status == OK
    assert checks["hub"].status == FIX and "/dev/ttyAMA0 (from the config)" in checks["hub"].text
    assert checks["config"].text == "my.toml"


def test_gpio_library_missing_says_how_to_install(tmp_path):
    pi = FakePi()
    pi.modules = set()
    lib = checks_of(pi, tmp=tmp_path)["gpio library"]
    assert lib.status == FIX and "python3-lgpio" in lib.text


def test_database_found_counts_games(tmp_path):
    from host.storage.store import Store

    store = Store(tmp_path)
    store.new_game("jl-beginner", ["P1", "P2"])
    store.close()
    db = checks_of(FakePi(), tmp=tmp_path)["database"]
    assert db.status == OK and "wal mode, 1 game," in db.text


def test_database_that_cannot_be_read_is_reported(tmp_path):
    (tmp_path / "hexref.db").write_bytes(b"this is not sqlite" * 100)
    db = checks_of(FakePi(), tmp=tmp_path)["database"]
    assert db.status == FIX and "Database damaged" in db.text and "hexref restore" in db.text


def test_default_config_and_real_system_run_without_crashing(tmp_path, capsys):
    """On whatever machine runs the tests: every line is OK, FIX or NOTE."""
    cfg = Config(hub=Hub(port="auto"), data=Data(dir=str(tmp_path)))
    code = doctor.main(cfg, talk=False)
    out = capsys.readouterr().out.splitlines()
    assert code in (0, 1)
    assert all(line.split()[0] in (OK, FIX, NOTE) for line in out[:-1])
    assert out[-1] in ("all good",) or out[-1].endswith("to fix")
