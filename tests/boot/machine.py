"""A Debian Bookworm machine booted with systemd-nspawn, for tests/boot/suite.py.

The tree is debootstrapped once and cached (``$HEXREF_SYSTEM_CACHE``, else
``~/.cache/hexref/system``; the folder's name carries the package list, so a changed list
makes a new one); each run boots a copy of it under ``build/boot/``.

Booted so that systemd inside enforces the units' device policies as on a Pi: a pure
cgroup v2 view (``SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1``: the devices allow lists are BPF
programs there, which need no cgroup controller), ``bpf()`` allowed (``CAP_BPF``, and
nspawn's own seccomp filter off: ``SYSTEMD_SECCOMP=0``), no registration with a host
systemd (``--register=no --keep-unit``: the host may have none). Commands run inside with
``nsenter`` into the container's init.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
# What a Raspberry Pi OS Lite has that the README relies on (python3-lgpio is Raspberry Pi
# OS's own: not in Debian), and what the test itself uses (procps: pgrep).
PACKAGES = ("systemd", "systemd-sysv", "dbus", "udev", "sudo", "python3", "python3-venv",
            "python3-pil", "git", "i2c-tools", "ca-certificates", "procps", "iproute2",
            "curl")
HOST_TOOLS = {"debootstrap": "debootstrap", "systemd-nspawn": "systemd-container",
              "nsenter": "util-linux"}


def cache_dir() -> Path:
    base = Path(os.environ.get("HEXREF_SYSTEM_CACHE")
                or Path.home() / ".cache" / "hexref" / "system")
    key = hashlib.sha256(" ".join((SUITE, MIRROR) + PACKAGES).encode()).hexdigest()[:12]
    return base / ("%s-%s" % (SUITE, key))


def missing_tools() -> list[str]:
    return [pkg for tool, pkg in HOST_TOOLS.items() if shutil.which(tool) is None]


def base_tree(log=print) -> Path:
    """The cached Bookworm tree, debootstrapped the first time (a few minutes)."""
    tree = cache_dir()
    if (tree / "etc" / "debian_version").exists() and (tree / ".complete").exists():
        return tree
    partial = tree.with_name(tree.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    log("debootstrap %s into %s (once; cached)" % (SUITE, tree))
    subprocess.run(["debootstrap", "--variant=minbase", "--include=" + ",".join(PACKAGES),
                    SUITE, str(partial), MIRROR], check=True, capture_output=True,
                   timeout=1800)
    (partial / ".complete").write_text(" ".join(PACKAGES) + "\n")
    shutil.rmtree(tree, ignore_errors=True)
    partial.rename(tree)
    return tree


class Machine:
    """One booted copy of the tree. ``run`` executes a shell command inside as root (or
    as ``user``, logged in: its groups read afresh), returning the CompletedProcess."""

    def __init__(self, root: Path, name: str = "hexref-system",
                 binds: tuple[str, ...] = ()) -> None:
        self.root = root
        self.name = name
        self.binds = binds
        self.proc: subprocess.Popen | None = None
        self.console = root.parent / (root.name + "-console.log")
        self.boots = 0

    @classmethod
    def fresh(cls, where: Path, **kwargs) -> Machine:
        tree = base_tree()
        root = where / "root"
        if root.exists():
            subprocess.run(["rm", "-rf", "--one-file-system", str(root)], check=True)
        where.mkdir(parents=True, exist_ok=True)
        subprocess.run(["cp", "-a", "--reflink=auto", str(tree), str(root)], check=True)
        return cls(root, **kwargs)

    def carry_network_setup(self) -> None:
        """This host's way out, carried in as a Pi's owner would set up theirs: the CAs it
        trusts (a proxy that inspects TLS signs with its own) and pip's configuration (a
        local index or wheel folder, bound read-only). Nothing of hexref's."""
        local = Path("/usr/local/share/ca-certificates")
        if local.is_dir() and any(local.iterdir()):
            dest = self.root / "usr" / "local" / "share" / "ca-certificates"
            dest.mkdir(parents=True, exist_ok=True)
            for cert in local.glob("*.crt"):
                shutil.copy2(cert, dest / cert.name)
            subprocess.run(["chroot", str(self.root), "update-ca-certificates"], check=True,
                           capture_output=True)
        conf = Path("/etc/pip.conf")
        if conf.is_file():
            shutil.copy2(conf, self.root / "etc" / "pip.conf")
            for folder in sorted(set(re.findall(r"(?:file://)?(/opt/[\w.-]+)",
                                                conf.read_text()))):
                if Path(folder).is_dir():
                    self.binds += ("--bind-ro=%s" % folder,)

    def boot(self, timeout_s: float = 120) -> None:
        env = dict(os.environ, SYSTEMD_SECCOMP="0", SYSTEMD_NSPAWN_UNIFIED_HIERARCHY="1")
        args = ["systemd-nspawn", "-D", str(self.root), "--boot", "--register=no",
                "--keep-unit", "--capability=CAP_BPF", "-M", self.name, "--hostname", self.name,
                "--resolv-conf=copy-host", "--timezone=off"]
        for bind in self.binds:
            args.append(bind)
        self.boots += 1
        out = open(self.console, "ab")
        out.write(b"\n=== boot %d ===\n" % self.boots)
        out.flush()
        self.proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                     stderr=subprocess.STDOUT)
        out.close()
        deadline = time.monotonic() + timeout_s
        state = ""
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError("systemd-nspawn exited (%d):\n%s" % (
                    self.proc.returncode, self.console.read_text()[-3000:]))
            if self.init_pid() is not None:
                state = self.run("systemctl is-system-running", check=False).stdout.strip()
                if state in ("running", "degraded"):
                    return
            time.sleep(0.5)
        raise AssertionError("the container did not finish booting (%s):\n%s" % (
            state, self.console.read_text()[-3000:]))

    def init_pid(self) -> int | None:
        if self.proc is None or self.proc.poll() is not None:
            return None
        children = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True,
                                  text=True).stdout.split()
        return int(children[0]) if children else None

    def run(self, command: str, user: str | None = None, check: bool = True,
            timeout: float = 600, stdin: str | None = None) -> subprocess.CompletedProcess:
        pid = self.init_pid()
        assert pid is not None, "the container is not running"
        inner = ["runuser", "-l", user, "-c", command] if user else \
            ["bash", "-lc", command]
        done = subprocess.run(["nsenter", "-t", str(pid), "-a", "--", *inner],
                              capture_output=True, text=True, timeout=timeout, input=stdin,
                              env={"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:"
                                           "/usr/bin:/sbin:/bin", "LANG": "C.UTF-8",
                                   "TERM": "dumb"})
        if check:
            assert done.returncode == 0, "%s%s failed (%d):\n%s\n%s" % (
                "(as %s) " % user if user else "", command, done.returncode,
                done.stdout[-4000:], done.stderr[-4000:])
        return done

    def popen(self, command: str) -> subprocess.Popen:
        """A long-running command inside (the simulated hub), as root."""
        pid = self.init_pid()
        assert pid is not None
        return subprocess.Popen(["nsenter", "-t", str(pid), "-a", "--", "bash", "-c",
                                 command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def reboot(self, timeout_s: float = 120) -> None:
        """``systemctl reboot`` inside: nspawn exits (as a host's systemd-nspawn@ unit
        would be restarted), and the same tree boots again."""
        assert self.proc is not None
        self.run("systemctl reboot", check=False)
        try:
            self.proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.boot(timeout_s)

    def shutdown(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.run("systemctl poweroff", check=False, timeout=30)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


if __name__ == "__main__":  # make the cache ahead of time
    print(base_tree())
