//! Placing digits in a [`Node`] and what follows: naked and hidden singles, then locked
//! candidates, for the houses whose places changed.

use super::*;
use crate::bitset::tally;

impl<'a, B: Bitset> Node<'a, B> {
    /// Sets the node up as the root of `givens` and propagates. False on a contradiction.
    pub(super) fn start(&mut self, givens: &[u8]) -> bool {
        let t = self.tables;
        let (n, cells, all) = (t.size, t.cells, t.all_digits);
        let state = &mut *self.state;
        state.grid.candidates.iter_mut().for_each(|c| *c = all);
        state.grid.placed.iter_mut().for_each(|p| *p = 0);
        state.grid.unsolved = (0..cells).fold(B::EMPTY, |set, c| set.or(B::cell(c)));
        state.grid.score = 0;
        for kind in 0..3 {
            for cell in 0..cells {
                let w = t.weights[cell] as i32;
                for d in 0..n {
                    let share = SCALE / 3 * w * (d as i32 + 1);
                    state.dual.profit[(kind * cells + cell) * n + d] = share;
                }
            }
        }
        state.dual.assigned.iter_mut().for_each(|a| *a = 0);
        state.dual.cell_dual.iter_mut().for_each(|u| *u = 0);
        state.dual.digit_dual.iter_mut().for_each(|v| *v = 0);
        state.dual.dirty = (1u64 << (3 * n)) - 1;
        state.grid.stale.iter_mut().for_each(|s| *s = all);
        state.grid.unseen = (1u64 << (3 * n)) - 1;
        self.singles.clear();
        for (cell, &g) in givens.iter().enumerate() {
            if g != 0 {
                assert!(g as usize <= n, "given out of range");
                if !self.place(cell, 1 << (g - 1)) {
                    return false;
                }
            }
        }
        self.propagate()
    }

    /// Places the one-digit set `bit` in `cell` and strikes it from the peers; peers left
    /// with one candidate go on `singles`. False on a contradiction.
    #[inline]
    pub(super) fn place(&mut self, cell: usize, bit: u16) -> bool {
        let t = self.tables;
        let state = &mut *self.state;
        if !state.is_unsolved(cell) {
            return state.grid.candidates[cell] == bit;
        }
        if state.grid.candidates[cell] & bit == 0 {
            return false;
        }
        let houses = t.cell_houses[cell];
        for &h in houses.iter() {
            if state.grid.placed[h as usize] & bit != 0 {
                return false;
            }
        }
        for &h in houses.iter() {
            state.grid.placed[h as usize] |= bit;
        }
        for &h in houses.iter() {
            state.grid.stale[h as usize] |= state.grid.candidates[cell];
            state.grid.unseen |= 1 << h;
        }
        state.grid.candidates[cell] = bit;
        state.grid.unsolved = state.grid.unsolved.and_not(B::cell(cell));
        let digit = bit.trailing_zeros() as usize;
        state.grid.score += t.weights[cell] * (digit as u32 + 1);
        // A house whose assignment gave this digit to this cell keeps the rest of it, and its
        // bound drops by exactly that profit; any other house must be assigned again.
        for (kind, &h) in houses.iter().enumerate() {
            let i = kind * t.cells + cell;
            let a = &mut state.dual.assigned[i];
            if *a == bit {
                state.dual.house_bound[h as usize] -= state.dual.profit[i * t.size + digit];
            } else {
                state.dual.dirty |= 1 << h;
            }
            *a = 0;
        }
        for &p in &t.peers[t.peer_start[cell]..t.peer_start[cell + 1]] {
            let p = p as usize;
            if state.grid.candidates[p] & bit != 0
                && !state.strike(self.singles, t.cells, t.cell_houses[p], p, bit)
            {
                return false;
            }
        }
        true
    }

