//! Expert strategies a user compares the search against (docs/design.md §6, "Baselines"), over the first `n` devices
//! of a machine.
//!
//! Every constructor returns a strategy that passes [`Strategy::validate`] on any machine with at least `n`
//! devices, for any graph: degrees are always divisors of their dim's size (a wanted degree is cut down to its
//! gcd with the size), and tasks go to distinct devices `0..tasks`. Where the expert scheme replicates an op
//! (data parallelism's ops without a sample dim: the arithmetic on batch-norm statistics, the optimizer update
//! of a training step, a loss's finishing scalars), the baseline uses a replicated configuration
//! ([`Config::replicated`]): every device computes the whole op from its own copies of the inputs, so nobody
//! waits for one device to compute it and send the result around.
//!
//! All decisions come from the graph's structure (op classes, SOAP roles, which operands are weights, access
//! expressions, sizes), never from op or tensor names:
//! - [`data_parallel`]: the samples split `gcd(batch, n)` ways; ops without a sample dim replicated on every
//!   device that holds samples. (The search starts from [`Strategy::data_parallel`], which splits each sample
//!   dim by its own size and keeps ops without one on device 0: its space has no replication.)
//! - [`model_parallel`]: ops whole, in contiguous groups of program order balanced by forward FLOPs;
//! - [`one_weird_trick`]: Krizhevsky's scheme: data parallel up to the first fully-connected layer, model
//!   parallel (weights split along their parameter dim) from there on. A *fully-connected layer* is a
//!   contraction reading a weight that is at least as large as its largest activation operand: the weight is
//!   used about once per sample, so moving activations is cheaper than synchronizing weights. Convolutions
//!   reuse their filters over every pixel and transformer projections over every token, so they stay data
//!   parallel (the LM head of a large vocabulary does count as fully connected);
//! - [`megatron`]: Megatron-LM tensor parallelism inside *tensor-parallel regions* found by [`tp_regions`],
//!   combined with data parallelism: `tp` devices per group split a region's weights, `n / tp` groups split
//!   the batch; ops outside regions are data parallel (with the leftover factor on an attribute dim, i.e.
//!   sequence parallelism, when the batch is smaller than `n`).
//! - [`expert_parallel`]: data parallelism with the experts of a mixture-of-experts layer split over the
//!   devices (GShard's scheme): the expert loop of every expert-batched contraction
//!   ([`crate::experts`]) split `gcd(experts, n)` ways, and with it the ops that produce their token
//!   operands by the expert dim (the dispatch einsum) and those without a sample dim that carry the split
//!   on (the activation between the expert products, the expert weights' gradients and updates). Each
//!   device holds `experts / ways` experts' weights; the tokens move between the sample split and the
//!   expert split (an all-to-all when the layout transposes) on the way in and out.
//! - [`context_parallel`]: the all-gather form of context parallelism (Llama 3's, Dubey et al. 2024):
//!   every op's loop over the query (token) positions of the attentions' sequence
//!   ([`crate::context::query_loops`]) split `gcd(sequence, n)` ways, the samples whole on every
//!   device. Token-wise ops each hold `s / ways` consecutive tokens; in each attention the query loop
//!   is split and the key loop kept whole, so every device reads all of `K` and `V` (the program's
//!   resharding gathers them) and the backward's key and value gradients are partial sums over each
//!   device's queries (reduced back to the token split). The weight gradients are partial sums over
//!   the tokens, reduced as data parallelism's are. Unlike the schedule's ring (`cp=C`,
//!   [`crate::context`]) the split is contiguous: under a causal mask the devices of later queries
//!   have more unmasked score tiles.
//!
//! # Tensor-parallel regions
//! A region starts at a contraction `A` that reads a weight and writes a parameter dim `p` of it (a
//! *column-parallel* layer). Splitting `p` splits one dim of `A`'s output; the split is followed forward
//! through every consumer: an op reading the split tensor dim through a parallel loop dim (its dominant term,
//! so `head * 64 + e` follows `head`) is *interior* and splits that loop dim, which splits the output dims it
//! writes; a contraction reading it through a reduction loop dim that also indexes one of its weights is a
//! *row-parallel* end (its partial sums leave the region). Anything else (a norm reducing over the split dim,
//! the loss, two different loop dims for one op) rejects the candidate. Accepted regions are the MLP's
//! `up → activation → down` and attention's `QKV → scores → softmax → context → output projection`, with the
//! heads (attribute dims of the batched contractions) as the split interior dims. A candidate whose split
//! reaches an op of an earlier region that splits the same loop joins that region there: separate q, k
//! and v projections meet in the scores and the context, SwiGLU's gate and up in `act(gate) * up`, and
//! all of them are column-parallel layers of one region (as Megatron-LM splits them).
//!
//! Approximation: a fused QKV projection's output is `[q | k | v]` along one dim, so its `tp` column blocks do
//! not line up with head groups as Megatron's permuted weight does; the simulator charges the resulting
//! exchange inside each tensor-parallel group.

