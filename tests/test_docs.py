"""The documents the code cites are in the repository and say what the code names.

Rule IDs (``JL-C3``), ``RULES.md §4``, ``DESIGN.md principle 2`` and ``DESIGN.md, Tags`` in
any module or test must resolve in ``docs/`` of a fresh clone; ``docs/PROTOCOL.md`` lists
every message type of the codec with its fields in order.
"""
from __future__ import annotations

import re
from pathlib import Path

from shared_rules.protocol import codec as protocol

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CODE_DIRS = ("host", "shared_rules", "firmware", "tests", "hardware")


def code_text() -> dict[Path, str]:
    out = {}
    for d in CODE_DIRS:
        for path in (ROOT / d).rglob("*"):
            if path.suffix in (".py", ".mjs") and "node_modules" not in path.parts:
                out[path] = path.read_text(encoding="utf-8")
    out[ROOT / "Makefile"] = (ROOT / "Makefile").read_text(encoding="utf-8")
    return out


def cited(pattern: str) -> dict[str, list[str]]:
    """Every match of ``pattern`` in the code, with where it stands."""
    found: dict[str, list[str]] = {}
    for path, text in code_text().items():
        for m in re.finditer(pattern, text):
            found.setdefault(m.group(1), []).append(str(path.relative_to(ROOT)))
    return found


def test_every_rule_id_the_code_names_is_defined_in_docs_rules():
    defined = set(re.findall(r"\*\*((?:JL|YG|HS|HX|IN|ROLL)-[A-Z0-9]+)\*\*",
                             (DOCS / "RULES.md").read_text(encoding="utf-8")))
    assert len(defined) > 100
    names = cited(r"\b((?:JL|YG|HS|HX|IN|ROLL)-[A-Z]*[0-9]+)\b")
    missing = {rid: where[:3] for rid, where in names.items() if rid not in defined}
    assert not missing, "rule IDs named in the code but not in docs/RULES.md: %s" % missing


def test_every_rules_section_the_code_names_exists():
    text = (DOCS / "RULES.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^## (\d+)\. ", text, re.M))
    assert sections == {"1", "2", "3", "4", "5"}
    refs = cited(r"RULES\.md ((?:§\d+(?:, )?)+)")
    assert refs, "no RULES.md § reference found: the pattern is stale"
    for ref, where in refs.items():
        for n in re.findall(r"§(\d+)", ref):
            assert n in sections, "RULES.md §%s (cited in %s) does not exist" % (n, where[0])


def test_every_design_principle_and_section_the_code_names_exists():
    text = (DOCS / "DESIGN.md").read_text(encoding="utf-8")
    principles = re.search(r"^## Principles\n(.*?)^## ", text, re.M | re.S)
    assert principles is not None
    numbers = set(re.findall(r"^(\d+)\. \*\*", principles.group(1), re.M))
    headings = re.findall(r"^## (.+)$", text, re.M)
    for ref, where in cited(r"DESIGN\.md,? (principles? \d+(?: and \d+)?)").items():
        for n in re.findall(r"\d+", ref):
            assert n in numbers, "DESIGN.md principle %s (in %s) does not exist" % (n, where[0])
    sections = cited(r"DESIGN\.md, ([A-Z][a-z]+(?: [a-z]+)*)")
    assert sections, "no DESIGN.md section reference found: the pattern is stale"
    for name, where in sections.items():
        assert any(h.startswith(name) for h in headings), \
            "DESIGN.md section %r (in %s) does not exist" % (name, where[0])


def test_every_document_the_code_cites_is_in_the_repository():
    names = cited(r"\b([A-Z][A-Z_]+\.md)\b")
    assert "RULES.md" in names and "DESIGN.md" in names
    tracked = {p.name for p in ROOT.rglob("*.md") if "node_modules" not in p.parts}
    for name, where in names.items():
        assert name in tracked, "%s (cited in %s) is not in the repository" % (name, where[0])


def test_protocol_doc_lists_every_message_with_its_fields_in_order():
    text = (DOCS / "PROTOCOL.md").read_text(encoding="utf-8")
    assert "version %d" % protocol.VERSION in text
    for kind, spec in protocol.FIELDS.items():
        row = re.search(r"^\| %s \| (.*?) \|" % kind, text, re.M)
        assert row is not None, "%s has no row in docs/PROTOCOL.md" % kind
        documented = re.findall(r"(?:^|, )([a-z]+) \(", row.group(1))
        assert documented == [name for name, _, _ in spec], \
            "%s: docs/PROTOCOL.md lists %s" % (kind, documented)
    for kind in protocol.HUB_TYPES:
        assert text.index("| %s |" % kind) < text.index("### Host to hub")
    for kind in protocol.HOST_TYPES:
        assert text.index("| %s |" % kind) > text.index("### Host to hub")
