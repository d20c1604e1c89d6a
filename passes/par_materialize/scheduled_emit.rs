//! Emission of a scheduled plan ([`super::scheduled`]): device `D` (replica `r`, replica-0 device
//! `D₀ = D − r·R`) runs the template of `D₀` with every peer and group member shifted by `r·R`.
//!
//! ```text
//! func @f_device<D>(args) {
//!   (ops without par.config, as in the serial function)
//!   prologue graph ops; transfers of prologue results the steps read
//!   stashes, accumulators, assembled results: the state the steps carry
//!   for each segment of D₀'s program (super::order): one step, or
//!   scf.for %i = 0 to trips iter_args(state) { the period's steps, micro-batch j = j₀ + %i·shift }
//!   messages after the last step
//!   accumulators: par.all_reduce over their group's devices of every replica, once
//!   epilogue graph ops; results gathered on device 0
//! }
//! ```
//!
//! **A step** (pass, stage, micro-batch `j`): its incoming messages and deferred sends in key order
//! (`super::order`); the values it reads from outside the micro-batches sliced to unit `u = r·m + j`
//! (`tensor.extract_slice` at `u·block` along the dims that follow the batch); the stage's recomputed
//! forward ops again when it is a backward; its ops, each as in a flat program but on one micro-batch
//! (device copies of one micro-batch's size); an op that reduces over the batch adds its partial
//! result into its accumulator instead of keeping it; a returned result is inserted into its assembled
//! copy at the unit's offset.
//!
//! **The stash** carries a value from the step that makes it on this device to a later step of the same
//! micro-batch (the backward reading the forward's activations, a send posted at a later boundary): a
//! tensor of `S` slots of the value's micro-batch shape, micro-batch `j` in slot `j mod S`, `S` the
//! fewest slots in which no two micro-batches alive at once share one. With recomputation the backward
//! rebuilds what the replayed ops make, and only the rest is stashed.

use super::{
    device::{self, DeviceFunction, Returns},
    emit::{element_type, tensor_type, Emitter},
    order::{Action, Instance, Kind, Program, Segment},
    scheduled::{body_operands as operands, kind_rank, Scheduled, StepOp},
    tasks::OpPlan,
};
use crate::{
    family::{cut::array_text, Combine, Operand, ValueId},
    ir::{self, parse_attribute as attribute},
    region::lengths,
};
use flexc_core::{schedule::Pass, DeviceId};
use flexc_dialects::names;
use mlir_sys::*;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// What a device carries between its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum State {
    Stash(ValueIdKey),
    /// Step op index, group index.
    Accumulator(usize, usize),
    Assembled(ValueIdKey),
}

/// A [`ValueId`] with an order (for deterministic state lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct ValueIdKey(u8, usize, usize);

impl From<ValueId> for ValueIdKey {
    fn from(id: ValueId) -> Self {
        match id {
            ValueId::Arg(i) => ValueIdKey(0, i, 0),
            ValueId::Result(p, r) => ValueIdKey(1, p, r),
        }
    }
}

impl ValueIdKey {
    fn id(self) -> ValueId {
        match self {
            ValueIdKey(0, i, _) => ValueId::Arg(i),
            ValueIdKey(_, p, r) => ValueId::Result(p, r),
        }
    }
}

/// The step ops each backward replays: per stage, the recomputed forward ops of that stage whose
/// results its backward reads (directly or through other replayed ops), in program order, and the
/// values they make.
pub(super) struct Replay {
    ops: HashMap<u32, Vec<usize>>,
    rebuilt: HashMap<u32, HashSet<ValueId>>,
}

/// The values a step op's tasks read (slices or whole copies), its transfers' values and its captures.
fn reads(plan: &OpPlan) -> Vec<ValueId> {
    let mut out = Vec::new();
    for task in &plan.tasks {
        for operand in operands(&task.body) {
            if let Operand::Slice(id, _) | Operand::Whole(id) = operand {
                out.push(*id);
            }
        }
    }
    out.extend(plan.transfers.iter().map(|t| t.value));
    out.extend(plan.captured.iter().copied());
    out
}

fn results(plan: &OpPlan) -> impl Iterator<Item = ValueId> + '_ {
    plan.groups
        .iter()
        .map(move |g| ValueId::Result(plan.position, g.result))
}

pub(super) fn replay(plan: &Scheduled) -> Replay {
    let mut ops = HashMap::new();
    let mut rebuilt = HashMap::new();
    for stage in 0..plan.schedule.virtual_stages() {
        let backward = Kind {
            pass: Pass::Backward,
            stage,
        };
        let forward = Kind {
            pass: Pass::Forward,
            stage,
        };
        let mut needed: HashSet<ValueId> = plan
            .steps
            .iter()
            .filter(|s| s.kind == backward)
            .flat_map(|s| reads(&s.plan))
            .collect();
        let mut chosen = Vec::new();
        for (i, step) in plan.steps.iter().enumerate().rev() {
            if step.kind == forward
                && step.recomputed
                && !step.accumulate
                && results(&step.plan).any(|v| needed.contains(&v))
            {
                chosen.push(i);
                needed.extend(reads(&step.plan));
            }
        }
        chosen.reverse();
        let made: HashSet<ValueId> = chosen
            .iter()
            .flat_map(|&i| results(&plan.steps[i].plan).collect::<Vec<_>>())
            .collect();
        ops.insert(stage, chosen);
        rebuilt.insert(stage, made);
    }
    Replay { ops, rebuilt }
}

/// What one replica-0 device loads from and stores to its stash in each step kind, and the slots.
struct Keeping {
    loads: HashMap<Kind, Vec<ValueId>>,
    stores: HashMap<Kind, Vec<ValueId>>,
    slots: BTreeMap<ValueIdKey, u32>,
}

fn keeping(plan: &Scheduled, replay: &Replay, device: i64, program: &Program) -> Keeping {
    let touches = touches(plan, replay, device);
    let (loads, stores) = loads_and_stores(plan, replay, program, &touches);
    let slots = stash_slots(plan, program, &loads, &stores);
    Keeping {
        loads,
        stores,
        slots,
    }
}

/// What one replica-0 device's step kinds do with per-micro-batch values.
struct Touches {
    /// Per step kind: the values it reads (its tasks' operands and captures, what it sends).
    uses: HashMap<Kind, BTreeSet<ValueIdKey>>,
    /// Per step kind: the values it makes (its groups' results, what it receives).
    defs: HashMap<Kind, BTreeSet<ValueIdKey>>,
    /// Values the device sends in a message between steps.
    sent: HashSet<ValueId>,
    /// The step kind that first makes each value (replays not counted).
    made_in: HashMap<ValueId, Kind>,
}

