//! NOIP 2009 "靶形数独" (Luogu P1074) as a library, for the binary and the tools alike: the
//! target score's form over the 17 cells that decide it ([`score`]), and the search that
//! maximises it ([`search`]).

#![forbid(unsafe_code)]

pub mod score;
pub mod search;
