//! Per-device memory over the stages of an iteration, with exact incremental updates.
//!
//! The iteration is cut into *stages*: in training, stage `o` is the forward of op `o` and stage `2n-1-o` its
//! backward (`n` ops); in inference, stage `o` is the forward of op `o`. Every buffer a device holds is a
//! [`Live`] interval: `bytes` on `device` from stage `first` to stage `last` inclusive. A device's peak memory
//! is the largest sum of live bytes over its stages.
//!
//! Sums are integers, so adding and later removing the same intervals in any order leaves exactly the state a
//! fresh computation gives: the delta simulator relies on this for bit-identical peaks.
//!
//! What is counted (the simulator creates the intervals):
//! - weights a device holds, whole iteration, times [`weight_state_factor`] (training: the weight, its gradient
//!   and Adam's two moments);
//! - forward outputs, from their producer's stage until the backward of their first consumer (training) or
//!   their last consumer (inference);
//! - graph inputs a task reads, from the start until that op's backward (or forward, in inference);
//! - received transfers, from the consumer's forward until its backward;
//! - output gradients, from the backward of the last consumer until the producer's backward, and received
//!   gradient transfers until the producer's backward.
//!
//! Workspace and allocator fragmentation are not modelled; a tensor read by two ops on one device, or a weight
//! read by two ops, is counted once per op (an over-estimate).

use crate::graph::Mode;

/// Bytes of optimizer state per weight byte: Adam keeps two moments of each parameter.
pub const OPTIMIZER_STATE_FACTOR: u64 = 2;

/// Bytes a device holds per byte of weight it reads: the weight alone in inference; the weight, its gradient
/// and the optimizer state in training.
pub fn weight_state_factor(mode: Mode) -> u64 {
    match mode {
        Mode::Inference => 1,
        Mode::Training => 2 + OPTIMIZER_STATE_FACTOR,
    }
}

/// A buffer held on one device over a range of stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Live {
    pub device: u32,
    pub first: u32,
    /// Inclusive.
    pub last: u32,
    pub bytes: u64,
    /// Weight state (reported separately).
    pub weight: bool,
}

/// Merges intervals with the same device, stages and kind (a block's transfers to one device, say), so that
/// fewer updates reach the trees. Sorted, hence deterministic.
pub(crate) fn coalesce(lives: &mut Vec<Live>) {
    lives.sort_unstable_by_key(|l| (l.device, l.first, l.last, l.weight));
    lives.dedup_by(|next, kept| {
        let same = (next.device, next.first, next.last, next.weight)
            == (kept.device, kept.first, kept.last, kept.weight);
        if same {
            kept.bytes += next.bytes;
        }
        same
    });
}

/// Live bytes of every device over every stage.
///
/// A fresh state only knows each device's stage sums and peak; the range-add trees that incremental updates
/// need are built on the first update (a one-shot simulation never pays for them).
#[derive(Clone, Debug)]
pub(crate) struct Memory {
    stages: usize,
    /// Stage sums, `devices × stages`, until the trees exist.
    values: Vec<i64>,
    peaks: Vec<i64>,
    trees: Vec<MaxTree>,
    weights: Vec<u64>,
}

impl Memory {
    /// The memory state holding exactly `lives`.
    pub fn build<'a>(
        devices: usize,
        stages: usize,
        lives: impl Iterator<Item = &'a Live>,
    ) -> Memory {
        let stages = stages.max(1);
        let mut diff = vec![0i64; devices * (stages + 1)];
        let mut weights = vec![0u64; devices];
        for l in lives {
            let row = l.device as usize * (stages + 1);
            diff[row + l.first as usize] += to_i64(l.bytes);
            diff[row + l.last as usize + 1] -= to_i64(l.bytes);
            if l.weight {
                weights[l.device as usize] += l.bytes;
            }
        }
        let mut values = Vec::with_capacity(devices * stages);
        let mut peaks = Vec::with_capacity(devices);
        for row in diff.chunks(stages + 1) {
            let (mut sum, mut peak) = (0, i64::MIN);
            for d in &row[..stages] {
                sum += d;
                peak = peak.max(sum);
                values.push(sum);
            }
            peaks.push(peak);
        }
        Memory {
            stages,
            values,
            peaks,
            trees: Vec::new(),
            weights,
        }
    }

    fn trees(&mut self) -> &mut [MaxTree] {
        if self.trees.is_empty() && !self.peaks.is_empty() {
            self.trees = self.values.chunks(self.stages).map(MaxTree::new).collect();
            self.values = Vec::new();
        }
        &mut self.trees
    }

    pub fn add(&mut self, l: &Live) {
        self.trees()[l.device as usize].add(l.first as usize, l.last as usize, to_i64(l.bytes));
        if l.weight {
            self.weights[l.device as usize] += l.bytes;
        }
    }

    pub fn remove(&mut self, l: &Live) {
        self.trees()[l.device as usize].add(l.first as usize, l.last as usize, -to_i64(l.bytes));
        if l.weight {
            self.weights[l.device as usize] -= l.bytes;
        }
    }

    /// Peak live bytes of `device`.
    pub fn peak(&self, device: usize) -> u64 {
        let peak = if self.trees.is_empty() {
            self.peaks[device]
        } else {
            self.trees[device].max()
        };
        u64::try_from(peak).unwrap_or(0)
    }

    /// Weight-state bytes of `device`.
    pub fn weights(&self, device: usize) -> u64 {
        self.weights[device]
    }
}

