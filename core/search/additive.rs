//! The additive cost model of the dynamic-programming searches (PaSE, SoyBean's cuts): a strategy's cost is a
//! sum of per-op terms and per-edge terms, which is what makes an exact dynamic program possible.
//!
//! - **Op term** of a configuration: the busiest device's compute, `max_device Σ_tasks (forward + backward)`
//!   with task times from the [`CostModel`] exactly as the simulator computes them, plus weight
//!   synchronization in training: for every weight, tasks reading the same region of it on several devices
//!   form a ring all-reduce (the simulator's formula); groups of one weight run concurrently (the slowest
//!   counts), different weights add up.
//! - **Edge term** of a (producer, consumer) configuration pair: every producer task whose output region
//!   intersects a consumer task's input region on another device sends the intersection
//!   (`bytes / route bandwidth + latency`); the term is the largest total any one device sends or receives
//!   (transfers to different devices overlap, as on separate links), doubled in training for the gradient
//!   that flows back the same way.
//!
//! What it leaves out, and the full simulation of the result accounts for: overlap of communication with
//! computation, contention of different edges and all-reduces for shared links, and the critical path (the
//! model sums every op, as if no two ops ran at the same time). It also ignores memory.

use crate::cost::{CostModel, Work};
use crate::graph::{Access, DeviceId, Edge, Graph, Interval, Mode, Op, OpClass, OpId, TensorKind};
use crate::machine::Machine;
use crate::strategy::Config;

/// Cost terms for one graph on one machine.
pub(crate) struct Additive<'a> {
    pub graph: &'a Graph,
    pub machine: &'a Machine,
    pub cost: &'a CostModel,
    pub mode: Mode,
}

/// The region of `access` for every task of `config`, flattened `tasks × rank`.
pub(crate) fn task_regions(
    graph: &Graph,
    op: &Op,
    config: &Config,
    access: &Access,
) -> Vec<Interval> {
    let shape = &graph.tensor(access.tensor).shape;
    let mut loops = Vec::with_capacity(op.dims.len());
    let mut out = Vec::with_capacity(config.num_tasks() * shape.len());
    for t in 0..config.num_tasks() {
        loops.clear();
        config.task_ranges_into(op, t, &mut loops);
        access.region_into(&loops, shape, &mut out);
    }
    out
}

/// Elements in the intersection of two boxes.
pub(crate) fn overlap(a: &[Interval], b: &[Interval]) -> u64 {
    let mut v = 1u64;
    for (x, y) in a.iter().zip(b) {
        let l = x.intersect(*y).len();
        if l == 0 {
            return 0;
        }
        v *= l;
    }
    v
}

impl<'a> Additive<'a> {
    /// Forward plus backward time of one task of `op` whose loop box is `loops`.
    pub fn task_time(&self, op: &Op, extents: &[u64], loops: &[Interval]) -> f64 {
        let mut bytes = 0u64;
        let mut region = Vec::new();
        for a in op.accesses() {
            let t = self.graph.tensor(a.tensor);
            region.clear();
            a.region_into(loops, &t.shape, &mut region);
            bytes += crate::graph::volume(&region) * t.dtype.size_bytes();
        }
        let fwd = Work {
            flops: op.flops * extents.iter().product::<u64>() as f64 / op.volume().max(1) as f64,
            bytes: bytes as f64,
        };
        let bwd = fwd.scaled(self.mode.backward_factor(self.graph, op));
        let times = self.cost.task_times(op, extents, fwd, bwd);
        times.forward_s + times.backward_s
    }

