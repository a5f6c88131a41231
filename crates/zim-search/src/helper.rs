//! Side work that may run on another core while the caller does its own part, or on the caller
//! afterwards if no helper got to it first.
//!
//! Used for libzim's estimate match: a full-text search is two independent Xapian matches (the
//! page and libzim's `getEstimatedMatches`), which libzim runs one after the other. The caller
//! posts the estimate here, runs the page, then either collects the estimate (a helper ran it
//! meanwhile), waits for it (a helper is running it: it started before the caller could have),
//! or takes it back and runs it itself (every helper was busy). So a search is never slower
//! than running both matches in sequence, save a queue push and a wake-up, and with an idle core
//! it takes as long as the slower match.
//!
//! Helper threads are few (one per spare core, at most [`MAX_HELPERS`]), started on first use
//! and kept for the life of the process. Starting a thread per search would cost as much as
//! a light query (BENCHMARKS.md).

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};

const MAX_HELPERS: usize = 4;

type Task<R> = Box<dyn FnOnce() -> R + Send + 'static>;

enum Slot<R> {
    /// Posted, not started: whoever claims it first runs it.
    Pending(Task<R>),
    /// A helper is running it.
    Running,
    Done(R),
    /// The result was collected (or the task was lost to a panic).
    Empty,
}

struct Job<R> {
    slot: Mutex<Slot<R>>,
    finished: Condvar,
}

/// Something a helper can run: a type-erased `Job`.
trait Runnable: Send + Sync {
    fn run_if_pending(&self);
}

impl<R: Send> Runnable for Job<R> {
    fn run_if_pending(&self) {
        let task = {
            let mut slot = lock(&self.slot);
            match std::mem::replace(&mut *slot, Slot::Running) {
                Slot::Pending(task) => task,
                other => {
                    // Already claimed by its poster: leave it as it was.
                    *slot = other;
                    return;
                }
            }
        };
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(task));
        let mut slot = lock(&self.slot);
        *slot = match result {
            Ok(value) => Slot::Done(value),
            Err(_) => Slot::Empty,
        };
        self.finished.notify_all();
    }
}

/// A task posted with [`spawn`]: [`Posted::join`] returns its result.
pub(crate) struct Posted<R> {
    job: Arc<Job<R>>,
}

impl<R: Send + 'static> Posted<R> {
    /// The task's result: collected from a helper, awaited while a helper runs it, or computed
    /// here if no helper started it. `None` only if the task panicked on a helper.
    pub(crate) fn join(self) -> Option<R> {
        let mut slot = lock(&self.job.slot);
        loop {
            match std::mem::replace(&mut *slot, Slot::Empty) {
                Slot::Pending(task) => {
                    drop(slot);
                    return Some(task());
                }
                Slot::Running => {
                    *slot = Slot::Running;
                    slot = self
                        .job
                        .finished
                        .wait(slot)
                        .unwrap_or_else(PoisonError::into_inner);
                }
                Slot::Done(value) => return Some(value),
                Slot::Empty => return None,
            }
        }
    }
}

impl<R> Posted<R> {
    /// Gives up on the result: a task no helper has started is dropped unrun (with whatever it
    /// owns); one that is running finishes on its helper and its result is dropped there.
    pub(crate) fn abandon(self) {
        let mut slot = lock(&self.job.slot);
        if matches!(*slot, Slot::Pending(_)) {
            *slot = Slot::Empty;
        }
    }
}

struct Helpers {
    queue: Mutex<VecDeque<Arc<dyn Runnable>>>,
    available: Condvar,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Slots and the queue stay consistent even if a holder panicked (no code panics while
    // holding them; tasks run outside the locks).
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The process's helpers, started on first use; `None` on a single-core machine or when no
/// thread could be started (callers then run everything themselves).
fn helpers() -> Option<&'static Helpers> {
    static HELPERS: OnceLock<Option<&'static Helpers>> = OnceLock::new();
    *HELPERS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let count = cores.saturating_sub(1).min(MAX_HELPERS);
        if count == 0 {
            return None;
        }
        let helpers: &'static Helpers = Box::leak(Box::new(Helpers {
            queue: Mutex::new(VecDeque::new()),
            available: Condvar::new(),
        }));
        let mut started = 0;
        for n in 0..count {
            let spawned = std::thread::Builder::new()
                .name(format!("zim-search-helper-{n}"))
                .spawn(move || helper_loop(helpers));
            if spawned.is_ok() {
                started += 1;
            }
        }
        (started > 0).then_some(helpers)
    })
}

fn helper_loop(helpers: &'static Helpers) {
    loop {
        let job = {
            let mut queue = lock(&helpers.queue);
            loop {
                if let Some(job) = queue.pop_front() {
                    break job;
                }
                queue = helpers
                    .available
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        job.run_if_pending();
    }
}

/// Posts `task` for a helper; the caller must [`Posted::join`] it, which runs it in place if no
/// helper has started it by then.
pub(crate) fn spawn<R: Send + 'static>(task: impl FnOnce() -> R + Send + 'static) -> Posted<R> {
    let job = Arc::new(Job {
        slot: Mutex::new(Slot::Pending(Box::new(task))),
        finished: Condvar::new(),
    });
    if let Some(helpers) = helpers() {
        lock(&helpers.queue).push_back(job.clone());
        helpers.available.notify_one();
    }
    Posted { job }
}

#[cfg(test)]
mod tests {
    use super::spawn;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_task_runs_exactly_once() {
        let runs = Arc::new(AtomicUsize::new(0));
        let posted: Vec<_> = (0..200)
            .map(|n| {
                let runs = runs.clone();
                spawn(move || {
                    runs.fetch_add(1, Ordering::SeqCst);
                    n * 2
                })
            })
            .collect();
        let results: Vec<_> = posted.into_iter().map(|p| p.join()).collect();
        assert_eq!(results, (0..200).map(|n| Some(n * 2)).collect::<Vec<_>>());
        assert_eq!(runs.load(Ordering::SeqCst), 200);
    }

    #[test]
    fn abandoned_tasks_never_block() {
        let runs = Arc::new(AtomicUsize::new(0));
        for _ in 0..100 {
            let runs = runs.clone();
            spawn(move || runs.fetch_add(1, Ordering::SeqCst)).abandon();
        }
        // Abandoned tasks run at most once each (a helper may have started some).
        assert!(runs.load(Ordering::SeqCst) <= 100);
        assert_eq!(spawn(|| 7).join(), Some(7));
    }

    #[test]
    fn concurrent_posters_all_get_their_results() {
        let threads: Vec<_> = (0..8)
            .map(|t| {
                std::thread::spawn(move || {
                    (0..100)
                        .map(|n| spawn(move || t * 1000 + n).join())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for (t, thread) in threads.into_iter().enumerate() {
            let got = thread.join().unwrap_or_default();
            let want: Vec<_> = (0..100).map(|n| Some(t * 1000 + n)).collect();
            assert_eq!(got, want);
        }
    }
}
