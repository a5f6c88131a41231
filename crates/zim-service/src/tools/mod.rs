//! The MCP tools as one table: each tool is a module owning its arguments (whose JSON schema
//! is generated from them), the rate-limit operations it is charged as, its checks and its
//! `run`. [`TOOLS`] lists them in the order `tools/list` shows them; the MCP layer lists and
//! dispatches through it (via [`ZimService::tool_specs`](crate::ZimService::tool_specs) and
//! [`ZimService::call_tool`](crate::ZimService::call_tool)), never by naming a tool.
//!
//! Shared by the tools: `args` (parsing and coercion of arguments, schema generation),
//! `wire` (openzim-mcp's envelope and argument errors), `entry` (finding an entry from what a
//! client typed), `namespace` (namespace boundaries).

pub mod args;
pub mod browse;
pub mod entry;
pub mod get;
pub mod health;
pub mod links;
pub mod metadata;
pub mod namespace;
pub mod query;
pub mod search;
pub mod section;
pub mod wire;

use serde_json::{Map, Value};

use crate::config::ToolMode;
use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::service::ZimService;

pub use crate::output::{ToolOutput, ToolSpec};

/// One tool: what `tools/list` advertises of it and how a call of it runs.
pub struct Tool {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// Listed in simple mode too (advanced mode lists every tool).
    pub simple: bool,
    /// The JSON schema of its arguments, generated from its arguments type.
    pub schema: fn() -> Map<String, Value>,
    /// The rate-limit operations a call may be charged as (each costs
    /// [`operation_cost`](crate::ratelimit::operation_cost) tokens, per archive searched or
    /// entry fetched where a call covers several).
    pub operations: &'static [&'static str],
    pub run: Run,
    /// What a call of these arguments sets out to do, for its first progress notification
    /// when that says more than "started" (a synthesis, a walk, a search over N archives).
    pub started: Option<Started>,
}

/// A tool's description of a call it starts (see [`Tool::started`]).
pub type Started = fn(&ZimService, &Map<String, Value>) -> Option<String>;

/// The first progress message of a call of tool `name`: the tool's own description of what
/// the call sets out to do, else "`name`: started".
pub fn describe_start(
    service: &ZimService,
    name: &str,
    args: Option<&Map<String, Value>>,
) -> String {
    TOOLS
        .iter()
        .find(|t| t.name == name)
        .and_then(|t| Some((t.started?)(service, args?)))
        .flatten()
        .unwrap_or_else(|| format!("{name}: started"))
}

/// True when argument `key` is `true` (or the string "true", as some clients send it).
pub(crate) fn flag(args: &Map<String, Value>, key: &str) -> bool {
    args.get(key)
        .is_some_and(|v| v.as_bool() == Some(true) || v.as_str() == Some("true"))
}

/// A tool's run: a call whose arguments passed the schema check (`wire::call_tool`),
/// answered in openzim-mcp's shape. Blocking: archive I/O happens here.
pub type Run = fn(&ZimService, &ClientId, Map<String, Value>) -> Result<ToolOutput, ToolError>;

/// Every tool, in the order `tools/list` shows them.
pub static TOOLS: [&Tool; 8] = [
    &query::TOOL,
    &search::TOOL,
    &get::TOOL,
    &section::TOOL,
    &browse::TOOL,
    &metadata::TOOL,
    &links::TOOL,
    &health::TOOL,
];

impl Tool {
    /// Whether `mode` exposes this tool.
    pub fn in_mode(&self, mode: ToolMode) -> bool {
        self.simple || mode == ToolMode::Advanced
    }
}

/// The tool `name` of `mode`, if it has one (a name comparison: no schema is built).
pub fn find(mode: ToolMode, name: &str) -> Option<&'static Tool> {
    TOOLS
        .iter()
        .copied()
        .find(|t| t.name == name && t.in_mode(mode))
}

/// The tools exposed in `mode`: only `zim_query` in simple mode, all eight in advanced.
pub fn tool_specs(mode: ToolMode) -> Vec<ToolSpec> {
    TOOLS
        .iter()
        .filter(|t| t.in_mode(mode))
        .map(|t| ToolSpec {
            name: t.name,
            title: t.title,
            description: t.description,
            input_schema: (t.schema)(),
        })
        .collect()
}

/// The tool table as the service's entry points (listing, lookup, calls, kept answers): the
/// service itself knows no tool.
impl ZimService {
    /// The tools of the configured mode (built once: their schemas are generated).
    pub fn tool_specs(&self) -> &[ToolSpec] {
        self.specs_cell()
            .get_or_init(|| tool_specs(self.config().tool_mode))
    }

    /// Whether `name` is a tool of the configured mode. Called on every tool call, so it
    /// compares names only (no schema is built).
    pub fn has_tool(&self, name: &str) -> bool {
        find(self.config().tool_mode, name).is_some()
    }

