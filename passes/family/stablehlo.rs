//! The StableHLO/CHLO op family: reduces an op in generic form (as torch-mlir and JAX export it, parsed
//! with unregistered dialects allowed) to an [`OpModel`] by the op's MLIR semantics.
//!
//! Every StableHLO attribute of such an op is either a builtin attribute (`array<i64: ...>`,
//! `dense<...> : tensor<...>`, `3 : i64`) or, for StableHLO's own attributes, an opaque attribute whose
//! text is parsed here (`#stablehlo.dot<...>`, `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`
//! or its `raw` form, `#stablehlo.gather<...>`, `#stablehlo.scatter<...>`). The attributes sit in the
//! properties of the generic op; MLIR answers `mlirOperationGetAttributeByName` from them (unregistered
//! ops keep their properties as a dictionary).
//!
//! Loops are written `d0, d1, ...` in the order below; `P` parallel, `R` reduction. `None` marks an
//! operand the op does not read elementwise (scalars such as init and padding values, shape operands).
//! Convolution loops follow the output tensor's dim order (NCHW, NHWC or JAX's `[0, 1, b, f]` weight
//! gradients alike), so the result access is the identity up to the group split. A reshape group whose
//! sides are equally fine takes the result's dims as loops. Every model satisfies [`OpModel::check`]
//! and, except the `select_and_scatter` window loops below, the linalg convention that a loop of more
//! than one trip is parallel iff it indexes a result (the unit tests check both on every exported op).
//!
//! | op | loops | accesses | class, FLOPs |
//! |----|-------|----------|--------------|
//! | elementwise: `add subtract multiply divide remainder power maximum minimum atan2 and or xor not negate abs sign floor ceil round_nearest_even round_nearest_afz exponential exponential_minus_one log log_plus_one logistic sqrt rsqrt cbrt tanh tan sine cosine is_finite popcnt count_leading_zeros shift_* convert bitcast_convert reduce_precision real imag complex compare select clamp`, CHLO unary ops (`chlo.square`, `erf`, ...) and `chlo.broadcast_*` | result dims (P) | identity; a lower-rank operand (rank-0 `clamp` bounds, a rank-0 `select` predicate, `chlo.broadcast_*` operands) is indexed by its `broadcast_dimensions` (CHLO) or trailing-aligned (numpy), a size-1 dim against a larger one at constant 0 | Elementwise, 1 per point (transcendentals and `convert` too) |
//! | `broadcast_in_dim` (`dynamic_` too, shape operand `None`) | result dims (P) | operand dim `i` by loop `broadcast_dimensions[i]`, or constant 0 if it has size 1 and the result dim is larger | DataMovement, 0 |
//! | `reshape` | per group of dims whose sizes multiply to the same number: the dims of the finer side | finer side identity, coarser side [`linearized`] over the group's loops | DataMovement, 0 |
//! | `transpose` | result dims (P) | operand dim `permutation[i]` by loop `i` | DataMovement, 0 |
//! | `reverse` | result dims (P) | reversed dims `size-1-d` | DataMovement, 0 |
//! | `slice` | result dims (P) | `d*stride + start` | DataMovement, 0 |
//! | `pad` | result dims (P); operand dims if any interior padding | `d - low`; with interior padding the result at `d*(interior+1) + low`; padding value `None` | DataMovement, 0 |
//! | `concatenate` | result dims (P) | operand `k`: `d - offset_k` along `dimension` | DataMovement, 0 |
//! | `iota`, `dynamic_iota` | result dims (P) | shape operand `None` | DataMovement, 0 |
//! | `dot_general`, `dot` | batch, lhs free, rhs free (P), contracting (R) | by dimension numbers (`dot`: lhs last dim with rhs first) | Contraction, 2 per point |
//! | `convolution` | output dims in output order (P; the feature loop runs within a group), the group (P, when `feature_group_count` or `batch_group_count` > 1), kernel input feature (R), kernel spatial (R) | input spatial `o*stride + k*rhs_dilation - pad_low`; grouped features and batches exact: `group*size/groups + loop`; `window_reversal` reads the kernel at `size-1-k` | Convolution, 2 per point |
//! | `reduce` | input dims; `dimensions` R | inputs identity, init values `None`, results by the remaining loops | Reduction, 1 per input point and reduced tensor |
//! | `reduce_window` | result dims (P), window dims (R) | input `o*stride + w*window_dilation - pad_low`; init values `None` | Convolution (pooling), 1 per point and tensor |
//! | `select_and_scatter` | source dims (P), window dims (R) | operand and result at `s*stride + w - pad_low`, source identity, init `None` | Convolution, 1 per point |
//! | `gather` | result dims (P), one per indexed table dim (R) | table: offset dims by their result loops, batching dims by the batch loops, indexed dims by their own loop; indices: the result's batch loops, index-vector dim constant 0 | Embedding, 0 |
//! | `chlo.top_k` | leading dims (P), rank `j < k` (P), the sorted last dim (R) | input by the leading loops and the sorted loop, both results (values, indices) by the leading loops and the rank | Reduction, 1 per point (a pass over the row per rank) |
//! | `scatter` | update dims (window and batching dims P, scatter dims R), one per indexed operand dim (P) | the mirror image of `gather`; the operand is read where the result is written | Embedding, 1 per update point and tensor |
//!
//! Approximations (everything else follows the op's semantics exactly):
//! - **non-contiguous reshape**: a group of dims with two or more non-unit dims on both sides (e.g.
//!   `[6, 4] -> [4, 6]`) is not a merge or split, and no affine access relates the sides. Its result
//!   dims become parallel loops and its operand dims reduction loops of their own: every result element
//!   of the group may come from any operand element of the group. Splitting a result loop then reads
//!   the whole operand group, splitting an operand loop leaves partial results to combine: conservative
//!   (it never claims locality the op does not have) and cheap for a 0-FLOP op;
//! - **interior padding** (`pad` with `interior_padding` > 0): loops run over the operand, which is read
//!   whole, and the result is written at `d*(interior+1) + low`; the padding elements belong to no loop
//!   point;
//! - **lhs/base dilation** `l > 1` (`convolution` input gradients, `reduce_window` `base_dilations`): the
//!   output dim `o` is split into `o = l*q + r` (loops `q` of `ceil(size/l)` and `r` of `l`, both
//!   parallel), and the input is read at `q*stride + w*dilation - floor(pad_low/l)`. The tiling is exact
//!   (a block of `q` reads the matching block of the input); the window is over-approximated (up to `l`
//!   times wider halo). FLOPs are divided by the product of the dilations, the share of the dilated
//!   input that is not a hole;
//! - **index vectors** (`gather`, `scatter`): the index-vector dim of the indices is read at constant 0
//!   (the whole vector is read at each point; it is never worth splitting);
//! - **gather slices** of an indexed dim that is not collapsed: the table index is the sum of the
//!   indexed loop (trip `size - slice + 1`) and the offset loop;
//! - **scatter loops**: the loops over indexed operand dims index the result, so they are parallel (a
//!   split partitions the result, each part reading every update), while the update dims that are not
//!   window or batching dims are reductions (updates landing on one element are combined): the
//!   linalg convention (a loop is parallel iff it indexes a result), not the gather's mirror;
//! - **select_and_scatter**: the window loops are reductions although they index the result: windows
//!   overlap, so window points land on one result element and are summed (a transposed pooling); the
//!   selection itself (which window element wins) is data-dependent and not modelled.
//!
//! Not modelled here: `stablehlo.constant`, `stablehlo.return` and `stablehlo.custom_call` (`None`: the
//! importer handles them), and any op outside the table (control flow, sort, dynamic
//! slices, collectives, ...: `None`, so the importer's unknown-op path reports it, or keeps it opaque and
//! replicated under `opaque-unknown`). A modelled op with a non-static or zero-size tensor, or
//! attributes it cannot read, is `Some(Err(message))`.