use std::collections::BTreeMap;

use crate::graph::{Graph, Op, OpClass, OpId, Role, TensorId, TensorKind};
use crate::machine::Machine;
use crate::strategy::{Config, Strategy};

/// A named baseline strategy, for reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Baseline {
    /// `data-parallel`, `model-parallel`, `owt`, `megatron`, `expert-parallel`, `context-parallel`.
    pub name: &'static str,
    pub strategy: Strategy,
}

/// Every baseline over all devices of `machine`, in a fixed order: data parallel, model parallel, OWT,
/// Megatron (tensor-parallel groups at most one node wide), expert parallelism where the graph has
/// mixture-of-experts layers, and context parallelism where it has self-attention over one sequence.
pub fn all(graph: &Graph, machine: &Machine) -> Vec<Baseline> {
    let n = machine.num_devices();
    let mut all = vec![
        Baseline {
            name: "data-parallel",
            strategy: data_parallel(graph, n),
        },
        Baseline {
            name: "model-parallel",
            strategy: model_parallel(graph, n),
        },
        Baseline {
            name: "owt",
            strategy: one_weird_trick(graph, n),
        },
        Baseline {
            name: "megatron",
            strategy: megatron(graph, n, machine.gpus_per_node),
        },
    ];
    if crate::experts::experts(graph).is_some() {
        all.push(Baseline {
            name: "expert-parallel",
            strategy: expert_parallel(graph, n),
        });
    }
    if matches!(crate::context::sequence(graph), Ok(Some(_))) {
        all.push(Baseline {
            name: "context-parallel",
            strategy: context_parallel(graph, n),
        });
    }
    all
}

/// Data parallelism over devices `0..n`: the samples split `ways = gcd(batch, n)` ways, `batch` the gcd of
/// every op's sample-dim size ([`batch_of`]), task `i` on device `i`; every op without a sample dim
/// replicated on those `ways` devices ([`replicated_everywhere`]). Splitting by the batch rather than by each
/// sample dim's own size matters for merged dims (`[batch * seq]` rows, held batch-major): with fewer samples
/// than devices, `gcd(8 * 128, 16)` would cut a sample's rows in two, and those of the unmerged ops not,
/// which moves activations; data parallelism leaves the extra devices idle instead.
pub fn data_parallel(graph: &Graph, n: u32) -> Strategy {
    let ways = gcd(batch_of(graph), u64::from(n.max(1)));
    let configs = graph
        .ops()
        .iter()
        .map(|op| match op.first_dim(Role::Sample) {
            Some(s) => grid(op, &[(s, ways)]),
            None => replicated_everywhere(op, ways),
        })
        .collect();
    Strategy::flat(configs)
}

