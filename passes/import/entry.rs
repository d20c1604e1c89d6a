//! The entry function's arguments and results as the module names them: `par.name`, JAX's
//! `jax.arg_info`/`jax.result_info`, the arguments a training step returns updated, and the names
//! written back ([`write_names`]).

use super::*;

/// The entry function's arguments that a training step returns updated, and how they were found (only
/// when `param-args` and `data-args` are not given): those JAX marks `tf.aliasing_output` (its donated
/// state, each aliased to the result holding its new value; `jax.result_info` names them
/// `result[0]['Dense_0']['kernel']`); else, as torch-mlir exports a step without such marks, those a
/// returned value of the same type is computed from directly (`w - lr * g`). `None` when none is, or
/// when that would leave no data argument.
pub(super) fn updated_arguments(
    arg_attrs: Option<&str>,
    block: BlockRef<'_, '_>,
) -> Option<(Vec<usize>, &'static str)> {
    let count = block.argument_count();
    let tensors: Vec<usize> = (0..count)
        .filter(|&i| {
            block
                .argument(i)
                .is_ok_and(|a| ir::tensor_shape(a.r#type().to_raw()).is_some())
        })
        .collect();
    let marked: Vec<usize> = arg_attrs
        .map(|attrs| {
            flexc_dialects::split_top_level(attrs.trim_start_matches('[').trim_end_matches(']'))
                .iter()
                .enumerate()
                .filter(|(_, dict)| dict.contains("tf.aliasing_output"))
                .map(|(i, _)| i)
                .collect()
        })
        .unwrap_or_default();
    let leaves_data = |weights: &[usize]| tensors.iter().any(|i| !weights.contains(i));
    if !marked.is_empty() && leaves_data(&marked) {
        return Some((marked, "marked tf.aliasing_output: the step updates them"));
    }
    let mut updated: Vec<usize> = result_sources(block).into_iter().flatten().collect();
    updated.sort_unstable();
    updated.dedup();
    (!updated.is_empty() && leaves_data(&updated)).then_some((
        updated,
        "a returned value of the same type is computed from each: the step updates them",
    ))
}

/// For each value the block returns, the arguments of its own type it is computed from: directly
/// (`w - lr * g`) or through a few ops of that type (a running statistic `(1 - m) * s + m * x`), or
/// the argument itself returned.
pub(super) fn result_sources(block: BlockRef<'_, '_>) -> Vec<Vec<usize>> {
    let Some(terminator) = ir::block_operations(block).last().map(|op| op.to_raw()) else {
        return Vec::new();
    };
    let arguments: Vec<(usize, MlirValue)> = (0..block.argument_count())
        .filter_map(|i| block.argument(i).ok().map(|a| (i, a.to_raw())))
        .filter(|(_, a)| ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(*a) }).is_some())
        .collect();
    const DEPTH: usize = 3;
    let mut sources = Vec::new();
    for r in 0..unsafe { mlir_sys::mlirOperationGetNumOperands(terminator) } {
        let mut updated = Vec::new();
        let value = unsafe { mlir_sys::mlirOperationGetOperand(terminator, r) };
        let ty = unsafe { mlir_sys::mlirValueGetType(value) };
        // State returned as it is (a batch-norm buffer the step does not change) counts too.
        if let Some(&(i, _)) = arguments.iter().find(|(_, a)| a.ptr == value.ptr) {
            if !updated.contains(&i) {
                updated.push(i);
            }
        }
        let mut frontier = vec![value];
        for _ in 0..DEPTH {
            let mut next = Vec::new();
            for value in frontier {
                let Some(def) = ir::defining_op(value) else {
                    continue;
                };
                // A linalg op's inits (`outs`) are where it writes, not what it computes from.
                let operands = unsafe { mlir_sys::mlirOperationGetNumOperands(def) };
                let inits = if ir::op_name(def).starts_with("linalg.") {
                    unsafe { mlir_sys::mlirOperationGetNumResults(def) }
                } else {
                    0
                };
                for k in 0..operands - inits {
                    let operand = unsafe { mlir_sys::mlirOperationGetOperand(def, k) };
                    if !unsafe { mlir_sys::mlirTypeEqual(mlir_sys::mlirValueGetType(operand), ty) }
                    {
                        continue;
                    }
                    match arguments.iter().find(|(_, a)| a.ptr == operand.ptr) {
                        Some(&(i, _)) if !updated.contains(&i) => updated.push(i),
                        Some(_) => {}
                        None => next.push(operand),
                    }
                }
            }
            frontier = next;
        }
        sources.push(updated);
    }
    sources
}

/// The dictionaries of an `arg_attrs`/`res_attrs` array's text (`[{a = 1}, {}]`), as text.
pub(super) fn attribute_dicts(array: Option<&str>) -> Vec<&str> {
    array
        .map(|text| {
            flexc_dialects::split_top_level(
                text.trim().trim_start_matches('[').trim_end_matches(']'),
            )
        })
        .unwrap_or_default()
}

/// The text after `key` in `dict`, when it occurs.
pub(super) fn string_after<'a>(dict: &'a str, key: &str) -> Option<&'a str> {
    dict.find(key).map(|at| &dict[at + key.len()..])
}

/// The string literal after `key` in an attribute dictionary's text (`key = "..."`), unescaped.
pub(super) fn quoted_after(dict: &str, key: &str) -> Option<String> {
    string_literal(string_after(dict, key)?).map(|(text, _)| text)
}

