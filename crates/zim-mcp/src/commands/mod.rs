//! The archive subcommands: direct access to one archive from the command line, through the
//! same reader, search and render crates the server uses.

use std::io::Write;

/// Writes to standard output for the subcommands; a closed pipe (`zim-mcp suggest ... | head`)
/// ends the program quietly with success, as other command-line tools do, instead of the
/// panic `println!` gives; any other write error ends it with status 2.
pub fn write_out(args: std::fmt::Arguments<'_>, newline: bool) {
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            eprintln!("zim-mcp: cannot write the output: {e}");
            std::process::exit(2);
        }
    }
}

/// `print!` that ends quietly on a closed pipe (see [`write_out`]). Defined before the
/// subcommand modules, which see it by textual scope.
macro_rules! out {
    ($($arg:tt)*) => { $crate::commands::write_out(format_args!($($arg)*), false) };
}

/// `println!` that ends quietly on a closed pipe (see [`write_out`]).
macro_rules! outln {
    () => { $crate::commands::write_out(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::commands::write_out(format_args!($($arg)*), true) };
}

pub mod archive;
pub mod index;
pub mod render;
pub mod search;
