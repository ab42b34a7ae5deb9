//! The seeded random generator all instances are drawn from: `rand`'s [`StdRng`] behind the
//! few draws the generators need, so a run is reproduced by its seed alone (for one version of
//! `rand`: its `StdRng` may change between major versions).

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// A seeded pseudo-random generator; not cryptographic.
pub struct Rng(StdRng);

impl Rng {
    /// The generator for `seed`; equal seeds give equal sequences.
    pub fn new(seed: u64) -> Self {
        Rng(StdRng::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.random()
    }

    /// A number in `0..n`, uniform. Constraint: `n >= 1`.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value to return");
        self.0.random_range(0..n)
    }

    /// A number in `low..=high`, uniform. Constraint: `low <= high`.
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        self.0.random_range(low..=high)
    }

    /// True with probability `percent / 100`.
    pub fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// Puts `v` in a uniformly random order.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        v.shuffle(&mut self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_reproducible_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for n in 1..200 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(n) < n);
            b.below(n);
            assert!((n..=n + 3).contains(&a.between(n, n + 3)));
            b.between(n, n + 3);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
        let mut v: Vec<usize> = (0..50).collect();
        a.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
        assert!(!(0..100).any(|_| a.percent(0)));
        assert!((0..100).all(|_| a.percent(100)));
    }
}
