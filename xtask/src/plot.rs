//! The figures of `cargo xtask bench --plots DIR`, drawn as SVG files from the same runs as the
//! report's tables, so that a figure in the docs is regenerated, never drawn by hand.
//!
//! - `DIR/bench-sets.svg`: each data set's whole-process time (the sum of the medians over its
//!   inputs), ours beside the peer's, on a logarithmic axis; a peer killed at its time limit is
//!   drawn as a cross at the limit, a lower bound.
//! - `DIR/tails-<problem>.svg`: the empirical distribution (ECDF) of the times of each
//!   heavy-tail family of that problem, one line per family: the share of the family's inputs
//!   decided within a time, on a logarithmic time axis. A process killed at the limit never
//!   counts as decided, so its family's line ends below 1.
//!
//! - `docs/img/target9-bound.svg` (`cargo xtask figure bound`, [`bound_figure`]): target9's
//!   bound at the root falling and its best score found rising against the search nodes on one
//!   grid, until they meet.
//!
//! Only the SVG backend of `plotters` is used; text is written as SVG `<text>` elements, which
//! the viewer lays out in its own sans-serif font.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use plotters::coord::combinators::{LogCoord, WithKeyPoints};
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use testkit::Problem;

/// The size of every figure, in pixels.
const SIZE: (u32, u32) = (860, 480);

/// The colours of the lines, in turn: dark enough on white and told apart in print.
const COLORS: [RGBColor; 6] = [
    RGBColor(0, 90, 181),
    RGBColor(220, 50, 32),
    RGBColor(0, 140, 70),
    RGBColor(230, 140, 0),
    RGBColor(120, 60, 160),
    RGBColor(0, 0, 0),
];

/// The labelled ticks of a logarithmic time axis are these times a power of ten; its grid
/// has a line at each of 1 to 9 times a power of ten.
const LABELLED: [f64; 3] = [1.0, 2.0, 5.0];

/// One data set's whole-process time, ours and the peer's.
pub struct SetTimes {
    pub name: String,
    pub ours: Duration,
    /// `None` when the peer did not run.
    pub peer: Option<Duration>,
    /// Some peer run was killed at its time limit, so `peer` is a lower bound.
    pub peer_lower_bound: bool,
}

/// One heavy-tail family's times, one per input; `None` for a process killed at the limit.
pub struct FamilyTimes {
    pub name: String,
    pub problem: Problem,
    pub times: Vec<Option<Duration>>,
}

/// Writes the figures of `sets` (if any) and of `families` (one figure per problem) into
/// `dir`, creating it, each headed by `note` (the commit and machine); returns the paths
/// written. Linear in the number of times.
pub fn write(
    dir: &Path,
    sets: &[SetTimes],
    families: &[FamilyTimes],
    limit: Duration,
    note: &str,
) -> Result<Vec<PathBuf>, String> {
    fs::create_dir_all(dir).map_err(|e| format!("{}: {}", dir.display(), e))?;
    let mut figures = Vec::new();
    if !sets.is_empty() {
        figures.push(("bench-sets.svg".to_string(), set_figure(sets, note)?));
    }
    for problem in Problem::ALL {
        let families: Vec<&FamilyTimes> =
            families.iter().filter(|f| f.problem == problem).collect();
        if families.is_empty() {
            continue;
        }
        let svg = ecdf_figure(problem, &families, limit, note)?;
        figures.push((format!("tails-{}.svg", problem), svg));
    }
    let mut written = Vec::new();
    for (name, svg) in figures {
        let path = dir.join(name);
        fs::write(&path, svg).map_err(|e| format!("{}: {}", path.display(), e))?;
        written.push(path);
    }
    Ok(written)
}

/// Draws the legend of `chart`'s labelled series in its lower right corner.
fn legend<'a, Coord: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Coord>,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(drawing)
}

