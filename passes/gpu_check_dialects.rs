//! `gpu-check-dialects`: the first step of `flexc --target=cuda` after materializing — every op of
//! the module belongs to a dialect the GPU lowering handles ([`DIALECTS`]); the first that does not
//! is a located error, before any GPU rewrite runs.
//!
//! Precondition: materialized device programs, `tm_tensor.scatter` lowered (`tm-tensor-lowering`).
//! Postcondition: the module is unchanged.
//!
//! ```mlir
//! // error: 'ub.poison' is not supported by --target=cuda (supported dialects: arith, ...)
//! %p = ub.poison : f32
//! ```

use crate::{emit_error_at, ir, Options, PassId, PassInfo};
use melior::ir::OperationRef;

/// Dialects whose ops the GPU lowering handles.
pub const DIALECTS: &[&str] = &[
    "arith",
    "builtin",
    "bufferization",
    "func",
    "linalg",
    "math",
    "memref",
    "par",
    "tensor",
    "scf",
    "affine",
    "index",
    "cf",
];

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-check-dialects",
    summary: "GPU target: reject the first op of a dialect the GPU lowering does not handle",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    for op in ir::all_ops(module.to_raw()) {
        let name = ir::op_name(op);
        let dialect = name.split('.').next().unwrap_or("");
        if !DIALECTS.contains(&dialect) {
            emit_error_at(
                op,
                &format!(
                    "'{name}' is not supported by --target=cuda (supported dialects: {})",
                    DIALECTS.join(", ")
                ),
            );
            return Err(());
        }
    }
    Ok(())
}
