//! A small CDCL SAT solver: two watched literals, first-UIP clause learning with
//! non-chronological backjumps, VSIDS-style activities and restarts at geometrically growing
//! intervals. A decision sets its variable false: in the puzzles it is made for most
//! variables are.
//!
//! It is the backtracker's fallback for counts that run long (see `Backtracker::count_up_to`):
//! sparse jigsaw layouts without a solution, which a search without learning refutes only by
//! going through the same dead ends in many places, while a learnt clause rules out each one
//! for good.
//!
//! A literal is `2 * var` (the variable true) or `2 * var + 1` (false). No learnt clause is
//! ever dropped: the solver is made for problems of hundreds of variables decided within
//! thousands of conflicts.

/// No reason: a decision, or a fact of level 0.
const NONE: usize = usize::MAX;

/// A formula being solved: its clauses, and the assignment the search stands at.
#[derive(Default)]
pub struct Sat {
    clauses: Vec<Vec<u32>>,
    /// Per literal: the clauses watching it, looked at when it becomes false.
    watches: Vec<Vec<usize>>,
    /// Per literal: 1 true, -1 false, 0 unassigned.
    truth: Vec<i8>,
    /// Per variable: its decision level and the clause that implied it.
    at: Vec<(usize, usize)>,
    /// Per variable: its activity, and whether conflict analysis has met it.
    activity: Vec<f64>,
    seen: Vec<bool>,
    trail: Vec<u32>,
    /// Per decision level: where it starts on the trail.
    limits: Vec<usize>,
    /// The trail's literals not yet propagated start here.
    head: usize,
    bump: f64,
    /// True once the clauses contradict each other.
    failed: bool,
    /// Conflicts met, and literals propagated, since [`Sat::new`]: the solver's work in
    /// units that do not depend on the machine.
    conflicts: u64,
    propagations: u64,
}

impl Sat {
    /// A formula over `vars` variables without clauses. O(vars).
    pub fn new(vars: usize) -> Self {
        Sat {
            watches: vec![Vec::new(); 2 * vars],
            truth: vec![0; 2 * vars],
            at: vec![(0, NONE); vars],
            activity: vec![0.0; vars],
            seen: vec![false; vars],
            bump: 1.0,
            ..Sat::default()
        }
    }

    /// Adds the clause of `lits` (the search first returns to level 0). A clause with a
    /// literal true at level 0 is dropped, and its literals false there are left out.
    /// Constraint: no literal twice. O(length) besides the propagation of a unit.
    pub fn add(&mut self, lits: &[u32]) {
        self.backtrack(0);
        let mut c = Vec::new();
        for &l in lits {
            match self.truth[l as usize] {
                1 => return,
                0 => c.push(l),
                _ => {}
            }
        }
        match c.len() {
            0 => self.failed = true,
            1 => {
                self.assign(c[0], NONE);
                self.failed |= self.propagate().is_some();
            }
            _ => {
                self.push(c);
            }
        }
    }

