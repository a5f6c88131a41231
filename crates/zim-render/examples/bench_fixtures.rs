//! Times `Document::parse` + Markdown for each HTML file given, printing one JSON object
//! per line (`{"file", "bytes", "secs_per_iter"}`); used by scripts/bench_render_openzim.py.

use std::time::{Duration, Instant};

fn main() {
    let opts = zim_render::RenderOptions::default();
    for path in std::env::args().skip(1) {
        let html = match std::fs::read(&path) {
            Ok(h) => h,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        // Warm up once, then repeat for at least a second (and at least 3 times).
        let _ = zim_render::Document::parse(&html, &opts);
        let start = Instant::now();
        let mut iters = 0u32;
        while iters < 3 || start.elapsed() < Duration::from_secs(1) {
            let doc = zim_render::Document::parse(std::hint::black_box(&html), &opts);
            std::hint::black_box(doc.map(|d| d.markdown().len()).unwrap_or(0));
            iters += 1;
        }
        let per = start.elapsed().as_secs_f64() / f64::from(iters);
        let name = serde_json::to_string(&path).unwrap_or_default();
        println!(
            "{{\"file\": {name}, \"bytes\": {}, \"secs_per_iter\": {per}}}",
            html.len()
        );
    }
}
