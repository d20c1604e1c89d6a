//! Proofs about the values of index tensors, for scatters (`super::gather`).
//!
//! A scatter writes update row `r` where row `r` of its index tensor says. Which rows land where is data
//! dependent in general, but training steps build some index columns from the row number alone: the
//! one-hot of a loss's targets scatters row `i` (sample `i`) into row `i` of the result (column 0 of the
//! indices is an iota over the samples), and a max-pool backward scatters the gradient of window
//! `(n, c, h, w)` into sample `n` (column 0 is `linalg.index 0` of the loop over the samples). When a
//! column provably holds `r / w` (the row's block of `w` consecutive rows), the scatter's rows are
//! partitioned by that result dim, and the model says so (`super::gather`), which lets the split of the
//! samples follow the scatter instead of keeping it whole on one device.
//!
//! [`row_block`] proves it by evaluating `indices[r, c]` symbolically, as an affine function of *digits*
//! of `r` (variables with known ranges and weights), backwards through the ops that build the tensor:
//! `collapse_shape` (splits a digit into the digits of the folded dims), `expand_shape`, static
//! `insert_slice`/`extract_slice` (a coordinate provably inside or outside the inserted slice), `cast`,
//! `linalg.fill` of an integer constant, and `linalg.generic` (its output map a projected permutation of
//! its loops; the yielded value evaluated over `linalg.index`, integer constants, casts, `addi`, `subi`,
//! `muli` by a constant, `remsi`/`remui` and divisions by a constant bounding the value, `cmpi` decided
//! by the bounds of its operands, `select` on a decided condition, and input block arguments, which are
//! elements of the generic's inputs traced the same way). Anything else (a value read from a data tensor)
//! is unknown, and the scatter keeps its data-dependent model.
//!
//! [`body_index`] applies the same evaluation to an index a `linalg.generic` body computes for
//! `tensor.extract`: where it provably is one of the op's loops or a constant, the structured family
//! reads the table there instead of through a data-dependent reduction loop (`super::structured`).

use crate::ir;
use flexc_core::AffineDim;
use mlir_sys::*;

/// An integer as an affine function of digit variables.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Lin {
    terms: Vec<(usize, i64)>,
    offset: i64,
}

impl Lin {
    fn constant(offset: i64) -> Lin {
        Lin {
            terms: Vec::new(),
            offset,
        }
    }

    fn var(v: usize) -> Lin {
        Lin {
            terms: vec![(v, 1)],
            offset: 0,
        }
    }

    fn as_constant(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.offset)
    }

    /// `self + k * other`, `None` on overflow.
    fn add_scaled(&self, other: &Lin, k: i64) -> Option<Lin> {
        let mut out = self.clone();
        out.offset = out.offset.checked_add(other.offset.checked_mul(k)?)?;
        for &(v, c) in &other.terms {
            let c = c.checked_mul(k)?;
            match out.terms.iter_mut().find(|(w, _)| *w == v) {
                Some((_, existing)) => *existing = existing.checked_add(c)?,
                None => out.terms.push((v, c)),
            }
        }
        out.terms.retain(|&(_, c)| c != 0);
        Some(out)
    }

    fn scaled(&self, k: i64) -> Option<Lin> {
        Lin::constant(0).add_scaled(self, k)
    }
}

/// Digit variables: each ranges over `0..range` and weighs `weight` rows.
#[derive(Default)]
struct Digits {
    range: Vec<u64>,
    weight: Vec<u64>,
}

impl Digits {
    fn push(&mut self, range: u64, weight: u64) -> usize {
        self.range.push(range);
        self.weight.push(weight);
        self.range.len() - 1
    }

    /// Smallest and largest value of `x`.
    fn bounds(&self, x: &Lin) -> Option<(i64, i64)> {
        let (mut lo, mut hi) = (x.offset, x.offset);
        for &(v, c) in &x.terms {
            let top = c.checked_mul(i64::try_from(self.range.get(v)?.checked_sub(1)?).ok()?)?;
            if c > 0 {
                hi = hi.checked_add(top)?;
            } else {
                lo = lo.checked_add(top)?;
            }
        }
        Some((lo, hi))
    }
}

/// Evaluation depth limit (ops traced back plus nested scalar ops).
const MAX_DEPTH: usize = 256;

