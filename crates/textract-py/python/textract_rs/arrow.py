"""Arrow batches in, extracted text out: for Spark's ``mapInArrow`` over the
``binaryFile`` source and Ray Data's ``map_batches(batch_format="pyarrow")``.

Each input batch has a ``path`` (string) and a ``content`` (binary) column;
each output batch has ``path``, ``format``, ``text``, ``metadata`` (the
metadata as a JSON string) and ``error`` (the message, or null).
Needs ``pyarrow`` (``pip install textract-rs[arrow]``).
"""

from __future__ import annotations

import json
from typing import Iterable, Iterator, Optional

import pyarrow as pa

from . import Error, Options, extract_bytes

SCHEMA = pa.schema(
    [
        ("path", pa.string()),
        ("format", pa.string()),
        ("text", pa.string()),
        ("metadata", pa.string()),
        ("error", pa.string()),
    ]
)
"""The schema of the batches :func:`map_batches` yields (Spark: its DDL is
``path string, format string, text string, metadata string, error string``)."""

DDL = "path string, format string, text string, metadata string, error string"


def map_batches(
    batches: Iterable["pa.RecordBatch"], options: Optional[Options] = None
) -> Iterator["pa.RecordBatch"]:
    """Extracts every row of every batch; a row that fails gets its error
    message and null text, never an exception."""
    for batch in batches:
        paths = batch.column("path").to_pylist()
        contents = batch.column("content").to_pylist()
        out = {name: [] for name in SCHEMA.names}
        for path, content in zip(paths, contents):
            out["path"].append(path)
            try:
                doc = extract_bytes(content or b"", options)
            except Error as e:
                out["format"].append(e.format)
                out["text"].append(None)
                out["metadata"].append(None)
                out["error"].append(str(e))
                continue
            out["format"].append(doc.format)
            out["text"].append(doc.text_with_embedded())
            out["metadata"].append(json.dumps(doc.metadata, ensure_ascii=False))
            out["error"].append(None)
        yield pa.RecordBatch.from_pydict(out, schema=SCHEMA)