use crate::{
    ir,
    op_model::{identity, linearized, OpModel},
};
use flexc_core::{AffineDim, OpClass};
use melior::ir::{operation::OperationLike, OperationRef, TypeLike, ValueLike};
use mlir_sys::MlirAttribute;

/// The model of a StableHLO or CHLO op in generic form; `None` for ops that are not StableHLO/CHLO, that
/// the importer handles itself (`stablehlo.constant`, `stablehlo.return`, `stablehlo.custom_call`) or
/// that this family does not model (the importer's unknown ops); `Some(Err(message))` for a modelled op
/// it cannot read (the message becomes a diagnostic at the op).
pub fn model(op: &OperationRef<'_, '_>, name: &str) -> Option<Result<OpModel, String>> {
    let (dialect, mnemonic) = name.split_once('.')?;
    if !matches!(dialect, "stablehlo" | "chlo") {
        return None;
    }
    if matches!(
        name,
        "stablehlo.constant" | "stablehlo.return" | "stablehlo.custom_call"
    ) {
        return None;
    }
    if !is_modelled(dialect, mnemonic) {
        // Unknown to this family: the importer's unknown-op path (an error, or an opaque op that
        // stays replicated under `opaque-unknown`).
        return None;
    }
    Some(Op::new(op).and_then(|op| op.model(dialect, mnemonic)))
}

/// StableHLO ops modelled here besides the elementwise ones.
const MODELLED: &[&str] = &[
    "broadcast_in_dim",
    "dynamic_broadcast_in_dim",
    "reshape",
    "transpose",
    "reverse",
    "slice",
    "pad",
    "concatenate",
    "iota",
    "dynamic_iota",
    "dot_general",
    "dot",
    "convolution",
    "reduce",
    "reduce_window",
    "select_and_scatter",
    "gather",
    "scatter",
];

/// Whether [`model`] has a model for `dialect.mnemonic` (the table of the module doc).
fn is_modelled(dialect: &str, mnemonic: &str) -> bool {
    match dialect {
        "chlo" => {
            CHLO_ELEMENTWISE.contains(&mnemonic)
                || mnemonic.starts_with("broadcast_")
                || mnemonic == "top_k"
        }
        _ => ELEMENTWISE.contains(&mnemonic) || MODELLED.contains(&mnemonic),
    }
}

/// Whether `name` is a StableHLO or CHLO elementwise op (the elementwise family's StableHLO members).
pub fn is_elementwise(name: &str) -> bool {
    if let Some(mnemonic) = name.strip_prefix("stablehlo.") {
        return ELEMENTWISE.contains(&mnemonic);
    }
    name.strip_prefix("chlo.").is_some_and(|mnemonic| {
        CHLO_ELEMENTWISE.contains(&mnemonic) || mnemonic.starts_with("broadcast_")
    })
}

/// StableHLO elementwise ops (one result, operands of the result's shape or rank 0).
const ELEMENTWISE: &[&str] = &[
    "add",
    "subtract",
    "multiply",
    "divide",
    "remainder",
    "power",
    "maximum",
    "minimum",
    "atan2",
    "and",
    "or",
    "xor",
    "not",
    "negate",
    "abs",
    "sign",
    "floor",
    "ceil",
    "round_nearest_even",
    "round_nearest_afz",
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "sqrt",
    "rsqrt",
    "cbrt",
    "tanh",
    "tan",
    "sine",
    "cosine",
    "is_finite",
    "popcnt",
    "count_leading_zeros",
    "shift_left",
    "shift_right_arithmetic",
    "shift_right_logical",
    "convert",
    "bitcast_convert",
    "reduce_precision",
    "real",
    "imag",
    "complex",
    "compare",
    "select",
    "clamp",
];

/// CHLO elementwise ops without implicit broadcasting.
const CHLO_ELEMENTWISE: &[&str] = &[
    "square",
    "erf",
    "erfc",
    "erf_inv",
    "tan",
    "sinh",
    "cosh",
    "asin",
    "acos",
    "atan",
    "asinh",
    "acosh",
    "atanh",
    "lgamma",
    "digamma",
    "is_inf",
    "is_neg_inf",
    "is_pos_inf",
    "conj",
    "bessel_i1e",
    "next_after",
    "polygamma",
    "zeta",
];

/// An op with the static shapes of its operands and results.
pub(crate) struct Op<'a, 'c, 'o> {
    op: &'a OperationRef<'c, 'o>,
    pub(crate) operands: Vec<Vec<u64>>,
    pub(crate) results: Vec<Vec<u64>>,
}

fn static_shape(ty: mlir_sys::MlirType, what: &str) -> Result<Vec<u64>, String> {
    let text = || ir::type_text(ty);
    let shape = ir::tensor_shape(ty)
        .ok_or_else(|| format!("{what} is not a ranked tensor ({})", text()))?;
    if !shape.is_static() {
        return Err(format!(
            "{what} has a dynamic shape ({}); flexc needs static shapes",
            text()
        ));
    }
    if shape.dims.contains(&Some(0)) {
        return Err(format!("{what} has no elements ({})", text()));
    }
    Ok(shape.static_dims())
}

/// Loops of a model under construction.
#[derive(Default)]
struct Loops {
    trips: Vec<u64>,
    parallel: Vec<bool>,
}

impl Loops {
    fn push(&mut self, trip: u64, parallel: bool) -> usize {
        self.trips.push(trip);
        self.parallel.push(parallel);
        self.trips.len() - 1
    }

    fn model(
        self,
        inputs: Vec<Option<Vec<AffineDim>>>,
        outputs: Vec<Vec<AffineDim>>,
        class: OpClass,
        flops_per_point: u64,
    ) -> OpModel {
        let mut model = OpModel {
            loops: self.trips,
            parallel: self.parallel,
            inputs,
            outputs,
            class,
            flops: 0,
        };
        model.flops = model.volume().saturating_mul(flops_per_point);
        model
    }
}

/// `sum(coefficient * d) + offset`.
fn sum(terms: &[(usize, i64)], offset: i64) -> AffineDim {
    AffineDim {
        terms: terms.iter().copied().filter(|&(_, c)| c != 0).collect(),
        offset,
    }
}

/// A dim number from an attribute, checked against the rank it indexes.
fn dim_index(value: i64, rank: usize, what: &str) -> Result<usize, String> {
    usize::try_from(value)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("{what} {value} is out of range for rank {rank}"))
}

fn dim_indices(values: &[i64], rank: usize, what: &str) -> Result<Vec<usize>, String> {
    values.iter().map(|&v| dim_index(v, rank, what)).collect()
}

