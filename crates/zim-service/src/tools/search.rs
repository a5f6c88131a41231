//! `zim_search`: libzim's full-text, title and suggestion searches of one archive or all,
//! with its arguments, its wire shape (openzim-mcp's) and its run.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::backend::search_unavailable;
use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::ratelimit::operation_cost;
use crate::registry::OpenArchive;
use crate::service::ZimService;
use crate::tools::args::{check_range, coerce_args, input_schema};
use crate::tools::wire::{
    attach_meta, data_error, fail, flag, given, int, list, page_info, parse, set, str_of, take,
    text,
};
use crate::tools::{Tool, ToolOutput};

const SEARCH_TOOL: &str = "zim_search";
/// Hits per archive of a cross-file search without a `limit` (openzim-mcp's default).
const DEFAULT_CROSS_FILE_LIMIT: u32 = 5;
const MAX_QUERY_LEN: usize = 4_096;
/// The most results a single-archive full-text page may ask for (openzim-mcp's
/// `MAX_SEARCH_RESULT_LIMIT`).
pub const MAX_FULLTEXT_LIMIT: i64 = 1_000;
/// The most results a filtered full-text page may ask for.
pub const MAX_FILTERED_LIMIT: i64 = 100;
/// The most results of a title or suggest lookup, or per archive of a cross-file search.
pub const MAX_TITLE_LIMIT: i64 = 50;
const MAX_QUERY_LENGTH: usize = 4_096;

pub static TOOL: Tool = Tool {
    name: "zim_search",
    title: "Search an archive",
    description: "Search one archive (or all with cross_file=true). mode=\"fulltext\" (default) \
uses the full-text index and accepts namespace/content_type filters; mode=\"title\" looks a title up; \
mode=\"suggest\" completes a title prefix. Page with limit/offset or the returned next_cursor.",
    simple: false,
    schema: input_schema::<ZimSearchArgs>,
    operations: &["search", "find_entry_by_title", "suggestions"],
    run,
    started: Some(|service, args| {
        let one_archive = args
            .get("zim_file_path")
            .and_then(Value::as_str)
            .is_some_and(|p| !p.is_empty());
        (crate::tools::flag(args, "cross_file") || !one_archive).then(|| {
            let archives = service.registry().files().len();
            format!("zim_search: searching {archives} archive(s)")
        })
    }),
};

pub use crate::requests::{SearchMode, ZimSearchArgs};

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &coerce_args::<ZimSearchArgs>(args)).map(ToolOutput::Json)
}

