//! User configurations of scheduled strategies: `--strategy=NAME:key=value,...` (a baseline inside each
//! pipeline stage group, with replicas, stages, micro-batches, recomputation and ZeRO around it), and the
//! tensor parallelism of a group that works on training steps which carry their own backward.
//!
//! # The spec
//! `NAME[:key=value,...]`: a [`Spec`], its keys and their checks in [`crate::schedule::spec`] (the one
//! table of a schedule's keys). Besides [`Spec::check_keys`], [`build`] bounds the user's counts before
//! anything is sized from them (`pp · vp` virtual stages at most the forward ops, `m` at most a
//! replica's samples; products in 64 bits). A key that only has no effect (an order without stages,
//! recomputation in inference) is a warning naming it ([`build_with_warnings`]).
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

use crate::baselines::{self, grid, split_term};
use crate::batch::batch_of;
use crate::graph::{AffineDim, DeviceId, Graph, Mode, Op, OpId, Role, TensorId, TensorKind};
use crate::pipeline::micro_graph;
use crate::problem::Problem;
use crate::schedule::dimension::Layout;
use crate::schedule::spec::Spec;
use crate::schedule::{Phase, Phases, Recompute, Schedule, Zero};
use crate::strategy::{divisors, Config, Strategy};

/// The strategy `spec` describes for `problem` (module doc); [`build_with_warnings`] without its warnings.
pub fn build(problem: &Problem, spec: &Spec) -> Result<Strategy, String> {
    build_with_warnings(problem, spec).map(|(strategy, _)| strategy)
}

