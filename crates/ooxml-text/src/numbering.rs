//! List numbers of WordprocessingML paragraphs as Word displays them
//! (ECMA-376 Part 1 §17.9: `w:abstractNum` levels, `w:num` instances with
//! `w:lvlOverride`/`w:startOverride`, `w:numStyleLink`; §17.7 paragraph
//! styles carrying `w:numPr` through `w:basedOn`).

use std::collections::{HashMap, HashSet};

use doc_model::NumberFormat;
use xml_tree::Element;

/// One level of a list.
#[derive(Debug, Clone)]
struct Level {
    format: NumberFormat,
    /// `%1.%2)`
    text: String,
    start: i32,
    /// What follows the number: `tab`, `space` or `nothing`.
    suffix: &'static str,
}

#[derive(Debug, Clone, Default)]
struct Num {
    abstract_id: String,
    /// Level → start override.
    starts: Vec<(usize, i32)>,
    /// Level → a full level definition override.
    levels: Vec<(usize, Level)>,
}

/// A paragraph style: its own numbering and its parent.
#[derive(Debug, Clone, Default)]
struct Style {
    num: Option<(String, Option<usize>)>,
    based_on: Option<String>,
}

/// A numbered or bulleted paragraph: what the list gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    /// Nesting, 1 for `ilvl` 0.
    pub level: u8,
    /// Numbered (lettered, …) rather than a bullet or no mark.
    pub ordered: bool,
    /// The label as displayed with what follows it (`"1.\t"`, `"a) "`);
    /// `None` for a bullet or a level that shows no number.
    pub label: Option<String>,
}

/// The numbering definitions and the running counters of one document.
#[derive(Debug, Default)]
pub(crate) struct Numbering {
    abstracts: HashMap<String, Vec<Level>>,
    /// abstractNumId → the style whose numbering it links to.
    style_links: HashMap<String, String>,
    nums: HashMap<String, Num>,
    styles: HashMap<String, Style>,
    /// Counters per abstract list (lists sharing one continue each other).
    counters: HashMap<String, [Option<i32>; 9]>,
    started: HashSet<String>,
}

fn val(e: &Element, child: &str) -> Option<String> {
    e.child(child)
        .and_then(|c| c.attr("val"))
        .map(str::to_string)
}

fn level(lvl: &Element) -> Level {
    Level {
        format: NumberFormat::from_name(&val(lvl, "numFmt").unwrap_or_default()),
        text: val(lvl, "lvlText").unwrap_or_default(),
        start: val(lvl, "start").and_then(|s| s.parse().ok()).unwrap_or(1),
        suffix: match val(lvl, "suff").as_deref() {
            Some("space") => " ",
            Some("nothing") => "",
            _ => "\t",
        },
    }
}

fn ilvl(e: &Element) -> usize {
    e.attr("ilvl")
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0)
        .min(8)
}

impl Numbering {
    /// Reads `numbering.xml` and `styles.xml` (either may be absent).
    pub fn new(numbering: Option<&Element>, styles: Option<&Element>) -> Numbering {
        let mut n = Numbering::default();
        if let Some(root) = numbering.and_then(|r| r.child("numbering")) {
            for e in root.elements() {
                match e.name.as_str() {
                    "abstractNum" => {
                        let Some(id) = e.attr("abstractNumId") else {
                            continue;
                        };
                        let mut levels: Vec<Level> = Vec::new();
                        for l in e.elements().filter(|l| l.name == "lvl") {
                            let i = ilvl(l);
                            while levels.len() <= i {
                                levels.push(Level {
                                    format: NumberFormat::Decimal,
                                    text: String::new(),
                                    start: 1,
                                    suffix: "\t",
                                });
                            }
                            levels[i] = level(l);
                        }
                        if let Some(link) = val(e, "numStyleLink") {
                            n.style_links.insert(id.to_string(), link);
                        }
                        n.abstracts.insert(id.to_string(), levels);
                    }
                    "num" => {
                        let Some(id) = e.attr("numId") else { continue };
                        let mut num = Num {
                            abstract_id: val(e, "abstractNumId").unwrap_or_default(),
                            ..Num::default()
                        };
                        for o in e.elements().filter(|o| o.name == "lvlOverride") {
                            let i = ilvl(o);
                            if let Some(s) = val(o, "startOverride").and_then(|s| s.parse().ok()) {
                                num.starts.push((i, s));
                            }
                            if let Some(l) = o.child("lvl") {
                                num.levels.push((i, level(l)));
                            }
                        }
                        n.nums.insert(id.to_string(), num);
                    }
                    _ => {}
                }
            }
        }
        if let Some(root) = styles.and_then(|r| r.child("styles")) {
            for s in root.elements().filter(|s| s.name == "style") {
                let Some(id) = s.attr("styleId") else {
                    continue;
                };
                let num = s
                    .child("pPr")
                    .and_then(|p| p.child("numPr"))
                    .and_then(|np| {
                        let id = val(np, "numId")?;
                        let lvl = np.child("ilvl").map(|l| {
                            l.attr("val")
                                .and_then(|v| v.parse::<usize>().ok())
                                .unwrap_or(0)
                                .min(8)
                        });
                        Some((id, lvl))
                    });
                n.styles.insert(
                    id.to_string(),
                    Style {
                        num,
                        based_on: val(s, "basedOn"),
                    },
                );
            }
        }
        n
    }

