//! `zim_get`'s answers: one entry rendered, a batch, raw bytes, or the main page.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

use super::{View, ZimGetArgs};
use crate::backend::{HtmlSource, Markdown, RenderBackend};
use crate::error::ToolError;
use crate::presets::{ArchivePreset, SummaryStyle};
use crate::registry::OpenArchive;
use crate::tools::ToolOutput;
use crate::tools::entry::{Found, archive_error, check_entry_path, entry_text, find_entry};
use crate::tools::wire::attach_meta;

/// Most entries one batch call may ask for.
pub const MAX_BATCH: usize = 50;

/// Which of the four mutually exclusive branches a call selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Branch {
    Single,
    Batch,
    Binary,
    MainPage,
}

impl Branch {
    /// Internal operation name, for rate limiting.
    pub fn operation(self, view: View) -> &'static str {
        match (self, view) {
            (Branch::Single, View::Full) => "get_entry",
            (Branch::Single, _) => "get_structure",
            (Branch::Batch, _) => "get_zim_entries",
            (Branch::Binary, _) => "get_binary_entry",
            (Branch::MainPage, _) => "get_main_page",
        }
    }
}

fn combination_error(hint: &str) -> ToolError {
    ToolError::validation(
        "invalid_path_combination",
        "Set exactly one of: entry_path, entry_paths, binary, main_page",
    )
    .with_hint(hint)
}

/// Decide the branch, refusing every ambiguous combination.
pub fn branch(args: &ZimGetArgs) -> Result<Branch, ToolError> {
    // An empty selector is an absent one (`entry_path=""` next to main_page=true, an empty
    // `entry_paths` next to an entry_path), as in openzim-mcp.
    let single = args.entry_path.as_deref().is_some_and(|p| !p.is_empty());
    let batch = args.entry_paths.as_ref().is_some_and(|p| !p.is_empty());
    match (single, batch, args.binary, args.main_page) {
        (true, true, _, _) => Err(combination_error(
            "Use entry_path for one entry or entry_paths=[...] for a batch, not both",
        )),
        (_, _, true, true) => Err(combination_error("binary and main_page cannot be combined")),
        (_, true, true, _) => Err(combination_error("binary=true takes a single entry_path")),
        (true, _, _, true) | (_, true, _, true) => Err(combination_error(
            "main_page=true takes no entry_path/entry_paths",
        )),
        (false, false, true, false) => Err(combination_error("binary=true needs an entry_path")),
        (false, false, false, false) => Err(combination_error(
            "Pass entry_path, entry_paths=[...] for a batch, or main_page=true",
        )),
        (false, false, false, true) if args.view != View::Full => Err(combination_error(
            "view applies to entry_path; main_page=true returns the full main page",
        )),
        (false, true, false, false) if args.view != View::Full => Err(combination_error(
            "view applies to a single entry_path; use entry_paths only with view=\"full\"",
        )),
        (true, false, true, false) => Ok(Branch::Binary),
        (true, false, false, false) => Ok(Branch::Single),
        (false, true, false, false) => Ok(Branch::Batch),
        (false, false, false, true) => Ok(Branch::MainPage),
    }
}

/// Validation that needs no archive.
pub fn validate(args: &ZimGetArgs) -> Result<Branch, ToolError> {
    let branch = branch(args)?;
    if let Some(max) = args.max_content_length
        && max < 100
    {
        return Err(ToolError::validation(
            "invalid_arguments",
            format!("max_content_length must be at least 100 (got {max})"),
        ));
    }
    if let Some(path) = args.entry_path.as_deref().filter(|p| !p.is_empty()) {
        check_entry_path(path)?;
    }
    if let Some(paths) = &args.entry_paths
        && paths.len() > MAX_BATCH
    {
        return Err(ToolError::validation(
            "invalid_arguments",
            format!(
                "entry_paths holds {} paths; at most {MAX_BATCH} per call",
                paths.len()
            ),
        )
        .with_hint("Split the batch into several calls"));
    }
    Ok(branch)
}

