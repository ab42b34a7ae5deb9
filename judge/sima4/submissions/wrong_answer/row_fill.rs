//! WRONG ANSWER: fills each `*` with the smallest digit its row still lacks, looking at the
//! row only, never at the column or the 2x2 block. Right when every row misses one digit at
//! most, or when the smallest digits happen to fit.

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
            let mut row: Vec<u8> = tokens.next().unwrap().bytes().collect();
            for i in 0..4 {
                if row[i] == b'*' {
                    row[i] = (b'1'..=b'4').find(|d| !row.contains(d)).unwrap();
                }
            }
            println!("{}", String::from_utf8(row).unwrap());
        }
    }
}
