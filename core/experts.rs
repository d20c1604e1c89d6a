//! Mixture-of-experts layers, as a graph writes them: expert-batched contractions.
//!
//! A mixture-of-experts layer runs every expert's MLP as one contraction batched over the experts
//! (GShard's `ech,ehf->ecf` einsums, Megatron-Core's grouped GEMM): its weight has an expert dim, and the
//! loop over it also indexes the tokens dispatched to the experts and the result. In SOAP terms that
//! loop is a parameter dim (it indexes a trained weight) that is also batched: splitting it is expert
//! parallelism, each device holding its experts' weights and receiving their tokens. This module finds
//! those loops; the summary of an import names them.
//!
//! # Expert parallelism in a schedule
//! A scheduled strategy's `ep=E` ([`ExpertParallel`], a dimension of the schedule's ways:
//! [`crate::schedule::dimension`]) splits every
//! mixture-of-experts layer's experts over `E` consecutive data-parallel replicas, as Megatron-Core's
//! `--expert-model-parallel-size` does: its expert grid is `etp × ep × edp × pp` over the same ranks as
//! `tp × dp × pp`, with the expert tensor parallelism `etp` equal to `tp` here (a stage group's
//! tensor-parallel split of the expert products is the dense layers'), so `ep` divides `dp`
//! ([`check_expert_parallel`]) and each expert is replicated over `dp / ep` replicas (its *expert
//! data-parallel group*). The configurations still describe replica 0 holding every expert; the
//! pipeline model (core/pipeline/evaluator.rs) prices what the split changes, in closed form:
//! - **Memory**: each device holds `1/E` of the expert weights' state ([`expert_weights`]: the
//!   weight operands of the expert-batched contractions); ZeRO shards that over the `dp / E` replicas
//!   of an expert, the dense weights' over all `dp`.
//! - **Time**: per micro-batch and layer, the tokens entering the experts (the expert products' token
//!   operands made outside the experts' ops: the dispatched tokens) and leaving them (their results
//!   read outside: what the combine reads) move between the replicas of an expert-parallel group by an
//!   all-to-all ([`exchanges`], [`all_to_all_s`]), and their gradients move back in the backward. The
//!   FLOPs of the expert products stay what one replica computes (each device runs `1/E` of the
//!   experts on the tokens of `E` replicas: the same FLOPs with balanced routing), but a device reads
//!   only its own experts' weights: the stage simulation reads the expert weights at `1/E` of their
//!   bytes (`crate::sim`'s `Replicas::read_share`, from [`ExpertParallel`]'s divided weights). Before
//!   that the replica read all experts for its own tokens, memory-bound where few tokens reach each
//!   expert (GPT-OSS-120B's published `pp=4, ep=8` on H100: 63.3 → 34.0 ms per micro-batch's
//!   first-stage forward, 6.60 → 4.64 s per iteration).
//!
//! # Dispatch
//! How the tokens reach the experts' slots and leave them is the graph's own, and costed as written:
//! GShard's one-hot dispatch and combine einsums over `[tokens, experts, capacity]` are contractions
//! (`2 · tokens · experts · capacity · hidden` FLOPs each, what XLA runs them as), while Megatron-Core's
//! alltoall token dispatcher permutes the tokens (a gather into the slots, a scatter-add back: no
//! arithmetic, memory-bound). A graph exported for a Megatron-Core comparison must therefore write the
//! permutation (`tools/export-gpt --moe-dispatch=gather`); [`dispatch`] says which form a graph has,
//! and the import summary names it, so that a dense dispatch priced against a permuting engine does not
//! pass unnoticed.
//!
//! # Routers
//! The tokens' experts are chosen by a router: a projection of each token to one score per expert (a
//! contraction with the router's weight), a softmax, and a top-k of the scores. [`routers`] finds the
//! top-k as the graph writes it, structurally: an op ranking rows of the experts' count (JAX's
//! `chlo.top_k` of `k` ranks; torch-mlir's `torch.topk`, a `tm_tensor.sort` of the whole row whose
//! first `k` ranks a `tensor.extract_slice` keeps), both modelled as a reduction over the row with a
//! loop over the ranks. The import summary names them; nothing is priced differently for them.
//!
//! # Routing probabilities
//! A GShard- or Switch-style graph scales each expert's output by its token's routing probability
//! after the down projection and adds the scaled outputs back into the tokens (the combine), so its
//! backward reads the experts' output again for the probabilities' gradient: `tokens · top-k · hidden`
//! kept per layer. Megatron-Core applies the probabilities inside the experts, to the activation's
//! output before the down projection (`--moe-probs=before-down`, [`crate::engine_flags::MoeProbs`]):
//! the same sum, and the probabilities' gradient comes from the activation's input, which is kept
//! anyway. Under it the pipeline model keeps nothing of [`combined_outputs`].
//!
//! The engine exports write `ep` (src/megatron_args.rs, torchtitan.rs, maxtext.rs, jax.rs), the model's
//! expert arguments read by [`crate::transformer::Moe`].
//!
//! Not recognized: an expert product whose weight is no weight of the graph any more. `par-substitute`
//! (linalg graphs: torch-mlir's) merges sibling products over their weights concatenated (the gate and
//! up projections), and the concatenation is computed: the merged product is no expert-batched
//! contraction, so `--strategy=expert-parallel` on the rewritten graph splits it as data parallelism
//! does (what it computes stays right).
//!
//! Not modelled: the expert weights' gradient synchronization stays priced over all `dp` replicas at
//! their full size (an upper bound of the `dp / E` replicas' synchronization of `1/E` of them), the
//! expert weight gradients a graph's own backward writes (at their full size: an upper bound, as only
//! the reads of the weights are divided), and routing imbalance.

