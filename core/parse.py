"""Parse stage: one message -> atoms (clauses with kind, entities, negation, strength, action).

Language-specific work is done by the analyzers of ``core.lang``; this module picks one per
message, turns tool calls and tool results into one atom each (their JSON is never read as prose:
``core.tools`` addresses its values by path in the extract stage), attaches attachments as labelled atoms,
and decides strength and the task domain carried from earlier turns.
"""

from __future__ import annotations

from core.embed import is_chinese
from core.lang.base import LanguageAnalyzer, same_service
from core.lang.registry import analyzer_for
from core.model_kinds import Lang, Strength
from core.models import ActionMarker, Atom, Entity, Message, ParsedMessage
from core.tools import args_text, digest

STRONG_TYPES = frozenset({"money", "date", "time", "datetime", "duration", "phone", "id", "email"})
MEDIUM_TYPES = frozenset({"name", "place", "quantity", "term", "address", "rating", "url", "number"})
MAX_CLAUSE_CHARS = 2000  # a pasted document is cut into pieces this long before analysis


def detect_lang(text: str) -> Lang:
    """'zh' when the text is mostly Chinese, else 'en'."""
    return "zh" if is_chinese(text) else "en"


def strength_of(entities: list[Entity], negated: bool, pinned: bool) -> Strength:
    """Strong: money, dates, times, ids, prohibitions, must; medium: names, products; weak: the rest."""
    if negated or pinned or any(e.type in STRONG_TYPES for e in entities):
        return "strong"
    if any(e.type in MEDIUM_TYPES for e in entities):
        return "medium"
    return "weak"


def parse_message(
    message: Message, prev_domain: str | None = None, prev_lang: Lang | None = None
) -> ParsedMessage:
    """Cut a message into atoms; prev_domain is the task domain carried from the previous turn.

    A message without a letter of any script ("176 3307 2219", "10:30") is read in prev_lang, the
    language of the turn before it: its digits follow the conventions of the conversation's language.
    """
    text = message.text or " ".join(a.text for a in message.attachments)
    lang = prev_lang if prev_lang and not any(ch.isalpha() for ch in text) else detect_lang(text)
    analyzer = analyzer_for(lang)
    atoms: list[Atom] = []
    domain = prev_domain
    for text in _pieces(message.text):
        for clause in analyzer.split(text) or [text]:
            atom = _clause_atom(analyzer, message, lang, clause, domain)
            if atom.domain:
                domain = atom.domain
            atoms.append(atom)
    atoms = _amounts_across_clauses(analyzer, message.text or "", atoms)
    for att in message.attachments:
        for piece in _pieces(att.text):
            att_lang = detect_lang(piece)
            atom = _clause_atom(analyzer_for(att_lang), message, att_lang, piece, domain)
            atoms.append(atom.model_copy(update={"text": f"[{att.label}] {piece}", "kind": "answer"}))
    if message.tool_call is not None:
        call = message.tool_call
        atoms.append(
            Atom(
                msg_idx=message.idx,
                role=message.role,
                kind="action",
                lang=lang,
                text=f"call {call.name}({args_text(call.args)})",
                domain=domain,
                action=ActionMarker(verb=call.name, status="pending", tool=call.name, call_id=call.call_id),
            )
        )
    if message.tool_result is not None:
        res = message.tool_result
        status = "failed" if res.status == "error" else "done"
        atoms.append(
            Atom(
                msg_idx=message.idx,
                role=message.role,
                kind="result",
                lang=lang,
                text=f"result {res.status}: {digest(res.data, 300)}",
                domain=domain,
                action=ActionMarker(verb="result", status=status, call_id=res.call_id),
            )
        )
    return ParsedMessage(message=message, lang=lang, atoms=atoms, domain=domain)


def _amounts_across_clauses(analyzer: LanguageAnalyzer, text: str, atoms: list[Atom]) -> list[Atom]:
    """The atoms with the amounts the whole message reads apart from the thing's price, where their
    clause gave them no slot of its own (analyzer.amounts_apart): totals parts said in earlier sentences
    add up to, and the prices of an extra a question before them offers; each clause alone holds only
    some of the parts, or not the question."""
    if len(atoms) < 2:
        return atoms
    slots = analyzer.amounts_apart(text)
    if sum(len(a.entities) for a in atoms) <= 2:  # one amount or two: no sum (en_attributes.sums_before)
        slots = {span: slot for span, slot in slots.items() if slot != "total"}
    if not slots:
        return atoms
    out, cursor = [], 0
    for atom in atoms:
        at = text.find(atom.text, cursor)
        if at < 0:
            out.append(atom)
            continue
        cursor = at + len(atom.text)
        ents = [
            e.model_copy(update={"slot": slots[(at + e.start, at + e.end)]})
            if (at + e.start, at + e.end) in slots and e.slot in (None, "amount", "price")
            else e
            for e in atom.entities
        ]
        out.append(atom if ents == atom.entities else atom.model_copy(update={"entities": ents}))
    return out


def _clause_atom(
    analyzer: LanguageAnalyzer, message: Message, lang: Lang, clause: str, domain: str | None
) -> Atom:
    role = message.role
    entities = analyzer.entities(clause, message.ts)
    kind = analyzer.kind(clause, role)
    # a negation inside a question ("is there no cheap place?") asks, it does not forbid; a request
    # put as a question for a thing not done ("能不能不砸砖？") forbids it like the plain request
    negations = analyzer.negations(clause) if kind != "question" else analyzer.asked_negations(clause)
    if role != "tool" and kind not in ("question", "greeting", "filler") and analyzer.is_correction(clause):
        kind = "correction"
    pinned = role in ("user", "system") and analyzer.pinned(clause)
    action = analyzer.action(clause, role) if role in ("assistant", "tool") else None
    negation = negations[0] if negations else None
    # the user drives the topic: only a user clause opens a new domain once one is set
    named = analyzer.domain(clause, domain) if role == "user" or domain is None else None
    if same_service(named, domain):
        named = domain  # "a cab" then "a regular ride for 1": one task, named two ways
    return Atom(
        msg_idx=message.idx,
        role=role,
        kind=kind,
        text=clause,
        lang=lang,
        entities=entities,
        negation=negation,
        strength=strength_of(entities, negation is not None, pinned),
        domain=named or domain,
        action=action,
        pinned=pinned,
    )


def _pieces(text: str) -> list[str]:
    """The text cut into pieces of at most MAX_CLAUSE_CHARS at whitespace, none empty."""
    text = text.strip()
    if len(text) <= MAX_CLAUSE_CHARS:
        return [text] if text else []
    out, start = [], 0
    while start < len(text):
        end = min(len(text), start + MAX_CLAUSE_CHARS)
        cut = text.rfind(" ", start + MAX_CLAUSE_CHARS // 2, end) if end < len(text) else end
        end = cut if cut > start else end
        if text[start:end].strip():
            out.append(text[start:end].strip())
        start = end
    return out
