//! Deserializers for values the environment delivers as text.

use serde::{Deserialize, Deserializer};

/// An optional count that an environment variable delivers as text ("4194304"): these fields
/// default to null, so the environment reader cannot tell they are numbers.
pub(super) fn optional_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        Number(u64),
        Text(String),
    }
    match Option::<Count>::deserialize(d)? {
        None => Ok(None),
        Some(Count::Number(n)) => Ok(Some(n)),
        Some(Count::Text(t)) => {
            t.trim().parse().map(Some).map_err(|_| {
                serde::de::Error::custom(format!("expected a whole number, got {t:?}"))
            })
        }
    }
}

/// Accept `["a","b"]` as well as the env-friendly `"a,b"`.
pub(super) fn string_or_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match OneOrMany::deserialize(deserializer)? {
        OneOrMany::One(s) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect(),
        OneOrMany::Many(v) => v,
    })
}
