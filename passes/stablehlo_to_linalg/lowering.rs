//! [`Lowering`]: one StableHLO op lowered through [`Emit`], one method per op (or family of ops):
//! the main op from the op's model, the auxiliary ops around it.

use super::*;

impl Lowering<'_, '_, '_> {
    /// The function text around the emitted lines.
    pub(super) fn function(&self, returned: &[String]) -> String {
        let args: Vec<String> = self
            .operands
            .iter()
            .map(|v| format!("{}: {}", v.name, v.ty))
            .collect();
        let types: Vec<&str> = self.results.iter().map(|v| v.ty.as_str()).collect();
        let mut text = format!(
            "func.func @lowered({}) -> ({}) {{\n",
            args.join(", "),
            types.join(", ")
        );
        for line in &self.e.lines {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!(
            "return {} : {}\n}}\n",
            returned.join(", "),
            types.join(", ")
        ));
        text
    }

    pub(super) fn model(&self) -> Result<OpModel, String> {
        let name = crate::op_name(self.op);
        stablehlo::model(self.op, &name).unwrap_or_else(|| Err(format!("'{name}' has no model")))
    }

    /// The attributes of the main op with `loops` loops: the carried ones when the model has the
    /// same loops, else a one-device configuration (when the op has one).
    pub(super) fn main_attrs(&self, model: Option<&OpModel>, loops: &[u64]) -> String {
        if model.is_some_and(|m| m.loops == loops) {
            return self.carried.clone();
        }
        match self.e.device {
            Some(device) => one_device(loops.len(), device),
            None => String::new(),
        }
    }

    pub(super) fn result(&self) -> &Value {
        &self.results[0]
    }

    pub(super) fn dispatch(&mut self, name: &str) -> Result<Vec<String>, String> {
        let mnemonic = self.mnemonic.clone();
        match mnemonic.as_str() {
            "broadcast_in_dim" | "dynamic_broadcast_in_dim" | "transpose" | "reverse" | "slice" => {
                self.movement()
            }
            "reshape" => self.reshape(),
            "iota" | "dynamic_iota" => self.iota(),
            "dot_general" | "dot" => self.dot(),
            "convolution" => self.convolution(),
            "reduce" => self.reduce(),
            "reduce_window" => self.reduce_window(),
            "pad" => self.pad(),
            "concatenate" => self.concatenate(),
            "dynamic_slice" => self.dynamic_slice(),
            "gather" => self.gather(),
            "scatter" => self.scatter(),
            "select_and_scatter" => self.select_and_scatter(),
            "top_k" => self.top_k(),
            _ => {
                let model = self
                    .model()
                    .map_err(|e| format!("'{name}' has no lowering to linalg ({e})"))?;
                if model.class != flexc_core::OpClass::Elementwise {
                    return Err(format!("'{name}' has no lowering to linalg"));
                }
                self.elementwise(&model)
            }
        }
    }

    // ----- families --------------------------------------------------------------------------

    pub(super) fn elementwise(&mut self, model: &OpModel) -> Result<Vec<String>, String> {
        let out = self.result().clone();
        let empty = self.e.empty(&out.shape, &out.elem);
        let ins = self
            .operands
            .iter()
            .zip(&model.inputs)
            .map(|(v, map)| access(v, map.clone().unwrap_or_default()))
            .collect();
        let outs = vec![access(&empty, identity(out.shape.len()))];
        let mnemonic = self
            .mnemonic
            .strip_prefix("broadcast_")
            .unwrap_or(&self.mnemonic)
            .to_string();
        let elems: Vec<String> = self.operands.iter().map(|v| v.elem.clone()).collect();
        let raw = self.op.to_raw();
        let attrs = Attrs::Main(self.main_attrs(Some(model), &model.loops));
        let full = crate::op_name(self.op);
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                let n = elems.len();
                let value = scalar(e, &mnemonic, raw, &args[..n], &elems, &out.elem).map_err(
                    |message| message.replacen(&format!("'{mnemonic}'"), &format!("'{full}'"), 1),
                )?;
                Ok(vec![value])
            },
        )
    }

    /// A copy through the model's maps (broadcast, transpose, reverse, slice, linearized reshape).
    pub(super) fn movement(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        self.copy(&model)
    }

    pub(super) fn copy(&mut self, model: &OpModel) -> Result<Vec<String>, String> {
        let out = self.result().clone();
        let empty = self.e.empty(&out.shape, &out.elem);
        let input = model
            .inputs
            .first()
            .cloned()
            .flatten()
            .ok_or("the model reads no operand")?;
        let mut source = self.operands[0].clone();
        let mut input = input;
        // A reversed dim (a negative coefficient) cannot be sliced per task: where the strategy
        // splits the op, the reversal is an auxiliary op (replicated, or whole on the first
        // device) and the main op a plain copy of its result, split as searched.
        let reversed = input.iter().any(|e| e.terms.iter().any(|&(_, c)| c < 0));
        let split = self
            .e
            .split
            .as_ref()
            .is_some_and(|s| s.config.degrees.iter().any(|&d| d > 1));
        if reversed && split {
            let whole = self.e.empty(&out.shape, &out.elem);
            let ins = vec![access(&source, input)];
            let outs = vec![access(&whole, model.outputs[0].clone())];
            let results = self.e.generic(
                &model.loops,
                &model.parallel,
                ins,
                outs,
                Attrs::Aux,
                |_, args| Ok(vec![args[0].clone()]),
            )?;
            source = Value {
                name: results[0].clone(),
                ..whole
            };
            input = model.outputs[0].clone();
        }
        let ins = vec![access(&source, input)];
        let outs = vec![access(&empty, model.outputs[0].clone())];
        let attrs = Attrs::Main(self.main_attrs(Some(model), &model.loops));
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |_, args| Ok(vec![args[0].clone()]),
        )
    }

    pub(super) fn reshape(&mut self) -> Result<Vec<String>, String> {
        let (input, out) = (self.operands[0].clone(), self.result().clone());
        let model = self.model()?;
        let expand = out.shape.len() >= input.shape.len();
        let (fine, coarse) = if expand {
            (&out.shape, &input.shape)
        } else {
            (&input.shape, &out.shape)
        };
        if let Some(groups) = reassociation(coarse, fine) {
            let name = self.e.fresh();
            let attrs = self.main_attrs(Some(&model), fine);
            let attrs = if attrs.is_empty() {
                String::new()
            } else {
                format!(" {{{attrs}}}")
            };
            let groups_text: Vec<String> = groups
                .iter()
                .map(|g| format!("[{}]", int_list(g)))
                .collect();
            let line = if expand {
                format!(
                    "{name} = tensor.expand_shape {} [{}] output_shape [{}]{attrs} : {} into {}",
                    input.name,
                    groups_text.join(", "),
                    int_list(&out.shape.iter().map(|&d| d as i64).collect::<Vec<_>>()),
                    input.ty,
                    out.ty
                )
            } else {
                format!(
                    "{name} = tensor.collapse_shape {} [{}]{attrs} : {} into {}",
                    input.name,
                    groups_text.join(", "),
                    input.ty,
                    out.ty
                )
            };
            self.e.line(line);
            return Ok(vec![name]);
        }
        let linear = model
            .inputs
            .iter()
            .flatten()
            .chain(&model.outputs)
            .all(|m| m.iter().all(|s| s.terms.iter().all(|&(_, c)| c >= 0)))
            && model.parallel.iter().all(|&p| p);
        if linear {
            return self.copy(&model);
        }
        // Neither a split, a merge nor a mix of both: through one dim.
        let total: u64 = input.shape.iter().product();
        let flat = Value {
            name: self.e.fresh(),
            ty: tensor_type(&[total], &input.elem),
            shape: vec![total],
            elem: input.elem.clone(),
        };
        let all = |rank: usize| format!("[[{}]]", int_list(&(0..rank as i64).collect::<Vec<_>>()));
        let config = self
            .e
            .aux_config(&[input.name.as_str()], &flat.name, input.shape.len());
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{} = tensor.collapse_shape {} {}{config} : {} into {}",
            flat.name,
            input.name,
            all(input.shape.len()),
            input.ty,
            flat.ty
        ));
        let name = self.e.fresh();
        let config = self
            .e
            .aux_config(&[flat.name.as_str()], &name, out.shape.len());
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{name} = tensor.expand_shape {} {} output_shape [{}]{config} : {} into {}",
            flat.name,
            all(out.shape.len()),
            int_list(&out.shape.iter().map(|&d| d as i64).collect::<Vec<_>>()),
            flat.ty,
            out.ty
        ));
        Ok(vec![name])
    }

    pub(super) fn iota(&mut self) -> Result<Vec<String>, String> {
        let out = self.result().clone();
        let dim = self.op_int("iota_dimension", 0)?;
        let dim = usize::try_from(dim)
            .ok()
            .filter(|&d| d < out.shape.len())
            .ok_or_else(|| format!("iota dimension {dim} is out of range"))?;
        let empty = self.e.empty(&out.shape, &out.elem);
        let outs = vec![access(&empty, identity(out.shape.len()))];
        let model = self.model()?;
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &out.shape));
        let parallel = vec![true; out.shape.len()];
        let elem = out.elem.clone();
        self.e
            .generic(&out.shape, &parallel, Vec::new(), outs, attrs, |e, _| {
                let index = e.loop_index(dim);
                Ok(vec![from_index(e, &index, &elem)])
            })
    }

    pub(super) fn dot(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let out = self.result().clone();
        let zero = self.e.constant(&zero_literal(&out.elem), &out.elem);
        let init = self.e.fill(&zero, &out.shape, &out.elem);
        let ins = vec![
            access(
                &self.operands[0],
                model.inputs[0].clone().unwrap_or_default(),
            ),
            access(
                &self.operands[1],
                model.inputs[1].clone().unwrap_or_default(),
            ),
        ];
        let outs = vec![access(&init, model.outputs[0].clone())];
        let elems = [self.operands[0].elem.clone(), self.operands[1].elem.clone()];
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                Ok(vec![multiply_add(
                    e, &args[0], &args[1], &args[2], &elems, &out.elem,
                )?])
            },
        )
    }

    pub(super) fn convolution(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let attribute = shapes
            .attribute("dimension_numbers")
            .ok_or("missing attribute 'dimension_numbers'")?;
        let text = ir::attribute_text(attribute);
        let dn = stablehlo::opaque_body(&text, "conv")
            .and_then(ConvDims::parse)
            .ok_or_else(|| format!("cannot read attribute 'dimension_numbers' ({text})"))?;
        let (input, kernel, out) = (
            self.operands[0].clone(),
            self.operands[1].clone(),
            self.result().clone(),
        );
        let n = dn.input_spatial.len();
        if input.shape.len() != n + 2 || kernel.shape.len() != n + 2 || out.shape.len() != n + 2 {
            return Err("convolution dimension numbers do not fit the operand ranks".into());
        }
        let feature_groups = shapes.int("feature_group_count", 1)?;
        let batch_groups = shapes.int("batch_group_count", 1)?;
        if batch_groups != 1 || feature_groups < 1 {
            return Err(format!(
                "'stablehlo.convolution' with batch_group_count {batch_groups} has no lowering to linalg"
            ));
        }
        let groups = feature_groups as u64;
        let strides = shapes.ints_or("window_strides", n, 1)?;
        let padding = shapes.ints_or("padding", 2 * n, 0)?;
        let lhs_dilation = shapes.ints_or("lhs_dilation", n, 1)?;
        let rhs_dilation = shapes.ints_or("rhs_dilation", n, 1)?;
        let reversal = match shapes.attribute("window_reversal") {
            None => vec![false; n],
            Some(a) => ir::bool_list(a)
                .filter(|r| r.len() == n)
                .ok_or("attribute 'window_reversal' is not a list of one flag per spatial dim")?,
        };
        // Pad (and dilate) the input so the window reads it from offset 0.
        let rank = input.shape.len();
        let mut low = vec![0i64; rank];
        let mut high = vec![0i64; rank];
        let mut interior = vec![0i64; rank];
        for j in 0..n {
            let d = dn.input_spatial[j];
            low[d] = padding[2 * j];
            high[d] = padding[2 * j + 1];
            interior[d] = lhs_dilation[j] - 1;
        }
        let c_out = out.shape[dn.output_feature];
        let mut loops: Vec<u64> = Vec::new();
        let mut parallel = Vec::new();
        let mut push = |loops: &mut Vec<u64>, trip: u64, p: bool| {
            loops.push(trip);
            parallel.push(p);
            loops.len() - 1
        };
        let mut out_map = vec![AffineDim::constant(0); out.shape.len()];
        let mut spatial_loop = vec![0; n];
        let mut feature_loop = 0;
        for (d, &size) in out.shape.iter().enumerate() {
            if d == dn.output_feature {
                feature_loop = push(&mut loops, c_out / groups, true);
            } else {
                let k = push(&mut loops, size, true);
                out_map[d] = AffineDim::dim(k);
                if let Some(j) = dn.output_spatial.iter().position(|&s| s == d) {
                    spatial_loop[j] = k;
                }
            }
        }
        let group = (groups > 1).then(|| push(&mut loops, groups, true));
        let grouped = |inner: usize, size: u64| match group {
            Some(g) => AffineDim {
                terms: vec![(inner, 1), (g, size as i64)],
                offset: 0,
            },
            None => AffineDim::dim(inner),
        };
        out_map[dn.output_feature] = grouped(feature_loop, c_out / groups);
        let channel = push(&mut loops, kernel.shape[dn.kernel_input_feature], false);
        let mut in_map = vec![AffineDim::constant(0); rank];
        let mut kernel_map = vec![AffineDim::constant(0); rank];
        in_map[dn.input_batch] = out_map[dn.output_batch].clone();
        in_map[dn.input_feature] = grouped(channel, input.shape[dn.input_feature] / groups);
        kernel_map[dn.kernel_input_feature] = AffineDim::dim(channel);
        kernel_map[dn.kernel_output_feature] = out_map[dn.output_feature].clone();
        for j in 0..n {
            let size = kernel.shape[dn.kernel_spatial[j]];
            let w = push(&mut loops, size, false);
            in_map[dn.input_spatial[j]] = AffineDim {
                terms: vec![(spatial_loop[j], strides[j]), (w, rhs_dilation[j])],
                offset: 0,
            };
            kernel_map[dn.kernel_spatial[j]] = if reversal[j] {
                AffineDim {
                    terms: vec![(w, -1)],
                    offset: size as i64 - 1,
                }
            } else {
                AffineDim::dim(w)
            };
        }
        // The pad follows the convolution's split of the batch and the input channels.
        let padded = if low.iter().chain(&high).chain(&interior).any(|&p| p != 0) {
            let zero = self.e.constant(&zero_literal(&input.elem), &input.elem);
            let along = self.e.along(&loops, &in_map);
            self.e
                .pad(&input, &zero, [&low, &high, &interior], &along)?
        } else {
            input.clone()
        };
        let zero = self.e.constant(&zero_literal(&out.elem), &out.elem);
        let init = self.e.fill(&zero, &out.shape, &out.elem);
        let model = self.model().ok();
        let attrs = Attrs::Main(self.main_attrs(model.as_ref(), &loops));
        let ins = vec![access(&padded, in_map), access(&kernel, kernel_map)];
        let outs = vec![access(&init, out_map)];
        let elems = [input.elem.clone(), kernel.elem.clone()];
        self.e
            .generic(&loops, &parallel, ins, outs, attrs, |e, args| {
                Ok(vec![multiply_add(
                    e, &args[0], &args[1], &args[2], &elems, &out.elem,
                )?])
            })
    }

    pub(super) fn reduce(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let count = self.results.len();
        let mut outs = Vec::new();
        for i in 0..count {
            let init = self.operands[count + i].clone();
            let shape = self.results[i].shape.clone();
            let broadcast = self.e.broadcast_scalar(&init, &shape)?;
            outs.push(access(&broadcast, model.outputs[i].clone()));
        }
        let ins = (0..count)
            .map(|i| access(&self.operands[i], identity(self.operands[i].shape.len())))
            .collect();
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        let raw = self.op.to_raw();
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                // The reducer takes (accumulators..., elements...).
                let mut region_args = args[count..2 * count].to_vec();
                region_args.extend_from_slice(&args[..count]);
                region_body(e, raw, 0, &region_args)
            },
        )
    }

    pub(super) fn reduce_window(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let count = self.results.len();
        let rank = self.operands[0].shape.len();
        let window = shapes.required_ints("window_dimensions")?;
        let strides = shapes.ints_or("window_strides", rank, 1)?;
        let base = shapes.ints_or("base_dilations", rank, 1)?;
        let dilation = shapes.ints_or("window_dilations", rank, 1)?;
        let padding = shapes.ints_or("padding", 2 * rank, 0)?;
        if window.len() != rank || self.operands.len() != 2 * count {
            return Err("window dimensions do not fit the operands".into());
        }
        let low: Vec<i64> = padding.iter().step_by(2).copied().collect();
        let high: Vec<i64> = padding.iter().skip(1).step_by(2).copied().collect();
        let interior: Vec<i64> = base.iter().map(|&b| b - 1).collect();
        let out_shape = self.results[0].shape.clone();
        let mut loops = out_shape.clone();
        loops.extend(window.iter().map(|&w| w.max(1) as u64));
        let mut parallel = vec![true; rank];
        parallel.extend(vec![false; rank]);
        let read: Vec<AffineDim> = (0..rank)
            .map(|d| AffineDim {
                terms: vec![(d, strides[d]), (rank + d, dilation[d])],
                offset: 0,
            })
            .collect();
        let mut ins = Vec::new();
        let mut outs = Vec::new();
        for i in 0..count {
            let input = self.operands[i].clone();
            let init = self.operands[count + i].clone();
            let padded = if low.iter().chain(&high).chain(&interior).any(|&p| p != 0) {
                let value = self.e.scalar_of(&init);
                let along = self.e.along(&loops, &read);
                self.e
                    .pad(&input, &value, [&low, &high, &interior], &along)?
            } else {
                input
            };
            ins.push(access(&padded, read.clone()));
            let broadcast = self
                .e
                .broadcast_scalar(&init, &self.results[i].shape.clone())?;
            outs.push(access(&broadcast, identity(rank)));
        }
        let model = self.model().ok();
        let attrs = Attrs::Main(self.main_attrs(model.as_ref(), &loops));
        let raw = self.op.to_raw();
        self.e
            .generic(&loops, &parallel, ins, outs, attrs, |e, args| {
                let mut region_args = args[count..2 * count].to_vec();
                region_args.extend_from_slice(&args[..count]);
                region_body(e, raw, 0, &region_args)
            })
    }

    pub(super) fn pad(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let rank = self.operands[0].shape.len();
        let low = shapes.ints_or("edge_padding_low", rank, 0)?;
        let high = shapes.ints_or("edge_padding_high", rank, 0)?;
        let interior = shapes.ints_or("interior_padding", rank, 0)?;
        let (input, value) = (self.operands[0].clone(), self.operands[1].clone());
        let scalar = self.e.scalar_of(&value);
        let model = self.model().ok();
        let loops = if interior.iter().all(|&i| i == 0) {
            self.result().shape.clone()
        } else {
            input.shape.clone()
        };
        let attrs = self.main_attrs(model.as_ref(), &loops);
        let padded = self.e.pad_main(
            &input,
            &scalar,
            [&low, &high, &interior],
            &vec![None; rank],
            attrs,
        )?;
        Ok(vec![padded.name])
    }

    pub(super) fn concatenate(&mut self) -> Result<Vec<String>, String> {
        let dim = self.op_int("dimension", 0)?;
        let model = self.model().ok();
        let out = self.result().clone();
        let attrs = self.main_attrs(model.as_ref(), &out.shape);
        let attrs = if attrs.is_empty() {
            String::new()
        } else {
            format!(" {{{attrs}}}")
        };
        if self.operands.len() == 1 {
            return Ok(vec![self.operands[0].name.clone()]);
        }
        let name = self.e.fresh();
        let names: Vec<&str> = self.operands.iter().map(|v| v.name.as_str()).collect();
        let types: Vec<&str> = self.operands.iter().map(|v| v.ty.as_str()).collect();
        self.e.line(format!(
            "{name} = tensor.concat dim({dim}) {}{attrs} : ({}) -> {}",
            names.join(", "),
            types.join(", "),
            out.ty
        ));
        Ok(vec![name])
    }

    pub(super) fn dynamic_slice(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let input = self.operands[0].clone();
        let out = self.result().clone();
        let sizes = shapes.required_ints("slice_sizes")?;
        if sizes.len() != input.shape.len() || self.operands.len() != 1 + input.shape.len() {
            return Err("slice sizes or start indices do not match the operand rank".into());
        }
        let mut offsets = Vec::new();
        for (d, index) in self.op.operands().skip(1).enumerate() {
            let start = constant_scalar(index.to_raw()).ok_or(
                "'stablehlo.dynamic_slice' with start indices that are not constants has no lowering to linalg",
            )?;
            // StableHLO clamps the start into [0, size - slice].
            offsets.push(start.clamp(0, input.shape[d] as i64 - sizes[d]));
        }
        let name = self.e.fresh();
        let config = self
            .e
            .aux_config(&[input.name.as_str()], &name, out.shape.len());
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{name} = tensor.extract_slice {}[{}] [{}] [{}]{config} : {} to {}",
            input.name,
            int_list(&offsets),
            int_list(&sizes),
            int_list(&vec![1; sizes.len()]),
            input.ty,
            out.ty
        ));
        Ok(vec![name])
    }

    /// The index-vector dim of `indices` (`None`: implicit, one index per point) and the number of
    /// index components.
    pub(super) fn index_vector(
        &self,
        key: &str,
        mnemonic: &str,
        indices: &Value,
        map_key: &str,
    ) -> Result<(Option<usize>, Vec<usize>), String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let fields = shapes.fields(key, mnemonic)?;
        let rank = indices.shape.len();
        let vector_dim = fields.int("index_vector_dim")?.unwrap_or(rank as i64);
        let vector_dim = usize::try_from(vector_dim)
            .ok()
            .filter(|&v| v <= rank)
            .ok_or("index vector dim out of range")?;
        let index_map: Vec<usize> = fields
            .ints(map_key)?
            .into_iter()
            .map(|d| usize::try_from(d).map_err(|_| "negative index map".to_string()))
            .collect::<Result<_, _>>()?;
        let components = if vector_dim < rank {
            indices.shape[vector_dim] as usize
        } else {
            1
        };
        if components != index_map.len() {
            return Err("the index vector does not match the index map".into());
        }
        Ok(((vector_dim < rank).then_some(vector_dim), index_map))
    }

    pub(super) fn gather(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let (table, indices, out) = (
            self.operands[0].clone(),
            self.operands[1].clone(),
            self.result().clone(),
        );
        let (vector_dim, index_map) =
            self.index_vector("dimension_numbers", "gather", &indices, "start_index_map")?;
        let shapes = stablehlo::Op::new(self.op)?;
        let slice_sizes = shapes.required_ints("slice_sizes")?;
        let index_access = model.inputs[1].clone().unwrap_or_default();
        let mut ins = vec![access(&table, model.inputs[0].clone().unwrap_or_default())];
        for j in 0..index_map.len() {
            let mut map = index_access.clone();
            if let Some(v) = vector_dim {
                map[v] = AffineDim::constant(j as i64);
            }
            ins.push(access(&indices, map));
        }
        // The loop of index component j follows the result's loops.
        let bounds: Vec<(usize, i64)> = index_map
            .iter()
            .enumerate()
            .map(|(j, &d)| {
                let slice = slice_sizes[d].clamp(1, table.shape[d] as i64);
                (out.shape.len() + j, table.shape[d] as i64 - slice)
            })
            .collect();
        let zero = self.e.constant(&zero_literal(&out.elem), &out.elem);
        let init = self.e.fill(&zero, &out.shape, &out.elem);
        let outs = vec![access(&init, model.outputs[0].clone())];
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        let (index_elem, elem) = (indices.elem.clone(), out.elem.clone());
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                let m = bounds.len();
                let hit = index_match(e, &args[1..1 + m], &index_elem, &bounds, true);
                let zero = e.constant(&zero_literal(&elem), &elem);
                let picked = e.select(&hit, &args[0], &zero, &elem);
                let add = if is_float(&elem) {
                    "arith.addf"
                } else if elem == "i1" {
                    "arith.ori"
                } else {
                    "arith.addi"
                };
                Ok(vec![e.binary(add, &args[1 + m], &picked, &elem)])
            },
        )
    }

    pub(super) fn scatter(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let count = self.results.len();
        let indices = self.operands[count].clone();
        let (vector_dim, index_map) = self.index_vector(
            "scatter_dimension_numbers",
            "scatter",
            &indices,
            "scatter_dims_to_operand_dims",
        )?;
        let index_access = model.inputs[count].clone().unwrap_or_default();
        let mut ins = Vec::new();
        for j in 0..index_map.len() {
            let mut map = index_access.clone();
            if let Some(v) = vector_dim {
                map[v] = AffineDim::constant(j as i64);
            }
            ins.push(access(&indices, map));
        }
        for i in 0..count {
            let updates = &self.operands[count + 1 + i];
            ins.push(access(updates, identity(updates.shape.len())));
        }
        let update_rank = self.operands[count + 1].shape.len();
        let bounds: Vec<(usize, i64)> = index_map
            .iter()
            .enumerate()
            .map(|(j, _)| (update_rank + j, i64::MAX))
            .collect();
        let outs = (0..count)
            .map(|i| access(&self.operands[i], model.outputs[i].clone()))
            .collect();
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        let raw = self.op.to_raw();
        let index_elem = indices.elem.clone();
        let elems: Vec<String> = self.results.iter().map(|r| r.elem.clone()).collect();
        let combiner = scatter_combiner(raw);
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                let m = bounds.len();
                let hit = index_match(e, &args[..m], &index_elem, &bounds, false);
                let updates = &args[m..m + count];
                let current = &args[m + count..m + 2 * count];
                if let (Some(combiner), [update], [old], [elem]) =
                    (combiner, updates, current, elems.as_slice())
                {
                    // `old (+|max|min) select(hit, update, neutral)`: the body accumulates its result,
                    // so a split of the update loops leaves partial results par-materialize combines
                    // (the embedding gradient's scatter-add split over the samples).
                    let neutral = match combiner {
                        "add" if elem.starts_with('f') || elem.starts_with("bf") => {
                            e.constant("0.000000e+00", elem)
                        }
                        "add" => e.constant("0", elem),
                        _ => old.clone(),
                    };
                    let picked = e.select(&hit, update, &neutral, elem);
                    return region_body(e, raw, 0, &[old.clone(), picked]);
                }
                let mut region_args = current.to_vec();
                region_args.extend_from_slice(updates);
                let combined = region_body(e, raw, 0, &region_args)?;
                Ok(combined
                    .iter()
                    .zip(current)
                    .zip(&elems)
                    .map(|((new, old), elem)| e.select(&hit, new, old, elem))
                    .collect())
            },
        )
    }

    /// Two generics: the selected window position per source element (first one the `select` body
    /// prefers), then the `scatter` body adding each source element at its selected position.
    pub(super) fn select_and_scatter(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let (operand, source, init) = (
            self.operands[0].clone(),
            self.operands[1].clone(),
            self.operands[2].clone(),
        );
        let out = self.result().clone();
        let rank = operand.shape.len();
        let window = shapes.ints_or("window_dimensions", rank, 1)?;
        let strides = shapes.ints_or("window_strides", rank, 1)?;
        let padding = shapes.ints_or("padding", 2 * rank, 0)?;
        let low: Vec<i64> = padding.iter().step_by(2).copied().collect();
        let high: Vec<i64> = padding.iter().skip(1).step_by(2).copied().collect();
        if low.iter().chain(&high).any(|&p| p < 0) {
            return Err(
                "'stablehlo.select_and_scatter' with negative padding has no lowering".into(),
            );
        }
        let padded_shape: Vec<u64> = (0..rank)
            .map(|d| (operand.shape[d] as i64 + low[d] + high[d]) as u64)
            .collect();
        let mut loops = source.shape.clone();
        loops.extend(window.iter().map(|&w| w.max(1) as u64));
        let mut parallel = vec![true; rank];
        parallel.extend(vec![false; rank]);
        // A window of one along a dim (the batch, the channels) adds nothing there: the result is
        // then indexed by the source loop alone, which par-materialize splits as a parallel dim.
        let at: Vec<AffineDim> = (0..rank)
            .map(|d| AffineDim {
                terms: if window[d] > 1 {
                    vec![(d, strides[d]), (rank + d, 1)]
                } else {
                    vec![(d, strides[d])]
                },
                offset: 0,
            })
            .collect();
        // Phase 1: per source point, the best value and its window position (row-major). Padding
        // never wins: it is read as "not a candidate".
        let padded = if low.iter().chain(&high).any(|&p| p != 0) {
            let zero = self.e.constant(&zero_literal(&operand.elem), &operand.elem);
            let along = self.e.along(&loops, &at);
            self.e
                .pad(&operand, &zero, [&low, &high, &vec![0; rank]], &along)?
        } else {
            operand.clone()
        };
        let first = self.e.constant(&zero_literal(&operand.elem), &operand.elem);
        let best = self.e.fill(&first, &source.shape, &operand.elem);
        let minus_one = self.e.constant("-1", "i64");
        let position = self.e.fill(&minus_one, &source.shape, "i64");
        let ins = vec![access(&padded, at.clone())];
        let outs = vec![
            access(&best, identity(rank)),
            access(&position, identity(rank)),
        ];
        let raw = self.op.to_raw();
        let elem = operand.elem.clone();
        let (window_c, low_c, sizes) = (window.clone(), low.clone(), operand.shape.clone());
        // Over the main op's loops: split as it is along the source dims.
        let phase_one = Attrs::Along(self.e.along(&loops, &identity(loops.len())));
        let selected = self
            .e
            .generic(&loops, &parallel, ins, outs, phase_one, |e, args| {
                let linear = window_position(e, rank, &window_c);
                let inside = inside_operand(e, rank, &strides, &low_c, &sizes);
                // Reuse region 0 (select): true when the current best should be kept.
                let keep = region_body(e, raw, 0, &[args[1].clone(), args[0].clone()])?;
                let minus = e.constant("-1", "i64");
                let none = e.cmp("arith.cmpi eq", &args[2], &minus, "i64");
                let t = e.constant("true", "i1");
                let not_keep = e.binary("arith.xori", &keep[0], &t, "i1");
                let better = e.binary("arith.ori", &none, &not_keep, "i1");
                let take = e.binary("arith.andi", &better, &inside, "i1");
                let value = e.select(&take, &args[0], &args[1], &elem);
                let index = e.select(&take, &linear, &args[2], "i64");
                Ok(vec![value, index])
            })?;
        let position = Value {
            name: selected[1].clone(),
            ty: tensor_type(&source.shape, "i64"),
            shape: source.shape.clone(),
            elem: "i64".into(),
        };
        // Phase 2: scatter into the padded result, then cut the padding away.
        let init_value = self.e.scalar_of(&init);
        let result_init = self.e.fill(&init_value, &padded_shape, &out.elem);
        let ins = vec![
            access(&source, identity(rank)),
            access(&position, identity(rank)),
        ];
        let result_along = self.e.along(&loops, &at);
        let outs = vec![access(&result_init, at)];
        let model = self.model().ok();
        // The scatter writes its result through strided windows, which par-materialize cannot cut
        // per task: a split strategy runs it whole on its first device (the argmax before it
        // stays split).
        let split = self
            .e
            .split
            .as_ref()
            .is_some_and(|s| s.config.degrees.iter().any(|&d| d > 1));
        let attrs = match self.e.device {
            Some(device) if split => Attrs::Main(one_device(loops.len(), device)),
            _ => Attrs::Main(self.main_attrs(model.as_ref(), &loops)),
        };
        let window_c = window.clone();
        let scattered = self
            .e
            .generic(&loops, &parallel, ins, outs, attrs, |e, args| {
                let linear = window_position(e, rank, &window_c);
                let hit = e.cmp("arith.cmpi eq", &linear, &args[1], "i64");
                let combined = region_body(e, raw, 1, &[args[2].clone(), args[0].clone()])?;
                Ok(vec![e.select(&hit, &combined[0], &args[2], &out.elem)])
            })?;
        if padded_shape == out.shape {
            return Ok(scattered);
        }
        let name = self.e.fresh();
        let padded_ty = tensor_type(&padded_shape, &out.elem);
        let config =
            self.e
                .aux_config_along(&[scattered[0].as_str()], &name, &out.shape, &result_along);
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{name} = tensor.extract_slice {}[{}] [{}] [{}]{config} : {padded_ty} to {}",
            scattered[0],
            int_list(&low),
            int_list(&out.shape.iter().map(|&d| d as i64).collect::<Vec<_>>()),
            int_list(&vec![1; rank]),
            out.ty
        ));
        Ok(vec![name])
    }

    /// `chlo.top_k` in three generics over exact integer keys (XLA's order: descending by the
    /// floats' total order, `-NaN < -inf < ... < -0 < +0 < ... < inf < NaN`, ties to the lower
    /// index): the rank of every element of a row (how many elements precede it), then the main
    /// op over the model's loops (leading dims, rank `j`, the row) summing the index whose rank is
    /// `j` (exactly one matches, so a split row combines by a sum), then the values gathered at
    /// those indices. The rank is a pass over the row per element (quadratic in the row length).
    pub(super) fn top_k(&mut self) -> Result<Vec<String>, String> {
        let model = self
            .model()
            .map_err(|e| format!("'chlo.top_k' has no lowering to linalg ({e})"))?;
        let input = self.operands[0].clone();
        let (values, indices) = (self.results[0].clone(), self.results[1].clone());
        if !is_int(&indices.elem) || indices.elem == "i1" {
            return Err(format!(
                "'chlo.top_k' with indices of type {} has no lowering",
                indices.elem
            ));
        }
        let key_type = if is_float(&input.elem) {
            match width(&input.elem) {
                16 | 32 | 64 => format!("i{}", width(&input.elem)),
                _ => {
                    return Err(format!(
                        "'chlo.top_k' of {} elements has no lowering",
                        input.elem
                    ))
                }
            }
        } else {
            input.elem.clone()
        };
        let batch = input.shape.len() - 1;
        let row = input.shape[batch];
        let int = indices.elem.clone();
        let elem = input.elem.clone();
        // The order key of an element: its bits as a signed integer, the magnitude bits flipped
        // for a negative float, so that signed integer order is the floats' total order.
        let key_c = key_type.clone();
        let key = move |e: &mut Emit, x: &str| -> String {
            if !is_float(&elem) {
                return x.to_string();
            }
            let bits = e.cast("arith.bitcast", x, &elem, &key_c);
            let w = width(&key_c);
            let shift = e.constant(&(w - 1).to_string(), &key_c);
            let sign = e.binary("arith.shrsi", &bits, &shift, &key_c);
            let magnitude = e.constant(&((1u64 << (w - 1)) - 1).to_string(), &key_c);
            let mask = e.binary("arith.andi", &sign, &magnitude, &key_c);
            e.binary("arith.xori", &bits, &mask, &key_c)
        };
        let lead: Vec<AffineDim> = (0..batch).map(AffineDim::dim).collect();
        let at = |d: usize| {
            let mut map = lead.clone();
            map.push(AffineDim::dim(d));
            map
        };
        if self.e.device.is_some() {
            // The ranks and the values read the operand as the main op does (a graph op's
            // reads when it is a data argument): they follow the main op's split even where the
            // operand is replicated.
            self.e.partitioned.insert(input.name.clone());
        }
        // Ranks: loops (leading dims, element n, other element m), m a reduction.
        let mut rank_loops = input.shape.clone();
        rank_loops.push(row);
        let mut rank_parallel = vec![true; batch + 1];
        rank_parallel.push(false);
        let zero = self.e.constant("0", &int);
        let rank_init = self.e.fill(&zero, &input.shape, &int);
        let ins = vec![access(&input, at(batch)), access(&input, at(batch + 1))];
        let outs = vec![access(&rank_init, at(batch))];
        let mut along: Vec<Option<usize>> = (0..batch).map(Some).collect();
        along.extend([None, None]);
        let (int_c, key_c) = (int.clone(), key_type.clone());
        let ranks = self.e.generic(
            &rank_loops,
            &rank_parallel,
            ins,
            outs,
            Attrs::Along(along),
            |e, args| {
                let (mine, other) = (key(e, &args[0]), key(e, &args[1]));
                let greater = e.cmp("arith.cmpi sgt", &other, &mine, &key_c);
                let equal = e.cmp("arith.cmpi eq", &other, &mine, &key_c);
                let n = e.loop_index(batch);
                let m = e.loop_index(batch + 1);
                let before = e.cmp("arith.cmpi ult", &m, &n, "index");
                let tie = e.binary("arith.andi", &equal, &before, "i1");
                let precedes = e.binary("arith.ori", &greater, &tie, "i1");
                let one = e.constant("1", &int_c);
                let count = e.binary("arith.addi", &args[2], &one, &int_c);
                Ok(vec![e.select(&precedes, &count, &args[2], &int_c)])
            },
        )?;
        let ranks = Value {
            name: ranks[0].clone(),
            ty: tensor_type(&input.shape, &int),
            shape: input.shape.clone(),
            elem: int.clone(),
        };
        // The main op: the index of rank j, over the model's loops.
        let loops = model.loops.clone();
        let index_init = self.e.fill(&zero, &indices.shape, &int);
        let ins = vec![access(&ranks, at(batch + 1))];
        let outs = vec![access(&index_init, at(batch))];
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &loops));
        let int_c = int.clone();
        let selected = self
            .e
            .generic(&loops, &model.parallel, ins, outs, attrs, |e, args| {
                let j = e.loop_index(batch);
                let j = e.cast("arith.index_cast", &j, "index", &int_c);
                let n = e.loop_index(batch + 1);
                let n = e.cast("arith.index_cast", &n, "index", &int_c);
                let hit = e.cmp("arith.cmpi eq", &args[0], &j, &int_c);
                let sum = e.binary("arith.addi", &args[1], &n, &int_c);
                Ok(vec![e.select(&hit, &sum, &args[1], &int_c)])
            })?;
        let selected = Value {
            name: selected[0].clone(),
            ..indices
        };
        if self.e.device.is_some() {
            // The main op's result is partitioned as configured.
            self.e.partitioned.insert(selected.name.clone());
        }
        // The values at the selected indices, split as the main op along its parallel loops.
        let zero_value = self.e.constant(&zero_literal(&values.elem), &values.elem);
        let value_init = self.e.fill(&zero_value, &values.shape, &values.elem);
        let ins = vec![access(&input, at(batch + 1)), access(&selected, at(batch))];
        let outs = vec![access(&value_init, at(batch))];
        let along = Attrs::Along(self.e.along(&loops, &identity(loops.len())));
        let (int_c, value_elem) = (int.clone(), values.elem.clone());
        let gathered = self
            .e
            .generic(&loops, &model.parallel, ins, outs, along, |e, args| {
                let n = e.loop_index(batch + 1);
                let n = e.cast("arith.index_cast", &n, "index", &int_c);
                let hit = e.cmp("arith.cmpi eq", &args[1], &n, &int_c);
                Ok(vec![e.select(&hit, &args[0], &args[2], &value_elem)])
            })?;
        Ok(vec![gathered[0].clone(), selected.name])
    }

    pub(super) fn op_int(&self, key: &str, default: i64) -> Result<i64, String> {
        stablehlo::Op::new(self.op)?.int(key, default)
    }
}
