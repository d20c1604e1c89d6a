//! Host-side plans of the library calls: how a row-major contraction or convolution on memref
//! views maps onto cuBLAS (column-major) and cuDNN (NCHW or NHWC) arguments. Pure functions, tested
//! on host.

use crate::memref::View;

/// A cuBLAS (strided batched) SGEMM computing row-major `C = alpha * op(A) * op(B) + beta * C`.
///
/// cuBLAS is column-major; a row-major matrix is its transpose in column-major order, so the
/// runtime computes `Cᵀ = op(B)ᵀ op(A)ᵀ`: cuBLAS's first operand is B, its second A, `m` and `n`
/// swap, and each leading dimension is the row stride of the row-major matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gemm {
    /// Transpose B (cuBLAS's first operand) / A (its second).
    pub transpose_first: bool,
    pub transpose_second: bool,
    /// cuBLAS's m, n, k: C's columns, C's rows, the reduced extent.
    pub m: i32,
    pub n: i32,
    pub k: i32,
    /// Leading dimensions of B, A, C (their row strides, in elements).
    pub ld_first: i32,
    pub ld_second: i32,
    pub ldc: i32,
    /// Element strides between batch entries of B, A, C (0 without a batch).
    pub stride_first: i64,
    pub stride_second: i64,
    pub stride_c: i64,
    pub batch: i32,
    /// Element offsets of B, A, C from their aligned pointers.
    pub offset_first: i64,
    pub offset_second: i64,
    pub offset_c: i64,
}

fn int(value: i64, what: &str) -> Result<i32, String> {
    i32::try_from(value).map_err(|_| format!("{what} {value} exceeds cuBLAS's 32-bit sizes"))
}

/// The plan of a 2-d (`batched = false`) or 3-d (`true`) contraction; errors name what does not fit.
pub fn gemm(
    a: &View,
    b: &View,
    c: &View,
    transpose_a: bool,
    transpose_b: bool,
    batched: bool,
) -> Result<Gemm, String> {
    let rank = if batched { 3 } else { 2 };
    for (name, v) in [("A", a), ("B", b), ("C", c)] {
        if v.sizes.len() != rank {
            return Err(format!(
                "{name} has rank {}, expected {rank}",
                v.sizes.len()
            ));
        }
        if v.strides[rank - 1] != 1 && v.sizes[rank - 1] > 1 {
            return Err(format!(
                "{name}'s inner stride is {}, expected 1",
                v.strides[rank - 1]
            ));
        }
        if v.strides[rank - 2] < v.sizes[rank - 1].max(1) && v.sizes[rank - 2] > 1 {
            return Err(format!(
                "{name}'s rows overlap (row stride {})",
                v.strides[rank - 2]
            ));
        }
    }
    let dims = |v: &View| (v.sizes[rank - 2], v.sizes[rank - 1]);
    let (a_rows, a_cols) = dims(a);
    let (b_rows, b_cols) = dims(b);
    let (rows, cols) = dims(c);
    let (m_a, k_a) = if transpose_a {
        (a_cols, a_rows)
    } else {
        (a_rows, a_cols)
    };
    let (k_b, n_b) = if transpose_b {
        (b_cols, b_rows)
    } else {
        (b_rows, b_cols)
    };
    if m_a != rows || n_b != cols || k_a != k_b {
        return Err(format!(
            "shapes do not contract: op(A) is {m_a}x{k_a}, op(B) {k_b}x{n_b}, C {rows}x{cols}"
        ));
    }
    let batch = if batched {
        let batch = c.sizes[0];
        if a.sizes[0] != batch || b.sizes[0] != batch {
            return Err(format!(
                "batch sizes differ: A {}, B {}, C {batch}",
                a.sizes[0], b.sizes[0]
            ));
        }
        batch
    } else {
        1
    };
    let ld = |v: &View| v.strides[rank - 2].max(v.sizes[rank - 1]).max(1);
    let stride = |v: &View| if batched { v.strides[0] } else { 0 };
    Ok(Gemm {
        transpose_first: transpose_b,
        transpose_second: transpose_a,
        m: int(cols, "n")?,
        n: int(rows, "m")?,
        k: int(k_a, "k")?,
        ld_first: int(ld(b), "ldb")?,
        ld_second: int(ld(a), "lda")?,
        ldc: int(ld(c), "ldc")?,
        stride_first: stride(b),
        stride_second: stride(a),
        stride_c: stride(c),
        batch: int(batch, "batch")?,
        offset_first: b.offset,
        offset_second: a.offset,
        offset_c: c.offset,
    })
}

