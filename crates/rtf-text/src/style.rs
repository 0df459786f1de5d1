//! What a paragraph is, from its properties (RTF 1.9.1 "Paragraph
//! Formatting Properties", "Style Sheet", "List Table", "List Override
//! Table", "Bullets and Numbering"): a heading by its `\outlinelevelN` or
//! its paragraph style's (`\sN` in the `\stylesheet`: the style's own
//! `\outlinelevel`, else a name `heading N`, else the style it is
//! `\sbasedon`); a list item by `\lsN` and `\ilvlN` (the list's level
//! format `\levelnfc`: 23 is a bullet) or by Word 6/95's `\pn` (`\pnlvlblt`
//! a bullet, `\pnlvlbody` or `\pnlvlN` a number).

use std::collections::HashMap;

use crate::output::Role;

/// Most styles, lists and overrides kept from their tables.
const MAX_ENTRIES: usize = 4096;
/// Most levels of one list.
const MAX_LEVELS: usize = 9;

/// `\levelnfc` of a bullet.
const NFC_BULLET: i32 = 23;
/// `\levelnfc` of a level with no number.
const NFC_NONE: i32 = 255;

/// A paragraph style as the stylesheet defines it.
#[derive(Debug, Clone, Default)]
pub(crate) struct StyleDef {
    pub(crate) number: i32,
    pub(crate) based_on: Option<i32>,
    /// `\outlinelevelN`, 0-based.
    pub(crate) outline: Option<i32>,
    pub(crate) name: String,
    /// A character, section or table style (`\cs`, `\ds`, `\ts`): not read.
    pub(crate) other: bool,
}

/// Legacy `\pn` numbering of the paragraph.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Pn {
    pub(crate) bullet: bool,
    /// `\pnlvlN` (1..=9); 0 for `\pnlvlbody`/`\pnlvlblt`.
    pub(crate) level: u8,
    /// `\pnlvlcont`: a paragraph of the item without a number.
    pub(crate) cont: bool,
}

/// The paragraph properties that tell structure; `\pard` resets them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Para {
    /// `\sN`.
    pub(crate) style: i32,
    /// `\outlinelevelN`, 0-based (9: body text).
    pub(crate) outline: Option<i32>,
    /// `\lsN`.
    pub(crate) ls: i32,
    /// `\ilvlN`.
    pub(crate) ilvl: Option<i32>,
    pub(crate) pn: Option<Pn>,
    /// `\intbl`.
    pub(crate) intbl: bool,
    /// `\itapN`.
    pub(crate) itap: Option<i32>,
}

impl Para {
    /// The table nesting of the paragraph: `\itapN`, else 1 with `\intbl`.
    pub(crate) fn level(&self) -> usize {
        match self.itap {
            Some(n) => usize::try_from(n).unwrap_or(0),
            None => usize::from(self.intbl),
        }
    }
}

/// The styles and lists of a document.
#[derive(Debug, Default)]
pub(crate) struct Styles {
    styles: HashMap<i32, StyleDef>,
    /// `\listid` → each level's `\levelnfc`.
    lists: HashMap<i32, Vec<i32>>,
    /// `\ls` → `\listid`.
    overrides: HashMap<i32, i32>,
    /// The style being read.
    pub(crate) style: StyleDef,
    /// The levels of the list being read.
    levels: Vec<i32>,
    /// The `\listid` of the override being read.
    override_id: Option<i32>,
    /// A `\listtext` was met: paragraphs of a list without one are not items.
    pub(crate) labels_seen: bool,
}

impl Styles {
    /// The style read ends.
    pub(crate) fn style_done(&mut self) {
        let mut s = std::mem::take(&mut self.style);
        // The name ends at its `;`.
        s.name = s.name.split(';').next().unwrap_or("").trim().to_owned();
        if !s.other && self.styles.len() < MAX_ENTRIES {
            self.styles.insert(s.number, s);
        }
    }

    /// `\list`: a list definition starts.
    pub(crate) fn list_start(&mut self) {
        self.levels.clear();
    }

    /// `\listlevel`: a level of the list starts.
    pub(crate) fn level_start(&mut self) {
        if self.levels.len() < MAX_LEVELS {
            self.levels.push(0);
        }
    }

    /// `\levelnfcN` of the level being read.
    pub(crate) fn level_nfc(&mut self, nfc: i32) {
        if let Some(l) = self.levels.last_mut() {
            *l = nfc;
        }
    }

    /// `\listidN` in the list table: the list read is that one.
    pub(crate) fn list_id(&mut self, id: i32) {
        if self.lists.len() < MAX_ENTRIES {
            self.lists.insert(id, std::mem::take(&mut self.levels));
        }
    }

    /// `\listidN` in an override.
    pub(crate) fn override_list(&mut self, id: i32) {
        self.override_id = Some(id);
    }

    /// `\lsN` in an override.
    pub(crate) fn override_ls(&mut self, ls: i32) {
        if let Some(id) = self.override_id
            && self.overrides.len() < MAX_ENTRIES
        {
            self.overrides.insert(ls, id);
        }
    }

