"""A paired table flooding the club night (issue 32, item 2), as the issue measured it: a
table whose owner holds its key sends whole games played by a machine, 11,308 signed entries
a second for 10 s, through Debian's Mosquitto to ``hexref club`` as its own process.
Prints, never asserts: the entries refused and why, the organiser's memory (RSS before,
after, and its peak) and CPU, how long the page took to answer meanwhile, and whether any
of the flood's games reached the standings (none should: tests/host/readers/
test_club_hostile.py checks that; DESIGN.md, "Club nights", the pace chosen).

usage: .venv/bin/python tests/bench_club_flood.py
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import paho.mqtt.client as mqtt
from rigs.broker import Mosquitto, free_port, machine_game, pair
from rigs.web_rig import Server

from host.readers.club import club_secret
from host.readers.club_messages import key_of, pairing_code, sign

QUICK = os.environ.get("HEXREF_BENCH") == "quick"
RATE = 11_308  # signed entries a second, the issue's
SECONDS = 1 if QUICK else 10


def _status(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            fields[line.split(":")[0]] = int(line.split()[1])
    return fields


def _cpu_s(pid: int) -> float:
    stat = Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        broker = Mosquitto(folder, free_port(), "allow_anonymous true\nmax_queued_messages 0\n")
        broker.start()
        url = "mqtt://127.0.0.1:%d" % broker.port
        secret = club_secret(folder / "organiser")
        pair(folder / "flood", "Flood", secret)
        key = key_of(pairing_code(secret, "Flood").replace("-", ""))
        game = machine_game(folder / "flood")
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="flood",
                             protocol=mqtt.MQTTv311)
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        try:
            with Server("club", "--broker", url, "--data", str(folder / "organiser")) as club:
                night = club.wait_for("/api/club", lambda s: s["night"])["night"]
                pid = club.proc.pid
                time.sleep(1.0)  # settled: the page served once, the broker subscribed
                before, cpu_before = _status(pid), _cpu_s(pid)
                page: list[float] = []
                done = threading.Event()

                def ask() -> None:
                    while not done.is_set():
                        start = time.perf_counter()
                        with urllib.request.urlopen(club.url + "/api/club", timeout=30) as r:
                            r.read()
                        page.append(time.perf_counter() - start)
                        time.sleep(0.1)

                asker = threading.Thread(target=ask, daemon=True)
                asker.start()
                sent = 0
                start = time.monotonic()
                while time.monotonic() - start < SECONDS:
                    for _ in range(RATE // 100):  # paced in hundredths of a second
                        m = game[sent % len(game)]
                        client.publish("hexref/club/Flood/journal", json.dumps(sign(
                            dict(m, table="Flood", game=1 + sent // len(game), night=night),
                            key)), qos=0)
                        sent += 1
                    lag = start + sent / RATE - time.monotonic()
                    if lag > 0:
                        time.sleep(lag)
                flood_s = time.monotonic() - start
                client.publish("hexref/club/Flood/index", b'{"flood": "over"}',
                               qos=1).wait_for_publish(10)
                snap = club.wait_for("/api/club", lambda s: any(
                    r["why"].startswith("not signed")
                    for r in s["rejected"].get("Flood", {}).get("reasons", [])),
                    timeout_s=600)
                done.set()
                asker.join(timeout=30)
                after, cpu_after = _status(pid), _cpu_s(pid)
        finally:
            client.disconnect()
            client.loop_stop()
            broker.stop()
    reasons = snap["rejected"]["Flood"]["reasons"]
    print("club flood: %d signed entries in %.1f s (%d a second; the issue's: %d)"
          % (sent, flood_s, sent / flood_s, RATE))
    print("  taken: %d entries; refused: %s" % (snap["entries"], ", ".join(
        "%d %s" % (r["count"], r["why"]) for r in reasons)))
    print("  standings: %s" % (snap["standings"] or "none of the flood's games"))
    print("  organiser RSS: %.1f MB before, %.1f MB after (peak %.1f MB); CPU %.1f s"
          % (before["VmRSS"] / 1024, after["VmRSS"] / 1024, after["VmHWM"] / 1024,
             cpu_after - cpu_before))
    print("  the page meanwhile: %d answers, median %.1f ms, slowest %.1f ms"
          % (len(page), statistics.median(page) * 1000, max(page) * 1000))
    return 0


if __name__ == "__main__":
    sys.exit(main())
