//! Text reports of the driver: the import table (`--emit=import`), the batch note and the module
//! summary.

use super::*;

/// `--emit=summary`: one row per graph op, then the model totals. In `train` mode the backward FLOPs of
/// every op follow `flexc_core::graph::Mode`'s table (data and weight gradients per op class), and the
/// weight gradients to synchronize are listed in the totals.
/// `mode`: `None` while `auto` is unresolved (counted as `train`).
pub fn import_table(imported: &flexc_passes::import::Imported, mode: Option<Mode>) -> String {
    use std::fmt::Write as _;
    let graph = &imported.graph;
    let sim_mode = mode.unwrap_or(Mode::Training);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<5} {:<32} {:<13} {:<40} {:<44} {:>16} {:>16} {:>12}",
        "#",
        "op",
        "class",
        "location",
        "dims (size:role)",
        "forward_flops",
        "backward_flops",
        "parameters"
    );
    let mut backward_total = 0.0;
    for (index, op) in imported.ops.iter().enumerate() {
        let graph_op = graph.op(flexc_core::OpId::new(index));
        let backward = op.flops as f64 * sim_mode.backward_factor(graph, graph_op);
        backward_total += backward;
        let dims: Vec<String> = op
            .space
            .sizes
            .iter()
            .zip(&op.space.roles)
            .map(|(size, role)| format!("{size}:{}", role.letter()))
            .collect();
        let location = op.location.rsplit('/').next().unwrap_or(&op.location);
        let _ = writeln!(
            out,
            "{:<5} {:<32} {:<13} {:<40} {:<44} {:>16} {:>16} {:>12}",
            index,
            op.name,
            op.class.name(),
            location,
            dims.join(" "),
            op.flops,
            backward as u64,
            op.parameters
        );
    }
    for (location, message) in &imported.opaque {
        let _ = writeln!(out, "opaque: {location}: {message}");
    }
    for op in imported.sample_lost() {
        let _ = writeln!(
            out,
            "sample-lost: {}: '{}' reads the batch but none of its loops follows it",
            op.location, op.name
        );
    }
    let _ = writeln!(out, "compute_ops: {}", imported.ops.len());
    let _ = writeln!(
        out,
        "weight_args: {}",
        if imported.weight_args.is_empty() {
            "none".to_string()
        } else {
            imported.weight_args.join(" ")
        }
    );
    let _ = writeln!(out, "parameters: {}", imported.parameters);
    let _ = writeln!(out, "forward_flops: {}", imported.forward_flops);
    let _ = writeln!(out, "mode: {}", mode.map_or(Mode::AUTO, Mode::word));
    let _ = writeln!(out, "backward_flops: {}", backward_total as u64);
    if sim_mode.has_backward() {
        let weights = graph.weights();
        let elements: u64 = weights.iter().map(|&w| graph.tensor(w).elements()).sum();
        let _ = writeln!(
            out,
            "weight_gradients: {} tensors, {elements} elements to synchronize",
            weights.len()
        );
    }
    let layers = flexc_core::layers::Layers::detect(graph);
    let _ = writeln!(
        out,
        "layers: {} in {} groups, {} of {} ops repeated",
        layers.num_layers(),
        layers.groups().len(),
        layers.num_layer_ops(),
        graph.num_ops()
    );
    for line in layers.describe(graph) {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// The line saying that `--batch` rescaled the graph (empty when it did not): the module's shapes keep
/// the exported batch, so every number printed from the graph is at the new one.
pub(super) fn batch_note(imported: &Imported) -> String {
    match imported.batch {
        Some(b) => format!("batch: rescaled from {} to {} (--batch)\n", b.from, b.to),
        None => String::new(),
    }
}

/// A few lines about a compiled module: its functions, ops per dialect, and `par` annotations.
pub(super) fn summarize(module: &Module) -> String {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut per_dialect = std::collections::BTreeMap::<String, usize>::new();
    let (mut functions, mut ops, mut configured) = (0usize, 0usize, 0usize);
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = flexc_passes::op_name(&op);
        if name == "builtin.module" {
            return WalkResult::Advance;
        }
        ops += 1;
        functions += usize::from(name == "func.func");
        configured += usize::from(op.has_attribute(flexc_dialects::names::CONFIG_ATTR));
        let dialect = name.split('.').next().unwrap_or("").to_string();
        *per_dialect.entry(dialect).or_default() += 1;
        WalkResult::Advance
    });
    let mut dialects: Vec<(String, usize)> = per_dialect.into_iter().collect();
    dialects.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let dialects: Vec<String> = dialects.iter().map(|(d, n)| format!("{d} {n}")).collect();
    format!(
        "  functions: {functions}\n  operations: {ops} ({})\n  ops with a par.config: {configured}\n",
        dialects.join(", ")
    )
}
