//! The bracket drawn as an SVG picture (a plain string, no dependencies).
//!
//! Made to be read on a phone (15 px text at natural size, the picture is
//! wider than a phone so its container scrolls) and to print cleanly: black
//! on white, winners in bold with a W beside them, no colour needed to read it.
//! Each match is a `<g class="match" data-match="ID">` so a page can react to
//! taps on a match.

use crate::bracket::{Bracket, MatchStatus};
use crate::structure::{MatchId, Source, Stage};
use std::fmt::Write;

const BOX_W: i32 = 250;
const ROW_H: i32 = 30;
const MATCH_H: i32 = 2 * ROW_H;
const SLOT: i32 = MATCH_H + 22;
const GAP: i32 = 44;
const NUM_W: i32 = 30;
const SCORE_W: i32 = 30;
const MARGIN: i32 = 16;
const HEADER_H: i32 = 40;

/// Escapes text for use in SVG/XML content and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

struct Layout {
    x: Vec<i32>,
    y: Vec<i32>, // top of the box
}

/// Lays out one section as a tree: leaves take successive slots, a match
/// sits at the mean height of the matches feeding it from the same section.
fn place_tree(
    b: &Bracket,
    root: MatchId,
    in_section: &dyn Fn(MatchId) -> bool,
    top: i32,
    y: &mut [i32],
    next_leaf: &mut usize,
) -> i32 {
    let spec = &b.structure().matches[root];
    let children: Vec<MatchId> = spec
        .slots
        .iter()
        .filter_map(|s| match s {
            Source::Winner(j) if in_section(*j) => Some(*j),
            _ => None,
        })
        .collect();
    let centre = if children.is_empty() {
        let c = top + *next_leaf as i32 * SLOT + SLOT / 2;
        *next_leaf += 1;
        c
    } else {
        let ys: Vec<i32> = children
            .iter()
            .map(|&c| place_tree(b, c, in_section, top, y, next_leaf))
            .collect();
        ys.iter().sum::<i32>() / ys.len() as i32
    };
    y[root] = centre - MATCH_H / 2;
    centre
}

fn column_x(col: usize) -> i32 {
    MARGIN + col as i32 * (BOX_W + GAP)
}

fn layout(b: &Bracket) -> (Layout, i32, i32, i32, i32) {
    let s = b.structure();
    let n = s.matches.len();
    let mut x = vec![0; n];
    let mut y = vec![0; n];
    let wb_final = match s.matches[s.grand_final].slots[0] {
        Source::Winner(j) => j,
        _ => unreachable!("the grand final takes the winners' champion"),
    };
    let is_w = |j: MatchId| matches!(s.matches[j].stage, Stage::Winners { .. });
    let is_l = |j: MatchId| matches!(s.matches[j].stage, Stage::Losers { .. });
    let wb_top = MARGIN + HEADER_H + 28;
    let mut leaves = 0;
    place_tree(b, wb_final, &is_w, wb_top, &mut y, &mut leaves);
    let wb_bottom = wb_top + leaves as i32 * SLOT;
    let lb_top = wb_bottom + 40;
    let mut lb_bottom = lb_top;
    let lb_final = match s.matches[s.grand_final].slots[1] {
        Source::Winner(j) if is_l(j) => Some(j),
        _ => None,
    };
    if let Some(root) = lb_final {
        let mut leaves = 0;
        place_tree(b, root, &is_l, lb_top, &mut y, &mut leaves);
        lb_bottom = lb_top + leaves as i32 * SLOT;
    }
    // Losers' rounds emptied by byes take no column.
    let first_lb = s
        .matches
        .iter()
        .filter_map(|m| match m.stage {
            Stage::Losers { round, .. } => Some(round as usize),
            _ => None,
        })
        .min()
        .unwrap_or(1);
    let mut cols = 0usize;
    for m in &s.matches {
        match m.stage {
            Stage::Winners { round, .. } => {
                x[m.id] = column_x(round as usize - 1);
                cols = cols.max(round as usize);
            }
            Stage::Losers { round, .. } => {
                let col = round as usize - first_lb;
                x[m.id] = column_x(col);
                cols = cols.max(col + 1);
            }
            _ => {}
        }
    }
    let gf_y = match lb_final {
        Some(l) => (y[wb_final] + y[l]) / 2,
        None => y[wb_final] + SLOT,
    };
    x[s.grand_final] = column_x(cols);
    y[s.grand_final] = gf_y;
    x[s.reset] = column_x(cols + 1);
    y[s.reset] = gf_y;
    let width = column_x(cols + 2) - GAP + MARGIN;
    (
        Layout { x, y },
        wb_top,
        lb_top,
        lb_bottom.max(gf_y + SLOT),
        width,
    )
}

