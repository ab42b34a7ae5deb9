//! Shrinking a failing input of `cargo xtask stress` to the smallest one that still fails.

use std::path::Path;
use std::time::{Duration, Instant};

use super::{Case, Checked, Input};

/// Shrinking a failure stops after this long, with the smallest failing input so far.
const SHRINK_TIME: Duration = Duration::from_secs(120);

/// The smallest input reached from `input` by dropping cases, then givens, then writing the
/// cases more plainly and with LF line ends, one step at a time while the binary still fails
/// on it, with the report of that failure. Stops early after [`SHRINK_TIME`].
pub(super) fn shrink<C: Case>(
    binary: &Path,
    mut input: Input<C>,
) -> Result<(Input<C>, String), String> {
    let deadline = Instant::now() + SHRINK_TIME;
    let mut report = input
        .mismatch(binary)?
        .ok_or("the failure did not repeat: is the binary deterministic?")?
        .report;
    // Tries `smaller` in place of `input`; true if it still fails (and is taken).
    let mut take = |input: &mut Input<C>, smaller: Input<C>| -> Result<bool, String> {
        if smaller.cases.is_empty() || Instant::now() >= deadline {
            return Ok(false);
        }
        Ok(match smaller.mismatch(binary)? {
            Some(failure) => {
                (*input, report) = (smaller, failure.report);
                true
            }
            None => false,
        })
    };
    let mut chunk = input.cases.len() / 2;
    while chunk >= 1 {
        let mut start = 0;
        while start < input.cases.len() && input.cases.len() > 1 {
            let mut smaller = input.clone();
            let end = (start + chunk).min(smaller.cases.len());
            smaller.cases.drain(start..end);
            if !take(&mut input, smaller)? {
                start += chunk;
            }
        }
        chunk /= 2;
    }
    let mut progress = true;
    while progress {
        progress = false;
        for i in 0..input.cases.len() {
            let mut given = 0;
            while given < input.cases[i].case.givens() {
                let case = input.cases[i].case.without_given(given);
                let mut smaller = input.clone();
                if case.affordable() {
                    smaller.cases[i] = Checked::new(case);
                    if take(&mut input, smaller)? {
                        progress = true;
                        continue;
                    }
                }
                given += 1;
            }
        }
    }
    for i in 0..input.cases.len() {
        // Each step taken makes one thing plain for good, so the list gets shorter.
        let mut k = 0;
        while let Some(case) = input.cases[i].case.plainer().into_iter().nth(k) {
            let mut plainer = input.clone();
            plainer.cases[i] = Checked::new(case);
            if !take(&mut input, plainer)? {
                k += 1;
            }
        }
    }
    let lf = Input {
        crlf: false,
        ..input.clone()
    };
    if input.crlf {
        take(&mut input, lf)?;
    }
    Ok((input, report))
}
