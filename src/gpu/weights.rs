//! Elided weights as seeded program arguments.
//!
//! A full-size export carries its weights elided (`dense_resource` handles without data). Filled
//! into the module as constants, they would travel inside the artifact (ResNet-50 ~100 MB,
//! GPT-2 ~500 MB) and make it too large to carry to a GPU machine. Instead every elided weight a
//! program reads becomes one more argument of every program (serial and devices, in the same
//! order, after the data inputs), listed in the manifest's `inputs` as `kind: weight` with its
//! handle and tensor type; `flexc-gpu` seeds it from `HANDLE:TYPE` exactly as `flexc-run` fills
//! the constant (`flexc_core::seed::weight_values`), so `--check` and `--reference` compare the
//! same function. The runtime uploads arguments before the timed call, so `--time` still times the
//! program alone; a program that does not read a weight (a device of a model-parallel strategy)
//! lists it in `unused_inputs` and the runtime does not upload it there, so peak memory per device
//! stays what the program needs.
//!
//! Weights with data (the small models keep theirs) stay constants: `flexc_gpu_resident_<T>`
//! uploads them once per device. Elided weights of element types without a seeding rule, or
//! outside the programs, are filled as constants by the caller (`run::fill_elided_weights`).

use super::Program;
use crate::program::elided_handle;
use flexc_passes::ir::{op_name, symbol_name, tensor_shape, top_level_ops, type_text};
use melior::ir::{
    operation::{OperationLike, OperationRef, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;
use std::collections::BTreeMap;

/// Element types `flexc-gpu` seeds weight arguments of (`flexc_core::seed::weight_values`).
const SEEDED: &[&str] = &["f32", "f64", "i32", "i64"];

/// One elided weight turned into a program argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightArgument {
    /// The resource handle (`__elided__3`, `torch_tensor_768_torch.float32_109`).
    pub handle: String,
    /// The tensor type's text (`tensor<768xf32>`): the stream is `HANDLE:TYPE`.
    pub type_text: String,
    pub dtype: String,
    pub shape: Vec<u64>,
}

/// What [`weights_as_arguments`] did.
#[derive(Debug, Default)]
pub struct WeightArguments {
    /// The weights, in argument order (argument `data + k` is weight `k`).
    pub weights: Vec<WeightArgument>,
    /// Per program: the argument indices it does not read.
    pub unused: BTreeMap<String, Vec<usize>>,
}

/// An elided weight constant of a program: the op and its (handle, type text) key.
struct Constant {
    op: MlirOperation,
    key: (String, String),
    ty: MlirType,
}

/// Makes every elided weight constant of `programs` an argument of each of them (module doc).
/// The programs must share their signature (par-materialize writes them so).
pub fn weights_as_arguments(module: &Module, programs: &[Program]) -> WeightArguments {
    let functions: BTreeMap<String, MlirOperation> = top_level_ops(module.as_operation().to_raw())
        .into_iter()
        .filter(|&op| op_name(op) == "func.func")
        .map(|op| (symbol_name(op), op))
        .collect();
    let mut per_program = Vec::new();
    let mut order: Vec<(String, String)> = Vec::new();
    let mut types: BTreeMap<(String, String), MlirType> = BTreeMap::new();
    for program in programs {
        let Some(&function) = functions.get(&program.name) else {
            continue;
        };
        let constants = elided_constants(function);
        for constant in &constants {
            if !types.contains_key(&constant.key) {
                types.insert(constant.key.clone(), constant.ty);
                order.push(constant.key.clone());
            }
        }
        per_program.push((program.name.clone(), function, constants));
    }
    let mut result = WeightArguments::default();
    if order.is_empty() {
        return result;
    }
    for (handle, type_text) in &order {
        let shape = tensor_shape(types[&(handle.clone(), type_text.clone())])
            .expect("elided_constants keeps static tensors");
        result.weights.push(WeightArgument {
            handle: handle.clone(),
            type_text: type_text.clone(),
            dtype: shape.element.clone(),
            shape: shape.static_dims(),
        });
    }
    let weight_types: Vec<MlirType> = order.iter().map(|key| types[key]).collect();
    for (name, function, constants) in per_program {
        // Each argument located at its constant (else at the function).
        let locations: Vec<MlirLocation> = order
            .iter()
            .map(|key| {
                constants
                    .iter()
                    .find(|c| c.key == *key)
                    .map_or(unsafe { mlirOperationGetLocation(function) }, |c| unsafe {
                        mlirOperationGetLocation(c.op)
                    })
            })
            .collect();
        let (data, arguments) = append_arguments(function, &weight_types, &locations);
        for constant in constants {
            let k = order
                .iter()
                .position(|key| *key == constant.key)
                .expect("every constant's key is in the order");
            unsafe {
                mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(constant.op, 0), arguments[k]);
                mlirOperationDestroy(constant.op);
            }
        }
        let unused: Vec<usize> = arguments
            .iter()
            .enumerate()
            .filter(|(_, &a)| unsafe { mlirOpOperandIsNull(mlirValueGetFirstUse(a)) })
            .map(|(k, _)| data + k)
            .collect();
        result.unused.insert(name, unused);
    }
    result
}

