//! Checking tools shared by the tests and `cargo xtask`: one of each, so that a check is
//! written, reviewed and fixed in one place.
//!
//! - [`reference`](mod@reference): the brute-force reference, plain backtracking over the rules as
//!   `docs/problems.md` states them, for all four problems.
//! - [`check`]: whether a grid is a solution; [`rules`]: propagation's rules by brute force.
//! - [`expected`]: what the binaries must print, the `Case` lines and each problem's answer.
//! - [`rng`] and [`gen`]: seeded random instances (layouts of each kind, givens, wrong digits)
//!   and the input text that carries them.
//! - [`process`]: running a binary under a time limit; [`digest`](mod@digest): what its output
//!   looked like, without keeping it.
//! - [`sudoku_lines`]: the classic 9x9 puzzle sets, one puzzle a line.
//! - [`build`]: the target folder, the compiler and the commit, one lookup each.
//! - [`Problem`]: the four problems and their names, the one list of them.
//! - [`target9_weight`], [`thousands`], [`duration`], [`workspace_root`].
//!
//! A grid is `size * size` cells read row by row, each 0 (empty) or a digit `1..=size`; a
//! layout gives each cell its region (group) number `0..size`. Nothing here uses `common`, so
//! a fault in the engine cannot hide in both.

#![forbid(unsafe_code)]

pub mod build;
pub mod check;
pub mod digest;
pub mod expected;
pub mod gen;
pub mod problem;
pub mod process;
pub mod reference;
pub mod rng;
pub mod rules;
pub mod sudoku_lines;

pub use problem::Problem;

use std::path::PathBuf;
use std::time::Duration;

/// The workspace root: the folder above this crate.
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("testkit lives inside the workspace")
        .to_path_buf()
}

/// The target9 weight of the cell at (`row`, `column`) of the 9x9 grid: 6 on the outer ring,
/// one more per ring inwards, 10 at the centre.
pub fn target9_weight(row: usize, column: usize) -> u32 {
    6 + row.min(column).min(8 - row).min(8 - column) as u32
}

/// The 81 target9 weights, cells row by row.
pub fn target9_weights() -> Vec<u32> {
    (0..81)
        .map(|cell| target9_weight(cell / 9, cell % 9))
        .collect()
}

/// `n` with its digits in groups of three: `28,200,960`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|g| std::str::from_utf8(g).expect("ASCII digits"))
        .collect();
    groups.join(",")
}

/// `d` in the largest of s, ms, us and ns that keeps it at 1 or more, to three figures or
/// more: `1.25 s`, `245.6 ms`, `9.61 ms`, `80.9 us`, `850 ns`. Engine calls and whole processes
/// print their times with it alike.
pub fn duration(d: Duration) -> String {
    let ns = d.as_nanos();
    let (scale, unit) = if ns >= 1_000_000_000 {
        (1e9, "s")
    } else if ns >= 1_000_000 {
        (1e6, "ms")
    } else if ns >= 1_000 {
        (1e3, "us")
    } else {
        return format!("{} ns", ns);
    };
    let value = ns as f64 / scale;
    if unit != "s" && value >= 10.0 {
        format!("{:.1} {}", value, unit)
    } else {
        format!("{:.2} {}", value, unit)
    }
}

/// A grid from rows of digit characters, `"1243"` for a row of 1, 2, 4, 3 (tests only).
#[cfg(test)]
fn grid(rows: &[&str]) -> Vec<u8> {
    rows.iter()
        .flat_map(|row| row.bytes().map(|b| b - b'0'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(28_200_960), "28,200,960");
    }

    #[test]
    fn duration_picks_the_unit_and_keeps_three_figures() {
        assert_eq!(duration(Duration::from_nanos(0)), "0 ns");
        assert_eq!(duration(Duration::from_nanos(999)), "999 ns");
        assert_eq!(duration(Duration::from_nanos(3_740)), "3.74 us");
        assert_eq!(duration(Duration::from_nanos(80_940)), "80.9 us");
        assert_eq!(duration(Duration::from_micros(9_610)), "9.61 ms");
        assert_eq!(duration(Duration::from_micros(245_640)), "245.6 ms");
        assert_eq!(duration(Duration::from_millis(1_250)), "1.25 s");
        assert_eq!(duration(Duration::from_secs(12)), "12.00 s");
    }

    #[test]
    fn target9_weights_ring_from_six_to_ten() {
        let w = target9_weights();
        assert_eq!(&w[..9], &[6; 9]);
        assert_eq!(&w[9..18], &[6, 7, 7, 7, 7, 7, 7, 7, 6]);
        assert_eq!(w[40], 10);
        assert_eq!(w.iter().sum::<u32>(), 6 * 32 + 7 * 24 + 8 * 16 + 9 * 8 + 10);
    }
}
