//! An inverted-file index over the page embeddings (IVF): the vectors are grouped around
//! `k` centroids found by spherical k-means, and a search compares the query with the
//! centroids, then scans only the vectors of the clusters nearest to it.
//!
//! Why IVF rather than a graph index (HNSW): the table stays in the sidecar and is read at
//! each search (see `vectors.rs`); with its rows stored cluster by cluster, a search reads a
//! few contiguous ranges of the file, and the only memory it needs is the centroids
//! (`k * dims` f32: ~3.7 MB for the ~2,400 clusters of a 6-million-page Wikipedia). A graph
//! index needs its links in memory (hundreds of MB at that size) and reads vectors at random.
//! Below [`MIN_VECTORS`] an exact scan is fast enough and the file is not clustered.
//!
//! Clustering is deterministic (evenly spaced samples, evenly spaced initial centroids), so
//! the same vectors give the same file.

/// Fewest vectors for which the file is clustered. An exact scan reads `count * dims` bytes
/// per search: ~77 MB at this count with 384 dimensions, ~20 ms from the page cache.
pub const MIN_VECTORS: u64 = 200_000;

/// Most clusters (the centroids are read whole when the index opens).
pub const MAX_CLUSTERS: usize = 65_536;

/// k-means rounds over the sample.
const ROUNDS: usize = 10;

/// Sample vectors per cluster used to train the centroids.
const SAMPLES_PER_CLUSTER: usize = 32;

/// Clusters for `count` vectors: about its square root, the usual balance between the
/// centroids compared and the vectors scanned.
pub fn cluster_count(count: u64) -> usize {
    let root = (count as f64).sqrt().round() as usize;
    root.clamp(1, MAX_CLUSTERS)
}

/// How many of `clusters` a search scans: an eighth, at least 32. On the Rust documentation's
/// 33,030 page vectors clustered (182 clusters) and 105 real questions, 32 clusters (18% of
/// the rows) find 90% of the exact top 10 in a third of the time; 16 clusters 82%
/// (`examples/ivf_recall.rs`, BENCHMARKS.md).
pub fn probes(clusters: usize) -> usize {
    (clusters / 8).max(32).min(clusters)
}

/// Rows of the sample used to train `clusters` centroids over `count` vectors: evenly spaced.
pub fn sample_rows(count: u64, clusters: usize) -> Vec<u64> {
    let wanted = (clusters.saturating_mul(SAMPLES_PER_CLUSTER) as u64).min(count);
    if wanted == 0 {
        return Vec::new();
    }
    (0..wanted).map(|i| i * count / wanted).collect()
}

pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    // Eight partial sums, so the compiler vectorises the loop.
    let mut sums = [0f32; 8];
    let (a_chunks, b_chunks) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a_chunks
        .remainder()
        .iter()
        .zip(b_chunks.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a_chunks.zip(b_chunks) {
        for ((s, x), y) in sums.iter_mut().zip(x).zip(y) {
            *s += x * y;
        }
    }
    sums.iter().sum::<f32>() + tail
}

fn normalise(v: &mut [f32]) {
    let norm = dot(v, v).sqrt();
    if norm > 0.0 && norm.is_finite() {
        for x in v.iter_mut() {
            *x /= norm;
        }
    }
}

