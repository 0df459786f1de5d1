//! MS-PPT 2.4.15.1 HeadersFootersContainer: the header, footer and date a
//! slide or notes page shows.

use office_art::Record;

use crate::record::{le_u16, types, utf16};
use crate::text::clean;

/// HeadersFooters: flags and the date, header and footer strings.
#[derive(Debug, Default, Clone)]
pub struct HeadersFooters {
    pub flags: u16,
    pub user_date: Option<String>,
    pub header: Option<String>,
    pub footer: Option<String>,
}

impl HeadersFooters {
    pub fn parse(rec: &Record<'_>) -> HeadersFooters {
        let mut hf = HeadersFooters::default();
        for c in rec.children() {
            match c.header.record_type {
                types::HEADERS_FOOTERS_ATOM => hf.flags = le_u16(c.body, 2).unwrap_or(0),
                types::CSTRING => {
                    let s = Some(utf16(c.body));
                    match c.header.instance {
                        0 => hf.user_date = s,
                        1 => hf.header = s,
                        2 => hf.footer = s,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        hf
    }

    /// The HeadersFooters of a slide or notes page: its own, which
    /// overrides the document's `default`, else that one.
    pub fn of_page(page: &Record<'_>, default: &HeadersFooters) -> HeadersFooters {
        page.children()
            .find(|c| c.header.record_type == types::HEADERS_FOOTERS)
            .map_or_else(|| default.clone(), |c| HeadersFooters::parse(&c))
    }

    /// The header and the footer that are switched on, not empty and not
    /// shown by a placeholder of the page (`texts`), cleaned.
    pub fn not_shown(&self, texts: &crate::shapes::Texts) -> [Option<String>; 2] {
        let left = |s: &Option<String>, flag: u16, shown: bool| {
            s.as_deref()
                .filter(|s| self.flags & flag != 0 && !shown && !s.is_empty())
                .map(clean)
        };
        [
            left(&self.header, 0x10, texts.header_shown),
            left(&self.footer, 0x20, texts.footer_shown),
        ]
    }
}
