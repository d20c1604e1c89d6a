//! `gpu-drop-kernel-asserts`: drops the `cf.assert`s inside linalg bodies and kernels
//! (torch-mlir's index-range checks of gathers and embeddings). A kernel cannot abort the host
//! program, and upstream `convert-parallel-loops-to-gpu` refuses a tiled loop nest whose body has the
//! assert's side effect, which left such ops on the host. As a CUDA build with `-DNDEBUG` does, the
//! GPU target trusts the indices; `flexc-run` keeps the checks on CPU, so a bad index is still
//! caught there.
//!
//! Precondition: bufferized, before `convert-linalg-to-parallel-loops`. Postcondition: no
//! `cf.assert` inside a linalg op or a `gpu.launch`; host-level asserts stay.

use crate::{ir, Options, PassId, PassInfo};
use melior::ir::OperationRef;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-drop-kernel-asserts",
    summary: "GPU target: drop the cf.asserts inside linalg bodies and kernels",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let asserts: Vec<_> = ir::all_ops(module.to_raw())
        .into_iter()
        .filter(|&op| ir::op_name(op) == "cf.assert" && ir::inside_kernel_or_linalg(op))
        .collect();
    for op in asserts {
        unsafe { mlir_sys::mlirOperationDestroy(op) };
    }
    Ok(())
}
