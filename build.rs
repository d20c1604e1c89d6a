//! Builds `src/capi_shim.cpp` (parse-with-source-name and MLIR's diagnostic verifier, which the MLIR
//! C API does not expose) against the same LLVM/MLIR 22 installation that mlir-sys links (the
//! build logic is `passes/build_shim.rs`, shared with `flexc-passes`), and records the LLVM version.

#[path = "passes/build_shim.rs"]
mod build_shim;

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=passes/build_shim.rs");
    build_shim::compile_shim("src/capi_shim.cpp", "flexc_capi_shim");
    let version = Command::new(build_shim::llvm_config())
        .arg("--version")
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=FLEXC_MLIR_VERSION={version}");
}
