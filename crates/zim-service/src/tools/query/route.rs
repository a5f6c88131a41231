//! `zim_query`'s routing: the intent's operation run with arguments built from the request,
//! the archive and entry path found for a title as typed, and the question pipeline's answer
//! when an article view's topic is no entry.

use serde_json::{Value, json};
use zim_intent::{Intent, ParsedIntent};

use super::{Target, ZimQueryArgs};
use crate::error::{ErrorKind, ToolError};
use crate::ratelimit::ClientId;
use crate::registry::OpenArchive;
use crate::retrieval::{Question, is_not_found};
use crate::service::ZimService;
use crate::tools::ToolOutput;
use crate::tools::browse::{BrowseMode, ZimBrowseArgs};
use crate::tools::entry::find_entry;
use crate::tools::get::{MAX_BATCH, View, ZimGetArgs};
use crate::tools::health::{self, ZimHealthArgs};
use crate::tools::links::{LinkDirection, ZimLinksArgs};
use crate::tools::metadata::ZimMetadataArgs;
use crate::tools::search::{SearchMode, ZimSearchArgs};
use crate::tools::section::ZimGetSectionArgs;

/// zim_browse's and zim_links' `limit` ceiling.
const MAX_LIST_LIMIT: u32 = 500;
/// Title-search candidates examined when resolving a title case-insensitively.
const TITLE_CANDIDATES: u32 = 20;

impl ZimService {
    /// The archive and entry path for a title or path the user typed. With several
    /// archives and none named, the first archive holding the article is used.
    fn locate(
        &self,
        client: &ClientId,
        target: &Target,
        wanted: &str,
    ) -> Result<(String, String), ToolError> {
        let candidates: Vec<String> = match target {
            Target::One(path) => vec![path.clone()],
            Target::Unspecified => self
                .registry()
                .files()
                .iter()
                .map(|f| f.display.clone())
                .collect(),
        };
        let mut first_error = None;
        for archive in &candidates {
            let open = match self.registry().open(archive) {
                Ok(open) => open,
                Err(err) => {
                    first_error.get_or_insert(err);
                    continue;
                }
            };
            match self.resolve_title(client, &open, wanted) {
                Ok(Some(path)) => return Ok((archive.clone(), path)),
                Ok(None) => {}
                Err(err) if err.kind == ErrorKind::NotFound => {}
                Err(err) => {
                    first_error.get_or_insert(err);
                }
            }
        }
        if candidates.is_empty() {
            return Err(self.registry().open_default().err().unwrap_or_else(|| {
                ToolError::not_found("zim_file_not_found", "No ZIM files are served")
            }));
        }
        Err(match first_error {
            Some(err) if err.kind != ErrorKind::NotFound => err,
            _ => ToolError::not_found(
                "entry_not_found",
                format!(
                    "No article titled or at '{}' was found",
                    crate::text::truncate(wanted, 200)
                ),
            )
            .with_hint(format!(
                "Try zim_query(\"search for {}\") to find the right article",
                crate::text::truncate(wanted, 100)
            )),
        })
    }

    /// An entry path for `wanted` in `open`: the path/title lookups of `find_entry` first,
    /// then the title index without regard to case ("ray charles" finds "Ray Charles").
    fn resolve_title(
        &self,
        client: &ClientId,
        open: &OpenArchive,
        wanted: &str,
    ) -> Result<Option<String>, ToolError> {
        match find_entry(&open.archive, wanted) {
            Ok(_) => return Ok(Some(wanted.to_owned())),
            Err(err) if err.kind != ErrorKind::NotFound => return Err(err),
            Err(_) => {}
        }
        let found = self.zim_search(
            client,
            ZimSearchArgs {
                query: wanted.to_owned(),
                mode: SearchMode::Title,
                zim_file_path: Some(open.file.display.clone()),
                cross_file: false,
                namespace: None,
                content_type: None,
                limit: Some(TITLE_CANDIDATES),
                offset: 0,
                cursor: None,
            },
        );
        let Ok(found) = found else {
            return Ok(None);
        };
        let normalized = normalize_title(wanted);
        let exact = found
            .get("entry")
            .filter(|e| !e.is_null())
            .and_then(|e| e.get("path"))
            .and_then(Value::as_str);
        if let Some(path) = exact {
            return Ok(Some(path.to_owned()));
        }
        let candidates = found
            .get("candidates")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        Ok(candidates
            .iter()
            .find(|c| {
                c.get("title")
                    .and_then(Value::as_str)
                    .is_some_and(|t| normalize_title(t) == normalized)
            })
            .and_then(|c| c.get("path").and_then(Value::as_str))
            .map(str::to_owned))
    }

