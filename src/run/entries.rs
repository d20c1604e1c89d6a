//! The entry points of a partitioned module: every serial function `@f` with device functions
//! `@f_device0..N-1` (named by `flexc_dialects::names::device_function`), their signatures
//! checked (same arguments; device 0 returns `@f`'s results, the others nothing).

use super::{Element, TensorType};
use crate::diagnostics::{resolve_location, Diag, FileLoc};
use crate::program::module_functions;
use flexc_core::DeviceId;
use flexc_dialects::names::{device_function, parse_device_function};
use flexc_passes::ir::symbol_name;
use melior::ir::Module;
use mlir_sys::*;
use std::collections::BTreeMap;

/// A serial function with its device functions.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) name: String,
    pub(super) location: Option<FileLoc>,
    pub(super) devices: usize,
    pub(super) arguments: Vec<TensorType>,
    pub(super) results: Vec<TensorType>,
}

/// Serial functions with device functions `0..N`; errors for gaps and unsupported signatures.
pub(super) fn find_entries(module: &Module) -> Result<Vec<Entry>, Vec<Diag>> {
    let functions = module_functions(module);
    let by_name: BTreeMap<String, MlirOperation> =
        functions.iter().map(|&f| (symbol_name(f), f)).collect();
    let mut devices: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for name in by_name.keys() {
        if let Some((base, device)) = parse_device_function(name) {
            if by_name.contains_key(base) {
                devices.entry(base).or_default().push(device.index());
            }
        }
    }
    let mut entries = Vec::new();
    let mut diags = Vec::new();
    for (base, mut ids) in devices {
        ids.sort_unstable();
        let function = by_name[base];
        let location = resolve_location(unsafe { mlirOperationGetLocation(function) });
        if ids.iter().enumerate().any(|(i, &d)| i != d) {
            diags.push(Diag::error(
                location,
                format!(
                    "device functions of @{base} must be numbered 0..N without gaps, found {ids:?}"
                ),
            ));
            continue;
        }
        match signature(function) {
            Ok((arguments, results)) => {
                if results.is_empty() {
                    diags.push(Diag::error(
                        location,
                        format!("@{base} returns nothing to compare"),
                    ));
                    continue;
                }
                for &device in &ids {
                    let name = device_function(base, DeviceId::new(device));
                    let device_function = by_name[&name];
                    let expected_results = if device == 0 { results.len() } else { 0 };
                    let (args, res) = match signature(device_function) {
                        Ok(sig) => sig,
                        Err(e) => {
                            diags.push(Diag::error(
                                resolve_location(unsafe {
                                    mlirOperationGetLocation(device_function)
                                }),
                                e,
                            ));
                            continue;
                        }
                    };
                    let same_args = args.len() == arguments.len()
                        && args.iter().zip(&arguments).all(|(a, b)| a.text == b.text);
                    let same_results = res.len() == expected_results
                        && res.iter().zip(&results).all(|(a, b)| a.text == b.text);
                    if !same_args || !same_results {
                        diags.push(Diag::error(
                            resolve_location(unsafe { mlirOperationGetLocation(device_function) }),
                            format!(
                                "@{name} must take @{base}'s arguments and return {}",
                                if device == 0 {
                                    "its results"
                                } else {
                                    "nothing"
                                }
                            ),
                        ));
                    }
                }
                entries.push(Entry {
                    name: base.to_string(),
                    location: location.clone(),
                    devices: ids.len(),
                    arguments,
                    results,
                });
            }
            Err(e) => diags.push(Diag::error(location, e)),
        }
    }
    if diags.is_empty() {
        Ok(entries)
    } else {
        Err(diags)
    }
}

pub(super) type Signature = (Vec<TensorType>, Vec<TensorType>);

/// The argument and result types of `function`; errors for types flexc-run cannot pass.
pub(super) fn signature(function: MlirOperation) -> Result<Signature, String> {
    let name = symbol_name(function);
    unsafe {
        let attribute = mlirOperationGetAttributeByName(
            function,
            melior::StringRef::new("function_type").to_raw(),
        );
        let ty = mlirTypeAttrGetValue(attribute);
        let convert = |ty: MlirType, what: &str| -> Result<TensorType, String> {
            let text = flexc_passes::ir::type_text(ty);
            let shape = flexc_passes::ir::tensor_shape(ty)
                .filter(|s| s.is_static())
                .ok_or_else(|| {
                    format!("@{name}: {what} has type {text}; flexc-run needs statically shaped tensors")
                })?;
            let element = Element::parse(&shape.element).ok_or_else(|| {
                format!("@{name}: {what} has type {text}; flexc-run handles i1, i8, i16, i32, i64, f32 and f64 elements")
            })?;
            Ok(TensorType {
                dims: shape.static_dims().iter().map(|&d| d as i64).collect(),
                element,
                text,
            })
        };
        let arguments = (0..mlirFunctionTypeGetNumInputs(ty))
            .map(|i| convert(mlirFunctionTypeGetInput(ty, i), &format!("argument {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let results = (0..mlirFunctionTypeGetNumResults(ty))
            .map(|i| convert(mlirFunctionTypeGetResult(ty, i), &format!("result {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((arguments, results))
    }
}
