//! The warning every layer reports: a defect that did not stop reading.

use std::fmt;

/// The kind enum of a layer's [`Warning`]: each layer keeps its own
/// `#[non_exhaustive]` enum, declared with [`warning_kinds!`](crate::warning_kinds), which names
/// its variants here.
pub trait WarningKind: Copy {
    /// A short lower-case name, the first word of the warning's text
    /// (`record`, `xml`, `limit`).
    fn name(self) -> &'static str;
}

/// Declares a layer's warning kinds: the enum (with the derives and the
/// `#[non_exhaustive]` every layer's kind has) and its [`WarningKind`]
/// impl, each variant with the name its warnings print.
///
/// ```
/// doc_model::warning_kinds! {
///     /// What kind of defect a [`Warning`] reports.
///     pub enum WarningKind {
///         /// A record is shorter than its fields.
///         Record => "record",
///         /// A limit cut the work short.
///         Limit => "limit",
///     }
/// }
///
/// /// A defect that did not stop reading.
/// pub type Warning = doc_model::Warning<WarningKind>;
///
/// let w = Warning::new(WarningKind::Limit, "more than 10 sheets; the rest are left out", None);
/// assert_eq!(w.to_string(), "limit: more than 10 sheets; the rest are left out");
/// ```
#[macro_export]
macro_rules! warning_kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $kind:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident => $name:literal
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        $vis enum $kind {
            $(
                $(#[$variant_meta])*
                $variant,
            )+
        }

        impl $crate::WarningKind for $kind {
            fn name(self) -> &'static str {
                match self {
                    $($kind::$variant => $name,)+
                }
            }
        }
    };
}

/// A defect that did not stop reading: what was wrong, what was done about
/// it, and where.
///
/// Each layer names its own kinds and exports
/// `pub type Warning = doc_model::Warning<WarningKind>;`. Displayed as
/// `<kind>: <message>`, followed by ` at offset N` when the offset is known.
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// enum Kind { Record }
///
/// impl doc_model::WarningKind for Kind {
///     fn name(self) -> &'static str {
///         "record"
///     }
/// }
///
/// let w = doc_model::Warning::new(Kind::Record, "a record runs past the stream; skipped", Some(512));
/// assert_eq!(w.to_string(), "record: a record runs past the stream; skipped at offset 512");
/// assert_eq!(doc_model::Warning::new(Kind::Record, "cut short", None).to_string(), "record: cut short");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning<K> {
    /// What kind of defect, in the layer's own terms.
    pub kind: K,
    /// What was wrong and what was done about it, for a person.
    pub message: String,
    /// The byte offset in the stream or file, where known.
    pub offset: Option<u64>,
}

impl<K> Warning<K> {
    /// A warning of `kind`, at `offset` where known.
    pub fn new(kind: K, message: impl Into<String>, offset: Option<u64>) -> Self {
        Warning {
            kind,
            message: message.into(),
            offset,
        }
    }
}

impl<K: WarningKind> fmt::Display for Warning<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)?;
        if let Some(o) = self.offset {
            write!(f, " at offset {o}")?;
        }
        Ok(())
    }
}
