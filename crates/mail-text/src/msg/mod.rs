//! Outlook messages (MS-OXMSG): the message's properties, its recipients
//! and attachments, each in a storage of the compound file.

mod named;
mod property;

use doc_model::{Person, keys};
use encoding_rs::Encoding;
use ole_cfb_read::CompoundFile;

use crate::message::{Attachments, Message};
use crate::{Error, MailDocument, MailFormat, Options, Warning, WarningKind};
use named::{NameMap, PSETID_ADDRESS, PSETID_APPOINTMENT, PSETID_TASK};
use property::{CodePage, Level, PT_BINARY, Storage};

/// Property ids (MS-OXPROPS).
mod tag {
    pub const MESSAGE_CLASS: u16 = 0x001A;
    pub const SUBJECT: u16 = 0x0037;
    pub const CONVERSATION_TOPIC: u16 = 0x0070;
    pub const NORMALIZED_SUBJECT: u16 = 0x0E1D;
    pub const CLIENT_SUBMIT_TIME: u16 = 0x0039;
    pub const SENT_REPRESENTING_NAME: u16 = 0x0042;
    pub const SENT_REPRESENTING_EMAIL: u16 = 0x0065;
    pub const TRANSPORT_HEADERS: u16 = 0x007D;
    pub const RECIPIENT_TYPE: u16 = 0x0C15;
    pub const SENDER_NAME: u16 = 0x0C1A;
    pub const SENDER_ADDRESS_TYPE: u16 = 0x0C1E;
    pub const SENDER_EMAIL: u16 = 0x0C1F;
    pub const DISPLAY_BCC: u16 = 0x0E02;
    pub const DISPLAY_CC: u16 = 0x0E03;
    pub const DISPLAY_TO: u16 = 0x0E04;
    pub const DELIVERY_TIME: u16 = 0x0E06;
    pub const BODY: u16 = 0x1000;
    pub const RTF_COMPRESSED: u16 = 0x1009;
    pub const HTML: u16 = 0x1013;
    pub const INTERNET_MESSAGE_ID: u16 = 0x1035;
    pub const DISPLAY_NAME: u16 = 0x3001;
    pub const ADDRESS_TYPE: u16 = 0x3002;
    pub const EMAIL_ADDRESS: u16 = 0x3003;
    pub const CREATION_TIME: u16 = 0x3007;
    pub const ATTACH_DATA: u16 = 0x3701;
    pub const ATTACH_FILENAME: u16 = 0x3704;
    pub const ATTACH_METHOD: u16 = 0x3705;
    pub const ATTACH_LONG_FILENAME: u16 = 0x3707;
    pub const ATTACH_MIME_TAG: u16 = 0x370E;
    pub const SMTP_ADDRESS: u16 = 0x39FE;
    pub const GIVEN_NAME: u16 = 0x3A06;
    pub const BUSINESS_PHONE: u16 = 0x3A08;
    pub const HOME_PHONE: u16 = 0x3A09;
    pub const SURNAME: u16 = 0x3A11;
    pub const COMPANY_NAME: u16 = 0x3A16;
    pub const JOB_TITLE: u16 = 0x3A17;
    pub const MOBILE_PHONE: u16 = 0x3A1C;
    pub const INTERNET_CODEPAGE: u16 = 0x3FDE;
    pub const MESSAGE_LOCALE_ID: u16 = 0x3FF1;
    pub const MESSAGE_CODEPAGE: u16 = 0x3FFD;
    pub const SENDER_SMTP_ADDRESS: u16 = 0x5D01;
    pub const SENT_REPRESENTING_SMTP_ADDRESS: u16 = 0x5D02;
}

/// `PidTagAttachMethod` values (MS-OXCMSG 2.2.2.9).
const ATTACH_EMBEDDED_MESSAGE: u32 = 5;

