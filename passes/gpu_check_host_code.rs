//! `gpu-check-host-code`: the last check of the GPU target's kernel mapping — host code may only
//! describe, allocate, copy and launch: a load, store or loop left outside a kernel would read
//! device memory from the CPU, so the first is a located error (not a crash on the GPU machine).
//!
//! Precondition: kernels outlined into `gpu.module`s. Postcondition: the module is unchanged.
//!
//! ```mlir
//! // error: --target=cuda cannot map this 'memref.load' onto a GPU kernel (it would run on the
//! // host, on device memory)
//! ```

use crate::{emit_error_at, ir, Options, PassId, PassInfo};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-check-host-code",
    summary:
        "GPU target: reject host code that loads, stores or loops (it would touch device memory)",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

/// Ops that must not run on the host of a GPU program.
const DEVICE_ONLY: &[&str] = &[
    "memref.load",
    "memref.store",
    "scf.parallel",
    "scf.for",
    "affine.load",
    "affine.store",
];

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let mut found = None;
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let name = ir::op_name(raw);
        if name == "gpu.module" {
            return WalkResult::Skip;
        }
        if DEVICE_ONLY.contains(&name.as_str()) {
            found = Some((raw, name));
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    match found {
        None => Ok(()),
        Some((op, name)) => {
            emit_error_at(
                op,
                &format!(
                    "--target=cuda cannot map this '{name}' onto a GPU kernel (it would run on the host, on device memory)"
                ),
            );
            Err(())
        }
    }
}
