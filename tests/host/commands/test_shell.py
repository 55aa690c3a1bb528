"""The one shell every command runs in (issue 35, item 2; host/commands/shell.py): every
command, found from the parser itself, reads the config the same way and refuses a bad one;
an unexpected error is one sentence naming the command, where its details went and the
debug option; Ctrl-C says what was kept."""
from __future__ import annotations

import argparse

import pytest

from host.commands import main as cli
from host.commands import shell


def _commands() -> list[list[str]]:
    """Every runnable command as a user types it (``tiles revoke``...), with the arguments
    it requires filled with something plausible."""
    found: list[list[str]] = []

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            needed = [a for a in parser._actions if a.required or (
                not a.option_strings and a.nargs is None)]
            args = []
            for action in needed:
                if action.option_strings:
                    args += [action.option_strings[0], "1"]
                else:
                    args.append("04A1B2C3D4E502")
            found.append(words + args)
            return
        for word, sub in subs[0].choices.items():
            walk(sub, words + [word])

    walk(cli.build_parser(), [])
    return found


COMMANDS = _commands()


def test_every_command_is_found():
    names = {" ".join(c[:2]) if c[0] in ("tiles", "odds") else c[0] for c in COMMANDS}
    assert {"demo", "run", "doctor", "replay", "backup", "restore", "web", "die-check",
            "publish", "club", "club-join", "enroll", "tiles list", "tiles revoke",
            "odds hexors", "odds heroscape"} <= names, names


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:2]) for c in COMMANDS])
def test_every_command_refuses_a_config_with_a_typo_naming_file_and_line(command, tmp_path,
                                                                          capsys):
    """With ``driver = sh1106`` unquoted, backup, replay, tiles and die-check fell back to
    the default data folder (backup backed up another database and said 0)."""
    config = tmp_path / "hexref.toml"
    config.write_text("[data]\ndir = \"%s\"\n[panel]\ndriver = sh1106\n" % (tmp_path / "d"))
    code = cli.main([*command, "--config", str(config)])
    err = capsys.readouterr().err
    assert code == 2, (command, err)
    name = " ".join(w for w in command if not w.startswith(("-", "04", "1")))
    assert err.startswith("hexref %s: %s: not valid TOML: " % (name, config)), err
    assert "line 4" in err, err
    assert not (tmp_path / "d").exists()


def test_an_unexpected_error_is_one_sentence_with_the_log_and_the_debug_option(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    monkeypatch.setenv("HEXREF_CONFIG", str(tmp_path / "none.toml"))
    (tmp_path / "none.toml").write_text("")

    def broken(args):
        raise KeyError("the bug")

    parser = cli.build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action.choices["replay"].set_defaults(func=broken)
    assert shell.run(parser, ["replay"]) == 1
    err = capsys.readouterr().err
    log = tmp_path / "state" / "hexref" / "error.log"
    assert err == ("hexref replay: unexpected error (KeyError: 'the bug'); the details are in "
                   "%s; run it again with --log-level debug to see them here\n" % log)
    written = log.read_text()
    assert "Traceback" in written and "raise KeyError" in written
    assert shell.run(parser, ["replay", "--log-level", "debug"]) == 1
    assert "Traceback" in capsys.readouterr().err  # asked for: shown


def test_ctrl_c_says_what_was_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HEXREF_CONFIG", str(tmp_path / "none.toml"))
    (tmp_path / "none.toml").write_text("")

    def interrupted(args):
        raise KeyboardInterrupt

    parser = cli.build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action.choices["replay"].set_defaults(func=interrupted)
    assert shell.run(parser, ["replay"]) == 130
    assert capsys.readouterr().err == "hexref replay: stopped (Ctrl-C); nothing was changed\n"
