//! The shape of a GPT/Llama-style decoder read from its graph: layers, hidden size, attention heads,
//! feed-forward width, sequence length and vocabulary, as a training framework's model arguments name
//! them (Megatron-LM's `--num-layers`, `--hidden-size`, ...; torchtitan's `seq_len`).
//!
//! # How each is read
//! - **attention**: the score contractions `Q·Kᵀ` of the forward: contractions of two activations
//!   (no weight) that no other such contraction's result reaches through non-contractions (the `P·V`
//!   after a softmax is reached). Each has a sample loop (the batch), one reduction loop (the head width) and three
//!   other parallel loops: the heads and the query and key positions. The two positions are the loops of
//!   equal size (self-attention), the heads the third; when all three are equal the reading is the same
//!   whichever is which. Grouped-query attention's scores (a JAX einsum over key/value heads × group)
//!   have four: the key/value heads (read by both operands), the group (the queries' only) and the
//!   positions; the heads are key/value heads × group. Every attention must agree.
//! - **layers**: the number of score contractions (one per decoder block).
//! - **hidden size**: heads × head width.
//! - **vocabulary**: the language-model head, the last forward contraction in program order that
//!   reads a weight and reduces over the hidden size; its parameter loops are the vocabulary.
//! - **feed-forward width**: the down projection, a forward contraction between the first attention
//!   and the head (not a one-hot embedding lookup) reading a weight whose parameter loops make the
//!   hidden size and whose reduction loops make another width; the width most of them share.
//!
//! - **experts** (a mixture-of-experts decoder, [`Moe`]): the expert count is the expert loop of the
//!   expert-batched contractions ([`crate::experts::experts`]); each expert's width that of their down
//!   projections (a weight contraction whose parameter loops besides the experts' make the hidden size);
//!   the experts per token (top-k) what the forward routers read of their ranks
//!   ([`crate::experts::routers`]: JAX's `chlo.top_k`, torch-mlir's sort with the slice of its first
//!   `k`); the shared experts' width the dense down projections inside a layer that has
//!   experts, summed (a layer: the forward ops from one attention to the next, in program order). The
//!   feed-forward width of such a model is that of its dense down projections, the shared experts'
//!   included; where no layer has a dense one, each expert's (what Megatron-Core's
//!   `moe_ffn_hidden_size` defaults to).
//!
//! What cannot be read that way (no attention, attentions that disagree, a batch folded into the heads, no
//! head or no down projection, experts whose routing or widths do not read as one) is an error naming
//! it: the model arguments of a framework must be the model's own, never a guess.

use std::collections::{BTreeMap, HashSet};

use crate::graph::{Graph, OpClass, OpId, Role};

/// A mixture-of-experts decoder's expert arguments (module doc, "experts").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moe {
    /// Routed experts per layer.
    pub experts: u64,
    /// Experts each token is routed to.
    pub top_k: u64,
    /// Each routed expert's feed-forward width.
    pub ffn_hidden: u64,
    /// The shared (always-on) experts' feed-forward width in all; `None` without shared experts.
    pub shared_ffn_hidden: Option<u64>,
    /// Per decoder layer in program order, whether it is a mixture of experts (else dense).
    pub layers: Vec<bool>,
}

/// A decoder's model arguments (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub layers: u64,
    pub hidden: u64,
    pub heads: u64,
    /// Key/value heads: `heads` but under grouped-query attention.
    pub kv_heads: u64,
    pub ffn_hidden: u64,
    pub seq_len: u64,
    pub vocab: u64,
    /// The experts of a mixture-of-experts decoder; `None` for a dense one.
    pub moe: Option<Moe>,
}

/// Product of the sizes of `op`'s loops with `role`.
fn loops(graph: &Graph, op: OpId, role: Role) -> u64 {
    graph
        .op(op)
        .dims
        .iter()
        .filter(|d| d.role == role)
        .map(|d| d.size)
        .product()
}

/// The sizes of an op's parallel loops other than the sample loop, in loop order.
fn parallel_sizes(op: &crate::graph::Op) -> Vec<u64> {
    op.dims
        .iter()
        .filter(|d| d.role.is_parallel() && d.role != Role::Sample)
        .map(|d| d.size)
        .collect()
}

