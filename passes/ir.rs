//! Thin, safe readers over the MLIR C API for what the analyses need and melior does not wrap:
//! shaped types, affine expressions of indexing maps, and array attributes.
//! All functions take raw handles that come from a live module (the caller's borrow keeps it alive).
//! [`build`]: the ops passes create through the C API's builders.

use flexc_core::AffineDim;
use mlir_sys::*;

pub mod build;

/// Shape and element type of a ranked tensor (or memref/vector) type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Dim sizes; `None` for a dynamic dim (`?`).
    pub dims: Vec<Option<u64>>,
    /// Bytes of one element (1 for i1, rounded up).
    pub element_bytes: u64,
    /// Element type as text (`f32`, `i64`, ...).
    pub element: String,
}

impl Shape {
    pub fn is_static(&self) -> bool {
        self.dims.iter().all(Option::is_some)
    }

    pub fn static_dims(&self) -> Vec<u64> {
        self.dims.iter().map(|d| d.unwrap_or(0)).collect()
    }

    /// Number of elements (dynamic dims count 0), saturating at `u64::MAX`: the importer rejects
    /// shapes whose size overflows (see [`Shape::checked_bytes`]) before it uses their counts.
    pub fn elements(&self) -> u64 {
        self.checked_elements().unwrap_or(u64::MAX)
    }

    /// Number of elements; `None` when it overflows 64 bits.
    pub fn checked_elements(&self) -> Option<u64> {
        self.dims
            .iter()
            .try_fold(1u64, |acc, d| acc.checked_mul(d.unwrap_or(0)))
    }

    /// Size in bytes at `element_bytes` per element; `None` when the element count or the byte size
    /// overflows 64 bits.
    pub fn checked_bytes(&self, element_bytes: u64) -> Option<u64> {
        self.checked_elements()?.checked_mul(element_bytes)
    }
}

pub fn type_text(ty: MlirType) -> String {
    melior_print(|callback, data| unsafe { mlirTypePrint(ty, callback, data) })
}

