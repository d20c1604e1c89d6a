//! Rust-level tests of the flexc library (one test binary: MLIR links statically).
//! - every shipped model parses, verifies and round-trips through the printer;
//! - diagnostics of bad inputs, as snapshots.

use flexc::{
    driver::{self, create_context, Exit},
    parse::parse_module,
};
use melior::ir::operation::OperationLike;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn model_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|ext| ext == "mlir") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join("models"), &mut files);
    files
}

/// Pretty-form files that need a dialect upstream MLIR lacks (StableHLO, torch-mlir's tm_tensor);
/// each has a generic-form twin that must parse.
fn needs_foreign_dialect(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    name.ends_with(".stablehlo.mlir") || name == "resnet50_b64.train_sgd.linalg.mlir"
}

/// Prints `path` after parsing it into a fresh context (resource names are unique per context, so
/// a second parse in the same context would rename blobs).
fn parse_and_print(source: &[u8], name: &str) -> Result<String, String> {
    let context = create_context(true);
    let _par = flexc::dialects::load_par_dialect(&context)?;
    let capture = flexc::diagnostics::Capture::attach(&context);
    let module = parse_module(&context, source, name)
        .ok_or_else(|| format!("{name} does not parse: {:?}", capture.take()))?;
    if !module.as_operation().verify() {
        return Err(format!("{name} does not verify: {:?}", capture.take()));
    }
    Ok(module.as_operation().to_string())
}

#[test]
fn every_shipped_model_round_trips() {
    let files = model_files();
    assert!(
        files.len() >= 60,
        "expected the shipped models, found {}",
        files.len()
    );
    let mut checked = 0;
    for path in files.iter().filter(|path| !needs_foreign_dialect(path)) {
        let name = path.display().to_string();
        let printed = parse_and_print(&std::fs::read(path).unwrap(), &name).unwrap();
        let reprinted = parse_and_print(printed.as_bytes(), "printed").unwrap();
        if let Some((line, (a, b))) = printed
            .lines()
            .zip(reprinted.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
        {
            panic!(
                "{name} does not round-trip; line {}:\n{a:.200}\n{b:.200}",
                line + 1
            );
        }
        assert_eq!(printed.len(), reprinted.len(), "{name} does not round-trip");
        checked += 1;
    }
    assert!(checked >= 45, "only {checked} models checked");
}

#[test]
fn foreign_dialect_files_fail_with_advice() {
    let mut report = String::new();
    for path in model_files()
        .iter()
        .filter(|path| needs_foreign_dialect(path))
    {
        let (exit, errors) = run_driver(path, &["--allow-unregistered-dialect"]);
        assert_eq!(exit, Exit::Failure, "{}", path.display());
        assert!(
            errors.contains("then run flexc with --allow-unregistered-dialect"),
            "{}: {errors}",
            path.display()
        );
        report.push_str(errors.lines().next().unwrap_or(""));
        report.push('\n');
    }
    insta::assert_snapshot!(report.replace(&root().display().to_string(), "<root>"));
}

fn run_driver(path: &Path, flags: &[&str]) -> (Exit, String) {
    let options = driver::Options {
        input: path.display().to_string(),
        output: std::env::temp_dir()
            .join(format!("flexc-test-{}.mlir", std::process::id()))
            .display()
            .to_string(),
        allow_unregistered_dialect: flags.contains(&"--allow-unregistered-dialect"),
        split_input_file: flags.contains(&"--split-input-file"),
        ..Default::default()
    };
    let mut errors = Vec::new();
    let exit = driver::run(&options, &mut errors);
    (exit, String::from_utf8(errors).unwrap())
}

#[test]
fn error_diagnostics() {
    let inputs = root().join("lit-tests/Inputs");
    let mut report = String::new();
    for (file, flags) in [
        ("does-not-exist.mlir", &[][..]),
        ("nul-byte.mlir", &[]),
        ("not-utf8.mlir", &[]),
        ("pretty-stablehlo.mlir", &[]),
    ] {
        let (exit, errors) = run_driver(&inputs.join(file), flags);
        report.push_str(&format!("== {file}: {exit:?}\n{errors}"));
    }
    let (exit, errors) = run_driver(
        &root().join("lit-tests/driver/parse-errors.mlir"),
        &["--split-input-file"],
    );
    report.push_str(&format!("== parse-errors.mlir: {exit:?}\n{errors}"));
    insta::assert_snapshot!(report.replace(&root().display().to_string(), "<root>"));
}

/// Imports a linalg model (no pipeline: torch-mlir's linalg is what the importer reads).
fn import(relative: &str) -> flexc::passes::par_import::Imported {
    let context = create_context(false);
    let _par = flexc::dialects::load_par_dialect(&context).unwrap();
    let capture = flexc::diagnostics::Capture::attach(&context);
    let path = root().join("models").join(relative);
    let module = parse_module(&context, &std::fs::read(&path).unwrap(), relative).unwrap();
    flexc::passes::par_import::analyze(&module.as_operation(), &Default::default(), false)
        .unwrap_or_else(|_| panic!("{relative} does not import: {:?}", capture.take()))
}

#[test]
fn import_totals_match_published_counts() {
    // PyTorch's own parameter counts (models/README.md); ±2% (BatchNorm running statistics are
    // constants of the exported graph, which flexc cannot tell from trained weights).
    let mut report = String::new();
    for (model, published) in [
        ("torch/alexnet_b64.linalg.mlir", 61.1e6),
        ("torch/vgg16_b64.linalg.mlir", 138.4e6),
        ("torch/resnet101_b64.linalg.mlir", 44.5e6),
        ("torch/inception_v3_b64.linalg.mlir", 23.8e6),
        ("torch/bert_b8.linalg.mlir", 109.5e6),
        ("torch/gpt2_b8.linalg.mlir", 124.4e6),
        ("torch/rnntc_b64.linalg.mlir", 27.0e6),
    ] {
        let imported = import(model);
        let ratio = imported.parameters as f64 / published;
        assert!(
            (0.98..=1.02).contains(&ratio),
            "{model}: {} parameters, published {published}",
            imported.parameters
        );
        report.push_str(&format!(
            "{model}: parameters {} forward_flops {} compute_ops {}\n",
            imported.parameters,
            imported.forward_flops,
            imported.ops.len()
        ));
    }
    // ResNet-101 at 224x224: about 7.8 G multiply-adds per sample, batch 64.
    let resnet = import("torch/resnet101_b64.linalg.mlir");
    let expected = 64.0 * 2.0 * 7.8e9;
    let ratio = resnet.forward_flops as f64 / expected;
    assert!(
        (0.98..=1.02).contains(&ratio),
        "ResNet-101 forward FLOPs {}",
        resnet.forward_flops
    );
    insta::assert_snapshot!(report);
}
