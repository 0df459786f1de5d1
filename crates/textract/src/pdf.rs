//! PDF: `pdf-lex` opens the file (decrypting with the given or the empty
//! password), `pdf-text` lays out the pages, and the Info dictionary and
//! catalog give the metadata.

use std::time::Instant;

use crate::{Document, Error, Format, Metadata, Options, Warning};

fn lex_error(e: pdf_lex::Error) -> Error {
    match e {
        pdf_lex::Error::Encrypted => Error::Encrypted(Format::Pdf),
        pdf_lex::Error::LimitExceeded { what, limit } => Error::LimitExceeded { what, limit },
        other => Error::Corrupt {
            format: Format::Pdf,
            message: other.to_string(),
        },
    }
}

/// The text of every page (each followed by `\f`, as pdftotext prints) and
/// the document's metadata.
pub(crate) fn extract(
    bytes: &[u8],
    options: &Options,
    deadline: Option<Instant>,
) -> Result<Document, Error> {
    let limits = &options.limits;
    let mut lex_options = pdf_lex::Options {
        password: options.password.clone(),
        ..pdf_lex::Options::default()
    };
    lex_options.limits.max_stream_bytes = limits.max_stream_bytes;
    lex_options.limits.max_document_stream_bytes = limits.max_decompressed_bytes;
    lex_options.limits.max_objects = limits.max_objects;
    lex_options.limits.max_depth = limits.max_depth;
    lex_options.limits.max_pages = limits.max_pages;
    lex_options.limits.deadline = deadline;
    let pdf = pdf_lex::Document::open_with(bytes, &lex_options).map_err(lex_error)?;
    let text_options = pdf_text::Options {
        layout: options.layout,
        keep_hyphenation: options.keep_hyphenation,
        limits: pdf_text::Limits {
            max_output_bytes: limits.max_output_bytes,
            max_pages: limits.max_pages,
            max_ops_per_page: limits.max_operations_per_page,
            max_ops_per_document: limits.max_operations_per_document,
            deadline,
            max_form_depth: limits
                .max_depth
                .min(pdf_text::Limits::default().max_form_depth),
            ..pdf_text::Limits::default()
        },
        ..pdf_text::Options::default()
    };
    let text = pdf_text::extract(&pdf, &text_options).map_err(|e| match e {
        pdf_text::Error::Encrypted => Error::Encrypted(Format::Pdf),
        pdf_text::Error::Pdf(e) => lex_error(e),
        other => Error::Corrupt {
            format: Format::Pdf,
            message: other.to_string(),
        },
    })?;
    let info = pdf.info();
    let mut doc = Document::new(Format::Pdf);
    doc.metadata = Metadata {
        title: info.title,
        author: info.author,
        subject: info.subject,
        keywords: info.keywords,
        created: info.created_rfc3339.or(info.created),
        modified: info.modified_rfc3339.or(info.modified),
        producer: info.producer,
        creator: info.creator,
        page_count: Some(text.pages.len() as u64),
        language: language(&pdf),
    };
    doc.text = text.text;
    doc.warnings.extend(
        pdf.warnings()
            .into_iter()
            .map(|w| Warning::new("pdf-lex", w.to_string())),
    );
    doc.warnings.extend(
        text.warnings
            .iter()
            .map(|w| Warning::new("pdf-text", w.to_string())),
    );
    Ok(doc)
}

/// The catalog's `/Lang` (ISO 32000 14.9.2), a BCP 47 tag.
fn language(pdf: &pdf_lex::Document<'_>) -> Option<String> {
    let catalog = pdf.catalog().ok()?;
    match pdf.dict_get(&catalog, b"Lang").ok()?? {
        pdf_lex::Object::String(bytes) => {
            let lang = pdf_lex::decode_text_string(&bytes);
            let lang = lang.trim();
            (!lang.is_empty()).then(|| lang.to_string())
        }
        _ => None,
    }
}
