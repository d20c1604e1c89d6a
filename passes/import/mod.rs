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

/// Settings of the import analysis.
#[derive(Clone, Debug, Default)]
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
    mode: flexc_core::ImportMode,
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
    let first = score(options.batch_dim, imported);
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
    // A global batch may make the whole-batch graph larger than the importer's limit (an ordinary
    // 4096-sequence batch of a 7B model does): the task simulator refuses such a graph
    // (`flexc_core::sim::MAX_SIMULATED_BYTES`), and strategies with replicas or micro-batches simulate
    // their share of the batch. Only totals past 2^60 bytes are refused here.
    let total = graph
        .tensors()
        .iter()
        .fold(0u64, |sum, t| sum.saturating_add(t.bytes()));
    if total > MAX_RESCALED_BYTES {
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

/// The most bytes the tensors of an imported graph may total: 2^50 (1 PiB). The simulator and the
/// search sum bytes per device, per transfer and over devices in 64 bits; keeping the whole graph 2^14
/// times below the 64-bit limit keeps every such sum exact. No real model comes near it.
pub const MAX_GRAPH_BYTES: u64 = 1 << 50;

/// The most bytes the tensors of a graph rescaled to a global batch (`batch=N`) may total: 2^60. Such a
/// graph is simulated per device only up to [`MAX_GRAPH_BYTES`]; beyond, through replicas and
/// micro-batches, whose graphs hold a share of the batch.
pub const MAX_RESCALED_BYTES: u64 = 1 << 60;

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

impl Analysis<'_> {
    fn info(&self, value: MlirValue) -> ValueInfo {
        self.values
            .get(&ir::value_key(value))
            .copied()
            .unwrap_or_default()
    }

    fn set(&mut self, value: MlirValue, info: ValueInfo) {
        self.values.insert(ir::value_key(value), info);
    }

    fn error(&mut self, op: &OperationRef<'_, '_>, message: &str) {
        emit_error(op.location(), message);
        self.failed = true;
    }

    fn check_static(&mut self, op: &OperationRef<'_, '_>, name: &str) -> bool {
        let types = op
            .operands()
            .map(|v| v.r#type().to_raw())
            .chain(op.results().map(|v| v.r#type().to_raw()));
        for ty in types {
            let dynamic =
                ir::tensor_shape(ty).is_some_and(|s| !s.is_static()) || ir::is_unranked_tensor(ty);
            if dynamic {
                self.error(
                    op,
                    &format!(
                        "'{name}' op has a dynamic shape ({}); flexc needs static shapes: export the model with fixed input sizes",
                        ir::type_text(ty)
                    ),
                );
                return false;
            }
            if let Some(message) = ir::tensor_shape(ty).and_then(|shape| size_overflow(&shape)) {
                self.error(op, &format!("'{name}' op: {message}"));
                return false;
            }
        }
        true
    }

    /// Marks the weight constant `value` (its attribute `attribute`) as tied to an earlier constant
    /// with the same values up to a dim permutation: its parameters count once (`tied_weights`).
    fn tie_weight(
        &mut self,
        value: MlirValue,
        attribute: mlir_sys::MlirAttribute,
        shape: &ir::Shape,
    ) {
        let key = ir::value_key(value);
        let dims = shape.static_dims();
        let bytes = shape.element_bytes as usize;
        if let Some(earlier) = self.tied_weights.tie(key, attribute, &dims, bytes) {
            self.tied.insert(key, earlier);
            self.pending.insert(key, 0);
        }
    }

    /// Adds the bytes of the graph tensors created since the last call to the graph's total; `Err` when
    /// the total passes [`MAX_GRAPH_BYTES`].
    fn check_graph_bytes(&mut self) -> Result<(), String> {
        let (seen, mut total) = self.graph_bytes;
        let tensors = self.result.graph.tensors();
        for tensor in &tensors[seen..] {
            // Each tensor's size was checked to fit 64 bits (`size_overflow`) before it was created.
            let bytes = tensor.bytes();
            total = total.saturating_add(bytes);
        }
        self.graph_bytes = (tensors.len(), total);
        if total > MAX_GRAPH_BYTES {
            return Err(format!(
                "the model's tensors total {total} bytes here, more than flexc's limit of 2^50 bytes \
                 (1 PiB), past which sums of sizes over devices could overflow 64 bits"
            ));
        }
        Ok(())
    }

    fn weight_leaf(&mut self, value: MlirValue, elements: u64) {
        let key = ir::value_key(value);
        self.leaf_elements.insert(key, elements);
        self.pending.insert(key, elements);
        self.weight_tensors.remove(&key);
        self.set(
            value,
            ValueInfo {
                kind: Kind::Weight,
                sample: None,
                leaf: Some(key),
                tensor: None,
                view: None,
                layout: None,
            },
        );
    }

    fn entry_function(&mut self, op: &OperationRef<'_, '_>) {
        let Ok(region) = op.region(0) else { return };
        let Some(block) = region.first_block() else {
            return;
        };
        let function = op
            .attribute("sym_name")
            .map(|a| a.to_string().trim_matches('"').to_string())
            .unwrap_or_default();
        let arg_attrs = op.attribute("arg_attrs").map(|a| a.to_string()).ok();
        let res_attrs = op.attribute("res_attrs").map(|a| a.to_string()).ok();
        let names = argument_names(arg_attrs.as_deref(), res_attrs.as_deref(), block);
        let result_dicts = attribute_dicts(res_attrs.as_deref());
        self.result.entry = function.clone();
        self.result.args = names
            .iter()
            .map(|name| EntryArg {
                name: name.clone(),
                ..EntryArg::default()
            })
            .collect();
        let inferred = (self.options.param_args.is_empty() && self.options.data_args.is_empty())
            .then(|| updated_arguments(arg_attrs.as_deref(), block))
            .flatten();
        if !self.options.data_args.is_empty() {
            self.result.data_args = Some(self.options.data_args.clone());
        }
        if let Some((weights, why)) = &inferred {
            let data: Vec<usize> = (0..block.argument_count())
                .filter(|i| !weights.contains(i))
                .collect();
            self.result.weights_inferred = Some(format!(
                "weights: arguments {} of @{function} ({why}); data: {}",
                index_ranges(weights),
                index_ranges(&data)
            ));
            self.result.data_args = Some(data);
        }
        for index in 0..block.argument_count() {
            let Ok(argument) = block.argument(index) else {
                continue;
            };
            let value = argument.to_raw();
            let Some(shape) = ir::tensor_shape(argument.r#type().to_raw()) else {
                continue;
            };
            if !shape.is_static() {
                // Reported at the first op that reads it (`check_static`), where the user can see it.
                continue;
            }
            if let Some(message) = size_overflow(&shape) {
                // At the argument itself (`%x: tensor<...>` in the signature).
                let location = unsafe {
                    melior::ir::Location::from_raw(mlir_sys::mlirValueGetLocation(value))
                };
                emit_error(
                    location,
                    &format!("@{function} argument {index}: {message}"),
                );
                self.failed = true;
                continue;
            }
            let marked = arg_attrs.as_deref().is_some_and(|attrs| {
                flexc_dialects::split_top_level(attrs.trim_start_matches('[').trim_end_matches(']'))
                    .get(index)
                    .is_some_and(|dict| dict.contains("par.param"))
            });
            let weight = self.options.param_args.contains(&index)
                || (!self.options.data_args.is_empty() && !self.options.data_args.contains(&index))
                || inferred.as_ref().is_some_and(|(w, _)| w.contains(&index))
                || marked;
            if weight {
                self.result.weight_args.push(format!("@{function}:{index}"));
                self.weight_leaf(value, shape.elements());
                self.result.args[index].weight = true;
                self.arg_leaves.push((index, ir::value_key(value)));
            } else {
                let sample = (self.options.batch_dim < shape.dims.len())
                    .then_some((self.options.batch_dim, 1));
                let tensor = self.result.graph.add_tensor(
                    format!("@{function}:{index}"),
                    shape.static_dims(),
                    dtype_of(&shape),
                    TensorKind::Input,
                );
                self.set(value, ValueInfo::data(sample, tensor));
                self.result.args[index].tensor = Some(tensor);
            }
        }
        let returned = self.body(block);
        let sources = result_sources(block);
        let aliases: Vec<Option<usize>> = attribute_dicts(arg_attrs.as_deref())
            .iter()
            .map(|dict| {
                string_after(dict, "tf.aliasing_output = ").and_then(|text| {
                    text.split(|c: char| !c.is_ascii_digit())
                        .next()?
                        .parse()
                        .ok()
                })
            })
            .collect();
        self.result.results = returned
            .iter()
            .enumerate()
            .map(|(r, info)| EntryResult {
                name: result_dicts
                    .get(r)
                    .and_then(|dict| quoted_after(dict, "jax.result_info = ")),
                tensor: info.tensor.or_else(|| {
                    info.leaf
                        .filter(|_| info.kind == Kind::Weight)
                        .and_then(|leaf| self.weight_tensors.get(&leaf).copied())
                }),
                aliases: aliases.iter().position(|&a| a == Some(r)).or_else(|| {
                    // Without JAX's marks: the one weight argument of its type it is computed from.
                    match sources.get(r).map(Vec::as_slice) {
                        Some(&[i]) if self.result.args.get(i).is_some_and(|a| a.weight) => Some(i),
                        _ => None,
                    }
                }),
            })
            .collect();
    }

    /// Imports the ops of a function body in order; returns the values of its `return`.
    fn body(&mut self, block: BlockRef<'_, '_>) -> Vec<ValueInfo> {
        let mut returned = Vec::new();
        for op in ir::block_operations(block) {
            if let Some(values) = self.visit(&op) {
                returned = values;
            }
        }
        returned
    }

    /// Imports one op; `Some` with the returned values for a terminator.
    fn visit(&mut self, op: &OperationRef<'_, '_>) -> Option<Vec<ValueInfo>> {
        let name = op_name(op);
        let (_, family) = model_of(op, &name);
        if !matches!(family, Import::Source | Import::Return) && !self.check_static(op, &name) {
            return None;
        }
        match family {
            Import::Modelled(model) => self.modelled(op, &name, model, Vec::new()),
            Import::Capturing(model, captures) => self.modelled(op, &name, model, captures),
            Import::Constant => self.constant(op),
            Import::Source => {}
            Import::Call(callee) => self.call(op, &callee),
            Import::Return => {
                return Some(op.operands().map(|v| self.info(v.to_raw())).collect());
            }
            Import::Invalid(message) => {
                self.error(op, &format!("'{name}' op: {message}"));
            }
            Import::Unknown => self.unknown(op, &name),
        }
        None
    }

    fn call(&mut self, op: &OperationRef<'_, '_>, callee: &str) {
        let Some(&function) = self.functions.get(callee) else {
            self.error(op, &format!("call to unknown function @{callee}"));
            return;
        };
        if self.call_depth >= 64 {
            self.error(
                op,
                &format!("calls nest deeper than 64 levels at @{callee} (recursion?)"),
            );
            return;
        }
        let function = unsafe { OperationRef::from_raw(function) };
        let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else {
            self.error(op, &format!("call to external function @{callee}"));
            return;
        };
        for (index, operand) in op.operands().enumerate() {
            if let Ok(argument) = block.argument(index) {
                let info = self.info(operand.to_raw());
                self.set(argument.to_raw(), info);
            }
        }
        self.call_depth += 1;
        let returned = self.body(block);
        self.call_depth -= 1;
        for (result, info) in op.results().zip(returned) {
            self.set(result.to_raw(), info);
        }
    }

    fn constant(&mut self, op: &OperationRef<'_, '_>) {
        let Ok(result) = op.result(0) else { return };
        let Some(shape) = ir::tensor_shape(result.r#type().to_raw()) else {
            return;
        };
        let value = op.attribute("value").map(|a| a.to_raw());
        let splat = value.as_ref().is_ok_and(|&v| unsafe {
            mlir_sys::mlirAttributeIsADenseElements(v) && mlir_sys::mlirDenseElementsAttrIsSplat(v)
        });
        if shape.elements() > 1 && !splat {
            // Integer tables (position ids, gather indices, masks) are read like weights but are no
            // trainable parameters (PyTorch keeps them as buffers): they count 0.
            let parameters = if is_floating(&shape.element) {
                shape.elements()
            } else {
                0
            };
            self.weight_leaf(result.to_raw(), parameters);
            if let Ok(value) = value {
                self.tie_weight(result.to_raw(), value, &shape);
            }
        } else {
            self.set(result.to_raw(), ValueInfo::default());
        }
    }

    fn unknown(&mut self, op: &OperationRef<'_, '_>, name: &str) {
        if !self.options.opaque_unknown {
            self.error(
                op,
                &format!(
                    "'{name}' op is not supported by flexc's importer (no iteration space known); run with --opaque-unknown to keep it replicated"
                ),
            );
            return;
        }
        // The C API cannot emit warnings: the driver prints these.
        self.result.opaque.push((
            location_text(op),
            format!(
                "'{name}' op is not modelled by flexc; it stays replicated and is not partitioned"
            ),
        ));
        // An opaque op: one loop per dim of its first tensor result, reading every tensor operand whole
        // through constant indices (its cost is the bytes it moves).
        let shape = result_shape(op, 0).unwrap_or_default();
        let inputs = op
            .operands()
            .map(|v| {
                ir::tensor_shape(v.r#type().to_raw())
                    .map(|s| vec![AffineDim::constant(0); s.dims.len()])
            })
            .collect();
        let outputs = (0..op.result_count())
            .map(|r| {
                let rank = result_shape(op, r).map_or(0, |s| s.len());
                if result_shape(op, r).as_ref() == Some(&shape) {
                    identity(rank)
                } else {
                    vec![AffineDim::constant(0); rank]
                }
            })
            .collect();
        let mut model = OpModel::movement(shape, inputs, outputs);
        model.class = OpClass::Opaque;
        self.modelled(op, name, model, Vec::new());
    }

    /// Assigns roles to a modelled op and, when it reads data, adds it to the graph.
    fn modelled(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: OpModel,
        captures: Vec<(MlirValue, Vec<AffineDim>)>,
    ) {
        if let Err(message) = model.check(op.operand_count(), op.result_count()) {
            self.error(
                op,
                &format!("'{name}' op: flexc's model of it is invalid: {message}"),
            );
            return;
        }
        if let Err(message) = model.check_sizes() {
            self.error(op, &format!("'{name}' op: {message}"));
            return;
        }
        let mut reads: Vec<(MlirValue, Vec<AffineDim>)> = op
            .operands()
            .zip(&model.inputs)
            .filter_map(|(v, access)| access.clone().map(|a| (v.to_raw(), a)))
            .collect();
        reads.extend(captures);
        let infos: Vec<ValueInfo> = reads.iter().map(|(v, _)| self.info(*v)).collect();
        let kind = infos.iter().map(|i| i.kind).max().unwrap_or_default();
        let Some(parameters) = self.first_reads(&infos) else {
            self.error(
                op,
                &format!("'{name}' op: the model's parameter count overflows 64 bits here"),
            );
            return;
        };
        if kind != Kind::Data {
            self.replicated(op, &model, kind, (&reads, &infos), parameters);
            return;
        }
        let (reads, infos) = self.through_views(reads, infos);
        let (reads, walking) = self.batch_major_reads(reads, &infos, &model.loops);
        let roles = Roles::of(&model, &reads, &infos, self.options.sample_reductions);
        self.graph_op(
            op,
            name,
            (&model, &walking),
            roles,
            (&reads, &infos),
            parameters,
        );
    }

    /// Parameters an op reading `infos` is the first to read; weights enter the model total at their
    /// first reader (a tied copy, `tied_weights`, counts with the weight it copies). `None` when the
    /// model's total overflows 64 bits.
    fn first_reads(&mut self, infos: &[ValueInfo]) -> Option<u64> {
        let mut parameters = 0u64;
        for info in infos {
            let Some(leaf) = info.leaf else { continue };
            if let Some(&elements) = self.leaf_elements.get(&leaf) {
                let weight = self.tied.get(&leaf).copied().unwrap_or(leaf);
                if self.counted.insert(weight) {
                    self.result.parameters = self.result.parameters.checked_add(elements)?;
                }
            }
            parameters = parameters.saturating_add(self.pending.remove(&leaf).unwrap_or(0));
        }
        Some(parameters)
    }

    /// Replicated weight preprocessing, or a constant: no graph op. A transposed, reshaped or
    /// broadcast weight stays a view of the weights it reads, so memory and gradient synchronization
    /// count the weights themselves, not an activation-sized broadcast.
    fn replicated(
        &mut self,
        op: &OperationRef<'_, '_>,
        model: &OpModel,
        kind: Kind,
        (reads, infos): (&[(MlirValue, Vec<AffineDim>)], &[ValueInfo]),
        mut parameters: u64,
    ) {
        self.record_replicated(op, model);
        let view = (kind == Kind::Weight && op.result_count() == 1)
            .then(|| self.weight_view(model, reads, infos))
            .flatten();
        for result in op.results() {
            let key = ir::value_key(result.to_raw());
            let leaf = (kind == Kind::Weight).then_some(key);
            if let Some(leaf) = leaf {
                // A derived weight carries the parameters it was computed from to its first reader.
                self.pending.insert(leaf, std::mem::take(&mut parameters));
                self.weight_tensors.remove(&leaf);
            }
            self.set(
                result.to_raw(),
                ValueInfo {
                    kind,
                    sample: None,
                    leaf,
                    tensor: None,
                    view,
                    layout: None,
                },
            );
        }
    }

    /// Records the work of a replicated op that computes something ([`flexc_core::ReplicatedOp`]):
    /// its FLOPs and the bytes of its tensor operands and results. Reshapes, casts and slices are views
    /// after bufferization and cost nothing.
    fn record_replicated(&mut self, op: &OperationRef<'_, '_>, model: &OpModel) {
        const VIEWS: &[&str] = &[
            "tensor.collapse_shape",
            "tensor.expand_shape",
            "tensor.reshape",
            "tensor.cast",
            "tensor.bitcast",
            "tensor.extract_slice",
        ];
        let name = op
            .name()
            .as_string_ref()
            .as_str()
            .unwrap_or_default()
            .to_string();
        if VIEWS.contains(&name.as_str()) {
            return;
        }
        let shapes: Vec<ir::Shape> = op
            .operands()
            .map(|v| v.r#type().to_raw())
            .chain(op.results().map(|r| r.r#type().to_raw()))
            .filter_map(ir::tensor_shape)
            .collect();
        let bytes: f64 = shapes
            .iter()
            .map(|s| {
                s.dims
                    .iter()
                    .map(|d| d.unwrap_or(0) as f64)
                    .product::<f64>()
                    * s.element_bytes as f64
            })
            .sum();
        let dtype = op
            .results()
            .next()
            .and_then(|r| ir::tensor_shape(r.r#type().to_raw()))
            .map_or(DType::F32, |s| dtype_of(&s));
        self.result.graph.add_replicated(flexc_core::ReplicatedOp {
            name,
            class: model.class,
            dtype,
            flops: model.flops as f64,
            bytes,
        });
    }

    /// The reads with reads of weight views replaced by reads of the weights behind them.
    #[allow(clippy::type_complexity)]
    fn through_views(
        &self,
        reads: Vec<(MlirValue, Vec<AffineDim>)>,
        infos: Vec<ValueInfo>,
    ) -> (Vec<(MlirValue, Vec<AffineDim>)>, Vec<ValueInfo>) {
        reads
            .into_iter()
            .zip(infos)
            .flat_map(|((value, access), info)| match info.view {
                Some(view) => self.views[view]
                    .iter()
                    .map(|(leaf, exprs)| {
                        let composed = exprs.iter().map(|e| substitute(e, &access)).collect();
                        ((*leaf, composed), self.info(*leaf))
                    })
                    .collect::<Vec<_>>(),
                None => vec![((value, access), info)],
            })
            .unzip()
    }

    /// Reads of batch-major merged dims (`crate::batch_major`) rewritten to their graph layout, and the
    /// loops that walk such a dim whole in one piece, with the layout's index (their results carry it on).
    #[allow(clippy::type_complexity)]
    fn batch_major_reads(
        &self,
        reads: Vec<(MlirValue, Vec<AffineDim>)>,
        infos: &[ValueInfo],
        loops: &[u64],
    ) -> (Vec<(MlirValue, Vec<AffineDim>)>, Vec<(usize, usize)>) {
        let mut walking = Vec::new();
        let reads = reads
            .into_iter()
            .zip(infos)
            .map(|((value, mut access), info)| {
                let layout = info.layout.and_then(|id| Some((id, self.layouts.get(id)?)));
                if let Some((id, layout)) = layout {
                    if let Some(expr) = access.get_mut(layout.dim) {
                        let whole = expr
                            .single_dim()
                            .filter(|&k| loops.get(k) == Some(&layout.extent()));
                        if let Some(k) = whole {
                            walking.push((k, id));
                        } else if let Some(graph) = layout.relinearize(expr, loops) {
                            *expr = graph;
                        }
                    }
                }
                (value, access)
            })
            .collect();
        (reads, walking)
    }

    /// The batch-major layout (`crate::batch_major`) of output dim `j` written through `expr`, and
    /// `expr` rewritten to it: carried on from a whole-dim loop in `walking`, or new where `expr` merges
    /// the sample loop with an outer loop.
    fn batch_major_output(
        &mut self,
        (j, expr): (usize, &mut AffineDim),
        loops: &[u64],
        walking: &[(usize, usize)],
        (sample_loop, extent): (Option<usize>, u64),
    ) -> Option<usize> {
        if let Some(k) = expr.single_dim() {
            let &(_, id) = walking.iter().find(|&&(w, _)| w == k)?;
            let layout = self.layouts.get(id)?;
            if layout.extent() != extent {
                return None;
            }
            if layout.dim == j {
                return Some(id);
            }
            let moved = MergedLayout {
                dim: j,
                ..layout.clone()
            };
            self.layouts.push(moved);
            return Some(self.layouts.len() - 1);
        }
        let layout = MergedLayout::of_output(j, expr, loops, sample_loop?, extent)?;
        *expr = layout.graph_index(&MergedLayout::factor_loops(expr, loops));
        self.layouts.push(layout);
        Some(self.layouts.len() - 1)
    }

    /// Adds the graph op of a data-reading modelled op, its result tensors and its `#par.space`.
    fn graph_op(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        (model, walking): (&OpModel, &[(usize, usize)]),
        roles: Roles,
        (reads, infos): (&[(MlirValue, Vec<AffineDim>)], &[ValueInfo]),
        parameters: u64,
    ) {
        let mut inputs = Vec::new();
        for ((value, access), info) in reads.iter().zip(infos) {
            if info.kind == Kind::Constant {
                continue;
            }
            let Some(tensor) = self.tensor_of(*value) else {
                continue;
            };
            inputs.push(Access {
                tensor,
                exprs: access.clone(),
            });
        }
        let (outputs, dtype) = self.result_tensors(op, name, (model, walking), roles.sample_loop());
        let location = location_text(op);
        let graph_op = GraphOp {
            name: name.to_string(),
            location: location.clone(),
            class: model.class,
            dims: model
                .loops
                .iter()
                .zip(&roles.roles)
                .map(|(&size, &role)| Dim::new(size, role))
                .collect(),
            inputs,
            outputs,
            flops: model.flops as f64,
            dtype: dtype.unwrap_or(DType::F32),
        };
        if let Err(e) = self.result.graph.add_op(graph_op) {
            self.error(op, &format!("'{name}' op: {}", e.message));
            return;
        }
        let space = Space {
            sizes: model.loops.iter().map(|&s| s as i64).collect(),
            roles: roles.roles.clone(),
        };
        let Some(forward_flops) = self.result.forward_flops.checked_add(model.flops) else {
            self.error(
                op,
                &format!("'{name}' op: the model's forward FLOPs overflow 64 bits here"),
            );
            return;
        };
        self.result.forward_flops = forward_flops;
        if let Err(message) = self.check_graph_bytes() {
            self.error(op, &format!("'{name}' op: {message}"));
            return;
        }
        let config = match op.attribute(names::CONFIG_ATTR) {
            Ok(attribute) => match <flexc_core::Config as flexc_dialects::ConfigAttr>::parse(
                &attribute.to_string(),
            ) {
                Ok(config) => Some(config),
                Err(e) => {
                    self.error(op, &format!("'{name}' op has an invalid par.config: {e}"));
                    return;
                }
            },
            Err(_) => None,
        };
        let stage = match op.attribute(names::STAGE_ATTR) {
            Ok(attribute) => match melior::ir::attribute::IntegerAttribute::try_from(attribute)
                .ok()
                .and_then(|a| u32::try_from(a.value()).ok())
            {
                Some(stage) => Some(stage),
                None => {
                    self.error(
                        op,
                        &format!("'{name}' op has an invalid par.stage (a stage number, i64)"),
                    );
                    return;
                }
            },
            Err(_) => None,
        };
        self.result.ops.push(ImportedOp {
            name: name.to_string(),
            location,
            space: space.clone(),
            class: model.class,
            flops: model.flops,
            parameters,
            handle: op.to_raw().ptr as usize,
            config,
            stage,
            sample_lost: roles.sample_seen
                && roles.carrier.is_none()
                && model.class != OpClass::Opaque,
        });
        self.annotations.push((op.to_raw(), space));
    }

    /// The graph tensors of `op`'s results (data, carrying the batch where `sample_loop` indexes them)
    /// with their accesses, and the first result's element type.
    fn result_tensors(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        (model, walking): (&OpModel, &[(usize, usize)]),
        sample_loop: Option<(usize, i64)>,
    ) -> (Vec<Access>, Option<DType>) {
        let mut outputs = Vec::new();
        let mut dtype = None;
        for (r, result) in op.results().enumerate() {
            let Some(shape) = ir::tensor_shape(result.r#type().to_raw()) else {
                continue;
            };
            let mut access = model.outputs[r].clone();
            let dims = shape.static_dims();
            let mut layout = None;
            for (j, expr) in access.iter_mut().enumerate() {
                let extent = dims.get(j).copied().unwrap_or(0);
                let found = self.batch_major_output(
                    (j, expr),
                    &model.loops,
                    walking,
                    (sample_loop.map(|(k, _)| k), extent),
                );
                layout = layout.or(found);
            }
            let access = &access;
            let result_dtype = dtype_of(&shape);
            dtype.get_or_insert(result_dtype);
            let tensor = self.result.graph.add_tensor(
                format!("{name}#{r}"),
                shape.static_dims(),
                result_dtype,
                TensorKind::Activation,
            );
            outputs.push(Access {
                tensor,
                exprs: access.clone(),
            });
            let sample = sample_loop.and_then(|(k, inner)| {
                access.iter().enumerate().find_map(|(j, e)| {
                    e.terms
                        .iter()
                        .find(|&&(d, _)| d == k)
                        .map(|&(_, c)| (j, c.saturating_mul(inner)))
                })
            });
            self.set(
                result.to_raw(),
                ValueInfo {
                    layout,
                    ..ValueInfo::data(sample, tensor)
                },
            );
        }
        (outputs, dtype)
    }

    /// The view of a weight-only op's result (see `ValueInfo::view`) when its result access is a
    /// permutation of all loops (so every loop is a result dim); `None` otherwise (the result then
    /// becomes a weight tensor of its own).
    fn weight_view(
        &mut self,
        model: &OpModel,
        reads: &[(MlirValue, Vec<AffineDim>)],
        infos: &[ValueInfo],
    ) -> Option<usize> {
        let output = model.outputs.first()?;
        let mut inverse = vec![None; model.loops.len()];
        for (j, e) in output.iter().enumerate() {
            let k = e.single_dim()?;
            if inverse[k].replace(AffineDim::dim(j)).is_some() {
                return None;
            }
        }
        let inverse: Vec<AffineDim> = inverse.into_iter().collect::<Option<_>>()?;
        let mut leaves = Vec::new();
        for ((value, access), info) in reads.iter().zip(infos) {
            if info.kind != Kind::Weight {
                continue;
            }
            let behind = match info.view {
                Some(view) => self.views[view].clone(),
                None => {
                    let rank = access.len();
                    vec![(*value, identity(rank))]
                }
            };
            for (leaf, exprs) in behind {
                let in_loops = exprs.iter().map(|e| substitute(e, access));
                leaves.push((leaf, in_loops.map(|e| substitute(&e, &inverse)).collect()));
            }
        }
        self.views.push(leaves);
        Some(self.views.len() - 1)
    }

    /// The graph tensor of a data or weight value (a weight gets one at its first graph reader).
    fn tensor_of(&mut self, value: MlirValue) -> Option<TensorId> {
        let info = self.info(value);
        if info.kind == Kind::Data {
            return info.tensor;
        }
        let leaf = info.leaf.filter(|_| info.kind == Kind::Weight)?;
        if let Some(&tensor) = self.weight_tensors.get(&leaf) {
            return Some(tensor);
        }
        let shape = ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(value) })?;
        let tensor = self.result.graph.add_tensor(
            format!("weight{}", self.weight_tensors.len()),
            shape.static_dims(),
            dtype_of(&shape),
            TensorKind::Weight,
        );
        self.weight_tensors.insert(leaf, tensor);
        Some(tensor)
    }
}

/// The entry function's arguments that a training step returns updated, and how they were found (only
/// when `param-args` and `data-args` are not given): those JAX marks `tf.aliasing_output` (its donated
/// state, each aliased to the result holding its new value; `jax.result_info` names them
/// `result[0]['Dense_0']['kernel']`); else, as torch-mlir exports a step without such marks, those a
/// returned value of the same type is computed from directly (`w - lr * g`). `None` when none is, or
/// when that would leave no data argument.
fn updated_arguments(
    arg_attrs: Option<&str>,
    block: BlockRef<'_, '_>,
) -> Option<(Vec<usize>, &'static str)> {
    let count = block.argument_count();
    let tensors: Vec<usize> = (0..count)
        .filter(|&i| {
            block
                .argument(i)
                .is_ok_and(|a| ir::tensor_shape(a.r#type().to_raw()).is_some())
        })
        .collect();
    let marked: Vec<usize> = arg_attrs
        .map(|attrs| {
            flexc_dialects::split_top_level(attrs.trim_start_matches('[').trim_end_matches(']'))
                .iter()
                .enumerate()
                .filter(|(_, dict)| dict.contains("tf.aliasing_output"))
                .map(|(i, _)| i)
                .collect()
        })
        .unwrap_or_default();
    let leaves_data = |weights: &[usize]| tensors.iter().any(|i| !weights.contains(i));
    if !marked.is_empty() && leaves_data(&marked) {
        return Some((marked, "marked tf.aliasing_output: the step updates them"));
    }
    let mut updated: Vec<usize> = result_sources(block).into_iter().flatten().collect();
    updated.sort_unstable();
    updated.dedup();
    (!updated.is_empty() && leaves_data(&updated)).then_some((
        updated,
        "a returned value of the same type is computed from each: the step updates them",
    ))
}

/// For each value the block returns, the arguments of its own type it is computed from: directly
/// (`w - lr * g`) or through a few ops of that type (a running statistic `(1 - m) * s + m * x`), or
/// the argument itself returned.
fn result_sources(block: BlockRef<'_, '_>) -> Vec<Vec<usize>> {
    let Some(terminator) = ir::block_operations(block).last().map(|op| op.to_raw()) else {
        return Vec::new();
    };
    let arguments: Vec<(usize, MlirValue)> = (0..block.argument_count())
        .filter_map(|i| block.argument(i).ok().map(|a| (i, a.to_raw())))
        .filter(|(_, a)| ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(*a) }).is_some())
        .collect();
    const DEPTH: usize = 3;
    let mut sources = Vec::new();
    for r in 0..unsafe { mlir_sys::mlirOperationGetNumOperands(terminator) } {
        let mut updated = Vec::new();
        let value = unsafe { mlir_sys::mlirOperationGetOperand(terminator, r) };
        let ty = unsafe { mlir_sys::mlirValueGetType(value) };
        // State returned as it is (a batch-norm buffer the step does not change) counts too.
        if let Some(&(i, _)) = arguments.iter().find(|(_, a)| a.ptr == value.ptr) {
            if !updated.contains(&i) {
                updated.push(i);
            }
        }
        let mut frontier = vec![value];
        for _ in 0..DEPTH {
            let mut next = Vec::new();
            for value in frontier {
                let Some(def) = ir::defining_op(value) else {
                    continue;
                };
                // A linalg op's inits (`outs`) are where it writes, not what it computes from.
                let operands = unsafe { mlir_sys::mlirOperationGetNumOperands(def) };
                let inits = if ir::op_name(def).starts_with("linalg.") {
                    unsafe { mlir_sys::mlirOperationGetNumResults(def) }
                } else {
                    0
                };
                for k in 0..operands - inits {
                    let operand = unsafe { mlir_sys::mlirOperationGetOperand(def, k) };
                    if !unsafe { mlir_sys::mlirTypeEqual(mlir_sys::mlirValueGetType(operand), ty) }
                    {
                        continue;
                    }
                    match arguments.iter().find(|(_, a)| a.ptr == operand.ptr) {
                        Some(&(i, _)) if !updated.contains(&i) => updated.push(i),
                        Some(_) => {}
                        None => next.push(operand),
                    }
                }
            }
            frontier = next;
        }
        sources.push(updated);
    }
    sources
}

/// The dictionaries of an `arg_attrs`/`res_attrs` array's text (`[{a = 1}, {}]`), as text.
fn attribute_dicts(array: Option<&str>) -> Vec<&str> {
    array
        .map(|text| {
            flexc_dialects::split_top_level(
                text.trim().trim_start_matches('[').trim_end_matches(']'),
            )
        })
        .unwrap_or_default()
}

/// The text after `key` in `dict`, when it occurs.
fn string_after<'a>(dict: &'a str, key: &str) -> Option<&'a str> {
    dict.find(key).map(|at| &dict[at + key.len()..])
}

/// The string literal after `key` in an attribute dictionary's text (`key = "..."`), unescaped.
fn quoted_after(dict: &str, key: &str) -> Option<String> {
    string_literal(string_after(dict, key)?).map(|(text, _)| text)
}

/// The MLIR string literal at the start of `text` (`"..."`, with `\\`, `\"` and `\XX` escapes),
/// unescaped, and the rest of `text`.
fn string_literal(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('"')?;
    let mut bytes = Vec::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((String::from_utf8_lossy(&bytes).into_owned(), &body[i + 1..])),
            '\\' => {
                let (_, next) = chars.next()?;
                if next == '\\' || next == '"' || next == '\'' {
                    bytes.push(next as u8);
                } else {
                    let (_, low) = chars.next()?;
                    let hex: String = [next, low].iter().collect();
                    bytes.push(u8::from_str_radix(&hex, 16).ok()?);
                }
            }
            c => {
                let mut buffer = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            }
        }
    }
    None
}

/// The name of each argument of an entry function, when the module gives one: its `par.name` (a
/// `.par.mlir` read again), JAX's `jax.arg_info`, the name location JAX writes when lowered with debug
/// information (`loc("params['Dense_0']['kernel']")`), else, for an argument JAX aliases to a result
/// (`tf.aliasing_output = r`), that result's `jax.result_info` with its leading `result[k]` dropped
/// (`result[0]['Dense_0']['kernel']` names the parameter `['Dense_0']['kernel']`).
pub fn argument_names(
    arg_attrs: Option<&str>,
    res_attrs: Option<&str>,
    block: BlockRef<'_, '_>,
) -> Vec<Option<String>> {
    let args = attribute_dicts(arg_attrs);
    let results = attribute_dicts(res_attrs);
    (0..block.argument_count())
        .map(|i| {
            let dict = args.get(i).copied().unwrap_or("");
            let named = quoted_after(dict, &format!("{} = ", names::NAME_ATTR))
                .or_else(|| quoted_after(dict, "jax.arg_info = "));
            let located = || {
                let value = block.argument(i).ok()?.to_raw();
                let location = unsafe {
                    melior::ir::Location::from_raw(mlir_sys::mlirValueGetLocation(value))
                };
                name_location(&location.to_string())
            };
            let aliased = || {
                let r: usize = string_after(dict, "tf.aliasing_output = ")?
                    .split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()?;
                let info = quoted_after(results.get(r)?, "jax.result_info = ")?;
                parameter_path(&info)
            };
            named.or_else(located).or_else(aliased)
        })
        .collect()
}

/// The name of a name location's text (`loc("x")`, `loc("x"(child))`); `None` for a file location
/// (`loc("file.py":1:2)`) and the rest.
fn name_location(text: &str) -> Option<String> {
    let (name, rest) = string_literal(text.strip_prefix("loc(")?)?;
    (rest.starts_with(')') || rest.starts_with('('))
        .then_some(name)
        .filter(|n| !n.is_empty())
}

/// The parameter path of a `jax.result_info`: `result[0]['Dense_0']['kernel']` →
/// `['Dense_0']['kernel']` (the step's first result is the parameter tree); `None` when nothing is
/// left (`result[2]`).
fn parameter_path(info: &str) -> Option<String> {
    let rest = info.strip_prefix("result").unwrap_or(info);
    let rest = match rest.strip_prefix('[') {
        Some(inner) if inner.split(']').next()?.chars().all(|c| c.is_ascii_digit()) => {
            &inner[inner.find(']')? + 1..]
        }
        _ => rest,
    };
    (!rest.is_empty()).then(|| rest.to_string())
}

/// Writes each named weight argument's name on the entry function of `module` as `par.name` (a
/// `.par.mlir` then names its parameters for any reader, flexc's exports included).
pub fn write_names(module: &OperationRef<'_, '_>, imported: &Imported) -> Result<(), String> {
    let Some(function) = top_level_ops(module)
        .into_iter()
        .find(|op| op_name(op) == "func.func" && ir::symbol_name(op.to_raw()) == imported.entry)
    else {
        return Ok(());
    };
    if !imported.args.iter().any(|a| a.weight && a.name.is_some()) {
        return Ok(());
    }
    let text = function.attribute("arg_attrs").map(|a| a.to_string()).ok();
    let dicts = attribute_dicts(text.as_deref());
    let key = format!("{} = ", names::NAME_ATTR);
    let entries: Vec<String> = imported
        .args
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let dict = dicts.get(i).copied().unwrap_or("{}").trim();
            let inner = dict.trim_start_matches('{').trim_end_matches('}').trim();
            match &arg.name {
                Some(name) if arg.weight && !dict.contains(&key) => {
                    let escaped = name.replace('\\', "\\5C").replace('"', "\\22");
                    let entry = format!("{key}\"{escaped}\"");
                    if inner.is_empty() {
                        format!("{{{entry}}}")
                    } else {
                        format!("{{{inner}, {entry}}}")
                    }
                }
                _ => format!("{{{inner}}}"),
            }
        })
        .collect();
    let array = format!("[{}]", entries.join(", "));
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(function.to_raw());
        let attribute =
            mlir_sys::mlirAttributeParseGet(context, melior::StringRef::new(&array).to_raw());
        if attribute.ptr.is_null() {
            return Err(format!(
                "flexc built an unparsable arg_attrs {array} (a flexc bug)"
            ));
        }
        mlir_sys::mlirOperationSetAttributeByName(
            function.to_raw(),
            melior::StringRef::new("arg_attrs").to_raw(),
            attribute,
        );
    }
    Ok(())
}

