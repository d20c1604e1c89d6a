//! `--emit=torch-plan`: a strategy as the plan `torch.distributed` applies to the user's module — a 2-D
//! `DeviceMesh` (`dp` × `tp`), a `parallelize_module` style per named submodule (`ColwiseParallel`,
//! `RowwiseParallel`) on `tp`, the recomputation (`recompute`: activation checkpointing) and FSDP over
//! `dp` when the strategy shards weight state there (`zero`: 3, or 1, which `apply` runs as FSDP that
//! keeps the gathered weights from the forward to the backward: `reshard_after_forward=False`).
//! `python/flexc/torch.py` applies it.
//!
//! The splits are `--emit=jax-shardings`' ([`crate::jax::export`]) on the mesh `dp` × `tp`, `dp` being
//! the samples' split of the data-parallel mesh that export derives. Each weight argument named as
//! `named_parameters()` names it (`par.name = "fc1.weight"`) gives its submodule (`fc1`) a style from
//! the dim `tp` splits, in PyTorch's layouts: `nn.Linear`'s weight is `[out, in]` — `out` split is
//! `ColwiseParallel`, `in` split `RowwiseParallel`; an embedding table (read by a gather) is
//! `[vocabulary, dim]` — the vocabulary split is `RowwiseParallel`, `dim` `ColwiseParallel`; a weight
//! multiplied as it is (`x @ w`, `[in, out]`: Hugging Face's `Conv1D`) the other way round, its module
//! listed in `transposed` for `apply` to partition its weight so. Biases follow their weight's style.
//! What no style expresses — a weight of another rank split over `tp`, both dims split, an unnamed or top-level weight, two weights of one submodule that disagree — is
//! left to the mesh (replicated) with a warning, as are the jax export's own warnings (pipelines,
//! micro-batches, per-op placement).
//!
//! A style's defaults hand local shards between modules: `ColwiseParallel` returns its output's shard
//! of the last dim, `RowwiseParallel` takes that shard as its input. That is right only where a
//! column-split module's output reaches a row-split module through ops that compute each rank's share
//! from its shard alone (Megatron's MLP: `fc` → GELU → `proj`; attention: q/k/v → `view(b, s, -1,
//! head_dim)` → scores → softmax → context → o, the heads split, [`paired_row`]); anywhere else the
//! user's code would compute on a shard as if it were the whole tensor. So the plan pairs them from the
//! graph (python/flexc/torch.py checks what the graph cannot show: a `view` that names the head count
//! unpairs its group), and `layouts` makes every unpaired style
//! exchange whole tensors (`pairs` names each paired column module's row partner): a column-split module's output is gathered (`output_layouts=Replicate()`),
//! a row-split module slices its whole input (`input_layouts=Replicate()`; an embedding's indices are
//! always whole). Unpaired styles cost a collective more than a pair, never a wrong result.
//!
//! A shard must not meet a whole tensor on its way to the row partner either: a strategy may split
//! SwiGLU's `gate_proj` and `down_proj` and compute `up_proj` whole, slicing it where it meets gate's
//! shard, which flexc's materialization does and torch does not (`act(gate) * up` fails). So an unsplit
//! `nn.Linear` whose output a paired shard meets (through an activation or a reshape) is split
//! `ColwiseParallel` with it, with a warning ([`partners`]) and the simulated cost of the strategy torch
//! then runs (the layer and its reshape configured as its partner's, [`split_like`]); pairs are then found as a fixpoint in which
//! every other activation operand that varies along the shard on the way must be a paired shard too, and a
//! column split left with a whole operand (its partner no named `nn.Linear`) gathers its output, with a
//! warning. Every gather and every weight left replicated is in the simulated cost that ends the
//! warnings: the ops the gathered shard would have reached run whole on each `tp` rank there.
//!
//! **Pipelines.** A strategy with pipeline stages is exported as `torch.distributed.pipelining` runs it
//! ([`Export::new`]): a 3-D mesh `dp` × `pp` × `tp`, the split points (`SplitPoint.BEGINNING` of a
//! submodule, in program order), the micro-batches, the schedule class (`Schedule1F1B`,
//! `ScheduleGPipe`; `ScheduleInterleaved1F1B`, `ScheduleLoopedBFS` when a rank holds several stages:
//! rank `g` holds stages `g`, `g + pp`, …), the styles of one stage group on `tp` (the strategy moved
//! to one group's devices, [`stage_local`], styled as a mesh strategy: `apply` splits the styled
//! modules into their `tp` shards before torch traces them), each stage's checkpointing, and FSDP or
//! replication of each stage over `dp`. Torch splits the traced forward at submodule calls; flexc's
//! stages are cut at ops. Stage `k`'s split point is the outermost submodule holding the first weight
//! stage `k` reads whose parameters all lie in stage `k` or later; every op from the first that reads
//! one of its parameters runs in stage `k` in torch, and ops that move stage for it are a warning with
//! the cost of the strategy torch runs. What torch's pipeline cannot run as flexc planned — a stage
//! that reads no weight, unnamed weights, a training step that carries its own backward, a batch
//! outside dim 0 — exports the nearest mesh strategy instead, with the reason.
//!
//! **Expert and context parallelism.** torch.distributed has no expert-parallel style: a schedule's
//! `ep` is dropped with a warning and the simulated cost of every replica holding every expert (the
//! mesh is `dp` × `tp`, without the `expert` axis `--emit=jax-shardings` writes). Context parallelism
//! is an error ([`crate::jax::export`]'s): torch runs a ring only inside
//! `torch.distributed.tensor.experimental.context_parallel`, which `flexc.torch.apply` does not call;
//! `--emit=torchtitan` writes it as torchtitan runs it.
//!
//! **Sequence parallelism.** A strategy that is Megatron's tensor parallelism with sequence parallelism
//! (`megatron:...,sp=on` rebuilds it: [`crate::megatron_args::sequence_parallel`], which the driver
//! passes in) exports `"sequence_parallel": true`, mesh or pipeline: `apply` then runs the styles on
//! local shards with `flexc::tp_*` custom ops, as inside a pipeline stage, the residual stream of the
//! repeated layers (the items of an `nn.ModuleList`) as each `tp` rank's share of the sequence (dim 1
//! of `[batch, sequence, hidden]`): norms and pointwise ops on that share, each column group's input
//! all-gathered along the sequence and each row module's output reduce-scattered onto it, the
//! gradients of the weights used on the share (norms, row biases) summed over `tp`. `--search=torch`
//! includes it. A strategy that splits norms along the sequence otherwise (a per-op search's) is no
//! style: torch runs those ops replicated on `tp`.