fn to_i64(bytes: u64) -> i64 {
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

/// Range add, global max over a fixed array (a lazy segment tree).
#[derive(Clone, Debug)]
struct MaxTree {
    n: usize,
    /// Max of the subtree, including every add pending at the node and below.
    max: Vec<i64>,
    /// Add applied to the whole subtree of the node.
    pending: Vec<i64>,
}

impl MaxTree {
    fn new(values: &[i64]) -> MaxTree {
        let n = values.len();
        let mut t = MaxTree {
            n,
            max: vec![0; 4 * n],
            pending: vec![0; 4 * n],
        };
        t.build(1, 0, n - 1, values);
        t
    }

    fn build(&mut self, node: usize, lo: usize, hi: usize, values: &[i64]) {
        if lo == hi {
            self.max[node] = values[lo];
            return;
        }
        let mid = (lo + hi) / 2;
        self.build(2 * node, lo, mid, values);
        self.build(2 * node + 1, mid + 1, hi, values);
        self.max[node] = self.max[2 * node].max(self.max[2 * node + 1]);
    }

    /// Adds `v` to every element of `[l, r]`.
    fn add(&mut self, l: usize, r: usize, v: i64) {
        self.add_at(1, 0, self.n - 1, l, r, v);
    }

    fn add_at(&mut self, node: usize, lo: usize, hi: usize, l: usize, r: usize, v: i64) {
        if r < lo || hi < l {
            return;
        }
        if l <= lo && hi <= r {
            self.max[node] += v;
            self.pending[node] += v;
            return;
        }
        let mid = (lo + hi) / 2;
        self.add_at(2 * node, lo, mid, l, r, v);
        self.add_at(2 * node + 1, mid + 1, hi, l, r, v);
        self.max[node] = self.max[2 * node].max(self.max[2 * node + 1]) + self.pending[node];
    }

    fn max(&self) -> i64 {
        self.max[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn incremental_equals_fresh() {
        let mut rng = StdRng::seed_from_u64(1);
        let stages = 37;
        let mut lives: Vec<Live> = Vec::new();
        let mut mem = Memory::build(3, stages, lives.iter());
        for step in 0..2000 {
            if !lives.is_empty() && rng.random_bool(0.4) {
                let l = lives.swap_remove(rng.random_range(0..lives.len()));
                mem.remove(&l);
            } else {
                let first = rng.random_range(0..stages as u32);
                let l = Live {
                    device: rng.random_range(0..3),
                    first,
                    last: rng.random_range(first..stages as u32),
                    bytes: rng.random_range(1..1_000_000),
                    weight: rng.random_bool(0.2),
                };
                mem.add(&l);
                lives.push(l);
            }
            if step % 97 == 0 {
                let fresh = Memory::build(3, stages, lives.iter());
                for d in 0..3 {
                    let naive = (0..stages as u32)
                        .map(|s| {
                            lives.iter().filter(move |l| {
                                l.device == d as u32 && l.first <= s && s <= l.last
                            })
                        })
                        .map(|ls| ls.map(|l| l.bytes).sum::<u64>())
                        .max()
                        .unwrap();
                    assert_eq!(mem.peak(d), naive);
                    assert_eq!(fresh.peak(d), naive);
                    assert_eq!(mem.weights(d), fresh.weights(d));
                }
            }
        }
    }
}
