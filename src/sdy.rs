//! `--emit=sdy`: a strategy as the StableHLO module itself annotated for Shardy, the partitioner of
//! XLA (and JAX's default): an `sdy.mesh` symbol `@mesh` with the named axes of the mesh, and on each
//! argument and result of the entry function an `sdy.sharding` attribute
//! (`#sdy.sharding<@mesh, [{"data"}, {}]>`), one dim sharding per tensor dim, closed (`{}` is replicated
//! along that dim). The shardings are `--emit=jax-shardings`' PartitionSpecs ([`crate::jax::export`]),
//! on the same mesh (`--mesh`, else data × model), with the same warnings for what a mesh cannot
//! express; XLA propagates them to the ops inside, as it does for `jax.jit`'s `in_shardings`.
//!
//! The module is the input as flexc read it, without flexc's own `par.*` attributes (the search's
//! configurations, the recorded machine): only a StableHLO input can be written this way — a linalg or
//! TOSA module is no program XLA compiles. The `sdy` dialect is not loaded in flexc's context: the
//! attributes are built from their text (opaque attributes of an unregistered dialect, printed back as
//! written) and `sdy.mesh` in generic form; a Shardy-aware parser (jaxlib's MLIR, `sdy_opt`) reads
//! them as Shardy's own.

use crate::diagnostics::Diag;
use crate::jax::{Axis, Export};
use flexc_passes::import::Imported;
use flexc_passes::ir;
use serde_json::Value;

/// The symbol of the mesh the shardings refer to.
pub const MESH: &str = "mesh";

/// `#sdy.mesh<["data"=2, "model"=4]>`.
pub fn mesh_attribute(mesh: &[Axis]) -> String {
    let axes: Vec<String> = mesh
        .iter()
        .map(|(name, size)| format!("\"{name}\"={size}"))
        .collect();
    format!("#sdy.mesh<[{}]>", axes.join(", "))
}

/// `#sdy.sharding<@mesh, [{"data"}, {}]>` for a PartitionSpec of the JSON export (per dim `null`, an
/// axis name, or a list of names, major to minor), padded with replicated dims to `rank`.
pub fn sharding_attribute(spec: &Value, rank: usize) -> String {
    let empty = Vec::new();
    let entries = spec.as_array().unwrap_or(&empty);
    let dims: Vec<String> = (0..rank.max(entries.len()))
        .map(|j| {
            let axes: Vec<String> = match entries.get(j) {
                Some(Value::String(axis)) => vec![format!("\"{axis}\"")],
                Some(Value::Array(list)) => list
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|axis| format!("\"{axis}\""))
                    .collect(),
                _ => Vec::new(),
            };
            format!("{{{}}}", axes.join(", "))
        })
        .collect();
    format!("#sdy.sharding<@{MESH}, [{}]>", dims.join(", "))
}

/// Whether `module` is a StableHLO program: an op of the `stablehlo` or `chlo` dialect, and none of
/// linalg or TOSA (which XLA does not compile).
fn is_stablehlo(module: melior::ir::OperationRef<'_, '_>) -> Result<(), String> {
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut stablehlo = false;
    let mut other: Option<String> = None;
    module.walk(WalkOrder::PreOrder, |op| {
        let name = ir::op_name(op.to_raw());
        let dialect = name.split('.').next().unwrap_or_default();
        match dialect {
            "stablehlo" | "chlo" => stablehlo = true,
            "linalg" | "tosa" if other.is_none() => other = Some(name),
            _ => {}
        }
        WalkResult::Advance
    });
    match (stablehlo, other) {
        (true, None) => Ok(()),
        (_, Some(op)) => Err(format!("its program is not StableHLO (it has {op})")),
        (false, None) => Err("it has no StableHLO op".to_string()),
    }
}

/// `Err` unless `module` is a StableHLO program (the input `--emit=sdy` needs).
pub fn check_stablehlo(module: &melior::ir::Module) -> Result<(), Diag> {
    is_stablehlo(module.as_operation()).map_err(|why| {
        Diag::error(
            None,
            format!("--emit=sdy writes a StableHLO module with Shardy shardings, but {why}: export the model from JAX (StableHLO), or use --emit=shard for the upstream shard dialect"),
        )
    })
}

