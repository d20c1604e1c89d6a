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

/// Builds an artifact from a manifest and C source in a fresh directory.
fn artifact(name: &str, manifest: Option<&str>, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("flexc-gpu-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut c = String::from(source);
    if let Some(manifest) = manifest {
        c.push_str(&format!(
            "const char flexc_gpu_manifest[] = {};\n",
            c_string(manifest)
        ));
    }
    let file = dir.join("artifact.c");
    std::fs::write(&file, c).unwrap();
    let out = dir.join(format!("{name}.fgpu"));
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&out)
        .arg(&file)
        .status()
        .expect("cc runs");
    assert!(status.success());
    out
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
    let garbage =
        std::env::temp_dir().join(format!("flexc-gpu-garbage-{}.fgpu", std::process::id()));
    std::fs::write(&garbage, "not an ELF file").unwrap();
    assert_clean_error(&run(&[], &garbage), "cannot load the artifact");
    let no_manifest = artifact("no-manifest", None, PROGRAMS);
    assert_clean_error(&run(&[], &no_manifest), "no 'flexc_gpu_manifest' symbol");
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
        "no entry symbol '_mlir_ciface_f_device0'",
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
        "undefined symbol: flexc_gpu_teleport_f32",
    );
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
