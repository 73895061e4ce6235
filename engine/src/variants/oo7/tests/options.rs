//! The options: names and values as rules/007.md §10.5 spells them.

use super::*;
use crate::game::GameState;
use crate::game::VariantOptions;

#[test]
fn options_are_listed_with_their_defaults() {
    let names: Vec<&str> = Options::specs().iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        ["Schedule", "Detente", "FastAndDeadly", "OwnerPromotes"]
    );
    assert_eq!(
        Options::specs()[0].type_text(),
        "type combo default standard var standard var balanced var progressive"
    );
    assert_eq!(Options::default(), opts("standard"));
    assert_eq!(<Position as GameState>::NAME, "007");
}

#[test]
fn options_are_set_by_name_and_bad_values_are_named() {
    let mut o = Options::default();
    o.set("Schedule", "balanced").unwrap();
    o.set("detente", "true").unwrap();
    o.set("FastAndDeadly", "TRUE").unwrap();
    o.set("OwnerPromotes", "true").unwrap();
    assert_eq!(o, opts("balanced+detente+fast+owner"));
    for (name, value, needle) in [
        ("Schedule", "random", "'random'"),
        ("Detente", "yes", "'yes'"),
        ("FastAndDeadly", "", "''"),
        ("Colour", "white", "'Colour'"),
    ] {
        let e = o.set(name, value).unwrap_err().to_string();
        assert!(e.contains(needle), "{e}");
    }
    assert_eq!(
        o,
        opts("balanced+detente+fast+owner"),
        "errors change nothing"
    );
}

#[test]
fn progressive_with_detente_is_refused_in_either_order() {
    let mut o = opts("standard+detente");
    let e = o.set("Schedule", "progressive").unwrap_err().to_string();
    assert!(e.contains("Detente") && e.contains("progressive"), "{e}");
    assert_eq!(o, opts("standard+detente"));
    let mut o = opts("progressive");
    assert!(o.set("Detente", "true").is_err());
    o.set("Detente", "false").unwrap();
    assert_eq!(o, opts("progressive"));
}