/// Expert parallelism over devices `0..n` (module doc): [`data_parallel`], but the expert loop of each
/// expert-batched contraction, of the op producing its token operand (when that op writes the expert dim
/// through a parallel loop) and of every op without a sample dim reading an expert-split tensor through a
/// parallel loop of the experts' count, split `gcd(experts, n)` ways on devices `0..ways`. Data
/// parallelism where the graph has no experts (or `n` and the count are coprime).
pub fn expert_parallel(graph: &Graph, n: u32) -> Strategy {
    let mut strategy = data_parallel(graph, n);
    let Some(experts) = crate::experts::experts(graph) else {
        return strategy;
    };
    let ways = gcd(experts.count, u64::from(n.max(1)));
    if ways <= 1 {
        return strategy;
    }
    let plain = crate::graph::AffineDim::single_dim;
    let mut expert_loop: Vec<Option<usize>> = vec![None; graph.num_ops()];
    for &(id, d) in &experts.contractions {
        expert_loop[id.index()] = Some(d);
    }
    // The dispatch: the producer of an expert contraction's token operand, split where it writes the
    // expert dim so that its output arrives expert-split (no partial sums over the tokens to reduce).
    for &(id, d) in &experts.contractions {
        let op = graph.op(id);
        for input in &op.inputs {
            let tensor = graph.tensor(input.tensor);
            let (Some(p), false) = (tensor.producer, tensor.kind == TensorKind::Weight) else {
                continue;
            };
            let Some(t) = input.exprs.iter().position(|e| plain(e) == Some(d)) else {
                continue;
            };
            let producer = graph.op(p);
            let written = producer
                .outputs
                .iter()
                .find(|o| o.tensor == input.tensor)
                .and_then(|o| o.exprs.get(t))
                .and_then(plain);
            if let Some(l) = written {
                if expert_loop[p.index()].is_none()
                    && producer.is_partitionable()
                    && producer.dims[l].role != Role::Reduction
                    && producer.dims[l].size == op.dims[d].size
                {
                    expert_loop[p.index()] = Some(l);
                }
            }
        }
    }
    // Forward, in program order: which tensor dim of each tensor the experts split.
    let mut split: BTreeMap<TensorId, usize> = BTreeMap::new();
    for (i, op) in graph.ops().iter().enumerate() {
        if expert_loop[i].is_none() && op.first_dim(Role::Sample).is_none() && op.is_partitionable()
        {
            expert_loop[i] = op.inputs.iter().find_map(|a| {
                let l = plain(a.exprs.get(*split.get(&a.tensor)?)?)?;
                (op.dims[l].role != Role::Reduction && op.dims[l].size == experts.count)
                    .then_some(l)
            });
        }
        let Some(l) = expert_loop[i] else { continue };
        for o in &op.outputs {
            if let Some(t) = o.exprs.iter().position(|e| plain(e) == Some(l)) {
                split.insert(o.tensor, t);
            }
        }
        strategy.configs[i] = grid(op, &[(l, ways)]);
    }
    strategy
}

/// Context parallelism over devices `0..n` in its all-gather form (module doc): each op's query-position
/// loop ([`crate::context::query_loops`]) split `ways = gcd(sequence, n)` ways on devices `0..ways`, the
/// samples whole; an op without one replicated on those devices ([`replicated_everywhere`]), as data
/// parallelism replicates the ops without a sample dim. Data parallelism where the graph has no
/// self-attention over one sequence (or `n` and the sequence are coprime).
pub fn context_parallel(graph: &Graph, n: u32) -> Strategy {
    let Ok(Some(sequence)) = crate::context::sequence(graph) else {
        return data_parallel(graph, n);
    };
    let ways = gcd(sequence.length, u64::from(n.max(1)));
    if ways <= 1 {
        return data_parallel(graph, n);
    }
    let loops = crate::context::query_loops(graph);
    let configs = graph
        .ops()
        .iter()
        .zip(loops)
        .map(|(op, query)| match query {
            Some(l) if op.is_partitionable() => grid(op, &[(l, ways)]),
            _ => replicated_everywhere(op, ways),
        })
        .collect();
    Strategy::flat(configs)
}

/// The gcd of every op's sample-dim size: the batch, when every sample dim is the batch or a batch-major
/// merge of it (0 without sample dims, so that `gcd(0, n) = n`).
pub fn batch_of(graph: &Graph) -> u64 {
    graph
        .ops()
        .iter()
        .filter_map(|op| op.first_dim(Role::Sample).map(|s| op.dims[s].size))
        .fold(0, gcd)
}

/// `op` whole on each of devices `0..n` (whole on device 0 when `n` is 1). An opaque op stays whole on device
/// 0: flexc knows nothing of what it does, so it is not duplicated.
fn replicated_everywhere(op: &Op, n: u64) -> Config {
    if !op.is_partitionable() {
        return Config::single(op, crate::graph::DeviceId(0));
    }
    Config::replicated(op, (0..n.max(1) as usize).map(crate::graph::DeviceId::new))
}

