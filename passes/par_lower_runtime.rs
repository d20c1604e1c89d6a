//! `par-lower-runtime`: rewrites the device-level communication ops of `par-materialize`
//! (`par.send`, `par.recv`, `par.all_reduce`) so that upstream bufferization and LLVM lowering can
//! compile the device programs. Two targets:
//! - `target=runtime` (default): calls of an external runtime, flexc-run's in-process one with a
//!   thread per device (`src/run/runtime.rs` implements the functions);
//! - `target=mpi`: the upstream `mpi` dialect, a process per device with rank = device id, which
//!   MLIR's own MPI-to-LLVM lowering (`convert-to-llvm`) turns into `MPI_Send`/`MPI_Recv`/
//!   `MPI_Allreduce` calls (`flexc-run --mpi=N`, `src/run/mpi.rs`).
//!
//! Each op becomes a `func.call` of a private helper, one per (op, tensor type), whose body moves
//! the tensor through a fresh buffer; runtime helpers are meant to be inlined (`inline`; MPI ones
//! stay calls, as the `mpi` dialect has no inliner interface).
//!
//! **Runtime target.** The helpers call the runtime on an unranked memref. The runtime functions are
//! declared with `llvm.emit_c_interface`, so after `convert-func-to-llvm` they take a pointer to the
//! unranked descriptor `{i64 rank, ptr ranked_descriptor}`:
//!
//! | op | runtime function (T: `f32`, `f64`, `i1`, `i8`, `i16`, `i32`, `i64`, ...) |
//! |---|---|
//! | `par.send {peer, tag}` | `flexc_rt_send_T(memref<*xT>, i64 peer, i64 tag)` |
//! | `par.recv {peer, tag}` | `flexc_rt_recv_T(memref<*xT>, i64 peer, i64 tag)`: fills the buffer |
//! | `par.all_reduce {group, kind}` | `flexc_rt_all_reduce_<kind>_T(memref<*xT>, i64 group_mask)`: in place; T in `f32`, `f64`, `i32`, `i64` |
//! | `par.all_gather {group, dim}` | `flexc_rt_all_gather_T(memref<*xT> part, memref<*xT> whole, i64 group_mask, i64 dim)` |
//! | `par.reduce_scatter {group, dim, kind}` | `flexc_rt_reduce_scatter_<kind>_T(memref<*xT> whole, memref<*xT> part, i64 group_mask, i64 dim)`; T as all-reduce |
//!
//! The group of an all-gather or reduce-scatter is in ascending device order: member `i` owns part `i`
//! along `dim` (`flexc_core::collective`).
//!
//! The group of an all-reduce is passed as a bit mask of device ids (so device ids must be below
//! 63); members call the same groups in the same order, which is how the runtime matches them. The
//! calling device is the runtime's business (one thread or process per device).
//!
//! **MPI target.** Stage 0: a reduce-scatter becomes, in place, a `par.all_reduce` and the slice of
//! the device's part; an all-gather a helper of messages with the group's lowest device, which places
//! the parts into the whole tensor and sends it to each member (the `mpi` dialect has neither
//! collective). Communication is on `MPI_COMM_WORLD` (`mpi.comm_world`); a send or receive is
//! `mpi.send`/`mpi.recv` with the op's peer and tag, an all-reduce over the whole world (`ranks`,
//! else one rank per device function `@f_device<d>`) is `mpi.allreduce` (`MPI_SUM`, `MPI_MAX`,
//! `MPI_MIN`). An all-reduce over part of the world first becomes, in device `d`'s function, a
//! helper of `par.send`/`par.recv` and `arith` ops: the group's lowest device receives every other
//! member's tensor, combines them in group order and sends the result back (one tag past the
//! module's largest, which MPI's in-order matching per sender and tag makes enough). Sub-communicators
//! (`mpi.comm_split`) are not used: MLIR 22 lowers the new communicator through an `i32`, which
//! truncates Open MPI's pointer handles. Buffers are 1-d (MLIR 22's lowering counts a memref's first
//! dim only) and of an MPI type (`i1` travels as `i8`, `f16`/`bf16` as `i16` bits). The pass adds
//! public `@__flexc_mpi_init`, `@__flexc_mpi_rank` (`() -> i32`) and `@__flexc_mpi_finalize` for the
//! host, and sets the module's `dlti.map` entry `"MPI:Implementation"` from `mpi-abi` (Open MPI by
//! default), which selects the ABI of the lowering. Blocking sends cannot deadlock: every device
//! posts its messages in the one global order of par-materialize (see there).
//!
//! Every other `par` op is an error at its location, and the pass removes the discardable `par.*`
//! attributes (`par.space`, `par.config`, the module's `par.machine`): afterwards the module is plain
//! upstream MLIR. Precondition: the operands and results of the `par` ops are statically shaped
//! ranked tensors.
//!
//! ```mlir
//! "par.send"(%x) {peer = 1 : i64, tag = 7 : i64} : (tensor<2x4xf32>) -> ()
//! // becomes (target=runtime)
//! %peer = arith.constant 1 : i64
//! %tag = arith.constant 7 : i64
//! call @__flexc_send_2x4xf32(%x, %peer, %tag) : (tensor<2x4xf32>, i64, i64) -> ()
//! // with
//! func.func private @__flexc_send_2x4xf32(%x: tensor<2x4xf32>, %peer: i64, %tag: i64) {
//!   %m = memref.alloc() : memref<2x4xf32>
//!   bufferization.materialize_in_destination %x in restrict writable %m : (tensor<2x4xf32>, memref<2x4xf32>) -> ()
//!   %u = memref.cast %m : memref<2x4xf32> to memref<*xf32>
//!   call @flexc_rt_send_f32(%u, %peer, %tag) : (memref<*xf32>, i64, i64) -> ()
//!   memref.dealloc %m : memref<2x4xf32>
//!   return
//! }
//! func.func private @flexc_rt_send_f32(memref<*xf32>, i64, i64) attributes {llvm.emit_c_interface}
//! // or (target=mpi) a call of
//! func.func private @__flexc_mpi_send_2x4xf32(%x: tensor<2x4xf32>, %i0: i64, %i1: i64) {
//!   %flat = tensor.collapse_shape %x [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
//!   %m = memref.alloc() : memref<8xf32>
//!   bufferization.materialize_in_destination %flat in restrict writable %m : (tensor<8xf32>, memref<8xf32>) -> ()
//!   %comm = mpi.comm_world : !mpi.comm
//!   %peer = arith.trunci %i0 : i64 to i32
//!   %tag = arith.trunci %i1 : i64 to i32
//!   mpi.send(%m, %tag, %peer, %comm) : memref<8xf32>, i32, i32
//!   memref.dealloc %m : memref<8xf32>
//!   return
//! }
//! ```

