//! Planning: for every graph op of a function, its tasks (cut by the op's family), the transfers that
//! bring each task the regions it reads, and the groups of tasks whose results combine.

use super::{nested_ops, operands};
use crate::{
    family::{
        self,
        cut::{combine_of, shape_of},
        Body, Combine, Import, OpFamily, TaskCx, ValueId,
    },
    ir,
    op_model::OpModel,
    op_name,
    region::{contains, full, intersect, Region},
};
use flexc_core::{Config, ConfigTarget, DeviceCount};
use flexc_dialects::{names, ConfigAttr};
use melior::ir::{operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Debug)]
pub(super) struct Task {
    pub(super) device: i64,
    pub(super) body: Body,
    /// Whether the task's reduction coordinates are all 0 (it would start from the op's init).
    pub(super) first: bool,
    /// Whether no earlier task of the op has its coordinates along the op's own loops: the others
    /// compute the same part again (a replicated configuration, capture loops).
    pub(super) distinct: bool,
}

/// How `Planner::graph_op_in` sees an op: as the serial program runs it (the default), or as one
/// micro-batch of a scheduled program runs it (`scheduled`).
#[derive(Clone, Debug, Default)]
pub(super) struct View {
    /// The op's loops for one micro-batch (loops that follow the batch divided by the micro-batches of
    /// the whole iteration); `None`: the op's own.
    pub(super) loops: Option<Vec<u64>>,
    /// Every task starts from the combiner's identity: the op reduces over the batch, and its partial
    /// results are accumulated over the micro-batches (the accumulator holds the init).
    pub(super) identity: bool,
    /// No fallback to one whole task when the op's family cannot cut it (a whole task would compute
    /// the whole batch, not the micro-batch).
    pub(super) strict: bool,
    /// The configuration to plan instead of the op's `par.config` (an epilogue op's, split over the
    /// data-parallel replicas for ZeRO).
    pub(super) config: Option<Config>,
}

/// Tasks writing one output region of one result: one task, or the partial results of a split
/// reduction; every device of the group holds the region afterwards.
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub(super) result: usize,
    pub(super) tasks: Vec<usize>,
    /// Distinct devices of the tasks, in task order.
    pub(super) devices: Vec<i64>,
    pub(super) region: Region,
}

/// The groups of one op's tasks while planning: per result, tasks with the same parallel
/// coordinates (`key`, reduction coordinates as -1) write one region together.
#[derive(Default)]
struct Groups {
    groups: Vec<Group>,
    index: HashMap<(usize, Vec<i64>), usize>,
}

