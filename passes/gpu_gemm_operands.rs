//! `gpu-gemm-operands`: on the tensor program, before the families are tagged, every
//! multiply-accumulate `linalg.generic` on static f32 tensors whose index maps name a (batched)
//! GEMM's groups (batch dims in all three operands, M in A and C, N in B and C, K in A and B) in an
//! order no GEMM call reads gets `linalg.transpose`s that put each such operand in `[batch] M K`,
//! `[batch] K N` and `[batch] M N` order (C computed in that order and transposed back), so that
//! `gpu-to-device` calls cuBLAS on it rather than lowering it to a reduction kernel.
//!
//! `par-substitute` folds transposes into contraction index maps (attention's Q·Kᵀ then reads
//! `(batch, seq, head, dim)` operands with batch dims `batch, head` apart); on the GPU a strided
//! batched GEMM needs each operand's batch dims outermost, so the copies come back here, where the
//! GPU needs them, as the original graph's transposes were. Contractions a GEMM reads as they are,
//! and everything else, are left alone. Each contraction gets its own transposes; the GPU recipe runs
//! `cse` next, which leaves one per operand and order.
//!
//! Precondition: linalg on tensors. Postcondition: the same values; every rewritten contraction's
//! operands are in an order [`crate::family::gemm::gemm_shape`] accepts.
//!
//! ```mlir
//! // before: A (b, m, h, k), B (b, n, h, k), C (b, h, m, n)
//! %s = linalg.generic {indexing_maps = [(b, h, m, n, k) -> (b, m, h, k), (b, h, m, n, k) -> (b, n, h, k),
//!                                       (b, h, m, n, k) -> (b, h, m, n)], ...} ins(%q, %k) outs(%zero)
//! // after: A and B transposed to (b, h, m, k) and (b, h, n, k) first
//! %qt = linalg.transpose ins(%q) outs(...) permutation = [0, 2, 1, 3]
//! %kt = linalg.transpose ins(%k) outs(...) permutation = [0, 2, 1, 3]
//! %s = linalg.generic {indexing_maps = [(b, h, m, n, k) -> (b, h, m, k), (b, h, m, n, k) -> (b, h, n, k),
//!                                       (b, h, m, n, k) -> (b, h, m, n)], ...} ins(%qt, %kt) outs(%zero)
//! ```

use crate::family::gemm::{gemm_groups, gemm_shape, joined, multiply_accumulate, operand_dims};
use crate::ir::{self, build};
use crate::{Options, PassId, PassInfo};
use melior::ir::OperationRef;
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-gemm-operands",
    summary: "GPU target: transpose contraction operands into an order a (batched) GEMM reads",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__tensor__,
    ],
};

fn run(module: OperationRef<'_, '_>, _options: &Options) -> Result<(), ()> {
    let candidates: Vec<MlirOperation> = ir::all_ops(module.to_raw())
        .into_iter()
        .filter(|&op| ir::op_name(op) == "linalg.generic")
        .collect();
    for op in candidates {
        rewrite(op);
    }
    Ok(())
}

/// The operand dims (by loop index) a GEMM reads for a contraction of operand dims `dims` (`[a, b,
/// c]`) that no GEMM reads as it is: an operand a GEMM reads keeps its order, the others take
/// `[batch] M K` (A), `[batch] K N` (B), `[batch] M N` (C), with batch, M and N in C's order and K in
/// A's. `None` when the contraction is a GEMM already, or not one in any order (a dim in one
/// operand only, a repeated dim, no M, N or K).
pub(crate) fn gemm_orders(dims: &[Vec<usize>]) -> Option<[Vec<usize>; 3]> {
    let [a, b, c] = dims else { return None };
    if gemm_shape(dims).is_some() {
        return None;
    }
    let [batch, m, n, k] = gemm_groups(a, b, c);
    if m.is_empty() || n.is_empty() || k.is_empty() {
        return None;
    }
    let same_set = |x: &Vec<usize>, y: &Vec<usize>| {
        let (mut x, mut y) = (x.clone(), y.clone());
        x.sort_unstable();
        y.sort_unstable();
        x == y
    };
    // Every dim of each operand in its groups, each once.
    let a_order = joined(&[&batch, &m, &k]);
    let b_order = joined(&[&batch, &k, &n]);
    let c_order = joined(&[&batch, &m, &n]);
    if !(same_set(a, &a_order) && same_set(b, &b_order) && same_set(c, &c_order)) {
        return None;
    }
    // An operand already in one of the two orders a GEMM reads keeps it.
    let keep = |operand: &Vec<usize>, outer: &Vec<usize>, inner: &Vec<usize>| {
        *operand == joined(&[&batch, outer, inner]) || *operand == joined(&[&batch, inner, outer])
    };
    let orders = [
        if keep(a, &m, &k) { a.clone() } else { a_order },
        if keep(b, &k, &n) { b.clone() } else { b_order },
        c_order,
    ];
    gemm_shape(&orders).map(|_| orders)
}

