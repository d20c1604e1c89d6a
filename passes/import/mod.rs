//! The import analysis behind the `par-import` pass (`par_import.rs`) and `par-search`: gives every compute op its iteration space and the SOAP role of each loop dim, as a
//! `#par.space` attribute (docs/design.md §2), and extracts the op graph ([`flexc_core::Graph`]) that the
//! simulator and the search run on.
//!
//! **Families** (`crate::family`) reduce an op to an [`OpModel`] (loops, one affine access per operand
//! and result, class, FLOPs); `family::model_of` is the one table of per-op knowledge (linalg
//! structured ops through their indexing maps, elementwise ops by structure, reshapes, slices, pads,
//! concats, gathers and scatters, StableHLO/CHLO in generic form). Besides the families, program
//! structure: sources (`arith.constant`/`stablehlo.constant`, non-splat: a weight, and value-less ops
//! such as `tensor.empty`) and `func.call`, whose callee's body is imported in place for every call (JAX
//! exports call private helpers), so the graph is the inlined program.
//!
//! **Values** are of three kinds: *data* (depends on a model input), *weight* (computed from weights
//! alone: a non-splat constant, `dense_resource` included, a function argument listed in `param-args`
//! or carrying the `par.param` argument attribute, or an op over weights and constants only), and
//! *constant* (everything else: splats, `tensor.empty`, fills of constants, iotas). Only ops with a data
//! operand are graph ops and get a `#par.space`: an op over weights alone (a transposed weight, a
//! reshaped bias) is replicated work of every device holding the weight, so its result is a weight of
//! the graph; constants are free everywhere and never read as tensors.
//!
//! **SOAP roles**: **S**ample — a parallel loop indexing the batch dim of a data operand (with
//! `sample-reductions=true`, for whole training steps, also a reduction loop indexing it: weight
//! gradients, loss and batch-norm sums; splitting it yields partial sums, all-reduced) (the batch dim
//! of a function argument is `batch-dim`, default 0, propagated through every access, reshapes and
//! transposes included: through a linearized index it is the outermost non-unit term); **P**arameter — a
//! parallel loop indexing a weight; **A**ttribute — other parallel loops; **R**eduction.
//!
//! TOSA is first lowered by the upstream `tosa-to-linalg*` passes (see the driver's default pipeline).
//!
//! Errors: a dynamic or unranked tensor (`?`, `*`) and an op producing tensors that no family models are
//! errors at the op's location; with `opaque-unknown=true` the latter is a warning (printed by the
//! driver) and the op becomes an *opaque* graph op: loops over its first result, every operand read
//! whole, cost estimated from its bytes (or measured, from a profile database), and never partitioned
//! (`flexc_core::Op::is_partitionable`): the search keeps it whole on one device.
//!
//! ```mlir
//! %0 = linalg.matmul ins(%x, %w : tensor<64x4096xf32>, tensor<4096x1000xf32>) outs(...)
//! // becomes
//! %0 = linalg.matmul {par.space = #par.space<array<i64: 64, 1000, 4096>, "SPR">} ins(...) outs(...)
//! ```

use crate::{
    batch_major::MergedLayout,
    emit_error,
    family::{location_text, model_of, result_shape, Import},
    ir,
    op_model::{identity, OpModel},
    op_name, Diagnosed, OptionKind, Options, PassOption,
};
use flexc_core::{
    Access, AffineDim, DType, Dim, Graph, Op as GraphOp, OpClass, TensorId, TensorKind,
};
use flexc_dialects::{names, Role, Space};
use melior::ir::{
    attribute::AttributeLike, block::BlockLike, operation::OperationLike, BlockRef, OperationRef,
    RegionLike, TypeLike, ValueLike,
};
use mlir_sys::{MlirOperation, MlirValue};
use std::collections::{HashMap, HashSet};

mod analysis;
mod entry;

use entry::*;
pub use entry::{argument_names, write_names};

