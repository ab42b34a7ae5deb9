//! sima4's reader on any bytes: `sima4::solve`, the function the binary runs, through the
//! driver's path in memory, must not panic, must end with status 0 or 1, and on a fault must
//! have printed exactly what its complete cases print alone (`fuzz::reader::Reader::check`).
//!
//! The work: a 4x4 board's count of completions up to two takes microseconds; run with
//! `-max_len=1024`, an input holds at most 51 boards (a board takes four rows, 20 bytes at
//! the least), and a faulty one is solved twice.
#![no_main]
#![forbid(unsafe_code)]

use fuzz::reader::{Cases, Reader};
use libfuzzer_sys::fuzz_target;

const SIMA4: Reader = Reader {
    name: "sima4",
    solve: sima4::solve,
    cases: Cases::Lines {
        per_case: 4,
        header: "Case #",
    },
};

fuzz_target!(|input: &[u8]| SIMA4.check(input));
