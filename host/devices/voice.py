"""The referee's voice as a device: a sentence made into sound (Debian's ``espeak-ng``, or a
``piper`` voice where the config names a model), kept in a cache on disk, and played
through ALSA (``aplay``: the headphone jack, HDMI, a USB speaker or the MAX98357A I2S
amplifier, whichever PCM the config names).

Each part is a small object the speaker loop (host/app/speaker.py) is handed, so a test
or the bench plays through ALSA's ``null`` PCM with the real programs, and nothing here
knows a game.
"""
from __future__ import annotations

import array
import hashlib
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Callable
from pathlib import Path

from host.common.i18n import _

# espeak-ng's voice for each table's language (espeak-ng --voices=LANG).
ESPEAK_VOICES = {"en": "en-gb", "fr": "fr-fr", "es": "es"}
RENDER_TIMEOUT_S = 20.0  # a long sentence on a Pi Zero 2 W takes well under 1 s


class VoiceFailed(Exception):
    """The voice could not be made or played: the message says why, in a sentence, for
    the log; ``short`` says it in a few words, for the panel."""

    def __init__(self, message: str, short: str = "") -> None:
        super().__init__(message)
        self.short = short or _("the voice failed")


# --- WAV bytes ----------------------------------------------------------------------------


def normalised(wav: bytes) -> bytes:
    """A WAV with its true sizes: ``espeak-ng --stdout`` streams one whose RIFF and data
    sizes say "as long as it goes", which Python's ``wave`` and some players misread."""
    if wav[:4] != b"RIFF" or wav[8:12] != b"WAVE":
        raise VoiceFailed(_("the voice gave no WAV sound"))
    at, fmt, data = 12, None, None
    while at + 8 <= len(wav):
        chunk, size = wav[at:at + 4], struct.unpack("<I", wav[at + 4:at + 8])[0]
        body = at + 8
        if chunk == b"fmt ":
            fmt = wav[body:body + size]
        elif chunk == b"data":
            data = wav[body:min(len(wav), body + size)]
            break
        at = body + size + (size & 1)
    if fmt is None or data is None or len(fmt) < 16:
        raise VoiceFailed(_("the voice gave no WAV sound"))
    channels, rate = struct.unpack("<HI", fmt[2:8])
    width = struct.unpack("<H", fmt[14:16])[0] // 8
    data = data[:len(data) - len(data) % (channels * width)]
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(data)
    return out.getvalue()


def louder(wav: bytes, volume: int) -> bytes:
    """``wav`` at ``volume`` percent (16-bit samples scaled; 100 leaves it as it is): for a
    piper voice, which has no volume of its own. Python's work per sample: once per phrase
    and volume, as the cache keeps it."""
    if volume >= 100:
        return wav
    with wave.open(io.BytesIO(wav)) as r:
        params = r.getparams()
        frames = r.readframes(r.getnframes())
    if params.sampwidth != 2:
        return wav
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    scale = max(0, volume) / 100.0
    samples = array.array("h", (int(s * scale) for s in samples))
    if sys.byteorder == "big":
        samples.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setparams(params)
        w.writeframes(samples.tobytes())
    return out.getvalue()


def seconds(wav: bytes) -> float:
    with wave.open(io.BytesIO(wav)) as r:
        return r.getnframes() / float(r.getframerate())


# --- voices -------------------------------------------------------------------------------


