//! Reading a Word document straight from its OLE compound file.

use std::borrow::Cow;

use ole_cfb_read::CompoundFile;

use crate::{Error, Options, Streams, WordDocument};

impl WordDocument {
    /// Reads the Word streams (`WordDocument`, `0Table`/`1Table`, `Data`) at
    /// the root of a compound file and parses them as
    /// [`WordDocument::parse_with`] does.
    pub fn from_compound_file(cf: &CompoundFile<'_>, options: &Options) -> Result<Self, Error> {
        Self::from_storage(cf, "", options)
    }

    /// The same for a document kept in a storage of the file, such as an
    /// embedded Word document at [`crate::OleObject::storage_path`]
    /// (`ObjectPool/_1234`); `""` is the root.
    pub fn from_storage(
        cf: &CompoundFile<'_>,
        storage: &str,
        options: &Options,
    ) -> Result<Self, Error> {
        let read = |name: &str| -> Result<Option<Cow<'_, [u8]>>, Error> {
            let path = if storage.is_empty() {
                name.to_string()
            } else {
                format!("{storage}/{name}")
            };
            match cf.entry(&path) {
                None => Ok(None),
                Some(_) => cf.stream(&path).map(Some).map_err(Error::Container),
            }
        };
        let word_document = read("WordDocument")?
            .ok_or_else(|| Error::Corrupt(format!("no WordDocument stream in `{storage}`")))?;
        let table0 = read("0Table")?;
        let table1 = read("1Table")?;
        let data = read("Data")?;
        let streams = Streams {
            word_document: &word_document,
            table0: table0.as_deref(),
            table1: table1.as_deref(),
            data: data.as_deref(),
        };
        WordDocument::parse_with(&streams, options)
    }
}
