//! [`Entry`]: one directory entry (item or redirect) of an archive.

use std::sync::{Arc, OnceLock};

use crate::archive::{Archive, IndexLocation, MAX_REDIRECT_HOPS};
use crate::blob::Blob;
use crate::cluster::BlobRef;
use crate::dirent::{Dirent, DirentKind};
use crate::error::ZimError;

/// An entry; holds a clone of its [`Archive`] so it can fetch content.
#[derive(Clone)]
pub struct Entry {
    archive: Archive,
    index: u32,
    dirent: Arc<Dirent>,
    /// libzim's `Entry.path` of old-scheme archives (`A/Foo`), built on first use: most
    /// entries are looked up for their content or title, and new-scheme paths need no copy.
    prefixed_path: OnceLock<String>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("index", &self.index)
            .field("path", &self.path())
            .finish()
    }
}

impl Entry {
    pub(crate) fn new(archive: Archive, index: u32, dirent: Arc<Dirent>) -> Entry {
        Entry {
            archive,
            index,
            dirent,
            prefixed_path: OnceLock::new(),
        }
    }

    /// The archive this entry belongs to.
    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    /// Index in path order (libzim entry id).
    pub fn index(&self) -> u32 {
        self.index
    }

    /// Namespace character (`C`, `M`, `W`, `X`; old scheme `A`, `I`, `-`, ...).
    pub fn namespace(&self) -> char {
        char::from(self.dirent.namespace)
    }

    /// libzim's `Entry.path`: `A/Foo` for old-scheme archives, `Foo` for
    /// new-scheme ones (whatever the namespace).
    pub fn path(&self) -> &str {
        if self.archive.has_new_namespace_scheme() {
            &self.dirent.path
        } else {
            self.prefixed_path.get_or_init(|| self.full_path())
        }
    }

    /// Path always prefixed with its namespace: `C/Foo`, `A/Foo`.
    pub fn full_path(&self) -> String {
        format!("{}/{}", self.namespace(), self.dirent.path)
    }

    /// Title, or the path without namespace when the title is empty.
    pub fn title(&self) -> &str {
        self.dirent.display_title()
    }

    /// Whether the entry is a redirect.
    pub fn is_redirect(&self) -> bool {
        matches!(self.dirent.kind, DirentKind::Redirect(_))
    }

    /// The entry a redirect points to (one hop).
    pub fn redirect_target(&self) -> Result<Entry, ZimError> {
        match self.dirent.kind {
            DirentKind::Redirect(t) => self.archive.entry_at(t),
            _ => Err(ZimError::NotRedirect(self.index)),
        }
    }

    /// Follows redirects to a non-redirect entry; a loop (or a chain longer
    /// than 50 hops) is [`ZimError::RedirectLoop`].
    pub fn resolve(&self) -> Result<Entry, ZimError> {
        let mut cur = self.clone();
        for _ in 0..=MAX_REDIRECT_HOPS {
            if !cur.is_redirect() {
                return Ok(cur);
            }
            cur = cur.redirect_target()?;
        }
        Err(ZimError::RedirectLoop(self.index))
    }

    fn item(&self) -> Result<(u16, u32, u32), ZimError> {
        match self.dirent.kind {
            DirentKind::Item {
                mime,
                cluster,
                blob,
            } => Ok((mime, cluster, blob)),
            DirentKind::Redirect(_) => Err(ZimError::IsRedirect(self.index)),
            DirentKind::LinkTarget | DirentKind::Deleted => Err(ZimError::NoContent(self.index)),
        }
    }

    /// Where an item's content is stored: its cluster and blob numbers (an error for
    /// redirects). Reading items in this order decodes each cluster once, front to back.
    pub fn blob_location(&self) -> Result<(u32, u32), ZimError> {
        let (_, cluster, blob) = self.item()?;
        Ok((cluster, blob))
    }

    /// MIME type of an item; an error for redirects and unknown MIME codes.
    pub fn mimetype(&self) -> Result<&str, ZimError> {
        let (mime, _, _) = self.item()?;
        self.archive
            .mime_types()
            .get(usize::from(mime))
            .map(String::as_str)
            .ok_or(ZimError::UnknownMimeType(mime))
    }

    /// Content of an item (does not follow redirects).
    pub fn content(&self) -> Result<Blob, ZimError> {
        let (_, cluster, blob) = self.item()?;
        let cl = self.archive.cluster(cluster)?;
        match cl.blob(blob)? {
            BlobRef::Memory { data, start, end } => Ok(Blob::from_shared(data, start, end)),
            BlobRef::Append { buf, start, end } => Ok(Blob::from_append(buf, start, end)),
            BlobRef::Stored { offset, len } => {
                let v = self
                    .archive
                    .inner
                    .parts
                    .read_vec(offset, len)
                    .map_err(|_| ZimError::BlobOutOfBounds { cluster, blob })?;
                Ok(Blob::from_vec(v))
            }
        }
    }

    /// Content size of an item in bytes.
    pub fn size(&self) -> Result<u64, ZimError> {
        let (_, cluster, blob) = self.item()?;
        self.archive.cluster(cluster)?.blob_size(blob)
    }

    /// Physical location of the content when it is stored uncompressed and
    /// inside a single file (part); `None` otherwise.
    pub fn direct_access(&self) -> Result<Option<IndexLocation>, ZimError> {
        let (_, cluster, blob) = self.item()?;
        let cl = self.archive.cluster(cluster)?;
        let Some((offset, len)) = cl.stored_blob_offset(blob)? else {
            return Ok(None);
        };
        Ok(self
            .archive
            .inner
            .parts
            .locate(offset, len)
            .map(|(file, offset)| IndexLocation {
                file,
                offset,
                size: len,
            }))
    }
}
