//! `index.auto_build`: knowledge indexes missing at start-up are built in the background,
//! one archive at a time, by one thread at the lowest CPU priority, so neither start-up nor
//! answers wait for them. The server picks each index up once it is published
//! (`zim_service::knowledge` looks again for missing ones).
//!
//! Sidecars built here always go to the cache directory (`index.dir`), never beside the
//! archives: the server writes nothing into the directories it serves.

use std::sync::Arc;
use std::time::Duration;

use zim_index::{BuildOptions, Status};
use zim_service::service::ZimService;

/// Start-up finishes before the builder starts reading archives.
const START_DELAY: Duration = Duration::from_secs(2);
/// The section index's indexing memory for a background build.
const HEAP_BYTES: usize = 64 * 1024 * 1024;

pub fn spawn_index_builder(service: Arc<ZimService>) {
    let Some(cache_dir) = service.config().index.cache_dir() else {
        tracing::warn!("index.auto_build: no cache directory (set index.dir); nothing is built");
        return;
    };
    let spawned = std::thread::Builder::new()
        .name("index-builder".into())
        .spawn(move || {
            lower_priority();
            std::thread::sleep(START_DELAY);
            for file in service.registry().files().iter() {
                let Ok(open) = service.registry().open_file(file.clone()) else {
                    continue;
                };
                if service.knowledge().get(&open).is_some() {
                    continue;
                }
                if let Status::Building { .. } =
                    zim_index::status(&file.path, &open.archive, Some(&cache_dir))
                {
                    continue;
                }
                let opts = BuildOptions {
                    threads: 1,
                    out_dir: Some(zim_index::locate::in_cache(
                        &cache_dir,
                        &open.archive.uuid(),
                    )),
                    cache_dir: Some(cache_dir.clone()),
                    heap_bytes: HEAP_BYTES,
                    ..BuildOptions::default()
                };
                match zim_index::build_open(&open.archive, &file.path, &opts) {
                    Ok(report) => tracing::info!(
                        archive = %file.display,
                        pages = report.manifest.pages,
                        seconds = report.manifest.build_seconds,
                        "knowledge index built"
                    ),
                    Err(e) => tracing::warn!(
                        archive = %file.display,
                        error = %zim_service::redact::redact_paths(&e.to_string()),
                        "knowledge index not built"
                    ),
                }
            }
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "index.auto_build: cannot start the builder thread");
    }
}

/// The calling thread (and the threads it starts) at nice 19.
fn lower_priority() {
    // SAFETY: setpriority only reads its integer arguments; on Linux, PRIO_PROCESS with
    // who = 0 changes the calling thread's nice value, which threads it creates inherit.
    #[allow(unsafe_code)]
    let done = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
    if done != 0 {
        tracing::debug!("index builder: could not lower its priority");
    }
}
