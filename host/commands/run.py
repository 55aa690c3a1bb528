"""``hexref run`` (the referee on the Pi) and ``hexref doctor`` (what is found, what is
missing). The run loop and the checks are imported when the command runs."""
from __future__ import annotations

import argparse
from pathlib import Path

from host.commands import options
from host.common.i18n import _


def add_parser(commands) -> None:
    run = commands.add_parser(
        "run", help="referee on the Pi: reader hub on USB, OLED on I2C, buttons on GPIO",
        description="Reads the TOML config (--config, else $HEXREF_CONFIG, else "
                    "/etc/hexref/config.toml), finds the hub by its USB id, restores an "
                    "unfinished game or opens the game menu.")
    run.add_argument("--emulate", metavar="DIR",
                     help="no OLED: save frames as PNG under DIR (and draw in the terminal)")
    run.add_argument("--no-gpio", action="store_true",
                     help="no buttons or buzzer (play with the hub's buttons only)")
    run.set_defaults(func=_run)

    doctor = commands.add_parser(
        "doctor", help="say what is found and what is missing: hub, panel, GPIO, database",
        description="Each check prints OK, or FIX with what to do.")
    doctor.add_argument("--no-ping", action="store_true",
                        help="do not open the hub's port to ask for its HELLO")
    doctor.set_defaults(func=_doctor)


def _run(args: argparse.Namespace) -> int:
    from host.app.run import main

    options.on_interrupt(_("every input the referee acknowledged is in the journal; hexref "
                           "run restores the game"))
    return main(args.cfg, Path(args.emulate) if args.emulate else None,
                gpio=not args.no_gpio)


def _doctor(args: argparse.Namespace) -> int:
    from host.app import doctor

    return doctor.main(args.cfg, talk=not args.no_ping)
