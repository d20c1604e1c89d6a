//! Op families: the one place that knows, for every kind of op, how flexc treats it.
//!
//! An op family ([`OpFamily`]) owns, for its ops:
//! - **the model** ([`OpFamily::import`]): loops, one affine access per operand and result, class and
//!   FLOPs ([`OpModel`]), from which `par-import` derives SOAP roles and the op graph;
//! - **the materialization cut** ([`OpFamily::cut`]): how a task of the op (a box of its loops) is
//!   cut out of it, which regions of which values the task reads (the communication `par-materialize`
//!   plans) and what it runs;
//! - **the shard export** ([`OpFamily::shard_axes`]): which grid axes split each tensor dim when the
//!   op's configuration is written in the upstream `shard` dialect (`par-export-shard`);
//! - **the GPU lowering** ([`OpFamily::gpu_lowering`]): a typed description of how the op will be
//!   lowered for GPUs (a vendor library call or a generated kernel, with its sizes).
//!
//! [`FAMILIES`] is the one table: the first family whose `import` claims an op owns it. Linalg ops,
//! TOSA ops (lowered to linalg first) and StableHLO/CHLO ops reach the same families: linalg
//! structured ops by the class their indexing maps and body give ([`structured`], computed once per op
//! and shared by the families it may belong to), StableHLO ops by name (the StableHLO attribute parsing
//! stays in `crate::family::stablehlo`), `tensor` ops by name, the rest by structure.
//!
//! Program structure is not a family: `func.call` (imported in place), returns, constants and
//! value-less sources (`tensor.empty`, ...) are recognised by [`model_of`] before the table.
//!
//! Adding a family is one new file implementing [`OpFamily`] plus one line in [`FAMILIES`] (see
//! ARCHITECTURE.md, "Add an op family").

pub mod contraction;
pub mod convolution;
pub mod cut;
pub mod elementwise;
pub mod gather;
pub mod gemm;
pub mod gpu;
pub mod index_trace;
pub mod reduction;
pub mod reshape;
pub mod shard;
pub mod slice;
pub mod stablehlo;
pub mod structured;

use crate::{ir, op_model::OpModel, op_name};
use flexc_core::{AffineDim, OpClass};
use melior::ir::{
    attribute::AttributeLike, operation::OperationLike, OperationRef, TypeLike, ValueLike,
};
use mlir_sys::MlirValue;
use std::cell::OnceCell;

pub use cut::{Body, Combine, Operand, Planned, TaskCut, TaskCx, ValueId};
pub use gpu::{GpuLowering, KernelFamily};
pub use shard::SplitAxes;

/// Every op family, in the order they are asked to claim an op. Elementwise comes last: it claims by
/// structure (tensors of one shape) what no family claimed by name or class.
pub static FAMILIES: &[&dyn OpFamily] = &[
    &contraction::Contraction,
    &convolution::Convolution,
    &reduction::Reduction,
    &gather::Gather,
    &reshape::Reshape,
    &slice::Slice,
    &elementwise::Elementwise,
];

/// One op family; see the module doc.
pub trait OpFamily: Sync {
    /// A short name, e.g. `contraction` (diagnostics, tests, documentation).
    fn name(&self) -> &'static str;

    /// The model of `cx.op` when the op belongs to this family: `Import::Modelled` or
    /// `Import::Capturing`, or `Import::Invalid` for an op of the family that cannot be modelled (the
    /// message becomes a diagnostic at the op). `None`: not an op of this family.
    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import>;

    /// How tasks of `op` (modelled as `model`) are cut; `Err` says why the op cannot be cut. The
    /// default cuts linalg structured ops through their indexing maps and ops whose accesses are all
    /// identities as elementwise clones, and refuses anything else.
    fn cut(
        &self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: &OpModel,
    ) -> Result<Box<dyn TaskCut>, String> {
        default_cut(op, name, model)
    }

    /// The grid axes splitting each dim of a tensor of `shape` that the op reads or writes through
    /// `access`, when loop `k` (trip count `loops[k]`) is split along grid axis `axis_of[k]`; `Err`
    /// says why that split is not expressible in the `shard` dialect. The default is the generic rule
    /// of [`shard::split_axes`].
    fn shard_axes(
        &self,
        access: &[AffineDim],
        shape: &[u64],
        loops: &[u64],
        axis_of: &[Option<usize>],
    ) -> Result<SplitAxes, String> {
        shard::split_axes(access, shape, loops, axis_of)
    }

