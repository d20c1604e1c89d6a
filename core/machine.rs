//! Machine model: GPUs, nodes, intra-node links and inter-node NICs (docs/design.md §4).
//!
//! A machine is `nodes × gpus_per_node` identical GPUs. Devices are numbered node by node:
//! `DeviceId(node * gpus_per_node + local)`. A machine may use only its first `n` GPUs
//! ([`Machine::with_devices`]); everything below counts only those.
//!
//! Transfers between two devices go over *channels*, the FIFO resources of the simulator ([`Channel`]):
//! - same node, with a per-pair topology matrix, or over NVLink / PCIe: the ordered pair `a→b` is one channel
//!   with the pair's bandwidth (a point-to-point link per direction);
//! - same node over NVSwitch: the sender's switch port out and the receiver's port in (each GPU has one port
//!   per direction of the link's bandwidth, so a GPU sending to seven peers shares its port);
//! - different nodes: the sender's NIC out and the receiver's NIC in; GPU `local` of a node uses NIC
//!   `local % nics_per_node`.
//!
//! # Placement
//! flexc numbers the devices of a scheduled strategy replica-major (crate::schedule, "Device layout"):
//! logical device `r·(p·T) + s·T + t` is tensor rank `t` of pipeline stage `s` of replica `r`, with `p`
//! stages of `T` devices per replica. The engines place their ranks with the pipeline dimension
//! outermost instead: Megatron-LM since its 2021 pipeline (`mpu/initialize.py`: pipeline groups
//! `range(i, world, world / pp)`), Megatron-Core (`RankGenerator`, order `tp-cp-ep-dp-pp`), torchtitan
//! (mesh `pp, dp_replicate, dp_shard, cp, tp`) and MaxText (stage axis outermost). A machine
//! [`Machine::placed`] for `replicas` × `p` puts logical device `r·(p·T) + s·T + t` on GPU
//! `s·(replicas·T) + r·T + t`: stage outermost, then the replicas (data-, context- and
//! expert-parallel, consecutive as flexc numbers them), tensor rank innermost. Everything else keeps the
//! logical ids (configurations, programs, channels `Pair`/`PortOut`/`PortIn` of a device): only what
//! asks about topology maps them — [`Machine::node_of`], [`Machine::route`] and what is built on them
//! (rings, NIC channels) — so a data-parallel, expert-parallel or context-parallel group of a
//! `tp < gpus_per_node` pipeline stays in one node where the engine keeps it there, and pipeline
//! neighbours are a node apart. With one replica or one stage the placement is the identity, and a
//! flat strategy's machine is never placed.
//!
//! # File format
//! A TOML file; every key is required unless marked optional, unknown keys are errors, bandwidths are bytes
//! per second per direction, capacities bytes, times seconds:
//!
//! ```toml
//! name = "dgx-a100:2"
//! nodes = 2
//! gpus_per_node = 8
//!
//! [gpu]
//! name = "A100-SXM4-80GB"          # device kind: the profile database key
//! mem_bandwidth = 2.0e12
//! mem_capacity = 85_899_345_920    # 80 GiB; a float such as 80e9 is accepted too
//! launch_overhead_s = 5e-6
//! sms = 108                        # optional: streaming multiprocessors (wave quantization of GEMMs)
//!
//! [gpu.peak_flops]                 # FLOP/s; f32 is required, the others default to f32's rate
//! f64 = 19.5e12
//! f32 = 19.5e12
//! f16 = 312e12
//! bf16 = 312e12
//! i8 = 624e12
//!
//! [gpu.matrix_flops]               # optional: dense tensor-core peaks per --precision (contractions and
//! tf32 = 156e12                    # convolutions only); a missing key: the GPU cannot run that precision
//! fp16 = 312e12
//! bf16 = 312e12
//! # fp8 = 1979e12                  # Hopper: FP8 products (--precision=fp8)
//!
//! [gpu.efficiency]                 # optional: achieved fractions of the peaks, each in (0, 1]; defaults:
//! convolution = 0.55               # the generic table of `achievable_fraction`, memory 1.0. Keys:
//! memory = 0.85                    # contraction, convolution, elementwise, reduction, embedding,
//!                                  # data_movement, opaque, matrix (tensor cores), attention_forward and
//!                                  # attention_backward (a fused attention kernel's share of the matrix
//!                                  # peak; default: matrix's), flash2_forward and flash2_backward
//!                                  # (FlashAttention-2's, where a later kernel is faster; default: the
//!                                  # attention_* values), memory (bandwidth), overlap (the compute
//!                                  # rate kept beside a running collective; default 1.0)
//!
//! [intra]                          # kind: "nvlink", "nvswitch", "pcie"
//! kind = "nvswitch"
//! bandwidth = 300e9
//! latency_s = 2e-6
//!
//! [inter]                          # kind: "infiniband", "ethernet"
//! kind = "infiniband"
//! bandwidth = 25e9                 # per NIC
//! latency_s = 5e-6
//! nics_per_node = 8                # optional, default 1
//!
//! [topology]                       # optional: per-pair intra-node bandwidth, gpus_per_node rows
//! bandwidth = [[0, 12e9], [12e9, 0]]
//!
//! [runtime]                        # optional: costs of a host runtime (RuntimeCosts); all off by default
//! barrier_s = 2e-5                 # devices start this late when more than one runs
//! transfers_on_devices = true      # a transfer also holds its sending and receiving devices
//! gather_outputs = true            # graph outputs' parts are sent to device 0 at the end
//! replicated_work = true           # ops outside the graph run whole on every device
//! ```
//!
//! Latencies and launch overheads of the presets are our estimates (NCCL-level small-message latency, CUDA
//! launch cost); the other figures are the vendors' datasheet numbers from docs/design.md §4.

use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::graph::{DType, DeviceId, OpClass};
use crate::DeviceCount;

mod presets;

use presets::*;

/// Technology of a link; decides how transfers share it (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    #[serde(rename = "nvlink")]
    NVLink,
    #[serde(rename = "nvswitch")]
    NVSwitch,
    #[serde(rename = "pcie")]
    PCIe,
    InfiniBand,
    Ethernet,
}

impl LinkKind {
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::NVLink => "nvlink",
            LinkKind::NVSwitch => "nvswitch",
            LinkKind::PCIe => "pcie",
            LinkKind::InfiniBand => "infiniband",
            LinkKind::Ethernet => "ethernet",
        }
    }
}

/// A link class: bandwidth in bytes/s per direction, latency in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Link {
    pub kind: LinkKind,
    pub bandwidth: f64,
    pub latency_s: f64,
}

/// Peak FLOP/s per arithmetic type. Types without their own figure run at the `f32` rate (integer ALUs and
/// missing tensor-core paths); `i8` and `i1` use `i8` when given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PeakFlops {
    pub f64: Option<f64>,
    pub f32: f64,
    pub f16: Option<f64>,
    pub bf16: Option<f64>,
    pub i8: Option<f64>,
}

impl PeakFlops {
    pub fn for_dtype(&self, dtype: DType) -> f64 {
        let own = match dtype {
            DType::F64 => self.f64,
            DType::F32 => Some(self.f32),
            DType::F16 => self.f16,
            DType::BF16 => self.bf16,
            DType::I8 | DType::I1 => self.i8,
            DType::I64 | DType::I32 | DType::I16 => None,
        };
        own.unwrap_or(self.f32)
    }
}

/// Dense peak FLOP/s of the matrix units (tensor cores) per training precision (`--precision`,
/// [`crate::precision`]): what contractions and convolutions run at under `tf32`, `fp16`, `bf16`. A
/// precision without a rate is one the GPU cannot run (bf16 before Ampere). The `fp32` rate is
/// `peak_flops.f32`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatrixFlops {
    pub tf32: Option<f64>,
    pub fp16: Option<f64>,
    pub bf16: Option<f64>,
    /// FP8 (E4M3/E5M2) matrix products, as Transformer Engine runs them (Hopper and later).
    pub fp8: Option<f64>,
}

