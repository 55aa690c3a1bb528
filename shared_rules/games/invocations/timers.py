"""The Master's timers of an Invocations game (IN-4), on the Pi and on the pocket board
alike: which run, how long each may run, and the input one makes when it runs out.

IN-4: a player who has not placed an Attack within 1 minute may have a Spell forced into
Attack by the Master; a player targeted by a Destroy or a Steal has 15 seconds to hand
the card over, or the Master performs the effect. Time never enters the engine as a
clock: when a timer runs out the session journals ``("timeout", "attack")`` or
``("timeout", "handover")`` like any other input, and the engine decides what it allows.

The clocks are the session's (shared_rules/core/clocks.py: the Pi's seconds, the board's
``time.ticks_ms``); this says what they time, from the engine's view model alone, so a
timer is named by what it times and a referee rebuilt from the journal times the same.
Written for MicroPython too.
"""
from shared_rules.games.invocations import decisions

LIMITS_MS = {"attack": decisions.ATTACK_TIMER_MS,
             "handover": decisions.HANDOVER_TIMER_MS}


def running(game):
    """The timers that run now, each named by what it times (stable across replay)."""
    out = {}
    if not game["timers"] or game["phase"] == "over":
        return out
    if game["phase"] == "stage2" and not game["attack_timeout"]:
        out["attack"] = ("attack", game["round"], game["playoff"] is not None)
    if game["handover"] is not None:
        out["handover"] = ("handover", game["round"], game["effects"])
    return out


def ran_out(clocks, timing, now):
    """The input time makes at ``now`` (IN-4): ``("timeout", kind)`` for the timer of
    ``timing`` (``running``'s answer) that has just run out, once; else None."""
    kind = clocks.run(timing, LIMITS_MS, now)
    return ("timeout", kind) if kind is not None else None


def left_ms(clocks, timing):
    """What the panel counts down: ms left on each timer of ``timing``, by kind."""
    return {kind: clocks.left_ms(kind, what, LIMITS_MS[kind])
            for kind, what in timing.items()}
