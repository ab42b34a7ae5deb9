//! jigsaw's engine against testkit's reference: on a random 9x9 layout of connected regions
//! and givens from the fuzzer, the bitset backtracker's count up to 2, and its solution when
//! it is the only one, must be the reference's. Instances the reference cannot settle within
//! its step budget are skipped.
#![no_main]
#![forbid(unsafe_code)]

use common::backtrack::Backtracker;
use common::layout::Layout;
use fuzz::Instance;
use libfuzzer_sys::fuzz_target;
use testkit::reference;
use testkit::rng::Rng;
use testkit::{check, gen};

const SIZE: usize = 9;
/// The reference's search steps an instance may take; sparse grids of awkward layouts take
/// far more, and are the stress runs' business.
const STEPS: usize = 20_000;

fuzz_target!(|instance: Instance| {
    let mut rng = Rng::new(instance.seed);
    let regions = gen::random_regions(&mut rng, SIZE);
    let givens = instance.givens(&mut rng, SIZE, &regions);
    if !reference::settles_within(SIZE, &regions, &givens, 2, STEPS) {
        return;
    }
    let (expected, only) = reference::count_solutions(SIZE, &regions, &givens, 2);
    let layout = Layout::new(SIZE, regions.clone()).expect("regions of 9 cells");
    let mut solution = [0; SIZE * SIZE];
    let count = Backtracker::<u128>::new(&layout).count_up_to(&givens, 2, &mut solution);
    assert_eq!(count, expected, "regions {:?} givens {:?}", regions, givens);
    if count == 1 {
        assert_eq!(Some(solution.to_vec()), only, "givens {:?}", givens);
    }
    if count > 0 {
        assert!(check::is_solution(SIZE, &regions, &givens, &solution));
    }
});
