"""textract_rs: text, parts, metadata and embedded files from documents.

The extraction runs in Rust (the ``textract`` workspace) with the GIL
released; every result is the very record the ``textract --json`` command
prints, so ``Document.to_dict()`` equals the CLI's JSON line minus ``path``.

>>> import textract_rs
>>> doc = textract_rs.extract_bytes(b"<title>Hi</title><p>Hello")
>>> doc.format, doc.text.strip(), doc.metadata["title"]
('html', 'Hello', 'Hi')
"""

from __future__ import annotations

import dataclasses
import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _native

__all__ = [
    "Options",
    "Document",
    "Part",
    "Embedded",
    "Error",
    "UnsupportedFormat",
    "Encrypted",
    "Corrupt",
    "LimitExceeded",
    "Timeout",
    "extract_path",
    "extract_bytes",
    "extract_many",
    "formats",
    "__version__",
]

__version__: str = _native.__version__

PathLike = Union[str, "os.PathLike[str]"]


@dataclasses.dataclass(frozen=True)
class Options:
    """How to extract. Keyword-only, immutable, picklable, equal by value.

    ``timeout`` is wall-clock seconds per document (``None`` or ``0`` for
    none): past it a document gives what was read, with a warning, or a
    :class:`Timeout`. ``pages`` is a PDF page list such as ``"3-5"`` or
    ``"1,4-6"``.
    """

    password: Optional[str] = None
    timeout: Optional[float] = 30.0
    extract_embedded: bool = True
    images: bool = False
    max_embedded_depth: int = 10
    max_embedded_count: int = 10_000
    max_embedded_bytes: int = 256 << 20
    layout: bool = False
    keep_hyphens: bool = False
    pages: Optional[str] = None
    metadata_only: bool = False
    #: The rendering kept with each document besides its text:
    #: ``"markdown"`` (:meth:`Document.markdown`), ``"html"``
    #: (:meth:`Document.html`) or ``"text"`` for none.
    to: str = "markdown"

    def __init__(self, **kwargs: Any) -> None:  # keyword-only on Python 3.9 too
        names = {f.name for f in dataclasses.fields(self)}
        unknown = set(kwargs) - names
        if unknown:
            raise TypeError(f"unknown option(s): {', '.join(sorted(unknown))}")
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, kwargs.get(f.name, f.default))

    def __reduce__(self):  # pickling goes through the keyword constructor
        return (_options_from_dict, (dataclasses.asdict(self),))

    def _json(self) -> str:
        return json.dumps(dataclasses.asdict(self))


def _options_from_dict(values: Dict[str, Any]) -> Options:
    return Options(**values)


_DEFAULT = Options()


@dataclasses.dataclass(frozen=True)
class Part:
    """One story of a document: ``kind`` (``body``, ``header``, ``sheet``,
    ``slide``, ``comment``, …), ``name`` (sheet name, slide number) and text."""

    kind: str
    name: Optional[str]
    text: str
    attributes: Dict[str, str] = dataclasses.field(default_factory=dict)
    #: The part's structure as ``textract --json`` writes it: dicts with a
    #: ``type`` (``heading``, ``paragraph``, ``list_item``, ``table``,
    #: ``preformatted``, ``quote``, ``page_break``) and its fields.
    blocks: List[Dict[str, Any]] = dataclasses.field(default_factory=list)


class Document:
    """An extracted document (or, inside :attr:`embedded`, a child's)."""

    __slots__ = ("_record",)

    def __init__(self, record: Dict[str, Any]) -> None:
        self._record = record

    @property
    def format(self) -> Optional[str]:
        return self._record.get("format")

    @property
    def mime_type(self) -> Optional[str]:
        return self._record.get("mime_type")

    @property
    def text(self) -> str:
        return self._record.get("text") or ""

    @property
    def parts(self) -> List[Part]:
        return [
            Part(
                p["kind"],
                p.get("name"),
                p["text"],
                dict(p.get("attributes") or {}),
                list(p.get("blocks") or []),
            )
            for p in self._record.get("parts") or []
        ]

    @property
    def blocks(self) -> List[Dict[str, Any]]:
        """The document's structure: the body's blocks where the body is not
        a part (HTML), else every part's blocks in order."""
        if self._record.get("blocks"):
            return list(self._record["blocks"])
        return [b for p in self._record.get("parts") or [] for b in p.get("blocks") or []]

    def _rendering(self, name: str) -> str:
        if name not in self._record:
            raise ValueError(f"extracted without {name}: pass Options(to={name!r})")
        return self._record[name] or ""

    def markdown(self) -> str:
        """The document as Markdown (headings, lists, GFM tables; HTML tables
        where cells merge), rendered by textract's doc-render. Needs
        ``Options(to="markdown")``, the default."""
        return self._rendering("markdown")

    def html(self) -> str:
        """The document as an XHTML body as Apache Tika writes it. Needs
        ``Options(to="html")``."""
        return self._rendering("html")

    @property
    def metadata(self) -> Dict[str, Any]:
        return dict(self._record.get("metadata") or {})

    @property
    def encoding(self) -> Optional[str]:
        return self._record.get("encoding")

    @property
    def warnings(self) -> List[str]:
        return [f"{w['layer']}: {w['message']}" for w in self._record.get("warnings") or []]

    @property
    def embedded(self) -> List["Embedded"]:
        return [Embedded(e) for e in self._record.get("embedded") or []]

    def text_with_embedded(self) -> str:
        """The text, then every embedded document's, depth first."""
        out = [self.text]
        for e in self.embedded:
            if e.document is not None:
                out.append(e.document.text_with_embedded())
        return "".join(out)

    def to_dict(self) -> Dict[str, Any]:
        """The object ``textract --json`` prints for this input, minus ``path``."""
        return {k: v for k, v in self._record.items() if k != "path"}

    def __repr__(self) -> str:
        return f"<textract_rs.Document format={self.format!r} chars={len(self.text)}>"


