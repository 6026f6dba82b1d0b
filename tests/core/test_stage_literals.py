"""The stage files of core (core/*.py) hold no natural-language knowledge: every word or pattern of
English or Chinese that the stages match against a turn lives behind the LanguageAnalyzer
(core/lang/<lang>_cues.py and the other core/lang modules) or in core/lang/data/.

What counts, read from the AST's string constants (docstrings excluded):
- any CJK ideograph (Chinese punctuation is punctuation, allowed);
- a regex pattern (the first argument of re.* or core.lang.patterns.pattern) with a literal
  lowercase word of two or more letters outside escapes, character classes and group headers;
- a word string in a collection, a comparison or a ``"...".split()`` (a word list), unless it is an
  identifier of the engine's own schema: a Literal value or field name of core.models, a slot or
  domain of core.lang.base, a stage or event name.

What is allowed, as the output schema rather than language knowledge: the English labels the
engine writes. The rendered anchors and line labels ("[FACT:", "User said: ", "(was: ...)") are
listed one by one in RENDERED_LABELS below, and render.py / render_tools.py may write no other
words; the reasons of a fact's history and report and error messages are report text. Labels are
the same for every input language, like JSON keys, and the validate stage reads them back; a
reader in another language sees them translated by the console, not by the engine.
"""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import pydantic

import core.config
import core.model_kinds
import core.models
import core.served
import core.stage_outputs
from core.lang.base import DOMAINS, SLOTS

CORE = Path(core.models.__file__).parent
# core/*.py that are no stage: the CLI's help, config and model field descriptions (with the models'
# kinds and the stage outputs split out of models.py), the model runtime, the dialogue reader and the
# tokenizer
NOT_STAGES = {
    "__init__.py", "__main__.py", "cli.py", "config.py", "models.py", "model_kinds.py", "stage_outputs.py",
    "minilm.py", "dialogue.py", "tokens.py",
}
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
REGEX_CALLS = {
    "compile", "search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split", "pattern"
}
# words of the output schema that patterns read back: "(was: ...)", "(aka ...)", "(vs ...)"
SCHEMA_PATTERN_WORDS = {"was", "aka", "vs"}
# identifiers of the engine that are no model Literal: stage names (latency keys), trigger events,
# the general domain, keys of a tool's JSON payload (message, reason, value), an entity type, a mode,
# and the reasons of a fact's history that render reads back ("new value from ...")
ENGINE_IDENTIFIERS = {
    "parse", "extract", "merge", "total", "raw", "drift", "milestone", "general", "key", "message",
    "reason", "value", "number", "new value", "user stated another",
}


def _schema_identifiers() -> set[str]:
    names: set[str] = set(SLOTS) | set(DOMAINS) | ENGINE_IDENTIFIERS
    modules = (core.models, core.model_kinds, core.stage_outputs, core.config, core.served)
    for obj in [v for module in modules for v in vars(module).values()]:
        if typing.get_origin(obj) is typing.Literal:
            names |= {a for a in typing.get_args(obj) if isinstance(a, str)}
        if isinstance(obj, type) and issubclass(obj, pydantic.BaseModel):
            for name, field in obj.model_fields.items():
                names.add(name)
                for arg in _literal_args(field.annotation):
                    names.add(arg)
    return names


def _literal_args(tp: object) -> set[str]:
    if typing.get_origin(tp) is typing.Literal:
        return {a for a in typing.get_args(tp) if isinstance(a, str)}
    return {a for sub in typing.get_args(tp) for a in _literal_args(sub)}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _regex_words(source: str) -> list[str]:
    s = re.sub(r"\\.", " ", source)  # escapes: \b \d \s \w \u4e00 ...
    s = re.sub(r"\[[^\]]*\]", " ", s)  # character classes
    s = re.sub(r"\(\?(?:P<\w+>|[a-zA-Z]+\)|[:=!<>]+)", " ", s)  # group headers, inline flags
    return [w for w in re.findall(r"[A-Za-z]{2,}", s) if w.lower() == w]