/// The memory layout of a convolution's operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvLayout {
    /// NCHW input and output, FCHW filter (`linalg.conv_2d_nchw_fchw`).
    Nchw,
    /// NHWC input and output, FHWC filter (cuDNN's `CUDNN_TENSOR_NHWC` filter format, "KRSC").
    Nhwc,
}

impl ConvLayout {
    /// Where each of cuDNN's logical dims (N, C, H, W; for the filter K, C, R, S) is in an operand
    /// of this layout.
    fn logical_dims(self) -> [usize; 4] {
        match self {
            ConvLayout::Nchw => [0, 1, 2, 3],
            ConvLayout::Nhwc => [0, 3, 1, 2],
        }
    }
}

/// A cuDNN forward convolution. Shapes and strides are in cuDNN's logical order whatever the
/// layout (N, C, H, W; the filter K, C, R, S), as its descriptors take them; `layout` gives the
/// filter descriptor's format (the filter is contiguous in it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Conv {
    pub layout: ConvLayout,
    pub input: [i32; 4],
    pub filter: [i32; 4],
    pub output: [i32; 4],
    /// Element strides of the input and output (any positive strides: windows of a padded buffer,
    /// a device's slice; NHWC is the strides of its dims in NCHW order), given to cuDNN by
    /// `cudnnSetTensor4dDescriptorEx`.
    pub input_strides: [i32; 4],
    pub output_strides: [i32; 4],
    pub stride: [i32; 2],
    pub dilation: [i32; 2],
    pub padding: [i32; 2],
}

/// The plan of `linalg.conv_2d_nchw_fchw` (with symmetric zero padding): the filter must be
/// contiguous, the input and output may be strided views (positive strides).
pub fn conv(
    input: &View,
    filter: &View,
    output: &View,
    stride: [i64; 2],
    dilation: [i64; 2],
    padding: [i64; 2],
) -> Result<Conv, String> {
    conv_in(
        ConvLayout::Nchw,
        [input, filter, output],
        stride,
        dilation,
        padding,
    )
}

/// The plan of an NHWC convolution with an FHWC filter (`flexc_gpu_conv2d_nhwc_fhwc_f32`; the
/// compiler transposes the exports' HWCF filters to FHWC first): as [`conv`], each operand's dims
/// read in NCHW order for cuDNN's descriptors.
pub fn conv_nhwc(
    input: &View,
    filter: &View,
    output: &View,
    stride: [i64; 2],
    dilation: [i64; 2],
    padding: [i64; 2],
) -> Result<Conv, String> {
    conv_in(
        ConvLayout::Nhwc,
        [input, filter, output],
        stride,
        dilation,
        padding,
    )
}

