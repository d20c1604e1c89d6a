//! Linalg structured ops, named or generic: the helper that the contraction, convolution, reduction,
//! gather, reshape and elementwise families share for their linalg members.
//!
//! **Model**: loops and accesses come from MLIR's own indexing maps (`mlirLinalgGetIndexingMapsAttribute`),
//! no list of named ops; a loop is parallel iff it indexes a result (the linalg invariant). Tensors the
//! body reads with `tensor.extract` (embedding tables) are read with one extra reduction loop per
//! data-dependent index. A destination operand counts as read only when the body uses its block
//! argument. The class (which family the op belongs to) follows from the maps and the body: a capture
//! makes an embedding, a window (an index summing several loops) a convolution, a reduction over two
//! tensors with a multiply a contraction, another reduction a reduction, a body without arithmetic data
//! movement, the rest elementwise.
//!
//! **Cut** ([`StructuredCut`]): a task clones the op with sliced operands and result types. The slice of
//! an operand starts at the map's value at the task's lowest loop point *without* the map's constant
//! offset, so the clone's unchanged indexing maps still index from 0 (a strided or dilated window
//! included). The clone iterates from 0, so every `linalg.index k` of its body gets the task's start
//! along loop `k` added. Maps with a negative constant offset or coefficient, and results whose map is
//! not a projected permutation, are rejected.

use super::{
    cut::{Body, Combine, Operand, Planned, TaskCut, TaskCx},
    operand_shape, Import,
};
use crate::{
    ir,
    op_model::OpModel,
    op_name,
    region::{lengths, Region},
};
use flexc_core::{AffineDim, OpClass};
use melior::ir::{
    attribute::AttributeLike, block::BlockLike, operation::OperationLike, BlockRef, OperationRef,
    RegionLike, TypeLike, ValueLike,
};
use mlir_sys::MlirValue;

/// The model of a linalg structured op with indexing `maps` (see the module doc).
pub fn model(op: &OperationRef<'_, '_>, name: &str, maps: &[(usize, Vec<AffineDim>)]) -> Import {
    let operand_count = op.operand_count();
    let results = op.result_count();
    if maps.len() != operand_count || maps.is_empty() || results > operand_count {
        return Import::Invalid(format!(
            "'{name}' op has {operand_count} operands but {} indexing maps",
            maps.len()
        ));
    }
    let inputs = operand_count - results;
    let loops = maps[0].0;
    let mut sizes: Vec<Option<u64>> = vec![None; loops];
    for (index, (_, exprs)) in maps.iter().enumerate() {
        let Some(shape) = operand_shape(op, index) else {
            continue;
        };
        for (expr, size) in exprs.iter().zip(shape) {
            if let Some(dim) = expr.single_dim() {
                sizes[dim].get_or_insert(size);
            }
        }
    }
    let Some(mut sizes) = sizes.into_iter().collect::<Option<Vec<u64>>>() else {
        return Import::Invalid(format!(
            "'{name}' op: cannot infer the trip count of every loop from operand shapes"
        ));
    };
    let mut parallel: Vec<bool> = (0..loops)
        .map(|d| {
            maps[inputs..]
                .iter()
                .any(|(_, exprs)| exprs.iter().any(|e| e.single_dim() == Some(d)))
        })
        .collect();
    let body = op.region(0).ok().and_then(|r| r.first_block());
    let mut model_inputs = Vec::with_capacity(operand_count);
    for (index, (_, exprs)) in maps.iter().enumerate() {
        let is_tensor = operand_shape(op, index).is_some();
        // A destination is read only when the body uses its element (accumulation).
        let read = index < inputs
            || body
                .and_then(|b| b.argument(index).ok())
                .is_some_and(|arg| ir::has_uses(arg.to_raw()));
        model_inputs.push((is_tensor && read).then(|| exprs.clone()));
    }
    let points = crate::op_model::saturating_product(&sizes);
    let arithmetic = body.map_or(0, body_arithmetic);
    // Saturating: an overflow shows as u64::MAX, which the import reports (`OpModel::check_sizes`).
    let flops = if points == u64::MAX {
        u64::MAX
    } else {
        arithmetic.saturating_mul(points)
    };
    let captures = body.map_or_else(Vec::new, |body| {
        captures(body, loops, &mut sizes, &mut parallel)
    });
    let class = class_of(
        &model_inputs[..inputs],
        &parallel,
        !captures.is_empty(),
        arithmetic,
        body,
    );
    let model = OpModel {
        loops: sizes,
        parallel,
        inputs: model_inputs,
        outputs: maps[inputs..].iter().map(|(_, e)| e.clone()).collect(),
        class,
        flops,
    };
    if captures.is_empty() {
        Import::Modelled(model)
    } else {
        Import::Capturing(model, captures)
    }
}

