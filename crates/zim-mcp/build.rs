//! Packed relative relocations (DT_RELR), on request only: `ZIM_MCP_PACKED_RELOCS=1` at build
//! time links the server with `-z pack-relative-relocs` when the target is Linux with glibc
//! and the build machine's glibc is 2.36 or later.
//!
//! A position-independent executable carries one relocation record per pointer in its
//! read-only data; RELR packs them into a bitmap, which makes the binary smaller and its
//! start a little cheaper (figures in BENCHMARKS.md). But a binary linked with RELR needs a
//! C library that knows it (glibc 2.36+, with a `GLIBC_ABI_DT_RELR` version requirement), so
//! it does not start on an older distribution. The default build is the portable one; opt in
//! when the binary runs only where it was built (or on newer systems).

use std::process::Command;

/// The build-time switch.
const OPT_IN: &str = "ZIM_MCP_PACKED_RELOCS";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed={OPT_IN}");
    let wanted = std::env::var(OPT_IN).is_ok_and(|v| matches!(v.trim(), "1" | "true" | "yes"));
    if !wanted {
        return;
    }
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let target_env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let host = std::env::var("HOST").unwrap_or_default();
    let target = std::env::var("TARGET").unwrap_or_default();
    if target_os != "linux" || target_env != "gnu" || host != target {
        println!(
            "cargo:warning={OPT_IN}: packed relocations need a native Linux glibc build; not used"
        );
        return;
    }
    match glibc_version() {
        Some(v) if v >= (2, 36) => {
            println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        }
        _ => println!(
            "cargo:warning={OPT_IN}: this machine's glibc is older than 2.36; packed relocations not used"
        ),
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
