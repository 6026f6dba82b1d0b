"""Merge stage, the part about what gets done: actions and their results, the next steps offered
(todos: taken up, declined, done) and the task state (IDLE / EXECUTING / CONFIRMING)."""

from __future__ import annotations

from core.lang.cues import any_language
from core.lang.registry import analyzer_for
from core.models import ActionUnit, ContextState, ParsedMessage, Units
from core.tools import tool_words

# what a tool result adds to the record its call opened
RESULT_FIELDS = frozenset(
    {"status", "result_summary", "result_type", "ref", "result_idx", "shape", "detail", "summary", "error"}
)


def settle_decline(state: ContextState, parsed: ParsedMessage, units: Units) -> None:
    """A user 'no thanks' / 'not now' / '不用了' to the assistant's offer just before declines the
    next steps it proposed (they stay in the state, marked, and leave the Next line). A bare 'no'
    declines only when it brings no value of its own ("no, 1 room" corrects the offer instead).
    A reply that says yes or brings values takes the offer up, unless it only asks about it
    ("Are those both in the moderate price range?": its values are the question's, not a go-ahead);
    a user who closes the conversation ("No, that's all for today", "就这些", a "no thanks" to
    "Anything else?") declines every open step they never took up, and settles every goal said
    before: nothing is left for the agent to do about them (a goal stated after it is a new one)."""
    text = parsed.message.text.strip()
    cues = any_language()
    idx = parsed.message.idx
    declines = cues.declines(text) or (cues.bare_no(text) and not units.facts)
    only_asks = bool(parsed.atoms) and all(a.kind == "question" for a in parsed.atoms)
    # "No, thank you." to "Anything else?" closes the conversation as "that's all" does
    closing = cues.closes(text) or (state.asked_more_idx == idx - 1 and declines)
    for todo in state.todos:
        if todo.done or todo.declined:
            continue
        if todo.idx == idx - 1:
            todo.declined = declines
            todo.taken = not declines and (cues.accepts(text) or (bool(units.facts) and not only_asks))
        if not todo.taken and closing:
            todo.declined = True
    if closing:
        for goal in state.goals:
            goal.done = True


def decline_asked_yes(state: ContextState, parsed: ParsedMessage) -> None:
    """A user "no" ("no we're taking the train") to the assistant's yes/no question just before ("Do
    you want parking?"): the yes the question's facility word was read as ("parking=yes") is a no.
    The question offered the thing; the answer declined it, so the state must not say it was wanted."""
    text = parsed.message.text.strip()
    cues = any_language()
    if not (cues.bare_no(text) or cues.declines(text)):
        return
    pairs = {yes: no for yes, no in (analyzer_for(lang).yes_no() for lang in ("en", "zh"))}
    for fact in state.facts.values():
        ev = fact.evidence
        asked = ev is not None and ev.role == "assistant" and ev.idx == parsed.message.idx - 1
        no = pairs.get(fact.value.strip().lower())
        if asked and fact.role == "assistant" and no is not None:
            fact.value = fact.norm = no


def merge_actions(state: ContextState, units: Units) -> None:
    """Append the message's actions; a tool result completes the pending record its call opened."""
    for act in units.actions:
        if act.call_id and act.status != "pending":
            pending = next(
                (a for a in state.actions if a.call_id == act.call_id and a.status == "pending"), None
            )
            if pending is not None:  # the result completes its call's record
                result = act.model_dump(include=RESULT_FIELDS)
                result["ref"] = act.ref or pending.ref
                at = state.actions.index(pending)
                state.actions[at] = pending.model_copy(update=result)
                _after_action(state, state.actions[at])
                continue
        state.actions.append(act.model_copy())
        _after_action(state, act)


def _after_action(state: ContextState, act: ActionUnit) -> None:
    if act.status == "failed":
        state.consecutive_failures += 1
        return
    if act.status != "done":
        return
    state.consecutive_failures = 0
    words = tool_words(act.tool)
    for todo in state.todos:
        if not todo.done and set(todo.text.lower().split()) & words - {"general"}:
            todo.done = True
        elif not todo.done and act.write and todo.taken and todo.idx < act.idx:
            todo.done = True  # "Shall I put your name on it?" -> "Yes" -> place_order: the offer was done
    for goal in state.goals:
        if goal.domain and goal.domain in words:
            goal.done = True


def advance_task_state(state: ContextState, parsed: ParsedMessage, units: Units) -> None:
    """IDLE / EXECUTING / CONFIRMING from what this message did.

    CONFIRMING: the assistant proposed something (an action, or values with a question) and waits
    for the user; EXECUTING: a tool call is out, or the user just accepted; IDLE otherwise (a plain
    answer, "anything else?", an action done or failed)."""
    role = parsed.message.role
    if any(a.status == "pending" for a in state.actions):
        state.task_state = "EXECUTING"
    elif role == "assistant":
        asks = any(a.kind in ("question", "confirmation") for a in parsed.atoms)
        proposes = (
            units.todos or (asks and units.facts) or any(a.kind == "confirmation" for a in parsed.atoms)
        )
        finished = any(a.status in ("done", "failed") for a in units.actions)
        # "Fixed. Shall I commit it?": a report, then an offer that waits for the user
        last = parsed.atoms[-1].action if parsed.atoms else None
        offers_last = last is not None and last.status == "offered"
        state.task_state = "CONFIRMING" if proposes and (offers_last or not finished) else "IDLE"
    elif role == "tool":
        state.task_state = "IDLE"
    elif role == "user" and state.task_state == "CONFIRMING":
        negated = any(a.negation is not None for a in parsed.atoms)
        accepted = not negated and (
            any(a.kind == "confirmation" for a in parsed.atoms)
            or any_language().accepts(parsed.message.text.strip())
        )
        state.task_state = "EXECUTING" if accepted else "IDLE"
