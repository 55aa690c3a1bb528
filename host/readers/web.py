"""``hexref web``: the game on every phone at the table.

A process of its own beside ``hexref run``: it opens the referee's SQLite file read-only
(``mode=ro``, ``query_only``; WAL lets a reader in while the referee writes), looks about
ten times a second whether anything was committed (``PRAGMA data_version``), folds the new
journal entries through the referee (``host/readers/web_model.py``) and pushes the page's data to
every open page as a server-sent event. It writes nothing, holds no key and serves nothing
but the page and its data.

    GET /               the page (host/readers/web_page/)
    GET /api/state      the current game (or the last one), past games, the die check
    GET /api/events     the same, pushed on every change (text/event-stream)
    GET /api/games/N    game N, folded
    GET /api/die        the honest-die check

>>> app = create_app(Path("/nonexistent"))
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/die', '/api/events']
"""
from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import socket
import sqlite3
import sys
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from host.common.i18n import _
from host.common.join import join_address
from host.readers import die_check
from host.readers.web_model import Follower, past_games
from host.storage import readonly
from host.storage.store import DB_NAME

PAGE = Path(__file__).with_name("web_page")
POLL_S = 0.1  # how often the database is asked whether anything was committed
HISTORY_PUSHED = 300  # the latest inputs in each push; /api/games/N has the whole game
KEEPALIVE_S = 15.0  # a comment line on an idle stream keeps proxies and phones from closing it


def page_texts() -> tuple[str | tuple[str, str], ...]:
    """Every text the web pages say (host/readers/web_page: ``t(...)`` in the scripts, ``data-t``
    in the HTML; ``nt(singular, plural, n)``: a count's, as a pair), for the page to ask the
    server for them in the table's language."""
    from babel.messages.extract import extract_from_dir

    texts: list[str | tuple[str, str]] = []
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(PAGE),
            [("**.js", "javascript"), ("**.html", "host.common.translations:extract_html")],
            keywords={"t": None, "nt": (1, 2)}):
        said: str | tuple[str, str] = (message if isinstance(message, str)
                                       else (message[0], message[1]))
        if said not in texts:
            texts.append(said)
    return tuple(texts)


