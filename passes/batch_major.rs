//! Batch-major graph layouts of merged dims, for the importer (`crate::import`).
//!
//! Sequence-first models fold the batch into a row dim with an outer dim: `tensor.collapse_shape` of a
//! `[40, 64, 1024]` (time, batch, feature) activation into `[2560, 1024]`, row `t * 64 + b`, so that one
//! matmul serves every time step. A block split of those rows splits *time*, not the batch, so data
//! parallelism (every op split along its samples) would move every activation between devices at the
//! collapse and again at the `expand_shape` that unfolds the rows, which no data-parallel framework does:
//! each device folds its own samples.
//!
//! The importer therefore gives such a merged dim a **batch-major** layout in the graph: graph row
//! `b * 40 + t` holds source row `t * 64 + b`. The rows are only renumbered (a bijection), so sizes,
//! FLOPs and bytes are unchanged; what changes is which rows a block of the batch covers. The layout
//! ([`MergedLayout`]) follows the value:
//! - the op that merges the batch with outer dims (an output index that is an exact mixed-radix
//!   linearization of loops, the batch's loop not the outermost) writes the renumbered index;
//! - a reader that unfolds the same factors (an `expand_shape`, or any access linearizing loops of the
//!   factors' sizes with the source strides) reads the renumbered index ([`MergedLayout::relinearize`]);
//! - a reader that walks the whole dim with one loop (a matmul's row loop, a bias add) is indifferent to
//!   the row order: its outputs written through that loop alone carry the layout on.
//!
//! Limits: any other reader of a renumbered dim (a slice of some rows, a strided access) keeps its
//! source index, so the simulator sees it read other rows than it does (the same number of them); no
//! imported model reads merged rows so. `par-materialize` keeps the source layout (it partitions the
//! MLIR ops, not the graph): its data-parallel program of such a model splits the merged rows in blocks
//! and exchanges them, which the simulator does not charge.

use flexc_core::AffineDim;

/// A tensor dim merging `sizes` (source order, outermost first) whose factor `batch` is the batch, held
/// batch-major in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MergedLayout {
    /// The merged tensor dim.
    pub dim: usize,
    /// Factor sizes in source order, outermost first (all greater than 1).
    pub sizes: Vec<u64>,
    /// Which factor is the batch.
    pub batch: usize,
}

impl MergedLayout {
    /// The layout of tensor dim `dim` written through `expr` over loops of sizes `loops`, when `expr`
    /// merges the sample loop `sample` with an outer loop: an exact mixed-radix linearization (offset 0,
    /// each coefficient the product of the sizes of the terms inside it, over loops of more than one
    /// iteration, covering the dim's `extent`) in which `sample` is not the outermost term.
    pub fn of_output(
        dim: usize,
        expr: &AffineDim,
        loops: &[u64],
        sample: usize,
        extent: u64,
    ) -> Option<Self> {
        let factors = factors(expr, loops)?;
        let batch = factors.iter().position(|&(k, _)| k == sample)?;
        let sizes: Vec<u64> = factors.iter().map(|&(_, n)| n).collect();
        let total = sizes.iter().try_fold(1u64, |a, &n| a.checked_mul(n))?;
        (batch > 0 && total == extent).then_some(MergedLayout { dim, sizes, batch })
    }

    /// The loops of `expr`'s factors, outermost first (see [`MergedLayout::of_output`]).
    pub fn factor_loops(expr: &AffineDim, loops: &[u64]) -> Vec<usize> {
        factors(expr, loops)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, _)| k)
            .collect()
    }

    /// The merged dim's size: the product of its factors.
    pub fn extent(&self) -> u64 {
        self.sizes.iter().product()
    }

    /// Source strides of the factors: each the product of the sizes inside it.
    fn source_strides(&self) -> Vec<i64> {
        strides(&self.sizes, &(0..self.sizes.len()).collect::<Vec<_>>())
    }

    /// Graph strides of the factors, in source order: the batch outermost, the others in source order.
    fn graph_strides(&self) -> Vec<i64> {
        let order: Vec<usize> = std::iter::once(self.batch)
            .chain((0..self.sizes.len()).filter(|&i| i != self.batch))
            .collect();
        strides(&self.sizes, &order)
    }

    /// `expr` (a source-layout index of the merged dim over loops of sizes `loops`) as the graph-layout
    /// index, when it linearizes loops of the factors' sizes with the source strides; `None` otherwise.
    pub fn relinearize(&self, expr: &AffineDim, loops: &[u64]) -> Option<AffineDim> {
        let factors = factors(expr, loops)?;
        let source = self.source_strides();
        if factors.len() != self.sizes.len() {
            return None;
        }
        let graph = self.graph_strides();
        let mut out = AffineDim::constant(0);
        for (i, &(k, n)) in factors.iter().enumerate() {
            let c = expr.terms.iter().find(|&&(d, _)| d == k)?.1;
            if n != self.sizes[i] || c != source[i] {
                return None;
            }
            out.terms.push((k, graph[i]));
        }
        Some(out)
    }

    /// The index of the merged dim in the graph layout for loops `loops` of the source factors, outermost
    /// first (as `relinearize` writes it for a reader, and `of_output` for the writer).
    pub fn graph_index(&self, factor_loops: &[usize]) -> AffineDim {
        let graph = self.graph_strides();
        AffineDim {
            terms: factor_loops.iter().copied().zip(graph).collect(),
            offset: 0,
        }
    }
}

