//! `par-materialize`: turns a strategy (`#par.config` on every graph op) into one program per device,
//! with explicit `par` communication between them (`docs/design.md`, materialization).
//!
//! **Convention: one function per device.** For every public function `@f` with a body and every
//! device `d` of the machine, the pass adds `@f_device<d>` right after `@f`, which is kept unchanged as
//! the serial reference. Device functions take the same arguments as `@f` (inputs and weights are
//! resident on every device, the simulator's assumption); `@f_device0` returns `@f`'s results,
//! assembled there, and every other device function returns nothing.
//!
//! In device `d`'s function, in program order, each graph op (an op with `par.config`) becomes the tasks
//! of its configuration placed on `d`: task `t` of the row-major task grid covers the box of loop
//! intervals that the degrees give it. For every operand, the task reads the region that the op's
//! indexing maps (its [`OpModel`](crate::op_model::OpModel) accesses) give for that box (a convolution's window rows included: the
//! halo), cut with `tensor.extract_slice` from the device's *local copy* of the operand, and runs the
//! op on the slices. How a task of each op is cut is its family's business (`crate::family`, the
//! [`TaskCut`](crate::family::TaskCut) of each family file); in short:
//! - linalg structured ops, named or generic, are cloned with sliced operands and result types. The
//!   slice of an operand starts at the map's value at the task's lowest loop point *without* the map's
//!   constant offset, so the clone's unchanged indexing maps still index from 0 (a strided or dilated
//!   window included). The clone iterates from 0, so every `linalg.index k` of its body gets the task's
//!   start along loop `k` added (`arith.addi` of an `arith.constant`). Maps with a negative constant
//!   offset or coefficient, and results whose map is not a projected permutation, are rejected with a
//!   diagnostic;
//! - elementwise ops on tensors (`arith.*`, ...) are cloned on slices;
//! - `tensor.extract_slice` reads its task's part straight from the local copy of the source (offsets
//!   moved by the task's start); `tensor.insert_slice`, `tensor.pad` and `tensor.concat` get the part of
//!   the source that falls into the task's box, with offsets, padding and operand lists recomputed per
//!   task (a task entirely in the padding pads an empty slice; a concat task inside one operand is that
//!   operand's slice); `tensor.expand_shape`/`collapse_shape` reshape the task's slice where its part
//!   of every reassociation group is contiguous (a split dim has only size-1 or unsplit dims outside it
//!   in its group, and only unsplit dims inside). Otherwise the task reads its source *whole* (receives
//!   every piece it lacks), reshapes all of it and keeps its part with `tensor.extract_slice`: its box
//!   for an expand; for a collapse, of every low dim the even share that its index among the group's
//!   parts (row-major over the group's dims) gives (its linear range, where that is contiguous).
//!
//! **Captured values.** A partitioned value read inside a graph op's region (a `tensor.extract` from a
//! table computed by an earlier graph op, in a gather's body) is read *whole*: every device running a
//! task of the op first receives each piece of it that it lacks, like an operand whose read region is
//! the full tensor, and the clone's body reads the device's whole local copy. Tasks that differ only
//! in capture loops (the loops par-import adds for data-dependent indices) therefore compute the same
//! region: redundantly, every device of such a group holds it afterwards, nothing is combined.
//!
//! **Local copies.** A partitioned value (a graph op's result) is held on each device as a tensor of the
//! *full* shape in which only the regions that device computed or received are defined: task results
//! and received pieces are written into it with `tensor.insert_slice` (starting from `tensor.empty`).
//! This keeps every slice a static `extract_slice` of one value; shrinking the copies to the parts
//! actually held is left to bufferization. Replicated values (function arguments, constants, ops without
//! `par.config`, which read only replicated values) are used as they are.
//!
//! **Communication.** Before a graph op, every region a task on `d` reads that `d` does not hold is
//! received, piece by piece of the producer's tasks: `par.recv` in `d`'s function and the matching
//! `par.send` (same `tag`, unique in the module) in the function of a device holding that piece.
//! Convolution halos are such pieces (the neighbour's boundary rows). A received region is remembered
//! and not received again. Every message sits at one place of one global order (by
//! graph op, then piece), and each device posts its sends and receives in that order, so the
//! programs cannot deadlock, whether sends are buffered (flexc-run's threads) or block until matched
//! (MPI): the earliest pending message always has both ends waiting on it. **Split reductions**: tasks that differ only in
//! reduction coordinates compute partial results of one output region; the task whose reduction
//! coordinates are all 0 starts from the op's init (the destination operand), the others from the
//! combiner's identity (`tensor.splat` of 0 for a sum, -inf/+inf for max/min, read from the body's
//! `linalg.yield`), the partials of one device are combined locally (`arith.addf`, ...), and the devices
//! of the group run `par.all_reduce` with that kind, after which every member holds the region.
//! **Results** are gathered on device 0 with send/recv and returned there.
//!
//! **One path for every strategy.** A strategy is a schedule (`#par.schedule`; none is the flat
//! schedule, `flexc_core::schedule`) and the configurations of its ops. `scheduled` plans it on core's
//! graph (phases, step orders), `order` gives each device its steps and the messages between them in
//! the global order, and `scheduled_emit` builds the device functions: every device runs replica 0's
//! template shifted to its replica, its group's steps as `scf.for` loops over micro-batches (what
//! repeats) with stashes, gradient accumulators and assembled results carried through them, one
//! synchronization of the accumulated gradients after the last micro-batch, then the epilogue (the
//! update); `zero` splits that synchronization and the epilogue over the replicas (ZeRO-1) and, for
//! ZeRO-3, the weights too. A flat strategy is the schedule of one replica, one stage and one
//! micro-batch: nothing is cut along the batch, so every graph op runs once, in program order, as
//! the program above (no step, no loop). Every op is built by `emit::Emitter` (`tasks` plans its tasks
//! and transfers), every device function by `device` (the clone of `@f` renamed, the results gathered
//! on device 0, the serial graph ops erased).
//!
//! Precondition: a module whose graph ops carry `par.config` valid for their `par.space` (par-verify),
//! checked again here by the same validator (`flexc_core::Config::check`) — in particular one task per
//! device: a device's share of an op is one task with one local result —, static shapes, graph ops at the top level of public functions. The machine size comes from the
//! `devices` option, else from `#par.machine` (`devices`, else `nodes * gpus_per_node`), else from the
//! largest device id used. Ops the pass cannot cut (an op without `par.config` reading a partitioned
//! value, also inside its regions, a device past the machine, an unsupported op or access) are errors
//! at the op, and the module is left unchanged. Postcondition: the module verifies (the device
//! functions carry no `par.config`); every `par.send` has one `par.recv` with the same tag and swapped
//! peers.
//!
//! ```mlir
//! // a matmul split in 2 along its reduction dim k (devices 0, 1):
//! func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
//!   %0 = linalg.matmul {par.config = #par.config<array<i64: 1, 1, 2>, array<i64: 0, 1>>, ...}
//!          ins(%x, %w : ...) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
//!   return %0 : tensor<4x2xf32>
//! }
//! // gets, besides @f_device0:
//! func.func @f_device1(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %init: tensor<4x2xf32>) {
//!   %xs = tensor.extract_slice %x[0, 4] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
//!   %ws = tensor.extract_slice %w[4, 0] [4, 2] [1, 1] : tensor<8x2xf32> to tensor<4x2xf32>
//!   %zero = tensor.splat %cst : tensor<4x2xf32>
//!   %p = linalg.matmul ins(%xs, %ws : ...) outs(%zero : tensor<4x2xf32>) -> tensor<4x2xf32>
//!   %s = "par.all_reduce"(%p) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
//!   return
//! }
//! ```

