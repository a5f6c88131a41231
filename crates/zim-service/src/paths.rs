//! Finding ZIM files inside the allowed directories, and resolving what a client calls
//! `zim_file_path` to one of them without ever leaving those directories.
//!
//! A client may name an archive by a path inside an allowed directory (absolute or relative),
//! by its file name, or by its name without `.zim`. Traversal (`..`, also percent-encoded),
//! absolute paths elsewhere and symlinks that point out of the allowed directories are
//! refused. Messages never contain absolute paths: candidates are shown as
//! `<allowed dir name>/<relative path>`.

use std::path::{Component, Path, PathBuf};
use std::time::SystemTime;

use percent_encoding::percent_decode_str;

use crate::error::ToolError;

/// Longest `zim_file_path` accepted (openzim-mcp's input limit).
pub const MAX_FILE_PATH_LEN: usize = 1000;
/// How deep below an allowed directory archives are looked for.
const MAX_SCAN_DEPTH: usize = 4;
/// Upper bound on files examined per scan, so a huge tree cannot stall the server.
const MAX_SCAN_FILES: usize = 100_000;

/// One archive found in an allowed directory.
#[derive(Debug, Clone, PartialEq)]
pub struct ArchiveFile {
    /// Logical file name: `foo.zim`, also for a split archive stored as `foo.zimaa`, `foo.zimab`...
    pub name: String,
    /// Canonical path of the file to open (the `.zimaa` part for split archives).
    pub path: PathBuf,
    /// Index of the allowed directory it was found in.
    pub root: usize,
    /// Display form `<allowed dir name>/<relative path>`; contains no absolute path.
    pub display: String,
    /// Total size in bytes (all parts of a split archive).
    pub size: u64,
    pub modified: Option<SystemTime>,
    pub split: bool,
}

/// The allowed directories (canonical) and the rules for staying inside them.
#[derive(Debug, Clone)]
pub struct AllowedDirs {
    roots: Vec<PathBuf>,
}

impl AllowedDirs {
    /// `roots` must already be canonical (configuration validation does that).
    pub fn new(roots: Vec<PathBuf>) -> Self {
        Self { roots }
    }

    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// The root a canonical path lies in, if any.
    pub fn root_of(&self, canonical: &Path) -> Option<usize> {
        self.roots
            .iter()
            .position(|root| canonical.starts_with(root))
    }

    fn root_label(&self, index: usize) -> String {
        self.roots
            .get(index)
            .and_then(|r| r.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "root".to_owned())
    }

    /// Number of allowed directories that can currently be listed.
    pub fn readable_count(&self) -> usize {
        self.roots
            .iter()
            .filter(|r| std::fs::read_dir(r).is_ok())
            .count()
    }

    /// Every archive below the allowed directories, sorted by display name.
    pub fn scan(&self) -> Vec<ArchiveFile> {
        let mut found = Vec::new();
        let mut budget = MAX_SCAN_FILES;
        for (index, root) in self.roots.iter().enumerate() {
            self.scan_dir(index, root, 0, &mut budget, &mut found);
        }
        found.sort_by(|a, b| a.display.cmp(&b.display));
        // A symlink to another served file is the same archive, not a second candidate.
        let mut seen = std::collections::HashSet::new();
        found.retain(|f| seen.insert(f.path.clone()));
        found
    }

