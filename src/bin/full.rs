//! The full app: the page's app (src/bin/app.rs) with the screens only it
//! has (the tournaments). The page's boot script loads it instead of the
//! page's own wasm when the address asks for one of those screens
//! (`?screen=tournaments`), so the page itself stays within its size
//! budget.

fn main() {
    tiers_app::render_page();
}
