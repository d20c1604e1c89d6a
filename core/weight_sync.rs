//! Weights by identity: what each device holds of one weight, and which all-reduces synchronize its
//! gradient, given every region of it that every reading task touches.
//!
//! A weight read by many ops (an RNN's matrix at every time step, a tied embedding, a transposed view
//! that the importer resolved to the weight behind it) is one buffer per device and one gradient per
//! device: the backward tasks of all its readers on a device accumulate into that gradient (summed
//! locally, as autograd does), and the gradient is synchronized once per iteration, not once per use.
//!
//! The input is a list of *holdings*, `(device, region)`: a task on `device` reads `region` of the
//! weight. The regions are cut into *cells* along every region boundary (coordinate compression, per
//! tensor dim); each cell is held by a set of devices. Then:
//! - a device holds the cells it covers, each once (the union of its regions);
//! - cells held by the same set of two or more devices form one replica group, synchronized by one ring
//!   all-reduce of their summed size (in data parallelism: one cell, every device, the whole weight).
//!
//! When the cells would be too many ([`MAX_CELLS`]; only irregular overlapping splits get there), the
//! regions are taken as they are: a device holds the sum of its distinct regions (capped by their bounding
//! box), and each distinct region is one group over the devices that read exactly it — an approximation
//! that errs towards more memory and more synchronization.

use crate::graph::{volume, Interval};

/// Above this many cells the approximation of the module doc is used.
pub const MAX_CELLS: u64 = 1 << 14;

/// One replica group: devices (sorted, distinct) that all hold `elements` elements of the weight's
/// gradient and sum them with one all-reduce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub devices: Vec<u32>,
    pub elements: u64,
}

/// What a weight costs: elements held per device, and the replica groups of its gradient.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WeightSync {
    /// `(device, elements)`, one entry per device holding part of the weight, by device.
    pub held: Vec<(u32, u64)>,
    /// Groups of two or more devices, in a deterministic order.
    pub groups: Vec<Group>,
}

/// Analyzes the holdings of one weight (see the module doc). `holdings` is sorted and deduplicated in
/// place; empty regions are ignored.
pub fn analyze(holdings: &mut Vec<(u32, Vec<Interval>)>) -> WeightSync {
    analyze_groups(holdings, 2)
}

/// [`analyze`], keeping the cells held by `min_devices` or more devices as groups: 1 when the holders are
/// one replica of several whose copies of every cell are summed across replicas (the simulator's
/// symmetric replicas, `crate::schedule`), so that a cell one device of the replica holds is synchronized
/// too.
pub fn analyze_groups(holdings: &mut Vec<(u32, Vec<Interval>)>, min_devices: usize) -> WeightSync {
    holdings.retain(|(_, r)| r.iter().all(|i| !i.is_empty()));
    holdings.sort_unstable();
    holdings.dedup();
    let Some((_, first)) = holdings.first() else {
        return WeightSync::default();
    };
    if holdings.iter().all(|(_, r)| r == first) {
        // The common case: every task reads the same region (data parallelism, replicated weights).
        let elements = volume(first);
        let devices: Vec<u32> = holdings.iter().map(|h| h.0).collect();
        let held = devices.iter().map(|&d| (d, elements)).collect();
        let groups = if devices.len() >= min_devices {
            vec![Group { devices, elements }]
        } else {
            Vec::new()
        };
        return WeightSync { held, groups };
    }
    let rank = first.len();
    let mut cuts: Vec<Vec<u64>> = vec![Vec::new(); rank];
    for (_, region) in holdings.iter() {
        for (d, i) in region.iter().enumerate() {
            cuts[d].extend([i.lo, i.hi]);
        }
    }
    for c in &mut cuts {
        c.sort_unstable();
        c.dedup();
    }
    let cells = cuts
        .iter()
        .try_fold(1u64, |n, c| n.checked_mul(c.len() as u64 - 1));
    match cells {
        Some(n) if n <= MAX_CELLS => by_cells(holdings, &cuts, n as usize, min_devices),
        _ => by_regions(holdings, min_devices),
    }
}

/// The exact analysis over cells.
fn by_cells(
    holdings: &[(u32, Vec<Interval>)],
    cuts: &[Vec<u64>],
    n: usize,
    min_devices: usize,
) -> WeightSync {
    let rank = cuts.len();
    // Each holding's covered cell-index range per dim.
    let spans: Vec<Vec<(usize, usize)>> = holdings
        .iter()
        .map(|(_, region)| {
            region
                .iter()
                .zip(cuts)
                .map(|(i, c)| {
                    let lo = c.partition_point(|&x| x < i.lo);
                    let hi = c.partition_point(|&x| x < i.hi);
                    (lo, hi)
                })
                .collect()
        })
        .collect();
    let mut held: Vec<(u32, u64)> = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut coord = vec![0usize; rank];
    let mut devices: Vec<u32> = Vec::new();
    for _ in 0..n {
        let elements: u64 = coord
            .iter()
            .zip(cuts)
            .map(|(&k, c)| c[k + 1] - c[k])
            .product();
        devices.clear();
        for ((device, _), span) in holdings.iter().zip(&spans) {
            let inside = coord
                .iter()
                .zip(span)
                .all(|(&k, &(lo, hi))| lo <= k && k < hi);
            if inside && devices.last() != Some(device) {
                devices.push(*device);
            }
        }
        for &d in &devices {
            match held.iter_mut().find(|h| h.0 == d) {
                Some(h) => h.1 += elements,
                None => held.push((d, elements)),
            }
        }
        if devices.len() >= min_devices.max(1) {
            match groups.iter_mut().find(|g| g.devices == devices) {
                Some(g) => g.elements += elements,
                None => groups.push(Group {
                    devices: devices.clone(),
                    elements,
                }),
            }
        }
        // Odometer over cells, last dim fastest.
        for d in (0..rank).rev() {
            coord[d] += 1;
            if coord[d] + 1 < cuts[d].len() {
                break;
            }
            coord[d] = 0;
        }
    }
    held.sort_unstable();
    WeightSync { held, groups }
}