/// Heads, sequence length, head width and key/value heads of one score contraction.
fn attention(graph: &Graph, scores: OpId) -> Result<(u64, u64, u64, u64), String> {
    let op = graph.op(scores);
    let at = &op.location;
    let reduction: Vec<u64> = op
        .dims
        .iter()
        .filter(|d| d.role == Role::Reduction)
        .map(|d| d.size)
        .collect();
    let other = parallel_sizes(op);
    let [head_width] = reduction[..] else {
        return Err(format!(
            "the attention scores at {at} reduce over {} loops, not one head width",
            reduction.len()
        ));
    };
    if let [_, _, _, _] = other[..] {
        return grouped(op, head_width);
    }
    let [a, b, c] = other[..] else {
        return Err(format!(
            "the attention scores at {at} have {} loops besides the batch and the head width, not heads × queries × keys ({other:?}: heads folded into the batch?)",
            other.len()
        ));
    };
    let (heads, seq) = if b == c {
        (a, b)
    } else if a == c {
        (b, a)
    } else if a == b {
        (c, a)
    } else {
        return Err(format!(
            "the attention scores at {at} have loops {other:?}: no two of them are the query and key positions of a self-attention"
        ));
    };
    Ok((heads, seq, head_width, heads))
}

/// Grouped-query attention's scores (module doc): four loops besides the batch and the head width, the
/// key/value heads (read by both operands), the group of query heads sharing each (read by the queries
/// only) and the query and key positions (equal sizes).
fn grouped(op: &crate::graph::Op, head_width: u64) -> Result<(u64, u64, u64, u64), String> {
    let at = &op.location;
    let reads = |input: usize, k: usize| {
        op.inputs
            .get(input)
            .is_some_and(|a| a.exprs.iter().any(|e| e.dominant_term() == Some(k)))
    };
    let loops: Vec<(usize, u64)> = op
        .dims
        .iter()
        .enumerate()
        .filter(|(_, d)| d.role.is_parallel() && d.role != Role::Sample)
        .map(|(k, d)| (k, d.size))
        .collect();
    // Positions: the query loop the queries read and the keys do not, the key loop the other way round.
    let only = |input: usize| -> Vec<(usize, u64)> {
        loops
            .iter()
            .copied()
            .filter(|&(k, _)| reads(input, k) && !reads(1 - input, k))
            .collect()
    };
    let both: Vec<u64> = loops
        .iter()
        .filter(|&&(k, _)| reads(0, k) && reads(1, k))
        .map(|&(_, n)| n)
        .collect();
    // Either operand may be the queries: theirs are the two loops.
    let (queries, keys) = match (only(0), only(1)) {
        (a, b) if a.len() < b.len() => (b, a),
        (a, b) => (a, b),
    };
    let error = || {
        format!(
            "the attention scores at {at} have loops {:?}: not key/value heads × group × queries × keys",
            loops.iter().map(|l| l.1).collect::<Vec<_>>()
        )
    };
    // The queries read their group and positions; the keys their positions; both the key/value heads.
    let (&[kv], &[key]) = (&both[..], &keys[..]) else {
        return Err(error());
    };
    let (group, seq) = match queries[..] {
        [(_, a), (_, b)] if b == key.1 => (a, b),
        [(_, a), (_, b)] if a == key.1 => (b, a),
        _ => return Err(error()),
    };
    Ok((kv * group, seq, head_width, kv))
}

/// The score contractions of the forward: contractions of two activations shaped as [`attention`]
/// reads them, but not one that the result of another reaches through non-contractions (the `P·V`
/// after a softmax, whose head width may equal the positions).
fn scores(graph: &Graph, forward: &impl Fn(OpId) -> bool) -> Vec<OpId> {
    let candidates: Vec<OpId> = graph
        .topological_order()
        .filter(|&id| {
            let op = graph.op(id);
            forward(id)
                && op.class == OpClass::Contraction
                && op.inputs.len() == 2
                && !graph.reads_weight(id)
                && op.first_dim(Role::Sample).is_some()
                && attention(graph, id).is_ok()
        })
        .collect();
    let mut reached: HashSet<OpId> = HashSet::new();
    for &c in &candidates {
        let mut frontier: Vec<OpId> = vec![c];
        let mut seen: HashSet<OpId> = [c].into();
        while let Some(op) = frontier.pop() {
            for out in &graph.op(op).outputs {
                for &next in graph.consumers(out.tensor) {
                    if !forward(next) || !seen.insert(next) {
                        continue;
                    }
                    if graph.op(next).class == OpClass::Contraction {
                        reached.insert(next);
                    } else {
                        frontier.push(next);
                    }
                }
            }
        }
    }
    candidates
        .into_iter()
        .filter(|id| !reached.contains(id))
        .collect()
}