use crate::{emit_error, ir, op_name, OptionKind, PassId, PassInfo, PassOption};
use flexc_core::contract::{self, DType, ReduceElement, ReduceKind};
use flexc_dialects::names;
use melior::ir::{
    attribute::AttributeLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;
use std::collections::{BTreeMap, BTreeSet};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-lower-runtime",
    summary: "Lower par.send/recv/all_reduce to calls of the flexc runtime (flexc_rt_*) or to the upstream mpi dialect",
    options: &[
        PassOption {
            name: "target",
            help: "runtime: calls of flexc_rt_* (flexc-run's threads); mpi: upstream mpi dialect ops, one process per device; gpu: calls of flexc_gpu_* (the flexc-gpu runtime)",
            default: "runtime",
            kind: OptionKind::OneOf(&Target::WORDS),
        },
        PassOption {
            name: "ranks",
            help: "with target=mpi: the MPI world size (0: one rank per device function @f_device<d>)",
            default: "0",
            kind: OptionKind::DeviceCount,
        },
        PassOption {
            name: "mpi-abi",
            help: "with target=mpi: the MPI library whose ABI the LLVM lowering targets (the module's dlti.map, unless it has one)",
            default: "OpenMPI",
            kind: OptionKind::OneOf(&MPI_ABIS),
        },
    ],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__mpi__,
        mlirGetDialectHandle__dlti__,
        mlirGetDialectHandle__tensor__,
    ],
};

extern "C" {
    // In MLIR's C API (libMLIRCAPIMPI, libMLIRCAPIDLTI); mlir-sys does not bind them.
    fn mlirGetDialectHandle__mpi__() -> MlirDialectHandle;
    fn mlirGetDialectHandle__dlti__() -> MlirDialectHandle;
}

/// Functions `target=mpi` adds for the host process that runs the module: `MPI_Init`, the rank in
/// `MPI_COMM_WORLD` (`() -> i32`), `MPI_Finalize`. (MLIR 22 does not lower `mpi.comm_size`.)
pub const MPI_ENTRY_POINTS: [(&str, &str); 3] = [
    (
        "__flexc_mpi_init",
        "func.func @__flexc_mpi_init() {\n  mpi.init\n  return\n}",
    ),
    (
        "__flexc_mpi_rank",
        "func.func @__flexc_mpi_rank() -> i32 {\n  %c = mpi.comm_world : !mpi.comm\n  %r = mpi.comm_rank(%c) : i32\n  return %r : i32\n}",
    ),
    (
        "__flexc_mpi_finalize",
        "func.func @__flexc_mpi_finalize() {\n  mpi.finalize\n  return\n}",
    ),
];

/// The communication ops this pass lowers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comm {
    Send,
    Recv,
    AllReduce,
    AllGather,
    ReduceScatter,
}

impl Comm {
    /// Whether the op has an operand and a result of different shapes (read from one buffer, written
    /// to another).
    fn two_buffers(self) -> bool {
        matches!(self, Comm::AllGather | Comm::ReduceScatter)
    }
}

/// The MPI libraries whose ABI `mpi-abi` names.
const MPI_ABIS: [&str; 2] = ["OpenMPI", "MPICH"];

/// The options of `par-lower-runtime`, parsed once ([`LowerOptions::from_pass_options`]); flexc's
/// recipes build them typed and print them with [`LowerOptions::to_option_text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowerOptions {
    pub target: Target,
    /// With `target=mpi`: the MPI world size; `None`: one rank per device function.
    pub ranks: Option<flexc_core::DeviceCount>,
    /// With `target=mpi`: the MPI library whose ABI the LLVM lowering targets (one of `OpenMPI`, `MPICH`).
    pub mpi_abi: &'static str,
}

impl LowerOptions {
    /// `target`, no world size, the default ABI.
    pub fn new(target: Target) -> LowerOptions {
        LowerOptions {
            target,
            ranks: None,
            mpi_abi: MPI_ABIS[0],
        }
    }

    pub fn from_pass_options(options: &crate::Options) -> LowerOptions {
        // Validated against the `OneOf` words when parsed.
        LowerOptions {
            target: Target::ALL
                .into_iter()
                .find(|target| target.word() == options.get("target"))
                .unwrap_or(Target::Runtime),
            ranks: options.device_count("ranks"),
            mpi_abi: MPI_ABIS
                .into_iter()
                .find(|&abi| abi == options.get("mpi-abi"))
                .unwrap_or(MPI_ABIS[0]),
        }
    }

    /// The option text of these options (what differs from the defaults), for a recipe; the one place
    /// they become text. [`LowerOptions::from_pass_options`] of its parse is `self` again.
    pub fn to_option_text(&self) -> String {
        let mut words = Vec::new();
        if self.target != Target::Runtime {
            words.push(format!("target={}", self.target.word()));
        }
        if let Some(ranks) = self.ranks {
            words.push(format!("ranks={ranks}"));
        }
        if self.mpi_abi != MPI_ABIS[0] {
            words.push(format!("mpi-abi={}", self.mpi_abi));
        }
        words.join(" ")
    }
}

/// What the ops become (`target=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Calls of `flexc_rt_*` (flexc-run's threads).
    Runtime,
    /// Upstream `mpi` dialect ops, one process per device.
    Mpi,
    /// Calls of `flexc_gpu_*` (the flexc-gpu runtime).
    Gpu,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Runtime, Target::Mpi, Target::Gpu];
    const WORDS: [&'static str; 3] = [
        Target::Runtime.word(),
        Target::Mpi.word(),
        Target::Gpu.word(),
    ];

    /// The `target=` word.
    pub const fn word(self) -> &'static str {
        match self {
            Target::Runtime => "runtime",
            Target::Mpi => "mpi",
            Target::Gpu => "gpu",
        }
    }

    /// The runtime whose functions a runtime-call target calls.
    fn runtime(self) -> contract::Runtime {
        match self {
            Target::Gpu => contract::Runtime::Gpu,
            Target::Runtime | Target::Mpi => contract::Runtime::Cpu,
        }
    }
}

/// What replacing one op needs: its kind, tensor type, i64 arguments and the functions to call.
struct Rewrite {
    op: MlirOperation,
    comm: Comm,
    tensor: MlirType,
    /// The result type of a collective whose result is not its operand's shape.
    result: Option<MlirType>,
    /// `peer, tag`, the group mask, or nothing.
    integers: Vec<i64>,
    /// The helper called in place of the op.
    helper: String,
    /// Functions the helper needs, by name, with their text (the helper's own included).
    functions: Vec<(String, String)>,
}