use crate::diagnostics::Diag;
use crate::jax::{self, Axis};
use flexc_core::graph::{DeviceId, Graph, OpId, TensorId, TensorKind};
use flexc_core::schedule::{Order, Zero};
use flexc_core::{OpClass, Strategy};
use flexc_passes::import::Imported;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The style of a `[rows, cols]` weight split along `dim`, read by an op of `class`.
fn style(dim: usize, class: Option<OpClass>) -> &'static str {
    match (class == Some(OpClass::Embedding), dim) {
        (true, 0) | (false, 1) => "RowwiseParallel",
        _ => "ColwiseParallel",
    }
}

/// Whether a spec entry names mesh axis `axis`.
fn names(entry: &Value, axis: &str) -> bool {
    match entry {
        Value::String(a) => a == axis,
        Value::Array(list) => list.iter().any(|a| a.as_str() == Some(axis)),
        _ => false,
    }
}

/// The op that reads weight `tensor` for its module: the first op past the data movement that only
/// re-lays the weight out (torch-mlir transposes an `nn.Linear` weight before its matmul).
fn weight_reader(graph: &Graph, tensor: TensorId) -> Option<OpId> {
    let mut tensor = tensor;
    loop {
        let &[op] = graph.consumers(tensor) else {
            return None;
        };
        let read = graph.op(op);
        if read.class != OpClass::DataMovement {
            return Some(op);
        }
        let [output] = read.outputs.as_slice() else {
            return None;
        };
        tensor = output.tensor;
    }
}

/// The dim of 2-D weight `tensor` that indexes its reader's output (a linear layer's output features),
/// followed through the ops that only re-lay the weight out; `None` when that is not one dim.
/// `nn.Linear` keeps its output features in dim 0 (`[out, in]`, torch-mlir transposes it before the
/// matmul); a weight multiplied as it is (`x @ w`, Hugging Face's `Conv1D`) keeps them in dim 1.
fn output_dim(graph: &Graph, tensor: TensorId) -> Option<usize> {
    let loop_of = |e: &flexc_core::graph::AffineDim| match e.terms.as_slice() {
        [(l, 1)] => Some(*l),
        _ => None,
    };
    // The weight dim each dim of the current tensor carries.
    let mut carried: Vec<Option<usize>> = (0..graph.tensor(tensor).shape.len()).map(Some).collect();
    let mut tensor = tensor;
    loop {
        let &[op] = graph.consumers(tensor) else {
            return None;
        };
        let read = graph.op(op);
        let input = read.inputs.iter().find(|a| a.tensor == tensor)?;
        if read.class != OpClass::DataMovement {
            let outputs: BTreeSet<usize> = read
                .outputs
                .iter()
                .flat_map(|o| o.exprs.iter().filter_map(loop_of))
                .collect();
            let found: Vec<usize> = input
                .exprs
                .iter()
                .enumerate()
                .filter(|(_, e)| loop_of(e).is_some_and(|l| outputs.contains(&l)))
                .filter_map(|(j, _)| carried.get(j).copied().flatten())
                .collect();
            return match found.as_slice() {
                &[dim] => Some(dim),
                _ => None,
            };
        }
        let [output] = read.outputs.as_slice() else {
            return None;
        };
        carried = output
            .exprs
            .iter()
            .map(|e| {
                let l = loop_of(e)?;
                let j = input.exprs.iter().position(|i| loop_of(i) == Some(l))?;
                carried.get(j).copied().flatten()
            })
            .collect();
        tensor = output.tensor;
    }
}

/// Whether op `op`, reading `tensor`, keeps each element's place in the last dim (a shard of that dim
/// stays a shard of its output's last dim): an elementwise op that indexes `tensor` as it indexes its
/// outputs, or a reshape that leaves the last dim alone (`[b*s, d]` ↔ `[b, s, d]`).
fn keeps_last_dim(graph: &Graph, op: OpId, tensor: TensorId) -> bool {
    let read = graph.op(op);
    let last = |t: TensorId| graph.tensor(t).shape.last().copied();
    match read.class {
        OpClass::Elementwise => read.inputs.iter().filter(|a| a.tensor == tensor).all(|a| {
            read.outputs.iter().all(|o| {
                o.exprs == a.exprs && graph.tensor(o.tensor).shape == graph.tensor(tensor).shape
            })
        }),
        OpClass::DataMovement => {
            (read.name.ends_with("expand_shape") || read.name.ends_with("collapse_shape"))
                && read.inputs.len() == 1
                && read.outputs.iter().all(|o| last(o.tensor) == last(tensor))
        }
        _ => false,
    }
}

/// The row-split reader in `rowwise` that the output of `start` (a column-split module's op) reaches
/// with its shard intact, every path ending there; `None` when any path loses the shard or meets a whole
/// tensor (the shard would leak into code that expects the whole tensor). The shard is a dim of each
/// tensor on the way, the output's last dim first (`ColwiseParallel`'s local output), carried by the
/// loop that indexes it ([`shard_through`]): through elementwise ops, reshapes that keep it the outermost
/// factor of a merged dim (`view(b, s, -1, head_dim)`: the heads), transposes, reductions over other
/// dims (softmax) and products over other dims (attention's `q @ k^T` and `p @ v`, the heads a batch
/// loop), every other activation operand that varies along it a shard too (in `sharded`: k and v beside
/// q, SwiGLU's up beside gate); `sharded` `None`: the other operands are not checked. `tp`: the shards'
/// count, which must divide the dim at each step (a local `view` splits whole heads). The tensors the
/// walk passed are added to `reached`.
fn paired_row(
    graph: &Graph,
    start: OpId,
    rowwise: &BTreeSet<OpId>,
    results: &BTreeSet<TensorId>,
    sharded: Option<&BTreeSet<TensorId>>,
    rules: &Rules,
    reached: &mut BTreeSet<TensorId>,
) -> Option<OpId> {
    let mut found = None;
    let mut stack: Vec<Shard> = graph
        .op(start)
        .outputs
        .iter()
        .map(|a| (a.tensor, graph.tensor(a.tensor).shape.len().checked_sub(1)))
        .map(|(t, d)| d.map(|d| (t, d)))
        .collect::<Option<_>>()?;
    let mut seen: BTreeMap<TensorId, usize> = BTreeMap::new();
    while let Some((tensor, dim)) = stack.pop() {
        match seen.get(&tensor) {
            Some(&d) if d == dim => continue,
            Some(_) => return None,
            None => {
                seen.insert(tensor, dim);
            }
        }
        reached.insert(tensor);
        let consumers = graph.consumers(tensor);
        if results.contains(&tensor) {
            return None; // a result of the function
        }
        for &op in consumers {
            if rowwise.contains(&op) {
                if found.is_some_and(|f| f != op) {
                    return None;
                }
                found = Some(op);
                continue;
            }
            let (outputs, others) = shard_through(graph, op, tensor, dim, rules)?;
            if sharded.is_some_and(|s| others.iter().any(|t| !s.contains(t))) {
                return None;
            }
            stack.extend(outputs);
        }
    }
    found
}