/// Rewrites `module` (the input with flexc's strategy attributes) into the `--emit=sdy` module of
/// `export` (module doc). `Err`: not a StableHLO input, or a symbol `@mesh` already defined.
pub fn annotate(
    module: &melior::ir::Module,
    imported: &Imported,
    export: &Export,
) -> Result<(), Diag> {
    use melior::ir::operation::OperationLike;
    check_stablehlo(module)?;
    let root = module.as_operation();
    let raw = root.to_raw();
    let tops = ir::top_level_ops(raw);
    if tops.iter().any(|&op| ir::symbol_name(op) == MESH) {
        return Err(Diag::error(
            None,
            format!("--emit=sdy: the module already defines a symbol @{MESH}, the name of the mesh it would add"),
        ));
    }
    let Some(&function) = tops
        .iter()
        .find(|&&op| ir::op_name(op) == "func.func" && ir::symbol_name(op) == imported.entry)
    else {
        return Err(Diag::error(
            None,
            format!("--emit=sdy: no function @{}", imported.entry),
        ));
    };
    flexc_passes::par_export_shard::strip_par_attributes(raw);
    let context = unsafe { mlir_sys::mlirOperationGetContext(raw) };
    let parse = |text: &str| -> Result<mlir_sys::MlirAttribute, Diag> {
        let attribute = unsafe {
            mlir_sys::mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw())
        };
        if attribute.ptr.is_null() {
            return Err(Diag::error(
                None,
                format!("flexc built an unparsable attribute {text} (a flexc bug)"),
            ));
        }
        Ok(attribute)
    };
    let rank =
        |t: Option<flexc_core::TensorId>| t.map_or(0, |t| imported.graph.tensor(t).shape.len());
    let empty = Vec::new();
    let set = |key: &str, list: &Value, ranks: Vec<usize>| -> Result<(), Diag> {
        for (i, entry) in list.as_array().unwrap_or(&empty).iter().enumerate() {
            let text = sharding_attribute(&entry["spec"], ranks.get(i).copied().unwrap_or(0));
            let attribute = parse(&text)?;
            let name = melior::StringRef::new("sdy.sharding").to_raw();
            unsafe {
                match key {
                    "inputs" => mlir_sys::mlirFuncSetArgAttr(function, i as isize, name, attribute),
                    _ => mlir_sys::mlirFuncSetResultAttr(function, i as isize, name, attribute),
                }
            }
        }
        Ok(())
    };
    set(
        "inputs",
        &export.value["inputs"],
        imported.args.iter().map(|a| rank(a.tensor)).collect(),
    )?;
    set(
        "outputs",
        &export.value["outputs"],
        imported.results.iter().map(|r| rank(r.tensor)).collect(),
    )?;
    // The mesh, first in the module; the module's partition count is the mesh's.
    let devices: u64 = export.mesh.iter().map(|a| a.1).product();
    let mesh = ir::create_op(
        context,
        "sdy.mesh",
        unsafe { mlir_sys::mlirLocationUnknownGet(context) },
        &[],
        &[],
        &[
            ("sym_name", parse(&format!("\"{MESH}\""))?),
            ("mesh", parse(&mesh_attribute(&export.mesh))?),
        ],
    );
    unsafe {
        let body = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(raw, 0));
        mlir_sys::mlirBlockInsertOwnedOperation(body, 0, mesh);
        mlir_sys::mlirOperationSetAttributeByName(
            raw,
            melior::StringRef::new("mhlo.num_partitions").to_raw(),
            parse(&format!("{devices} : i32"))?,
        );
    }
    if !root.verify() {
        return Err(Diag::error(
            None,
            "flexc built an invalid sdy module (a flexc bug)".to_string(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn specs_become_closed_dim_shardings() {
        assert_eq!(
            sharding_attribute(&json!(["data", null]), 2),
            "#sdy.sharding<@mesh, [{\"data\"}, {}]>"
        );
        assert_eq!(
            sharding_attribute(&json!([["data", "model"]]), 3),
            "#sdy.sharding<@mesh, [{\"data\", \"model\"}, {}, {}]>"
        );
        assert_eq!(
            sharding_attribute(&json!([]), 0),
            "#sdy.sharding<@mesh, []>"
        );
        assert_eq!(
            mesh_attribute(&[("data".into(), 2), ("model".into(), 4)]),
            "#sdy.mesh<[\"data\"=2, \"model\"=4]>"
        );
    }
}
