//! Progress of the long runs (`bench`, `stress`) on standard error, with the time left.
//!
//! The bar is drawn only when standard error is a terminal (`indicatif` hides a bar whose
//! target is not one), so logs and pipes get the plain lines they always had: the callers
//! print those lines only when [`ProgressBar::is_hidden`] says no bar is drawn.

pub use indicatif::ProgressBar;
use indicatif::{ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps on standard error, named `prefix`, showing the steps done, the time
/// spent and the time left (extrapolated from the rate so far).
pub fn bar(len: u64, prefix: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} {elapsed} spent, {eta} left {wide_msg}",
        )
        .expect("the template is valid")
        .progress_chars("=> "),
    );
    bar.set_prefix(prefix.to_string());
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_to_a_non_terminal_is_hidden_but_counts() {
        // Under `cargo test` standard error is captured, not a terminal; where it is one,
        // the bar shows, and only the count is checked.
        let progress = bar(10, "test");
        if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            assert!(progress.is_hidden());
        }
        progress.inc(3);
        assert_eq!(progress.position(), 3);
        assert_eq!(progress.length(), Some(10));
    }
}
