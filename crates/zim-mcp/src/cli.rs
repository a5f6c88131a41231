//! Command line: server flags (openzim-mcp's, plus `--config` and `--log-level`) and the
//! subcommands. Without a subcommand the server runs, so `zim-mcp DIR...` keeps working.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use zim_service::config::{CliOverrides, ToolMode, Transport};

use crate::commands;

#[derive(Debug, Parser)]
#[command(
    name = "zim-mcp",
    version,
    about = "MCP server for offline ZIM archives (Wikipedia and other Kiwix content)",
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  zim-mcp /path/to/zim/files                      simple mode (1 natural-language tool)\n  \
zim-mcp --mode advanced /path/to/zim/files      all 8 tools\n  \
zim-mcp --transport http --port 8000 DIR        streamable HTTP at http://127.0.0.1:8000/mcp\n\n\
Environment: OPENZIM_MCP_TOOL_MODE, OPENZIM_MCP_TRANSPORT, OPENZIM_MCP_HOST, OPENZIM_MCP_PORT,\n\
OPENZIM_MCP_AUTH_TOKEN, OPENZIM_MCP_CORS_ORIGINS, OPENZIM_MCP_RATE_LIMIT__BURST_SIZE, ...\n\
(nested fields joined with __). Precedence: flags > environment > --config file > defaults."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the MCP server (the default when no subcommand is given).
    Serve(ServeArgs),
    /// Metadata, counts, compression, indexes and checksum of one archive.
    Inspect(commands::archive::InspectArgs),
    /// Write an entry's bytes to stdout (redirects followed unless --no-follow).
    Cat(commands::archive::CatArgs),
    /// Full integrity check; exit status 1 when invalid, 2 when it does not even open.
    Check(commands::archive::CheckArgs),
    /// Full-text search through the archive's own Xapian index.
    Search(commands::search::SearchArgs),
    /// Title suggestions for a prefix.
    Suggest(commands::search::SuggestArgs),
    /// An article as the tools render it: Markdown, summary, TOC, structure, a section.
    Get(commands::render::GetArgs),
    /// An article's outbound links, or its related articles.
    Links(commands::render::LinksArgs),
    /// Build the knowledge index (link graph, anchor texts, section index) of archives.
    Index(commands::index::IndexArgs),
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ModeArg {
    Simple,
    Advanced,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum TransportArg {
    Stdio,
    Http,
    Sse,
}

#[derive(Debug, Clone, Args, Default)]
pub struct ServeArgs {
    /// Directories containing ZIM files (may also come from the config file or
    /// OPENZIM_MCP_ALLOWED_DIRECTORIES).
    #[arg(value_name = "DIR")]
    pub directories: Vec<PathBuf>,
    /// Tool mode: `advanced` for all 8 tools, `simple` for the single natural-language tool
    /// (default: simple, or OPENZIM_MCP_TOOL_MODE).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Transport: `stdio` (default), `http` (streamable HTTP) or `sse` (legacy SSE, loopback only).
    #[arg(long, value_enum)]
    pub transport: Option<TransportArg>,
    /// HTTP/SSE bind host (default 127.0.0.1).
    #[arg(long)]
    pub host: Option<String>,
    /// HTTP/SSE bind port (default 8000).
    #[arg(long)]
    pub port: Option<i64>,
    /// TOML configuration file (same field names as the environment variables, nested as tables).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Log level: DEBUG, INFO, WARNING, ERROR (logs go to stderr).
    #[arg(long)]
    pub log_level: Option<String>,
    /// Also list the Wikipedia API's methods (wikipedia.search, wikipedia.page,
    /// wikipedia.pageById) as MCP tools. The JSON-RPC methods themselves are always served.
    #[arg(long, env = "ZIM_MCP_WIKIPEDIA_TOOLS")]
    pub wikipedia_tools: bool,
}

impl ServeArgs {
    pub fn overrides(&self) -> CliOverrides {
        CliOverrides {
            allowed_directories: self.directories.clone(),
            tool_mode: self.mode.map(|m| match m {
                ModeArg::Simple => ToolMode::Simple,
                ModeArg::Advanced => ToolMode::Advanced,
            }),
            transport: self.transport.map(|t| match t {
                TransportArg::Stdio => Transport::Stdio,
                TransportArg::Http => Transport::Http,
                TransportArg::Sse => Transport::Sse,
            }),
            host: self.host.clone(),
            port: self.port,
            log_level: self.log_level.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn server_flags_work_without_a_subcommand() {
        let cli = Cli::try_parse_from([
            "zim-mcp",
            "--mode",
            "advanced",
            "--transport",
            "http",
            "--port",
            "9000",
            "a",
            "b",
        ])
        .unwrap();
        assert!(cli.command.is_none());
        let o = cli.serve.overrides();
        assert_eq!(o.tool_mode, Some(ToolMode::Advanced));
        assert_eq!(o.transport, Some(Transport::Http));
        assert_eq!(o.port, Some(9000));
        assert_eq!(o.allowed_directories.len(), 2);
        let cli = Cli::try_parse_from(["zim-mcp", "serve", "--mode", "simple", "d"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Serve(_))));
        assert!(Cli::try_parse_from(["zim-mcp", "--mode", "expert", "d"]).is_err());
    }

    #[test]
    fn zim_paths_that_begin_with_a_dash_are_paths_not_flags() {
        let cli = Cli::try_parse_from(["zim-mcp", "cat", "a.zim", "-/s/style.css", "--no-follow"])
            .unwrap();
        let Some(Command::Cat(args)) = cli.command else {
            panic!("cat expected");
        };
        assert_eq!(args.path, "-/s/style.css");
        assert!(args.no_follow);
        let cli = Cli::try_parse_from(["zim-mcp", "get", "a.zim", "-/j/head.js", "--view", "toc"])
            .unwrap();
        let Some(Command::Get(args)) = cli.command else {
            panic!("get expected");
        };
        assert_eq!(args.path, "-/j/head.js");
        let cli =
            Cli::try_parse_from(["zim-mcp", "search", "a.zim", "-x", "--limit", "3"]).unwrap();
        let Some(Command::Search(args)) = cli.command else {
            panic!("search expected");
        };
        assert_eq!((args.query.as_str(), args.limit), ("-x", 3));
    }

    #[test]
    fn server_flags_and_subcommands_do_not_mix() {
        // After a server flag, words are directories: a subcommand comes first or not at all.
        let cli = Cli::try_parse_from(["zim-mcp", "--mode", "simple", "inspect", "a.zim"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(
            cli.serve.directories,
            [PathBuf::from("inspect"), PathBuf::from("a.zim")]
        );
        let cli =
            Cli::try_parse_from(["zim-mcp", "--log-level", "DEBUG", "--config", "c.toml", "d"])
                .unwrap();
        let o = cli.serve.overrides();
        assert_eq!(o.log_level.as_deref(), Some("DEBUG"));
        assert_eq!(cli.serve.config, Some(PathBuf::from("c.toml")));
        assert_eq!(o.tool_mode, None);
        assert_eq!(o.transport, None);
        assert!(Cli::try_parse_from(["zim-mcp", "--transport", "sse", "d"]).is_ok());
        assert!(Cli::try_parse_from(["zim-mcp", "--port", "eighty", "d"]).is_err());
    }
}