fn melior_print(print: impl FnOnce(MlirStringCallback, *mut std::ffi::c_void)) -> String {
    unsafe extern "C" fn append(text: MlirStringRef, data: *mut std::ffi::c_void) {
        let out = unsafe { &mut *(data as *mut Vec<u8>) };
        out.extend_from_slice(unsafe {
            std::slice::from_raw_parts(text.data as *const u8, text.length)
        });
    }
    let mut bytes = Vec::new();
    print(
        Some(append),
        &mut bytes as *mut Vec<u8> as *mut std::ffi::c_void,
    );
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The shape of a ranked tensor type; `None` for other types (scalars, unranked tensors).
pub fn tensor_shape(ty: MlirType) -> Option<Shape> {
    unsafe {
        if !mlirTypeIsARankedTensor(ty) {
            return None;
        }
        let rank = mlirShapedTypeGetRank(ty);
        let dims = (0..rank)
            .map(|i| {
                (!mlirShapedTypeIsDynamicDim(ty, i as isize))
                    .then(|| mlirShapedTypeGetDimSize(ty, i as isize).max(0) as u64)
            })
            .collect();
        let element = mlirShapedTypeGetElementType(ty);
        let bits = if mlirTypeIsAInteger(element) {
            mlirIntegerTypeGetWidth(element) as u64
        } else if mlirTypeIsAFloat(element) {
            mlirFloatTypeGetWidth(element) as u64
        } else if mlirTypeIsAIndex(element) {
            64
        } else {
            32
        };
        Some(Shape {
            dims,
            element_bytes: bits.div_ceil(8).max(1),
            element: type_text(element),
        })
    }
}

pub fn is_unranked_tensor(ty: MlirType) -> bool {
    unsafe { mlirTypeIsAUnrankedTensor(ty) }
}

/// One result of an indexing map as a [`flexc_core::AffineDim`], `sum(coefficient * d_k) + offset`;
/// `None` if not of that form (mod, floordiv, symbols).
pub fn affine_dim(expr: MlirAffineExpr) -> Option<AffineDim> {
    unsafe {
        if mlirAffineExprIsADim(expr) {
            return Some(AffineDim {
                terms: vec![(mlirAffineDimExprGetPosition(expr) as usize, 1)],
                offset: 0,
            });
        }
        if mlirAffineExprIsAConstant(expr) {
            return Some(AffineDim {
                terms: vec![],
                offset: mlirAffineConstantExprGetValue(expr),
            });
        }
        let lhs = || affine_dim(mlirAffineBinaryOpExprGetLHS(expr));
        let rhs = || affine_dim(mlirAffineBinaryOpExprGetRHS(expr));
        if mlirAffineExprIsAAdd(expr) {
            let (mut a, b) = (lhs()?, rhs()?);
            a.terms.extend(b.terms);
            a.offset += b.offset;
            return Some(a);
        }
        if mlirAffineExprIsAMul(expr) {
            let (a, b) = (lhs()?, rhs()?);
            let (sum, factor) = match (a.terms.is_empty(), b.terms.is_empty()) {
                (_, true) => (a, b.offset),
                (true, false) => (b, a.offset),
                (false, false) => return None,
            };
            return Some(AffineDim {
                terms: sum.terms.iter().map(|&(d, c)| (d, c * factor)).collect(),
                offset: sum.offset * factor,
            });
        }
    }
    None
}

/// The results of an affine map as sums, plus its number of dims.
pub fn affine_map(map: MlirAffineMap) -> Option<(usize, Vec<AffineDim>)> {
    unsafe {
        let dims = mlirAffineMapGetNumDims(map) as usize;
        let results = (0..mlirAffineMapGetNumResults(map))
            .map(|i| affine_dim(mlirAffineMapGetResult(map, i)))
            .collect::<Option<Vec<_>>>()?;
        Some((dims, results))
    }
}

/// The indexing maps of a linalg structured op (named ops included); `None` for other ops.
pub fn linalg_indexing_maps(op: MlirOperation) -> Option<Vec<(usize, Vec<AffineDim>)>> {
    unsafe {
        let attribute = mlirLinalgGetIndexingMapsAttribute(op);
        if attribute.ptr.is_null() || !mlirAttributeIsAArray(attribute) {
            return None;
        }
        (0..mlirArrayAttrGetNumElements(attribute))
            .map(|i| {
                let element = mlirArrayAttrGetElement(attribute, i);
                mlirAttributeIsAAffineMap(element)
                    .then(|| affine_map(mlirAffineMapAttrGetValue(element)))
                    .flatten()
            })
            .collect()
    }
}

/// Integer lists of an array-of-arrays attribute (e.g. `reassociation = [[0, 1], [2]]`).
pub fn nested_int_arrays(attribute: MlirAttribute) -> Option<Vec<Vec<i64>>> {
    unsafe {
        if !mlirAttributeIsAArray(attribute) {
            return None;
        }
        (0..mlirArrayAttrGetNumElements(attribute))
            .map(|i| {
                let inner = mlirArrayAttrGetElement(attribute, i);
                if !mlirAttributeIsAArray(inner) {
                    return None;
                }
                (0..mlirArrayAttrGetNumElements(inner))
                    .map(|j| {
                        let item = mlirArrayAttrGetElement(inner, j);
                        mlirAttributeIsAInteger(item).then(|| mlirIntegerAttrGetValueInt(item))
                    })
                    .collect()
            })
            .collect()
    }
}

/// A stable key for an SSA value (its implementation pointer).
pub fn value_key(value: MlirValue) -> usize {
    value.ptr as usize
}

/// Whether `value` has at least one use.
pub fn has_uses(value: MlirValue) -> bool {
    unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(value)) }
}

/// The symbol a `@name` attribute refers to; `None` for other attributes.
pub fn flat_symbol(attribute: MlirAttribute) -> Option<String> {
    unsafe {
        if attribute.ptr.is_null() || !mlirAttributeIsAFlatSymbolRef(attribute) {
            return None;
        }
        let name = mlirFlatSymbolRefAttrGetValue(attribute);
        let bytes = std::slice::from_raw_parts(name.data as *const u8, name.length);
        Some(String::from_utf8_lossy(bytes).into_owned())
    }
}

/// The op defining `value`, when it is an op result.
pub fn defining_op(value: MlirValue) -> Option<MlirOperation> {
    unsafe { mlirValueIsAOpResult(value).then(|| mlirOpResultGetOwner(value)) }
}

/// The value of an integer or index constant (`arith.constant 3 : index`).
pub fn constant_int(value: MlirValue) -> Option<i64> {
    let op = defining_op(value)?;
    unsafe {
        let name = mlirIdentifierStr(mlirOperationGetName(op));
        let name = std::slice::from_raw_parts(name.data as *const u8, name.length);
        if name != b"arith.constant" {
            return None;
        }
        let attribute =
            mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(c"value".as_ptr()));
        (!attribute.ptr.is_null() && mlirAttributeIsAInteger(attribute))
            .then(|| mlirIntegerAttrGetValueInt(attribute))
    }
}

