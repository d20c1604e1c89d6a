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
//!   the logits and their gradient reach memory).
//!
//! | profile | precision | optimizer | attention | pointwise | norm | data parallel | tp comm | fsdp | loss | the software |
//! |---|---|---|---|---|---|---|---|---|---|---|
//! | `megatron-2021` | fp16 | adam | as-written | fused | fused | after-backward | exposed | in-place | as-written | Megatron-LM of Narayanan et al. 2021 and Korthikanti et al. 2022 (apex fused kernels, scale-mask-softmax keeping the probabilities, local DDP) |
//! | `megatron-core` | bf16 | adam | fused | fused | fused | overlapped | overlapped | in-place | as-written | Megatron-Core with Transformer Engine as NVIDIA's performance recipes run it (FlashAttention, fused norms and activations, overlapped gradient buffer, distributed optimizer, userbuffers' TP overlap) |
//! | `fsdp2` | bf16 | adam | flash2 | eager | fused | overlapped | exposed | per-parameter | as-written | torchtitan / PyTorch FSDP2 in eager mode (SDPA's FlashAttention-2; every other op its own kernel; async TP needs torch.compile) |
//! | `composer-2023` | bf16 | adam | flash2 | eager | fused | overlapped | exposed | flat-autocast | fused | MosaicML Composer of 2023 (llm-foundry's benchmark tables): PyTorch FSDP1 FULL_SHARD with mixed precision `DEFAULT` under `torch.autocast`, a FlashAttention kernel, MPT's fused cross-entropy, eager |
//! | `xla` | bf16 | adam | fused | fused | fused | overlapped | exposed | in-place | as-written | JAX / XLA (MaxText): XLA's fusions, fused attention (collective matmul is opt-in) |
//!
//! Under `after-backward`, a strategy that shards weight state (`zero=1`, `zero=3`) is refused and the
//! schedule search does not enumerate one: the engine cannot run it.
//!
//! What the profiles do not change: overlapped gradient reduction is the simulator's (gradients
//! reduced as the backward produces them, FSDP's units gathered one ahead), and the activations a
//! training step keeps are counted alike ([`crate::fusion`]): eager autograd saves op by op, which may
//! differ from the fused accounting by an activation per block.

use crate::attention::Attention;
use crate::loss::Loss;
use crate::norm::Norm;
use crate::precision::{Optimizer, Precision, WeightState};

/// How chains of pointwise ops run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pointwise {
    /// As fused kernels ([`crate::fusion`]): a chain reads its inputs once and writes its result once.
    #[default]
    Fused,
    /// One kernel per op, as eager PyTorch runs them: every op launches, reads its operands from memory
    /// and writes its results (broadcasts stay views, and a fused attention stays one kernel).
    Eager,
}

impl Pointwise {
    pub const ALL: [Pointwise; 2] = [Pointwise::Fused, Pointwise::Eager];

    pub fn name(self) -> &'static str {
        match self {
            Pointwise::Fused => "fused",
            Pointwise::Eager => "eager",
        }
    }

    pub fn from_name(name: &str) -> Option<Pointwise> {
        Pointwise::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How data-parallel replicas synchronize their gradients.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DataParallel {
    /// Reduced while the backward runs, as each gradient (or bucket of gradients) is complete:
    /// PyTorch DDP's buckets, Megatron-Core's gradient buffer with `--overlap-grad-reduce`, FSDP's
    /// per-unit reduce-scatter, XLA's asynchronous collectives. ZeRO's sharding is available.
    #[default]
    Overlapped,
    /// Megatron-LM's own data parallelism of 2021 (`--DDP-impl=local`, its default): after the last
    /// micro-batch's backward, `allreduce_gradients()` all-reduces the gradient buffer on the compute
    /// stream, so nothing overlaps it; there is no distributed optimizer yet (no ZeRO).
    AfterBackward,
}

impl DataParallel {
    pub const ALL: [DataParallel; 2] = [DataParallel::Overlapped, DataParallel::AfterBackward];

    pub fn name(self) -> &'static str {
        match self {
            DataParallel::Overlapped => "overlapped",
            DataParallel::AfterBackward => "after-backward",
        }
    }

    pub fn from_name(name: &str) -> Option<DataParallel> {
        DataParallel::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether the engine can shard weight state over the replicas (ZeRO, FSDP).
    pub fn shards(self) -> bool {
        self == DataParallel::Overlapped
    }
}

/// How tensor-parallel collectives run next to the products they feed or follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TpComm {
    /// On their own: a product waits for its input's all-gather, the reduction of its partial sums
    /// waits for the product.
    #[default]
    Exposed,
    /// Pipelined with the adjacent product, chunk by chunk (Transformer Engine's userbuffers:
    /// Megatron-Core's `--tp-comm-overlap`, which NVIDIA's performance recipes enable): a collective
    /// of `d` seconds beside a product of `g` takes `max(d, g) + min(d, g) / c` with the product, `c`
    /// the chunks (the devices of the group) — only the first chunk's share is exposed when it is
    /// shorter than the product.
    Overlapped,
}

impl TpComm {
    pub const ALL: [TpComm; 2] = [TpComm::Exposed, TpComm::Overlapped];

