//! A small CDCL SAT solver in the manner of MiniSat: unit propagation over two watched
//! literals, first-UIP conflict analysis with non-chronological backjumps and recursive
//! minimization of the learnt clause, VSIDS decisions ([`crate::sat_order`]) with saved
//! phases, and restarts on the Luby sequence. Learnt clauses are kept for good: the counts
//! it serves end within thousands of conflicts.
//!
//! It serves the backtracker's counts that run long (see `Backtracker::count_up_to`): sparse
//! jigsaw grids whose solutions are rare among many interchangeable digits, which a search
//! without learning meets only after going through the same dead ends in many places, while
//! a learnt clause rules out each one for good.
//!
//! A literal is `2 * var` (the variable true) or `2 * var + 1` (false).
//!
//! # Example
//!
//! ```
//! use common::sat::Sat;
//!
//! let (yes, no) = (|var: u32| 2 * var, |var: u32| 2 * var + 1);
//! // (x0 or x1) and not x0: only x1 true satisfies them.
//! let mut formula = Sat::new(2);
//! formula.add(&[yes(0), yes(1)]);
//! formula.add(&[no(0)]);
//! assert!(formula.solve());
//! assert!(!formula.value(0) && formula.value(1));
//!
//! // Three pigeons in two holes: pigeon p in hole h is variable 2 * p + h.
//! let mut pigeons = Sat::new(6);
//! for p in 0..3 {
//!     pigeons.add(&[yes(2 * p), yes(2 * p + 1)]);
//! }
//! for h in 0..2 {
//!     for (p, q) in [(0, 1), (0, 2), (1, 2)] {
//!         pigeons.add(&[no(2 * p + h), no(2 * q + h)]);
//!     }
//! }
//! assert!(!pigeons.solve());
//! assert!(pigeons.conflicts() > 0);
//! ```

use crate::sat_order::VarOrder;

/// No reason: a decision, or a fact of level 0.
const NONE: usize = usize::MAX;

/// The conflicts between restarts are this many times the terms of the Luby sequence (1, 1,
/// 2, 1, 1, 2, 4, ...). On hunted jigsaw grids with rare solutions, its runs end far sooner
/// at their slowest than under Glucose's rule (a restart when the recent learnt clauses'
/// glue runs high), whose runs on some of those grids go on many times longer.
const LUBY_UNIT: u64 = 16;

/// A clause watching a literal, with one of its other literals (the blocker): when that one is
/// true, propagation passes the clause by without reading it. A clause of two literals has
/// the other one as its blocker for good, so propagation settles it without reading it at all.
#[derive(Clone, Copy)]
struct Watch {
    /// Where the clause starts in [`Sat::arena`], and [`BINARY`] if it has two literals.
    clause: u32,
    blocker: u32,
}

/// The bit of [`Watch::clause`] that marks a clause of two literals.
const BINARY: u32 = 1 << 31;

impl Watch {
    fn index(self) -> usize {
        (self.clause & !BINARY) as usize
    }
}

/// A formula being solved: its clauses, and the assignment the search stands at.
#[derive(Default)]
pub struct Sat {
    /// The clauses one after another, each named by where it starts: its length, whether it
    /// was learnt (1) or given by [`Sat::add`] (0), then its literals, the watched two first. A reason's implied literal
    /// is the first, but in a clause of two, which propagation does not reorder (see
    /// [`antecedents`]). One allocation for all rather than one a clause, and one load less
    /// on the way to a clause's literals.
    arena: Vec<u32>,
    /// Per literal: the clauses watching it, looked at when it becomes false.
    watches: Vec<Vec<Watch>>,
    /// Per literal: 1 true, -1 false, 0 unassigned.
    truth: Vec<i8>,
    /// Per variable: its decision level and the clause that implied it.
    at: Vec<(usize, usize)>,
    /// Per variable: the literal it was last set to (phase saving), first its negation.
    phase: Vec<u32>,
    order: VarOrder,
    /// Per variable: whether conflict analysis has met it.
    seen: Vec<bool>,
    trail: Vec<u32>,
    /// Per decision level: where it starts on the trail.
    limits: Vec<usize>,
    /// The trail's literals not yet propagated start here.
    head: usize,
    /// True once the clauses contradict each other.
    failed: bool,
    /// Conflicts met, and literals propagated, since [`Sat::new`]: the solver's work in
    /// units that do not depend on the machine.
    conflicts: u64,
    propagations: u64,
    /// The most conflicts [`Sat::solve`] may meet (see [`Sat::cap_conflicts`]).
    cap: u64,
    /// Room that conflict analysis reuses at each conflict rather than allocating: the
    /// clause it learns, which [`Sat::learn`] then adds; [`Sat::add`] uses it between
    /// conflicts.
    learnt: Vec<u32>,
    /// The restarts since [`Sat::new`], the conflicts since the last one, and whether one
    /// is called for, kept across the solves a cap cuts short.
    restarts: u64,
    since_restart: u64,
    restart_due: bool,
}

