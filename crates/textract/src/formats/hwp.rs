//! Hangul Word Processor documents — HWP 5.0 (and distribution documents),
//! HWPX, HWP 3.0 and HWPML — through `hwp-text`: the body with tables, text
//! boxes, notes, headers and footers as parts, the pictures and OLE objects
//! in `BinData` as embedded files.

use crate::formats::cfb;
use crate::registry::Extract;
use crate::{Context, Document, Error, Format};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

/// hwp-text's error as the facade's, for a document detected as `format`.
fn error(e: hwp_text::Error, format: Format, ctx: &Context<'_>) -> Error {
    match e {
        hwp_text::Error::Encrypted { .. } => Error::encrypted(format, ctx.options),
        hwp_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(format),
            what,
            limit,
        },
        hwp_text::Error::Unsupported(detail) => Error::Unsupported {
            format: Some(format),
            mime_type: Some(format.mime_type().to_string()),
            detail: Some(detail),
        },
        hwp_text::Error::Container(e) => cfb::error(e, format),
        other => Error::corrupt(format, other),
    }
}

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let format = ctx.format;
    let mut options = hwp_text::Options::default();
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = options
        .limits
        .max_output_bytes
        .min(ctx.options.limits.max_output_bytes);
    options.limits.max_stream_bytes = options
        .limits
        .max_stream_bytes
        .min(ctx.options.limits.max_stream_bytes);
    let hwp = if bytes.starts_with(&ole_cfb_read::SIGNATURE) {
        let cf = cfb::compound_file(bytes, ctx, format)?;
        hwp_text::from_compound_file(&cf, &options)
    } else {
        hwp_text::parse_with(bytes, &options)
    }
    .map_err(|e| error(e, format, ctx))?;
    Ok(Document::from_layer(format, "hwp-text", hwp))
}
