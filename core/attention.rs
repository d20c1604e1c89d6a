//! Attention as the engines run it: the attention cores of a graph, recognised where the graph writes
//! them out, and what a fused kernel keeps of them (`--attention=fused|as-written`).
//!
//! # Recognition
//! Whatever front end wrote it — torch-mlir's decomposition of `scaled_dot_product_attention`, a JAX
//! `einsum`/`dot_general` pair with a softmax between, masks, scales and casts in between — scaled
//! dot-product attention is a **score contraction** `S = Q·Kᵀ` that reads no weight and writes more
//! elements than it reads from either operand (`b·a·s²` scores from `b·s·h` queries and keys whenever
//! the sequence is longer than a head), followed by pointwise and reduction ops over tensors of the
//! scores' size (scale, mask, max, exp, sum, divide, casts, dropout) and a **value contraction**
//! `O = P·V` that reduces the scores away. The *core* of an attention is its score-sized tensors: the
//! score contraction's result and every result of the forward non-contraction ops reachable from it
//! that has as many elements. Recognition is on `core`'s graph (classes, shapes, weights), so every
//! front end's spelling is found alike; reductions to row statistics (max, sum) are smaller and stay out.
//!
//! # Fused (the default)
//! FlashAttention-2/3 — PyTorch's SDPA, JAX's `dot_product_attention`, Megatron-Core, torchtitan and
//! MaxText — never writes the scores: the forward keeps `Q`, `K`, `V`, `O` and one f32 log-sum-exp per
//! row, and the backward recomputes the scores tile by tile. So under `fused` no core tensor is kept for
//! the backward (the evaluator drops them from the kept set), and its recomputation is part of the fused
//! kernel's backward time, not of a recomputation mode. `as-written` keeps what the graph keeps: the
//! scores and probabilities, `2·a·s²·b` bytes each in 16 bits (Korthikanti et al. 2022's `5as²b` with
//! dropout).
//!
//! # Causal masks
//! A fused kernel skips the score tiles a causal mask hides entirely (FlashAttention-2 and -3, cuDNN, and
//! the Triton kernels all do): with `T` tiles of [`CAUSAL_TILE`] positions along the sequence, it
//! computes the `T(T+1)/2` on and below the diagonal, about half, in each of its products and in the
//! backward's recomputation ([`causal_fraction`]). The published kernel rates count the FLOPs of those
//! tiles only (FlashAttention's own benchmarks halve a causal run's FLOPs), so the time is the computed
//! fraction of the products' FLOPs at the kernel's rate. A mask is taken to be causal when an op of the
//! region reads a constant over at least two of its loops computed from positions alone — iotas and
//! comparisons, no input and no weight (what JAX's `tril`/`make_causal_mask` and torch-mlir's causal SDPA
//! decomposition write; the importer marks the op, [`crate::graph::Op::position_mask`]): a padding mask
//! comes from the data and counts every tile; a sliding window, also made from positions, is costed as
//! causal (at least the tiles it computes); a mask stored as a literal table (a module buffer) is read
//! like a weight and counts every tile. `as-written` attention computes every tile, masked or not.
//!
//! # Engine-style saved activations
//! A training step exported with its backward (JAX's `value_and_grad`) keeps whatever its automatic
//! differentiation saved: for a tanh-GeLU or a layer norm, every pointwise intermediate. Engines run
//! those chains as fused kernels whose backward recomputes the intermediates from the chain's inputs
//! (Megatron's bias-GeLU and layer-norm kernels, XLA's fusions), so they keep per transformer layer
//! exactly Korthikanti's `34·s·b·h` (`32·s·b·h` without dropout). [`recomputable`] finds, among the
//! forward tensors a backward op reads, those a fused backward kernel recomputes from other kept tensors:
//! produced by a pointwise op, a data movement or a row statistic (a norm's mean and variance) whose
//! activation operands are kept or recomputable themselves, and read by no contraction (a matrix
//! product's operand is saved, as autograd saves it for the weight gradient). What is left of a
//! transformer layer is Korthikanti's set: each norm's input, the inputs of the four matrix products
//! (the norms' outputs, `Q`, `K`, `V`, the attention output, the GeLU output) and the GeLU's input.

use std::collections::HashSet;

use crate::graph::{Graph, OpClass, OpId, TensorId, TensorKind};

