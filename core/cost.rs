//! Cost model: how long one task of an op takes on one GPU (docs/design.md §5).
//!
//! A task's time is **measured** when the profile database has an entry for
//! `(op name, task shape, dtype, device kind)`: FlexFlow measures each distinct op once on the real GPU, and a
//! DNN reuses few distinct ops. Otherwise it is the analytical **roofline**
//!
//! ```text
//! time = max(flops / (rate * efficiency), bytes / (mem_bandwidth * efficiency.memory)) + launch_overhead
//! ```
//!
//! where `bytes` are the task's operand regions (inputs read plus outputs written), `rate` the peak of the
//! op's arithmetic and `efficiency` the fraction of it the GPU's libraries achieve for the op's family
//! (the machine's `[gpu.efficiency]`, [`crate::machine::Efficiency`]). Under `--precision=fp32`
//! (the default) `rate` is `peak_flops[dtype]`; under `tf32`, `fp16`, `bf16` contractions and
//! convolutions run at the matrix units' `matrix_flops[precision]` × `efficiency.matrix`, and every other
//! op at the f32 vector rate (16-bit pointwise kernels compute in f32; [`crate::precision`]). On the
//! matrix units of a GPU whose SM count is known (`gpu.sms`), a product's FLOPs are divided by its tile
//! and wave quantization ([`matrix_shape_factor`]): a 128×128 output tile per SM and wave, so a product
//! whose tiles leave a wave mostly idle (a small or thin shape, a tensor-parallel shard) runs below the
//! rate of a large one. A task
//! with neither FLOPs nor bytes (the backward of an op that needs no gradient) and a reshape that is a
//! view ([`VIEW_OPS`]) launch no kernel and take 0 s.
//!
//! # Profile database format
//! JSON lines; blank lines and lines starting with `#` are ignored; a later line for the same key replaces an
//! earlier one (a profiler may append re-measurements):
//!
//! ```text
//! {"op": "linalg.matmul", "shape": [128, 1024, 1024], "dtype": "f32", "device": "A100-SXM4-80GB", "forward_s": 1.1e-4, "backward_s": 2.3e-4}
//! ```
//!
//! `shape` is the task's extent of every loop dim, in the op's loop order (the whole op's sizes divided by the
//! configuration's degrees). `backward_s` is optional; without it the backward time is estimated.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::graph::{DType, Op, OpClass};
use crate::machine::{GpuSpec, SourceLocation};
use crate::precision::{Precision, WeightState};

/// Output tiles of matrix-unit GEMM kernels (cuBLAS's and CUTLASS's tensor-core tiles; NVIDIA's
/// "Matrix Multiplication Background" guide on tile and wave quantization): the library picks, per
/// shape, the kernel whose tiles waste the least.
pub const GEMM_TILES: [(u64, u64); 6] = [
    (256, 128),
    (128, 256),
    (128, 128),
    (128, 64),
    (64, 128),
    (64, 64),
];

/// The share of a matrix product's tile slots that do useful work (tile and wave quantization): its
/// `M×N` outputs of every batch are cut into `tm×tn` tiles, the last ones partly empty, and the tiles
/// run in waves of `sms` (one per streaming multiprocessor), the last wave partly idle:
///
/// ```text
/// factor = batch·M·N / (⌈tiles / sms⌉ · sms · tm·tn),  tiles = batch·⌈M/tm⌉·⌈N/tn⌉
/// ```
///
/// the best over [`GEMM_TILES`] (the library's choice). `M` are the loop dims only the first operand
/// indexes, `N` those only the second indexes, `batch` those both index (and the result); `extents`
/// are a task's loop sizes. 1 for an op that is not a two-operand product.
pub fn matrix_shape_factor(op: &Op, extents: &[u64], sms: u32) -> f64 {
    if op.class != OpClass::Contraction || op.inputs.len() != 2 || extents.len() != op.dims.len() {
        return 1.0;
    }
    let reads = |k: usize, j: usize| {
        op.inputs[k]
            .exprs
            .iter()
            .any(|e| e.terms.iter().any(|&(d, c)| d == j && c != 0))
    };
    let (mut m, mut n, mut batch) = (1u64, 1u64, 1u64);
    for (j, dim) in op.dims.iter().enumerate() {
        if dim.role == crate::graph::Role::Reduction {
            continue;
        }
        let size = extents[j].max(1);
        match (reads(0, j), reads(1, j)) {
            (true, false) => m = m.saturating_mul(size),
            (false, true) => n = n.saturating_mul(size),
            _ => batch = batch.saturating_mul(size),
        }
    }
    let sms = u64::from(sms.max(1));
    let useful = (batch as f64) * (m as f64) * (n as f64);
    GEMM_TILES
        .iter()
        .map(|&(tm, tn)| {
            let tiles = batch
                .saturating_mul(m.div_ceil(tm))
                .saturating_mul(n.div_ceil(tn));
            let slots = tiles.div_ceil(sms).saturating_mul(sms) as f64 * (tm * tn) as f64;
            if slots == 0.0 {
                1.0
            } else {
                useful / slots
            }
        })
        .fold(0.0f64, f64::max)
        .clamp(1e-3, 1.0)
}

