//! `zim_links`: an article's outbound links (by bucket), the pages linking to it (from the
//! knowledge index) or its related articles (links and co-citations).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::backend::HtmlSource;
use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::registry::OpenArchive;
use crate::service::ZimService;
use crate::tools::args::{check_range, coerce_args, input_schema};
use crate::tools::entry::find_entry;
use crate::tools::wire::{
    attach_meta, blank_archive, context_mismatch, cursor_error, data_error, fail, given, int,
    limit_between, list, page_info, parse, set, str_of, take, text,
};
use crate::tools::{Tool, ToolOutput};

pub static TOOL: Tool = Tool {
    name: "zim_links",
    title: "Article links",
    description: "Links of an article: direction=\"outbound\" (default) lists one bucket, \
kind=\"internal\" (default), \"external\" or \"media\", with category_totals for all three; \
direction=\"inbound\" lists the pages linking to it, with their anchor texts (needs the archive's \
knowledge index, built by `zim-mcp index`); direction=\"related\" lists deduplicated neighbouring \
articles.",
    simple: false,
    schema: input_schema::<ZimLinksArgs>,
    operations: &[
        "extract_article_links",
        "get_related_articles",
        "get_inbound_links",
    ],
    run,
    started: None,
};

const LINKS_TOOL: &str = "zim_links";
const DEFAULT_LINKS_LIMIT: u32 = 100;
/// Related articles listed without a `limit` (openzim-mcp's default).
const DEFAULT_RELATED_LIMIT: u32 = 10;

pub use crate::requests::LinkDirection;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    Internal,
    External,
    Media,
}

impl LinkKind {
    pub fn as_str(self) -> &'static str {
        match self {
            LinkKind::Internal => "internal",
            LinkKind::External => "external",
            LinkKind::Media => "media",
        }
    }
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimLinksArgs {
    pub zim_file_path: String,
    pub entry_path: String,
    /// "outbound" (default), "inbound" (needs the archive's knowledge index) or "related".
    #[serde(default)]
    pub direction: LinkDirection,
    /// Outbound only: keep one bucket, "internal", "external" or "media" (default: all three).
    #[serde(default)]
    pub kind: Option<LinkKind>,
    #[serde(default)]
    pub cursor: Option<String>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<u32>,
    #[serde(default)]
    pub offset: u32,
}

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &coerce_args::<ZimLinksArgs>(args)).map(ToolOutput::Json)
}

