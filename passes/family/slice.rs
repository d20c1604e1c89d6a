//! Slices, pads and concatenations: `tensor.extract_slice`, `insert_slice`, `pad` and `concat` (TOSA's
//! `slice`, `pad`, `concat` lowered) and StableHLO's `slice`, `pad` and `concatenate`.
//!
//! - **Model**: loops over the result (the destination for an insert); offsets as affine shifts:
//!   a slice reads its source at `d*stride + offset`, an insert reads its source shifted by the
//!   offsets, a pad reads shifted by the low padding, a concat operand shifted by the sizes before it.
//!   StableHLO ops by their attributes (`crate::family::stablehlo`).
//! - **Cut**: `tensor.extract_slice` reads its task's part straight from the local copy of the source
//!   (offsets moved by the task's start); `tensor.insert_slice`, `tensor.pad` and `tensor.concat` get
//!   the part of the source that falls into the task's box, with offsets, padding and operand lists
//!   recomputed per task (a task entirely in the padding pads an empty slice; a concat task inside one
//!   operand is that operand's slice). A strided insert (the export of a strided convolution's input
//!   gradient: every `s`-th element) is cut along any dim: the task takes the source elements that
//!   land in its box, placed from the first one's position with the op's strides. Dynamic offsets,
//!   sizes or widths that are not constants and index-dependent padding values are refused. StableHLO
//!   ops are not cut.
//! - **Shard export**: the generic rule (an offset on a split loop is not expressible).
//! - **GPU**: a generated copy kernel.

use super::{
    cut::{array_text, i64_attribute, Body, Combine, Operand, Planned, TaskCut, TaskCx},
    default_cut, i64_attribute as i64_list_attribute, kept_dims, operand_shape, resolve_dynamic,
    result_shape, slice_params, GpuLowering, Import, OpCx, OpFamily,
};
use crate::{
    ir,
    op_model::{identity, OpModel},
    region::{lengths, Region},
};
use flexc_core::AffineDim;
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::*;

pub struct Slice;

impl OpFamily for Slice {
    fn name(&self) -> &'static str {
        "slice"
    }

    fn import(&self, cx: &OpCx<'_, '_, '_>) -> Option<Import> {
        match cx.name {
            "tensor.extract_slice" => Some(extract_slice(cx.op)),
            "tensor.insert_slice" => Some(insert_slice(cx.op)),
            "tensor.pad" => Some(pad(cx.op)),
            "tensor.concat" => Some(concat(cx.op)),
            _ => cx.stablehlo(&["slice", "pad", "concatenate"]),
        }
    }

    fn cut(
        &self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: &OpModel,
    ) -> Result<Box<dyn TaskCut>, String> {
        let static_operands = |count: usize| {
            if op.operand_count() == count {
                Ok(())
            } else {
                Err(format!(
                    "has dynamic offsets or sizes; par-materialize needs static '{name}' ops"
                ))
            }
        };
        let cut = match name {
            "tensor.extract_slice" => {
                static_operands(1)?;
                SliceCut::Extract
            }
            "tensor.insert_slice" => {
                static_operands(2)?;
                SliceCut::Insert
            }
            "tensor.pad" => {
                pad_widths(op).map_err(|_| {
                    format!(
                        "has dynamic offsets or sizes; par-materialize needs static '{name}' ops"
                    )
                })?;
                let body =
                    unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op.to_raw(), 0)) };
                let uses_index = (0..unsafe { mlirBlockGetNumArguments(body) })
                    .any(|i| ir::has_uses(unsafe { mlirBlockGetArgument(body, i) }));
                if uses_index {
                    return Err(
                        "pads with a value that depends on the index; par-materialize cannot cut it"
                            .into(),
                    );
                }
                SliceCut::Pad
            }
            "tensor.concat" => {
                let dim = op
                    .attribute("dim")
                    .ok()
                    .and_then(|a| ir::integer(a.to_raw()))
                    .ok_or("has no dim")?;
                SliceCut::Concat(dim as usize)
            }
            _ => return default_cut(op, name, model),
        };
        Ok(Box::new(cut))
    }

    fn gpu_lowering(&self, model: &OpModel) -> GpuLowering {
        GpuLowering::DataMovement {
            elements: model.volume(),
        }
    }
}

