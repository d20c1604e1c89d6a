//! Context parallelism: each attention's sequence split over devices that share their samples.
//!
//! A scheduled strategy's `cp=C` ([`ContextParallel`], a dimension of the schedule's ways:
//! [`crate::schedule::dimension`]) runs every sample on
//! `C` devices, each holding `s / C` of its positions, as Megatron-Core's `--context-parallel-size`
//! does. Every token-wise op (projections, norms, the MLP, the loss) sees `s / C` tokens; the attention
//! of a device's queries needs every key and value of the sequence, which travel around a ring of the
//! `C` devices (Megatron's `attn_mask_type`-aware ring attention, after Liu et al. 2023's Ring
//! Attention): in `C` steps each device computes its queries against the key/value block it holds,
//! while it sends that block to its successor and receives the next one. Under a causal mask the
//! sequence is cut into `2·C` chunks, device `i` holding chunks `i` and `2C − 1 − i`, so every device
//! has the same share of the causal work (the *causal load balance*); so `C` divides the sequence, and
//! `2·C` does under a causal mask ([`check_context_parallel`]).
//!
//! # Layout
//! Megatron-Core orders its ranks `tp, cp, dp, pp` and reduces the gradients over the combined data-
//! and context-parallel group (every CP rank holds all the weights and computes gradients from its
//! tokens). Here the `C` ranks of a context-parallel group are `C` consecutive replicas of the
//! schedule: `replicas = dp · C` copies of the weights, the gradients reduced and ZeRO's state sharded
//! over all of them, the batch cut over `dp` only ([`crate::schedule::Schedule::batch_replicas`]). The
//! devices are `tp · pp · dp · C`.
//!
//! # Price (closed form, [`ContextParallel`]'s `price_stage` and `price_memory`, in the pipeline model)
//! The stages are simulated on the micro-batch graph at the whole sequence; context parallelism then
//! changes, per device:
//! - **compute and activations**: divided by `C`. The token-wise ops see `s / C` tokens; with the causal
//!   load balance each device computes `1/C` of the attention's (causal) score tiles, the same work as
//!   a `1/C` share of the samples. Kernel launches are not divided: a pass is its simulated time less
//!   one launch per op on the busiest device, over `C`, plus those launches (a derived backward
//!   launching twice per forward op). The activations kept for the backward, an op's working set and the
//!   activations sent between pipeline stages are token-wise, so divided by `C` too.
//! - **the ring** ([`exchanges`], [`ring_step_s`], [`exposed_s`]): per attention and micro-batch,
//!   `C − 1` steps each send the device's key and value blocks (`K` and `V` at `s / C` positions, the
//!   device's share under its tensor-parallel split) to the next device of the ring, overlapped with
//!   the attention tiles of one step (the device's attention time over `C`); a step exposes only what
//!   its transfer takes beyond that compute. The backward sends the key/value blocks again and their
//!   gradients (twice the bytes) overlapped with the backward's tiles. Each device also holds a second
//!   key/value block (the one in flight).
//! - **weights**: unchanged (replicated over the context-parallel ranks); their gradients are reduced
//!   over `dp · C` replicas. Every device still reads each op's weights whole, however few tokens it
//!   computes: an op takes at least that read at the memory roofline, and what the reads exceed of the
//!   divided times is added back ([`weight_floor_s`]; a mixture-of-experts layer without expert
//!   parallelism reads every expert's weights for `1/C` of the tokens: GPT-OSS-120B at `tp=2, cp=4`
//!   on H100, 18.0 → 22.6 ms per micro-batch's first-stage forward).
//!
//! The trainer exports write `cp` as this ring (Megatron-LM's `--cp-comm-type p2p`, torchtitan's
//! `alltoall` rotater, MaxText's `"ring"` strategy); the mesh exports refuse it (src/jax.rs).
//!
//! # Flat programs (the all-gather form)
//! The schedule's ring is priced only: `par-materialize` refuses `cp > 1` ([`ContextParallel`]'s
//! `unmaterialized`). What runs is the flat baseline [`crate::baselines::context_parallel`]
//! (`--strategy=context-parallel`): per-op configurations that split every op's loop over the query
//! (token) positions ([`query_loops`]) `gcd(s, n)` ways and keep each attention's key loop whole, so
//! the materializer's generic resharding gathers `K` and `V` on every device before the scores and
//! reduces the key and value gradients, partial sums over each device's queries, back to the token
//! split: Llama 3's all-gather form of context parallelism (Dubey et al. 2024), with the sequence cut
//! into contiguous blocks (no causal load balance) and the samples whole. The simulator prices it as
//! any flat strategy, op by op with its transfers, not in this module's closed form.
//!
//! Not modelled in the schedule: the all-gather form (it is the flat baseline's, above), the overlap
//! of the gradient reduction with a backward shortened by `C` (the stage simulation's exposed tail of
//! its synchronization is kept as it was at the whole sequence), kernel efficiency at the shorter
//! blocks, and context parallelism together with expert parallelism.