#[derive(Serialize, Deserialize)]
struct OffsetState {
    o: u32,
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    let query = text(args, "query").unwrap_or_default();
    let mode = text(args, "mode").unwrap_or("fulltext");
    let cross = flag(args, "cross_file");
    let filtered = given(args, "namespace") || given(args, "content_type");
    if query.chars().count() > MAX_QUERY_LENGTH {
        return Err(fail(
            "invalid_query",
            format!(
                "`query` must not exceed {MAX_QUERY_LENGTH} characters (provided: {}). Pass \
                 search terms, not a document.",
                query.chars().count()
            ),
        ));
    }
    let limit = int(args, "limit");
    if let Some(l) = limit
        && l < 1
    {
        return Err(fail(
            "invalid_limit",
            format!("`limit` must be a positive integer (provided: {l})."),
        ));
    }
    let max = if mode != "fulltext" || cross {
        MAX_TITLE_LIMIT
    } else if filtered {
        MAX_FILTERED_LIMIT
    } else {
        MAX_FULLTEXT_LIMIT
    };
    if let Some(l) = limit
        && l > max
    {
        return Err(fail(
            "invalid_limit",
            format!(
                "`limit` must not exceed {max} for mode='{mode}'{} (provided: {l}).",
                if cross { " with cross_file=True" } else { "" }
            ),
        ));
    }
    if let Some(o) = int(args, "offset")
        && o < 0
    {
        return Err(fail(
            "invalid_offset",
            format!("`offset` must be non-negative (provided: {o})."),
        ));
    }
    if cross && given(args, "zim_file_path") {
        return Err(fail(
            "invalid_combination",
            "`zim_file_path` and `cross_file=True` are mutually exclusive. Omit \
             `zim_file_path` for cross-archive fan-out, or set `cross_file=False` to pin an \
             archive.",
        ));
    }
    if mode != "fulltext" && filtered {
        return Err(fail(
            "invalid_combination",
            format!(
                "filtering is only supported in `mode='fulltext'`; mode='{mode}' has no filter \
                 step and would return unfiltered results. Switch to `mode='fulltext'`, or \
                 drop the filter."
            ),
        ));
    }
    let parsed: ZimSearchArgs = parse("zim_search", args.clone())?;
    let given_path = parsed.zim_file_path.clone();
    let raw = svc
        .zim_search(client, parsed.clone())
        .map_err(|mut err| {
            if err.operation == "zim_file_path_required" {
                err.operation = "missing_archive".into();
            }
            err
        })
        .map_err(data_error(
            "zim_search",
            format!("Query: {query}, Mode: {mode}"),
        ))?;
    let default_limit = || {
        if cross {
            5
        } else {
            svc.config().content.default_search_limit
        }
    };
    let limit = parsed.limit.map_or_else(default_limit, u64::from);
    if cross {
        return Ok(cross_search(svc, &parsed, raw, limit));
    }
    let path = given_path.unwrap_or_else(|| str_of(&raw, "zim_file"));
    Ok(match parsed.mode {
        SearchMode::Fulltext => fulltext_page(raw, &parsed, limit, Some(path), filtered),
        SearchMode::Title => {
            // Title rows name the entry a redirect leads to; the archive is already open.
            let open = svc.registry().open(&path).ok();
            title_page(raw, open.as_ref(), limit, 1)
        }
        SearchMode::Suggest => suggest_page(raw, &parsed, limit),
    })
}

/// One archive's full-text page (also each archive's `result` of a cross-file search).
fn fulltext_page(
    mut raw: Value,
    args: &ZimSearchArgs,
    limit: u64,
    zim_file_path: Option<String>,
    filtered: bool,
) -> Value {
    let results = list(&raw, "results");
    let total = raw
        .get("total_results")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let exact = raw
        .get("total_is_exact")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let has_more = raw
        .get("has_more")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let offset = raw
        .get("offset")
        .and_then(Value::as_u64)
        .unwrap_or(u64::from(args.offset));
    let fallback = raw.get("source").and_then(Value::as_str) == Some("title_fallback");
    let mut info = page_info(offset, limit, results.len());
    if filtered {
        info.insert("total_is_lower_bound".into(), json!(!exact));
    } else if !results.is_empty() {
        info.insert("total_is_estimate".into(), json!(!exact));
    }
    if has_more {
        info.insert(
            "next_offset".into(),
            json!(offset.saturating_add(results.len() as u64)),
        );
    }
    let mut out = json!({"query": args.query.trim()});
    if filtered {
        set(&mut out, "namespace_filter", json!(args.namespace));
        set(&mut out, "content_type_filter", json!(args.content_type));
    }
    set(&mut out, "results", Value::Array(results));
    set(&mut out, "next_cursor", take(&mut raw, "next_cursor"));
    set(&mut out, "total", json!(total));
    set(&mut out, "done", json!(!has_more));
    set(&mut out, "page_info", Value::Object(info));
    // Ours beside openzim-mcp's: whether the total is exact, and where hits came from.
    set(&mut out, "total_is_exact", json!(exact));
    set(&mut out, "source", take(&mut raw, "source"));
    if fallback {
        set(&mut out, "fallback_reason", take(&mut raw, "reason"));
    }
    if let Some(path) = zim_file_path {
        set(&mut out, "zim_file_path", json!(path));
    }
    let reason = if fallback {
        Some("no_xapian_index")
    } else if total == 0 {
        Some("0_hits")
    } else {
        None
    };
    let mut extra: Vec<(&str, Value)> = reason.map(|r| ("reason", json!(r))).into_iter().collect();
    extra.extend(offered_suggestions(&list(&raw, "structured_suggestions")));
    // The archive-type preset the search applied (`crate::presets`).
    if let Some(kind) = raw.get("preset_applied").filter(|v| v.is_string()) {
        extra.push(("preset_applied", kind.clone()));
    }
    attach_meta(&mut out, false, &extra);
    out
}