    /// The entry `path` leads to (a title or a redirect resolved): its path as the archive
    /// shows it, and its MIME type. `None` when it cannot be read (`zim_get` reports why).
    fn entry_found(&self, archive: &str, path: &str) -> Option<(String, String)> {
        let open = self.registry().open(archive).ok()?;
        let found = find_entry(&open.archive, path).ok()?;
        let mime = found.entry.mimetype().ok()?.to_owned();
        Some((crate::tools::entry::display_path(&found.entry), mime))
    }

    /// Whether the entry at `path` holds no text (its MIME type is neither text nor JSON, XML
    /// or JavaScript). An entry that cannot be read is left to `zim_get` to report.
    fn is_binary_entry(&self, archive: &str, path: &str) -> bool {
        self.entry_found(archive, path)
            .is_some_and(|(_, mime)| !crate::tools::get::is_text_mime(&mime))
    }

    /// Several entries by their titles or paths as typed: each located as one article is,
    /// then read with `zim_get`'s batch (`entry_paths`), one call per archive they were found
    /// in. The answer lists every entry asked for in its order, those not found with why; it
    /// is an error only when none was found. At most [`MAX_BATCH`] entries.
    fn get_articles(
        &self,
        client: &ClientId,
        args: &ZimQueryArgs,
        target: &Target,
        wanted: &[String],
    ) -> Result<(Value, Option<String>), ToolError> {
        let wanted = wanted.get(..wanted.len().min(MAX_BATCH)).unwrap_or(wanted);
        let mut rows: Vec<Value> = Vec::with_capacity(wanted.len());
        // (row, archive, path) of every entry found.
        let mut found: Vec<(usize, String, String)> = Vec::new();
        let mut not_found: Vec<&str> = Vec::new();
        for (i, title) in wanted.iter().enumerate() {
            match self.locate(client, target, title) {
                Ok((archive, path)) => {
                    let path = self
                        .entry_found(&archive, &path)
                        .map_or(path, |(shown, _)| shown);
                    rows.push(
                        json!({"requested": title, "zim_file_path": archive, "entry_path": path}),
                    );
                    found.push((i, archive, path));
                }
                Err(err) if err.kind == ErrorKind::NotFound => {
                    rows.push(json!({
                        "requested": title,
                        "success": false,
                        "error": err.message,
                        "error_code": err.operation,
                    }));
                    not_found.push(title);
                }
                Err(err) => return Err(err),
            }
        }
        if found.is_empty() {
            return Err(ToolError::not_found(
                "entry_not_found",
                format!(
                    "None of the {} entries asked for was found: {}",
                    wanted.len(),
                    crate::text::truncate(&not_found.join(", "), 300)
                ),
            )
            .with_hint(
                "Try zim_query(\"search for ...\") with one of them to find the right titles",
            ));
        }
        let mut archives: Vec<&str> = Vec::new();
        for (_, archive, _) in &found {
            if !archives.contains(&archive.as_str()) {
                archives.push(archive);
            }
        }
        for archive in &archives {
            let group: Vec<&(usize, String, String)> =
                found.iter().filter(|(_, a, _)| a == archive).collect();
            let out = self.zim_get(
                client,
                ZimGetArgs {
                    zim_file_path: (*archive).to_owned(),
                    entry_path: None,
                    entry_paths: Some(group.iter().map(|(_, _, p)| p.clone()).collect()),
                    view: View::Full,
                    binary: false,
                    main_page: false,
                    max_content_length: args.max_content_length,
                    content_offset: 0,
                    compact: args.compact,
                    compact_budget: args.compact_budget.clone(),
                },
            )?;
            let ToolOutput::Json(batch) = out else {
                continue;
            };
            let results = batch
                .get("results")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            for ((row, _, _), result) in group.iter().zip(results) {
                if let (Some(Value::Object(into)), Value::Object(from)) =
                    (rows.get_mut(*row), result)
                {
                    for (key, value) in from {
                        into.entry(key).or_insert(value);
                    }
                }
            }
        }
        let succeeded = rows
            .iter()
            .filter(|r| r.get("success").and_then(Value::as_bool) == Some(true))
            .count();
        let value = json!({
            "results": rows,
            "requested": wanted.len(),
            "succeeded": succeeded,
            "failed": wanted.len().saturating_sub(succeeded),
            "not_found": not_found,
        });
        let archive = match archives.as_slice() {
            [one] => Some((*one).to_owned()),
            _ => None,
        };
        Ok((value, archive))
    }

