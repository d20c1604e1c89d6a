//! flexc's own rewrites of the GPU lowering (steps 2 and 3 of `gpu.rs`), on the bufferized module:
//! - [`upload_constants`] then [`to_device`]: every buffer lives in device memory — constants
//!   (`memref.get_global`) uploaded into a fresh buffer by `gpu.memcpy`, `memref.alloc`/`alloca` →
//!   `gpu.alloc`, `memref.dealloc` → `gpu.dealloc` —, `memref.copy` → `linalg.copy` (a copy kernel: strided views included), and
//!   contractions/convolutions whose operands have plain row-major layouts → calls of the runtime's
//!   vendor-library entry points (`flexc_gpu_gemm_f32`, `flexc_gpu_batch_gemm_f32`,
//!   `flexc_gpu_conv2d_nchw_fchw_f32`; convolutions of any other dim order
//!   `flexc_gpu_conv2d_nhwc_fhwc_f32`, [`conv_nhwc_helper`]); other layouts and element types stay
//!   linalg ops and become generated kernels;
//! - [`families`] / [`kernels`]: the op family of every generated kernel, for the manifest;
//! - [`contiguous_dim_first`]: each outermost `scf.parallel` gets its last (contiguous in memory) dim
//!   first, so that upstream `scf-parallel-loop-tiling` (which tiles the leading dims) gives blocks of
//!   consecutive elements to the threads of a block (coalesced accesses), the other dims going to
//!   the grid's y and z;
//! - [`check_host_code`]: no host code touches device memory (an op that did not become a kernel is
//!   a located error, not a crash on the GPU machine).

use crate::diagnostics::{resolve_location, Diag};
use flexc_core::contract::{self, Library};
use flexc_core::AffineDim;
use flexc_passes::ir::{create_op, op_name, symbol_name, top_level_ops, type_text};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;
use std::collections::BTreeMap;

/// Dialects whose ops the GPU lowering handles (everything else is rejected up front).
const DIALECTS: &[&str] = &[
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

/// An error at `op`'s location.
fn error_at(op: MlirOperation, message: String) -> Diag {
    Diag::error(
        resolve_location(unsafe { mlirOperationGetLocation(op) }),
        message,
    )
}

/// Every op of `module`, pre-order.
fn all_ops(module: &Module) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        ops.push(op.to_raw());
        WalkResult::Advance
    });
    ops
}