use std::any::Any;
use std::collections::HashSet;

use crate::config::{divisors, Config};
use crate::graph::{DeviceId, Graph, OpClass, OpId, Role, TensorId, TensorKind};
use crate::machine::Machine;
use crate::parallelism::{Dimension, Layout, PassTimes, StageView};

/// Expert parallelism as a dimension of a schedule (module doc, "Expert parallelism in a schedule").
pub struct ExpertParallel;

impl Dimension for ExpertParallel {
    fn key(&self) -> &'static str {
        "ep"
    }

    fn field(&self) -> &'static str {
        "expert_parallel"
    }

    fn noun(&self) -> &'static str {
        "expert parallelism"
    }

    fn adjective(&self) -> &'static str {
        "expert-parallel"
    }

    fn doc(&self) -> &'static str {
        "expert parallelism: each mixture-of-experts layer's experts split over ep data-parallel replicas (ep divides dp and the experts)"
    }

    fn layout(&self) -> Layout {
        Layout::AmongReplicas
    }

    fn replicas_rule(&self) -> &'static str {
        "the experts are split over replicas (ep divides dp)"
    }

    fn check_spec(&self, ep: u32, dp: Option<u32>) -> Result<(), String> {
        match dp {
            Some(dp) if dp % ep != 0 => Err(format!(
                "ep={ep} splits the experts over data-parallel replicas, so it must divide dp={dp} (Megatron-Core carves the expert-parallel group out of the data-parallel one)"
            )),
            _ => Ok(()),
        }
    }

    fn check(&self, graph: &Graph, ep: u32, dp: u32, tp: u32) -> Result<(), String> {
        check_expert_parallel(graph, ep, dp, tp)
    }

    /// Every divisor of the experts' count (1 only without experts).
    fn candidates(&self, graph: &Graph, _devices: u32) -> Vec<u32> {
        experts(graph).map_or(vec![1], |e| {
            divisors(e.count)
                .into_iter()
                .filter_map(|d| u32::try_from(d).ok())
                .collect()
        })
    }

    /// The schedule's split across replicas times the most ways one expert-batched contraction's
    /// expert loop is split inside a replica (the flat `expert-parallel`).
    fn reported(&self, graph: &Graph, configs: &[Config], ep: u32) -> u64 {
        let inner = experts(graph).map_or(1, |e| {
            e.contractions
                .iter()
                .map(|&(id, d)| configs[id.index()].degrees[d])
                .max()
                .unwrap_or(1)
        });
        u64::from(ep) * inner
    }

    fn unmaterialized(&self) -> Option<&'static str> {
        Some("device programs that split the experts across replicas are not materialized yet (the configurations hold every expert on each replica); simulate it with flexc --simulate, or materialize the flat --strategy=expert-parallel")
    }

    /// The graph's experts ([`experts`]).
    fn analyze(&self, graph: &Graph) -> Box<dyn Any> {
        Box::new(experts(graph))
    }

    /// The tokens' all-to-alls into and out of the experts of the stage's mixture-of-experts layers,
    /// and their gradients' back in the backward ([`exchange_s`]).
    fn price_stage(&self, _ep: u32, view: &StageView, times: &mut PassTimes) {
        let exchange_s = exchange_s(view);
        times.forward_s += exchange_s;
        if view.backward() {
            times.backward_s += exchange_s;
            times.last_backward_s += exchange_s;
        }
    }

    /// The expert weights ([`expert_weights`]).
    fn divided_weights(&self, graph: &Graph) -> Vec<TensorId> {
        experts(graph)
            .map(|e| expert_weights(graph, &e))
            .unwrap_or_default()
    }
}

/// Seconds of the all-to-alls that move a micro-batch's tokens into the experts of the stage's
/// mixture-of-experts layers and out of them in one forward pass, among the view's members (the
/// expert-parallel group): [`exchanges`], each tensor at the share one device holds
/// ([`share_bytes`]).
fn exchange_s(view: &StageView) -> f64 {
    let Some(experts) = view
        .analysis
        .downcast_ref::<Option<Experts>>()
        .expect("ExpertParallel::analyze")
    else {
        return 0.0;
    };
    let in_stage: HashSet<OpId> = view.ops.iter().copied().collect();
    exchanges(view.graph, experts, view.is_forward)
        .into_iter()
        .filter(|(_, op)| in_stage.contains(op))
        .map(|(tensor, op)| {
            let bytes = share_bytes(view.graph, op, &view.configs[op.index()], tensor);
            all_to_all_s(view.machine, &view.members, bytes)
        })
        .sum()
}

/// The expert dims of a graph's expert-batched contractions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Experts {
    /// The number of experts: the expert loop's size (the largest where several differ).
    pub count: u64,
    /// Every expert-batched contraction and its expert loop, in program order.
    pub contractions: Vec<(OpId, usize)>,
}

