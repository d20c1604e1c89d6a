//! `--emit=jax-shardings`: a strategy as the shardings JAX's `jax.jit` takes — a device mesh with named
//! axes, and a `PartitionSpec` (one entry per tensor dim: `null`, an axis name, or a list of axis names)
//! for every argument and result of the entry function, parameters keyed by their names (`par.name`).
//! XLA's SPMD partitioner then runs the strategy: flexc fixes the shardings at the step's boundary and
//! XLA propagates them to the ops inside (`python/flexc/jax.py` turns the JSON into `NamedSharding`s).
//!
//! **From configurations to specs.** A tensor's split is read from one op's configuration: its producer
//! (a result), else the reader with the most FLOPs (an argument; the contraction that reads a weight).
//! Tensor dim `j`, indexed by the op's split loop `k` alone (or as the outermost term of a merged dim,
//! the `shard` export's rule), is split `degree[k]` ways; a dim the sample loop indexes is split as many
//! more ways as the schedule has data-parallel replicas.
//!
//! **The mesh.** `--mesh=NAME:SIZE,...` gives it (its product must be the device count); otherwise it is
//! `data` (the samples' split) × `model` (the rest of the devices), or × `expert` when the only other
//! splits of the arguments are the expert dims of a mixture-of-experts layer's weights (expert
//! parallelism: an expert dim split over `data` and `expert` puts each device's experts beside its
//! samples, and XLA exchanges the tokens between them by all-to-all). A dim split `k` ways takes the
//! unused mesh axes whose sizes multiply to `k`: a sample dim from the data axes first (the shortest
//! prefix of the mesh whose product is the samples' split), any other dim from the other axes first.
//!
//! **Expert parallelism.** A schedule's `ep=E` ([`flexc_core::experts`]: the experts split over `E`
//! of the data-parallel replicas) is an `expert` axis of size `E` inside the samples' split (the
//! derived mesh is `data` × `expert` × `model`, the data axes `dp / E` of the replicas): the samples
//! split over both, and the expert dim of every expert weight (the dim an expert-batched
//! contraction's expert loop indexes) over `expert`, ahead of any split it has inside a replica, so each
//! device holds `1/E` of the experts beside its samples and XLA moves the tokens by all-to-all; ZeRO-3
//! shards an expert weight over the remaining data axes (its experts' other replicas). A given `--mesh`
//! must name an `expert` axis of size `E` for it; without one (and on torch's `dp` × `tp` mesh)
//! expert parallelism is dropped with a warning and the cost of every replica holding every expert.
//!
//! **Context parallelism** (`cp`) is an error: the shardings fix the step's boundary and XLA's SPMD
//! partitioner runs an attention whose sequence is sharded by gathering the keys and values, not the
//! ring flexc prices (a ring needs a ring-attention kernel: MaxText's, which `--emit=maxtext` writes).
//!
//! **What a mesh cannot express** is exported as the nearest mesh strategy with a warning naming each
//! change: pipeline stages (each op's configuration runs over the whole mesh instead, one program),
//! micro-batches (the whole batch at once), ZeRO (weights and optimizer state replicated over the data
//! axes), a schedule's expert parallelism without an `expert` axis (every replica holds every expert), ops placed on their own
//! device subsets (every op runs SPMD on the whole mesh), a dim split by
//! several loops or with a halo, or a degree no set of mesh axes has (that dim replicated), and
//! readers of one argument that split it differently (the largest reader's split; XLA reshards for the
//! others).

use crate::diagnostics::Diag;
use flexc_core::schedule::dimension::{self, CONTEXT};
use flexc_core::{Config, Graph, OpId, Role, Strategy, TensorId};
use flexc_passes::import::Imported;
use serde_json::{json, Value};

/// The strategy the export describes, in flexc's terms, for its simulated cost beside the strategy
/// exported from: one stage and one micro-batch (every op in one SPMD program over the whole batch),
/// ZeRO-1 dropped, a schedule's expert parallelism kept where `mesh` has an `expert` axis for it
/// ([`expert_axis`]; dropped otherwise), and each op's tasks on the leading devices of its replica
/// (its device ids in their
/// order; a pipeline stage's group and an op's own device subset both become the mesh's first
/// devices, XLA's replication over the rest costing the same time per device). What the export
/// replicates only at the step's boundary (a halo split, a degree no mesh axes give) stays split:
/// XLA's propagation splits the op inside again.
pub fn nearest_mesh_strategy(strategy: &Strategy, mesh: Option<&[Axis]>) -> Strategy {
    let mut nearest = strategy.clone();
    nearest.schedule.as_mesh();
    if expert_axis(strategy, mesh) {
        nearest.schedule.ways.set(
            dimension::EXPERT,
            strategy.schedule.ways.get(dimension::EXPERT),
        );
    }
    for config in &mut nearest.configs {
        let mut ids: Vec<u32> = config.devices.iter().map(|d| d.0).collect();
        ids.sort_unstable();
        ids.dedup();
        for device in &mut config.devices {
            device.0 = ids.partition_point(|&id| id < device.0) as u32;
        }
    }
    nearest
}