/// The centroid nearest to `v` (largest dot product).
pub fn nearest(centroids: &[f32], dims: usize, v: &[f32]) -> usize {
    let mut best = (f32::NEG_INFINITY, 0);
    for (i, c) in centroids.chunks_exact(dims.max(1)).enumerate() {
        let d = dot(c, v);
        if d > best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// The `n` centroids nearest to `q`, nearest first.
pub fn nearest_clusters(centroids: &[f32], dims: usize, q: &[f32], n: usize) -> Vec<usize> {
    let mut scored: Vec<(f32, usize)> = centroids
        .chunks_exact(dims.max(1))
        .enumerate()
        .map(|(i, c)| (dot(c, q), i))
        .collect();
    let order = |a: &(f32, usize), b: &(f32, usize)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
    let n = n.min(scored.len());
    if n < scored.len() {
        scored.select_nth_unstable_by(n, order);
        scored.truncate(n);
    }
    scored.sort_by(order);
    scored.into_iter().map(|(_, i)| i).collect()
}

/// Spherical k-means over `samples` (`dims` floats each, unit length): `clusters` unit
/// centroids, flat. Starts from samples picked by a stride prime to their count (a fixed
/// permutation, so that samples taken in the archive's order, where neighbours are alike,
/// do not all start in one region); a cluster left empty keeps its centroid.
pub fn train(samples: &[f32], dims: usize, clusters: usize) -> Vec<f32> {
    let count = samples.len() / dims.max(1);
    let clusters = clusters.min(count).max(1);
    let stride = [7_919usize, 104_729, 1_000_003]
        .into_iter()
        .find(|p| !count.is_multiple_of(*p))
        .unwrap_or(1);
    let mut centroids: Vec<f32> = Vec::with_capacity(clusters * dims);
    for i in 0..clusters {
        let row = ((i as u64 * stride as u64) % count as u64) as usize;
        centroids.extend_from_slice(samples.get(row * dims..(row + 1) * dims).unwrap_or(&[]));
    }
    if centroids.len() != clusters * dims {
        return centroids;
    }
    let mut assignment = vec![0usize; count];
    for _ in 0..ROUNDS {
        let mut moved = false;
        for (slot, v) in assignment.iter_mut().zip(samples.chunks_exact(dims)) {
            let c = nearest(&centroids, dims, v);
            moved |= *slot != c;
            *slot = c;
        }
        let mut sums = vec![0f32; clusters * dims];
        let mut sizes = vec![0usize; clusters];
        for (c, v) in assignment.iter().zip(samples.chunks_exact(dims)) {
            if let (Some(sum), Some(size)) =
                (sums.get_mut(c * dims..(c + 1) * dims), sizes.get_mut(*c))
            {
                for (s, x) in sum.iter_mut().zip(v) {
                    *s += x;
                }
                *size += 1;
            }
        }
        for ((centroid, sum), size) in centroids
            .chunks_exact_mut(dims)
            .zip(sums.chunks_exact_mut(dims))
            .zip(&sizes)
        {
            if *size > 0 {
                normalise(sum);
                centroid.copy_from_slice(sum);
            }
        }
        if !moved {
            break;
        }
    }
    centroids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_counts_and_probes_are_bounded() {
        assert_eq!(cluster_count(0), 1);
        assert_eq!(cluster_count(1_000_000), 1_000);
        assert_eq!(cluster_count(u64::MAX), MAX_CLUSTERS);
        assert_eq!(probes(10), 10);
        assert_eq!(probes(1_000), 125);
        assert_eq!(probes(100), 32);
        let rows = sample_rows(1_000, 10);
        assert_eq!(rows.len(), 320);
        assert!(rows.windows(2).all(|w| w[0] < w[1]) && rows[319] < 1_000);
        assert!(sample_rows(0, 10).is_empty());
    }

    #[test]
    fn k_means_separates_clear_groups() {
        // Three groups around the axes of a 3-d space.
        let mut samples = Vec::new();
        for i in 0..90 {
            let mut v = [0.05 * ((i % 7) as f32), 0.05 * ((i % 5) as f32), 0.0];
            v[i % 3] += 1.0;
            normalise(&mut v);
            samples.extend_from_slice(&v);
        }
        let centroids = train(&samples, 3, 3);
        assert_eq!(centroids.len(), 9);
        let groups: Vec<usize> = (0..3)
            .map(|axis| {
                let mut v = [0.0; 3];
                v[axis] = 1.0;
                nearest(&centroids, 3, &v)
            })
            .collect();
        assert!(groups[0] != groups[1] && groups[1] != groups[2] && groups[0] != groups[2]);
        let order = nearest_clusters(&centroids, 3, &[1.0, 0.0, 0.0], 3);
        assert_eq!(order.first(), Some(&groups[0]));
        assert_eq!(order.len(), 3);
    }
}