/// The approximation for too many cells (see the module doc).
fn by_regions(holdings: &[(u32, Vec<Interval>)], min_devices: usize) -> WeightSync {
    let mut held: Vec<(u32, u64)> = Vec::new();
    for device_holdings in holdings.chunk_by(|a, b| a.0 == b.0) {
        let sum: u64 = device_holdings.iter().map(|(_, r)| volume(r)).sum();
        let rank = device_holdings[0].1.len();
        let bounding: Vec<Interval> = (0..rank)
            .map(|d| {
                let lo = device_holdings.iter().map(|(_, r)| r[d].lo).min();
                let hi = device_holdings.iter().map(|(_, r)| r[d].hi).max();
                Interval::new(lo.unwrap_or(0), hi.unwrap_or(0))
            })
            .collect();
        held.push((device_holdings[0].0, sum.min(volume(&bounding))));
    }
    let mut by_region: Vec<(&[Interval], u32)> =
        holdings.iter().map(|(d, r)| (r.as_slice(), *d)).collect();
    by_region.sort_unstable();
    let groups = by_region
        .chunk_by(|a, b| a.0 == b.0)
        .filter(|g| g.len() >= min_devices.max(1))
        .map(|g| Group {
            devices: g.iter().map(|h| h.1).collect(),
            elements: volume(g[0].0),
        })
        .collect();
    WeightSync { held, groups }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(lo: u64, hi: u64) -> Interval {
        Interval::new(lo, hi)
    }

    #[test]
    fn replicated_weight_read_by_many_ops_is_one_group() {
        // Three ops reading the whole 4x8 weight on devices 0 and 1: held once, one all-reduce.
        let whole = vec![iv(0, 4), iv(0, 8)];
        let mut h: Vec<_> = (0..3)
            .flat_map(|_| [(0, whole.clone()), (1, whole.clone())])
            .collect();
        let s = analyze(&mut h);
        assert_eq!(s.held, vec![(0, 32), (1, 32)]);
        assert_eq!(
            s.groups,
            vec![Group {
                devices: vec![0, 1],
                elements: 32
            }]
        );
    }

    #[test]
    fn split_and_replicated_readers_share_cells() {
        // Op A splits rows over devices 0 and 1; op B reads the whole weight on device 0.
        let mut h = vec![
            (0, vec![iv(0, 2), iv(0, 8)]),
            (1, vec![iv(2, 4), iv(0, 8)]),
            (0, vec![iv(0, 4), iv(0, 8)]),
        ];
        let s = analyze(&mut h);
        assert_eq!(s.held, vec![(0, 32), (1, 16)]);
        // Rows 2..4 are on devices 0 and 1; rows 0..2 only on device 0.
        assert_eq!(
            s.groups,
            vec![Group {
                devices: vec![0, 1],
                elements: 16
            }]
        );
    }

    #[test]
    fn disjoint_halves_on_one_device_are_the_whole() {
        let mut h = vec![
            (0, vec![iv(0, 2)]),
            (0, vec![iv(2, 4)]),
            (1, vec![iv(0, 4)]),
        ];
        let s = analyze(&mut h);
        assert_eq!(s.held, vec![(0, 4), (1, 4)]);
        assert_eq!(
            s.groups,
            vec![Group {
                devices: vec![0, 1],
                elements: 4
            }]
        );
    }

    #[test]
    fn too_many_cells_fall_back_to_regions() {
        // Staggered 1-wide regions on 3 dims: far more than MAX_CELLS cells.
        let mut h: Vec<(u32, Vec<Interval>)> = (0..40u64)
            .map(|k| (0, vec![iv(k, k + 2), iv(k, k + 2), iv(k, k + 2)]))
            .collect();
        h.push((1, vec![iv(0, 2), iv(0, 2), iv(0, 2)]));
        let s = analyze(&mut h);
        // Device 0: 40 regions of 8 elements, below their 41^3 bounding box.
        assert_eq!(s.held, vec![(0, 320), (1, 8)]);
        assert_eq!(
            s.groups,
            vec![Group {
                devices: vec![0, 1],
                elements: 8
            }]
        );
    }

    #[test]
    fn empty_holdings() {
        assert_eq!(analyze(&mut Vec::new()), WeightSync::default());
    }
}