pub struct GetContext<'a> {
    pub open: &'a OpenArchive,
    /// Compact-mode budget in characters, when compact rendering was asked for.
    pub compact: Option<usize>,
    pub renderer: &'a dyn RenderBackend,
    pub default_max_chars: u64,
    pub max_binary_size: u64,
    /// The archive-type preset in force and the type it applies as (`crate::presets`).
    pub preset: Option<(ArchivePreset, String)>,
}

pub fn get(
    ctx: &GetContext<'_>,
    args: &ZimGetArgs,
    branch: Branch,
) -> Result<ToolOutput, ToolError> {
    let max_chars = args.max_content_length.unwrap_or(ctx.default_max_chars);
    match branch {
        Branch::Single => {
            let requested = args.entry_path.as_deref().unwrap_or_default();
            let found = find_entry(&ctx.open.archive, requested)?;
            if args.view == View::Full {
                render_single(ctx, requested, &found, max_chars, args.content_offset)
                    .map(ToolOutput::Text)
            } else {
                let html = HtmlSource::new(&found.entry, "get_entry");
                let cap =
                    usize::try_from(args.max_content_length.unwrap_or(1_000)).unwrap_or(usize::MAX);
                let mut view = ctx.renderer.view(&html, args.view, cap)?;
                if args.view == View::Summary
                    && let Some((preset, _)) = &ctx.preset
                    && preset.summary_style == Some(SummaryStyle::QAndA)
                    && let Some(answers) = answers_summary(ctx, &html, cap)?
                {
                    set(&mut view, "summary", json!(answers));
                }
                if let (Some(map), Some(actual)) = (view.as_object_mut(), &found.matched_path) {
                    map.insert("requested_path".into(), json!(requested));
                    map.insert("actual_path".into(), json!(actual));
                }
                Ok(ToolOutput::Json(view))
            }
        }
        Branch::MainPage => {
            let (requested, entry) = main_page(ctx)?;
            let found = Found {
                matched_path: (entry.path() != requested).then(|| entry.path().to_owned()),
                entry,
            };
            render_single(ctx, &requested, &found, max_chars, args.content_offset)
                .map(ToolOutput::Text)
        }
        Branch::Binary => binary(
            ctx,
            args.entry_path.as_deref().unwrap_or_default(),
            args.max_content_length,
        )
        .map(ToolOutput::Json),
        Branch::Batch => Ok(ToolOutput::Json(batch(
            ctx,
            args.entry_paths.as_deref().unwrap_or_default(),
            max_chars,
        ))),
    }
}

/// Whether an entry of MIME type `mime` is read as text (HTML rendered, other text as it
/// is); anything else is bytes, fetched with `binary=true`.
pub fn is_text_mime(mime: &str) -> bool {
    mime.starts_with("text/")
        || mime.contains("json")
        || mime.contains("xml")
        || mime.contains("javascript")
}

/// One window of an entry's text, before it is laid out as Markdown or as openzim-mcp's JSON.
pub struct Page {
    pub title: String,
    /// The entry's own path (the redirect target when `requested` was a redirect).
    pub path: String,
    pub requested: String,
    /// Set when the entry was found under another path than the one asked for.
    pub matched_path: Option<String>,
    pub mime: String,
    pub text: String,
    /// The `content_offset` asked for (`start` is it, within the body).
    pub requested_offset: u64,
    /// Character offsets of `text` in the whole body, and the body's length.
    pub start: u64,
    pub end: u64,
    pub total: u64,
}

/// The window `[content_offset, content_offset + max_chars)` of the entry's text (HTML
/// rendered to Markdown, other text types as they are).
pub fn page(
    ctx: &GetContext<'_>,
    requested: &str,
    found: &Found,
    max_chars: u64,
    content_offset: u64,
) -> Result<Page, ToolError> {
    let entry = &found.entry;
    let mime = entry
        .mimetype()
        .map_err(|e| archive_error("get_entry", e))?
        .to_string();
    let body: Markdown = if mime.starts_with("text/html") {
        ctx.renderer
            .markdown(&HtmlSource::new(entry, "get_entry"), ctx.compact)?
    } else if is_text_mime(&mime) {
        Box::new(entry_text(entry, "get_entry")?)
    } else {
        let size = entry.size().map_err(|e| archive_error("get_entry", e))?;
        Box::new(format!(
            "(binary content, {size} bytes; use binary=true to fetch it)"
        ))
    };
    let body: &str = (*body).as_ref();
    let total = body.chars().count() as u64;
    let start = content_offset.min(total);
    let take = usize::try_from(max_chars).unwrap_or(usize::MAX);
    let skip = usize::try_from(start).unwrap_or(usize::MAX);
    let (text, taken) = char_window(body, skip, take);
    Ok(Page {
        title: entry.title().to_string(),
        path: crate::tools::entry::display_path(entry),
        requested: requested.to_owned(),
        requested_offset: content_offset,
        matched_path: found.matched_path.clone(),
        mime,
        text: text.to_owned(),
        start,
        end: start.saturating_add(taken as u64),
        total,
    })
}