/// Ops that only reinterpret their operand's shape: a row-major tensor collapsed or expanded along
/// contiguous dims is the same buffer (PyTorch's `view`, XLA's bitcast), so neither the forward nor the
/// backward (the gradient reshaped back) launches a kernel or moves a byte.
pub const VIEW_OPS: [&str; 4] = [
    "tensor.collapse_shape",
    "tensor.expand_shape",
    "tensor.reshape",
    "stablehlo.reshape",
];

/// Whether `op` is one of the [`VIEW_OPS`].
pub fn is_view(op: &Op) -> bool {
    VIEW_OPS.contains(&op.name.as_str())
}

/// Work of one task.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Work {
    pub flops: f64,
    /// Bytes moved to and from device memory.
    pub bytes: f64,
}

impl Work {
    pub fn scaled(self, factor: f64) -> Work {
        Work {
            flops: self.flops * factor,
            bytes: self.bytes * factor,
        }
    }

    pub fn is_zero(self) -> bool {
        self.flops == 0.0 && self.bytes == 0.0
    }
}

/// Forward and backward time of one task.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TaskTimes {
    pub forward_s: f64,
    pub backward_s: f64,
    /// Whether the forward time came from the profile database.
    pub measured: bool,
}

/// Roofline estimates for one GPU model, overridden by measurements.
#[derive(Clone, Debug)]
pub struct CostModel {
    gpu: GpuSpec,
    profile: ProfileDb,
    /// Precision and optimizer of the training step.
    state: WeightState,
}

impl CostModel {
    /// A pure roofline model of `gpu`, training in fp32 with SGD and momentum.
    pub fn new(gpu: &GpuSpec) -> Self {
        CostModel {
            gpu: gpu.clone(),
            profile: ProfileDb::default(),
            state: WeightState::default(),
        }
    }

    /// The same model for a training step in `state`'s precision and optimizer; `Err` when the GPU
    /// cannot run the precision ([`Precision::check`]).
    pub fn with_state(self, state: WeightState) -> Result<Self, String> {
        state.precision.check(&self.gpu)?;
        Ok(CostModel { state, ..self })
    }

    /// Precision and optimizer (what weights cost in memory: [`WeightState::bytes`]).
    pub fn state(&self) -> WeightState {
        self.state
    }

    /// The peak rate an op of `class` computing in `dtype` runs at, times the fraction its family achieves.
    fn rate(&self, class: OpClass, dtype: DType) -> f64 {
        let e = &self.gpu.efficiency;
        let precision = self.state.precision;
        if precision == Precision::Fp32 {
            return self.gpu.peak_flops.for_dtype(dtype) * e.of(class);
        }
        match precision.matrix_rate(&self.gpu) {
            Some(rate) if Precision::uses_matrix_units(class) => rate * e.matrix,
            // Vector units at f32 (opmath), or a precision checked away by `with_state`.
            _ => self.gpu.peak_flops.f32 * e.of(class),
        }
    }

