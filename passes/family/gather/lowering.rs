//! The lowering of torch-mlir's `tm_tensor.scatter` to upstream ops on tensors (`scf`, `tensor`,
//! `arith`, `linalg`), shared by the CPU runtime (`flexc-run`) and the GPU target, so that both run the
//! same arithmetic in the same order.
//!
//! Semantics (torch-mlir's scalar implementation): for each update row `r` in ascending order and each
//! point `s` of the update slice (`updates[r, s...]`), the result element at `p` is combined with the
//! update by the op's body, `p[d] = indices[r, c]` where `dimension_map[c] = d`, and the trailing
//! result dims take the slice coordinates. Rows may collide (a max-pool backward whose windows
//! overlap adds several gradients into one input element), so the order of the rows matters for
//! floats and parallel work must never let two threads combine into one element. Three schemes,
//! all deterministic (the rows that meet at an element are combined in ascending order, as the
//! scalar semantics does):
//!
//! - [`Scheme::Rows`] (`unique_indices = true`): no two rows meet; one iteration per row and slice
//!   point.
//! - [`Scheme::Blocks`]: the index columns provably hold the digits of `r / w`
//!   ([`index_trace::row_block_digits`]): the rows of block `b = r / w` land only where those columns'
//!   dims hold `b`'s digits, so blocks never meet; one iteration per block and slice point, each
//!   walking its `w` rows in order (a max-pool backward: one per `(n, c)` plane and pooled point of
//!   the slice, its windows in order).
//! - [`Scheme::Match`]: nothing is known: a `linalg.generic` over the result with a reduction loop
//!   over the rows, each element combining, in row order, the updates whose indices name it (the
//!   cost is rows times result elements: a one-hot of a few targets is cheap).
//!
//! Rows and blocks become one `scf.for` over the independent iterations, carrying the result tensor,
//! marked [`PARALLEL_LOOP_ATTR`] (its iterations write disjoint elements) and with the gather
//! family's GPU lowering name: on CPU the loop runs as it is; the GPU target turns it into an
//! `scf.parallel` after bufferization (when it carries no tensor any more) and maps it like every other
//! parallel loop, so a thread runs an iteration. The body of the scatter is moved, not copied, into the
//! place where it combines.

use super::super::{i64_attribute, index_trace, operand_shape, result_shape};
use crate::family::gpu::GPU_FAMILY_ATTR;
use crate::ir;
use melior::ir::{
    attribute::AttributeLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef, TypeLike, ValueLike,
};
use mlir_sys::*;
use std::fmt::Write;

/// An `scf.for` whose iterations write disjoint elements: the GPU target makes it an `scf.parallel`.
pub const PARALLEL_LOOP_ATTR: &str = "flexc.parallel_loop";

/// Set by the gather family's cut on a scatter's task clone: its rows come in blocks of this many
/// that never meet (proven on the serial op, whose indices the clone reads a slice of).
pub const ROW_BLOCK_ATTR: &str = "flexc.scatter_row_block";

/// The placeholder the generated text has where the scatter's body combines `(update, current)`.
const BODY_MARK: &str = "flexc.scatter_body";

/// How a scatter runs (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    /// Unique indices: one iteration per row and slice point.
    Rows,
    /// Blocks of `w` consecutive rows that never meet: one iteration per block and slice point.
    Blocks { w: u64 },
    /// One result element per iteration, scanning every row.
    Match,
}

/// A `tm_tensor.scatter` read from its operands and attributes.
#[derive(Clone, Debug)]
struct Scatter {
    updates: Vec<u64>,
    depth: usize,
    result: Vec<u64>,
    /// `dimension_map[c]`: the result dim that index column `c` addresses.
    dimension_map: Vec<usize>,
    unique: bool,
    element: String,
    index_element: String,
}

impl Scatter {
    fn rows(&self) -> u64 {
        self.updates[0]
    }

    /// The slice dims of the updates (after the row dim).
    fn slice(&self) -> &[u64] {
        &self.updates[1..]
    }

    /// The first result dim that the slice addresses.
    fn offset(&self) -> usize {
        self.result.len() - self.slice().len()
    }

    fn tensor(shape: &[u64], element: &str) -> String {
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        format!("tensor<{dims}{element}>")
    }

    fn updates_type(&self) -> String {
        Self::tensor(&self.updates, &self.element)
    }

