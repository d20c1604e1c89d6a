//! Ops built through the C API's builders (affine maps, typed attributes; the named ops' bodies from
//! MLIR's own region builder): a zero-filled `linalg.generic` contraction, `linalg.transpose`,
//! `linalg.add`, `tensor.concat`, a unit-stride static `tensor.extract_slice` and reshapes. Each is
//! inserted before `before`. Shared by `par-substitute`'s write-back (which orders the block
//! afterwards) and `gpu-gemm-operands` (its transposes), so that neither pass imports the other.

use crate::ir;
use mlir_sys::*;

fn context(before: MlirOperation) -> MlirContext {
    unsafe { mlirOperationGetContext(before) }
}

fn tensor_type(shape: &[u64], element: MlirType) -> MlirType {
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    unsafe {
        mlirRankedTensorTypeGet(
            dims.len() as isize,
            dims.as_ptr(),
            element,
            mlirAttributeGetNull(),
        )
    }
}

fn element_of(value: MlirValue) -> MlirType {
    unsafe { mlirShapedTypeGetElementType(mlirValueGetType(value)) }
}

fn insert(before: MlirOperation, op: MlirOperation) -> MlirValue {
    unsafe {
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
        mlirOperationGetResult(op, 0)
    }
}

fn i64_array(cx: MlirContext, values: &[i64]) -> MlirAttribute {
    unsafe { mlirDenseI64ArrayGet(cx, values.len() as isize, values.as_ptr()) }
}

fn i32_array(cx: MlirContext, values: &[i32]) -> MlirAttribute {
    unsafe { mlirDenseI32ArrayGet(cx, values.len() as isize, values.as_ptr()) }
}

/// A named linalg op (`linalg.fill`, `linalg.transpose`) with its body from MLIR's region builder.
fn named_linalg(
    before: MlirOperation,
    name: &str,
    location: MlirLocation,
    operands: &[MlirValue],
    result: MlirType,
    attributes: &[(&str, MlirAttribute)],
) -> MlirValue {
    let cx = context(before);
    let op = unsafe {
        let mut state = mlirOperationStateGet(melior::StringRef::new(name).to_raw(), location);
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, 1, &result);
        let named: Vec<MlirNamedAttribute> = attributes
            .iter()
            .map(|(n, a)| {
                mlirNamedAttributeGet(
                    mlirIdentifierGet(cx, melior::StringRef::new(n).to_raw()),
                    *a,
                )
            })
            .collect();
        mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
        let region = mlirRegionCreate();
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let op = mlirOperationCreate(&mut state);
        assert!(!op.ptr.is_null(), "flexc could not build a {name} op");
        mlirLinalgFillBuiltinNamedOpRegion(op);
        op
    };
    insert(before, op)
}

/// `tensor.empty` of `shape` and `element`, with its type.
fn empty(
    before: MlirOperation,
    location: MlirLocation,
    shape: &[u64],
    element: MlirType,
) -> (MlirType, MlirValue) {
    let ty = tensor_type(shape, element);
    let op = ir::create_op(context(before), "tensor.empty", location, &[], &[ty], &[]);
    (ty, insert(before, op))
}

/// `tensor.empty` of `shape`, filled with zeros.
fn zeros(
    before: MlirOperation,
    location: MlirLocation,
    shape: &[u64],
    element: MlirType,
) -> MlirValue {
    let cx = context(before);
    let (ty, empty) = empty(before, location, shape, element);
    let zero = unsafe { mlirFloatAttrDoubleGet(cx, element, 0.0) };
    let zero = insert(
        before,
        ir::create_op(
            cx,
            "arith.constant",
            location,
            &[],
            &[element],
            &[("value", zero)],
        ),
    );
    named_linalg(
        before,
        "linalg.fill",
        location,
        &[zero, empty],
        ty,
        &[("operandSegmentSizes", i32_array(cx, &[1, 1]))],
    )
}

