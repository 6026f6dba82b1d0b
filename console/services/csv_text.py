"""A CSV file's bytes as text, whatever a spreadsheet or an editor saved them as (the corrections
upload, console/services/csv_corrections.py): UTF-8 with or without a BOM, UTF-16 with a BOM, or
without one (told by the NUL in every other byte of its ASCII characters). A file that is not text
is refused with the line and byte where it stops being text."""

from __future__ import annotations

import codecs


def decode_csv_bytes(data: bytes) -> tuple[str, str]:
    """The file's text and the encoding it was read with; ValueError says why it is not text."""
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8"), "utf-8-sig"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, "utf-16"), "utf-16"
    utf16 = _utf16_without_bom(data[:4096])
    if utf16 is not None:
        return _decode(data, utf16), utf16
    return _decode(data, "utf-8"), "utf-8"


def _utf16_without_bom(sample: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when the bytes are UTF-16 text without a BOM, else None.

    ASCII text (the header at least) in UTF-16 has a NUL in every other byte: the high bytes, odd
    offsets in little-endian, even ones in big-endian. The other side may hold a few NULs too (a
    U+0000 cell, a CJK character such as U+4E00), so it only has to have half as many or fewer.
    """
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    odd_nuls = sample[1::2].count(0) / pairs
    even_nuls = sample[0::2].count(0) / pairs
    if odd_nuls > 0.3 and odd_nuls >= 2 * even_nuls:
        return "utf-16-le"
    if even_nuls > 0.3 and even_nuls >= 2 * odd_nuls:
        return "utf-16-be"
    return None


def _decode(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ValueError(
            f"line {line}: the file is not valid {encoding.upper()} text (byte 0x{data[exc.start]:02x} "
            f"at offset {exc.start}); save it as UTF-8 or UTF-16 CSV"
        ) from exc
