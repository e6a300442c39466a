//! Tiers (RULES.md §2): 64-square bitboards, move generation, TFEN, notation and formations.
