//! E-mail: `mail-text` reads Outlook messages (on the compound file
//! detection opened), RFC 5322 messages, mailboxes and TNEF streams; their
//! attachments and embedded messages come back through detection as
//! embedded documents.

use crate::{Context, Document, Error, Format};

/// Reads `bytes` as the mail format detection (or the caller) named.
pub(crate) fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let format = ctx.format;
    let mut options = mail_text::Options::default();
    options.limits.deadline = ctx.deadline;
    options.limits.max_output_bytes = ctx.max_output_bytes(options.limits.max_output_bytes);
    options.limits.max_attachment_bytes =
        ctx.max_embedded_bytes(options.limits.max_attachment_bytes);
    options.limits.max_attachments = options
        .limits
        .max_attachments
        .min(ctx.options.embedded.max_count);
    let read = match format {
        Format::Msg => {
            // The container's defects come back as the mail layer's warnings.
            let cf = crate::formats::cfb::compound_file(bytes, ctx, format)?;
            mail_text::from_compound_file(&cf, &options)
        }
        Format::Eml => mail_text::parse_as(bytes, mail_text::MailFormat::Eml, &options),
        Format::Mbox => mail_text::parse_as(bytes, mail_text::MailFormat::Mbox, &options),
        _ => mail_text::parse_as(bytes, mail_text::MailFormat::Tnef, &options),
    };
    let mail = read.map_err(|e| match e {
        mail_text::Error::Encrypted { .. } => Error::encrypted(format, ctx.options),
        mail_text::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(format),
            what,
            limit,
        },
        other => Error::corrupt(format, other),
    })?;
    Ok(Document::from_layer(format, "mail-text", mail))
}
