//! The op graph every analysis (cost model, simulator, search) runs on.
//!
//! This is the compact, MLIR-free view of a model that the importer extracts once from a module: a list of
//! tensors and a list of ops in program order. Each op carries its iteration space (one [`Dim`] per loop, with
//! its SOAP [`Role`]) and, for every operand, an [`Access`]: one affine expression of the loop dims per tensor
//! dim. From the accesses the simulator derives which part of each tensor a task (a box of the iteration
//! space) reads or writes, and hence communication volumes and convolution halos.
//!
//! Invariants, enforced by [`Graph::add_op`]:
//! - ids are dense indices: `OpId(i)` is `graph.ops()[i]`, `TensorId(i)` is `graph.tensors()[i]`;
//! - ops are stored in program order, which is a topological order: an op only reads tensors that are graph
//!   inputs, weights, or outputs of earlier ops;
//! - every activation tensor has at most one producer (SSA), graph inputs and weights have none;
//! - every access has one expression per tensor dim and only names loop dims of its op; every loop dim has a
//!   size of at least 1.

use std::fmt;

macro_rules! entity_id {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);

        impl $name {
            /// The dense index this id stands for.
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The id of the `index`-th entity.
            ///
            /// # Panics
            /// If `index` does not fit in a `u32`: graphs and machines are far smaller than that.
            pub fn new(index: usize) -> Self {
                Self(u32::try_from(index).expect("entity index overflows u32"))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity_id!(
    /// An op of a [`Graph`], numbered in program order.
    OpId,
    "op"
);
entity_id!(
    /// A tensor of a [`Graph`].
    TensorId,
    "t"
);
entity_id!(
    /// A GPU of a [`crate::machine::Machine`], numbered node by node (`node * gpus_per_node + local`).
    DeviceId,
    "gpu"
);

/// Element type of a tensor or of an op's arithmetic.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum DType {
    F64,
    F32,
    F16,
    BF16,
    I64,
    I32,
    I16,
    I8,
    /// Booleans; stored as one byte per element, as MLIR's `i1` tensors are in memory.
    I1,
}

impl DType {
    /// Every dtype, for tables and parsers.
    pub const ALL: [DType; 9] = [
        DType::F64,
        DType::F32,
        DType::F16,
        DType::BF16,
        DType::I64,
        DType::I32,
        DType::I16,
        DType::I8,
        DType::I1,
    ];

    /// Bytes one element occupies in memory.
    pub fn size_bytes(self) -> u64 {
        match self {
            DType::F64 | DType::I64 => 8,
            DType::F32 | DType::I32 => 4,
            DType::F16 | DType::BF16 | DType::I16 => 2,
            DType::I8 | DType::I1 => 1,
        }
    }

    /// The MLIR spelling (`f32`, `bf16`, `i1`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DType::F64 => "f64",
            DType::F32 => "f32",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::I64 => "i64",
            DType::I32 => "i32",
            DType::I16 => "i16",
            DType::I8 => "i8",
            DType::I1 => "i1",
        }
    }

    /// Parses the MLIR spelling; `None` for anything else.
    pub fn from_name(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// SOAP role of one loop dim (docs/design.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Carries the model input's batch dimension.
    Sample,
    /// Parallel dim that is neither sample nor parameter (spatial, sequence, heads).
    Attribute,
    /// Parallel dim that indexes a trained weight: splitting it splits the weights.
    Parameter,
    /// A reduction iterator: splitting it yields partial results that must be summed.
    Reduction,
}

impl Role {
    /// Whether the loop runs in parallel (every role but [`Role::Reduction`]).
    pub fn is_parallel(self) -> bool {
        self != Role::Reduction
    }

    /// The role of a one-letter tag (inverse of [`Role::letter`]).
    pub fn from_letter(letter: char) -> Option<Self> {
        Some(match letter {
            'S' => Role::Sample,
            'A' => Role::Attribute,
            'P' => Role::Parameter,
            'R' => Role::Reduction,
            _ => return None,
        })
    }

    /// One-letter tag used in reports and in `#par.space`: `S`, `A`, `P`, `R`.
    pub fn letter(self) -> char {
        match self {
            Role::Sample => 'S',
            Role::Attribute => 'A',
            Role::Parameter => 'P',
            Role::Reduction => 'R',
        }
    }
}

/// One loop of an op's iteration space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dim {
    pub size: u64,
    pub role: Role,
}

impl Dim {
    pub fn new(size: u64, role: Role) -> Self {
        Dim { size, role }
    }
}

/// What a tensor is to the training iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TensorKind {
    /// A model input (data batch, labels, token ids): present on every device at the start, no gradient.
    Input,
    /// A trained parameter: resident on every device that reads it; its gradient is synchronized.
    Weight,
    /// Produced by an op.
    Activation,
    /// An activation produced outside this graph, present on every device that reads it when the
    /// iteration starts like an input, but needing a gradient like an activation: the input of a pipeline
    /// stage simulated on its own (`crate::pipeline`).
    Received,
}