    /// The question pipeline's first page for `request` over the target archive (all when
    /// none is named), and that archive.
    fn ask_pipeline(
        &self,
        client: &ClientId,
        request: &str,
        args: &ZimQueryArgs,
        target: &Target,
    ) -> Result<(Value, Option<String>), ToolError> {
        let archive = match target {
            Target::One(a) => Some(a.clone()),
            Target::Unspecified => None,
        };
        let value = self.answer_question(
            client,
            &Question {
                request,
                archives: archive.iter().cloned().collect(),
                limit: args.limit.map_or(self.question_results(), |l| l as usize),
                offset: 0,
                cursor: None,
            },
        )?;
        Ok((value, archive))
    }

    /// Run the operation the intent names. Returns its output and the archive it used. An
    /// article view whose topic is no entry is answered by the question pipeline instead of
    /// a dead end: the best-matching pages and the passage that answers, said to be that.
    pub(super) fn route(
        &self,
        client: &ClientId,
        args: &ZimQueryArgs,
        parsed: &ParsedIntent,
        target: &Target,
    ) -> Result<(ToolOutput, Option<String>), ToolError> {
        match self.route_intent(client, args, parsed, target) {
            Err(err) if is_not_found(&err) && err.operation == "entry_not_found" => {
                let Some(topic) = article_topic(&parsed.intent) else {
                    return Err(err);
                };
                let request = pipeline_request(&args.query, topic);
                let (mut value, archive) = self.ask_pipeline(client, request, args, target)?;
                // Nothing matches any word either: the honest answer is the original one.
                if value
                    .get("results")
                    .and_then(Value::as_array)
                    .is_none_or(|r| r.is_empty())
                {
                    return Err(err);
                }
                if let Some(map) = value.as_object_mut() {
                    map.insert(
                        "resolved_by_search".into(),
                        json!({
                            "requested": topic,
                            "note": format!(
                                "No entry is titled or at '{}'; this answers from the pages that best match it. Ask for one of these paths by name for its {}.",
                                crate::text::truncate(topic, 200),
                                view_name(&parsed.intent)
                            ),
                        }),
                    );
                }
                Ok((ToolOutput::Json(value), archive))
            }
            other => other,
        }
    }

