//! `zim-mcp index ARCHIVE|DIR...`: builds each archive's knowledge index (link graph,
//! anchor texts, section index) into its sidecar, with progress on a terminal.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::Args;
use zim_index::{BuildOptions, Progress, Shard};

use super::archive::display_name;

#[derive(Debug, Args)]
pub struct IndexArgs {
    /// Archives (`foo.zim`, `foo.zimaa`) or directories of archives.
    #[arg(value_name = "ARCHIVE|DIR", required = true)]
    pub paths: Vec<PathBuf>,
    /// Build only shard I of N (`--shard 0/4`), to spread a huge archive over several
    /// processes or machines; `--merge N` then joins the N shards.
    #[arg(long, value_name = "I/N", conflicts_with = "merge")]
    pub shard: Option<String>,
    /// Merge the N shards built with `--shard i/N` into the sidecar.
    #[arg(long, value_name = "N")]
    pub merge: Option<u32>,
    /// Worker threads (default: the machine's cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Where sidecars go when an archive's own directory is not writable (default:
    /// `$XDG_CACHE_HOME/zim-mcp/index`).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Write the sidecar to this directory instead (one archive only).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also embed every page with a local sentence-embedding model (semantic search in
    /// zim_query); slow: tens of pages per second per core.
    #[arg(long)]
    pub vectors: bool,
    /// The model's directory (model.safetensors, tokenizer.json; default
    /// `$XDG_CACHE_HOME/zim-mcp/models/all-MiniLM-L6-v2`, installed by
    /// `scripts/install-model.sh`). Nothing is ever downloaded.
    #[arg(long, value_name = "DIR", requires = "vectors")]
    pub model: Option<PathBuf>,
}

/// `$XDG_CACHE_HOME/zim-mcp/models/<name>` (else `$HOME/.cache/...`).
pub fn default_model_dir() -> Option<PathBuf> {
    zim_index::locate::default_cache_dir().and_then(|index| {
        index
            .parent()
            .map(|p| p.join("models").join(zim_embed_name()))
    })
}

fn zim_embed_name() -> &'static str {
    "all-MiniLM-L6-v2"
}

fn archives_in(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)?
                .flatten()
                .map(|e| e.path())
                .filter(|f| {
                    f.is_file()
                        && f.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.ends_with(".zim") || n.ends_with(".zimaa"))
                })
                .collect();
            found.sort();
            out.extend(found);
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            bail!("{} is neither an archive nor a directory", display_name(p));
        }
    }
    Ok(out)
}

pub fn index(args: &IndexArgs) -> Result<ExitCode> {
    let archives = archives_in(&args.paths)?;
    if archives.is_empty() {
        bail!("no archives found");
    }
    if args.out.is_some() && archives.len() > 1 {
        bail!("--out names one sidecar; give one archive");
    }
    let shard = args.shard.as_deref().map(str::parse::<Shard>).transpose()?;
    let model = if args.vectors {
        let dir = match &args.model {
            Some(dir) => dir.clone(),
            None => default_model_dir()
                .ok_or_else(|| anyhow::anyhow!("no model directory: give --model DIR"))?,
        };
        if !dir.join("model.safetensors").is_file() {
            bail!(
                "no embedding model in {} (install it with scripts/install-model.sh, or give --model DIR)",
                display_name(&dir)
            );
        }
        Some(dir)
    } else {
        None
    };
    let terminal = std::io::stderr().is_terminal();
    let mut failed = 0usize;
    for archive in &archives {
        let name = display_name(archive);
        let report = |p: &Progress| {
            if terminal {
                let eta = p.eta().map_or("-".into(), |d| format!("{}s", d.as_secs()));
                eprint!(
                    "\r{name}: {} {}/{}, {:.0}/s, ETA {eta}   ",
                    p.phase,
                    p.pages_done,
                    p.pages_total,
                    p.pages_per_second()
                );
            }
        };
        let mut opts = BuildOptions {
            shard,
            out_dir: args.out.clone(),
            progress: Some(&report),
            vectors: model.clone(),
            ..BuildOptions::default()
        };
        if let Some(t) = args.threads {
            opts.threads = t.max(1);
        }
        if let Some(c) = &args.cache_dir {
            opts.cache_dir = Some(c.clone());
        }
        let result = match args.merge {
            Some(n) => zim_index::merge_shards(archive, n, &opts),
            None => zim_index::build(archive, &opts),
        };
        if terminal {
            eprintln!();
        }
        match result {
            Ok(r) => {
                let m = &r.manifest;
                outln!(
                    "{name}: {} pages, {} sections, {} links, {} vectors in {:.1}s; {} ({:.1} MB){}",
                    m.pages,
                    m.sections,
                    m.links,
                    m.vectors,
                    m.build_seconds,
                    shown(&r.dir),
                    r.size_bytes as f64 / 1e6,
                    m.shard
                        .map(|(i, n)| format!(", shard {i}/{n}"))
                        .unwrap_or_default()
                );
            }
            Err(e) => {
                failed += 1;
                eprintln!("zim-mcp: {name}: {e}");
            }
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The sidecar's name (its directory is the operator's own business on the terminal).
fn shown(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