/// When column `c` of the `[rows, columns]` index tensor `indices` provably holds `r / w` at every row
/// `r` (for a `w` dividing `rows`), `(c, w)` for the first such column.
pub fn row_block(indices: MlirValue, rows: u64, columns: u64) -> Option<(usize, u64)> {
    (0..columns).find_map(|c| {
        let mut digits = Digits::default();
        let r = digits.push(rows, 1);
        let coords = [Lin::var(r), Lin::constant(i64::try_from(c).ok()?)];
        let value = tensor_element(indices, &coords, &mut digits, 0)?;
        let [(v, 1)] = value.terms[..] else {
            return None;
        };
        let (range, weight) = (digits.range[v], digits.weight[v]);
        // The outermost digit of `r` is `r / weight`.
        (value.offset == 0 && range.checked_mul(weight) == Some(rows))
            .then_some((usize::try_from(c).ok()?, weight))
    })
}

/// The finest partition of the rows by index columns: the columns that provably hold one digit each of
/// a mixed-radix split of `r / w` (column `c_i` holds `(r / W_i) % R_i`, with `W_1 * R_1 = rows`,
/// `W_{i+1} * R_{i+1} = W_i` and `w` the last `W_i`), as `(columns, w)` with the columns outermost
/// first; `None` when no column holds even the outermost digit. Rows `b*w .. (b+1)*w` then hold the
/// same value in every one of these columns, and rows of different blocks differ in at least one: a
/// max-pool backward's `(n, c)` columns give one block per plane, `w` its windows.
pub fn row_block_digits(indices: MlirValue, rows: u64, columns: u64) -> Option<(Vec<usize>, u64)> {
    // Each column that is one digit of `r`: (weight, range, column).
    let mut single: Vec<(u64, u64, usize)> = (0..columns)
        .filter_map(|c| {
            let mut digits = Digits::default();
            let r = digits.push(rows, 1);
            let coords = [Lin::var(r), Lin::constant(i64::try_from(c).ok()?)];
            let value = tensor_element(indices, &coords, &mut digits, 0)?;
            let [(v, 1)] = value.terms[..] else {
                return None;
            };
            (value.offset == 0 && digits.range[v] > 1).then_some((
                digits.weight[v],
                digits.range[v],
                usize::try_from(c).ok()?,
            ))
        })
        .collect();
    single.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.cmp(&b.2)));
    let mut chain = Vec::new();
    let mut above = rows;
    for (weight, range, column) in single {
        if weight.checked_mul(range) == Some(above) {
            chain.push(column);
            above = weight;
        }
    }
    (!chain.is_empty()).then_some((chain, above))
}

/// The element of tensor `value` at `coords`.
fn tensor_element(
    value: MlirValue,
    coords: &[Lin],
    digits: &mut Digits,
    depth: usize,
) -> Option<Lin> {
    if depth > MAX_DEPTH {
        return None;
    }
    let op = ir::defining_op(value)?;
    let name = ir::op_name(op);
    let operand = |i: isize| unsafe { mlirOperationGetOperand(op, i) };
    match name.as_str() {
        "tensor.cast" => tensor_element(operand(0), coords, digits, depth + 1),
        "linalg.fill" => scalar(operand(0), &Scope::outside(), digits, depth + 1),
        "tensor.collapse_shape" => {
            let source = collapse_source(op, coords, digits)?;
            tensor_element(operand(0), &source, digits, depth + 1)
        }
        "tensor.expand_shape" => {
            let source = expand_source(op, coords)?;
            tensor_element(operand(0), &source, digits, depth + 1)
        }
        "tensor.insert_slice" => {
            let (offsets, sizes, strides) = slice_of(op, 2)?;
            if strides.iter().any(|&s| s != 1) || offsets.len() != coords.len() {
                return None;
            }
            let mut inside = true;
            for ((x, &off), &size) in coords.iter().zip(&offsets).zip(&sizes) {
                let (lo, hi) = digits.bounds(x)?;
                let end = off.checked_add(i64::try_from(size).ok()?)?;
                if hi < off || lo >= end {
                    return tensor_element(operand(1), coords, digits, depth + 1);
                }
                inside &= lo >= off && hi < end;
            }
            if !inside {
                return None;
            }
            let source = ir::tensor_shape(unsafe { mlirValueGetType(operand(0)) })?.static_dims();
            let kept = super::kept_dims(&sizes, &source)?;
            let shifted: Vec<Lin> = coords
                .iter()
                .zip(&offsets)
                .zip(&kept)
                .filter(|(_, &k)| k)
                .map(|((x, &off), _)| x.add_scaled(&Lin::constant(off), -1))
                .collect::<Option<_>>()?;
            tensor_element(operand(0), &shifted, digits, depth + 1)
        }
        "tensor.extract_slice" => {
            let (offsets, sizes, strides) = slice_of(op, 1)?;
            if strides.iter().any(|&s| s != 1) {
                return None;
            }
            let kept = super::kept_dims(&sizes, &result_dims(op)?)?;
            let mut given = coords.iter();
            let source: Vec<Lin> = offsets
                .iter()
                .zip(&kept)
                .map(|(&off, &k)| {
                    let x = if k {
                        given.next()?.clone()
                    } else {
                        Lin::constant(0)
                    };
                    x.add_scaled(&Lin::constant(off), 1)
                })
                .collect::<Option<_>>()?;
            tensor_element(operand(0), &source, digits, depth + 1)
        }
        "linalg.generic" => generic_element(op, value, coords, digits, depth),
        _ => None,
    }
}