class Embedded:
    """A file inside a document: where it sits (``path``, as Tika's
    ``X-TIKA:embedded_resource_path``), what it is, and its own
    :class:`Document` — or the :class:`Error` that stopped it."""

    __slots__ = ("_record",)

    def __init__(self, record: Dict[str, Any]) -> None:
        self._record = record

    path = property(lambda self: self._record.get("path"))
    name = property(lambda self: self._record.get("name"))
    kind = property(lambda self: self._record.get("kind"))
    media_type = property(lambda self: self._record.get("media_type"))
    size = property(lambda self: self._record.get("size"))
    sha256 = property(lambda self: self._record.get("sha256"))

    @property
    def document(self) -> Optional[Document]:
        """The child's own document, when it was extracted."""
        if self._record.get("error") is None and self._record.get("format") is not None:
            return Document(self._record)
        return None

    @property
    def error(self) -> Optional["Error"]:
        """Why the child could not be extracted, if it failed."""
        err = self._record.get("error")
        return _error(err, self._record.get("format"), self.path) if err else None

    def __repr__(self) -> str:
        return f"<textract_rs.Embedded path={self.path!r} kind={self.kind!r}>"


class Error(Exception):
    """A document could not be extracted. ``kind`` is the CLI's error kind
    (``unsupported``, ``empty``, ``encrypted``, ``corrupt``, ``limit``,
    ``io``, ``panic``); ``format`` the detected format, if any; ``path`` the
    input's path, if it came from one."""

    def __init__(
        self,
        message: str,
        *,
        kind: str = "error",
        format: Optional[str] = None,
        path: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.format = format
        self.path = path

    def __reduce__(self):
        return (_rebuild_error, (type(self), self.message, self.kind, self.format, self.path))


def _rebuild_error(cls, message, kind, format, path):
    return cls(message, kind=kind, format=format, path=path)


class UnsupportedFormat(Error):
    """Not a document textract reads (an image, a binary, an empty input)."""


class Encrypted(Error):
    """Encrypted, and no password (or not the given one) opens it."""


class Corrupt(Error):
    """Too damaged to read anything."""


class LimitExceeded(Error):
    """A size or count limit stopped it before anything useful was read."""


class Timeout(LimitExceeded):
    """The per-document deadline passed before anything useful was read."""


_KINDS = {
    "unsupported": UnsupportedFormat,
    "empty": UnsupportedFormat,
    "encrypted": Encrypted,
    "corrupt": Corrupt,
    "limit": LimitExceeded,
}


def _error(err: Dict[str, Any], format: Optional[str], path: Optional[str]) -> Error:
    kind = err.get("kind") or "error"
    message = err.get("message") or kind
    # The CLI's hint, in this API's words.
    message = message.replace("; give it with --password", "; give it with Options(password=...)")
    cls = _KINDS.get(kind, Error)
    if cls is LimitExceeded and "deadline" in message:
        cls = Timeout
    return cls(message, kind=kind, format=format, path=path)


def _outcome(line: str, path: Optional[str]) -> Union[Document, Error]:
    record = json.loads(line)
    err = record.get("error")
    if err:
        return _error(err, record.get("format"), path)
    if path is None:
        record.pop("path", None)
    return Document(record)


def _options(options: Optional[Options]) -> str:
    if options is None:
        options = _DEFAULT
    if not isinstance(options, Options):
        raise TypeError("options must be a textract_rs.Options")
    return options._json()


def extract_path(path: PathLike, options: Optional[Options] = None) -> Document:
    """Extracts the file at ``path``; raises an :class:`Error` subclass."""
    p = os.fspath(path)
    result = _outcome(_native.extract_path(p, _options(options)), p)
    if isinstance(result, Error):
        raise result
    return result


def extract_bytes(data: bytes, options: Optional[Options] = None) -> Document:
    """Extracts ``data`` (``bytes``, ``bytearray`` or ``memoryview``)."""
    result = _outcome(_native.extract_bytes(bytes(data), _options(options)), None)
    if isinstance(result, Error):
        raise result
    return result


def extract_many(
    paths: Iterable[PathLike],
    options: Optional[Options] = None,
    jobs: Optional[int] = None,
    chunk: int = 256,
) -> Iterator[Tuple[str, Union[Document, Error]]]:
    """Yields ``(path, Document or Error)`` for every path, in input order,
    extracting ``chunk`` paths at a time in parallel in Rust (``jobs``
    threads, all cores by default). Never raises for one bad file."""
    opts = _options(options)
    batch: List[str] = []

    def run(batch: List[str]) -> Iterator[Tuple[str, Union[Document, Error]]]:
        for p, line in zip(batch, _native.extract_many(batch, opts, jobs)):
            yield p, _outcome(line, p)

    for path in paths:
        batch.append(os.fspath(path))
        if len(batch) >= max(1, chunk):
            yield from run(batch)
            batch = []
    if batch:
        yield from run(batch)


def formats() -> List[str]:
    """The names of the formats this build reads."""
    return list(_native.formats())
