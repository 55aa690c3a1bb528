"""``--log-level`` before the command or after it (issue 23): the README's ``hexref run
--log-level debug`` parses, as ``hexref --log-level debug run`` always did."""
from __future__ import annotations

import pytest

from host.commands.main import build_parser


@pytest.mark.parametrize("argv", [["run", "--log-level", "debug"],
                                  ["--log-level", "debug", "run"],
                                  ["tiles", "list", "--log-level", "debug"],
                                  ["doctor", "--no-ping", "--log-level", "debug"]])
def test_log_level_is_taken_before_or_after_the_command(argv):
    assert build_parser().parse_args(argv).log_level == "debug"


def test_no_log_level_leaves_the_default_to_main():
    assert build_parser().parse_args(["run"]).log_level is None