/// A chart builder on `root` headed by `caption`, with the margins every figure shares and
/// `y_label_area` pixels for the vertical axis's labels.
fn framed<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, plotters::coord::Shift>,
    caption: String,
    y_label_area: u32,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(caption, ("sans-serif", 17))
        .margin(12)
        .margin_right(30)
        .x_label_area_size(42)
        .y_label_area_size(y_label_area);
    builder
}

/// A drawing error as text.
fn drawing<E: std::fmt::Display>(e: E) -> String {
    format!("drawing a figure: {}", e)
}

/// The tick label of `seconds` on a time axis: `2 ms`, `500 µs`, `10 s`.
fn seconds_label(seconds: &f64) -> String {
    let (unit, scale) = match seconds.abs() {
        s if s < 1e-6 => ("ns", 1e9),
        s if s < 1e-3 => ("µs", 1e6),
        s if s < 1.0 => ("ms", 1e3),
        _ => ("s", 1.0),
    };
    format!("{} {}", (seconds * scale * 1000.0).round() / 1000.0, unit)
}

/// The times `mantissas` times a power of ten within `range` (seconds), ascending.
fn ticks(range: &std::ops::Range<f64>, mantissas: &[f64]) -> Vec<f64> {
    let first = range.start.log10().round() as i32;
    let last = range.end.log10().round() as i32;
    let within = |t: &f64| *t >= range.start * (1.0 - 1e-9) && *t <= range.end * (1.0 + 1e-9);
    (first..=last)
        .flat_map(|e| mantissas.iter().map(move |m| m * 10f64.powi(e)))
        .filter(within)
        .collect()
}

/// A logarithmic time axis over `range` with [`LABELLED`] ticks and a grid line at each digit.
fn time_axis(range: std::ops::Range<f64>) -> WithKeyPoints<LogCoord<f64>> {
    let digits: Vec<f64> = (1..=9).map(f64::from).collect();
    let grid = ticks(&range, &digits);
    let labelled = ticks(&range, &LABELLED);
    range
        .log_scale()
        .with_key_points(labelled)
        .with_light_points(grid)
}

/// The logarithmic axis range that holds every value of `values` (seconds), from a power of
/// ten to a power of ten, so that the axis has ticks at both ends.
fn log_range(values: impl Iterator<Item = f64>) -> std::ops::Range<f64> {
    let (low, high) = values
        .filter(|v| *v > 0.0)
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if low > high {
        return 1e-3..1.0;
    }
    let low = 10f64.powf((low / 1.1).log10().floor());
    let high = 10f64.powf((high * 1.1).log10().ceil());
    low..high
}

/// The steps of an ECDF over `times`: for each finished time in order, the share of inputs
/// finished before it and the share including it. Killed runs add no step.
fn ecdf_points(times: &[Option<Duration>]) -> Vec<(f64, f64)> {
    let mut finished: Vec<f64> = times.iter().flatten().map(Duration::as_secs_f64).collect();
    finished.sort_by(f64::total_cmp);
    let n = times.len() as f64;
    let mut points = Vec::with_capacity(2 * finished.len());
    for (k, t) in finished.iter().enumerate() {
        points.push((*t, k as f64 / n));
        points.push((*t, (k + 1) as f64 / n));
    }
    points
}