/// Model parallelism: every op whole on one device; program order is cut into at most `n` contiguous groups
/// of about equal forward FLOPs (group `g` on device `g`). An op goes to the group its FLOP midpoint falls in,
/// so one op heavier than a group's share spans no group boundary. Without any FLOPs, ops are balanced by
/// count.
pub fn model_parallel(graph: &Graph, n: u32) -> Strategy {
    let n = n.max(1);
    let total: f64 = graph.total_flops();
    let count = graph.num_ops().max(1) as f64;
    let mut before = 0.0;
    let configs = graph
        .ops()
        .iter()
        .enumerate()
        .map(|(i, op)| {
            let fraction = if total > 0.0 {
                let mid = before + op.flops / 2.0;
                before += op.flops;
                mid / total
            } else {
                (i as f64 + 0.5) / count
            };
            let group = ((fraction * f64::from(n)) as u32).min(n - 1);
            Config::single(op, crate::graph::DeviceId(group))
        })
        .collect();
    Strategy::flat(configs)
}

/// Whether `op` is a fully-connected layer in the sense of the module doc: a contraction reading a weight
/// through a parameter dim, the weight at least as large as its largest activation or input operand.
pub fn is_fully_connected(graph: &Graph, op: &Op) -> bool {
    if op.class != OpClass::Contraction || weight_parameter_dim(graph, op).is_none() {
        return false;
    }
    let weight = op
        .inputs
        .iter()
        .filter(|a| graph.tensor(a.tensor).kind == TensorKind::Weight)
        .map(|a| graph.tensor(a.tensor).elements())
        .max()
        .unwrap_or(0);
    let activation = op
        .inputs
        .iter()
        .filter(|a| graph.tensor(a.tensor).kind != TensorKind::Weight)
        .map(|a| graph.tensor(a.tensor).elements())
        .max()
        .unwrap_or(0);
    weight >= activation
}

/// The first parameter loop dim of `op` that indexes one of its weights.
pub fn weight_parameter_dim(graph: &Graph, op: &Op) -> Option<usize> {
    op.dims.iter().enumerate().find_map(|(d, dim)| {
        let indexes_weight = op.inputs.iter().any(|a| {
            graph.tensor(a.tensor).kind == TensorKind::Weight
                && a.exprs.iter().any(|e| e.terms.iter().any(|&(t, _)| t == d))
        });
        (dim.role == Role::Parameter && indexes_weight).then_some(d)
    })
}

/// Krizhevsky's "one weird trick" (module doc): data parallel before the first fully-connected layer; from
/// there on, fully-connected layers split their weight's parameter dim over the devices and the other ops
/// split their largest non-sample parallel dim (the activations between fully-connected layers), falling back
/// to data parallelism when they have none.
pub fn one_weird_trick(graph: &Graph, n: u32) -> Strategy {
    let dp = data_parallel(graph, n);
    let n = u64::from(n.max(1));
    let first_fc = graph
        .ops()
        .iter()
        .position(|op| is_fully_connected(graph, op));
    let configs = graph
        .ops()
        .iter()
        .enumerate()
        .map(|(i, op)| {
            let Some(first) = first_fc.filter(|&f| i >= f) else {
                return dp.configs[i].clone();
            };
            if !op.is_partitionable() {
                // An opaque op after the classifier stays as data parallelism has it (whole).
                return dp.configs[i].clone();
            }
            let dim = if i == first || is_fully_connected(graph, op) {
                weight_parameter_dim(graph, op)
            } else {
                largest_non_sample_parallel_dim(op)
            };
            match dim {
                Some(d) if gcd(op.dims[d].size, n) > 1 => grid(op, &[(d, n)]),
                _ => dp.configs[i].clone(),
            }
        })
        .collect();
    Strategy::flat(configs)
}

fn largest_non_sample_parallel_dim(op: &Op) -> Option<usize> {
    op.dims
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(d.role, Role::Attribute | Role::Parameter))
        .max_by_key(|&(i, d)| (d.size, std::cmp::Reverse(i)))
        .map(|(i, _)| i)
}

/// One tensor-parallel region (module doc): the loop dim each of its ops splits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TpRegion {
    /// `(op, loop dim)` in program order: the column-parallel start first, row-parallel ends last among
    /// their peers.
    pub ops: Vec<(OpId, usize)>,
}

/// The tensor-parallel regions of `graph`, disjoint, in program order of their starts.
pub fn tp_regions(graph: &Graph) -> Vec<TpRegion> {
    tp_regions_among(graph, &|_| true)
}