    fn route_intent(
        &self,
        client: &ClientId,
        args: &ZimQueryArgs,
        parsed: &ParsedIntent,
        target: &Target,
    ) -> Result<(ToolOutput, Option<String>), ToolError> {
        let limit = args.limit.or(parsed.limit);
        let get =
            |archive: String, entry_path: Option<String>, view: View, main_page: bool| ZimGetArgs {
                zim_file_path: archive,
                entry_path,
                entry_paths: None,
                view,
                binary: false,
                main_page,
                max_content_length: args.max_content_length,
                content_offset: args.content_offset,
                compact: args.compact,
                compact_budget: args.compact_budget.clone(),
            };
        let search =
            |query: &str, mode: SearchMode, archive: Option<String>, max: u32| ZimSearchArgs {
                query: query.to_owned(),
                mode,
                cross_file: archive.is_none(),
                zim_file_path: archive,
                namespace: None,
                content_type: None,
                limit: limit.map(|l| l.min(max)),
                offset: args.offset,
                cursor: args.cursor.clone(),
            };
        let json = |v: Value| ToolOutput::Json(v);
        Ok(match &parsed.intent {
            Intent::ListArchives => {
                self.limiter().check(client, "list_zim_files", None)?;
                let files = self.registry().rescan();
                let value = json!({
                    "files": files.iter().map(health::archive_listing).collect::<Vec<_>>(),
                    "count": files.len(),
                });
                (json(value), None)
            }
            Intent::Search {
                query,
                all_archives,
            } => {
                // "search all archives", or several archives and none named: search them all.
                let archive = match target {
                    Target::One(a) if !all_archives => Some(a.clone()),
                    _ => None,
                };
                let value = self.answer_question(
                    client,
                    &Question {
                        request: query,
                        archives: archive.iter().cloned().collect(),
                        limit: limit.map_or(self.question_results(), |l| l as usize),
                        offset: args.offset as usize,
                        cursor: args.cursor.as_deref(),
                    },
                )?;
                (json(value), archive)
            }
            Intent::Suggest { prefix } => {
                let archive = self.one_archive(target)?;
                let value = self.zim_search(
                    client,
                    search(prefix, SearchMode::Suggest, Some(archive.clone()), 50),
                )?;
                (json(value), Some(archive))
            }
            Intent::FindByTitle { title } => {
                let archive = self.one_archive(target)?;
                let value = self.zim_search(
                    client,
                    search(title, SearchMode::Title, Some(archive.clone()), 100),
                )?;
                (json(value), Some(archive))
            }
            Intent::GetArticle { title_or_path } => {
                let (archive, path) = self.locate(client, target, title_or_path)?;
                let mut call = get(archive.clone(), Some(path), View::Full, false);
                // An image, a PDF, a font: its bytes (zim_get's binary branch, capped by
                // `content.max_binary_size`), not a note that it is binary.
                if self.is_binary_entry(&archive, call.entry_path.as_deref().unwrap_or_default()) {
                    call.binary = true;
                    call.max_content_length = None;
                    call.content_offset = 0;
                }
                let out = self.zim_get(client, call)?;
                (out, Some(archive))
            }
            Intent::GetArticles { titles_or_paths } => {
                let (value, archive) = self.get_articles(client, args, target, titles_or_paths)?;
                (json(value), archive)
            }
            Intent::Summary { title_or_path }
            | Intent::Toc { title_or_path }
            | Intent::Structure { title_or_path } => {
                let view = match &parsed.intent {
                    Intent::Summary { .. } => View::Summary,
                    Intent::Toc { .. } => View::Toc,
                    _ => View::Structure,
                };
                let (archive, path) = self.locate(client, target, title_or_path)?;
                let out = self.zim_get(client, get(archive.clone(), Some(path), view, false))?;
                (out, Some(archive))
            }
            Intent::Section {
                title_or_path,
                section,
            } => {
                let (archive, path) = self.locate(client, target, title_or_path)?;
                let value = self.query_section(client, args, &archive, &path, section)?;
                (json(value), Some(archive))
            }
            Intent::Browse {
                namespace,
                limit: l,
            }
            | Intent::Walk {
                namespace,
                limit: l,
            } => {
                let walk = matches!(parsed.intent, Intent::Walk { .. });
                let archive = self.one_archive(target)?;
                let value = self.zim_browse(
                    client,
                    ZimBrowseArgs {
                        zim_file_path: archive.clone(),
                        namespace: namespace.clone(),
                        mode: if walk {
                            BrowseMode::Walk
                        } else {
                            BrowseMode::Page
                        },
                        cursor: if walk { args.cursor.clone() } else { None },
                        limit: args.limit.or(*l).or(limit).map(|l| l.min(MAX_LIST_LIMIT)),
                        // A page asked "starting at offset 200" starts there, unless the call
                        // gave its own offset.
                        offset: match (walk, args.offset) {
                            (true, _) => 0,
                            (false, 0) => parsed.offset.unwrap_or(0),
                            (false, given) => given,
                        },
                        include_assets: None,
                    },
                )?;
                (json(value), Some(archive))
            }
            Intent::Related { title_or_path } | Intent::Links { title_or_path } => {
                let related = matches!(parsed.intent, Intent::Related { .. });
                let (archive, path) = self.locate(client, target, title_or_path)?;
                // "which pages link to X" is answered from the knowledge index when the
                // archive has one; without it, the pages that mention X are the nearest
                // answer there is, and the response says why.
                let inbound = !related && zim_intent::asks_for_inbound(&args.query);
                if inbound {
                    let open = self.registry().open(&archive)?;
                    if self.knowledge().get(&open).is_none() {
                        let title = open
                            .archive
                            .entry_by_path(&path)
                            .ok()
                            .flatten()
                            .map(|e| e.title().to_owned())
                            .filter(|t| !t.is_empty())
                            .unwrap_or_else(|| path.clone());
                        let mut value = self.answer_question(
                            client,
                            &Question {
                                request: &title,
                                archives: vec![archive.clone()],
                                limit: limit.map_or(self.question_results(), |l| l as usize),
                                offset: args.offset as usize,
                                cursor: None,
                            },
                        )?;
                        if let Some(map) = value.as_object_mut() {
                            map.insert(
                                "note".into(),
                                json!("Inbound links need this archive's knowledge index (built with `zim-mcp index`); these are the pages that mention the article instead."),
                            );
                        }
                        return Ok((json(value), Some(archive)));
                    }
                }
                let value = self.zim_links(
                    client,
                    ZimLinksArgs {
                        zim_file_path: archive.clone(),
                        entry_path: path,
                        direction: if related {
                            LinkDirection::Related
                        } else if inbound {
                            LinkDirection::Inbound
                        } else {
                            LinkDirection::Outbound
                        },
                        kind: None,
                        cursor: args.cursor.clone(),
                        limit: limit.map(|l| l.min(MAX_LIST_LIMIT)),
                        offset: args.offset,
                    },
                )?;
                (json(value), Some(archive))
            }
            Intent::Metadata => {
                let archive = self.one_archive(target)?;
                let value = self.zim_metadata(
                    client,
                    ZimMetadataArgs {
                        zim_file_path: archive.clone(),
                    },
                )?;
                (json(value), Some(archive))
            }
            Intent::MainPage => {
                let archive = self.one_archive(target)?;
                let out = self.zim_get(client, get(archive.clone(), None, View::Full, true))?;
                (out, Some(archive))
            }
            Intent::Health => {
                // Only an archive the user named gets an integrity check; otherwise the
                // server's health (auto-selecting the single archive would surprise).
                let named = args
                    .zim_file_path
                    .clone()
                    .filter(|p| !p.trim().is_empty())
                    .or_else(|| match (target, &parsed.archive) {
                        (Target::One(a), Some(_)) => Some(a.clone()),
                        _ => None,
                    });
                let value = self.zim_health(
                    client,
                    ZimHealthArgs {
                        zim_file_path: named.clone(),
                    },
                )?;
                (json(value), named)
            }
        })
    }

