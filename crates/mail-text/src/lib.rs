//! `mail-text`: e-mail as a reader sees it — a header block (From, To, Cc,
//! Date, Subject, decoded) and the body — with the same headers as
//! metadata and every attachment as an embedded file, for four formats:
//!
//! - **Outlook `.msg`** (MS-OXMSG on `ole-cfb-read`): the property streams
//!   (`__properties_version1.0`, `__substg1.0_XXXXYYYY`), Unicode and ANSI
//!   strings (ANSI through `PidTagMessageCodepage`, `PidTagInternetCodepage`,
//!   the locale, else windows-1252), sender (the SMTP address, not only the
//!   Exchange DN), recipients from the recipient storages, dates, the
//!   message class and the fields of appointments, contacts and tasks; the
//!   body as plain text, else HTML, else compressed RTF (MS-OXRTFCP,
//!   with HTML encapsulated in RTF de-encapsulated, MS-OXRTFEX);
//!   attachments by value, embedded messages (as `.msg` files of their own)
//!   and OLE attachments.
//! - **RFC 5322 / MIME `.eml`** through `mail-parser`: encoded words,
//!   RFC 2231 parameters, every charset `encoding_rs` knows;
//!   `multipart/alternative` read as its plain part, else its HTML part;
//!   attachments and `message/rfc822` parts as embedded files; S/MIME and
//!   PGP encryption as [`Error::Encrypted`], signed messages read.
//! - **mbox** (mboxo/mboxrd): each message an embedded file, `>From`
//!   unquoted.
//! - **TNEF** (`winmail.dat`, MS-OXTNEF): subject, dates, body (plain or
//!   compressed RTF) and attachments.
//!
//! The layer never recurses: an attached `.msg`, `.eml` or `winmail.dat`
//! is an [`EmbeddedFile`](doc_model::EmbeddedFile) the caller reads in turn.
//! It does not decrypt, verify signatures or render HTML layout.
//!
//! ```
//! let eml = b"From: Ann <ann@example.com>\r\nTo: bob@example.com\r\n\
//! Subject: =?UTF-8?B?w5xiZXJzaWNodA==?=\r\nMIME-Version: 1.0\r\n\
//! Content-Type: text/plain; charset=utf-8\r\n\r\nHello Bob.\r\n";
//! let mail = mail_text::parse(eml)?;
//! assert_eq!(mail.details.format, mail_text::MailFormat::Eml);
//! assert_eq!(
//!     mail.text(),
//!     "From: Ann <ann@example.com>\nTo: bob@example.com\nSubject: Übersicht\n\nHello Bob.\n"
//! );
//! assert_eq!(mail.metadata.title.as_deref(), Some("Übersicht"));
//! assert_eq!(mail.metadata.author.as_deref(), Some("Ann"));
//! # Ok::<(), mail_text::Error>(())
//! ```
#![forbid(unsafe_code)]

mod body;
mod detect;
mod eml;
mod error;
mod headers;
mod lzfu;
mod mbox;
mod message;
mod msg;
mod rtf_html;
mod tnef;

use std::time::Instant;

pub use detect::{is_eml, is_mbox, is_msg, is_tnef};
pub use error::{Error, Warning, WarningKind};
pub use lzfu::decompress_rtf;
pub use ole_cfb_read::CompoundFile;
pub use rtf_html::html_from_rtf;

/// Caps that keep hostile input from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most bytes of text produced; the rest is cut with a warning. Default 256 MiB.
    pub max_output_bytes: u64,
    /// Most attachments (and mbox messages) listed; the rest are left out
    /// with a warning. Default 10,000.
    pub max_attachments: usize,
    /// Most bytes of attachments in all; later ones are left out with a
    /// warning. Default 256 MiB.
    pub max_attachment_bytes: u64,
    /// Largest decompressed RTF body (MS-OXRTFCP `RawSize` is checked
    /// against it). Default 64 MiB.
    pub max_rtf_bytes: u64,
    /// The moment after which reading stops, keeping what was read.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_output_bytes: 256 << 20,
            max_attachments: 10_000,
            max_attachment_bytes: 256 << 20,
            max_rtf_bytes: 64 << 20,
            deadline: None,
        }
    }
}

/// How to read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The caps.
    pub limits: Limits,
}

/// Which of the four formats a message was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MailFormat {
    /// An Outlook message (MS-OXMSG compound file).
    Msg,
    /// An RFC 5322 / MIME message.
    Eml,
    /// A mailbox of RFC 5322 messages separated by `From ` lines.
    Mbox,
    /// A TNEF stream (`winmail.dat`, `application/ms-tnef`).
    Tnef,
}

impl MailFormat {
    /// The short lowercase name (`msg`, `eml`, `mbox`, `tnef`).
    pub fn name(self) -> &'static str {
        match self {
            MailFormat::Msg => "msg",
            MailFormat::Eml => "eml",
            MailFormat::Mbox => "mbox",
            MailFormat::Tnef => "tnef",
        }
    }
}

/// What only a message states beside its parts: the format it was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct MailDetails {
    /// The format it was read as.
    pub format: MailFormat,
}

/// A read message (or mailbox) ([`doc_model::Extraction`]): the header
/// block (a `Header` part named `message`), then the body — a mailbox has
/// none, its messages are in `embedded`; subject as title, sender as
/// author, date as created and the message's own keys ([`doc_model::keys`]:
/// from, to, cc, message_id, …); attachments (`/<file name>`), embedded
/// messages (`/<name>.msg`, `/<name>.eml`), mailbox messages
/// (`/message-0001.eml`); the defects that did not stop reading; the
/// encoding of an ANSI `.msg`, a TNEF stream or an 8-bit body; and the
/// [`MailDetails`].
pub type MailDocument = doc_model::Extraction<WarningKind, MailDetails>;

/// Which format `data` is, by content: a compound file holding MS-OXMSG
/// property streams, the TNEF signature, an mbox `From ` line followed by
/// headers, or RFC 5322 header fields at the start.
pub fn detect(data: &[u8]) -> Option<MailFormat> {
    detect::detect(data)
}

/// Reads a message with the default [`Options`].
pub fn parse(data: &[u8]) -> Result<MailDocument, Error> {
    parse_with(data, &Options::default())
}

/// Reads a message of whichever of the four formats [`detect`] finds.
pub fn parse_with(data: &[u8], options: &Options) -> Result<MailDocument, Error> {
    match detect(data) {
        Some(format) => parse_as(data, format, options),
        None => Err(Error::NotMail(
            "no Outlook, RFC 5322, mbox or TNEF structure at the start".into(),
        )),
    }
}

/// Reads `data` as `format`, without detection.
pub fn parse_as(data: &[u8], format: MailFormat, options: &Options) -> Result<MailDocument, Error> {
    match format {
        MailFormat::Msg => {
            let mut limits = ole_cfb_read::Limits::default();
            limits.max_stream_size = limits.max_stream_size.min(1 << 30);
            let cf = CompoundFile::open_with(data, &limits)?;
            from_compound_file(&cf, options)
        }
        MailFormat::Eml => eml::read(data, options),
        MailFormat::Mbox => Ok(mbox::read(data, options)),
        MailFormat::Tnef => tnef::read(data, options),
    }
}

/// Reads an Outlook message from an opened compound file (the facade opens
/// the container once to detect and read it).
pub fn from_compound_file(cf: &CompoundFile<'_>, options: &Options) -> Result<MailDocument, Error> {
    msg::read(cf, options)
}