/// Reads the message at the root of `cf`.
pub(crate) fn read(cf: &CompoundFile<'_>, options: &Options) -> Result<MailDocument, Error> {
    if !crate::is_msg(cf) {
        return Err(Error::NotMail(
            "a compound file without Outlook property streams".into(),
        ));
    }
    let limits = &options.limits;
    let mut warnings = Vec::new();
    for w in cf.warnings() {
        warnings.push(Warning::new(
            WarningKind::Structure,
            format!("compound file: {w}"),
            None,
        ));
    }
    let probe = Storage::open(cf, "", Level::Message, CodePage::default(), &mut Vec::new());
    let code_page = code_page(&probe);
    let encoding = code_page.primary;
    let root = Storage::open(cf, "", Level::Message, code_page, &mut warnings);
    let names = NameMap::read(cf);

    let class = root.string(tag::MESSAGE_CLASS);
    if let Some(c) = &class {
        let lower = c.to_ascii_lowercase();
        if lower.starts_with("ipm.note.smime") && !lower.contains("multipartsigned") {
            return Err(Error::Encrypted {
                scheme: "S/MIME",
                password_tried: false,
            });
        }
    }
    let mut m = Message {
        subject: root
            .string(tag::SUBJECT)
            .or_else(|| root.string(tag::NORMALIZED_SUBJECT))
            .or_else(|| root.string(tag::CONVERSATION_TOPIC)),
        date: root
            .time(tag::CLIENT_SUBMIT_TIME)
            .or_else(|| root.time(tag::CREATION_TIME)),
        received: root.time(tag::DELIVERY_TIME),
        message_id: root.string(tag::INTERNET_MESSAGE_ID),
        message_class: class.clone(),
        // A received message keeps the header it came with.
        raw_headers: root
            .string(tag::TRANSPORT_HEADERS)
            .map(|h| crate::headers::raw_headers_of(&h))
            .unwrap_or_default(),
        ..Message::default()
    };
    m.from = sender(&root).into_iter().collect();
    recipients(&root, code_page, &mut m, &mut warnings);
    class_fields(&root, &names, class.as_deref().unwrap_or_default(), &mut m);
    let (body, body_encoding) = body(&root, options, &mut warnings);
    if body.contains("-----BEGIN PGP MESSAGE-----") {
        return Err(Error::Encrypted {
            scheme: "PGP",
            password_tried: false,
        });
    }
    m.body = body;

    let mut attachments = Attachments::default();
    for path in root.children("__attach_version1.0_#") {
        attachment(
            cf,
            &path,
            code_page,
            options,
            &mut attachments,
            &mut warnings,
        );
    }
    let mut doc = m.render(MailFormat::Msg, limits);
    doc.embedded = attachments.files;
    doc.warnings.splice(0..0, warnings);
    doc.encoding = body_encoding
        .or((encoding != encoding_rs::WINDOWS_1252).then_some(encoding))
        .map(encoding_rs::Encoding::name);
    Ok(doc)
}

/// The code page of the message's ANSI strings: `PidTagMessageCodepage`,
/// else the code page of `PidTagMessageLocaleId`, else
/// `PidTagInternetCodepage` (the body's, which Outlook sets to UTF-8 or
/// Cyrillic over cp1252 strings: the corpus has both), else windows-1252;
/// a string not valid in it is read in the internet code page, else
/// windows-1252.
fn code_page(root: &Storage<'_, '_>) -> CodePage {
    let cp = |v: Option<u32>| {
        v.and_then(|v| u16::try_from(v).ok())
            .and_then(ole_cfb_read::codepage::encoding)
    };
    let internet = cp(root.long(tag::INTERNET_CODEPAGE));
    let primary = cp(root.long(tag::MESSAGE_CODEPAGE))
        .or_else(|| cp(root.long(tag::MESSAGE_LOCALE_ID).and_then(locale_code_page)))
        .or(internet)
        .unwrap_or(encoding_rs::WINDOWS_1252);
    CodePage {
        primary,
        fallback: internet.unwrap_or(encoding_rs::WINDOWS_1252),
    }
}

/// The ANSI code page of a Windows locale id (its primary language;
/// windows-1252 for the Western European ones and those not listed).
fn locale_code_page(lcid: u32) -> Option<u32> {
    Some(match lcid & 0x3FF {
        0x19 | 0x22 | 0x23 | 0x02 | 0x1C | 0x2F => 1251, // ru, uk, be, bg, sr, mk
        0x11 => 932,                                     // ja
        0x12 => 949,                                     // ko
        0x04 if lcid == 0x0804 || lcid == 0x1004 => 936, // zh-CN, zh-SG
        0x04 => 950,                                     // zh-TW, zh-HK
        0x05 | 0x0E | 0x15 | 0x18 | 0x1A | 0x1B | 0x24 => 1250,
        0x08 => 1253,
        0x1F => 1254,
        0x0D => 1255,
        0x01 | 0x29 | 0x20 => 1256,
        0x25..=0x27 => 1257,
        0x1E => 874,
        0x2A => 1258,
        0 => return None,
        _ => 1252,
    })
}

