//! Where an archive's sidecar lives: beside the archive (`rustdocs.zim.index/`) when that
//! directory is writable, else in a cache directory (`index.dir`, by default
//! `$XDG_CACHE_HOME/zim-mcp/index/<uuid>/`). A build in progress writes to the same name with
//! `.building` appended and publishes by renaming it.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use zim_reader::Archive;

use crate::manifest::Manifest;

/// Appended to the archive's file name for the sidecar beside it.
pub const SUFFIX: &str = ".index";
/// Appended to a sidecar's name while it is being built.
pub const BUILDING_SUFFIX: &str = ".building";
/// The progress file of a build in progress.
pub const PROGRESS_FILE: &str = "progress.json";
/// A build whose progress file is older than this is not running any more.
const PROGRESS_STALE: Duration = Duration::from_secs(60);

/// The sidecar's directory beside the archive: `foo.zim.index` for `foo.zim`, and for a
/// split archive's first part `foo.zimaa`, `foo.zim.index` too.
pub fn beside(archive_path: &Path) -> Option<PathBuf> {
    let name = archive_path.file_name()?.to_str()?;
    let base = name
        .strip_suffix("aa")
        .filter(|b| b.ends_with(".zim"))
        .unwrap_or(name);
    Some(archive_path.with_file_name(format!("{base}{SUFFIX}")))
}

/// The sidecar's directory in a cache directory, named by the archive's UUID.
pub fn in_cache(cache_dir: &Path, uuid: &str) -> PathBuf {
    cache_dir.join(format!("{uuid}{SUFFIX}"))
}

/// `$XDG_CACHE_HOME/zim-mcp/index`, else `$HOME/.cache/zim-mcp/index`.
pub fn default_cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })?;
    Some(base.join("zim-mcp").join("index"))
}

/// Where a new sidecar for `archive_path` goes: beside it when its directory is writable,
/// else in `cache_dir`.
pub fn build_target(archive_path: &Path, uuid: &str, cache_dir: Option<&Path>) -> Option<PathBuf> {
    let beside = beside(archive_path)?;
    let parent = beside.parent()?;
    if dir_writable(parent) {
        return Some(beside);
    }
    cache_dir.map(|c| in_cache(c, uuid))
}

fn dir_writable(dir: &Path) -> bool {
    let probe = dir.join(format!(".zim-mcp-probe-{}", std::process::id()));
    match std::fs::File::create(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            true
        }
        Err(_) => false,
    }
}

/// How far a build has come, as its progress file says.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BuildProgress {
    pub pages_done: u64,
    pub pages_total: u64,
    pub pages_per_second: f64,
    pub eta_seconds: f64,
}

/// What the server knows of an archive's index.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// No sidecar anywhere.
    Absent,
    /// A sidecar that matches the archive.
    Present { dir: PathBuf },
    /// A sidecar that does not match it (another archive revision, another format, an
    /// unmerged shard, unreadable): ignored.
    Stale { dir: PathBuf, reason: String },
    /// A build writing to one of the places.
    Building { progress: BuildProgress },
}

/// The places a sidecar of `archive_path` may be, in order of preference.
pub fn candidates(archive_path: &Path, uuid: &str, cache_dir: Option<&Path>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(b) = beside(archive_path) {
        out.push(b);
    }
    if let Some(c) = cache_dir {
        out.push(in_cache(c, uuid));
    }
    out
}

/// Where an archive's index is and what state it is in.
#[derive(Debug, Clone)]
pub struct IndexLocation {
    pub status: Status,
    /// Stale sidecars seen on the way (reported, not used).
    pub stale: Vec<(PathBuf, String)>,
}

/// Finds `archive`'s sidecar: the first candidate whose manifest matches the archive wins;
/// otherwise a running build, else the first stale one, else absent.
pub fn locate(archive_path: &Path, archive: &Archive, cache_dir: Option<&Path>) -> IndexLocation {
    let uuid = archive.uuid();
    let mut stale = Vec::new();
    let mut building = None;
    for dir in candidates(archive_path, &uuid, cache_dir) {
        if dir.join(crate::manifest::FILE_NAME).is_file() {
            match Manifest::read(&dir).and_then(|m| m.check_matches(archive)) {
                Ok(()) => {
                    return IndexLocation {
                        status: Status::Present { dir },
                        stale,
                    };
                }
                Err(e) => stale.push((dir.clone(), e.to_string())),
            }
        }
        if building.is_none() {
            building = running_build(&dir);
        }
    }
    let status = match (building, stale.first()) {
        (Some(progress), _) => Status::Building { progress },
        (None, Some((dir, reason))) => Status::Stale {
            dir: dir.clone(),
            reason: reason.clone(),
        },
        (None, None) => Status::Absent,
    };
    IndexLocation { status, stale }
}

/// Shorthand for [`locate`]'s status.
pub fn status(archive_path: &Path, archive: &Archive, cache_dir: Option<&Path>) -> Status {
    locate(archive_path, archive, cache_dir).status
}

/// The progress of a build writing `dir` (its `.building` twin), when one is running.
fn running_build(dir: &Path) -> Option<BuildProgress> {
    let mut building = dir.as_os_str().to_owned();
    building.push(BUILDING_SUFFIX);
    let file = PathBuf::from(building).join(PROGRESS_FILE);
    let meta = std::fs::metadata(&file).ok()?;
    let age = SystemTime::now()
        .duration_since(meta.modified().ok()?)
        .unwrap_or_default();
    if age > PROGRESS_STALE || meta.len() > 4096 {
        return None;
    }
    let text = std::fs::read_to_string(&file).ok()?;
    serde_json::from_str(&text).ok()
}

/// Bytes of the regular files under `dir` (one level of subdirectories).
pub fn dir_size(dir: &Path) -> u64 {
    fn walk(dir: &Path, depth: u32) -> u64 {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        entries
            .flatten()
            .map(|e| match e.file_type() {
                Ok(t) if t.is_file() => e.metadata().map(|m| m.len()).unwrap_or(0),
                Ok(t) if t.is_dir() && depth > 0 => walk(&e.path(), depth - 1),
                _ => 0,
            })
            .sum()
    }
    walk(dir, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sidecar_is_named_after_the_archive() {
        assert_eq!(
            beside(Path::new("/d/rustdocs.zim")),
            Some(PathBuf::from("/d/rustdocs.zim.index"))
        );
        assert_eq!(
            beside(Path::new("/d/wiki.zimaa")),
            Some(PathBuf::from("/d/wiki.zim.index"))
        );
        assert_eq!(
            in_cache(Path::new("/c"), "abc"),
            PathBuf::from("/c/abc.index")
        );
    }
}