/// A named mesh axis and its size.
pub type Axis = (String, u64);

/// The mesh axis of a schedule's expert parallelism (module doc, "Expert parallelism").
const EXPERT: &str = "expert";

/// Whether the export writes `strategy`'s schedule expert parallelism (`ep > 1`) on an `expert` mesh
/// axis: the derived mesh (`mesh` `None`) has one, a given mesh must name one of size `ep`.
pub fn expert_axis(strategy: &Strategy, mesh: Option<&[Axis]>) -> bool {
    let ep = u64::from(strategy.schedule.ways.get(dimension::EXPERT));
    ep > 1 && mesh.is_none_or(|axes| axes.iter().any(|(n, size)| n == EXPERT && *size == ep))
}

/// Parses `--mesh=data:2,model:4`.
pub fn parse_mesh(text: &str) -> Result<Vec<Axis>, String> {
    let mut axes: Vec<Axis> = Vec::new();
    for part in text.split(',') {
        let (name, size) = part
            .split_once(':')
            .ok_or_else(|| format!("--mesh: '{part}' is not NAME:SIZE"))?;
        let name = name.trim();
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(format!(
                "--mesh: '{name}' is not an axis name (letters, digits, _)"
            ));
        }
        let size: u64 = size
            .trim()
            .parse()
            .ok()
            .filter(|&s| s >= 1)
            .ok_or_else(|| {
                format!("--mesh: axis '{name}' needs a size of at least 1, not '{size}'")
            })?;
        if axes.iter().any(|(n, _)| n == name) {
            return Err(format!("--mesh: axis '{name}' is named twice"));
        }
        axes.push((name.to_string(), size));
        if axes.len() > MAX_MESH_AXES {
            return Err(format!(
                "--mesh: more than {MAX_MESH_AXES} axes (a mesh of {} devices at most has no more axes of 2)",
                flexc_core::DeviceCount::MAX
            ));
        }
        // The running product, checked: the sizes are the user's, and the mesh is at most as large as
        // a device count may be.
        let devices = axes
            .iter()
            .try_fold(1u64, |p, a| p.checked_mul(a.1))
            .filter(|&p| p <= u64::from(flexc_core::DeviceCount::MAX));
        if devices.is_none() {
            return Err(format!(
                "--mesh: the axes up to '{name}' make more than {} devices",
                flexc_core::DeviceCount::MAX
            ));
        }
    }
    Ok(axes)
}

/// The most axes `--mesh` may name (the axis sets of a dim split are enumerated).
pub const MAX_MESH_AXES: usize = 16;

/// A tensor dim's split as flexc's strategy has it: the degree and whether the samples are split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DimSplit {
    degree: u64,
    sample: bool,
}

const WHOLE: DimSplit = DimSplit {
    degree: 1,
    sample: false,
};

