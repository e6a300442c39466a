//! A live game in the app's state (docs/live.md, "Playing"): the game is
//! the play screen's session, a game by link whose other side is played
//! on the other device, so that the board, the move list, the saving and
//! the archive are the ones of every game, and the game can always go on
//! by link. This module turns the session's moves into messages, and the
//! messages that arrive (checked by [`Live::apply`]) into the session's
//! changes. The page only carries the texts of [`LivePlay::outbox`] over
//! the channel and reports what arrives.

use tiers_engine::Color;

use tiers_engine::WinReason;

use super::{Answer, Board, Event, Live, Message, Restore, Terms};
use crate::formation::FormationSetup;
use crate::i18n::Text;
use crate::library::archive::Entry;
use crate::library::rebuild;
use crate::nav::{NavAction, Screen};
use crate::session::{ByLink, GameMeta, LoadGame, Opponent, Session, SessionAction};
use crate::{text, AppState};
use tiers_engine::tiers::Formation;

/// The state of the connection to the other device.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinkState {
    /// Not connected yet.
    #[default]
    Connecting,
    /// The channel is open.
    Connected,
    /// The channel closed or failed.
    Lost,
}

/// The live game beside the session: the protocol's state, the link, the
/// messages waiting to be sent and what the page last has to say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LivePlay {
    /// The live game (its id, terms, this device's colour, the offers).
    pub live: Option<Live>,
    /// The connection.
    pub link: LinkState,
    /// The other page agreed the terms.
    pub agreed: bool,
    /// Messages to send, in order (the page sends them and says
    /// [`LiveAction::Drained`]).
    pub outbox: Vec<String>,
    /// The number of messages sent before `outbox[0]` (the page sends each
    /// once, however often it sees the outbox).
    pub sent: u64,
    /// What the page says last: a refused message, an answer, a phrase.
    pub note: Option<Text>,
    /// This device's Tiers formation and the salt of its commitment, kept
    /// here until both are committed to and it is revealed, then for the
    /// game (sent again on reconnecting: the other page may not have had
    /// it).
    pub secret: Option<(String, String)>,
    /// The moment (ms since 1970) the other side's clock read zero on this
    /// page while connected, its device silent since (no `flag`, no
    /// move): after [`super::GRACE_MS`] this page may claim the win
    /// (docs/live.md, "Claiming the win").
    pub out_since: Option<u64>,
    /// The grace has passed: "Claim the win" is offered.
    pub claimable: bool,
}

/// What happens in a live game.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveAction {
    /// An invite or answer was made: this is the game.
    Begin(Live),
    /// The channel opened: this page says hello.
    Open,
    /// A message arrived (the time it did, ms since 1970).
    Received(String, u64),
    /// This page sends a message (an offer, an answer, a resignation, a
    /// phrase): checked and applied here first.
    Send(Message),
    /// The connection was lost: the clocks are held until the two copies
    /// of the game are compared again.
    Lost,
    /// A new connection is being made for the same game (a reconnect
    /// invite, or its answer): the game, the chat and the messages not
    /// yet delivered are kept.
    Reconnect,
    /// The messages before this number were sent (counted from the
    /// first of the connection: [`LivePlay::sent`] plus the outbox's).
    Drained(u64),
    /// This page claims the win on time: the other side's clock ran out
    /// here and its device said nothing within the grace (offered only
    /// then: [`LivePlay::claimable`]).
    Claim,
}

impl LivePlay {
    /// The live game, if the session `id` is its game.
    #[must_use]
    pub fn of(&self, id: u64) -> Option<&Live> {
        self.live.as_ref().filter(|l| l.id == id && id != 0)
    }

    /// The live Tiers game whose formations are being set up (the terms
    /// agreed, the game not begun), if any.
    #[must_use]
    pub fn setting_up(&self) -> Option<&Live> {
        self.live.as_ref().filter(|l| {
            self.agreed
                && l.terms.kind == tiers_engine::GameKind::Tiers
                && l.formations.iter().any(Option::is_none)
        })
    }
}

