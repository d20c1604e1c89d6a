//! `par-import`: gives every compute op its iteration space and the SOAP role of each loop dim,
//! as a `#par.space` attribute (DESIGN §2).
//!
//! Op families (the one table of per-op knowledge, `classify`):
//! - linalg structured ops, named or generic: loop dims, sizes and operand accesses come from MLIR's
//!   own indexing maps (`mlirLinalgGetIndexingMapsAttribute`), no list of named ops; a loop dim is
//!   parallel iff it indexes an output (the linalg invariant), else reduction;
//! - reshapes (`tensor.expand_shape`/`collapse_shape`): carry the sample dim through reassociation;
//! - same-rank data movement (`tensor.extract_slice`/`insert_slice`/`pad`/`cast`/`concat`): keep it;
//! - sources (`arith.constant`, `tensor.empty`, ...): constants that are not splats are weights.
//!
//! SOAP roles: **S**ample — carries the batch dim of a model input (function argument dim
//! `batch-dim`, default 0), propagated through indexing maps and reshapes; **P**arameter — a
//! parallel dim that indexes a weight (a non-splat constant, `dense_resource` included, a function
//! argument listed in `param-args` or carrying the `par.param` argument attribute, or a value computed
//! from weights alone); **A**ttribute — other parallel dims; **R**eduction.
//!
//! TOSA is first lowered by the upstream `tosa-to-linalg*` passes (see the driver's default
//! pipeline). StableHLO is not modelled yet: its ops are unsupported ops (below).
//!
//! Errors: a dynamic or unranked tensor (`?`, `*`) and an op producing tensors that no family models
//! are errors at the op's location; with `opaque-unknown=true` the latter is a warning and the op is
//! left unannotated (not partitionable).
//!
//! ```mlir
//! %0 = linalg.matmul ins(%x, %w : tensor<64x4096xf32>, tensor<4096x1000xf32>) outs(...)
//! // becomes
//! %0 = linalg.matmul {par.space = #par.space<array<i64: 64, 1000, 4096>, "SPR">} ins(...) outs(...)
//! ```

use crate::{
    emit_error, ir, op_name, Diagnosed, OptionKind, Options, PassId, PassInfo, PassOption,
};
use flexc_dialects::{names, Role, Space};
use melior::ir::{
    attribute::AttributeLike,
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef, RegionLike, TypeLike, ValueLike,
};
use mlir_sys::{MlirOperation, MlirValue};
use std::collections::HashMap;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-import",
    summary: "Annotate compute ops with their iteration space and SOAP roles (#par.space)",
    options: &[
        PassOption {
            name: "batch-dim",
            help: "dim of every data argument that holds the batch (the sample dim)",
            default: "0",
            kind: OptionKind::Unsigned,
        },
        PassOption {
            name: "param-args",
            help: "comma-separated indices of function arguments that are weights (JAX passes weights as arguments)",
            default: "",
            kind: OptionKind::UnsignedList,
        },
        PassOption {
            name: "opaque-unknown",
            help: "warn about ops no family models and leave them replicated, instead of failing",
            default: "false",
            kind: OptionKind::OneOf(&["true", "false"]),
        },
    ],
    anchor: "builtin.module",
    id: &ID,
    run,
};

/// Settings of the import analysis.
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    pub batch_dim: usize,
    pub param_args: Vec<usize>,
    pub opaque_unknown: bool,
}

impl ImportOptions {
    pub fn from_pass_options(options: &Options) -> Self {
        ImportOptions {
            batch_dim: options.unsigned("batch-dim") as usize,
            param_args: options.unsigned_list("param-args"),
            opaque_unknown: options.get("opaque-unknown") == "true",
        }
    }
}

/// One compute op as imported.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedOp {
    pub name: String,
    pub location: String,
    pub space: Space,
    /// Forward FLOPs of the whole op (body arithmetic ops × iterations).
    pub flops: u64,
    /// Elements of the weights this op is the first to read.
    pub parameters: u64,
}

/// The result of importing a module.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Imported {
    pub ops: Vec<ImportedOp>,
    /// Distinct weight tensors' elements.
    pub parameters: u64,
    /// One forward pass, whole batch; a multiply-add counts 2.
    pub forward_flops: u64,
    /// Function arguments taken as weights, as `@func:index`.
    pub weight_args: Vec<String>,
    /// Ops left opaque (`opaque-unknown`): location and warning.
    pub opaque: Vec<(String, String)>,
}

