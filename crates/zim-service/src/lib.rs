//! Placeholder: being written in this session.