/// Achieved fractions of a GPU's peaks, per op family and for memory bandwidth: what its libraries
/// reach in practice on a training step's kernels. Each machine documents where its figures come from;
/// without `[gpu.efficiency]`, [`Efficiency::default`] (the generic table of [`crate::cost`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Efficiency {
    /// Contractions (GEMMs) at f32 (fraction of `peak_flops`).
    pub contraction: f64,
    /// Convolutions at f32.
    pub convolution: f64,
    pub elementwise: f64,
    pub reduction: f64,
    pub embedding: f64,
    pub data_movement: f64,
    pub opaque: f64,
    /// Contractions and convolutions on the matrix units (fraction of `matrix_flops`): tensor-core
    /// kernels are fed by the same memory system at 8–16× the arithmetic rate, so they reach a smaller
    /// fraction of their peak than f32 kernels do of theirs.
    pub matrix: f64,
    /// A fused attention kernel's forward (FlashAttention's `Q·Kᵀ` and `P·V` with the softmax on chip),
    /// as a fraction of `matrix_flops`: the kernel's own published throughput, lower than a GEMM's
    /// because of the softmax between its products (`--attention=fused`, [`crate::fusion`]).
    pub attention_forward: f64,
    /// The fused attention kernel's backward (recomputing the scores, four products per tile).
    pub attention_backward: f64,
    /// FlashAttention-2's forward on this GPU (`--attention=flash2`: PyTorch SDPA's flash backend),
    /// where the fastest kernel is a later one (Hopper); else the same as `attention_forward`.
    pub flash2_forward: f64,
    /// FlashAttention-2's backward.
    pub flash2_backward: f64,
    /// Fraction of `mem_bandwidth` a streaming kernel achieves.
    pub memory: f64,
    /// Fraction of its rate the compute keeps while a collective runs beside it on the same GPU
    /// (NCCL's kernels hold SMs and memory bandwidth): ZeRO's gathers and scatters overlapped with
    /// the compute ([`crate::pipeline::beside`]). 1.0 by default (no contention).
    pub overlap: f64,
}

/// Fraction of the peak FLOP rate an op family reaches in practice: the generic table, the default of
/// a machine without `[gpu.efficiency]`.
///
/// | class | fraction | reason |
/// |---|---|---|
/// | contraction | 0.70 | vendor GEMM libraries reach 70–80 % of peak on large tiles |
/// | convolution | 0.55 | implicit-GEMM convolutions lose some to im2col and small channel counts |
/// | elementwise | 0.50 | memory-bound in practice; the byte term decides |
/// | reduction | 0.30 | tree reductions leave lanes idle |
/// | embedding | 0.10 | gathers: the byte term decides |
/// | data movement | 0.10 | no arithmetic to speak of |
/// | opaque | 0.30 | unknown kernels: a cautious middle |
pub fn achievable_fraction(class: OpClass) -> f64 {
    match class {
        OpClass::Contraction => 0.70,
        OpClass::Convolution => 0.55,
        OpClass::Elementwise => 0.50,
        OpClass::Reduction => 0.30,
        OpClass::Embedding => 0.10,
        OpClass::DataMovement => 0.10,
        OpClass::Opaque => 0.30,
    }
}

impl Default for Efficiency {
    fn default() -> Self {
        let f = achievable_fraction;
        Efficiency {
            contraction: f(OpClass::Contraction),
            convolution: f(OpClass::Convolution),
            elementwise: f(OpClass::Elementwise),
            reduction: f(OpClass::Reduction),
            embedding: f(OpClass::Embedding),
            data_movement: f(OpClass::DataMovement),
            opaque: f(OpClass::Opaque),
            matrix: f(OpClass::Contraction),
            attention_forward: f(OpClass::Contraction),
            attention_backward: f(OpClass::Contraction),
            flash2_forward: f(OpClass::Contraction),
            flash2_backward: f(OpClass::Contraction),
            memory: 1.0,
            overlap: 1.0,
        }
    }
}

impl Efficiency {
    /// The fraction of the peak FLOP rate an op of `class` reaches on the vector units.
    pub fn of(&self, class: crate::graph::OpClass) -> f64 {
        use crate::graph::OpClass;
        match class {
            OpClass::Contraction => self.contraction,
            OpClass::Convolution => self.convolution,
            OpClass::Elementwise => self.elementwise,
            OpClass::Reduction => self.reduction,
            OpClass::Embedding => self.embedding,
            OpClass::DataMovement => self.data_movement,
            OpClass::Opaque => self.opaque,
        }
    }

    fn entries(&self) -> [(&'static str, f64); 14] {
        [
            ("contraction", self.contraction),
            ("convolution", self.convolution),
            ("elementwise", self.elementwise),
            ("reduction", self.reduction),
            ("embedding", self.embedding),
            ("data_movement", self.data_movement),
            ("opaque", self.opaque),
            ("matrix", self.matrix),
            ("attention_forward", self.attention_forward),
            ("attention_backward", self.attention_backward),
            ("flash2_forward", self.flash2_forward),
            ("flash2_backward", self.flash2_backward),
            ("memory", self.memory),
            ("overlap", self.overlap),
        ]
    }
}

/// One GPU model.
#[derive(Clone, Debug, PartialEq)]
pub struct GpuSpec {
    /// Device kind, e.g. `A100-SXM4-80GB`; the profile database is keyed by it.
    pub name: String,
    pub peak_flops: PeakFlops,
    /// Matrix-unit peaks per training precision.
    pub matrix_flops: MatrixFlops,
    /// Achieved fractions of the peaks.
    pub efficiency: Efficiency,
    /// Bytes/s.
    pub mem_bandwidth: f64,
    /// Bytes.
    pub mem_capacity: u64,
    /// Seconds added to every kernel.
    pub launch_overhead_s: f64,
    /// Streaming multiprocessors: a matrix product's output tiles run in waves of this many
    /// ([`crate::cost::matrix_shape_factor`]); `None` for no wave or tile quantization.
    pub sms: Option<u32>,
}

/// What a host runtime that runs the devices' programs costs beyond their tasks and links: the
/// `[runtime]` table of a machine file, written by `flexc-run --describe-cpu` (where the devices are
/// threads of one process and messages are copies through a shared mailbox). Every figure is off by
/// default, as for the GPU presets, whose runtimes (streams, DMA engines, NCCL) do none of this on the
/// devices' compute units: a machine without the table simulates exactly as before it existed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RuntimeCosts {
    /// Seconds after the start of an iteration at which the devices start, when more than one device
    /// runs: the devices meet at a barrier, and the threads it wakes start late.
    pub barrier_s: f64,
    /// Transfers are copies made by the devices themselves (the runtime's send and receive run on the
    /// sending and receiving threads): a transfer holds both devices as well as its link, so it is not
    /// overlapped with their compute.
    pub transfers_on_devices: bool,
    /// Device 0 returns the results: the parts of every graph output (a tensor no op reads) computed on
    /// other devices are sent to device 0 after their producers, and the iteration ends when it has them.
    pub gather_outputs: bool,
    /// Ops outside the graph (on weights and constants only: a transposed weight, a broadcast bias, a
    /// fill; [`crate::graph::ReplicatedOp`]) run whole on every device each iteration, at the roofline,
    /// before the device's first task.
    pub replicated_work: bool,
}

/// A cluster of identical GPUs.
#[derive(Clone, Debug, PartialEq)]
pub struct Machine {
    pub name: String,
    pub nodes: u32,
    pub gpus_per_node: u32,
    pub gpu: GpuSpec,
    pub intra: Link,
    /// The inter-node link, per NIC.
    pub inter: Link,
    pub nics_per_node: u32,
    /// Optional per-pair intra-node bandwidth (bytes/s per direction), `gpus_per_node` square; the diagonal
    /// is unused.
    pub topology: Option<Vec<Vec<f64>>>,
    /// Costs of a host runtime (`[runtime]`); none by default.
    pub runtime: RuntimeCosts,
    /// GPUs in use: the first `devices` of the machine.
    devices: DeviceCount,
    /// Where each logical device of a scheduled strategy sits (module doc, "Placement"); the identity
    /// unless [`Machine::placed`] set it.
    placement: Placement,
}

