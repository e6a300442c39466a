//! The app's readers (crate `tiers-core`, the app's core): page
//! addresses and share links, the embed page's postMessage commands, the
//! records kept on the device (the saved game, the archive, the
//! tournaments, lesson progress, and the whole start from them), course
//! files; and the endgame database file the AI worker reads.

use crate::{bounded, fail, has_message, has_words, show, Checked};
use tiers_core::boot::{self, Content, Kept, Stored};
use tiers_core::embed::{self, Command, EmbedAction, Json};
use tiers_core::i18n::errors::Explain;
use tiers_core::i18n::Lang;
use tiers_core::learn::course;
use tiers_core::learn::progress::Progress;
use tiers_core::library::archive::Archive;
use tiers_core::library::{saved, share};
use tiers_core::live;
use tiers_core::params::{self, encode, query_pairs};
use tiers_core::preferences::Preferences;
use tiers_core::session::Session;
use tiers_core::tournament::store;
use tiers_engine::egdb::{self, Egdb};
use tiers_engine::{Color, GameKind};

/// The page address share links are made on.
const BASE: &str = "https://example.org/tiers/";

/// A page address's query (a share link, an embed URL): every problem has
/// a message; each name and value written by `encode` reads back; a link
/// that opens a game writes a share link (`game_link`) that opens the same
/// game.
pub fn check_url(query: &str) -> Checked {
    // Each reader within the bounds on its own (each reads a `pdn=` game).
    let (pairs, (game, problems)) = bounded("the link reader", query, || {
        let pairs = query_pairs(query);
        let read = params::parse_game(&pairs, &["embed", "origin"]);
        let _ = embed::requested("/embed", query);
        let _ = share::asks_for_game(query);
        (pairs, read)
    })?;
    let config = bounded("the embed page's reader", query, || {
        embed::parse_config(&pairs)
    })?;
    let opened = bounded("opening a share link", query, || share::open(query, false))?;
    for p in problems.iter().chain(&config.problems) {
        has_words("the link reader", query, &p.explain())?;
        if p.param.is_empty() && p.problem.english().trim().is_empty() {
            return fail(format!("{}: a problem names nothing: {p:?}", show(query)));
        }
    }
    if config.game != game {
        return fail(format!(
            "{}: the embed page and the link read different games",
            show(query)
        ));
    }
    for (name, value) in &pairs {
        let written = format!("{}={}", encode(name), encode(value));
        if query_pairs(&written) != [(name.clone(), value.clone())] {
            return fail(format!(
                "{}: {name:?}={value:?} is written {written:?}, which reads as {:?}",
                show(query),
                query_pairs(&written)
            ));
        }
    }
    match opened {
        Err(e) => has_words("the link reader", query, &e),
        Ok(load) => {
            let record = &*load.record;
            let link = match share::game_link(BASE, record, load.flipped) {
                Ok(link) => link,
                // Too long for a link: refused with a message.
                Err(e) => return has_words("share links", query, &e),
            };
            let again = link.split_once('?').map_or("", |(_, q)| q);
            match share::open(again, false) {
                Ok(back)
                    if back.flipped == load.flipped
                        && back.record.start_text() == record.start_text()
                        && back.record.move_texts()[..] == record.move_texts()[..record.ply()]
                        && back.record.ply() == record.ply()
                        && (record.ply() < record.recorded()
                            || back.record.outcome() == record.outcome()) =>
                {
                    Ok(())
                }
                Ok(back) => fail(format!(
                    "{}: the share link {} opens another game: {:?} / {:?}",
                    show(query),
                    show(&link),
                    back.record.move_texts(),
                    record.move_texts()
                )),
                Err(e) => fail(format!(
                    "{}: the share link {} does not open: {}",
                    show(query),
                    show(&link),
                    e.english()
                )),
            }
        }
    }
}