fn run(module: OperationRef<'_, '_>, options: &crate::Options) -> Result<(), ()> {
    let raw_module = module.to_raw();
    let context = unsafe { mlirOperationGetContext(raw_module) };
    let options = LowerOptions::from_pass_options(options);
    let mut declared = BTreeSet::new();
    if let target @ (Target::Runtime | Target::Gpu) = options.target {
        let rewrites = plan_all(&module, |op, name| plan(op, name, target).map(Some))?;
        rewrite_all(raw_module, &rewrites, &mut declared);
        strip_par_attributes(module);
        return Ok(());
    }
    // Stage 0: all-gathers and reduce-scatters become all-reduces and messages (helpers of par ops).
    rewrite_reduce_scatters(&module)?;
    let tag = first_free_tag(&module);
    let collectives = plan_all(&module, |op, name| plan_mpi_collective(op, name, tag))?;
    rewrite_all(raw_module, &collectives, &mut declared);
    // Stage 1: all-reduces over part of the world become point-to-point messages with their group's
    // lowest device (helpers of par.send/recv and arith ops), lowered with the rest in stage 2.
    let worlds = world_sizes(raw_module, options.ranks);
    let groups = plan_all(&module, |op, name| {
        plan_group_all_reduce(op, name, &worlds, tag)
    })?;
    rewrite_all(raw_module, &groups, &mut declared);
    let rewrites = plan_all(&module, |op, name| plan(op, name, Target::Mpi).map(Some))?;
    rewrite_all(raw_module, &rewrites, &mut declared);
    let entry_points = MPI_ENTRY_POINTS.map(|(name, text)| (name.to_string(), text.to_string()));
    append_functions(context, raw_module, &entry_points, &mut declared);
    set_mpi_abi(context, raw_module, options.mpi_abi);
    strip_par_attributes(module);
    Ok(())
}

/// Plans a rewrite of every `par` op (`Ok(None)`: left alone); emits every error, then fails.
fn plan_all(
    module: &OperationRef<'_, '_>,
    mut planner: impl FnMut(&OperationRef<'_, '_>, &str) -> Result<Option<Rewrite>, String>,
) -> Result<Vec<Rewrite>, ()> {
    let mut rewrites = Vec::new();
    let mut ok = true;
    module.walk(WalkOrder::PreOrder, |op| {
        let name = op_name(&op);
        if name.starts_with("par.") {
            match planner(&op, &name) {
                Ok(rewrite) => rewrites.extend(rewrite),
                Err(message) => {
                    emit_error(op.location(), &message);
                    ok = false;
                }
            }
        }
        WalkResult::Advance
    });
    ok.then_some(rewrites).ok_or(())
}

/// Adds the functions of every rewrite (once each) and replaces the ops by calls.
fn rewrite_all(module: MlirOperation, rewrites: &[Rewrite], declared: &mut BTreeSet<String>) {
    let context = unsafe { mlirOperationGetContext(module) };
    for rewrite in rewrites {
        append_functions(context, module, &rewrite.functions, declared);
        replace(context, rewrite);
    }
}

/// Appends the functions not yet in `declared` to the module's body.
fn append_functions(
    context: MlirContext,
    module: MlirOperation,
    functions: &[(String, String)],
    declared: &mut BTreeSet<String>,
) {
    if functions.iter().all(|(name, _)| declared.contains(name)) {
        return;
    }
    // Parsed together so that a helper's calls verify against the declarations.
    let texts: Vec<&str> = functions.iter().map(|(_, text)| text.as_str()).collect();
    let text = format!("module {{\n{}\n}}", texts.join("\n"));
    let parsed = unsafe {
        mlirOperationCreateParse(
            context,
            melior::StringRef::new(&text).to_raw(),
            melior::StringRef::new("par-lower-runtime").to_raw(),
        )
    };
    // The text is ours: a parse failure is a flexc bug.
    assert!(
        !parsed.ptr.is_null(),
        "par-lower-runtime built unparsable IR:\n{text}"
    );
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)) };
    for ((name, _), function) in functions.iter().zip(ir::top_level_ops(parsed)) {
        if declared.insert(name.clone()) {
            unsafe {
                mlirOperationRemoveFromParent(function);
                mlirBlockAppendOwnedOperation(body, function);
            }
        }
    }
    unsafe { mlirOperationDestroy(parsed) };
}

fn plan(op: &OperationRef<'_, '_>, name: &str, target: Target) -> Result<Rewrite, String> {
    let raw = op.to_raw();
    let comm = match name {
        names::SEND => Comm::Send,
        names::RECV => Comm::Recv,
        names::ALL_REDUCE => Comm::AllReduce,
        names::ALL_GATHER => Comm::AllGather,
        names::REDUCE_SCATTER => Comm::ReduceScatter,
        _ => {
            return Err(format!(
                "par-lower-runtime cannot lower '{name}' (only {}, {}, {}, {} and {})",
                names::SEND,
                names::RECV,
                names::ALL_REDUCE,
                names::ALL_GATHER,
                names::REDUCE_SCATTER
            ))
        }
    };
    let (tensor, shape, element) = operand_shape(op, name, comm)?;
    let callee = target.runtime();
    let mangled = mangle(&shape);
    let (integers, runtime, helper_name) = match comm {
        Comm::Send | Comm::Recv => {
            let (verb, entry) = if comm == Comm::Send {
                ("send", contract::send(callee, element))
            } else {
                ("recv", contract::recv(callee, element))
            };
            (
                vec![integer(op, name, "peer")?, integer(op, name, "tag")?],
                entry,
                format!("__flexc_{verb}_{mangled}"),
            )
        }
        Comm::AllGather | Comm::ReduceScatter => {
            // Only runtime targets get here: stage 0 of target=mpi rewrote them into messages.
            let members = sorted_group(op, name)?;
            let dim = collective_dim(op, name, &members)?;
            let (verb, entry) = if comm == Comm::AllGather {
                (
                    "all_gather".to_string(),
                    contract::all_gather(callee, element),
                )
            } else {
                let (kind, element) = reduction_kind(op, name, tensor, element)?;
                (
                    format!("reduce_scatter_{}", kind.name()),
                    contract::reduce_scatter(callee, kind, element),
                )
            };
            let result = unsafe { mlirValueGetType(mlirOperationGetResult(raw, 0)) };
            let result_shape = ir::tensor_shape(result)
                .filter(ir::Shape::is_static)
                .ok_or_else(|| format!("'{name}' needs a statically shaped result"))?;
            (
                vec![mask_of(name, &members)?, dim as i64],
                entry,
                format!("__flexc_{verb}_{mangled}_to_{}", mangle(&result_shape)),
            )
        }
        Comm::AllReduce => {
            let (kind, reduced) = reduction_kind(op, name, tensor, element)?;
            // MPI reduces over the whole world (stage 1 rewrote the others): no arguments.
            let mut integers = Vec::new();
            if target != Target::Mpi {
                integers.push(mask_of(name, &group(op, name)?)?);
            }
            (
                integers,
                contract::all_reduce(callee, kind, reduced),
                format!("__flexc_all_reduce_{}_{mangled}", kind.name()),
            )
        }
    };
    let result = comm
        .two_buffers()
        .then(|| unsafe { mlirValueGetType(mlirOperationGetResult(raw, 0)) });
    let mut rewrite = Rewrite {
        op: raw,
        comm,
        tensor,
        result,
        integers,
        helper: helper_name,
        functions: vec![],
    };
    rewrite.functions = match target {
        Target::Runtime | Target::Gpu => vec![
            (runtime.clone(), runtime_declaration(&rewrite, &runtime)),
            (
                rewrite.helper.clone(),
                helper(&rewrite, &runtime, target == Target::Runtime),
            ),
        ],
        Target::Mpi => {
            rewrite.helper = rewrite.helper.replacen("__flexc_", "__flexc_mpi_", 1);
            let kind = op_string(op, "kind");
            vec![(rewrite.helper.clone(), mpi_helper(&rewrite, &shape, &kind)?)]
        }
    };
    Ok(rewrite)
}