/// `--attention`: how the engine runs scaled dot-product attention.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Attention {
    /// FlashAttention: the scores are never stored (module doc); the GPU's fastest fused kernel
    /// (FlashAttention-3 or cuDNN's on Hopper, FlashAttention-2 before).
    #[default]
    Fused,
    /// FlashAttention-2 on any GPU (PyTorch SDPA's flash backend): fused as above, at FlashAttention-2's
    /// rate ([`crate::machine::Efficiency::flash2_forward`]).
    Flash2,
    /// As the graph writes it: scores and probabilities stored for the backward.
    AsWritten,
}

impl Attention {
    pub const ALL: [Attention; 3] = [Attention::Fused, Attention::Flash2, Attention::AsWritten];

    pub fn name(self) -> &'static str {
        match self {
            Attention::Fused => "fused",
            Attention::Flash2 => "flash2",
            Attention::AsWritten => "as-written",
        }
    }

    /// Whether one fused kernel computes the attention (the scores never reach memory).
    pub fn is_fused(self) -> bool {
        self != Attention::AsWritten
    }

    pub fn from_name(name: &str) -> Option<Attention> {
        Attention::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// One attention of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core {
    /// The score contraction `Q·Kᵀ`.
    pub scores: OpId,
    /// The value contractions `P·V` that read the core.
    pub values: Vec<OpId>,
    /// The score-sized tensors (module doc), the score contraction's result first.
    pub tensors: Vec<TensorId>,
    /// The ops writing them.
    pub ops: Vec<OpId>,
}

/// The attention cores of `graph` among the ops `forward` accepts (a training step's backward ops carry
/// score-sized gradients that are not part of any core).
pub fn cores(graph: &Graph, forward: impl Fn(OpId) -> bool) -> Vec<Core> {
    let mut out = Vec::new();
    let mut taken: HashSet<TensorId> = HashSet::new();
    for id in graph.topological_order() {
        let op = graph.op(id);
        if op.class != OpClass::Contraction || !forward(id) || graph.reads_weight(id) {
            continue;
        }
        let [result] = op.outputs.as_slice() else {
            continue;
        };
        let size = graph.tensor(result.tensor).elements();
        let larger = op
            .inputs
            .iter()
            .all(|a| graph.tensor(a.tensor).elements() < size);
        if !larger || op.inputs.len() != 2 || taken.contains(&result.tensor) {
            continue;
        }
        // Follow the score-sized results of forward non-contractions to the value contractions.
        let mut core = Core {
            scores: id,
            values: Vec::new(),
            tensors: vec![result.tensor],
            ops: vec![id],
        };
        let mut frontier = vec![result.tensor];
        let mut seen: HashSet<TensorId> = [result.tensor].into();
        while let Some(t) = frontier.pop() {
            for &c in graph.consumers(t) {
                if !forward(c) {
                    continue;
                }
                let consumer = graph.op(c);
                if consumer.class == OpClass::Contraction || consumer.class == OpClass::Convolution
                {
                    let reduces = consumer
                        .outputs
                        .iter()
                        .all(|o| graph.tensor(o.tensor).elements() < size);
                    if reduces && !graph.reads_weight(c) && !core.values.contains(&c) {
                        core.values.push(c);
                    }
                    continue;
                }
                for o in &consumer.outputs {
                    if graph.tensor(o.tensor).elements() == size && seen.insert(o.tensor) {
                        core.tensors.push(o.tensor);
                        if !core.ops.contains(&c) {
                            core.ops.push(c);
                        }
                        frontier.push(o.tensor);
                    }
                }
            }
        }
        // An attention ends in a value contraction; a large weightless product that reaches none (an
        // outer product, a pairwise distance) is not one.
        if core.values.is_empty() {
            continue;
        }
        taken.extend(core.tensors.iter().copied());
        out.push(core);
    }
    out
}

/// The whole of one fused attention, forward and (in a training step that carries it) backward: what
/// one FlashAttention forward and backward kernel computes on chip.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// The score-sized tensors: scores, probabilities, their gradients; none reaches memory.
    pub tensors: Vec<TensorId>,
    /// Every op reading or writing one of them, in program order.
    pub ops: Vec<OpId>,
    /// The score-producing contractions in program order: the forward's `Q·Kᵀ` first, then (in a
    /// training step) the backward's `dO·Vᵀ`.
    pub expanding: Vec<OpId>,
    /// The fraction of the score tiles a fused kernel computes (module doc, "Causal masks"): 1, or
    /// for a causal mask the tiles on and below the diagonal.
    pub computed: f64,
}