impl<'a, 'c, 'o> Op<'a, 'c, 'o> {
    pub(crate) fn new(op: &'a OperationRef<'c, 'o>) -> Result<Self, String> {
        let operands = op
            .operands()
            .enumerate()
            .map(|(i, v)| static_shape(v.r#type().to_raw(), &format!("operand #{i}")))
            .collect::<Result<_, _>>()?;
        let results = op
            .results()
            .enumerate()
            .map(|(i, v)| static_shape(v.r#type().to_raw(), &format!("result #{i}")))
            .collect::<Result<_, _>>()?;
        Ok(Op {
            op,
            operands,
            results,
        })
    }

    fn model(&self, dialect: &str, mnemonic: &str) -> Result<OpModel, String> {
        if dialect == "chlo" {
            if CHLO_ELEMENTWISE.contains(&mnemonic) {
                return self.elementwise(None);
            }
            if mnemonic.starts_with("broadcast_") {
                let dims = self.ints("broadcast_dimensions")?;
                return self.elementwise(dims);
            }
            if mnemonic == "top_k" {
                return self.top_k();
            }
            return Err(format!("'chlo.{mnemonic}' is not modelled"));
        }
        if ELEMENTWISE.contains(&mnemonic) {
            return self.elementwise(None);
        }
        match mnemonic {
            "broadcast_in_dim" | "dynamic_broadcast_in_dim" => self.broadcast_in_dim(),
            "reshape" => self.reshape(),
            "transpose" => self.transpose(),
            "reverse" => self.reverse(),
            "slice" => self.slice(),
            "pad" => self.pad(),
            "concatenate" => self.concatenate(),
            "iota" | "dynamic_iota" => {
                let out = self.result()?;
                let mut loops = Loops::default();
                for &n in out {
                    loops.push(n, true);
                }
                Ok(loops.model(
                    vec![None; self.operands.len()],
                    vec![identity(out.len())],
                    OpClass::DataMovement,
                    0,
                ))
            }
            "dot_general" => {
                let fields = self.fields("dot_dimension_numbers", "dot")?;
                self.dot_general(
                    &fields.ints("lhs_batching_dimensions")?,
                    &fields.ints("rhs_batching_dimensions")?,
                    &fields.ints("lhs_contracting_dimensions")?,
                    &fields.ints("rhs_contracting_dimensions")?,
                )
            }
            "dot" => {
                let lhs_rank = self.operand(0)?.len() as i64;
                self.dot_general(&[], &[], &[lhs_rank - 1], &[0])
            }
            "convolution" => self.convolution(),
            "reduce" => self.reduce(),
            "reduce_window" => self.reduce_window(),
            "select_and_scatter" => self.select_and_scatter(),
            "gather" => self.gather(),
            "scatter" => self.scatter(),
            _ => Err(format!("'stablehlo.{mnemonic}' is not modelled")),
        }
    }

    // ----- shapes and attributes -------------------------------------------------------------

    fn operand(&self, i: usize) -> Result<&[u64], String> {
        self.operands
            .get(i)
            .map(Vec::as_slice)
            .ok_or_else(|| format!("expected an operand #{i}"))
    }

    /// The one result.
    fn result(&self) -> Result<&[u64], String> {
        match self.results.as_slice() {
            [one] => Ok(one),
            _ => Err(format!("expected one result, found {}", self.results.len())),
        }
    }

    pub(crate) fn attribute(&self, key: &str) -> Option<MlirAttribute> {
        self.op.attribute(key).ok().map(|a| {
            use melior::ir::attribute::AttributeLike;
            a.to_raw()
        })
    }

    /// An integer list attribute; `None` when absent.
    pub(crate) fn ints(&self, key: &str) -> Result<Option<Vec<i64>>, String> {
        self.attribute(key)
            .map(|a| {
                ir::i64_list(a).ok_or_else(|| {
                    format!(
                        "attribute '{key}' is not an integer list ({})",
                        ir::attribute_text(a)
                    )
                })
            })
            .transpose()
    }

    pub(crate) fn required_ints(&self, key: &str) -> Result<Vec<i64>, String> {
        self.ints(key)?
            .ok_or_else(|| format!("missing attribute '{key}'"))
    }

    /// An integer list attribute of `len` values, `default` for each when absent.
    pub(crate) fn ints_or(&self, key: &str, len: usize, default: i64) -> Result<Vec<i64>, String> {
        let values = self.ints(key)?.unwrap_or_else(|| vec![default; len]);
        if values.len() != len {
            return Err(format!(
                "attribute '{key}' has {} values, expected {len}",
                values.len()
            ));
        }
        Ok(values)
    }

    /// Low padding of each of `rank` dims from an `Nx2` padding attribute (zeros when absent).
    fn pad_low(&self, key: &str, rank: usize) -> Result<Vec<i64>, String> {
        let flat = self.ints_or(key, 2 * rank, 0)?;
        Ok(flat.iter().step_by(2).copied().collect())
    }

    pub(crate) fn int(&self, key: &str, default: i64) -> Result<i64, String> {
        match self.attribute(key) {
            None => Ok(default),
            Some(a) => ir::integer(a).ok_or_else(|| {
                format!(
                    "attribute '{key}' is not an integer ({})",
                    ir::attribute_text(a)
                )
            }),
        }
    }

    /// The fields of the StableHLO attribute `key`, printed `#stablehlo.{mnemonic}<...>`.
    pub(crate) fn fields(&self, key: &str, mnemonic: &str) -> Result<Fields, String> {
        let attribute = self
            .attribute(key)
            .ok_or_else(|| format!("missing attribute '{key}'"))?;
        let text = ir::attribute_text(attribute);
        opaque_body(&text, mnemonic)
            .and_then(Fields::parse)
            .ok_or_else(|| format!("cannot read attribute '{key}' ({text})"))
    }

    // ----- families --------------------------------------------------------------------------

    fn elementwise(&self, broadcast_dimensions: Option<Vec<i64>>) -> Result<OpModel, String> {
        let out = self.result()?;
        let mut loops = Loops::default();
        for &n in out {
            loops.push(n, true);
        }
        let inputs = self
            .operands
            .iter()
            .enumerate()
            .map(|(i, shape)| {
                let aligned = match &broadcast_dimensions {
                    Some(dims) if shape.len() < out.len() => {
                        dim_indices(dims, out.len(), "broadcast dimension")?
                    }
                    _ => (out.len().saturating_sub(shape.len())..out.len()).collect(),
                };
                broadcast_access(shape, out, &aligned)
                    .map(Some)
                    .ok_or_else(|| {
                        format!("operand #{i} of shape {shape:?} does not broadcast to {out:?}")
                    })
            })
            .collect::<Result<_, String>>()?;
        Ok(loops.model(inputs, vec![identity(out.len())], OpClass::Elementwise, 1))
    }

    fn broadcast_in_dim(&self) -> Result<OpModel, String> {
        let (input, out) = (self.operand(0)?, self.result()?);
        let dims = dim_indices(
            &self.required_ints("broadcast_dimensions")?,
            out.len(),
            "broadcast dimension",
        )?;
        let access = broadcast_access(input, out, &dims).ok_or_else(|| {
            format!("operand of shape {input:?} does not broadcast to {out:?} along {dims:?}")
        })?;
        let mut inputs = vec![Some(access)];
        inputs.resize(self.operands.len(), None);
        Ok(OpModel::movement(
            out.to_vec(),
            inputs,
            vec![identity(out.len())],
        ))
    }

    fn reshape(&self) -> Result<OpModel, String> {
        let (a, b) = (self.operand(0)?, self.result()?);
        let groups = reshape_groups(a, b)
            .ok_or_else(|| format!("reshape of {a:?} to {b:?} changes the element count"))?;
        let mut loops = Loops::default();
        let mut access_a = vec![AffineDim::constant(0); a.len()];
        let mut access_b = vec![AffineDim::constant(0); b.len()];
        for (ra, rb) in groups {
            let non_unit = |shape: &[u64], range: &std::ops::Range<usize>| {
                range.clone().filter(|&d| shape[d] != 1).count()
            };
            let (na, nb) = (non_unit(a, &ra), non_unit(b, &rb));
            if na >= 2 && nb >= 2 {
                // Not a merge or split: see the module doc.
                for d in rb {
                    access_b[d] = AffineDim::dim(loops.push(b[d], true));
                }
                for d in ra {
                    access_a[d] = AffineDim::dim(loops.push(a[d], false));
                }
                continue;
            }
            let a_finer = na > nb || (na == nb && ra.len() > rb.len());
            let (fine, fine_range, fine_access, coarse, coarse_range, coarse_access) = if a_finer {
                (a, ra, &mut access_a, b, rb, &mut access_b)
            } else {
                (b, rb, &mut access_b, a, ra, &mut access_a)
            };
            let mut group = Vec::new();
            for d in fine_range {
                let k = loops.push(fine[d], true);
                fine_access[d] = AffineDim::dim(k);
                if fine[d] != 1 {
                    group.push(k);
                }
            }
            for d in coarse_range.filter(|&d| coarse[d] != 1) {
                coarse_access[d] = linearized(&group, &loops.trips);
            }
        }
        Ok(loops.model(
            vec![Some(access_a)],
            vec![access_b],
            OpClass::DataMovement,
            0,
        ))
    }

    fn transpose(&self) -> Result<OpModel, String> {
        let (input, out) = (self.operand(0)?, self.result()?);
        let permutation = dim_indices(
            &self.required_ints("permutation")?,
            input.len(),
            "permutation entry",
        )?;
        let mut access = vec![None; input.len()];
        for (i, &p) in permutation.iter().enumerate() {
            access[p] = Some(AffineDim::dim(i));
        }
        let access: Vec<AffineDim> = access
            .into_iter()
            .collect::<Option<_>>()
            .filter(|_| permutation.len() == out.len() && out.len() == input.len())
            .ok_or_else(|| format!("permutation {permutation:?} is not a permutation"))?;
        Ok(OpModel::movement(
            out.to_vec(),
            vec![Some(access)],
            vec![identity(out.len())],
        ))
    }

    fn reverse(&self) -> Result<OpModel, String> {
        let out = self.result()?;
        let dims = dim_indices(&self.required_ints("dimensions")?, out.len(), "dimension")?;
        let access = (0..out.len())
            .map(|d| {
                if dims.contains(&d) {
                    sum(&[(d, -1)], out[d] as i64 - 1)
                } else {
                    AffineDim::dim(d)
                }
            })
            .collect();
        Ok(OpModel::movement(
            out.to_vec(),
            vec![Some(access)],
            vec![identity(out.len())],
        ))
    }

    fn slice(&self) -> Result<OpModel, String> {
        let out = self.result()?;
        let start = self.ints_or("start_indices", out.len(), 0)?;
        let strides = self.ints_or("strides", out.len(), 1)?;
        let access = (0..out.len())
            .map(|d| sum(&[(d, strides[d])], start[d]))
            .collect();
        Ok(OpModel::movement(
            out.to_vec(),
            vec![Some(access)],
            vec![identity(out.len())],
        ))
    }

    fn pad(&self) -> Result<OpModel, String> {
        let (input, out) = (self.operand(0)?, self.result()?);
        let low = self.ints_or("edge_padding_low", out.len(), 0)?;
        let interior = self.ints_or("interior_padding", out.len(), 0)?;
        let mut inputs = vec![None; self.operands.len()];
        if interior.iter().all(|&p| p == 0) {
            inputs[0] = Some((0..out.len()).map(|d| sum(&[(d, 1)], -low[d])).collect());
            return Ok(OpModel::movement(
                out.to_vec(),
                inputs,
                vec![identity(out.len())],
            ));
        }
        inputs[0] = Some(identity(input.len()));
        let written = (0..out.len())
            .map(|d| sum(&[(d, interior[d] + 1)], low[d]))
            .collect();
        Ok(OpModel::movement(input.to_vec(), inputs, vec![written]))
    }

    fn concatenate(&self) -> Result<OpModel, String> {
        let out = self.result()?;
        let axis = dim_index(self.int("dimension", 0)?, out.len(), "dimension")?;
        let mut offset = 0i64;
        let inputs = self
            .operands
            .iter()
            .map(|shape| {
                let access = (0..out.len())
                    .map(|d| sum(&[(d, 1)], if d == axis { -offset } else { 0 }))
                    .collect();
                offset += shape.get(axis).copied().unwrap_or(0) as i64;
                Some(access)
            })
            .collect();
        Ok(OpModel::movement(
            out.to_vec(),
            inputs,
            vec![identity(out.len())],
        ))
    }

    fn dot_general(
        &self,
        lhs_batch: &[i64],
        rhs_batch: &[i64],
        lhs_contracting: &[i64],
        rhs_contracting: &[i64],
    ) -> Result<OpModel, String> {
        let (lhs, rhs, out) = (self.operand(0)?, self.operand(1)?, self.result()?);
        let lb = dim_indices(lhs_batch, lhs.len(), "lhs batching dimension")?;
        let rb = dim_indices(rhs_batch, rhs.len(), "rhs batching dimension")?;
        let lc = dim_indices(lhs_contracting, lhs.len(), "lhs contracting dimension")?;
        let rc = dim_indices(rhs_contracting, rhs.len(), "rhs contracting dimension")?;
        if lb.len() != rb.len() || lc.len() != rc.len() {
            return Err(
                "lhs and rhs have different numbers of batching or contracting dimensions".into(),
            );
        }
        let free = |rank: usize, batch: &[usize], contracting: &[usize]| -> Vec<usize> {
            (0..rank)
                .filter(|d| !batch.contains(d) && !contracting.contains(d))
                .collect()
        };
        let (lf, rf) = (free(lhs.len(), &lb, &lc), free(rhs.len(), &rb, &rc));
        let mut loops = Loops::default();
        let mut lhs_access = vec![AffineDim::constant(0); lhs.len()];
        let mut rhs_access = vec![AffineDim::constant(0); rhs.len()];
        for (&l, &r) in lb.iter().zip(&rb) {
            let k = loops.push(lhs[l], true);
            lhs_access[l] = AffineDim::dim(k);
            rhs_access[r] = AffineDim::dim(k);
        }
        for &l in &lf {
            lhs_access[l] = AffineDim::dim(loops.push(lhs[l], true));
        }
        for &r in &rf {
            rhs_access[r] = AffineDim::dim(loops.push(rhs[r], true));
        }
        if loops.trips != out {
            return Err(format!(
                "result shape {out:?} does not match batch and free dims {:?}",
                loops.trips
            ));
        }
        for (&l, &r) in lc.iter().zip(&rc) {
            if lhs[l] != rhs[r] {
                return Err(format!(
                    "contracting dims {l} and {r} differ in size ({} and {})",
                    lhs[l], rhs[r]
                ));
            }
            let k = loops.push(lhs[l], false);
            lhs_access[l] = AffineDim::dim(k);
            rhs_access[r] = AffineDim::dim(k);
        }
        Ok(loops.model(
            vec![Some(lhs_access), Some(rhs_access)],
            vec![identity(out.len())],
            OpClass::Contraction,
            2,
        ))
    }

    fn convolution(&self) -> Result<OpModel, String> {
        let (input, kernel, out) = (self.operand(0)?, self.operand(1)?, self.result()?);
        let attribute = self
            .attribute("dimension_numbers")
            .ok_or("missing attribute 'dimension_numbers'")?;
        let text = ir::attribute_text(attribute);
        let dn = opaque_body(&text, "conv")
            .and_then(ConvDims::parse)
            .ok_or_else(|| format!("cannot read attribute 'dimension_numbers' ({text})"))?;
        let n = dn.input_spatial.len();
        if input.len() != n + 2 || kernel.len() != n + 2 || out.len() != n + 2 {
            return Err(format!(
                "dimension numbers with {n} spatial dims do not fit ranks {}, {}, {}",
                input.len(),
                kernel.len(),
                out.len()
            ));
        }
        let feature_groups = self.int("feature_group_count", 1)?;
        let batch_groups = self.int("batch_group_count", 1)?;
        if feature_groups < 1 || batch_groups < 1 || (feature_groups > 1 && batch_groups > 1) {
            return Err(format!(
                "unsupported group counts (feature {feature_groups}, batch {batch_groups})"
            ));
        }
        let groups = feature_groups.max(batch_groups) as u64;
        let (c_in, c_out, batch) = (
            input[dn.input_feature],
            out[dn.output_feature],
            input[dn.input_batch],
        );
        let consistent = kernel[dn.kernel_output_feature] == c_out
            && c_out % groups == 0
            && kernel[dn.kernel_input_feature] * feature_groups as u64 == c_in
            && batch % batch_groups as u64 == 0
            && out[dn.output_batch] == batch / batch_groups as u64;
        if !consistent {
            return Err(format!(
                "feature and batch sizes of input {input:?}, kernel {kernel:?} and result {out:?} do not match the group counts (feature {feature_groups}, batch {batch_groups})"
            ));
        }
        let strides = self.ints_or("window_strides", n, 1)?;
        let pad_low = self.pad_low("padding", n)?;
        let lhs_dilation = self.ints_or("lhs_dilation", n, 1)?;
        let rhs_dilation = self.ints_or("rhs_dilation", n, 1)?;
        let reversal = match self.attribute("window_reversal") {
            None => vec![false; n],
            Some(a) => ir::bool_list(a)
                .filter(|r| r.len() == n)
                .ok_or("attribute 'window_reversal' is not a list of one flag per spatial dim")?,
        };
        if lhs_dilation.iter().any(|&l| l < 1) {
            return Err(format!("lhs dilation {lhs_dilation:?} is not positive"));
        }

        let mut loops = Loops::default();
        let mut out_access = vec![AffineDim::constant(0); out.len()];
        let mut spatial = vec![None; n];
        let mut feature_loop = 0;
        for d in 0..out.len() {
            if d == dn.output_feature {
                feature_loop = loops.push(c_out / groups, true);
            } else if d == dn.output_batch {
                out_access[d] = AffineDim::dim(loops.push(out[d], true));
            } else if let Some(j) = dn.output_spatial.iter().position(|&s| s == d) {
                let dim = SpatialDim::output(&mut loops, out[d], lhs_dilation[j]);
                out_access[d] = dim.output.clone();
                spatial[j] = Some(dim);
            }
        }
        let group = (groups > 1).then(|| loops.push(groups, true));
        let grouped = |inner: usize, size: u64| match group {
            Some(g) => sum(&[(inner, 1), (g, size as i64)], 0),
            None => AffineDim::dim(inner),
        };
        let feature = grouped(feature_loop, c_out / groups);
        out_access[dn.output_feature] = feature.clone();
        let channel = loops.push(kernel[dn.kernel_input_feature], false);

        let mut in_access = vec![AffineDim::constant(0); input.len()];
        let mut kernel_access = vec![AffineDim::constant(0); kernel.len()];
        in_access[dn.input_batch] = match out_access[dn.output_batch].single_dim() {
            Some(b) if batch_groups > 1 => grouped(b, batch / batch_groups as u64),
            _ => out_access[dn.output_batch].clone(),
        };
        in_access[dn.input_feature] = if feature_groups > 1 {
            grouped(channel, c_in / groups)
        } else {
            AffineDim::dim(channel)
        };
        kernel_access[dn.kernel_input_feature] = AffineDim::dim(channel);
        kernel_access[dn.kernel_output_feature] = feature;
        for j in 0..n {
            let dim = spatial[j]
                .as_ref()
                .ok_or("output spatial dims are not distinct")?;
            let size = kernel[dn.kernel_spatial[j]];
            let w = loops.push(size, false);
            in_access[dn.input_spatial[j]] = dim.input(w, strides[j], rhs_dilation[j], pad_low[j]);
            kernel_access[dn.kernel_spatial[j]] = if reversal[j] {
                sum(&[(w, -1)], size as i64 - 1)
            } else {
                AffineDim::dim(w)
            };
        }
        let holes = crate::op_model::saturating_product(
            &lhs_dilation
                .iter()
                .map(|&l| l.max(0) as u64)
                .collect::<Vec<_>>(),
        );
        let mut model = loops.model(
            vec![Some(in_access), Some(kernel_access)],
            vec![out_access],
            OpClass::Convolution,
            2,
        );
        model.flops /= holes.max(1);
        Ok(model)
    }

    fn reduce(&self) -> Result<OpModel, String> {
        let count = self.results.len();
        if count == 0 || self.operands.len() != 2 * count {
            return Err(format!(
                "expected as many inputs as init values and results, found {} operands and {count} results",
                self.operands.len()
            ));
        }
        let input = self.operand(0)?;
        if self.operands[..count].iter().any(|s| s != input) {
            return Err("inputs differ in shape".into());
        }
        let dims = dim_indices(&self.required_ints("dimensions")?, input.len(), "dimension")?;
        let mut loops = Loops::default();
        let mut kept = Vec::new();
        for (d, &n) in input.iter().enumerate() {
            let parallel = !dims.contains(&d);
            let k = loops.push(n, parallel);
            if parallel {
                kept.push(AffineDim::dim(k));
            }
        }
        if self.results.iter().any(|r| r.len() != kept.len()) {
            return Err("results do not have the input rank minus the reduced dims".into());
        }
        let mut inputs = vec![Some(identity(input.len())); count];
        inputs.resize(2 * count, None);
        Ok(loops.model(inputs, vec![kept; count], OpClass::Reduction, count as u64))
    }

    /// `chlo.top_k`: the `k` largest elements along the last dim, in descending order, with their
    /// indices. Loops: the leading dims (P), one per rank `j < k` (P), the sorted dim (R): rank `j`
    /// is the element of the row that exactly `j` others precede (a reduction over the row). The
    /// sorted dim is read whole by every rank and never worth splitting (the searches that keep
    /// the reductions of non-contractions whole do not; a split one combines by a sum, which the
    /// lowering's masked accumulation allows). One comparison per point: a pass over the row per
    /// output rank.
    fn top_k(&self) -> Result<OpModel, String> {
        let input = self.operand(0)?;
        if self.operands.len() != 1 || self.results.len() != 2 {
            return Err(format!(
                "expected one operand and two results (values, indices), found {} and {}",
                self.operands.len(),
                self.results.len()
            ));
        }
        let Some((&row, batch)) = input.split_last() else {
            return Err("operand #0 has rank 0; top_k needs a dim to sort".into());
        };
        let k = self.int("k", -1)?;
        if k < 1 || k as u64 > row {
            return Err(format!(
                "k = {k} is out of range for a last dim of {row} (1 <= k <= {row})"
            ));
        }
        let k = k as u64;
        let mut expected = batch.to_vec();
        expected.push(k);
        if self.results.iter().any(|r| *r != expected) {
            return Err(format!(
                "results are not of shape {expected:?} (the operand's with k as the last dim)"
            ));
        }
        let mut loops = Loops::default();
        let mut read = Vec::new();
        let mut written = Vec::new();
        for &n in batch {
            let d = loops.push(n, true);
            read.push(AffineDim::dim(d));
            written.push(AffineDim::dim(d));
        }
        written.push(AffineDim::dim(loops.push(k, true)));
        read.push(AffineDim::dim(loops.push(row, false)));
        Ok(loops.model(
            vec![Some(read)],
            vec![written.clone(), written],
            OpClass::Reduction,
            1,
        ))
    }

    fn reduce_window(&self) -> Result<OpModel, String> {
        let count = self.results.len();
        if count == 0 || self.operands.len() != 2 * count {
            return Err(format!(
                "expected as many inputs as init values and results, found {} operands and {count} results",
                self.operands.len()
            ));
        }
        let out = self.result_of_rank(self.operand(0)?.len())?;
        let rank = out.len();
        let window = self.required_ints("window_dimensions")?;
        if window.len() != rank || window.iter().any(|&w| w < 1) {
            return Err(format!(
                "window dimensions {window:?} do not fit rank {rank}"
            ));
        }
        let strides = self.ints_or("window_strides", rank, 1)?;
        let base = self.ints_or("base_dilations", rank, 1)?;
        let dilation = self.ints_or("window_dilations", rank, 1)?;
        let pad_low = self.pad_low("padding", rank)?;
        if base.iter().any(|&l| l < 1) {
            return Err(format!("base dilations {base:?} are not positive"));
        }
        let mut loops = Loops::default();
        let dims: Vec<SpatialDim> = (0..rank)
            .map(|d| SpatialDim::output(&mut loops, out[d], base[d]))
            .collect();
        let read: Vec<AffineDim> = (0..rank)
            .map(|d| {
                let w = loops.push(window[d] as u64, false);
                dims[d].input(w, strides[d], dilation[d], pad_low[d])
            })
            .collect();
        let holes = crate::op_model::saturating_product(
            &base.iter().map(|&l| l.max(0) as u64).collect::<Vec<_>>(),
        );
        let written: Vec<AffineDim> = dims.into_iter().map(|d| d.output).collect();
        let mut inputs = vec![Some(read); count];
        inputs.resize(2 * count, None);
        let mut model = loops.model(
            inputs,
            vec![written; count],
            OpClass::Convolution,
            count as u64,
        );
        model.flops /= holes.max(1);
        Ok(model)
    }

    /// The first result, checked to have `rank` dims and all results to share its shape.
    fn result_of_rank(&self, rank: usize) -> Result<&[u64], String> {
        let out = self.results.first().ok_or("expected a result")?;
        if out.len() != rank || self.results.iter().any(|r| r != out) {
            return Err(format!(
                "results {:?} do not have rank {rank}",
                self.results
            ));
        }
        Ok(out)
    }

    fn select_and_scatter(&self) -> Result<OpModel, String> {
        let (operand, source, out) = (self.operand(0)?, self.operand(1)?, self.result()?);
        let rank = operand.len();
        if source.len() != rank || out != operand {
            return Err("operand, source and result ranks differ".into());
        }
        let window = self.ints_or("window_dimensions", rank, 1)?;
        let strides = self.ints_or("window_strides", rank, 1)?;
        let pad_low = self.pad_low("padding", rank)?;
        if window.iter().any(|&w| w < 1) {
            return Err(format!("window dimensions {window:?} are not positive"));
        }
        let mut loops = Loops::default();
        for &n in source {
            loops.push(n, true);
        }
        let at: Vec<AffineDim> = (0..rank)
            .map(|d| {
                let w = loops.push(window[d] as u64, false);
                sum(&[(d, strides[d]), (w, 1)], -pad_low[d])
            })
            .collect();
        let mut inputs = vec![Some(at.clone()), Some(identity(rank))];
        inputs.resize(self.operands.len(), None);
        Ok(loops.model(inputs, vec![at], OpClass::Convolution, 1))
    }

    fn gather(&self) -> Result<OpModel, String> {
        let (table, indices, out) = (self.operand(0)?, self.operand(1)?, self.result()?);
        let f = self.fields("dimension_numbers", "gather")?;
        let offset_dims = dim_indices(&f.ints("offset_dims")?, out.len(), "offset dim")?;
        let collapsed = dim_indices(
            &f.ints("collapsed_slice_dims")?,
            table.len(),
            "collapsed dim",
        )?;
        let batching = dim_indices(
            &f.ints("operand_batching_dims")?,
            table.len(),
            "batching dim",
        )?;
        let index_map = dim_indices(&f.ints("start_index_map")?, table.len(), "start index dim")?;
        let slice_sizes = self.required_ints("slice_sizes")?;
        let indices_batching = f.ints("start_indices_batching_dims")?;
        let vector_dim = f.int("index_vector_dim")?.unwrap_or(indices.len() as i64);
        let layout = IndexLayout::new(indices.len(), vector_dim, &indices_batching)?;
        if slice_sizes.len() != table.len() || batching.len() != layout.batching.len() {
            return Err("slice sizes or batching dims do not match the operand".into());
        }
        let batch_dims: Vec<usize> = (0..out.len())
            .filter(|d| !offset_dims.contains(d))
            .collect();
        let window_dims: Vec<usize> = (0..table.len())
            .filter(|d| !collapsed.contains(d) && !batching.contains(d))
            .collect();
        if batch_dims.len() != layout.batch_count || window_dims.len() != offset_dims.len() {
            return Err(format!(
                "result rank {} does not match {} batch dims and {} offset dims",
                out.len(),
                layout.batch_count,
                offset_dims.len()
            ));
        }
        let mut loops = Loops::default();
        for &n in out {
            loops.push(n, true);
        }
        let mut table_access = vec![AffineDim::constant(0); table.len()];
        for (k, &d) in window_dims.iter().enumerate() {
            table_access[d] = AffineDim::dim(offset_dims[k]);
        }
        for (i, &d) in batching.iter().enumerate() {
            table_access[d] = AffineDim::dim(batch_dims[layout.batching[i]]);
        }
        for &d in &index_map {
            let slice = slice_sizes[d].clamp(1, table[d] as i64) as u64;
            let k = loops.push(table[d] - slice + 1, false);
            table_access[d].terms.push((k, 1));
        }
        let index_access = layout.access(|e| AffineDim::dim(batch_dims[e]));
        Ok(loops.model(
            vec![Some(table_access), Some(index_access)],
            vec![identity(out.len())],
            OpClass::Embedding,
            0,
        ))
    }

    fn scatter(&self) -> Result<OpModel, String> {
        let count = self.results.len();
        if count == 0 || self.operands.len() != 2 * count + 1 {
            return Err(format!(
                "expected inputs, indices and updates for {count} results, found {} operands",
                self.operands.len()
            ));
        }
        let (operand, indices, updates) = (
            self.result_of_rank(self.operand(0)?.len())?,
            self.operand(count)?,
            self.operand(count + 1)?,
        );
        let f = self.fields("scatter_dimension_numbers", "scatter")?;
        let window_dims = dim_indices(&f.ints("update_window_dims")?, updates.len(), "window dim")?;
        let inserted = dim_indices(
            &f.ints("inserted_window_dims")?,
            operand.len(),
            "inserted dim",
        )?;
        let batching = dim_indices(
            &f.ints("input_batching_dims")?,
            operand.len(),
            "batching dim",
        )?;
        let index_map = dim_indices(
            &f.ints("scatter_dims_to_operand_dims")?,
            operand.len(),
            "scattered dim",
        )?;
        let indices_batching = f.ints("scatter_indices_batching_dims")?;
        let vector_dim = f.int("index_vector_dim")?.unwrap_or(indices.len() as i64);
        let layout = IndexLayout::new(indices.len(), vector_dim, &indices_batching)?;
        let scatter_dims: Vec<usize> = (0..updates.len())
            .filter(|d| !window_dims.contains(d))
            .collect();
        let operand_window: Vec<usize> = (0..operand.len())
            .filter(|d| !inserted.contains(d) && !batching.contains(d))
            .collect();
        if scatter_dims.len() != layout.batch_count
            || operand_window.len() != window_dims.len()
            || batching.len() != layout.batching.len()
        {
            return Err(format!(
                "updates of rank {} do not match {} scatter dims and {} window dims",
                updates.len(),
                layout.batch_count,
                operand_window.len()
            ));
        }
        let batch_loops: Vec<usize> = layout.batching.iter().map(|&e| scatter_dims[e]).collect();
        let mut loops = Loops::default();
        for (d, &n) in updates.iter().enumerate() {
            loops.push(n, window_dims.contains(&d) || batch_loops.contains(&d));
        }
        let mut at = vec![AffineDim::constant(0); operand.len()];
        for (k, &d) in operand_window.iter().enumerate() {
            at[d] = AffineDim::dim(window_dims[k]);
        }
        for (i, &d) in batching.iter().enumerate() {
            at[d] = AffineDim::dim(batch_loops[i]);
        }
        for &d in &index_map {
            let window = match operand_window.iter().position(|&w| w == d) {
                Some(k) => updates[window_dims[k]].min(operand[d]),
                None => 1,
            };
            let k = loops.push(operand[d] - window + 1, true);
            at[d].terms.push((k, 1));
        }
        let index_access = layout.access(|e| AffineDim::dim(scatter_dims[e]));
        let mut inputs = vec![Some(at.clone()); count];
        inputs.push(Some(index_access));
        inputs.extend(vec![Some(identity(updates.len())); count]);
        let points = crate::op_model::saturating_product(updates);
        let mut model = loops.model(inputs, vec![at; count], OpClass::Embedding, 0);
        model.flops = points.saturating_mul(count as u64);
        Ok(model)
    }
}

/// The access of an operand of shape `shape` broadcast to `out`, its dim `i` aligned with result dim
/// `aligned[i]`: that loop when the sizes agree, constant 0 for a size-1 dim. `None` if it does not
/// broadcast.
fn broadcast_access(shape: &[u64], out: &[u64], aligned: &[usize]) -> Option<Vec<AffineDim>> {
    if aligned.len() != shape.len() {
        return None;
    }
    shape
        .iter()
        .zip(aligned)
        .map(|(&n, &d)| match out.get(d) {
            Some(&m) if m == n => Some(AffineDim::dim(d)),
            Some(_) if n == 1 => Some(AffineDim::constant(0)),
            _ => None,
        })
        .collect()
}

/// Groups of a reshape: consecutive dim ranges of both sides whose sizes multiply to the same number,
/// as small as possible. `None` if the element counts differ.
fn reshape_groups(
    a: &[u64],
    b: &[u64],
) -> Option<Vec<(std::ops::Range<usize>, std::ops::Range<usize>)>> {
    let (mut i, mut j) = (0, 0);
    let mut groups = Vec::new();
    while i < a.len() || j < b.len() {
        let (start_i, start_j) = (i, j);
        let (mut pa, mut pb) = (1u64, 1u64);
        if i < a.len() {
            pa = a[i];
            i += 1;
        }
        if j < b.len() {
            pb = b[j];
            j += 1;
        }
        while pa != pb {
            if pa < pb && i < a.len() {
                pa = pa.saturating_mul(a[i]);
                i += 1;
            } else if pb < pa && j < b.len() {
                pb = pb.saturating_mul(b[j]);
                j += 1;
            } else {
                return None;
            }
        }
        groups.push((start_i..i, start_j..j));
    }
    Some(groups)
}

/// One output dim of a windowed op (convolution, reduce_window): its loops and the input index.
#[derive(Clone)]
struct SpatialDim {
    /// The output index: the loop, or `l*q + r` under base dilation `l`.
    output: AffineDim,
    /// The loop that steps the window (`q` under dilation).
    step: usize,
    base_dilation: i64,
}

impl SpatialDim {
    fn output(loops: &mut Loops, size: u64, base_dilation: i64) -> Self {
        if base_dilation <= 1 {
            let k = loops.push(size, true);
            return SpatialDim {
                output: AffineDim::dim(k),
                step: k,
                base_dilation: 1,
            };
        }
        let l = base_dilation as u64;
        let q = loops.push(size.div_ceil(l), true);
        let r = loops.push(l, true);
        SpatialDim {
            output: sum(&[(q, base_dilation), (r, 1)], 0),
            step: q,
            base_dilation,
        }
    }

    /// The input index read by window loop `w`: exact without base dilation, else the approximation
    /// of the module doc.
    fn input(&self, w: usize, stride: i64, dilation: i64, pad_low: i64) -> AffineDim {
        sum(
            &[(self.step, stride), (w, dilation)],
            -pad_low.div_euclid(self.base_dilation),
        )
    }
}

/// How the dims of a gather/scatter index tensor map to the op's batch dims.
struct IndexLayout {
    rank: usize,
    /// The index-vector dim, `rank` when implicit.
    vector_dim: usize,
    /// Number of index dims other than the vector dim (the op's batch dims, in order).
    batch_count: usize,
    /// Per batching dim of the operand: the ordinal (among the batch dims) of its index dim.
    batching: Vec<usize>,
}

impl IndexLayout {
    fn new(rank: usize, vector_dim: i64, indices_batching: &[i64]) -> Result<Self, String> {
        let vector_dim = usize::try_from(vector_dim)
            .ok()
            .filter(|&v| v <= rank)
            .ok_or_else(|| format!("index vector dim {vector_dim} is out of range"))?;
        let ordinal = |d: usize| if d < vector_dim { d } else { d - 1 };
        let batching = indices_batching
            .iter()
            .map(|&d| {
                let d = dim_index(d, rank, "index batching dim")?;
                if d == vector_dim {
                    return Err("the index vector dim is a batching dim".to_string());
                }
                Ok(ordinal(d))
            })
            .collect::<Result<_, _>>()?;
        Ok(IndexLayout {
            rank,
            vector_dim,
            batch_count: rank - usize::from(vector_dim < rank),
            batching,
        })
    }

    /// The access to the index tensor: batch dim `e` by `batch(e)`, the vector dim at 0.
    fn access(&self, batch: impl Fn(usize) -> AffineDim) -> Vec<AffineDim> {
        (0..self.rank)
            .map(|d| match d.cmp(&self.vector_dim) {
                std::cmp::Ordering::Less => batch(d),
                std::cmp::Ordering::Equal => AffineDim::constant(0),
                std::cmp::Ordering::Greater => batch(d - 1),
            })
            .collect()
    }
}

/// The body of a StableHLO attribute printed `#stablehlo.{mnemonic}<body>` (or `#stablehlo<{mnemonic}<body>>`).
pub(crate) fn opaque_body<'t>(text: &'t str, mnemonic: &str) -> Option<&'t str> {
    let rest = text.trim().strip_prefix("#stablehlo")?;
    let (rest, closing) = match rest.strip_prefix('.') {
        Some(rest) => (rest, 1),
        None => (rest.strip_prefix('<')?, 2),
    };
    let mut body = rest.strip_prefix(mnemonic)?.strip_prefix('<')?;
    for _ in 0..closing {
        body = body.trim_end().strip_suffix('>')?;
    }
    Some(body.trim())
}

/// The `key = value` fields of an attribute body; values are integers or integer lists.
pub(crate) struct Fields(Vec<(String, String)>);

impl Fields {
    fn parse(body: &str) -> Option<Self> {
        let mut fields = Vec::new();
        for item in split_top_level(body) {
            if item.is_empty() {
                continue;
            }
            let (key, value) = item.split_once('=')?;
            fields.push((key.trim().to_string(), value.trim().to_string()));
        }
        Some(Fields(fields))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// An integer list field, empty when absent (StableHLO omits empty lists).
    pub(crate) fn ints(&self, key: &str) -> Result<Vec<i64>, String> {
        match self.get(key) {
            None => Ok(Vec::new()),
            Some(value) => int_list(value)
                .ok_or_else(|| format!("field '{key}' is not an integer list ({value})")),
        }
    }

    pub(crate) fn int(&self, key: &str) -> Result<Option<i64>, String> {
        self.get(key)
            .map(|v| {
                v.parse()
                    .map_err(|_| format!("field '{key}' is not an integer ({v})"))
            })
            .transpose()
    }
}

/// Splits at commas outside brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '<' | '(' => depth += 1,
            ']' | '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                items.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(text[start..].trim());
    items
}

/// `[1, 2]` (or `[]`).
fn int_list(text: &str) -> Option<Vec<i64>> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    if inner.is_empty() {
        return Some(Vec::new());
    }
    inner.split(',').map(|v| v.trim().parse().ok()).collect()
}

/// Convolution dimension numbers.
#[derive(Debug, PartialEq)]
pub(crate) struct ConvDims {
    pub(crate) input_batch: usize,
    pub(crate) input_feature: usize,
    pub(crate) input_spatial: Vec<usize>,
    pub(crate) kernel_input_feature: usize,
    pub(crate) kernel_output_feature: usize,
    pub(crate) kernel_spatial: Vec<usize>,
    pub(crate) output_batch: usize,
    pub(crate) output_feature: usize,
    pub(crate) output_spatial: Vec<usize>,
}

impl ConvDims {
    /// The body of `#stablehlo.conv<...>`: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` or
    /// `raw input_batch_dimension = 0, ...`.
    pub(crate) fn parse(body: &str) -> Option<Self> {
        if let Some(raw) = body.strip_prefix("raw") {
            let f = Fields::parse(raw)?;
            let one = |key: &str| -> Option<usize> { usize::try_from(f.int(key).ok()??).ok() };
            let many = |key: &str| -> Option<Vec<usize>> {
                f.ints(key)
                    .ok()?
                    .into_iter()
                    .map(|v| usize::try_from(v).ok())
                    .collect()
            };
            return Some(ConvDims {
                input_batch: one("input_batch_dimension")?,
                input_feature: one("input_feature_dimension")?,
                input_spatial: many("input_spatial_dimensions")?,
                kernel_input_feature: one("kernel_input_feature_dimension")?,
                kernel_output_feature: one("kernel_output_feature_dimension")?,
                kernel_spatial: many("kernel_spatial_dimensions")?,
                output_batch: one("output_batch_dimension")?,
                output_feature: one("output_feature_dimension")?,
                output_spatial: many("output_spatial_dimensions")?,
            })
            .filter(ConvDims::is_consistent);
        }
        let (operands, output) = body.split_once("->")?;
        let (input, kernel) = operands.split_once('x')?;
        let (ib, if_, is) = layout(input, "b", "f")?;
        let (ki, ko, ks) = layout(kernel, "i", "o")?;
        let (ob, of, os) = layout(output, "b", "f")?;
        Some(ConvDims {
            input_batch: ib,
            input_feature: if_,
            input_spatial: is,
            kernel_input_feature: ki,
            kernel_output_feature: ko,
            kernel_spatial: ks,
            output_batch: ob,
            output_feature: of,
            output_spatial: os,
        })
        .filter(ConvDims::is_consistent)
    }