/// The MLIR string literal at the start of `text` (`"..."`, with `\\`, `\"` and `\XX` escapes),
/// unescaped, and the rest of `text`.
pub(super) fn string_literal(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('"')?;
    let mut bytes = Vec::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((String::from_utf8_lossy(&bytes).into_owned(), &body[i + 1..])),
            '\\' => {
                let (_, next) = chars.next()?;
                if next == '\\' || next == '"' || next == '\'' {
                    bytes.push(next as u8);
                } else {
                    let (_, low) = chars.next()?;
                    let hex: String = [next, low].iter().collect();
                    bytes.push(u8::from_str_radix(&hex, 16).ok()?);
                }
            }
            c => {
                let mut buffer = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            }
        }
    }
    None
}

/// The name of each argument of an entry function, when the module gives one: its `par.name` (a
/// `.par.mlir` read again), JAX's `jax.arg_info`, the name location JAX writes when lowered with debug
/// information (`loc("params['Dense_0']['kernel']")`), else, for an argument JAX aliases to a result
/// (`tf.aliasing_output = r`), that result's `jax.result_info` with its leading `result[k]` dropped
/// (`result[0]['Dense_0']['kernel']` names the parameter `['Dense_0']['kernel']`).
pub fn argument_names(
    arg_attrs: Option<&str>,
    res_attrs: Option<&str>,
    block: BlockRef<'_, '_>,
) -> Vec<Option<String>> {
    let args = attribute_dicts(arg_attrs);
    let results = attribute_dicts(res_attrs);
    (0..block.argument_count())
        .map(|i| {
            let dict = args.get(i).copied().unwrap_or("");
            let named = quoted_after(dict, &format!("{} = ", names::NAME_ATTR))
                .or_else(|| quoted_after(dict, "jax.arg_info = "));
            let located = || {
                let value = block.argument(i).ok()?.to_raw();
                let location = unsafe {
                    melior::ir::Location::from_raw(mlir_sys::mlirValueGetLocation(value))
                };
                name_location(&location.to_string())
            };
            let aliased = || {
                let r: usize = string_after(dict, "tf.aliasing_output = ")?
                    .split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()?;
                let info = quoted_after(results.get(r)?, "jax.result_info = ")?;
                parameter_path(&info)
            };
            named.or_else(located).or_else(aliased)
        })
        .collect()
}

/// The name of a name location's text (`loc("x")`, `loc("x"(child))`); `None` for a file location
/// (`loc("file.py":1:2)`) and the rest.
pub(super) fn name_location(text: &str) -> Option<String> {
    let (name, rest) = string_literal(text.strip_prefix("loc(")?)?;
    (rest.starts_with(')') || rest.starts_with('('))
        .then_some(name)
        .filter(|n| !n.is_empty())
}

/// The parameter path of a `jax.result_info`: `result[0]['Dense_0']['kernel']` →
/// `['Dense_0']['kernel']` (the step's first result is the parameter tree); `None` when nothing is
/// left (`result[2]`).
pub(super) fn parameter_path(info: &str) -> Option<String> {
    let rest = info.strip_prefix("result").unwrap_or(info);
    let rest = match rest.strip_prefix('[') {
        Some(inner) if inner.split(']').next()?.chars().all(|c| c.is_ascii_digit()) => {
            &inner[inner.find(']')? + 1..]
        }
        _ => rest,
    };
    (!rest.is_empty()).then(|| rest.to_string())
}

/// Writes each named weight argument's name on the entry function of `module` as `par.name` (a
/// `.par.mlir` then names its parameters for any reader, flexc's exports included).
pub fn write_names(module: &OperationRef<'_, '_>, imported: &Imported) -> Result<(), String> {
    let Some(function) = top_level_ops(module)
        .into_iter()
        .find(|op| op_name(op) == "func.func" && ir::symbol_name(op.to_raw()) == imported.entry)
    else {
        return Ok(());
    };
    if !imported.args.iter().any(|a| a.weight && a.name.is_some()) {
        return Ok(());
    }
    let text = function.attribute("arg_attrs").map(|a| a.to_string()).ok();
    let dicts = attribute_dicts(text.as_deref());
    let key = format!("{} = ", names::NAME_ATTR);
    let entries: Vec<String> = imported
        .args
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let dict = dicts.get(i).copied().unwrap_or("{}").trim();
            let inner = dict.trim_start_matches('{').trim_end_matches('}').trim();
            match &arg.name {
                Some(name) if arg.weight && !dict.contains(&key) => {
                    let escaped = name.replace('\\', "\\5C").replace('"', "\\22");
                    let entry = format!("{key}\"{escaped}\"");
                    if inner.is_empty() {
                        format!("{{{entry}}}")
                    } else {
                        format!("{{{inner}, {entry}}}")
                    }
                }
                _ => format!("{{{inner}}}"),
            }
        })
        .collect();
    let array = format!("[{}]", entries.join(", "));
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(function.to_raw());
        let attribute =
            mlir_sys::mlirAttributeParseGet(context, melior::StringRef::new(&array).to_raw());
        if attribute.ptr.is_null() {
            return Err(format!(
                "flexc built an unparsable arg_attrs {array} (a flexc bug)"
            ));
        }
        mlir_sys::mlirOperationSetAttributeByName(
            function.to_raw(),
            melior::StringRef::new("arg_attrs").to_raw(),
            attribute,
        );
    }
    Ok(())
}

/// `0-37, 40` for a sorted list of indices.
pub(super) fn index_ranges(indices: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let mut j = i;
        while j + 1 < indices.len() && indices[j + 1] == indices[j] + 1 {
            j += 1;
        }
        parts.push(if j > i {
            format!("{}-{}", indices[i], indices[j])
        } else {
            indices[i].to_string()
        });
        i = j + 1;
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}
