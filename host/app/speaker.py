"""The referee's voice, out of the game's way (issue 34): the run loop hands ``say`` the
sentences of a result and goes on at once; a thread of its own makes them into sound (the
cache first: host/devices/voice.py) and plays them. A newer result cuts the one still
being said: players want the latest ruling, not a queue of old ones. A voice or a sound
card that fails is told once (``problem``: the run loop puts it on the panel and in the
log) and the game goes on without sound.

``archive``: a folder where every utterance is kept as a numbered WAV, in order, cut or
not (``hexref demo --voice on``: <out>/voice/0001.wav...).
"""
from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from host.common import logs
from host.common.i18n import _
from host.devices.voice import Cache, Player, VoiceFailed

log = logs.get("voice")


@dataclass
class Utterance:
    number: int
    text: str
    lang: str
    asked: float  # time.monotonic() when the result was given
    generation: int  # the say() it came from: an older one is cut


class Speaker:
    def __init__(self, voice, player: Player | None, cache: Cache | None,
                 volume: int = 80, archive: Path | None = None) -> None:
        self.voice = voice
        self.player = player
        self.cache = cache
        self.volume = volume
        self.archive = archive
        self.queue: deque[Utterance] = deque()
        self.wake = threading.Condition()
        self.generation = 0
        self.count = 0
        self.busy = False
        self.closed = False
        self.problem: str | None = None  # told once (a few words, for the panel), then None
        self.told = False
        self.muted = player is None  # no sound out (a demo without a device): files only
        self.first_sound: list[float] = []  # seconds from a result to its first sound
        self.sounded = 0  # the last say() whose sound began
        missing = voice.missing() if voice is not None else None
        if missing is None and player is not None:
            missing = player.missing()
        if missing is not None:
            no_voice = voice is None or voice.missing() is not None
            self._failed(missing, _("voice not installed") if no_voice else _("no sound card"),
                         fatal_voice=no_voice)
        self.thread = threading.Thread(target=self._run, name="hexref-voice", daemon=True)
        self.thread.start()

    # --- the run loop's side: never waits -----------------------------------------

    def say(self, texts: list[str], lang: str) -> None:
        """Say ``texts`` after cutting whatever is still being said."""
        if not texts:
            return
        now = time.monotonic()
        with self.wake:
            self.generation += 1
            if self.archive is None:  # nobody keeps the stale ones: they go unsaid
                self.queue.clear()
            for text in texts:
                self.count += 1
                self.queue.append(Utterance(self.count, text, lang, now, self.generation))
            self.wake.notify()
        if self.player is not None:
            self.player.stop()

    def take_problem(self) -> str | None:
        """The voice's failure, once: the run loop says it on the panel and in the log."""
        with self.wake:
            problem, self.problem = self.problem, None
        return problem

    def set_volume(self, volume: int) -> None:
        self.volume = max(0, min(100, volume))

    def drain(self, timeout_s: float = 60.0) -> bool:
        """Wait until everything asked is said (the demo, before it writes its transcript)."""
        deadline = time.monotonic() + timeout_s
        with self.wake:
            while (self.queue or self.busy) and time.monotonic() < deadline:
                self.wake.wait(0.05)
            return not (self.queue or self.busy)

    def close(self) -> None:
        with self.wake:
            self.closed = True
            self.queue.clear()
            self.wake.notify_all()
        if self.player is not None:
            self.player.stop()
        self.thread.join(timeout=5)

    # --- the voice's thread -------------------------------------------------------

    def _failed(self, why: str, short: str, fatal_voice: bool = False) -> None:
        """Told once; a sound card that fails leaves the voice for the archive, a voice
        that cannot be made leaves nothing to do."""
        with self.wake:
            if not self.told:
                self.told = True
                self.problem = short
                log.warning("no sound: %s; the game goes on without it", why)
            self.muted = True
            if fatal_voice:
                self.voice = None

    def _run(self) -> None:
        while True:
            with self.wake:
                while not self.queue and not self.closed:
                    self.busy = False
                    self.wake.notify_all()
                    self.wake.wait()
                if self.closed:
                    return
                item = self.queue.popleft()
                self.busy = True
                current = item.generation == self.generation
            try:
                self._say(item, current)
            except Exception as exc:  # noqa: BLE001 - the voice never stops the referee
                self._failed(str(exc) or type(exc).__name__, _("the voice failed"))

    def _say(self, item: Utterance, current: bool) -> None:
        if self.voice is None:
            return
        wav = self._rendered(item)
        if wav is None:
            return
        if self.archive is not None:
            self.archive.mkdir(parents=True, exist_ok=True)
            (self.archive / ("%04d.wav" % item.number)).write_bytes(wav)
        with self.wake:
            cut = item.generation != self.generation or self.muted
        if cut or not current or self.player is None:
            return
        first = item.generation != self.sounded
        self.sounded = item.generation

        def sounded(t: float) -> None:
            if first:  # a result's first sound; its next sentences follow it
                self.first_sound.append(t - item.asked)

        try:
            self.player.play(wav, sounded)
        except VoiceFailed as exc:
            self._failed(str(exc), exc.short)

    def _rendered(self, item: Utterance) -> bytes | None:
        volume = self.volume
        voice = self.voice.voice(item.lang, volume)
        wav = self.cache.get(item.text, item.lang, voice) if self.cache is not None else None
        if wav is None:
            try:
                wav = self.voice.render(item.text, item.lang, volume)
            except VoiceFailed as exc:
                self._failed(str(exc), exc.short)
                return None
            if self.cache is not None:
                self.cache.put(item.text, item.lang, voice, wav)
        return wav