/// The textual form of an attribute, as MLIR prints it (e.g. `#stablehlo.dot<...>` for an attribute of
/// an unregistered dialect, which MLIR keeps as an opaque attribute).
pub fn attribute_text(attribute: MlirAttribute) -> String {
    melior_print(|callback, data| unsafe { mlirAttributePrint(attribute, callback, data) })
}

/// The value of an integer attribute (`3 : i64`); `None` for other attributes.
pub fn integer(attribute: MlirAttribute) -> Option<i64> {
    unsafe { mlirAttributeIsAInteger(attribute).then(|| mlirIntegerAttrGetValueInt(attribute)) }
}

/// The integers of an integer list attribute, flattened in row-major order: a dense i64 array
/// (`array<i64: 0, 2>`), dense integer elements of any shape with up to 64-bit elements, splats
/// included (`dense<1> : tensor<2x2xi64>`, `dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>`), or an array
/// of integer attributes (`[0, 1]`). `None` for anything else.
pub fn i64_list(attribute: MlirAttribute) -> Option<Vec<i64>> {
    unsafe {
        if mlirAttributeIsADenseI64Array(attribute) {
            let count = mlirDenseArrayGetNumElements(attribute);
            return Some(
                (0..count)
                    .map(|i| mlirDenseI64ArrayGetElement(attribute, i))
                    .collect(),
            );
        }
        if mlirAttributeIsAArray(attribute) {
            return (0..mlirArrayAttrGetNumElements(attribute))
                .map(|i| integer(mlirArrayAttrGetElement(attribute, i)))
                .collect();
        }
        if !mlirAttributeIsADenseIntElements(attribute) {
            return None;
        }
        let count = mlirElementsAttrGetNumElements(attribute);
        if mlirDenseElementsAttrIsSplat(attribute) {
            let value = integer(mlirDenseElementsAttrGetSplatValue(attribute))?;
            return Some(vec![value; count.max(0) as usize]);
        }
        // The typed getters assert on the element width: dispatch on it.
        let element = mlirShapedTypeGetElementType(mlirAttributeGetType(attribute));
        if !mlirTypeIsAInteger(element) {
            return None;
        }
        let signed = !mlirIntegerTypeIsUnsigned(element);
        let read = |i: isize| -> Option<i64> {
            Some(match (mlirIntegerTypeGetWidth(element), signed) {
                (64, true) => mlirDenseElementsAttrGetInt64Value(attribute, i),
                (64, false) => mlirDenseElementsAttrGetUInt64Value(attribute, i) as i64,
                (32, true) => mlirDenseElementsAttrGetInt32Value(attribute, i) as i64,
                (32, false) => mlirDenseElementsAttrGetUInt32Value(attribute, i) as i64,
                (16, true) => mlirDenseElementsAttrGetInt16Value(attribute, i) as i64,
                (16, false) => mlirDenseElementsAttrGetUInt16Value(attribute, i) as i64,
                (8, true) => mlirDenseElementsAttrGetInt8Value(attribute, i) as i64,
                (8, false) => mlirDenseElementsAttrGetUInt8Value(attribute, i) as i64,
                (1, _) => mlirDenseElementsAttrGetBoolValue(attribute, i) as i64,
                _ => return None,
            })
        };
        (0..count as isize).map(read).collect()
    }
}

/// The flags of a dense bool array (`array<i1: false, true>`); `None` for other attributes.
pub fn bool_list(attribute: MlirAttribute) -> Option<Vec<bool>> {
    unsafe {
        mlirAttributeIsADenseBoolArray(attribute).then(|| {
            (0..mlirDenseArrayGetNumElements(attribute))
                .map(|i| mlirDenseBoolArrayGetElement(attribute, i))
                .collect()
        })
    }
}

/// The ops of `block` in order (none for a null block).
///
/// # Safety
/// `block` is null or a live block.
pub unsafe fn block_ops(block: MlirBlock) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    if block.ptr.is_null() {
        return ops;
    }
    let mut next = unsafe { mlirBlockGetFirstOperation(block) };
    while !next.ptr.is_null() {
        ops.push(next);
        next = unsafe { mlirOperationGetNextInBlock(next) };
    }
    ops
}