/// `batch-dim`, `param-args`, `data-args`, `sample-reductions`, `opaque-unknown`, `entry`, `batch`: the
/// import settings, also options of every pass that imports the module again (`par-search`).
pub const IMPORT_OPTIONS: [PassOption; 7] = [
    PassOption {
        name: "batch-dim",
        help: "dim of every data argument that holds the batch (the sample dim)",
        default: "0",
        kind: OptionKind::Unsigned,
    },
    PassOption {
        name: "param-args",
        help: "comma-separated indices of function arguments that are weights (JAX passes weights as arguments)",
        default: "",
        kind: OptionKind::UnsignedList,
    },
    PassOption {
        name: "data-args",
        help: "comma-separated indices of the entry function's data arguments; when given, every other tensor argument is a weight",
        default: "",
        kind: OptionKind::UnsignedList,
    },
    PassOption {
        name: "sample-reductions",
        help: "a reduction loop carrying the batch (weight-gradient contractions, loss and batch-norm sums of a training step) gets the sample role, so data parallelism splits it into partial sums",
        default: "false",
        kind: OptionKind::OneOf(&["true", "false"]),
    },
    PassOption {
        name: "opaque-unknown",
        help: "warn about ops no family models and leave them replicated, instead of failing",
        default: "false",
        kind: OptionKind::OneOf(&["true", "false"]),
    },
    PassOption {
        name: "entry",
        help: "the function to import (without '@'); default: the module's one public function with a body",
        default: "",
        kind: OptionKind::Checked {
            values: "name",
            check: check_symbol,
        },
    },
    PassOption {
        name: "batch",
        help: "rescale the sample dim to this global batch in the imported graph (0: the batch as exported); the module keeps its shapes",
        default: "0",
        kind: OptionKind::Unsigned,
    },
];

/// An `entry` value: empty (none) or a symbol name without its `@`.
fn check_symbol(name: &str) -> Result<(), String> {
    if name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.$-".contains(c))
    {
        Ok(())
    } else {
        Err(format!(
            "'{name}' is not a symbol name (letters, digits, '_', '.', '$', '-'; no '@')"
        ))
    }
}

/// Settings of the import analysis: `par-import`'s options (and `par-search`'s import options), parsed
/// once by [`ImportOptions::from_pass_options`]; the driver builds them from its command line without
/// text ([`crate::check_option`] gives its usage messages).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportOptions {
    pub batch_dim: usize,
    pub param_args: Vec<usize>,
    /// When non-empty, the only data arguments; all other tensor arguments are weights.
    pub data_args: Vec<usize>,
    pub opaque_unknown: bool,
    /// Whether a reduction loop carrying the batch gets the sample role (a whole training step: its
    /// backward reduces over the samples to weight gradients).
    pub sample_reductions: bool,
    /// The function to import (`entry=`); `None`: see [`select_entry`].
    pub entry: Option<String>,
    /// `batch=N`: the graph's batch rescaled to `N` ([`flexc_core::batch`]); `None`: as exported.
    pub batch: Option<u64>,
}

impl ImportOptions {
    pub fn from_pass_options(options: &Options) -> Self {
        ImportOptions {
            batch_dim: options.unsigned("batch-dim") as usize,
            param_args: options.unsigned_list("param-args"),
            data_args: options.unsigned_list("data-args"),
            opaque_unknown: options.get("opaque-unknown") == "true",
            sample_reductions: options.get("sample-reductions") == "true",
            entry: Some(options.get("entry").to_string()).filter(|name| !name.is_empty()),
            batch: Some(options.unsigned("batch")).filter(|&n| n > 0),
        }
    }