/// Ops of dialects the GPU target cannot lower: a located error for the first.
pub fn reject_unsupported(module: &Module) -> Result<(), Diag> {
    for op in all_ops(module) {
        let name = op_name(op);
        let dialect = name.split('.').next().unwrap_or("");
        if !DIALECTS.contains(&dialect) {
            return Err(error_at(
                op,
                format!(
                    "'{name}' is not supported by --target=cuda (supported dialects: {})",
                    DIALECTS.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// The attribute [`tag_families`] writes: the op family's GPU lowering, by name.
const FAMILY_ATTR: &str = flexc_passes::family::gather::GPU_FAMILY_ATTR;

/// The manifest's name of a family's GPU lowering.
fn lowering_name(lowering: flexc_passes::family::GpuLowering) -> &'static str {
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
fn body_multiplies(op: MlirOperation) -> bool {
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
fn local_family(op: MlirOperation) -> &'static str {
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
fn generic_family(op: MlirOperation) -> &'static str {
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

/// Step 2 of `gpu.rs` (module doc), with the block reductions of `reduction.rs` (whose originals
/// wait, detached, for `reduction::fill_bodies` after inlining).
pub fn to_device(
    context: &melior::Context,
    module: &Module,
) -> Result<(Vec<super::reduction::Pending>, Vec<LibraryCall>), Diag> {
    let mut helpers = Helpers::default();
    make_resident(module, &mut helpers);
    // Library calls first: the block reductions would otherwise take the contractions that
    // elementwise fusion turned into `linalg.generic`s.
    let mut calls = Vec::new();
    // Chosen before any rewrite: a replaced op is destroyed with the ops of its body, which a
    // walk collected too (no candidate is nested in another).
    let candidates: Vec<MlirOperation> = all_ops(module)
        .into_iter()
        .filter(|&op| {
            let name = op_name(op);
            matches!(
                name.as_str(),
                "linalg.matmul"
                    | "linalg.batch_matmul"
                    | "linalg.conv_2d_nchw_fchw"
                    | "linalg.conv_2d_nhwc_hwcf"
            ) || (name == "linalg.generic" && generic_family(op) == "reduction")
        })
        .collect();
    for op in candidates {
        let name = op_name(op);
        if let Some((helper, text, entry)) = library_helper(op) {
            calls.push(LibraryCall {
                function: enclosing_function(op),
                op: name,
                entry,
            });
            let callee = helpers.add(helper, text);
            replace_by_call(op, &callee);
        } else if name == "linalg.generic" {
            // Named before the rewrite, which destroys the op.
            let function = enclosing_function(op);
            let unfused = unfuse_producer(op, &mut helpers)
                .or_else(|| unfuse_conv_producer(op, &mut helpers));
            if let Some(entry) = unfused {
                calls.push(LibraryCall {
                    function,
                    op: name,
                    entry,
                });
            }
        }
    }
    let pending = super::reduction::plan_all(module, |name, text| helpers.add(name, text));
    let mut memory = Vec::new();
    for op in all_ops(module) {
        if let "memref.alloc" | "memref.alloca" | "memref.dealloc" | "memref.copy" =
            op_name(op).as_str()
        {
            memory.push(op);
        }
    }
    for op in memory {
        match op_name(op).as_str() {
            "memref.alloc" | "memref.alloca" => to_gpu_alloc(op),
            "memref.dealloc" => to_gpu_dealloc(op),
            "memref.copy" => {
                let (source, target) = unsafe {
                    (
                        mlirValueGetType(mlirOperationGetOperand(op, 0)),
                        mlirValueGetType(mlirOperationGetOperand(op, 1)),
                    )
                };
                let (source, target) = (type_text(source), type_text(target));
                let name = format!("__flexc_copy_{}", helpers.functions.len());
                let text = format!(
                    "func.func private @{name}(%a: {source}, %b: {target}) {{\n  linalg.copy ins(%a : {source}) outs(%b : {target})\n  return\n}}"
                );
                let callee = helpers.add(name, text);
                replace_by_call(op, &callee);
            }
            _ => {}
        }
    }
    helpers.append(context, module)?;
    Ok((pending, calls))
}

/// Constants (weights) uploaded once per device instead of on every call: each
/// `%d = memref.alloc; gpu.memcpy %d, %g` of [`upload_constants`] (`%g` a `memref.get_global`)
/// becomes `%d = call @__flexc_resident_<type>(%g)`, a helper that flattens `%g` to 1-d and calls
/// the runtime's `flexc_gpu_resident_<T>(memref<?xT>) -> memref<?xT>`, which uploads the global on
/// its first call in a device's context and returns the same device buffer afterwards (the
/// runtime frees it when the device is done, not the program: the deallocations of `%d` go).
fn make_resident(module: &Module, helpers: &mut Helpers) {
    // Collected first: the rewrite destroys ops that a walk would still visit.
    let copies: Vec<MlirOperation> = all_ops(module)
        .into_iter()
        .filter(|&op| op_name(op) == "gpu.memcpy")
        .collect();
    for op in copies {
        let (target, source) = unsafe {
            (
                mlirOperationGetOperand(op, 0),
                mlirOperationGetOperand(op, 1),
            )
        };
        let (alloc, global) = unsafe {
            if !mlirValueIsAOpResult(target) || !mlirValueIsAOpResult(source) {
                continue;
            }
            (mlirOpResultGetOwner(target), mlirOpResultGetOwner(source))
        };
        if op_name(alloc) != "memref.alloc" || op_name(global) != "memref.get_global" {
            continue;
        }
        let ty = unsafe { mlirValueGetType(target) };
        let Some(helper) = resident_helper(ty) else {
            continue;
        };
        let callee = helpers.add(helper.0, helper.1);
        unsafe {
            let context = mlirOperationGetContext(op);
            let symbol =
                mlirFlatSymbolRefAttrGet(context, melior::StringRef::new(&callee).to_raw());
            let call = create_op(
                context,
                "func.call",
                mlirOperationGetLocation(op),
                &[source],
                &[ty],
                &[("callee", symbol)],
            );
            mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, call);
            let resident = mlirOperationGetResult(call, 0);
            // The deallocations of the upload go with it; every other use reads the resident buffer.
            let mut deallocs = Vec::new();
            let mut use_ = mlirValueGetFirstUse(target);
            while !mlirOpOperandIsNull(use_) {
                let owner = mlirOpOperandGetOwner(use_);
                if op_name(owner) == "memref.dealloc" {
                    deallocs.push(owner);
                }
                use_ = mlirOpOperandGetNextUse(use_);
            }
            for dealloc in deallocs {
                mlirOperationDestroy(dealloc);
            }
            mlirOperationDestroy(op);
            mlirValueReplaceAllUsesOfWith(target, resident);
            mlirOperationDestroy(alloc);
        }
    }
}

/// The helper `@__flexc_resident_<type>(%g) -> same type` of [`make_resident`] for a statically
/// shaped, identity-layout memref `ty`.
fn resident_helper(ty: MlirType) -> Option<(String, String)> {
    unsafe {
        if !mlirTypeIsAMemRef(ty)
            || !mlirShapedTypeHasStaticShape(ty)
            || !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(ty))
        {
            return None;
        }
    }
    // The runtime keeps resident constants of the element types it moves.
    let element = type_text(unsafe { mlirShapedTypeGetElementType(ty) });
    let dtype =
        flexc_core::DType::from_name(&element).filter(|d| contract::ELEMENTS.contains(d))?;
    let rank = unsafe { mlirShapedTypeGetRank(ty) } as usize;
    let sizes: Vec<i64> = (0..rank)
        .map(|d| unsafe { mlirShapedTypeGetDimSize(ty, d as isize) })
        .collect();
    let count: i64 = sizes.iter().product();
    let text = type_text(ty);
    let flat = format!("memref<{count}x{element}>");
    let dynamic = format!("memref<?x{element}>");
    let all: Vec<String> = (0..rank).map(|d| d.to_string()).collect();
    let shape: Vec<String> = sizes.iter().map(i64::to_string).collect();
    let (flatten, unflatten) = if rank == 0 {
        (
            format!("memref.expand_shape %g [] output_shape [1] : {text} into {flat}"),
            format!("memref.collapse_shape %d [] : {flat} into {text}"),
        )
    } else if rank == 1 {
        (
            format!("memref.cast %g : {text} to {flat}"),
            format!("memref.cast %d : {flat} to {text}"),
        )
    } else {
        (
            format!(
                "memref.collapse_shape %g [[{}]] : {text} into {flat}",
                all.join(", ")
            ),
            format!(
                "memref.expand_shape %d [[{}]] output_shape [{}] : {flat} into {text}",
                all.join(", "),
                shape.join(", ")
            ),
        )
    };
    let name = format!("__flexc_resident_{}", mangle(std::slice::from_ref(&text)));
    let entry = contract::resident(dtype);
    let body = format!(
        "func.func private @{name}(%g: {text}) -> {text} {{
  %f = {flatten}
  %h = memref.cast %f : {flat} to {dynamic}
  %r = func.call @{entry}(%h) : ({dynamic}) -> {dynamic}
  %d = memref.cast %r : {dynamic} to {flat}
  %o = {unflatten}
  return %o : {text}
}}"
    );
    Some((name, body))
}

/// A contraction or convolution that became a vendor-library call, for the manifest.
#[derive(Clone, Debug)]
pub struct LibraryCall {
    /// The program (function) it is in.
    pub function: String,
    /// The op it replaced (`linalg.matmul`, `linalg.generic`, ...).
    pub op: String,
    /// The runtime entry it calls (`flexc_gpu_gemm_f32`, ...).
    pub entry: &'static str,
}

/// The name of the `func.func` around `op` (empty if none).
fn enclosing_function(op: MlirOperation) -> String {
    let mut parent = unsafe { mlirOperationGetParentOperation(op) };
    while !parent.ptr.is_null() {
        if op_name(parent) == "func.func" {
            return symbol_name(parent);
        }
        parent = unsafe { mlirOperationGetParentOperation(parent) };
    }
    String::new()
}

/// Helper functions appended to the module, deduplicated by their text (less the name).
#[derive(Default)]
struct Helpers {
    /// Body text (name replaced by `@_`) → name.
    by_text: BTreeMap<String, String>,
    /// Name and text, in creation order (runtime declarations included).
    functions: Vec<(String, String)>,
}

impl Helpers {
    /// Adds `text` (a function named `name`) unless an identical one exists; returns the name to call.
    fn add(&mut self, name: String, text: String) -> String {
        let key = text.replacen(&format!("@{name}("), "@_(", 1);
        if let Some(existing) = self.by_text.get(&key) {
            return existing.clone();
        }
        self.by_text.insert(key, name.clone());
        self.functions.push((name.clone(), text));
        name
    }

    /// Parses the helpers (with the runtime declarations they call) into `module`.
    fn append(&self, context: &melior::Context, module: &Module) -> Result<(), Diag> {
        if self.functions.is_empty() {
            return Ok(());
        }
        let mut texts: Vec<String> = self.functions.iter().map(|(_, t)| t.clone()).collect();
        for library in Library::ALL {
            let (name, signature) = (library.name(), library.signature());
            if texts.iter().any(|t| t.contains(&format!("@{name}("))) {
                texts.push(format!(
                    "func.func private @{name}({signature}) attributes {{llvm.emit_c_interface}}"
                ));
            }
        }
        for element in contract::ELEMENTS {
            let name = contract::resident(element);
            if texts.iter().any(|t| t.contains(&format!("@{name}("))) {
                texts.push(format!(
                    "func.func private @{name}(memref<?x{element}>) -> memref<?x{element}> attributes {{llvm.emit_c_interface}}"
                ));
            }
        }
        let text = format!("module {{\n{}\n}}", texts.join("\n"));
        let parsed = unsafe {
            mlirOperationCreateParse(
                context.to_raw(),
                melior::StringRef::new(&text).to_raw(),
                melior::StringRef::new("flexc-gpu-helpers").to_raw(),
            )
        };
        if parsed.ptr.is_null() {
            return Err(Diag::error(
                None,
                format!(
                    "flexc built GPU helper functions that do not parse (a flexc bug):\n{text}"
                ),
            ));
        }
        let body = unsafe {
            mlirRegionGetFirstBlock(mlirOperationGetRegion(module.as_operation().to_raw(), 0))
        };
        for function in top_level_ops(parsed) {
            unsafe {
                mlirOperationRemoveFromParent(function);
                mlirBlockAppendOwnedOperation(body, function);
            }
        }
        unsafe { mlirOperationDestroy(parsed) };
        Ok(())
    }
}

/// Strides and offset of a statically shaped f32 memref with static strides (`None` otherwise);
/// the offset may be dynamic (`i64::MIN`, MLIR's marker).
fn f32_layout(ty: MlirType) -> Option<(Vec<i64>, Vec<i64>, i64)> {
    unsafe {
        if !mlirTypeIsAMemRef(ty) || !mlirShapedTypeHasStaticShape(ty) {
            return None;
        }
        if !mlirTypeIsAF32(mlirShapedTypeGetElementType(ty)) {
            return None;
        }
        let rank = mlirShapedTypeGetRank(ty) as usize;
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        if mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset).value == 0 {
            return None;
        }
        let sizes = (0..rank)
            .map(|d| mlirShapedTypeGetDimSize(ty, d as isize))
            .collect();
        Some((sizes, strides, offset))
    }
}

/// Row-major strides of `sizes`.
fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].saturating_mul(sizes[d + 1]);
    }
    strides
}

/// Whether `ty` is a statically shaped f32 memref laid out row-major and contiguous (the identity
/// layout, or a view with row-major strides at any offset, e.g. a device's batch slice). With
/// `exact`, dims of size 1 must carry their row-major stride too (what `memref.collapse_shape` needs
/// to infer the layout [`collapsed_type`] writes).
fn plain_f32(ty: MlirType, exact: bool) -> bool {
    let Some((sizes, strides, _)) = f32_layout(ty) else {
        return false;
    };
    let expected = row_major(&sizes);
    (0..sizes.len()).all(|d| strides[d] == expected[d] || (!exact && sizes[d] == 1))
}

/// Whether `ty` is a statically shaped f32 memref with static positive strides (any order, any
/// offset): what cuDNN's strided tensor descriptors take (a window of a padded buffer).
fn strided_f32(ty: MlirType) -> bool {
    f32_layout(ty).is_some_and(|(_, strides, _)| strides.iter().all(|&s| s > 0))
}

/// The operands' dims (by loop index) of a contraction `op`, from its indexing maps (the default
/// ones of `linalg.matmul`/`linalg.batch_matmul` when it has none); `None` when a map is not a
/// projected permutation.
fn operand_dims(op: MlirOperation) -> Option<Vec<Vec<usize>>> {
    let maps = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("indexing_maps").to_raw())
    };
    if maps.ptr.is_null() {
        return match op_name(op).as_str() {
            "linalg.matmul" => Some(vec![vec![0, 2], vec![2, 1], vec![0, 1]]),
            "linalg.batch_matmul" => Some(vec![vec![0, 1, 3], vec![0, 3, 2], vec![0, 1, 2]]),
            _ => None,
        };
    }
    let mut operands = Vec::new();
    unsafe {
        if !mlirAttributeIsAArray(maps) {
            return None;
        }
        for i in 0..mlirArrayAttrGetNumElements(maps) {
            let map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
            let mut dims = Vec::new();
            for r in 0..mlirAffineMapGetNumResults(map) {
                let expr = mlirAffineMapGetResult(map, r);
                if !mlirAffineExprIsADim(expr) {
                    return None;
                }
                dims.push(mlirAffineDimExprGetPosition(expr) as usize);
            }
            operands.push(dims);
        }
    }
    Some(operands)
}

