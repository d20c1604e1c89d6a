//! ZeRO in a scheduled program (`flexc_core::schedule::Zero`, over the schedule's `d` data-parallel
//! replicas; nothing changes with one replica):
//!
//! - **ZeRO-1** (optimizer state split): after the last micro-batch, each accumulated gradient region is
//!   reduce-scattered over the replicas along its first dim that splits into `d` (`par.reduce_scatter`,
//!   then summed over the replica's own devices holding partials of it), so replica `r` holds part `r`;
//!   the epilogue (the optimizer update) runs split over the replicas the same way — each epilogue op's
//!   configuration split `d` times more along the loop that reads its input's split dim (the first
//!   parallel loop that divides, else run whole on every replica), planned on the real devices — and
//!   the updated values the function returns are all-gathered over the replicas (`par.all_gather`).
//! - **ZeRO-2** (gradients and optimizer state split): as ZeRO-1, but each micro-batch's
//!   weight-gradient partials are reduce-scattered over the replicas in the backward step, so the
//!   accumulators hold parts (never a whole gradient across micro-batches); the weights stay whole.
//! - **ZeRO-3** (weights, gradients and optimizer state split): as ZeRO-2, and every weight argument the
//!   per-micro-batch ops read is held as part `r` along its first dim that splits, all-gathered over the
//!   replicas in every step that reads it (forward, backward, recomputation), the values computed from
//!   it by ops without `par.config` (a broadcast bias) computed again from the gathered weight there.
//!
//! Part `r` of a region is its `r`-th `1/d` along the dim; the group of a collective is the replica
//! copies of one device, `x + r·R` for every `r` (ascending), so member `r` owns part `r`.

use super::tasks::Planner;
use crate::{family::ValueId, op_model::OpModel, region::Region};
use flexc_core::Config;
use std::collections::HashMap;

/// The first dim of a region of `lengths` that splits into `d` parts.
pub(super) fn shard_dim(lengths: &[i64], d: u32) -> Option<usize> {
    let d = i64::from(d);
    lengths.iter().position(|&l| l >= d && l % d == 0)
}

/// Part `r` of `d` of `region` along `dim`.
pub(super) fn part(region: &Region, dim: usize, d: u32, r: u32) -> Region {
    let mut out = region.clone();
    let (lo, hi) = region[dim];
    let step = (hi - lo) / i64::from(d);
    out[dim] = (lo + i64::from(r) * step, lo + i64::from(r + 1) * step);
    out
}

/// An all-gather after the epilogue: the members (replica copies of one device, ascending) hold
/// the parts of `region` of `value` along `dim`.
#[derive(Clone, Debug)]
pub(super) struct Gather {
    pub(super) value: ValueId,
    pub(super) region: Region,
    pub(super) dim: usize,
    pub(super) members: Vec<i64>,
}

/// What ZeRO changes in a scheduled plan.
#[derive(Clone, Debug, Default)]
pub(super) struct ZeroPlan {
    /// 0, 1, 2 or 3 (0 with one replica).
    pub(super) level: u32,
    /// Per (step op index, group index) of an accumulating op: the dim its region is split along.
    pub(super) scatter: HashMap<(usize, usize), usize>,
    /// ZeRO-3: the weight arguments (by index) held split, and their dim.
    pub(super) weights: HashMap<usize, usize>,
    /// ZeRO-1/2/3: all-gathers of the returned values the split epilogue made.
    pub(super) gathers: Vec<Gather>,
}

/// The loop of an epilogue op to split over the replicas: the parallel loop that alone indexes the
/// split dim of one of its inputs (`split` says which values are split, along which dim), else the
/// first parallel loop; the loop must divide by its degree times `d`.
pub(super) fn split_loop(
    model: &OpModel,
    inputs: &[Option<ValueId>],
    config: &Config,
    split: &HashMap<ValueId, usize>,
    d: u32,
) -> Option<usize> {
    let fits = |k: usize| {
        model.parallel.get(k).copied().unwrap_or(false)
            && model.loops[k].is_multiple_of(config.degrees[k] * u64::from(d))
    };
    for (i, access) in model.inputs.iter().enumerate() {
        let (Some(access), Some(Some(id))) = (access, inputs.get(i)) else {
            continue;
        };
        if let Some(&dim) = split.get(id) {
            if let Some(k) = access.get(dim).and_then(|e| e.single_dim()) {
                if fits(k) {
                    return Some(k);
                }
            }
        }
    }
    (0..model.loops.len()).find(|&k| fits(k))
}