/// The last ply at which `me` was to move before `ply` (a take-back's
/// target), if any.
#[must_use]
pub fn takeback_ply(game: &dyn crate::record::Record, me: Color) -> Option<usize> {
    let ply = game.ply();
    (ply.saturating_sub(2)..ply)
        .rev()
        .find(|&p| game.side_at(p) == Some(me))
}

/// The id under which the other device's differing copy of live game
/// `id` is filed.
#[must_use]
pub fn their_copy_id(id: u64) -> u64 {
    (id ^ (1 << 47)) & crate::library::bylink::ID_MASK
}

/// Whether a message not delivered before the connection was lost goes
/// again after reconnecting: not the hello and copy (sent anew), nor a
/// move (the copy holds it).
fn resend(text: &str) -> bool {
    !matches!(
        super::parse(text),
        Ok(Message::Hello { .. } | Message::Sync(_) | Message::Move { .. }) | Err(_)
    )
}

/// A live game resumed from this device's copy (a reconnect invite for
/// game `id` was opened): the live state if it is that game's, else the
/// saved game on the play screen if it is that live game (the page was
/// closed and opened again). `None`: this device does not have that game.
#[must_use]
pub fn resume(play: &LivePlay, session: &Session, id: u64, terms: Terms) -> Option<Live> {
    if let Some(l) = play
        .live
        .as_ref()
        .filter(|l| l.id == id && l.terms == terms)
    {
        return Some(l.clone());
    }
    let me = session.meta.bylink.as_ref()?.me;
    if session.meta.id != id
        || session.record().is_none_or(|g| g.kind() != terms.kind)
        || session.clock.map(|c| c.control) != terms.clock
    {
        return None;
    }
    let mut live = Live::new(id, terms, me);
    if let Some(c) = session.clock {
        live.reported = c.left;
    }
    Some(live)
}

/// A chat phrase in the reader's language (one of [`super::PHRASES`]).
#[must_use]
pub fn phrase(p: &str) -> Text {
    Text::new(match p {
        "hello" => "live.phrase.hello",
        "good-luck" => "live.phrase.good-luck",
        "your-move" => "live.phrase.your-move",
        "one-moment" => "live.phrase.one-moment",
        "well-played" => "live.phrase.well-played",
        "oops" => "live.phrase.oops",
        "thanks" => "live.phrase.thanks",
        _ => "live.phrase.good-game",
    })
}

impl AppState {
    /// The live game being played on the play screen, if any.
    #[must_use]
    pub fn live_game(&self) -> Option<&Live> {
        self.session
            .meta
            .bylink
            .as_ref()
            .and(self.live.of(self.session.meta.id))
    }

