//! Finding an entry from what a client typed, and the small per-entry facts tools report.

use percent_encoding::percent_decode_str;
use serde_json::{Value, json};
use zim_reader::{Archive, Entry};

use crate::error::ToolError;
use crate::redact::redact_paths;
use crate::text::truncate;

/// Longest `entry_path` accepted (openzim-mcp's input limit).
pub const MAX_ENTRY_PATH_LEN: usize = 500;

/// An entry found for a requested path, after following redirects.
pub struct Found {
    pub entry: Entry,
    /// The path the lookup matched, when it differs from the request (fallback used).
    pub matched_path: Option<String>,
}

pub fn check_entry_path(path: &str) -> Result<(), ToolError> {
    if path.trim().is_empty() {
        return Err(ToolError::validation(
            "invalid_entry_path",
            "entry_path is empty",
        ));
    }
    if path.len() > MAX_ENTRY_PATH_LEN {
        return Err(ToolError::validation(
            "invalid_entry_path",
            format!("entry_path is longer than {MAX_ENTRY_PATH_LEN} characters"),
        ));
    }
    if path.chars().any(char::is_control) {
        return Err(ToolError::validation(
            "invalid_entry_path",
            "entry_path contains control characters",
        ));
    }
    Ok(())
}

pub fn archive_error(operation: &str, err: impl std::fmt::Display) -> ToolError {
    ToolError::archive(
        operation,
        format!("Archive read error: {}", redact_paths(&err.to_string())),
    )
}

/// An entry's bytes as text (invalid UTF-8 replaced); a read failure is reported as a
/// failure of `operation`.
pub fn entry_text(entry: &Entry, operation: &str) -> Result<String, ToolError> {
    let blob = entry.content().map_err(|e| archive_error(operation, e))?;
    Ok(String::from_utf8_lossy(&blob).into_owned())
}

/// Look `requested` up through the smart-retrieval ladder, most literal rung first:
/// 1. the exact path (libzim's form, or with an explicit namespace `C/Foo`, `A/Foo`);
/// 2. the percent-decoded path; 3. re-encoded forms (space <-> underscore);
/// 4. namespace variants (`A/` <-> `C/` <-> none) — folded into every lookup — and the
///    `.html`/`.htm` extension older Wikipedia dumps used; 5. case variants of the last
///    segment (first letter up/down, all lower-case, Title Case); 6. a title lookup;
/// 7. the best full-text hit, accepted only when its title carries every word asked for.
///
/// Successful resolutions are memoised per archive in a bounded cache.
pub fn find_entry(archive: &Archive, requested: &str) -> Result<Found, ToolError> {
    check_entry_path(requested)?;
    let key = (archive.uuid(), requested.to_owned());
    if let Some(index) = RESOLVED.get(&key)
        && let Ok(entry) = archive.entry_at(index)
    {
        return finish(entry, requested);
    }
    let entry = ladder(archive, requested)?.ok_or_else(|| {
        ToolError::not_found(
            "entry_not_found",
            format!("Entry not found: '{}'", truncate(requested, 200)),
        )
        .with_hint("Use zim_search to find the right path, or zim_browse to list a namespace")
    })?;
    RESOLVED.insert(key, entry.index());
    finish(entry, requested)
}

/// Memoised resolutions: (archive uuid, requested path) -> entry index. Archives are
/// immutable for a given uuid, so entries never go stale; the bound keeps memory flat.
static RESOLVED: std::sync::LazyLock<moka::sync::Cache<(String, String), u32>> =
    std::sync::LazyLock::new(|| moka::sync::Cache::new(10_000));

fn ladder(archive: &Archive, requested: &str) -> Result<Option<Entry>, ToolError> {
    let decoded = percent_decode_str(requested)
        .decode_utf8_lossy()
        .into_owned();
    let mut candidates: Vec<String> = Vec::new();
    for variant in [
        requested.to_owned(),
        decoded.clone(),
        requested.replace(' ', "_"),
        decoded.replace(' ', "_"),
        requested.replace('_', " "),
    ] {
        push_unique(&mut candidates, variant);
    }
    for candidate in &candidates {
        if let Some(entry) = lookup_path(archive, candidate)? {
            return Ok(Some(entry));
        }
    }
    // Old Wikipedia dumps store articles as `A/Foo.html`: accept the path without it.
    for candidate in &candidates {
        for suffix in [".html", ".htm"] {
            if !candidate.ends_with(suffix)
                && let Some(entry) = lookup_path(archive, &format!("{candidate}{suffix}"))?
            {
                return Ok(Some(entry));
            }
        }
    }
    let mut cased = Vec::new();
    for candidate in &candidates {
        for variant in case_variants(candidate) {
            if !candidates.contains(&variant) {
                push_unique(&mut cased, variant);
            }
        }
    }
    for candidate in &cased {
        if let Some(entry) = lookup_path(archive, candidate)? {
            return Ok(Some(entry));
        }
    }
    // Titles carry no namespace: `A/Ray_Charles` is looked up as the title `Ray Charles`.
    let mut titles: Vec<String> = Vec::new();
    for c in candidates.iter().chain(&cased) {
        push_unique(&mut titles, c.clone());
        push_unique(&mut titles, strip_namespace(c).to_owned());
        push_unique(&mut titles, strip_namespace(c).replace('_', " "));
    }
    for title in &titles {
        if let Some(entry) = archive
            .entry_by_title(title)
            .map_err(|e| archive_error("get_entry", e))?
        {
            return Ok(Some(entry));
        }
    }
    fulltext_rung(archive, &decoded)
}