/// The tensor an op moves (its operand, or a receive's result), statically shaped, of a type the
/// runtime moves.
fn operand_shape(
    op: &OperationRef<'_, '_>,
    name: &str,
    comm: Comm,
) -> Result<(MlirType, ir::Shape, DType), String> {
    let raw = op.to_raw();
    let tensor = unsafe {
        if comm == Comm::Recv {
            mlirValueGetType(mlirOperationGetResult(raw, 0))
        } else {
            mlirValueGetType(mlirOperationGetOperand(raw, 0))
        }
    };
    let shape = ir::tensor_shape(tensor)
        .filter(ir::Shape::is_static)
        .ok_or_else(|| {
            format!(
                "'{name}' on {}: the runtime needs a statically shaped ranked tensor",
                ir::type_text(tensor)
            )
        })?;
    let Some(element) = DType::from_name(&shape.element).filter(|d| contract::ELEMENTS.contains(d))
    else {
        let names: Vec<&str> = contract::ELEMENTS.iter().map(|d| d.name()).collect();
        return Err(format!(
            "'{name}' on {}: the runtime moves only {} elements",
            ir::type_text(tensor),
            names.join(", ")
        ));
    };
    Ok((tensor, shape, element))
}

fn integer(op: &OperationRef<'_, '_>, name: &str, attribute: &str) -> Result<i64, String> {
    op.attribute(attribute)
        .ok()
        .and_then(|a| ir::integer(a.to_raw()))
        .ok_or_else(|| format!("'{name}' needs an integer '{attribute}' attribute"))
}

fn op_string(op: &OperationRef<'_, '_>, attribute: &str) -> String {
    op.attribute(attribute)
        .ok()
        .map(|a| a.to_string().trim_matches('"').to_string())
        .unwrap_or_default()
}

/// The runtime's bit mask of a group (device ids below `flexc_core::GROUP_MASK_DEVICES`).
fn mask_of(name: &str, members: &[i64]) -> Result<i64, String> {
    let mut mask = 0i64;
    for &device in members {
        if !(0..i64::from(flexc_core::GROUP_MASK_DEVICES)).contains(&device) {
            return Err(format!(
                "'{name}' has device {device} in its group; the runtime takes device ids 0..{}",
                flexc_core::GROUP_MASK_DEVICES - 1
            ));
        }
        mask |= 1 << device;
    }
    Ok(mask)
}

/// The group of an all-gather or reduce-scatter: distinct device ids in ascending order (member `i`
/// owns part `i`, as the runtimes' bit masks order them).
fn sorted_group(op: &OperationRef<'_, '_>, name: &str) -> Result<Vec<i64>, String> {
    let members = group(op, name)?;
    if members.is_empty() || members.windows(2).any(|w| w[0] >= w[1]) || members[0] < 0 {
        return Err(format!(
            "'{name}' has group {members:?}; expected distinct device ids in ascending order"
        ));
    }
    Ok(members)
}

/// The `dim` of an all-gather or reduce-scatter, checked against its operand and result shapes: the
/// whole tensor's dim is the part's times the group size, every other dim equal.
fn collective_dim(op: &OperationRef<'_, '_>, name: &str, members: &[i64]) -> Result<usize, String> {
    let dim = integer(op, name, "dim")?;
    let (operand, result) = unsafe {
        (
            mlirValueGetType(mlirOperationGetOperand(op.to_raw(), 0)),
            mlirValueGetType(mlirOperationGetResult(op.to_raw(), 0)),
        )
    };
    let shape = |ty| {
        ir::tensor_shape(ty)
            .filter(ir::Shape::is_static)
            .map(|s| s.static_dims())
    };
    let (Some(a), Some(b)) = (shape(operand), shape(result)) else {
        return Err(format!("'{name}' needs statically shaped tensors"));
    };
    let (part, whole) = if name == names::ALL_GATHER {
        (a, b)
    } else {
        (b, a)
    };
    let n = members.len() as u64;
    let fits = dim >= 0
        && (dim as usize) < whole.len()
        && part.len() == whole.len()
        && part.iter().zip(&whole).enumerate().all(|(k, (&p, &w))| {
            if k == dim as usize {
                p * n == w
            } else {
                p == w
            }
        });
    if !fits {
        return Err(format!(
            "'{name}' over {n} devices along dim {dim}: the part {part:?} and the whole {whole:?} do not match"
        ));
    }
    Ok(dim as usize)
}

fn group(op: &OperationRef<'_, '_>, name: &str) -> Result<Vec<i64>, String> {
    op.attribute("group")
        .ok()
        .and_then(|a| ir::i64_list(a.to_raw()))
        .ok_or_else(|| format!("'{name}' needs a 'group' array attribute"))
}