    fn scan_dir(
        &self,
        root: usize,
        dir: &Path,
        depth: usize,
        budget: &mut usize,
        found: &mut Vec<ArchiveFile>,
    ) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        names.sort();
        for path in names {
            if *budget == 0 {
                return;
            }
            *budget -= 1;
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                // Real directories only: a symlinked directory could loop or lead outside.
                if depth + 1 < MAX_SCAN_DEPTH {
                    self.scan_dir(root, &path, depth + 1, budget, found);
                }
                continue;
            }
            if let Some(file) = self.archive_file(root, &path) {
                found.push(file);
            }
        }
    }

    /// Describe `path` if it is an archive (or the first part of a split one) that resolves
    /// inside the allowed directories.
    fn archive_file(&self, root: usize, path: &Path) -> Option<ArchiveFile> {
        let file_name = path.file_name()?.to_str()?.to_owned();
        let (name, split) = if let Some(stem) = file_name.strip_suffix(".zimaa") {
            // `foo.zim` next to `foo.zimaa` is the same archive: keep the single file.
            if path.with_file_name(format!("{stem}.zim")).exists() {
                return None;
            }
            (format!("{stem}.zim"), true)
        } else if file_name.ends_with(".zim") {
            (file_name.clone(), false)
        } else {
            return None;
        };
        let canonical = path.canonicalize().ok()?;
        // Symlinks are followed only when their target is inside an allowed directory.
        self.root_of(&canonical)?;
        let meta = std::fs::metadata(&canonical).ok()?;
        if !meta.is_file() {
            return None;
        }
        let size = if split {
            split_parts(&canonical)
                .iter()
                .filter_map(|p| std::fs::metadata(p).ok())
                .fold(0u64, |acc, m| acc.saturating_add(m.len()))
        } else {
            meta.len()
        };
        let relative = self
            .roots
            .get(root)
            .and_then(|r| path.strip_prefix(r).ok())
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|| file_name.clone());
        Some(ArchiveFile {
            display: format!("{}/{}", self.root_label(root), relative),
            name,
            path: canonical,
            root,
            size,
            modified: meta.modified().ok(),
            split,
        })
    }

    /// Resolve a client's `zim_file_path` against the archives in `files`.
    pub fn resolve<'a>(
        &self,
        input: &str,
        files: &'a [ArchiveFile],
    ) -> Result<&'a ArchiveFile, ToolError> {
        let input = input.trim();
        check_input(input)?;
        if is_absolute(input) {
            let canonical = Path::new(input)
                .canonicalize()
                .map_err(|_| not_found(input, files))?;
            if self.root_of(&canonical).is_none() {
                return Err(ToolError::security(
                    "Access denied: the path is outside the allowed directories",
                ));
            }
            return files
                .iter()
                .find(|f| f.path == canonical)
                .ok_or_else(|| not_found(input, files));
        }
        if input.contains('/') || input.contains('\\') {
            return self.resolve_relative(input, files);
        }
        let matches: Vec<&ArchiveFile> = files
            .iter()
            .filter(|f| {
                f.name == input
                    || f.name.strip_suffix(".zim") == Some(input)
                    || f.display.rsplit('/').next() == Some(input)
            })
            .collect();
        // A name the listing does not show may still name a listed archive: the real file
        // behind a symlinked alias (the listing keeps one name per file). Resolved like a
        // relative path, so the real file answers to its own name too.
        // A bare name that leads outside stays "not found", as before (nothing said about it).
        if matches.is_empty() {
            return match self.resolve_relative(input, files) {
                Err(err) if err.kind == crate::ErrorKind::Security => Err(not_found(input, files)),
                other => other,
            };
        }
        pick_one(input, matches, files)
    }

    fn resolve_relative<'a>(
        &self,
        input: &str,
        files: &'a [ArchiveFile],
    ) -> Result<&'a ArchiveFile, ToolError> {
        let mut matches: Vec<&ArchiveFile> = Vec::new();
        let mut push = |canonical: PathBuf| {
            if self.root_of(&canonical).is_none() {
                return Err(ToolError::security(
                    "Access denied: the path leads outside the allowed directories",
                ));
            }
            if let Some(file) = files.iter().find(|f| f.path == canonical)
                && !matches.iter().any(|m| m.path == file.path)
            {
                matches.push(file);
            }
            Ok(())
        };
        for (index, root) in self.roots.iter().enumerate() {
            if let Ok(canonical) = root.join(input).canonicalize() {
                push(canonical)?;
            }
            // Also accept the display form `<allowed dir name>/<relative path>`.
            let label = self.root_label(index);
            if let Some(rest) = input.strip_prefix(&format!("{label}/"))
                && let Ok(canonical) = root.join(rest).canonicalize()
            {
                push(canonical)?;
            }
        }
        pick_one(input, matches, files)
    }
}

/// The parts of a split archive, `foo.zimaa`, `foo.zimab`, ... while they exist.
pub fn split_parts(first: &Path) -> Vec<PathBuf> {
    let Some(name) = first.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    let Some(stem) = name.strip_suffix("aa") else {
        return vec![first.to_path_buf()];
    };
    let mut parts = Vec::new();
    'outer: for a in b'a'..=b'z' {
        for b in b'a'..=b'z' {
            let part = first.with_file_name(format!("{stem}{}{}", a as char, b as char));
            if !part.is_file() {
                break 'outer;
            }
            parts.push(part);
        }
    }
    parts
}

