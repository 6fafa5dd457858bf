//! The TOML layout: the subset hand histories use, user fields kept, and `.phhs`
//! sections read as hands (or, after a root hand, as its tables).

use super::*;

#[test]
fn toml_subset() {
    let text = "\u{feff}# comment line\r
title = \"tab\\there \\\"q\\\" \\u00e9\" # trailing comment\r
lit = 'C:\\path'
ml = \"\"\"
two\\
   lines\"\"\"
mll = '''
raw \\n'''
neg = -3
dec = 1_000.50
date = 2009-07-20
odt = 1979-05-27T07:32:00-08:00
time = 14:53:46
big = inf
hex = 0xFF
yes = true
\"quoted key\" = 1
dotted . key = 2
arr = [
  1, # one
  'two',   # two

  [3, 4],
]
empty = []
tbl = { a = 1, b = 'x' }
_user = [\"\", \"GGPoker\"]
";
    let doc = match parse_document(text) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let get = |k: &str| {
        doc.root
            .iter()
            .find(|e| e.key == k)
            .map(|e| e.value.clone())
    };
    assert_eq!(
        get("title"),
        Some(Value::String("tab\there \"q\" é".into()))
    );
    assert_eq!(get("lit"), Some(Value::String("C:\\path".into())));
    assert_eq!(get("ml"), Some(Value::String("twolines".into())));
    assert_eq!(get("mll"), Some(Value::String("raw \\n".into())));
    assert_eq!(
        get("neg").and_then(|v| v.as_number().map(Number::is_negative)),
        Some(true)
    );
    assert_eq!(
        get("dec").and_then(|v| v.as_number().map(Number::decimals)),
        Some(1)
    );
    assert_eq!(get("date"), Some(Value::Raw("2009-07-20".into())));
    assert_eq!(
        get("odt"),
        Some(Value::Raw("1979-05-27T07:32:00-08:00".into()))
    );
    assert_eq!(get("time"), Some(Value::Raw("14:53:46".into())));
    assert_eq!(get("big"), Some(Value::Raw("inf".into())));
    assert_eq!(get("hex"), Some(Value::Raw("0xFF".into())));
    assert_eq!(get("yes"), Some(Value::Bool(true)));
    assert!(get("quoted key").is_some());
    assert!(get("dotted.key").is_some());
    let Some(Value::Array(items)) = get("arr") else {
        panic!("arr");
    };
    assert_eq!(
        items.iter().map(|i| i.line).collect::<Vec<_>>(),
        vec![20, 21, 23]
    );
    assert!(matches!(&items[2].value, Value::Array(v) if v.len() == 2));
    assert_eq!(get("empty"), Some(Value::Array(vec![])));
    assert!(matches!(get("tbl"), Some(Value::Table(t)) if t.len() == 2));
    let e = doc.root.iter().find(|e| e.key == "_user").map(|e| e.line);
    assert_eq!(e, Some(27));
}

#[test]
fn user_fields_and_unknown_keys_are_kept() {
    let h = hand(&format!(
        "{NT}_sponsors = ['', 'GGPoker', '']\nevent = 'Main Event'\ntime_zone = 'America/Toronto'\nday = 22\nplayers = ['A', 'B', 'C']\n"
    ));
    assert_eq!(h.players, Some(vec!["A".into(), "B".into(), "C".into()]));
    assert_eq!(h.field("event").and_then(Value::as_str), Some("Main Event"));
    assert_eq!(
        h.field("day")
            .and_then(Value::as_number)
            .and_then(Number::to_u64),
        Some(22)
    );
    assert!(matches!(h.field("_sponsors"), Some(Value::Array(a)) if a.len() == 3));
    assert_eq!(h.extra.len(), 4);
    assert_eq!(h.variant, Variant::NoLimitHoldem);
    assert!(h.ante_trimming_status);
}

#[test]
fn phhs_sections_are_hands() {
    let text = format!(
        "[1]\n{NT}\n[2]\n{}\n[3]\n{}",
        NT.replace("'NT'", "'PO'").replace("AcKd", "AcKdQh2s"),
        NT.replace("[1000, 1000, 1000]", "[1000, 1000, 1000.5]")
    );
    let hands = match parse_str(&text) {
        Ok(h) => h,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(hands.len(), 3);
    assert_eq!(
        hands.iter().map(|h| h.section.clone()).collect::<Vec<_>>(),
        vec![Some("1".into()), Some("2".into()), Some("3".into())]
    );
    assert_eq!(
        hands.iter().map(|h| h.line).collect::<Vec<_>>(),
        vec![1, 10, 19]
    );
    assert_eq!(hands[1].variant, Variant::PotLimitOmaha);
    // One unit per file: the half chip of hand 3 puts hand 1 in tenths too.
    assert!(hands.iter().all(|h| h.scale.decimals() == 1));
    assert_eq!(hands[0].starting_stacks, vec![10000; 3]);
    assert_eq!(hands[2].starting_stacks, vec![10000, 10000, 10005]);
    // An error in a later hand has the file's line.
    let bad = format!("[1]\n{NT}\n[2]\n{}", NT.replace("'p1 f'", "'p1 fold'"));
    assert_eq!(err(&bad).line, Some(17));
    // Written back as .phhs and read again.
    let again = parse_str(&to_phhs(&hands)).unwrap_or_default();
    assert_eq!(again.len(), 3);
    assert!(hands.iter().zip(&again).all(|(a, b)| same_hand(a, b)));
    assert!(matches!(
        parse_hand(&text),
        Err(PhhError {
            kind: PhhErrorKind::Structure(_),
            ..
        })
    ));
}

#[test]
fn sections_after_a_root_hand_are_extra_tables() {
    let h = hand(&format!("{NT}\n[_meta]\nsource = 'tv'\n"));
    assert!(matches!(h.field("_meta"), Some(Value::Table(t)) if t.len() == 1));
    assert!(same_hand(&h, &hand(&h.to_toml())));
}
