//! torch-mlir's `tm_tensor.sort` (generic form, parsed with unregistered dialects allowed): what
//! torch-mlir writes for `torch.topk` and `torch.sort` (a mixture-of-experts router's top-k: the whole
//! row sorted, then `tensor.extract_slice` of its first `k`).
//!
//! The op sorts its operands (all `outs`, of one shape) along `dimension` together, by the comparator
//! its body computes from `(lhs_0, rhs_0, lhs_1, rhs_1, ...)`: true when `lhs` may come before `rhs`.
//!
//! - **Model** ([`import`]): as CHLO's `top_k` (the reduction family's), each output rank a pass over its
//!   row: the operand's other dims (P), the rank `j` along `dimension` (P), the row `n` (R) read by
//!   every rank. One comparison per point.
//! - **Cut** ([`SortCut`]): any box of the other dims and of the ranks, the row whole: a task sorts its
//!   rows whole and keeps its ranks (a clone of the op on its rows, its results of the task's ranks,
//!   [`RANKS_FROM_ATTR`] the first rank when it is not 0). A split row is refused (the searches keep
//!   the reductions of non-contractions whole).
//! - **Lowering** ([`lower_sorts`], `tm-tensor-lowering`, shared by the CPU runtime and the GPU target):
//!   two `linalg.generic`s, as `chlo.top_k`'s lowering: the rank of every element of a row (how many
//!   elements of the row come before it: `m` before `n` when the comparator says so one way only, and
//!   by index when it says so both ways or neither, a stable order), then each result rank `j` selecting
//!   the element whose rank is `j` (a reduction over the row, exactly one matching). The comparator's
//!   body is copied into the first generic twice (`m` against `n` and `n` against `m`). Quadratic in the
//!   row, which a router's row of experts keeps small.

use super::super::{
    cut::{Body, Combine, Operand, Planned, TaskCut, TaskCx},
    operand_shape, result_shape, Import,
};
use crate::{
    ir,
    op_model::{identity, OpModel},
    region::{lengths, Region},
};
use flexc_core::{AffineDim, OpClass};
use melior::ir::{
    attribute::AttributeLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef, TypeLike, ValueLike,
};
use mlir_sys::*;
use std::fmt::Write;

/// Set by [`SortCut`] on a task's clone whose ranks start past 0: the clone's results hold ranks
/// `first ..` of the sorted rows.
pub const RANKS_FROM_ATTR: &str = "flexc.sort_ranks_from";

/// The placeholder of the generated text where the comparator's body runs: value 0 is the comparator
/// on `(x[m], x[n])` (element `m` before `n`), 1 on `(x[n], x[m])`.
const COMPARE_MARK: &str = "flexc.sort_compare";

/// A `tm_tensor.sort` read from its operands, results, attributes and body.
#[derive(Clone, Debug)]
struct Sort {
    /// The operands' common shape.
    shape: Vec<u64>,
    /// The sorted dim.
    dim: usize,
    /// The operands' element types.
    elements: Vec<String>,
    /// The results' length along `dim` (the row's, or a task's ranks).
    ranks: u64,
    /// The first rank the results hold ([`RANKS_FROM_ATTR`]).
    first: u64,
}

fn tensor(shape: &[u64], element: &str) -> String {
    let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{dims}{element}>")
}

impl Sort {
    fn operand_type(&self, i: usize) -> String {
        tensor(&self.shape, &self.elements[i])
    }

    fn result_shape(&self) -> Vec<u64> {
        let mut shape = self.shape.clone();
        shape[self.dim] = self.ranks;
        shape
    }

    fn result_type(&self, i: usize) -> String {
        tensor(&self.result_shape(), &self.elements[i])
    }
}