    /// The share of the matrix units' rate a task of `op` with loop sizes `extents` keeps after tile
    /// and wave quantization ([`matrix_shape_factor`]): on the matrix units of a GPU whose SM count is
    /// known, else 1 (f32 products on the vector units, and GPUs without `gpu.sms`, keep the flat
    /// efficiency of their family).
    pub fn shape_factor(&self, op: &Op, extents: &[u64]) -> f64 {
        match self.gpu.sms {
            Some(sms)
                if self.state.precision != Precision::Fp32
                    && Precision::uses_matrix_units(op.class) =>
            {
                matrix_shape_factor(op, extents, sms)
            }
            _ => 1.0,
        }
    }

    /// FLOP multipliers `(task, backward)` of a contraction computed inside a fused attention kernel
    /// (`pass`, [`crate::fusion::AttentionPass`]): the kernel runs at its own share of the matrix
    /// peak ([`crate::machine::Efficiency::attention_forward`], `attention_backward`), charged as
    /// FLOPs at the GEMM rate, never below it; `(1, 1)` on the vector units (f32), where no fused
    /// kernel runs. In a graph that carries its backward, a backward kernel's product is a task of
    /// its own.
    pub fn attention_factors(&self, op: &Op, pass: crate::fusion::AttentionPass) -> (f64, f64) {
        let e = &self.gpu.efficiency;
        if self.state.precision == Precision::Fp32 || !Precision::uses_matrix_units(op.class) {
            return (1.0, 1.0);
        }
        let (forward, backward) = match self.state.attention {
            crate::attention::Attention::Flash2 => (e.flash2_forward, e.flash2_backward),
            _ => (e.attention_forward, e.attention_backward),
        };
        // Never faster than a GEMM of the same FLOPs (the search's time bound counts them at that
        // rate).
        let forward = (e.matrix / forward).max(1.0);
        let backward = (e.matrix / backward).max(1.0);
        match pass {
            crate::fusion::AttentionPass::Forward => (forward, backward),
            crate::fusion::AttentionPass::Backward => (backward, backward),
        }
    }

    /// The least time the tasks of `op` take together, without measurements, when they do `work` in
    /// all (FLOPs, and bytes that no task can avoid moving) and, with `launch`, launch at least one
    /// kernel: the roofline of the sum, no more than the sum of the tasks' rooflines (0 for a view).
    /// A lower bound the schedule search prunes by; it does not bound measured times (the caller checks
    /// that the profile database is empty).
    pub fn roofline_floor_s(&self, op: &Op, work: Work, launch: bool) -> f64 {
        if is_view(op) || work.is_zero() {
            return 0.0;
        }
        let compute = work.flops / self.rate(op.class, op.dtype);
        let memory = work.bytes / (self.gpu.mem_bandwidth * self.gpu.efficiency.memory);
        compute.max(memory)
            + if launch {
                self.gpu.launch_overhead_s
            } else {
                0.0
            }
    }

    /// The time of a streaming copy that reads and writes `bytes` in all (one kernel at the GPU's
    /// achieved memory bandwidth); 0 for no bytes.
    pub fn stream_s(&self, bytes: u64) -> f64 {
        if bytes == 0 {
            return 0.0;
        }
        bytes as f64 / (self.gpu.mem_bandwidth * self.gpu.efficiency.memory)
            + self.gpu.launch_overhead_s
    }

    /// Uses `profile`'s measurements where they exist.
    pub fn with_profile(self, profile: ProfileDb) -> Self {
        CostModel { profile, ..self }
    }

    pub fn gpu(&self) -> &GpuSpec {
        &self.gpu
    }

    pub fn profile(&self) -> &ProfileDb {
        &self.profile
    }

    /// The roofline time of `work` for an op of `class` computing in `dtype`.
    pub fn roofline(&self, class: OpClass, dtype: DType, work: Work) -> f64 {
        if work.is_zero() {
            return 0.0;
        }
        let compute = work.flops / self.rate(class, dtype);
        let memory = work.bytes / (self.gpu.mem_bandwidth * self.gpu.efficiency.memory);
        compute.max(memory) + self.gpu.launch_overhead_s
    }