/// The expert-batched contractions of `graph` (module doc): a contraction of two operands, one of them
/// a weight, with a parameter loop of more than one trip that indexes the weight, the other operand and
/// a result. `None` when the graph has none (a dense model).
pub fn experts(graph: &Graph) -> Option<Experts> {
    let mut contractions = Vec::new();
    let mut count = 0;
    for (i, op) in graph.ops().iter().enumerate() {
        if op.class != OpClass::Contraction || op.inputs.len() != 2 {
            continue;
        }
        let is_weight = |k: usize| graph.tensor(op.inputs[k].tensor).kind == TensorKind::Weight;
        let Some(w) = (0..2).find(|&k| is_weight(k)) else {
            continue;
        };
        let indexes = |exprs: &[crate::graph::AffineDim], d: usize| {
            exprs
                .iter()
                .any(|e| e.terms.iter().any(|&(j, c)| j == d && c != 0))
        };
        let expert = op.dims.iter().enumerate().position(|(d, dim)| {
            dim.role == Role::Parameter
                && dim.size > 1
                && indexes(&op.inputs[w].exprs, d)
                && indexes(&op.inputs[1 - w].exprs, d)
                && op.outputs.iter().any(|o| indexes(&o.exprs, d))
        });
        if let Some(d) = expert {
            count = count.max(op.dims[d].size);
            contractions.push((OpId::new(i), d));
        }
    }
    (!contractions.is_empty()).then_some(Experts {
        count,
        contractions,
    })
}

/// How a graph moves the tokens into its experts' slots (module doc, "Dispatch").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dispatch {
    /// Gathered into the slots (and scattered back): a permutation, moving bytes without arithmetic.
    Permutation,
    /// Contracted with a dense assignment over the slots (GShard's one-hot einsums): `flops` in all,
    /// forward and backward, of the contractions that make the experts' token operands.
    Contraction { flops: f64 },
}

/// The form of `graph`'s dispatch: the ops that make the token operands of the expert-batched
/// contractions (looking through data movement: reshapes, transposes, copies). A gather or scatter
/// (an embedding-class op) makes them by permutation; a contraction of two non-weight operands makes
/// them by a dense assignment. `None` when neither makes any (the tokens computed otherwise).
pub fn dispatch(graph: &Graph, experts: &Experts) -> Option<Dispatch> {
    let mut makers: Vec<OpId> = Vec::new();
    for &(id, _) in &experts.contractions {
        let op = graph.op(id);
        for a in &op.inputs {
            if graph.tensor(a.tensor).kind == TensorKind::Weight {
                continue;
            }
            // Through data movement to the op that computed the tokens (bounded by the graph's size:
            // producers come before their readers).
            let mut tensor = a.tensor;
            let mut maker = None;
            for _ in 0..graph.num_ops() {
                let Some(p) = graph.tensor(tensor).producer else {
                    break;
                };
                let producer = graph.op(p);
                if producer.class == OpClass::DataMovement && producer.inputs.len() == 1 {
                    tensor = producer.inputs[0].tensor;
                    continue;
                }
                maker = Some(p);
                break;
            }
            if let Some(m) = maker {
                if !makers.contains(&m) {
                    makers.push(m);
                }
            }
        }
    }
    let weightless = |id: OpId| {
        graph
            .op(id)
            .inputs
            .iter()
            .all(|a| graph.tensor(a.tensor).kind != TensorKind::Weight)
    };
    let dense: Vec<OpId> = makers
        .iter()
        .copied()
        .filter(|&m| graph.op(m).class == OpClass::Contraction && weightless(m))
        .filter(|m| !experts.contractions.iter().any(|e| e.0 == *m))
        .collect();
    if !dense.is_empty() {
        let flops = dense.iter().map(|&m| graph.op(m).flops).sum();
        return Some(Dispatch::Contraction { flops });
    }
    makers
        .iter()
        .any(|&m| graph.op(m).class == OpClass::Embedding)
        .then_some(Dispatch::Permutation)
}

/// The expert dim of each weight the expert-batched contractions read through their expert loop: the
/// weight and its dim that the loop indexes (on its own), each weight once, in program order.
pub fn expert_weight_dims(graph: &Graph, experts: &Experts) -> Vec<(TensorId, usize)> {
    let mut dims: Vec<(TensorId, usize)> = Vec::new();
    for &(id, d) in &experts.contractions {
        for a in &graph.op(id).inputs {
            if graph.tensor(a.tensor).kind != TensorKind::Weight
                || dims.iter().any(|w| w.0 == a.tensor)
            {
                continue;
            }
            if let Some(t) = a.exprs.iter().position(|e| e.single_dim() == Some(d)) {
                dims.push((a.tensor, t));
            }
        }
    }
    dims
}

/// A router's choice of experts (module doc, "Routers").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Router {
    /// The op that ranks each token's scores over the experts (`chlo.top_k`, `tm_tensor.sort`).
    pub op: OpId,
    /// The experts each token goes to: the ranks the graph reads of it.
    pub k: u64,
    /// The contraction with a weight nearest before it (the router's projection to the scores),
    /// when one is found.
    pub scores: Option<OpId>,
}

