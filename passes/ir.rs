//! Thin, safe readers over the MLIR C API for what the analyses need and melior does not wrap:
//! shaped types, affine expressions of indexing maps, and array attributes.
//! All functions take raw handles that come from a live module (the caller's borrow keeps it alive).

use mlir_sys::*;

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

    pub fn elements(&self) -> u64 {
        self.dims.iter().map(|d| d.unwrap_or(0)).product()
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

/// One result of an indexing map: `sum(coefficient * d_k) + offset`; `None` if not of that form
/// (mod, floordiv, symbols).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineSum {
    pub terms: Vec<(usize, i64)>,
    pub offset: i64,
}

impl AffineSum {
    /// The loop dim when the expression is exactly `d_k`.
    pub fn single_dim(&self) -> Option<usize> {
        match self.terms.as_slice() {
            [(dim, 1)] if self.offset == 0 => Some(*dim),
            _ => None,
        }
    }
}

pub fn affine_sum(expr: MlirAffineExpr) -> Option<AffineSum> {
    unsafe {
        if mlirAffineExprIsADim(expr) {
            return Some(AffineSum {
                terms: vec![(mlirAffineDimExprGetPosition(expr) as usize, 1)],
                offset: 0,
            });
        }
        if mlirAffineExprIsAConstant(expr) {
            return Some(AffineSum {
                terms: vec![],
                offset: mlirAffineConstantExprGetValue(expr),
            });
        }
        let lhs = || affine_sum(mlirAffineBinaryOpExprGetLHS(expr));
        let rhs = || affine_sum(mlirAffineBinaryOpExprGetRHS(expr));
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
            return Some(AffineSum {
                terms: sum.terms.iter().map(|&(d, c)| (d, c * factor)).collect(),
                offset: sum.offset * factor,
            });
        }
    }
    None
}

/// The results of an affine map as sums, plus its number of dims.
pub fn affine_map(map: MlirAffineMap) -> Option<(usize, Vec<AffineSum>)> {
    unsafe {
        let dims = mlirAffineMapGetNumDims(map) as usize;
        let results = (0..mlirAffineMapGetNumResults(map))
            .map(|i| affine_sum(mlirAffineMapGetResult(map, i)))
            .collect::<Option<Vec<_>>>()?;
        Some((dims, results))
    }
}

/// The indexing maps of a linalg structured op (named ops included); `None` for other ops.
pub fn linalg_indexing_maps(op: MlirOperation) -> Option<Vec<(usize, Vec<AffineSum>)>> {
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
