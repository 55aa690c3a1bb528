"""No import circle in firmware/ or shared_rules/ (issue 18; DESIGN.md, principle 9).

The hub keeps boot-only and now-and-then code out of its heap by importing it inside a
function and dropping the module afterwards, so a circle there hides in function-level
imports that a look at the top of each file misses: the graph is built from every
``import`` in every module, at any depth, with the standard library's ``ast``.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("firmware", "shared_rules")


def module_names(root: Path, packages=PACKAGES) -> dict[str, Path]:
    """``{"firmware.nfc": path, "firmware": path of its __init__.py, ...}``."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """The modules of ``known`` that module ``name`` imports, each with its line."""
    is_package = path.name == "__init__.py"
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")
                parent = parent[:len(parent) - node.level + (1 if is_package else 0)]
                base = ".".join(parent + ([base] if base else []))
            # ``from firmware import faces_setup`` imports the module firmware.faces_setup;
            # ``from firmware.faces import FaceTable`` imports firmware.faces.
            for alias in node.names:
                sub = base + "." + alias.name
                targets.append(sub if sub in known else base)
        for target in targets:
            if target in known and target != name:
                out.append((target, node.lineno))
    return out


def circles(root: Path, packages=PACKAGES) -> list[list[tuple[str, int]]]:
    """Each import circle as ``[(module, line of its import of the next), ...]``: one per
    set of modules that reach each other (Tarjan's strongly connected components)."""
    known = module_names(root, packages)
    graph = {name: imports(name, path, known) for name, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack = set()
    components = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w, _ in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(set(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_one_circle(graph, component) for component in components]


def _one_circle(graph, component):
    """A shortest way round the component from its first module, with the lines."""
    start = min(component)
    paths = {start: []}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w, line in graph[v]:
            if w == start:
                return paths[v] + [(v, line)]
            if w in component and w not in paths:
                paths[w] = paths[v] + [(v, line)]
                queue.append(w)
    raise AssertionError("no way round %s" % sorted(component))


def describe(circle) -> str:
    names = [module for module, _ in circle] + [circle[0][0]]
    lines = ", ".join("%s.py:%d" % (module.replace(".", "/"), line) for module, line in circle)
    return " -> ".join(names) + " (imports at " + lines + ")"


def test_no_import_circle_in_firmware_or_shared_rules():
    found = circles(ROOT)
    assert not found, "import circles:\n" + "\n".join(describe(c) for c in found)


def test_the_check_sees_a_circle_closed_inside_a_function(tmp_path):
    # The shape the hub's heap savings had: a runtime module loading its boot-only part
    # from a method, the boot-only part importing the runtime module back at its top.
    package = tmp_path / "firmware"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "pn532.py").write_text(
        "class PN532:\n    def begin(self):\n        from firmware.pn532_start import begin\n"
        "        return begin(self)\n")
    (package / "pn532_start.py").write_text("from firmware.pn532 import PN532\n")
    (package / "nfc.py").write_text("from . import pn532\n")
    found = circles(tmp_path, ("firmware",))
    assert [describe(c) for c in found] == [
        "firmware.pn532 -> firmware.pn532_start -> firmware.pn532 "
        "(imports at firmware/pn532.py:3, firmware/pn532_start.py:1)"]
    (package / "pn532.py").write_text("class PN532:\n    pass\n")
    assert circles(tmp_path, ("firmware",)) == []