fn push_unique(list: &mut Vec<String>, value: String) {
    if !value.is_empty() && !list.contains(&value) {
        list.push(value);
    }
}

/// The last path segment with its first letter upper- and lower-cased, all lower-case, and
/// in Title Case (`a/ray_charles` -> `a/Ray_charles`, `a/Ray_Charles`, ...).
fn case_variants(path: &str) -> Vec<String> {
    let (head, last) = match path.rfind('/') {
        Some(i) => path.split_at(i + 1),
        None => ("", path),
    };
    let mut first_up = String::new();
    let mut first_down = String::new();
    let mut chars = last.chars();
    if let Some(c) = chars.next() {
        first_up.extend(c.to_uppercase());
        first_down.extend(c.to_lowercase());
        first_up.push_str(chars.as_str());
        first_down.push_str(chars.as_str());
    }
    let lower = last.to_lowercase();
    let mut title_case = String::with_capacity(last.len());
    let mut at_word_start = true;
    for c in last.chars() {
        if at_word_start {
            title_case.extend(c.to_uppercase());
        } else {
            title_case.push(c);
        }
        at_word_start = matches!(c, '_' | ' ' | '-' | '(');
    }
    let mut out: Vec<String> = Vec::new();
    for v in [first_up, first_down, lower, title_case] {
        if v != last {
            push_unique(&mut out, format!("{head}{v}"));
        }
    }
    out
}

