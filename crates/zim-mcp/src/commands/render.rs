//! `zim-mcp get | links`: an article as a language model sees it through the tools (Markdown,
//! summary, TOC, structure, one section, pages, compact budgets; outbound and related links).

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use zim_reader::{Archive, Entry};
use zim_render::{Budget, Document, RenderOptions};

use zim_service::tools::entry::lookup_path;

use super::archive::ArchiveArg;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ViewArg {
    Full,
    Summary,
    Toc,
    Structure,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Entry path (`A/Foo`, `Foo`, `C/Foo`); redirects are followed.
    #[arg(allow_hyphen_values = true)]
    pub path: String,
    #[arg(long, value_enum, default_value = "full")]
    pub view: ViewArg,
    /// Print only this section (an id from `--view toc`).
    #[arg(long, conflicts_with = "view")]
    pub section: Option<String>,
    /// Page size in characters.
    #[arg(long)]
    pub max_chars: Option<usize>,
    /// Character offset of the page to print.
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Compact rendering within a budget.
    #[arg(long)]
    pub compact: bool,
    /// Compact budget: small, medium, large or a number of characters.
    #[arg(long, default_value = "medium", requires = "compact")]
    pub budget: String,
}

/// Opens the entry through the server's smart-retrieval ladder (decoded, re-encoded,
/// namespace and case variants, titles, full text), telling on stderr when it matched another
/// path than the one asked for.
fn open_article(args: &ArchiveArg, path: &str) -> Result<(Archive, Entry, Document)> {
    let archive = args.open()?;
    let found = zim_service::tools::entry::find_entry(&archive, path)?;
    if let Some(actual) = &found.matched_path {
        eprintln!("[requested path: {path}; actual path: {actual}]");
    }
    let entry = found.entry;
    let html = entry.content()?;
    let doc = Document::parse(&html, &RenderOptions::default())?;
    Ok((archive, entry, doc))
}

pub fn get(args: &GetArgs) -> Result<ExitCode> {
    let (_, entry, doc) = open_article(&args.archive, &args.path)?;
    if let Some(id) = &args.section {
        let Some(section) = doc.section(id) else {
            bail!("no section '{id}' in {}", entry.path());
        };
        outln!("{}", serde_json::to_string_pretty(&section)?);
        return Ok(ExitCode::SUCCESS);
    }
    let text = match args.view {
        ViewArg::Toc => return print_json(&doc.toc()),
        ViewArg::Structure => return print_json(&doc.structure()),
        ViewArg::Summary => doc.summary(args.max_chars.unwrap_or(2_000)),
        ViewArg::Full if args.compact => doc.compact(args.budget.parse::<Budget>()?),
        ViewArg::Full => doc.markdown().to_owned(),
    };
    let page = zim_render::page(&text, args.offset, args.max_chars.unwrap_or(usize::MAX));
    out!("{}", page.text);
    if let Some(next) = page.next_offset {
        eprintln!(
            "\n[{} of {} characters; next page: --offset {next}]",
            next, page.total_chars
        );
    }
    outln!();
    Ok(ExitCode::SUCCESS)
}

fn print_json<T: serde::Serialize>(value: &T) -> Result<ExitCode> {
    outln!("{}", serde_json::to_string_pretty(value)?);
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct LinksArgs {
    #[command(flatten)]
    pub archive: ArchiveArg,
    /// Entry path; redirects are followed.
    #[arg(allow_hyphen_values = true)]
    pub path: String,
    /// Ranked related articles instead of every outbound link.
    #[arg(long)]
    pub related: bool,
    /// How many related articles.
    #[arg(long, default_value_t = 20)]
    pub limit: usize,
}

pub fn links(args: &LinksArgs) -> Result<ExitCode> {
    let (archive, entry, doc) = open_article(&args.archive, &args.path)?;
    // Internal targets are checked against the archive, redirects followed to their final path.
    let resolve = |path: &str| -> Option<String> {
        let found = lookup_path(&archive, path).ok().flatten()?;
        Some(found.resolve().ok()?.path().to_owned())
    };
    let base = entry.path();
    if args.related {
        print_json(&doc.related(base, &resolve, args.limit))
    } else {
        print_json(&doc.links(base, &resolve))
    }
}
