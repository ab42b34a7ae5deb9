//! `cargo xtask draw <problem> FILE [--case K] [-o OUT.svg]`: one case of an input drawn as
//! SVG, so that a layout given as numbers (jigsaw's wall bits, latin6's group rows) can be
//! looked at.
//!
//! Regions or groups are shaded and bounded by thick walls, givens are bold, and the answer's
//! digits, where the release binary prints a grid for the case, fill the other cells in a
//! lighter colour. target9's cells carry their ring weights, faint, and its caption the best
//! score. The binary reads the file first: an input it refuses is refused with its error line,
//! so the drawing reads only inputs that keep to the contract.
//!
//! [`sample_pdf`] draws the same picture as a one-page PDF, for the statements of the Kattis
//! packages: their LaTeX includes it, and problemtools turns it into PNG for the HTML.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use xtask::Problem;

use common::layout::Layout;
use common::regions::regions_from_walls;
use testkit::expected;
use testkit::process;

/// The options of `cargo xtask draw`.
#[derive(clap::Parser, Debug)]
pub struct Options {
    /// The problem the input is of
    #[arg(value_parser = xtask::problem_parser())]
    problem: Problem,
    /// The input file
    file: PathBuf,
    /// Which case of a multi-case input to draw, from 1
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    case: u64,
    /// Where the SVG goes [default: standard output]
    #[arg(short, long, value_name = "OUT.svg")]
    out: Option<PathBuf>,
}

/// How long the release binary may take to answer the input.
const RUN_LIMIT: Duration = Duration::from_secs(60);
/// A cell's side, and the margin around the grid, in SVG units.
const CELL: usize = 48;
const MARGIN: usize = 8;
/// The light shades of the regions, by region number.
const SHADES: [&str; 9] = [
    "#fde2e4", "#e2ece9", "#fff1c1", "#dfe7fd", "#f0e6ef", "#e8f5d0", "#fde8d0", "#d8f0f4",
    "#ece4db",
];

/// One case as the drawing needs it.
#[derive(Debug, PartialEq, Eq)]
struct Case {
    size: usize,
    /// Region or group of each cell, row by row.
    regions: Vec<u8>,
    /// 0 or the given digit.
    givens: Vec<u8>,
    /// The answer's grid, where the binary prints one.
    answer: Option<Vec<u8>>,
    /// Each cell's weight (target9).
    weights: Option<Vec<u32>>,
    /// What the binary printed in short, under the grid.
    caption: String,
    /// Digits as letters (latin6's A-F).
    letters: bool,
}

/// Runs `cargo xtask draw`.
pub fn main(options: &Options) -> Result<(), String> {
    let file = &options.file;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {}", file.display(), e))?;
    let binary = xtask::build_release(options.problem)?;
    let output = answer_of(&binary, file)?;
    let case = read_case(options.problem, &text, &output, options.case as usize)
        .map_err(|e| format!("{}: {}", file.display(), e))?;
    let svg = svg(&case);
    match &options.out {
        Some(out) => std::fs::write(out, svg).map_err(|e| format!("{}: {}", out.display(), e)),
        None => {
            print!("{}", svg);
            Ok(())
        }
    }
}

/// The first case of `problem`'s `input` with `output`, the answer the binary prints on it,
/// drawn as a one-page PDF: the picture [`main`] writes as SVG, without its English caption,
/// since each statement says in its own language what the picture shows.
pub fn sample_pdf(problem: Problem, input: &str, output: &str) -> Result<Vec<u8>, String> {
    let mut case = read_case(problem, input, output, 1)?;
    case.caption.clear();
    Ok(pdf(&case))
}

/// The binary's output on `file`, or its error line if it refuses the input.
fn answer_of(binary: &Path, file: &Path) -> Result<String, String> {
    let input = std::fs::read(file).map_err(|e| format!("{}: {}", file.display(), e))?;
    let run = process::run(&mut Command::new(binary), &input, RUN_LIMIT)
        .map_err(|e| format!("{}: {}", binary.display(), e))?;
    match run.status {
        Some(status) if status.success() => {
            String::from_utf8(run.stdout).map_err(|_| "the output is not UTF-8".to_string())
        }
        Some(_) => Err(String::from_utf8_lossy(&run.stderr).trim_end().to_string()),
        None => Err(format!("the binary ran past {:?}", RUN_LIMIT)),
    }
}

