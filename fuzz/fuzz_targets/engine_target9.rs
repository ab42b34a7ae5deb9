//! target9's engine against testkit's reference: the branch and bound's maximum, and a grid
//! that reaches it, on a 9x9 Sudoku with NOIP's weights, or on a 6x6 one (2x3 boxes) with
//! weights from the fuzzer; givens from the fuzzer. Instances the reference cannot settle
//! within its step budget are skipped.
#![no_main]
#![forbid(unsafe_code)]

use common::layout::Layout;
use common::weighted::Maximiser;
use fuzz::Instance;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use testkit::check;
use testkit::reference;
use testkit::rng::Rng;

/// The reference's search nodes an instance may take.
const STEPS: usize = 20_000;

#[derive(Arbitrary, Debug)]
struct Weighted {
    instance: Instance,
    /// A 6x6 grid with these weights (each below 64, missing ones 0) instead of NOIP's 9x9.
    small: Option<Vec<u8>>,
}

fuzz_target!(|input: Weighted| {
    let (layout, weights) = match &input.small {
        None => (Layout::boxes(3, 3), testkit::target9_weights()),
        Some(bytes) => {
            let weights = (0..36).map(|c| bytes.get(c).map_or(0, |&w| u32::from(w % 64)));
            (Layout::boxes(2, 3), weights.collect())
        }
    };
    let size = layout.size();
    let regions = layout.regions().to_vec();
    let mut rng = Rng::new(input.instance.seed);
    let givens = input.instance.givens(&mut rng, size, &regions);
    let (expected, sure) = reference::best_score(size, &regions, &givens, &weights, STEPS);
    if !sure {
        return;
    }
    let mut solver = Maximiser::<u128>::new(&layout, &weights);
    let got = solver.maximise(&givens);
    assert_eq!(got, expected, "weights {:?} givens {:?}", weights, givens);
    if let Some(best) = got {
        let grid = solver.best_grid();
        assert!(check::is_solution(size, &regions, &givens, grid));
        let score: u32 = grid
            .iter()
            .zip(&weights)
            .map(|(&d, &w)| w * u32::from(d))
            .sum();
        assert_eq!(score, best);
    }
});
