use super::link::{self, Role, Signal, Terms};
use super::*;
use crate::clock::TimeControl;

/// A data-channel offer as Chromium makes it on a home network.
pub(crate) const OFFER_SDP: &str = "v=0\r\n\
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 52184 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 192.168.1.20\r\n\
a=candidate:1467250027 1 udp 2122260223 192.168.1.20 52184 typ host generation 0 network-id 1\r\n\
a=candidate:3283455339 1 udp 2122194687 10.0.0.7 60911 typ host generation 0 network-id 2\r\n\
a=candidate:467250027 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0 network-id 1\r\n\
a=ice-ufrag:Fq2b\r\n\
a=ice-pwd:rZ8sX1JtO1h3kqXw0cY9pUvA\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

fn terms(kind: GameKind, clock: Option<TimeControl>) -> Terms {
    Terms {
        kind,
        inviter: Color::Black,
        clock,
    }
}

fn invite() -> Signal {
    Signal {
        id: 0x1234_5678_9ABC,
        role: Role::Invite(terms(GameKind::Tiers, TimeControl::new(5, 3).ok())),
        sdp: OFFER_SDP.to_string(),
    }
}

#[test]
fn links_round_trip_and_are_short() {
    for role in [
        Role::Invite(terms(GameKind::Checkers, None)),
        Role::Reconnect(terms(GameKind::Tiers, TimeControl::new(180, 60).ok())),
        Role::Answer,
    ] {
        let s = Signal { role, ..invite() };
        let v = link::encode(&s).unwrap();
        assert_eq!(link::decode(&v).unwrap(), s);
        // About half the description's length: fits a QR code a phone
        // reads at arm's length.
        assert!(v.len() < OFFER_SDP.len(), "{} characters", v.len());
    }
    let l = link::link("https://tiers.example/", &invite()).unwrap();
    let value = link::value_in(l.split_once('?').unwrap().1).unwrap();
    assert_eq!(link::decode(&value).unwrap(), invite());
}

#[test]
fn every_damaged_link_is_refused_with_a_reason() {
    let v = link::encode(&invite()).unwrap();
    let bytes = v.as_bytes();
    for i in 0..bytes.len() {
        let mut damaged = bytes.to_vec();
        damaged[i] = if damaged[i] == b'A' { b'B' } else { b'A' };
        let text = String::from_utf8(damaged).unwrap();
        // A change of the last character may only touch its unused bits.
        if let Ok(s) = link::decode(&text) {
            assert_eq!(s, invite(), "character {i} changed the link's meaning");
        }
    }
    for cut in [1, 5, 12, v.len() / 2, v.len() - 1] {
        let e = link::decode(&v[..cut]).unwrap_err();
        assert!(e.contains("cut short"), "{cut}: {e}");
    }
    assert!(link::decode("").unwrap_err().contains("holds nothing"));
    assert!(link::decode("abc$def").unwrap_err().contains("`$`"));
    assert!(link::decode(&"A".repeat(20_000))
        .unwrap_err()
        .contains("too long"));
}

/// Writes a link's bytes with a correct check sum.
fn forge(body: &[u8]) -> String {
    link::seal(body.to_vec())
}

