//! The engine's readers: checkers FEN and `checkers::Setup`, TFEN and
//! `tiers::Setup`, move text of both games, game files (PDN, Tiers game
//! records, either kind), the learned evaluations' weights files.

use crate::{bounded, fail, has_message, show, Checked};
use tiers_engine::pdn::{self, AnyPdnGame, PdnGame, Variant};
use tiers_engine::search::eval::learned::{Model, Weights};
use tiers_engine::tiers::{self, tfen};
use tiers_engine::{checkers, Game, Position};

/// How many of a position's moves have their text read back (evenly spread
/// over the list): enough to see every kind, bounded for positions with
/// thousands of double ultra king moves.
const MOVES_READ_BACK: usize = 16;

/// What a returned position must satisfy: its text reads back to the same
/// position (and is a fixed point), its hash is right, its moves' texts
/// read back to them and every move can be played.
fn check_position<P: Position>(pos: &P, scratch_hash: u64, rebuilt: Result<P, String>) -> Checked {
    let text = pos.to_text();
    let back = match P::parse(&text) {
        Ok(back) => back,
        Err(e) => return fail(format!("the written position {text} is refused: {e}")),
    };
    if back != *pos || back.to_text() != text {
        return fail(format!("{text} reads back as {}", back.to_text()));
    }
    if pos.zobrist() != scratch_hash {
        return fail(format!(
            "{text}: the hash differs from the hash from scratch"
        ));
    }
    match rebuilt {
        Ok(r) if r == *pos && r.zobrist() == pos.zobrist() => {}
        Ok(r) => {
            return fail(format!(
                "{text}: rebuilt from its arrangement as {}",
                r.to_text()
            ))
        }
        Err(e) => return fail(format!("{text}: its own arrangement is refused: {e}")),
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let step = moves.len().div_ceil(MOVES_READ_BACK).max(1);
    for mv in moves.iter().step_by(step) {
        let written = pos.move_to_string(mv);
        match pos.parse_move(&written) {
            Ok(m) if m == *mv => {}
            Ok(m) => {
                return fail(format!(
                    "{text}: {written} reads back as {}",
                    pos.move_to_string(&m)
                ))
            }
            Err(e) => return fail(format!("{text}: {written} does not read back: {e}")),
        }
        let after = pos.play(mv);
        if after.zobrist() != P::parse(&after.to_text()).map_or(0, |p| p.zobrist()) {
            return fail(format!("{text}: after {written} the hash is wrong"));
        }
    }
    Ok(())
}

fn checkers_rebuilt(pos: &checkers::Position) -> Result<checkers::Position, String> {
    checkers::Position::from_setup(&pos.to_setup()).map_err(|e| e.to_string())
}

fn tiers_rebuilt(pos: &tiers::Position) -> Result<tiers::Position, String> {
    let setup = pos.to_setup();
    let back = tiers::Position::from_setup(&setup).map_err(|e| e.to_string())?;
    if back.to_setup() != setup {
        return Err("to_setup/from_setup changes the arrangement".into());
    }
    Ok(back)
}

/// A checkers FEN: read as a setup and as a position, the two agree; a
/// position is checked by [`check_position`].
pub fn check_fen(text: &str) -> Checked {
    let read = bounded("the FEN reader", text, || checkers::Position::parse(text))?;
    if text.len() > checkers::fen::MAX_FEN_LEN {
        return match read {
            Err(checkers::ParseFenError::TooLong(n)) if n == text.len() => Ok(()),
            other => fail(format!(
                "a {}-byte FEN is not refused: {other:?}",
                text.len()
            )),
        };
    }
    let setup = checkers::fen::parse_setup(text);
    match (&read, &setup) {
        (Ok(pos), Ok(setup)) => {
            let via = checkers::Position::from_setup(setup);
            if via.as_ref().ok() != Some(pos) {
                return fail(format!(
                    "{}: parse and from_setup(parse_setup) differ",
                    show(text)
                ));
            }
        }
        (Err(e), Ok(setup)) => {
            let msg = checkers::Position::from_setup(setup)
                .err()
                .map(|s| s.to_string());
            if msg.as_deref() != Some(e.to_string().as_str()) {
                return fail(format!(
                    "{}: refused ({e}) although its setup validates to {msg:?}",
                    show(text)
                ));
            }
        }
        (Err(e), Err(s)) if e == s => {}
        _ => return fail(format!("{}: parse and parse_setup disagree", show(text))),
    }
    match read {
        Ok(pos) => {
            if pos.to_text().len() > checkers::fen::MAX_FEN_LEN {
                return fail("a written FEN is longer than the reader takes");
            }
            check_position(&pos, pos.board().zobrist(), checkers_rebuilt(&pos))
        }
        Err(e) => has_message("the FEN reader", text, &e),
    }
}

/// A `checkers::Setup`, valid or not: validation and `from_setup` agree; a
/// valid one goes round through the position and its FEN.
pub fn check_checkers_setup(setup: &checkers::Setup) -> Checked {
    match (setup.validate(), checkers::Position::from_setup(setup)) {
        (Ok(()), Ok(pos)) => {
            // FEN has no counters: compare the pieces and side.
            let back = checkers::Position::parse(&pos.to_text())
                .map_err(|e| crate::Violation(format!("{}: {e}", pos.to_text())))?;
            if back != pos || pos.to_setup() != *setup {
                return fail(format!("{setup:?} does not go round ({})", pos.to_text()));
            }
            check_position(&pos, pos.board().zobrist(), checkers_rebuilt(&pos))
        }
        (Err(a), Err(b)) if a == b => has_message("checkers::Setup::validate", "", &a),
        (a, b) => fail(format!("{setup:?}: validate says {a:?}, from_setup {b:?}")),
    }
}

/// A TFEN: read as a setup and as a position, the two agree (one
/// validation path); a position goes round through its text and setup.
pub fn check_tfen(text: &str) -> Checked {
    let read = bounded("the TFEN reader", text, || tiers::Position::parse(text))?;
    if text.len() > tfen::MAX_TFEN_LEN {
        return match read {
            Err(tiers::ParseTfenError::TooLong(n)) if n == text.len() => Ok(()),
            other => fail(format!(
                "a {}-byte TFEN is not refused: {other:?}",
                text.len()
            )),
        };
    }
    let setup = tfen::parse_setup(text);
    match (&read, &setup) {
        (Ok(pos), Ok(setup)) => {
            if pos.to_setup() != *setup {
                return fail(format!("{}: the position and its setup differ", show(text)));
            }
        }
        (Err(tiers::ParseTfenError::Setup(e)), Ok(setup)) => {
            if setup.validate().err().as_ref() != Some(e) {
                return fail(format!(
                    "{}: refused with {e} but validates otherwise",
                    show(text)
                ));
            }
        }
        (Err(e), Err(s)) if e == s => {}
        _ => return fail(format!("{}: parse and parse_setup disagree", show(text))),
    }
    match read {
        Ok(pos) => {
            let text2 = pos.to_text();
            if tfen::parse_setup(&text2).ok() != Some(pos.to_setup()) {
                return fail(format!("{text2}: the counters or pieces do not go round"));
            }
            check_position(&pos, pos.compute_zobrist(), tiers_rebuilt(&pos))
        }
        Err(e) => has_message("the TFEN reader", text, &e),
    }
}

/// A `tiers::Setup`, valid or not: validation and `from_setup` agree, and
/// the TFEN text of the arrangement (written here, whatever it holds) is
/// read to the same setup and refused with the same message.
pub fn check_tiers_setup(setup: &tiers::Setup) -> Checked {
    let text = tfen::write_setup(setup);
    let via_text = tiers::Position::parse(&text);
    match (setup.validate(), tiers::Position::from_setup(setup)) {
        (Ok(()), Ok(pos)) => {
            if pos.to_setup() != *setup || pos.to_text() != text {
                return fail(format!("{text}: does not go round"));
            }
            if via_text.as_ref().ok() != Some(&pos) {
                return fail(format!("{text}: the TFEN reader disagrees: {via_text:?}"));
            }
            check_position(&pos, pos.compute_zobrist(), tiers_rebuilt(&pos))
        }
        (Err(a), Err(b)) if a == b => {
            if a.square().is_some_and(|sq| sq >= 64) {
                return fail(format!("{text}: {a} names square {:?}", a.square()));
            }
            match via_text {
                Err(tiers::ParseTfenError::Setup(e)) if e == a => {
                    has_message("Setup::validate", &text, &a)
                }
                other => fail(format!(
                    "{text}: the setup says {a}, the TFEN reader {other:?}"
                )),
            }
        }
        (a, b) => fail(format!("{text}: validate says {a:?}, from_setup {b:?}")),
    }
}

/// Move text in a position: a move read is legal, and its written form
/// reads back to it and is a fixed point; a refusal has a message.
fn check_move<P: Position>(pos: &P, text: &str) -> Checked {
    let read = bounded("the move reader", text, || pos.parse_move(text))?;
    match read {
        Ok(mv) => {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                return fail(format!(
                    "{}: {} read as a move that is not legal",
                    pos.to_text(),
                    show(text)
                ));
            }
            let written = pos.move_to_string(&mv);
            match pos.parse_move(&written) {
                Ok(m) if m == mv && pos.move_to_string(&m) == written => Ok(()),
                other => fail(format!(
                    "{}: {} read, written {written}, which reads as {other:?}",
                    pos.to_text(),
                    show(text)
                )),
            }
        }
        Err(e) => has_message("the move reader", text, &e),
    }
}

