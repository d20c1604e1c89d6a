//! Builds `capi_shim.cpp` (raw bytes of weight constants, which the MLIR C API does not expose)
//! against the same LLVM/MLIR 22 installation that mlir-sys links.

use std::{env, path::PathBuf, process::Command};

fn main() {
    println!("cargo:rerun-if-changed=capi_shim.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let llvm_config = prefix.join("bin").join("llvm-config");
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
    build.cpp(true).file("capi_shim.cpp").warnings(false);
    for flag in cxxflags.split_whitespace() {
        build.flag(flag);
    }
    build.flag_if_supported("-fno-rtti");
    build.compile("flexc_passes_capi_shim");
}
