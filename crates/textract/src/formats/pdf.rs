//! PDF: `pdf-lex` opens the file (decrypting with the given or the empty
//! password), `pdf-text` lays out the pages, the Info dictionary and
//! catalog give the metadata, and `pdf-lex`'s extras give the annotations
//! and form fields (parts) and the attachments and images (embedded files).

use crate::registry::Extract;
use crate::{Context, Document, Error, Format, Metadata};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

fn lex_error(e: pdf_lex::Error, ctx: &Context<'_>) -> Error {
    match e {
        pdf_lex::Error::Encrypted => Error::encrypted(Format::Pdf, ctx.options),
        pdf_lex::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(Format::Pdf),
            what,
            limit,
        },
        other => Error::corrupt(Format::Pdf, other),
    }
}

/// The text of every page (each followed by `\f`, as pdftotext prints) and
/// the document's metadata.
fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let (options, deadline) = (ctx.options, ctx.deadline);
    let limits = &options.limits;
    let mut lex_options = pdf_lex::Options::default();
    lex_options.password.clone_from(&options.password);
    lex_options.limits.max_stream_bytes = limits.max_stream_bytes;
    lex_options.limits.max_document_stream_bytes = limits.max_decompressed_bytes;
    lex_options.limits.max_objects = limits.max_objects;
    lex_options.limits.max_depth = limits.max_depth;
    lex_options.limits.max_pages = limits.max_pages;
    lex_options.limits.deadline = deadline;
    // Attachments and images are bounded by the embedded-file limits; the
    // facade's budget then counts them across the whole tree.
    lex_options.limits.max_attachments = options.embedded.max_count;
    lex_options.limits.max_images = lex_options
        .limits
        .max_images
        .min(options.embedded.max_count);
    lex_options.limits.max_embedded_bytes = options.embedded.max_total_bytes;
    let pdf = pdf_lex::Document::open_with(bytes, &lex_options).map_err(|e| lex_error(e, ctx))?;
    let mut text_options = pdf_text::Options::default();
    text_options.layout = options.layout;
    text_options.keep_hyphenation = options.keep_hyphenation;
    text_options.pages.clone_from(&options.pages);
    let text_limits = &mut text_options.limits;
    text_limits.max_output_bytes = limits.max_output_bytes;
    text_limits.max_pages = limits.max_pages;
    text_limits.max_ops_per_page = limits.max_operations_per_page;
    text_limits.max_ops_per_document = limits.max_operations_per_document;
    text_limits.deadline = deadline;
    text_limits.max_form_depth = limits.max_depth.min(text_limits.max_form_depth);
    let text = if options.metadata_only {
        // The page count without interpreting a page.
        let pages = pdf.pages().map_err(|e| lex_error(e, ctx))?;
        pdf_text::PdfText {
            pages: vec![String::new(); pages.len()],
            ..pdf_text::PdfText::default()
        }
    } else {
        pdf_text::extract(&pdf, &text_options).map_err(|e| match e {
            pdf_text::Error::Encrypted => Error::encrypted(Format::Pdf, options),
            pdf_text::Error::Pdf(e) => lex_error(e, ctx),
            other => Error::corrupt(Format::Pdf, other),
        })?
    };
    let info = pdf.info();
    let mut doc = Document::new(Format::Pdf);
    let mut meta = Metadata::default();
    meta.title = info.title;
    meta.author = info.author;
    meta.subject = info.subject;
    meta.keywords = info.keywords;
    meta.created = info.created_rfc3339.or(info.created);
    meta.modified = info.modified_rfc3339.or(info.modified);
    meta.producer = info.producer;
    meta.creator = info.creator;
    meta.page_count = Some(text.pages.len() as u64);
    meta.language = language(&pdf);
    doc.metadata = meta;
    doc.text = text.text;
    if !options.metadata_only {
        // Annotations and form fields as parts; attachments (and, when asked
        // for, images) as embedded files, which the facade extracts in turn.
        let embedded = &options.embedded;
        let mut wanted = pdf_lex::ExtrasOptions::default();
        wanted.attachments = embedded.extract;
        wanted.images = embedded.extract && embedded.images;
        wanted.inline_images = wanted.images;
        let extras = pdf.extras(&wanted);
        doc.parts = extras.parts;
        doc.pending = extras.embedded;
    }
    // Every warning of the document, the extras' included.
    doc.warn_from("pdf-lex", pdf.warnings());
    doc.warn_from("pdf-text", &text.warnings);
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