/// Reads and checks `op`, a `tm_tensor.sort` in generic form (`Err`: what is wrong, after the op's name): operands of one static shape (its
/// `outs`: torch-mlir writes no `ins`), as many results of that shape (a task's clone: shorter along
/// the sorted dim), a body of one block whose `2 × operands` arguments the comparator reads and whose
/// `tm_tensor.yield` gives one `i1`, with no nested regions.
fn read(op: &OperationRef<'_, '_>) -> Result<Sort, String> {
    let invalid = |what: &str| what.to_string();
    let count = op.operand_count();
    if count == 0 || op.result_count() != count || op.region_count() != 1 {
        return Err(invalid(
            "expects its operands (outs) sorted together: one result per operand and a comparator body",
        ));
    }
    if let Ok(segments) = op.attribute("operandSegmentSizes") {
        if ir::i64_list(segments.to_raw()).is_some_and(|s| s.first().is_some_and(|&ins| ins != 0)) {
            return Err(invalid(
                "with 'ins' operands has no model (torch-mlir writes only 'outs')",
            ));
        }
    }
    let shape =
        operand_shape(op, 0).ok_or_else(|| invalid("needs ranked tensors of static shape"))?;
    if shape.is_empty() {
        return Err(invalid("of a rank-0 tensor has no dim to sort"));
    }
    let dim = op
        .attribute("dimension")
        .ok()
        .and_then(|a| ir::integer(a.to_raw()))
        .ok_or_else(|| invalid("has no integer 'dimension'"))?;
    let dim = usize::try_from(dim)
        .ok()
        .filter(|&d| d < shape.len())
        .ok_or_else(|| {
            invalid(&format!(
                "dimension {dim} is out of range for rank {}",
                shape.len()
            ))
        })?;
    let mut elements = Vec::with_capacity(count);
    let mut ranks = None;
    for i in 0..count {
        if operand_shape(op, i).as_ref() != Some(&shape) {
            return Err(invalid("needs operands of one static shape"));
        }
        let result = result_shape(op, i).ok_or_else(|| invalid("needs results of static shape"))?;
        let fits = result.len() == shape.len()
            && (0..shape.len())
                .all(|d| result[d] == shape[d] || (d == dim && result[d] <= shape[d]));
        if !fits || *ranks.get_or_insert(result[dim]) != result[dim] || result[dim] == 0 {
            return Err(invalid("needs results of its operands' shape"));
        }
        let ty = op
            .operand(i)
            .map_err(|_| invalid("lost an operand"))?
            .r#type()
            .to_raw();
        let element = ir::tensor_shape(ty)
            .map(|s| s.element)
            .ok_or_else(|| invalid("needs ranked tensors"))?;
        elements.push(element);
    }
    let ranks = ranks.unwrap_or(0);
    let first = match op.attribute(RANKS_FROM_ATTR) {
        Ok(a) => ir::integer(a.to_raw())
            .and_then(|f| u64::try_from(f).ok())
            .ok_or_else(|| invalid(&format!("has a non-integer {RANKS_FROM_ATTR}")))?,
        Err(_) => 0,
    };
    if first.checked_add(ranks).is_none_or(|end| end > shape[dim]) {
        return Err(invalid("holds ranks past its row"));
    }
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op.to_raw(), 0));
        if block.ptr.is_null() || mlirBlockGetNumArguments(block) != 2 * count as isize {
            return Err(invalid(&format!(
                "needs a comparator body of {} arguments",
                2 * count
            )));
        }
        let terminator = ir::last_op(block);
        if terminator.ptr.is_null()
            || ir::op_name(terminator) != "tm_tensor.yield"
            || mlirOperationGetNumOperands(terminator) != 1
        {
            return Err(invalid("needs a comparator body yielding one value"));
        }
        let mut next = mlirBlockGetFirstOperation(block);
        while !next.ptr.is_null() && next.ptr != terminator.ptr {
            if mlirOperationGetNumRegions(next) != 0 {
                return Err(invalid(
                    "with a comparator of nested regions has no lowering",
                ));
            }
            next = mlirOperationGetNextInBlock(next);
        }
    }
    Ok(Sort {
        shape,
        dim,
        elements,
        ranks,
        first,
    })
}

/// The model of a `tm_tensor.sort` (module doc): loops the operand's dims with the sorted one the
/// rank `j`, then the row `n`; every operand read along the row, every result written at its rank.
pub fn import(op: &OperationRef<'_, '_>) -> Import {
    let sort = match read(op) {
        Ok(sort) => sort,
        Err(message) => return Import::Invalid(message),
    };
    let rank = sort.shape.len();
    let mut loops = sort.result_shape();
    loops.push(sort.shape[sort.dim]);
    let mut parallel = vec![true; rank];
    parallel.push(false);
    let mut read_row = identity(rank);
    read_row[sort.dim] = AffineDim::dim(rank);
    let count = sort.elements.len();
    Import::Modelled(OpModel {
        flops: crate::op_model::saturating_product(&loops),
        loops,
        parallel,
        inputs: vec![Some(read_row); count],
        outputs: vec![identity(rank); count],
        class: OpClass::Reduction,
    })
}

