//! How the software that runs a plan executes six things, each its own flag: pointwise chains
//! (`--pointwise`, [`Pointwise`]), data-parallel gradient synchronization (`--data-parallel`,
//! [`DataParallel`]), tensor-parallel collectives beside their products (`--tp-comm`, [`TpComm`]),
//! sharded weights (`--fsdp`, [`Fsdp`]), the gradient buffer's type (`--grad-buffer`, [`GradBuffer`]) and
//! where a mixture-of-experts layer applies its routing probabilities (`--moe-probs`, [`MoeProbs`]).
//! [`crate::precision::WeightState`] carries them beside the
//! precision, optimizer, attention and norm; the `--engine` profiles of [`crate::engine`] name bundles
//! of all of them.

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

/// The type of the data-parallel gradient buffer, where a mixed-precision engine accumulates each
/// parameter's gradient over the micro-batches and from which it reduces them (`--grad-buffer`).
///
/// - `f32`: an f32 buffer (PyTorch DDP's gradients of f32 parameters, FSDP2's `reduce_dtype=float32`,
///   Megatron-Core's `grad_reduce_in_fp32=True`): 4 bytes per parameter.
/// - `half`: the 16-bit compute type (Megatron-Core's `DistributedDataParallel` with
///   `grad_reduce_in_fp32=False`: `main_grad` in the parameters' bf16, `megatron/core/distributed/
///   distributed_data_parallel.py`; NVIDIA's performance recipes set it so for every model, Megatron-
///   Bridge `scripts/performance/configs/*/*_llm_pretrain.py`: `cfg.ddp.grad_reduce_in_fp32 = False`):
///   2 bytes per parameter. Without a 16-bit compute type (`--precision=fp32|tf32`) it is f32.
///
/// Memory only: the reduction's time is the task simulator's, on the weight gradients' f32 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GradBuffer {
    #[default]
    F32,
    Half,
}

impl GradBuffer {
    pub const ALL: [GradBuffer; 2] = [GradBuffer::F32, GradBuffer::Half];

    pub fn name(self) -> &'static str {
        match self {
            GradBuffer::F32 => "f32",
            GradBuffer::Half => "half",
        }
    }

    pub fn from_name(name: &str) -> Option<GradBuffer> {
        GradBuffer::ALL.into_iter().find(|g| g.name() == name)
    }

    /// Bytes per parameter of the buffer when the compute type has `half` bytes (`None`: f32 compute).
    pub fn bytes(self, half: Option<u64>) -> u64 {
        match (self, half) {
            (GradBuffer::Half, Some(h)) => h,
            _ => 4,
        }
    }
}

/// Where a mixture-of-experts layer applies its routing probabilities (`--moe-probs`), which decides
/// what its backward keeps for their gradient.
///
/// - `as-written`: as the graph writes it. A GShard- or Switch-style export (`tools/export-gpt`'s)
///   scales each expert's output by its token's probability after the down projection, so the
///   experts' output (`tokens · top-k · hidden`) is kept for the probabilities' gradient.
/// - `before-down`: inside the experts, on the activation's output before the down projection, as
///   Megatron-Core's grouped MLP does (`megatron/core/transformer/moe/experts.py`, `TEGroupedMLP.forward`:
///   `bias_act_func` multiplies the activation by `permuted_probs` — `weighted_bias_swiglu_impl` — and
///   `linear_fc2` reads the product; the alltoall dispatcher permutes the probabilities with the tokens
///   and un-permutes the experts' output without them, `token_dispatcher.py`). The same sum, since the
///   down projection is linear (`Σ p·W₂a = W₂ Σ p·a`); the probabilities' gradient comes from the
///   activation's input, which the activation keeps anyway, so the experts' output is not kept
///   ([`crate::experts::combined_outputs`]).
///
/// Memory only: the multiply's time stays the graph's (a pointwise op on the experts' output).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoeProbs {
    #[default]
    AsWritten,
    BeforeDown,
}

impl MoeProbs {
    pub const ALL: [MoeProbs; 2] = [MoeProbs::AsWritten, MoeProbs::BeforeDown];

    pub fn name(self) -> &'static str {
        match self {
            MoeProbs::AsWritten => "as-written",
            MoeProbs::BeforeDown => "before-down",
        }
    }

    pub fn from_name(name: &str) -> Option<MoeProbs> {
        MoeProbs::ALL.into_iter().find(|m| m.name() == name)
    }
}
