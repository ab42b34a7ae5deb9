//! jigsaw's reader on any bytes: `jigsaw::solve`, the function the binary runs, through the
//! driver's path in memory, must not panic, must end with status 0 or 1, and on a fault must
//! have printed exactly what its complete cases print alone (`fuzz::reader::Reader::check`).
//!
//! The work: each complete case costs a count of solutions up to two, at most some tens of
//! milliseconds on the hardest grids known; run with `-max_len=2048`, an input holds at most
//! 12 cases (a case takes 81 values, 162 bytes at the least), and a faulty one is solved
//! twice.
#![no_main]
#![forbid(unsafe_code)]

use fuzz::reader::{Cases, Reader};
use libfuzzer_sys::fuzz_target;

const JIGSAW: Reader = Reader {
    name: "jigsaw",
    solve: jigsaw::solve,
    cases: Cases::Tokens {
        per_case: 81,
        header: "Case ",
    },
};

fuzz_target!(|input: &[u8]| JIGSAW.check(input));