use std::any::Any;
use std::collections::{HashMap, HashSet};

use crate::config::Config;
use crate::graph::{AffineDim, DeviceId, Graph, OpId, Role, TensorId, TensorKind};
use crate::machine::Machine;
use crate::parallelism::{Dimension, Layout, PassTimes, StageBytes, StageView};

/// Context parallelism as a dimension of a schedule (module doc).
pub struct ContextParallel;

impl Dimension for ContextParallel {
    fn key(&self) -> &'static str {
        "cp"
    }

    fn field(&self) -> &'static str {
        "context_parallel"
    }

    fn noun(&self) -> &'static str {
        "context parallelism"
    }

    fn adjective(&self) -> &'static str {
        "context-parallel"
    }

    fn doc(&self) -> &'static str {
        "context parallelism: each attention's sequence split over cp devices that share their samples (cp divides the sequence, 2·cp under a causal mask; devices = tp · pp · dp · cp)"
    }

    fn layout(&self) -> Layout {
        Layout::SharingSamples
    }

    fn replicas_rule(&self) -> &'static str {
        "the sequence is split over consecutive replicas (replicas = dp · cp)"
    }

    fn check(&self, graph: &Graph, cp: u32, _dp: u32, _tp: u32) -> Result<(), String> {
        check_context_parallel(graph, cp).map(|_| ())
    }

    /// 1, and the powers of two up to the devices that the attentions' sequence takes (`2·cp` under a
    /// causal mask).
    fn candidates(&self, graph: &Graph, devices: u32) -> Vec<u32> {
        let sequence = sequence(graph).ok().flatten();
        std::iter::successors(Some(1u32), |&c| c.checked_mul(2))
            .take_while(|&c| c <= devices)
            .filter(|&c| {
                c == 1
                    || sequence.is_some_and(|s| {
                        let ways = u64::from(c) * if s.causal { 2 } else { 1 };
                        s.length % ways == 0
                    })
            })
            .collect()
    }

    fn unmaterialized(&self) -> Option<&'static str> {
        Some("device programs that split each attention's sequence over a ring are not materialized yet; simulate it with flexc --simulate (--strategy=context-parallel writes the flat all-gather form, which runs)")
    }

    /// The attentions of the graph and what their rings move ([`exchanges`]).
    fn analyze(&self, graph: &Graph) -> Box<dyn Any> {
        Box::new(exchanges(graph))
    }

    /// Every device computes `1/cp` of the stage at the whole sequence but its kernel launches
    /// ([`fixed_s`]), plus what its rings expose ([`ring_s`]); the synchronization's exposed tail is
    /// kept (module doc, "Price").
    fn price_stage(&self, cp: u32, view: &StageView, times: &mut PassTimes) {
        let share = 1.0 / f64::from(cp);
        let (ring_forward_s, ring_backward_s) = ring_s(cp, view);
        let sync_tail_s = (times.last_backward_s - times.backward_s).max(0.0);
        let (fixed_forward_s, fixed_backward_s) = fixed_s(view);
        let divided = |pass_s: f64, fixed_s: f64| {
            let fixed_s = fixed_s.min(pass_s);
            (pass_s - fixed_s) * share + fixed_s
        };
        let (floor_forward_s, floor_backward_s) = weight_floor_s(cp, view);
        times.forward_s =
            divided(times.forward_s, fixed_forward_s) + floor_forward_s + ring_forward_s;
        times.backward_s =
            divided(times.backward_s, fixed_backward_s) + floor_backward_s + ring_backward_s;
        times.last_backward_s = times.backward_s + sync_tail_s;
        times.share = share;
    }

    /// The activations are token-wise, `s / cp` tokens each, and a device holds the key/value block
    /// in flight besides its own.
    fn price_memory(&self, cp: u32, view: &StageView, bytes: &mut StageBytes) {
        let ring_buffer = blocks(cp, view)
            .iter()
            .map(|(b, _)| 2 * b)
            .max()
            .unwrap_or(0);
        let cp = u64::from(cp);
        bytes.kept /= cp;
        bytes.transient = bytes.transient / cp + ring_buffer;
    }
}