fn conv_in(
    layout: ConvLayout,
    [input, filter, output]: [&View; 3],
    stride: [i64; 2],
    dilation: [i64; 2],
    padding: [i64; 2],
) -> Result<Conv, String> {
    let mut shapes = [[0i32; 4]; 3];
    let mut strides = [[0i32; 4]; 3];
    for (i, (name, v)) in [("input", input), ("filter", filter), ("output", output)]
        .into_iter()
        .enumerate()
    {
        if v.sizes.len() != 4 {
            return Err(format!("{name} has rank {}, expected 4", v.sizes.len()));
        }
        if i == 1 && !v.is_contiguous() {
            return Err(format!("{name} is not contiguous"));
        }
        if v.strides.len() != 4 || v.strides.iter().any(|&s| s < 1) {
            return Err(format!(
                "{name} has strides {:?}, expected positive ones",
                v.strides
            ));
        }
        for (k, &d) in layout.logical_dims().iter().enumerate() {
            shapes[i][k] = int(v.sizes[d], name)?;
            strides[i][k] = int(v.strides[d], &format!("{name} stride"))?;
        }
    }
    if stride.iter().chain(&dilation).any(|&s| s < 1) || padding.iter().any(|&p| p < 0) {
        return Err(format!(
            "strides {stride:?} and dilations {dilation:?} must be positive, padding {padding:?} not negative"
        ));
    }
    let [n, c, h, w] = shapes[0];
    let [f, fc, kh, kw] = shapes[1];
    let [on, of, oh, ow] = shapes[2];
    let out = |size: i32, kernel: i32, d: usize| {
        (i64::from(size) + 2 * padding[d] - dilation[d] * (i64::from(kernel) - 1) - 1) / stride[d]
            + 1
    };
    if on != n
        || of != f
        || fc != c
        || i64::from(oh) != out(h, kh, 0)
        || i64::from(ow) != out(w, kw, 1)
    {
        return Err(format!(
            "shapes do not match: input {:?}, filter {:?}, output {:?} (strides {stride:?}, dilations {dilation:?}, padding {padding:?})",
            shapes[0], shapes[1], shapes[2]
        ));
    }
    let small = |v: [i64; 2], what: &str| -> Result<[i32; 2], String> {
        Ok([int(v[0], what)?, int(v[1], what)?])
    };
    Ok(Conv {
        layout,
        input: shapes[0],
        filter: shapes[1],
        output: shapes[2],
        input_strides: strides[0],
        output_strides: strides[2],
        stride: small(stride, "stride")?,
        dilation: small(dilation, "dilation")?,
        padding: small(padding, "padding")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memref::row_major;

    fn view(offset: i64, sizes: &[i64]) -> View {
        View {
            base: 0,
            offset,
            sizes: sizes.to_vec(),
            strides: row_major(sizes),
        }
    }

    /// Column-major SGEMM as cuBLAS defines it (reference for the plan).
    #[allow(clippy::too_many_arguments)]
    fn sgemm(
        ta: bool,
        tb: bool,
        m: usize,
        n: usize,
        k: usize,
        a: &[f32],
        lda: usize,
        b: &[f32],
        ldb: usize,
        c: &mut [f32],
        ldc: usize,
        beta: f32,
    ) {
        for j in 0..n {
            for i in 0..m {
                let mut sum = 0.0;
                for l in 0..k {
                    let x = if ta { a[l + i * lda] } else { a[i + l * lda] };
                    let y = if tb { b[j + l * ldb] } else { b[l + j * ldb] };
                    sum += x * y;
                }
                c[i + j * ldc] = sum + beta * c[i + j * ldc];
            }
        }
    }

    fn check(m: usize, n: usize, k: usize, ta: bool, tb: bool) {
        let a_shape = if ta { [k, m] } else { [m, k] };
        let b_shape = if tb { [n, k] } else { [k, n] };
        let a: Vec<f32> = (0..m * k).map(|i| (i % 7) as f32 - 3.0).collect();
        let b: Vec<f32> = (0..k * n).map(|i| (i % 5) as f32 * 0.5).collect();
        let at = |i: usize, l: usize| if ta { a[l * m + i] } else { a[i * k + l] };
        let bt = |l: usize, j: usize| if tb { b[j * k + l] } else { b[l * n + j] };
        let sizes = |s: [usize; 2]| [s[0] as i64, s[1] as i64];
        let plan = gemm(
            &view(0, &sizes(a_shape)),
            &view(0, &sizes(b_shape)),
            &view(0, &[m as i64, n as i64]),
            ta,
            tb,
            false,
        )
        .unwrap();
        let mut c = vec![1.0f32; m * n];
        sgemm(
            plan.transpose_first,
            plan.transpose_second,
            plan.m as usize,
            plan.n as usize,
            plan.k as usize,
            &b,
            plan.ld_first as usize,
            &a,
            plan.ld_second as usize,
            &mut c,
            plan.ldc as usize,
            1.0,
        );
        for i in 0..m {
            for j in 0..n {
                let expected: f32 = 1.0 + (0..k).map(|l| at(i, l) * bt(l, j)).sum::<f32>();
                assert_eq!(c[i * n + j], expected, "{m}x{n}x{k} {ta} {tb} at {i},{j}");
            }
        }
    }

    #[test]
    fn the_operand_swap_computes_row_major_products() {
        for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
            check(3, 5, 4, ta, tb);
            check(1, 6, 2, ta, tb);
        }
    }

    #[test]
    fn batched_plans_carry_strides_and_bad_shapes_are_errors() {
        let plan = gemm(
            &view(0, &[2, 3, 4]),
            &view(8, &[2, 4, 5]),
            &view(0, &[2, 3, 5]),
            false,
            false,
            true,
        )
        .unwrap();
        assert_eq!(
            (
                plan.batch,
                plan.stride_first,
                plan.stride_second,
                plan.stride_c
            ),
            (2, 20, 12, 15)
        );
        assert_eq!(plan.offset_first, 8);
        assert!(gemm(
            &view(0, &[3, 4]),
            &view(0, &[5, 5]),
            &view(0, &[3, 5]),
            false,
            false,
            false
        )
        .unwrap_err()
        .contains("do not contract"));
        assert!(gemm(
            &view(0, &[2, 3, 4]),
            &view(0, &[3, 4, 5]),
            &view(0, &[2, 3, 5]),
            false,
            false,
            true
        )
        .unwrap_err()
        .contains("batch sizes differ"));
        let mut transposed = view(0, &[3, 4]);
        transposed.strides = vec![1, 3];
        assert!(gemm(
            &transposed,
            &view(0, &[4, 5]),
            &view(0, &[3, 5]),
            false,
            false,
            false
        )
        .unwrap_err()
        .contains("inner stride"));
        assert!(gemm(
            &view(0, &[3, 4]),
            &view(0, &[4, 5]),
            &view(0, &[3, 5]),
            false,
            false,
            true
        )
        .unwrap_err()
        .contains("rank 2, expected 3"));
    }

    #[test]
    fn convolution_shapes_are_checked() {
        let ok = conv(
            &view(0, &[2, 3, 8, 8]),
            &view(0, &[4, 3, 3, 3]),
            &view(0, &[2, 4, 4, 4]),
            [2, 2],
            [1, 1],
            [1, 1],
        )
        .unwrap();
        assert_eq!(ok.output, [2, 4, 4, 4]);
        assert_eq!(ok.padding, [1, 1]);
        assert_eq!(ok.input_strides, [192, 64, 8, 1]);
        // A 7x7 window of a padded 8x8 buffer (a strided view) is taken as it is.
        let window = View {
            sizes: vec![2, 3, 7, 7],
            strides: vec![192, 64, 8, 1],
            ..view(9, &[2, 3, 7, 7])
        };
        let strided = conv(
            &window,
            &view(0, &[4, 3, 3, 3]),
            &view(0, &[2, 4, 3, 3]),
            [2, 2],
            [1, 1],
            [0, 0],
        )
        .unwrap();
        assert_eq!(strided.input_strides, [192, 64, 8, 1]);
        assert_eq!(strided.output_strides, [36, 9, 3, 1]);
        let transposed_filter = View {
            strides: vec![1, 4, 12, 36],
            ..view(0, &[4, 3, 3, 3])
        };
        assert!(conv(
            &view(0, &[2, 3, 8, 8]),
            &transposed_filter,
            &view(0, &[2, 4, 4, 4]),
            [2, 2],
            [1, 1],
            [1, 1],
        )
        .unwrap_err()
        .contains("filter is not contiguous"));
        let dilated = conv(
            &view(0, &[1, 1, 7, 7]),
            &view(0, &[1, 1, 3, 3]),
            &view(0, &[1, 1, 3, 3]),
            [1, 1],
            [2, 2],
            [0, 0],
        );
        assert!(dilated.is_ok());
        assert!(conv(
            &view(0, &[2, 3, 8, 8]),
            &view(0, &[4, 3, 3, 3]),
            &view(0, &[2, 4, 6, 5]),
            [1, 1],
            [1, 1],
            [0, 0]
        )
        .unwrap_err()
        .contains("do not match"));
        assert!(conv(
            &view(0, &[2, 3, 8, 8]),
            &view(0, &[4, 3, 3, 3]),
            &view(0, &[2, 4, 6, 6]),
            [0, 1],
            [1, 1],
            [0, 0]
        )
        .unwrap_err()
        .contains("positive"));
    }

    #[test]
    fn nhwc_convolutions_give_cudnn_logical_dims() {
        // ResNet-50's strided 3x3: a 64x57x57x128 padded NHWC input, FHWC filter, 28x28 output.
        let plan = conv_nhwc(
            &view(0, &[64, 57, 57, 128]),
            &view(0, &[128, 3, 3, 128]),
            &view(0, &[64, 28, 28, 128]),
            [2, 2],
            [1, 1],
            [0, 0],
        )
        .unwrap();
        assert_eq!(plan.layout, ConvLayout::Nhwc);
        assert_eq!(plan.input, [64, 128, 57, 57]);
        assert_eq!(plan.filter, [128, 128, 3, 3]);
        assert_eq!(plan.output, [64, 128, 28, 28]);
        // N, C, H, W strides of packed NHWC.
        assert_eq!(plan.input_strides, [57 * 57 * 128, 1, 57 * 128, 128]);
        assert_eq!(plan.output_strides, [28 * 28 * 128, 1, 28 * 128, 128]);
        // A device's half of the output channels: a strided view of the whole output.
        let half = View {
            sizes: vec![2, 4, 4, 3],
            strides: vec![96, 24, 6, 1],
            ..view(3, &[2, 4, 4, 3])
        };
        let sliced = conv_nhwc(
            &view(0, &[2, 6, 6, 5]),
            &view(0, &[3, 3, 3, 5]),
            &half,
            [1, 1],
            [1, 1],
            [0, 0],
        )
        .unwrap();
        assert_eq!(sliced.output, [2, 3, 4, 4]);
        assert_eq!(sliced.output_strides, [96, 1, 24, 6]);
        // A dilated 1x1-channel window, padded by cuDNN.
        let dilated = conv_nhwc(
            &view(0, &[1, 7, 7, 1]),
            &view(0, &[2, 3, 3, 1]),
            &view(0, &[1, 5, 5, 2]),
            [1, 1],
            [2, 2],
            [1, 1],
        )
        .unwrap();
        assert_eq!((dilated.filter, dilated.padding), ([2, 1, 3, 3], [1, 1]));
        // The exports' HWCF filter (not transposed to FHWC) does not fit: the channels differ.
        assert!(conv_nhwc(
            &view(0, &[2, 8, 8, 3]),
            &view(0, &[3, 3, 3, 4]),
            &view(0, &[2, 6, 6, 4]),
            [1, 1],
            [1, 1],
            [0, 0],
        )
        .unwrap_err()
        .contains("do not match"));
        let strided_filter = View {
            strides: vec![1, 12, 4, 36],
            ..view(0, &[4, 3, 3, 3])
        };
        assert!(conv_nhwc(
            &view(0, &[2, 8, 8, 3]),
            &strided_filter,
            &view(0, &[2, 6, 6, 4]),
            [1, 1],
            [1, 1],
            [0, 0],
        )
        .unwrap_err()
        .contains("filter is not contiguous"));
        // The same convolution in the two layouts is one shape, told apart by the layout.
        let nchw = conv(
            &view(0, &[2, 3, 8, 8]),
            &view(0, &[4, 3, 3, 3]),
            &view(0, &[2, 4, 6, 6]),
            [1, 1],
            [1, 1],
            [0, 0],
        )
        .unwrap();
        let nhwc = conv_nhwc(
            &view(0, &[2, 8, 8, 3]),
            &view(0, &[4, 3, 3, 3]),
            &view(0, &[2, 6, 6, 4]),
            [1, 1],
            [1, 1],
            [0, 0],
        )
        .unwrap();
        assert_eq!((nchw.input, nchw.filter), (nhwc.input, nhwc.filter));
        assert_ne!(nchw, nhwc);
    }
}