/// The entry's content as Markdown text with a header (title, path, type).
fn render_single(
    ctx: &GetContext<'_>,
    requested: &str,
    found: &Found,
    max_chars: u64,
    content_offset: u64,
) -> Result<String, ToolError> {
    let Page {
        title,
        requested,
        matched_path,
        mime,
        text,
        start,
        end,
        total,
        ..
    } = page(ctx, requested, found, max_chars, content_offset)?;
    let path = found.entry.path();
    let mut out = format!("# {title}\n\n");
    match &matched_path {
        Some(actual) => out.push_str(&format!(
            "Requested Path: {requested}\nActual Path: {actual}\n"
        )),
        None => out.push_str(&format!("Path: {path}\n")),
    }
    out.push_str(&format!("Type: {mime}\n\n## Content\n\n{text}"));
    if end < total {
        out.push_str(&format!(
            "\n\n... [Content truncated: characters {start}-{end} of {total}. Use content_offset={end} to continue]"
        ));
    }
    Ok(out)
}

/// `zim_get` in openzim-mcp's JSON shapes (see `tools/wire.rs`): a body is `{path, title,
/// content, content_type, _meta}`, views gain `content_type` and their counts, a batch lists
/// `{index, zim_file_path, entry_path, success, content|error}` rows.
/// A heading that names a Q&A page's answers ("3 Answers", "Answer").
fn is_answers_heading(title: &str) -> bool {
    title.to_lowercase().contains("answer")
}

/// An answer without the vote count that opens it on its own line ("12\nUse ...").
fn strip_leading_score(text: &str) -> &str {
    let trimmed = text.trim_start_matches('\n');
    match trimmed.split_once('\n') {
        Some((head, rest))
            if {
                let digits = head.trim().trim_start_matches(['+', '-']);
                !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
            } =>
        {
            rest.trim_start_matches('\n')
        }
        _ => text,
    }
}

/// A Q&A page's summary (`summary_style = "q_and_a"`): its first section whose heading names
/// the answers, without the leading vote count, at most `cap` characters; `None` when the
/// page has no such section (its opening is the summary then).
fn answers_summary(
    ctx: &GetContext<'_>,
    html: &HtmlSource<'_>,
    cap: usize,
) -> Result<Option<String>, ToolError> {
    let structure = ctx.renderer.view(html, View::Structure, usize::MAX)?;
    let Some(id) = structure
        .get("sections")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|s| {
            s.get("title")
                .and_then(Value::as_str)
                .is_some_and(is_answers_heading)
        })
        .and_then(|s| s.get("id").and_then(Value::as_str))
        .map(str::to_owned)
    else {
        return Ok(None);
    };
    let section = ctx.renderer.section(html, &id, true, None)?;
    let body = section
        .get("markdown")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let answer = strip_leading_score(body).trim();
    Ok((!answer.is_empty()).then(|| crate::text::truncate(answer, cap)))
}