/// Static slice parameters of a slice op whose index operands start at `first`.
fn slice_of(op: MlirOperation, first: usize) -> Option<(Vec<i64>, Vec<u64>, Vec<i64>)> {
    let op = unsafe { melior::ir::OperationRef::from_raw(op) };
    super::slice_params(&op, first)
}

fn result_dims(op: MlirOperation) -> Option<Vec<u64>> {
    let result = unsafe { mlirOperationGetResult(op, 0) };
    Some(ir::tensor_shape(unsafe { mlirValueGetType(result) })?.static_dims())
}

fn reassociation(op: MlirOperation) -> Option<Vec<Vec<i64>>> {
    let attribute = unsafe {
        mlirOperationGetAttributeByName(
            op,
            mlirStringRefCreateFromCString(c"reassociation".as_ptr()),
        )
    };
    (!attribute.ptr.is_null())
        .then(|| ir::nested_int_arrays(attribute))
        .flatten()
}

/// Source coordinates of a `collapse_shape` element: a folded coordinate that is one digit splits into
/// one new digit per folded dim (outermost first).
fn collapse_source(op: MlirOperation, coords: &[Lin], digits: &mut Digits) -> Option<Vec<Lin>> {
    let groups = reassociation(op)?;
    let source = ir::tensor_shape(unsafe { mlirValueGetType(mlirOperationGetOperand(op, 0)) })?
        .static_dims();
    if groups.len() != coords.len() {
        return None;
    }
    let mut out = vec![Lin::constant(0); source.len()];
    for (group, x) in groups.iter().zip(coords) {
        let dims: Vec<usize> = group
            .iter()
            .map(|&d| usize::try_from(d).ok().filter(|&d| d < source.len()))
            .collect::<Option<_>>()?;
        let non_unit: Vec<usize> = dims
            .iter()
            .copied()
            .filter(|&d| source.get(d) != Some(&1))
            .collect();
        if non_unit.len() <= 1 {
            // Unit dims are 0; the one other dim takes the coordinate.
            if let Some(&d) = non_unit.first().or(dims.first()) {
                *out.get_mut(d)? = x.clone();
            }
            continue;
        }
        let [(v, 1)] = x.terms[..] else { return None };
        let extent: u64 = non_unit.iter().map(|&d| source[d]).product();
        if x.offset != 0 || digits.range[v] != extent {
            return None;
        }
        let mut weight = digits.weight[v];
        let mut inner_first = Vec::new();
        for &d in non_unit.iter().rev() {
            inner_first.push((d, digits.push(source[d], weight)));
            weight = weight.checked_mul(source[d])?;
        }
        for (d, digit) in inner_first {
            out[d] = Lin::var(digit);
        }
    }
    Some(out)
}

/// Source coordinates of an `expand_shape` element: each source dim linearizes its group.
fn expand_source(op: MlirOperation, coords: &[Lin]) -> Option<Vec<Lin>> {
    let groups = reassociation(op)?;
    let result = result_dims(op)?;
    groups
        .iter()
        .map(|group| {
            let mut x = Lin::constant(0);
            for &d in group {
                let d = usize::try_from(d).ok()?;
                x = x.scaled(i64::try_from(*result.get(d)?).ok()?)?;
                x = x.add_scaled(coords.get(d)?, 1)?;
            }
            Some(x)
        })
        .collect()
}

