//! Everything of a document besides its page text, in `doc-model` terms:
//! annotation and form-field text as [`Part`]s, attachments and images as
//! [`EmbeddedFile`]s.

use doc_model::{EmbeddedFile, Part};

use crate::document::Document;
use crate::file_spec::Budget;
use crate::{Warning, annotation, file_spec, image, interactive_form};

/// What [`Document::extras`] gathers (all of it by default).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExtrasOptions {
    /// Attached files: the `/EmbeddedFiles` name tree and `FileAttachment` annotations.
    pub attachments: bool,
    /// Image XObjects (with their masks).
    pub images: bool,
    /// Inline images of the content streams (with `images`).
    pub inline_images: bool,
    /// The text of annotations.
    pub annotations: bool,
    /// AcroForm field values.
    pub form_fields: bool,
}

impl Default for ExtrasOptions {
    fn default() -> Self {
        Self {
            attachments: true,
            images: true,
            inline_images: true,
            annotations: true,
            form_fields: true,
        }
    }
}

/// A document's parts besides its page text, its embedded files, and the
/// warnings raised while gathering them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Extras {
    /// Annotations page by page (`Comment` for notes and markup,
    /// `Annotation` for free text), then form fields (`FormField`, named by
    /// their fully qualified name), each with a `page` attribute.
    pub parts: Vec<Part>,
    /// Attachments (kind `Attachment`, path `/<file name>`), then images
    /// (kind `Image`, path `/image<object number>.<ext>` or
    /// `/inline<page>-<n>.<ext>`).
    pub embedded: Vec<EmbeddedFile>,
    /// The warnings raised while gathering (they are also in
    /// [`Document::warnings`], which holds every warning of the document).
    pub warnings: Vec<Warning>,
}

impl Extras {
    /// The parts' text as a reader would read it ([`doc_model::join_parts`]).
    pub fn text(&self) -> String {
        doc_model::join_parts(&self.parts)
    }
}

impl Document<'_> {
    /// Annotation and form-field text as parts, attachments and images as
    /// embedded files. Bounded by [`crate::Limits`]: `max_parts`,
    /// `max_attachments`, `max_images`, `max_image_pixels`,
    /// `max_embedded_bytes` (shared by attachments and images), `max_depth`
    /// and the deadline; each limit that trips is a warning.
    pub fn extras(&self, options: &ExtrasOptions) -> Extras {
        let before = self.warnings().len();
        let limits = &self.options().limits;
        let pages = match self.pages() {
            Ok(p) => p,
            Err(e) => {
                self.warn(
                    crate::WarningKind::Pages,
                    None,
                    format!("page tree unreadable ({e}); only the name trees read"),
                );
                Vec::new()
            }
        };
        let annots = annotation::page_annotations(self, &pages, limits.max_parts);
        let mut out = Extras::default();
        if options.annotations {
            out.parts.extend(
                annotation::with_text(self, &annots)
                    .iter()
                    .map(annotation::Annotation::to_part),
            );
        }
        if options.form_fields {
            let index = interactive_form::PageIndex::new(&pages, &annots);
            let left = limits.max_parts.saturating_sub(out.parts.len());
            out.parts.extend(
                interactive_form::fields(self, &index, left, limits.max_depth)
                    .iter()
                    .map(interactive_form::FormField::to_part),
            );
        }
        let mut bytes = limits.max_embedded_bytes;
        if options.attachments {
            let mut budget = Budget::new(limits.max_attachments, bytes, limits.max_embedded_bytes);
            let found = file_spec::attachments(self, &annots, &mut budget);
            bytes = budget.bytes_left;
            out.embedded.extend(
                found
                    .into_iter()
                    .map(file_spec::Attachment::into_embedded_file),
            );
        }
        if options.images {
            let mut budget = Budget::new(limits.max_images, bytes, limits.max_embedded_bytes);
            let found = image::images(self, &pages, options.inline_images, &mut budget);
            out.embedded
                .extend(found.into_iter().map(image::Image::into_embedded_file));
        }
        out.warnings = self.warnings().split_off(before.min(self.warnings().len()));
        out
    }
}
