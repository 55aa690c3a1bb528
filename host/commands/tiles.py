"""``hexref enroll`` (make a tag one of your tiles) and ``hexref tiles ...`` (list, export,
import, correct, forget, revoke): the tile registry. The registry, the hub's link and the
panel are imported when a command runs."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from host.commands.options import DATA_HELP, Failed, data, print_help_of, stored
from host.common.i18n import _, key_for, n_

FORMATS = ("json", "csv")


def add_parser(commands) -> None:
    from shared_rules.games import example_entry

    enroll = commands.add_parser(
        "enroll", help="make a tag one of your tiles: tap, choose, hold OK",
        description="Tap an unknown tag on the reader hub, choose its catalogue entry with "
                    "UP/DOWN and OK (or --entry), then hold OK: the hub writes the signed "
                    "record, reads it back, and the tag is in the registry.")
    enroll.add_argument("--entry", metavar="ID", help="the catalogue entry: its game's prefix and its number "
                        "as printed on it, e.g. %s" % example_entry())
    enroll.add_argument("--owner", metavar="NAME", help="whose tile it is")
    enroll.add_argument("--strike", type=_strike, metavar="COLOUR=N,...",
                        help="strike values read off the tile, e.g. green=4,red=3 (with "
                             "--entry; else set them with the buttons)")
    enroll.add_argument("--set", type=_pair, action="append", metavar="NAME=VALUE",
                        help="a value read off the tile or card, e.g. attack=3 (with "
                             "--entry; repeat it; else set them with the buttons)")
    from host.games.descriptor import DESCRIPTORS

    enroll.add_argument("--game", choices=tuple(DESCRIPTORS),
                        help="only offer this game's tiles or cards (%s)" % "; ".join(
                            "%s: %s" % (k, g.family) for k, g in DESCRIPTORS.items()))
    enroll.add_argument("--many", action="store_true",
                        help="enroll tag after tag until BACK is pressed")
    enroll.add_argument("--port", help="the hub's serial port (default: found by USB id)")
    enroll.add_argument("--emulate", metavar="DIR",
                        help="no OLED: save the screens as PNG frames under DIR")
    enroll.add_argument("--no-gpio", action="store_true",
                        help="no referee buttons: confirm with a held player button on the "
                             "hub (needs --entry)")
    enroll.add_argument("--data", help=DATA_HELP)
    enroll.set_defaults(func=_enroll)

    tiles = commands.add_parser(
        "tiles", help="list, import, export and correct enrolled tiles",
        description="The tile registry: tag UID -> catalogue entry, owner, and values read "
                    "off the physical tile.")
    tiles_commands = tiles.add_subparsers(dest="tiles_command", metavar="ACTION")

    listing = tiles_commands.add_parser("list", help="every enrolled tile")
    listing.set_defaults(func=_tiles_list)
    export = tiles_commands.add_parser("export", help="write the registry as JSON or CSV")
    export.add_argument("file", nargs="?", help="where to write (default: standard output)")
    export.set_defaults(func=_tiles_export)
    imp = tiles_commands.add_parser("import", help="read tiles exported by tiles export "
                                                   "(all rows or none)")
    imp.add_argument("file", help="a .json or .csv file, or - for standard input")
    imp.set_defaults(func=_tiles_import)
    for sub in (export, imp):
        sub.add_argument("--format", choices=FORMATS,
                         help="json or csv (default: from the file name, else json)")
    correct = tiles_commands.add_parser(
        "correct", help="record values read off the physical tile or card",
        description="For catalogue entries the rulebook leaves incomplete: the values on "
                    "your tile or card, each by the name the panel and `hexref tiles list` "
                    "give it (e.g. --set attack=3 --set defense=2 for a card, --set "
                    "name=\"Fire Imp\", --set green=4 or --strike for a strike colour). A "
                    "value the rulebook prints cannot change. Later corrections add to "
                    "earlier ones.")
    correct.add_argument("uid", help="the tag's UID (hexref tiles list shows them)")
    correct.add_argument("--set", type=_pair, action="append", metavar="NAME=VALUE",
                         help="a value read off the tile or card (repeat it)")
    correct.add_argument("--strike", type=_strike, metavar="COLOUR=N,...",
                         help="strike values, e.g. green=4,red=3")
    for name in ("name", "kind", "colour", "element", "ally"):
        correct.add_argument("--" + name)
    correct.add_argument("--bonus", type=int)
    correct.set_defaults(func=_tiles_correct)
    forget = tiles_commands.add_parser(
        "forget", help="remove a tag from the registry and stop trusting its signature")
    forget.add_argument("uid")
    forget.set_defaults(func=_tiles_forget)
    revoke = tiles_commands.add_parser(
        "revoke", help="distrust a tag by its UID (lost, stolen or sold), enrolled or not")
    revoke.add_argument("uid")
    revoke.set_defaults(func=_tiles_forget)
    pocket = tiles_commands.add_parser(
        "pocket", help="put the collection (key and registry) on a hexref pocket board",
        description="Copy the collection key and the registry to a pocket board's flash "
                    "over USB (mpremote), so it trusts your tiles as this Pi does; run it "
                    "again after enrolling more. The board is reset when done.")
    pocket.add_argument("--port", default="auto",
                        help="the pocket board's serial port, e.g. /dev/ttyACM0 (default: "
                             "the first board mpremote finds)")
    pocket.set_defaults(func=_tiles_pocket)
    for sub in (listing, export, imp, correct, forget, revoke, pocket):
        sub.add_argument("--data", help=DATA_HELP)

    tiles.set_defaults(func=print_help_of(tiles))


def _format(args: argparse.Namespace, path: str | None) -> str:
    if args.format:
        return args.format
    if path and Path(path).suffix.lower() == ".csv":
        return "csv"
    return "json"


def _registry(args: argparse.Namespace):
    from host.storage.registry import Registry

    return Registry.open(data(args))


def _editing(args: argparse.Namespace):
    """The registry to correct, import or forget tiles: these sign nothing, so they need
    no collection key (the service's alone, mode 0600): its operator, in its group, may."""
    from host.storage.registry import Registry
    from host.storage.store import Store

    return Registry(Store(data(args)), None)


def _enroll(args: argparse.Namespace) -> int:
    from host.app.enroll import HOLD_S, Enroller, Enrollment, choices_for
    from host.app.service_socket import NoService
    from host.display import screens
    from host.hub.connection import find_hub_port, open_serial
    from host.hub.link import HubLink

    try:
        return _enroll_through_service(args)
    except NoService:
        pass  # no referee running on this data folder: enroll with the hub here
    registry = _registry(args)
    try:
        job = Enrollment(registry, choices_for(args.game), entry_id=args.entry,
                         owner=args.owner, again=args.many, strike=_strike_of(args),
                         values=dict(args.set or ()))
    except ValueError as exc:
        raise Failed(exc, 2) from None
    config = args.cfg
    try:
        if args.no_gpio:
            raise RuntimeError("--no-gpio")
        buttons = _buttons(config, HOLD_S)
    except Exception as exc:  # no GPIO here (a laptop), or the pins are taken
        buttons = None
        if args.entry is None:
            raise Failed(_("no referee buttons (%s): give the tile with --entry, and hold a "
                           "player button on the reader hub to confirm") % exc, 2) from None
        print(_("No referee buttons: hold a player button on the reader hub to confirm."))
    path = find_hub_port(config.hub.vid, config.hub.pid, args.port or config.hub.port)
    if path is None:
        raise Failed(_("no reader hub found (plug it in, or give --port)"))
    try:
        port = open_serial(path, config.hub.baud)
    except OSError as exc:  # serial.SerialException is an OSError: taken, gone, no rights
        raise Failed(_("cannot open the hub's port %(port)s: %(error)s")
                     % {"port": path, "error": exc}) from None
    link = HubLink(port, positions=registry.store.positions())
    panel = _enroll_panel(args, config)

    def show(view: screens.View) -> None:
        print(" | ".join(screens.text(view)), flush=True)
        if panel is not None:
            panel.show(view)

    enroller = Enroller(job, link, buttons, show=show)
    try:
        enrolled = enroller.run(time.monotonic)
    except KeyboardInterrupt:
        enrolled = bool(job.enrolled)
    finally:
        link.port.close()
        if buttons is not None:
            buttons.close()
    for uid, entry_id in job.enrolled:
        print(_("enrolled %(tag)s as %(entry)s") % {"tag": uid, "entry": entry_id})
    return 0 if enrolled else 1


def _buttons(config, hold_s: float):
    """The referee's buttons (and encoder) from the config, as the run loop has them, OK
    held ``hold_s`` to write a tag."""
    import warnings

    from host.devices.inputs import BACK, DOWN, OK, UP, Controls

    b, e = config.buttons, config.encoder
    with warnings.catch_warnings():  # gpiozero lists every pin library it did not find
        warnings.simplefilter("ignore")
        return Controls({UP: b.up, DOWN: b.down, OK: b.ok, BACK: b.back},
                        (e.clk, e.dt, e.sw) if e.enabled else None,
                        debounce_s=b.debounce_ms / 1000.0, long_s=b.long_press_s,
                        holds={OK: hold_s})


def _enroll_through_service(args: argparse.Namespace) -> int:
    """Ask the referee running on the data folder to enroll with the hub, buttons, panel
    and key it holds (host/app/service_socket.py); NoService when none runs there."""
    from host.app.service_socket import ask

    request = {"op": "enroll", "entry": args.entry, "owner": args.owner, "game": args.game,
               "many": args.many, "strike": _strike_of(args), "values": dict(args.set or ())}
    answers = ask(data(args) or ".", request, timeout_s=None)
    enrolled: list = []
    try:
        first = next(answers, None)
        if first is None:
            raise Failed(_("the running referee closed the connection"))
        print(_("The referee is running: enrolling through it (play pauses until this ends; "
                "Ctrl-C stops)."), flush=True)
        for message in _chain(first, answers):
            if "error" in message:
                raise Failed(message["error"], 2)
            if "screen" in message:
                print(" | ".join(message["screen"]), flush=True)
            if "done" in message:
                enrolled = message["done"]
    except KeyboardInterrupt:
        pass  # closing the connection ends the enrollment on the referee
    finally:
        answers.close()
    for uid, entry_id in enrolled:
        print(_("enrolled %(tag)s as %(entry)s") % {"tag": uid, "entry": entry_id})
    return 0 if enrolled else 1


def _chain(first, rest):
    yield first
    yield from rest


def _enroll_panel(args: argparse.Namespace, config):
    """The OLED (or PNG frames with --emulate); None, said once, when there is none."""
    from host.devices.panel import Panel, emulated_panel

    if args.emulate:
        return emulated_panel(Path(args.emulate), live=False)
    try:
        from host.devices.oled import open_panel

        p = config.panel
        return Panel([open_panel(p.driver, p.port, p.address, p.rotate)])
    except Exception as exc:  # no I2C here (a laptop), or no panel on the bus
        print(_("No panel (%s): the screens are shown here only.") % exc)
        return None


def _tiles_list(args: argparse.Namespace) -> int:
    from host.storage.registry import Registry, Tile
    from shared_rules import catalogue

    folder = stored(args)
    registry = Registry.existing(folder) if folder is not None else None
    rows = registry.tiles() if registry is not None else []
    if not rows:
        print(_("No tiles enrolled yet in %s: tap one with hexref enroll.")
              % (folder or data(args)))
        return 0
    assert registry is not None
    print("%-20s  %-16s  %-20s  %-12s  %s" % (_("TAG"), _("ENTRY"), _("TILE"), _("OWNER"),
                                              _("CORRECTED")))
    for row in rows:
        found = registry.resolve(row.uid, "")
        name = (catalogue.label(found.entry) if isinstance(found, Tile)
                else "? (%s)" % found.reason)
        fixed = ", ".join(["%s=%s" % kv for kv in (row.strike or {}).items()]
                          + ["%s=%s" % kv for kv in (row.fields or {}).items()])
        print("%-20s  %-16s  %-20s  %-12s  %s" % (row.uid, row.entry, name, row.owner or "",
                                                  fixed))
    print(n_("%d tile", "%d tiles", len(rows)) % len(rows))
    return 0


def _tiles_export(args: argparse.Namespace) -> int:
    from host.storage.registry import Registry
    from host.storage.store import Store


    folder = stored(args)
    registry = Registry.existing(folder) if folder is not None else None
    if registry is None:  # nothing enrolled: an empty registry's export, made and dropped
        import tempfile

        with tempfile.TemporaryDirectory() as empty:
            with Store(empty) as store:
                text, count = Registry(store, None).export(_format(args, args.file)), 0
    else:
        text = registry.export(_format(args, args.file))
        count = len(registry.tiles())
        registry.store.close()
    if args.file in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        Path(args.file).write_text(text)
    except OSError as exc:
        raise Failed(_("cannot write %(file)s: %(why)s (nothing written)")
                     % {"file": args.file, "why": exc.strerror or exc}) from None
    print(n_("%(n)d tile written to %(file)s", "%(n)d tiles written to %(file)s", count)
          % {"n": count, "file": args.file})
    return 0


def _tiles_import(args: argparse.Namespace) -> int:
    from host.storage.registry import Registry

    try:  # the file first: a mistake in it opens no database
        raw = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(_("%(file)s is not UTF-8 text (byte 0x%(byte)02X at offset "
                               "%(offset)d): save it as UTF-8")
                             % {"file": args.file, "byte": raw[exc.start],
                                "offset": exc.start}) from None
        with _editing(args).store as store:
            counts = Registry(store, None).import_(text, _format(args, args.file))
    except OSError as exc:
        raise Failed(_("%s (nothing imported)") % ("%s: %s" % (exc.filename, exc.strerror)
                                                   if exc.filename else exc)) from None
    except ValueError as exc:
        raise Failed(_("%s (nothing imported)") % exc) from None
    print(_("%(added)d added, %(changed)d changed, %(same)d already there") % counts)
    return 0


def _tiles_pocket(args: argparse.Namespace) -> int:
    """The collection onto a pocket board: nothing is asked of the board, nor copied,
    without a collection key here (the pocket would trust no signed tag), nor to a board
    that is not a pocket build."""
    import subprocess
    import tempfile

    from host.app import pocket_tiles
    from host.common.config import data_dir
    from host.hub import pocket_flash
    from host.storage import keys
    from host.storage.registry import Registry
    from host.storage.store import Store

    where = data_dir(data(args))
    try:
        key = keys.load_key(where)
    except keys.KeyFileError as exc:
        raise Failed(_("%s (nothing copied)") % exc) from None
    if key is None:
        raise Failed(_("no collection key in %s: enroll a tile first (hexref "
                                       "enroll), or restore your backup; nothing copied")
                     % where)
    try:
        pocket_flash.check_pocket(args.port)
    except pocket_flash.NotAPocket as exc:
        raise Failed(_("%s (nothing copied)") % exc) from None
    with tempfile.TemporaryDirectory(prefix="hexref-tiles-") as folder, \
            Store(where) as store:
        counts = pocket_tiles.from_registry(Registry(store, key), Path(folder))
        try:
            copied, kept = pocket_flash.push(args.port, Path(folder))
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise Failed(_("the copy did not finish (%s): the board keeps "
                                           "its tiles as they were; run it again") % exc) from None
    print(_("%(copied)s copied, %(kept)d already on the board")
          % {"copied": n_("%d file", "%d files", copied) % copied, "kept": kept})
    print(_("The pocket board now trusts %(tiles)s and every tile signed with this "
            "collection's key (%(revoked)d revoked); it restarts into its games.")
          % {"tiles": n_("%d enrolled tile", "%d enrolled tiles", counts["tiles"])
             % counts["tiles"], "revoked": counts["revoked"]})
    return 0


def _strike(text: str) -> dict[str, int]:
    """``green=4,red=3`` (or ``vert=4,rouge=3``) -> {"green": 4, "red": 3}: the words as
    the table says them, told apart by the tile's own keys once the tile is known
    (``_grouped``)."""
    out: dict[str, int] = {}
    for part in text.split(","):
        colour, eq, value = part.partition("=")
        if not eq or not value.strip().isdigit():
            raise argparse.ArgumentTypeError(
                _("give strike values as colour=value, e.g. %(example)s, not %(part)r")
                % {"example": "%s=4,%s=3" % (_("green"), _("red")), "part": part})
        out[colour.strip().lower()] = int(value)
    return out


def _strike_of(args: argparse.Namespace) -> dict | None:
    """``--strike`` by the keys of the tile ``--entry`` names (Failed for a word it has no
    value for); as given when there is no such tile (enrolling says so)."""
    from shared_rules import catalogue

    if not args.strike or not args.entry:
        return args.strike
    try:
        return _grouped(catalogue.get(args.entry), args.strike)
    except KeyError:
        return args.strike
    except ValueError as exc:
        raise Failed(exc, 2) from None


def _grouped(entry: dict, given: dict) -> dict:
    """Values given by the table's words for a tile's grouped values (its strike values by
    colour: ``rouge``, ``rojo``, ``red``), by their keys; ValueError for a word the tile
    has no value for."""
    from shared_rules import catalogue

    keys = catalogue.book(entry).grouped(entry)[1]
    if not keys:
        return given  # no values kept together: its book says what it takes instead
    out = {}
    for word, value in given.items():
        key = key_for(word, keys)
        if key is None:
            raise ValueError(_("%(word)r: %(entry)s has no such value (its values: "
                               "%(keys)s)") % {"word": word, "entry": catalogue.label(entry),
                                               "keys": ", ".join(_(k) for k in keys)})
        out[key] = value
    return out


def _pair(text: str) -> tuple[str, str]:
    """``attack=3`` -> ("attack", "3"); the value is typed later, by the card's field."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(_("give a value as name=value, e.g. attack=3, not %r")
                                         % text)
    return name.strip().lower(), value


def _tiles_correct(args: argparse.Namespace) -> int:
    from shared_rules import catalogue

    registry = _editing(args)
    fields = {name: getattr(args, name) for name in ("name", "kind", "colour", "element",
                                                     "ally", "bonus")
              if getattr(args, name) is not None}
    if not args.strike and not fields and not args.set:
        raise Failed(_("nothing to correct: give --set NAME=VALUE, --strike or a field"), 2)
    try:
        entry = registry.enrolled_entry(args.uid)
        strike = _grouped(entry, args.strike or {})
        keys = catalogue.book(entry).grouped(entry)[1]
        for given, text in args.set or ():  # typed as the tag's entry takes them
            key = key_for(given, keys)
            name = key or given
            value = catalogue.parse_value(entry, name, text)
            if key is not None:
                strike[key] = value
            else:
                fields[name] = value
        entry = registry.correct(args.uid, strike=strike or None, **fields)
    except ValueError as exc:
        raise Failed(exc) from None
    book = catalogue.book(entry)
    group, keys = book.grouped(entry)
    if group is None:
        shown = " ".join("%s %s" % (_(k), "?" if entry.get(k) is None else entry[k])
                         for k in book.fields(entry) if k not in ("name", "kind"))
    else:
        shown = " ".join("%s %s" % (_(c), "?" if entry[group].get(c) is None
                                    else entry[group][c]) for c in keys)
    print("%s: %s%s" % (args.uid, catalogue.label(entry), "  " + shown if shown else ""))
    gaps = catalogue.missing(entry)
    # 'strike.green' is the catalogue's name for it; the owner reads the colour.
    print(_("verified") if entry["verified"] else _("still unknown: %s") % ", ".join(
        _(gap.split(".")[-1]) for gap in gaps))
    return 0


def _tiles_forget(args: argparse.Namespace) -> int:
    registry = _editing(args)
    try:
        gone = registry.forget(args.uid)
    except ValueError as exc:
        raise Failed(exc, 2) from None
    if not gone and args.command_name == "tiles forget":
        raise Failed(_("tag %(uid)s is not enrolled (to distrust a signed tag "
                                      "you never enrolled here, use hexref tiles revoke "
                                      "%(uid)s)") % {"uid": args.uid})
    said = (_("forgot %s: its tag is no longer trusted, even with a valid signature "
              "(hexref enroll trusts it again)") if gone else
            _("revoked %s: its tag is no longer trusted, even with a valid signature "
              "(hexref enroll trusts it again)"))
    print(said % args.uid)
    return 0
