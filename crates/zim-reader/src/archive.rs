//! [`Archive`]: an open ZIM archive (cheap to clone, `Send + Sync`).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::blob::Blob;
use crate::cache::{
    ClusterCache, DirentCache, TitlePositionCache, new_cluster_cache, new_dirent_cache,
    new_title_position_cache,
};
use crate::cluster::Cluster;
use crate::dirent::{Dirent, DirentKind};
use crate::entry::Entry;
use crate::error::ZimError;
use crate::header::{HEADER_SIZE, Header};
use crate::mime::read_mime_list;
use crate::parts::Parts;
use crate::title_listing::TitleListing;

/// Longest redirect chain followed before declaring a loop (libzim uses 50).
pub(crate) const MAX_REDIRECT_HOPS: u32 = 50;
/// How many evenly spaced dirent pairs are checked for order at open.
const OPEN_ORDER_SAMPLES: u32 = 32;

/// Tuning knobs for [`Archive::open_with`].
#[derive(Debug, Clone, Copy)]
pub struct OpenOptions {
    /// Byte budget of the decompressed-cluster cache (default 256 MiB).
    /// Clusters are weighed by the decoded size their offset table announces.
    pub cluster_cache_bytes: u64,
    /// Largest decompressed cluster accepted (default 1 GiB); bigger ones
    /// are an error.
    pub max_cluster_bytes: u64,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            cluster_cache_bytes: 256 << 20,
            max_cluster_bytes: 1 << 30,
        }
    }
}

/// Physical location of a blob stored uncompressed inside one file, e.g. an
/// embedded Xapian database that can be opened in place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct IndexLocation {
    /// The physical file (the part, for split archives).
    pub file: PathBuf,
    /// Absolute byte offset inside `file`.
    pub offset: u64,
    /// Size in bytes.
    pub size: u64,
}

pub(crate) struct Inner {
    pub(crate) parts: Arc<Parts>,
    pub(crate) header: Header,
    pub(crate) mimes: Vec<String>,
    pub(crate) opts: OpenOptions,
    clusters: ClusterCache,
    dirents: DirentCache,
    title_positions: TitlePositionCache,
    /// Keys of evenly spaced entries, built on the first path lookup.
    path_grid: OnceLock<PathGrid>,
    /// Listing libzim uses for title lookups: v1 (front articles) when
    /// usable, else v0.
    pub(crate) title_listing: TitleListing,
    /// True when `title_listing` is the v1 front-article listing.
    pub(crate) front_index: bool,
    ns_begin: Mutex<HashMap<u8, u32>>,
}

/// An open ZIM archive. Clones share the same file handles and caches.
#[derive(Clone)]
pub struct Archive {
    pub(crate) inner: Arc<Inner>,
}

impl std::fmt::Debug for Archive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("version", &self.version())
            .field("entries", &self.all_entry_count())
            .finish()
    }
}

/// Splits `A/path` (or `/A/path`) like libzim's `parseLongPath`.
pub(crate) fn parse_long_path(long: &str) -> Option<(u8, &str)> {
    let b = long.as_bytes();
    let i = usize::from(b.first() == Some(&b'/'));
    let ns = *b.get(i)?;
    if ns == b'/' {
        return None;
    }
    match b.get(i + 1) {
        None => Some((ns, "")),
        Some(b'/') => Some((ns, long.get(i + 2..)?)),
        Some(_) => None,
    }
}

impl Archive {
    /// Opens an archive by path. A name ending in `.zimaa` opens the split
    /// series; `foo.zim` falls back to `foo.zimaa`... when it does not exist.
    pub fn open(path: impl AsRef<Path>) -> Result<Archive, ZimError> {
        Self::open_with(path, OpenOptions::default())
    }

    /// [`Archive::open`] with explicit options.
    pub fn open_with(path: impl AsRef<Path>, opts: OpenOptions) -> Result<Archive, ZimError> {
        Self::from_parts(Parts::open_path(path.as_ref())?, opts)
    }

    /// Opens an archive embedded at `offset` (`len` bytes) inside another file.
    pub fn open_embedded(
        path: impl AsRef<Path>,
        offset: u64,
        len: u64,
    ) -> Result<Archive, ZimError> {
        Self::open_ranges(path, &[(offset, len)])
    }

    /// Opens an archive made of several `(offset, len)` ranges of one file,
    /// concatenated in order.
    pub fn open_ranges(path: impl AsRef<Path>, ranges: &[(u64, u64)]) -> Result<Archive, ZimError> {
        Self::from_parts(
            Parts::open_ranges(path.as_ref(), ranges)?,
            OpenOptions::default(),
        )
    }

