//! The four problems, named in this one place: what the binaries, the fixtures' folders, the
//! data sets and the command lines of `cargo xtask` call them.

use std::fmt;
use std::str::FromStr;

/// One of the four problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    Jigsaw,
    Sima4,
    Latin6,
    Target9,
}

impl Problem {
    /// The four problems, in the order of the docs and the bench's tables.
    pub const ALL: [Problem; 4] = [
        Problem::Jigsaw,
        Problem::Sima4,
        Problem::Latin6,
        Problem::Target9,
    ];

    /// The problem's name: its binary's, and its folder's under `tests/fixtures`.
    pub fn name(self) -> &'static str {
        match self {
            Problem::Jigsaw => "jigsaw",
            Problem::Sima4 => "sima4",
            Problem::Latin6 => "latin6",
            Problem::Target9 => "target9",
        }
    }

    /// The side of the problem's grid.
    pub fn size(self) -> usize {
        match self {
            Problem::Jigsaw | Problem::Target9 => 9,
            Problem::Latin6 => 6,
            Problem::Sima4 => 4,
        }
    }

    /// The problem that a name starting with a problem's name is named after (a data set
    /// `<problem>...`, or a heavy-tail family `tails-<problem>-...`), if any.
    pub fn named_in(name: &str) -> Option<Problem> {
        let rest = name.strip_prefix("tails-").unwrap_or(name);
        Problem::ALL
            .into_iter()
            .find(|p| rest.starts_with(p.name()))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Problem {
    type Err = String;

    /// The problem named `name` exactly; an error listing the four names otherwise.
    fn from_str(name: &str) -> Result<Problem, String> {
        Problem::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "no problem named {:?}: the problems are {}",
                    name,
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_read_back_from_its_name_and_only_from_it() {
        for problem in Problem::ALL {
            assert_eq!(problem.name().parse::<Problem>(), Ok(problem));
            assert_eq!(problem.to_string(), problem.name());
        }
        assert_eq!(
            "sudoku".parse::<Problem>(),
            Err(
                "no problem named \"sudoku\": the problems are jigsaw, sima4, latin6, target9"
                    .to_string()
            )
        );
        assert!("Jigsaw".parse::<Problem>().is_err());
    }

    #[test]
    fn sets_and_families_are_named_after_their_problem() {
        assert_eq!(Problem::named_in("target9-sparse"), Some(Problem::Target9));
        assert_eq!(
            Problem::named_in("tails-jigsaw-hunted"),
            Some(Problem::Jigsaw)
        );
        assert_eq!(Problem::named_in("sudoku17"), None);
    }
}