/// The all-reduce's `kind` and element type, checked against the runtimes' reductions
/// ([`ReduceKind::ALL`], [`ReduceElement::ALL`]).
fn reduction_kind(
    op: &OperationRef<'_, '_>,
    name: &str,
    tensor: MlirType,
    element: DType,
) -> Result<(ReduceKind, ReduceElement), String> {
    let kind = op_string(op, "kind");
    let Some(reduce) = ReduceKind::parse(&kind) else {
        let kinds: Vec<&str> = ReduceKind::ALL.iter().map(|k| k.name()).collect();
        return Err(format!(
            "'{name}' has kind '{kind}'; the runtime reduces with {}",
            kinds.join(", ")
        ));
    };
    let Some(element) = ReduceElement::parse(element.name()) else {
        let elements: Vec<&str> = ReduceElement::ALL.iter().map(|e| e.name()).collect();
        return Err(format!(
            "'{name}' on {}: the runtime reduces only {} elements",
            ir::type_text(tensor),
            elements.join(", ")
        ));
    };
    Ok((reduce, element))
}

/// The MPI world of every serial function with device functions: `ranks`, else one rank per device
/// function.
fn world_sizes(
    module: MlirOperation,
    ranks: Option<flexc_core::DeviceCount>,
) -> BTreeMap<String, usize> {
    let mut worlds = BTreeMap::new();
    for function in ir::top_level_ops(module) {
        let name = ir::symbol_name(function);
        if let Some((base, device)) = names::parse_device_function(&name) {
            let size = worlds.entry(base.to_string()).or_insert(0);
            *size = (*size).max(device.index() + 1);
        }
    }
    if let Some(ranks) = ranks {
        worlds
            .values_mut()
            .for_each(|size| *size = ranks.to_usize());
    }
    worlds
}

/// One more than the largest tag of a `par.send`/`par.recv` of the module: the tag of the messages
/// stage 1 adds (MPI keeps messages of one sender and tag in order, and the members of a group run
/// its all-reduces in the same order).
fn first_free_tag(module: &OperationRef<'_, '_>) -> i64 {
    let mut tag = -1;
    module.walk(WalkOrder::PreOrder, |op| {
        let name = op_name(&op);
        if name == names::SEND || name == names::RECV {
            if let Ok(t) = integer(&op, &name, "tag") {
                tag = tag.max(t);
            }
        }
        WalkResult::Advance
    });
    tag + 1
}

/// Stage 1 of `target=mpi`: an all-reduce whose group is not the whole world, in device `d`'s
/// function, becomes a helper in which the group's lowest device receives every other member's
/// tensor, combines them in group order, and sends the result back.
fn plan_group_all_reduce(
    op: &OperationRef<'_, '_>,
    name: &str,
    worlds: &BTreeMap<String, usize>,
    tag: i64,
) -> Result<Option<Rewrite>, String> {
    if name != names::ALL_REDUCE {
        return Ok(None);
    }
    let (tensor, shape, element) = operand_shape(op, name, Comm::AllReduce)?;
    let kind = reduction_kind(op, name, tensor, element)?.0.name();
    let members = group(op, name)?;
    let function = unsafe {
        let mut parent = mlirOperationGetParentOperation(op.to_raw());
        while !parent.ptr.is_null() && ir::op_name(parent) != "func.func" {
            parent = mlirOperationGetParentOperation(parent);
        }
        parent
    };
    let function_name = if function.ptr.is_null() {
        String::new()
    } else {
        ir::symbol_name(function)
    };
    let Some((base, device)) = names::parse_device_function(&function_name) else {
        return Err(format!(
            "'{name}' with target=mpi must be in a device function @f_device<d> (not @{function_name})"
        ));
    };
    let mut sorted = members.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != members.len() || sorted.first().is_some_and(|&m| m < 0) {
        return Err(format!(
            "'{name}' has group {members:?}; expected distinct device ids"
        ));
    }
    let world = worlds.get(base).copied().unwrap_or(0);
    if sorted.iter().copied().eq(0..world as i64) {
        return Ok(None);
    }
    let device = device.0;
    if !sorted.contains(&i64::from(device)) {
        return Err(format!(
            "'{name}' in @{function_name} (device {device}) has group {members:?} without device {device}"
        ));
    }
    let tensor_text = ir::type_text(tensor);
    let member_list: Vec<String> = sorted.iter().map(i64::to_string).collect();
    let helper = format!(
        "__flexc_group_all_reduce_{kind}_{}_on{device}_of{}",
        mangle(&shape),
        member_list.join("_")
    );
    let message = |verb: &str, peer: i64, value: &str, result: &str| {
        match verb {
        "send" => format!(
            "  \"par.send\"({value}) {{peer = {peer} : i64, tag = {tag} : i64}} : ({tensor_text}) -> ()\n"
        ),
        _ => format!(
            "  {result} = \"par.recv\"() {{peer = {peer} : i64, tag = {tag} : i64}} : () -> {tensor_text}\n"
        ),
    }
    };
    let leader = sorted[0];
    let mut body = String::new();
    let result = if device as i64 == leader {
        let float = shape.element.starts_with('f') || shape.element.starts_with("bf");
        let combine = match (kind, float) {
            ("sum", true) => "arith.addf",
            ("sum", false) => "arith.addi",
            ("max", true) => "arith.maximumf",
            ("max", false) => "arith.maxsi",
            ("min", true) => "arith.minimumf",
            _ => "arith.minsi",
        };
        let mut accumulated = "%x".to_string();
        for &member in &sorted[1..] {
            body.push_str(&message("recv", member, "", &format!("%r{member}")));
            body.push_str(&format!(
                "  %a{member} = {combine} {accumulated}, %r{member} : {tensor_text}\n"
            ));
            accumulated = format!("%a{member}");
        }
        for &member in &sorted[1..] {
            body.push_str(&message("send", member, &accumulated, ""));
        }
        accumulated
    } else {
        body.push_str(&message("send", leader, "%x", ""));
        body.push_str(&message("recv", leader, "", "%r"));
        "%r".to_string()
    };
    let text = format!(
        "func.func private @{helper}(%x: {tensor_text}) -> {tensor_text} {{\n{body}  return {result} : {tensor_text}\n}}"
    );
    Ok(Some(Rewrite {
        op: op.to_raw(),
        comm: Comm::AllReduce,
        tensor,
        result: None,
        integers: vec![],
        functions: vec![(helper.clone(), text)],
        helper,
    }))
}

/// The device (by its function's name) an op of a device function runs on.
fn device_of(op: &OperationRef<'_, '_>, name: &str) -> Result<i64, String> {
    let function = unsafe {
        let mut parent = mlirOperationGetParentOperation(op.to_raw());
        while !parent.ptr.is_null() && ir::op_name(parent) != "func.func" {
            parent = mlirOperationGetParentOperation(parent);
        }
        parent
    };
    let function_name = if function.ptr.is_null() {
        String::new()
    } else {
        ir::symbol_name(function)
    };
    names::parse_device_function(&function_name)
        .map(|(_, device)| i64::from(device.0))
        .ok_or_else(|| {
            format!(
                "'{name}' with target=mpi must be in a device function @f_device<d> (not @{function_name})"
            )
        })
}

