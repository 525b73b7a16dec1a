//! Faster equivalents of clause functions of the transcription, for the places where the
//! literal reading costs the square of the board or more on every turn: `variants` calls
//! them to find legal turns, scores and captures, and the tests hold each one equal to the
//! literal function of `spec` it replaces. Plain values in and out (a board, a colouring
//! as a slice), so that they depend on nothing above `board`, `game` and `weights`; they
//! never import `spec` or `engine`.

pub mod ggg;
pub mod mango;
pub mod topological;

use crate::board::Vertex;
use crate::game::Colour;

/// A 64-bit key of a colouring: the exclusive or of one fixed random word per coloured
/// vertex and colour. Equal colourings have equal keys, so a key found in no earlier
/// colouring's key proves the colouring is new; a key found is confirmed by comparing the
/// colourings themselves.
pub fn colouring_key(f: impl IntoIterator<Item = Colour>) -> u64 {
    f.into_iter()
        .enumerate()
        .fold(0, |k, (v, c)| k ^ vertex_key(v, c))
}

/// The word of vertex `v` coloured `c` in [`colouring_key`] (0 for empty).
pub fn vertex_key(v: Vertex, c: Colour) -> u64 {
    let slot = match c {
        Colour::Empty => return 0,
        Colour::Black => 1,
        Colour::White => 2,
    };
    // SplitMix64's finaliser of (v, colour): a fixed, well-mixed word for every pair.
    let mut z = (v as u64)
        .wrapping_mul(3)
        .wrapping_add(slot)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
