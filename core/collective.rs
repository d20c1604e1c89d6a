//! The data layout of the all-gather and reduce-scatter collectives (`par.all_gather`,
//! `par.reduce_scatter`), shared by `flexc-run`'s CPU runtime and `flexc-gpu`: a tensor of `shape`
//! cut along `dim` into `parts` equal parts, part `i` belonging to the `i`-th member of the group
//! (ascending device ids). Row-major buffers of `width`-byte elements.
//!
//! - all-gather: every member contributes its part; every member gets the whole tensor, the parts
//!   placed in member order ([`gather`]);
//! - reduce-scatter: every member contributes the whole tensor; the contributions are folded in member
//!   order (`crate::reduce::fold_ordered`, as an all-reduce) and member `i` keeps part `i` ([`part`]).
//!
//! [`segments`] is the layout itself: where each contiguous run of part `i` lies in the whole tensor,
//! which the GPU runtime turns into device copies.

/// One contiguous run: `bytes` bytes at `whole` in the whole tensor and at `part` in part `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub whole: usize,
    pub part: usize,
    pub bytes: usize,
}

/// Why a layout is not one of equal parts.
pub fn check(shape: &[u64], dim: usize, parts: usize) -> Result<(), String> {
    if parts == 0 {
        return Err("a collective over no devices".into());
    }
    let Some(&extent) = shape.get(dim) else {
        return Err(format!(
            "dim {dim} is not a dim of a rank-{} tensor",
            shape.len()
        ));
    };
    if extent % parts as u64 != 0 {
        return Err(format!(
            "dim {dim} ({extent}) does not split into {parts} equal parts"
        ));
    }
    Ok(())
}

/// The runs of part `index` of the whole tensor `shape` cut along `dim` into `parts` (see the module
/// doc; [`check`] first).
pub fn segments(
    shape: &[u64],
    dim: usize,
    parts: usize,
    index: usize,
    width: usize,
) -> Vec<Segment> {
    let outer: usize = shape[..dim].iter().product::<u64>() as usize;
    let inner: usize = shape[dim + 1..].iter().product::<u64>() as usize * width;
    let along = shape[dim] as usize;
    let run = along / parts * inner;
    (0..outer)
        .map(|o| Segment {
            whole: o * along * inner + index * run,
            part: o * run,
            bytes: run,
        })
        .filter(|s| s.bytes > 0)
        .collect()
}

/// The whole tensor from the members' parts, in member order.
pub fn gather(parts: &[&[u8]], shape: &[u64], dim: usize, width: usize) -> Vec<u8> {
    let total = shape.iter().product::<u64>() as usize * width;
    let mut whole = vec![0u8; total];
    for (index, data) in parts.iter().enumerate() {
        for s in segments(shape, dim, parts.len(), index, width) {
            whole[s.whole..s.whole + s.bytes].copy_from_slice(&data[s.part..s.part + s.bytes]);
        }
    }
    whole
}

/// Part `index` of the whole tensor.
pub fn part(
    whole: &[u8],
    shape: &[u64],
    dim: usize,
    parts: usize,
    index: usize,
    width: usize,
) -> Vec<u8> {
    let total = shape.iter().product::<u64>() as usize * width / parts;
    let mut out = vec![0u8; total];
    for s in segments(shape, dim, parts, index, width) {
        out[s.part..s.part + s.bytes].copy_from_slice(&whole[s.whole..s.whole + s.bytes]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(values: &[u8]) -> Vec<u8> {
        values.to_vec()
    }

    #[test]
    fn parts_along_an_inner_dim_interleave_in_the_whole() {
        // A 2x4 tensor of 1-byte elements cut along dim 1 into 2 parts of 2x2.
        let whole = bytes(&[0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(part(&whole, &[2, 4], 1, 2, 0, 1), vec![0, 1, 4, 5]);
        assert_eq!(part(&whole, &[2, 4], 1, 2, 1, 1), vec![2, 3, 6, 7]);
        let (a, b) = (bytes(&[0, 1, 4, 5]), bytes(&[2, 3, 6, 7]));
        assert_eq!(gather(&[&a, &b], &[2, 4], 1, 1), whole);
        // Along dim 0: contiguous halves.
        assert_eq!(part(&whole, &[2, 4], 0, 2, 1, 1), vec![4, 5, 6, 7]);
        assert_eq!(
            segments(&[2, 4], 1, 2, 1, 4),
            vec![
                Segment {
                    whole: 8,
                    part: 0,
                    bytes: 8
                },
                Segment {
                    whole: 24,
                    part: 8,
                    bytes: 8
                }
            ]
        );
    }

    #[test]
    fn gathering_every_part_restores_the_whole() {
        let shape = [3u64, 6, 2];
        let width = 4;
        let whole: Vec<u8> = (0..(3 * 6 * 2 * width) as u32).map(|x| x as u8).collect();
        for dim in 0..3 {
            for parts in [1, 2, 3, 6] {
                if check(&shape, dim, parts).is_err() {
                    continue;
                }
                let pieces: Vec<Vec<u8>> = (0..parts)
                    .map(|i| part(&whole, &shape, dim, parts, i, width))
                    .collect();
                let refs: Vec<&[u8]> = pieces.iter().map(Vec::as_slice).collect();
                assert_eq!(
                    gather(&refs, &shape, dim, width),
                    whole,
                    "dim {dim} parts {parts}"
                );
            }
        }
        assert!(check(&shape, 1, 4).unwrap_err().contains("does not split"));
        assert!(check(&shape, 3, 1).is_err());
    }
}