/// The per-micro-batch values `device`'s step kinds read and make, replays included (a backward
/// reads and makes what it recomputes).
fn touches(plan: &Scheduled, replay: &Replay, device: i64) -> Touches {
    let per_mb = |id: &ValueId| plan.per_micro_batch.contains(id);
    let mut uses: HashMap<Kind, BTreeSet<ValueIdKey>> = HashMap::new();
    let mut defs: HashMap<Kind, BTreeSet<ValueIdKey>> = HashMap::new();
    let mut sent: HashSet<ValueId> = HashSet::new();
    let mut made_in: HashMap<ValueId, Kind> = HashMap::new();
    // One op of a step (replayed: only its transfers of rebuilt values count).
    let mut account = |kind: Kind, step: &StepOp, only: Option<&HashSet<ValueId>>| {
        let p = &step.plan;
        for task in p.tasks.iter().filter(|t| t.device == device) {
            for operand in operands(&task.body) {
                if let Operand::Slice(id, _) | Operand::Whole(id) = operand {
                    if per_mb(id) {
                        uses.entry(kind).or_default().insert((*id).into());
                    }
                }
            }
            for id in &p.captured {
                if per_mb(id) {
                    uses.entry(kind).or_default().insert((*id).into());
                }
            }
        }
        for t in &p.transfers {
            if only.is_some_and(|set| !set.contains(&t.value)) || !per_mb(&t.value) {
                continue;
            }
            if t.from == device {
                uses.entry(kind).or_default().insert(t.value.into());
            }
            if t.to == device {
                defs.entry(kind).or_default().insert(t.value.into());
            }
        }
        if !step.accumulate {
            for g in p.groups.iter().filter(|g| g.devices.contains(&device)) {
                let id = ValueId::Result(p.position, g.result);
                defs.entry(kind).or_default().insert(id.into());
                if only.is_none() {
                    made_in.entry(id).or_insert(kind);
                }
            }
        }
    };
    for step in &plan.steps {
        account(step.kind, step, None);
    }
    for (stage, list) in &replay.ops {
        let kind = Kind {
            pass: Pass::Backward,
            stage: *stage,
        };
        for &i in list {
            account(kind, &plan.steps[i], Some(&replay.rebuilt[stage]));
        }
    }
    for (m, c) in plan.messages.iter().zip(&plan.cross) {
        let id = c.transfer.value;
        if i64::from(m.to) == device {
            defs.entry(m.consumer).or_default().insert(id.into());
        }
        if i64::from(m.from) == device {
            sent.insert(id);
        }
    }
    Touches {
        uses,
        defs,
        sent,
        made_in,
    }
}

/// Per step kind of `program`: the per-micro-batch values it loads from the stash (read there,
/// made by an earlier kind, not rebuilt by its replay) and those it stores (a later kind loads them,
/// or a message between steps sends them from where they are made).
fn loads_and_stores(
    plan: &Scheduled,
    replay: &Replay,
    program: &Program,
    touches: &Touches,
) -> (HashMap<Kind, Vec<ValueId>>, HashMap<Kind, Vec<ValueId>>) {
    let Touches {
        uses,
        defs,
        sent,
        made_in,
    } = touches;
    let stages = plan.schedule.virtual_stages();
    // The kinds of this device's program, in the order one micro-batch runs them.
    let mut kinds: Vec<Kind> = program.instances.iter().map(|i| i.kind).collect();
    kinds.sort_by_key(|k| kind_rank(*k, stages));
    kinds.dedup();
    let empty = BTreeSet::new();
    let mut loads: HashMap<Kind, Vec<ValueId>> = HashMap::new();
    let mut stores: HashMap<Kind, Vec<ValueId>> = HashMap::new();
    for (i, &kind) in kinds.iter().enumerate() {
        let rebuilt = match kind.pass {
            Pass::Backward => replay.rebuilt.get(&kind.stage),
            Pass::Forward => None,
        };
        let touched: BTreeSet<ValueIdKey> = uses
            .get(&kind)
            .unwrap_or(&empty)
            .union(defs.get(&kind).unwrap_or(&empty))
            .copied()
            .collect();
        for key in touched {
            let id = key.id();
            if rebuilt.is_some_and(|r| r.contains(&id)) {
                continue;
            }
            if kinds[..i]
                .iter()
                .any(|k| defs.get(k).is_some_and(|d| d.contains(&key)))
            {
                loads.entry(kind).or_default().push(id);
            }
        }
    }
    for (i, &kind) in kinds.iter().enumerate() {
        for &key in defs.get(&kind).unwrap_or(&empty) {
            let id = key.id();
            let later = kinds[i + 1..]
                .iter()
                .any(|k| loads.get(k).is_some_and(|l| l.contains(&id)));
            let sends = sent.contains(&id) && made_in.get(&id) == Some(&kind);
            if later || sends {
                stores.entry(kind).or_default().push(id);
            }
        }
    }
    (loads, stores)
}

/// The values that `actions` send, each with its micro-batch.
fn sent_values<'a>(
    plan: &'a Scheduled,
    actions: &'a [Action],
) -> impl Iterator<Item = (ValueId, u32)> + 'a {
    actions.iter().filter_map(|action| match *action {
        Action::Send {
            message,
            micro_batch,
        } => Some((plan.cross[message].transfer.value, micro_batch)),
        Action::Recv { .. } => None,
    })
}

