"""The real Tika clients against `textract serve`.

Run by crates/textract-cli/tests/serve.rs, which starts the server and sets
TIKA_SERVER_ENDPOINT (with TIKA_CLIENT_ONLY=1, so tika-python never looks
for a Java server) and TEXTRACT_FIXTURES.
"""

import io
import os
import pathlib
import zipfile

import pytest

assert os.environ.get("TIKA_CLIENT_ONLY"), "run with TIKA_CLIENT_ONLY=1"
ENDPOINT = os.environ["TIKA_SERVER_ENDPOINT"]
FIXTURES = pathlib.Path(os.environ["TEXTRACT_FIXTURES"])

from tika import detector, parser, unpack  # noqa: E402  (reads the env at import)
from tika_client import TikaClient  # noqa: E402

STORIES = FIXTURES / "doc" / "stories.doc"
ATTACHMENTS = FIXTURES / "pdf" / "attachments.pdf"


def test_from_file_all_is_the_whole_tree():
    r = parser.from_file(str(ATTACHMENTS))
    assert r["status"] == 200
    for s in ["A page with attachments", "Inner document", "Two levels down.", "Meeting notes"]:
        assert s in r["content"]
    md = r["metadata"]
    # tika-python merges the list: one value per document.
    assert md["Content-Type"][0] == "application/pdf"
    assert md["resourceName"][0] == "attachments.pdf"
    assert md["X-TIKA:embedded_resource_path"] == ["/inner.pdf", "/inner.pdf/deep.txt", "/notes.txt", "/data.csv"]


def test_from_file_text_and_meta():
    r = parser.from_file(str(STORIES), service="text")
    assert r["status"] == 200
    assert "Body paragraph three." in r["content"]
    m = parser.from_file(str(STORIES), service="meta")
    assert m["status"] == 200
    assert m["metadata"]["dc:title"] == "Stories"
    assert m["metadata"]["Content-Type"] == "application/msword"
    assert m["metadata"]["resourceName"] == "stories.doc"


def test_from_file_xml_content():
    r = parser.from_file(str(STORIES), xmlContent=True)
    assert r["status"] == 200
    assert "<p>Body paragraph three.</p>" in r["content"]


def test_from_buffer():
    r = parser.from_buffer("Hello from a buffer, ünïcode too.")
    assert r["status"] == 200
    assert r["content"].strip() == "Hello from a buffer, ünïcode too."
    r = parser.from_buffer(STORIES.read_bytes())
    assert r["metadata"]["dc:title"] == "Stories"


def test_encrypted_file_is_reported_not_raised():
    r = parser.from_file(str(FIXTURES / "crypto" / "standard-aes128.docx"))
    assert r["status"] == 200
    assert "EncryptedDocumentException" in r["metadata"]["X-TIKA:EXCEPTION:container_exception"]
    r = parser.from_file(str(FIXTURES / "crypto" / "standard-aes128.docx"), service="text")
    assert r["status"] == 422


def test_detector():
    assert detector.from_file(str(ATTACHMENTS)) == "application/pdf"
    assert detector.from_file(str(FIXTURES / "xls" / "cells.xls")) == "application/vnd.ms-excel"
    assert detector.from_buffer(b"%PDF-1.7\n") == "application/pdf"


def test_unpack_gives_attachments_text_and_metadata():
    r = unpack.from_file(str(ATTACHMENTS))
    assert sorted(r["attachments"]) == ["data.csv", "inner.pdf", "notes.txt"]
    assert r["attachments"]["notes.txt"] == b"Meeting notes\nline two\n"
    assert r["attachments"]["inner.pdf"].startswith(b"%PDF-")
    assert "A page with attachments" in r["content"]
    assert r["metadata"]["Content-Type"] == "application/pdf"
    assert r["metadata"]["X-TIKA:Parsed-By"] == ["org.apache.tika.parser.DefaultParser", "textract-pdf"]


@pytest.fixture
def client():
    with TikaClient(tika_url=ENDPOINT) as c:
        yield c


def test_tika_client_text_and_html(client):
    r = client.tika.as_text.from_file(STORIES)
    assert r.type == "application/msword"
    assert "Body paragraph three." in r.content
    assert r.title == "Stories"
    assert r.created is not None and r.created.year == 2024
    assert r.parsers == ["org.apache.tika.parser.DefaultParser", "textract-doc"]
    r = client.tika.as_text.from_buffer("plain words", "text/plain")
    assert r.content.strip() == "plain words"
    r = client.tika.as_html.from_file(STORIES)
    assert "<title>Stories</title>" in r.content
    r = client.tika.as_html.from_buffer(STORIES.read_bytes())
    assert "<p>Body paragraph three.</p>" in r.content


def test_tika_client_rmeta_and_metadata(client):
    docs = client.rmeta.as_text.from_file(ATTACHMENTS)
    assert [d.type.split(";")[0] for d in docs] == ["application/pdf", "application/pdf", "text/plain", "text/plain", "text/plain"]
    assert docs[0].page_count == 1
    assert docs[3].content == "Meeting notes\nline two\n"
    docs = client.rmeta.as_html.from_file(ATTACHMENTS)
    assert all(d.content.startswith("<?xml") for d in docs)
    m = client.metadata.from_file(STORIES)
    assert m.title == "Stories"
    assert m.last_author == "textract xtask"


def test_tika_client_gzip_bodies():
    with TikaClient(tika_url=ENDPOINT, compress=True) as c:
        r = c.tika.as_text.from_buffer(STORIES.read_bytes())
        assert "Body paragraph three." in r.content


def test_unpack_zip_by_curl_style_put():
    # What a Java or shell client does: PUT and read the zip.
    import urllib.request

    req = urllib.request.Request(ENDPOINT + "/unpack", data=ATTACHMENTS.read_bytes(), method="PUT")
    with urllib.request.urlopen(req) as resp:
        assert resp.status == 200
        z = zipfile.ZipFile(io.BytesIO(resp.read()))
        assert z.namelist() == ["inner.pdf", "notes.txt", "data.csv"]