/// `_meta.suggestions` (openzim-mcp's key) when a search offers alternatives
/// (`search.structured_suggestions_limit` bounds them).
fn offered_suggestions(offered: &[Value]) -> Option<(&'static str, Value)> {
    (!offered.is_empty()).then(|| ("suggestions", Value::Array(offered.to_vec())))
}

/// Title-lookup rows: the exact (or typo-corrected) title first, then the title index's
/// other candidates, each with the path before and after its redirect.
fn title_rows(
    raw: &Value,
    open: Option<&OpenArchive>,
    zim_file: &Value,
) -> (Vec<Value>, bool, bool) {
    let resolve = |path: &str| -> String {
        open.and_then(|o| o.archive.entry_by_path(path).ok().flatten())
            .and_then(|e| {
                if e.is_redirect() {
                    e.resolve().ok()
                } else {
                    Some(e)
                }
            })
            .map(|e| e.path().to_owned())
            .unwrap_or_else(|| path.to_owned())
    };
    let mut rows: Vec<Value> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let fuzzy = raw
        .get("fuzzy_path_hit")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let entry = raw.get("entry").filter(|e| e.is_object());
    let fast = entry.is_some() && !fuzzy;
    if let Some(e) = entry {
        let pre = str_of(e, "path");
        let path = resolve(&pre);
        seen.push(path.clone());
        rows.push(json!({
            "path": path,
            "title": e.get("title").cloned().unwrap_or(Value::Null),
            "score": e.get("score").and_then(Value::as_f64).unwrap_or(1.0),
            "zim_file": zim_file,
            "match_type": e.get("match_type").and_then(Value::as_str).unwrap_or("direct"),
            "pre_redirect_path": pre,
        }));
    }
    // A title found as such answers alone (openzim-mcp's fast path); otherwise the title
    // index's candidates are the answer.
    let candidates = if fast {
        Vec::new()
    } else {
        list(raw, "candidates")
    };
    for (i, c) in candidates.iter().enumerate() {
        let pre = str_of(c, "path");
        let path = resolve(&pre);
        if seen.contains(&path) {
            continue;
        }
        seen.push(path.clone());
        let score =
            (0.95 * 0.9f64.powi(i32::try_from(i).unwrap_or(i32::MAX)) * 1000.0).round() / 1000.0;
        rows.push(json!({
            "path": path,
            "title": c.get("title").cloned().unwrap_or(Value::Null),
            "score": score,
            "zim_file": zim_file,
            "match_type": "fuzzy_suggest",
            "pre_redirect_path": pre,
        }));
    }
    (rows, fast, fuzzy)
}

fn title_page(raw: Value, open: Option<&OpenArchive>, limit: u64, files: usize) -> Value {
    let zim_file = raw.get("zim_file").cloned().unwrap_or(Value::Null);
    let (mut rows, fast, fuzzy) = title_rows(&raw, open, &zim_file);
    let cap = usize::try_from(limit).unwrap_or(usize::MAX);
    let cut = rows.len() >= cap;
    rows.truncate(cap);
    let mut out = title_envelope(&raw, rows, fast, fuzzy, limit, files);
    if cut && let Some(info) = out.get_mut("page_info").and_then(Value::as_object_mut) {
        info.insert("total_is_lower_bound".into(), json!(true));
    }
    out
}

fn title_envelope(
    raw: &Value,
    rows: Vec<Value>,
    fast: bool,
    fuzzy: bool,
    limit: u64,
    files: usize,
) -> Value {
    let returned = rows.len();
    let mut out = json!({
        "query": raw.get("query").cloned().unwrap_or(Value::Null),
        "results": rows,
        "next_cursor": Value::Null,
        "total": returned,
        "done": true,
        "page_info": page_info(0, limit, returned),
        "fast_path_hit": fast,
        "fuzzy_path_hit": fuzzy,
        "files_searched": files,
    });
    let mut extra: Vec<(&str, Value)> = if returned == 0 {
        vec![("reason", json!("0_hits"))]
    } else {
        Vec::new()
    };
    extra.extend(offered_suggestions(&list(raw, "structured_suggestions")));
    attach_meta(&mut out, false, &extra);
    out
}

