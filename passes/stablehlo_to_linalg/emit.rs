//! The text builder of a lowering: [`Emit`] writes the ops replacing one StableHLO op as lines of
//! MLIR text, with fresh SSA names, and gives auxiliary ops the configuration that follows the main
//! op's split ([`Split`]).

use super::*;

/// The text of the replacement under construction.
pub(super) struct Emit {
    pub(super) lines: Vec<String>,
    pub(super) next: usize,
    /// Names whose values the strategy partitions (results of ops with `par.config`).
    pub(super) partitioned: HashSet<String>,
    /// The device that computes auxiliary ops reading partitioned values (the main op's first one).
    pub(super) device: Option<DeviceId>,
    /// The configuration the op carries over to its main op, with the model's loops: auxiliary ops
    /// that feed the main op (or read its result) follow its split ([`Emit::aux_config_along`]).
    pub(super) split: Option<Split>,
    /// The op's pipeline stage (`par.stage` text), which its auxiliary ops with a configuration share.
    pub(super) stage: Option<String>,
}

/// A main op's configuration and the loops it is over.
pub(super) struct Split {
    pub(super) config: Config,
    pub(super) loops: Vec<u64>,
}

impl Split {
    /// The configuration of an auxiliary op over `shape` whose dim `j` runs along the main op's loop
    /// `along[j]` (`None`: a dim the auxiliary op computes whole). Such a dim is split as that loop
    /// is (when the degree divides it; a loop followed twice is split once), the other dims are
    /// not, and each task runs on the device of the main op's task at the same coordinates along
    /// the followed loops (0 along the others): the task of the main op that reads (or writes) the
    /// same part, so that no part moves between devices when only followed loops are split. A
    /// replicated main op has replicated auxiliary ops. `None` when the configuration does not fit
    /// the loops (par-verify reports it).
    pub(super) fn follow(&self, shape: &[u64], along: &[Option<usize>]) -> Option<Config> {
        let config = &self.config;
        let tasks = config
            .degrees
            .iter()
            .try_fold(1u64, |tasks, &d| tasks.checked_mul(d))?;
        if config.degrees.len() != self.loops.len() || config.devices.is_empty() {
            return None;
        }
        if config.is_replicated() {
            return Some(Config {
                degrees: vec![1; shape.len()],
                devices: config.devices.clone(),
            });
        }
        if tasks != config.devices.len() as u64 {
            return None;
        }
        let mut followed = HashSet::new();
        let loops: Vec<Option<usize>> = (0..shape.len())
            .map(|j| {
                let k = along.get(j).copied().flatten()?;
                let degree = *config.degrees.get(k)?;
                (degree > 1 && shape[j].is_multiple_of(degree) && followed.insert(k)).then_some(k)
            })
            .collect();
        let degrees: Vec<u64> = loops
            .iter()
            .map(|k| k.map_or(1, |k| config.degrees[k]))
            .collect();
        let mut devices = Vec::new();
        let mut coordinate = vec![0u64; shape.len()];
        loop {
            // Row-major index of the main op's task at these coordinates along the followed loops.
            let mut main = vec![0u64; self.loops.len()];
            for (j, k) in loops.iter().enumerate() {
                if let Some(k) = k {
                    main[*k] = coordinate[j];
                }
            }
            let index = main
                .iter()
                .zip(&config.degrees)
                .fold(0u64, |index, (&c, &d)| index * d + c);
            devices.push(config.devices[index as usize]);
            if !advance(&mut coordinate, &degrees) {
                break;
            }
        }
        Some(Config { degrees, devices })
    }
}

/// The next coordinate of a row-major grid of `extents`; false after the last one.
pub(super) fn advance(coordinate: &mut [u64], extents: &[u64]) -> bool {
    for d in (0..coordinate.len()).rev() {
        coordinate[d] += 1;
        if coordinate[d] < extents[d] {
            return true;
        }
        coordinate[d] = 0;
    }
    false
}

/// The loop an access runs along: its one term over a loop of more than one iteration, with
/// coefficient 1 and no offset (terms over one-iteration loops, such as a pooling window of size 1,
/// are always 0). `None` for windowed, strided or mixed indices.
pub(super) fn followed_loop(sum: &AffineDim, loops: &[u64]) -> Option<usize> {
    let mut moving = sum
        .terms
        .iter()
        .filter(|(k, _)| loops.get(*k).is_some_and(|&trips| trips > 1));
    match (moving.next(), moving.next()) {
        (Some(&(k, 1)), None) if sum.offset == 0 => Some(k),
        _ => None,
    }
}