/// The slots of each stashed value: the fewest in which no two micro-batches alive at once (from
/// the step that stores one to the last that loads or sends it) share one.
fn stash_slots(
    plan: &Scheduled,
    program: &Program,
    loads: &HashMap<Kind, Vec<ValueId>>,
    stores: &HashMap<Kind, Vec<ValueId>>,
) -> BTreeMap<ValueIdKey, u32> {
    // Slots: the live range of every (value, micro-batch) over the program's steps.
    let mut ranges: BTreeMap<ValueIdKey, BTreeMap<u32, (usize, usize)>> = BTreeMap::new();
    let mut touch = |id: ValueId, j: u32, at: usize, start: bool| {
        let range = ranges.entry(id.into()).or_default();
        match range.get_mut(&j) {
            Some(r) => r.1 = r.1.max(at),
            None if start => {
                range.insert(j, (at, at));
            }
            None => {}
        }
    };
    for (at, instance) in program.instances.iter().enumerate() {
        for (id, j) in sent_values(plan, &instance.head) {
            touch(id, j, at, false);
        }
        for &id in loads.get(&instance.kind).into_iter().flatten() {
            touch(id, instance.micro_batch, at, false);
        }
        for &id in stores.get(&instance.kind).into_iter().flatten() {
            touch(id, instance.micro_batch, at, true);
        }
    }
    let tail = program.instances.len();
    for (id, j) in sent_values(plan, &program.tail) {
        touch(id, j, tail, false);
    }
    let m = plan.schedule.micro_batches.max(1);
    ranges
        .into_iter()
        .map(|(key, live)| {
            let fits = |s: u32| {
                live.iter().all(|(&a, ra)| {
                    live.iter()
                        .all(|(&b, rb)| a == b || a % s != b % s || ra.1 < rb.0 || rb.1 < ra.0)
                })
            };
            let s = (1..=m).find(|&s| fits(s)).unwrap_or(m);
            (key, s)
        })
        .collect()
}

/// A static or SSA offset of a slice.
#[derive(Clone, Copy)]
enum Offset {
    Static(i64),
    Dynamic(MlirValue),
}

/// The scheduled emitter of one device.
struct Device<'p> {
    e: Emitter,
    plan: &'p Scheduled,
    replay: &'p Replay,
    keep: Keeping,
    /// Replica-0 device and this device's replica.
    d0: i64,
    replica: u32,
    state: BTreeMap<State, MlirValue>,
    /// Per step kind: the arguments and replicated values its ops read that follow the batch.
    outside: HashMap<Kind, Vec<ValueId>>,
    /// The module's body (helpers are added there).
    module_body: MlirBlock,
    /// ZeRO-3: this device's part of each split weight argument, by argument index.
    shards: HashMap<usize, MlirValue>,
}