    /// How an op of this family, modelled as `model`, will be lowered for GPUs.
    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering;
}

/// How the importer treats an op.
#[derive(Clone, Debug)]
pub enum Import {
    Modelled(OpModel),
    /// A modelled op that also reads captured tensors: (value, access) pairs over the model's loops.
    Capturing(OpModel, Vec<(MlirValue, Vec<AffineDim>)>),
    Constant,
    Source,
    Call(String),
    Return,
    Invalid(String),
    Unknown,
}

impl Import {
    /// The model, for a modelled op.
    pub fn model(&self) -> Option<&OpModel> {
        match self {
            Import::Modelled(model) | Import::Capturing(model, _) => Some(model),
            _ => None,
        }
    }

    /// The import of a StableHLO/CHLO op as `stablehlo::model` describes it.
    pub(crate) fn from_stablehlo(model: Option<Result<OpModel, String>>) -> Import {
        match model {
            Some(Ok(model)) => Import::Modelled(model),
            Some(Err(message)) => Import::Invalid(message),
            None => Import::Unknown,
        }
    }
}

/// An op being classified: what the families look at, with the linalg structured model computed at
/// most once.
pub struct OpCx<'a, 'c, 'o> {
    pub op: &'a OperationRef<'c, 'o>,
    pub name: &'a str,
    structured: OnceCell<Option<Import>>,
}

impl<'a, 'c, 'o> OpCx<'a, 'c, 'o> {
    pub fn new(op: &'a OperationRef<'c, 'o>, name: &'a str) -> Self {
        OpCx {
            op,
            name,
            structured: OnceCell::new(),
        }
    }

    /// The model of a linalg structured op (from its indexing maps); `None` for other ops.
    pub fn structured(&self) -> Option<&Import> {
        self.structured
            .get_or_init(|| {
                ir::linalg_indexing_maps(self.op.to_raw())
                    .map(|maps| structured::model(self.op, self.name, &maps))
            })
            .as_ref()
    }

    /// The structured model when its class is `class` (the family of a linalg op).
    pub fn structured_of_class(&self, class: OpClass) -> Option<Import> {
        self.structured()
            .filter(|import| import.model().is_some_and(|m| m.class == class))
            .cloned()
    }

    /// The StableHLO/CHLO model when the op is `stablehlo.<m>` for one of `mnemonics`.
    pub fn stablehlo(&self, mnemonics: &[&str]) -> Option<Import> {
        let mnemonic = self.name.strip_prefix("stablehlo.")?;
        mnemonics
            .contains(&mnemonic)
            .then(|| Import::from_stablehlo(stablehlo::model(self.op, self.name)))
    }
}

/// An op's family (`None` for program structure and ops no family claims) and its import.
pub fn model_of(op: &OperationRef<'_, '_>, name: &str) -> (Option<&'static dyn OpFamily>, Import) {
    if let Some(import) = structure(op, name) {
        return (None, import);
    }
    let cx = OpCx::new(op, name);
    for &family in FAMILIES {
        if let Some(import) = family.import(&cx) {
            return (Some(family), import);
        }
    }
    if let Some(import) = cx.structured() {
        // A linalg op whose maps cannot be modelled.
        return (None, import.clone());
    }
    if name.starts_with("stablehlo.") || name.starts_with("chlo.") {
        return (None, Import::from_stablehlo(stablehlo::model(op, name)));
    }
    if is_source(op, name) {
        return (None, Import::Source);
    }
    (None, Import::Unknown)
}

/// The loops and per-operand and per-result accesses of `op` as the importer models it, or `None` for an
/// op no family models (an opaque op) or one that is not a compute op.
pub fn op_model(op: &OperationRef<'_, '_>) -> Option<OpModel> {
    match model_of(op, &op_name(op)).1 {
        Import::Modelled(model) | Import::Capturing(model, _) => Some(model),
        _ => None,
    }
}

