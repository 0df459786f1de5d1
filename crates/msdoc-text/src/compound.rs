//! Reading a Word document straight from its OLE compound file.

use crate::{Error, Options, Streams, WordDocument};

impl WordDocument {
    /// Reads the Word streams (`WordDocument`, `0Table`/`1Table`, `Data`) of
    /// a compound file and parses them as [`WordDocument::parse_with`] does.
    pub fn from_compound_file(
        cf: &ole_cfb_read::CompoundFile<'_>,
        options: &Options,
    ) -> Result<Self, Error> {
        let read = |name: &str| -> Result<Option<std::borrow::Cow<'_, [u8]>>, Error> {
            match cf.entry(name) {
                None => Ok(None),
                Some(_) => cf.stream(name).map(Some).map_err(Error::Container),
            }
        };
        let word_document =
            read("WordDocument")?.ok_or_else(|| Error::Corrupt("no WordDocument stream".into()))?;
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