/// The split of each dim of `tensor` in `strategy`, with the op it was read from; notes say what
/// could not be expressed.
fn tensor_split(
    graph: &Graph,
    strategy: &Strategy,
    tensor: TensorId,
    replicas: u64,
    name: &str,
    warnings: &mut Vec<String>,
    resplit: &mut Vec<String>,
) -> (Vec<DimSplit>, Option<OpId>) {
    let rank = graph.tensor(tensor).shape.len();
    let producer = graph.tensor(tensor).producer;
    let readers: Vec<(OpId, usize)> = graph
        .ops()
        .iter()
        .enumerate()
        .flat_map(|(i, op)| {
            op.inputs
                .iter()
                .enumerate()
                .filter(|(_, a)| a.tensor == tensor)
                .map(move |(k, _)| (OpId::new(i), k))
        })
        .collect();
    let split_of = |op: OpId, access: &flexc_core::graph::Access, notes: &mut Vec<String>| {
        let config: &Config = &strategy.configs[op.index()];
        let graph_op = graph.op(op);
        access
            .exprs
            .iter()
            .enumerate()
            .map(|(j, expr)| {
                let terms: Vec<(usize, i64)> = expr
                    .terms
                    .iter()
                    .copied()
                    .filter(|&(_, c)| c != 0)
                    .collect();
                let sample = terms
                    .iter()
                    .any(|&(k, _)| graph_op.dims.get(k).is_some_and(|d| d.role == Role::Sample));
                let replicated = if sample { replicas } else { 1 };
                let split: Vec<(usize, i64)> = terms
                    .iter()
                    .copied()
                    .filter(|&(k, _)| {
                        !config.is_replicated() && config.degrees.get(k).is_some_and(|&d| d > 1)
                    })
                    .collect();
                let size = graph.tensor(access.tensor).shape.get(j).copied();
                match split.as_slice() {
                    [] => DimSplit {
                        degree: replicated,
                        sample,
                    },
                    [(k, c)] if whole_blocks(expr, *k, *c, size, &graph_op.dims) => DimSplit {
                        degree: config.degrees[*k] * replicated,
                        sample,
                    },
                    _ => {
                        notes.push(format!(
                            "{name}: dim {j} is split by {} (a halo or several loops): replicated",
                            graph_op.location
                        ));
                        WHOLE
                    }
                }
            })
            .collect::<Vec<DimSplit>>()
    };
    if let Some(op) = producer {
        let access = graph
            .op(op)
            .outputs
            .iter()
            .find(|a| a.tensor == tensor)
            .expect("a producer writes its tensor");
        return (split_of(op, access, warnings), Some(op));
    }
    let largest = readers.iter().copied().max_by(|a, b| {
        graph
            .op(a.0)
            .flops
            .total_cmp(&graph.op(b.0).flops)
            .then(b.0.index().cmp(&a.0.index()))
    });
    let Some((op, k)) = largest else {
        return (vec![WHOLE; rank], None);
    };
    let chosen = split_of(op, &graph.op(op).inputs[k], warnings);
    let differing = readers
        .iter()
        .any(|&(other, i)| split_of(other, &graph.op(other).inputs[i], &mut Vec::new()) != chosen);
    if differing {
        resplit.push(name.to_string());
    }
    (chosen, Some(op))
}

/// Whether splitting loop `k` (coefficient `c` in `expr`) splits a tensor dim of `size` into equal
/// contiguous blocks: the dim is the loop itself, or a merged dim whose outermost term is `k`.
fn whole_blocks(
    expr: &flexc_core::AffineDim,
    k: usize,
    c: i64,
    size: Option<u64>,
    dims: &[flexc_core::graph::Dim],
) -> bool {
    let extent = |d: usize| dims.get(d).map_or(1, |d| d.size);
    if expr.offset != 0 || expr.terms.iter().any(|&(_, c)| c < 0) {
        return false;
    }
    let inner: i64 = expr
        .terms
        .iter()
        .filter(|&&(d, _)| d != k)
        .map(|&(d, coefficient)| coefficient * (extent(d) as i64 - 1))
        .sum();
    inner == c - 1 && size == Some(extent(k) * c as u64)
}

/// Mesh axes `name`, `name2`, ... of sizes whose running products are the degrees of `degrees` (sorted)
/// that form a chain of divisors of `total`, the last axis completing `total`: degrees 2 and 4 of 8
/// devices are axes of 2, 2 and 2. One axis of `total` when no degree fits.
fn chain_axes(name: &str, degrees: &[u64], total: u64) -> Vec<Axis> {
    let mut sizes = Vec::new();
    let mut product = 1;
    for &d in degrees {
        if d > product && d % product == 0 && total % d == 0 {
            sizes.push(d / product);
            product = d;
        }
    }
    if product < total || sizes.is_empty() {
        sizes.push(total / product);
    }
    sizes
        .iter()
        .enumerate()
        .map(|(i, &size)| match i {
            0 => (name.to_string(), size),
            _ => (format!("{name}{}", i + 1), size),
        })
        .collect()
}

/// The mesh axes a dim split `degree` ways takes, given the axes `used` by the tensor's other dims;
/// `None` when no set of unused axes has that size.
fn axes_for(mesh: &[Axis], data: &[usize], split: DimSplit, used: &[usize]) -> Option<Vec<usize>> {
    let n = mesh.len();
    let mut best: Option<(u8, usize, Vec<usize>)> = None;
    for mask in 1u32..(1 << n) {
        let set: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        if set.iter().any(|i| used.contains(i)) {
            continue;
        }
        let product: u64 = set.iter().map(|&i| mesh[i].1).product();
        if product != split.degree {
            continue;
        }
        // Sample dims prefer the data axes, the others the rest.
        let in_data = set.iter().all(|i| data.contains(i));
        let outside = set.iter().all(|i| !data.contains(i));
        let rank = match (split.sample, in_data, outside) {
            (true, true, _) | (false, _, true) => 0,
            _ => 1,
        };
        let key = (rank, set.len(), set.clone());
        if best.as_ref().is_none_or(|b| key < *b) {
            best = Some(key);
        }
    }
    best.map(|(_, _, set)| set)
}

