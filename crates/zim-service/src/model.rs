//! The model stage of the question pipeline: the sentence-embedding model that compares a
//! request with the page embeddings of an archive's knowledge index, governed by openzim-mcp's
//! `ml.reranker.*` settings.
//!
//! - `enabled`: the stage runs at all (default on; it only ever runs for archives whose
//!   index was built with `--vectors`).
//! - `cache_dir` / `model_id`: where the model is: `cache_dir/<name>`, the name being
//!   `model_id` when it is set to anything but openzim-mcp's default, else the model the
//!   index was built with (default cache directory `$XDG_CACHE_HOME/zim-mcp/models`).
//!   The model loaded must be the one the vectors were made with (same weights'
//!   fingerprint); any other is refused for that archive.
//! - `allow_model_download`: nothing is ever downloaded; `true` is reported (start-up warning,
//!   health) and otherwise ignored.
//! - `first_call_timeout_seconds`: the model's first load may take this long; past it the
//!   stage is switched off for the rest of the process (the load goes on in the background
//!   and is used if it finishes), as openzim-mcp's kill switch does.
//! - `min_query_tokens`: requests of fewer words skip the stage.
//! - `max_query_length`: characters of the request embedded.
//!
//! A model that fails to load switches the stage off for the process: answers go on without
//! it.

use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use parking_lot::Mutex;
use zim_embed::Embedder;

use crate::config::RerankerConfig;

/// openzim-mcp's default `model_id` (a cross-encoder it downloads); left at it, the model is
/// the one the index was built with.
pub const OPENZIM_DEFAULT_MODEL: &str = "BAAI/bge-reranker-base";

/// The model, loaded once on first use.
pub struct ModelStage {
    config: RerankerConfig,
    loaded: Arc<OnceLock<Option<Arc<Embedder>>>>,
    /// Set once a load was started; the stage is off after a failed or timed-out load.
    state: Mutex<LoadState>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LoadState {
    NotStarted,
    Loading,
    Failed,
}

impl ModelStage {
    pub fn new(config: RerankerConfig) -> Self {
        if config.allow_model_download {
            tracing::warn!(
                "ml.reranker.allow_model_download is set, but zim-mcp never downloads models: \
                 install one with scripts/install-model.sh"
            );
        }
        Self {
            config,
            loaded: Arc::new(OnceLock::new()),
            state: Mutex::new(LoadState::NotStarted),
        }
    }

    /// Whether a request of these words goes through the model stage at all.
    pub fn wants(&self, request: &str) -> bool {
        let words = request
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .count() as u64;
        self.config.enabled && words >= self.config.min_query_tokens
    }

    /// The request as it is embedded: at most `max_query_length` characters.
    pub fn query_text<'a>(&self, request: &'a str) -> &'a str {
        let max = usize::try_from(self.config.max_query_length).unwrap_or(usize::MAX);
        match request.char_indices().nth(max) {
            Some((cut, _)) => request.get(..cut).unwrap_or(request),
            None => request,
        }
    }

    /// Where the model for vectors made with `index_model` (`name@fingerprint`) is looked for.
    fn model_dir(&self, index_model: &str) -> Option<PathBuf> {
        let base = self.config.cache_dir.clone().or_else(|| {
            zim_index::locate::default_cache_dir()
                .and_then(|index| index.parent().map(|p| p.join("models")))
        })?;
        let name = if self.config.model_id.trim().is_empty()
            || self.config.model_id == OPENZIM_DEFAULT_MODEL
        {
            index_model
                .split('@')
                .next()
                .unwrap_or(index_model)
                .to_owned()
        } else {
            self.config.model_id.clone()
        };
        // A model name is a directory name, never a path out of the cache directory.
        let name = name.rsplit('/').next().unwrap_or(&name).to_owned();
        if name.is_empty() || name == "." || name == ".." {
            return None;
        }
        Some(base.join(name))
    }

    /// The model for vectors made with `index_model`, when the stage is on and that model is
    /// installed; loads it on first use, within `first_call_timeout_seconds`.
    pub fn embedder(&self, index_model: &str) -> Option<Arc<Embedder>> {
        if !self.config.enabled {
            return None;
        }
        let model = match self.loaded.get() {
            Some(loaded) => loaded.clone(),
            None => self.load(index_model),
        }?;
        // Vectors are comparable only with the model that made them.
        (model.model_id() == index_model).then_some(model)
    }

    fn load(&self, index_model: &str) -> Option<Arc<Embedder>> {
        {
            let mut state = self.state.lock();
            match *state {
                LoadState::Failed => return None,
                LoadState::Loading => return self.loaded.get().cloned().flatten(),
                LoadState::NotStarted => *state = LoadState::Loading,
            }
        }
        let Some(dir) = self.model_dir(index_model) else {
            *self.state.lock() = LoadState::Failed;
            return None;
        };
        let (tx, rx) = mpsc::channel();
        let loaded = Arc::clone(&self.loaded);
        let spawned = std::thread::Builder::new()
            .name("model-load".into())
            .spawn(move || {
                let model = match Embedder::load(&dir) {
                    Ok(m) => Some(Arc::new(m)),
                    Err(e) => {
                        tracing::warn!(error = %crate::redact::redact_paths(&e.to_string()), "embedding model not loaded; answers go on without it");
                        None
                    }
                };
                let _ = loaded.set(model.clone());
                let _ = tx.send(model);
            });
        if spawned.is_err() {
            *self.state.lock() = LoadState::Failed;
            return None;
        }
        let timeout = Duration::from_secs_f64(self.config.first_call_timeout_seconds.max(0.1));
        match rx.recv_timeout(timeout) {
            Ok(Some(model)) => Some(model),
            Ok(None) => {
                *self.state.lock() = LoadState::Failed;
                None
            }
            Err(_) => {
                tracing::warn!(
                    "embedding model load exceeded first_call_timeout_seconds; the model stage is off"
                );
                *self.state.lock() = LoadState::Failed;
                None
            }
        }
    }

    /// The stage's state for health reports.
    pub fn status(&self) -> &'static str {
        if !self.config.enabled {
            return "disabled";
        }
        match (self.loaded.get(), *self.state.lock()) {
            (Some(Some(_)), _) => "loaded",
            (_, LoadState::Failed) => "failed",
            (_, LoadState::Loading) => "loading",
            _ => "not_loaded",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_requests_skip_the_stage_and_long_ones_are_cut() {
        let stage = ModelStage::new(RerankerConfig {
            max_query_length: 5,
            ..RerankerConfig::default()
        });
        assert!(!stage.wants("rename a file"));
        assert!(stage.wants("temporarily save uncommitted changes"));
        assert_eq!(stage.query_text("héllo world"), "héllo");
        let off = ModelStage::new(RerankerConfig {
            enabled: false,
            ..RerankerConfig::default()
        });
        assert!(!off.wants("temporarily save uncommitted changes"));
        assert!(off.embedder("all-MiniLM-L6-v2@0").is_none());
        assert_eq!(off.status(), "disabled");
    }

    #[test]
    fn a_missing_model_switches_the_stage_off_without_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let stage = ModelStage::new(RerankerConfig {
            cache_dir: Some(dir.path().to_path_buf()),
            ..RerankerConfig::default()
        });
        assert!(stage.embedder("all-MiniLM-L6-v2@0").is_none());
        assert_eq!(stage.status(), "failed");
        // A model name never leaves the cache directory.
        assert_eq!(stage.model_dir("../../etc@1"), Some(dir.path().join("etc")));
    }
}