/// What the analysis knows about a tensor value.
#[derive(Clone, Copy, Debug, Default)]
struct ValueInfo {
    /// The tensor dim that carries the batch.
    sample: Option<usize>,
    /// Computed from weights alone.
    weight: bool,
    /// The weight leaf (constant or argument) this value is, or reshapes/slices, if any.
    leaf: Option<usize>,
}

struct Analysis<'o> {
    options: &'o ImportOptions,
    values: HashMap<usize, ValueInfo>,
    /// Weight leaves already counted in `result.parameters` (each weight counts once: tied
    /// embeddings are one tensor).
    counted: std::collections::HashSet<usize>,
    /// Elements of every weight leaf.
    leaf_elements: HashMap<usize, u64>,
    result: Imported,
    failed: bool,
    annotations: Vec<(MlirOperation, Space)>,
}

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    analyze(&module, &ImportOptions::from_pass_options(options), true)
        .map(drop)
        .map_err(drop)
}

/// Imports `module`: annotates it with `#par.space` when `annotate`, and returns the op table.
/// Emits diagnostics and returns `Err` on unsupported input.
pub fn analyze(
    module: &OperationRef<'_, '_>,
    options: &ImportOptions,
    annotate: bool,
) -> Result<Imported, Diagnosed> {
    let mut analysis = Analysis {
        options,
        values: HashMap::new(),
        counted: Default::default(),
        leaf_elements: HashMap::new(),
        result: Imported::default(),
        failed: false,
        annotations: Vec::new(),
    };
    module.walk(WalkOrder::PreOrder, |op| analysis.visit(&op));
    if analysis.failed {
        return Err(Diagnosed);
    }
    if annotate {
        let context = unsafe { mlir_sys::mlirOperationGetContext(module.to_raw()) };
        for (op, space) in &analysis.annotations {
            let text = space.to_text();
            unsafe {
                let attribute = mlir_sys::mlirAttributeParseGet(
                    context,
                    melior::StringRef::new(&text).to_raw(),
                );
                // The text is ours and the par dialect is loaded: a null attribute is a flexc bug.
                assert!(
                    !attribute.ptr.is_null(),
                    "flexc produced an unparsable attribute {text}"
                );
                mlir_sys::mlirOperationSetDiscardableAttributeByName(
                    *op,
                    melior::StringRef::new(names::SPACE_ATTR).to_raw(),
                    attribute,
                );
            }
        }
    }
    Ok(analysis.result)
}

/// The op families of the table in the module doc.
enum Family {
    Function,
    Structured(Vec<(usize, Vec<ir::AffineSum>)>),
    Reshape { expand: bool },
    SameRankMove { source: usize },
    Constant,
    Source,
    Unknown,
}