/// The routers of a graph with `experts` (module doc, "Routers"), in program order: each op that
/// ranks rows of the experts' count, a reduction of two results (values and indices) over one
/// reduction loop of `experts.count` trips with a loop that indexes its results and no operand (the
/// rank). `k` is what the graph reads of the ranks: the rank loop's trips, fewer when every reader
/// of the results keeps a part of them through data movement (torch-mlir's `topk`: the row sorted
/// whole, `tensor.extract_slice` of its first `k`).
pub fn routers(graph: &Graph, experts: &Experts) -> Vec<Router> {
    let mut out = Vec::new();
    for (i, op) in graph.ops().iter().enumerate() {
        if op.class != OpClass::Reduction || op.outputs.len() != 2 {
            continue;
        }
        let reduced: Vec<usize> = (0..op.dims.len())
            .filter(|&d| op.dims[d].role == Role::Reduction)
            .collect();
        if reduced.len() != 1 || op.dims[reduced[0]].size != experts.count {
            continue;
        }
        let indexes = |exprs: &[crate::graph::AffineDim], d: usize| {
            exprs
                .iter()
                .any(|e| e.terms.iter().any(|&(j, c)| j == d && c != 0))
        };
        let rank = (0..op.dims.len()).find(|&d| {
            op.dims[d].role != Role::Reduction
                && op.dims[d].size <= experts.count
                && op.outputs.iter().all(|o| indexes(&o.exprs, d))
                && !op.inputs.iter().any(|a| indexes(&a.exprs, d))
        });
        let Some(rank) = rank else { continue };
        let ranks = op.dims[rank].size;
        // Elements read of each result (through data movement that keeps a part), at most its own.
        let read = op
            .outputs
            .iter()
            .map(|o| read_elements(graph, o.tensor, 8))
            .max()
            .unwrap_or(0);
        let whole = graph.tensor(op.outputs[0].tensor).elements();
        let k = match read.checked_mul(ranks) {
            Some(product) if read > 0 && whole > 0 && product % whole == 0 => product / whole,
            _ => ranks,
        };
        out.push(Router {
            op: OpId::new(i),
            k: k.clamp(1, ranks),
            scores: scores_of(graph, OpId::new(i)),
        });
    }
    out
}

/// How many elements of `tensor` its readers read: its own count for a reader that computes, the part
/// a data-movement reader of one operand keeps (its result, followed `depth` more levels), the most of
/// all readers; 0 when nothing reads it.
fn read_elements(graph: &Graph, tensor: TensorId, depth: u32) -> u64 {
    let own = graph.tensor(tensor).elements();
    graph
        .consumers(tensor)
        .iter()
        .map(|&c| {
            let reader = graph.op(c);
            match reader.outputs.as_slice() {
                [o] if depth > 0
                    && reader.class == OpClass::DataMovement
                    && reader.inputs.len() == 1 =>
                {
                    let kept = read_elements(graph, o.tensor, depth - 1);
                    (if kept == 0 {
                        graph.tensor(o.tensor).elements()
                    } else {
                        kept
                    })
                    .min(own)
                }
                _ => own,
            }
        })
        .max()
        .unwrap_or(0)
}

/// The contraction reading a weight nearest before `op` through its operands' producers (breadth
/// first, through at most 64 ops that are not contractions): the router's projection.
fn scores_of(graph: &Graph, op: OpId) -> Option<OpId> {
    let mut queue: std::collections::VecDeque<OpId> = std::collections::VecDeque::from([op]);
    let mut seen: HashSet<OpId> = HashSet::from([op]);
    while let Some(id) = queue.pop_front() {
        if seen.len() > 64 {
            break;
        }
        for a in &graph.op(id).inputs {
            let Some(p) = graph.tensor(a.tensor).producer else {
                continue;
            };
            if !seen.insert(p) {
                continue;
            }
            let producer = graph.op(p);
            if producer.class == OpClass::Contraction {
                if producer
                    .inputs
                    .iter()
                    .any(|b| graph.tensor(b.tensor).kind == TensorKind::Weight)
                {
                    return Some(p);
                }
                continue;
            }
            queue.push_back(p);
        }
    }
    None
}

/// Whether `ep` ways of expert parallelism fit `graph` with `dp` data-parallel replicas (module doc,
/// "Expert parallelism in a schedule"): the graph has experts, `ep` divides their count and `dp`.
pub fn check_expert_parallel(graph: &Graph, ep: u32, dp: u32, tp: u32) -> Result<(), String> {
    let Some(experts) = experts(graph) else {
        return Err(format!(
            "ep={ep} splits the experts of mixture-of-experts layers, but the graph has none (no contraction batched over a weight's expert dim): drop ep"
        ));
    };
    if experts.count % u64::from(ep) != 0 {
        return Err(format!(
            "ep={ep} does not divide the graph's {} experts (the expert loop of its {} expert-batched contractions)",
            experts.count,
            experts.contractions.len()
        ));
    }
    if dp % ep != 0 {
        return Err(format!(
            "ep={ep} does not divide the {dp} data-parallel replicas: the expert-parallel group is carved out of the data-parallel one (Megatron-Core: tp × ep × pp divides the devices, the experts' tensor parallelism being tp={tp})"
        ));
    }
    Ok(())
}

