//! The opening explorer and position search of the analysis board: an
//! index of games by the Zobrist key of every position they reached
//! ([`GameIndex`]), from which the moves played from a position with
//! their results ([`GameIndex::moves_from`]) and the games that reached it,
//! by any order of moves ([`GameIndex::games_at`]). Two sources: the
//! player's archive (indexed in memory when the explorer opens: the
//! archive keeps its games as PDN and has at most 2000, so no key is
//! stored with an entry and no stored record changes) and the games
//! collection, a lazy data file of the engine's games from every ACF
//! ballot ([`read_collection`];
//! docs/content-formats.md, "The games collection").

use std::collections::HashMap;

use tiers_bracket::ballots::DECK;
use tiers_engine::pdn::{PdnResult, Variant};
use tiers_engine::{checkers, tiers, Color, GameKind, Position};

use crate::i18n::Text;
use crate::library::archive::Entry;

/// Where the collection file is served from (copied from
/// `assets/data/collection/`).
pub const COLLECTION_PATH: &str = "data/collection/checkers.txt";

/// The games listed at most by a position search (the count says how
/// many there are in all).
pub const SHOWN_GAMES: usize = 50;

/// Where an indexed game comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The archive entry with this id.
    Archive(u64),
    /// The collection's game on this line of the file.
    Collection {
        /// Its line (from 1).
        line: usize,
        /// The ACF number of its ballot.
        ballot: u16,
    },
}

/// One game of an index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedGame {
    /// Where it is from.
    pub source: Source,
    /// Red's and Black's players (empty in the collection).
    pub players: (String, String),
    /// Its result.
    pub result: PdnResult,
    /// The starting position (FEN / TFEN).
    pub start: String,
    /// The side that played each move.
    pub movers: Vec<Color>,
    /// Its moves, as the engine writes them.
    pub moves: Vec<String>,
    /// The key of the position before each move and after the last
    /// (`moves.len() + 1` keys).
    pub keys: Vec<u64>,
}

/// A game that reached a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its place in the index ([`GameIndex::games`]).
    pub game: usize,
    /// The number of moves played when the position was first reached.
    pub ply: usize,
}

/// A move played from a position, with the results of the games that
/// played it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// The move as the engine writes it.
    pub mv: String,
    /// The games that played it.
    pub games: u32,
    /// How many the side that played it won.
    pub wins: u32,
    /// How many were drawn.
    pub draws: u32,
    /// How many it lost.
    pub losses: u32,
    /// How many have no result (unfinished).
    pub unknown: u32,
    /// The key of the position after it.
    pub after: u64,
}

/// Games indexed by the positions they reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameIndex {
    /// The game kind of every game.
    pub kind: Option<GameKind>,
    /// The games.
    pub games: Vec<IndexedGame>,
    /// For each position key: (game, ply) of every time a game reached it.
    at: HashMap<u64, Vec<(u32, u32)>>,
}

/// The key of every position, the moves as the engine writes them and
/// the side that played each, of a game from `start`.
type Keyed = (Vec<u64>, Vec<String>, Vec<Color>);

/// [`Keyed`] of a game; Err names the first move that cannot be played
/// (its number and text).
fn keys_of<P: Position>(start: &str, moves: &[String]) -> Result<Keyed, Text> {
    let mut pos = P::parse(start).map_err(|_| crate::text!("explorer.bad-start"))?;
    let mut keys = Vec::with_capacity(moves.len() + 1);
    let mut written = Vec::with_capacity(moves.len());
    let mut movers = Vec::with_capacity(moves.len());
    keys.push(pos.zobrist());
    for (i, text) in moves.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|_| crate::text!("explorer.bad-move", number = i + 1, mv = text.as_str()))?;
        written.push(pos.move_to_string(&mv));
        movers.push(pos.side_to_move());
        pos = pos.play(&mv);
        keys.push(pos.zobrist());
    }
    Ok((keys, written, movers))
}

/// [`keys_of`] for a game kind.
///
/// # Errors
/// When the start cannot be read or a move cannot be played.
pub fn game_keys(kind: GameKind, start: &str, moves: &[String]) -> Result<Keyed, Text> {
    match kind {
        GameKind::Checkers => keys_of::<checkers::Position>(start, moves),
        GameKind::Tiers => keys_of::<tiers::Position>(start, moves),
    }
}