    /// Each side names every dim of its rank once.
    fn is_consistent(&self) -> bool {
        let n = self.input_spatial.len();
        let distinct = |a: usize, b: usize, rest: &[usize]| {
            let mut all = vec![a, b];
            all.extend_from_slice(rest);
            all.sort_unstable();
            all == (0..n + 2).collect::<Vec<_>>()
        };
        self.kernel_spatial.len() == n
            && self.output_spatial.len() == n
            && distinct(self.input_batch, self.input_feature, &self.input_spatial)
            && distinct(
                self.kernel_input_feature,
                self.kernel_output_feature,
                &self.kernel_spatial,
            )
            && distinct(self.output_batch, self.output_feature, &self.output_spatial)
    }
}

/// One side of the compact convolution layout, `[b, 0, 1, f]`: the positions of the two named dims
/// and of spatial dims `0, 1, ...`.
fn layout(text: &str, first: &str, second: &str) -> Option<(usize, usize, Vec<usize>)> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let tokens: Vec<&str> = inner.split(',').map(str::trim).collect();
    let position = |name: &str| tokens.iter().position(|t| *t == name);
    let mut spatial = vec![None; tokens.len().checked_sub(2)?];
    for (p, token) in tokens.iter().enumerate() {
        if let Ok(k) = token.parse::<usize>() {
            *spatial.get_mut(k)? = Some(p);
        }
    }
    Some((
        position(first)?,
        position(second)?,
        spatial.into_iter().collect::<Option<_>>()?,
    ))
}

#[cfg(test)]
mod tests;
