//! `cargo xtask figure bound [--grid FILE] [-o FILE]`: the figure of target9's branch and
//! bound on one grid, the bound at the root falling and the best score found rising against
//! the search nodes until they meet, drawn from a recorded search
//! ([`common::weighted::Maximiser::record_progress`]) by [`crate::plot::bound_figure`].
//!
//! The search is target9's own ([`target9::search::maximiser`]): the 17-cell weights, those
//! cells first; the scores are drawn as full target scores.

use std::fs;
use std::path::PathBuf;

use target9::score;

/// The figures `cargo xtask figure` draws.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Figure {
    /// target9's bound and best score against the search nodes on one grid
    Bound,
}

/// `cargo xtask figure`.
#[derive(clap::Args)]
pub struct Options {
    /// Which figure
    #[arg(value_enum)]
    figure: Figure,
    /// The grid: 81 digits, 0 for an empty cell, as target9 reads them
    #[arg(long, default_value = "tests/fixtures/target9/noip2009/sudoku17.in")]
    grid: PathBuf,
    /// Where the SVG goes
    #[arg(short, long, default_value = "docs/img/target9-bound.svg")]
    output: PathBuf,
}

/// Writes the figure; relative paths are taken from the workspace root.
pub fn main(options: &Options) -> Result<(), String> {
    let root = testkit::workspace_root();
    let Figure::Bound = options.figure;
    let grid_path = root.join(&options.grid);
    let text =
        fs::read_to_string(&grid_path).map_err(|e| format!("{}: {}", grid_path.display(), e))?;
    let name = options
        .grid
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let svg = bound_svg(&name, &parse_grid(&text)?)?;
    let output = root.join(&options.output);
    if let Some(dir) = output.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("{}: {}", dir.display(), e))?;
    }
    fs::write(&output, svg).map_err(|e| format!("{}: {}", output.display(), e))?;
    eprintln!("wrote {}", output.display());
    Ok(())
}

/// The 81 digits of a target9 input. O(length of `text`).
fn parse_grid(text: &str) -> Result<Vec<u8>, String> {
    let digits = text
        .split_whitespace()
        .map(|t| t.parse::<u8>().ok().filter(|&d| d <= 9))
        .collect::<Option<Vec<u8>>>()
        .ok_or("the grid holds something other than digits 0-9")?;
    if digits.len() != 81 {
        return Err(format!("the grid holds {} digits, not 81", digits.len()));
    }
    Ok(digits)
}

/// The figure of target9's recorded search on `givens`, titled with `name`. One search.
fn bound_svg(name: &str, givens: &[u8]) -> Result<String, String> {
    let mut solver = target9::search::maximiser();
    solver.record_progress(true);
    solver
        .maximise(givens)
        .ok_or_else(|| format!("{}: no completion", name))?;
    let points: Vec<(u64, u32, Option<u32>)> = solver
        .progress()
        .iter()
        .map(|p| {
            (
                p.nodes,
                score::BASE + p.bound,
                p.best.map(|b| score::BASE + b),
            )
        })
        .collect();
    crate::plot::bound_figure(name, &points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_are_81_digits() {
        assert_eq!(parse_grid(&"0 ".repeat(81)).unwrap(), vec![0; 81]);
        assert!(parse_grid(&"0 ".repeat(80)).is_err());
        assert!(parse_grid(&format!("{}x", "0 ".repeat(80))).is_err());
        assert!(parse_grid(&format!("{}10", "0 ".repeat(80))).is_err());
    }

    #[test]
    fn the_bound_figure_is_written_with_both_series() {
        let dir = std::env::temp_dir().join(format!("xtask-figure-{}", std::process::id()));
        let output = dir.join("bound.svg");
        let options = Options {
            figure: Figure::Bound,
            grid: PathBuf::from("tests/fixtures/target9/sample1.in"),
            output: output.clone(),
        };
        main(&options).unwrap();
        let svg = fs::read_to_string(&output).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("sample1"), "the grid's name in the title");
        assert!(svg.contains("upper bound") && svg.contains("best score found"));
        // Sample 1's maximum, where both lines end.
        assert!(svg.contains("2829"), "{}", svg);
        // The two lines of width 2.
        assert_eq!(svg.matches(r#"stroke-width="2""#).count(), 2, "{}", svg);
    }
}