/// A links cursor: the offset and the entry it pages (`ep`, as openzim-mcp's cursors name
/// it, so a cursor shown to another entry's call is told apart).
#[derive(Serialize, Deserialize)]
struct LinksState {
    o: u32,
    ep: String,
    /// The page size, kept when a later call omits `limit`.
    #[serde(default)]
    l: Option<u32>,
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    let direction = text(args, "direction").unwrap_or("outbound");
    if direction != "outbound" && given(args, "kind") && text(args, "kind") != Some("internal") {
        return Err(fail(
            "invalid_combination",
            format!(
                "`kind` selects one bucket of an article's own outbound links and is only \
                 supported by `direction='outbound'`; direction='{direction}' returns a single \
                 unbucketed set. Drop `kind`, or switch to `direction='outbound'`."
            ),
        ));
    }
    blank_archive(args)?;
    limit_between(
        int(args, "limit"),
        if direction == "outbound" { 500 } else { 100 },
        &format!("direction='{direction}'"),
    )?;
    let mut parsed: ZimLinksArgs = parse("zim_links", args.clone())?;
    let context = format!("Path: {}, Direction: {direction}", parsed.entry_path);
    let outbound = parsed.direction == LinkDirection::Outbound;
    if outbound && parsed.kind.is_none() {
        parsed.kind = Some(LinkKind::Internal);
    }
    if let Some(c) = parsed
        .cursor
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        && let Some((_, state)) = svc.cursors().peek(c)
        && let Some(issued) = state.get("ep").and_then(Value::as_str).map(str::to_owned)
        && issued != parsed.entry_path
    {
        return Err(context_mismatch("entry", &issued, &parsed.entry_path, "ep"));
    }
    let open = svc
        .registry()
        .open(parsed.zim_file_path.trim())
        .map_err(data_error("zim_links", context.clone()))?;
    let inbound = parsed.direction == LinkDirection::Inbound;
    let mut raw = svc.zim_links(client, parsed.clone()).map_err(|err| {
        if err.operation == "inbound_sidecar_unavailable" {
            // openzim-mcp names this fault itself, not the tool.
            err
        } else if err.operation.starts_with("cursor_") {
            cursor_error(err, "extract_article_links")
        } else {
            data_error("zim_links", context.clone())(err)
        }
    })?;
    let total = raw.get("total").and_then(Value::as_u64).unwrap_or(0);
    let offset = raw.get("offset").and_then(Value::as_u64).unwrap_or(0);
    if inbound {
        let limit = raw.get("limit").and_then(Value::as_u64).unwrap_or(10);
        let rows = list(&raw, "results");
        let returned = rows.len();
        let mut out = json!({
            "entry_path": take(&mut raw, "entry_path"),
            "results": rows,
            "next_cursor": take(&mut raw, "next_cursor"),
            "total": total,
            "done": offset.saturating_add(returned as u64) >= total,
            "page_info": page_info(offset, limit, returned),
        });
        if let Some(resolved) = raw.get("resolved_path").cloned() {
            set(&mut out, "resolved_path", resolved);
        }
        attach_meta(&mut out, false, &[]);
        return Ok(out);
    }
    let limit = raw
        .get("limit")
        .and_then(Value::as_u64)
        .unwrap_or(if outbound { 100 } else { 10 });
    let key = if outbound {
        "outbound_links"
    } else {
        "related"
    };
    let items = list(&raw, key);
    let title_of = |path: &str| -> Value {
        open.archive
            .entry_by_path(path)
            .ok()
            .flatten()
            .map_or(Value::Null, |e| json!(e.title().to_string()))
    };
    let rows: Vec<Value> = items
        .iter()
        .map(|l| {
            let target = str_of(l, "target");
            let text = l.get("text").cloned().unwrap_or(Value::Null);
            if !outbound {
                return json!({
                    "path": target,
                    "title": title_of(&target),
                    "link_text": text,
                    "mention_count": l.get("count").cloned().unwrap_or(json!(1)),
                    "score": l.get("score").cloned().unwrap_or(Value::Null),
                });
            }
            match l.get("kind").and_then(Value::as_str) {
                Some("external") => json!({
                    "url": target,
                    "text": text,
                    "title": "",
                    "domain": domain(&target),
                    "count": l.get("count").cloned().unwrap_or(json!(1)),
                }),
                kind => {
                    let title = title_of(&target);
                    json!({
                        "url": target,
                        "text": text,
                        "title": if title.is_null() { json!("") } else { title },
                        "type": kind.unwrap_or("internal"),
                        "path": target,
                        "exists": l.get("exists").cloned().unwrap_or(Value::Null),
                        "count": l.get("count").cloned().unwrap_or(json!(1)),
                    })
                }
            }
        })
        .collect();
    let returned = rows.len();
    let next_cursor = take(&mut raw, "next_cursor");
    let done = offset.saturating_add(returned as u64) >= total;
    let mut out = if outbound {
        let entry = open
            .archive
            .entry_by_path(&parsed.entry_path)
            .ok()
            .flatten();
        let resolved = entry.and_then(|e| {
            if e.is_redirect() {
                e.resolve().ok()
            } else {
                Some(e)
            }
        });
        json!({
            "title": resolved.as_ref().map(|e| e.title().to_string()),
            "path": take(&mut raw, "entry_path"),
            "content_type": resolved.as_ref().and_then(|e| e.mimetype().ok().map(|m| m.to_string())),
            "kind": parsed.kind.map(|k| k.as_str()),
            "results": rows,
            "next_cursor": next_cursor,
            "total": total,
            "done": done,
            "page_info": page_info(offset, limit, returned),
            "category_totals": {
                "internal": raw.get("internal_count").cloned().unwrap_or(json!(0)),
                "external": raw.get("external_count").cloned().unwrap_or(json!(0)),
                "media": raw.get("media_count").cloned().unwrap_or(json!(0)),
                "anchor": 0,
                "missing": raw.get("missing_count").cloned().unwrap_or(json!(0)),
            },
        })
    } else {
        json!({
            "entry_path": take(&mut raw, "entry_path"),
            "results": rows,
            "next_cursor": next_cursor,
            "total": total,
            "done": done,
            "page_info": page_info(offset, limit, returned),
        })
    };
    attach_meta(&mut out, false, &[]);
    Ok(out)
}

