//! OpenDocument (work in progress: the ODF reader replaces this file).

use crate::error::Error;
use crate::package::Package;
use crate::{Kind, OfficeDocument, Options, Out};

pub(crate) fn read_package(_pkg: &mut Package<'_>, _out: &mut Out) -> Result<Kind, Error> {
    Err(Error::Unsupported("OpenDocument: not read yet".into()))
}

pub(crate) fn read_flat(_data: &[u8], _options: &Options) -> Result<OfficeDocument, Error> {
    Err(Error::NotOffice("not a zip package".into()))
}