/// Whether a `linalg.generic`'s body is `out + a * b` (a multiply-accumulate of its two inputs).
fn multiply_accumulate(op: MlirOperation) -> bool {
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        if mlirBlockGetNumArguments(block) != 3 {
            return false;
        }
        let argument = |i| mlirBlockGetArgument(block, i);
        let mut ops = Vec::new();
        let mut child = mlirBlockGetFirstOperation(block);
        while !child.ptr.is_null() {
            ops.push(child);
            child = mlirOperationGetNextInBlock(child);
        }
        let names: Vec<String> = ops.iter().map(|&o| op_name(o)).collect();
        if names != ["arith.mulf", "arith.addf", "linalg.yield"] {
            return false;
        }
        let operands = |o: MlirOperation| [0, 1].map(|i| mlirOperationGetOperand(o, i));
        let same = |a: MlirValue, b: MlirValue| mlirValueEqual(a, b);
        let pair = |[x, y]: [MlirValue; 2], a: MlirValue, b: MlirValue| {
            (same(x, a) && same(y, b)) || (same(x, b) && same(y, a))
        };
        let product = mlirOperationGetResult(ops[0], 0);
        let sum = mlirOperationGetResult(ops[1], 0);
        pair(operands(ops[0]), argument(0), argument(1))
            && pair(operands(ops[1]), argument(2), product)
            && mlirOperationGetNumOperands(ops[2]) == 1
            && same(mlirOperationGetOperand(ops[2], 0), sum)
    }
}

/// How a contraction maps onto a (batched) GEMM: per operand the groups of its dims to collapse
/// (`[batch] M K` or `[batch] K M` for A, `[batch] K N` or `[batch] N K` for B, `[batch] M N` for
/// C) and whether A and B are transposed.
#[derive(Debug, PartialEq)]
struct GemmShape {
    groups: [Vec<Vec<usize>>; 3],
    transpose_a: bool,
    transpose_b: bool,
    batched: bool,
}

/// Classifies the operand dims `[a, b, c]` of a contraction: batch dims in all three, M in A and
/// C, N in B and C, K in A and B; each operand's dims must be its groups in order (the order of C
/// for batch, M, N; of A for K), so that each group collapses to one dim of a row-major operand.
fn gemm_shape(dims: &[Vec<usize>]) -> Option<GemmShape> {
    let [a, b, c] = dims else { return None };
    let unique = |v: &Vec<usize>| {
        let mut s = v.clone();
        s.sort_unstable();
        s.dedup();
        s.len() == v.len()
    };
    if !(unique(a) && unique(b) && unique(c)) {
        return None;
    }
    let has = |v: &Vec<usize>, d: &usize| v.contains(d);
    let batch: Vec<usize> = c
        .iter()
        .filter(|d| has(a, d) && has(b, d))
        .copied()
        .collect();
    let m: Vec<usize> = c
        .iter()
        .filter(|d| has(a, d) && !has(b, d))
        .copied()
        .collect();
    let n: Vec<usize> = c
        .iter()
        .filter(|d| has(b, d) && !has(a, d))
        .copied()
        .collect();
    let k: Vec<usize> = a
        .iter()
        .filter(|d| has(b, d) && !has(c, d))
        .copied()
        .collect();
    if m.is_empty() || n.is_empty() || k.is_empty() {
        return None;
    }
    let concat = |parts: &[&Vec<usize>]| -> Vec<usize> {
        parts.iter().flat_map(|p| p.iter().copied()).collect()
    };
    if *c != concat(&[&batch, &m, &n]) {
        return None;
    }
    // An operand holds its two groups in order (false) or swapped (true: the GEMM transposes it).
    let transposed = |operand: &Vec<usize>, outer: &Vec<usize>, inner: &Vec<usize>| {
        if *operand == concat(&[&batch, outer, inner]) {
            Some(false)
        } else if *operand == concat(&[&batch, inner, outer]) {
            Some(true)
        } else {
            None
        }
    };
    let transpose_a = transposed(a, &m, &k)?;
    let transpose_b = transposed(b, &k, &n)?;
    // Groups as positions in each operand.
    let positions = |operand: &Vec<usize>, order: &[&Vec<usize>]| -> Vec<Vec<usize>> {
        order
            .iter()
            .filter(|g| !g.is_empty())
            .map(|g| {
                g.iter()
                    .map(|d| operand.iter().position(|x| x == d).unwrap_or(0))
                    .collect()
            })
            .collect()
    };
    let a_order: [&Vec<usize>; 3] = if transpose_a {
        [&batch, &k, &m]
    } else {
        [&batch, &m, &k]
    };
    let b_order: [&Vec<usize>; 3] = if transpose_b {
        [&batch, &n, &k]
    } else {
        [&batch, &k, &n]
    };
    Some(GemmShape {
        groups: [
            positions(a, &a_order),
            positions(b, &b_order),
            positions(c, &[&batch, &m, &n]),
        ],
        transpose_a,
        transpose_b,
        batched: !batch.is_empty(),
    })
}

/// The type `memref.collapse_shape` gives a row-major (exactly, [`plain_f32`]) f32 memref `ty`
/// collapsed by `groups`: the identity layout when `ty` has it, else row-major strides at the same
/// offset.
fn collapsed_type(ty: MlirType, groups: &[Vec<usize>]) -> Option<String> {
    let (sizes, _, offset) = f32_layout(ty)?;
    let collapsed: Vec<i64> = groups
        .iter()
        .map(|g| g.iter().map(|&d| sizes[d]).product())
        .collect();
    let shape: Vec<String> = collapsed.iter().map(i64::to_string).collect();
    let identity = unsafe { mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(ty)) };
    if identity {
        return Some(format!("memref<{}xf32>", shape.join("x")));
    }
    let strides: Vec<String> = row_major(&collapsed).iter().map(i64::to_string).collect();
    let offset = if offset == i64::MIN {
        "?".to_string()
    } else {
        offset.to_string()
    };
    Some(format!(
        "memref<{}xf32, strided<[{}], offset: {offset}>>",
        shape.join("x"),
        strides.join(", ")
    ))
}

/// The helper that calls the library for `op` (name, text, runtime entry), when it is a
/// convolution cuDNN takes or a contraction that is a (batched) GEMM of row-major operands (else
/// the op stays and becomes a generated kernel).
fn library_helper(op: MlirOperation) -> Option<(String, String, &'static str)> {
    let operands: Vec<MlirValue> = unsafe {
        (0..mlirOperationGetNumOperands(op))
            .map(|i| mlirOperationGetOperand(op, i))
            .collect()
    };
    if operands.len() != 3 {
        return None;
    }
    let types: Vec<MlirType> = operands
        .iter()
        .map(|&v| unsafe { mlirValueGetType(v) })
        .collect();
    let name = op_name(op);
    if name == "linalg.conv_2d_nchw_fchw" {
        return conv_helper(op, &types);
    }
    if name == "linalg.conv_2d_nhwc_hwcf" || (name == "linalg.generic" && multiply_accumulate(op)) {
        let maps = flexc_passes::ir::linalg_indexing_maps(op)?;
        let maps: Vec<Vec<AffineDim>> = maps.into_iter().map(|(_, m)| m).collect();
        // The product commutes: the window may be read by either input.
        for (input, filter) in [(0, 1), (1, 0)] {
            if let Some(conv) = ConvRoles::of(&maps[input], &maps[filter], &maps[2]) {
                return conv_nhwc_helper(&conv, [types[input], types[filter], types[2]]);
            }
        }
    }
    gemm_helper(op, &types)
}

/// `linalg.conv_2d_nchw_fchw` → `flexc_gpu_conv2d_nchw_fchw_f32`: a contiguous filter, input and
/// output with any positive strides (cuDNN's strided descriptors: a window of a padded buffer, a
/// device's slice).
fn conv_helper(op: MlirOperation, types: &[MlirType]) -> Option<(String, String, &'static str)> {
    if !(strided_f32(types[0]) && plain_f32(types[1], false) && strided_f32(types[2])) {
        return None;
    }
    let list = |attribute: &str| {
        let value = unsafe {
            mlirOperationGetAttributeByName(op, melior::StringRef::new(attribute).to_raw())
        };
        if value.ptr.is_null() {
            Some(vec![1, 1])
        } else {
            flexc_passes::ir::i64_list(value)
        }
    };
    let strides = list("strides")?;
    let dilations = list("dilations")?;
    if strides.len() != 2 || dilations.len() != 2 {
        return None;
    }
    let entry = Library::Conv2dNchwFchw;
    let integers = [strides[0], strides[1], dilations[0], dilations[1], 0, 0];
    let texts: Vec<String> = types.iter().map(|&t| type_text(t)).collect();
    let mut body = String::new();
    for (i, text) in texts.iter().enumerate() {
        body.push_str(&format!(
            "  %u{i} = memref.cast %m{i} : {text} to memref<*xf32>\n"
        ));
    }
    for (i, value) in integers.iter().enumerate() {
        body.push_str(&format!("  %i{i} = arith.constant {value} : i64\n"));
    }
    let names: Vec<String> = (0..integers.len()).map(|i| format!("%i{i}")).collect();
    let arguments = format!("%u0, %u1, %u2, {}", names.join(", "));
    Some(helper_text(entry, &texts, &body, &arguments))
}

