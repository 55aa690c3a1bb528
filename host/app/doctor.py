"""``hexref doctor``: what is plugged in, what is missing, and what to do about it.

Each check prints one line: ``OK`` and what it found, or ``FIX`` and the command or the
wire that would make it OK (``NOTE`` for what is fine but worth knowing). The checks look
at the machine through ``System``, so the tests can hand them a made-up Pi.

    $ hexref doctor
    OK    config: defaults (no config file)
    OK    hub: /dev/hexref-hub (USB 2E8A:0005), answers: firmware 0.1.0 on pico, boot 3F2A9C01
    FIX   panel: /dev/i2c-1 missing: enable I2C: sudo raspi-config nonint do_i2c 0, then reboot
    ...
"""
from __future__ import annotations

import glob
import grp
import importlib.util
import os
import pwd
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from host.common import access
from host.common import config as config_mod
from host.common.i18n import N_, _, n_, number
from host.hub.connection import SYMLINK, find_hub_port

OK, FIX, NOTE = "OK", "FIX", "NOTE"
# What a line starts with, in the table's language (the codes stay the tests' keys).
STATUS = {OK: N_("OK"), FIX: N_("FIX"), NOTE: N_("NOTE")}
# What each check is called on its line (its ``name`` stays the key).
NAMES = {"config": N_("config"), "hub": N_("hub"), "gpio": N_("gpio"),
         "gpio library": N_("gpio library"), "database": N_("database")}
SERVICE_USER = "hexref"  # host/deploy/hexref.service
GROUPS = {"dialout": N_("the hub's serial port"), "i2c": N_("the panel's I2C bus"),
          "gpio": N_("the buttons and buzzer"), "audio": N_("the sound card (the voice)")}


def _answers() -> str:
    """How the line of a hub that answered begins (what it said follows)."""
    return _("answers: ")


@dataclass
class Check:
    name: str
    status: str  # OK, FIX or NOTE
    text: str

    def line(self) -> str:
        status = _(STATUS[self.status])
        if self.name in NAMES:
            name = _(NAMES[self.name])
        elif self.name.startswith("group "):
            name = _("group %s") % self.name[6:]
        else:
            name = self.name  # the panel's, already said in the table's language
        width = max([5] + [len(_(word)) for word in STATUS.values()])  # one column a language
        return "%-*s %s" % (width, status, _("%(check)s: %(found)s")
                             % {"check": name, "found": self.text})