/// The element of result `value` of a `linalg.generic` at `coords`: its loops from the output map (each
/// result dim one loop, or a constant), then the yielded scalar over them.
fn generic_element(
    op: MlirOperation,
    value: MlirValue,
    coords: &[Lin],
    digits: &mut Digits,
    depth: usize,
) -> Option<Lin> {
    let maps = ir::linalg_indexing_maps(op)?;
    let result = usize::try_from(unsafe { mlirOpResultGetResultNumber(value) }).ok()?;
    let results = usize::try_from(unsafe { mlirOperationGetNumResults(op) }).ok()?;
    let (loops, output) = maps.get(maps.len().checked_sub(results)? + result)?;
    let mut index: Vec<Option<Lin>> = vec![None; *loops];
    for (expr, x) in output.iter().zip(coords) {
        match (expr.single_dim(), expr.terms.is_empty()) {
            (Some(k), _) => *index.get_mut(k)? = Some(x.clone()),
            (None, true) => {}
            _ => return None,
        }
    }
    let index: Vec<Lin> = index.into_iter().collect::<Option<_>>()?;
    if unsafe { mlirOperationGetNumRegions(op) } < 1 {
        return None;
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) };
    if body.ptr.is_null() {
        return None;
    }
    let terminator = unsafe { mlirBlockGetTerminator(body) };
    if terminator.ptr.is_null() || ir::op_name(terminator) != "linalg.yield" {
        return None;
    }
    let yielded = unsafe { mlirOperationGetOperand(terminator, isize::try_from(result).ok()?) };
    let scope = Scope {
        index: &index,
        generic: Some(op),
    };
    scalar(yielded, &scope, digits, depth + 1)
}

/// Where a scalar is evaluated: the loop indices of the enclosing `linalg.generic`, whose input block
/// arguments are elements of its inputs (traced with [`tensor_element`]).
struct Scope<'a> {
    index: &'a [Lin],
    generic: Option<MlirOperation>,
}

impl Scope<'_> {
    /// Outside any generic: no loops, no block arguments.
    fn outside() -> Scope<'static> {
        Scope {
            index: &[],
            generic: None,
        }
    }
}

/// The index `value`, computed in the body of `generic` (a `linalg.generic` with loops of sizes `loops`),
/// as one of its loops or a constant, when it provably is one (module doc), e.g. `remsi(linalg.index 0, 64)`
/// over a loop of 64, or an element of an iota tensor read at the loop's index.
pub fn body_index(generic: MlirOperation, value: MlirValue, loops: &[u64]) -> Option<AffineDim> {
    let mut digits = Digits::default();
    let index: Vec<Lin> = loops.iter().map(|&n| Lin::var(digits.push(n, 1))).collect();
    let scope = Scope {
        index: &index,
        generic: Some(generic),
    };
    let x = scalar(value, &scope, &mut digits, 0)?;
    match x.terms[..] {
        [] => Some(AffineDim::constant(x.offset)),
        [(k, 1)] if x.offset == 0 => Some(AffineDim::dim(k)),
        _ => None,
    }
}

/// The element that input block argument `value` of `scope`'s generic holds: its operand read through its
/// indexing map at the scope's loop indices.
fn block_argument(
    value: MlirValue,
    scope: &Scope<'_>,
    digits: &mut Digits,
    depth: usize,
) -> Option<Lin> {
    let generic = scope.generic?;
    if !unsafe { mlirValueIsABlockArgument(value) } {
        return None;
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0)) };
    if unsafe { mlirBlockArgumentGetOwner(value) }.ptr != body.ptr {
        return None;
    }
    let n = usize::try_from(unsafe { mlirBlockArgumentGetArgNumber(value) }).ok()?;
    let operands = usize::try_from(unsafe { mlirOperationGetNumOperands(generic) }).ok()?;
    let results = usize::try_from(unsafe { mlirOperationGetNumResults(generic) }).ok()?;
    if n >= operands.checked_sub(results)? {
        return None;
    }
    let maps = ir::linalg_indexing_maps(generic)?;
    let (_, map) = maps.get(n)?;
    let coords: Vec<Lin> = map
        .iter()
        .map(|e| {
            e.terms
                .iter()
                .try_fold(Lin::constant(e.offset), |acc, &(k, c)| {
                    acc.add_scaled(scope.index.get(k)?, c)
                })
        })
        .collect::<Option<_>>()?;
    let tensor = unsafe { mlirOperationGetOperand(generic, isize::try_from(n).ok()?) };
    tensor_element(tensor, &coords, digits, depth + 1)
}

