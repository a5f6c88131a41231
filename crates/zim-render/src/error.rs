//! Typed errors of the renderer.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RenderError {
    #[error("HTML input of {len} bytes exceeds the limit of {max} bytes")]
    InputTooLarge { len: usize, max: usize },
    #[error(
        "invalid compact budget {0:?}: expected \"small\", \"medium\", \"large\" or a number of characters"
    )]
    InvalidBudget(String),
}
