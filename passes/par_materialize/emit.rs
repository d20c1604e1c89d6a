//! Emission: the [`Emitter`] that builds ops in one device function, and how it rewrites a device's
//! clone of the serial function in place, one graph op at a time: transfers become
//! `par.send`/`par.recv`, tasks become clones of the serial op on slices of the device's local copies,
//! split reductions are combined locally and with `par.all_reduce`.

use super::{
    nested_ops,
    tasks::{OpPlan, Transfer},
};
use crate::{
    family::{cut::array_text, cut::shape_of, Body, Combine, Operand, ValueId},
    ir::{self, parse_attribute as attribute},
    op_name,
    region::{full, lengths, Region},
};
use flexc_dialects::names;
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

/// Builds ops before `anchor` in one device function.
pub(super) struct Emitter {
    pub(super) context: MlirContext,
    pub(super) location: MlirLocation,
    /// The block ops are built in (the function's body, or a loop's).
    pub(super) block: MlirBlock,
    /// The function's body block (its arguments are the serial arguments).
    pub(super) body: MlirBlock,
    pub(super) anchor: MlirOperation,
    /// The device function's ops, by position (the clone of the serial body).
    pub(super) ops: Vec<MlirOperation>,
    /// Device copies of partitioned values.
    pub(super) local: HashMap<ValueId, MlirValue>,
    /// Pieces written into local copies (task results, received regions): a slice of exactly such a
    /// region is the piece itself, no `extract_slice` of the copy.
    pub(super) pieces: HashMap<ValueId, Vec<(Region, MlirValue)>>,
    /// Values used in place of replicated ones (a micro-batch's slice of an argument).
    pub(super) views: HashMap<ValueId, MlirValue>,
    /// What the bodies of task clones read in place of a captured value (a micro-batch's copy in
    /// the serial coordinates that data-dependent indices use); absent: the device's copy.
    pub(super) captures: HashMap<ValueId, MlirValue>,
    /// Per loop of the op being emitted, an SSA index added to its `linalg.index` in task bodies
    /// besides the task's start (a micro-batch's first sample along a loop that follows the batch).
    pub(super) index_offsets: Vec<Option<MlirValue>>,
    /// Shapes of device copies other than the serial value's (one micro-batch's).
    pub(super) shapes: HashMap<ValueId, Vec<i64>>,
    /// Added to every peer and group member: the plan is replica 0's, the device is replica `r`'s.
    pub(super) shift: i64,
    /// When set, every op is built before this one, not before its serial op (a scheduled program
    /// runs its phases in an order of its own).
    pub(super) fixed_anchor: Option<MlirOperation>,
}

pub(super) fn tensor_type(shape: &[i64], element: MlirType) -> MlirType {
    unsafe {
        mlirRankedTensorTypeGet(
            shape.len() as isize,
            shape.as_ptr(),
            element,
            mlirAttributeGetNull(),
        )
    }
}

pub(super) fn element_type(value: MlirValue) -> MlirType {
    unsafe { mlirShapedTypeGetElementType(mlirValueGetType(value)) }
}

impl Emitter {
    pub(super) fn new(
        context: MlirContext,
        function: MlirOperation,
        block: MlirBlock,
        anchor: MlirOperation,
        ops: Vec<MlirOperation>,
    ) -> Emitter {
        Emitter {
            context,
            location: unsafe { mlirOperationGetLocation(function) },
            block,
            body: block,
            anchor,
            ops,
            local: HashMap::new(),
            pieces: HashMap::new(),
            views: HashMap::new(),
            captures: HashMap::new(),
            index_offsets: Vec::new(),
            shapes: HashMap::new(),
            shift: 0,
            fixed_anchor: None,
        }
    }

