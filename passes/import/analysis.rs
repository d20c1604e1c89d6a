//! The import analysis proper: [`Analysis`] visits the entry function's ops in order, gives each
//! value its kind, each modelled op with a data operand its `#par.space` roles ([`Roles`]) and graph
//! op, and each weight its leaf tensor.

use super::*;

impl Analysis<'_> {
    pub(super) fn info(&self, value: MlirValue) -> ValueInfo {
        self.values
            .get(&ir::value_key(value))
            .copied()
            .unwrap_or_default()
    }

    pub(super) fn set(&mut self, value: MlirValue, info: ValueInfo) {
        self.values.insert(ir::value_key(value), info);
    }

    pub(super) fn error(&mut self, op: &OperationRef<'_, '_>, message: &str) {
        emit_error(op.location(), message);
        self.failed = true;
    }

    pub(super) fn check_static(&mut self, op: &OperationRef<'_, '_>, name: &str) -> bool {
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
            if let Some(message) = ir::tensor_shape(ty).and_then(|shape| size_overflow(&shape)) {
                self.error(op, &format!("'{name}' op: {message}"));
                return false;
            }
        }
        true
    }

    /// Marks the weight constant `value` (its attribute `attribute`) as tied to an earlier constant
    /// with the same values up to a dim permutation: its parameters count once (`tied_weights`).
    pub(super) fn tie_weight(
        &mut self,
        value: MlirValue,
        attribute: mlir_sys::MlirAttribute,
        shape: &ir::Shape,
    ) {
        let key = ir::value_key(value);
        let dims = shape.static_dims();
        let bytes = shape.element_bytes as usize;
        if let Some(earlier) = self.tied_weights.tie(key, attribute, &dims, bytes) {
            self.tied.insert(key, earlier);
            self.pending.insert(key, 0);
        }
    }

    /// Adds the bytes of the graph tensors created since the last call to the graph's total; `Err` when
    /// the total passes [`MAX_GRAPH_BYTES`].
    pub(super) fn check_graph_bytes(&mut self) -> Result<(), String> {
        let (seen, mut total) = self.graph_bytes;
        let tensors = self.result.graph.tensors();
        for tensor in &tensors[seen..] {
            // Each tensor's size was checked to fit 64 bits (`size_overflow`) before it was created.
            let bytes = tensor.bytes();
            total = total.saturating_add(bytes);
        }
        self.graph_bytes = (tensors.len(), total);
        if total > MAX_GRAPH_BYTES {
            return Err(format!(
                "the model's tensors total {total} bytes here, more than flexc's limit of 2^60 bytes \
                 (1 EiB) for a whole-batch graph"
            ));
        }
        Ok(())
    }

    pub(super) fn weight_leaf(&mut self, value: MlirValue, elements: u64) {
        let key = ir::value_key(value);
        self.leaf_elements.insert(key, elements);
        self.pending.insert(key, elements);
        self.weight_tensors.remove(&key);
        self.set(
            value,
            ValueInfo {
                kind: Kind::Weight,
                sample: None,
                leaf: Some(key),
                tensor: None,
                view: None,
                layout: None,
                positional: false,
                mask: false,
            },
        );
    }

    pub(super) fn entry_function(&mut self, op: &OperationRef<'_, '_>) {
        let Ok(region) = op.region(0) else { return };
        let Some(block) = region.first_block() else {
            return;
        };
        let function = op
            .attribute("sym_name")
            .map(|a| a.to_string().trim_matches('"').to_string())
            .unwrap_or_default();
        let arg_attrs = op.attribute("arg_attrs").map(|a| a.to_string()).ok();
        let res_attrs = op.attribute("res_attrs").map(|a| a.to_string()).ok();
        let names = argument_names(arg_attrs.as_deref(), res_attrs.as_deref(), block);
        let result_dicts = attribute_dicts(res_attrs.as_deref());
        self.result.entry = function.clone();
        self.result.args = names
            .iter()
            .map(|name| EntryArg {
                name: name.clone(),
                ..EntryArg::default()
            })
            .collect();
        let inferred = (self.options.param_args.is_empty() && self.options.data_args.is_empty())
            .then(|| updated_arguments(arg_attrs.as_deref(), block))
            .flatten();
        if !self.options.data_args.is_empty() {
            self.result.data_args = Some(self.options.data_args.clone());
        }
        if let Some((weights, why)) = &inferred {
            let data: Vec<usize> = (0..block.argument_count())
                .filter(|i| !weights.contains(i))
                .collect();
            self.result.weights_inferred = Some(format!(
                "weights: arguments {} of @{function} ({why}); data: {}",
                index_ranges(weights),
                index_ranges(&data)
            ));
            self.result.data_args = Some(data);
        }
        for index in 0..block.argument_count() {
            let Ok(argument) = block.argument(index) else {
                continue;
            };
            let value = argument.to_raw();
            let Some(shape) = ir::tensor_shape(argument.r#type().to_raw()) else {
                continue;
            };
            if !shape.is_static() {
                // Reported at the first op that reads it (`check_static`), where the user can see it.
                continue;
            }
            if let Some(message) = size_overflow(&shape) {
                // At the argument itself (`%x: tensor<...>` in the signature).
                let location = unsafe {
                    melior::ir::Location::from_raw(mlir_sys::mlirValueGetLocation(value))
                };
                emit_error(
                    location,
                    &format!("@{function} argument {index}: {message}"),
                );
                self.failed = true;
                continue;
            }
            let marked = arg_attrs.as_deref().is_some_and(|attrs| {
                flexc_dialects::split_top_level(attrs.trim_start_matches('[').trim_end_matches(']'))
                    .get(index)
                    .is_some_and(|dict| dict.contains("par.param"))
            });
            let weight = self.options.param_args.contains(&index)
                || (!self.options.data_args.is_empty() && !self.options.data_args.contains(&index))
                || inferred.as_ref().is_some_and(|(w, _)| w.contains(&index))
                || marked;
            if weight {
                self.result.weight_args.push(format!("@{function}:{index}"));
                self.weight_leaf(value, shape.elements());
                self.result.args[index].weight = true;
                self.arg_leaves.push((index, ir::value_key(value)));
            } else {
                let sample = (self.options.batch_dim < shape.dims.len())
                    .then_some((self.options.batch_dim, 1));
                let tensor = self.result.graph.add_tensor(
                    format!("@{function}:{index}"),
                    shape.static_dims(),
                    dtype_of(&shape),
                    TensorKind::Input,
                );
                self.set(value, ValueInfo::data(sample, tensor));
                self.result.args[index].tensor = Some(tensor);
            }
        }
        let returned = self.body(block);
        let sources = result_sources(block);
        let aliases: Vec<Option<usize>> = attribute_dicts(arg_attrs.as_deref())
            .iter()
            .map(|dict| {
                string_after(dict, "tf.aliasing_output = ").and_then(|text| {
                    text.split(|c: char| !c.is_ascii_digit())
                        .next()?
                        .parse()
                        .ok()
                })
            })
            .collect();
        self.result.results = returned
            .iter()
            .enumerate()
            .map(|(r, info)| EntryResult {
                name: result_dicts
                    .get(r)
                    .and_then(|dict| quoted_after(dict, "jax.result_info = ")),
                tensor: info.tensor.or_else(|| {
                    info.leaf
                        .filter(|_| info.kind == Kind::Weight)
                        .and_then(|leaf| self.weight_tensors.get(&leaf).copied())
                }),
                aliases: aliases.iter().position(|&a| a == Some(r)).or_else(|| {
                    // Without JAX's marks: the one weight argument of its type it is computed from.
                    match sources.get(r).map(Vec::as_slice) {
                        Some(&[i]) if self.result.args.get(i).is_some_and(|a| a.weight) => Some(i),
                        _ => None,
                    }
                }),
            })
            .collect();
    }

    /// Imports the ops of a function body in order; returns the values of its `return`.
    pub(super) fn body(&mut self, block: BlockRef<'_, '_>) -> Vec<ValueInfo> {
        let mut returned = Vec::new();
        for op in ir::block_operations(block) {
            if let Some(values) = self.visit(&op) {
                returned = values;
            }
        }
        returned
    }

    /// Imports one op; `Some` with the returned values for a terminator.
    pub(super) fn visit(&mut self, op: &OperationRef<'_, '_>) -> Option<Vec<ValueInfo>> {
        let name = op_name(op);
        let (_, family) = model_of(op, &name);
        if !matches!(family, Import::Source | Import::Return) && !self.check_static(op, &name) {
            return None;
        }
        match family {
            Import::Modelled(model) => self.modelled(op, &name, model, Vec::new()),
            Import::Capturing(model, captures) => self.modelled(op, &name, model, captures),
            Import::Constant => self.constant(op),
            Import::Source => {}
            Import::Call(callee) => self.call(op, &callee),
            Import::Return => {
                return Some(op.operands().map(|v| self.info(v.to_raw())).collect());
            }
            Import::Invalid(message) => {
                self.error(op, &format!("'{name}' op: {message}"));
            }
            Import::Unknown => self.unknown(op, &name),
        }
        None
    }

    pub(super) fn call(&mut self, op: &OperationRef<'_, '_>, callee: &str) {
        let Some(&function) = self.functions.get(callee) else {
            self.error(op, &format!("call to unknown function @{callee}"));
            return;
        };
        if self.call_depth >= 64 {
            self.error(
                op,
                &format!("calls nest deeper than 64 levels at @{callee} (recursion?)"),
            );
            return;
        }
        let function = unsafe { OperationRef::from_raw(function) };
        let Some(block) = function.region(0).ok().and_then(|r| r.first_block()) else {
            self.error(op, &format!("call to external function @{callee}"));
            return;
        };
        for (index, operand) in op.operands().enumerate() {
            if let Ok(argument) = block.argument(index) {
                let info = self.info(operand.to_raw());
                self.set(argument.to_raw(), info);
            }
        }
        self.call_depth += 1;
        let returned = self.body(block);
        self.call_depth -= 1;
        for (result, info) in op.results().zip(returned) {
            self.set(result.to_raw(), info);
        }
    }

    pub(super) fn constant(&mut self, op: &OperationRef<'_, '_>) {
        let Ok(result) = op.result(0) else { return };
        let Some(shape) = ir::tensor_shape(result.r#type().to_raw()) else {
            return;
        };
        let value = op.attribute("value").map(|a| a.to_raw());
        let splat = value.as_ref().is_ok_and(|&v| unsafe {
            mlir_sys::mlirAttributeIsADenseElements(v) && mlir_sys::mlirDenseElementsAttrIsSplat(v)
        });
        if shape.elements() > 1 && !splat {
            // Integer tables (position ids, gather indices, masks) are read like weights but are no
            // trainable parameters (PyTorch keeps them as buffers): they count 0.
            let parameters = if is_floating(&shape.element) {
                shape.elements()
            } else {
                0
            };
            self.weight_leaf(result.to_raw(), parameters);
            if let Ok(value) = value {
                self.tie_weight(result.to_raw(), value, &shape);
            }
        } else {
            self.set(result.to_raw(), ValueInfo::default());
        }
    }

    pub(super) fn unknown(&mut self, op: &OperationRef<'_, '_>, name: &str) {
        if !self.options.opaque_unknown {
            self.error(
                op,
                &format!(
                    "'{name}' op is not supported by flexc's importer (no iteration space known); run with --opaque-unknown to keep it replicated"
                ),
            );
            return;
        }
        // The C API cannot emit warnings: the driver prints these.
        self.result.opaque.push((
            location_text(op),
            format!(
                "'{name}' op is not modelled by flexc; it stays replicated and is not partitioned"
            ),
        ));
        // An opaque op: one loop per dim of its first tensor result, reading every tensor operand whole
        // through constant indices (its cost is the bytes it moves).
        let shape = result_shape(op, 0).unwrap_or_default();
        let inputs = op
            .operands()
            .map(|v| {
                ir::tensor_shape(v.r#type().to_raw())
                    .map(|s| vec![AffineDim::constant(0); s.dims.len()])
            })
            .collect();
        let outputs = (0..op.result_count())
            .map(|r| {
                let rank = result_shape(op, r).map_or(0, |s| s.len());
                if result_shape(op, r).as_ref() == Some(&shape) {
                    identity(rank)
                } else {
                    vec![AffineDim::constant(0); rank]
                }
            })
            .collect();
        let mut model = OpModel::movement(shape, inputs, outputs);
        model.class = OpClass::Opaque;
        self.modelled(op, name, model, Vec::new());
    }

    /// Assigns roles to a modelled op and, when it reads data, adds it to the graph.
    pub(super) fn modelled(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        model: OpModel,
        captures: Vec<(MlirValue, Vec<AffineDim>)>,
    ) {
        if let Err(message) = model.check(op.operand_count(), op.result_count()) {
            self.error(
                op,
                &format!("'{name}' op: flexc's model of it is invalid: {message}"),
            );
            return;
        }
        if let Err(message) = model.check_sizes() {
            self.error(op, &format!("'{name}' op: {message}"));
            return;
        }
        let mut reads: Vec<(MlirValue, Vec<AffineDim>)> = op
            .operands()
            .zip(&model.inputs)
            .filter_map(|(v, access)| access.clone().map(|a| (v.to_raw(), a)))
            .collect();
        reads.extend(captures);
        let infos: Vec<ValueInfo> = reads.iter().map(|(v, _)| self.info(*v)).collect();
        let kind = infos.iter().map(|i| i.kind).max().unwrap_or_default();
        let Some(parameters) = self.first_reads(&infos) else {
            self.error(
                op,
                &format!("'{name}' op: the model's parameter count overflows 64 bits here"),
            );
            return;
        };
        if kind != Kind::Data {
            self.replicated(op, &model, kind, (&reads, &infos), parameters);
            return;
        }
        let (reads, infos) = self.through_views(reads, infos);
        let (reads, walking) = self.batch_major_reads(reads, &infos, &model.loops);
        let roles = Roles::of(&model, &reads, &infos, self.options.sample_reductions);
        self.graph_op(
            op,
            name,
            (&model, &walking),
            roles,
            (&reads, &infos),
            parameters,
        );
    }

    /// Parameters an op reading `infos` is the first to read; weights enter the model total at their
    /// first reader (a tied copy, `tied_weights`, counts with the weight it copies). `None` when the
    /// model's total overflows 64 bits.
    pub(super) fn first_reads(&mut self, infos: &[ValueInfo]) -> Option<u64> {
        let mut parameters = 0u64;
        for info in infos {
            let Some(leaf) = info.leaf else { continue };
            if let Some(&elements) = self.leaf_elements.get(&leaf) {
                let weight = self.tied.get(&leaf).copied().unwrap_or(leaf);
                if self.counted.insert(weight) {
                    self.result.parameters = self.result.parameters.checked_add(elements)?;
                }
            }
            parameters = parameters.saturating_add(self.pending.remove(&leaf).unwrap_or(0));
        }
        Some(parameters)
    }

    /// Replicated weight preprocessing, or a constant: no graph op. A transposed, reshaped or
    /// broadcast weight stays a view of the weights it reads, so memory and gradient synchronization
    /// count the weights themselves, not an activation-sized broadcast.
    pub(super) fn replicated(
        &mut self,
        op: &OperationRef<'_, '_>,
        model: &OpModel,
        kind: Kind,
        (reads, infos): (&[(MlirValue, Vec<AffineDim>)], &[ValueInfo]),
        mut parameters: u64,
    ) {
        self.record_replicated(op, model);
        let view = (kind == Kind::Weight && op.result_count() == 1)
            .then(|| self.weight_view(model, reads, infos))
            .flatten();
        let positional = kind == Kind::Constant
            && (infos.iter().any(|i| i.positional) || computes_positions(op));
        let mask = positional && (infos.iter().any(|i| i.mask) || compares(op));
        for result in op.results() {
            let key = ir::value_key(result.to_raw());
            let leaf = (kind == Kind::Weight).then_some(key);
            if let Some(leaf) = leaf {
                // A derived weight carries the parameters it was computed from to its first reader.
                self.pending.insert(leaf, std::mem::take(&mut parameters));
                self.weight_tensors.remove(&leaf);
            }
            self.set(
                result.to_raw(),
                ValueInfo {
                    kind,
                    sample: None,
                    leaf,
                    tensor: None,
                    view,
                    layout: None,
                    positional,
                    mask,
                },
            );
        }
    }

    /// Records the work of a replicated op that computes something ([`flexc_core::ReplicatedOp`]):
    /// its FLOPs and the bytes of its tensor operands and results. Reshapes, casts and slices are views
    /// after bufferization and cost nothing.
    pub(super) fn record_replicated(&mut self, op: &OperationRef<'_, '_>, model: &OpModel) {
        const VIEWS: &[&str] = &[
            "tensor.collapse_shape",
            "tensor.expand_shape",
            "tensor.reshape",
            "tensor.cast",
            "tensor.bitcast",
            "tensor.extract_slice",
        ];
        let name = op
            .name()
            .as_string_ref()
            .as_str()
            .unwrap_or_default()
            .to_string();
        if VIEWS.contains(&name.as_str()) {
            return;
        }
        let shapes: Vec<ir::Shape> = op
            .operands()
            .map(|v| v.r#type().to_raw())
            .chain(op.results().map(|r| r.r#type().to_raw()))
            .filter_map(ir::tensor_shape)
            .collect();
        let bytes: f64 = shapes
            .iter()
            .map(|s| {
                s.dims
                    .iter()
                    .map(|d| d.unwrap_or(0) as f64)
                    .product::<f64>()
                    * s.element_bytes as f64
            })
            .sum();
        let dtype = op
            .results()
            .next()
            .and_then(|r| ir::tensor_shape(r.r#type().to_raw()))
            .map_or(DType::F32, |s| dtype_of(&s));
        self.result.graph.add_replicated(flexc_core::ReplicatedOp {
            name,
            class: model.class,
            dtype,
            flops: model.flops as f64,
            bytes,
        });
    }

    /// The reads with reads of weight views replaced by reads of the weights behind them.
    #[allow(clippy::type_complexity)]
    pub(super) fn through_views(
        &self,
        reads: Vec<(MlirValue, Vec<AffineDim>)>,
        infos: Vec<ValueInfo>,
    ) -> (Vec<(MlirValue, Vec<AffineDim>)>, Vec<ValueInfo>) {
        reads
            .into_iter()
            .zip(infos)
            .flat_map(|((value, access), info)| match info.view {
                Some(view) => self.views[view]
                    .iter()
                    .map(|(leaf, exprs)| {
                        let composed = exprs.iter().map(|e| substitute(e, &access)).collect();
                        ((*leaf, composed), self.info(*leaf))
                    })
                    .collect::<Vec<_>>(),
                None => vec![((value, access), info)],
            })
            .unzip()
    }

    /// Reads of batch-major merged dims (`crate::batch_major`) rewritten to their graph layout, and the
    /// loops that walk such a dim whole in one piece, with the layout's index (their results carry it on).
    #[allow(clippy::type_complexity)]
    pub(super) fn batch_major_reads(
        &self,
        reads: Vec<(MlirValue, Vec<AffineDim>)>,
        infos: &[ValueInfo],
        loops: &[u64],
    ) -> (Vec<(MlirValue, Vec<AffineDim>)>, Vec<(usize, usize)>) {
        let mut walking = Vec::new();
        let reads = reads
            .into_iter()
            .zip(infos)
            .map(|((value, mut access), info)| {
                let layout = info.layout.and_then(|id| Some((id, self.layouts.get(id)?)));
                if let Some((id, layout)) = layout {
                    if let Some(expr) = access.get_mut(layout.dim) {
                        let whole = expr
                            .single_dim()
                            .filter(|&k| loops.get(k) == Some(&layout.extent()));
                        if let Some(k) = whole {
                            walking.push((k, id));
                        } else if let Some(graph) = layout.relinearize(expr, loops) {
                            *expr = graph;
                        }
                    }
                }
                (value, access)
            })
            .collect();
        (reads, walking)
    }

    /// The batch-major layout (`crate::batch_major`) of output dim `j` written through `expr`, and
    /// `expr` rewritten to it: carried on from a whole-dim loop in `walking`, or new where `expr` merges
    /// the sample loop with an outer loop.
    pub(super) fn batch_major_output(
        &mut self,
        (j, expr): (usize, &mut AffineDim),
        loops: &[u64],
        walking: &[(usize, usize)],
        (sample_loop, extent): (Option<usize>, u64),
    ) -> Option<usize> {
        if let Some(k) = expr.single_dim() {
            let &(_, id) = walking.iter().find(|&&(w, _)| w == k)?;
            let layout = self.layouts.get(id)?;
            if layout.extent() != extent {
                return None;
            }
            if layout.dim == j {
                return Some(id);
            }
            let moved = MergedLayout {
                dim: j,
                ..layout.clone()
            };
            self.layouts.push(moved);
            return Some(self.layouts.len() - 1);
        }
        let layout = MergedLayout::of_output(j, expr, loops, sample_loop?, extent)?;
        *expr = layout.graph_index(&MergedLayout::factor_loops(expr, loops));
        self.layouts.push(layout);
        Some(self.layouts.len() - 1)
    }

    /// Adds the graph op of a data-reading modelled op, its result tensors and its `#par.space`.
    pub(super) fn graph_op(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        (model, walking): (&OpModel, &[(usize, usize)]),
        roles: Roles,
        (reads, infos): (&[(MlirValue, Vec<AffineDim>)], &[ValueInfo]),
        parameters: u64,
    ) {
        let mut inputs = Vec::new();
        let mut position_mask = None;
        for ((value, access), info) in reads.iter().zip(infos) {
            if info.kind == Kind::Constant {
                // A mask made of positions, read over two or more of the op's (non-unit) loops: the
                // sizes of the last two it reads (query, key).
                let wide: Vec<u64> = access
                    .iter()
                    .filter_map(|e| {
                        e.terms
                            .iter()
                            .filter_map(|&(d, _)| model.loops.get(d).copied())
                            .find(|&n| n > 1)
                    })
                    .collect();
                if info.mask && position_mask.is_none() {
                    if let [.., sq, sk] = wide[..] {
                        position_mask = Some((sq, sk));
                    }
                }
                continue;
            }
            let Some(tensor) = self.tensor_of(*value) else {
                continue;
            };
            inputs.push(Access {
                tensor,
                exprs: access.clone(),
            });
        }
        let (outputs, dtype) = self.result_tensors(op, name, (model, walking), roles.sample_loop());
        let location = location_text(op);
        let graph_op = GraphOp {
            name: name.to_string(),
            location: location.clone(),
            class: model.class,
            dims: model
                .loops
                .iter()
                .zip(&roles.roles)
                .map(|(&size, &role)| Dim::new(size, role))
                .collect(),
            inputs,
            outputs,
            flops: model.flops as f64,
            dtype: dtype.unwrap_or(DType::F32),
            position_mask,
        };
        if let Err(e) = self.result.graph.add_op(graph_op) {
            self.error(op, &format!("'{name}' op: {}", e.message));
            return;
        }
        let space = Space {
            sizes: model.loops.iter().map(|&s| s as i64).collect(),
            roles: roles.roles.clone(),
        };
        let Some(forward_flops) = self.result.forward_flops.checked_add(model.flops) else {
            self.error(
                op,
                &format!("'{name}' op: the model's forward FLOPs overflow 64 bits here"),
            );
            return;
        };
        self.result.forward_flops = forward_flops;
        if let Err(message) = self.check_graph_bytes() {
            self.error(op, &format!("'{name}' op: {message}"));
            return;
        }
        let config = match op.attribute(names::CONFIG_ATTR) {
            Ok(attribute) => match <flexc_core::Config as flexc_dialects::ConfigAttr>::parse(
                &attribute.to_string(),
            ) {
                Ok(config) => Some(config),
                Err(e) => {
                    self.error(op, &format!("'{name}' op has an invalid par.config: {e}"));
                    return;
                }
            },
            Err(_) => None,
        };
        let stage = match op.attribute(names::STAGE_ATTR) {
            Ok(attribute) => match melior::ir::attribute::IntegerAttribute::try_from(attribute)
                .ok()
                .and_then(|a| u32::try_from(a.value()).ok())
            {
                Some(stage) => Some(stage),
                None => {
                    self.error(
                        op,
                        &format!("'{name}' op has an invalid par.stage (a stage number, i64)"),
                    );
                    return;
                }
            },
            Err(_) => None,
        };
        self.result.ops.push(ImportedOp {
            name: name.to_string(),
            location,
            space: space.clone(),
            class: model.class,
            flops: model.flops,
            parameters,
            handle: op.to_raw().ptr as usize,
            config,
            stage,
            sample_lost: roles.sample_seen
                && roles.carrier.is_none()
                && model.class != OpClass::Opaque,
        });
        self.annotations.push((op.to_raw(), space));
    }

    /// The graph tensors of `op`'s results (data, carrying the batch where `sample_loop` indexes them)
    /// with their accesses, and the first result's element type.
    pub(super) fn result_tensors(
        &mut self,
        op: &OperationRef<'_, '_>,
        name: &str,
        (model, walking): (&OpModel, &[(usize, usize)]),
        sample_loop: Option<(usize, i64)>,
    ) -> (Vec<Access>, Option<DType>) {
        let mut outputs = Vec::new();
        let mut dtype = None;
        for (r, result) in op.results().enumerate() {
            let Some(shape) = ir::tensor_shape(result.r#type().to_raw()) else {
                continue;
            };
            let mut access = model.outputs[r].clone();
            let dims = shape.static_dims();
            let mut layout = None;
            for (j, expr) in access.iter_mut().enumerate() {
                let extent = dims.get(j).copied().unwrap_or(0);
                let found = self.batch_major_output(
                    (j, expr),
                    &model.loops,
                    walking,
                    (sample_loop.map(|(k, _)| k), extent),
                );
                layout = layout.or(found);
            }
            let access = &access;
            let result_dtype = dtype_of(&shape);
            dtype.get_or_insert(result_dtype);
            let tensor = self.result.graph.add_tensor(
                format!("{name}#{r}"),
                shape.static_dims(),
                result_dtype,
                TensorKind::Activation,
            );
            outputs.push(Access {
                tensor,
                exprs: access.clone(),
            });
            let sample = sample_loop.and_then(|(k, inner)| {
                access.iter().enumerate().find_map(|(j, e)| {
                    e.terms
                        .iter()
                        .find(|&&(d, _)| d == k)
                        .map(|&(_, c)| (j, c.saturating_mul(inner)))
                })
            });
            self.set(
                result.to_raw(),
                ValueInfo {
                    layout,
                    ..ValueInfo::data(sample, tensor)
                },
            );
        }
        (outputs, dtype)
    }

    /// The view of a weight-only op's result (see `ValueInfo::view`) when its result access is a
    /// permutation of all loops (so every loop is a result dim); `None` otherwise (the result then
    /// becomes a weight tensor of its own).
    pub(super) fn weight_view(
        &mut self,
        model: &OpModel,
        reads: &[(MlirValue, Vec<AffineDim>)],
        infos: &[ValueInfo],
    ) -> Option<usize> {
        let output = model.outputs.first()?;
        let mut inverse = vec![None; model.loops.len()];
        for (j, e) in output.iter().enumerate() {
            let k = e.single_dim()?;
            if inverse[k].replace(AffineDim::dim(j)).is_some() {
                return None;
            }
        }
        let inverse: Vec<AffineDim> = inverse.into_iter().collect::<Option<_>>()?;
        let mut leaves = Vec::new();
        for ((value, access), info) in reads.iter().zip(infos) {
            if info.kind != Kind::Weight {
                continue;
            }
            let behind = match info.view {
                Some(view) => self.views[view].clone(),
                None => {
                    let rank = access.len();
                    vec![(*value, identity(rank))]
                }
            };
            for (leaf, exprs) in behind {
                let in_loops = exprs.iter().map(|e| substitute(e, access));
                leaves.push((leaf, in_loops.map(|e| substitute(&e, &inverse)).collect()));
            }
        }
        self.views.push(leaves);
        Some(self.views.len() - 1)
    }

    /// The graph tensor of a data or weight value (a weight gets one at its first graph reader).
    pub(super) fn tensor_of(&mut self, value: MlirValue) -> Option<TensorId> {
        let info = self.info(value);
        if info.kind == Kind::Data {
            return info.tensor;
        }
        let leaf = info.leaf.filter(|_| info.kind == Kind::Weight)?;
        if let Some(&tensor) = self.weight_tensors.get(&leaf) {
            return Some(tensor);
        }
        let shape = ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(value) })?;
        let tensor = self.result.graph.add_tensor(
            format!("weight{}", self.weight_tensors.len()),
            shape.static_dims(),
            dtype_of(&shape),
            TensorKind::Weight,
        );
        self.weight_tensors.insert(leaf, tensor);
        Some(tensor)
    }
}

/// Whether a reduction loop of `model` that carries the batch sums over the samples (a weight gradient, a
/// loss, batch-norm statistics, an embedding gradient's scatter-add) and so may be split into partial
/// sums. Every modelled class does: a scatter (embedding class) whose batch loop is a reduction adds the
/// updates of all samples into a result without a batch dim (the embedding table's gradient), which data
/// parallelism computes per device and all-reduces, as DDP does; leaving it whole gathered every
/// sample's updates, activations, onto one device. Only opaque ops do not.
pub(super) fn sums_samples(model: &OpModel) -> bool {
    model.class != OpClass::Opaque
}

/// The SOAP roles of a data-reading op's loops, and where the batch went.
pub(super) struct Roles {
    roles: Vec<Role>,
    /// Whether a data operand carries the batch at all.
    sample_seen: bool,
    /// The first loop found to carry the batch, with the batch's stride within it.
    carrier: Option<(usize, i64)>,
}

impl Roles {
    /// Sample loops follow the batch of data operands, parameter loops index weights, other parallel
    /// loops are attributes, the rest reductions (see the module doc).
    /// With `sample_reductions`, a reduction loop carrying the batch is a sample loop too when the op sums
    /// over the samples ([`sums_samples`]).
    pub(super) fn of(
        model: &OpModel,
        reads: &[(MlirValue, Vec<AffineDim>)],
        infos: &[ValueInfo],
        sample_reductions: bool,
    ) -> Self {
        let mut roles: Vec<Role> = model
            .parallel
            .iter()
            .map(|&p| if p { Role::Attribute } else { Role::Reduction })
            .collect();
        let mut sample_seen = false;
        let mut carrier: Option<(usize, i64)> = None;
        for ((_, access), info) in reads.iter().zip(infos) {
            if info.kind != Kind::Data {
                continue;
            }
            let Some((expr, stride)) = info
                .sample
                .and_then(|(s, stride)| access.get(s).map(|e| (e, stride)))
            else {
                continue;
            };
            sample_seen = true;
            if let Some((k, inner)) = batch_loop(expr, stride, &model.loops) {
                carrier.get_or_insert((k, inner));
                if model.parallel[k] || (sample_reductions && sums_samples(model)) {
                    roles[k] = Role::Sample;
                }
            }
        }
        for ((_, access), info) in reads.iter().zip(infos) {
            if info.kind == Kind::Weight {
                for &(k, _) in access.iter().flat_map(|e| &e.terms) {
                    if roles[k] == Role::Attribute {
                        roles[k] = Role::Parameter;
                    }
                }
            }
        }
        Roles {
            roles,
            sample_seen,
            carrier,
        }
    }

    /// The batch-carrying loop, when it is a sample loop.
    pub(super) fn sample_loop(&self) -> Option<(usize, i64)> {
        self.carrier.filter(|&(k, _)| self.roles[k] == Role::Sample)
    }
}

/// `expr` with every variable `k` replaced by `values[k]` (affine in, affine out).
pub(super) fn substitute(expr: &AffineDim, values: &[AffineDim]) -> AffineDim {
    let mut out = AffineDim::constant(expr.offset);
    for &(k, c) in &expr.terms {
        let Some(value) = values.get(k) else { continue };
        out.offset += c * value.offset;
        for &(d, cd) in &value.terms {
            match out.terms.iter_mut().find(|(e, _)| *e == d) {
                Some((_, coefficient)) => *coefficient += c * cd,
                None => out.terms.push((d, c * cd)),
            }
        }
    }
    out.terms.retain(|&(_, c)| c != 0);
    out
}

/// The loop that carries the batch when tensor index `expr` holds it at `stride` (see
/// `ValueInfo::sample`), and the batch's stride within that loop: the term of largest coefficient that
/// divides `stride`, over a loop of more than one iteration (a plain `d_k` is its own answer). `None`
/// when no loop follows the batch (a constant index: one sample sliced out).
pub(super) fn batch_loop(expr: &AffineDim, stride: i64, loops: &[u64]) -> Option<(usize, i64)> {
    if let [(k, c)] = expr.terms[..] {
        if c == 1 {
            return Some((k, stride));
        }
    }
    expr.terms
        .iter()
        .filter(|&&(k, c)| c != 0 && stride % c.abs() == 0 && loops.get(k).is_some_and(|&n| n > 1))
        .max_by_key(|&&(_, c)| c.unsigned_abs())
        .map(|&(k, c)| (k, stride / c.abs()))
}

/// Whether `op` compares (a `compare`, or a `linalg.generic` whose body compares: torch-mlir's `tril`).
fn compares(op: &OperationRef<'_, '_>) -> bool {
    let name = op_name(op);
    if name.ends_with(".compare") || name == "arith.cmpi" || name == "arith.cmpf" {
        return true;
    }
    generic_body_has(op, |o| matches!(o, "arith.cmpi" | "arith.cmpf"))
}

/// Whether `op` is a `linalg.generic` whose body holds an op whose name `wanted` accepts.
fn generic_body_has(op: &OperationRef<'_, '_>, wanted: impl Fn(&str) -> bool) -> bool {
    op_name(op) == "linalg.generic"
        && op
            .region(0)
            .ok()
            .and_then(|r| r.first_block())
            .is_some_and(|b| {
                ir::block_operations(b)
                    .iter()
                    .any(|o| wanted(op_name(o).as_str()))
            })
}

/// Whether `op` computes positions: an iota, or a `linalg.generic` whose body reads `linalg.index`
/// (torch-mlir's decomposition of `tril`/`triu` and of a causal SDPA's mask).
fn computes_positions(op: &OperationRef<'_, '_>) -> bool {
    let name = op_name(op);
    if name.ends_with(".iota") || name.ends_with(".dynamic_iota") {
        return true;
    }
    generic_body_has(op, |o| o == "linalg.index")
}