/// The specs of one tensor: per dim `null`, an axis name, or a list of names.
fn spec(
    mesh: &[Axis],
    data: &[usize],
    splits: &[DimSplit],
    expert: Option<(usize, &[usize])>,
    name: &str,
    warnings: &mut Vec<String>,
) -> Value {
    let mut used: Vec<usize> = Vec::new();
    // The schedule's expert parallelism: the expert dims on the `expert` axis (kept from the others),
    // then on the axes of their split inside a replica.
    let (expert_axis, expert_dims) = match expert {
        Some((axis, dims)) if !dims.is_empty() => (Some(axis), dims),
        _ => (None, &[][..]),
    };
    used.extend(expert_axis);
    let entries: Vec<Value> = splits
        .iter()
        .enumerate()
        .map(|(j, split)| {
            let on_expert = expert_axis.filter(|_| expert_dims.contains(&j));
            if split.degree <= 1 {
                return on_expert.map_or(Value::Null, |axis| json!(mesh[axis].0));
            }
            match axes_for(mesh, data, *split, &used) {
                Some(set) => {
                    used.extend(&set);
                    let set: Vec<usize> = on_expert.into_iter().chain(set).collect();
                    match set.as_slice() {
                        [one] => json!(mesh[*one].0),
                        _ => json!(set.iter().map(|&i| mesh[i].0.clone()).collect::<Vec<_>>()),
                    }
                }
                None => {
                    warnings.push(format!(
                        "{name}: dim {j} is split {} ways, which no set of free mesh axes multiplies to: replicated",
                        split.degree
                    ));
                    Value::Null
                }
            }
        })
        .collect();
    Value::Array(entries)
}

/// The `--emit=jax-shardings` JSON of `strategy` for `imported` on `devices` devices, and the warnings
/// naming what the mesh could not express (module doc), `cost` (the simulated cost of the changes)
/// last. `Err`: the mesh does not fit the devices.
pub fn shardings(
    model: &str,
    imported: &Imported,
    strategy: &Strategy,
    devices: u64,
    mesh: Option<&[Axis]>,
    cost: Option<&str>,
) -> Result<(String, Vec<String>), Diag> {
    let mut export = export(model, imported, strategy, devices, mesh)?;
    if let Some(cost) = cost {
        export.warnings.push(cost.to_string());
        export.value["warnings"] = json!(export.warnings);
    }
    let mut text = String::new();
    layout(&export.value, 0, &mut text);
    text.push('\n');
    Ok((text, export.warnings))
}

/// An export before printing: the JSON value, its warnings, and what the torch plan needs besides.
pub struct Export {
    pub value: Value,
    pub warnings: Vec<String>,
    /// Per entry argument, the class of the op its split was read from (`None`: no graph op reads it).
    pub readers: Vec<Option<flexc_core::OpClass>>,
    /// The mesh the specs refer to.
    pub mesh: Vec<Axis>,
    /// The mesh axes of the samples' split (indices in `mesh`).
    pub data: Vec<usize>,
}

