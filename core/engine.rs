//! Engine profiles (`--engine`): what differs between the programs that run a plan, named.
//!
//! The same strategy runs at different speeds and in different memory under different training
//! software. A profile bundles what the simulator needs to know about the engine that will run the
//! plan, each choice one of flexc's own flags (an explicit flag given with `--engine` wins; without
//! `--engine`, each flag's own default):
//!
//! - **precision and optimizer** (`--precision`, `--optimizer`): what the engine computes in and keeps
//!   per parameter ([`crate::precision`]);
//! - **attention** (`--attention`, [`crate::attention`]): FlashAttention (scores never stored, their
//!   recomputation in the backward, the kernel's own rate: [`crate::machine::Efficiency`]) — the GPU's
//!   fastest kernel (`fused`: FlashAttention-3 or cuDNN's on Hopper) or FlashAttention-2 (`flash2`, the
//!   kernel behind PyTorch SDPA's flash backend) — or the scores kept as the graph writes them;
//! - **pointwise kernels** ([`Pointwise`]): whether chains of pointwise ops run as fused kernels (a
//!   compiler's fusions, or hand-written fused kernels such as Megatron's bias-GeLU, layer-norm and
//!   bias-dropout-add) or one kernel per op as eager PyTorch launches them, each reading and writing
//!   memory;
//! - **normalization** (`--norm`, [`crate::norm`]): batch norm as the native kernels every profile's
//!   software runs (`fused`: ATen's and cuDNN's `batch_norm` forward and backward, apex's and Transformer
//!   Engine's, XLA's fused reductions: two passes over the input in the activation dtype, f32 statistics,
//!   a launch per pass) or each op of the exported decomposition as written (`as-written`: torch-mlir's
//!   f64 variance included). Every profile runs `fused`; the rule recognises batch statistics (per
//!   channel over the samples and positions), so the transformer profiles' layer and RMS norms (row
//!   statistics) keep their written form — right for torchtitan's RMSNorm, written in primitive ops
//!   that eager PyTorch launches one by one;
//! - **data parallelism** ([`DataParallel`]): whether the replicas' gradient reduction overlaps the
//!   backward (buckets, FSDP's per-unit reduce-scatter) and ZeRO is available, or the whole gradient
//!   buffer is all-reduced after the backward with nothing beside it (Megatron-LM of 2021);
//! - **tensor-parallel communication** ([`TpComm`], `--tp-comm`): whether a tensor-parallel
//!   collective (the all-gather before a column-parallel product, the reduce-scatter or all-reduce
//!   after a row-parallel one, and their mirror images in the backward) waits for its product or is
//!   pipelined with it (Transformer Engine's userbuffers);
//! - **sharded weights** ([`Fsdp`], `--fsdp`): what a ZeRO-3 engine moves besides its collectives —
//!   nothing (`in-place`), FSDP2's copies out of and into its collective buffers (`per-parameter`), or
//!   FSDP1 under autocast with f32 parameters (`flat-autocast`: f32 gathers, autocast's casts kept for
//!   the backward, bf16 gradient reduction);
//! - **cross-entropy** (`--loss`, [`crate::loss`]): a language-model head's loss as the graph writes it
//!   (`as-written`: PyTorch's `F.cross_entropy` on f32 logits, Megatron-LM's vocab-parallel
//!   cross-entropy, XLA's log-softmax, each logits-sized intermediate in memory) or one fused kernel
//!   forward and backward (`fused`: flash-attn's `CrossEntropyLoss`, MPT's default in llm-foundry; only
//!   the logits and their gradient reach memory);
//! - **gradient buffer** (`--grad-buffer`, [`GradBuffer`]): f32, or the 16-bit compute type as
//!   Megatron-Core's recipes keep it (`grad_reduce_in_fp32=False`);
//! - **mixture-of-experts probabilities** (`--moe-probs`, [`MoeProbs`]): applied where the graph writes
//!   them (after the experts' down projection, whose output the backward then keeps) or before the down
//!   projection, as Megatron-Core's grouped MLP does (nothing of the experts' output kept).
//!
//! | profile | precision | optimizer | attention | pointwise | norm | data parallel | tp comm | fsdp | loss | grad buffer | moe probs | the software |
//! |---|---|---|---|---|---|---|---|---|---|---|---|---|
//! | `megatron-2021` | fp16 | adam | as-written | fused | fused | after-backward | exposed | in-place | as-written | f32 | as-written | Megatron-LM of Narayanan et al. 2021 and Korthikanti et al. 2022 (apex fused kernels, scale-mask-softmax keeping the probabilities, local DDP) |
//! | `megatron-core` | bf16 | adam | fused | fused | fused | overlapped | overlapped | in-place | as-written | half | before-down | Megatron-Core with Transformer Engine as NVIDIA's performance recipes run it (FlashAttention, fused norms and activations, overlapped gradient buffer, distributed optimizer, userbuffers' TP overlap) |
//! | `fsdp2` | bf16 | adam | flash2 | eager | fused | overlapped | exposed | per-parameter | as-written | f32 | as-written | torchtitan / PyTorch FSDP2 in eager mode (SDPA's FlashAttention-2; every other op its own kernel; async TP needs torch.compile) |
//! | `composer-2023` | bf16 | adam | flash2 | eager | fused | overlapped | exposed | flat-autocast | fused | f32 | as-written | MosaicML Composer of 2023 (llm-foundry's benchmark tables): PyTorch FSDP1 FULL_SHARD with mixed precision `DEFAULT` under `torch.autocast`, a FlashAttention kernel, MPT's fused cross-entropy, eager |
//! | `xla` | bf16 | adam | fused | fused | fused | overlapped | exposed | in-place | as-written | f32 | as-written | JAX / XLA (MaxText): XLA's fusions, fused attention (collective matmul is opt-in) |
//!
//! Under `after-backward`, a strategy that shards weight state (`zero=1`, `zero=3`) is refused and the
//! schedule search does not enumerate one: the engine cannot run it.
//!
//! What the profiles do not change: overlapped gradient reduction is the simulator's (gradients
//! reduced as the backward produces them, FSDP's units gathered one ahead), and the activations a
//! training step keeps are counted alike ([`crate::fusion`]): eager autograd saves op by op, which may
//! differ from the fused accounting by an activation per block.