/// `(loop, size)` of `expr`'s terms over loops of more than one iteration, outermost first, when `expr` is
/// an exact mixed-radix linearization of at least two of them (offset 0, innermost coefficient 1, each
/// coefficient the product of the sizes inside it).
fn factors(expr: &AffineDim, loops: &[u64]) -> Option<Vec<(usize, u64)>> {
    if expr.offset != 0 {
        return None;
    }
    let mut terms: Vec<(usize, i64, u64)> = expr
        .terms
        .iter()
        .filter_map(|&(k, c)| {
            let n = *loops.get(k)?;
            (n > 1).then_some((k, c, n))
        })
        .collect();
    if terms.len() < 2 {
        return None;
    }
    terms.sort_by_key(|&(_, c, _)| std::cmp::Reverse(c));
    let mut inner: i64 = 1;
    for &(_, c, n) in terms.iter().rev() {
        if c != inner {
            return None;
        }
        inner = inner.checked_mul(i64::try_from(n).ok()?)?;
    }
    Some(terms.into_iter().map(|(k, _, n)| (k, n)).collect())
}

/// Strides of factors `sizes` laid out in `order` (outermost first), listed in source order.
fn strides(sizes: &[u64], order: &[usize]) -> Vec<i64> {
    let mut out = vec![0i64; sizes.len()];
    let mut inner: i64 = 1;
    for &i in order.iter().rev() {
        out[i] = inner;
        inner = inner.saturating_mul(i64::try_from(sizes[i]).unwrap_or(i64::MAX));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(terms: &[(usize, i64)]) -> AffineDim {
        AffineDim {
            terms: terms.to_vec(),
            offset: 0,
        }
    }

    #[test]
    fn time_major_rows_become_batch_major() {
        // collapse [40, 64, 1024] -> [2560, 1024]: row d0 * 64 + d1, the batch d1.
        let loops = [40, 64, 1024];
        let layout = MergedLayout::of_output(0, &lin(&[(0, 64), (1, 1)]), &loops, 1, 2560).unwrap();
        assert_eq!(layout.sizes, vec![40, 64]);
        assert_eq!(layout.batch, 1);
        assert_eq!(layout.graph_index(&[0, 1]), lin(&[(0, 1), (1, 40)]));
        // An expand_shape reading it back with other loop numbers.
        let back = layout
            .relinearize(&lin(&[(2, 64), (0, 1)]), &[64, 4096, 40])
            .unwrap();
        assert_eq!(back, lin(&[(2, 1), (0, 40)]));
        // Another factorization is not relinearized.
        assert!(layout
            .relinearize(&lin(&[(0, 32), (1, 1)]), &[80, 32])
            .is_none());
    }

    #[test]
    fn batch_outermost_or_inexact_merges_keep_their_layout() {
        // Batch already outermost.
        assert!(MergedLayout::of_output(0, &lin(&[(0, 40), (1, 1)]), &[64, 40], 0, 2560).is_none());
        // Not a mixed-radix linearization (a convolution's window).
        assert!(MergedLayout::of_output(0, &lin(&[(0, 2), (1, 1)]), &[64, 3], 1, 130).is_none());
        // Offset.
        let mut e = lin(&[(0, 64), (1, 1)]);
        e.offset = 1;
        assert!(MergedLayout::of_output(0, &e, &[40, 64], 1, 2560).is_none());
    }
}
