//! Batch normalization as the engines run it (`--norm=fused|as-written`): recognised where the graph
//! writes it out, and costed as the native kernels PyTorch (ATen, cuDNN) launch for it.
//!
//! # Recognition
//! Front ends decompose batch norm: torch-mlir writes a training step's `batch_norm` as a mean, a
//! variance (on f64 copies of every activation), a subtraction, a multiplication by the reciprocal
//! deviation, a scale and a shift, and its backward as two sums over the incoming gradient and a chain
//! of pointwise ops. Recognition is on `core`'s graph (classes, shapes, loops), so every spelling is
//! found alike:
//!
//! - a **statistics reduction** reduces an activation over all of its dims but one (one parallel loop,
//!   at least two reduction loops: a per-channel statistic over the samples and the positions);
//! - an **apply** op is a pointwise op writing as many elements as its largest operand that reads a
//!   tensor of the norm and a smaller operand (a statistic or a per-channel weight broadcast to the
//!   activations: `x − mean`, `·rstd`, `·γ`, `+β`, and the backward's `dy − x̂·mean(dy·x̂)` terms);
//! - a **feeder** is a pointwise op whose every reader is in the norm and which reads a tensor of the
//!   norm (`(x − mean)²`, `dy·x̂`) or is a cast of its one operand (the export's upcast to f64);
//! - a **statistic op** computes on statistics alone (every tensor no larger than the statistic it
//!   reads: `/count`, `+eps`, `rsqrt`, reshapes) and its result reaches an apply op.
//!
//! The ops so found fall into connected groups (through tensors one writes and another reads). A group
//! is a normalization when it holds a statistics reduction and an apply op after it. Its ops run in
//! *phases*: an op that reads a tensor written, outside the group, after the group began (the gradient
//! reaching a norm's backward) starts a later phase. Each phase is one kernel pair — the forward, or the
//! backward.
//!
//! # Cost under `fused` (the default)
//! The native kernels (ATen's `batch_norm_collect_statistics` + `batch_norm_elemt` forward,
//! `batch_norm_backward_reduce` + `batch_norm_backward_elemt` backward, and cuDNN's
//! `cudnnBatchNormalizationForwardTraining`/`BackwardEx` alike) accumulate statistics in f32 registers,
//! keep nothing but the per-channel mean and inverse deviation, and make one pass over their inputs to
//! compute the statistics and one more to apply them. So a kernel ([`Kernel`]) costs:
//!
//! - **bytes** = `E·s·(Σ_inputs passes + outputs)`: every activation-sized tensor it reads from outside
//!   the phase is read once by the statistics stage (if a reduction, or an op feeding one, reads it)
//!   and once by the apply stage (if an op after the statistics reads it); every activation-sized
//!   result read outside the norm is written once; `s` is the narrowest dtype among those inputs (the
//!   activation dtype: 2 bytes under AMP — no engine keeps an f64 copy). A forward is `3·E·s` (read
//!   `x` twice, write `y`), a backward `5·E·s` (read `dy` and `x` twice, write `dx`);
//! - **launches**: one per stage (two when it has both) and per norm (activation-sized result), charged
//!   to one op of the kernel; the others launch nothing;
//! - **FLOPs**: the group's, at the f32 vector rate (negligible beside the bytes).
//!
//! What the forward keeps for the backward is its input and the two statistics: an activation-sized
//! tensor of the forward that only the norm's backward reads (`x − mean`, `x̂`) is recomputed there from
//! `x`, never written. `as-written` costs every op as the graph writes it ([`crate::engine_flags::Pointwise`]
//! then decides launches and passes).
//!
//! Limits: row statistics over one dim (layer norm, RMS norm, softmax) are not recognised here — a
//! layer norm keeps its written form (its chains fuse under `--pointwise=fused`); a norm whose
//! statistics are first broadcast to the activations' shape by an op of their own (StableHLO's
//! `broadcast_in_dim`, as the JAX ResNet-50 export writes its batch norms) has no apply op reading a
//! smaller operand and keeps its written form too; in a forward-only graph (`--mode=train`) the
//! backward of a norm kernel is its forward work times the mode's factor (3 passes, not 5); an export
//! that shares a sum between two norms reading the same gradient (torch-mlir's CSE of `Σdy` for a
//! block's main and shortcut branches) is one kernel reading that gradient once per stage, not twice.

