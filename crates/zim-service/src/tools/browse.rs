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
            let limit = args.limit.unwrap_or(DEFAULT_WALK_LIMIT);
            let uuid = archive.uuid();
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
                    state.scan_at.clamp(range.start, range.end)
                }
                None => range.start,
            };
            let end = start.saturating_add(limit).min(range.end);
            let mut entries = collect(open, start, end)?;
            let assets_skipped = drop_assets(&mut entries, args.include_assets);
            let done = end >= range.end;
            let next_cursor =
                (!done).then(|| cursors.encode(TOOL, &uuid, &WalkState { ns, scan_at: end }));
            let mut response = json!({
                "zim_file": open.file.display,
                "namespace": ns.to_string(),
                "total_in_namespace": total,
                "returned_count": entries.len(),
                "entries": entries,
                "next_cursor": next_cursor,
                "done": done,
            });
            if let (Some(n), Some(map)) = (assets_skipped, response.as_object_mut()) {
                map.insert("assets_skipped".into(), json!(n));
            }
            Ok(response)
        }
    }
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

/// An entry listed for its bytes rather than as a page: neither HTML nor a redirect.
fn is_asset(summary: &Value) -> bool {
    summary.get("is_redirect").and_then(Value::as_bool) != Some(true)
        && !summary
            .get("mime_type")
            .and_then(Value::as_str)
            .is_some_and(|m| m.starts_with("text/html"))
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
