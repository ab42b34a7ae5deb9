//! The decision order of the SAT solver ([`crate::sat`]): VSIDS. Each variable has an
//! activity, bumped when conflict analysis meets the variable; the bump grows by a factor per
//! conflict, so that recent conflicts weigh more (the same as letting every activity decay). The free variables wait in a binary max-heap by activity, so that a decision takes
//! the most active one in O(log vars) rather than a scan of all of them.

/// Not in the heap.
const ABSENT: usize = usize::MAX;

/// The share of its activity a variable keeps per conflict, first (Glucose's 0.8: the order
/// follows the first conflicts closely), then raised by [`KEEP_STEP`] every [`KEEP_EVERY`]
/// conflicts up to MiniSat's 0.95, steadier for long refutations.
const KEEP_FIRST: f64 = 0.8;
const KEEP_STEP: f64 = 0.01;
const KEEP_EVERY: u64 = 5000;
const KEEP_MOST: f64 = 0.95;

/// Above this activity every activity is scaled down, keeping their order, before a float
/// overflows.
const RESCALE_ABOVE: f64 = 1e100;

/// Variables ordered by activity: the heap of those that may be decided next.
#[derive(Default)]
pub struct VarOrder {
    activity: Vec<f64>,
    bump: f64,
    /// The share kept per conflict now, and the conflicts so far.
    keep: f64,
    decays: u64,
    /// A max-heap of variables by activity: each one at least as active as its children
    /// (`2i + 1` and `2i + 2`).
    heap: Vec<usize>,
    /// Per variable: its index in `heap`, or `ABSENT`.
    slot: Vec<usize>,
}

impl VarOrder {
    /// Variables `0..vars`, all of activity 0 and all in the heap, the lowest on top. O(vars).
    pub fn new(vars: usize) -> Self {
        VarOrder {
            activity: vec![0.0; vars],
            bump: 1.0,
            keep: KEEP_FIRST,
            decays: 0,
            heap: (0..vars).collect(),
            slot: (0..vars).collect(),
        }
    }

    /// Raises the activity of `var` by the current bump, keeping the heap in order.
    /// O(log vars), or O(vars) when every activity is scaled down.
    pub fn bump(&mut self, var: usize) {
        self.activity[var] += self.bump;
        if self.activity[var] > RESCALE_ABOVE {
            self.activity.iter_mut().for_each(|a| *a /= RESCALE_ABOVE);
            self.bump /= RESCALE_ABOVE;
        }
        if self.slot[var] != ABSENT {
            self.sift_up(self.slot[var]);
        }
    }

    /// Makes later bumps weigh more than earlier ones: called once per conflict. O(1).
    pub fn decay(&mut self) {
        self.bump /= self.keep;
        self.decays += 1;
        if self.decays % KEEP_EVERY == 0 && self.keep < KEEP_MOST {
            self.keep += KEEP_STEP;
        }
    }

    /// Puts `var` back in the heap (it became free), unless it is there. O(log vars).
    pub fn insert(&mut self, var: usize) {
        if self.slot[var] == ABSENT {
            self.slot[var] = self.heap.len();
            self.heap.push(var);
            self.sift_up(self.heap.len() - 1);
        }
    }

    /// Takes the most active variable out of the heap; `None` if it is empty. O(log vars).
    pub fn pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.slot[top] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.slot[last] = 0;
            self.sift_down(0);
        }
        Some(top)
    }

    /// Moves the variable at `i` up to its place.
    fn sift_up(&mut self, mut i: usize) {
        let var = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.activity[self.heap[parent]] >= self.activity[var] {
                break;
            }
            self.place(i, self.heap[parent]);
            i = parent;
        }
        self.place(i, var);
    }

    /// Moves the variable at `i` down to its place.
    fn sift_down(&mut self, mut i: usize) {
        let var = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && self.activity[self.heap[right]] > self.activity[self.heap[left]]
            {
                right
            } else {
                left
            };
            if self.activity[self.heap[child]] <= self.activity[var] {
                break;
            }
            self.place(i, self.heap[child]);
            i = child;
        }
        self.place(i, var);
    }

    fn place(&mut self, i: usize, var: usize) {
        self.heap[i] = var;
        self.slot[var] = i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    #[test]
    fn pops_by_activity_after_bumps_and_inserts() {
        let mut rng = Rng::new(3);
        for round in 0..200 {
            let vars = 1 + round % 40;
            let mut order = VarOrder::new(vars);
            // What the heap should hold, and each variable's activity, kept by hand.
            let mut inside = vec![true; vars];
            let mut activity = vec![0.0f64; vars];
            // Fewer conflicts than `KEEP_EVERY`: each bump outweighs the last by `1 / KEEP_FIRST`.
            let mut bump = 1.0;
            for _ in 0..300 {
                let var = rng.below(vars);
                match rng.below(4) {
                    0 => {
                        order.bump(var);
                        activity[var] += bump;
                    }
                    1 => {
                        order.decay();
                        bump /= KEEP_FIRST;
                    }
                    2 => {
                        order.insert(var);
                        inside[var] = true;
                    }
                    _ => {
                        let top = order.pop();
                        let best = (0..vars)
                            .filter(|&v| inside[v])
                            .map(|v| activity[v])
                            .fold(None, |m: Option<f64>, a| Some(m.map_or(a, |m| m.max(a))));
                        match top {
                            Some(v) => {
                                assert!(inside[v]);
                                assert_eq!(Some(activity[v]), best);
                                inside[v] = false;
                            }
                            None => assert_eq!(best, None),
                        }
                    }
                }
            }
            // Emptied, the heap gives every variable left in it once, by falling activity.
            let mut left = Vec::new();
            while let Some(v) = order.pop() {
                left.push(v);
            }
            let mut expected: Vec<usize> = (0..vars).filter(|&v| inside[v]).collect();
            assert_eq!(left.len(), expected.len());
            assert!(left.windows(2).all(|w| activity[w[0]] >= activity[w[1]]));
            left.sort_unstable();
            expected.sort_unstable();
            assert_eq!(left, expected);
        }
    }

    #[test]
    fn scaling_down_keeps_the_order() {
        let mut order = VarOrder::new(3);
        order.bump(1);
        for _ in 0..2000 {
            order.decay();
        }
        // The bump is now far above the rescale threshold: each bump scales down, every
        // activity and the bump alike.
        order.bump(2);
        assert_eq!(order.activity[1], 1.0 / RESCALE_ABOVE);
        assert_eq!(order.activity[2], order.bump);
        order.bump(0);
        order.bump(0);
        assert!(order.activity.iter().all(|a| a.is_finite()));
        assert_eq!(order.pop(), Some(0));
        assert_eq!(order.pop(), Some(2));
        assert_eq!(order.pop(), Some(1));
        assert_eq!(order.pop(), None);
    }

    #[test]
    fn the_share_kept_rises_to_minisats() {
        let mut order = VarOrder::new(2);
        let mut shares = Vec::new();
        for conflict in 1..=30 * KEEP_EVERY {
            order.bump((conflict % 2) as usize);
            order.decay();
            if conflict % KEEP_EVERY == 1 {
                shares.push(order.keep);
            }
        }
        assert!((shares[0] - KEEP_FIRST).abs() < 1e-9, "{:?}", shares);
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{:?}", shares);
        assert!((shares[29] - KEEP_MOST).abs() < 1e-9, "{:?}", shares);
        assert!((shares[20] - shares[19]).abs() < 1e-9, "{:?}", shares);
        assert!(order.activity.iter().all(|a| a.is_finite()));
    }
}