#[test]
fn forged_links_are_refused() {
    let head = |tag: u8| vec![link::FORMAT, tag, 1, 2, 3, 4, 5, 6];
    let deflate = |s: &str| miniz_oxide::deflate::compress_to_vec(s.as_bytes(), 9);
    // Not a session description.
    let mut b = head(1);
    b.extend(deflate("hello, world"));
    assert!(link::decode(&forge(&b))
        .unwrap_err()
        .contains("does not start with v=0"));
    // A description without a fingerprint.
    let mut b = head(1);
    b.extend(deflate(&OFFER_SDP.replace("a=fingerprint", "a=x")));
    assert!(link::decode(&forge(&b))
        .unwrap_err()
        .contains("no a DTLS fingerprint"));
    // Control characters.
    let mut b = head(1);
    b.extend(deflate(&OFFER_SDP.replace("s=-", "s=\u{1b}[2J")));
    assert!(link::decode(&forge(&b)).unwrap_err().contains("characters"));
    // Not DEFLATE.
    let mut b = head(1);
    b.extend([0xFF; 20]);
    assert!(link::decode(&forge(&b)).unwrap_err().contains("unpacked"));
    // A bomb: more than MAX_SDP bytes unpacked.
    let mut b = head(1);
    b.extend(deflate(&format!(
        "v=0\r\n{}",
        "a".repeat(link::MAX_SDP * 4)
    )));
    assert!(link::decode(&forge(&b)).unwrap_err().contains("unpacked"));
    // A clock out of range, unknown terms, an unknown role, a newer format.
    let mut b = head(0);
    b.extend([4, 0, 5]);
    b.extend(deflate(OFFER_SDP));
    assert!(link::decode(&forge(&b)).unwrap_err().contains("clock"));
    let mut b = head(0);
    b.push(8);
    b.extend(deflate(OFFER_SDP));
    assert!(link::decode(&forge(&b)).unwrap_err().contains("terms"));
    let mut b = head(7);
    b.extend(deflate(OFFER_SDP));
    assert!(link::decode(&forge(&b)).unwrap_err().contains("neither"));
    let mut b = head(1);
    b[0] = link::FORMAT + 1;
    b.extend(deflate(OFFER_SDP));
    assert!(link::decode(&forge(&b))
        .unwrap_err()
        .contains("newer version"));
}

#[test]
fn every_message_round_trips() {
    let all = [
        Message::Hello {
            id: 7,
            terms: terms(GameKind::Tiers, TimeControl::new(3, 2).ok()),
        },
        Message::Move {
            ply: 3,
            text: "11-15".into(),
            clock: Some(170_000),
        },
        Message::Commit(commit::commitment("a1 c1 e1", &commit::salt(1, 2))),
        Message::Formation {
            squares: "a1 c1 e1".into(),
            salt: commit::salt(1, 2),
        },
        Message::Draw(Answer::Offer),
        Message::TakeBack(Answer::Decline, 4),
        Message::Resign,
        Message::Flag(Color::Red),
        Message::Claim {
            side: Color::Black,
            ply: 12,
        },
        Message::Rematch(Answer::Accept),
        Message::Chat("good-game".into()),
        Message::Sync(Sync {
            start: start_text(GameKind::Checkers),
            moves: vec!["11-15".into()],
            ended: Some(Declared::DrawAgreed),
            clocks: Some([1, 2]),
        }),
    ];
    for m in all {
        assert_eq!(parse(&m.to_text()).unwrap(), m, "{}", m.to_text());
    }
}

