//! Library calls: which contractions and convolutions have plain enough layouts for the runtime's
//! vendor-library entry points (GEMMs, cuDNN convolutions), and the helper functions that call them.

use super::*;

/// Strides and offset of a statically shaped f32 memref with static strides (`None` otherwise);
/// the offset may be dynamic (`i64::MIN`, MLIR's marker).
pub(super) fn f32_layout(ty: MlirType) -> Option<(Vec<i64>, Vec<i64>, i64)> {
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
pub(super) fn row_major(sizes: &[i64]) -> Vec<i64> {
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
pub(super) fn plain_f32(ty: MlirType, exact: bool) -> bool {
    let Some((sizes, strides, _)) = f32_layout(ty) else {
        return false;
    };
    let expected = row_major(&sizes);
    (0..sizes.len()).all(|d| strides[d] == expected[d] || (!exact && sizes[d] == 1))
}

/// Whether `ty` is a statically shaped f32 memref with static positive strides (any order, any
/// offset): what cuDNN's strided tensor descriptors take (a window of a padded buffer).
pub(super) fn strided_f32(ty: MlirType) -> bool {
    f32_layout(ty).is_some_and(|(_, strides, _)| strides.iter().all(|&s| s > 0))
}

/// The type `memref.collapse_shape` gives a row-major (exactly, [`plain_f32`]) f32 memref `ty`
/// collapsed by `groups`: the identity layout when `ty` has it, else row-major strides at the same
/// offset.
pub(super) fn collapsed_type(ty: MlirType, groups: &[Vec<usize>]) -> Option<String> {
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
    Some(strided_f32_type(&shape, &strides, offset))
}

/// The helper that calls the library for `op` (name, text, runtime entry), the entry chosen by the
/// op's family's GPU lowering (`family`: `gpu-tag-families`' tag; `None` for an op fusion made):
/// - a contraction (a GEMM lowering) → a (batched) GEMM of row-major operands ([`gemm_helper_for`]);
/// - a convolution → cuDNN: the NCHW entry when its operands are held N, C, H, W and F, C, R, S
///   ([`conv_helper`]), else the NHWC one on views ([`conv_nhwc_helper`]); one whose maps make no
///   convolution of [`ConvRoles`] (a 1x1 window fusion expanded) may still be a GEMM;
/// - an op fusion made: a convolution, else a GEMM, as its maps say.
///
/// Only multiply-accumulate bodies (`out + a * b`, named or generic ops alike); else, or with other
/// layouts and element types, the op stays and becomes a generated kernel.
pub(super) fn library_helper(
    op: MlirOperation,
    family: Option<KernelFamily>,
) -> Option<(String, String, &'static str)> {
    let operands: Vec<MlirValue> = unsafe {
        (0..mlirOperationGetNumOperands(op))
            .map(|i| mlirOperationGetOperand(op, i))
            .collect()
    };
    if operands.len() != 3 || !multiply_accumulate(op) {
        return None;
    }
    let types: Vec<MlirType> = operands
        .iter()
        .map(|&v| unsafe { mlirValueGetType(v) })
        .collect();
    let maps: Vec<Vec<AffineDim>> = crate::ir::linalg_indexing_maps(op)?
        .into_iter()
        .map(|(_, map)| map)
        .collect();
    if maps.len() != 3 {
        return None;
    }
    if family != Some(KernelFamily::Contraction) {
        // The product commutes: the window may be read by either input.
        for (input, filter) in [(0, 1), (1, 0)] {
            if let Some(conv) = ConvRoles::of(&maps[input], &maps[filter], &maps[2]) {
                if input == 0 && conv.nchw() {
                    return conv_helper(&conv, &types);
                }
                return conv_nhwc_helper(&conv, [types[input], types[filter], types[2]]);
            }
        }
    }
    gemm_helper_for(&operand_dims(&maps)?, &types)
}

/// A convolution of [`ConvRoles`] held N, C, H, W (input, output) and F, C, R, S (filter) →
/// `flexc_gpu_conv2d_nchw_fchw_f32`: a contiguous filter, input and output with any positive
/// strides (cuDNN's strided descriptors: a window of a padded buffer, a device's slice).
pub(super) fn conv_helper(
    conv: &ConvRoles,
    types: &[MlirType],
) -> Option<(String, String, &'static str)> {
    if !(strided_f32(types[0]) && plain_f32(types[1], false) && strided_f32(types[2])) {
        return None;
    }
    let entry = Library::Conv2dNchwFchw;
    let integers = [
        conv.stride[0],
        conv.stride[1],
        conv.dilation[0],
        conv.dilation[1],
        0,
        0,
    ];
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
pub(super) struct ConvRoles {
    pub(super) input: [usize; 4],
    pub(super) filter: [usize; 4],
    pub(super) output: [usize; 4],
    pub(super) stride: [i64; 2],
    pub(super) dilation: [i64; 2],
}

impl ConvRoles {
    /// Whether the input and output are held N, C, H, W and the filter F, C, R, S (the layout of
    /// cuDNN's NCHW entry).
    pub(super) fn nchw(&self) -> bool {
        let nchw = [0, 2, 3, 1];
        self.input == nchw && self.filter == nchw && self.output == nchw
    }

    /// The roles of the loops of maps `input`, `filter`, `output` (one result per operand dim),
    /// when they are such a convolution.
    pub(super) fn of(
        input: &[AffineDim],
        filter: &[AffineDim],
        output: &[AffineDim],
    ) -> Option<ConvRoles> {
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
pub(super) fn conv_nhwc_helper(
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
        "  %t = gpu.alloc () : {krsc}\n  linalg.transpose ins(%m1 : {}) outs(%t : {krsc}) permutation = [{}] {{{FAMILY_ATTR} = \"data-movement\"}}\n  %u1 = memref.cast %t : {krsc} to memref<*xf32>\n",
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
pub(super) fn transposed_type(ty: MlirType, positions: &[usize; 4]) -> Option<String> {
    let (sizes, _, _) = f32_layout(ty)?;
    strided_type(ty, positions, positions.map(|p| sizes[p]))
}

/// The strided type of a view of `ty` (static strides) with its dims in `positions` order, sized
/// `sizes`, at `ty`'s offset (a transpose, or a subview of it at offset 0).
pub(super) fn strided_type(
    ty: MlirType,
    positions: &[usize; 4],
    sizes: [i64; 4],
) -> Option<String> {
    let (_, strides, offset) = f32_layout(ty)?;
    let sizes: Vec<String> = sizes.iter().map(i64::to_string).collect();
    let strides: Vec<String> = positions.iter().map(|&p| strides[p].to_string()).collect();
    Some(strided_f32_type(&sizes, &strides, offset))
}

/// A contraction (a multiply-accumulate: `linalg.matmul`, `linalg.batch_matmul`, with any
/// indexing maps, or a `linalg.generic` computing `out + a * b`, e.g. a matmul that elementwise
/// fusion expanded to more dims) of operands of `types` whose dims (by loop index) are `dims`, f32
/// and row-major, grouping into a (batched) GEMM ([`gemm_shape`]) → each operand collapsed to 2-d
/// (3-d when batched) → `flexc_gpu_gemm_f32`/`flexc_gpu_batch_gemm_f32` with the transposes the
/// groups' order gives.
pub(super) fn gemm_helper_for(
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

/// `memref<SIZESxf32, strided<[STRIDES], offset: OFFSET>>`, a dynamic offset (`i64::MIN`) as `?`.
fn strided_f32_type(sizes: &[String], strides: &[String], offset: i64) -> String {
    let offset = if offset == i64::MIN {
        "?".to_string()
    } else {
        offset.to_string()
    };
    format!(
        "memref<{}xf32, strided<[{}], offset: {offset}>>",
        sizes.join("x"),
        strides.join(", ")
    )
}