/// The attention score contractions among the ops `forward` accepts (module doc, "attention"), in
/// program order: one per decoder layer, so that the stage each falls in counts a pipeline stage's
/// layers.
pub fn attention_cores(graph: &Graph, forward: impl Fn(OpId) -> bool) -> Vec<OpId> {
    scores(graph, &forward)
}

/// Reads the decoder's shape among the ops `forward` accepts (module doc).
pub fn infer(graph: &Graph, forward: impl Fn(OpId) -> bool) -> Result<Shape, String> {
    let cores = scores(graph, &forward);
    let Some(&first) = cores.first() else {
        // Scores over batch × heads as one loop (a torch export's `bmm`): positions, but no heads.
        let folded = graph.topological_order().find(|&id| {
            let op = graph.op(id);
            let other = parallel_sizes(op);
            forward(id)
                && op.class == OpClass::Contraction
                && !graph.reads_weight(id)
                && op.first_dim(Role::Sample).is_some()
                && matches!(other[..], [a, b] if a == b)
        });
        return Err(match folded {
            Some(id) => format!(
                "the attention scores at {} fold the heads into the batch (one loop of batch × heads): the head count cannot be read",
                graph.op(id).location
            ),
            None => "no attention among the forward ops (no score contraction Q·Kᵀ): not a transformer".into(),
        });
    };
    let (heads, seq_len, head_width, kv_heads) = attention(graph, first)?;
    for &core in &cores[1..] {
        let other = attention(graph, core)?;
        if other != (heads, seq_len, head_width, kv_heads) {
            return Err(format!(
                "the attentions differ: {} has {heads} heads × {seq_len} positions × width {head_width}, {} has {} × {} × {}",
                graph.op(first).location,
                graph.op(core).location,
                other.0,
                other.1,
                other.2
            ));
        }
    }
    let hidden = heads * head_width;
    let weighted: Vec<OpId> = graph
        .topological_order()
        .filter(|&id| {
            forward(id) && graph.op(id).class == OpClass::Contraction && graph.reads_weight(id)
        })
        .collect();
    let head = weighted
        .iter()
        .rev()
        .copied()
        .find(|&id| loops(graph, id, Role::Reduction) == hidden)
        .filter(|&id| {
            let vocab = loops(graph, id, Role::Parameter);
            vocab != hidden && vocab > 1
        });
    let Some(head) = head else {
        return Err(format!(
            "no language-model head: the last forward contraction reading a weight over the hidden size {hidden} does not map it to a vocabulary"
        ));
    };
    let vocab = loops(graph, head, Role::Parameter);
    // Between the first attention and the head: not a one-hot embedding lookup before the layers.
    let mut at = vec![0usize; graph.num_ops()];
    for (i, op) in graph.topological_order().enumerate() {
        at[op.index()] = i;
    }
    let inside = |op: OpId| at[op.index()] > at[first.index()] && at[op.index()] < at[head.index()];
    let experts = crate::experts::experts(graph);
    let expert_loop = |id: OpId| {
        experts
            .as_ref()
            .and_then(|e| e.contractions.iter().find(|c| c.0 == id).map(|c| c.1))
    };
    // Dense down projections (the experts' are read by `moe`), with their position.
    let mut dense: Vec<(OpId, u64)> = Vec::new();
    let mut widths: BTreeMap<u64, usize> = BTreeMap::new();
    for &id in &weighted {
        let width = loops(graph, id, Role::Reduction);
        if inside(id)
            && expert_loop(id).is_none()
            && loops(graph, id, Role::Parameter) == hidden
            && width != hidden
        {
            *widths.entry(width).or_default() += 1;
            dense.push((id, width));
        }
    }
    let moe = match &experts {
        Some(e) => Some(moe(graph, &forward, e, &cores, &at, hidden, &dense)?),
        None => None,
    };
    // The width most down projections share (ties to the smaller, deterministic); an all-experts
    // model without shared experts: each expert's.
    let most = widths
        .iter()
        .max_by_key(|&(w, n)| (*n, std::cmp::Reverse(*w)))
        .map(|(&w, _)| w);
    let Some(ffn_hidden) = most.or(moe.as_ref().map(|m| m.ffn_hidden)) else {
        return Err(format!(
            "no feed-forward down projection (a weight contraction from another width to the hidden size {hidden})"
        ));
    };
    Ok(Shape {
        layers: cores.len() as u64,
        hidden,
        heads,
        kv_heads,
        ffn_hidden,
        seq_len,
        vocab,
        moe,
    })
}

