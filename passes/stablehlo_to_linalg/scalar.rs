//! Scalar helpers of the lowering: the bodies of `linalg.generic` ops (StableHLO ops on scalars,
//! the reducer and scatter regions), literals, conversions and index arithmetic.

use super::*;

/// Row-major position (i64) of the window point of loops `rank..2*rank` among `window`.
pub(super) fn window_position(e: &mut Emit, rank: usize, window: &[i64]) -> String {
    let mut linear = e.constant("0", "index");
    for (d, size) in window.iter().enumerate().take(rank) {
        let w = e.loop_index(rank + d);
        let size = e.constant(&size.to_string(), "index");
        let scaled = e.binary("arith.muli", &linear, &size, "index");
        linear = e.binary("arith.addi", &scaled, &w, "index");
    }
    e.cast("arith.index_cast", &linear, "index", "i64")
}

/// Whether the padded position `s*stride + w` of loops (`d`, `rank + d`) lies inside the operand.
pub(super) fn inside_operand(
    e: &mut Emit,
    rank: usize,
    strides: &[i64],
    low: &[i64],
    sizes: &[u64],
) -> String {
    let mut all = e.constant("true", "i1");
    for d in 0..rank {
        let s = e.loop_index(d);
        let w = e.loop_index(rank + d);
        let stride = e.constant(&strides[d].to_string(), "index");
        let p = e.binary("arith.muli", &s, &stride, "index");
        let q = e.binary("arith.addi", &p, &w, "index");
        let lo = e.constant(&low[d].to_string(), "index");
        let hi = e.constant(&(low[d] + sizes[d] as i64).to_string(), "index");
        let ge = e.cmp("arith.cmpi sge", &q, &lo, "index");
        let lt = e.cmp("arith.cmpi slt", &q, &hi, "index");
        let both = e.binary("arith.andi", &ge, &lt, "i1");
        all = e.binary("arith.andi", &all, &both, "i1");
    }
    all
}

/// `i1`: every index component `indices[j]` (clamped into `[0, bound]` when `clamp`) equals the
/// value of its loop `bounds[j].0`.
pub(super) fn index_match(
    e: &mut Emit,
    indices: &[String],
    index_elem: &str,
    bounds: &[(usize, i64)],
    clamp: bool,
) -> String {
    let mut all = e.constant("true", "i1");
    for (index, &(k, bound)) in indices.iter().zip(bounds) {
        let mut value = e.cast("arith.index_cast", index, index_elem, "index");
        if clamp {
            let zero = e.constant("0", "index");
            let top = e.constant(&bound.to_string(), "index");
            let lower = e.binary("arith.maxsi", &value, &zero, "index");
            value = e.binary("arith.minsi", &lower, &top, "index");
        }
        let position = e.loop_index(k);
        let equal = e.cmp("arith.cmpi eq", &value, &position, "index");
        all = e.binary("arith.andi", &all, &equal, "i1");
    }
    all
}

/// `acc + convert(a) * convert(b)` in the result's element type.
pub(super) fn multiply_add(
    e: &mut Emit,
    a: &str,
    b: &str,
    acc: &str,
    elems: &[String; 2],
    out: &str,
) -> Result<String, String> {
    let a = convert(e, a, &elems[0], out)?;
    let b = convert(e, b, &elems[1], out)?;
    let (mul, add) = if is_float(out) {
        ("arith.mulf", "arith.addf")
    } else if out == "i1" {
        ("arith.andi", "arith.ori")
    } else {
        ("arith.muli", "arith.addi")
    };
    let product = e.binary(mul, &a, &b, out);
    Ok(e.binary(add, acc, &product, out))
}

pub(super) fn zero_literal(elem: &str) -> String {
    if is_float(elem) {
        "0.0".into()
    } else if elem == "i1" {
        "false".into()
    } else {
        "0".into()
    }
}

pub(super) fn one_literal(elem: &str) -> String {
    if is_float(elem) {
        "1.0".into()
    } else if elem == "i1" {
        "true".into()
    } else {
        "1".into()
    }
}

