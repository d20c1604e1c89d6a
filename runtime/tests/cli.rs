//! The `flexc-gpu` binary on artifacts built here with `cc` (tiny C stand-ins for what `flexc
//! --target=cuda` writes): every error before CUDA is found without a GPU and reported cleanly;
//! without a driver the run fails with `flexc-gpu: error:` and exit 1, never a panic. On a machine
//! with a GPU the stand-in artifact runs and its check passes.

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

const BINARY: &str = env!("CARGO_BIN_EXE_flexc-gpu");

/// A manifest for programs `f` (serial) and `f_device0` over one f32[4] input and output.
const MANIFEST: &str = r#"{"format":"flexc-gpu","version":1,"arch":"sm_90","devices":1,"model":"echo",
"programs":[{"name":"f","role":"serial","entry":"_mlir_ciface_f"},{"name":"f_device0","role":"device","device":0,"entry":"_mlir_ciface_f_device0"}],
"inputs":[{"index":0,"dtype":"f32","shape":[4],"kind":"data"}],
"outputs":[{"index":0,"dtype":"f32","shape":[4]}]}"#;

/// Entries returning their argument; device 0 all-reduces it over the group {0} first (the
/// identity), which exercises the runtime's exported entry point.
const PROGRAMS: &str = r#"
#include <string.h>
struct desc1 { void *allocated, *aligned; long offset, size, stride; };
struct unranked { long rank; void *descriptor; };
extern void _mlir_ciface_flexc_gpu_all_reduce_sum_f32(struct unranked *, long);
void _mlir_ciface_f(struct desc1 *result, struct desc1 *argument) { *result = *argument; }
void _mlir_ciface_f_device0(struct desc1 *result, struct desc1 *argument) {
    struct unranked memref = { 1, argument };
    _mlir_ciface_flexc_gpu_all_reduce_sum_f32(&memref, 1);
    *result = *argument;
}
"#;

fn c_string(text: &str) -> String {
    format!(
        "\"{}\"",
        text.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n")
    )
}

/// Builds an artifact from a manifest (with its digest, as the compiler writes it) and C source in
/// a fresh directory.
fn artifact(name: &str, manifest: Option<&str>, source: &str) -> Artifact {
    artifact_with_digest(
        name,
        manifest,
        manifest.map(|m| flexc_core::contract::digest(m.as_bytes())),
        source,
    )
}

fn artifact_with_digest(
    name: &str,
    manifest: Option<&str>,
    digest: Option<u64>,
    source: &str,
) -> Artifact {
    let dir = tempfile::Builder::new()
        .prefix(&format!("flexc-gpu-cli-{name}-"))
        .tempdir()
        .unwrap();
    let mut c = String::from(source);
    if let Some(manifest) = manifest {
        c.push_str(&format!(
            "const char flexc_gpu_manifest[] = {};\n",
            c_string(manifest)
        ));
    }
    if let Some(digest) = digest {
        c.push_str(&format!(
            "const unsigned long long flexc_gpu_manifest_digest = {digest}ULL;\n"
        ));
    }
    let file = dir.path().join("artifact.c");
    std::fs::write(&file, c).unwrap();
    let out = dir.path().join(format!("{name}.fgpu"));
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&out)
        .arg(&file)
        .status()
        .expect("cc runs");
    assert!(status.success());
    Artifact {
        path: out,
        _dir: dir,
    }
}

