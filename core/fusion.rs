//! Fusion-aware cost and memory: which ops a compiler or framework would run as one kernel, and which
//! activations training keeps for the backward pass.
//!
//! Imported graphs decompose what frameworks run as one kernel: batch norm becomes a mean, a variance,
//! a subtraction, a multiplication by the reciprocal deviation, a scale and a shift; GELU and softmax
//! become chains of pointwise ops. Charging each of them a kernel launch and a full pass over memory,
//! and keeping each of their outputs alive until the backward, overstates both time and memory (about
//! 2× in memory for convolutional networks).
//!
//! **Fusion rule** (a function of the graph alone): an elementwise op `c` is *fused* into the producer
//! `p` of one of its inputs `t` when `t` is an activation that `c` reads first (in program order), and
//! `p` is elementwise (a chain of pointwise ops), a contraction or convolution (an epilogue: bias,
//! activation), or an expansion (a data-movement op writing more elements than it reads: a broadcast of a
//! bias or a statistic). Then `c` does not read `t` from memory and launches no kernel of its own; when `c`
//! is `t`'s only reader, `t` never reaches memory at all: `p` does not write it, it occupies no memory and
//! neither does its gradient. A later reader (a residual add, a training step's backward reading a
//! forward result) reads `t` from memory, so `p` writes it, as a compiler's fused kernel does. The fused kernel reads the chain's
//! external inputs once and writes its result once, its cost attached to the chain's first op (the
//! producer) and last op (the consumer writing the result).
//!
//! **Saved activations** (training): an activation is kept from its forward until the backward of its
//! first reader only when some reader needs it to compute gradients the way autograd does: contractions,
//! convolutions, embeddings and opaque ops keep their inputs, reductions keep their input (batch-norm
//! statistics and softmax read it again), and an elementwise op keeps an operand smaller than its result
//! (a broadcast statistic: mean, reciprocal deviation, scale). Any other activation (an intermediate of a
//! decomposed op, a reshape's input) is freed after the forward of its last reader; the backward of the
//! fused kernel recomputes what it needs from the saved inputs, as fused kernels do.
//!
//! Limits: the decision ignores configurations — a chain whose ops a strategy splits differently is still
//! charged as one kernel (the transfers between its ops are charged all the same); reductions are not
//! fused with their producers (a compiler often would); which operands a real autograd node saves varies
//! by op (ReLU keeps its output, `x·y` both inputs), and the rule keeps the inputs of the ops that need
//! them most, so memory is accurate for convolutional and transformer blocks and may be off by one
//! activation per block elsewhere.

use crate::graph::{Graph, OpClass, TensorKind};

/// The fusion of a graph (see the module doc), per op.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fusion {
    /// Per op: runs inside the kernel of a producer (no launch of its own).
    pub fused: Vec<bool>,
    /// Per op, per input: read from the fused kernel's registers, not from memory.
    pub internal_input: Vec<Vec<bool>>,
    /// Per op, per output: consumed only inside the fused kernel (never written to memory).
    pub internal_output: Vec<Vec<bool>>,
    /// Per op, per output: kept for the backward pass (training).
    pub saved_output: Vec<Vec<bool>>,
    /// Per op: FLOPs its backward task recomputes in a fused kernel (`train` graphs: a fused
    /// attention's backward recomputes `Q·Kᵀ`, charged to the score contraction's backward).
    pub backward_recompute: Vec<f64>,
    /// Per op: FLOPs added to its own task for the same reason, in a graph that carries its backward
    /// (charged to the backward's `dO·Vᵀ`, where the fused backward kernel recomputes the scores).
    pub task_recompute: Vec<f64>,
    /// Per op: a contraction computed inside a fused attention kernel, and which one — it runs at
    /// the FlashAttention kernel's rate ([`crate::machine::Efficiency::attention_forward`]), not at a
    /// GEMM's.
    pub attention_kernel: Vec<Option<AttentionPass>>,
    /// Per op: the fraction of its FLOPs the fused attention kernel computing it does (below 1 under a
    /// causal mask: [`crate::attention::causal_fraction`]); 1 for every other op.
    pub attention_computed: Vec<f64>,
    /// Per op: its part in a native kernel — a batch norm's ([`crate::norm`], `--norm=fused`) or a
    /// fused cross-entropy's ([`crate::loss`], `--loss=fused`): the work of the whole kernel replaces
    /// the op's own.
    pub kernel: Vec<Option<KernelPart>>,
}

