//! Builds `capi_shim.cpp` (raw bytes of weight constants, which the MLIR C API does not expose)
//! against the same LLVM/MLIR 22 installation that mlir-sys links (`build_shim.rs`).

mod build_shim;

fn main() {
    println!("cargo:rerun-if-changed=build_shim.rs");
    build_shim::compile_shim("capi_shim.cpp", "flexc_passes_capi_shim");
}
