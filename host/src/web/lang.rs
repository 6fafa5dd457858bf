//! The languages the pages speak, listed once: the table's configuration, the
//! command's `--lang`, the display and the floor's pages all take theirs from
//! [`ALL`]. What each says in them is above: the table's words
//! ([`crate::words::i18n`]) and the floor's (`floor::words`).

/// A language of the pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Macedonian.
    Mk,
    /// Polish.
    Pl,
    /// Bulgarian.
    Bg,
    /// Russian.
    Ru,
}

/// Every language, English (the source) first: the order every per-language list follows.
pub const ALL: [Lang; 5] = [Lang::En, Lang::Mk, Lang::Pl, Lang::Bg, Lang::Ru];

/// Every language's code, in the order of [`ALL`]: what a table's configuration and
/// the command's `--lang` accept.
pub const CODES: [&str; ALL.len()] = {
    let mut codes = [""; ALL.len()];
    let mut i = 0;
    while i < ALL.len() {
        codes[i] = ALL[i].code();
        i += 1;
    }
    codes
};

impl Lang {
    /// The language of an ISO 639-1 code (`en`, `mk`, `pl`, `bg`, `ru`).
    pub fn from_code(code: &str) -> Option<Lang> {
        ALL.into_iter().find(|l| l.code() == code)
    }

    /// The ISO 639-1 code, for the page's `lang` attribute.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Mk => "mk",
            Lang::Pl => "pl",
            Lang::Bg => "bg",
            Lang::Ru => "ru",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_code_and_back() {
        for l in ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
        assert_eq!(Lang::from_code("de"), None);
    }

    #[test]
    fn the_codes_are_the_languages_codes() {
        assert_eq!(CODES, ["en", "mk", "pl", "bg", "ru"]);
    }
}
