//! `--batch=N`: the imported graph with its sample dim rescaled to a global batch of `N`.
//!
//! The model as exported fixes its batch `B` in every shape. Rather than rewriting the MLIR, the graph
//! the simulator and the search run on is rebuilt with every extent that follows the batch multiplied by
//! `N / B`: the batch dim of the data inputs, every loop and tensor dim reached from them, and each op's
//! FLOPs in proportion to its iteration space. Weights keep their shapes.
//!
//! Which dims follow the batch is a fixpoint over the accesses, seeded with the data inputs' batch dim
//! and the importer's sample loops:
//! - a loop is marked when it indexes a marked tensor dim alone (`d_k`), or is the outermost term of a
//!   linearized index of one (`d_k * S + d_j`: the batch merged batch-major with another dim);
//! - a tensor dim is marked when a marked loop appears in its index.
//!
//! Every marked extent must be a multiple of `B` (then it becomes `extent / B * N`). The rescaling is
//! refused, with the op to blame, where it would not be sound:
//! - a marked extent that is not a multiple of `B` (a slice of the batch, a sample loop whose extent
//!   does not follow it);
//! - the batch folded *inside* another dim (`d_j * B + d_k`: batch-minor; the stride `B` of the other
//!   loop would change too), or indexed by a window/sum of loops none of which carries it alone;
//! - a constant index into the batch dim (one sample read out: which one is meaningless at another
//!   batch);
//! - an opaque op reached by the batch (its work cannot follow it).
//!
//! A weight-derived tensor indexed by the batch is rescaled with it: it is a constant broadcast over the
//! samples (BERT's token-type ids expanded to the batch), the same values for every sample; trained
//! parameters never follow the batch, and the parameter count is the importer's, unchanged.

use std::fmt;

use crate::graph::{Access, Dim, Graph, Op, OpClass, OpId, TensorKind};

/// The batch before and after a rescaling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rescaled {
    pub from: u64,
    pub to: u64,
}

/// Why a graph's batch cannot be rescaled: the op to blame (its `file:line:col` in `location`) and
/// what goes wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// The op to blame, when one is.
    pub op: Option<OpId>,
    pub location: String,
    pub message: String,
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.location.is_empty() {
            write!(f, "error: {}", self.message)
        } else {
            write!(f, "{}: error: {}", self.location, self.message)
        }
    }
}

impl std::error::Error for BatchError {}

/// Which loops and tensor dims follow the batch.
struct Marks {
    /// Per op, per loop.
    loops: Vec<Vec<bool>>,
    /// Per tensor, per dim.
    dims: Vec<Vec<bool>>,
}

/// The batch `B` of `graph`: the `batch_dim` extent of its first data input of higher rank; `None`
/// when no input has that dim.
pub fn batch_of(graph: &Graph, batch_dim: usize) -> Option<u64> {
    graph
        .tensors()
        .iter()
        .find(|t| t.kind == TensorKind::Input && t.shape.len() > batch_dim)
        .map(|t| t.shape[batch_dim])
}

/// `graph` with its batch rescaled to `to` (see the module doc); `batch_dim` is the data inputs'
/// batch dim (the importer's `batch-dim`). Returns the new graph and the batch change.
pub fn rescale_batch(
    graph: &Graph,
    batch_dim: usize,
    to: u64,
) -> Result<(Graph, Rescaled), BatchError> {
    let plain = |message: String| BatchError {
        op: None,
        location: String::new(),
        message,
    };
    if to == 0 {
        return Err(plain("--batch must be a positive number of samples".into()));
    }
    let from = batch_of(graph, batch_dim).ok_or_else(|| {
        plain(format!(
            "--batch: no data input has a batch dim {batch_dim} to rescale"
        ))
    })?;
    if to == from {
        // The exported batch: nothing to rescale, so nothing that could refuse it (a model whose
        // batch cannot follow a change still runs at its own batch, e.g. the first row of a weak-scaling
        // sweep).
        return Ok((graph.clone(), Rescaled { from, to }));
    }
    let marks = mark(graph, batch_dim, from, false)?;
    let rebuilt = rebuild(graph, &marks, from, to)?;
    Ok((rebuilt, Rescaled { from, to }))
}

