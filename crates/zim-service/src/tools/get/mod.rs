//! `zim_get`: one entry rendered (a body page or a structured view), a batch, raw bytes,
//! or the main page. This file holds the tool's arguments, its checks and its run;
//! `read.rs` renders the answers.

mod read;

pub use read::*;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::registry::OpenArchive;
use crate::service::ZimService;
use crate::tools::args::{CompactBudget, coerce_args, input_schema};
use crate::tools::wire::{blank_archive, data_error, fail, flag, int, parse, text};
use crate::tools::{Tool, ToolOutput};

pub static TOOL: Tool = Tool {
    name: "zim_get",
    title: "Read entries",
    description: "Read from an archive. Exactly one of: entry_path (one entry as {path, title, \
content (Markdown), content_type, _meta}; view=\"summary\"|\"toc\"|\"structure\" for structured views), \
entry_paths=[...] (up to 50, per-entry results), entry_path + binary=true (raw bytes, base64), \
main_page=true. Long articles continue with content_offset (_meta.more_at_offset says where).",
    simple: false,
    schema: input_schema::<ZimGetArgs>,
    operations: &[
        "get_entry",
        "get_structure",
        "get_zim_entries",
        "get_binary_entry",
        "get_main_page",
    ],
    run,
    started: None,
};

pub use crate::requests::View;

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimGetArgs {
    /// Archive to read.
    pub zim_file_path: String,
    /// One entry, e.g. "A/Evolution" or "Evolution".
    #[serde(default)]
    pub entry_path: Option<String>,
    /// Up to 50 entries fetched in one call.
    #[serde(default)]
    pub entry_paths: Option<Vec<String>>,
    /// "full" (default), "summary", "toc" or "structure".
    #[serde(default)]
    pub view: View,
    /// Return the raw bytes, base64-encoded, with the entry's MIME type.
    #[serde(default)]
    pub binary: bool,
    /// Return the archive's main page.
    #[serde(default)]
    pub main_page: bool,
    /// Per-entry character cap (at least 100).
    #[serde(default)]
    #[schemars(range(min = 100))]
    pub max_content_length: Option<u64>,
    /// Character offset to continue a long article from.
    #[serde(default)]
    pub content_offset: u64,
    /// Compact-mode prose.
    #[serde(default)]
    pub compact: bool,
    #[serde(default)]
    pub compact_budget: Option<CompactBudget>,
}

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &coerce_args::<ZimGetArgs>(args)).map(ToolOutput::Json)
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    blank_archive(args)?;
    if let Some(o) = int(args, "content_offset")
        && o < 0
    {
        return Err(fail(
            "invalid_content_offset",
            format!("`content_offset` must be non-negative (provided: {o})."),
        ));
    }
    let max = int(args, "max_content_length");
    if let Some(m) = max
        && m < 1
    {
        return Err(fail(
            "invalid_max_content_length",
            format!("`max_content_length` must be a positive integer (provided: {m})."),
        ));
    }
    let binary = flag(args, "binary");
    if binary
        && let Some(m) = max
        && u64::try_from(m).unwrap_or(0) > read::MAX_BINARY_CONTENT_LENGTH
    {
        return Err(fail(
            "invalid_max_content_length",
            format!(
                "`max_content_length` is capped at {} bytes for a binary fetch (provided: {m}); \
                 a larger response cannot be delivered on one line.",
                read::MAX_BINARY_CONTENT_LENGTH
            ),
        ));
    }
    get_combination(args)?;
    if let Some(Value::Array(paths)) = args.get("entry_paths")
        && paths.len() > read::MAX_BATCH
    {
        return Err(fail(
            "invalid_batch_size",
            format!(
                "`entry_paths` accepts at most {} paths per call (provided: {}); split into \
                 multiple batches.",
                read::MAX_BATCH,
                paths.len()
            ),
        ));
    }
    let parsed: ZimGetArgs = parse("zim_get", args.clone())?;
    let context = match (&parsed.entry_path, &parsed.entry_paths) {
        (Some(p), _) => format!("Path: {p}"),
        (None, Some(ps)) => format!("Path: {ps:?}"),
        (None, None) => "Path: None".to_owned(),
    };
    svc.zim_get_json(client, parsed)
        .map_err(data_error("zim_get", context))
}

