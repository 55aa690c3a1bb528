"""A phone joins without typing an address (issue 21, item 4): the game menu's "Phone page"
shows the address ``hexref web`` serves as a QR code on the panel. Read back from the
panel's pixels by a real decoder (ZXing's C++ port), the code is that address: for the
addresses a table meets (a LAN address, the longest IPv4, a name, IPv6), as the panel's PNG
and as a camera sees a glowing panel (enlarged, blurred); and from the same config, the
panel's code and the page's own ``/api/join`` give the same address.
"""
from __future__ import annotations

import io
import json
import select
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter
from rigs.tree import ROOT

from host.app.run import GameMenu
from host.common.config import Web
from host.common.i18n import LANGUAGES, speaking
from host.devices.inputs import BACK, OK, UP
from host.devices.panel import render
from host.display import layout, screens

ADDRESSES = ("http://192.168.1.23:8080/", "http://192.168.100.200:8080/", "http://10.0.0.5:80/",
             "http://hexref.local:8080/", "http://table-three-at-the-club.local:8080/",
             "http://[fe80::1234:5678:9abc:def0]:8080/")


def decoded(image: Image.Image) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(image.convert("L"))]


def as_png(image: Image.Image) -> Image.Image:
    """The frame as the emulated panel saves it (``hexref run --emulate``)."""
    out = io.BytesIO()
    image.save(out, "PNG")
    out.seek(0)
    return Image.open(out)


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_panels_code_is_the_address(address: str):
    view = screens.phone_page(address)
    frame = render(view)
    assert decoded(as_png(frame)) == [address]
    # A camera a hand's width away: each lit pixel glows over a quarter of a module.
    qr = next(p for p in layout.lay_out(view) if p.part == "qr")
    scale, side = layout.qr_scale(address), layout.qr_size(address)
    seen = frame.convert("L").resize((512, 256), Image.Resampling.NEAREST)
    assert decoded(seen.filter(ImageFilter.GaussianBlur(scale))) == [address]
    # Dark modules on the code's lit box, a lit quiet zone of 2 modules all round.
    quiet = layout.QR_QUIET * scale
    ring = [frame.getpixel((qr.x + i, qr.y + j)) for i in range(side) for j in range(side)
            if min(i, j) < quiet or max(i, j) >= side - quiet]
    assert set(ring) == {255}
    # Two pixels a module when the code is small enough (every IPv4 address at port 8080).
    if len(address) <= 28:
        assert scale == 2, address


def test_the_check_can_fail():
    """Without its quiet zone (a text or the bezel against it) the code is not read."""
    address = ADDRESSES[0]
    view = screens.phone_page(address)
    frame = render(view)
    qr = next(p for p in layout.lay_out(view) if p.part == "qr")
    side, quiet = layout.qr_size(address), layout.QR_QUIET * layout.qr_scale(address)
    ImageDraw.Draw(frame).rectangle((qr.x, qr.y, qr.x + side - 1, qr.y + side - 1),
                                    outline=0, width=quiet)
    assert decoded(frame) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_opens_and_closes_the_phone_page(lang: str):
    with speaking(lang):
        menu = GameMenu(web=Web(host="192.168.1.23", port=8080))
        menu.press(UP)  # wraps to the last line: the phone page
        assert menu.view().lines[menu.view().selected] == screens.phone_page("").header
        assert menu.press(OK) is None
        view = menu.view()
        assert view.kind == "phone-page" and decoded(render(view)) == [
            "http://192.168.1.23:8080/"]
        menu.press(UP)  # nothing moves under the code
        assert menu.view() == view
        menu.press(BACK)
        assert menu.view().kind == "menu" and menu.cursor == len(menu.items()) - 1
        menu.press(OK)
        menu.press(OK)  # OK leaves it too
        assert menu.view().kind == "menu"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _page_address(config: Path, data: Path, port: int) -> str:
    """What a real ``hexref web`` run with ``config`` gives the next phone: its /api/join."""
    web = subprocess.Popen(
        [sys.executable, "-m", "host.commands.main", "web", "--config", str(config), "--data",
         str(data)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        ready, _w, _x = select.select([web.stdout], [], [], 20)
        line = web.stdout.readline() if ready else ""  # type: ignore[union-attr]
        assert "http://127.0.0.1:%d/" % port in line, line  # [web] port, not 8080
        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/api/join" % port,
                                            timeout=5) as res:
                    return json.loads(res.read())["url"]
            except OSError:
                assert time.monotonic() < deadline, "hexref web never answered"
                time.sleep(0.1)
    finally:
        web.terminate()
        web.wait(timeout=10)
        web.stdout.close()  # type: ignore[union-attr]


@pytest.mark.system
def test_the_panel_and_the_page_give_one_address_from_one_config(tmp_path: Path):
    """``hexref run`` (its panel emulated as PNG frames, the hub the firmware on a pty) and
    ``hexref web`` with one config: the hub's A walks the game menu to "Phone page", B opens
    it, and the code in the panel's last frame is the page's own /api/join address."""
    from rigs.process_table import Cable, start_host, start_hub, stop, wait_for

    port = _free_port()
    data = tmp_path / "data"
    cable = Cable(tmp_path / "hexref-hub")
    config = tmp_path / "hexref.toml"
    config.write_text('[hub]\nport = "%s"\n[data]\ndir = "%s"\n[web]\nhost = "127.0.0.1"\n'
                      'port = %d\n' % (cable.path, data, port))
    lines = len(GameMenu().items())  # the phone page's is the last
    steps = [{"after": 1500 if n == 0 else 300, "do": "press", "button": "A"}
             for n in range(lines - 1)] + [{"after": 300, "do": "press", "button": "B"}]
    hub = start_hub(cable, steps, tmp_path / "script.json")
    frames = tmp_path / "frames"
    host = start_host(config, frames)

    def code() -> list[str]:
        for name in reversed(sorted(frames.glob("frame_*.png"))[-2:]):
            try:  # the newest may still be being written: then the one before
                with Image.open(name) as frame:
                    return decoded(frame)
            except (OSError, SyntaxError):
                continue
        return []
    try:
        shown = wait_for(code, 30)
    finally:
        stop(host, hub)
        cable.close()
    page = _page_address(config, data, port)
    assert page == "http://127.0.0.1:%d/" % port
    assert shown == [page]
