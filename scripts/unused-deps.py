#!/usr/bin/env python3
"""Fails when a workspace crate declares a dependency its code never names.

For every crates/*/Cargo.toml: each [dependencies] and [dev-dependencies] entry must be named
in the crate's Rust sources (src/, tests/, benches/, examples/, build.rs), each
[build-dependencies] entry in build.rs, as `name::`, `use name` or `extern crate name`
(`-` read as `_`, or dropped: `md-5` is `md5`). In a file with a module of the same name
(`mod http;`, `use super::http`), the name is the module's. A dependency declared with
`features` and reached through another crate's re-export (`zstd::zstd_safe::`) is there for
its features, and counts. Any other dependency needed only for its features (or its linking)
is listed, with the reason beside it, in the crate's

    [package.metadata.cargo-machete]
    ignored = ["name"]

(cargo-machete's key, so both tools agree). Offline, no build: a second or so.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def comments_out(text: str) -> str:
    """The Rust source without // and /* */ comments (string contents are kept: a path in a
    string is rare and would only hide an unused dependency, never invent one)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def sources(crate: Path, build_only: bool) -> list[str]:
    files = [crate / "build.rs"]
    if not build_only:
        for folder in ("src", "tests", "benches", "examples"):
            files.extend(sorted((crate / folder).rglob("*.rs")))
    return [comments_out(f.read_text(errors="replace")) for f in files if f.is_file()]


def shadowed(ident: str, code: str) -> bool:
    """Whether `ident` names a module of the crate in this file."""
    own_module = rf"\bmod\s+{ident}\b"
    imported = rf"\buse\s+(?:crate|super|self)::[^;]*\b{ident}\b"
    return re.search(own_module, code) is not None or re.search(imported, code) is not None


def named(ident: str, files: list[str], for_features: bool) -> bool:
    direct = rf"(?<![\w:])(?:{ident}\s*::|use\s+{ident}\b|extern\s+crate\s+{ident}\b)"
    through = rf"\w::{ident}\s*::"
    for code in files:
        if not shadowed(ident, code) and re.search(direct, code):
            return True
        if for_features and re.search(through, code):
            return True
    return False


def unused_in(manifest: Path) -> list[str]:
    data = tomllib.loads(manifest.read_text())
    crate = manifest.parent
    ignored = set(
        data.get("package", {}).get("metadata", {}).get("cargo-machete", {}).get("ignored", [])
    )
    found = []
    tables = [("dependencies", False), ("dev-dependencies", False), ("build-dependencies", True)]
    code = {False: sources(crate, False), True: sources(crate, True)}
    for table, build_only in tables:
        for name, spec in data.get(table, {}).items():
            if name in ignored:
                continue
            for_features = isinstance(spec, dict) and bool(spec.get("features"))
            idents = {name.replace("-", "_"), name.replace("-", "")}
            if not any(named(i, code[build_only], for_features) for i in idents):
                found.append(f"{crate.relative_to(ROOT)}: [{table}] {name}")
    return found


def main() -> int:
    manifests = sorted(ROOT.glob("crates/*/Cargo.toml"))
    if not manifests:
        print("unused-deps: no crates found", file=sys.stderr)
        return 2
    unused = [line for m in manifests for line in unused_in(m)]
    for line in unused:
        print(f"unused dependency: {line}", file=sys.stderr)
    if unused:
        print(
            "unused-deps: remove them, or list one needed only for its features under "
            "[package.metadata.cargo-machete] ignored, with the reason",
            file=sys.stderr,
        )
        return 1
    print(f"unused-deps: {len(manifests)} crates, every dependency is used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