/// `tensor.extract_slice`: loops over the slice (full rank), source index `d*stride + offset`.
fn extract_slice(op: &OperationRef<'_, '_>) -> Import {
    let Some((offsets, sizes, strides)) = slice_params(op, 1) else {
        return Import::Invalid(
            "'tensor.extract_slice' with dynamic offsets, sizes or strides is not supported".into(),
        );
    };
    let Some(result) = result_shape(op, 0) else {
        return Import::Unknown;
    };
    let Some(kept) = kept_dims(&sizes, &result) else {
        return Import::Invalid("slice sizes do not match the result shape".into());
    };
    let source: Vec<AffineDim> = (0..sizes.len())
        .map(|d| AffineDim {
            terms: vec![(d, strides[d])],
            offset: offsets[d],
        })
        .collect();
    let output = (0..sizes.len())
        .filter(|&d| kept[d])
        .map(AffineDim::dim)
        .collect();
    let mut inputs = vec![None; op.operand_count()];
    inputs[0] = Some(source);
    Import::Modelled(OpModel::movement(sizes, inputs, vec![output]))
}

/// `tensor.insert_slice %src into %dest`: loops over the destination; the source is read shifted.
fn insert_slice(op: &OperationRef<'_, '_>) -> Import {
    let Some((offsets, sizes, _)) = slice_params(op, 2) else {
        return Import::Invalid(
            "'tensor.insert_slice' with dynamic offsets, sizes or strides is not supported".into(),
        );
    };
    let (Some(source), Some(dest)) = (operand_shape(op, 0), operand_shape(op, 1)) else {
        return Import::Unknown;
    };
    let Some(kept) = kept_dims(&sizes, &source) else {
        return Import::Invalid("slice sizes do not match the source shape".into());
    };
    let source_access = (0..dest.len())
        .filter(|&d| kept.get(d).copied().unwrap_or(false))
        .map(|d| AffineDim::shifted(d, -offsets[d]))
        .collect();
    let mut inputs = vec![None; op.operand_count()];
    inputs[0] = Some(source_access);
    inputs[1] = Some(identity(dest.len()));
    Import::Modelled(OpModel::movement(
        dest.clone(),
        inputs,
        vec![identity(dest.len())],
    ))
}

/// `tensor.pad`: loops over the result; the source is read shifted by the low padding.
fn pad(op: &OperationRef<'_, '_>) -> Import {
    let mut next = 1;
    let low =
        i64_list_attribute(op, "static_low").and_then(|low| resolve_dynamic(op, low, &mut next));
    let (Some(low), Some(result)) = (low, result_shape(op, 0)) else {
        return Import::Invalid("'tensor.pad' with dynamic padding is not supported".into());
    };
    if low.len() != result.len() {
        return Import::Invalid("'tensor.pad' with dynamic padding is not supported".into());
    }
    let mut inputs = vec![None; op.operand_count()];
    inputs[0] = Some(
        low.iter()
            .enumerate()
            .map(|(d, &l)| AffineDim::shifted(d, -l))
            .collect(),
    );
    Import::Modelled(OpModel::movement(
        result.clone(),
        inputs,
        vec![identity(result.len())],
    ))
}

/// `tensor.concat`: loops over the result; operand `i` is read shifted by the sizes before it.
fn concat(op: &OperationRef<'_, '_>) -> Import {
    let Some(result) = result_shape(op, 0) else {
        return Import::Unknown;
    };
    let Some(dim) = op
        .attribute("dim")
        .ok()
        .map(|a| unsafe { mlir_sys::mlirIntegerAttrGetValueInt(a.to_raw()) } as usize)
        .filter(|&d| d < result.len())
    else {
        return Import::Invalid("'tensor.concat' without a valid dim".into());
    };
    let mut offset = 0i64;
    let mut inputs = Vec::new();
    for index in 0..op.operand_count() {
        let Some(shape) = operand_shape(op, index) else {
            inputs.push(None);
            continue;
        };
        let mut access = identity(result.len());
        access[dim].offset = -offset;
        offset += shape.get(dim).copied().unwrap_or(0) as i64;
        inputs.push(Some(access));
    }
    Import::Modelled(OpModel::movement(
        result.clone(),
        inputs,
        vec![identity(result.len())],
    ))
}

/// The low and high padding of a `tensor.pad`, its dynamic entries resolved where they are
/// constants (TOSA lowers pads with `arith.constant` widths).
fn pad_widths(op: &OperationRef<'_, '_>) -> Result<(Vec<i64>, Vec<i64>), String> {
    let mut low = i64_attribute(op, "static_low")?;
    let mut high = i64_attribute(op, "static_high")?;
    let mut dynamic = 1..op.operand_count();
    for width in low.iter_mut().chain(high.iter_mut()) {
        if *width == i64::MIN {
            let operand = dynamic
                .next()
                .ok_or("has fewer padding operands than dynamic widths")?;
            *width =
                ir::constant_int(unsafe { mlirOperationGetOperand(op.to_raw(), operand as isize) })
                    .ok_or("has a padding width that is not a constant")?;
        }
    }
    Ok((low, high))
}

