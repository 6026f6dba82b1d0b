"""The kinds the pipeline's models take (roles, languages, atom and entity kinds, fact strengths
and states, ...): Literal types shared by core.models, the
language analyzers and the data layer's records."""

from __future__ import annotations

from typing import Literal

Role = Literal["user", "assistant", "tool", "system"]
Lang = Literal["en", "zh"]

AtomKind = Literal[
    "instruction",
    "constraint",
    "preference",
    "question",
    "answer",
    "confirmation",
    "greeting",
    "filler",
    "action",
    "result",
    "correction",
]
EntityType = Literal[
    "money",
    "quantity",  # number + unit: "2 people", "5 nights", "3天"
    "number",
    "date",
    "time",
    "datetime",
    "duration",
    "frequency",  # how often: "every two weeks", "once a week", "每两周一次"
    "place",
    "name",  # proper name of a venue, person, event, product, ...
    "term",  # domain term from the lexicon: cuisine, price range, area, car type, ...
    "id",  # reference codes, booking ids, file paths
    "phone",
    "email",
    "url",
    "address",
    "rating",
]
Strength = Literal["strong", "medium", "weak"]
FactKind = Literal["instruction", "tool_data", "preference", "corrected_answer", "other"]
FactStatus = Literal["active", "decayed", "archived", "invalid"]
ChangeSource = Literal["pipeline", "form", "grid", "csv", "api", "auto"]
Mode = Literal["compressed", "raw"]
TaskState = Literal["IDLE", "EXECUTING", "CONFIRMING"]
