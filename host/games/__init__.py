"""The games the referee runs: the descriptor table (descriptor.py), the presenter's base
(presenter.py), what demo scripts are written with (scripting.py), and one folder per game
(its registration, presenter, hooks, demo tables and odds). Importing ``host.games``
registers the five games, in the order the menu lists them."""
# isort: off
from host.games import hexors  # noqa: F401 - Justice League, then Yu-Gi-Oh!
from host.games import heroscape  # noqa: F401
from host.games import hexo  # noqa: F401
from host.games import invocations  # noqa: F401
# isort: on