/// The weights the expert-batched contractions read through their expert loop: what expert
/// parallelism divides (module doc).
pub fn expert_weights(graph: &Graph, experts: &Experts) -> Vec<TensorId> {
    let mut weights: Vec<TensorId> = experts
        .contractions
        .iter()
        .flat_map(|&(id, _)| graph.op(id).inputs.iter().map(|a| a.tensor))
        .filter(|&t| graph.tensor(t).kind == TensorKind::Weight)
        .collect();
    weights.sort_unstable();
    weights.dedup();
    weights
}

/// The tokens an expert-parallel group exchanges per forward pass (module doc). The experts' ops,
/// among those `forward` accepts: the expert-batched contractions and, in program order, every op
/// that reads a result of the experts' ops through a parallel loop of the experts' count that indexes
/// one of its results (the activation between the expert products). Each tensor that enters them (a
/// non-weight operand made by another op: the dispatched tokens) or leaves them (a result read by
/// another op: what the combine reads) is exchanged, listed once with the experts' op that reads or
/// writes it, in program order.
pub fn exchanges(
    graph: &Graph,
    experts: &Experts,
    forward: &dyn Fn(OpId) -> bool,
) -> Vec<(TensorId, OpId)> {
    use std::collections::BTreeMap;
    let plain = crate::graph::AffineDim::single_dim;
    let mut inside = vec![false; graph.num_ops()];
    // Per tensor the experts' ops write, the tensor dim of the experts.
    let mut split: BTreeMap<TensorId, usize> = BTreeMap::new();
    let mut expert_loop: Vec<Option<usize>> = vec![None; graph.num_ops()];
    for &(id, d) in &experts.contractions {
        if forward(id) {
            expert_loop[id.index()] = Some(d);
        }
    }
    for id in graph.topological_order().filter(|&id| forward(id)) {
        let op = graph.op(id);
        let l = expert_loop[id.index()].or_else(|| {
            op.inputs.iter().find_map(|a| {
                let l = plain(a.exprs.get(*split.get(&a.tensor)?)?)?;
                let writes = op
                    .outputs
                    .iter()
                    .any(|o| o.exprs.iter().any(|e| plain(e) == Some(l)));
                (op.dims[l].role != Role::Reduction && op.dims[l].size == experts.count && writes)
                    .then_some(l)
            })
        });
        let Some(l) = l else { continue };
        inside[id.index()] = true;
        for o in &op.outputs {
            if let Some(t) = o.exprs.iter().position(|e| plain(e) == Some(l)) {
                split.insert(o.tensor, t);
            }
        }
    }
    let mut out: Vec<(TensorId, OpId)> = Vec::new();
    for id in graph.topological_order().filter(|&id| inside[id.index()]) {
        let op = graph.op(id);
        for a in &op.inputs {
            let tensor = graph.tensor(a.tensor);
            if tensor.kind == TensorKind::Weight {
                continue;
            }
            if tensor.producer.is_some_and(|p| !inside[p.index()])
                && !out.iter().any(|e| e.0 == a.tensor)
            {
                out.push((a.tensor, id));
            }
        }
        for o in &op.outputs {
            let read_outside = graph.edges().iter().any(|e| {
                e.tensor == o.tensor && forward(e.consumer) && !inside[e.consumer.index()]
            });
            if read_outside && !out.iter().any(|e| e.0 == o.tensor) {
                out.push((o.tensor, id));
            }
        }
    }
    out
}

/// The experts' output as the combine scales it (module doc, "Routing probabilities"): the results of
/// the experts' ops read outside them ([`exchanges`]), followed through data movement (ops of one
/// operand: reshapes, transposes, copies), when every forward op that reads the last of them is an
/// elementwise op of two operands (the multiply by each token's routing probability). Every tensor
/// of those chains, in program order of their producers; none when a chain reaches anything else (a
/// bias, a norm, a product).
pub fn combined_outputs(
    graph: &Graph,
    experts: &Experts,
    forward: &dyn Fn(OpId) -> bool,
) -> Vec<TensorId> {
    let mut out = Vec::new();
    for (tensor, op) in exchanges(graph, experts, forward) {
        if !graph.op(op).outputs.iter().any(|o| o.tensor == tensor) {
            continue; // tokens entering the experts
        }
        let mut chain = vec![tensor];
        let mut ends = Vec::new();
        let mut scaled = true;
        let mut k = 0;
        while k < chain.len() && scaled {
            let t = chain[k];
            k += 1;
            let readers: Vec<OpId> = graph
                .consumers(t)
                .iter()
                .copied()
                .filter(|&c| forward(c))
                .collect();
            if readers.is_empty() {
                scaled = false;
            }
            for c in readers {
                let reader = graph.op(c);
                if reader.class == OpClass::DataMovement && reader.inputs.len() == 1 {
                    chain.extend(reader.outputs.iter().map(|o| o.tensor));
                } else if reader.class == OpClass::Elementwise && reader.inputs.len() == 2 {
                    ends.push(c);
                } else {
                    scaled = false;
                }
            }
        }
        if scaled && !ends.is_empty() {
            out.extend(chain);
        }
    }
    out
}

