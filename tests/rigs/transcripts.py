"""A demo's transcript (``out/demo/transcript.txt``: each frame's texts under its ``---
frame NNNN ---`` line, as host/app/run.py and host/app/pocket_demo.py write them), read
back frame by frame, and what a player would find wrong in it."""
from __future__ import annotations

import re
from pathlib import Path

FRAME = re.compile(r"^--- frame (\d{4}) ---$")


def frames(transcript: Path) -> list[list[str]]:
    """Each frame's lines, in order (frame N at index N - 1)."""
    out: list[list[str]] = []
    for line in transcript.read_text().splitlines():
        found = FRAME.match(line)
        if found:
            assert int(found.group(1)) == len(out) + 1, "frame %s after %d frames" % (
                found.group(1), len(out))
            out.append([])
        elif out:
            out[-1].append(line)
    return out


def back_before_the_roll(said: list[list[str]], rolling: str) -> list[int]:
    """The frames (numbered from 1) that show again the screen from before a roll while
    the roll is under way: right after the ``rolling`` note ("Rolling..."), the screen
    that asked for the roll. A roll's end always shows something new (its total, a
    refusal, "Die is crooked")."""
    return [i + 2 for i in range(1, len(said) - 1)
            if said[i][-1:] == ["> " + rolling] and said[i + 1] == said[i - 1]]