/// A 2-d convolution `out[b, y, x, f] += in[b, y*sh + r*dh, x*sw + s*dw, c] * filter[r, s, c, f]`
/// recognised from its indexing maps, whatever order each operand holds its dims in: the
/// position of each logical dim in the input (N, H, W, C), the filter (F, R, S, C, cuDNN's KRSC)
/// and the output (N, H, W, F), the window strides and dilations. What the maps of the JAX exports'
/// convolutions (`linalg.generic`s, NHWC and HWCF) and of `linalg.conv_2d_nhwc_hwcf` give; no
/// window offset, reversal or grouping (those stay generated kernels).
#[derive(Debug, PartialEq)]
struct ConvRoles {
    input: [usize; 4],
    filter: [usize; 4],
    output: [usize; 4],
    stride: [i64; 2],
    dilation: [i64; 2],
}

impl ConvRoles {
    /// The roles of the loops of maps `input`, `filter`, `output` (one result per operand dim),
    /// when they are such a convolution.
    fn of(input: &[AffineDim], filter: &[AffineDim], output: &[AffineDim]) -> Option<ConvRoles> {
        if input.len() != 4 || filter.len() != 4 || output.len() != 4 {
            return None;
        }
        let singles = |map: &[AffineDim]| -> Option<Vec<usize>> {
            let dims: Vec<usize> = map
                .iter()
                .map(AffineDim::single_dim)
                .collect::<Option<_>>()?;
            let mut unique = dims.clone();
            unique.sort_unstable();
            unique.dedup();
            (unique.len() == dims.len()).then_some(dims)
        };
        let out = singles(output)?;
        let fil = singles(filter)?;
        // The output feature: the one loop of the output that indexes the filter.
        let shared: Vec<usize> = out.iter().filter(|d| fil.contains(d)).copied().collect();
        let [f] = shared[..] else { return None };
        let in_single = |d: usize| input.iter().position(|e| e.single_dim() == Some(d));
        // The batch: the other output loop the input reads plainly; the input channel likewise
        // of the filter.
        let batch: Vec<usize> = out
            .iter()
            .filter(|&&d| d != f && in_single(d).is_some())
            .copied()
            .collect();
        let channel: Vec<usize> = fil
            .iter()
            .filter(|&&d| d != f && in_single(d).is_some())
            .copied()
            .collect();
        let ([b], [c]) = (&batch[..], &channel[..]) else {
            return None;
        };
        let (b, c) = (*b, *c);
        // The two spatial dims, in the output's order: each a window `y*stride + r*dilation`.
        let spatial: Vec<usize> = out.iter().filter(|&&d| d != f && d != b).copied().collect();
        let mut input_pos = [in_single(b)?, 0, 0, in_single(c)?];
        let mut filter_pos = [fil.iter().position(|&d| d == f)?, 0, 0, 0];
        filter_pos[3] = fil.iter().position(|&d| d == c)?;
        let mut output_pos = [0; 4];
        output_pos[0] = out.iter().position(|&d| d == b)?;
        output_pos[3] = out.iter().position(|&d| d == f)?;
        let (mut stride, mut dilation) = ([0i64; 2], [0i64; 2]);
        let mut windows = Vec::new();
        for (j, &y) in spatial.iter().enumerate() {
            output_pos[1 + j] = out.iter().position(|&d| d == y)?;
            let (position, expr) = input
                .iter()
                .enumerate()
                .find(|(_, e)| e.terms.len() == 2 && e.terms.iter().any(|&(d, _)| d == y))?;
            let &(_, s) = expr.terms.iter().find(|&&(d, _)| d == y)?;
            let &(r, dil) = expr.terms.iter().find(|&&(d, _)| d != y)?;
            if expr.offset != 0 || s < 1 || dil < 1 || !fil.contains(&r) || r == c || r == f {
                return None;
            }
            input_pos[1 + j] = position;
            filter_pos[1 + j] = fil.iter().position(|&d| d == r)?;
            stride[j] = s;
            dilation[j] = dil;
            windows.push(r);
        }
        // Every loop has its role (seven loops), each input position one.
        let mut loops = vec![b, c, f];
        loops.extend(&spatial);
        loops.extend(&windows);
        loops.sort_unstable();
        loops.dedup();
        let mut positions = input_pos.to_vec();
        positions.sort_unstable();
        positions.dedup();
        if loops.len() != 7 || positions.len() != 4 || spatial.len() != 2 {
            return None;
        }
        Some(ConvRoles {
            input: input_pos,
            filter: filter_pos,
            output: output_pos,
            stride,
            dilation,
        })
    }
}

/// A convolution of [`ConvRoles`] → `flexc_gpu_conv2d_nhwc_fhwc_f32`, cuDNN's NHWC forward
/// convolution, through a helper that
/// - views the input and the output in N, H, W, C order (`memref.transpose`: a strided view, no
///   copy; an NHWC operand is passed as it is). cuDNN takes any positive strides for them, so a
///   device's slice, a window of a padded buffer or an NCHW-held operand need no copy either;
/// - copies the filter into a fresh F, R, S, C buffer with a generated transpose kernel
///   (`linalg.transpose`), freed after the call. cuDNN's filter descriptors have no strides: an
///   NHWC convolution wants the KRSC layout, and the exports hold HWCF (JAX's HWIO). The copy is
///   made on every call rather than once per weight: the filter is an argument of the program
///   (JAX passes its weights as arguments, re-uploaded per run) and a training step updates it,
///   so there is no once; its cost is the filter's size read and written (for ResNet-50 at batch
///   64, 94 MB per forward pass against gigabytes of activation traffic).
///
/// f32 only; input and output with positive static strides (any order), any filter layout.
/// Padding 0: the exports pad the input with `tensor.pad` first (a copy kernel).
fn conv_nhwc_helper(
    conv: &ConvRoles,
    types: [MlirType; 3],
) -> Option<(String, String, &'static str)> {
    if !(strided_f32(types[0]) && strided_f32(types[2])) {
        return None;
    }
    let (filter_sizes, _, _) = f32_layout(types[1])?;
    let entry = Library::Conv2dNhwcFhwc;
    let texts: Vec<String> = types.iter().map(|&t| type_text(t)).collect();
    let mut body = String::new();
    // The rows and columns of the input that the output reads: a weight gradient's input may
    // extend past them (the forward's stride dropped its last rows), cuDNN's shapes must not.
    let logical = |ty: MlirType, positions: &[usize; 4]| -> Option<[i64; 4]> {
        let (sizes, _, _) = f32_layout(ty)?;
        Some(positions.map(|p| sizes[p]))
    };
    let [_, out_h, out_w, _] = logical(types[2], &conv.output)?;
    let [_, _, in_h, in_w] = {
        let [n, h, w, c] = logical(types[0], &conv.input)?;
        [n, c, h, w]
    };
    let [_, kernel_h, kernel_w, _] = conv.filter.map(|p| filter_sizes[p]);
    let read = |out: i64, kernel: i64, j: usize| {
        (out - 1) * conv.stride[j] + (kernel - 1) * conv.dilation[j] + 1
    };
    let (read_h, read_w) = (read(out_h, kernel_h, 0), read(out_w, kernel_w, 1));
    if read_h > in_h || read_w > in_w || read_h < 1 || read_w < 1 {
        return None;
    }
    for (i, positions) in [(0, conv.input), (2, conv.output)] {
        let text = &texts[i];
        let (mut value, mut ty) = (format!("%m{i}"), text.clone());
        if positions != [0, 1, 2, 3] {
            let view = transposed_type(types[i], &positions)?;
            let dims: Vec<String> = positions.iter().map(|p| format!("d{p}")).collect();
            body.push_str(&format!(
                "  %v{i} = memref.transpose {value} (d0, d1, d2, d3) -> ({}) : {ty} to {view}\n",
                dims.join(", ")
            ));
            (value, ty) = (format!("%v{i}"), view);
        }
        if i == 0 && (read_h < in_h || read_w < in_w) {
            let [n, _, _, c] = logical(types[0], &conv.input)?;
            let window = strided_type(types[0], &positions, [n, read_h, read_w, c])?;
            body.push_str(&format!(
                "  %w{i} = memref.subview {value}[0, 0, 0, 0] [{n}, {read_h}, {read_w}, {c}] [1, 1, 1, 1] : {ty} to {window}\n"
            ));
            (value, ty) = (format!("%w{i}"), window);
        }
        body.push_str(&format!(
            "  %u{i} = memref.cast {value} : {ty} to memref<*xf32>\n"
        ));
    }
    let krsc: Vec<String> = conv
        .filter
        .iter()
        .map(|&p| filter_sizes[p].to_string())
        .collect();
    let krsc = format!("memref<{}xf32>", krsc.join("x"));
    let permutation: Vec<String> = conv.filter.iter().map(usize::to_string).collect();
    body.push_str(&format!(
        "  %t = gpu.alloc () : {krsc}\n  linalg.transpose ins(%m1 : {}) outs(%t : {krsc}) permutation = [{}]\n  %u1 = memref.cast %t : {krsc} to memref<*xf32>\n",
        texts[1],
        permutation.join(", ")
    ));
    let integers = [
        conv.stride[0],
        conv.stride[1],
        conv.dilation[0],
        conv.dilation[1],
        0,
        0,
    ];
    for (i, value) in integers.iter().enumerate() {
        body.push_str(&format!("  %i{i} = arith.constant {value} : i64\n"));
    }
    let names: Vec<String> = (0..integers.len()).map(|i| format!("%i{i}")).collect();
    let arguments = format!("%u0, %u1, %u2, {}", names.join(", "));
    let (helper, text, entry) = helper_text(entry, &texts, &body, &arguments);
    let text = text.replacen(
        "  return\n}",
        &format!("  gpu.dealloc %t : {krsc}\n  return\n}}"),
        1,
    );
    // Other windows or roles of the same types are other helpers.
    let suffix: String = [
        &conv.input[..],
        &conv.filter[..],
        &conv.output[..],
        &integers[..4]
            .iter()
            .map(|&v| v as usize)
            .collect::<Vec<_>>()[..],
    ]
    .iter()
    .map(|part| part.iter().map(usize::to_string).collect::<String>())
    .collect::<Vec<_>>()
    .join("_");
    let renamed = format!("{helper}_{suffix}");
    let text = text.replacen(&format!("@{helper}("), &format!("@{renamed}("), 1);
    Some((renamed, text, entry))
}