/// The engines' rank order of a pipelined schedule (module doc, "Placement"): `replicas` replicas of
/// `stages` pipeline stages each. The identity when either is 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Placement {
    pub replicas: u32,
    pub stages: u32,
}

/// A FIFO resource that transfers occupy (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Channel {
    /// A point-to-point intra-node link, one direction.
    Pair(DeviceId, DeviceId),
    /// A GPU's switch port, sending side.
    PortOut(DeviceId),
    /// A GPU's switch port, receiving side.
    PortIn(DeviceId),
    /// A node's NIC, sending side.
    NicOut { node: u32, nic: u32 },
    /// A node's NIC, receiving side.
    NicIn { node: u32, nic: u32 },
}

/// How a transfer from one device to another travels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Route {
    /// Bytes/s.
    pub bandwidth: f64,
    pub latency_s: f64,
    /// The channels the transfer holds for its whole duration (one or two).
    pub channels: [Option<Channel>; 2],
}

impl Route {
    /// Seconds to move `bytes` along this route.
    pub fn transfer_time(&self, bytes: u64) -> f64 {
        bytes as f64 / self.bandwidth + self.latency_s
    }
}

/// A machine description that cannot be used; `location` is set when it comes from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineError {
    pub location: Option<SourceLocation>,
    /// The offending key (`gpu.mem_bandwidth`), when one is to blame.
    pub key: Option<String>,
    pub message: String,
}

/// `file:line:col`, 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl SourceLocation {
    /// The location of byte `offset` of `text`.
    pub fn from_offset(file: &str, text: &str, offset: usize) -> Self {
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        SourceLocation {
            file: file.to_string(),
            line: u32::try_from(line).unwrap_or(u32::MAX),
            col: u32::try_from(col).unwrap_or(u32::MAX),
        }
    }
}

fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut i = offset.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

impl fmt::Display for MachineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(loc) = &self.location {
            write!(f, "{loc}: ")?;
        }
        write!(f, "error: {}", self.message)
    }
}

impl std::error::Error for MachineError {}

impl MachineError {
    fn plain(message: String) -> Self {
        MachineError {
            location: None,
            key: None,
            message,
        }
    }
}

const GIB: u64 = 1 << 30;

/// The most GPUs a node may have (NVLink domains reach a few hundred).
pub const MAX_GPUS_PER_NODE: u32 = 1024;

/// The most channels ([`Machine::channel_count`]) a machine may have: the simulator keeps a few
/// words per channel and per snapshot, so this bounds its memory (8M channels: 64 MiB per table).
pub const MAX_CHANNELS: u64 = 1 << 23;

/// Names accepted by [`Machine::preset`]; `NODES` is a positive integer.
pub const PRESET_NAMES: [&str; 6] = [
    "p100-4x4",
    "k80-16x4",
    "dgx1-v100:NODES",
    "dgx-a100:NODES",
    "dgx-h100:NODES",
    "dgx-h200:NODES",
];

