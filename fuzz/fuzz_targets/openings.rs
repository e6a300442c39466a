//! Fuzz target `openings`: see `tiers_hardening::targets`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tiers_hardening::{alloc, targets};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

fuzz_target!(|data: &[u8]| {
    if let Err(violation) = targets::run("openings", data) {
        panic!("{violation}");
    }
});
