//! Numbers as the pages show them.

/// A number with at most four significant decimals, trailing zeros gone:
/// 0.15, 16, 0.0001.
pub fn round_for_display(value: f64) -> String {
    let text = format!("{value:.4}");
    let trimmed = text.trim_end_matches('0').trim_end_matches('.');
    if trimmed.is_empty() || trimmed == "-" {
        "0".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// A length with four significant digits at most, trailing zeros gone:
/// 0.01235, 12.35, 1235. What a mesh file and the Download menu say of its
/// largest height error, in the same words.
pub fn four_significant(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let digits = (3 - value.abs().log10().floor() as i32).clamp(0, 12) as usize;
    let text = format!("{value:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// 1234567 as "1 234 567", with narrow spaces.
pub fn group_thousands(number: usize) -> String {
    let digits = number.to_string();
    let mut grouped = String::new();
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (digits.len() - position).is_multiple_of(3) {
            grouped.push('\u{202f}');
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_have_four_significant_digits_at_most() {
        assert_eq!(four_significant(0.0), "0");
        assert_eq!(four_significant(0.012345), "0.01235");
        assert_eq!(four_significant(2.61274), "2.613");
        assert_eq!(four_significant(12.3456), "12.35");
        assert_eq!(four_significant(1234.6), "1235");
    }
}