    fn from_parts(parts: Parts, opts: OpenOptions) -> Result<Archive, ZimError> {
        let size = parts.size();
        if size < HEADER_SIZE {
            return Err(ZimError::TooSmall(size));
        }
        let mut raw = [0u8; 80];
        parts.read_exact_at(0, &mut raw)?;
        let header = Header::parse(&raw)?;
        if header.has_checksum() && header.checksum_pos.checked_add(16) != Some(size) {
            return Err(ZimError::BadSize {
                checksum_pos: header.checksum_pos,
                size,
            });
        }
        let in_file = |pos: u64, count: u32| {
            pos.checked_add(u64::from(count) * 8)
                .is_some_and(|end| end <= size)
        };
        if !in_file(header.path_ptr_pos, header.entry_count) {
            return Err(ZimError::SectionOutOfBounds("dirent pointer table"));
        }
        if !in_file(header.cluster_ptr_pos, header.cluster_count) {
            return Err(ZimError::SectionOutOfBounds("cluster pointer table"));
        }
        let inner = Inner {
            parts: Arc::new(parts),
            mimes: Vec::new(),
            opts,
            clusters: new_cluster_cache(opts.cluster_cache_bytes),
            dirents: new_dirent_cache(),
            title_positions: new_title_position_cache(),
            path_grid: OnceLock::new(),
            title_listing: TitleListing {
                offset: 0,
                count: 0,
            },
            front_index: false,
            ns_begin: Mutex::new(HashMap::new()),
            header,
        };
        let mut inner = inner;
        inner.quick_check()?;
        inner.mimes = read_mime_list(
            &inner.parts,
            inner.header.mime_list_pos,
            inner.mime_list_limit()?,
        )?;
        let (listing, front) = inner.locate_title_listing()?;
        inner.title_listing = listing;
        inner.front_index = front;
        Ok(Archive {
            inner: Arc::new(inner),
        })
    }

    /// `(major, minor)` format version.
    pub fn version(&self) -> (u16, u16) {
        (self.inner.header.major, self.inner.header.minor)
    }

    /// UUID formatted like libzim: `6f1d19d0-633f-087b-fb55-7ac324ff9baf`.
    pub fn uuid(&self) -> String {
        self.inner.header.uuid_string()
    }

    /// Where the archive's open files really are now, one per part (`None` when it cannot be
    /// told). Checking these, not the name that was opened, is what makes a containment check
    /// race-free: a symlink swapped after the check cannot change what a descriptor reads.
    pub fn opened_real_paths(&self) -> Vec<Option<std::path::PathBuf>> {
        self.inner.parts.real_paths()
    }

    /// Metadata of the archive's (first) open file, from its descriptor.
    pub fn opened_metadata(&self) -> Option<std::fs::Metadata> {
        self.inner.parts.metadata()
    }

    /// Size of the archive in bytes (sum of the parts / ranges).
    pub fn filesize(&self) -> u64 {
        self.inner.parts.size()
    }

    /// Number of entries in all namespaces (header `entryCount`).
    pub fn all_entry_count(&self) -> u32 {
        self.inner.header.entry_count
    }

    /// libzim's "user entries": the `C` namespace for new-scheme archives,
    /// all entries for old-scheme ones.
    pub fn entry_count(&self) -> u32 {
        if self.has_new_namespace_scheme() {
            let (b, e) = self.inner.ns_range(b'C').unwrap_or((0, 0));
            e.saturating_sub(b)
        } else {
            self.all_entry_count()
        }
    }

    /// Front articles, as libzim counts them: the v1 listing size when it is
    /// used, else `text/html*` in `M/Counter`, else the `C`/`A` namespace size.
    pub fn article_count(&self) -> u32 {
        if self.inner.front_index {
            return self.inner.title_listing.count;
        }
        match self.counter_if_present() {
            Some(c) => sum_counts(&c, |m| m.starts_with("text/html")),
            None => {
                let ns = if self.has_new_namespace_scheme() {
                    b'C'
                } else {
                    b'A'
                };
                self.inner.ns_count(ns)
            }
        }
    }

    /// Media entries as libzim counts them: `image/`, `video/`, `audio/` in
    /// `M/Counter`, else the size of the `I` and `J` namespaces.
    pub fn media_count(&self) -> u32 {
        match self.counter_if_present() {
            Some(c) => sum_counts(&c, |m| {
                m.starts_with("image/") || m.starts_with("video/") || m.starts_with("audio/")
            }),
            None => self
                .inner
                .ns_count(b'I')
                .saturating_add(self.inner.ns_count(b'J')),
        }
    }

    /// Number of clusters.
    pub fn cluster_count(&self) -> u32 {
        self.inner.header.cluster_count
    }

    /// New namespace scheme (`C`/`M`/`W`/`X`, minor version >= 1).
    pub fn has_new_namespace_scheme(&self) -> bool {
        self.inner.header.new_namespace_scheme()
    }

