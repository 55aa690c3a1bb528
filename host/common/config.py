"""The referee's settings: one TOML file, every key optional.

Which file: ``--config PATH``, else ``$HEXREF_CONFIG``, else ``/etc/hexref/config.toml``
(a file named by the first two must exist; the service's units name the third), read by
host/commands/shell.py for every command alike. With no file the defaults below fit the
reference build (hardware/pinout.json), so most tables need none::

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
    [voice]
    enabled = true                 # each result said aloud (default on: README, The voice)
    volume = 80                    # percent
    device = "default"             # the ALSA PCM: "plughw:CARD=Headphones", "hdmi", ...
    engine = "espeak-ng"           # or "piper", with piper_model = "/path/fr_FR-x.onnx"

A misspelt key or a wrong type is refused with the file, the line, the key's name and what
it should be, and no half-read config is used.

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

from host.common.i18n import _

PICO_VID = 0x2E8A  # Raspberry Pi's USB vendor id: the Pico's MicroPython CDC port


def _pin_defaults() -> dict[str, int]:
    """Pins and panel of the reference build: host/common/pins.py (generated from
    hardware/pinout.json), else the same numbers written here once."""
    pins = {"up": 17, "down": 27, "ok": 22, "back": 23, "clk": 5, "dt": 6, "sw": 26,
            "buzzer": 12, "i2c": 1, "address": 0x3C}
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
class Voice:
    enabled: bool = True  # said aloud by hexref run (hexref demo: only with --voice on)
    volume: int = 80  # percent of the voice's own loudness
    device: str = "default"  # the ALSA PCM played on (aplay -L lists them)
    engine: str = "espeak-ng"  # espeak-ng | piper
    piper_model: str = ""  # engine = "piper": a piper voice (.onnx, beside its .onnx.json)
    rate: int = 150  # words a minute (espeak-ng -s); slower than its 175 for a family table
    cache_mb: int = 16  # the rendered phrases kept on disk, under the data folder's voice/


VOICE_ENGINES = ("espeak-ng", "piper")


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
    voice: Voice = field(default_factory=Voice)
    source: str = "defaults"  # where it was read from, for `hexref doctor`


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the key and the fix."""


PANEL_DRIVERS = ("ssd1306", "sh1106")


