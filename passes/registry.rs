//! The one table of flexc passes ([`REGISTRY`]): it drives pipeline-string parsing (`pass_pipeline.rs`),
//! `flexc --help` and `flexc --list-passes`. With `pass_pipeline.rs`, the only module that names passes
//! (ARCHITECTURE.md; `tests::no_pass_module_imports_another` reads the pass modules' sources).

use crate::{
    gpu_block_reductions, gpu_check_dialects, gpu_check_host_code, gpu_contiguous_dim_first,
    gpu_drop_kernel_asserts, gpu_gemm_operands, gpu_parallel_loops, gpu_tag_families,
    gpu_to_device, gpu_upload_constants, gpu_wrap_scalar_ops, par_export_shard, par_fold_casts,
    par_import, par_lower_runtime, par_materialize, par_search, par_substitute, par_unique_weights,
    par_verify, stablehlo_to_linalg, tm_tensor_lowering, PassInfo,
};

/// Every flexc pass, in the order `--list-passes` shows them.
pub static REGISTRY: &[&PassInfo] = &[
    &par_unique_weights::INFO,
    &par_fold_casts::INFO,
    &par_import::INFO,
    &par_verify::INFO,
    &par_search::INFO,
    &par_substitute::INFO,
    &par_materialize::INFO,
    &par_export_shard::INFO,
    &par_lower_runtime::INFO,
    &stablehlo_to_linalg::INFO,
    &tm_tensor_lowering::INFO,
    &gpu_check_dialects::INFO,
    &gpu_gemm_operands::INFO,
    &gpu_tag_families::INFO,
    &gpu_upload_constants::INFO,
    &gpu_to_device::INFO,
    &gpu_block_reductions::INFO,
    &gpu_parallel_loops::INFO,
    &gpu_drop_kernel_asserts::INFO,
    &gpu_wrap_scalar_ops::INFO,
    &gpu_contiguous_dim_first::INFO,
    &gpu_check_host_code::INFO,
];

pub fn lookup(argument: &str) -> Option<&'static PassInfo> {
    REGISTRY
        .iter()
        .copied()
        .find(|info| info.argument == argument)
}

#[cfg(test)]
mod tests {
    use super::REGISTRY;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// A pass's module, named after its pipeline argument (`par-search` → `par_search`).
    fn module_of(argument: &str) -> String {
        argument.replace('-', "_")
    }

    /// Every `.rs` file under `dir`, sorted.
    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }

    /// The crate's top-level modules a source file names: the first segment after `crate::`, or after
    /// as many `super::` as lead from the file's module to the crate root (`depth`), in paths and in
    /// `use` trees (`crate::{a, b::c}` names `a` and `b`). Comments are skipped.
    fn named_modules(text: &str, depth: usize) -> BTreeSet<String> {
        let code: String = text
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let root = "super::".repeat(depth);
        let mut names = BTreeSet::new();
        for prefix in ["crate::", root.as_str()] {
            for (at, _) in code.match_indices(prefix) {
                // `super::` inside a longer `super::super::` run is not the root.
                if prefix.starts_with("super") && code[..at].ends_with("super::") {
                    continue;
                }
                let rest = &code[at + prefix.len()..];
                if let Some(tree) = rest.strip_prefix('{') {
                    let mut level = 0usize;
                    let mut item = true;
                    for (i, c) in tree.char_indices() {
                        match c {
                            '{' => level += 1,
                            '}' if level == 0 => break,
                            '}' => level -= 1,
                            ',' if level == 0 => item = true,
                            c if item && (c.is_alphanumeric() || c == '_') => {
                                let word: String = tree[i..]
                                    .chars()
                                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                                    .collect();
                                names.insert(word);
                                item = false;
                            }
                            c if !c.is_whitespace() => item = false,
                            _ => {}
                        }
                    }
                } else {
                    let word: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    names.insert(word);
                }
            }
        }
        names.retain(|n| !["", "self", "super"].contains(&n.as_str()));
        names
    }

    /// ARCHITECTURE.md: no pass module imports another pass module, and no shared module imports a
    /// pass; only this table (and `lib.rs`'s `mod` lines) and `pass_pipeline.rs`'s recipes name passes.
    /// Shared code lives in non-pass modules (`family/`, `import/`, `ir.rs`, ...).
    #[test]
    fn no_pass_module_imports_another() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let passes: BTreeSet<String> = REGISTRY.iter().map(|p| module_of(p.argument)).collect();
        for pass in &passes {
            assert!(
                root.join(format!("{pass}.rs")).is_file()
                    || root.join(pass).join("mod.rs").is_file(),
                "pass module {pass} (named after its argument) has no {pass}.rs or {pass}/mod.rs"
            );
        }
        let mut files = Vec::new();
        sources(root, &mut files);
        let mut checked = 0;
        let mut offences = Vec::new();
        for file in &files {
            let relative = file.strip_prefix(root).expect("a file under the crate");
            let parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            // lib.rs declares the modules, the registry and the recipes name passes; the build
            // scripts are no modules; `target/` holds no sources of the crate.
            if matches!(
                parts.as_slice(),
                [one] if ["lib", "registry", "pass_pipeline", "build", "build_shim"].contains(&one.as_str())
            ) || parts[0] == "target"
            {
                continue;
            }
            let mut module: Vec<&String> = parts.iter().collect();
            if module.len() > 1 && module.last().is_some_and(|m| *m == "mod") {
                module.pop();
            }
            let own = module[0];
            let text = std::fs::read_to_string(file).expect("a readable source");
            for name in named_modules(&text, module.len()) {
                if passes.contains(&name) && name != *own {
                    offences.push(format!("{} names pass module {name}", relative.display()));
                }
            }
            checked += 1;
        }
        assert!(checked > passes.len(), "only {checked} sources read");
        assert!(offences.is_empty(), "{}", offences.join("\n"));
    }

    #[test]
    fn named_modules_reads_paths_and_use_trees() {
        let text = "use crate::{ir::{self, build}, family::gemm, Options};\n\
                    use super::lang::Sig; // crate::par_search in a comment\n\
                    let t = crate::gpu_tag_families::tag_of(op);\n\
                    use super::super::par_verify;";
        let names = |depth| named_modules(text, depth).into_iter().collect::<Vec<_>>();
        assert_eq!(
            names(1),
            ["Options", "family", "gpu_tag_families", "ir", "lang"]
        );
        assert_eq!(
            names(2),
            ["Options", "family", "gpu_tag_families", "ir", "par_verify"]
        );
    }
}