/// The strategy `spec` describes for `problem` (module doc), and a warning for each key that has no
/// effect on it. Besides [`Spec::check_keys`], errors: `sp` where the tensor-parallel groups have one
/// device, `zero` where there is one replica, more micro-batches than a replica has samples, and more
/// virtual stages (`pp · vp`) than forward ops to cut into them, and a parallelism dimension's ways
/// that the graph or the replicas do not take ([`crate::schedule::dimension::Dimension::check`]: `ep`
/// that the graph's experts or the replicas do not divide, `cp` on a graph without attention or
/// whose sequence it does not divide).
pub fn build_with_warnings(
    problem: &Problem,
    spec: &Spec,
) -> Result<(Strategy, Vec<String>), String> {
    spec.check_keys()?;
    let graph = problem.graph;
    let Degrees { tp, pp, vp, dp } = degrees(problem, spec)?;
    let ways = spec.ways();
    for (_, d, w) in ways.used() {
        if d.layout() == Layout::AmongReplicas {
            d.check(graph, w, dp, tp)?;
        }
    }
    let micro_batches = micro_batch_count(problem, spec, pp, vp, dp)?;
    let loops = crate::batch::batch_loops(graph, problem.batch_dim).map_err(|e| e.message)?;
    let phases = Phases::new(graph, &loops, problem.mode.training_step());
    let forward: Vec<OpId> = graph
        .topological_order()
        .filter(|&id| phases.of(id) == Phase::Forward)
        .collect();
    let k = virtual_stages(pp, vp, forward.len())?;
    let warnings = without_effect(problem, spec, k);
    let mut schedule = Schedule {
        replicas: dp * ways.sharing_samples(),
        stages: pp,
        chunks: vp,
        micro_batches,
        order: spec.order.unwrap_or_default(),
        recompute: spec.recompute.unwrap_or_default(),
        zero: spec.zero.unwrap_or_default(),
        ways,
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
        stage_of = balanced_stages(problem, &phases, &forward, k);
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

/// A spec's parallel degrees: tensor, pipeline, virtual stages per stage, data.
struct Degrees {
    tp: u32,
    pp: u32,
    vp: u32,
    dp: u32,
}

/// The degrees `spec` gives or implies on `problem`'s machine: `tp` where not given the widest that
/// fits a node (`megatron`), 1 (`data-parallel`), or the devices left by `pp` and `dp`; `dp` the
/// devices left by `tp × pp`. Errors: degrees that are not the devices in use, `sp` without tensor
/// parallelism, `zero` on an engine without ZeRO or with one replica.
fn degrees(problem: &Problem, spec: &Spec) -> Result<Degrees, String> {
    let machine = problem.machine;
    let n = machine.num_devices();
    let pp = spec.pp.unwrap_or(1);
    let vp = spec.vp.unwrap_or(1);
    let left = |used: u32| -> Result<u32, String> {
        if used == 0 || n % used != 0 {
            Err(format!(
                "the strategy's tp × pp ({used}) does not divide the {n} devices"
            ))
        } else {
            Ok(n / used)
        }
    };
    // The dimensions whose ranks share their samples (context parallelism: `cp` devices per sample),
    // carved out of the devices beside tp and pp.
    let ways = spec.ways();
    let shared = ways.sharing_samples();
    let sharing: String = ways
        .used()
        .filter(|(_, d, _)| d.layout() == Layout::SharingSamples)
        .map(|(_, d, _)| format!(" × {}", d.key()))
        .collect();
    let tp = match (spec.tp, spec.name.as_str()) {
        (Some(t), _) => t,
        (None, "megatron") => {
            let room = left(pp)? / spec.dp.unwrap_or(1) / shared.max(1);
            divisors(u64::from(room.max(1)))
                .into_iter()
                .filter(|&t| t <= u64::from(machine.gpus_per_node))
                .max()
                .unwrap_or(1) as u32
        }
        (None, "data-parallel") => 1,
        (None, _) => left(pp)? / spec.dp.unwrap_or(1).max(1) / shared.max(1),
    };
    let tp_pp = u64::from(tp) * u64::from(pp) * u64::from(shared);
    let dp = match spec.dp {
        Some(d) => d,
        None if tp_pp == 0 || u64::from(n) % tp_pp != 0 => {
            return Err(format!(
                "the strategy's tp × pp{sharing} ({tp_pp}) does not divide the {n} devices"
            ))
        }
        None => (u64::from(n) / tp_pp) as u32,
    };
    if tp_pp * u64::from(dp) != u64::from(n) {
        return Err(if shared > 1 {
            format!(
                "the strategy's tp × pp × dp{sharing} = {tp} × {pp} × {dp} × {shared} is not the {n} devices in use"
            )
        } else {
            format!(
                "the strategy's tp × pp × dp = {tp} × {pp} × {dp} is not the {n} devices in use"
            )
        });
    }
    for (_, d, w) in ways.used() {
        if d.layout() == Layout::SharingSamples {
            d.check(problem.graph, w, dp, tp)?;
        }
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
        if dp == 1 && shared == 1 {
            return Err(format!(
                "zero={} splits weight state over data-parallel replicas, but the strategy has one (tp × pp × dp = {tp} × {pp} × 1): drop zero",
                zero.level()
            ));
        }
    }
    Ok(Degrees { tp, pp, vp, dp })
}

/// The micro-batches of each of the `dp` replicas: `m`, or a replica's samples over `mb`, or (neither
/// given) with pipeline stages the least divisor of a replica's samples that fills the pipeline
/// twice (a multiple of `pp` when interleaved), else 1. Errors: replicas that do not divide the
/// batch, more micro-batches than samples, a size that does not divide them, both keys given.
fn micro_batch_count(
    problem: &Problem,
    spec: &Spec,
    pp: u32,
    vp: u32,
    dp: u32,
) -> Result<u32, String> {
    let batch = batch_of(problem.graph, problem.batch_dim).unwrap_or(1);
    let per_replica = batch / u64::from(dp);
    if batch % u64::from(dp) != 0 {
        return Err(format!(
            "the strategy's {dp} data-parallel replicas do not divide the batch of {batch}"
        ));
    }
    // Virtual stages, counted without overflow (both factors come from the user).
    let k64 = u64::from(pp) * u64::from(vp);
    Ok(match (spec.micro_batches, spec.micro_batch_size) {
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
    })
}

/// The virtual stages `pp · vp`, counted without overflow; an error when there are more than the
/// `forward` ops to cut into them.
fn virtual_stages(pp: u32, vp: u32, forward: usize) -> Result<u32, String> {
    let k64 = u64::from(pp) * u64::from(vp);
    if k64 > 1 && k64 > forward as u64 {
        return Err(if vp > 1 {
            format!(
                "pp={pp} × vp={vp} = {k64} virtual stages, but the graph has {forward} forward ops to cut into them: at most {} virtual stages per stage",
                forward as u64 / u64::from(pp)
            )
        } else {
            format!(
                "pp={pp} pipeline stages, but the graph has {forward} forward ops to cut into them"
            )
        });
    }
    Ok(k64 as u32)
}

/// A warning for each key of `spec` that has no effect on a strategy of `k` virtual stages:
/// `order` without pipeline stages, `recompute` on an inference graph.
fn without_effect(problem: &Problem, spec: &Spec, k: u32) -> Vec<String> {
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
    warnings
}

/// Every op's virtual stage: the `forward` ops cut into `k` stages of balanced forward and backward
/// FLOPs ([`crate::schedule::balanced_cuts`]), the other ops completed from them
/// ([`Phases::complete_stages`]).
fn balanced_stages(problem: &Problem, phases: &Phases, forward: &[OpId], k: u32) -> Vec<u32> {
    let graph = problem.graph;
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
    let mut stage_of = vec![0u32; graph.num_ops()];
    for (&id, part) in forward
        .iter()
        .zip(crate::schedule::balanced_cuts(graph, forward, &costs, k))
    {
        stage_of[id.index()] = part;
    }
    phases.complete_stages(graph, &mut stage_of);
    stage_of
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
                a.exprs.get(dim).and_then(AffineDim::dominant_term)
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
                        .all(|a| a.exprs.iter().any(|e| e.dominant_term() == Some(*k)))
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
