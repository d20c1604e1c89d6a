//! Elementwise ops: pointwise arithmetic, casts and comparisons on tensors of one shape. Linalg
//! elementwise generics (TOSA's `add`, `mul`, `sigmoid`, ... lowered), StableHLO's and CHLO's
//! elementwise ops (a lower-rank or size-1 operand broadcast), and any other op whose tensor
//! operands and results all have one shape and that has no region (`arith.addf` on tensors,
//! `tensor.cast`, `par.repartition`): decided from types, never from op names; an op without tensor
//! operands (a source) is not elementwise.
//!
//! - **Model**: loops over the result, all parallel, identity accesses; 1 FLOP per point (0 for casts
//!   and `par.*` ops, which move data).
//! - **Cut**: a clone on the task's slices of every tensor operand (linalg ops by the structured cut);
//!   `par.*` ops and StableHLO ops with broadcast operands are not cut.
//! - **Shard export**: the generic rule (every dim follows its loop).
//! - **GPU**: a generated fused elementwise kernel (a copy kernel for casts).

use super::stablehlo;
use super::{
    cut::{is_identity, Body, Combine, Operand, Planned, TaskCut, TaskCx},
    is_source, result_shape, GpuLowering, Import, OpCx, OpFamily,
};
use crate::{
    ir,
    op_model::{identity, OpModel},
    region::{lengths, Region},
};
use flexc_core::OpClass;
use melior::ir::{operation::OperationLike, OperationRef, TypeLike, ValueLike};

pub struct Elementwise;

impl OpFamily for Elementwise {
    fn name(&self) -> &'static str {
        "elementwise"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        if let Some(import) = cx.structured() {
            return import
                .model()
                .is_some_and(|m| m.class == OpClass::Elementwise)
                .then(|| import.clone());
        }
        if cx.name.starts_with("stablehlo.") || cx.name.starts_with("chlo.") {
            return stablehlo::is_elementwise(cx.name)
                .then(|| Import::from_stablehlo(stablehlo::model(cx.op, cx.name)));
        }
        if is_source(cx.op, cx.name) {
            return None;
        }
        elementwise(cx.op, cx.name).map(Import::Modelled)
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        if model.class == OpClass::DataMovement {
            return GpuLowering::DataMovement {
                elements: model.volume(),
            };
        }
        GpuLowering::Elementwise {
            points: model.volume(),
            inputs: model.inputs.iter().flatten().count(),
        }
    }
}

/// Elementwise by structure: every tensor operand and result has one same shape and there is no region
/// (e.g. `arith.addf` on tensors, `tensor.cast`, `par.repartition`). Decided from types, never from op
/// names; an op without tensor operands (a source) is not elementwise.
fn elementwise(op: &OperationRef<'_, '_>, name: &str) -> Option<OpModel> {
    if op.region_count() != 0 {
        return None;
    }
    let shape = result_shape(op, 0)?;
    let mut inputs = Vec::new();
    let mut any_tensor = false;
    for v in op.operands() {
        match ir::tensor_shape(v.r#type().to_raw()) {
            Some(s) if s.static_dims() == shape => {
                any_tensor = true;
                inputs.push(Some(identity(shape.len())));
            }
            Some(_) => return None,
            None => inputs.push(None),
        }
    }
    if !any_tensor || (0..op.result_count()).any(|r| result_shape(op, r).as_ref() != Some(&shape)) {
        return None;
    }
    let movement = name == "tensor.cast" || name.starts_with("par.") || name == "arith.bitcast";
    let points = crate::op_model::saturating_product(&shape);
    Some(OpModel {
        parallel: vec![true; shape.len()],
        loops: shape.clone(),
        inputs,
        outputs: vec![identity(shape.len()); op.result_count()],
        class: if movement {
            OpClass::DataMovement
        } else {
            OpClass::Elementwise
        },
        flops: if movement { 0 } else { points },
    })
}

/// Whether a non-linalg op is cut as an elementwise clone: no region, identity accesses, not a `par`
/// op.
pub fn cuttable(op: &OperationRef<'_, '_>, name: &str, model: &OpModel) -> bool {
    op.region_count() == 0
        && model.outputs.iter().all(|o| is_identity(o))
        && model.inputs.iter().flatten().all(|i| is_identity(i))
        && !name.starts_with("par.")
}

/// The cut of an elementwise op: a clone on the task's slice of every tensor operand.
pub struct ElementwiseCut;

impl TaskCut for ElementwiseCut {
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        _first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let op = cx.op;
        let (operands, reads) =
            cx.tensor_operands(|value, _| (Operand::Slice(value, loops.clone()), loops.clone()))?;
        Ok(Planned {
            body: Body::Clone {
                operands,
                results: vec![lengths(loops); op.result_count()],
                attributes: Vec::new(),
                starts: Vec::new(),
            },
            reads,
            outputs: vec![loops.clone(); op.result_count()],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointwise_ops_are_fused_kernels_and_casts_copies() {
        let mut model = OpModel {
            loops: vec![8, 16],
            parallel: vec![true, true],
            inputs: vec![Some(identity(2)), Some(identity(2)), None],
            outputs: vec![identity(2)],
            class: OpClass::Elementwise,
            flops: 128,
        };
        assert_eq!(
            Elementwise.gpu_lowering(&model),
            GpuLowering::Elementwise {
                points: 128,
                inputs: 2
            }
        );
        model.class = OpClass::DataMovement;
        assert_eq!(
            Elementwise.gpu_lowering(&model),
            GpuLowering::DataMovement { elements: 128 }
        );
    }
}
