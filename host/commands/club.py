"""Club nights: ``hexref publish`` (a table sends its journal to the club's MQTT broker),
``hexref club`` (the organiser's page: every table live, results, standings) and ``hexref
club-join`` (pair a table with the club). paho-mqtt and the page are imported when the
command runs."""
from __future__ import annotations

import argparse
import json
import os
import sys

from host.commands import options
from host.commands.options import DATA_HELP, Failed, data, port_number
from host.common.i18n import _, n_


def add_parser(commands) -> None:
    publish = commands.add_parser(
        "publish", help="club night: send this table's journal to the club's MQTT broker",
        description="With [club] broker in the config, publishes every input of the night's "
                    "games to the broker and keeps going until stopped; without one, says so "
                    "and exits.")
    publish.add_argument("--data", metavar="DIR", help=DATA_HELP)
    publish.set_defaults(func=_publish)

    club = commands.add_parser(
        "club", help="club night: every table live, the results and the standings",
        description="Subscribes to every table's journal on the club's MQTT broker "
                    "([club] broker in the config, or --broker) and serves the organiser's "
                    "page. The club's broker (an account per table, TLS with the club's own "
                    "authority, and the ACL in host/deploy/hexref-club.acl, by which a table "
                    "writes only its own topics): README.md, \"The club's broker\".")
    club.add_argument("--broker", metavar="URL", help="mqtt://HOST[:PORT] (overrides the "
                                                      "config)")
    club.add_argument("--port", type=port_number, default=8090, metavar="N",
                      help="default 8090")
    club.add_argument("--host", default="0.0.0.0", help="address to listen on")
    club.add_argument("--name", default="hexref-club",
                      help="this page's client id at the broker (its session is kept)")
    club.add_argument("--data", metavar="DIR", help="where the club's secret is kept "
                                                    "(default: the config's data folder)")
    club.add_argument("--continue", dest="resume", action="store_true",
                      help="go on with the night this organiser opened last (after a "
                           "restart); without it a new night opens: each table publishes "
                           "the game it is playing and every game after it")
    club.set_defaults(func=_club)

    join = commands.add_parser(
        "club-join", help="club night: pair this table with the club (the code its page shows)",
        description="Type the code the organiser's page shows for this table's name ([club] "
                    "table in the config, else this computer's name); from then on what the "
                    "table publishes is signed, and the organiser takes it.")
    join.add_argument("code", help="the code, as the organiser's page shows it")
    join.add_argument("--data", metavar="DIR", help=DATA_HELP)
    join.set_defaults(func=_join)


def _club(args: argparse.Namespace) -> int:
    from host.readers.club import Broker, Organiser, club_secret, create_app, open_night
    from host.readers.web import serve

    cfg = args.cfg
    url = args.broker or cfg.club.broker
    if not url:
        raise Failed(_("no broker: set [club] broker = \"mqtt://HOST\" in the config or give "
                       "--broker"), 2)
    try:
        broker = Broker.parse(url, cfg.club.username, cfg.club.password, cfg.club.ca_file)
        folder = data(args)
        secret = club_secret(folder)
        night, number = open_night(folder, args.resume)
    except ValueError as exc:
        raise Failed(exc, 2) from None
    print(_("hexref club: following %(broker)s, night %(night)s") % {
        "broker": broker.shown, "night": night} + (_(" (continued)") if args.resume else ""),
        file=sys.stderr, flush=True)
    return serve(create_app(Organiser(broker, secret, args.name, night, number)), args.host,
                 args.port, "club")


def _join(args: argparse.Namespace) -> int:
    import socket

    from host.readers.club import KEY_FILE
    from host.readers.club_messages import Rejected, check_code

    table = args.cfg.club.table or socket.gethostname()
    try:
        code = check_code(args.code, table)
    except Rejected as exc:
        raise Failed(_("%(why)s (this table is %(table)r: ask the organiser's page for its "
                       "code)") % {"why": exc, "table": table}, 2) from None
    folder = data(args)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / KEY_FILE
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump({"table": table, "code": code}, f)
    os.replace(path.with_suffix(".tmp"), path)
    print(_("hexref club-join: %s is paired with the club; what it publishes is signed from "
            "now on") % table)
    return 0


def _publish(args: argparse.Namespace) -> int:
    import signal
    import threading

    from host.readers.club import broker_of, start_publisher

    cfg = args.cfg
    if not cfg.club.broker:
        print(_("hexref publish: no [club] broker in the config (%s): nothing to publish")
              % cfg.source)
        return 0
    try:
        broker_of(cfg.club)
    except ValueError as exc:
        raise Failed(exc, 2) from None
    publisher = start_publisher(cfg, data(args))
    assert publisher is not None
    options.on_interrupt(_("the broker has what it confirmed; the next start resumes from "
                           "there"))
    print(_("hexref publish: %(table)s to %(broker)s (Ctrl-C stops)")
          % {"table": publisher.table, "broker": publisher.broker.shown}, flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_args: stop.set())
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        publisher.stop()
    print(_("hexref publish: stopped; %(sent)s, %(confirmed)d confirmed by the broker")
          % {"sent": n_("%d entry sent", "%d entries sent", publisher.published)
             % publisher.published, "confirmed": sum(publisher.confirmed.values())},
          flush=True)
    return 0