    /// These settings as `par-import`'s option text: the one place they become text (a recipe printed as
    /// a pipeline string, [`crate::pass_pipeline::import`]); [`ImportOptions::from_pass_options`] of its
    /// parse is `self` again.
    pub fn to_option_text(&self) -> String {
        let list = |items: &[usize]| {
            items
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut words = vec![
            format!("batch-dim={}", self.batch_dim),
            format!("opaque-unknown={}", self.opaque_unknown),
        ];
        if self.sample_reductions {
            words.push("sample-reductions=true".into());
        }
        if let Some(batch) = self.batch {
            words.push(format!("batch={batch}"));
        }
        for (name, value) in [
            ("param-args", list(&self.param_args)),
            ("data-args", list(&self.data_args)),
            ("entry", self.entry.clone().unwrap_or_default()),
        ] {
            if !value.is_empty() {
                words.push(format!("{name}={value}"));
            }
        }
        words.join(" ")
    }
}

/// One graph op as imported (`graph.ops()[i]` is `ops[i]`).
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedOp {
    pub name: String,
    pub location: String,
    pub space: Space,
    pub class: OpClass,
    /// Forward FLOPs of the whole op (body arithmetic ops × iterations).
    pub flops: u64,
    /// Elements of the weights this op is the first to read (directly or through weight-only ops).
    pub parameters: u64,
    /// The MLIR op (`MlirOperation` pointer) this graph op stands for; valid while the module lives. Ops
    /// of a function called several times stand for one graph op per call.
    pub handle: usize,
    /// Its `#par.config`, when the module carries one (a `.par.mlir`), for simulating that strategy.
    pub config: Option<flexc_core::Config>,
    /// Its virtual pipeline stage (`par.stage`), when the module's strategy has several.
    pub stage: Option<u32>,
    /// Whether its data operands carry a batch dim that reaches none of its loops (see
    /// [`Imported::sample_lost`]).
    pub sample_lost: bool,
}

/// The result of importing a module.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub ops: Vec<ImportedOp>,
    /// Distinct weight tensors' elements.
    pub parameters: u64,
    /// One forward pass, whole batch, graph ops only; a multiply-add counts 2.
    pub forward_flops: u64,
    /// Function arguments taken as weights, as `@func:index`.
    pub weight_args: Vec<String>,
    /// Ops left opaque (`opaque-unknown`): location and warning.
    pub opaque: Vec<(String, String)>,
    /// The op graph, one graph op per entry of `ops`.
    pub graph: Graph,
    /// The batch as exported and as rescaled (`batch=N`), when it was rescaled.
    pub batch: Option<flexc_core::batch::Rescaled>,
    /// The module's `#par.schedule` (a `.par.mlir` whose strategy is not flat).
    pub schedule: Option<flexc_core::schedule::Schedule>,
    /// The module's location (`file:line:col`, where its records are): errors about the strategy as a
    /// whole (its schedule, its op count) are reported there.
    pub location: String,
    /// The batch dim the module was imported with (`batch-dim`).
    pub batch_dim: usize,
    /// The location of every op of the entry function that carries a `par.config` (graph op or not).
    pub configured: Vec<String>,
    /// The entry function's name.
    pub entry: String,
    /// The entry function's data arguments when not all of its tensor arguments are (`data-args`, or
    /// inferred: see [`Imported::weights_inferred`]).
    pub data_args: Option<Vec<usize>>,
    /// How the weights among the entry function's arguments were found without `param-args` or
    /// `data-args` (module doc), when they were.
    pub weights_inferred: Option<String>,
    /// The entry function's arguments in order: weight or data, name, graph tensor.
    pub args: Vec<EntryArg>,
    /// The entry function's results in order: name, graph tensor, the argument it updates.
    pub results: Vec<EntryResult>,
}

/// One argument of the entry function as the import saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryArg {
    /// Taken as a weight (a parameter of the model), else data.
    pub weight: bool,
    /// Its name, when the module gives one ([`argument_names`]).
    pub name: Option<String>,
    /// Its graph tensor; `None` when no graph op reads it (or it is not a static tensor).
    pub tensor: Option<TensorId>,
}

/// One result of the entry function as the import saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryResult {
    /// JAX's `jax.result_info`, when present.
    pub name: Option<String>,
    /// The graph tensor it returns (written by a graph op, or an argument returned as it is).
    pub tensor: Option<TensorId>,
    /// The argument it holds the new value of (`tf.aliasing_output` on that argument).
    pub aliases: Option<usize>,
}

