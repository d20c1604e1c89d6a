//! Region algebra: boxes of half-open index ranges, one `[lo, hi)` per tensor (or loop) dim. The
//! materialization cut of every op family speaks in these boxes (a task's loop box, the region of an
//! operand it reads, the region of a result it writes), and `par-materialize` plans communication by
//! intersecting them.

/// A half-open index range `[lo, hi)` per tensor (or loop) dim.
pub type Region = Vec<(i64, i64)>;

/// The extent of every dim of `region`.
pub fn lengths(region: &Region) -> Vec<i64> {
    region.iter().map(|&(lo, hi)| hi - lo).collect()
}

/// The whole of a tensor of `shape`.
pub fn full(shape: &[i64]) -> Region {
    shape.iter().map(|&n| (0, n)).collect()
}

/// The common part of `a` and `b`; `None` when it is empty.
pub fn intersect(a: &Region, b: &Region) -> Option<Region> {
    let region: Region = a
        .iter()
        .zip(b)
        .map(|(&(alo, ahi), &(blo, bhi))| (alo.max(blo), ahi.min(bhi)))
        .collect();
    region.iter().all(|&(lo, hi)| lo < hi).then_some(region)
}

/// Whether `inner` lies within `outer`.
pub fn contains(outer: &Region, inner: &Region) -> bool {
    outer
        .iter()
        .zip(inner)
        .all(|(&(olo, ohi), &(ilo, ihi))| olo <= ilo && ihi <= ohi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_intersect_and_contain() {
        let a = vec![(0, 4), (2, 6)];
        let b = vec![(2, 8), (0, 3)];
        assert_eq!(intersect(&a, &b), Some(vec![(2, 4), (2, 3)]));
        assert_eq!(intersect(&a, &vec![(4, 8), (0, 6)]), None);
        assert!(contains(&a, &vec![(1, 2), (2, 6)]));
        assert!(!contains(&a, &b));
        assert_eq!(lengths(&a), vec![4, 4]);
        assert_eq!(full(&[3, 5]), vec![(0, 3), (0, 5)]);
    }
}
