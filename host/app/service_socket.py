"""The running referee's door for its operator: a Unix socket in the data folder.

``hexref run`` holds the hub's serial port (locked: two readers would steal each other's
events) and the collection key (mode 0600: it signs tags). So the operator's commands that
need the hub do not open the port; they ask the referee that holds it:

- ``hexref doctor``: ``{"op": "status"}`` -> the hub as the referee sees it;
- ``hexref enroll``: ``{"op": "enroll", ...}`` -> the referee pauses play, runs the
  enrollment with its own hub, buttons, panel and key, and sends each screen back as it
  changes (``{"screen": [lines]}``), then ``{"done": [[uid, entry], ...]}``; closing the
  connection (Ctrl-C) ends the enrollment.

The socket is ``hexref.sock`` beside the database, mode 0660: whoever may change the
database (the service's user and its group, README "Install the referee on the Pi") may
ask. One JSON object per line each way. Commands that only need the database (``tiles``,
``replay``) read it directly: SQLite lets them share it with the running referee.
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
from collections.abc import Generator
from pathlib import Path

SOCKET_NAME = "hexref.sock"
MAX_LINE = 64 * 1024


class NoService(Exception):
    """No referee is running on this data folder (no socket, or nobody behind it)."""


def socket_path(folder: str | os.PathLike) -> Path:
    return Path(folder) / SOCKET_NAME


class Client:
    """One operator's connection, as the referee sees it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""
        self.closed = False

    def send(self, message: dict) -> None:
        if self.closed:
            return
        try:
            self.sock.setblocking(True)
            self.sock.settimeout(1.0)  # an operator who stopped reading does not stop play
            self.sock.sendall(json.dumps(message).encode() + b"\n")
            self.sock.setblocking(False)
        except OSError:
            self.close()

    def read(self) -> list[dict]:
        """Requests that arrived whole; marks the client closed when it hung up."""
        out: list[dict] = []
        while not self.closed:
            try:
                chunk = self.sock.recv(4096)
            except BlockingIOError:
                break
            except OSError:
                self.close()
                break
            if not chunk:
                self.close()
                break
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                self.close()
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            try:
                request = json.loads(line)
            except ValueError:
                request = None
            out.append(request if isinstance(request, dict) else {"op": None})
        return out

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(OSError):
                self.sock.close()


class ServiceSocket:
    """The listening side, polled by the referee's loop (never blocks)."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.path = socket_path(folder)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # left by a referee that was killed (the run lock is ours)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(str(self.path))
        os.chmod(self.path, 0o660)
        self.sock.listen(4)
        self.sock.setblocking(False)
        self.clients: list[Client] = []

    def poll(self) -> list[tuple[Client, dict]]:
        while True:
            try:
                conn, _ = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                break
            conn.setblocking(False)
            self.clients.append(Client(conn))
        requests = [(client, request) for client in self.clients for request in client.read()]
        self.clients = [c for c in self.clients if not c.closed]
        return requests

    def close(self) -> None:
        for client in self.clients:
            client.close()
        self.sock.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def ask(folder: str | os.PathLike, request: dict, timeout_s: float | None = 5.0
        ) -> Generator[dict, None, None]:
    """Send ``request`` to the referee running on ``folder`` and yield its answers until it
    closes the connection. NoService when no referee answers there."""
    path = socket_path(folder)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(path))
    except (FileNotFoundError, ConnectionRefusedError, NotADirectoryError):
        sock.close()
        raise NoService(str(path)) from None
    except PermissionError as exc:
        sock.close()
        raise PermissionError("%s: %s (join the service's group: sudo usermod -aG hexref "
                              "$USER, then log in again)" % (path, exc.strerror)) from None
    sock.settimeout(timeout_s)
    try:
        sock.sendall(json.dumps(request).encode() + b"\n")
        buffer = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                yield json.loads(line)
    finally:
        sock.close()