/// `0-37, 40` for a sorted list of indices.
fn index_ranges(indices: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let mut j = i;
        while j + 1 < indices.len() && indices[j + 1] == indices[j] + 1 {
            j += 1;
        }
        parts.push(if j > i {
            format!("{}-{}", indices[i], indices[j])
        } else {
            indices[i].to_string()
        });
        i = j + 1;
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// Whether a reduction loop of `model` that carries the batch sums over the samples (a weight gradient, a
/// loss, batch-norm statistics, an embedding gradient's scatter-add) and so may be split into partial
/// sums. Every modelled class does: a scatter (embedding class) whose batch loop is a reduction adds the
/// updates of all samples into a result without a batch dim (the embedding table's gradient), which data
/// parallelism computes per device and all-reduces, as DDP does; leaving it whole gathered every
/// sample's updates, activations, onto one device. Only opaque ops do not.
fn sums_samples(model: &OpModel) -> bool {
    model.class != OpClass::Opaque
}

/// The SOAP roles of a data-reading op's loops, and where the batch went.
struct Roles {
    roles: Vec<Role>,
    /// Whether a data operand carries the batch at all.
    sample_seen: bool,
    /// The first loop found to carry the batch, with the batch's stride within it.
    carrier: Option<(usize, i64)>,
}

impl Roles {
    /// Sample loops follow the batch of data operands, parameter loops index weights, other parallel
    /// loops are attributes, the rest reductions (see the module doc).
    /// With `sample_reductions`, a reduction loop carrying the batch is a sample loop too when the op sums
    /// over the samples ([`sums_samples`]).
    fn of(
        model: &OpModel,
        reads: &[(MlirValue, Vec<AffineDim>)],
        infos: &[ValueInfo],
        sample_reductions: bool,
    ) -> Self {
        let mut roles: Vec<Role> = model
            .parallel
            .iter()
            .map(|&p| if p { Role::Attribute } else { Role::Reduction })
            .collect();
        let mut sample_seen = false;
        let mut carrier: Option<(usize, i64)> = None;
        for ((_, access), info) in reads.iter().zip(infos) {
            if info.kind != Kind::Data {
                continue;
            }
            let Some((expr, stride)) = info
                .sample
                .and_then(|(s, stride)| access.get(s).map(|e| (e, stride)))
            else {
                continue;
            };
            sample_seen = true;
            if let Some((k, inner)) = batch_loop(expr, stride, &model.loops) {
                carrier.get_or_insert((k, inner));
                if model.parallel[k] || (sample_reductions && sums_samples(model)) {
                    roles[k] = Role::Sample;
                }
            }
        }
        for ((_, access), info) in reads.iter().zip(infos) {
            if info.kind == Kind::Weight {
                for &(k, _) in access.iter().flat_map(|e| &e.terms) {
                    if roles[k] == Role::Attribute {
                        roles[k] = Role::Parameter;
                    }
                }
            }
        }
        Roles {
            roles,
            sample_seen,
            carrier,
        }
    }

    /// The batch-carrying loop, when it is a sample loop.
    fn sample_loop(&self) -> Option<(usize, i64)> {
        self.carrier.filter(|&(k, _)| self.roles[k] == Role::Sample)
    }
}

/// `expr` with every variable `k` replaced by `values[k]` (affine in, affine out).
fn substitute(expr: &AffineDim, values: &[AffineDim]) -> AffineDim {
    let mut out = AffineDim::constant(expr.offset);
    for &(k, c) in &expr.terms {
        let Some(value) = values.get(k) else { continue };
        out.offset += c * value.offset;
        for &(d, cd) in &value.terms {
            match out.terms.iter_mut().find(|(e, _)| *e == d) {
                Some((_, coefficient)) => *coefficient += c * cd,
                None => out.terms.push((d, c * cd)),
            }
        }
    }
    out.terms.retain(|&(_, c)| c != 0);
    out
}

/// The loop that carries the batch when tensor index `expr` holds it at `stride` (see
/// `ValueInfo::sample`), and the batch's stride within that loop: the term of largest coefficient that
/// divides `stride`, over a loop of more than one iteration (a plain `d_k` is its own answer). `None`
/// when no loop follows the batch (a constant index: one sample sliced out).
fn batch_loop(expr: &AffineDim, stride: i64, loops: &[u64]) -> Option<(usize, i64)> {
    if let [(k, c)] = expr.terms[..] {
        if c == 1 {
            return Some((k, stride));
        }
    }
    expr.terms
        .iter()
        .filter(|&&(k, c)| c != 0 && stride % c.abs() == 0 && loops.get(k).is_some_and(|&n| n > 1))
        .max_by_key(|&&(_, c)| c.unsigned_abs())
        .map(|&(k, c)| (k, stride / c.abs()))
}
