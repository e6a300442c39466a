//! The page: the app, or the embed page. The AI runs in its own wasm
//! (src/bin/worker.rs), loaded when the computer first thinks.

fn main() {
    tiers_app::render_page();
}
