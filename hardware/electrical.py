"""The two sums a maker must get right: I2C rise time on each bus, and current on each rail.

I2C (NXP UM10204, "I2C-bus specification", table 10 and section 7.1): a line is pulled
up by a resistor and discharged by the bus capacitance, so its 30 %-70 % rise time is
``0.8473 * R * C``. Standard mode (100 kHz) allows 1000 ns, fast mode (400 kHz) 300 ns,
and any bus at most 400 pF. The smallest pull-up is set by the 3 mA a pin must sink while
holding the line at 0.4 V or less: ``(VDD - 0.4 V) / 3 mA``.

>>> round(rise_time_ns(4700, 100))
398
>>> max_capacitance_pf(4700, 100000)
251
>>> cable_length_limit_m(4700, 100000, "unshielded", devices=2)
3.0
"""

VDD = 3.3
VOL_MAX = 0.4  # V, UM10204 table 9, at 3 mA sink
SINK_MA = 3.0
RISE_FACTOR = 0.8473  # ln(0.7 / 0.3): from 30 % to 70 % of VDD
BUS_LIMIT_PF = 400
RISE_LIMIT_NS = {100000: 1000, 400000: 300}

# Capacitance we assume, on the cautious side of typical datasheet figures.
PIN_PF = 10  # per device on the bus (UM10204: Ci at most 10 pF)
BOARD_PF = 15  # the host's own pin, traces and connector
CABLE_PF_PER_M = {
    "unshielded": 70,  # loose 4-core 26-28 AWG, conductor to conductor
    "shielded": 150,  # conductor to screen: a screen adds capacitance
}

# The Pico's 3V3(OUT) comes from its buck-boost regulator fed by VBUS.
REGULATOR_EFFICIENCY = 0.85
USB_V = 5.0


def rise_time_ns(pullup_ohms, capacitance_pf):
    return RISE_FACTOR * pullup_ohms * capacitance_pf / 1000.0


def rise_limit_ns(freq):
    """The rise-time limit of the slowest mode that allows ``freq``."""
    for mode in sorted(RISE_LIMIT_NS):
        if freq <= mode:
            return RISE_LIMIT_NS[mode]
    raise ValueError("%d Hz is faster than fast mode (400 kHz)" % freq)


def max_capacitance_pf(pullup_ohms, freq):
    """The most capacitance a bus may have at this pull-up and clock, in whole pF."""
    limit = rise_limit_ns(freq) * 1000.0 / (RISE_FACTOR * pullup_ohms)
    return int(min(limit, BUS_LIMIT_PF))


def min_pullup_ohms(vdd=VDD):
    return (vdd - VOL_MAX) / (SINK_MA / 1000.0)


def bus_capacitance_pf(length_m, cable="unshielded", devices=1):
    return BOARD_PF + devices * PIN_PF + length_m * CABLE_PF_PER_M[cable]


def cable_length_limit_m(pullup_ohms, freq, cable="unshielded", devices=1):
    """How long the cable may be before the rise time breaks the spec, to 0.1 m."""
    spare = max_capacitance_pf(pullup_ohms, freq) - BOARD_PF - devices * PIN_PF
    return max(0.0, int(10 * spare / CABLE_PF_PER_M[cable]) / 10.0)


def bus_report(key, bus, devices, cable="unshielded"):
    """A dict describing one I2C bus of pinout.json against the specification."""
    cap = bus_capacitance_pf(bus["length_m"], cable, devices)
    rise = rise_time_ns(bus["pullup_ohms"], cap)
    limit = rise_limit_ns(bus["freq"])
    return {
        "bus": key,
        "freq": bus["freq"],
        "pullup_ohms": bus["pullup_ohms"],
        "length_m": bus["length_m"],
        "capacitance_pf": cap,
        "rise_ns": rise,
        "limit_ns": limit,
        "ok": rise <= limit and cap <= BUS_LIMIT_PF and bus["pullup_ohms"] >= min_pullup_ohms(),
    }


def fitted(parts, everything, build=None):
    """Part ids of the default build, or of the hungriest build (``everything``): every
    option fitted and, in each choice group, the alternative that draws the most. With
    ``build``, only the parts that build uses (the pocket has no ESP32 to choose)."""
    chosen = []
    groups = {}
    for pid, part in parts.items():
        if build is not None and not part["uses"].get(build):
            continue
        if "choice" not in part:
            chosen.append(pid)
        else:
            groups.setdefault(part["choice"], []).append(pid)
    for members in groups.values():
        if everything:
            chosen.append(max(members, key=lambda pid: parts[pid]["current_ma"]))
        else:
            chosen.extend(pid for pid in members if parts[pid].get("default"))
    return sorted(chosen)


def rail_currents(catalogue, everything=False):
    """{rail: mA} for a build. The hub's 3.3 V load is fed from USB through the Pico's
    regulator, and the whole hub hangs off the Pi's USB port, so both roll upward; the
    pocket's the same way from its own USB supply."""
    parts = catalogue["parts"]
    total = dict((rail, 0.0) for rail in catalogue["rails"])
    for build in catalogue["builds"]:
        for pid in fitted(parts, everything, build):
            part = parts[pid]
            qty = part["uses"][build]
            # A part two builds share (the PN532 of the hub and of the pocket) draws from
            # each build's own rail.
            rail = part.get("rail_by_build", {}).get(build, part["rail"])
            if rail:
                total[rail] += qty * part["current_ma"]
                for other, info in catalogue["rails"].items():
                    if build in info.get("also_builds", ()):
                        total[other] += qty * part["current_ma"]  # the die, in a pocket
    total["hub_5v"] += total["hub_3v3"] * VDD / (USB_V * REGULATOR_EFFICIENCY)
    total["host_5v"] += total["hub_5v"]
    if "pocket_5v" in total:
        total["pocket_5v"] += total["pocket_3v3"] * VDD / (USB_V * REGULATOR_EFFICIENCY)
    return total
