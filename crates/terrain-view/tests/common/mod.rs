//! What the chapter tests share: a page's text as one line, and the check
//! that it says something.

/// A chapter's text with its lines joined, so a sentence can be found
/// whole.
pub fn prose(page: &str) -> String {
    page.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Fails, naming the page, unless `prose` (from [`prose`]) says `claim`.
pub fn assert_says(prose: &str, name: &str, claim: &str) {
    assert!(prose.contains(claim), "{name} should say {claim:?}");
}
