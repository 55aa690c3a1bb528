"""The TOML config: defaults for the reference build, clear refusals for mistakes."""
from __future__ import annotations

from pathlib import Path

import pytest
from rigs.tree import ROOT

from host.common import config
from host.common.config import ConfigError, load, parse


def test_defaults_fit_the_reference_build():
    cfg = config.Config()
    assert cfg.hub.port == "auto" and cfg.hub.vid == 0x2E8A
    assert (cfg.panel.driver, cfg.panel.port, cfg.panel.address) == ("ssd1306", 1, 0x3C)
    assert (cfg.buttons.up, cfg.buttons.down, cfg.buttons.ok, cfg.buttons.back) == \
        (17, 27, 22, 23)
    assert cfg.buzzer.pin == 12 and not cfg.encoder.enabled


def test_pin_defaults_agree_with_the_pinout():
    import json

    pinout = json.loads((ROOT / "hardware" / "pinout.json").read_text())
    devices = pinout["boards"]["host"]["devices"]
    cfg = config.Config()
    assert cfg.buttons.up == devices["button_up"]["pins"]["pin"]
    assert cfg.buttons.ok == devices["button_ok"]["pins"]["pin"]
    assert cfg.encoder.clk == devices["encoder"]["pins"]["clk"]
    assert cfg.buzzer.pin == devices["buzzer"]["pins"]["pin"]
    assert cfg.panel.address == int(devices["ssd1306"]["address"], 16)


def test_a_file_overrides_only_what_it_names():
    cfg = parse("""
[hub]
port = "/dev/ttyACM1"
[panel]
driver = "sh1106"
address = 0x3D
[encoder]
enabled = true
[buttons]
long_press_s = 1
[data]
dir = "~/games"
""")
    assert cfg.hub.port == "/dev/ttyACM1" and cfg.hub.vid == 0x2E8A
    assert cfg.panel.driver == "sh1106" and cfg.panel.address == 0x3D
    assert cfg.encoder.enabled and cfg.buttons.long_press_s == 1.0
    assert cfg.buttons.ok == 22
    assert cfg.data.path == Path("~/games").expanduser()


@pytest.mark.parametrize("text, words", [
    ("[panel]\ndrivr = 'sh1106'", "unknown key panel.drivr"),
    ("[pannel]\ndriver = 'sh1106'", "unknown table [pannel]"),
    ("[panel]\ndriver = 'st7735'", "use one of ssd1306, sh1106"),
    ("[panel]\naddress = '0x3C'", "panel.address must be a whole number"),
    ("[buttons]\nok = 17", "buttons.up and buttons.ok are both GPIO17"),
    ("[buttons]\nup = 2", "the panel's I2C bus"),
    ("[buttons]\nup = 40", "not a GPIO"),
    ("[encoder]\nenabled = 1", "encoder.enabled must be true or false"),
    ("[panel\n", "not valid TOML"),
    # issue 13, item 6: with inf, undo (a long press) never fired
    ("[buttons]\nlong_press_s = nan", "buttons.long_press_s must be a finite number"),
    ("[buttons]\nlong_press_s = inf", "buttons.long_press_s must be a finite number"),
    ("[buttons]\nlong_press_s = -inf", "buttons.long_press_s must be a finite number"),
    ("[buttons]\nlong_press_s = 1e300", "buttons.long_press_s must be more than 0"),
    ("[buttons]\ndebounce_ms = 99999999", "buttons.debounce_ms must be 0 to 1000"),
    ("[data]\ndir = \"a\\u0000b\"", "data.dir holds a control character"),
    ("[web]\nport = 0", "web.port = 0 is not a TCP port"),
    ("[web]\nport = \"8080\"", "web.port must be a whole number"),
])
def test_mistakes_are_refused_with_the_key_and_the_fix(text, words):
    with pytest.raises(ConfigError) as err:
        parse(text, "test.toml")
    assert words in str(err.value)
    assert str(err.value).startswith("test.toml")


def test_encoder_pins_are_only_checked_when_it_is_enabled():
    assert parse("[encoder]\nclk = 17").encoder.clk == 17  # unused: no clash with UP
    with pytest.raises(ConfigError):
        parse("[encoder]\nenabled = true\nclk = 17")


