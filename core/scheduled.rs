//! User configurations of scheduled strategies: `--strategy=NAME:key=value,...` (a baseline inside each
//! pipeline stage group, with replicas, stages, micro-batches, recomputation and ZeRO around it), and the
//! tensor parallelism of a group that works on training steps which carry their own backward.
//!
//! # The spec
//! `NAME[:key=value,...]`, NAME a baseline ([`crate::baselines`]: `data-parallel`, `model-parallel`,
//! `owt`, `megatron`, `single-device`), keys:
//! - `tp`: devices per stage group (default: `megatron` the GPUs of a node, at most what is left; the
//!   others 1 for `data-parallel`, else all the devices left);
//! - `pp`: pipeline stages (default 1); `vp`: virtual stages per group (interleaved 1F1B);
//! - `dp`: data-parallel replicas (default: the devices left, `n / (tp · pp)`);
//! - `m`: micro-batches per replica, or `mb`: samples per micro-batch (default: one micro-batch
//!   without stages, else the fewest that are at least `2·pp`, as the closed-form bubble suggests);
//! - `order` or `schedule`: `1f1b` (default), `gpipe`, `interleaved:V` (= `vp=V`);
//! - `recompute`: `none`, `selective`, `full`; `zero`: `0`, `1`, `2`, `3`; `sp`: sequence parallelism inside
//!   tensor-parallel groups (`megatron`: ops outside the tensor-parallel regions split along their largest
//!   attribute dim instead of being replicated).
//!
//! Every reader of a spec ([`Spec::parse`], then [`build`]) checks it the same way: each key at most once
//! (`order` and `schedule` are one key; `vp` and `interleaved:V` must agree), no empty item, no
//! contradiction (`vp` without `pp` ≥ 2 or with `gpipe`, `m` with `mb`, `tp` above 1 on `data-parallel`
//! or `single-device`, `sp` outside `megatron` or with `tp` = 1, `zero` with `dp` = 1), and the user's
//! counts bounded before anything is sized from them (`pp · vp` virtual stages at most the forward ops,
//! `m` at most a replica's samples; products in 64 bits). A key that only has no effect (an order
//! without stages, recomputation in inference) is a warning naming it ([`build_with_warnings`]).
//!
//! Megatron-LM's `--tensor-model-parallel-size 8 --pipeline-model-parallel-size 4
//! --micro-batch-size 2 --recompute-granularity full` on 1024 GPUs is
//! `megatron:tp=8,pp=4,mb=2,recompute=full` (`dp` follows: 32).
//!
//! # Stages
//! The forward ops are cut into `pp · vp` contiguous virtual stages of about equal work in program order
//! ([`crate::schedule::balanced_cuts`]); the other ops follow them ([`Phases::complete_stages`]). Every
//! op's configuration is the group baseline's, moved to its stage's group.
//!
//! # Tensor parallelism in a group ([`tensor_parallel`])
//! Megatron's regions ([`crate::baselines::tp_regions_for`]) are found among the forward ops; then
//! the split is propagated to every other op (a training step's backward and update, a loss) from what it
//! reads: an op reading a tensor dim that is split, or a weight dim that is sharded, through one loop splits
//! that loop (a reduction loop gives partial sums, all-reduced: the backward of a column-parallel layer, a
//! vocabulary-parallel loss). Ops the split does not reach are replicated on the group's devices, as
//! Megatron runs layer norms and residual adds on every rank, or, with sequence parallelism, split along
//! their largest attribute loop.

use std::collections::BTreeMap;

use crate::baselines::{self, dominant_term, grid, split_term};
use crate::batch::batch_of;
use crate::graph::{DeviceId, Graph, Mode, Op, OpId, Role, TensorId, TensorKind};
use crate::pipeline::micro_graph;
use crate::problem::Problem;
use crate::schedule::{Order, Phase, Phases, Recompute, Schedule, Zero};
use crate::strategy::{divisors, Config, Strategy};