/// openzim-mcp's branch rules, with its messages.
fn get_combination(args: &Map<String, Value>) -> Result<(), ToolError> {
    let path = text(args, "entry_path").is_some_and(|p| !p.is_empty());
    let paths = matches!(args.get("entry_paths"), Some(Value::Array(a)) if !a.is_empty());
    let view = text(args, "view").unwrap_or("full");
    let binary = flag(args, "binary");
    let main = flag(args, "main_page");
    let offset = int(args, "content_offset").unwrap_or(0) != 0;
    let bad = |m: &str| Err(fail("invalid_path_combination", m));
    if path && paths {
        return bad("`entry_path` and `entry_paths` are mutually exclusive.");
    }
    if paths && view != "full" {
        return bad(
            "Batch mode (`entry_paths`) returns full article bodies only; fetch a summary / toc \
             / structure with a single-entry `entry_path` call instead.",
        );
    }
    if paths && offset {
        return bad(
            "Batch mode (`entry_paths`) does not support `content_offset` — batch entries \
             always return their first page.",
        );
    }
    if binary {
        if paths {
            return bad("Binary mode is single-entry only; use `entry_path`.");
        }
        if view != "full" {
            return bad("Binary mode locks `view='full'`.");
        }
        if main {
            return bad("`main_page=True` cannot be combined with `binary=True`.");
        }
        if !path {
            return bad("Binary mode requires `entry_path`.");
        }
    }
    if main {
        if path || paths {
            return bad(
                "`main_page=True` is the path-free branch — omit `entry_path` and `entry_paths`.",
            );
        }
        if view != "full" {
            return bad("`main_page=True` locks `view='full'`.");
        }
    }
    if !(path || paths || main) {
        return bad("Provide one of `entry_path`, `entry_paths`, or `main_page=True`.");
    }
    if offset && (binary || main || view != "full") {
        return bad(
            "`content_offset` pages a full article body and is honored only on a single-entry \
             `view='full'` call.",
        );
    }
    Ok(())
}

impl ZimService {
    pub fn zim_get(&self, client: &ClientId, args: ZimGetArgs) -> Result<ToolOutput, ToolError> {
        let (branch, open, compact) = self.prepare_get(client, &args)?;
        let ctx = read::GetContext {
            open: &open,
            compact,
            renderer: self.renderer(),
            default_max_chars: self.config().content.max_content_length,
            max_binary_size: self.config().content.max_binary_size,
            preset: self.preset_for(&open),
        };
        read::get(&ctx, &args, branch)
    }

    /// A `zim_get` call's branch, archive and compact budget, validated and charged.
    pub(crate) fn prepare_get(
        &self,
        client: &ClientId,
        args: &ZimGetArgs,
    ) -> Result<(read::Branch, OpenArchive, Option<usize>), ToolError> {
        let branch = read::validate(args)?;
        let compact = if args.compact {
            Some(crate::tools::args::budget_chars(
                args.compact_budget.as_ref(),
            )?)
        } else {
            None
        };
        let cost = match branch {
            read::Branch::Batch => args
                .entry_paths
                .as_ref()
                .map(|p| u32::try_from(p.len()).unwrap_or(u32::MAX)),
            _ => None,
        };
        self.charge(client, branch.operation(args.view), cost)?;
        let open = self.open(Some(&args.zim_file_path))?;
        Ok((branch, open, compact))
    }
}

impl ZimService {
    /// `zim_get` answered as JSON: a body view is openzim-mcp's `{path, title, content,
    /// content_type, _meta}`, the structured views, batches and bytes gain their keys.
    pub fn zim_get_json(&self, client: &ClientId, args: ZimGetArgs) -> Result<Value, ToolError> {
        let (branch, open, compact) = self.prepare_get(client, &args)?;
        let ctx = read::GetContext {
            open: &open,
            compact,
            renderer: self.renderer(),
            default_max_chars: self.config().content.max_content_length,
            max_binary_size: self.config().content.max_binary_size,
            preset: self.preset_for(&open),
        };
        read::get_json(&ctx, &args, branch)
    }
}
