//! The vendor-library entry points: `flexc_gpu_gemm_f32` and `flexc_gpu_batch_gemm_f32` on cuBLAS,
//! `flexc_gpu_conv2d_*_f32` on cuDNN (descriptors, algorithm choice, workspace), each in both calling
//! conventions (`memref_entry!`).

use super::*;

pub(super) fn cublas_handle(
    state: &mut DeviceState,
) -> Result<cudarc::cublas::sys::cublasHandle_t, String> {
    use cudarc::cublas::sys as blas;
    if let Some(handle) = state.cublas {
        return Ok(handle);
    }
    if !unsafe { blas::is_culib_present() } {
        return Err(
            "cannot load cuBLAS (libcublas.so): put the CUDA libraries on LD_LIBRARY_PATH".into(),
        );
    }
    let stream = state.stream;
    let handle = cuda::guarded("cuBLAS", || {
        let mut handle = std::ptr::null_mut();
        blas_check(
            unsafe { blas::cublasCreate_v2(&mut handle) },
            "cublasCreate",
        )?;
        blas_check(
            unsafe { blas::cublasSetStream_v2(handle, stream as _) },
            "cublasSetStream",
        )?;
        Ok(handle)
    })?;
    state.cublas = Some(handle);
    Ok(handle)
}

pub(super) fn blas_check(
    status: cudarc::cublas::sys::cublasStatus_t,
    what: &str,
) -> Result<(), String> {
    if status == cudarc::cublas::sys::cublasStatus_t::CUBLAS_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what}: {status:?}"))
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn gemm(
    a: Option<View>,
    b: Option<View>,
    c: Option<View>,
    transpose_a: i64,
    transpose_b: i64,
    alpha: f32,
    beta: f32,
    batched: bool,
) {
    use cudarc::cublas::sys::{self as blas, cublasOperation_t as Op};
    let what = if batched {
        Library::BatchGemm.name()
    } else {
        Library::Gemm.name()
    };
    with_device(what, |state, _| {
        let (Some(a), Some(b), Some(c)) = (a, b, c) else {
            return Err("an invalid buffer".into());
        };
        let plan = library_args::gemm(&a, &b, &c, transpose_a != 0, transpose_b != 0, batched)?;
        let handle = cublas_handle(state)?;
        let op = |t: bool| if t { Op::CUBLAS_OP_T } else { Op::CUBLAS_OP_N };
        let address = |v: &View, offset: i64| (v.base + offset as u64 * 4) as *mut f32;
        let (first, second, out) = (
            address(&b, plan.offset_first),
            address(&a, plan.offset_second),
            address(&c, plan.offset_c),
        );
        let status = unsafe {
            if batched {
                blas::cublasSgemmStridedBatched(
                    handle,
                    op(plan.transpose_first),
                    op(plan.transpose_second),
                    plan.m,
                    plan.n,
                    plan.k,
                    &alpha,
                    first,
                    plan.ld_first,
                    plan.stride_first,
                    second,
                    plan.ld_second,
                    plan.stride_second,
                    &beta,
                    out,
                    plan.ldc,
                    plan.stride_c,
                    plan.batch,
                )
            } else {
                blas::cublasSgemm_v2(
                    handle,
                    op(plan.transpose_first),
                    op(plan.transpose_second),
                    plan.m,
                    plan.n,
                    plan.k,
                    &alpha,
                    first,
                    plan.ld_first,
                    second,
                    plan.ld_second,
                    &beta,
                    out,
                    plan.ldc,
                )
            }
        };
        blas_check(status, "cublasSgemm")
    })
}