/// An integer scalar in `scope` (see the module doc).
fn scalar(value: MlirValue, scope: &Scope<'_>, digits: &mut Digits, depth: usize) -> Option<Lin> {
    if depth > MAX_DEPTH {
        return None;
    }
    let Some(op) = ir::defining_op(value) else {
        return block_argument(value, scope, digits, depth);
    };
    let index = scope.index;
    let operand = |i: isize| unsafe { mlirOperationGetOperand(op, i) };
    let eval = |i: isize, digits: &mut Digits| scalar(operand(i), scope, digits, depth + 1);
    match ir::op_name(op).as_str() {
        "arith.constant" => ir::constant_int(value).map(Lin::constant),
        "linalg.index" => {
            let attribute = unsafe {
                mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(c"dim".as_ptr()))
            };
            let dim = usize::try_from(ir::integer(attribute)?).ok()?;
            index.get(dim).cloned()
        }
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui" => {
            eval(0, digits)
        }
        "arith.addi" => eval(0, digits)?.add_scaled(&eval(1, digits)?, 1),
        "arith.subi" => eval(0, digits)?.add_scaled(&eval(1, digits)?, -1),
        "arith.muli" => {
            let (a, b) = (eval(0, digits)?, eval(1, digits)?);
            match (a.as_constant(), b.as_constant()) {
                (Some(k), _) => b.scaled(k),
                (_, Some(k)) => a.scaled(k),
                _ => None,
            }
        }
        "arith.remsi" | "arith.remui" => {
            let (x, m) = (eval(0, digits)?, eval(1, digits)?.as_constant()?);
            let (lo, hi) = digits.bounds(&x)?;
            (m > 0 && lo >= 0 && hi < m).then_some(x)
        }
        "arith.divsi" | "arith.divui" | "arith.floordivsi" => {
            let (x, m) = (eval(0, digits)?, eval(1, digits)?.as_constant()?);
            let (lo, hi) = digits.bounds(&x)?;
            match m {
                1 => Some(x),
                m if m > 1 && lo >= 0 && hi < m => Some(Lin::constant(0)),
                _ => None,
            }
        }
        "arith.cmpi" => {
            let (a, b) = (eval(0, digits)?, eval(1, digits)?);
            let attribute = unsafe {
                mlirOperationGetAttributeByName(
                    op,
                    mlirStringRefCreateFromCString(c"predicate".as_ptr()),
                )
            };
            compare(ir::integer(attribute)?, &a, &b, digits)
                .map(|holds| Lin::constant(i64::from(holds)))
        }
        "arith.select" => match eval(0, digits)?.as_constant()? {
            0 => eval(2, digits),
            _ => eval(1, digits),
        },
        _ => None,
    }
}

/// The value of `a <predicate> b` (`arith.cmpi`'s numbering) when the bounds of `a - b` decide it.
/// Unsigned predicates are decided only for operands provably non-negative (where they agree with the
/// signed ones).
fn compare(predicate: i64, a: &Lin, b: &Lin, digits: &Digits) -> Option<bool> {
    let (lo, hi) = digits.bounds(&a.add_scaled(b, -1)?)?;
    let non_negative =
        || -> Option<bool> { Some(digits.bounds(a)?.0 >= 0 && digits.bounds(b)?.0 >= 0) };
    let signed = match predicate {
        6..=9 if !non_negative()? => return None,
        6..=9 => predicate - 4,
        p => p,
    };
    match signed {
        0 if lo == 0 && hi == 0 => Some(true),
        0 if lo > 0 || hi < 0 => Some(false),
        1 if lo == 0 && hi == 0 => Some(false),
        1 if lo > 0 || hi < 0 => Some(true),
        2 if hi < 0 => Some(true),
        2 if lo >= 0 => Some(false),
        3 if hi <= 0 => Some(true),
        3 if lo > 0 => Some(false),
        4 if lo > 0 => Some(true),
        4 if hi <= 0 => Some(false),
        5 if lo >= 0 => Some(true),
        5 if hi < 0 => Some(false),
        _ => None,
    }
}
