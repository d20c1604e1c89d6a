//! Training precision (`--precision`) and optimizer (`--optimizer`): what a training step computes in,
//! stores, and keeps per parameter.
//!
//! - `fp32`: everything in f32, contractions and convolutions at the machine's plain f32 rate (the graph
//!   as exported, for f32 models; the default).
//! - `tf32`: f32 storage, contractions and convolutions at the machine's TF32 matrix rate (Ampere and
//!   later; what PyTorch's `allow_tf32` gives cuDNN and cuBLAS).
//! - `fp16`, `bf16`: mixed precision as PyTorch AMP runs it (autocast + DDP): contractions and convolutions
//!   at the machine's 16-bit matrix (tensor-core) rate, activations stored in 16 bits (the graph's f32 data
//!   tensors become 16-bit: half the bytes moved, kept and transferred), the master weights, their
//!   gradients and the optimizer state in f32. DDP all-reduces the gradients of the f32 parameters, so
//!   gradient synchronization stays f32; autocast keeps a 16-bit copy of each weight for the iteration
//!   (its cast cache), counted in the weight state. Pointwise ops on 16-bit tensors compute in f32
//!   ("opmath") on the vector units: their rate stays the machine's f32 rate, and in practice their
//!   halved bytes decide.
//!
//! A precision the machine has no matrix rate for (bf16 on V100, P100, K80; tf32 before Ampere) is an
//! error, not a silent fallback ([`Precision::check`]).

use std::fmt;

use crate::graph::{DType, Graph, Mode, Op, OpClass, TensorKind};
use crate::machine::GpuSpec;
use crate::schedule::Zero;

/// A device's weight state by kind ([`WeightState::split`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeightSplit {
    pub weights: u64,
    pub gradients: u64,
    pub optimizer: u64,
}

impl WeightSplit {
    pub fn total(&self) -> u64 {
        self.weights + self.gradients + self.optimizer
    }
}

/// `--precision`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Precision {
    #[default]
    Fp32,
    Tf32,
    Fp16,
    Bf16,
    /// Transformer Engine's FP8 training: contractions on the FP8 matrix units (E4M3 forward, E5M2
    /// gradients, per-tensor scales), everything else as `bf16` (activations and the weight copy in
    /// 16 bits, f32 master weights, gradients and optimizer state).
    Fp8,
}