/// The query/key tile of the FlashAttention kernels (FlashAttention-2's and -3's forward tile for head
/// dims 64–128 is 128 query rows; Dao 2023, Shah et al. 2024): a tile that crosses the diagonal of a
/// causal mask is computed whole.
pub const CAUSAL_TILE: u64 = 128;

/// The fraction of the `sq × sk` score tiles a fused kernel computes under a causal mask: the `T(T+1)/2`
/// tiles on and below the diagonal of `T × T` (square scores only; otherwise all of them).
pub fn causal_fraction(sq: u64, sk: u64) -> f64 {
    if sq != sk || sq == 0 {
        return 1.0;
    }
    let t = sq.div_ceil(CAUSAL_TILE) as f64;
    (t + 1.0) / (2.0 * t)
}

/// Whether `op` is a weightless contraction writing more elements than either operand: `Q·Kᵀ`, or in
/// the backward `dO·Vᵀ`.
fn expanding(graph: &Graph, id: OpId) -> bool {
    let op = graph.op(id);
    if op.class != OpClass::Contraction || graph.reads_weight(id) || op.inputs.len() != 2 {
        return false;
    }
    let [result] = op.outputs.as_slice() else {
        return false;
    };
    let size = graph.tensor(result.tensor).elements();
    op.inputs
        .iter()
        .all(|a| graph.tensor(a.tensor).elements() < size)
}

/// The attention regions of `graph` (every op in any phase): from each core ([`cores`], every op
/// counted as forward), every tensor of the scores' size connected to it through weightless ops —
/// the probabilities, the masks applied to them, and in a training step the backward's `dP = dO·Vᵀ`,
/// `dS` and what reads them — with the ops that touch them.
pub fn regions(graph: &Graph) -> Vec<Region> {
    let mut out: Vec<Region> = Vec::new();
    let mut placed: HashSet<TensorId> = HashSet::new();
    for core in cores(graph, |_| true) {
        if placed.contains(&core.tensors[0]) {
            continue;
        }
        let size = graph.tensor(core.tensors[0]).elements();
        let mut tensors: Vec<TensorId> = Vec::new();
        let mut ops: HashSet<OpId> = HashSet::new();
        let mut frontier: Vec<TensorId> = core.tensors.clone();
        let mut seen: HashSet<TensorId> = frontier.iter().copied().collect();
        while let Some(t) = frontier.pop() {
            tensors.push(t);
            let producer = graph.tensor(t).producer;
            for id in producer
                .into_iter()
                .chain(graph.consumers(t).iter().copied())
            {
                if graph.reads_weight(id) {
                    continue;
                }
                ops.insert(id);
                let op = graph.op(id);
                // A contraction bounds the region: only its score-sized operands and result are in it
                // (`Q`, `K`, `V`, `dO` and the results of `P·V`, `dS·K` are ordinary tensors).
                for a in op.inputs.iter().chain(&op.outputs) {
                    let tensor = graph.tensor(a.tensor);
                    if tensor.kind == TensorKind::Activation
                        && tensor.elements() == size
                        && seen.insert(a.tensor)
                    {
                        frontier.push(a.tensor);
                    }
                }
            }
        }
        placed.extend(tensors.iter().copied());
        let mut ops: Vec<OpId> = ops.into_iter().collect();
        ops.sort_unstable();
        tensors.sort_unstable();
        let expanding = ops
            .iter()
            .copied()
            .filter(|&id| expanding(graph, id))
            .collect();
        // A causal mask: an op of the region reads one (the importer marks it, with its sizes).
        let computed = ops
            .iter()
            .find_map(|&id| graph.op(id).position_mask)
            .map_or(1.0, |(sq, sk)| causal_fraction(sq, sk));
        out.push(Region {
            tensors,
            ops,
            expanding,
            computed,
        });
    }
    out
}

