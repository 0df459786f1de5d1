//! `\info` metadata (RTF 1.9.1 "Information Group"): title, subject,
//! author, operator, keywords, company, and the creation and revision times.

use super::{Dest, InfoField, Reader};

impl Reader<'_> {
    pub(super) fn info(&mut self, field: InfoField) {
        if matches!(self.state.dest, Dest::InfoGroup | Dest::Info(_)) {
            self.info_text.clear();
            self.date = [0; 5];
            self.state.dest = Dest::Info(field);
        } else {
            self.state.dest = Dest::Skip;
        }
    }

    pub(super) fn info_done(&mut self, field: InfoField) {
        let text = std::mem::take(&mut self.info_text).trim().to_string();
        let date = std::mem::take(&mut self.date);
        let m = &mut self.metadata;
        let value = (!text.is_empty()).then_some(text);
        match field {
            InfoField::Title => m.title = value.or(m.title.take()),
            InfoField::Subject => m.subject = value.or(m.subject.take()),
            InfoField::Author => m.author = value.or(m.author.take()),
            InfoField::Operator => m.last_author = value.or(m.last_author.take()),
            InfoField::Keywords => m.keywords = value.or(m.keywords.take()),
            InfoField::Company => m.company = value.or(m.company.take()),
            InfoField::Created | InfoField::Revised => {
                let [y, mo, d, h, mi] = date;
                if (1..=9999).contains(&y) && (1..=12).contains(&mo) && (1..=31).contains(&d) {
                    let stamp = format!(
                        "{y:04}-{mo:02}-{d:02}T{:02}:{:02}:00",
                        h.clamp(0, 23),
                        mi.clamp(0, 59)
                    );
                    if field == InfoField::Created {
                        m.created = Some(stamp);
                    } else {
                        m.modified = Some(stamp);
                    }
                }
            }
            InfoField::Comment | InfoField::Other => {}
        }
    }
}