impl Device<'_> {
    fn index_type(&self) -> MlirType {
        unsafe { mlirIndexTypeGet(self.e.context) }
    }

    fn index(&self, value: i64) -> MlirValue {
        let ty = self.index_type();
        let op = self.e.build(
            "arith.constant",
            &[],
            &[ty],
            &[("value", unsafe { mlirIntegerAttrGet(ty, value) })],
        );
        Emitter::result(op)
    }

    fn arith(&self, name: &str, a: MlirValue, b: MlirValue) -> MlirValue {
        let op = self.e.build(name, &[a, b], &[self.index_type()], &[]);
        Emitter::result(op)
    }

    fn slice_attributes(
        &self,
        offsets: &[Offset],
        sizes: &[i64],
        segments: &str,
    ) -> Vec<(&'static str, MlirAttribute)> {
        let statics: Vec<i64> = offsets
            .iter()
            .map(|o| match o {
                Offset::Static(v) => *v,
                Offset::Dynamic(_) => i64::MIN,
            })
            .collect();
        vec![
            (
                "static_offsets",
                attribute(self.e.context, &array_text(&statics)),
            ),
            (
                "static_sizes",
                attribute(self.e.context, &array_text(sizes)),
            ),
            (
                "static_strides",
                attribute(self.e.context, &array_text(&vec![1; sizes.len()])),
            ),
            ("operandSegmentSizes", attribute(self.e.context, segments)),
        ]
    }

    fn dynamic(offsets: &[Offset]) -> Vec<MlirValue> {
        offsets
            .iter()
            .filter_map(|o| match o {
                Offset::Dynamic(v) => Some(*v),
                Offset::Static(_) => None,
            })
            .collect()
    }

    /// `tensor.extract_slice` of `sizes` at `offsets`, of result shape `shape` (unit dims dropped).
    fn extract(
        &self,
        source: MlirValue,
        offsets: &[Offset],
        sizes: &[i64],
        shape: &[i64],
    ) -> MlirValue {
        let dynamic = Self::dynamic(offsets);
        let mut operands = vec![source];
        operands.extend(&dynamic);
        let segments = format!("array<i32: 1, {}, 0, 0>", dynamic.len());
        let op = self.e.build(
            "tensor.extract_slice",
            &operands,
            &[tensor_type(shape, element_type(source))],
            &self.slice_attributes(offsets, sizes, &segments),
        );
        Emitter::result(op)
    }

    /// `tensor.insert_slice` of `piece` into `into` at `offsets` with `sizes`.
    fn insert(
        &self,
        piece: MlirValue,
        into: MlirValue,
        offsets: &[Offset],
        sizes: &[i64],
    ) -> MlirValue {
        let dynamic = Self::dynamic(offsets);
        let mut operands = vec![piece, into];
        operands.extend(&dynamic);
        let segments = format!("array<i32: 1, 1, {}, 0, 0>", dynamic.len());
        let op = self.e.build(
            "tensor.insert_slice",
            &operands,
            &[unsafe { mlirValueGetType(into) }],
            &self.slice_attributes(offsets, sizes, &segments),
        );
        Emitter::result(op)
    }

    fn serial_shape(&self, id: ValueId) -> Vec<i64> {
        crate::family::cut::shape_of(self.serial(id)).unwrap_or_default()
    }

    /// The serial value (in this device's clone of the body).
    fn serial(&self, id: ValueId) -> MlirValue {
        self.e.serial_value(id)
    }

    /// Slot `j mod S` of `id`'s stash.
    fn slot(&self, id: ValueId, j: MlirValue) -> MlirValue {
        let slots = self.keep.slots.get(&id.into()).copied().unwrap_or(1);
        let s = self.index(i64::from(slots));
        self.arith("arith.remui", j, s)
    }

    fn micro_shape(&self, id: ValueId) -> Vec<i64> {
        self.plan.micro_shape(id, &self.serial_shape(id))
    }

    /// Micro-batch `j`'s place in `id`'s stash: the offsets and sizes of its slot, and the shape
    /// of one micro-batch's copy.
    fn stash_slot(&self, id: ValueId, j: MlirValue) -> (Vec<Offset>, Vec<i64>, Vec<i64>) {
        let shape = self.micro_shape(id);
        let slot = self.slot(id, j);
        let mut offsets = vec![Offset::Dynamic(slot)];
        offsets.extend(shape.iter().map(|_| Offset::Static(0)));
        let mut sizes = vec![1];
        sizes.extend(&shape);
        (offsets, sizes, shape)
    }

    /// Micro-batch `j`'s copy of `id` from its stash.
    fn unstash(&self, id: ValueId, j: MlirValue) -> MlirValue {
        let stash = self.state[&State::Stash(id.into())];
        let (offsets, sizes, shape) = self.stash_slot(id, j);
        self.extract(stash, &offsets, &sizes, &shape)
    }

    /// Stores micro-batch `j`'s copy of `id` (`value`) in its stash.
    fn stash(&mut self, id: ValueId, value: MlirValue, j: MlirValue) {
        let key = State::Stash(id.into());
        let stash = self.state[&key];
        let (offsets, sizes, _) = self.stash_slot(id, j);
        let stored = self.insert(value, stash, &offsets, &sizes);
        self.state.insert(key, stored);
    }

    /// The offsets of micro-batch unit `unit`'s block of `id` (plus `region`'s start).
    fn unit_offsets(&self, id: ValueId, region_start: &[i64], unit: MlirValue) -> Vec<Offset> {
        let blocks = self.plan.blocks.get(&id);
        region_start
            .iter()
            .enumerate()
            .map(|(k, &start)| match blocks.and_then(|b| b[k]) {
                Some(block) => {
                    let b = self.index(block);
                    let mut at = self.arith("arith.muli", unit, b);
                    if start != 0 {
                        let s = self.index(start);
                        at = self.arith("arith.addi", at, s);
                    }
                    Offset::Dynamic(at)
                }
                None => Offset::Static(start),
            })
            .collect()
    }

    /// Runs one step: `instance` with micro-batch `j`.
    fn step(&mut self, instance: &Instance, j: MlirValue) {
        let plan = self.plan;
        let kind = instance.kind;
        self.e.location = unsafe { mlirOperationGetLocation(self.e.ops[plan.return_position]) };
        // Fresh copies of this micro-batch's values.
        for id in &plan.per_micro_batch {
            self.e.local.remove(id);
            self.e.pieces.remove(id);
        }
        self.e.views.clear();
        let m = i64::from(plan.schedule.micro_batches.max(1));
        let base = self.index(i64::from(self.replica) * m);
        let unit = self.arith("arith.addi", base, j);
        let mut rederived: HashMap<usize, MlirValue> = HashMap::new();
        let outside = self.outside.get(&kind).cloned().unwrap_or_default();
        for id in outside {
            // ZeRO-3: a weight (or what ops without par.config compute from one) gathered again.
            let source = self.rederive(self.serial(id), &mut rederived);
            if !plan.blocks.contains_key(&id) {
                self.e.views.insert(id, source);
                continue;
            }
            let shape = self.serial_shape(id);
            let micro = self.micro_shape(id);
            let offsets = self.unit_offsets(id, &vec![0; shape.len()], unit);
            let view = self.extract(source, &offsets, &micro, &micro);
            self.e.views.insert(id, view);
        }
        for &id in self.keep.loads.get(&kind).into_iter().flatten() {
            let value = self.unstash(id, j);
            self.e.local.insert(id, value);
        }
        let partitioned = &plan.partitioned;
        for action in &instance.head {
            match *action {
                Action::Recv { message, .. } => {
                    let t = plan.cross[message].transfer.clone();
                    self.e.transfers(&[t], self.d0, partitioned);
                }
                Action::Send {
                    message,
                    micro_batch,
                } => {
                    let t = &plan.cross[message].transfer;
                    // Micro-batch `micro_batch` is `j` moved by the same amount as the step's.
                    let delta = i64::from(micro_batch) - i64::from(instance.micro_batch);
                    let jj = if delta == 0 {
                        j
                    } else {
                        let d = self.index(delta);
                        self.arith("arith.addi", j, d)
                    };
                    let copy = self.unstash(t.value, jj);
                    let piece = self.e.extract(copy, &t.region);
                    self.send(piece, t.to, t.tag);
                }
            }
        }
        self.e.captures.clear();
        if kind.pass == Pass::Backward {
            let rebuilt = self
                .replay
                .rebuilt
                .get(&kind.stage)
                .cloned()
                .unwrap_or_default();
            for &i in self.replay.ops.get(&kind.stage).into_iter().flatten() {
                let step = &plan.steps[i];
                self.present_captures(&step.plan, unit);
                self.index_offsets(step, unit);
                let partials = self.e.partials(&step.plan, self.d0, partitioned, |t| {
                    rebuilt.contains(&t.value)
                });
                self.keep_partials(i, partials, unit, false);
            }
        }
        for (i, step) in plan.steps.iter().enumerate() {
            if step.kind != kind {
                continue;
            }
            self.present_captures(&step.plan, unit);
            self.index_offsets(step, unit);
            let partials = self.e.partials(&step.plan, self.d0, partitioned, |_| true);
            self.keep_partials(i, partials, unit, true);
        }
        self.e.index_offsets.clear();
        self.e.location = unsafe { mlirOperationGetLocation(self.e.ops[plan.return_position]) };
        let stores = self.keep.stores.get(&kind).cloned().unwrap_or_default();
        for id in stores {
            let value = self.e.copy(id, partitioned);
            self.stash(id, value, j);
        }
    }

    /// The offsets of a step op's loops that follow the batch: unit `u`'s first sample, `u·block`.
    fn index_offsets(&mut self, step: &StepOp, unit: MlirValue) {
        self.e.index_offsets = step
            .batch_blocks
            .iter()
            .map(|b| {
                b.map(|b| {
                    let block = self.index(b);
                    self.arith("arith.muli", unit, block)
                })
            })
            .collect();
    }

    /// Values a step op reads through indices computed in its body (a gather's table) are read in the
    /// serial program's coordinates, which those indices are in: a per-micro-batch value as its copy
    /// inserted at the unit's offset into a tensor of the serial shape (the rest undefined, as no
    /// index of this micro-batch reaches it).
    fn present_captures(&mut self, op: &OpPlan, unit: MlirValue) {
        for &id in &op.captured {
            if !self.plan.per_micro_batch.contains(&id) || self.e.captures.contains_key(&id) {
                continue;
            }
            let Some(blocks) = self.plan.blocks.get(&id) else {
                continue;
            };
            if blocks.iter().all(Option::is_none) {
                continue;
            }
            let copy = self.e.copy(id, &self.plan.partitioned);
            let ty = unsafe { mlirValueGetType(self.serial(id)) };
            let whole = Emitter::result(self.e.build("tensor.empty", &[], &[ty], &[]));
            let shape = self.micro_shape(id);
            let offsets = self.unit_offsets(id, &vec![0; shape.len()], unit);
            let placed = self.insert(copy, whole, &offsets, &shape);
            self.e.captures.insert(id, placed);
        }
    }

    /// What a step op's partial results become: accumulated, or all-reduced within the step and
    /// written (and, for a returned result, inserted into its assembled copy).
    fn keep_partials(
        &mut self,
        step: usize,
        partials: Vec<(usize, MlirValue)>,
        unit: MlirValue,
        first_run: bool,
    ) {
        let plan = self.plan;
        let op = &plan.steps[step];
        for (g, partial) in partials {
            let group = &op.plan.groups[g];
            let id = ValueId::Result(op.plan.position, group.result);
            if op.accumulate {
                // A device whose tasks repeat another's adds nothing (the group sums partials).
                let contributes = group.tasks.iter().any(|&t| {
                    let task = &op.plan.tasks[t];
                    task.device == self.d0 && task.distinct
                });
                if !first_run || !contributes {
                    continue;
                }
                let key = State::Accumulator(step, g);
                let acc = self.state[&key];
                let combine = op.plan.combine.expect("an accumulating op has a combiner");
                let partial = match (plan.zero.level, plan.zero.scatter.get(&(step, g))) {
                    (2 | 3, Some(&dim)) => {
                        let members = self.replica_members();
                        self.reduce_scatter(partial, &members, dim, combine)
                    }
                    _ => partial,
                };
                let sum = self.accumulate(acc, partial, combine);
                self.state.insert(key, sum);
                continue;
            }
            let mut value = partial;
            if let (Some(combine), true) = (op.plan.combine, group.devices.len() > 1) {
                let members: Vec<i64> = group.devices.iter().map(|&d| d + self.e.shift).collect();
                value = self.e.all_reduce(value, &members, combine);
            }
            self.e.write(id, value, &group.region, &plan.partitioned);
            if first_run && plan.assembled.contains(&id) {
                let key = State::Assembled(id.into());
                let into = self.state[&key];
                let starts: Vec<i64> = group.region.iter().map(|r| r.0).collect();
                let offsets = self.unit_offsets(id, &starts, unit);
                let assembled = self.insert(value, into, &offsets, &lengths(&group.region));
                self.state.insert(key, assembled);
            }
        }
    }

    /// `value` as this step computes it under ZeRO-3: a split weight argument all-gathered over the
    /// replicas (member `r` holds part `r`); a value that ops without `par.config` compute from one,
    /// computed again from the gathered weights (those ops cloned here); anything else itself.
    fn rederive(&mut self, value: MlirValue, done: &mut HashMap<usize, MlirValue>) -> MlirValue {
        if self.plan.zero.weights.is_empty() {
            return value;
        }
        let key = ir::value_key(value);
        if let Some(&v) = done.get(&key) {
            return v;
        }
        let result = unsafe {
            if mlirValueIsABlockArgument(value) {
                let index = mlirBlockArgumentGetArgNumber(value) as usize;
                match (self.plan.zero.weights.get(&index), self.shards.get(&index)) {
                    (Some(&dim), Some(&shard)) => {
                        let members = self.replica_members();
                        self.all_gather(shard, &members, dim, mlirValueGetType(value))
                    }
                    _ => value,
                }
            } else {
                let op = mlirOpResultGetOwner(value);
                let inputs: Vec<MlirValue> = (0..mlirOperationGetNumOperands(op))
                    .map(|i| mlirOperationGetOperand(op, i))
                    .collect();
                let top_level = mlirOperationGetBlock(op).ptr == self.e.body.ptr;
                let mapped: Vec<MlirValue> = if top_level {
                    inputs.iter().map(|&v| self.rederive(v, done)).collect()
                } else {
                    inputs.clone()
                };
                if mapped.iter().zip(&inputs).all(|(a, b)| a.ptr == b.ptr) {
                    value
                } else {
                    let clone = mlirOperationClone(op);
                    mlirOperationSetOperands(clone, mapped.len() as isize, mapped.as_ptr());
                    self.e.insert(clone);
                    let r = (0..mlirOperationGetNumResults(op))
                        .find(|&r| mlirOperationGetResult(op, r).ptr == value.ptr)
                        .unwrap_or(0);
                    for i in 0..mlirOperationGetNumResults(op) {
                        done.insert(
                            ir::value_key(mlirOperationGetResult(op, i)),
                            mlirOperationGetResult(clone, i),
                        );
                    }
                    mlirOperationGetResult(clone, r)
                }
            }
        };
        done.insert(key, result);
        result
    }

    /// The replica copies of this device, ascending: the group of its ZeRO collectives.
    fn replica_members(&self) -> Vec<i64> {
        let r = self.plan.replica_width.max(1);
        (0..self.plan.schedule.replicas.max(1))
            .map(|rr| self.d0 + i64::from(rr * r))
            .collect()
    }

    fn all_gather(
        &self,
        part: MlirValue,
        members: &[i64],
        dim: usize,
        whole: MlirType,
    ) -> MlirValue {
        let op = self.e.build(
            names::ALL_GATHER,
            &[part],
            &[whole],
            &[
                ("group", attribute(self.e.context, &array_text(members))),
                ("dim", attribute(self.e.context, &format!("{dim} : i64"))),
            ],
        );
        Emitter::result(op)
    }

    fn reduce_scatter(
        &self,
        whole: MlirValue,
        members: &[i64],
        dim: usize,
        combine: Combine,
    ) -> MlirValue {
        let mut shape = crate::family::cut::shape_of(whole).unwrap_or_default();
        shape[dim] /= members.len() as i64;
        let op = self.e.build(
            names::REDUCE_SCATTER,
            &[whole],
            &[tensor_type(&shape, element_type(whole))],
            &[
                ("group", attribute(self.e.context, &array_text(members))),
                ("dim", attribute(self.e.context, &format!("{dim} : i64"))),
                (
                    "kind",
                    attribute(self.e.context, &format!("\"{}\"", combine.kind())),
                ),
            ],
        );
        Emitter::result(op)
    }

    /// `acc ⊕ x` written into `acc` (destination-passing: a loop's carried accumulator stays one
    /// buffer through bufferization): a call of a private helper holding the `linalg.generic`, which
    /// the lowerings inline.
    fn accumulate(&self, acc: MlirValue, x: MlirValue, combine: Combine) -> MlirValue {
        let ty = unsafe { mlirValueGetType(acc) };
        let text = ir::type_text(ty);
        let shape = crate::family::cut::shape_of(acc).unwrap_or_default();
        let element = ir::tensor_shape(ty).map(|s| s.element).unwrap_or_default();
        let float = unsafe { mlirTypeIsAFloat(element_type(acc)) };
        let dims: Vec<String> = (0..shape.len()).map(|k| format!("d{k}")).collect();
        let map = format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", "));
        let iterators = vec!["\"parallel\""; shape.len()].join(", ");
        let name = format!(
            "__flexc_accumulate_{}_{}{element}",
            combine.kind(),
            shape.iter().map(|d| format!("{d}x")).collect::<String>()
        );
        let function = format!(
            "func.func private @{name}(%acc: {text}, %x: {text}) -> {text} {{\n  %r = linalg.generic {{indexing_maps = [{map}, {map}], iterator_types = [{iterators}]}} ins(%x : {text}) outs(%acc : {text}) {{\n  ^bb0(%in: {element}, %out: {element}):\n    %s = {} %out, %in : {element}\n    linalg.yield %s : {element}\n  }} -> {text}\n  return %r : {text}\n}}",
            combine.arith_op(float)
        );
        define_helper(self.e.context, self.module_body, &name, &function);
        let callee = unsafe {
            mlirFlatSymbolRefAttrGet(self.e.context, melior::StringRef::new(&name).to_raw())
        };
        let call = self
            .e
            .build("func.call", &[acc, x], &[ty], &[("callee", callee)]);
        Emitter::result(call)
    }

    fn send(&self, piece: MlirValue, to: i64, tag: i64) {
        let context = self.e.context;
        self.e.build(
            names::SEND,
            &[piece],
            &[],
            &[
                (
                    "peer",
                    attribute(context, &format!("{} : i64", to + self.e.shift)),
                ),
                ("tag", attribute(context, &format!("{tag} : i64"))),
            ],
        );
    }

    /// The state's values in key order.
    fn state_values(&self) -> (Vec<State>, Vec<MlirValue>) {
        self.state.iter().map(|(k, v)| (*k, *v)).unzip()
    }

    /// One segment of the program.
    fn segment(&mut self, program: &Program, segment: Segment) {
        match segment {
            Segment::Once(i) => {
                let instance = &program.instances[i];
                let j = self.index(i64::from(instance.micro_batch));
                self.step(instance, j);
            }
            Segment::Loop {
                start,
                period,
                trips,
                shift,
            } => {
                let (keys, inits) = self.state_values();
                let lower = self.index(0);
                let upper = self.index(i64::from(trips));
                let one = self.index(1);
                let (for_op, body, iv, args) = self.build_for(lower, upper, one, &inits);
                let yield_op =
                    ir::create_op(self.e.context, "scf.yield", self.e.location, &[], &[], &[]);
                unsafe { mlirBlockAppendOwnedOperation(body, yield_op) };
                let outer = (self.e.block, self.e.anchor, self.e.fixed_anchor);
                let outer_local = self.e.local.clone();
                let outer_pieces = self.e.pieces.clone();
                self.e.block = body;
                self.e.anchor = yield_op;
                self.e.fixed_anchor = Some(yield_op);
                for (k, a) in keys.iter().zip(&args) {
                    self.state.insert(*k, *a);
                }
                let step = self.index(i64::from(shift));
                let advanced = self.arith("arith.muli", iv, step);
                for k in 0..period {
                    let instance = &program.instances[start + k];
                    let base = self.index(i64::from(instance.micro_batch));
                    let j = self.arith("arith.addi", base, advanced);
                    self.step(instance, j);
                }
                let yielded: Vec<MlirValue> = keys.iter().map(|k| self.state[k]).collect();
                unsafe {
                    mlirOperationSetOperands(yield_op, yielded.len() as isize, yielded.as_ptr())
                };
                (self.e.block, self.e.anchor, self.e.fixed_anchor) = outer;
                self.e.local = outer_local;
                self.e.pieces = outer_pieces;
                self.e.views.clear();
                for (r, k) in keys.iter().enumerate() {
                    self.state
                        .insert(*k, unsafe { mlirOperationGetResult(for_op, r as isize) });
                }
            }
        }
    }

    /// An `scf.for` before the anchor; its body block (without terminator), induction variable and
    /// iteration arguments.
    fn build_for(
        &self,
        lower: MlirValue,
        upper: MlirValue,
        step: MlirValue,
        inits: &[MlirValue],
    ) -> (MlirOperation, MlirBlock, MlirValue, Vec<MlirValue>) {
        unsafe {
            let mut types = vec![self.index_type()];
            types.extend(inits.iter().map(|v| mlirValueGetType(*v)));
            let locations = vec![self.e.location; types.len()];
            let body = mlirBlockCreate(types.len() as isize, types.as_ptr(), locations.as_ptr());
            let region = mlirRegionCreate();
            mlirRegionAppendOwnedBlock(region, body);
            let mut state =
                mlirOperationStateGet(melior::StringRef::new("scf.for").to_raw(), self.e.location);
            let mut operands = vec![lower, upper, step];
            operands.extend(inits);
            mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
            let results: Vec<MlirType> = inits.iter().map(|v| mlirValueGetType(*v)).collect();
            mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
            let mut regions = [region];
            mlirOperationStateAddOwnedRegions(&mut state, 1, regions.as_mut_ptr());
            let op = mlirOperationCreate(&mut state);
            self.e.insert(op);
            let iv = mlirBlockGetArgument(body, 0);
            let args = (1..types.len())
                .map(|i| mlirBlockGetArgument(body, i as isize))
                .collect();
            (op, body, iv, args)
        }
    }
}

