//! MCMC moves beyond FlexFlow's single-op proposals: layer-tied changes, two-dim changes of one op, a
//! local exhaustive step, and the neighbours of an op placed around it (the module doc of [`super`] says
//! when each is used).
//!
//! - *Tied* ([`mirror`]): every op a proposal changed passes its new configuration to its counterparts in
//!   the other instances of its repeated group ([`crate::layers::Layers`]), so one proposal moves every layer
//!   at once: the chain searches one representative layer's per-op configurations, applied to all.
//! - *Two dims* ([`two_dims`]): new degrees for two loop dims of one op at once, the others kept. A 2×2 split of
//!   an output dim and a reduction dim is two uphill steps away from a 1-dim split by single-dim changes (the
//!   intermediate splits add an all-reduce or a gather); this reaches it in one.
//! - *Local exhaustive step* ([`best_of_op`]): every configuration of one op over its current devices (up to
//!   [`LOCAL_LIMIT`] of them; each try is one delta simulation and its rollback), the best kept: a coordinate-descent step on the op, chosen with probability in
//!   proportion to its FLOPs (the ops that dominate the critical path).
//! - *Around* ([`around`]): the neighbours of a pivot op, aligned with it together on disjoint devices (a
//!   maximum matching of their tasks to the devices holding the pivot data each shares). Moving one of two
//!   ops that flank a pivot onto part of the machine only idles the rest; moving both onto complementary
//!   parts lets them run at once, which single-op proposals reach only through an uphill step.

use rand::rngs::StdRng;
use rand::Rng;

use super::{admissible, penalized, worst_overflow, Aligned, Ctx, SearchError};
use crate::graph::{DeviceId, OpId};
use crate::sim::Simulator;
use crate::strategy::{divisors_up_to, Config};

/// Most configurations a local exhaustive step tries.
pub(super) const LOCAL_LIMIT: usize = 48;

/// Gives each changed op's counterparts (the same place in the other instances of its group) the op's new
/// configuration; appends their old configurations to `changes`.
pub(super) fn mirror(
    ctx: &Ctx,
    sim: &mut Simulator,
    changes: &mut Vec<(OpId, Config)>,
) -> Result<(), SearchError> {
    let changed: Vec<OpId> = changes.iter().map(|(op, _)| *op).collect();
    for op in changed {
        let config = sim.strategy().config(op).clone();
        for other in ctx.layers.counterparts(op) {
            let old = sim.strategy().config(other);
            if *old != config {
                let old = old.clone();
                ctx.set(sim, other, config.clone())?;
                changes.push((other, old));
            }
        }
    }
    Ok(())
}

/// New degrees for two dims of `op`'s current configuration (module doc), tasks on the current devices
/// first, then on random free ones. `None` when the op has fewer than two dims that can be split.
pub(super) fn two_dims(ctx: &Ctx, sim: &Simulator, op: OpId, rng: &mut StdRng) -> Option<Config> {
    let o = ctx.graph.op(op);
    let n = ctx.machine.num_devices();
    if !o.is_partitionable() {
        return None;
    }
    let splittable: Vec<usize> = (0..o.dims.len()).filter(|&d| o.dims[d].size > 1).collect();
    if splittable.len() < 2 {
        return None;
    }
    let current = sim.strategy().config(op);
    let i = splittable[rng.random_range(0..splittable.len())];
    let j = loop {
        let j = splittable[rng.random_range(0..splittable.len())];
        if j != i {
            break j;
        }
    };
    let mut degrees = current.degrees.clone();
    degrees[i] = 1;
    degrees[j] = 1;
    let rest: u64 = degrees.iter().product();
    let budget = u64::from(n) / rest.max(1);
    let first = divisors_up_to(o.dims[i].size, budget);
    degrees[i] = first[rng.random_range(0..first.len())];
    let second = divisors_up_to(o.dims[j].size, budget / degrees[i]);
    degrees[j] = second[rng.random_range(0..second.len())];
    place(current, degrees, n, rng)
}

/// Most neighbours an *around* move places.
const AROUND_LIMIT: usize = 8;

/// Most devices a task of an *around* move considers (those of the pivot tasks it shares most data with).
const AROUND_CHOICES: usize = 8;