/// Whether `address` is an Exchange distinguished name, not an SMTP address.
fn is_exchange_dn(address: &str) -> bool {
    address.starts_with("/o=") || address.starts_with("/O=")
}

/// The sender: the name, and the SMTP address rather than an Exchange DN
/// (from the SMTP properties, else the transport headers' `From`).
fn sender(root: &Storage<'_, '_>) -> Option<Person> {
    let name = root
        .string(tag::SENDER_NAME)
        .or_else(|| root.string(tag::SENT_REPRESENTING_NAME));
    let typed = root
        .string(tag::SENDER_EMAIL)
        .filter(|a| !is_exchange_dn(a))
        .filter(|_| {
            root.string(tag::SENDER_ADDRESS_TYPE)
                .is_none_or(|t| t.eq_ignore_ascii_case("smtp"))
        });
    let address = root
        .string(tag::SENDER_SMTP_ADDRESS)
        .or_else(|| root.string(tag::SENT_REPRESENTING_SMTP_ADDRESS))
        .or(typed)
        .or_else(|| {
            root.string(tag::SENT_REPRESENTING_EMAIL)
                .filter(|a| !is_exchange_dn(a) && a.contains('@'))
        })
        .or_else(|| {
            let headers = root.string(tag::TRANSPORT_HEADERS)?;
            header_from(&headers)
        });
    let p = Person::new(name, address);
    (!p.is_empty()).then_some(p)
}

/// The address of the `From` field of transport headers.
fn header_from(headers: &str) -> Option<String> {
    let parsed = mail_parser::MessageParser::default().parse_headers(headers.as_bytes())?;
    let from = parsed.from()?.first()?;
    from.address().map(str::to_string)
}

/// To, Cc and Bcc from the recipient storages (MS-OXMSG 2.2.1), else the
/// display lists.
fn recipients(
    root: &Storage<'_, '_>,
    encoding: CodePage,
    m: &mut Message,
    warnings: &mut Vec<Warning>,
) {
    let paths = root.children("__recip_version1.0_#");
    for path in &paths {
        let r = Storage::open(root_cf(root), path, Level::Child, encoding, warnings);
        let address = r.string(tag::SMTP_ADDRESS).or_else(|| {
            r.string(tag::EMAIL_ADDRESS).filter(|a| {
                !is_exchange_dn(a)
                    && r.string(tag::ADDRESS_TYPE)
                        .is_none_or(|t| !t.eq_ignore_ascii_case("ex"))
            })
        });
        let person = Person::new(r.string(tag::DISPLAY_NAME), address);
        if person.is_empty() {
            continue;
        }
        match r.long(tag::RECIPIENT_TYPE).map(|t| t & 0xF) {
            Some(2) => m.cc.push(person),
            Some(3) => m.bcc.push(person),
            _ => m.to.push(person),
        }
    }
    if paths.is_empty() {
        let list = |id| -> Vec<Person> {
            root.string(id)
                .map(|s| {
                    s.split(';')
                        .map(|n| Person::new(Some(n.to_string()), None))
                        .collect()
                })
                .unwrap_or_default()
        };
        m.to = list(tag::DISPLAY_TO);
        m.cc = list(tag::DISPLAY_CC);
        m.bcc = list(tag::DISPLAY_BCC);
    }
}

/// The compound file a storage is in.
fn root_cf<'c, 'a>(s: &Storage<'c, 'a>) -> &'c CompoundFile<'a> {
    s.cf()
}

/// The fields a message class adds to the header block: an appointment's
/// location, start and end, a task's due date, a contact's details.
fn class_fields(root: &Storage<'_, '_>, names: &NameMap, class: &str, m: &mut Message) {
    let class = class.to_ascii_lowercase();
    let named_string = |set, lid| names.id(set, lid).and_then(|id| root.string(id));
    let named_time = |set, lid| names.id(set, lid).and_then(|id| root.time(id));
    if class.starts_with("ipm.appointment") || class.starts_with("ipm.schedule.meeting") {
        if let Some(v) = named_string(PSETID_APPOINTMENT, 0x8208) {
            m.fields.push(("Location", v, Some(keys::LOCATION)));
        }
        if let Some(v) = named_time(PSETID_APPOINTMENT, 0x820D) {
            m.fields.push(("Start", v, Some(keys::START)));
        }
        if let Some(v) = named_time(PSETID_APPOINTMENT, 0x820E) {
            m.fields.push(("End", v, Some(keys::END)));
        }
    } else if class.starts_with("ipm.task") {
        if let Some(v) = named_time(PSETID_TASK, 0x8105) {
            m.fields.push(("Due", v, Some(keys::DUE)));
        }
    } else if class.starts_with("ipm.contact") {
        let plain = [
            ("Name", tag::DISPLAY_NAME),
            ("Given name", tag::GIVEN_NAME),
            ("Surname", tag::SURNAME),
            ("Company", tag::COMPANY_NAME),
            ("Job title", tag::JOB_TITLE),
            ("Business phone", tag::BUSINESS_PHONE),
            ("Home phone", tag::HOME_PHONE),
            ("Mobile phone", tag::MOBILE_PHONE),
        ];
        for (label, id) in plain {
            if let Some(v) = root.string(id) {
                m.fields.push((label, v, None));
            }
        }
        if let Some(v) = named_string(PSETID_ADDRESS, 0x8083) {
            m.fields.push(("E-mail", v, None));
        }
    }
}