/// A command as the host page would send it (the inverse of
/// `parse_command`).
fn command_json(cmd: &Command) -> Json {
    let mut fields = vec![
        ("tiers".to_string(), Json::int(u64::from(embed::PROTOCOL))),
        ("type".to_string(), Json::str("")),
    ];
    match cmd {
        Command::NewGame(pairs) => {
            fields[1].1 = Json::str("newGame");
            fields.extend(
                pairs
                    .iter()
                    .map(|(n, v)| (n.clone(), Json::str(v.as_str()))),
            );
        }
        Command::SetPosition { kind, text } => {
            fields[1].1 = Json::str("setPosition");
            let name = if *kind == GameKind::Checkers {
                "fen"
            } else {
                "tfen"
            };
            fields.push((name.to_string(), Json::str(text.as_str())));
        }
        Command::Flip(o) => {
            fields[1].1 = Json::str("flip");
            if let Some(c) = o {
                let name = if *c == Color::Red { "red" } else { "black" };
                fields.push(("orientation".to_string(), Json::str(name)));
            }
        }
    }
    Json::Obj(fields)
}

/// A postMessage command (its JSON text): the command is read or refused
/// with a message; a command read writes back as the same command; what it
/// asks is carried out on the embed page's state (or refused with a
/// message) and the page still has a game, whose `ready` event writes and
/// reads back as JSON.
pub fn check_embed_command(text: &str) -> Checked {
    let (mut state, mut session) = embed::start(embed::parse_config(&[]), false);
    let (parsed, planned) = bounded("the embed command reader", text, || {
        let parsed = Json::parse(text).map(|m| embed::parse_command(&m));
        let planned = match &parsed {
            Ok(Ok(cmd)) => Some(embed::plan(cmd.clone(), &state, &session, false)),
            _ => None,
        };
        (parsed, planned)
    })?;
    let cmd = match parsed {
        Err(e) => return has_message("the JSON reader", text, &e),
        Ok(Err(e)) => return has_message("the embed command reader", text, &e),
        Ok(Ok(cmd)) => cmd,
    };
    let written = command_json(&cmd);
    match embed::parse_command(&written) {
        Ok(back) if back == cmd => {}
        other => {
            return fail(format!(
                "{}: {cmd:?} is written {written}, which reads as {other:?}",
                show(text)
            ))
        }
    }
    match planned {
        Some(Err(e)) => has_words("the embed page", text, &e)?,
        Some(Ok(Some(action))) => {
            state.apply(&action);
            match action {
                EmbedAction::Load { game, .. } => session.load(*game),
                EmbedAction::Flip => session.flipped = !session.flipped,
                _ => {}
            }
        }
        _ => {}
    }
    if session.record().is_none() {
        return fail(format!("{}: the embed page has no game", show(text)));
    }
    let ready = embed::ready_event(&state, &session, tiers_core::i18n::Text::english);
    match Json::parse(&ready.to_text(false)) {
        Ok(v) if v == ready => Ok(()),
        other => fail(format!(
            "{}: the ready event {ready} reads back as {other:?}",
            show(text)
        )),
    }
}

/// The saved game and new-game choices (`tiers.saved`): what is read
/// writes back and reads again to the same choices and game, with no
/// problem; a problem has a message.
pub fn check_saved_game(text: &str) -> Checked {
    let read = bounded("the saved-game reader", text, || saved::read(text))?;
    if let Some(p) = &read.problem {
        has_words("the saved-game reader", text, p)?;
    }
    let choices = read.choices.unwrap_or_default();
    let mut session = Session::default();
    if let Some((game, meta)) = read.game.clone() {
        session.load(game);
        session.meta = meta;
    }
    let once = saved::to_json(&choices, &session);
    let back = saved::read(&once);
    if back.problem.is_some() || back.choices != Some(choices) || back.game != read.game {
        return fail(format!(
            "{}: written {}, which reads as {back:?}",
            show(text),
            show(&once)
        ));
    }
    let mut again = Session::default();
    if let Some((game, meta)) = back.game {
        again.load(game);
        again.meta = meta;
    }
    if saved::to_json(&choices, &again) != once {
        return fail(format!("{}: writing is not a fixed point", show(text)));
    }
    Ok(())
}