mod device;
mod emit;
pub mod order;
mod scheduled;
mod scheduled_emit;
mod tasks;
mod zero;

use crate::{ir, op_name, Options, PassId, PassInfo};
use melior::ir::{operation::OperationLike, OperationRef};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-materialize",
    summary: "Materialize par.config strategies into one function per device with par send/recv/all_reduce",
    options: &[crate::DEVICES_OPTION],
    anchor: "builtin.module",
    id: &ID,
    run,
    // The device programs' slices, loops (a scheduled program), index arithmetic and helper calls.
    dependent_dialects: &[
        mlirGetDialectHandle__tensor__,
        mlirGetDialectHandle__scf__,
        mlirGetDialectHandle__arith__,
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__func__,
    ],
};

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    let machine = options.devices(&module)?;
    let schedule = schedule_of(&module)?;
    let devices = match machine {
        Some(count) => count.get(),
        // A flat strategy without a machine runs on the devices its configurations use.
        None if schedule.is_flat() => devices_used(&module).max(1),
        None => {
            crate::emit_error(
                module.location(),
                "a scheduled strategy (par.schedule) needs the machine's size: par.machine on the module or the devices option",
            );
            return Err(());
        }
    };
    let mut tag = 0i64;
    let mut plans = Vec::new();
    let mut ok = true;
    for function in public_functions(&module) {
        match scheduled::plan(&function, &schedule, devices, &mut tag) {
            Ok(plan) => plans.push((function.to_raw(), plan)),
            Err(()) => ok = false,
        }
    }
    if !ok {
        return Err(());
    }
    for (function, plan) in &plans {
        let replay = scheduled_emit::replay(plan);
        let mut after = *function;
        for device in 0..devices {
            after = unsafe { scheduled_emit::emit_device(*function, after, plan, &replay, device) };
        }
    }
    Ok(())
}