/// [`shardings`] before printing.
pub fn export(
    model: &str,
    imported: &Imported,
    strategy: &Strategy,
    devices: u64,
    mesh: Option<&[Axis]>,
) -> Result<Export, Diag> {
    let graph = &imported.graph;
    let schedule = &strategy.schedule;
    // The mesh exports write expert parallelism (an `expert` axis) and refuse context parallelism
    // below; another parallelism dimension (crate::schedule::dimension) is refused by name.
    if let Some((_, d, w)) = schedule
        .ways
        .used()
        .find(|(dim, _, _)| ![dimension::EXPERT, CONTEXT].contains(dim))
    {
        return Err(Diag::error(
            None,
            format!(
                "{}={w}: the mesh exports do not write {} yet; export a plan without {}",
                d.key(),
                d.noun(),
                d.key()
            ),
        ));
    }
    if schedule.ways.get(CONTEXT) > 1 {
        // A mesh of `dp · cp` replicas would cut the batch, not the sequence, over the cp ranks; and a
        // sequence sharded at the step's boundary is not the ring (module doc, "Context parallelism").
        return Err(Diag::error(
            None,
            format!(
                "cp={}: a mesh sharding does not run context parallelism as planned: the shardings fix the step's boundary only, and XLA's SPMD partitioner runs an attention whose sequence is sharded by gathering every key and value (torch's DTensor styles likewise), not the key/value ring flexc prices, which needs a ring-attention kernel (MaxText's context_parallel_strategy \"ring\", torch's torch.distributed.tensor.experimental.context_parallel, which flexc.torch.apply does not call); export it with --emit=maxtext, --emit=torchtitan or --emit=megatron-args, or plan without cp",
                schedule.ways.get(CONTEXT)
            ),
        ));
    }
    let mut warnings = Vec::new();
    if schedule.stages > 1 || schedule.chunks > 1 {
        warnings.push(format!(
            "the pipeline ({} stages, {} chunks each; schedule {}) is not a mesh sharding: each op's configuration in its stage is exported over the whole mesh, one SPMD program",
            schedule.stages,
            schedule.chunks,
            schedule.summary()
        ));
    }
    if schedule.micro_batches > 1 {
        warnings.push(format!(
            "{} micro-batches (gradient accumulation) are dropped: XLA runs the whole batch at once",
            schedule.micro_batches
        ));
    }
    let ep = u64::from(schedule.ways.get(dimension::EXPERT).max(1));
    let experts_on_axis = expert_axis(strategy, mesh);
    if ep > 1 && !experts_on_axis {
        warnings.push(format!(
            "expert parallelism over {ep} replicas (ep={ep}) is dropped: every replica holds every expert, as the configurations give them (the mesh has no `{EXPERT}` axis of {ep}: torch.distributed has no expert-parallel style, and a --mesh must name one)"
        ));
    }
    // The expert weights' expert dims (module doc, "Expert parallelism").
    let mut expert_dims: std::collections::BTreeSet<(TensorId, usize)> = Default::default();
    if experts_on_axis {
        if let Some(experts) = flexc_core::experts::experts(graph) {
            for &(op, d) in &experts.contractions {
                for access in &graph.op(op).inputs {
                    if graph.tensor(access.tensor).kind != flexc_core::graph::TensorKind::Weight {
                        continue;
                    }
                    for (j, expr) in access.exprs.iter().enumerate() {
                        if expr.single_dim() == Some(d) {
                            expert_dims.insert((access.tensor, j));
                        }
                    }
                }
            }
        }
    }
    let fsdp = schedule.zero == flexc_core::schedule::Zero::Full;
    if matches!(
        schedule.zero,
        flexc_core::schedule::Zero::Optimizer | flexc_core::schedule::Zero::Gradients
    ) {
        warnings.push(format!(
            "ZeRO-{} (optimizer state{} sharded alone) is dropped: the step's state is sharded as its weights are, replicated over the data axes",
            schedule.zero.level(),
            if schedule.zero == flexc_core::schedule::Zero::Gradients { " and gradients" } else { "" }
        ));
    }
    let placed: Vec<&str> = strategy
        .configs
        .iter()
        .zip(graph.ops())
        .filter(|(config, _)| {
            let tasks = config.devices.len() as u32;
            let mut ids: Vec<u32> = config.devices.iter().map(|d| d.0).collect();
            ids.sort_unstable();
            ids.dedup();
            let leading = ids.iter().enumerate().all(|(i, &d)| i as u32 == d);
            !leading || ids.len() as u32 != tasks
        })
        .map(|(_, op)| op.location.as_str())
        .collect();
    if let Some(first) = placed.first() {
        warnings.push(format!(
            "{} ops are placed on devices of their own (the first at {first}): a mesh sharding (XLA's SPMD partitioner, torch.distributed's styles) runs every op on the whole mesh",
            placed.len()
        ));
    }
    let replicas = u64::from(schedule.replicas.max(1));
    let entry = &imported.entry;
    let arg_name = |i: usize| {
        imported.args[i]
            .name
            .clone()
            .unwrap_or_else(|| format!("@{entry}:{i}"))
    };
    // Arguments read with different splits by different ops.
    let mut resplit = Vec::new();
    let mut readers = Vec::new();
    let arg_splits: Vec<Option<Vec<DimSplit>>> = imported
        .args
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let name = arg_name(i);
            let split = arg.tensor.map(|t| {
                tensor_split(
                    graph,
                    strategy,
                    t,
                    replicas,
                    &name,
                    &mut warnings,
                    &mut resplit,
                )
            });
            readers.push(
                split
                    .as_ref()
                    .and_then(|s| s.1)
                    .map(|op| graph.op(op).class),
            );
            split.map(|s| s.0)
        })
        .collect();
    if let Some(first) = resplit.first() {
        warnings.push(format!(
            "{} arguments ({first}{}) are split differently by the ops that read them: each one's split in its largest reader (by FLOPs) is exported, and XLA reshards it for the others",
            resplit.len(),
            if resplit.len() > 1 { ", ..." } else { "" }
        ));
    }
    let result_splits: Vec<Option<Vec<DimSplit>>> = imported
        .results
        .iter()
        .enumerate()
        .map(|(r, result)| match result.aliases {
            Some(i) => arg_splits.get(i).cloned().flatten(),
            None => result.tensor.map(|t| {
                let name = result.name.clone().unwrap_or_else(|| format!("result {r}"));
                let mut unused = Vec::new();
                tensor_split(
                    graph,
                    strategy,
                    t,
                    replicas,
                    &name,
                    &mut warnings,
                    &mut unused,
                )
                .0
            }),
        })
        .collect();
    let exported: Vec<DimSplit> = arg_splits
        .iter()
        .chain(&result_splits)
        .flatten()
        .flatten()
        .copied()
        .collect();
    let degrees = |sample: bool, splits: &[DimSplit]| -> Vec<u64> {
        let mut d: Vec<u64> = splits
            .iter()
            .filter(|s| s.sample == sample && s.degree > 1)
            .map(|s| s.degree)
            .collect();
        d.sort_unstable();
        d.dedup();
        d
    };
    // The samples' split: the largest split of an argument's sample dim that divides the devices (the
    // data enter split that many ways; a result's sample split alone does not make data parallelism).
    let inputs_split: Vec<DimSplit> = arg_splits.iter().flatten().flatten().copied().collect();
    let samples = degrees(true, &inputs_split)
        .into_iter()
        .filter(|d| devices % d == 0)
        .max()
        .unwrap_or(1);
    let mesh: Vec<Axis> = match mesh {
        Some(axes) => {
            let product: u64 = axes.iter().map(|a| a.1).product();
            if product != devices {
                return Err(Diag::error(
                    None,
                    format!(
                        "--mesh has {product} devices but the strategy is for {devices} (--devices or the machine)"
                    ),
                ));
            }
            axes.to_vec()
        }
        None => {
            // A schedule's expert parallelism: `ep` of the replicas on the `expert` axis, inside the
            // samples' split (ep divides the replicas, which divide it).
            let on_axis = experts_on_axis && samples % ep == 0;
            let data_ways = if on_axis { samples / ep } else { samples };
            let mut axes = chain_axes("data", &degrees(true, &exported), data_ways);
            if on_axis {
                axes.push((EXPERT.to_string(), ep));
            }
            // Expert parallelism alone beside the samples' split: the other axes are `expert` axes.
            let rest = if !on_axis && expert_parallel(graph, imported, &arg_splits) {
                EXPERT
            } else {
                "model"
            };
            axes.extend(chain_axes(
                rest,
                &degrees(false, &exported),
                devices / samples,
            ));
            axes
        }
    };
    // The data axes: the shortest prefix of the mesh whose product is the samples' split.
    let mut data = Vec::new();
    let mut product = 1;
    for (i, (_, size)) in mesh.iter().enumerate() {
        if product == samples {
            break;
        }
        product *= size;
        data.push(i);
    }
    if product != samples {
        data.clear();
    }
    let expert_index = mesh
        .iter()
        .position(|(n, size)| experts_on_axis && n == EXPERT && *size == ep);
    if experts_on_axis && expert_index.is_none() {
        warnings.push(format!(
            "expert parallelism over {ep} replicas (ep={ep}) is dropped: the samples' split has no room for an `{EXPERT}` axis of {ep}"
        ));
    }
    let shape = |t: Option<TensorId>| {
        t.map(|t| graph.tensor(t).shape.clone())
            .map_or(Value::Null, |s| json!(s))
    };
    let mut parameters = serde_json::Map::new();
    let inputs: Vec<Value> = imported
        .args
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let name = arg_name(i);
            let on_expert: Vec<usize> = arg.tensor.map_or(Vec::new(), |t| {
                expert_dims
                    .iter()
                    .filter(|e| e.0 == t)
                    .map(|e| e.1)
                    .collect()
            });
            let expert = expert_index.map(|axis| (axis, &on_expert[..]));
            let mut spec = match &arg_splits[i] {
                Some(splits) => spec(&mesh, &data, splits, expert, &name, &mut warnings),
                None => json!([]),
            };
            if fsdp && arg.weight {
                let shape = arg.tensor.map(|t| graph.tensor(t).shape.clone());
                shard_over_data(&mut spec, shape.as_deref().unwrap_or(&[]), &mesh, &data);
            }
            if arg.weight {
                parameters.insert(name.clone(), spec.clone());
            }
            json!({
                "index": i,
                "name": name,
                "kind": if arg.weight { "parameter" } else { "data" },
                "shape": shape(arg.tensor),
                "spec": spec,
            })
        })
        .collect();
    let outputs: Vec<Value> = imported
        .results
        .iter()
        .enumerate()
        .map(|(r, result)| {
            let name = result.name.clone().unwrap_or_else(|| format!("result {r}"));
            // An updated parameter comes back as its argument went in.
            let spec = match (result.aliases, &result_splits[r]) {
                (Some(i), _) => inputs[i]["spec"].clone(),
                (None, Some(splits)) => spec(&mesh, &data, splits, None, &name, &mut warnings),
                (None, None) => json!([]),
            };
            json!({
                "index": r,
                "name": name,
                "aliases": result.aliases,
                "shape": shape(result.tensor),
                "spec": spec,
            })
        })
        .collect();
    warnings.dedup();
    let value = json!({
        "format": "flexc-jax-shardings-1",
        "model": model,
        "entry": entry,
        "devices": devices,
        "mesh": {
            "axes": mesh.iter().map(|a| a.0.clone()).collect::<Vec<_>>(),
            "shape": mesh.iter().map(|a| a.1).collect::<Vec<_>>(),
        },
        "schedule": schedule.summary(),
        "inputs": inputs,
        "outputs": outputs,
        "parameters": parameters,
        "warnings": warnings,
    });
    Ok(Export {
        value,
        warnings,
        readers,
        mesh,
        data,
    })
}