/// The archive (`tiers.archive`): every entry is kept or set aside (none
/// lost); what is kept writes back and reads to the same archive.
pub fn check_archive(text: &str) -> Checked {
    let read = bounded("the archive reader", text, || Archive::read(text))?;
    match &read.problem {
        Some(p) => has_words("the archive reader", text, p)?,
        None if !read.set_aside.is_empty() => {
            return fail(format!("{}: set aside without a word", show(text)))
        }
        None => {}
    }
    if let Some(items) = Json::parse(text)
        .ok()
        .filter(|_| read.set_aside != [text])
        .and_then(|v| v.get("games").and_then(Json::as_list).map(<[Json]>::len))
    {
        if read.archive.games.len() + read.set_aside.len() != items {
            return fail(format!(
                "{}: {items} games, {} kept and {} set aside",
                show(text),
                read.archive.games.len(),
                read.set_aside.len()
            ));
        }
    }
    let once = read.archive.to_json();
    let back = Archive::read(&once);
    if back.archive != read.archive || back.problem.is_some() || back.archive.to_json() != once {
        return fail(format!(
            "{}: written {}, which reads as {back:?}",
            show(text),
            show(&once)
        ));
    }
    Ok(())
}

/// The tournaments (`tiers.tournaments`): every problem has a message;
/// what is read (tournaments, the unreadable entries kept as they were,
/// the next id, the match in progress) writes back and reads the same.
pub fn check_tournament_store(text: &str) -> Checked {
    let read = bounded("the tournaments reader", text, || store::decode(Some(text)))?;
    for p in &read.problems {
        has_words("the tournaments reader", text, p)?;
    }
    // Every entry of a readable list is kept: read, or as it was.
    let list = Json::parse(text).ok().and_then(|v| {
        let ours = v.get("format").and_then(Json::as_str) == Some(store::FORMAT)
            && v.get("version").and_then(Json::as_u64) == Some(u64::from(store::VERSION));
        ours.then(|| {
            v.get("tournaments")
                .and_then(Json::as_list)
                .map(<[Json]>::len)
        })
        .flatten()
    });
    if let Some(n) = list {
        if read.entries.len() + read.broken.len() != n {
            return fail(format!(
                "{}: {n} tournaments, {} read and {} kept as they were",
                show(text),
                read.entries.len(),
                read.broken.len()
            ));
        }
    }
    let once = store::encode(
        &read.entries,
        &read.broken,
        read.next_id,
        read.game.as_ref(),
    );
    let back = store::decode(Some(&once));
    if back.entries != read.entries
        || back.broken != read.broken
        || back.next_id != read.next_id
        || back.game != read.game
    {
        return fail(format!(
            "{}: written {}, which reads as another store",
            show(text),
            show(&once)
        ));
    }
    let twice = store::encode(
        &back.entries,
        &back.broken,
        back.next_id,
        back.game.as_ref(),
    );
    if twice != once {
        return fail(format!("{}: writing is not a fixed point", show(text)));
    }
    Ok(())
}

/// The preferences (`tiers.preferences`, the Settings screen, with the
/// checkers squares' style): a problem has words; what is read writes
/// back and reads the same, with no problem, and the written text is a
/// fixed point.
pub fn check_preferences(text: &str) -> Checked {
    let read = bounded("the preferences reader", text, || Preferences::read(text))?;
    if let Some(p) = &read.problem {
        has_words("the preferences reader", text, p)?;
    }
    let once = read.preferences.to_json();
    let back = Preferences::read(&once);
    if back.problem.is_some() || back.preferences != read.preferences {
        return fail(format!(
            "{}: written {}, which reads as {back:?}",
            show(text),
            show(&once)
        ));
    }
    if back.preferences.to_json() != once {
        return fail(format!("{}: writing is not a fixed point", show(text)));
    }
    Ok(())
}

