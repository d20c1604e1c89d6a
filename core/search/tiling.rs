//! SoyBean-style tiling (Wang et al., "Unifying Data, Model and Hybrid Parallelism in Deep Learning via Tensor
//! Tiling", 2018): `k` recursive binary cuts of `2^k` devices (docs/design.md §6).
//!
//! Cut `l` (from 0) halves every device group of the previous cut: it separates device bit `k-1-l`, so the
//! first cut runs between the two halves of the machine (across nodes when there are several) and the last
//! between neighbouring devices. Each cut chooses, for every op, a loop dim to halve or *none*. Without
//! replication, *none* keeps the whole current tile of the op in the lower half of each group (the upper half
//! idles for that op); SoyBean's "replicate" has no counterpart. Splittable dims are the parallel ones and the
//! reduction dims of contractions (partial sums, summed by the consumer's transfers).
//!
//! The cost of a cut is additive, so an exact dynamic program ([`super::minsum`]) over the whole graph picks
//! all ops' choices at once (SoyBean's DP over the graph; with at most `dims + 1` choices per op the tables
//! stay tiny). Every op is modelled as its current tile, a box from the origin of the sizes left after the
//! earlier cuts:
//! - **op term**: the tile's forward plus backward time after this cut (halved by a split, whole under
//!   *none*), plus, in training, the all-reduce of the weight tile the two halves both hold when the split dim
//!   does not index that weight (`bytes / bandwidth + 2 latency`, a ring of two);
//! - **edge term**: the bytes each half of the consumer reads from what the other half of the producer
//!   wrote, over the cut's bandwidth (the slower direction), doubled in training for the gradient. A producer
//!   whose reduction dims earlier cuts split holds that many partial sums of every output point, and the
//!   simulator sends each of them to the consumer, so the volume is multiplied by their number.
//!
//! Approximation: tiles of different ops are compared in one frame (each from the origin), as if every earlier
//! cut had split producer and consumer alike; the exchange an earlier mismatch causes was charged at that cut.
//! Cuts are optimized one after the other (greedy across levels, exact within one). With more devices than a
//! power of two, the first `2^floor(log2 n)` are used. Every prefix of the cuts (down to none: the whole graph
//! on device 0) is then simulated and the fastest that fits memory is returned, so the additive model's
//! misjudgements (latency-bound small models) never make the tiling slower than one device. If a cut's table were too large (it cannot be for
//! ordinary DNN graphs) the cut falls back to a greedy pass in program order. The result is scored by the full
//! simulator.
//!
//! Deadline: checked before every cut and every scored prefix; when it passes, the cuts made so far are scored
//! (the empty prefix, everything on device 0, is always scored).

use std::time::Instant;

use super::additive::{overlap, Additive};
use super::minsum::{self, Problem, Unsolved};
use super::{simulate, Deadline, Details, Found, SearchError, StopReason};
use crate::cost::CostModel;
use crate::graph::{DeviceId, Graph, Interval, Mode, Op, OpClass, OpId, TensorKind};
use crate::machine::Machine;
use crate::strategy::{Config, Strategy};

/// What one cut decided.
#[derive(Clone, Debug, PartialEq)]
pub struct CutStats {
    /// Bandwidth across the cut (device 0 to the first device of the other half), bytes/s.
    pub bandwidth: f64,
    /// The cut's additive cost after optimization, seconds.
    pub predicted_s: f64,
    /// Ops the cut splits (the others stay whole in the lower half).
    pub split_ops: usize,
    /// Whether the cut fell back to the greedy pass.
    pub greedy: bool,
}

/// What the tiling did ([`Details::Tiling`] of its [`Found`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TilingStats {
    /// Devices tiled over (`2^cuts`).
    pub devices: u32,
    /// Every cut, in order.
    pub cuts: Vec<CutStats>,
    /// How many of the cuts `strategy` applies (the fastest prefix under the simulator).
    pub used_cuts: usize,
}

/// Most table entries per cut before the greedy fallback.
const MAX_WORK: u64 = 1 << 22;