/// Adds the private function `text` named `name` to the module (once).
fn define_helper(context: MlirContext, module_body: MlirBlock, name: &str, text: &str) {
    let exists = unsafe { ir::block_ops(module_body) }
        .into_iter()
        .any(|op| ir::op_name(op) == "func.func" && ir::symbol_name(op) == name);
    if exists {
        return;
    }
    let wrapped = format!("module {{\n{text}\n}}");
    unsafe {
        let parsed = mlirOperationCreateParse(
            context,
            melior::StringRef::new(&wrapped).to_raw(),
            melior::StringRef::new("par-materialize").to_raw(),
        );
        // The text is ours: a parse failure is a flexc bug.
        assert!(
            !parsed.ptr.is_null(),
            "par-materialize built unparsable IR:\n{wrapped}"
        );
        for function in ir::top_level_ops(parsed) {
            mlirOperationRemoveFromParent(function);
            mlirBlockAppendOwnedOperation(module_body, function);
        }
        mlirOperationDestroy(parsed);
    }
}

/// The arguments and replicated values the ops of each step kind read that follow the batch.
fn outside_values(plan: &Scheduled, replay: &Replay) -> HashMap<Kind, Vec<ValueId>> {
    let mut out: HashMap<Kind, BTreeSet<ValueIdKey>> = HashMap::new();
    let mut add = |kind: Kind, p: &OpPlan| {
        let mut read: Vec<ValueId> = Vec::new();
        for task in &p.tasks {
            for operand in operands(&task.body) {
                if let Operand::Slice(id, _) | Operand::Whole(id) = operand {
                    read.push(*id);
                }
            }
        }
        for id in read {
            let weight = match id {
                ValueId::Arg(a) => plan.zero.weights.contains_key(&a),
                // A value of an op without par.config may be computed from a split weight.
                ValueId::Result(..) => !plan.zero.weights.is_empty(),
            };
            if !plan.partitioned.contains(&id) && (plan.blocks.contains_key(&id) || weight) {
                out.entry(kind).or_default().insert(id.into());
            }
        }
    };
    for step in &plan.steps {
        add(step.kind, &step.plan);
    }
    for (stage, list) in &replay.ops {
        for &i in list {
            add(
                Kind {
                    pass: Pass::Backward,
                    stage: *stage,
                },
                &plan.steps[i].plan,
            );
        }
    }
    out.into_iter()
        .map(|(k, set)| (k, set.into_iter().map(ValueIdKey::id).collect()))
        .collect()
}

