//! `tm-tensor-lowering`: torch-mlir's `tm_tensor.scatter` (generic form, parsed with unregistered
//! dialects allowed) → upstream `scf`/`tensor`/`arith`/`linalg` ops on tensors, by the gather family's
//! lowering (`family::gather::lower_scatters`, whose module doc gives the schemes). It runs after
//! `par-materialize` (which cuts the scatter as the family models it) and before bufferization, in the
//! CPU runtime's lowering and the GPU target's, so that both compute the same thing in the same order.
//!
//! Precondition: static shapes. Postcondition: no `tm_tensor.scatter` is left; on error (an op no
//! scheme lowers) the module is unchanged and the error is at the op.

use crate::{emit_error, PassId, PassInfo};
use melior::ir::{Location, OperationRef};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "tm-tensor-lowering",
    summary: "Lower tm_tensor.scatter to scf, tensor, arith and linalg ops on tensors (deterministic, parallel where provably race-free)",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__scf__,
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__tensor__,
        mlirGetDialectHandle__arith__,
    ],
};

fn run(module: OperationRef<'_, '_>, _options: &crate::Options) -> Result<(), ()> {
    crate::family::gather::lower_scatters(&module).map_err(|(location, message)| {
        emit_error(unsafe { Location::from_raw(location) }, &message);
    })
}