/// The key of the position after `moves` from `start` (None: they do not
/// play).
#[must_use]
pub fn position_key(kind: GameKind, start: &str, moves: &[String]) -> Option<u64> {
    game_keys(kind, start, moves).ok()?.0.last().copied()
}

/// Who moves first in a game kind.
fn first_mover(kind: GameKind) -> Color {
    match kind {
        GameKind::Checkers => <checkers::Position as Variant>::FIRST,
        GameKind::Tiers => <tiers::Position as Variant>::FIRST,
    }
}

impl GameIndex {
    /// An empty index of games of `kind`.
    #[must_use]
    pub fn new(kind: GameKind) -> GameIndex {
        GameIndex {
            kind: Some(kind),
            ..GameIndex::default()
        }
    }

    /// Adds a game (its moves played from `start`).
    ///
    /// # Errors
    /// When its start cannot be read or a move cannot be played; the index
    /// is unchanged then.
    pub fn add(
        &mut self,
        source: Source,
        players: (String, String),
        result: PdnResult,
        start: &str,
        moves: &[String],
    ) -> Result<(), Text> {
        let kind = self.kind.unwrap_or(GameKind::Checkers);
        let (keys, moves, movers) = game_keys(kind, start, moves)?;
        let game = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        for (ply, &key) in keys.iter().enumerate() {
            let list = self.at.entry(key).or_default();
            // A position reached again in the same game (a repetition)
            // counts once for the search but each move from it counts.
            list.push((game, u32::try_from(ply).unwrap_or(u32::MAX)));
        }
        self.games.push(IndexedGame {
            source,
            players,
            result,
            start: start.to_string(),
            movers,
            moves,
            keys,
        });
        Ok(())
    }

    /// The index of the archive's games of `kind`; an entry whose game
    /// does not read (the archive set it aside already) is left out.
    #[must_use]
    pub fn of_archive(kind: GameKind, games: &[Entry]) -> GameIndex {
        let mut work = ArchiveIndexing::new(kind);
        work.step(games, || true);
        work.index
    }

    /// Adds an archived game, if it is of the index's kind and reads.
    fn add_archived(&mut self, e: &Entry) {
        if e.kind() != self.kind {
            return;
        }
        let Ok(game) = e.game() else { return };
        let result = e.winner().unwrap_or(PdnResult::Unknown);
        let moves = game.record.move_texts();
        let _ = self.add(
            Source::Archive(e.id),
            (e.red.clone(), e.black.clone()),
            result,
            &game.record.start_text(),
            &moves,
        );
    }

    /// The moves played from the position `key`, most played first.
    #[must_use]
    pub fn moves_from(&self, key: u64) -> Vec<MoveStats> {
        let mut by_move: Vec<MoveStats> = Vec::new();
        for &(g, ply) in self.at.get(&key).map_or(&[][..], Vec::as_slice) {
            let game = &self.games[g as usize];
            let ply = ply as usize;
            let Some(mv) = game.moves.get(ply) else {
                continue;
            };
            let who = game.movers[ply];
            let i = match by_move.iter().position(|m| &m.mv == mv) {
                Some(i) => i,
                None => {
                    by_move.push(MoveStats {
                        mv: mv.clone(),
                        after: game.keys[ply + 1],
                        ..MoveStats::default()
                    });
                    by_move.len() - 1
                }
            };
            let stats = &mut by_move[i];
            stats.games += 1;
            match game.result {
                PdnResult::Win(c) if c == who => stats.wins += 1,
                PdnResult::Win(_) => stats.losses += 1,
                PdnResult::Draw => stats.draws += 1,
                PdnResult::Unknown => stats.unknown += 1,
            }
        }
        by_move.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.mv.cmp(&b.mv)));
        by_move
    }

    /// The games that reached the position `key` (by any order of moves),
    /// each once, at the first time it did; in index order.
    #[must_use]
    pub fn games_at(&self, key: u64) -> Vec<Found> {
        let mut found: Vec<Found> = Vec::new();
        for &(g, ply) in self.at.get(&key).map_or(&[][..], Vec::as_slice) {
            let (game, ply) = (g as usize, ply as usize);
            match found.iter_mut().find(|f| f.game == game) {
                Some(f) => f.ply = f.ply.min(ply),
                None => found.push(Found { game, ply }),
            }
        }
        found.sort_by_key(|f| f.game);
        found
    }
}