/// The `index` value converted to `elem`.
pub(super) fn from_index(e: &mut Emit, index: &str, elem: &str) -> String {
    let wide = e.cast("arith.index_cast", index, "index", "i64");
    if elem == "i64" {
        return wide;
    }
    let op = if is_float(elem) {
        "arith.sitofp"
    } else {
        "arith.trunci"
    };
    e.cast(op, &wide, "i64", elem)
}

/// The value of a rank-0 integer constant (`stablehlo.constant`/`arith.constant`).
pub(super) fn constant_scalar(value: MlirValue) -> Option<i64> {
    let def = ir::defining_op(value)?;
    let text = attribute_text(def, "value")?;
    let inner = text.strip_prefix("dense<")?.split('>').next()?;
    inner.trim().parse().ok()
}

/// The reassociation groups of `fine` dims per `coarse` dim when `fine` only splits the dims of
/// `coarse` (unit dims of `fine` join the group before them, or the first group); `None` otherwise.
pub(super) fn reassociation(coarse: &[u64], fine: &[u64]) -> Option<Vec<Vec<i64>>> {
    if coarse.is_empty() {
        return fine.iter().all(|&d| d == 1).then(Vec::new);
    }
    let mut groups: Vec<Vec<i64>> = Vec::new();
    let mut j = 0;
    for &size in coarse {
        let mut group = Vec::new();
        let mut product = 1u64;
        while j < fine.len() && (product < size || (group.is_empty() && fine[j] == 1 && size == 1))
        {
            product = product.saturating_mul(fine[j]);
            group.push(j as i64);
            j += 1;
            if product == size && size != 1 {
                break;
            }
        }
        if product != size || group.is_empty() {
            return None;
        }
        groups.push(group);
    }
    // Trailing unit dims join the last group.
    while j < fine.len() {
        if fine[j] != 1 {
            return None;
        }
        groups.last_mut()?.push(j as i64);
        j += 1;
    }
    Some(groups)
}

/// The scalar body of region `index` of `op` (StableHLO ops on rank-0 tensors) on `args`; returns
/// the values of its `stablehlo.return`.
/// `add`, `max` or `min` when a one-result scatter's update body is that op of the current value and
/// the update (in either order), so that updates landing on one element combine associatively.
pub(super) fn scatter_combiner(op: MlirOperation) -> Option<&'static str> {
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) };
    if block.ptr.is_null() || unsafe { mlirBlockGetNumArguments(block) } != 2 {
        return None;
    }
    let ops = unsafe { ir::block_ops(block) };
    let [combine, ret] = ops.as_slice() else {
        return None;
    };
    let name = ir::op_name(*combine);
    let kind = match name.as_str() {
        "stablehlo.add" => "add",
        "stablehlo.maximum" => "max",
        "stablehlo.minimum" => "min",
        _ => return None,
    };
    let is_arg = |value: mlir_sys::MlirValue, i: isize| unsafe {
        mlir_sys::mlirValueIsABlockArgument(value)
            && mlir_sys::mlirBlockArgumentGetOwner(value).ptr == block.ptr
            && mlir_sys::mlirBlockArgumentGetArgNumber(value) == i
    };
    let (a, b, returned) = unsafe {
        if mlir_sys::mlirOperationGetNumOperands(*combine) != 2
            || mlir_sys::mlirOperationGetNumOperands(*ret) != 1
        {
            return None;
        }
        (
            mlir_sys::mlirOperationGetOperand(*combine, 0),
            mlir_sys::mlirOperationGetOperand(*combine, 1),
            mlir_sys::mlirOperationGetOperand(*ret, 0),
        )
    };
    let returns_it = ir::defining_op(returned).is_some_and(|def| def.ptr == combine.ptr);
    ((is_arg(a, 0) && is_arg(b, 1) || is_arg(a, 1) && is_arg(b, 0)) && returns_it).then_some(kind)
}