/// A tensor value of the graph.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// A readable name for reports (SSA name or argument name); not required to be unique.
    pub name: String,
    pub shape: Vec<u64>,
    pub dtype: DType,
    pub kind: TensorKind,
    /// The op writing it; `None` for inputs and weights.
    pub producer: Option<OpId>,
}

impl Tensor {
    /// Number of elements, saturating at `u64::MAX`. Importers reject tensors whose size overflows 64
    /// bits (flexc's `par-import` gives a located error), so saturation only guards against a panic.
    pub fn elements(&self) -> u64 {
        self.shape
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d))
            .unwrap_or(u64::MAX)
    }

    /// Size in bytes, saturating like [`Tensor::elements`].
    pub fn bytes(&self) -> u64 {
        self.elements().saturating_mul(self.dtype.size_bytes())
    }
}

/// A half-open index range `[lo, hi)`; empty when `lo >= hi`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Interval {
    pub lo: u64,
    pub hi: u64,
}

impl Interval {
    pub fn new(lo: u64, hi: u64) -> Self {
        Interval { lo, hi }
    }

    /// Number of indices (0 when empty).
    pub fn len(self) -> u64 {
        self.hi.saturating_sub(self.lo)
    }

    pub fn is_empty(self) -> bool {
        self.hi <= self.lo
    }

    /// The common part of two ranges (possibly empty).
    pub fn intersect(self, other: Interval) -> Interval {
        Interval::new(self.lo.max(other.lo), self.hi.min(other.hi))
    }
}

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

/// Points two sorted lists of disjoint intervals share.
pub fn overlap_of(a: &[Interval], b: &[Interval]) -> u64 {
    let (mut i, mut j, mut total) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        total += a[i].intersect(b[j]).len();
        if a[i].hi <= b[j].hi {
            i += 1;
        } else {
            j += 1;
        }
    }
    total
}

/// Number of elements in a box given per dim (product of the interval lengths).
pub fn volume(region: &[Interval]) -> u64 {
    region
        .iter()
        .try_fold(1u64, |acc, r| acc.checked_mul(r.len()))
        .unwrap_or(u64::MAX)
}

/// One tensor index as an affine function of the loop indices: `offset + Σ coefficient·d_loop`.
///
/// Covers projected permutations (`d2`: one term with coefficient 1), broadcast and constant indices (no terms),
/// convolution windows (`d1*stride + d5*dilation + offset`, with a negative offset for padding) and
/// linearized reshapes (`d2*768 + d3*64 + d4`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AffineDim {
    /// `(loop dim, coefficient)` pairs.
    pub terms: Vec<(usize, i64)>,
    pub offset: i64,
}

impl AffineDim {
    /// The plain loop index `d{dim}`.
    pub fn dim(dim: usize) -> Self {
        AffineDim {
            terms: vec![(dim, 1)],
            offset: 0,
        }
    }

    /// A constant index (a broadcast dim of size 1 uses `constant(0)`).
    pub fn constant(offset: i64) -> Self {
        AffineDim {
            terms: Vec::new(),
            offset,
        }
    }

    /// `d{dim} + offset`.
    pub fn shifted(dim: usize, offset: i64) -> Self {
        AffineDim {
            terms: vec![(dim, 1)],
            offset,
        }
    }

    /// The loop dim when the expression is exactly `d{k}` (coefficient 1, no offset).
    pub fn single_dim(&self) -> Option<usize> {
        match self.terms.as_slice() {
            [(dim, 1)] if self.offset == 0 => Some(*dim),
            _ => None,
        }
    }

    /// The loop dim of the term with the largest coefficient (the outermost of a linearized index); ties
    /// go to the first term.
    pub fn dominant_term(&self) -> Option<usize> {
        self.terms
            .iter()
            .fold(None::<(usize, i64)>, |best, &(d, c)| match best {
                Some((_, bc)) if bc.abs() >= c.abs() => best,
                _ => Some((d, c)),
            })
            .map(|(d, _)| d)
    }

    /// `d{dim} * stride + d{window} * dilation + offset`: a convolution input index.
    pub fn window(dim: usize, stride: i64, window: usize, dilation: i64, offset: i64) -> Self {
        AffineDim {
            terms: vec![(dim, stride), (window, dilation)],
            offset,
        }
    }