impl Imported {
    /// Graph ops whose data operands carry the batch but none of whose loops is a sample or reduction
    /// loop indexing it: the batch was lost (e.g. one sample sliced out). Expected empty for real models.
    pub fn sample_lost(&self) -> Vec<&ImportedOp> {
        self.ops.iter().filter(|op| op.sample_lost).collect()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// Free to recompute everywhere: never read as a tensor.
    #[default]
    Constant,
    Weight,
    Data,
}

/// What the analysis knows about a tensor value.
#[derive(Clone, Copy, Debug, Default)]
struct ValueInfo {
    kind: Kind,
    /// The tensor dim that carries the batch, and the batch's stride within it (1 for a plain batch dim;
    /// 40 for a `[batch*40]` dim merged batch-major, 1 for a `[40*batch]` dim merged batch-minor).
    sample: Option<(usize, i64)>,
    /// Key of the parameter count this value carries until a graph op reads it.
    leaf: Option<usize>,
    /// Its graph tensor, once it has one.
    tensor: Option<TensorId>,
    /// For a weight computed by moving or broadcasting other weights: the index in `Analysis::views` of
    /// the weights it reads, with their accesses in terms of this value's dims.
    view: Option<usize>,
    /// For a data value with a dim that merges the batch with outer dims: the index in
    /// `Analysis::layouts` of that dim's batch-major graph layout (`crate::batch_major`).
    layout: Option<usize>,
    /// A constant computed from positions (an iota, or a `linalg.generic` over `linalg.index`, and
    /// what is computed from those and other constants): an attention mask when a graph op reads it
    /// over two or more of its loops after a comparison (`mask`, [`flexc_core::Op::position_mask`]).
    positional: bool,
    /// A positional constant that went through a comparison (a mask: `tril`, `iota >= iota`, and what
    /// selects or broadcasts it), as opposed to a table of positions such as rotary embeddings'.
    mask: bool,
}

impl ValueInfo {
    /// A data value (an argument or a graph op's result) that has its graph tensor.
    fn data(sample: Option<(usize, i64)>, tensor: TensorId) -> ValueInfo {
        ValueInfo {
            kind: Kind::Data,
            sample,
            leaf: None,
            tensor: Some(tensor),
            view: None,
            layout: None,
            positional: false,
            mask: false,
        }
    }
}

struct Analysis<'o> {
    options: &'o ImportOptions,
    values: HashMap<usize, ValueInfo>,
    /// Elements of every weight leaf (constant or argument), by leaf key.
    leaf_elements: HashMap<usize, u64>,
    /// Leaves already in the model total (each weight counts once: tied embeddings are one tensor).
    counted: HashSet<usize>,
    /// Parameters not yet attributed to a graph op, by leaf key (leaves and derived weights).
    pending: HashMap<usize, u64>,
    /// Graph tensors of weights, by leaf key.
    weight_tensors: HashMap<usize, TensorId>,
    /// The leaf key of each weight argument of the entry function (index in `result.args`).
    arg_leaves: Vec<(usize, usize)>,
    /// Weight views (see `ValueInfo::view`): leaf weight values and their accesses.
    views: Vec<Vec<(MlirValue, Vec<AffineDim>)>>,
    /// Batch-major layouts of merged dims (see `ValueInfo::layout`).
    layouts: Vec<MergedLayout>,
    functions: HashMap<String, MlirOperation>,
    call_depth: usize,
    result: Imported,
    /// Weight constants by their values, to find tied copies (`tied_weights`).
    tied_weights: crate::tied_weights::TiedWeights<'o>,
    /// Leaves that hold the same weight as an earlier leaf: leaf key → the earlier leaf's key.
    tied: HashMap<usize, usize>,
    /// Graph tensors whose bytes are in `graph_bytes` (a prefix of the graph's tensors), and their total.
    graph_bytes: (usize, u64),
    failed: bool,
    annotations: Vec<(MlirOperation, Space)>,
}

