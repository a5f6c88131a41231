//! The archive subcommands: direct access to one archive from the command line, through the
//! same reader, search and render crates the server uses.

pub mod archive;
pub mod render;
pub mod search;