def parse(text: str, source: str = "<config>") -> Config:
    """Read TOML text into a Config, checking every key and type; a mistake is a
    ConfigError naming the file, the line and the key."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_("%(file)s: not valid TOML: %(why)s")
                          % {"file": source, "why": exc}) from None
    try:
        cfg = Config(source=source)
        sections = {f.name: f for f in fields(Config) if f.name != "source"}
        for name, table in raw.items():
            if name not in sections:
                raise _Bad(name, _("unknown table [%(table)s]; known: %(known)s") % {
                    "table": name, "known": ", ".join("[%s]" % s for s in sections)})
            if not isinstance(table, dict):
                raise _Bad(name, _("%(table)s must be a table: [%(table)s]") % {"table": name})
            current = getattr(cfg, name)
            cfg = replace(cfg, **{name: _section(current, table, name)})
        _check(cfg)
    except _Bad as bad:
        line = _line_of(text, bad.key)
        where = (_("%(file)s, line %(line)d") % {"file": source, "line": line} if line
                 else source)
        raise ConfigError("%s: %s" % (where, bad)) from None
    return cfg


class _Bad(ValueError):
    """A mistake at ``key`` (``panel.driver``, or a table's name): parse says its line."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def _line_of(text: str, key: str) -> int:
    """The line ``key`` (``table.name``, or ``table``) is written on, 0 if not found: the
    TOML reader keeps no positions, and a config is a few short tables."""
    table, _dot, name = key.partition(".")
    current = ""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.split("#", 1)[0].strip()
        if stripped.startswith("[") and not stripped.startswith("[["):
            current = stripped[1:].split("]")[0].strip().strip("\"'")
            if not name and current == table:
                return number
            continue
        if "=" not in stripped:
            continue
        head = stripped.split("=", 1)[0].strip().strip("\"'")
        if (current, head) == (table, name) or (not current and head in (key, table)):
            return number  # the key, or a dotted key or value where a table belongs
    return 0


def _section(current, table: dict, name: str):
    known = {f.name: f for f in fields(current)}
    changes = {}
    for key, value in table.items():
        where = "%s.%s" % (name, key)
        if key not in known:
            raise _Bad(where, _("unknown key %(key)s; known: %(known)s")
                       % {"key": where, "known": ", ".join(sorted(known))})
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
            raise _Bad(where, _("%(key)s must be %(kind)s, not %(value)s")
                       % {"key": where, "kind": _type_name(want), "value": shown})
        if isinstance(value, float) and not math.isfinite(value):
            # TOML spells them nan and inf; no setting means "never" or "undefined"
            raise _Bad(where, _("%(key)s must be a finite number, not %(value)s")
                       % {"key": where, "value": value})
        if isinstance(value, str) and not value.isprintable():
            raise _Bad(where, _("%(key)s holds a control character: %(value)s")
                       % {"key": where, "value": shown})
        changes[key] = value
    return replace(current, **changes)


def _type_name(t: type) -> str:
    return {bool: _("true or false"), int: _("a whole number"), float: _("a number"),
            str: _("a quoted string"),
            tuple: _("a list of names, each 1 to 40 letters")}.get(t, t.__name__)


def _check(cfg: Config) -> None:
    from host.common.i18n import LANGUAGES, known

    def bad(key: str, message: str, **values) -> _Bad:
        return _Bad(key, message % dict(values, key=key))

    if cfg.panel.driver not in PANEL_DRIVERS:
        raise bad("panel.driver", _("%(key)s %(value)r: use one of %(known)s"),
                  value=cfg.panel.driver, known=", ".join(PANEL_DRIVERS))
    if not 0x03 <= cfg.panel.address <= 0x77:
        raise bad("panel.address", _("%(key)s 0x%(value)X is not a 7-bit I2C address (0x3C "
                                     "or 0x3D)"), value=cfg.panel.address)
    if cfg.panel.rotate not in (0, 1, 2, 3):
        raise bad("panel.rotate", _("%(key)s must be 0, 1, 2 or 3 (quarter turns)"))
    if not 300 <= cfg.hub.baud <= 4_000_000:
        raise bad("hub.baud", _("%(key)s = %(value)d is not a serial line's rate (115200 is "
                                "usual)"), value=cfg.hub.baud)
    if cfg.players.language and known(cfg.players.language) is None:
        raise bad("players.language", _("%(key)s %(value)r: use one of %(known)s"),
                  value=cfg.players.language, known=", ".join(LANGUAGES))
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
            raise bad(name, _("%(key)s = %(value)d is not a GPIO of the 40-pin header "
                              "(0-27)"), value=pin)
        if pin in (2, 3):
            raise bad(name, _("%(key)s = %(value)d is the panel's I2C bus (GPIO2/3)"),
                      value=pin)
        if pin in used:
            raise bad(name, _("%(other)s and %(key)s are both GPIO%(value)d"),
                      other=used[pin], value=pin)
        used[pin] = name
    if not 0 <= cfg.buttons.debounce_ms <= 1000:
        raise bad("buttons.debounce_ms", _("%(key)s must be 0 to 1000 (30 is usual)"))
    if not 0 < cfg.buttons.long_press_s <= 10:
        raise bad("buttons.long_press_s", _("%(key)s must be more than 0 and at most 10 "
                                            "seconds (0.8 is usual)"))
    if cfg.club.broker and not cfg.club.broker.startswith(("mqtt://", "mqtts://")):
        raise bad("club.broker", _("%(key)s: write it as mqtt://HOST or mqtt://HOST:PORT"))
    if not 1 <= cfg.web.port <= 65535:
        raise bad("web.port", _("%(key)s = %(value)d is not a TCP port (8080 is usual)"),
                  value=cfg.web.port)
    _check_voice(cfg.voice, bad)
    if cfg.club.ca_file and not Path(cfg.club.ca_file).expanduser().is_file():
        raise bad("club.ca_file", _("%(key)s %(value)r: no such file (the club's certificate "
                                    "authority, in PEM)"), value=cfg.club.ca_file)


def _check_voice(voice: Voice, bad) -> None:
    if not 0 <= voice.volume <= 100:
        raise bad("voice.volume", _("%(key)s must be 0 to 100 (a percent; 80 is usual)"))
    if voice.engine not in VOICE_ENGINES:
        raise bad("voice.engine", _("%(key)s %(value)r: use one of %(known)s"),
                  value=voice.engine, known=", ".join(VOICE_ENGINES))
    if voice.engine == "piper" and not voice.piper_model:
        raise bad("voice.engine", _("%(key)s = \"piper\" needs voice.piper_model, the path "
                                    "of a piper voice (.onnx)"))
    if voice.piper_model and not Path(voice.piper_model).expanduser().is_file():
        raise bad("voice.piper_model", _("%(key)s %(value)r: no such file (a piper voice, "
                                         ".onnx)"), value=voice.piper_model)
    if not voice.device.strip():
        raise bad("voice.device", _("%(key)s is empty: name an ALSA device (\"default\", or "
                                    "one aplay -L lists)"))
    if not 80 <= voice.rate <= 400:
        raise bad("voice.rate", _("%(key)s must be 80 to 400 words a minute (150 is usual)"))
    if not 1 <= voice.cache_mb <= 1024:
        raise bad("voice.cache_mb", _("%(key)s must be 1 to 1024 (megabytes; 16 is usual)"))


SYSTEM_CONFIG = Path("/etc/hexref/config.toml")


def candidates(explicit: str | None = None) -> list[tuple[Path, str]]:
    """Where the config is looked for, in order, each with what named it: ``--config``,
    else ``$HEXREF_CONFIG``, else the system's file, which the service reads too (one file
    a machine, so an operator's command and the referee never read two)."""
    if explicit:
        return [(Path(explicit), "--config")]
    if os.environ.get("HEXREF_CONFIG"):
        return [(Path(os.environ["HEXREF_CONFIG"]), "$HEXREF_CONFIG")]
    return [(SYSTEM_CONFIG, "")]


def load(explicit: str | None = None) -> Config:
    """The config file named by ``--config`` or ``$HEXREF_CONFIG`` (it must exist), else
    /etc/hexref/config.toml if there is one, else the defaults."""
    for path, named_by in candidates(explicit):
        if path.is_dir():
            raise ConfigError(_("%(file)s is a folder, not a config file") % {"file": path})
        if path.exists() or named_by:
            if not path.exists():
                raise ConfigError(_("%(file)s: no such config file (named by %(by)s)")
                                  % {"file": path, "by": named_by})
            return parse(_read_text(path), str(path))
    return Config()


def _read_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(_("%(file)s: cannot read it: %(why)s")
                          % {"file": path, "why": exc.strerror or exc}) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigError(_("%(file)s: line %(line)d is not UTF-8 text (byte 0x%(byte)02X): "
                            "save the file as UTF-8")
                          % {"file": path, "line": line, "byte": raw[exc.start]}) from None