impl Precision {
    pub const ALL: [Precision; 5] = [
        Precision::Fp32,
        Precision::Tf32,
        Precision::Fp16,
        Precision::Bf16,
        Precision::Fp8,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Precision::Fp32 => "fp32",
            Precision::Tf32 => "tf32",
            Precision::Fp16 => "fp16",
            Precision::Bf16 => "bf16",
            Precision::Fp8 => "fp8",
        }
    }

    pub fn from_name(name: &str) -> Option<Precision> {
        Precision::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The 16-bit storage type of a mixed precision; `None` for f32 storage.
    pub fn half(self) -> Option<DType> {
        match self {
            Precision::Fp16 => Some(DType::F16),
            Precision::Bf16 | Precision::Fp8 => Some(DType::BF16),
            Precision::Fp32 | Precision::Tf32 => None,
        }
    }

    /// Whether an op of `class` runs on the matrix units (tensor cores) under this precision.
    pub fn uses_matrix_units(class: OpClass) -> bool {
        matches!(class, OpClass::Contraction | OpClass::Convolution)
    }

    /// The peak FLOP/s of contractions and convolutions on `gpu` at this precision; `None` when the GPU
    /// has no such rate (its `gpu.matrix_flops` lacks the key).
    pub fn matrix_rate(self, gpu: &GpuSpec) -> Option<f64> {
        match self {
            Precision::Fp32 => Some(gpu.peak_flops.f32),
            Precision::Tf32 => gpu.matrix_flops.tf32,
            Precision::Fp16 => gpu.matrix_flops.fp16,
            Precision::Bf16 => gpu.matrix_flops.bf16,
            Precision::Fp8 => gpu.matrix_flops.fp8,
        }
    }

    /// An error naming the GPU when it cannot run this precision.
    pub fn check(self, gpu: &GpuSpec) -> Result<(), String> {
        match self.matrix_rate(gpu) {
            Some(_) => Ok(()),
            None => Err(format!(
                "--precision={}: GPU '{}' has no {} matrix rate (gpu.matrix_flops.{} in its machine description){}",
                self.name(),
                gpu.name,
                self.name(),
                self.name(),
                match self {
                    Precision::Bf16 if gpu.matrix_flops.fp16.is_some() =>
                        "; it runs mixed precision in fp16 (--precision=fp16)",
                    _ => "",
                }
            )),
        }
    }

    /// Whether a forward tensor kept for the backward is kept in FP8 (one byte per element): under
    /// `fp8`, Transformer Engine's linear layers save their quantized activation operand for the weight
    /// gradient (`_Linear` and `_LayerNormLinear` save the FP8 input, not the 16-bit one), so a tensor
    /// that only weighted contractions read in the forward is kept quantized; one that another forward
    /// op reads too (a norm's input, an activation function's) is kept in 16 bits for that op's
    /// backward. `forward` says which ops are forward ops.
    pub fn keeps_in_fp8(
        self,
        graph: &Graph,
        tensor: crate::graph::TensorId,
        forward: impl Fn(crate::graph::OpId) -> bool,
    ) -> bool {
        let readers: Vec<_> = graph
            .consumers(tensor)
            .iter()
            .copied()
            .filter(|&c| forward(c))
            .collect();
        self == Precision::Fp8
            && !readers.is_empty()
            && readers
                .iter()
                .all(|&c| graph.op(c).class == OpClass::Contraction && graph.reads_weight(c))
    }

    /// `graph` as this precision stores it: with 16-bit storage, every f32 input and activation (and each
    /// op computing in f32) becomes 16-bit; weights stay f32 (the master weights), and so do sums over the
    /// samples — the outputs of ops with a sample loop their output does not index, in a whole training
    /// step the weight gradients and batch statistics: autocast casts a weight's gradient back to the
    /// f32 parameter's type before DDP all-reduces it, and batch norm accumulates its statistics in f32.
    /// Other precisions: the graph unchanged.
    pub fn graph(self, graph: &Graph) -> Graph {
        let Some(half) = self.half() else {
            return graph.clone();
        };
        let mut sums = vec![false; graph.tensors().len()];
        for op in graph.ops() {
            for access in &op.outputs {
                let indexed = |k: usize| {
                    access
                        .exprs
                        .iter()
                        .any(|e| e.terms.iter().any(|&(d, _)| d == k))
                };
                sums[access.tensor.index()] = op
                    .dims
                    .iter()
                    .enumerate()
                    .any(|(k, d)| d.role == crate::graph::Role::Sample && !indexed(k));
            }
        }
        let mut out = Graph::new();
        for (t, sum) in graph.tensors().iter().zip(&sums) {
            let dtype = if t.dtype == DType::F32 && t.kind != TensorKind::Weight && !sum {
                half
            } else {
                t.dtype
            };
            out.add_tensor(t.name.clone(), t.shape.clone(), dtype, t.kind);
        }
        for op in graph.ops() {
            let dtype = if op.dtype == DType::F32 {
                half
            } else {
                op.dtype
            };
            // The same ops in the same order over the same tensors: the invariants hold as before.
            out.add_op(Op {
                dtype,
                ..op.clone()
            })
            .expect("re-typing a valid graph keeps it valid");
        }
        out
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `--optimizer`: the state it keeps per parameter, in f32.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Optimizer {
    /// Plain SGD: no state.
    Sgd,
    /// SGD with momentum: one momentum buffer.
    #[default]
    SgdMomentum,
    /// Adam: first and second moments.
    Adam,
}

impl Optimizer {
    pub const ALL: [Optimizer; 3] = [Optimizer::Sgd, Optimizer::SgdMomentum, Optimizer::Adam];

    pub fn name(self) -> &'static str {
        match self {
            Optimizer::Sgd => "sgd",
            Optimizer::SgdMomentum => "sgd-momentum",
            Optimizer::Adam => "adam",
        }
    }

    pub fn from_name(name: &str) -> Option<Optimizer> {
        Optimizer::ALL.into_iter().find(|o| o.name() == name)
    }

    /// f32 values of state per parameter.
    pub fn state_values(self) -> u64 {
        match self {
            Optimizer::Sgd => 0,
            Optimizer::SgdMomentum => 1,
            Optimizer::Adam => 2,
        }
    }
}

/// What a device holds per weight it reads, as a ratio to the weight's own bytes (an f32 weight of 4 bytes
/// a parameter): in training the weight, its f32 gradient, the optimizer's f32 state and, in mixed
/// precision, the 16-bit cast copy; in inference the weight alone. With them, how the engine runs
/// attention (`--attention`, [`crate::attention`]): the rest of what the training step keeps per
/// micro-batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WeightState {
    pub precision: Precision,
    pub optimizer: Optimizer,
    pub attention: crate::attention::Attention,
    /// How pointwise chains run (`--engine`, [`crate::engine_flags::Pointwise`]): time only.
    pub pointwise: crate::engine_flags::Pointwise,
    /// How batch normalization runs (`--norm`, [`crate::norm`]): time, and the tensors its fused
    /// kernels never write.
    pub norm: crate::norm::Norm,
    /// How data-parallel gradients are synchronized (`--data-parallel`,
    /// [`crate::engine_flags::DataParallel`]): time, and whether ZeRO is available.
    pub data_parallel: crate::engine_flags::DataParallel,
    /// How tensor-parallel collectives run beside their products (`--tp-comm`,
    /// [`crate::engine_flags::TpComm`]): time only.
    pub tp_comm: crate::engine_flags::TpComm,
    /// How sharded weights are gathered and their gradients reduced (`--fsdp`,
    /// [`crate::engine_flags::Fsdp`]): time, and the bytes autocast keeps.
    pub fsdp: crate::engine_flags::Fsdp,
    /// How a language-model head's cross-entropy runs (`--loss`, [`crate::loss`]): the tensors its
    /// fused kernel never writes, and their time.
    pub loss: crate::loss::Loss,
    /// The gradient buffer's type (`--grad-buffer`, [`crate::engine_flags::GradBuffer`]): memory.
    pub grad_buffer: crate::engine_flags::GradBuffer,
    /// Where mixture-of-experts layers apply their routing probabilities (`--moe-probs`,
    /// [`crate::engine_flags::MoeProbs`]): what their backward keeps.
    pub moe_probs: crate::engine_flags::MoeProbs,
}

