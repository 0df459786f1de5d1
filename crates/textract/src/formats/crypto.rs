//! Encrypted Office documents (MS-OFFCRYPTO) through `office-crypto`: an
//! encrypted OOXML package is decrypted with the given password or the
//! default one and read as the document inside; encrypted Word, Excel and
//! PowerPoint streams are decrypted by their format's module.

use crate::formats::cfb;
use crate::registry::Extract;
use crate::{Context, Document, Error, Format, Options};

pub(crate) const EXTRACT_OOXML: Option<Extract> = Some(ooxml);

/// office-crypto's options from the caller's.
pub(crate) fn options(ctx: &Context<'_>) -> office_crypto::Options {
    let mut o = office_crypto::Options::default();
    o.password = ctx.options.password.clone();
    o.limits.deadline = ctx.deadline;
    o.limits.max_output_bytes = ctx.options.limits.max_input_bytes;
    o
}

/// office-crypto's error as the facade's, for a document of `format`.
pub(crate) fn error(e: office_crypto::Error, format: Format, options: &Options) -> Error {
    use office_crypto::Error as E;
    match e {
        E::PasswordRequired { .. } => Error::Encrypted {
            format,
            password_given: false,
        },
        E::WrongPassword { .. } => Error::Encrypted {
            format,
            password_given: options.password.is_some(),
        },
        E::Unsupported(_) => Error::Unsupported {
            format: Some(format),
            mime_type: Some(format.mime_type().to_string()),
            detail: Some(e.to_string()),
        },
        E::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(format),
            what,
            limit,
        },
        E::Container(e) => cfb::error(e, format),
        other => Error::corrupt(format, other),
    }
}

/// An Office 2007+ package in an `EncryptedPackage` stream: decrypted, then
/// read as whatever it is (docx, xlsx, pptx), with the decryption's warnings.
fn ooxml(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let cf = cfb::compound_file(bytes, ctx, Format::OoxmlEncrypted)?;
    let decrypted = office_crypto::ooxml::decrypt_with(&cf, &options(ctx))
        .map_err(|e| error(e, Format::OoxmlEncrypted, ctx.options))?;
    let inner = Options {
        format: None,
        ..ctx.options.clone()
    };
    let mut doc = crate::extract_one(&decrypted.package, &inner, ctx.deadline, ctx.budget)?;
    doc.warn_from("office-crypto", &decrypted.warnings);
    Ok(doc)
}