class Reader:
    """The referee's database, read-only, followed as it grows. ``refresh()`` says whether
    anything changed; ``snapshot`` is what the page shows."""

    def __init__(self, data_dir: Path, command: str | None = "web") -> None:
        self.path = Path(data_dir) / DB_NAME
        self.command = command  # who says it on stderr (hexref web); None: its caller does
        self.db: sqlite3.Connection | None = None
        self.file_id: tuple[int, int] | None = None
        self.version: int | None = None
        self.follower: Follower | None = None
        self.finished: dict[int, dict[str, Any]] = {}  # a finished game never changes
        self.die = die_check.Tally()
        self.lock = threading.Lock()  # the connection is used by one thread at a time
        self.changes = 0
        self.snapshot: dict[str, Any] = self._empty(_("waiting for the referee's database"))
        self.said: set[str] = set()
        self.refresh()  # the first answer says what is there, not "waiting"

    def _empty(self, status: str) -> dict[str, Any]:
        return {"status": status, "game": None, "players": [], "winner": None,
                "games": [], "die": die_check.check([]).as_dict(), "version": self.changes}

    def _open(self) -> bool:
        try:
            st = os.stat(self.path)
        except OSError:
            return False
        try:
            db = readonly.open_database(self.path)
        except readonly.NewerDatabase as exc:
            self._cannot(_("the referee's database was written by a newer hexref: "
                           "upgrade hexref"), exc)
            return False
        except sqlite3.Error as exc:
            self._cannot(_("cannot read the referee's database: %s") % exc, exc)
            return False
        if db is None:  # gone, or the referee is still creating it
            return False
        self.db, self.file_id, self.version = db, (st.st_dev, st.st_ino), None
        self.follower = None
        self.finished.clear()
        self.die = die_check.Tally()
        return True

    def _replaced(self) -> bool:
        """The file was deleted or made anew (a demo starts with a fresh database)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return True
        return (st.st_dev, st.st_ino) != self.file_id

    def refresh(self) -> bool:
        with self.lock:
            if self.db is not None and (self._replaced()
                                        or not readonly.current(self.db, self.path)):
                self.db.close()
                self.db = None
                if not self._open():  # gone: say so rather than show the old game
                    self.changes += 1
                    self.snapshot = self._empty(_("waiting for the referee's database"))
                    return True
            if self.db is None and not self._open():
                return False
            assert self.db is not None
            try:
                version = readonly.data_version(self.db)
                if version == self.version:
                    return False
                self.version = version
                self.changes += 1
                self.snapshot = self._read(self.db)
            except sqlite3.Error as exc:
                self._cannot(_("cannot read the referee's database: %s") % exc, exc)
                self.db.close()
                self.db = None
            return True

    def _cannot(self, said: str, exc: Exception) -> None:
        """The page says what is wrong without the server's paths; the server's log says
        where, once."""
        self.snapshot = self._empty(said)
        if said not in self.said:
            self.said.add(said)
            if self.command is not None:
                print("hexref %s: %s: %s" % (self.command, self.path, exc), file=sys.stderr,
                      flush=True)

    # --- reading ---------------------------------------------------------------------

    def _feed(self, db: sqlite3.Connection, follower: Follower) -> None:
        follower.feed(*readonly.entries_after(db, follower.game_id, follower.seen))

    def _read(self, db: sqlite3.Connection) -> dict[str, Any]:
        games, damaged = readonly.read_games(db)
        self.die.update(db)
        die = die_check.check(self.die.faces).as_dict()
        listed = past_games(games, _title)
        cannot = [{"id": n, "why": _("game %(id)d cannot be read: %(why)s")
                   % {"id": n, "why": why}} for n, why in sorted(damaged.items())]
        if not games:
            out = self._empty(_("no game yet: choose one on the referee"))
            out.update(die=die, damaged=cannot)
            return out
        unfinished = [g for g in games if g.finished is None]
        row = unfinished[-1] if unfinished else games[-1]
        try:
            if self.follower is None or self.follower.game_id != row.id:
                self.follower = Follower(row)
            self._feed(db, self.follower)
            state = self.follower.state(row, last=HISTORY_PUSHED)
            status = "ok"
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            # a game this hexref does not know (a newer one wrote it), or a damaged journal
            self.follower = None
            state = {"game": {"id": row.id, "variant": row.variant, "title": row.variant,
                              "created": row.created, "finished": row.finished,
                              "over": bool(row.finished)},
                     "players": [{"name": p, "counts": [], "alive": True, "turn": False,
                                  "winner": False} for p in row.players],
                     "winner": row.winner, "history": [], "entries": 0, "panel": []}
            status = _("cannot follow game %(id)d: %(why)s") % {"id": row.id, "why": exc}
        state.update(status=status, games=listed, damaged=cannot, die=die,
                     version=self.changes)
        return state

    def game(self, game_id: int, upto: int | None = None) -> dict[str, Any] | None:
        """Any stored game, folded (finished ones are kept once folded); None when there is
        no such game. A game that cannot be read is {"error": why}. ``upto``: the game as it
        stood after its first ``upto`` inputs (a replay, move by move); ``total`` says how
        many there are in all."""
        with self.lock:
            if upto is None and game_id in self.finished:
                return self.finished[game_id]
            if self.db is None:
                return None
            rows, damaged = readonly.read_games(self.db)
            if game_id in damaged:
                return {"error": _("game %(id)d cannot be read: %(why)s")
                        % {"id": game_id, "why": damaged[game_id]}}
            rows = [g for g in rows if g.id == game_id]
            if not rows:
                return None
            row = rows[0]
            try:
                follower = Follower(row)
                entries, times = readonly.entries_after(self.db, game_id, 0)
                total = len(entries)
                if upto is not None and upto < total:
                    entries, times = entries[:upto], times[:upto]
                    row = dataclasses.replace(row, finished=None, winner=None)
                follower.feed(entries, times)
                state = follower.state(row)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                return {"error": _("game %(id)d cannot be read: %(why)s")
                        % {"id": game_id, "why": exc}}
            state["total"] = total
            if row.finished and upto is None:
                self.finished[game_id] = state
            return state

    def close(self) -> None:
        with self.lock:
            if self.db is not None:
                self.db.close()
                self.db = None


def _title(variant: str) -> str:
    """A game's name as the panel says it (JL Beginner, HeroScape) in the table's language,
    its variant if unknown."""
    from host.common import i18n
    from host.games.descriptor import open_game

    key = (i18n.language(), variant)
    if key not in _TITLES:
        try:
            _TITLES[key] = str(open_game(variant, ("P1", "P2")).presenter.title)
        except Exception:  # noqa: BLE001 - a game this hexref does not know keeps its id
            _TITLES[key] = variant
    return _TITLES[key]


_TITLES: dict[tuple[str, str], str] = {}


class Broadcast:
    """The latest snapshot, numbered and encoded once, and a bell every open stream waits on.

    Only the event loop's own code rings it (``publish``, and a timer for the keep-alive
    line), and a stream holds nothing while it waits: a phone that leaves at any moment
    (Starlette cancels its stream) takes nothing with it and delays no other stream."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        self.number = 0
        self.data = _event(snapshot)
        self._bell = asyncio.Event()
        self._keepalive: asyncio.TimerHandle | None = None

    def publish(self, snapshot: dict[str, Any]) -> None:
        """A new snapshot for every stream (called in the event loop)."""
        self.number += 1
        self.data = _event(snapshot)
        self._ring()

    def bell(self) -> asyncio.Event:
        """The next ring: set at the next publish or within KEEPALIVE_S."""
        if self._keepalive is None:
            self._keepalive = asyncio.get_running_loop().call_later(KEEPALIVE_S, self._ring)
        return self._bell

    def _ring(self) -> None:
        if self._keepalive is not None:
            self._keepalive.cancel()
            self._keepalive = None
        rung, self._bell = self._bell, asyncio.Event()
        rung.set()