/// The `arith.constant`s of `function` holding an elided weight of a seeded element type and a
/// static shape.
fn elided_constants(function: MlirOperation) -> Vec<Constant> {
    let mut constants = Vec::new();
    let view = unsafe { OperationRef::from_raw(function) };
    view.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        if op_name(raw) != "arith.constant" {
            return WalkResult::Advance;
        }
        let value = unsafe {
            mlirOperationGetAttributeByName(raw, melior::StringRef::new("value").to_raw())
        };
        if value.ptr.is_null() {
            return WalkResult::Advance;
        }
        let Some(handle) = elided_handle(value) else {
            return WalkResult::Advance;
        };
        let ty = unsafe { mlirAttributeGetType(value) };
        let seeded =
            tensor_shape(ty).is_some_and(|s| s.is_static() && SEEDED.contains(&s.element.as_str()));
        if seeded {
            constants.push(Constant {
                op: raw,
                key: (handle, type_text(ty)),
                ty,
            });
        }
        WalkResult::Advance
    });
    constants
}

/// Appends arguments of `types` at `locations` to `function` (entry block, `function_type`,
/// `arg_attrs`); returns the number of arguments it had and the new ones.
fn append_arguments(
    function: MlirOperation,
    types: &[MlirType],
    locations: &[MlirLocation],
) -> (usize, Vec<MlirValue>) {
    unsafe {
        let context = mlirOperationGetContext(function);
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
        let name = |s: &str| melior::StringRef::new(s).to_raw();
        let function_type = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
            function,
            name("function_type"),
        ));
        let inputs: Vec<MlirType> = (0..mlirFunctionTypeGetNumInputs(function_type))
            .map(|i| mlirFunctionTypeGetInput(function_type, i))
            .collect();
        let results: Vec<MlirType> = (0..mlirFunctionTypeGetNumResults(function_type))
            .map(|i| mlirFunctionTypeGetResult(function_type, i))
            .collect();
        let data = inputs.len();
        let arguments: Vec<MlirValue> = types
            .iter()
            .zip(locations)
            .map(|(&ty, &location)| mlirBlockAddArgument(block, ty, location))
            .collect();
        let all: Vec<MlirType> = inputs.iter().chain(types).copied().collect();
        let new_type = mlirFunctionTypeGet(
            context,
            all.len() as isize,
            all.as_ptr(),
            results.len() as isize,
            results.as_ptr(),
        );
        mlirOperationSetAttributeByName(function, name("function_type"), mlirTypeAttrGet(new_type));
        let attrs = mlirOperationGetAttributeByName(function, name("arg_attrs"));
        if !attrs.ptr.is_null() && mlirAttributeIsAArray(attrs) {
            let empty = mlirDictionaryAttrGet(context, 0, std::ptr::null());
            let mut elements: Vec<MlirAttribute> = (0..mlirArrayAttrGetNumElements(attrs))
                .map(|i| mlirArrayAttrGetElement(attrs, i))
                .collect();
            elements.resize(all.len(), empty);
            let array = mlirArrayAttrGet(context, elements.len() as isize, elements.as_ptr());
            mlirOperationSetAttributeByName(function, name("arg_attrs"), array);
        }
        (data, arguments)
    }
}