pub(super) fn region_body(
    e: &mut Emit,
    op: MlirOperation,
    index: isize,
    args: &[String],
) -> Result<Vec<String>, String> {
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, index)) };
    if block.ptr.is_null() {
        return Err("the op has no body".into());
    }
    let count = unsafe { mlirBlockGetNumArguments(block) };
    if count as usize != args.len() {
        return Err(format!(
            "the body takes {count} arguments, expected {}",
            args.len()
        ));
    }
    let mut names: HashMap<usize, String> = HashMap::new();
    for i in 0..count {
        names.insert(
            ir::value_key(unsafe { mlirBlockGetArgument(block, i) }),
            args[i as usize].clone(),
        );
    }
    let mut next = unsafe { mlirBlockGetFirstOperation(block) };
    while !next.ptr.is_null() {
        let nested = unsafe { OperationRef::from_raw(next) };
        let name = crate::op_name(&nested);
        let operands: Vec<String> = nested
            .operands()
            .map(|v| {
                names
                    .get(&ir::value_key(v.to_raw()))
                    .cloned()
                    .ok_or_else(|| format!("'{name}' in the body reads a value from outside it"))
            })
            .collect::<Result<_, _>>()?;
        if name == "stablehlo.return" || name == "func.return" {
            return Ok(operands);
        }
        let elems: Vec<String> = nested
            .operands()
            .map(|v| element_text(v.r#type().to_raw()))
            .collect();
        let result = nested
            .result(0)
            .map_err(|_| format!("'{name}' in the body has no result"))?;
        let elem = element_text(result.r#type().to_raw());
        let value = if name == "stablehlo.constant" {
            let text = attribute_text(next, "value").unwrap_or_default();
            let literal = text
                .strip_prefix("dense<")
                .and_then(|t| t.split('>').next())
                .filter(|l| !l.starts_with('"'))
                .ok_or_else(|| format!("cannot read the constant {text} in the body"))?;
            e.constant(literal, &elem)
        } else {
            let mnemonic = match name.split_once('.') {
                Some(("stablehlo" | "chlo", m)) if nested.result_count() == 1 => m.to_string(),
                _ => return Err(format!("'{name}' in the body has no lowering to linalg")),
            };
            scalar(e, &mnemonic, next, &operands, &elems, &elem)?
        };
        names.insert(ir::value_key(result.to_raw()), value);
        next = unsafe { mlirOperationGetNextInBlock(next) };
    }
    Err("the body has no terminator".into())
}

/// `value` of element type `from` converted to `to` (StableHLO `convert`).
pub(super) fn convert(e: &mut Emit, value: &str, from: &str, to: &str) -> Result<String, String> {
    if from == to {
        return Ok(value.to_string());
    }
    let cast = match (is_float(from), is_float(to)) {
        (true, true) if width(from) < width(to) => "arith.extf",
        (true, true) => "arith.truncf",
        (false, true) if from == "i1" => "arith.uitofp",
        (false, true) => "arith.sitofp",
        (true, false) if to == "i1" => {
            let zero = e.constant("0.0", from);
            return Ok(e.cmp("arith.cmpf une", value, &zero, from));
        }
        (true, false) => "arith.fptosi",
        (false, false) if to == "i1" => {
            let zero = e.constant("0", from);
            return Ok(e.cmp("arith.cmpi ne", value, &zero, from));
        }
        (false, false) if from == "i1" => "arith.extui",
        (false, false) if width(from) < width(to) => "arith.extsi",
        (false, false) => "arith.trunci",
    };
    Ok(e.cast(cast, value, from, to))
}

/// The scalar form of the elementwise StableHLO/CHLO op `mnemonic` (attributes read from `op`) on
/// `args` of element types `elems`, with result element type `out`.
pub(super) fn scalar(
    e: &mut Emit,
    mnemonic: &str,
    op: MlirOperation,
    args: &[String],
    elems: &[String],
    out: &str,
) -> Result<String, String> {
    let t = elems.first().map(String::as_str).unwrap_or(out);
    let float = is_float(t);
    let arity = |n: usize| -> Result<(), String> {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!(
                "'{mnemonic}' expects {n} operands, found {}",
                args.len()
            ))
        }
    };
    let binary = |e: &mut Emit, op: &str| -> Result<String, String> {
        arity(2)?;
        Ok(e.binary(op, &args[0], &args[1], t))
    };
    let unary = |e: &mut Emit, op: &str| -> Result<String, String> {
        arity(1)?;
        Ok(e.unary(op, &args[0], t))
    };
    let unsupported = || format!("'{mnemonic}' on {t} has no lowering to linalg");
    // The op by element kind: float, integer, i1.
    let pick = |f: &'static str, i: &'static str, b: &'static str| -> &'static str {
        if float {
            f
        } else if t == "i1" {
            b
        } else {
            i
        }
    };
    let name = match mnemonic {
        "add" => binary(e, pick("arith.addf", "arith.addi", "arith.ori"))?,
        "subtract" => binary(e, pick("arith.subf", "arith.subi", "arith.xori"))?,
        "multiply" => binary(e, pick("arith.mulf", "arith.muli", "arith.andi"))?,
        "divide" => binary(e, pick("arith.divf", "arith.divsi", "arith.divui"))?,
        "remainder" => binary(e, pick("arith.remf", "arith.remsi", "arith.remui"))?,
        "maximum" => binary(e, pick("arith.maximumf", "arith.maxsi", "arith.maxui"))?,
        "minimum" => binary(e, pick("arith.minimumf", "arith.minsi", "arith.minui"))?,
        "power" if float => binary(e, "math.powf")?,
        "power" => binary(e, "math.ipowi")?,
        "atan2" if float => binary(e, "math.atan2")?,
        "and" if !float => binary(e, "arith.andi")?,
        "or" if !float => binary(e, "arith.ori")?,
        "xor" if !float => binary(e, "arith.xori")?,
        "shift_left" if !float => binary(e, "arith.shli")?,
        "shift_right_arithmetic" if !float => binary(e, "arith.shrsi")?,
        "shift_right_logical" if !float => binary(e, "arith.shrui")?,
        "not" if !float => {
            arity(1)?;
            let ones = e.constant(if t == "i1" { "true" } else { "-1" }, t);
            e.binary("arith.xori", &args[0], &ones, t)
        }
        "negate" if float => unary(e, "arith.negf")?,
        "negate" => {
            arity(1)?;
            let zero = e.constant(&zero_literal(t), t);
            e.binary("arith.subi", &zero, &args[0], t)
        }
        "abs" => unary(e, if float { "math.absf" } else { "math.absi" })?,
        "sign" => {
            arity(1)?;
            let zero = e.constant(&zero_literal(t), t);
            let one = e.constant(&one_literal(t), t);
            let minus = e.constant(if float { "-1.0" } else { "-1" }, t);
            let (gt, lt) = if float {
                ("arith.cmpf ogt", "arith.cmpf olt")
            } else {
                ("arith.cmpi sgt", "arith.cmpi slt")
            };
            let gt = e.cmp(gt, &args[0], &zero, t);
            let lt = e.cmp(lt, &args[0], &zero, t);
            // NaN and zero keep their value.
            let low = e.select(&lt, &minus, &args[0], t);
            e.select(&gt, &one, &low, t)
        }
        "floor" if float => unary(e, "math.floor")?,
        "ceil" if float => unary(e, "math.ceil")?,
        "round_nearest_even" if float => unary(e, "math.roundeven")?,
        "round_nearest_afz" if float => unary(e, "math.round")?,
        "exponential" if float => unary(e, "math.exp")?,
        "exponential_minus_one" if float => unary(e, "math.expm1")?,
        "log" if float => unary(e, "math.log")?,
        "log_plus_one" if float => unary(e, "math.log1p")?,
        "sqrt" if float => unary(e, "math.sqrt")?,
        "rsqrt" if float => unary(e, "math.rsqrt")?,
        "cbrt" if float => unary(e, "math.cbrt")?,
        "tanh" if float => unary(e, "math.tanh")?,
        "tan" if float => unary(e, "math.tan")?,
        "sine" if float => unary(e, "math.sin")?,
        "cosine" if float => unary(e, "math.cos")?,
        "erf" if float => unary(e, "math.erf")?,
        "erfc" if float => unary(e, "math.erfc")?,
        "sinh" if float => unary(e, "math.sinh")?,
        "cosh" if float => unary(e, "math.cosh")?,
        "asin" if float => unary(e, "math.asin")?,
        "acos" if float => unary(e, "math.acos")?,
        "atan" if float => unary(e, "math.atan")?,
        "asinh" if float => unary(e, "math.asinh")?,
        "acosh" if float => unary(e, "math.acosh")?,
        "atanh" if float => unary(e, "math.atanh")?,
        "popcnt" if !float => unary(e, "math.ctpop")?,
        "count_leading_zeros" if !float => unary(e, "math.ctlz")?,
        "is_finite" if float => unary(e, "math.isfinite")?,
        "is_inf" if float => unary(e, "math.isinf")?,
        "is_pos_inf" | "is_neg_inf" if float => {
            arity(1)?;
            let sign = if mnemonic == "is_pos_inf" { "" } else { "-" };
            let infinity = match width(t) {
                64 => format!("{sign}0x7FF0000000000000"),
                32 => format!("{sign}0x7F800000"),
                _ => return Err(unsupported()),
            };
            let limit = e.fresh();
            // Hex float literals carry no sign: negate +inf for -inf.
            e.line(format!(
                "{limit} = arith.constant {} : {t}",
                infinity.trim_start_matches('-')
            ));
            let limit = if sign.is_empty() {
                limit
            } else {
                e.unary("arith.negf", &limit, t)
            };
            e.cmp("arith.cmpf oeq", &args[0], &limit, t)
        }
        "logistic" if float => {
            arity(1)?;
            let negated = e.unary("arith.negf", &args[0], t);
            let exp = e.unary("math.exp", &negated, t);
            let one = e.constant("1.0", t);
            let sum = e.binary("arith.addf", &one, &exp, t);
            e.binary("arith.divf", &one, &sum, t)
        }
        "square" => {
            arity(1)?;
            let mul = pick("arith.mulf", "arith.muli", "arith.andi");
            e.binary(mul, &args[0], &args[0], t)
        }
        "convert" => {
            arity(1)?;
            convert(e, &args[0], t, out)?
        }
        "bitcast_convert" if width(t) == width(out) => {
            arity(1)?;
            e.cast("arith.bitcast", &args[0], t, out)
        }
        "select" => {
            arity(3)?;
            e.select(&args[0], &args[1], &args[2], out)
        }
        "clamp" => {
            arity(3)?;
            let x_elem = &elems[1];
            let (max, min) = if is_float(x_elem) {
                ("arith.maximumf", "arith.minimumf")
            } else {
                ("arith.maxsi", "arith.minsi")
            };
            let lower = e.binary(max, &args[1], &args[0], x_elem);
            e.binary(min, &lower, &args[2], x_elem)
        }
        "compare" => {
            arity(2)?;
            compare(e, op, args, t)?
        }
        _ => return Err(unsupported()),
    };
    Ok(name)
}