#[test]
fn malformed_messages_are_named() {
    for (text, why) in [
        ("", "not JSON"),
        ("[1]", "not a JSON object"),
        (r#"{"type":"resign"}"#, "protocol version"),
        (r#"{"live":4,"type":"resign"}"#, "newer version"),
        (r#"{"live":2,"type":"resign"}"#, "older version"),
        (r#"{"live":1,"type":"resign"}"#, "older version"),
        (r#"{"live":3}"#, "`type`"),
        (r#"{"live":3,"type":"move","ply":0,"clock":null}"#, "`move`"),
        (
            r#"{"live":3,"type":"move","ply":99999999999,"move":"x","clock":null}"#,
            "too large",
        ),
        (
            r#"{"live":3,"type":"chat","phrase":"you stink"}"#,
            "phrases",
        ),
        (r#"{"live":3,"type":"draw","answer":"maybe"}"#, "`maybe`"),
        (r#"{"live":3,"type":"flag","side":"blue"}"#, "`blue`"),
        (
            r#"{"live":3,"type":"hello","id":1,"game":"chess","inviter":"red","clock":null}"#,
            "`chess`",
        ),
        (
            r#"{"live":3,"type":"hello","id":1,"game":"tiers","inviter":"red","clock":"0+0"}"#,
            "time control",
        ),
        (
            r#"{"live":3,"type":"sync","start":"x","moves":[1],"ended":null,"clocks":null}"#,
            "list of texts",
        ),
        (
            r#"{"live":3,"type":"sync","start":"x","moves":[],"ended":null,"clocks":[1]}"#,
            "two numbers",
        ),
        (r#"{"live":3,"type":"commit","hash":"00"}"#, "SHA-256"),
        (
            r#"{"live":3,"type":"formation","squares":"a1","salt":"XYZ"}"#,
            "`salt`",
        ),
        (r#"{"live":3,"type":"formation","squares":"a1"}"#, "`salt`"),
        (r#"{"live":3,"type":"claim","side":"red"}"#, "`ply`"),
        (
            r#"{"live":3,"type":"claim","side":"both","ply":3}"#,
            "`both`",
        ),
    ] {
        let e = parse(text).unwrap_err();
        assert!(e.contains(why), "{text}: {e}");
    }
    assert!(parse(&" ".repeat(MAX_MESSAGE + 1))
        .unwrap_err()
        .contains("too long"));
}

/// One side of a game: its live state, record and clock.
struct Side {
    live: Live,
    game: Option<Box<dyn Record>>,
    clock: Option<Clock>,
}

impl Side {
    fn new(terms: Terms, me: Color) -> Side {
        let live = Live::new(99, terms, me);
        let (game, clock) = live.start();
        Side { live, game, clock }
    }

    fn apply(&mut self, from: Color, m: &Message) -> Result<Event, String> {
        let board = Board {
            game: &mut self.game,
            clock: &mut self.clock,
        };
        self.live.apply(from, board, m)
    }

    fn moves(&self) -> Vec<String> {
        self.game
            .as_ref()
            .map(|g| g.move_texts())
            .unwrap_or_default()
    }

    /// Everything that a refused message must leave as it was.
    fn state(&self) -> (Live, Option<String>, Option<Clock>) {
        let pdn = self.game.as_ref().map(|g| {
            format!(
                "{} {:?} {}",
                g.to_pdn(&tiers_engine::pdn::Tags::default()),
                g.outcome(),
                g.ply()
            )
        });
        (self.live.clone(), pdn, self.clock)
    }
}

/// Two devices: a message is checked by the sender and then the receiver.
struct Pair {
    sides: [Side; 2],
}

impl Pair {
    fn new(t: Terms) -> Pair {
        Pair {
            sides: [Side::new(t, Color::Red), Side::new(t, Color::Black)],
        }
    }

    fn send(&mut self, from: Color, m: &Message) -> Result<Event, String> {
        let a = self.sides[from.index()].apply(from, m)?;
        let b = self.sides[from.opposite().index()].apply(from, m)?;
        assert_eq!(a, b);
        Ok(a)
    }

    fn play(&mut self, from: Color, text: &str, clock: Option<u64>) {
        let ply = self.sides[0].game.as_ref().unwrap().ply();
        let m = Message::Move {
            ply,
            text: text.into(),
            clock,
        };
        self.send(from, &m).unwrap();
    }

    /// `m` from `from` is refused by the receiver and changes nothing.
    fn refused(&mut self, from: Color, m: &Message, why: &str) {
        let receiver = &mut self.sides[from.opposite().index()];
        let before = receiver.state();
        let e = receiver.apply(from, m).unwrap_err();
        assert!(e.contains(why), "{m:?}: {e}");
        assert!(before == receiver.state(), "{m:?} changed the game");
    }

    fn agree(&self) {
        assert_eq!(self.sides[0].moves(), self.sides[1].moves());
        assert_eq!(self.sides[0].clock, self.sides[1].clock);
        let outcomes = self
            .sides
            .each_ref()
            .map(|s| s.game.as_ref().map(|g| g.outcome()));
        assert_eq!(outcomes[0], outcomes[1]);
    }
}

use Color::{Black, Red};

#[test]
fn a_checkers_game_with_offers_take_backs_and_a_rematch() {
    let t = terms(GameKind::Checkers, TimeControl::new(3, 2).ok());
    let mut p = Pair::new(t);
    let hello = Message::Hello { id: 99, terms: t };
    assert_eq!(p.send(Black, &hello), Ok(Event::Hello));
    p.refused(Black, &Message::Hello { id: 98, terms: t }, "another game");
    p.refused(
        Black,
        &Message::Hello {
            id: 99,
            terms: Terms { clock: None, ..t },
        },
        "other terms",
    );
    p.play(Black, "11-15", Some(175_000));
    // Out of turn, at the wrong ply, illegal, a clock that gains time.
    p.refused(
        Black,
        &Message::Move {
            ply: 1,
            text: "8-11".into(),
            clock: None,
        },
        "out of turn",
    );
    p.refused(
        Red,
        &Message::Move {
            ply: 0,
            text: "23-19".into(),
            clock: None,
        },
        "ply 0",
    );
    p.refused(
        Red,
        &Message::Move {
            ply: 1,
            text: "23-17".into(),
            clock: None,
        },
        "23-17",
    );
    p.refused(
        Red,
        &Message::Move {
            ply: 1,
            text: "23-19".into(),
            clock: Some(200_000),
        },
        "more time",
    );
    p.play(Red, "23-19", Some(179_000));
    // Take-back: Black asks back to before its move; Red refuses.
    p.refused(Red, &Message::TakeBack(Answer::Offer, 0), "not before");
    assert_eq!(
        p.send(Red, &Message::TakeBack(Answer::Offer, 1)),
        Ok(Event::TakeBack(Answer::Offer, 1))
    );
    p.refused(Red, &Message::TakeBack(Answer::Accept, 1), "nobody made");
    p.refused(Black, &Message::TakeBack(Answer::Accept, 0), "nobody made");
    p.send(Black, &Message::TakeBack(Answer::Decline, 1))
        .unwrap();
    assert_eq!(p.sides[1].moves().len(), 2);
    // Asked again, accepted: the move is gone on both sides.
    p.send(Red, &Message::TakeBack(Answer::Offer, 1)).unwrap();
    p.send(Black, &Message::TakeBack(Answer::Accept, 1))
        .unwrap();
    assert_eq!(p.sides[0].moves(), ["11-15"]);
    p.agree();
    p.play(Red, "22-18", Some(178_000));
    // A chat phrase, then a draw offer declined, one accepted.
    p.send(Black, &Message::Chat("good-luck".into())).unwrap();
    p.refused(Black, &Message::Chat("rude".into()), "phrases");
    p.refused(Red, &Message::Draw(Answer::Accept), "nobody made");
    p.send(Black, &Message::Draw(Answer::Offer)).unwrap();
    p.refused(Black, &Message::Draw(Answer::Accept), "nobody made");
    p.send(Red, &Message::Draw(Answer::Decline)).unwrap();
    p.send(Black, &Message::Draw(Answer::Offer)).unwrap();
    p.refused(Black, &Message::Rematch(Answer::Offer), "over");
    p.send(Red, &Message::Draw(Answer::Accept)).unwrap();
    p.agree();
    assert!(p.sides[0].game.as_ref().unwrap().outcome().is_some());
    p.refused(
        Black,
        &Message::Move {
            ply: 3,
            text: "15x22".into(),
            clock: None,
        },
        "over",
    );
    p.refused(Black, &Message::Resign, "over");
    // A rematch with colours swapped.
    p.send(Red, &Message::Rematch(Answer::Offer)).unwrap();
    p.send(Black, &Message::Rematch(Answer::Accept)).unwrap();
    assert_eq!(p.sides[0].live.me, Black);
    assert_eq!(p.sides[1].live.me, Red);
    assert_eq!(p.sides[0].live.id, 100);
    assert_eq!(p.sides[0].live.terms.inviter, Red);
    assert!(p.sides[0].moves().is_empty());
    assert_eq!(p.sides[0].clock.unwrap().left, [180_000; 2]);
    p.agree();
    // The new game ends by resignation.
    p.play(Black, "9-14", Some(180_000));
    p.send(Red, &Message::Resign).unwrap();
    p.agree();
    assert_eq!(
        p.sides[0]
            .game
            .as_ref()
            .unwrap()
            .outcome()
            .unwrap()
            .winner(),
        Some(Black)
    );
}

#[test]
fn flags_need_a_clock_at_zero() {
    let t = terms(GameKind::Checkers, TimeControl::new(1, 0).ok());
    let mut p = Pair::new(t);
    p.play(Black, "11-15", Some(50_000));
    p.refused(Black, &Message::Flag(Red), "has 1:00 left");
    p.sides[1].clock.as_mut().unwrap().left[0] = 0;
    // Black's page saw Red's clock reach zero; Red's page agrees when
    // its own clock is at zero, or Red says so itself.
    p.sides[1].apply(Black, &Message::Flag(Red)).unwrap();
    p.sides[0].apply(Red, &Message::Flag(Red)).unwrap();
    p.agree();
    let mut q = Pair::new(terms(GameKind::Checkers, None));
    q.refused(Red, &Message::Flag(Black), "without a clock");
}

#[test]
fn a_claim_needs_the_claimers_clock_at_zero_and_the_claimed_sides_within_the_grace() {
    let t = terms(GameKind::Checkers, TimeControl::new(1, 0).ok());
    let mut p = Pair::new(t);
    p.play(Black, "11-15", Some(50_000));
    // Red is to move at ply 1. Black's page may claim only once Red's
    // clock reads zero there.
    let claim = Message::Claim { side: Red, ply: 1 };
    let e = p.sides[1].apply(Black, &claim).unwrap_err();
    assert!(e.contains("Red's clock here has 1:00 left"), "{e}");
    p.refused(Black, &claim, "has 1:00 left");
    // Not on one's own time, not for another ply, not without a clock.
    p.sides[1].clock.as_mut().unwrap().left[0] = 0;
    let own = Message::Claim {
        side: Black,
        ply: 1,
    };
    assert!(p.sides[1]
        .apply(Black, &own)
        .unwrap_err()
        .contains("its own time"));
    let early = Message::Claim { side: Red, ply: 0 };
    assert!(p.sides[1]
        .apply(Black, &early)
        .unwrap_err()
        .contains("a move crossed"));
    // Black's page claims; Red's page, its own clock more than the grace
    // from zero (Black's page ran ahead, or was modified), refuses and
    // keeps its copy.
    p.sides[1].apply(Black, &claim).unwrap();
    p.sides[0].clock.as_mut().unwrap().left[0] = GRACE_MS + 1;
    let before = p.sides[0].state();
    let e = p.sides[0].apply(Black, &claim).unwrap_err();
    assert!(e.contains("Red's clock here has 0:10 left"), "{e}");
    assert_eq!(p.sides[0].state(), before, "refused: nothing changed");
    // Within the grace of zero, it agrees: Red lost on time on both.
    p.sides[0].clock.as_mut().unwrap().left[0] = GRACE_MS;
    assert_eq!(p.sides[0].apply(Black, &claim), Ok(Event::Claimed(Red)));
    p.agree();
    assert_eq!(
        p.sides[0].game.as_ref().unwrap().outcome(),
        Some(tiers_engine::Outcome::Win {
            winner: Black,
            reason: tiers_engine::WinReason::Time
        })
    );
    // A flag that crossed the claim agrees with it and changes nothing.
    let before = p.sides[1].state();
    assert_eq!(
        p.sides[1].apply(Red, &Message::Flag(Red)),
        Ok(Event::Flagged(Red))
    );
    assert_eq!(p.sides[1].state(), before);
    // A claim in a game without a clock is refused.
    let mut q = Pair::new(terms(GameKind::Checkers, None));
    q.play(Black, "11-15", None);
    q.refused(Black, &claim, "without a clock");
}

fn formation(c: Color, seed: u64) -> String {
    Formation::random(c, seed).to_string()
}

/// A formation revealed with salt `seed`.
fn reveal(squares: &str, seed: u64) -> Message {
    Message::Formation {
        squares: squares.into(),
        salt: commit::salt(seed, seed),
    }
}

/// The commitment to [`reveal`]`(squares, seed)`.
fn commit_to(squares: &str, seed: u64) -> Message {
    Message::Commit(commit::commitment(squares, &commit::salt(seed, seed)))
}

#[test]
fn tiers_formations_then_a_game() {
    let t = terms(GameKind::Tiers, None);
    let mut p = Pair::new(t);
    assert!(p.sides[0].game.is_none());
    p.refused(
        Red,
        &Message::Move {
            ply: 0,
            text: "a3-b4".into(),
            clock: None,
        },
        "not begun",
    );
    let (red, black) = (formation(Red, 1), formation(Black, 2));
    // A formation shown before its commitment, or before the other's.
    p.refused(Red, &reveal(&red, 1), "before its commitment");
    assert_eq!(
        p.send(Red, &commit_to(&red, 1)),
        Ok(Event::Committed(false))
    );
    // The same commitment again (a page that reconnected sends its own
    // again) changes nothing; another one is refused.
    let before = p.sides[1].state();
    assert_eq!(
        p.sides[1].apply(Red, &commit_to(&red, 1)),
        Ok(Event::Repeated)
    );
    assert!(p.sides[1].state() == before);
    p.refused(Red, &commit_to(&red, 2), "set already");
    p.refused(Red, &reveal(&red, 1), "before both");
    assert_eq!(
        p.send(Black, &commit_to(&black, 2)),
        Ok(Event::Committed(true))
    );
    // A formation other than the one committed to (changed after seeing
    // the other's), or the right one with another salt: refused.
    p.refused(Red, &reveal(&formation(Red, 9), 1), "not the one committed");
    p.refused(Red, &reveal(&red, 3), "not the one committed");
    assert_eq!(p.send(Red, &reveal(&red, 1)), Ok(Event::Formation(false)));
    p.refused(Red, &reveal(&formation(Red, 9), 1), "set already");
    assert_eq!(p.sides[1].apply(Red, &reveal(&red, 1)), Ok(Event::Repeated));
    assert_eq!(
        p.send(Black, &reveal(&black, 2)),
        Ok(Event::Formation(true))
    );
    p.agree();
    p.refused(Red, &commit_to(&red, 2), "no formation");
    p.refused(Red, &reveal(&formation(Red, 9), 1), "no formation");
    // After the game began, the same ones again change nothing.
    let before = p.sides[1].state();
    assert_eq!(
        p.sides[1].apply(Red, &commit_to(&red, 1)),
        Ok(Event::Repeated)
    );
    assert_eq!(p.sides[1].apply(Red, &reveal(&red, 1)), Ok(Event::Repeated));
    assert!(p.sides[1].state() == before);

    // Committed to a formation that is not valid: refused when revealed.
    let mut q = Pair::new(t);
    q.send(Red, &commit_to("a1 a2", 4)).unwrap();
    q.send(Black, &commit_to(&black, 2)).unwrap();
    q.refused(Red, &reveal("a1 a2", 4), "Red's formation");
    // A few moves, each side's engine checking them.
    let mut rng = tiers_rng::SplitMix64::new(5);
    for _ in 0..12 {
        let g = p.sides[0].game.as_ref().unwrap();
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal();
        let side = g.side_at(g.ply()).unwrap();
        let mv = legal[rng.below(legal.len() as u64) as usize].text.clone();
        p.play(side, &mv, None);
    }
    p.agree();
    assert_eq!(
        p.sides[0].game.as_ref().unwrap().start_text(),
        p.sides[1].game.as_ref().unwrap().start_text()
    );
}

#[test]
fn sync_restores_the_longer_copy_and_names_a_difference() {
    let t = terms(GameKind::Checkers, None);
    let mut p = Pair::new(t);
    p.play(Black, "11-15", None);
    // Red's move reached only Red's own copy before the link was lost.
    p.sides[0]
        .apply(
            Red,
            &Message::Move {
                ply: 1,
                text: "23-19".into(),
                clock: None,
            },
        )
        .unwrap();
    let red = Live::sync(&**p.sides[0].game.as_ref().unwrap(), None);
    let black = Live::sync(&**p.sides[1].game.as_ref().unwrap(), None);
    assert_eq!(
        p.sides[0].apply(Black, &Message::Sync(black.clone())),
        Ok(Event::Synced(Restore::Ours))
    );
    assert_eq!(
        p.sides[1].apply(Red, &Message::Sync(red.clone())),
        Ok(Event::Synced(Restore::Theirs))
    );
    p.agree();
    assert_eq!(
        p.sides[1].apply(Red, &Message::Sync(red.clone())),
        Ok(Event::Synced(Restore::Same))
    );
    // Copies that differ: ours stays.
    let other = Sync {
        moves: vec!["11-15".into(), "22-18".into()],
        ..black.clone()
    };
    let before = p.sides[0].moves();
    match p.sides[0].apply(Black, &Message::Sync(other)) {
        Ok(Event::Synced(Restore::Differ(why))) => {
            let why = why.english();
            assert!(why.contains("move 1"), "{why}");
        }
        e => panic!("{e:?}"),
    }
    assert_eq!(p.sides[0].moves(), before);
    // A copy with an illegal move is refused.
    let bad = Sync {
        moves: vec!["11-19".into()],
        ..black
    };
    p.refused(Black, &Message::Sync(bad), "other page's copy");
}

/// Random messages, well-formed or not, from either side: the two copies
/// never part, and a refused message changes nothing.
#[test]
fn random_messages_keep_both_copies_equal() {
    let mut rng = tiers_rng::SplitMix64::new(28);
    for kind in [GameKind::Checkers, GameKind::Tiers] {
        let t = terms(kind, TimeControl::new(1, 1).ok());
        let mut p = Pair::new(t);
        for step in 0..400 {
            let from = if rng.below(2) == 0 { Red } else { Black };
            let ply = p.sides[0].game.as_ref().map_or(0, |g| g.ply());
            let legal = p.sides[0]
                .game
                .as_ref()
                .map(|g| g.legal())
                .unwrap_or_default();
            let pick = |n: usize, r: &mut tiers_rng::SplitMix64| r.below(n as u64) as usize;
            let answers = [Answer::Offer, Answer::Accept, Answer::Decline];
            let m = match rng.below(10) {
                0..=4 if !legal.is_empty() => Message::Move {
                    ply: ply + pick(3, &mut rng) / 2,
                    text: legal[pick(legal.len(), &mut rng)].text.clone(),
                    clock: Some(60_000 - step),
                },
                5 => Message::Draw(answers[pick(3, &mut rng)]),
                6 => Message::TakeBack(
                    answers[pick(3, &mut rng)],
                    ply.saturating_sub(pick(3, &mut rng)),
                ),
                7 => {
                    let f = formation(from, rng.next_u64());
                    if rng.below(2) == 0 {
                        commit_to(&f, 1)
                    } else {
                        reveal(&f, 1)
                    }
                }
                8 => Message::Rematch(answers[pick(3, &mut rng)]),
                _ => Message::Chat(PHRASES[pick(PHRASES.len(), &mut rng)].into()),
            };
            let before = [p.sides[0].state(), p.sides[1].state()];
            match p.sides[from.index()].apply(from, &m) {
                Ok(_) => {
                    p.sides[from.opposite().index()].apply(from, &m).unwrap();
                }
                Err(_) => assert!(before[from.index()] == p.sides[from.index()].state()),
            }
            p.agree();
            assert_eq!(p.sides[0].live.offers, p.sides[1].live.offers);
        }
    }
}

#[test]
fn ultra_king_actions_go_over_the_channel_like_any_move() {
    let t = terms(GameKind::Tiers, TimeControl::new(3, 2).ok());
    let mut p = Pair::new(t);
    // A Tiers game where Red has an ultra king (d4) next to a Black man,
    // and a man to load.
    let start = "7m/8/8/4m3/3U4/2M5/8/8 r 0 1";
    for s in &mut p.sides {
        s.game = Some(crate::library::rebuild(GameKind::Tiers, start, &[], 0, None).unwrap());
    }
    // A teleport now is refused by the engine (a consume is due).
    p.refused(
        Red,
        &Message::Move {
            ply: 0,
            text: "d4-a8".into(),
            clock: Some(180_000),
        },
        "",
    );
    p.play(Red, "d4xe5", Some(180_000));
    p.play(Black, "h8-h7", Some(181_000));
    // Teleport, then load and drop.
    p.play(Red, "e5-d4", Some(181_000));
    p.play(Black, "h7-h6", Some(182_000));
    p.play(Red, "d4<c3", Some(182_000));
    p.play(Black, "h6-h5", Some(183_000));
    p.play(Red, "d4>c8", Some(183_000));
    p.agree();
    assert_eq!(p.sides[1].moves().len(), 7);
    p.send(Black, &Message::Resign).unwrap();
    p.agree();
}