impl Emit {
    pub(super) fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    pub(super) fn line(&mut self, text: String) {
        self.lines.push(text);
    }

    /// One op with a fresh single result, `%r = TEXT`; returns `%r`. The scalar ops below are
    /// built through it by shape, so that a lowering names the op it builds and its operands.
    fn op(&mut self, text: String) -> String {
        let name = self.fresh();
        self.line(format!("{name} = {text}"));
        name
    }

    /// `OP %a : T`: a unary op (`arith.negf`, `math.exp`, ...).
    pub(super) fn unary(&mut self, op: &str, a: &str, ty: &str) -> String {
        self.op(format!("{op} {a} : {ty}"))
    }

    /// `OP %a, %b : T`: a binary op (`arith.addi`, `math.powf`, ...).
    pub(super) fn binary(&mut self, op: &str, a: &str, b: &str, ty: &str) -> String {
        self.op(format!("{op} {a}, {b} : {ty}"))
    }

    /// `arith.cmpi`/`arith.cmpf` with its predicate (`compare` = `arith.cmpi slt`): `i1`.
    pub(super) fn cmp(&mut self, compare: &str, a: &str, b: &str, ty: &str) -> String {
        self.op(format!("{compare}, {a}, {b} : {ty}"))
    }

    /// `arith.select %c, %a, %b : T`.
    pub(super) fn select(&mut self, condition: &str, a: &str, b: &str, ty: &str) -> String {
        self.op(format!("arith.select {condition}, {a}, {b} : {ty}"))
    }

    /// `OP %a : FROM to TO`: a cast (`arith.index_cast`, `arith.sitofp`, ...).
    pub(super) fn cast(&mut self, op: &str, a: &str, from: &str, to: &str) -> String {
        self.op(format!("{op} {a} : {from} to {to}"))
    }

    /// `linalg.index D : index`: the current iteration of loop `dim`.
    pub(super) fn loop_index(&mut self, dim: usize) -> String {
        self.op(format!("linalg.index {dim} : index"))
    }

    /// `par.config` of an auxiliary op with `loops` loops that reads `inputs` and defines `result`:
    /// whole on one device when it reads a partitioned value, else none.
    pub(super) fn aux_config(&mut self, inputs: &[&str], result: &str, loops: usize) -> String {
        self.aux_config_along(inputs, result, &vec![1; loops], &vec![None; loops])
    }

    /// As [`Emit::aux_config`] for an op over `shape` whose dim `j` runs along the main op's loop
    /// `along[j]` (see [`Emit::along`]): split as the main op splits those loops ([`Split::follow`]),
    /// whole on the main op's first device where it follows none.
    pub(super) fn aux_config_along(
        &mut self,
        inputs: &[&str],
        result: &str,
        shape: &[u64],
        along: &[Option<usize>],
    ) -> String {
        let Some(device) = self.device else {
            return String::new();
        };
        if !inputs.iter().any(|i| self.partitioned.contains(*i)) {
            return String::new();
        }
        self.partitioned.insert(result.to_string());
        let config = match self.split.as_ref().and_then(|s| s.follow(shape, along)) {
            Some(config) => format!("par.config = {}", config.to_text()),
            None => one_device(shape.len(), device),
        };
        match &self.stage {
            Some(stage) => format!("{config}, par.stage = {stage}"),
            None => config,
        }
    }

    /// Per dim of an access `map` of an op over `loops`, the main op's loop it runs along
    /// ([`followed_loop`]); all `None` unless `loops` are the main op's (the model's) loops.
    pub(super) fn along(&self, loops: &[u64], map: &[AffineDim]) -> Vec<Option<usize>> {
        match &self.split {
            Some(split) if split.loops == loops => {
                map.iter().map(|sum| followed_loop(sum, loops)).collect()
            }
            _ => vec![None; map.len()],
        }
    }

    pub(super) fn constant(&mut self, literal: &str, elem: &str) -> String {
        let name = self.fresh();
        if elem == "i1" {
            // `true`/`false` are typed already.
            let literal = match literal {
                "1" | "-1" => "true",
                "0" => "false",
                other => other,
            };
            self.line(format!("{name} = arith.constant {literal}"));
        } else {
            self.line(format!("{name} = arith.constant {literal} : {elem}"));
        }
        name
    }