/// The expert arguments of a decoder whose expert-batched contractions are `experts` (module doc,
/// "experts"): `cores` its attention scores, `at` each op's position in program order, `dense` its
/// dense down projections and their widths.
fn moe(
    graph: &Graph,
    forward: &impl Fn(OpId) -> bool,
    experts: &crate::experts::Experts,
    cores: &[OpId],
    at: &[usize],
    hidden: u64,
    dense: &[(OpId, u64)],
) -> Result<Moe, String> {
    let count = experts.count;
    // Each expert's width: the expert down projections' reduction, their other parameter loops the
    // hidden size.
    let mut widths: BTreeMap<u64, usize> = BTreeMap::new();
    for &(id, e) in &experts.contractions {
        let op = graph.op(id);
        if !forward(id) {
            continue;
        }
        let other: u64 = op
            .dims
            .iter()
            .enumerate()
            .filter(|&(d, dim)| d != e && dim.role == Role::Parameter)
            .map(|(_, dim)| dim.size)
            .product();
        let width = loops(graph, id, Role::Reduction);
        if other == hidden && width != hidden {
            *widths.entry(width).or_default() += 1;
        }
    }
    let [(&ffn_hidden, _)] = widths.iter().collect::<Vec<_>>()[..] else {
        return Err(format!(
            "the {count} experts' down projections (expert-batched contractions to the hidden size {hidden}) have widths {:?}, not one",
            widths.keys().collect::<Vec<_>>()
        ));
    };
    // Top-k: what the graph's forward routers read of their ranks (crate::experts::routers).
    let mut ks: BTreeMap<u64, String> = BTreeMap::new();
    for router in crate::experts::routers(graph, experts) {
        if forward(router.op) {
            ks.entry(router.k)
                .or_insert_with(|| graph.op(router.op).location.clone());
        }
    }
    let top_k = match ks.len() {
        1 => *ks.keys().next().expect("one"),
        0 => {
            return Err(format!(
                "the routing of the {count} experts cannot be read: no forward reduction over the experts selects k of them per token (a top-k writing the rank of each choice)"
            ))
        }
        _ => {
            return Err(format!(
                "the routings disagree: {}",
                ks.iter()
                    .map(|(k, at)| format!("{at} selects {k} experts"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    };
    // Layers: from each attention to the next in program order.
    let layer_of = |id: OpId| cores.iter().rposition(|c| at[c.index()] <= at[id.index()]);
    let mut layers = vec![false; cores.len()];
    for &(id, _) in &experts.contractions {
        if let Some(l) = forward(id).then(|| layer_of(id)).flatten() {
            layers[l] = true;
        }
    }
    let mut shared = vec![0u64; cores.len()];
    for &(id, width) in dense {
        if let Some(l) = layer_of(id).filter(|&l| layers[l]) {
            shared[l] += width;
        }
    }
    let mut per_layer = layers
        .iter()
        .zip(&shared)
        .filter(|(m, _)| **m)
        .map(|x| *x.1);
    let first = per_layer.next().unwrap_or(0);
    if let Some(other) = per_layer.find(|&w| w != first) {
        return Err(format!(
            "the shared experts beside the routed ones differ between layers: feed-forward widths {first} and {other}"
        ));
    }
    Ok(Moe {
        experts: count,
        top_k,
        ffn_hidden,
        shared_ffn_hidden: (first > 0).then_some(first),
        layers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoder_shape_read_back() {
        let spec = crate::synth::TransformerSpec::TINY;
        let graph = crate::synth::transformer(&spec);
        let shape = infer(&graph, |_| true).expect("a decoder");
        let want = Shape {
            layers: spec.layers as u64,
            hidden: spec.hidden,
            heads: spec.heads,
            kv_heads: spec.heads,
            ffn_hidden: spec.ffn,
            seq_len: spec.seq,
            vocab: spec.vocab,
            moe: None,
        };
        assert_eq!(shape, want);
    }

    #[test]
    fn no_attention_is_named() {
        let graph = crate::synth::mlp(8, &[64, 64, 64]);
        let error = infer(&graph, |_| true).unwrap_err();
        assert!(error.contains("no attention"), "{error}");
    }
}