/// Case `k` (from 1) of `problem`'s input `text`, with the answer read from `output`, the
/// binary's output on the whole input.
fn read_case(problem: Problem, text: &str, output: &str, k: usize) -> Result<Case, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let cases = || {
        tokens
            .first()
            .and_then(|t| t.parse::<usize>().ok())
            .ok_or_else(|| "no number of cases".to_string())
    };
    let no_case = |count: usize| format!("case {} asked, the input has {}", k, count);
    let case = |size: usize, regions: Vec<u8>, givens: Vec<u8>| Case {
        size,
        regions,
        givens,
        answer: None,
        weights: None,
        caption: String::new(),
        letters: false,
    };
    match problem {
        Problem::Jigsaw => {
            let count = cases()?;
            let values = tokens
                .get(1 + 81 * (k - 1)..1 + 81 * k)
                .filter(|_| k <= count);
            let values: Vec<u8> = values
                .ok_or_else(|| no_case(count))?
                .iter()
                .map(|t| t.parse().map_err(|_| format!("{:?} is no cell value", t)))
                .collect::<Result<_, _>>()?;
            let walls: Vec<u8> = values.iter().map(|v| v >> 4).collect();
            let mut regions = vec![0; 81];
            regions_from_walls(9, &walls, &mut regions)
                .map_err(|e| format!("walls that do not make nine regions: {:?}", e))?;
            let mut drawn = case(9, regions, values.iter().map(|v| v & 15).collect());
            let (answer, caption) = grid_after(output, &expected::header(problem, k), 9, false);
            drawn.answer = answer;
            drawn.caption = caption;
            Ok(drawn)
        }
        Problem::Sima4 => {
            let count = cases()?;
            let rows = tokens
                .get(1 + 4 * (k - 1)..1 + 4 * k)
                .filter(|_| k <= count);
            let givens = rows
                .ok_or_else(|| no_case(count))?
                .iter()
                .flat_map(|row| row.bytes())
                .map(|b| if b == b'*' { 0 } else { b - b'0' })
                .collect();
            let mut drawn = case(4, Layout::boxes(2, 2).regions().to_vec(), givens);
            let (answer, caption) = grid_after(output, &expected::header(problem, k), 4, false);
            drawn.answer = answer;
            drawn.caption = caption;
            Ok(drawn)
        }
        Problem::Latin6 => {
            if k != 1 {
                return Err(no_case(1));
            }
            let regions = tokens
                .iter()
                .take(6)
                .flat_map(|row| row.bytes())
                .map(|b| b - b'0');
            let regions: Vec<u8> = regions.collect();
            let mut givens = vec![0; 36];
            for given in tokens.iter().skip(7) {
                let b = given.as_bytes();
                let cell = usize::from(b[0] - b'0') * 6 + usize::from(b[1] - b'0');
                givens[cell] = b[2] - b'A' + 1;
            }
            let mut drawn = case(6, regions, givens);
            drawn.letters = true;
            let solutions = output.lines().next().unwrap_or_default();
            if solutions.parse::<usize>().is_ok() {
                drawn.answer = grid_rows(output.lines().skip(1), 6, true);
                drawn.caption = match solutions {
                    "1" => "its only solution".to_string(),
                    _ => format!("{} solutions, the first drawn", solutions),
                };
            } else {
                drawn.caption = solutions.to_string();
            }
            Ok(drawn)
        }
        Problem::Target9 => {
            let givens = tokens
                .iter()
                .map(|t| t.parse::<u8>().unwrap_or(0))
                .collect();
            let mut drawn = case(9, Layout::boxes(3, 3).regions().to_vec(), givens);
            drawn.weights = Some(target9::score::weights());
            drawn.caption = format!("best score {}", output.trim_end());
            Ok(drawn)
        }
    }
}

/// The grid printed after the line `header` ([`expected::header`], its line end aside) in
/// `output`, or `None` and the line printed there instead (`No solution`, `Multiple Solutions`); the caption says which.
fn grid_after(output: &str, header: &str, size: usize, letters: bool) -> (Option<Vec<u8>>, String) {
    let lines = output
        .lines()
        .skip_while(|line| *line != header.trim_end())
        .skip(1);
    let first = lines.clone().next().unwrap_or_default();
    match grid_rows(lines, size, letters) {
        Some(grid) => (Some(grid), "its only solution".to_string()),
        None => (None, first.to_string()),
    }
}

