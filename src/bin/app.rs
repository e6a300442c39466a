//! The page: the app, or the embed page. The AI runs in its own wasm
//! (src/bin/worker.rs), loaded when the computer first thinks.

fn main() {
    if tiers_app::components::embed::is_embed_page() {
        yew::Renderer::<tiers_app::components::embed::EmbedApp>::new().render();
    } else {
        yew::Renderer::<tiers_app::components::app::App>::new().render();
    }
}