    pub(super) fn empty(&mut self, shape: &[u64], elem: &str) -> Value {
        let name = self.fresh();
        let ty = tensor_type(shape, elem);
        self.line(format!("{name} = tensor.empty() : {ty}"));
        Value {
            name,
            ty,
            shape: shape.to_vec(),
            elem: elem.to_string(),
        }
    }

    /// A tensor of `shape` filled with the scalar `scalar`.
    pub(super) fn fill(&mut self, scalar: &str, shape: &[u64], elem: &str) -> Value {
        let empty = self.empty(shape, elem);
        let name = self.fresh();
        let attrs = self.aux_config(&[scalar], &name, shape.len());
        let attrs = if attrs.is_empty() {
            String::new()
        } else {
            format!(" {{{attrs}}}")
        };
        self.line(format!(
            "{name} = linalg.fill{attrs} ins({scalar} : {elem}) outs({} : {}) -> {}",
            empty.name, empty.ty, empty.ty
        ));
        Value { name, ..empty }
    }

    /// The unit-stride slice of `value` at `offsets` of `sizes` (an auxiliary op).
    pub(super) fn extract_slice(&mut self, value: &Value, offsets: &[i64], sizes: &[u64]) -> Value {
        self.extract_slice_along(value, offsets, sizes, &vec![None; sizes.len()])
    }

    /// As [`Emit::extract_slice`], its dims along the main op's loops `along`.
    pub(super) fn extract_slice_along(
        &mut self,
        value: &Value,
        offsets: &[i64],
        sizes: &[u64],
        along: &[Option<usize>],
    ) -> Value {
        let name = self.fresh();
        let ty = tensor_type(sizes, &value.elem);
        let config = self.aux_config_along(&[value.name.as_str()], &name, sizes, along);
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        let sizes_i64: Vec<i64> = sizes.iter().map(|&d| d as i64).collect();
        self.line(format!(
            "{name} = tensor.extract_slice {}[{}] [{}] [{}]{config} : {} to {ty}",
            value.name,
            int_list(offsets),
            int_list(&sizes_i64),
            int_list(&vec![1; sizes.len()]),
            value.ty
        ));
        Value {
            name,
            ty,
            shape: sizes.to_vec(),
            elem: value.elem.clone(),
        }
    }

    /// The element of a rank-0 tensor.
    pub(super) fn scalar_of(&mut self, value: &Value) -> String {
        let name = self.fresh();
        if self.partitioned.contains(&value.name) {
            self.partitioned.insert(name.clone());
        }
        self.line(format!(
            "{name} = tensor.extract {}[] : {}",
            value.name, value.ty
        ));
        name
    }

    /// A rank-0 `value` broadcast to `shape` (an auxiliary op).
    pub(super) fn broadcast_scalar(
        &mut self,
        value: &Value,
        shape: &[u64],
    ) -> Result<Value, String> {
        let out = self.empty(shape, &value.elem);
        let ins = vec![access(value, Vec::new())];
        let outs = vec![access(&out, identity(shape.len()))];
        let parallel = vec![true; shape.len()];
        let results = self.generic(shape, &parallel, ins, outs, Attrs::Aux, |_, args| {
            Ok(vec![args[0].clone()])
        })?;
        Ok(Value {
            name: results[0].clone(),
            ..out
        })
    }

