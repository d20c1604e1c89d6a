//! The materialization cut shared by every op family: what one task of an op reads, runs and writes,
//! in terms that `par-materialize` plans communication with and emits device code from. A family
//! says how a task of its ops is cut ([`TaskCut`]); the pass owns everything around it (task grid,
//! transfers, reduction groups, emission).

use crate::{ir, op_model::OpModel, op_name, region::Region};
use flexc_core::AffineDim;
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::*;

/// A value of the serial function, by position, so that it names the same value in every clone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueId {
    Arg(usize),
    /// Result `r` of the top-level op at position `p` of the body.
    Result(usize, usize),
}

/// How partial results of a split reduction combine (from the body's `linalg.yield`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Sum,
    Max,
    Min,
}

impl Combine {
    pub fn kind(self) -> &'static str {
        match self {
            Combine::Sum => "sum",
            Combine::Max => "max",
            Combine::Min => "min",
        }
    }

    pub fn arith_op(self, float: bool) -> &'static str {
        match (self, float) {
            (Combine::Sum, true) => "arith.addf",
            (Combine::Max, true) => "arith.maximumf",
            (Combine::Min, true) => "arith.minimumf",
            (Combine::Sum, false) => "arith.addi",
            (Combine::Max, false) => "arith.maxsi",
            (Combine::Min, false) => "arith.minsi",
        }
    }
}

/// One operand of a task op.
#[derive(Clone, Debug)]
pub enum Operand {
    /// Operand `i` of the serial op, unchanged (a scalar).
    Keep(usize),
    /// A region of the device's copy of a value.
    Slice(ValueId, Region),
    /// The device's whole copy of a value.
    Whole(ValueId),
    /// A tensor of `shape` filled with the identity of `combine`, with operand `like`'s element type.
    Identity {
        like: usize,
        shape: Vec<i64>,
        combine: Combine,
    },
}