    /// Times of one task of `op` whose loop extents are `extents`, doing `forward` work (and `backward` work
    /// in training; zero work in inference).
    pub fn task_times(&self, op: &Op, extents: &[u64], forward: Work, backward: Work) -> TaskTimes {
        self.task_times_with(self.measurement(op, extents), op, forward, backward)
    }

    /// The profile entry for a task of `op` with loop extents `extents` on this GPU, if any.
    pub fn measurement(&self, op: &Op, extents: &[u64]) -> Option<&ProfileEntry> {
        self.profile
            .lookup(&op.name, extents, op.dtype, &self.gpu.name)
    }

    /// [`CostModel::task_times`] with the measurement already looked up (once per op in the simulator's loops).
    pub fn task_times_with(
        &self,
        measured: Option<&ProfileEntry>,
        op: &Op,
        forward: Work,
        backward: Work,
    ) -> TaskTimes {
        let estimate_bwd = || self.roofline(op.class, op.dtype, backward);
        if measured.is_none() && is_view(op) {
            return TaskTimes {
                forward_s: 0.0,
                backward_s: 0.0,
                measured: false,
            };
        }
        match measured {
            Some(m) => TaskTimes {
                forward_s: m.forward_s,
                backward_s: if backward.is_zero() {
                    0.0
                } else {
                    m.backward_s.unwrap_or_else(estimate_bwd)
                },
                measured: true,
            },
            None => TaskTimes {
                forward_s: self.roofline(op.class, op.dtype, forward),
                backward_s: estimate_bwd(),
                measured: false,
            },
        }
    }
}

/// One measurement: a line of the database file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileEntry {
    pub op: String,
    pub shape: Vec<u64>,
    pub dtype: DType,
    pub device: String,
    pub forward_s: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backward_s: Option<f64>,
}

/// Measured op times; see the module doc for the file format.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProfileDb {
    /// Entries per op name; a key appears at most once.
    by_op: BTreeMap<String, Vec<ProfileEntry>>,
}

/// A database file that cannot be used: `file:line:col: error: ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    pub location: Option<SourceLocation>,
    pub message: String,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(loc) = &self.location {
            write!(f, "{loc}: ")?;
        }
        write!(f, "error: {}", self.message)
    }
}

impl std::error::Error for ProfileError {}

impl ProfileDb {
    /// Reads a database file.
    pub fn load(path: &Path) -> Result<ProfileDb, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|e| ProfileError {
            location: None,
            message: format!("cannot read profile database '{}': {e}", path.display()),
        })?;
        ProfileDb::parse(&text, &path.display().to_string())
    }

    /// Parses the JSON-lines text of a database; `file_name` is used in error locations.
    pub fn parse(text: &str, file_name: &str) -> Result<ProfileDb, ProfileError> {
        let mut db = ProfileDb::default();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let at = |col: usize| {
                Some(SourceLocation {
                    file: file_name.to_string(),
                    line: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    col: u32::try_from(col).unwrap_or(u32::MAX),
                })
            };
            let entry: ProfileEntry = serde_json::from_str(line).map_err(|e| ProfileError {
                location: at(e.column().max(1)),
                message: json_message(&e),
            })?;
            for (key, v) in [
                ("forward_s", Some(entry.forward_s)),
                ("backward_s", entry.backward_s),
            ] {
                if let Some(v) = v.filter(|v| !(v.is_finite() && *v >= 0.0)) {
                    let col = line.find(&format!("\"{key}\"")).map_or(1, |c| c + 1);
                    return Err(ProfileError {
                        location: at(col),
                        message: format!(
                            "'{key}' must be a non-negative number of seconds, got {v}"
                        ),
                    });
                }
            }
            db.insert(entry);
        }
        Ok(db)
    }

    /// Adds a measurement, replacing one with the same key.
    pub fn insert(&mut self, entry: ProfileEntry) {
        let entries = self.by_op.entry(entry.op.clone()).or_default();
        match entries
            .iter_mut()
            .find(|e| e.shape == entry.shape && e.dtype == entry.dtype && e.device == entry.device)
        {
            Some(old) => *old = entry,
            None => entries.push(entry),
        }
    }

    /// The measurement for one task, if any.
    pub fn lookup(
        &self,
        op: &str,
        shape: &[u64],
        dtype: DType,
        device: &str,
    ) -> Option<&ProfileEntry> {
        self.by_op
            .get(op)?
            .iter()
            .find(|e| e.shape == shape && e.dtype == dtype && e.device == device)
    }

    pub fn len(&self) -> usize {
        self.by_op.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The database as JSON lines, sorted by op name, then insertion order.
    pub fn to_jsonl(&self) -> String {
        let mut out = String::new();
        for e in self.by_op.values().flatten() {
            // Serializing plain numbers, strings and vectors cannot fail.
            out.push_str(&serde_json::to_string(e).expect("profile entries serialize"));
            out.push('\n');
        }
        out
    }
}