/// Checkers move text in `pos`.
pub fn check_checkers_move(pos: &checkers::Position, text: &str) -> Checked {
    check_move(pos, text)
}

/// Tiers move text in `pos`.
pub fn check_tiers_move(pos: &tiers::Position, text: &str) -> Checked {
    check_move(pos, text)
}

/// One game file read as one kind: what is read writes back, and the
/// written file reads to the same games and is a fixed point.
fn check_games<P: Variant>(reader: &str, text: &str) -> Checked {
    let read = bounded(reader, text, || pdn::read_games::<P>(text))?;
    if let Err(e) = &read {
        // Reading game by game stops at no game, but meets the same error.
        match pdn::read_each::<P>(text) {
            Ok(each) if each.iter().any(|g| g.as_ref().err() == Some(e)) => {}
            Err(f) if f == *e => {}
            _ => {
                return fail(format!(
                    "{reader}: read_games and read_each disagree on {}",
                    show(text)
                ))
            }
        }
    }
    match read {
        Ok(games) => round_trip(reader, &games),
        Err(e) => {
            if e.line == 0 || e.line > text.lines().count() + 1 {
                return fail(format!(
                    "{reader}: error at line {} of {}",
                    e.line,
                    show(text)
                ));
            }
            has_message(reader, text, &e)
        }
    }
}