/// Draws `bracket` with `title` on top.
///
/// ```
/// use tiers_bracket::{svg, Bracket, Entrant, Seeding};
/// let e = ["Ann", "Bob", "Cy"].map(Entrant::person).to_vec();
/// let b = Bracket::new("Youth", e, Seeding::AsEntered).unwrap();
/// let picture = svg::render(&b, "Club night — Youth");
/// assert!(picture.starts_with("<svg"));
/// assert!(picture.contains("Bob") && picture.contains("Winner of 1"));
/// ```
pub fn render(bracket: &Bracket, title: &str) -> String {
    render_with(bracket, title, true)
}

/// Draws `bracket` for a page that loads [`STYLE`] itself: no `<style>`
/// element, which a strict Content Security Policy (`style-src 'self'`)
/// would block in an inline SVG.
pub fn render_for_page(bracket: &Bracket, title: &str) -> String {
    render_with(bracket, title, false)
}

/// The picture's style sheet: every rule applies under `.bracket-svg` (the
/// class of the `<svg>` element), so a page can load it next to its own.
pub const STYLE: &str = "\
.bracket-svg text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;fill:#000}
.bracket-svg .title{font-size:22px;font-weight:700}
.bracket-svg .section{font-size:17px;font-weight:700}
.bracket-svg .box{fill:#fff;stroke:#000;stroke-width:1.5}
.bracket-svg .ready .box{stroke-width:3}
.bracket-svg .unneeded .box{stroke-dasharray:6 4}
.bracket-svg .sep{stroke:#000;stroke-width:1}
.bracket-svg .num{font-size:12px;text-anchor:middle}
.bracket-svg .hint{fill:#555;font-style:italic;font-size:13px}
.bracket-svg .win{font-weight:700}
.bracket-svg .lose{fill:#444}
.bracket-svg .score{font-size:13px;text-anchor:middle}
.bracket-svg .note{font-size:11px;fill:#000;font-style:italic}
.bracket-svg .line{stroke:#000;stroke-width:1.5;fill:none}
.bracket-svg .place{font-size:15px}
@media print{.bracket-svg .ready .box{stroke-width:1.5}}
";

fn render_with(bracket: &Bracket, title: &str, standalone: bool) -> String {
    let s = bracket.structure();
    let (lay, wb_top, lb_top, bottom, width) = layout(bracket);
    let placing = bracket.placing();
    let placing_lines = placing.len().div_ceil(2);
    let height =
        bottom + 30 + placing_lines as i32 * 24 + if placing.is_empty() { 0 } else { 34 } + MARGIN;
    let mut o = String::new();
    let _ = write!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="bracket-svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{}">"#,
        escape(title)
    );
    if standalone {
        o.push_str("<style>");
        o.push_str(STYLE);
        o.push_str("</style>");
    }
    o.push_str(r##"<rect x="0" y="0" width="100%" height="100%" fill="#fff"/>"##);
    let _ = write!(
        o,
        r#"<text class="title" x="{MARGIN}" y="{}">{}</text>"#,
        MARGIN + 22,
        escape(title)
    );
    let _ = write!(
        o,
        r#"<text class="section" x="{MARGIN}" y="{}">Winners' bracket</text>"#,
        wb_top - 10
    );
    if s.losers_rounds > 0 {
        let _ = write!(
            o,
            r#"<text class="section" x="{MARGIN}" y="{}">Losers' bracket</text>"#,
            lb_top - 6
        );
    }
    let _ = write!(
        o,
        r#"<text class="section" x="{}" y="{}">Grand final</text>"#,
        lay.x[s.grand_final],
        lay.y[s.grand_final] - 10
    );
    // Connectors first, so boxes cover their ends.
    for m in &s.matches {
        if m.stage == Stage::GrandFinalReset {
            let (fx, fy) = (lay.x[s.grand_final] + BOX_W, lay.y[s.grand_final] + ROW_H);
            let _ = write!(o, r#"<path class="line" d="M{fx} {fy} H{}"/>"#, lay.x[m.id]);
            continue;
        }
        for (k, src) in m.slots.iter().enumerate() {
            if let Source::Winner(j) = src {
                let (x0, y0) = (lay.x[*j] + BOX_W, lay.y[*j] + ROW_H);
                let (x1, y1) = (lay.x[m.id], lay.y[m.id] + ROW_H * k as i32 + ROW_H / 2);
                let mid = x1 - GAP / 2;
                let _ = write!(
                    o,
                    r#"<path class="line" d="M{x0} {y0} H{mid} V{y1} H{x1}"/>"#
                );
            }
        }
    }
    for m in &s.matches {
        draw_match(&mut o, bracket, m.id, lay.x[m.id], lay.y[m.id]);
    }
    if !placing.is_empty() {
        let top = bottom + 30;
        let _ = write!(
            o,
            r#"<text class="section" x="{MARGIN}" y="{top}">Final placing</text>"#
        );
        for (i, (place, seeds)) in placing.iter().enumerate() {
            let names: Vec<String> = seeds
                .iter()
                .map(|&sd| escape(&bracket.entrant(sd).name))
                .collect();
            let col = (i % 2) as i32;
            let row = (i / 2) as i32;
            let _ = write!(
                o,
                r#"<text class="place" x="{}" y="{}"><tspan class="win">{}</tspan> {}</text>"#,
                MARGIN + col * (width / 2),
                top + 26 + row * 24,
                place,
                names.join(", ")
            );
        }
    }
    o.push_str("</svg>");
    o
}

fn draw_match(o: &mut String, b: &Bracket, id: MatchId, x: i32, y: i32) {
    let s = b.structure();
    let spec = &s.matches[id];
    let status = b.status(id);
    let class = match status {
        MatchStatus::Ready => "match ready",
        MatchStatus::Done => "match done",
        MatchStatus::Waiting => "match waiting",
        MatchStatus::NotNeeded => "match unneeded",
    };
    let players = b.players(id);
    let result = b.result(id);
    // The reset before the grand final is played, or after the winners'
    // champion won it.
    let decided = b.result(s.grand_final).is_some();
    let label = |k: usize| -> String {
        match players[k] {
            _ if status == MatchStatus::NotNeeded => [
                if decided {
                    "Not needed"
                } else {
                    "Rematch if needed"
                },
                "",
            ][k]
                .to_string(),
            Some(seed) => format!("{} {}", seed + 1, b.entrant(seed).name),
            None => b.slot_hint(spec.slots[k]),
        }
    };
    let _ = write!(
        o,
        r#"<g class="{class}" data-match="{id}"><title>Match {} ({})</title>"#,
        id + 1,
        spec.stage.round_label()
    );
    let _ = write!(
        o,
        r#"<rect class="box" x="{x}" y="{y}" width="{BOX_W}" height="{MATCH_H}" rx="4"/>"#
    );
    let _ = write!(
        o,
        r#"<path class="sep" d="M{} {y} V{} M{} {} H{} M{} {y} V{}"/>"#,
        x + NUM_W,
        y + MATCH_H,
        x + NUM_W,
        y + ROW_H,
        x + BOX_W,
        x + BOX_W - SCORE_W,
        y + MATCH_H
    );
    let _ = write!(
        o,
        r#"<text class="num" x="{}" y="{}">{}</text>"#,
        x + NUM_W / 2,
        y + ROW_H + 5,
        id + 1
    );
    for (k, player) in players.into_iter().enumerate() {
        let ty = y + ROW_H * k as i32 + 20;
        let won = result.is_some_and(|r| Some(r.winner) == player);
        let cls = match (player, result) {
            _ if status == MatchStatus::NotNeeded => "hint",
            (None, _) => "hint",
            (Some(_), Some(_)) if won => "win",
            (Some(_), Some(_)) => "lose",
            (Some(_), None) => "",
        };
        let text = truncate(&label(k), if won { 20 } else { 22 });
        let _ = write!(
            o,
            r#"<text class="{cls}" x="{}" y="{ty}">{}</text>"#,
            x + NUM_W + 7,
            escape(&text)
        );
        if won {
            let _ = write!(
                o,
                r#"<text class="score win" x="{}" y="{ty}">W</text>"#,
                x + BOX_W - SCORE_W / 2
            );
        }
    }
    if let Some(r) = result {
        if !r.score.is_empty() {
            let _ = write!(
                o,
                r#"<text class="note" x="{}" y="{}">{}</text>"#,
                x + NUM_W,
                y + MATCH_H + 13,
                escape(&truncate(&r.score, 34))
            );
        }
    } else if status == MatchStatus::NotNeeded {
        let _ = write!(
            o,
            r#"<text class="note" x="{}" y="{}">{}</text>"#,
            x,
            y + MATCH_H + 13,
            if decided {
                "the winners’ champion won GF"
            } else {
                "only if the losers’ champion wins GF"
            }
        );
    } else if b.reset_note(id).is_some() {
        let _ = write!(
            o,
            r#"<text class="note" x="{}" y="{}">↺ result reset after a correction</text>"#,
            x + NUM_W,
            y + MATCH_H + 13
        );
    }
    o.push_str("</g>");
}