use crate::attention::Attention;
use crate::engine_flags::{DataParallel, Fsdp, GradBuffer, MoeProbs, Pointwise, TpComm};
use crate::loss::Loss;
use crate::norm::Norm;
use crate::precision::{Optimizer, Precision, WeightState};

/// One named engine profile (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    pub name: &'static str,
    pub precision: Precision,
    pub optimizer: Optimizer,
    pub attention: Attention,
    pub pointwise: Pointwise,
    pub norm: Norm,
    pub data_parallel: DataParallel,
    pub tp_comm: TpComm,
    pub fsdp: Fsdp,
    pub loss: Loss,
    pub grad_buffer: GradBuffer,
    pub moe_probs: MoeProbs,
    /// What the profile stands for, for reports and documents.
    pub what: &'static str,
}

/// The profiles, in the order `--help` lists them.
pub const ENGINES: [Engine; 5] = [
    Engine {
        name: "megatron-2021",
        precision: Precision::Fp16,
        optimizer: Optimizer::Adam,
        attention: Attention::AsWritten,
        pointwise: Pointwise::Fused,
        norm: Norm::Fused,
        data_parallel: DataParallel::AfterBackward,
        tp_comm: TpComm::Exposed,
        fsdp: Fsdp::InPlace,
        loss: Loss::AsWritten,
        grad_buffer: GradBuffer::F32,
        moe_probs: MoeProbs::AsWritten,
        what: "Megatron-LM as in Narayanan et al. 2021 and Korthikanti et al. 2022: fp16 with Adam and no \
               distributed optimizer, apex's fused bias-GeLU, layer-norm and bias-dropout-add kernels, \
               the fused scale-mask-softmax that keeps the probabilities for the backward (no \
               FlashAttention yet), gradients all-reduced after the backward (no overlap, no ZeRO)",
    },
    Engine {
        name: "megatron-core",
        precision: Precision::Bf16,
        optimizer: Optimizer::Adam,
        attention: Attention::Fused,
        pointwise: Pointwise::Fused,
        norm: Norm::Fused,
        data_parallel: DataParallel::Overlapped,
        tp_comm: TpComm::Overlapped,
        fsdp: Fsdp::InPlace,
        loss: Loss::AsWritten,
        grad_buffer: GradBuffer::Half,
        moe_probs: MoeProbs::BeforeDown,
        what: "Megatron-Core with Transformer Engine as NVIDIA's performance recipes run it: bf16 with \
               Adam, FlashAttention, fused norms, activations and bias-dropout-add, tensor-parallel \
               collectives overlapped with their products (userbuffers, --tp-comm-overlap), a bf16 \
               gradient buffer (grad_reduce_in_fp32=False), routing probabilities applied inside the \
               experts before their down projection",
    },
    Engine {
        name: "fsdp2",
        precision: Precision::Bf16,
        optimizer: Optimizer::Adam,
        attention: Attention::Flash2,
        pointwise: Pointwise::Eager,
        norm: Norm::Fused,
        data_parallel: DataParallel::Overlapped,
        tp_comm: TpComm::Exposed,
        fsdp: Fsdp::PerParameter,
        loss: Loss::AsWritten,
        grad_buffer: GradBuffer::F32,
        moe_probs: MoeProbs::AsWritten,
        what: "PyTorch FSDP2 as torchtitan runs it without torch.compile: bf16 compute with f32 \
               parameters and Adam state, SDPA's FlashAttention-2 kernel, every other op its own kernel, \
               each gathered unit copied out into its parameters and each gradient copied into the \
               reduce-scatter's f32 buffer",
    },
    Engine {
        name: "composer-2023",
        precision: Precision::Bf16,
        optimizer: Optimizer::Adam,
        attention: Attention::Flash2,
        pointwise: Pointwise::Eager,
        norm: Norm::Fused,
        data_parallel: DataParallel::Overlapped,
        tp_comm: TpComm::Exposed,
        fsdp: Fsdp::FlatAutocast,
        loss: Loss::Fused,
        grad_buffer: GradBuffer::F32,
        moe_probs: MoeProbs::AsWritten,
        what: "MosaicML Composer of 2023 on PyTorch FSDP1 (FULL_SHARD, mixed precision DEFAULT) in eager \
               mode: f32 parameters gathered whole into flat buffers, torch.autocast's bf16 casts of \
               every weight (kept for the backward), gradients reduced in bf16, a FlashAttention kernel, \
               flash-attn's fused cross-entropy (MPT's default loss), every other op its own kernel",
    },
    Engine {
        name: "xla",
        precision: Precision::Bf16,
        optimizer: Optimizer::Adam,
        attention: Attention::Fused,
        pointwise: Pointwise::Fused,
        norm: Norm::Fused,
        data_parallel: DataParallel::Overlapped,
        tp_comm: TpComm::Exposed,
        fsdp: Fsdp::InPlace,
        loss: Loss::AsWritten,
        grad_buffer: GradBuffer::F32,
        moe_probs: MoeProbs::AsWritten,
        what: "JAX on XLA (MaxText): bf16 with Adam, XLA's fusions of pointwise chains, fused attention",
    },
];

