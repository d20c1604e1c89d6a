//! How a contraction's operands group into a (batched) GEMM on the IR: a multiply-accumulate body, its
//! operands' dims by loop, and the batch, M, N and K groups a GEMM call reads ([`gemm_shape`]).
//! `gpu-to-device` calls cuBLAS on the contractions [`gemm_shape`] accepts; `gpu-gemm-operands`
//! transposes the operands of the others into an order it accepts. (The contraction family's GPU
//! lowering, sized from its model, is [`super::gpu::gemm_shape`].)

use crate::ir::op_name;
use flexc_core::AffineDim;
use mlir_sys::*;

/// The operands' dims (by loop index) of a contraction from its indexing `maps`; `None` when a map
/// is not a projected permutation.
pub fn operand_dims(maps: &[Vec<AffineDim>]) -> Option<Vec<Vec<usize>>> {
    maps.iter()
        .map(|map| map.iter().map(AffineDim::single_dim).collect())
        .collect()
}

/// Whether a `linalg.generic`'s body is `out + a * b` (a multiply-accumulate of its two inputs).
pub fn multiply_accumulate(op: MlirOperation) -> bool {
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        if mlirBlockGetNumArguments(block) != 3 {
            return false;
        }
        let argument = |i| mlirBlockGetArgument(block, i);
        let mut ops = Vec::new();
        let mut child = mlirBlockGetFirstOperation(block);
        while !child.ptr.is_null() {
            ops.push(child);
            child = mlirOperationGetNextInBlock(child);
        }
        let names: Vec<String> = ops.iter().map(|&o| op_name(o)).collect();
        if names != ["arith.mulf", "arith.addf", "linalg.yield"] {
            return false;
        }
        let operands = |o: MlirOperation| [0, 1].map(|i| mlirOperationGetOperand(o, i));
        let same = |a: MlirValue, b: MlirValue| mlirValueEqual(a, b);
        let pair = |[x, y]: [MlirValue; 2], a: MlirValue, b: MlirValue| {
            (same(x, a) && same(y, b)) || (same(x, b) && same(y, a))
        };
        let product = mlirOperationGetResult(ops[0], 0);
        let sum = mlirOperationGetResult(ops[1], 0);
        pair(operands(ops[0]), argument(0), argument(1))
            && pair(operands(ops[1]), argument(2), product)
            && mlirOperationGetNumOperands(ops[2]) == 1
            && same(mlirOperationGetOperand(ops[2], 0), sum)
    }
}

/// How a contraction maps onto a (batched) GEMM: per operand the groups of its dims to collapse
/// (`[batch] M K` or `[batch] K M` for A, `[batch] K N` or `[batch] N K` for B, `[batch] M N` for
/// C) and whether A and B are transposed.
#[derive(Debug, PartialEq)]
pub struct GemmShape {
    pub groups: [Vec<Vec<usize>>; 3],
    pub transpose_a: bool,
    pub transpose_b: bool,
    pub batched: bool,
}

/// The loop dims of a contraction with operand dims `a`, `b`, `c` by their GEMM group: batch (in all
/// three), M (A and C), N (B and C) in C's order, and K (A and B, not C) in A's order.
pub fn gemm_groups(a: &[usize], b: &[usize], c: &[usize]) -> [Vec<usize>; 4] {
    // The dims of `from` that `x` has (or not) and `y` has (or not).
    let dims = |from: &[usize], (x, in_x): (&[usize], bool), (y, in_y): (&[usize], bool)| {
        from.iter()
            .filter(|d| x.contains(d) == in_x && y.contains(d) == in_y)
            .copied()
            .collect::<Vec<usize>>()
    };
    [
        dims(c, (a, true), (b, true)),
        dims(c, (a, true), (b, false)),
        dims(c, (b, true), (a, false)),
        dims(a, (b, true), (c, false)),
    ]
}

