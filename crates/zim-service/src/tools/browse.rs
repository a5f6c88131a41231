//! `zim_browse`: offset pages over a namespace, or a cursor walk by entry index.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cursor::CursorCodec;
use crate::error::ToolError;
use crate::registry::OpenArchive;
use crate::tools::args::{BrowseMode, ZimBrowseArgs, check_range};
use crate::tools::entry::{archive_error, entry_summary};
use crate::tools::namespace::{describe, namespace_range, parse_namespace};

pub const TOOL: &str = "zim_browse";
const DEFAULT_PAGE_LIMIT: u32 = 50;
const DEFAULT_WALK_LIMIT: u32 = 200;

#[derive(Serialize, Deserialize)]
struct WalkState {
    /// Namespace being walked.
    ns: char,
    /// Next entry index to return.
    scan_at: u32,
    /// The page size the walk was started with, kept when a later call omits `limit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    l: Option<u32>,
}

/// Validation that needs no archive: ranges and the mode/cursor/offset rules.
pub fn validate(args: &ZimBrowseArgs) -> Result<(), ToolError> {
    check_range("limit", args.limit.map(u64::from), 1, 500)?;
    parse_namespace(&args.namespace)?;
    match args.mode {
        BrowseMode::Page if args.cursor.as_deref().is_some_and(|c| !c.trim().is_empty()) => {
            Err(ToolError::validation(
                "invalid_parameter_combination",
                "cursor is only valid with mode=\"walk\"",
            )
            .with_hint("Use offset to page in mode=\"page\", or set mode=\"walk\""))
        }
        BrowseMode::Walk if args.offset != 0 => Err(ToolError::validation(
            "invalid_parameter_combination",
            "offset is only valid with mode=\"page\"",
        )
        .with_hint("Continue a walk with the next_cursor of the previous call")),
        _ => Ok(()),
    }
}

pub fn browse(
    open: &OpenArchive,
    args: &ZimBrowseArgs,
    cursors: &CursorCodec,
) -> Result<Value, ToolError> {
    validate(args)?;
    let ns = parse_namespace(&args.namespace)?;
    let archive = &open.archive;
    let range = namespace_range(archive, ns)?;
    let total = range.end - range.start;
    let new_scheme = archive.has_new_namespace_scheme();
    match args.mode {
        BrowseMode::Page => {
            let limit = args.limit.unwrap_or(DEFAULT_PAGE_LIMIT);
            let first = range.start.saturating_add(args.offset).min(range.end);
            let last = first.saturating_add(limit).min(range.end);
            let mut entries = collect(open, first, last)?;
            let assets_skipped = drop_assets(&mut entries, args.include_assets);
            let has_more = last < range.end;
            let mut response = json!({
                "zim_file": open.file.display,
                "namespace": ns.to_string(),
                "description": describe(ns, new_scheme),
                "total_in_namespace": total,
                "offset": args.offset,
                "limit": limit,
                "returned_count": entries.len(),
                "has_more": has_more,
                "next_offset": if has_more { Some(args.offset.saturating_add(last - first)) } else { None },
                "entries": entries,
            });
            if let (Some(n), Some(map)) = (assets_skipped, response.as_object_mut()) {
                map.insert("assets_skipped".into(), json!(n));
            }
            Ok(response)
        }
        BrowseMode::Walk => {
            let uuid = archive.uuid();
            let mut limit = args.limit.unwrap_or(DEFAULT_WALK_LIMIT);
            let start = match args
                .cursor
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty())
            {
                Some(cursor) => {
                    let state: WalkState = cursors.decode(TOOL, &uuid, cursor)?;
                    if state.ns != ns {
                        return Err(ToolError::validation(
                            "cursor_mismatch",
                            format!("the cursor walks namespace {}, not {ns}", state.ns),
                        ));
                    }
                    if let (None, Some(l)) = (args.limit, state.l) {
                        limit = l.clamp(1, 500);
                    }
                    state.scan_at.clamp(range.start, range.end)
                }
                None => range.start,
            };
            // With assets left out, the walk scans on until the page holds `limit` entries.
            let (entries, end, assets_skipped) = if args.include_assets == Some(false) {
                let (entries, end, skipped) = scan_fill(open, start..range.end, 0, limit)?;
                (entries, end, Some(skipped))
            } else {
                let end = start.saturating_add(limit).min(range.end);
                (collect(open, start, end)?, end, None)
            };
            let done = end >= range.end;
            let next_cursor = (!done).then(|| {
                cursors.encode(
                    TOOL,
                    &uuid,
                    &WalkState {
                        ns,
                        scan_at: end,
                        l: Some(limit),
                    },
                )
            });
            let mut response = json!({
                "zim_file": open.file.display,
                "namespace": ns.to_string(),
                "total_in_namespace": total,
                "returned_count": entries.len(),
                "entries": entries,
                "next_cursor": next_cursor,
                "done": done,
                "scan_start": start,
                "scan_end": end,
                "limit": limit,
            });
            if let (Some(n), Some(map)) = (assets_skipped, response.as_object_mut()) {
                map.insert("assets_skipped".into(), json!(n));
            }
            Ok(response)
        }
    }
}

