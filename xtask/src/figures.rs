//! How the reports write figures: durations and rates.

use std::time::Duration;

use testkit::thousands;

pub use testkit::duration;

pub fn rate(cases: usize, d: Duration) -> String {
    let per_second = cases as f64 / d.as_secs_f64();
    if per_second < 100.0 {
        format!("{:.2}/s", per_second)
    } else {
        thousands(per_second.round() as u64) + "/s"
    }
}
