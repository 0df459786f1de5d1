//! Word 97–2003 and 6/95: the stories as `msdoc-text` reads them, each a
//! part, and the summary property sets as metadata.

use doc_model::{Part, PartKind};
use msdoc_text::{Story, WordDocument};

use crate::formats::cfb;
use crate::registry::Extract;
use crate::{Context, Document, Error, Format, Warning};

pub(crate) const EXTRACT: Option<Extract> = Some(extract);

/// msdoc-text's error as the facade's.
fn error(e: msdoc_text::Error, ctx: &Context<'_>) -> Error {
    match e {
        msdoc_text::Error::Encrypted => Error::encrypted(Format::Doc, ctx.options),
        msdoc_text::Error::LimitExceeded { what, limit, .. } => Error::LimitExceeded {
            format: Some(Format::Doc),
            what,
            limit,
        },
        msdoc_text::Error::Container(e) => cfb::error(e, Format::Doc),
        other => Error::corrupt(Format::Doc, other),
    }
}

/// The part kind of a story.
fn kind(story: Story) -> Option<PartKind> {
    Some(match story {
        Story::Main => PartKind::Body,
        Story::Footnote => PartKind::Footnote,
        Story::Header => PartKind::Header,
        Story::Annotation => PartKind::Comment,
        Story::Endnote => PartKind::Endnote,
        Story::Textbox | Story::HeaderTextbox => PartKind::TextBox,
        Story::Macro => return None,
    })
}

fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    let cf = cfb::compound_file(bytes, ctx, Format::Doc)?;
    let mut options = msdoc_text::Options::default();
    options.limits.max_chars = options
        .limits
        .max_chars
        .min(ctx.options.limits.max_output_bytes as u64);
    options.limits.deadline = ctx.deadline;
    let word = WordDocument::from_compound_file(&cf, &options).map_err(|e| error(e, ctx))?;
    let mut doc = Document::new(Format::Doc);
    cfb::metadata(&cf, &mut doc);
    doc.text = word.text();
    doc.parts = Story::TEXT_ORDER
        .iter()
        .filter_map(|&story| {
            let text = word.story(story);
            let kind = kind(story)?;
            (!text.trim().is_empty()).then(|| Part::new(kind, text))
        })
        .collect();
    doc.encoding = word.encoding().map(|e| e.name().to_string());
    doc.warnings.extend(
        word.warnings()
            .iter()
            .map(|w| Warning::new("msdoc-text", w.to_string())),
    );
    Ok(doc)
}