def _event(snapshot: dict[str, Any]) -> str:
    return "event: state\ndata: %s\n\n" % json.dumps(snapshot, separators=(",", ":"))


def event_stream(broadcast: Broadcast):
    """A server-sent event stream: the latest snapshot as a ``state`` event now and after
    every change ``broadcast`` announces; a comment line when nothing changed for a while
    keeps proxies and phones from closing it. A phone that leaves is noticed by Starlette,
    which cancels the stream (uvicorn tells it at once)."""
    from starlette.responses import StreamingResponse

    async def stream() -> AsyncIterator[str]:
        seen = -1
        while True:
            bell = broadcast.bell()  # taken before looking, so no publish goes unseen
            if broadcast.number != seen:
                seen = broadcast.number
                yield broadcast.data
            else:
                yield ": still here\n\n"
            await bell.wait()

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def create_app(data_dir: Path, poll_s: float = POLL_S):
    """The Starlette application serving the page for the database in ``data_dir``."""
    from anyio import to_thread
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    reader = Reader(data_dir)
    broadcast = Broadcast(reader.snapshot)

    async def follow() -> None:
        while True:
            try:
                changed = await to_thread.run_sync(reader.refresh)
            except Exception as exc:  # noqa: BLE001 - keep following; say what happened
                print("hexref web: %s: %s" % (exc.__class__.__name__, exc), file=sys.stderr)
                changed = False
            if changed:
                broadcast.publish(reader.snapshot)
            await asyncio.sleep(poll_s)

    @asynccontextmanager
    async def lifespan(app) -> AsyncIterator[None]:
        task = asyncio.create_task(follow())
        try:
            yield
        finally:
            task.cancel()
            reader.close()

    async def page(request: Request) -> Response:
        return FileResponse(PAGE / "index.html", headers={"Cache-Control": "no-cache"})

    async def state(request: Request) -> Response:
        return JSONResponse(reader.snapshot)

    async def words(request: Request) -> Response:
        return JSONResponse(page_words())

    async def die(request: Request) -> Response:
        return JSONResponse(reader.snapshot["die"])

    async def one_game(request: Request) -> Response:
        try:
            game_id = int(request.path_params["game"])
            upto = int(request.query_params["upto"]) if "upto" in request.query_params else None
        except ValueError:
            return JSONResponse({"error": _("a game is a number")}, status_code=400)
        if upto is not None and upto < 0:
            return JSONResponse({"error": _("a game is a number")}, status_code=400)
        found = await to_thread.run_sync(reader.game, game_id, upto)
        if found is None:
            return JSONResponse({"error": _("no game %d") % game_id}, status_code=404)
        return JSONResponse(found, status_code=422 if "error" in found else 200)

    async def events(request: Request) -> Response:
        return event_stream(broadcast)

    async def join(request: Request) -> Response:
        url = getattr(request.app.state, "join", None)
        if not url:
            return JSONResponse({"error": _("this page's address is not known")},
                                status_code=404)
        return JSONResponse({"url": url, "qr": "/api/join.svg"})

    async def join_qr(request: Request) -> Response:
        url = getattr(request.app.state, "join", None)
        if not url:
            return Response(status_code=404)
        return Response(qr_svg(url), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-cache"})

    routes = [Route("/", page), Route("/api/state", state), Route("/api/die", die),
              Route("/api/words", words), Route("/api/join", join),
              Route("/api/join.svg", join_qr),
              Route("/api/games/{game}", one_game), Route("/api/events", events),
              Mount("/static", StaticFiles(directory=PAGE), name="static")]
    return Starlette(routes=routes, lifespan=lifespan)


def page_words() -> dict[str, Any]:
    """The page's texts in the table's language: {"lang": "fr", "words": {English: said}}
    (the texts are found in the page's own files, as the catalogues find them); a count's
    text is its two forms, {singular: [one, other]} (the catalogues' languages have two:
    the page picks by the language's plural rule, common.js's ``nt``)."""
    from host.common import i18n

    words: dict[str, str | list[str]] = {}
    for text in page_texts():
        if isinstance(text, tuple):
            words[text[0]] = [i18n.n_(text[0], text[1], 1), i18n.n_(text[0], text[1], 2)]
        else:
            words[text] = _(text)
    return {"lang": i18n.language(), "words": words}


def qr_svg(url: str) -> bytes:
    """``url`` as a QR code a phone's camera opens (segno), black on white whatever the
    page's colours, with the quiet border a reader needs."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=4, dark="#000",
                                    light="#fff", xmldecl=False)
    return out.getvalue()


def bind(host: str, port: int) -> socket.socket:
    """Our own listening socket, so a port in use is said plainly before anything starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise OSError("cannot listen on %s port %d: %s (choose another with --port N)"
                      % (host, port, exc.strerror or exc)) from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


ROOM_MAX = 500  # phones at once: each open page costs the server some memory
FILES_KEPT = 32  # descriptors kept for the database, the loop, the log and the listener


def room() -> int:
    """How many connections the server takes at once. Each needs a file descriptor, and a
    page's file being sent one more; past that a new phone is told "Service Unavailable"
    rather than the server running out (asyncio then retries its accept in a storm of log
    lines). The process first asks for all the descriptors its limit allows."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * ROOM_MAX + FILES_KEPT
    if soft < wanted and (hard == resource.RLIM_INFINITY or soft < hard):
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        except (OSError, ValueError):
            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return max(1, min(ROOM_MAX, (soft - FILES_KEPT) // 2))


class SaidOnce(logging.Filter):
    """The server's log says a full house once (then again at most every ``quiet_s``, with
    how many times it was left unsaid), not once per phone turned away."""

    FULL = ("Exceeded concurrency limit", "socket.accept() out of system resource")

    def __init__(self, said: str, quiet_s: float = 600.0) -> None:
        super().__init__()
        self.said, self.quiet_s = said, quiet_s
        self.last: float | None = None
        self.unsaid = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith(self.FULL):
            return True
        now = time.monotonic()
        if self.last is not None and now - self.last < self.quiet_s:
            self.unsaid += 1
            return False
        record.msg, record.args = self.said, None
        if self.unsaid:
            record.msg += " (%d times since it was last said)" % self.unsaid
        record.exc_info = record.exc_text = None
        self.last, self.unsaid = now, 0
        return True


# The page runs only its own files: no other site may script it, frame it or be fetched by
# it, and a browser never guesses a type the server did not say.
SAFETY = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class Guarded:
    """An ASGI application with every answer carrying ``SAFETY``, and any redirect made
    relative: the address a phone typed (its Host header) is never written back to it."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, _relative(v) if k.lower() == b"location" else v)
                           for k, v in message.get("headers", [])
                           if k.lower() not in dict(SAFETY)]
                message = dict(message, headers=headers + SAFETY)
            await send(message)

        await self.app(scope, receive, guarded)


