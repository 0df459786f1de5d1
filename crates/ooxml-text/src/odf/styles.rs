//! The styles the text depends on (ODF 1.3 Part 3 §16): list styles with
//! their level numbering (§16.30 `text:list-style`), paragraph styles that
//! name a list style or give an outline level (§19.470
//! `style:default-outline-level`, inherited through §19.510
//! `style:parent-style-name`), and the table and drawing-page styles that
//! hide a sheet or a slide.

use std::collections::{HashMap, HashSet};

use doc_model::NumberFormat;
use xml_tree::Element;

/// Levels a list style may define (ODF allows 10).
pub(super) const LEVELS: usize = 10;

/// One level of a list style (§16.31–16.33).
#[derive(Debug, Clone, Default)]
pub(super) struct Level {
    /// `None` for bullets, images and `style:num-format=""`.
    pub format: Option<NumberFormat>,
    pub prefix: String,
    pub suffix: String,
    pub start: u32,
    /// `text:display-levels`: how many levels the label shows (`1.2.`).
    pub display: usize,
    /// What follows the label: a tab, a space or nothing.
    pub follow: &'static str,
    /// A bullet or picture level (`text:list-level-style-bullet`/`-image`).
    pub bullet: bool,
}

/// What an item of a list level is, as the list style shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ItemKind {
    /// A bullet or picture (also a level the style does not define).
    Bullet,
    /// A number, letter or other counter.
    Numbered,
    /// A number level that displays nothing (`style:num-format=""`, no
    /// prefix or suffix): an indented paragraph, not an item.
    Plain,
}

/// A list style.
#[derive(Debug, Clone, Default)]
pub(super) struct ListStyle {
    pub levels: Vec<Option<Level>>,
}

/// The styles of one context: common styles plus the automatic styles of
/// the part read (content.xml's for the body, styles.xml's for headers).
#[derive(Debug, Default)]
pub(super) struct Styles {
    pub lists: HashMap<String, ListStyle>,
    /// Paragraph style → its `style:list-style-name`.
    pub para_list: HashMap<String, String>,
    /// Paragraph style → its `style:default-outline-level` (1-based);
    /// `None` where the style sets it empty (body text, which stops the
    /// inheritance).
    outline: HashMap<String, Option<u8>>,
    /// Paragraph style → its `style:parent-style-name`.
    parent: HashMap<String, String>,
    /// Table and drawing-page styles that hide what uses them.
    pub hidden: HashSet<String>,
}

/// An ODF `style:num-format` as one of the formats doc-model renders.
fn number_format(f: &str) -> Option<NumberFormat> {
    let first = f.chars().next()?;
    Some(match first {
        'i' => NumberFormat::LowerRoman,
        'I' => NumberFormat::UpperRoman,
        'a' => NumberFormat::LowerLetter,
        'A' => NumberFormat::UpperLetter,
        '①' => NumberFormat::DecimalEnclosedCircle,
        '１' => NumberFormat::DecimalFullWidth,
        '一' | '壹' | '零' => NumberFormat::IdeographCounting,
        '가' => NumberFormat::Ganada,
        'ㄱ' => NumberFormat::Chosung,
        'ア' | 'ｱ' => NumberFormat::Aiueo,
        'イ' | 'ｲ' => NumberFormat::Iroha,
        _ => NumberFormat::Decimal,
    })
}

