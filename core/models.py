"""The shared vocabulary of the pipeline: pydantic models passed between the stages.

Every stage is a pure function from these models to these models, so a stage's input and output
can be stored (``model_dump(mode="json")``) and shown side by side in the console's replay.
The Literal kinds the fields take are in core.model_kinds; what trigger, render and validate return
and the compaction record are in core.stage_outputs.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.model_kinds import (
    AtomKind,
    ChangeSource,
    EntityType,
    FactKind,
    FactStatus,
    Lang,
    Role,
    Strength,
    TaskState,
)
from core.retired import Retired


class ToolCall(BaseModel):
    """A tool invocation the assistant asked for."""

    call_id: str
    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class ToolResult(BaseModel):
    """What a tool returned for one call."""

    call_id: str
    status: Literal["ok", "error"] = "ok"
    data: Any = None


class Attachment(BaseModel):
    """Already-extracted text of an attached file (PDF, image OCR), kept as a labelled turn."""

    label: str
    text: str


class Message(BaseModel):
    """One turn of the dialogue history as the agent saw it (the Buffer stage)."""

    model_config = ConfigDict(frozen=True)

    context_id: str = ""
    idx: int = Field(ge=0, description="position of the turn in its context, from 0")
    role: Role
    text: str = ""
    ts: datetime | None = Field(default=None, description="when the turn was said; anchors relative dates")
    tokens: int = Field(default=0, ge=0, description="cl100k token count of text (filled by the buffer)")
    tool_call: ToolCall | None = None
    tool_result: ToolResult | None = None
    attachments: list[Attachment] = Field(default_factory=list)


class Entity(BaseModel):
    """A typed value found in a turn, with its surface form and a normalized value."""

    type: EntityType
    text: str = Field(description="surface form exactly as written")
    value: str = Field(description="normalized value: ISO datetime, number, lowercased term, ...")
    start: int = -1
    end: int = -1
    slot: str | None = Field(default=None, description="slot hint from cue words: time, date, people, ...")


class Negation(BaseModel):
    """A prohibition or dislike kept whole: 'no cilantro', '不要靠窗的座位'."""

    text: str = Field(description="the whole negated phrase as written")
    cue: str = Field(description="the negation cue: no, don't, 不要, 不想要, ...")
    target: str = Field(description="what is negated: 'cilantro', '靠窗的座位'")
    substitution: bool = Field(
        False,
        description="the cue sets a value against another ('3 nights instead of 2', 'rather than'): in a "
        "correction the target is the value replaced, not a prohibition",
    )


class ActionMarker(BaseModel):
    """An action the assistant or a tool performed or promised."""

    verb: str = Field(description="what was done: book, search, call <tool>, 预订, ...")
    status: Literal["done", "pending", "failed", "offered"] = "done"
    tool: str | None = None
    call_id: str | None = None
    ref: str | None = Field(default=None, description="reference number, id or path the action produced")


class Atom(BaseModel):
    """The smallest meaningful piece of a turn: usually one clause or sentence."""

    msg_idx: int
    role: Role
    kind: AtomKind
    text: str
    lang: Lang = "en"
    entities: list[Entity] = Field(default_factory=list)
    negation: Negation | None = None
    strength: Strength = "weak"
    domain: str | None = Field(default=None, description="task domain named in or carried into the atom")
    action: ActionMarker | None = None
    pinned: bool = Field(default=False, description="the user stressed it (must, important, 务必)")


class ParsedMessage(BaseModel):
    """Output of the parse stage for one message."""

    message: Message
    lang: Lang
    atoms: list[Atom] = Field(default_factory=list)
    domain: str | None = None


# --- extract ---------------------------------------------------------------------------------


class OfferedChoice(BaseModel):
    """The last question of an assistant's turn and the alternatives it offers ("Premium term: 10-year
    pay or 20-year pay?"): the turn, the label before them ('' when none), each option with where it
    starts in the turn (none for a yes/no question: "Pay with the card ending 5527?")."""

    model_config = ConfigDict(frozen=True)

    idx: int
    question: str = ""
    question_start: int = -1
    label: str = ""
    options: list[str] = Field(default_factory=list)
    starts: list[int] = Field(default_factory=list)


class Evidence(BaseModel):
    """Where a value was said: the turn, the span of its text, who said it and how.

    ``messages[idx].text[start:end] == text`` for a value said in a turn; a value a tool returned
    has the result's turn and its JSON ``path`` instead of a span (start = end = -1)."""

    idx: int
    role: Role
    how: Literal["said", "offered", "confirmed", "reported", "returned", "accepted", "corrected"] = "said"
    start: int = -1
    end: int = -1
    text: str = ""
    path: str = ""
    owner: str = Field(default="", description="the person a personal value belongs to (core.value_roles)")
    ts: datetime | None = Field(
        default=None, description="the turn's time, that a relative date or time in it was resolved against"
    )
    clause: str = Field(default="", description="the clause the value was said in (core.correction_topics)")