/// Per attention whose scores the stage computes, the key and value bytes one device holds at its
/// `s / cp` positions (one ring step's send), and the indices in the stage's ops of the attention's
/// ops.
fn blocks(cp: u32, view: &StageView) -> Vec<(u64, Vec<usize>)> {
    let attentions = view
        .analysis
        .downcast_ref::<Vec<Exchange>>()
        .expect("ContextParallel::analyze");
    let index: HashMap<OpId, usize> = view.ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    attentions
        .iter()
        .filter(|e| index.contains_key(&e.scores.0))
        .map(|e| {
            let ((s, k), (v, j)) = (e.scores, e.values);
            let bytes = operand_bytes(view.graph, s, k, &view.configs[s.index()])
                + operand_bytes(view.graph, v, j, &view.configs[v.index()]);
            let ops = e.ops.iter().filter_map(|o| index.get(o).copied()).collect();
            (bytes / u64::from(cp), ops)
        })
        .collect()
}

/// Seconds the rings of a stage's attentions expose per micro-batch, forward and backward (module
/// doc, "Price"): per attention, `cp − 1` steps sending its key/value block around the ring of the
/// view's members, overlapped with the device's attention time over `cp` steps; the backward sends
/// twice the bytes (the blocks and their gradients) beside the backward's attention time.
fn ring_s(cp: u32, view: &StageView) -> (f64, f64) {
    let share = 1.0 / f64::from(cp);
    let task_s = |i: usize| view.forward_task_s[i].iter().copied().fold(0.0, f64::max);
    let (mut forward, mut backward) = (0.0, 0.0);
    for (bytes, ops) in blocks(cp, view) {
        let (mut compute_f, mut compute_b) = (0.0, 0.0);
        for &i in &ops {
            if (view.is_forward)(view.ops[i]) {
                compute_f += task_s(i);
                if view.mode.has_backward() {
                    compute_b +=
                        task_s(i) * view.mode.backward_factor(view.stage, &view.stage.ops()[i]);
                }
            } else {
                compute_b += task_s(i);
            }
        }
        let step_f = ring_step_s(view.machine, &view.members, bytes);
        let step_b = ring_step_s(view.machine, &view.members, 2 * bytes);
        forward += exposed_s(cp, step_f, compute_f * share);
        if view.backward() {
            backward += exposed_s(cp, step_b, compute_b * share);
        }
    }
    (forward, backward)
}