/// Stage 0 of `target=mpi` (the `mpi` dialect has neither an all-gather nor a reduce-scatter), for an
/// all-gather (reduce-scatters: [`rewrite_reduce_scatters`]): in device `d`'s function, messages with
/// the group's lowest device, which places every member's part into the whole tensor (in group
/// order) and sends it back to each.
fn plan_mpi_collective(
    op: &OperationRef<'_, '_>,
    name: &str,
    tag: i64,
) -> Result<Option<Rewrite>, String> {
    if name != names::ALL_GATHER {
        return Ok(None);
    }
    let comm = Comm::AllGather;
    let (tensor, shape, _) = operand_shape(op, name, comm)?;
    let members = sorted_group(op, name)?;
    let dim = collective_dim(op, name, &members)?;
    let device = device_of(op, name)?;
    if !members.contains(&device) {
        return Err(format!(
            "'{name}' on device {device} has group {members:?} without device {device}"
        ));
    }
    let result = unsafe { mlirValueGetType(mlirOperationGetResult(op.to_raw(), 0)) };
    let (x, r) = (ir::type_text(tensor), ir::type_text(result));
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let sizes: Vec<i64> = shape.static_dims().iter().map(|&d| d as i64).collect();
    let offsets = |i: usize| -> Vec<i64> {
        (0..sizes.len())
            .map(|k| if k == dim { i as i64 * sizes[k] } else { 0 })
            .collect()
    };
    let ones = vec![1i64; sizes.len()];
    let (part_text, whole_text) = (x.clone(), r.clone());
    let mut body = String::new();
    let returned = {
        let leader = members[0];
        if device == leader {
            body.push_str(&format!("  %w0 = tensor.empty() : {whole_text}\n"));
            let mut whole = "%w0".to_string();
            for (i, &member) in members.iter().enumerate() {
                let part = if member == device {
                    "%x".to_string()
                } else {
                    body.push_str(&format!(
                        "  %r{i} = \"par.recv\"() {{peer = {member} : i64, tag = {tag} : i64}} : () -> {part_text}\n"
                    ));
                    format!("%r{i}")
                };
                body.push_str(&format!(
                    "  %w{} = tensor.insert_slice {part} into {whole}[{}] [{}] [{}] : {part_text} into {whole_text}\n",
                    i + 1,
                    list(&offsets(i)),
                    list(&sizes),
                    list(&ones)
                ));
                whole = format!("%w{}", i + 1);
            }
            for &member in &members[1..] {
                body.push_str(&format!(
                    "  \"par.send\"({whole}) {{peer = {member} : i64, tag = {tag} : i64}} : ({whole_text}) -> ()\n"
                ));
            }
            whole
        } else {
            body.push_str(&format!(
                "  \"par.send\"(%x) {{peer = {leader} : i64, tag = {tag} : i64}} : ({x}) -> ()\n  %w = \"par.recv\"() {{peer = {leader} : i64, tag = {tag} : i64}} : () -> {r}\n"
            ));
            "%w".to_string()
        }
    };
    let verb = if comm == Comm::AllGather {
        "all_gather"
    } else {
        "reduce_scatter"
    };
    let helper = format!(
        "__flexc_mpi_{verb}_{}_on{device}_of{}_dim{dim}",
        mangle(&shape),
        members
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join("_")
    );
    let text = format!(
        "func.func private @{helper}(%x: {x}) -> {r} {{\n{body}  return {returned} : {r}\n}}"
    );
    Ok(Some(Rewrite {
        op: op.to_raw(),
        comm,
        tensor,
        result: Some(result),
        integers: vec![],
        functions: vec![(helper.clone(), text)],
        helper,
    }))
}

/// Stage 0 of `target=mpi` for reduce-scatters: in device `d`'s function, a `par.all_reduce` of the
/// whole tensor and the slice of `d`'s part, in place (stage 1 then treats the all-reduce as any
/// other of the function).
fn rewrite_reduce_scatters(module: &OperationRef<'_, '_>) -> Result<(), ()> {
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if op_name(&op) == names::REDUCE_SCATTER {
            found.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let mut ok = true;
    for raw in found {
        let op = unsafe { OperationRef::from_raw(raw) };
        if let Err(message) = reduce_scatter_in_place(&op) {
            emit_error(op.location(), &message);
            ok = false;
        }
    }
    ok.then_some(()).ok_or(())
}

fn reduce_scatter_in_place(op: &OperationRef<'_, '_>) -> Result<(), String> {
    let name = names::REDUCE_SCATTER;
    let (tensor, _, element) = operand_shape(op, name, Comm::ReduceScatter)?;
    let members = sorted_group(op, name)?;
    let dim = collective_dim(op, name, &members)?;
    let device = device_of(op, name)?;
    let Some(index) = members.iter().position(|&m| m == device) else {
        return Err(format!(
            "'{name}' on device {device} has group {members:?} without device {device}"
        ));
    };
    let result = unsafe { mlirValueGetType(mlirOperationGetResult(op.to_raw(), 0)) };
    let sizes: Vec<i64> = ir::tensor_shape(result)
        .map(|s| s.static_dims().iter().map(|&d| d as i64).collect())
        .unwrap_or_default();
    let offsets: Vec<i64> = (0..sizes.len())
        .map(|k| if k == dim { index as i64 * sizes[k] } else { 0 })
        .collect();
    let ones = vec![1i64; sizes.len()];
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let group_text = format!("array<i64: {}>", list(&members));
    let kind = reduction_kind(op, name, tensor, element)?.0.name();
    unsafe {
        let context = mlirOperationGetContext(op.to_raw());
        let location = mlirOperationGetLocation(op.to_raw());
        let parse = |text: &str| {
            let a = mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw());
            assert!(
                !a.ptr.is_null(),
                "par-lower-runtime built an unparsable attribute {text}"
            );
            a
        };
        let reduce = ir::create_op(
            context,
            names::ALL_REDUCE,
            location,
            &[mlirOperationGetOperand(op.to_raw(), 0)],
            &[tensor],
            &[
                ("group", parse(&group_text)),
                ("kind", parse(&format!("\"{kind}\""))),
            ],
        );
        let array = |v: &[i64]| parse(&format!("array<i64: {}>", list(v)));
        let slice = ir::create_op(
            context,
            "tensor.extract_slice",
            location,
            &[mlirOperationGetResult(reduce, 0)],
            &[result],
            &[
                ("static_offsets", array(&offsets)),
                ("static_sizes", array(&sizes)),
                ("static_strides", array(&ones)),
                ("operandSegmentSizes", parse("array<i32: 1, 0, 0, 0>")),
            ],
        );
        let block = mlirOperationGetBlock(op.to_raw());
        mlirBlockInsertOwnedOperationBefore(block, op.to_raw(), reduce);
        mlirBlockInsertOwnedOperationBefore(block, op.to_raw(), slice);
        mlirValueReplaceAllUsesOfWith(
            mlirOperationGetResult(op.to_raw(), 0),
            mlirOperationGetResult(slice, 0),
        );
        mlirOperationDestroy(op.to_raw());
    }
    Ok(())
}

