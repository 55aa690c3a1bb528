"""The systemd unit and the udev rule agree with the code that relies on them."""
from __future__ import annotations

import configparser
import re

from rigs.tree import ROOT

from host.app.doctor import GROUPS, SERVICE_USER
from host.common.config import PICO_VID
from host.hub.connection import SYMLINK

DEPLOY = ROOT / "host" / "deploy"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # systemd keys are case-sensitive
    parser.read(DEPLOY / "hexref.service")
    return parser


def test_service_runs_unprivileged_in_the_three_groups():
    service = unit()["Service"]
    assert service["User"] == SERVICE_USER
    assert set(service["SupplementaryGroups"].split()) == set(GROUPS) == \
        {"i2c", "gpio", "dialout", "audio"}
    assert service["Restart"] == "on-failure"
    assert service["ExecStart"].endswith("hexref run")
    assert service["NoNewPrivileges"] == "yes"
    # ProtectSystem=strict leaves only the state directory writable: it must be where the
    # data and the working directory (lgpio's pipes) are.
    assert service["StateDirectory"] == "hexref"
    assert service["WorkingDirectory"] == "/var/lib/hexref"
    assert "Environment=HEXREF_DATA=/var/lib/hexref" in \
        (DEPLOY / "hexref.service").read_text().splitlines()
    assert unit()["Install"]["WantedBy"] == "multi-user.target"


def test_udev_rule_names_the_hub_where_the_connection_looks():
    rules = [line for line in (DEPLOY / "99-hexref.rules").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert len(rules) == 1
    rule = rules[0]
    vid = re.search(r'ATTRS\{idVendor\}=="([0-9a-f]{4})"', rule).group(1)
    assert int(vid, 16) == PICO_VID
    assert 'SYMLINK+="%s"' % SYMLINK.removeprefix("/dev/") in rule
    assert 'GROUP="dialout"' in rule and 'MODE="0660"' in rule


def test_install_steps_use_the_files_that_exist():
    text = (DEPLOY.parent.parent / "README.md").read_text()  # the makers' install steps
    for name in ("hexref.service", "99-hexref.rules"):
        assert "host/deploy/" + name in text
    assert "useradd --system" in text and "dialout,i2c,gpio" in text
    assert "hexref doctor" in text