/// What the weights' reads add to a stage's divided passes (module doc, "Price"): every device of
/// the ring reads each op's weights whole however few tokens it computes, so an op takes at least
/// that read at the GPU's memory roofline. Per op and device, the excess of the read over the op's
/// divided forward time (`(t − launch) / cp`), summed over the ops of the busiest device: forward
/// ops in the forward pass, explicit backward ops in the backward; a derived backward reads the
/// weights once and writes their gradients (twice the bytes) beside its divided time.
fn weight_floor_s(cp: u32, view: &StageView) -> (f64, f64) {
    let share = 1.0 / f64::from(cp);
    let gpu = &view.machine.gpu;
    let rate = gpu.mem_bandwidth * gpu.efficiency.memory;
    if rate <= 0.0 {
        return (0.0, 0.0);
    }
    let launch = gpu.launch_overhead_s;
    let width = view.forward_task_s.first().map_or(0, Vec::len);
    let read_s: Vec<f64> = view
        .ops
        .iter()
        .map(|&id| {
            let op = view.graph.op(id);
            let bytes: u64 = (0..op.inputs.len())
                .filter(|&k| view.graph.tensor(op.inputs[k].tensor).kind == TensorKind::Weight)
                .map(|k| operand_bytes(view.graph, id, k, &view.configs[id.index()]))
                .sum();
            bytes as f64 / rate
        })
        .collect();
    let (mut forward, mut backward) = (0.0f64, 0.0f64);
    for d in 0..width {
        let (mut f, mut b) = (0.0, 0.0);
        for (i, task_s) in view.forward_task_s.iter().enumerate() {
            let (t, w) = (task_s[d], read_s[i]);
            if t <= 0.0 || w <= 0.0 {
                continue;
            }
            let divided = (t - launch).max(0.0) * share;
            if (view.is_forward)(view.ops[i]) {
                f += (w - divided).max(0.0);
                if view.mode.has_backward() {
                    let factor = view.mode.backward_factor(view.stage, &view.stage.ops()[i]);
                    b += (2.0 * w - divided * factor).max(0.0);
                }
            } else {
                b += (w - divided).max(0.0);
            }
        }
        forward = forward.max(f);
        backward = backward.max(b);
    }
    (forward, backward)
}

/// What context parallelism does not divide of a stage's passes (module doc, "Price"): one kernel
/// launch per op that runs on a device, forward and backward, on the group's busiest device (a
/// backward the pipeline model derives launches twice per forward op: the gradients of its inputs and
/// of its weights).
fn fixed_s(view: &StageView) -> (f64, f64) {
    let launch = view.machine.gpu.launch_overhead_s;
    let width = view.forward_task_s.first().map_or(0, Vec::len);
    let (mut forward, mut backward) = (0.0f64, 0.0f64);
    for d in 0..width {
        let (mut f, mut b) = (0usize, 0usize);
        for (i, task_s) in view.forward_task_s.iter().enumerate() {
            if task_s[d] <= 0.0 {
                continue;
            }
            if (view.is_forward)(view.ops[i]) {
                f += 1;
            } else {
                b += 1;
            }
        }
        if view.mode.has_backward() {
            b += 2 * f;
        }
        forward = forward.max(f as f64 * launch);
        backward = backward.max(b as f64 * launch);
    }
    (forward, backward)
}

/// The self-attention sequence a graph's attentions share, as context parallelism splits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// Positions per sample.
    pub length: u64,
    /// Whether an attention reads a causal mask (the load balance then cuts `2·C` chunks).
    pub causal: bool,
    /// The attentions found.
    pub attentions: usize,
}

/// What one attention's ring moves: the key and value operands and the ops that compute it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The score contraction `Q·Kᵀ` and its key operand (index into its inputs).
    pub scores: (OpId, usize),
    /// The value contraction `P·V` and its value operand.
    pub values: (OpId, usize),
    /// Every op of the attention's region, forward and (in a training step) backward: the tiles the
    /// ring's steps overlap with.
    pub ops: Vec<OpId>,
}

fn indexes(exprs: &[AffineDim], d: usize) -> bool {
    exprs
        .iter()
        .any(|e| e.terms.iter().any(|&(j, c)| j == d && c != 0))
}

