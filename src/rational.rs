//! Exact rationals as text: `"13/2"`, `"-3"`, `"6.5"` in, `"13/2"` out.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// The most characters a rational's text may have (a cap against absurd inputs).
pub const MAX_RATIONAL_TEXT: usize = 200;

/// Reads an exact rational: an integer (`-3`), a fraction (`13/2`) or a decimal (`6.5`).
/// Anything else (`NaN`, `inf`, `1/0`, `1e3`, an empty string) is an error naming the text.
pub fn parse(text: &str) -> Result<BigRational, String> {
    let t = text.trim();
    let bad = || {
        format!("'{text}' is not an exact rational (write an integer, a fraction like 13/2, or a decimal like 6.5)")
    };
    if t.is_empty() || t.len() > MAX_RATIONAL_TEXT {
        return Err(bad());
    }
    let integer = |s: &str| -> Option<BigInt> {
        let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    if let Some((n, d)) = t.split_once('/') {
        let (n, d) = (
            integer(n.trim()).ok_or_else(bad)?,
            integer(d.trim()).ok_or_else(bad)?,
        );
        if d.is_zero() {
            return Err(format!("'{text}' divides by zero"));
        }
        return Ok(BigRational::new(n, d));
    }
    if let Some((whole, frac)) = t.split_once('.') {
        if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let negative = whole.starts_with('-');
        let whole = match whole.trim_start_matches(['-', '+']) {
            "" => BigInt::zero(),
            w => integer(w).ok_or_else(bad)?,
        };
        let scale = BigInt::from(10u32).pow(frac.len() as u32);
        let magnitude = BigRational::new(whole * &scale + integer(frac).ok_or_else(bad)?, scale);
        return Ok(if negative { -magnitude } else { magnitude });
    }
    Ok(BigRational::from_integer(integer(t).ok_or_else(bad)?))
}

/// Writes a rational as `"n"` or `"n/d"` in lowest terms.
pub fn format(r: &BigRational) -> String {
    if r.is_integer() {
        r.numer().to_string()
    } else {
        format!("{}/{}", r.numer(), r.denom())
    }
}

/// Reads a finite float as the shortest decimal that prints it (`6.5` -> 13/2, `0.1` -> 1/10),
/// which is the number a person wrote in a YAML file.
///
/// A float of magnitude 2^53 or more is refused: from there on floats are spaced more than
/// 1 apart, so the value read may not be the one written (a JSON integer too large for 64
/// bits arrives as such a float: `99999999999999999999999` would silently become 10^23).
pub fn from_float(x: f64) -> Result<BigRational, String> {
    if !x.is_finite() {
        return Err(format!("'{x}' is not an exact rational"));
    }
    if x.abs() >= 9_007_199_254_740_992.0 {
        return Err(format!(
            "'{x}' is too large to be read exactly from a number; write it as a string such as \"{x}\""
        ));
    }
    let text = format!("{x}");
    parse(&text)
}

/// True when `r` is negative.
pub fn is_negative(r: &BigRational) -> bool {
    r.is_negative()
}

/// Serde: a rational written as a string (`"7/2"`), an integer, or a float (read as its
/// shortest decimal).
pub mod serde_text {
    use super::*;
    use serde::de::{self, Deserializer, Visitor};
    use serde::Serializer;

    pub fn serialize<S: Serializer>(r: &BigRational, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format(r))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BigRational, D::Error> {
        d.deserialize_any(RationalVisitor)
    }

    pub(crate) struct RationalVisitor;

    impl Visitor<'_> for RationalVisitor {
        type Value = BigRational;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an exact rational such as \"7/2\", 3 or \"6.5\"")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<BigRational, E> {
            parse(v).map_err(E::custom)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<BigRational, E> {
            Ok(BigRational::from_integer(v.into()))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<BigRational, E> {
            Ok(BigRational::from_integer(v.into()))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<BigRational, E> {
            from_float(v).map_err(E::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn reads_the_three_forms() {
        assert_eq!(parse("13/2").unwrap(), r(13, 2));
        assert_eq!(parse("-3").unwrap(), r(-3, 1));
        assert_eq!(parse("6.5").unwrap(), r(13, 2));
        assert_eq!(parse("-0.25").unwrap(), r(-1, 4));
        assert_eq!(parse(" 4/6 ").unwrap(), r(2, 3));
        assert_eq!(parse(".5").unwrap(), r(1, 2));
    }

    #[test]
    fn rejects_inexact_and_malformed() {
        for bad in [
            "NaN", "inf", "-inf", "1/0", "1e3", "", "1/", "/2", "1.", "1.2.3", "a", "1/-", "--1",
        ] {
            assert!(parse(bad).is_err(), "{bad} accepted");
        }
        assert!(parse("1/0").unwrap_err().contains("divides by zero"));
        assert!(from_float(f64::NAN).is_err());
        assert!(from_float(f64::INFINITY).is_err());
        // 2^53 and beyond: the float may not be the number written.
        assert!(from_float(1e23)
            .unwrap_err()
            .contains("write it as a string"));
        assert_eq!(
            format(&from_float(-4_503_599_627_370_496.0).unwrap()),
            "-4503599627370496"
        );
    }

    #[test]
    fn writes_lowest_terms() {
        assert_eq!(format(&r(14, 4)), "7/2");
        assert_eq!(format(&r(-6, 3)), "-2");
        assert_eq!(format(&from_float(0.1).unwrap()), "1/10");
    }
}
