//! Step 3, the loops that become kernels: asserts dropped, scalar ops wrapped in a one-iteration
//! loop, `scf.for` nests made parallel, the contiguous dim first ([`contiguous_dim_first`]) and
//! the check that no host code touches device memory ([`check_host_code`]).

use super::*;

/// Drops the `cf.assert`s inside linalg bodies (torch-mlir's index-range checks of gathers and
/// embeddings): a kernel cannot abort the host program, and upstream `convert-parallel-loops-to-gpu`
/// refuses a tiled loop nest whose body has the assert's side effect, which left such ops on the
/// host. As a CUDA build with `-DNDEBUG` does, the GPU target trusts the indices; `flexc-run` keeps
/// the checks on CPU, so a bad index is still caught there. Returns how many were dropped. Run
/// before `pipeline::gpu_loops`.
pub fn drop_kernel_asserts(module: &Module) -> usize {
    let asserts: Vec<MlirOperation> = all_ops(module)
        .into_iter()
        .filter(|&op| op_name(op) == "cf.assert" && inside_kernel_or_linalg(op))
        .collect();
    for &op in &asserts {
        unsafe { mlirOperationDestroy(op) };
    }
    asserts.len()
}

/// Every linalg op without parallel loops (its output 0-d: the fill of a scalar loss, a scalar
/// elementwise op or a full reduction of a training step) goes into a one-iteration
/// `scf.parallel`, so that it becomes a (one-thread) kernel like every other op instead of host-side
/// loads and stores of device memory (`convert-linalg-to-parallel-loops` emits no parallel loop for
/// them). A full reduction is then sequential in one thread: correct, slow for big operands. Run
/// before `pipeline::gpu_loops`.
pub fn wrap_scalar_ops(module: &Module) {
    let mut scalar = Vec::new();
    for op in all_ops(module) {
        let name = op_name(op);
        if !name.starts_with("linalg.") || name == "linalg.yield" {
            continue;
        }
        if inside_kernel_or_linalg(op) {
            continue;
        }
        let operands: Vec<MlirType> = unsafe {
            (0..mlirOperationGetNumOperands(op))
                .map(|i| mlirValueGetType(mlirOperationGetOperand(op, i)))
                .collect()
        };
        let memrefs: Vec<MlirType> = operands
            .into_iter()
            .filter(|&t| unsafe { mlirTypeIsAMemRef(t) })
            .collect();
        // The output (the last operand) is 0-d: no parallel loop (a fill, a full reduction).
        if memrefs
            .last()
            .is_some_and(|&t| unsafe { mlirShapedTypeGetRank(t) } == 0)
        {
            scalar.push(op);
        }
    }
    for op in scalar {
        wrap_in_parallel(op);
    }
}

/// Whether `op` is inside a linalg op's body or a `gpu.launch` (a block reduction's per-thread
/// partial over a 0-d accumulator runs inside its kernel already).
pub(super) fn inside_kernel_or_linalg(op: MlirOperation) -> bool {
    let mut parent = unsafe { mlirOperationGetParentOperation(op) };
    while !parent.ptr.is_null() {
        let name = op_name(parent);
        if name == "gpu.launch" || name.starts_with("linalg.") {
            return true;
        }
        parent = unsafe { mlirOperationGetParentOperation(parent) };
    }
    false
}

/// `op` → `scf.parallel (%i) = (0) to (1) step (1) { op }`.
pub(super) fn wrap_in_parallel(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let location = mlirOperationGetLocation(op);
        let block = mlirOperationGetBlock(op);
        let index = mlirIndexTypeGet(context);
        let constant = |value: i64| {
            let c = create_op(
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
        let segments = attribute(context, "array<i32: 1, 1, 1, 0>");
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
        let reduce = create_op(context, "scf.reduce", location, &[], &[], &[]);
        mlirBlockAppendOwnedOperation(body, reduce);
    }
}

/// Every `scf.for` a family's lowering marked as parallel (`flexc_passes::family::gather::PARALLEL_LOOP_ATTR`:
/// its iterations write disjoint elements, e.g. a scatter's blocks of rows) → an `scf.parallel` over the
/// same range with the same body and the same family attribute, so that it is mapped onto threads like
/// every other parallel loop. After bufferization: the loop must carry no values any more (its tensor
/// became the buffer it writes in place); one that still does is a located error.
pub fn parallel_loops(module: &Module) -> Result<(), Diag> {
    let mut marked = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        if op_name(op.to_raw()) == "scf.for"
            && op
                .attribute(flexc_passes::family::gather::PARALLEL_LOOP_ATTR)
                .is_ok()
        {
            marked.push(op.to_raw());
        }
        WalkResult::Advance
    });
    for op in marked {
        if unsafe { mlirOperationGetNumResults(op) } != 0 {
            return Err(error_at(
                op,
                "a parallel loop still carries values after bufferization (a flexc bug)".into(),
            ));
        }
        for_to_parallel(op);
    }
    Ok(())
}

/// `scf.for %i = lb to ub step s { body }` (no results) → `scf.parallel (%i) = (lb) to (ub) step (s)
/// { body }`, the family attribute kept.
pub(super) fn for_to_parallel(op: MlirOperation) {
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
            attribute(context, "array<i32: 1, 1, 1, 0>"),
        )];
        let family = mlirOperationGetDiscardableAttributeByName(
            op,
            melior::StringRef::new(FAMILY_ATTR).to_raw(),
        );
        if !family.ptr.is_null() {
            attributes.push(mlirNamedAttributeGet(
                mlirIdentifierGet(context, melior::StringRef::new(FAMILY_ATTR).to_raw()),
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
        let reduce = create_op(context, "scf.reduce", location, &[], &[], &[]);
        mlirBlockAppendOwnedOperation(body, reduce);
        mlirOperationDestroy(op);
    }
}

/// Rotates the dims of every outermost `scf.parallel` so that its last dim comes first (module doc).
pub fn contiguous_dim_first(module: &Module) {
    let mut loops = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        if op_name(raw) == "scf.parallel" {
            let parent = unsafe { mlirOperationGetParentOperation(raw) };
            if !parent.ptr.is_null() && op_name(parent) != "scf.parallel" {
                loops.push(raw);
            }
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    for op in loops {
        rotate(op);
    }
}

/// `scf.parallel (i0, ..., in-1)` → `scf.parallel (in-1, i0, ..., in-2)` (same iteration space).
pub(super) fn rotate(op: MlirOperation) {
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

/// Host code may only describe, allocate, copy and launch: a load or store left outside a kernel
/// would read device memory from the CPU.
pub fn check_host_code(module: &Module) -> Result<(), Diag> {
    let mut found = None;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let name = op_name(raw);
        if name == "gpu.module" {
            return WalkResult::Skip;
        }
        if matches!(
            name.as_str(),
            "memref.load"
                | "memref.store"
                | "scf.parallel"
                | "scf.for"
                | "affine.load"
                | "affine.store"
        ) {
            found = Some(raw);
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    match found {
        None => Ok(()),
        Some(op) => Err(error_at(
            op,
            format!(
                "--target=cuda cannot map this '{}' onto a GPU kernel (it would run on the host, on device memory)",
                op_name(op)
            ),
        )),
    }
}