/// The type `memref.transpose` gives `ty` (static sizes and strides) with its result dim `k` its
/// dim `positions[k]`.
fn transposed_type(ty: MlirType, positions: &[usize; 4]) -> Option<String> {
    let (sizes, _, _) = f32_layout(ty)?;
    strided_type(ty, positions, positions.map(|p| sizes[p]))
}

/// The strided type of a view of `ty` (static strides) with its dims in `positions` order, sized
/// `sizes`, at `ty`'s offset (a transpose, or a subview of it at offset 0).
fn strided_type(ty: MlirType, positions: &[usize; 4], sizes: [i64; 4]) -> Option<String> {
    let (_, strides, offset) = f32_layout(ty)?;
    let sizes: Vec<String> = sizes.iter().map(i64::to_string).collect();
    let strides: Vec<String> = positions.iter().map(|&p| strides[p].to_string()).collect();
    let offset = if offset == i64::MIN {
        "?".to_string()
    } else {
        offset.to_string()
    };
    Some(format!(
        "memref<{}xf32, strided<[{}], offset: {offset}>>",
        sizes.join("x"),
        strides.join(", ")
    ))
}

/// A contraction (`linalg.matmul`, `linalg.batch_matmul`, with any indexing maps, or a
/// `linalg.generic` computing `out + a * b`, e.g. a matmul that elementwise fusion expanded to
/// more dims) whose f32 operands are row-major and whose dims group into a (batched) GEMM
/// ([`gemm_shape`]) → each operand collapsed to 2-d (3-d when batched) →
/// `flexc_gpu_gemm_f32`/`flexc_gpu_batch_gemm_f32` with the transposes the groups' order gives.
fn gemm_helper(op: MlirOperation, types: &[MlirType]) -> Option<(String, String, &'static str)> {
    let name = op_name(op);
    if name == "linalg.generic" && !multiply_accumulate(op) {
        return None;
    }
    gemm_helper_for(&operand_dims(op)?, types)
}

/// [`gemm_helper`] for operands of `types` whose dims (by loop index) are `dims`.
fn gemm_helper_for(
    dims: &[Vec<usize>],
    types: &[MlirType],
) -> Option<(String, String, &'static str)> {
    if !types.iter().all(|&t| plain_f32(t, true)) {
        return None;
    }
    let shape = gemm_shape(dims)?;
    let entry = if shape.batched {
        Library::BatchGemm
    } else {
        Library::Gemm
    };
    let texts: Vec<String> = types.iter().map(|&t| type_text(t)).collect();
    let mut body = String::new();
    for (i, (&ty, groups)) in types.iter().zip(&shape.groups).enumerate() {
        let text = &texts[i];
        let rank = unsafe { mlirShapedTypeGetRank(ty) } as usize;
        if groups.len() == rank {
            body.push_str(&format!("  %c{i} = memref.cast %m{i} : {text} to {text}\n"));
        } else {
            let collapsed = collapsed_type(ty, groups)?;
            let reassociation: Vec<String> = groups
                .iter()
                .map(|g| {
                    let dims: Vec<String> = g.iter().map(usize::to_string).collect();
                    format!("[{}]", dims.join(", "))
                })
                .collect();
            body.push_str(&format!(
                "  %c{i} = memref.collapse_shape %m{i} [{}] : {text} into {collapsed}\n",
                reassociation.join(", ")
            ));
            body.push_str(&format!(
                "  %u{i} = memref.cast %c{i} : {collapsed} to memref<*xf32>\n"
            ));
            continue;
        }
        body.push_str(&format!(
            "  %u{i} = memref.cast %c{i} : {text} to memref<*xf32>\n"
        ));
    }
    body.push_str(&format!(
        "  %ta = arith.constant {} : i64\n  %tb = arith.constant {} : i64\n  %one = arith.constant 1.0 : f32\n",
        i64::from(shape.transpose_a),
        i64::from(shape.transpose_b)
    ));
    let arguments = "%u0, %u1, %u2, %ta, %tb, %one, %one";
    let (helper, text, entry) = helper_text(entry, &texts, &body, arguments);
    // Different groupings of the same types are different helpers.
    let suffix = format!(
        "_{}{}",
        shape
            .groups
            .iter()
            .map(|g| g.len().to_string())
            .collect::<String>(),
        if shape.transpose_a || shape.transpose_b {
            format!(
                "_t{}{}",
                u8::from(shape.transpose_a),
                u8::from(shape.transpose_b)
            )
        } else {
            String::new()
        }
    );
    let renamed = format!("{helper}{suffix}");
    let text = text.replacen(&format!("@{helper}("), &format!("@{renamed}("), 1);
    Some((renamed, text, entry))
}

/// The dims (by loop index) of each operand of a linalg op, a constant-0 result (a broadcast of a
/// size-1 dim) as `None`; `None` when a map has other results.
fn operand_dims_with_constants(op: MlirOperation) -> Option<Vec<Vec<Option<usize>>>> {
    let maps = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("indexing_maps").to_raw())
    };
    if maps.ptr.is_null() || !unsafe { mlirAttributeIsAArray(maps) } {
        return None;
    }
    let mut operands = Vec::new();
    unsafe {
        for i in 0..mlirArrayAttrGetNumElements(maps) {
            let map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
            let mut dims = Vec::new();
            for r in 0..mlirAffineMapGetNumResults(map) {
                let expr = mlirAffineMapGetResult(map, r);
                if mlirAffineExprIsADim(expr) {
                    dims.push(Some(mlirAffineDimExprGetPosition(expr) as usize));
                } else if mlirAffineExprIsAConstant(expr)
                    && mlirAffineConstantExprGetValue(expr) == 0
                {
                    dims.push(None);
                } else {
                    return None;
                }
            }
            operands.push(dims);
        }
    }
    Some(operands)
}