    /// The exact indices this expression takes over `loops`, clamped to `[0, size)`, as sorted disjoint
    /// intervals, when they are not one interval and at most `cap` intervals make them (`None`
    /// otherwise: [`AffineDim::range`] is then exact or the bounding interval stands in). The terms
    /// with the smallest coefficients form a contiguous block as long as each next coefficient is at
    /// most the block's span; the outer terms are enumerated (a fused projection's `q·4096 + h·128 + d`
    /// over some heads: one block per `q`).
    pub fn image(&self, loops: &[Interval], size: u64, cap: usize) -> Option<Vec<Interval>> {
        // At most 8 live terms (index expressions have a few); more: the bounding interval.
        let mut buf = [(0i64, Interval::default()); 8];
        let mut live = 0;
        for &(d, c) in &self.terms {
            let r = *loops.get(d)?;
            if r.is_empty() {
                return None;
            }
            if c == 0 || r.len() == 1 {
                continue;
            }
            if c < 0 || live == buf.len() {
                return None;
            }
            buf[live] = (c, r);
            live += 1;
        }
        let terms = &mut buf[..live];
        if terms.len() < 2 && terms.first().is_none_or(|&(c, _)| c == 1) {
            return None;
        }
        terms.sort_by_key(|&(c, _)| c);
        // The contiguous inner block: [start, start + span).
        let mut start = i128::from(self.offset);
        let mut span: i128 = 1;
        let mut inner = 0;
        for &(c, r) in terms.iter() {
            let c = i128::from(c);
            if c > span {
                break;
            }
            start += c * i128::from(r.lo);
            span += c * (i128::from(r.len()) - 1);
            inner += 1;
        }
        let outer = &terms[inner..];
        let count = outer
            .iter()
            .try_fold(1usize, |n, &(_, r)| n.checked_mul(r.len() as usize))?;
        if count > cap || count < 2 {
            return None;
        }
        let size = i128::from(size);
        let mut out: Vec<Interval> = Vec::with_capacity(count);
        let mut coord: Vec<u64> = outer.iter().map(|&(_, r)| r.lo).collect();
        for _ in 0..count {
            let base = start
                + outer
                    .iter()
                    .zip(&coord)
                    .map(|(&(c, _), &x)| i128::from(c) * i128::from(x))
                    .sum::<i128>();
            let lo = base.clamp(0, size);
            let hi = (base + span).clamp(lo, size);
            if hi > lo {
                out.push(Interval::new(lo as u64, hi as u64));
            }
            for (k, &(_, r)) in outer.iter().enumerate() {
                coord[k] += 1;
                if coord[k] < r.hi {
                    break;
                }
                coord[k] = r.lo;
            }
        }
        out.sort_unstable();
        let mut merged: Vec<Interval> = Vec::with_capacity(out.len());
        for i in out {
            match merged.last_mut() {
                Some(last) if i.lo <= last.hi => last.hi = last.hi.max(i.hi),
                _ => merged.push(i),
            }
        }
        (merged.len() > 1).then_some(merged)
    }

    /// The index range this expression takes when every loop dim `d` ranges over `loops[d]`, clamped to
    /// `[0, size)`.
    ///
    /// This is the bounding interval of the image: for strides greater than the window it includes indices that
    /// are skipped, a deliberate over-approximation that keeps regions boxes (halos and communication volumes
    /// are then upper bounds).
    pub fn range(&self, loops: &[Interval], size: u64) -> Interval {
        if let [(d, 1)] = self.terms[..] {
            // The common case, `d{d} + offset`: no multiplications.
            let r = loops[d];
            if r.is_empty() {
                return Interval::default();
            }
            let lo = (i128::from(r.lo) + i128::from(self.offset)).clamp(0, i128::from(size));
            let hi = (i128::from(r.hi) + i128::from(self.offset)).clamp(lo, i128::from(size));
            return Interval::new(lo as u64, hi as u64);
        }
        let mut min = i128::from(self.offset);
        let mut max = i128::from(self.offset);
        for &(d, c) in &self.terms {
            let r = loops[d];
            if r.is_empty() {
                return Interval::default();
            }
            let (lo, hi) = (i128::from(r.lo), i128::from(r.hi - 1));
            let c = i128::from(c);
            if c >= 0 {
                min += c * lo;
                max += c * hi;
            } else {
                min += c * hi;
                max += c * lo;
            }
        }
        let size = i128::from(size);
        let lo = min.clamp(0, size);
        let hi = (max + 1).clamp(lo, size);
        // Both bounds lie in [0, size] and size came from a u64.
        Interval::new(lo as u64, hi as u64)
    }
}

/// How an op reads or writes one operand: one [`AffineDim`] per tensor dim.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    pub tensor: TensorId,
    pub exprs: Vec<AffineDim>,
}

impl Access {
    /// An access whose tensor dim `i` is indexed by loop dim `dims[i]` (a projected permutation).
    pub fn dims(tensor: TensorId, dims: &[usize]) -> Self {
        Access {
            tensor,
            exprs: dims.iter().map(|&d| AffineDim::dim(d)).collect(),
        }
    }

    /// The tensor region (per tensor dim `[lo, hi)`) touched when loop dim `d` ranges over `loops[d]`, clamped
    /// to `shape`. Appends one interval per tensor dim to `out` (allocation-free in the simulator's loops).
    pub fn region_into(&self, loops: &[Interval], shape: &[u64], out: &mut Vec<Interval>) {
        out.extend(
            self.exprs
                .iter()
                .zip(shape)
                .map(|(e, &size)| e.range(loops, size)),
        );
    }