/// The games written as the app exports them: the whole tree each.
fn written<P: Variant>(games: &[PdnGame<P>]) -> String {
    games
        .iter()
        .map(|g| pdn::write_tree(&g.tags, &g.tree, g.game.outcome()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn same_game<P: Position>(a: &Game<P>, b: &Game<P>) -> bool {
    a.start().to_text() == b.start().to_text()
        && a.move_texts() == b.move_texts()
        && a.outcome() == b.outcome()
}

fn round_trip<P: Variant>(reader: &str, games: &[PdnGame<P>]) -> Checked {
    if games.is_empty() {
        return Ok(());
    }
    let once = written(games);
    let again = match pdn::read_games::<P>(&once) {
        Ok(g) => g,
        Err(e) => {
            return fail(format!(
                "{reader}: the written file is refused: {e}\n{once}"
            ))
        }
    };
    if again.len() != games.len()
        || !again
            .iter()
            .zip(games)
            .all(|(a, b)| same_game(&a.game, &b.game) && a.tree == b.tree)
    {
        return fail(format!(
            "{reader}: the written file reads as other games\n{once}"
        ));
    }
    if written(&again) != once {
        return fail(format!("{reader}: writing is not a fixed point\n{once}"));
    }
    Ok(())
}

/// A game file: read as either kind ([`pdn::read_any`]), as checkers PDN
/// and as a Tiers game record.
pub fn check_pdn(text: &str) -> Checked {
    if text.len() > pdn::MAX_PDN_LEN {
        for result in [
            pdn::read_any(text).map(|_| ()),
            checkers::pdn::read_games(text).map(|_| ()),
            tiers::record::read_games(text).map(|_| ()),
        ] {
            match result {
                Err(e) if e.kind == pdn::PdnErrorKind::TooLong(text.len()) => {}
                other => {
                    return fail(format!(
                        "a {}-byte file is not refused: {other:?}",
                        text.len()
                    ))
                }
            }
        }
        return Ok(());
    }
    check_games::<checkers::Position>("the checkers PDN reader", text)?;
    check_games::<tiers::Position>("the Tiers record reader", text)?;
    let any = bounded("pdn::read_any", text, || pdn::read_any(text))?;
    match any {
        Ok(games) => {
            let mut checkers_games = Vec::new();
            let mut tiers_games = Vec::new();
            for g in games {
                match g {
                    AnyPdnGame::Checkers(g) => checkers_games.push(g),
                    AnyPdnGame::Tiers(g) => tiers_games.push(g),
                }
            }
            if !checkers_games.is_empty() && !tiers_games.is_empty() {
                return fail(format!("read_any mixed kinds in {}", show(text)));
            }
            round_trip("pdn::read_any", &checkers_games)?;
            round_trip("pdn::read_any", &tiers_games)
        }
        Err(e) => has_message("pdn::read_any", text, &e),
    }
}

/// The learned evaluations' weights files (`Weights::parse`, of both
/// games; a damaged compiled-in file makes the engine use the hand-set
/// evaluation): weights or a one-line error; weights read write back to a
/// file that reads to the same weights and is a fixed point.
pub fn check_weights(bytes: &[u8]) -> Checked {
    check_weights_of::<checkers::Position>(bytes)?;
    check_weights_of::<tiers::Position>(bytes)
}

fn check_weights_of<M: Model>(bytes: &[u8]) -> Checked {
    let what = format!("{} bytes as {}", bytes.len(), M::NAME);
    match bounded("the weights reader", &what, || Weights::parse::<M>(bytes))? {
        Ok(w) => {
            if w.mg.len() != M::FEATURES || w.eg.len() != M::FEATURES {
                return fail(format!("{what}: read with the wrong number of weights"));
            }
            // What is written reads back to the same weights, so writing
            // those again gives the same text: a fixed point.
            let text = w.to_file::<M>("written back");
            match Weights::parse::<M>(text.as_bytes()) {
                Ok(back) if back.to_file::<M>("written back") == text => Ok(()),
                Ok(_) => fail(format!("{what}: written back, reads as other weights")),
                Err(e) => fail(format!("{what}: written back, refused: {e}")),
            }
        }
        Err(e) => {
            let m = e.to_string();
            if m.contains('\n') {
                return fail(format!("{what}: a message of several lines: {m}"));
            }
            has_message("the weights reader", &what, &m)
        }
    }
}