/// A parsed `--strategy=NAME:key=value,...` (module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    pub name: String,
    pub tp: Option<u32>,
    pub pp: Option<u32>,
    pub vp: Option<u32>,
    pub dp: Option<u32>,
    pub micro_batches: Option<u32>,
    pub micro_batch_size: Option<u64>,
    pub order: Option<Order>,
    pub recompute: Option<Recompute>,
    pub zero: Option<Zero>,
    pub sequence_parallel: bool,
}

/// The baselines a spec may name.
pub const NAMES: [&str; 5] = [
    "data-parallel",
    "model-parallel",
    "owt",
    "megatron",
    "single-device",
];

impl Spec {
    /// Parses the spec; a plain name (no `:`) is a spec without keys. Every key at most once, no empty
    /// item, and the keys' own contradictions ([`Spec::check_keys`]) are errors.
    pub fn parse(text: &str) -> Result<Spec, String> {
        let (name, keys) = match text.split_once(':') {
            Some((n, k)) => (n.trim(), Some(k)),
            None => (text.trim(), None),
        };
        if !NAMES.contains(&name) {
            return Err(format!(
                "unknown strategy '{name}' (expected one of: {}, optionally followed by :key=value,...)",
                NAMES.join(", ")
            ));
        }
        let mut spec = Spec {
            name: name.to_string(),
            ..Spec::default()
        };
        // Each key as it was given first (`order` and `schedule` are one key), and the virtual stages
        // `interleaved:V` gave.
        let mut seen: Vec<(&str, &str)> = Vec::new();
        let mut interleaved: Option<u32> = None;
        for entry in keys.into_iter().flat_map(|k| k.split(',')) {
            let entry = entry.trim();
            if entry.is_empty() {
                return Err(format!(
                    "'{text}' has an empty item: give key=value items separated by single commas"
                ));
            }
            let (key, value) = entry
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| format!("strategy key '{entry}' has no value (key=value)"))?;
            let canonical = if key == "schedule" { "order" } else { key };
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == canonical) {
                return Err(format!(
                    "strategy key {key} is given twice ('{first}' and '{entry}'): give it once"
                ));
            }
            let count = || -> Result<u32, String> {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|&v| v >= 1)
                    .ok_or_else(|| {
                        format!("strategy key {key} must be a positive count, not '{value}'")
                    })
            };
            match key {
                "tp" => spec.tp = Some(count()?),
                "pp" => spec.pp = Some(count()?),
                "vp" => spec.vp = Some(count()?),
                "dp" => spec.dp = Some(count()?),
                "m" => spec.micro_batches = Some(count()?),
                "mb" => spec.micro_batch_size = Some(u64::from(count()?)),
                "order" | "schedule" => match value.split_once(':') {
                    Some(("interleaved", v)) => {
                        spec.order = Some(Order::OneFOneB);
                        interleaved = Some(v.parse::<u32>().ok().filter(|&v| v >= 1).ok_or_else(
                            || format!("interleaved:V needs a positive count V, not '{v}'"),
                        )?);
                    }
                    _ => {
                        spec.order = Some(Order::from_name(value).ok_or_else(|| {
                            format!("{key} must be 1f1b, gpipe or interleaved:V, not '{value}'")
                        })?)
                    }
                },
                "recompute" => {
                    spec.recompute = Some(Recompute::from_name(value).ok_or_else(|| {
                        format!("recompute must be none, selective or full, not '{value}'")
                    })?)
                }
                "zero" => {
                    spec.zero = Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .and_then(Zero::from_level)
                            .ok_or_else(|| format!("zero must be 0, 1, 2 or 3, not '{value}'"))?,
                    )
                }
                "sp" => {
                    spec.sequence_parallel = match value {
                        "1" | "true" | "on" => true,
                        "0" | "false" | "off" => false,
                        _ => return Err(format!("sp must be true or false, not '{value}'")),
                    }
                }
                _ => {
                    return Err(format!(
                        "unknown strategy key '{key}' (expected tp, pp, vp, dp, m, mb, order, schedule, recompute, zero, sp)"
                    ))
                }
            }
            seen.push((canonical, entry));
        }
        if let Some(v) = interleaved {
            match spec.vp {
                Some(vp) if vp != v => {
                    return Err(format!(
                        "vp={vp} and interleaved:{v} disagree on the virtual stages per group: give one of them"
                    ))
                }
                _ => spec.vp = Some(v),
            }
        }
        spec.check_keys()?;
        Ok(spec)
    }

    /// The contradictions the keys show by themselves (those that depend on the machine and the graph are
    /// [`build`]'s): virtual stages without pipeline stages or with GPipe, both `m` and `mb`, keys the
    /// named baseline ignores (`tp` of `data-parallel` or `single-device`, `sp` outside `megatron`), `sp`
    /// with `tp=1`, and `zero` with `dp=1`.
    pub fn check_keys(&self) -> Result<(), String> {
        let pp = self.pp.unwrap_or(1);
        if let Some(vp) = self.vp.filter(|&v| v > 1) {
            if pp == 1 {
                return Err(format!(
                    "vp={vp} (interleaved:{vp}) divides pipeline stages into virtual stages, but the strategy has one stage: give pp=2 or more, or drop vp"
                ));
            }
            if self.order == Some(Order::GPipe) {
                return Err(format!(
                    "vp={vp} is the interleaved 1F1B schedule, but the order is gpipe: drop vp or the gpipe order"
                ));
            }
        }
        if self.micro_batches.is_some() && self.micro_batch_size.is_some() {
            return Err("give the micro-batches (m) or their size (mb), not both".into());
        }
        match (self.name.as_str(), self.tp) {
            ("data-parallel", Some(t)) if t > 1 => {
                return Err(format!(
                    "data-parallel splits no op across devices, so tp={t} would only add replicas inside each stage group: give dp instead"
                ))
            }
            ("single-device", Some(t)) if t > 1 => {
                return Err(format!(
                    "single-device runs each stage group on one device, so tp={t} would leave {} of its devices idle: drop tp",
                    t - 1
                ))
            }
            _ => {}
        }
        if self.sequence_parallel {
            if self.name != "megatron" {
                return Err(format!(
                    "sp (sequence parallelism) applies to megatron's tensor-parallel groups; {} has none: drop sp",
                    self.name
                ));
            }
            if self.tp == Some(1) {
                return Err(
                    "sp (sequence parallelism) splits ops inside tensor-parallel groups, but tp=1 has none: drop sp or give tp=2 or more".into(),
                );
            }
        }
        if let (Some(zero), Some(1)) = (self.zero.filter(|&z| z != Zero::None), self.dp) {
            return Err(format!(
                "zero={} splits weight state over data-parallel replicas, but dp=1 has one: drop zero or give dp=2 or more",
                zero.level()
            ));
        }
        Ok(())
    }

    /// Whether the spec has no key: the plain baseline over the whole machine.
    pub fn is_plain(&self) -> bool {
        *self
            == Spec {
                name: self.name.clone(),
                ..Spec::default()
            }
    }
}

