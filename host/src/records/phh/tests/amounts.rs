//! Amounts and the chip unit: decimals scaled to one unit per file, exact numbers,
//! and the amounts that cannot be used.

use super::*;

#[test]
fn decimal_amounts_are_scaled_to_one_unit() {
    let text = "variant = 'NT'
antes = [0.25, 0.25]
blinds_or_straddles = [0.50, 1]
min_bet = 1
starting_stacks = [92.75, 12.6]
actions = ['p2 cbr 7.35', 'p1 cc']
finishing_stacks = [85.15, 20.2]
";
    let h = hand(text);
    assert_eq!(h.scale.decimals(), 2);
    assert_eq!(h.scale.factor(), 100);
    assert_eq!(h.antes, vec![25, 25]);
    assert_eq!(h.blinds_or_straddles, vec![50, 100]);
    assert_eq!(h.min_bet, Some(100));
    assert_eq!(h.starting_stacks, vec![9275, 1260]);
    assert_eq!(
        h.actions[0],
        PhhAction::CompleteBetRaise { player: 1, to: 735 }
    );
    assert_eq!(h.finishing_stacks, Some(vec![8515, 2020]));
    assert!(!h.ante_trimming_status, "defaults to false");
    assert_eq!(h.scale.format(25), "0.25");
    assert_eq!(h.scale.format(9275), "92.75");
    assert_eq!(h.scale.format(50), "0.5");
    assert_eq!(h.scale.format(100), "1");
}

#[test]
fn trailing_zeros_do_not_change_the_unit() {
    // Pluribus files write finishing stacks as 9775.0.
    let h = hand(&format!(
        "{NT}finishing_stacks = [1000.0, 990.0, 1010.00]\n"
    ));
    assert_eq!(h.scale, Scale::UNITS);
    assert_eq!(h.finishing_stacks, Some(vec![1000, 990, 1010]));
    // A half chip in a result makes the whole file count in tenths.
    let h = hand(&format!("{NT}finishing_stacks = [1000.5, 989.5, 1010]\n"));
    assert_eq!(h.scale.decimals(), 1);
    assert_eq!(h.starting_stacks, vec![10000; 3]);
    assert_eq!(
        h.actions[3],
        PhhAction::CompleteBetRaise { player: 2, to: 300 }
    );
}

#[test]
fn numbers_are_exact() {
    let n = Number::parse;
    assert_eq!(n("0.25").map(|n| n.decimals()), Some(2));
    assert_eq!(n("1_000").and_then(|n| n.to_u64()), Some(1000));
    assert_eq!(n("1.5e3").and_then(|n| n.to_u64()), Some(1500));
    assert_eq!(n("25e-2").map(|n| n.decimals()), Some(2));
    assert_eq!(n("+7").and_then(|n| n.to_u64()), Some(7));
    assert_eq!(n("-0").map(|n| n.is_negative()), Some(false));
    assert_eq!(n("-3").map(|n| n.is_negative()), Some(true));
    assert_eq!(
        n("0.1").and_then(|n| n.to_units(0)),
        None,
        "finer than the unit"
    );
    assert_eq!(n("0.1").and_then(|n| n.to_units(3)), Some(100));
    assert_eq!(
        n("18446744073709551615").and_then(|n| n.to_u64()),
        Some(u64::MAX)
    );
    assert_eq!(n("18446744073709551616").and_then(|n| n.to_u64()), None);
    // Zeros inside, trailing and leading, and digits past 64 bits.
    assert_eq!(n("100_200").and_then(|n| n.to_u64()), Some(100_200));
    assert_eq!(n("9775.0").map(|n| n.decimals()), Some(0));
    assert_eq!(n("0009775.500").and_then(|n| n.to_units(1)), Some(97_755));
    assert_eq!(n("0.000").and_then(|n| n.to_u64()), Some(0));
    assert_eq!(
        n("0.10000000000000000000000").map(|n| n.decimals()),
        Some(1)
    );
    assert_eq!(
        n("184467440737095516150e-1").and_then(|n| n.to_u64()),
        Some(u64::MAX)
    );
    assert_eq!(n("1000000000000000000000").and_then(|n| n.to_u64()), None);
    assert_eq!(n("1000000000000000000000").map(|n| n.decimals()), Some(0));
    for bad in [
        "", "1.", ".5", "1__0", "_1", "1_", "abc", "1e", "--1", "0x10", "inf",
    ] {
        assert!(n(bad).is_none(), "{bad}");
    }
}

#[test]
fn too_large_amount_is_an_error() {
    let e = err("variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [18446744073709551615, 100.5]
actions = []
");
    assert_eq!(e.line, Some(5));
    assert!(
        matches!(e.kind, PhhErrorKind::BadAmount { ref field, .. } if field == "starting_stacks")
    );
    assert!(e.to_string().contains("does not fit"), "{e}");
    // Nineteen digits fit in whole chips but not in tenths: the file's unit decides.
    let text = "variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [9999999999999999999 , 100]
actions = []
";
    let h = hand(text);
    assert_eq!(h.starting_stacks, vec![9_999_999_999_999_999_999, 100]);
    let e = err(&text.replace("100]", "100.5]"));
    assert_eq!(e.line, Some(5));
    assert!(e.to_string().contains("9999999999999999999"), "{e}");
    assert!(e.to_string().contains("does not fit"), "{e}");
}

#[test]
fn too_many_decimals_negative_and_infinite_amounts() {
    let base = |stacks: &str| {
        format!("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = {stacks}\nactions = []\n")
    };
    let e = err(&base("[1.0000000000000000001, 5]"));
    assert_eq!(e.line, Some(5));
    assert!(e.to_string().contains("decimal places"), "{e}");
    let e = err(&base("[-5, 5]"));
    assert_eq!(
        e.to_string(),
        "line 5: amount -5 in `starting_stacks`: amounts cannot be negative"
    );
    let e = err(&base("[inf, 5]"));
    assert!(e.to_string().contains("infinite"), "{e}");
}

#[test]
fn plain_digits_read_as_the_full_parse_reads_them() {
    for text in [
        "0",
        "00",
        "7",
        "10",
        "974",
        "0974",
        "1000",
        "20000000",
        "9999999999999999999",
        "1000000000000000000",
    ] {
        let plain = Number::plain(text).expect("plain digits");
        // The full parse, past the shortcut: the same digits with a `+`.
        let signed = format!("+{text}");
        let full = Number::parse(&signed).expect("a number");
        assert_eq!(
            (plain.negative, plain.significand, plain.exponent),
            (full.negative, full.significand, full.exponent),
            "{text}"
        );
    }
    for text in [
        "",
        "-1",
        "+1",
        "1_000",
        "1.5",
        "1e3",
        "12345678901234567890",
        "x",
    ] {
        assert!(Number::plain(text).is_none(), "{text}");
    }
}