class Espeak:
    """Debian's espeak-ng (on Raspberry Pi OS too): small (about 2 MB with its data), every
    language of the table, fast enough on a Pi Zero 2 W to speak as the result is shown."""

    def __init__(self, rate: int = 150, binary: str = "espeak-ng") -> None:
        self.rate = rate
        self.binary = binary

    def missing(self) -> str | None:
        if shutil.which(self.binary) is None:
            return _("espeak-ng is not installed (sudo apt install espeak-ng)")
        return None

    def voice(self, lang: str, volume: int = 100) -> str:
        """The voice a rendering is cached under."""
        return "espeak-ng/%s/%d/%d" % (ESPEAK_VOICES.get(lang, "en-gb"), self.rate, volume)

    def render(self, text: str, lang: str, volume: int = 100) -> bytes:
        """``text`` said in ``lang`` at ``volume`` percent of the voice's own loudness
        (espeak-ng's amplitude: scaled by espeak-ng itself, so the referee's process does
        no work per sample that would hold its loop)."""
        try:
            done = subprocess.run(
                [self.binary, "-v", ESPEAK_VOICES.get(lang, "en-gb"), "-s", str(self.rate),
                 "-a", str(max(0, min(200, volume))), "--stdout", text],
                capture_output=True, timeout=RENDER_TIMEOUT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise VoiceFailed(_("espeak-ng failed: %s") % exc) from None
        if done.returncode != 0:
            raise VoiceFailed(_("espeak-ng failed: %s") % _last_line(done.stderr))
        return normalised(done.stdout)


class Piper:
    """A piper voice (``piper-tts``): one model, one language (its ``.onnx.json`` says
    which; else the file's name, ``fr_FR-siwis-medium.onnx``). The table's other
    languages are spoken by espeak-ng."""

    def __init__(self, model: Path, fallback: Espeak, binary: str = "piper") -> None:
        self.model = model
        self.fallback = fallback
        self.binary = binary
        self.lang = model_language(model)

    def missing(self) -> str | None:
        if shutil.which(self.binary) is None:
            return _("piper is not installed (pip install piper-tts)")
        if not self.model.is_file():
            return _("no piper model at %s") % self.model
        return None

    def voice(self, lang: str, volume: int = 100) -> str:
        if lang != self.lang:
            return self.fallback.voice(lang, volume)
        return "piper/%s/%d" % (self.model.name, volume)

    def render(self, text: str, lang: str, volume: int = 100) -> bytes:
        if lang != self.lang:
            return self.fallback.render(text, lang, volume)
        try:
            done = subprocess.run([self.binary, "--model", str(self.model), "--output_file",
                                   "/dev/stdout"], input=text.encode(), capture_output=True,
                                  timeout=RENDER_TIMEOUT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise VoiceFailed(_("piper failed: %s") % exc) from None
        if done.returncode != 0:
            raise VoiceFailed(_("piper failed: %s") % _last_line(done.stderr))
        return louder(normalised(done.stdout), volume)


def model_language(model: Path) -> str:
    """A piper model's language, two letters: its ``.onnx.json`` or its file's name."""
    try:
        meta = json.loads(Path(str(model) + ".json").read_text())
        code = meta.get("language", {}).get("code", "")
    except (OSError, ValueError, AttributeError):
        code = ""
    return (code or model.name)[:2].lower()


def _last_line(raw: bytes) -> str:
    lines = [ln for ln in raw.decode("utf-8", "replace").splitlines() if ln.strip()]
    return lines[-1].strip() if lines else _("no reason given")


# --- the cache ----------------------------------------------------------------------------


class Cache:
    """Renderings on disk by (text, language, voice): a phrase is made once and read back
    after (about 45 KB a second of speech, 22 kHz 16-bit mono). Kept under ``limit``
    bytes: the least recently said go first. On the SD card, not in RAM (the Pi Zero 2 W
    has 512 MB)."""

    def __init__(self, folder: Path, limit: int) -> None:
        self.folder = folder
        self.limit = limit
        self.lock = threading.Lock()
        self.size = -1  # counted on first use

    @staticmethod
    def key(text: str, lang: str, voice: str) -> str:
        return hashlib.sha256("\0".join((voice, lang, text)).encode()).hexdigest()[:32]

    def get(self, text: str, lang: str, voice: str) -> bytes | None:
        path = self.folder / (self.key(text, lang, voice) + ".wav")
        try:
            wav = path.read_bytes()
            os.utime(path)  # said again: the last to go
        except OSError:
            return None
        return wav

    def put(self, text: str, lang: str, voice: str, wav: bytes) -> None:
        with self.lock:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                if self.size < 0:
                    self.size = sum(p.stat().st_size for p in self.folder.glob("*.wav"))
                path = self.folder / (self.key(text, lang, voice) + ".wav")
                tmp = path.with_suffix(".tmp")
                tmp.write_bytes(wav)
                os.replace(tmp, path)
                self.size += len(wav)
                if self.size > self.limit:
                    self._trim()
            except OSError:
                pass  # a full or read-only disk costs the cache, never the voice

    def _trim(self) -> None:
        files = sorted(self.folder.glob("*.wav"), key=lambda p: p.stat().st_mtime)
        for path in files:
            if self.size <= self.limit * 3 // 4:
                break
            size = path.stat().st_size
            path.unlink()
            self.size -= size


# --- the sound out ------------------------------------------------------------------------


class Player:
    """ALSA's ``aplay`` on the config's PCM (``default``, ``plughw:CARD=Headphones``,
    ``null``...). ``play`` returns when the sound is over or ``stop`` cut it."""

    def __init__(self, device: str = "default", binary: str = "aplay") -> None:
        self.device = device
        self.binary = binary
        self.proc: subprocess.Popen | None = None
        self.stops = 0  # stop() calls so far: a play that sees it move was cut

    def missing(self) -> str | None:
        if shutil.which(self.binary) is None:
            return _("aplay is not installed (sudo apt install alsa-utils)")
        return None

    def play(self, wav: bytes, first_sound: Callable[[float], None] | None = None) -> None:
        """Play ``wav``; ``first_sound(t)`` is told (time.monotonic) when ALSA has taken its
        first samples. A device that cannot play raises VoiceFailed with ALSA's reason."""
        stops = self.stops
        try:
            proc = subprocess.Popen([self.binary, "-q", "-D", self.device, "-"],
                                    stdin=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as exc:
            raise VoiceFailed(_("cannot play sound: %s") % exc, _("no sound card")) from None
        self.proc = proc
        if self.stops != stops:  # cut while it started
            proc.terminate()
        assert proc.stdin is not None
        try:
            # aplay reads the header, opens the device, then reads the samples it plays:
            # once the first ~50 ms of them have left the pipe, ALSA has them.
            proc.stdin.write(wav[:44])
            proc.stdin.flush()
            if _drained(proc):
                proc.stdin.write(wav[44:44 + 2048])
                proc.stdin.flush()
                if _drained(proc) and first_sound is not None and self.stops == stops:
                    first_sound(time.monotonic())
            proc.stdin.write(wav[44 + 2048:])
            proc.stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass  # stopped, or the device refused: its exit says which
        err = proc.stderr.read() if proc.stderr is not None else b""
        code = proc.wait()
        self.proc = None
        if code != 0 and self.stops == stops:
            raise VoiceFailed(_("cannot play sound on %(device)s: %(why)s") % {
                "device": self.device, "why": _last_line(err)}, _("no sound card"))

    def stop(self) -> None:
        """Cut the sound playing now (a newer result is to be said). Takes no lock the
        playing thread holds: the run loop calls it and must not wait."""
        self.stops += 1
        proc = self.proc
        if proc is not None:
            try:
                proc.terminate()  # nothing if it has ended (Popen knows)
            except OSError:
                pass


def _drained(proc: subprocess.Popen, timeout_s: float = 2.0) -> bool:
    """Wait until ``proc`` has taken everything written to its stdin (Linux says how much
    waits in a pipe through FIONREAD, on either end); False if it ended first (stopped, or
    the device refused) or took longer than ``timeout_s``."""
    import fcntl
    import termios

    assert proc.stdin is not None
    waiting = array.array("i", [0])
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            fcntl.ioctl(proc.stdin.fileno(), termios.FIONREAD, waiting, True)
        except OSError:
            return False
        if waiting[0] == 0:
            return True
        time.sleep(0.001)
    return False