/// Tiles every op over the largest power of two of the machine's devices (module doc); stops cutting when
/// `deadline` passes.
pub fn soybean_tiling(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    deadline: Deadline,
) -> Result<Found, SearchError> {
    let t0 = Instant::now();
    let model = Additive {
        graph,
        machine,
        cost,
        mode,
    };
    let n = machine.num_devices().max(1);
    let k = 31 - n.leading_zeros();
    let n_ops = graph.num_ops();
    // Parts per loop dim so far, and the dim each cut split (None: kept whole).
    let mut degrees: Vec<Vec<u64>> = graph
        .ops()
        .iter()
        .map(|op| vec![1; op.dims.len()])
        .collect();
    let mut splits: Vec<Vec<Option<usize>>> = vec![Vec::with_capacity(k as usize); n_ops];
    let mut cuts = Vec::with_capacity(k as usize);
    let mut stop = StopReason::Exact;
    for level in 0..k {
        if deadline.expired() {
            stop = StopReason::Time;
            break;
        }
        let route = machine.route(DeviceId(0), DeviceId(1 << (k - 1 - level)));
        let choices: Vec<Vec<Option<usize>>> = graph
            .ops()
            .iter()
            .zip(&degrees)
            .map(|(op, deg)| choices(op, deg))
            .collect();
        let mut p = Problem::new(choices.iter().map(Vec::len).collect());
        for (o, cs) in choices.iter().enumerate() {
            let id = OpId::new(o);
            p.unary[o] = cs
                .iter()
                .map(|&c| op_term(&model, id, &degrees[o], c, route.bandwidth, route.latency_s))
                .collect();
        }
        for e in graph.edges() {
            let (u, v) = (e.producer.index(), e.consumer.index());
            let (pop, cop) = (graph.op(e.producer), graph.op(e.consumer));
            let shape = &graph.tensor(e.tensor).shape;
            let elem = graph.tensor(e.tensor).dtype.size_bytes();
            let regions =
                |op: &Op, deg: &[u64], c: Option<usize>, access: &crate::graph::Access| {
                    halves(op, deg, c).map(|b| b.map(|loops| access.region(&loops, shape)))
                };
            // Partial sums the producer already holds per output point: the simulator sends each one.
            let partials: u64 = pop
                .dims
                .iter()
                .zip(&degrees[u])
                .filter(|(d, _)| !d.role.is_parallel())
                .map(|(_, &g)| g)
                .product();
            let mut m = Vec::with_capacity(choices[u].len() * choices[v].len());
            for &cu in &choices[u] {
                let prod = regions(pop, &degrees[u], cu, &pop.outputs[e.output]);
                for &cv in &choices[v] {
                    let cons = regions(cop, &degrees[v], cv, &cop.inputs[e.input]);
                    let mut worst = 0u64;
                    for h in 0..2 {
                        if let (Some(c), Some(p)) = (&cons[h], &prod[1 - h]) {
                            worst = worst.max(overlap(c, p) * partials);
                        }
                    }
                    let t = if worst == 0 {
                        0.0
                    } else {
                        (worst * elem) as f64 / route.bandwidth + route.latency_s
                    };
                    m.push(if mode.has_backward() { 2.0 * t } else { t });
                }
            }
            p.add_pair(u, v, &m);
        }
        let (choice, predicted, greedy) = match minsum::solve(&p, MAX_WORK, deadline) {
            Ok((choice, cost, _)) => (choice, cost, false),
            Err(Unsolved::Expired) => {
                stop = StopReason::Time;
                break;
            }
            Err(Unsolved::TooLarge(_)) => {
                let choice = greedy(&p);
                let cost = p.cost(&choice);
                (choice, cost, true)
            }
        };
        let mut split_ops = 0;
        for (o, &c) in choice.iter().enumerate() {
            let dim = choices[o][c];
            if let Some(d) = dim {
                degrees[o][d] *= 2;
                split_ops += 1;
            }
            splits[o].push(dim);
        }
        cuts.push(CutStats {
            bandwidth: route.bandwidth,
            predicted_s: predicted,
            split_ops,
            greedy,
        });
    }
    // Score every prefix of the cuts (none: everything on device 0) and keep the fastest that fits memory.
    let mut best: Option<(bool, f64, usize, Strategy, Vec<u64>)> = None;
    for used in 0..=cuts.len() {
        if used > 0 && deadline.expired() {
            stop = StopReason::Time;
            break;
        }
        let configs = graph
            .ops()
            .iter()
            .zip(&splits)
            .map(|(op, levels)| config(op, &levels[..used], k))
            .collect();
        let sim = simulate(graph, machine, cost, mode, Strategy::flat(configs))?;
        let key = (!sim.fits_memory(), sim.iteration_time());
        if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
            best = Some((
                key.0,
                key.1,
                used,
                sim.strategy().clone(),
                sim.peak_memories(),
            ));
        }
    }
    // The empty prefix is always scored, so `best` is set.
    let (over, time, used, strategy, peak_memory) =
        best.ok_or_else(|| SearchError::InvalidOptions("tiling scored no strategy".into()))?;
    Ok(Found {
        iteration_time_s: time,
        fits_memory: !over,
        strategy,
        peak_memory,
        found_by: "soybean".into(),
        stop,
        proposals: 0,
        wall_s: t0.elapsed().as_secs_f64(),
        details: Details::Tiling(TilingStats {
            devices: 1 << k,
            used_cuts: used,
            cuts,
        }),
    })
}

