//! Checks a whole course against the engine (the native test
//! `tests/courses.rs` runs it on every course file): each exercise's
//! position is legal and playable, its steps can be solved (the solution
//! does what the goal asks, every accepted move and every reply is legal,
//! a "win in N" is a forced win, proved by looking at every answer and
//! confirmed by the engine's search), each `wrong` move is legal and
//! fails, and its text mentions nothing the board does not show (every
//! square it names exists; a piece it says stands on a square is there;
//! a move it quotes in backticks is legal in the position or is one of
//! the exercise's moves).

use tiers_engine::search::{SearchConfig, SearchLimits, Searcher, MATE};
use tiers_engine::{checkers, tiers, Color, GameKind, PieceKind, PieceView, Position};

use super::course::{parse_square, parse_tier, square_name, Course, Exercise, Goal};
use super::{meets, winning_move};
use crate::record::Record;

/// How many positions the proof of a "win in N" may look at.
const PROOF_BUDGET: u32 = 2_000_000;

/// Every problem of a course, each naming its lesson, exercise and line.
#[must_use]
pub fn verify(course: &Course) -> Vec<String> {
    let mut out = Vec::new();
    for (l, lesson) in course.lessons.iter().enumerate() {
        for (e, ex) in lesson.exercises.iter().enumerate() {
            for p in exercise(course.kind, ex) {
                out.push(format!(
                    "lesson {} ({}), exercise {} (line {}): {p}",
                    l + 1,
                    lesson.title,
                    e + 1,
                    ex.line
                ));
            }
        }
    }
    out
}

/// The problems of one exercise.
#[must_use]
pub fn exercise(kind: GameKind, ex: &Exercise) -> Vec<String> {
    let mut out = Vec::new();
    let start = match ex.record(kind) {
        Ok(r) => r,
        Err(e) => return vec![format!("the position cannot be set up: {e}")],
    };
    let view = start.view_at(start.ply()).unwrap_or([None; 64]);
    out.extend(position_problems(kind, &view));
    if let Some(o) = start.outcome() {
        out.push(format!("the game is over before the learner moves ({o})"));
        return out;
    }
    let learner = start.side_at(start.ply()).unwrap_or(Color::Red);
    let mut moves_named: Vec<String> = ex.history.clone();
    let mut game = start.clone_box();
    for (i, step) in ex.steps.iter().enumerate() {
        let n = i + 1;
        let at = format!("step {n} (line {})", step.line);
        match &step.goal {
            Goal::Formation => {
                out.extend(formation(kind, ex, learner));
                continue;
            }
            Goal::WinIn(moves) => {
                out.extend(
                    win_in(&*game, *moves, &step.solution[0])
                        .into_iter()
                        .map(|p| format!("{at}: {p}")),
                );
            }
            Goal::Moves | Goal::Meet(_) => {}
        }
        // Every accepted move (the solution of other goals) is legal and
        // does what the step asks.
        let candidates: &[String] = match step.goal {
            Goal::Moves => &step.solution,
            _ => &step.solution[..1],
        };
        for m in candidates {
            moves_named.push(m.clone());
            let mut g = game.clone_box();
            if let Err(e) = g.play_text(m) {
                out.push(format!("{at}: {m} is not legal: {e}"));
                continue;
            }
            if !matches!(step.goal, Goal::WinIn(_)) {
                if let Err(why) = meets(kind, step, &*game, &*g) {
                    out.push(format!(
                        "{at}: the solution {m} does not do it: {}",
                        why.english()
                    ));
                }
            }
        }
        for (m, _) in &step.wrong {
            let mut g = game.clone_box();
            match g.play_text(m) {
                Err(e) => out.push(format!("{at}: the wrong move {m} is not legal: {e}")),
                Ok(()) if meets(kind, step, &*game, &*g).is_ok() => {
                    out.push(format!("{at}: the wrong move {m} does what the step asks"));
                }
                Ok(()) => {}
            }
        }
        // Go on along the solution.
        if game.play_text(&step.solution[0]).is_err() {
            return out;
        }
        if let Some(r) = &step.reply {
            moves_named.push(r.clone());
            if let Some(o) = game.outcome() {
                out.push(format!(
                    "{at}: the game is over after the solution ({o}): no reply"
                ));
                return out;
            }
            if let Err(e) = game.play_text(r) {
                out.push(format!("{at}: the reply {r} is not legal: {e}"));
                return out;
            }
        }
    }
    out.extend(text_problems(kind, ex, &*start, learner, &moves_named));
    out
}