pub fn get_json(
    ctx: &GetContext<'_>,
    args: &ZimGetArgs,
    branch: Branch,
) -> Result<Value, ToolError> {
    let max_chars = args.max_content_length.unwrap_or(ctx.default_max_chars);
    match branch {
        Branch::Single => {
            let requested = args.entry_path.as_deref().unwrap_or_default();
            let found = find_entry(&ctx.open.archive, requested)?;
            if args.view == View::Full {
                let page = page(ctx, requested, &found, max_chars, args.content_offset)?;
                return Ok(entry_json(&page, false));
            }
            let html = HtmlSource::new(&found.entry, "get_entry");
            let cap =
                usize::try_from(args.max_content_length.unwrap_or(1_000)).unwrap_or(usize::MAX);
            let mut view = ctx.renderer.view(&html, args.view, cap)?;
            // An unreadable type is archive damage, reported as such (as `get_entry` does),
            // not a `content_type` of "".
            let mime = found
                .entry
                .mimetype()
                .map_err(|e| archive_error("get_entry", e))?
                .to_string();
            if let Some(actual) = &found.matched_path {
                set(&mut view, "requested_path", json!(requested));
                set(&mut view, "actual_path", json!(actual));
            }
            set(&mut view, "content_type", json!(mime));
            let mut preset_applied = None;
            let truncated = match args.view {
                View::Summary => {
                    if let Some((preset, kind)) = &ctx.preset {
                        preset_applied = Some(kind.clone());
                        if preset.summary_style == Some(SummaryStyle::QAndA)
                            && let Some(answers) = answers_summary(ctx, &html, cap)?
                        {
                            set(&mut view, "summary", json!(answers));
                        }
                    }
                    let summary = view
                        .get("summary")
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    let words = summary.split_whitespace().count();
                    let body = ctx.renderer.markdown(&html, None)?;
                    let all_words = (*body).as_ref().split_whitespace().count();
                    set(&mut view, "word_count", json!(words));
                    set(&mut view, "is_truncated", json!(words < all_words));
                    words < all_words
                }
                View::Toc => {
                    let toc = view
                        .get("toc")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default();
                    let (count, depth) = toc_counts(&toc, 1);
                    set(
                        &mut view,
                        "toc",
                        Value::Array(toc.iter().map(toc_node).collect()),
                    );
                    set(&mut view, "heading_count", json!(count));
                    set(&mut view, "max_depth", json!(depth));
                    false
                }
                View::Structure => {
                    structure_fields(ctx, &html, &mut view)?;
                    false
                }
                View::Full => false,
            };
            let extra: Vec<(&str, Value)> = preset_applied
                .map(|kind| ("preset_applied", json!(kind)))
                .into_iter()
                .collect();
            attach_meta(&mut view, truncated, &extra);
            Ok(view)
        }
        Branch::MainPage => {
            let (requested, entry) = main_page(ctx)?;
            let found = Found {
                matched_path: None,
                entry,
            };
            let page = page(ctx, &requested, &found, max_chars, 0)?;
            Ok(entry_json(&page, true))
        }
        Branch::Binary => {
            let mut value = binary(
                ctx,
                args.entry_path.as_deref().unwrap_or_default(),
                args.max_content_length,
            )?;
            let size = value.get("size").and_then(Value::as_u64).unwrap_or(0);
            let truncated = value
                .get("truncated")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            set(
                &mut value,
                "size_human",
                json!(crate::text::human_size(size)),
            );
            attach_meta(&mut value, truncated, &[]);
            Ok(value)
        }
        Branch::Batch => {
            let paths = args.entry_paths.as_deref().unwrap_or_default();
            let mut succeeded = 0u32;
            let mut failed = 0u32;
            let rows: Vec<Value> = paths
                .iter()
                .enumerate()
                .map(|(index, path)| {
                    let outcome = find_entry(&ctx.open.archive, path)
                        .and_then(|found| page(ctx, path, &found, max_chars, 0));
                    let mut row = json!({
                        "index": index,
                        "zim_file_path": args.zim_file_path,
                        "entry_path": path,
                    });
                    match outcome {
                        Ok(p) => {
                            succeeded += 1;
                            let body = entry_json(&p, false);
                            set(&mut row, "success", json!(true));
                            set(
                                &mut row,
                                "content",
                                body.get("content").cloned().unwrap_or(Value::Null),
                            );
                            set(&mut row, "title", json!(p.title));
                            set(&mut row, "content_type", json!(p.mime));
                        }
                        Err(err) => {
                            failed += 1;
                            let payload = err.payload();
                            set(&mut row, "success", json!(false));
                            set(&mut row, "error", json!(payload.message));
                            set(&mut row, "error_code", json!(payload.operation));
                        }
                    }
                    row
                })
                .collect();
            let count = rows.len();
            let mut out = json!({
                "results": rows,
                "next_cursor": null,
                "total": count,
                "done": true,
                "page_info": {"offset": 0, "limit": count, "returned_count": count},
                "succeeded": succeeded,
                "failed": failed,
            });
            attach_meta(&mut out, false, &[]);
            Ok(out)
        }
    }
}