    /// Whether the clauses have a model; if so, [`Sat::value`] reads it until the next
    /// [`Sat::add`]. Exponential in the worst case.
    pub fn solve(&mut self) -> bool {
        // Conflicts since the last restart, and how many the next restart waits for.
        let (mut conflicts, mut span) = (0, 100);
        while !self.failed {
            if let Some(c) = self.propagate() {
                self.failed = self.limits.is_empty();
                if !self.failed {
                    let (learnt, back) = self.analyze(c);
                    self.backtrack(back);
                    let lit = learnt[0];
                    let reason = if learnt.len() > 1 {
                        self.push(learnt)
                    } else {
                        NONE
                    };
                    self.assign(lit, reason);
                    conflicts += 1;
                    self.conflicts += 1;
                }
                continue;
            }
            if conflicts > span {
                conflicts = 0;
                span += span / 2;
                self.backtrack(0);
            }
            // The most active free variable (the bits of a float of one sign order as it does).
            let free = (0..self.at.len()).rev().filter(|&v| self.truth[2 * v] == 0);
            match free.max_by_key(|&v| self.activity[v].to_bits()) {
                Some(v) => {
                    self.limits.push(self.trail.len());
                    self.assign(2 * v as u32 + 1, NONE);
                }
                None => return true,
            }
        }
        false
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

    /// Adds a clause of two literals or more, watching its first two; its index.
    fn push(&mut self, c: Vec<u32>) -> usize {
        let i = self.clauses.len();
        self.watches[c[0] as usize].push(i);
        self.watches[c[1] as usize].push(i);
        self.clauses.push(c);
        i
    }

    /// Unit propagation of the trail's new literals; a clause with every literal false, if
    /// any. A clause's implied literal is put first, where `analyze` expects it.
    fn propagate(&mut self) -> Option<usize> {
        while self.head < self.trail.len() {
            let f = (self.trail[self.head] ^ 1) as usize;
            self.head += 1;
            self.propagations += 1;
            let mut ws = std::mem::take(&mut self.watches[f]);
            let mut i = 0;
            while i < ws.len() {
                let c = &mut self.clauses[ws[i]];
                if c[0] as usize == f {
                    c.swap(0, 1);
                }
                if self.truth[c[0] as usize] > 0 {
                    i += 1;
                    continue;
                }
                if let Some(k) = (2..c.len()).find(|&k| self.truth[c[k] as usize] >= 0) {
                    c.swap(1, k);
                    self.watches[c[1] as usize].push(ws.swap_remove(i));
                    continue;
                }
                let (first, index) = (c[0], ws[i]);
                if self.truth[first as usize] < 0 {
                    self.watches[f] = ws;
                    return Some(index);
                }
                self.assign(first, index);
                i += 1;
            }
            self.watches[f] = ws;
        }
        None
    }

    /// First-UIP analysis of conflict clause `c`: the learnt clause, its asserting literal
    /// first and a literal of the highest other level second, and that level.
    fn analyze(&mut self, mut c: usize) -> (Vec<u32>, usize) {
        let current = self.limits.len();
        let mut learnt = vec![0];
        let (mut pending, mut i, mut skip) = (0, self.trail.len(), 0);
        loop {
            for &q in &self.clauses[c][skip..] {
                let v = (q >> 1) as usize;
                if !self.seen[v] && self.at[v].0 > 0 {
                    self.seen[v] = true;
                    self.activity[v] += self.bump;
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
            skip = 1;
        }
        let mut back = 0;
        for k in 1..learnt.len() {
            let v = (learnt[k] >> 1) as usize;
            self.seen[v] = false;
            if self.at[v].0 > back {
                back = self.at[v].0;
                learnt.swap(1, k);
            }
        }
        self.bump /= 0.95;
        if self.bump > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        (learnt, back)
    }

    /// Undoes every decision level above `level`.
    fn backtrack(&mut self, level: usize) {
        if self.limits.len() > level {
            for &lit in &self.trail[self.limits[level]..] {
                self.truth[lit as usize] = 0;
                self.truth[(lit ^ 1) as usize] = 0;
            }
            self.trail.truncate(self.limits[level]);
            self.limits.truncate(level);
            self.head = self.trail.len();
        }
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

    /// Random clauses of one to four distinct variables over `vars`.
    fn random_formula(rng: &mut Rng, vars: usize, clauses: usize) -> Vec<Vec<u32>> {
        (0..clauses)
            .map(|_| {
                let mut c: Vec<u32> = Vec::new();
                for _ in 0..rng.between(1, 4) {
                    let v = rng.below(vars) as u32;
                    if c.iter().all(|&l| l >> 1 != v) {
                        c.push(2 * v + rng.below(2) as u32);
                    }
                }
                c
            })
            .collect()
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
            let expected = (0..1u32 << vars)
                .filter(|&m| satisfies(&clauses, m))
                .count();
            let mut sat = Sat::new(vars);
            for c in &clauses {
                sat.add(c);
            }
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

    #[test]
    fn the_pigeonhole_formula_has_no_model() {
        // Seven pigeons in six holes: many conflicts, learnt clauses and restarts.
        let (pigeons, holes) = (7, 6);
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
        assert!(!sat.solve());
    }
}