/// An op's part in a native kernel ([`crate::norm::Kernel`], [`crate::loss::Region`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KernelPart {
    /// Carries the kernel's cost: its FLOPs and bytes (whole op, every task a share) and launches.
    Carrier {
        flops: f64,
        bytes: f64,
        launches: u32,
    },
    /// Computed inside the kernel: no work, no launch of its own.
    Inside,
}

/// Which fused attention kernel computes a contraction: the forward (`Q·Kᵀ`, `P·V`; the op's own
/// backward then runs in the backward kernel) or, in a graph that carries its backward, the backward
/// kernel (`dO·Vᵀ`, `dS·K`, `Pᵀ·dO`, `dSᵀ·Q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttentionPass {
    Forward,
    Backward,
}

impl Fusion {
    /// Analyzes `graph`.
    pub fn new(graph: &Graph) -> Fusion {
        let ops = graph.ops();
        let mut fusion = Fusion {
            fused: vec![false; ops.len()],
            internal_input: ops.iter().map(|o| vec![false; o.inputs.len()]).collect(),
            internal_output: ops.iter().map(|o| vec![false; o.outputs.len()]).collect(),
            saved_output: ops.iter().map(|o| vec![false; o.outputs.len()]).collect(),
            backward_recompute: vec![0.0; ops.len()],
            task_recompute: vec![0.0; ops.len()],
            attention_kernel: vec![None; ops.len()],
            attention_computed: vec![1.0; ops.len()],
            kernel: vec![None; ops.len()],
        };
        for (c, op) in ops.iter().enumerate() {
            if op.class != OpClass::Elementwise {
                continue;
            }
            for (k, access) in op.inputs.iter().enumerate() {
                let t = graph.tensor(access.tensor);
                let Some(p) = t.producer else { continue };
                let readers = graph.consumers(access.tensor);
                let read_once = op
                    .inputs
                    .iter()
                    .filter(|a| a.tensor == access.tensor)
                    .count()
                    == 1;
                let producer = graph.op(p);
                let fusable = matches!(
                    producer.class,
                    OpClass::Elementwise | OpClass::Contraction | OpClass::Convolution
                ) || is_expansion(graph, producer);
                // The first reader fuses; later readers (a residual add, a training step's backward)
                // read the tensor from memory, so the producer still writes it.
                let first_reader = readers.first().map(|r| r.index()) == Some(c);
                if t.kind == TensorKind::Activation && first_reader && read_once && fusable {
                    fusion.fused[c] = true;
                    fusion.internal_input[c][k] = true;
                    if let Some(j) = producer
                        .outputs
                        .iter()
                        .position(|a| a.tensor == access.tensor)
                    {
                        if readers.len() == 1 {
                            fusion.internal_output[p.index()][j] = true;
                        }
                    }
                }
            }
        }
        for (o, op) in ops.iter().enumerate() {
            for (j, out) in op.outputs.iter().enumerate() {
                let elements = graph.tensor(out.tensor).elements();
                fusion.saved_output[o][j] = !fusion.internal_output[o][j]
                    && graph.consumers(out.tensor).iter().any(|&c| {
                        let reader = graph.op(c);
                        match reader.class {
                            OpClass::Contraction
                            | OpClass::Convolution
                            | OpClass::Embedding
                            | OpClass::Opaque
                            | OpClass::Reduction => true,
                            OpClass::Elementwise => reader
                                .outputs
                                .iter()
                                .any(|r| graph.tensor(r.tensor).elements() > elements),
                            OpClass::DataMovement => false,
                        }
                    });
            }
        }
        fusion
    }
}

