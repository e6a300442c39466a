//! The app's components. The board and its parts hold no rules.

pub mod board;
pub mod editor;
pub mod embed;
pub mod export;
pub mod formation;
pub mod game_over;
pub mod game_tools;
pub mod games;
pub mod move_list;
pub mod new_game;
pub mod notices;
pub mod panels;
pub mod piece;
pub mod play;
pub mod rules;
pub mod square;
pub mod tournament;
pub mod viewer;
pub mod widgets;
