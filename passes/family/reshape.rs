//! Layout changes: reshapes (`tensor.expand_shape`/`collapse_shape`, `stablehlo.reshape`), transposes,
//! broadcasts, reversals, fills and iotas: data movement that changes which element sits where
//! (linalg `transpose`, `broadcast`, `fill`, copies and other generics without arithmetic; StableHLO's
//! `broadcast_in_dim`, `transpose`, `reverse`, `iota`).
//!
//! - **Model**: linalg ops through their maps ([`super::structured`]); StableHLO ops by their
//!   attributes (`crate::family::stablehlo`); `tensor` reshapes: loops over the higher-rank side, the other side
//!   read or written through row-major linearized indices.
//! - **Cut**: linalg ops by the structured cut. A `tensor` reshape reshapes the task's slice where its
//!   part of every reassociation group is contiguous (a split dim has only size-1 or unsplit dims
//!   outside it in its group, and only unsplit dims inside). Otherwise the task reads its source
//!   *whole* (receives every piece it lacks), reshapes all of it and keeps its part with
//!   `tensor.extract_slice`: its box for an expand; for a collapse, of every low dim the even share
//!   that its index among the group's parts (row-major over the group's dims) gives (its linear
//!   range, where that is contiguous). StableHLO layout ops are not cut.
//! - **Shard export**: the generic rule (a merged dim split along its outermost loop is expressible).
//! - **GPU**: a generated copy kernel.

use super::{
    cut::{array_text, Body, Combine, Operand, Planned, TaskCut, TaskCx},
    default_cut, operand_shape, result_shape, GpuLowering, Import, OpCx, OpFamily,
};
use crate::{
    ir,
    op_model::{identity, linearized, OpModel},
    region::{full, lengths, Region},
};
use flexc_core::{AffineDim, OpClass};
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};

pub struct Reshape;

impl OpFamily for Reshape {
    fn name(&self) -> &'static str {
        "reshape"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        if matches!(cx.name, "tensor.expand_shape" | "tensor.collapse_shape") {
            return Some(reshape(cx.op));
        }
        cx.structured_of_class(OpClass::DataMovement).or_else(|| {
            cx.stablehlo(&[
                "broadcast_in_dim",
                "dynamic_broadcast_in_dim",
                "reshape",
                "transpose",
                "reverse",
                "iota",
                "dynamic_iota",
            ])
        })
    }

    fn cut(
        &self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: &OpModel,
    ) -> Result<Box<dyn TaskCut>, String> {
        if !matches!(name, "tensor.expand_shape" | "tensor.collapse_shape") {
            return default_cut(op, name, model);
        }
        let groups = op
            .attribute("reassociation")
            .ok()
            .and_then(|a| ir::nested_int_arrays(a.to_raw()))
            .ok_or("has no reassociation")?;
        if name == "tensor.expand_shape" && op.operand_count() != 1 {
            return Err("has a dynamic output shape; par-materialize needs static shapes".into());
        }
        Ok(Box::new(ReshapeCut {
            expand: name == "tensor.expand_shape",
            groups: groups
                .into_iter()
                .map(|g| g.into_iter().map(|d| d as usize).collect())
                .collect(),
        }))
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        GpuLowering::DataMovement {
            elements: model.volume(),
        }
    }
}

/// `expand_shape`/`collapse_shape`: loops over the higher-rank side.
fn reshape(op: &OperationRef<'_, '_>) -> Import {
    let (Some(source), Some(result)) = (operand_shape(op, 0), result_shape(op, 0)) else {
        return Import::Unknown;
    };
    let Some(groups) = op
        .attribute("reassociation")
        .ok()
        .and_then(|a| ir::nested_int_arrays(a.to_raw()))
    else {
        return Import::Invalid("reshape without a reassociation".into());
    };
    let expand = source.len() <= result.len();
    let (high, low) = if expand {
        (&result, &source)
    } else {
        (&source, &result)
    };
    if groups.len() != low.len() || groups.iter().flatten().any(|&d| d as usize >= high.len()) {
        return Import::Invalid("reshape reassociation does not match its shapes".into());
    }
    let low_access: Vec<AffineDim> = groups
        .iter()
        .map(|group| {
            let dims: Vec<usize> = group.iter().map(|&d| d as usize).collect();
            linearized(&dims, high)
        })
        .collect();
    let mut inputs: Vec<Option<Vec<AffineDim>>> = vec![None; op.operand_count()];
    let (input, output) = if expand {
        (low_access, identity(high.len()))
    } else {
        (identity(high.len()), low_access)
    };
    inputs[0] = Some(input);
    Import::Modelled(OpModel::movement(high.clone(), inputs, vec![output]))
}

/// The cut of a `tensor` reshape (module doc).
struct ReshapeCut {
    expand: bool,
    groups: Vec<Vec<usize>>,
}

impl TaskCut for ReshapeCut {
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        _first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let (model, expand, groups) = (cx.model, &self.expand, &self.groups);
        let mut reads = Vec::new();
        let high = &model.loops;
        let mut low_region = Region::new();
        let mut contiguous = true;
        for group in groups {
            // Contiguous: inside the innermost partial dim all dims are whole, outside it all
            // have one index.
            let partial = group
                .iter()
                .rposition(|&d| loops[d].1 - loops[d].0 != high[d] as i64);
            if let Some(p) = partial {
                contiguous &= group[..p].iter().all(|&d| loops[d].1 - loops[d].0 == 1);
            }
            // The task's index among the group's parts (row-major over the group's dims) and
            // the number of parts: its part of the low dim is the matching even share (the
            // task's linear range where that is contiguous).
            let (mut part, mut parts, mut size) = (0i64, 1i64, 1i64);
            for &d in group {
                let (lo, hi) = loops[d];
                let degree = high[d] as i64 / (hi - lo);
                part = part * degree + lo / (hi - lo);
                parts *= degree;
                size *= high[d] as i64;
            }
            let share = size / parts;
            low_region.push((part * share, (part + 1) * share));
        }
        let source = cx.id(0)?;
        if !contiguous {
            // The task's part of the high side is not a box of the low side: the task reads the
            // whole source, reshapes all of it and keeps its part (its box of the high side
            // for an expand, its even share of each low group for a collapse).
            let source_shape = cx.shape(0).ok_or("has a dynamic source")?;
            reads.push((source, full(&source_shape)));
            let output = if *expand { loops.clone() } else { low_region };
            return Ok(Planned {
                body: Body::Part {
                    operands: vec![Operand::Whole(source)],
                    attributes: Vec::new(),
                    region: output.clone(),
                },
                reads,
                outputs: vec![output],
            });
        }
        let (read, output, attributes) = if *expand {
            let shape = array_text(&lengths(loops));
            (
                low_region,
                loops.clone(),
                vec![("static_output_shape", shape)],
            )
        } else {
            (loops.clone(), low_region, Vec::new())
        };
        reads.push((source, read.clone()));
        Ok(Planned {
            body: Body::Clone {
                operands: vec![Operand::Slice(source, read)],
                results: vec![lengths(&output)],
                attributes,
                starts: Vec::new(),
            },
            reads,
            outputs: vec![output],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_changes_are_copies() {
        // A transpose of a [64, 32] tensor.
        let model = OpModel::movement(
            vec![32, 64],
            vec![Some(vec![AffineDim::dim(1), AffineDim::dim(0)])],
            vec![identity(2)],
        );
        assert_eq!(
            Reshape.gpu_lowering(&model),
            GpuLowering::DataMovement { elements: 2048 }
        );
    }
}