/// Both calling conventions of a runtime entry point that takes memrefs, then scalars: `$plain`
/// gets each memref as its two words `(i64 rank, ptr descriptor)` (what the LLVM lowering passes
/// for an unranked memref), `$ciface` (`_mlir_ciface_...`, what `llvm.emit_c_interface`
/// declarations call) a pointer to each unranked descriptor. Both call `$target` with the memrefs'
/// views, the scalars and the extra arguments.
macro_rules! memref_entry {
    (
        $(#[$doc:meta])*
        $plain:ident, $ciface:ident,
        memrefs($($rank:ident $memref:ident),+),
        scalars($($scalar:ident: $ty:ty),*),
        $target:ident($($extra:expr),*)
    ) => {
        $(#[$doc])*
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $plain($($rank: i64, $memref: *const i64,)+ $($scalar: $ty),*) {
            $target($(plain($rank, $memref),)+ $($scalar,)* $($extra),*)
        }

        #[doc = concat!("C-interface `", stringify!($plain), "`.")]
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "C" fn $ciface($($memref: *const Unranked,)+ $($scalar: $ty),*) {
            $target($(ranked($memref),)+ $($scalar,)* $($extra),*)
        }
    };
}

memref_entry!(
    /// `flexc_gpu_gemm_f32(A, B, C, i64 transA, i64 transB, f32 alpha, f32 beta)`: row-major
    /// `C = alpha * op(A) * op(B) + beta * C` (beta = 1 accumulates, as `linalg.matmul` does).
    flexc_gpu_gemm_f32, _mlir_ciface_flexc_gpu_gemm_f32,
    memrefs(a_rank a, b_rank b, c_rank c),
    scalars(transpose_a: i64, transpose_b: i64, alpha: f32, beta: f32),
    gemm(false)
);

memref_entry!(
    /// `flexc_gpu_batch_gemm_f32(A, B, C, i64 transA, i64 transB, f32 alpha, f32 beta)`: the same
    /// per batch entry of 3-d memrefs (strided batched).
    flexc_gpu_batch_gemm_f32, _mlir_ciface_flexc_gpu_batch_gemm_f32,
    memrefs(a_rank a, b_rank b, c_rank c),
    scalars(transpose_a: i64, transpose_b: i64, alpha: f32, beta: f32),
    gemm(true)
);

pub(super) fn dnn_check(
    status: cudarc::cudnn::sys::cudnnStatus_t,
    what: &str,
) -> Result<(), String> {
    if status == cudarc::cudnn::sys::cudnnStatus_t::CUDNN_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what}: {status:?}"))
    }
}

pub(super) fn cudnn_handle(
    state: &mut DeviceState,
) -> Result<cudarc::cudnn::sys::cudnnHandle_t, String> {
    use cudarc::cudnn::sys as dnn;
    if let Some(handle) = state.cudnn {
        return Ok(handle);
    }
    if !unsafe { dnn::is_culib_present() } {
        return Err(
            "cannot load cuDNN (libcudnn.so): put the cuDNN library on LD_LIBRARY_PATH".into(),
        );
    }
    let stream = state.stream;
    let handle = cuda::guarded("cuDNN", || {
        let mut handle = std::ptr::null_mut();
        dnn_check(unsafe { dnn::cudnnCreate(&mut handle) }, "cudnnCreate")?;
        dnn_check(
            unsafe { dnn::cudnnSetStream(handle, stream as _) },
            "cudnnSetStream",
        )?;
        Ok(handle)
    })?;
    state.cudnn = Some(handle);
    Ok(handle)
}

/// cuDNN descriptors of one convolution, destroyed on drop.
pub(super) struct ConvDescriptors {
    x: cudarc::cudnn::sys::cudnnTensorDescriptor_t,
    w: cudarc::cudnn::sys::cudnnFilterDescriptor_t,
    y: cudarc::cudnn::sys::cudnnTensorDescriptor_t,
    conv: cudarc::cudnn::sys::cudnnConvolutionDescriptor_t,
}

impl Drop for ConvDescriptors {
    fn drop(&mut self) {
        use cudarc::cudnn::sys as dnn;
        unsafe {
            if !self.x.is_null() {
                dnn::cudnnDestroyTensorDescriptor(self.x);
            }
            if !self.y.is_null() {
                dnn::cudnnDestroyTensorDescriptor(self.y);
            }
            if !self.w.is_null() {
                dnn::cudnnDestroyFilterDescriptor(self.w);
            }
            if !self.conv.is_null() {
                dnn::cudnnDestroyConvolutionDescriptor(self.conv);
            }
        }
    }
}