use std::collections::{HashMap, HashSet};

use crate::graph::{Graph, OpClass, OpId, TensorId, TensorKind};

/// `--norm`: how the engine runs batch normalization.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Norm {
    /// The native kernels (module doc): two stages, the activation dtype, f32 statistics.
    #[default]
    Fused,
    /// As the graph writes it.
    AsWritten,
}

impl Norm {
    pub const ALL: [Norm; 2] = [Norm::Fused, Norm::AsWritten];

    pub fn name(self) -> &'static str {
        match self {
            Norm::Fused => "fused",
            Norm::AsWritten => "as-written",
        }
    }

    pub fn from_name(name: &str) -> Option<Norm> {
        Norm::ALL.into_iter().find(|n| n.name() == name)
    }
}

/// One native norm kernel pair's worth of work: a forward or a backward phase of a normalization.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// Its ops, in program order.
    pub ops: Vec<OpId>,
    /// The op its cost is charged to (the first that computes in a dtype narrower than f64).
    pub carrier: OpId,
    /// FLOPs of its ops together.
    pub flops: f64,
    /// Bytes it moves (module doc).
    pub bytes: f64,
    /// Kernel launches: one per stage and per normalization it computes (its activation-sized
    /// results: an export that shares `Σdy` between two norms reading the same gradient still runs two).
    pub launches: u32,
}

/// Whether `op` reduces one activation over every dim but one (module doc).
pub fn is_statistics_reduction(graph: &Graph, id: OpId) -> bool {
    let op = graph.op(id);
    if op.class != OpClass::Reduction || op.outputs.len() != 1 {
        return false;
    }
    // The loops the result is indexed by are kept; the others are reduced (the sample loop of a
    // statistic is reduced whatever its partitioning role).
    let kept: HashSet<usize> = op.outputs[0]
        .exprs
        .iter()
        .filter_map(|e| e.single_dim())
        .collect();
    let parallel = (0..op.dims.len())
        .filter(|d| kept.contains(d) && op.dims[*d].size > 1)
        .count();
    let reduced = (0..op.dims.len())
        .filter(|d| !kept.contains(d) && op.dims[*d].size > 1)
        .count();
    let out = graph.tensor(op.outputs[0].tensor).elements();
    parallel == 1
        && reduced >= 2
        && op.inputs.iter().any(|a| {
            let t = graph.tensor(a.tensor);
            t.kind == TensorKind::Activation && t.elements() > out
        })
}

fn largest_input(graph: &Graph, id: OpId) -> u64 {
    graph
        .op(id)
        .inputs
        .iter()
        .map(|a| graph.tensor(a.tensor).elements())
        .max()
        .unwrap_or(0)
}

fn output_elements(graph: &Graph, id: OpId) -> u64 {
    graph
        .op(id)
        .outputs
        .iter()
        .map(|a| graph.tensor(a.tensor).elements())
        .max()
        .unwrap_or(0)
}

