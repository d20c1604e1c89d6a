//! `gpu-upload-constants`: on the bufferized GPU program, every `%g = memref.get_global` (a host
//! constant) → `%d = memref.alloc; gpu.memcpy %d, %g`, every other use of `%g` → `%d`. Run before
//! the deallocation pipeline (which then frees `%d` after its last use) and before the GPU target's
//! device rewrite, which makes `%d` a `gpu.alloc` and the pair an upload of a runtime-resident
//! copy (`flexc_gpu_resident_<T>`).
//!
//! Precondition: bufferized. Postcondition: no use of a global but its upload's copy.
//!
//! ```mlir
//! %g = memref.get_global @w : memref<4xf32>
//! %d = memref.alloc() : memref<4xf32>
//! gpu.memcpy %d, %g : memref<4xf32>, memref<4xf32>
//! ```

use crate::{ir, Options, PassId, PassInfo};
use melior::ir::OperationRef;
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-upload-constants",
    summary: "GPU target: upload every memref.get_global into a fresh buffer (gpu.memcpy)",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[mlirGetDialectHandle__gpu__, mlirGetDialectHandle__memref__],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    for op in ir::all_ops(module.to_raw()) {
        if ir::op_name(op) == "memref.get_global" {
            upload(op);
        }
    }
    Ok(())
}

fn upload(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let location = mlirOperationGetLocation(op);
        let global = mlirOperationGetResult(op, 0);
        let block = mlirOperationGetBlock(op);
        let alloc = ir::create_op(
            context,
            "memref.alloc",
            location,
            &[],
            &[mlirValueGetType(global)],
            &[(
                "operandSegmentSizes",
                ir::parse_attribute(context, "array<i32: 0, 0>"),
            )],
        );
        mlirBlockInsertOwnedOperationAfter(block, op, alloc);
        let device = mlirOperationGetResult(alloc, 0);
        let copy = ir::create_op(context, "gpu.memcpy", location, &[device, global], &[], &[]);
        mlirBlockInsertOwnedOperationAfter(block, alloc, copy);
        mlirValueReplaceAllUsesExcept(global, device, 1, &copy as *const _ as *mut _);
    }
}