    pub fn name(self) -> &'static str {
        match self {
            TpComm::Exposed => "exposed",
            TpComm::Overlapped => "overlapped",
        }
    }

    pub fn from_name(name: &str) -> Option<TpComm> {
        TpComm::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The time a transfer of `d` seconds beside a product of `g` seconds (split into `chunks`)
    /// adds to the product's (module doc of [`TpComm::Overlapped`]); `d` when exposed.
    pub fn exposed(self, d: f64, g: f64, chunks: u32) -> f64 {
        match self {
            TpComm::Exposed => d,
            TpComm::Overlapped => {
                let c = f64::from(chunks.max(1));
                d.max(g) - g + d.min(g) / c
            }
        }
    }
}

/// How a sharded-weights engine (ZeRO-3, `zero=3`) gathers its parameters and reduces their
/// gradients: what it moves besides the collectives themselves.
///
/// - `in-place`: the collectives read and write the buffers the step computes with: the weights
///   gathered in the compute precision, the gradients reduce-scattered in f32, nothing copied
///   (Megatron-Core's distributed optimizer, XLA's sharded weights, DeepSpeed's ZeRO-3 partitions).
/// - `per-parameter`: PyTorch FSDP2 (`fully_shard`, each parameter its own `DTensor` shard; torchtitan's
///   defaults `param_dtype=bfloat16`, `reduce_dtype=float32`). A unit's all-gather lands in one flat
///   buffer that `foreach_all_gather_copy_out` splits into the unit's parameters on the compute stream
///   (every gathered byte read and written once more, forward and backward), and `foreach_reduce`
///   copies the unit's bf16 gradients into the reduce-scatter's f32 input on the reduce-scatter stream
///   (read 2, write 4 bytes per parameter) before the collective (`torch/distributed/fsdp/_fully_shard/
///   _fsdp_collectives.py`).
/// - `flat-autocast`: PyTorch FSDP1's `FlatParameter` (gathered in place) under `torch.autocast` with
///   f32 parameters, as MosaicML Composer's `mixed_precision: DEFAULT` of 2023 ran it
///   (`composer/trainer/dist_strategy.py`: `param_dtype=float32`, `reduce_dtype` the autocast precision):
///   the all-gather moves f32 (4 bytes per parameter), autocast casts every weight to bf16 on the compute
///   stream before its product (read 4, write 2) and its bf16 gradient back to f32 after (read 2, write
///   4), autograd keeps the bf16 casts for the backward (2 bytes per parameter of the stage, alive from
///   the forward to the backward), and the flat f32 gradient is cast to bf16 for the reduce-scatter
///   (read 4, write 2) on FSDP's post-backward stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fsdp {
    #[default]
    InPlace,
    PerParameter,
    FlatAutocast,
}

impl Fsdp {
    pub const ALL: [Fsdp; 3] = [Fsdp::InPlace, Fsdp::PerParameter, Fsdp::FlatAutocast];

    pub fn name(self) -> &'static str {
        match self {
            Fsdp::InPlace => "in-place",
            Fsdp::PerParameter => "per-parameter",
            Fsdp::FlatAutocast => "flat-autocast",
        }
    }

    pub fn from_name(name: &str) -> Option<Fsdp> {
        Fsdp::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Bytes per parameter an all-gather moves: the compute precision's (`half`, f32 without one),
    /// or f32 under `flat-autocast`.
    pub fn gather_bytes(self, half: u64) -> u64 {
        match self {
            Fsdp::FlatAutocast => 4,
            Fsdp::InPlace | Fsdp::PerParameter => half,
        }
    }

    /// Bytes per parameter a reduce-scatter moves: f32, or the autocast precision under
    /// `flat-autocast`.
    pub fn scatter_bytes(self, half: u64) -> u64 {
        match self {
            Fsdp::FlatAutocast => half,
            Fsdp::InPlace | Fsdp::PerParameter => 4,
        }
    }

    /// Bytes per parameter read and written on the compute stream by one gathered pass (forward or
    /// backward): FSDP2's copy-out of the gathered unit (`half` read and written), autocast's casts
    /// (6: 4 read and 2 written forward, the reverse backward); none in place.
    pub fn compute_copy_bytes(self, half: u64) -> u64 {
        match self {
            Fsdp::InPlace => 0,
            Fsdp::PerParameter => 2 * half,
            Fsdp::FlatAutocast => 6,
        }
    }

    /// Bytes per parameter copied on the reduce-scatter's stream before it: FSDP2's copy-in with the
    /// cast to f32 (2 read, 4 written), FSDP1's cast of the flat f32 gradient (4 read, 2 written).
    pub fn scatter_copy_bytes(self) -> u64 {
        match self {
            Fsdp::InPlace => 0,
            Fsdp::PerParameter | Fsdp::FlatAutocast => 6,
        }
    }

    /// Bytes per parameter of the stage kept from the forward to the backward besides activations:
    /// autocast's bf16 casts of the weights, which autograd saves for the products' backward.
    pub fn kept_bytes(self) -> u64 {
        match self {
            Fsdp::FlatAutocast => 2,
            Fsdp::InPlace | Fsdp::PerParameter => 0,
        }
    }
}

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
        what: "Megatron-Core with Transformer Engine as NVIDIA's performance recipes run it: bf16 with \
               Adam, FlashAttention, fused norms, activations and bias-dropout-add, tensor-parallel \
               collectives overlapped with their products (userbuffers, --tp-comm-overlap)",
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