impl Fusion {
    /// The fusion of `graph` as an engine running `state` runs it ([`crate::engine`]): under
    /// [`Pointwise::Eager`](crate::engine_flags::Pointwise::Eager) no pointwise chain is fused (every op
    /// launches and moves its own bytes; what is saved for the backward is counted as fused); under
    /// [`Attention::Fused`](crate::attention::Attention::Fused), every attention region
    /// ([`crate::attention::regions`]) is one FlashAttention kernel pair — its score-sized tensors
    /// never reach memory (no bytes moved, none kept), its pointwise ops launch nothing, its
    /// contractions run at the kernel's rate, and the backward recomputes `Q·Kᵀ` (FlashAttention's
    /// backward is 2.5× the forward's matrix FLOPs, not 2×).
    pub fn for_state(graph: &Graph, state: crate::precision::WeightState) -> Fusion {
        let mut fusion = Fusion::new(graph);
        if state.pointwise == crate::engine_flags::Pointwise::Eager {
            fusion.unfuse();
        }
        if state.attention.is_fused() {
            fusion.fuse_attention(graph);
        }
        if state.norm == crate::norm::Norm::Fused {
            fusion.fuse_norms(graph);
        }
        if state.loss == crate::loss::Loss::Fused {
            fusion.fuse_loss(graph);
        }
        fusion
    }

    /// Fused cross-entropy kernels ([`crate::loss::regions`]): the forward kernel's work on the region's
    /// first op, the backward kernel's on the op writing the logits' gradient, every other op of the
    /// region inside them; no tensor of the region but the logits and their gradient reaches memory,
    /// and the logits are kept for the backward.
    fn fuse_loss(&mut self, graph: &Graph) {
        for region in crate::loss::regions(graph) {
            let (forward_bytes, backward_bytes) = crate::loss::kernel_bytes(graph, &region);
            let flops: f64 = region.ops.iter().map(|&id| graph.op(id).flops).sum();
            let backward = region.backward_carrier(graph);
            for &id in &region.ops {
                self.kernel[id.index()] = Some(if id == region.forward_carrier() {
                    KernelPart::Carrier {
                        flops,
                        bytes: forward_bytes,
                        launches: 1,
                    }
                } else if Some(id) == backward {
                    KernelPart::Carrier {
                        flops: 0.0,
                        bytes: backward_bytes,
                        launches: 1,
                    }
                } else {
                    KernelPart::Inside
                });
            }
            let inside: std::collections::HashSet<_> = region.inside().collect();
            for &id in &region.ops {
                let op = graph.op(id);
                for (k, a) in op.inputs.iter().enumerate() {
                    if inside.contains(&a.tensor) {
                        self.internal_input[id.index()][k] = true;
                    }
                }
                for (j, a) in op.outputs.iter().enumerate() {
                    if inside.contains(&a.tensor) {
                        self.internal_output[id.index()][j] = true;
                        self.saved_output[id.index()][j] = false;
                    }
                }
            }
            if let Some(p) = graph.tensor(region.logits).producer {
                let op = graph.op(p);
                for (j, a) in op.outputs.iter().enumerate() {
                    if a.tensor == region.logits {
                        self.internal_output[p.index()][j] = false;
                        self.saved_output[p.index()][j] = true;
                    }
                }
            }
        }
    }

    /// Eager execution: every op its own kernel, every operand read and every result written.
    fn unfuse(&mut self) {
        self.fused.fill(false);
        for flags in self
            .internal_input
            .iter_mut()
            .chain(&mut self.internal_output)
        {
            flags.fill(false);
        }
    }