/// The grid of the first `size` lines of `lines`, digits or letters (`A` is 1), spaces
/// between them or not; `None` if they are not such a grid.
fn grid_rows<'a>(
    lines: impl Iterator<Item = &'a str>,
    size: usize,
    letters: bool,
) -> Option<Vec<u8>> {
    let mut grid = Vec::with_capacity(size * size);
    for line in lines.take(size) {
        let row: Vec<u8> = line
            .bytes()
            .filter(|b| *b != b' ')
            .map(|b| {
                if letters {
                    b.wrapping_sub(b'A' - 1)
                } else {
                    b.wrapping_sub(b'0')
                }
            })
            .collect();
        if row.len() != size || row.iter().any(|&d| d == 0 || usize::from(d) > size) {
            return None;
        }
        grid.extend(row);
    }
    (grid.len() == size * size).then_some(grid)
}

/// The cell pairs side by side whose regions differ, as (cell, right or below neighbour).
fn walls(case: &Case) -> Vec<(usize, usize)> {
    let n = case.size;
    let mut walls = Vec::new();
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        for (ok, next) in [(c + 1 < n, cell + 1), (r + 1 < n, cell + n)] {
            if ok && case.regions[cell] != case.regions[next] {
                walls.push((cell, next));
            }
        }
    }
    walls
}

