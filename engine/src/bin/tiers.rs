//! `tiers`: the command-line tool of the engine.
//!
//! ```text
//! tiers moves    <checkers|tiers> <POSITION|start>
//! tiers perft    <checkers|tiers> <POSITION|start> <DEPTH>
//! tiers divide   <checkers|tiers> <POSITION|start> <DEPTH>
//! tiers bestmove <checkers|tiers> <POSITION|start> [--movetime MS] [--depth D] [--level L] [--seed S] [--threads T] [--egdb DIR | --no-egdb] [--book FILE | --no-book]
//! tiers selfplay <checkers|tiers> --a PLAYER --b PLAYER --games N [--movetime MS | --clock BASE+INC] [--first K] [--egdb DIR | --no-egdb] [--egdb-for a|b|both] [--book FILE | --no-book] [--formations chosen-a] [--ext-timeout MS]
//! tiers egdb     <build|probe|verify|pack> ...
//! tiers book     <build|probe|verify> ...
//! tiers puzzles  <checkers|tiers> --count N --out FILE [--seed S] ... | tiers puzzles verify <checkers|tiers> FILE
//! tiers bench    [--techniques CHANGES] [--eval handset|patterns|nnue]
//! tiers train    <tiers|checkers> [--games N] [--seed S] [--depth D] [--threads T] [--epochs E] [--lambda L] [--out FILE] [--data FILE] [--egdb DIR]
//! tiers tune     <checkers|tiers> [--games N] [--level L] [--seed S] [--first-weight I] [--verify-depth D] [--verify-games N]
//! tiers random-games <checkers|tiers> --games N [--seed S] [--first K] [--sample R]
//! tiers pdn      FILE
//! ```
//!
//! A bad argument or position prints one line on stderr and exits with
//! code 2.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tiers_engine::search::baseline::{alphabeta_material, greedy};
use tiers_engine::search::eval::{Handset, Linear, Neural, Patterns};
use tiers_engine::search::{
    choose_formation_for, format_score, Evaluate, Level, SearchConfig, SearchInfo, SearchLimits,
    Searcher, Techniques, MAX_THREADS,
};
use tiers_engine::{checkers, egdb, tiers, Color, Game, GameKind, Outcome, Position};

#[path = "tiers/ballots.rs"]
mod ballots;
#[path = "tiers/book.rs"]
mod book;
#[path = "tiers/collection.rs"]
mod collection;
#[path = "tiers/egdb.rs"]
mod egdb_cmd;
#[path = "tiers/openings.rs"]
mod openings;
#[path = "tiers/puzzles.rs"]
mod puzzles;
#[path = "tiers/random_games.rs"]
mod random_games;
#[path = "tiers/starts.rs"]
mod starts;
#[path = "tiers/train.rs"]
mod train;
#[path = "tiers/train_nnue.rs"]
mod train_nnue;
#[path = "tiers/tune.rs"]
mod tune;
use starts::tiers_start_for_game;

const USAGE: &str = "usage: tiers <moves|perft|divide|bestmove|selfplay|bench|tune|train|random-games|puzzles|openings|collection> <checkers|tiers> ... | tiers pdn FILE | tiers egdb <build|probe|verify|pack> ... | tiers book <build|probe|verify> ... (see `tiers help`)";

const HELP: &str = "\
tiers moves    <checkers|tiers> <POSITION|start>
tiers perft    <checkers|tiers> <POSITION|start> <DEPTH>
tiers divide   <checkers|tiers> <POSITION|start> <DEPTH>
tiers bestmove <checkers|tiers> <POSITION|start> [--movetime MS] [--depth D] [--level L] [--seed S] [--threads T] [--egdb DIR | --no-egdb] [--book FILE | --no-book]
               L is 1-8 or `analysis`; levels 8 and analysis use the checkers endgame
               database in DIR, by default the cache directory's when it holds one;
               T threads search together (Lazy SMP; 1, the default, is deterministic);
               levels 5-7 play from the checkers opening book (compiled in, or FILE)
