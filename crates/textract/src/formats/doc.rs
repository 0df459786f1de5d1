//! Word 97–2003 and 6/95: the stories as `msdoc-text` reads them (each
//! header, footnote, comment and text box a part of its own), its pictures
//! and `ObjectPool` objects as embedded files, and the summary property sets
//! as metadata. A file cut short before its directory is salvaged.

use msdoc_text::WordDocument;

use crate::formats::cfb;
use crate::registry::Extract;
use crate::{Context, Document, Error, Format};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

/// msdoc-text's error as the facade's.
fn error(e: msdoc_text::Error, ctx: &Context<'_>) -> Error {
    match e {
        msdoc_text::Error::Encrypted => Error::encrypted(Format::Doc, ctx.options),
        msdoc_text::Error::LimitExceeded { what, limit, .. } => Error::LimitExceeded {
            format: Some(Format::Doc),
            what,
            limit,
        },
        msdoc_text::Error::Container(e) => cfb::error(e, Format::Doc),
        other => Error::corrupt(Format::Doc, other),
    }
}

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut options = msdoc_text::Options::default();
    options.limits.max_chars = ctx.max_output_bytes(options.limits.max_chars);
    options.limits.deadline = ctx.deadline;
    options.embedded = ctx.options.embedded.extract && !ctx.options.metadata_only;
    options.images = ctx.options.embedded.images;
    options.structure = !ctx.options.text_only;
    // A download cut short loses the directory, or the entry of the
    // WordDocument stream: read the text the stream still holds at its
    // sectors, else report the first error.
    let salvage = |e: Error| -> Result<Document, Error> {
        let word = WordDocument::salvage(bytes, &options).map_err(|_| e)?;
        let mut doc = Document::new(Format::Doc);
        fill(&mut doc, word);
        Ok(doc)
    };
    let cf = match cfb::compound_file(bytes, ctx, Format::Doc) {
        Ok(cf) => cf,
        Err(e) => return salvage(e),
    };
    let word = match WordDocument::from_compound_file(&cf, &options) {
        Ok(word) => word,
        Err(msdoc_text::Error::Encrypted) => decrypted(&cf, &options, ctx)?,
        Err(e) if cf.entry("WordDocument").is_none() => return salvage(error(e, ctx)),
        Err(e) => return Err(error(e, ctx)),
    };
    let mut doc = Document::new(Format::Doc);
    cfb::metadata(&cf, &mut doc);
    fill(&mut doc, word);
    Ok(doc)
}

/// The text, parts, embedded files and warnings of a parsed document.
fn fill(doc: &mut Document, mut word: WordDocument) {
    doc.text = word.text();
    // Moved, not copied: the parts hold the text once more, the embedded
    // files their bytes.
    doc.parts = word.take_parts();
    doc.encoding = word.encoding().map(|e| e.name().to_string());
    doc.warn_from("msdoc-text", word.warnings());
    doc.pending = word.take_embedded();
}

/// An encrypted document (`fEncrypted`): its streams decrypted with the
/// given password (RC4 or RC4 CryptoAPI), then read as a plain one.
#[cfg(feature = "crypto")]
fn decrypted(
    cf: &ole_cfb_read::CompoundFile<'_>,
    options: &msdoc_text::Options,
    ctx: &Context<'_>,
) -> Result<WordDocument, Error> {
    let stream = |name: &str| cf.stream(name).map_err(|e| cfb::error(e, Format::Doc));
    let word_document = stream("WordDocument")?;
    // FibBase.fWhichTblStm (MS-DOC 2.5.2): which table stream is live.
    let flags = word_document
        .get(0x0A..0x0C)
        .map_or(0, |b| u16::from_le_bytes([b[0], b[1]]));
    let table = stream(if flags & 0x0200 != 0 {
        "1Table"
    } else {
        "0Table"
    })?;
    let data = cf.entry("Data").and_then(|_| cf.stream("Data").ok());
    let password = ctx.options.password.as_deref();
    let plain = office_crypto::doc::decrypt_word(&word_document, &table, data.as_deref(), password)
        .map_err(|e| crate::formats::crypto::error(e, Format::Doc, ctx.options))?;
    let (table0, table1) = if flags & 0x0200 != 0 {
        (None, Some(plain.table.as_slice()))
    } else {
        (Some(plain.table.as_slice()), None)
    };
    let streams = msdoc_text::Streams {
        word_document: &plain.word_document,
        table0,
        table1,
        data: plain.data.as_deref(),
    };
    WordDocument::parse_with(&streams, options).map_err(|e| error(e, ctx))
}

/// Without the crypto layer an encrypted document stays encrypted.
#[cfg(not(feature = "crypto"))]
fn decrypted(
    _cf: &ole_cfb_read::CompoundFile<'_>,
    _options: &msdoc_text::Options,
    ctx: &Context<'_>,
) -> Result<WordDocument, Error> {
    Err(Error::encrypted(Format::Doc, ctx.options))
}
