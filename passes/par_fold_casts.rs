//! `par-fold-casts`: removes size-erasing `tensor.cast`s whose sizes are known again downstream.
//!
//! torch-mlir lowers `aten.roll` (Swin-style shifted windows) through `aten.slice` + `aten.cat`: each
//! slice becomes a `tensor.extract_slice` with a static result, followed by a `tensor.cast` to the
//! slice's torch type, which is dynamic along the rolled dim; the `tensor.concat` of the pieces has a
//! static result again. Every size is known, but the casts' results are dynamic, and upstream
//! `canonicalize` keeps them (it cannot infer the operand sizes along the concatenated dim). This pass
//! folds a cast from a static type to a less static one into its users where that cannot change
//! what is computed:
//! - a `tensor.concat` operand: the concat reads the static source instead (its result type is
//!   unchanged; a concat accepts operands of any compatible type);
//! - a `tensor.cast` back to exactly the source type: its uses read the source directly.
//!
//! A cast left without uses is erased. Casts with other users stay, and the importer reports their
//! dynamic shape as before.
//!
//! Precondition: none. Postcondition: no `tensor.cast` from a static type feeds a `tensor.concat` or
//! a cast back to that type.
//!
//! ```mlir
//! %c = tensor.cast %s : tensor<4x2x16xf32> to tensor<4x?x16xf32>
//! %r = tensor.concat dim(1) %c, %d : (tensor<4x?x16xf32>, tensor<4x6x16xf32>) -> tensor<4x8x16xf32>
//! // becomes
//! %r = tensor.concat dim(1) %s, %d : (tensor<4x2x16xf32>, tensor<4x6x16xf32>) -> tensor<4x8x16xf32>
//! ```

use crate::{ir, PassId, PassInfo};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::{MlirOperation, MlirValue};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-fold-casts",
    summary: "Fold size-erasing tensor.casts (static to dynamic) into concat and cast users",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, _options: &crate::Options) -> Result<(), ()> {
    let mut casts = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if crate::op_name(&op) == "tensor.cast" {
            casts.push(op.to_raw());
        }
        WalkResult::Advance
    });
    let mut redirected = std::collections::HashSet::new();
    for &cast in &casts {
        fold(cast, &mut redirected);
    }
    // Erase in reverse program order, users before the casts they read.
    for &cast in casts.iter().rev() {
        let result = unsafe { mlir_sys::mlirOperationGetResult(cast, 0) };
        if !ir::has_uses(result) && (redirected.contains(&cast.ptr) || static_source(cast)) {
            unsafe { mlir_sys::mlirOperationDestroy(cast) };
        }
    }
    Ok(())
}

/// Whether the operand of a `tensor.cast` has a static type.
fn static_source(cast: MlirOperation) -> bool {
    let source = unsafe { mlir_sys::mlirOperationGetOperand(cast, 0) };
    ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(source) })
        .is_some_and(|shape| shape.is_static())
}

/// Folds `cast` into its users when its source is static (module doc); a cast back whose uses were
/// redirected goes into `redirected` (erased later: it may be in the list of casts still to fold).
fn fold(cast: MlirOperation, redirected: &mut std::collections::HashSet<*mut std::ffi::c_void>) {
    let (source, result) = unsafe {
        (
            mlir_sys::mlirOperationGetOperand(cast, 0),
            mlir_sys::mlirOperationGetResult(cast, 0),
        )
    };
    let source_type = unsafe { mlir_sys::mlirValueGetType(source) };
    if !static_source(cast) {
        return;
    }
    for (user, index) in uses(result) {
        match ir::op_name(user).as_str() {
            "tensor.concat" => unsafe { mlir_sys::mlirOperationSetOperand(user, index, source) },
            "tensor.cast" => unsafe {
                let back = mlir_sys::mlirOperationGetResult(user, 0);
                if mlir_sys::mlirTypeEqual(mlir_sys::mlirValueGetType(back), source_type) {
                    mlir_sys::mlirValueReplaceAllUsesOfWith(back, source);
                    redirected.insert(user.ptr);
                }
            },
            _ => {}
        }
    }
}

/// The (user, operand index) pairs of `value`, collected before any is changed.
fn uses(value: MlirValue) -> Vec<(MlirOperation, isize)> {
    let mut uses = Vec::new();
    let mut operand = unsafe { mlir_sys::mlirValueGetFirstUse(value) };
    while !operand.ptr.is_null() {
        unsafe {
            uses.push((
                mlir_sys::mlirOpOperandGetOwner(operand),
                mlir_sys::mlirOpOperandGetOperandNumber(operand) as isize,
            ));
            operand = mlir_sys::mlirOpOperandGetNextUse(operand);
        }
    }
    uses
}
