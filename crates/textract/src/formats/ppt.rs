//! PowerPoint 97–2003 decks: `ppt-text` reads the slides in presentation
//! order from the persist directory (each a `Slide` part, with its notes,
//! footers and comments), the masters' own text, and the pictures and OLE
//! objects as embedded files; RC4 CryptoAPI decks open with the default or
//! given password.

use crate::formats::cfb;
use crate::registry::Extract;
use crate::{Context, Document, Error, Format};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

/// ppt-text's error as the facade's.
fn error(e: ppt_text::Error, ctx: &Context<'_>) -> Error {
    match e {
        ppt_text::Error::Encrypted { .. } => Error::encrypted(Format::Ppt, ctx.options),
        ppt_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(Format::Ppt),
            what,
            limit,
        },
        ppt_text::Error::Container(e) => cfb::error(e, Format::Ppt),
        // PowerPoint 95 and 4.0 files: recognised, not read.
        ppt_text::Error::Unsupported(detail) => Error::Unsupported {
            format: Some(Format::Ppt),
            mime_type: Some(Format::Ppt.mime_type().to_string()),
            detail: Some(detail),
        },
        other => Error::corrupt(Format::Ppt, other),
    }
}

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut options = ppt_text::Options::default();
    options.password = ctx.options.password.clone();
    options.embedded = ctx.options.embedded.extract && !ctx.options.metadata_only;
    options.images = ctx.options.embedded.images;
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = ctx.max_output_bytes(options.limits.max_output_bytes);
    options.limits.max_embedded_bytes = ctx.max_embedded_bytes(options.limits.max_embedded_bytes);
    let cf = cfb::compound_file(bytes, ctx, Format::Ppt)?;
    let deck = ppt_text::from_compound_file(&cf, &options).map_err(|e| error(e, ctx))?;
    Ok(Document::from_layer(Format::Ppt, "ppt-text", deck))
}