/// A contraction whose A operand elementwise fusion computed inside its body (`out + f(x, y, ..) *
/// b`: the softmax division before attention-probabilities × V, bias + GELU before an FFN
/// down-projection, an average pool's division before a classifier) → `f` computed into a fresh row-major buffer T by an elementwise generic (a
/// clone of the op with B, the accumulation and the reduction dims taken out), then T × B as a
/// (batched) GEMM call, T freed after it. Returns the call's entry; `None` leaves the op as it is.
fn unfuse_producer(op: MlirOperation, helpers: &mut Helpers) -> Option<&'static str> {
    let count = unsafe { mlirOperationGetNumOperands(op) } as usize;
    if count < 3 || unsafe { mlirOperationGetNumResults(op) } != 0 {
        return None;
    }
    let dims = operand_dims_with_constants(op)?;
    if dims.len() != count || reads_loop_indices(op) {
        return None;
    }
    let operands: Vec<MlirValue> = (0..count)
        .map(|i| unsafe { mlirOperationGetOperand(op, i as isize) })
        .collect();
    let types: Vec<MlirType> = operands
        .iter()
        .map(|&v| unsafe { mlirValueGetType(v) })
        .collect();
    let (b, x) = accumulated_product(op, count)?;
    // Dims of B and C must be plain; A's are those of every other input.
    let plain = |d: &Vec<Option<usize>>| d.iter().copied().collect::<Option<Vec<usize>>>();
    let b_dims = plain(&dims[b])?;
    let c_dims = plain(&dims[count - 1])?;
    let mut used: Vec<usize> = Vec::new();
    for (i, d) in dims.iter().enumerate().take(count - 1) {
        if i != b {
            for &dim in d.iter().flatten() {
                if !used.contains(&dim) {
                    used.push(dim);
                }
            }
        }
    }
    let in_b = |d: &usize| b_dims.contains(d);
    let in_c = |d: &usize| c_dims.contains(d);
    if used.iter().any(|d| !in_b(d) && !in_c(d)) {
        return None; // a dim reduced over A alone: not a GEMM
    }
    // T's dims: batch and M in C's order, then K in B's order.
    let mut t_dims: Vec<usize> = c_dims
        .iter()
        .filter(|d| used.contains(d))
        .copied()
        .collect();
    t_dims.extend(b_dims.iter().filter(|d| used.contains(d) && !in_c(d)));
    if t_dims.len() != used.len() {
        return None;
    }
    let sizes = loop_sizes(&dims, &types)?;
    if !types.iter().all(|&t| unsafe { mlirTypeIsAMemRef(t) }) {
        return None;
    }
    let t_shape: Vec<i64> = t_dims
        .iter()
        .map(|&d| sizes.get(&d).copied())
        .collect::<Option<_>>()?;
    let t_text = format!(
        "memref<{}xf32>",
        t_shape
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join("x")
    );
    let context = unsafe { mlirOperationGetContext(op) };
    let t_type = unsafe { mlirTypeParseGet(context, melior::StringRef::new(&t_text).to_raw()) };
    if t_type.ptr.is_null() {
        return None;
    }
    let (helper, text, entry) = gemm_helper_for(
        &[t_dims.clone(), b_dims, c_dims],
        &[t_type, types[b], types[count - 1]],
    )?;
    // B, C and the product's A side are f32 (the producer may read other types: f64 statistics).
    if unsafe { !mlirTypeIsAF32(mlirValueGetType(x)) } {
        return None;
    }
    call_on_unfused(
        op,
        t_type,
        |producer, t| unsafe { make_producer(producer, b, count, &dims, &t_dims, t) },
        || helpers.add(helper, text),
        |t| vec![t, operands[b], operands[count - 1]],
    )?;
    Some(entry)
}

/// A library call on a fused producer's values: a fresh buffer T of `t_type` before `op`, a clone of
/// `op` that `make` turns into the elementwise producer writing T, then a call of the helper
/// `callee()` names on `arguments(T)`, T freed after it; `op` goes. Where `make` fails, nothing
/// changes (`None`): the op stays a generated kernel.
fn call_on_unfused(
    op: MlirOperation,
    t_type: MlirType,
    make: impl FnOnce(MlirOperation, MlirValue) -> Option<()>,
    callee: impl FnOnce() -> String,
    arguments: impl FnOnce(MlirValue) -> Vec<MlirValue>,
) -> Option<()> {
    unsafe {
        let context = mlirOperationGetContext(op);
        let location = mlirOperationGetLocation(op);
        let block = mlirOperationGetBlock(op);
        let alloc = create_op(
            context,
            "memref.alloc",
            location,
            &[],
            &[t_type],
            &[(
                "operandSegmentSizes",
                attribute(context, "array<i32: 0, 0>"),
            )],
        );
        mlirBlockInsertOwnedOperationBefore(block, op, alloc);
        let t = mlirOperationGetResult(alloc, 0);
        let producer = mlirOperationClone(op);
        mlirBlockInsertOwnedOperationBefore(block, op, producer);
        if make(producer, t).is_none() {
            mlirOperationDestroy(producer);
            mlirOperationDestroy(alloc);
            return None;
        }
        let callee = callee();
        let symbol = mlirFlatSymbolRefAttrGet(context, melior::StringRef::new(&callee).to_raw());
        let call = create_op(
            context,
            "func.call",
            location,
            &arguments(t),
            &[],
            &[("callee", symbol)],
        );
        mlirBlockInsertOwnedOperationBefore(block, op, call);
        let dealloc = create_op(context, "memref.dealloc", location, &[t], &[], &[]);
        mlirBlockInsertOwnedOperationBefore(block, op, dealloc);
        mlirOperationDestroy(op);
    }
    Some(())
}

/// A convolution one of whose factors elementwise fusion computed inside its body (`out + f(x, p,
/// ..) * w`: a batch norm and ReLU before a 1x1 convolution that reads them without padding; the
/// batch norm's backward before a weight gradient, where `f` gives the window's other factor) →
/// `f` computed into a fresh buffer T shaped as one of its inputs `x` (every position of it, by an
/// elementwise generic: the clone of the op with the other factor, the accumulation and the
/// convolution loops taken out, each other input read at T's position), then the cuDNN call on T
/// and the other factor ([`conv_nhwc_helper`], T as input or filter, whichever the maps make a
/// convolution), T freed after it. The other inputs of `f` must read `x`'s dims only (plainly, as
/// the per-channel parameters of a batch norm do, or through the same window). Returns the call's
/// entry; `None` leaves the op as it is.
fn unfuse_conv_producer(op: MlirOperation, helpers: &mut Helpers) -> Option<&'static str> {
    let count = unsafe { mlirOperationGetNumOperands(op) } as usize;
    if count < 3 || unsafe { mlirOperationGetNumResults(op) } != 0 || reads_loop_indices(op) {
        return None;
    }
    let maps: Vec<Vec<AffineDim>> = flexc_passes::ir::linalg_indexing_maps(op)?
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    if maps.len() != count {
        return None;
    }
    let (b, x) = accumulated_product(op, count)?;
    if unsafe { !mlirTypeIsAF32(mlirValueGetType(x)) } {
        return None;
    }
    let inputs: Vec<usize> = (0..count - 1).filter(|&i| i != b).collect();
    let out_map = &maps[count - 1];
    // T takes the dims of the first input whose map every other input's reads fit in.
    let fits = |shape_of: &[AffineDim]| -> Option<Vec<Vec<Option<usize>>>> {
        let mut dims = vec![Vec::new(); count];
        for &i in &inputs {
            dims[i] = maps[i]
                .iter()
                .map(|e| {
                    if e.terms.is_empty() && e.offset == 0 {
                        Some(None)
                    } else {
                        shape_of.iter().position(|m| m == e).map(Some)
                    }
                })
                .collect::<Option<Vec<_>>>()?;
        }
        Some(dims)
    };
    let (shaped, dims, conv, t_is_input) = inputs.iter().find_map(|&i| {
        let dims = fits(&maps[i])?;
        if let Some(conv) = ConvRoles::of(&maps[i], &maps[b], out_map) {
            return Some((i, dims, conv, true));
        }
        ConvRoles::of(&maps[b], &maps[i], out_map).map(|conv| (i, dims, conv, false))
    })?;
    let operands: Vec<MlirValue> = (0..count)
        .map(|i| unsafe { mlirOperationGetOperand(op, i as isize) })
        .collect();
    let types: Vec<MlirType> = operands
        .iter()
        .map(|&v| unsafe { mlirValueGetType(v) })
        .collect();
    if !types.iter().all(|&t| unsafe { mlirTypeIsAMemRef(t) }) {
        return None;
    }
    let shaped_type = types[shaped];
    if unsafe { !mlirShapedTypeHasStaticShape(shaped_type) } {
        return None;
    }
    let shape: Vec<String> = (0..4)
        .map(|d| unsafe { mlirShapedTypeGetDimSize(shaped_type, d) }.to_string())
        .collect();
    let t_text = format!("memref<{}xf32>", shape.join("x"));
    let context = unsafe { mlirOperationGetContext(op) };
    let t_type = unsafe { mlirTypeParseGet(context, melior::StringRef::new(&t_text).to_raw()) };
    if t_type.ptr.is_null() {
        return None;
    }
    let [input_type, filter_type] = if t_is_input {
        [t_type, types[b]]
    } else {
        [types[b], t_type]
    };
    let (helper, text, entry) =
        conv_nhwc_helper(&conv, [input_type, filter_type, types[count - 1]])?;
    call_on_unfused(
        op,
        t_type,
        |producer, t| unsafe { make_producer(producer, b, count, &dims, &[0, 1, 2, 3], t) },
        || helpers.add(helper, text),
        |t| {
            let [input, filter] = if t_is_input {
                [t, operands[b]]
            } else {
                [operands[b], t]
            };
            vec![input, filter, operands[count - 1]]
        },
    )?;
    Some(entry)
}

