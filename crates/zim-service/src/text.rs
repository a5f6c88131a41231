//! Small text helpers shared across the crate.

/// The first `max_chars` characters of `s`.
pub fn truncate(s: &str, max_chars: usize) -> String {
    s.chars().take(max_chars).collect()
}

/// `1.95 KB`, as openzim-mcp writes sizes.
pub fn human_size(bytes: u64) -> String {
    const KB: f64 = 1024.0;
    let b = bytes as f64;
    if b < KB {
        format!("{bytes} B")
    } else if b < KB * KB {
        format!("{:.2} KB", b / KB)
    } else if b < KB * KB * KB {
        format!("{:.2} MB", b / (KB * KB))
    } else {
        format!("{:.2} GB", b / (KB * KB * KB))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncates_by_characters_and_writes_sizes() {
        assert_eq!(truncate("héllo", 2), "hé");
        assert_eq!(human_size(100), "100 B");
        assert_eq!(human_size(20_077), "19.61 KB");
        assert_eq!(human_size(3 * 1024 * 1024), "3.00 MB");
    }
}
