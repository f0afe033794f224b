//! Numbered parameter lists for statements built at run time (`IN (…)` lists and multi-row
//! `VALUES`), in the `$n` form both databases accept.

/// `$start, $start+1, …`: `count` parameters.
pub fn placeholders(start: usize, count: usize) -> String {
    (start..start + count)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `($a, $b, …), ($c, $d, …)`: `rows` groups of `width` numbered parameters from `start`,
/// each group shaped by `template`.
pub fn value_rows(
    start: usize,
    rows: usize,
    width: usize,
    template: impl Fn(&[String]) -> String,
) -> String {
    (0..rows)
        .map(|row| {
            let params: Vec<String> = (0..width)
                .map(|col| format!("${}", start + row * width + col))
                .collect();
            format!("({})", template(&params))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_on_from_the_start() {
        assert_eq!(placeholders(3, 3), "$3, $4, $5");
        assert_eq!(
            value_rows(2, 2, 2, |p| format!("{}, 'x', {}", p[0], p[1])),
            "($2, 'x', $3), ($4, 'x', $5)"
        );
    }
}
