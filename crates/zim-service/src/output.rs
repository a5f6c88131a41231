//! What a tool call gives back and what `tools/list` advertises: the types shared by the
//! tools, the kept answers (`memo.rs`) and the service, below all of them.

use serde_json::{Map, Value};

/// What a tool returns on success: a JSON object (structured) or Markdown text.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolOutput {
    Json(Value),
    Text(String),
}

/// One tool as advertised in `tools/list`.
#[derive(Debug, Clone)]
pub struct ToolSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub input_schema: Map<String, Value>,
}