def test_load_reads_the_named_file_else_the_systems(tmp_path, monkeypatch):
    """Issue 35, item 2: --config, else $HEXREF_CONFIG, else /etc/hexref/config.toml; a
    named file that is missing is refused (it was ignored), and a user's own
    ~/.config/hexref/config.toml no longer shadows the one the service reads."""
    system = tmp_path / "etc" / "config.toml"
    monkeypatch.setattr(config, "SYSTEM_CONFIG", system)
    monkeypatch.delenv("HEXREF_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    user = tmp_path / "xdg" / "hexref" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text("[panel]\ndriver = 'sh1106'\n")
    assert load().source == "defaults"
    system.parent.mkdir()
    system.write_text("[panel]\nrotate = 1\n")
    assert load().panel.rotate == 1 and load().source == str(system)
    env = tmp_path / "env.toml"
    env.write_text("[panel]\nrotate = 2\n")
    monkeypatch.setenv("HEXREF_CONFIG", str(env))
    assert load().panel.rotate == 2
    assert load(str(user)).panel.driver == "sh1106"  # --config wins over the environment
    env.unlink()
    with pytest.raises(ConfigError, match="no such config file .named by .HEXREF_CONFIG"):
        load()
    with pytest.raises(ConfigError, match="no such config file .named by --config"):
        load(str(tmp_path / "missing.toml"))
    with pytest.raises(ConfigError, match="is a folder"):
        load(str(tmp_path))


def test_a_mistake_names_its_line(tmp_path):
    text = "# the club's table\n[panel]\naddress = 0x3D\n\n[players]\nlanguage = \"de\"\n"
    with pytest.raises(ConfigError) as err:
        parse(text, "/etc/hexref/config.toml")
    assert str(err.value) == ("/etc/hexref/config.toml, line 6: players.language 'de': use "
                              "one of en, fr, es")
    with pytest.raises(ConfigError, match=r"^t.toml, line 2: unknown key panel.drivr"):
        parse("[panel]\ndrivr = 'sh1106'\n", "t.toml")
    with pytest.raises(ConfigError, match=r"^t.toml, line 3: unknown table \[pannel\]"):
        parse("[hub]\n\n[pannel]\ndriver = 'sh1106'\n", "t.toml")
    with pytest.raises(ConfigError, match=r"^t.toml: not valid TOML: .*line 2"):
        parse("[panel]\ndriver = sh1106\n", "t.toml")


def test_a_config_file_that_is_not_utf8_is_refused_with_its_line(tmp_path):
    """Issue 13, item 6: it was a UnicodeDecodeError traceback."""
    path = tmp_path / "config.toml"
    path.write_bytes(b"[panel]\n# caf\xe9 corner\ndriver = 'sh1106'\n")
    with pytest.raises(ConfigError) as err:
        load(str(path))
    assert str(err.value) == "%s: line 2 is not UTF-8 text (byte 0xE9): save the file as " \
        "UTF-8" % path


@pytest.mark.system
def test_hexref_run_with_a_bad_config_says_so_without_a_traceback(tmp_path):
    import subprocess
    import sys

    for body, words in ((b"[buttons]\nlong_press_s = inf\n", b"buttons.long_press_s"),
                        (b"\xff\xfe[hub]\n", b"not UTF-8")):
        path = tmp_path / "config.toml"
        path.write_bytes(body)
        done = subprocess.run([sys.executable, "-m", "host.commands.main", "run", "--config", str(path)],
                              capture_output=True, timeout=60)
        assert done.returncode == 2 and words in done.stderr
        assert b"Traceback" not in done.stderr


def test_hub_baud_is_the_rate_the_hubs_port_is_opened_at(tmp_path):
    """``[hub] baud`` reaches the serial open of ``hexref run`` (a UART bridge runs at it;
    the Pico's USB CDC ignores it), and a rate no serial line has is refused."""
    import os

    from host.app.run import build

    cfg = parse('[hub]\nbaud = 57600\n[data]\ndir = "%s"\n' % (tmp_path / "data"), "t.toml")
    app = build(cfg, emulate=tmp_path / "frames", gpio=False)
    master, slave = os.openpty()
    try:
        port = app.conn.open_port(os.ttyname(slave))
        assert port.baudrate == 57600
        port.close()
    finally:
        app.close()
        os.close(master)
        os.close(slave)
    with pytest.raises(ConfigError, match="hub.baud = 0"):
        parse("[hub]\nbaud = 0\n", "t.toml")