/// The host of a URL (`https://example.org/x` -> `example.org`).
fn domain(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or(host);
    host.split(':').next().unwrap_or(host).to_lowercase()
}

impl ZimService {
    /// The pages linking to `entry_path`, from the archive's knowledge index, ranked as
    /// openzim-mcp ranks them (site furniture last, then by each linker's own inbound degree,
    /// then by path): `{entry_path, results: [{path, title, inbound_degree, anchor_text}],
    /// total, offset, limit, next_cursor, resolved_path?}`.
    fn inbound_links(
        &self,
        open: &OpenArchive,
        entry_path: &str,
        offset: u32,
        limit: u32,
        identity: &str,
    ) -> Result<Value, ToolError> {
        let found = find_entry(&open.archive, entry_path);
        let Some(index) = self.knowledge().get(open) else {
            // A path the archive does not have is that error, with or without an index.
            found?;
            return Err(ToolError::new(
                crate::error::ErrorKind::Unavailable,
                "inbound_sidecar_unavailable",
                "Inbound links need this archive's knowledge index, which has not been built \
                 (or no longer matches the archive). An operator builds it with `zim-mcp \
                 index <archive>`. Meanwhile direction='related' gives the article's \
                 neighbours, and a search for its title finds pages that mention it.",
            ));
        };
        let found = found?;
        let target = found
            .entry
            .resolve()
            .unwrap_or_else(|_| found.entry.clone());
        let page = index
            .graph
            .inbound(
                target.index(),
                usize::try_from(offset).unwrap_or(usize::MAX),
                usize::try_from(limit).unwrap_or(usize::MAX),
            )
            .map_err(|e| {
                ToolError::archive(
                    "knowledge_index_error",
                    crate::redact::redact_paths(&e.to_string()),
                )
            })?;
        let results: Vec<Value> = page
            .links
            .iter()
            .map(|l| {
                let source = open.archive.entry_at(l.source).ok();
                json!({
                    "path": source.as_ref().map(|e| e.path().to_owned()),
                    "title": source.as_ref().map(|e| {
                        if e.title().is_empty() { e.path().to_owned() } else { e.title().to_owned() }
                    }),
                    "inbound_degree": l.degree,
                    "anchor_text": l.anchor_text,
                })
            })
            .collect();
        let end = u64::from(offset).saturating_add(results.len() as u64);
        let next = (end < page.total).then(|| {
            self.cursors().encode(
                LINKS_TOOL,
                identity,
                &LinksState {
                    o: u32::try_from(end).unwrap_or(u32::MAX),
                    ep: entry_path.to_owned(),
                    l: Some(limit),
                },
            )
        });
        let mut response = json!({
            "entry_path": entry_path,
            "results": results,
            "total": page.total,
            "offset": offset,
            "limit": limit,
            "next_cursor": next,
        });
        if target.path() != entry_path
            && let Some(map) = response.as_object_mut()
        {
            map.insert("resolved_path".into(), json!(target.path()));
        }
        Ok(response)
    }

