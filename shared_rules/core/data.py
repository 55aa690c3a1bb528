"""A game's data file, read beside the module that names it: the same JSON on CPython (any
OS) and MicroPython, with the plain ``json`` module.

>>> import shared_rules.games.hexo.engine as hexo
>>> [c["id"] for c in beside(hexo.__file__, "cards.json")][:1]
['hx/goblin']
"""
import json


def folder_of(module_file):
    """The folder holding ``module_file`` (a module's ``__file__``), with a trailing /."""
    here = module_file.replace("\\", "/")
    cut = here.rfind("/")
    return here[:cut + 1] if cut >= 0 else ""


def beside(module_file, name):
    """The JSON file ``name`` in the folder of ``module_file``, parsed."""
    with open(folder_of(module_file) + name) as f:
        return json.load(f)