impl WeightState {
    /// The flags that select this state, as reports print them (`--pointwise`, `--norm`,
    /// `--data-parallel` and `--tp-comm` only when not their defaults).
    pub fn flags(self) -> String {
        let mut text = format!(
            "--precision={} --optimizer={} --attention={}",
            self.precision,
            self.optimizer.name(),
            self.attention.name()
        );
        if self.pointwise != crate::engine_flags::Pointwise::Fused {
            text.push_str(&format!(" --pointwise={}", self.pointwise.name()));
        }
        if self.norm != crate::norm::Norm::Fused {
            text.push_str(&format!(" --norm={}", self.norm.name()));
        }
        if self.data_parallel != crate::engine_flags::DataParallel::Overlapped {
            text.push_str(&format!(" --data-parallel={}", self.data_parallel.name()));
        }
        if self.tp_comm != crate::engine_flags::TpComm::Exposed {
            text.push_str(&format!(" --tp-comm={}", self.tp_comm.name()));
        }
        if self.fsdp != crate::engine_flags::Fsdp::InPlace {
            text.push_str(&format!(" --fsdp={}", self.fsdp.name()));
        }
        if self.loss != crate::loss::Loss::AsWritten {
            text.push_str(&format!(" --loss={}", self.loss.name()));
        }
        if self.grad_buffer != crate::engine_flags::GradBuffer::F32 {
            text.push_str(&format!(" --grad-buffer={}", self.grad_buffer.name()));
        }
        if self.moe_probs != crate::engine_flags::MoeProbs::AsWritten {
            text.push_str(&format!(" --moe-probs={}", self.moe_probs.name()));
        }
        text
    }

    /// Bytes held per 4 bytes of (f32) weight: `(numerator, 4)`.
    fn per_f32_parameter(self, mode: Mode) -> u64 {
        match mode {
            Mode::Inference | Mode::TrainingStep => 4,
            Mode::Training => {
                let cast_copy = self.precision.half().map_or(0, DType::size_bytes);
                4 + self.gradient_bytes() + 4 * self.optimizer.state_values() + cast_copy
            }
        }
    }

    /// Bytes per parameter of the gradient buffer ([`crate::engine_flags::GradBuffer`]).
    pub fn gradient_bytes(self) -> u64 {
        self.grad_buffer
            .bytes(self.precision.half().map(DType::size_bytes))
    }