    /// Reduces a live action.
    pub(crate) fn live_action(&mut self, a: LiveAction) {
        match a {
            LiveAction::Begin(l) => self.live.update(|p| {
                // The count goes on: the page sends by it.
                let sent = p.sent + p.outbox.len() as u64;
                *p = LivePlay {
                    live: Some(l),
                    sent,
                    ..LivePlay::default()
                }
            }),
            LiveAction::Open => {
                let Some(l) = self.live.live.clone() else {
                    return;
                };
                let hello = Message::Hello {
                    id: l.id,
                    terms: l.terms,
                }
                .to_text();
                // Reconnecting to a game in progress: after the hello, this
                // page's copy of the game; then what was not delivered
                // before (the moves are in the copy).
                let copy = self.live_game().and_then(|_| {
                    let g = self.session.record()?;
                    Some(Message::Sync(Live::sync(g, self.session.clock.as_ref())).to_text())
                });
                // Tiers: this page's commitment and formation again, if it
                // made them (one sent as the connection dropped may never
                // have arrived; the other page takes a repeat as nothing).
                let me = l.me.index();
                let mut sealed = Vec::new();
                if let Some(hash) = &l.commits[me] {
                    sealed.push(Message::Commit(hash.clone()).to_text());
                }
                if let (Some(_), Some((squares, salt))) = (&l.formations[me], &self.live.secret) {
                    sealed.push(
                        Message::Formation {
                            squares: squares.clone(),
                            salt: salt.clone(),
                        }
                        .to_text(),
                    );
                }
                self.live.update(|p| {
                    p.link = LinkState::Connected;
                    p.note = None;
                    let waiting = std::mem::take(&mut p.outbox);
                    p.outbox.push(hello);
                    p.outbox.extend(sealed);
                    if let Some(copy) = copy {
                        p.outbox.push(copy);
                        p.outbox.extend(waiting.into_iter().filter(|m| resend(m)));
                    } else {
                        p.outbox.extend(waiting);
                    }
                });
            }
            LiveAction::Lost => {
                if self.live.link != LinkState::Lost {
                    self.live.update(|p| p.link = LinkState::Lost);
                }
                if self.live_game().is_some() && !self.session.held {
                    self.session.update(|s| s.held = true);
                }
            }
            LiveAction::Reconnect => {
                if self.live.link != LinkState::Connecting {
                    self.live.update(|p| {
                        p.link = LinkState::Connecting;
                        p.note = None;
                    });
                }
            }
            LiveAction::Drained(upto) => {
                if upto > self.live.sent {
                    self.live.update(|p| {
                        let n = usize::try_from(upto - p.sent)
                            .unwrap_or(usize::MAX)
                            .min(p.outbox.len());
                        p.outbox.drain(..n);
                        p.sent += n as u64;
                    });
                }
            }
            LiveAction::Received(text, now) => match super::parse(&text) {
                Ok(m) => {
                    if matches!(m, Message::Claim { .. }) && self.live_game().is_some() {
                        // A claim is checked against this page's own
                        // clock as it reads now (its page may have been
                        // asleep: the tick is due anyway).
                        let before = self.session.outcome();
                        self.session.update(|s| s.apply(SessionAction::Tick(now)));
                        self.live_ticked(before, now);
                    }
                    self.live_apply(false, &m);
                    self.live_watch(None);
                }
                Err(e) => self.live_note(text!("live.refused", why = e)),
            },
            LiveAction::Send(m) => {
                if self.live.link == LinkState::Connected {
                    self.live_apply(true, &m);
                    self.live_watch(None);
                }
            }
            LiveAction::Claim => {
                let claim =
                    self.live_game()
                        .zip(self.session.record())
                        .map(|(l, g)| Message::Claim {
                            side: l.me.opposite(),
                            ply: g.ply(),
                        });
                if let (true, Some(m)) = (self.live.claimable, claim) {
                    self.live_action(LiveAction::Send(m));
                }
            }
        }
        if matches!(self.live.link, LinkState::Lost | LinkState::Connecting) {
            self.live_watch(None);
        }
    }

    /// Watches the other side's clock at zero
    /// (docs/live.md, "Claiming the win"): from the first moment (`now`,
    /// a tick) it reads zero on this page while connected and the game
    /// goes on, until the grace
    /// has passed (the win may then be claimed), or until that side's
    /// move or flag, the end of the game or the connection lost.
    fn live_watch(&mut self, now: Option<u64>) {
        let waiting = self.live.link == LinkState::Connected
            && self.session.held
            && self.session.outcome().is_none()
            && self.live_game().is_some_and(|l| {
                self.session
                    .clock
                    .is_some_and(|c| c.left(l.me.opposite()) == 0)
                    && self
                        .session
                        .record()
                        .is_some_and(|g| g.side_at(g.ply()) == Some(l.me.opposite()))
            });
        let (since, claimable) = match (waiting, self.live.out_since, now) {
            (false, ..) => (None, false),
            (true, None, Some(now)) => (Some(now), false),
            (true, Some(t), Some(now)) => (Some(t), now >= t + super::GRACE_MS),
            (true, since, None) => (since, self.live.claimable),
        };
        if (since, claimable) != (self.live.out_since, self.live.claimable) {
            self.live.update(|p| {
                p.out_since = since;
                p.claimable = claimable;
            });
        }
    }