/// The cut of a `tensor` slice, insert, pad or concat (module doc).
enum SliceCut {
    Extract,
    Insert,
    Pad,
    Concat(usize),
}

impl TaskCut for SliceCut {
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        _first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        match self {
            SliceCut::Extract => extract_task(cx, loops),
            SliceCut::Insert => insert_task(cx, loops),
            SliceCut::Pad => pad_task(cx, loops),
            SliceCut::Concat(dim) => concat_task(cx, loops, *dim),
        }
    }
}

fn extract_task(cx: &TaskCx<'_, '_, '_>, loops: &Region) -> Result<Planned, String> {
    let op = cx.op;
    let mut reads = Vec::new();
    let offsets = i64_attribute(op, "static_offsets")?;
    let strides = i64_attribute(op, "static_strides")?;
    let sizes: Vec<u64> = cx.model.loops.clone();
    let result = cx.result_shape()?;
    let kept = kept_dims(
        &sizes,
        &result.iter().map(|&d| d as u64).collect::<Vec<_>>(),
    )
    .ok_or("has sizes that do not match its result")?;
    let source = cx.id(0)?;
    let read: Region = loops
        .iter()
        .zip(offsets.iter().zip(&strides))
        .map(|(&(lo, hi), (&offset, &stride))| {
            (lo * stride + offset, (hi - 1) * stride + offset + 1)
        })
        .collect();
    reads.push((source, read.clone()));
    let output: Region = loops
        .iter()
        .zip(&kept)
        .filter(|(_, &k)| k)
        .map(|(&r, _)| r)
        .collect();
    Ok(Planned {
        body: Body::Clone {
            operands: vec![Operand::Whole(source)],
            results: vec![lengths(&output)],
            attributes: vec![
                (
                    "static_offsets",
                    array_text(&read.iter().map(|r| r.0).collect::<Vec<_>>()),
                ),
                ("static_sizes", array_text(&lengths(loops))),
            ],
            starts: Vec::new(),
        },
        reads,
        outputs: vec![output],
    })
}

fn insert_task(cx: &TaskCx<'_, '_, '_>, loops: &Region) -> Result<Planned, String> {
    let op = cx.op;
    let mut reads = Vec::new();
    let offsets = i64_attribute(op, "static_offsets")?;
    let sizes = i64_attribute(op, "static_sizes")?;
    let strides = i64_attribute(op, "static_strides")?;
    if strides.len() != offsets.len() || strides.iter().any(|&s| s < 1) {
        return Err("inserts with strides below 1; par-materialize cannot cut it".into());
    }
    let source_shape = cx.shape(0).ok_or("has a dynamic source")?;
    let kept = kept_dims(
        &sizes.iter().map(|&s| s as u64).collect::<Vec<_>>(),
        &source_shape.iter().map(|&d| d as u64).collect::<Vec<_>>(),
    )
    .ok_or("has sizes that do not match its source")?;
    let (source, dest) = (cx.id(0)?, cx.id(1)?);
    let part: Region = loops
        .iter()
        .zip(offsets.iter().zip(&sizes).zip(&strides))
        .map(|(&(lo, hi), ((&offset, &size), &stride))| {
            strided_part((lo, hi), offset, size, stride)
        })
        .collect();
    reads.push((dest, loops.clone()));
    let dest_slice = Operand::Slice(dest, loops.clone());
    if part.iter().any(|&(lo, hi)| lo >= hi) {
        return Ok(Planned {
            body: Body::Forward(dest_slice),
            reads,
            outputs: vec![loops.clone()],
        });
    }
    let source_part: Region = part
        .iter()
        .zip(&kept)
        .filter(|(_, &k)| k)
        .map(|(&r, _)| r)
        .collect();
    reads.push((source, source_part.clone()));
    // The first source element of the part lands at `offset + stride * lo`, in the task's box at that
    // minus the box's start; the strides stay the op's own.
    let local_offsets: Vec<i64> = part
        .iter()
        .zip(offsets.iter().zip(&strides).zip(loops))
        .map(|(&(lo, _), ((&offset, &stride), &(task_lo, _)))| offset + stride * lo - task_lo)
        .collect();
    Ok(Planned {
        body: Body::Clone {
            operands: vec![Operand::Slice(source, source_part), dest_slice],
            results: vec![lengths(loops)],
            attributes: vec![
                ("static_offsets", array_text(&local_offsets)),
                ("static_sizes", array_text(&lengths(&part))),
            ],
            starts: Vec::new(),
        },
        reads,
        outputs: vec![loops.clone()],
    })
}

