//! The AI: iterative deepening PVS, evaluation and levels for both games.