/// Imports `module`: annotates it with `#par.space` when `annotate`, and returns the op table and graph.
/// Emits diagnostics and returns `Err` on unsupported input.
pub fn analyze(
    module: &OperationRef<'_, '_>,
    options: &ImportOptions,
    annotate: bool,
) -> Result<Imported, Diagnosed> {
    let mut analysis = Analysis {
        options,
        values: HashMap::new(),
        leaf_elements: HashMap::new(),
        counted: HashSet::new(),
        pending: HashMap::new(),
        weight_tensors: HashMap::new(),
        arg_leaves: Vec::new(),
        views: Vec::new(),
        layouts: Vec::new(),
        functions: HashMap::new(),
        call_depth: 0,
        result: Imported::default(),
        tied_weights: Default::default(),
        tied: HashMap::new(),
        graph_bytes: (0, 0),
        failed: false,
        annotations: Vec::new(),
    };
    analysis.result.location = crate::family::location_text(module);
    analysis.result.batch_dim = options.batch_dim;
    match crate::schedule_attr(module) {
        Ok(schedule) => analysis.result.schedule = schedule,
        Err(e) => {
            emit_error(module.location(), &format!("invalid par.schedule: {e}"));
            return Err(Diagnosed);
        }
    }
    let mut functions = Vec::new();
    for op in top_level_ops(module) {
        if op_name(&op) != "func.func" {
            continue;
        }
        let name = op
            .attribute("sym_name")
            .map(|a| a.to_string().trim_matches('"').to_string())
            .unwrap_or_default();
        analysis.functions.insert(name.clone(), op.to_raw());
        functions.push((name, op));
    }
    let entry = select_entry(&functions, options.entry.as_deref()).map_err(|message| {
        emit_error(module.location(), &message);
        Diagnosed
    })?;
    if let Some(function) = entry {
        // Every op of the entry function that carries a strategy, graph op or not: a strategy
        // whose annotations the graph does not cover (a record edited to other data arguments)
        // is then an error, not a graph simulated without it.
        function.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            if op.attribute(names::CONFIG_ATTR).is_ok() {
                analysis
                    .result
                    .configured
                    .push(crate::family::location_text(&op));
            }
            melior::ir::operation::WalkResult::Advance
        });
        analysis.entry_function(function);
    }
    // A weight argument's graph tensor exists once a graph op read it.
    for (index, key) in std::mem::take(&mut analysis.arg_leaves) {
        analysis.result.args[index].tensor = analysis.weight_tensors.get(&key).copied();
    }
    if analysis.failed {
        return Err(Diagnosed);
    }
    if annotate {
        let context = unsafe { mlir_sys::mlirOperationGetContext(module.to_raw()) };
        for (op, space) in &analysis.annotations {
            let text = space.to_text();
            unsafe {
                let attribute = mlir_sys::mlirAttributeParseGet(
                    context,
                    melior::StringRef::new(&text).to_raw(),
                );
                // The text is ours and the par dialect is loaded: a null attribute is a flexc bug.
                assert!(
                    !attribute.ptr.is_null(),
                    "flexc produced an unparsable attribute {text}"
                );
                mlir_sys::mlirOperationSetDiscardableAttributeByName(
                    *op,
                    melior::StringRef::new(names::SPACE_ATTR).to_raw(),
                    attribute,
                );
            }
        }
    }
    let mut result = analysis.result;
    if let Some(to) = options.batch {
        rescale(&mut result, options.batch_dim, to).map_err(|(location, message)| {
            emit_error(location.unwrap_or_else(|| module.location()), &message);
            Diagnosed
        })?;
    }
    Ok(result)
}

/// The `#par.import` record of a module imported as `imported` with `options` and trained in `mode`
/// (`train`, `as-is` or `inference`): what reading the module again needs to import it the same way.
pub fn record(
    imported: &Imported,
    options: &ImportOptions,
    mode: flexc_core::Mode,
) -> flexc_dialects::ImportAttr {
    let list = |values: &[usize]| values.iter().map(|&v| v as u64).collect::<Vec<_>>();
    flexc_dialects::ImportAttr {
        batch_dim: options.batch_dim as u64,
        mode: mode.word().to_string(),
        data_args: imported.data_args.as_deref().map(list),
        param_args: list(&options.param_args),
        batch: options.batch,
        entry: Some(imported.entry.clone()).filter(|e| !e.is_empty()),
        opaque_unknown: options.opaque_unknown,
    }
}

