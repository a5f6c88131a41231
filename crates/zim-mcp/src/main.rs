//! `zim-mcp`: an MCP server over offline ZIM archives, a drop-in replacement for the Python
//! `openzim-mcp` (same tools, flags and environment variables).

mod accept;
mod allocator;
mod background;
mod cli;
mod commands;
mod http;
mod mcp;
mod precheck;
mod prompts;
mod sessions;
mod sse;
mod stdio;
mod subscriptions;
mod wikipedia;

use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use rmcp::ServiceExt;
use tokio_util::sync::CancellationToken;
use zim_service::ZimService;
use zim_service::config::{Config, Transport};
use zim_wikipedia::service::WikipediaApi;

use crate::cli::{Cli, Command, ServeArgs};
use crate::mcp::ZimMcpServer;
use crate::subscriptions::SubscriptionHub;

fn main() -> ExitCode {
    if std::env::args_os().len() <= 1 {
        // Like openzim-mcp: no arguments at all prints the usage (to stderr) and fails.
        let mut cmd = <Cli as clap::CommandFactory>::command();
        let _ = cmd.write_help(&mut std::io::stderr());
        return ExitCode::from(1);
    }
    let cli = Cli::parse();
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
    let level = config.logging.tracing_level().unwrap_or("info");
    // RUST_LOG, when set, refines the configured level (for debugging dependencies).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        // tantivy reports every segment file it deletes at info: its own warnings are enough.
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(format!("{level},tantivy=warn")));
    // stderr only: in stdio mode stdout carries the protocol.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
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
    if service.config().index.auto_build {
        background::spawn_index_builder(Arc::clone(&service));
    }
    let hub = SubscriptionHub::default();
    if service.config().subscriptions_enabled {
        tokio::spawn(subscriptions::watch(
            Arc::clone(&service),
            hub.clone(),
            shutdown.clone(),
        ));
    }
    let api = wikipedia::api(Arc::clone(&service)).map_err(anyhow::Error::msg)?;
    let tools = wikipedia_tools.then(|| Arc::clone(&api));
    let served = match transport {
        Transport::Stdio => run_stdio(Arc::clone(&service), hub, api, tools, shutdown).await,
        Transport::Http | Transport::Sse => {
            run_http(Arc::clone(&service), hub, api, tools, shutdown).await
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

async fn run_stdio(
    service: Arc<ZimService>,
    hub: SubscriptionHub,
    api: Arc<WikipediaApi>,
    tools: Option<Arc<WikipediaApi>>,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let service_for_api = Arc::clone(&service);
    let server = ZimMcpServer::new(service, &hub).with_wikipedia_tools(tools);
    let running = tokio::select! {
        running = server.serve(stdio::start(Some(Arc::new(wikipedia::Endpoint {
            api,
            service: Arc::clone(&service_for_api),
        })))?) => running?,
        _ = shutdown.cancelled() => {
            tracing::info!("shutting down before initialization");
            return Ok(());
        }
    };
    tokio::select! {
        outcome = running.waiting() => { outcome?; }
        _ = shutdown.cancelled() => tracing::info!("shutting down"),
    }
    Ok(())
}

async fn run_http(
    service: Arc<ZimService>,
    hub: SubscriptionHub,
    api: Arc<WikipediaApi>,
    tools: Option<Arc<WikipediaApi>>,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let config = service.config();
    let host = config
        .host
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    let port = config.port_u16();
    let path = if config.transport == Transport::Sse {
        "sse"
    } else {
        "mcp"
    };
    // The Wikipedia JSON-RPC API shares `POST /mcp` with MCP.
    let extension: Arc<dyn http::JsonRpcExtension> =
        Arc::new(wikipedia::HttpApi(Arc::new(wikipedia::Endpoint {
            api,
            service: Arc::clone(&service),
        })));
    let app = http::router(
        Arc::clone(&service),
        hub,
        Some(extension),
        tools,
        shutdown.clone(),
    );
    let listener = tokio::net::TcpListener::bind((host.as_str(), port)).await?;
    let local = listener.local_addr()?;
    tracing::info!("listening on http://{local}/{path}");
    let limits = accept::Limits::from_env(|k| std::env::var(k).ok());
    accept::serve(
        listener,
        app,
        limits,
        shutdown,
        std::time::Duration::from_secs(10),
    )
    .await?;
    tracing::info!("server stopped");
    Ok(())
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