/// Whether the arguments' splits besides the samples' are all expert dims, and some are: dims of a
/// weight that an expert-batched contraction ([`flexc_core::experts`]) indexes by its expert loop.
fn expert_parallel(
    graph: &Graph,
    imported: &Imported,
    arg_splits: &[Option<Vec<DimSplit>>],
) -> bool {
    let Some(experts) = flexc_core::experts::experts(graph) else {
        return false;
    };
    let mut expert_dims = std::collections::BTreeSet::new();
    for &(op, d) in &experts.contractions {
        for access in &graph.op(op).inputs {
            for (j, expr) in access.exprs.iter().enumerate() {
                if expr.single_dim() == Some(d) {
                    expert_dims.insert((access.tensor, j));
                }
            }
        }
    }
    let mut any = false;
    for (arg, splits) in imported.args.iter().zip(arg_splits) {
        let (Some(t), Some(splits)) = (arg.tensor, splits) else {
            continue;
        };
        for (j, split) in splits.iter().enumerate() {
            if split.degree <= 1 || split.sample {
                continue;
            }
            if !expert_dims.contains(&(t, j)) {
                return false;
            }
            any = true;
        }
    }
    any
}

/// ZeRO-3 / FSDP: a weight's largest dim that no axis splits yet and whose size the data axes divide
/// is split over them too (XLA then all-gathers it before use and reduce-scatters its gradient).
fn shard_over_data(spec: &mut Value, shape: &[u64], mesh: &[Axis], data: &[usize]) {
    let size: u64 = data.iter().map(|&i| mesh[i].1).product();
    if size <= 1 || shape.is_empty() {
        return;
    }
    let Some(entries) = spec.as_array_mut() else {
        return;
    };
    entries.resize(shape.len(), Value::Null);
    let uses = |name: &str| {
        entries.iter().any(|e| match e {
            Value::String(a) => a == name,
            Value::Array(list) => list.iter().any(|a| a.as_str() == Some(name)),
            _ => false,
        })
    };
    // The data axes the weight does not use yet (an expert weight's experts take the `expert` axis:
    // ZeRO-3 shards it over the other replicas of its experts, as flexc's expert data-parallel group).
    let free: Vec<usize> = data
        .iter()
        .copied()
        .filter(|&i| !uses(&mesh[i].0))
        .collect();
    let names: Vec<&str> = free.iter().map(|&i| mesh[i].0.as_str()).collect();
    let size: u64 = free.iter().map(|&i| mesh[i].1).product();
    let best = (0..shape.len())
        .filter(|&j| entries[j].is_null() && shape[j] % size == 0)
        .max_by_key(|&j| (shape[j], std::cmp::Reverse(j)));
    if let (true, Some(j)) = (size > 1, best) {
        entries[j] = match names.as_slice() {
            [one] => json!(one),
            _ => json!(names),
        };
    }
}

