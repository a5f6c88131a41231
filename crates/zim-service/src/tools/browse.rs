//! `zim_browse`: offset pages over a namespace, or a cursor walk by entry index.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::cursor::CursorCodec;
use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::registry::OpenArchive;
use crate::service::ZimService;
use crate::tools::args::{check_range, coerce_args, input_schema};
use crate::tools::entry::{archive_error, entry_summary};
use crate::tools::namespace::{describe, namespace_range, parse_namespace};
use crate::tools::wire::{
    attach_meta, blank_archive, context_mismatch, cursor_error, data_error, fail, int,
    limit_between, list, page_info, parse, set, str_of, take, text,
};
use crate::tools::{Tool, ToolOutput};

pub static TOOL: Tool = Tool {
    name: "zim_browse",
    title: "Browse a namespace",
    description: "List the entries of a namespace (C, M, W, X in new archives; A, I, ... in old \
ones). mode=\"page\" (default) pages with limit/offset or next_cursor; mode=\"walk\" iterates \
deterministically by entry id: pass next_cursor back until done is true. Assets (images, scripts, \
styles) of a new archive's C namespace are left out unless include_assets=true.",
    simple: false,
    schema: input_schema::<ZimBrowseArgs>,
    operations: &["browse_namespace"],
    run,
    started: Some(|_, args| {
        (args.get("mode").and_then(Value::as_str) == Some("walk"))
            .then(|| "zim_browse: walking the archive".to_owned())
    }),
};

const BROWSE_PAGE_TOOL: &str = "zim_browse_page";
const PREVIEW_CHARS: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum BrowseMode {
    #[default]
    Page,
    Walk,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimBrowseArgs {
    pub zim_file_path: String,
    /// Namespace: C, M, W, X (new scheme) or A, I, ... (old scheme).
    pub namespace: String,
    /// "page" (default, offset pagination) or "walk" (cursor iteration by entry id).
    #[serde(default)]
    pub mode: BrowseMode,
    /// `next_cursor` of a previous call in the same mode.
    #[serde(default)]
    pub cursor: Option<String>,
    /// 1-200 in mode="page" (default 50), 1-500 in mode="walk" (default 200).
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<u32>,
    /// Offset into the namespace (mode="page" only).
    #[serde(default)]
    pub offset: u32,
    /// True: list assets (images, stylesheets, scripts, fonts, media) too. Default: a
    /// new-scheme archive's C namespace lists its pages only, as openzim-mcp does (offsets
    /// then count listed entries); other namespaces list everything.
    #[serde(default)]
    pub include_assets: Option<bool>,
}

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &coerce_args::<ZimBrowseArgs>(args)).map(ToolOutput::Json)
}