/// Term `i` (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...,
/// each block of terms up to 2^k repeated before the next power. O(log i).
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1 << k) - 1 < i {
            k += 1;
        }
        if (1 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

impl Sat {
    /// A formula over `vars` variables without clauses. O(vars).
    pub fn new(vars: usize) -> Self {
        Sat {
            // Room for a literal's watches in a 9x9 formula, which would otherwise grow them
            // again at every attempt.
            watches: (0..2 * vars).map(|_| Vec::with_capacity(64)).collect(),
            truth: vec![0; 2 * vars],
            at: vec![(0, NONE); vars],
            phase: (0..vars as u32).map(|v| 2 * v + 1).collect(),
            order: VarOrder::new(vars),
            seen: vec![false; vars],
            cap: u64::MAX,
            ..Sat::default()
        }
    }

    /// Adds the clause of `lits` (the search first returns to level 0). A clause with a
    /// literal true at level 0 is dropped, and its literals false there are left out.
    /// Constraint: no literal twice. O(length) besides the propagation of a unit.
    pub fn add(&mut self, lits: &[u32]) {
        self.backtrack(0);
        // The literals kept go into the room analysis uses, free between conflicts.
        let mut c = std::mem::take(&mut self.learnt);
        c.clear();
        let mut true_already = false;
        for &l in lits {
            match self.truth[l as usize] {
                1 => true_already = true,
                0 => c.push(l),
                _ => {}
            }
        }
        match c.len() {
            _ if true_already => {}
            0 => self.failed = true,
            1 => {
                self.assign(c[0], NONE);
                self.failed |= self.propagate().is_some();
            }
            _ => {
                self.push(&c, false);
            }
        }
        self.learnt = c;
    }

    /// Whether the clauses have a model; if so, [`Sat::value`] reads it until the next
    /// [`Sat::add`]. Exponential in the worst case.
    pub fn solve(&mut self) -> bool {
        while !self.failed {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                self.failed = self.limits.is_empty();
                if !self.failed {
                    let back = self.analyze(conflict);
                    self.backtrack(back);
                    self.learn();
                    // A restart called for waits for the next decision, after the
                    // propagation of what the conflict learnt.
                    self.since_restart += 1;
                    if self.since_restart >= luby(self.restarts + 1) * LUBY_UNIT {
                        self.restart_due = true;
                        self.since_restart = 0;
                        self.restarts += 1;
                    }
                    if self.conflicts > self.cap {
                        return false;
                    }
                }
                continue;
            }
            if self.restart_due {
                self.restart_due = false;
                self.backtrack(0);
            }
            match self.decide() {
                Some(lit) => {
                    self.limits.push(self.trail.len());
                    self.assign(lit, NONE);
                }
                None => return true,
            }
        }
        false
    }

    /// Makes [`Sat::solve`] give up once it has met more than `most` conflicts since
    /// [`Sat::new`], answering false whatever the formula: the answer of a solve that ends with
    /// [`Sat::conflicts`] above `most` means nothing. A solve that gives up stops where it
    /// stands, the conflict past the cap analysed and learnt, so that the next one, under a
    /// higher cap, goes on exactly as one solve without a cap would have. O(1).
    pub fn cap_conflicts(&mut self, most: u64) {
        self.cap = most;
    }

    /// The conflicts met since [`Sat::new`]. O(1).
    pub fn conflicts(&self) -> u64 {
        self.conflicts
    }

    /// The literals propagated since [`Sat::new`], each one a pass over the clauses watching
    /// its negation. O(1).
    pub fn propagations(&self) -> u64 {
        self.propagations
    }

    /// Whether variable `var` is true in the model [`Sat::solve`] found. O(1).
    pub fn value(&self, var: usize) -> bool {
        self.truth[2 * var] > 0
    }

    fn assign(&mut self, lit: u32, reason: usize) {
        let v = (lit >> 1) as usize;
        self.truth[lit as usize] = 1;
        self.truth[(lit ^ 1) as usize] = -1;
        self.at[v] = (self.limits.len(), reason);
        self.trail.push(lit);
    }

    /// Adds a clause of two literals or more, learnt or not, watching its first two; where it
    /// starts.
    fn push(&mut self, lits: &[u32], learnt: bool) -> usize {
        let c = self.arena.len();
        self.arena
            .extend_from_slice(&[lits.len() as u32, learnt as u32]);
        self.arena.extend_from_slice(lits);
        self.watch(c);
        c
    }

    /// The clause starting at `c` watches its first two literals, each with the other as
    /// blocker.
    fn watch(&mut self, c: usize) {
        let (a, b) = (self.arena[c + 2], self.arena[c + 3]);
        let clause = c as u32 | if self.arena[c] == 2 { BINARY } else { 0 };
        self.watches[a as usize].push(Watch { clause, blocker: b });
        self.watches[b as usize].push(Watch { clause, blocker: a });
    }

    // Decision.

    /// The literal of the next decision: the most active free variable, set as it was last
    /// (false the first time: in the puzzles it is made for most variables are); `None` when
    /// every variable has a value.
    fn decide(&mut self) -> Option<u32> {
        while let Some(v) = self.order.pop() {
            if self.truth[2 * v] == 0 {
                return Some(self.phase[v]);
            }
        }
        None
    }

    /// Undoes every decision level above `level`, saving each freed variable's phase and
    /// putting it back in the decision order.
    fn backtrack(&mut self, level: usize) {
        if self.limits.len() > level {
            for &lit in &self.trail[self.limits[level]..] {
                let v = (lit >> 1) as usize;
                self.truth[lit as usize] = 0;
                self.truth[(lit ^ 1) as usize] = 0;
                self.phase[v] = lit;
                self.order.insert(v);
            }
            self.trail.truncate(self.limits[level]);
            self.limits.truncate(level);
            self.head = self.trail.len();
        }
    }

    // Propagation.

    /// Unit propagation of the trail's new literals; a clause with every literal false, if
    /// any. A longer clause's implied literal is put first, where `analyze` expects it; a
    /// clause of two is reordered only when it is the conflict, as reading it would.
    fn propagate(&mut self) -> Option<usize> {
        while self.head < self.trail.len() {
            let f = self.trail[self.head] ^ 1;
            self.head += 1;
            self.propagations += 1;
            let mut ws = std::mem::take(&mut self.watches[f as usize]);
            // The watches kept are moved down to `ws[..kept]`.
            let (mut i, mut kept) = (0, 0);
            let mut conflict = None;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                let blocker = self.truth[w.blocker as usize];
                if blocker > 0 {
                    ws[kept] = w;
                    kept += 1;
                    continue;
                }
                if w.clause & BINARY != 0 {
                    ws[kept] = w;
                    kept += 1;
                    if blocker == 0 {
                        self.assign(w.blocker, w.index());
                        continue;
                    }
                    let c = w.index() + 2;
                    if self.arena[c] == f {
                        self.arena.swap(c, c + 1);
                    }
                    conflict = Some(w.index());
                    while i < ws.len() {
                        ws[kept] = ws[i];
                        kept += 1;
                        i += 1;
                    }
                    continue;
                }
                let (start, len) = (w.index() + 2, self.arena[w.index()] as usize);
                let c = &mut self.arena[start..start + len];
                if c[0] == f {
                    c.swap(0, 1);
                }
                let first = c[0];
                let w = Watch {
                    clause: w.clause,
                    blocker: first,
                };
                if self.truth[first as usize] > 0 {
                    ws[kept] = w;
                    kept += 1;
                    continue;
                }
                let truth = &self.truth;
                if let Some(k) = c[2..].iter().position(|&l| truth[l as usize] >= 0) {
                    c.swap(1, k + 2);
                    self.watches[c[1] as usize].push(w);
                    continue;
                }
                ws[kept] = w;
                kept += 1;
                if self.truth[first as usize] < 0 {
                    conflict = Some(w.index());
                    while i < ws.len() {
                        ws[kept] = ws[i];
                        kept += 1;
                        i += 1;
                    }
                } else {
                    self.assign(first, w.index());
                }
            }
            ws.truncate(kept);
            self.watches[f as usize] = ws;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    // Conflict analysis.

    /// First-UIP analysis of conflict clause `c`, minimized: the learnt clause, left in
    /// [`Sat::learnt`] with its asserting literal first and a literal of the highest other
    /// level second, and that level, returned. Bumps the activity of every variable met.
    fn analyze(&mut self, mut c: usize) -> usize {
        let current = self.limits.len();
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(0);
        let (mut pending, mut i) = (0, self.trail.len());
        let mut implied = None;
        loop {
            let lits = match implied {
                None => clause(&self.arena, c),
                Some(p) => antecedents(clause(&self.arena, c), p),
            };
            for &q in lits {
                let v = (q >> 1) as usize;
                if !self.seen[v] && self.at[v].0 > 0 {
                    self.seen[v] = true;
                    self.order.bump(v);
                    if self.at[v].0 == current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                i -= 1;
                if self.seen[(self.trail[i] >> 1) as usize] {
                    break;
                }
            }
            let p = self.trail[i];
            self.seen[(p >> 1) as usize] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = p ^ 1;
                break;
            }
            c = self.at[(p >> 1) as usize].1;
            implied = Some(p);
        }
        self.order.decay();
        // Minimization: a literal whose reason's other literals are in the clause, at level
        // 0, or (recursively) so implied adds nothing; it moves past `kept`, to be unmarked.
        let (mut kept, mut marked, mut stack) = (1, vec![], vec![]);
        let levels = learnt[1..].iter().fold(0, |l, &q| l | self.level_bit(q));
        for k in 1..learnt.len() {
            if !self.implied_by_clause(learnt[k], levels, &mut marked, &mut stack) {
                learnt.swap(kept, k);
                kept += 1;
            }
        }
        marked.extend(learnt[1..].iter().map(|&l| (l >> 1) as usize));
        for v in marked {
            self.seen[v] = false;
        }
        learnt.truncate(kept);
        let mut back = 0;
        for k in 1..learnt.len() {
            let level = self.at[(learnt[k] >> 1) as usize].0;
            if level > back {
                back = level;
                learnt.swap(1, k);
            }
        }
        self.learnt = learnt;
        back
    }

    /// Whether false literal `q` of the clause being learnt follows from the others: its
    /// variable has a reason whose other literals are marked `seen` (in the clause, or found
    /// to follow), at level 0, or follow in turn; not a decision, nor of a level outside
    /// `levels` (the clause's, as [`Sat::level_bit`]s), where nothing can follow from the
    /// clause. Marks what it finds to follow, adding it to `marked`, and unmarks it again if
    /// `q` does not follow. `stack` is room to reuse. Linear in the implications walked.
    fn implied_by_clause(
        &mut self,
        q: u32,
        levels: u64,
        marked: &mut Vec<usize>,
        stack: &mut Vec<u32>,
    ) -> bool {
        let from = marked.len();
        stack.clear();
        stack.push(q);
        while let Some(p) = stack.pop() {
            let c = self.at[(p >> 1) as usize].1;
            if c == NONE || self.level_bit(p) & levels == 0 {
                for v in marked.drain(from..) {
                    self.seen[v] = false;
                }
                return false;
            }
            for &r in antecedents(clause(&self.arena, c), p ^ 1) {
                let v = (r >> 1) as usize;
                if !self.seen[v] && self.at[v].0 > 0 {
                    self.seen[v] = true;
                    marked.push(v);
                    stack.push(r);
                }
            }
        }
        true
    }

    /// The bit of `lit`'s decision level in a set of levels kept as a `u64` (levels 64 apart
    /// share a bit). O(1).
    fn level_bit(&self, lit: u32) -> u64 {
        1 << (self.at[(lit >> 1) as usize].0 & 63)
    }

    // The clause database.

    /// Asserts the first literal of the clause [`Sat::analyze`] learnt (the search stands at
    /// the level it asserts at), with the clause as its reason when it has more than one
    /// literal. O(length).
    fn learn(&mut self) {
        let learnt = std::mem::take(&mut self.learnt);
        let reason = if learnt.len() > 1 {
            self.push(&learnt, true)
        } else {
            NONE
        };
        self.assign(learnt[0], reason);
        self.learnt = learnt;
    }
}

/// The literals of the clause starting at `c` in `arena` (see [`Sat::arena`]). O(1).
fn clause(arena: &[u32], c: usize) -> &[u32] {
    &arena[c + 2..c + 2 + arena[c] as usize]
}

/// The literals of `lits`, the clause that implied `lit`, but `lit`: it is the first, but in a
/// clause of two, where it may be the second. O(1).
fn antecedents(lits: &[u32], lit: u32) -> &[u32] {
    if lits[0] == lit {
        &lits[1..]
    } else {
        &lits[..1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    /// Whether `model` (bit `var`) makes every clause true.
    fn satisfies(clauses: &[Vec<u32>], model: u32) -> bool {
        clauses
            .iter()
            .all(|c| c.iter().any(|&l| model >> (l >> 1) & 1 != l & 1))
    }

    /// A solver given `clauses` over `vars` variables, and their models (bit `var`), from
    /// trying every assignment.
    fn solver_and_models(vars: usize, clauses: &[Vec<u32>]) -> (Sat, Vec<u32>) {
        let models = (0..1u32 << vars)
            .filter(|&m| satisfies(clauses, m))
            .collect();
        let mut sat = Sat::new(vars);
        for c in clauses {
            sat.add(c);
        }
        (sat, models)
    }

    /// Random clauses of one to four distinct variables over `vars`.
    fn random_formula(rng: &mut Rng, vars: usize, clauses: usize) -> Vec<Vec<u32>> {
        (0..clauses)
            .map(|_| {
                let draws = rng.between(1, 4);
                random_clause(rng, vars, 4, draws)
            })
            .collect()
    }

    /// Literals of distinct random variables over `vars`, drawn until there are `len` of
    /// them or `draws` variables were drawn (a repeat is skipped).
    fn random_clause(rng: &mut Rng, vars: usize, len: usize, draws: usize) -> Vec<u32> {
        let mut c: Vec<u32> = Vec::new();
        for _ in 0..draws {
            if c.len() == len {
                break;
            }
            let v = rng.below(vars) as u32;
            if c.iter().all(|&l| l >> 1 != v) {
                c.push(2 * v + rng.below(2) as u32);
            }
        }
        c
    }

    #[test]
    fn models_agree_with_trying_every_assignment() {
        // Each model found is blocked by a clause, until none is left: every model is found
        // once, and only models, so the solver also handles clauses added after a solve.
        let mut rng = Rng::new(5);
        let (mut sat_formulas, mut unsat_formulas) = (0, 0);
        for round in 0..400 {
            let vars = 3 + round % 10;
            let count = rng.between(vars, 6 * vars);
            let clauses = random_formula(&mut rng, vars, count);
            let (mut sat, models) = solver_and_models(vars, &clauses);
            let expected = models.len();
            let mut found = 0;
            while sat.solve() {
                let model = (0..vars).fold(0, |m, v| m | (sat.value(v) as u32) << v);
                assert!(satisfies(&clauses, model), "{:?}", clauses);
                found += 1;
                assert!(found <= expected);
                let block: Vec<u32> = (0..vars as u32).map(|v| 2 * v + (model >> v & 1)).collect();
                sat.add(&block);
            }
            assert_eq!(found, expected, "{:?}", clauses);
            if expected > 0 {
                sat_formulas += 1;
            } else {
                unsat_formulas += 1;
            }
        }
        assert!(sat_formulas > 50 && unsat_formulas > 50);
    }

    /// Random clauses of three distinct variables over `vars`, `ratio` tenths per variable:
    /// near 43 (4.3 clauses a variable) about half have a model, and those take search.
    fn random_3sat(rng: &mut Rng, vars: usize, ratio: usize) -> Vec<Vec<u32>> {
        (0..vars * ratio / 10)
            .map(|_| random_clause(rng, vars, 3, usize::MAX))
            .collect()
    }

    /// A random 3-SAT formula over 12 to 15 variables (by `round`), `ratio` tenths of a
    /// clause per variable: its clauses, a solver given them, and its models (bit `var`),
    /// from trying every assignment.
    fn small_3sat(rng: &mut Rng, round: usize, ratio: usize) -> (Vec<Vec<u32>>, Sat, Vec<u32>) {
        let vars = 12 + round % 4;
        let clauses = random_3sat(rng, vars, ratio);
        let (sat, models) = solver_and_models(vars, &clauses);
        (clauses, sat, models)
    }

    #[test]
    fn learnt_clauses_hold_in_every_model() {
        // Analysis learns only what the formula implies: every learnt clause is true in
        // every model of the given clauses.
        let mut rng = Rng::new(8);
        let mut learnt = 0;
        for round in 0..80 {
            let (_, mut sat, models) = small_3sat(&mut rng, round, 40);
            assert_eq!(sat.solve(), !models.is_empty());
            let mut c = 0;
            while c < sat.arena.len() {
                if sat.arena[c + 1] > 0 {
                    learnt += 1;
                    let lits = [clause(&sat.arena, c).to_vec()];
                    assert!(models.iter().all(|&m| satisfies(&lits, m)));
                }
                c += 2 + sat.arena[c] as usize;
            }
        }
        assert!(learnt > 100, "{}", learnt);
    }

    fn pigeonhole(pigeons: usize, holes: usize) -> Sat {
        let var = |p: usize, h: usize| (p * holes + h) as u32;
        let mut sat = Sat::new(pigeons * holes);
        for p in 0..pigeons {
            sat.add(&(0..holes).map(|h| 2 * var(p, h)).collect::<Vec<_>>());
            for h in 0..holes {
                for q in p + 1..pigeons {
                    sat.add(&[2 * var(p, h) + 1, 2 * var(q, h) + 1]);
                }
            }
        }
        sat
    }

    #[test]
    fn the_pigeonhole_formula_has_no_model() {
        // Seven pigeons in six holes: many conflicts, learnt clauses and restarts.
        assert!(!pigeonhole(7, 6).solve());
    }

    #[test]
    fn the_luby_sequence_doubles_after_each_repeat() {
        let terms: Vec<u64> = (1..=31).map(luby).collect();
        let mut expected = vec![];
        for k in 0..5 {
            // Term 2^(k+1) - 1 is 2^k, after the sequence up to the last power, twice.
            let mut block = expected.clone();
            block.extend(expected.iter());
            block.push(1 << k);
            expected = block;
        }
        assert_eq!(terms, expected);
        assert_eq!(&terms[..7], [1, 1, 2, 1, 1, 2, 4]);
    }

    #[test]
    fn restarts_follow_the_luby_sequence_and_learning_is_minimized() {
        // The restarts called for by the conflicts of a solve: after every LUBY_UNIT times
        // the next term of the sequence, those of the last conflict's call included.
        let mut sat = pigeonhole(7, 6);
        assert!(!sat.solve());
        let mut due = 0;
        let restarts = (1..)
            .take_while(|&i| {
                due += LUBY_UNIT * luby(i);
                due <= sat.conflicts()
            })
            .count();
        assert!(restarts > 5, "{}", restarts);
        assert_eq!(sat.restarts, restarts as u64);
    }

    #[test]
    fn a_learnt_literal_that_the_others_imply_is_left_out() {
        // a implies b; c implies d and e; d, e, a and b clash. Deciding a, then c: the
        // first-UIP clause is (not c, not a, not b), and not b follows from not a through
        // b's reason.
        let (yes, no) = (|var: u32| 2 * var, |var: u32| 2 * var + 1);
        let (a, b, c, d, e) = (0, 1, 2, 3, 4);
        let mut sat = Sat::new(5);
        sat.add(&[no(a), yes(b)]);
        sat.add(&[no(c), yes(d)]);
        sat.add(&[no(c), yes(e)]);
        sat.add(&[no(d), no(e), no(a), no(b)]);
        sat.limits.push(0);
        sat.assign(yes(a), NONE);
        assert_eq!(sat.propagate(), None);
        sat.limits.push(sat.trail.len());
        sat.assign(yes(c), NONE);
        let conflict = sat.propagate().expect("d, e, a and b clash");
        assert_eq!(sat.analyze(conflict), 1);
        assert_eq!(sat.learnt, [no(c), no(a)]);
        assert!(sat.seen.iter().all(|&seen| !seen));
    }

    #[test]
    fn a_capped_solve_stops_at_its_cap() {
        // Capped at 40, a solve stops at the 41st conflict, and so does the next, whose one
        // conflict is already past the cap.
        let mut whole = pigeonhole(7, 6);
        assert!(!whole.solve());
        assert!(whole.conflicts() > 100, "{}", whole.conflicts());
        let mut capped = pigeonhole(7, 6);
        capped.cap_conflicts(40);
        assert!(!capped.solve());
        assert_eq!(capped.conflicts(), 41);
        assert!(!capped.solve());
        assert_eq!(capped.conflicts(), 42);
    }

    #[test]
    fn a_solve_goes_on_after_its_cap() {
        // Formulas near the threshold solved a few conflicts at a time, the cap raised after
        // each give-up: the last solve answers as one uncapped solve of the same formula
        // does, after the same conflicts, with the same model: each solve went on where the
        // last one stopped.
        let mut rng = Rng::new(13);
        let mut stopped = 0;
        for round in 0..60 {
            let (clauses, mut sat, models) = small_3sat(&mut rng, round, 43);
            let mut whole = Sat::new(sat.at.len());
            for c in &clauses {
                whole.add(c);
            }
            let expected = whole.solve();
            let mut cap = 0;
            sat.cap_conflicts(cap);
            let answer = loop {
                let answer = sat.solve();
                if sat.conflicts() <= cap {
                    break answer;
                }
                assert!(!answer);
                stopped += 1;
                cap = sat.conflicts() + 2;
                sat.cap_conflicts(cap);
            };
            assert_eq!(answer, !models.is_empty(), "{:?}", clauses);
            assert_eq!(answer, expected, "{:?}", clauses);
            assert_eq!(sat.conflicts(), whole.conflicts(), "{:?}", clauses);
            if answer {
                let model = |s: &Sat| (0..s.at.len()).fold(0, |m, v| m | (s.value(v) as u32) << v);
                assert!(satisfies(&clauses, model(&sat)), "{:?}", clauses);
                assert_eq!(model(&sat), model(&whole), "{:?}", clauses);
            }
        }
        assert!(stopped > 100, "{}", stopped);
    }

    #[test]
    fn each_literal_set_is_propagated_once() {
        // x0 implies x1, which implies x2, and so on: the unit x0 sets the whole chain at
        // level 0, each literal taken from the trail once, and the solve that follows finds
        // the model with nothing left to propagate.
        let n = 12;
        let mut sat = Sat::new(n);
        for v in 0..n as u32 - 1 {
            sat.add(&[2 * v + 1, 2 * v + 2]);
        }
        assert_eq!(sat.propagations(), 0);
        sat.add(&[0]);
        assert_eq!(sat.propagations(), n as u64);
        assert!(sat.solve());
        assert!((0..n).all(|v| sat.value(v)));
        assert_eq!((sat.propagations(), sat.conflicts()), (n as u64, 0));
    }
}