/// Adds `@<f>_device<device>` after `after` (`super::device`); returns it. The phases of the module
/// doc, in order.
pub(super) unsafe fn emit_device(
    function: MlirOperation,
    after: MlirOperation,
    plan: &Scheduled,
    replay: &Replay,
    device: u32,
) -> MlirOperation {
    let module_body = mlirOperationGetBlock(function);
    let DeviceFunction { op, ret, emitter } =
        device::open(function, after, DeviceId(device), plan.return_position);
    let mut dev = Device::new(emitter, ret, plan, replay, device, module_body);
    dev.prologue(ret);
    dev.open_state();
    dev.shard_weights();
    let (program, segments) = &plan.programs[dev.d0 as usize];
    for &segment in segments {
        dev.segment(program, segment);
    }
    dev.tail(program);
    dev.synchronize_accumulators();
    dev.epilogue(ret, device);
    // The results, gathered on device 0 (planned with every replica's devices).
    let mut graph_ops: Vec<usize> = plan
        .partitioned
        .iter()
        .filter_map(|id| match id {
            ValueId::Result(p, _) => Some(*p),
            ValueId::Arg(_) => None,
        })
        .collect();
    graph_ops.sort_unstable();
    graph_ops.dedup();
    let returns = Returns {
        transfers: &plan.return_transfers,
        returned: &plan.returned,
        partitioned: &plan.partitioned,
        graph_ops: &graph_ops,
    };
    device::close(op, ret, dev.e, i64::from(device), &returns)
}