/// What the walk of a column split's shard ([`paired_row`]) checks against: the shards' count and the
/// parameters (weight arguments and their re-layouts), which no rank may read whole along the shard.
struct Rules {
    tp: u64,
    parameters: BTreeSet<TensorId>,
}

/// The tensors of the weight arguments (the module's parameters) and of the data movement that only
/// re-lays them out (a transpose, a broadcast): not constants or what is computed from them (rotary
/// tables), which every rank computes alike.
fn parameters_of(imported: &Imported) -> BTreeSet<TensorId> {
    let graph = &imported.graph;
    let mut found = BTreeSet::new();
    let mut stack: Vec<TensorId> = imported
        .args
        .iter()
        .filter(|a| a.weight)
        .filter_map(|a| a.tensor)
        .collect();
    while let Some(tensor) = stack.pop() {
        if !found.insert(tensor) {
            continue;
        }
        for &op in graph.consumers(tensor) {
            let read = graph.op(op);
            if read.class == OpClass::DataMovement
                && read.inputs.iter().all(|a| {
                    found.contains(&a.tensor)
                        || graph.tensor(a.tensor).kind != TensorKind::Activation
                })
            {
                stack.extend(read.outputs.iter().map(|o| o.tensor));
            }
        }
    }
    found
}

/// A tensor and the dim of it that holds a column split's shard ([`paired_row`]).
type Shard = (TensorId, usize);

/// Whether index `expr` has loop `l` (of `trip` iterations) as its outermost term and spans a dim of
/// `size` with it: a block of `l`'s range is then a block of the dim (a shard).
fn covers(expr: &flexc_core::AffineDim, l: usize, trip: u64, size: u64) -> bool {
    let coefficient = expr.terms.iter().find(|&&(t, _)| t == l).map(|&(_, c)| c);
    expr.dominant_term() == Some(l)
        && expr.offset == 0
        && coefficient.is_some_and(|c| c > 0 && (c as u64).saturating_mul(trip) == size)
}

/// Where op `op` puts the shard of dim `dim` of `tensor` ([`paired_row`]): the output dims that hold it,
/// and the other activation operands that vary along it (they must be shards as well); `None` when the
/// op loses it: a reduction over it, a weight's contraction, a slice or a broadcast of it, a reshape that
/// makes it an inner factor, a dim `tp` does not divide, or a weight read whole along it (a plain
/// parameter of another module, whose gradient torch would leave partial on each rank).
fn shard_through(
    graph: &Graph,
    op: OpId,
    tensor: TensorId,
    dim: usize,
    rules: &Rules,
) -> Option<(Vec<Shard>, Vec<TensorId>)> {
    let tp = rules.tp;
    use flexc_core::baselines::split_term;
    let read = graph.op(op);
    if matches!(read.class, OpClass::Opaque | OpClass::Embedding) {
        return None;
    }
    let size = graph.tensor(tensor).shape.get(dim).copied()?;
    // The loop that carries the shard: the same for every read of `tensor`.
    let mut carrier = None;
    for access in read.inputs.iter().filter(|a| a.tensor == tensor) {
        let expr = access.exprs.get(dim)?;
        let l = split_term(expr, read, tp)?;
        // The outermost term of the index, covering the dim (a merged index: a reshape's, GQA's
        // `[kv heads * repeats]`): a shard of the dim is a block of that loop's range.
        if !covers(expr, l, read.dims[l].size, size) {
            return None;
        }
        if carrier.is_some_and(|c| c != l) {
            return None;
        }
        carrier = Some(l);
    }
    let l = carrier?;
    let loop_ = &read.dims[l];
    if loop_.size % tp != 0 || loop_.role == flexc_core::Role::Reduction {
        return None;
    }
    let mut outputs = Vec::new();
    for access in &read.outputs {
        let out = graph.tensor(access.tensor);
        let dims: Vec<usize> = (0..access.exprs.len())
            .filter(|&j| access.exprs[j].terms.iter().any(|&(t, _)| t == l))
            .collect();
        let &[j] = dims.as_slice() else {
            return None;
        };
        let size = out.shape.get(j).copied().unwrap_or(0);
        if !covers(&access.exprs[j], l, loop_.size, size) || size % tp != 0 {
            return None;
        }
        outputs.push((access.tensor, j));
    }
    if outputs.is_empty() {
        return None;
    }
    let mut others = Vec::new();
    for access in read.inputs.iter().filter(|a| a.tensor != tensor) {
        let other = graph.tensor(access.tensor);
        let varies = access.exprs.iter().enumerate().any(|(j, e)| {
            other.shape.get(j).is_some_and(|&s| s > 1) && e.terms.iter().any(|&(t, _)| t == l)
        });
        if !varies {
            // A weight the shard's ranks all read whole (Qwen3's per-head q_norm): torch would leave
            // each rank its share of the gradient, never summed over tp.
            if rules.parameters.contains(&access.tensor) {
                return None;
            }
            continue;
        }
        match other.kind {
            TensorKind::Activation => others.push(access.tensor),
            // A weight along the shard: the column module's own bias (its style splits it); another
            // module's weight would be whole.
            _ if read.class == OpClass::Contraction => return None,
            _ => {}
        }
    }
    Some((outputs, others))
}

/// The activation operands of elementwise op `op`, reading the shard `tensor`, that vary along its
/// output's last dim (the whole of it) other than `tensor`: [`meets_whole`]'s candidates.
fn whole_operands(graph: &Graph, op: OpId, tensor: TensorId) -> Vec<TensorId> {
    let read = graph.op(op);
    let (Some(output), OpClass::Elementwise) = (read.outputs.first(), read.class) else {
        return Vec::new();
    };
    let Some(last) = output.exprs.last() else {
        return Vec::new();
    };
    let full = graph
        .tensor(output.tensor)
        .shape
        .last()
        .copied()
        .unwrap_or(1);
    read.inputs
        .iter()
        .filter(|a| {
            a.tensor != tensor
                && graph.tensor(a.tensor).kind == TensorKind::Activation
                && full > 1
                && graph.tensor(a.tensor).shape.last() == Some(&full)
                && a.exprs.last() == Some(last)
        })
        .map(|a| a.tensor)
        .collect()
}

/// The contraction that computes `tensor` through ops that keep its last dim in place (an activation,
/// a reshape): the partner layer whose output a column split's shard meets (SwiGLU's `up_proj`).
fn computed_by(graph: &Graph, tensor: TensorId) -> Option<OpId> {
    let mut tensor = tensor;
    for _ in 0..16 {
        let op = graph.tensor(tensor).producer?;
        let read = graph.op(op);
        if read.class == OpClass::Contraction {
            return Some(op);
        }
        // One activation input carried along (a unary elementwise op or a reshape).
        let inputs: Vec<TensorId> = read
            .inputs
            .iter()
            .map(|a| a.tensor)
            .filter(|&t| graph.tensor(t).kind == TensorKind::Activation)
            .collect();
        let &[input] = inputs.as_slice() else {
            return None;
        };
        if !keeps_last_dim(graph, op, input) {
            return None;
        }
        tensor = input;
    }
    None
}

