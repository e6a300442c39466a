fn main() {
    yew::Renderer::<tiers_app::app::App>::new().render();
}
