//! Finding an entry from what a client typed, and the small per-entry facts tools report.

use percent_encoding::percent_decode_str;
use serde_json::{Value, json};
use zim_reader::{Archive, Entry};

use crate::error::ToolError;
use crate::redact::redact_paths;

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

/// Look `requested` up: the exact libzim path first, then the namespace-qualified form
/// (`C/Foo`, `A/Foo`), the bare path in the content namespace, the percent-decoded and
/// space/underscore variants, and finally the title index.
pub fn find_entry(archive: &Archive, requested: &str) -> Result<Found, ToolError> {
    check_entry_path(requested)?;
    let mut candidates: Vec<String> = vec![requested.to_owned()];
    let decoded = percent_decode_str(requested)
        .decode_utf8_lossy()
        .into_owned();
    for variant in [
        decoded.clone(),
        requested.replace(' ', "_"),
        decoded.replace(' ', "_"),
        requested.replace('_', " "),
    ] {
        if !candidates.contains(&variant) {
            candidates.push(variant);
        }
    }
    for candidate in &candidates {
        if let Some(entry) = lookup_path(archive, candidate)? {
            return finish(entry, requested);
        }
    }
    // Old Wikipedia dumps store articles as `A/Foo.html`: accept the path without it.
    for candidate in &candidates {
        for suffix in [".html", ".htm"] {
            if !candidate.ends_with(suffix)
                && let Some(entry) = lookup_path(archive, &format!("{candidate}{suffix}"))?
            {
                return finish(entry, requested);
            }
        }
    }
    // Titles carry no namespace: `A/Ray_Charles` is looked up as the title `Ray Charles`.
    let titles: Vec<String> = candidates
        .iter()
        .flat_map(|c| {
            [
                c.clone(),
                strip_namespace(c).to_owned(),
                strip_namespace(c).replace('_', " "),
            ]
        })
        .collect();
    for title in &titles {
        if let Some(entry) = archive
            .entry_by_title(title)
            .map_err(|e| archive_error("get_entry", e))?
        {
            return finish(entry, requested);
        }
    }
    Err(ToolError::not_found(
        "entry_not_found",
        format!("Entry not found: '{}'", truncate(requested, 200)),
    )
    .with_hint("Use zim_search to find the right path, or zim_browse to list a namespace"))
}

/// `Foo` for `A/Foo` (a one-character namespace prefix), the input otherwise.
fn strip_namespace(path: &str) -> &str {
    let mut chars = path.chars();
    match (chars.next(), chars.next()) {
        (Some(_), Some('/')) if !chars.as_str().is_empty() => chars.as_str(),
        _ => path,
    }
}

fn lookup_path(archive: &Archive, path: &str) -> Result<Option<Entry>, ToolError> {
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

pub fn truncate(s: &str, max_chars: usize) -> String {
    s.chars().take(max_chars).collect()
}