/// The ACF ballots by the key of the position after their three moves:
/// their ACF number and moves.
#[must_use]
pub fn ballots() -> HashMap<u64, (u16, &'static str)> {
    let start = checkers::Position::start().to_text();
    DECK.iter()
        .filter_map(|&(number, text)| {
            let moves: Vec<String> = text.split_whitespace().map(String::from).collect();
            let key = position_key(GameKind::Checkers, &start, &moves)?;
            Some((key, (number, text)))
        })
        .collect()
}

/// One game of the collection file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionGame {
    /// Its line in the file (from 1).
    pub line: usize,
    /// The ACF number of its ballot.
    pub ballot: u16,
    /// Its result.
    pub result: PdnResult,
    /// Its moves from the start.
    pub moves: Vec<String>,
}

/// The archive indexed a slice at a time: each game is read back from its
/// PDN and played (some half a millisecond a game natively, a second for
/// 2,000 games: `cargo bench -p tiers-core --bench explorer`), so the page
/// indexes between frames and a large archive never holds it.
pub struct ArchiveIndexing {
    index: GameIndex,
    next: usize,
}

impl ArchiveIndexing {
    /// Nothing indexed yet, of the games of `kind`.
    #[must_use]
    pub fn new(kind: GameKind) -> ArchiveIndexing {
        ArchiveIndexing {
            index: GameIndex::new(kind),
            next: 0,
        }
    }

    /// Indexes the next games of `games` (the same list every call) while
    /// `more()` allows, at least one; true once every game is done.
    pub fn step(&mut self, games: &[Entry], mut more: impl FnMut() -> bool) -> bool {
        while let Some(e) = games.get(self.next) {
            self.index.add_archived(e);
            self.next += 1;
            if !more() {
                break;
            }
        }
        self.next >= games.len()
    }

    /// How many of the games are done.
    #[must_use]
    pub fn done(&self) -> usize {
        self.next
    }

    /// The index (complete once [`ArchiveIndexing::step`] said so).
    #[must_use]
    pub fn into_index(self) -> GameIndex {
        self.index
    }
}

/// Reads the collection file: `#` comments, blank lines and one
/// `ballot|result|moves` a game (checkers, from the start position). The
/// moves are checked by [`collection_index`].
///
/// # Errors
/// The first line that does not read, by its number.
pub fn read_collection(text: &str) -> Result<Vec<CollectionGame>, Text> {
    let mut games = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let bad = |what: &'static str| {
            crate::text!("explorer.bad-line", line = line).arg("what", Text::new(what))
        };
        let mut fields = l.split('|');
        let (Some(ballot), Some(result), Some(moves), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad("explorer.not-three-fields"));
        };
        let ballot: u16 = ballot
            .trim()
            .parse()
            .ok()
            .filter(|n| DECK.iter().any(|&(b, _)| b == *n))
            .ok_or_else(|| bad("explorer.not-a-ballot"))?;
        let result = PdnResult::parse(result.trim(), first_mover(GameKind::Checkers))
            .ok_or_else(|| bad("explorer.not-a-result"))?;
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        if moves.is_empty() {
            return Err(bad("explorer.no-moves"));
        }
        games.push(CollectionGame {
            line,
            ballot,
            result,
            moves,
        });
    }
    if games.is_empty() {
        return Err(crate::text!("explorer.empty-collection"));
    }
    Ok(games)
}

/// The index of the collection file's games.
///
/// # Errors
/// When a line does not read ([`read_collection`]) or a game's move
/// cannot be played (named by its line and move).
pub fn collection_index(text: &str) -> Result<GameIndex, Text> {
    let start = checkers::Position::start().to_text();
    let mut index = GameIndex::new(GameKind::Checkers);
    for g in read_collection(text)? {
        index
            .add(
                Source::Collection {
                    line: g.line,
                    ballot: g.ballot,
                },
                (String::new(), String::new()),
                g.result,
                &start,
                &g.moves,
            )
            .map_err(|why| crate::text!("explorer.bad-line", line = g.line).arg("what", why))?;
    }
    Ok(index)
}

#[cfg(test)]
mod tests;
