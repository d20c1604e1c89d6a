//! Exact minimization of a pairwise additive cost over discrete choices: the dynamic program of PaSE
//! (Elango, "PaSE: Parallelization Strategies for Efficient DNN Training", IPDPS 2021), also used for each cut
//! of the SoyBean tiling.
//!
//! Vertex `v` picks one of `k[v]` choices; the cost is `Σ_v unary[v][c_v] + Σ_{(u,v)} pair[u,v][c_u][c_v]`.
//! Vertices are visited in an order `v_1..v_n`. After step `i`, the *dependent set* `D_i` holds the visited
//! vertices that still have an unvisited neighbour, and the table `T_i[choices of D_i]` is the least cost of
//! every term among visited vertices, minimized over the visited vertices outside `D_i`. Visiting `v`:
//!
//! ```text
//! T_{i+1}[D_{i+1}] = min over (D_i ∪ {v}) \ D_{i+1} of  T_i[D_i] + unary[v][c_v] + Σ_{u ∈ D_i, u ~ v} pair[u,v][c_u][c_v]
//! ```
//!
//! Every visited neighbour of `v` is in `D_i` (it still had `v` unvisited), so each pair term is added exactly
//! once; the last table has one entry, the optimum, and back-pointers give the choices. The work of a step is
//! `Π_{u ∈ D_i ∪ {v}} k[u]`, so the order matters. Two orders are planned and the one with the smaller largest
//! step runs: program order (vertex ids), which keeps `D` to the few tensors live across a residual connection
//! or an attention block in DNN graphs, and PaSE-style greedy growth (among the unvisited neighbours of visited
//! vertices, the one leaving the smallest next table). A step over `max_work` entries, or
//! back-pointer tables over `8 × max_work` entries in all, aborts before any table is allocated
//! ([`TooLarge`]), so a caller can shrink the choice sets and retry.

use super::Deadline;
use std::collections::BTreeMap;

/// The problem: choice counts, unary costs, pair costs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Problem {
    pub k: Vec<usize>,
    pub unary: Vec<Vec<f64>>,
    /// `(u, v)` with `u < v` → row-major `k[u] × k[v]` costs; several terms on one pair are summed.
    pub pair: BTreeMap<(usize, usize), Vec<f64>>,
}

impl Problem {
    /// A problem with `k[v]` choices per vertex and all-zero costs.
    pub fn new(k: Vec<usize>) -> Problem {
        let unary = k.iter().map(|&n| vec![0.0; n]).collect();
        Problem {
            k,
            unary,
            pair: BTreeMap::new(),
        }
    }

    /// Adds `cost(c_u, c_v)` for the pair (`u != v`), given row-major as `k[u] × k[v]`.
    pub fn add_pair(&mut self, u: usize, v: usize, cost: &[f64]) {
        let (ku, kv) = (self.k[u], self.k[v]);
        debug_assert_eq!(cost.len(), ku * kv);
        if u < v {
            let m = self
                .pair
                .entry((u, v))
                .or_insert_with(|| vec![0.0; ku * kv]);
            m.iter_mut().zip(cost).for_each(|(a, b)| *a += b);
        } else {
            let m = self
                .pair
                .entry((v, u))
                .or_insert_with(|| vec![0.0; ku * kv]);
            for a in 0..ku {
                for b in 0..kv {
                    m[b * ku + a] += cost[a * kv + b];
                }
            }
        }
    }

    /// The cost of a full assignment.
    pub fn cost(&self, choice: &[usize]) -> f64 {
        let mut total: f64 = self.unary.iter().zip(choice).map(|(u, &c)| u[c]).sum();
        for (&(u, v), m) in &self.pair {
            total += m[choice[u] * self.k[v] + choice[v]];
        }
        total
    }
}

/// The tables the dynamic program would need exceed the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooLarge {
    /// Largest single step's work, in table entries (saturating).
    pub work: u128,
    /// Back-pointer entries in all (saturating).
    pub stored: u128,
}

/// Size figures of a solved problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    /// Largest step's work, in table entries.
    pub max_work: u64,
    /// Largest dependent set.
    pub max_dependent: usize,
    /// Work of all steps.
    pub total_work: u64,
}

struct Step {
    /// `D_i ∪ {v}` in table order (the new vertex last).
    members: Vec<usize>,
    /// Positions in `members` of the vertices kept in `D_{i+1}` and of the eliminated ones.
    kept: Vec<usize>,
    gone: Vec<usize>,
}

/// How the next vertex is chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Program order: vertex ids ascending.
    Program,
    /// Among unvisited neighbours of visited vertices (any vertex when there are none), the one leaving the
    /// smallest next table, then the least work, then the lowest id.
    Frontier,
}

