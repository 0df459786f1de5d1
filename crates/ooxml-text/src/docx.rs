//! Work in progress (replaced before this crate is wired anywhere).

use crate::Out;
use crate::error::Error;
use crate::package::Package;

pub(crate) fn read(_pkg: &mut Package<'_>, main: &str, _out: &mut Out) -> Result<(), Error> {
    Err(Error::Unsupported(format!("{main}: not read yet")))
}
