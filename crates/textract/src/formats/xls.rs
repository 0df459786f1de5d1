//! Excel 97–2003, 5.0/95 and bare BIFF2–4 workbooks: `xls-text` reads every
//! sheet as the user sees it (one `Sheet` part each, then its header, footer,
//! comments and text boxes), decrypting FILEPASS workbooks; the objects in
//! `MBD*` storages are embedded files. A file cut short is salvaged.

use crate::formats::cfb;
use crate::registry::Extract;
use crate::{Context, Document, Error, Format};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

/// xls-text's error as the facade's.
fn error(e: xls_text::Error, ctx: &Context<'_>) -> Error {
    match e {
        xls_text::Error::Encrypted { .. } => Error::encrypted(Format::Xls, ctx.options),
        xls_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(Format::Xls),
            what,
            limit,
        },
        xls_text::Error::Unsupported(detail) => Error::Unsupported {
            format: Some(Format::Xls),
            mime_type: Some(Format::Xls.mime_type().to_string()),
            detail: Some(detail),
        },
        xls_text::Error::Container(e) => cfb::error(e, Format::Xls),
        other => Error::corrupt(Format::Xls, other),
    }
}

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let mut options = xls_text::Options::default();
    options.password = ctx.options.password.clone();
    // Sheets as tables unless the caller wants the text alone.
    options.structure = !ctx.options.text_only;
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = ctx.max_output_bytes(options.limits.max_output_bytes);
    // A download cut short loses the directory, or the workbook's entry:
    // read what the stream still holds at its sectors, else report the
    // first error.
    let salvage = |e: Error| xls_text::salvage(bytes, &options).map_err(|_| e);
    let book = if bytes.starts_with(&ole_cfb_read::SIGNATURE) {
        match cfb::compound_file(bytes, ctx, Format::Xls) {
            Err(e) => salvage(e)?,
            Ok(cf) => match xls_text::from_compound_file(&cf, &options) {
                // A damaged container whose chains end early can hide a
                // stream whose sectors are all there.
                Ok(book) if book.parts.is_empty() && !cf.warnings().is_empty() => {
                    xls_text::salvage(bytes, &options).unwrap_or(book)
                }
                Ok(book) => book,
                Err(
                    e @ (xls_text::Error::Encrypted { .. } | xls_text::Error::LimitExceeded { .. }),
                ) => return Err(error(e, ctx)),
                // Detection found a workbook here: a stream it cannot
                // find or read is damage, not an unsupported format.
                Err(e @ xls_text::Error::Unsupported(_)) => {
                    salvage(Error::corrupt(Format::Xls, e))?
                }
                Err(e) => salvage(error(e, ctx))?,
            },
        }
    } else {
        xls_text::parse_with(bytes, &options).map_err(|e| error(e, ctx))?
    };
    Ok(Document::from_layer(Format::Xls, "xls-text", book))
}
