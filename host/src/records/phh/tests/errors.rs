//! Errors, each with its line: wrong types, syntax, duplicates, missing fields,
//! variants, player counts, bad actions and unreadable files.

use super::*;

#[test]
fn wrong_type_names_field_and_line() {
    let text = "# a hand\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\nstarting_stacks = [100, \"abc\"]\nactions = []\n";
    let e = err(text);
    assert_eq!(
        e.to_string(),
        "line 7: expected a number in `starting_stacks`, found \"abc\""
    );
    assert!(matches!(e.kind, PhhErrorKind::WrongType { .. }));
    // An element on its own line of a multi-line array is reported there.
    let e = err("variant = 'NT'\nantes = [\n  0,\n  true,\n]\n");
    assert_eq!(
        e.to_string(),
        "line 4: expected a number in `antes`, found true"
    );
    let e = err("variant = 5\n");
    assert_eq!(
        e.to_string(),
        "line 1: expected a string in `variant`, found 5"
    );
    let e = err(&NT.replace(
        "ante_trimming_status = true",
        "ante_trimming_status = 'yes'",
    ));
    assert_eq!(
        e.to_string(),
        "line 2: expected true or false in `ante_trimming_status`, found \"yes\""
    );
    let e = err(&NT.replace("min_bet = 10", "min_bet = [10]"));
    assert_eq!(
        e.to_string(),
        "line 5: expected a number in `min_bet`, found an array"
    );
    let e = err(&NT.replace("antes = [0, 0, 0]", "antes = 0"));
    assert_eq!(
        e.to_string(),
        "line 3: expected an array of numbers in `antes`, found 0"
    );
    let e = err(&format!("{NT}players = ['a', 2, 'c']\n"));
    assert_eq!(
        e.to_string(),
        "line 8: expected a string in `players`, found 2"
    );
}

#[test]
fn syntax_errors_have_lines() {
    let cases: [(&str, usize, &str); 12] = [
        ("variant = 'NT\n", 1, "unterminated string"),
        ("a = 1\nvariant = \"NT\n", 2, "unterminated string"),
        (
            "a = 1\nantes = [0,\n 0\n\n",
            2,
            "unterminated array `antes`",
        ),
        (
            "a = 1\n\nmin_bet 10\n",
            3,
            "expected `=` after the key `min_bet`",
        ),
        (
            "variant = NT\n",
            1,
            "invalid value `NT` for `variant`: put text in quotes",
        ),
        ("a = \"x\\qy\"\n", 1, "invalid escape `\\q`"),
        ("a = 1 2\n", 1, "invalid value `1 2`"),
        (
            "a = 'x' b\n",
            1,
            "expected the end of the line after the value of `a`, found `b`",
        ),
        ("a = [1 2]\n", 1, "invalid value `1 2`"),
        (
            "a = ['x' 'y']\n",
            1,
            "expected `,` or `]` in the array `a`, found `'`",
        ),
        ("= 5\n", 1, "expected a key, found `=`"),
        ("[[hands]]\n", 1, "arrays of tables"),
    ];
    for (text, line, msg) in cases {
        let e = match parse_document(text) {
            Ok(d) => panic!("{text:?} parsed: {d:?}"),
            Err(e) => e,
        };
        assert_eq!(e.line, Some(line), "{text:?}: {e}");
        assert!(matches!(e.kind, PhhErrorKind::Syntax(_)), "{text:?}: {e:?}");
        assert!(e.to_string().contains(msg), "{text:?}: {e}");
    }
    let e = err(
        "a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
    );
    assert!(e.to_string().contains("deep"), "{e}");
}

#[test]
fn duplicates_are_errors() {
    let e = err("variant = 'NT'\nvariant = 'FT'\n");
    assert_eq!(
        e.to_string(),
        "line 2: `variant` is defined twice: keep one"
    );
    let e = err("[1]\nvariant = 'NT'\n[1]\n");
    assert_eq!(
        (e.line, e.kind),
        (Some(3), PhhErrorKind::Duplicate("[1]".into()))
    );
    // The same key in two sections is fine.
    let two = format!("[1]\n{NT}\n[2]\n{NT}");
    assert_eq!(parse_str(&two).map(|h| h.len()), Ok(2));
    // Past the keys compared one by one, a set finds the duplicate (and the
    // first section's keys are not the second's).
    let many: String = (0..50).map(|i| format!("_k{i} = {i}\n")).collect();
    let doc = format!("[1]\n{many}[2]\n{many}_k7 = 0\n");
    let e = parse_document(&doc).expect_err("a duplicate past 32 keys");
    assert_eq!(
        (e.line, e.kind),
        (Some(103), PhhErrorKind::Duplicate("_k7".into()))
    );
    assert!(parse_document(&format!("[1]\n{many}[2]\n{many}")).is_ok());
}

#[test]
fn missing_fields_name_the_variant() {
    let e = err("antes = [0, 0]\n");
    assert_eq!(e.to_string(), "line 1: missing required field `variant`");
    let e = err(&NT.replace("min_bet = 10\n", ""));
    assert_eq!(
        e.kind,
        PhhErrorKind::MissingField {
            field: "min_bet",
            variant: "NT"
        }
    );
    assert_eq!(e.line, Some(1));
    let ft = NT.replace("'NT'", "'FT'");
    let e = err(&ft);
    assert_eq!(
        e.to_string(),
        "line 1: missing required field `small_bet` (variant FT)"
    );
    let e = err(&format!("{ft}small_bet = 10\n"));
    assert_eq!(
        e.to_string(),
        "line 1: missing required field `big_bet` (variant FT)"
    );
    let h = hand(&format!("{ft}small_bet = 10\nbig_bet = 20\n"));
    assert_eq!(
        (h.small_bet, h.big_bet, h.min_bet),
        (Some(10), Some(20), Some(10))
    );
    let e = err(&NT.replace("actions = ", "_actions = "));
    assert_eq!(
        e.to_string(),
        "line 1: missing required field `actions` (variant NT)"
    );
    let e = err("");
    assert!(matches!(e.kind, PhhErrorKind::Structure(_)), "{e}");
    let e = err("# only a comment\n\n");
    assert!(e.to_string().contains("no hand"), "{e}");
}