/// The loops of `op` other than the sample loop that index input `k` but not input `1 − k` (of two).
fn own_loops(graph: &Graph, op: OpId, k: usize) -> Vec<usize> {
    let op = graph.op(op);
    (0..op.dims.len())
        .filter(|&d| {
            op.dims[d].role.is_parallel()
                && op.dims[d].role != Role::Sample
                && indexes(&op.inputs[k].exprs, d)
                && !indexes(&op.inputs[1 - k].exprs, d)
        })
        .collect()
}

/// The key positions of a score contraction and its key operand: the loop that only one operand reads
/// and whose size a loop only the other operand reads shares (the query positions; under grouped-query
/// attention the queries' own loops are the group and the positions). `None` for a cross-attention
/// of two lengths.
fn positions(graph: &Graph, scores: OpId) -> Option<(u64, usize)> {
    let op = graph.op(scores);
    if op.inputs.len() != 2 {
        return None;
    }
    let (a, b) = (own_loops(graph, scores, 0), own_loops(graph, scores, 1));
    let size = |d: &usize| op.dims[*d].size;
    // The key operand: the one with fewer loops of its own (grouped-query attention's keys lack the
    // group); the second operand when they tie.
    let key = if a.len() < b.len() { 0 } else { 1 };
    a.iter()
        .find(|d| b.iter().any(|e| size(e) == size(d)))
        .map(|d| (size(d), key))
}

/// The attentions of `graph` and what their rings move (module doc), in program order.
pub fn exchanges(graph: &Graph) -> Vec<Exchange> {
    let regions = crate::attention::regions(graph);
    crate::attention::cores(graph, |_| true)
        .into_iter()
        .filter_map(|core| {
            let (_, key) = positions(graph, core.scores)?;
            let value_op = *core.values.first()?;
            let inside: HashSet<TensorId> = core.tensors.iter().copied().collect();
            let value = graph
                .op(value_op)
                .inputs
                .iter()
                .position(|a| !inside.contains(&a.tensor))?;
            let ops = regions
                .iter()
                .find(|r| r.ops.contains(&core.scores))
                .map_or_else(|| core.ops.clone(), |r| r.ops.clone());
            Some(Exchange {
                scores: (core.scores, key),
                values: (value_op, value),
                ops,
            })
        })
        .collect()
}

/// The sequence of `graph`'s attentions ([`Sequence`]): `None` without attention; an error when two
/// attentions disagree or one is no self-attention.
pub fn sequence(graph: &Graph) -> Result<Option<Sequence>, String> {
    let regions = crate::attention::regions(graph);
    let mut out: Option<Sequence> = None;
    for core in crate::attention::cores(graph, |_| true) {
        let at = &graph.op(core.scores).location;
        let Some((length, _)) = positions(graph, core.scores) else {
            return Err(format!(
                "the attention at {at} has no query and key positions of one length (no self-attention): context parallelism splits a self-attention's sequence"
            ));
        };
        let causal = regions
            .iter()
            .find(|r| r.ops.contains(&core.scores))
            .is_some_and(|r| r.ops.iter().any(|&o| graph.op(o).position_mask.is_some()));
        match &mut out {
            None => {
                out = Some(Sequence {
                    length,
                    causal,
                    attentions: 1,
                })
            }
            Some(s) if s.length == length => {
                s.causal |= causal;
                s.attentions += 1;
            }
            Some(s) => {
                return Err(format!(
                    "the attention at {at} runs over {length} positions, an earlier one over {}: context parallelism splits one sequence",
                    s.length
                ))
            }
        }
    }
    Ok(out)
}

/// Which side of an attention's score matrix a position loop runs over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Query,
    Key,
}