    /// Native batch-norm kernels ([`crate::norm::kernels`]): each kernel's cost on its carrier, its
    /// other ops inside it; a tensor every reader of which is in a norm kernel never reaches memory
    /// (the statistics' f64 copies, `x − mean` recomputed by the backward from `x`).
    fn fuse_norms(&mut self, graph: &Graph) {
        let kernels = crate::norm::kernels(graph);
        let mut inside = vec![false; graph.ops().len()];
        for kernel in &kernels {
            for &id in &kernel.ops {
                inside[id.index()] = true;
                self.kernel[id.index()] = Some(if id == kernel.carrier {
                    KernelPart::Carrier {
                        flops: kernel.flops,
                        bytes: kernel.bytes,
                        launches: kernel.launches,
                    }
                } else {
                    KernelPart::Inside
                });
            }
        }
        for kernel in &kernels {
            for &id in &kernel.ops {
                let o = id.index();
                for (j, a) in graph.op(id).outputs.iter().enumerate() {
                    let readers = graph.consumers(a.tensor);
                    if !readers.is_empty() && readers.iter().all(|r| inside[r.index()]) {
                        self.internal_output[o][j] = true;
                        self.saved_output[o][j] = false;
                    }
                }
                for flag in &mut self.internal_input[o] {
                    *flag = true;
                }
            }
        }
    }

    fn fuse_attention(&mut self, graph: &Graph) {
        for region in crate::attention::regions(graph) {
            let inside: std::collections::HashSet<_> = region.tensors.iter().copied().collect();
            for &id in &region.ops {
                let o = id.index();
                let op = graph.op(id);
                for (k, a) in op.inputs.iter().enumerate() {
                    if inside.contains(&a.tensor) {
                        self.internal_input[o][k] = true;
                    }
                }
                for (j, a) in op.outputs.iter().enumerate() {
                    if inside.contains(&a.tensor) {
                        self.internal_output[o][j] = true;
                        self.saved_output[o][j] = false;
                    }
                }
                if !matches!(op.class, OpClass::Contraction) {
                    self.fused[o] = true;
                }
            }
            // The backward kernel starts at the backward's `dO·Vᵀ` (program order), when the graph
            // carries it.
            let backward_from = region.expanding.get(1).copied();
            for &id in &region.ops {
                if graph.op(id).class == OpClass::Contraction {
                    self.attention_kernel[id.index()] = Some(match backward_from {
                        Some(b) if id >= b => AttentionPass::Backward,
                        _ => AttentionPass::Forward,
                    });
                    self.attention_computed[id.index()] = region.computed;
                }
            }
            let Some(&scores) = region.expanding.first() else {
                continue;
            };
            let flops = graph.op(scores).flops;
            match region.expanding.get(1) {
                Some(&backward) => self.task_recompute[backward.index()] += flops,
                None => self.backward_recompute[scores.index()] += flops,
            }
        }
    }
}

