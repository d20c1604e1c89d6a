//! flexc's rewrites of the GPU lowering that are not passes yet (the device rewrite between the
//! recipe's `tensor` and `inline` stages, `gpu.rs`), on the bufferized module whose constants
//! `gpu-upload-constants` uploaded:
//! - [`to_device`]: every buffer lives in device memory — uploads of constants made resident,
//!   `memref.alloc`/`alloca` → `gpu.alloc`, `memref.dealloc` → `gpu.dealloc` —, `memref.copy` →
//!   `linalg.copy` (a copy kernel: strided views included), and contractions/convolutions whose
//!   operands have plain row-major layouts → calls of the runtime's vendor-library entry points
//!   (`flexc_gpu_gemm_f32`, `flexc_gpu_batch_gemm_f32`, `flexc_gpu_conv2d_nchw_fchw_f32`;
//!   convolutions of any other dim order `flexc_gpu_conv2d_nhwc_fhwc_f32`, [`conv_nhwc_helper`]);
//!   other layouts and element types stay linalg ops and become generated kernels;
//! - [`families`] / [`kernels`]: the op family of every generated kernel, for the manifest (from
//!   `gpu-tag-families`' tags).
//!
//! One file per rewrite: `families.rs` (families and kernel lists), `device.rs` ([`to_device`], the
//! helper functions), `library.rs` (library calls: GEMM and convolution layouts), `unfuse.rs`
//! (library calls on fused producers). The loop rewrites and checks are the `gpu-*` passes of
//! `flexc_passes`.

use crate::diagnostics::Diag;
use flexc_core::contract::{self, Library};
use flexc_core::AffineDim;
use flexc_passes::ir::{
    create_op, op_name, parse_attribute as attribute, symbol_name, top_level_ops, type_text,
};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;
use std::collections::BTreeMap;

mod device;
mod families;
mod library;
mod unfuse;

use device::*;
pub use device::{insert_call, to_device, LibraryCall};
use families::*;
pub use families::{families, kernels};
use library::*;
use unfuse::*;

/// Every op of `module`, pre-order.
fn all_ops(module: &Module) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        ops.push(op.to_raw());
        WalkResult::Advance
    });
    ops
}

#[cfg(test)]
mod tests;
