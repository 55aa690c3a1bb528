"""Run inside the booted machine by tests/boot/suite.py, with hexref's venv:

    table.py prepare DATA   enroll the demo's tiles and open the Collector's game there
                            (as the service's user: the collection key is its own);
                            prints the game's number
    table.py hub            the reader hub's firmware (firmware/sim/hub.py) on a pseudo-terminal
                            that /dev/hexref-hub points to, as the udev rule names a Pico,
                            readable by the dialout group; plays the Collector's game
    table.py acm            /dev/hexref-hub -> /dev/ttyACM0, a node of the kernel's USB CDC
                            ACM major (166) with no driver behind it, as a hub is before
                            cdc_acm loads: opening it must say ENXIO (allowed), not EPERM
"""
from __future__ import annotations

import grp
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The rigs (tests/) come from PYTHONPATH (tests/boot/suite.py runs it so), hexref from its venv.

LINK = Path("/dev/hexref-hub")


def _point(target: str) -> None:
    new = LINK.with_name(LINK.name + ".new")
    if new.is_symlink():
        new.unlink()
    new.symlink_to(target)
    os.replace(new, LINK)


def prepare(data: str) -> None:
    from rigs.process_table import enroll_demo_tiles

    from host.storage.store import Store

    enroll_demo_tiles(Path(data))
    store = Store(data)
    print(store.new_game("jl-collector", ["P1", "P2"]))
    store.close()


def hub() -> None:
    from host.games.hexors.demo import collector_script

    script = Path("/run/hexref-hub-script.json")
    script.write_text(json.dumps(collector_script()))
    master, slave = os.openpty()
    name = os.ttyname(slave)
    os.chown(name, 0, grp.getgrnam("dialout").gr_gid)
    os.chmod(name, 0o660)
    _point(name)
    print("hub on %s" % name, flush=True)
    # The slave stays open here so the hub does not take a restart of the referee for
    # the end of the session.
    sim = subprocess.Popen([sys.executable, "-m", "firmware.sim.hub", "--fd", str(master),
                            "--script", str(script)], pass_fds=(master,),
                           cwd=str(HERE.parents[1]))
    os.close(master)
    sys.exit(sim.wait())


def acm() -> None:
    node = Path("/dev/ttyACM0")
    if not node.exists():
        os.mknod(node, 0o660 | 0o020000, os.makedev(166, 0))
    os.chown(node, 0, grp.getgrnam("dialout").gr_gid)
    os.chmod(node, 0o660)
    _point(str(node))


if __name__ == "__main__":
    {"prepare": lambda: prepare(sys.argv[2]), "hub": hub, "acm": acm}[sys.argv[1]]()
