//! MANGO's equipment (`mango:EQUIP`, reading 8) and configuration (`mango:CONFIG`) as a
//! record gives them: F as a default plus per-point rationals, T as a union of intervals,
//! the initial scores; written back by `Record::from_game` and read again unchanged.

use graphgo::board::weights::{Interval, Threshold};
use graphgo::game::{Colour, Equipment, RuleId};
use graphgo::io::record::Record;
use graphgo::spec::mango::Configuration;
use imbl::OrdSet;
use num_rational::BigRational;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

const RECORD: &str = "rules: mango\nboard: {grid: [3, 2]}\nsetup: {black: [1-1], white: [C2]}\n\
    mango:\n  weight: \"1/2\"\n  weights: {2-1: -3, B2: 0.25}\n  \
    threshold: [\"1 <= z < 5\", \"z = 7\"]\n  scores: {white: 5.5}\nmoves: [B 2-1]\n";

#[test]
fn mango_equip_read_from_a_record() {
    let g = Record::parse(RECORD, false).unwrap().game().unwrap();
    assert_eq!(g.setup.rules, RuleId::Mango);
    let Equipment::Weights(w) = &g.setup.equipment else {
        panic!("weights")
    };
    // Grid 3x2 points in order 1-1, 2-1, 3-1, 1-2, 2-2, 3-2; B2 is 2-2 (GTP name).
    assert_eq!(
        w.weight,
        vec![q(1, 2), q(-3, 1), q(1, 2), q(1, 2), q(1, 4), q(1, 2)]
    );
    assert_eq!(w.scores, [q(0, 1), q(11, 2)]);
    // T: 1 on [1, 5) and at 7.
    let t: Vec<u8> = [0, 1, 4, 5, 7]
        .iter()
        .map(|&z| w.threshold.t(&q(z, 1)))
        .collect();
    assert_eq!(t, [0, 1, 1, 0, 1]);
    assert_eq!(
        (g.setup.initial[0], g.setup.initial[5]),
        (Colour::Black, Colour::White)
    );
}

#[test]
fn mango_equip_written_back_and_read_again() {
    let g = Record::parse(RECORD, false).unwrap().game().unwrap();
    let text = Record::from_game(&g.setup, &g.turns).to_yaml();
    let again = Record::parse(&text, false).unwrap().game().unwrap();
    assert_eq!(again.setup.equipment, g.setup.equipment, "{text}");
    assert_eq!(again.setup.initial, g.setup.initial);
    assert_eq!(again.turns, g.turns);
}

#[test]
fn mango_equip_a_point_given_twice_by_two_names() {
    let text = RECORD.replace("B2: 0.25", "B2: 0.25, 2-2: 1");
    let e = Record::parse(&text, false).unwrap().game().unwrap_err();
    assert!(e.0.contains("given a weight twice"), "{e}");
}

#[test]
fn mango_equip_threshold_ends_open_and_closed() {
    // z > 1/1000 excludes its end, z >= 1 includes it; an absent end is unbounded.
    let t = Threshold::parse(&["z > 1/1000".into()]).unwrap();
    assert_eq!(t.t(&q(1, 1000)), 0);
    assert_eq!(t.t(&q(1, 999)), 1);
    assert_eq!(t.t(&q(10_i64.pow(12), 1)), 1);
    let i = Interval::parse("-1/2 < z <= 3").unwrap();
    assert!(!i.contains(&q(-1, 2)) && i.contains(&q(3, 1)) && !i.contains(&q(7, 2)));
    assert_eq!(i.to_string(), "-1/2 < z <= 3");
    assert_eq!(Threshold::default(), Threshold::at_least_one());
}

#[test]
fn mango_config_the_partition_of_a_colouring() {
    // E, B, W from a colouring: disjoint, their union is I.
    let colours = [
        Colour::Empty,
        Colour::Black,
        Colour::White,
        Colour::Black,
        Colour::Empty,
    ];
    let c = Configuration::of(&colours);
    assert_eq!(c.e, OrdSet::from(vec![0, 4]));
    assert_eq!(c.b, OrdSet::from(vec![1, 3]));
    assert_eq!(c.w, OrdSet::from(vec![2]));
    assert_eq!(c.colours(5), colours);
    // Two configurations differ when any point changes set (the ordered triple).
    let mut other = colours;
    other.swap(1, 2);
    assert_ne!(Configuration::of(&other), c);
}