/// Which loops of every op follow the batch (the fixpoint of the module doc), per op and per loop: the
/// sample loops and every loop, parallel or reduction, that indexes a batch dim of a tensor. A pipeline
/// schedule runs the ops with a marked loop once per micro-batch (`crate::schedule`). Errors as
/// [`rescale_batch`] where the batch cannot be followed.
pub fn batch_loops(graph: &Graph, batch_dim: usize) -> Result<Vec<Vec<bool>>, BatchError> {
    Ok(batch_marks(graph, batch_dim)?.loops)
}

/// Which loops and which tensor dims follow the batch: [`batch_loops`], and per tensor per dim whether
/// a marked loop indexes it. A marked dim of extent `E` holds the batch batch-major (the fixpoint
/// refuses the rest), so `1/k` of the samples is a contiguous `1/k` of it: what a micro-batch of a
/// pipeline schedule slices out of a tensor that follows the batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchMarks {
    /// Per op, per loop.
    pub loops: Vec<Vec<bool>>,
    /// Per tensor, per dim.
    pub dims: Vec<Vec<bool>>,
    /// The batch of the data inputs, when one has the batch dim.
    pub batch: Option<u64>,
}

impl BatchMarks {
    /// Nothing follows the batch: every op runs once, on the whole batch (a flat strategy's one step).
    pub fn none(graph: &Graph) -> BatchMarks {
        BatchMarks {
            loops: graph
                .ops()
                .iter()
                .map(|op| vec![false; op.dims.len()])
                .collect(),
            dims: graph
                .tensors()
                .iter()
                .map(|t| vec![false; t.shape.len()])
                .collect(),
            batch: None,
        }
    }
}

/// [`BatchMarks`] of `graph` (errors as [`rescale_batch`]).
pub fn batch_marks(graph: &Graph, batch_dim: usize) -> Result<BatchMarks, BatchError> {
    let Some(from) = batch_of(graph, batch_dim) else {
        // No data input has the batch dim: the importer's sample loops alone.
        let loops: Vec<Vec<bool>> = graph
            .ops()
            .iter()
            .map(|op| {
                op.dims
                    .iter()
                    .map(|d| d.role == crate::graph::Role::Sample)
                    .collect()
            })
            .collect();
        // Without a data input the tensor dims follow the sample loops alone.
        let dims = graph
            .tensors()
            .iter()
            .enumerate()
            .map(|(t, tensor)| {
                (0..tensor.shape.len())
                    .map(|j| {
                        graph.ops().iter().enumerate().any(|(i, op)| {
                            op.accesses().filter(|a| a.tensor.index() == t).any(|a| {
                                a.exprs[j].terms.iter().any(|&(k, c)| c != 0 && loops[i][k])
                            })
                        })
                    })
                    .collect()
            })
            .collect();
        return Ok(BatchMarks {
            loops,
            dims,
            batch: None,
        });
    };
    // A batch of one sample is read whole by a constant index (torch-mlir broadcasts its size-1 dims
    // as index 0): nothing is rescaled here, so those reads are no error.
    let marks = mark(graph, batch_dim, from, from == 1)?;
    Ok(BatchMarks {
        loops: marks.loops,
        dims: marks.dims,
        batch: Some(from),
    })
}