    fn indices_type(&self) -> String {
        Self::tensor(&[self.rows(), self.depth as u64], &self.index_element)
    }

    fn result_type(&self) -> String {
        Self::tensor(&self.result, &self.element)
    }

    /// The column that addresses result dim `d`.
    fn column_of(&self, d: usize) -> Option<usize> {
        self.dimension_map.iter().position(|&m| m == d)
    }
}

/// Reads and checks `op` (a `tm_tensor.scatter` in generic form).
fn read(op: &OperationRef<'_, '_>) -> Result<Scatter, String> {
    let invalid = |what: &str| format!("'tm_tensor.scatter' {what}");
    if op.operand_count() != 3 || op.result_count() != 1 || op.region_count() != 1 {
        return Err(invalid(
            "expects (updates, indices, original), one result and a body",
        ));
    }
    let (Some(updates), Some(indices), Some(original), Some(result)) = (
        operand_shape(op, 0),
        operand_shape(op, 1),
        operand_shape(op, 2),
        result_shape(op, 0),
    ) else {
        return Err(invalid("needs ranked tensors of static shape"));
    };
    let element = |i: usize| -> Option<String> {
        let ty = op.operand(i).ok()?.r#type().to_raw();
        ir::tensor_shape(ty).map(|s| s.element)
    };
    let (Some(update_element), Some(index_element), Some(original_element)) =
        (element(0), element(1), element(2))
    else {
        return Err(invalid("needs ranked tensors"));
    };
    if indices.len() != 2 || updates.is_empty() || indices[0] != updates[0] {
        return Err(invalid("expects 2-d indices with one row per update row"));
    }
    if original != result || update_element != original_element {
        return Err(invalid(
            "expects updates of the original's element type and a result of its type",
        ));
    }
    if !matches!(index_element.as_str(), "i32" | "i64" | "index") {
        return Err(invalid("expects i32, i64 or index indices"));
    }
    let slice = updates.len() - 1;
    if slice > result.len() {
        return Err(invalid(
            "has an update slice of higher rank than its result",
        ));
    }
    let offset = result.len() - slice;
    if updates[1..]
        .iter()
        .zip(&result[offset..])
        .any(|(u, r)| u > r)
    {
        return Err(invalid("has an update slice larger than its result"));
    }
    let dimension_map: Vec<usize> = i64_attribute(op, "dimension_map")
        .ok_or_else(|| invalid("needs a dimension_map"))?
        .into_iter()
        .map(|d| usize::try_from(d).ok().filter(|&d| d < result.len()))
        .collect::<Option<_>>()
        .ok_or_else(|| invalid("has a dimension_map entry outside its result's dims"))?;
    let depth = usize::try_from(indices[1]).map_err(|_| invalid("has too many index columns"))?;
    if dimension_map.len() != depth {
        return Err(invalid("needs one dimension_map entry per index column"));
    }
    let mut seen = vec![false; result.len()];
    for &d in &dimension_map {
        if std::mem::replace(&mut seen[d], true) {
            return Err(invalid("has a dimension_map with a repeated dim"));
        }
    }
    // Every dim before the slice must be addressed by an index column (torch-mlir leaves it unset).
    if (0..offset).any(|d| !seen[d]) {
        return Err(invalid(
            "leaves a result dim before the update slice without an index column",
        ));
    }
    let unique = op
        .attribute("unique_indices")
        .ok()
        .is_some_and(|a| ir::attribute_text(a.to_raw()) == "true");
    Ok(Scatter {
        updates,
        depth,
        result,
        dimension_map,
        unique,
        element: update_element,
        index_element,
    })
}

