//! `--emit=torch-plan`: a strategy as the plan `torch.distributed` applies to the user's module — a 2-D
//! `DeviceMesh` (`dp` × `tp`), a `parallelize_module` style per named submodule (`ColwiseParallel`,
//! `RowwiseParallel`) on `tp`, and FSDP over `dp` when the strategy shards weights there (ZeRO-3).
//! `python/flexc/torch.py` applies it.
//!
//! The splits are `--emit=jax-shardings`' ([`crate::jax::export`]) on the mesh `dp` × `tp`, `dp` being
//! the samples' split of the data-parallel mesh that export derives. Each weight argument named as
//! `named_parameters()` names it (`par.name = "fc1.weight"`) gives its submodule (`fc1`) a style from
//! the dim `tp` splits, in PyTorch's layouts: `nn.Linear`'s weight is `[out, in]` — `out` split is
//! `ColwiseParallel`, `in` split `RowwiseParallel`; an embedding table (read by a gather) is
//! `[vocabulary, dim]` — the vocabulary split is `RowwiseParallel`, `dim` `ColwiseParallel`. Biases
//! follow their weight's style. What no style expresses — a weight of another rank split over `tp`,
//! both dims split, an unnamed or top-level weight, two weights of one submodule that disagree — is
//! left to the mesh (replicated) with a warning, as are the jax export's own warnings (pipelines,
//! micro-batches, per-op placement).

use crate::diagnostics::Diag;
use crate::jax::{self, Axis};
use flexc_core::{OpClass, Strategy};
use flexc_passes::import::Imported;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The style of a `[rows, cols]` weight split along `dim`, read by an op of `class`.
fn style(dim: usize, class: Option<OpClass>) -> &'static str {
    match (class == Some(OpClass::Embedding), dim) {
        (true, 0) | (false, 1) => "RowwiseParallel",
        _ => "ColwiseParallel",
    }
}

/// Whether a spec entry names mesh axis `axis`.
fn names(entry: &Value, axis: &str) -> bool {
    match entry {
        Value::String(a) => a == axis,
        Value::Array(list) => list.iter().any(|a| a.as_str() == Some(axis)),
        _ => false,
    }
}

/// The `--emit=torch-plan` JSON and its warnings (module doc), `cost` (the simulated cost of what the
/// mesh changes) last.
pub fn plan(
    model: &str,
    imported: &Imported,
    strategy: &Strategy,
    devices: u64,
    cost: Option<&str>,
) -> Result<(String, Vec<String>), Diag> {
    let derived = jax::export(model, imported, strategy, devices, None)?;
    let dp: u64 = derived.data.iter().map(|&i| derived.mesh[i].1).product();
    let mesh: Vec<Axis> = vec![("dp".to_string(), dp), ("tp".to_string(), devices / dp)];
    let export = jax::export(model, imported, strategy, devices, Some(&mesh))?;
    let mut warnings = export.warnings.clone();
    let empty = Vec::new();
    let inputs = export.value["inputs"].as_array().unwrap_or(&empty);
    let mut styles: BTreeMap<String, &'static str> = BTreeMap::new();
    let mut parameters = serde_json::Map::new();
    let mut fsdp = false;
    for (i, input) in inputs.iter().enumerate() {
        if input["kind"] != "parameter" {
            continue;
        }
        let name = input["name"].as_str().unwrap_or_default().to_string();
        let spec = input["spec"].as_array().cloned().unwrap_or_default();
        parameters.insert(name.clone(), Value::Array(spec.clone()));
        fsdp |= spec.iter().any(|e| names(e, "dp"));
        let split: Vec<usize> = (0..spec.len()).filter(|&j| names(&spec[j], "tp")).collect();
        if split.is_empty() || spec.len() == 1 {
            // Unsplit, or a bias (it follows its weight's style).
            continue;
        }
        let module = match name.rsplit_once('.') {
            Some((module, _)) if imported.args.get(i).is_some_and(|a| a.name.is_some()) => module,
            _ => {
                warnings.push(format!(
                    "{name}: split over tp but not a named submodule's parameter (par.name \"module.weight\"): left replicated"
                ));
                continue;
            }
        };
        let chosen = match (spec.len(), split.as_slice()) {
            (2, &[dim]) => style(dim, export.readers.get(i).copied().flatten()),
            _ => {
                warnings.push(format!(
                    "{name}: its split over tp (dims {split:?} of {}) is no parallelize_module style: left replicated",
                    spec.len()
                ));
                continue;
            }
        };
        match styles.get(module) {
            Some(&other) if other != chosen => warnings.push(format!(
                "{module}: its parameters ask for {other} and {chosen}: the first is kept"
            )),
            Some(_) => {}
            None => {
                styles.insert(module.to_string(), chosen);
            }
        }
    }
    warnings.dedup();
    warnings.extend(cost.map(str::to_string));
    let value = json!({
        "format": "flexc-torch-plan-1",
        "model": model,
        "world_size": devices,
        "mesh": {"dims": ["dp", "tp"], "shape": [dp, devices / dp]},
        "plan": styles,
        "fsdp": fsdp,
        "schedule": export.value["schedule"],
        "parameters": parameters,
        "warnings": warnings,
    });
    let mut text = String::new();
    jax::layout(&value, 0, &mut text);
    text.push('\n');
    Ok((text, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_and_embedding_styles_follow_pytorch_layouts() {
        assert_eq!(style(0, Some(OpClass::Contraction)), "ColwiseParallel");
        assert_eq!(style(1, Some(OpClass::Contraction)), "RowwiseParallel");
        assert_eq!(style(0, Some(OpClass::Embedding)), "RowwiseParallel");
        assert_eq!(style(1, Some(OpClass::Embedding)), "ColwiseParallel");
    }
}