/// The affine map `(d0, ..., d{loops-1}) -> (d[letters...])`.
pub(crate) fn map_of(cx: MlirContext, loops: usize, dims: &[usize]) -> MlirAttribute {
    unsafe {
        let exprs: Vec<MlirAffineExpr> = dims
            .iter()
            .map(|&d| mlirAffineDimExprGet(cx, d as isize))
            .collect();
        mlirAffineMapAttrGet(mlirAffineMapGet(
            cx,
            loops as isize,
            0,
            exprs.len() as isize,
            exprs.as_ptr() as *mut _,
        ))
    }
}

/// `out = Σ a · b` as a `linalg.generic` with one loop per letter (result letters first, in order,
/// then the reduced ones) into a zero-filled init; `letters` names the dims of `a`, `b` and `out`
/// (an einsum signature `a,b->out`).
pub fn contraction(
    before: MlirOperation,
    location: MlirLocation,
    letters: [&[u8]; 3],
    a: MlirValue,
    b: MlirValue,
    shape: &[u64],
) -> MlirValue {
    let cx = context(before);
    let element = element_of(a);
    let init = zeros(before, location, shape, element);
    let [sig_a, sig_b, sig_out] = letters;
    let mut letters: Vec<u8> = sig_out.to_vec();
    for &l in sig_a.iter().chain(sig_b) {
        if !letters.contains(&l) {
            letters.push(l);
        }
    }
    let dims = |ls: &[u8]| -> Vec<usize> {
        ls.iter()
            .map(|l| letters.iter().position(|m| m == l).unwrap_or(0))
            .collect()
    };
    let maps: Vec<MlirAttribute> = [sig_a, sig_b, sig_out]
        .iter()
        .map(|ls| map_of(cx, letters.len(), &dims(ls)))
        .collect();
    let iterator = |parallel: bool| {
        let text = if parallel {
            "#linalg.iterator_type<parallel>"
        } else {
            "#linalg.iterator_type<reduction>"
        };
        unsafe { mlirAttributeParseGet(cx, melior::StringRef::new(text).to_raw()) }
    };
    let iterators: Vec<MlirAttribute> = (0..letters.len())
        .map(|k| iterator(k < sig_out.len()))
        .collect();
    let ty = tensor_type(shape, element);
    unsafe {
        let mut state =
            mlirOperationStateGet(melior::StringRef::new("linalg.generic").to_raw(), location);
        let operands = [a, b, init];
        mlirOperationStateAddOperands(&mut state, 3, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, 1, &ty);
        let attributes = [
            ("indexing_maps", mlirArrayAttrGet(cx, 3, maps.as_ptr())),
            (
                "iterator_types",
                mlirArrayAttrGet(cx, iterators.len() as isize, iterators.as_ptr()),
            ),
            ("operandSegmentSizes", i32_array(cx, &[2, 1])),
        ];
        let named: Vec<MlirNamedAttribute> = attributes
            .iter()
            .map(|(n, a)| {
                mlirNamedAttributeGet(
                    mlirIdentifierGet(cx, melior::StringRef::new(n).to_raw()),
                    *a,
                )
            })
            .collect();
        mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
        let types = [element, element, element];
        let locations = [location, location, location];
        let body = mlirBlockCreate(3, types.as_ptr(), locations.as_ptr());
        let arg = |i| mlirBlockGetArgument(body, i);
        let mul = ir::create_op(
            cx,
            "arith.mulf",
            location,
            &[arg(0), arg(1)],
            &[element],
            &[],
        );
        mlirBlockAppendOwnedOperation(body, mul);
        let add = ir::create_op(
            cx,
            "arith.addf",
            location,
            &[arg(2), mlirOperationGetResult(mul, 0)],
            &[element],
            &[],
        );
        mlirBlockAppendOwnedOperation(body, add);
        let done = ir::create_op(
            cx,
            "linalg.yield",
            location,
            &[mlirOperationGetResult(add, 0)],
            &[],
            &[],
        );
        mlirBlockAppendOwnedOperation(body, done);
        let region = mlirRegionCreate();
        mlirRegionAppendOwnedBlock(region, body);
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let op = mlirOperationCreate(&mut state);
        assert!(
            !op.ptr.is_null(),
            "flexc could not build a linalg.generic op"
        );
        insert(before, op)
    }
}