/// The first op (in topological order) that looks rows up by data-dependent index in a tensor whose
/// indexed dim follows the batch: an embedding-class op (a gather or scatter, whose importer models
/// each data-dependent index as a reduction loop over the indexed dim) with such a loop among
/// `loops`' marks ([`batch_loops`]). Its indices address the rows of the whole batch (TOSA's gather of
/// a batch folded into the table's rows), so a schedule that cuts the batch — replicas or
/// micro-batches — would leave each part indices past its own rows; and what reads its result does not
/// follow the batch (the indices do not), so even a schedule of one step would run the rest of the graph
/// as its epilogue. Such a graph runs flat strategies only (`crate::pipeline`'s evaluator, the plan
/// search and `par-materialize` refuse the others). `None` when nothing blocks a schedule.
pub fn lookup_across_batch(graph: &Graph, loops: &[Vec<bool>]) -> Option<OpId> {
    graph.topological_order().find(|&id| {
        let op = graph.op(id);
        op.class == OpClass::Embedding
            && loops.get(id.index()).is_some_and(|marked| {
                op.dims
                    .iter()
                    .zip(marked)
                    .any(|(d, &m)| m && d.role == crate::graph::Role::Reduction)
            })
    })
}

fn op_error(graph: &Graph, op: OpId, message: String) -> BatchError {
    let o = graph.op(op);
    BatchError {
        op: Some(op),
        location: o.location.clone(),
        message: format!("--batch: '{}' {message}", o.name),
    }
}

/// The fixpoint of the module doc; `whole_sample`: a constant index into a batch dim of extent 1 (a
/// batch of one sample, read whole) is accepted instead of refused.
fn mark(
    graph: &Graph,
    batch_dim: usize,
    from: u64,
    whole_sample: bool,
) -> Result<Marks, BatchError> {
    let mut marks = Marks {
        loops: graph
            .ops()
            .iter()
            .map(|op| {
                op.dims
                    .iter()
                    .map(|d| d.role == crate::graph::Role::Sample)
                    .collect()
            })
            .collect(),
        dims: graph
            .tensors()
            .iter()
            .map(|t| {
                (0..t.shape.len())
                    .map(|j| t.kind == TensorKind::Input && j == batch_dim && t.shape[j] == from)
                    .collect()
            })
            .collect(),
    };
    loop {
        let mut changed = false;
        for (i, op) in graph.ops().iter().enumerate() {
            for access in op.inputs.iter().chain(&op.outputs) {
                changed |= propagate(graph, OpId::new(i), op, access, &mut marks, whole_sample)?;
            }
        }
        if !changed {
            return Ok(marks);
        }
    }
}

/// One access's share of the fixpoint; whether a mark was added.
fn propagate(
    graph: &Graph,
    id: OpId,
    op: &Op,
    access: &Access,
    marks: &mut Marks,
    whole_sample: bool,
) -> Result<bool, BatchError> {
    let t = access.tensor.index();
    let mut changed = false;
    for (j, expr) in access.exprs.iter().enumerate() {
        let terms: Vec<(usize, i64)> = expr
            .terms
            .iter()
            .copied()
            .filter(|&(_, c)| c != 0)
            .collect();
        let marked_loop = terms.iter().find(|&&(k, _)| marks.loops[id.index()][k]);
        if marked_loop.is_some() && !marks.dims[t][j] {
            marks.dims[t][j] = true;
            changed = true;
        }
        if !marks.dims[t][j] {
            continue;
        }
        let name = &graph.tensor(access.tensor).name;
        // The carrier: the outermost term (largest stride) over a loop of more than one iteration.
        let carrier = terms
            .iter()
            .filter(|&&(k, _)| op.dims[k].size > 1)
            .max_by_key(|&&(_, c)| c.unsigned_abs())
            .copied();
        let Some((k, c)) = carrier else {
            if whole_sample && graph.tensor(access.tensor).shape.get(j) == Some(&1) {
                continue;
            }
            return Err(op_error(
                graph,
                id,
                format!(
                    "reads one sample of '{name}' (a constant index into its batch dim {j}); at another batch that sample is meaningless"
                ),
            ));
        };
        let inner: u64 = terms
            .iter()
            .filter(|&&(d, _)| d != k)
            .map(|&(d, cd)| cd.unsigned_abs().saturating_mul(op.dims[d].size - 1))
            .sum();
        let folded_inside = terms
            .iter()
            .any(|&(d, _)| d != k && marks.loops[id.index()][d] && op.dims[d].size > 1);
        if inner >= c.unsigned_abs() || folded_inside {
            return Err(op_error(
                graph,
                id,
                format!(
                    "folds the batch of '{name}' (dim {j}) inside another dim; the batch can only be rescaled where it is the outermost part of a merged dim"
                ),
            ));
        }
        if !marks.loops[id.index()][k] {
            marks.loops[id.index()][k] = true;
            changed = true;
        }
    }
    Ok(changed)
}

