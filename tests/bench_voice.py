"""The voice's cost to the game (issue 34): the host's work per input with the voice off and
on (the same figures: the voice is handed the sentences and the loop goes on), and the time
from a result to its first sound. Prints, never asserts.

Each demo game is played input by input into a referee with a durable SQLite journal
(committed before the ACK, as on the Pi); per input is timed what the run loop does: the
rules and the journal, the game's screen and its pixels (host/devices/panel.render), and,
voice on, the result's sentences (host/games/spoken.py) handed to the speaker
(host/app/speaker.py), whose own thread renders them with Debian's espeak-ng and plays them
through ALSA's null PCM with the real aplay. A result's first sound is when its first
samples have left the pipe to aplay (host/devices/voice.Player): the cache empty, then
full. Last, the cache: how many phrases the six demo games say in three languages, and
their size on disk.

usage: .venv/bin/python tests/bench_voice.py
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from host.app.demo import rehearse, rigs
from host.app.speaker import Speaker
from host.common import i18n
from host.devices.panel import render
from host.devices.voice import Cache, Espeak, Player
from host.games.descriptor import open_game
from host.games.spoken import said_at
from host.session.adapter import Referee
from host.storage.store import Store

QUICK = os.environ.get("HEXREF_BENCH") == "quick"  # make test: tests/benches.py


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0.0


def play(variant: str, folder: Path, speaker: Speaker | None, lang: str) -> list[float]:
    """Milliseconds of host work for each input of ``variant``'s demo game."""
    store = Store(folder, durable=True)
    rig = rigs()[variant]
    game_id = store.new_game(variant, list(rig.players))
    presenter = open_game(variant, rig.players).presenter
    times: list[float] = []
    on_event, on_press = Referee.on_event, Referee.on_press

    def timed(method):
        def run(self, *args):
            t0 = time.perf_counter()
            reaction = method(self, *args)
            render(presenter.screen(self.seen()))
            if speaker is not None and reaction.result is not None:
                speaker.say(said_at(self, reaction.result, variant), lang)
            times.append((time.perf_counter() - t0) * 1000.0)
            return reaction
        return run

    Referee.on_event, Referee.on_press = timed(on_event), timed(on_press)  # type: ignore[method-assign]
    try:
        with i18n.speaking(lang):
            rehearse(variant, journal=store.journal(game_id))
    finally:
        Referee.on_event, Referee.on_press = on_event, on_press  # type: ignore[method-assign]
        store.close()
    if speaker is not None:
        speaker.drain(120)
    return times


def main() -> None:
    variants = ["jl-collector"] if QUICK else sorted(rigs())
    langs = ["fr"] if QUICK else list(i18n.LANGUAGES)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cache = Cache(root / "cache", 64 * 1024 * 1024)
        speaker = Speaker(Espeak(), Player("null"), cache)
        runs = 1 if QUICK else 3
        print("host work per input (decode aside: rules, journal commit, screen, pixels; "
              "voice on: + its sentences handed over), ms")
        print("%-14s %-4s %7s %7s %7s %7s" % ("game", "lang", "off p50", "off p99",
                                              "on p50", "on p99"))
        firsts: dict[str, list[float]] = {"empty": [], "full": []}
        all_off: list[float] = []
        all_on: list[float] = []
        n = 0
        for variant in variants:
            for lang in langs:
                off: list[float] = []
                on: list[float] = []
                for run in range(runs):
                    n += 1
                    off += play(variant, root / ("off%d" % n), None, lang)
                    speaker.first_sound.clear()
                    on += play(variant, root / ("on%d" % n), speaker, lang)
                    firsts["empty" if run == 0 else "full"] += speaker.first_sound
                all_off += off
                all_on += on
                print("%-14s %-4s %7.2f %7.2f %7.2f %7.2f" % (
                    variant, lang, statistics.median(off), pct(off, 0.99),
                    statistics.median(on), pct(on, 0.99)))
        print("%-14s %-4s %7.2f %7.2f %7.2f %7.2f   (target: p99 under 5 ms)" % (
            "all", "", statistics.median(all_off), pct(all_off, 0.99),
            statistics.median(all_on), pct(all_on, 0.99)))
        for state, values in firsts.items():
            if values:
                ms = [v * 1000.0 for v in values]
                print("a result to its first sound, cache %s: median %.0f ms, p90 %.0f ms, "
                      "max %.0f ms (%d phrases; espeak-ng, ALSA null PCM)" % (
                          state, statistics.median(ms), pct(ms, 0.9), max(ms), len(ms)))
        files = list((root / "cache").glob("*.wav"))
        size = sum(p.stat().st_size for p in files)
        print("the cache after every demo game in %s: %d phrases, %.1f MB (%.0f KB each on "
              "average); its limit: [voice] cache_mb, 16 MB by default" % (
                  "/".join(langs), len(files), size / 1e6, size / 1e3 / max(1, len(files))))
        speaker.close()


if __name__ == "__main__":
    main()
