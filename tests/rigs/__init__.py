"""What tests stand on, not tests: pytest does not collect this package (its modules are not
``test_*.py``), and tests/test_tree.py fails on a rig put beside the suites. Import as
``from rigs.cable import Cable`` (tests/ is on the path; the benches and soaks, run as
scripts from tests/, find it the same way).

The pieces:
- clock.py: Clock, a monotonic clock a test moves by hand;
- cable.py: Cable, a pseudo-terminal pair standing for the hub's USB cable;
- wires.py: Wire, the same cable in memory, with faults a test chooses;
- broker.py: Mosquitto, a real broker on a free port, and pairing a table with the club;
- web_rig.py: a real ``hexref web`` (or ``club``) process on a free port, Chromium, axe;
- doctor_pi.py: FakePi and RealHello, the machines ``hexref doctor`` is tried on;
- enroll_bench.py: ReaderHub and Bench, the hub's Link with an NTAG on its reader over a
  Wire to enrollment's side (registry, HubLink, buttons on mock pins);
- driver_platform.py: the Pi's driver libraries (busio, spidev...) over the chip twins;
- debian.py: ``tool()``, the Debian program a test needs, or a failure naming its package;
- installed.py: hexref installed as its users install it (a wheel, a fresh venv of Debian's
  Python), for the install and journeys suites;
- liveness.py: what each game's table can do in each state, for the walks that look for
  dead ends (issue 20);
- high_roll.py (and high_roll.json): a sixth game, registered the way a maker would;
- transcripts.py: a demo's transcript read back frame by frame, and the frames that ask
  again for a roll under way.

The tables. There is one referee rig; the others put it, or the real program, behind
something a test is about (a link, a cable, a process), and stay apart for that reason:
- referee_table.py: Table, THE referee fed hub events as the loop feeds them, numbered as
  the hub numbers them, a journal (in memory unless given one), the game's presenter to read
  the panel (``screen()``), the Pi's menu, ``refused()``; Justice League by default,
  ``game_table()`` for any other game (the HeroScape, Hexo and Invocations flows);
- table_rig.py: that referee behind the real links: the hub's Link on a Wire to the host's
  HubLink, the journal in SQLite, each event journalled before its ACK (the storage, club
  and phone page tests, which need a store written the way ``hexref run`` writes it);
- noisy_table.py: Host and Session, the host as it is between two restarts (everything from
  the store, the next game of a series opened) on a wire that corrupts and drops: what is
  tried there is the restart, so its referee is rebuilt from the store each time;
- app_table.py: Table, ``hexref run``'s own loop (App) stepped by hand on a Cable to the
  firmware's link, luma's dummy panel and gpiozero's mock pins: the menus, buttons, buzzer
  and panel of the real program, not a referee alone;
- process_table.py: ``hexref run`` and the firmware hub as real processes on a pty reached
  through a symlink (its own Cable: a path that moves when the hub re-enumerates, a master
  handed to the hub's process), for kills, resets and full disks;
- noisy_relay.py: those processes with a relay corrupting the bytes between them.

Two tables stay inside their suites because they are what the suite checks, not a way to
play: test_rebuilt_equals_live.py holds a live referee and rebuilds a second from its
journal at every step to compare them; test_connection.py has no referee at all (the
Connection alone on a Cable, its journal a list of numbers). test_refusals_on_panel.py's
Table is referee_table's with the Collector's tiles and a stricter ``refused()``.
"""