/// Column splits that must split together (module doc): for each column-split module whose output
/// reaches a row-split partner, the unsplit `nn.Linear` layers (in `linears`: reader op → module) whose
/// outputs its shard meets on the way, each with the column split it meets.
fn partners(
    graph: &Graph,
    results: &BTreeSet<TensorId>,
    styles: &BTreeMap<String, &'static str>,
    modules: &BTreeMap<String, Option<OpId>>,
    linears: &BTreeMap<OpId, String>,
    rules: &Rules,
) -> BTreeMap<String, String> {
    let reader = |name: &String| modules.get(name).copied().flatten();
    let rowwise: BTreeSet<OpId> = styles
        .iter()
        .filter(|(_, &style)| style == "RowwiseParallel")
        .filter_map(|(name, _)| reader(name))
        .filter(|&op| graph.op(op).class == OpClass::Contraction)
        .collect();
    let mut found = BTreeMap::new();
    for (name, &style) in styles {
        let Some(op) = reader(name).filter(|_| style == "ColwiseParallel") else {
            continue;
        };
        let mut walked = BTreeSet::new();
        if paired_row(graph, op, &rowwise, results, None, rules, &mut walked).is_none() {
            continue;
        }
        for &tensor in &walked {
            for &consumer in graph.consumers(tensor) {
                for whole in whole_operands(graph, consumer, tensor) {
                    if walked.contains(&whole) {
                        continue;
                    }
                    if let Some(module) = computed_by(graph, whole).and_then(|c| linears.get(&c)) {
                        if !styles.contains_key(module) {
                            found.entry(module.clone()).or_insert_with(|| name.clone());
                        }
                    }
                }
            }
        }
    }
    found
}

/// A strategy as `torch.distributed` runs it (module doc): the pipeline, when its stages are exported
/// as `torch.distributed.pipelining` runs them, else the nearest mesh strategy.
pub struct Export {
    /// What torch runs, in flexc's terms: its simulated cost is the export's cost warning.
    pub nearest: Strategy,
    pipeline: Option<Pipeline>,
    warnings: Vec<String>,
}

/// The stages as `torch.distributed.pipelining` splits them.
struct Pipeline {
    /// The submodule whose call begins each stage but the first.
    split_points: Vec<String>,
    /// Each named weight's stage (its first reader's, as torch splits).
    parameter_stages: BTreeMap<String, u32>,
}

impl Export {
    /// What torch runs of `strategy` on `devices` (module doc); `training_step`: the module carries its
    /// own backward; `batch_dim`: the data arguments' batch dim (torch splits micro-batches on dim 0).
    pub fn new(
        imported: &Imported,
        strategy: &Strategy,
        devices: u64,
        training_step: bool,
        batch_dim: usize,
    ) -> Export {
        // Torch runs recomputation (activation checkpointing) and ZeRO-1 (FSDP without resharding
        // after the forward) on a mesh too: only the stages and micro-batches go.
        let mesh = |warnings| {
            // Torch's mesh (dp × tp) has no expert axis: a schedule's expert parallelism goes.
            let mut nearest = jax::nearest_mesh_strategy(strategy, Some(&[]));
            nearest.schedule.zero = strategy.schedule.zero;
            Export {
                nearest,
                pipeline: None,
                warnings,
            }
        };
        if strategy.schedule.virtual_stages() <= 1 {
            return mesh(Vec::new());
        }
        match pipeline(imported, strategy, devices, training_step, batch_dim) {
            Ok((pipeline, nearest, warnings)) => Export {
                nearest,
                pipeline: Some(pipeline),
                warnings,
            },
            Err(why) => mesh(vec![format!(
                "the pipeline is not exported as torch.distributed.pipelining stages: {why}"
            )]),
        }
    }
}

/// The schedule class of `torch.distributed.pipelining` that runs `order` with `chunks` stages per rank.
fn schedule_class(order: Order, chunks: u32) -> &'static str {
    match (order, chunks > 1) {
        (Order::GPipe, false) => "ScheduleGPipe",
        (Order::OneFOneB, false) => "Schedule1F1B",
        (Order::GPipe, true) => "ScheduleLoopedBFS",
        (Order::OneFOneB, true) => "ScheduleInterleaved1F1B",
    }
}

