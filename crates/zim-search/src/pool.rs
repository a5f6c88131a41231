//! A small checkout/return pool. Xapian database handles must not be used by two threads at
//! once, so each search borrows one; new handles are opened on demand (no global lock is held
//! while searching) and at most `max_idle` are kept for reuse.

use std::sync::{Mutex, PoisonError};

pub(crate) struct Pool<T> {
    idle: Mutex<Vec<T>>,
    max_idle: usize,
}

impl<T> Pool<T> {
    pub(crate) fn new(max_idle: usize) -> Pool<T> {
        Pool {
            idle: Mutex::new(Vec::new()),
            max_idle,
        }
    }

    /// Takes an idle handle, or `None` when the caller must open a new one.
    pub(crate) fn take(&self) -> Option<T> {
        // A poisoned lock only means another thread panicked while pushing/popping: the
        // vector itself is still consistent.
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
    }

    /// Returns a handle after a successful use; extra handles beyond `max_idle` are dropped.
    pub(crate) fn give_back(&self, item: T) {
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < self.max_idle {
            idle.push(item);
        }
    }

    #[cfg(test)]
    pub(crate) fn idle_count(&self) -> usize {
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::Pool;

    #[test]
    fn bounded_reuse() {
        let pool = Pool::new(2);
        assert!(pool.take().is_none());
        pool.give_back(1);
        pool.give_back(2);
        pool.give_back(3);
        assert_eq!(pool.idle_count(), 2);
        assert_eq!(pool.take(), Some(2));
    }
}