/// The cut of a `tm_tensor.sort` (module doc).
pub struct SortCut;

impl TaskCut for SortCut {
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        _first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let sort = read(cx.op)?;
        let rank = sort.shape.len();
        let row = i64::try_from(sort.shape[sort.dim]).map_err(|_| "has too long a row")?;
        if loops.len() != rank + 1 || loops[rank] != (0, row) {
            return Err(
                "can be split along its other dims and its ranks, not along the row it sorts"
                    .into(),
            );
        }
        let mut rows = loops[..rank].to_vec();
        rows[sort.dim] = (0, row);
        let (operands, reads) =
            cx.tensor_operands(|value, _| (Operand::Slice(value, rows.clone()), rows.clone()))?;
        let task: Region = loops[..rank].to_vec();
        let start =
            task[sort.dim].0 + i64::try_from(sort.first).map_err(|_| "has too many ranks")?;
        let attributes = if start != 0 {
            vec![(RANKS_FROM_ATTR, format!("{start} : i64"))]
        } else {
            Vec::new()
        };
        Ok(Planned {
            body: Body::Clone {
                operands,
                results: vec![lengths(&task); cx.op.result_count()],
                attributes,
                starts: Vec::new(),
            },
            reads,
            outputs: vec![task; cx.op.result_count()],
        })
    }
}

