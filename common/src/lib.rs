//! The engine shared by the four contest binaries. std only, so that each binary can be
//! bundled into one source file (`cargo xtask bundle <problem>`).
//!
//! Data flows one way: [`driver`] opens the input the command line names, [`scanner`] reads
//! its tokens, the binary builds a [`layout::Layout`] and the givens, an engine
//! ([`backtrack`], [`row_lex6`] or [`weighted`]) solves and the binary prints through the
//! driver's one writer, and [`driver`] flushes it and turns errors into one line on stderr
//! and an exit status.
//!
//! [`dlx`] and [`sudoku_cover`] are the reference engine the tests and benchmarks hold those to:
//! it takes a puzzle as plain data and shares no code with them, and no binary uses it, so no
//! bundle carries it.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod assignment;
pub mod backtrack;
pub mod bitset;
pub mod dlx;
pub mod driver;
pub mod error;
pub mod fractional_cover;
pub mod layout;
pub mod regions;
pub mod row_lex6;
pub mod sat;
pub mod sat_order;
pub mod scanner;
pub mod sudoku_cover;
pub mod template_cover;
pub mod templates;
pub mod transversals;
pub mod weighted;
