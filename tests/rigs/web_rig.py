"""A real ``hexref web`` (or ``hexref club``) process for the tests and the bench: started
on a free loopback port, its address read from its first line, stopped at the end."""
from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "web"  # screenshots for a person to look at
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
PHONE = {"width": 390, "height": 844, "pixelRatio": 2}  # a common phone, in CSS pixels


def chromium(phone: bool = True, width: int = 1280, height: int = 900):
    """Debian's headless Chromium through Debian's chromedriver, with a fresh profile; a
    phone's screen, or a laptop's ``width`` x ``height``."""
    import tempfile

    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    from rigs.debian import tool

    options = Options()
    options.binary_location = tool("chromium", "chromium")
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="hexref-chromium-"))
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": PHONE,
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                         "(KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"})
    else:
        options.add_argument("--window-size=%d,%d" % (width, height))
    driver = webdriver.Chrome(service=Service(tool("chromedriver", "chromium-driver")),
                              options=options)
    driver.set_page_load_timeout(30)
    return driver


class Server:
    @staticmethod
    def command(*args: str) -> list[str]:
        return [sys.executable, "-m", "host.commands.main", *args]

    def __init__(self, *args: str, env: dict | None = None, timeout_s: float = 20.0,
                 preexec_fn=None) -> None:
        import tempfile

        # The server's log goes to a file: a pipe nobody reads would stop a server that
        # logs a lot, which is one of the defects the tests look for.
        self.stderr = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(
            self.command(*args, "--port", "0", "--host", "127.0.0.1"),
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.stderr, text=True,
            env=dict(os.environ, **(env or {})), preexec_fn=preexec_fn)
        line = ""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and self.proc.poll() is None:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.2)
            if ready:
                line = self.proc.stdout.readline()  # type: ignore[union-attr]
                break
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.stop()
            raise AssertionError("%s did not start: %r %s" % (args[0], line, self.errors()))
        self.url = "http://127.0.0.1:%s" % found.group(1)

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=10) as res:
            return json.loads(res.read())

    def wait_for(self, path: str, check, timeout_s: float = 20.0) -> dict:
        """GET ``path`` until ``check(json)`` holds; the last answer otherwise fails."""
        deadline = time.monotonic() + timeout_s
        while True:
            got = self.get(path)
            if check(got) or time.monotonic() > deadline:
                assert check(got), "%s never matched: %s" % (path, json.dumps(got)[:2000])
                return got
            time.sleep(0.05)

    def errors(self) -> str:
        """What the server has logged so far."""
        self.stderr.seek(0)
        return self.stderr.read()

    @property
    def log(self) -> str:
        return self.errors()

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout:
            self.proc.stdout.close()
        return self.proc.returncode

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class Events:
    """The page's event stream, read in a thread: every ``state`` event's data. HTTP/1.0,
    so the stream is the body as sent (no chunks) and closing is a plain socket shutdown."""

    def __init__(self, url: str) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=60)
        self.sock.sendall(b"GET /api/events HTTP/1.0\r\nHost: %s\r\n\r\n" % host.encode())
        self.file = self.sock.makefile("rb")
        status = self.file.readline().decode()
        assert " 200 " in status, status
        headers = {}
        while (line := self.file.readline().decode().strip()):
            name, _, value = line.partition(":")
            headers[name.lower()] = value.strip()
        assert headers["content-type"].startswith("text/event-stream"), headers
        self.states: list[dict] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.file:
                line = raw.decode().rstrip("\n")
                if line.startswith("data: "):
                    self.states.append(json.loads(line[6:]))
        except (OSError, ValueError):
            pass  # closed

    def wait_for(self, check, timeout_s: float = 20.0) -> dict:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for state in list(self.states):
                if check(state):
                    return state
            time.sleep(0.02)
        raise AssertionError("no pushed state matched; last: %s"
                             % json.dumps(self.states[-1:])[:1500])

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(timeout=5)
        self.file.close()
        self.sock.close()


AXE = ROOT / "tests" / "node_modules" / "axe-core" / "axe.min.js"


def scheme(driver, colours: str) -> None:
    """Show the page as a phone set to ``colours`` ("dark" or "light") would."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": colours}]})


def axe(driver) -> list[dict]:
    """axe-core (npm, tests/package.json) run on the page as it is now: its violations,
    each {"id", "impact", "help", "nodes": [html of each element]}."""
    driver.execute_script(AXE.read_text())
    driver.set_script_timeout(60)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.map((n) => n.html.slice(0, 120))}))))"
        ".catch((e) => done([{id: 'axe-failed', impact: 'critical', help: String(e),"
        " nodes: []}]));")
    return list(found)


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]
