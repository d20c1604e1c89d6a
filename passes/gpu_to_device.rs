//! `gpu-to-device`: the GPU target's device rewrite, on the bufferized program whose constants
//! `gpu-upload-constants` uploaded. Every buffer lives in device memory and the ops that have a
//! vendor-library entry point call it:
//! - uploads of constants made resident ([`make_resident`]: a helper calling the runtime's
//!   `flexc_gpu_resident_<T>`, which uploads a global once per device);
//! - contractions that group into a (batched) GEMM and convolutions → calls of the runtime's
//!   library entry points (`flexc_gpu_gemm_f32`, `flexc_gpu_batch_gemm_f32`,
//!   `flexc_gpu_conv2d_nchw_fchw_f32`, `flexc_gpu_conv2d_nhwc_fhwc_f32`: `library.rs`), directly or
//!   split off the `linalg.generic` that fusion made of them and their consumers (`unfuse.rs`); the
//!   candidates are the ops whose family's GPU lowering is a library one (`gpu-tag-families`' tag)
//!   and the reducing ops fusion made; other layouts and element types stay linalg ops and become
//!   generated kernels;
//! - `memref.alloc`/`alloca` → `gpu.alloc`, `memref.dealloc` → `gpu.dealloc`, `memref.copy` →
//!   `linalg.copy` (a copy kernel: strided views included).
//!
//! The rewrites call helper functions (private, appended to the module, deduplicated), which the
//! recipe's next step inlines. Each call that replaced an op by a library call carries
//! [`LIBRARY_ATTR`] (`{entry, op}`: what the manifest lists, read by [`library_calls`]).
//!
//! Precondition: bufferized, constants uploaded, families tagged. Postcondition: no
//! `memref.alloc`, `memref.dealloc` or `memref.copy` outside the helpers.
//!
//! ```mlir
//! %0 = gpu.alloc () : memref<8x16xf32>
//! func.call @__flexc_gemm_f32_8x32xf32_32x16xf32_8x16xf32_222(%a, %b, %0)
//!     {flexc.gpu_library = {entry = "flexc_gpu_gemm_f32", op = "linalg.matmul"}} : (...) -> ()
//! ```

use crate::family::gemm::{gemm_shape, multiply_accumulate, operand_dims};
use crate::family::gpu::{tag_of, GPU_FAMILY_ATTR as FAMILY_ATTR};
use crate::family::KernelFamily;
use crate::ir::{
    all_ops, create_op, op_name, parse_attribute as attribute, reads_loop_indices, symbol_name,
    top_level_ops, type_text,
};
use crate::{emit_error, Options, PassId, PassInfo};
use flexc_core::contract::{self, Library};
use flexc_core::AffineDim;
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::BTreeMap;

mod library;
mod unfuse;

use library::*;
use unfuse::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-to-device",
    summary: "GPU target: buffers in device memory, resident constants, library calls (cuBLAS/cuDNN) for the ops that have one",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__arith__,
        mlirGetDialectHandle__func__,
        mlirGetDialectHandle__gpu__,
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__memref__,
    ],
};

/// The attribute on a call that replaced an op by a library call: `{entry = "flexc_gpu_gemm_f32",
/// op = "linalg.matmul"}`.
pub const LIBRARY_ATTR: &str = "flexc.gpu_library";

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let root = module.to_raw();
    let mut helpers = Helpers::default();
    make_resident(root, &mut helpers);
    // Library calls first: their candidates include the ops fusion made that reduce, which the
    // block reductions would otherwise take.
    library_calls_of(root, &mut helpers);
    memory_to_device(root, &mut helpers);
    helpers.append(root).map_err(|message| {
        emit_error(module.location(), &message);
    })
}

/// A contraction or convolution that became a vendor-library call, for the manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryCall {
    /// The program (function) it is in.
    pub function: String,
    /// The op it replaced (`linalg.matmul`, `linalg.generic`, ...).
    pub op: String,
    /// The runtime entry it calls.
    pub entry: Library,
}

/// The library calls this pass made in `module` (its [`LIBRARY_ATTR`] calls), in program order;
/// read before the helpers are inlined.
pub fn library_calls(module: MlirOperation) -> Vec<LibraryCall> {
    let mut calls = Vec::new();
    for op in all_ops(module) {
        let view = unsafe { OperationRef::from_raw(op) };
        let Ok(attribute) = view.attribute(LIBRARY_ATTR) else {
            continue;
        };
        let field = |name: &str| unsafe {
            let value = mlirDictionaryAttrGetElementByName(
                attribute.to_raw(),
                melior::StringRef::new(name).to_raw(),
            );
            if value.ptr.is_null() || !mlirAttributeIsAString(value) {
                return None;
            }
            let text = melior::StringRef::from_raw(mlirStringAttrGetValue(value));
            text.as_str().ok().map(str::to_string)
        };
        let entry = field("entry").and_then(|e| Library::ALL.into_iter().find(|l| l.name() == e));
        if let (Some(entry), Some(op_name)) = (entry, field("op")) {
            calls.push(LibraryCall {
                function: enclosing_function(op),
                op: op_name,
                entry,
            });
        }
    }
    calls
}