/// The ECDF figure of one problem's families.
fn ecdf_figure(
    problem: Problem,
    families: &[&FamilyTimes],
    limit: Duration,
    note: &str,
) -> Result<String, String> {
    let killed = |f: &FamilyTimes| f.times.iter().filter(|t| t.is_none()).count();
    let any_killed = families.iter().any(|f| killed(f) > 0);
    let x_range = log_range(
        families
            .iter()
            .flat_map(|f| f.times.iter().flatten().map(Duration::as_secs_f64))
            .chain(any_killed.then_some(limit.as_secs_f64())),
    );
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let mut chart = framed(
            &root,
            format!(
                "{}: heavy-tail families, one process per input ({})",
                problem, note
            ),
            56,
        )
        .build_cartesian_2d(time_axis(x_range), 0.0..1.0)
        .map_err(drawing)?;
        chart
            .configure_mesh()
            .x_desc("time of one process (logarithmic)")
            .y_desc("share of the family's inputs decided")
            .x_label_formatter(&seconds_label)
            .y_label_formatter(&|share| format!("{:.0}%", share * 100.0))
            .draw()
            .map_err(drawing)?;
        for (k, family) in families.iter().enumerate() {
            let color = COLORS[k % COLORS.len()];
            let mut label = format!(
                "{} ({} inputs)",
                family.name,
                testkit::thousands(family.times.len() as u64)
            );
            if killed(family) > 0 {
                label = format!(
                    "{}, {} over {}",
                    label,
                    killed(family),
                    crate::figures::duration(limit)
                );
            }
            chart
                .draw_series(LineSeries::new(
                    ecdf_points(&family.times),
                    color.stroke_width(2),
                ))
                .map_err(drawing)?
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        legend(&mut chart)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// The figure of the data sets' times, ours beside the peer's, one row per set.
// Over 80 lines: one chart's calls in plotters' order; the chart's generic type would make
// each helper's signature longer than the steps it held.
fn set_figure(sets: &[SetTimes], note: &str) -> Result<String, String> {
    let x_range = log_range(
        sets.iter()
            .flat_map(|s| std::iter::once(s.ours).chain(s.peer))
            .map(|d| d.as_secs_f64()),
    );
    // The first set on top, the last in row 1 of the axis: row 0 is left empty for the legend.
    let names: Vec<String> = std::iter::once(String::new())
        .chain(sets.iter().rev().map(|s| s.name.clone()))
        .collect();
    let row = |k: usize| SegmentValue::CenterOf(sets.len() - k);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let mut chart = framed(
            &root,
            format!("Whole-process time per data set ({})", note),
            130,
        )
        // A discrete range holds its end: `0..n` is n + 1 rows.
        .build_cartesian_2d(time_axis(x_range), (0..sets.len()).into_segmented())
        .map_err(drawing)?;
        chart
            .configure_mesh()
            .x_desc("sum of the medians over the set's inputs (logarithmic)")
            .x_label_formatter(&seconds_label)
            .y_labels(sets.len() + 1)
            .y_label_formatter(&|value| match value {
                SegmentValue::CenterOf(k) | SegmentValue::Exact(k) => {
                    names.get(*k).cloned().unwrap_or_default()
                }
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(drawing)?;
        let (ours_color, peer_color) = (COLORS[0], COLORS[1]);
        chart
            .draw_series(
                sets.iter()
                    .enumerate()
                    .filter_map(|(k, s)| s.peer.map(|p| (k, s.ours, p)))
                    .map(|(k, ours, peer)| {
                        PathElement::new(
                            vec![(ours.as_secs_f64(), row(k)), (peer.as_secs_f64(), row(k))],
                            BLACK.mix(0.3),
                        )
                    }),
            )
            .map_err(drawing)?;
        chart
            .draw_series(
                sets.iter().enumerate().map(|(k, s)| {
                    Circle::new((s.ours.as_secs_f64(), row(k)), 6, ours_color.filled())
                }),
            )
            .map_err(drawing)?
            .label("ours")
            .legend(move |(x, y)| Circle::new((x + 10, y), 6, ours_color.filled()));
        let peer_at = |killed: bool| {
            sets.iter()
                .enumerate()
                .filter(move |(_, s)| s.peer_lower_bound == killed)
                .filter_map(|(k, s)| s.peer.map(|p| (p.as_secs_f64(), row(k))))
        };
        if peer_at(false).next().is_some() {
            chart
                .draw_series(
                    peer_at(false).map(|at| TriangleMarker::new(at, 8, peer_color.filled())),
                )
                .map_err(drawing)?
                .label("peer: the published C++ solution, g++ -O2")
                .legend(move |(x, y)| TriangleMarker::new((x + 10, y), 8, peer_color.filled()));
        }
        if peer_at(true).next().is_some() {
            chart
                .draw_series(peer_at(true).map(|at| Cross::new(at, 7, peer_color.stroke_width(3))))
                .map_err(drawing)?
                .label("peer killed at its time limit: a lower bound")
                .legend(move |(x, y)| Cross::new((x + 10, y), 7, peer_color.stroke_width(3)));
        }
        legend(&mut chart)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// A step line through `points`: each value holds until the next point's `x`.
fn steps(points: impl Iterator<Item = (u64, u32)>) -> Vec<(f64, f64)> {
    let mut line: Vec<(f64, f64)> = Vec::new();
    for (x, y) in points {
        if let Some(&(_, last)) = line.last() {
            line.push((x as f64, last));
        }
        line.push((x as f64, f64::from(y)));
    }
    line
}

/// The figure of one recorded branch and bound on grid `name`: `points` are
/// `(nodes, bound, best)` in the order recorded, the last where bound and best meet. Linear in
/// the number of points.
pub fn bound_figure(name: &str, points: &[(u64, u32, Option<u32>)]) -> Result<String, String> {
    let last = points.last().ok_or("no progress recorded")?;
    let maximum = last.1;
    let bests = || points.iter().filter_map(|&(n, _, b)| b.map(|b| (n, b)));
    let low = bests().map(|(_, b)| b).min().unwrap_or(maximum);
    let high = points.iter().map(|p| p.1).max().unwrap_or(maximum);
    let margin = f64::from((high - low) / 20 + 1);
    let y_range = f64::from(low) - margin..f64::from(high) + margin;
    let x_range = 0.0..(last.0 as f64 * 1.02).max(1.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let mut chart = framed(
            &root,
            format!(
                "target9 on {}: the bound meets the best score at {} after {} nodes",
                name,
                maximum,
                testkit::thousands(last.0)
            ),
            56,
        )
        .build_cartesian_2d(x_range, y_range)
        .map_err(drawing)?;
        chart
            .configure_mesh()
            .x_desc("search nodes visited")
            .y_desc("target score")
            .x_label_formatter(&|n| testkit::thousands(n.round() as u64))
            .y_label_formatter(&|s| format!("{:.0}", s))
            .draw()
            .map_err(drawing)?;
        let series = [
            (
                "upper bound at the root",
                steps(points.iter().map(|&(n, b, _)| (n, b))),
            ),
            ("best score found", steps(bests())),
        ];
        for (k, (label, line)) in series.into_iter().enumerate() {
            let color = COLORS[k];
            chart
                .draw_series(LineSeries::new(line, color.stroke_width(2)))
                .map_err(drawing)?
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        legend(&mut chart)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    /// The text of every `<text>` element of `svg`.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|rest| {
                let start = rest.find('>')? + 1;
                let end = rest.find("</text>")?;
                Some(rest[start..end].trim().replace("&apos;", "'"))
            })
            .collect()
    }

    #[test]
    fn ecdf_steps_climb_to_the_share_of_finished_inputs() {
        let points = ecdf_points(&[ms(3), None, ms(1), ms(2)]);
        assert_eq!(
            points,
            [
                (0.001, 0.0),
                (0.001, 0.25),
                (0.002, 0.25),
                (0.002, 0.5),
                (0.003, 0.5),
                (0.003, 0.75)
            ]
        );
        assert!(ecdf_points(&[None]).is_empty());
    }

    #[test]
    fn log_ranges_run_from_a_power_of_ten_to_a_power_of_ten() {
        let range = log_range([0.002, 0.5, 0.0].into_iter());
        assert!((range.start - 1e-3).abs() < 1e-12, "{:?}", range);
        assert!((range.end - 1.0).abs() < 1e-12, "{:?}", range);
        assert_eq!(log_range(std::iter::empty()), 1e-3..1.0);
    }

    #[test]
    fn time_ticks_are_one_two_and_five_times_a_power_of_ten() {
        let range = log_range([4e-4, 0.03].into_iter());
        let labels: Vec<String> = ticks(&range, &LABELLED).iter().map(seconds_label).collect();
        assert_eq!(
            labels,
            [
                "100 µs", "200 µs", "500 µs", "1 ms", "2 ms", "5 ms", "10 ms", "20 ms", "50 ms",
                "100 ms"
            ]
        );
        assert_eq!(ticks(&range, &[3.0]).len(), 3);
        assert_eq!(seconds_label(&20.0), "20 s");
    }

    #[test]
    fn tails_figures_have_one_line_per_family_and_labelled_axes() {
        let family = |name: &str, problem, times: Vec<Option<Duration>>| FamilyTimes {
            name: name.to_string(),
            problem,
            times,
        };
        let families = [
            family(
                "tails-jigsaw-a",
                Problem::Jigsaw,
                vec![ms(2), ms(5), ms(40)],
            ),
            family("tails-jigsaw-b", Problem::Jigsaw, vec![ms(3), None]),
            family("tails-latin6-c", Problem::Latin6, vec![ms(1)]),
        ];
        let dir = std::env::temp_dir().join(format!("xtask-plot-{}", std::process::id()));
        let limit = Duration::from_secs(10);
        let written = write(&dir, &[], &families, limit, "test").unwrap();
        assert_eq!(
            written,
            [dir.join("tails-jigsaw.svg"), dir.join("tails-latin6.svg")]
        );
        let svg = fs::read_to_string(&written[0]).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let texts = texts(&svg);
        let has = |wanted: &str| texts.iter().any(|t| t.contains(wanted));
        assert!(has("tails-jigsaw-a (3 inputs)"), "{:?}", texts);
        assert!(has("tails-jigsaw-b (2 inputs), 1 over 10.00 s"));
        assert!(!has("tails-latin6-c"), "each problem has its own figure");
        assert!(has("time of one process (logarithmic)"));
        assert!(has("share of the family's inputs decided"));
        assert!(has("100%") && has("1 ms") && has("10 ms"), "{:?}", texts);
        // One line of width 2 per family; the axes and the legend's samples are thinner.
        assert_eq!(svg.matches(r#"stroke-width="2""#).count(), 2, "{}", svg);
    }

    #[test]
    fn step_lines_hold_each_value_until_the_next_point() {
        assert_eq!(
            steps([(0, 9), (4, 7), (6, 7)].into_iter()),
            [(0.0, 9.0), (4.0, 9.0), (4.0, 7.0), (6.0, 7.0), (6.0, 7.0)]
        );
        assert!(steps(std::iter::empty()).is_empty());
    }

    #[test]
    fn set_figure_shows_ours_and_the_peer_per_set() {
        let sets = [
            SetTimes {
                name: "jigsaw-17clue".to_string(),
                ours: Duration::from_millis(330),
                peer: Some(Duration::from_secs(2)),
                peer_lower_bound: false,
            },
            SetTimes {
                name: "target9-sparse".to_string(),
                ours: Duration::from_millis(75),
                peer: Some(Duration::from_secs(600)),
                peer_lower_bound: true,
            },
            SetTimes {
                name: "sima4-unique".to_string(),
                ours: Duration::from_millis(40),
                peer: None,
                peer_lower_bound: false,
            },
        ];
        let svg = set_figure(&sets, "test").unwrap();
        let texts = texts(&svg);
        for name in ["jigsaw-17clue", "target9-sparse", "sima4-unique", "ours"] {
            assert!(texts.iter().any(|t| t == name), "{} in {:?}", name, texts);
        }
        assert!(texts.iter().any(|t| t.starts_with("peer: the published")));
        assert!(texts.iter().any(|t| t.starts_with("peer killed")));
        // Three of ours and one in the legend; one peer measured and the legend's; one killed
        // and the legend's, each a cross of two strokes of width 3.
        assert_eq!(svg.matches("<circle").count(), 3 + 1);
        assert_eq!(svg.matches("<polygon").count(), 1 + 1);
        assert_eq!(svg.matches(r#"stroke-width="3""#).count(), 2 * 2);
    }
}