    /// One section by its title as typed ("early life") or its id, via the article's
    /// structure view and `zim_get_section`.
    fn query_section(
        &self,
        client: &ClientId,
        args: &ZimQueryArgs,
        archive: &str,
        path: &str,
        wanted: &str,
    ) -> Result<Value, ToolError> {
        let structure = match self.zim_get(
            client,
            ZimGetArgs {
                zim_file_path: archive.to_owned(),
                entry_path: Some(path.to_owned()),
                entry_paths: None,
                view: View::Structure,
                binary: false,
                main_page: false,
                max_content_length: None,
                content_offset: 0,
                compact: false,
                compact_budget: None,
            },
        )? {
            ToolOutput::Json(v) => v,
            ToolOutput::Text(_) => Value::Null,
        };
        let sections = structure
            .get("sections")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let section_id = pick_section(&sections, wanted).ok_or_else(|| {
            let titles: Vec<&str> = sections
                .iter()
                .filter_map(|s| s.get("title").and_then(Value::as_str))
                .take(30)
                .collect();
            ToolError::not_found(
                "section_not_found",
                format!(
                    "No section '{}' in this article",
                    crate::text::truncate(wanted, 100)
                ),
            )
            .with_hint(format!("Sections: {}", titles.join(", ")))
        })?;
        self.zim_get_section(
            client,
            ZimGetSectionArgs {
                zim_file_path: archive.to_owned(),
                entry_path: path.to_owned(),
                section_id,
                max_chars: args.max_content_length,
                include_subsections: true,
                compact: args.compact,
                compact_budget: args.compact_budget.clone(),
            },
        )
    }
}

