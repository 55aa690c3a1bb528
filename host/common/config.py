"""The referee's settings: one TOML file, every key optional.

Where it is looked for, first found wins: ``--config PATH``, ``$HEXREF_CONFIG``,
``~/.config/hexref/config.toml``, ``/etc/hexref/config.toml``. With no file the defaults
below fit the reference build (hardware/pinout.json), so most tables need none::

    [hub]
    port = "auto"          # or "/dev/ttyACM0", "/dev/hexref-hub"
    [panel]
    driver = "sh1106"      # ssd1306 (default) | sh1106
    address = 0x3D
    [buttons]
    ok = 22
    [encoder]
    enabled = true
    [data]
    dir = "/var/lib/hexref"
    [club]
    broker = "mqtt://club.local"   # club nights: publish the journal (host/readers/club.py)
    table = "Table 3"              # default: this computer's name
    username = "table3"            # when the broker asks for an account
    password = "..."               # never logged (keep the file chmod 600)
    ca_file = "/etc/hexref/club-ca.pem"  # mqtts://: the club's own certificate authority
    [web]
    host = "0.0.0.0"               # hexref web: where the phone page listens (every address)
    port = 8080                    # (the panel's menu shows this page's address as a QR code)
    [players]
    language = "fr"                # en | fr | es; default: the locale's (LANG), else English
    names = ["Ana", "Ben"]         # who sits at each seat (default: P1, P2, ...; unnamed)

A misspelt key or a wrong type is refused with the key's name and what it should be, and
no half-read config is used.

>>> cfg = parse("[panel]\\ndriver = 'sh1106'\\n")
>>> cfg.panel.driver, cfg.panel.address, cfg.buttons.ok
('sh1106', 60, 22)
"""
from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

PICO_VID = 0x2E8A  # Raspberry Pi's USB vendor id: the Pico's MicroPython CDC port


def _pin_defaults() -> dict[str, int]:
    """Pins and panel of the reference build: host/common/pins.py (generated from
    hardware/pinout.json), else the same numbers written here once."""
    pins = {"up": 17, "down": 27, "ok": 22, "back": 23, "clk": 5, "dt": 6, "sw": 26,
            "buzzer": 18, "i2c": 1, "address": 0x3C}
    try:
        from host.common import pins as generated
    except ImportError:
        return pins
    for key, name in (("up", "BUTTON_UP_PIN"), ("down", "BUTTON_DOWN_PIN"),
                      ("ok", "BUTTON_OK_PIN"), ("back", "BUTTON_BACK_PIN"),
                      ("clk", "ENCODER_CLK"), ("dt", "ENCODER_DT"), ("sw", "ENCODER_SW"),
                      ("buzzer", "BUZZER_PIN"), ("i2c", "OLED_I2C_ID"),
                      ("address", "SSD1306_ADDR")):
        value = getattr(generated, name, None)
        if isinstance(value, int):
            pins[key] = value
    return pins


PINS = _pin_defaults()


ENV_DATA = "HEXREF_DATA"


def data_dir(override: str | os.PathLike | None = None) -> Path:
    """Where hexref keeps its files: the argument, $HEXREF_DATA, XDG, or ~/.local/share."""
    if override is not None:
        return Path(override)
    env = os.environ.get(ENV_DATA)
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / "hexref"
    return Path.home() / ".local" / "share" / "hexref"


@dataclass(frozen=True)
class Hub:
    port: str = "auto"  # "auto": /dev/hexref-hub, else the first port with the hub's VID
    vid: int = PICO_VID
    pid: int = 0  # 0: any product id of that vendor
    baud: int = 115200  # the Pico's USB CDC ignores it; a UART bridge runs at it


@dataclass(frozen=True)
class PanelCfg:
    driver: str = "ssd1306"
    port: int = PINS["i2c"]  # /dev/i2c-1 on every Pi with a 40-pin header
    address: int = PINS["address"]
    rotate: int = 0  # 0..3, quarter turns


@dataclass(frozen=True)
class Buttons:
    up: int = PINS["up"]
    down: int = PINS["down"]
    ok: int = PINS["ok"]
    back: int = PINS["back"]
    long_press_s: float = 0.8
    debounce_ms: int = 30