fn suggest_page(mut raw: Value, args: &ZimSearchArgs, limit: u64) -> Value {
    let query = args.query.trim();
    let lower = query.to_lowercase();
    let rows: Vec<Value> = list(&raw, "suggestions")
        .iter()
        .map(|s| {
            let title = str_of(s, "title");
            let t = title.to_lowercase();
            let kind = if t.starts_with(&lower) {
                "title_start_match"
            } else if t.contains(&lower) {
                "title_contains_match"
            } else {
                "title_suggest_match"
            };
            json!({"text": title, "path": s.get("path").cloned().unwrap_or(Value::Null), "type": kind})
        })
        .collect();
    let has_more = raw
        .get("has_more")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let lower_bound = raw
        .get("total_is_lower_bound")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let offset = raw.get("offset").and_then(Value::as_u64).unwrap_or(0);
    let mut info = page_info(offset, limit, rows.len());
    if has_more {
        info.insert("total_is_lower_bound".into(), json!(true));
    }
    let total = raw
        .get("total_suggestions")
        .and_then(Value::as_u64)
        .unwrap_or(rows.len() as u64);
    let mut out = json!({
        "partial_query": query,
        "results": rows,
        "next_cursor": take(&mut raw, "next_cursor"),
        "total": total,
        "done": !has_more,
        "page_info": info,
        "total_is_lower_bound": lower_bound,
        "source": take(&mut raw, "source"),
    });
    let extra: Vec<(&str, Value)> = if has_more {
        vec![
            ("reason", json!("suggestion_total_is_lower_bound")),
            (
                "hint",
                json!(format!(
                    "More suggestions exist than limit={limit} returned. Pass `cursor` (or \
                     `offset`) for the next page."
                )),
            ),
        ]
    } else {
        Vec::new()
    };
    attach_meta(&mut out, false, &extra);
    out
}

/// A cross-file search: one row per archive with its own page (openzim-mcp's `results`),
/// our merged ranking beside it.
fn cross_search(svc: &ZimService, args: &ZimSearchArgs, mut raw: Value, limit: u64) -> Value {
    let per_file = list(&raw, "per_file_results");
    let skipped = list(&raw, "skipped_files");
    let searched = per_file.len();
    if args.mode == SearchMode::Title {
        let mut rows: Vec<Value> = Vec::new();
        let mut fast = false;
        let mut fuzzy = false;
        let mut offered: Vec<Value> = Vec::new();
        let cap =
            usize::try_from(svc.config().search.structured_suggestions_limit).unwrap_or(usize::MAX);
        for file in &per_file {
            let name = str_of(file, "zim_file");
            let open = svc.registry().open(&name).ok();
            let zim_file = file.get("zim_file").cloned().unwrap_or(Value::Null);
            let (r, f, z) = title_rows(file, open.as_ref(), &zim_file);
            fast |= f;
            fuzzy |= z;
            rows.extend(r);
            for s in list(file, "structured_suggestions") {
                if offered.len() < cap && !offered.contains(&s) {
                    offered.push(s);
                }
            }
        }
        // The archives' typo variants together, offered as one archive's are.
        if let Some(map) = raw.as_object_mut() {
            map.insert("structured_suggestions".into(), Value::Array(offered));
        }
        // Direct matches first, then the candidates, each in archive order.
        rows.sort_by_key(|r| r.get("match_type").and_then(Value::as_str) == Some("fuzzy_suggest"));
        rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        let mut out = title_envelope(&raw, rows, fast, fuzzy, limit, searched);
        set(&mut out, "merged_results", take(&mut raw, "merged_results"));
        set(&mut out, "skipped_files", Value::Array(skipped));
        if let Some(meta) = out.get_mut("_meta").and_then(Value::as_object_mut) {
            meta.insert("promotion_applied".into(), json!(false));
        }
        return out;
    }
    let mut with_hits = 0usize;
    let rows: Vec<Value> = per_file
        .into_iter()
        .map(|mut file| {
            let name = str_of(&file, "zim_file");
            let short = name.rsplit('/').next().unwrap_or(&name).to_owned();
            let result = match args.mode {
                SearchMode::Suggest => suggest_page(file.take(), args, limit),
                _ => fulltext_page(file.take(), args, limit, None, false),
            };
            let has_hits = result.get("total").and_then(Value::as_u64).unwrap_or(0) > 0;
            with_hits += usize::from(has_hits);
            json!({
                "zim_file_path": name,
                "name": short,
                "result": result,
                "has_hits": has_hits,
                "error": false,
            })
        })
        .collect();
    let files_available = raw
        .get("files_available")
        .and_then(Value::as_u64)
        .unwrap_or(searched as u64);
    let count = rows.len();
    let mut out = json!({
        "query": args.query.trim(),
        "files_searched": searched,
        "files_available": files_available,
        "files_with_hits": with_hits,
        "files_searched_successfully": searched,
        "files_failed": skipped.len(),
        "budget_exceeded": raw.get("budget_exceeded").cloned().unwrap_or(json!(false)),
        "results": rows,
        "next_cursor": take(&mut raw, "next_cursor"),
        "total": count,
        "done": true,
        "page_info": page_info(0, count as u64, count),
        "merged_results": take(&mut raw, "merged_results"),
        "skipped_files": skipped,
    });
    attach_meta(&mut out, false, &[]);
    out
}

