//! The build-script logic shared by `flexc-passes` (`passes/build.rs`) and `flexc` (`build.rs`):
//! each compiles a small C++ shim over MLIR's C++ API against the same LLVM/MLIR 22 installation
//! that mlir-sys links. Included by both build scripts with `mod`/`#[path]` (a build script cannot
//! depend on its own workspace's crates).

use std::{env, path::PathBuf, process::Command};

/// The `llvm-config` of the LLVM/MLIR 22 installation (`MLIR_SYS_220_PREFIX`, else
/// `/usr/lib/llvm-22`).
pub fn llvm_config() -> PathBuf {
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    prefix.join("bin").join("llvm-config")
}

/// Compiles the C++ file `source` into the static library `library` with LLVM's C++ flags.
pub fn compile_shim(source: &str, library: &str) {
    println!("cargo:rerun-if-changed={source}");
    let llvm_config = llvm_config();
    let cxxflags = Command::new(&llvm_config)
        .arg("--cxxflags")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_else(|| {
            panic!(
                "cannot run {}: install LLVM/MLIR 22 first (tools/setup)",
                llvm_config.display()
            )
        });
    let mut build = cc::Build::new();
    build.cpp(true).file(source).warnings(false);
    for flag in cxxflags.split_whitespace() {
        build.flag(flag);
    }
    build.flag_if_supported("-fno-rtti");
    build.compile(library);
}
