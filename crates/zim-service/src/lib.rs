//! The service layer behind the MCP tools: configuration, archive discovery and path
//! security, rate limiting, result caching, pagination cursors and the tools themselves.
//!
//! Everything here is transport-agnostic and synchronous (the ZIM reader is synchronous);
//! the `zim-mcp` binary calls into it from blocking tasks.
#![forbid(unsafe_code)]

pub mod backend;
pub mod cache;
pub mod config;
pub mod cursor;
pub mod error;
pub mod identity;
pub mod knowledge;
pub mod memo;
pub mod merge;
pub mod model;
pub mod output;
pub mod paths;
pub mod presets;
pub mod ratelimit;
pub mod redact;
pub mod registry;
pub mod render_backend;
pub mod requests;
pub mod resources;
pub mod retrieval;
pub mod search_backend;
pub mod service;
pub mod text;
pub mod tools;

pub use error::{ErrorKind, ToolError, ToolErrorPayload};
pub use output::{ToolOutput, ToolSpec};
pub use ratelimit::ClientId;
pub use service::ZimService;
