//! A live game in the app's state (docs/live.md, "Playing"): the game is
//! the play screen's session, a game by link whose other side is played
//! on the other device, so that the board, the move list, the saving and
//! the archive are the ones of every game, and the game can always go on
//! by link. This module turns the session's moves into messages, and the
//! messages that arrive (checked by [`Live::apply`]) into the session's
//! changes. The page only carries the texts of [`LivePlay::outbox`] over
//! the channel and reports what arrives.

use tiers_engine::Color;

use super::{Answer, Board, Event, Live, Message};
use crate::i18n::Text;
use crate::session::{ByLink, GameMeta, LoadGame, Opponent, SessionAction};
use crate::{text, AppState};

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
}

/// What happens in a live game.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveAction {
    /// An invite or answer was made: this is the game.
    Begin(Live),
    /// The channel opened: this page says hello.
    Open,
    /// A message arrived (the time it did, ms since 1970).
    Received(String),
    /// This page sends a message (an offer, an answer, a resignation, a
    /// phrase): checked and applied here first.
    Send(Message),
    /// The connection was lost.
    Lost,
    /// The messages before this number were sent (counted from the
    /// first of the connection: [`LivePlay::sent`] plus the outbox's).
    Drained(u64),
}

impl LivePlay {
    /// The live game, if the session `id` is its game.
    #[must_use]
    pub fn of(&self, id: u64) -> Option<&Live> {
        self.live.as_ref().filter(|l| l.id == id && id != 0)
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
                self.live.update(|p| {
                    p.link = LinkState::Connected;
                    p.note = None;
                    p.outbox.push(
                        Message::Hello {
                            id: l.id,
                            terms: l.terms,
                        }
                        .to_text(),
                    );
                });
            }
            LiveAction::Lost => {
                if self.live.link != LinkState::Lost {
                    self.live.update(|p| p.link = LinkState::Lost);
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
            LiveAction::Received(text) => match super::parse(&text) {
                Ok(m) => self.live_apply(false, &m),
                Err(e) => self.live_note(text!("live.refused", why = e)),
            },
            LiveAction::Send(m) => {
                if self.live.link == LinkState::Connected {
                    self.live_apply(true, &m);
                }
            }
        }
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
                let note = if mine {
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
            _ => None,
        };
        self.live.update(|p| {
            p.live = Some(live.clone());
            p.note = note;
            if mine {
                p.outbox.push(msg.to_text());
            }
        });
        match event {
            Event::Hello => {
                self.live.update(|p| p.agreed = true);
                if !in_game {
                    self.live_start(&live);
                }
            }
            Event::Rematch(Answer::Accept) => self.live_start(&live),
            _ if in_game => {
                let ended = game.as_ref().is_some_and(|g| g.outcome().is_some());
                self.session.update(|s| {
                    s.game = game;
                    s.clock = clock;
                    s.view_ply = None;
                    s.selection.clear();
                    s.draw_offer = None;
                    if ended {
                        s.dialog_closed = false;
                    }
                });
                self.file_by_link();
            }
            _ => {}
        }
    }

    /// Puts the live game on the play screen, a game by link played here
    /// by [`Live::me`].
    fn live_start(&mut self, live: &Live) {
        let (Some(record), clock) = live.start() else {
            return self.live_note(text!("live.tiers-later"));
        };
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