/// The choices of a cut for an op: none, then every splittable dim whose current tile is even.
fn choices(op: &Op, degrees: &[u64]) -> Vec<Option<usize>> {
    let mut out = vec![None];
    for (d, dim) in op.dims.iter().enumerate() {
        let splittable =
            op.is_partitionable() && (dim.role.is_parallel() || op.class == OpClass::Contraction);
        let tile = dim.size / degrees[d];
        if splittable && tile % 2 == 0 {
            out.push(Some(d));
        }
    }
    out
}

/// The loop boxes of the two halves of an op's current tile under a choice; `None` for a half without work.
fn halves(op: &Op, degrees: &[u64], choice: Option<usize>) -> [Option<Vec<Interval>>; 2] {
    let tile: Vec<Interval> = op
        .dims
        .iter()
        .zip(degrees)
        .map(|(d, &g)| Interval::new(0, d.size / g))
        .collect();
    match choice {
        None => [Some(tile), None],
        Some(d) => {
            let half = tile[d].hi / 2;
            let mut lo = tile.clone();
            lo[d] = Interval::new(0, half);
            let mut hi = tile;
            hi[d] = Interval::new(half, 2 * half);
            [Some(lo), Some(hi)]
        }
    }
}

/// The op term of the module doc.
fn op_term(
    model: &Additive,
    id: OpId,
    degrees: &[u64],
    choice: Option<usize>,
    bandwidth: f64,
    latency: f64,
) -> f64 {
    let op = model.graph.op(id);
    let [Some(lower), _] = halves(op, degrees, choice) else {
        return 0.0;
    };
    let extents: Vec<u64> = lower.iter().map(|r| r.len()).collect();
    let mut t = model.task_time(op, &extents, &lower);
    if let (Some(d), true) = (choice, model.mode.has_backward()) {
        for a in &op.inputs {
            let tensor = model.graph.tensor(a.tensor);
            let indexes = a.exprs.iter().any(|e| e.terms.iter().any(|&(x, _)| x == d));
            if tensor.kind == TensorKind::Weight && !indexes {
                let bytes = crate::graph::volume(&a.region(&lower, &tensor.shape))
                    * tensor.dtype.size_bytes();
                if bytes > 0 {
                    t += bytes as f64 / bandwidth + 2.0 * latency;
                }
            }
        }
    }
    t
}

/// Program-order greedy assignment: each vertex takes the choice of least unary cost plus pair costs to the
/// vertices already assigned.
fn greedy(p: &Problem) -> Vec<usize> {
    let n = p.k.len();
    let mut choice = vec![0usize; n];
    for v in 0..n {
        let mut best = (f64::INFINITY, 0);
        for c in 0..p.k[v] {
            let mut cost = p.unary[v][c];
            for (&(a, b), m) in p.pair.range((0, 0)..) {
                if b == v && a < v {
                    cost += m[choice[a] * p.k[v] + c];
                } else if a == v && b < v {
                    cost += m[c * p.k[b] + choice[b]];
                }
            }
            if cost < best.0 {
                best = (cost, c);
            }
        }
        choice[v] = best.1;
    }
    choice
}

/// The configuration of an op from its per-cut choices: cut `l` that split dim `d` contributes the next bit of
/// `d`'s task coordinate (first cut most significant) and device bit `k-1-l`.
fn config(op: &Op, levels: &[Option<usize>], k: u32) -> Config {
    let mut degrees = vec![1u64; op.dims.len()];
    for &d in levels.iter().flatten() {
        degrees[d] *= 2;
    }
    let tasks: u64 = degrees.iter().product();
    let mut devices = Vec::with_capacity(tasks as usize);
    let mut coord = vec![0u64; degrees.len()];
    for t in 0..tasks {
        if t > 0 {
            crate::strategy::next_coordinate(&mut coord, &degrees);
        }
        let mut seen = vec![0u32; degrees.len()];
        let mut device = 0u32;
        for (l, &c) in levels.iter().enumerate() {
            if let Some(d) = c {
                let m = degrees[d].trailing_zeros();
                let bit = (coord[d] >> (m - 1 - seen[d])) & 1;
                seen[d] += 1;
                device |= (bit as u32) << (k - 1 - l as u32);
            }
        }
        devices.push(DeviceId(device));
    }
    Config { degrees, devices }
}
