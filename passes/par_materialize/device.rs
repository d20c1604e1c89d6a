//! The device-function builder (`super::scheduled_emit` fills it, for every strategy): what a device
//! function is apart from the steps that fill it.
//!
//! [`open`] clones the serial function `@f` right after the previous device function, renames the
//! clone `@f_device<d>` and hands back an [`Emitter`] over the clone's body (its ops by position, its
//! arguments the serial arguments, ops built before the `func.return`). [`close`] ends it the same way
//! for every strategy: the transfers that gather the returned values on device 0 (peers unshifted:
//! they were planned on the real devices), device 0's `func.return` of its copies of them, no results
//! on every other device ([`without_results`]), and the serial graph ops erased last to first (every
//! use was rewritten to a device copy by then).

use super::emit::Emitter;
use super::tasks::Transfer;
use crate::{family::ValueId, ir};
use flexc_core::DeviceId;
use flexc_dialects::names;
use melior::ir::{operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::HashSet;

/// A device function being built: the clone of the serial function and the emitter over its body.
pub(super) struct DeviceFunction {
    /// The `func.func` `@f_device<d>`.
    pub(super) op: MlirOperation,
    /// Its `func.return` (the clone of the serial one).
    pub(super) ret: MlirOperation,
    pub(super) emitter: Emitter,
}

/// Adds `@<f>_device<device>`, a clone of `function`, to the module right after `after`; its emitter
/// builds before its `func.return` (at `return_position` of the body).
///
/// # Safety
/// `function` is a `func.func` with a body whose op at `return_position` is its `func.return`, and
/// `after` an op of the same block.
pub(super) unsafe fn open(
    function: MlirOperation,
    after: MlirOperation,
    device: DeviceId,
    return_position: usize,
) -> DeviceFunction {
    let context = mlirOperationGetContext(function);
    let clone = mlirOperationClone(function);
    mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(function), after, clone);
    let name = OperationRef::from_raw(function)
        .attribute("sym_name")
        .map(|a| a.to_string().trim_matches('"').to_string())
        .unwrap_or_default();
    mlirOperationSetAttributeByName(
        clone,
        melior::StringRef::new("sym_name").to_raw(),
        mlirStringAttrGet(
            context,
            melior::StringRef::new(&names::device_function(&name, device)).to_raw(),
        ),
    );
    let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(clone, 0));
    let ops = ir::block_ops(block);
    let ret = ops[return_position];
    DeviceFunction {
        op: clone,
        ret,
        emitter: Emitter::new(context, function, block, ret, ops),
    }
}

/// What the function returns and how it gets to device 0.
pub(super) struct Returns<'p> {
    /// The transfers that gather the returned values on device 0 (real device ids).
    pub(super) transfers: &'p [Transfer],
    /// The returned values, in order.
    pub(super) returned: &'p [ValueId],
    /// Values held as device copies.
    pub(super) partitioned: &'p HashSet<ValueId>,
    /// Positions of the serial graph ops, ascending: erased at the end.
    pub(super) graph_ops: &'p [usize],
}

/// Ends device `device`'s function `op` built with `emitter`, whose `func.return` is `ret` (module
/// doc); returns `op`.
///
/// # Safety
/// `op`, `ret` and `emitter` come from one [`open`], and nothing refers to the serial graph ops but
/// what this rewrites.
pub(super) unsafe fn close(
    op: MlirOperation,
    ret: MlirOperation,
    mut emitter: Emitter,
    device: i64,
    returns: &Returns<'_>,
) -> MlirOperation {
    emitter.anchor = ret;
    emitter.location = mlirOperationGetLocation(ret);
    emitter.shift = 0;
    emitter.transfers(returns.transfers, device, returns.partitioned);
    if device == 0 {
        let values: Vec<MlirValue> = returns
            .returned
            .iter()
            .map(|&id| emitter.copy(id, returns.partitioned))
            .collect();
        mlirOperationSetOperands(ret, values.len() as isize, values.as_ptr());
    } else {
        without_results(emitter.context, op, ret);
    }
    for &position in returns.graph_ops.iter().rev() {
        mlirOperationDestroy(emitter.ops[position]);
    }
    op
}

/// A device function other than device 0's returns nothing: `ret` loses its operands and `function`
/// its result types and result attributes.
///
/// # Safety
/// `function` is a `func.func` and `ret` its `func.return`, both alive in `context`.
unsafe fn without_results(context: MlirContext, function: MlirOperation, ret: MlirOperation) {
    mlirOperationSetOperands(ret, 0, std::ptr::null());
    let ty = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
        function,
        melior::StringRef::new("function_type").to_raw(),
    ));
    let inputs: Vec<MlirType> = (0..mlirFunctionTypeGetNumInputs(ty))
        .map(|i| mlirFunctionTypeGetInput(ty, i))
        .collect();
    let ty = mlirFunctionTypeGet(
        context,
        inputs.len() as isize,
        inputs.as_ptr(),
        0,
        std::ptr::null(),
    );
    mlirOperationSetAttributeByName(
        function,
        melior::StringRef::new("function_type").to_raw(),
        mlirTypeAttrGet(ty),
    );
    mlirOperationRemoveAttributeByName(function, melior::StringRef::new("res_attrs").to_raw());
}