/// [`tp_regions`] over the ops `among` accepts: other ops are neither part of a region nor reasons to
/// reject one (the forward of a training step whose backward ops read the forward's results).
pub fn tp_regions_among(graph: &Graph, among: &dyn Fn(OpId) -> bool) -> Vec<TpRegion> {
    tp_regions_for(graph, among, 1)
}

/// [`tp_regions_among`] for a split `ways` ways: where a split tensor dim is read through a merged index
/// (`d2·2304 + d3·96 + d4`: a fused QKV projection's `[q | k | v]` columns reshaped to `(3, heads,
/// dim)`), the split follows the outermost term whose loop `ways` divides (the heads), not the dominant
/// one (the 3 of q, k, v). The fused projection's contiguous column blocks then do not line up with head
/// groups, as Megatron's permuted weight layout makes them; the simulator charges the exchange.
pub fn tp_regions_for(graph: &Graph, among: &dyn Fn(OpId) -> bool, ways: u64) -> Vec<TpRegion> {
    let mut taken: Vec<bool> = (0..graph.num_ops()).map(|i| !among(OpId::new(i))).collect();
    // The region (index into `regions`) of each op in one; merged regions are left `None`.
    let mut owner: Vec<Option<usize>> = vec![None; graph.num_ops()];
    let mut regions: Vec<Option<TpRegion>> = Vec::new();
    for start in graph.topological_order() {
        if taken[start.index()] {
            continue;
        }
        let Some((region, joins)) =
            grow_region(graph, start, &taken, &owner, &regions, among, ways)
        else {
            continue;
        };
        // Column splits whose shards meet in an op of an earlier region, split there on the same loop
        // (k and v beside q in attention's products, SwiGLU's up beside gate), join that region.
        let target = joins.first().copied().unwrap_or(regions.len());
        let mut ops = region.ops;
        for &other in joins.iter().skip(1) {
            if other != target {
                ops.extend(regions[other].take().map(|r| r.ops).unwrap_or_default());
            }
        }
        if target == regions.len() {
            regions.push(Some(TpRegion { ops: Vec::new() }));
        }
        let merged = regions[target].get_or_insert(TpRegion { ops: Vec::new() });
        merged.ops.extend(ops);
        merged.ops.sort_by_key(|&(op, _)| op);
        merged.ops.dedup();
        for &(op, _) in &merged.ops {
            taken[op.index()] = true;
            owner[op.index()] = Some(target);
        }
    }
    regions.into_iter().flatten().collect()
}

/// The region starting at `start`, if `start` is a column-parallel layer whose split ends in row-parallel
/// layers only or in ops of earlier regions (`owner`: each op's region in `regions`) that split the same
/// loop, with the indices of those regions (the region joins them, [`tp_regions_for`]).
fn grow_region(
    graph: &Graph,
    start: OpId,
    taken: &[bool],
    owner: &[Option<usize>],
    regions: &[Option<TpRegion>],
    among: &dyn Fn(OpId) -> bool,
    ways: u64,
) -> Option<(TpRegion, Vec<usize>)> {
    let mut joins: Vec<usize> = Vec::new();
    let op = graph.op(start);
    if op.class != OpClass::Contraction {
        return None;
    }
    let p = weight_parameter_dim(graph, op)?;
    // Op → split loop dim; the start's dim is fixed.
    let mut split: BTreeMap<OpId, usize> = BTreeMap::new();
    split.insert(start, p);
    let mut ends = 0usize;
    // Tensors whose dim is split, to visit: (tensor, tensor dim).
    let mut work: Vec<(TensorId, usize)> = split_outputs(op, p, ways);
    if work.is_empty() {
        return None;
    }
    let mut seen_tensors: BTreeMap<TensorId, usize> = BTreeMap::new();
    while let Some((tensor, tdim)) = work.pop() {
        match seen_tensors.get(&tensor) {
            Some(&d) if d == tdim => continue,
            Some(_) => return None,
            None => {
                seen_tensors.insert(tensor, tdim);
            }
        }
        for &c in graph.consumers(tensor) {
            if !among(c) {
                continue;
            }
            if c == start {
                return None;
            }
            let cop = graph.op(c);
            let mut loop_dim = None;
            for access in cop.inputs.iter().filter(|a| a.tensor == tensor) {
                let d = split_term(&access.exprs[tdim], cop, ways)?;
                if loop_dim.is_some_and(|l| l != d) {
                    return None;
                }
                loop_dim = Some(d);
            }
            let d = loop_dim?;
            if taken[c.index()] {
                // An op of an earlier region that splits the same loop: this region joins it there.
                let r = owner[c.index()]?;
                let same = regions[r]
                    .as_ref()
                    .is_some_and(|region| region.ops.contains(&(c, d)));
                if !same {
                    return None;
                }
                if !joins.contains(&r) {
                    joins.push(r);
                }
                continue;
            }
            let is_end = cop.dims[d].role == Role::Reduction;
            if is_end {
                let contracts_weight = cop.class == OpClass::Contraction
                    && cop.inputs.iter().any(|a| {
                        graph.tensor(a.tensor).kind == TensorKind::Weight
                            && a.exprs.iter().any(|e| e.terms.iter().any(|&(t, _)| t == d))
                    });
                if !contracts_weight {
                    return None;
                }
            }
            match split.get(&c) {
                Some(&old) if old == d => continue,
                Some(_) => return None,
                None => {
                    split.insert(c, d);
                }
            }
            if is_end {
                ends += 1;
            } else {
                let outs = split_outputs(cop, d, ways);
                if outs.is_empty() {
                    return None;
                }
                work.extend(outs);
            }
        }
    }
    (ends > 0 || !joins.is_empty()).then(|| {
        (
            TpRegion {
                ops: split.into_iter().collect(),
            },
            joins,
        )
    })
}