    /// The state bytes of a weight of `bytes` bytes.
    pub fn bytes(self, mode: Mode, bytes: u64) -> u64 {
        let per = self.per_f32_parameter(mode);
        (u128::from(bytes) * u128::from(per) / 4)
            .try_into()
            .unwrap_or(u64::MAX)
    }

    /// The weight state of `bytes` bytes of f32 (master) weights on one device, split into weights,
    /// gradients and optimizer state, with ZeRO's sharding over `replicas` data-parallel replicas, as
    /// the engines allocate it (bytes per parameter, Φ parameters, K = 4 × the optimizer's f32 values):
    ///
    /// | ZeRO | weights | gradients | optimizer | bf16 + Adam |
    /// |---|---|---|---|---|
    /// | 0 (DDP, Megatron) | 4 master + 2 cast copy | 4 (f32 grad buffer) | K | 18 |
    /// | 1 (Megatron's distributed optimizer, ZeRO-1) | 2 + 4/d master shard | 4 | K/d | 6 + 12/d |
    /// | 2 (DeepSpeed ZeRO-2) | 2 + 4/d master shard | 4/d | K/d | 2 + 16/d |
    /// | 3 (FSDP2, ZeRO-3) | 4/d master shard | 4/d | K/d | 16/d |
    ///
    /// The gradients' 4 is the f32 buffer; with `--grad-buffer=half` (Megatron-Core with
    /// `grad_reduce_in_fp32=False`, [`crate::engine_flags::GradBuffer`]) it is the 16-bit type's 2:
    /// the distributed optimizer's 4 + 12/d.
    ///
    /// Under ZeRO-1 the f32 master copy lives with the optimizer shard that updates it (Rajbhandari et
    /// al. 2020: "2 + 2 + K", K = 12 split over the group; Megatron's distributed optimizer: 6 + 12/d
    /// with an f32 gradient buffer). ZeRO-2 splits the gradients too: each micro-batch's gradients are
    /// reduce-scattered into the f32 shard the optimizer updates (Rajbhandari et al.'s "2 + (2 + K)/d"
    /// counts that shard in 16 bits; DeepSpeed converts it to f32 for the step, so 4/d here). In f32
    /// training the master is the model's own weight, which every replica needs whole under ZeRO-1
    /// and 2, so only the optimizer state (and under ZeRO-2 the gradients) is split. Under ZeRO-3 nothing is whole: the
    /// 16-bit copy exists only for the unit being gathered (counted as transient memory by the pipeline
    /// model, [`crate::pipeline`]). In inference, and in a training step taken as written, the weight
    /// alone.
    pub fn split(self, mode: Mode, bytes: u64, zero: Zero, replicas: u64) -> WeightSplit {
        let d = replicas.max(1);
        let total = self.bytes(mode, bytes);
        let training = total > bytes;
        if !training {
            return WeightSplit {
                weights: total,
                ..WeightSplit::default()
            };
        }
        let cast = self
            .precision
            .half()
            .map_or(0, |h| bytes / 4 * h.size_bytes());
        let optimizer = bytes * self.optimizer.state_values();
        let gradients = total.saturating_sub(bytes + cast + optimizer);
        match zero {
            Zero::None => WeightSplit {
                weights: bytes + cast,
                gradients,
                optimizer,
            },
            Zero::Optimizer => WeightSplit {
                weights: if cast > 0 {
                    cast + bytes.div_ceil(d)
                } else {
                    bytes
                },
                gradients,
                optimizer: optimizer.div_ceil(d),
            },
            Zero::Gradients => WeightSplit {
                weights: if cast > 0 {
                    cast + bytes.div_ceil(d)
                } else {
                    bytes
                },
                gradients: gradients.div_ceil(d),
                optimizer: optimizer.div_ceil(d),
            },
            Zero::Full => WeightSplit {
                weights: bytes.div_ceil(d),
                gradients: gradients.div_ceil(d),
                optimizer: optimizer.div_ceil(d),
            },
        }
    }

