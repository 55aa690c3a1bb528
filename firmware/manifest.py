"""What a board's image holds, from its manifest (``firmware/hub/manifest.py``,
``firmware/pocket/manifest.py``), as micropython-lib builds a package from its manifest
rather than from filter lists: the entry modules and every project module they import,
found by reading their ``import`` statements (a function's lazy import included, so a driver
loaded only when its chip answers still ships), plus the packages a manifest asks for whole.

Run on the computer by the Makefile, never on a board::

    python -m firmware.manifest hub      # the .py files of the hub's image, one a line

The simulators (``firmware.sim``: the twins, the simulated hub, CPython's clock) are what a
module imports only when ``machine`` is missing; each manifest names them in ``NEVER``.
"""
import ast
import sys
from pathlib import Path  # cpython-only: a build tool, run by the Makefile

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("firmware", "shared_rules")


def module_file(name):
    """The source file of the dotted module ``name``, or None when it is not the project's."""
    if name.split(".")[0] not in PROJECT:
        return None
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _is_package(name):
    return ROOT.joinpath(*name.split("."), "__init__.py").is_file()


def imported(path, name):
    """The dotted names a module's import statements reach (``from a import b`` gives
    ``a.b`` as well as ``a``: b may be a module)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if _is_package(name) else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.append(base)
            found.extend(base + "." + alias.name for alias in node.names)
    return found


def _within(name, prefixes):
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def closure(entries, whole=(), never=()):
    """Every project module ``entries`` reach, with their packages' ``__init__`` and the
    packages named in ``whole`` with all their modules; ``never`` left out."""
    todo = list(entries)
    for package in whole:
        top = ROOT.joinpath(*package.split("."))
        for path in sorted(top.rglob("*.py")):
            if "__pycache__" not in path.parts and path.name != "manifest.py":
                rel = path.relative_to(ROOT).with_suffix("")
                parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
                todo.append(".".join(parts))
    seen = {}
    while todo:
        name = todo.pop()
        if name in seen or _within(name, never):
            continue
        path = module_file(name)
        if path is None:
            continue
        seen[name] = path
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        todo.extend(imported(path, name))
    return sorted(p.relative_to(ROOT).as_posix() for p in seen.values())


def sources(build):
    """The .py files of ``build`` ("hub" or "pocket"), by its manifest."""
    if build not in ("hub", "pocket"):
        raise SystemExit("manifest: hub or pocket, not %r" % build)
    spec = {}
    exec(compile((ROOT / "firmware" / build / "manifest.py").read_text(), build, "exec"), spec)
    return closure(spec["ENTRY"], spec.get("WHOLE", ()), spec.get("NEVER", ()))


if __name__ == "__main__":
    print("\n".join(sources(sys.argv[1] if len(sys.argv) > 1 else "")))