class FactCandidate(BaseModel):
    """A keyed value the extract stage proposes for the state."""

    key: str = Field(description="domain.slot, e.g. restaurant.time")
    value: str = Field(description="the surface value as written (what the model must see)")
    norm: str = Field(description="normalized value used to compare versions")
    strength: Strength = "medium"
    kind: FactKind = "other"
    source_idx: int
    role: Role = "user"
    pinned: bool = False
    negated: bool = False
    correction: bool = Field(default=False, description="the turn says this replaces an earlier value")
    alternative: bool = Field(
        default=False, description="offered as an alternative ('X or Y') to another value of its key"
    )
    aliases: list[str] = Field(default_factory=list, description="the value written another way")
    vtype: str = Field(default="", description="the entity type the value was read as (place, name, ...)")
    evidence: Evidence | None = Field(default=None, description="the turn and span the value came from")
    proposes: bool = Field(
        default=False, description="the assistant offered it as an alternative ('how about 19:30 instead?')"
    )
    bound: bool = Field(
        default=False, description="a bound or range of a search ('after 13:30', '700-800元', '4分以上')"
    )
    asks: bool = Field(
        default=False, description="the user asked about it beside the value in play ('what about X')"
    )


class ActionUnit(BaseModel):
    """An executed (or failed) action: what was called, with what, and what came back.

    A tool call and its result are one record (joined by call_id): the arguments, the status, the
    result's shape, a digest of it for a model to read while it is fresh, and the key values it
    keeps once it decayed (addressed by path). An action the assistant only reported in text has
    no call_id and no shape."""

    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    result_summary: str = ""
    result_type: Literal["none", "ok", "error", "list", "record", "text"] = "none"
    ref: str | None = None
    idx: int
    ts: datetime | None = None
    status: Literal["done", "failed", "pending"] = "done"
    call_id: str | None = None
    result_idx: int | None = Field(default=None, description="turn of the tool result, once it came")
    shape: str = Field(default="", description="object, list of N, text, number, none, error")
    detail: str = Field(default="", description="the result for a model, within a character budget")
    summary: dict[str, str] = Field(
        default_factory=dict, description="path -> value: ids, codes, names, amounts, dates it keeps"
    )
    error: str = Field(default="", description="the error message of a failed call")
    write: bool = Field(default=False, description="the tool's name says it changes something")


class Goal(BaseModel):
    """Something the user wants achieved."""

    text: str
    idx: int
    domain: str | None = None
    cluster: int = -1
    done: bool = False
    values: dict[str, str] = Field(
        default_factory=dict, description="fact key -> the value as written in the goal text"
    )


class Todo(BaseModel):
    """A next step, with the fact keys it needs before it can run."""

    text: str
    idx: int
    requires: list[str] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    done: bool = False
    declined: bool = Field(False, description="the user said no to the offer that proposed it")
    taken: bool = Field(False, description="the user's reply to the offer said yes or brought values for it")


class Decision(BaseModel):
    """A choice made among alternatives (a node of the decision path)."""

    text: str
    idx: int
    chosen: str
    alternatives: list[str] = Field(default_factory=list)


class Units(BaseModel):
    """Output of the extract stage for one or more messages: the cognitive units."""

    facts: list[FactCandidate] = Field(default_factory=list)
    constraints: list[Atom] = Field(default_factory=list, description="user constraints kept whole")
    actions: list[ActionUnit] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list, description="ids, paths and refs produced")
    decisions: list[Decision] = Field(default_factory=list)
    todos: list[Todo] = Field(default_factory=list)
    goals: list[Goal] = Field(default_factory=list)
    preference_changes: list[FactCandidate] = Field(default_factory=list)
    kept_turns: list[int] = Field(default_factory=list, description="representative user turns")
    events: list[str] = Field(default_factory=list, description="dynamic trigger events seen")


# --- state -----------------------------------------------------------------------------------


class FactVersion(BaseModel):
    """One earlier value of a fact, with when and why it was replaced."""

    value: str
    norm: str
    idx: int = Field(description="turn where this value was stated")
    replaced_at: int = Field(description="turn where it was replaced")
    reason: str = ""
    source: ChangeSource = "pipeline"
    actor: str = "pipeline"
    evidence: Evidence | None = None