    /// The static offsets/sizes/strides (unit) and operand segments of a `tensor.extract_slice` or
    /// `insert_slice` of `region` at `offsets`.
    fn slice_attributes(
        &self,
        offsets: &[i64],
        region: &Region,
        segments: &str,
    ) -> [(&'static str, MlirAttribute); 4] {
        [
            (
                "static_offsets",
                attribute(self.context, &array_text(offsets)),
            ),
            (
                "static_sizes",
                attribute(self.context, &array_text(&lengths(region))),
            ),
            (
                "static_strides",
                attribute(self.context, &array_text(&vec![1; region.len()])),
            ),
            ("operandSegmentSizes", attribute(self.context, segments)),
        ]
    }

    pub(super) fn value(&self, id: ValueId) -> MlirValue {
        if let Some(&view) = self.views.get(&id) {
            return view;
        }
        self.serial_value(id)
    }

    /// The serial value `id` in this device's clone (views ignored).
    pub(super) fn serial_value(&self, id: ValueId) -> MlirValue {
        unsafe {
            match id {
                ValueId::Arg(index) => mlirBlockGetArgument(self.body, index as isize),
                ValueId::Result(position, r) => {
                    mlirOperationGetResult(self.ops[position], r as isize)
                }
            }
        }
    }

    pub(super) fn insert(&self, op: MlirOperation) -> MlirOperation {
        unsafe { mlirBlockInsertOwnedOperationBefore(self.block, self.anchor, op) };
        op
    }

    pub(super) fn build(
        &self,
        name: &str,
        operands: &[MlirValue],
        results: &[MlirType],
        attributes: &[(&str, MlirAttribute)],
    ) -> MlirOperation {
        let op = ir::create_op(
            self.context,
            name,
            self.location,
            operands,
            results,
            attributes,
        );
        self.insert(op)
    }

    pub(super) fn result(op: MlirOperation) -> MlirValue {
        unsafe { mlirOperationGetResult(op, 0) }
    }

    /// `region` of `value` (whose shape is `shape`): the value itself when the region is all of it.
    pub(super) fn extract(&self, value: MlirValue, region: &Region) -> MlirValue {
        let shape = shape_of(value).unwrap_or_default();
        if *region == full(&shape) {
            return value;
        }
        let offsets: Vec<i64> = region.iter().map(|r| r.0).collect();
        let op = self.build(
            "tensor.extract_slice",
            &[value],
            &[tensor_type(&lengths(region), element_type(value))],
            &self.slice_attributes(&offsets, region, "array<i32: 1, 0, 0, 0>"),
        );
        Self::result(op)
    }

    /// The device's copy of a partitioned value (a fresh `tensor.empty` before it holds anything), or
    /// the value itself when it is replicated.
    pub(super) fn copy(&mut self, id: ValueId, partitioned: &HashSet<ValueId>) -> MlirValue {
        if !partitioned.contains(&id) {
            return self.value(id);
        }
        if let Some(&value) = self.local.get(&id) {
            return value;
        }
        let serial = self.value(id);
        let ty = match self.shapes.get(&id) {
            Some(shape) => tensor_type(shape, element_type(serial)),
            None => unsafe { mlirValueGetType(serial) },
        };
        let op = self.build("tensor.empty", &[], &[ty], &[]);
        let value = Self::result(op);
        self.local.insert(id, value);
        value
    }

    /// `region` of the device's copy of `id` (of the value itself when replicated).
    pub(super) fn slice(
        &mut self,
        id: ValueId,
        region: &Region,
        partitioned: &HashSet<ValueId>,
    ) -> MlirValue {
        if let Some(&(_, piece)) = self
            .pieces
            .get(&id)
            .and_then(|pieces| pieces.iter().find(|(r, _)| r == region))
        {
            return piece;
        }
        let copy = self.copy(id, partitioned);
        self.extract(copy, region)
    }

    /// Writes `piece` into the device's copy of `id` at `region`.
    pub(super) fn write(
        &mut self,
        id: ValueId,
        piece: MlirValue,
        region: &Region,
        partitioned: &HashSet<ValueId>,
    ) {
        let shape = match self.shapes.get(&id) {
            Some(shape) => shape.clone(),
            None => shape_of(self.value(id)).unwrap_or_default(),
        };
        if *region == full(&shape) && !self.local.contains_key(&id) {
            self.local.insert(id, piece);
            self.pieces
                .entry(id)
                .or_default()
                .push((region.clone(), piece));
            return;
        }
        let into = self.copy(id, partitioned);
        let offsets: Vec<i64> = region.iter().map(|r| r.0).collect();
        let op = self.build(
            "tensor.insert_slice",
            &[piece, into],
            &[unsafe { mlirValueGetType(into) }],
            &self.slice_attributes(&offsets, region, "array<i32: 1, 1, 0, 0, 0>"),
        );
        self.local.insert(id, Self::result(op));
        self.pieces
            .entry(id)
            .or_default()
            .push((region.clone(), piece));
    }

    pub(super) fn transfers(
        &mut self,
        transfers: &[Transfer],
        device: i64,
        partitioned: &HashSet<ValueId>,
    ) {
        for transfer in transfers {
            let context = self.context;
            let peer_tag = |peer: i64| {
                [
                    ("peer", attribute(context, &format!("{peer} : i64"))),
                    (
                        "tag",
                        attribute(context, &format!("{} : i64", transfer.tag)),
                    ),
                ]
            };
            if transfer.from == device {
                let piece = self.slice(transfer.value, &transfer.region, partitioned);
                self.build(
                    names::SEND,
                    &[piece],
                    &[],
                    &peer_tag(transfer.to + self.shift),
                );
            }
            if transfer.to == device {
                let element = element_type(self.value(transfer.value));
                let op = self.build(
                    names::RECV,
                    &[],
                    &[tensor_type(&lengths(&transfer.region), element)],
                    &peer_tag(transfer.from + self.shift),
                );
                self.write(
                    transfer.value,
                    Self::result(op),
                    &transfer.region,
                    partitioned,
                );
            }
        }
    }

    /// A tensor of `shape` filled with the identity of `combine`, of `like`'s element type.
    pub(super) fn identity(&self, like: MlirValue, shape: &[i64], combine: Combine) -> MlirValue {
        let element = element_type(like);
        let value = unsafe {
            if mlirTypeIsAFloat(element) {
                let v = match combine {
                    Combine::Sum => 0.0,
                    Combine::Max => f64::NEG_INFINITY,
                    Combine::Min => f64::INFINITY,
                };
                mlirFloatAttrDoubleGet(self.context, element, v)
            } else {
                let bits = if mlirTypeIsAInteger(element) {
                    mlirIntegerTypeGetWidth(element).clamp(1, 64)
                } else {
                    64
                };
                let (min, max) = if bits == 64 {
                    (i64::MIN, i64::MAX)
                } else {
                    (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
                };
                let v = match combine {
                    Combine::Sum => 0,
                    Combine::Max => min,
                    Combine::Min => max,
                };
                mlirIntegerAttrGet(element, v)
            }
        };
        let constant = self.build("arith.constant", &[], &[element], &[("value", value)]);
        let splat = self.build(
            "tensor.splat",
            &[Self::result(constant)],
            &[tensor_type(shape, element)],
            &[],
        );
        Self::result(splat)
    }

    /// A clone of the serial graph op `serial`, without its strategy attributes, on this device's
    /// values of `operands`.
    fn clone_on(
        &mut self,
        serial: MlirOperation,
        operands: &[Operand],
        partitioned: &HashSet<ValueId>,
    ) -> MlirOperation {
        let values: Vec<MlirValue> = operands
            .iter()
            .map(|operand| self.operand(operand, serial, partitioned))
            .collect();
        strip_clone(serial, &values)
    }

    fn operand(
        &mut self,
        operand: &Operand,
        serial: MlirOperation,
        partitioned: &HashSet<ValueId>,
    ) -> MlirValue {
        match operand {
            Operand::Keep(index) => unsafe { mlirOperationGetOperand(serial, *index as isize) },
            Operand::Slice(id, region) => self.slice(*id, region, partitioned),
            Operand::Whole(id) => self.copy(*id, partitioned),
            Operand::Identity {
                like,
                shape,
                combine,
            } => {
                let like = unsafe { mlirOperationGetOperand(serial, *like as isize) };
                self.identity(like, shape, *combine)
            }
        }
    }

    /// Makes `linalg.index k` in the body of the task clone `op` yield the serial op's index: the
    /// clone iterates from 0, the task from `starts[k]`, so every use of the index gets
    /// `index + starts[k]` (`arith.addi` of an `arith.constant`, right after the `linalg.index`).
    fn shift_indices(&self, op: MlirOperation, starts: &[i64]) {
        if starts.iter().all(|&s| s == 0) && self.index_offsets.iter().all(Option::is_none) {
            return;
        }
        for index in own_indices(op) {
            let dim = unsafe { OperationRef::from_raw(index) }
                .attribute("dim")
                .ok()
                .and_then(|a| ir::integer(a.to_raw()));
            let Some(d) = dim.map(|d| d as usize) else {
                continue;
            };
            let start = starts.get(d).copied().unwrap_or(0);
            let dynamic = self.index_offsets.get(d).copied().flatten();
            if start == 0 && dynamic.is_none() {
                continue;
            }
            unsafe {
                let mut value = mlirOperationGetResult(index, 0);
                let mut after = index;
                if let Some(offset) = dynamic {
                    let add = self.index_op("arith.addi", &[value, offset], &[]);
                    after = self.add_to_uses_after(value, add, after, &[add]);
                    value = mlirOperationGetResult(add, 0);
                }
                if start == 0 {
                    continue;
                }
                let ty = mlirIndexTypeGet(self.context);
                let constant = self.index_op(
                    "arith.constant",
                    &[],
                    &[mlirNamedAttributeGet(
                        mlirIdentifierGet(self.context, melior::StringRef::new("value").to_raw()),
                        mlirIntegerAttrGet(ty, start),
                    )],
                );
                let add = self.index_op(
                    "arith.addi",
                    &[value, mlirOperationGetResult(constant, 0)],
                    &[],
                );
                self.add_to_uses_after(value, add, after, &[constant, add]);
            }
        }
    }

    /// A detached op `name` of one `index` result.
    ///
    /// # Safety
    /// `operands` and `attributes` are alive in this emitter's context.
    unsafe fn index_op(
        &self,
        name: &str,
        operands: &[MlirValue],
        attributes: &[MlirNamedAttribute],
    ) -> MlirOperation {
        let ty = mlirIndexTypeGet(self.context);
        let mut state = mlirOperationStateGet(melior::StringRef::new(name).to_raw(), self.location);
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, 1, &ty);
        mlirOperationStateAddAttributes(&mut state, attributes.len() as isize, attributes.as_ptr());
        mlirOperationCreate(&mut state)
    }

    /// Inserts `ops` (in order, the last one `add`, which reads `value`) right after `after`, and
    /// makes every other use of `value` read `add`'s result; returns `add`.
    ///
    /// # Safety
    /// `ops` are detached, `after` is alive in a block.
    unsafe fn add_to_uses_after(
        &self,
        value: MlirValue,
        mut add: MlirOperation,
        after: MlirOperation,
        ops: &[MlirOperation],
    ) -> MlirOperation {
        let block = mlirOperationGetBlock(after);
        let mut previous = after;
        for &op in ops {
            mlirBlockInsertOwnedOperationAfter(block, previous, op);
            previous = op;
        }
        mlirValueReplaceAllUsesExcept(value, mlirOperationGetResult(add, 0), 1, &mut add);
        add
    }

    /// Sets `attributes` (name, text) on the task clone `op`.
    fn set_attributes(&self, op: MlirOperation, attributes: &[(&'static str, String)]) {
        for (name, text) in attributes {
            unsafe {
                mlirOperationSetAttributeByName(
                    op,
                    melior::StringRef::new(name).to_raw(),
                    attribute(self.context, text),
                )
            };
        }
    }

    /// Emits one task; returns its results.
    pub(super) fn task(
        &mut self,
        body: &Body,
        serial: MlirOperation,
        partitioned: &HashSet<ValueId>,
        captured: &[(MlirValue, MlirValue)],
    ) -> Vec<MlirValue> {
        match body {
            Body::Forward(operand) => vec![self.operand(operand, serial, partitioned)],
            Body::Part {
                operands,
                attributes,
                region,
            } => {
                let op = self.clone_on(serial, operands, partitioned);
                self.set_attributes(op, attributes);
                self.insert(op);
                vec![self.extract(Self::result(op), region)]
            }
            Body::Clone {
                operands,
                results,
                attributes,
                starts,
            } => {
                let op = self.clone_on(serial, operands, partitioned);
                unsafe {
                    for (r, shape) in results.iter().enumerate() {
                        let result = mlirOperationGetResult(op, r as isize);
                        mlirValueSetType(result, tensor_type(shape, element_type(result)));
                    }
                }
                self.set_attributes(op, attributes);
                self.insert(op);
                self.shift_indices(op, starts);
                recapture(op, captured);
                (0..results.len())
                    .map(|r| unsafe { mlirOperationGetResult(op, r as isize) })
                    .collect()
            }
        }
    }

    pub(super) fn graph_op(&mut self, plan: &OpPlan, device: i64, partitioned: &HashSet<ValueId>) {
        for (g, partial) in self.partials(plan, device, partitioned, |_| true) {
            let group = &plan.groups[g];
            let mut partial = partial;
            if let (Some(combine), true) = (plan.combine, group.devices.len() > 1) {
                let members: Vec<i64> = group.devices.iter().map(|&d| d + self.shift).collect();
                partial = self.all_reduce(partial, &members, combine);
            }
            self.write(
                ValueId::Result(plan.position, group.result),
                partial,
                &group.region,
                partitioned,
            );
        }
    }

    /// `par.all_reduce` of `value` over `members` (device ids as given).
    pub(super) fn all_reduce(
        &self,
        value: MlirValue,
        members: &[i64],
        combine: Combine,
    ) -> MlirValue {
        let op = self.build(
            names::ALL_REDUCE,
            &[value],
            &[unsafe { mlirValueGetType(value) }],
            &[
                ("group", attribute(self.context, &array_text(members))),
                (
                    "kind",
                    attribute(self.context, &format!("\"{}\"", combine.kind())),
                ),
            ],
        );
        Self::result(op)
    }

    /// The transfers (those `keep` selects), tasks and local combination of one graph op on `device`:
    /// per group of the op that `device` holds a part of, the device's partial result (its tasks'
    /// results combined), by group index; nothing is all-reduced or written.
    pub(super) fn partials(
        &mut self,
        plan: &OpPlan,
        device: i64,
        partitioned: &HashSet<ValueId>,
        keep: impl Fn(&Transfer) -> bool,
    ) -> Vec<(usize, MlirValue)> {
        let serial = self.ops[plan.position];
        self.anchor = self.fixed_anchor.unwrap_or(serial);
        self.location = unsafe { mlirOperationGetLocation(serial) };
        let transfers: Vec<Transfer> = plan.transfers.iter().filter(|t| keep(t)).cloned().collect();
        self.transfers(&transfers, device, partitioned);
        // The device's whole copies of captured values (all of it was received above).
        let runs = plan.tasks.iter().any(|task| task.device == device);
        let captured: Vec<(MlirValue, MlirValue)> = plan
            .captured
            .iter()
            .filter(|_| runs)
            .map(|&id| {
                let serial = self.serial_value(id);
                let read = match self.captures.get(&id) {
                    Some(&value) => value,
                    // A view replaces an operand, not what indices computed in the body address.
                    None if self.views.contains_key(&id) => serial,
                    None => self.copy(id, partitioned),
                };
                (serial, read)
            })
            .collect();
        let mut results: HashMap<usize, Vec<MlirValue>> = HashMap::new();
        for (t, task) in plan.tasks.iter().enumerate() {
            if task.device == device {
                let values = self.task(&task.body, serial, partitioned, &captured);
                results.insert(t, values);
            }
        }
        let mut out = Vec::new();
        for (g, group) in plan.groups.iter().enumerate() {
            if !group.devices.contains(&device) {
                continue;
            }
            let mut mine = group
                .tasks
                .iter()
                .filter_map(|t| results.get(t).map(|values| values[group.result]));
            let Some(mut partial) = mine.next() else {
                continue;
            };
            // Without a combiner, the group's tasks computed the same region redundantly.
            if let Some(combine) = plan.combine {
                let float = unsafe { mlirTypeIsAFloat(element_type(partial)) };
                for other in mine {
                    let op = self.build(
                        combine.arith_op(float),
                        &[partial, other],
                        &[unsafe { mlirValueGetType(partial) }],
                        &[],
                    );
                    partial = Self::result(op);
                }
            }
            out.push((g, partial));
        }
        out
    }
}

/// The `linalg.index` ops of the task clone `op`'s own body (not those of a structured op nested in
/// it), in pre-order.
fn own_indices(op: MlirOperation) -> Vec<MlirOperation> {
    let mut indices = Vec::new();
    unsafe { OperationRef::from_raw(op) }.walk(
        melior::ir::operation::WalkOrder::PreOrder,
        |inner: OperationRef| {
            if op_name(&inner) == "linalg.index" {
                indices.push(inner.to_raw());
            }
            melior::ir::operation::WalkResult::Advance
        },
    );
    indices.retain(|&index| {
        let mut parent = unsafe { mlirOperationGetParentOperation(index) };
        while !parent.ptr.is_null()
            && parent.ptr != op.ptr
            && !op_name(&unsafe { OperationRef::from_raw(parent) }).starts_with("linalg.")
        {
            parent = unsafe { mlirOperationGetParentOperation(parent) };
        }
        parent.ptr == op.ptr
    });
    indices
}

/// A clone of the serial graph op `serial` on `operands`, without its strategy attributes.
fn strip_clone(serial: MlirOperation, operands: &[MlirValue]) -> MlirOperation {
    unsafe {
        let op = mlirOperationClone(serial);
        for name in [names::CONFIG_ATTR, names::SPACE_ATTR, names::STAGE_ATTR] {
            mlirOperationRemoveAttributeByName(op, melior::StringRef::new(name).to_raw());
        }
        mlirOperationSetOperands(op, operands.len() as isize, operands.as_ptr());
        op
    }
}

/// Makes the ops nested in the task clone `op` read the device's copy of each captured value instead
/// of the serial value (`captured`: (serial, copy) pairs).
fn recapture(op: MlirOperation, captured: &[(MlirValue, MlirValue)]) {
    if captured.is_empty() {
        return;
    }
    for inner in nested_ops(op) {
        for i in 0..unsafe { mlirOperationGetNumOperands(inner) } {
            let value = unsafe { mlirOperationGetOperand(inner, i) };
            if let Some(&(_, copy)) = captured.iter().find(|(serial, _)| serial.ptr == value.ptr) {
                unsafe { mlirOperationSetOperand(inner, i, copy) };
            }
        }
    }
}