/// Among `saved` (forward tensors the backward reads), those a fused backward kernel recomputes from the
/// others (module doc), in `graph`'s program order; `forward` tells the forward ops.
pub fn recomputable(
    graph: &Graph,
    saved: &HashSet<TensorId>,
    forward: impl Fn(OpId) -> bool,
) -> HashSet<TensorId> {
    let mut available: HashSet<TensorId> = HashSet::new();
    let mut dropped = HashSet::new();
    let read_by_contraction = |t: TensorId| {
        graph.consumers(t).iter().any(|&c| {
            matches!(
                graph.op(c).class,
                OpClass::Contraction | OpClass::Convolution | OpClass::Embedding | OpClass::Opaque
            )
        })
    };
    for id in graph.topological_order() {
        if !forward(id) {
            continue;
        }
        let op = graph.op(id);
        let inputs_available = op.inputs.iter().all(|a| {
            let t = graph.tensor(a.tensor);
            match t.kind {
                TensorKind::Activation => available.contains(&a.tensor),
                // Weights, constants and data are at hand in the backward; a received activation
                // (another stage's) is kept where it arrives.
                _ => true,
            }
        });
        // Pointwise ops, the data movement between them (broadcasts of a statistic, reshapes) and
        // the row statistics of a norm are what a fused kernel recomputes from its inputs.
        let pointwise = matches!(
            op.class,
            OpClass::Elementwise | OpClass::DataMovement | OpClass::Reduction
        );
        for o in &op.outputs {
            let t = o.tensor;
            let recompute = pointwise && inputs_available && !read_by_contraction(t);
            if saved.contains(&t) {
                if recompute {
                    dropped.insert(t);
                }
                available.insert(t);
            } else if recompute {
                available.insert(t);
            }
        }
    }
    dropped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth;

    #[test]
    fn names_round_trip() {
        for a in Attention::ALL {
            assert_eq!(Attention::from_name(a.name()), Some(a));
        }
        assert_eq!(Attention::default(), Attention::Fused);
    }

    #[test]
    fn finds_the_cores_of_a_transformer() {
        let g = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        let found = cores(&g, |_| true);
        assert_eq!(found.len(), 2, "one core per layer");
        for core in &found {
            let scores = g.tensor(core.tensors[0]);
            assert_eq!(scores.elements(), 2 * 8 * 256 * 256);
            assert!(
                core.tensors.len() >= 2,
                "the probabilities are part of the core"
            );
            assert_eq!(core.values.len(), 1);
            for &t in &core.tensors {
                assert_eq!(g.tensor(t).elements(), scores.elements());
            }
        }
    }

    #[test]
    fn a_region_holds_the_scores_and_what_reads_them() {
        let g = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        let found = regions(&g);
        assert_eq!(found.len(), 2);
        for region in &found {
            assert_eq!(region.expanding.len(), 1, "a forward graph: Q·Kᵀ alone");
            let size = g.tensor(region.tensors[0]).elements();
            assert!(region
                .tensors
                .iter()
                .all(|&t| g.tensor(t).elements() == size));
            // The value contraction reads the probabilities: it is in the region.
            assert!(region
                .ops
                .iter()
                .any(|&o| g.op(o).class == OpClass::Contraction && !expanding(&g, o)));
        }
    }

    #[test]
    fn a_causal_mask_leaves_the_tiles_on_and_below_the_diagonal() {
        // 2048 positions are 16 tiles of 128: 136 of 256 computed.
        assert_eq!(causal_fraction(2048, 2048), 136.0 / 256.0);
        assert_eq!(causal_fraction(128, 128), 1.0);
        assert_eq!(causal_fraction(100, 100), 1.0, "one partial tile");
        assert_eq!(causal_fraction(4096, 2048), 1.0, "not square: every tile");
        // Long sequences approach one half.
        assert!((causal_fraction(131072, 131072) - 0.5).abs() < 1e-3);
        let spec = synth::TransformerSpec::LONG_SEQUENCE;
        let masked = regions(&synth::causal_transformer(&spec));
        assert_eq!(masked.len(), 2);
        for region in &masked {
            assert_eq!(region.computed, causal_fraction(256, 256));
            assert_eq!(region.computed, 0.75, "2 tiles: 3 of 4");
        }
        for region in regions(&synth::transformer(&spec)) {
            assert_eq!(region.computed, 1.0, "no mask: every tile");
        }
    }

    #[test]
    fn a_weighted_product_is_no_core() {
        let g = synth::mlp(64, &[256, 1024, 256]);
        assert!(cores(&g, |_| true).is_empty());
    }
}