/// The pipeline of `strategy` as torch splits it, the strategy that runs in flexc's terms and the
/// warnings of what changed; `Err`: why torch's pipeline cannot run it (module doc).
fn pipeline(
    imported: &Imported,
    strategy: &Strategy,
    devices: u64,
    training_step: bool,
    batch_dim: usize,
) -> Result<(Pipeline, Strategy, Vec<String>), String> {
    let schedule = &strategy.schedule;
    if training_step {
        return Err("the module is a training step with its own backward; torch's pipeline splits the forward of the user's module".to_string());
    }
    if batch_dim != 0 {
        return Err(format!(
            "the batch is dim {batch_dim} of the data; torch splits micro-batches along dim 0"
        ));
    }
    // Each stage group's devices: `tp` consecutive ids from `group · tp` (`flexc_core::scheduled`).
    let tp = devices / u64::from(schedule.replicas.max(1) * schedule.stages.max(1));
    let tp = u32::try_from(tp.max(1)).map_err(|_| format!("{tp} devices per stage"))?;
    let mut nearest = strategy.clone();
    let mut warnings = Vec::new();
    let graph = &imported.graph;
    // Each weight: name, flexc's stage, its first reader (program order).
    let mut weights: Vec<(String, u32, usize)> = Vec::new();
    for (i, arg) in imported.args.iter().enumerate() {
        let Some(tensor) = arg.tensor.filter(|_| arg.weight) else {
            continue;
        };
        let Some(&first) = graph.consumers(tensor).iter().min() else {
            continue;
        };
        let Some(name) = &arg.name else {
            return Err(format!(
                "weight @{}:{i} has no name (par.name): split points name submodules",
                imported.entry
            ));
        };
        weights.push((name.clone(), schedule.stage_of(first), first.index()));
    }
    let under = |module: &str, name: &str| {
        name.strip_prefix(module)
            .is_some_and(|rest| rest.starts_with('.'))
    };
    let (mut split_points, mut starts) = (Vec::new(), Vec::new());
    for k in 1..schedule.virtual_stages() {
        let Some((name, _, _)) = weights.iter().filter(|w| w.1 == k).min_by_key(|w| w.2) else {
            return Err(format!(
                "stage {k} reads no weight; a split point is the call of a submodule with parameters"
            ));
        };
        let parts: Vec<&str> = name.split('.').collect();
        let Some(module) = (1..parts.len())
            .map(|n| parts[..n].join("."))
            .find(|m| weights.iter().all(|w| !under(m, &w.0) || w.1 >= k))
        else {
            return Err(format!(
                "{name}, the first weight stage {k} reads, is no submodule's parameter"
            ));
        };
        let start = weights
            .iter()
            .filter(|w| under(&module, &w.0))
            .map(|w| w.2)
            .min()
            .unwrap_or(usize::MAX);
        if starts.last().is_some_and(|&last| last >= start) {
            return Err(format!(
                "stage {k}'s submodule {module} begins before stage {}'s",
                k - 1
            ));
        }
        split_points.push(module);
        starts.push(start);
    }
    // Torch's stage of each op: the split points at or before it in program order.
    let torch_stage = |op: usize| starts.iter().filter(|&&start| start <= op).count() as u32;
    let moved: Vec<usize> = (0..graph.num_ops())
        .filter(|&op| schedule.stage_of(OpId::new(op)) != torch_stage(op))
        .collect();
    if !moved.is_empty() {
        // `stage_of` may end early: the ops past it are in stage 0 (`Schedule::stage_of`).
        nearest.schedule.stage_of.resize(graph.num_ops(), 0);
    }
    for &op in &moved {
        let k = torch_stage(op);
        let from = schedule.group_of_stage(schedule.stage_of(OpId::new(op))) * tp;
        nearest.schedule.stage_of[op] = k;
        let to = schedule.group_of_stage(k) * tp;
        for device in nearest
            .configs
            .get_mut(op)
            .into_iter()
            .flat_map(|c| &mut c.devices)
        {
            *device = DeviceId(device.0 - from.min(device.0) + to);
        }
    }
    if let Some(&first) = moved.first() {
        warnings.push(format!(
            "{} ops run in a neighbouring stage, the first at {}: torch splits at submodule calls ({})",
            moved.len(),
            imported.ops[first].location,
            split_points.join(", ")
        ));
    }
    let parameter_stages = weights
        .iter()
        .map(|(name, _, first)| (name.clone(), torch_stage(*first)))
        .collect();
    Ok((
        Pipeline {
            split_points,
            parameter_stages,
        },
        nearest,
        warnings,
    ))
}

/// The warning with the simulated cost of the strategy torch runs (its argument) against the strategy
/// exported from; `None` when they are the same.
pub type Cost<'a> = dyn Fn(&Strategy) -> Result<Option<String>, Diag> + 'a;

/// The `--emit=torch-plan` JSON and its warnings (module doc), last the simulated cost of what the
/// export changes (`cost` of the strategy torch runs: [`Export::nearest`] with the layers the plan
/// splits together, [`partners`], split as their column partner is).
pub fn plan(
    model: &str,
    imported: &Imported,
    strategy: &Strategy,
    devices: u64,
    export: &Export,
    sequence_parallel: bool,
    cost: &Cost<'_>,
) -> Result<(String, Vec<String>), Diag> {
    if let Some(pipeline) = &export.pipeline {
        return pipeline_plan(
            model,
            imported,
            devices,
            export,
            pipeline,
            sequence_parallel,
            cost,
        );
    }
    // What torch runs, in flexc's terms: the nearest mesh strategy, then the plan's own changes.
    let mut runs = export.nearest.clone();
    let mut warnings = export.warnings.clone();
    let found = styles_of(model, imported, strategy, devices, &mut runs, &mut warnings)?;
    warnings.dedup();
    warnings.extend(cost(&runs)?);
    let schedule = &export.nearest.schedule;
    let zero = schedule.zero;
    let value = json!({
        "format": "flexc-torch-plan-1",
        "model": model,
        "world_size": devices,
        "mesh": {"dims": ["dp", "tp"], "shape": [found.dp, devices / found.dp]},
        "plan": found.styles,
        "layouts": found.layouts,
        "pairs": found.pairs,
        "transposed": found.transposed,
        "fsdp": found.fsdp || matches!(zero, Zero::Optimizer | Zero::Gradients),
        "zero": zero.level(),
        "recompute": schedule.recompute.name(),
        "sequence_parallel": sequence_parallel && devices / found.dp > 1,
        "schedule": strategy.schedule.summary(),
        "parameters": found.parameters,
        "warnings": warnings,
    });
    let mut text = String::new();
    jax::layout(&value, 0, &mut text);
    text.push('\n');
    Ok((text, warnings))
}

/// The tensor-parallel styles of a mesh strategy ([`styles_of`]).
struct Styles {
    /// The data-parallel size of the mesh (`tp` is the rest).
    dp: u64,
    styles: BTreeMap<String, &'static str>,
    layouts: BTreeMap<String, Value>,
    pairs: BTreeMap<String, String>,
    transposed: BTreeSet<String>,
    /// Each named parameter's spec over `dp` and `tp`.
    parameters: serde_json::Map<String, Value>,
    /// Whether a parameter is split over `dp` (FSDP).
    fsdp: bool,
}