/// `linalg.transpose` (result dim `i` is `x`'s dim `perm[i]`).
pub fn transpose(
    before: MlirOperation,
    location: MlirLocation,
    perm: &[usize],
    x: MlirValue,
    shape: &[u64],
) -> MlirValue {
    let cx = context(before);
    let (ty, empty) = empty(before, location, shape, element_of(x));
    let perm: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
    named_linalg(
        before,
        "linalg.transpose",
        location,
        &[x, empty],
        ty,
        &[("permutation", i64_array(cx, &perm))],
    )
}

/// `linalg.add ins(a, b)` into an empty tensor of their shape.
pub fn add(
    before: MlirOperation,
    location: MlirLocation,
    a: MlirValue,
    b: MlirValue,
    shape: &[u64],
) -> MlirValue {
    let cx = context(before);
    let (ty, empty) = empty(before, location, shape, element_of(a));
    named_linalg(
        before,
        "linalg.add",
        location,
        &[a, b, empty],
        ty,
        &[("operandSegmentSizes", i32_array(cx, &[2, 1]))],
    )
}

/// `tensor.concat dim(axis) a, b`.
pub fn concat(
    before: MlirOperation,
    location: MlirLocation,
    axis: i64,
    a: MlirValue,
    b: MlirValue,
    shape: &[u64],
) -> MlirValue {
    let cx = context(before);
    let ty = tensor_type(shape, element_of(a));
    let dim = unsafe { mlirIntegerAttrGet(mlirIntegerTypeGet(cx, 64), axis) };
    insert(
        before,
        ir::create_op(
            cx,
            "tensor.concat",
            location,
            &[a, b],
            &[ty],
            &[("dim", dim)],
        ),
    )
}

/// `tensor.extract_slice x[0, .., lo, .., 0] [shape] [1, ..]` (offset `lo` along `axis`).
pub fn slice(
    before: MlirOperation,
    location: MlirLocation,
    axis: usize,
    lo: i64,
    x: MlirValue,
    shape: &[u64],
) -> MlirValue {
    let cx = context(before);
    let ty = tensor_type(shape, element_of(x));
    let offsets: Vec<i64> = (0..shape.len())
        .map(|d| if d == axis { lo } else { 0 })
        .collect();
    let sizes: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let strides = vec![1i64; shape.len()];
    insert(
        before,
        ir::create_op(
            cx,
            "tensor.extract_slice",
            location,
            &[x],
            &[ty],
            &[
                ("static_offsets", i64_array(cx, &offsets)),
                ("static_sizes", i64_array(cx, &sizes)),
                ("static_strides", i64_array(cx, &strides)),
                ("operandSegmentSizes", i32_array(cx, &[1, 0, 0, 0])),
            ],
        ),
    )
}

/// `tensor.collapse_shape` or `tensor.expand_shape` of `x` to `shape` over `groups` (static).
pub fn reshape(
    before: MlirOperation,
    location: MlirLocation,
    name: &str,
    groups: &[Vec<usize>],
    x: MlirValue,
    shape: &[u64],
) -> MlirValue {
    let cx = context(before);
    let ty = tensor_type(shape, element_of(x));
    let i64_type = unsafe { mlirIntegerTypeGet(cx, 64) };
    let inner: Vec<MlirAttribute> = groups
        .iter()
        .map(|g| {
            let items: Vec<MlirAttribute> = g
                .iter()
                .map(|&d| unsafe { mlirIntegerAttrGet(i64_type, d as i64) })
                .collect();
            unsafe { mlirArrayAttrGet(cx, items.len() as isize, items.as_ptr()) }
        })
        .collect();
    let reassociation = unsafe { mlirArrayAttrGet(cx, inner.len() as isize, inner.as_ptr()) };
    let mut attributes = vec![("reassociation", reassociation)];
    let sizes: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    if name == "tensor.expand_shape" {
        attributes.push(("static_output_shape", i64_array(cx, &sizes)));
    }
    insert(
        before,
        ir::create_op(cx, name, location, &[x], &[ty], &attributes),
    )
}