/// Words of a request that only ask for a view of an article ("give me a summary of the
/// article X", "table of contents for X"): no part of what the article is about.
const VIEW_WORDS: &[&str] = &[
    "summary",
    "summarize",
    "summarise",
    "overview",
    "gist",
    "lead",
    "intro",
    "introduction",
    "article",
    "articles",
    "page",
    "entry",
    "title",
    "titled",
    "table",
    "contents",
    "toc",
    "section",
    "sections",
    "structure",
    "outline",
    "headings",
    "heading",
    "links",
    "link",
    "related",
    "full",
    "text",
    "open",
    "show",
    "get",
    "give",
    "display",
    "read",
    "fetch",
];

/// What the question pipeline searches for when an article view is answered by it: the
/// view's topic, or the whole request when the request says more than the topic and the
/// view ("Order allow,deny no longer works after upgrading to 2.4, what's the replacement"
/// reads as the Summary of "replacement"; its other words are what it is about). The
/// pipeline's analysis sets the question's scaffolding aside either way.
fn pipeline_request<'a>(request: &'a str, topic: &'a str) -> &'a str {
    let topic_terms = crate::retrieval::analyze::analyze(topic).terms;
    let more = crate::retrieval::analyze::analyze(request)
        .terms
        .iter()
        .any(|t| !topic_terms.contains(t) && !VIEW_WORDS.contains(&t.as_str()));
    if more { request } else { topic }
}

/// The article an article view is about, if the intent is one.
fn article_topic(intent: &Intent) -> Option<&str> {
    match intent {
        Intent::GetArticle { title_or_path }
        | Intent::Summary { title_or_path }
        | Intent::Toc { title_or_path }
        | Intent::Structure { title_or_path }
        | Intent::Section { title_or_path, .. }
        | Intent::Related { title_or_path }
        | Intent::Links { title_or_path } => Some(title_or_path.as_str()),
        _ => None,
    }
}

/// What the user asked of the article, in words.
fn view_name(intent: &Intent) -> &'static str {
    match intent {
        Intent::Summary { .. } => "summary",
        Intent::Toc { .. } => "table of contents",
        Intent::Structure { .. } => "structure",
        Intent::Section { .. } => "section",
        Intent::Related { .. } => "related articles",
        Intent::Links { .. } => "links",
        _ => "full text",
    }
}