/// The *around* move (module doc), applied to `sim`: each neighbour of `pivot` (up to [`AROUND_LIMIT`], in
/// edge order) gets the split that matches the pivot's ([`super::align`]), and their tasks go to distinct
/// devices where they can: a maximum matching of the tasks to the devices of the pivot tasks that share
/// data with them (each task preferring the device it shares most with), found by augmenting paths. A task
/// left unmatched takes its best device that its own op does not use yet. Returns the changed ops with
/// their old configurations, `None` (nothing changed) when the pivot has fewer than two neighbours whose
/// split carries over or when their tasks outnumber the devices.
pub(super) fn around(
    ctx: &Ctx,
    sim: &mut Simulator,
    pivot: OpId,
) -> Result<Option<Vec<(OpId, Config)>>, SearchError> {
    let n = ctx.machine.num_devices() as usize;
    let strategy = sim.strategy();
    // Per neighbour: the op and, per task, its candidate devices, best first.
    let mut placed: Vec<(OpId, Vec<u64>, Vec<Vec<DeviceId>>)> = Vec::new();
    for &e in &ctx.neighbours[pivot.index()] {
        let edge = ctx.graph.edges()[e];
        let other = if edge.producer == pivot {
            edge.consumer
        } else {
            edge.producer
        };
        if other == pivot || placed.iter().any(|(op, _, _)| *op == other) {
            continue;
        }
        let Some(a) = Aligned::new(ctx.graph, strategy, other, &edge, n as u32) else {
            continue;
        };
        let choices = (0..a.tasks())
            .map(|t| {
                let mut ranked: Vec<(u64, usize)> = (0..a.other.num_tasks())
                    .map(|u| (a.overlap(t, u), u))
                    .filter(|&(v, _)| v > 0)
                    .collect();
                ranked.sort_by_key(|&(v, u)| (std::cmp::Reverse(v), u));
                let mut devices: Vec<DeviceId> = Vec::with_capacity(AROUND_CHOICES);
                for (_, u) in ranked {
                    let d = a.other.devices[u];
                    if !devices.contains(&d) {
                        devices.push(d);
                        if devices.len() == AROUND_CHOICES {
                            break;
                        }
                    }
                }
                devices
            })
            .collect();
        placed.push((other, a.degrees, choices));
        if placed.len() == AROUND_LIMIT {
            break;
        }
    }
    let tasks: usize = placed.iter().map(|(_, _, c)| c.len()).sum();
    if placed.len() < 2 || tasks > n {
        return Ok(None);
    }
    // Maximum matching of every neighbour's tasks (in order) to devices.
    let choices: Vec<&Vec<DeviceId>> = placed.iter().flat_map(|(_, _, c)| c).collect();
    let mut holder: Vec<Option<usize>> = vec![None; n];
    let mut matched: Vec<Option<DeviceId>> = vec![None; choices.len()];
    for task in 0..choices.len() {
        let mut seen = vec![false; n];
        augment(task, &choices, &mut holder, &mut matched, &mut seen);
    }
    let mut changes = Vec::new();
    let mut first = 0;
    for (op, degrees, per_task) in placed {
        let mut used = vec![false; n];
        let mine = &matched[first..first + per_task.len()];
        for d in mine.iter().flatten() {
            used[d.index()] = true;
        }
        let mut devices = Vec::with_capacity(per_task.len());
        for (t, m) in mine.iter().enumerate() {
            let d = match m {
                Some(d) => *d,
                None => {
                    let d = per_task[t]
                        .iter()
                        .copied()
                        .find(|d| !used[d.index()])
                        .unwrap_or_else(|| {
                            DeviceId::new(used.iter().position(|u| !u).expect("tasks <= devices"))
                        });
                    used[d.index()] = true;
                    d
                }
            };
            devices.push(d);
        }
        first += per_task.len();
        let config = admissible(ctx.graph, op, Config { degrees, devices });
        let old = sim.strategy().config(op).clone();
        if config != old {
            ctx.set(sim, op, config)?;
            changes.push((op, old));
        }
    }
    Ok(Some(changes))
}

/// One augmenting-path step of the matching of [`around`]: tries to give `task` one of its devices, moving
/// the task that holds it to another of its own. `true` when the matching grew.
fn augment(
    task: usize,
    choices: &[&Vec<DeviceId>],
    holder: &mut [Option<usize>],
    matched: &mut [Option<DeviceId>],
    seen: &mut [bool],
) -> bool {
    for &d in choices[task] {
        if seen[d.index()] {
            continue;
        }
        seen[d.index()] = true;
        let free = match holder[d.index()] {
            None => true,
            Some(other) => augment(other, choices, holder, matched, seen),
        };
        if free {
            holder[d.index()] = Some(task);
            matched[task] = Some(d);
            return true;
        }
    }
    false
}