/// The scheme for `op` (module doc); `Err` for an op that cannot be lowered.
fn choose(op: &OperationRef<'_, '_>, scatter: &Scatter) -> Result<Scheme, String> {
    // An index column that also addresses a slice dim moves slices into each other: no scheme here
    // keeps their elements apart.
    let offset = scatter.offset();
    if scatter.dimension_map.iter().any(|&d| d >= offset) {
        return Err(
            "'tm_tensor.scatter' whose index columns address its update slice dims has no lowering"
                .into(),
        );
    }
    let slice_points: u64 = scatter.slice().iter().product();
    let iterations = |blocks: u64| blocks.saturating_mul(slice_points);
    if scatter.unique && iterations(scatter.rows()) > 1 {
        return Ok(Scheme::Rows);
    }
    // A task clone of a cut scatter: the proof was made on the serial op.
    if let Some(w) = op
        .attribute(ROW_BLOCK_ATTR)
        .ok()
        .and_then(|a| ir::integer(a.to_raw()))
        .and_then(|w| u64::try_from(w).ok())
    {
        if w > 0 && scatter.rows().is_multiple_of(w) && iterations(scatter.rows() / w) > 1 {
            return Ok(Scheme::Blocks { w });
        }
    }
    let indices = op
        .operand(1)
        .map_err(|_| "'tm_tensor.scatter' has no indices".to_string())?
        .to_raw();
    if let Some((_, w)) =
        index_trace::row_block_digits(indices, scatter.rows(), scatter.depth as u64)
    {
        if iterations(scatter.rows() / w) > 1 {
            return Ok(Scheme::Blocks { w });
        }
    }
    if scatter.slice() != &scatter.result[offset..] {
        return Err("'tm_tensor.scatter' with an update slice smaller than its result and indices that may repeat has no lowering".into());
    }
    Ok(Scheme::Match)
}

/// Lowers every `tm_tensor.scatter` under `module` (module doc). Every op is checked before the
/// module changes: `Err` (the op's location and why) leaves it untouched.
pub fn lower_scatters(module: &OperationRef<'_, '_>) -> Result<(), (MlirLocation, String)> {
    let mut found = Vec::new();
    let mut other = None;
    module.walk(WalkOrder::PreOrder, |op| {
        let name = crate::op_name(&op);
        if name == "tm_tensor.scatter" {
            found.push(op.to_raw());
            // Its body's `tm_tensor.yield` goes with it.
            return WalkResult::Skip;
        }
        if name.starts_with("tm_tensor.") && other.is_none() {
            other = Some((op.location().to_raw(), name));
        }
        WalkResult::Advance
    });
    // Any other TMTensor op (topk, scan, ...; sorts are lowered before, by the reduction family)
    // would reach the upstream passes, which cannot handle an unregistered op.
    if let Some((location, name)) = other {
        return Err((
            location,
            format!("'{name}' has no lowering (of the tm_tensor dialect flexc lowers only tm_tensor.sort and tm_tensor.scatter)"),
        ));
    }
    let mut texts = Vec::with_capacity(found.len());
    for &raw in &found {
        let op = unsafe { OperationRef::from_raw(raw) };
        let text = read(&op)
            .and_then(|scatter| Ok(text(&scatter, choose(&op, &scatter)?)))
            .map_err(|e| (op.location().to_raw(), e))?;
        texts.push(text);
    }
    for (raw, text) in found.into_iter().zip(texts) {
        let location = unsafe { mlirOperationGetLocation(raw) };
        splice(raw, &text).map_err(|e| (location, e))?;
    }
    Ok(())
}

/// The text of a function `(updates, indices, original) -> result` computing the scatter by `scheme`,
/// with [`BODY_MARK`] where the body combines.
fn text(scatter: &Scatter, scheme: Scheme) -> String {
    let mut out = String::new();
    let (u, i, o) = (
        scatter.updates_type(),
        scatter.indices_type(),
        scatter.result_type(),
    );
    let _ = writeln!(
        out,
        "func.func @scatter(%updates: {u}, %indices: {i}, %original: {o}) -> {o} {{"
    );
    let body = match scheme {
        Scheme::Rows => loops(scatter, 1),
        Scheme::Blocks { w } => loops(scatter, w),
        Scheme::Match => matching(scatter),
    };
    out.push_str(&body);
    let _ = writeln!(out, "  return %result : {o}\n}}");
    out
}

/// An index value as `index` (`arith.index_cast` from an integer).
fn as_index(scatter: &Scatter, value: &str, name: &str) -> String {
    if scatter.index_element == "index" {
        format!("    {name} = arith.addi {value}, %c0 : index\n")
    } else {
        format!(
            "    {name} = arith.index_cast {value} : {} to index\n",
            scatter.index_element
        )
    }
}