/// Program structure: calls, returns and constants.
fn structure(op: &OperationRef<'_, '_>, name: &str) -> Option<Import> {
    match name {
        "func.call" => Some(
            match op
                .attribute("callee")
                .ok()
                .and_then(|a| ir::flat_symbol(a.to_raw()))
            {
                Some(callee) => Import::Call(callee),
                None => Import::Unknown,
            },
        ),
        "func.return" | "stablehlo.return" => Some(Import::Return),
        "arith.constant" | "stablehlo.constant" => Some(Import::Constant),
        _ => None,
    }
}

/// A value-less op (`tensor.empty`, ...) or one without tensor results: no family's business.
pub fn is_source(op: &OperationRef<'_, '_>, name: &str) -> bool {
    let tensor_result = op.results().any(|result| {
        let ty = result.r#type().to_raw();
        ir::tensor_shape(ty).is_some() || ir::is_unranked_tensor(ty)
    });
    op.result_count() == 0
        || !tensor_result
        || matches!(
            name,
            "tensor.empty"
                | "tensor.splat"
                | "tensor.from_elements"
                | "tensor.generate"
                | "bufferization.alloc_tensor"
                // A global's value (torch-mlir's dropout seed, `ml_program.global @global_seed`) is
                // state, not data: read whole on every device, like a constant.
                | "ml_program.global_load"
                | "ml_program.global_load_const"
        )
}

/// The cut of [`OpFamily::cut`]'s default: linalg structured ops through their maps, identity-access
/// ops without regions as elementwise clones.
pub fn default_cut(
    op: &OperationRef<'_, '_>,
    name: &str,
    model: &OpModel,
) -> Result<Box<dyn TaskCut>, String> {
    if let Some(maps) = ir::linalg_indexing_maps(op.to_raw()) {
        return Ok(Box::new(structured::StructuredCut { maps }));
    }
    if elementwise::cuttable(op, name, model) {
        return Ok(Box::new(elementwise::ElementwiseCut));
    }
    Err(format!(
        "cannot be materialized: par-materialize has no rule to cut '{name}' ops"
    ))
}