    /// Split over several files (`.zimaa`, `.zimab`, ...).
    pub fn is_multipart(&self) -> bool {
        self.inner.parts.is_multi_file()
    }

    /// The header has a checksum position (every 80-byte header).
    pub fn has_checksum(&self) -> bool {
        self.inner.header.has_checksum()
    }

    /// The stored MD5 checksum (lowercase hex), not verified.
    pub fn checksum(&self) -> Result<Option<String>, ZimError> {
        if !self.has_checksum() {
            return Ok(None);
        }
        let mut b = [0u8; 16];
        self.inner
            .parts
            .read_exact_at(self.inner.header.checksum_pos, &mut b)?;
        Ok(Some(b.iter().map(|x| format!("{x:02x}")).collect()))
    }

    /// The MIME type list.
    pub fn mime_types(&self) -> &[String] {
        &self.inner.mimes
    }

    /// Entry number `index` in path order (= libzim entry id).
    pub fn entry_at(&self, index: u32) -> Result<Entry, ZimError> {
        let dirent = self.inner.dirent(index)?;
        Ok(Entry::new(self.clone(), index, dirent))
    }

    /// Lookup with libzim `Archive::getEntryByPath` semantics: new-scheme
    /// archives look in `C` (accepting an optional `C/` prefix); old-scheme
    /// ones parse a namespace prefix, then try `A`, `I`, `J` and `-`.
    pub fn entry_by_path(&self, path: &str) -> Result<Option<Entry>, ZimError> {
        if self.has_new_namespace_scheme() {
            if let Some(e) = self.entry_by_ns_path_byte(b'C', path)? {
                return Ok(Some(e));
            }
            if let Some((_, short)) = parse_long_path(path) {
                return self.entry_by_ns_path_byte(b'C', short);
            }
            return Ok(None);
        }
        if let Some((ns, short)) = parse_long_path(path)
            && let Some(e) = self.entry_by_ns_path_byte(ns, short)?
        {
            return Ok(Some(e));
        }
        for ns in [b'A', b'I', b'J', b'-'] {
            if let Some(e) = self.entry_by_ns_path_byte(ns, path)? {
                return Ok(Some(e));
            }
        }
        Ok(None)
    }

    /// Exact lookup of `path` in namespace `ns`.
    pub fn entry_by_ns_path(&self, ns: char, path: &str) -> Result<Option<Entry>, ZimError> {
        match u8::try_from(ns) {
            Ok(b) if ns.is_ascii() => self.entry_by_ns_path_byte(b, path),
            _ => Ok(None),
        }
    }

    fn entry_by_ns_path_byte(&self, ns: u8, path: &str) -> Result<Option<Entry>, ZimError> {
        // The search hands back the dirent it matched: no second cache lookup.
        match self.inner.locate_path(ns, path)? {
            Located::Found(idx, dirent) => Ok(Some(Entry::new(self.clone(), idx, dirent))),
            Located::Before(_) => Ok(None),
        }
    }

    /// Lookup with libzim `getEntryByTitle` semantics: exact title in the
    /// title listing libzim uses (front articles when the archive has a v1
    /// listing), trying namespaces `C`, `A`, `I`, `J`, `-`.
    pub fn entry_by_title(&self, title: &str) -> Result<Option<Entry>, ZimError> {
        let inner = &self.inner;
        let count = inner.title_listing.count;
        for ns in [b'C', b'A', b'I', b'J', b'-'] {
            // The v0 listing is sorted by namespace first, so its namespace
            // ranges are those of the path table (cached); the v1 listing
            // holds front articles only and is searched whole.
            let (lo, hi) = if inner.front_index {
                (0, count)
            } else {
                let (b, e) = inner.ns_range(ns)?;
                (b.min(count), e.min(count))
            };
            if lo == hi {
                continue;
            }
            let pos = inner.title_lower_bound(lo, hi, ns, title)?;
            if pos < hi {
                let idx = inner.title_entry(pos)?;
                let d = inner.dirent(idx)?;
                if d.namespace == ns && d.display_title() == title {
                    return self.entry_at(idx).map(Some);
                }
            }
        }
        Ok(None)
    }

    /// The main page entry: `W/mainPage` if present (not resolved), else
    /// the header's main page.
    pub fn main_entry(&self) -> Result<Option<Entry>, ZimError> {
        if let Some(e) = self.entry_by_ns_path_byte(b'W', "mainPage")? {
            return Ok(Some(e));
        }
        if !self.inner.header.has_main_page() {
            return Ok(None);
        }
        self.entry_at(self.inner.header.main_page).map(Some)
    }

    /// Metadata `M/<name>` (redirects followed), e.g. `Title`, `Language`.
    pub fn metadata(&self, name: &str) -> Result<Option<Blob>, ZimError> {
        match self.entry_by_ns_path_byte(b'M', name)? {
            Some(e) => e.resolve()?.content().map(Some),
            None => Ok(None),
        }
    }

