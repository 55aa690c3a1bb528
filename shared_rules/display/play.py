"""What every game's screen does with the referee's menu and an input's message, on the Pi
(host/games/presenter.py) and on the pocket board (firmware/pocket/screen.py) alike.

``seen`` is the session's plain view model (``legal``, ``menu``: the menu's labels,
``menu_open``, ``cursor``); ``reaction`` what one input did (shared_rules/core/session.py).
"""
from shared_rules.display import screens


def with_menu(view, seen):
    """The game's screen with the referee's menu open: the footer is the choice under the
    cursor (UP/DOWN turn it, OK does it), so the board stays in sight while choosing and
    the panel redraws one line."""
    menu = seen.menu if seen.menu_open else ()
    if not menu:
        return view
    i = min(seen.cursor, len(menu) - 1)
    return view.replace(footer="%d/%d %s" % (i + 1, len(menu), menu[i]), inverted_footer=True)


def message(title, screen, seen, reaction):
    """The message an input leaves on the panel, as (kind, view), or None: a refusal says
    what was wrong and what to do; a note ("Rolling...", "Unknown tile") rides in the footer
    over the game's ``screen``."""
    result = reaction.result
    if result is not None and not result.accepted:
        return "refused", screens.refused(title, result.message,
                                          result.instead or seen.legal.prompt, result.rule)
    if reaction.note:
        return "note", screen.replace(footer=reaction.note, inverted_footer=True)
    return None