    /// When the page should look again at a clock run out on it (the end
    /// of the grace: [`LivePlay::out_since`]), if it waits for that.
    #[must_use]
    pub fn live_grace_end(&self) -> Option<u64> {
        self.live
            .out_since
            .filter(|_| !self.live.claimable)
            .map(|t| t + super::GRACE_MS)
    }

    fn live_note(&mut self, note: Text) {
        self.live.update(|p| p.note = Some(note));
    }

    /// Checks and applies a message this page sends (`mine`) or receives.
    fn live_apply(&mut self, mine: bool, msg: &Message) {
        let Some(mut live) = self.live.live.clone() else {
            return;
        };
        let from = if mine { live.me } else { live.me.opposite() };
        let in_game = self.live_game().is_some();
        let (mut game, mut clock) = if in_game {
            (self.session.game.clone(), self.session.clock)
        } else {
            (None, None)
        };
        let board = Board {
            game: &mut game,
            clock: &mut clock,
        };
        let event = match live.apply(from, board, msg) {
            Ok(e) => e,
            Err(e) => {
                let note = if let (false, Message::Claim { side, .. }, Some(c)) =
                    (mine, msg, self.session.clock.filter(|_| in_game))
                {
                    // This page's own clock disagrees (or a move crossed
                    // the claim): it says so and goes on with its copy.
                    text!(
                        "live.claim-refused",
                        left = crate::clock::face(c.left(*side))
                    )
                } else if mine {
                    Text::plain(e)
                } else {
                    text!("live.refused", why = e)
                };
                return self.live_note(note);
            }
        };
        // (An offer or request is shown with its answers, from the state.)
        let note = match &event {
            Event::Draw(Answer::Decline) if !mine => Some(text!("live.draw-declined")),
            Event::TakeBack(Answer::Decline, _) if !mine => Some(text!("live.takeback-refused")),
            Event::TakeBack(Answer::Accept, _) if !mine => Some(text!("live.takeback-done")),
            Event::Chat(p) if !mine => Some(text!("live.said", phrase = phrase(p))),
            Event::Rematch(Answer::Decline) if !mine => Some(text!("live.rematch-declined")),
            Event::Claimed(_) if mine => Some(text!("live.claimed")),
            Event::Claimed(_) => Some(text!("live.claim-accepted")),
            Event::Synced(r) => Some(match r {
                Restore::Same => text!("live.restored"),
                Restore::Theirs => text!("live.restored-theirs"),
                Restore::Ours => text!("live.restored-ours"),
                Restore::Differ(why) => text!("live.restored-differ", why = why.clone()),
            }),
            _ => None,
        };
        // A note stays until a newer one, or a move.
        let renote = note.is_some() || matches!(event, Event::Moved);
        self.live.update(|p| {
            p.live = Some(live.clone());
            if renote {
                p.note = note;
            }
            if mine {
                p.outbox.push(msg.to_text());
            }
        });
        if let (Event::Synced(Restore::Differ(_)), Message::Sync(copy)) = (&event, msg) {
            self.file_their_copy(&live, copy);
        }
        match event {
            Event::Hello => {
                let again = self.live.agreed;
                self.live.update(|p| p.agreed = true);
                if in_game {
                    // Reconnected: back to the game (the copies are
                    // compared next).
                    self.nav.update(|n| n.apply(NavAction::Show(Screen::Play)));
                } else if again && self.live.setting_up().is_some() {
                    // Reconnected while the formations are set up: the
                    // setup goes on as it was (the commitments and
                    // formations come again next).
                    self.nav.update(|n| n.apply(NavAction::Show(Screen::Live)));
                } else {
                    self.live_start(&live);
                }
            }
            Event::Rematch(Answer::Accept) => self.live_start(&live),
            Event::Committed(_) => {
                if !mine {
                    self.formation
                        .update(|f| f.ready[live.me.opposite().index()] = true);
                }
                self.live_reveal();
            }
            Event::Formation(true) => {
                if let Some(record) = game {
                    let clock = live.terms.clock.map(crate::clock::Clock::new);
                    self.live_load(&live, record, clock);
                }
            }
            _ if in_game => {
                // The game-over dialog opens when the game ends (not again
                // for a rematch offer or a phrase after it).
                let ended = game.as_ref().is_some_and(|g| g.outcome().is_some())
                    && self.session.outcome().is_none();
                // The clocks go on once the copies are compared, or when
                // the other side moves (its clock was held at zero here).
                let release =
                    matches!(event, Event::Synced(_)) || (matches!(event, Event::Moved) && !mine);
                self.session.update(|s| {
                    s.game = game;
                    s.clock = clock;
                    s.view_ply = None;
                    s.selection.clear();
                    s.draw_offer = None;
                    if release {
                        s.held = false;
                    }
                    if ended {
                        s.dialog_closed = false;
                    }
                });
                self.file_by_link();
            }
            _ => {}
        }
    }