    /// Naked and hidden singles until neither finds anything, then locked candidates, until
    /// nothing more goes. False on a contradiction.
    pub(super) fn propagate(&mut self) -> bool {
        loop {
            while let Some(cell) = self.singles.pop() {
                let cell = cell as usize;
                let bit = self.state.grid.candidates[cell];
                debug_assert_eq!(bit.count_ones(), 1, "a stale single in cell {}", cell);
                if !self.place(cell, bit) {
                    return false;
                }
            }
            let found = match self.hidden_singles() {
                Some(found) => found,
                None => return false,
            };
            if !found && self.singles.is_empty() {
                match self.locked_candidates() {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Places every digit that has one place left in some house whose candidates changed
    /// since the last look ([`Grid::unseen`]). Returns whether it placed any, or `None` on a
    /// contradiction (a house without a place for a digit it lacks, or a placement that
    /// fails). O(N^2) set operations, plus the placements.
    fn hidden_singles(&mut self) -> Option<bool> {
        let t = self.tables;
        let n = t.size;
        let mut found = false;
        // A placement here marks its houses again, for the next look.
        for house in Cells(std::mem::take(&mut self.state.grid.unseen)) {
            let members = &t.house_cells[house * n..(house + 1) * n];
            let candidates = &self.state.grid.candidates;
            let [once, twice] = tally(members.iter().map(|&c| candidates[c as usize]));
            if once != t.all_digits {
                return None;
            }
            let mut hidden = once & !twice & !self.state.grid.placed[house];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = members
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.state.grid.candidates[c] & bit != 0);
                match cell {
                    Some(cell) if self.place(cell, bit) => found = true,
                    _ => return None,
                }
            }
        }
        Some(found)
    }

    /// Locked candidates: a digit whose places in a house all lie in one other house is
    /// struck from the rest of that house. Rows and columns meet in one cell, so a row or
    /// column is split by regions and a region by rows and by columns; the digits found in
    /// one part only are the locked ones, all digits at once. Returns whether it struck any,
    /// or `None` on a contradiction. O(N^2) set operations.
    fn locked_candidates(&mut self) -> Option<bool> {
        let t = self.tables;
        let n = t.size;
        let mut struck = false;
        for house in 0..3 * n {
            let kind = house / n;
            let stale = std::mem::take(&mut self.state.grid.stale[house]);
            if stale == 0 {
                continue;
            }
            for other in 0..3 {
                if other != kind && other + kind != 1 {
                    struck |= self.lock(house, other, stale)?;
                }
            }
        }
        Some(struck)
    }

    /// Locked candidates for the digits `stale` of `house`, split by the houses of kind
    /// `other` (not its own kind, and not a row against a column): each digit of `house` that
    /// lies in one part only is struck from the rest of that part's house. Returns whether it
    /// struck any, or `None` on a contradiction. O(N) set operations, plus the strikes.
    #[inline]
    fn lock(&mut self, house: usize, other: usize, stale: u16) -> Option<bool> {
        let t = self.tables;
        let n = t.size;
        let kind = house / n;
        let state = &mut *self.state;
        let mut parts = [0u16; 16];
        for &c in &t.house_cells[house * n..(house + 1) * n] {
            let part = t.cell_houses[c as usize][other] as usize;
            parts[part - other * n] |= state.grid.candidates[c as usize];
        }
        let [once, twice] = tally(parts[..n].iter().copied());
        let mut struck = false;
        for d in digits(once & !twice & stale & !state.grid.placed[house]) {
            let bit = 1 << d;
            // The one part that holds the digit names the house it is locked in (a digit
            // with no place in the house would leave the node dead).
            let target = other * n + parts.iter().position(|p| p & bit != 0)?;
            for &c in &t.house_cells[target * n..(target + 1) * n] {
                let c = c as usize;
                let h = t.cell_houses[c];
                if h[kind] as usize != house && state.grid.candidates[c] & bit != 0 {
                    if !state.strike(self.singles, t.cells, h, c, bit) {
                        return None;
                    }
                    struck = true;
                }
            }
        }
        Some(struck)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assignment::best_by_trying_all;
    use testkit::rng::Rng;

    /// A digit that reasoning struck from a cell cannot be placed there, though no peer
    /// holds it: the placement is a contradiction. A candidate is placed, and its cell
    /// solved.
    #[test]
    fn a_digit_struck_from_a_cell_cannot_be_placed_there() {
        let layout = Layout::boxes(2, 2);
        let mut engine = Maximiser::<u64>::new(&layout, &[1; 16]);
        assert!(engine.start(&[0; 16]));
        let mut node = engine.node(0);
        let (cell, struck, kept) = (5, 1 << 2, 1 << 1);
        node.state.grid.candidates[cell] &= !struck;
        assert!(!node.place(cell, struck), "a struck digit was placed");
        assert!(node.place(cell, kept));
        assert_eq!(node.state.grid.candidates[cell], kept);
        assert!(!node.state.is_unsolved(cell));
    }

    /// The digits of the solved cells of `house`. O(N).
    fn placed_by_hand(node: &Node<u128>, house: usize) -> u16 {
        let (t, state) = (node.tables, &*node.state);
        let members = &t.house_cells[house * t.size..(house + 1) * t.size];
        members
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !state.is_unsolved(c))
            .fold(0, |set, c| set | state.grid.candidates[c])
    }

    /// The most profit an assignment of the digits `house` lacks to its empty cells, within
    /// their candidates, can make, by trying every assignment; `None` if none exists. O(k!)
    /// for k empty cells.
    fn bound_by_hand(node: &Node<u128>, house: usize) -> Option<i32> {
        let (t, state) = (node.tables, &*node.state);
        let (n, cells, kind) = (t.size, t.cells, house / t.size);
        let members = &t.house_cells[house * n..(house + 1) * n];
        let empty: Vec<usize> = members
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| state.is_unsolved(c))
            .collect();
        let value = |cell: usize, d: usize| {
            (state.grid.candidates[cell] >> d & 1 != 0)
                .then(|| state.dual.profit[(kind * cells + cell) * n + d])
        };
        best_by_trying_all(&empty, t.all_digits & !placed_by_hand(node, house), &value)
    }

    /// Placements one after another at random, each followed by propagation and the bound,
    /// on 4x4, 6x6 and 9x9 grids. A house whose assignment gave the placed digit to its cell
    /// keeps it, its bound lowered by that digit's profit there; after propagation, each
    /// house's placed digits and bound are those found by hand (the bound on grids up to 6x6),
    /// and the candidates are those a fresh start from the same placements propagates to.
    #[test]
    fn placements_keep_the_bounds_and_candidates_a_fresh_start_finds() {
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for walk in 0..300 {
            let layout = [(2, 2), (2, 3), (3, 3)][walk % 3];
            let layout = Layout::boxes(layout.0, layout.1);
            let (n, cells) = (layout.size(), layout.cells());
            let weights: Vec<u32> = (0..cells).map(|_| rng.between(1, 9) as u32).collect();
            let mut engine = Maximiser::<u128>::new(&layout, &weights);
            let mut fresh = engine.clone();
            let mut node = engine.node(0);
            assert!(node.start(&vec![0; cells]));
            let mut givens = vec![0u8; cells];
            loop {
                let open: Vec<usize> = (0..cells).filter(|&c| node.state.is_unsolved(c)).collect();
                if open.is_empty() {
                    break;
                }
                let cell = open[rng.below(open.len())];
                let choices: Vec<usize> = digits(node.state.grid.candidates[cell]).collect();
                let d = choices[rng.below(choices.len())];
                givens[cell] = d as u8 + 1;
                let t = node.tables;
                let houses = t.cell_houses[cell];
                // Only houses whose bound is up to date keep an assignment.
                let current = node.state.dual.dirty == 0;
                let kept: Vec<(usize, i32)> = (0..3)
                    .filter(|&kind| {
                        current && node.state.dual.assigned[kind * cells + cell] == 1 << d
                    })
                    .map(|kind| {
                        let profit = node.state.dual.profit[(kind * cells + cell) * n + d];
                        (
                            houses[kind] as usize,
                            node.state.dual.house_bound[houses[kind] as usize] - profit,
                        )
                    })
                    .collect();
                let placed = node.place(cell, 1 << d);
                for &(house, bound) in &kept {
                    assert_eq!(
                        node.state.dual.dirty >> house & 1,
                        0,
                        "house {} redone",
                        house
                    );
                    assert_eq!(node.state.dual.house_bound[house], bound, "house {}", house);
                }
                let alive = placed && node.propagate();
                let mut again = fresh.node(0);
                assert_eq!(again.start(&givens), alive, "{:?}", givens);
                if !alive || node.bound().is_none() {
                    break;
                }
                assert_eq!(
                    node.state.grid.candidates, again.state.grid.candidates,
                    "{:?}",
                    givens
                );
                for house in 0..3 * n {
                    let placed = placed_by_hand(&node, house);
                    assert_eq!(node.state.grid.placed[house], placed, "house {}", house);
                    if n <= 6 {
                        let bound = Some(node.state.dual.house_bound[house]);
                        assert_eq!(bound, bound_by_hand(&node, house), "house {}", house);
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 1000, "{} placements checked", checked);
    }

    /// A placement can leave another digit one place in a house where no peer held the
    /// placed digit (a placement by hidden singles, say), so that no strike marks the house:
    /// the placement's own mark brings hidden singles back to it. The givens come from a walk
    /// of the test above, on which a placement without that mark keeps a candidate that a
    /// fresh start strikes.
    #[test]
    fn a_hidden_single_that_makes_another_in_its_house_is_found() {
        let givens: Vec<u8> = [
            "002607840",
            "104302005",
            "000000100",
            "000000090",
            "000800300",
            "597000080",
            "020000000",
            "405208000",
            "308000610",
        ]
        .concat()
        .bytes()
        .map(|b| b - b'0')
        .collect();
        let (cell, digit) = (9, 0);
        let mut before = givens.clone();
        before[cell] = 0;
        let mut engine = Maximiser::<u128>::new(&Layout::boxes(3, 3), &[1; 81]);
        let mut fresh = engine.clone();
        let mut node = engine.node(0);
        assert!(node.start(&before));
        assert!(node.place(cell, 1 << digit) && node.propagate());
        let mut again = fresh.node(0);
        assert!(again.start(&givens));
        assert_eq!(node.state.grid.candidates, again.state.grid.candidates);
    }

    /// 40 engines started on random 9x9 grids (boxes), each from a quarter of a random
    /// solution's digits, with their givens; `seed` seeds the draws.
    fn started_from_a_quarter(seed: u64) -> Vec<(Maximiser<u128>, Vec<u8>)> {
        let layout = Layout::boxes(3, 3);
        let mut rng = Rng::new(seed);
        (0..40)
            .map(|_| {
                let full = testkit::gen::random_solution(&mut rng, 9, layout.regions()).unwrap();
                let givens: Vec<u8> = full.iter().map(|&d| d * rng.percent(25) as u8).collect();
                let mut engine = Maximiser::<u128>::new(&layout, &[1; 81]);
                assert!(engine.start(&givens));
                (engine, givens)
            })
            .collect()
    }

    /// Propagation leaves no naked single: on random 9x9 grids started from a quarter of a
    /// random solution's digits, every cell with one candidate left has it placed in each of
    /// its houses, those left so by strikes as well as the givens.
    #[test]
    fn propagation_places_every_naked_single() {
        let mut struck_to_one = 0;
        for (engine, givens) in started_from_a_quarter(19) {
            let (t, grid) = (&engine.tables, &engine.levels[0].grid);
            for (cell, &digits) in grid.candidates[..81].iter().enumerate() {
                if digits.count_ones() == 1 {
                    for &h in &t.cell_houses[cell] {
                        assert_ne!(grid.placed[h as usize] & digits, 0, "{:?}", givens);
                    }
                    struck_to_one += (givens[cell] == 0) as usize;
                }
            }
        }
        assert!(struck_to_one > 100, "{}", struck_to_one);
    }

    /// Propagation leaves no hidden single: on random 9x9 grids started from a quarter of a
    /// random solution's digits, every digit not yet placed in a house has two places or
    /// more there.
    #[test]
    fn propagation_leaves_no_hidden_single() {
        for (engine, givens) in started_from_a_quarter(20) {
            let (t, grid) = (&engine.tables, &engine.levels[0].grid);
            for house in 0..27 {
                let members = &t.house_cells[house * 9..(house + 1) * 9];
                for d in (0..9).filter(|d| grid.placed[house] >> d & 1 == 0) {
                    let places = members
                        .iter()
                        .filter(|&&c| grid.candidates[c as usize] >> d & 1 != 0)
                        .count();
                    assert!(places >= 2, "{} in {}: {:?}", d + 1, house, givens);
                }
            }
        }
    }

    /// The root is exactly where propagation's rules end: on random 9x9 grids (boxes) from
    /// a quarter of a random solution's digits, the candidates `start` leaves are those of
    /// testkit's brute-force closure over the layout's houses, no fewer (a rule not applied)
    /// and no more (a strike no rule makes).
    #[test]
    fn the_root_is_the_closure_of_the_rules() {
        let houses = testkit::rules::houses(9, Layout::boxes(3, 3).regions());
        for (engine, givens) in started_from_a_quarter(22) {
            let mut expected: Vec<u32> = givens
                .iter()
                .map(|&g| if g == 0 { 0x1ff } else { 1 << (g - 1) })
                .collect();
            testkit::rules::closure(9, &houses, &mut expected, true);
            let root = engine.levels[0].grid.candidates[..81].iter();
            let got: Vec<u32> = root.map(|&digits| u32::from(digits)).collect();
            assert_eq!(got, expected, "{:?}", givens);
        }
    }

    /// Propagation leaves no locked candidate: on random 9x9 grids started from a quarter
    /// of a random solution's digits, wherever the cells of a house that hold a digit all lie
    /// in one house of another kind (a row or column split by regions, a region by rows and
    /// by columns), no cell of that house outside the first holds the digit.
    #[test]
    fn propagation_leaves_no_locked_candidate() {
        for (engine, givens) in started_from_a_quarter(18) {
            let (t, grid) = (&engine.tables, &engine.levels[0].grid);
            let members = |house: usize| t.house_cells[house * 9..(house + 1) * 9].iter();
            for house in 0..27 {
                let kind = house / 9;
                for other in (0..3).filter(|&k| k != kind && k + kind != 1) {
                    for d in 0..9 {
                        let parts: Vec<usize> = members(house)
                            .map(|&c| c as usize)
                            .filter(|&c| grid.candidates[c] >> d & 1 != 0)
                            .map(|c| t.cell_houses[c][other] as usize)
                            .collect();
                        if parts.is_empty() || parts.iter().any(|&p| p != parts[0]) {
                            continue;
                        }
                        for &c in members(parts[0]) {
                            let c = c as usize;
                            let inside = t.cell_houses[c][kind] as usize == house;
                            assert!(
                                inside || grid.candidates[c] >> d & 1 == 0,
                                "digit {} locked in house {} stays in cell {}: {:?}",
                                d + 1,
                                house,
                                c,
                                givens
                            );
                        }
                    }
                }
            }
        }
    }
}
