//! The op family of every op that becomes a kernel ([`family`], from `gpu-tag-families`' tags) and the
//! per-program kernel lists of the manifest ([`families`], [`kernels`]).

use flexc_passes::family::{gpu::GPU_FAMILY_ATTR as FAMILY_ATTR, KernelFamily};
use flexc_passes::gpu_to_device::has_reduction_loop;
use flexc_passes::ir::{op_name, symbol_name, top_level_ops};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;
use std::collections::BTreeMap;

/// The op family of a (bufferized) linalg op, as the manifest names it: its family's GPU lowering
/// (`gpu-tag-families`; the GPU rewrites tag the ops they make), else (ops fusion made) its
/// structure ([`structural_family`]).
pub fn family(op: MlirOperation) -> &'static str {
    if let Some(family) = flexc_passes::family::gpu::tag_of(op) {
        // A pooling window multiplies nothing: a reduction (the convolution family counts the
        // window-shaped operand of a max pool, named or the JAX exports' generic, as a second
        // input read, so its GPU lowering says convolution).
        if family == KernelFamily::Convolution && !body_multiplies(op) {
            return "reduction";
        }
        return family.name();
    }
    structural_family(op)
}

/// Whether the body of a linalg op multiplies elements (`arith.mulf`, `arith.muli` of other than
/// indices): a convolution, not a pooling window (nor a max pool's backward, whose body computes
/// window positions).
fn body_multiplies(op: MlirOperation) -> bool {
    let mut found = false;
    unsafe { melior::ir::OperationRef::from_raw(op) }.walk(WalkOrder::PreOrder, |inner| {
        let raw = inner.to_raw();
        let elements =
            || unsafe { !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(raw, 0))) };
        let name = op_name(raw);
        if name == "arith.mulf" || (name == "arith.muli" && elements()) {
            found = true;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    found
}

/// An untagged linalg op (a `linalg.generic` fusion made, the fill bufferizing a `tensor.pad`
/// makes): a reduction when it has reduction iterators, a gather when its body reads memory by
/// computed indices (`tensor.extract`/`memref.load`), data movement when the body only yields a
/// value (a copy, a fill: as the families model a fill), else elementwise.
fn structural_family(op: MlirOperation) -> &'static str {
    if has_reduction_loop(op) {
        return "reduction";
    }
    let mut body = Vec::new();
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        let mut child = mlirBlockGetFirstOperation(block);
        while !child.ptr.is_null() {
            body.push(op_name(child));
            child = mlirOperationGetNextInBlock(child);
        }
    }
    if body
        .iter()
        .any(|n| n == "tensor.extract" || n == "memref.load")
    {
        "gather"
    } else if body.len() == 1 {
        "data-movement"
    } else {
        "elementwise"
    }
}

/// The family of every linalg op, per function, in program order (the order of its kernels).
pub fn families(module: &Module) -> BTreeMap<String, Vec<&'static str>> {
    let mut families = BTreeMap::new();
    for function in top_level_ops(module.as_operation().to_raw()) {
        if op_name(function) != "func.func" {
            continue;
        }
        let mut list = Vec::new();
        let view = unsafe { melior::ir::OperationRef::from_raw(function) };
        view.walk(WalkOrder::PreOrder, |op| {
            let raw = op.to_raw();
            let name = op_name(raw);
            let tagged_loop = name == "scf.parallel" && op.attribute(FAMILY_ATTR).is_ok();
            if (name.starts_with("linalg.") && name != "linalg.yield") || tagged_loop {
                list.push(family(raw));
                // One kernel per op: the `linalg.index` ops of its body are not ops of their own.
                return WalkResult::Skip;
            }
            WalkResult::Advance
        });
        families.insert(symbol_name(function), list);
    }
    families
}