pub(super) fn conv_descriptors(plan: &library_args::Conv) -> Result<ConvDescriptors, String> {
    use cudarc::cudnn::sys::{
        self as dnn,
        cudnnDataType_t::CUDNN_DATA_FLOAT,
        cudnnTensorFormat_t::{CUDNN_TENSOR_NCHW, CUDNN_TENSOR_NHWC},
    };
    let mut d = ConvDescriptors {
        x: std::ptr::null_mut(),
        w: std::ptr::null_mut(),
        y: std::ptr::null_mut(),
        conv: std::ptr::null_mut(),
    };
    unsafe {
        dnn_check(
            dnn::cudnnCreateTensorDescriptor(&mut d.x),
            "cudnnCreateTensorDescriptor",
        )?;
        dnn_check(
            dnn::cudnnCreateTensorDescriptor(&mut d.y),
            "cudnnCreateTensorDescriptor",
        )?;
        dnn_check(
            dnn::cudnnCreateFilterDescriptor(&mut d.w),
            "cudnnCreateFilterDescriptor",
        )?;
        dnn_check(
            dnn::cudnnCreateConvolutionDescriptor(&mut d.conv),
            "cudnnCreateConvolutionDescriptor",
        )?;
        // N, C, H, W with the views' own strides (windows of padded buffers, device slices; NHWC
        // is its strides in that order: cuDNN reads the layout from the strides).
        let [n, c, h, w] = plan.input;
        let [sn, sc, sh, sw] = plan.input_strides;
        dnn_check(
            dnn::cudnnSetTensor4dDescriptorEx(d.x, CUDNN_DATA_FLOAT, n, c, h, w, sn, sc, sh, sw),
            "input descriptor",
        )?;
        let [n, c, h, w] = plan.output;
        let [sn, sc, sh, sw] = plan.output_strides;
        dnn_check(
            dnn::cudnnSetTensor4dDescriptorEx(d.y, CUDNN_DATA_FLOAT, n, c, h, w, sn, sc, sh, sw),
            "output descriptor",
        )?;
        // Filters have no strides in cuDNN: the format says KCRS (NCHW) or KRSC (NHWC).
        let [k, c, h, w] = plan.filter;
        let format = match plan.layout {
            library_args::ConvLayout::Nchw => CUDNN_TENSOR_NCHW,
            library_args::ConvLayout::Nhwc => CUDNN_TENSOR_NHWC,
        };
        dnn_check(
            dnn::cudnnSetFilter4dDescriptor(d.w, CUDNN_DATA_FLOAT, format, k, c, h, w),
            "filter descriptor",
        )?;
        dnn_check(
            dnn::cudnnSetConvolution2dDescriptor(
                d.conv,
                plan.padding[0],
                plan.padding[1],
                plan.stride[0],
                plan.stride[1],
                plan.dilation[0],
                plan.dilation[1],
                dnn::cudnnConvolutionMode_t::CUDNN_CROSS_CORRELATION,
                CUDNN_DATA_FLOAT,
            ),
            "convolution descriptor",
        )?;
        // Plain FP32 arithmetic (no TF32 tensor cores): results must match the CPU within 1e-4.
        dnn_check(
            dnn::cudnnSetConvolutionMathType(d.conv, dnn::cudnnMathType_t::CUDNN_FMA_MATH),
            "cudnnSetConvolutionMathType",
        )?;
    }
    Ok(d)
}

/// The arguments of a convolution entry point, as the artifact passes them.
pub(super) struct ConvCall {
    layout: library_args::ConvLayout,
    input: Option<View>,
    filter: Option<View>,
    output: Option<View>,
    stride: [i64; 2],
    dilation: [i64; 2],
    padding: [i64; 2],
}

impl ConvCall {
    /// The entry point's name, for errors.
    pub(super) fn entry(&self) -> &'static str {
        match self.layout {
            library_args::ConvLayout::Nchw => "flexc_gpu_conv2d_nchw_fchw_f32",
            library_args::ConvLayout::Nhwc => "flexc_gpu_conv2d_nhwc_fhwc_f32",
        }
    }

    /// cuDNN's plan of the call (host-side: shapes, strides, layout), or what is wrong with it.
    pub(super) fn plan(&self) -> Result<(library_args::Conv, [&View; 3]), String> {
        let (Some(input), Some(filter), Some(output)) = (&self.input, &self.filter, &self.output)
        else {
            return Err("an invalid buffer".into());
        };
        let plan = match self.layout {
            library_args::ConvLayout::Nchw => library_args::conv,
            library_args::ConvLayout::Nhwc => library_args::conv_nhwc,
        };
        let plan = plan(
            input,
            filter,
            output,
            self.stride,
            self.dilation,
            self.padding,
        )?;
        Ok((plan, [input, filter, output]))
    }
}

pub(super) fn conv2d(call: ConvCall) {
    use cudarc::cudnn::sys as dnn;
    with_device(call.entry(), |state, _| {
        let (plan, [input, filter, output]) = call.plan()?;
        let handle = cudnn_handle(state)?;
        let d = conv_descriptors(&plan)?;
        let (algo, workspace_bytes) = match state.conv_algorithms.get(&plan) {
            Some(&known) => known,
            None => {
                let chosen = conv_algorithm(handle, &d)?;
                state.conv_algorithms.insert(plan.clone(), chosen);
                chosen
            }
        };
        if state
            .workspace
            .as_ref()
            .is_none_or(|w| w.bytes < workspace_bytes)
        {
            state.workspace = None;
            state.workspace = Some(Staging::new(workspace_bytes, state.gpu.context)?);
        }
        let workspace = state.workspace.as_ref().map_or(0, |w| w.pointer);
        // linalg convolutions accumulate into their output: beta = 1.
        let (alpha, beta) = (1f32, 1f32);
        let at = |v: &View| (v.base + v.offset as u64 * 4) as *mut c_void;
        dnn_check(
            unsafe {
                dnn::cudnnConvolutionForward(
                    handle,
                    &alpha as *const f32 as *const c_void,
                    d.x,
                    at(input),
                    d.w,
                    at(filter),
                    d.conv,
                    algo,
                    workspace as *mut c_void,
                    workspace_bytes,
                    &beta as *const f32 as *const c_void,
                    d.y,
                    at(output),
                )
            },
            "cudnnConvolutionForward",
        )
    })
}