    /// After a formation action: when this device's formation of a live
    /// Tiers game is ready, the page commits to it (salted with `seed`),
    /// and reveals it once the other's commitment is there too.
    pub(crate) fn live_formation(&mut self, seed: u64) {
        let Some(live) = self.live.setting_up().cloned() else {
            return;
        };
        let me = live.me;
        let f = &self.formation;
        if !f.live || !f.ready[me.index()] || live.commits[me.index()].is_some() {
            return;
        }
        let Ok(squares) = Formation::new(me, &f.squares[me.index()]).map(|f| f.to_string()) else {
            return;
        };
        let salt = super::commit::salt(seed, seed.rotate_left(29) ^ live.id);
        let hash = super::commit::commitment(&squares, &salt);
        self.live.update(|p| p.secret = Some((squares, salt)));
        self.live_apply(true, &Message::Commit(hash));
    }

    /// Reveals this device's formation once both are committed to.
    fn live_reveal(&mut self) {
        let Some(live) = self.live.setting_up() else {
            return;
        };
        let me = live.me.index();
        let both = live.commits.iter().all(Option::is_some);
        if !both || live.formations[me].is_some() {
            return;
        }
        if let Some((squares, salt)) = self.live.secret.clone() {
            self.live_apply(true, &Message::Formation { squares, salt });
        }
    }

    /// Files the other device's copy of the game, which differs from this
    /// one's, in the archive beside it (under its own id, marked as the
    /// other device's).
    fn file_their_copy(&mut self, live: &Live, copy: &super::Sync) {
        let Ok(record) = rebuild(
            live.terms.kind,
            &copy.start,
            &copy.moves,
            copy.moves.len(),
            copy.ended,
        ) else {
            return;
        };
        let s = &self.session;
        let mut meta = s.meta.clone();
        meta.id = their_copy_id(live.id);
        meta.tags
            .push(("Annotator".into(), "the other device's copy".into()));
        if let Some(entry) = Entry::of(&*record, s.opponent, &meta, s.meta.started) {
            self.library.update(|l| l.file(entry));
        }
    }

    /// A live game resumed from this device's copy: see [`resume`].
    #[must_use]
    pub fn live_resume(&self, id: u64, terms: Terms) -> Option<Live> {
        resume(&self.live, &self.session, id, terms)
    }