/// How a task computes its results.
#[derive(Clone, Debug)]
pub enum Body {
    /// A clone of the serial op with these operands, result shapes and attributes (name, text).
    /// `starts`: a structured op's task start per loop, added to every `linalg.index` of the clone's
    /// body (empty for other ops).
    Clone {
        operands: Vec<Operand>,
        results: Vec<Vec<i64>>,
        attributes: Vec<(&'static str, String)>,
        starts: Vec<i64>,
    },
    /// The single result is this operand (a concat task inside one part, an insert past the source).
    Forward(Operand),
    /// The serial op on these operands (the whole source of a reshape; a scatter's rows with the
    /// whole destination), with these attributes set, of which the task keeps `region` of the single
    /// result.
    Part {
        operands: Vec<Operand>,
        attributes: Vec<(&'static str, String)>,
        region: Region,
    },
}

/// Regions of values a task reads.
pub type Reads = Vec<(ValueId, Region)>;

/// What one task reads, runs and writes.
pub struct Planned {
    pub body: Body,
    /// Regions of values the task reads (communication).
    pub reads: Reads,
    /// Per result: the region of the result the task writes.
    pub outputs: Vec<Region>,
}

/// How the tasks of one op are cut: built once per op by its family ([`super::OpFamily::cut`]), which
/// reports what it cannot cut as an error before any task is planned.
pub trait TaskCut {
    /// The loops of the op proper; loops past them are capture loops (data-dependent indices into a
    /// table read in the body), which every task covers by reading the table whole.
    fn own_loops(&self, model: &OpModel) -> usize {
        model.loops.len()
    }

    /// Plans the task of `cx.op` covering the loop box `loops`. `first` is `Err(combine)` for a task of
    /// a split reduction whose reduction coordinates are not all 0 (its destination starts from the
    /// combiner's identity).
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        loops: &Region,
        first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String>;
}

/// One task computing the whole op from whole copies of its operands: what any op can do when its
/// configuration does not split it (every degree 1: on one device, or replicated on several). The pass
/// falls back to it where the op's family has no cut for it (an op from a dialect flexc does not cut,
/// an insert with strides), so an unsplit op never stops materialization.
pub struct WholeCut;

impl TaskCut for WholeCut {
    fn task(
        &self,
        cx: &TaskCx<'_, '_, '_>,
        _loops: &Region,
        _first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let op = cx.op;
        let (operands, reads) =
            cx.tensor_operands(|value, shape| (Operand::Whole(value), crate::region::full(shape)))?;
        let results = (0..op.result_count())
            .map(|r| {
                shape_of(unsafe { mlirOperationGetResult(op.to_raw(), r as isize) })
                    .ok_or_else(|| format!("result {r} is not a static tensor"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Planned {
            outputs: results.iter().map(|s| crate::region::full(s)).collect(),
            body: Body::Clone {
                operands,
                results,
                attributes: Vec::new(),
                starts: Vec::new(),
            },
            reads,
        })
    }
}

/// What a cut knows about the op being cut and the function it is in.
pub struct TaskCx<'a, 'c, 'o> {
    pub op: &'a OperationRef<'c, 'o>,
    pub model: &'a OpModel,
    /// The [`ValueId`] of a value of the function body (`None` for a value from elsewhere).
    pub ids: &'a dyn Fn(MlirValue) -> Option<ValueId>,
}

impl TaskCx<'_, '_, '_> {
    /// Every operand of the op as a task operand: scalars kept, each tensor operand as `part` says (the
    /// task operand and the region of the value the task reads), with the reads collected.
    pub fn tensor_operands(
        &self,
        part: impl Fn(ValueId, &[i64]) -> (Operand, Region),
    ) -> Result<(Vec<Operand>, Reads), String> {
        let mut operands = Vec::new();
        let mut reads = Vec::new();
        for j in 0..self.op.operand_count() {
            let Some(shape) = self.shape(j) else {
                operands.push(Operand::Keep(j));
                continue;
            };
            let value = self.id(j)?;
            let (operand, region) = part(value, &shape);
            reads.push((value, region));
            operands.push(operand);
        }
        Ok((operands, reads))
    }

    /// The function-body value of operand `index`.
    pub fn id(&self, index: usize) -> Result<ValueId, String> {
        (self.ids)(operand_value(self.op, index))
            .ok_or_else(|| format!("operand {index} is not a value of the function body"))
    }

    /// The static shape of operand `index`; `None` for a scalar or a dynamic tensor.
    pub fn shape(&self, index: usize) -> Option<Vec<i64>> {
        shape_of(operand_value(self.op, index))
    }

    /// The static shape of result 0.
    pub fn result_shape(&self) -> Result<Vec<i64>, &'static str> {
        shape_of(unsafe { mlirOperationGetResult(self.op.to_raw(), 0) })
            .ok_or("has a result that is not a static tensor")
    }
}

/// The static shape of a tensor value; `None` for anything else.
pub fn shape_of(value: MlirValue) -> Option<Vec<i64>> {
    ir::tensor_shape(unsafe { mlirValueGetType(value) })
        .filter(ir::Shape::is_static)
        .map(|s| s.static_dims().into_iter().map(|d| d as i64).collect())
}

fn operand_value(op: &OperationRef<'_, '_>, index: usize) -> MlirValue {
    unsafe { mlirOperationGetOperand(op.to_raw(), index as isize) }
}

/// Whether `access` is the identity `[d0, d1, ...]`.
pub fn is_identity(access: &[AffineDim]) -> bool {
    access
        .iter()
        .enumerate()
        .all(|(k, e)| e.single_dim() == Some(k))
}

/// A static integer-list attribute of `op`.
pub fn i64_attribute(op: &OperationRef<'_, '_>, name: &str) -> Result<Vec<i64>, String> {
    op.attribute(name)
        .ok()
        .and_then(|a| ir::i64_list(a.to_raw()))
        .ok_or_else(|| format!("has no static {name}"))
}

/// `array<i64: ...>` text.
pub fn array_text(values: &[i64]) -> String {
    if values.is_empty() {
        return "array<i64>".into();
    }
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}

/// The combiner of a structured op's reductions, from what its body yields for every result.
pub fn combine_of(op: MlirOperation, model: &OpModel) -> Result<Combine, String> {
    let results = model.outputs.len();
    let inputs = model.inputs.len() - results;
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) };
    let ops = unsafe { ir::block_ops(body) };
    let yield_op = ops
        .last()
        .copied()
        .ok_or("splits a reduction but has no body to read its combiner from")?;
    let mut found = None;
    // The accumulator argument of result `r` in the body.
    let accumulator = |value: MlirValue, r: usize| unsafe {
        mlirValueIsABlockArgument(value)
            && mlirBlockArgumentGetOwner(value).ptr == body.ptr
            && mlirBlockArgumentGetArgNumber(value) as usize == inputs + r
    };
    for r in 0..results {
        let mut value = unsafe { mlirOperationGetOperand(yield_op, r as isize) };
        // A masked accumulation, `select(c, out ⊕ x, out)`, is `out ⊕ (c ? x : identity)`: it combines
        // as `⊕` does (a scatter-add written as a generic over the rows).
        if let Some(def) = ir::defining_op(value) {
            if op_name(&unsafe { OperationRef::from_raw(def) }) == "arith.select" {
                let (t, f) = unsafe {
                    (
                        mlirOperationGetOperand(def, 1),
                        mlirOperationGetOperand(def, 2),
                    )
                };
                if accumulator(f, r) {
                    value = t;
                } else if accumulator(t, r) {
                    value = f;
                }
            }
        }
        let combine = ir::defining_op(value).and_then(|def| {
            let name = op_name(&unsafe { OperationRef::from_raw(def) });
            let combine = match name.as_str() {
                "arith.addf" | "arith.addi" => Combine::Sum,
                "arith.maximumf" | "arith.maxnumf" | "arith.maxsi" => Combine::Max,
                "arith.minimumf" | "arith.minnumf" | "arith.minsi" => Combine::Min,
                _ => return None,
            };
            let accumulates = (0..unsafe { mlirOperationGetNumOperands(def) })
                .any(|i| accumulator(unsafe { mlirOperationGetOperand(def, i) }, r));
            accumulates.then_some(combine)
        });
        let Some(combine) = combine else {
            return Err(format!(
                "splits a reduction, but its body does not accumulate result {r} with an add, max or min: partial results cannot be combined"
            ));
        };
        if found.is_some_and(|f| f != combine) {
            return Err("splits a reduction whose results combine differently".into());
        }
        found = Some(combine);
    }
    found.ok_or_else(|| "splits a reduction but has no results".to_string())
}