/// `stablehlo.compare` on scalars: `comparison_direction` and `compare_type` (default by type).
pub(super) fn compare(
    e: &mut Emit,
    op: MlirOperation,
    args: &[String],
    t: &str,
) -> Result<String, String> {
    let direction_text = attribute_text(op, "comparison_direction")
        .ok_or("'compare' has no comparison_direction")?;
    let direction = ["EQ", "NE", "GE", "GT", "LE", "LT"]
        .into_iter()
        .find(|d| direction_text.contains(&format!("comparison_direction {d}")))
        .ok_or_else(|| format!("cannot read comparison direction {direction_text}"))?;
    let kind = attribute_text(op, "compare_type").unwrap_or_default();
    let unsigned = kind.contains("UNSIGNED") || t == "i1";
    let predicate = if is_float(t) {
        match direction {
            "EQ" => "oeq",
            "NE" => "une",
            "GE" => "oge",
            "GT" => "ogt",
            "LE" => "ole",
            _ => "olt",
        }
    } else {
        match (direction, unsigned) {
            ("EQ", _) => "eq",
            ("NE", _) => "ne",
            ("GE", false) => "sge",
            ("GT", false) => "sgt",
            ("LE", false) => "sle",
            ("LT", false) => "slt",
            ("GE", true) => "uge",
            ("GT", true) => "ugt",
            ("LE", true) => "ule",
            _ => "ult",
        }
    };
    let cmp = if is_float(t) {
        "arith.cmpf"
    } else {
        "arith.cmpi"
    };
    Ok(e.cmp(&format!("{cmp} {predicate}"), &args[0], &args[1], t))
}
