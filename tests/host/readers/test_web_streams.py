"""The live page never freezes (issue 21, item 3): a real ``hexref web`` (uvicorn on loopback)
with 200 phones following it over real HTTP streams, some of them leaving at random while an
update is being sent, and every phone still there gets every commit; out of file descriptors
a new phone gets a plain error and the log says so once."""
from __future__ import annotations

import asyncio
import json
import random
import resource
import socket
import time
from pathlib import Path

import pytest
from rigs.web_rig import Server

from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers

STREAMS = 200
COMMITS = 16


async def _open_stream(host: str, port: int):
    """One phone's ``/api/events`` (HTTP/1.0: the body is the stream as sent)."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(b"GET /api/events HTTP/1.0\r\nHost: %s\r\n\r\n" % host.encode())
    await writer.drain()
    status = await reader.readline()
    assert b" 200 " in status, status
    while (await reader.readline()).strip():
        pass
    return reader, writer


async def _follow(reader: asyncio.StreamReader, seen: list[int]) -> None:
    """Every pushed state's number of games, until the stream ends."""
    try:
        while line := await reader.readline():
            if line.startswith(b"data: "):
                seen.append(len(json.loads(line[6:])["games"]))
    except (ConnectionError, OSError):
        pass


async def _phones(url: str, data: Path) -> tuple[list[list[int]], set[int], int]:
    host, port = url.removeprefix("http://").split(":")
    opened = await asyncio.gather(*(_open_stream(host, int(port)) for _ in range(STREAMS)))
    seen: list[list[int]] = [[] for _ in opened]
    tasks = [asyncio.create_task(_follow(r, s)) for (r, _w), s in zip(opened, seen, strict=True)]
    while not all(s for s in seen):  # every phone has its first state
        await asyncio.sleep(0.05)
    store = Store(data, durable=False)
    chance = random.Random(21)
    gone: set[int] = set()
    for commit in range(1, COMMITS + 1):
        store.new_game("jl-beginner", ["Ana", "Ben"])
        # Phones leave while the update goes out: some at once, some a little later.
        leaving = chance.sample(sorted(set(range(STREAMS)) - gone), 6)
        for i in leaving:
            await asyncio.sleep(chance.choice((0, 0, 0.002, 0.01, 0.05)))
            opened[i][1].transport.abort()  # a phone dropping off the network
            gone.add(i)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(
                seen[i] and seen[i][-1] == commit for i in range(STREAMS) if i not in gone):
            await asyncio.sleep(0.02)
    for _r, writer in opened:
        writer.transport.abort()
    await asyncio.gather(*tasks, return_exceptions=True)
    return seen, gone, COMMITS


def test_two_hundred_phones_leaving_at_random_never_freeze_the_page(tmp_path: Path):
    data = tmp_path / "data"
    Store(data).close()
    with Server("web", "--data", str(data)) as web:
        seen, gone, commits = asyncio.run(_phones(web.url, data))
        stayed = [s for i, s in enumerate(seen) if i not in gone]
        assert len(stayed) == STREAMS - 6 * commits
        missing = {i: sorted(set(range(1, commits + 1)) - set(s))
                   for i, s in enumerate(seen) if i not in gone
                   and not set(range(1, commits + 1)) <= set(s)}
        assert not missing, "phones that missed commits (phone: commits): %s" % dict(
            list(missing.items())[:10])
        # And the page still answers a phone arriving now.
        assert len(web.get("/api/state")["games"]) == commits
        assert web.stop() == 0, web.errors()


def _low_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))


def test_out_of_file_descriptors_a_new_phone_gets_a_plain_error_said_once(tmp_path: Path):
    data = tmp_path / "data"
    Store(data).close()
    web = Server("web", "--data", str(data), preexec_fn=_low_files)
    phones: list[socket.socket] = []
    try:
        host, port = web.url.removeprefix("http://").split(":")
        answers = []
        for _ in range(120):  # far more than 64 descriptors allow
            sock = socket.create_connection((host, int(port)), timeout=1)
            sock.sendall(b"GET /api/events HTTP/1.0\r\nHost: x\r\n\r\n")
            phones.append(sock)
            try:
                answers.append(sock.recv(200).split(b"\r\n")[0])
            except (TimeoutError, ConnectionError) as exc:
                answers.append(repr(exc).encode())
        time.sleep(3)  # what the server logs while it is full
        refused = [a for a in answers if b" 503 " in a]
        assert answers[0].endswith(b" 200 OK") and refused, answers
        assert all(a.endswith(b" 200 OK") or b" 503 " in a for a in answers), answers
    finally:
        for sock in phones:
            sock.close()
        web.stop()
    log = web.log.splitlines()
    said = [line for line in log if "phones" in line or "open files" in line.lower()]
    assert len(said) == 1, log[:20]
    assert len(log) < 5, log[:20]
