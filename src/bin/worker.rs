use gloo_worker::Registrable;

fn main() {
    tiers_app::worker::AiAgent::registrar().register();
}