/// A built artifact; its directory is removed when it is dropped.
struct Artifact {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for Artifact {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Artifact {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

fn run(args: &[&str], artifact: &Path) -> Output {
    Command::new(BINARY)
        .args(args)
        .arg(artifact)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_clean_error(output: &Output, expected: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.starts_with("flexc-gpu: error: "), "{text}");
    assert!(text.contains(expected), "expected '{expected}' in: {text}");
    assert!(!text.contains("panicked"), "{text}");
}

#[test]
fn a_good_artifact_runs_or_fails_for_want_of_a_gpu() {
    let path = artifact("good", Some(MANIFEST), PROGRAMS);
    let output = run(&["--check"], &path);
    if output.status.success() {
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.contains("output 0 (devices vs serial) f32[4]"),
            "{text}"
        );
        assert!(text.contains("1 all-reduce calls"), "{text}");
    } else {
        let text = stderr(&output);
        assert!(
            text.contains("no NVIDIA driver")
                || text.contains("no CUDA device")
                || text.contains("cuInit"),
            "{text}"
        );
        assert_clean_error(&output, "");
    }
}

#[test]
fn artifact_errors_are_found_before_cuda() {
    let missing = std::env::temp_dir().join("flexc-gpu-no-such-artifact.fgpu");
    assert_clean_error(&run(&[], &missing), "cannot read the artifact");
    assert_clean_error(&run(&[], &std::env::temp_dir()), "not a file");
    let scratch = tempfile::Builder::new()
        .prefix("flexc-gpu-garbage-")
        .tempdir()
        .unwrap();
    let garbage = scratch.path().join("garbage.fgpu");
    std::fs::write(&garbage, "not an ELF file").unwrap();
    assert_clean_error(&run(&[], &garbage), "not an ELF file");
    let no_manifest = artifact("no-manifest", None, PROGRAMS);
    assert_clean_error(
        &run(&[], &no_manifest),
        "no exported 'flexc_gpu_manifest' object: not a flexc-gpu artifact",
    );
    let bad_json = artifact(
        "bad-json",
        Some(&MANIFEST.replace("\"programs\":[", "\"programs\":[,")),
        PROGRAMS,
    );
    assert_clean_error(&run(&[], &bad_json), "flexc_gpu_manifest:2:");
    let bad_devices = artifact(
        "bad-devices",
        Some(&MANIFEST.replace("\"device\":0", "\"device\":3")),
        PROGRAMS,
    );
    assert_clean_error(&run(&[], &bad_devices), "programs[1].device is 3");
    let no_entry = artifact(
        "no-entry",
        Some(MANIFEST),
        &PROGRAMS.replace("_mlir_ciface_f_device0(", "other("),
    );
    assert_clean_error(
        &run(&[], &no_entry),
        "program 'f_device0': no exported function '_mlir_ciface_f_device0'",
    );
    let unknown = artifact(
        "unknown-import",
        Some(MANIFEST),
        &PROGRAMS.replace(
            "_mlir_ciface_flexc_gpu_all_reduce_sum_f32",
            "flexc_gpu_teleport_f32",
        ),
    );
    assert_clean_error(
        &run(&[], &unknown),
        "the artifact calls runtime functions this flexc-gpu does not provide: flexc_gpu_teleport_f32",
    );
}

/// A file that records, from a constructor, that it was loaded: nothing of an artifact may run
/// before it is checked.
const CONSTRUCTOR: &str = r#"
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void loaded(void) {
    const char *marker = getenv("FLEXC_GPU_TEST_MARKER");
    if (marker) { FILE *f = fopen(marker, "w"); if (f) fclose(f); }
}
"#;

/// Found by a probe of issue 20: `flexc-gpu` dlopen'ed the artifact first. A cut file died with
/// SIGBUS, a foreign shared object ran its constructor before "not a flexc-gpu artifact", and
/// patched manifests passed validation.
#[test]
fn artifacts_are_checked_as_files_before_anything_runs() {
    let scratch = tempfile::Builder::new()
        .prefix("flexc-gpu-loaded-")
        .tempdir()
        .unwrap();
    let marker = scratch.path().join("constructor-ran");
    let run_marked = |path: &Path| {
        Command::new(BINARY)
            .arg(path)
            .env("FLEXC_GPU_TEST_MARKER", &marker)
            .output()
            .unwrap()
    };
    // A foreign shared object: refused, its constructor never runs.
    let foreign = artifact("foreign", None, &format!("{CONSTRUCTOR}{PROGRAMS}"));
    assert_clean_error(&run_marked(&foreign), "not a flexc-gpu artifact");
    assert!(!marker.exists(), "the constructor ran");
    // Cut anywhere: a clean error (every cut of the first 4 KB, then every 997th byte).
    let good = artifact("cut", Some(MANIFEST), &format!("{CONSTRUCTOR}{PROGRAMS}"));
    let bytes = std::fs::read(&good).unwrap();
    let cut = good.with_extension("cut.fgpu");
    let lengths = (0..4096)
        .step_by(61)
        .chain((4096..bytes.len()).step_by(997));
    for length in lengths {
        std::fs::write(&cut, &bytes[..length]).unwrap();
        let output = run_marked(&cut);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "cut at {length}: {text}");
        assert!(
            text.starts_with("flexc-gpu: error: "),
            "cut at {length}: {text}"
        );
        assert!(!marker.exists(), "cut at {length}: the constructor ran");
    }
    // A manifest changed after compilation (same length, as a binary patch): its digest differs.
    let patched = good.with_extension("patched.fgpu");
    let at = bytes
        .windows(10)
        .position(|w| w == b"\"shape\":[4")
        .expect("the manifest's first shape");
    let mut changed = bytes.clone();
    changed[at + 9] = b'8';
    std::fs::write(&patched, &changed).unwrap();
    assert_clean_error(
        &run_marked(&patched),
        "the manifest does not match its digest",
    );
    assert!(!marker.exists());
    let no_digest = artifact_with_digest("no-digest", Some(MANIFEST), None, PROGRAMS);
    assert_clean_error(
        &run(&[], &no_digest),
        "no exported 'flexc_gpu_manifest_digest' object",
    );
    // Manifests that agree with their digest but not with the file or the runtime.
    let kernels = format!(
        "{PROGRAMS}const char k_module_binary[] = \"//\\n.version 8.0\\n.target sm_90\\n.address_size 64\\n.visible .entry k_function(\\n\";\n"
    );
    let with = |extra: &str| {
        MANIFEST.replacen(
            "\"model\":\"echo\",",
            &format!("\"model\":\"echo\",{extra}"),
            1,
        )
    };
    let kernel = with("\"kernels\":[{\"name\":\"k_module.k_function\",\"family\":\"elementwise\",\"block\":[128,1,1]}],");
    let accepted = artifact("kernel", Some(&kernel), &kernels);
    let output = run(&[], &accepted);
    assert!(!stderr(&output).contains("k_module"), "{}", stderr(&output));
    for (name, manifest, source, error) in [
        ("sm99", MANIFEST.replace("sm_90", "sm_99"), PROGRAMS.to_string(), "arch 'sm_99' is not one flexc compiles for (sm_90, sm_80)"),
        ("sm80", kernel.replace("sm_90", "sm_80"), kernels.clone(), "kernels[0]: module 'k_module' is not PTX for sm_80"),
        ("zero", MANIFEST.replace("\"shape\":[4],\"kind\"", "\"shape\":[0],\"kind\""), PROGRAMS.to_string(), "inputs[0]: shape [0] has a zero dim"),
        ("kernel-name", kernel.replace("k_module.k_function", "k_module.other"), kernels.clone(), "kernels[0]: module 'k_module' has no kernel 'other'"),
        ("gemm-name", with("\"library\":[{\"entry\":\"flexc_gpu_gemm_f64\",\"function\":\"f\",\"op\":\"linalg.matmul\"}],"), PROGRAMS.to_string(), "library[0]: 'flexc_gpu_gemm_f64' is not a library entry of this flexc-gpu"),
        ("gemm-unused", with("\"library\":[{\"entry\":\"flexc_gpu_gemm_f32\",\"function\":\"f\",\"op\":\"linalg.matmul\"}],"), PROGRAMS.to_string(), "library[0]: the artifact does not call 'flexc_gpu_gemm_f32'"),
        (
            "swapped",
            MANIFEST
                .replace("\"devices\":1", "\"devices\":2")
                .replace("\"entry\":\"_mlir_ciface_f_device0\"}", "\"entry\":\"_mlir_ciface_f_device1\"},{\"name\":\"f_device1\",\"role\":\"device\",\"device\":1,\"entry\":\"_mlir_ciface_f_device0\"}"),
            format!("{PROGRAMS}void _mlir_ciface_f_device1(void) {{}}\n"),
            "program 'f_device0' has entry '_mlir_ciface_f_device1', expected '_mlir_ciface_f_device0'",
        ),
    ] {
        let path = artifact(name, Some(&manifest), &source);
        assert_clean_error(&run(&[], &path), error);
    }
}

#[test]
fn reference_files_are_checked_before_cuda() {
    let path = artifact("reference", Some(MANIFEST), PROGRAMS);
    let dir = path.parent().unwrap().join("ref");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("f.result0.npy");
    let with_reference = || run(&["--reference", dir.to_str().unwrap()], &path);
    std::fs::write(&file, flexc_gpu::npy::write("f32", &[2, 2], &[0; 16])).unwrap();
    assert_clean_error(
        &with_reference(),
        "f.result0.npy: shape [2, 2], expected [4]",
    );
    std::fs::write(&file, flexc_gpu::npy::write("i32", &[4], &[0; 16])).unwrap();
    assert_clean_error(&with_reference(), "element type '<i4', expected '<f4'");
    std::fs::write(&file, "junk").unwrap();
    assert_clean_error(&with_reference(), "not a .npy file");
    std::fs::remove_file(&file).unwrap();
    assert_clean_error(&with_reference(), "f.result0.npy: cannot read");
    // Weights filled by the compiler with seed 5: a CPU reference of another seed cannot compare.
    let seeded = artifact(
        "weight-seed",
        Some(&MANIFEST.replace(
            "\"model\":\"echo\",",
            "\"model\":\"echo\",\"weight_seed\":5,",
        )),
        PROGRAMS,
    );
    let output = run(&["--seed=1", "--reference", dir.to_str().unwrap()], &seeded);
    assert_clean_error(&output, "--reference needs --seed=5");
}

#[test]
fn usage_errors_exit_2() {
    let output = Command::new(BINARY)
        .arg("--rtol=-1")
        .arg("x")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = Command::new(BINARY).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// The runtime's entry points are in the executable's dynamic symbol table (`--export-dynamic`),
/// where the artifact's undefined symbols resolve.
#[test]
fn every_entry_point_is_exported() {
    let listed = Command::new(BINARY).arg("--list-symbols").output().unwrap();
    let names = String::from_utf8(listed.stdout).unwrap();
    let Ok(nm) = Command::new("nm")
        .args(["-D", "--defined-only", BINARY])
        .output()
    else {
        panic!("nm (binutils) is needed to check the exports");
    };
    let table = String::from_utf8_lossy(&nm.stdout);
    let exported: std::collections::BTreeSet<&str> = table
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    let mut count = 0;
    for name in names.lines() {
        assert!(exported.contains(name), "{name} is not exported");
        count += 1;
    }
    assert!(count > 80, "{count}");
}
