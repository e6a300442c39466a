//! A game's review shown on the analysis board: the tree made from the
//! game with each move's verdict on its node ([`review_tree`]: the
//! evaluation and the computer's line as `[%eval]` / `[%best]` comment
//! commands, the mark as a NAG with its words, the better line as a
//! variation), and what the board's review panel draws from
//! ([`ReviewPanel`]: the evaluations for the graph, the marks, the game's
//! moves to find their nodes in a tree the player goes on editing).

use tiers_engine::pdn::Annotation;
use tiers_engine::tree::NodeId;
use tiers_engine::Color;

use super::AnyTree;
use crate::i18n::Text;
use crate::record::Record;
use crate::review::{Counts, Mark, Review, Subject, REVIEW_TAG};

/// What the review panel of the board shows: the finished review of a
/// game whose moves are `moves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewPanel {
    /// The review.
    pub review: Review,
    /// The game's moves (written form), from the tree's start.
    pub moves: Vec<String>,
    /// The side that played each move.
    pub sides: Vec<Color>,
}

impl ReviewPanel {
    /// The panel of `review` of the game `subject`.
    #[must_use]
    pub fn of(subject: &Subject, review: &Review) -> ReviewPanel {
        ReviewPanel {
            review: review.clone(),
            moves: subject.record.move_texts(),
            sides: subject.sides(),
        }
    }

    /// The review written in a game read from PDN (its `Review` tag, the
    /// text of `review_tag`, and each main-line move's `[%eval]` among
    /// `notes`: [`Review::from_pdn`]) whose moves are `record`, as the
    /// board stores it: the panel comes back with the board.
    #[must_use]
    pub fn written(
        record: &dyn Record,
        review_tag: Option<&str>,
        notes: &[Annotation],
    ) -> Option<ReviewPanel> {
        let review = Review::from_pdn(review_tag, notes, record.ply())?;
        Some(ReviewPanel {
            review,
            moves: record.move_texts(),
            sides: (0..record.ply())
                .map(|i| record.side_at(i).unwrap_or(Color::Red))
                .collect(),
        })
    }

    /// The marks of every move.
    #[must_use]
    pub fn marks(&self) -> Vec<Option<Mark>> {
        self.review.marks(&self.sides)
    }

    /// Each side's counts, Red's first.
    #[must_use]
    pub fn counts(&self) -> [Counts; 2] {
        self.review.counts(&self.sides)
    }

    /// The marked moves (indices) of `only` (None: both sides).
    #[must_use]
    pub fn marked(&self, only: Option<Color>) -> Vec<usize> {
        self.marks()
            .into_iter()
            .enumerate()
            .filter(|&(i, m)| m.is_some() && only.is_none_or(|o| self.sides.get(i) == Some(&o)))
            .map(|(i, _)| i)
            .collect()
    }

    /// The node of the game after `ply` of its moves in `tree` (the root
    /// for 0), found by the moves' texts (the tree may have been edited
    /// since: variations promoted, moves deleted); `None` once one of
    /// them is gone.
    #[must_use]
    pub fn node(&self, tree: &AnyTree, ply: usize) -> Option<NodeId> {
        let mut at = NodeId::ROOT;
        for mv in self.moves.get(..ply)? {
            at = *tree
                .children(at)
                .iter()
                .find(|&&k| tree.text(k) == mv.as_str())?;
        }
        Some(at)
    }

    /// How many of the game's moves lead to `at`, when `at` is on the
    /// game's line.
    #[must_use]
    pub fn ply_of(&self, tree: &AnyTree, at: NodeId) -> Option<usize> {
        let path = tree.path(at);
        let on = path.len() <= self.moves.len()
            && path
                .iter()
                .zip(&self.moves)
                .all(|(&n, mv)| tree.text(n) == mv.as_str());
        on.then_some(path.len())
    }
}

/// The tree of a reviewed game: its moves with the review's `notes`
/// ([`Review::notes`]: `[%eval]`, `[%best]`, the mark's NAG and its words
/// in the page's language), and the better line of every
/// marked move as a variation from the position before it; with the
/// game's tags and the `Review` tag (so the board's PDN carries the whole
/// review and reads back as one: [`Review::from_pdn`]).
///
/// # Errors
/// When the game cannot be rebuilt as a tree (a move the engine refuses).
pub fn review_tree(
    subject: &Subject,
    review: &Review,
    notes: &[Annotation],
) -> Result<(AnyTree, Vec<(String, String)>), Text> {
    let mut tree = AnyTree::from_record(subject.record.as_ref(), subject.plies(), notes)?;
    let panel = ReviewPanel::of(subject, review);
    for (i, mark) in panel.marks().into_iter().enumerate() {
        let better = &review.moves[i].better;
        if mark.is_none() || better.is_empty() {
            continue;
        }
        let Some(mut at) = panel.node(&tree, i) else {
            continue;
        };
        for mv in better {
            match tree.play_text(at, mv) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
    }
    let mut tags: Vec<(String, String)> = subject
        .tags
        .iter()
        .filter(|(n, _)| n != REVIEW_TAG && n != "Result")
        .cloned()
        .collect();
    tags.push((REVIEW_TAG.to_string(), review.tag_value()));
    Ok((tree, tags))
}