/// What cannot happen in a game: a piece on the row that would have
/// upgraded it (a man on its far row; in Tiers also a king on its home
/// row, a triple king on its far row, a quad king on its home row), or
/// more than 12 pieces a side.
fn position_problems(kind: GameKind, view: &[Option<PieceView>; 64]) -> Vec<String> {
    let mut out = Vec::new();
    let mut counts = [0u32; 2];
    for sq in 0..64u8 {
        let Some(p) = view[usize::from(sq)] else {
            continue;
        };
        counts[p.color.index()] +=
            1 + u32::from(p.kind == PieceKind::DoubleUltra) + u32::from(p.carried.is_some());
        let rank = sq / 8;
        let (home, far) = match p.color {
            Color::Red => (0, 7),
            Color::Black => (7, 0),
        };
        let stuck = match p.kind {
            PieceKind::Man | PieceKind::Triple => rank == far,
            PieceKind::King | PieceKind::Quad => kind == GameKind::Tiers && rank == home,
            _ => false,
        };
        if stuck {
            out.push(format!(
                "a {} {} on {} would have been upgraded there",
                p.color.name(),
                p.kind.name(),
                square_name(kind, sq)
            ));
        }
    }
    for c in Color::ALL {
        if counts[c.index()] > 12 {
            out.push(format!(
                "{c} has {} pieces; a side has 12",
                counts[c.index()]
            ));
        }
    }
    out
}

/// A formation exercise: men only, the learner's all on its home rows,
/// and the solution's squares complete the formation.
fn formation(kind: GameKind, ex: &Exercise, learner: Color) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(g) = ex.record(kind) else {
        return out;
    };
    let view = g.view_at(g.ply()).unwrap_or([None; 64]);
    let mut squares: Vec<u8> = (0..64u8)
        .filter(|&s| view[usize::from(s)].is_some_and(|p| p.color == learner))
        .collect();
    if view.iter().flatten().any(|p| p.kind != PieceKind::Man) {
        out.push("a formation is made of men only".into());
    }
    for s in &ex.steps[0].solution {
        match parse_square(kind, s) {
            Some(sq) if view[usize::from(sq)].is_none() => squares.push(sq),
            _ => out.push(format!("the solution square {s} is not an empty square")),
        }
    }
    for p in tiers::Formation::problems(learner, &squares) {
        out.push(format!("the solution does not make a formation: {p}"));
    }
    out
}

/// A "win in N" from `game` whose first move is `first`: proved by looking
/// at every answer, and confirmed by the engine's search.
fn win_in(game: &dyn Record, moves: u8, first: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut g = game.clone_box();
    if g.play_text(first).is_err() {
        return out; // reported as an illegal solution
    }
    let side = game.side_at(game.ply()).unwrap_or(Color::Red);
    let mut budget = PROOF_BUDGET;
    let forced = match g.outcome() {
        Some(o) => o.winner() == Some(side),
        None => {
            moves > 1
                && g.legal().iter().all(|r| {
                    let mut h = g.clone_box();
                    h.play_text(&r.text).is_ok()
                        && winning_move(&*h, moves - 1, &mut budget).is_some()
                })
        }
    };
    if !forced {
        out.push(format!(
            "{first} does not force a win within {moves} moves (or the proof needed more than {PROOF_BUDGET} positions)"
        ));
    }
    let plies = 2 * u32::from(moves) - 1;
    let score = match game.kind() {
        GameKind::Checkers => search::<checkers::Position>(game, plies),
        GameKind::Tiers => search::<tiers::Position>(game, plies),
    };
    if score.is_none_or(|s| s < MATE - i32::try_from(plies).unwrap_or(0)) {
        out.push(format!(
            "the engine finds no win within {moves} moves (score {score:?})"
        ));
    }
    out
}