/// The strategy `spec` describes for `problem` (module doc); [`build_with_warnings`] without its warnings.
pub fn build(problem: &Problem, spec: &Spec) -> Result<Strategy, String> {
    build_with_warnings(problem, spec).map(|(strategy, _)| strategy)
}

/// The strategy `spec` describes for `problem` (module doc), and a warning for each key that has no
/// effect on it. Besides [`Spec::check_keys`], errors: `sp` where the tensor-parallel groups have one
/// device, `zero` where there is one replica, more micro-batches than a replica has samples, and more
/// virtual stages (`pp · vp`) than forward ops to cut into them.
pub fn build_with_warnings(
    problem: &Problem,
    spec: &Spec,
) -> Result<(Strategy, Vec<String>), String> {
    spec.check_keys()?;
    let graph = problem.graph;
    let machine = problem.machine;
    let n = machine.num_devices();
    let pp = spec.pp.unwrap_or(1);
    let vp = spec.vp.unwrap_or(1);
    // Virtual stages, counted without overflow (both factors come from the user); bounded by the forward
    // ops below.
    let k64 = u64::from(pp) * u64::from(vp);
    let left = |used: u32| -> Result<u32, String> {
        if used == 0 || n % used != 0 {
            Err(format!(
                "the strategy's tp × pp ({used}) does not divide the {n} devices"
            ))
        } else {
            Ok(n / used)
        }
    };
    let tp = match (spec.tp, spec.name.as_str()) {
        (Some(t), _) => t,
        (None, "megatron") => {
            let room = left(pp)? / spec.dp.unwrap_or(1);
            divisors(u64::from(room.max(1)))
                .into_iter()
                .filter(|&t| t <= u64::from(machine.gpus_per_node))
                .max()
                .unwrap_or(1) as u32
        }
        (None, "data-parallel") => 1,
        (None, _) => left(pp)? / spec.dp.unwrap_or(1).max(1),
    };
    let tp_pp = u64::from(tp) * u64::from(pp);
    let dp = match spec.dp {
        Some(d) => d,
        None if tp_pp == 0 || u64::from(n) % tp_pp != 0 => {
            return Err(format!(
                "the strategy's tp × pp ({tp_pp}) does not divide the {n} devices"
            ))
        }
        None => (u64::from(n) / tp_pp) as u32,
    };
    if tp_pp * u64::from(dp) != u64::from(n) {
        return Err(format!(
            "the strategy's tp × pp × dp = {tp} × {pp} × {dp} is not the {n} devices in use"
        ));
    }
    if spec.sequence_parallel && tp == 1 {
        return Err(format!(
            "sp (sequence parallelism) splits ops inside tensor-parallel groups, but the strategy has tp=1 (tp × pp × dp = 1 × {pp} × {dp}): drop sp"
        ));
    }
    if let Some(zero) = spec.zero.filter(|&z| z != Zero::None) {
        let engine = problem.cost.state().data_parallel;
        if !engine.shards() {
            return Err(format!(
                "zero={} shards weight state over the data-parallel replicas, but the engine reduces gradients after the backward (--data-parallel={}: no ZeRO); drop zero, or plan for an engine that shards (--engine=megatron-core, fsdp2 or xla)",
                zero.level(),
                engine.name()
            ));
        }
        if dp == 1 {
            return Err(format!(
                "zero={} splits weight state over data-parallel replicas, but the strategy has one (tp × pp × dp = {tp} × {pp} × 1): drop zero",
                zero.level()
            ));
        }
    }
    let batch = batch_of(graph, problem.batch_dim).unwrap_or(1);
    let per_replica = batch / u64::from(dp);
    if batch % u64::from(dp) != 0 {
        return Err(format!(
            "the strategy's {dp} data-parallel replicas do not divide the batch of {batch}"
        ));
    }
    let micro_batches = match (spec.micro_batches, spec.micro_batch_size) {
        (Some(m), None) => {
            if u64::from(m) > per_replica {
                return Err(format!(
                    "m={m} micro-batches are more than the {per_replica} samples of a replica (batch {batch} over {dp} replicas)"
                ));
            }
            m
        }
        (None, Some(b)) => {
            if b == 0 || per_replica % b != 0 {
                return Err(format!(
                    "a micro-batch of {b} does not divide the {per_replica} samples of a replica (batch {batch} over {dp} replicas)"
                ));
            }
            u32::try_from(per_replica / b).map_err(|_| "too many micro-batches".to_string())?
        }
        (Some(_), Some(_)) => {
            return Err("give the micro-batches (m) or their size (mb), not both".into())
        }
        (None, None) if k64 > 1 => divisors(per_replica)
            .into_iter()
            .find(|&m| m >= 2 * u64::from(pp) && (vp == 1 || m % u64::from(pp) == 0))
            .unwrap_or(per_replica)
            .min(u64::from(u32::MAX)) as u32,
        (None, None) => 1,
    };
    let loops = crate::batch::batch_loops(graph, problem.batch_dim).map_err(|e| e.message)?;
    let phases = Phases::new(graph, &loops, problem.mode.training_step());
    let forward: Vec<OpId> = graph
        .topological_order()
        .filter(|&id| phases.of(id) == Phase::Forward)
        .collect();
    if k64 > 1 && k64 > forward.len() as u64 {
        return Err(if vp > 1 {
            format!(
                "pp={pp} × vp={vp} = {k64} virtual stages, but the graph has {} forward ops to cut into them: at most {} virtual stages per stage",
                forward.len(),
                forward.len() as u64 / u64::from(pp)
            )
        } else {
            format!(
                "pp={pp} pipeline stages, but the graph has {} forward ops to cut into them",
                forward.len()
            )
        });
    }
    let k = k64 as u32;
    let mut warnings = Vec::new();
    if k == 1 {
        if let Some(order) = spec.order {
            warnings.push(format!(
                "order {} has no effect: the strategy has no pipeline stages (pp=1)",
                order.name()
            ));
        }
    }
    if problem.mode == Mode::Inference {
        if let Some(r) = spec.recompute.filter(|&r| r != Recompute::None) {
            warnings.push(format!(
                "recompute={} has no effect: an inference graph has no backward",
                r.name()
            ));
        }
    }
    let mut schedule = Schedule {
        replicas: dp,
        stages: pp,
        chunks: vp,
        micro_batches,
        order: spec.order.unwrap_or_default(),
        recompute: spec.recompute.unwrap_or_default(),
        zero: spec.zero.unwrap_or_default(),
        stage_of: Vec::new(),
    };
    let (micro, _, _) = micro_graph(problem, &schedule).map_err(|e| e.message)?;
    let group: Vec<Config> = match spec.name.as_str() {
        "megatron" => tensor_parallel(&micro, &phases, tp, spec.sequence_parallel),
        "data-parallel" => baselines::data_parallel(&micro, tp).configs,
        "model-parallel" => baselines::model_parallel(&micro, tp).configs,
        "owt" => baselines::one_weird_trick(&micro, tp).configs,
        _ => Strategy::single_device(&micro).configs,
    };
    let mut stage_of = vec![0u32; graph.num_ops()];
    if k > 1 {
        let costs: Vec<f64> = forward
            .iter()
            .map(|&id| {
                let op = graph.op(id);
                let backward = match problem.mode {
                    Mode::Training => problem.mode.backward_factor(graph, op),
                    // A training step's backward is about twice its forward.
                    Mode::TrainingStep => 2.0,
                    Mode::Inference => 0.0,
                };
                op.flops * (1.0 + backward)
            })
            .collect();
        for (&id, part) in forward
            .iter()
            .zip(crate::schedule::balanced_cuts(graph, &forward, &costs, k))
        {
            stage_of[id.index()] = part;
        }
        phases.complete_stages(graph, &mut stage_of);
        schedule.stage_of = stage_of.clone();
    }
    let configs = group
        .into_iter()
        .zip(&stage_of)
        .map(|(mut c, &s)| {
            let shift = schedule.group_of_stage(s) * tp;
            for d in &mut c.devices {
                d.0 += shift;
            }
            c
        })
        .collect();
    Ok((Strategy { configs, schedule }, warnings))
}

