//! The merged view of SummaryInformation (MS-OLEPS 3.1) and
//! DocumentSummaryInformation (MS-OLEPS 3.2) that the facade reports.

use crate::error::{Error, Warning, WarningKind};
use crate::filetime::FileTime;
use crate::property_set::{
    FMTID_USER_DEFINED_PROPERTIES, PID_CODEPAGE, PropertySet, PropertyValue,
};

/// Document metadata from the two standard property sets; a field is `None`
/// when its set or property is absent or unreadable.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct Metadata {
    /// PIDSI_TITLE (2).
    pub title: Option<String>,
    /// PIDSI_SUBJECT (3).
    pub subject: Option<String>,
    /// PIDSI_AUTHOR (4).
    pub author: Option<String>,
    /// PIDSI_KEYWORDS (5).
    pub keywords: Option<String>,
    /// PIDSI_COMMENTS (6).
    pub comments: Option<String>,
    /// PIDSI_TEMPLATE (7).
    pub template: Option<String>,
    /// PIDSI_LASTAUTHOR (8).
    pub last_author: Option<String>,
    /// PIDSI_REVNUMBER (9).
    pub revision: Option<String>,
    /// PIDSI_APPNAME (18).
    pub application: Option<String>,
    /// PIDDSI_CATEGORY (2) of DocumentSummaryInformation.
    pub category: Option<String>,
    /// PIDDSI_MANAGER (14) of DocumentSummaryInformation.
    pub manager: Option<String>,
    /// PIDDSI_COMPANY (15) of DocumentSummaryInformation.
    pub company: Option<String>,
    /// PIDSI_CREATE_DTM (12); a zero FILETIME counts as absent.
    pub created: Option<FileTime>,
    /// PIDSI_LASTSAVE_DTM (13); a zero FILETIME counts as absent.
    pub modified: Option<FileTime>,
    /// PIDSI_LASTPRINTED (11); a zero FILETIME counts as absent.
    pub last_printed: Option<FileTime>,
    /// PIDSI_EDITTIME (10): total editing time in seconds.
    pub edit_time_seconds: Option<u64>,
    /// PIDSI_PAGECOUNT (14).
    pub page_count: Option<i64>,
    /// PIDSI_WORDCOUNT (15).
    pub word_count: Option<i64>,
    /// PIDSI_CHARCOUNT (16).
    pub char_count: Option<i64>,
    /// The code page of SummaryInformation (or of DocumentSummaryInformation if the first has none).
    pub code_page: Option<u16>,
    /// User-defined properties (the second section of DocumentSummaryInformation), named by its dictionary.
    pub user_defined: Vec<(String, PropertyValue)>,
    /// Why a set or a property is missing from this view.
    pub warnings: Vec<Warning>,
}

impl Metadata {
    /// The fields every format layer reports, in `doc-model`'s vocabulary
    /// (timestamps as RFC 3339, the application as the producer).
    pub fn to_doc_model(&self) -> doc_model::Metadata {
        let mut m = doc_model::Metadata::default();
        m.title = self.title.clone();
        m.author = self.author.clone();
        m.subject = self.subject.clone();
        m.keywords = self.keywords.clone();
        m.created = self.created.map(|t| t.to_rfc3339());
        m.modified = self.modified.map(|t| t.to_rfc3339());
        m.producer = self.application.clone();
        m.page_count = self.page_count.and_then(|n| u64::try_from(n).ok());
        m.last_author = self.last_author.clone();
        m.company = self.company.clone();
        m
    }

    /// Merges the two property sets, either of which may be absent or broken.
    pub fn from_sets(
        summary: Option<Result<PropertySet, Error>>,
        doc_summary: Option<Result<PropertySet, Error>>,
    ) -> Metadata {
        let mut m = Metadata::default();
        let summary = m.take(summary, "SummaryInformation");
        let doc = m.take(doc_summary, "DocumentSummaryInformation");
        if let Some(s) = summary.as_ref().and_then(|s| s.sections.first()) {
            let text = |id| s.get(id).and_then(PropertyValue::as_str).map(str::to_owned);
            // Zero means "never"; an instant after 9999 is garbage (olefile drops it too).
            let time = |id| {
                s.get(id)
                    .and_then(PropertyValue::as_filetime)
                    .filter(|t| t.0 != 0 && t.to_unix_seconds().is_some())
            };
            let int = |id| s.get(id).and_then(PropertyValue::as_i64);
            m.title = text(2);
            m.subject = text(3);
            m.author = text(4);
            m.keywords = text(5);
            m.comments = text(6);
            m.template = text(7);
            m.last_author = text(8);
            m.revision = text(9);
            m.edit_time_seconds = s
                .get(10)
                .and_then(PropertyValue::as_filetime)
                .map(|t| t.0 / 10_000_000);
            m.last_printed = time(11);
            m.created = time(12);
            m.modified = time(13);
            m.page_count = int(14);
            m.word_count = int(15);
            m.char_count = int(16);
            m.application = text(18);
            m.code_page = s.code_page;
        }
        if let Some(d) = doc.as_ref() {
            if let Some(s) = d.sections.first() {
                let text = |id| s.get(id).and_then(PropertyValue::as_str).map(str::to_owned);
                m.category = text(2);
                m.manager = text(14);
                m.company = text(15);
                if m.code_page.is_none() {
                    m.code_page = s.code_page;
                }
            }
            let user = d
                .sections
                .iter()
                .skip(1)
                .find(|s| s.fmtid == FMTID_USER_DEFINED_PROPERTIES);
            if let Some(s) = user {
                for p in &s.properties {
                    if p.id == PID_CODEPAGE || p.id >= 0x8000_0000 {
                        continue;
                    }
                    let name = s
                        .name_of(p.id)
                        .map_or_else(|| format!("{:#x}", p.id), str::to_owned);
                    m.user_defined.push((name, p.value.clone()));
                }
            }
        }
        m
    }

    fn take(&mut self, set: Option<Result<PropertySet, Error>>, name: &str) -> Option<PropertySet> {
        match set? {
            Ok(s) => {
                self.warnings.extend(s.warnings.iter().cloned());
                Some(s)
            }
            Err(e) => {
                self.warnings.push(crate::error::warning(
                    WarningKind::PropertySet,
                    format!("{name}: {e}"),
                ));
                None
            }
        }
    }
}