tiers selfplay <checkers|tiers> --a PLAYER --b PLAYER --games N [--movetime MS | --clock BASE+INC] [--first K] [--egdb DIR | --no-egdb] [--egdb-for a|b|both] [--book FILE | --no-book] [--formations chosen-a] [--ext-timeout MS]
               PLAYER is a level 1-8, `baseline` (6-ply material alpha-beta) or `greedy`
               (one ply); a level may be followed by `:handset` (the hand-set evaluation
               instead of the game's own), `:patterns` or `:nnue` (checkers: the learned
               pattern or the neural evaluation), by `:CHANGES` to the search's techniques,
               e.g. `8:-aspiration,+probcut` or `8:none` (the search of commit 797a82b),
               by `:nobook` (checkers: never play from the opening book) or `:book`
               (level 8 plays from it too, as levels 5-7 do), by
               `:threads=T` (T threads per search) and by `:flat` (under a clock,
               think a thirtieth of the time left and 4/5 of the increment, as the web
               app does, instead of managing the time);
               or `ext:PATH`, another tiers executable: each of its moves is a process
               `PATH bestmove GAME POSITION --movetime MS` (under --clock, the share of
               its clock) with `--egdb DIR` or `--no-egdb` as its seat has the database;
               its last line must be a legal move; it starts each move from an empty
               hash table without the game's history, so a gate between builds plays
               both sides as `ext:` (the section \"Matches between builds\" of
               docs/ai.md; the old build: git worktree add /tmp/old 797a82b, then in
               /tmp/old CARGO_PROFILE_RELEASE_OPT_LEVEL=3 cargo build --release -p
               tiers-engine --bin tiers);
               --ext-timeout MS: an external player that has not answered this long after
               its move's time is stopped and ends selfplay with an error (default 60000);
               --clock BASE+INC gives each player a clock (milliseconds); a player whose
               clock runs out loses;
               --egdb-for says which players get the endgame database (default both)
               each opening is played twice, A taking each colour once: checkers from
               the 156 ACF ballots in order, Tiers from the default formations, then
               every pair of presets (games 3-52), then random formations (game 53 on);
               --first K skips K games; the last line is W-D-L from A's side;
               --formations chosen-a (Tiers): A plays the formation the computer
               chooses (choose_formation_for, A's level, seeded by the game pair),
               B a random formation (the same for both games of a pair)
tiers bench [--techniques CHANGES] [--eval handset|patterns|nnue]
               fixed positions to fixed depths: total nodes (the search's signature),
               nodes/s, and how close time-limited searches stop to their limit;
               CHANGES to the search's techniques as for selfplay's players; --eval
               another evaluation for the checkers positions
tiers tune     <checkers|tiers> [--games N] [--level L] [--seed S] [--first-weight I] [--verify-depth D] [--verify-games N]
               Texel tuning: plays N self-play games at level L (default 200 at 3),
               fits the evaluation weights to the results and prints a WEIGHTS line
               to paste into engine/src/search/eval/checkers.rs or tiers.rs
tiers train    <tiers|checkers> [--games N] [--seed S] [--depth D] [--threads T] [--epochs E] [--lambda L] [--out FILE] [--data FILE] [--egdb DIR]
               a learned evaluation: N self-play games (Tiers: default 3000 from random
               formations at depth D = 4; checkers: 20000 from 4-7 random plies at
               depth 6) with the hand-set evaluation, positions labelled by result
               and search score, a logistic fit; writes the weights file (default
               engine/data/eval/<game>.weights); the same for any T. --data FILE
               keeps the positions in FILE, or reads them from it when it exists;
               --egdb DIR (checkers) labels the positions the endgame database holds
               by its win, draw or loss instead
tiers train checkers --samples FILE [--threads T] [--epochs E] [--lambda L] [--out FILE]
               the learned checkers evaluation fitted to the positions of a data file
               of `tiers train nnue` (its searches and database labels) instead
tiers train nnue [--games N] [--seed S] [--depth D] [--threads T] [--data FILE] [--egdb DIR]
                 [--hidden H] [--epochs E] [--lambda L] [--scale S] [--rate R] [--batch B] [--out FILE]
               the neural checkers evaluation: N self-play games (default 30000) from 4-7
               random plies at depth D (default 7) with the learned pattern evaluation,
               quiet positions labelled by result and search score (or the endgame
               database), a (128 -> H) x 2 -> 1 network fitted by minibatch Adam; writes
               engine/data/eval/checkers.nnue by default; the same for any T; --data FILE
               keeps the samples (a run finding FILE goes on from where it stopped)
tiers random-games <checkers|tiers> --games N [--seed S] [--first K] [--sample R]
               plays N games of random legal moves (Tiers: from random formations and
               random arrangements of every tier) checking at every ply the outcome,
               counters, position text, hashes, the move's text and play/undo/redo,
               and on one ply in R (default 16) the move list against the reference
               generator; game K of seed S is reproduced by --seed S --first K --games 1;
               exits 2 on any failure
tiers pdn      FILE
               reads a game file (checkers PDN or the Tiers game record; `-` reads
               standard input) with its variations, comments and NAGs, and writes every
               game on standard output as the web app exports it (the whole move tree);
               the output read again gives the same text; an error names the game, line
               and column (FILE:LINE:COLUMN: ...) and exits 2
POSITION is a PDN FEN (checkers) or a TFEN (tiers); `start` is the standard start.";

/// A command-line error: one line for stderr, exit code 2.
struct CliError(String);

type CliResult = Result<(), CliError>;

fn err<T>(msg: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(msg.into()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(msg)) => {
            let _ = writeln!(io::stderr(), "tiers: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Writes one line to stdout; a closed pipe ends the program quietly.
fn out(line: impl AsRef<str>) {
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{}", line.as_ref()).is_err() || stdout.flush().is_err() {
        std::process::exit(0);
    }
}

fn run(args: &[String]) -> CliResult {
    let Some(command) = args.first() else {
        return err(USAGE);
    };
    match command.as_str() {
        "help" | "--help" | "-h" => {
            for line in HELP
                .lines()
                .chain(puzzles::HELP.lines())
                .chain(openings::HELP.lines())
                .chain(collection::HELP.lines())
                .chain(egdb_cmd::HELP.lines())
                .chain(book::HELP.lines())
            {
                out(line);
            }
            Ok(())
        }
        "egdb" => egdb_cmd::run(&args[1..]).map_err(CliError),
        "book" => book::run(&args[1..]).map_err(CliError),
        "train" => train::run(&args[1..]).map_err(CliError),
        "puzzles" => puzzles::run(&args[1..]).map_err(CliError),
        "openings" => openings::run(&args[1..]).map_err(CliError),
        "collection" => collection::run(&args[1..]).map_err(CliError),
        "pdn" => pdn_command(&args[1..]),
        "bench" => {
            let mut techniques = Techniques::default();
            let mut eval = EvalChoice::Default;
            for (name, value) in options(&args[1..], &["--techniques", "--eval"])? {
                if name == "--eval" {
                    eval = match value {
                        "handset" => EvalChoice::Handset,
                        "patterns" => EvalChoice::Patterns,
                        "nnue" => EvalChoice::Neural,
                        _ => {
                            return err(format!(
                                "--eval must be handset, patterns or nnue, got `{value}`"
                            ))
                        }
                    };
                } else {
                    techniques = Techniques::parse_changes(techniques, value)
                        .map_err(|e| CliError(e.to_string()))?;
                }
            }
            bench(techniques, eval);
            Ok(())
        }
        "random-games" => {
            let Some(game) = args.get(1) else {
                return err("random-games: missing the game: `checkers` or `tiers`");
            };
            match GameKind::parse(game).map_err(|e| CliError(e.to_string()))? {
                GameKind::Checkers => random_games::run::<checkers::Position>(&args[2..]),
                GameKind::Tiers => random_games::run::<tiers::Position>(&args[2..]),
            }
            .map_err(CliError)
        }
        "moves" | "perft" | "divide" | "bestmove" | "selfplay" | "tune" => {
            let Some(game) = args.get(1) else {
                return err(format!(
                    "{command}: missing the game: `checkers` or `tiers`"
                ));
            };
            let kind = GameKind::parse(game).map_err(|e| CliError(e.to_string()))?;
            match kind {
                GameKind::Checkers => {
                    game_command::<checkers::Position>(command, &args[2..], |pos, depth| {
                        checkers::perft(pos.board(), depth)
                    })
                }
                GameKind::Tiers => {
                    game_command::<tiers::Position>(command, &args[2..], tiers_engine::perft::perft)
                }
            }
        }
        other => err(format!("unknown command `{other}`; {USAGE}")),
    }
}

/// `tiers pdn FILE`: a game file written back in the web app's export form.
fn pdn_command(args: &[String]) -> CliResult {
    let [file] = args else {
        return err("pdn: give one FILE (or `-` for standard input): tiers pdn FILE");
    };
    let bytes = if file == "-" {
        let mut bytes = Vec::new();
        io::Read::read_to_end(&mut io::stdin(), &mut bytes)
            .map_err(|e| CliError(format!("pdn: standard input: {e}")))?;
        bytes
    } else {
        std::fs::read(file).map_err(|e| CliError(format!("pdn: {file}: {e}")))?
    };
    let text = String::from_utf8(bytes)
        .map_err(|e| CliError(format!("pdn: {file}: not UTF-8 text ({e})")))?;
    let written = tiers_engine::pdn::rewrite(&text).map_err(|e| {
        let game = if e.game > 0 {
            format!("game {}: ", e.game)
        } else {
            String::new()
        };
        CliError(format!(
            "pdn: {file}:{}:{}: {game}{}",
            e.line, e.column, e.kind
        ))
    })?;
    let mut stdout = io::stdout().lock();
    if stdout.write_all(written.as_bytes()).is_err() || stdout.flush().is_err() {
        std::process::exit(0);
    }
    Ok(())
}

/// Runs a command of one game; `perft` is the fastest perft for it.
fn game_command<P: Linear>(command: &str, rest: &[String], perft: fn(&P, u32) -> u64) -> CliResult {
    match command {
        "moves" => {
            let [text] = rest else {
                return err(format!(
                    "moves takes a position, got {} arguments",
                    rest.len()
                ));
            };
            let pos = read_position::<P>(text)?;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for mv in &moves {
                out(pos.move_to_string(mv));
            }
            Ok(())
        }
        "perft" | "divide" => {
            let [text, depth] = rest else {
                return err(format!(
                    "{command} takes a position and a depth, got {} arguments",
                    rest.len()
                ));
            };
            let pos = read_position::<P>(text)?;
            let depth: u32 = parse_number("depth", depth)?;
            if depth > 30 {
                return err(format!("depth {depth} is too deep (at most 30)"));
            }
            if command == "divide" {
                let lines = tiers_engine::perft::divide_with(&pos, depth, perft);
                let mut total = 0;
                for (mv, count) in lines {
                    out(format!("{mv} {count}"));
                    total += count;
                }
                out(format!("{total}"));
            } else {
                out(format!("{}", perft(&pos, depth)));
            }
            Ok(())
        }
        "bestmove" => bestmove::<P>(rest),
        "selfplay" => selfplay::<P>(rest),
        "tune" => tune::run::<P>(rest).map_err(CliError),
        _ => err(format!("unknown command `{command}`")),
    }
}

fn read_position<P: Position>(text: &str) -> Result<P, CliError> {
    if text == "start" {
        return Ok(P::start());
    }
    P::parse(text).map_err(|e| CliError(format!("bad {} position `{text}`: {e}", P::KIND.name())))
}

fn parse_number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, CliError> {
    text.parse().map_err(|_| {
        CliError(format!(
            "{what} must be a non-negative whole number, got `{text}`"
        ))
    })
}

/// `--name value` options; every name must be in `known`.
fn options<'a>(rest: &'a [String], known: &[&str]) -> Result<Vec<(&'a str, &'a str)>, CliError> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let name = rest[i].as_str();
        if !known.contains(&name) {
            return err(format!(
                "unknown option `{name}` (expected one of {})",
                known.join(", ")
            ));
        }
        let Some(value) = rest.get(i + 1) else {
            return err(format!("option {name} needs a value"));
        };
        if found.iter().any(|(n, _)| *n == name) {
            return err(format!("option {name} is given twice"));
        }
        found.push((name, value.as_str()));
        i += 2;
    }
    Ok(found)
}

fn parse_threads(text: &str) -> Result<usize, CliError> {
    let n: usize = parse_number("threads", text)?;
    if !(1..=MAX_THREADS).contains(&n) {
        return err(format!("threads must be from 1 to {MAX_THREADS}, got {n}"));
    }
    Ok(n)
}

fn parse_level(text: &str) -> Result<Level, CliError> {
    if text == "analysis" {
        return Ok(Level::ANALYSIS);
    }
    let n: u8 = text.parse().map_err(|_| {
        CliError(format!(
            "level must be a number from 1 to 8 or `analysis`, got `{text}`"
        ))
    })?;
    Level::new(n)
        .filter(|l| *l != Level::ANALYSIS)
        .ok_or_else(|| CliError(format!("level must be from 1 to 8 or `analysis`, got {n}")))
}

/// Takes the flag `name` (an option without a value) out of `rest`.
fn take_flag(rest: &[String], name: &str) -> (Vec<String>, bool) {
    let kept: Vec<String> = rest.iter().filter(|a| *a != name).cloned().collect();
    let found = kept.len() != rest.len();
    (kept, found)
}

/// The endgame database for a checkers search (`--egdb DIR`, `--no-egdb`,
/// or the cache directory's); none for Tiers. Announced on an info line.
fn search_egdb<P: Position>(
    dir: Option<&str>,
    off: bool,
) -> Result<Option<Arc<egdb::Egdb>>, CliError> {
    if P::KIND != GameKind::Checkers {
        return Ok(None);
    }
    if off && dir.is_some() {
        return err("--egdb and --no-egdb exclude each other");
    }
    let db = egdb_cmd::open(dir, off).map_err(CliError)?;
    Ok(db.map(Arc::new))
}

/// The opening book for a checkers search (`--book FILE`, `--no-book`, or
/// the compiled-in one); none for Tiers.
fn search_book<P: Position>(
    file: Option<&str>,
    off: bool,
) -> Result<Option<Arc<tiers_engine::book::Book>>, CliError> {
    if P::KIND != GameKind::Checkers || off {
        if off && file.is_some() {
            return err("--book and --no-book exclude each other");
        }
        return Ok(None);
    }
    let book = match file {
        Some(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| CliError(format!("cannot read the book {path}: {e}")))?;
            tiers_engine::book::Book::from_file(&bytes)
                .map_err(|e| CliError(format!("{path}: {e}")))?
        }
        None => book::compiled_in().map_err(CliError)?,
    };
    Ok(Some(Arc::new(book)))
}

