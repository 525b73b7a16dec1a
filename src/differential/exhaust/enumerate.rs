//! The small boards `graphgo exhaust` walks, each class once: every graph and every digraph
//! on `n` vertices up to isomorphism, and every go-space on `n` points up to relabelling
//! (a topology with a family of non-empty open sets as its placements). Built by brute
//! force over permutations, which is enough for the sizes walked (at most 8 vertices).

use std::collections::HashSet;

/// Every permutation of `0..n`, in lexicographic order.
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current: Vec<usize> = (0..n).collect();
    loop {
        all.push(current.clone());
        // The next permutation in lexicographic order (Narayana's algorithm).
        let Some(i) = (1..n).rev().find(|&i| current[i - 1] < current[i]) else {
            return all;
        };
        let j = (i..n)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .expect("current[i] is larger");
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

/// The bit of the pair {u, v} (u != v) in a graph's mask.
fn pair_bit(u: usize, v: usize) -> u64 {
    let (a, b) = if u < v { (u, v) } else { (v, u) };
    1 << (b * (b - 1) / 2 + a)
}

/// The smallest mask of the graph over all relabellings: equal for isomorphic graphs only.
fn canonical_graph(edges: &[(usize, usize)], perms: &[Vec<usize>]) -> u64 {
    perms
        .iter()
        .map(|p| edges.iter().map(|&(u, v)| pair_bit(p[u], p[v])).sum())
        .min()
        .unwrap_or(0)
}

/// One graph of every isomorphism class on exactly `n` vertices (vertices `0..n`, edges as
/// pairs `u < v`), built by adding a vertex joined to every subset of the graphs on `n - 1`
/// (every graph arises so, from the graph its last vertex leaves).
pub fn graphs_up_to_isomorphism(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let perms = permutations(n);
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for smaller in graphs_up_to_isomorphism(n - 1) {
        for joined in 0..1u64 << (n - 1) {
            let mut edges = smaller.clone();
            edges.extend(
                (0..n - 1)
                    .filter(|&u| joined >> u & 1 == 1)
                    .map(|u| (u, n - 1)),
            );
            if seen.insert(canonical_graph(&edges, &perms)) {
                found.push(edges);
            }
        }
    }
    found
}

/// One digraph (no loops; both arcs between two points allowed) of every isomorphism class
/// on exactly `n` points.
pub fn digraphs_up_to_isomorphism(n: usize) -> Vec<Vec<(usize, usize)>> {
    let perms = permutations(n);
    let arcs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|&(u, v)| u != v)
        .collect();
    let bit = |u: usize, v: usize| -> u64 { 1 << (u * n + v) };
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for mask in 0..1u64 << arcs.len() {
        let chosen: Vec<(usize, usize)> = (0..arcs.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| arcs[i])
            .collect();
        let canonical: u64 = perms
            .iter()
            .map(|p| chosen.iter().map(|&(u, v)| bit(p[u], p[v])).sum())
            .min()
            .unwrap_or(0);
        if seen.insert(canonical) {
            found.push(chosen);
        }
    }
    found
}

/// A finite topology on `0..n` given by the smallest open set around each point, as bit
/// masks, and a family of non-empty open sets (the placements S, `topo:D1`), as masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallGoSpace {
    pub neighbourhood: Vec<u32>,
    pub placements: Vec<u32>,
}

/// Every topology on `0..n` (`n` at most 5): each point's smallest open set N(x) holds x,
/// and y in N(x) gives N(y) within N(x) (a preorder, read as its down-sets).
pub fn topologies(n: usize) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for x in 0..n {
        let mut next = Vec::new();
        for partial in &all {
            for mask in 0..1u32 << n {
                if mask >> x & 1 == 1 {
                    let mut v: Vec<u32> = partial.clone();
                    v.push(mask);
                    next.push(v);
                }
            }
        }
        all = next;
    }
    all.retain(|nbhd| {
        (0..n).all(|x| (0..n).all(|y| nbhd[x] >> y & 1 == 0 || nbhd[y] & !nbhd[x] == 0))
    });
    all
}

/// The non-empty open sets of a topology: the unions of smallest open sets.
pub fn open_sets(neighbourhood: &[u32]) -> Vec<u32> {
    let n = neighbourhood.len();
    (1..1u32 << n)
        .filter(|&u| (0..n).all(|x| u >> x & 1 == 0 || neighbourhood[x] & !u == 0))
        .collect()
}

fn permuted_mask(mask: u32, p: &[usize]) -> u32 {
    (0..p.len())
        .filter(|&x| mask >> x & 1 == 1)
        .map(|x| 1 << p[x])
        .sum()
}

/// One go-space of every class on exactly `n` points, two being the same when a
/// relabelling of the points carries one's topology and placements onto the other's.
pub fn go_spaces_up_to_relabelling(n: usize) -> Vec<SmallGoSpace> {
    let perms = permutations(n);
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for nbhd in topologies(n) {
        let opens = open_sets(&nbhd);
        for family in 0..1u64 << opens.len() {
            let placements: Vec<u32> = (0..opens.len())
                .filter(|&i| family >> i & 1 == 1)
                .map(|i| opens[i])
                .collect();
            let canonical = perms
                .iter()
                .map(|p| {
                    let mut relabelled = vec![0u32; n];
                    for x in 0..n {
                        relabelled[p[x]] = permuted_mask(nbhd[x], p);
                    }
                    let mut s: Vec<u32> = placements.iter().map(|&m| permuted_mask(m, p)).collect();
                    s.sort_unstable();
                    (relabelled, s)
                })
                .min()
                .expect("at least one permutation");
            if seen.insert(canonical) {
                found.push(SmallGoSpace {
                    neighbourhood: nbhd.clone(),
                    placements,
                });
            }
        }
    }
    found
}
