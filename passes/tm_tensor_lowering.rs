//! `tm-tensor-lowering`: torch-mlir's `tm_tensor.sort` and `tm_tensor.scatter` (generic form, parsed
//! with unregistered dialects allowed) → upstream `scf`/`tensor`/`arith`/`linalg` ops on tensors, by
//! the reduction family's lowering of the sort (`family::reduction::lower_sorts`: ranks, then a
//! selection, two `linalg.generic`s) and the gather family's of the scatter
//! (`family::gather::lower_scatters`, whose module doc gives the schemes). It runs after
//! `par-materialize` (which cuts them as the families model them) and before bufferization, in the
//! CPU runtime's lowering and the GPU target's, so that both compute the same thing in the same order.
//!
//! Precondition: static shapes. Postcondition: no `tm_tensor` op is left; on error (an op no scheme
//! lowers, or another `tm_tensor` op) the error is at the op, and the module is unchanged when a
//! scatter fails (the sorts are lowered first, each checked before any changes).

use crate::{emit_error, PassId, PassInfo};
use melior::ir::{Location, OperationRef};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "tm-tensor-lowering",
    summary: "Lower tm_tensor.sort and tm_tensor.scatter to scf, tensor, arith and linalg ops on tensors (deterministic, parallel where provably race-free)",
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
    crate::family::reduction::lower_sorts(&module)
        .and_then(|()| crate::family::gather::lower_scatters(&module))
        .map_err(|(location, message)| {
            emit_error(unsafe { Location::from_raw(location) }, &message);
        })
}