    /// Names of all metadata entries (`M` namespace), in path order.
    pub fn metadata_keys(&self) -> Result<Vec<String>, ZimError> {
        let (b, e) = self.inner.ns_range(b'M')?;
        (b..e)
            .map(|i| Ok(self.inner.dirent(i)?.path.clone()))
            .collect()
    }

    /// Square illustration sizes (`M/Illustration_<N>x<N>@1`), ascending;
    /// 48 is included for old archives with a `-/favicon` (as libzim).
    pub fn illustration_sizes(&self) -> Result<Vec<u32>, ZimError> {
        let mut sizes = BTreeSet::new();
        let (mut i, end) = {
            let (_, start) = self.inner.find_path(b'M', "Illustration_")?;
            (start, self.inner.ns_range(b'M')?.1)
        };
        while i < end {
            let d = self.inner.dirent(i)?;
            if !d.path.starts_with("Illustration_") {
                break;
            }
            if let Some(s) = parse_illustration_name(&d.path) {
                sizes.insert(s);
            }
            i += 1;
        }
        if !sizes.contains(&48) && self.favicon()?.is_some() {
            sizes.insert(48);
        }
        Ok(sizes.into_iter().collect())
    }

    fn favicon(&self) -> Result<Option<Entry>, ZimError> {
        for ns in [b'-', b'I'] {
            for p in ["favicon", "favicon.png"] {
                if let Some(e) = self.entry_by_ns_path_byte(ns, p)? {
                    return Ok(Some(e));
                }
            }
        }
        Ok(None)
    }

    /// The illustration of `size`x`size` pixels (old archives: `-/favicon` for 48).
    pub fn illustration(&self, size: u32) -> Result<Option<Blob>, ZimError> {
        let name = format!("Illustration_{size}x{size}@1");
        if let Some(e) = self.entry_by_ns_path_byte(b'M', &name)? {
            return e.resolve()?.content().map(Some);
        }
        if size == 48
            && let Some(e) = self.favicon()?
        {
            return e.resolve()?.content().map(Some);
        }
        Ok(None)
    }

    fn counter_if_present(&self) -> Option<BTreeMap<String, u64>> {
        let blob = self.metadata("Counter").ok()??;
        Some(parse_counter(&String::from_utf8_lossy(&blob)))
    }

    /// `M/Counter` parsed into MIME type -> count (empty if absent).
    pub fn counter(&self) -> Result<BTreeMap<String, u64>, ZimError> {
        Ok(match self.metadata("Counter")? {
            Some(b) => parse_counter(&String::from_utf8_lossy(&b)),
            None => BTreeMap::new(),
        })
    }

    /// All entries in path order.
    pub fn entries(&self) -> impl Iterator<Item = Result<Entry, ZimError>> + '_ {
        (0..self.all_entry_count()).map(move |i| self.entry_at(i))
    }

    /// Title-position range of [`Archive::entries_by_title`] (libzim `iterByTitle`).
    fn title_range(&self) -> (u32, u32) {
        let inner = &self.inner;
        if inner.front_index {
            (0, inner.title_listing.count)
        } else {
            let ns = if self.has_new_namespace_scheme() {
                b'C'
            } else {
                b'A'
            };
            let (b, e) = inner.ns_range(ns).unwrap_or((0, 0));
            (
                b.min(inner.title_listing.count),
                e.min(inner.title_listing.count),
            )
        }
    }

    /// User entries in title order, as libzim's `iterByTitle`: the front
    /// articles when the archive has a v1 listing, else the `C` (new scheme)
    /// or `A` (old scheme) namespace of the v0 listing.
    pub fn entries_by_title(&self) -> impl Iterator<Item = Result<Entry, ZimError>> + '_ {
        self.entries_by_title_from(0)
    }

    /// [`Archive::entries_by_title`] starting at position `pos` (see
    /// [`Archive::title_index_position`]).
    pub fn entries_by_title_from(
        &self,
        pos: u32,
    ) -> impl Iterator<Item = Result<Entry, ZimError>> + '_ {
        let (b, e) = self.title_range();
        let start = b.saturating_add(pos).min(e);
        (start..e).map(move |p| self.entry_at_title_listing(p))
    }

    fn entry_at_title_listing(&self, p: u32) -> Result<Entry, ZimError> {
        self.entry_at(self.inner.title_entry(p)?)
    }

    /// Front articles in v1 listing order (empty when the archive has none).
    pub fn front_articles(&self) -> impl Iterator<Item = Result<Entry, ZimError>> + '_ {
        let end = if self.inner.front_index {
            self.inner.title_listing.count
        } else {
            0
        };
        (0..end).map(move |p| self.entry_at_title_listing(p))
    }

    /// Position in [`Archive::entries_by_title`] of the first entry whose
    /// title is >= `title` (byte order), for prefix scans.
    pub fn title_index_position(&self, title: &str) -> Result<u32, ZimError> {
        let (b, e) = self.title_range();
        let ns = if self.has_new_namespace_scheme() {
            b'C'
        } else {
            b'A'
        };
        let p = self.inner.title_lower_bound(b, e, ns, title)?;
        Ok(p.saturating_sub(b))
    }

    fn index_location(&self, ns: u8, path: &str) -> Result<Option<IndexLocation>, ZimError> {
        match self.entry_by_ns_path_byte(ns, path)? {
            Some(e) if !e.is_redirect() => e.direct_access(),
            _ => Ok(None),
        }
    }

    /// The embedded full-text Xapian database (`X/fulltext/xapian`, old:
    /// `Z//fulltextIndex/xapian`), when stored uncompressed in one file.
    pub fn fulltext_index(&self) -> Result<Option<IndexLocation>, ZimError> {
        if self
            .entry_by_ns_path_byte(b'X', "fulltext/xapian")?
            .is_some()
        {
            return self.index_location(b'X', "fulltext/xapian");
        }
        for p in ["/fulltextIndex/xapian", "fulltextIndex/xapian"] {
            if self.entry_by_ns_path_byte(b'Z', p)?.is_some() {
                return self.index_location(b'Z', p);
            }
        }
        Ok(None)
    }

    /// The embedded title Xapian database (`X/title/xapian`).
    pub fn title_index(&self) -> Result<Option<IndexLocation>, ZimError> {
        self.index_location(b'X', "title/xapian")
    }

    /// Reads cluster `index` through the cache.
    pub(crate) fn cluster(&self, index: u32) -> Result<Arc<Cluster>, ZimError> {
        self.inner.cluster(index)
    }
}

