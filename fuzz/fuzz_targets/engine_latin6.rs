//! latin6's engine against testkit's reference: on a random 6x6 grouping (any six cells to a
//! group) and givens from the fuzzer, the row walk must visit every solution once, in
//! lexicographic order, and no other: the reference's list. Instances the reference cannot
//! settle within its step budget are skipped.
#![no_main]
#![forbid(unsafe_code)]

use common::layout::Layout;
use common::row_lex6::{RowLex6, DIGITS, SIZE};
use fuzz::Instance;
use libfuzzer_sys::fuzz_target;
use testkit::gen;
use testkit::reference;
use testkit::rng::Rng;

/// The reference's search steps an instance may take.
const STEPS: usize = 20_000;

fuzz_target!(|instance: Instance| {
    let mut rng = Rng::new(instance.seed);
    let groups = gen::random_groups(&mut rng, SIZE);
    let givens = instance.givens(&mut rng, SIZE, &groups);
    if !reference::settles_within(SIZE, &groups, &givens, usize::MAX, STEPS) {
        return;
    }
    let expected = reference::all_solutions(SIZE, &groups, &givens);
    let layout = Layout::new(SIZE, groups.clone()).expect("groups of 6 cells");
    let mut found = Vec::new();
    let visited = RowLex6::new(&layout).visit(&givens, |above, below| {
        for rows in below {
            let grid = above
                .iter()
                .chain(rows)
                .flat_map(|&p| DIGITS[usize::from(p)]);
            found.push(grid.collect::<Vec<u8>>());
        }
        true
    });
    assert_eq!(visited, found.len() as u64);
    assert_eq!(found, expected, "groups {:?} givens {:?}", groups, givens);
});