/// The norm kernels of `graph` (module doc), in program order of their first op.
pub fn kernels(graph: &Graph) -> Vec<Kernel> {
    let n = graph.ops().len();
    let mut inside = vec![false; n];
    let mut stat_tensor: HashSet<TensorId> = HashSet::new();
    for (i, flag) in inside.iter_mut().enumerate() {
        let id = OpId::new(i);
        if is_statistics_reduction(graph, id) {
            *flag = true;
            stat_tensor.insert(graph.op(id).outputs[0].tensor);
        }
    }
    if !inside.iter().any(|&b| b) {
        return Vec::new();
    }
    let produced_inside =
        |inside: &[bool], t: TensorId| graph.tensor(t).producer.is_some_and(|p| inside[p.index()]);
    // Grow to a fixed point.
    loop {
        let mut changed = false;
        for i in 0..n {
            if inside[i] {
                continue;
            }
            let id = OpId::new(i);
            let op = graph.op(id);
            if !matches!(op.class, OpClass::Elementwise | OpClass::DataMovement) {
                continue;
            }
            let reads_norm = op.inputs.iter().any(|a| produced_inside(&inside, a.tensor));
            let out = output_elements(graph, id);
            let largest = largest_input(graph, id);
            // A statistic op: reads a statistic, no tensor larger than it.
            let statistic = op.inputs.iter().find_map(|a| {
                stat_tensor
                    .contains(&a.tensor)
                    .then(|| graph.tensor(a.tensor).elements())
            });
            let small = statistic.is_some_and(|s| {
                op.accesses()
                    .all(|a| graph.tensor(a.tensor).elements() <= s)
            });
            let elementwise = op.class == OpClass::Elementwise;
            let apply = elementwise
                && reads_norm
                && out == largest
                && op
                    .inputs
                    .iter()
                    .any(|a| graph.tensor(a.tensor).elements() < out);
            let readers: Vec<OpId> = op
                .outputs
                .iter()
                .flat_map(|a| graph.consumers(a.tensor).iter().copied())
                .collect();
            let cast = op.inputs.len() == 1
                && op.outputs.len() == 1
                && graph.tensor(op.inputs[0].tensor).elements() == out
                && graph.tensor(op.inputs[0].tensor).dtype
                    != graph.tensor(op.outputs[0].tensor).dtype;
            let feeder = elementwise
                && out == largest
                && !readers.is_empty()
                && readers.iter().all(|r| inside[r.index()])
                && (reads_norm || cast);
            if small {
                inside[i] = true;
                stat_tensor.extend(op.outputs.iter().map(|a| a.tensor));
                changed = true;
            } else if apply || feeder {
                inside[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Statistic ops whose results reach no apply op (running-statistics updates, an optimizer step on
    // γ and β) are not part of the kernel.
    loop {
        let mut changed = false;
        for i in (0..n).rev() {
            let id = OpId::new(i);
            if !inside[i] || is_statistics_reduction(graph, id) {
                continue;
            }
            let op = graph.op(id);
            if !op.outputs.iter().all(|a| stat_tensor.contains(&a.tensor)) {
                continue;
            }
            let feeds = op
                .outputs
                .iter()
                .any(|a| graph.consumers(a.tensor).iter().any(|c| inside[c.index()]));
            if !feeds {
                inside[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Connected groups.
    let mut group: Vec<usize> = (0..n).collect();
    fn find(group: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while group[r] != r {
            r = group[r];
        }
        let mut j = i;
        while group[j] != r {
            let next = group[j];
            group[j] = r;
            j = next;
        }
        r
    }
    for i in 0..n {
        if !inside[i] {
            continue;
        }
        for a in &graph.op(OpId::new(i)).inputs {
            if let Some(p) = graph.tensor(a.tensor).producer {
                if inside[p.index()] {
                    let (x, y) = (find(&mut group, i), find(&mut group, p.index()));
                    group[x] = y;
                }
            }
        }
    }
    let mut groups: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, _) in inside.iter().enumerate().filter(|(_, &b)| b) {
        let r = find(&mut group, i);
        groups.entry(r).or_default().push(i);
    }
    let mut out = Vec::new();
    let mut roots: Vec<usize> = groups.keys().copied().collect();
    roots.sort_by_key(|r| groups[r][0]);
    for root in roots {
        let ops = &groups[&root];
        out.extend(group_kernels(graph, ops, &inside));
    }
    out.sort_by_key(|k| k.ops[0]);
    out
}

/// The kernels of one connected group (`ops` in program order): its phases, each costed.
fn group_kernels(graph: &Graph, ops: &[usize], inside: &[bool]) -> Vec<Kernel> {
    let first = ops[0];
    let members: HashSet<usize> = ops.iter().copied().collect();
    let size = ops
        .iter()
        .map(|&i| {
            graph
                .op(OpId::new(i))
                .accesses()
                .map(|a| graph.tensor(a.tensor).elements())
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0);
    let large = |t: TensorId| graph.tensor(t).elements() == size;
    // Phases.
    let mut phase: HashMap<usize, u32> = HashMap::new();
    for &i in ops {
        let mut p = 0;
        for a in &graph.op(OpId::new(i)).inputs {
            match graph.tensor(a.tensor).producer {
                Some(q) if members.contains(&q.index()) => p = p.max(phase[&q.index()]),
                // A late activation-sized input (the gradient reaching the backward).
                Some(q) if q.index() > first && large(a.tensor) => {
                    let before = ops
                        .iter()
                        .take_while(|&&j| j < q.index())
                        .map(|j| phase[j])
                        .max()
                        .unwrap_or(0);
                    p = p.max(before + 1);
                }
                _ => {}
            }
        }
        phase.insert(i, p);
    }
    let touches_large = |i: usize| graph.op(OpId::new(i)).accesses().any(|a| large(a.tensor));
    // An op on statistics alone runs in the kernel of its first reader (`rstd²` written in the
    // forward's program order but read by the backward only).
    for &i in ops.iter().rev() {
        if touches_large(i) {
            continue;
        }
        let readers = graph
            .op(OpId::new(i))
            .outputs
            .iter()
            .flat_map(|a| graph.consumers(a.tensor).iter())
            .filter(|r| members.contains(&r.index()))
            .map(|r| phase[&r.index()])
            .min();
        if let Some(p) = readers {
            phase.insert(i, p);
        }
    }
    // A phase of statistics alone (none left after the above) joins the next that touches activations.
    let mut phases: Vec<u32> = phase.values().copied().collect();
    phases.sort_unstable();
    phases.dedup();
    let large_phases: Vec<u32> = phases
        .iter()
        .copied()
        .filter(|&p| ops.iter().any(|&i| phase[&i] == p && touches_large(i)))
        .collect();
    if large_phases.is_empty() {
        return Vec::new();
    }
    for &i in ops {
        let p = phase[&i];
        if !large_phases.contains(&p) {
            let to = large_phases
                .iter()
                .copied()
                .find(|&q| q > p)
                .unwrap_or(*large_phases.last().unwrap());
            phase.insert(i, to);
        }
    }
    let mut kernels = Vec::new();
    let mut valid = false;
    for p in large_phases {
        let kops: Vec<usize> = ops.iter().copied().filter(|i| phase[i] == p).collect();
        let in_kernel: HashSet<usize> = kops.iter().copied().collect();
        // After the statistics: depends, inside the kernel, on a statistics reduction of it.
        let mut after: HashSet<usize> = HashSet::new();
        for &i in &kops {
            let id = OpId::new(i);
            let depends = graph.op(id).inputs.iter().any(|a| {
                graph.tensor(a.tensor).producer.is_some_and(|q| {
                    in_kernel.contains(&q.index())
                        && (after.contains(&q.index()) || is_statistics_reduction(graph, q))
                })
            });
            if depends {
                after.insert(i);
            }
        }
        let has_reduction = kops
            .iter()
            .any(|&i| is_statistics_reduction(graph, OpId::new(i)));
        if has_reduction && kops.iter().any(|i| after.contains(i) && touches_large(*i)) {
            valid = true;
        }
        // Stages reading each activation-sized tensor from outside the kernel.
        let mut stages: HashMap<TensorId, (bool, bool)> = HashMap::new();
        let mut written: HashSet<TensorId> = HashSet::new();
        for &i in &kops {
            let op = graph.op(OpId::new(i));
            for a in &op.inputs {
                let from_kernel = graph
                    .tensor(a.tensor)
                    .producer
                    .is_some_and(|q| in_kernel.contains(&q.index()));
                if large(a.tensor) && !from_kernel {
                    let entry = stages.entry(a.tensor).or_default();
                    if after.contains(&i) {
                        entry.1 = true;
                    } else {
                        entry.0 = true;
                    }
                }
            }
            for a in &op.outputs {
                let readers = graph.consumers(a.tensor);
                if large(a.tensor)
                    && (readers.is_empty() || readers.iter().any(|r| !inside[r.index()]))
                {
                    written.insert(a.tensor);
                }
            }
        }
        let elem = stages
            .keys()
            .chain(&written)
            .map(|&t| graph.tensor(t).dtype.size_bytes())
            .min()
            .unwrap_or(4);
        let passes: u64 = stages
            .values()
            .map(|&(pre, post)| pre as u64 + post as u64)
            .sum::<u64>()
            + written.len() as u64;
        let pre = kops.iter().any(|i| !after.contains(i));
        let post = kops.iter().any(|i| after.contains(i));
        let carrier = kops
            .iter()
            .copied()
            .find(|&i| graph.op(OpId::new(i)).dtype.size_bytes() < 8)
            .unwrap_or(kops[0]);
        kernels.push(Kernel {
            ops: kops.iter().map(|&i| OpId::new(i)).collect(),
            carrier: OpId::new(carrier),
            flops: kops.iter().map(|&i| graph.op(OpId::new(i)).flops).sum(),
            bytes: (passes * size * elem) as f64,
            launches: (pre as u32 + post as u32) * (written.len() as u32).max(1),
        });
    }
    if valid {
        kernels
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Access, AffineDim, DType, Dim, Op, Role};

    const N: u64 = 8;
    const C: u64 = 16;
    const H: u64 = 6;
    const W: u64 = 6;
    const E: u64 = N * C * H * W;

    /// A graph of one batch norm's training step as torch-mlir writes it (the names of the module
    /// doc), built on core's graph alone; `dtype` is the activations' dtype.
    struct Bn {
        graph: Graph,
        conv: OpId,
        relu: OpId,
        dy: OpId,
        next: OpId,
        gamma_update: OpId,
        f64_tensors: Vec<TensorId>,
    }

    fn op(
        g: &mut Graph,
        class: OpClass,
        inputs: &[(TensorId, &[usize])],
        out: (&[u64], DType, &[usize]),
    ) -> (OpId, TensorId) {
        let t = g.add_tensor(
            format!("t{}", g.ops().len()),
            out.0.to_vec(),
            out.1,
            TensorKind::Activation,
        );
        let kept: Vec<usize> = out.2.to_vec();
        let sizes = [N, C, H, W];
        let small = out.0.iter().product::<u64>() == C
            && inputs.iter().all(|&(t, _)| g.tensor(t).elements() == C);
        let dims: Vec<Dim> = if small {
            vec![Dim::new(C, Role::Attribute)]
        } else {
            (0..4)
                .map(|d| {
                    let role = if d == 0 {
                        Role::Sample
                    } else {
                        Role::Attribute
                    };
                    let reduced = class == OpClass::Reduction && !kept.contains(&d);
                    Dim::new(
                        sizes[d],
                        if reduced && d > 0 {
                            Role::Reduction
                        } else {
                            role
                        },
                    )
                })
                .collect()
        };
        let volume: u64 = dims.iter().map(|d| d.size).product();
        let id = g
            .add_op(Op {
                name: "linalg.generic".into(),
                location: format!("bn.mlir:{}:3", g.ops().len() + 1),
                class,
                dims,
                inputs: inputs.iter().map(|&(t, d)| Access::dims(t, d)).collect(),
                outputs: vec![Access {
                    tensor: t,
                    exprs: kept.iter().map(|&d| AffineDim::dim(d)).collect(),
                }],
                flops: volume as f64,
                dtype: out.1,
                position_mask: None,
            })
            .expect("well formed");
        (id, t)
    }

    fn batch_norm(dtype: DType) -> Bn {
        let mut g = Graph::new();
        let all: &[usize] = &[0, 1, 2, 3];
        let ch: &[usize] = &[1];
        let c0: &[usize] = &[0];
        let big = [N, C, H, W];
        let input = g.add_tensor("in", big.to_vec(), dtype, TensorKind::Input);
        let grad_in = g.add_tensor("gin", big.to_vec(), dtype, TensorKind::Input);
        let gamma = g.add_tensor("gamma", vec![C], dtype, TensorKind::Weight);
        let beta = g.add_tensor("beta", vec![C], dtype, TensorKind::Weight);
        let el = OpClass::Elementwise;
        let red = OpClass::Reduction;
        // The convolution's stand-in writes x.
        let (conv, x) = op(&mut g, el, &[(input, all)], (&big, dtype, all));
        // Forward: the mean in the activation dtype, the variance on f64 copies.
        let (_, s1) = op(&mut g, red, &[(x, all)], (&[C], dtype, ch));
        let (_, mean) = op(&mut g, el, &[(s1, c0)], (&[C], dtype, c0));
        let (_, x64) = op(&mut g, el, &[(x, all)], (&big, DType::F64, all));
        let (_, s2) = op(&mut g, red, &[(x64, all)], (&[C], DType::F64, ch));
        let (_, m64) = op(&mut g, el, &[(s2, c0)], (&[C], DType::F64, c0));
        let (_, d64) = op(
            &mut g,
            el,
            &[(x64, all), (m64, ch)],
            (&big, DType::F64, all),
        );
        let (_, sq) = op(
            &mut g,
            el,
            &[(d64, all), (d64, all)],
            (&big, DType::F64, all),
        );
        let (_, s3) = op(&mut g, red, &[(sq, all)], (&[C], DType::F64, ch));
        let (_, var) = op(&mut g, el, &[(s3, c0)], (&[C], dtype, c0));
        let (_, rstd) = op(&mut g, el, &[(var, c0)], (&[C], dtype, c0));
        let (_, xm) = op(&mut g, el, &[(x, all), (mean, ch)], (&big, dtype, all));
        let (_, xh) = op(&mut g, el, &[(xm, all), (rstd, ch)], (&big, dtype, all));
        let (_, ys) = op(&mut g, el, &[(xh, all), (gamma, ch)], (&big, dtype, all));
        let (_, y) = op(&mut g, el, &[(ys, all), (beta, ch)], (&big, dtype, all));
        let (relu, r) = op(&mut g, el, &[(y, all)], (&big, dtype, all));
        // What the rest of the step does with it, and the gradient coming back.
        let (dy_op, dy) = op(&mut g, el, &[(r, all), (grad_in, all)], (&big, dtype, all));
        // Backward: Σdy and Σdy·(x − mean), then the pointwise chain to dx.
        let (_, sdy) = op(&mut g, red, &[(dy, all)], (&[C], dtype, ch));
        let (_, p) = op(&mut g, el, &[(dy, all), (xm, all)], (&big, dtype, all));
        let (_, sp) = op(&mut g, red, &[(p, all)], (&[C], dtype, ch));
        let (_, a1) = op(&mut g, el, &[(sdy, c0)], (&[C], dtype, c0));
        let (_, a2) = op(&mut g, el, &[(sp, c0)], (&[C], dtype, c0));
        let (_, rr) = op(&mut g, el, &[(rstd, c0), (rstd, c0)], (&[C], dtype, c0));
        let (_, a3) = op(&mut g, el, &[(a2, c0), (rr, c0)], (&[C], dtype, c0));
        let (_, gs) = op(&mut g, el, &[(rstd, c0), (gamma, c0)], (&[C], dtype, c0));
        let (_, t1) = op(&mut g, el, &[(xm, all), (a3, ch)], (&big, dtype, all));
        let (_, t2) = op(&mut g, el, &[(dy, all), (t1, all)], (&big, dtype, all));
        let (_, t3) = op(&mut g, el, &[(t2, all), (a1, ch)], (&big, dtype, all));
        let (_, dx) = op(&mut g, el, &[(t3, all), (gs, ch)], (&big, dtype, all));
        let (next, _) = op(&mut g, el, &[(dx, all)], (&big, dtype, all));
        // The optimizer's step on γ reads Σdy·x̂: a statistic that reaches no apply op.
        let (gamma_update, _) = op(&mut g, el, &[(gamma, c0), (sp, c0)], (&[C], dtype, c0));
        Bn {
            graph: g,
            conv,
            relu,
            dy: dy_op,
            next,
            gamma_update,
            f64_tensors: vec![x64, d64, sq],
        }
    }

    #[test]
    fn names_round_trip() {
        for n in Norm::ALL {
            assert_eq!(Norm::from_name(n.name()), Some(n));
        }
        assert_eq!(Norm::default(), Norm::Fused);
    }

    #[test]
    fn statistics_reduce_all_dims_but_the_channel() {
        let bn = batch_norm(DType::F32);
        let seeds: Vec<OpId> = (0..bn.graph.ops().len())
            .map(OpId::new)
            .filter(|&id| is_statistics_reduction(&bn.graph, id))
            .collect();
        // Three forward sums (mean, f64 mean, f64 variance), two backward (Σdy, Σdy·x̂).
        assert_eq!(seeds.len(), 5);
        // A row statistic (one reduced dim, as a layer norm or softmax has) is not one.
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![N, C], DType::F32, TensorKind::Input);
        let (p, xa) = op(
            &mut g,
            OpClass::Elementwise,
            &[(x, &[0, 1])],
            (&[N, C], DType::F32, &[0, 1]),
        );
        let _ = p;
        let _ = xa;
        let rows = g.add_tensor("rows", vec![N], DType::F32, TensorKind::Activation);
        let id = g
            .add_op(Op {
                name: "linalg.generic".into(),
                location: "rows.mlir:1:1".into(),
                class: OpClass::Reduction,
                dims: vec![Dim::new(N, Role::Sample), Dim::new(C, Role::Reduction)],
                inputs: vec![Access::dims(xa, &[0, 1])],
                outputs: vec![Access::dims(rows, &[0])],
                flops: (N * C) as f64,
                dtype: DType::F32,
                position_mask: None,
            })
            .unwrap();
        assert!(!is_statistics_reduction(&g, id));
    }

    #[test]
    fn a_batch_norm_is_a_forward_and_a_backward_kernel() {
        for (dtype, elem) in [(DType::F32, 4), (DType::F16, 2)] {
            let bn = batch_norm(dtype);
            let found = kernels(&bn.graph);
            assert_eq!(found.len(), 2, "forward and backward");
            let (forward, backward) = (&found[0], &found[1]);
            // Forward: x read by the statistics and again by the normalization, y written once.
            assert_eq!(forward.bytes, (3 * E * elem) as f64);
            // Backward: dy and x − mean read by the sums and again by the chain, dx written once.
            assert_eq!(backward.bytes, (5 * E * elem) as f64);
            assert_eq!((forward.launches, backward.launches), (2, 2));
            // The cost sits on the first op not computing in f64: the mean's sum.
            assert_eq!(bn.graph.op(forward.carrier).class, OpClass::Reduction);
            assert_ne!(bn.graph.op(forward.carrier).dtype, DType::F64);
            for outside in [bn.conv, bn.relu, bn.dy, bn.next, bn.gamma_update] {
                assert!(
                    found.iter().all(|k| !k.ops.contains(&outside)),
                    "{outside:?} is not part of a norm"
                );
            }
            // Forward: 18 ops minus the two written on statistics alone that the backward reads
            // (rstd², rstd·γ run in the backward kernel); the FLOPs are the group's.
            let total: f64 = found.iter().map(|k| k.flops).sum();
            let written: f64 = found
                .iter()
                .flat_map(|k| &k.ops)
                .map(|&id| bn.graph.op(id).flops)
                .sum();
            assert_eq!(total, written);
            assert!(forward.ops.iter().all(|id| *id < bn.dy));
        }
    }

    #[test]
    fn fused_norms_write_no_f64_copy_and_carry_the_kernel() {
        let bn = batch_norm(DType::F16);
        let state = crate::precision::WeightState::default();
        assert_eq!(state.norm, Norm::Fused);
        let fused = crate::fusion::Fusion::for_state(&bn.graph, state);
        let found = kernels(&bn.graph);
        for k in &found {
            for &id in &k.ops {
                match fused.kernel[id.index()] {
                    Some(crate::fusion::KernelPart::Carrier {
                        bytes, launches, ..
                    }) => {
                        assert_eq!(id, k.carrier);
                        assert_eq!((bytes, launches), (k.bytes, k.launches));
                    }
                    Some(crate::fusion::KernelPart::Inside) => assert_ne!(id, k.carrier),
                    None => panic!("{id:?} is in a kernel"),
                }
            }
        }
        for &t in &bn.f64_tensors {
            let producer = bn.graph.tensor(t).producer.unwrap();
            let j = bn
                .graph
                .op(producer)
                .outputs
                .iter()
                .position(|a| a.tensor == t)
                .unwrap();
            assert!(
                fused.internal_output[producer.index()][j],
                "{t:?} stays in registers"
            );
        }
        let written = crate::precision::WeightState {
            norm: Norm::AsWritten,
            ..state
        };
        let plain = crate::fusion::Fusion::for_state(&bn.graph, written);
        assert!(plain.kernel.iter().all(Option::is_none));
        assert_eq!(plain, crate::fusion::Fusion::new(&bn.graph));
    }
}