/// Bytes of `tensor` one device holds under `config` of `op` (which reads or writes it): the tensor
/// over the ways the configuration splits the loops that index it.
pub fn share_bytes(graph: &Graph, op: OpId, config: &Config, tensor: TensorId) -> u64 {
    let o = graph.op(op);
    let access = o
        .inputs
        .iter()
        .chain(&o.outputs)
        .find(|a| a.tensor == tensor);
    let ways: u64 = access.map_or(1, |a| {
        (0..o.dims.len())
            .filter(|&d| {
                config.degrees.get(d).is_some_and(|&k| k > 1)
                    && a.exprs.iter().any(|e| e.dominant_term() == Some(d))
            })
            .map(|d| config.degrees[d])
            .product()
    });
    graph.tensor(tensor).bytes() / ways.max(1)
}

/// Seconds of an all-to-all among `devices`, each holding `bytes` that it spreads evenly over all of
/// them (`bytes / e` to each of the `e − 1` others): pairwise rounds, round `j` sending from member `i`
/// to member `i + j mod e`, each as long as its slowest pair's bytes over its bandwidth; the sends posted
/// together, so the latency of the slowest route is paid once (the task simulator's price of an
/// all-to-all, core/sim/blocks.rs).
pub fn all_to_all_s(machine: &Machine, devices: &[DeviceId], bytes: u64) -> f64 {
    let e = devices.len();
    if e < 2 || bytes == 0 {
        return 0.0;
    }
    let part = bytes as f64 / e as f64;
    let mut time = 0.0;
    let mut latency = 0.0f64;
    for j in 1..e {
        let mut slowest = 0.0f64;
        for i in 0..e {
            let route = machine.route(devices[i], devices[(i + j) % e]);
            slowest = slowest.max(part / route.bandwidth);
            latency = latency.max(route.latency_s);
        }
        time += slowest;
    }
    time + latency
}