impl ZimService {
    pub fn zim_search(&self, client: &ClientId, args: ZimSearchArgs) -> Result<Value, ToolError> {
        self.search_with(args, Some(client))
    }

    fn search_with(
        &self,
        args: ZimSearchArgs,
        charge_to: Option<&ClientId>,
    ) -> Result<Value, ToolError> {
        let query = args.query.trim();
        if query.is_empty() {
            return Err(ToolError::validation("invalid_arguments", "query is empty"));
        }
        if query.chars().count() > MAX_QUERY_LEN {
            return Err(ToolError::validation(
                "invalid_arguments",
                format!("query is longer than {MAX_QUERY_LEN} characters"),
            ));
        }
        let filtered = args.namespace.is_some() || args.content_type.is_some();
        let (max, operation) = match args.mode {
            SearchMode::Fulltext if args.cross_file => (50, "search"),
            SearchMode::Fulltext if filtered => (100, "search"),
            SearchMode::Fulltext => (1_000, "search"),
            SearchMode::Title => (100, "find_entry_by_title"),
            SearchMode::Suggest => (50, "suggestions"),
        };
        check_range("limit", args.limit.map(u64::from), 1, max)?;
        if args.mode != SearchMode::Fulltext
            && (args.namespace.is_some() || args.content_type.is_some())
        {
            return Err(ToolError::validation(
                "invalid_parameter_combination",
                "namespace and content_type filters only apply to mode=\"fulltext\"",
            ));
        }
        let limit = args.limit.unwrap_or_else(|| {
            if args.cross_file {
                DEFAULT_CROSS_FILE_LIMIT
            } else {
                u32::try_from(self.config().content.default_search_limit).unwrap_or(10)
            }
        });
        // A cross-file search skips archives that cannot be opened and lists them instead
        // of failing as a whole.
        let mut skipped = Vec::new();
        let archives: Vec<OpenArchive> = if args.cross_file {
            let files = self.registry().files();
            files
                .iter()
                .filter_map(|f| match self.registry().open_file(f.clone()) {
                    Ok(open) => Some(open),
                    Err(err) => {
                        skipped.push(json!({"zim_file": f.display, "error": err.payload()}));
                        None
                    }
                })
                .collect()
        } else {
            vec![self.open(args.zim_file_path.as_deref())?]
        };
        let identity = if args.cross_file {
            "*".to_owned()
        } else {
            archives
                .first()
                .map(|a| a.archive.uuid())
                .unwrap_or_default()
        };
        let offset =
            self.resume_offset(SEARCH_TOOL, &identity, args.cursor.as_deref(), args.offset)?;
        let per_archive = operation_cost(operation);
        let count = u32::try_from(archives.len()).unwrap_or(u32::MAX);
        if let Some(client) = charge_to {
            self.charge(
                client,
                operation,
                Some(per_archive.saturating_mul(count.max(1))),
            )?;
        }
        let Some(backend) = self.search_backend() else {
            return Err(search_unavailable());
        };
        // A cross-file search stops starting new archives once its wall-clock budget
        // (`search.search_all_total_timeout_seconds`) is spent and says so
        // (`budget_exceeded`), as openzim-mcp's search_all does.
        let budget = std::time::Duration::try_from_secs_f64(
            self.config().search.search_all_total_timeout_seconds,
        )
        .ok()
        .filter(|d| args.cross_file && !d.is_zero());
        let started = std::time::Instant::now();
        let mut budget_exceeded = false;
        let mut results = Vec::with_capacity(archives.len());
        for open in &archives {
            // The first archive is always searched: a budget never yields an empty answer.
            if !results.is_empty() && budget.is_some_and(|b| started.elapsed() >= b) {
                budget_exceeded = true;
                break;
            }
            let mut result = backend.search(open, &args, limit, offset)?;
            self.offer_other_archives(&mut result, open, query);
            if let Some(map) = result.as_object_mut() {
                map.insert("zim_file".into(), json!(open.file.display));
            }
            results.push(result);
        }
        let has_more = results
            .iter()
            .any(|r| r.get("has_more").and_then(Value::as_bool) == Some(true));
        let next_cursor = has_more.then(|| {
            self.cursors().encode(
                SEARCH_TOOL,
                &identity,
                &OffsetState {
                    o: offset.saturating_add(limit),
                },
            )
        });
        let mut response = if args.cross_file {
            json!({
                "query": query,
                "files_searched": results.len(),
                "files_available": archives.len().saturating_add(skipped.len()),
                "budget_exceeded": budget_exceeded,
                "merged_results": crate::merge::merged_ranking(args.mode, &results),
                "per_file_results": results,
                "skipped_files": skipped,
            })
        } else {
            results.pop().unwrap_or(Value::Null)
        };
        if let (Some(map), Some(cursor)) = (response.as_object_mut(), next_cursor) {
            map.insert("next_cursor".into(), Value::String(cursor));
        }
        Ok(response)
    }

