"""argparse's own words for a mistake on the command line, said in the table's language.

argparse writes its errors (``hexref demo: error: argument --variant: invalid choice: ...``)
through the module-level ``gettext`` it imported, in the process's default domain, where no
catalogue of ours is. ``speak`` points argparse at the table's catalogue instead: the texts
below are marked here so ``make messages`` extracts them (they must stay argparse's texts,
letter for letter, Python 3.11 to 3.13), and only these are translated; argparse's help
headings stay as they are, beside help texts that are English too.
"""
from __future__ import annotations

import argparse

from host.common import i18n
from host.common.i18n import N_

TEXTS = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def _said(message: str) -> str:
    return i18n._(message) if message in TEXTS else message


def speak() -> None:
    """From now on argparse says its mistakes in the language ``i18n.use`` chose."""
    argparse._ = _said  # type: ignore[attr-defined]