    /// Busiest device's compute time under `config`.
    pub fn compute_s(&self, id: OpId, config: &Config) -> f64 {
        let op = self.graph.op(id);
        let n = config.num_tasks();
        let extents = config.task_extents(op);
        let measured = self.cost.measurement(op, &extents);
        let bwd_factor = self.mode.backward_factor(self.graph, op);
        let flops = op.flops / n.max(1) as f64;
        let mut per_device: Vec<(DeviceId, f64)> = Vec::with_capacity(n);
        let mut loops = Vec::new();
        let mut region = Vec::new();
        for t in 0..n {
            loops.clear();
            config.task_ranges_into(op, t, &mut loops);
            let mut bytes = 0u64;
            for a in op.accesses() {
                let tensor = self.graph.tensor(a.tensor);
                region.clear();
                a.region_into(&loops, &tensor.shape, &mut region);
                bytes += crate::graph::volume(&region) * tensor.dtype.size_bytes();
            }
            let fwd = Work {
                flops,
                bytes: bytes as f64,
            };
            let times = self
                .cost
                .task_times_with(measured, op, fwd, fwd.scaled(bwd_factor));
            per_device.push((config.devices[t], times.forward_s + times.backward_s));
        }
        per_device.sort_unstable_by_key(|&(d, _)| d);
        per_device
            .chunk_by(|a, b| a.0 == b.0)
            .map(|g| g.iter().map(|&(_, s)| s).sum::<f64>())
            .fold(0.0, f64::max)
    }

    /// Weight-gradient synchronization time under `config` (0 in inference).
    pub fn sync_s(&self, id: OpId, config: &Config) -> f64 {
        if !self.mode.has_backward() {
            return 0.0;
        }
        let op = self.graph.op(id);
        let mut total = 0.0;
        for access in &op.inputs {
            let tensor = self.graph.tensor(access.tensor);
            if tensor.kind != TensorKind::Weight {
                continue;
            }
            let rank = tensor.shape.len();
            let regions = task_regions(self.graph, op, config, access);
            let mut by_region: Vec<(&[Interval], DeviceId)> = (0..config.num_tasks())
                .map(|t| (&regions[t * rank..(t + 1) * rank], config.devices[t]))
                .collect();
            by_region.sort_unstable();
            let mut slowest = 0.0f64;
            for group in by_region.chunk_by(|a, b| a.0 == b.0) {
                let mut ring: Vec<DeviceId> = group.iter().map(|&(_, d)| d).collect();
                ring.dedup();
                let bytes = crate::graph::volume(group[0].0) * tensor.dtype.size_bytes();
                if ring.len() < 2 || bytes == 0 {
                    continue;
                }
                let m = ring.len();
                let (mut bw, mut latency) = (f64::INFINITY, 0.0f64);
                for i in 0..m {
                    let route = self.machine.route(ring[i], ring[(i + 1) % m]);
                    bw = bw.min(route.bandwidth);
                    latency = latency.max(route.latency_s);
                }
                let steps = 2.0 * (m as f64 - 1.0);
                slowest = slowest.max(steps / m as f64 * bytes as f64 / bw + steps * latency);
            }
            total += slowest;
        }
        total
    }

    /// The op term: compute plus weight synchronization.
    pub fn op_s(&self, id: OpId, config: &Config) -> f64 {
        self.compute_s(id, config) + self.sync_s(id, config)
    }