/// A routed mixture-of-experts layer as `tools/export-gpt --moe-dispatch=gather` writes one, small, for
/// tests: `batch` samples of `tokens` tokens of `hidden` gathered into `experts × capacity` slots per
/// sample, each expert's up projection to `ffn`, a ReLU, its down projection back to `hidden`, the
/// slots merged back into rows (a reshape), and each row scaled by its routing probability (the
/// combine's multiply). Returns the graph and the merged experts' output, which the probabilities'
/// gradient reads as written.
#[cfg(test)]
pub(crate) fn routed_layer(
    batch: u64,
    tokens: u64,
    experts: u64,
    capacity: u64,
    hidden: u64,
    ffn: u64,
) -> (Graph, TensorId) {
    use crate::graph::{Access, AffineDim, DType, Dim, Op};
    let (n, t, e, c, h, f) = (batch, tokens, experts, capacity, hidden, ffn);
    let mut g = Graph::new();
    let f32 = DType::F32;
    let x = g.add_tensor("x", vec![n, t, h], f32, TensorKind::Input);
    let probs = g.add_tensor("probs", vec![n, e * c, h], f32, TensorKind::Input);
    let slots = g.add_tensor("slots", vec![e, n, c, h], f32, TensorKind::Activation);
    let w1 = g.add_tensor("w1", vec![e, h, f], f32, TensorKind::Weight);
    let up = g.add_tensor("up", vec![e, n, c, f], f32, TensorKind::Activation);
    let act = g.add_tensor("act", vec![e, n, c, f], f32, TensorKind::Activation);
    let w2 = g.add_tensor("w2", vec![e, f, h], f32, TensorKind::Weight);
    let down = g.add_tensor("down", vec![e, n, c, h], f32, TensorKind::Activation);
    let merged = g.add_tensor("merged", vec![n, e * c, h], f32, TensorKind::Activation);
    let scaled = g.add_tensor("scaled", vec![n, e * c, h], f32, TensorKind::Activation);
    let op = |name: &str, class, dims, inputs, outputs, flops| Op {
        name: name.into(),
        location: format!("moe.mlir:{name}"),
        class,
        dims,
        inputs,
        outputs,
        flops,
        dtype: f32,
        position_mask: None,
    };
    let s = |k| Dim::new(k, Role::Sample);
    let p = |k| Dim::new(k, Role::Parameter);
    let r = |k| Dim::new(k, Role::Reduction);
    let ops = [
        // The tokens gathered into the slots: loops (e, n, c, h, t).
        op(
            "stablehlo.gather",
            OpClass::Embedding,
            vec![p(e), s(n), p(c), p(h), r(t)],
            vec![Access::dims(x, &[1, 4, 3])],
            vec![Access::dims(slots, &[0, 1, 2, 3])],
            0.0,
        ),
        // Up projection per expert: loops (e, n, c, f, h).
        op(
            "stablehlo.dot_general",
            OpClass::Contraction,
            vec![p(e), s(n), p(c), p(f), r(h)],
            vec![
                Access::dims(slots, &[0, 1, 2, 4]),
                Access::dims(w1, &[0, 4, 3]),
            ],
            vec![Access::dims(up, &[0, 1, 2, 3])],
            2.0 * (e * n * c * h * f) as f64,
        ),
        op(
            "stablehlo.maximum",
            OpClass::Elementwise,
            vec![p(e), s(n), p(c), p(f)],
            vec![Access::dims(up, &[0, 1, 2, 3])],
            vec![Access::dims(act, &[0, 1, 2, 3])],
            (e * n * c * f) as f64,
        ),
        // Down projection per expert: loops (e, n, c, h, f).
        op(
            "stablehlo.dot_general",
            OpClass::Contraction,
            vec![p(e), s(n), p(c), p(h), r(f)],
            vec![
                Access::dims(act, &[0, 1, 2, 4]),
                Access::dims(w2, &[0, 4, 3]),
            ],
            vec![Access::dims(down, &[0, 1, 2, 3])],
            2.0 * (e * n * c * h * f) as f64,
        ),
        // The slots merged into rows: loops (e, n, c, h), row e·c + c of sample n.
        op(
            "stablehlo.reshape",
            OpClass::DataMovement,
            vec![p(e), s(n), p(c), p(h)],
            vec![Access::dims(down, &[0, 1, 2, 3])],
            vec![Access {
                tensor: merged,
                exprs: vec![
                    AffineDim::dim(1),
                    AffineDim {
                        terms: vec![(0, c as i64), (2, 1)],
                        offset: 0,
                    },
                    AffineDim::dim(3),
                ],
            }],
            0.0,
        ),
        // Each row scaled by its token's routing probability.
        op(
            "stablehlo.multiply",
            OpClass::Elementwise,
            vec![s(n), p(e * c), p(h)],
            vec![
                Access::dims(merged, &[0, 1, 2]),
                Access::dims(probs, &[0, 1, 2]),
            ],
            vec![Access::dims(scaled, &[0, 1, 2])],
            (n * e * c * h) as f64,
        ),
    ];
    for o in ops {
        g.add_op(o).unwrap();
    }
    (g, merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth;

    /// The combine's multiply reads the experts' output merged into rows: that merge, and the down
    /// projection's result it reshapes, are what the probabilities' gradient keeps as written; the
    /// activation between the products is not among them.
    #[test]
    fn the_combined_outputs_are_the_experts_results_the_probabilities_scale() {
        let (g, merged) = routed_layer(2, 64, 4, 16, 32, 8);
        let e = experts(&g).expect("two expert products");
        assert_eq!(e.contractions.len(), 2);
        let found = combined_outputs(&g, &e, &|_| true);
        let names: Vec<&str> = found.iter().map(|&t| g.tensor(t).name.as_str()).collect();
        assert_eq!(names, ["down", "merged"]);
        assert!(found.contains(&merged));
        // A chain that reaches anything but a two-operand pointwise op (here nothing reads it: the
        // forward alone) is not a combine.
        let none = combined_outputs(&g, &e, &|id| g.op(id).name != "stablehlo.multiply");
        assert!(none.is_empty(), "{none:?}");
    }

    /// An all-to-all inside one node streams `(e − 1)/e` of each member's bytes over NVLink after one
    /// latency; across nodes its rounds are as slow as their slowest pair, the NIC.
    #[test]
    fn an_all_to_all_takes_its_rounds_closed_form() {
        let bytes = 64 << 20;
        let one = Machine::preset("dgx-a100:1").unwrap();
        let devices: Vec<DeviceId> = (0..4).map(DeviceId).collect();
        let route = one.route(DeviceId(0), DeviceId(1));
        let expected = 3.0 / 4.0 * bytes as f64 / route.bandwidth + route.latency_s;
        let got = all_to_all_s(&one, &devices, bytes);
        assert!(
            (got - expected).abs() < 1e-12 * expected.max(1.0),
            "{got} vs {expected}"
        );
        // Two members on each of two nodes (devices 0, 8, 1, 9 in that order): rounds 1 and 3 pair
        // every member with one on the other node, round 2 within the nodes.
        let two = Machine::preset("dgx-a100:2").unwrap();
        let spread = [DeviceId(0), DeviceId(8), DeviceId(1), DeviceId(9)];
        let nic = two.route(DeviceId(0), DeviceId(8));
        assert!(nic.bandwidth < route.bandwidth);
        let part = bytes as f64 / 4.0;
        let expected = 2.0 * part / nic.bandwidth
            + part / route.bandwidth
            + nic.latency_s.max(route.latency_s);
        let got = all_to_all_s(&two, &spread, bytes);
        assert!(
            (got - expected).abs() < 1e-9 * expected,
            "{got} vs {expected}"
        );
        // One member, or nothing to send: no time.
        assert_eq!(all_to_all_s(&one, &devices[..1], bytes), 0.0);
        assert_eq!(all_to_all_s(&one, &devices, 0), 0.0);
    }

    #[test]
    fn expert_parallelism_needs_experts_that_it_divides() {
        let dense = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        let e = check_expert_parallel(&dense, 2, 4, 1).unwrap_err();
        assert!(e.contains("the graph has none"), "{e}");
    }

    /// A mixture-of-experts layer's expert product `[e, c, h] · w[e, h, f]`, its tokens made by `maker`
    /// (`Embedding`: gathered into the slots; `Contraction`: a one-hot `[t, e, c] · x[t, h]`) through
    /// a transpose.
    fn moe_layer(maker: OpClass) -> (Graph, OpId) {
        moe_layer_of(maker, (64, 4, 32, 16, 8))
    }

    /// [`moe_layer`] of `(tokens, experts, capacity, hidden, ffn)`.
    fn moe_layer_of(maker: OpClass, (t, e, c, h, f): (u64, u64, u64, u64, u64)) -> (Graph, OpId) {
        use crate::graph::{Access, DType, Dim, Op};
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![t, h], DType::F32, TensorKind::Input);
        let assign = g.add_tensor("assign", vec![t, e, c], DType::F32, TensorKind::Input);
        let slots = g.add_tensor("slots", vec![c, e, h], DType::F32, TensorKind::Activation);
        let tokens = g.add_tensor("tokens", vec![e, c, h], DType::F32, TensorKind::Activation);
        let w = g.add_tensor("w", vec![e, h, f], DType::F32, TensorKind::Weight);
        let y = g.add_tensor("y", vec![e, c, f], DType::F32, TensorKind::Activation);
        let op = |name: &str, class, dims, inputs, outputs, flops| Op {
            name: name.into(),
            location: format!("moe.mlir:{name}"),
            class,
            dims,
            inputs,
            outputs,
            flops,
            dtype: DType::F32,
            position_mask: None,
        };
        let p = |n| Dim::new(n, Role::Parameter);
        let r = |n| Dim::new(n, Role::Reduction);
        // Loops (c, e, h[, t]): the slots written [c, e, h].
        let made = if maker == OpClass::Contraction {
            op(
                "stablehlo.dot_general",
                OpClass::Contraction,
                vec![p(c), p(e), p(h), r(t)],
                vec![Access::dims(assign, &[3, 1, 0]), Access::dims(x, &[3, 2])],
                vec![Access::dims(slots, &[0, 1, 2])],
                2.0 * (t * e * c * h) as f64,
            )
        } else {
            op(
                "stablehlo.gather",
                OpClass::Embedding,
                vec![p(c), p(e), p(h), r(t)],
                vec![Access::dims(x, &[3, 2])],
                vec![Access::dims(slots, &[0, 1, 2])],
                0.0,
            )
        };
        g.add_op(made).unwrap();
        g.add_op(op(
            "stablehlo.transpose",
            OpClass::DataMovement,
            vec![p(e), p(c), p(h)],
            vec![Access::dims(slots, &[1, 0, 2])],
            vec![Access::dims(tokens, &[0, 1, 2])],
            0.0,
        ))
        .unwrap();
        let product = g
            .add_op(op(
                "stablehlo.dot_general",
                OpClass::Contraction,
                vec![p(e), p(c), p(f), r(h)],
                vec![
                    Access::dims(tokens, &[0, 1, 3]),
                    Access::dims(w, &[0, 3, 2]),
                ],
                vec![Access::dims(y, &[0, 1, 2])],
                2.0 * (e * c * h * f) as f64,
            ))
            .unwrap();
        (g, product)
    }

    /// A device of an expert-parallel group reads its own experts' weights only: an expert product
    /// whose weight read bounds it (4 experts of 4096 × 8192, 8 tokens each) is 4 times shorter with
    /// `ep=4` in the stage simulation, beside the all-to-alls of its tokens, which are small here.
    #[test]
    fn an_expert_parallel_device_reads_only_its_experts_weights() {
        use crate::cost::CostModel;
        use crate::graph::Mode;
        use crate::machine::Machine;
        use crate::problem::Problem;
        use crate::schedule::spec::Spec;
        let (graph, _) = moe_layer_of(OpClass::Contraction, (64, 4, 8, 4096, 8192));
        let machine = Machine::preset("dgx-h100:1")
            .unwrap()
            .with_devices(crate::DeviceCount::new(4).unwrap())
            .unwrap();
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&graph, &machine, &cost, Mode::Inference);
        let forward = |spec: &str| {
            let strategy = crate::scheduled::build(&problem, &Spec::parse(spec).unwrap()).unwrap();
            let evaluation = crate::pipeline::evaluate(&problem, &strategy).unwrap();
            evaluation.iteration_s
        };
        let whole = forward("megatron:tp=1,dp=4");
        let parted = forward("megatron:tp=1,dp=4,ep=4");
        let weight = (4 * 4096 * 8192 * 4) as f64;
        let read_s =
            |bytes: f64| bytes / (machine.gpu.mem_bandwidth * machine.gpu.efficiency.memory);
        assert!(whole >= read_s(weight), "{whole} vs {}", read_s(weight));
        assert!(
            parted < whole / 2.0 && parted >= read_s(weight / 4.0),
            "ep=4: {parted}, whole experts: {whole}"
        );
    }

    /// Tokens gathered into the expert slots are a permutation; tokens contracted with a one-hot
    /// assignment are a dense dispatch, with its FLOPs (what the summary warns about under an engine
    /// that permutes).
    #[test]
    fn the_dispatch_form_is_read_from_the_maker_of_the_expert_tokens() {
        let (gathered, product) = moe_layer(OpClass::Embedding);
        let experts_of = experts(&gathered).expect("the expert product is found");
        assert_eq!(experts_of.contractions, vec![(product, 0)]);
        assert_eq!(experts_of.count, 4);
        assert_eq!(
            dispatch(&gathered, &experts_of),
            Some(Dispatch::Permutation)
        );
        let (dense, _) = moe_layer(OpClass::Contraction);
        let experts_of = experts(&dense).unwrap();
        assert_eq!(
            dispatch(&dense, &experts_of),
            Some(Dispatch::Contraction {
                flops: 2.0 * (64 * 4 * 32 * 16) as f64
            })
        );
    }

    #[test]
    fn a_dense_transformer_has_no_experts() {
        let graph = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        assert_eq!(experts(&graph), None);
    }
}