fn set(value: &mut Value, key: &str, v: Value) {
    if let Some(map) = value.as_object_mut() {
        map.insert(key.to_owned(), v);
    }
}

/// Headings in a table of contents and its depth (levels below the top one).
fn toc_counts(nodes: &[Value], depth: u64) -> (u64, u64) {
    let mut count = 0u64;
    let mut max = 0u64;
    for node in nodes {
        count += 1;
        max = max.max(depth);
        let children = node
            .get("children")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let (c, d) = toc_counts(&children, depth + 1);
        count += c;
        max = max.max(d);
    }
    (count, max)
}

/// A table-of-contents node with openzim-mcp's names (`section_id`, `text`) beside ours.
fn toc_node(node: &Value) -> Value {
    let mut out = node.clone();
    let children: Vec<Value> = node
        .get("children")
        .and_then(Value::as_array)
        .map(|c| c.iter().map(toc_node).collect())
        .unwrap_or_default();
    set(
        &mut out,
        "section_id",
        node.get("id").cloned().unwrap_or(Value::Null),
    );
    set(
        &mut out,
        "text",
        node.get("title").cloned().unwrap_or(Value::Null),
    );
    set(&mut out, "children", Value::Array(children));
    set(&mut out, "id_source", json!("heading_id"));
    out
}

/// Most sections given a preview in the structure view.
const PREVIEWED_SECTIONS: usize = 100;
const SECTION_PREVIEW_CHARS: u64 = 200;

/// The structure view's `headings` (id, text, level, position), each section's
/// `content_preview`, and the page's word and character counts.
fn structure_fields(
    ctx: &GetContext<'_>,
    html: &HtmlSource<'_>,
    view: &mut Value,
) -> Result<(), ToolError> {
    let sections = view
        .get("sections")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let headings: Vec<Value> = sections
        .iter()
        .enumerate()
        .map(|(position, s)| {
            json!({
                "id": s.get("id").cloned().unwrap_or(Value::Null),
                "text": s.get("title").cloned().unwrap_or(Value::Null),
                "level": s.get("level").cloned().unwrap_or(Value::Null),
                "position": position,
            })
        })
        .collect();
    let with_previews: Vec<Value> = sections
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut s = s.clone();
            let preview = if i < PREVIEWED_SECTIONS {
                s.get("id")
                    .and_then(Value::as_str)
                    .and_then(|id| {
                        ctx.renderer
                            .section(html, id, false, Some(SECTION_PREVIEW_CHARS))
                            .ok()
                    })
                    .and_then(|v| v.get("markdown").and_then(Value::as_str).map(str::to_owned))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            set(&mut s, "content_preview", json!(preview));
            s
        })
        .collect();
    let body = ctx.renderer.markdown(html, None)?;
    let text: &str = (*body).as_ref();
    set(view, "headings", Value::Array(headings));
    set(view, "sections", Value::Array(with_previews));
    set(view, "metadata", json!({}));
    set(view, "word_count", json!(text.split_whitespace().count()));
    set(view, "character_count", json!(text.chars().count()));
    Ok(())
}

/// The slice of `text` from character `skip`, at most `take` characters long, and how many
/// characters it holds (a slice of the text, not a copy).
fn char_window(text: &str, skip: usize, take: usize) -> (&str, usize) {
    let Some(start) = text.char_indices().nth(skip).map(|(i, _)| i) else {
        return ("", 0);
    };
    let tail = text.get(start..).unwrap_or_default();
    let end = tail.char_indices().nth(take).map_or(tail.len(), |(i, _)| i);
    let page = tail.get(..end).unwrap_or_default();
    (page, page.chars().count())
}

/// Largest byte cap a `binary=true` call may ask for with `max_content_length`: the base64
/// blob ships whole in one message, with no continuation (openzim-mcp's ceiling).
pub const MAX_BINARY_CONTENT_LENGTH: u64 = 25_000_000;

