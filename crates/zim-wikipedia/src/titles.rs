//! Title matching as Wikipedia does it: spaces and underscores are the same, runs of them
//! collapse, surrounding space is ignored, and the first letter is case-insensitive (stored
//! upper-case).

/// The canonical form of a title: `"  ray_charles "` -> `"Ray charles"`.
pub fn normalize(title: &str) -> String {
    let spaced: String = title
        .chars()
        .map(|c| if c == '_' { ' ' } else { c })
        .collect();
    let collapsed = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut chars = collapsed.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The titles to try, most literal first, without repeats.
pub fn candidates(title: &str) -> Vec<String> {
    let trimmed = title.trim().to_owned();
    let normalized = normalize(title);
    let mut out = Vec::with_capacity(2);
    for t in [trimmed, normalized] {
        if !t.is_empty() && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The paths an article with this title is usually stored under: `Ray_Charles`, and the
/// `.html` form older mwoffliner archives used.
pub fn path_forms(title: &str) -> Vec<String> {
    let underscored = title.replace(' ', "_");
    vec![underscored.clone(), format!("{underscored}.html")]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_like_wikipedia() {
        assert_eq!(normalize("ray_charles"), "Ray charles");
        assert_eq!(normalize("  Ray   Charles "), "Ray Charles");
        assert_eq!(normalize("першая_старонка"), "Першая старонка");
        assert_eq!(normalize("___"), "");
        assert_eq!(
            candidates("ray charles"),
            vec!["ray charles", "Ray charles"]
        );
        assert_eq!(candidates("Ray Charles"), vec!["Ray Charles"]);
        assert_eq!(
            path_forms("Ray Charles"),
            vec!["Ray_Charles", "Ray_Charles.html"]
        );
    }
}
