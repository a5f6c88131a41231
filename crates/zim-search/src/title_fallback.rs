//! Title suggestions without a title index: prefix search over the archive's title-ordered
//! listing.
//!
//! libzim's own fallback (`Archive::findByTitle`) is a case-sensitive byte prefix: `Ray` finds
//! "Ray Charles", `ray` finds nothing. Ours is case- and accent-insensitive by default: the
//! listing is sorted case-sensitively, so we visit the listing range of every first character
//! that folds to the query's first folded character (`r`, `R`, `ŕ`, `Ř`...), keep the titles
//! whose folded form starts with the folded query, and order them by folded title (then title,
//! then entry index) so the order is stable. The libzim behaviour stays available for parity.

use std::collections::HashMap;
use std::sync::OnceLock;

use zim_reader::{Archive, Entry};

use crate::error::SearchError;
use crate::fold::{fold, fold_first_char};
use crate::types::{SuggestResults, SuggestSource, Suggestion};

/// Most listing entries one folded query visits; beyond it the total is a lower bound.
const MAX_SCANNED: usize = 100_000;

/// For each folded character, the other characters whose fold starts with it.
fn variants_table() -> &'static HashMap<char, Vec<char>> {
    static TABLE: OnceLock<HashMap<char, Vec<char>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: HashMap<char, Vec<char>> = HashMap::new();
        // Letters with case or diacritics live in the BMP below the CJK blocks and in a few
        // supplementary blocks (Deseret, Osage, Adlam...): scanning up to U+1FFFF covers them.
        for code in 0u32..0x2_0000 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let folded = fold_first_char(c);
            if folded != c {
                table.entry(folded).or_default().push(c);
            }
        }
        table
    })
}

/// First characters whose titles may match a query starting with `folded_first`.
fn first_char_candidates(folded_first: char) -> Vec<char> {
    let mut candidates = vec![folded_first];
    if let Some(others) = variants_table().get(&folded_first) {
        candidates.extend(others.iter().copied());
    }
    candidates
}

fn suggestion(entry: &Entry) -> Suggestion {
    Suggestion {
        path: entry.path().to_owned(),
        title: entry.title().to_owned(),
        entry_index: Some(entry.index()),
    }
}

/// Visits the title listing (libzim's `findByTitle` range: the `C`/`A` namespace, or the front
/// articles) from the first title >= `start`, while `visit` accepts the entries.
fn scan_from(
    archive: &Archive,
    start: &str,
    budget: &mut usize,
    mut visit: impl FnMut(&Entry) -> Result<bool, SearchError>,
) -> Result<(), SearchError> {
    let position = archive.title_index_position(start)?;
    for entry in archive.entries_by_title_from(position) {
        let entry = entry?;
        if !visit(&entry)? {
            break;
        }
        *budget = budget.saturating_sub(1);
        if *budget == 0 {
            break;
        }
    }
    Ok(())
}

fn page(all: Vec<Suggestion>, offset: u32, limit: u32, source: SuggestSource) -> SuggestResults {
    let estimated_total = u64::try_from(all.len()).unwrap_or(u64::MAX);
    let hits = all
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .collect();
    SuggestResults {
        estimated_total,
        total_is_lower_bound: false,
        hits,
        source,
    }
}

/// libzim's fallback: titles starting with `prefix`, byte for byte, in listing order.
pub(crate) fn suggest_case_sensitive(
    archive: &Archive,
    prefix: &str,
    offset: u32,
    limit: u32,
) -> Result<SuggestResults, SearchError> {
    let mut found = Vec::new();
    if !prefix.is_empty() {
        let mut budget = MAX_SCANNED;
        scan_from(archive, prefix, &mut budget, |entry| {
            let matches = entry.title().starts_with(prefix);
            if matches {
                found.push(suggestion(entry));
            }
            Ok(matches)
        })?;
    }
    Ok(page(
        found,
        offset,
        limit,
        SuggestSource::TitleListingCaseSensitive,
    ))
}

/// Case- and accent-insensitive prefix search, ordered by folded title.
pub(crate) fn suggest_folded(
    archive: &Archive,
    prefix: &str,
    offset: u32,
    limit: u32,
) -> Result<SuggestResults, SearchError> {
    let folded_prefix = fold(prefix);
    let Some(folded_first) = folded_prefix.chars().next() else {
        return Ok(page(Vec::new(), offset, limit, SuggestSource::TitleListing));
    };
    let mut budget = MAX_SCANNED;
    let mut found: Vec<(String, Suggestion)> = Vec::new();
    for first in first_char_candidates(folded_first) {
        let mut buffer = [0u8; 4];
        let start: &str = first.encode_utf8(&mut buffer);
        scan_from(archive, start, &mut budget, |entry| {
            let title = entry.title();
            if !title.starts_with(first) {
                return Ok(false);
            }
            let folded_title = fold(title);
            if folded_title.starts_with(&folded_prefix) {
                found.push((folded_title, suggestion(entry)));
            }
            Ok(true)
        })?;
        if budget == 0 {
            break;
        }
    }
    found.sort_by(|(fa, a), (fb, b)| {
        fa.cmp(fb)
            .then_with(|| a.title.cmp(&b.title))
            .then_with(|| a.entry_index.cmp(&b.entry_index))
    });
    found.dedup_by(|(_, a), (_, b)| a.entry_index == b.entry_index);
    let all = found.into_iter().map(|(_, s)| s).collect();
    Ok(page(all, offset, limit, SuggestSource::TitleListing))
}

#[cfg(test)]
mod tests {
    use super::first_char_candidates;

    #[test]
    fn candidates_cover_case_and_accents() {
        let e = first_char_candidates('e');
        for c in ['e', 'E', 'é', 'É', 'ê', 'ë'] {
            assert!(e.contains(&c), "{c} missing");
        }
        let cyr = first_char_candidates('и');
        assert!(cyr.contains(&'И'));
        assert!(cyr.contains(&'й') || cyr.contains(&'Й'));
    }
}
