//! The Wikipedia JSON-RPC 2.0 API (`wikipedia.search`, `wikipedia.page`, `wikipedia.pageById`),
//! answered offline from the local Wikipedia archive whose language matches `lang`.
//!
//! Layers, outermost first:
//! - [`jsonrpc`]: the JSON-RPC 2.0 envelope (parse errors, batches, notifications, error codes);
//!   knows nothing about Wikipedia.
//! - [`params`]: validation of each method's parameters, with the API's error messages.
//! - [`lang`]: ISO 639-1 request languages against the ISO 639-3 codes archives declare.
//! - [`cache`]: the response cache (`CACHE_MAX` entries, `CACHE_TTL` milliseconds).
#![forbid(unsafe_code)]

pub mod cache;
pub mod jsonrpc;
pub mod lang;
pub mod params;
pub mod service;
pub mod titles;
