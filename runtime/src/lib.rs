//! `flexc-gpu`: the GPU runtime of flexc. It loads an artifact written by `flexc --target=cuda`
//! (an ELF shared object with a JSON manifest, PTX kernels and native host code), seeds the inputs
//! as `flexc-run` does, and runs the serial program and the device programs on CUDA, N virtual
//! devices as N host threads with a stream each (one GPU per device when there are enough GPUs).
//!
//! The crate never depends on MLIR: the artifact's host code was compiled by `flexc`, and calls back
//! into the C entry points of [`abi`] (`mgpu*`, MLIR's GPU runtime-wrapper API; `flexc_gpu_*`,
//! flexc's library calls, communication and task timing). CUDA is loaded at run time (cudarc's
//! dynamic loading), so the binary builds and starts on machines without CUDA and fails with a clean
//! error there.
//!
//! Module map: [`manifest`] (format and validation, `flexc_core::contract`: shared with the
//! compiler), [`memref`] (descriptors, copy plans, calls), [`npy`] (reference outputs),
//! [`values`] (seeding and comparison), [`mailbox`] (send/recv matching, all-reduce meetings,
//! deadlock detection), [`reduce`] (the deterministic all-reduce kernels), [`nccl`] (all-reduces across GPUs), [`library_args`] (cuBLAS and
//! cuDNN argument plans), [`cuda`] (driver, devices, allocations), [`abi`] (exported entry points),
//! [`runner`] (the command).

pub mod abi;
pub mod cuda;
pub mod elf;
pub mod library_args;
pub mod mailbox;
pub mod memref;
pub mod nccl;
pub mod npy;
pub mod reduce;
pub mod runner;
pub mod values;

/// The manifest's format and validation: core's compiler↔runtime contract.
pub use flexc_core::contract::manifest;

#[cfg(test)]
pub(crate) mod tools {
    use std::path::PathBuf;

    /// `ptxas` for tests: `FLEXC_PTXAS`, the project-local `.tools/cuda` of tools/setup, or PATH.
    pub fn ptxas() -> Option<PathBuf> {
        if let Some(path) = std::env::var_os("FLEXC_PTXAS") {
            return Some(PathBuf::from(path));
        }
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        for candidate in [
            ".tools/cuda/nvidia/cuda_nvcc/bin/ptxas",
            ".tools/cuda/bin/ptxas",
        ] {
            let path = root.join(candidate);
            if path.is_file() {
                return Some(path);
            }
        }
        let paths = std::env::var_os("PATH")?;
        std::env::split_paths(&paths)
            .map(|dir| dir.join("ptxas"))
            .find(|p| p.is_file())
    }
}