    /// The tensor region touched by the sub-iteration-space `loops`; see [`Access::region_into`].
    pub fn region(&self, loops: &[Interval], shape: &[u64]) -> Vec<Interval> {
        let mut out = Vec::with_capacity(self.exprs.len());
        self.region_into(loops, shape, &mut out);
        out
    }
}

/// Family of an op, which decides its achievable FLOP rate and its backward work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OpClass {
    /// matmul, batch_matmul, dot_general, einsum-like contractions.
    Contraction,
    /// Convolutions and pooling windows.
    Convolution,
    /// Pointwise maps, including broadcasts and bias adds.
    Elementwise,
    /// Reductions (sums, softmax statistics, norms).
    Reduction,
    /// Transposes, reshapes, concatenations, slices, copies: bytes, no FLOPs.
    DataMovement,
    /// Table lookups (gathers from a weight).
    Embedding,
    /// Anything the importer could not classify.
    Opaque,
}

impl OpClass {
    pub fn name(self) -> &'static str {
        match self {
            OpClass::Contraction => "contraction",
            OpClass::Convolution => "convolution",
            OpClass::Elementwise => "elementwise",
            OpClass::Reduction => "reduction",
            OpClass::DataMovement => "data-movement",
            OpClass::Embedding => "embedding",
            OpClass::Opaque => "opaque",
        }
    }
}

/// One compute op with its iteration space.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    /// The MLIR op name, e.g. `linalg.matmul`; also the profile-database key.
    pub name: String,
    /// `file:line:col` of the op in the source module, for diagnostics.
    pub location: String,
    pub class: OpClass,
    /// The loops of the iteration space, in the op's loop order.
    pub dims: Vec<Dim>,
    pub inputs: Vec<Access>,
    pub outputs: Vec<Access>,
    /// Forward FLOPs of the whole op (not of one task).
    pub flops: f64,
    /// Arithmetic type, which selects the device's peak FLOP rate.
    pub dtype: DType,
    /// Reads a mask computed from positions alone over at least two of its loops (iotas and
    /// comparisons: a causal or windowed attention mask): the sizes of the mask's last two positions
    /// dims (query, key). Such a constant is no tensor of the graph (constants are free everywhere), so
    /// the importer records it here; a fused attention kernel skips the tiles it hides
    /// ([`crate::attention::causal_fraction`]).
    pub position_mask: Option<(u64, u64)>,
}

impl Op {
    /// Number of points of the iteration space.
    pub fn volume(&self) -> u64 {
        self.dims
            .iter()
            .try_fold(1u64, |acc, d| acc.checked_mul(d.size))
            .unwrap_or(u64::MAX)
    }

    /// The first loop dim with the given role.
    pub fn first_dim(&self, role: Role) -> Option<usize> {
        self.dims.iter().position(|d| d.role == role)
    }

    /// Whether the op may be split into several tasks: every class but [`OpClass::Opaque`] (an op the
    /// importer could not model runs whole, on one device).
    pub fn is_partitionable(&self) -> bool {
        self.class != OpClass::Opaque
    }

    /// Iterator over all accesses, inputs first.
    pub fn accesses(&self) -> impl Iterator<Item = &Access> {
        self.inputs.iter().chain(&self.outputs)
    }
}

/// A producer→consumer use of one tensor: `consumer.inputs[input]` reads what `producer.outputs[output]` wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    pub producer: OpId,
    pub output: usize,
    pub consumer: OpId,
    pub input: usize,
    pub tensor: TensorId,
}

/// A malformed op handed to [`Graph::add_op`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphError {
    /// `file:line:col` of the offending op.
    pub location: String,
    pub message: String,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: error: {}", self.location, self.message)
    }
}

impl std::error::Error for GraphError {}