/// The words of a requested path, for matching a full-text hit against it.
fn path_words(path: &str) -> Vec<String> {
    let name = strip_namespace(path.rsplit('/').next().unwrap_or(path));
    let name = name
        .strip_suffix(".html")
        .or_else(|| name.strip_suffix(".htm"))
        .unwrap_or(name);
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The best title-suggestion or full-text hit for the words of the path, accepted only when
/// its title contains every one of them: a near-miss of a real title, never a random page.
fn fulltext_rung(archive: &Archive, requested: &str) -> Result<Option<Entry>, ToolError> {
    let words = path_words(requested);
    if words.is_empty() || words.len() > 12 {
        return Ok(None);
    }
    let searcher = zim_search::ArchiveSearch::new(archive.clone());
    // Candidates: title suggestions (titles ranked as titles) and full-text hits.
    let query = words.join(" ");
    let mut candidates: Vec<(String, Option<u32>)> = Vec::new();
    if let Ok(suggestions) = searcher.suggest(&query, 0, 10) {
        candidates.extend(
            suggestions
                .hits
                .into_iter()
                .map(|h| (h.title, h.entry_index)),
        );
    }
    if let Ok(results) = searcher.search(&zim_search::SearchRequest::new(query, 0, 10)) {
        candidates.extend(results.hits.into_iter().map(|h| (h.title, h.entry_index)));
    }
    // Among those whose titles hold every word, the one with the fewest other words.
    let best = candidates
        .into_iter()
        .filter_map(|(title, index)| {
            let title_words = path_words(&title);
            let covers = words.iter().all(|w| title_words.contains(w));
            covers.then_some((title_words.len(), index?))
        })
        .min_by_key(|(len, _)| *len);
    match best {
        Some((_, index)) => archive
            .entry_at(index)
            .map(Some)
            .map_err(|e| archive_error("get_entry", e)),
        None => Ok(None),
    }
}

/// `Foo` for `A/Foo` (a one-character namespace prefix), the input otherwise.
fn strip_namespace(path: &str) -> &str {
    let mut chars = path.chars();
    match (chars.next(), chars.next()) {
        (Some(_), Some('/')) if !chars.as_str().is_empty() => chars.as_str(),
        _ => path,
    }
}

/// One exact lookup of a path as libzim spells it, or with an explicit namespace (`C/Foo`,
/// `A/Foo`, `M/Title`), `A/` and `C/` standing for each other, or in the content namespace.
pub fn lookup_path(archive: &Archive, path: &str) -> Result<Option<Entry>, ToolError> {
    let err = |e: zim_reader::ZimError| archive_error("get_entry", e);
    if let Some(entry) = archive.entry_by_path(path).map_err(err)? {
        return Ok(Some(entry));
    }
    let mut chars = path.chars();
    if let (Some(ns), Some('/')) = (chars.next(), chars.next()) {
        let rest = chars.as_str();
        if !rest.is_empty()
            && let Some(entry) = archive.entry_by_ns_path(ns, rest).map_err(err)?
        {
            return Ok(Some(entry));
        }
        // `C/Foo` asked of an old-scheme archive means `A/Foo`, and `A/Foo` of a new one `C/Foo`.
        let other = if ns == 'C' {
            'A'
        } else if ns == 'A' {
            'C'
        } else {
            ns
        };
        if other != ns
            && !rest.is_empty()
            && let Some(entry) = archive.entry_by_ns_path(other, rest).map_err(err)?
        {
            return Ok(Some(entry));
        }
    }
    let content_ns = if archive.has_new_namespace_scheme() {
        'C'
    } else {
        'A'
    };
    archive.entry_by_ns_path(content_ns, path).map_err(err)
}

fn finish(entry: Entry, requested: &str) -> Result<Found, ToolError> {
    let matched = entry.path().to_owned();
    let entry = if entry.is_redirect() {
        entry.resolve().map_err(|e| archive_error("get_entry", e))?
    } else {
        entry
    };
    let final_path = entry.path().to_owned();
    let matched_path = if final_path != requested || matched != requested {
        Some(final_path)
    } else {
        None
    };
    Ok(Found {
        entry,
        matched_path,
    })
}

/// `{path, title, namespace, is_redirect, mime_type?}` for listings.
pub fn entry_summary(entry: &Entry) -> Value {
    let mut value = json!({
        "path": entry.path(),
        "full_path": entry.full_path(),
        "title": entry.title().to_string(),
        "namespace": entry.namespace().to_string(),
        "index": entry.index(),
        "is_redirect": entry.is_redirect(),
    });
    if !entry.is_redirect()
        && let Ok(mime) = entry.mimetype()
        && let Some(map) = value.as_object_mut()
    {
        map.insert("mime_type".into(), Value::String(mime.to_string()));
    }
    value
}

/// An entry's path as openzim-mcp shows it: bare in a new-scheme archive's C namespace
/// (`Foo`), with its namespace everywhere else (`M/Title`, `A/Foo` in old-scheme archives).
pub fn display_path(entry: &Entry) -> String {
    if entry.archive().has_new_namespace_scheme() && entry.namespace() != 'C' {
        entry.full_path()
    } else {
        entry.path().to_owned()
    }
}

#[cfg(test)]
mod ladder_tests {
    use super::*;

    fn archive(rel: &str) -> Archive {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/zim")
            .join(rel);
        Archive::open(path).unwrap()
    }

    fn resolved(archive: &Archive, requested: &str) -> Option<String> {
        find_entry(archive, requested)
            .ok()
            .map(|f| f.entry.path().to_owned())
    }

    #[test]
    fn each_rung_of_the_ladder() {
        let mini = archive("kiwix/zimfile.zim");
        let target = Some("A/Ray_Charles".to_owned());
        assert_eq!(resolved(&mini, "A/Ray_Charles"), target, "exact");
        assert_eq!(
            resolved(&mini, "A/Ray%5FCharles"),
            target,
            "percent-decoded"
        );
        assert_eq!(
            resolved(&mini, "A/Ray Charles"),
            target,
            "space for underscore"
        );
        assert_eq!(resolved(&mini, "Ray_Charles"), target, "namespace added");
        assert_eq!(
            resolved(&mini, "C/Ray_Charles"),
            target,
            "C/ asked of an A/ archive"
        );
        assert_eq!(resolved(&mini, "A/ray_Charles"), target, "first letter");
        assert_eq!(
            resolved(&mini, "A/RAY_CHARLES"),
            target,
            "full text, closest title"
        );
        assert_eq!(
            resolved(&mini, "ray charles"),
            target,
            "title, redirect followed"
        );
        // The full-text rung: a title missing a word, accepted because the hit has all words.
        assert_eq!(
            resolved(&mini, "A/Modern_Sounds_Country").as_deref(),
            Some("A/Modern_Sounds_in_Country_and_Western_Music")
        );
        assert_eq!(resolved(&mini, "A/Qwertyuiopasdf"), None);
        let old = archive("kiwix/wikipedia_en_ray_charles_2015-06.zimaa");
        assert_eq!(
            resolved(&old, "Ray_Charles").as_deref(),
            Some("A/Ray_Charles.html"),
            ".html added"
        );
        let new = archive("nons/small.zim");
        assert_eq!(resolved(&new, "C/main.html").as_deref(), Some("main.html"));
        assert_eq!(resolved(&new, "Main.html").as_deref(), Some("main.html"));
    }

    #[test]
    fn reports_the_actual_path_and_memoises() {
        let mini = archive("kiwix/zimfile.zim");
        let found = find_entry(&mini, "Ray charles").unwrap();
        assert_eq!(found.matched_path.as_deref(), Some("A/Ray_Charles"));
        let again = find_entry(&mini, "Ray charles").unwrap();
        assert_eq!(again.entry.index(), found.entry.index());
        assert!(RESOLVED.contains_key(&(mini.uuid(), "Ray charles".to_owned())));
        assert!(
            find_entry(&mini, "A/Ray_Charles")
                .unwrap()
                .matched_path
                .is_none()
        );
    }

    #[test]
    fn case_variants_of_the_last_segment() {
        assert_eq!(
            case_variants("A/ray_charles"),
            vec!["A/Ray_charles", "A/Ray_Charles"]
        );
        assert_eq!(case_variants("Élan"), vec!["élan"]);
        assert!(case_variants("").is_empty());
    }
}