/// Lowercase, underscores as spaces, collapsed whitespace: how titles are compared.
fn normalize_title(s: &str) -> String {
    s.replace('_', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The id of the section whose title (or id) matches `wanted`: exact (ignoring case) first,
/// then the first title that starts with or contains it.
fn pick_section(sections: &[Value], wanted: &str) -> Option<String> {
    let wanted = normalize_title(wanted);
    let fields = |s: &Value| {
        let id = s.get("id").and_then(Value::as_str).map(str::to_owned)?;
        let title = s.get("title").and_then(Value::as_str).unwrap_or_default();
        Some((id.clone(), normalize_title(title), normalize_title(&id)))
    };
    let all: Vec<(String, String, String)> = sections.iter().filter_map(fields).collect();
    all.iter()
        .find(|(_, title, id)| *title == wanted || *id == wanted)
        .or_else(|| all.iter().find(|(_, title, _)| title.starts_with(&wanted)))
        .or_else(|| all.iter().find(|(_, title, _)| title.contains(&wanted)))
        .or_else(|| {
            // "early life" for "Early years (1930-45)": the title sharing most words, the
            // first word counting double (it usually carries the meaning: "early", not
            // "life"), the closest spelling breaking ties.
            let words: Vec<&str> = wanted
                .split(' ')
                .filter(|w| w.chars().count() > 2)
                .collect();
            all.iter()
                .map(|entry| {
                    let title: Vec<&str> = entry.1.split(' ').collect();
                    let shared: usize = words
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| title.contains(w))
                        .map(|(i, _)| if i == 0 { 2 } else { 1 })
                        .sum();
                    (shared, strsim::jaro_winkler(&wanted, &entry.1), entry)
                })
                .filter(|(shared, _, _)| *shared > 0)
                .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
                .map(|(_, _, entry)| entry)
        })
        .map(|(id, _, _)| id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pipeline_searches_the_whole_request_when_it_says_more_than_its_topic() {
        let q = "Order allow,deny / Allow from all no longer works after upgrading to 2.4, what's the replacement";
        assert_eq!(pipeline_request(q, "replacement"), q);
        // The view's own words and a question's scaffolding say nothing more.
        for (q, topic) in [
            (
                "give me a summary of the article Quantum Foo",
                "Quantum Foo",
            ),
            ("table of contents for Quantum Foo", "Quantum Foo"),
            ("What is PhantomData used for?", "PhantomData"),
            ("What is a generator?", "generator"),
        ] {
            assert_eq!(pipeline_request(q, topic), topic, "{q}");
        }
    }

    #[test]
    fn titles_compare_without_case_or_underscores() {
        assert_eq!(normalize_title("Ray_Charles "), "ray charles");
        assert_eq!(normalize_title("RAY  charles"), "ray charles");
    }

    #[test]
    fn sections_match_by_title_then_prefix_then_substring() {
        let sections = vec![
            json!({"id": "Early_life", "title": "Early life"}),
            json!({"id": "Career", "title": "Career highlights"}),
            json!({"id": "Later", "title": "Later years and death"}),
        ];
        assert_eq!(
            pick_section(&sections, "early LIFE").as_deref(),
            Some("Early_life")
        );
        assert_eq!(pick_section(&sections, "career").as_deref(), Some("Career"));
        assert_eq!(pick_section(&sections, "death").as_deref(), Some("Later"));
        assert_eq!(pick_section(&sections, "later").as_deref(), Some("Later"));
        assert_eq!(
            pick_section(&sections, "early childhood").as_deref(),
            Some("Early_life")
        );
        let ray = vec![
            json!({"id": "life-and-career", "title": "Life and career"}),
            json!({"id": "early-years", "title": "Early years (1930–45)"}),
            json!({"id": "personal-life", "title": "Personal life"}),
        ];
        assert_eq!(
            pick_section(&ray, "Early life").as_deref(),
            Some("early-years")
        );
        assert_eq!(pick_section(&sections, "missing"), None);
    }
}