/// The module's `par.schedule` (read by [`crate::schedule_attr`]); the flat schedule when it has none;
/// `Err` (reported) when it is malformed.
fn schedule_of(module: &OperationRef<'_, '_>) -> Result<flexc_core::schedule::Schedule, ()> {
    match crate::schedule_attr(module) {
        Ok(schedule) => Ok(schedule.unwrap_or_else(flexc_core::schedule::Schedule::flat)),
        Err(e) => {
            crate::emit_error(module.location(), &format!("malformed par.schedule: {e}"));
            Err(())
        }
    }
}

/// One past the largest device id of the module's `par.config`s (0 when there is none; a malformed
/// configuration counts nothing here and is reported where its op is planned).
fn devices_used(module: &OperationRef<'_, '_>) -> u32 {
    let mut used = 0;
    for function in public_functions(module) {
        for op in nested_ops(function.to_raw()) {
            let op = unsafe { OperationRef::from_raw(op) };
            let Ok(attr) = op.attribute(flexc_dialects::names::CONFIG_ATTR) else {
                continue;
            };
            if let Ok(config) =
                <flexc_core::Config as flexc_dialects::ConfigAttr>::parse(&attr.to_string())
            {
                for d in &config.devices {
                    used = used.max(d.0.saturating_add(1));
                }
            }
        }
    }
    used
}

/// The module's public functions with a body.
fn public_functions<'c, 'a>(module: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    ir::top_level_ops(module.to_raw())
        .into_iter()
        .map(|op| unsafe { OperationRef::from_raw(op) })
        .filter(|op| {
            op_name(op) == "func.func"
                && !op
                    .attribute("sym_visibility")
                    .is_ok_and(|v| v.to_string().contains("private"))
                && !unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op.to_raw(), 0)) }
                    .ptr
                    .is_null()
        })
        .collect()
}

fn has_attribute(op: MlirOperation, name: &str) -> bool {
    unsafe {
        !mlirOperationGetAttributeByName(op, melior::StringRef::new(name).to_raw())
            .ptr
            .is_null()
    }
}

/// The ops nested in `op`'s regions, at any depth, in pre-order (`op` itself not included).
fn nested_ops(op: MlirOperation) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    unsafe { OperationRef::from_raw(op) }.walk(
        melior::ir::operation::WalkOrder::PreOrder,
        |inner: OperationRef| {
            if inner.to_raw().ptr != op.ptr {
                ops.push(inner.to_raw());
            }
            melior::ir::operation::WalkResult::Advance
        },
    );
    ops
}

/// The operands of `op`.
fn operands(op: MlirOperation) -> impl Iterator<Item = MlirValue> {
    (0..unsafe { mlirOperationGetNumOperands(op) })
        .map(move |i| unsafe { mlirOperationGetOperand(op, i) })
}