/// The language kept from Settings (`tiers.language`), as the app reads
/// the tag assets/boot.js hands it (`Lang::from_tag`; boot.js itself
/// keeps only an exact tag and otherwise follows the browser, tested in
/// e2e/tests/hostile.test.mjs): a text is one of the page's languages
/// exactly when it is that language's tag (any case, spaces around),
/// whose tag reads back as the same language; anything else is none
/// (the browser's language is used), never a panic.
pub fn check_language(text: &str) -> Checked {
    let read = bounded("the language reader", text, || Lang::from_tag(text))?;
    let exact = Lang::ALL
        .into_iter()
        .find(|l| l.tag().eq_ignore_ascii_case(text.trim()));
    if read != exact {
        return fail(format!("{}: read as {read:?}, not {exact:?}", show(text)));
    }
    if let Some(lang) = read {
        if Lang::from_tag(lang.tag()) != Some(lang) {
            return fail(format!(
                "{}: its tag {} reads otherwise",
                show(text),
                lang.tag()
            ));
        }
    }
    Ok(())
}

/// Lesson progress (`tiers.lessons`): the stars read are 1 to 3 under
/// three-part keys; they write back and read the same, with no problem.
pub fn check_lesson_progress(text: &str) -> Checked {
    let read = bounded("the progress reader", text, || Progress::read(text))?;
    if let Some(p) = &read.problem {
        has_words("the progress reader", text, p)?;
    }
    if let Some((k, s)) = read
        .progress
        .stars
        .iter()
        .find(|(k, s)| !(1..=3).contains(s) || k.split('/').count() != 3)
    {
        return fail(format!("{}: read {k:?} with {s} stars", show(text)));
    }
    let once = read.progress.to_json();
    let back = Progress::read(&once);
    if back.progress != read.progress || back.problem.is_some() || back.progress.to_json() != once {
        return fail(format!(
            "{}: written {}, which reads as {back:?}",
            show(text),
            show(&once)
        ));
    }
    Ok(())
}

/// The records a boot input holds and the page's query: the raw text is
/// split on NUL into the saved game, the archive, the tournaments, the
/// lesson progress, the query, the preferences, the puzzle history, the
/// analysis board and the opening trainer's progress (an
/// empty part: nothing kept; the later records last, so that inputs made
/// before they existed read as before).
#[must_use]
pub fn boot_input(text: &str) -> (Stored, String) {
    let mut parts = text.splitn(9, '\0');
    let mut next = || parts.next().filter(|p| !p.is_empty()).map(str::to_string);
    let stored = Stored {
        saved: next(),
        archive: next(),
        tournaments: next(),
        lessons: next(),
        preferences: None,
        puzzles: None,
        analysis: None,
        openings: None,
    };
    let query = next().unwrap_or_default();
    let preferences = next();
    (
        Stored {
            preferences,
            puzzles: next(),
            analysis: next(),
            openings: next(),
            ..stored
        },
        query,
    )
}

/// The texts the app writes for each record after starting from `stored`.
fn written(state: &tiers_core::AppState, stored: &Stored) -> Stored {
    let text = |k: Kept, old: &Option<String>| match k.content(state) {
        Content::Text(t) => Some(t),
        Content::Remove => None,
        Content::Leave => old.clone(),
    };
    Stored {
        saved: text(Kept::Saved, &stored.saved),
        archive: text(Kept::Archive, &stored.archive),
        tournaments: text(Kept::Tournaments, &stored.tournaments),
        lessons: text(Kept::Lessons, &stored.lessons),
        preferences: text(Kept::Preferences, &stored.preferences),
        puzzles: text(Kept::Puzzles, &stored.puzzles),
        analysis: text(Kept::Analysis, &stored.analysis),
        openings: text(Kept::Openings, &stored.openings),
    }
}