/// The dims of `parts`, one after another.
pub fn joined(parts: &[&Vec<usize>]) -> Vec<usize> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// Classifies the operand dims `[a, b, c]` of a contraction: batch dims in all three, M in A and
/// C, N in B and C, K in A and B; each operand's dims must be its groups in order (the order of C
/// for batch, M, N; of A for K), so that each group collapses to one dim of a row-major operand.
pub fn gemm_shape(dims: &[Vec<usize>]) -> Option<GemmShape> {
    let [a, b, c] = dims else { return None };
    let unique = |v: &Vec<usize>| {
        let mut s = v.clone();
        s.sort_unstable();
        s.dedup();
        s.len() == v.len()
    };
    if !(unique(a) && unique(b) && unique(c)) {
        return None;
    }
    let [batch, m, n, k] = gemm_groups(a, b, c);
    if m.is_empty() || n.is_empty() || k.is_empty() {
        return None;
    }
    if *c != joined(&[&batch, &m, &n]) {
        return None;
    }
    // An operand holds its two groups in order (false) or swapped (true: the GEMM transposes it).
    let transposed = |operand: &Vec<usize>, outer: &Vec<usize>, inner: &Vec<usize>| {
        if *operand == joined(&[&batch, outer, inner]) {
            Some(false)
        } else if *operand == joined(&[&batch, inner, outer]) {
            Some(true)
        } else {
            None
        }
    };
    let transpose_a = transposed(a, &m, &k)?;
    let transpose_b = transposed(b, &k, &n)?;
    // Groups as positions in each operand.
    let positions = |operand: &Vec<usize>, order: &[&Vec<usize>]| -> Vec<Vec<usize>> {
        order
            .iter()
            .filter(|g| !g.is_empty())
            .map(|g| {
                g.iter()
                    .map(|d| operand.iter().position(|x| x == d).unwrap_or(0))
                    .collect()
            })
            .collect()
    };
    let a_order: [&Vec<usize>; 3] = if transpose_a {
        [&batch, &k, &m]
    } else {
        [&batch, &m, &k]
    };
    let b_order: [&Vec<usize>; 3] = if transpose_b {
        [&batch, &n, &k]
    } else {
        [&batch, &k, &n]
    };
    Some(GemmShape {
        groups: [
            positions(a, &a_order),
            positions(b, &b_order),
            positions(c, &[&batch, &m, &n]),
        ],
        transpose_a,
        transpose_b,
        batched: !batch.is_empty(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(a: &[usize], b: &[usize], c: &[usize]) -> Option<GemmShape> {
        gemm_shape(&[a.to_vec(), b.to_vec(), c.to_vec()])
    }

    #[test]
    fn contractions_group_into_gemms() {
        // matmul (m, n, k) = (d0, d1, d2).
        let plain = shape(&[0, 2], &[2, 1], &[0, 1]).unwrap();
        assert_eq!(
            plain.groups,
            [
                vec![vec![0], vec![1]],
                vec![vec![0], vec![1]],
                vec![vec![0], vec![1]]
            ]
        );
        assert!(!plain.transpose_a && !plain.transpose_b && !plain.batched);
        // matmul_transpose_b: B is (n, k).
        let transposed = shape(&[0, 2], &[1, 2], &[0, 1]).unwrap();
        assert!(!transposed.transpose_a && transposed.transpose_b);
        // A transposed: (k, m).
        assert!(shape(&[2, 0], &[2, 1], &[0, 1]).unwrap().transpose_a);
        // batch_matmul.
        let batched = shape(&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]).unwrap();
        assert!(batched.batched);
        assert_eq!(batched.groups[0], vec![vec![0], vec![1], vec![2]]);
        // Reshape propagation's expansion: A (d0, d1, d2, d4) x B (d4, d3) -> C (d0, d1, d2, d3):
        // M = d0 d1 d2 collapses to one dim.
        let expanded = shape(&[0, 1, 2, 4], &[4, 3], &[0, 1, 2, 3]).unwrap();
        assert!(!expanded.batched);
        assert_eq!(expanded.groups[0], vec![vec![0, 1, 2], vec![3]]);
        assert_eq!(expanded.groups[2], vec![vec![0, 1, 2], vec![3]]);
        // N split in two (heads x head dim) on B and C.
        let heads = shape(&[0, 1, 4], &[4, 2, 3], &[0, 1, 2, 3]).unwrap();
        assert_eq!(heads.groups[1], vec![vec![0], vec![1, 2]]);
    }

    #[test]
    fn other_contractions_are_not_gemms() {
        // C's dims out of [batch] M N order.
        assert_eq!(shape(&[0, 2], &[2, 1], &[1, 0]), None);
        // M dims interleaved with K in A.
        assert_eq!(shape(&[0, 3, 1], &[3, 2], &[0, 1, 2]), None);
        // No K (an outer product), no N (a matrix-vector product), a repeated dim.
        assert_eq!(shape(&[0], &[1], &[0, 1]), None);
        assert_eq!(shape(&[0, 1], &[1], &[0]), None);
        assert_eq!(shape(&[0, 0], &[0, 1], &[0, 1]), None);
        // A dim of A alone (reduced over A only).
        assert_eq!(shape(&[0, 3, 2], &[2, 1], &[0, 1]), None);
    }
}