/// The tensors `body` reads by data-dependent index (`tensor.extract` of a table: embedding tables),
/// each with its access; an index that comes from `linalg.index k` (k < `loops`), or provably equals loop
/// `k` or a constant (`super::index_trace::body_index`: `remsi(linalg.index 0, 64)` over 64 iterations,
/// an element of an iota tensor), is that; any other gets a reduction loop of its own, appended to `sizes`
/// and `parallel`.
fn captures(
    body: BlockRef<'_, '_>,
    loops: usize,
    sizes: &mut Vec<u64>,
    parallel: &mut Vec<bool>,
) -> Vec<(MlirValue, Vec<AffineDim>)> {
    let mut captures = Vec::new();
    for inner in ir::block_operations(body) {
        if op_name(&inner) != "tensor.extract" {
            continue;
        }
        let Ok(table) = inner.operand(0) else {
            continue;
        };
        let Some(shape) = ir::tensor_shape(table.r#type().to_raw()) else {
            continue;
        };
        let mut access = Vec::new();
        let generic = unsafe { mlir_sys::mlirBlockGetParentOperation(body.to_raw()) };
        for (position, size) in shape.static_dims().into_iter().enumerate() {
            let index = inner.operand(position + 1).ok().map(|v| v.to_raw());
            let from_loop = index.and_then(|index| {
                linalg_index_of(index)
                    .filter(|&k| k < loops)
                    .map(AffineDim::dim)
                    .or_else(|| super::index_trace::body_index(generic, index, &sizes[..loops]))
            });
            access.push(match from_loop {
                Some(e) if e.single_dim().is_some_and(|k| k < loops) => e,
                Some(e) if e.terms.is_empty() && e.offset >= 0 && (e.offset as u64) < size => e,
                _ => {
                    sizes.push(size.max(1));
                    parallel.push(false);
                    AffineDim::dim(sizes.len() - 1)
                }
            });
        }
        captures.push((table.to_raw(), access));
    }
    captures
}

/// The class (and so the family) of a structured op from the accesses of its input operands, its
/// loops, whether it captures tables, and its body (see the module doc).
fn class_of(
    inputs: &[Option<Vec<AffineDim>>],
    parallel: &[bool],
    captures: bool,
    arithmetic: u64,
    body: Option<BlockRef<'_, '_>>,
) -> OpClass {
    let windowed = inputs
        .iter()
        .flatten()
        .any(|exprs| exprs.iter().any(|e| e.terms.len() > 1));
    let reduction = parallel.iter().any(|p| !p);
    let read_tensors = inputs.iter().flatten().count();
    if captures {
        OpClass::Embedding
    } else if windowed {
        OpClass::Convolution
    } else if reduction && read_tensors >= 2 && body.is_some_and(has_multiply) {
        OpClass::Contraction
    } else if reduction {
        OpClass::Reduction
    } else if arithmetic == 0 {
        OpClass::DataMovement
    } else {
        OpClass::Elementwise
    }
}

