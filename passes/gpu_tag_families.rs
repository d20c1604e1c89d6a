//! `gpu-tag-families`: on the tensor program (before fusion and bufferization, where the op
//! families model ops), every linalg op gets its family's GPU lowering
//! ([`crate::family::gpu_lowering`], named by [`GpuLowering::kernel_family`]) as the
//! `flexc.gpu_family` attribute; bufferization keeps it, fusion drops it on the ops it creates. The
//! GPU target reads it back to name each kernel's family in the manifest.
//!
//! Precondition: materialized programs on tensors. Postcondition: the same ops, every linalg op a
//! family models tagged (ops a family's own lowering made, a scatter's, keep their tag).
//!
//! ```mlir
//! %0 = linalg.matmul {flexc.gpu_family = "contraction"} ins(...) outs(...) -> tensor<8x16xf32>
//! ```

use crate::family::{gpu::GPU_FAMILY_ATTR, gpu_lowering, GpuLowering};
use crate::{ir, Options, PassId, PassInfo};
use melior::ir::{operation::OperationLike, OperationRef};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-tag-families",
    summary: "GPU target: tag every linalg op with its family's GPU lowering (flexc.gpu_family)",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    for op in ir::all_ops(module.to_raw()) {
        let name = ir::op_name(op);
        if !name.starts_with("linalg.") || name == "linalg.yield" {
            continue;
        }
        let view = unsafe { OperationRef::from_raw(op) };
        if view.attribute(GPU_FAMILY_ATTR).is_ok() {
            continue;
        }
        if let Some(lowering) = gpu_lowering(&view) {
            tag(op, lowering);
        }
    }
    Ok(())
}

fn tag(op: MlirOperation, lowering: GpuLowering) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let text = lowering.kernel_family().name();
        let value = mlirStringAttrGet(context, melior::StringRef::new(text).to_raw());
        mlirOperationSetDiscardableAttributeByName(
            op,
            melior::StringRef::new(GPU_FAMILY_ATTR).to_raw(),
            value,
        );
    }
}
