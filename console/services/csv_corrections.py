"""Bulk fact corrections from a CSV file: read, preview, apply all-or-nothing.

The file has a header and one correction per row::

    context_id,key,new_value,reason
    sgd-train-1_00000,restaurant.time,19:30,user called back

``reason`` is optional. The reader takes what spreadsheets and editors produce: UTF-8 with or
without a BOM, UTF-16 (with a BOM, or without one: told by the NUL in every other byte of its ASCII
characters), commas, semicolons or tabs as separators, quoted cells with separators and newlines
inside, blank lines. A cell that an export neutralised (a leading apostrophe before ``= + - @``)
gets its apostrophe back off.

Every problem is reported with the line of the file it starts on (the header is line 1): a
malformed line, a wrong number of cells, an empty value, a control character, and (from the
Store's one correction path) an unknown context, an unknown key, a row that repeats or
contradicts an earlier one. If any row is wrong nothing is applied; ``apply_csv`` sends the rows
to ``Store.apply_corrections`` as one batch in one transaction, like the form and the grid do.

    >>> parsed = read_corrections_csv(b"context_id,key,new_value\\nc1,hotel.area,north\\n", actor="ana")
    >>> [(c.row, c.key, c.new_value) for c in parsed.corrections]
    [(2, 'hotel.area', 'north')]
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from pydantic import BaseModel, Field, ValidationError

from console.services.csv_export import restore_cell, to_csv_bytes
from console.services.csv_text import decode_csv_bytes
from console.services.permissions import require_actor, require_writer
from data.records import CorrectionBatchResult, FactCorrection, FactRecord
from data.store import Store

REQUIRED_COLUMNS = ("context_id", "key", "new_value")
OPTIONAL_COLUMNS = ("reason",)
HEADER_HELP = "context_id,key,new_value[,reason]"
MAX_CSV_BYTES = 50 * 1024 * 1024
MAX_CSV_ROWS = 20_000  # a preview of 100k rows took 8.7 s and 388 MB: past this the file is refused
DELIMITERS = (",", ";", "\t")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}


class CsvRowError(BaseModel):
    """A problem with one line of the file (line 1 is the header)."""

    line: int = Field(ge=0, description="line of the file the row starts on; 0 for the whole file")
    context_id: str = ""
    key: str = ""
    error: str


class ParsedCsv(BaseModel):
    """The corrections read from a file, the rows that could not be read, and how it was read."""

    corrections: list[FactCorrection] = Field(default_factory=list)
    errors: list[CsvRowError] = Field(default_factory=list)
    file_error: str | None = Field(default=None, description="the file as a whole is unusable")
    encoding: str = ""
    delimiter: str = ""
    rows: int = Field(default=0, description="data rows seen (blank lines not counted)")


class CsvPreviewRow(BaseModel):
    """One row of the preview: what it would change, or why it is refused."""

    line: int
    context_id: str = ""
    key: str = ""
    old_value: str | None = None
    new_value: str | None = None
    reason: str = ""
    status: str = Field(description="change | no change | error")
    error: str | None = None
    version: int | None = Field(default=None, description="the fact's version the preview was made on")


class CsvPreview(BaseModel):
    """Everything the upload screen shows before the operator applies a file."""

    rows: list[CsvPreviewRow] = Field(default_factory=list)
    file_error: str | None = None
    encoding: str = ""
    delimiter: str = ""

    @property
    def errors(self) -> list[CsvPreviewRow]:
        """Refused rows, in file order."""
        return [r for r in self.rows if r.status == "error"]

    @property
    def changes(self) -> list[CsvPreviewRow]:
        """Rows that would change a fact."""
        return [r for r in self.rows if r.status == "change"]

    @property
    def ok(self) -> bool:
        """True when the file can be applied: readable, at least one row, no refused row."""
        return self.file_error is None and bool(self.rows) and not self.errors


class CsvApplyResult(BaseModel):
    """What applying a file did: the Store's batch result, or the reasons nothing was sent."""

    applied: bool
    preview: CsvPreview
    batch: CorrectionBatchResult | None = None

    @property
    def changed(self) -> int:
        """How many facts got a new version."""
        if not self.batch or not self.batch.applied:
            return 0
        return sum(1 for o in self.batch.outcomes if o.status == "applied")


# --- reading -------------------------------------------------------------------------------------


def _header_columns(first_line: str) -> tuple[str, list[str]] | None:
    """The delimiter and column names if the first line is a valid header, else None."""
    known = set(REQUIRED_COLUMNS) | set(OPTIONAL_COLUMNS)
    for delimiter in DELIMITERS:
        try:
            cells = next(csv.reader([first_line], delimiter=delimiter))
        except (csv.Error, StopIteration):
            continue
        names = [restore_cell(c).strip().lstrip("\ufeff").strip().lower() for c in cells]
        if set(REQUIRED_COLUMNS) <= set(names) and set(names) <= known and len(names) == len(set(names)):
            return delimiter, names
    return None