/// The whole start from the kept records and a page query (`boot`): every
/// notice says something; a text set aside is the record as it was kept
/// (or, for the archive, its unreadable entries); what the app then writes
/// starts the app again to the same records, with nothing set aside; a
/// game replaced by a share link is kept aside as "previous" and reads.
pub fn check_boot(text: &str) -> Checked {
    let (stored, query) = boot_input(text);
    let first = bounded("the boot", text, || boot::boot(&stored, &query, false))?;
    for n in &first.state.notices.list {
        has_words("the boot", text, n)?;
    }
    for (kept, aside) in &first.set_aside {
        let was = match kept {
            Kept::Saved => stored.saved.as_deref(),
            Kept::Lessons => stored.lessons.as_deref(),
            Kept::Preferences => stored.preferences.as_deref(),
            Kept::Puzzles => stored.puzzles.as_deref(),
            Kept::Analysis => stored.analysis.as_deref(),
            Kept::Openings => stored.openings.as_deref(),
            _ => None,
        };
        let ok = match kept {
            Kept::Saved
            | Kept::Lessons
            | Kept::Preferences
            | Kept::Puzzles
            | Kept::Analysis
            | Kept::Openings => was == Some(aside.as_str()),
            Kept::Archive => stored.archive.is_some() && !aside.is_empty(),
            _ => false,
        };
        if !ok {
            return fail(format!(
                "{}: {} set aside as {}",
                show(text),
                kept.name(),
                show(aside)
            ));
        }
    }
    if let Content::Text(prev) = Kept::Previous.content(&first.state) {
        if saved::read(&prev).game.is_none() {
            return fail(format!(
                "{}: the game a link replaced is kept as {}, which does not read",
                show(text),
                show(&prev)
            ));
        }
    }
    let once = written(&first.state, &stored);
    let second = boot::boot(&once, "", false);
    let twice = written(&second.state, &once);
    if twice != once {
        return fail(format!(
            "{}: the records written after the start ({once:?}) start the app to other records ({twice:?})",
            show(text)
        ));
    }
    if let Some((kept, _)) = second.set_aside.first() {
        return fail(format!(
            "{}: the records written after the start set {} aside: {once:?}",
            show(text),
            kept.name()
        ));
    }
    Ok(())
}

/// A course file: a course, whose exercises each give a game to play or
/// a message, or an error naming a line of the file and a column.
pub fn check_course(text: &str) -> Checked {
    let checked = bounded("the course reader", text, || {
        course::read(text).map(|c| {
            let records: Vec<Result<usize, String>> = c
                .lessons
                .iter()
                .flat_map(|l| &l.exercises)
                .map(|ex| ex.record(c.kind).map(|r| r.ply()))
                .collect();
            (c, records)
        })
    })?;
    match checked {
        Ok((c, records)) => {
            for e in records.iter().filter_map(|r| r.as_ref().err()) {
                has_message("the course reader", text, e)?;
            }
            if c.lessons.is_empty() || c.lessons.iter().any(|l| l.exercises.is_empty()) {
                return fail(format!(
                    "{}: a lesson without exercises is read",
                    show(text)
                ));
            }
            Ok(())
        }
        Err(e) => {
            let lines = text.lines().count().max(1);
            if e.line == 0 || e.line > lines + 1 || e.column == 0 {
                return fail(format!(
                    "{}: the error is at line {}, column {} of {lines} lines: {e}",
                    show(text),
                    e.line,
                    e.column
                ));
            }
            has_message("the course reader", text, &e.message)
        }
    }
}

/// The endgame database file (`Egdb::from_bytes`, read by the AI worker):
/// a database or a one-line error; a file read writes back to the same
/// bytes, and its first blocks decode or fail without a panic.
pub fn check_egdb(bytes: &[u8]) -> Checked {
    let what = format!("{} bytes", bytes.len());
    let read = bounded("the endgame database reader", &what, || {
        let db = Egdb::from_bytes(bytes);
        let slices = egdb::read(bytes);
        if let Ok(slices) = &slices {
            let mut out = Vec::new();
            for p in slices {
                let per = u64::from(p.block_positions().max(1));
                let blocks = p.index().len().div_ceil(per).min(3) as usize;
                for block in 0..blocks {
                    let _ = p.decode_block(block, &mut out);
                }
            }
        }
        (db.map(|_| ()), slices)
    })?;
    match read {
        (Ok(()), Ok(slices)) => {
            let refs: Vec<&egdb::Packed> = slices.iter().collect();
            if egdb::write(&refs) != bytes {
                return fail(format!("{what}: read, written back to other bytes"));
            }
            Ok(())
        }
        (Err(e), _) => {
            let m = e.to_string();
            if m.contains('\n') {
                return fail(format!("{what}: a message of several lines: {m}"));
            }
            has_message("the endgame database reader", &what, &m)
        }
        (Ok(()), Err(e)) => fail(format!(
            "{what}: the database loads, the file reader says {e}"
        )),
    }
}

