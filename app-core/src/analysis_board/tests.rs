use tiers_engine::tree::NodeId;
use tiers_engine::GameKind;

use super::*;
use crate::record::square;

fn board() -> AnalysisBoard {
    AnalysisBoard::default()
}

fn texts(b: &AnalysisBoard) -> Vec<Vec<String>> {
    b.layout()
        .iter()
        .map(|s| {
            s.cells
                .iter()
                .map(|c| {
                    format!(
                        "{}{}{}",
                        "  ".repeat(s.depth),
                        c.number.clone().unwrap_or_default(),
                        c.text
                    )
                })
                .collect()
        })
        .collect()
}

/// 11-15 23-19 (22-18 15-22) (24-20), with the second variation nested.
fn with_variations() -> AnalysisBoard {
    let mut b = board();
    for m in ["11-15", "23-19", "8-11"] {
        b.apply(AnalysisAction::Play(m.into()));
    }
    b.apply(AnalysisAction::Step(TreeStep::Back));
    b.apply(AnalysisAction::Step(TreeStep::Back));
    b.apply(AnalysisAction::Play("22-18".into()));
    b.apply(AnalysisAction::Play("15-22".into()));
    b.apply(AnalysisAction::Step(TreeStep::First));
    b.apply(AnalysisAction::Step(TreeStep::On));
    b.apply(AnalysisAction::Play("24-20".into()));
    b
}

#[test]
fn a_move_from_an_earlier_position_makes_a_variation() {
    let b = with_variations();
    assert_eq!(b.tree.len(), 7);
    assert_eq!(
        texts(&b),
        [
            vec!["1.11-15".to_string(), "23-19".into()],
            vec!["  1...22-18".into(), "  2.15x22".into()],
            vec!["  1...24-20".into()],
            vec!["2.8-11".into()],
        ]
    );
    // The main line is unchanged.
    assert_eq!(
        b.tree.record(b.tree.line_end(NodeId::ROOT)).move_texts(),
        ["11-15", "23-19", "8-11"]
    );
}

#[test]
fn arrows_walk_the_tree() {
    let mut b = with_variations();
    // At 24-20 (second variation): up goes to 22-18, up again to 23-19.
    assert_eq!(b.tree.text(b.at), "24-20");
    b.apply(AnalysisAction::Step(TreeStep::Up));
    assert_eq!(b.tree.text(b.at), "22-18");
    b.apply(AnalysisAction::Step(TreeStep::Up));
    assert_eq!(b.tree.text(b.at), "23-19");
    b.apply(AnalysisAction::Step(TreeStep::Up));
    assert_eq!(b.tree.text(b.at), "23-19", "no move before the main one");
    b.apply(AnalysisAction::Step(TreeStep::Down));
    b.apply(AnalysisAction::Step(TreeStep::On));
    assert_eq!(b.tree.text(b.at), "15x22");
    b.apply(AnalysisAction::Step(TreeStep::On));
    assert_eq!(b.tree.text(b.at), "15x22", "the variation ends there");
    b.apply(AnalysisAction::Step(TreeStep::Back));
    b.apply(AnalysisAction::Step(TreeStep::Back));
    assert_eq!(b.tree.text(b.at), "11-15");
    b.apply(AnalysisAction::Step(TreeStep::Last));
    assert_eq!(b.tree.text(b.at), "8-11");
}

#[test]
fn promote_and_delete() {
    let mut b = with_variations();
    b.apply(AnalysisAction::Step(TreeStep::Up)); // 22-18
    b.apply(AnalysisAction::Promote);
    assert_eq!(
        b.tree.record(b.tree.line_end(NodeId::ROOT)).move_texts(),
        ["11-15", "22-18", "15x22"]
    );
    // Deleting the move shown goes back to its parent.
    b.apply(AnalysisAction::Step(TreeStep::Down)); // 23-19 is now second
    assert_eq!(b.tree.text(b.at), "23-19");
    b.apply(AnalysisAction::Delete);
    assert_eq!(b.tree.text(b.at), "11-15");
    assert_eq!(b.tree.len(), 5);
    assert_eq!(texts(&b)[1], ["  1...24-20"]);
    // The root cannot be deleted.
    b.apply(AnalysisAction::Step(TreeStep::First));
    b.apply(AnalysisAction::Delete);
    assert_eq!(b.tree.len(), 5);
    // A deep move becomes the main line in one go.
    b.apply(AnalysisAction::Go(
        b.tree.children(b.tree.children(NodeId::ROOT)[0])[1],
    ));
    b.apply(AnalysisAction::MainLine);
    assert!(!b.in_variation());
}

