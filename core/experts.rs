//! Mixture-of-experts layers, as a graph writes them: expert-batched contractions.
//!
//! A mixture-of-experts layer runs every expert's MLP as one contraction batched over the experts
//! (GShard's `ech,ehf->ecf` einsums, Megatron-Core's grouped GEMM): its weight has an expert dim, and the
//! loop over it also indexes the tokens dispatched to the experts and the result. In SOAP terms that
//! loop is a parameter dim (it indexes a trained weight) that is also batched: splitting it is expert
//! parallelism, each device holding its experts' weights and receiving their tokens. This module finds
//! those loops; the summary of an import names them.

use crate::graph::{Graph, OpClass, OpId, Role, TensorKind};

/// The expert dims of a graph's expert-batched contractions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Experts {
    /// The number of experts: the expert loop's size (the largest where several differ).
    pub count: u64,
    /// Every expert-batched contraction and its expert loop, in program order.
    pub contractions: Vec<(OpId, usize)>,
}

/// The expert-batched contractions of `graph` (module doc): a contraction of two operands, one of them
/// a weight, with a parameter loop of more than one trip that indexes the weight, the other operand and
/// a result. `None` when the graph has none (a dense model).
pub fn experts(graph: &Graph) -> Option<Experts> {
    let mut contractions = Vec::new();
    let mut count = 0;
    for (i, op) in graph.ops().iter().enumerate() {
        if op.class != OpClass::Contraction || op.inputs.len() != 2 {
            continue;
        }
        let is_weight = |k: usize| graph.tensor(op.inputs[k].tensor).kind == TensorKind::Weight;
        let Some(w) = (0..2).find(|&k| is_weight(k)) else {
            continue;
        };
        let indexes = |exprs: &[crate::graph::AffineDim], d: usize| {
            exprs
                .iter()
                .any(|e| e.terms.iter().any(|&(j, c)| j == d && c != 0))
        };
        let expert = op.dims.iter().enumerate().position(|(d, dim)| {
            dim.role == Role::Parameter
                && dim.size > 1
                && indexes(&op.inputs[w].exprs, d)
                && indexes(&op.inputs[1 - w].exprs, d)
                && op.outputs.iter().any(|o| indexes(&o.exprs, d))
        });
        if let Some(d) = expert {
            count = count.max(op.dims[d].size);
            contractions.push((OpId::new(i), d));
        }
    }
    (!contractions.is_empty()).then_some(Experts {
        count,
        contractions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth;

    #[test]
    fn a_dense_transformer_has_no_experts() {
        let graph = synth::transformer(&synth::TransformerSpec::LONG_SEQUENCE);
        assert_eq!(experts(&graph), None);
    }
}