/// How a graph is trained — one type from `flexc --mode` (where `auto` is `None` until the driver
/// resolves it, [`Mode::from_choice`]) through `par-search{mode=...}` and the `#par.import` record's
/// `mode` (its [`Mode::word`]) to the simulator, the search problem and the reports. It decides whether
/// backward tasks and gradient synchronization exist.
///
/// Backward work of an op, as a multiple of its forward work (FLOPs and bytes alike). An operand *needs a
/// gradient* when it is a weight or an activation (graph inputs do not):
///
/// | class | backward work | reason |
/// |---|---|---|
/// | contraction, convolution | 1× per operand that needs a gradient | data-grad and weight-grad are each a contraction of the forward's size: `2×` for the usual activation·weight layer, `1×` for a first layer reading a graph input |
/// | elementwise, reduction, opaque | 1× if any operand needs a gradient | the adjoint of a pointwise map or reduction is one pass of the same size |
/// | data-movement, embedding | 1× (bytes only) if any operand needs a gradient | gradients are moved (scattered) back the same way |
///
/// Weight gradients exist for exactly the weights an op reads; those are synchronized across the devices that
/// hold replicas of the same weight region ([`Graph::weights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Forward only: no backward tasks, no gradients, no optimizer state (`inference`).
    Inference,
    /// A forward graph trained for one iteration: the simulator adds the backward work of every op (the
    /// table above) and the weight-gradient synchronization (`train`).
    Training,
    /// The graph already is a whole training step (forward, backward, update, e.g. a JAX `grad` export;
    /// [`detect_training_step`]): simulated as written, nothing added, like [`Mode::Inference`]; the
    /// reports say `training step (as-is)` (`as-is`).
    TrainingStep,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Training, Mode::TrainingStep, Mode::Inference];

    /// The words of the modes (`par-search{mode=...}`, the `#par.import` record).
    pub const WORDS: [&'static str; 3] = [
        Mode::Training.word(),
        Mode::TrainingStep.word(),
        Mode::Inference.word(),
    ];

    /// `--mode`'s word for "decide per graph" ([`Mode::from_choice`]).
    pub const AUTO: &'static str = "auto";

    /// The words `--mode` takes: [`Mode::AUTO`] and [`Mode::WORDS`].
    pub const CHOICES: [&'static str; 4] =
        [Mode::AUTO, Mode::WORDS[0], Mode::WORDS[1], Mode::WORDS[2]];

    /// The `--mode` / `mode=` word.
    pub const fn word(self) -> &'static str {
        match self {
            Mode::Training => "train",
            Mode::TrainingStep => "as-is",
            Mode::Inference => "inference",
        }
    }

    /// The mode of a `mode=` word.
    pub fn from_word(word: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|mode| mode.word() == word)
    }

    /// A `--mode` word: `Ok(None)` for [`Mode::AUTO`] (`as-is` when the graph is a training step, else
    /// `train`; the driver resolves it), `Err` for a word that is not a mode.
    pub fn from_choice(word: &str) -> Result<Option<Mode>, String> {
        if word == Mode::AUTO {
            return Ok(None);
        }
        Mode::from_word(word)
            .map(Some)
            .ok_or_else(|| format!("'{word}' is not a mode ({})", Mode::CHOICES.join(", ")))
    }

    /// Whether the simulator adds backward tasks and weight-gradient synchronization.
    pub fn has_backward(self) -> bool {
        self == Mode::Training
    }

    /// Whether the graph is a whole training step taken as it is (reports say so).
    pub fn training_step(self) -> bool {
        self == Mode::TrainingStep
    }

    /// Backward work of `op` as a multiple of its forward work (see the table above); 0 in inference.
    pub fn backward_factor(self, graph: &Graph, op: &Op) -> f64 {
        if !self.has_backward() {
            return 0.0;
        }
        let needing_grad = op
            .inputs
            .iter()
            .filter(|a| graph.tensor(a.tensor).kind != TensorKind::Input)
            .count();
        match op.class {
            OpClass::Contraction | OpClass::Convolution => needing_grad as f64,
            _ if needing_grad > 0 => 1.0,
            _ => 0.0,
        }
    }
}

/// The producers of a graph's scalar results: activations of all-one shape that no op reads (a
/// training step's loss).
pub fn scalar_results(graph: &Graph) -> impl Iterator<Item = OpId> + '_ {
    graph
        .tensors()
        .iter()
        .enumerate()
        .filter(|(t, tensor)| {
            tensor.kind == TensorKind::Activation
                && graph.consumers(TensorId::new(*t)).is_empty()
                && tensor.shape.iter().all(|&d| d == 1)
        })
        .filter_map(|(_, tensor)| tensor.producer)
}

/// Per op: whether one of `seeds` depends on it (the seeds included).
pub fn ancestors(graph: &Graph, seeds: impl IntoIterator<Item = OpId>) -> Vec<bool> {
    let mut reached = vec![false; graph.num_ops()];
    let mut stack: Vec<OpId> = seeds.into_iter().collect();
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut reached[id.index()], true) {
            continue;
        }
        stack.extend(
            graph
                .op(id)
                .inputs
                .iter()
                .filter_map(|a| graph.tensor(a.tensor).producer)
                .filter(|p| !reached[p.index()]),
        );
    }
    reached
}

/// Whether `graph` already is a whole training step, and why: it returns updated weights. A weight counts
/// as updated when an unconsumed result (a function result) of its shape is computed by an op reading it
/// (`w - lr·g`, with or without momentum). At least half of the weights must be, so that a forward graph
/// whose last op happens to add a same-shaped weight is not mistaken for a training step.
pub fn detect_training_step(graph: &Graph) -> Result<String, String> {
    let weights = graph.weights();
    let updated = weights
        .iter()
        .filter(|&&w| {
            graph.consumers(w).iter().any(|&op| {
                graph.op(op).outputs.iter().any(|out| {
                    let t = graph.tensor(out.tensor);
                    t.kind == TensorKind::Activation
                        && t.shape == graph.tensor(w).shape
                        && graph.consumers(out.tensor).is_empty()
                })
            })
        })
        .count();
    let summary = format!(
        "{updated} of {} weights are returned updated",
        weights.len()
    );
    if updated > 0 && 2 * updated >= weights.len() {
        Ok(summary)
    } else {
        Err(summary)
    }
}

