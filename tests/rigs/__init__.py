"""What tests stand on, not tests: pytest does not collect this package (its modules are not
``test_*.py``). Import as ``from rigs.cable import Cable`` (tests/ is on the path).

- clock.py: Clock, a monotonic clock a test moves by hand;
- cable.py: Cable, a pseudo-terminal pair standing for the hub's USB cable;
- app_table.py: Table, ``hexref run``'s loop (App) on a cable to the real firmware link,
  luma's dummy panel and gpiozero's mock pins, stepped by hand;
- referee_table.py: Table, a referee fed hub events as the loop feeds it (no link);
- broker.py: Mosquitto, a real broker on a free port, and pairing a table with the club;
- doctor_pi.py: FakePi and RealHello, the machines ``hexref doctor`` is tried on.
"""
