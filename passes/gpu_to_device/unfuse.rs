//! Library calls on unfused producers: a `linalg.generic` that elementwise fusion made of a
//! contraction (or convolution) and its consumers is split back into the library call and a
//! generated kernel for the rest.

use super::*;

/// The dims (by loop index) of each operand of a linalg op, a constant-0 result (a broadcast of a
/// size-1 dim) as `None`; `None` when a map has other results.
pub(super) fn operand_dims_with_constants(op: MlirOperation) -> Option<Vec<Vec<Option<usize>>>> {
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

/// The first `count` operands of `op` and their types.
fn operands_and_types(op: MlirOperation, count: usize) -> (Vec<MlirValue>, Vec<MlirType>) {
    let operands: Vec<MlirValue> = (0..count)
        .map(|i| unsafe { mlirOperationGetOperand(op, i as isize) })
        .collect();
    let types = operands
        .iter()
        .map(|&v| unsafe { mlirValueGetType(v) })
        .collect();
    (operands, types)
}

/// The operand count of a bufferized op that may hold a fused producer: at least two inputs and the
/// output buffer, no results, and a body that does not read its loop indices.
fn fused_operands(op: MlirOperation) -> Option<usize> {
    let count = unsafe { mlirOperationGetNumOperands(op) } as usize;
    let bufferized = unsafe { mlirOperationGetNumResults(op) } == 0;
    (count >= 3 && bufferized && !reads_loop_indices(op)).then_some(count)
}

/// A contraction whose A operand elementwise fusion computed inside its body (`out + f(x, y, ..) *
/// b`: the softmax division before attention-probabilities × V, bias + GELU before an FFN
/// down-projection, an average pool's division before a classifier) → `f` computed into a fresh row-major buffer T by an elementwise generic (a
/// clone of the op with B, the accumulation and the reduction dims taken out), then T × B as a
/// (batched) GEMM call, T freed after it. Returns the call's entry; `None` leaves the op as it is.
pub(super) fn unfuse_producer(
    op: MlirOperation,
    helpers: &mut Helpers,
) -> Option<(&'static str, MlirOperation)> {
    let count = fused_operands(op)?;
    let dims = operand_dims_with_constants(op)?;
    if dims.len() != count {
        return None;
    }
    let (operands, types) = operands_and_types(op, count);
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
    let call = call_on_unfused(
        op,
        t_type,
        |producer, t| unsafe { make_producer(producer, b, count, &dims, &t_dims, t) },
        || helpers.add(helper, text),
        |t| vec![t, operands[b], operands[count - 1]],
    )?;
    Some((entry, call))
}

/// A library call on a fused producer's values: a fresh buffer T of `t_type` before `op`, a clone of
/// `op` that `make` turns into the elementwise producer writing T, then a call of the helper
/// `callee()` names on `arguments(T)`, T freed after it; `op` goes. Returns the call. Where `make`
/// fails, nothing changes (`None`): the op stays a generated kernel.
pub(super) fn call_on_unfused(
    op: MlirOperation,
    t_type: MlirType,
    make: impl FnOnce(MlirOperation, MlirValue) -> Option<()>,
    callee: impl FnOnce() -> String,
    arguments: impl FnOnce(MlirValue) -> Vec<MlirValue>,
) -> Option<MlirOperation> {
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
        Some(call)
    }
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
pub(super) fn unfuse_conv_producer(
    op: MlirOperation,
    helpers: &mut Helpers,
) -> Option<(&'static str, MlirOperation)> {
    let count = fused_operands(op)?;
    let maps: Vec<Vec<AffineDim>> = crate::ir::linalg_indexing_maps(op)?
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
    let (operands, types) = operands_and_types(op, count);
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
    let call = call_on_unfused(
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
    Some((entry, call))
}

/// For a generic whose body ends `%m = mulf %x, %b; %s = addf %out, %m; yield %s` (either operand
/// order), with B's block argument and the accumulator used nowhere else: B's operand index and
/// `%x`.
pub(super) fn accumulated_product(op: MlirOperation, count: usize) -> Option<(usize, MlirValue)> {
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

/// Loop index → its size, from the static shapes of the operands that index by it.
pub(super) fn loop_sizes(
    dims: &[Vec<Option<usize>>],
    types: &[MlirType],
) -> Option<BTreeMap<usize, i64>> {
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
pub(super) unsafe fn make_producer(
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
pub(super) fn helper_text(
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
pub(super) fn mangle(types: &[String]) -> String {
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