pub(crate) fn result_shape(op: &OperationRef<'_, '_>, index: usize) -> Option<Vec<u64>> {
    op.result(index)
        .ok()
        .and_then(|r| ir::tensor_shape(r.r#type().to_raw()))
        .map(|s| s.static_dims())
}

pub(crate) fn operand_shape(op: &OperationRef<'_, '_>, index: usize) -> Option<Vec<u64>> {
    op.operand(index)
        .ok()
        .and_then(|v| ir::tensor_shape(v.r#type().to_raw()))
        .map(|s| s.static_dims())
}

pub(crate) fn i64_attribute(op: &OperationRef<'_, '_>, name: &str) -> Option<Vec<i64>> {
    op.attribute(name)
        .ok()
        .and_then(|a| ir::i64_list(a.to_raw()))
}

/// Matches the dims of a rank-reduced shape to the full `sizes`: only dims of size 1 may be dropped
/// (leading ones first when it is ambiguous, which makes no difference to the accesses).
pub(crate) fn kept_dims(sizes: &[u64], reduced: &[u64]) -> Option<Vec<bool>> {
    let mut kept = vec![false; sizes.len()];
    let mut j = 0;
    for (i, &size) in sizes.iter().enumerate() {
        let droppable = size == 1 && sizes.len() - i > reduced.len() - j;
        if j < reduced.len() && reduced[j] == size && !droppable {
            kept[i] = true;
            j += 1;
        } else if size != 1 {
            return None;
        }
    }
    (j == reduced.len()).then_some(kept)
}

/// Replaces the dynamic entries (`kDynamic`) of a static list by the integer constants that the op's
/// operands starting at `*next` hold; `None` when one is not a constant.
pub(crate) fn resolve_dynamic(
    op: &OperationRef<'_, '_>,
    values: Vec<i64>,
    next: &mut usize,
) -> Option<Vec<i64>> {
    values
        .into_iter()
        .map(|v| {
            if v != i64::MIN {
                return Some(v);
            }
            let operand = op.operand(*next).ok()?;
            *next += 1;
            ir::constant_int(operand.to_raw())
        })
        .collect()
}

/// Offsets, sizes and strides of a slice op whose tensors start at operand 0 and whose index operands
/// start at `first`; `None` unless all are static or constants.
pub(crate) fn slice_params(
    op: &OperationRef<'_, '_>,
    first: usize,
) -> Option<(Vec<i64>, Vec<u64>, Vec<i64>)> {
    let mut next = first;
    let offsets = resolve_dynamic(op, i64_attribute(op, "static_offsets")?, &mut next)?;
    let sizes = resolve_dynamic(op, i64_attribute(op, "static_sizes")?, &mut next)?;
    let strides = resolve_dynamic(op, i64_attribute(op, "static_strides")?, &mut next)?;
    Some((
        offsets,
        sizes.iter().map(|&s| s.max(1) as u64).collect(),
        strides,
    ))
}

/// `file:line:col` of an op's location (`loc("file":line:col)` as MLIR prints it).
pub fn location_text(op: &OperationRef<'_, '_>) -> String {
    let text = op.location().to_string();
    text.trim_start_matches("loc(")
        .trim_end_matches(')')
        .replacen('"', "", 2)
}

/// How `op` will be lowered for GPUs: its family's description of its model; `None` for program
/// structure and ops no family models.
pub fn gpu_lowering(op: &OperationRef<'_, '_>) -> Option<GpuLowering> {
    let (family, import) = model_of(op, &op_name(op));
    Some(family?.gpu_lowering(import.model()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::{
        dialect::DialectRegistry,
        ir::{
            operation::{WalkOrder, WalkResult},
            Module,
        },
        utility::register_all_dialects,
        Context,
    };

    /// `(op name, family name, GPU lowering)` of every op of `source` that a family claims.
    fn families_of(source: &str) -> Vec<(String, &'static str, GpuLowering)> {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new_with_registry(&registry, false);
        context.set_allow_unregistered_dialects(true);
        let module = Module::parse(&context, source).expect("valid test IR");
        let mut found = Vec::new();
        module.as_operation().walk(WalkOrder::PreOrder, |op| {
            let name = op_name(&op);
            if let (Some(family), Some(lowering)) = (model_of(&op, &name).0, gpu_lowering(&op)) {
                found.push((name, family.name(), lowering));
                return WalkResult::Skip;
            }
            WalkResult::Advance
        });
        found
    }

    #[test]
    fn linalg_tensor_and_stablehlo_ops_reach_their_families() {
        let found = families_of(
            r#"
func.func @f(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %o: tensor<8x4xf32>, %r: tensor<8xf32>,
             %a: tensor<4x6xf32>, %b: tensor<6x5xf32>) {
  %0 = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%o : tensor<8x4xf32>) -> tensor<8x4xf32>
  %1 = linalg.reduce ins(%x : tensor<8x16xf32>) outs(%r : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %2 = arith.addf %o, %o : tensor<8x4xf32>
  %3 = tensor.extract_slice %x[0, 4] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
  %4 = tensor.collapse_shape %x [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %5 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  %6:2 = "chlo.top_k"(%x) {k = 2 : i64} : (tensor<8x16xf32>) -> (tensor<8x2xf32>, tensor<8x2xi32>)
  return
}
"#,
        );
        let expected = [
            (
                "linalg.matmul",
                "contraction",
                GpuLowering::Gemm {
                    batch: 1,
                    m: 8,
                    n: 4,
                    k: 16,
                },
            ),
            (
                "linalg.reduce",
                "reduction",
                GpuLowering::Reduction {
                    rows: 8,
                    length: 16,
                },
            ),
            (
                "arith.addf",
                "elementwise",
                GpuLowering::Elementwise {
                    points: 32,
                    inputs: 2,
                },
            ),
            (
                "tensor.extract_slice",
                "slice",
                GpuLowering::DataMovement { elements: 32 },
            ),
            (
                "tensor.collapse_shape",
                "reshape",
                GpuLowering::DataMovement { elements: 128 },
            ),
            (
                "stablehlo.dot_general",
                "contraction",
                GpuLowering::Gemm {
                    batch: 1,
                    m: 4,
                    n: 5,
                    k: 6,
                },
            ),
            (
                "chlo.top_k",
                "reduction",
                GpuLowering::Reduction {
                    rows: 16,
                    length: 16,
                },
            ),
        ];
        let found: Vec<(&str, &str, GpuLowering)> = found
            .iter()
            .map(|(name, family, lowering)| (name.as_str(), *family, *lowering))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn program_structure_belongs_to_no_family() {
        let found = families_of(
            r#"
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  return %x : tensor<4xf32>
}
"#,
        );
        assert_eq!(found, Vec::new());
    }
}
