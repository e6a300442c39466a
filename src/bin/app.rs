fn main() {
    if tiers_app::components::embed::is_embed_page() {
        yew::Renderer::<tiers_app::components::embed::EmbedApp>::new().render();
    } else {
        yew::Renderer::<tiers_app::app::App>::new().render();
    }
}
