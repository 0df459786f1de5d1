//! The error variants every layer shares.

/// Declares a layer's `Error` enum: the house derives (`Debug`, `Clone`,
/// `PartialEq`, `Eq`, `thiserror::Error`) and `#[non_exhaustive]`, the
/// layer's own variants as written, then the variants every layer shares
/// that it names in `shared(…)`, each declared here once (fields,
/// documentation, message):
///
/// - `Truncated` — `Truncated { what: &'static str, offset: u64 }`,
///   "truncated {what} at offset {offset}";
/// - `Unsupported("…{0}…")` — `Unsupported(String)` with the layer's message;
/// - `Corrupt("…{0}…")` — `Corrupt(String)` with the layer's message;
/// - `LimitExceeded` — `LimitExceeded { what: &'static str, limit: u64 }`,
///   "{what} exceeds the limit of {limit}";
/// - `Encrypted("deck")` — `Encrypted { scheme: &'static str,
///   password_tried: bool }`, "encrypted deck ({scheme}) and no password
///   opens it" (or "the password does not open it");
/// - `Container(ole_cfb_read::Error)` — `Container(#[from] …)`,
///   "compound file: {0}", the error of the container around the input.
///
/// The layer must depend on `thiserror`. Each layer keeps its own `Error`
/// type (a user depends on one layer); the shared variants simply read
/// alike.
///
/// ```
/// doc_model::layer_error! {
///     /// Why a file could not be read at all.
///     pub enum Error {
///         /// The file is encrypted.
///         #[error("encrypted file")]
///         Encrypted,
///     }
///     shared(Truncated, Corrupt("corrupt file: {0}"), LimitExceeded)
/// }
///
/// let e = Error::Truncated { what: "header", offset: 8 };
/// assert_eq!(e.to_string(), "truncated header at offset 8");
/// assert_eq!(Error::Corrupt("bad count".into()).to_string(), "corrupt file: bad count");
/// let e = Error::LimitExceeded { what: "sheet count", limit: 10 };
/// assert_eq!(e.to_string(), "sheet count exceeds the limit of 10");
/// ```
#[macro_export]
macro_rules! layer_error {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident $own:tt
        shared($($shared:tt)*)
    ) => {
        $crate::layer_error!(@shared [$(#[$meta])* $vis enum $name] $own [] $($shared)*);
    };
    (@shared $head:tt $own:tt [$($acc:tt)*] Truncated $(, $($rest:tt)*)?) => {
        $crate::layer_error!(@shared $head $own [$($acc)*
            /// A structure ends before its declared length.
            #[error("truncated {what} at offset {offset}")]
            Truncated {
                /// The structure that is cut short.
                what: &'static str,
                /// Byte offset (in its stream or file) where it ends early.
                offset: u64,
            },
        ] $($($rest)*)?);
    };
    (@shared $head:tt $own:tt [$($acc:tt)*] Unsupported($message:literal) $(, $($rest:tt)*)?) => {
        $crate::layer_error!(@shared $head $own [$($acc)*
            /// A format, version or scheme this layer recognises but does
            /// not read; the message names it.
            #[error($message)]
            Unsupported(String),
        ] $($($rest)*)?);
    };
    (@shared $head:tt $own:tt [$($acc:tt)*] Corrupt($message:literal) $(, $($rest:tt)*)?) => {
        $crate::layer_error!(@shared $head $own [$($acc)*
            /// A structure holds values that make the input unreadable.
            #[error($message)]
            Corrupt(String),
        ] $($($rest)*)?);
    };
    (@shared $head:tt $own:tt [$($acc:tt)*] LimitExceeded $(, $($rest:tt)*)?) => {
        $crate::layer_error!(@shared $head $own [$($acc)*
            /// A count, size or depth from the file exceeds a configured
            /// limit (the layer's `Limits`) before anything usable was read.
            #[error("{what} exceeds the limit of {limit}")]
            LimitExceeded {
                /// What was counted.
                what: &'static str,
                /// The limit in force.
                limit: u64,
            },
        ] $($($rest)*)?);
    };
    (@shared $head:tt $own:tt [$($acc:tt)*] Encrypted($noun:literal) $(, $($rest:tt)*)?) => {
        $crate::layer_error!(@shared $head $own [$($acc)*
            /// The input is encrypted and neither the given password nor
            /// the format's default password opens it.
            #[error(
                "encrypted {} ({scheme}) and {}",
                $noun,
                if *.password_tried { "the password does not open it" } else { "no password opens it" }
            )]
            Encrypted {
                /// The scheme found (`RC4 CryptoAPI`, `XOR obfuscation`, …, or `unknown`).
                scheme: &'static str,
                /// Whether a password was given or a default one tried.
                password_tried: bool,
            },
        ] $($($rest)*)?);
    };
    (@shared $head:tt $own:tt [$($acc:tt)*] Container($container:ty) $(, $($rest:tt)*)?) => {
        $crate::layer_error!(@shared $head $own [$($acc)*
            /// The compound file (or other container) holding the input
            /// could not be read.
            #[error("compound file: {0}")]
            Container(#[from] $container),
        ] $($($rest)*)?);
    };
    (@shared [$($head:tt)*] {$($own:tt)*} [$($acc:tt)*]) => {
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        #[non_exhaustive]
        $($head)* {
            $($own)*
            $($acc)*
        }
    };
}