/// Reports on stderr what went wrong reading database files (the search
/// went on without them).
fn egdb_warnings(db: Option<&Arc<egdb::Egdb>>) {
    for e in db.map(|d| d.errors()).unwrap_or_default() {
        let _ = writeln!(io::stderr(), "tiers: endgame database left out: {e}");
    }
}

fn info_line(info: &SearchInfo) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        format_score(info.score),
        info.nodes,
        info.nps,
        info.time_ms,
        info.pv.join(" ")
    )
}

fn bestmove<P: Evaluate>(rest: &[String]) -> CliResult {
    let Some((text, opts)) = rest.split_first() else {
        return err("bestmove needs a position (or `start`)");
    };
    let pos = read_position::<P>(text)?;
    let mut limits = SearchLimits::default();
    let mut level = Level::MAX;
    let mut seed = 0;
    let (opts, no_egdb) = take_flag(opts, "--no-egdb");
    let (opts, no_book) = take_flag(&opts, "--no-book");
    let mut egdb_dir = None;
    let mut book_file = None;
    let mut threads = 1;
    for (name, value) in options(
        &opts,
        &[
            "--movetime",
            "--depth",
            "--level",
            "--seed",
            "--egdb",
            "--threads",
            "--book",
        ],
    )? {
        match name {
            "--egdb" => egdb_dir = Some(value),
            "--book" => book_file = Some(value),
            "--threads" => threads = parse_threads(value)?,
            "--movetime" => limits.time_ms = Some(parse_number("movetime", value)?),
            "--depth" => {
                let d: u32 = parse_number("depth", value)?;
                if d == 0 {
                    return err("depth must be at least 1");
                }
                limits.depth = Some(d);
            }
            "--level" => level = parse_level(value)?,
            _ => seed = parse_number("seed", value)?,
        }
    }
    if limits.depth.is_none() && limits.time_ms.is_none() {
        limits.time_ms = Some(SearchLimits::DEFAULT_TIME_MS);
    }
    let config = SearchConfig {
        limits,
        level,
        seed,
    };
    let mut searcher = Searcher::default();
    searcher.set_threads(threads);
    let book = search_book::<P>(book_file, no_book)?;
    if let Some(b) = &book {
        out(format!("info book {} positions", b.len()));
    }
    searcher.set_book(book);
    let db = search_egdb::<P>(egdb_dir, no_egdb)?;
    if let Some(d) = &db {
        out(format!("info egdb {} pieces", d.max_pieces()));
    }
    searcher.set_egdb(db.clone());
    let clock = web_time::Instant::now();
    let found = searcher.search(&pos, &[], &config, |info| out(info_line(info)));
    let time_ms = clock.elapsed().as_millis();
    egdb_warnings(db.as_ref());
    match found {
        Some(result) => {
            out(format!(
                "info result depth {} score {} nodes {} time {time_ms}",
                result.depth,
                format_score(result.score),
                result.nodes
            ));
            out(pos.move_to_string(&result.best));
        }
        None => out("none"),
    }
    Ok(())
}