/// Rewrites `op` when it is a contraction [`gemm_orders`] reorders.
fn rewrite(op: MlirOperation) {
    unsafe {
        if mlirOperationGetNumOperands(op) != 3
            || mlirOperationGetNumResults(op) != 1
            || !multiply_accumulate(op)
        {
            return;
        }
    }
    let Some(maps) = ir::linalg_indexing_maps(op) else {
        return;
    };
    let loops = maps.first().map_or(0, |(loops, _)| *loops);
    let results: Vec<_> = maps.into_iter().map(|(_, results)| results).collect();
    let Some(dims) = operand_dims(&results) else {
        return;
    };
    let operands: Vec<MlirValue> = (0..3)
        .map(|i| unsafe { mlirOperationGetOperand(op, i) })
        .collect();
    let shapes: Option<Vec<Vec<u64>>> = operands
        .iter()
        .map(|&v| {
            let ty = unsafe { mlirValueGetType(v) };
            let f32 = unsafe { mlirTypeIsAF32(mlirShapedTypeGetElementType(ty)) };
            ir::tensor_shape(ty)
                .filter(|s| f32 && s.is_static())
                .map(|s| s.static_dims())
        })
        .collect();
    let Some(shapes) = shapes else { return };
    let Some(orders) = gemm_orders(&dims) else {
        return;
    };
    let location = unsafe { mlirOperationGetLocation(op) };
    // `perm[i]`: the position in `from` of `to[i]`.
    let perm = |from: &[usize], to: &[usize]| -> Vec<usize> {
        to.iter()
            .map(|d| from.iter().position(|x| x == d).unwrap_or(0))
            .collect()
    };
    let mut maps = Vec::new();
    for (i, (current, wanted)) in dims.iter().zip(&orders).enumerate() {
        if current != wanted {
            let p = perm(current, wanted);
            let shape: Vec<u64> = p.iter().map(|&j| shapes[i][j]).collect();
            let moved = build::transpose(op, location, &p, operands[i], &shape);
            unsafe { mlirOperationSetOperand(op, i as isize, moved) };
        }
        maps.push(build::map_of(
            unsafe { mlirOperationGetContext(op) },
            loops,
            wanted,
        ));
    }
    unsafe {
        let cx = mlirOperationGetContext(op);
        let attribute = mlirArrayAttrGet(cx, maps.len() as isize, maps.as_ptr());
        mlirOperationSetAttributeByName(
            op,
            melior::StringRef::new("indexing_maps").to_raw(),
            attribute,
        );
    }
    if dims[2] != orders[2] {
        // C is computed in GEMM order (the init moved above), then put back in its own.
        let result = unsafe { mlirOperationGetResult(op, 0) };
        let moved_init = unsafe { mlirOperationGetOperand(op, 2) };
        unsafe { mlirValueSetType(result, mlirValueGetType(moved_init)) };
        let next = unsafe { mlirOperationGetNextInBlock(op) };
        let back = build::transpose(
            next,
            location,
            &perm(&orders[2], &dims[2]),
            result,
            &shapes[2],
        );
        unsafe {
            let mut except = mlirOpResultGetOwner(back);
            mlirValueReplaceAllUsesExcept(result, back, 1, &mut except);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::gemm_orders;

    fn orders(a: &[usize], b: &[usize], c: &[usize]) -> Option<[Vec<usize>; 3]> {
        gemm_orders(&[a.to_vec(), b.to_vec(), c.to_vec()])
    }

    #[test]
    fn attention_scores_read_with_heads_inside() {
        // (b, h, m, n, k) = (d0, d1, d2, d3, d4): A (b, m, h, k), B (b, n, h, k), C (b, h, m, n).
        let [a, b, c] = orders(&[0, 2, 1, 4], &[0, 3, 1, 4], &[0, 1, 2, 3]).unwrap();
        assert_eq!(a, vec![0, 1, 2, 4]);
        assert_eq!(b, vec![0, 1, 4, 3]);
        assert_eq!(c, vec![0, 1, 2, 3]);
    }

    #[test]
    fn operands_a_gemm_reads_keep_their_order() {
        // B transposed (b, h, n, k) is read by the GEMM as it is; only A moves.
        let [a, b, _] = orders(&[0, 2, 1, 4], &[0, 1, 3, 4], &[0, 1, 2, 3]).unwrap();
        assert_eq!(a, vec![0, 1, 2, 4]);
        assert_eq!(b, vec![0, 1, 3, 4]);
    }

    #[test]
    fn result_out_of_order_is_computed_in_order() {
        // C (n, m) of a plain matmul: computed as (m, n).
        let [a, b, c] = orders(&[0, 2], &[2, 1], &[1, 0]).unwrap();
        assert_eq!((a, b, c), (vec![0, 2], vec![2, 1], vec![0, 1]));
    }

    #[test]
    fn gemms_and_non_contractions_are_left_alone() {
        // Already a batched GEMM.
        assert_eq!(orders(&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]), None);
        // A dim of A alone, an outer product, a repeated dim.
        assert_eq!(orders(&[0, 3, 2], &[2, 1], &[0, 1]), None);
        assert_eq!(orders(&[0], &[1], &[0, 1]), None);
        assert_eq!(orders(&[0, 0], &[0, 1], &[0, 1]), None);
    }
}
