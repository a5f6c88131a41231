//! Compiles the C++ bridge to libxapian when the `xapian` feature is on (the default).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "xapian")]
    build_bridge();
}

#[cfg(feature = "xapian")]
fn build_bridge() {
    for file in ["src/ffi.rs", "cxx/bridge.cpp", "cxx/bridge.h"] {
        println!("cargo:rerun-if-changed={file}");
    }
    // pkg-config prints the link flags for cargo; we add its include paths to the C++ build.
    let xapian = match pkg_config::Config::new()
        .atleast_version("1.4")
        .probe("xapian-core")
    {
        Ok(lib) => lib,
        Err(err) => {
            println!(
                "cargo:warning=libxapian (pkg-config xapian-core >= 1.4) not found: {err}; \
                 install libxapian-dev or build with --no-default-features"
            );
            std::process::exit(1);
        }
    };
    let mut build = cxx_build::bridge("src/ffi.rs");
    build
        .file("cxx/bridge.cpp")
        .std("c++17")
        .flag_if_supported("-Wno-deprecated-declarations");
    for dir in &xapian.include_paths {
        build.include(dir);
    }
    build.compile("zim_search_bridge");
}