/// After the split epilogue: the returned values' parts, gathered over the replicas. Groups the held
/// pieces of `value` (one device each) by their replica-0 device and the region outside `dim`; where
/// the `d` replicas' pieces tile a region along `dim` in replica order, one all-gather, and the
/// planner then holds the region on every member.
pub(super) fn gather_returned(
    planner: &mut Planner<'_>,
    value: ValueId,
    dim: usize,
    d: u32,
    width: u32,
) -> Vec<Gather> {
    let Some(held) = planner.held.get_mut(&value) else {
        return Vec::new();
    };
    let mut by_key: HashMap<(i64, Region), Vec<(u32, Region)>> = HashMap::new();
    let mut keep = Vec::new();
    for (region, holders) in std::mem::take(&mut held.pieces) {
        if holders.len() != 1 {
            keep.push((region, holders));
            continue;
        }
        let device = holders[0];
        let (x, r) = (
            device % i64::from(width),
            (device / i64::from(width)) as u32,
        );
        let mut key_region = region.clone();
        key_region[dim] = (0, 0);
        by_key.entry((x, key_region)).or_default().push((r, region));
    }
    let mut gathers = Vec::new();
    let mut keys: Vec<_> = by_key.into_iter().collect();
    keys.sort_by(|a, b| a.0.cmp(&b.0));
    for ((x, _), mut parts) in keys {
        parts.sort_by_key(|(r, _)| *r);
        let tiles = parts.len() == d as usize
            && parts.iter().enumerate().all(|(i, (r, _))| *r == i as u32)
            && parts.windows(2).all(|w| w[0].1[dim].1 == w[1].1[dim].0)
            && parts
                .windows(2)
                .all(|w| w[0].1[dim].1 - w[0].1[dim].0 == w[1].1[dim].1 - w[1].1[dim].0);
        if !tiles {
            for (r, region) in parts {
                keep.push((region, vec![x + i64::from(r * width)]));
            }
            continue;
        }
        let mut whole = parts[0].1.clone();
        whole[dim].1 = parts[parts.len() - 1].1[dim].1;
        let members: Vec<i64> = (0..d).map(|r| x + i64::from(r * width)).collect();
        keep.push((whole.clone(), members.clone()));
        gathers.push(Gather {
            value,
            region: whole,
            dim,
            members,
        });
    }
    held.pieces = keep;
    held.received.clear();
    gathers
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexc_core::DeviceId;

    #[test]
    fn expansion_splits_the_loop_by_replica_blocks() {
        // Two tasks along loop 1 on devices 0, 1; two replicas of 2 devices.
        let config = Config {
            degrees: vec![1, 2],
            devices: vec![DeviceId(0), DeviceId(1)],
        };
        let e = config.across_replicas(Some(1), 2, 2);
        assert_eq!(e.degrees, vec![1, 4]);
        assert_eq!(
            e.devices,
            vec![DeviceId(0), DeviceId(1), DeviceId(2), DeviceId(3)]
        );
        let e = config.across_replicas(Some(0), 2, 2);
        assert_eq!(e.degrees, vec![2, 2]);
        assert_eq!(
            e.devices,
            vec![DeviceId(0), DeviceId(1), DeviceId(2), DeviceId(3)]
        );
        let e = config.across_replicas(None, 2, 2);
        assert_eq!(e.degrees, vec![1, 2]);
        assert_eq!(e.devices.len(), 4);
        assert_eq!(shard_dim(&[3, 8], 2), Some(1));
        assert_eq!(shard_dim(&[1], 2), None);
        assert_eq!(part(&vec![(0, 4), (2, 10)], 1, 2, 1), vec![(0, 4), (6, 10)]);
    }
}
