//! The control words that tell structure (RTF 1.9.1): the `\stylesheet`,
//! `\listtable` and `\listoverridetable` destinations, paragraph properties
//! (`\pard`, `\sN`, `\outlinelevelN`, `\lsN`, `\ilvlN`, `\pn…`, `\intbl`,
//! `\itapN`), row definitions (`\trowd`, `\trleftN`, `\trhdr`, `\clmgf`,
//! `\clmrg`, `\clvmgf`, `\clvmrg`, `\cellxN`, `\nesttableprops`), the ends
//! of paragraphs, lines, cells and rows, list labels and fields.

use super::{Dest, Field, INSTRUCTION, MAX_ROW_DEFS, Reader};
use crate::field::hyperlink_target;
use crate::output::Role;
use crate::style::{Para, Pn};
use crate::table::{Merge, RowDef};

impl Reader<'_> {
    /// Handles `name` if it tells structure; false when it is for the caller.
    pub(super) fn structure_word(&mut self, name: &[u8], param: Option<i32>) -> bool {
        let p = param.unwrap_or(0);
        let on = param != Some(0);
        match self.state.dest {
            Dest::StyleSheet => {
                let style = &mut self.styles.style;
                match name {
                    b"s" => style.number = p,
                    b"cs" | b"ds" | b"ts" => style.other = true,
                    b"sbasedon" => style.based_on = Some(p),
                    b"outlinelevel" => style.outline = Some(p),
                    _ => {}
                }
                return true;
            }
            Dest::ListTable => {
                match name {
                    b"list" => self.styles.list_start(),
                    b"listlevel" => self.styles.level_start(),
                    b"levelnfc" => self.styles.level_nfc(p),
                    b"listid" => self.styles.list_id(p),
                    _ => {}
                }
                return true;
            }
            Dest::ListOverride => {
                match name {
                    b"listid" => self.styles.override_list(p),
                    b"ls" => self.styles.override_ls(p),
                    _ => {}
                }
                return true;
            }
            Dest::Pn => {
                let pn = self.state.para.pn.get_or_insert_with(Pn::default);
                match name {
                    b"pnlvlblt" => {
                        pn.bullet = true;
                        pn.level = 0;
                    }
                    b"pnlvlbody" => {
                        pn.bullet = false;
                        pn.level = 0;
                    }
                    b"pnlvlcont" => pn.cont = true,
                    b"pnlvl" => pn.level = u8::try_from(p.clamp(1, 9)).unwrap_or(1),
                    _ => {}
                }
                return true;
            }
            _ => {}
        }
        let para = &mut self.state.para;
        match name {
            b"s" => para.style = p,
            b"outlinelevel" => para.outline = Some(p),
            b"ls" => para.ls = p,
            b"ilvl" => para.ilvl = Some(p),
            b"intbl" => para.intbl = on,
            b"itap" => para.itap = Some(p),
            _ => return self.structure_destination(name, p, on),
        }
        true
    }

    /// The words of [`Reader::structure_word`] that are not paragraph
    /// properties.
    fn structure_destination(&mut self, name: &[u8], p: i32, on: bool) -> bool {
        match name {
            b"stylesheet" => {
                self.flush();
                self.state.dest = Dest::StyleSheet;
                self.sheet_depth = Some(self.stack.len());
                self.styles.style = Default::default();
            }
            b"listtable" => {
                self.flush();
                self.state.dest = Dest::ListTable;
            }
            b"listoverridetable" => {
                self.flush();
                self.state.dest = Dest::ListOverride;
            }
            b"pn" => {
                self.flush();
                self.state.dest = Dest::Pn;
                self.state.para.pn = Some(Pn::default());
            }
            // Pending bytes stay pending (they keep the nesting they
            // started in): a `\pard` between the bytes of a double-byte
            // character does not split it.
            b"pard" => self.state.para = Para::default(),
            b"nesttableprops" => self.state.nest_props = true,
            b"trowd" => {
                let level = if self.state.nest_props {
                    self.state.para.level().max(2)
                } else {
                    self.in_row_def = true;
                    1
                }
                .min(MAX_ROW_DEFS);
                if self.row_defs.len() <= level {
                    self.row_defs.resize(level + 1, RowDef::default());
                }
                if let Some(d) = self.row_defs.get_mut(level) {
                    *d = RowDef::default();
                }
                self.def_level = level;
            }
            b"trleft" | b"trhdr" | b"clmgf" | b"clmrg" | b"clvmgf" | b"clvmrg" | b"cellx" => {
                if let Some(d) = self.row_defs.get_mut(self.def_level) {
                    match name {
                        b"trleft" => d.left = p,
                        b"trhdr" => d.header = on,
                        b"clmgf" => d.pending.horizontal = Merge::First,
                        b"clmrg" => d.pending.horizontal = Merge::Continue,
                        b"clvmgf" => d.pending.vertical = Merge::First,
                        b"clvmrg" => d.pending.vertical = Merge::Continue,
                        _ => d.cellx(p),
                    }
                }
            }
            b"cell" => self.cell(false),
            b"nestcell" => self.cell(true),
            b"row" => self.row(false),
            b"nestrow" => self.row(true),
            b"listtext" | b"pntext" => {
                self.flush();
                self.state.label = true;
                if name == b"listtext" {
                    self.styles.labels_seen = true;
                }
                // A label inside a field instruction is cut from it as from
                // a story (it always was).
                self.instruction_label = None;
                match self.target() {
                    Some(INSTRUCTION) => self.instruction_label = Some(self.instructions.len()),
                    Some(_) => self.out.label_start(),
                    None => {}
                }
            }
            b"field" if self.fields.len() < self.limits.max_depth => {
                self.flush();
                self.fields.push(Field {
                    depth: self.stack.len(),
                    inst_start: self.instructions.len(),
                    result: None,
                    link: false,
                });
            }
            b"fldinst" => {
                self.flush();
                self.state.dest = Dest::Instruction;
                self.state.hidden = false;
                self.state.caps = false;
            }
            b"fldrslt" => {
                self.flush();
                let shown = self.out.visible();
                if self.target().is_some_and(|t| t != INSTRUCTION)
                    && let Some(f) = self.fields.last_mut()
                {
                    f.result = Some(shown);
                    if !f.link
                        && let Some(url) = self
                            .instructions
                            .get(f.inst_start..)
                            .and_then(hyperlink_target)
                    {
                        f.link = true;
                        self.out.link_start(url);
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// `\par`, `\sect`, `\page`, `\column`: the paragraph ends.
    pub(super) fn paragraph_end(&mut self) {
        if let Some((role, level)) = self.before_break() {
            self.out.paragraph_end(role, level);
        }
    }

    /// `\line`: a line break inside the paragraph.
    pub(super) fn line_break(&mut self) {
        if let Some((role, level)) = self.before_break() {
            self.out.line_break(role, level);
        }
    }

    /// What `\par` and `\line` do first: a pending lone high surrogate
    /// and bytes flushed; in a field instruction the break is a line end
    /// there (`None`); else the role and level the break ends with.
    fn before_break(&mut self) -> Option<(Role, usize)> {
        // As every character: a high surrogate no low one followed first.
        self.lone_high_surrogate();
        let story = self.target()?;
        self.flush();
        if story == INSTRUCTION {
            self.push_str_to(story, "\n");
            return None;
        }
        Some((self.role(), self.level()))
    }

    /// `\cell` or `\nestcell`.
    fn cell(&mut self, nested: bool) {
        // As every character: a high surrogate no low one followed first.
        self.lone_high_surrogate();
        let Some(story) = self.target() else {
            return;
        };
        self.flush();
        if story == INSTRUCTION {
            self.push_str_to(story, "\t");
            return;
        }
        let role = self.role();
        let level = self.level();
        self.out.cell(nested, level, role);
    }

    /// `\row` or `\nestrow`: the row ends, with the definition of its level.
    fn row(&mut self, nested: bool) {
        let Some(story) = self.target() else {
            return;
        };
        self.flush();
        let level = self.level();
        if !nested {
            self.in_row_def = false;
        }
        if story == INSTRUCTION {
            self.push_str_to(story, "\n");
            return;
        }
        let role = self.role();
        let def_level = if nested { level.max(2) } else { 1 }.min(MAX_ROW_DEFS);
        let def = self.row_defs.get(def_level).cloned();
        self.out.row(nested, level, def, role);
    }

    /// The end of a `\field` group. Its result is what Word shows; when
    /// the writer left the result of an `EQ` field empty (LibreOffice does
    /// for ruby, `EQ \o\al(\s\up 11(かんじ),漢字)`), its text is read from
    /// the instruction as `.doc` reads it (`doc_model::eq_field_text`).
    pub(super) fn field_done(&mut self) {
        let Some(field) = self.fields.pop() else {
            return;
        };
        if field.link {
            self.out.link_end();
        }
        let instruction = self
            .instructions
            .get(field.inst_start..)
            .map(str::to_owned)
            .unwrap_or_default();
        self.instructions
            .truncate(field.inst_start.min(self.instructions.len()));
        let Some(story) = self.target() else {
            return;
        };
        let shown = field.result.is_some_and(|at| self.out.visible() > at);
        if !shown && let Some(base) = doc_model::eq_field_text(&instruction) {
            self.push_str_to(story, &base);
        }
    }
}
