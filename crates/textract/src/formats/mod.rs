//! One module per format, each with the same entry point
//! (`extract(&[u8], &Context) -> Result<Document, Error>`, exported as the
//! `EXTRACT` constant the format table holds). A module whose cargo feature
//! is off is replaced by one whose `EXTRACT` is `None`.

#[allow(unused_macros)]
macro_rules! absent {
    ($($name:ident),*) => {
        $(pub(crate) const $name: Option<crate::registry::Extract> = None;)*
    };
}

#[cfg(feature = "archive")]
pub(crate) mod archive;
#[cfg(not(feature = "archive"))]
pub(crate) mod archive {
    absent!(EXTRACT_ZIP, EXTRACT_GZIP, EXTRACT_TAR);
}

#[cfg(feature = "ole")]
pub(crate) mod cfb;
#[cfg(not(feature = "ole"))]
pub(crate) mod cfb {
    absent!(EXTRACT);
}

#[cfg(feature = "crypto")]
pub(crate) mod crypto;
#[cfg(not(feature = "crypto"))]
pub(crate) mod crypto {
    absent!(EXTRACT_OOXML);
}

#[cfg(feature = "doc")]
pub(crate) mod doc;
#[cfg(not(feature = "doc"))]
pub(crate) mod doc {
    absent!(EXTRACT);
}

#[cfg(feature = "mail")]
pub(crate) mod mail;

pub(crate) mod markup;

#[cfg(feature = "pdf")]
pub(crate) mod pdf;
#[cfg(not(feature = "pdf"))]
pub(crate) mod pdf {
    absent!(EXTRACT);
}

#[cfg(feature = "xls")]
pub(crate) mod xls;
#[cfg(not(feature = "xls"))]
pub(crate) mod xls {
    absent!(EXTRACT);
}

#[cfg(feature = "hwp")]
pub(crate) mod hwp;
#[cfg(not(feature = "hwp"))]
pub(crate) mod hwp {
    absent!(EXTRACT);
}

#[cfg(feature = "ppt")]
pub(crate) mod ppt;
#[cfg(not(feature = "ppt"))]
pub(crate) mod ppt {
    absent!(EXTRACT);
}

#[cfg(feature = "rtf")]
pub(crate) mod rtf;
#[cfg(not(feature = "rtf"))]
pub(crate) mod rtf {
    absent!(EXTRACT);
}

#[cfg(feature = "ooxml")]
pub(crate) mod ooxml;
#[cfg(not(feature = "ooxml"))]
pub(crate) mod ooxml {
    absent!(EXTRACT);
}
