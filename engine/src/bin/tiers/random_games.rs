//! `tiers random-games <checkers|tiers> --games N [--seed S] [--first K]
//! [--sample R]`: plays games of uniformly random legal moves and checks
//! the engine at every ply.
//!
//! Starts: checkers from the standard start; Tiers from two random
//! formations, and every fourth game from a random arrangement of every
//! tier with carried pieces (random play from formations rarely climbs to
//! the ultra kings), so that every tier and action occurs; the summary
//! says how often each did.
//!
//! At every ply:
//! - the outcome the game record gives equals one computed here from the
//!   rules (no legal move or no pieces: a loss; the same position with
//!   the same side to move a third time: a draw; 100 plies without a
//!   capture: a draw), and the plies-since-capture counter and the move
//!   number equal ones counted here;
//! - the position's text reads back to the same position (counters too),
//!   its arrangement ([`Position::to_setup`]-style) validates back to it,
//!   and its incremental hash equals the hash computed from scratch;
//! - the random move's text reads back to the same move; playing it and
//!   undoing it restores the position, counters and hash; redoing it
//!   gives the same position again; it captures exactly when pieces
//!   disappear;
//! - on one ply in `R` (default 16), the move list equals the naive
//!   reference generator's ([`tiers_engine::reference`]) and every move's
//!   text (up to 256 of them) reads back to that move.
//!
//! Game `g` of seed `S` is the same game whatever `--games` and `--first`
//! are: a failure is reproduced with `--seed S --first g --games 1`. Any
//! failure makes the command exit with code 2.

use std::collections::HashMap;
use std::time::Instant;

use tiers_engine::reference;
use tiers_engine::tiers::{self, Formation};
use tiers_engine::{checkers, Color, DrawReason, Game, Outcome, PieceKind, Position, WinReason};
use tiers_rng::SplitMix64;

use crate::{options, out, parse_number};

/// What `random-games` needs of a game beyond [`Position`].
pub trait Subject: Position {
    /// The start of game `game` (drawn with `rng`), and its kind of start
    /// (an index into [`Subject::START_KINDS`]).
    fn start_for(game: u64, rng: &mut SplitMix64) -> (Self, usize);
    /// The names of the kinds of start.
    const START_KINDS: &'static [&'static str];
    /// The position rebuilt from its arrangement through the engine's
    /// validation.
    fn rebuilt(&self) -> Result<Self, String>;
    /// The hash computed from scratch.
    fn scratch_hash(&self) -> u64;
    /// Compares the move list with the reference generator's.
    fn reference_check(&self) -> Result<(), String>;
    /// Counts what the position holds and what the move does.
    fn tally(&self, mv: &Self::Move, tally: &mut Tally);
}

/// How often each thing occurred, per kind of start.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Plies at which a piece of each tier stood on the board.
    pub tiers: [u64; 6],
    /// Plies at which some piece was carried.
    pub carried: u64,
    /// Moves by kind: step, hop, jump, teleport, consume, load, drop, two
    /// actions (Tiers); step, jump, multi-jump (checkers use the first,
    /// third and eighth slots).
    pub moves: [u64; 8],
}

/// The names of [`Tally::moves`]' slots.
const MOVE_NAMES: [&str; 8] = [
    "steps",
    "hops",
    "jumps",
    "teleports",
    "consumes",
    "loads",
    "drops",
    "two-action moves",
];

impl Subject for checkers::Position {
    const START_KINDS: &'static [&'static str] = &["the start"];

    fn start_for(_game: u64, _rng: &mut SplitMix64) -> (Self, usize) {
        (checkers::Position::start(), 0)
    }

    fn rebuilt(&self) -> Result<Self, String> {
        let back = checkers::Position::from_setup(&self.to_setup()).map_err(|e| e.to_string())?;
        if back.to_setup() != self.to_setup() {
            return Err("to_setup/from_setup changes the position".into());
        }
        Ok(back)
    }

    fn scratch_hash(&self) -> u64 {
        self.board().zobrist()
    }

    fn reference_check(&self) -> Result<(), String> {
        reference::checkers::compare(self)
    }

    fn tally(&self, mv: &Self::Move, tally: &mut Tally) {
        if Color::ALL.iter().any(|&c| self.men(c) != 0) {
            tally.tiers[0] += 1;
        }
        if Color::ALL.iter().any(|&c| self.kings(c) != 0) {
            tally.tiers[1] += 1;
        }
        let slot = if !self.is_capture(mv) {
            0
        } else if self.move_squares(mv).len() > 2 {
            7
        } else {
            2
        };
        tally.moves[slot] += 1;
    }
}