def read_corrections_csv(
    data: bytes, *, actor: str, role: str = "operator", max_bytes: int = MAX_CSV_BYTES
) -> ParsedCsv:
    """Read a corrections CSV into FactCorrection events (source 'csv'), naming every bad line.

    Never raises for bad content: a file that cannot be used at all comes back with ``file_error``;
    a bad row comes back in ``errors`` and the other rows are still read (for the preview)."""
    if len(data) > max_bytes:
        return ParsedCsv(file_error=f"the file is {len(data):,} bytes; the limit is {max_bytes:,}")
    try:
        text, encoding = decode_csv_bytes(data)
    except ValueError as exc:
        return ParsedCsv(file_error=str(exc))
    found = re.search(r"\S", text)
    if found is None:
        return ParsedCsv(
            encoding=encoding,
            file_error=f"the file is empty; the first line must be the header {HEADER_HELP}",
        )
    start = text.rfind("\n", 0, found.start()) + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    header_line, header_no = text[start:end].rstrip("\r"), text.count("\n", 0, start) + 1
    header = _header_columns(header_line)
    if header is None:
        return ParsedCsv(
            encoding=encoding,
            file_error=(
                f"line {header_no}: the header must name the columns {HEADER_HELP} (separated by "
                f"commas, semicolons or tabs); found {header_line[:120]!r}"
            ),
        )
    delimiter, names = header
    corrections, errors, rows = _read_rows(text[end + 1 :], header_no + 1, delimiter, names, actor, role)
    if rows > MAX_CSV_ROWS:
        return ParsedCsv(
            encoding=encoding,
            delimiter=_DELIMITER_NAMES[delimiter],
            rows=rows,
            file_error=(
                f"the file has more than {MAX_CSV_ROWS:,} rows (reading stopped at line "
                f"{errors[-1].line if errors else '?'}); split it into files of at most {MAX_CSV_ROWS:,} rows"
            ),
        )
    return ParsedCsv(
        corrections=corrections,
        errors=errors,
        encoding=encoding,
        delimiter=_DELIMITER_NAMES[delimiter],
        rows=rows,
    )


def _read_rows(
    body: str, first_line: int, delimiter: str, names: list[str], actor: str, role: str
) -> tuple[list[FactCorrection], list[CsvRowError], int]:
    """The body's corrections and bad rows; line numbers count from ``first_line``.

    Rows are read one at a time and reading stops at the first row past MAX_CSV_ROWS (its line is
    the last error), so an oversized file costs no more than the cap."""
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=delimiter, strict=True)
    corrections: list[FactCorrection] = []
    errors: list[CsvRowError] = []
    rows, start = 0, first_line
    check_control = _CONTROL.search(body) is not None  # one scan of the file instead of one per cell
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            detail = "a quoted cell is never closed" if "end of data" in str(exc) else str(exc)
            errors.append(CsvRowError(line=start, error=f"malformed line: {detail}"))
            rows, start = rows + 1, first_line + reader.line_num
            continue
        line, start = start, first_line + reader.line_num
        if not any(c.strip() for c in cells):
            continue  # blank line
        rows += 1
        if rows > MAX_CSV_ROWS:
            errors.append(CsvRowError(line=line, error=f"more than {MAX_CSV_ROWS:,} rows"))
            break
        result = _read_row(cells, line, names, actor, role, check_control)
        (corrections if isinstance(result, FactCorrection) else errors).append(result)  # type: ignore[arg-type]
    return corrections, errors, rows


