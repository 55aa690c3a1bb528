"""No code outside a game's folders names the game (issue 29): the host, the pocket, the page,
the club, enrolment, tiles and the demo find a game through its descriptor, so a sixth game
is its folder and a registry line (docs/RECIPES.md, Adding a game). The registry
(shared_rules/games/__init__.py) is the one place that lists them.

What counts is code: a name or a string the program uses. Prose (comments, docstrings and
their examples) may take a game as its example, as the docs do."""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from rigs.tree import ROOT

GAMES = sorted(p.name for p in (ROOT / "shared_rules" / "games").iterdir()
               if (p / "__init__.py").is_file())
# A game by its package's name, its family's catalogue prefix (jl/016, ygo-beginner, hs-basic,
# in/card-01, hx) or its rulebook's title.
PREFIXES = ("jl", "ygo", "hs", "hx", "in")
NAMED = re.compile(r"(?i)(\b(%s)\b|\b(%s)[-/]\w|justice league|yu-gi-oh)" % (
    "|".join(GAMES), "|".join(PREFIXES)))


def _own(path: Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return (parts[:2] in (("shared_rules", "games"), ("host", "games"))
            and len(parts) > 3 and parts[2] in GAMES)


def _docstrings(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def named_in_code(path: Path) -> list[str]:
    """The lines of a module whose code (not its prose) names a game."""
    source = path.read_text()
    prose = _docstrings(ast.parse(source))
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING) or tok.start[0] in prose:
            continue
        if NAMED.search(tok.string):
            found.append("%s:%d: %s" % (path.relative_to(ROOT), tok.start[0], tok.line.strip()))
    return found


def test_the_check_sees_a_game_named_in_code():
    assert NAMED.search('"heroscape-virtual"') and NAMED.search("'jl-beginner'")
    assert NAMED.search("VIRTUAL = 'hs-basic'") and not NAMED.search("'in' the hand")


def test_no_code_outside_a_games_folders_names_it():
    registry = ROOT / "shared_rules" / "games" / "__init__.py"
    modules = [p for top in ("host", "shared_rules", "firmware")
               for p in sorted((ROOT / top).rglob("*.py"))
               if "__pycache__" not in p.parts and p != registry and not _own(p)]
    assert len(modules) > 150
    found = [line for p in modules for line in named_in_code(p)]
    assert not found, "\n".join(found)


def test_the_makefile_names_no_game():
    """Its rules find the games' files by wildcard (host/games/*/demo.py)."""
    found = [line for line in (ROOT / "Makefile").read_text().splitlines()
             if not line.lstrip().startswith("#") and NAMED.search(line)
             and "tests/" not in line]
    assert not found, found