    /// A `linalg.generic` over `loops` (trip counts); `body` gets the block arguments (ins, then outs)
    /// and returns the yielded values. Loops that no access indexes by a bare dim get an extra
    /// `tensor.empty` operand of their trip counts (as linalg's pooling ops have), so that linalg can
    /// infer every loop's range. Returns the result names.
    pub(super) fn generic(
        &mut self,
        loops: &[u64],
        parallel: &[bool],
        mut ins: Vec<Access>,
        outs: Vec<Access>,
        attrs: Attrs,
        body: impl FnOnce(&mut Emit, &[String]) -> Result<Vec<String>, String>,
    ) -> Result<Vec<String>, String> {
        // A bare dim must match its loop's trip count: read a shorter prefix through a slice (the
        // main op's slices follow its split).
        for a in ins.iter_mut() {
            let mut sizes = a.value.shape.clone();
            for (d, sum) in a.map.iter().enumerate() {
                if let Some(k) = sum.single_dim() {
                    sizes[d] = sizes[d].min(loops[k]);
                }
            }
            if sizes != a.value.shape {
                let offsets = vec![0; sizes.len()];
                let along = match attrs {
                    Attrs::Main(_) => self.along(loops, &a.map),
                    _ => vec![None; sizes.len()],
                };
                a.value = self.extract_slice_along(&a.value, &offsets, &sizes, &along);
            }
        }
        let bare: HashSet<usize> = ins
            .iter()
            .chain(&outs)
            .flat_map(|a| a.map.iter().filter_map(AffineDim::single_dim))
            .collect();
        let missing: Vec<usize> = (0..loops.len()).filter(|k| !bare.contains(k)).collect();
        let extra_ins = if missing.is_empty() {
            0
        } else {
            let trips: Vec<u64> = missing.iter().map(|&k| loops[k]).collect();
            let shape = self.empty(&trips, "i8");
            ins.push(access(
                &shape,
                missing.iter().map(|&k| AffineDim::dim(k)).collect(),
            ));
            1
        };
        let maps: Vec<String> = ins
            .iter()
            .chain(&outs)
            .map(|a| map_text(loops.len(), &a.map))
            .collect();
        let iterators: Vec<&str> = parallel
            .iter()
            .map(|&p| if p { "\"parallel\"" } else { "\"reduction\"" })
            .collect();
        let result = self.fresh();
        let input_names: Vec<&str> = ins.iter().map(|a| a.value.name.as_str()).collect();
        let attrs = match attrs {
            Attrs::Main(text) => text,
            Attrs::Aux => self.aux_config(&input_names, &result, loops.len()),
            Attrs::Along(along) => {
                // Its own reduction loops stay whole: partial results of an auxiliary body (an
                // argmax) need not combine.
                let along: Vec<Option<usize>> = along
                    .iter()
                    .zip(parallel)
                    .map(|(a, &p)| a.filter(|_| p))
                    .collect();
                self.aux_config_along(&input_names, &result, loops, &along)
            }
        };
        let list = |accesses: &[Access]| {
            let names: Vec<&str> = accesses.iter().map(|a| a.value.name.as_str()).collect();
            let types: Vec<&str> = accesses.iter().map(|a| a.value.ty.as_str()).collect();
            format!("{} : {}", names.join(", "), types.join(", "))
        };
        let mut head = format!(
            "{result}{} = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]}}",
            if outs.len() > 1 {
                format!(":{}", outs.len())
            } else {
                String::new()
            },
            maps.join(", "),
            iterators.join(", ")
        );
        if !ins.is_empty() {
            head.push_str(&format!(" ins({})", list(&ins)));
        }
        head.push_str(&format!(" outs({})", list(&outs)));
        if !attrs.is_empty() {
            head.push_str(&format!(" attrs = {{{attrs}}}"));
        }
        head.push_str(" {");
        let mut args = Vec::new();
        let mut declared = Vec::new();
        for a in ins.iter().chain(&outs) {
            let name = self.fresh();
            declared.push(format!("{name}: {}", a.value.elem));
            args.push(name);
        }
        let outer = std::mem::take(&mut self.lines);
        self.line(format!("^bb0({}):", declared.join(", ")));
        let mut user_args = args.clone();
        if extra_ins == 1 {
            user_args.remove(ins.len() - 1);
        }
        let yielded = body(self, &user_args)?;
        let elems: Vec<&str> = outs.iter().map(|a| a.value.elem.as_str()).collect();
        self.line(format!(
            "linalg.yield {} : {}",
            yielded.join(", "),
            elems.join(", ")
        ));
        let body_lines = std::mem::replace(&mut self.lines, outer);
        self.line(head);
        self.lines.extend(body_lines);
        let types: Vec<&str> = outs.iter().map(|a| a.value.ty.as_str()).collect();
        if types.len() == 1 {
            self.line(format!("}} -> {}", types[0]));
        } else {
            self.line(format!("}} -> ({})", types.join(", ")));
        }
        Ok(if outs.len() > 1 {
            (0..outs.len()).map(|i| format!("{result}#{i}")).collect()
        } else {
            vec![result]
        })
    }
}

impl Emit {
    /// `value` padded by `low`/`high` (negative: cut) and `interior` with the scalar `pad` (an
    /// auxiliary op whose dims run `along` the main op's loops, as the main op reads the padded
    /// value: a convolution's pad follows its batch and channel split; padded dims are whole).
    pub(super) fn pad(
        &mut self,
        value: &Value,
        pad: &str,
        [low, high, interior]: [&[i64]; 3],
        along: &[Option<usize>],
    ) -> Result<Value, String> {
        self.pad_main(value, pad, [low, high, interior], along, String::new())
    }

