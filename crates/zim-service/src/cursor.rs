//! Opaque, tamper-checked pagination cursors.
//!
//! A cursor is `base64url(json payload) "." base64url(HMAC-SHA256 tag)`. The key is random
//! per process, so cursors cannot be forged or edited, and they die with the server. The
//! payload names the tool it belongs to and the archive identity (uuid), never a path.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::ToolError;

type HmacSha256 = Hmac<Sha256>;

/// Longest cursor string accepted; real ones are far shorter.
const MAX_CURSOR_LEN: usize = 4096;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CursorError {
    #[error("the cursor is malformed or was altered")]
    Malformed,
    #[error("the cursor was issued by {found}, not {expected}")]
    WrongTool { expected: String, found: String },
    #[error("the cursor belongs to a different archive")]
    WrongArchive,
}

impl From<CursorError> for ToolError {
    fn from(err: CursorError) -> Self {
        let operation = match err {
            CursorError::Malformed => "cursor_decode",
            CursorError::WrongTool { .. } | CursorError::WrongArchive => "cursor_mismatch",
        };
        ToolError::validation(operation, err.to_string())
            .with_hint("Drop the `cursor` and call again without it (or with an explicit offset)")
    }
}

#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    /// Issuing tool.
    t: String,
    /// Archive identity (uuid).
    a: String,
    /// Tool-specific state.
    s: T,
}

pub struct CursorCodec {
    /// Keyed HMAC state, cloned for every cursor.
    mac: HmacSha256,
}

impl CursorCodec {
    /// A codec with a fresh random key.
    pub fn new() -> Self {
        let mut key = [0u8; 32];
        // Without OS randomness, fall back to a key derived from time and address: cursors
        // stay tamper-evident within the process, which is all they protect.
        if getrandom::fill(&mut key).is_err() {
            let seed = format!("{:?}{:p}", std::time::SystemTime::now(), &key);
            let digest = <Sha256 as sha2::Digest>::digest(seed.as_bytes());
            key.copy_from_slice(&digest);
        }
        Self::with_key(key)
    }

    pub fn with_key(key: [u8; 32]) -> Self {
        // HMAC pads a key shorter than the hash's block (64 bytes for SHA-256) with zeros, so
        // the padded block is the same key, given through the fixed-size constructor that
        // cannot fail (`new_from_slice` can, for other MACs).
        let mut block = [0u8; 64];
        for (b, k) in block.iter_mut().zip(key) {
            *b = k;
        }
        Self {
            mac: <HmacSha256 as Mac>::new(&block.into()),
        }
    }

    fn mac(&self) -> HmacSha256 {
        self.mac.clone()
    }

    pub fn encode<T: Serialize>(&self, tool: &str, archive_uuid: &str, state: &T) -> String {
        let envelope = Envelope {
            t: tool.to_owned(),
            a: archive_uuid.to_owned(),
            s: state,
        };
        let json = serde_json::to_vec(&envelope).unwrap_or_default();
        let mut mac = self.mac();
        mac.update(&json);
        let tag = mac.finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(&json),
            URL_SAFE_NO_PAD.encode(tag)
        )
    }

    /// The tool that issued a genuine cursor and its state, whatever tool or archive it is
    /// shown to (to say which context a misplaced cursor belongs to); `None` when it is not
    /// one of ours.
    pub fn peek(&self, cursor: &str) -> Option<(String, serde_json::Value)> {
        let cursor = cursor.trim();
        if cursor.len() > MAX_CURSOR_LEN {
            return None;
        }
        let (body, tag) = cursor.split_once('.')?;
        let json = URL_SAFE_NO_PAD.decode(body).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        let mut mac = self.mac();
        mac.update(&json);
        mac.verify_slice(&tag).ok()?;
        let envelope: Envelope<serde_json::Value> = serde_json::from_slice(&json).ok()?;
        Some((envelope.t, envelope.s))
    }

    pub fn decode<T: DeserializeOwned>(
        &self,
        tool: &str,
        archive_uuid: &str,
        cursor: &str,
    ) -> Result<T, CursorError> {
        let cursor = cursor.trim();
        if cursor.len() > MAX_CURSOR_LEN {
            return Err(CursorError::Malformed);
        }
        let (body, tag) = cursor.split_once('.').ok_or(CursorError::Malformed)?;
        let json = URL_SAFE_NO_PAD
            .decode(body)
            .map_err(|_| CursorError::Malformed)?;
        let tag = URL_SAFE_NO_PAD
            .decode(tag)
            .map_err(|_| CursorError::Malformed)?;
        let mut mac = self.mac();
        mac.update(&json);
        mac.verify_slice(&tag).map_err(|_| CursorError::Malformed)?;
        let envelope: Envelope<T> =
            serde_json::from_slice(&json).map_err(|_| CursorError::Malformed)?;
        if envelope.t != tool {
            return Err(CursorError::WrongTool {
                expected: tool.to_owned(),
                found: envelope.t,
            });
        }
        if envelope.a != archive_uuid {
            return Err(CursorError::WrongArchive);
        }
        Ok(envelope.s)
    }
}

impl Default for CursorCodec {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    struct Walk {
        scan_at: u32,
        ns: String,
    }

    #[test]
    fn the_padded_key_is_the_key() {
        let key = [7u8; 32];
        let mut ours = CursorCodec::with_key(key).mac();
        let mut reference = HmacSha256::new_from_slice(&key).expect("any key length");
        ours.update(b"state");
        reference.update(b"state");
        assert_eq!(
            ours.finalize().into_bytes(),
            reference.finalize().into_bytes()
        );
    }

    #[test]
    fn round_trip() {
        let codec = CursorCodec::new();
        let state = Walk {
            scan_at: 42,
            ns: "C".into(),
        };
        let cursor = codec.encode("zim_browse", "uuid-1", &state);
        assert!(!cursor.contains('/') && !cursor.contains('+'));
        let back: Walk = codec.decode("zim_browse", "uuid-1", &cursor).unwrap();
        assert_eq!(back, state);
    }

    #[test]
    fn tampering_other_keys_tools_and_archives_are_refused() {
        let codec = CursorCodec::new();
        let cursor = codec.encode(
            "zim_browse",
            "u",
            &Walk {
                scan_at: 1,
                ns: "C".into(),
            },
        );
        // Flip one character of the payload.
        let mut bytes = cursor.clone().into_bytes();
        bytes[2] = if bytes[2] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(bytes).unwrap();
        assert_eq!(
            codec.decode::<Walk>("zim_browse", "u", &tampered),
            Err(CursorError::Malformed)
        );
        let other = CursorCodec::new();
        assert_eq!(
            other.decode::<Walk>("zim_browse", "u", &cursor),
            Err(CursorError::Malformed)
        );
        assert!(matches!(
            codec.decode::<Walk>("zim_links", "u", &cursor),
            Err(CursorError::WrongTool { .. })
        ));
        assert_eq!(
            codec.decode::<Walk>("zim_browse", "v", &cursor),
            Err(CursorError::WrongArchive)
        );
        for junk in ["", ".", "abc", "a.b.c", &"x".repeat(5000)] {
            assert_eq!(
                codec.decode::<Walk>("zim_browse", "u", junk),
                Err(CursorError::Malformed)
            );
        }
    }
}