/// Marks `call` as the library call `entry` that replaced an op named `op`.
fn mark_library_call(call: MlirOperation, entry: &str, op: &str) {
    unsafe {
        let context = mlirOperationGetContext(call);
        let value = attribute(context, &format!("{{entry = \"{entry}\", op = \"{op}\"}}"));
        mlirOperationSetDiscardableAttributeByName(
            call,
            melior::StringRef::new(LIBRARY_ATTR).to_raw(),
            value,
        );
    }
}

/// Whether `op` has an `iterator_types` attribute with a reduction (a `linalg.generic` that
/// reduces).
pub fn has_reduction_loop(op: MlirOperation) -> bool {
    let iterators = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("iterator_types").to_raw())
    };
    !iterators.ptr.is_null() && crate::ir::attribute_text(iterators).contains("reduction")
}

/// Contractions and convolutions that have a vendor-library entry point replaced by calls of it
/// (directly, or split off the `linalg.generic` that fusion made of them and their consumers).
fn library_calls_of(module: MlirOperation, helpers: &mut Helpers) {
    // Chosen before any rewrite: a replaced op is destroyed with the ops of its body, which a
    // walk collected too (no candidate is nested in another).
    // The candidates are the ops whose family's GPU lowering is a library one (a GEMM, a DNN
    // convolution: `gpu-tag-families`' tag), and the ops fusion made (untagged) that reduce, where
    // a contraction may hide with its fused producer; `library_helper` and the unfusing then check
    // the layouts.
    let candidates: Vec<(MlirOperation, Option<KernelFamily>)> = all_ops(module)
        .into_iter()
        .map(|op| (op, tag_of(op)))
        .filter(|&(op, family)| match family {
            Some(family) => family.library(),
            None => has_reduction_loop(op),
        })
        .collect();
    for (op, family) in candidates {
        let name = op_name(op);
        if let Some((helper, text, entry)) = library_helper(op, family) {
            let callee = helpers.add(helper, text);
            let call = insert_call(op, &callee);
            unsafe { mlirOperationDestroy(op) };
            mark_library_call(call, entry, &name);
        } else if name == "linalg.generic" {
            let unfused =
                unfuse_producer(op, helpers).or_else(|| unfuse_conv_producer(op, helpers));
            if let Some((entry, call)) = unfused {
                mark_library_call(call, entry, &name);
            }
        }
    }
}

/// Allocations and deallocations on the device (`gpu.alloc`/`gpu.dealloc`), copies as calls of a
/// `linalg.copy` helper (a copy kernel, strided views included).
fn memory_to_device(module: MlirOperation, helpers: &mut Helpers) {
    let memory: Vec<MlirOperation> = all_ops(module)
        .into_iter()
        .filter(|&op| {
            matches!(
                op_name(op).as_str(),
                "memref.alloc" | "memref.alloca" | "memref.dealloc" | "memref.copy"
            )
        })
        .collect();
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
                    "func.func private @{name}(%a: {source}, %b: {target}) {{\n  linalg.copy {{{FAMILY_ATTR} = \"data-movement\"}} ins(%a : {source}) outs(%b : {target})\n  return\n}}"
                );
                let callee = helpers.add(name, text);
                replace_by_call(op, &callee);
            }
            _ => {}
        }
    }
}

/// Constants (weights) uploaded once per device instead of on every call: each
/// `%d = memref.alloc; gpu.memcpy %d, %g` of `gpu-upload-constants` (`%g` a `memref.get_global`)
/// becomes `%d = call @__flexc_resident_<type>(%g)`, a helper that flattens `%g` to 1-d and calls
/// the runtime's `flexc_gpu_resident_<T>(memref<?xT>) -> memref<?xT>`, which uploads the global on
/// its first call in a device's context and returns the same device buffer afterwards (the
/// runtime frees it when the device is done, not the program: the deallocations of `%d` go).
fn make_resident(module: MlirOperation, helpers: &mut Helpers) {
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
    fn append(&self, module: MlirOperation) -> Result<(), String> {
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
                mlirOperationGetContext(module),
                melior::StringRef::new(&text).to_raw(),
                melior::StringRef::new("flexc-gpu-helpers").to_raw(),
            )
        };
        if parsed.ptr.is_null() {
            return Err(format!(
                "flexc built GPU helper functions that do not parse (a flexc bug):\n{text}"
            ));
        }
        let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)) };
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

/// Replaces `op` (no results) by `func.call @callee(op's operands)`.
fn replace_by_call(op: MlirOperation, callee: &str) {
    insert_call(op, callee);
    unsafe { mlirOperationDestroy(op) };
}

/// Inserts `func.call @callee(op's operands)` before `op`; returns the call.
fn insert_call(op: MlirOperation, callee: &str) -> MlirOperation {
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
        call
    }
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

#[cfg(test)]
mod tests;