impl Inner {
    pub(crate) fn dirent_offset(&self, index: u32) -> Result<u64, ZimError> {
        let count = self.header.entry_count;
        if index >= count {
            return Err(ZimError::EntryIndexOutOfRange { index, count });
        }
        self.parts
            .read_u64(self.header.path_ptr_pos + u64::from(index) * 8)
    }

    /// Reads (through the small cache) the dirent of entry `index`.
    pub(crate) fn dirent(&self, index: u32) -> Result<Arc<Dirent>, ZimError> {
        self.dirents.get_or_insert_with(&index, || {
            let offset = self.dirent_offset(index)?;
            Dirent::read(&self.parts, index, offset).map(Arc::new)
        })
    }

    /// Logical offset of cluster `index`, checked against the archive size.
    pub(crate) fn cluster_offset(&self, index: u32) -> Result<u64, ZimError> {
        let count = self.header.cluster_count;
        if index >= count {
            return Err(ZimError::ClusterIndexOutOfRange { index, count });
        }
        let offset = self
            .parts
            .read_u64(self.header.cluster_ptr_pos + u64::from(index) * 8)?;
        if offset >= self.parts.size() {
            return Err(ZimError::BadClusterPointer { index, offset });
        }
        Ok(offset)
    }

    /// Parses a cluster without touching the cache (integrity check).
    pub(crate) fn read_cluster_uncached(&self, index: u32) -> Result<Cluster, ZimError> {
        let offset = self.cluster_offset(index)?;
        Cluster::read(
            &self.parts,
            index,
            offset,
            u64::from(self.header.entry_count),
            self.opts.max_cluster_bytes,
        )
    }

    pub(crate) fn cluster(&self, index: u32) -> Result<Arc<Cluster>, ZimError> {
        // Only one thread decompresses a given cluster; others wait for it.
        self.clusters
            .get_or_insert_with(&index, || self.read_cluster_uncached(index).map(Arc::new))
    }

    /// Binary search in path order: `(found, lower bound)`.
    pub(crate) fn find_path(&self, ns: u8, path: &str) -> Result<(bool, u32), ZimError> {
        Ok(match self.locate_path(ns, path)? {
            Located::Found(idx, _) => (true, idx),
            Located::Before(idx) => (false, idx),
        })
    }

    /// Binary search in path order: first over the lookup grid (sampled
    /// dirents kept in memory), then over the few entries between two
    /// samples.
    fn locate_path(&self, ns: u8, path: &str) -> Result<Located, ZimError> {
        let n = self.header.entry_count;
        let grid = self.path_grid.get_or_init(|| PathGrid::new(n));
        match grid.narrow(self, ns, path) {
            Ok(Narrowed::Found(i, dirent)) => Ok(Located::Found(i, dirent)),
            Ok(Narrowed::Range(lo, hi)) => self.search_path(ns, path, lo.min(n), hi.min(n)),
            // A sample that cannot be read: a plain search still finds what
            // lies clear of the damage.
            Err(_) => self.search_path(ns, path, 0, n),
        }
    }

