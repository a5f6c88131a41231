//! `zim-mcp inspect | cat | check`: direct, human-facing access to one archive through the
//! reader crate, with no server involved. Useful to look at an archive before serving it, and
//! the quickest way to tell a broken archive from a good one.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Args;
use zim_reader::Archive;
use zim_service::tools::entry::lookup_path;

/// Where the archive is: a file, the first part of a split archive, or a byte range of a file.
#[derive(Debug, Args)]
pub struct ArchiveArg {
    /// The archive: `foo.zim`, the first part of a split archive (`foo.zimaa`), or any file
    /// holding an archive at `--archive-offset`.
    pub archive: PathBuf,
    /// Byte offset of an archive embedded inside a larger file (needs `--archive-length`).
    #[arg(long, requires = "archive_length")]
    pub archive_offset: Option<u64>,
    /// Byte length of the embedded archive.
    #[arg(long, requires = "archive_offset")]
    pub archive_length: Option<u64>,
}

impl ArchiveArg {
    pub fn open(&self) -> Result<Archive> {
        let name = display_name(&self.archive);
        let opened = match (self.archive_offset, self.archive_length) {
            (Some(offset), Some(len)) => Archive::open_embedded(&self.archive, offset, len),
            _ => Archive::open(&self.archive),
        };
        opened.with_context(|| format!("cannot open {name}"))
    }
}

/// The file name only: error text never carries the directory layout.
pub fn display_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "archive".to_owned())
}

#[derive(Debug, Args)]
pub struct InspectArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn inspect(args: &InspectArgs) -> Result<ExitCode> {
    let archive = args.archive.open()?;
    let report = archive
        .inspect()
        .context("cannot read the archive's metadata")?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        out!("{}", report.to_text());
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct CatArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Entry path as libzim spells it: `A/Foo` in old-scheme archives, `Foo` in new-scheme
    /// ones; a namespace prefix (`C/Foo`, `M/Title`) is also understood.
    #[arg(allow_hyphen_values = true)]
    pub path: String,
    /// Print a redirect's own target path instead of following it.
    #[arg(long)]
    pub no_follow: bool,
}

pub fn cat(args: &CatArgs) -> Result<ExitCode> {
    let archive = args.archive.open()?;
    let Some(entry) = lookup_path(&archive, &args.path)? else {
        bail!(
            "no entry '{}' in {}",
            args.path,
            display_name(&args.archive.archive)
        );
    };
    if entry.is_redirect() && args.no_follow {
        let target = entry.redirect_target()?;
        outln!("redirect -> {}", target.path());
        return Ok(ExitCode::SUCCESS);
    }
    let entry = entry.resolve()?;
    let content = entry.content()?;
    let mut out = std::io::stdout().lock();
    match out.write_all(&content).and_then(|()| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A closed pipe (`| head`) is the reader's choice, not an error of ours.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Exit status: 0 valid, 1 the archive fails the integrity check, 2 it cannot even be opened.
pub fn check(args: &CheckArgs) -> Result<ExitCode> {
    let name = display_name(&args.archive.archive);
    let archive = match args.archive.open() {
        Ok(a) => a,
        Err(e) => {
            if args.json {
                let msg = format!("{e:#}");
                outln!(
                    "{}",
                    serde_json::json!({"name": name, "ok": false, "opens": false, "errors": [msg]})
                );
            } else {
                outln!("{name}: INVALID (does not open): {e:#}");
            }
            return Ok(ExitCode::from(2));
        }
    };
    let report = archive.check();
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        if let Some(obj) = value.as_object_mut() {
            obj.insert("name".into(), name.clone().into());
            obj.insert("opens".into(), true.into());
        }
        outln!("{}", serde_json::to_string_pretty(&value)?);
    } else if report.ok {
        outln!("{name}: OK");
    } else {
        outln!("{name}: INVALID");
        for error in &report.errors {
            outln!("  - {error}");
        }
    }
    Ok(if report.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
