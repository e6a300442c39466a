//! One bracket: entrants, results, and everything that follows from them.

use crate::entrant::{Entrant, Seeding, LEVELS, MAX_NAME_CHARS};
use crate::error::{ResultError, SetupError};
use crate::structure::{MatchId, Source, Stage, Structure, MAX_ENTRANTS};
use std::fmt;

/// The recorded outcome of one match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    /// Seed (0-based) of the winner.
    pub winner: usize,
    /// Seed (0-based) of the loser.
    pub loser: usize,
    /// Free score text, e.g. "2–1" (may be empty).
    pub score: String,
    /// Game record text, e.g. the moves (may be empty).
    pub record: String,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStatus {
    /// At least one player is not known yet.
    Waiting,
    /// Both players known, no result yet.
    Ready,
    /// Result recorded.
    Done,
    /// The grand-final reset, when the winners' champion won the first final.
    NotNeeded,
}

/// A result that was removed because the match it belonged to changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResetNotice {
    /// The match whose result was removed.
    pub id: MatchId,
    /// Human explanation, e.g. "Match 7 was reset: it was played by Ann v
    /// Bob, but it is now Ann v Carl."
    pub message: String,
}

/// A final place or a range of places shared by players eliminated in the
/// same round ("5–6th").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// Best place of the range (1 = champion).
    pub from: usize,
    /// Worst place of the range (equal to `from` for a single place).
    pub to: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn ordinal(n: usize) -> String {
            let suffix = match (n % 10, n % 100) {
                (1, x) if x != 11 => "st",
                (2, x) if x != 12 => "nd",
                (3, x) if x != 13 => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
        if self.from == self.to {
            f.write_str(&ordinal(self.from))
        } else {
            write!(f, "{}–{}", self.from, ordinal(self.to))
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Seed (0-based).
    pub seed: usize,
    /// Matches won (byes are not matches).
    pub wins: u32,
    /// Matches lost.
    pub losses: u32,
    /// Final place, once it is decided.
    pub place: Option<Place>,
}

/// A bracket: its entrants in seed order, its shape, and its results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    name: String,
    entrants: Vec<Entrant>,
    seeding: Seeding,
    structure: Structure,
    results: Vec<Option<MatchResult>>,
    notes: Vec<Option<String>>,
    players: Vec<[Option<usize>; 2]>,
}

impl Bracket {
    /// A bracket with no results. `entrants` are given as entered; `seeding`
    /// puts them in seed order.
    ///
    /// ```
    /// use tiers_bracket::{Bracket, Entrant, Seeding};
    /// let e = vec![Entrant::person("Ann"), Entrant::person("Bob"), Entrant::computer(3)];
    /// let b = Bracket::new("Adults", e, Seeding::AsEntered).unwrap();
    /// assert_eq!(b.ready_matches().len(), 1); // Bob v Computer; Ann has a bye
    /// ```
    pub fn new(
        name: impl Into<String>,
        entrants: Vec<Entrant>,
        seeding: Seeding,
    ) -> Result<Bracket, SetupError> {
        Self::seeded(name.into(), seeding.apply(entrants), seeding)
    }

    /// A bracket whose entrants are already in seed order.
    pub(crate) fn seeded(
        name: String,
        entrants: Vec<Entrant>,
        seeding: Seeding,
    ) -> Result<Bracket, SetupError> {
        let name = name.trim().to_string();
        let count = name.chars().count();
        if count > MAX_NAME_CHARS {
            return Err(SetupError::NameTooLong {
                what: crate::error::NameOf::Bracket(name.chars().take(20).collect()),
                chars: count,
            });
        }
        if !(2..=MAX_ENTRANTS).contains(&entrants.len()) {
            return Err(SetupError::EntrantCount {
                bracket: name,
                entrants: entrants.len(),
            });
        }
        let mut clean: Vec<Entrant> = Vec::with_capacity(entrants.len());
        for (i, e) in entrants.into_iter().enumerate() {
            let n = e.name.trim().to_string();
            if n.is_empty() {
                return Err(SetupError::EmptyEntrantName {
                    bracket: name,
                    position: i + 1,
                });
            }
            let chars = n.chars().count();
            if chars > MAX_NAME_CHARS {
                return Err(SetupError::NameTooLong {
                    what: crate::error::NameOf::Entrant {
                        bracket: name,
                        position: i + 1,
                    },
                    chars,
                });
            }
            if let Some(level) = e.level {
                if !LEVELS.contains(&level) {
                    return Err(SetupError::BadLevel {
                        bracket: name,
                        name: n,
                        level,
                    });
                }
            }
            if clean.iter().any(|c| crate::same_name(&c.name, &n)) {
                return Err(SetupError::DuplicateEntrant {
                    bracket: name,
                    name: n,
                });
            }
            clean.push(Entrant {
                name: n,
                level: e.level,
            });
        }
        let structure = Structure::new(clean.len()).expect("entrant count checked above");
        let m = structure.matches.len();
        let mut b = Bracket {
            name,
            entrants: clean,
            seeding,
            structure,
            results: vec![None; m],
            notes: vec![None; m],
            players: vec![[None, None]; m],
        };
        b.recompute();
        Ok(b)
    }

    /// The bracket's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Entrants in seed order (index 0 = seed 1).
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// How the seeds were given.
    pub fn seeding(&self) -> Seeding {
        self.seeding
    }

    /// The shape.
    pub fn structure(&self) -> &Structure {
        &self.structure
    }

    /// The entrant with seed `seed` (0-based).
    pub fn entrant(&self, seed: usize) -> &Entrant {
        &self.entrants[seed]
    }

    /// The two players of a match as far as known (seeds, 0-based).
    pub fn players(&self, id: MatchId) -> [Option<usize>; 2] {
        self.players[id]
    }

    /// The recorded result of a match.
    pub fn result(&self, id: MatchId) -> Option<&MatchResult> {
        self.results[id].as_ref()
    }

    /// Why this match's earlier result was removed, if it was.
    pub fn reset_note(&self, id: MatchId) -> Option<&str> {
        self.notes[id].as_deref()
    }

    /// Where a match stands.
    pub fn status(&self, id: MatchId) -> MatchStatus {
        if id == self.structure.reset && !self.reset_needed() {
            return MatchStatus::NotNeeded;
        }
        match (self.results[id].is_some(), self.players[id]) {
            (true, _) => MatchStatus::Done,
            (false, [Some(_), Some(_)]) => MatchStatus::Ready,
            _ => MatchStatus::Waiting,
        }
    }

    /// Whether the reset match will be (or was) played: the first grand
    /// final was won by the player from the losers' bracket.
    pub fn reset_needed(&self) -> bool {
        let gf = self.structure.grand_final;
        match (&self.results[gf], self.players[gf]) {
            (Some(r), [_, Some(lb)]) => r.winner == lb,
            _ => false,
        }
    }

    /// Matches that can be played now, in play order.
    pub fn ready_matches(&self) -> Vec<MatchId> {
        (0..self.structure.matches.len())
            .filter(|&i| self.status(i) == MatchStatus::Ready)
            .collect()
    }

    /// The champion, once decided.
    pub fn champion(&self) -> Option<usize> {
        let s = &self.structure;
        if self.reset_needed() {
            self.results[s.reset].as_ref().map(|r| r.winner)
        } else {
            self.results[s.grand_final].as_ref().map(|r| r.winner)
        }
    }

    /// Whether the bracket has its champion.
    pub fn is_finished(&self) -> bool {
        self.champion().is_some()
    }

    /// "the winner of match 3", "Ann" — who fills a slot.
    pub fn describe_source(&self, source: Source) -> String {
        match source {
            Source::Seed(s) => self.entrants[s].name.clone(),
            Source::Winner(j) => format!("the winner of match {}", j + 1),
            Source::Loser(j) => format!("the loser of match {}", j + 1),
        }
    }

    /// Short text for an unknown slot: "Winner of 3" / "Loser of 5".
    pub fn slot_hint(&self, source: Source) -> String {
        match source {
            Source::Seed(s) => self.entrants[s].name.clone(),
            Source::Winner(j) => format!("Winner of {}", j + 1),
            Source::Loser(j) => format!("Loser of {}", j + 1),
        }
    }

    fn players_text(&self, id: MatchId) -> String {
        let spec = &self.structure.matches[id];
        let p = self.players[id];
        let side = |k: usize| match p[k] {
            Some(s) => self.entrants[s].name.clone(),
            None => self.slot_hint(spec.slots[k]),
        };
        format!("{} v {}", side(0), side(1))
    }

    fn check_playable(&self, id: MatchId) -> Result<[usize; 2], ResultError> {
        let matches = self.structure.matches.len();
        if id >= matches {
            return Err(ResultError::NoSuchMatch {
                number: id + 1,
                matches,
            });
        }
        if id == self.structure.reset && !self.reset_needed() {
            return Err(ResultError::NotNeeded { number: id + 1 });
        }
        let spec = &self.structure.matches[id];
        match self.players[id] {
            [Some(a), Some(b)] => Ok([a, b]),
            p => {
                let source = if id == self.structure.reset {
                    None
                } else {
                    let k = if p[0].is_none() { 0 } else { 1 };
                    Some(spec.slots[k])
                };
                Err(ResultError::NotReady {
                    number: id + 1,
                    waiting_for: source.map_or_else(
                        || "the grand final".to_string(),
                        |s| self.describe_source(s),
                    ),
                    source,
                })
            }
        }
    }

    /// Records (or corrects) the result of match `id`: `winner` is a seed
    /// (0-based) of one of its two players. Results further on that no
    /// longer fit (the players changed) are removed; the notices say which.
    ///
    /// ```
    /// use tiers_bracket::{Bracket, Entrant, Seeding};
    /// let e: Vec<Entrant> = ["A", "B", "C", "D"].into_iter().map(Entrant::person).collect();
    /// let mut b = Bracket::new("Open", e, Seeding::AsEntered).unwrap();
    /// b.set_result(0, 0, "", "").unwrap(); // A beats D
    /// assert!(b.set_result(0, 2, "", "").is_err()); // C is not in match 1
    /// ```
    pub fn set_result(
        &mut self,
        id: MatchId,
        winner: usize,
        score: &str,
        record: &str,
    ) -> Result<Vec<ResetNotice>, ResultError> {
        let [a, b] = self.check_playable(id)?;
        let loser = if winner == a {
            b
        } else if winner == b {
            a
        } else {
            return Err(ResultError::NotAPlayer {
                number: id + 1,
                winner: self
                    .entrants
                    .get(winner)
                    .map(|e| e.name.clone())
                    .unwrap_or_else(|| format!("seed {}", winner + 1)),
                players: self.players_text(id),
            });
        };
        self.results[id] = Some(MatchResult {
            winner,
            loser,
            score: score.trim().to_string(),
            record: record.to_string(),
        });
        self.notes[id] = None;
        Ok(self.recompute())
    }

    /// Removes the result of match `id` (and, with it, results further on
    /// that depended on it).
    pub fn clear_result(&mut self, id: MatchId) -> Result<Vec<ResetNotice>, ResultError> {
        let matches = self.structure.matches.len();
        if id >= matches {
            return Err(ResultError::NoSuchMatch {
                number: id + 1,
                matches,
            });
        }
        self.results[id] = None;
        self.notes[id] = None;
        Ok(self.recompute())
    }

    /// Fills in every match's players from the results, in play order, and
    /// drops results that no longer fit.
    fn recompute(&mut self) -> Vec<ResetNotice> {
        let mut notices = Vec::new();
        let s = &self.structure;
        for id in 0..s.matches.len() {
            let spec = &s.matches[id];
            let resolve = |src: Source, results: &[Option<MatchResult>]| match src {
                Source::Seed(seed) => Some(seed),
                Source::Winner(j) => results[j].as_ref().map(|r| r.winner),
                Source::Loser(j) => results[j].as_ref().map(|r| r.loser),
            };
            let p = [
                resolve(spec.slots[0], &self.results),
                resolve(spec.slots[1], &self.results),
            ];
            self.players[id] = p;
            let needed = if id == s.reset {
                match (&self.results[s.grand_final], p) {
                    (Some(r), [_, Some(lb)]) => r.winner == lb,
                    _ => false,
                }
            } else {
                true
            };
            let Some(r) = &self.results[id] else { continue };
            let fits = needed
                && matches!(p, [Some(a), Some(b)]
                    if (a == r.winner && b == r.loser) || (a == r.loser && b == r.winner));
            if !fits {
                let name = |seed: usize| self.entrants[seed].name.as_str();
                let was = format!("{} beat {}", name(r.winner), name(r.loser));
                let message = if !needed && p[0].is_some() && p[1].is_some() {
                    let why = if self.results[s.grand_final].is_some() {
                        "the winners' bracket champion won the grand final"
                    } else {
                        "the grand final has no result any more"
                    };
                    format!(
                        "Match {} was reset: {was} in it, but it is not needed any more ({why}).",
                        id + 1
                    )
                } else {
                    let side = |k: usize| match p[k] {
                        Some(seed) => name(seed).to_string(),
                        None => {
                            // "Winner of 3" → "winner of 3" (the hint is ASCII).
                            self.slot_hint(spec.slots[k]).to_ascii_lowercase()
                        }
                    };
                    format!(
                        "Match {} was reset: {was} in it, but it is now {} v {}.",
                        id + 1,
                        side(0),
                        side(1)
                    )
                };
                notices.push(ResetNotice { id, message });
            }
            if !fits {
                self.results[id] = None;
            }
        }
        for n in &notices {
            self.notes[n.id] = Some(n.message.clone());
        }
        notices
    }

    /// Wins, losses and (once decided) the final place of every entrant, in
    /// seed order.
    ///
    /// Players knocked out in the same losers' round share a place range:
    /// with 8 players, 1st, 2nd (grand final), 3rd (losers' final), 4th,
    /// 5–6th, 7–8th.
    pub fn standings(&self) -> Vec<Standing> {
        let n = self.entrants.len();
        let s = &self.structure;
        let mut out: Vec<Standing> = (0..n)
            .map(|seed| Standing {
                seed,
                wins: 0,
                losses: 0,
                place: None,
            })
            .collect();
        // Number of players knocked out in each losers' round.
        let rounds = s.losers_rounds as usize;
        let mut out_in_round = vec![0usize; rounds + 1];
        for m in &s.matches {
            if let Stage::Losers { round, .. } = m.stage {
                out_in_round[round as usize] += 1;
            }
        }
        for (id, r) in self.results.iter().enumerate() {
            let Some(r) = r else { continue };
            out[r.winner].wins += 1;
            out[r.loser].losses += 1;
            if let Stage::Losers { round, .. } = s.matches[id].stage {
                let before: usize = out_in_round[..round as usize].iter().sum();
                let here = out_in_round[round as usize];
                out[r.loser].place = Some(Place {
                    from: n - before - here + 1,
                    to: n - before,
                });
            }
        }
        if let Some(champion) = self.champion() {
            let last = if self.reset_needed() {
                s.reset
            } else {
                s.grand_final
            };
            let runner_up = self.results[last].as_ref().map(|r| r.loser);
            out[champion].place = Some(Place { from: 1, to: 1 });
            if let Some(r) = runner_up {
                out[r].place = Some(Place { from: 2, to: 2 });
            }
        }
        out
    }

    /// The final placing so far: places with their players, best first
    /// (players still in the running are left out).
    pub fn placing(&self) -> Vec<(Place, Vec<usize>)> {
        let mut by_place: Vec<(Place, Vec<usize>)> = Vec::new();
        for s in self.ranked() {
            if let Some(p) = s.place {
                match by_place.last_mut() {
                    Some((q, v)) if *q == p => v.push(s.seed),
                    _ => by_place.push((p, vec![s.seed])),
                }
            }
        }
        by_place
    }

    /// The standings best first: players still in the running (they will
    /// finish above everyone placed so far; fewer losses first), then the
    /// placed ones by place; seed order within each.
    pub fn ranked(&self) -> Vec<Standing> {
        let st = self.standings();
        let key = |i: usize| {
            let s = &st[i];
            let place = s.place.map_or(0, |p| p.from as u64);
            place << 40 | u64::from(s.losses) << 32 | s.seed as u64
        };
        crate::order_by(st.len(), &key)
            .into_iter()
            .map(|i| st[i].clone())
            .collect()
    }

    /// All results with their match ids (for saving).
    pub(crate) fn results(&self) -> impl Iterator<Item = (MatchId, &MatchResult)> + '_ {
        self.results
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().map(|r| (i, r)))
    }

    /// All reset notes with their match ids (for saving).
    pub(crate) fn notes(&self) -> impl Iterator<Item = (MatchId, &str)> + '_ {
        self.notes
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_deref().map(|n| (i, n)))
    }

    /// Restores a saved note (import).
    pub(crate) fn set_note(&mut self, id: MatchId, note: String) {
        self.notes[id] = Some(note);
    }
}