/// Lowers every `tm_tensor.sort` under `module` (module doc). Every op is checked before the module
/// changes: `Err` (the op's location and why) leaves it untouched.
pub fn lower_sorts(module: &OperationRef<'_, '_>) -> Result<(), (MlirLocation, String)> {
    let mut found = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if crate::op_name(&op) == "tm_tensor.sort" {
            found.push(op.to_raw());
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    let mut texts = Vec::with_capacity(found.len());
    for &raw in &found {
        let op = unsafe { OperationRef::from_raw(raw) };
        let sort =
            read(&op).map_err(|e| (op.location().to_raw(), format!("'tm_tensor.sort' {e}")))?;
        texts.push(text(&sort));
    }
    for (raw, text) in found.into_iter().zip(texts) {
        let location = unsafe { mlirOperationGetLocation(raw) };
        ir::splice_function(raw, &text, "sort", |function| unsafe {
            inline_comparator(raw, function)
        })
        .map_err(|e| (location, e))?;
    }
    Ok(())
}

/// `affine_map<(d0, .., d{rank}) -> (..)>` of the operand's dims with the sorted one read at `at`.
fn map(rank: usize, dim: usize, at: usize) -> String {
    let domain: Vec<String> = (0..=rank).map(|d| format!("d{d}")).collect();
    let range: Vec<String> = (0..rank)
        .map(|d| format!("d{}", if d == dim { at } else { d }))
        .collect();
    format!(
        "affine_map<({}) -> ({})>",
        domain.join(", "),
        range.join(", ")
    )
}

/// The zero of an element type, as an `arith.constant` value.
fn zero(element: &str) -> String {
    if element.starts_with('f') || element.starts_with("bf") {
        format!("0.0 : {element}")
    } else {
        format!("0 : {element}")
    }
}

/// The text of a function `(operands...) -> (results...)` computing the sort (module doc), with
/// [`COMPARE_MARK`] constants where the comparator runs.
fn text(sort: &Sort) -> String {
    let rank = sort.shape.len();
    let count = sort.elements.len();
    let (dim, row) = (sort.dim, rank);
    let iterators: Vec<&str> = std::iter::repeat_n("\"parallel\"", rank)
        .chain(std::iter::once("\"reduction\""))
        .collect();
    let iterators = iterators.join(", ");
    let ranks_type = tensor(&sort.shape, "i64");
    let params: Vec<String> = (0..count)
        .map(|i| format!("%x{i}: {}", sort.operand_type(i)))
        .collect();
    let results: Vec<String> = (0..count).map(|i| sort.result_type(i)).collect();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "func.func @sort({}) -> ({}) {{",
        params.join(", "),
        results.join(", ")
    );
    let _ = writeln!(s, "  %zero = arith.constant 0 : i64");
    let _ = writeln!(s, "  %empty = tensor.empty() : {ranks_type}");
    let _ = writeln!(
        s,
        "  %init = linalg.fill ins(%zero : i64) outs(%empty : {ranks_type}) -> {ranks_type}"
    );
    // Ranks: loops (the operand's dims, element n at the sorted one; other element m), m reduced.
    let (at_n, at_m) = (map(rank, dim, dim), map(rank, dim, row));
    let mut maps = Vec::new();
    let mut ins = Vec::new();
    let mut in_types = Vec::new();
    let mut args = Vec::new();
    for i in 0..count {
        maps.extend([at_n.clone(), at_m.clone()]);
        ins.extend([format!("%x{i}"), format!("%x{i}")]);
        in_types.extend([sort.operand_type(i), sort.operand_type(i)]);
        args.extend([
            format!("%n{i}: {}", sort.elements[i]),
            format!("%m{i}: {}", sort.elements[i]),
        ]);
    }
    maps.push(at_n.clone());
    args.push("%count: i64".into());
    let _ = writeln!(
        s,
        "  %ranks = linalg.generic {{indexing_maps = [{}], iterator_types = [{iterators}]}} ins({} : {}) outs(%init : {ranks_type}) {{",
        maps.join(", "),
        ins.join(", "),
        in_types.join(", ")
    );
    let _ = writeln!(s, "  ^bb0({}):", args.join(", "));
    let _ = writeln!(
        s,
        "    %m_first = arith.constant {{{COMPARE_MARK} = 0 : i64}} true"
    );
    let _ = writeln!(
        s,
        "    %n_first = arith.constant {{{COMPARE_MARK} = 1 : i64}} true"
    );
    let _ = writeln!(s, "    %n = linalg.index {dim} : index");
    let _ = writeln!(s, "    %m = linalg.index {row} : index");
    let _ = writeln!(s, "    %m_lower = arith.cmpi ult, %m, %n : index");
    let _ = writeln!(s, "    %one_way = arith.xori %m_first, %n_first : i1");
    let _ = writeln!(
        s,
        "    %before = arith.select %one_way, %m_first, %m_lower : i1"
    );
    let _ = writeln!(s, "    %add = arith.extui %before : i1 to i64");
    let _ = writeln!(s, "    %next = arith.addi %count, %add : i64");
    let _ = writeln!(s, "    linalg.yield %next : i64");
    let _ = writeln!(s, "  }} -> {ranks_type}");
    // Results: loops (the result's dims, rank j at the sorted one; element n), n reduced.
    let mut maps = vec![at_m.clone()];
    let mut ins = vec!["%ranks".to_string()];
    let mut in_types = vec![ranks_type.clone()];
    let mut outs = Vec::new();
    for (i, result) in results.iter().enumerate() {
        let _ = writeln!(s, "  %zero{i} = arith.constant {}", zero(&sort.elements[i]));
        let _ = writeln!(s, "  %empty{i} = tensor.empty() : {result}");
        let _ = writeln!(
            s,
            "  %init{i} = linalg.fill ins(%zero{i} : {}) outs(%empty{i} : {result}) -> {result}",
            sort.elements[i]
        );
        maps.push(at_m.clone());
        ins.push(format!("%x{i}"));
        in_types.push(sort.operand_type(i));
        outs.push(format!("%init{i}"));
    }
    maps.extend(std::iter::repeat_n(map(rank, dim, dim), count));
    let _ = writeln!(
        s,
        "  %sorted:{count} = linalg.generic {{indexing_maps = [{}], iterator_types = [{iterators}]}} ins({} : {}) outs({} : {}) {{",
        maps.join(", "),
        ins.join(", "),
        in_types.join(", "),
        outs.join(", "),
        results.join(", ")
    );
    let mut args = vec!["%rank: i64".to_string()];
    args.extend((0..count).map(|i| format!("%v{i}: {}", sort.elements[i])));
    args.extend((0..count).map(|i| format!("%o{i}: {}", sort.elements[i])));
    let _ = writeln!(s, "  ^bb0({}):", args.join(", "));
    let _ = writeln!(s, "    %j = linalg.index {dim} : index");
    let _ = writeln!(s, "    %j64 = arith.index_cast %j : index to i64");
    let _ = writeln!(s, "    %first = arith.constant {} : i64", sort.first);
    let _ = writeln!(s, "    %wanted = arith.addi %j64, %first : i64");
    let _ = writeln!(s, "    %hit = arith.cmpi eq, %rank, %wanted : i64");
    let mut yielded = Vec::new();
    for i in 0..count {
        let _ = writeln!(
            s,
            "    %s{i} = arith.select %hit, %v{i}, %o{i} : {}",
            sort.elements[i]
        );
        yielded.push(format!("%s{i}"));
    }
    let _ = writeln!(
        s,
        "    linalg.yield {} : {}",
        yielded.join(", "),
        sort.elements.join(", ")
    );
    let _ = writeln!(s, "  }} -> ({})", results.join(", "));
    let returned: Vec<String> = (0..count).map(|i| format!("%sorted#{i}")).collect();
    let _ = writeln!(
        s,
        "  return {} : {}",
        returned.join(", "),
        results.join(", ")
    );
    let _ = writeln!(s, "}}");
    s
}