/// The SVG of `case`.
fn svg(case: &Case) -> String {
    let n = case.size;
    let side = n * CELL;
    let (width, height) = (side + 2 * MARGIN, side + 2 * MARGIN + 28);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = width,
        h = height
    );
    let _ = writeln!(
        s,
        r#"<rect width="{}" height="{}" fill="white"/>"#,
        width, height
    );
    let corner = |cell: usize| (MARGIN + cell % n * CELL, MARGIN + cell / n * CELL);
    for cell in 0..n * n {
        let (x, y) = corner(cell);
        let shade = SHADES[usize::from(case.regions[cell]) % SHADES.len()];
        let _ = writeln!(
            s,
            r##"<rect class="cell" x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="#999" stroke-width="1"/>"##,
            x, y, CELL, CELL, shade
        );
    }
    for (cell, next) in walls(case) {
        let (x, y) = corner(next);
        let (x2, y2) = if next == cell + 1 {
            (x, y + CELL)
        } else {
            (x + CELL, y)
        };
        let _ = writeln!(
            s,
            r#"<line class="wall" x1="{}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="4" stroke-linecap="square"/>"#,
            x, y, x2, y2
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{m}" y="{m}" width="{side}" height="{side}" fill="none" stroke="black" stroke-width="4"/>"#,
        m = MARGIN,
        side = side
    );
    let symbol = |d: u8| {
        if case.letters {
            char::from(b'A' + d - 1)
        } else {
            char::from(b'0' + d)
        }
    };
    for cell in 0..n * n {
        let (x, y) = corner(cell);
        if let Some(weights) = &case.weights {
            let _ = writeln!(
                s,
                r##"<text class="weight" x="{}" y="{}" font-size="11" fill="#aaa">{}</text>"##,
                x + 4,
                y + 13,
                weights[cell]
            );
        }
        let (digit, class, style) = match (case.givens[cell], &case.answer) {
            (0, Some(answer)) => (answer[cell], "answer", r##"fill="#3a6ea5""##),
            (0, None) => continue,
            (given, _) => (given, "given", r#"font-weight="bold" fill="black""#),
        };
        let _ = writeln!(
            s,
            r#"<text class="{}" x="{}" y="{}" font-size="28" text-anchor="middle" {}>{}</text>"#,
            class,
            x + CELL / 2,
            y + CELL / 2 + 10,
            style,
            symbol(digit)
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="16" fill="#333">{}</text>"##,
        MARGIN,
        side + 2 * MARGIN + 18,
        case.caption
    );
    s.push_str("</svg>\n");
    s
}

/// The PDF of `case`: the picture of [`svg`], in points, with Helvetica for the symbols.
fn pdf(case: &Case) -> Vec<u8> {
    use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};
    let n = case.size;
    let side = (n * CELL) as f32;
    let margin = MARGIN as f32;
    let cell = CELL as f32;
    let below = if case.caption.is_empty() { 0.0 } else { 28.0 };
    let (width, height) = (side + 2.0 * margin, side + 2.0 * margin + below);
    // The SVG's y runs down from the top, the PDF's up from the bottom.
    let corner = |c: usize| {
        let x = margin + (c % n) as f32 * cell;
        (x, height - margin - (c / n + 1) as f32 * cell)
    };
    let mut content = Content::new();
    for c in 0..n * n {
        let (x, y) = corner(c);
        let (r, g, b) = rgb(SHADES[usize::from(case.regions[c]) % SHADES.len()]);
        content.set_fill_rgb(r, g, b);
        content.set_stroke_rgb(0.6, 0.6, 0.6);
        content.set_line_width(1.0);
        content.rect(x, y, cell, cell);
        content.fill_nonzero_and_stroke();
    }
    content.set_stroke_rgb(0.0, 0.0, 0.0);
    content.set_line_width(4.0);
    content.set_line_cap(pdf_writer::types::LineCapStyle::ProjectingSquareCap);
    for (c, next) in walls(case) {
        let (x, y) = corner(next);
        if next == c + 1 {
            content.move_to(x, y);
            content.line_to(x, y + cell);
        } else {
            content.move_to(x, y + cell);
            content.line_to(x + cell, y + cell);
        }
        content.stroke();
    }
    content.rect(margin, height - margin - side, side, side);
    content.stroke();
    fn text(content: &mut Content, font: &[u8], size: f32, x: f32, y: f32, s: &str) {
        content.begin_text();
        content.set_font(Name(font), size);
        content.next_line(x, y);
        content.show(Str(s.as_bytes()));
        content.end_text();
    }
    for c in 0..n * n {
        let (x, y) = corner(c);
        if let Some(weights) = &case.weights {
            content.set_fill_rgb(0.67, 0.67, 0.67);
            text(
                &mut content,
                b"F1",
                11.0,
                x + 4.0,
                y + cell - 13.0,
                &weights[c].to_string(),
            );
        }
        let (digit, font) = match (case.givens[c], &case.answer) {
            (0, Some(answer)) => {
                let (r, g, b) = rgb("#3a6ea5");
                content.set_fill_rgb(r, g, b);
                (answer[c], b"F1")
            }
            (0, None) => continue,
            (given, _) => {
                content.set_fill_rgb(0.0, 0.0, 0.0);
                (given, b"F2")
            }
        };
        let symbol = if case.letters {
            char::from(b'A' + digit - 1)
        } else {
            char::from(b'0' + digit)
        };
        // Helvetica's digits are 0.556 em wide, its letters A-F 0.61-0.72: centre on 0.6.
        let x = x + cell / 2.0 - 0.3 * 28.0;
        text(
            &mut content,
            font,
            28.0,
            x,
            y + cell / 2.0 - 10.0,
            &symbol.to_string(),
        );
    }
    if !case.caption.is_empty() {
        content.set_fill_rgb(0.2, 0.2, 0.2);
        text(&mut content, b"F1", 16.0, margin, 10.0, &case.caption);
    }

    let (catalog, pages, page, regular, bold, stream) = (
        Ref::new(1),
        Ref::new(2),
        Ref::new(3),
        Ref::new(4),
        Ref::new(5),
        Ref::new(6),
    );
    let mut document = Pdf::new();
    document.catalog(catalog).pages(pages);
    document.pages(pages).kids([page]).count(1);
    {
        let mut writer = document.page(page);
        writer.parent(pages);
        writer.media_box(Rect::new(0.0, 0.0, width, height));
        writer.contents(stream);
        writer
            .resources()
            .fonts()
            .pair(Name(b"F1"), regular)
            .pair(Name(b"F2"), bold);
    }
    document.type1_font(regular).base_font(Name(b"Helvetica"));
    document.type1_font(bold).base_font(Name(b"Helvetica-Bold"));
    document.stream(stream, &content.finish());
    document.finish()
}

/// The red, green and blue parts, from 0 to 1, of a colour written `#rrggbb`.
fn rgb(hex: &str) -> (f32, f32, f32) {
    let part =
        |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_or(0.0, |v| f32::from(v) / 255.0);
    (part(1), part(3), part(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        std::fs::read_to_string(root.join(name)).expect("fixture")
    }

    /// How often `needle` occurs in `svg`.
    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn the_jigsaw_sample_has_its_walls_givens_and_answer() {
        let (input, output) = (fixture("jigsaw/sample.in"), fixture("jigsaw/sample.out"));
        let case = read_case(Problem::Jigsaw, &input, &output, 1).expect("case 1");
        let drawn = svg(&case);
        assert_eq!(count(&drawn, r#"class="cell""#), 81);
        // A wall for each pair of neighbours in two regions: 9 regions of 9 cells always
        // leave some, and never one between cells of the same region.
        let pairs = (0..81)
            .flat_map(|cell| [(cell % 9 < 8, cell + 1), (cell < 72, cell + 9)].map(|p| (cell, p)))
            .filter(|&(cell, (ok, next))| ok && case.regions[cell] != case.regions[next])
            .count();
        assert!(pairs > 0);
        assert_eq!(count(&drawn, r#"class="wall""#), pairs);
        let givens = case.givens.iter().filter(|&&g| g > 0).count();
        assert_eq!(count(&drawn, r#"class="given""#), givens);
        assert_eq!(count(&drawn, r#"class="answer""#), 81 - givens);
        // The answer is the grid the expected output prints, and agrees with every given.
        let answer = case.answer.expect("case 1 has one solution");
        let printed: String = output.lines().skip(1).take(9).collect();
        let digits: String = answer.iter().map(|d| char::from(b'0' + d)).collect();
        assert_eq!(digits, printed);
        assert!((0..81).all(|c| case.givens[c] == 0 || case.givens[c] == answer[c]));
        // Case 2 has no solution: no answer, and the caption says so.
        let second = read_case(Problem::Jigsaw, &input, &output, 2).expect("case 2");
        assert_eq!(
            (second.answer, second.caption.as_str()),
            (None, "No solution")
        );
        assert!(read_case(Problem::Jigsaw, &input, &output, 4).is_err());
    }

    #[test]
    fn latin6_draws_letters_in_groups() {
        let (input, output) = (fixture("latin6/sample1.in"), fixture("latin6/sample1.out"));
        let case = read_case(Problem::Latin6, &input, &output, 1).expect("the case");
        assert!(case.letters);
        assert_eq!(case.givens.iter().filter(|&&g| g > 0).count(), 6);
        let drawn = svg(&case);
        // The first solution's first row, letter by letter, in cell order.
        let first_row: Vec<String> = output
            .lines()
            .nth(1)
            .expect("a row")
            .split(' ')
            .map(String::from)
            .collect();
        let texts: Vec<&str> = drawn
            .lines()
            .filter(|l| l.contains(r#"class="answer""#) || l.contains(r#"class="given""#))
            .take(6)
            .map(|l| &l[l.len() - 8..l.len() - 7])
            .collect();
        assert_eq!(texts, first_row);
        assert!(read_case(Problem::Latin6, &input, &output, 2).is_err());
    }

    #[test]
    fn the_sample_pdf_is_one_page_with_every_symbol() {
        let (input, output) = (fixture("jigsaw/sample.in"), fixture("jigsaw/sample.out"));
        let bytes = sample_pdf(Problem::Jigsaw, &input, &output).expect("a drawing");
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-") && text.trim_end().ends_with("%%EOF"));
        assert_eq!(
            text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count(),
            1
        );
        // One shown string a cell, a given or the answer's digit, and no caption: the
        // statements caption the picture in their own languages.
        let shown = text.matches(") Tj").count();
        assert_eq!(shown, 81);
        let case = read_case(Problem::Jigsaw, &input, &output, 1).expect("case 1");
        let answer = case.answer.expect("one solution");
        for digit in 1..=9u8 {
            let wanted = answer.iter().filter(|&&d| d == digit).count();
            let drawn = text.matches(&format!("({}) Tj", digit)).count();
            assert_eq!(drawn, wanted, "digit {}", digit);
        }
        assert_eq!(
            bytes,
            sample_pdf(Problem::Jigsaw, &input, &output).expect("again")
        );
        assert!(sample_pdf(Problem::Jigsaw, "0\n", "").is_err());
    }

    #[test]
    fn target9_and_sima4_draw_boxes() {
        let (input, output) = (
            fixture("target9/sample1.in"),
            fixture("target9/sample1.out"),
        );
        let case = read_case(Problem::Target9, &input, &output, 1).expect("the case");
        let drawn = svg(&case);
        // 3x3 boxes: two walls across each of the 9 rows and 9 columns.
        assert_eq!(count(&drawn, r#"class="wall""#), 2 * 9 * 2);
        assert_eq!(count(&drawn, r#"class="weight""#), 81);
        assert!(case.caption.ends_with(output.trim_end()));
        let (input, output) = (fixture("sima4/sample.in"), fixture("sima4/sample.out"));
        let case = read_case(Problem::Sima4, &input, &output, 2).expect("case 2");
        assert_eq!(count(&svg(&case), r#"class="wall""#), 2 * 4);
        let printed: String = output.lines().skip(6).take(4).collect();
        let answer = case.answer.expect("one completion");
        assert_eq!(
            answer
                .iter()
                .map(|d| char::from(b'0' + d))
                .collect::<String>(),
            printed
        );
    }
}