#[test]
fn nags_and_comments_are_written_and_read_back() {
    let mut b = with_variations();
    b.apply(AnalysisAction::Nag(2));
    b.apply(AnalysisAction::Nag(6)); // replaces ?
    b.apply(AnalysisAction::Nag(14));
    b.apply(AnalysisAction::Comment("  A  quiet\nmove ".into()));
    assert_eq!(b.tree.note(b.at).nags, [6, 14]);
    assert_eq!(b.tree.note(b.at).comment, "A quiet move");
    assert_eq!(b.layout()[2].cells[0].text, "24-20?! $14");
    b.apply(AnalysisAction::Nag(14));
    let pdn = b.pdn();
    assert!(pdn.contains("(1... 24-20?! {A quiet move})"), "{pdn}");
    let mut c = board();
    c.apply(AnalysisAction::ImportText(pdn));
    c.apply(AnalysisAction::Import);
    assert_eq!(c.message, None);
    assert_eq!(c.tree, b.tree);
    assert!(c.import.is_empty());
}

#[test]
fn clicks_and_drags_play_moves_into_the_tree() {
    let mut b = board();
    // 11-15 is c3 (square 22 from Red's side is d2?): use the legal move's squares.
    let legal = b.record().legal();
    let m = legal
        .iter()
        .find(|m| m.text == "11-15")
        .expect("11-15 is legal")
        .clone();
    b.apply(AnalysisAction::Square(m.squares[0]));
    assert_eq!(b.selection, [m.squares[0]]);
    b.apply(AnalysisAction::Square(m.squares[1]));
    assert_eq!(b.tree.text(b.at), "11-15");
    let reply = b
        .record()
        .legal()
        .into_iter()
        .find(|m| m.text == "23-19")
        .unwrap();
    b.apply(AnalysisAction::Drag(reply.squares[0], reply.squares[1]));
    assert_eq!(b.tree.text(b.at), "23-19");
    // An empty square's click says nothing and selects nothing.
    b.apply(AnalysisAction::Square(square("a4")));
    assert!(b.selection.is_empty());
}

#[test]
fn a_bad_import_keeps_the_tree_and_says_why() {
    let mut b = with_variations();
    let before = b.tree.clone();
    for bad in ["", "1. 11-15 (22-18 *", "1. 11-18 *"] {
        b.apply(AnalysisAction::Take("x.pdn".into(), bad.into()));
        assert!(b.message.is_some(), "{bad:?}");
        assert_eq!(b.tree, before);
    }
    b.apply(AnalysisAction::Take(
        "t.pdn".into(),
        "[GameType \"Tiers\"]\n1. e3-e4 (1. c3-c4) d6-d5 *".into(),
    ));
    assert_eq!(b.tree.kind(), GameKind::Tiers);
    assert_eq!(b.layout().len(), 3);
    // A position starts an empty tree from it.
    b.apply(AnalysisAction::Take(
        "p".into(),
        "B:W18,24,27:BK3,12".into(),
    ));
    assert_eq!((b.tree.kind(), b.tree.len()), (GameKind::Checkers, 1));
    assert_eq!(b.record().side_at(0), Some(tiers_engine::Color::Black));
}

#[test]
fn the_kept_record_reads_back_and_a_damaged_one_is_refused() {
    let mut b = with_variations();
    b.apply(AnalysisAction::Comment("x".into()));
    b.flipped = true;
    let back = AnalysisBoard::read(&b.to_json()).unwrap();
    assert_eq!(back.tree, b.tree);
    assert_eq!(back.tree.way_to(back.at), b.tree.way_to(b.at));
    assert!(back.flipped);
    for bad in [
        "{not json",
        "{\"v\": 9}",
        "[]",
        "{\"v\": 1, \"pdn\": \"1. 11-18 *\"}",
        "{\"v\": 1}",
    ] {
        assert!(AnalysisBoard::read(bad).is_err(), "{bad}");
    }
    // A way that leaves the tree shows the start.
    let odd = "{\"v\": 1, \"pdn\": \"1. 11-15 *\", \"at\": [0, 3]}";
    assert_eq!(AnalysisBoard::read(odd).unwrap().at, NodeId::ROOT);
}

#[test]
fn a_game_with_its_notes_becomes_a_tree() {
    let b = with_variations();
    let game = b.tree.record(b.tree.line_end(NodeId::ROOT));
    let notes = [Annotation {
        nags: vec![1],
        comment: "Good".into(),
        shapes: vec![],
    }];
    let tree = AnyTree::from_record(game.as_ref(), 2, &notes).unwrap();
    assert_eq!(tree.len(), 3);
    let first = tree.children(NodeId::ROOT)[0];
    assert_eq!(tree.note(first).comment, "Good");
    assert!(tree.to_pdn(&[]).contains("1. 11-15! {Good} 23-19"));
}