/// `extent / from * to`; `None` when the extent is not a multiple of `from` (it does not follow the
/// batch) or the product overflows (a `--batch` far past any real graph, refused by the importer's
/// size limit otherwise).
fn rescaled(extent: u64, from: u64, to: u64) -> Option<u64> {
    (extent % from == 0).then(|| (extent / from).checked_mul(to))?
}

/// The graph with every marked extent rescaled and FLOPs in proportion to each op's iteration space.
fn rebuild(graph: &Graph, marks: &Marks, from: u64, to: u64) -> Result<Graph, BatchError> {
    let mut out = Graph::new();
    for (t, tensor) in graph.tensors().iter().enumerate() {
        let mut shape = tensor.shape.clone();
        for (j, size) in shape
            .iter_mut()
            .enumerate()
            .filter(|(j, _)| marks.dims[t][*j])
        {
            let blame = || {
                let op = tensor
                    .producer
                    .or_else(|| graph.consumers(crate::TensorId::new(t)).first().copied());
                match op {
                    Some(op) => op_error(graph, op, String::new()),
                    None => BatchError {
                        op: None,
                        location: String::new(),
                        message: "--batch: ".into(),
                    },
                }
            };
            *size = rescaled(*size, from, to).ok_or_else(|| {
                let mut e = blame();
                e.message = if *size % from == 0 {
                    format!(
                        "{}writes or reads '{}' whose dim {j} ({size}) overflows 64 bits at a batch of {to}",
                        e.message, tensor.name
                    )
                } else {
                    format!(
                        "{}writes or reads '{}' whose dim {j} ({size}) follows the batch but is not a multiple of it ({from})",
                        e.message, tensor.name
                    )
                };
                e
            })?;
        }
        out.add_tensor(tensor.name.clone(), shape, tensor.dtype, tensor.kind);
    }
    for (i, op) in graph.ops().iter().enumerate() {
        let id = OpId::new(i);
        let marked = &marks.loops[i];
        if op.class == OpClass::Opaque && marked.iter().any(|&m| m) {
            return Err(op_error(
                graph,
                id,
                "is opaque (no iteration space known) and reads the batch; its work cannot follow a new batch".into(),
            ));
        }
        let mut dims: Vec<Dim> = op.dims.clone();
        let (mut old_volume, mut new_volume) = (1u128, 1u128);
        for (k, dim) in dims.iter_mut().enumerate().filter(|(k, _)| marked[*k]) {
            let size = rescaled(dim.size, from, to).ok_or_else(|| {
                let why = if dim.size % from == 0 {
                    format!("overflows 64 bits at a batch of {to}")
                } else {
                    format!("follows the batch but is not a multiple of it ({from})")
                };
                op_error(
                    graph,
                    id,
                    format!("has a loop d{k} of {} iterations that {why}", dim.size),
                )
            })?;
            old_volume *= u128::from(dim.size);
            new_volume *= u128::from(size);
            dim.size = size;
        }
        let flops = op.flops * (new_volume as f64 / old_volume as f64);
        out.add_op(Op {
            dims,
            flops,
            ..op.clone()
        })
        .map_err(|e| op_error(graph, id, e.message))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{AffineDim, DType, Role, TensorId};

    /// x[B,16] · w[16,4] → y[B,4], then a sum over the batch → s[4].
    fn mlp(batch: u64) -> Graph {
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![batch, 16], DType::F32, TensorKind::Input);
        let w = g.add_tensor("w", vec![16, 4], DType::F32, TensorKind::Weight);
        let y = g.add_tensor("y", vec![batch, 4], DType::F32, TensorKind::Activation);
        let s = g.add_tensor("s", vec![4], DType::F32, TensorKind::Activation);
        g.add_op(Op {
            name: "linalg.matmul".into(),
            location: "m.mlir:2:3".into(),
            class: OpClass::Contraction,
            dims: vec![
                Dim::new(batch, Role::Sample),
                Dim::new(4, Role::Parameter),
                Dim::new(16, Role::Reduction),
            ],
            inputs: vec![Access::dims(x, &[0, 2]), Access::dims(w, &[2, 1])],
            outputs: vec![Access::dims(y, &[0, 1])],
            flops: (2 * batch * 4 * 16) as f64,
            dtype: DType::F32,
            position_mask: None,
        })
        .unwrap();
        g.add_op(Op {
            name: "linalg.reduce".into(),
            location: "m.mlir:3:3".into(),
            class: OpClass::Reduction,
            dims: vec![
                Dim::new(4, Role::Attribute),
                Dim::new(batch, Role::Reduction),
            ],
            inputs: vec![Access::dims(y, &[1, 0])],
            outputs: vec![Access::dims(s, &[0])],
            flops: (batch * 4) as f64,
            dtype: DType::F32,
            position_mask: None,
        })
        .unwrap();
        g
    }

    #[test]
    fn marks_name_the_loops_and_tensor_dims_that_follow_the_batch() {
        let marks = batch_marks(&mlp(8), 0).unwrap();
        assert_eq!(marks.batch, Some(8));
        assert_eq!(
            marks.loops,
            vec![vec![true, false, false], vec![false, true]]
        );
        // x, w, y, s.
        assert_eq!(
            marks.dims,
            vec![
                vec![true, false],
                vec![false, false],
                vec![true, false],
                vec![false]
            ]
        );
    }

    #[test]
    fn batch_follows_through_loops_and_tensors() {
        let (g, r) = rescale_batch(&mlp(8), 0, 32).unwrap();
        assert_eq!(r, Rescaled { from: 8, to: 32 });
        let want = mlp(32);
        assert_eq!(g.tensors(), want.tensors());
        assert_eq!(g.ops(), want.ops());
    }

    #[test]
    fn batch_major_merge_follows_batch_minor_fails() {
        let merged = |outer_is_batch: bool| {
            let mut g = Graph::new();
            let x = g.add_tensor("x", vec![8, 5], DType::F32, TensorKind::Input);
            let y = g.add_tensor("y", vec![40], DType::F32, TensorKind::Activation);
            let expr = if outer_is_batch {
                AffineDim {
                    terms: vec![(0, 5), (1, 1)],
                    offset: 0,
                }
            } else {
                AffineDim {
                    terms: vec![(0, 1), (1, 8)],
                    offset: 0,
                }
            };
            g.add_op(Op {
                name: "tensor.collapse_shape".into(),
                location: "m.mlir:4:5".into(),
                class: OpClass::DataMovement,
                dims: vec![Dim::new(8, Role::Sample), Dim::new(5, Role::Attribute)],
                inputs: vec![Access::dims(x, &[0, 1])],
                outputs: vec![Access {
                    tensor: y,
                    exprs: vec![expr],
                }],
                flops: 0.0,
                dtype: DType::F32,
                position_mask: None,
            })
            .unwrap();
            g
        };
        let (g, _) = rescale_batch(&merged(true), 0, 16).unwrap();
        assert_eq!(g.tensor(TensorId(1)).shape, vec![80]);
        // 5 samples' worth of rows per sample: 5 * 2^62 overflows.
        let e = rescale_batch(&merged(true), 0, 1 << 62).unwrap_err();
        assert!(e.message.contains("overflows 64 bits"), "{e}");
        let e = rescale_batch(&merged(false), 0, 16).unwrap_err();
        assert_eq!(e.op, Some(OpId(0)));
        // At its own batch the graph needs no rescaling, so it is not refused.
        let (same, r) = rescale_batch(&merged(false), 0, 8).unwrap();
        assert_eq!((r.from, r.to), (8, 8));
        assert_eq!(same.tensor(TensorId(1)).shape, vec![40]);
        assert!(
            e.to_string()
                .starts_with("m.mlir:4:5: error: --batch: 'tensor.collapse_shape' folds the batch"),
            "{e}"
        );
    }

    #[test]
    fn a_batch_of_one_read_whole_has_marks_but_no_rescale() {
        // torch-mlir broadcasts a batch of 1 by the constant index 0: the marks accept it (the
        // searches need them at the exported batch), a rescale still refuses it.
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![1, 4], DType::F32, TensorKind::Input);
        let y = g.add_tensor("y", vec![1, 4], DType::F32, TensorKind::Activation);
        g.add_op(Op {
            name: "linalg.generic".into(),
            location: "m.mlir:7:1".into(),
            class: OpClass::Elementwise,
            dims: vec![Dim::new(1, Role::Sample), Dim::new(4, Role::Attribute)],
            inputs: vec![Access {
                tensor: x,
                exprs: vec![AffineDim::constant(0), AffineDim::dim(1)],
            }],
            outputs: vec![Access::dims(y, &[0, 1])],
            flops: 4.0,
            dtype: DType::F32,
            position_mask: None,
        })
        .unwrap();
        let marks = batch_marks(&g, 0).unwrap();
        assert_eq!(marks.batch, Some(1));
        assert_eq!(marks.loops[0], vec![true, false]);
        let e = rescale_batch(&g, 0, 4).unwrap_err();
        assert!(e.message.contains("reads one sample of 'x'"), "{e}");
    }

    #[test]
    fn slices_and_single_samples_fail() {
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![8, 4], DType::F32, TensorKind::Input);
        let y = g.add_tensor("y", vec![4], DType::F32, TensorKind::Activation);
        g.add_op(Op {
            name: "tensor.extract_slice".into(),
            location: "m.mlir:7:1".into(),
            class: OpClass::DataMovement,
            dims: vec![Dim::new(4, Role::Attribute)],
            inputs: vec![Access {
                tensor: x,
                exprs: vec![AffineDim::constant(0), AffineDim::dim(0)],
            }],
            outputs: vec![Access::dims(y, &[0])],
            flops: 0.0,
            dtype: DType::F32,
            position_mask: None,
        })
        .unwrap();
        let e = rescale_batch(&g, 0, 16).unwrap_err();
        assert!(e.message.contains("reads one sample of 'x'"), "{e}");
        // A sample loop that is not a multiple of the batch.
        let mut g = mlp(8);
        let t = g.add_tensor("z", vec![6, 4], DType::F32, TensorKind::Activation);
        g.add_op(Op {
            name: "tensor.extract_slice".into(),
            location: "m.mlir:9:1".into(),
            class: OpClass::DataMovement,
            dims: vec![Dim::new(6, Role::Sample), Dim::new(4, Role::Attribute)],
            inputs: vec![Access::dims(TensorId(2), &[0, 1])],
            outputs: vec![Access::dims(t, &[0, 1])],
            flops: 0.0,
            dtype: DType::F32,
            position_mask: None,
        })
        .unwrap();
        let e = rescale_batch(&g, 0, 16).unwrap_err();
        assert!(e.location == "m.mlir:9:1", "{e}");
        assert!(rescale_batch(&mlp(8), 0, 0).is_err());

        assert!(rescale_batch(&mlp(8), 3, 16).is_err());
    }
}