/// The visiting order and its steps, or why there is none: too large, or `deadline` passed (choosing the
/// frontier order is quadratic in the vertices, so large graphs look at the deadline at every step).
fn plan(
    p: &Problem,
    adj: &[Vec<usize>],
    max_work: u64,
    order: Order,
    deadline: Deadline,
) -> Result<(Vec<Step>, Stats), Unsolved> {
    let n = p.k.len();
    let mut visited = vec![false; n];
    // Unvisited neighbours of each vertex.
    let mut open: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut frontier = vec![false; n];
    let mut dependent: Vec<usize> = Vec::new();
    let mut steps = Vec::with_capacity(n);
    let mut stats = Stats::default();
    let mut stored: u128 = 0;
    let size = |set: &[usize]| -> u128 {
        set.iter()
            .fold(1u128, |a, &u| a.saturating_mul(p.k[u].max(1) as u128))
    };
    let next_set = |dependent: &[usize], open: &[usize], v: usize| -> Vec<usize> {
        dependent
            .iter()
            .copied()
            .chain([v])
            .filter(|&u| open[u] - usize::from(u != v && adj[v].contains(&u)) > 0)
            .collect()
    };
    for step in 0..n {
        if deadline.expired() {
            return Err(Unsolved::Expired);
        }
        let v = match order {
            Order::Program => step,
            Order::Frontier => {
                let any_frontier = (0..n).any(|v| frontier[v] && !visited[v]);
                let mut best: Option<(u128, u128, usize)> = None;
                for v in (0..n).filter(|&v| !visited[v] && (frontier[v] || !any_frontier)) {
                    let key = (
                        size(&next_set(&dependent, &open, v)),
                        size(&dependent).saturating_mul(p.k[v].max(1) as u128),
                        v,
                    );
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
                match best {
                    Some((_, _, v)) => v,
                    None => break,
                }
            }
        };
        let next = next_set(&dependent, &open, v);
        let work = size(&dependent).saturating_mul(p.k[v].max(1) as u128);
        visited[v] = true;
        for &u in &adj[v] {
            open[u] -= 1;
            frontier[u] = true;
        }
        let mut members = dependent.clone();
        members.push(v);
        let (kept, gone): (Vec<usize>, Vec<usize>) =
            (0..members.len()).partition(|&i| next.contains(&members[i]));
        stored = stored.saturating_add(size(&next));
        if work > u128::from(max_work) || stored > 8 * u128::from(max_work) {
            return Err(Unsolved::TooLarge(TooLarge { work, stored }));
        }
        stats.max_work = stats.max_work.max(work as u64);
        stats.total_work = stats.total_work.saturating_add(work as u64);
        dependent = next;
        stats.max_dependent = stats.max_dependent.max(dependent.len());
        steps.push(Step {
            members,
            kept,
            gone,
        });
    }
    Ok((steps, stats))
}

/// Table entries between two looks at the deadline.
const DEADLINE_STRIDE: usize = 1 << 14;

/// Why [`solve`] has no answer.
#[derive(Debug)]
pub(crate) enum Unsolved {
    TooLarge(TooLarge),
    /// The deadline passed while the tables were filled.
    Expired,
}

/// The optimal choice of every vertex and its cost; `Err` when the tables are too large or `deadline` passes
/// first.
pub(crate) fn solve(
    p: &Problem,
    max_work: u64,
    deadline: Deadline,
) -> Result<(Vec<usize>, f64, Stats), Unsolved> {
    let n = p.k.len();
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in p.pair.keys() {
        adj[u].push(v);
        adj[v].push(u);
    }
    // Both orders are planned; the one with the smaller largest step runs.
    let plans = [Order::Program, Order::Frontier].map(|o| plan(p, &adj, max_work, o, deadline));
    let (steps, stats) = match plans {
        [Err(Unsolved::Expired), _] | [_, Err(Unsolved::Expired)] => return Err(Unsolved::Expired),
        [Ok(a), Ok(b)] => {
            if (b.1.max_work, b.1.total_work) < (a.1.max_work, a.1.total_work) {
                b
            } else {
                a
            }
        }
        [Ok(a), Err(_)] => a,
        [Err(_), Ok(b)] => b,
        [Err(Unsolved::TooLarge(a)), Err(Unsolved::TooLarge(b))] => {
            return Err(Unsolved::TooLarge(if a.work <= b.work { a } else { b }))
        }
    };

    // Forward pass: tables over D (in `kept` order of the previous step) and back-pointers.
    let mut table: Vec<f64> = vec![0.0];
    let mut backs: Vec<Vec<u32>> = Vec::with_capacity(steps.len());
    let mut digits = Vec::new();
    for step in &steps {
        let m = &step.members;
        let v = *m.last().unwrap_or(&0);
        let radix: Vec<usize> = m.iter().map(|&u| p.k[u].max(1)).collect();
        let next_len: usize = step.kept.iter().map(|&i| radix[i]).product();
        let mut next = vec![f64::INFINITY; next_len];
        let mut back = vec![0u32; next_len];
        // Pair terms between v and its dependent neighbours: (position in members, matrix, v is second).
        let terms: Vec<(usize, &Vec<f64>, bool)> = m[..m.len() - 1]
            .iter()
            .enumerate()
            .filter_map(|(i, &u)| {
                let key = if u < v { (u, v) } else { (v, u) };
                p.pair.get(&key).map(|mat| (i, mat, u < v))
            })
            .collect();
        let kv = radix[radix.len() - 1];
        digits.clear();
        digits.resize(m.len(), 0usize);
        let total: usize = radix.iter().product();
        for idx in 0..total {
            if idx % DEADLINE_STRIDE == 0 && deadline.expired() {
                return Err(Unsolved::Expired);
            }
            if idx > 0 {
                for d in (0..digits.len()).rev() {
                    digits[d] += 1;
                    if digits[d] < radix[d] {
                        break;
                    }
                    digits[d] = 0;
                }
            }
            // Index into the previous table: members without v, row-major.
            let prev = idx / kv;
            let base = table[prev];
            if base == f64::INFINITY {
                continue;
            }
            let cv = digits[digits.len() - 1];
            let mut value = base + p.unary[v][cv];
            for &(i, mat, v_second) in &terms {
                let cu = digits[i];
                value += if v_second {
                    mat[cu * p.k[v] + cv]
                } else {
                    mat[cv * p.k[m[i]] + cu]
                };
            }
            let key = step
                .kept
                .iter()
                .fold(0usize, |a, &i| a * radix[i] + digits[i]);
            if value < next[key] {
                next[key] = value;
                back[key] =
                    step.gone
                        .iter()
                        .fold(0usize, |a, &i| a * radix[i] + digits[i]) as u32;
            }
        }
        table = next;
        backs.push(back);
    }
    let best = table.first().copied().unwrap_or(0.0);

    // Backward pass: choices of the kept vertices are known from later steps.
    let mut choice = vec![usize::MAX; n];
    for (step, back) in steps.iter().zip(&backs).rev() {
        let m = &step.members;
        let radix: Vec<usize> = m.iter().map(|&u| p.k[u].max(1)).collect();
        let key = step
            .kept
            .iter()
            .fold(0usize, |a, &i| a * radix[i] + choice[m[i]]);
        let mut packed = back[key] as usize;
        for &i in step.gone.iter().rev() {
            choice[m[i]] = packed % radix[i];
            packed /= radix[i];
        }
    }
    for c in &mut choice {
        if *c == usize::MAX {
            *c = 0;
        }
    }
    Ok((choice, best, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn brute(p: &Problem) -> f64 {
        let n = p.k.len();
        let mut c = vec![0usize; n];
        let mut best = f64::INFINITY;
        loop {
            best = best.min(p.cost(&c));
            let mut d = 0;
            loop {
                if d == n {
                    return best;
                }
                c[d] += 1;
                if c[d] < p.k[d] {
                    break;
                }
                c[d] = 0;
                d += 1;
            }
        }
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..200 {
            let n = rng.random_range(1..7);
            let k: Vec<usize> = (0..n).map(|_| rng.random_range(1..4)).collect();
            let mut p = Problem::new(k.clone());
            for u in &mut p.unary {
                for c in u.iter_mut() {
                    *c = rng.random_range(0.0..10.0);
                }
            }
            for _ in 0..rng.random_range(0..2 * n) {
                let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
                if u == v {
                    continue;
                }
                let m: Vec<f64> = (0..k[u] * k[v])
                    .map(|_| rng.random_range(0.0..10.0))
                    .collect();
                p.add_pair(u, v, &m);
            }
            let (choice, cost, _) = solve(&p, 1 << 20, Deadline::NONE).unwrap();
            let expect = brute(&p);
            assert!((cost - expect).abs() < 1e-9, "{cost} vs {expect}");
            assert!((p.cost(&choice) - cost).abs() < 1e-9);
        }
    }

    #[test]
    fn refuses_large_tables() {
        // A clique of 6 vertices with 10 choices needs 10^6 entries in some step.
        let mut p = Problem::new(vec![10; 6]);
        for u in 0..6 {
            for v in u + 1..6 {
                p.add_pair(u, v, &[1.0; 100]);
            }
        }
        assert!(solve(&p, 1000, Deadline::NONE).is_err());
        assert!(solve(&p, 10_000_000, Deadline::NONE).is_ok());
    }
}
