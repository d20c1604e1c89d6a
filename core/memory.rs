//! Per-device memory over the stages of an iteration, with exact incremental updates.
//!
//! The iteration is cut into *stages*: in training, stage `o` is the forward of op `o` and stage `2n-1-o` its
//! backward (`n` ops); in inference, stage `o` is the forward of op `o`. Every buffer a device holds is a
//! *live interval*: `bytes` on `device` from stage `first` to stage `last` inclusive. A device's peak memory
//! is the largest sum of live bytes over its stages.
//!
//! Sums are integers, so adding and later removing the same intervals in any order leaves exactly the state a
//! fresh computation gives: the delta simulator relies on this for bit-identical peaks.
//!
//! What is counted (the simulator creates the intervals):
//! - weights a device holds, whole iteration, as [`crate::precision::WeightState::bytes`] of the cost model
//!   says (training: the weight, its f32 gradient, the optimizer's state — one momentum buffer by default,
//!   Adam's two moments — and, in mixed precision, autocast's 16-bit copy); each weight once per device
//!   however many ops read it (the union of the regions
//!   its readers' tasks on the device touch, [`crate::weight_sync`]);
//! - forward outputs, from their producer's stage until the backward of their first consumer (training) or
//!   their last consumer (inference);
//! - graph inputs a task reads, from the start until that op's backward (or forward, in inference);
//! - received transfers, from the consumer's forward until its backward;
//! - output gradients, from the backward of the last consumer until the producer's backward, and received
//!   gradient transfers until the producer's backward.
//!
//! Workspace and allocator fragmentation are not modelled; an activation read by two ops on one device is
//! counted once per op when it is received twice (an over-estimate).

use crate::graph::Mode;

/// Bytes a device holds per byte of f32 weight it reads under the default training setup (fp32, SGD with
/// momentum): the weight alone in inference; the weight, its gradient and the momentum in training. Other
/// setups: [`crate::precision::WeightState::bytes`].
pub fn weight_state_factor(mode: Mode) -> u64 {
    crate::precision::WeightState::default().bytes(mode, 4) / 4
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

/// A signed change of the bytes one device holds over a range of stages (adding or removing a [`Live`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Change {
    pub device: u32,
    pub first: u32,
    pub last: u32,
    pub weight: bool,
    pub bytes: i64,
}

impl Change {
    /// (device, first, last, weight), packed.
    fn key(&self) -> u128 {
        (u128::from(self.device) << 80)
            | (u128::from(self.first) << 48)
            | (u128::from(self.last) << 16)
            | u128::from(self.weight)
    }

    pub fn new(l: &Live, add: bool) -> Change {
        let bytes = to_i64(l.bytes);
        Change {
            device: l.device,
            first: l.first,
            last: l.last,
            weight: l.weight,
            bytes: if add { bytes } else { -bytes },
        }
    }
}

/// Accumulates the intervals of a fresh simulation (difference arrays: any number of intervals, one pass).
pub(crate) struct MemoryBuilder {
    stages: usize,
    diff: Vec<i64>,
    weights: Vec<u64>,
}

impl MemoryBuilder {
    pub fn new(devices: usize, stages: usize) -> MemoryBuilder {
        let stages = stages.max(1);
        MemoryBuilder {
            stages,
            diff: vec![0; devices * (stages + 1)],
            weights: vec![0; devices],
        }
    }

    pub fn add(&mut self, l: &Live) {
        let row = l.device as usize * (self.stages + 1);
        self.diff[row + l.first as usize] += to_i64(l.bytes);
        self.diff[row + l.last as usize + 1] -= to_i64(l.bytes);
        if l.weight {
            self.weights[l.device as usize] += l.bytes;
        }
    }

    pub fn finish(self) -> Memory {
        let stages = self.stages;
        let devices = self.weights.len();
        let mut values = Vec::with_capacity(devices * stages);
        let mut peaks = Vec::with_capacity(devices);
        for row in self.diff.chunks(stages + 1) {
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
            weights: self.weights,
            merged: vec![0; devices],
        }
    }
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
    /// Scratch for [`Memory::merge`]: bytes per device, all zero between calls.
    merged: Vec<u64>,
}

impl Memory {
    fn trees(&mut self) -> &mut [MaxTree] {
        if self.trees.is_empty() && !self.peaks.is_empty() {
            self.trees = self.values.chunks(self.stages).map(MaxTree::new).collect();
            self.values = Vec::new();
        }
        &mut self.trees
    }

    /// Merges intervals with the same device, stages and kind into `out` (summing bytes), so that a block of
    /// thousands of transfers costs at most one tree update per device and stage range. Leaves `lives` in an
    /// unspecified order.
    pub fn merge(&mut self, lives: &mut [Live], out: &mut Vec<Live>) {
        let mut rest = lives;
        while let Some(&key) = rest.first() {
            // Move every interval with `key`'s stages and kind to the front, summing bytes per device.
            let mut same = 0;
            for i in 0..rest.len() {
                let l = rest[i];
                if (l.first, l.last, l.weight) == (key.first, key.last, key.weight) {
                    self.merged[l.device as usize] += l.bytes;
                    rest.swap(i, same);
                    same += 1;
                }
            }
            for l in &rest[..same] {
                let bytes = std::mem::take(&mut self.merged[l.device as usize]);
                if bytes > 0 {
                    out.push(Live { bytes, ..*l });
                }
            }
            rest = &mut rest[same..];
        }
    }