def _word_strings(node: ast.AST) -> list[ast.Constant]:
    """String constants used as words: collection elements, comparison operands, split() lists."""
    out: list[ast.Constant] = []
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Set, ast.List, ast.Tuple)):
            out += [e for e in sub.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        elif isinstance(sub, ast.Dict):
            out += [k for k in sub.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        elif isinstance(sub, ast.Compare):
            operands = [sub.left, *sub.comparators]
            out += [c for c in operands if isinstance(c, ast.Constant) and isinstance(c.value, str)]
        elif (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "split"
            and isinstance(sub.func.value, ast.Constant)
            and isinstance(sub.func.value.value, str)
        ):
            out.append(sub.func.value)
    return out


def language_literals(path: Path, identifiers: set[str]) -> list[str]:
    """The natural-language literals of one stage file, as 'file:line: what' strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        literal = isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
        if literal and CJK.search(node.value):
            found.append(f"{path.name}:{node.lineno}: Chinese text {node.value[:40]!r}")
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            first = node.args[0] if node.args else None
            if name in REGEX_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                words = [w for w in _regex_words(first.value) if w not in SCHEMA_PATTERN_WORDS]
                if words and name != "split":
                    found.append(f"{path.name}:{node.lineno}: pattern words {words[:5]}")
    for const in _word_strings(tree):
        text = const.value.strip()
        if not re.fullmatch(r"[A-Za-z][A-Za-z' -]*", text):  # snake_case is an identifier
            continue
        words = text.split() if " " in text and text not in identifiers else [text]
        unknown = [w for w in words if w not in identifiers]
        if unknown:
            found.append(f"{path.name}:{const.lineno}: words {unknown[:5]}")
    return found


def test_stage_files_hold_no_natural_language() -> None:
    identifiers = _schema_identifiers()
    stages = [p for p in sorted(CORE.glob("*.py")) if p.name not in NOT_STAGES]
    assert len(stages) >= 15, [p.name for p in stages]
    found = [hit for p in stages for hit in language_literals(p, identifiers)]
    assert not found, "natural-language literals in core stage files:\n" + "\n".join(found)


# The output schema's labels: what render.py and render_tools.py write around the state, in every
# input language alike (validate parses the anchors back; the console translates labels for people).
RENDERED_LABELS = {
    "[USER_GOAL:", "[FACT:", "[ACTION_REQUIRED:", "--- recent turns ---", "Completed", "Completed: ",
    "Failed", "Failed: ", "State: ", "Must: ", "Next: ", "Change: ", "Offered: ", "User said: ",
    "Agent confirmed: ", "\nAgent confirmed: ",
    " (was: ", "; was: ", " (aka ", " (missing: ", "await result of ", " -> ref ", "<call ", "<result ",
    ": <result ", "(cut to a digest: ", " tokens in full)", " …[cut: ", " tokens in full]… ",
    "\n…[state cut to budget]", "state: cut to the hard budget", "Tool results (path=value; newest last):",
    " (summary)", " (preview)", ", at ", "; named: ", "Named results: ", "error: ", ".ref", "general.",
    "done, in the recent turns", "done, result in the recent turns", ": as the user said",
}


def test_rendered_text_uses_only_the_listed_output_labels() -> None:
    """Every English word render writes is a listed label of the output schema or an identifier,
    so a label in another language, or a new one, is a decision made here."""
    unlisted = [hit for name in ("render.py", "render_tools.py") for hit in unlisted_labels(CORE / name)]
    assert not unlisted, "rendered text not listed as an output label:\n" + "\n".join(unlisted)


def unlisted_labels(path: Path) -> list[str]:
    """The worded string constants of a render file that are neither a listed label, an
    identifier, nor a pattern that reads the labels back (those the stage scan checks)."""
    identifiers = _schema_identifiers() | {"ok", "none", "text", "start", "IDLE"}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | {id(c) for c in _regex_args(tree)}
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
            continue
        value = node.value
        if re.search(r"[A-Za-z]{2,}", value) and value not in identifiers and value not in RENDERED_LABELS:
            out.append(f"{path.name}:{node.lineno}: {value!r}")
    return out


def _regex_args(tree: ast.AST) -> list[ast.Constant]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in REGEX_CALLS and isinstance(node.args[0].value, str):
                out.append(node.args[0])
    return out


def test_the_scan_sees_each_kind_of_literal(tmp_path: Path) -> None:
    """The scan is no blank check: a cue pattern, a word list and Chinese text are each caught."""
    stage = tmp_path / "stage.py"
    stage.write_text(
        'import re\n'
        'ACCEPT = re.compile(r"(?i)^(?:yes|sure)\\b")\n'
        'NON_VALUES = frozenset({"nothing", "instruction"})\n'
        'STOP = "the a an".split()\n'
        'ZH = "好的"\n'
        'ISO = re.compile(r"\\d{4}-\\d\\d")\n'
        'def f(kind):\n    """Docstrings may quote 好的 and yes."""\n    return kind == "preference"\n',
        encoding="utf-8",
    )
    hits = language_literals(stage, _schema_identifiers())
    assert any("pattern words ['yes', 'sure']" in h for h in hits), hits
    assert any(":3: words ['nothing']" in h for h in hits), hits
    assert any(":4: words ['the', 'a', 'an']" in h for h in hits), hits
    assert any(":5: Chinese text" in h for h in hits), hits
    assert len(hits) == 4, hits  # the ISO pattern, the docstring and the AtomKind "preference" pass
    render = tmp_path / "render.py"
    render.write_text('def line(x):\n    return "Must: " + x + " (wird: " + "general."\n', encoding="utf-8")
    assert [h.split(": ", 1)[1] for h in unlisted_labels(render)] == ["' (wird: '"]