/// A data-movement op that writes more elements than it reads (a broadcast of a bias or a statistic to
/// the activations' shape): compilers compute it inside the kernel that reads it.
fn is_expansion(graph: &Graph, op: &crate::graph::Op) -> bool {
    let written: u64 = op
        .outputs
        .iter()
        .map(|a| graph.tensor(a.tensor).elements())
        .sum();
    let read: u64 = op
        .inputs
        .iter()
        .map(|a| graph.tensor(a.tensor).elements())
        .sum();
    op.class == OpClass::DataMovement && op.outputs.len() == 1 && written > read
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::OpId;
    use crate::synth::{self, ResNetSpec};

    #[test]
    fn pointwise_chains_fuse_and_convolution_inputs_are_saved() {
        let graph = synth::resnet(&ResNetSpec {
            batch: 4,
            image: 32,
            blocks: [1, 1, 0, 0],
            width: 8,
            classes: 10,
        });
        let fusion = Fusion::new(&graph);
        let mut fused_chain = false;
        for (o, op) in graph.ops().iter().enumerate() {
            if fusion.fused[o] {
                assert_eq!(op.class, OpClass::Elementwise);
                fused_chain = true;
            }
            for (j, out) in op.outputs.iter().enumerate() {
                let readers = graph.consumers(out.tensor);
                let conv_input = readers
                    .iter()
                    .any(|&c| graph.op(c).class == OpClass::Convolution);
                if conv_input {
                    assert!(
                        fusion.saved_output[o][j],
                        "op {o}'s output feeds a convolution"
                    );
                }
                if fusion.internal_output[o][j] {
                    assert!(!fusion.saved_output[o][j]);
                    assert_eq!(readers.len(), 1);
                    assert!(fusion.fused[readers[0].index()]);
                }
            }
        }
        assert!(fused_chain, "a ResNet has pointwise chains");
    }

    #[test]
    fn eager_pointwise_launches_every_op_and_keeps_the_same_activations() {
        let graph = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        let eager = crate::precision::WeightState {
            attention: crate::attention::Attention::AsWritten,
            pointwise: crate::engine_flags::Pointwise::Eager,
            ..Default::default()
        };
        let fused = Fusion::new(&graph);
        assert!(
            fused.fused.iter().any(|&f| f),
            "a transformer has pointwise chains"
        );
        let unfused = Fusion::for_state(&graph, eager);
        assert!(unfused.fused.iter().all(|&f| !f));
        assert!(unfused.internal_output.iter().flatten().all(|&i| !i));
        assert!(unfused.internal_input.iter().flatten().all(|&i| !i));
        // Time only: what training keeps is counted alike.
        assert_eq!(unfused.saved_output, fused.saved_output);
        // Under eager PyTorch, SDPA is still one FlashAttention kernel.
        let sdpa = Fusion::for_state(
            &graph,
            crate::precision::WeightState {
                attention: crate::attention::Attention::Fused,
                ..eager
            },
        );
        for region in crate::attention::regions(&graph) {
            for &id in &region.ops {
                let op = graph.op(id);
                if op.class == OpClass::Contraction {
                    assert_eq!(
                        sdpa.attention_kernel[id.index()],
                        Some(AttentionPass::Forward)
                    );
                } else {
                    assert!(sdpa.fused[id.index()]);
                }
            }
        }
        assert!(unfused.attention_kernel.iter().all(Option::is_none));
    }

    #[test]
    fn fused_attention_keeps_the_scores_on_chip_and_recomputes_them() {
        let graph = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        let state = |attention| crate::precision::WeightState {
            attention,
            ..Default::default()
        };
        let plain = Fusion::for_state(&graph, state(crate::attention::Attention::AsWritten));
        assert_eq!(plain, Fusion::new(&graph));
        // Under a causal mask the fused kernel's products compute the tiles it leaves; as written,
        // every product computes all of them.
        let causal = synth::causal_transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        let masked = Fusion::for_state(&causal, state(crate::attention::Attention::Fused));
        let as_written = Fusion::for_state(&causal, state(crate::attention::Attention::AsWritten));
        assert!(as_written.attention_computed.iter().all(|&c| c == 1.0));
        for (o, kernel) in masked.attention_kernel.iter().enumerate() {
            let expected = if kernel.is_some() { 0.75 } else { 1.0 };
            assert_eq!(masked.attention_computed[o], expected);
        }
        assert!(masked.attention_kernel.iter().any(Option::is_some));
        let fused = Fusion::for_state(&graph, state(crate::attention::Attention::Fused));
        let regions = crate::attention::regions(&graph);
        assert_eq!(regions.len(), 2);
        for region in &regions {
            for &t in &region.tensors {
                let p = graph.tensor(t).producer.unwrap().index();
                let j = graph
                    .op(OpId::new(p))
                    .outputs
                    .iter()
                    .position(|a| a.tensor == t)
                    .unwrap();
                assert!(
                    fused.internal_output[p][j],
                    "score-sized tensors never reach memory"
                );
                assert!(!fused.saved_output[p][j]);
            }
            // The backward recomputes Q·Kᵀ: its FLOPs once more on the score contraction's backward.
            let scores = region.expanding[0];
            assert_eq!(
                fused.backward_recompute[scores.index()],
                graph.op(scores).flops
            );
        }
    }
}