    /// Applies the sum of `changes`. Changes of the same device, stages and kind are summed first, so that
    /// buffers removed and added back (an op moved to a configuration with the same per-device footprint)
    /// cost nothing, and the trees are updated device by device. Leaves the non-zero sums in `changes`: what
    /// [`Memory::revert`] takes to undo them.
    pub fn apply(&mut self, changes: &mut Vec<Change>) {
        changes.sort_unstable_by_key(Change::key);
        changes.dedup_by(|c, kept| {
            let same = c.key() == kept.key();
            if same {
                kept.bytes += c.bytes;
            }
            same
        });
        changes.retain(|c| c.bytes != 0);
        self.add(changes, 1);
    }

    /// Undoes [`Memory::apply`] of `changes` (as it left them).
    pub fn revert(&mut self, changes: &[Change]) {
        self.add(changes, -1);
    }

    fn add(&mut self, changes: &[Change], sign: i64) {
        self.trees();
        for c in changes {
            let delta = sign * c.bytes;
            self.trees[c.device as usize].add(c.first as usize, c.last as usize, delta);
            if c.weight {
                let w = &mut self.weights[c.device as usize];
                *w = w.wrapping_add_signed(delta);
            }
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

/// Range add, global max over a fixed array: a bottom-up segment tree over `size` (a power of two) leaves at
/// `size..2*size`. `max[node]` is the max of its subtree including every add applied at the node or below;
/// `pending[node]` is the add applied to the node's whole subtree. Padding leaves hold `i64::MIN / 2`.
#[derive(Clone, Debug)]
struct MaxTree {
    size: usize,
    max: Vec<i64>,
    pending: Vec<i64>,
}

const PAD: i64 = i64::MIN / 2;

impl MaxTree {
    fn new(values: &[i64]) -> MaxTree {
        let size = values.len().next_power_of_two();
        let mut max = vec![PAD; 2 * size];
        max[size..size + values.len()].copy_from_slice(values);
        for node in (1..size).rev() {
            max[node] = max[2 * node].max(max[2 * node + 1]);
        }
        MaxTree {
            size,
            max,
            pending: vec![0; size],
        }
    }

    /// Adds `v` to every element of `[l, r]`.
    fn add(&mut self, l: usize, r: usize, v: i64) {
        let (mut lo, mut hi) = (l + self.size, r + self.size + 1);
        let (first, last) = (lo, hi - 1);
        while lo < hi {
            if lo & 1 == 1 {
                self.apply(lo, v);
                lo += 1;
            }
            if hi & 1 == 1 {
                hi -= 1;
                self.apply(hi, v);
            }
            lo >>= 1;
            hi >>= 1;
        }
        self.pull(first, last);
    }

    fn apply(&mut self, node: usize, v: i64) {
        self.max[node] += v;
        if node < self.size {
            self.pending[node] += v;
        }
    }

    /// Recomputes the ancestors of leaves `a` and `b` (`a <= b`), bottom-up, those they share once.
    fn pull(&mut self, mut a: usize, mut b: usize) {
        a >>= 1;
        b >>= 1;
        while a != b {
            self.recompute(a);
            self.recompute(b);
            a >>= 1;
            b >>= 1;
        }
        while a >= 1 {
            self.recompute(a);
            a >>= 1;
        }
    }

    fn recompute(&mut self, node: usize) {
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
        let mut mem = MemoryBuilder::new(3, stages).finish();
        for step in 0..2000 {
            if !lives.is_empty() && rng.random_bool(0.4) {
                let l = lives.swap_remove(rng.random_range(0..lives.len()));
                mem.apply(&mut vec![Change::new(&l, false)]);
            } else {
                let first = rng.random_range(0..stages as u32);
                let l = Live {
                    device: rng.random_range(0..3),
                    first,
                    last: rng.random_range(first..stages as u32),
                    bytes: rng.random_range(1..1_000_000),
                    weight: rng.random_bool(0.2),
                };
                let mut added = vec![Change::new(&l, true)];
                mem.apply(&mut added);
                lives.push(l);
                if step % 5 == 0 {
                    // Undone and redone: no change.
                    mem.revert(&added);
                    mem.apply(&mut added);
                }
            }
            if step % 97 == 0 {
                let mut builder = MemoryBuilder::new(3, stages);
                lives.iter().for_each(|l| builder.add(l));
                let fresh = builder.finish();
                let mut merged = MemoryBuilder::new(3, stages).finish();
                let mut coalesced = Vec::new();
                merged.merge(&mut lives.clone(), &mut coalesced);
                assert!(coalesced.len() <= lives.len());
                merged.apply(&mut coalesced.iter().map(|l| Change::new(l, true)).collect());
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
                    assert_eq!(merged.peak(d), naive);
                    assert_eq!(mem.weights(d), fresh.weights(d));
                }
            }
        }
    }
}