/// The last op of `block` (null when empty): its terminator in a verified block.
///
/// # Safety
/// `block` is a live block.
pub unsafe fn last_op(block: MlirBlock) -> MlirOperation {
    let mut op = unsafe { mlirBlockGetFirstOperation(block) };
    loop {
        let next = unsafe { mlirOperationGetNextInBlock(op) };
        if op.ptr.is_null() || next.ptr.is_null() {
            return op;
        }
        op = next;
    }
}

/// The ops of a melior `block` in order, borrowing like the block does (the safe counterpart of
/// [`block_ops`] for code that works with melior references).
pub fn block_operations<'c, 'a>(
    block: melior::ir::BlockRef<'c, 'a>,
) -> Vec<melior::ir::OperationRef<'c, 'a>> {
    use melior::ir::{block::BlockLike, operation::OperationLike};
    let mut ops = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        ops.push(op);
    }
    ops
}

/// The ops of the first block of `parent`'s first region (a module's top level).
pub fn top_level_ops(parent: MlirOperation) -> Vec<MlirOperation> {
    unsafe { block_ops(mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0))) }
}

/// Marks the function `function` with the unit attribute `llvm.emit_c_interface`, so that
/// `convert-func-to-llvm` gives it a `_mlir_ciface_<name>` entry taking memref descriptors by
/// pointer (what the ExecutionEngine's packed calls and the GPU runtime call).
pub fn mark_c_interface(function: MlirOperation) {
    unsafe {
        let unit = mlirUnitAttrGet(mlirOperationGetContext(function));
        mlirOperationSetDiscardableAttributeByName(
            function,
            melior::StringRef::new("llvm.emit_c_interface").to_raw(),
            unit,
        );
    }
}

/// The name of an op (`func.func`).
pub fn op_name(op: MlirOperation) -> String {
    string(unsafe { mlirIdentifierStr(mlirOperationGetName(op)) })
}

/// The `sym_name` of an op, "" without one.
pub fn symbol_name(op: MlirOperation) -> String {
    unsafe {
        let attribute =
            mlirOperationGetAttributeByName(op, melior::StringRef::new("sym_name").to_raw());
        if attribute.ptr.is_null() || !mlirAttributeIsAString(attribute) {
            return String::new();
        }
        string(mlirStringAttrGetValue(attribute))
    }
}

fn string(text: MlirStringRef) -> String {
    if text.data.is_null() {
        return String::new();
    }
    unsafe {
        String::from_utf8_lossy(std::slice::from_raw_parts(
            text.data as *const u8,
            text.length,
        ))
        .into_owned()
    }
}

/// A new op `name` at `location` (not inserted anywhere). The caller builds valid ops: a null result
/// is a flexc bug, reported by a panic naming the op.
pub fn create_op(
    context: MlirContext,
    name: &str,
    location: MlirLocation,
    operands: &[MlirValue],
    results: &[MlirType],
    attributes: &[(&str, MlirAttribute)],
) -> MlirOperation {
    let named: Vec<MlirNamedAttribute> = attributes
        .iter()
        .map(|(name, value)| unsafe {
            mlirNamedAttributeGet(
                mlirIdentifierGet(context, melior::StringRef::new(name).to_raw()),
                *value,
            )
        })
        .collect();
    let op = unsafe {
        let mut state = mlirOperationStateGet(melior::StringRef::new(name).to_raw(), location);
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
        mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
        mlirOperationCreate(&mut state)
    };
    assert!(!op.ptr.is_null(), "flexc could not build a {name} op");
    op
}

