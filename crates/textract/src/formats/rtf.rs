//! RTF: `rtf-text` reads the body, notes, headers, footers, comments and
//! text boxes as parts, `\info` as metadata, and the pictures and OLE
//! objects as embedded files (the objects extracted in turn).

use crate::registry::Extract;
use crate::{Context, Document, Error, Format};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut options = rtf_text::Options::default();
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = ctx.max_output_bytes(options.limits.max_output_bytes);
    options.limits.max_embedded_bytes = ctx.max_embedded_bytes(options.limits.max_embedded_bytes);
    let rtf = rtf_text::parse_with(bytes, &options).map_err(|e| match e {
        rtf_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(Format::Rtf),
            what,
            limit,
        },
        other => Error::corrupt(Format::Rtf, other),
    })?;
    Ok(Document::from_layer(Format::Rtf, "rtf-text", rtf))
}