#[derive(Serialize, Deserialize)]
struct PageState {
    /// Content-row offset of the next page.
    o: u32,
    /// Namespace.
    ns: String,
    /// Whether assets are listed.
    #[serde(rename = "as")]
    assets: bool,
    /// Page size, kept when a later call omits `limit`.
    l: u32,
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    let mode = text(args, "mode").unwrap_or("page");
    if !matches!(mode, "page" | "walk") {
        return Err(fail(
            "invalid_mode",
            format!(
                "`mode` must be one of ['page', 'walk'] (provided: '{}').",
                crate::text::truncate(mode, 80)
            ),
        ));
    }
    blank_archive(args)?;
    let walk = mode == "walk";
    limit_between(
        int(args, "limit"),
        if walk { 500 } else { 200 },
        &format!("mode='{mode}'"),
    )?;
    let cursor = text(args, "cursor")
        .map(str::trim)
        .filter(|c| !c.is_empty());
    if walk && cursor.is_none() && int(args, "offset").unwrap_or(0) != 0 {
        return Err(fail(
            "invalid_combination",
            format!(
                "`mode='walk'` iterates by entry id and does not accept a bare `offset` \
                 (provided: {}); it would return the first page again. Follow `next_cursor` to \
                 advance a walk, or use `mode='page'` to seek by `offset`.",
                int(args, "offset").unwrap_or(0)
            ),
        ));
    }
    let mut parsed: ZimBrowseArgs = parse("zim_browse", args.clone())?;
    let context = format!("Namespace: {}, Mode: {mode}", parsed.namespace);
    let open = svc
        .registry()
        .open(parsed.zim_file_path.trim())
        .map_err(data_error("zim_browse", context.clone()))?;
    // "content", "c" and "C" are one namespace.
    let ns = crate::tools::namespace::parse_namespace(&parsed.namespace)
        .map(|c| c.to_string())
        .unwrap_or_else(|_| parsed.namespace.trim().to_owned());
    let new_scheme = open.archive.has_new_namespace_scheme();
    // openzim-mcp leaves assets out of a new-scheme archive's C namespace unless asked.
    let filtering_namespace = new_scheme && ns == "C";
    if walk {
        // A page cursor handed to a walk, or a cursor of another namespace.
        if let Some(c) = cursor {
            check_walk_cursor(svc, c, &ns)?;
        }
        parsed.include_assets = Some(parsed.include_assets.unwrap_or(!filtering_namespace));
        let raw = svc.zim_browse(client, parsed.clone()).map_err(|err| {
            if err.operation.starts_with("cursor_") {
                cursor_error(err, "walk_namespace")
            } else {
                data_error("zim_browse", context.clone())(err)
            }
        })?;
        return Ok(walk_page(&open, raw, cursor.is_some()));
    }
    let mut offset = u64::from(parsed.offset);
    let mut assets = parsed.include_assets.unwrap_or(!filtering_namespace);
    let mut limit = parsed.limit;
    if let Some(c) = cursor {
        let state: PageState = svc
            .cursors()
            .decode(BROWSE_PAGE_TOOL, &open.archive.uuid(), c)
            .map_err(|e| {
                let mut err = ToolError::from(e);
                if err.operation == "cursor_mismatch"
                    && svc.cursors().peek(c).is_some_and(|(t, _)| t == CURSOR_TOOL)
                {
                    err.message = "Cursor was issued by 'walk_namespace', cannot be used by 'browse_namespace'".into();
                }
                cursor_error(err, "browse_namespace")
            })?;
        if state.ns != ns {
            return Err(context_mismatch("namespace", &state.ns, &ns, "ns"));
        }
        if parsed.include_assets == Some(true) && !state.assets {
            return Err(fail(
                "cursor_context_mismatch",
                "Cursor was issued with include_assets=False; this call passed \
                 include_assets=True. Drop the `cursor` and start over to change asset \
                 visibility.",
            )
            .with_context(format!(
                "as={}",
                if state.assets { "True" } else { "False" }
            )));
        }
        offset = u64::from(state.o);
        assets = state.assets;
        limit = limit.or(Some(state.l.clamp(1, 200)));
    }
    let limit = u64::from(limit.unwrap_or(50));
    svc.charge(client, "browse_namespace", None)?;
    let page = content_page(&open, &ns, offset, limit, assets)
        .map_err(data_error("zim_browse", context))?;
    let rows: Vec<Value> = page.entries.iter().map(|e| browse_row(&open, e)).collect();
    let returned = rows.len();
    let next = offset.saturating_add(returned as u64);
    let done = page.exhausted || returned == 0;
    let next_cursor = (!done).then(|| {
        svc.cursors().encode(
            BROWSE_PAGE_TOOL,
            &open.archive.uuid(),
            &PageState {
                o: u32::try_from(next).unwrap_or(u32::MAX),
                ns: ns.clone(),
                assets,
                l: u32::try_from(limit).unwrap_or(50),
            },
        )
    });
    let mut info = page_info(offset, limit, returned);
    if page.assets_skipped > 0 {
        info.insert("assets_filtered".into(), json!(true));
    }
    let discovery = if page.unknown_namespace {
        "rejected_unknown_namespace"
    } else if filtering_namespace {
        "entry_id_range"
    } else {
        "full_iteration"
    };
    let mut out = json!({
        "namespace": ns,
        "results": rows,
        "next_cursor": next_cursor,
        "total": page.total,
        "done": done,
        "page_info": info,
        "discovery_method": discovery,
        "sampling_based": false,
        "results_may_be_incomplete": false,
        "zim_file": open.file.display,
        "description": crate::tools::namespace::describe_str(&ns, new_scheme),
    });
    let extra: Vec<(&str, Value)> = if page.unknown_namespace {
        vec![("reason", json!("bad_namespace"))]
    } else {
        Vec::new()
    };
    attach_meta(&mut out, false, &extra);
    Ok(out)
}

/// A walk cursor must be a walk's, for this namespace.
fn check_walk_cursor(svc: &ZimService, cursor: &str, ns: &str) -> Result<(), ToolError> {
    let issued = svc.cursors().peek(cursor);
    if issued.as_ref().is_some_and(|(t, _)| t == BROWSE_PAGE_TOOL) {
        return Err(fail(
            "cursor_mismatch",
            "Cursor was issued by 'browse_namespace', cannot be used by 'walk_namespace'. Drop \
             the `cursor` and call again with an explicit `offset` (or no pagination arg).",
        )
        .with_context("expected_tool=walk_namespace"));
    }
    if let Some((tool, state)) = issued
        && tool == CURSOR_TOOL
        && let Some(walked) = state.get("ns").and_then(Value::as_str)
        && walked != ns
    {
        return Err(context_mismatch("namespace", walked, ns, "ns"));
    }
    Ok(())
}