/// Replaces each [`COMPARE_MARK`] of the parsed `function` by a copy of the sort's comparator body on
/// the ranks generic's block arguments `(n_0, m_0, n_1, m_1, ..)`: mark 0 compares `(m, n)`, mark 1
/// `(n, m)`.
unsafe fn inline_comparator(op: MlirOperation, function: MlirOperation) -> Result<(), String> {
    let comparator = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    let terminator = ir::last_op(comparator);
    let arguments = mlirBlockGetNumArguments(comparator);
    let mut marks = Vec::new();
    let view = OperationRef::from_raw(function);
    view.walk(WalkOrder::PreOrder, |nested| {
        if let Ok(mark) = nested.attribute(COMPARE_MARK) {
            marks.push((nested.to_raw(), ir::integer(mark.to_raw())));
        }
        WalkResult::Advance
    });
    if marks.len() != 2 {
        return Err("flexc bug: the sort's lowering has no comparator marks".into());
    }
    for (mark, which) in marks {
        let block = mlirOperationGetBlock(mark);
        // The ranks generic's arguments: (n_i, m_i) per operand, then the count.
        let at = |k: isize| mlirBlockGetArgument(block, k);
        let mut map: Vec<(MlirValue, MlirValue)> = (0..arguments / 2)
            .flat_map(|i| {
                let (n, m) = (at(2 * i), at(2 * i + 1));
                let (lhs, rhs) = if which == Some(0) { (m, n) } else { (n, m) };
                [
                    (mlirBlockGetArgument(comparator, 2 * i), lhs),
                    (mlirBlockGetArgument(comparator, 2 * i + 1), rhs),
                ]
            })
            .collect();
        let mapped = |map: &[(MlirValue, MlirValue)], v: MlirValue| {
            map.iter()
                .find(|(from, _)| mlirValueEqual(*from, v))
                .map_or(v, |&(_, to)| to)
        };
        let mut next = mlirBlockGetFirstOperation(comparator);
        while !next.ptr.is_null() && next.ptr != terminator.ptr {
            let copy = mlirOperationClone(next);
            mlirBlockInsertOwnedOperationBefore(block, mark, copy);
            for k in 0..mlirOperationGetNumOperands(copy) {
                let v = mapped(&map, mlirOperationGetOperand(copy, k));
                mlirOperationSetOperand(copy, k, v);
            }
            for r in 0..mlirOperationGetNumResults(next) {
                map.push((
                    mlirOperationGetResult(next, r),
                    mlirOperationGetResult(copy, r),
                ));
            }
            next = mlirOperationGetNextInBlock(next);
        }
        let decided = mapped(&map, mlirOperationGetOperand(terminator, 0));
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(mark, 0), decided);
        mlirOperationDestroy(mark);
    }
    Ok(())
}
