//! `zim-mcp`: an MCP server over offline ZIM archives, a drop-in replacement for the Python
//! `openzim-mcp` (same tools, flags and environment variables), and the Wikipedia JSON-RPC
//! API beside it.
//!
//! The binary (`main.rs`) only calls [`app::main`]; everything lives here so it can be
//! tested. The modules form a one-way graph (`tests/module_graph.rs` fails on a cycle):
//!
//! ```text
//! app ──> cli ──> commands                 (the subcommands: command-line and batch work)
//!  │
//!  ├──> transport (HTTP router) ──> transport::{guard, accept}
//!  │        │
//!  │        └──> transport::{stdio, http, sse} ──> dispatch ──> precheck, wikipedia
//!  │                       │   (http ──> transport::sessions)
//!  │                       └──> mcp ──> prompts, subscriptions, wikipedia
//!  └──> subscriptions (the watcher), background (the index builder)
//! ```
//!
//! `dispatch` alone decides whether a JSON-RPC payload is refused, answered by the Wikipedia
//! API or handed to MCP; every transport asks it. The transports know nothing of each other.

// Only the entry point is public: the rest is reachable from it alone, so the compiler's
// dead-code analysis still finds what nothing uses.
pub mod app;

mod allocator;
mod background;
mod cli;
mod commands;
mod dispatch;
mod logging;
mod mcp;
mod precheck;
mod prompts;
mod subscriptions;
mod transport;
mod wikipedia;
