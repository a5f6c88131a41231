//! Renders an HTML file to Markdown on stdout: `cargo run --example render_file -- page.html`.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: render_file <page.html>");
        std::process::exit(2);
    };
    match std::fs::read(&path) {
        Ok(bytes) => {
            match zim_render::Document::parse(&bytes, &zim_render::RenderOptions::default()) {
                Ok(doc) => println!("{}", doc.markdown()),
                Err(e) => eprintln!("{e}"),
            }
        }
        Err(e) => eprintln!("{path}: {e}"),
    }
}
