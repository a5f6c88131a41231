//! What the index keeps of one page: its sections' text (as the section tools read them)
//! and its internal links resolved to entries, each with its anchor text (as `zim_links`
//! lists them: the same parse, so "what links here" and "what this links to" agree).

use std::cell::RefCell;
use std::collections::HashMap;

use zim_reader::{Archive, Entry};
use zim_render::{Document, LinkKind, RenderOptions, SectionText};

/// Characters of one section's text kept for the index (the start of a long section says
/// what it is about; the rest adds cost, not recall).
pub const SECTION_CHARS: usize = 4_000;
/// Characters of a page's lead kept for its embedding.
pub const LEAD_CHARS: usize = 400;
/// Characters of one anchor text kept.
pub const ANCHOR_CHARS: usize = 160;
/// Pages larger than this are not parsed (a rendered source file, a data dump).
pub const MAX_PAGE_BYTES: usize = 16 * 1024 * 1024;
/// Path lookups remembered by one worker before its memo is cleared (bounded memory on
/// archives of millions of entries).
const MEMO_ENTRIES: usize = 200_000;

/// One page's contribution to the index.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct PageParts {
    pub title: String,
    pub sections: Vec<SectionText>,
    /// Distinct internal link targets (entry indices after redirects), in first-occurrence
    /// order, each with the anchor text of its first link.
    pub links: Vec<(u32, String)>,
}

/// Resolves link targets to entry indices, remembering what it looked up.
pub struct Resolver<'a> {
    archive: &'a Archive,
    memo: RefCell<HashMap<String, Option<(u32, String)>>>,
}

impl<'a> Resolver<'a> {
    pub fn new(archive: &'a Archive) -> Self {
        Self {
            archive,
            memo: RefCell::new(HashMap::new()),
        }
    }

    /// The entry a path names after redirects: its index and path.
    fn lookup(&self, path: &str) -> Option<(u32, String)> {
        if let Some(found) = self.memo.borrow().get(path) {
            return found.clone();
        }
        let found = self
            .archive
            .entry_by_path(path)
            .ok()
            .flatten()
            .and_then(|e| e.resolve().ok())
            .map(|e| (e.index(), e.path().to_owned()));
        let mut memo = self.memo.borrow_mut();
        if memo.len() >= MEMO_ENTRIES {
            memo.clear();
        }
        memo.insert(path.to_owned(), found.clone());
        found
    }

    /// The page's parts; `None` for a page that is too large or does not parse.
    pub fn page_parts(&self, entry: &Entry, html: &[u8]) -> Option<PageParts> {
        if html.len() > MAX_PAGE_BYTES {
            return None;
        }
        let doc = Document::parse(html, &RenderOptions::default()).ok()?;
        let base = entry.path();
        let report = doc.links(base, &|candidate| self.lookup(candidate).map(|(_, p)| p));
        let mut links = Vec::new();
        for link in report.links {
            if link.kind != LinkKind::Internal || !link.exists {
                continue;
            }
            if let Some((index, _)) = self.lookup(&link.target)
                && index != entry.index()
            {
                links.push((index, clip(&link.text, ANCHOR_CHARS)));
            }
        }
        let title = if entry.title().is_empty() {
            doc.title().unwrap_or_default().to_owned()
        } else {
            entry.title().to_owned()
        };
        Some(PageParts {
            title,
            sections: doc.section_texts(SECTION_CHARS),
            links,
        })
    }
}

/// `text` with collapsed whitespace, at most `max` characters.
pub fn clip(text: &str, max: usize) -> String {
    let one: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match one.char_indices().nth(max) {
        Some((cut, _)) => one.get(..cut).unwrap_or_default().to_owned(),
        None => one,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_collapses_and_cuts_on_characters() {
        assert_eq!(clip("  a \n b  ", 10), "a b");
        assert_eq!(clip("ééééé", 3), "ééé");
        assert_eq!(clip("", 3), "");
    }
}