impl<'p> Device<'p> {
    /// Device `device`'s emitter: every op built before `ret`, peers shifted to its replica.
    fn new(
        mut e: Emitter,
        ret: MlirOperation,
        plan: &'p Scheduled,
        replay: &'p Replay,
        device: u32,
        module_body: MlirBlock,
    ) -> Device<'p> {
        e.fixed_anchor = Some(ret);
        let r = plan.replica_width.max(1);
        let replica = device / r;
        let d0 = i64::from(device % r);
        e.shift = i64::from(replica * r);
        let (program, _) = &plan.programs[d0 as usize];
        let keep = keeping(plan, replay, d0, program);
        Device {
            e,
            plan,
            replay,
            keep,
            d0,
            replica,
            state: BTreeMap::new(),
            outside: outside_values(plan, replay),
            module_body,
            shards: HashMap::new(),
        }
    }

    /// The prologue's graph ops and the transfers of their results that the steps read.
    fn prologue(&mut self, ret: MlirOperation) {
        let plan = self.plan;
        for op_plan in &plan.prologue {
            self.e.graph_op(op_plan, self.d0, &plan.partitioned);
        }
        self.e.anchor = ret;
        self.e
            .transfers(&plan.pre_steps, self.d0, &plan.partitioned);
    }

    /// The state the steps carry: stashes, accumulators (the init on the device of replica 0's
    /// first task) and assembled results; per-micro-batch values are held in micro-batch-sized
    /// copies from here on.
    fn open_state(&mut self) {
        let plan = self.plan;
        for &id in &plan.per_micro_batch {
            let shape = self.micro_shape(id);
            self.e.shapes.insert(id, shape);
        }
        for (&key, &slots) in &self.keep.slots.clone() {
            let id = key.id();
            let mut shape = vec![i64::from(slots)];
            shape.extend(self.micro_shape(id));
            let element = element_type(self.serial(id));
            let empty = self
                .e
                .build("tensor.empty", &[], &[tensor_type(&shape, element)], &[]);
            self.state.insert(State::Stash(key), Emitter::result(empty));
        }
        for (i, step) in plan.steps.iter().enumerate() {
            if step.accumulate {
                self.open_accumulators(i, step);
            }
        }
        for &id in &plan.assembled {
            let ty = unsafe { mlirValueGetType(self.serial(id)) };
            let empty = self.e.build("tensor.empty", &[], &[ty], &[]);
            self.state
                .insert(State::Assembled(id.into()), Emitter::result(empty));
        }
    }

    /// The accumulators of step op `i` (`step`) on this device: per group it holds a part of, the
    /// op's init where this device starts the sum, else the combiner's identity.
    fn open_accumulators(&mut self, i: usize, step: &StepOp) {
        let (plan, d0, replica) = (self.plan, self.d0, self.replica);
        let serial = self.e.ops[step.plan.position];
        for (g, group) in step.plan.groups.iter().enumerate() {
            if !group.devices.contains(&d0) {
                continue;
            }
            let mine: Vec<&super::tasks::Task> = group
                .tasks
                .iter()
                .map(|&t| &step.plan.tasks[t])
                .filter(|t| t.device == d0)
                .collect();
            let like = mine.iter().find_map(|t| {
                operands(&t.body).into_iter().find_map(|o| match o {
                    Operand::Identity { like, .. } => Some(*like),
                    _ => None,
                })
            });
            let Some(like) = like else { continue };
            let like_value = unsafe { mlirOperationGetOperand(serial, like as isize) };
            // ZeRO-2/3 accumulate this replica's part (each replica adds the init's part once).
            let (region, first) = match (plan.zero.level, plan.zero.scatter.get(&(i, g))) {
                (2 | 3, Some(&dim)) => (
                    super::zero::part(&group.region, dim, plan.schedule.replicas.max(1), replica),
                    mine.iter().any(|t| t.first && t.distinct),
                ),
                _ => (
                    group.region.clone(),
                    replica == 0 && mine.iter().any(|t| t.first && t.distinct),
                ),
            };
            let init = if first {
                self.e.extract(like_value, &region)
            } else {
                let combine = step
                    .plan
                    .combine
                    .expect("an accumulating op has a combiner");
                self.e.identity(like_value, &lengths(&region), combine)
            };
            self.state.insert(State::Accumulator(i, g), init);
        }
    }

    /// ZeRO-3: from here on this device holds only its replica's part of each split weight.
    fn shard_weights(&mut self) {
        let plan = self.plan;
        let mut split_weights: Vec<(usize, usize)> =
            plan.zero.weights.iter().map(|(&a, &d)| (a, d)).collect();
        split_weights.sort_unstable();
        for (index, dim) in split_weights {
            let weight = self.serial(ValueId::Arg(index));
            let shape = crate::family::cut::shape_of(weight).unwrap_or_default();
            let region = super::zero::part(
                &crate::region::full(&shape),
                dim,
                plan.schedule.replicas.max(1),
                self.replica,
            );
            let shard = self.e.extract(weight, &region);
            self.shards.insert(index, shard);
        }
    }

    /// The messages after the last step; then the per-micro-batch copies are dropped.
    fn tail(&mut self, program: &Program) {
        let plan = self.plan;
        for action in &program.tail {
            if let Action::Send {
                message,
                micro_batch,
            } = *action
            {
                let t = &plan.cross[message].transfer;
                let j = self.index(i64::from(micro_batch));
                let copy = self.unstash(t.value, j);
                let piece = self.e.extract(copy, &t.region);
                self.send(piece, t.to, t.tag);
            }
        }
        for id in &plan.per_micro_batch {
            self.e.local.remove(id);
            self.e.pieces.remove(id);
            self.e.shapes.remove(id);
        }
        self.e.views.clear();
    }

    /// The accumulators summed over the devices of every replica once (reduce-scattered under
    /// ZeRO), then held as their ops' results; the assembled results held as theirs.
    fn synchronize_accumulators(&mut self) {
        let plan = self.plan;
        let r = plan.replica_width.max(1);
        let replica = self.replica;
        let partitioned = &plan.partitioned;
        let replicas = plan.schedule.replicas.max(1);
        for (i, step) in plan.steps.iter().enumerate() {
            if !step.accumulate {
                continue;
            }
            for (g, group) in step.plan.groups.iter().enumerate() {
                let Some(&acc) = self.state.get(&State::Accumulator(i, g)) else {
                    continue;
                };
                self.e.location =
                    unsafe { mlirOperationGetLocation(self.e.ops[step.plan.position]) };
                let mut members: Vec<i64> = (0..replicas)
                    .flat_map(|rr| group.devices.iter().map(move |&x| x + i64::from(rr * r)))
                    .collect();
                members.sort_unstable();
                let combine = step
                    .plan
                    .combine
                    .expect("an accumulating op has a combiner");
                let own: Vec<i64> = group.devices.iter().map(|&x| x + self.e.shift).collect();
                let (value, region) = match (plan.zero.level, plan.zero.scatter.get(&(i, g))) {
                    // Sharded: this replica's part, summed over its own devices. ZeRO-1
                    // reduce-scatters it over the replicas here; under ZeRO-2/3 every
                    // micro-batch's part was reduce-scattered already.
                    (1..=3, Some(&dim)) => {
                        let part = if plan.zero.level == 1 {
                            self.reduce_scatter(acc, &self.replica_members(), dim, combine)
                        } else {
                            acc
                        };
                        let part = if own.len() > 1 {
                            self.e.all_reduce(part, &own, combine)
                        } else {
                            part
                        };
                        (
                            part,
                            super::zero::part(&group.region, dim, replicas, replica),
                        )
                    }
                    _ if members.len() > 1 => (
                        self.e.all_reduce(acc, &members, combine),
                        group.region.clone(),
                    ),
                    _ => (acc, group.region.clone()),
                };
                self.e.write(
                    ValueId::Result(step.plan.position, group.result),
                    value,
                    &region,
                    partitioned,
                );
            }
        }
        for &id in &plan.assembled {
            let value = self.state[&State::Assembled(id.into())];
            self.e.local.insert(id, value);
            self.e.pieces.remove(&id);
        }
    }

    /// The epilogue's graph ops: under ZeRO planned on the real devices (split over the replicas),
    /// then the split results all-gathered; otherwise replica 0's plan shifted.
    fn epilogue(&mut self, ret: MlirOperation, device: u32) {
        let plan = self.plan;
        let partitioned = &plan.partitioned;
        if plan.zero.level == 0 {
            for op_plan in &plan.epilogue {
                self.e.graph_op(op_plan, self.d0, partitioned);
            }
            return;
        }
        self.e.shift = 0;
        for op_plan in &plan.epilogue {
            self.e.graph_op(op_plan, i64::from(device), partitioned);
        }
        self.e.anchor = ret;
        for gather in &plan.zero.gathers {
            let Some(rank) = gather.members.iter().position(|&m| m == i64::from(device)) else {
                continue;
            };
            let d = gather.members.len() as u32;
            let part = super::zero::part(&gather.region, gather.dim, d, rank as u32);
            let piece = self.e.slice(gather.value, &part, partitioned);
            let whole = tensor_type(&lengths(&gather.region), element_type(piece));
            let value = self.all_gather(piece, &gather.members, gather.dim, whole);
            self.e
                .write(gather.value, value, &gather.region, partitioned);
        }
    }
}