/// Someone who plays in selfplay.
#[derive(Clone, Debug)]
enum Player {
    /// The engine's search at a level.
    Engine(Engine),
    Baseline,
    Greedy,
    /// Another `tiers` executable (`ext:PATH`), asked for each move by
    /// `PATH bestmove GAME POSITION --movetime MS ...`, one process per move.
    External(String),
}

/// Which evaluation an engine player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EvalChoice {
    /// The game's own ([`Evaluate::evaluate`]).
    Default,
    /// The hand-set one (`:handset`).
    Handset,
    /// The learned pattern one (`:patterns`, checkers).
    Patterns,
    /// The neural one (`:nnue`, checkers).
    Neural,
}

/// How an engine player searches: `L[:handset|:patterns|:nnue][:CHANGES]...`.
#[derive(Clone, Copy, Debug)]
struct Engine {
    level: Level,
    eval: EvalChoice,
    techniques: Techniques,
    /// Threads per search (Lazy SMP).
    threads: usize,
    /// Under a clock, thinks a fixed share of its time (`:flat`, the web
    /// app's rule) instead of managing it.
    flat: bool,
    /// Never plays from the opening book (`:nobook`).
    no_book: bool,
    /// Level 8 plays from the opening book too (`:book`).
    book_at_top: bool,
}

impl Player {
    fn parse(text: &str) -> Result<Player, CliError> {
        let bad = |why: String| {
            CliError(format!(
                "player must be a level 1-8 with options (`L[:handset|:patterns|:nnue][:CHANGES][:threads=T][:nobook|:book][:flat]`), `baseline`, `greedy` or `ext:PATH` (another tiers executable), got `{text}`{why}"
            ))
        };
        match text {
            "baseline" => return Ok(Player::Baseline),
            "greedy" => return Ok(Player::Greedy),
            _ => {}
        }
        if let Some(path) = text.strip_prefix("ext:") {
            if path.is_empty() {
                return Err(bad(": `ext:` needs the path of a tiers executable".into()));
            }
            return Ok(Player::External(path.to_string()));
        }
        let mut parts = text.split(':');
        let level =
            parse_level(parts.next().unwrap_or_default()).map_err(|_| bad(String::new()))?;
        let mut engine = Engine {
            level,
            eval: EvalChoice::Default,
            techniques: Techniques::default(),
            threads: 1,
            flat: false,
            no_book: false,
            book_at_top: false,
        };
        for part in parts {
            if part == "book" {
                engine.book_at_top = true;
            } else if part == "nobook" {
                engine.no_book = true;
            } else if part == "handset" {
                engine.eval = EvalChoice::Handset;
            } else if part == "patterns" {
                engine.eval = EvalChoice::Patterns;
            } else if part == "nnue" {
                engine.eval = EvalChoice::Neural;
            } else if part == "flat" {
                engine.flat = true;
            } else if let Some(n) = part.strip_prefix("threads=") {
                engine.threads = parse_threads(n)?;
            } else {
                engine.techniques = Techniques::parse_changes(engine.techniques, part)
                    .map_err(|e| bad(format!(": {e}")))?;
            }
        }
        Ok(Player::Engine(engine))
    }

    fn name(&self) -> String {
        match self {
            Player::Engine(e) => {
                let mut name = format!("level {}", e.level);
                match e.eval {
                    EvalChoice::Default => {}
                    EvalChoice::Handset => name.push_str(" (hand-set evaluation)"),
                    EvalChoice::Patterns => name.push_str(" (pattern evaluation)"),
                    EvalChoice::Neural => name.push_str(" (neural evaluation)"),
                }
                if e.threads > 1 {
                    name.push_str(&format!(" ({} threads)", e.threads));
                }
                if e.flat {
                    name.push_str(" (flat time)");
                }
                if e.no_book {
                    name.push_str(" (no book)");
                }
                if e.book_at_top {
                    name.push_str(" (book)");
                }
                if e.techniques != Techniques::default() {
                    name.push_str(&format!(
                        " ({})",
                        e.techniques.changes_from(Techniques::default())
                    ));
                }
                name
            }
            Player::Baseline => "baseline".into(),
            Player::Greedy => "greedy".into(),
            Player::External(path) => format!("ext:{path}"),
        }
    }

