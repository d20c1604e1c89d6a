//! Cross-entropy as the engines run it: the loss of a language-model head, recognised where the graph
//! writes it out, and what a fused kernel keeps of it (`--loss=as-written|fused`).
//!
//! # Recognition
//! A language model's head is a **vocabulary projection**: a contraction that reads a weight (or a view
//! of one, as a tied embedding is read), has parameter dims (the vocabulary, `V`), and writes more
//! elements than any of its operands — `b·s·V` logits from `b·s·h` hidden states whenever `V > h`. Its
//! cross-entropy is written as pointwise ops, row statistics and data movement over tensors of the
//! logits' size: a max, `x − max`, `exp`, a sum, a logarithm, the label's log-probability gathered or
//! selected by a one-hot product, and in a training step that carries its backward the gradient
//! `softmax − one-hot` scattered back and scaled. The *region* of a head is every activation of the
//! logits' size connected to its logits through non-contraction ops, with the ops that touch them. It is
//! a loss, not a wide layer (an MLP's up-projection also writes more than it reads), when one of its
//! reductions is a row statistic over the vocabulary: its result has `b·s·V / V` elements, one per
//! token. The region's **gradient** is what a contraction reads of it: `dL`, which the head's backward
//! products (`dL·Wᵀ`, `hᵀ·dL`) consume. Recognition is on `core`'s graph, so JAX's `log_softmax` +
//! `take_along_axis`, torch-mlir's decomposed `cross_entropy` and `optax`'s one-hot form are found alike.
//!
//! # As written (the default)
//! Each op of the region is a kernel of its own and keeps what the graph keeps: PyTorch's
//! `F.cross_entropy` on f32 logits (torchtitan casts them with `.float()`), Megatron-LM's vocab-parallel
//! cross-entropy of 2021 (its f32 softmax saved for the backward) and XLA's unfused log-softmax all
//! write `b·s·V` f32 intermediates, and the largest of them bounds the step's transient memory.
//!
//! # Fused
//! A fused cross-entropy kernel — flash-attn's `CrossEntropyLoss` (llm-foundry's default
//! `loss_fn: fused_crossentropy` for MPT), Megatron-Core's `cross_entropy_loss_fusion`, Liger's — reads
//! the logits once in its forward, keeping them and one f32 log-sum-exp per token for the backward, and
//! writes `dL = softmax − one-hot` in one backward pass that reads the logits again. So under `fused` no
//! tensor of the region but the logits and their gradient ever reaches memory: nothing else is kept or
//! held as a working set, the forward costs one read of the logits (charged to the region's first op),
//! the backward one read of the logits and one write of `dL` (charged to the op writing `dL`), one
//! launch each, and every other op of the region does no work of its own
//! ([`crate::fusion::KernelPart`]). In a forward-only graph (`--mode=train`) the backward is the
//! forward's work times the mode's factor, as for a norm kernel.

use std::collections::HashSet;

use crate::graph::{Graph, OpClass, OpId, Role, TensorId, TensorKind};

/// `--loss`: how the engine runs the cross-entropy of a language-model head.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Loss {
    /// As the graph writes it: every op its own kernel, its intermediates in memory.
    #[default]
    AsWritten,
    /// One fused kernel forward and one backward (module doc).
    Fused,
}

impl Loss {
    pub const ALL: [Loss; 2] = [Loss::AsWritten, Loss::Fused];

    pub fn name(self) -> &'static str {
        match self {
            Loss::AsWritten => "as-written",
            Loss::Fused => "fused",
        }
    }

    pub fn from_name(name: &str) -> Option<Loss> {
        Loss::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// The cross-entropy of one vocabulary projection (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The projection's result: the logits, which a fused kernel reads and keeps.
    pub logits: TensorId,
    /// The activations of the logits' size connected to them (the logits first, then program order of
    /// their discovery).
    pub tensors: Vec<TensorId>,
    /// The non-contraction ops reading or writing one of them, in program order.
    pub ops: Vec<OpId>,
    /// The tensors of the region a contraction reads (the logits' gradient `dL`), in id order: a fused
    /// backward kernel writes them.
    pub gradients: Vec<TensorId>,
}

impl Region {
    /// The tensors a fused kernel never writes: all but the logits and their gradient.
    pub fn inside(&self) -> impl Iterator<Item = TensorId> + '_ {
        self.tensors
            .iter()
            .copied()
            .filter(|&t| t != self.logits && !self.gradients.contains(&t))
    }

    /// The op whose place the fused forward kernel takes: the region's first op.
    pub fn forward_carrier(&self) -> OpId {
        self.ops[0]
    }

    /// The op whose place the fused backward kernel takes: the first writing a gradient, when the
    /// graph carries its backward.
    pub fn backward_carrier(&self, graph: &Graph) -> Option<OpId> {
        self.ops.iter().copied().find(|&id| {
            graph
                .op(id)
                .outputs
                .iter()
                .any(|a| self.gradients.contains(&a.tensor))
        })
    }
}

/// Whether `id` is a vocabulary projection (module doc), and its result with the vocabulary's size.
fn projection(graph: &Graph, id: OpId) -> Option<(TensorId, u64)> {
    let op = graph.op(id);
    if op.class != OpClass::Contraction {
        return None;
    }
    let [result] = op.outputs.as_slice() else {
        return None;
    };
    let size = graph.tensor(result.tensor).elements();
    let vocabulary: u64 = op
        .dims
        .iter()
        .filter(|d| d.role == Role::Parameter)
        .map(|d| d.size)
        .product();
    let wider = op
        .inputs
        .iter()
        .all(|a| graph.tensor(a.tensor).elements() < size);
    let has_vocabulary = op.dims.iter().any(|d| d.role == Role::Parameter) && vocabulary > 1;
    (wider && has_vocabulary && size % vocabulary == 0).then_some((result.tensor, vocabulary))
}

