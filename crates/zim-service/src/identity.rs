//! Which file a path names now. An archive is the same only if its device, inode, size, change
//! time and modification time all are: a replacement given the old modification time (`cp new
//! .t && touch -r old .t && mv .t old`) has another inode and change time, so nothing keyed on
//! the stamp (open archives, kept answers) outlives it.

use std::path::Path;

/// A file's identity, as one comparable string.
pub fn stamp(meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    format!(
        "{}:{}:{}:{}.{}:{}.{}",
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.ctime(),
        meta.ctime_nsec(),
        meta.mtime(),
        meta.mtime_nsec()
    )
}

/// The identity of the file `path` names now (`None` when it cannot be read).
pub fn stamp_of(path: &Path) -> Option<String> {
    std::fs::metadata(path).ok().map(|m| stamp(&m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replacement_with_the_old_mtime_is_another_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.zim");
        std::fs::write(&path, b"first").unwrap();
        let before = stamp_of(&path).unwrap();
        let mtime = std::fs::metadata(&path).unwrap().modified().unwrap();
        let aside = dir.path().join(".t");
        std::fs::write(&aside, b"other").unwrap();
        std::fs::File::options()
            .write(true)
            .open(&aside)
            .unwrap()
            .set_modified(mtime)
            .unwrap();
        std::fs::rename(&aside, &path).unwrap();
        assert_eq!(
            std::fs::metadata(&path).unwrap().modified().unwrap(),
            mtime,
            "same mtime, same size: only the identity tells them apart"
        );
        assert_ne!(stamp_of(&path).unwrap(), before);
        assert_eq!(stamp_of(&path), stamp_of(&path));
        assert_eq!(stamp_of(&dir.path().join("missing")), None);
    }
}