/// The source elements `[first, end)` of an insert along one dim (`size` elements placed at `offset`,
/// `offset + stride`, ...) that land in the task's destination range `[lo, hi)`: `first` is the
/// smallest `i` with `offset + stride * i >= lo`, `end` the smallest with `offset + stride * i >= hi`,
/// both clamped to the source (an empty range when none lands there).
fn strided_part((lo, hi): (i64, i64), offset: i64, size: i64, stride: i64) -> (i64, i64) {
    let ceil_div = |a: i64, b: i64| -((-a).div_euclid(b));
    let first = ceil_div(lo - offset, stride).clamp(0, size);
    (first, ceil_div(hi - offset, stride).clamp(first, size))
}

fn pad_task(cx: &TaskCx<'_, '_, '_>, loops: &Region) -> Result<Planned, String> {
    let op = cx.op;
    let mut reads = Vec::new();
    let (low, _) = pad_widths(op)?;
    let source_shape = cx.shape(0).ok_or("has a dynamic source")?;
    let source = cx.id(0)?;
    let mut part = Region::new();
    let (mut new_low, mut new_high) = (Vec::new(), Vec::new());
    for ((&(lo, hi), &l), &size) in loops.iter().zip(&low).zip(&source_shape) {
        let a = (lo - l).clamp(0, size);
        let b = (hi - l).clamp(a, size);
        let (a, b) = if a < b { (a, b) } else { (0, 0) };
        let pad_low = if a < b { a + l - lo } else { 0 };
        part.push((a, b));
        new_low.push(pad_low);
        new_high.push((hi - lo) - pad_low - (b - a));
    }
    if part.iter().all(|&(lo, hi)| lo < hi) {
        reads.push((source, part.clone()));
    }
    Ok(Planned {
        body: Body::Clone {
            operands: vec![Operand::Slice(source, part)],
            results: vec![lengths(loops)],
            attributes: vec![
                ("static_low", array_text(&new_low)),
                ("static_high", array_text(&new_high)),
                ("operandSegmentSizes", "array<i32: 1, 0, 0>".into()),
            ],
            starts: Vec::new(),
        },
        reads,
        outputs: vec![loops.clone()],
    })
}

fn concat_task(cx: &TaskCx<'_, '_, '_>, loops: &Region, dim: usize) -> Result<Planned, String> {
    let op = cx.op;
    let mut reads = Vec::new();
    let mut operands = Vec::new();
    let mut offset = 0i64;
    for j in 0..op.operand_count() {
        let extent = cx.shape(j).and_then(|s| s.get(dim).copied()).unwrap_or(0);
        let mut part = loops.clone();
        let (lo, hi) = loops[dim];
        part[dim] = (
            (lo - offset).clamp(0, extent),
            (hi - offset).clamp(0, extent),
        );
        offset += extent;
        if part[dim].0 < part[dim].1 {
            let value = cx.id(j)?;
            reads.push((value, part.clone()));
            operands.push(Operand::Slice(value, part));
        }
    }
    let body = if operands.len() == 1 {
        Body::Forward(operands.remove(0))
    } else {
        Body::Clone {
            operands,
            results: vec![lengths(loops)],
            attributes: Vec::new(),
            starts: Vec::new(),
        }
    };
    Ok(Planned {
        body,
        reads,
        outputs: vec![loops.clone()],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strided_parts_take_the_elements_landing_in_the_task() {
        // 4 elements at 1, 3, 5, 7 of a destination of 8 (offset 1, stride 2).
        assert_eq!(strided_part((0, 4), 1, 4, 2), (0, 2)); // lands at 1, 3
        assert_eq!(strided_part((4, 8), 1, 4, 2), (2, 4)); // lands at 5, 7
        assert_eq!(strided_part((2, 3), 1, 4, 2), (1, 1)); // nothing at 2
        assert_eq!(strided_part((0, 1), 1, 4, 2), (0, 0)); // before the first
                                                           // Stride 1 is a shifted copy: [lo - offset, hi - offset) clamped.
        assert_eq!(strided_part((2, 6), 3, 10, 1), (0, 3));
        assert_eq!(strided_part((20, 30), 3, 10, 1), (10, 10));
    }

    #[test]
    fn slices_are_copies_of_their_result() {
        let model = OpModel::movement(
            vec![4, 6],
            vec![Some(vec![AffineDim::shifted(0, 2), AffineDim::dim(1)])],
            vec![identity(2)],
        );
        assert_eq!(
            Slice.gpu_lowering(&model),
            GpuLowering::DataMovement { elements: 24 }
        );
    }
}