/// [`Scheme::Rows`] (`w = 1`) and [`Scheme::Blocks`]: the marked loop over blocks and slice points,
/// each iteration combining its `w` rows in order.
fn loops(scatter: &Scatter, w: u64) -> String {
    let (o, t) = (scatter.result_type(), &scatter.element);
    let slice = scatter.slice();
    let offset = scatter.offset();
    let blocks = scatter.rows() / w;
    let iterations: u64 = blocks * slice.iter().product::<u64>();
    let mut s = String::new();
    let _ = writeln!(s, "  %c0 = arith.constant 0 : index");
    let _ = writeln!(s, "  %c1 = arith.constant 1 : index");
    let _ = writeln!(s, "  %true = arith.constant true");
    let _ = writeln!(s, "  %iterations = arith.constant {iterations} : index");
    let _ = writeln!(s, "  %w = arith.constant {w} : index");
    let _ = writeln!(
        s,
        "  %result = scf.for %t = %c0 to %iterations step %c1 iter_args(%outer = %original) -> ({o}) {{"
    );
    // Slice coordinates, innermost fastest; what is left is the block.
    let mut rest = "%t".to_string();
    for (j, &size) in slice.iter().enumerate().rev() {
        let _ = writeln!(s, "    %size{j} = arith.constant {size} : index");
        let _ = writeln!(s, "    %s{j} = arith.remui {rest}, %size{j} : index");
        let _ = writeln!(s, "    %q{j} = arith.divui {rest}, %size{j} : index");
        rest = format!("%q{j}");
    }
    let _ = writeln!(s, "    %first = arith.muli {rest}, %w : index");
    let _ = writeln!(
        s,
        "    %inner = scf.for %k = %c0 to %w step %c1 iter_args(%acc = %outer) -> ({o}) {{"
    );
    let _ = writeln!(s, "    %row = arith.addi %first, %k : index");
    let slice_coords: String = (0..slice.len()).map(|j| format!(", %s{j}")).collect();
    let _ = writeln!(
        s,
        "    %update = tensor.extract %updates[%row{slice_coords}] : {}",
        scatter.updates_type()
    );
    for c in 0..scatter.depth {
        let _ = writeln!(s, "    %col{c} = arith.constant {c} : index");
        let _ = writeln!(
            s,
            "    %raw{c} = tensor.extract %indices[%row, %col{c}] : {}",
            scatter.indices_type()
        );
        s.push_str(&as_index(scatter, &format!("%raw{c}"), &format!("%x{c}")));
    }
    let position: Vec<String> = (0..scatter.result.len())
        .map(|d| match scatter.column_of(d) {
            Some(c) => format!("%x{c}"),
            None => format!("%s{}", d - offset),
        })
        .collect();
    let position = position.join(", ");
    let _ = writeln!(s, "    %current = tensor.extract %acc[{position}] : {o}");
    let _ = writeln!(
        s,
        "    %combined = arith.select %true, %update, %current {{{BODY_MARK}}} : {t}"
    );
    let _ = writeln!(
        s,
        "    %next = tensor.insert %combined into %acc[{position}] : {o}"
    );
    let _ = writeln!(s, "    scf.yield %next : {o}");
    let _ = writeln!(s, "    }}");
    let _ = writeln!(s, "    scf.yield %inner : {o}");
    let _ = writeln!(
        s,
        "  }} {{{PARALLEL_LOOP_ATTR}, {GPU_FAMILY_ATTR} = \"gather\"}}"
    );
    s
}