/// Replaces `op` by the body of a function written as text: parses `text` (a module of one function
/// whose arguments take `op`'s operands and whose returned values replace `op`'s results) in `op`'s
/// context, lets `prepare` edit the parsed function first (a lowering that moves `op`'s own region
/// into it), then moves the body before `op`, every moved op located at `op`, and destroys `op`.
/// `what` names the lowered op in the errors (a text that does not parse or fit is a flexc bug).
pub fn splice_function(
    op: MlirOperation,
    text: &str,
    what: &str,
    prepare: impl FnOnce(MlirOperation) -> Result<(), String>,
) -> Result<(), String> {
    unsafe {
        let context = mlirOperationGetContext(op);
        let module = mlirModuleCreateParse(context, melior::StringRef::new(text).to_raw());
        if module.ptr.is_null() {
            return Err(format!(
                "flexc bug: the lowering of this {what} does not parse:\n{text}"
            ));
        }
        let result = (|| {
            let function = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
            let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
            let count = mlirBlockGetNumArguments(block);
            if count != mlirOperationGetNumOperands(op) {
                return Err(format!(
                    "flexc bug: the lowering of this {what} has the wrong arity"
                ));
            }
            prepare(function)?;
            for i in 0..count {
                mlirValueReplaceAllUsesOfWith(
                    mlirBlockGetArgument(block, i),
                    mlirOperationGetOperand(op, i),
                );
            }
            let terminator = mlirBlockGetTerminator(block);
            let returned: Vec<MlirValue> = (0..mlirOperationGetNumOperands(terminator))
                .map(|i| mlirOperationGetOperand(terminator, i))
                .collect();
            if returned.len() as isize != mlirOperationGetNumResults(op) {
                return Err(format!(
                    "flexc bug: the lowering of this {what} returns the wrong number of values"
                ));
            }
            let location = mlirOperationGetLocation(op);
            let mut next = mlirBlockGetFirstOperation(block);
            while !next.ptr.is_null() && next.ptr != terminator.ptr {
                let following = mlirOperationGetNextInBlock(next);
                mlirOperationMoveBefore(next, op);
                relocate(next, location);
                next = following;
            }
            for (i, value) in returned.into_iter().enumerate() {
                mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, i as isize), value);
            }
            mlirOperationDestroy(op);
            Ok(())
        })();
        mlirModuleDestroy(module);
        result
    }
}

/// Gives `op` and every op nested in it `location`.
pub fn relocate(op: MlirOperation, location: MlirLocation) {
    use melior::ir::operation::{OperationLike, OperationRef, WalkOrder, WalkResult};
    let op = unsafe { OperationRef::from_raw(op) };
    op.walk(WalkOrder::PreOrder, |nested| {
        unsafe { mlirOperationSetLocation(nested.to_raw(), location) };
        WalkResult::Advance
    });
}

/// Inlines every `func.call` of a private function with a body into the functions of `module`,
/// repeatedly (a callee's own calls are inlined in turn, up to `max_depth` levels, so that recursion
/// stops), and erases the private functions no call refers to any more. Each inlined op keeps its own
/// location, so an op inlined from a function called twice is told apart by its call's position in the
/// caller, not by its location. Returns the number of calls inlined.
///
/// flexc's own inliner because MLIR 22's `inline` pass crashes on functions holding ops of an
/// unregistered dialect with regions (generic StableHLO: `stablehlo.reduce`), in its symbol-use walk.
pub fn inline_calls(module: MlirOperation, max_depth: usize) -> Result<usize, String> {
    let mut inlined = 0;
    for _ in 0..max_depth {
        let functions: std::collections::HashMap<String, MlirOperation> = top_level_ops(module)
            .into_iter()
            .filter(|&op| op_name(op) == "func.func")
            .map(|op| (symbol_name(op), op))
            .collect();
        let mut calls = Vec::new();
        for &function in functions.values() {
            walk_ops(function, &mut |op| {
                if op_name(op) == "func.call" {
                    calls.push(op);
                }
            });
        }
        let mut progress = false;
        for call in calls {
            let callee = unsafe {
                flat_symbol(mlirOperationGetAttributeByName(
                    call,
                    melior::StringRef::new("callee").to_raw(),
                ))
            };
            let Some(&function) = callee.as_ref().and_then(|c| functions.get(c)) else {
                continue;
            };
            let private = unsafe {
                let visibility = mlirOperationGetAttributeByName(
                    function,
                    melior::StringRef::new("sym_visibility").to_raw(),
                );
                !visibility.ptr.is_null()
                    && mlirAttributeIsAString(visibility)
                    && string(mlirStringAttrGetValue(visibility)) == "private"
            };
            let body = unsafe { mlirOperationGetRegion(function, 0) };
            let block = unsafe { mlirRegionGetFirstBlock(body) };
            if !private
                || block.ptr.is_null()
                || unsafe { !mlirBlockGetNextInRegion(block).ptr.is_null() }
            {
                continue;
            }
            inline_call(call, function)?;
            inlined += 1;
            progress = true;
        }
        if !progress {
            break;
        }
    }
    // Private functions without a call left.
    let mut called = std::collections::HashSet::new();
    for op in top_level_ops(module) {
        walk_ops(op, &mut |inner| {
            if op_name(inner) == "func.call" {
                if let Some(name) = unsafe {
                    flat_symbol(mlirOperationGetAttributeByName(
                        inner,
                        melior::StringRef::new("callee").to_raw(),
                    ))
                } {
                    called.insert(name);
                }
            }
        });
    }
    for op in top_level_ops(module) {
        let private = unsafe {
            let visibility = mlirOperationGetAttributeByName(
                op,
                melior::StringRef::new("sym_visibility").to_raw(),
            );
            !visibility.ptr.is_null()
                && mlirAttributeIsAString(visibility)
                && string(mlirStringAttrGetValue(visibility)) == "private"
        };
        if op_name(op) == "func.func" && private && !called.contains(&symbol_name(op)) {
            unsafe { mlirOperationDestroy(op) };
        }
    }
    Ok(inlined)
}