    /// After the clocks ticked at `now`: a live game this device lost on
    /// time (its own clock is the one that ran out here) tells the other
    /// page; the other side's clock at zero is watched.
    pub(crate) fn live_ticked(&mut self, before: Option<tiers_engine::Outcome>, now: u64) {
        let Some(me) = self.live_game().map(|l| l.me) else {
            return;
        };
        self.live_watch(Some(now));
        let now = self.session.outcome();
        let flagged = matches!(
            now,
            Some(tiers_engine::Outcome::Win { winner, reason: WinReason::Time }) if winner != me
        );
        if before.is_none() && flagged {
            self.live.update(|p| {
                if let Some(l) = p.live.as_mut() {
                    l.offers = super::Offers::default();
                }
                p.outbox.push(Message::Flag(me).to_text());
            });
            self.file_by_link();
        }
    }

    /// Puts the live game on the play screen, a game by link played here
    /// by [`Live::me`].
    fn live_start(&mut self, live: &Live) {
        let (Some(record), clock) = live.start() else {
            // Tiers: the formations first, on the live screen.
            self.live.update(|p| p.secret = None);
            self.formation
                .update(|f| *f = FormationSetup::live(live.me, live.terms.clock));
            self.nav.update(|n| n.apply(NavAction::Show(Screen::Live)));
            return;
        };
        self.live_load(live, record, clock);
    }

    /// Puts the live game `record` on the play screen.
    fn live_load(
        &mut self,
        live: &Live,
        record: Box<dyn crate::record::Record>,
        clock: Option<crate::clock::Clock>,
    ) {
        let game = LoadGame {
            record,
            opponent: Opponent::Friend,
            flipped: live.me == Color::Black,
            clock,
        };
        let meta = GameMeta {
            id: live.id,
            started: 0,
            tags: Vec::new(),
            bylink: Some(ByLink {
                me: live.me,
                days: 0,
                sent: 0,
            }),
        };
        self.take_game((game, meta));
    }

    /// A session action on the play screen of a live game: a resignation
    /// goes to the other page; the moves this device made are sent.
    /// Returns the action when it is the session's to apply.
    pub(crate) fn live_session(&mut self, a: SessionAction) -> Option<SessionAction> {
        let Some(me) = self.live_game().map(|l| l.me) else {
            return Some(a);
        };
        match a {
            SessionAction::Resign => {
                self.live_action(LiveAction::Send(Message::Resign));
                None
            }
            SessionAction::OfferDraw => {
                self.live_action(LiveAction::Send(Message::Draw(Answer::Offer)));
                None
            }
            SessionAction::AcceptDraw | SessionAction::DeclineDraw => {
                let answer = if a == SessionAction::AcceptDraw {
                    Answer::Accept
                } else {
                    Answer::Decline
                };
                self.live_action(LiveAction::Send(Message::Draw(answer)));
                None
            }
            SessionAction::Undo => {
                let ply = self.session.record().and_then(|g| takeback_ply(g, me));
                if let Some(ply) = ply {
                    self.live_action(LiveAction::Send(Message::TakeBack(Answer::Offer, ply)));
                }
                None
            }
            SessionAction::Redo => None,
            a => Some(a),
        }
    }

    /// After a session action: the moves this device made since ply
    /// `before` go to the other page, with this side's clock.
    pub(crate) fn live_moved(&mut self, before: usize) {
        let Some(me) = self.live_game().map(|l| l.me) else {
            return;
        };
        let Some(g) = self.session.record() else {
            return;
        };
        let texts = g.move_texts();
        let left = self.session.clock.map(|c| c.left[me.index()]);
        let sent: Vec<String> = (before..g.ply())
            .filter(|&p| g.side_at(p) == Some(me))
            .filter_map(|p| {
                Some(
                    Message::Move {
                        ply: p,
                        text: texts.get(p)?.clone(),
                        clock: left,
                    }
                    .to_text(),
                )
            })
            .collect();
        if sent.is_empty() {
            return;
        }
        self.live.update(|p| {
            if let Some(l) = p.live.as_mut() {
                if let Some(left) = left {
                    l.reported[me.index()] = left;
                }
                l.offers = super::Offers::default();
            }
            p.outbox.extend(sent);
            p.note = None;
        });
    }
}

#[cfg(test)]
mod tests;