/// The `parallelize_module` styles, layouts and pairs of mesh strategy `strategy` on `devices` (module
/// doc); what torch runs differently is changed in `runs` (the same ops as `strategy`) and warned of.
fn styles_of(
    model: &str,
    imported: &Imported,
    strategy: &Strategy,
    devices: u64,
    runs: &mut Strategy,
    warnings: &mut Vec<String>,
) -> Result<Styles, Diag> {
    // ZeRO-1 and 2 are the plan's own (`zero`, FSDP without resharding after the forward), not the
    // sharding's.
    let mut sharded = strategy.clone();
    if matches!(sharded.schedule.zero, Zero::Optimizer | Zero::Gradients) {
        sharded.schedule.zero = Zero::None;
    }
    let strategy = &sharded;
    let derived = jax::export(model, imported, strategy, devices, None)?;
    let dp: u64 = derived.data.iter().map(|&i| derived.mesh[i].1).product();
    let mesh: Vec<Axis> = vec![("dp".to_string(), dp), ("tp".to_string(), devices / dp)];
    let export = jax::export(model, imported, strategy, devices, Some(&mesh))?;
    warnings.extend(export.warnings.iter().cloned());
    let empty = Vec::new();
    let inputs = export.value["inputs"].as_array().unwrap_or(&empty);
    let mut styles: BTreeMap<String, &'static str> = BTreeMap::new();
    let mut parameters = serde_json::Map::new();
    let mut fsdp = false;
    // Each styled module's op reading its weight.
    let mut modules: BTreeMap<String, Option<OpId>> = BTreeMap::new();
    // Styled modules whose weight is `[in, out]` (Hugging Face's `Conv1D`).
    let mut transposed: BTreeSet<String> = BTreeSet::new();
    for (i, input) in inputs.iter().enumerate() {
        if input["kind"] != "parameter" {
            continue;
        }
        let name = input["name"].as_str().unwrap_or_default().to_string();
        let spec = input["spec"].as_array().cloned().unwrap_or_default();
        parameters.insert(name.clone(), Value::Array(spec.clone()));
        fsdp |= spec.iter().any(|e| names(e, "dp"));
        let split: Vec<usize> = (0..spec.len()).filter(|&j| names(&spec[j], "tp")).collect();
        if split.is_empty() || spec.len() == 1 {
            // Unsplit, or a bias (it follows its weight's style).
            continue;
        }
        let module = match name.rsplit_once('.') {
            Some((module, _)) if imported.args.get(i).is_some_and(|a| a.name.is_some()) => module,
            _ => {
                warnings.push(format!(
                    "{name}: split over tp but not a named submodule's parameter (par.name \"module.weight\"): left replicated"
                ));
                unsplit(imported, i, runs);
                continue;
            }
        };
        let class = export.readers.get(i).copied().flatten();
        let layout = imported.args[i]
            .tensor
            .filter(|_| class == Some(OpClass::Contraction))
            .and_then(|t| output_dim(&imported.graph, t));
        // A weight multiplied as it is (`[in, out]`, Hugging Face's `Conv1D`): its styles are
        // nn.Linear's with the dims swapped, which `apply` runs on the module (`transposed`).
        let in_out = layout == Some(1) && spec.len() == 2;
        let chosen = match (spec.len(), split.as_slice()) {
            (2, &[dim]) if in_out => style(1 - dim, class),
            (2, &[dim]) => style(dim, class),
            _ => {
                warnings.push(format!(
                    "{name}: its split over tp (dims {split:?} of {}) is no parallelize_module style: left replicated",
                    spec.len()
                ));
                unsplit(imported, i, runs);
                continue;
            }
        };
        match styles.get(module) {
            Some(&other) if other != chosen => warnings.push(format!(
                "{module}: its parameters ask for {other} and {chosen}: the first is kept"
            )),
            Some(_) => {}
            None => {
                if in_out {
                    transposed.insert(module.to_string());
                }
                styles.insert(module.to_string(), chosen);
                let reader = imported.args[i]
                    .tensor
                    .and_then(|t| weight_reader(&imported.graph, t));
                modules.insert(module.to_string(), reader);
            }
        }
    }
    let tp = devices / dp.max(1);
    if tp > 1 && styles.is_empty() && !imported.args.iter().any(|a| a.weight && a.name.is_some()) {
        // Styles name submodules: without names the plan is the mesh alone, and tp replicates.
        warnings.push(format!(
            "the plan has no parallelize_module style: no weight argument has a name (par.name, as named_parameters() names it; flexc.torch.export writes them), so the model runs replicated on the {tp} devices of tp"
        ));
    }
    let results = imported.results.iter().filter_map(|r| r.tensor).collect();
    // Unsplit `nn.Linear` layers (a named 2-D weight, `[out, in]`) by the op reading their weight.
    let mut linears = BTreeMap::new();
    for (i, input) in inputs.iter().enumerate() {
        let name = input["name"].as_str().unwrap_or_default();
        let (Some(module), Some(tensor)) = (
            name.strip_suffix(".weight"),
            imported.args.get(i).and_then(|a| a.tensor),
        ) else {
            continue;
        };
        let linear = input["kind"] == "parameter"
            && imported.graph.tensor(tensor).shape.len() == 2
            && !styles.contains_key(module)
            && output_dim(&imported.graph, tensor) == Some(0);
        if let Some(op) = weight_reader(&imported.graph, tensor).filter(|_| linear) {
            linears.insert(op, module.to_string());
        }
    }
    let rules = Rules {
        tp,
        parameters: parameters_of(imported),
    };
    let together = partners(
        &imported.graph,
        &results,
        &styles,
        &modules,
        &linears,
        &rules,
    );
    for (module, column) in &together {
        warnings.push(format!(
            "{module}: split ColwiseParallel together with {column}, whose shard meets its output before their RowwiseParallel partner (as SwiGLU's up_proj beside gate_proj, q/k/v): the strategy computes it whole and slices it, torch cannot slice a whole tensor to meet a shard; split, it does a share of the work the strategy simulated whole"
        ));
        styles.insert(module.clone(), "ColwiseParallel");
        let reader = linears
            .iter()
            .find(|(_, m)| *m == module)
            .map(|(&op, _)| op);
        modules.insert(module.clone(), reader);
        // Torch runs it as its column partner runs: the partner's configuration on its contraction.
        let partner = modules.get(column).copied().flatten();
        if let (Some(op), Some(like)) = (reader, partner) {
            split_like(&imported.graph, runs, op, like);
        }
        // Its weight and bias now split dim 0 over `tp` (ahead of what they held there: FSDP's `dp`).
        for (name, spec) in parameters.iter_mut() {
            let own = matches!(
                name.strip_prefix(module.as_str()),
                Some(".weight" | ".bias")
            );
            if let (true, Some(first)) = (own, spec.as_array_mut().and_then(|a| a.first_mut())) {
                *first = match first.take() {
                    Value::Null => json!("tp"),
                    Value::Array(mut axes) => {
                        axes.insert(0, json!("tp"));
                        Value::Array(axes)
                    }
                    other => json!(["tp", other]),
                };
            }
        }
    }
    let (layouts, pairs) = layouts(
        &imported.graph,
        &results,
        &styles,
        &modules,
        &rules,
        runs,
        warnings,
    );
    Ok(Styles {
        dp,
        styles,
        layouts,
        pairs,
        transposed,
        parameters,
        fsdp,
    })
}

/// Sets the configuration in `strategy` of contraction `op` and of the ops its output passes alone on
/// its way (a reshape, an activation) to `like`'s and its chain's, op for op while their loops agree, up
/// to the op where the chains meet: a layer split together with its column partner (SwiGLU's `up_proj`
/// as `gate_proj`) runs as the partner runs.
fn split_like(graph: &Graph, strategy: &mut Strategy, op: OpId, like: OpId) {
    let sizes = |o: OpId| -> Vec<u64> { graph.op(o).dims.iter().map(|d| d.size).collect() };
    // The op and its single-consumer successors with one output each.
    let chain = |start: OpId| -> Vec<OpId> {
        let mut ops = vec![start];
        while ops.len() < 16 {
            let read = graph.op(*ops.last().expect("not empty"));
            let [output] = read.outputs.as_slice() else {
                break;
            };
            let &[next] = graph.consumers(output.tensor) else {
                break;
            };
            ops.push(next);
        }
        ops
    };
    let (ours, theirs) = (chain(op), chain(like));
    for (&mine, &model) in ours.iter().zip(&theirs) {
        if theirs.contains(&mine)
            || sizes(mine) != sizes(model)
            || graph.op(mine).class != graph.op(model).class
        {
            break;
        }
        if let Some(config) = strategy.configs.get(model.index()).cloned() {
            if let Some(slot) = strategy.configs.get_mut(mine.index()) {
                *slot = config;
            }
        }
    }
}