#[test]
fn unsupported_variants_are_named() {
    let e = err("\n\nvariant = 'F7S'\nbring_in = 1\n");
    assert_eq!(e.line, Some(3));
    assert_eq!(e.kind, PhhErrorKind::UnsupportedVariant("F7S".into()));
    assert_eq!(
        e.to_string(),
        "line 3: unsupported variant \"F7S\": this table plays NT, FT, PT, PO, FO/8 and our NO, FO, NO/8, PO/8, N5CD, P5CD, F5CD"
    );
    for v in Variant::ALL {
        assert_eq!(Variant::from_code(v.code()), Some(v));
    }
    assert_eq!(Variant::from_code("nt"), None);
}

#[test]
fn player_counts_must_agree() {
    let e = err(&NT.replace("antes = [0, 0, 0]", "antes = [0, 0]"));
    assert_eq!(
        e.to_string(),
        "line 1: `antes` has 2 entries, but `starting_stacks` has 3 players"
    );
    let e = err(&format!("{NT}finishing_stacks = [1, 2]\n"));
    assert!(
        matches!(e.kind, PhhErrorKind::PlayerCount { ref field, found: 2, players: 3 } if field == "finishing_stacks")
    );
    let e = err("variant = 'NT'\nantes = [0]\nblinds_or_straddles = [1]\nmin_bet = 1\nstarting_stacks = [5]\nactions = []\n");
    assert!(e.to_string().contains("at least 2"), "{e}");
}

#[test]
fn bad_actions_name_index_text_and_line() {
    let with = |actions: &str| {
        NT.replace(
        "actions = ['d dh p1 AcKd', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 30', 'p1 f', 'p2 cc']",
        actions,
    )
    };
    let e = err(&with("actions = [\n  'd dh p1 AcKd',\n  'p3 raise 30',\n]"));
    assert_eq!(
        e.to_string(),
        "line 9: action 2 \"p3 raise 30\": unknown action `raise`: expected f, cc, cbr, sm, sd or pb"
    );
    let cases = [
        ("'d dh p1 AcXd'", "bad card `Xd`"),
        ("'d dh p1 AcK'", "two characters"),
        ("'d dh p1 A?Kd'", "`A?`: an unknown card is written `??`"),
        ("'d dh p4 AcKd'", "p4: the hand has 3 players"),
        // The player is checked before the amount is counted in units: a wrong
        // player is the action's problem, whatever its amount.
        ("'p4 cbr 30'", "p4: the hand has 3 players"),
        (
            "'p4 cbr 0.1234567890123456789'",
            "p4: the hand has 3 players",
        ),
        ("'p0 f'", "players are numbered from p1"),
        ("'x1 f'", "expected `d` or a player `pN`, found `x1`"),
        ("'p1 cbr'", "`cbr` needs an amount"),
        (
            "'p1 cbr abc'",
            "expected an amount after `cbr`, found \"abc\"",
        ),
        ("'p1 cbr -5'", "negative"),
        ("'p1 f now'", "unexpected `now` after `f`"),
        ("'d db'", "`d db` needs the board cards"),
        ("'d dx AcKd'", "unknown dealer action `dx`"),
        ("'p2'", "`p2` needs an action"),
        ("5", "expected a string in `actions`, found 5"),
    ];
    for (action, msg) in cases {
        let e = err(&with(&format!("actions = [{action}]")));
        assert_eq!(e.line, Some(7), "{action}: {e}");
        assert!(e.to_string().contains(msg), "{action}: {e}");
    }
}

#[test]
fn io_errors_carry_the_path() {
    let e = match parse_file("/no/such/dir/hand.phh") {
        Ok(_) => panic!("read a missing file"),
        Err(e) => e,
    };
    assert!(matches!(e.kind, PhhErrorKind::Io(_)));
    assert!(
        e.to_string()
            .starts_with("/no/such/dir/hand.phh: cannot read the file"),
        "{e}"
    );
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let p = dir.path().join("bad.phh");
    if let Err(e) = std::fs::write(&p, "variant = 'NT'\nantes = [x]\n") {
        panic!("{e}");
    }
    let e = match parse_file(&p) {
        Ok(_) => panic!("parsed"),
        Err(e) => e,
    };
    assert_eq!(e.path.as_deref(), Some(p.as_path()));
    assert_eq!(e.line, Some(2));
}

#[test]
fn a_hand_past_the_limits_is_refused_with_a_short_message() {
    let many = vec!["'p1 cc'"; MAX_ACTIONS + 1].join(",\n");
    let text = format!(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [100, 100]\nactions = [\n{many}\n]\n"
    );
    let e = err(&text);
    assert!(e.to_string().contains("more than 10000 actions"), "{e}");
    let e = err(&format!(
        "variant = 'NT'\n# {}\n",
        "x".repeat(MAX_LINE_BYTES + 1)
    ));
    assert_eq!(e.line, Some(2));
    assert!(e.to_string().contains("longer than"), "{e}");
    let e = err(&format!("variant = '{}'\n", "N".repeat(10_000)));
    assert!(e.to_string().len() < 300, "{e}");
}