    fn level(&self) -> Level {
        match self {
            Player::Engine(e) => e.level,
            Player::Baseline | Player::Greedy | Player::External(_) => Level::MAX,
        }
    }
}

/// A player with its own searcher (an external player never uses it).
struct Seat {
    player: Player,
    searcher: Searcher,
    /// For an external player: the endgame database directory to pass
    /// (`--egdb DIR`), or none (`--no-egdb`).
    ext_egdb: Option<String>,
    /// For an external player: how long past its move's time it may take
    /// before it is stopped (`--ext-timeout`).
    ext_grace_ms: u64,
}

impl Seat {
    fn new(player: Player, book: Option<Arc<tiers_engine::book::Book>>) -> Seat {
        let mut searcher = Searcher::new(16);
        if let Player::Engine(e) = &player {
            searcher.set_techniques(e.techniques);
            searcher.set_threads(e.threads);
            if !e.no_book {
                searcher.set_book(book);
            }
            searcher.set_book_at_top(e.book_at_top);
        }
        Seat {
            player,
            searcher,
            ext_egdb: None,
            ext_grace_ms: EXT_GRACE_MS,
        }
    }

    /// The search limits of this seat for a move with `timing`, its own
    /// clock showing `left_ms`.
    fn limits(&self, timing: Timing, left_ms: u64) -> SearchLimits {
        match timing {
            Timing::Movetime(ms) => SearchLimits::time(ms),
            Timing::Clock { inc_ms, .. } => {
                // The web app's rule: a thirtieth of the time left and most
                // of the increment (src/core/clock.rs, think_ms).
                let share = (left_ms / 30 + inc_ms * 4 / 5).max(50);
                match self.player {
                    Player::Engine(e) if !e.flat => {
                        let most = (left_ms / 5 + inc_ms * 4 / 5).max(share);
                        SearchLimits::managed(share, most.min(5 * share))
                    }
                    _ => SearchLimits::time(share),
                }
            }
        }
    }

    /// The move of this seat's player; an error when an external player
    /// fails or gives no legal move.
    fn choose<P: Evaluate>(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: SearchLimits,
        seed: u64,
    ) -> Result<P::Move, CliError> {
        let found = match &self.player {
            Player::Baseline => alphabeta_material(pos, 6),
            Player::Greedy => greedy(pos, seed ^ pos.zobrist()),
            Player::External(path) => {
                let ms = limits.time_ms.unwrap_or(SearchLimits::DEFAULT_TIME_MS);
                return external_move(path, pos, ms, self.ext_egdb.as_deref(), self.ext_grace_ms);
            }
            Player::Engine(e) => {
                let e = *e;
                let config = SearchConfig {
                    limits,
                    level: e.level,
                    seed,
                };
                let s = &mut self.searcher;
                match e.eval {
                    EvalChoice::Default => s.search(pos, history, &config, |_| {}).map(|r| r.best),
                    EvalChoice::Handset => s
                        .search(&Handset(pos.clone()), history, &config, |_| {})
                        .map(|r| r.best),
                    EvalChoice::Patterns => s
                        .search(&Patterns(pos.clone()), history, &config, |_| {})
                        .map(|r| r.best),
                    EvalChoice::Neural => s
                        .search(&Neural(pos.clone()), history, &config, |_| {})
                        .map(|r| r.best),
                }
            }
        };
        found.ok_or_else(|| {
            CliError(format!(
                "{} found no move in the {} position `{}`, which is not over",
                self.player.name(),
                P::KIND,
                pos.to_text()
            ))
        })
    }
}

/// One line of what a program printed: its lines joined by ` | `, the
/// end of a long text kept.
fn one_line(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    let joined = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ");
    const MOST: usize = 600;
    match joined.char_indices().nth_back(MOST) {
        Some((i, _)) => format!("...{}", &joined[i..]),
        None => joined,
    }
}

