//! The program: the command line's choice between the server and a subcommand, and the
//! server's start (configuration, logging, runtime), its transports and its shutdown.

use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use tokio_util::sync::CancellationToken;
use zim_service::ZimService;
use zim_service::config::{Config, Transport};

use crate::cli::{Cli, Command, ServeArgs};
use crate::dispatch::Dispatch;
use crate::mcp::ServerFactory;
use crate::subscriptions::SubscriptionHub;
use crate::{allocator, background, commands, logging, subscriptions, transport, wikipedia};

/// Runs the program with these arguments (the first is the program's name) and returns its
/// exit status.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    if args.len() <= 1 {
        // Like openzim-mcp: no arguments at all prints the usage (to stderr) and fails.
        let mut cmd = <Cli as clap::CommandFactory>::command();
        let _ = cmd.write_help(&mut std::io::stderr());
        return ExitCode::from(1);
    }
    let cli = Cli::parse_from(args);
    let outcome = match cli.command {
        None => return serve(&cli.serve),
        Some(Command::Serve(args)) => return serve(&args),
        Some(Command::Inspect(args)) => commands::archive::inspect(&args),
        Some(Command::Cat(args)) => commands::archive::cat(&args),
        Some(Command::Check(args)) => commands::archive::check(&args),
        Some(Command::Search(args)) => commands::search::search(&args),
        Some(Command::Suggest(args)) => commands::search::suggest(&args),
        Some(Command::Get(args)) => commands::render::get(&args),
        Some(Command::Links(args)) => commands::render::links(&args),
        Some(Command::Index(args)) => commands::index::index(&args),
    };
    outcome.unwrap_or_else(|err| {
        eprintln!("zim-mcp: {err:#}");
        ExitCode::from(2)
    })
}

fn load_config(args: &ServeArgs) -> Result<Config, String> {
    let config = Config::load(args.config.as_deref(), std::env::vars(), &args.overrides())
        .map_err(|e| e.to_string())?;
    config.check_safe_startup().map_err(|e| e.to_string())?;
    Ok(config)
}

fn init_logging(config: &Config) {
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let level = config.logging.tracing_level().unwrap_or("info");
    // RUST_LOG, when set, refines the configured level (for debugging dependencies).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        // tantivy reports every segment file it deletes at info: its own warnings are enough.
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(format!("{level},tantivy=warn")));
    // stderr only: in stdio mode stdout carries the protocol.
    let stderr = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_filter(filter);
    // The events of the project's own crates, whatever the stderr level, for the clients that
    // asked for log messages (`logging`); the layer drops them unless a call on the thread
    // that raised them wants them.
    let ours = tracing_subscriber::filter::Targets::new()
        .with_target("zim_", tracing::Level::DEBUG)
        .with_target("tantivy", tracing::Level::WARN);
    let _ = tracing_subscriber::registry()
        .with(stderr)
        .with(logging::CaptureLayer.with_filter(ours))
        .try_init();
    // The bridge from the `log` crate was set to the most verbose level any layer wants (the
    // capture layer's DEBUG, for our own tracing events): dependencies then build the
    // arguments of every debug record before they are dropped (html5ever escapes each token it
    // parses for one: BENCHMARKS.md). Their records go no further than the configured level,
    // or everything when RUST_LOG asks.
    if std::env::var_os("RUST_LOG").is_none() {
        log::set_max_level(log_level_filter(level));
    }
}

/// The `log` crate's filter for a configured tracing level ("info" -> Info).
fn log_level_filter(level: &str) -> log::LevelFilter {
    match level.to_ascii_lowercase().as_str() {
        "trace" => log::LevelFilter::Trace,
        "debug" => log::LevelFilter::Debug,
        "info" => log::LevelFilter::Info,
        "warn" | "warning" => log::LevelFilter::Warn,
        "error" => log::LevelFilter::Error,
        "off" => log::LevelFilter::Off,
        _ => log::LevelFilter::Info,
    }
}