/// `2x4xf32` for `tensor<2x4xf32>`, `f32` for `tensor<f32>`.
fn mangle(shape: &ir::Shape) -> String {
    let mut text: String = shape
        .static_dims()
        .iter()
        .map(|d| format!("{d}x"))
        .collect();
    text.push_str(&shape.element);
    text
}

fn runtime_declaration(rewrite: &Rewrite, runtime: &str) -> String {
    let element = ir::tensor_shape(rewrite.tensor)
        .map(|s| s.element)
        .unwrap_or_default();
    let integers = vec!["i64"; rewrite.integers.len()].join(", ");
    let buffers = if rewrite.comm.two_buffers() {
        format!("memref<*x{element}>, memref<*x{element}>")
    } else {
        format!("memref<*x{element}>")
    };
    format!(
        "func.func private @{runtime}({buffers}, {integers}) attributes {{llvm.emit_c_interface}}"
    )
}

/// The helper calling `runtime`. With `free`, a send frees its buffer itself; without (target=gpu),
/// the GPU lowering's deallocation pass frees it (which rejects IR holding deallocations already).
fn helper(rewrite: &Rewrite, runtime: &str, free: bool) -> String {
    let tensor = ir::type_text(rewrite.tensor);
    let memref = tensor.replacen("tensor<", "memref<", 1);
    let element = ir::tensor_shape(rewrite.tensor)
        .map(|s| s.element)
        .unwrap_or_default();
    let unranked = format!("memref<*x{element}>");
    let names: Vec<String> = (0..rewrite.integers.len())
        .map(|i| format!("%i{i}"))
        .collect();
    let parameters: String = names.iter().map(|n| format!(", {n}: i64")).collect();
    let call_arguments = names.join(", ");
    let i64s = vec!["i64"; names.len()].join(", ");
    let call = format!(
        "  %u = memref.cast %m : {memref} to {unranked}\n  func.call @{runtime}(%u, {call_arguments}) : ({unranked}, {i64s}) -> ()\n"
    );
    let fill = format!(
        "  bufferization.materialize_in_destination %x in restrict writable %m : ({tensor}, {memref}) -> ()\n"
    );
    let helper = &rewrite.helper;
    match rewrite.comm {
        Comm::Send => {
            let dealloc = if free {
                format!("  memref.dealloc %m : {memref}\n")
            } else {
                String::new()
            };
            format!(
                "func.func private @{helper}(%x: {tensor}{parameters}) {{\n  %m = memref.alloc() : {memref}\n{fill}{call}{dealloc}  return\n}}"
            )
        }
        Comm::Recv => format!(
            "func.func private @{helper}({}) -> {tensor} {{\n  %m = memref.alloc() : {memref}\n{call}  %r = bufferization.to_tensor %m restrict writable : {memref} to {tensor}\n  return %r : {tensor}\n}}",
            parameters.trim_start_matches(", ")
        ),
        Comm::AllReduce => format!(
            "func.func private @{helper}(%x: {tensor}{parameters}) -> {tensor} {{\n  %m = memref.alloc() : {memref}\n{fill}{call}  %r = bufferization.to_tensor %m restrict writable : {memref} to {tensor}\n  return %r : {tensor}\n}}"
        ),
        Comm::AllGather | Comm::ReduceScatter => {
            let result = ir::type_text(rewrite.result.unwrap_or(rewrite.tensor));
            let out = result.replacen("tensor<", "memref<", 1);
            let dealloc = if free {
                format!("  memref.dealloc %m : {memref}\n")
            } else {
                String::new()
            };
            format!(
                "func.func private @{helper}(%x: {tensor}{parameters}) -> {result} {{\n  %m = memref.alloc() : {memref}\n{fill}  %o = memref.alloc() : {out}\n  %u = memref.cast %m : {memref} to {unranked}\n  %v = memref.cast %o : {out} to {unranked}\n  func.call @{runtime}(%u, %v, {call_arguments}) : ({unranked}, {unranked}, {i64s}) -> ()\n{dealloc}  %r = bufferization.to_tensor %o restrict writable : {out} to {result}\n  return %r : {result}\n}}"
            )
        }
    }
}

