"""The machines ``hexref doctor`` is tried on: a made-up Raspberry Pi whose every answer a
test can change (FakePi), the same with the real serial check of the hub (RealHello), and
the checks run on one of them (checks_of)."""
from __future__ import annotations

from types import SimpleNamespace

from host.app import doctor
from host.app.doctor import System
from host.common.config import Config, Data
from host.common.i18n import _


class FakePi(System):
    """A Raspberry Pi as the checks see it; every answer can be changed by a test."""

    def __init__(self) -> None:
        self.paths = {"/dev/i2c-1", "/dev/gpiochip0", "/dev/gpiochip4", "/dev/ttyACM0"}
        self.unusable: set[str] = set()
        self.groups = {"dialout", "i2c", "gpio", "audio"}
        self.member = {"dialout", "i2c", "gpio", "audio"}
        self.listed: set[str] = set()
        self.root = False
        self.service_groups: set[str] = set()
        self.ports = [SimpleNamespace(device="/dev/ttyACM0", vid=0x2E8A, pid=0x0005)]
        self.i2c = {0x3C}
        self.modules = {"lgpio"}
        self.hello = "answers: firmware 0.1.0 on pico, boot 3F2A9C01"

    def exists(self, path):
        return path in self.paths

    def glob(self, pattern):
        prefix = pattern.rstrip("*")
        return sorted(p for p in self.paths if p.startswith(prefix))

    def can_use(self, path):
        return path in self.paths and path not in self.unusable

    def comports(self):
        return self.ports

    def user(self):
        return "pi"

    def group_exists(self, name):
        return name in self.groups

    def in_group(self, name):
        return name in self.member

    def listed_in_group(self, name, user=None):
        return name in self.listed if user is None else name in self.service_groups

    def is_root(self):
        return self.root

    def has_module(self, name):
        return name in self.modules

    def i2c_probe(self, port, address):
        # What System.i2c_probe says of a bus that does not answer, in the table's language.
        return None if address in self.i2c else _("no answer at 0x%(address)02X (%(why)s)") % {
            "address": address, "why": "ENXIO"}

    def hub_hello(self, path, baud=115200, timeout_s=2.0):
        return self.hello


def checks_of(system, cfg=None, tmp=None):
    cfg = cfg or Config(data=Data(dir=str(tmp)))
    return {c.name.split(" (")[0]: c for c in doctor.run_checks(cfg, system)}


class RealHello(FakePi):
    """The made-up Pi, with the real serial check of the hub."""

    hub_hello = System.hub_hello
