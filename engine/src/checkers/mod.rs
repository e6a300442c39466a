//! American checkers (RULES.md §1): 32-square bitboards, move generation, PDN FEN and PDN games.
