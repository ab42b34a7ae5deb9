//! latin6's reader on any bytes: `latin6::solve`, the function the binary runs, through the
//! driver's path in memory, must not panic, must end with status 0 or 1, and on a fault must
//! have printed nothing, its one case read whole before any solving
//! (`fuzz::reader::Reader::check`).
//!
//! The work: a grouping with few givens has up to millions of solutions, but the pipe's reader
//! takes 64 KiB (`fuzz::reader::PIPE`) and closes it, which stops the walk after one block of
//! about 1,700 solutions (status 0, as `latin6 | head` ends). Run with `-max_len=512`.
#![no_main]
#![forbid(unsafe_code)]

use fuzz::reader::{Cases, Reader};
use libfuzzer_sys::fuzz_target;

const LATIN6: Reader = Reader {
    name: "latin6",
    solve: latin6::solve,
    cases: Cases::One,
};

fuzz_target!(|input: &[u8]| LATIN6.check(input));