    /// The heading level of style `number` (1-based), through its bases.
    fn style_level(&self, number: i32) -> Option<u8> {
        let mut at = number;
        for _ in 0..16 {
            let s = self.styles.get(&at)?;
            if let Some(o) = s.outline {
                return outline_level(o);
            }
            if let Some(n) = heading_name(&s.name) {
                return Some(n);
            }
            at = s.based_on.filter(|&b| b != at)?;
        }
        None
    }

    /// Whether level `ilvl` of list override `ls` is numbered.
    fn ordered(&self, ls: i32, ilvl: i32) -> bool {
        let nfc = self
            .overrides
            .get(&ls)
            .and_then(|id| self.lists.get(id))
            .and_then(|levels| levels.get(usize::try_from(ilvl).ok()?).copied());
        !matches!(nfc, Some(NFC_BULLET | NFC_NONE))
    }

    /// What a paragraph with `para` is; `label` when it starts with a
    /// `\listtext` or `\pntext` label.
    pub(crate) fn role(&self, para: &Para, label: Option<&str>) -> Role {
        let heading = match para.outline {
            Some(o) => outline_level(o),
            None => self.style_level(para.style),
        };
        if let Some(level) = heading {
            return Role::Heading(level);
        }
        let nest =
            |ilvl: Option<i32>| u8::try_from(ilvl.unwrap_or(0).clamp(0, 8)).map_or(1, |l| l + 1);
        if let Some(pn) = para.pn.filter(|p| !p.cont) {
            let level = match para.ilvl {
                Some(_) => nest(para.ilvl),
                None => pn.level.max(1),
            };
            return Role::ListItem {
                level,
                ordered: !pn.bullet,
            };
        }
        if para.ls > 0 && (label.is_some() || !self.labels_seen) {
            return Role::ListItem {
                level: nest(para.ilvl),
                ordered: self.ordered(para.ls, para.ilvl.unwrap_or(0)),
            };
        }
        if let Some(l) = label {
            // A label with no list: numbered when it has a number or letter.
            return Role::ListItem {
                level: nest(para.ilvl),
                ordered: l.chars().any(char::is_alphanumeric),
            };
        }
        Role::Paragraph
    }
}

/// `\outlinelevelN` (0-based; 9 is body text) as a heading level.
fn outline_level(o: i32) -> Option<u8> {
    u8::try_from(o).ok().filter(|&o| o < 9).map(|o| o + 1)
}

/// `heading N` (any case), the name Word and LibreOffice give the built-in
/// heading styles.
fn heading_name(name: &str) -> Option<u8> {
    let n = name.trim();
    let lower = n.get(..7)?;
    if !lower.eq_ignore_ascii_case("heading") {
        return None;
    }
    let level: u8 = n.get(7..)?.trim().parse().ok()?;
    (1..=9).contains(&level).then_some(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styles() -> Styles {
        let mut s = Styles::default();
        for (number, based_on, outline, name) in [
            (1, None, None, "heading 1;"),
            (2, Some(28), Some(1), "Heading 2"),
            (28, Some(0), None, "Heading"),
            (40, Some(1), None, "My chapter"),
            (41, Some(41), None, "Loop"),
        ] {
            s.style = StyleDef {
                number,
                based_on,
                outline,
                name: name.into(),
                other: false,
            };
            s.style_done();
        }
        s
    }

    #[test]
    fn headings_from_outline_level_name_and_base() {
        let s = styles();
        let p = |style, outline| Para {
            style,
            outline,
            ..Para::default()
        };
        assert_eq!(s.role(&p(1, None), None), Role::Heading(1));
        assert_eq!(s.role(&p(2, None), None), Role::Heading(2));
        assert_eq!(s.role(&p(28, None), None), Role::Paragraph);
        assert_eq!(s.role(&p(40, None), None), Role::Heading(1));
        assert_eq!(s.role(&p(41, None), None), Role::Paragraph);
        assert_eq!(s.role(&p(0, Some(2)), None), Role::Heading(3));
        assert_eq!(s.role(&p(1, Some(9)), None), Role::Paragraph);
    }

    #[test]
    fn lists_from_the_list_table_and_pn() {
        let mut s = Styles::default();
        s.list_start();
        s.level_start();
        s.level_nfc(0);
        s.level_start();
        s.level_nfc(23);
        s.list_id(7);
        s.override_list(7);
        s.override_ls(1);
        let p = |ls, ilvl| Para {
            ls,
            ilvl: Some(ilvl),
            ..Para::default()
        };
        let item = |level, ordered| Role::ListItem { level, ordered };
        assert_eq!(s.role(&p(1, 0), Some("1.\t")), item(1, true));
        assert_eq!(s.role(&p(1, 1), Some("•\t")), item(2, false));
        s.labels_seen = true;
        assert_eq!(s.role(&p(1, 0), None), Role::Paragraph);
        let legacy = Para {
            pn: Some(Pn {
                bullet: true,
                level: 0,
                cont: false,
            }),
            ..Para::default()
        };
        assert_eq!(s.role(&legacy, None), item(1, false));
    }
}