@dataclass(frozen=True)
class Encoder:
    enabled: bool = False
    clk: int = PINS["clk"]
    dt: int = PINS["dt"]
    sw: int = PINS["sw"]


@dataclass(frozen=True)
class Buzzer:
    enabled: bool = True
    pin: int = PINS["buzzer"]


@dataclass(frozen=True)
class Data:
    dir: str = ""  # empty: $HEXREF_DATA, $XDG_DATA_HOME/hexref or ~/.local/share/hexref

    @property
    def path(self) -> Path:
        return Path(self.dir).expanduser() if self.dir else data_dir()


@dataclass(frozen=True)
class Club:
    broker: str = ""  # "mqtt://HOST[:PORT]" (or mqtts://); empty: no club night, nothing runs
    table: str = ""  # this table's name on the organiser's page; empty: the host name
    username: str = ""  # the broker's account, when it asks for one
    password: str = field(default="", repr=False)  # never logged nor printed
    ca_file: str = ""  # mqtts://: the club's own certificate authority (PEM); empty: the system's


@dataclass(frozen=True)
class Web:
    host: str = "0.0.0.0"  # hexref web listens here (its --host wins); 127.0.0.1: this computer only
    port: int = 8080  # its --port wins


@dataclass(frozen=True)
class Players:
    language: str = ""  # en, fr or es; empty: the locale's (LANG), else English; --lang wins
    names: tuple[str, ...] = ()  # who sits at each seat of every new game (journalled)


@dataclass(frozen=True)
class Config:
    hub: Hub = field(default_factory=Hub)
    panel: PanelCfg = field(default_factory=PanelCfg)
    buttons: Buttons = field(default_factory=Buttons)
    encoder: Encoder = field(default_factory=Encoder)
    buzzer: Buzzer = field(default_factory=Buzzer)
    data: Data = field(default_factory=Data)
    club: Club = field(default_factory=Club)
    web: Web = field(default_factory=Web)
    players: Players = field(default_factory=Players)
    source: str = "defaults"  # where it was read from, for `hexref doctor`


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the key and the fix."""


PANEL_DRIVERS = ("ssd1306", "sh1106")


def parse(text: str, source: str = "<config>") -> Config:
    """Read TOML text into a Config, checking every key and type."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError("%s: not valid TOML: %s" % (source, exc)) from None
    cfg = Config(source=source)
    sections = {f.name: f for f in fields(Config) if f.name != "source"}
    for name, table in raw.items():
        if name not in sections:
            raise ConfigError("%s: unknown table [%s]; known: %s" % (
                source, name, ", ".join("[%s]" % s for s in sections)))
        if not isinstance(table, dict):
            raise ConfigError("%s: %s must be a table: [%s]" % (source, name, name))
        current = getattr(cfg, name)
        cfg = replace(cfg, **{name: _section(current, table, name, source)})
    _check(cfg, source)
    return cfg


def _section(current, table: dict, name: str, source: str):
    known = {f.name: f for f in fields(current)}
    changes = {}
    for key, value in table.items():
        if key not in known:
            raise ConfigError("%s: unknown key %s.%s; known: %s" % (
                source, name, key, ", ".join(sorted(known))))
        default = getattr(current, key)
        want = type(default)
        if want is tuple and isinstance(value, list) and all(
                isinstance(v, str) and 0 < len(v) <= 40 and v.isprintable() for v in value):
            value = tuple(value)  # a list of names
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if want is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        shown = "(hidden)" if key == "password" else repr(value)
        if not ok:
            raise ConfigError("%s: %s.%s must be %s, not %s" % (
                source, name, key, _type_name(want), shown))
        if isinstance(value, float) and not math.isfinite(value):
            # TOML spells them nan and inf; no setting means "never" or "undefined"
            raise ConfigError("%s: %s.%s must be a finite number, not %s" % (
                source, name, key, value))
        if isinstance(value, str) and not value.isprintable():
            raise ConfigError("%s: %s.%s holds a control character: %s" % (
                source, name, key, shown))
        changes[key] = value
    return replace(current, **changes)


def _type_name(t: type) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number",
            str: "a quoted string",
            tuple: "a list of names, each 1 to 40 letters"}.get(t, t.__name__)