impl Subject for tiers::Position {
    const START_KINDS: &'static [&'static str] = &["random formations", "random arrangements"];

    fn start_for(game: u64, rng: &mut SplitMix64) -> (Self, usize) {
        if game % 4 == 3 {
            let density = 6 + rng.below(35);
            let text = reference::tiers::random_tfen(rng.next_u64(), density);
            let mut setup = tiers::tfen::parse_setup(&text).expect("random_tfen writes TFEN");
            setup.plies_since_capture = 0;
            setup.move_number = 1;
            let pos = tiers::Position::from_setup(&setup).expect("random_tfen's pieces are valid");
            (pos, 1)
        } else {
            let red = Formation::random(Color::Red, rng.next_u64());
            let black = Formation::random(Color::Black, rng.next_u64());
            (tiers::Position::from_formations(&red, &black), 0)
        }
    }

    fn rebuilt(&self) -> Result<Self, String> {
        let setup = self.to_setup();
        let back = tiers::Position::from_setup(&setup).map_err(|e| e.to_string())?;
        if back.to_setup() != setup {
            return Err("to_setup/from_setup changes the position".into());
        }
        Ok(back)
    }

    fn scratch_hash(&self) -> u64 {
        self.compute_zobrist()
    }

    fn reference_check(&self) -> Result<(), String> {
        reference::tiers::compare(self)
    }

    fn tally(&self, mv: &Self::Move, tally: &mut Tally) {
        for kind in PieceKind::ALL {
            if Color::ALL.iter().any(|&c| self.pieces(c, kind) != 0) {
                tally.tiers[kind as usize] += 1;
            }
        }
        if self.board().carriers() != 0 {
            tally.carried += 1;
        }
        if mv.second().is_some() {
            tally.moves[7] += 1;
        }
        for action in mv.actions() {
            tally.moves[action.kind as usize] += 1;
        }
    }
}

/// What went wrong, and where.
struct Failure {
    game: u64,
    ply: usize,
    what: String,
}

/// The whole run's counts.
#[derive(Default)]
struct Summary {
    games: u64,
    plies: u64,
    sampled: u64,
    outcomes: HashMap<String, u64>,
    tallies: Vec<(u64, Tally)>,
    failures: Vec<Failure>,
    failed_games: u64,
}

/// `random-games` for one game: parses the options, plays, prints the
/// summary; `Err` (exit code 2) on a bad option or any failure.
pub fn run<P: Subject>(rest: &[String]) -> Result<(), String> {
    let mut games: Option<u64> = None;
    let mut seed = 1u64;
    let mut first = 0u64;
    let mut sample = 16u64;
    let opts = options(rest, &["--games", "--seed", "--first", "--sample"]).map_err(|e| e.0)?;
    for (name, value) in opts {
        let n: u64 = parse_number(&name[2..], value).map_err(|e| e.0)?;
        match name {
            "--games" => games = Some(n),
            "--seed" => seed = n,
            "--first" => first = n,
            _ => {
                if n == 0 {
                    return Err("--sample must be at least 1 (1 checks every ply)".into());
                }
                sample = n;
            }
        }
    }
    let games = games.ok_or("random-games needs --games N")?;
    let clock = Instant::now();
    let mut summary = Summary {
        tallies: vec![(0, Tally::default()); P::START_KINDS.len()],
        ..Summary::default()
    };
    let report_every = (games / 20).max(1);
    for g in first..first.saturating_add(games) {
        play_game::<P>(seed, g, sample, &mut summary);
        let done = g - first + 1;
        if done.is_multiple_of(report_every) && done < games {
            out(format!(
                "progress: {done}/{games} games, {} plies, {} failures, {:.0} s",
                summary.plies,
                summary.failures.len(),
                clock.elapsed().as_secs_f64()
            ));
        }
    }
    let secs = clock.elapsed().as_secs_f64();
    print_summary::<P>(&summary, seed, secs);
    if summary.failed_games > 0 {
        let f = &summary.failures[0];
        return Err(format!(
            "{} of {} games failed; reproduce the first with `tiers random-games {} --seed {seed} --first {} --games 1` (ply {})",
            summary.failed_games,
            summary.games,
            P::KIND.name(),
            f.game,
            f.ply
        ));
    }
    Ok(())
}

