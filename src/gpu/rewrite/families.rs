//! The op family of every op that becomes a kernel ([`tag_families`], [`family`]) and the
//! per-program kernel lists of the manifest ([`families`], [`kernels`]).

use super::*;

/// The attribute [`tag_families`] writes: the op family's GPU lowering, by name.
pub(super) const FAMILY_ATTR: &str = flexc_passes::family::gather::GPU_FAMILY_ATTR;

/// The manifest's name of a family's GPU lowering.
pub(super) fn lowering_name(lowering: flexc_passes::family::GpuLowering) -> &'static str {
    use flexc_passes::family::GpuLowering;
    match lowering {
        GpuLowering::Gemm { .. } => "contraction",
        GpuLowering::Convolution { .. } => "convolution",
        GpuLowering::Pooling { .. } | GpuLowering::Reduction { .. } => "reduction",
        GpuLowering::Elementwise { .. } => "elementwise",
        GpuLowering::DataMovement { .. } => "data-movement",
        GpuLowering::Gather { .. } => "gather",
    }
}

/// On the tensor program (before fusion and bufferization, where the op families model ops): every
/// linalg op gets its family's GPU lowering ([`flexc_passes::family::gpu_lowering`]) as
/// [`FAMILY_ATTR`]; bufferization keeps it, fusion drops it on the ops it creates.
pub fn tag_families(module: &Module) {
    for op in all_ops(module) {
        let name = op_name(op);
        if !name.starts_with("linalg.") || name == "linalg.yield" {
            continue;
        }
        let view = unsafe { melior::ir::OperationRef::from_raw(op) };
        // Ops a family's own lowering made (a scatter's) carry their family already.
        if view.attribute(FAMILY_ATTR).is_ok() {
            continue;
        }
        if let Some(lowering) = flexc_passes::family::gpu_lowering(&view) {
            unsafe {
                let context = mlirOperationGetContext(op);
                let text = lowering_name(lowering);
                let value = mlirStringAttrGet(context, melior::StringRef::new(text).to_raw());
                mlirOperationSetDiscardableAttributeByName(
                    op,
                    melior::StringRef::new(FAMILY_ATTR).to_raw(),
                    value,
                );
            }
        }
    }
}

/// The op family of a (bufferized) linalg op, as the manifest names it: its family's GPU lowering
/// ([`tag_families`]), else (ops fusion created) [`local_family`].
pub fn family(op: MlirOperation) -> &'static str {
    // Pooling windows are reductions (the convolution family counts a max pool's window operand
    // as a second input read, so its GPU lowering says convolution).
    if op_name(op).starts_with("linalg.pooling") {
        return "reduction";
    }
    let tag = unsafe {
        mlirOperationGetDiscardableAttributeByName(op, melior::StringRef::new(FAMILY_ATTR).to_raw())
    };
    if !tag.ptr.is_null() {
        let text = flexc_passes::ir::attribute_text(tag);
        let known = [
            "contraction",
            "convolution",
            "reduction",
            "elementwise",
            "data-movement",
            "gather",
        ];
        if let Some(name) = known.iter().find(|k| text == format!("\"{k}\"")) {
            // A generic pooling window (the JAX exports' max pool: the window-shaped operand that
            // gives its loops their ranges reads as a kernel) multiplies nothing.
            if *name == "convolution" && !body_multiplies(op) {
                return "reduction";
            }
            return name;
        }
    }
    local_family(op)
}

