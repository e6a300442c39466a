//! Links that open the analysis board: the share link's game parameters
//! ([`crate::params`], read by the same [`crate::params::parse_game`])
//! with `analysis=1`. `pdn=` carries the whole tree as the board exports
//! it (variations, comments, NAGs and drawings come along), `fen=` or
//! `tfen=` a position to start from, neither the start of `game=`:
//! `?analysis=1&game=checkers&pdn=…`. A link that cannot be read opens
//! nothing and says which parameter is wrong.

use tiers_engine::pdn;
use tiers_engine::tree::NodeId;
use tiers_engine::{checkers, tiers, Color, GameKind};

use super::{AnyTree, Opening, TreeOf};
use crate::i18n::errors::Explain;
use crate::i18n::Text;
use crate::library::share::MAX_LINK;
use crate::nav::Screen;
use crate::params::{encode, explain_all, parse_game, query_pairs, Start};

/// The parameter that asks for the analysis board.
pub const PARAM: &str = "analysis";

/// Whether a page query asks for the analysis board (`analysis=1`,
/// `analysis`, `analysis=true`).
#[must_use]
pub fn asks(query: &str) -> bool {
    query_pairs(query).iter().any(|(n, v)| {
        n.trim().eq_ignore_ascii_case(PARAM)
            && matches!(v.trim().to_ascii_lowercase().as_str(), "" | "1" | "true")
    })
}

fn tree_of<P: TreeOf>(text: &str) -> Result<(AnyTree, Vec<(String, String)>), Text> {
    let game = pdn::read_each::<P>(text)
        .map_err(|e| e.explain())?
        .into_iter()
        .next()
        .ok_or_else(|| Text::new("error.pdn-no-game"))?
        .map_err(|e| e.explain())?;
    let tags = game
        .tags
        .iter()
        .filter(|&(n, _)| !matches!(n, "Result" | "GameType" | "FEN" | "SetUp"))
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    Ok((P::any_tree(game.tree), tags))
}

/// Opens an analysis link's query: the board's tree, shown at the end of
/// its main line, and whether it is seen from Black's side; or every
/// problem with the link in one message.
///
/// # Errors
/// The parameters' problems, as a share link's.
pub fn open(query: &str) -> Result<(Opening, bool), Text> {
    let (params, problems) = parse_game(&query_pairs(query), &[PARAM]);
    if let Some(all) = explain_all(&problems) {
        return Err(all);
    }
    let (tree, tags) = match (&params.start, params.kind) {
        (Start::Standard, kind) => (AnyTree::start(kind), Vec::new()),
        (Start::Position(text), kind) => (AnyTree::from_position(kind, text)?, Vec::new()),
        (Start::Pdn(text), GameKind::Checkers) => tree_of::<checkers::Position>(text)?,
        (Start::Pdn(text), GameKind::Tiers) => tree_of::<tiers::Position>(text)?,
    };
    let at = tree.line_end(NodeId::ROOT);
    let flipped = (params.orientation == Some(Color::Black)) != params.flip;
    Ok((
        Opening {
            tree,
            tags,
            at,
            back: Screen::NewGame,
            ending: None,
        },
        flipped,
    ))
}

/// A link to the board's whole tree (`base`: the page's address without
/// its query).
///
/// # Errors
/// When the link would be longer than [`MAX_LINK`]: the PDN file is then
/// the way to share it.
pub fn link(
    base: &str,
    tree: &AnyTree,
    tags: &[(String, String)],
    flipped: bool,
) -> Result<String, Text> {
    let mut query = format!("{PARAM}=1&game={}", tree.kind().name());
    if flipped {
        query.push_str("&flip=1");
    }
    if !tree.is_empty() || !tree.note(NodeId::ROOT).is_empty() {
        query.push_str("&pdn=");
        query.push_str(&encode(tree.to_pdn(tags).trim_end()));
    } else {
        let start = tree.record(NodeId::ROOT).start_text();
        if start
            != AnyTree::start(tree.kind())
                .record(NodeId::ROOT)
                .start_text()
        {
            let name = if tree.kind() == GameKind::Checkers {
                "fen"
            } else {
                "tfen"
            };
            query.push_str(&format!("&{name}={}", encode(&start)));
        }
    }
    let link = format!("{base}?{query}");
    if link.len() > MAX_LINK {
        return Err(crate::text!(
            "error.link-too-long",
            count = link.len(),
            max = MAX_LINK
        ));
    }
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis_board::{AnalysisAction, AnalysisBoard};
    use tiers_engine::shapes::{Shape, ShapeColor};

    use crate::test_links::{query, BASE};

    #[test]
    fn a_tree_with_variations_and_drawings_goes_through_a_link() {
        let mut b = AnalysisBoard::default();
        for m in ["11-15", "23-19", "8-11"] {
            b.apply(AnalysisAction::Play(m.into()));
        }
        b.apply(AnalysisAction::Step(super::super::TreeStep::Back));
        b.apply(AnalysisAction::Play("22-17".into()));
        b.apply(AnalysisAction::Comment("a sideline".into()));
        b.apply(AnalysisAction::Shape(Shape::arrow(
            crate::record::square("c3"),
            crate::record::square("d4"),
            ShapeColor::Red,
        )));
        let link = link(BASE, &b.tree, &b.tags, true).unwrap();
        assert!(link.starts_with("https://example.org/tiers/?analysis=1&game=checkers&flip=1&pdn="));
        assert!(asks(query(&link)));
        let (opening, flipped) = open(query(&link)).unwrap();
        assert!(flipped);
        assert_eq!(opening.tree, b.tree);
        assert_eq!(
            opening.tree.record(opening.at).move_texts(),
            ["11-15", "23-19", "8-11"]
        );
    }

    #[test]
    fn positions_fresh_boards_and_bad_links() {
        let tiers = AnyTree::start(GameKind::Tiers);
        let link = link(BASE, &tiers, &[], false).unwrap();
        assert_eq!(link, "https://example.org/tiers/?analysis=1&game=tiers");
        assert_eq!(open(query(&link)).unwrap().0.tree, tiers);
        let pos = AnyTree::from_position(GameKind::Checkers, "B:W18,24,27:BK3,12").unwrap();
        let link = link_of(&pos);
        assert!(link.contains("&fen="), "{link}");
        assert_eq!(open(query(&link)).unwrap().0.tree, pos);
        assert!(!asks("game=checkers&pdn=11-15"));
        assert!(!asks("analysis=0"));
        for bad in [
            "analysis=1&game=chess",
            "analysis=1&pdn=1.%2011-18",
            "analysis=1&fen=W:W99",
            "analysis=1&game=tiers&pdn=1.%2011-15",
            "analysis=1&pdn=%7B",
        ] {
            assert!(open(bad).is_err(), "{bad}");
        }
    }

    fn link_of(tree: &AnyTree) -> String {
        link(BASE, tree, &[], false).unwrap()
    }
}