    /// Plain binary search for `(ns, path)` in `[lo, hi)`.
    fn search_path(&self, ns: u8, path: &str, lo: u32, hi: u32) -> Result<Located, ZimError> {
        let (mut lo, mut hi) = (lo, hi);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let d = self.dirent(mid)?;
            match dirent_key(&d).cmp(&(ns, path.as_bytes())) {
                Ordering::Less => lo = mid + 1,
                Ordering::Equal => return Ok(Located::Found(mid, d)),
                Ordering::Greater => hi = mid,
            }
        }
        Ok(Located::Before(lo))
    }

    /// First entry index whose namespace is >= `ns` (cached per namespace).
    fn ns_begin(&self, ns: u8) -> Result<u32, ZimError> {
        if let Ok(map) = self.ns_begin.lock()
            && let Some(&v) = map.get(&ns)
        {
            return Ok(v);
        }
        let (mut lo, mut hi) = (0u32, self.header.entry_count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.dirent(mid)?.namespace < ns {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if let Ok(mut map) = self.ns_begin.lock() {
            map.insert(ns, lo);
        }
        Ok(lo)
    }

    /// `[begin, end)` entry indexes of namespace `ns`.
    pub(crate) fn ns_range(&self, ns: u8) -> Result<(u32, u32), ZimError> {
        let b = self.ns_begin(ns)?;
        let e = match ns.checked_add(1) {
            Some(n) => self.ns_begin(n)?,
            None => self.header.entry_count,
        };
        Ok((b, e.max(b)))
    }

    /// Size of namespace `ns`, for the informational counts libzim reports without failing
    /// (`article_count`, `media_count`): 0 when the dirents bounding it cannot be read. Such
    /// damage is an error wherever an entry is read, and `check()` reports it.
    pub(crate) fn ns_count(&self, ns: u8) -> u32 {
        self.ns_range(ns).map(|(b, e)| e - b).unwrap_or(0)
    }

    /// Entry index at position `pos` of the title listing (cached: binary
    /// searches hit the same positions again and again).
    pub(crate) fn title_entry(&self, pos: u32) -> Result<u32, ZimError> {
        self.title_positions
            .get_or_insert_with(&pos, || self.title_listing.get(&self.parts, pos))
    }

    /// First title position in `[lo, hi)` whose (namespace, title) is >= the key.
    pub(crate) fn title_lower_bound(
        &self,
        lo: u32,
        hi: u32,
        ns: u8,
        title: &str,
    ) -> Result<u32, ZimError> {
        let (mut lo, mut hi) = (lo, hi.min(self.title_listing.count));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let d = self.dirent(self.title_entry(mid)?)?;
            let ord = d
                .namespace
                .cmp(&ns)
                .then_with(|| d.display_title().as_bytes().cmp(title.as_bytes()));
            if ord == Ordering::Less {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }

    /// Cheap open-time checks, like libzim's: cluster pointers inside the
    /// archive, dirent pointers valid and the path table sorted, on a sample
    /// of evenly spaced positions (first and last included).
    fn quick_check(&self) -> Result<(), ZimError> {
        let n = self.header.entry_count;
        let c = self.header.cluster_count;
        if c > 0 {
            self.cluster_offset(0)?;
            self.cluster_offset(c - 1)?;
        }
        if n == 0 {
            return Ok(());
        }
        let step = (n / OPEN_ORDER_SAMPLES).max(1);
        let mut prev: Option<(u32, Arc<Dirent>)> = None;
        let mut i = 0u32;
        let mut positions = Vec::new();
        while i < n {
            positions.push(i);
            if i + 1 < n {
                positions.push(i + 1);
            }
            i = match i.checked_add(step) {
                Some(v) => v,
                None => break,
            };
        }
        if n >= 2 {
            positions.push(n - 2);
        }
        positions.push(n - 1);
        positions.sort_unstable();
        positions.dedup();
        for idx in positions {
            let offset = self.dirent_offset(idx)?;
            let d = Dirent::read(&self.parts, idx, offset).map_err(|e| match e {
                ZimError::OutOfBounds { .. } => ZimError::BadDirentPointer { index: idx, offset },
                other => other,
            })?;
            if let Some((_, p)) = &prev {
                let ord = p
                    .namespace
                    .cmp(&d.namespace)
                    .then_with(|| p.path.as_bytes().cmp(d.path.as_bytes()));
                if ord != Ordering::Less {
                    return Err(ZimError::UnsortedDirents { index: idx });
                }
            }
            prev = Some((idx, Arc::new(d)));
        }
        Ok(())
    }

    /// Upper bound of the MIME list, computed like libzim (the first of the
    /// sections that can follow it).
    fn mime_list_limit(&self) -> Result<u64, ZimError> {
        let h = &self.header;
        let mut limit = h.path_ptr_pos.min(h.cluster_ptr_pos);
        if h.has_title_listing_v0() {
            limit = limit.min(h.title_ptr_pos);
        }
        if h.entry_count != 0 {
            limit = limit.min(self.dirent_offset(0)?);
            limit = limit.min(self.parts.read_u64(h.cluster_ptr_pos)?);
        }
        Ok(limit)
    }

    /// The v1 front-article listing when stored in an uncompressed cluster,
    /// else the header's v0 list (as libzim).
    fn locate_title_listing(&self) -> Result<(TitleListing, bool), ZimError> {
        // Plain search: building the path grid here would slow down opening.
        let n = self.header.entry_count;
        if let Located::Found(idx, _) = self.search_path(b'X', "listing/titleOrdered/v1", 0, n)?
            && let DirentKind::Item { cluster, blob, .. } = self.dirent(idx)?.kind
        {
            let cl = self.cluster(cluster)?;
            if let Some((offset, len)) = cl.stored_blob_offset(blob)? {
                let l = TitleListing::new(&self.parts, offset, len, "title index v1")?;
                return Ok((l, true));
            }
        }
        if !self.header.has_title_listing_v0() {
            return Err(ZimError::BadHeader(
                "the archive has no title-ordered index".into(),
            ));
        }
        let l = TitleListing::new(
            &self.parts,
            self.header.title_ptr_pos,
            u64::from(self.header.entry_count) * 4,
            "title index table",
        )?;
        Ok((l, false))
    }
}

/// Most dirents the lookup grid keeps (libzim's lookup keeps 1024 keys):
/// with 4096, archives of up to ~60k entries need at most four further
/// binary-search steps, for at most ~1 MB of sampled dirents.
const PATH_GRID_KEYS: u32 = 4096;

/// Where a path lookup ended.
pub(crate) enum Located {
    /// At this entry, whose dirent the search read.
    Found(u32, Arc<Dirent>),
    /// Absent; this is the index of the first entry after it.
    Before(u32),
}

/// The sort key of the path order: namespace, then path bytes.
fn dirent_key(d: &Dirent) -> (u8, &[u8]) {
    (d.namespace, d.path.as_bytes())
}

/// Dirents of every `step`-th entry, each read the first time a lookup
/// needs it and then kept: hot lookups walk these slots without hashing or
/// locking, and no lookup pays for reading them all at once.
struct PathGrid {
    entry_count: u32,
    step: u32,
    /// Slot `k` holds the dirent of entry `k * step`.
    slots: Vec<OnceLock<Arc<Dirent>>>,
}

enum Narrowed {
    Found(u32, Arc<Dirent>),
    /// The key, if present, lies in `[lo, hi)`.
    Range(u32, u32),
}

impl PathGrid {
    fn new(entry_count: u32) -> PathGrid {
        PathGrid::with_keys(entry_count, PATH_GRID_KEYS)
    }

    fn with_keys(entry_count: u32, max_keys: u32) -> PathGrid {
        // Rounded up so that there are at most `max_keys` slots.
        let step = entry_count.div_ceil(max_keys.max(1)).max(1);
        let count = entry_count.div_ceil(step);
        PathGrid {
            entry_count,
            step,
            slots: (0..count).map(|_| OnceLock::new()).collect(),
        }
    }

    fn slot_count(&self) -> u32 {
        u32::try_from(self.slots.len()).unwrap_or(u32::MAX)
    }

    /// Entry index and dirent of slot `slot` (< `slot_count`).
    fn sample(&self, inner: &Inner, slot: u32) -> Result<(u32, &Arc<Dirent>), ZimError> {
        let index = slot.saturating_mul(self.step);
        let cell = usize::try_from(slot)
            .ok()
            .and_then(|s| self.slots.get(s))
            .ok_or(ZimError::EntryIndexOutOfRange {
                index,
                count: self.entry_count,
            })?;
        if let Some(dirent) = cell.get() {
            return Ok((index, dirent));
        }
        // Threads racing here read the same dirent; the first one is kept.
        let dirent = inner.dirent(index)?;
        Ok((index, cell.get_or_init(|| dirent)))
    }

    fn narrow(&self, inner: &Inner, ns: u8, path: &str) -> Result<Narrowed, ZimError> {
        let key = (ns, path.as_bytes());
        let (mut lo, mut hi) = (0u32, self.slot_count());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let (index, dirent) = self.sample(inner, mid)?;
            match dirent_key(dirent).cmp(&key) {
                Ordering::Less => lo = mid + 1,
                Ordering::Equal => return Ok(Narrowed::Found(index, Arc::clone(dirent))),
                Ordering::Greater => hi = mid,
            }
        }
        // Slot `lo` is the first sample after the key: the key lies between
        // the previous sample and it.
        let start = match lo.checked_sub(1) {
            Some(prev) => prev.saturating_mul(self.step).saturating_add(1),
            None => 0,
        };
        let end = if lo < self.slot_count() {
            lo.saturating_mul(self.step)
        } else {
            self.entry_count
        };
        Ok(Narrowed::Range(start, end))
    }
}

fn sum_counts(c: &BTreeMap<String, u64>, pred: impl Fn(&str) -> bool) -> u32 {
    let total: u64 = c
        .iter()
        .filter(|(k, _)| pred(k))
        .map(|(_, v)| *v)
        .fold(0, u64::saturating_add);
    u32::try_from(total).unwrap_or(u32::MAX)
}

/// `Illustration_<W>x<H>@1` with `W == H` -> `W` (as libzim).
pub(crate) fn parse_illustration_name(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("Illustration_")?.strip_suffix("@1")?;
    let (w, h) = rest.split_once('x')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(w) || !digits(h) {
        return None;
    }
    let (w, h) = (w.parse::<u32>().ok()?, h.parse::<u32>().ok()?);
    (w == h).then_some(w)
}

/// Parses `M/Counter` like libzim: `mime=count` items separated by `;`,
/// where a MIME type may itself carry `;param=value` parameters.
pub(crate) fn parse_counter(text: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    let mut tokens = text.split(';');
    while let Some(first) = tokens.next() {
        let mut item = first.to_string();
        if !item.contains('=') {
            // Parameters of a MIME type: join until the `param=value=count` token.
            let mut complete = false;
            for params in tokens.by_ref() {
                item.push(';');
                item.push_str(params);
                if params.matches('=').count() == 2 {
                    complete = true;
                    break;
                }
            }
            if !complete {
                break;
            }
        }
        if let Some((mime, count)) = item.rsplit_once('=')
            && let Ok(n) = count.parse::<u64>()
            && !mime.is_empty()
        {
            out.insert(mime.to_string(), n);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_grid_narrows_to_the_right_range() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/zim/kiwix/wikipedia_en_ray_charles_2015-06.zimaa");
        let archive = Archive::open(&file).expect("open test archive");
        let inner = &archive.inner;
        let n = inner.header.entry_count;
        assert!(n > 100, "{n} entries");
        for keys in [1, 2, 3, 7, 64, n, n.saturating_add(5)] {
            let grid = PathGrid::with_keys(n, keys);
            for i in 0..n {
                let d = inner.dirent(i).expect("dirent");
                match grid.narrow(inner, d.namespace, &d.path).expect("narrow") {
                    Narrowed::Found(at, found) => {
                        assert_eq!((at, &found.path), (i, &d.path), "{keys} keys")
                    }
                    Narrowed::Range(lo, hi) => assert!(lo <= i && i < hi, "{keys} keys: {i}"),
                }
                // A path just after this one is absent; it belongs at i + 1.
                let missing = format!("{}\u{1}", d.path);
                match grid.narrow(inner, d.namespace, &missing).expect("narrow") {
                    Narrowed::Found(at, _) => panic!("{keys} keys: found {missing:?} at {at}"),
                    Narrowed::Range(lo, hi) => {
                        assert!(lo <= i + 1 && i < hi.min(n), "{keys} keys: {i}")
                    }
                }
                let (found, at) = inner.find_path(d.namespace, &d.path).expect("find");
                assert_eq!((found, at), (true, i));
                assert_eq!(
                    inner.find_path(d.namespace, &missing).expect("find"),
                    (false, i + 1)
                );
            }
        }
    }

    #[test]
    fn counter_with_parameters() {
        let c = parse_counter("text/html=3;text/html;raw=true=2;image/png=1;");
        assert_eq!(c.get("text/html"), Some(&3));
        assert_eq!(c.get("text/html;raw=true"), Some(&2));
        assert_eq!(c.get("image/png"), Some(&1));
        assert_eq!(c.len(), 3);
    }

    #[test]
    fn long_paths() {
        assert_eq!(parse_long_path("A/foo"), Some((b'A', "foo")));
        assert_eq!(parse_long_path("/A/foo"), Some((b'A', "foo")));
        assert_eq!(parse_long_path("A"), Some((b'A', "")));
        assert_eq!(parse_long_path("foo"), None);
        assert_eq!(parse_long_path("/"), None);
        assert_eq!(parse_long_path(""), None);
    }

    #[test]
    fn illustration_names() {
        assert_eq!(parse_illustration_name("Illustration_48x48@1"), Some(48));
        assert_eq!(parse_illustration_name("Illustration_48x96@1"), None);
        assert_eq!(parse_illustration_name("Illustration_48x48@2"), None);
        assert_eq!(parse_illustration_name("Illustration_x48@1"), None);
    }
}
