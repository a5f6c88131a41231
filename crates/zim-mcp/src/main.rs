//! The `zim-mcp` executable: everything is in the library (`lib.rs`), so it can be tested.

fn main() -> std::process::ExitCode {
    zim_mcp::app::main(std::env::args_os())
}
