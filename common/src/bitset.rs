//! Sets of cells as bits: one trait, [`Bitset`], for `u64` (up to 64 cells, N <= 8), `u128`
//! (128 cells, N <= 11) and [`Bits256`] (256 cells, N <= 16), so that a search is written
//! once and compiled for the narrowest width its grid fits; `u16` holds a set of digits.
//! [`Cells`] lists a set's cells, [`Digits`] the digits of a set of digits, and [`tally`]
//! counts how many of some sets hold each bit: the step that naked singles over digit boards
//! and hidden singles over cells' digit sets share.
//!
//! Every operation is a few word operations, without a branch on the width at run time.

/// A set of cells, one bit each: cell `c` is bit `c`. Every operation is O(1): a few word
/// operations.
pub trait Bitset: Copy + Eq {
    /// The empty set.
    const EMPTY: Self;
    /// How many cells the set can hold: cells are `0..CAPACITY`.
    const CAPACITY: usize;
    /// Just `cell`. Constraint: `cell < CAPACITY`.
    fn cell(cell: usize) -> Self;
    /// The cells in both sets.
    fn and(self, other: Self) -> Self;
    /// The cells in either set.
    fn or(self, other: Self) -> Self;
    /// The cells of `self` not in `other`.
    fn and_not(self, other: Self) -> Self;
    /// True when the set holds no cell.
    fn is_empty(self) -> bool;
    /// Whether `cell` is in the set. Constraint: `cell < CAPACITY`.
    fn contains(self, cell: usize) -> bool;
    /// The smallest cell, or the capacity if the set is empty.
    fn lowest(self) -> usize;
    /// The set without its smallest cell.
    fn without_lowest(self) -> Self;
    /// How many cells the two sets hold, a cell in both counted twice.
    fn len_with(self, other: Self) -> u32;
}