def _relative(location: bytes) -> bytes:
    """``http://whoever/static/`` -> ``/static/``."""
    from urllib.parse import urlsplit

    parts = urlsplit(location.decode("latin-1"))
    path = (parts.path or "/") + ("?" + parts.query if parts.query else "")
    return ("/" + path.lstrip("/")).encode("latin-1")


def serve(app, host: str, port: int, what: str) -> int:
    """Run ``app`` with uvicorn until stopped (Ctrl-C or SIGTERM)."""
    import uvicorn

    try:
        sock = bind(host, port)
    except OSError as exc:
        print(_("hexref %(command)s: cannot listen on %(host)s port %(port)d: %(why)s "
                "(another program has it? give another --port)")
              % {"command": what, "host": host, "port": port, "why": exc.strerror or exc},
              file=sys.stderr)
        return 1
    port = sock.getsockname()[1]
    if host in ("0.0.0.0", "::"):  # every address: phones reach it by the computer's name
        where = "http://%s.local:%d/ (here: http://localhost:%d/)" % (
            socket.gethostname(), port, port)
    else:
        where = "http://%s:%d/" % (host, port)
    print("hexref %s: %s (Ctrl-C stops)" % (what, where), flush=True)
    if hasattr(app, "state"):  # the page shows it as a QR code for the next phone
        app.state.join = join_address(host, port)
    limit = room()
    config = uvicorn.Config(Guarded(app), log_level="warning", timeout_graceful_shutdown=1,
                            lifespan="on", limit_concurrency=limit)
    full = SaidOnce("hexref %s: full: %d phones at once, the most this computer's limit of "
                    "open files allows; a new one is told to come back later" % (what, limit))
    for name in ("uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(full)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0


# --- the command line (host/commands/main.py calls this) ----------------------------------------
