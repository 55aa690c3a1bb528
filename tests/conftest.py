"""pytest's view of the test tree. The tests mirror the code (tests/shared_rules/games/<game>/,
tests/host/<part>/, tests/firmware/...); every suite may use the portable helpers in
tests/portable/ (the same tiles and checks the MicroPython run uses) and the rigs in
tests/rigs/, both on pytest's path (pyproject.toml, ``pythonpath``); the fixtures several
folders share are here, a folder's own in its conftest.py."""
# The suites read what hexref says in English unless a test asks for another language:
# the machine's locale (LANG=fr_FR.UTF-8 on a French laptop) must not change them.
import os  # noqa: E402

import pytest

os.environ["LANGUAGE"] = "en"

# Hypothesis checks what the code does, not how fast: its per-example deadline (200 ms) is a
# timed assertion, which fails on a loaded 2-core CI machine. Speed is `make bench`'s job.
from hypothesis import settings  # noqa: E402

settings.register_profile("hexref", deadline=None)
settings.load_profile("hexref")

# The tests stop hexref run, web and club with SIGINT, as systemd's KillSignal and Ctrl-C
# do. Started in the background by a script (bash ignores SIGINT in its background jobs, and
# every process started after inherits that), the suite left them deaf to it: a web page
# took 10 s to stop (then killed), and the referee traced by strace never stopped (load
# runs 2-4). A handler, unlike an ignored signal, is reset to the default by exec: each
# process the tests start hears SIGINT again.
import signal  # noqa: E402

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def factory():
    """gpiozero's mock pins for the test's devices (the referee's buttons, encoder, buzzer):
    ``factory.pin(22).drive_low()`` presses the button on GPIO22."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
