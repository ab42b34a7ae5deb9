//! Candidate sets: the digits a cell may still take, as a bitmask.

/// A set of digits 1..=16: bit `d - 1` stands for digit `d`. Every operation is O(1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Candidates(pub u16);

impl Candidates {
    /// No digit.
    pub const NONE: Candidates = Candidates(0);

    /// Every digit 1..=`size`. Constraint: `size <= 16`.
    #[inline]
    pub fn all(size: usize) -> Self {
        debug_assert!(size <= 16);
        Candidates(((1u32 << size) - 1) as u16)
    }

    /// Just `digit`. Constraint: `1 <= digit <= 16`.
    #[inline]
    pub fn single(digit: u8) -> Self {
        debug_assert!((1..=16).contains(&digit));
        Candidates(1 << (digit - 1))
    }

    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn contains(self, digit: u8) -> bool {
        self.0 >> (digit - 1) & 1 != 0
    }

    /// The smallest digit, if any.
    #[inline]
    pub fn lowest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The largest digit, if any.
    #[inline]
    pub fn highest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(16 - self.0.leading_zeros() as u8)
        }
    }

    #[inline]
    pub fn without(self, other: Candidates) -> Self {
        Candidates(self.0 & !other.0)
    }

    #[inline]
    pub fn union(self, other: Candidates) -> Self {
        Candidates(self.0 | other.0)
    }

    #[inline]
    pub fn intersection(self, other: Candidates) -> Self {
        Candidates(self.0 & other.0)
    }

    /// The digits in ascending order.
    #[inline]
    pub fn ascending(self) -> Ascending {
        Ascending(self.0)
    }
}

/// The digits of a [`Candidates`] set, smallest first.
#[derive(Clone, Copy, Debug)]
pub struct Ascending(u16);

impl Iterator for Ascending {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let all = Candidates::all(9);
        assert_eq!(all.len(), 9);
        assert_eq!(Candidates::all(16).len(), 16);
        let some = Candidates::single(3).union(Candidates::single(7));
        assert!(some.contains(3) && some.contains(7) && !some.contains(4));
        assert_eq!(some.lowest(), Some(3));
        assert_eq!(some.highest(), Some(7));
        assert_eq!(some.ascending().collect::<Vec<_>>(), vec![3, 7]);
        assert_eq!(all.without(some).len(), 7);
        assert!(Candidates::NONE.is_empty());
        assert_eq!(Candidates::NONE.lowest(), None);
        assert_eq!(Candidates::single(16).highest(), Some(16));
    }
}