/// Every op nested in `op` (not `op` itself), pre-order.
fn walk_ops(op: MlirOperation, f: &mut impl FnMut(MlirOperation)) {
    unsafe {
        for r in 0..mlirOperationGetNumRegions(op) {
            let mut block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
            while !block.ptr.is_null() {
                for inner in block_ops(block) {
                    f(inner);
                    walk_ops(inner, f);
                }
                block = mlirBlockGetNextInRegion(block);
            }
        }
    }
}

/// Replaces `call` by a copy of `function`'s single-block body: the arguments become the call's
/// operands, the returned values its results.
fn inline_call(call: MlirOperation, function: MlirOperation) -> Result<(), String> {
    unsafe {
        let copy = mlirOperationClone(function);
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(copy, 0));
        let count = mlirBlockGetNumArguments(block);
        if count != mlirOperationGetNumOperands(call) {
            mlirOperationDestroy(copy);
            return Err(format!(
                "a call of @{} passes {} operands to {count} arguments",
                symbol_name(function),
                mlirOperationGetNumOperands(call)
            ));
        }
        for i in 0..count {
            mlirValueReplaceAllUsesOfWith(
                mlirBlockGetArgument(block, i),
                mlirOperationGetOperand(call, i),
            );
        }
        let terminator = mlirBlockGetTerminator(block);
        let returned: Vec<MlirValue> = (0..mlirOperationGetNumOperands(terminator))
            .map(|i| mlirOperationGetOperand(terminator, i))
            .collect();
        if returned.len() as isize != mlirOperationGetNumResults(call) {
            mlirOperationDestroy(copy);
            return Err(format!(
                "@{} returns {} values to a call of {} results",
                symbol_name(function),
                returned.len(),
                mlirOperationGetNumResults(call)
            ));
        }
        let mut next = mlirBlockGetFirstOperation(block);
        while !next.ptr.is_null() && next.ptr != terminator.ptr {
            let following = mlirOperationGetNextInBlock(next);
            mlirOperationMoveBefore(next, call);
            next = following;
        }
        for (i, value) in returned.into_iter().enumerate() {
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(call, i as isize), value);
        }
        mlirOperationDestroy(call);
        mlirOperationDestroy(copy);
        Ok(())
    }
}

/// Whether a linalg op's body reads its loop indices (`linalg.index`): a body that cannot move into
/// another loop nest (a block reduction's one loop, an unfused producer's).
pub fn reads_loop_indices(op: MlirOperation) -> bool {
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
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

/// Every op nested in `root` (itself included), pre-order: collected first, for rewrites that
/// destroy or move ops a walk would still visit.
pub fn all_ops(root: MlirOperation) -> Vec<MlirOperation> {
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut ops = Vec::new();
    unsafe { melior::ir::OperationRef::from_raw(root) }.walk(WalkOrder::PreOrder, |op| {
        ops.push(op.to_raw());
        WalkResult::Advance
    });
    ops
}

/// Parses `text` as an attribute (flexc's own text: a failure is a bug, reported by a panic).
pub fn parse_attribute(context: MlirContext, text: &str) -> MlirAttribute {
    let attribute =
        unsafe { mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw()) };
    assert!(
        !attribute.ptr.is_null(),
        "flexc built an invalid attribute: {text}"
    );
    attribute
}

/// Whether `op` is inside a linalg op's body or a `gpu.launch` (code that runs in a kernel).
pub fn inside_kernel_or_linalg(op: MlirOperation) -> bool {
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
