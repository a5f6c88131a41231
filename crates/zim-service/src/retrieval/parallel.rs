//! Reading pages on several cores: a question's page reads (leads, pages judged by their
//! ids and text) are independent, and each costs a cluster's decompression.

/// `read` applied to every item, on at most `max_threads` scoped threads (never more than
/// the machine's cores), each taking a run of consecutive items, so items that share a
/// cluster stay on one thread. Results keep the items' order; an item whose `read` gives
/// `None`, or whose thread panicked, gives nothing.
pub fn read_all<T, R, F>(items: &[T], max_threads: usize, read: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> Option<R> + Sync,
{
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(max_threads)
        .min(items.len());
    if threads <= 1 {
        return items.iter().filter_map(&read).collect();
    }
    let share = items.len().div_ceil(threads).max(1);
    let read = &read;
    std::thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(share)
            .map(|chunk| scope.spawn(move || chunk.iter().filter_map(read).collect::<Vec<_>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order_and_skip_nothing_else() {
        let items: Vec<u32> = (0..37).collect();
        for threads in [0, 1, 2, 4, 64] {
            let got = read_all(&items, threads, |&i| (i % 5 != 0).then_some(i * 2));
            let want: Vec<u32> = items
                .iter()
                .filter(|&&i| i % 5 != 0)
                .map(|i| i * 2)
                .collect();
            assert_eq!(got, want, "{threads} threads");
        }
        assert!(read_all(&[] as &[u32], 4, |&i| Some(i)).is_empty());
    }
}
