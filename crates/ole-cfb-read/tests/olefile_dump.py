"""Dump what olefile reads from compound files, one JSON object per line.

Usage: python3 olefile_dump.py FILE...
For each file: {"file", "ok", "error", "streams": [[path, size]], "title",
"author", "created", "modified", "codepage"}. Strings olefile returns as
bytes (VT_LPSTR) are decoded with the set's code page. Timestamps are
RFC 3339 UTC with whole seconds; 1601-01-01T00:00:00 (a zero FILETIME) is null.
"""
import datetime
import json
import sys

import olefile

CODECS = {65001: "utf-8", 10000: "mac_roman", 1200: "utf-16-le"}


def text(v, cp):
    if v is None or isinstance(v, str):
        return v
    if isinstance(v, bytes):
        codec = CODECS.get(cp, "cp%d" % cp if cp else "cp1252")
        try:
            return v.decode(codec, errors="replace")
        except LookupError:
            return v.decode("cp1252", errors="replace")
    return None


def when(v):
    if not isinstance(v, datetime.datetime):
        return None
    if v == datetime.datetime(1601, 1, 1):
        return None
    return v.replace(microsecond=0).isoformat() + "Z"


def dump(path):
    out = {"file": path, "ok": False}
    try:
        ole = olefile.OleFileIO(path)
        out["streams"] = [["/".join(p), ole.get_size(p)] for p in ole.listdir()]
        m = ole.get_metadata()
        cp = m.codepage
        if isinstance(cp, int):
            cp &= 0xFFFF
        else:
            cp = None
        out.update(
            ok=True,
            codepage=cp,
            title=text(m.title, cp),
            author=text(m.author, cp),
            created=when(m.create_time),
            modified=when(m.last_saved_time),
        )
    except Exception as e:  # olefile raises many types on bad input
        out["error"] = "%s: %s" % (type(e).__name__, e)
    return out


for f in sys.argv[1:]:
    print(json.dumps(dump(f)))