    /// Where a paginated call starts: the offset a (non-blank) cursor carries, checked against
    /// the tool and `identity` it was issued for, else the `offset` argument.
    fn resume_offset(
        &self,
        tool: &str,
        identity: &str,
        cursor: Option<&str>,
        offset: u32,
    ) -> Result<u32, ToolError> {
        match cursor.map(str::trim).filter(|c| !c.is_empty()) {
            Some(cursor) => Ok(self
                .cursors()
                .decode::<OffsetState>(tool, identity, cursor)?
                .o),
            None => Ok(offset),
        }
    }

    /// openzim-mcp's `alt_archive` suggestions: when a full-text search of one archive found
    /// nothing (its answer then offers `structured_suggestions`), the other archives whose
    /// file name holds a word of the query (four letters or more) fill the room left under
    /// `search.structured_suggestions_limit`.
    fn offer_other_archives(&self, result: &mut Value, open: &OpenArchive, query: &str) {
        let Some(offered) = result
            .get_mut("structured_suggestions")
            .and_then(Value::as_array_mut)
        else {
            return;
        };
        let limit = usize::try_from(self.config().search.structured_suggestions_limit)
            .unwrap_or(usize::MAX);
        let lower = query.to_lowercase();
        let words: Vec<&str> = lower
            .split_whitespace()
            .filter(|w| w.chars().count() >= 4)
            .collect();
        if offered.len() >= limit || words.is_empty() {
            return;
        }
        for file in self.registry().files().iter() {
            if file.display == open.file.display {
                continue;
            }
            let stem = file.name.strip_suffix(".zim").unwrap_or(&file.name);
            let name = stem.to_lowercase();
            if words.iter().any(|w| name.contains(w)) {
                offered.push(crate::search_backend::structured_suggestion(
                    "alt_archive",
                    stem,
                ));
                if offered.len() >= limit {
                    break;
                }
            }
        }
    }
}
