//! HTML for both pages: escaping, and the document the floor's pages share (the
//! table's floor view and the floor's service draw theirs in it, with the shared
//! style sheet, [`super::http::STYLE`]).

use super::lang::Lang;

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A floor page: `title` as its heading, `body` below, the floor's style.
pub fn document(title: &str, body: &str) -> String {
    document_in(Lang::En, title, body)
}

/// [`document`] in `lang`.
pub fn document_in(lang: Lang, title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><link rel=\"stylesheet\" href=\"/page.css\"></head>\
         <body class=\"floor\"><h1>{t}</h1>\n{body}\n</body></html>\n",
        t = escape(title),
        lang = lang.code(),
    )
}

/// A floor page under `title` that says what went wrong.
pub fn error_document(lang: Lang, title: &str, message: &str) -> String {
    document_in(
        lang,
        title,
        &format!("<p class=\"error\">{}</p>", escape(message)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_log_cannot_become_markup() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
    }
}