/// `value` as JSON with the top two levels of objects and arrays one entry per line and everything
/// deeper on the line of its entry (an argument's entry, a parameter's spec): readable, and one line per
/// fact for `grep` and FileCheck.
pub(crate) fn layout(value: &Value, depth: usize, out: &mut String) {
    let indent = |d: usize| "  ".repeat(d);
    let compact = |v: &Value| serde_json::to_string(v).expect("JSON values serialize");
    match value {
        Value::Object(map) if depth < 2 && !map.is_empty() => {
            out.push_str("{\n");
            for (i, (key, v)) in map.iter().enumerate() {
                out.push_str(&format!("{}{}: ", indent(depth + 1), compact(&json!(key))));
                layout(v, depth + 1, out);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            out.push_str(&format!("{}}}", indent(depth)));
        }
        Value::Array(items) if depth < 2 && !items.is_empty() => {
            out.push_str("[\n");
            for (i, v) in items.iter().enumerate() {
                out.push_str(&indent(depth + 1));
                layout(v, depth + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&format!("{}]", indent(depth)));
        }
        _ => out.push_str(&compact(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mesh(axes: &[(&str, u64)]) -> Vec<Axis> {
        axes.iter().map(|(n, s)| (n.to_string(), *s)).collect()
    }

    #[test]
    fn sample_dims_take_the_data_axes_and_the_rest_the_others() {
        let m = mesh(&[("data", 2), ("model", 2)]);
        let sample = DimSplit {
            degree: 2,
            sample: true,
        };
        let other = DimSplit {
            degree: 2,
            sample: false,
        };
        assert_eq!(axes_for(&m, &[0], sample, &[]), Some(vec![0]));
        assert_eq!(axes_for(&m, &[0], other, &[]), Some(vec![1]));
        // The preferred axes taken by another dim: any free one of the size.
        assert_eq!(axes_for(&m, &[0], other, &[1]), Some(vec![0]));
        let all = DimSplit {
            degree: 4,
            sample: true,
        };
        assert_eq!(axes_for(&m, &[0], all, &[]), Some(vec![0, 1]));
        assert_eq!(axes_for(&m, &[0], all, &[1]), None);
        let three = DimSplit {
            degree: 3,
            sample: false,
        };
        assert_eq!(axes_for(&m, &[0], three, &[]), None);
    }

    #[test]
    fn derived_axes_make_every_chained_degree_a_product() {
        assert_eq!(
            chain_axes("model", &[2, 4], 8),
            mesh(&[("model", 2), ("model2", 2), ("model3", 2)])
        );
        assert_eq!(chain_axes("model", &[4], 4), mesh(&[("model", 4)]));
        assert_eq!(chain_axes("data", &[], 1), mesh(&[("data", 1)]));
        // 3 does not divide 8: left out (its dims are replicated with a warning).
        assert_eq!(
            chain_axes("model", &[2, 3], 8),
            mesh(&[("model", 2), ("model2", 4)])
        );
    }

    #[test]
    fn the_nearest_mesh_strategy_is_one_program_on_the_leading_devices() {
        use flexc_core::graph::DeviceId;
        use flexc_core::schedule::{Schedule, Zero};
        let config = |degrees: Vec<u64>, devices: Vec<u32>| Config {
            degrees,
            devices: devices.into_iter().map(DeviceId).collect(),
        };
        let pipelined = Strategy {
            // Stage 0 on devices 0-1, stage 1 on 2-3 (reversed), one op alone on device 3.
            configs: vec![
                config(vec![2, 1], vec![0, 1]),
                config(vec![2, 1], vec![3, 2]),
                config(vec![1], vec![3]),
            ],
            schedule: Schedule {
                replicas: 2,
                stages: 2,
                micro_batches: 4,
                zero: Zero::Optimizer,
                stage_of: vec![0, 1, 1],
                ..Schedule::default()
            },
        };
        let nearest = nearest_mesh_strategy(&pipelined, None);
        let devices: Vec<Vec<u32>> = nearest
            .configs
            .iter()
            .map(|c| c.devices.iter().map(|d| d.0).collect())
            .collect();
        assert_eq!(devices, vec![vec![0, 1], vec![1, 0], vec![0]]);
        assert_eq!(
            nearest.schedule,
            Schedule {
                replicas: 2,
                ..Schedule::default()
            }
        );
        // A mesh strategy is its own nearest.
        assert_eq!(nearest_mesh_strategy(&nearest, None), nearest);
    }

    #[test]
    fn meshes_parse_and_refuse_bad_text() {
        assert_eq!(
            parse_mesh("data:2,model:4").unwrap(),
            mesh(&[("data", 2), ("model", 4)])
        );
        assert!(parse_mesh("data=2").unwrap_err().contains("NAME:SIZE"));
        assert!(parse_mesh("data:0").unwrap_err().contains("at least 1"));
        assert!(parse_mesh("a:2,a:2").unwrap_err().contains("twice"));
        assert!(parse_mesh("2x:2").unwrap_err().contains("axis name"));
        // Sizes that multiply past a device count, or wrap around u64, are errors, not 0 devices.
        let many = vec!["a:2"; 1000]
            .iter()
            .enumerate()
            .map(|(i, _)| format!("a{i}:2"))
            .collect::<Vec<_>>()
            .join(",");
        assert!(parse_mesh(&many).unwrap_err().contains("more than 16 axes"));
        let huge = "a:6148914691236517204,b:3,c:3";
        assert!(parse_mesh(huge)
            .unwrap_err()
            .contains("more than 65536 devices"));
        assert!(parse_mesh("a:256,b:512").unwrap_err().contains("up to 'b'"));
    }
}