/// Megatron-LM tensor parallelism of `graph` over devices `0..t` (module doc), for every op of any phase.
pub fn tensor_parallel(
    graph: &Graph,
    phases: &Phases,
    t: u32,
    sequence_parallel: bool,
) -> Vec<Config> {
    let t64 = u64::from(t.max(1));
    let n = graph.num_ops();
    let mut split: Vec<Option<usize>> = vec![None; n];
    if t64 > 1 {
        let regions = baselines::tp_regions_for(graph, &|op| phases.of(op) == Phase::Forward, t64);
        for region in &regions {
            for &(op, d) in &region.ops {
                if graph.op(op).dims[d].size % t64 == 0 {
                    split[op.index()] = Some(d);
                }
            }
        }
        // Large weights outside the regions (a vocabulary-sized LM head) are column-parallel too: their
        // parameter loop split, the loss's reductions over it becoming partial sums (Megatron's
        // vocabulary-parallel head and cross entropy; the embedding lookup follows the sharded table).
        for id in graph.topological_order() {
            let op = graph.op(id);
            if split[id.index()].is_some()
                || phases.of(id) != Phase::Forward
                || op.class != crate::graph::OpClass::Contraction
            {
                continue;
            }
            let large = op.inputs.iter().any(|a| {
                let t = graph.tensor(a.tensor);
                t.kind == TensorKind::Weight && t.elements() >= LARGE_WEIGHT
            });
            if let Some(p) = baselines::weight_parameter_dim(graph, op)
                .filter(|&p| large && op.dims[p].size % t64 == 0)
            {
                split[id.index()] = Some(p);
            }
        }
        // An embedding table looked up by itself (not tied to the head) is vocabulary-parallel as well:
        // the lookup's loop over the table's rows split, each device finding the tokens of its rows and
        // the rows summed over the devices (Megatron's VocabParallelEmbedding).
        for id in graph.topological_order() {
            let op = graph.op(id);
            if split[id.index()].is_some()
                || phases.of(id) != Phase::Forward
                || op.class != crate::graph::OpClass::Embedding
            {
                continue;
            }
            let rows = op.inputs.iter().find_map(|a| {
                let t = graph.tensor(a.tensor);
                if t.kind != TensorKind::Weight || t.elements() < LARGE_WEIGHT {
                    return None;
                }
                let (dim, _) = t
                    .shape
                    .iter()
                    .enumerate()
                    .max_by_key(|&(j, &n)| (n, std::cmp::Reverse(j)))?;
                a.exprs.get(dim).and_then(dominant_term)
            });
            if let Some(k) = rows.filter(|&k| op.dims[k].size % t64 == 0) {
                split[id.index()] = Some(k);
            }
        }
        propagate(graph, &mut split, t64);
    }
    graph
        .ops()
        .iter()
        .zip(&split)
        .map(|(op, s)| match s {
            Some(d) => grid(op, &[(*d, t64)]),
            None if !op.is_partitionable() || t64 == 1 => Config::single(op, DeviceId(0)),
            None => match sequence_parallel.then(|| sequence_dim(op, t64)).flatten() {
                Some(a) => grid(op, &[(a, t64)]),
                None => Config::replicated(op, (0..t).map(DeviceId)),
            },
        })
        .collect()
}

