"""What only the Pi has of High Roll: its demo table and ``hexref odds high-roll``."""
from rigs.high_roll.engine import TARGET


def demo_entries():
    from shared_rules import catalogue

    return [catalogue.apply_correction(catalogue.get("hr/wizard"), might=3),
            catalogue.get("hr/knight")]


def demo_script():
    from host.games.scripting import Steps
    from rigs.high_roll import UIDS

    s = Steps(UIDS)
    s.tap("hr/knight").press("A")
    s.tap("hr/wizard").press("B")
    s.roll(6, 5, 6, 6)  # Knight 6+2 = 8, Wizard 5+3 = 8, Knight 16: P1 wins (HR-3)
    return s.steps


def _demo():
    from host.games.descriptor import Demo

    return Demo(demo_entries, demo_script)


DEMOS = {"high-roll": _demo}


def add_odds(parsers):
    """``hexref odds high-roll``: the chance that the next roll wins (HR-3)."""
    odds = parsers.add_parser("high-roll", help="High Roll: the chance the next roll wins")
    odds.add_argument("--score", type=int, required=True)
    odds.add_argument("--might", type=int, required=True)
    odds.set_defaults(func=_odds)


def _odds(args):
    wins = sum(1 for face in range(1, 7) if args.score + face + args.might >= TARGET)
    print("next roll wins: %d/6" % wins)
    return 0