/// One page of a namespace counted in listed entries: `offset` entries skipped, then up to
/// `limit` listed, assets left out (and not counted) unless `include_assets`.
pub struct ContentPage {
    pub entries: Vec<Value>,
    /// Entries in the namespace, assets included.
    pub total: u32,
    /// The namespace has no entry after this page.
    pub exhausted: bool,
    pub assets_skipped: u32,
    /// A namespace letter no ZIM archive uses.
    pub unknown_namespace: bool,
}

/// openzim-mcp's page of a namespace: with assets left out, `offset` counts listed entries
/// only, and the page scans on until it holds `limit` of them.
pub fn content_page(
    open: &OpenArchive,
    namespace: &str,
    offset: u64,
    limit: u64,
    include_assets: bool,
) -> Result<ContentPage, ToolError> {
    let ns = parse_namespace(namespace)?;
    let range = namespace_range(&open.archive, ns)?;
    let total = range.end - range.start;
    let offset = u32::try_from(offset).unwrap_or(u32::MAX);
    let limit = u32::try_from(limit).unwrap_or(u32::MAX);
    let unknown_namespace = total == 0 && !"-ABCIJMUVWX".contains(ns);
    if include_assets {
        let first = range.start.saturating_add(offset).min(range.end);
        let last = first.saturating_add(limit).min(range.end);
        return Ok(ContentPage {
            entries: collect(open, first, last)?,
            total,
            exhausted: last >= range.end,
            assets_skipped: 0,
            unknown_namespace,
        });
    }
    let (entries, end, assets_skipped) = scan_fill(open, range.clone(), offset, limit)?;
    Ok(ContentPage {
        entries,
        total,
        exhausted: end >= range.end,
        assets_skipped,
        unknown_namespace,
    })
}

/// Entries of `range` that are not assets: `skip` of them passed over, then up to `limit`
/// collected. Returns them, the index after the last one scanned, and the assets met.
fn scan_fill(
    open: &OpenArchive,
    range: std::ops::Range<u32>,
    skip: u32,
    limit: u32,
) -> Result<(Vec<Value>, u32, u32), ToolError> {
    let mut entries = Vec::new();
    let mut skipped_rows = 0u32;
    let mut assets = 0u32;
    let mut at = range.start;
    while at < range.end && entries.len() < limit as usize {
        let summary = open
            .archive
            .entry_at(at)
            .map(|e| entry_summary(&e))
            .map_err(|e| archive_error("browse_namespace", e))?;
        at += 1;
        if is_asset(&summary) {
            assets += 1;
        } else if skipped_rows < skip {
            skipped_rows += 1;
        } else {
            entries.push(summary);
        }
    }
    Ok((entries, at, assets))
}

fn collect(open: &OpenArchive, first: u32, last: u32) -> Result<Vec<Value>, ToolError> {
    (first..last)
        .map(|i| {
            open.archive
                .entry_at(i)
                .map(|e| entry_summary(&e))
                .map_err(|e| archive_error("browse_namespace", e))
        })
        .collect()
}

/// An entry listed for its bytes rather than as a page (openzim-mcp's test): its MIME type
/// is a style, script, font, image, audio, video or archive type, or its path ends in such a
/// file's extension. Redirects are judged by their path only.
fn is_asset(summary: &Value) -> bool {
    const MIME_EXACT: &[&str] = &[
        "text/css",
        "application/javascript",
        "text/javascript",
        "application/json",
        "application/pdf",
        "application/zip",
        "application/gzip",
        "application/x-font-ttf",
        "application/x-font-woff",
        "application/font-woff",
        "application/vnd.ms-fontobject",
    ];
    const MIME_PREFIXES: &[&str] = &["image/", "video/", "audio/", "font/"];
    if let Some(mime) = summary.get("mime_type").and_then(Value::as_str) {
        let base = mime
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_lowercase();
        if MIME_EXACT.contains(&base.as_str()) || MIME_PREFIXES.iter().any(|p| base.starts_with(p))
        {
            return true;
        }
    }
    is_asset_path(
        summary
            .get("path")
            .and_then(Value::as_str)
            .unwrap_or_default(),
    )
}

/// Whether a path ends in an asset's extension (query string and fragment ignored).
pub fn is_asset_path(path: &str) -> bool {
    const EXTENSIONS: &[&str] = &[
        ".jpg", ".jpeg", ".png", ".gif", ".svg", ".webp", ".bmp", ".ico", ".tif", ".tiff", ".eot",
        ".otf", ".ttf", ".woff", ".woff2", ".css", ".js", ".mjs", ".json", ".pdf", ".zip", ".gz",
        ".mp4", ".webm", ".mp3", ".ogg", ".wav", ".avi", ".mov", ".m4a",
    ];
    let base = path
        .split('?')
        .next()
        .unwrap_or_default()
        .split('#')
        .next()
        .unwrap_or_default()
        .to_lowercase();
    EXTENSIONS.iter().any(|e| base.ends_with(e))
}

/// Apply `include_assets=false`: drop asset rows, returning how many were dropped.
fn drop_assets(entries: &mut Vec<Value>, include_assets: Option<bool>) -> Option<usize> {
    if include_assets != Some(false) {
        return None;
    }
    let before = entries.len();
    entries.retain(|e| !is_asset(e));
    Some(before - entries.len())
}