/// An op of the model that is not a graph op: it reads weights and constants only (a transposed
/// weight, a bias broadcast to the activations' shape, a fill), so every device that runs the model
/// computes it whole. A runtime that executes such ops each iteration charges them on every device
/// (`crate::machine::RuntimeCosts::replicated_work`); the graph keeps their work for that.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplicatedOp {
    pub name: String,
    pub class: OpClass,
    pub dtype: DType,
    /// FLOPs of the whole op.
    pub flops: f64,
    /// Bytes of its tensor operands and results.
    pub bytes: f64,
}

/// The op graph: tensors plus ops in program order.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    ops: Vec<Op>,
    tensors: Vec<Tensor>,
    consumers: Vec<Vec<OpId>>,
    edges: Vec<Edge>,
    replicated: Vec<ReplicatedOp>,
}

impl Graph {
    pub fn new() -> Self {
        Graph::default()
    }

    /// Adds a tensor. Activations get their producer when the op writing them is added.
    pub fn add_tensor(
        &mut self,
        name: impl Into<String>,
        shape: Vec<u64>,
        dtype: DType,
        kind: TensorKind,
    ) -> TensorId {
        let id = TensorId::new(self.tensors.len());
        self.tensors.push(Tensor {
            name: name.into(),
            shape,
            dtype,
            kind,
            producer: None,
        });
        self.consumers.push(Vec::new());
        id
    }

    /// Appends an op after checking the invariants in the module doc.
    pub fn add_op(&mut self, op: Op) -> Result<OpId, GraphError> {
        let id = OpId::new(self.ops.len());
        let err = |message: String| GraphError {
            location: op.location.clone(),
            message,
        };
        if let Some(d) = op.dims.iter().position(|d| d.size == 0) {
            return Err(err(format!("'{}' loop dim d{d} has size 0", op.name)));
        }
        if !op.flops.is_finite() || op.flops < 0.0 {
            return Err(err(format!(
                "'{}' has invalid flop count {}",
                op.name, op.flops
            )));
        }
        if op.outputs.is_empty() {
            return Err(err(format!("'{}' has no outputs", op.name)));
        }
        for (what, accesses) in [("input", &op.inputs), ("output", &op.outputs)] {
            for (i, access) in accesses.iter().enumerate() {
                let Some(tensor) = self.tensors.get(access.tensor.index()) else {
                    return Err(err(format!(
                        "'{}' {what} #{i} names unknown tensor {}",
                        op.name, access.tensor
                    )));
                };
                if access.exprs.len() != tensor.shape.len() {
                    return Err(err(format!(
                        "'{}' {what} #{i} has {} index expressions for rank-{} tensor '{}'",
                        op.name,
                        access.exprs.len(),
                        tensor.shape.len(),
                        tensor.name
                    )));
                }
                let bad_dim = access
                    .exprs
                    .iter()
                    .flat_map(|e| &e.terms)
                    .find(|&&(d, _)| d >= op.dims.len());
                if let Some(&(d, _)) = bad_dim {
                    return Err(err(format!(
                        "'{}' {what} #{i} uses loop dim d{d} but the op has {} loops",
                        op.name,
                        op.dims.len()
                    )));
                }
            }
        }
        for (i, access) in op.inputs.iter().enumerate() {
            let tensor = &self.tensors[access.tensor.index()];
            if tensor.kind == TensorKind::Activation && tensor.producer.is_none() {
                return Err(err(format!(
                    "'{}' input #{i} reads activation '{}' before any op writes it",
                    op.name, tensor.name
                )));
            }
        }
        for (i, access) in op.outputs.iter().enumerate() {
            let tensor = &self.tensors[access.tensor.index()];
            if tensor.kind != TensorKind::Activation {
                return Err(err(format!(
                    "'{}' output #{i} writes non-activation '{}'",
                    op.name, tensor.name
                )));
            }
            let written_twice = tensor.producer.is_some()
                || op.outputs[..i].iter().any(|a| a.tensor == access.tensor);
            if written_twice {
                return Err(err(format!(
                    "'{}' output #{i} writes '{}' a second time",
                    op.name, tensor.name
                )));
            }
        }

        for (input, access) in op.inputs.iter().enumerate() {
            let t = access.tensor;
            if !self.consumers[t.index()].contains(&id) {
                self.consumers[t.index()].push(id);
            }
            if let Some(producer) = self.tensors[t.index()].producer {
                let output = self.ops[producer.index()]
                    .outputs
                    .iter()
                    .position(|a| a.tensor == t)
                    .expect("a producer writes the tensors it produces");
                self.edges.push(Edge {
                    producer,
                    output,
                    consumer: id,
                    input,
                    tensor: t,
                });
            }
        }
        for access in &op.outputs {
            self.tensors[access.tensor.index()].producer = Some(id);
        }
        self.ops.push(op);
        Ok(id)
    }

    /// Records an op outside the graph that every device computes whole ([`ReplicatedOp`]).
    pub fn add_replicated(&mut self, op: ReplicatedOp) {
        self.replicated.push(op);
    }