    /// The numbering of a paragraph style, through its `basedOn` chain.
    fn style_num(&self, style: &str) -> Option<(String, Option<usize>)> {
        let mut cur = style.to_string();
        for _ in 0..16 {
            let s = self.styles.get(&cur)?;
            if let Some(n) = &s.num {
                return Some(n.clone());
            }
            cur = s.based_on.clone()?;
        }
        None
    }

    /// The levels of an abstract list, following a `numStyleLink`.
    fn levels(&self, abstract_id: &str) -> Option<(String, &Vec<Level>)> {
        let mut id = abstract_id.to_string();
        for _ in 0..4 {
            let levels = self.abstracts.get(&id)?;
            match self.style_links.get(&id) {
                Some(style) if levels.iter().all(|l| l.text.is_empty()) => {
                    let (num, _) = self.style_num(style)?;
                    id = self.nums.get(&num)?.abstract_id.clone();
                }
                _ => return Some((id, levels)),
            }
        }
        None
    }

    /// The list item paragraph `p` (its `w:pPr`) is, advancing the
    /// counters; `None` for a paragraph outside any list.
    pub fn item(&mut self, ppr: Option<&Element>) -> Option<Item> {
        let ppr = ppr?;
        let direct = ppr.child("numPr").map(|np| {
            (
                val(np, "numId"),
                np.child("ilvl").map(|l| {
                    l.attr("val")
                        .and_then(|v| v.parse::<usize>().ok())
                        .unwrap_or(0)
                        .min(8)
                }),
            )
        });
        let style = val(ppr, "pStyle").and_then(|s| self.style_num(&s));
        let (num_id, lvl) = match (direct, style) {
            (Some((Some(id), l)), s) => (id, l.or(s.and_then(|s| s.1))),
            (Some((None, l)), Some((id, sl))) => (id, l.or(sl)),
            (None, Some((id, l))) => (id, l),
            _ => return None,
        };
        let lvl = lvl.unwrap_or(0);
        if num_id == "0" {
            return None;
        }
        let num = self.nums.get(&num_id)?.clone();
        let (abstract_id, levels) = self.levels(&num.abstract_id)?;
        let mut levels = levels.clone();
        for (i, l) in &num.levels {
            if let Some(slot) = levels.get_mut(*i) {
                *slot = l.clone();
            }
        }
        let counters = self.counters.entry(abstract_id).or_insert([None; 9]);
        if self.started.insert(num_id) && !num.starts.is_empty() {
            *counters = [None; 9];
            for (i, s) in &num.starts {
                if let Some(c) = counters.get_mut(*i) {
                    *c = Some(s - 1);
                }
            }
        }
        let this = levels.get(lvl)?;
        let next = match counters[lvl] {
            Some(c) => c.saturating_add(1),
            None => this.start,
        };
        counters[lvl] = Some(next);
        for c in counters.iter_mut().skip(lvl + 1) {
            *c = None;
        }
        let level = u8::try_from(lvl + 1).unwrap_or(9);
        if matches!(this.format, NumberFormat::Bullet) {
            // A blank bullet marks a paragraph continuing the item above.
            return (!this.text.trim().is_empty()).then_some(Item {
                level,
                ordered: false,
                label: None,
            });
        }
        let mut out = String::new();
        // A level whose text has no number in it (`•`, `–`) is a bullet
        // drawn as text: its label shows, but the item is not numbered.
        let mut numbered = false;
        let mut chars = this.text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '%'
                && let Some(d) = chars.peek().and_then(|d| d.to_digit(10))
                && (1..=9).contains(&d)
            {
                chars.next();
                numbered = true;
                let i = d as usize - 1;
                let l = levels.get(i);
                let v = counters[i].unwrap_or_else(|| l.map_or(1, |l| l.start));
                out.push_str(&l.map_or(NumberFormat::Decimal, |l| l.format).format(v));
            } else {
                out.push(c);
            }
        }
        if out.trim().is_empty() {
            // Nothing shows: a paragraph continuing the item above.
            return None;
        }
        out.push_str(this.suffix);
        Some(Item {
            level,
            ordered: numbered,
            label: Some(out),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_count_restart_and_nest() {
        let (num, _) = xml_tree::parse(
            br#"<w:numbering xmlns:w="w">
              <w:abstractNum w:abstractNumId="0">
                <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
                <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1.%2)"/><w:suff w:val="space"/></w:lvl>
              </w:abstractNum>
              <w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="&#xF0B7;"/></w:lvl></w:abstractNum>
              <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
              <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
              <w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num>
            </w:numbering>"#,
            32,
        );
        let mut n = Numbering::new(Some(&num), None);
        let p = |id: &str, lvl: u8| {
            xml_tree::parse(
                format!(r#"<w:pPr xmlns:w="w"><w:numPr><w:ilvl w:val="{lvl}"/><w:numId w:val="{id}"/></w:numPr></w:pPr>"#).as_bytes(),
                8,
            )
            .0
        };
        let mut item = |id: &str, lvl: u8| n.item(p(id, lvl).child("pPr"));
        let mut label = |id: &str, lvl: u8| item(id, lvl).and_then(|i| i.label);
        assert_eq!(label("1", 0).as_deref(), Some("1.\t"));
        assert_eq!(label("1", 1).as_deref(), Some("1.a) "));
        assert_eq!(label("1", 1).as_deref(), Some("1.b) "));
        assert_eq!(label("1", 0).as_deref(), Some("2.\t"));
        assert_eq!(label("1", 1).as_deref(), Some("2.a) "));
        assert_eq!(label("2", 0), None);
        assert_eq!(label("3", 0).as_deref(), Some("5.\t"));
        assert_eq!(label("0", 0), None);
    }
}
