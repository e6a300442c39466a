//! The one wasm binary: the page, and the AI web worker. The worker runs
//! this same module (its loader, `worker_loader.js`, is written by
//! e2e/tools/postbuild.mjs), which saves a second download of the Rust
//! runtime and the engine; started where there is no window, it registers
//! the AI agent instead of drawing the page.
use gloo_worker::Registrable;

fn main() {
    if web_sys::window().is_none() {
        tiers_app::worker::AiAgent::registrar().register();
    } else if tiers_app::components::embed::is_embed_page() {
        yew::Renderer::<tiers_app::components::embed::EmbedApp>::new().render();
    } else {
        yew::Renderer::<tiers_app::components::app::App>::new().render();
    }
}
