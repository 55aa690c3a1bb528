"""The games on the Pi: their descriptors from the shared registry, with what only the Pi
has of each (descriptor.py), the presenter the Pi draws a game's shared screens with
(presenter.py), what demo scripts are written with (scripting.py), and one folder per game
holding only what only the Pi has of it (its demo tables, its ``hexref odds`` command)."""