impl Styles {
    /// Adds the styles of an `office:styles`, `office:automatic-styles` or
    /// `office:master-styles`-sibling container.
    pub fn add(&mut self, container: &Element) {
        for s in container.elements() {
            match s.name.as_str() {
                "list-style" => {
                    if let Some(name) = s.attr("name") {
                        self.lists.insert(name.to_string(), list_style(s));
                    }
                }
                "style" => {
                    let Some(name) = s.attr("name") else {
                        continue;
                    };
                    if let Some(l) = s.attr("list-style-name").filter(|l| !l.is_empty()) {
                        self.para_list.insert(name.to_string(), l.to_string());
                    }
                    if let Some(v) = s.attr("default-outline-level") {
                        let level = v.trim().parse::<u8>().ok().filter(|&v| v > 0);
                        self.outline.insert(name.to_string(), level);
                    }
                    if let Some(p) = s.attr("parent-style-name").filter(|p| !p.is_empty()) {
                        self.parent.insert(name.to_string(), p.to_string());
                    }
                    let hidden = s.elements().any(|p| {
                        (p.name == "table-properties" && p.attr("display") == Some("false"))
                            || (p.name == "drawing-page-properties"
                                && p.attr("visibility") == Some("hidden"))
                    });
                    if hidden {
                        self.hidden.insert(name.to_string());
                    }
                }
                _ => {}
            }
        }
    }
}

impl Styles {
    /// The outline level of paragraph style `name` or the nearest style it
    /// inherits from that has one (a parent chain of at most 16 steps). A
    /// style that sets none is taken at the level its name gives where it
    /// is one of the built-in heading styles, `Heading_20_1` to
    /// `Heading_20_10` ("Heading 1"…; LibreOffice's HTML import leaves
    /// Heading 1 without `style:default-outline-level`).
    pub fn outline_level(&self, name: &str) -> Option<u8> {
        let mut at = name;
        for _ in 0..16 {
            if let Some(&l) = self.outline.get(at) {
                return l;
            }
            if let Some(n) = at
                .strip_prefix("Heading_20_")
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=10).contains(n))
            {
                return Some(n);
            }
            at = self.parent.get(at)?;
        }
        None
    }
}

fn list_style(s: &Element) -> ListStyle {
    let mut levels: Vec<Option<Level>> = vec![None; LEVELS];
    for l in s.elements() {
        let Some(i) = l
            .attr("level")
            .and_then(|v| v.trim().parse::<usize>().ok())
            .and_then(|v| v.checked_sub(1))
            .filter(|&i| i < LEVELS)
        else {
            continue;
        };
        let follow = l
            .child("list-level-properties")
            .and_then(|p| p.child("list-level-label-alignment"))
            .and_then(|a| a.attr("label-followed-by"))
            .map_or("\t", |f| match f {
                "space" => " ",
                "nothing" => "",
                _ => "\t",
            });
        let level = match l.name.as_str() {
            "list-level-style-number" => Level {
                format: number_format(l.attr("num-format").unwrap_or("")),
                prefix: l.attr("num-prefix").unwrap_or("").to_string(),
                suffix: l.attr("num-suffix").unwrap_or("").to_string(),
                start: l
                    .attr("start-value")
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(1),
                display: l
                    .attr("display-levels")
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(1)
                    .clamp(1, LEVELS),
                follow,
                bullet: false,
            },
            // Bullets and pictures are dropped: no label.
            "list-level-style-bullet" | "list-level-style-image" => Level {
                start: 1,
                display: 1,
                bullet: true,
                ..Level::default()
            },
            _ => continue,
        };
        if let Some(slot) = levels.get_mut(i) {
            *slot = Some(level);
        }
    }
    ListStyle { levels }
}

impl ListStyle {
    /// The start value of a level.
    pub fn start(&self, level: usize) -> u32 {
        self.levels
            .get(level)
            .and_then(|l| l.as_ref())
            .map_or(1, |l| l.start)
    }

    /// What the items of `level` are.
    pub fn kind(&self, level: usize) -> ItemKind {
        match self.levels.get(level).and_then(|l| l.as_ref()) {
            None => ItemKind::Bullet,
            Some(l) if l.bullet => ItemKind::Bullet,
            Some(l) if l.format.is_some() => ItemKind::Numbered,
            Some(l) if l.prefix.is_empty() && l.suffix.is_empty() => ItemKind::Plain,
            Some(_) => ItemKind::Numbered,
        }
    }