/// The op reading weight argument `i` run whole on each rank of `tp` in `runs` ([`whole_per_group`]):
/// the weight left replicated, as torch runs a module without a style.
fn unsplit(imported: &Imported, i: usize, runs: &mut Strategy) {
    let graph = &imported.graph;
    let reader = imported
        .args
        .get(i)
        .and_then(|a| a.tensor)
        .and_then(|t| weight_reader(graph, t));
    if let Some(op) = reader {
        if let Some(config) = runs.configs.get_mut(op.index()) {
            *config = whole_per_group(graph, op, config);
        }
    }
}

/// `config` of op `op` with only its sample loop split, each task run whole on every device of the
/// tasks it merges (their copies, [`flexc_core::Config::copies`]): the op as torch runs it on a whole
/// tensor, replicated over `tp` and split over `dp` as the strategy split the samples.
fn whole_per_group(graph: &Graph, op: OpId, config: &flexc_core::Config) -> flexc_core::Config {
    let sample = graph.op(op).first_dim(flexc_core::Role::Sample);
    let degrees: Vec<u64> = config
        .degrees
        .iter()
        .enumerate()
        .map(|(d, &k)| if Some(d) == sample { k } else { 1 })
        .collect();
    if degrees == config.degrees {
        return config.clone();
    }
    let copies = config.copies();
    let tasks = config.grid_tasks();
    let parts = degrees.iter().product::<u64>().max(1) as usize;
    let mut groups: Vec<Vec<DeviceId>> = vec![Vec::new(); parts];
    for t in 0..tasks {
        // The sample coordinate of task `t` (row-major over the grid).
        let mut rest = t as u64;
        let mut coordinate = 0u64;
        for (d, &k) in config.degrees.iter().enumerate().rev() {
            if Some(d) == sample {
                coordinate = rest % k.max(1);
            }
            rest /= k.max(1);
        }
        let devices = config
            .devices
            .get(t * copies..(t + 1) * copies)
            .unwrap_or(&[]);
        groups[(coordinate as usize).min(parts - 1)].extend_from_slice(devices);
    }
    // Every merged task on the same number of devices (the copies of one task are a multiple).
    let width = groups.iter().map(Vec::len).min().unwrap_or(0);
    if width == 0 || groups.iter().any(|g| g.len() != width) {
        return config.clone();
    }
    flexc_core::Config {
        degrees,
        devices: groups.concat(),
    }
}

/// `strategy`, a pipeline whose stage groups hold `tp` devices each, as the mesh strategy of one stage
/// group (`tp` devices, its replicas kept): each op's devices moved from its stage's group to `0..tp`.
/// Every stage of a torch pipeline applies the same styles on its `tp` ranks, which the styles of this
/// strategy name ([`styles_of`]).
fn stage_local(strategy: &Strategy, tp: u32) -> Strategy {
    let mut local = strategy.clone();
    local.schedule.as_mesh();
    for config in &mut local.configs {
        for device in &mut config.devices {
            device.0 %= tp.max(1);
        }
    }
    local
}

/// The plan of a pipeline (module doc): the styles of one stage group's `tp` ranks ([`stage_local`],
/// [`styles_of`]), the stages' checkpointing, FSDP or replication of each stage over `dp`; last among
/// the warnings the simulated cost of what torch runs (`cost` of [`Export::nearest`] with the styles'
/// own changes).
fn pipeline_plan(
    model: &str,
    imported: &Imported,
    devices: u64,
    export: &Export,
    pipeline: &Pipeline,
    sequence_parallel: bool,
    cost: &Cost<'_>,
) -> Result<(String, Vec<String>), Diag> {
    let schedule = &export.nearest.schedule;
    let zero = schedule.zero;
    let (dp, pp) = (
        u64::from(schedule.replicas.max(1)),
        u64::from(schedule.stages),
    );
    let tp = devices / (dp * pp);
    let mut warnings = export.warnings.clone();
    let mut runs = export.nearest.clone();
    let found = if tp > 1 {
        let width = u32::try_from(tp)
            .map_err(|_| Diag::error(None, format!("--emit=torch-plan: {tp} devices per stage")))?;
        let local = stage_local(&export.nearest, width);
        let mut changed = local.clone();
        let found = styles_of(
            model,
            imported,
            &local,
            dp * tp,
            &mut changed,
            &mut warnings,
        )?;
        if found.dp != dp {
            return Err(Diag::error(
                None,
                format!("--emit=torch-plan: a stage group's strategy splits the samples {} ways, the pipeline has {dp} replicas (a flexc bug)", found.dp),
            ));
        }
        // The styles' changes, moved back to each op's stage group.
        for (i, (before, after)) in local.configs.iter().zip(&changed.configs).enumerate() {
            if before == after {
                continue;
            }
            let shift = schedule.group_of_stage(schedule.stage_of(OpId::new(i))) * width;
            let mut config = after.clone();
            for device in &mut config.devices {
                device.0 += shift;
            }
            if let Some(slot) = runs.configs.get_mut(i) {
                *slot = config;
            }
        }
        Some(found)
    } else {
        None
    };
    warnings.dedup();
    warnings.extend(cost(&runs)?);
    // FSDP shards dim 0 of every parameter over `dp` (ZeRO-3 and ZeRO-1 alike: `apply` runs ZeRO-1 as
    // FSDP that keeps the gathered weights from the forward to the backward).
    let fsdp = zero != Zero::None;
    let parameters: serde_json::Map<String, Value> = match &found {
        Some(found) => found.parameters.clone(),
        None => imported
            .args
            .iter()
            .filter(|arg| arg.weight)
            .filter_map(|arg| Some((arg.name.clone()?, arg.tensor?)))
            .map(|(name, tensor)| {
                let rank = imported.graph.tensor(tensor).shape.len();
                let spec: Vec<Value> = (0..rank)
                    .map(|d| {
                        if fsdp && d == 0 {
                            json!("dp")
                        } else {
                            Value::Null
                        }
                    })
                    .collect();
                (name, Value::Array(spec))
            })
            .collect(),
    };
    let empty = Styles {
        dp,
        styles: BTreeMap::new(),
        layouts: BTreeMap::new(),
        pairs: BTreeMap::new(),
        transposed: BTreeSet::new(),
        parameters: serde_json::Map::new(),
        fsdp,
    };
    let found = found.unwrap_or(empty);
    let value = json!({
        "format": "flexc-torch-plan-1",
        "model": model,
        "world_size": devices,
        "mesh": {"dims": ["dp", "pp", "tp"], "shape": [dp, pp, tp]},
        "plan": found.styles,
        "layouts": found.layouts,
        "pairs": found.pairs,
        "transposed": found.transposed,
        "fsdp": fsdp,
        "zero": zero.level(),
        "recompute": schedule.recompute.name(),
        "sequence_parallel": sequence_parallel && tp > 1,
        "pipeline": {
            "split_points": pipeline.split_points,
            "stages": pp,
            "chunks": schedule.chunks.max(1),
            "micro_batches": schedule.micro_batches.max(1),
            "schedule": schedule_class(schedule.order, schedule.chunks),
            "parameter_stages": pipeline.parameter_stages,
        },
        "schedule": schedule.summary(),
        "parameters": parameters,
        "warnings": warnings,
    });
    let mut text = String::new();
    jax::layout(&value, 0, &mut text);
    text.push('\n');
    Ok((text, warnings))
}