/// Whether the body of a linalg op multiplies elements (`arith.mulf`, `arith.muli` of other than
/// indices): a convolution, not a pooling window (nor a max pool's backward, whose body computes
/// window positions).
pub(super) fn body_multiplies(op: MlirOperation) -> bool {
    let mut found = false;
    unsafe { melior::ir::OperationRef::from_raw(op) }.walk(WalkOrder::PreOrder, |inner| {
        let raw = inner.to_raw();
        let elements =
            || unsafe { !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(raw, 0))) };
        let name = op_name(raw);
        if name == "arith.mulf" || (name == "arith.muli" && elements()) {
            found = true;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    found
}

/// The family of an op by its name and body (module doc of [`family`]).
pub(super) fn local_family(op: MlirOperation) -> &'static str {
    let name = op_name(op);
    match name.as_str() {
        "linalg.matmul" | "linalg.batch_matmul" | "linalg.matvec" | "linalg.batch_matvec" => {
            "contraction"
        }
        "linalg.copy" | "linalg.transpose" | "linalg.broadcast" => "data-movement",
        "linalg.fill" | "linalg.map" => "elementwise",
        "linalg.reduce" => "reduction",
        _ if name.starts_with("linalg.conv") || name.starts_with("linalg.depthwise_conv") => {
            "convolution"
        }
        _ if name.starts_with("linalg.pooling") => "reduction",
        "linalg.generic" => generic_family(op),
        _ => "elementwise",
    }
}

/// A `linalg.generic`: a reduction when it has reduction iterators, a gather when its body reads
/// memory by computed indices (`tensor.extract`/`memref.load`), data movement when the body only
/// yields an input, else elementwise.
pub(super) fn generic_family(op: MlirOperation) -> &'static str {
    let iterators = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("iterator_types").to_raw())
    };
    if flexc_passes::ir::attribute_text(iterators).contains("reduction") {
        return "reduction";
    }
    let mut body = Vec::new();
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        let mut child = mlirBlockGetFirstOperation(block);
        while !child.ptr.is_null() {
            body.push(op_name(child));
            child = mlirOperationGetNextInBlock(child);
        }
    }
    if body
        .iter()
        .any(|n| n == "tensor.extract" || n == "memref.load")
    {
        "gather"
    } else if body.len() == 1 {
        "data-movement"
    } else {
        "elementwise"
    }
}

/// The family of every linalg op, per function, in program order (the order of its kernels).
pub fn families(module: &Module) -> BTreeMap<String, Vec<&'static str>> {
    let mut families = BTreeMap::new();
    for function in top_level_ops(module.as_operation().to_raw()) {
        if op_name(function) != "func.func" {
            continue;
        }
        let mut list = Vec::new();
        let view = unsafe { melior::ir::OperationRef::from_raw(function) };
        view.walk(WalkOrder::PreOrder, |op| {
            let raw = op.to_raw();
            let name = op_name(raw);
            let tagged_loop = name == "scf.parallel" && op.attribute(FAMILY_ATTR).is_ok();
            if (name.starts_with("linalg.") && name != "linalg.yield") || tagged_loop {
                list.push(family(raw));
                // One kernel per op: the `linalg.index` ops of its body are not ops of their own.
                return WalkResult::Skip;
            }
            WalkResult::Advance
        });
        families.insert(symbol_name(function), list);
    }
    families
}

/// The kernels launched by each function, in order, with their families and block sizes.
pub fn kernels(
    module: &Module,
    families: &BTreeMap<String, Vec<&'static str>>,
) -> Vec<crate::gpu::Kernel> {
    let mut kernels = Vec::new();
    for function in top_level_ops(module.as_operation().to_raw()) {
        if op_name(function) != "func.func" {
            continue;
        }
        let list = families.get(&symbol_name(function));
        let view = unsafe { melior::ir::OperationRef::from_raw(function) };
        let mut index = 0;
        view.walk(WalkOrder::PreOrder, |op| {
            let raw = op.to_raw();
            if op_name(raw) == "gpu.launch_func" {
                let kernel = unsafe {
                    mlirOperationGetAttributeByName(raw, melior::StringRef::new("kernel").to_raw())
                };
                let name = flexc_passes::ir::attribute_text(kernel)
                    .replace('@', "")
                    .replace("::", ".");
                // Operands: async dependencies (none yet), grid x y z, block x y z, ...
                let block = [3, 4, 5].map(|i| unsafe {
                    flexc_passes::ir::constant_int(mlirOperationGetOperand(raw, i))
                        .map_or(0, |v| v as u32)
                });
                let family = list
                    .and_then(|l| l.get(index))
                    .copied()
                    .unwrap_or("elementwise");
                index += 1;
                kernels.push(crate::gpu::Kernel {
                    name,
                    family,
                    block,
                });
            }
            WalkResult::Advance
        });
    }
    kernels
}