    /// The label of an item at `level` with the counters of the levels up
    /// to it, and what follows it; `None` when the level shows no number.
    pub fn label(&self, level: usize, counters: &[Option<u32>]) -> Option<String> {
        let l = self.levels.get(level)?.as_ref()?;
        if l.format.is_none() && l.prefix.is_empty() && l.suffix.is_empty() {
            return None;
        }
        let mut label = l.prefix.clone();
        let first = (level + 1).saturating_sub(l.display);
        let mut numbers = Vec::new();
        for k in first..=level {
            let format = self
                .levels
                .get(k)
                .and_then(|x| x.as_ref())
                .and_then(|x| x.format);
            let Some(format) = format else {
                continue;
            };
            let v = counters
                .get(k)
                .copied()
                .flatten()
                .unwrap_or_else(|| self.start(k));
            numbers.push(format.format(i32::try_from(v).unwrap_or(i32::MAX)));
        }
        label.push_str(&numbers.join("."));
        label.push_str(&l.suffix);
        label.push_str(l.follow);
        Some(label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_level_styles() {
        let (root, _) = xml_tree::parse(
            br#"<text:list-style style:name="L1">
              <text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>
              <text:list-level-style-number text:level="2" style:num-format="a" style:num-prefix="(" style:num-suffix=")" text:display-levels="2" text:start-value="3">
                <style:list-level-properties><style:list-level-label-alignment text:label-followed-by="space"/></style:list-level-properties>
              </text:list-level-style-number>
              <text:list-level-style-bullet text:level="3" text:bullet-char="*"/>
            </text:list-style>"#,
            16,
        );
        let mut styles = Styles::default();
        styles.add(&root);
        let l = &styles.lists["L1"];
        assert_eq!(l.label(0, &[Some(2)]).as_deref(), Some("2.\t"));
        assert_eq!(l.label(1, &[Some(2), None]).as_deref(), Some("(2.c) "));
        assert_eq!(l.label(2, &[Some(1), Some(1), Some(1)]), None);
        assert_eq!(l.label(7, &[]), None);
        assert_eq!(l.kind(0), ItemKind::Numbered);
        assert_eq!(l.kind(1), ItemKind::Numbered);
        assert_eq!(l.kind(2), ItemKind::Bullet);
        assert_eq!(l.kind(5), ItemKind::Bullet);
        assert_eq!(number_format("i, ii, iii"), Some(NumberFormat::LowerRoman));
        assert_eq!(number_format(""), None);
    }

    #[test]
    fn outline_levels_are_inherited_and_stopped() {
        let (root, _) = xml_tree::parse(
            br#"<office:styles>
              <style:style style:name="Heading_20_1" style:family="paragraph"/>
              <style:style style:name="Heading_20_2" style:family="paragraph" style:default-outline-level="2"/>
              <style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_1"/>
              <style:style style:name="P2" style:family="paragraph" style:parent-style-name="Heading_20_2"/>
              <style:style style:name="P3" style:family="paragraph" style:parent-style-name="Heading_20_2" style:default-outline-level=""/>
              <style:style style:name="Loop" style:family="paragraph" style:parent-style-name="Loop"/>
              <text:list-style style:name="L">
                <text:list-level-style-number text:level="1" style:num-format=""/>
              </text:list-style>
            </office:styles>"#,
            16,
        );
        let mut styles = Styles::default();
        styles.add(root.child("styles").unwrap());
        assert_eq!(styles.outline_level("P1"), Some(1));
        assert_eq!(styles.outline_level("P2"), Some(2));
        assert_eq!(styles.outline_level("P3"), None);
        assert_eq!(styles.outline_level("Loop"), None);
        assert_eq!(styles.outline_level("Standard"), None);
        assert_eq!(styles.lists["L"].kind(0), ItemKind::Plain);
    }
}