    /// The ops outside the graph, in program order.
    pub fn replicated(&self) -> &[ReplicatedOp] {
        &self.replicated
    }

    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    pub fn tensors(&self) -> &[Tensor] {
        &self.tensors
    }

    /// # Panics
    /// If `id` is not an op of this graph.
    pub fn op(&self, id: OpId) -> &Op {
        &self.ops[id.index()]
    }

    /// # Panics
    /// If `id` is not a tensor of this graph.
    pub fn tensor(&self, id: TensorId) -> &Tensor {
        &self.tensors[id.index()]
    }

    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// Ops in a topological order (program order).
    pub fn topological_order(&self) -> impl DoubleEndedIterator<Item = OpId> + ExactSizeIterator {
        (0..self.ops.len()).map(OpId::new)
    }

    /// Whether `op` reads a trained weight.
    pub fn reads_weight(&self, op: OpId) -> bool {
        self.op(op)
            .inputs
            .iter()
            .any(|a| self.tensor(a.tensor).kind == TensorKind::Weight)
    }

    /// Ops reading `tensor`, in program order, each once.
    pub fn consumers(&self, tensor: TensorId) -> &[OpId] {
        &self.consumers[tensor.index()]
    }

    /// All producer→consumer uses, ordered by consumer, then input position.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Total forward FLOPs.
    pub fn total_flops(&self) -> f64 {
        self.ops.iter().map(|op| op.flops).sum()
    }

    /// Number of trained parameters: elements of all weight tensors.
    pub fn parameter_count(&self) -> u64 {
        self.tensors
            .iter()
            .filter(|t| t.kind == TensorKind::Weight)
            .map(Tensor::elements)
            .sum()
    }