impl Groups {
    /// Task `t` on `device` writes `region` of result `result`.
    fn add(&mut self, result: usize, key: &[i64], region: Region, t: usize, device: i64) {
        let groups = &mut self.groups;
        let index = *self.index.entry((result, key.to_vec())).or_insert_with(|| {
            groups.push(Group {
                result,
                tasks: Vec::new(),
                devices: Vec::new(),
                region,
            });
            groups.len() - 1
        });
        let group = &mut groups[index];
        group.tasks.push(t);
        if !group.devices.contains(&device) {
            group.devices.push(device);
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct Transfer {
    pub(super) value: ValueId,
    pub(super) region: Region,
    pub(super) from: i64,
    pub(super) to: i64,
    pub(super) tag: i64,
}

#[derive(Clone, Debug)]
pub(super) struct OpPlan {
    pub(super) position: usize,
    pub(super) transfers: Vec<Transfer>,
    pub(super) tasks: Vec<Task>,
    pub(super) groups: Vec<Group>,
    /// Split reductions: how partials combine. `None` with a group of several tasks: the tasks
    /// differ only in capture loops and each computed the whole region.
    pub(super) combine: Option<Combine>,
    /// Partitioned values read inside the op's regions, read whole by every task.
    pub(super) captured: Vec<ValueId>,
}

/// Who holds which part of a partitioned value, while planning.
#[derive(Default)]
pub(super) struct Held {
    /// Output regions of the producer's groups and the devices holding each.
    pub(super) pieces: Vec<(Region, Vec<i64>)>,
    /// Regions received later, per device.
    pub(super) received: HashMap<i64, Vec<Region>>,
}

pub(super) struct Planner<'t> {
    pub(super) machine: Option<DeviceCount>,
    pub(super) tag: &'t mut i64,
    pub(super) values: HashMap<usize, ValueId>,
    pub(super) held: HashMap<ValueId, Held>,
    /// One past the largest device id used.
    pub(super) used: i64,
    pub(super) failed: bool,
}

impl Planner<'_> {
    fn id(&self, value: MlirValue) -> Option<ValueId> {
        self.values.get(&ir::value_key(value)).copied()
    }

    /// Partitioned values that ops nested in `op`'s regions read (a `tensor.extract` from a table
    /// computed by an earlier graph op), each with its full region.
    fn captured(&self, op: MlirOperation) -> Vec<(ValueId, Region)> {
        let mut captured: Vec<(ValueId, Region)> = Vec::new();
        for value in nested_ops(op).into_iter().flat_map(operands) {
            let Some(id) = self.id(value).filter(|id| self.held.contains_key(id)) else {
                continue;
            };
            if let Some(shape) = shape_of(value) {
                if !captured.iter().any(|(c, _)| *c == id) {
                    captured.push((id, full(&shape)));
                }
            }
        }
        captured
    }

    /// Plans the receives that give `device` the `region` of `value`, appending them to `transfers`.
    pub(super) fn need(
        &mut self,
        value: ValueId,
        region: &Region,
        device: i64,
        transfers: &mut Vec<Transfer>,
    ) {
        let Some(held) = self.held.get_mut(&value) else {
            return;
        };
        for (piece, holders) in &held.pieces {
            let Some(part) = intersect(region, piece) else {
                continue;
            };
            if holders.contains(&device) {
                continue;
            }
            let received = held.received.entry(device).or_default();
            if received.iter().any(|r| contains(r, &part)) {
                continue;
            }
            received.push(part.clone());
            transfers.push(Transfer {
                value,
                region: part,
                from: holders[0],
                to: device,
                tag: *self.tag,
            });
            *self.tag += 1;
        }
    }

    /// The op's configuration, checked against its family's model, and its family.
    #[allow(clippy::type_complexity)]
    fn configured(
        &self,
        op: &OperationRef<'_, '_>,
        name: &str,
        view: &View,
    ) -> Result<(Config, OpModel, Option<&'static dyn OpFamily>), String> {
        let config = match &view.config {
            Some(config) => config.clone(),
            None => op
                .attribute(names::CONFIG_ATTR)
                .map_err(|_| "has no par.config".to_string())
                .and_then(|a| {
                    Config::parse(&a.to_string())
                        .map_err(|e| format!("has a malformed par.config: {e}"))
                })?,
        };
        let (family, import) = family::model_of(op, name);
        let model = match import {
            Import::Modelled(model) | Import::Capturing(model, _) => model,
            Import::Invalid(message) => return Err(format!("cannot be materialized: {message}")),
            _ => {
                return Err("has a par.config but flexc knows no iteration space for it".to_string())
            }
        };
        let mut checked = model.clone();
        if let Some(loops) = &view.loops {
            checked.loops = loops.clone();
        }
        check_config(&config, &checked, self.machine)?;
        Ok((config, model, family))
    }

    /// Plans the tasks, transfers and groups of the graph op `op` at `position`, as `view` sees it.
    pub(super) fn graph_op_in(
        &mut self,
        op: MlirOperation,
        position: usize,
        view: &View,
    ) -> Result<OpPlan, String> {
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let name = op_name(&op_ref);
        let (config, model, family) = self.configured(&op_ref, &name, view)?;
        // The cut sees the serial op; the task boxes are the view's (one micro-batch of it).
        let loops = view.loops.clone().unwrap_or_else(|| model.loops.clone());
        // The plan's region arithmetic is in i64.
        let degrees: Vec<i64> = config.degrees.iter().map(|&d| d as i64).collect();
        let captured = self.captured(op);
        let cut = match family {
            Some(family) => family.cut(&op_ref, &name, &model),
            None => family::default_cut(&op_ref, &name, &model),
        };
        // An op that is not split runs whole wherever it is placed, whether or not its family can cut
        // it (or this task of it).
        let unsplit = degrees.iter().all(|&d| d == 1) && !view.strict;
        let cut = match cut {
            Ok(cut) => cut,
            Err(_) if unsplit => Box::new(family::cut::WholeCut),
            Err(message) => return Err(message),
        };
        // Capture loops (data-dependent indices into a table read in the body) follow the op's own
        // loops. Every task reads its captured tensors whole, so tasks that differ only in capture
        // loops compute the same region: redundantly, without combining.
        let own = cut.own_loops(&model);
        let reduction_split = model
            .parallel
            .iter()
            .zip(&degrees)
            .take(own)
            .any(|(&parallel, &degree)| !parallel && degree > 1);
        let combine = if reduction_split || view.identity {
            Some(combine_of(op, &model)?)
        } else {
            None
        };
        let mut tasks = Vec::new();
        let mut transfers = Vec::new();
        let mut groups = Groups::default();
        let mut seen: HashSet<Vec<i64>> = HashSet::new();
        for (t, device) in config.devices.iter().enumerate() {
            let device = i64::from(device.0);
            self.used = self.used.max(device + 1);
            let (coords, task_loops) = task_box(&degrees, &loops, t);
            let first = coords
                .iter()
                .zip(&model.parallel)
                .take(own)
                .all(|(&c, &parallel)| parallel || c == 0);
            let starts_from_init = first && !view.identity;
            let planned = {
                let values = &self.values;
                let ids = |value: MlirValue| values.get(&ir::value_key(value)).copied();
                let cx = TaskCx {
                    op: &op_ref,
                    model: &model,
                    ids: &ids,
                };
                let from = starts_from_init.then_some(()).ok_or(combine);
                match cut.task(&cx, &task_loops, from) {
                    Ok(planned) => planned,
                    Err(_) if unsplit => {
                        use family::cut::TaskCut;
                        family::cut::WholeCut.task(&cx, &task_loops, from)?
                    }
                    Err(message) => return Err(message),
                }
            };
            for (value, region) in planned.reads.iter().chain(&captured) {
                self.need(*value, region, device, &mut transfers);
            }
            let key: Vec<i64> = coords
                .iter()
                .zip(&model.parallel)
                .map(|(&c, &parallel)| if parallel { c } else { -1 })
                .collect();
            for (result, region) in planned.outputs.into_iter().enumerate() {
                groups.add(result, &key, region, t, device);
            }
            let distinct = seen.insert(coords[..own].to_vec());
            tasks.push(Task {
                device,
                body: planned.body,
                first,
                distinct,
            });
        }
        let groups = groups.groups;
        for group in &groups {
            self.held
                .entry(ValueId::Result(position, group.result))
                .or_default()
                .pieces
                .push((group.region.clone(), group.devices.clone()));
        }
        Ok(OpPlan {
            position,
            transfers,
            tasks,
            groups,
            combine,
            captured: captured.into_iter().map(|(id, _)| id).collect(),
        })
    }
}

/// The rules of `flexc_core::Config::check` (the validator `par-verify` and the simulator use), for
/// the op's loops; its one-task-per-device rule is this pass's own invariant (module doc).
fn check_config(
    config: &Config,
    model: &OpModel,
    machine: Option<DeviceCount>,
) -> Result<(), String> {
    let target = ConfigTarget {
        sizes: Some(&model.loops),
        partitionable: true,
        devices: machine,
        copies: false,
    };
    config.check(&target).map_err(|e| e.to_string())
}

/// Grid coordinates and loop box of task `t` (row-major, last loop fastest).
fn task_box(degrees: &[i64], loops: &[u64], t: usize) -> (Vec<i64>, Region) {
    let mut coords = vec![0i64; degrees.len()];
    let mut rest = t as i64;
    for k in (0..degrees.len()).rev() {
        coords[k] = rest % degrees[k];
        rest /= degrees[k];
    }
    let region = coords
        .iter()
        .zip(degrees)
        .zip(loops)
        .map(|((&c, &degree), &size)| {
            let extent = size as i64 / degree;
            (c * extent, (c + 1) * extent)
        })
        .collect();
    (coords, region)
}