/// The layouts of the styles that are not half of a pair (module doc): a column-split module whose
/// output does not reach a row-split one through elementwise ops, or meets a whole tensor on the way
/// (a warning), gathers it, a row-split module no column-split one feeds (an embedding always) slices
/// its whole input.
fn layouts(
    graph: &Graph,
    results: &BTreeSet<TensorId>,
    styles: &BTreeMap<String, &'static str>,
    modules: &BTreeMap<String, Option<OpId>>,
    rules: &Rules,
    runs: &mut Strategy,
    warnings: &mut Vec<String>,
) -> (BTreeMap<String, Value>, BTreeMap<String, String>) {
    let reader = |name: &String| modules.get(name).copied().flatten();
    let rowwise: BTreeSet<OpId> = styles
        .iter()
        .filter(|(_, &style)| style == "RowwiseParallel")
        .filter_map(|(name, _)| reader(name))
        .filter(|&op| graph.op(op).class == OpClass::Contraction)
        .collect();
    // Column-split modules pair with a row-split one only together with every column-split module
    // whose shard meets theirs on the way (SwiGLU's gate and up, q/k/v): the pairs are found as a
    // fixpoint, each round's shards (the tensors the paired walks passed) the next round's `sharded`.
    let columns: Vec<(&String, OpId)> = styles
        .iter()
        .filter(|(_, &style)| style == "ColwiseParallel")
        .filter_map(|(name, _)| Some((name, reader(name)?)))
        .filter(|&(_, op)| graph.op(op).class == OpClass::Contraction)
        .collect();
    let mut sharded: BTreeSet<TensorId> = BTreeSet::new();
    let mut pairs: BTreeMap<&String, OpId> = BTreeMap::new();
    let mut first = true;
    let mut candidates = BTreeMap::new();
    loop {
        let mut reached = BTreeSet::new();
        let next: BTreeMap<&String, OpId> = columns
            .iter()
            .filter(|(name, _)| first || pairs.contains_key(name))
            .filter_map(|&(name, op)| {
                // The first round finds the candidates: with no shard known yet, every other operand
                // would read as whole and fail them all, so it checks only that a partner is reached.
                let check = (!first).then_some(&sharded);
                let mut walked = BTreeSet::new();
                let row = paired_row(graph, op, &rowwise, results, check, rules, &mut walked)?;
                reached.extend(walked);
                Some((name, row))
            })
            .collect();
        let stable = !first && next.len() == pairs.len();
        if first {
            candidates = next.clone();
        }
        pairs = next;
        sharded = reached;
        first = false;
        if stable {
            break;
        }
    }
    let mut fed = BTreeSet::new();
    let mut layouts = BTreeMap::new();
    for (name, &style) in styles {
        if style != "ColwiseParallel" {
            continue;
        }
        match pairs.get(name) {
            Some(&row) => {
                fed.insert(row);
            }
            None => {
                layouts.insert(name.clone(), json!({"output": "Replicate"}));
                // Torch gathers the output: the ops the shard would have reached run whole on each
                // rank of `tp` up to the row partner, which slices its input.
                let changed = reader(name).is_some_and(|op| {
                    let mut walked = BTreeSet::new();
                    paired_row(graph, op, &rowwise, results, None, rules, &mut walked);
                    let ops: BTreeSet<OpId> = walked
                        .iter()
                        .flat_map(|&t| graph.consumers(t).iter().copied())
                        .filter(|c| !rowwise.contains(c))
                        .collect();
                    let mut changed = false;
                    for c in ops {
                        if let Some(config) = runs.configs.get_mut(c.index()) {
                            let whole = whole_per_group(graph, c, config);
                            changed |= whole != *config;
                            *config = whole;
                        }
                    }
                    changed
                });
                if candidates.contains_key(name) {
                    warnings.push(format!(
                        "{name}: its ColwiseParallel shard meets a tensor computed whole before its RowwiseParallel partner (a partner layer left unsplit, as SwiGLU's up_proj beside gate_proj): torch cannot multiply a shard by a whole tensor, so its output is gathered (output_layouts=Replicate()) and the ops after it run whole on each tp rank"
                    ));
                } else if changed {
                    warnings.push(format!(
                        "{name}: its ColwiseParallel shard does not reach a RowwiseParallel partner as torch holds it (the output or a tensor after it is a result of the module, or an op after it slices the split dim, reduces over it, reshapes it into an inner factor or into factors the tp shards do not divide, or reads another module's parameter whole along it: a fused q/k/v projection split by width, grouped-query attention split past its key/value heads, a per-head norm): its output is gathered (output_layouts=Replicate()) and the ops the strategy split after it run whole on each tp rank"
                    ));
                }
            }
        }
    }
    for (name, &style) in styles {
        if style == "RowwiseParallel" && !reader(name).is_some_and(|op| fed.contains(&op)) {
            layouts.insert(name.clone(), json!({"input": "Replicate"}));
        }
    }
    // Each paired column module's row partner, by name.
    let named: BTreeMap<OpId, &String> = styles
        .keys()
        .filter_map(|name| Some((reader(name)?, name)))
        .collect();
    let partners = pairs
        .iter()
        .filter_map(|(&column, row)| Some((column.clone(), named.get(row)?.to_string())))
        .collect();
    (layouts, partners)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_and_embedding_styles_follow_pytorch_layouts() {
        assert_eq!(style(0, Some(OpClass::Contraction)), "ColwiseParallel");
        assert_eq!(style(1, Some(OpClass::Contraction)), "RowwiseParallel");
        assert_eq!(style(0, Some(OpClass::Embedding)), "RowwiseParallel");
        assert_eq!(style(1, Some(OpClass::Embedding)), "ColwiseParallel");
    }
}