/// A listed entry: path and title, its type (its target's, for a redirect) and a preview of
/// its text. An entry or type that cannot be read (a damaged archive) lists with a `null`
/// type and no preview, as `zim_links` does, rather than as an entry of type "".
fn browse_row(open: &OpenArchive, summary: &Value) -> Value {
    let entry = summary
        .get("index")
        .and_then(Value::as_u64)
        .and_then(|i| u32::try_from(i).ok())
        .and_then(|i| open.archive.entry_at(i).ok())
        .and_then(|e| {
            if e.is_redirect() {
                e.resolve().ok()
            } else {
                Some(e)
            }
        });
    let (mime, preview) = match entry.as_ref().and_then(|e| Some((e, e.mimetype().ok()?))) {
        Some((e, mime)) => (Some(mime.to_owned()), preview_of(e, mime)),
        None => (None, String::new()),
    };
    let mut row = json!({
        "path": display_path(open, summary),
        "title": summary.get("title").cloned().unwrap_or(Value::Null),
        "content_type": mime,
        "preview": preview,
    });
    if let (Some(map), Some(extra)) = (row.as_object_mut(), summary.as_object()) {
        for key in ["index", "is_redirect"] {
            if let Some(v) = extra.get(key) {
                map.insert(key.to_owned(), v.clone());
            }
        }
    }
    row
}

/// The path as openzim-mcp shows it: with the namespace in old-scheme archives (`A/Foo`),
/// without it in new-scheme ones (`Foo`, the C namespace being implied).
fn display_path(open: &OpenArchive, summary: &Value) -> String {
    let path = str_of(summary, "path");
    let bare_c = summary.get("namespace").and_then(Value::as_str) == Some("C");
    if open.archive.has_new_namespace_scheme() && !bare_c {
        str_of(summary, "full_path")
    } else {
        path
    }
}

/// The first words of an entry's text, or what it is when it is not text.
fn preview_of(entry: &zim_reader::Entry, mime: &str) -> String {
    let texty = mime.starts_with("text/") || mime.contains("json") || mime.contains("xml");
    if !texty {
        return format!("({mime} content)");
    }
    let Ok(blob) = entry.content() else {
        return String::new();
    };
    let bytes = blob.get(..blob.len().min(64 * 1024)).unwrap_or(&[]);
    let text = if mime.starts_with("text/html") {
        // Twice the preview: paragraph breaks count in the budget, not in the preview.
        zim_render::html_text(bytes, PREVIEW_CHARS.saturating_mul(2))
    } else {
        String::from_utf8_lossy(bytes).into_owned()
    };
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > PREVIEW_CHARS {
        let cut: String = flat.chars().take(PREVIEW_CHARS).collect();
        format!("{}...", cut.trim_end())
    } else {
        flat
    }
}

fn walk_page(open: &OpenArchive, mut raw: Value, resumed: bool) -> Value {
    let entries = list(&raw, "entries");
    let rows: Vec<Value> = entries
        .iter()
        .map(|e| {
            let mut row = json!({
                "path": display_path(open, e),
                "title": e.get("title").cloned().unwrap_or(Value::Null),
            });
            if let (Some(map), Some(extra)) = (row.as_object_mut(), e.as_object()) {
                for key in ["index", "is_redirect", "mime_type"] {
                    if let Some(v) = extra.get(key) {
                        map.insert(key.to_owned(), v.clone());
                    }
                }
            }
            row
        })
        .collect();
    let done = raw.get("done").and_then(Value::as_bool).unwrap_or(true);
    // A first walk page scans from the archive's first entry id, as openzim-mcp's does: its
    // offset is 0, and the entries before the namespace count as scanned.
    let start = if resumed {
        raw.get("scan_start").and_then(Value::as_u64).unwrap_or(0)
    } else {
        0
    };
    let end = raw.get("scan_end").and_then(Value::as_u64).unwrap_or(start);
    let skipped = raw
        .get("assets_skipped")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let limit = raw.get("limit").and_then(Value::as_u64).unwrap_or(200);
    let mut info = page_info(start, limit, rows.len());
    if skipped > 0 {
        info.insert("assets_filtered".into(), json!(true));
        info.insert("assets_skipped".into(), json!(skipped));
    }
    let ns_total = raw
        .get("total_in_namespace")
        .cloned()
        .unwrap_or(Value::Null);
    let mut out = json!({
        "namespace": take(&mut raw, "namespace"),
        "results": rows,
        "next_cursor": take(&mut raw, "next_cursor"),
        "total": Value::Null,
        "done": done,
        "page_info": info,
        "scanned_count": end.saturating_sub(start),
        "scanned_through_id": end.saturating_sub(1),
        "archive_entry_count": open.archive.entry_count(),
        "total_in_namespace": ns_total.clone(),
        "zim_file": take(&mut raw, "zim_file"),
    });
    if open.archive.has_new_namespace_scheme() {
        set(&mut out, "namespace_entry_count", ns_total);
    }
    attach_meta(&mut out, false, &[]);
    out
}

impl ZimService {
    pub fn zim_browse(&self, client: &ClientId, args: ZimBrowseArgs) -> Result<Value, ToolError> {
        validate(&args)?;
        self.charge(client, "browse_namespace", None)?;
        let open = self.open(Some(&args.zim_file_path))?;
        browse(&open, &args, self.cursors())
    }
}

pub const CURSOR_TOOL: &str = "zim_browse";
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
                    let state: WalkState = cursors.decode(CURSOR_TOOL, &uuid, cursor)?;
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
                    CURSOR_TOOL,
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