/// cuDNN's first working algorithm for a convolution (its heuristics' order) and its workspace.
pub(super) fn conv_algorithm(
    handle: cudarc::cudnn::sys::cudnnHandle_t,
    d: &ConvDescriptors,
) -> Result<(cudarc::cudnn::sys::cudnnConvolutionFwdAlgo_t, usize), String> {
    use cudarc::cudnn::sys as dnn;
    let mut found = 0;
    let mut perf: [dnn::cudnnConvolutionFwdAlgoPerf_t; 8] = unsafe { std::mem::zeroed() };
    dnn_check(
        unsafe {
            dnn::cudnnGetConvolutionForwardAlgorithm_v7(
                handle,
                d.x,
                d.w,
                d.conv,
                d.y,
                8,
                &mut found,
                perf.as_mut_ptr(),
            )
        },
        "cudnnGetConvolutionForwardAlgorithm_v7",
    )?;
    let algo = perf[..found.clamp(0, 8) as usize]
        .iter()
        .find(|p| p.status == dnn::cudnnStatus_t::CUDNN_STATUS_SUCCESS)
        .map(|p| p.algo)
        .ok_or("cuDNN has no algorithm for this convolution")?;
    let mut workspace_bytes = 0usize;
    dnn_check(
        unsafe {
            dnn::cudnnGetConvolutionForwardWorkspaceSize(
                handle,
                d.x,
                d.w,
                d.conv,
                d.y,
                algo,
                &mut workspace_bytes,
            )
        },
        "cudnnGetConvolutionForwardWorkspaceSize",
    )?;
    Ok((algo, workspace_bytes))
}

memref_entry!(
    /// `flexc_gpu_conv2d_nchw_fchw_f32(input, filter, output, i64 stride_h, i64 stride_w, i64
    /// dilation_h, i64 dilation_w, i64 pad_h, i64 pad_w)`: `output += conv(input, filter)` with
    /// symmetric zero padding.
    flexc_gpu_conv2d_nchw_fchw_f32, _mlir_ciface_flexc_gpu_conv2d_nchw_fchw_f32,
    memrefs(in_rank input, f_rank filter, out_rank output),
    scalars(
        stride_h: i64,
        stride_w: i64,
        dilation_h: i64,
        dilation_w: i64,
        pad_h: i64,
        pad_w: i64
    ),
    conv2d_flat(library_args::ConvLayout::Nchw)
);

memref_entry!(
    /// `flexc_gpu_conv2d_nhwc_fhwc_f32(input, filter, output, i64 stride_h, i64 stride_w, i64
    /// dilation_h, i64 dilation_w, i64 pad_h, i64 pad_w)`: the same with an NHWC input and output
    /// and an FHWC filter (cuDNN's NHWC filter format, KRSC).
    flexc_gpu_conv2d_nhwc_fhwc_f32, _mlir_ciface_flexc_gpu_conv2d_nhwc_fhwc_f32,
    memrefs(in_rank input, f_rank filter, out_rank output),
    scalars(
        stride_h: i64,
        stride_w: i64,
        dilation_h: i64,
        dilation_w: i64,
        pad_h: i64,
        pad_w: i64
    ),
    conv2d_flat(library_args::ConvLayout::Nhwc)
);

/// [`conv2d`] with its window parameters as scalars (the entry points' order).
#[allow(clippy::too_many_arguments)]
pub(super) fn conv2d_flat(
    input: Option<View>,
    filter: Option<View>,
    output: Option<View>,
    stride_h: i64,
    stride_w: i64,
    dilation_h: i64,
    dilation_w: i64,
    pad_h: i64,
    pad_w: i64,
    layout: library_args::ConvLayout,
) {
    conv2d(conv_call(
        layout,
        [input, filter, output],
        [stride_h, stride_w, dilation_h, dilation_w, pad_h, pad_w],
    ))
}

/// The scalars of a convolution entry point in its order: strides, dilations, padding (H, W each).
pub(super) fn conv_call(
    layout: library_args::ConvLayout,
    [input, filter, output]: [Option<View>; 3],
    [stride_h, stride_w, dilation_h, dilation_w, pad_h, pad_w]: [i64; 6],
) -> ConvCall {
    ConvCall {
        layout,
        input,
        filter,
        output,
        stride: [stride_h, stride_w],
        dilation: [dilation_h, dilation_w],
        padding: [pad_h, pad_w],
    }
}