fn classify(op: &OperationRef<'_, '_>, name: &str) -> Family {
    if name == "func.func" {
        return Family::Function;
    }
    if let Some(maps) = ir::linalg_indexing_maps(op.to_raw()) {
        return Family::Structured(maps);
    }
    match name {
        "tensor.expand_shape" => Family::Reshape { expand: true },
        "tensor.collapse_shape" => Family::Reshape { expand: false },
        "tensor.extract_slice" | "tensor.pad" | "tensor.cast" | "tensor.concat" => {
            Family::SameRankMove { source: 0 }
        }
        "tensor.insert_slice" => Family::SameRankMove { source: 1 },
        // flexc's own parallel ops (re-importing a .par.mlir): the value flows through.
        _ if name.starts_with("par.") => Family::SameRankMove { source: 0 },
        "arith.constant" => Family::Constant,
        _ if op.result_count() == 0 || !has_tensor_result(op) => Family::Source,
        _ if is_elementwise(op) => {
            // Identity maps over the common shape, one per tensor operand and result.
            let shape = op
                .result(0)
                .ok()
                .and_then(|r| ir::tensor_shape(r.r#type().to_raw()));
            let rank = shape.map_or(0, |s| s.dims.len());
            let identity = || {
                (0..rank)
                    .map(|d| ir::AffineSum {
                        terms: vec![(d, 1)],
                        offset: 0,
                    })
                    .collect::<Vec<_>>()
            };
            let count = op.operand_count() + op.result_count();
            Family::Structured((0..count).map(|_| (rank, identity())).collect())
        }
        "tensor.empty"
        | "tensor.splat"
        | "tensor.from_elements"
        | "tensor.generate"
        | "bufferization.alloc_tensor" => Family::Source,
        _ => Family::Unknown,
    }
}

/// Elementwise by structure: every operand and result is a ranked tensor of one same shape (e.g.
/// `arith.addf` on tensors). Decided from types, never from op names.
fn is_elementwise(op: &OperationRef<'_, '_>) -> bool {
    let shapes: Vec<Option<ir::Shape>> = op
        .operands()
        .map(|v| ir::tensor_shape(v.r#type().to_raw()))
        .chain(op.results().map(|v| ir::tensor_shape(v.r#type().to_raw())))
        .collect();
    op.region_count() == 0
        && shapes.iter().all(Option::is_some)
        && shapes
            .windows(2)
            .all(|w| w[0].as_ref().map(|s| &s.dims) == w[1].as_ref().map(|s| &s.dims))
}

fn has_tensor_result(op: &OperationRef<'_, '_>) -> bool {
    op.results().any(|result| {
        let ty = result.r#type().to_raw();
        ir::tensor_shape(ty).is_some() || ir::is_unranked_tensor(ty)
    })
}

fn location_text(op: &OperationRef<'_, '_>) -> String {
    let text = op.location().to_string();
    // loc("file":line:col) -> file:line:col
    text.trim_start_matches("loc(")
        .trim_end_matches(')')
        .replacen('"', "", 2)
}

impl Analysis<'_> {
    fn info(&self, value: MlirValue) -> ValueInfo {
        self.values
            .get(&ir::value_key(value))
            .copied()
            .unwrap_or_default()
    }

    fn set(&mut self, value: MlirValue, info: ValueInfo) {
        self.values.insert(ir::value_key(value), info);
    }

    fn error(&mut self, op: &OperationRef<'_, '_>, message: &str) {
        emit_error(op.location(), message);
        self.failed = true;
    }

    /// Elements of the weight leaf behind `value`, the first time a compute op reads it.
    fn take_weight(&mut self, value: MlirValue) -> u64 {
        match self.info(value).leaf {
            Some(leaf) if self.counted.insert(leaf) => {
                self.leaf_elements.get(&leaf).copied().unwrap_or(0)
            }
            _ => 0,
        }
    }

    fn weight_leaf(&mut self, value: MlirValue, elements: u64) {
        let key = ir::value_key(value);
        self.leaf_elements.insert(key, elements);
        self.set(
            value,
            ValueInfo {
                sample: None,
                weight: true,
                leaf: Some(key),
            },
        );
    }

    fn check_static(&mut self, op: &OperationRef<'_, '_>, name: &str) -> bool {
        let types = op
            .operands()
            .map(|v| v.r#type().to_raw())
            .chain(op.results().map(|v| v.r#type().to_raw()));
        for ty in types {
            let dynamic =
                ir::tensor_shape(ty).is_some_and(|s| !s.is_static()) || ir::is_unranked_tensor(ty);
            if dynamic {
                self.error(
                    op,
                    &format!(
                        "'{name}' op has a dynamic shape ({}); flexc needs static shapes: export the model with fixed input sizes",
                        ir::type_text(ty)
                    ),
                );
                return false;
            }
        }
        true
    }

    fn visit(&mut self, op: &OperationRef<'_, '_>) -> WalkResult {
        let name = op_name(op);
        if name == "builtin.module" {
            return WalkResult::Advance;
        }
        let family = classify(op, &name);
        if !matches!(family, Family::Function | Family::Source) && !self.check_static(op, &name) {
            return WalkResult::Skip;
        }
        match family {
            Family::Function => {
                self.function_arguments(op);
                WalkResult::Advance
            }
            Family::Structured(maps) => {
                self.structured(op, &name, &maps);
                WalkResult::Skip
            }
            Family::Reshape { expand } => {
                self.reshape(op, expand);
                WalkResult::Skip
            }
            Family::SameRankMove { source } => {
                let operands: Vec<MlirValue> = op.operands().map(|v| v.to_raw()).collect();
                let tensors: Vec<ValueInfo> = operands
                    .iter()
                    .filter(|v| {
                        ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(**v) }).is_some()
                    })
                    .map(|v| self.info(*v))
                    .collect();
                let source = operands
                    .get(source)
                    .map(|v| self.info(*v))
                    .unwrap_or_default();
                let sample = tensors.iter().find_map(|i| i.sample).or(source.sample);
                let weight = !tensors.is_empty() && tensors.iter().all(|i| i.weight);
                let leaf = if tensors.len() == 1 {
                    source.leaf
                } else {
                    None
                };
                for result in op.results() {
                    self.set(
                        result.to_raw(),
                        ValueInfo {
                            sample,
                            weight,
                            leaf,
                        },
                    );
                }
                WalkResult::Skip
            }
            Family::Constant => {
                self.constant(op);
                WalkResult::Skip
            }
            Family::Source => WalkResult::Skip,
            Family::Unknown => {
                if self.options.opaque_unknown {
                    // The C API cannot emit warnings: the driver prints these.
                    self.result.opaque.push((
                        location_text(op),
                        format!("'{name}' op is not modelled by flexc; it stays replicated and is not partitioned"),
                    ));
                } else {
                    self.error(
                        op,
                        &format!(
                            "'{name}' op is not supported by flexc's importer (no iteration space known); run with --opaque-unknown to keep it replicated"
                        ),
                    );
                }
                WalkResult::Skip
            }
        }
    }

    fn function_arguments(&mut self, op: &OperationRef<'_, '_>) {
        let private = op
            .attribute("sym_visibility")
            .is_ok_and(|v| v.to_string().contains("private"));
        let Ok(region) = op.region(0) else { return };
        let Some(block) = region.first_block() else {
            return;
        };
        let function = op
            .attribute("sym_name")
            .map(|a| a.to_string().trim_matches('"').to_string())
            .unwrap_or_default();
        let arg_attrs = op.attribute("arg_attrs").map(|a| a.to_string()).ok();
        for index in 0..block.argument_count() {
            let Ok(argument) = block.argument(index) else {
                continue;
            };
            let value = argument.to_raw();
            let Some(shape) = ir::tensor_shape(argument.r#type().to_raw()) else {
                continue;
            };
            let marked = arg_attrs.as_deref().is_some_and(|attrs| {
                flexc_dialects::split_top_level(attrs.trim_start_matches('[').trim_end_matches(']'))
                    .get(index)
                    .is_some_and(|dict| dict.contains("par.param"))
            });
            if self.options.param_args.contains(&index) || marked {
                self.result.weight_args.push(format!("@{function}:{index}"));
                self.weight_leaf(value, shape.elements());
            } else if !private {
                let sample =
                    (self.options.batch_dim < shape.dims.len()).then_some(self.options.batch_dim);
                self.set(
                    value,
                    ValueInfo {
                        sample,
                        weight: false,
                        leaf: None,
                    },
                );
            }
        }
    }

    fn constant(&mut self, op: &OperationRef<'_, '_>) {
        let Ok(result) = op.result(0) else { return };
        let Some(shape) = ir::tensor_shape(result.r#type().to_raw()) else {
            return;
        };
        let value = op.attribute("value").map(|a| a.to_raw());
        let splat = value.is_ok_and(|v| unsafe {
            mlir_sys::mlirAttributeIsADenseElements(v) && mlir_sys::mlirDenseElementsAttrIsSplat(v)
        });
        if shape.elements() > 1 && !splat {
            self.weight_leaf(result.to_raw(), shape.elements());
        }
    }

    fn reshape(&mut self, op: &OperationRef<'_, '_>, expand: bool) {
        let (Ok(source), Ok(result)) = (op.operand(0), op.result(0)) else {
            return;
        };
        let info = self.info(source.to_raw());
        let groups = op
            .attribute("reassociation")
            .ok()
            .and_then(|a| ir::nested_int_arrays(a.to_raw()))
            .unwrap_or_default();
        let result_shape = ir::tensor_shape(result.r#type().to_raw());
        let sample = info.sample.and_then(|s| {
            if expand {
                // Source dim s became group s of result dims: the batch is its outermost non-unit dim.
                let group = groups.get(s)?;
                let dims = result_shape.as_ref()?.static_dims();
                group
                    .iter()
                    .map(|&d| d as usize)
                    .find(|&d| dims.get(d).is_some_and(|&size| size > 1))
                    .or_else(|| group.first().map(|&d| d as usize))
            } else {
                groups.iter().position(|group| group.contains(&(s as i64)))
            }
        });
        self.set(
            result.to_raw(),
            ValueInfo {
                sample,
                weight: info.weight,
                leaf: info.leaf,
            },
        );
    }

    fn structured(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        maps: &[(usize, Vec<ir::AffineSum>)],
    ) {
        let operands: Vec<MlirValue> = op.operands().map(|v| v.to_raw()).collect();
        // Tensor-semantics structured ops have one init operand per result (destination style);
        // elementwise ops have maps for their results after their operands.
        let outputs = op.result_count();
        let elementwise = maps.len() == operands.len() + outputs;
        let operands: Vec<MlirValue> = if elementwise {
            operands
                .into_iter()
                .chain(op.results().map(|r| r.to_raw()))
                .collect()
        } else {
            operands
        };
        if operands.len() != maps.len() || maps.is_empty() {
            self.error(
                op,
                &format!(
                    "'{name}' op has {} operands but {} indexing maps",
                    operands.len(),
                    maps.len()
                ),
            );
            return;
        }
        let inputs = operands.len() - outputs.min(operands.len());
        let loops = maps[0].0;
        let mut sizes: Vec<Option<u64>> = vec![None; loops];
        for (value, (_, exprs)) in operands.iter().zip(maps) {
            let Some(shape) = ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(*value) })
            else {
                continue;
            };
            for (expr, size) in exprs.iter().zip(shape.static_dims()) {
                if let Some(dim) = expr.single_dim() {
                    sizes[dim].get_or_insert(size);
                }
            }
        }
        let Some(sizes) = sizes.into_iter().collect::<Option<Vec<u64>>>() else {
            self.error(
                op,
                &format!(
                    "'{name}' op: cannot infer the trip count of every loop from operand shapes"
                ),
            );
            return;
        };
        let parallel: Vec<bool> = (0..loops)
            .map(|d| {
                maps[inputs..]
                    .iter()
                    .any(|(_, exprs)| exprs.iter().any(|e| e.single_dim() == Some(d)))
            })
            .collect();
        let mut roles: Vec<Role> = parallel
            .iter()
            .map(|&p| if p { Role::Attribute } else { Role::Reduction })
            .collect();
        for (value, (_, exprs)) in operands.iter().zip(maps) {
            let info = self.info(*value);
            if let Some(dim) = info
                .sample
                .and_then(|s| exprs.get(s))
                .and_then(|e| e.single_dim())
            {
                if parallel[dim] {
                    roles[dim] = Role::Sample;
                }
            }
        }
        for (value, (_, exprs)) in operands.iter().zip(maps).take(inputs) {
            if self.info(*value).weight {
                for expr in exprs {
                    for &(dim, _) in &expr.terms {
                        if roles[dim] == Role::Attribute {
                            roles[dim] = Role::Parameter;
                        }
                    }
                }
            }
        }
        let sample_loop = roles.iter().position(|&r| r == Role::Sample);
        let input_infos: Vec<ValueInfo> =
            operands[..inputs].iter().map(|v| self.info(*v)).collect();
        let weight = !input_infos.is_empty() && input_infos.iter().all(|i| i.weight);
        for (r, result) in op.results().enumerate() {
            let sample = sample_loop.and_then(|d| {
                maps.get(inputs + r)?
                    .1
                    .iter()
                    .position(|e| e.single_dim() == Some(d))
            });
            self.set(
                result.to_raw(),
                ValueInfo {
                    sample,
                    weight,
                    leaf: None,
                },
            );
        }
        // Weights read as operands, or captured by the body (embedding lookups: tensor.extract).
        let mut read: Vec<MlirValue> = operands[..inputs].to_vec();
        read.extend(body_captures(op));
        let parameters: u64 = read.iter().map(|v| self.take_weight(*v)).sum();
        let iterations: u64 = sizes.iter().product();
        let flops = if elementwise { 1 } else { body_arithmetic(op) } * iterations;
        let space = Space {
            sizes: sizes.iter().map(|&s| s as i64).collect(),
            roles,
        };
        self.result.parameters += parameters;
        self.result.forward_flops += flops;
        self.result.ops.push(ImportedOp {
            name: name.to_string(),
            location: location_text(op),
            space: space.clone(),
            flops,
            parameters,
        });
        self.annotations.push((op.to_raw(), space));
    }
}

/// Operands of the ops in a structured op's body (values from outside are the captures).
fn body_captures(op: &OperationRef<'_, '_>) -> Vec<MlirValue> {
    let mut values = Vec::new();
    let Ok(region) = op.region(0) else {
        return values;
    };
    let Some(block) = region.first_block() else {
        return values;
    };
    let mut next = block.first_operation();
    while let Some(inner) = next {
        values.extend(inner.operands().map(|v| v.to_raw()));
        next = inner.next_in_block();
    }
    values
}

/// Arithmetic ops per iteration of a structured op's body (index bookkeeping excluded).
fn body_arithmetic(op: &OperationRef<'_, '_>) -> u64 {
    let mut count = 0;
    let Ok(region) = op.region(0) else { return 0 };
    let Some(block) = region.first_block() else {
        return 0;
    };
    let mut next = block.first_operation();
    while let Some(inner) = next {
        let name = op_name(&inner);
        let counted = (name.starts_with("arith.") || name.starts_with("math."))
            && !matches!(
                name.as_str(),
                "arith.constant" | "arith.index_cast" | "arith.index_castui"
            );
        count += u64::from(counted);
        next = inner.next_in_block();
    }
    count
}