impl Machine {
    /// Builds a machine using all its GPUs after checking every value (same rules as the file format).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: impl Into<String>,
        nodes: u32,
        gpus_per_node: u32,
        gpu: GpuSpec,
        intra: Link,
        inter: Link,
        nics_per_node: u32,
        topology: Option<Vec<Vec<f64>>>,
    ) -> Result<Machine, MachineError> {
        let machine = Machine {
            name: name.into(),
            nodes,
            gpus_per_node,
            gpu,
            intra,
            inter,
            nics_per_node,
            topology,
            runtime: RuntimeCosts::default(),
            // All of them, once `check` has bounded the product (`all_devices`).
            devices: DeviceCount::ONE,
            placement: Placement::default(),
        };
        machine.check().map_err(|(key, message)| MachineError {
            location: None,
            key: Some(key),
            message,
        })?;
        let machine = machine.all_devices()?;
        Ok(machine)
    }

    /// A built-in cluster from docs/design.md §4: `p100-4x4`, `k80-16x4`, `dgx1-v100:NODES`,
    /// `dgx-a100:NODES`, `dgx-h100:NODES`, `dgx-h200:NODES` (`dgx-a100` alone is one node).
    pub fn preset(name: &str) -> Result<Machine, MachineError> {
        let (base, nodes) = match name.split_once(':') {
            Some((base, n)) => {
                let nodes = n.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    MachineError::plain(format!(
                        "invalid node count '{n}' in machine preset '{name}'"
                    ))
                })?;
                (base, Some(nodes))
            }
            None => (name, None),
        };
        let fixed = |nodes: Option<u32>, m: Result<Machine, MachineError>| match nodes {
            Some(_) => Err(MachineError::plain(format!(
                "machine preset '{base}' has a fixed size"
            ))),
            None => m,
        };
        match base {
            "p100-4x4" => fixed(nodes, p100_4x4()),
            "k80-16x4" => fixed(nodes, k80_16x4()),
            "dgx1-v100" => dgx1_v100(nodes.unwrap_or(1)),
            "dgx-a100" => dgx_a100(nodes.unwrap_or(1)),
            "dgx-h100" => dgx_h100(nodes.unwrap_or(1)),
            "dgx-h200" => dgx_h200(nodes.unwrap_or(1)),
            _ => Err(MachineError::plain(format!(
                "unknown machine preset '{name}' (expected one of: {})",
                PRESET_NAMES.join(", ")
            ))),
        }
    }

    /// Parses the TOML format of the module doc. Errors carry `file_name:line:col` of the offending key.
    pub fn from_toml(text: &str, file_name: &str) -> Result<Machine, MachineError> {
        let raw: RawMachine = toml::from_str(text).map_err(|e| {
            let location = e
                .span()
                .map(|s| SourceLocation::from_offset(file_name, text, s.start));
            MachineError {
                location,
                key: None,
                message: e.message().trim_end().to_string(),
            }
        })?;
        raw.into_machine()
            .map_err(|(key, span, message)| MachineError {
                location: Some(SourceLocation::from_offset(file_name, text, span.start)),
                key: Some(key),
                message,
            })
    }

    /// Reads and parses a machine file.
    pub fn load(path: &std::path::Path) -> Result<Machine, MachineError> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            MachineError::plain(format!(
                "cannot read machine file '{}': {e}",
                path.display()
            ))
        })?;
        Machine::from_toml(&text, &path.display().to_string())
    }

    /// The machine a command line or pass option names: a TOML file (a `.toml` name or an existing file),
    /// else a preset; restricted to its first `devices` GPUs when given.
    pub fn from_spec(spec: &str, devices: Option<DeviceCount>) -> Result<Machine, MachineError> {
        let path = std::path::Path::new(spec);
        let machine = if spec.ends_with(".toml") || path.is_file() {
            Machine::load(path)
        } else {
            Machine::preset(spec)
        }?;
        match devices {
            Some(n) => machine.with_devices(n),
            None => Ok(machine),
        }
    }

    /// The same machine restricted to its first `n` GPUs.
    pub fn with_devices(&self, n: DeviceCount) -> Result<Machine, MachineError> {
        // `check` bounded the product.
        let total = self.nodes.saturating_mul(self.gpus_per_node);
        if n.get() > total {
            return Err(MachineError::plain(format!(
                "cannot use {n} devices of machine '{}', which has {total}",
                self.name
            )));
        }
        // A placement describes a layout of all the devices in use: another count drops it.
        Ok(Machine {
            devices: n,
            placement: Placement::default(),
            ..self.clone()
        })
    }

    /// The same machine with a pipelined schedule's logical devices placed as the engines place their
    /// ranks (module doc, "Placement"): `replicas` replicas of `stages` stages over the devices in
    /// use. The identity (this machine as it is) when either is 1 or they do not divide the devices.
    pub fn placed(&self, replicas: u32, stages: u32) -> Machine {
        let n = self.num_devices();
        let parts = u64::from(replicas) * u64::from(stages);
        let placement = if replicas > 1 && stages > 1 && n as u64 % parts == 0 {
            Placement { replicas, stages }
        } else {
            Placement::default()
        };
        Machine {
            placement,
            ..self.clone()
        }
    }

    /// The placement in effect ([`Machine::placed`]; replicas and stages 0 for the identity).
    pub fn placement(&self) -> Placement {
        self.placement
    }

    /// The physical GPU (numbered node by node) that logical device `d` sits on (module doc,
    /// "Placement"): `s·(replicas·T) + r·T + t` for tensor rank `t` of stage `s` of replica `r`, which flexc
    /// numbers `r·(p·T) + s·T + t`.
    #[inline]
    pub fn physical(&self, d: DeviceId) -> u32 {
        let Placement { replicas, stages } = self.placement;
        if replicas < 2 || stages < 2 {
            return d.0;
        }
        let t = self.devices.get() / (replicas * stages);
        let width = stages * t;
        if t == 0 || d.0 >= replicas * width {
            return d.0;
        }
        let (replica, rest) = (d.0 / width, d.0 % width);
        let (stage, local) = (rest / t, rest % t);
        stage * (replicas * t) + replica * t + local
    }

    /// The logical device on physical GPU `g`: the inverse of [`Machine::physical`].
    #[inline]
    pub fn logical(&self, g: u32) -> DeviceId {
        let Placement { replicas, stages } = self.placement;
        if replicas < 2 || stages < 2 {
            return DeviceId(g);
        }
        let t = self.devices.get() / (replicas * stages);
        let block = replicas * t;
        if t == 0 || g >= stages * block {
            return DeviceId(g);
        }
        let (stage, rest) = (g / block, g % block);
        let (replica, local) = (rest / t, rest % t);
        DeviceId(replica * (stages * t) + stage * t + local)
    }

    /// The devices in use on node `node`, in the order of their GPUs in the node.
    pub fn node_devices(&self, node: u32) -> impl Iterator<Item = DeviceId> + '_ {
        let g = self.gpus_per_node;
        let first = node.saturating_mul(g);
        (first..first.saturating_add(g).min(self.num_devices())).map(|p| self.logical(p))
    }

    /// The machine with all its GPUs in use (after `check`, which bounds their number).
    fn all_devices(self) -> Result<Machine, MachineError> {
        let total = u64::from(self.nodes) * u64::from(self.gpus_per_node);
        let devices = DeviceCount::new(total).map_err(|e| MachineError::plain(e.0))?;
        Ok(Machine { devices, ..self })
    }

    /// GPUs in use.
    pub fn device_count(&self) -> DeviceCount {
        self.devices
    }

    /// GPUs in use, as a number (`device_count().get()`).
    pub fn num_devices(&self) -> u32 {
        self.devices.get()
    }

    pub fn devices(&self) -> impl Iterator<Item = DeviceId> {
        self.devices.ids()
    }

    /// Nodes that hold at least one GPU in use.
    pub fn nodes_in_use(&self) -> u32 {
        self.num_devices().div_ceil(self.gpus_per_node)
    }

    /// The node that device `d` sits on (its physical GPU's, [`Machine::physical`]).
    pub fn node_of(&self, d: DeviceId) -> u32 {
        self.physical(d) / self.gpus_per_node
    }

    /// Device `d`'s index in its node (its physical GPU's).
    pub fn local(&self, d: DeviceId) -> u32 {
        self.physical(d) % self.gpus_per_node
    }

    /// The route of a transfer from `a` to `b` (distinct devices; their physical GPUs' link).
    pub fn route(&self, a: DeviceId, b: DeviceId) -> Route {
        // One division per device (quotient and remainder together): this runs once per simulated transfer.
        let g = self.gpus_per_node;
        let (pa, pb) = (self.physical(a), self.physical(b));
        let (node_a, local_a) = (pa / g, pa % g);
        let (node_b, local_b) = (pb / g, pb % g);
        if node_a == node_b {
            if let Some(t) = &self.topology {
                return Route {
                    bandwidth: t[local_a as usize][local_b as usize],
                    latency_s: self.intra.latency_s,
                    channels: [Some(Channel::Pair(a, b)), None],
                };
            }
            let channels = match self.intra.kind {
                LinkKind::NVSwitch => [Some(Channel::PortOut(a)), Some(Channel::PortIn(b))],
                _ => [Some(Channel::Pair(a, b)), None],
            };
            Route {
                bandwidth: self.intra.bandwidth,
                latency_s: self.intra.latency_s,
                channels,
            }
        } else {
            let out = Channel::NicOut {
                node: node_a,
                nic: local_a % self.nics_per_node,
            };
            let inn = Channel::NicIn {
                node: node_b,
                nic: local_b % self.nics_per_node,
            };
            Route {
                bandwidth: self.inter.bandwidth,
                latency_s: self.inter.latency_s,
                channels: [Some(out), Some(inn)],
            }
        }
    }

    /// How many NICs per node a collective over `ring` drives at once: NCCL cuts a collective into
    /// channels and spreads them over the NICs of the members it has on each node, so a ring with `k`
    /// members per node crosses between nodes on up to `min(k, nics_per_node)` NICs in parallel (one
    /// 8-GPU DP ring over DGX nodes uses all 8 NICs; 8 tensor-parallel groups' rings, one GPU per node
    /// each, one NIC each). The least over the ring's nodes; 1 for a ring inside one node.
    pub fn ring_nics(&self, ring: &[DeviceId]) -> u32 {
        let nics = self.nics_per_node.max(1);
        let mut used: Vec<(u32, u32)> = ring
            .iter()
            .map(|&d| (self.node_of(d), self.local(d) % nics))
            .collect();
        used.sort_unstable();
        used.dedup();
        // Distinct NICs per node, the least over the nodes.
        let (mut least, mut nodes) = (u32::MAX, 0u32);
        let mut i = 0;
        while i < used.len() {
            let node = used[i].0;
            let start = i;
            while i < used.len() && used[i].0 == node {
                i += 1;
            }
            least = least.min((i - start) as u32);
            nodes += 1;
        }
        if nodes < 2 {
            1
        } else {
            least.max(1)
        }
    }

    /// The bandwidth and latency of a ring collective over `ring` (in ring order): its slowest hop,
    /// where a hop between nodes runs on [`Machine::ring_nics`] NICs at once, and its largest latency.
    /// The task simulator's all-reduces, the pipeline model's ZeRO gathers and the schedule search's
    /// bounds all take their rings' speed from here.
    pub fn ring_bandwidth(&self, ring: &[DeviceId]) -> (f64, f64) {
        let nics = f64::from(self.ring_nics(ring));
        let m = ring.len();
        let (mut bw, mut latency) = (f64::INFINITY, 0.0f64);
        for i in 0..m {
            let (a, b) = (ring[i], ring[(i + 1) % m]);
            if a == b {
                continue;
            }
            let route = self.route(a, b);
            let parallel = if self.node_of(a) != self.node_of(b) {
                nics
            } else {
                1.0
            };
            bw = bw.min(route.bandwidth * parallel);
            latency = latency.max(route.latency_s);
        }
        (bw, latency)
    }

    /// The NIC channels (out and in) of every member of `ring` when the ring spans nodes: what a
    /// collective spread over several NICs holds ([`Machine::ring_nics`]).
    pub fn ring_nic_channels(&self, ring: &[DeviceId]) -> Vec<Channel> {
        let first = ring.first().map(|&d| self.node_of(d));
        if ring.iter().all(|&d| Some(self.node_of(d)) == first) {
            return Vec::new();
        }
        let nics = self.nics_per_node.max(1);
        ring.iter()
            .flat_map(|&d| {
                let (node, nic) = (self.node_of(d), self.local(d) % nics);
                [Channel::NicOut { node, nic }, Channel::NicIn { node, nic }]
            })
            .collect()
    }

    /// Bandwidth (bytes/s) of a transfer from `a` to `b`.
    pub fn bandwidth(&self, a: DeviceId, b: DeviceId) -> f64 {
        self.route(a, b).bandwidth
    }

    /// Number of distinct channels of the devices in use; [`Machine::channel_index`] maps into `0..count`.
    pub fn channel_count(&self) -> usize {
        let (d, g) = (self.devices.to_usize(), self.gpus_per_node as usize);
        let nics = (self.nodes_in_use() * self.nics_per_node) as usize;
        d * g + 2 * d + 2 * nics
    }

    /// Dense index of a channel of the devices in use.
    pub fn channel_index(&self, c: Channel) -> usize {
        let (d, g) = (self.devices.to_usize(), self.gpus_per_node as usize);
        let nic = |node: u32, nic: u32| (node * self.nics_per_node + nic) as usize;
        match c {
            Channel::Pair(a, b) => a.index() * g + self.local(b) as usize,
            Channel::PortOut(a) => d * g + a.index(),
            Channel::PortIn(b) => d * g + d + b.index(),
            Channel::NicOut { node, nic: n } => d * g + 2 * d + nic(node, n),
            Channel::NicIn { node, nic: n } => {
                let nics = (self.nodes_in_use() * self.nics_per_node) as usize;
                d * g + 2 * d + nics + nic(node, n)
            }
        }
    }

    /// Readable name of a channel, for traces: `gpu0->gpu1`, `gpu3 port out`, `node1 nic0 in`.
    pub fn channel_name(c: Channel) -> String {
        match c {
            Channel::Pair(a, b) => format!("{a}->{b}"),
            Channel::PortOut(a) => format!("{a} port out"),
            Channel::PortIn(a) => format!("{a} port in"),
            Channel::NicOut { node, nic } => format!("node{node} nic{nic} out"),
            Channel::NicIn { node, nic } => format!("node{node} nic{nic} in"),
        }
    }

    /// Checks every value; `Err((key, message))`.
    fn check(&self) -> Result<(), (String, String)> {
        let positive = |key: &str, v: f64| {
            if v.is_finite() && v > 0.0 {
                Ok(())
            } else {
                Err((
                    key.to_string(),
                    format!("'{key}' must be a positive number, got {v}"),
                ))
            }
        };
        let non_negative = |key: &str, v: f64| {
            if v.is_finite() && v >= 0.0 {
                Ok(())
            } else {
                Err((
                    key.to_string(),
                    format!("'{key}' must be a non-negative number, got {v}"),
                ))
            }
        };
        if self.nodes == 0 {
            return Err(("nodes".into(), "a machine needs at least one node".into()));
        }
        if self.gpus_per_node == 0 {
            return Err((
                "gpus_per_node".into(),
                "a node needs at least one GPU".into(),
            ));
        }
        if self.nics_per_node == 0 {
            return Err((
                "inter.nics_per_node".into(),
                "a node needs at least one NIC".into(),
            ));
        }
        // The simulator's tables are dense per device and per channel: sized here, before anything
        // allocates them.
        if self.gpus_per_node > MAX_GPUS_PER_NODE {
            return Err((
                "gpus_per_node".into(),
                format!(
                    "'gpus_per_node' is {}; a node holds at most {MAX_GPUS_PER_NODE} GPUs (one intra-node channel per GPU pair)",
                    self.gpus_per_node
                ),
            ));
        }
        let total = u64::from(self.nodes) * u64::from(self.gpus_per_node);
        if total > u64::from(crate::DeviceCount::MAX) {
            return Err((
                "nodes".into(),
                format!(
                    "{} nodes of {} GPUs are {total} devices; flexc models at most {}",
                    self.nodes,
                    self.gpus_per_node,
                    crate::DeviceCount::MAX
                ),
            ));
        }
        if self.nics_per_node > self.gpus_per_node {
            return Err((
                "inter.nics_per_node".into(),
                format!(
                    "'inter.nics_per_node' is {}, more than the node's {} GPUs (GPU i uses NIC i mod nics_per_node: the others would never be used)",
                    self.nics_per_node, self.gpus_per_node
                ),
            ));
        }
        let channels = total * u64::from(self.gpus_per_node)
            + 2 * total
            + 2 * u64::from(self.nodes) * u64::from(self.nics_per_node);
        if channels > MAX_CHANNELS {
            return Err((
                "gpus_per_node".into(),
                format!(
                    "{total} devices of {} GPUs per node make {channels} links and ports for the simulator to track, more than {MAX_CHANNELS}",
                    self.gpus_per_node
                ),
            ));
        }
        let p = &self.gpu.peak_flops;
        positive("gpu.peak_flops.f32", p.f32)?;
        for (key, v) in [
            ("f64", p.f64),
            ("f16", p.f16),
            ("bf16", p.bf16),
            ("i8", p.i8),
        ] {
            if let Some(v) = v {
                positive(&format!("gpu.peak_flops.{key}"), v)?;
            }
        }
        let m = &self.gpu.matrix_flops;
        for (key, v) in [
            ("tf32", m.tf32),
            ("fp16", m.fp16),
            ("bf16", m.bf16),
            ("fp8", m.fp8),
        ] {
            if let Some(v) = v {
                positive(&format!("gpu.matrix_flops.{key}"), v)?;
            }
        }
        for (key, v) in self.gpu.efficiency.entries() {
            if !(v.is_finite() && v > 0.0 && v <= 1.0) {
                let key = format!("gpu.efficiency.{key}");
                return Err((
                    key.clone(),
                    format!("'{key}' must be a fraction in (0, 1], got {v}"),
                ));
            }
        }
        positive("gpu.mem_bandwidth", self.gpu.mem_bandwidth)?;
        if self.gpu.mem_capacity == 0 {
            return Err((
                "gpu.mem_capacity".into(),
                "'gpu.mem_capacity' must be positive".into(),
            ));
        }
        non_negative("gpu.launch_overhead_s", self.gpu.launch_overhead_s)?;
        if let Some(sms) = self.gpu.sms {
            if !(1..=4096).contains(&sms) {
                return Err((
                    "gpu.sms".into(),
                    format!("'gpu.sms' must be 1 to 4096, got {sms}"),
                ));
            }
        }
        positive("intra.bandwidth", self.intra.bandwidth)?;
        non_negative("intra.latency_s", self.intra.latency_s)?;
        positive("inter.bandwidth", self.inter.bandwidth)?;
        non_negative("inter.latency_s", self.inter.latency_s)?;
        non_negative("runtime.barrier_s", self.runtime.barrier_s)?;
        if let Some(t) = &self.topology {
            let g = self.gpus_per_node as usize;
            if t.len() != g || t.iter().any(|row| row.len() != g) {
                return Err((
                    "topology.bandwidth".into(),
                    format!("'topology.bandwidth' must be a {g}x{g} matrix (gpus_per_node square)"),
                ));
            }
            for (i, row) in t.iter().enumerate() {
                for (j, &bw) in row.iter().enumerate() {
                    if i != j {
                        positive(&format!("topology.bandwidth[{i}][{j}]"), bw)?;
                    }
                }
            }
        }
        Ok(())
    }
}