/// `(tensor, tensor dim)` of every output dim of `op` that a split of loop dim `d` splits
/// ([`split_term`]).
fn split_outputs(op: &Op, d: usize, ways: u64) -> Vec<(TensorId, usize)> {
    let mut out = Vec::new();
    for access in &op.outputs {
        for (j, e) in access.exprs.iter().enumerate() {
            if split_term(e, op, ways) == Some(d) {
                out.push((access.tensor, j));
            }
        }
    }
    out
}

/// The loop dim a split `ways` ways follows in index `e` of `op`: the outermost term (largest
/// coefficient) over a loop of more than one iteration that `ways` divides, else the dominant term.
pub fn split_term(e: &crate::graph::AffineDim, op: &Op, ways: u64) -> Option<usize> {
    if ways > 1 {
        let mut terms: Vec<(usize, i64)> = e
            .terms
            .iter()
            .copied()
            .filter(|&(d, c)| c != 0 && op.dims.get(d).is_some_and(|l| l.size > 1))
            .collect();
        terms.sort_by_key(|&(d, c)| (std::cmp::Reverse(c.abs()), d));
        if let Some(&(d, _)) = terms.iter().find(|&&(d, _)| op.dims[d].size % ways == 0) {
            return Some(d);
        }
    }
    e.dominant_term()
}

/// Megatron-style tensor parallelism combined with data parallelism over devices `0..n` (module doc). The
/// tensor-parallel degree is the largest divisor of `n` that is at most `max_tp` (usually the GPUs of one
/// node) and divides the split dim of every region op; groups of consecutive devices form a tensor-parallel
/// group. Without regions (or with degree 1) this is plain data parallelism.
pub fn megatron(graph: &Graph, n: u32, max_tp: u32) -> Strategy {
    let n64 = u64::from(n.max(1));
    let regions = tp_regions(graph);
    let sizes: Vec<u64> = regions
        .iter()
        .flat_map(|r| r.ops.iter().map(|&(op, d)| graph.op(op).dims[d].size))
        .collect();
    let tp = crate::strategy::divisors(n64)
        .into_iter()
        .filter(|&t| t <= u64::from(max_tp.max(1)) && sizes.iter().all(|&s| s % t == 0))
        .max()
        .unwrap_or(1);
    if tp == 1 || regions.is_empty() {
        return data_parallel(graph, n);
    }
    let groups = n64 / tp;
    let mut configs: Vec<Config> = graph.ops().iter().map(|op| rest_config(op, n64)).collect();
    for region in &regions {
        for &(id, d) in &region.ops {
            let op = graph.op(id);
            configs[id.index()] = match op.first_dim(Role::Sample).filter(|&s| s != d) {
                Some(s) => grid(op, &[(s, groups), (d, tp)]),
                None => grid(op, &[(d, tp)]),
            };
        }
    }
    Strategy::flat(configs)
}

