//! `zim_get_section`: one section of an article by its heading id.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::backend::HtmlSource;
use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::service::ZimService;
use crate::tools::args::{CompactBudget, check_range, coerce_args, input_schema};
use crate::tools::entry::find_entry;
use crate::tools::wire::{attach_meta, blank_archive, data_error, fail, parse, take, text};
use crate::tools::{Tool, ToolOutput};

pub static TOOL: Tool = Tool {
    name: "zim_get_section",
    title: "Read one section",
    description: "Read one section of an article by its heading id, as listed by \
zim_get(view=\"toc\") or zim_get(view=\"structure\").",
    simple: false,
    schema: input_schema::<ZimGetSectionArgs>,
    operations: &["get_section"],
    run,
    started: None,
};

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimGetSectionArgs {
    pub zim_file_path: String,
    pub entry_path: String,
    /// Heading id or anchor from a `zim_get(view="toc"|"structure")` response.
    pub section_id: String,
    /// Per-section character cap.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub max_chars: Option<u64>,
    /// False: the section's own text only, up to its first subheading (`subsections` still
    /// lists the subsections' ids).
    #[serde(default = "crate::tools::args::yes")]
    pub include_subsections: bool,
    #[serde(default = "crate::tools::args::yes")]
    pub compact: bool,
    #[serde(default)]
    pub compact_budget: Option<CompactBudget>,
}

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &coerce_args::<ZimGetSectionArgs>(args)).map(ToolOutput::Json)
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    blank_archive(args)?;
    if text(args, "section_id").is_some_and(|s| s.trim().is_empty()) {
        return Err(fail(
            "invalid_section",
            "`section_id` is required and cannot be empty.",
        ));
    }
    let parsed: ZimGetSectionArgs = parse("zim_get_section", args.clone())?;
    let context = format!(
        "Path: {}, Section: {}",
        parsed.entry_path, parsed.section_id
    );
    let max = parsed.max_chars;
    let mut raw =
        svc.zim_get_section(client, parsed)
            .map_err(|err| match err.operation.as_str() {
                // openzim-mcp names these two precisely.
                "entry_not_found" | "section_not_found" => err,
                _ => data_error("zim_get_section", context.clone())(err),
            })?;
    let markdown = take(&mut raw, "markdown");
    let body = markdown.as_str().unwrap_or_default().to_owned();
    let full_chars = raw.get("full_chars").and_then(Value::as_u64);
    let truncated = raw
        .get("truncated")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut out = json!({
        "entry_path": take(&mut raw, "entry_path"),
        "title": take(&mut raw, "article_title"),
        "section_id": take(&mut raw, "id"),
        "section_title": take(&mut raw, "title"),
        "level": take(&mut raw, "level"),
        "parent_id": take(&mut raw, "parent_id"),
        "content_markdown": body,
        "char_count": body.chars().count(),
        "word_count": body.split_whitespace().count(),
        "truncated": truncated,
    });
    if let (Some(map), Some(rest)) = (out.as_object_mut(), raw.as_object()) {
        for (k, v) in rest {
            if !matches!(k.as_str(), "chars" | "truncated" | "full_chars") {
                map.entry(k.clone()).or_insert_with(|| v.clone());
            }
        }
    }
    let extra: Vec<(&str, Value)> = match (truncated, full_chars.or(max)) {
        (true, Some(total)) => vec![("total_chars", json!(total))],
        _ => Vec::new(),
    };
    attach_meta(&mut out, truncated, &extra);
    Ok(out)
}

impl ZimService {
    pub fn zim_get_section(
        &self,
        client: &ClientId,
        args: ZimGetSectionArgs,
    ) -> Result<Value, ToolError> {
        check_range("max_chars", args.max_chars, 1, u64::MAX)?;
        crate::tools::entry::check_entry_path(&args.entry_path)?;
        if args.section_id.trim().is_empty() {
            return Err(ToolError::validation(
                "invalid_arguments",
                "section_id is empty",
            ));
        }
        self.charge(client, "get_section", None)?;
        let open = self.open(Some(&args.zim_file_path))?;
        let found = find_entry(&open.archive, &args.entry_path)?;
        let html = HtmlSource::new(&found.entry, "get_entry");
        self.renderer().section(
            &html,
            &args.section_id,
            args.include_subsections,
            args.max_chars,
        )
    }
}
