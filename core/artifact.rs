//! What the compiler (`flexc --target=cuda`, `src/gpu/codegen.rs`) and the GPU runtime (`flexc-gpu`,
//! `runtime/src/elf.rs`) share about an artifact besides its manifest's JSON (docs/gpu.md, "Artifact
//! format"): the names of its symbols and the digest that ties the manifest to the file.
//!
//! The digest (64-bit FNV-1a of the manifest's bytes, without the NUL) is a constant of its own, so
//! that a manifest changed after compilation (a hand-edited shape or architecture of the same length)
//! no longer matches and the runtime refuses the file before loading it. It guards against mistakes,
//! not against an attacker: an artifact is native code and must come from a trusted compiler.

/// The GPU architectures the compiler writes PTX for (`--gpu-arch`).
pub const ARCHS: &[&str] = &["sm_90", "sm_80"];

/// The exported NUL-terminated JSON manifest.
pub const MANIFEST_SYMBOL: &str = "flexc_gpu_manifest";

/// The exported `u64` (little-endian) digest of the manifest ([`digest`]).
pub const DIGEST_SYMBOL: &str = "flexc_gpu_manifest_digest";

/// The C-interface entry of program `name` (`llvm.emit_c_interface`).
pub fn entry_symbol(name: &str) -> String {
    format!("_mlir_ciface_{name}")
}

/// 64-bit FNV-1a of `bytes`.
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_fnv1a() {
        // Reference values of FNV-1a 64.
        assert_eq!(digest(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(digest(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(digest(b"[8,64]"), digest(b"[8,99]"));
        assert_eq!(entry_symbol("main_device1"), "_mlir_ciface_main_device1");
    }
}
