//! RTF: `rtf-text` reads the body, notes, headers, footers, comments and
//! text boxes as parts, `\info` as metadata, and the pictures and OLE
//! objects as embedded files (the objects extracted in turn).

use crate::registry::Extract;
use crate::{Context, Document, Error, Format, Warning};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut options = rtf_text::Options::default();
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = options
        .limits
        .max_output_bytes
        .min(ctx.options.limits.max_output_bytes as u64);
    options.limits.max_embedded_bytes = options
        .limits
        .max_embedded_bytes
        .min(ctx.options.embedded.max_total_bytes);
    let rtf = rtf_text::parse_with(bytes, &options).map_err(|e| match e {
        rtf_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(Format::Rtf),
            what,
            limit,
        },
        other => Error::corrupt(Format::Rtf, other),
    })?;
    let mut doc = Document::new(Format::Rtf);
    doc.text = rtf.text();
    doc.metadata = rtf.metadata;
    doc.parts = rtf.parts;
    doc.encoding = rtf.encoding.map(|e| e.name().to_string());
    doc.warnings.extend(
        rtf.warnings
            .iter()
            .map(|w| Warning::new("rtf-text", w.to_string())),
    );
    doc.pending = rtf.embedded;
    Ok(doc)
}