    /// Weights read by at least one op: the tensors whose gradients are synchronized in training.
    pub fn weights(&self) -> Vec<TensorId> {
        (0..self.tensors.len())
            .map(TensorId::new)
            .filter(|&t| self.tensor(t).kind == TensorKind::Weight && !self.consumers(t).is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_of_merged_indices_are_exact() {
        // q·4096 + h·128 + d over q in [0,3), h in [8,16), d in [0,128): one block of heads per q.
        let e = AffineDim {
            terms: vec![(0, 4096), (1, 128), (2, 1)],
            offset: 0,
        };
        let loops = [
            Interval::new(0, 3),
            Interval::new(8, 16),
            Interval::new(0, 128),
        ];
        assert_eq!(
            e.image(&loops, 12288, 64),
            Some(vec![
                Interval::new(1024, 2048),
                Interval::new(5120, 6144),
                Interval::new(9216, 10240)
            ])
        );
        // Contiguous (all heads): no list; a window over a stride-1 loop: contiguous.
        let all = [
            Interval::new(0, 3),
            Interval::new(0, 32),
            Interval::new(0, 128),
        ];
        assert_eq!(e.image(&all, 12288, 64), None);
        let window = AffineDim::window(0, 1, 1, 1, 0);
        assert_eq!(
            window.image(&[Interval::new(0, 8), Interval::new(0, 3)], 10, 64),
            None
        );
        // Too many pieces: the bounding interval stands in.
        let strided = AffineDim {
            terms: vec![(0, 2)],
            offset: 0,
        };
        assert_eq!(strided.image(&[Interval::new(0, 100)], 200, 64), None);
        assert_eq!(
            strided
                .image(&[Interval::new(0, 4)], 200, 64)
                .map(|v| v.len()),
            Some(4)
        );
        assert_eq!(
            overlap_of(
                &[Interval::new(0, 10), Interval::new(20, 30)],
                &[Interval::new(5, 25)]
            ),
            10
        );
    }

    fn iv(lo: u64, hi: u64) -> Interval {
        Interval::new(lo, hi)
    }

    #[test]
    fn projected_permutation_region() {
        let access = Access::dims(TensorId(0), &[2, 0]);
        let loops = [iv(0, 4), iv(7, 9), iv(3, 5)];
        assert_eq!(access.region(&loops, &[10, 10]), vec![iv(3, 5), iv(0, 4)]);
    }

    #[test]
    fn convolution_window_gives_halo() {
        // Out rows d1 in [4, 8), kernel rows d2 in [0, 3), padding 1: input rows 3..9, one halo row each side.
        let e = AffineDim::window(1, 1, 2, 1, -1);
        let loops = [iv(0, 1), iv(4, 8), iv(0, 3)];
        assert_eq!(e.range(&loops, 16), iv(3, 9));
        // Clamped at the border.
        let loops = [iv(0, 1), iv(0, 4), iv(0, 3)];
        assert_eq!(e.range(&loops, 16), iv(0, 5));
        // Stride 2, dilation 2.
        let e = AffineDim::window(1, 2, 2, 2, 0);
        assert_eq!(e.range(&[iv(0, 1), iv(2, 4), iv(0, 3)], 100), iv(4, 11));
    }

    #[test]
    fn negative_coefficients_and_constants() {
        let e = AffineDim {
            terms: vec![(0, -1)],
            offset: 9,
        };
        assert_eq!(e.range(&[iv(2, 5)], 10), iv(5, 8));
        assert_eq!(AffineDim::constant(0).range(&[iv(2, 5)], 1), iv(0, 1));
        assert_eq!(AffineDim::constant(3).range(&[], 2), iv(2, 2));
        assert!(AffineDim::dim(0).range(&[iv(3, 3)], 10).is_empty());
    }

    fn tiny_graph() -> (Graph, TensorId, TensorId, TensorId) {
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![8, 4], DType::F32, TensorKind::Input);
        let w = g.add_tensor("w", vec![4, 6], DType::F32, TensorKind::Weight);
        let y = g.add_tensor("y", vec![8, 6], DType::F32, TensorKind::Activation);
        (g, x, w, y)
    }

    fn matmul(x: TensorId, w: TensorId, y: TensorId) -> Op {
        Op {
            name: "linalg.matmul".into(),
            location: "m.mlir:3:5".into(),
            class: OpClass::Contraction,
            dims: vec![
                Dim::new(8, Role::Sample),
                Dim::new(6, Role::Parameter),
                Dim::new(4, Role::Reduction),
            ],
            inputs: vec![Access::dims(x, &[0, 2]), Access::dims(w, &[2, 1])],
            outputs: vec![Access::dims(y, &[0, 1])],
            flops: 2.0 * 8.0 * 6.0 * 4.0,
            dtype: DType::F32,
            position_mask: None,
        }
    }

    #[test]
    fn graph_bookkeeping() {
        let (mut g, x, w, y) = tiny_graph();
        let mm = g.add_op(matmul(x, w, y)).unwrap();
        let z = g.add_tensor("z", vec![8, 6], DType::F32, TensorKind::Activation);
        let relu = Op {
            name: "linalg.generic".into(),
            location: "m.mlir:4:5".into(),
            class: OpClass::Elementwise,
            dims: vec![Dim::new(8, Role::Sample), Dim::new(6, Role::Attribute)],
            inputs: vec![Access::dims(y, &[0, 1])],
            outputs: vec![Access::dims(z, &[0, 1])],
            flops: 48.0,
            dtype: DType::F32,
            position_mask: None,
        };
        let r = g.add_op(relu).unwrap();
        assert_eq!(g.tensor(y).producer, Some(mm));
        assert_eq!(g.consumers(y), &[r]);
        assert_eq!(
            g.edges(),
            &[Edge {
                producer: mm,
                output: 0,
                consumer: r,
                input: 0,
                tensor: y
            }]
        );
        assert_eq!(g.parameter_count(), 24);
        assert_eq!(g.total_flops(), 384.0 + 48.0);
        assert_eq!(g.weights(), vec![w]);
        assert_eq!(g.topological_order().collect::<Vec<_>>(), vec![mm, r]);
        assert_eq!(
            Mode::Training.backward_factor(&g, g.op(mm)),
            1.0,
            "x is a graph input: weight-grad only"
        );
        assert_eq!(Mode::Training.backward_factor(&g, g.op(r)), 1.0);
        assert_eq!(Mode::Inference.backward_factor(&g, g.op(mm)), 0.0);
    }

    #[test]
    fn add_op_rejects_malformed_ops() {
        let (mut g, x, w, y) = tiny_graph();
        let mut bad = matmul(x, w, y);
        bad.inputs[0].exprs.pop();
        let e = g.add_op(bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.mlir:3:5: error: 'linalg.matmul' input #0 has 1 index expressions for rank-2 tensor 'x'"
        );
        let mut bad = matmul(x, w, y);
        bad.outputs[0].exprs[0] = AffineDim::dim(7);
        assert!(g.add_op(bad).unwrap_err().message.contains("loop dim d7"));
        let mut bad = matmul(x, w, y);
        bad.dims[0].size = 0;
        assert!(g.add_op(bad).unwrap_err().message.contains("size 0"));
        let mut bad = matmul(x, w, y);
        bad.outputs[0].tensor = w;
        assert!(g
            .add_op(bad)
            .unwrap_err()
            .message
            .contains("non-activation"));
        g.add_op(matmul(x, w, y)).unwrap();
        assert!(g
            .add_op(matmul(x, w, y))
            .unwrap_err()
            .message
            .contains("second time"));
        let z = g.add_tensor("z", vec![8, 4], DType::F32, TensorKind::Activation);
        let u = g.add_tensor("u", vec![8, 6], DType::F32, TensorKind::Activation);
        assert!(g
            .add_op(matmul(z, w, u))
            .unwrap_err()
            .message
            .contains("before any op writes it"));
    }

    #[test]
    fn dtype_names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::from_name(d.name()), Some(d));
        }
        assert_eq!(DType::BF16.size_bytes(), 2);
        assert_eq!(DType::I1.size_bytes(), 1);
        assert_eq!(DType::from_name("f8"), None);
    }
}