/// [`Scheme::Match`]: a `linalg.generic` over the result dims and, innermost, the rows (a reduction
/// loop): each element combines, in row order, the updates whose index columns name it.
fn matching(scatter: &Scatter) -> String {
    let rank = scatter.result.len();
    let (o, t) = (scatter.result_type(), &scatter.element);
    let offset = scatter.offset();
    let dims: Vec<String> = (0..=rank).map(|d| format!("d{d}")).collect();
    let domain = dims.join(", ");
    let row = format!("d{rank}");
    let update_map = std::iter::once(row.clone())
        .chain((offset..rank).map(|d| format!("d{d}")))
        .collect::<Vec<_>>()
        .join(", ");
    let mut maps = vec![format!("affine_map<({domain}) -> ({update_map})>")];
    for c in 0..scatter.depth {
        maps.push(format!("affine_map<({domain}) -> ({row}, {c})>"));
    }
    maps.push(format!(
        "affine_map<({domain}) -> ({})>",
        dims[..rank].join(", ")
    ));
    let iterators: Vec<&str> = std::iter::repeat_n("\"parallel\"", rank)
        .chain(std::iter::once("\"reduction\""))
        .collect();
    let ins: Vec<&str> = std::iter::once("%updates")
        .chain(std::iter::repeat_n("%indices", scatter.depth))
        .collect();
    let in_types: Vec<String> = std::iter::once(scatter.updates_type())
        .chain(std::iter::repeat_n(scatter.indices_type(), scatter.depth))
        .collect();
    let mut s = String::new();
    let _ = writeln!(s, "  %c0 = arith.constant 0 : index");
    let _ = writeln!(
        s,
        "  %result = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]}} ins({} : {}) outs(%original : {o}) attrs = {{{GPU_FAMILY_ATTR} = \"gather\"}} {{",
        maps.join(", "),
        iterators.join(", "),
        ins.join(", "),
        in_types.join(", ")
    );
    let args: Vec<String> = std::iter::once(format!("%update: {t}"))
        .chain((0..scatter.depth).map(|c| format!("%raw{c}: {}", scatter.index_element)))
        .chain(std::iter::once(format!("%current: {t}")))
        .collect();
    let _ = writeln!(s, "  ^bb0({}):", args.join(", "));
    let _ = writeln!(s, "    %true = arith.constant true");
    let mut matched = "%true".to_string();
    for (c, &d) in scatter.dimension_map.iter().enumerate() {
        s.push_str(&as_index(scatter, &format!("%raw{c}"), &format!("%x{c}")));
        let _ = writeln!(s, "    %p{c} = linalg.index {d} : index");
        let _ = writeln!(s, "    %eq{c} = arith.cmpi eq, %x{c}, %p{c} : index");
        let _ = writeln!(s, "    %m{c} = arith.andi {matched}, %eq{c} : i1");
        matched = format!("%m{c}");
    }
    let _ = writeln!(
        s,
        "    %combined = arith.select %true, %update, %current {{{BODY_MARK}}} : {t}"
    );
    let _ = writeln!(
        s,
        "    %next = arith.select {matched}, %combined, %current : {t}"
    );
    let _ = writeln!(s, "    linalg.yield %next : {t}");
    let _ = writeln!(s, "  }} -> {o}");
    s
}

/// Parses `text` (one function of the scatter's three operands) in `op`'s context and moves its body
/// in place of `op` ([`ir::splice_function`]), with the scatter's body moved to the [`BODY_MARK`]
/// placeholder first; every new op takes the scatter's location.
fn splice(op: MlirOperation, text: &str) -> Result<(), String> {
    ir::splice_function(op, text, "scatter", |function| unsafe {
        inline_body(op, function)
    })
}

/// Moves the scatter's body to the [`BODY_MARK`] placeholder of the parsed `function`: the body's
/// arguments (update, current) become the mark's operands 1 and 2, its yielded value the mark's
/// result.
unsafe fn inline_body(op: MlirOperation, function: MlirOperation) -> Result<(), String> {
    let mark = find_mark(function).ok_or("flexc bug: the scatter's lowering has no body mark")?;
    let scatter_block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    if scatter_block.ptr.is_null() || mlirBlockGetNumArguments(scatter_block) != 2 {
        return Err("'tm_tensor.scatter' needs a body of two arguments".into());
    }
    // `tm_tensor.yield` is unregistered: the block's last op, not a known terminator.
    let terminator = ir::last_op(scatter_block);
    if terminator.ptr.is_null()
        || ir::op_name(terminator) != "tm_tensor.yield"
        || mlirOperationGetNumOperands(terminator) != 1
    {
        return Err("'tm_tensor.scatter' needs a body yielding one value".into());
    }
    for k in 0..2 {
        mlirValueReplaceAllUsesOfWith(
            mlirBlockGetArgument(scatter_block, k),
            mlirOperationGetOperand(mark, k + 1),
        );
    }
    let mut next = mlirBlockGetFirstOperation(scatter_block);
    while !next.ptr.is_null() && next.ptr != terminator.ptr {
        let following = mlirOperationGetNextInBlock(next);
        mlirOperationMoveBefore(next, mark);
        next = following;
    }
    mlirValueReplaceAllUsesOfWith(
        mlirOperationGetResult(mark, 0),
        mlirOperationGetOperand(terminator, 0),
    );
    mlirOperationDestroy(mark);
    Ok(())
}

/// The [`BODY_MARK`] op under `function`.
fn find_mark(function: MlirOperation) -> Option<MlirOperation> {
    let mut found = None;
    let view = unsafe { OperationRef::from_raw(function) };
    view.walk(WalkOrder::PreOrder, |op| {
        if op.attribute(BODY_MARK).is_ok() {
            found = Some(op.to_raw());
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    found
}