#[test]
fn the_engine_asks_the_analysis_worker_and_stops_away_from_the_board() {
    use crate::ai::{AiReply, AiTarget, Channel};
    use crate::nav::NavAction;
    use crate::{AnalyseFrom, AppAction, AppState};
    use tiers_engine::search::PvLine;
    let mut s = AppState::default();
    s.apply(AppAction::Analyse(AnalyseFrom::Menu));
    assert_eq!(s.nav.screen, Screen::Analysis);
    assert!(s.ai_due().is_none(), "the engine is off");
    s.apply(AppAction::Analysis(AnalysisAction::Lines(9)));
    assert_eq!(s.analysis_board.engine.count, engine::MAX_LINES);
    s.apply(AppAction::Analysis(AnalysisAction::Engine(true)));
    let due = s.ai_due().unwrap();
    assert_eq!(
        (due.target, due.target.channel(), due.request.lines),
        (AiTarget::Board, Channel::Analysis, engine::MAX_LINES)
    );
    let id = due.request.id;
    s.apply(AppAction::AiSent(AiTarget::Board, id));
    assert!(s.analysis_board.engine.busy() && s.ai_due().is_none());
    s.apply(AppAction::Ai(AiReply::Lines {
        id,
        depth: 3,
        nodes: 40,
        lines: vec![PvLine {
            score: 10,
            pv: vec!["11-15".into(), "23-19".into()],
            db: false,
        }],
    }));
    let here = s.analysis_board.here();
    assert_eq!(s.analysis_board.engine.lines.about(&here).unwrap().depth, 3);
    // A line's moves clicked: played into the tree; the lines follow.
    s.apply(AppAction::Analysis(AnalysisAction::PlayLine(vec![
        "11-15".into(),
        "23-19".into(),
    ])));
    assert_eq!(s.analysis_board.here().moves, ["11-15", "23-19"]);
    let due = s.ai_due().unwrap();
    assert_eq!(due.request.moves, ["11-15", "23-19"]);
    s.apply(AppAction::AiSent(AiTarget::Board, due.request.id));
    // Away from the board the search stops (its worker is let go), and
    // it starts again on coming back.
    s.apply(AppAction::Nav(NavAction::Show(Screen::NewGame)));
    assert!(!s.analysis_board.engine.busy() && s.ai_due().is_none());
    s.apply(AppAction::Nav(NavAction::Show(Screen::Analysis)));
    assert_eq!(s.ai_due().unwrap().target, AiTarget::Board);
    // A line that cannot be played is refused with a message, the tree kept.
    let before = s.analysis_board.tree.len();
    s.apply(AppAction::Analysis(AnalysisAction::PlayLine(vec![
        "1-5".into()
    ])));
    assert!(s.analysis_board.message.is_some());
    assert_eq!(s.analysis_board.tree.len(), before);
}