/// An op outside tensor-parallel regions: its sample dim split as far as `n` allows, the leftover factor on
/// its largest attribute dim (sequence parallelism); replicated on every device without a sample dim.
fn rest_config(op: &Op, n: u64) -> Config {
    let Some(s) = op.first_dim(Role::Sample) else {
        return replicated_everywhere(op, n);
    };
    let ways = gcd(op.dims[s].size, n);
    let attribute = op
        .dims
        .iter()
        .enumerate()
        .filter(|(_, d)| d.role == Role::Attribute)
        .max_by_key(|&(i, d)| (gcd(d.size, n / ways), std::cmp::Reverse(i)))
        .map(|(i, _)| i);
    match attribute {
        Some(a) if ways < n => grid(op, &[(s, ways), (a, n / ways)]),
        _ => grid(op, &[(s, ways)]),
    }
}

/// A configuration splitting loop dim `d` into `gcd(size, want)` parts for every `(d, want)` of `splits`
/// (distinct dims), on devices `0..tasks`. Device numbers follow `splits`' order, the first most significant,
/// whatever the loop order: `[(sample, 2), (param, 4)]` puts the four parameter parts of each batch half on
/// consecutive devices.
pub fn grid(op: &Op, splits: &[(usize, u64)]) -> Config {
    let mut degrees = vec![1u64; op.dims.len()];
    for &(d, want) in splits {
        if d < degrees.len() && degrees[d] == 1 {
            degrees[d] = gcd(op.dims[d].size, want.max(1));
        }
    }
    let tasks: u64 = degrees.iter().product();
    // Weight of each dim's coordinate in the device number.
    let mut weight = vec![0u64; degrees.len()];
    let mut w = tasks;
    let mut placed = vec![false; degrees.len()];
    for &(d, _) in splits {
        if d < degrees.len() && !placed[d] {
            placed[d] = true;
            w /= degrees[d];
            weight[d] = w;
        }
    }
    let mut devices = Vec::with_capacity(tasks as usize);
    let mut coord = vec![0u64; degrees.len()];
    for t in 0..tasks {
        if t > 0 {
            crate::strategy::next_coordinate(&mut coord, &degrees);
        }
        let dev: u64 = coord.iter().zip(&weight).map(|(c, w)| c * w).sum();
        devices.push(crate::graph::DeviceId::new(dev as usize));
    }
    Config { degrees, devices }
}

pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::{self, ResNetSpec, TransformerSpec};

    fn small_transformer() -> Graph {
        synth::transformer(&TransformerSpec::TINY)
    }

    #[test]
    fn grid_orders_devices_by_split_priority() {
        let g = synth::mlp(8, &[16, 32]);
        let mm = g.op(OpId(0));
        // Loops: sample, parameter, reduction.
        let c = grid(mm, &[(1, 2), (0, 4)]);
        assert_eq!(c.degrees, vec![4, 2, 1]);
        // Row-major tasks (sample-major); device = param coordinate * 4 + sample coordinate.
        let devs: Vec<u32> = c.devices.iter().map(|d| d.0).collect();
        assert_eq!(devs, vec![0, 4, 1, 5, 2, 6, 3, 7]);
        // Degrees shrink to divisors.
        assert_eq!(grid(mm, &[(0, 3)]).degrees, vec![1, 1, 1]);
    }

    #[test]
    fn transformer_regions_are_attention_and_mlp() {
        let g = small_transformer();
        let regions = tp_regions(&g);
        assert_eq!(regions.len(), 4, "{regions:?}");
        for r in &regions {
            let classes: Vec<OpClass> = r.ops.iter().map(|&(o, _)| g.op(o).class).collect();
            let roles: Vec<Role> = r.ops.iter().map(|&(o, d)| g.op(o).dims[d].role).collect();
            assert_eq!(roles.first(), Some(&Role::Parameter));
            assert_eq!(roles.last(), Some(&Role::Reduction));
            assert_eq!(classes.first(), Some(&OpClass::Contraction));
            assert!(r.ops.len() == 3 || r.ops.len() == 5, "{r:?}");
        }
    }

    #[test]
    fn cnn_has_no_regions_and_owt_splits_the_classifier() {
        let g = synth::resnet(&ResNetSpec {
            batch: 16,
            image: 32,
            blocks: [1, 1, 0, 0],
            width: 8,
            classes: 64,
        });
        assert!(tp_regions(&g).is_empty());
        let owt = one_weird_trick(&g, 4);
        let dp = data_parallel(&g, 4);
        let fc: Vec<usize> = (0..g.num_ops())
            .filter(|&i| is_fully_connected(&g, g.op(OpId::new(i))))
            .collect();
        assert_eq!(fc.len(), 1);
        let fc = fc[0];
        assert_eq!(owt.configs[..fc], dp.configs[..fc]);
        let p = weight_parameter_dim(&g, g.op(OpId::new(fc))).unwrap();
        assert_eq!(owt.configs[fc].degrees[p], 4);
    }

    #[test]
    fn baselines_are_valid() {
        let graphs = [
            small_transformer(),
            synth::mlp(6, &[10, 12, 7]),
            synth::resnet(&ResNetSpec {
                batch: 6,
                image: 32,
                blocks: [1, 0, 0, 0],
                width: 8,
                classes: 10,
            }),
        ];
        let machine = Machine::preset("dgx-a100:2").unwrap();
        for g in &graphs {
            for n in [1, 3, 4, 8, 16] {
                let m = machine
                    .with_devices(crate::DeviceCount::new(n).unwrap())
                    .unwrap();
                for b in all(g, &m) {
                    b.strategy.validate(g, &m).unwrap();
                }
            }
        }
    }

    /// Context parallelism splits each attention's query loop and keeps its key loop whole, and splits
    /// the token loop of every op that has one: on the long-sequence transformer (causal or not), every
    /// op with a sample dim but the loss's finishing scalars runs on four devices, a quarter of the
    /// tokens each; the weight updates are replicated.
    #[test]
    fn context_parallel_splits_the_queries_not_the_keys() {
        let spec = TransformerSpec::LONG_SEQUENCE;
        for g in [synth::transformer(&spec), synth::causal_transformer(&spec)] {
            let s = context_parallel(&g, 4);
            let exchanges = crate::context::exchanges(&g);
            assert_eq!(exchanges.len(), spec.layers);
            for e in &exchanges {
                let (scores, key) = e.scores;
                let op = g.op(scores);
                let c = &s.configs[scores.index()];
                let split: Vec<usize> = (0..op.dims.len()).filter(|&d| c.degrees[d] > 1).collect();
                let [q] = split.as_slice() else {
                    panic!("{c:?}");
                };
                assert_eq!(c.degrees[*q], 4);
                assert_eq!(op.dims[*q].size, spec.seq);
                // The split loop indexes the queries, not the keys.
                let reads = |k: usize| {
                    op.inputs[k]
                        .exprs
                        .iter()
                        .any(|x| x.terms.iter().any(|&(t, _)| t == *q))
                };
                assert!(reads(1 - key) && !reads(key), "{op:?}");
                let (values, _) = e.values;
                assert_eq!(s.configs[values.index()].num_tasks(), 4);
            }
            let tokenwise = g
                .ops()
                .iter()
                .zip(&s.configs)
                .filter(|(op, c)| op.dims.iter().any(|d| d.size == spec.seq) && c.num_tasks() == 4)
                .count();
            let with_tokens = g
                .ops()
                .iter()
                .filter(|op| op.dims.iter().any(|d| d.size == spec.seq))
                .count();
            assert_eq!(tokenwise, with_tokens);
            let machine = Machine::preset("dgx-a100:1").unwrap();
            s.validate(&g, &machine).unwrap();
            // Coprime with the sequence: data parallelism.
            assert_eq!(context_parallel(&g, 3), data_parallel(&g, 3));
        }
        // Without attention: data parallelism.
        let mlp = synth::mlp(8, &[16, 32]);
        assert_eq!(context_parallel(&mlp, 4), data_parallel(&mlp, 4));
    }

    #[test]
    fn model_parallel_is_contiguous_and_balanced() {
        let g = synth::mlp(8, &[64, 64, 64, 64, 64]);
        let s = model_parallel(&g, 4);
        let devs: Vec<u32> = s.configs.iter().map(|c| c.devices[0].0).collect();
        assert!(devs.windows(2).all(|w| w[0] <= w[1]), "{devs:?}");
        assert_eq!(devs.first(), Some(&0));
        assert_eq!(devs.iter().max(), Some(&3));
    }
}
