//! Tiers web app.
