//! `gpu-contiguous-dim-first`: each outermost `scf.parallel` gets its last (contiguous in memory)
//! dim first, so that upstream `scf-parallel-loop-tiling` (which tiles the leading dims) gives blocks
//! of consecutive elements to the threads of a block (coalesced accesses), the other dims going to
//! the grid's y and z.
//!
//! Precondition: the kernels' loops are `scf.parallel` (after `convert-linalg-to-parallel-loops`).
//! Postcondition: the same iteration spaces, each outermost loop's dims rotated right by one.
//!
//! ```mlir
//! // before: scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1)
//! scf.parallel (%j, %i) = (%c0, %c0) to (%c8, %c4) step (%c1, %c1)
//! ```

use crate::{ir, Options, PassId, PassInfo};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-contiguous-dim-first",
    summary: "GPU target: every outermost scf.parallel's last (contiguous) dim first",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let mut loops = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        if ir::op_name(raw) == "scf.parallel" {
            let parent = unsafe { mlirOperationGetParentOperation(raw) };
            if !parent.ptr.is_null() && ir::op_name(parent) != "scf.parallel" {
                loops.push(raw);
            }
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    for op in loops {
        rotate(op);
    }
    Ok(())
}

/// `scf.parallel (i0, ..., in-1)` → `scf.parallel (in-1, i0, ..., in-2)` (same iteration space).
fn rotate(op: MlirOperation) {
    unsafe {
        let count = mlirOperationGetNumOperands(op);
        let region = mlirOperationGetRegion(op, 0);
        let block = mlirRegionGetFirstBlock(region);
        let dims = mlirBlockGetNumArguments(block);
        if dims < 2 || count < 3 * dims {
            return;
        }
        let operands: Vec<MlirValue> = (0..count).map(|i| mlirOperationGetOperand(op, i)).collect();
        let mut rotated = operands.clone();
        for group in 0..3 {
            let start = (group * dims) as usize;
            let slice = &mut rotated[start..start + dims as usize];
            slice.rotate_right(1);
        }
        mlirOperationSetOperands(op, count, rotated.as_ptr());
        let last = mlirBlockGetArgument(block, dims - 1);
        let ty = mlirValueGetType(last);
        let location = mlirOperationGetLocation(op);
        let first = mlirBlockInsertArgument(block, 0, ty, location);
        mlirValueReplaceAllUsesOfWith(last, first);
        mlirBlockEraseArgument(block, dims as u32);
    }
}