/// The engine's score for the side to move after a search of `plies`.
fn search<P: Position + tiers_engine::search::Evaluate>(
    game: &dyn Record,
    plies: u32,
) -> Option<i32> {
    let pos = P::parse(&game.position_text_at(game.ply())?).ok()?;
    let config = SearchConfig {
        limits: SearchLimits::depth(plies + 2),
        ..SearchConfig::default()
    };
    Searcher::new(4)
        .search(&pos, &[], &config, |_| {})
        .map(|r| r.score)
}

/// The text's claims checked against the board: squares that exist,
/// pieces where it says they are, quoted moves that are legal.
fn text_problems(
    kind: GameKind,
    ex: &Exercise,
    start: &dyn Record,
    learner: Color,
    named: &[String],
) -> Vec<String> {
    let mut out = Vec::new();
    let view = start.view_at(start.ply()).unwrap_or([None; 64]);
    let legal: Vec<String> = start.legal().into_iter().map(|m| m.text).collect();
    // Quoted moves and positions.
    for (i, quoted) in ex.text.split('`').enumerate() {
        if i % 2 == 0 || quoted.is_empty() {
            continue;
        }
        if quoted.contains('/') || quoted.contains(':') {
            if super::course::record_of(kind, quoted).is_err() {
                out.push(format!("the text quotes `{quoted}`, which is no position"));
            }
        } else if quoted.contains(' ') {
            // A sequence of moves, played from the exercise's position.
            let mut g = match super::course::record_of(kind, &ex.position) {
                Ok(g) => g,
                Err(_) => continue,
            };
            if let Some(e) = quoted.split_whitespace().find_map(|m| g.play_text(m).err()) {
                out.push(format!(
                    "the text quotes `{quoted}`, which cannot be played here: {e}"
                ));
            }
        } else if quoted.len() >= 4 && quoted.contains(['-', 'x', '<', '>']) {
            let ok = named.iter().any(|m| m == quoted) || {
                let mut g = start.clone_box();
                g.play_text(quoted).is_ok()
            };
            if !ok && !legal.iter().any(|m| m == quoted) {
                out.push(format!(
                    "the text quotes `{quoted}`, which is neither legal here nor a move of the exercise"
                ));
            }
        }
    }
    // Square names, and "<colour> <tier> on <square>".
    let words: Vec<String> = ex
        .text
        .split(|c: char| c.is_whitespace() || c == '`' || c == '(' || c == ')')
        .map(|w| {
            w.trim_matches(|c: char| {
                matches!(c, ',' | '.' | ';' | ':' | '!' | '?' | '"' | '“' | '”')
            })
            .to_string()
        })
        .collect();
    for (i, w) in words.iter().enumerate() {
        let lower = w.to_ascii_lowercase();
        let square_word = match kind {
            GameKind::Tiers => is_tiers_square_like(&lower),
            GameKind::Checkers => {
                i > 0
                    && matches!(
                        words[i - 1].to_ascii_lowercase().as_str(),
                        "on" | "square" | "squares" | "to" | "from" | "and"
                    )
                    && !lower.is_empty()
                    && lower.chars().all(|c| c.is_ascii_digit())
            }
        };
        if square_word && parse_square(kind, &lower).is_none() {
            out.push(format!(
                "the text names square {w}, which is not on the board"
            ));
        }
        if lower != "on" || i + 1 >= words.len() {
            continue;
        }
        let Some((color, tier)) = claim(&words[..i], learner) else {
            continue;
        };
        let Some(sq) = parse_square(kind, &words[i + 1].to_ascii_lowercase()) else {
            continue;
        };
        let there = view[usize::from(sq)];
        let ok = there.is_some_and(|p| p.kind == tier && color.is_none_or(|c| c == p.color));
        if !ok {
            let said = match color {
                Some(c) => format!("a {} {}", c.name(), tier.name()),
                None => format!("a {}", tier.name()),
            };
            let is = there.map_or("nothing".to_string(), |p| {
                format!("a {} {}", p.color.name(), p.kind.name())
            });
            out.push(format!(
                "the text says {said} is on {}, but {is} is there",
                words[i + 1]
            ));
        }
    }
    out
}