    /// The weight bytes behind `state` bytes of weight state (the inverse of [`WeightState::bytes`]).
    pub fn parameter_bytes(self, mode: Mode, state: u64) -> u64 {
        let per = self.per_f32_parameter(mode);
        (u128::from(state) * 4 / u128::from(per))
            .try_into()
            .unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Machine;
    use crate::synth;

    /// Under fp8 the input of a weighted product that nothing else reads is kept quantized; a norm's
    /// input (read by the norm) and every tensor under bf16 stay in 16 bits.
    #[test]
    fn fp8_keeps_product_inputs_quantized() {
        let mut b = synth::Builder::new("fp8", DType::BF16);
        let x = b.input("x", &[4, 64], DType::BF16);
        let n = b.layer_norm(x);
        let h = b.matmul(n, 64);
        let labels = b.input("labels", &[4], DType::I32);
        b.loss(h, labels);
        let g = b.finish();
        let forward = |_| true;
        assert!(Precision::Fp8.keeps_in_fp8(&g, n, forward));
        assert!(!Precision::Bf16.keeps_in_fp8(&g, n, forward));
        assert!(!Precision::Fp8.keeps_in_fp8(&g, x, forward));
        // The product's output feeds the loss (no weight): 16 bits.
        assert!(!Precision::Fp8.keeps_in_fp8(&g, h, forward));
    }

    #[test]
    fn bytes_per_parameter_per_zero_stage() {
        // One million parameters of f32 master weights, bf16 + Adam, 8 replicas.
        let phi = 1_000_000u64;
        let bf16_adam = WeightState {
            precision: Precision::Bf16,
            optimizer: Optimizer::Adam,
            ..Default::default()
        };
        let split = |zero, d| bf16_adam.split(Mode::Training, 4 * phi, zero, d);
        // DDP / Megatron without the distributed optimizer: 18 bytes per parameter.
        assert_eq!(split(Zero::None, 8).total(), 18 * phi);
        // Megatron's distributed optimizer (ZeRO-1): 6 + 12/d.
        let z1 = split(Zero::Optimizer, 8);
        assert_eq!(z1.weights, 2 * phi + 4 * phi / 8);
        assert_eq!(z1.gradients, 4 * phi);
        assert_eq!(z1.optimizer, 8 * phi / 8);
        assert_eq!(z1.total(), 6 * phi + 12 * phi / 8);
        // DeepSpeed ZeRO-2: 2 + 16/d (the 16-bit weights whole, everything else split).
        let z2 = split(Zero::Gradients, 8);
        assert_eq!(z2.weights, 2 * phi + 4 * phi / 8);
        assert_eq!(z2.gradients, 4 * phi / 8);
        assert_eq!(z2.optimizer, 8 * phi / 8);
        assert_eq!(z2.total(), 2 * phi + 16 * phi / 8);
        // FSDP2 / ZeRO-3: 16/d, nothing whole.
        assert_eq!(split(Zero::Full, 8).total(), 16 * phi / 8);
        // Megatron-Core's bf16 gradient buffer (`grad_reduce_in_fp32=False`): 4 + 12/d under its
        // distributed optimizer, 16 without it; the weights and optimizer state unchanged.
        let half_grads = WeightState {
            grad_buffer: crate::engine_flags::GradBuffer::Half,
            ..bf16_adam
        };
        let h1 = half_grads.split(Mode::Training, 4 * phi, Zero::Optimizer, 8);
        assert_eq!(h1.gradients, 2 * phi);
        assert_eq!((h1.weights, h1.optimizer), (z1.weights, z1.optimizer));
        assert_eq!(h1.total(), 4 * phi + 12 * phi / 8);
        assert_eq!(
            half_grads
                .split(Mode::Training, 4 * phi, Zero::None, 8)
                .total(),
            16 * phi
        );
        assert_eq!(half_grads.bytes(Mode::Training, 4 * phi), 16 * phi);
        // Without a 16-bit compute type the buffer stays f32.
        let f32_half = WeightState {
            precision: Precision::Fp32,
            ..half_grads
        };
        assert_eq!(
            f32_half
                .split(Mode::Training, 4 * phi, Zero::None, 8)
                .gradients,
            4 * phi
        );
        // One replica: ZeRO shards nothing away (the 16-bit copy of ZeRO-3 is transient).
        assert_eq!(split(Zero::Optimizer, 1).total(), 18 * phi);
        // f32 + Adam: 16 bytes; ZeRO-1 splits only the moments (the master is the model's weight).
        let fp32_adam = WeightState {
            precision: Precision::Fp32,
            optimizer: Optimizer::Adam,
            ..Default::default()
        };
        assert_eq!(
            fp32_adam
                .split(Mode::Training, 4 * phi, Zero::None, 4)
                .total(),
            16 * phi
        );
        assert_eq!(
            fp32_adam
                .split(Mode::Training, 4 * phi, Zero::Optimizer, 4)
                .total(),
            8 * phi + 8 * phi / 4
        );
        // Inference: the weights alone, whatever the stage.
        assert_eq!(
            bf16_adam.split(Mode::Inference, 4 * phi, Zero::Full, 8),
            WeightSplit {
                weights: 4 * phi,
                ..Default::default()
            }
        );
    }

    #[test]
    fn weight_state_per_optimizer_and_precision() {
        let state = |precision, optimizer| WeightState {
            precision,
            optimizer,
            ..Default::default()
        };
        // 100 f32 parameters = 400 bytes.
        let t = Mode::Training;
        assert_eq!(state(Precision::Fp32, Optimizer::Sgd).bytes(t, 400), 800);
        assert_eq!(
            state(Precision::Fp32, Optimizer::SgdMomentum).bytes(t, 400),
            1200
        );
        assert_eq!(state(Precision::Fp32, Optimizer::Adam).bytes(t, 400), 1600);
        // AMP: + a 2-byte cast copy per parameter.
        assert_eq!(state(Precision::Fp16, Optimizer::Adam).bytes(t, 400), 1800);
        assert_eq!(state(Precision::Tf32, Optimizer::Adam).bytes(t, 400), 1600);
        assert_eq!(
            state(Precision::Bf16, Optimizer::Adam).bytes(Mode::Inference, 400),
            400
        );
        let s = state(Precision::Fp16, Optimizer::SgdMomentum);
        assert_eq!(s.parameter_bytes(t, s.bytes(t, 400)), 400);
    }

    #[test]
    fn precisions_need_their_matrix_rate() {
        let a100 = Machine::preset("dgx-a100:1").unwrap().gpu;
        for p in Precision::ALL {
            // FP8 matrix units came with Hopper.
            assert_eq!(p.check(&a100).is_ok(), p != Precision::Fp8, "{p}");
        }
        let h100 = Machine::preset("dgx-h100:1").unwrap().gpu;
        for p in Precision::ALL {
            assert!(p.check(&h100).is_ok(), "{p}");
        }
        assert_eq!(Precision::Fp8.half(), Some(DType::BF16));
        let p100 = Machine::preset("p100-4x4").unwrap().gpu;
        let e = Precision::Bf16.check(&p100).unwrap_err();
        assert!(e.contains("has no bf16 matrix rate"), "{e}");
        assert!(Precision::Tf32.check(&p100).is_err());
        assert!(Precision::Fp32.check(&p100).is_ok());
    }

    #[test]
    fn mixed_precision_halves_data_not_weights() {
        let g = synth::mlp(64, &[128, 128]);
        let half = Precision::Bf16.graph(&g);
        for (a, b) in g.tensors().iter().zip(half.tensors()) {
            match a.kind {
                _ if a.dtype != DType::F32 => assert_eq!(a, b),
                TensorKind::Weight => assert_eq!(a, b),
                _ => {
                    assert_eq!(b.dtype, DType::BF16);
                    assert_eq!(b.bytes() * 2, a.bytes());
                }
            }
        }
        assert!(half.ops().iter().any(|o| o.dtype == DType::BF16));
        assert!(half.ops().iter().all(|o| o.dtype != DType::F32));
        assert_eq!(Precision::Tf32.graph(&g).tensors(), g.tensors());
        // A sum over the samples (a weight gradient of a whole training step) stays f32.
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![8, 4], DType::F32, TensorKind::Input);
        let dw = g.add_tensor("dw", vec![4], DType::F32, TensorKind::Activation);
        g.add_op(Op {
            name: "linalg.reduce".into(),
            location: "m.mlir:1:1".into(),
            class: OpClass::Reduction,
            dims: vec![
                crate::graph::Dim::new(8, crate::graph::Role::Sample),
                crate::graph::Dim::new(4, crate::graph::Role::Attribute),
            ],
            inputs: vec![crate::graph::Access::dims(x, &[0, 1])],
            outputs: vec![crate::graph::Access::dims(dw, &[1])],
            flops: 32.0,
            dtype: DType::F32,
            position_mask: None,
        })
        .unwrap();
        let half = Precision::Fp16.graph(&g);
        assert_eq!(half.tensor(x).dtype, DType::F16);
        assert_eq!(half.tensor(dw).dtype, DType::F32);
    }
}
