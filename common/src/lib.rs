//! The engine shared by the four contest binaries. std only, so that each binary can be
//! bundled into one source file (`cargo xtask bundle <problem>`).
//!
//! Data flows one way: [`scanner`] reads tokens, the binary builds a [`layout::Layout`] and the
//! givens, an engine ([`backtrack`], [`weighted`], or [`dlx`] through [`sudoku_cover`]) solves,
//! and [`output`] prints and turns errors into one line on stderr.

pub mod backtrack;
pub mod dlx;
pub mod error;
pub mod layout;
pub mod output;
pub mod regions;
pub mod scanner;
pub mod sudoku_cover;
pub mod weighted;