/// The loop `k` of a `linalg.index k` (possibly through an `arith.index_cast`).
fn linalg_index_of(value: MlirValue) -> Option<usize> {
    let op = ir::defining_op(value)?;
    let op = unsafe { OperationRef::from_raw(op) };
    match op_name(&op).as_str() {
        "linalg.index" => op
            .attribute("dim")
            .ok()
            .map(|a| unsafe { mlir_sys::mlirIntegerAttrGetValueInt(a.to_raw()) } as usize),
        "arith.index_cast" | "arith.index_castui" => linalg_index_of(op.operand(0).ok()?.to_raw()),
        _ => None,
    }
}

fn has_multiply(block: BlockRef<'_, '_>) -> bool {
    ir::block_operations(block)
        .iter()
        .any(|op| matches!(op_name(op).as_str(), "arith.mulf" | "arith.muli"))
}

/// Arithmetic ops per iteration of a structured op's body (index bookkeeping excluded).
fn body_arithmetic(block: BlockRef<'_, '_>) -> u64 {
    ir::block_operations(block)
        .iter()
        .filter(|inner| {
            let name = op_name(inner);
            (name.starts_with("arith.") || name.starts_with("math."))
                && !matches!(
                    name.as_str(),
                    "arith.constant" | "arith.index_cast" | "arith.index_castui"
                )
        })
        .count() as u64
}

/// The cut of a linalg structured op: a clone on the slices its indexing maps give (module doc).
pub struct StructuredCut {
    pub maps: Vec<(usize, Vec<AffineDim>)>,
}

impl TaskCut for StructuredCut {
    fn own_loops(&self, _model: &OpModel) -> usize {
        self.maps.first().map_or(0, |m| m.0)
    }

    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let (op, model, maps) = (cx.op, cx.model, &self.maps);
        let mut reads = Vec::new();
        let results = op.result_count();
        let inputs = op.operand_count() - results;
        let mut operands = Vec::new();
        let mut slices = Vec::new();
        for (j, (_, exprs)) in maps.iter().enumerate() {
            let Some(shape) = cx.shape(j) else {
                operands.push(Operand::Keep(j));
                slices.push(Vec::new());
                continue;
            };
            let mut slice = Region::new();
            let mut read = Region::new();
            for (dim, (e, &size)) in exprs.iter().zip(&shape).enumerate() {
                if e.terms.iter().any(|&(_, c)| c < 0) || e.offset < 0 {
                    return Err(format!("indexes operand {j} dim {dim} with a negative coefficient or offset; par-materialize cannot slice it"));
                }
                let start: i64 = e.terms.iter().map(|&(k, c)| c * loops[k].0).sum();
                let end: i64 = e
                    .terms
                    .iter()
                    .map(|&(k, c)| c * (loops[k].1 - 1))
                    .sum::<i64>()
                    + e.offset
                    + 1;
                if end > size {
                    return Err(format!("reads operand {j} dim {dim} past its size {size}"));
                }
                slice.push((start, end));
                read.push((start + e.offset, end));
            }
            let value = cx.id(j)?;
            let operand = match first {
                Err(Some(combine)) if j >= inputs => Operand::Identity {
                    like: j,
                    shape: lengths(&slice),
                    combine,
                },
                _ => {
                    if model.inputs.get(j).is_some_and(Option::is_some) {
                        reads.push((value, read));
                    }
                    Operand::Slice(value, slice.clone())
                }
            };
            operands.push(operand);
            slices.push(slice);
        }
        let mut outputs = Vec::new();
        for r in 0..results {
            let (_, exprs) = &maps[inputs + r];
            // Loop dims, or index 0 of a unit dim (a reduction that keeps its dim).
            let plain =
                |e: &AffineDim| e.single_dim().is_some() || (e.terms.is_empty() && e.offset == 0);
            if !exprs.iter().all(plain) {
                return Err(format!(
                    "writes result {r} through an indexing map that is not a projected permutation"
                ));
            }
            outputs.push(slices[inputs + r].clone());
        }
        Ok(Planned {
            body: Body::Clone {
                operands,
                results: outputs.iter().map(lengths).collect(),
                attributes: Vec::new(),
                starts: loops.iter().map(|r| r.0).collect(),
            },
            reads,
            outputs,
        })
    }
}