fn is_absolute(input: &str) -> bool {
    let bytes = input.as_bytes();
    input.starts_with('/')
        || input.starts_with('\\')
        || (bytes.len() >= 2
            && bytes.first().is_some_and(u8::is_ascii_alphabetic)
            && bytes.get(1) == Some(&b':'))
}

/// Length, control characters and traversal, checked on the raw input and on up to three
/// rounds of percent-decoding (`%2e%2e%2f`, `%252e%252e`...).
fn check_input(input: &str) -> Result<(), ToolError> {
    if input.is_empty() {
        return Err(ToolError::validation(
            "invalid_zim_file_path",
            "zim_file_path is empty",
        ));
    }
    if input.len() > MAX_FILE_PATH_LEN {
        return Err(ToolError::validation(
            "invalid_zim_file_path",
            format!("zim_file_path is longer than {MAX_FILE_PATH_LEN} characters"),
        ));
    }
    let mut current = input.to_owned();
    for _ in 0..4 {
        if current.chars().any(char::is_control) {
            return Err(ToolError::security(
                "zim_file_path contains control characters",
            ));
        }
        if has_parent_component(&current) {
            return Err(ToolError::security(
                "Path traversal detected: '..' is not allowed in zim_file_path",
            ));
        }
        let decoded = percent_decode_str(&current)
            .decode_utf8_lossy()
            .into_owned();
        if decoded == current {
            break;
        }
        current = decoded;
    }
    Ok(())
}

fn has_parent_component(path: &str) -> bool {
    path.split(['/', '\\']).any(|c| c == "..")
        || Path::new(path)
            .components()
            .any(|c| c == Component::ParentDir)
}

fn pick_one<'a>(
    input: &str,
    matches: Vec<&'a ArchiveFile>,
    files: &'a [ArchiveFile],
) -> Result<&'a ArchiveFile, ToolError> {
    match matches.as_slice() {
        [one] => Ok(one),
        [] => Err(not_found(input, files)),
        many => {
            let names: Vec<&str> = many.iter().map(|f| f.display.as_str()).collect();
            Err(ToolError::validation(
                "ambiguous_zim_file",
                format!(
                    "'{}' matches {} archives: {}",
                    crate::redact::redact_paths(input),
                    many.len(),
                    names.join(", ")
                ),
            )
            .with_hint("Pass one of the listed paths as zim_file_path"))
        }
    }
}

