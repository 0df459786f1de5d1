//! Named properties (MS-OXMSG 2.2.3 `__nameid_version1.0`): which property
//! id (0x8000 and up) a (property set, LID) pair was given in this file.

use ole_cfb_read::CompoundFile;

/// `PSETID_Appointment` {00062002-0000-0000-C000-000000000046}, as stored.
pub(crate) const PSETID_APPOINTMENT: [u8; 16] = guid(0x0006_2002);
/// `PSETID_Task` {00062003-0000-0000-C000-000000000046}.
pub(crate) const PSETID_TASK: [u8; 16] = guid(0x0006_2003);
/// `PSETID_Address` {00062004-0000-0000-C000-000000000046}.
pub(crate) const PSETID_ADDRESS: [u8; 16] = guid(0x0006_2004);

/// The little-endian bytes of {xxxxxxxx-0000-0000-C000-000000000046}.
const fn guid(data1: u32) -> [u8; 16] {
    let d = data1.to_le_bytes();
    [
        d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46,
    ]
}

/// The numeric named properties of a message.
#[derive(Debug, Default)]
pub(crate) struct NameMap {
    /// (property set, LID, property id).
    entries: Vec<([u8; 16], u32, u16)>,
}

impl NameMap {
    /// Reads the root's `__nameid_version1.0` storage; a missing or damaged
    /// one maps nothing.
    pub fn read(cf: &CompoundFile<'_>) -> NameMap {
        let stream = |id: &str| {
            cf.stream(&format!("__nameid_version1.0/__substg1.0_{id}"))
                .map(|s| s.into_owned())
                .unwrap_or_default()
        };
        let guids = stream("00020102");
        let entry_stream = stream("00030102");
        let mut entries = Vec::new();
        // Entry: name id or string offset (4), index and kind (2), property index (2).
        for e in entry_stream.chunks_exact(8).take(65_536) {
            let lid = u32::from_le_bytes([e[0], e[1], e[2], e[3]]);
            let index_kind = u16::from_le_bytes([e[4], e[5]]);
            let prop_index = u16::from_le_bytes([e[6], e[7]]);
            if index_kind & 1 == 1 {
                continue; // a string-named property
            }
            // 1 is PS_MAPI and 2 PS_PUBLIC_STRINGS, neither read here; from
            // 3 on, the GUID stream's entries.
            let guid_index = usize::from(index_kind >> 1);
            let Some(at) = guid_index.checked_sub(3).map(|n| n * 16) else {
                continue;
            };
            let Some(g) = guids.get(at..at + 16) else {
                continue;
            };
            let mut set = [0u8; 16];
            set.copy_from_slice(g);
            if let Some(id) = 0x8000u16.checked_add(prop_index) {
                entries.push((set, lid, id));
            }
        }
        NameMap { entries }
    }

    /// The property id of LID `lid` in property set `set`.
    pub fn id(&self, set: [u8; 16], lid: u32) -> Option<u16> {
        self.entries
            .iter()
            .find(|(s, l, _)| *s == set && *l == lid)
            .map(|(_, _, id)| *id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn property_set_guids_are_stored_little_endian() {
        assert_eq!(
            PSETID_APPOINTMENT,
            [
                0x02, 0x20, 0x06, 0, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46
            ]
        );
    }
}
