//! Graphs as compressed rows, the form the engine's playouts read: vertex `v`'s neighbours
//! are `adj[off[v]..off[v + 1]]`, each edge listed from both ends. Here are the square grid
//! and the seeded random graphs that the benchmarks, the playout tests and the board's own
//! tests play on (uniform, geometric and 4-regular), so that every layer above draws its
//! random boards from one place.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The compressed rows of a `w x h` grid, vertex `y * w + x`, neighbours in increasing order.
pub fn grid_rows(w: usize, h: usize) -> (Vec<u32>, Vec<u32>) {
    let mut off = vec![0u32];
    let mut adj = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let v = y * w + x;
            if y > 0 {
                adj.push((v - w) as u32);
            }
            if x > 0 {
                adj.push((v - 1) as u32);
            }
            if x + 1 < w {
                adj.push((v + 1) as u32);
            }
            if y + 1 < h {
                adj.push((v + w) as u32);
            }
            off.push(adj.len() as u32);
        }
    }
    (off, adj)
}

/// A random simple graph on `n` vertices with about `n * degree / 2` edges (uniform pairs,
/// loops and repeats dropped), in compressed rows.
pub fn random_graph_rows(n: usize, degree: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(n * degree);
    for _ in 0..n * degree / 2 {
        let a = rng.random_range(0..n as u32);
        let b = rng.random_range(0..n as u32);
        if a != b {
            pairs.push((a, b));
            pairs.push((b, a));
        }
    }
    rows_from_arcs(n, pairs)
}

/// The compressed rows (`off`, `adj`) of a graph on `n` vertices given as arcs, each edge
/// listed both ways; an arc listed twice counts once.
pub fn rows_from_arcs(n: usize, mut arcs: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    arcs.sort_unstable();
    arcs.dedup();
    let mut off = vec![0u32; n + 1];
    for &(a, _) in &arcs {
        off[a as usize + 1] += 1;
    }
    for i in 0..n {
        off[i + 1] += off[i];
    }
    let adj = arcs.into_iter().map(|(_, b)| b).collect();
    (off, adj)
}

/// A random geometric graph on `n` vertices with average degree about `degree`: points
/// uniform in the unit square, an edge between two points closer than `r`, where
/// `n * pi * r^2 = degree`. Unlike [`random_graph_rows`] it has spatial structure (like a
/// board, short cycles and local neighbourhoods), and its vertices are numbered cell by cell
/// along the rows of a grid of `r x r` cells, so that neighbours have nearby numbers.
pub fn random_geometric_rows(n: usize, degree: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let r = (degree as f64 / (std::f64::consts::PI * n.max(1) as f64)).sqrt();
    let cells = ((1.0 / r).floor() as usize).max(1);
    let cell_of = |x: f64| ((x * cells as f64) as usize).min(cells - 1);
    let mut points: Vec<(usize, f64, f64)> = (0..n)
        .map(|_| {
            let (x, y): (f64, f64) = (rng.random(), rng.random());
            (cell_of(y) * cells + cell_of(x), x, y)
        })
        .collect();
    points.sort_unstable_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    // first[c]: the first vertex of cell c (vertices are numbered in cell order).
    let mut first = vec![0u32; cells * cells + 1];
    for &(c, _, _) in &points {
        first[c + 1] += 1;
    }
    for c in 0..cells * cells {
        first[c + 1] += first[c];
    }
    let mut off = Vec::with_capacity(n + 1);
    let mut adj = Vec::with_capacity(n * degree);
    off.push(0u32);
    for &(c, x, y) in &points {
        let (cx, cy) = ((c % cells) as i64, (c / cells) as i64);
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (ax, ay) = (cx + dx, cy + dy);
                if ax < 0 || ay < 0 || ax >= cells as i64 || ay >= cells as i64 {
                    continue;
                }
                let d = ay as usize * cells + ax as usize;
                for w in first[d]..first[d + 1] {
                    let (_, wx, wy) = points[w as usize];
                    let close = (wx - x).powi(2) + (wy - y).powi(2) < r * r;
                    if close && (wx, wy) != (x, y) {
                        adj.push(w);
                    }
                }
            }
        }
        let row = off.len() - 1;
        adj[off[row] as usize..].sort_unstable();
        off.push(adj.len() as u32);
    }
    (off, adj)
}

/// A random 4-regular graph on `n` vertices (n >= 5): the union of two Hamiltonian cycles,
/// each through the vertices in a uniformly random order, a standard model of random
/// 4-regular graphs. Where the second cycle repeats an edge of the first (about two edges
/// on average once `n` is large), the edge is kept once and its two ends have degree 3. The
/// vertex numbers are random, so neighbours lie far apart in memory, as on any large
/// graph read from a file.
pub fn random_regular_rows(n: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    assert!(n >= 5, "a 4-regular simple graph needs at least 5 vertices");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(4 * n);
    for _ in 0..2 {
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.shuffle(&mut rng);
        for i in 0..n {
            let (a, b) = (order[i], order[(i + 1) % n]);
            pairs.push((a, b));
            pairs.push((b, a));
        }
    }
    rows_from_arcs(n, pairs)
}

#[cfg(test)]
mod regular_graph_tests {
    use super::random_regular_rows;

    /// The union of two random Hamiltonian cycles: every edge both ways, no loop, no
    /// repeated neighbour, degree 4 except at the ends of an edge both cycles share (on
    /// 1000 vertices a handful; on 5 or 6 the two cycles may share most edges), and
    /// connected (each cycle alone is).
    #[test]
    fn the_regular_graph_is_simple_symmetric_and_of_degree_four() {
        for (n, seed) in [(5, 1), (6, 2), (1000, 3), (1000, 4)] {
            let (off, adj) = random_regular_rows(n, seed);
            let row = |v: usize| &adj[off[v] as usize..off[v + 1] as usize];
            let mut short = 0;
            for v in 0..n {
                let r = row(v);
                assert!(r.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
                assert!(!r.contains(&(v as u32)), "no loop at {v}");
                assert!(r.iter().all(|&u| row(u as usize).contains(&(v as u32))));
                assert!((2..=4).contains(&r.len()), "degree {} at {v}", r.len());
                short += usize::from(r.len() < 4);
            }
            if n >= 1000 {
                assert!(short <= 12, "{short} vertices of degree below 4 on {n}");
            }
            let mut seen = vec![false; n];
            let mut stack = vec![0usize];
            seen[0] = true;
            while let Some(v) = stack.pop() {
                for &u in row(v) {
                    if !std::mem::replace(&mut seen[u as usize], true) {
                        stack.push(u as usize);
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "connected");
        }
    }
}