def _check(cfg: Config, source: str) -> None:
    if cfg.panel.driver not in PANEL_DRIVERS:
        raise ConfigError("%s: panel.driver %r: use one of %s" % (
            source, cfg.panel.driver, ", ".join(PANEL_DRIVERS)))
    if not 0x03 <= cfg.panel.address <= 0x77:
        raise ConfigError("%s: panel.address 0x%X is not a 7-bit I2C address (0x3C or 0x3D)"
                          % (source, cfg.panel.address))
    if cfg.panel.rotate not in (0, 1, 2, 3):
        raise ConfigError("%s: panel.rotate must be 0, 1, 2 or 3 (quarter turns)" % source)
    if not 300 <= cfg.hub.baud <= 4_000_000:
        raise ConfigError("%s: hub.baud = %d is not a serial line's rate (115200 is usual)"
                          % (source, cfg.hub.baud))
    if cfg.players.language:
        from host.common.i18n import LANGUAGES, known

        if known(cfg.players.language) is None:
            raise ConfigError("%s: players.language %r: use one of %s" % (
                source, cfg.players.language, ", ".join(LANGUAGES)))
    used: dict[int, str] = {}
    pins = [("buttons.up", cfg.buttons.up), ("buttons.down", cfg.buttons.down),
            ("buttons.ok", cfg.buttons.ok), ("buttons.back", cfg.buttons.back)]
    if cfg.encoder.enabled:
        pins += [("encoder.clk", cfg.encoder.clk), ("encoder.dt", cfg.encoder.dt),
                 ("encoder.sw", cfg.encoder.sw)]
    if cfg.buzzer.enabled:
        pins.append(("buzzer.pin", cfg.buzzer.pin))
    for name, pin in pins:
        if not 0 <= pin <= 27:
            raise ConfigError("%s: %s = %d is not a GPIO of the 40-pin header (0-27)"
                              % (source, name, pin))
        if pin in (2, 3):
            raise ConfigError("%s: %s = %d is the panel's I2C bus (GPIO2/3)" % (
                source, name, pin))
        if pin in used:
            raise ConfigError("%s: %s and %s are both GPIO%d" % (source, used[pin], name, pin))
        used[pin] = name
    if not 0 <= cfg.buttons.debounce_ms <= 1000:
        raise ConfigError("%s: buttons.debounce_ms must be 0 to 1000 (30 is usual)" % source)
    if not 0 < cfg.buttons.long_press_s <= 10:
        raise ConfigError("%s: buttons.long_press_s must be more than 0 and at most 10 "
                          "seconds (0.8 is usual)" % source)
    if cfg.club.broker and not cfg.club.broker.startswith(("mqtt://", "mqtts://")):
        raise ConfigError("%s: club.broker: write it as mqtt://HOST or mqtt://HOST:PORT"
                          % source)
    if not 1 <= cfg.web.port <= 65535:
        raise ConfigError("%s: web.port = %d is not a TCP port (8080 is usual)"
                          % (source, cfg.web.port))
    if cfg.club.ca_file and not Path(cfg.club.ca_file).expanduser().is_file():
        raise ConfigError("%s: club.ca_file %r: no such file (the club's certificate "
                          "authority, in PEM)" % (source, cfg.club.ca_file))


def candidates(explicit: str | None = None) -> list[Path]:
    """Where a config file is looked for, in order."""
    if explicit:
        return [Path(explicit)]
    out = []
    if os.environ.get("HEXREF_CONFIG"):
        out.append(Path(os.environ["HEXREF_CONFIG"]))
    xdg = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    out += [Path(xdg) / "hexref" / "config.toml", Path("/etc/hexref/config.toml")]
    return out


def load(explicit: str | None = None) -> Config:
    """The first config file found (an explicit path must exist), else the defaults."""
    for path in candidates(explicit):
        if path.is_file():
            return parse(_read_text(path), str(path))
        if explicit:
            raise ConfigError("%s: no such config file" % path)
    return Config()


def _read_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError("%s: cannot read it: %s" % (path, exc.strerror or exc)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigError("%s: line %d is not UTF-8 text (byte 0x%02X): save the file as "
                          "UTF-8" % (path, line, raw[exc.start])) from None