/// Whether an op stops the region's flood: a product or an op the engines never fuse into a loss.
fn bounds(class: OpClass) -> bool {
    matches!(
        class,
        OpClass::Contraction | OpClass::Convolution | OpClass::Embedding | OpClass::Opaque
    )
}

/// The cross-entropy regions of `graph` (every op in any phase), one per vocabulary projection whose
/// logits reach a row statistic over the vocabulary.
pub fn regions(graph: &Graph) -> Vec<Region> {
    let mut out = Vec::new();
    let mut placed: HashSet<TensorId> = HashSet::new();
    for id in graph.topological_order() {
        let Some((logits, vocabulary)) = projection(graph, id) else {
            continue;
        };
        if placed.contains(&logits) {
            continue;
        }
        let size = graph.tensor(logits).elements();
        let tokens = size / vocabulary;
        let mut tensors = vec![logits];
        let mut seen: HashSet<TensorId> = [logits].into();
        let mut ops: HashSet<OpId> = HashSet::new();
        let mut row_statistic = false;
        let mut next = 0;
        while next < tensors.len() {
            let t = tensors[next];
            next += 1;
            let producer = graph.tensor(t).producer;
            for op_id in producer
                .into_iter()
                .chain(graph.consumers(t).iter().copied())
            {
                let op = graph.op(op_id);
                if bounds(op.class) {
                    continue;
                }
                ops.insert(op_id);
                if op.class == OpClass::Reduction
                    && op.inputs.iter().any(|a| a.tensor == t)
                    && op
                        .outputs
                        .iter()
                        .any(|o| graph.tensor(o.tensor).elements() == tokens)
                {
                    row_statistic = true;
                }
                for a in op.inputs.iter().chain(&op.outputs) {
                    let tensor = graph.tensor(a.tensor);
                    if tensor.kind == TensorKind::Activation
                        && tensor.elements() == size
                        && seen.insert(a.tensor)
                    {
                        tensors.push(a.tensor);
                    }
                }
            }
        }
        if !row_statistic {
            continue;
        }
        placed.extend(tensors.iter().copied());
        let mut ops: Vec<OpId> = ops.into_iter().collect();
        ops.sort_unstable();
        let mut gradients: Vec<TensorId> = tensors
            .iter()
            .copied()
            .filter(|&t| t != logits)
            .filter(|&t| {
                graph
                    .consumers(t)
                    .iter()
                    .any(|&c| graph.op(c).class == OpClass::Contraction)
            })
            .collect();
        gradients.sort_unstable();
        out.push(Region {
            logits,
            tensors,
            ops,
            gradients,
        });
    }
    out
}

/// The bytes the fused kernels move: the forward reads the logits once; the backward reads them again
/// and writes their gradient (module doc).
pub fn kernel_bytes(graph: &Graph, region: &Region) -> (f64, f64) {
    let logits = graph.tensor(region.logits).bytes() as f64;
    (logits, 2.0 * logits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::DType;
    use crate::synth::Builder;

    /// A head and its cross-entropy written out: softmax, log, the label's log-probability, and
    /// (`backward`) the gradient `softmax − one-hot` read by the head's backward products.
    fn head(vocabulary: u64, backward: bool) -> (Graph, TensorId) {
        let (b, s, h) = (2, 16, 8);
        let mut g = Builder::new("lm", DType::F32);
        let x = g.input("x", &[b, s, h], DType::F32);
        let labels = g.input("labels", &[b, s], DType::I64);
        let w = g.weight("head", &[h, vocabulary]);
        let logits = g.matmul_with(x, w);
        let probs = g.softmax(logits);
        let log = g.elementwise("math.log", &[probs], 1.0);
        g.loss(log, labels);
        if backward {
            let onehot = g.elementwise("onehot", &[probs], 1.0);
            let d = g.elementwise("arith.subf", &[probs, onehot], 1.0);
            g.matmul(d, h);
        }
        (g.finish(), logits)
    }

    #[test]
    fn a_head_and_its_cross_entropy_are_one_region() {
        let (graph, logits) = head(64, true);
        let regions = regions(&graph);
        assert_eq!(regions.len(), 1, "{regions:?}");
        let r = &regions[0];
        assert_eq!(r.logits, logits);
        // logits, probabilities, log-probabilities, one-hot, dL.
        assert_eq!(r.tensors.len(), 5);
        assert_eq!(r.gradients.len(), 1);
        assert_eq!(r.inside().count(), 3);
        let carrier = r.backward_carrier(&graph).expect("dL's writer");
        assert!(graph.op(carrier).outputs[0].tensor == r.gradients[0]);
        assert_eq!(r.forward_carrier(), r.ops[0]);
        let (forward, backward) = kernel_bytes(&graph, r);
        assert_eq!(forward, (2 * 16 * 64 * 4) as f64);
        assert_eq!(backward, 2.0 * forward);
    }

    #[test]
    fn a_wide_layer_without_a_row_statistic_is_no_loss() {
        // An MLP's up-projection writes more than it reads, but nothing reduces over its width to one
        // value per token.
        let mut g = Builder::new("mlp", DType::F32);
        let x = g.input("x", &[2, 16, 8], DType::F32);
        let up = g.matmul(x, 32);
        let act = g.elementwise("gelu", &[up], 8.0);
        g.matmul(act, 8);
        assert!(regions(&g.finish()).is_empty());
        // Nor is a classifier narrower than its input.
        let (graph, _) = head(4, false);
        assert!(regions(&graph).is_empty());
    }
}
