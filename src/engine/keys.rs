//! Maps keyed by the engines' 64-bit Zobrist hashes: the key is hashed by one
//! multiplication (Fibonacci hashing), not by SipHash, whose cost a repetition test paid on
//! every lookup. The keys are not chosen by a user: a record fixes the position, and the
//! Zobrist keys are fixed tables, so there is no hash flooding to guard against (and every
//! hit is confirmed against the position itself, so a collision costs time, never a verdict).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for one `u64` at a time (what a Zobrist key is).
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        // The golden-ratio multiplier spreads every bit of x into the high bits, which the
        // table's control bytes read; a masked test key of a few low bits still spreads.
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
}

/// A map from Zobrist key to `V`.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A set of Zobrist keys.
pub type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn keys_that_differ_in_one_low_bit_hash_apart_in_the_high_bits() {
        let b = BuildHasherDefault::<KeyHasher>::default();
        let (x, y) = (b.hash_one(4u64), b.hash_one(5u64));
        assert_ne!(x >> 57, y >> 57, "the control byte tells them apart");
        let mut m: KeyMap<u32> = KeyMap::default();
        for k in 0..1000u64 {
            m.insert(k & 0xff, k as u32);
        }
        assert_eq!(m.len(), 256);
        assert_eq!(m[&7], 3 * 256 + 7, "the last of 7, 263, 519, 775");
    }
}