/// The helper of `target=mpi`: the tensor goes through a 1-d buffer (the upstream MPI lowering
/// counts the elements of a memref's first dim only), as a type MPI has (`i1` as `i8`, `f16`/`bf16`
/// as `i16` bits), and `MPI_COMM_WORLD` is the communicator (ranks are device ids).
fn mpi_helper(rewrite: &Rewrite, shape: &ir::Shape, kind: &str) -> Result<String, String> {
    let tensor = ir::type_text(rewrite.tensor);
    let dims = shape.static_dims();
    let count: u64 = dims.iter().product();
    let element = shape.element.as_str();
    let (wire, to_wire, from_wire) = match element {
        "i1" => ("i8", "arith.extui", "arith.trunci"),
        "f16" | "bf16" => ("i16", "arith.bitcast", "arith.bitcast"),
        other => (other, "", ""),
    };
    let wire_tensor = tensor.replacen(&format!("x{element}>"), &format!("x{wire}>"), 1);
    let wire_tensor = if dims.is_empty() {
        format!("tensor<{wire}>")
    } else {
        wire_tensor
    };
    let flat = format!("tensor<{count}x{wire}>");
    let buffer = format!("memref<{count}x{wire}>");
    let all_dims = format!(
        "[{}]",
        (0..dims.len())
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    // %x: tensor -> %flat: 1-d wire tensor.
    let mut into = String::new();
    let mut value = "%x".to_string();
    if !to_wire.is_empty() {
        into.push_str(&format!(
            "  %xw = {to_wire} %x : {tensor} to {wire_tensor}\n"
        ));
        value = "%xw".into();
    }
    match dims.len() {
        0 => into.push_str(&format!(
            "  %flat = tensor.expand_shape {value} [] output_shape [1] : {wire_tensor} into {flat}\n"
        )),
        1 => {}
        _ => into.push_str(&format!(
            "  %flat = tensor.collapse_shape {value} [{all_dims}] : {wire_tensor} into {flat}\n"
        )),
    }
    let flat_value = if dims.len() == 1 {
        value.as_str()
    } else {
        "%flat"
    };
    into.push_str(&format!(
        "  %m = memref.alloc() : {buffer}\n  bufferization.materialize_in_destination {flat_value} in restrict writable %m : ({flat}, {buffer}) -> ()\n"
    ));
    // %b: 1-d wire buffer -> %r: tensor.
    let out_of = |buffer_value: &str| {
        let mut text = format!(
            "  %rf = bufferization.to_tensor {buffer_value} restrict writable : {buffer} to {flat}\n"
        );
        let shaped = if to_wire.is_empty() { "%r" } else { "%rw" };
        match dims.len() {
            0 => text.push_str(&format!(
                "  {shaped} = tensor.collapse_shape %rf [] : {flat} into {wire_tensor}\n"
            )),
            1 => text = text.replacen("%rf =", &format!("{shaped} ="), 1),
            _ => {
                let sizes: Vec<String> = dims.iter().map(u64::to_string).collect();
                text.push_str(&format!(
                    "  {shaped} = tensor.expand_shape %rf [{all_dims}] output_shape [{}] : {flat} into {wire_tensor}\n",
                    sizes.join(", ")
                ));
            }
        }
        if !to_wire.is_empty() {
            text.push_str(&format!(
                "  %r = {from_wire} %rw : {wire_tensor} to {tensor}\n"
            ));
        }
        text
    };
    let world = "  %comm = mpi.comm_world : !mpi.comm\n";
    let peer_tag =
        "  %peer = arith.trunci %i0 : i64 to i32\n  %tag = arith.trunci %i1 : i64 to i32\n";
    let helper = &rewrite.helper;
    Ok(match rewrite.comm {
        Comm::AllGather | Comm::ReduceScatter => {
            return Err(format!(
                "par-lower-runtime: internal error: a {:?} reached the MPI messages",
                rewrite.comm
            ))
        }
        Comm::Send => format!(
            "func.func private @{helper}(%x: {tensor}, %i0: i64, %i1: i64) {{\n{into}{world}{peer_tag}  mpi.send(%m, %tag, %peer, %comm) : {buffer}, i32, i32\n  memref.dealloc %m : {buffer}\n  return\n}}"
        ),
        Comm::Recv => format!(
            "func.func private @{helper}(%i0: i64, %i1: i64) -> {tensor} {{\n  %m = memref.alloc() : {buffer}\n{world}{peer_tag}  mpi.recv(%m, %tag, %peer, %comm) : {buffer}, i32, i32\n{}  return %r : {tensor}\n}}",
            out_of("%m")
        ),
        Comm::AllReduce => {
            let op = match kind {
                "sum" => "MPI_SUM",
                "max" => "MPI_MAX",
                _ => "MPI_MIN",
            };
            format!(
                "func.func private @{helper}(%x: {tensor}) -> {tensor} {{\n{into}  %o = memref.alloc() : {buffer}\n{world}  mpi.allreduce(%m, %o, {op}, %comm) : {buffer}, {buffer}\n  memref.dealloc %m : {buffer}\n{}  return %r : {tensor}\n}}",
                out_of("%o")
            )
        }
    })
}

/// Sets the module's `dlti.map` entry `"MPI:Implementation"`, which the upstream MPI-to-LLVM
/// lowering reads, unless the module has a `dlti.map`.
fn set_mpi_abi(context: MlirContext, module: MlirOperation, abi: &str) {
    let name = melior::StringRef::new("dlti.map");
    unsafe {
        if !mlirOperationGetAttributeByName(module, name.to_raw())
            .ptr
            .is_null()
        {
            return;
        }
        let text = format!("#dlti.map<\"MPI:Implementation\" = \"{abi}\">");
        let attribute = mlirAttributeParseGet(context, melior::StringRef::new(&text).to_raw());
        assert!(!attribute.ptr.is_null(), "cannot build {text}");
        mlirOperationSetAttributeByName(module, name.to_raw(), attribute);
    }
}

/// Replaces the op by `arith.constant`s of its integers and a call of its helper.
fn replace(context: MlirContext, rewrite: &Rewrite) {
    let op = rewrite.op;
    unsafe {
        let location = mlirOperationGetLocation(op);
        let block = mlirOperationGetBlock(op);
        let i64_type = mlirIntegerTypeGet(context, 64);
        let mut operands = Vec::new();
        if rewrite.comm != Comm::Recv {
            operands.push(mlirOperationGetOperand(op, 0));
        }
        for &value in &rewrite.integers {
            let attribute = mlirIntegerAttrGet(i64_type, value);
            let constant = ir::create_op(
                context,
                "arith.constant",
                location,
                &[],
                &[i64_type],
                &[("value", attribute)],
            );
            mlirBlockInsertOwnedOperationBefore(block, op, constant);
            operands.push(mlirOperationGetResult(constant, 0));
        }
        let results: Vec<MlirType> = if rewrite.comm == Comm::Send {
            vec![]
        } else {
            vec![rewrite.result.unwrap_or(rewrite.tensor)]
        };
        let callee =
            mlirFlatSymbolRefAttrGet(context, melior::StringRef::new(&rewrite.helper).to_raw());
        let call = ir::create_op(
            context,
            "func.call",
            location,
            &operands,
            &results,
            &[("callee", callee)],
        );
        mlirBlockInsertOwnedOperationBefore(block, op, call);
        if rewrite.comm != Comm::Send {
            mlirValueReplaceAllUsesOfWith(
                mlirOperationGetResult(op, 0),
                mlirOperationGetResult(call, 0),
            );
        }
        mlirOperationDestroy(op);
    }
}

/// Removes every discardable `par.*` attribute of every op (the module included).
fn strip_par_attributes(module: OperationRef<'_, '_>) {
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let count = unsafe { mlirOperationGetNumDiscardableAttributes(raw) };
        let names: Vec<String> = (0..count)
            .filter_map(|i| {
                let named = unsafe { mlirOperationGetDiscardableAttribute(raw, i) };
                let name = unsafe { melior::StringRef::from_raw(mlirIdentifierStr(named.name)) };
                let name = name.as_str().ok()?.to_string();
                name.starts_with("par.").then_some(name)
            })
            .collect();
        for name in names {
            unsafe {
                mlirOperationRemoveDiscardableAttributeByName(
                    raw,
                    melior::StringRef::new(&name).to_raw(),
                );
            }
        }
        WalkResult::Advance
    });
}