fn json_message(e: &serde_json::Error) -> String {
    // serde_json appends " at line L column C"; the location is reported separately.
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_and_wave_quantization_of_matrix_products() {
        use crate::synth::Builder;
        let product = |m: u64, k: u64, n: u64| {
            let mut b = Builder::new("gemm", DType::BF16);
            let x = b.input("x", &[m, k], DType::BF16);
            b.matmul(x, n);
            let g = b.finish();
            let op = g.ops()[0].clone();
            let extents: Vec<u64> = op.dims.iter().map(|d| d.size).collect();
            (op, extents)
        };
        // 8192³ on 132 SMs: 128×128 tiles would take 32 waves of 4096 tiles (0.97); 64×64 tiles
        // waste less of their last wave.
        let (op, e) = product(8192, 8192, 8192);
        let f = matrix_shape_factor(&op, &e, 132);
        let waves = |tiles: u64| (tiles.div_ceil(132) * 132) as f64;
        assert!((f - 16384.0 / waves(16384)).abs() < 1e-12, "{f}");
        assert!(f > 4096.0 / waves(4096));
        // 128×128 outputs on 108 SMs: four 64×64 tiles in one wave, 104 SMs idle.
        let (op, e) = product(128, 4096, 128);
        assert!((matrix_shape_factor(&op, &e, 108) - 4.0 / 108.0).abs() < 1e-12);
        // 6912×6912 on 108 SMs: 54×54 tiles of 128×128 fill 27 waves exactly.
        let (op, e) = product(6912, 1024, 6912);
        assert_eq!(matrix_shape_factor(&op, &e, 108), 1.0);
        // A ragged edge (129 rows of tiles): the least wasteful tiles decide, below 1.
        let (op, e) = product(129 * 64 + 1, 4096, 4096);
        let f = matrix_shape_factor(&op, &e, 108);
        assert!(f < 1.0 && f > 0.8, "{f}");
        // Not a product: untouched.
        let mut b = Builder::new("ew", DType::BF16);
        let x = b.input("x", &[64, 64], DType::BF16);
        b.elementwise("linalg.generic", &[x], 1.0);
        let g = b.finish();
        let op = g.ops()[0].clone();
        assert_eq!(matrix_shape_factor(&op, &[64, 64], 108), 1.0);
    }
    use crate::graph::{Access, Dim, Role, TensorId};
    use crate::machine::Machine;

    fn matmul(m: u64, n: u64, k: u64) -> Op {
        Op {
            name: "linalg.matmul".into(),
            location: "m.mlir:1:1".into(),
            class: OpClass::Contraction,
            dims: vec![
                Dim::new(m, Role::Sample),
                Dim::new(n, Role::Parameter),
                Dim::new(k, Role::Reduction),
            ],
            inputs: vec![
                Access::dims(TensorId(0), &[0, 2]),
                Access::dims(TensorId(1), &[2, 1]),
            ],
            outputs: vec![Access::dims(TensorId(2), &[0, 1])],
            flops: (2 * m * n * k) as f64,
            dtype: DType::F32,
            position_mask: None,
        }
    }

    #[test]
    fn fused_attention_runs_at_the_kernels_published_rate() {
        let m = crate::machine::Machine::preset("dgx-a100:1").unwrap();
        let op = matmul(4096, 4096, 128);
        let bf16 = CostModel::new(&m.gpu)
            .with_state(WeightState {
                precision: Precision::Bf16,
                ..WeightState::default()
            })
            .unwrap();
        let e = m.gpu.efficiency;
        // FlashAttention-2 on an A100: 0.70 of the peak forward, 0.60 backward, against 0.8 for a GEMM.
        let (task, backward) = bf16.attention_factors(&op, crate::fusion::AttentionPass::Forward);
        assert!((task - e.matrix / 0.70).abs() < 1e-12);
        assert!((backward - e.matrix / 0.60).abs() < 1e-12);
        let (task, _) = bf16.attention_factors(&op, crate::fusion::AttentionPass::Backward);
        assert!((task - e.matrix / 0.60).abs() < 1e-12);
        // f32 runs no fused kernel on the matrix units.
        let fp32 = CostModel::new(&m.gpu);
        assert_eq!(
            fp32.attention_factors(&op, crate::fusion::AttentionPass::Forward),
            (1.0, 1.0)
        );
    }

    #[test]
    fn roofline_picks_the_binding_limit() {
        let m = Machine::preset("dgx-a100:1").unwrap();
        let cost = CostModel::new(&m.gpu);
        let peak = 19.5e12 * 0.70;
        let compute_bound = Work {
            flops: 1e12,
            bytes: 1e6,
        };
        let t = cost.roofline(OpClass::Contraction, DType::F32, compute_bound);
        assert_eq!(t, 1e12 / peak + 5e-6);
        let memory_bound = Work {
            flops: 1e6,
            bytes: 4e9,
        };
        assert_eq!(
            cost.roofline(OpClass::Elementwise, DType::F32, memory_bound),
            4e9 / 2.039e12 + 5e-6
        );
        assert_eq!(
            cost.roofline(OpClass::Elementwise, DType::F32, Work::default()),
            0.0
        );
        // bf16 runs on tensor cores.
        assert!(cost.roofline(OpClass::Contraction, DType::BF16, compute_bound) < t / 10.0);
    }

    #[test]
    fn reshapes_are_views() {
        let m = Machine::preset("dgx-a100:1").unwrap();
        let mut op = matmul(8, 8, 8);
        op.name = "tensor.collapse_shape".into();
        op.class = OpClass::DataMovement;
        let work = Work {
            flops: 0.0,
            bytes: 1e9,
        };
        let t = CostModel::new(&m.gpu).task_times(&op, &[8, 8, 8], work, work);
        assert_eq!((t.forward_s, t.backward_s), (0.0, 0.0));
        op.name = "linalg.transpose".into();
        let t = CostModel::new(&m.gpu).task_times(&op, &[8, 8, 8], work, work);
        assert!(t.forward_s > 1e9 / 2.1e12, "a transpose copies");
    }

    #[test]
    fn precision_picks_matrix_or_vector_rate() {
        let m = Machine::preset("dgx1-v100").unwrap();
        let state = |precision| WeightState {
            precision,
            ..WeightState::default()
        };
        let fp16 = CostModel::new(&m.gpu)
            .with_state(state(Precision::Fp16))
            .unwrap();
        let work = Work {
            flops: 1e12,
            bytes: 1.0,
        };
        let e = m.gpu.efficiency;
        // Convolutions on the tensor cores, pointwise ops on the f32 vector units.
        assert_eq!(
            fp16.roofline(OpClass::Convolution, DType::F16, work),
            1e12 / (125e12 * e.matrix) + 5e-6
        );
        assert_eq!(
            fp16.roofline(OpClass::Elementwise, DType::F16, work),
            1e12 / (15.7e12 * e.elementwise) + 5e-6
        );
        let fp32 = CostModel::new(&m.gpu);
        assert_eq!(
            fp32.roofline(OpClass::Convolution, DType::F32, work),
            1e12 / (15.7e12 * e.convolution) + 5e-6
        );
        // V100 has no bf16 and no TF32.
        let e = CostModel::new(&m.gpu)
            .with_state(state(Precision::Bf16))
            .unwrap_err();
        assert!(e.contains("--precision=fp16"), "{e}");
        assert!(CostModel::new(&m.gpu)
            .with_state(state(Precision::Tf32))
            .is_err());
    }

    #[test]
    fn profile_entry_overrides_the_estimate() {
        let m = Machine::preset("dgx-a100:1").unwrap();
        let op = matmul(128, 1024, 1024);
        let fwd = Work {
            flops: op.flops,
            bytes: 4.0 * (128.0 * 1024.0 * 2.0 + 1024.0 * 1024.0),
        };
        let bwd = fwd.scaled(2.0);
        let plain = CostModel::new(&m.gpu).task_times(&op, &[128, 1024, 1024], fwd, bwd);
        assert!(!plain.measured);

        let text = "# measured on the lent H100? no, an A100\n\n\
            {\"op\": \"linalg.matmul\", \"shape\": [128, 1024, 1024], \"dtype\": \"f32\", \"device\": \"A100-SXM4-80GB\", \"forward_s\": 0.5, \"backward_s\": 1.5}\n\
            {\"op\": \"linalg.matmul\", \"shape\": [64, 1024, 1024], \"dtype\": \"f32\", \"device\": \"A100-SXM4-80GB\", \"forward_s\": 0.25}\n";
        let db = ProfileDb::parse(text, "prof.jsonl").unwrap();
        assert_eq!(db.len(), 2);
        let cost = CostModel::new(&m.gpu).with_profile(db.clone());
        let measured = cost.task_times(&op, &[128, 1024, 1024], fwd, bwd);
        assert_eq!(
            measured,
            TaskTimes {
                forward_s: 0.5,
                backward_s: 1.5,
                measured: true
            }
        );
        assert_ne!(measured.forward_s, plain.forward_s);
        // Without a measured backward, the backward is estimated.
        let half = cost.task_times(&op, &[64, 1024, 1024], fwd.scaled(0.5), bwd.scaled(0.5));
        assert_eq!(half.forward_s, 0.25);
        assert_eq!(
            half.backward_s,
            CostModel::new(&m.gpu).roofline(op.class, op.dtype, bwd.scaled(0.5))
        );
        // Another device kind does not match.
        let h100 = Machine::preset("dgx-h100:1").unwrap();
        assert!(
            !CostModel::new(&h100.gpu)
                .with_profile(db.clone())
                .task_times(&op, &[128, 1024, 1024], fwd, bwd)
                .measured
        );
        // Round trip through the text format.
        assert_eq!(ProfileDb::parse(&db.to_jsonl(), "x").unwrap(), db);
    }

    #[test]
    fn later_lines_replace_earlier_ones() {
        let line = |t: f64| {
            format!("{{\"op\": \"a\", \"shape\": [2], \"dtype\": \"bf16\", \"device\": \"X\", \"forward_s\": {t}}}\n")
        };
        let db = ProfileDb::parse(&(line(1.0) + &line(2.0)), "p").unwrap();
        assert_eq!(db.len(), 1);
        assert_eq!(
            db.lookup("a", &[2], DType::BF16, "X").unwrap().forward_s,
            2.0
        );
    }

    #[test]
    fn bad_lines_are_located() {
        let good = "{\"op\": \"a\", \"shape\": [2], \"dtype\": \"f32\", \"device\": \"X\", \"forward_s\": 1e-3}\n";
        let e = ProfileDb::parse(
            &format!("{good}{{\"op\": \"a\", \"shape\": [2]}}\n"),
            "p.jsonl",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("p.jsonl:2:"), "{e}");
        assert!(e.message.contains("missing field"), "{e}");
        let e = ProfileDb::parse(&good.replace("f32", "f8"), "p.jsonl").unwrap_err();
        assert!(e.message.contains("unknown variant `f8`"), "{e}");
        let e = ProfileDb::parse(&good.replace("1e-3", "-1"), "p.jsonl").unwrap_err();
        assert_eq!(
            e.to_string(),
            "p.jsonl:1:58: error: 'forward_s' must be a non-negative number of seconds, got -1"
        );
        let e = ProfileDb::parse(&good.replace("}", ", \"gpu\": 1}"), "p.jsonl").unwrap_err();
        assert!(e.message.contains("unknown field `gpu`"), "{e}");
    }
}
