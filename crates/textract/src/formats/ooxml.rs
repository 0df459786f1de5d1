//! Office 2007+ and OpenDocument: `ooxml-text` reads docx, xlsx and pptx
//! (and OpenDocument text, spreadsheets and presentations, zipped or flat
//! XML) into the same parts as their binary ancestors, with the pictures
//! and embedded objects as embedded files; xlsb is recognised and refused.

use crate::registry::Extract;
use crate::{Context, Document, Error, Format};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

/// ooxml-text's error as the facade's, for a document detected as `format`.
fn error(e: ooxml_text::Error, format: Format, ctx: &Context<'_>) -> Error {
    match e {
        ooxml_text::Error::Encrypted { .. } => Error::encrypted(format, ctx.options),
        ooxml_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(format),
            what,
            limit,
        },
        ooxml_text::Error::Unsupported(detail) => Error::Unsupported {
            format: Some(format),
            mime_type: Some(format.mime_type().to_string()),
            detail: Some(detail),
        },
        other => Error::corrupt(format, other),
    }
}

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let format = ctx.format;
    let mut options = ooxml_text::Options::default();
    options.password = ctx.options.password.clone();
    // Sheets as tables unless the caller wants the text alone.
    options.structure = !ctx.options.text_only;
    options.embedded = ctx.options.embedded.extract && !ctx.options.metadata_only;
    options.images = ctx.options.embedded.images && !ctx.options.metadata_only;
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = ctx.max_output_bytes(options.limits.max_output_bytes);
    options.limits.max_embedded_bytes = ctx.max_embedded_bytes(options.limits.max_embedded_bytes);
    let office = ooxml_text::parse_with(bytes, &options).map_err(|e| error(e, format, ctx))?;
    // The package says what it is; a docx detected by a looser signature
    // is reported as what was read.
    let read_as = match office.details {
        ooxml_text::Kind::Docx => Format::Docx,
        ooxml_text::Kind::Xlsx => Format::Xlsx,
        ooxml_text::Kind::Pptx => Format::Pptx,
        ooxml_text::Kind::Odt => Format::Odt,
        ooxml_text::Kind::Ods => Format::Ods,
        _ => Format::Odp,
    };
    Ok(Document::from_layer(read_as, "ooxml-text", office))
}