fn print_summary<P: Subject>(s: &Summary, seed: u64, secs: f64) {
    out(format!(
        "{} random games, seed {seed}: {} games, {} plies ({:.1} per game), {} plies checked against the reference, {} failures, {secs:.1} s ({:.0} plies/s)",
        P::KIND.name(),
        s.games,
        s.plies,
        s.plies as f64 / s.games.max(1) as f64,
        s.sampled,
        s.failures.len(),
        s.plies as f64 / secs.max(1e-9)
    ));
    let mut outcomes: Vec<_> = s.outcomes.iter().collect();
    outcomes.sort();
    out(format!(
        "outcomes: {}",
        outcomes
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let tiers = if P::KIND == tiers_engine::GameKind::Tiers {
        6
    } else {
        2
    };
    for (kind, (games, t)) in P::START_KINDS.iter().zip(&s.tallies) {
        let on_board: Vec<String> = PieceKind::ALL[..tiers]
            .iter()
            .zip(t.tiers)
            .map(|(k, n)| format!("{} {n}", k.name()))
            .collect();
        out(format!(
            "from {kind} ({games} games): plies with each tier on the board: {}{}",
            on_board.join(", "),
            if tiers == 6 {
                format!("; with a carried piece: {}", t.carried)
            } else {
                String::new()
            }
        ));
        let moves: Vec<String> = MOVE_NAMES
            .iter()
            .zip(t.moves)
            .filter(|(_, n)| tiers == 6 || *n > 0)
            .map(|(name, n)| {
                let name = if tiers == 2 && *name == "two-action moves" {
                    "multi-jumps"
                } else {
                    name
                };
                format!("{name} {n}")
            })
            .collect();
        out(format!("from {kind}: moves played: {}", moves.join(", ")));
    }
    for f in s.failures.iter().take(20) {
        out(format!("failed: game {} ply {}: {}", f.game, f.ply, f.what));
    }
}

/// The outcome the rules give, computed here without the game record.
fn expected_outcome<P: Position>(pos: &P, legal: usize, seen: usize) -> Option<Outcome> {
    let mover = pos.side_to_move();
    if legal == 0 {
        let reason = if pos.piece_count(mover) == 0 {
            WinReason::NoPieces
        } else {
            WinReason::NoLegalMove
        };
        return Some(Outcome::Win {
            winner: mover.opposite(),
            reason,
        });
    }
    if seen >= 3 {
        return Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition,
        });
    }
    if pos.plies_since_capture() >= 100 {
        return Some(Outcome::Draw {
            reason: DrawReason::HundredPlies,
        });
    }
    None
}