/// For a generic whose body ends `%m = mulf %x, %b; %s = addf %out, %m; yield %s` (either operand
/// order), with B's block argument and the accumulator used nowhere else: B's operand index and
/// `%x`.
fn accumulated_product(op: MlirOperation, count: usize) -> Option<(usize, MlirValue)> {
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        if mlirBlockGetNumArguments(block) as usize != count {
            return None;
        }
        let yield_ = mlirBlockGetTerminator(block);
        if op_name(yield_) != "linalg.yield" || mlirOperationGetNumOperands(yield_) != 1 {
            return None;
        }
        let sum = mlirOperationGetOperand(yield_, 0);
        if !mlirValueIsAOpResult(sum) || op_name(mlirOpResultGetOwner(sum)) != "arith.addf" {
            return None;
        }
        let add = mlirOpResultGetOwner(sum);
        let out = mlirBlockGetArgument(block, count as isize - 1);
        let (p, q) = (
            mlirOperationGetOperand(add, 0),
            mlirOperationGetOperand(add, 1),
        );
        let product = if mlirValueEqual(p, out) {
            q
        } else if mlirValueEqual(q, out) {
            p
        } else {
            return None;
        };
        if !mlirValueIsAOpResult(product) || op_name(mlirOpResultGetOwner(product)) != "arith.mulf"
        {
            return None;
        }
        let mul = mlirOpResultGetOwner(product);
        let only_use = |v: MlirValue, user: MlirOperation| {
            let first = mlirValueGetFirstUse(v);
            !mlirOpOperandIsNull(first)
                && mlirOperationEqual(mlirOpOperandGetOwner(first), user)
                && mlirOpOperandIsNull(mlirOpOperandGetNextUse(first))
        };
        if !only_use(out, add) || !only_use(product, add) || !only_use(sum, yield_) {
            return None;
        }
        for (this, other) in [(0, 1), (1, 0)] {
            let candidate = mlirOperationGetOperand(mul, this);
            let x = mlirOperationGetOperand(mul, other);
            for b in 0..count - 1 {
                let argument = mlirBlockGetArgument(block, b as isize);
                if mlirValueEqual(candidate, argument) && only_use(argument, mul) {
                    return Some((b, x));
                }
            }
        }
        None
    }
}

/// Whether a linalg op's body reads its loop indices (`linalg.index`: the producer could depend on
/// dims it does not iterate).
fn reads_loop_indices(op: MlirOperation) -> bool {
    let mut found = false;
    unsafe { melior::ir::OperationRef::from_raw(op) }.walk(WalkOrder::PreOrder, |inner| {
        if op_name(inner.to_raw()) == "linalg.index" {
            found = true;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    found
}

/// Loop index → its size, from the static shapes of the operands that index by it.
fn loop_sizes(dims: &[Vec<Option<usize>>], types: &[MlirType]) -> Option<BTreeMap<usize, i64>> {
    let mut sizes = BTreeMap::new();
    for (operand, &ty) in dims.iter().zip(types) {
        if unsafe { !mlirTypeIsAMemRef(ty) || !mlirShapedTypeHasStaticShape(ty) } {
            return None;
        }
        let rank = unsafe { mlirShapedTypeGetRank(ty) } as usize;
        let shape: Vec<i64> = (0..rank)
            .map(|d| unsafe { mlirShapedTypeGetDimSize(ty, d as isize) })
            .collect();
        for (position, dim) in operand.iter().enumerate() {
            if let Some(dim) = dim {
                sizes.insert(*dim, *shape.get(position)?);
            }
        }
    }
    Some(sizes)
}

/// Turns `producer` (a clone of the contraction) into the elementwise generic writing `%x` into
/// `t` over `t_dims`: B's operand and block argument, the multiply-accumulate and the reduction
/// loops go; the other inputs' maps are renumbered over `t_dims`.
unsafe fn make_producer(
    producer: MlirOperation,
    b: usize,
    count: usize,
    dims: &[Vec<Option<usize>>],
    t_dims: &[usize],
    t: MlirValue,
) -> Option<()> {
    unsafe {
        let context = mlirOperationGetContext(producer);
        let inputs: Vec<usize> = (0..count - 1).filter(|&i| i != b).collect();
        let mut operands: Vec<MlirValue> = inputs
            .iter()
            .map(|&i| mlirOperationGetOperand(producer, i as isize))
            .collect();
        operands.push(t);
        mlirOperationSetOperands(producer, operands.len() as isize, operands.as_ptr());
        let map = |operand: &[Option<usize>]| -> Option<MlirAttribute> {
            let mut exprs = Vec::new();
            for dim in operand {
                exprs.push(match dim {
                    Some(d) => {
                        mlirAffineDimExprGet(context, t_dims.iter().position(|x| x == d)? as isize)
                    }
                    None => mlirAffineConstantExprGet(context, 0),
                });
            }
            let map = mlirAffineMapGet(
                context,
                t_dims.len() as isize,
                0,
                exprs.len() as isize,
                exprs.as_mut_ptr(),
            );
            Some(mlirAffineMapAttrGet(map))
        };
        let mut maps = Vec::new();
        for &i in &inputs {
            maps.push(map(&dims[i])?);
        }
        let identity: Vec<Option<usize>> = t_dims.iter().map(|&d| Some(d)).collect();
        maps.push(map(&identity)?);
        let set = |name: &str, value: MlirAttribute| {
            mlirOperationSetAttributeByName(producer, melior::StringRef::new(name).to_raw(), value)
        };
        set(
            "indexing_maps",
            mlirArrayAttrGet(context, maps.len() as isize, maps.as_ptr()),
        );
        let parallel = vec!["#linalg.iterator_type<parallel>"; t_dims.len()].join(", ");
        set(
            "iterator_types",
            attribute(context, &format!("[{parallel}]")),
        );
        set(
            "operandSegmentSizes",
            attribute(context, &format!("array<i32: {}, 1>", inputs.len())),
        );
        mlirOperationRemoveDiscardableAttributeByName(
            producer,
            melior::StringRef::new(FAMILY_ATTR).to_raw(),
        );
        // Body: yield %x; the accumulate, the product and B's argument go.
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(producer, 0));
        let yield_ = mlirBlockGetTerminator(block);
        let add = mlirOpResultGetOwner(mlirOperationGetOperand(yield_, 0));
        let out = mlirBlockGetArgument(block, count as isize - 1);
        let product = {
            let p = mlirOperationGetOperand(add, 0);
            if mlirValueEqual(p, out) {
                mlirOperationGetOperand(add, 1)
            } else {
                p
            }
        };
        let mul = mlirOpResultGetOwner(product);
        let b_argument = mlirBlockGetArgument(block, b as isize);
        let x = {
            let p = mlirOperationGetOperand(mul, 0);
            if mlirValueEqual(p, b_argument) {
                mlirOperationGetOperand(mul, 1)
            } else {
                p
            }
        };
        mlirOperationSetOperand(yield_, 0, x);
        mlirOperationDestroy(add);
        mlirOperationDestroy(mul);
        mlirBlockEraseArgument(block, b as u32);
    }
    Some(())
}

/// A helper `@__flexc_<entry>_<types>(memrefs)` with `body`, calling `entry(arguments)`.
fn helper_text(
    library: Library,
    texts: &[String],
    body: &str,
    arguments: &str,
) -> (String, String, &'static str) {
    let entry = library.name();
    let helper = format!(
        "__flexc_{}_{}",
        entry
            .trim_start_matches(contract::Runtime::Gpu.prefix())
            .trim_start_matches('_'),
        mangle(texts)
    );
    let signature = library.signature();
    let parameters: Vec<String> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%m{i}: {t}"))
        .collect();
    let text = format!(
        "func.func private @{helper}({}) {{\n{body}  func.call @{entry}({arguments}) : ({signature}) -> ()\n  return\n}}",
        parameters.join(", ")
    );
    (helper, text, entry)
}

/// A symbol-safe rendering of memref types (`memref<8x64xf32>` → `8x64xf32`).
fn mangle(types: &[String]) -> String {
    types
        .iter()
        .map(|t| {
            t.trim_start_matches("memref<")
                .trim_end_matches('>')
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("_")
}

/// Replaces `op` (no results) by `func.call @callee(op's operands)`.
fn replace_by_call(op: MlirOperation, callee: &str) {
    insert_call(op, callee);
    unsafe { mlirOperationDestroy(op) };
}

/// Inserts `func.call @callee(op's operands)` before `op`.
pub fn insert_call(op: MlirOperation, callee: &str) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let operands: Vec<MlirValue> = (0..mlirOperationGetNumOperands(op))
            .map(|i| mlirOperationGetOperand(op, i))
            .collect();
        let symbol = mlirFlatSymbolRefAttrGet(context, melior::StringRef::new(callee).to_raw());
        let call = create_op(
            context,
            "func.call",
            mlirOperationGetLocation(op),
            &operands,
            &[],
            &[("callee", symbol)],
        );
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, call);
    }
}

/// Parses `text` as an attribute (flexc's own text: a failure is a bug, reported by a panic).
fn attribute(context: MlirContext, text: &str) -> MlirAttribute {
    let attribute =
        unsafe { mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw()) };
    assert!(
        !attribute.ptr.is_null(),
        "flexc built an invalid attribute: {text}"
    );
    attribute
}