    pub fn zim_links(&self, client: &ClientId, args: ZimLinksArgs) -> Result<Value, ToolError> {
        check_range("limit", args.limit.map(u64::from), 1, 500)?;
        if args.kind.is_some() && args.direction != LinkDirection::Outbound {
            return Err(ToolError::validation(
                "invalid_combination",
                "`kind` selects one bucket of an article's outbound links; \
                 direction=\"related\" returns one unbucketed list. Drop `kind`, or use \
                 direction=\"outbound\"",
            ));
        }
        let operation = match args.direction {
            LinkDirection::Outbound => "extract_article_links",
            LinkDirection::Related => "get_related_articles",
            LinkDirection::Inbound => "get_inbound_links",
        };
        self.charge(client, operation, None)?;
        crate::tools::entry::check_entry_path(&args.entry_path)?;
        let open = self.open(Some(&args.zim_file_path))?;
        // Cursors are bound to the archive and the page they were issued for.
        let identity = format!("{}:{}", open.archive.uuid(), args.entry_path);
        let (offset, cursor_limit) = match args
            .cursor
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            Some(cursor) => {
                let state = self
                    .cursors()
                    .decode::<LinksState>(LINKS_TOOL, &identity, cursor)?;
                (state.o, state.l)
            }
            None => (args.offset, None),
        };
        let limit = args.limit.or(cursor_limit).unwrap_or(match args.direction {
            LinkDirection::Outbound => DEFAULT_LINKS_LIMIT,
            LinkDirection::Related | LinkDirection::Inbound => DEFAULT_RELATED_LIMIT,
        });
        if args.direction == LinkDirection::Inbound {
            return self.inbound_links(&open, &args.entry_path, offset, limit, &identity);
        }
        let found = find_entry(&open.archive, &args.entry_path)?;
        let html = HtmlSource::new(&found.entry, "get_entry");
        let mut response = self.renderer().links(&open, &html, args.direction)?;
        let Some(map) = response.as_object_mut() else {
            return Ok(response);
        };
        let mut all = match map.remove("links") {
            Some(Value::Array(all)) => all,
            _ => Vec::new(),
        };
        if args.direction == LinkDirection::Related
            && let Some(index) = self.knowledge().get(&open)
        {
            let target = found
                .entry
                .resolve()
                .unwrap_or_else(|_| found.entry.clone());
            add_cocited(&open, &index, target.index(), &mut all);
        }
        if let Some(kind) = args.kind {
            all.retain(|link| link.get("kind").and_then(Value::as_str) == Some(kind.as_str()));
            map.insert("kind".into(), json!(kind.as_str()));
        }
        let total = all.len();
        let start = usize::try_from(offset).unwrap_or(usize::MAX).min(total);
        let take = usize::try_from(limit).unwrap_or(usize::MAX);
        let page: Vec<Value> = all.into_iter().skip(start).take(take).collect();
        let end = start.saturating_add(page.len());
        let key = match args.direction {
            LinkDirection::Outbound => "outbound_links",
            LinkDirection::Related | LinkDirection::Inbound => "related",
        };
        map.insert(key.into(), Value::Array(page));
        map.insert("total".into(), json!(total));
        map.insert("offset".into(), json!(start));
        map.insert("limit".into(), json!(limit));
        let next = (end < total).then(|| {
            let o = u32::try_from(end).unwrap_or(u32::MAX);
            self.cursors().encode(
                LINKS_TOOL,
                &identity,
                &LinksState {
                    o,
                    ep: args.entry_path.clone(),
                    l: Some(limit),
                },
            )
        });
        map.insert("next_cursor".into(), json!(next));
        Ok(response)
    }
}

/// Linkers of a page read for its co-cited pages.
const COCITATION_LINKERS: usize = 100;
/// Co-cited pages added to a page's related ones at most.
const COCITED_PAGES: usize = 50;

/// A page's related pages (those it links to, scored by how and where it links them) joined
/// by the pages most often linked from the same pages as it (co-citation, from the knowledge
/// index), on one scale: a co-cited page gains up to the best related page's score, and
/// pages found both ways rank first.
fn add_cocited(
    open: &crate::registry::OpenArchive,
    index: &zim_index::KnowledgeIndex,
    target: u32,
    related: &mut Vec<Value>,
) {
    let Ok(cocited) = index
        .graph
        .cocited(target, COCITATION_LINKERS, COCITED_PAGES)
    else {
        return;
    };
    let Some(best) = cocited.first().map(|c| c.1).filter(|b| *b > 0.0) else {
        return;
    };
    let top = related
        .iter()
        .filter_map(|r| r.get("score").and_then(Value::as_f64))
        .fold(1.0_f64, f64::max);
    for (entry, score) in cocited {
        let Ok(page) = open.archive.entry_at(entry) else {
            continue;
        };
        let gain = (top * score / best * 1000.0).round() / 1000.0;
        let path = page.path().to_owned();
        match related
            .iter_mut()
            .find(|r| r.get("target").and_then(Value::as_str) == Some(path.as_str()))
        {
            Some(existing) => {
                let before = existing.get("score").and_then(Value::as_f64).unwrap_or(0.0);
                if let Some(map) = existing.as_object_mut() {
                    map.insert("score".into(), json!(before + gain));
                }
            }
            None => related.push(json!({
                "target": path,
                "text": "",
                "count": 0,
                "score": gain,
                "cocited": true,
            })),
        }
    }
    related.sort_by(|a, b| {
        let s = |v: &Value| v.get("score").and_then(Value::as_f64).unwrap_or(0.0);
        s(b).total_cmp(&s(a))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains() {
        assert_eq!(domain("https://user@Example.org:8080/a?b"), "example.org");
        assert_eq!(domain("raycharles.com/x"), "raycharles.com");
    }
}