fn play_game<P: Subject>(seed: u64, g: u64, sample: u64, summary: &mut Summary) {
    // Each game has its own stream: game g is the same whatever ran before.
    let mut rng = SplitMix64::new(seed ^ g.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let (start, kind) = P::start_for(g, &mut rng);
    // The move number goes up after the second player of each pair has
    // moved (Black in Tiers, Red in checkers), whoever moves first here.
    let first_mover = P::start().side_to_move();
    let mut game = Game::new(start.clone());
    let mut seen: HashMap<P, usize> = HashMap::new();
    let mut plies = start.plies_since_capture();
    let mut number = start.move_number();
    let mut legal = Vec::new();
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let mut ply = 0usize;
    let outcome = loop {
        let pos = game.position().clone();
        *seen.entry(pos.clone()).or_insert(0) += 1;
        legal.clear();
        pos.legal_moves(&mut legal);
        let expected = expected_outcome(&pos, legal.len(), seen[&pos]);
        let mut fail = |what: String| failures.push(Failure { game: g, ply, what });
        if pos.plies_since_capture() != plies || pos.move_number() != number {
            fail(format!(
                "{}: counters {} {}, expected {plies} {number}",
                pos.to_text(),
                pos.plies_since_capture(),
                pos.move_number()
            ));
        }
        if game.outcome() != expected {
            fail(format!(
                "{}: the game says {:?}, the rules {expected:?}",
                pos.to_text(),
                game.outcome()
            ));
        }
        check_position(&pos, &mut fail);
        if (ply as u64 + g).is_multiple_of(sample) {
            summary.sampled += 1;
            if let Err(e) = pos.reference_check() {
                fail(e);
            }
            check_move_texts(&pos, &legal, &mut rng, &mut fail);
        }
        if let Some(outcome) = expected {
            break Some(outcome);
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        pos.tally(&mv, &mut tally);
        check_move(&pos, &mv, &mut game, &mut fail);
        if !failures.is_empty() {
            break None;
        }
        plies = if pos.is_capture(&mv) { 0 } else { plies + 1 };
        if pos.side_to_move() != first_mover {
            number += 1;
        }
        ply += 1;
    };
    summary.games += 1;
    summary.plies += ply as u64;
    summary.tallies[kind].0 += 1;
    let t = &mut summary.tallies[kind].1;
    for i in 0..6 {
        t.tiers[i] += tally.tiers[i];
    }
    t.carried += tally.carried;
    for i in 0..8 {
        t.moves[i] += tally.moves[i];
    }
    let name = match outcome {
        Some(Outcome::Win { reason, .. }) => format!("{reason:?}"),
        Some(Outcome::Draw { reason }) => format!("{reason:?}"),
        None => "failed".to_string(),
    };
    *summary.outcomes.entry(name).or_insert(0) += 1;
    if !failures.is_empty() {
        // Said at once, so that a long run shows its failures as they come.
        for f in &failures {
            out(format!("FAILED game {} ply {}: {}", f.game, f.ply, f.what));
        }
        summary.failed_games += 1;
        summary.failures.extend(failures);
    }
}

/// The position's text, arrangement and hash.
fn check_position<P: Subject>(pos: &P, fail: &mut impl FnMut(String)) {
    let text = pos.to_text();
    match P::parse(&text) {
        Ok(back) => {
            if back != *pos || back.to_text() != text {
                fail(format!("{text} reads back as {}", back.to_text()));
            }
        }
        Err(e) => fail(format!("{text} does not read back: {e}")),
    }
    match pos.rebuilt() {
        Ok(back) if back == *pos && back.zobrist() == pos.zobrist() => {}
        Ok(back) => fail(format!(
            "{text} rebuilt from its arrangement is {}",
            back.to_text()
        )),
        Err(e) => fail(format!("{text}: its arrangement is refused: {e}")),
    }
    if pos.zobrist() != pos.scratch_hash() {
        fail(format!(
            "{text}: incremental hash differs from the hash from scratch"
        ));
    }
}

/// Every move's text (a random 256 of them at most) reads back to it.
fn check_move_texts<P: Position>(
    pos: &P,
    legal: &[P::Move],
    rng: &mut SplitMix64,
    fail: &mut impl FnMut(String),
) {
    let step = if legal.len() > 256 {
        1 + rng.below(legal.len() as u64 / 256) as usize
    } else {
        1
    };
    for mv in legal.iter().step_by(step).take(256) {
        let text = pos.move_to_string(mv);
        match pos.parse_move(&text) {
            Ok(back) if back == *mv => {}
            Ok(back) => fail(format!(
                "{}: {text} reads back as {}",
                pos.to_text(),
                pos.move_to_string(&back)
            )),
            Err(e) => fail(format!("{}: {text} does not read back: {e}", pos.to_text())),
        }
    }
}

/// The random move: its text, play, undo and redo.
fn check_move<P: Subject>(
    pos: &P,
    mv: &P::Move,
    game: &mut Game<P>,
    fail: &mut impl FnMut(String),
) {
    let text = pos.move_to_string(mv);
    let at = pos.to_text();
    match pos.parse_move(&text) {
        Ok(back) if back == *mv => {}
        Ok(_) => fail(format!("{at}: {text} reads back as another move")),
        Err(e) => fail(format!("{at}: {text} does not read back: {e}")),
    }
    if let Err(e) = game.play(*mv) {
        fail(format!("{at}: the game refuses {text}: {e}"));
        return;
    }
    let after = game.position().clone();
    if after != pos.play(mv) {
        fail(format!("{at}: {text}: the game and play() disagree"));
    }
    if after.zobrist() != after.scratch_hash() {
        fail(format!("{at}: after {text} the incremental hash is wrong"));
    }
    let lost = pos.piece_count(pos.side_to_move().opposite())
        > after.piece_count(pos.side_to_move().opposite());
    if pos.is_capture(mv) != lost {
        fail(format!(
            "{at}: {text}: is_capture says {} but the opponent lost {} pieces",
            pos.is_capture(mv),
            if lost { "some" } else { "no" }
        ));
    }
    if !game.undo() {
        fail(format!("{at}: {text} cannot be undone"));
        return;
    }
    let back = game.position();
    if back != pos || back.to_text() != at || back.zobrist() != pos.zobrist() {
        fail(format!("{at}: undoing {text} gives {}", back.to_text()));
    }
    if !game.redo() || *game.position() != after || game.position().to_text() != after.to_text() {
        fail(format!(
            "{at}: redoing {text} does not give {}",
            after.to_text()
        ));
    }
}
