import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

__version__: str
PathLike = Union[str, os.PathLike[str]]

class Options:
    password: Optional[str]
    timeout: Optional[float]
    extract_embedded: bool
    images: bool
    max_embedded_depth: int
    max_embedded_count: int
    max_embedded_bytes: int
    layout: bool
    keep_hyphens: bool
    pages: Optional[str]
    metadata_only: bool
    to: str
    def __init__(
        self,
        *,
        password: Optional[str] = ...,
        timeout: Optional[float] = ...,
        extract_embedded: bool = ...,
        images: bool = ...,
        max_embedded_depth: int = ...,
        max_embedded_count: int = ...,
        max_embedded_bytes: int = ...,
        layout: bool = ...,
        keep_hyphens: bool = ...,
        pages: Optional[str] = ...,
        metadata_only: bool = ...,
        to: str = ...,
    ) -> None: ...

class Part:
    kind: str
    name: Optional[str]
    text: str
    attributes: Dict[str, str]
    blocks: List[Dict[str, Any]]

class Document:
    @property
    def format(self) -> Optional[str]: ...
    @property
    def mime_type(self) -> Optional[str]: ...
    @property
    def text(self) -> str: ...
    @property
    def parts(self) -> List[Part]: ...
    @property
    def metadata(self) -> Dict[str, Any]: ...
    @property
    def encoding(self) -> Optional[str]: ...
    @property
    def warnings(self) -> List[str]: ...
    @property
    def embedded(self) -> List[Embedded]: ...
    @property
    def blocks(self) -> List[Dict[str, Any]]: ...
    def markdown(self) -> str: ...
    def html(self) -> str: ...
    def text_with_embedded(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Embedded:
    path: str
    name: Optional[str]
    kind: str
    media_type: Optional[str]
    size: int
    sha256: str
    @property
    def document(self) -> Optional[Document]: ...
    @property
    def error(self) -> Optional[Error]: ...

class Error(Exception):
    message: str
    kind: str
    format: Optional[str]
    path: Optional[str]
    def __init__(
        self,
        message: str,
        *,
        kind: str = ...,
        format: Optional[str] = ...,
        path: Optional[str] = ...,
    ) -> None: ...

class UnsupportedFormat(Error): ...
class Encrypted(Error): ...
class Corrupt(Error): ...
class LimitExceeded(Error): ...
class Timeout(LimitExceeded): ...

def extract_path(path: PathLike, options: Optional[Options] = ...) -> Document: ...
def extract_bytes(data: bytes, options: Optional[Options] = ...) -> Document: ...
def extract_many(
    paths: Iterable[PathLike],
    options: Optional[Options] = ...,
    jobs: Optional[int] = ...,
    chunk: int = ...,
) -> Iterator[Tuple[str, Union[Document, Error]]]: ...
def formats() -> List[str]: ...