class Fact(BaseModel):
    """A persistent keyed value of the state, with its strength, weight and history."""

    key: str
    value: str
    norm: str
    strength: Strength = "medium"
    kind: FactKind = "other"
    status: FactStatus = "active"
    weight: float = 1.0
    first_idx: int
    last_idx: int
    last_turn: int = Field(default=0, description="user-turn count at the last mention (decay age)")
    mentions: int = 1
    role: Role = "user"
    pinned: bool = False
    negated: bool = False
    verified_by_user: bool = False
    aliases: list[str] = Field(
        default_factory=list, description="the same value written another way ('NY' for 'New York')"
    )
    evidence: Evidence | None = Field(default=None, description="the turn and span of the current value")
    vtype: str = Field(default="", description="the entity type the current value was read as")
    proposes: bool = Field(default=False, description="an assistant offer made in place of the user's value")
    bound: bool = Field(
        default=False,
        description="a criterion ('after 13:30', '4分以上'): a found thing's value never replaces it",
    )
    history: list[FactVersion] = Field(default_factory=list)


class Constraint(BaseModel):
    """A user constraint or instruction kept verbatim (negations whole)."""

    text: str
    idx: int
    strength: Strength = "strong"
    pinned: bool = False


class DecisionEdge(BaseModel):
    """An edge of the decision path graph: from one choice to the next."""

    src: int
    dst: int
    label: str = ""


class ContextState(BaseModel):
    """The compact structured state of one context: what the rendered context is made from."""

    context_id: str = ""
    turn: int = Field(default=-1, description="index of the last merged message")
    user_turns: int = 0
    facts: dict[str, Fact] = Field(default_factory=dict)
    offers: dict[str, Fact] = Field(default_factory=dict, description="assistant values unlike a user's")
    archive: list[Fact] = Field(default_factory=list, description="decayed facts, recallable")
    constraints: list[Constraint] = Field(default_factory=list)
    goals: list[Goal] = Field(default_factory=list)
    actions: list[ActionUnit] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list)
    todos: list[Todo] = Field(default_factory=list)
    decisions: list[Decision] = Field(default_factory=list)
    decision_edges: list[DecisionEdge] = Field(default_factory=list)
    domain_turns: dict[str, int] = Field(
        default_factory=dict, description="user-turn count when the user last spoke of each domain"
    )
    task_state: TaskState = "IDLE"
    task_idx: int = Field(
        default=-1, description="the last user turn that asked for something new to be found or booked"
    )
    task_at: int = Field(default=0, description="where in that turn's text the request starts")
    changed_idx: int = Field(
        default=-1, description="the last user turn that said no to or corrected what came before it"
    )
    changed_asks: str = Field(
        default="", description="that turn's text when it asks a question (what it asks about is no change)"
    )
    changed_read_back: dict[str, str] = Field(
        default_factory=dict, description="key -> the rewording of a user value the turn before read back"
    )
    asked_more_idx: int = Field(default=-1, description="the last assistant turn that asked 'anything else?'")
    asked_end_idx: int = Field(
        default=-1, description="the last assistant turn that asked about the end of a span (return)"
    )
    asked_slot: str = Field(
        default="", description="the attribute the last assistant question asked for (age, budget, ...)"
    )
    asked_slot_idx: int = Field(default=-1, description="the assistant turn that asked for asked_slot")
    asked_idx: int = Field(
        default=-1, description="the last assistant turn that asked the user something (no small talk)"
    )
    none_found_idx: int = Field(
        default=-1, description="the last assistant turn that reported a search found nothing"
    )
    none_found: str = Field(default="", description="that turn's report words (core.none_found)")
    user_asked_idx: int = Field(
        default=-1, description="the last user turn that only asked about the thing in play (core.described)"
    )
    offered_choice: OfferedChoice | None = Field(
        default=None, description="the alternatives the last assistant turn's last question offered"
    )
    offered_options: OfferedChoice | None = Field(
        default=None, description="concrete options an assistant turn offered, until the user answers"
    )
    offer_turn: OfferedChoice | None = Field(
        default=None, description="the last assistant turn's text (its one option), until the user answers"
    )
    retired: Retired = Field(default_factory=Retired, description="values a user's correction retired")
    picked_from: dict[str, str] = Field(default_factory=dict, description="option taken -> turn offering it")
    user_texts: dict[int, str] = Field(default_factory=dict, description="user turns after a tool call")
    consecutive_failures: int = 0
    version: int = 0