/// The body: `PidTagBody`, else `PidTagHtml`, else `PidTagRtfCompressed`;
/// and the encoding an HTML body was decoded from.
fn body(
    root: &Storage<'_, '_>,
    options: &Options,
    warnings: &mut Vec<Warning>,
) -> (String, Option<&'static Encoding>) {
    if let Some(text) = root.string(tag::BODY) {
        return (text, None);
    }
    let charset = root
        .long(tag::INTERNET_CODEPAGE)
        .and_then(|cp| u16::try_from(cp).ok())
        .and_then(ole_cfb_read::codepage::encoding)
        .map(Encoding::name);
    if let Some(html) = root.bytes(tag::HTML, PT_BINARY).filter(|h| !h.is_empty()) {
        let (text, enc) = crate::body::html_bytes(&html, charset);
        return (text, Some(enc));
    }
    if let Some(html) = root.string(tag::HTML) {
        return (crate::body::html_str(&html), None);
    }
    if let Some(rtf) = root.bytes(tag::RTF_COMPRESSED, PT_BINARY) {
        let text = crate::body::compressed_rtf(&rtf, &options.limits, warnings);
        return (text.unwrap_or_default(), None);
    }
    (String::new(), None)
}

/// One attachment storage: its file, an embedded message copied out as a
/// `.msg` of its own, or an OLE object's storage copied out as a compound file.
fn attachment(
    cf: &CompoundFile<'_>,
    path: &str,
    encoding: CodePage,
    options: &Options,
    out: &mut Attachments,
    warnings: &mut Vec<Warning>,
) {
    let a = Storage::open(cf, path, Level::Child, encoding, warnings);
    let name = a
        .string(tag::ATTACH_LONG_FILENAME)
        .or_else(|| a.string(tag::ATTACH_FILENAME))
        .or_else(|| a.string(tag::DISPLAY_NAME));
    let mime = a.string(tag::ATTACH_MIME_TAG);
    let limits = &options.limits;
    if let Some(data) = a.bytes(tag::ATTACH_DATA, PT_BINARY) {
        let name = name.unwrap_or_default();
        out.push(&name, mime.as_deref(), data.into_owned(), limits, warnings);
        return;
    }
    let Some(object) = a.object(tag::ATTACH_DATA) else {
        // A link (by reference, web reference) or an attachment without data.
        return;
    };
    let embedded_message = a.long(tag::ATTACH_METHOD) == Some(ATTACH_EMBEDDED_MESSAGE)
        || cf
            .entry(&format!("{object}/{}", property::PROPERTIES))
            .is_some();
    match cf.copy_storage(&object) {
        Ok(bytes) if embedded_message => {
            let inner = Storage::open(cf, &object, Level::Message, encoding, &mut Vec::new());
            let title = name
                .or_else(|| inner.string(tag::SUBJECT))
                .unwrap_or_default();
            let file = if title.is_empty() {
                String::new()
            } else if title.to_ascii_lowercase().ends_with(".msg") {
                title
            } else {
                format!("{title}.msg")
            };
            out.push(
                &file,
                Some("application/vnd.ms-outlook"),
                bytes,
                limits,
                warnings,
            );
        }
        Ok(bytes) => {
            out.push(
                &name.unwrap_or_default(),
                mime.as_deref(),
                bytes,
                limits,
                warnings,
            );
        }
        Err(e) => warnings.push(Warning::new(
            WarningKind::Attachment,
            format!("{path}: its object storage could not be copied ({e}); left out"),
            None,
        )),
    }
}