    /// As [`Emit::pad`]; the last op gets `attrs` when given, else an auxiliary configuration.
    pub(super) fn pad_main(
        &mut self,
        value: &Value,
        pad: &str,
        [low, high, interior]: [&[i64]; 3],
        along: &[Option<usize>],
        attrs: String,
    ) -> Result<Value, String> {
        let rank = value.shape.len();
        if interior.iter().any(|&i| i < 0) {
            return Err("negative interior padding".into());
        }
        // A padded dim is not the main op's loop: computed whole.
        let along: Vec<Option<usize>> = (0..rank)
            .map(|d| {
                let unpadded = low[d] == 0 && high[d] == 0 && interior[d] == 0;
                along.get(d).copied().flatten().filter(|_| unpadded)
            })
            .collect();
        let mut value = value.clone();
        let negative = low.iter().chain(high).any(|&p| p < 0);
        if negative && interior.iter().any(|&i| i != 0) {
            // Interior padding first, then the negative edges cut from its result.
            let grown: Vec<i64> = low.iter().map(|&l| l.max(0)).collect();
            let grown_high: Vec<i64> = high.iter().map(|&h| h.max(0)).collect();
            let padded =
                self.pad_main(&value, pad, [&grown, &grown_high, interior], &along, attrs)?;
            let offsets: Vec<i64> = low.iter().map(|&l| (-l).max(0)).collect();
            let sizes = (0..rank)
                .map(|d| {
                    let size = padded.shape[d] as i64 - offsets[d] - (-high[d]).max(0);
                    u64::try_from(size).ok().filter(|&s| s > 0)
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or("padding removes every element")?;
            return Ok(self.extract_slice(&padded, &offsets, &sizes));
        }
        // Negative edges cut the operand first.
        if negative {
            let offsets: Vec<i64> = low.iter().map(|&l| (-l).max(0)).collect();
            let sizes = (0..rank)
                .map(|d| {
                    let size = value.shape[d] as i64 - offsets[d] - (-high[d]).max(0);
                    u64::try_from(size).ok().filter(|&s| s > 0)
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or("padding removes every element")?;
            value = self.extract_slice(&value, &offsets, &sizes);
        }
        let low: Vec<i64> = low.iter().map(|&l| l.max(0)).collect();
        let high: Vec<i64> = high.iter().map(|&h| h.max(0)).collect();
        let shape: Vec<u64> = (0..rank)
            .map(|d| {
                let n = value.shape[d] as i64;
                (n + (n - 1) * interior[d] + low[d] + high[d]) as u64
            })
            .collect();
        if interior.iter().all(|&i| i == 0) {
            let name = self.fresh();
            let ty = tensor_type(&shape, &value.elem);
            let attrs = if attrs.is_empty() {
                self.aux_config_along(&[value.name.as_str()], &name, &shape, &along)
            } else {
                attrs
            };
            let attrs = if attrs.is_empty() {
                String::new()
            } else {
                format!(" {{{attrs}}}")
            };
            let indices: Vec<String> = (0..rank)
                .map(|k| format!("%i{}_{k}: index", self.next))
                .collect();
            self.line(format!(
                "{name} = tensor.pad {} low[{}] high[{}] {{\n^bb0({}):\ntensor.yield {pad} : {}\n}}{attrs} : {} to {ty}",
                value.name,
                int_list(&low),
                int_list(&high),
                indices.join(", "),
                value.elem,
                value.ty
            ));
            return Ok(Value {
                name,
                ty,
                shape,
                elem: value.elem.clone(),
            });
        }
        // Interior padding: write the operand at d*(interior+1) + low into a fill.
        let fill = self.fill(pad, &shape, &value.elem);
        let map: Vec<AffineDim> = (0..rank)
            .map(|d| AffineDim {
                terms: vec![(d, interior[d] + 1)],
                offset: low[d],
            })
            .collect();
        let parallel = vec![true; rank];
        let loops = value.shape.clone();
        let attrs = if attrs.is_empty() {
            Attrs::Along(along)
        } else {
            Attrs::Main(attrs)
        };
        let results = self.generic(
            &loops,
            &parallel,
            vec![access(&value, identity(rank))],
            vec![access(&fill, map)],
            attrs,
            |_, args| Ok(vec![args[0].clone()]),
        )?;
        Ok(Value {
            name: results[0].clone(),
            ..fill
        })
    }
}
