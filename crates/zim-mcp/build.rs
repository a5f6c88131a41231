//! Links the server with packed relative relocations (DT_RELR) where the C library
//! supports them (glibc 2.36 and later).
//!
//! A position-independent executable carries one relocation record per pointer in its
//! read-only data; ours had 1.1 MB of them, which the dynamic linker reads at every start
//! (about 0.7 MB of resident memory and part of the cold start). RELR packs them into
//! ~16 KB. Older C libraries cannot load such binaries, so the flag is only added when the
//! build machine's glibc is new enough (the binary runs where it was built).

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let host = std::env::var("HOST").unwrap_or_default();
    let target = std::env::var("TARGET").unwrap_or_default();
    if target_os != "linux" || target_env != "gnu" || host != target {
        return;
    }
    if glibc_version().is_some_and(|v| v >= (2, 36)) {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// The build machine's glibc version, from `getconf GNU_LIBC_VERSION` ("glibc 2.36").
fn glibc_version() -> Option<(u32, u32)> {
    let out = Command::new("getconf")
        .arg("GNU_LIBC_VERSION")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    let mut parts = version.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts
        .next()?
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .ok()?;
    Some((major, minor))
}
