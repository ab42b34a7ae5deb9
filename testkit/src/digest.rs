//! A digest of a process's standard output, read as it comes: its size, line count, hash,
//! first bytes and how many lines equal given patterns. What the bench compares outputs by,
//! without keeping outputs of many megabytes.

use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;
use std::io::Read;

/// How many bytes of the output a digest keeps ([`Digest::head`]).
pub const HEAD_BYTES: usize = 4096;

/// Patterns longer than this are never counted: a line is compared only up to this length.
const LONGEST_PATTERN: usize = 64;

/// What the output of one run looked like.
#[derive(Default)]
pub struct Digest {
    /// Its length in bytes.
    pub bytes: u64,
    /// How many line ends it has.
    pub lines: u64,
    /// Its hash (`DefaultHasher`, the same within one build of the tools).
    pub hash: u64,
    /// The first [`HEAD_BYTES`] bytes.
    pub head: Vec<u8>,
    /// How many lines equal each of the patterns (of at most 64 bytes).
    pub counts: Vec<u64>,
}

/// Reads `stream` to its end (or to a read error) and digests it, counting the lines equal
/// to each of `patterns`. O(length * patterns) time for the counts, O(1) memory beyond the
/// head.
pub fn digest(mut stream: impl Read, patterns: &[&str]) -> Digest {
    let mut d = Digest {
        counts: vec![0; patterns.len()],
        ..Digest::default()
    };
    let mut hasher = DefaultHasher::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut line = Vec::with_capacity(LONGEST_PATTERN);
    loop {
        let n = match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let chunk = &buf[..n];
        hasher.write(chunk);
        d.bytes += n as u64;
        d.lines += chunk.iter().filter(|&&b| b == b'\n').count() as u64;
        if d.head.len() < HEAD_BYTES {
            let room = HEAD_BYTES - d.head.len();
            d.head.extend_from_slice(&chunk[..room.min(n)]);
        }
        if !patterns.is_empty() {
            for &b in chunk {
                if b == b'\n' {
                    if let Some(i) = patterns.iter().position(|p| p.as_bytes() == line) {
                        d.counts[i] += 1;
                    }
                    line.clear();
                } else if line.len() < LONGEST_PATTERN {
                    line.push(b);
                }
            }
        }
    }
    d.hash = hasher.finish();
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_counts_lines_and_verdicts() {
        let text = "Case 1:\nNo solution\nCase 2:\nMultiple Solutions\nCase 3:\nNo solution\n";
        let d = digest(text.as_bytes(), &["No solution", "Multiple Solutions"]);
        assert_eq!(d.lines, 6);
        assert_eq!(d.bytes, text.len() as u64);
        assert_eq!(d.counts, vec![2, 1]);
        assert_eq!(d.head, text.as_bytes());
        assert_eq!(d.hash, digest(text.as_bytes(), &[]).hash);
        assert_ne!(d.hash, digest(&text.as_bytes()[1..], &[]).hash);
    }

    #[test]
    fn the_head_stops_at_its_size() {
        let text = vec![b'x'; HEAD_BYTES + 10];
        let d = digest(&text[..], &[]);
        assert_eq!(
            (d.head.len(), d.bytes, d.lines),
            (HEAD_BYTES, text.len() as u64, 0)
        );
    }
}
