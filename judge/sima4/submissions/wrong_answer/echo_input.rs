//! WRONG ANSWER: prints each board as it was read, `*` and all, under the right `Case #x:`
//! line. Right only on a board with nothing removed.

#![forbid(unsafe_code)]

use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let cases: usize = tokens.next().unwrap().parse().unwrap();
    for case in 1..=cases {
        println!("Case #{}:", case);
        for _ in 0..4 {
            println!("{}", tokens.next().unwrap());
        }
    }
}