    /// Edge terms for every pair of producer and consumer candidates, row-major `producer × consumer`.
    pub fn edge_matrix(&self, edge: &Edge, producers: &[Config], consumers: &[Config]) -> Vec<f64> {
        let prod = self.graph.op(edge.producer);
        let cons = self.graph.op(edge.consumer);
        let tensor = self.graph.tensor(edge.tensor);
        let rank = tensor.shape.len();
        let elem = tensor.dtype.size_bytes();
        let p_regions: Vec<Vec<Interval>> = producers
            .iter()
            .map(|c| task_regions(self.graph, prod, c, &prod.outputs[edge.output]))
            .collect();
        let c_regions: Vec<Vec<Interval>> = consumers
            .iter()
            .map(|c| task_regions(self.graph, cons, c, &cons.inputs[edge.input]))
            .collect();
        let n_dev = self.machine.num_devices() as usize;
        let mut send = vec![0.0f64; n_dev];
        let mut recv = vec![0.0f64; n_dev];
        let factor = if self.mode.has_backward() { 2.0 } else { 1.0 };
        let mut out = Vec::with_capacity(producers.len() * consumers.len());
        for (pc, pr) in producers.iter().zip(&p_regions) {
            for (cc, cr) in consumers.iter().zip(&c_regions) {
                send.iter_mut().for_each(|x| *x = 0.0);
                recv.iter_mut().for_each(|x| *x = 0.0);
                let mut any = false;
                for (c, &cd) in cc.devices.iter().enumerate() {
                    let cbox = &cr[c * rank..(c + 1) * rank];
                    for (p, &pd) in pc.devices.iter().enumerate() {
                        if pd == cd {
                            continue;
                        }
                        let v = overlap(&pr[p * rank..(p + 1) * rank], cbox);
                        if v == 0 {
                            continue;
                        }
                        let t = self.machine.route(pd, cd).transfer_time(v * elem);
                        send[pd.index()] += t;
                        recv[cd.index()] += t;
                        any = true;
                    }
                }
                let worst = if any {
                    send.iter().chain(&recv).copied().fold(0.0, f64::max)
                } else {
                    0.0
                };
                out.push(factor * worst);
            }
        }
        out
    }
}

/// Candidate configurations of an op for the dynamic program over `n` devices, in priority order (a caller
/// that must shrink the set keeps a prefix):
/// 1. the whole op on device 0;
/// 2. the sample dim alone, `gcd(size, n)` ways (data parallelism);
/// 3. every other splittable dim alone, `gcd(size, n)` ways;
/// 4. the sample dim with one other splittable dim, `a × n/a` for every factorization with both parts
///    above 1 that divide their sizes;
/// 5. two non-sample splittable dims the same way.
///
/// Splittable dims are the parallel ones, plus reduction dims of contractions (row-parallel layers). Tasks go
/// to devices `0..tasks`, the first split dim most significant. Duplicates are removed.
pub(crate) fn candidates(op: &Op, n: u32) -> Vec<Config> {
    use crate::baselines::{gcd, grid};
    use crate::graph::Role;
    let n = u64::from(n.max(1));
    let splittable: Vec<usize> = op
        .dims
        .iter()
        .enumerate()
        .filter(|(_, d)| {
            op.is_partitionable()
                && d.size > 1
                && (d.role.is_parallel() || op.class == OpClass::Contraction)
        })
        .map(|(i, _)| i)
        .collect();
    let sample = op
        .first_dim(Role::Sample)
        .filter(|s| splittable.contains(s));
    let others: Vec<usize> = splittable
        .iter()
        .copied()
        .filter(|&d| Some(d) != sample)
        .collect();
    let mut out = vec![Config::single(op, DeviceId(0))];
    let mut push = |c: Config| {
        if c.num_tasks() > 1 && !out.contains(&c) {
            out.push(c);
        }
    };
    if let Some(s) = sample {
        push(grid(op, &[(s, n)]));
    }
    for &d in &others {
        push(grid(op, &[(d, n)]));
    }
    let factorizations: Vec<u64> = crate::strategy::divisors(n)
        .into_iter()
        .filter(|&a| a > 1 && a < n)
        .collect();
    let fits = |d: usize, a: u64| op.dims[d].size % a == 0 && gcd(op.dims[d].size, a) == a;
    if let Some(s) = sample {
        for &d in &others {
            for &a in &factorizations {
                if fits(s, a) && fits(d, n / a) {
                    push(grid(op, &[(s, a), (d, n / a)]));
                }
            }
        }
    }
    for (i, &d) in others.iter().enumerate() {
        for &e in &others[i + 1..] {
            for &a in &factorizations {
                if fits(d, a) && fits(e, n / a) {
                    push(grid(op, &[(d, a), (e, n / a)]));
                }
            }
        }
    }
    out
}