/// `memref.alloc`/`alloca` → `gpu.alloc` with the same sizes and type.
fn to_gpu_alloc(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let operands: Vec<MlirValue> = (0..mlirOperationGetNumOperands(op))
            .map(|i| mlirOperationGetOperand(op, i))
            .collect();
        let segments = mlirOperationGetAttributeByName(
            op,
            melior::StringRef::new("operandSegmentSizes").to_raw(),
        );
        let (dynamic, symbols) =
            if !segments.ptr.is_null() && mlirDenseArrayGetNumElements(segments) == 2 {
                (
                    mlirDenseI32ArrayGetElement(segments, 0),
                    mlirDenseI32ArrayGetElement(segments, 1),
                )
            } else {
                (operands.len() as i32, 0)
            };
        let result = mlirOperationGetResult(op, 0);
        let alloc = create_op(
            context,
            "gpu.alloc",
            mlirOperationGetLocation(op),
            &operands,
            &[mlirValueGetType(result)],
            &[(
                "operandSegmentSizes",
                attribute(context, &format!("array<i32: 0, {dynamic}, {symbols}>")),
            )],
        );
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, alloc);
        mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(alloc, 0));
        mlirOperationDestroy(op);
    }
}

/// `memref.dealloc` → `gpu.dealloc`.
fn to_gpu_dealloc(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let operand = mlirOperationGetOperand(op, 0);
        let dealloc = create_op(
            context,
            "gpu.dealloc",
            mlirOperationGetLocation(op),
            &[operand],
            &[],
            &[],
        );
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, dealloc);
        mlirOperationDestroy(op);
    }
}

/// Every `%g = memref.get_global` (a host constant) → `%d = memref.alloc; gpu.memcpy %d, %g`, every
/// other use of `%g` → `%d`. Run before the deallocation pipeline (which then frees `%d` after its
/// last use) and before [`to_device`] (which makes `%d` a `gpu.alloc`).
pub fn upload_constants(module: &Module) {
    for op in all_ops(module) {
        if op_name(op) == "memref.get_global" {
            upload_constant(op);
        }
    }
}

fn upload_constant(op: MlirOperation) {
    unsafe {
        let context = mlirOperationGetContext(op);
        let location = mlirOperationGetLocation(op);
        let global = mlirOperationGetResult(op, 0);
        let block = mlirOperationGetBlock(op);
        let alloc = create_op(
            context,
            "memref.alloc",
            location,
            &[],
            &[mlirValueGetType(global)],
            &[(
                "operandSegmentSizes",
                attribute(context, "array<i32: 0, 0>"),
            )],
        );
        mlirBlockInsertOwnedOperationAfter(block, op, alloc);
        let device = mlirOperationGetResult(alloc, 0);
        let copy = create_op(context, "gpu.memcpy", location, &[device, global], &[], &[]);
        mlirBlockInsertOwnedOperationAfter(block, alloc, copy);
        mlirValueReplaceAllUsesExcept(global, device, 1, &copy as *const _ as *mut _);
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
) -> Vec<super::Kernel> {
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
                kernels.push(super::Kernel {
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
fn inside_kernel_or_linalg(op: MlirOperation) -> bool {
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
fn wrap_in_parallel(op: MlirOperation) {
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
fn for_to_parallel(op: MlirOperation) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(a: &[usize], b: &[usize], c: &[usize]) -> Option<GemmShape> {
        gemm_shape(&[a.to_vec(), b.to_vec(), c.to_vec()])
    }

    #[test]
    fn contractions_group_into_gemms() {
        // matmul (m, n, k) = (d0, d1, d2).
        let plain = shape(&[0, 2], &[2, 1], &[0, 1]).unwrap();
        assert_eq!(
            plain.groups,
            [
                vec![vec![0], vec![1]],
                vec![vec![0], vec![1]],
                vec![vec![0], vec![1]]
            ]
        );
        assert!(!plain.transpose_a && !plain.transpose_b && !plain.batched);
        // matmul_transpose_b: B is (n, k).
        let transposed = shape(&[0, 2], &[1, 2], &[0, 1]).unwrap();
        assert!(!transposed.transpose_a && transposed.transpose_b);
        // A transposed: (k, m).
        assert!(shape(&[2, 0], &[2, 1], &[0, 1]).unwrap().transpose_a);
        // batch_matmul.
        let batched = shape(&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]).unwrap();
        assert!(batched.batched);
        assert_eq!(batched.groups[0], vec![vec![0], vec![1], vec![2]]);
        // Reshape propagation's expansion: A (d0, d1, d2, d4) x B (d4, d3) -> C (d0, d1, d2, d3):
        // M = d0 d1 d2 collapses to one dim.
        let expanded = shape(&[0, 1, 2, 4], &[4, 3], &[0, 1, 2, 3]).unwrap();
        assert!(!expanded.batched);
        assert_eq!(expanded.groups[0], vec![vec![0, 1, 2], vec![3]]);
        assert_eq!(expanded.groups[2], vec![vec![0, 1, 2], vec![3]]);
        // N split in two (heads x head dim) on B and C.
        let heads = shape(&[0, 1, 4], &[4, 2, 3], &[0, 1, 2, 3]).unwrap();
        assert_eq!(heads.groups[1], vec![vec![0], vec![1, 2]]);
    }

    #[test]
    fn other_contractions_are_not_gemms() {
        // C's dims out of [batch] M N order.
        assert_eq!(shape(&[0, 2], &[2, 1], &[1, 0]), None);
        // M dims interleaved with K in A.
        assert_eq!(shape(&[0, 3, 1], &[3, 2], &[0, 1, 2]), None);
        // No K (an outer product), no N (a matrix-vector product), a repeated dim.
        assert_eq!(shape(&[0], &[1], &[0, 1]), None);
        assert_eq!(shape(&[0, 1], &[1], &[0]), None);
        assert_eq!(shape(&[0, 0], &[0, 1], &[0, 1]), None);
        // A dim of A alone (reduced over A only).
        assert_eq!(shape(&[0, 3, 2], &[2, 1], &[0, 1]), None);
    }

    fn window(y: usize, stride: i64, r: usize, dilation: i64) -> AffineDim {
        AffineDim {
            terms: vec![(y, stride), (r, dilation)],
            offset: 0,
        }
    }

    #[test]
    fn convolutions_find_their_roles() {
        let d = AffineDim::dim;
        // JAX's forward: loops (b, oh, ow, f, c, kh, kw); NHWC input strided 2, HWCF filter.
        let input = [d(0), window(1, 2, 5, 1), window(2, 2, 6, 1), d(4)];
        let filter = [d(5), d(6), d(4), d(3)];
        let output = [d(0), d(1), d(2), d(3)];
        let forward = ConvRoles::of(&input, &filter, &output).unwrap();
        assert_eq!(
            forward,
            ConvRoles {
                input: [0, 1, 2, 3],
                filter: [3, 0, 1, 2],
                output: [0, 1, 2, 3],
                stride: [2, 2],
                dilation: [1, 1],
            }
        );
        // The product commutes, not the roles: the filter has no window to be the input.
        assert_eq!(ConvRoles::of(&filter, &input, &output), None);
        // A weight gradient: loops (r, s, c, f, n, y, x); the activations x[n, r + 2y, s + 2x, c]
        // are the input with c as its batch and n as its channel, dy[n, y, x, f] the filter
        // (dilated by the forward stride), the HWCF result the output.
        let activations = [d(4), window(0, 1, 5, 2), window(1, 1, 6, 2), d(2)];
        let gradient = [d(4), d(5), d(6), d(3)];
        let weights = [d(0), d(1), d(2), d(3)];
        let grad = ConvRoles::of(&activations, &gradient, &weights).unwrap();
        assert_eq!(
            grad,
            ConvRoles {
                input: [3, 1, 2, 0],
                filter: [3, 1, 2, 0],
                output: [2, 0, 1, 3],
                stride: [1, 1],
                dilation: [2, 2],
            }
        );
        // A window with an offset, a reversed window: no convolution.
        let shifted = [
            d(0),
            AffineDim {
                offset: 1,
                ..window(1, 1, 5, 1)
            },
            window(2, 1, 6, 1),
            d(4),
        ];
        assert_eq!(ConvRoles::of(&shifted, &filter, &output), None);
        let reversed = [
            AffineDim {
                terms: vec![(5, -1)],
                offset: 2,
            },
            d(6),
            d(4),
            d(3),
        ];
        let plain = [d(0), window(1, 1, 5, 1), window(2, 1, 6, 1), d(4)];
        assert_eq!(ConvRoles::of(&plain, &reversed, &output), None);
        // An output held F, N, H, W is a view like any other; a filter reading the batch is not a
        // convolution's.
        let fnhw = ConvRoles::of(&plain, &filter, &[d(3), d(0), d(1), d(2)]).unwrap();
        assert_eq!(fnhw.output, [1, 2, 3, 0]);
        let per_sample = [d(5), d(6), d(4), d(0)];
        assert_eq!(ConvRoles::of(&plain, &per_sample, &output), None);
    }
}
