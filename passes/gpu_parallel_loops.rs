//! `gpu-parallel-loops`: every `scf.for` a family's lowering marked as parallel
//! (`flexc.parallel_loop`, [`crate::family::gather::PARALLEL_LOOP_ATTR`]: its iterations write
//! disjoint elements, e.g. a scatter's blocks of rows) → an `scf.parallel` over the same range with
//! the same body and the same family attribute, so that it is mapped onto threads like every other
//! parallel loop.
//!
//! Precondition: bufferized — a marked loop carries no values any more (its tensor became the
//! buffer it writes in place); one that still does is a located error. Postcondition: no marked
//! `scf.for`.
//!
//! ```mlir
//! scf.parallel (%r) = (%c0) to (%n) step (%c1) {
//!   ...
//!   scf.reduce
//! } {flexc.gpu_family = "gather"}
//! ```

use crate::family::{gather::PARALLEL_LOOP_ATTR, gpu::GPU_FAMILY_ATTR};
use crate::{emit_error_at, ir, Options, PassId, PassInfo};
use melior::ir::{operation::OperationLike, OperationRef};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-parallel-loops",
    summary: "GPU target: the families' marked parallel scf.for loops become scf.parallel",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[mlirGetDialectHandle__scf__],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let marked: Vec<MlirOperation> = ir::all_ops(module.to_raw())
        .into_iter()
        .filter(|&op| {
            ir::op_name(op) == "scf.for"
                && unsafe { OperationRef::from_raw(op) }
                    .attribute(PARALLEL_LOOP_ATTR)
                    .is_ok()
        })
        .collect();
    for op in marked {
        if unsafe { mlirOperationGetNumResults(op) } != 0 {
            emit_error_at(
                op,
                "a parallel loop still carries values after bufferization (a flexc bug)",
            );
            return Err(());
        }
        for_to_parallel(op);
    }
    Ok(())
}

/// `scf.for %i = lb to ub step s { body }` (no results) → `scf.parallel (%i) = (lb) to (ub) step (s)
/// { body }`, the family attribute kept.
fn for_to_parallel(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let location = mlirOperationGetLocation(op);
        let operands = [0, 1, 2].map(|i| mlirOperationGetOperand(op, i));
        let old_body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        let index = mlirIndexTypeGet(context);
        let body = mlirBlockCreate(1, &index, &location);
        mlirValueReplaceAllUsesOfWith(
            mlirBlockGetArgument(old_body, 0),
            mlirBlockGetArgument(body, 0),
        );
        let terminator = mlirBlockGetTerminator(old_body);
        let mut next = mlirBlockGetFirstOperation(old_body);
        while !next.ptr.is_null() && next.ptr != terminator.ptr {
            let following = mlirOperationGetNextInBlock(next);
            mlirOperationRemoveFromParent(next);
            mlirBlockAppendOwnedOperation(body, next);
            next = following;
        }
        let region = mlirRegionCreate();
        mlirRegionAppendOwnedBlock(region, body);
        let mut attributes = vec![mlirNamedAttributeGet(
            mlirIdentifierGet(
                context,
                melior::StringRef::new("operandSegmentSizes").to_raw(),
            ),
            ir::parse_attribute(context, "array<i32: 1, 1, 1, 0>"),
        )];
        let family = mlirOperationGetDiscardableAttributeByName(
            op,
            melior::StringRef::new(GPU_FAMILY_ATTR).to_raw(),
        );
        if !family.ptr.is_null() {
            attributes.push(mlirNamedAttributeGet(
                mlirIdentifierGet(context, melior::StringRef::new(GPU_FAMILY_ATTR).to_raw()),
                family,
            ));
        }
        let mut state =
            mlirOperationStateGet(melior::StringRef::new("scf.parallel").to_raw(), location);
        mlirOperationStateAddOperands(&mut state, 3, operands.as_ptr());
        mlirOperationStateAddAttributes(&mut state, attributes.len() as isize, attributes.as_ptr());
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let parallel = mlirOperationCreate(&mut state);
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, parallel);
        let reduce = ir::create_op(context, "scf.reduce", location, &[], &[], &[]);
        mlirBlockAppendOwnedOperation(body, reduce);
        mlirOperationDestroy(op);
    }
}