#[test]
fn drawings_belong_to_the_position_shown_and_go_into_the_pdn() {
    use tiers_engine::shapes::{Shape, ShapeColor};
    let mut b = with_variations(); // at 24-20, a variation
    let (s22, s18, s9) = (square("c3"), square("d4"), square("b6"));
    b.apply(AnalysisAction::Shape(Shape::arrow(
        s22,
        s18,
        ShapeColor::Green,
    )));
    b.apply(AnalysisAction::Shape(Shape::mark(s9, ShapeColor::Red)));
    b.apply(AnalysisAction::Comment("plan".into()));
    assert_eq!(b.tree.note(b.at).shapes.len(), 2);
    // Another position has none; coming back shows them again.
    b.apply(AnalysisAction::Step(TreeStep::Back));
    assert!(b.tree.note(b.at).shapes.is_empty());
    b.apply(AnalysisAction::Step(TreeStep::On));
    b.apply(AnalysisAction::Step(TreeStep::Down));
    b.apply(AnalysisAction::Step(TreeStep::Down));
    assert_eq!(b.tree.note(b.at).shapes.len(), 2);
    // The start position takes drawings too.
    b.apply(AnalysisAction::Go(NodeId::ROOT));
    b.apply(AnalysisAction::Shape(Shape::mark(s22, ShapeColor::Yellow)));
    let pdn = b.pdn();
    assert!(pdn.contains("{[%csl Y22]}"), "{pdn}");
    let flat = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("24-20 {plan [%csl R9] [%cal G22-18]}"),
        "{pdn}"
    );
    let mut c = board();
    c.apply(AnalysisAction::Take("a.pdn".into(), pdn));
    assert_eq!(c.tree, b.tree);
    let v = c.tree.children(c.tree.children(NodeId::ROOT)[0])[2];
    assert_eq!(c.tree.note(v).comment, "plan", "the text is kept apart");
    // Drawn again: taken away; a click on the board wipes the rest.
    b.apply(AnalysisAction::Shape(Shape::mark(s22, ShapeColor::Yellow)));
    assert!(b.tree.note(NodeId::ROOT).shapes.is_empty());
    // (Ids are each tree's own: 24-20 is found in each.)
    let vb = b.tree.children(b.tree.children(NodeId::ROOT)[0])[2];
    b.apply(AnalysisAction::Go(vb));
    b.apply(AnalysisAction::Square(square("a1")));
    assert!(b.tree.note(vb).shapes.is_empty());
    c.apply(AnalysisAction::Go(NodeId::ROOT));
    c.apply(AnalysisAction::ClearShapes);
    c.apply(AnalysisAction::Go(v));
    c.apply(AnalysisAction::ClearShapes);
    assert_eq!(c.tree, b.tree);
    // Squares off the board, and light squares in checkers, are refused.
    c.apply(AnalysisAction::Shape(Shape::arrow(70, 2, ShapeColor::Blue)));
    c.apply(AnalysisAction::Shape(Shape::mark(
        square("b1"),
        ShapeColor::Blue,
    )));
    assert!(c.tree.note(v).shapes.is_empty());
}

#[test]
fn the_menu_shows_the_board_kept_and_a_new_board_starts_either_game() {
    use crate::nav::NavAction;
    use crate::{AnalyseFrom, AppAction, AppState};
    let mut s = AppState::default();
    s.apply(AppAction::Nav(NavAction::Show(Screen::Games)));
    s.apply(AppAction::Analysis(AnalysisAction::Play("11-15".into())));
    s.apply(AppAction::Analyse(AnalyseFrom::Menu));
    assert_eq!(s.nav.screen, Screen::Analysis);
    assert_eq!(s.analysis_board.back, Screen::Games);
    assert_eq!(s.analysis_board.tree.len(), 2, "the tree is kept");
    // Again from the board itself: back still leads where it did.
    s.apply(AppAction::Analyse(AnalyseFrom::Menu));
    assert_eq!(s.analysis_board.back, Screen::Games);
    s.apply(AppAction::Analysis(AnalysisAction::Fresh(GameKind::Tiers)));
    let b = &s.analysis_board;
    assert_eq!(
        (b.tree.kind(), b.tree.len(), b.at),
        (GameKind::Tiers, 1, NodeId::ROOT)
    );
    assert!(!b.record().legal().is_empty());
    s.apply(AppAction::Analysis(AnalysisAction::Fresh(
        GameKind::Checkers,
    )));
    assert_eq!(s.analysis_board.record().legal().len(), 7);
}

#[test]
fn a_stated_result_is_written_while_the_main_line_ends_where_the_game_did() {
    // A game resigned after two moves: its last position does not end it.
    let mut b = board();
    b.apply(AnalysisAction::Take(
        "g.pdn".into(),
        "1. 11-15 23-19 0-1\n".into(),
    ));
    let result = |b: &AnalysisBoard| {
        let pdn = b.pdn();
        let tag = pdn
            .lines()
            .find(|l| l.starts_with("[Result "))
            .unwrap()
            .to_string();
        (tag, pdn.split_whitespace().last().unwrap().to_string())
    };
    assert_eq!(result(&b), ("[Result \"0-1\"]".into(), "0-1".into()));
    // A variation leaves the main line as it was.
    b.apply(AnalysisAction::Step(TreeStep::Last));
    b.apply(AnalysisAction::Step(TreeStep::Back));
    b.apply(AnalysisAction::Play("22-18".into()));
    assert_eq!(result(&b).1, "0-1");
    // Deleting the last move changes the game: its result is no longer known.
    let last = b.tree.line_end(NodeId::ROOT);
    b.apply(AnalysisAction::Go(last));
    b.apply(AnalysisAction::Delete);
    assert_eq!(result(&b), ("[Result \"*\"]".into(), "*".into()));
    // A game with no stated result has none.
    let mut open = board();
    open.apply(AnalysisAction::Take(
        "g.pdn".into(),
        "1. 11-15 23-19 *\n".into(),
    ));
    assert_eq!(result(&open).1, "*");
}
