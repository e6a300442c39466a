//! The page: the app, or the embed page. The AI runs in its own wasm
//! (src/bin/worker.rs), loaded when the computer first thinks; the
//! tournament screens are in the full app (src/bin/full.rs), loaded when
//! they are opened.

fn main() {
    tiers_app::render_page();
}