def _read_row(
    cells: list[str], line: int, names: list[str], actor: str, role: str, check_control: bool = True
) -> FactCorrection | CsvRowError:
    missing = names[len(cells) :]
    if missing and all(n in OPTIONAL_COLUMNS for n in missing):
        cells = [*cells, *([""] * len(missing))]  # a trailing optional cell may be left out
    if len(cells) != len(names):
        fields = {n: c.strip() for n, c in zip(names, cells, strict=False)}
        count = f"{len(cells)} cell" + ("" if len(cells) == 1 else "s")
        return CsvRowError(
            line=line,
            context_id=fields.get("context_id", ""),
            key=fields.get("key", ""),
            error=f"malformed line: {count}, the header has {len(names)} ({','.join(names)})",
        )
    row = {n: restore_cell(c) for n, c in zip(names, cells, strict=True)}
    cid, key = row["context_id"].strip(), row["key"].strip()
    bad = next((n for n, v in row.items() if _CONTROL.search(v)), None) if check_control else None
    if bad is not None:
        return CsvRowError(line=line, context_id=cid, key=key, error=f"{bad}: contains a control character")
    empty = next((n for n in REQUIRED_COLUMNS if not row[n].strip()), None)
    if empty is not None:
        return CsvRowError(line=line, context_id=cid, key=key, error=f"{empty} is empty")
    try:
        return FactCorrection(
            context_id=cid,
            key=key,
            new_value=row["new_value"].strip(),
            reason=row.get("reason", "").strip(),
            actor=actor,
            role=role,
            source="csv",
            row=line,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "row"
        return CsvRowError(line=line, context_id=cid, key=key, error=f"{field}: {first['msg']}")


# --- preview and apply ---------------------------------------------------------------------------


def preview_csv(store: Store, data: bytes, *, actor: str, role: str = "operator") -> CsvPreview:
    """Every row of the file as old -> new, or the reason it is refused; writes nothing.

    Writers only (PermissionError): a preview costs the server work in proportion to the file."""
    require_writer(role, "preview corrections from a CSV file", actor=actor)
    parsed = read_corrections_csv(data, actor=actor, role=role)
    return _preview(store, parsed)


def _preview(store: Store, parsed: ParsedCsv) -> CsvPreview:
    preview = CsvPreview(file_error=parsed.file_error, encoding=parsed.encoding, delimiter=parsed.delimiter)
    if parsed.file_error:
        return preview
    rows = [
        CsvPreviewRow(line=e.line, context_id=e.context_id, key=e.key, status="error", error=e.error)
        for e in parsed.errors
    ]
    if parsed.corrections:
        reasons = {c.row: c.reason for c in parsed.corrections}
        result = store.preview_corrections(parsed.corrections)
        outcomes = {o.row: o for o in result.outcomes}
        if result.errors:  # the good rows' real effect, without the refused ones in the batch
            refused = {o.row for o in result.errors}
            good = [c for c in parsed.corrections if c.row not in refused]
            if good:
                outcomes.update({o.row: o for o in store.preview_corrections(good).outcomes})
        for o in outcomes.values():
            status = {"rejected": "error", "unchanged": "no change"}.get(o.status, "change")
            seen = None if o.version is None else o.version - (1 if o.status == "applied" else 0)
            rows.append(
                CsvPreviewRow(
                    line=o.row,
                    context_id=o.context_id,
                    key=o.key,
                    old_value=o.old_value,
                    new_value=o.new_value,
                    reason=reasons.get(o.row, ""),
                    status=status,
                    error=o.error,
                    version=seen,
                )
            )
    preview.rows = sorted(rows, key=lambda r: r.line)
    return preview


def seen_versions(preview: CsvPreview) -> dict[tuple[str, str], int]:
    """(context_id, key) -> the fact's version each previewed row was checked against."""
    return {(r.context_id, r.key): r.version for r in preview.rows if r.version is not None}


def apply_csv(
    store: Store,
    data: bytes,
    *,
    actor: str,
    role: str,
    seen: dict[tuple[str, str], int] | None = None,
) -> CsvApplyResult:
    """Apply every row of the file in one transaction, or none of them.

    Refuses a viewer (PermissionError). Re-reads and re-checks the file: if any row is refused
    nothing is sent; otherwise the Store checks again inside its transaction and applies all rows
    or none. ``seen`` (seen_versions of the preview the operator read) makes a fact that changed
    since that preview a refused row ("changed since it was shown"), never an overwrite."""
    require_writer(role, "apply corrections from a CSV file", actor=actor)
    actor = require_actor(actor)
    parsed = read_corrections_csv(data, actor=actor, role=role)
    if seen:
        parsed.corrections = [
            c.model_copy(update={"expected_version": seen.get((c.context_id, c.key))})
            for c in parsed.corrections
        ]
    preview = _preview(store, parsed)
    if not preview.ok:
        return CsvApplyResult(applied=False, preview=preview)
    batch = store.apply_corrections(parsed.corrections)
    return CsvApplyResult(applied=batch.applied, preview=preview, batch=batch)


def template_csv(facts: Sequence[FactRecord] = ()) -> bytes:
    """A CSV template: the header, then one row per given fact with its current value to edit."""
    rows = [[f.context_id, f.fact.key, f.fact.value, ""] for f in facts]
    return to_csv_bytes([*REQUIRED_COLUMNS, *OPTIONAL_COLUMNS], rows)


def preview_csv_bytes(preview: CsvPreview) -> bytes:
    """The preview as a CSV report (neutralised), for files too long to read on screen."""
    header = ["line", "context_id", "key", "old_value", "new_value", "reason", "status", "error"]
    rows = [
        [r.line, r.context_id, r.key, r.old_value or "", r.new_value or "", r.reason, r.status, r.error or ""]
        for r in preview.rows
    ]
    return to_csv_bytes(header, rows)
