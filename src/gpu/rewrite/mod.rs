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
//!
//! One file per rewrite: `families.rs` (families and kernel lists), `device.rs` ([`to_device`],
//! [`upload_constants`], the helper functions), `library.rs` (library calls: GEMM and convolution
//! layouts), `unfuse.rs` (library calls on fused producers), `loops.rs` (step 3's loop rewrites and
//! the host-code check).

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

mod device;
mod families;
mod library;
mod loops;
mod unfuse;

use device::*;
pub use device::{insert_call, to_device, upload_constants, LibraryCall};
use families::*;
pub use families::{families, kernels, tag_families};
use library::*;
pub use loops::{
    check_host_code, contiguous_dim_first, drop_kernel_asserts, parallel_loops, wrap_scalar_ops,
};
use unfuse::*;

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

#[cfg(test)]
mod tests;