/// [`Bitset`] for an unsigned integer type of `$bits` bits. `contains` and `len_with` are given
/// per type: the cheapest way differs by width.
macro_rules! integer_board {
    (
        $int:ty,
        $bits:expr,
        |$board:ident, $cell:ident| $contains:expr,
        |$a:ident, $b:ident| $len_with:expr
    ) => {
        impl Bitset for $int {
            const EMPTY: Self = 0;
            const CAPACITY: usize = $bits;
            #[inline]
            fn cell(cell: usize) -> Self {
                1 << cell
            }
            #[inline]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline]
            fn or(self, other: Self) -> Self {
                self | other
            }
            #[inline]
            fn and_not(self, other: Self) -> Self {
                self & !other
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn contains(self, cell: usize) -> bool {
                let ($board, $cell) = (self, cell);
                $contains
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn len_with(self, other: Self) -> u32 {
                let ($a, $b) = (self, other);
                $len_with
            }
        }
    };
}

// `u16` as a set of digits, bit `d` for digit `d + 1`: the branch and bound's cell candidates,
// which it counts with `tally`.
integer_board!(u16, 16, |board, cell| board >> cell & 1 != 0, |a, b| a
    .count_ones()
    + b.count_ones());
integer_board!(u64, 64, |board, cell| board >> cell & 1 != 0, |a, b| a
    .count_ones()
    + b.count_ones());
// A 128-bit shift costs more than picking the 64-bit half first.
integer_board!(
    u128,
    128,
    |board, cell| {
        let half = if cell < 64 {
            board as u64
        } else {
            (board >> 64) as u64
        };
        half >> (cell % 64) & 1 != 0
    },
    |a, b| count_ones4([a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64])
);

/// The bits set in four words, counted together: std's `count_ones` on a target without a
/// popcount instruction (the default x86-64) counts each word alone, which costs more.
#[inline]
fn count_ones4(words: [u64; 4]) -> u32 {
    const PAIRS: u64 = 0x5555_5555_5555_5555;
    const NIBBLES: u64 = 0x3333_3333_3333_3333;
    const BYTES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const SHORTS: u64 = 0x00ff_00ff_00ff_00ff;
    // Per word, each nibble's count (at most 4); two words added, at most 8 per nibble.
    let nibbles = |x: u64| {
        let pairs = x - (x >> 1 & PAIRS);
        (pairs & NIBBLES) + (pairs >> 2 & NIBBLES)
    };
    let first = nibbles(words[0]) + nibbles(words[1]);
    let second = nibbles(words[2]) + nibbles(words[3]);
    // Per byte, at most 32; per 16 bits, at most 64; the multiplication adds the four.
    let bytes = (first & BYTES) + (first >> 4 & BYTES) + (second & BYTES) + (second >> 4 & BYTES);
    let shorts = (bytes & SHORTS) + (bytes >> 8 & SHORTS);
    (shorts.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

/// A set of 256 cells: `.0[0]` holds cells 0..128, `.0[1]` cells 128..256.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits256(pub [u128; 2]);

impl Bitset for Bits256 {
    const EMPTY: Self = Bits256([0; 2]);
    const CAPACITY: usize = 256;
    #[inline]
    fn cell(cell: usize) -> Self {
        let mut w = [0; 2];
        w[cell / 128] = 1 << (cell % 128);
        Bits256(w)
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        Bits256([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        Bits256([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }
    #[inline]
    fn and_not(self, other: Self) -> Self {
        Bits256([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0[0] | self.0[1] == 0
    }
    #[inline]
    fn contains(self, cell: usize) -> bool {
        self.0[cell / 128] >> (cell % 128) & 1 != 0
    }
    #[inline]
    fn lowest(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else {
            128 + self.0[1].trailing_zeros() as usize
        }
    }
    #[inline]
    fn without_lowest(self) -> Self {
        if self.0[0] != 0 {
            Bits256([self.0[0] & self.0[0].wrapping_sub(1), self.0[1]])
        } else {
            Bits256([0, self.0[1] & self.0[1].wrapping_sub(1)])
        }
    }
    #[inline]
    fn len_with(self, other: Self) -> u32 {
        self.0[0].len_with(other.0[0]) + self.0[1].len_with(other.0[1])
    }
}

/// How many of `sets` hold each bit, counted bit-sliced up to `K`: entry `i` of the answer
/// holds the bits that more than `i` of the sets hold. So entry 0 is their union, and entry 0
/// without entry 1 the bits that exactly one set holds: over a cell's digit boards (digit by
/// digit) the cells with one candidate left, over a house's cells' digit sets (cell by cell)
/// the digits with one place left. Constraint: `K >= 1`. O(K) word operations a set, with no
/// branch: `K` is known when compiling, so the loop over it unrolls.
///
/// Always inlined: with plain `#[inline]` the compiler kept two levels of `u16` packed in one
/// 32-bit word after inlining, and the branch and bound's propagation ran 1.2% more
/// instructions (0.3% of a whole search) than with the loop written out; inlined always, a
/// little fewer.
#[inline(always)]
pub fn tally<B: Bitset, I: IntoIterator<Item = B>, const K: usize>(sets: I) -> [B; K] {
    let mut more_than = [B::EMPTY; K];
    for set in sets {
        // A bit the set holds rises one level: a level keeps its bits and takes those of the
        // level below that the set holds. Top first, so each level reads the one below before
        // it rises.
        for i in (1..K).rev() {
            more_than[i] = more_than[i].or(more_than[i - 1].and(set));
        }
        more_than[0] = more_than[0].or(set);
    }
    more_than
}

/// The most digits a grid has, and its longest side: 16, as [`Bits256`], the widest board,
/// holds 16 x 16 cells.
pub const MAX_DIGITS: usize = 16;

/// The cells of a set, smallest first. O(1) a cell. Any [`Bitset`] will do, so this also
/// lists a set of houses kept as a `u64` (bit `h` for house `h`).
pub struct Cells<B>(pub B);

impl<B: Bitset> Iterator for Cells<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let cell = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(cell)
    }
}

/// The digits of a set of digits, bit `d` standing for digit `d + 1`, smallest first, each
/// given as its index `d`. The field is the set of those not taken yet. Constraint: no bit
/// from [`MAX_DIGITS`] up. Every index taken is then below `MAX_DIGITS`, and the compiler is
/// told so: a table of `MAX_DIGITS` entries indexed by one needs no bounds check. O(1) a
/// digit.
pub struct Digits(pub u32);

impl Digits {
    /// Takes the smallest digit while another one is left after it: what a search tries
    /// below a copy of its node, before the cell's last digit goes in place. O(1).
    #[inline]
    pub fn next_unless_last(&mut self) -> Option<usize> {
        if self.0 & self.0.wrapping_sub(1) == 0 {
            return None;
        }
        self.next()
    }

    /// The one digit [`Digits::next_unless_last`] leaves, the largest. Constraint: the set
    /// was not empty. O(1). Without the bound of the others: where the search places this
    /// digit, the bound made the compiler inline more of the placing into propagation, which
    /// then ran more instructions.
    #[inline]
    pub fn last_left(self) -> usize {
        self.0.trailing_zeros() as usize
    }
}

impl Iterator for Digits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        // Under the constraint a set that is not empty has fewer than `MAX_DIGITS` trailing
        // zeros: the `%` changes nothing, but shows the compiler the bound (one `and` in
        // place of a compare and a branch at each table indexed by the digit).
        let d = self.0.trailing_zeros() as usize % MAX_DIGITS;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::rng::Rng;

    /// The cells of `set` by testing each one.
    fn members<B: Bitset>(set: B) -> Vec<usize> {
        (0..B::CAPACITY).filter(|&c| set.contains(c)).collect()
    }

    /// Random cells below `capacity`, ascending, each kept with one random density.
    fn random_cells(rng: &mut Rng, capacity: usize) -> Vec<usize> {
        let density = rng.between(0, 100);
        (0..capacity).filter(|_| rng.percent(density)).collect()
    }

    fn of<B: Bitset>(cells: &[usize]) -> B {
        cells.iter().fold(B::EMPTY, |set, &c| set.or(B::cell(c)))
    }

    /// Every operation agrees with the same operation on sorted lists of cells.
    fn agrees_with_lists<B: Bitset>(rng: &mut Rng) {
        for _ in 0..300 {
            let (x, y) = (
                random_cells(rng, B::CAPACITY),
                random_cells(rng, B::CAPACITY),
            );
            let (a, b) = (of::<B>(&x), of::<B>(&y));
            assert_eq!(members(a), x);
            assert_eq!(Cells(a).collect::<Vec<_>>(), x);
            let both: Vec<usize> = x.iter().copied().filter(|c| y.contains(c)).collect();
            let either: Vec<usize> = (0..B::CAPACITY)
                .filter(|c| x.contains(c) || y.contains(c))
                .collect();
            let only: Vec<usize> = x.iter().copied().filter(|c| !y.contains(c)).collect();
            assert_eq!(members(a.and(b)), both);
            assert_eq!(members(a.or(b)), either);
            assert_eq!(members(a.and_not(b)), only);
            assert_eq!(a.is_empty(), x.is_empty());
            assert_eq!(a.lowest(), x.first().copied().unwrap_or(B::CAPACITY));
            assert_eq!(
                members(a.without_lowest()),
                x.get(1..).unwrap_or(&[]).to_vec()
            );
            assert_eq!(a.len_with(b) as usize, x.len() + y.len());
        }
    }

    /// [`tally`] with `K` levels against a count of each bit's sets, on random sets of every
    /// width, none to six of them.
    fn tally_counts_each_bit<B: Bitset, const K: usize>(rng: &mut Rng) {
        for _ in 0..200 {
            let lists: Vec<Vec<usize>> = (0..rng.below(7))
                .map(|_| random_cells(rng, B::CAPACITY))
                .collect();
            let sets: Vec<B> = lists.iter().map(|cells| of::<B>(cells)).collect();
            let levels: [B; K] = tally(sets.iter().copied());
            for (i, &level) in levels.iter().enumerate() {
                let expected: Vec<usize> = (0..B::CAPACITY)
                    .filter(|c| lists.iter().filter(|cells| cells.contains(c)).count() > i)
                    .collect();
                assert_eq!(members(level), expected, "level {} of {}", i, K);
            }
        }
    }

    #[test]
    fn tally_keeps_the_bits_of_more_than_i_sets_at_level_i() {
        let mut rng = Rng::new(13);
        tally_counts_each_bit::<u16, 2>(&mut rng);
        tally_counts_each_bit::<u16, 1>(&mut rng);
        tally_counts_each_bit::<u64, 3>(&mut rng);
        tally_counts_each_bit::<u128, 4>(&mut rng);
        tally_counts_each_bit::<Bits256, 2>(&mut rng);
        let none: [u128; 2] = tally(std::iter::empty());
        assert_eq!(none, [0; 2]);
    }

    #[test]
    fn every_width_agrees_with_a_list_of_cells() {
        let mut rng = Rng::new(7);
        agrees_with_lists::<u16>(&mut rng);
        agrees_with_lists::<u64>(&mut rng);
        agrees_with_lists::<u128>(&mut rng);
        agrees_with_lists::<Bits256>(&mut rng);
    }

    /// The indices of the bits of `set`, by testing each one.
    fn bits(set: u32) -> Vec<usize> {
        (0..MAX_DIGITS).filter(|&d| set >> d & 1 != 0).collect()
    }

    #[test]
    fn digits_list_every_set_bit_smallest_first() {
        let mut rng = Rng::new(5);
        for _ in 0..1000 {
            let set = rng.next_u64() as u32 & ((1 << rng.between(0, MAX_DIGITS)) - 1);
            assert_eq!(Digits(set).collect::<Vec<_>>(), bits(set), "{:b}", set);
        }
        assert_eq!(Digits(0).next(), None);
        let all = (1 << MAX_DIGITS) - 1;
        assert_eq!(
            Digits(all).collect::<Vec<_>>(),
            (0..MAX_DIGITS).collect::<Vec<_>>()
        );
    }

    #[test]
    fn digits_but_the_last_leave_the_largest() {
        let mut rng = Rng::new(6);
        for _ in 0..1000 {
            let set = rng.next_u64() as u32 & ((1 << MAX_DIGITS) - 1);
            let mut digits = Digits(set);
            let mut taken = Vec::new();
            while let Some(d) = digits.next_unless_last() {
                taken.push(d);
            }
            let all = bits(set);
            let last = all.len().saturating_sub(1);
            assert_eq!(taken, all[..last], "{:b}", set);
            assert_eq!(bits(digits.0), all[last..], "{:b}", set);
            if set != 0 {
                assert_eq!(digits.last_left(), all[last], "{:b}", set);
            }
        }
    }

    #[test]
    fn four_words_count_as_each_alone() {
        let mut rng = Rng::new(11);
        for _ in 0..1000 {
            let mut words = [0u64; 4];
            for w in words.iter_mut() {
                let x = rng.next_u64();
                *w = match rng.below(3) {
                    0 => x,
                    1 => x & x.rotate_left(17),
                    _ => !(x & x.rotate_left(29)),
                };
            }
            let expected: u32 = words.iter().map(|w| w.count_ones()).sum();
            assert_eq!(count_ones4(words), expected, "{:x?}", words);
        }
        assert_eq!(count_ones4([0; 4]), 0);
        assert_eq!(count_ones4([u64::MAX; 4]), 256);
    }
}