fn serve(args: &ServeArgs) -> ExitCode {
    // The server's allocator settings; the batch commands (`index` embeds pages with large
    // short-lived buffers, 40% slower under them) keep glibc's defaults.
    allocator::tune();
    let config = match load_config(args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("Configuration error: {message}");
            return ExitCode::from(1);
        }
    };
    init_logging(&config);
    // stdio serves one client whose requests arrive one line at a time: one scheduler thread
    // (blocking archive work still runs on tokio's blocking pool) avoids the cross-worker
    // wake-ups a multi-threaded scheduler pays on every message. HTTP serves many clients.
    let mut builder = match config.transport {
        Transport::Stdio => tokio::runtime::Builder::new_current_thread(),
        Transport::Http | Transport::Sse => tokio::runtime::Builder::new_multi_thread(),
    };
    let runtime = match builder.enable_all().build() {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("Server startup error: cannot start the async runtime: {err}");
            return ExitCode::from(1);
        }
    };
    let outcome = runtime.block_on(run(config, args.wikipedia_tools));
    // The stdio transport reads stdin on a blocking thread that only returns on input; do not
    // wait for it after a signal.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("Server startup error: {err:#}");
            ExitCode::from(1)
        }
    }
}

async fn run(config: Config, wikipedia_tools: bool) -> anyhow::Result<()> {
    let transport = config.transport;
    let mode = config.tool_mode;
    let shutdown = CancellationToken::new();
    tokio::spawn(watch_signals(shutdown.clone()));
    let service = Arc::new(tokio::task::spawn_blocking(move || ZimService::new(config)).await?);
    tracing::info!(
        "zim-mcp {} started in {} mode, {} archive(s) found",
        env!("CARGO_PKG_VERSION"),
        mode.as_str(),
        service.registry().files().len()
    );
    // The router's learned second opinion trains at first use (a few milliseconds): done
    // here, on a blocking thread, so that the first question does not wait for it.
    tokio::task::spawn_blocking(zim_intent::warm_up);
    if service.config().index.auto_build {
        background::spawn_index_builder(Arc::clone(&service));
    }
    let hub = SubscriptionHub::default();
    if service.config().subscriptions_enabled {
        // The starting point is taken before the first client can connect, so an archive
        // copied in right after a subscription is a change, never part of the baseline.
        tokio::spawn(subscriptions::watch(
            Arc::clone(&service),
            hub.clone(),
            shutdown.clone(),
            subscriptions::baseline(&service),
        ));
    }
    let api = wikipedia::api(Arc::clone(&service)).map_err(anyhow::Error::msg)?;
    let tools = wikipedia_tools.then(|| Arc::clone(&api));
    let factory = ServerFactory::new(Arc::clone(&service), hub, tools);
    // The Wikipedia JSON-RPC API shares every transport with MCP.
    let dispatch = Dispatch::new(Arc::new(wikipedia::Endpoint {
        api,
        service: Arc::clone(&service),
    }));
    let served = match transport {
        Transport::Stdio => transport::stdio::serve(factory.session(), dispatch, shutdown).await,
        Transport::Http | Transport::Sse => {
            transport::serve_http(Arc::clone(&service), factory, dispatch, shutdown).await
        }
    };
    // However serving ended (client gone, signal), keep what the cache learned.
    match tokio::task::spawn_blocking(move || service.save_cache()).await {
        Ok(Ok(0)) => {}
        Ok(Ok(saved)) => tracing::info!("saved {saved} cached results"),
        Ok(Err(err)) => tracing::warn!("{err}"),
        Err(err) => tracing::warn!("cache not saved: {err}"),
    }
    served
}

/// Registers for SIGINT and SIGTERM right away (a signal arriving before the first poll of
/// the returned future is not lost), and cancels `token` when either arrives.
fn watch_signals(token: CancellationToken) -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    #[cfg(unix)]
    let int = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()).ok();
    async move {
        #[cfg(unix)]
        {
            let (mut term, mut int) = (term, int);
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = wait(term.take()) => {}
                _ = wait(int.take()) => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
        tracing::info!("signal received, shutting down");
        token.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::log_level_filter;

    #[test]
    fn dependencies_log_no_further_than_the_configured_level() {
        assert_eq!(log_level_filter("info"), log::LevelFilter::Info);
        assert_eq!(log_level_filter("warn"), log::LevelFilter::Warn);
        assert_eq!(log_level_filter("debug"), log::LevelFilter::Debug);
        assert_eq!(log_level_filter("error"), log::LevelFilter::Error);
        // html5ever's per-token debug records are then never built at the default level.
        assert!(log::Level::Debug > log_level_filter("info"));
    }
}