class System:
    """The real machine. Tests replace it with a fake that answers the same questions."""

    last_hello = None  # the HELLO hub_hello heard (a protocol.Message)

    def exists(self, path: str) -> bool:
        return os.path.exists(path)

    def glob(self, pattern: str) -> list[str]:
        return sorted(glob.glob(pattern))

    def can_use(self, path: str) -> bool:
        return os.access(path, os.R_OK | os.W_OK)

    def comports(self) -> list:
        from serial.tools.list_ports import comports

        return list(comports())

    def user(self) -> str:
        return pwd.getpwuid(os.getuid()).pw_name

    def group_exists(self, name: str) -> bool:
        try:
            grp.getgrnam(name)
            return True
        except KeyError:
            return False

    def in_group(self, name: str) -> bool:
        """Member now (this process) — not just listed in /etc/group for the next login."""
        try:
            gid = grp.getgrnam(name).gr_gid
        except KeyError:
            return False
        return gid in os.getgroups() or gid == os.getgid()

    def listed_in_group(self, name: str, user: str | None = None) -> bool:
        try:
            return (user or self.user()) in grp.getgrnam(name).gr_mem
        except KeyError:
            return False

    def is_root(self) -> bool:
        return os.geteuid() == 0

    def has_module(self, name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            return False

    def i2c_probe(self, port: int, address: int) -> str | None:
        """None if a device acknowledges ``address``; else why not."""
        try:
            from smbus2 import SMBus
        except ImportError:
            return _("smbus2 not installed")
        try:
            with SMBus(port) as bus:
                bus.read_byte(address)
            return None
        except OSError as exc:
            return _("no answer at 0x%(address)02X (%(why)s)") % {
                "address": address, "why": exc.strerror or exc}

    def service_status(self, folder) -> dict | None:
        """What the referee running on ``folder`` says of its hub; None if none runs."""
        from host.app.service_socket import NoService, ask

        try:
            for answer in ask(folder, {"op": "status"}, timeout_s=2.0):
                return answer.get("status")
        except (NoService, OSError, ValueError):
            return None
        return None

    def hub_hello(self, path: str, baud: int = 115200, timeout_s: float = 2.0) -> str:
        """Open the port, PING, and say what answered (or why nothing did)."""
        import serial

        from host.hub.link import HubLink, skew_sentence
        from shared_rules.protocol import codec as protocol

        try:
            port = serial.Serial(path, baud, timeout=0.1, exclusive=True)
        except (serial.SerialException, OSError) as exc:
            return _("cannot open it (%s); is the hexref service using it?") % exc
        link = HubLink(port)
        try:
            link.open()  # HOST (our version), then PING
            deadline = time.monotonic() + timeout_s
            buffer = b""
            heard = False
            while time.monotonic() < deadline:
                buffer += port.read(port.in_waiting or 1)
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    heard = True
                    link.stats.lines = 0
                    link._take(line)  # the referee's own reading of a HELLO
                    if link.skew is not None:
                        return skew_sentence(link.skew)
                    msg = protocol.decode(line)
                    if isinstance(msg, protocol.Message) and msg.kind == "HELLO":
                        self.last_hello = msg
                        return _answers() + _("firmware %(firmware)s on %(board)s, boot "
                                           "%(boot)s") % {"firmware": msg.firmware,
                                                          "board": msg.board, "boot": msg.boot}
            if buffer or heard:
                return "%s: %s" % (_("Reader not answering"), _(
                    "it sends something but no HELLO within %s s: is hexref firmware on it, "
                    "the right version? (make deploy)") % number(timeout_s, 0))
            return "%s: %s" % (_("Reader not answering"), _(
                "the port is open but silent for %s s: unplug the hub and plug it back in; "
                "if it stays silent, flash it again (make deploy)") % number(timeout_s, 0))
        finally:
            port.close()


def run_checks(cfg: config_mod.Config, system: System | None = None,
               talk: bool = True) -> list[Check]:
    """Every check, in the order a maker would fix things."""
    system = system or System()
    checks = [check_config(cfg)]
    checks += check_groups(system)
    checks.append(check_hub(cfg, system, talk))
    checks.append(check_panel(cfg, system))
    checks += check_gpio(system)
    checks.append(check_database(cfg))
    return checks


def check_config(cfg: config_mod.Config) -> Check:
    if cfg.source == "defaults":
        return Check("config", OK, _("defaults (no config file; see README.md, For makers)"))
    return Check("config", OK, cfg.source)


def check_groups(system: System) -> list[Check]:
    out = []
    user = system.user()
    # The service's operator (README: in the hexref group, not the service's user): the
    # device groups matter for the service's user, and the hexref group for the operator.
    operator = (not system.is_root() and user != SERVICE_USER
                and system.group_exists(SERVICE_USER)
                and system.listed_in_group(next(iter(GROUPS)), SERVICE_USER))
    if operator:
        if system.in_group(SERVICE_USER):
            out.append(Check("group " + SERVICE_USER, OK, _("%s may operate the service (its "
                             "data and its socket)") % user))
        elif system.listed_in_group(SERVICE_USER):
            out.append(Check("group " + SERVICE_USER, FIX, _("%s was added but this session "
                             "predates it: log out and in again (or reboot)") % user))
        else:
            out.append(Check("group " + SERVICE_USER, FIX, _(
                "%(user)s cannot operate the service: sudo usermod -aG %(group)s %(user)s, "
                "then log in again") % {"user": user, "group": SERVICE_USER}))
    for name, why in GROUPS.items():
        if (system.is_root() or operator) and system.group_exists(name):
            # root may use everything; what matters is the service's own user.
            if system.listed_in_group(name, SERVICE_USER):
                out.append(Check("group " + name, OK, _(
                    "service user %(service)s is in %(group)s (running as %(user)s now)")
                    % {"service": SERVICE_USER, "group": name, "user": user}))
            else:
                out.append(Check("group " + name, NOTE, _(
                    "running as %(user)s; the service user needs it: sudo usermod -aG "
                    "%(group)s %(service)s") % {"user": user, "group": name,
                                                "service": SERVICE_USER}))
            continue
        if not system.group_exists(name):
            out.append(Check("group " + name, NOTE, _(
                "no such group here (not Raspberry Pi OS?): %s may need another group or a "
                "udev rule") % _(why)))
        elif system.in_group(name):
            out.append(Check("group " + name, OK, _("%(user)s may use %(what)s")
                             % {"user": user, "what": _(why)}))
        elif system.listed_in_group(name):
            out.append(Check("group " + name, FIX, _("%s was added but this session "
                             "predates it: log out and in again (or reboot)") % user))
        else:
            out.append(Check("group " + name, FIX, _(
                "%(user)s cannot use %(what)s: sudo usermod -aG %(group)s %(user)s, then log "
                "in again") % {"user": user, "what": _(why), "group": name}))
    return out


def check_hub(cfg: config_mod.Config, system: System, talk: bool) -> Check:
    running = system.service_status(cfg.data.path)
    if running is not None:
        # The referee holds the port (locked): ask it, do not take the port from it.
        held = _("the running referee (pid %s) holds it") % running.get("pid")
        behind = running.get("behind")
        if behind:
            return Check("hub", FIX, "%s: %s" % (held, _(
                "the journal is behind the hub: it had acknowledged events 1-%(acked)d of "
                "boot %(boot)s, the journal holds %(held)d. Restore the newest backup (hexref "
                "restore), or reset the hub to go on without them")
                % {"acked": behind[2], "boot": behind[0], "held": behind[1]}))
        if running.get("skew"):
            return Check("hub", FIX, "%s: %s" % (held, running["skew"]))
        if running.get("silent_s") is not None:
            return Check("hub", FIX, "%s: %s" % (held, _(
                "Reader not answering for %(seconds)s s on %(port)s: unplug the hub and plug "
                "it back in") % {"seconds": number(running["silent_s"], 0),
                                 "port": running.get("port")}))
        if running.get("paused"):
            return Check("hub", FIX, "%s: %s" % (held, _(
                "game paused, nothing can be saved: %(what)s (%(why)s)")
                % {"what": running["paused"][0], "why": running["paused"][1]}))
        if running.get("starting"):
            return Check("hub", NOTE, "%s: %s" % (held, _(
                "the reader on %s is starting: it has not said HELLO yet (a Pico boots in "
                "about a second)") % running.get("port")))
        if running.get("hub") == "connected":
            return Check("hub", OK, "%s: %s, %s" % (held, running.get("port"), _(
                "firmware %(firmware)s on %(board)s, boot %(boot)s") % {
                    "firmware": running.get("firmware"), "board": running.get("board"),
                    "boot": running.get("boot")}))
        return Check("hub", FIX, _("%(held)s but has no hub: %(why)s")
                     % {"held": held, "why": running.get("reason")})
    path = find_hub_port(cfg.hub.vid, cfg.hub.pid, cfg.hub.port,
                         comports=system.comports, exists=system.exists)
    if path is None:
        if cfg.hub.port != "auto":
            return Check("hub", FIX, _("%s (from the config) does not exist: plug the hub in "
                                       "or set [hub] port = \"auto\"") % cfg.hub.port)
        others = ["%s (%04X:%04X)" % (p.device, p.vid or 0, p.pid or 0)
                  for p in system.comports() if p.vid]
        seen = (": " + _("other USB serial ports: %s") % ", ".join(others)) if others else ""
        return Check("hub", FIX, _(
            "no reader hub on USB (vendor %(vendor)04X)%(seen)s. Plug it in with a data cable "
            "(charge-only cables show nothing); `lsusb` should list 2e8a")
            % {"vendor": cfg.hub.vid, "seen": seen})
    usb = ""
    for info in system.comports():
        if info.device == path or (path == SYMLINK and info.vid == cfg.hub.vid):
            usb = " (USB %04X:%04X)" % (info.vid or 0, info.pid or 0)
            break
    if not system.can_use(path):
        return Check("hub", FIX, _(
            "%(port)s found but not usable by %(user)s: join the dialout group (sudo usermod "
            "-aG dialout %(user)s) and install the udev rule")
            % {"port": path + usb, "user": system.user()})
    text = path + usb
    if path != SYMLINK and cfg.hub.port == "auto":
        text += "; " + _("install host/deploy/99-hexref.rules for a stable /dev/hexref-hub")
    if talk:
        answer = system.hub_hello(path, baud=cfg.hub.baud)
        if not answer.startswith(_answers()):
            return Check("hub", FIX, "%s: %s" % (text, answer))
        hello = getattr(system, "last_hello", None)
        journalled = _journalled(cfg, hello.boot) if hello is not None else None
        if hello is not None and journalled is not None and hello.acked > journalled:
            return Check("hub", FIX, "%s, %s; %s" % (text, answer, _(
                "but the journal is behind it: the hub had acknowledged events 1-%(acked)d of "
                "this boot, the journal holds %(held)d. Restore the newest backup (hexref "
                "restore), or reset the hub to go on without them")
                % {"acked": hello.acked, "held": journalled}))
        text += ", " + answer
    return Check("hub", OK, text)


def _journalled(cfg: config_mod.Config, boot: str) -> int | None:
    """The last event of hub boot ``boot`` the database holds (0: none), or None when
    there is no database to ask."""
    path = cfg.data.path / "hexref.db"
    if access.blocked(path) is not None or not path.exists():
        return None  # the database check says what is closed, and the fix
    from host.storage import readonly

    try:
        db = readonly.connect(path, timeout_s=2.0)
        try:
            return readonly.last_hub_event(db, boot)
        finally:
            db.close()
    except sqlite3.Error:
        return None  # the database check says what is wrong with it


def check_panel(cfg: config_mod.Config, system: System) -> Check:
    dev = "/dev/i2c-%d" % cfg.panel.port
    name = _("panel (%(driver)s at 0x%(address)02X)") % {"driver": cfg.panel.driver,
                                                           "address": cfg.panel.address}
    if not system.exists(dev):
        buses = system.glob("/dev/i2c-*")
        also = (" (" + _("this machine has %s") % ", ".join(buses) + ")") if buses else ""
        return Check(name, FIX, _(
            "%(device)s missing%(also)s: enable I2C with sudo raspi-config nonint do_i2c 0 "
            "(or dtparam=i2c_arm=on in config.txt), then reboot") % {"device": dev,
                                                                      "also": also})
    if not system.can_use(dev):
        return Check(name, FIX, _("%(device)s not usable by %(user)s: sudo usermod -aG i2c "
                                  "%(user)s") % {"device": dev, "user": system.user()})
    why = system.i2c_probe(cfg.panel.port, cfg.panel.address)
    if why is None:
        return Check(name, OK, _("answers on %s") % dev)
    other = 0x3D if cfg.panel.address == 0x3C else 0x3C
    if system.i2c_probe(cfg.panel.port, other) is None:
        return Check(name, FIX, _("%(why)s; but a device answers at 0x%(other)02X: set "
                                  "[panel] address = 0x%(other)02X") % {"why": why,
                                                                         "other": other})
    return Check(name, FIX, _("%(why)s on %(device)s: check VCC/GND/SDA (GPIO2)/SCL (GPIO3); "
                              "`i2cdetect -y %(port)d` lists what answers")
                 % {"why": why, "device": dev, "port": cfg.panel.port})


def check_gpio(system: System) -> list[Check]:
    chips = system.glob("/dev/gpiochip*")
    if not chips:
        return [Check("gpio", FIX, _("no /dev/gpiochip*: not a Raspberry Pi, or a kernel "
                                     "without GPIO character devices"))]
    usable = [c for c in chips if system.can_use(c)]
    out = []
    if usable:
        out.append(Check("gpio", OK, _("%s usable") % ", ".join(usable)))
    else:
        out.append(Check("gpio", FIX, _("%(device)s not usable by %(user)s: sudo usermod -aG "
                                        "gpio %(user)s") % {"device": ", ".join(chips),
                                                            "user": system.user()}))
    if system.has_module("lgpio") or system.has_module("RPi.GPIO"):
        out.append(Check("gpio library", OK, "lgpio" if system.has_module("lgpio")
                         else "RPi.GPIO"))
    else:
        out.append(Check("gpio library", FIX, _("gpiozero has no pin library: sudo apt "
                                                "install python3-lgpio (or pip install "
                                                "lgpio)")))
    return out


SERVICE_DATA = Path("/var/lib/hexref")  # the service's StateDirectory=hexref


def check_database(cfg: config_mod.Config) -> Check:
    """The same examination as every ``hexref run`` start (host/storage/checkup.py), in the
    same sentences as its panel and log; first, whether this user may look at all (the
    operator of the service, in its group: README, "Install the referee on the Pi")."""
    from host.storage.checkup import examine

    closed = access.blocked(cfg.data.path / "hexref.db")
    if closed is not None:
        return Check("database", FIX, access.sentence(PermissionError(13, "denied",
                                                                      str(closed))))
    folder = cfg.data.path
    path = folder / "hexref.db"
    finding = examine(folder)
    if finding is not None:
        return Check("database", FIX, finding.line())
    if not path.exists() or path.stat().st_size == 0:
        parent = folder
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if folder == SERVICE_DATA and not folder.exists():
            # host/deploy/hexref.service's StateDirectory: systemd makes it, owned by the
            # service's user, when the service first starts.
            return Check("database", OK, _("none yet; systemd creates %s when the hexref "
                                           "service first starts") % folder)
        if os.access(parent, os.W_OK):
            return Check("database", OK, _("none yet; %s will be created on the first game")
                         % path)
        return Check("database", FIX, _("%(file)s cannot be created (%(folder)s is not "
                                        "writable): set [data] dir or fix its owner")
                     % {"file": path, "folder": parent})
    from host.storage import readonly

    try:
        db = readonly.connect(path, timeout_s=2.0)
        try:
            mode = readonly.journal_mode(db)
            games = len(readonly.games(db))
        finally:
            db.close()
    except sqlite3.Error as exc:
        return Check("database", FIX, _("%(file)s cannot be read: %(why)s")
                     % {"file": path, "why": exc})
    return Check("database", OK, n_("%(file)s (%(mode)s mode, %(games)d game, every journal "
                                    "row checked)", "%(file)s (%(mode)s mode, %(games)d games, "
                                    "every journal row checked)", games)
                 % {"file": path, "mode": mode, "games": games})


def main(cfg: config_mod.Config, talk: bool = True, system: System | None = None) -> int:
    checks = run_checks(cfg, system, talk)
    for check in checks:
        print(check.line())
    problems = sum(1 for c in checks if c.status == FIX)
    print(n_("%d to fix", "%d to fix", problems) % problems if problems else _("all good"))
    return 1 if problems else 0