/// The batch dim of the data arguments when `batch-dim` is not given, and why, from `imported` (the
/// module imported with `options`, batch dim 0). A dim that holds the batch keeps it whole through the
/// graph: the gcd of every sample loop's size is the dim's own size and no op loses it. Dim 0 unless
/// its sample loops have one iteration (a seq-first recurrence steps through dim 0 one time step at a
/// time) or some op loses it; then the dim that keeps it, loses it at the fewest ops and follows it
/// through the most, dim 0 on a tie. Each other dim below the data arguments' rank is imported once more (no annotations).
pub fn infer_batch_dim(
    module: &OperationRef<'_, '_>,
    options: &ImportOptions,
    imported: &Imported,
) -> (usize, String) {
    let rank = imported
        .graph
        .tensors()
        .iter()
        .filter(|t| t.kind == TensorKind::Input)
        .map(|t| t.shape.len())
        .max()
        .unwrap_or(0);
    // (dim, whether the batch stays whole, ops that lose it, ops that follow it, the batch).
    let score = |dim: usize, imported: &Imported| {
        let size = imported
            .graph
            .tensors()
            .iter()
            .filter(|t| t.kind == TensorKind::Input)
            .filter_map(|t| t.shape.get(dim).copied())
            .max()
            .unwrap_or(0);
        let batch = flexc_core::baselines::batch_of(&imported.graph);
        let followed = imported
            .graph
            .ops()
            .iter()
            .filter(|op| op.first_dim(Role::Sample).is_some())
            .count();
        (
            dim,
            batch == size && size > 1,
            imported.sample_lost().len(),
            followed,
            batch,
        )
    };
    // The dim as the module has it: a --batch rescale (to one sample, say) must not make the batch
    // look stepped through one sample at a time.
    let unscaled = options.batch.and_then(|_| {
        let probe = ImportOptions {
            batch: None,
            ..options.clone()
        };
        analyze(module, &probe, false).ok()
    });
    let first = score(options.batch_dim, unscaled.as_ref().unwrap_or(imported));
    let mut best = first;
    // Only a batch stepped through one sample at a time (or lost) says the dim is not the batch: a
    // smaller batch than the dim's size may be arguments that are weights (JAX without --data-args).
    if first.4 == 1 && !first.1 || first.2 > 0 {
        for dim in (0..rank).filter(|&d| d != options.batch_dim) {
            let probe = ImportOptions {
                batch_dim: dim,
                batch: None,
                ..options.clone()
            };
            let Ok(other) = analyze(module, &probe, false) else {
                continue;
            };
            let other = score(dim, &other);
            let key = |s: &(usize, bool, usize, usize, u64)| (!s.1, s.2, std::cmp::Reverse(s.3));
            if key(&other) < key(&best) {
                best = other;
            }
        }
    }
    let why = if best.0 == first.0 {
        format!(
            "dim {} of the data arguments, inferred: a batch of {} followed through {} ops",
            best.0, best.4, best.3
        )
    } else {
        format!(
            "dim {} of the data arguments, inferred: dim {} is stepped through {} at a time (a seq-first \
             recurrence), dim {} keeps a batch of {} through {} ops",
            best.0,
            first.0,
            first.4.max(1),
            best.0,
            best.4,
            best.3
        )
    };
    (best.0, why)
}

/// `batch=N`: the graph, the op table and the FLOP totals with the batch rescaled (the annotations keep
/// the module's own sizes: the module is not rewritten). `Err`: the MLIR location of the op to blame
/// and the message.
fn rescale<'c>(
    imported: &mut Imported,
    batch_dim: usize,
    to: u64,
) -> Result<(), (Option<melior::ir::Location<'c>>, String)> {
    // The MLIR location of a graph op (its handle is valid while the module lives).
    let location = |op: &ImportedOp| unsafe {
        melior::ir::Location::from_raw(mlir_sys::mlirOperationGetLocation(MlirOperation {
            ptr: op.handle as *mut std::ffi::c_void,
        }))
    };
    let (graph, rescaled) = flexc_core::batch::rescale_batch(&imported.graph, batch_dim, to)
        .map_err(|e| {
            let op = e.op.and_then(|op| imported.ops.get(op.index()));
            (op.map(location), e.message)
        })?;
    // A global batch may make the whole-batch graph larger than the task simulator runs (an ordinary
    // 4096-sequence batch of a 7B model does): it refuses such a graph
    // (`flexc_core::sim::MAX_SIMULATED_BYTES`), and strategies with replicas or micro-batches simulate
    // their share of the batch. Only totals past [`MAX_GRAPH_BYTES`] are refused here.
    let total = graph
        .tensors()
        .iter()
        .fold(0u64, |sum, t| sum.saturating_add(t.bytes()));
    if total > MAX_GRAPH_BYTES {
        // At the first graph op: the model's first place the batch reaches.
        return Err((
            imported.ops.first().map(location),
            format!(
                "--batch={to}: the model's tensors would total {total} bytes, more than flexc's limit of \
                 2^60 bytes for a whole-batch graph"
            ),
        ));
    }
    let mut forward_flops = 0u64;
    for (op, graph_op) in imported.ops.iter_mut().zip(graph.ops()) {
        op.space.sizes = graph_op
            .dims
            .iter()
            .map(|d| i64::try_from(d.size).unwrap_or(i64::MAX))
            .collect();
        op.flops = graph_op.flops.round() as u64;
        forward_flops = forward_flops.saturating_add(op.flops);
    }
    imported.forward_flops = forward_flops;
    imported.graph = graph;
    imported.batch = Some(rescaled);
    Ok(())
}