/// The loop of each op that runs over the query positions of the attentions' sequence, as the flat
/// context-parallel baseline splits it (module doc, "Flat programs"); `None` for an op without one,
/// and for every op of a graph without self-attention over one sequence ([`sequence`]).
///
/// Two fixpoints over the accesses. The first marks the *position* loops and tensor dims: seeded
/// with each score contraction's query and key loops (the loops only one operand reads, of the
/// sequence's length), a loop and a tensor dim it indexes alone (`d_k`, coefficient 1, no offset)
/// mark each other when both have the sequence's length. So the positions follow the tokens through
/// every token-wise op forward and backward (the projections, norms, rotary tables, the MLP, the
/// loss and the weight gradients, which reduce over them). An op with one position loop splits it.
/// The second fixpoint tells the two position loops of the quadratic ops (the scores, the softmax,
/// the value product and their backward) apart: seeded with the score contractions' query and key
/// loops, it labels the position dims of every tensor with two of them (score-sized tensors, a
/// causal mask) from the loops that index them and back, so the gradient of the probabilities, the
/// value gradient `Pᵀ·dO` (whose query loop is a reduction: partial sums over each device's queries)
/// and the key gradient `dSᵀ·Q` each find their query loop. A quadratic op whose loops stay
/// unlabelled has no query loop (it is replicated).
pub fn query_loops(graph: &Graph) -> Vec<Option<usize>> {
    let none = vec![None; graph.num_ops()];
    let Ok(Some(seq)) = sequence(graph) else {
        return none;
    };
    let length = seq.length;
    let mut loops: Vec<Vec<bool>> = graph
        .ops()
        .iter()
        .map(|op| vec![false; op.dims.len()])
        .collect();
    let mut dims: Vec<Vec<bool>> = graph
        .tensors()
        .iter()
        .map(|t| vec![false; t.shape.len()])
        .collect();
    let mut loop_side: Vec<Vec<Option<Side>>> = graph
        .ops()
        .iter()
        .map(|op| vec![None; op.dims.len()])
        .collect();
    // Seeds: each score contraction's query loop (read by the query operand alone) and key loop.
    for core in crate::attention::cores(graph, |_| true) {
        let Some((_, key)) = positions(graph, core.scores) else {
            continue;
        };
        let op = graph.op(core.scores);
        for (k, side) in [(1 - key, Side::Query), (key, Side::Key)] {
            if let Some(&d) = own_loops(graph, core.scores, k)
                .iter()
                .find(|&&d| op.dims[d].size == length)
            {
                loops[core.scores.index()][d] = true;
                loop_side[core.scores.index()][d] = Some(side);
            }
        }
    }
    // The position loops and dims: (op, loop) and (tensor, dim) of one access that mark each other.
    let pairs: Vec<(usize, usize, usize, usize)> = graph
        .ops()
        .iter()
        .enumerate()
        .flat_map(|(i, op)| {
            op.inputs.iter().chain(&op.outputs).flat_map(move |a| {
                let shape = &graph.tensor(a.tensor).shape;
                a.exprs.iter().enumerate().filter_map(move |(j, e)| {
                    let k = e.single_dim()?;
                    (op.dims[k].size == length && shape.get(j) == Some(&length)).then_some((
                        i,
                        k,
                        a.tensor.index(),
                        j,
                    ))
                })
            })
        })
        .collect();
    loop {
        let mut changed = false;
        for &(i, k, t, j) in &pairs {
            if loops[i][k] != dims[t][j] {
                loops[i][k] = true;
                dims[t][j] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // The sides of the quadratic ops' loops and of the tensors with two position dims.
    let quadratic = |i: usize| loops[i].iter().filter(|&&m| m).count() >= 2;
    let square = |t: usize| dims[t].iter().filter(|&&m| m).count() >= 2;
    let sided: Vec<(usize, usize, usize, usize)> = pairs
        .iter()
        .copied()
        .filter(|&(i, _, t, _)| quadratic(i) && square(t))
        .collect();
    let mut dim_side: Vec<Vec<Option<Side>>> = graph
        .tensors()
        .iter()
        .map(|t| vec![None; t.shape.len()])
        .collect();
    loop {
        let mut changed = false;
        for &(i, k, t, j) in &sided {
            match (loop_side[i][k], dim_side[t][j]) {
                (Some(s), None) => dim_side[t][j] = Some(s),
                (None, Some(s)) => loop_side[i][k] = Some(s),
                _ => continue,
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    (0..graph.num_ops())
        .map(|i| {
            let marked: Vec<usize> = (0..loops[i].len()).filter(|&k| loops[i][k]).collect();
            match marked.as_slice() {
                [only] => Some(*only),
                _ => {
                    let query: Vec<usize> = marked
                        .iter()
                        .copied()
                        .filter(|&k| loop_side[i][k] != Some(Side::Key))
                        .collect();
                    match query.as_slice() {
                        [q] => Some(*q),
                        _ => marked
                            .iter()
                            .copied()
                            .find(|&k| loop_side[i][k] == Some(Side::Query)),
                    }
                }
            }
        })
        .collect()
}

/// Whether `cp` ways of context parallelism fit `graph` (module doc): it has self-attention over one
/// sequence that `cp` divides, `2·cp` under a causal mask.
pub fn check_context_parallel(graph: &Graph, cp: u32) -> Result<Sequence, String> {
    let Some(seq) = sequence(graph)? else {
        return Err(format!(
            "cp={cp} splits each attention's sequence, but the graph has no attention (no score contraction Q·Kᵀ followed by a value contraction): drop cp"
        ));
    };
    let cp64 = u64::from(cp);
    if seq.length % cp64 != 0 {
        return Err(format!(
            "cp={cp} does not divide the attentions' sequence of {} positions",
            seq.length
        ));
    }
    if seq.causal && seq.length % (2 * cp64) != 0 {
        return Err(format!(
            "cp={cp}: the causal load balance cuts the sequence into 2·cp = {} chunks (device i holds chunks i and 2·cp − 1 − i), which do not divide its {} positions",
            2 * cp64,
            seq.length
        ));
    }
    Ok(seq)
}

/// Bytes of input `k` of `op` that one device reads under `config` at the whole sequence: the
/// operand's elements its loops index, over the ways the configuration splits those loops (a fused
/// `[b, s, 3h]` projection that the contraction slices counts only the slice).
pub fn operand_bytes(graph: &Graph, op: OpId, k: usize, config: &Config) -> u64 {
    let o = graph.op(op);
    let access = &o.inputs[k];
    let tensor = graph.tensor(access.tensor);
    let element = tensor.bytes() / tensor.elements().max(1);
    (0..o.dims.len())
        .filter(|&d| indexes(&access.exprs, d))
        .map(|d| {
            let ways = config.degrees.get(d).copied().unwrap_or(1).max(1);
            o.dims[d].size.div_ceil(ways)
        })
        .product::<u64>()
        * element
}

/// Seconds of one step of a ring among `members` (in ring order), each sending `bytes` to the next:
/// the sends run together, so the step is as long as its slowest pair.
pub fn ring_step_s(machine: &Machine, members: &[DeviceId], bytes: u64) -> f64 {
    let c = members.len();
    if c < 2 || bytes == 0 {
        return 0.0;
    }
    (0..c)
        .map(|i| {
            machine
                .route(members[i], members[(i + 1) % c])
                .transfer_time(bytes)
        })
        .fold(0.0, f64::max)
}

/// Seconds a ring of `ways` devices exposes in one pass: `ways − 1` transfers of `transfer_s`, each
/// overlapped with one of the `ways` steps of `compute_s` (the device's attention time in the pass).
pub fn exposed_s(ways: u32, transfer_s: f64, compute_s: f64) -> f64 {
    if ways < 2 {
        return 0.0;
    }
    let step = compute_s / f64::from(ways);
    f64::from(ways - 1) * (transfer_s - step).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::{self, TransformerSpec};

    #[test]
    fn context_parallelism_needs_attention_whose_sequence_it_divides() {
        let spec = TransformerSpec::LONG_SEQUENCE;
        let plain = synth::transformer(&spec);
        let seq = check_context_parallel(&plain, 2).unwrap();
        assert_eq!(
            seq,
            Sequence {
                length: spec.seq,
                causal: false,
                attentions: spec.layers
            }
        );
        let e = check_context_parallel(&plain, 3).unwrap_err();
        assert!(
            e.contains("does not divide the attentions' sequence of 256"),
            "{e}"
        );
        // Causal: 2·cp chunks. cp = 256 divides the 256 positions but its load balance does not.
        let causal = synth::causal_transformer(&spec);
        assert!(check_context_parallel(&causal, 128).unwrap().causal);
        assert!(check_context_parallel(&plain, 256).is_ok());
        let e = check_context_parallel(&causal, 256).unwrap_err();
        assert!(e.contains("2·cp = 512 chunks"), "{e}");
        // No attention at all.
        let mut b = synth::Builder::new("mlp", crate::graph::DType::F32);
        let x = b.input("x", &[4, 16], crate::graph::DType::F32);
        b.matmul(x, 16);
        let e = check_context_parallel(&b.finish(), 2).unwrap_err();
        assert!(e.contains("has no attention"), "{e}");
    }

    /// The ring moves each layer's key and value slices: `b · s · h` elements each from the fused QKV
    /// projection (not the whole `3h`), divided by the tensor-parallel split of the heads.
    #[test]
    fn the_ring_moves_the_key_and_value_slices() {
        let spec = TransformerSpec::LONG_SEQUENCE;
        let graph = synth::transformer(&spec);
        let found = exchanges(&graph);
        assert_eq!(found.len(), spec.layers);
        for e in &found {
            let (scores, k) = e.scores;
            let qkv = graph.tensor(graph.op(scores).inputs[k].tensor);
            let element = qkv.bytes() / qkv.elements();
            assert_eq!(qkv.shape, vec![spec.batch, spec.seq, 3 * spec.hidden]);
            let whole = spec.batch * spec.seq * spec.hidden * element;
            let (values, v) = e.values;
            let single = |id: OpId| Config::single(graph.op(id), DeviceId(0));
            assert_eq!(operand_bytes(&graph, scores, k, &single(scores)), whole);
            assert_eq!(operand_bytes(&graph, values, v, &single(values)), whole);
            // Heads split 4 ways (loop 1 of both products).
            let mut split = single(scores);
            split.degrees[1] = 4;
            assert_eq!(operand_bytes(&graph, scores, k, &split), whole / 4);
            assert!(e.ops.contains(&scores) && e.ops.contains(&values));
        }
    }

    /// A step exposes what its transfer takes beyond one step of compute, `ways − 1` times.
    #[test]
    fn the_ring_exposes_only_transfers_longer_than_a_step() {
        assert_eq!(exposed_s(1, 5.0, 0.0), 0.0);
        assert_eq!(exposed_s(4, 1.0, 8.0), 0.0);
        assert!((exposed_s(4, 3.0, 8.0) - 3.0 * 1.0).abs() < 1e-12);
        assert!((exposed_s(2, 1.0, 0.0) - 1.0).abs() < 1e-12);
        // Inside a node every pair is NVLink; around two nodes the wrap-around pair crosses the NIC.
        let one = Machine::preset("dgx-h100:1").unwrap();
        let nv = one.route(DeviceId(0), DeviceId(1));
        let bytes = 32 << 20;
        let members: Vec<DeviceId> = (0..4).map(DeviceId).collect();
        let got = ring_step_s(&one, &members, bytes);
        assert!((got - nv.transfer_time(bytes)).abs() < 1e-12);
        let two = Machine::preset("dgx-h100:2").unwrap();
        let across = [DeviceId(0), DeviceId(8)];
        let nic = two.route(DeviceId(0), DeviceId(8));
        assert!(nic.bandwidth < nv.bandwidth);
        assert!((ring_step_s(&two, &across, bytes) - nic.transfer_time(bytes)).abs() < 1e-12);
        assert_eq!(ring_step_s(&one, &members[..1], bytes), 0.0);
    }
}