/// Elements from which a weight outside Megatron's regions is split all the same.
const LARGE_WEIGHT: u64 = 1 << 22;

/// The largest attribute loop that indexes every output and divides by `t` (a sequence). An
/// elementwise op without one — it reads a weight over every loop, as the position table added to the
/// token embeddings — is split over its largest such parameter loop: Megatron scatters that sum to the
/// sequence-parallel region all the same, each device reading its part of the table.
fn sequence_dim(op: &Op, t: u64) -> Option<usize> {
    let candidates = |role: Role| {
        op.dims
            .iter()
            .enumerate()
            .filter(move |(k, d)| {
                d.role == role
                    && d.size % t == 0
                    && op
                        .outputs
                        .iter()
                        .all(|a| a.exprs.iter().any(|e| dominant_term(e) == Some(*k)))
            })
            .max_by_key(|&(k, d)| (d.size, std::cmp::Reverse(k)))
            .map(|(k, _)| k)
    };
    candidates(Role::Attribute).or_else(|| {
        (op.class == crate::graph::OpClass::Elementwise)
            .then(|| candidates(Role::Parameter))
            .flatten()
    })
}

/// Extends `split` (a loop per op, split `t` ways) to every op that reads a split tensor dim or a sharded
/// weight dim through exactly one loop (weights first), to a fixpoint.
fn propagate(graph: &Graph, split: &mut [Option<usize>], t: u64) {
    // Split tensor dims: (tensor, dim) → whether it is a weight shard.
    let mut dims: BTreeMap<(TensorId, usize), bool> = BTreeMap::new();
    let record =
        |graph: &Graph, op: &Op, d: usize, dims: &mut BTreeMap<(TensorId, usize), bool>| {
            for a in &op.outputs {
                for (j, e) in a.exprs.iter().enumerate() {
                    if split_term(e, op, t) == Some(d) {
                        dims.entry((a.tensor, j)).or_insert(false);
                    }
                }
            }
            for a in &op.inputs {
                if graph.tensor(a.tensor).kind == TensorKind::Weight {
                    for (j, e) in a.exprs.iter().enumerate() {
                        if split_term(e, op, t) == Some(d) {
                            dims.insert((a.tensor, j), true);
                        }
                    }
                }
            }
        };
    for (i, s) in split.iter().enumerate() {
        if let Some(d) = *s {
            record(graph, graph.op(OpId::new(i)), d, &mut dims);
        }
    }
    for _round in 0..8 {
        let mut changed = false;
        for id in graph.topological_order() {
            if split[id.index()].is_some() {
                continue;
            }
            let op = graph.op(id);
            if !op.is_partitionable() {
                continue;
            }
            let mut weight_loops: Vec<usize> = Vec::new();
            let mut data_loops: Vec<usize> = Vec::new();
            for a in &op.inputs {
                for (j, e) in a.exprs.iter().enumerate() {
                    let Some(&is_weight) = dims.get(&(a.tensor, j)) else {
                        continue;
                    };
                    let Some(d) = split_term(e, op, t) else {
                        continue;
                    };
                    if op.dims[d].size % t != 0 {
                        continue;
                    }
                    if is_weight {
                        weight_loops.push(d);
                    } else {
                        data_loops.push(d);
                    }
                }
            }
            let pick = |loops: &mut Vec<usize>| {
                loops.sort_unstable();
                loops.dedup();
                (loops.len() == 1).then(|| loops[0])
            };
            let choice = if weight_loops.is_empty() {
                pick(&mut data_loops)
            } else {
                pick(&mut weight_loops)
            };
            if let Some(d) = choice {
                split[id.index()] = Some(d);
                record(graph, op, d, &mut dims);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::CostModel;
    use crate::machine::Machine;
    use crate::synth::{self, TransformerSpec};

    /// An untied embedding table is split over its rows (Megatron's vocabulary-parallel embedding),
    /// not replicated on every tensor-parallel device.
    #[test]
    fn an_untied_embedding_is_vocabulary_parallel() {
        use crate::graph::DType;
        let mut b = synth::Builder::new("embed", DType::F32);
        let ids = b.input("ids", &[2, 16], DType::I32);
        let x = b.embedding(ids, 65536, 128);
        let h = b.matmul(x, 128);
        let labels = b.input("labels", &[2, 16], DType::I32);
        b.loss(h, labels);
        let g = b.finish();
        let marks = crate::batch::batch_marks(&g, 0).unwrap();
        let phases = Phases::new(&g, &marks.loops, false);
        let configs = tensor_parallel(&g, &phases, 4, false);
        let embed = g
            .ops()
            .iter()
            .position(|op| op.class == crate::graph::OpClass::Embedding)
            .unwrap();
        // Loop 3 is the lookup over the table's 65536 rows.
        assert_eq!(configs[embed].degrees[3], 4, "{:?}", configs[embed]);
        assert_eq!(configs[embed].devices.len(), 4);
    }

    #[test]
    fn specs_parse_and_reject() {
        let s = Spec::parse("megatron:tp=8,pp=4,mb=2,recompute=full,zero=1,schedule=interleaved:2")
            .unwrap();
        assert_eq!(s.tp, Some(8));
        assert_eq!(s.pp, Some(4));
        assert_eq!(s.vp, Some(2));
        assert_eq!(s.micro_batch_size, Some(2));
        assert_eq!(s.recompute, Some(Recompute::Full));
        assert_eq!(s.zero, Some(Zero::Optimizer));
        assert!(Spec::parse("megatron").unwrap().is_plain());
        assert_eq!(
            Spec::parse("megatron:zero=2").unwrap().zero,
            Some(Zero::Gradients)
        );
        assert!(Spec::parse("megatron:zero=4").is_err());
        assert!(Spec::parse("megatron:pipes=2").is_err());
        assert!(Spec::parse("nonsense:tp=2").is_err());
        assert!(Spec::parse("megatron:tp=0").is_err());
    }

    #[test]
    fn specs_reject_duplicates_empty_items_and_contradictions() {
        let err = |text: &str| Spec::parse(text).unwrap_err();
        assert!(err("megatron:tp=2,tp=4").contains("given twice ('tp=2' and 'tp=4')"));
        assert!(err("megatron:zero=3,zero=1").contains("given twice"));
        assert!(err("megatron:pp=2,order=gpipe,schedule=1f1b").contains("given twice"));
        assert!(err("megatron:,,,").contains("empty item"));
        assert!(err("megatron:").contains("empty item"));
        assert!(err("megatron:tp=2,").contains("empty item"));
        assert!(err("megatron:pp=2,vp=2,schedule=gpipe").contains("order is gpipe"));
        assert!(err("megatron:pp=2,vp=2,schedule=interleaved:3").contains("disagree"));
        assert!(err("megatron:vp=7").contains("one stage"));
        assert!(err("megatron:tp=1,pp=1,vp=1000").contains("one stage"));
        assert!(err("megatron:schedule=interleaved:999999").contains("one stage"));
        assert!(err("data-parallel:tp=2").contains("give dp instead"));
        assert!(err("single-device:tp=2").contains("idle"));
        assert!(err("owt:sp=on").contains("applies to megatron"));
        assert!(err("megatron:tp=1,sp=on").contains("tp=1 has none"));
        assert!(err("megatron:dp=1,zero=3").contains("dp=1 has one"));
        assert!(err("megatron:m=2,mb=2").contains("not both"));
        // Agreeing twice-given virtual stages, and keys at their defaults, are fine.
        let s = Spec::parse("megatron:pp=2,vp=2,schedule=interleaved:2").unwrap();
        assert_eq!((s.vp, s.order), (Some(2), Some(Order::OneFOneB)));
        assert!(Spec::parse("data-parallel:tp=1,pp=1").is_ok());
        assert!(Spec::parse("megatron:vp=1").is_ok());
    }

    #[test]
    fn builds_bound_user_counts_and_warn_about_keys_without_effect() {
        let g = synth::mlp(8, &[64, 64, 64, 64]);
        let machine = Machine::preset("p100-4x4")
            .unwrap()
            .with_devices(crate::DeviceCount::new(4).unwrap())
            .unwrap();
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let forward = g.num_ops();
        let build_err = |text: &str| build(&problem, &Spec::parse(text).unwrap()).unwrap_err();
        // Virtual stages are counted in 64 bits and bounded by the forward ops.
        let e = build_err("megatron:pp=2,m=4,schedule=interleaved:4294967295");
        assert!(e.contains("8589934590 virtual stages"), "{e}");
        let e = build_err(&format!("megatron:pp=2,vp={}", forward));
        assert!(e.contains("forward ops"), "{e}");
        // ZeRO with one replica, sp where tp comes out 1, more micro-batches than samples.
        assert!(build_err("megatron:tp=4,zero=3").contains("drop zero"));
        assert!(build_err("megatron:pp=4,sp=on").contains("tp=1"));
        assert!(build_err("megatron:m=4294967295").contains("more than the 8 samples"));
        // An order without stages runs, with a warning naming it.
        let (_, warnings) =
            build_with_warnings(&problem, &Spec::parse("megatron:schedule=gpipe").unwrap())
                .unwrap();
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].contains("order gpipe has no effect"));
        let (s, warnings) =
            build_with_warnings(&problem, &Spec::parse("megatron:pp=2,m=4,vp=2").unwrap()).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(s.schedule.virtual_stages(), 4);
    }

    #[test]
    fn megatron_spec_builds_a_valid_pipelined_strategy() {
        let spec = TransformerSpec {
            batch: 16,
            seq: 128,
            hidden: 256,
            heads: 8,
            layers: 4,
            ffn: 1024,
            vocab: 512,
        };
        let g = synth::transformer(&spec);
        let machine = Machine::preset("dgx-a100:2").unwrap();
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let s = build(
            &problem,
            &Spec::parse("megatron:tp=4,pp=2,m=4,recompute=selective").unwrap(),
        )
        .unwrap();
        assert_eq!(s.schedule.replicas, 2);
        assert_eq!(s.schedule.stages, 2);
        let e = crate::pipeline::evaluate(&problem, &s).unwrap();
        assert_eq!(e.stages.len(), 2);
        assert_eq!(e.micro_batch, 2);
        // The tensor-parallel regions split the big contractions 4 ways.
        let split = s
            .configs
            .iter()
            .zip(g.ops())
            .filter(|(c, op)| op.class == crate::graph::OpClass::Contraction && c.num_tasks() == 4)
            .count();
        assert!(split >= 4 * 4, "{split} contractions split");
        assert!(build(&problem, &Spec::parse("megatron:tp=3").unwrap()).is_err());
    }
}