/// The function a module's graph is imported from: the one named by `entry` (any function with a
/// body); without a name, the module's only public function with a body (`None` when the module has
/// no function with a body at all: an empty model). Every other case is an error listing the
/// candidates, so that flexc never picks one of several functions silently.
fn select_entry<'f, 'c, 'a>(
    functions: &'f [(String, OperationRef<'c, 'a>)],
    entry: Option<&str>,
) -> Result<Option<&'f OperationRef<'c, 'a>>, String> {
    let has_body = |op: &OperationRef<'_, '_>| {
        op.region(0)
            .ok()
            .and_then(|region| region.first_block())
            .is_some()
    };
    let private = |op: &OperationRef<'_, '_>| {
        op.attribute("sym_visibility")
            .is_ok_and(|v| v.to_string().contains("private"))
    };
    let defined: Vec<&(String, OperationRef)> =
        functions.iter().filter(|(_, op)| has_body(op)).collect();
    let public: Vec<&(String, OperationRef)> = defined
        .iter()
        .copied()
        .filter(|(_, op)| !private(op))
        .collect();
    let list = |candidates: &[&(String, OperationRef)]| {
        candidates
            .iter()
            .map(|(name, _)| format!("@{name}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(name) = entry {
        return match defined.iter().find(|(candidate, _)| candidate == name) {
            Some((_, op)) => Ok(Some(op)),
            None if defined.is_empty() => Err(format!(
                "entry function '@{name}' not found: the module defines no function"
            )),
            None => Err(format!(
                "entry function '@{name}' not found; functions with a body: {}",
                list(&defined)
            )),
        };
    }
    match (public.as_slice(), defined.is_empty()) {
        ([(_, op)], _) => Ok(Some(op)),
        ([], true) => Ok(None),
        ([], false) => Err(format!(
            "no public function to import; name the entry with --entry=NAME (or par-import{{entry=NAME}}) among: {}",
            list(&defined)
        )),
        (several, _) => Err(format!(
            "{} public functions, which one is the model? name it with --entry=NAME (or par-import{{entry=NAME}}); candidates: {}",
            several.len(),
            list(several)
        )),
    }
}

fn top_level_ops<'c, 'a>(module: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    module
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .map(ir::block_operations)
        .unwrap_or_default()
}

/// The most bytes the tensors of a whole-batch graph may total, imported or rescaled to a global batch
/// (`batch=N`): 2^60 (1 EiB). Only the task simulator sums bytes per device and over devices, and it
/// runs graphs of at most [`flexc_core::sim::MAX_SIMULATED_BYTES`] (2^50); a larger graph is simulated
/// through the share of it that one micro-batch of one pipeline stage holds (a 131,072-token sequence's
/// attention scores in a graph that writes them out pass 2^50 in one step of an 8B model).
pub const MAX_GRAPH_BYTES: u64 = 1 << 60;

/// Why a tensor of `shape` cannot be imported: its element count or byte size overflows 64 bits.
fn size_overflow(shape: &ir::Shape) -> Option<String> {
    if !shape.is_static() {
        return None;
    }
    let element_bytes = dtype_of(shape).size_bytes().max(shape.element_bytes);
    match shape.checked_elements() {
        None => Some(format!(
            "{} has more elements than 64 bits count (its element count overflows u64)",
            shape_text(shape)
        )),
        Some(elements) if elements.checked_mul(element_bytes).is_none() => Some(format!(
            "{} is larger than 2^64 bytes ({elements} elements of {element_bytes} bytes: its size overflows u64)",
            shape_text(shape)
        )),
        Some(_) => None,
    }
}

/// Whether an element type (as text) is a floating-point or complex type: the types of trainable
/// parameters.
fn is_floating(element: &str) -> bool {
    element.starts_with('f') || element.starts_with("bf") || element.starts_with("complex")
}

/// `tensor<2x3xf32>` of a static shape.
fn shape_text(shape: &ir::Shape) -> String {
    let dims: String = shape
        .dims
        .iter()
        .map(|d| format!("{}x", d.unwrap_or(0)))
        .collect();
    format!("tensor<{dims}{}>", shape.element)
}

fn dtype_of(shape: &ir::Shape) -> DType {
    DType::from_name(&shape.element).unwrap_or(match shape.element_bytes {
        8 => DType::I64,
        2 => DType::F16,
        1 => DType::I8,
        _ => DType::F32,
    })
}
