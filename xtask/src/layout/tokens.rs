//! Rust source text as the few tokens an import check needs: names, `::`,
//! punctuation and literals, with comments (doc comments too) left out.
//!
//! Leaving out comments and the insides of literals is what keeps an
//! intra-doc link (``[`super::perlin`]``), an example in a doc comment or a
//! path in a message from being read as an import: none of them is one.

/// One token of Rust source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// A name or keyword (`crate`, `use`, `super`; `r#type` as `type`;
    /// a macro's `$crate` as `crate`).
    Word(String),
    /// `::`.
    PathSeparator,
    /// Any other punctuation, one character at a time.
    Punct(char),
    /// A string literal's text between its quotes (escapes left as written):
    /// only a `#[path = "…"]` attribute reads it.
    Text(String),
    /// A number, character or byte literal.
    Literal,
}

/// The tokens of `text`, each with the line (from 1) it starts on.
pub fn tokens(text: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut at = 0;
    while at < chars.len() {
        let start = at;
        let here = chars[at];
        let next = chars.get(at + 1).copied();
        let token = if here.is_whitespace() {
            at += 1;
            None
        } else if here == '/' && next == Some('/') {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
            None
        } else if here == '/' && next == Some('*') {
            at = block_comment_end(&chars, at);
            None
        } else if let Some((end, text)) = string_literal(&chars, at) {
            at = end;
            Some(Token::Text(text))
        } else if here == '\'' || (here == 'b' && next == Some('\'')) {
            let quote = if here == 'b' { at + 1 } else { at };
            match char_literal_end(&chars, quote) {
                Some(end) => {
                    at = end;
                    Some(Token::Literal)
                }
                // A lifetime or a label: nothing an import check needs.
                None => {
                    at = word_end(&chars, quote + 1);
                    None
                }
            }
        } else if here.is_ascii_digit() {
            at = number_end(&chars, at);
            Some(Token::Literal)
        } else if is_word_start(here) {
            let raw = here == 'r' && next == Some('#');
            let from = if raw { at + 2 } else { at };
            at = word_end(&chars, from);
            Some(Token::Word(chars[from..at].iter().collect()))
        } else if here == '$' && chars[at + 1..].starts_with(&['c', 'r', 'a', 't', 'e']) {
            at = word_end(&chars, at + 1);
            Some(Token::Word(chars[start + 1..at].iter().collect()))
        } else if here == ':' && next == Some(':') {
            at += 2;
            Some(Token::PathSeparator)
        } else {
            at += 1;
            Some(Token::Punct(here))
        };
        if let Some(token) = token {
            tokens.push((token, line));
        }
        line += chars[start..at]
            .iter()
            .filter(|&&character| character == '\n')
            .count();
    }
    tokens
}

fn is_word_start(character: char) -> bool {
    character.is_alphabetic() || character == '_'
}

fn word_end(chars: &[char], from: usize) -> usize {
    let mut at = from;
    while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '_') {
        at += 1;
    }
    at
}

/// Where a `/* … */` comment starting at `from` ends; they nest.
fn block_comment_end(chars: &[char], from: usize) -> usize {
    let mut depth = 0;
    let mut at = from;
    while at < chars.len() {
        match (chars[at], chars.get(at + 1).copied()) {
            ('/', Some('*')) => {
                depth += 1;
                at += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                at += 2;
                if depth == 0 {
                    return at;
                }
            }
            _ => at += 1,
        }
    }
    at
}

/// A string literal starting at `from` (`"…"`, `b"…"`, `c"…"`, `r#"…"#`,
/// `br"…"`, `cr"…"`): where it ends and its text between the quotes.
fn string_literal(chars: &[char], from: usize) -> Option<(usize, String)> {
    let mut at = from;
    if matches!(chars.get(at), Some('b' | 'c')) {
        at += 1;
    }
    let raw = chars.get(at) == Some(&'r');
    if raw {
        at += 1;
    }
    let mut hashes = 0;
    while raw && chars.get(at) == Some(&'#') {
        hashes += 1;
        at += 1;
    }
    if chars.get(at) != Some(&'"') {
        return None;
    }
    let opening = at + 1;
    at = opening;
    while at < chars.len() {
        match chars[at] {
            '\\' if !raw => at += 2,
            '"' if chars[at + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes =>
            {
                let text = chars[opening..at].iter().collect();
                return Some((at + 1 + hashes, text));
            }
            _ => at += 1,
        }
    }
    Some((chars.len(), chars[opening..].iter().collect()))
}

/// Where a character literal whose quote is at `quote` ends, or `None` if
/// the quote starts a lifetime or a label (`'a`, `'static`, `'outer:`).
fn char_literal_end(chars: &[char], quote: usize) -> Option<usize> {
    match chars.get(quote + 1) {
        Some('\\') => {
            let mut at = quote + 3;
            while at < chars.len() && chars[at] != '\'' {
                at += 1;
            }
            Some(at + 1)
        }
        Some(_) if chars.get(quote + 2) == Some(&'\'') => Some(quote + 3),
        _ => None,
    }
}

/// Where a number starting at `from` ends (`1`, `0x1f_u8`, `2.5e3`, but
/// `0..10` is a number and a range).
fn number_end(chars: &[char], from: usize) -> usize {
    let mut at = from;
    while at < chars.len() {
        let character = chars[at];
        let fraction = character == '.' && chars.get(at + 1).is_some_and(char::is_ascii_digit);
        if character.is_alphanumeric() || character == '_' || fraction {
            at += 1;
        } else {
            break;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        tokens(text)
            .into_iter()
            .filter_map(|(token, _)| match token {
                Token::Word(word) => Some(word),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_and_literals_hold_no_words() {
        let text = r###"
            //! See [`super::perlin`].
            /// Uses [`crate::fractal`].
            // use super::overlay;
            /* use crate::a; /* nested */ use crate::b; */
            let a = "use crate::c; \" crate::d";
            let b = r#"crate::raw_inside "quoted" "#;
            let c = br"crate::bytes_inside";
            let d = b'x';
            let e = '\'';
            let f = '"';
            fn g<'a>(x: &'a str) -> &'static str { 'outer: loop { break 'outer; } }
        "###;
        let found = words(text);
        let expected = [
            "let", "a", "let", "b", "let", "c", "let", "d", "let", "e", "let", "f", "fn", "g", "x",
            "str", "str", "loop", "break",
        ];
        assert_eq!(found, expected);
    }

    #[test]
    fn paths_raw_names_and_macro_crates_are_words() {
        let found = tokens("use super::r#type::{a, b};\n$crate::x; 1.5e3 0..10");
        let kinds: Vec<Token> = found.iter().map(|(token, _)| token.clone()).collect();
        let word = |name: &str| Token::Word(name.to_owned());
        assert_eq!(
            kinds,
            vec![
                word("use"),
                word("super"),
                Token::PathSeparator,
                word("type"),
                Token::PathSeparator,
                Token::Punct('{'),
                word("a"),
                Token::Punct(','),
                word("b"),
                Token::Punct('}'),
                Token::Punct(';'),
                word("crate"),
                Token::PathSeparator,
                word("x"),
                Token::Punct(';'),
                Token::Literal,
                Token::Literal,
                Token::Punct('.'),
                Token::Punct('.'),
                Token::Literal,
            ]
        );
        assert_eq!(found[11].1, 2, "the second line");
    }

    #[test]
    fn a_path_attribute_keeps_its_text() {
        let found = tokens("#[path = \"crafted.rs\"]\nmod crafted;");
        assert!(found.contains(&(Token::Text("crafted.rs".to_owned()), 1)));
    }
}