    /// [`call_tool`](Self::call_tool), keeping a successful answer for
    /// [`call_tool_from_memo`](Self::call_tool_from_memo) (see `memo.rs`).
    pub fn call_tool_kept(
        &self,
        client: &ClientId,
        name: &str,
        args: Option<Map<String, Value>>,
    ) -> Result<ToolOutput, ToolError> {
        if !self.config().cache.enabled {
            return self.call_tool(client, name, args);
        }
        let key = crate::memo::key(name, self.registry().generation(), args.as_ref());
        let (outcome, recording) = crate::memo::record(|| self.call_tool(client, name, args));
        if let Ok(output) = &outcome
            && let Some(entry) = crate::memo::entry(output, &recording)
        {
            self.result_cache().insert(key, std::sync::Arc::new(entry));
        }
        outcome
    }

    /// The kept answer to this exact call, if its archives are unchanged, charged to `client`
    /// as the call itself was. Touches no archive data: one `stat` per archive the call read,
    /// so a transport may run it without a blocking thread. `None`: run the call.
    pub fn call_tool_from_memo(
        &self,
        client: &ClientId,
        name: &str,
        args: Option<&Map<String, Value>>,
    ) -> Option<Result<ToolOutput, ToolError>> {
        if !self.config().cache.enabled {
            return None;
        }
        let key = crate::memo::key(name, self.registry().generation(), args);
        let kept = self.result_cache().get_uncounted(&key)?;
        let replay = crate::memo::replay(&kept)?;
        self.result_cache().count_lookup(true);
        for (operation, cost) in &replay.charges {
            if let Err(err) = self.limiter().check(client, operation, *cost) {
                return Some(Err(err));
            }
        }
        Some(Ok(replay.output))
    }

    /// Run one tool call. The caller checks [`has_tool`](Self::has_tool) first (an unknown
    /// tool is a protocol error, not a tool error). Blocking: archive I/O happens here.
    pub fn call_tool(
        &self,
        client: &ClientId,
        name: &str,
        args: Option<Map<String, Value>>,
    ) -> Result<ToolOutput, ToolError> {
        wire::call_tool(self, client, name, args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_list_the_right_tools() {
        let simple: Vec<_> = tool_specs(ToolMode::Simple)
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(simple, vec!["zim_query"]);
        let advanced: Vec<_> = tool_specs(ToolMode::Advanced)
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(
            advanced,
            [
                "zim_query",
                "zim_search",
                "zim_get",
                "zim_get_section",
                "zim_browse",
                "zim_metadata",
                "zim_links",
                "zim_health",
            ]
        );
        for spec in tool_specs(ToolMode::Advanced) {
            assert_eq!(spec.input_schema["type"], "object", "{}", spec.name);
        }
    }

    #[test]
    fn each_tool_says_what_a_long_call_sets_out_to_do() {
        let service = ZimService::new(crate::config::Config::default());
        let args = |v: Value| v.as_object().cloned().unwrap_or_default();
        let say = |name: &str, v: Value| describe_start(&service, name, Some(&args(v)));
        assert_eq!(
            say(
                "zim_query",
                serde_json::json!({"query": "x", "synthesize": true})
            ),
            "zim_query: synthesizing a briefing from several sources"
        );
        assert_eq!(
            say("zim_query", serde_json::json!({"query": "x"})),
            "zim_query: started"
        );
        assert_eq!(
            say("zim_browse", serde_json::json!({"mode": "walk"})),
            "zim_browse: walking the archive"
        );
        assert_eq!(
            say(
                "zim_search",
                serde_json::json!({"query": "x", "cross_file": "true"})
            ),
            "zim_search: searching 0 archive(s)"
        );
        assert_eq!(
            say(
                "zim_search",
                serde_json::json!({"query": "x", "zim_file_path": "a.zim"})
            ),
            "zim_search: started"
        );
        assert_eq!(
            say("zim_health", serde_json::json!({})),
            "zim_health: started"
        );
        assert_eq!(
            describe_start(&service, "zim_get", None),
            "zim_get: started"
        );
    }

    /// The operations that cost more than one token are each some tool's.
    #[test]
    fn costed_operations_belong_to_tools() {
        for operation in [
            "search",
            "find_entry_by_title",
            "get_related_articles",
            "get_binary_entry",
        ] {
            assert!(
                crate::ratelimit::operation_cost(operation) > 1,
                "{operation}"
            );
            assert!(
                TOOLS.iter().any(|t| t.operations.contains(&operation)),
                "{operation}"
            );
        }
    }

    /// `has_tool` checks names without building the specs: it must agree with them.
    #[test]
    fn has_tool_agrees_with_the_tool_specs() {
        for mode in [
            crate::config::ToolMode::Simple,
            crate::config::ToolMode::Advanced,
        ] {
            let specs = tool_specs(mode);
            let names: Vec<&str> = specs.iter().map(|t| t.name).collect();
            let service = ZimService::new(crate::config::Config {
                tool_mode: mode,
                ..crate::config::Config::default()
            });
            let all = crate::tools::TOOLS.iter().map(|t| t.name);
            for name in all.chain(["nope", ""]) {
                assert_eq!(
                    service.has_tool(name),
                    names.contains(&name),
                    "{mode:?} {name}"
                );
            }
        }
    }
}
