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
//!
//! A style's defaults hand local shards between modules: `ColwiseParallel` returns its output's shard
//! of the last dim, `RowwiseParallel` takes that shard as its input. That is right only where a
//! column-split module's output reaches a row-split module through elementwise ops alone (Megatron's
//! MLP: `fc` → GELU → `proj`); anywhere else the user's code would compute on a shard as if it were
//! the whole tensor. So the plan pairs them from the graph, and `layouts` makes every unpaired style
//! exchange whole tensors: a column-split module's output is gathered (`output_layouts=Replicate()`),
//! a row-split module slices its whole input (`input_layouts=Replicate()`; an embedding's indices are
//! always whole). Unpaired styles cost a collective more than a pair, never a wrong result.

use crate::diagnostics::Diag;
use crate::jax::{self, Axis};
use flexc_core::graph::{Graph, OpId, TensorId};
use flexc_core::{OpClass, Strategy};
use flexc_passes::import::Imported;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

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

/// The op that reads weight `tensor` for its module: the first op past the data movement that only
/// re-lays the weight out (torch-mlir transposes an `nn.Linear` weight before its matmul).
fn weight_reader(graph: &Graph, tensor: TensorId) -> Option<OpId> {
    let mut tensor = tensor;
    loop {
        let &[op] = graph.consumers(tensor) else {
            return None;
        };
        let read = graph.op(op);
        if read.class != OpClass::DataMovement {
            return Some(op);
        }
        let [output] = read.outputs.as_slice() else {
            return None;
        };
        tensor = output.tensor;
    }
}

/// Whether op `op`, reading `tensor`, keeps each element's place in the last dim (a shard of that dim
/// stays a shard of its output's last dim): an elementwise op that indexes `tensor` as it indexes its
/// outputs, or a reshape that leaves the last dim alone (`[b*s, d]` ↔ `[b, s, d]`).
fn keeps_last_dim(graph: &Graph, op: OpId, tensor: TensorId) -> bool {
    let read = graph.op(op);
    let last = |t: TensorId| graph.tensor(t).shape.last().copied();
    match read.class {
        OpClass::Elementwise => read.inputs.iter().filter(|a| a.tensor == tensor).all(|a| {
            read.outputs.iter().all(|o| {
                o.exprs == a.exprs && graph.tensor(o.tensor).shape == graph.tensor(tensor).shape
            })
        }),
        OpClass::DataMovement => {
            (read.name.ends_with("expand_shape") || read.name.ends_with("collapse_shape"))
                && read.inputs.len() == 1
                && read.outputs.iter().all(|o| last(o.tensor) == last(tensor))
        }
        _ => false,
    }
}

/// The row-split reader in `rowwise` that the output of `start` (a column-split module's op) reaches
/// through shape-preserving elementwise ops only, every path ending there; `None` when any path
/// leaves elementwise code first (the shard would leak into code that expects the whole tensor).
fn paired_row(
    graph: &Graph,
    start: OpId,
    rowwise: &BTreeSet<OpId>,
    results: &BTreeSet<TensorId>,
) -> Option<OpId> {
    let mut found = None;
    let mut stack: Vec<TensorId> = graph.op(start).outputs.iter().map(|a| a.tensor).collect();
    let mut seen = BTreeSet::new();
    while let Some(tensor) = stack.pop() {
        if !seen.insert(tensor) {
            continue;
        }
        let consumers = graph.consumers(tensor);
        if consumers.is_empty() || results.contains(&tensor) {
            return None; // a result of the function
        }
        for &op in consumers {
            let read = graph.op(op);
            if rowwise.contains(&op) {
                if found.is_some_and(|f| f != op) {
                    return None;
                }
                found = Some(op);
                continue;
            }
            if !keeps_last_dim(graph, op, tensor) {
                return None;
            }
            stack.extend(read.outputs.iter().map(|o| o.tensor));
        }
    }
    found
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
    // Each styled module's op reading its weight.
    let mut modules: BTreeMap<String, Option<OpId>> = BTreeMap::new();
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
                let reader = imported.args[i]
                    .tensor
                    .and_then(|t| weight_reader(&imported.graph, t));
                modules.insert(module.to_string(), reader);
            }
        }
    }
    let results = imported.results.iter().filter_map(|r| r.tensor).collect();
    let layouts = layouts(&imported.graph, &results, &styles, &modules);
    warnings.dedup();
    warnings.extend(cost.map(str::to_string));
    let value = json!({
        "format": "flexc-torch-plan-1",
        "model": model,
        "world_size": devices,
        "mesh": {"dims": ["dp", "tp"], "shape": [dp, devices / dp]},
        "plan": styles,
        "layouts": layouts,
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

/// The layouts of the styles that are not half of a pair (module doc): a column-split module whose
/// output does not reach a row-split one through elementwise ops gathers it, a row-split module no
/// column-split one feeds (an embedding always) slices its whole input.
fn layouts(
    graph: &Graph,
    results: &BTreeSet<TensorId>,
    styles: &BTreeMap<String, &'static str>,
    modules: &BTreeMap<String, Option<OpId>>,
) -> BTreeMap<String, Value> {
    let reader = |name: &String| modules.get(name).copied().flatten();
    let rowwise: BTreeSet<OpId> = styles
        .iter()
        .filter(|(_, &style)| style == "RowwiseParallel")
        .filter_map(|(name, _)| reader(name))
        .filter(|&op| graph.op(op).class == OpClass::Contraction)
        .collect();
    let mut fed = BTreeSet::new();
    let mut layouts = BTreeMap::new();
    for (name, &style) in styles {
        if style != "ColwiseParallel" {
            continue;
        }
        let pair = reader(name)
            .filter(|&op| graph.op(op).class == OpClass::Contraction)
            .and_then(|op| paired_row(graph, op, &rowwise, results));
        match pair {
            Some(row) => {
                fed.insert(row);
            }
            None => {
                layouts.insert(name.clone(), json!({"output": "Replicate"}));
            }
        }
    }
    for (name, &style) in styles {
        if style == "RowwiseParallel" && !reader(name).is_some_and(|op| fed.contains(&op)) {
            layouts.insert(name.clone(), json!({"input": "Replicate"}));
        }
    }
    layouts
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
