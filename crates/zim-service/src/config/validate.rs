//! Declarative ranges: each section lists its numeric fields once, with their bounds and the
//! wording of their error, in a [`ranges!`] table. Validation and the error messages come from
//! those tables, and so do the tests that every bound is enforced (`config/tests.rs`).

use super::ConfigError;

/// A numeric setting's value, as its range compares it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Num {
    Int(i128),
    Float(f64),
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Num::Int(n) => n.fmt(f),
            Num::Float(x) => x.fmt(f),
        }
    }
}

/// The numeric field types a range applies to; `None` is an unset optional field, which every
/// range accepts.
pub(crate) trait AsNum {
    fn as_num(&self) -> Option<Num>;
}

macro_rules! int_as_num {
    ($($t:ty),*) => {$(
        impl AsNum for $t {
            fn as_num(&self) -> Option<Num> {
                Some(Num::Int(i128::from(*self)))
            }
        }
    )*};
}
int_as_num!(u32, u64, i64);

impl AsNum for f64 {
    fn as_num(&self) -> Option<Num> {
        Some(Num::Float(*self))
    }
}

impl<T: AsNum> AsNum for Option<T> {
    fn as_num(&self) -> Option<Num> {
        self.as_ref().and_then(AsNum::as_num)
    }
}

/// The values a field accepts. Floats must also be finite.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Bounds {
    /// `lo..=hi`.
    Between(Num, Num),
    /// `lo..`, with no upper bound.
    AtLeast(Num),
    /// Greater than zero.
    Positive,
}

impl Bounds {
    pub(crate) const fn int(lo: i128, hi: i128) -> Bounds {
        Bounds::Between(Num::Int(lo), Num::Int(hi))
    }

    pub(crate) const fn int_at_least(lo: i128) -> Bounds {
        Bounds::AtLeast(Num::Int(lo))
    }

    pub(crate) const fn float(lo: f64, hi: f64) -> Bounds {
        Bounds::Between(Num::Float(lo), Num::Float(hi))
    }

    pub(crate) fn contains(self, value: Num) -> bool {
        if let Num::Float(x) = value
            && !x.is_finite()
        {
            return false;
        }
        let at_least = |lo: Num| ge(value, lo);
        match self {
            Bounds::Between(lo, hi) => at_least(lo) && ge(hi, value),
            Bounds::AtLeast(lo) => at_least(lo),
            Bounds::Positive => !ge(Num::Int(0), value),
        }
    }
}

/// `a >= b`, across integer and float.
fn ge(a: Num, b: Num) -> bool {
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => a >= b,
        (Num::Float(a), Num::Float(b)) => a >= b,
        // Config values are far below 2^53, where i128 -> f64 is exact.
        (Num::Int(a), Num::Float(b)) => a as f64 >= b,
        (Num::Float(a), Num::Int(b)) => a >= b as f64,
    }
}

/// How an out-of-range error reads (openzim-mcp-compatible texts kept from before the tables).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Says {
    /// "70000 is outside 1-65535", "10 is below the minimum 50".
    Value,
    /// "must be 1-10000", "must be at least 100", "must be a positive number".
    Must,
    /// As `Must`, with a note after the upper bound: "must be 0-8589934592 (8 GiB)".
    MustNote(&'static str),
}

/// One field of a section `S`: its name (as serde and the environment spell it), how to read
/// it, and its range. Built by [`ranges!`], which writes the name and the accessor from one
/// identifier.
pub(crate) struct Range<S> {
    pub name: &'static str,
    pub get: fn(&S) -> Option<Num>,
    pub bounds: Bounds,
    pub says: Says,
}

/// `ranges!(Section { field: bounds, says; ... })`: a section's table of [`Range`]s.
macro_rules! ranges {
    ($section:ty { $($field:ident : $bounds:expr, $says:expr;)* }) => {
        &[$($crate::config::validate::Range::<$section> {
            name: stringify!($field),
            get: |s: &$section| $crate::config::validate::AsNum::as_num(&s.$field),
            bounds: $bounds,
            says: $says,
        },)*]
    };
}
pub(crate) use ranges;

/// One declared range applied to one configuration: the field's full path and value.
#[derive(Debug, Clone)]
pub(crate) struct Ranged {
    pub path: String,
    pub value: Option<Num>,
    pub bounds: Bounds,
    pub says: Says,
}

impl Ranged {
    pub(crate) fn check(&self) -> Result<(), ConfigError> {
        match self.value {
            Some(value) if !self.bounds.contains(value) => {
                Err(field(&self.path, message(value, self.bounds, self.says)))
            }
            _ => Ok(()),
        }
    }
}

/// The ranges of `table` applied to `section`, named under `prefix` ("" for the top level).
pub(crate) fn ranged<'a, S>(
    prefix: &'a str,
    table: &'a [Range<S>],
    section: &'a S,
) -> impl Iterator<Item = Ranged> + 'a {
    table.iter().map(move |r| Ranged {
        path: if prefix.is_empty() {
            r.name.to_owned()
        } else {
            format!("{prefix}.{}", r.name)
        },
        value: (r.get)(section),
        bounds: r.bounds,
        says: r.says,
    })
}

fn message(value: Num, bounds: Bounds, says: Says) -> String {
    match (says, bounds) {
        (Says::Value, Bounds::Between(lo, hi)) => format!("{value} is outside {lo}-{hi}"),
        (Says::Value, Bounds::AtLeast(lo)) => format!("{value} is below the minimum {lo}"),
        (_, Bounds::Positive) => "must be a positive number".to_owned(),
        (Says::Must, Bounds::Between(lo, hi)) => format!("must be {lo}-{hi}"),
        (Says::MustNote(note), Bounds::Between(lo, hi)) => format!("must be {lo}-{hi} {note}"),
        (Says::Must | Says::MustNote(_), Bounds::AtLeast(lo)) => format!("must be at least {lo}"),
    }
}

/// An error about one field, named by its path.
pub(crate) fn field(name: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::Field {
        field: name.to_owned(),
        message: message.into(),
    }
}