/// One entry's bytes, base64. `max_content_length` is a byte cap here (default: the server's
/// `content.max_binary_size`); an entry above it comes back as metadata only, with
/// `truncated: true`, so the caller still learns its type and size.
fn binary(ctx: &GetContext<'_>, requested: &str, cap: Option<u64>) -> Result<Value, ToolError> {
    if let Some(cap) = cap
        && cap > MAX_BINARY_CONTENT_LENGTH
    {
        return Err(ToolError::validation(
            "invalid_max_content_length",
            format!(
                "max_content_length is capped at {MAX_BINARY_CONTENT_LENGTH} bytes for a binary \
                 fetch (got {cap}): a larger response cannot be delivered in one message"
            ),
        ));
    }
    let cap = cap.unwrap_or(ctx.max_binary_size);
    let found = find_entry(&ctx.open.archive, requested)?;
    let entry = &found.entry;
    let size = entry
        .size()
        .map_err(|e| archive_error("get_binary_entry", e))?;
    let mime = entry
        .mimetype()
        .map_err(|e| archive_error("get_binary_entry", e))?
        .to_string();
    if size > cap {
        return Ok(json!({
            "path": entry.path(),
            "title": entry.title().to_string(),
            "mime_type": mime,
            "size": size,
            "encoding": null,
            "data": null,
            "truncated": true,
            "message": format!(
                "The entry is {size} bytes, above the {cap}-byte cap; the metadata above is \
                 complete. Ask again with a larger max_content_length (at most \
                 {MAX_BINARY_CONTENT_LENGTH}) to receive the bytes."
            ),
        }));
    }
    let blob = entry
        .content()
        .map_err(|e| archive_error("get_binary_entry", e))?;
    Ok(json!({
        "path": entry.path(),
        "title": entry.title().to_string(),
        "mime_type": mime,
        "size": blob.len(),
        "encoding": "base64",
        "data": STANDARD.encode(&*blob),
        "truncated": false,
    }))
}

fn batch(ctx: &GetContext<'_>, paths: &[String], max_chars: u64) -> Value {
    let mut succeeded = 0u32;
    let mut failed = 0u32;
    let results: Vec<Value> = paths
        .iter()
        .map(|path| {
            let outcome = find_entry(&ctx.open.archive, path)
                .and_then(|found| render_single(ctx, path, &found, max_chars, 0));
            match outcome {
                Ok(content) => {
                    succeeded += 1;
                    json!({"entry_path": path, "success": true, "content": content})
                }
                Err(err) => {
                    failed += 1;
                    json!({"entry_path": path, "success": false, "error": err.payload()})
                }
            }
        })
        .collect();
    json!({"results": results, "succeeded": succeeded, "failed": failed})
}

/// A page of an entry's body as openzim-mcp's `{path, title, content, content_type, _meta}`.
pub fn entry_json(page: &Page, main_page: bool) -> Value {
    let truncated = page.end < page.total;
    let mut content = page.text.clone();
    if truncated {
        let shown = page.end.saturating_sub(page.start);
        content.push_str(&format!(
            "\n\n... [Content truncated, total of {} characters of body content, only showing \
             {shown} from offset {}. Pass `content_offset={}` to read the next page.] ...",
            page.total, page.start, page.end
        ));
    }
    let mut out = json!({
        "path": page.path,
        "title": page.title,
        "content": content,
        "content_type": page.mime,
    });
    if page.matched_path.is_some() {
        set(&mut out, "requested_path", json!(page.requested));
    }
    if page.requested_offset > 0 {
        set(&mut out, "content_offset", json!(page.requested_offset));
        set(&mut out, "total_chars", json!(page.total));
        if page.requested_offset >= page.total {
            set(&mut out, "content_offset_past_end", json!(true));
        }
    }
    let mut extra: Vec<(&str, Value)> = Vec::new();
    if truncated {
        if !main_page {
            extra.push(("more_at_offset", json!(page.end)));
        }
        extra.push(("total_chars", json!(page.total)));
    }
    attach_meta(&mut out, truncated, &extra);
    out
}