// ---- TOML schema: raw values with spans, checked in `into_machine`. ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMachine {
    name: String,
    nodes: Spanned<i64>,
    gpus_per_node: Spanned<i64>,
    gpu: RawGpu,
    intra: RawLink,
    inter: RawInter,
    topology: Option<RawTopology>,
    runtime: Option<RawRuntime>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuntime {
    barrier_s: Option<Spanned<f64>>,
    transfers_on_devices: Option<bool>,
    gather_outputs: Option<bool>,
    replicated_work: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGpu {
    name: String,
    peak_flops: RawPeak,
    matrix_flops: Option<RawMatrix>,
    efficiency: Option<RawEfficiency>,
    mem_bandwidth: Spanned<f64>,
    mem_capacity: Spanned<f64>,
    launch_overhead_s: Spanned<f64>,
    sms: Option<Spanned<u32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPeak {
    f64: Option<Spanned<f64>>,
    f32: Spanned<f64>,
    f16: Option<Spanned<f64>>,
    bf16: Option<Spanned<f64>>,
    i8: Option<Spanned<f64>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawMatrix {
    tf32: Option<Spanned<f64>>,
    fp16: Option<Spanned<f64>>,
    bf16: Option<Spanned<f64>>,
    fp8: Option<Spanned<f64>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawEfficiency {
    contraction: Option<Spanned<f64>>,
    convolution: Option<Spanned<f64>>,
    elementwise: Option<Spanned<f64>>,
    reduction: Option<Spanned<f64>>,
    embedding: Option<Spanned<f64>>,
    data_movement: Option<Spanned<f64>>,
    opaque: Option<Spanned<f64>>,
    matrix: Option<Spanned<f64>>,
    attention_forward: Option<Spanned<f64>>,
    attention_backward: Option<Spanned<f64>>,
    flash2_forward: Option<Spanned<f64>>,
    flash2_backward: Option<Spanned<f64>>,
    memory: Option<Spanned<f64>>,
    overlap: Option<Spanned<f64>>,
}

impl RawEfficiency {
    fn entries(&self) -> [(&'static str, &Option<Spanned<f64>>); 14] {
        [
            ("contraction", &self.contraction),
            ("convolution", &self.convolution),
            ("elementwise", &self.elementwise),
            ("reduction", &self.reduction),
            ("embedding", &self.embedding),
            ("data_movement", &self.data_movement),
            ("opaque", &self.opaque),
            ("matrix", &self.matrix),
            ("attention_forward", &self.attention_forward),
            ("attention_backward", &self.attention_backward),
            ("flash2_forward", &self.flash2_forward),
            ("flash2_backward", &self.flash2_backward),
            ("memory", &self.memory),
            ("overlap", &self.overlap),
        ]
    }

    /// The given fractions over the defaults.
    fn resolve(&self) -> Efficiency {
        let d = Efficiency::default();
        let v =
            |x: &Option<Spanned<f64>>, default: f64| x.as_ref().map_or(default, |s| *s.get_ref());
        let matrix = v(&self.matrix, d.matrix);
        let attention_forward = v(&self.attention_forward, matrix);
        let attention_backward = v(&self.attention_backward, matrix);
        Efficiency {
            contraction: v(&self.contraction, d.contraction),
            convolution: v(&self.convolution, d.convolution),
            elementwise: v(&self.elementwise, d.elementwise),
            reduction: v(&self.reduction, d.reduction),
            embedding: v(&self.embedding, d.embedding),
            data_movement: v(&self.data_movement, d.data_movement),
            opaque: v(&self.opaque, d.opaque),
            matrix,
            // Without a figure of its own, a fused attention runs at the GEMMs' rate.
            attention_forward,
            attention_backward,
            flash2_forward: v(&self.flash2_forward, attention_forward),
            flash2_backward: v(&self.flash2_backward, attention_backward),
            memory: v(&self.memory, d.memory),
            overlap: v(&self.overlap, d.overlap),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLink {
    kind: LinkKind,
    bandwidth: Spanned<f64>,
    latency_s: Spanned<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInter {
    kind: LinkKind,
    bandwidth: Spanned<f64>,
    latency_s: Spanned<f64>,
    nics_per_node: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTopology {
    bandwidth: Spanned<Vec<Vec<f64>>>,
}

type RawError = (String, Range<usize>, String);

fn count(key: &str, v: &Spanned<i64>) -> Result<u32, RawError> {
    match u32::try_from(*v.get_ref()) {
        Ok(n) if n > 0 => Ok(n),
        _ => Err((
            key.to_string(),
            v.span(),
            format!("'{key}' must be a positive integer, got {}", v.get_ref()),
        )),
    }
}

impl RawMachine {
    fn into_machine(self) -> Result<Machine, RawError> {
        let nodes = count("nodes", &self.nodes)?;
        let gpus_per_node = count("gpus_per_node", &self.gpus_per_node)?;
        let nics_per_node = match &self.inter.nics_per_node {
            Some(n) => count("inter.nics_per_node", n)?,
            None => 1,
        };
        let capacity = *self.gpu.mem_capacity.get_ref();
        if !(capacity.is_finite() && capacity >= 1.0 && capacity < u64::MAX as f64) {
            return Err((
                "gpu.mem_capacity".into(),
                self.gpu.mem_capacity.span(),
                format!("'gpu.mem_capacity' must be a positive number of bytes, got {capacity}"),
            ));
        }
        let opt = |v: &Option<Spanned<f64>>| v.as_ref().map(|s| *s.get_ref());
        let p = &self.gpu.peak_flops;
        // Spans of every checked key, so that `Machine::check`'s verdict points at the right line.
        let mut spans: Vec<(String, Range<usize>)> = vec![
            ("nodes".into(), self.nodes.span()),
            ("gpus_per_node".into(), self.gpus_per_node.span()),
            ("gpu.peak_flops.f32".into(), p.f32.span()),
            ("gpu.mem_bandwidth".into(), self.gpu.mem_bandwidth.span()),
            (
                "gpu.launch_overhead_s".into(),
                self.gpu.launch_overhead_s.span(),
            ),
            ("intra.bandwidth".into(), self.intra.bandwidth.span()),
            ("intra.latency_s".into(), self.intra.latency_s.span()),
            ("inter.bandwidth".into(), self.inter.bandwidth.span()),
            ("inter.latency_s".into(), self.inter.latency_s.span()),
        ];
        for (key, v) in [
            ("f64", &p.f64),
            ("f16", &p.f16),
            ("bf16", &p.bf16),
            ("i8", &p.i8),
        ] {
            if let Some(v) = v {
                spans.push((format!("gpu.peak_flops.{key}"), v.span()));
            }
        }
        if let Some(n) = &self.inter.nics_per_node {
            spans.push(("inter.nics_per_node".into(), n.span()));
        }
        let matrix = self.gpu.matrix_flops.unwrap_or_default();
        for (key, v) in [
            ("tf32", &matrix.tf32),
            ("fp16", &matrix.fp16),
            ("bf16", &matrix.bf16),
            ("fp8", &matrix.fp8),
        ] {
            if let Some(v) = v {
                spans.push((format!("gpu.matrix_flops.{key}"), v.span()));
            }
        }
        let efficiency = self.gpu.efficiency.unwrap_or_default();
        for (key, v) in efficiency.entries() {
            if let Some(v) = v {
                spans.push((format!("gpu.efficiency.{key}"), v.span()));
            }
        }
        let topology = self
            .topology
            .as_ref()
            .map(|t| t.bandwidth.get_ref().clone());
        if let Some(t) = &self.topology {
            spans.push(("topology.bandwidth".into(), t.bandwidth.span()));
        }
        let runtime = match &self.runtime {
            Some(r) => {
                if let Some(b) = &r.barrier_s {
                    spans.push(("runtime.barrier_s".into(), b.span()));
                }
                RuntimeCosts {
                    barrier_s: r.barrier_s.as_ref().map_or(0.0, |b| *b.get_ref()),
                    transfers_on_devices: r.transfers_on_devices.unwrap_or(false),
                    gather_outputs: r.gather_outputs.unwrap_or(false),
                    replicated_work: r.replicated_work.unwrap_or(false),
                }
            }
            None => RuntimeCosts::default(),
        };
        let machine = Machine {
            name: self.name,
            nodes,
            gpus_per_node,
            gpu: GpuSpec {
                name: self.gpu.name,
                peak_flops: PeakFlops {
                    f64: opt(&p.f64),
                    f32: *p.f32.get_ref(),
                    f16: opt(&p.f16),
                    bf16: opt(&p.bf16),
                    i8: opt(&p.i8),
                },
                matrix_flops: MatrixFlops {
                    tf32: opt(&matrix.tf32),
                    fp16: opt(&matrix.fp16),
                    bf16: opt(&matrix.bf16),
                    fp8: opt(&matrix.fp8),
                },
                efficiency: efficiency.resolve(),
                mem_bandwidth: *self.gpu.mem_bandwidth.get_ref(),
                mem_capacity: capacity.round() as u64,
                launch_overhead_s: *self.gpu.launch_overhead_s.get_ref(),
                sms: self.gpu.sms.as_ref().map(|s| *s.get_ref()),
            },
            intra: Link {
                kind: self.intra.kind,
                bandwidth: *self.intra.bandwidth.get_ref(),
                latency_s: *self.intra.latency_s.get_ref(),
            },
            inter: Link {
                kind: self.inter.kind,
                bandwidth: *self.inter.bandwidth.get_ref(),
                latency_s: *self.inter.latency_s.get_ref(),
            },
            nics_per_node,
            topology,
            runtime,
            // All of them, once `check` has bounded the product (`all_devices`).
            devices: DeviceCount::ONE,
            placement: Placement::default(),
        };
        machine.check().map_err(|(key, message)| {
            // `topology.bandwidth[i][j]` is reported at the matrix.
            let span = spans
                .iter()
                .find(|(k, _)| key == *k || key.starts_with(&format!("{k}[")))
                .map_or(0..0, |(_, s)| s.clone());
            (key, span, message)
        })?;
        machine
            .all_devices()
            .map_err(|e| ("nodes".into(), 0..0, e.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_spread_over_the_nics_of_their_members() {
        let m = Machine::preset("dgx-a100:4").unwrap();
        let all: Vec<DeviceId> = (0..32).map(DeviceId).collect();
        // Data parallelism over every GPU: 8 members per node, 8 NICs each.
        assert_eq!(m.ring_nics(&all), 8);
        assert_eq!(m.ring_nic_channels(&all).len(), 64);
        // One GPU per node (the replicas of a tensor-parallel rank): one NIC.
        let strided: Vec<DeviceId> = (0..4).map(|n| DeviceId(n * 8 + 3)).collect();
        assert_eq!(m.ring_nics(&strided), 1);
        // Inside one node: no NIC at all.
        let node: Vec<DeviceId> = (0..8).map(DeviceId).collect();
        assert_eq!(m.ring_nics(&node), 1);
        assert!(m.ring_nic_channels(&node).is_empty());
        // The fewest over the ring's nodes decides.
        let mut uneven = node.clone();
        uneven.push(DeviceId(8));
        assert_eq!(m.ring_nics(&uneven), 1);
    }

    /// A pipeline of 2 stages, tensor-parallel width 1, over 8 replicas on 2 × 8 GPUs, placed as the
    /// engines place it: each stage's 8 replicas (its data-parallel group) on one node, the two stages
    /// of a replica a node apart; every logical device on a distinct GPU. With one stage or one replica
    /// the placement is the identity.
    #[test]
    fn a_placed_pipeline_keeps_its_replicas_in_a_node() {
        let machine = Machine::preset("dgx-h100:2").unwrap();
        let placed = machine.placed(8, 2);
        // flexc's layout: replica r, stage s at logical device 2r + s.
        for s in 0..2 {
            let group: Vec<DeviceId> = (0..8).map(|r| DeviceId(2 * r + s)).collect();
            assert!(group.iter().all(|&d| placed.node_of(d) == s), "stage {s}");
            // Without the placement the group spans both nodes.
            assert!(group
                .iter()
                .any(|&d| machine.node_of(d) != machine.node_of(group[0])));
            let ring = placed.ring_bandwidth(&group);
            assert_eq!(ring.0, placed.intra.bandwidth);
            assert!(machine.ring_bandwidth(&group).0 < placed.intra.bandwidth);
        }
        for r in 0..8 {
            let route = placed.route(DeviceId(2 * r), DeviceId(2 * r + 1));
            assert_eq!(route.bandwidth, placed.inter.bandwidth, "replica {r}");
        }
        let mut gpus: Vec<u32> = placed.devices().map(|d| placed.physical(d)).collect();
        gpus.sort_unstable();
        assert_eq!(gpus, (0..16).collect::<Vec<_>>());
        for g in 0..16 {
            assert_eq!(placed.physical(placed.logical(g)), g);
            let node: Vec<u32> = placed
                .node_devices(g / 8)
                .map(|d| placed.physical(d))
                .collect();
            assert_eq!(node, (g / 8 * 8..g / 8 * 8 + 8).collect::<Vec<_>>());
        }
        // Tensor rank innermost: tp = 2, pp = 2, 4 replicas: replica r, stage s, rank t at logical
        // 4r + 2s + t, physical 8s + 2r + t.
        let tp2 = machine.placed(4, 2);
        assert_eq!(tp2.physical(DeviceId(4 + 2 + 1)), 8 + 2 + 1);
        for (replicas, stages) in [(1, 16), (16, 1), (1, 1), (3, 2)] {
            let same = machine.placed(replicas, stages);
            assert!(same.devices().all(|d| same.physical(d) == d.0));
            assert_eq!(same.placement(), Placement::default());
        }
    }

    #[test]
    fn presets_parse_and_route() {
        let m = Machine::preset("p100-4x4").unwrap();
        assert_eq!(m.num_devices(), 16);
        assert_eq!(m.bandwidth(DeviceId(0), DeviceId(1)), 20e9);
        assert_eq!(m.bandwidth(DeviceId(0), DeviceId(4)), 12.5e9);
        let m = Machine::preset("dgx-h100:4").unwrap();
        assert_eq!((m.nodes, m.num_devices()), (4, 32));
        assert_eq!(m.gpu.peak_flops.for_dtype(DType::BF16), 989e12);
        assert_eq!(m.gpu.peak_flops.for_dtype(DType::I32), 67e12);
        let r = m.route(DeviceId(3), DeviceId(5));
        assert_eq!(
            r.channels,
            [
                Some(Channel::PortOut(DeviceId(3))),
                Some(Channel::PortIn(DeviceId(5)))
            ]
        );
        let r = m.route(DeviceId(3), DeviceId(13));
        assert_eq!(
            r.channels,
            [
                Some(Channel::NicOut { node: 0, nic: 3 }),
                Some(Channel::NicIn { node: 1, nic: 5 })
            ]
        );
        assert_eq!(Machine::preset("dgx-a100").unwrap().num_devices(), 8);
        assert!(Machine::preset("dgx-a100:0").is_err());
        assert!(Machine::preset("p100-4x4:2").is_err());
        assert!(Machine::preset("tpu")
            .unwrap_err()
            .message
            .contains("unknown machine preset"));
    }

    #[test]
    fn channel_indices_are_dense_and_distinct() {
        for m in [
            Machine::preset("dgx-a100:2").unwrap(),
            Machine::preset("p100-4x4")
                .unwrap()
                .with_devices(crate::DeviceCount::new(6).unwrap())
                .unwrap(),
        ] {
            let mut seen = std::collections::BTreeSet::new();
            for a in m.devices() {
                for b in m.devices().filter(|&b| b != a) {
                    for c in m.route(a, b).channels.into_iter().flatten() {
                        let i = m.channel_index(c);
                        assert!(i < m.channel_count());
                        seen.insert((i, c));
                    }
                }
            }
            let indices: std::collections::BTreeSet<_> = seen.iter().map(|&(i, _)| i).collect();
            assert_eq!(indices.len(), seen.len(), "two channels share an index");
        }
    }

    #[test]
    fn with_devices_limits() {
        let m = Machine::preset("k80-16x4").unwrap();
        assert_eq!(
            m.with_devices(crate::DeviceCount::new(5).unwrap())
                .unwrap()
                .num_devices(),
            5
        );
        assert_eq!(
            m.with_devices(crate::DeviceCount::new(5).unwrap())
                .unwrap()
                .nodes_in_use(),
            2
        );
        let e = m
            .with_devices(crate::DeviceCount::new(65).unwrap())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "error: cannot use 65 devices of machine 'k80-16x4', which has 64"
        );
    }

    const GOOD: &str = r#"
name = "box"
nodes = 1
gpus_per_node = 2

[gpu]
name = "X"
mem_bandwidth = 1e12
mem_capacity = 16e9
launch_overhead_s = 5e-6

[gpu.peak_flops]
f32 = 10e12

[intra]
kind = "pcie"
bandwidth = 12e9
latency_s = 5e-6

[inter]
kind = "ethernet"
bandwidth = 1e9
latency_s = 1e-5
"#;

    #[test]
    fn parses_minimal_file() {
        let m = Machine::from_toml(GOOD, "box.toml").unwrap();
        assert_eq!(m.gpu.mem_capacity, 16_000_000_000);
        assert_eq!(m.nics_per_node, 1);
        assert_eq!(m.gpu.peak_flops.for_dtype(DType::F16), 10e12);
    }

    #[test]
    fn sizes_are_bounded_before_anything_is_allocated() {
        let error = |from: &str, to: &str| {
            let text = GOOD.replace(from, to);
            assert_ne!(text, GOOD, "{from}");
            Machine::from_toml(&text, "box.toml")
                .unwrap_err()
                .to_string()
        };
        // Found by a probe of issue 20: an 8 TB allocation, a 64 GB one, a hang, 10^6 devices.
        assert_eq!(
            error("gpus_per_node = 2", "gpus_per_node = 1000000"),
            "box.toml:4:17: error: 'gpus_per_node' is 1000000; a node holds at most 1024 GPUs (one intra-node channel per GPU pair)"
        );
        let nics = error("[inter]", "[inter]\nnics_per_node = 1000000000");
        assert!(nics
            .starts_with("box.toml:21:17: error: 'inter.nics_per_node' is 1000000000, more than the node's 2 GPUs"), "{nics}");
        assert_eq!(
            error("nodes = 1\n", "nodes = 40000\n"),
            "box.toml:3:9: error: 40000 nodes of 2 GPUs are 80000 devices; flexc models at most 65536"
        );
        assert!(error("nodes = 1\n", "nodes = 1000000\n")
            .contains("2000000 devices; flexc models at most 65536"));
        let both = GOOD
            .replace("nodes = 1\n", "nodes = 1000\n")
            .replace("gpus_per_node = 2", "gpus_per_node = 1000");
        let message = Machine::from_toml(&both, "box.toml")
            .unwrap_err()
            .to_string();
        assert!(message.contains("1000000 devices"), "{message}");
        let huge = GOOD
            .replace("nodes = 1\n", "nodes = 4294967295\n")
            .replace("gpus_per_node = 2", "gpus_per_node = 4294967295");
        assert!(Machine::from_toml(&huge, "box.toml").is_err());
        // The largest machines still load: 65536 devices, and 1024-GPU nodes.
        for (nodes, gpus) in [(8192, 8), (4, 1024)] {
            let text = GOOD
                .replace("nodes = 1\n", &format!("nodes = {nodes}\n"))
                .replace("gpus_per_node = 2", &format!("gpus_per_node = {gpus}"));
            let m = Machine::from_toml(&text, "box.toml").unwrap();
            assert!(m.channel_count() as u64 <= MAX_CHANNELS);
        }
        assert!(Machine::preset("dgx-h100:8192").is_ok());
        assert!(Machine::preset("dgx-h100:8193").is_err());
    }

    #[test]
    fn errors_point_at_the_key() {
        let bad = GOOD.replace("bandwidth = 12e9", "bandwidth = 0");
        let e = Machine::from_toml(&bad, "box.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("intra.bandwidth"));
        assert_eq!(
            e.to_string(),
            "box.toml:17:13: error: 'intra.bandwidth' must be a positive number, got 0"
        );

        let bad = GOOD.replace("gpus_per_node = 2", "gpus_per_node = 0");
        let e = Machine::from_toml(&bad, "box.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "box.toml:4:17: error: 'gpus_per_node' must be a positive integer, got 0"
        );

        let bad = GOOD.replace("mem_capacity = 16e9", "mem_capacity = 0");
        let e = Machine::from_toml(&bad, "box.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("box.toml:9:16: error: 'gpu.mem_capacity'"),
            "{e}"
        );

        let bad = GOOD.replace("latency_s = 1e-5", "latency_s = 1e-5\nspeed = 3");
        let e = Machine::from_toml(&bad, "box.toml").unwrap_err();
        let loc = e.location.as_ref().unwrap();
        assert_eq!((loc.line, loc.col), (24, 1), "{e}");
        assert!(e.message.contains("unknown field `speed`"), "{e}");

        let bad = GOOD.replace("kind = \"pcie\"", "kind = \"carrier-pigeon\"");
        let e = Machine::from_toml(&bad, "box.toml").unwrap_err();
        assert_eq!(e.location.as_ref().unwrap().line, 16, "{e}");

        let bad = GOOD.replace("[inter]", "[inter]\nnics_per_node = -1");
        let e = Machine::from_toml(&bad, "box.toml").unwrap_err();
        assert!(
            e.message
                .contains("'inter.nics_per_node' must be a positive integer"),
            "{e}"
        );
    }

    #[test]
    fn matrix_rates_and_efficiencies_are_read_and_checked() {
        let with = |extra: &str| GOOD.replace("[intra]", &format!("{extra}\n[intra]"));
        let m = Machine::from_toml(
            &with("[gpu.matrix_flops]\nfp16 = 100e12\n[gpu.efficiency]\nconvolution = 0.6\nmemory = 0.8\n"),
            "e.toml",
        )
        .unwrap();
        assert_eq!(m.gpu.matrix_flops.fp16, Some(100e12));
        assert_eq!(m.gpu.matrix_flops.bf16, None);
        assert_eq!(m.gpu.efficiency.convolution, 0.6);
        assert_eq!(m.gpu.efficiency.memory, 0.8);
        assert_eq!(
            m.gpu.efficiency.contraction,
            Efficiency::default().contraction
        );
        let e =
            Machine::from_toml(&with("[gpu.efficiency]\nmatrix = 1.5\n"), "e.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "e.toml:16:10: error: 'gpu.efficiency.matrix' must be a fraction in (0, 1], got 1.5"
        );
        let e =
            Machine::from_toml(&with("[gpu.matrix_flops]\nfp4 = 1e15\n"), "e.toml").unwrap_err();
        assert!(e.message.contains("unknown field `fp4`"), "{e}");
        // The DGX-1's cube-mesh: device order follows NVLink, every GPU has 6 links' worth.
        let m = Machine::preset("dgx1-v100").unwrap();
        for a in m.devices() {
            let next = DeviceId((a.0 + 1) % 8);
            assert!(m.bandwidth(a, next) >= NVLINK2_LINK, "{a} -> {next}");
            let total: f64 = m
                .devices()
                .filter(|&b| b != a)
                .map(|b| m.bandwidth(a, b))
                .sum();
            assert_eq!(total, 6.0 * NVLINK2_LINK + 3.0 * DGX1_PCIE, "{a}");
        }
    }

    #[test]
    fn topology_is_checked() {
        let with = |m: &str| format!("{GOOD}\n[topology]\nbandwidth = {m}\n");
        let m = Machine::from_toml(&with("[[0, 10e9], [8e9, 0]]"), "t.toml").unwrap();
        assert_eq!(m.bandwidth(DeviceId(0), DeviceId(1)), 10e9);
        assert_eq!(m.bandwidth(DeviceId(1), DeviceId(0)), 8e9);
        let e = Machine::from_toml(&with("[[0, 10e9]]"), "t.toml").unwrap_err();
        assert!(e.message.contains("2x2 matrix"), "{e}");
        let e = Machine::from_toml(&with("[[0, -1], [1, 0]]"), "t.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("topology.bandwidth[0][1]"));
        assert_eq!(e.location.as_ref().unwrap().line, 26, "{e}");
    }

    #[test]
    fn shipped_machine_files_parse() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("machines");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(
            files.len() >= 4,
            "machine files missing in {}",
            dir.display()
        );
        for path in files {
            let m = Machine::load(&path).unwrap_or_else(|e| panic!("{e}"));
            let stem = path.file_stem().unwrap().to_str().unwrap();
            // Files named after a preset (`dgx-a100-2` for `dgx-a100:2`) must mirror it exactly.
            let preset = ["p100-4x4", "k80-16x4"]
                .iter()
                .map(|s| s.to_string())
                .find(|p| p == stem)
                .or_else(|| {
                    let (base, n) = stem.rsplit_once('-')?;
                    n.parse::<u32>().ok().map(|n| format!("{base}:{n}"))
                });
            if let Some(p) = preset.filter(|p| Machine::preset(p).is_ok()) {
                assert_eq!(
                    m,
                    Machine::preset(&p).unwrap(),
                    "{} differs from preset {p}",
                    path.display()
                );
            }
        }
    }
}