/// Asks another `tiers` executable for its move in `pos`: runs `path
/// bestmove GAME POSITION --movetime MS` with `--egdb DIR` or `--no-egdb`
/// and finds the last line it prints among the legal moves (as
/// [`Position::move_to_string`] writes them). It searches from an empty
/// hash table and knows nothing of the game before `pos`. A process still
/// running `grace_ms` after its move's time is killed: an error.
fn external_move<P: Position>(
    path: &str,
    pos: &P,
    movetime_ms: u64,
    egdb_dir: Option<&str>,
    grace_ms: u64,
) -> Result<P::Move, CliError> {
    let text = pos.to_text();
    let mut command = std::process::Command::new(path);
    command
        .arg("bestmove")
        .arg(P::KIND.name())
        .arg(&text)
        .arg("--movetime")
        .arg(movetime_ms.max(1).to_string());
    match egdb_dir {
        Some(dir) => command.arg("--egdb").arg(dir),
        None => command.arg("--no-egdb"),
    };
    let where_ = || format!("in the {} position `{text}`", P::KIND);
    let output = run_with_timeout(
        &mut command,
        Duration::from_millis(movetime_ms.saturating_add(grace_ms)),
    )
    .map_err(|e| match e {
        RunError::Start(e) => CliError(format!(
            "the external player `{path}` cannot be started {}: {e}",
            where_()
        )),
        RunError::Wait(e) => CliError(format!(
            "the external player `{path}` could not be waited for {}: {e}",
            where_()
        )),
        RunError::TimedOut(stdout) => CliError(format!(
            "the external player `{path}` had not answered {grace_ms} ms after its {movetime_ms} ms {}, and was stopped; it had printed `{}`",
            where_(),
            one_line(&stdout)
        )),
    })?;
    if !output.status.success() {
        return err(format!(
            "the external player `{path}` failed ({}) {}; it printed `{}` and on stderr `{}`",
            output.status,
            where_(),
            one_line(&output.stdout),
            one_line(&output.stderr)
        ));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let Some(last) = stdout.lines().map(str::trim).rfind(|l| !l.is_empty()) else {
        return err(format!(
            "the external player `{path}` printed no move {}; on stderr `{}`",
            where_(),
            one_line(&output.stderr)
        ));
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|m| pos.move_to_string(m) == last)
        .ok_or_else(|| {
            let all = one_line(&output.stdout);
            let rest = if all == last {
                String::new()
            } else {
                format!("; all it printed: `{all}`")
            };
            CliError(format!(
                "the external player `{path}` printed `{last}`, not a legal move {}{rest}",
                where_()
            ))
        })
}

/// How long past its move's time an external player may take by default
/// (`--ext-timeout`): starting a process and loading a database included.
const EXT_GRACE_MS: u64 = 60_000;

/// Why [`run_with_timeout`] has no output.
enum RunError {
    Start(io::Error),
    Wait(io::Error),
    /// Still running at the deadline (killed): what it had printed, as far
    /// as it could be read.
    TimedOut(Vec<u8>),
}

/// Runs `command` with stdin closed, its stdout and stderr read on two
/// threads (so that a full pipe never stops it), and kills it if it is
/// still running after `limit`.
fn run_with_timeout(
    command: &mut std::process::Command,
    limit: Duration,
) -> Result<std::process::Output, RunError> {
    use std::io::Read;
    use std::process::Stdio;
    fn reader(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(RunError::Start)?;
    let stdout = reader(child.stdout.take());
    let stderr = reader(child.stderr.take());
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(1));
            }
            stopped => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(match stopped {
                    Err(e) => RunError::Wait(e),
                    _ => {
                        // A process it started may still hold the pipe
                        // open: what it printed is read only if it closed.
                        let printed = if stdout.is_finished() {
                            stdout.join().unwrap_or_default()
                        } else {
                            Vec::new()
                        };
                        RunError::TimedOut(printed)
                    }
                });
            }
        }
    };
    Ok(std::process::Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// How long the players think: a fixed time per move, or a clock each
/// (`--clock BASE+INC`, milliseconds).
#[derive(Clone, Copy, Debug)]
enum Timing {
    Movetime(u64),
    Clock { base_ms: u64, inc_ms: u64 },
}

impl Timing {
    fn parse_clock(text: &str) -> Result<Timing, CliError> {
        let bad = || {
            CliError(format!(
                "--clock must be BASE+INC in milliseconds (e.g. 3000+100), got `{text}`"
            ))
        };
        let (base, inc) = text.split_once('+').ok_or_else(bad)?;
        let base_ms: u64 = base.trim().parse().map_err(|_| bad())?;
        let inc_ms: u64 = inc.trim().parse().map_err(|_| bad())?;
        if base_ms + inc_ms == 0 {
            return Err(bad());
        }
        Ok(Timing::Clock { base_ms, inc_ms })
    }
}

/// Thinking time used: milliseconds and moves, for A and for B.
type Thought = [(u128, u64); 2];

/// The result of one game from A's side: 1 win, 0 draw, -1 loss, the
/// outcome and its length in plies; adds each player's thinking time to
/// `thought`. Under a clock, a player whose search took longer than its
/// clock showed loses on time. An error when an external player fails.
fn play_game<P: Evaluate>(
    start: P,
    a_color: Color,
    a: &mut Seat,
    b: &mut Seat,
    timing: Timing,
    seed: u64,
    thought: &mut Thought,
) -> Result<(i32, Outcome, usize), CliError> {
    let mut game = Game::new(start);
    let mut history: Vec<u64> = Vec::new();
    let cap = 1000;
    let mut left = match timing {
        Timing::Clock { base_ms, .. } => [base_ms; 2],
        Timing::Movetime(_) => [u64::MAX; 2],
    };
    loop {
        let mut outcome = game.outcome();
        if let Timing::Clock { .. } = timing {
            if let Some(c) = [Color::Red, Color::Black]
                .into_iter()
                .find(|c| left[c.index()] == 0)
            {
                outcome = Some(Outcome::Win {
                    winner: c.opposite(),
                    reason: tiers_engine::WinReason::Time,
                });
            }
        }
        if let Some(outcome) = outcome {
            let score = match outcome.winner() {
                Some(c) if c == a_color => 1,
                Some(_) => -1,
                None => 0,
            };
            return Ok((score, outcome, game.ply()));
        }
        if game.ply() >= cap {
            // Never reached under the 100-ply rule; a guard all the same.
            return Ok((
                0,
                Outcome::Draw {
                    reason: tiers_engine::DrawReason::Agreement,
                },
                game.ply(),
            ));
        }
        let pos = game.position().clone();
        let side = pos.side_to_move().index();
        let (seat, player) = if pos.side_to_move() == a_color {
            (&mut *a, 0)
        } else {
            (&mut *b, 1)
        };
        let limits = seat.limits(timing, left[side]);
        let clock = web_time::Instant::now();
        let mv = seat.choose(&pos, &history, limits, seed.wrapping_add(game.ply() as u64))?;
        let spent_ms = clock.elapsed().as_millis();
        thought[player].0 += spent_ms;
        thought[player].1 += 1;
        if let Timing::Clock { inc_ms, .. } = timing {
            let spent = u64::try_from(spent_ms).unwrap_or(u64::MAX);
            left[side] = match left[side].checked_sub(spent) {
                Some(l) if l > 0 => l + inc_ms,
                _ => 0,
            };
            if left[side] == 0 {
                continue;
            }
        }
        history.push(pos.zobrist());
        game.play(mv).map_err(|e| {
            CliError(format!(
                "{} chose a move the game refused in `{}`: {e}",
                seat.player.name(),
                pos.to_text()
            ))
        })?;
    }
}

fn selfplay<P: Evaluate>(rest: &[String]) -> CliResult {
    let mut a = None;
    let mut b = None;
    let mut games = None;
    let mut movetime = 100;
    let mut clock = None;
    let mut first = 0usize;
    let (rest, no_egdb) = take_flag(rest, "--no-egdb");
    let (rest, no_book) = take_flag(&rest, "--no-book");
    let mut egdb_dir = None;
    let mut book_file = None;
    let mut egdb_for = "both";
    let mut chosen_a = false;
    let mut ext_grace_ms = EXT_GRACE_MS;
    for (name, value) in options(
        &rest,
        &[
            "--a",
            "--b",
            "--games",
            "--movetime",
            "--clock",
            "--first",
            "--egdb",
            "--egdb-for",
            "--formations",
            "--book",
            "--ext-timeout",
        ],
    )? {
        match name {
            "--book" => book_file = Some(value),
            "--ext-timeout" => ext_grace_ms = parse_number("ext-timeout", value)?,
            "--formations" => {
                if value != "chosen-a" {
                    return err(format!("--formations must be `chosen-a`, got `{value}`"));
                }
                if P::KIND != GameKind::Tiers {
                    return err("--formations is for Tiers only");
                }
                chosen_a = true;
            }
            "--egdb" => egdb_dir = Some(value),
            "--egdb-for" => egdb_for = value,
            "--a" => a = Some(Player::parse(value)?),
            "--b" => b = Some(Player::parse(value)?),
            "--games" => games = Some(parse_number::<usize>("games", value)?),
            "--movetime" => movetime = parse_number("movetime", value)?,
            "--clock" => clock = Some(Timing::parse_clock(value)?),
            _ => first = parse_number("first", value)?,
        }
    }
    let (Some(a), Some(b), Some(games)) = (a, b, games) else {
        return err("selfplay needs --a PLAYER, --b PLAYER and --games N");
    };
    if movetime == 0 {
        return err("movetime must be at least 1 ms");
    }
    let timing = clock.unwrap_or(Timing::Movetime(movetime));
    let timing_note = match timing {
        Timing::Movetime(ms) => format!("{ms} ms per move"),
        Timing::Clock { base_ms, inc_ms } => {
            format!("clocks of {base_ms} ms + {inc_ms} ms per move")
        }
    };
    let (db_a, db_b) = match egdb_for {
        "both" => (true, true),
        "a" => (true, false),
        "b" => (false, true),
        other => return err(format!("--egdb-for must be a, b or both, got `{other}`")),
    };
    let db = search_egdb::<P>(egdb_dir, no_egdb)?;
    let book = search_book::<P>(book_file, no_book)?;
    // External players use their own binary's book, not this one.
    let in_process = [&a, &b].iter().any(|p| !matches!(p, Player::External(_)));
    let book_note = match &book {
        Some(b) if in_process => format!(", opening book ({} positions)", b.len()),
        _ => String::new(),
    };
    let mut seat_a = Seat::new(a.clone(), book.clone());
    let mut seat_b = Seat::new(b.clone(), book);
    seat_a.ext_grace_ms = ext_grace_ms;
    seat_b.ext_grace_ms = ext_grace_ms;
    // An external player gets the directory of the database its seat
    // uses (the one --egdb names, or the cache directory's) or --no-egdb.
    let db_dir = db.as_ref().and_then(|_| {
        egdb_dir
            .map(str::to_string)
            .or_else(|| egdb::default_dir().map(|d| d.display().to_string()))
    });
    if db_a {
        seat_a.searcher.set_egdb(db.clone());
        seat_a.ext_egdb.clone_from(&db_dir);
    }
    if db_b {
        seat_b.searcher.set_egdb(db.clone());
        seat_b.ext_egdb.clone_from(&db_dir);
    }
    let egdb_note = match &db {
        Some(d) => format!(
            ", endgame database ({} pieces) for {}",
            d.max_pieces(),
            match (db_a, db_b) {
                (true, true) => "both",
                (true, false) => "A only",
                (false, true) => "B only",
                (false, false) => "neither",
            }
        ),
        None => String::new(),
    };
    let ballots = ballots::load();
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut thought: Thought = [(0, 0); 2];
    out(format!(
        "selfplay {}: A = {}, B = {}, {games} games, {timing_note}{egdb_note}{book_note}",
        P::KIND,
        a.name(),
        b.name()
    ));
    for g in first..first + games {
        // Each opening is played twice, A taking each colour once.
        let pair = g / 2;
        let a_moves_first = g % 2 == 0;
        let (start, opening) = match P::KIND {
            GameKind::Checkers => {
                let ballot = &ballots[pair % ballots.len()];
                let text = &ballot.fen;
                let pos = P::parse(text).map_err(|e| {
                    CliError(format!(
                        "ballot {} has a bad FEN `{text}`: {e}",
                        ballot.number
                    ))
                })?;
                (pos, format!("ballot {} ({})", ballot.number, ballot.moves))
            }
            GameKind::Tiers if chosen_a => {
                // Red moves first in Tiers.
                let a_side = if a_moves_first {
                    Color::Red
                } else {
                    Color::Black
                };
                let pair_seed = (pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let chosen = choose_formation_for(a_side, a.level(), pair_seed);
                let random = tiers::Formation::random(a_side.opposite(), pair_seed ^ 0xb);
                let pos = match a_side {
                    Color::Red => tiers::Position::from_formations(&chosen, &random),
                    Color::Black => tiers::Position::from_formations(&random, &chosen),
                };
                let text = pos.to_text();
                let pos = P::parse(&text)
                    .map_err(|e| CliError(format!("formation start `{text}` is bad: {e}")))?;
                (pos, format!("chosen {chosen} vs random {random}"))
            }
            GameKind::Tiers => {
                let (text, label) = tiers_start_for_game(pair as u64);
                let pos = P::parse(&text)
                    .map_err(|e| CliError(format!("formation start `{text}` is bad: {e}")))?;
                (pos, label)
            }
        };
        // The side that moves first in the opening alternates.
        let first_mover = start.side_to_move();
        let a_color = if a_moves_first {
            first_mover
        } else {
            first_mover.opposite()
        };
        seat_a.searcher.clear();
        seat_b.searcher.clear();
        let seed = (g as u64).wrapping_mul(0x9e37_79b9);
        let (score, outcome, plies) = play_game(
            start,
            a_color,
            &mut seat_a,
            &mut seat_b,
            timing,
            seed,
            &mut thought,
        )?;
        match score {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
        let verdict = match score {
            1 => "A wins",
            0 => "draw",
            _ => "B wins",
        };
        out(format!(
            "game {} {opening} A={}: {verdict} ({outcome}, {plies} plies) running {w}-{d}-{l}",
            g + 1,
            a_color.name()
        ));
    }
    egdb_warnings(db.as_ref());
    let per_move = |(ms, moves): (u128, u64)| ms as f64 / moves.max(1) as f64;
    out(format!(
        "thinking time per move: A {:.1} ms, B {:.1} ms",
        per_move(thought[0]),
        per_move(thought[1])
    ));
    out(format!("{w}-{d}-{l}"));
    Ok(())
}

/// CPU time used by this process so far, in seconds (where known): on a
/// busy machine it tells how fast the search runs when it has a core.
fn cpu_secs() -> Option<f64> {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec, which `ts` is.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
        (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// `tiers bench`: fixed positions searched to fixed depths by the top
/// level, each with a fresh searcher (default table size, created before
/// the clock starts). The total node count is the search's signature.
/// Nodes per second are by the wall clock, and by CPU time in brackets.
/// Then searches with time limits show how close to its limit a search
/// stops (it must stay within the limit plus 10 %).
fn bench(techniques: Techniques, eval: EvalChoice) {
    const CHECKERS: [&str; 8] = [
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,13",
        "W:W17,18,21,22,23,24,28,29,30,31,32:B1,2,3,4,6,7,8,10,11,13,20",
        "W:W14,17,19,21,22,23,25,28,29,32:B2,4,5,6,7,8,10,11,12,13",
        "W:W20,21,22,23,29,30,31,32:B1,4,5,8,9,10,11,13",
        "W:W14,18,19,24,28,29:B2,5,6,7,12,16,26",
        "W:WK1,16,19,21,23,29:B5,8,12,14,26",
        "W:WK3,19,25,30:B10,13,K28",
    ];
    const CHECKERS_DEPTH: u32 = 15;
    const TIERS_GAMES: [u64; 3] = [0, 3, 7];
    const TIERS_DEPTH: u32 = 6;
    /// Nodes, wall seconds, CPU seconds.
    type Run = (u64, f64, f64);
    let config = |depth| SearchConfig {
        limits: SearchLimits::depth(depth),
        level: Level::MAX,
        seed: 0,
    };
    fn one<P: Evaluate>(pos: &P, config: &SearchConfig, techniques: Techniques) -> Run {
        let mut searcher = Searcher::default();
        searcher.set_techniques(techniques);
        let cpu = cpu_secs();
        let t = web_time::Instant::now();
        let r = searcher.search(pos, &[], config, |_| {});
        let wall = t.elapsed().as_secs_f64();
        let cpu = match (cpu, cpu_secs()) {
            (Some(a), Some(b)) => b - a,
            _ => wall,
        };
        (r.map_or(0, |r| r.nodes), wall, cpu)
    }
    let rate = |nodes: u64, secs: f64| (nodes as f64 / secs.max(1e-9)) as u64;
    let line = |label: &str, (nodes, wall, cpu): Run| {
        out(format!(
            "{label}: {nodes} nodes in {wall:.3} s, {} nodes/s (cpu {cpu:.3} s, {} nodes/s)",
            rate(nodes, wall),
            rate(nodes, cpu)
        ));
    };
    let add = |a: Run, b: Run| (a.0 + b.0, a.1 + b.1, a.2 + b.2);
    let mut ck: Run = (0, 0.0, 0.0);
    for text in CHECKERS {
        let pos = checkers::Position::parse(text).expect("bench positions are valid");
        let r = match eval {
            EvalChoice::Default => one(&pos, &config(CHECKERS_DEPTH), techniques),
            EvalChoice::Handset => one(&Handset(pos), &config(CHECKERS_DEPTH), techniques),
            EvalChoice::Patterns => one(&Patterns(pos), &config(CHECKERS_DEPTH), techniques),
            EvalChoice::Neural => one(&Neural(pos), &config(CHECKERS_DEPTH), techniques),
        };
        line(&format!("checkers depth {CHECKERS_DEPTH} {text}"), r);
        ck = add(ck, r);
    }
    let mut ti: Run = (0, 0.0, 0.0);
    for n in TIERS_GAMES {
        let (text, _) = tiers_start_for_game(n);
        let pos = tiers::Position::parse(&text).expect("bench positions are valid");
        let r = one(&pos, &config(TIERS_DEPTH), techniques);
        line(&format!("tiers depth {TIERS_DEPTH} {text}"), r);
        ti = add(ti, r);
    }
    line("checkers total", ck);
    line("tiers total", ti);
    // Time limits: every search must stop by itself within its limit + 10 %.
    let mut worst = 0.0f64;
    for ms in [100u64, 1000] {
        for text in &CHECKERS[..4] {
            let pos = checkers::Position::parse(text).expect("bench positions are valid");
            let cfg = SearchConfig {
                limits: SearchLimits::time(ms),
                level: Level::MAX,
                seed: 0,
            };
            let (_, wall, _) = one(&pos, &cfg, techniques);
            worst = worst.max(wall * 1000.0 / ms as f64);
        }
        let pos = tiers::Position::start();
        let cfg = SearchConfig {
            limits: SearchLimits::time(ms),
            level: Level::MAX,
            seed: 0,
        };
        let (_, wall, _) = one(&pos, &cfg, techniques);
        worst = worst.max(wall * 1000.0 / ms as f64);
    }
    out(format!(
        "time limits 100 ms and 1000 ms: longest search {:.1} % of its limit",
        worst * 100.0
    ));
    let all = add(ck, ti);
    out(format!(
        "nodes {} nodes/s {} (cpu {})",
        all.0,
        rate(all.0, all.1),
        rate(all.0, all.2)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ext_players_parse() {
        match Player::parse("ext:/some/path") {
            Ok(Player::External(path)) => assert_eq!(path, "/some/path"),
            Ok(other) => panic!("ext:/some/path parsed as {other:?}"),
            Err(CliError(e)) => panic!("ext:/some/path does not parse: {e}"),
        }
        // Everything after `ext:` is the path, colons too.
        assert!(matches!(
            Player::parse("ext:C:/old:tiers"),
            Ok(Player::External(p)) if p == "C:/old:tiers"
        ));
        assert_eq!(
            Player::parse("ext:target/release/tiers")
                .map(|p| p.name())
                .ok(),
            Some("ext:target/release/tiers".to_string())
        );
        let Err(CliError(e)) = Player::parse("ext:") else {
            panic!("`ext:` without a path parsed");
        };
        assert!(
            e.contains("ext:PATH") && e.contains("needs the path"),
            "{e}"
        );
        let Err(CliError(e)) = Player::parse("external:/x") else {
            panic!("`external:/x` parsed");
        };
        assert!(e.contains("ext:PATH") && e.contains("`external:/x`"), "{e}");
    }

    #[test]
    fn an_ext_player_that_cannot_start_is_an_error() {
        let pos = checkers::Position::start();
        let Err(CliError(e)) = external_move(
            "/nonexistent/tiers-797a82b",
            &pos,
            10,
            Some("/some/egdb"),
            EXT_GRACE_MS,
        ) else {
            panic!("a missing binary gave a move");
        };
        assert!(
            e.contains("`/nonexistent/tiers-797a82b` cannot be started"),
            "{e}"
        );
        assert!(e.contains(&pos.to_text()), "{e}");

        let mut seat = Seat::new(Player::parse("ext:/nonexistent/tiers").ok().unwrap(), None);
        let Err(CliError(e)) = seat.choose(&pos, &[], SearchLimits::time(10), 0) else {
            panic!("a missing binary gave a move");
        };
        assert!(e.contains("/nonexistent/tiers"), "{e}");
    }

    #[test]
    fn one_line_joins_and_shortens() {
        assert_eq!(one_line(b"info a\n\n  11-15 \n"), "info a | 11-15");
        let long = "x".repeat(2000);
        let short = one_line(long.as_bytes());
        assert!(
            short.starts_with("...") && short.len() < 700,
            "{}",
            short.len()
        );
    }
}