impl Engine {
    pub fn from_name(name: &str) -> Option<Engine> {
        ENGINES.into_iter().find(|e| e.name == name)
    }

    /// The names, for messages.
    pub fn names() -> Vec<&'static str> {
        ENGINES.iter().map(|e| e.name).collect()
    }

    /// The profile whose training state is exactly `state`, if any.
    pub fn of_state(state: WeightState) -> Option<Engine> {
        ENGINES.into_iter().find(|e| e.state() == state)
    }

    /// The training state the profile runs.
    pub fn state(&self) -> WeightState {
        WeightState {
            precision: self.precision,
            optimizer: self.optimizer,
            attention: self.attention,
            pointwise: self.pointwise,
            norm: self.norm,
            data_parallel: self.data_parallel,
            tp_comm: self.tp_comm,
            fsdp: self.fsdp,
            loss: self.loss,
            grad_buffer: self.grad_buffer,
            moe_probs: self.moe_probs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_are_named_once_and_round_trip() {
        let names = Engine::names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} is listed twice");
            assert_eq!(Engine::from_name(name).map(|e| e.name), Some(*name));
        }
        assert_eq!(Engine::from_name("megatron"), None);
        let fsdp = Engine::from_name("fsdp2").unwrap().state();
        assert_eq!(fsdp.pointwise, Pointwise::Eager);
        assert_eq!(fsdp.attention, Attention::Flash2);
        let old = Engine::from_name("megatron-2021").unwrap().state();
        assert_eq!(
            (old.precision, old.attention),
            (Precision::Fp16, Attention::AsWritten)
        );
        // Megatron-LM of 2021 all-reduces after the backward and has no ZeRO; the others shard.
        assert_eq!(old.data_parallel, DataParallel::AfterBackward);
        // Only Megatron-Core's recipes overlap tensor-parallel collectives with their products.
        assert_eq!(old.tp_comm, TpComm::Exposed);
        let core = Engine::from_name("megatron-core").unwrap().state();
        assert_eq!(core.tp_comm, TpComm::Overlapped);
        // Overlapped: a collective shorter than its product shows only its first chunk; a longer one
        // what the product cannot hide, plus a chunk of the product.
        assert_eq!(TpComm::Exposed.exposed(2.0, 8.0, 4), 2.0);
        assert_eq!(TpComm::Overlapped.exposed(2.0, 8.0, 4), 0.5);
        assert_eq!(TpComm::Overlapped.exposed(8.0, 2.0, 4), 6.5);
        assert!(!old.data_parallel.shards());
        assert!(ENGINES
            .iter()
            .filter(|e| e.name != "megatron-2021")
            .all(|e| e.data_parallel.shards()));
        // Only PyTorch's FSDP profiles copy around their collectives.
        assert_eq!(fsdp.fsdp, Fsdp::PerParameter);
        let composer = Engine::from_name("composer-2023").unwrap().state();
        assert_eq!(composer.fsdp, Fsdp::FlatAutocast);
        // MPT in llm-foundry computes its loss with flash-attn's fused cross-entropy; the other profiles'
        // software writes the softmax out.
        assert_eq!(composer.loss, Loss::Fused);
        let written = ENGINES.iter().filter(|e| e.loss == Loss::AsWritten).count();
        assert_eq!(written, ENGINES.len() - 1);
        assert_eq!((old.fsdp, core.fsdp), (Fsdp::InPlace, Fsdp::InPlace));
        // Megatron-Core as NVIDIA's recipes run it keeps a bf16 gradient buffer and applies the routing
        // probabilities inside its experts; every other profile keeps f32 gradients and the graph's
        // combine.
        assert_eq!(
            (core.grad_buffer, core.moe_probs),
            (GradBuffer::Half, MoeProbs::BeforeDown)
        );
        assert!(ENGINES
            .iter()
            .filter(|e| e.name != "megatron-core")
            .all(|e| e.grad_buffer == GradBuffer::F32 && e.moe_probs == MoeProbs::AsWritten));
        for g in GradBuffer::ALL {
            assert_eq!(GradBuffer::from_name(g.name()), Some(g));
        }
        for m in MoeProbs::ALL {
            assert_eq!(MoeProbs::from_name(m.name()), Some(m));
        }
        for f in Fsdp::ALL {
            assert_eq!(Fsdp::from_name(f.name()), Some(f));
        }
        // f32 gathers and bf16 reductions under autocast; the compute precision and f32 otherwise.
        assert_eq!(
            (
                Fsdp::FlatAutocast.gather_bytes(2),
                Fsdp::FlatAutocast.scatter_bytes(2)
            ),
            (4, 2)
        );
        assert_eq!(
            (
                Fsdp::PerParameter.gather_bytes(2),
                Fsdp::PerParameter.scatter_bytes(2)
            ),
            (2, 4)
        );
        // Every profile's software runs batch norm as its native kernels (module doc).
        assert!(ENGINES.iter().all(|e| e.state().norm == Norm::Fused));
        for d in DataParallel::ALL {
            assert_eq!(DataParallel::from_name(d.name()), Some(d));
        }
    }
}
