//! The `shard` export's rule, shared by every op family ([`super::OpFamily::shard_axes`] defaults to
//! [`split_axes`]): which grid axes split each tensor dim of an op whose configuration is an SPMD split
//! over a device grid (see `par_export_shard` for the whole export).

use flexc_core::AffineDim;
use flexc_core::{Config, DeviceId};
use std::collections::HashSet;

/// The split axes of one tensor: per tensor dim, the grid axes splitting it (empty: not split).
pub type SplitAxes = Vec<Vec<usize>>;

/// The split axes of a tensor of `shape` read or written through `access`, on an op whose loop `k` has
/// trip count `loops[k]` and grid axis `axis_of[k]` (`None`: not split). `Err` says why it is not
/// expressible.
pub fn split_axes(
    access: &[AffineDim],
    shape: &[u64],
    loops: &[u64],
    axis_of: &[Option<usize>],
) -> Result<SplitAxes, String> {
    access
        .iter()
        .enumerate()
        .map(|(j, expr)| {
            let split: Vec<(usize, i64)> = expr
                .terms
                .iter()
                .copied()
                .filter(|&(k, c)| c != 0 && axis_of.get(k).copied().flatten().is_some())
                .collect();
            match split.as_slice() {
                [] => Ok(Vec::new()),
                [(k, 1)]
                    if expr.terms.len() == 1
                        && expr.offset == 0
                        && shape.get(j) == loops.get(*k) =>
                {
                    Ok(vec![axis_of[*k].expect("a split loop")])
                }
                [(k, c)] if outermost_of_linearization(expr, *k, *c, shape.get(j), loops) => {
                    Ok(vec![axis_of[*k].expect("a split loop")])
                }
                [(k, _)] => Err(format!(
                    "tensor dim {j} is indexed by split loop d{k} with an offset, a stride, other loops or another size (a halo)"
                )),
                _ => Err(format!("tensor dim {j} is indexed by a sum of split loops")),
            }
        })
        .collect()
}

/// A grid shape and the grid axis of each loop (`None`: not split).
pub type LoopGrid = (Vec<u64>, Vec<Option<usize>>);

/// Whether `expr` is a row-major linearization (a reshape's merged dim) whose outermost term is loop `k`
/// with coefficient `c`, over a tensor dim of `size`: splitting `k` then splits the dim in equal blocks.
fn outermost_of_linearization(
    expr: &AffineDim,
    k: usize,
    c: i64,
    size: Option<&u64>,
    loops: &[u64],
) -> bool {
    let inner: i64 = expr
        .terms
        .iter()
        .filter(|&&(d, _)| d != k)
        .map(|&(d, coefficient)| coefficient * (loops.get(d).copied().unwrap_or(1) as i64 - 1))
        .sum();
    let all_positive = expr.terms.iter().all(|&(_, coefficient)| coefficient > 0);
    all_positive
        && expr.offset == 0
        && inner == c - 1
        && size.copied() == loops.get(k).map(|&n| n * c as u64)
}

/// The grid shape of `config` and each loop's grid axis; `Ok(None)` for one task (a replicated
/// configuration included: in SPMD form every process computes it); `Err` when a device runs several
/// tasks.
pub fn grid_of(config: &Config) -> Result<Option<LoopGrid>, String> {
    if config.devices.len() <= 1 || config.is_replicated() {
        return Ok(None);
    }
    let distinct: HashSet<DeviceId> = config.devices.iter().copied().collect();
    if distinct.len() != config.devices.len() {
        let ids: Vec<u32> = config.devices.iter().map(|d| d.0).collect();
        return Err(format!("devices {ids:?} run several tasks each"));
    }
    let mut shape = Vec::new();
    let axis_of = config
        .degrees
        .iter()
        .map(|&d| {
            (d > 1).then(|| {
                shape.push(d);
                shape.len() - 1
            })
        })
        .collect();
    Ok(Some((shape, axis_of)))
}

/// The `split_axes` text of the `shard.sharding` syntax: `[[], [0]]` (`[[]]` for a rank-0 tensor,
/// which the syntax needs one entry for).
pub fn axes_text(axes: &SplitAxes) -> String {
    if axes.is_empty() {
        return "[[]]".to_string();
    }
    let dims: Vec<String> = axes
        .iter()
        .map(|a| {
            let a: Vec<String> = a.iter().map(|x| x.to_string()).collect();
            format!("[{}]", a.join(", "))
        })
        .collect();
    format!("[{}]", dims.join(", "))
}

/// The grid symbol of a shape: `grid_2x4`; `grid_2x4_<number>` for the `number`th (from 1) other
/// device order of that shape.
pub fn grid_name(shape: &[u64], number: usize) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    match number {
        0 => format!("grid_{}", parts.join("x")),
        n => format!("grid_{}_{n}", parts.join("x")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(k: usize) -> AffineDim {
        AffineDim {
            terms: vec![(k, 1)],
            offset: 0,
        }
    }

    #[test]
    fn matmul_column_split() {
        // (m, n, k) = (64, 1024, 256), n split 4 ways.
        let config = Config {
            degrees: vec![1, 4, 1],
            devices: (0..4).map(DeviceId).collect(),
        };
        let (shape, axis_of) = grid_of(&config).unwrap().unwrap();
        assert_eq!(shape, vec![4]);
        let loops = [64, 1024, 256];
        let result = split_axes(&[d(0), d(1)], &[64, 1024], &loops, &axis_of).unwrap();
        assert_eq!(axes_text(&result), "[[], [0]]");
        let lhs = split_axes(&[d(0), d(2)], &[64, 256], &loops, &axis_of).unwrap();
        assert_eq!(axes_text(&lhs), "[[], []]");
        assert_eq!(grid_name(&shape, 0), "grid_4");
        assert_eq!(grid_name(&[2, 4], 1), "grid_2x4_1");
    }

    #[test]
    fn not_expressible() {
        let repeated = Config {
            degrees: vec![4],
            devices: [1, 0, 1, 0].map(DeviceId).to_vec(),
        };
        assert!(grid_of(&repeated).is_err());
        let axis_of = [Some(0), Some(1)];
        let sum = AffineDim {
            terms: vec![(0, 1), (1, 1)],
            offset: 0,
        };
        assert!(split_axes(&[sum], &[10], &[8, 3], &axis_of).is_err());
        let halo = AffineDim {
            terms: vec![(0, 1), (1, 1)],
            offset: 0,
        };
        assert!(split_axes(&[halo], &[10], &[8, 3], &[Some(0), None]).is_err());
        // A reshape's merged dim `[d0 * 8 + d1]` (d1 < 8): splitting d0 splits it in blocks.
        let merged = AffineDim {
            terms: vec![(0, 8), (1, 1)],
            offset: 0,
        };
        let axes = split_axes(
            std::slice::from_ref(&merged),
            &[32],
            &[4, 8],
            &[Some(0), None],
        )
        .unwrap();
        assert_eq!(axes_text(&axes), "[[0]]");
        assert!(split_axes(&[merged], &[32], &[4, 8], &[None, Some(0)]).is_err());
        let single = Config {
            degrees: vec![1, 1],
            devices: vec![DeviceId(3)],
        };
        assert!(grid_of(&single).unwrap().is_none());
    }
}
