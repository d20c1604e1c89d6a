//! `gpu-wrap-scalar-ops`: every linalg op without parallel loops (its output 0-d: the fill of a
//! scalar loss, a scalar elementwise op or a full reduction of a training step) goes into a
//! one-iteration `scf.parallel`, so that it becomes a (one-thread) kernel like every other op
//! instead of host-side loads and stores of device memory (`convert-linalg-to-parallel-loops`
//! emits no parallel loop for them). A full reduction is then sequential in one thread: correct,
//! slow for big operands.
//!
//! Precondition: bufferized, before `convert-linalg-to-parallel-loops`. Postcondition: every linalg
//! op outside a kernel with a 0-d output is the only op (but the terminator) of an `scf.parallel`.
//!
//! ```mlir
//! scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
//!   linalg.fill ins(%cst : f32) outs(%loss : memref<f32>)
//!   scf.reduce
//! }
//! ```

use crate::{ir, Options, PassId, PassInfo};
use melior::ir::OperationRef;
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-wrap-scalar-ops",
    summary: "GPU target: wrap every linalg op with a 0-d output in a one-iteration scf.parallel",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[mlirGetDialectHandle__scf__, mlirGetDialectHandle__arith__],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let scalar: Vec<MlirOperation> = ir::all_ops(module.to_raw())
        .into_iter()
        .filter(|&op| {
            let name = ir::op_name(op);
            name.starts_with("linalg.")
                && name != "linalg.yield"
                && !ir::inside_kernel_or_linalg(op)
                && zero_d_output(op)
        })
        .collect();
    for op in scalar {
        wrap_in_parallel(op);
    }
    Ok(())
}

/// Whether the last memref operand of `op` (its output) is 0-d: no parallel loop (a fill, a full
/// reduction).
fn zero_d_output(op: MlirOperation) -> bool {
    let memrefs: Vec<MlirType> = unsafe {
        (0..mlirOperationGetNumOperands(op))
            .map(|i| mlirValueGetType(mlirOperationGetOperand(op, i)))
            .filter(|&t| mlirTypeIsAMemRef(t))
            .collect()
    };
    memrefs
        .last()
        .is_some_and(|&t| unsafe { mlirShapedTypeGetRank(t) } == 0)
}

/// `op` → `scf.parallel (%i) = (0) to (1) step (1) { op }`.
fn wrap_in_parallel(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let location = mlirOperationGetLocation(op);
        let block = mlirOperationGetBlock(op);
        let index = mlirIndexTypeGet(context);
        let constant = |value: i64| {
            let c = ir::create_op(
                context,
                "arith.constant",
                location,
                &[],
                &[index],
                &[("value", mlirIntegerAttrGet(index, value))],
            );
            mlirBlockInsertOwnedOperationBefore(block, op, c);
            mlirOperationGetResult(c, 0)
        };
        let (zero, one) = (constant(0), constant(1));
        let body = mlirBlockCreate(1, &index, &location);
        let region = mlirRegionCreate();
        mlirRegionAppendOwnedBlock(region, body);
        let segments = ir::parse_attribute(context, "array<i32: 1, 1, 1, 0>");
        let named = mlirNamedAttributeGet(
            mlirIdentifierGet(
                context,
                melior::StringRef::new("operandSegmentSizes").to_raw(),
            ),
            segments,
        );
        let mut state =
            mlirOperationStateGet(melior::StringRef::new("scf.parallel").to_raw(), location);
        let operands = [zero, one, one];
        mlirOperationStateAddOperands(&mut state, 3, operands.as_ptr());
        mlirOperationStateAddAttributes(&mut state, 1, &named);
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let parallel = mlirOperationCreate(&mut state);
        mlirBlockInsertOwnedOperationBefore(block, op, parallel);
        mlirOperationRemoveFromParent(op);
        mlirBlockAppendOwnedOperation(body, op);
        let reduce = ir::create_op(context, "scf.reduce", location, &[], &[], &[]);
        mlirBlockAppendOwnedOperation(body, reduce);
    }
}