/// A configuration of `degrees` whose tasks reuse `current`'s devices in order, then random free ones.
fn place(current: &Config, degrees: Vec<u64>, n: u32, rng: &mut StdRng) -> Option<Config> {
    let tasks = degrees.iter().try_fold(1u64, |a, &d| a.checked_mul(d))? as usize;
    if tasks > n as usize {
        return None;
    }
    let mut used = vec![false; n as usize];
    let mut devices: Vec<DeviceId> = Vec::with_capacity(tasks);
    for &d in current.devices.iter().take(tasks) {
        if !used[d.index()] {
            used[d.index()] = true;
            devices.push(d);
        }
    }
    while devices.len() < tasks {
        let free = used.iter().filter(|u| !**u).count();
        let mut k = rng.random_range(0..free);
        let d = used
            .iter()
            .position(|u| {
                if *u {
                    return false;
                }
                if k == 0 {
                    return true;
                }
                k -= 1;
                false
            })
            .expect("a free device remains while tasks <= n");
        used[d] = true;
        devices.push(DeviceId::new(d));
    }
    Some(Config { degrees, devices })
}

/// Every degree vector of `op` with at most `limit` tasks (each degree dividing its dim), fewest tasks last,
/// at most [`LOCAL_LIMIT`] of them, widest first.
fn degree_vectors(sizes: &[u64], limit: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = vec![Vec::new()];
    for &size in sizes {
        let mut next = Vec::new();
        for prefix in &out {
            let used: u64 = prefix.iter().product();
            for d in divisors_up_to(size, limit / used.max(1)) {
                let mut v = prefix.clone();
                v.push(d);
                next.push(v);
            }
        }
        out = next;
        if out.len() > 64 * LOCAL_LIMIT {
            break;
        }
    }
    out.retain(|v| v.len() == sizes.len());
    out.sort_by_key(|v| std::cmp::Reverse(v.iter().product::<u64>()));
    out
}

/// An op drawn with probability in proportion to its FLOPs (uniformly when the graph has none).
pub(super) fn heavy_op(ctx: &Ctx, rng: &mut StdRng) -> OpId {
    let total = ctx.flops_prefix.last().copied().unwrap_or(0.0);
    if total <= 0.0 {
        return OpId::new(rng.random_range(0..ctx.graph.num_ops()));
    }
    let x = rng.random::<f64>() * total;
    let i = ctx.flops_prefix.partition_point(|&c| c <= x);
    OpId::new(i.min(ctx.graph.num_ops() - 1))
}

/// The local exhaustive step (module doc): tries the configurations of `op` over the devices it uses,
/// leaves the best one set in `sim`, and returns the change made.
pub(super) fn best_of_op(
    ctx: &Ctx,
    sim: &mut Simulator,
    op: OpId,
    rng: &mut StdRng,
) -> Result<Vec<(OpId, Config)>, SearchError> {
    let o = ctx.graph.op(op);
    let n = ctx.machine.num_devices();
    let current = sim.strategy().config(op).clone();
    let sizes: Vec<u64> = o.dims.iter().map(|d| d.size).collect();
    let limit = LOCAL_LIMIT;
    let mut vectors = degree_vectors(&sizes, u64::from(n));
    if vectors.len() > limit {
        // A random sample, the current degrees included.
        for i in (1..vectors.len()).rev() {
            vectors.swap(i, rng.random_range(0..=i));
        }
        vectors.truncate(limit - 1);
        if !vectors.contains(&current.degrees) {
            vectors.push(current.degrees.clone());
        }
    }
    let mut best: Option<(f64, Config)> = None;
    for degrees in vectors {
        let Some(config) = place(&current, degrees, n, rng) else {
            continue;
        };
        let config = admissible(ctx.graph, op, config);
        let old = sim.strategy().config(op).clone();
        if old != config {
            ctx.set(sim, op, config.clone())?;
        }
        let cost = penalized(sim, worst_overflow(sim));
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, config));
        }
        ctx.set(sim, op, old)?;
    }
    let mut changes = Vec::new();
    if let Some((_, config)) = best {
        if config != current {
            ctx.set(sim, op, config)?;
            changes.push((op, current));
        }
    }
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degree_vectors_cover_two_by_two_splits() {
        let v = degree_vectors(&[8, 4, 6], 4);
        assert!(v.contains(&vec![2, 2, 1]));
        assert!(v.contains(&vec![1, 2, 2]));
        assert!(v.contains(&vec![1, 1, 1]));
        assert!(v.iter().all(|d| d.iter().product::<u64>() <= 4));
        // Widest first.
        assert_eq!(v[0].iter().product::<u64>(), 4);
    }
}