/// `a1` … `h8` and look-alikes such as `a9` or `a0` (which are no squares).
fn is_tiers_square_like(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && b[1].is_ascii_digit()
}

/// The piece a text names just before "on": its colour if said and its
/// tier ("the black man", "your triple king", "Red's double ultra king").
fn claim(before: &[String], learner: Color) -> Option<(Option<Color>, PieceKind)> {
    let lower: Vec<String> = before.iter().map(|w| w.to_ascii_lowercase()).collect();
    let n = lower.len();
    // The longest tier name that ends the words before "on".
    let (tier, len) = (1..=3).rev().find_map(|len| {
        let phrase = lower.get(n.checked_sub(len)?..)?.join(" ");
        parse_tier(&phrase).map(|t| (t, len))
    })?;
    let colour = n
        .checked_sub(len + 1)
        .and_then(|i| match lower[i].as_str() {
            "red" | "red's" => Some(Color::Red),
            "black" | "black's" => Some(Color::Black),
            "your" | "own" | "friendly" => Some(learner),
            "enemy" | "opponent's" => Some(learner.opposite()),
            _ => None,
        });
    Some((colour, tier))
}

/// The problems of a course's translation (`assets/data/courses/<lang>/`)
/// against its English file: it reads as a course; line for line (comments
/// and blank lines aside) it has the same keywords, and everything but the
/// words is identical: `course`, `exercise`, `position`, `history`,
/// `reply` and `play` lines whole, the name of each `lesson` (before the
/// colon) and the move of each `wrong` line; the moves and squares in
/// backticks of a translated text are those of the English line, in the
/// same order; a Tiers square named in the text exists. (English's other
/// checks, [`verify`], hold for the translation because the positions and
/// moves are the same.)
#[must_use]
pub fn verify_translation(english: &str, translated: &str) -> Vec<String> {
    let mut out = Vec::new();
    let kind = match super::course::read(translated) {
        Ok(c) => c.kind,
        Err(e) => return vec![format!("it does not read: {e}")],
    };
    let lines = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .map(|(i, l)| {
                (
                    i + 1,
                    l.split(" #").next().unwrap_or("").trim_end().to_string(),
                )
            })
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .collect()
    };
    let (en, tr) = (lines(english), lines(translated));
    if en.len() != tr.len() {
        out.push(format!(
            "it has {} lines of content where English has {}",
            tr.len(),
            en.len()
        ));
    }
    let backticked = |s: &str| -> Vec<String> {
        s.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    for ((ln, e), (tn, t)) in en.iter().zip(&tr) {
        let key = |s: &str| s.split_whitespace().next().unwrap_or("").to_string();
        let (ek, tk) = (key(e), key(t));
        if ek != tk {
            out.push(format!(
                "line {tn}: `{tk}` where English line {ln} has `{ek}`"
            ));
            continue;
        }
        let same = match ek.as_str() {
            "title" | "about" | "text" => {
                if backticked(e) != backticked(t) {
                    out.push(format!(
                        "line {tn}: the backticked moves and squares are {:?}, English line {ln} has {:?}",
                        backticked(t),
                        backticked(e)
                    ));
                }
                if kind == GameKind::Tiers {
                    let words = t.split(|c: char| !c.is_ascii_alphanumeric());
                    for w in words.filter(|w| is_tiers_square_like(w)) {
                        if parse_square(kind, w).is_none() {
                            out.push(format!("line {tn}: `{w}` is not a square"));
                        }
                    }
                }
                true
            }
            "lesson" | "wrong" => e.split(':').next() == t.split(':').next(),
            _ => e == t,
        };
        if !same {
            out.push(format!(
                "line {tn}: `{t}` must keep English line {ln}'s `{e}` (only the words after a colon are translated)"
            ));
        }
    }
    out
}