/// The archive's main page: the path its pointer names and the entry it resolves to.
fn main_page(ctx: &GetContext<'_>) -> Result<(String, zim_reader::Entry), ToolError> {
    let main = ctx
        .open
        .archive
        .main_entry()
        .map_err(|e| archive_error("get_main_page", e))?
        .ok_or_else(|| {
            ToolError::not_found("main_page_not_found", "This archive has no main page")
        })?;
    let requested = main.path().to_owned();
    let entry = main
        .resolve()
        .map_err(|e| archive_error("get_main_page", e))?;
    Ok((requested, entry))
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_answer_loses_its_vote_count_only() {
        use super::strip_leading_score;
        assert_eq!(strip_leading_score("12\n\nBoil vinegar."), "Boil vinegar.");
        assert_eq!(strip_leading_score("\n-3\nNo."), "No.");
        assert_eq!(strip_leading_score("12 ways\nto boil"), "12 ways\nto boil");
        assert_eq!(strip_leading_score("42"), "42");
        assert!(super::is_answers_heading("3 Answers3"));
        assert!(!super::is_answers_heading("Question"));
    }

    use super::*;
    use crate::tools::args::parse_args;
    use serde_json::json;

    fn args(v: Value) -> ZimGetArgs {
        let mut map = v.as_object().cloned().unwrap();
        map.insert("zim_file_path".into(), json!("x.zim"));
        parse_args("zim_get", Some(map)).unwrap()
    }

    #[test]
    fn char_windows_count_characters_not_bytes() {
        assert_eq!(char_window("abcdef", 2, 3), ("cde", 3));
        assert_eq!(char_window("abcdef", 4, 10), ("ef", 2));
        assert_eq!(char_window("abcdef", 6, 3), ("", 0));
        assert_eq!(char_window("abcdef", 60, 3), ("", 0));
        assert_eq!(char_window("abcdef", 1, 0), ("", 0));
        assert_eq!(char_window("añé日本x", 2, 3), ("é日本", 3));
        assert_eq!(char_window("", 0, 5), ("", 0));
    }

    #[test]
    fn exactly_one_branch() {
        assert_eq!(
            branch(&args(json!({"entry_path": "A"}))).unwrap(),
            Branch::Single
        );
        assert_eq!(
            branch(&args(json!({"entry_path": "A", "view": "toc"}))).unwrap(),
            Branch::Single
        );
        assert_eq!(
            branch(&args(json!({"entry_paths": ["A"]}))).unwrap(),
            Branch::Batch
        );
        assert_eq!(
            branch(&args(json!({"entry_path": "A", "binary": true}))).unwrap(),
            Branch::Binary
        );
        assert_eq!(
            branch(&args(json!({"main_page": true}))).unwrap(),
            Branch::MainPage
        );
        for bad in [
            json!({}),
            json!({"entry_path": "A", "entry_paths": ["B"]}),
            json!({"main_page": true, "view": "summary"}),
            json!({"main_page": true, "entry_path": "A"}),
            json!({"binary": true}),
            json!({"binary": true, "main_page": true}),
            json!({"binary": true, "entry_paths": ["A"]}),
            json!({"entry_paths": ["A"], "view": "toc"}),
        ] {
            let err = branch(&args(bad.clone())).unwrap_err();
            assert_eq!(err.operation, "invalid_path_combination", "{bad}");
            assert!(err.message.contains("exactly one of"));
        }
        // Empty selectors are absent ones.
        assert_eq!(
            branch(&args(json!({"main_page": true, "entry_path": ""}))).unwrap(),
            Branch::MainPage
        );
        assert_eq!(
            branch(&args(json!({"entry_path": "A", "entry_paths": []}))).unwrap(),
            Branch::Single
        );
    }

    #[test]
    fn batch_size_and_content_length_limits() {
        let many: Vec<String> = (0..51).map(|i| format!("e{i}")).collect();
        assert!(validate(&args(json!({"entry_paths": many}))).is_err());
        assert!(validate(&args(json!({"entry_paths": []}))).is_err());
        assert!(validate(&args(json!({"entry_path": "A", "max_content_length": 99}))).is_err());
        assert!(validate(&args(json!({"entry_path": "A", "max_content_length": 100}))).is_ok());
    }
}