/// A live play invite or answer link's value: read or refused with a
/// message; what is read writes back to the same invite or answer.
pub fn check_live_link(text: &str) -> Checked {
    let read = bounded("the live link reader", text, || live::link::decode(text))?;
    let signal = match read {
        Err(e) => return has_message("the live link reader", text, &e),
        Ok(s) => s,
    };
    match live::link::encode(&signal).map(|v| live::link::decode(&v)) {
        Ok(Ok(back)) if back == signal => Ok(()),
        other => fail(format!(
            "{}: {signal:?} writes back as {other:?}",
            show(text)
        )),
    }
}

/// A live play message (JSON text): read or refused with a message; a
/// message read writes back to the same message; applied from either side
/// to a game in progress (checkers two moves in, Tiers before the
/// formations) it is carried out or refused with a message, and a refused
/// message changes nothing.
pub fn check_live_message(text: &str) -> Checked {
    let msg = match bounded("the live message reader", text, || live::parse(text))? {
        Err(e) => return has_message("the live message reader", text, &e),
        Ok(m) => m,
    };
    match live::parse(&msg.to_text()) {
        Ok(back) if back == msg => {}
        other => {
            return fail(format!(
                "{}: {msg:?} is written {}, which reads as {other:?}",
                show(text),
                msg.to_text()
            ))
        }
    }
    type Game = Option<Box<dyn tiers_core::record::Record>>;
    let copy = |g: &Game| g.as_ref().map(|g| g.clone_box());
    let seen = |g: &Game| g.as_ref().map(|g| (g.move_texts(), g.ply(), g.outcome()));
    for kind in [GameKind::Checkers, GameKind::Tiers] {
        let terms = live::Terms {
            kind,
            inviter: Color::Red,
            clock: tiers_core::clock::TimeControl::new(3, 2).ok(),
        };
        let state = live::Live::new(1, terms, Color::Red);
        let (mut game, clock) = state.start();
        if let Some(g) = game.as_mut() {
            for mv in ["11-15", "23-19"] {
                g.play_text(mv).map_err(crate::Violation)?;
            }
        }
        for from in Color::ALL {
            let (mut s, mut g, mut c) = (state.clone(), copy(&game), clock);
            let board = live::Board {
                game: &mut g,
                clock: &mut c,
            };
            let applied = bounded("a live message applied", text, || {
                let (mut s, mut g, mut c) = (state.clone(), copy(&game), clock);
                s.apply(
                    from,
                    live::Board {
                        game: &mut g,
                        clock: &mut c,
                    },
                    &msg,
                )
            })?;
            let again = s.apply(from, board, &msg);
            if applied != again {
                return fail(format!("{}: applied twice, two results", show(text)));
            }
            if let Err(e) = applied {
                has_message("a live message applied", text, &e)?;
                if s != state || seen(&g) != seen(&game) || c != clock {
                    return fail(format!(
                        "{}: a refused message changed the game",
                        show(text)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Live play's STUN servers: the setting as typed (`stun::parse_list`) and
/// as kept (`Stun::read`, `tiers.stun`). A refusal is a catalogue message
/// with words; a list read keeps at most `stun::MAX` servers, each of
/// which reads again as one, writes back and reads the same (typed and
/// kept), and the written text is a fixed point.
pub fn check_stun(text: &str) -> Checked {
    use tiers_core::live::stun::{self, Stun};
    let (typed, kept) = bounded("the STUN servers reader", text, || {
        (stun::parse_list(text), Stun::read(text))
    })?;
    for read in [typed, kept] {
        let s = match read {
            Ok(s) => s,
            Err(e) => {
                has_words("the STUN servers reader", text, &e)?;
                continue;
            }
        };
        if s.urls.len() > stun::MAX {
            return fail(format!("{}: {} servers kept", show(text), s.urls.len()));
        }
        let once = s.to_json();
        match (stun::parse_list(&s.as_lines()), Stun::read(&once)) {
            (Ok(a), Ok(b)) if a == s && b == s => {}
            other => {
                return fail(format!(
                    "{}: read as {s:?}, which reads back as {other:?}",
                    show(text)
                ))
            }
        }
        if Stun::read(&once).map(|b| b.to_json()).ok().as_deref() != Some(once.as_str()) {
            return fail(format!("{}: writing is not a fixed point", show(text)));
        }
    }
    Ok(())
}

/// The games collection (the opening explorer's lazy file): a refusal is a
/// catalogue message with words; a file read is indexed or refused with a
/// message naming a line; an index holds every game read at the start
/// position, and its moves from there count each game once, with wins,
/// draws, losses and unfinished games adding up.
///
/// # Errors
/// The violation found.
pub fn check_collection(text: &str) -> Checked {
    use tiers_core::explorer::{collection_index, position_key, read_collection};
    use tiers_engine::Position;
    let (read, index) = bounded("the collection reader", text, || {
        (read_collection(text), collection_index(text))
    })?;
    let games = match (read, index) {
        (Err(e), Err(f)) => {
            has_words("the collection reader", text, &e)?;
            return has_words("the collection reader", text, &f);
        }
        (Ok(_), Err(e)) => return has_words("the collection index", text, &e),
        (Err(e), Ok(_)) => {
            return fail(format!(
                "{}: indexed although the reader refused it: {}",
                show(text),
                e.english()
            ))
        }
        (Ok(games), Ok(index)) => (games, index),
    };
    let (games, index) = games;
    let start = tiers_engine::checkers::Position::start().to_text();
    let Some(key) = position_key(GameKind::Checkers, &start, &[]) else {
        return fail(String::from("the start position has no key"));
    };
    let at_start = index.games_at(key).len();
    let moves = index.moves_from(key);
    let counted: u32 = moves.iter().map(|m| m.games).sum();
    if at_start != games.len() || counted as usize != games.len() {
        return fail(format!(
            "{}: {} games read, {at_start} at the start, {counted} counted by their first moves",
            show(text),
            games.len()
        ));
    }
    if let Some(m) = moves
        .iter()
        .find(|m| m.wins + m.draws + m.losses + m.unknown != m.games)
    {
        return fail(format!(
            "{}: the results of {m:?} do not add up",
            show(text)
        ));
    }
    Ok(())
}

/// The opening trainer's lines file: a refusal names a line; a file read
/// holds lines whose ballot and line are legal from the start (played
/// again here), with distinct numbers.
///
/// # Errors
/// The violation found.
pub fn check_openings(text: &str) -> Checked {
    use tiers_engine::{checkers, Position};
    let read = bounded("the openings reader", text, || {
        tiers_core::openings::read(text)
    })?;
    let lines = match read {
        Ok(lines) => lines,
        Err(e) if e.starts_with("line ") || e == "no line" => {
            return has_message("the openings reader", text, &e);
        }
        Err(e) => {
            return fail(format!(
                "{}: refused without naming a line: {e}",
                show(text)
            ))
        }
    };
    let mut numbers = std::collections::HashSet::new();
    for l in &lines {
        if !numbers.insert(l.number) {
            return fail(format!("{}: ballot {} read twice", show(text), l.number));
        }
        let mut pos = checkers::Position::start();
        for mv in l.ballot.iter().chain(&l.line) {
            match pos.parse_move(mv) {
                Ok(m) => pos = pos.play(&m),
                Err(_) => {
                    return fail(format!(
                        "{}: ballot {} read with {mv}, not legal there",
                        show(text),
                        l.number
                    ))
                }
            }
        }
    }
    Ok(())
}