/// The kernels launched by each function, in order, with their families and block sizes.
pub fn kernels(
    module: &Module,
    families: &BTreeMap<String, Vec<&'static str>>,
) -> Vec<crate::gpu::Kernel> {
    let mut kernels = Vec::new();
    for function in top_level_ops(module.as_operation().to_raw()) {
        if op_name(function) != "func.func" {
            continue;
        }
        let list = families.get(&symbol_name(function));
        let view = unsafe { melior::ir::OperationRef::from_raw(function) };
        let mut index = 0;
        view.walk(WalkOrder::PreOrder, |op| {
            let raw = op.to_raw();
            if op_name(raw) == "gpu.launch_func" {
                let kernel = unsafe {
                    mlirOperationGetAttributeByName(raw, melior::StringRef::new("kernel").to_raw())
                };
                let name = flexc_passes::ir::attribute_text(kernel)
                    .replace('@', "")
                    .replace("::", ".");
                // Operands: async dependencies (none yet), grid x y z, block x y z, ...
                let block = [3, 4, 5].map(|i| unsafe {
                    flexc_passes::ir::constant_int(mlirOperationGetOperand(raw, i))
                        .map_or(0, |v| v as u32)
                });
                let family = list
                    .and_then(|l| l.get(index))
                    .copied()
                    .unwrap_or("elementwise");
                index += 1;
                kernels.push(crate::gpu::Kernel {
                    name,
                    family,
                    block,
                });
            }
            WalkResult::Advance
        });
    }
    kernels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The manifest's family of every linalg op of `source` (bufferized ops), in order.
    fn families_of(source: &str) -> Vec<&'static str> {
        let context = crate::session::create_context(false);
        let module = Module::parse(&context, source).expect("valid test IR");
        flexc_passes::ir::all_ops(module.as_operation().to_raw())
            .into_iter()
            .filter(|&op| {
                let name = op_name(op);
                name.starts_with("linalg.") && name != "linalg.yield"
            })
            .map(family)
            .collect()
    }

    #[test]
    fn kernel_families_come_from_tags_else_from_structure() {
        let families = families_of(
            r#"
    func.func @f(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %p: memref<4x4xf32>, %s: memref<4xf32>, %c: f32) {
      %z = arith.constant 0.0 : f32
      linalg.matmul {flexc.gpu_family = "contraction"} ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%p : memref<4x4xf32>)
      linalg.copy {flexc.gpu_family = "data-movement"} ins(%a : memref<4x8xf32>) outs(%a : memref<4x8xf32>)
      linalg.fill ins(%c : f32) outs(%s : memref<4xf32>)
      linalg.map outs(%s : memref<4xf32>)
        (%o: f32) {
          linalg.yield %z : f32
        }
      linalg.copy ins(%s : memref<4xf32>) outs(%s : memref<4xf32>)
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                      iterator_types = ["parallel", "reduction"]}
          ins(%a : memref<4x8xf32>) outs(%s : memref<4xf32>) {
        ^bb0(%x: f32, %o: f32):
          %m = arith.addf %x, %o : f32
          linalg.yield %m : f32
      }
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                      iterator_types = ["parallel", "reduction"]}
          ins(%a : memref<4x8xf32>) outs(%s : memref<4xf32>) attrs = {flexc.gpu_family = "convolution"} {
        ^bb0(%x: f32, %o: f32):
          %m = arith.maximumf %x, %o : f32
          linalg.yield %m : f32
      }
      linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                      iterator_types = ["parallel"]}
          ins(%s : memref<4xf32>) outs(%s : memref<4xf32>) {
        ^bb0(%x: f32, %o: f32):
          %n = arith.negf %x : f32
          linalg.yield %n : f32
      }
      return
    }
    "#,
        );
        assert_eq!(
            families,
            [
                // Tagged by gpu-tag-families or the GPU rewrites.
                "contraction",
                "data-movement",
                // Untagged: a fill, a map that only yields a value and a copy move data (as the
                // families model a fill).
                "data-movement",
                "data-movement",
                "data-movement",
                // A reduction loop; a tagged pooling window multiplies nothing.
                "reduction",
                "reduction",
                "elementwise",
            ]
        );
    }
}
