"""The address a phone at the table opens to join the phone page (``hexref web``): the page
shows it as a QR code for the next phone, and so does the panel's menu (both rooms import
it from here, so both say the same address)."""
from __future__ import annotations

import socket


def join_address(host: str, port: int) -> str:
    """The address another phone on the network opens: listening on every address, this
    computer's address on the network it would reach the outside by (a UDP socket is only
    pointed there, nothing is sent), else its name."""
    if host not in ("0.0.0.0", "::"):
        return "http://%s:%d/" % ("[%s]" % host if ":" in host else host, port)
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        address = probe.getsockname()[0]
    except OSError:
        address = "%s.local" % socket.gethostname()
    finally:
        probe.close()
    return "http://%s:%d/" % (address, port)