fn not_found(input: &str, files: &[ArchiveFile]) -> ToolError {
    let available: Vec<&str> = files.iter().take(10).map(|f| f.display.as_str()).collect();
    let hint = if available.is_empty() {
        "No ZIM files were found in the allowed directories".to_owned()
    } else {
        format!("Available archives: {}", available.join(", "))
    };
    ToolError::not_found(
        "zim_file_not_found",
        format!("ZIM file not found: {}", crate::redact::redact_paths(input)),
    )
    .with_hint(hint)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use std::fs;

    struct Fixture {
        _tmp: tempfile::TempDir,
        outside: PathBuf,
        dirs: AllowedDirs,
    }

    /// `a/` and `b/` are allowed; `outside/` is not.
    fn fixture() -> Fixture {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path().canonicalize().unwrap();
        let (a, b, outside) = (base.join("a"), base.join("b"), base.join("outside"));
        for d in [&a, &b, &outside, &a.join("sub")] {
            fs::create_dir_all(d).unwrap();
        }
        fs::write(a.join("wiki.zim"), b"x").unwrap();
        fs::write(a.join("sub/deep.zim"), b"xy").unwrap();
        fs::write(a.join("notes.txt"), b"x").unwrap();
        fs::write(b.join("wiki.zim"), b"x").unwrap();
        fs::write(b.join("split.zimaa"), b"12").unwrap();
        fs::write(b.join("split.zimab"), b"345").unwrap();
        fs::write(outside.join("secret.zim"), b"x").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(outside.join("secret.zim"), a.join("link.zim")).unwrap();
            std::os::unix::fs::symlink(a.join("sub/deep.zim"), b.join("inside-link.zim")).unwrap();
        }
        Fixture {
            _tmp: tmp,
            outside,
            dirs: AllowedDirs::new(vec![a, b]),
        }
    }

    #[test]
    fn scan_finds_archives_and_split_archives_only_inside() {
        let f = fixture();
        let files = f.dirs.scan();
        let displays: Vec<&str> = files.iter().map(|f| f.display.as_str()).collect();
        assert!(displays.contains(&"a/wiki.zim"));
        assert!(displays.contains(&"a/sub/deep.zim"));
        assert!(displays.contains(&"b/split.zimaa"));
        assert!(
            !displays
                .iter()
                .any(|d| d.contains("secret") || d.contains("link.zim") && d.starts_with("a/"))
        );
        let split = files.iter().find(|f| f.split).unwrap();
        assert_eq!((split.name.as_str(), split.size), ("split.zim", 5));
    }

    #[test]
    fn names_resolve_with_and_without_extension() {
        let f = fixture();
        let files = f.dirs.scan();
        assert_eq!(
            f.dirs.resolve("deep", &files).unwrap().display,
            "a/sub/deep.zim"
        );
        assert_eq!(
            f.dirs.resolve("deep.zim", &files).unwrap().display,
            "a/sub/deep.zim"
        );
        assert_eq!(
            f.dirs.resolve("split", &files).unwrap().display,
            "b/split.zimaa"
        );
        assert_eq!(
            f.dirs.resolve("split.zimaa", &files).unwrap().display,
            "b/split.zimaa"
        );
        assert_eq!(
            f.dirs.resolve("sub/deep.zim", &files).unwrap().display,
            "a/sub/deep.zim"
        );
        assert_eq!(
            f.dirs.resolve("b/wiki.zim", &files).unwrap().display,
            "b/wiki.zim"
        );
        let abs = f.dirs.roots()[0].join("wiki.zim");
        assert_eq!(
            f.dirs
                .resolve(abs.to_str().unwrap(), &files)
                .unwrap()
                .display,
            "a/wiki.zim"
        );
    }

    #[test]
    fn ambiguous_names_list_candidates_without_absolute_paths() {
        let f = fixture();
        let files = f.dirs.scan();
        let err = f.dirs.resolve("wiki", &files).unwrap_err();
        assert_eq!(err.operation, "ambiguous_zim_file");
        assert!(err.message.contains("a/wiki.zim") && err.message.contains("b/wiki.zim"));
        assert!(
            !err.payload()
                .message
                .contains(f.dirs.roots()[0].to_str().unwrap())
        );
    }

    #[test]
    fn traversal_outside_paths_and_symlinks_out_are_refused() {
        let f = fixture();
        let files = f.dirs.scan();
        let secret = f.outside.join("secret.zim");
        for attack in [
            "../outside/secret.zim",
            "sub/../../outside/secret.zim",
            "..%2Foutside%2Fsecret.zim",
            "%2e%2e/outside/secret.zim",
            "%252e%252e%252foutside",
            "..\\outside\\secret.zim",
            secret.to_str().unwrap(),
            "/etc/passwd",
        ] {
            let err = f.dirs.resolve(attack, &files).unwrap_err();
            assert!(
                matches!(err.kind, ErrorKind::Security | ErrorKind::NotFound),
                "{attack}: {err:?}"
            );
            let text = serde_json::to_string(&err.payload()).unwrap();
            assert!(
                !text.contains(f.outside.to_str().unwrap()),
                "{attack}: {text}"
            );
        }
        let err = f
            .dirs
            .resolve(secret.to_str().unwrap(), &files)
            .unwrap_err();
        assert_eq!(err.kind, ErrorKind::Security);
        #[cfg(unix)]
        {
            let err = f.dirs.resolve("link.zim", &files).unwrap_err();
            assert_eq!(err.kind, ErrorKind::NotFound);
            let abs_link = f.dirs.roots()[0].join("link.zim");
            let err = f
                .dirs
                .resolve(abs_link.to_str().unwrap(), &files)
                .unwrap_err();
            assert_eq!(err.kind, ErrorKind::Security);
        }
    }

    #[test]
    fn bad_input_is_rejected() {
        let f = fixture();
        let files = f.dirs.scan();
        assert_eq!(
            f.dirs.resolve("  ", &files).unwrap_err().kind,
            ErrorKind::Validation
        );
        assert_eq!(
            f.dirs.resolve(&"a".repeat(2000), &files).unwrap_err().kind,
            ErrorKind::Validation
        );
        assert_eq!(
            f.dirs.resolve("wi\nki", &files).unwrap_err().kind,
            ErrorKind::Security
        );
        let err = f.dirs.resolve("nothing", &files).unwrap_err();
        assert_eq!(err.operation, "zim_file_not_found");
        assert!(err.hint.unwrap().contains("a/wiki.zim"));
    }
}
