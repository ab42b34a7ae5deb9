//! target9's reader on any bytes: `target9::solve`, the function the binary runs, through the
//! driver's path in memory, must not panic, must end with status 0 or 1, and on a fault must
//! have printed nothing, its one grid read whole before any solving
//! (`fuzz::reader::Reader::check`).
//!
//! The work: one grid, one branch and bound; the hardest grids known take under 0.1 s in a
//! release build. Run with `-max_len=512`: the grid needs 162 bytes at the least.
#![no_main]
#![forbid(unsafe_code)]

use fuzz::reader::{Cases, Reader};
use libfuzzer_sys::fuzz_target;

const TARGET9: Reader = Reader {
    name: "target9",
    solve: target9::solve,
    cases: Cases::One,
};

fuzz_target!(|input: &[u8]| TARGET9.check(input));
