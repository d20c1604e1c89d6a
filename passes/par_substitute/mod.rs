//! `par-substitute`: algebraic substitutions on an egg e-graph (issue 26). Each function's entry
//! block becomes an e-graph over [`lang::Flex`] (zero-initialized contractions with their einsum
//! signature, `linalg.transpose`, `tensor.collapse_shape`/`expand_shape`, every other op opaque), the
//! rules of [`rules`] saturate it under
//! node, iteration and time limits, [`extract`] picks the cheapest graph by a roofline cost. A second
//! stage does the same with elementwise adds and `tensor.concat` imported too and every rule (its
//! larger e-graph can extract worse); the stage that saves more is written back, and the
//! write-back builds the new ops (`linalg.generic` contractions, `tensor.concat`,
//! `tensor.extract_slice`, `linalg.transpose`, reshapes) and replaces every original value by its class's
//! chosen value; the block is put back in dependence order and unused pure ops are erased.
//!
//! Precondition: linalg on tensors (after `tosa-to-linalg`); StableHLO ops are opaque. Postcondition:
//! every function computes the same results; ops the e-graph does not model are untouched.
//!
//! ```mlir
//! // before: Q and K projections of one input, weights transposed
//! %qt = linalg.transpose ins(%wq) ... permutation = [1, 0]
//! %q = linalg.matmul ins(%x, %qt) outs(%zero)
//! %kt = linalg.transpose ins(%wk) ... permutation = [1, 0]
//! %k = linalg.matmul ins(%x, %kt) outs(%zero)
//! // after: one contraction over the concatenated weights, each projection a slice of it
//! %w = tensor.concat dim(0) %wq, %wk
//! %qk = linalg.generic {indexing_maps = [(m, n, k) -> (m, k), (m, n, k) -> (n, k), ...]} ins(%x, %w)
//! %q = tensor.extract_slice %qk[0, 0] [32, 64] [1, 1]
//! %k = tensor.extract_slice %qk[0, 64] [32, 64] [1, 1]
//! ```

pub mod extract;
pub mod lang;
pub mod rules;
#[cfg(test)]
mod tests;

use crate::ir::{self, build};
use crate::{PassId, PassInfo, PassOption};
use egg::{Id, Runner, Symbol};
use lang::{Flex, Graph, Meta, Sig};
use melior::ir::{operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-substitute",
    summary:
        "Algebraic substitutions (transposes folded, sibling contractions merged) on an egg e-graph",
    options: &[PassOption {
        name: "node-limit",
        help: "e-nodes at most in each function's e-graph",
        default: "20000",
        kind: crate::OptionKind::Unsigned,
    }],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__tensor__,
        mlirGetDialectHandle__arith__,
    ],
};

fn run(module: OperationRef<'_, '_>, options: &crate::Options) -> Result<(), ()> {
    let limits = Limits {
        nodes: options.unsigned("node-limit") as usize,
        ..Limits::default()
    };
    substitute(module.to_raw(), &limits)
        .map(drop)
        .map_err(|message| {
            crate::emit_error(module.location(), &message);
        })
}

/// The bounds of one saturation.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Whether extraction may adopt merged sibling contractions (two candidates: with and without).
    pub merges: bool,
    pub nodes: usize,
    pub iterations: usize,
    /// Each stage's saturation and each extraction stop after this long: a safety bound (30 s), so that
    /// the node, iteration and extraction-pass limits, which are deterministic, bind first.
    pub time: Duration,
    /// Everything stops here (the driver's share of a time budget): a stage not started by then is
    /// skipped, one under way ends its saturation and extraction early (the block stays as it is when
    /// no stage got as far as an extraction).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            merges: true,
            nodes: 20_000,
            iterations: 12,
            time: Duration::from_secs(30),
            deadline: None,
        }
    }
}

/// What the substitutions did to a module: matches per rule in the e-graph, and the ops the chosen
/// graph created and erased.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub applied: BTreeMap<String, usize>,
    pub created: BTreeMap<&'static str, usize>,
    pub erased: usize,
    /// The pruning cost (reference roofline seconds) of the functions before and after.
    pub cost_before: f64,
    pub cost_after: f64,
}

impl Summary {
    /// Whether the module changed.
    pub fn changed(&self) -> bool {
        self.erased > 0 || !self.created.is_empty()
    }

    /// One line: the rules that fired and what the chosen graph built.
    pub fn line(&self) -> String {
        let fired: Vec<String> = self
            .applied
            .iter()
            .map(|(rule, n)| format!("{rule}×{n}"))
            .collect();
        let created: Vec<String> = self
            .created
            .iter()
            .map(|(op, n)| format!("{op}×{n}"))
            .collect();
        let mut line = format!(
            "rules fired: {}; chosen graph: {} created, {} ops erased",
            if fired.is_empty() {
                "none".to_string()
            } else {
                fired.join(", ")
            },
            if created.is_empty() {
                "nothing".to_string()
            } else {
                created.join(", ")
            },
            self.erased,
        );
        // No cost when no e-graph got as far as an extraction (nothing it models, or a deadline).
        if self.cost_before > 0.0 {
            line.push_str(&format!(
                "; roofline cost {:.1} → {:.1} µs",
                self.cost_before * 1e6,
                self.cost_after * 1e6
            ));
        }
        line
    }
}

/// Rewrites every function of `module` (the body of each `func.func` with one block).
pub fn substitute(module: MlirOperation, limits: &Limits) -> Result<Summary, String> {
    let mut summaries = substitute_into(module, &[(module, limits.merges)], limits)?;
    Ok(summaries.remove(0))
}

/// Rewrites copies of `source` from one saturation: each target (`source` itself, or a clone of it:
/// the same ops in the same order) gets the graph extracted with its `merges` (`limits.merges` is
/// not read), and its summary. Every function's e-graphs are built, saturated and greedily extracted
/// once, from `source`; only the merge adoption, the choice of stage and the write-back are per
/// target. A target's e-graph built again from its own ops has the same classes (the build is
/// deterministic, checked): the saturated e-graph stands for it, and its values take the chosen ones.
/// A function whose build differs (a target that is not a clone) is saturated again on its own
/// where the source's stages found something to write. `source` may be a target: it is then
/// rewritten in place, as by [`substitute`].
pub fn substitute_into(
    source: MlirOperation,
    targets: &[(MlirOperation, bool)],
    limits: &Limits,
) -> Result<Vec<Summary>, String> {
    let mut summaries = vec![Summary::default(); targets.len()];
    let target_blocks: Vec<Vec<MlirBlock>> = targets.iter().map(|&(t, _)| blocks(t)).collect();
    for (f, block) in blocks(source).into_iter().enumerate() {
        let stages = saturate(block, limits, &mut summaries);
        for (k, &(_, merges)) in targets.iter().enumerate() {
            let Some(&target) = target_blocks[k].get(f) else {
                continue;
            };
            let own = Limits {
                merges,
                ..limits.clone()
            };
            rewrite(target, &stages, &own, &mut summaries[k], true)?;
        }
    }
    Ok(summaries)
}

/// The blocks [`substitute`] rewrites: each `func.func`'s body with one block, in order.
fn blocks(module: MlirOperation) -> Vec<MlirBlock> {
    ir::top_level_ops(module)
        .into_iter()
        .filter(|&function| ir::op_name(function) == "func.func")
        .filter_map(|function| {
            let region = unsafe { mlirOperationGetRegion(function, 0) };
            let block = unsafe { mlirRegionGetFirstBlock(region) };
            let single =
                !block.ptr.is_null() && unsafe { mlirBlockGetNextInRegion(block) }.ptr.is_null();
            single.then_some(block)
        })
        .collect()
}

/// The e-graph of one block and what ties it to the IR.
struct Built {
    egraph: Graph,
    roots: Vec<Id>,
    /// Every original value (by value key) with its e-class and the e-node that defined it.
    originals: Vec<(MlirValue, Id, Flex)>,
    /// Opaque values by name.
    named: HashMap<Symbol, MlirValue>,
    /// A location per original class (new ops take their first child's).
    locations: HashMap<Id, MlirLocation>,
}

impl Built {
    /// Whether `other`, built from another block, has the same e-graph: the same roots, the same
    /// classes and nodes, each original value at the same class and node.
    fn same_graph(&self, other: &Built) -> bool {
        self.roots == other.roots
            && self.egraph.number_of_classes() == other.egraph.number_of_classes()
            && self.egraph.total_number_of_nodes() == other.egraph.total_number_of_nodes()
            && self.originals.len() == other.originals.len()
            && self
                .originals
                .iter()
                .zip(&other.originals)
                .all(|((_, a, x), (_, b, y))| a == b && x == y)
    }
}

/// One stage of a block: its e-graph as built and as saturated, the greedy choice over the latter,
/// the cost of the original graph, and how long extraction may run.
struct Stage {
    extended: bool,
    built: Built,
    egraph: Graph,
    greedy: HashMap<Id, Flex>,
    before: f64,
    deadline: std::time::Instant,
}

/// The stages of `block` that got as far as a greedy choice (none: the block stays as it is), each
/// saturated under `limits`; the second stage's rule matches are added to every summary.
//
// Two stages, each its own e-graph: the layout, reshape and sibling rules over contractions,
// transposes and reshapes; then every rule, with adds and concatenations imported too. Greedy
// extraction over the second, larger e-graph can choose worse than over the first (its per-class
// covers go stale as classes change their best nodes), so each stage's extraction is a candidate
// and the one that saves the most (by the pruning cost, against its own original) is written back.
fn saturate(block: MlirBlock, limits: &Limits, summaries: &mut [Summary]) -> Vec<Stage> {
    let mut stages = Vec::new();
    // How long a step may run: `limits.time`, cut at the deadline (`None` once it has passed).
    let step = || match limits.deadline {
        None => Some(limits.time),
        Some(deadline) => deadline
            .checked_duration_since(std::time::Instant::now())
            .filter(|left| !left.is_zero())
            .map(|left| left.min(limits.time)),
    };
    for extended in [false, true] {
        let Some(saturation) = step() else {
            break;
        };
        let built = build(block, extended);
        if built.roots.is_empty() || built.egraph.total_number_of_nodes() > limits.nodes {
            continue;
        }
        let rules = if extended {
            rules::rules()
        } else {
            rules::base_rules()
        };
        let runner = Runner::default()
            .with_egraph(built.egraph.clone())
            .with_node_limit(limits.nodes)
            .with_iter_limit(limits.iterations)
            .with_time_limit(saturation)
            .run(&rules);
        // The matches reported are the second stage's: every rule, on the extended e-graph.
        if extended {
            for summary in summaries.iter_mut() {
                for iteration in &runner.iterations {
                    for (rule, n) in &iteration.applied {
                        *summary.applied.entry(rule.to_string()).or_default() += n;
                    }
                }
            }
        }
        let egraph = runner.egraph;
        let Some(extraction) = step() else {
            break;
        };
        let deadline = std::time::Instant::now() + extraction;
        // The original choice: each original value's own node.
        let original_choice: HashMap<Id, Flex> = built
            .originals
            .iter()
            .map(|(_, id, node)| {
                (
                    egraph.find(*id),
                    node.clone().map_children(|c| egraph.find(c)),
                )
            })
            .collect();
        let before =
            extract::total_cost(&egraph, &reachable(&original_choice, &egraph, &built.roots));
        let Some(greedy) = extract::choose(&egraph, extract::PASSES, Some(deadline)) else {
            continue;
        };
        stages.push(Stage {
            extended,
            built,
            egraph,
            greedy,
            before,
            deadline,
        });
    }
    stages
}

/// Writes into `block` (the stages' block or, with `check`, maybe a clone of it) the stage's choice
/// that saves the most under `limits.merges`, and adds to `summary` what it did.
fn rewrite(
    block: MlirBlock,
    stages: &[Stage],
    limits: &Limits,
    summary: &mut Summary,
    check: bool,
) -> Result<(), String> {
    // The original cost by the first stage extracted from, and the best stage with its cost after.
    let mut first_before = None;
    let mut best: Option<(&Stage, HashMap<Id, Flex>, f64)> = None;
    for stage in stages {
        let Some(chosen) = extract::finish(
            &stage.egraph,
            &stage.built.roots,
            stage.greedy.clone(),
            limits.merges,
            Some(stage.deadline),
        ) else {
            continue;
        };
        first_before.get_or_insert(stage.before);
        let after = extract::total_cost(&stage.egraph, &chosen);
        let saves = |before: f64, after: f64| before - after;
        if after < stage.before * (1.0 - 1e-9)
            && best
                .as_ref()
                .is_none_or(|(b, _, a)| saves(stage.before, after) > saves(b.before, *a))
        {
            best = Some((stage, chosen, after));
        }
    }
    let Some(before) = first_before else {
        return Ok(());
    };
    // Keep the block as it is unless a chosen graph is cheaper.
    let Some((stage, chosen, after)) = best else {
        summary.cost_before += before;
        summary.cost_after += before;
        return Ok(());
    };
    let built = build(block, stage.extended);
    if check && !built.same_graph(&stage.built) {
        // Not a clone of the stages' block: its own saturation (its matches are not reported).
        let stages = saturate(block, limits, &mut []);
        return rewrite(block, &stages, limits, summary, false);
    }
    summary.cost_before += stage.before;
    summary.cost_after += after;
    let Built {
        originals,
        named,
        locations,
        ..
    } = built;
    write_back(
        block,
        &stage.egraph,
        &chosen,
        &originals,
        &named,
        &locations,
        summary,
    )
}

use egg::Language;

/// The classes `choice` reaches from `roots`.
fn reachable(choice: &HashMap<Id, Flex>, egraph: &Graph, roots: &[Id]) -> HashMap<Id, Flex> {
    let mut out = HashMap::new();
    let mut stack: Vec<Id> = roots.iter().map(|&r| egraph.find(r)).collect();
    while let Some(id) = stack.pop() {
        if out.contains_key(&id) {
            continue;
        }
        if let Some(node) = choice.get(&id) {
            stack.extend(node.children().iter().copied());
            out.insert(id, node.clone());
        }
    }
    out
}

/// The static shape of a ranked tensor type, `None` otherwise.
fn static_shape(ty: MlirType) -> Option<Vec<u64>> {
    let shape = ir::tensor_shape(ty)?;
    shape.is_static().then(|| shape.static_dims())
}

/// Ops the write-back may erase once nothing uses them: pure tensor computations.
fn erasable(name: &str) -> bool {
    ["linalg.", "tensor.", "arith.", "math."]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

/// The e-graph of `block`: contractions, transposes and reshapes as their nodes, and with
/// `extended` adds and concatenations too; every other op opaque.
fn build(block: MlirBlock, extended: bool) -> Built {
    let mut egraph = Graph::new(Meta::default());
    let mut classes: HashMap<usize, Id> = HashMap::new();
    let mut originals = Vec::new();
    let mut named = HashMap::new();
    let mut locations = HashMap::new();
    let mut roots = Vec::new();
    let mut fresh = 0usize;
    let ops = unsafe { ir::block_ops(block) };
    let mut class_of = |egraph: &mut Graph,
                        value: MlirValue,
                        classes: &mut HashMap<usize, Id>,
                        originals: &mut Vec<(MlirValue, Id, Flex)>,
                        named: &mut HashMap<Symbol, MlirValue>|
     -> Id {
        if let Some(&id) = classes.get(&ir::value_key(value)) {
            return id;
        }
        // A block argument or a value from outside the block: an opaque leaf.
        fresh += 1;
        let name = Symbol::from(format!("in{fresh}"));
        if let Some(shape) = static_shape(unsafe { mlirValueGetType(value) }) {
            egraph.analysis.shapes.insert(name, shape);
        }
        let sym = egraph.add(Flex::Sym(name));
        let node = Flex::Op(vec![sym].into_boxed_slice());
        let id = egraph.add(node.clone());
        classes.insert(ir::value_key(value), id);
        originals.push((value, id, node));
        named.insert(name, value);
        id
    };
    for (index, &op) in ops.iter().enumerate() {
        let name = ir::op_name(op);
        let operands: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumOperands(op) })
            .map(|i| unsafe { mlirOperationGetOperand(op, i) })
            .collect();
        let results = unsafe { mlirOperationGetNumResults(op) };
        if !erasable(&name) || results == 0 {
            for &value in &operands {
                let id = class_of(&mut egraph, value, &mut classes, &mut originals, &mut named);
                roots.push(id);
            }
            continue;
        }
        let location = unsafe { mlirOperationGetLocation(op) };
        // A contraction, reshape or transpose: one node of its own kind for its one result.
        let single = if let Some((sig, a, b)) = contraction(op) {
            let a = class_of(&mut egraph, a, &mut classes, &mut originals, &mut named);
            let b = class_of(&mut egraph, b, &mut classes, &mut originals, &mut named);
            let s = egraph.add(Flex::Sym(sig.symbol()));
            Some(Flex::Contract([s, a, b]))
        } else if let Some(node) = reshape(&mut egraph, op) {
            let x = class_of(
                &mut egraph,
                operands[0],
                &mut classes,
                &mut originals,
                &mut named,
            );
            Some(match node {
                Flex::Collapse([g, _]) => Flex::Collapse([g, x]),
                Flex::Expand([g, s, _]) => Flex::Expand([g, s, x]),
                other => other,
            })
        } else if extended && elementwise_add(op) {
            let a = class_of(
                &mut egraph,
                operands[0],
                &mut classes,
                &mut originals,
                &mut named,
            );
            let b = class_of(
                &mut egraph,
                operands[1],
                &mut classes,
                &mut originals,
                &mut named,
            );
            Some(Flex::Add([a, b]))
        } else if let Some(axis) = concatenation(op).filter(|_| extended) {
            // `concat(a, b, c)` is `concat(a, concat(b, c))`: the inner concatenations are classes
            // of their own, without an original value.
            let parts: Vec<Id> = operands
                .iter()
                .map(|&v| class_of(&mut egraph, v, &mut classes, &mut originals, &mut named))
                .collect();
            let axis = egraph.add(Flex::Num(axis));
            let (last, rest) = parts.split_last().expect("a concatenation of two or more");
            let mut tail = *last;
            for &part in rest.iter().skip(1).rev() {
                tail = egraph.add(Flex::Concat([axis, part, tail]));
            }
            Some(Flex::Concat([axis, rest[0], tail]))
        } else if let Some(perm) = transpose(op) {
            let x = class_of(
                &mut egraph,
                operands[0],
                &mut classes,
                &mut originals,
                &mut named,
            );
            let p = egraph.add(Flex::Sym(lang::perm_symbol(&perm)));
            Some(Flex::Transpose([p, x]))
        } else {
            None
        };
        if let Some(node) = single {
            let id = egraph.add(node.clone());
            let value = unsafe { mlirOperationGetResult(op, 0) };
            classes.insert(ir::value_key(value), id);
            originals.push((value, id, node));
            locations.insert(id, location);
            continue;
        }
        let children: Vec<Id> = operands
            .iter()
            .map(|&v| class_of(&mut egraph, v, &mut classes, &mut originals, &mut named))
            .collect();
        for r in 0..results {
            let value = unsafe { mlirOperationGetResult(op, r) };
            let name = Symbol::from(format!("op{index}#{r}"));
            if let Some(shape) = static_shape(unsafe { mlirValueGetType(value) }) {
                egraph.analysis.shapes.insert(name, shape);
            }
            let sym = egraph.add(Flex::Sym(name));
            let node = Flex::Op(
                std::iter::once(sym)
                    .chain(children.iter().copied())
                    .collect(),
            );
            let id = egraph.add(node.clone());
            classes.insert(ir::value_key(value), id);
            originals.push((value, id, node));
            named.insert(name, value);
            locations.insert(id, location);
        }
    }
    egraph.rebuild();
    Built {
        egraph,
        roots,
        originals,
        named,
        locations,
    }
}

/// A `tensor.collapse_shape`/`expand_shape` of static tensors as its e-node (its operand a placeholder
/// the caller replaces).
fn reshape(egraph: &mut Graph, op: MlirOperation) -> Option<Flex> {
    let name = ir::op_name(op);
    if name != "tensor.collapse_shape" && name != "tensor.expand_shape" {
        return None;
    }
    if unsafe { mlirOperationGetNumOperands(op) } != 1 {
        return None;
    }
    let attribute = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("reassociation").to_raw())
    };
    if attribute.ptr.is_null() {
        return None;
    }
    let groups: Vec<Vec<usize>> = ir::nested_int_arrays(attribute)?
        .into_iter()
        .map(|g| g.into_iter().map(|d| usize::try_from(d).ok()).collect())
        .collect::<Option<_>>()?;
    let groups = lang::parse_groups(lang::groups_symbol(&groups).as_str())?;
    let source = static_shape(unsafe { mlirValueGetType(mlirOperationGetOperand(op, 0)) })?;
    let result = static_shape(unsafe { mlirValueGetType(mlirOperationGetResult(op, 0)) })?;
    let g = egraph.add(Flex::Sym(lang::groups_symbol(&groups)));
    let placeholder = g;
    if name == "tensor.collapse_shape" {
        (lang::collapsed(&groups, &source)? == result).then_some(Flex::Collapse([g, placeholder]))
    } else {
        (lang::collapsed(&groups, &result)? == source).then(|| {
            let s = egraph.add(Flex::Sym(lang::shape_symbol(&result)));
            Flex::Expand([g, s, placeholder])
        })
    }
}

/// A `linalg.add`, or a `linalg.generic` that yields the sum of its two inputs, every operand read at
/// the loop indices (identity maps, all loops parallel), of static float tensors of one type.
fn elementwise_add(op: MlirOperation) -> bool {
    let name = ir::op_name(op);
    if (name != "linalg.add" && name != "linalg.generic")
        || unsafe { mlirOperationGetNumOperands(op) } != 3
        || unsafe { mlirOperationGetNumResults(op) } != 1
    {
        return false;
    }
    let view = unsafe { OperationRef::from_raw(op) };
    let Some(model) = crate::family::op_model(&view) else {
        return false;
    };
    let identity = |access: &[flexc_core::AffineDim]| {
        access.len() == model.loops.len()
            && access
                .iter()
                .enumerate()
                .all(|(d, e)| e.offset == 0 && e.terms[..] == [(d, 1)])
    };
    // The two inputs read at the loop indices; the init (the third operand), if listed, unread.
    let inputs_identity = model.inputs.len() >= 2
        && model.inputs[..2]
            .iter()
            .all(|i| i.as_deref().is_some_and(identity))
        && model.inputs[2..].iter().all(Option::is_none);
    let output_identity = model.outputs.len() == 1 && identity(&model.outputs[0]);
    if model.class != flexc_core::OpClass::Elementwise || !inputs_identity || !output_identity {
        return false;
    }
    let types: Vec<MlirType> = (0..3)
        .map(|i| unsafe { mlirValueGetType(mlirOperationGetOperand(op, i)) })
        .chain(std::iter::once(unsafe {
            mlirValueGetType(mlirOperationGetResult(op, 0))
        }))
        .collect();
    let float = unsafe { mlirTypeIsAFloat(mlirShapedTypeGetElementType(types[0])) };
    let same = types
        .iter()
        .all(|&t| static_shape(t).is_some() && unsafe { mlirTypeEqual(t, types[0]) });
    float && same && add_body(op)
}

/// The body is `yield a + b` of the two inputs (either order), the init unread.
fn add_body(op: MlirOperation) -> bool {
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        if block.ptr.is_null() || mlirBlockGetNumArguments(block) != 3 {
            return false;
        }
        let ops = ir::block_ops(block);
        let [add, done] = ops[..] else {
            return false;
        };
        let arg = |i| mlirBlockGetArgument(block, i);
        let (p, q) = (
            mlirOperationGetOperand(add, 0),
            mlirOperationGetOperand(add, 1),
        );
        let inputs = (mlirValueEqual(p, arg(0)) && mlirValueEqual(q, arg(1)))
            || (mlirValueEqual(p, arg(1)) && mlirValueEqual(q, arg(0)));
        ir::op_name(add) == "arith.addf"
            && ir::op_name(done) == "linalg.yield"
            && inputs
            && mlirOperationGetNumOperands(done) == 1
            && mlirValueEqual(
                mlirOperationGetOperand(done, 0),
                mlirOperationGetResult(add, 0),
            )
    }
}

/// A `tensor.concat` of two or more static tensors: its axis.
fn concatenation(op: MlirOperation) -> Option<i64> {
    if ir::op_name(op) != "tensor.concat" || unsafe { mlirOperationGetNumOperands(op) } < 2 {
        return None;
    }
    let attribute =
        unsafe { mlirOperationGetAttributeByName(op, melior::StringRef::new("dim").to_raw()) };
    if attribute.ptr.is_null() || !unsafe { mlirAttributeIsAInteger(attribute) } {
        return None;
    }
    let all_static = (0..unsafe { mlirOperationGetNumOperands(op) }).all(|i| {
        static_shape(unsafe { mlirValueGetType(mlirOperationGetOperand(op, i)) }).is_some()
    });
    all_static.then(|| unsafe { mlirIntegerAttrGetValueInt(attribute) })
}

/// A `linalg.transpose` of a static tensor: its permutation.
fn transpose(op: MlirOperation) -> Option<Vec<usize>> {
    if ir::op_name(op) != "linalg.transpose" {
        return None;
    }
    let attribute = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("permutation").to_raw())
    };
    if attribute.ptr.is_null() {
        return None;
    }
    let perm: Vec<usize> = ir::i64_list(attribute)?
        .into_iter()
        .map(|p| usize::try_from(p).ok())
        .collect::<Option<_>>()?;
    let input = unsafe { mlirOperationGetOperand(op, 0) };
    static_shape(unsafe { mlirValueGetType(input) })?;
    lang::parse_perm(lang::perm_symbol(&perm).as_str())
}

/// A linalg contraction `out = Σ a · b` of two static float tensors into a zero-filled init, every
/// operand indexed by distinct loops: its signature and operands.
fn contraction(op: MlirOperation) -> Option<(Sig, MlirValue, MlirValue)> {
    let name = ir::op_name(op);
    if !name.starts_with("linalg.") || unsafe { mlirOperationGetNumOperands(op) } != 3 {
        return None;
    }
    if unsafe { mlirOperationGetNumResults(op) } != 1 {
        return None;
    }
    let view = unsafe { OperationRef::from_raw(op) };
    let model = crate::family::op_model(&view)?;
    if model.class != flexc_core::OpClass::Contraction || model.loops.len() > 26 {
        return None;
    }
    let letters = |access: &[flexc_core::AffineDim]| -> Option<Vec<u8>> {
        access
            .iter()
            .map(|e| match e.terms[..] {
                [(d, 1)] if e.offset == 0 => Some(b'a' + d as u8),
                _ => None,
            })
            .collect()
    };
    let a = letters(model.inputs.first()?.as_deref()?)?;
    let b = letters(model.inputs.get(1)?.as_deref()?)?;
    let out = letters(model.outputs.first()?)?;
    let sig = Sig::parse(&format!(
        "{},{}->{}",
        String::from_utf8_lossy(&a),
        String::from_utf8_lossy(&b),
        String::from_utf8_lossy(&out)
    ))?;
    let values: Vec<MlirValue> = (0..3)
        .map(|i| unsafe { mlirOperationGetOperand(op, i) })
        .collect();
    let types: Vec<MlirType> = values
        .iter()
        .chain(std::iter::once(&unsafe { mlirOperationGetResult(op, 0) }))
        .map(|&v| unsafe { mlirValueGetType(v) })
        .collect();
    let element = |ty: MlirType| unsafe { mlirShapedTypeGetElementType(ty) };
    let float = unsafe { mlirTypeIsAFloat(element(types[0])) };
    let same = types.iter().all(|&t| {
        static_shape(t).is_some() && unsafe { mlirTypeEqual(element(t), element(types[0])) }
    });
    (float && same && multiply_add_body(op) && zero_filled(values[2]))
        .then_some((sig, values[0], values[1]))
}

/// The body is `yield out + a * b` (either operand order).
fn multiply_add_body(op: MlirOperation) -> bool {
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        if block.ptr.is_null() || mlirBlockGetNumArguments(block) != 3 {
            return false;
        }
        let ops = ir::block_ops(block);
        let [mul, add, done] = ops[..] else {
            return false;
        };
        let arg = |i| mlirBlockGetArgument(block, i);
        let is = |v: MlirValue, w: MlirValue| mlirValueEqual(v, w);
        let pair = |op: MlirOperation, x: MlirValue, y: MlirValue| {
            let (p, q) = (
                mlirOperationGetOperand(op, 0),
                mlirOperationGetOperand(op, 1),
            );
            (is(p, x) && is(q, y)) || (is(p, y) && is(q, x))
        };
        ir::op_name(mul) == "arith.mulf"
            && ir::op_name(add) == "arith.addf"
            && ir::op_name(done) == "linalg.yield"
            && pair(mul, arg(0), arg(1))
            && pair(add, arg(2), mlirOperationGetResult(mul, 0))
            && mlirOperationGetNumOperands(done) == 1
            && is(
                mlirOperationGetOperand(done, 0),
                mlirOperationGetResult(add, 0),
            )
    }
}

/// `value` is a `linalg.fill` of a float constant 0.
fn zero_filled(value: MlirValue) -> bool {
    let Some(fill) = ir::defining_op(value) else {
        return false;
    };
    if ir::op_name(fill) != "linalg.fill" {
        return false;
    }
    let Some(constant) = ir::defining_op(unsafe { mlirOperationGetOperand(fill, 0) }) else {
        return false;
    };
    if ir::op_name(constant) != "arith.constant" {
        return false;
    }
    unsafe {
        let attribute =
            mlirOperationGetAttributeByName(constant, melior::StringRef::new("value").to_raw());
        !attribute.ptr.is_null()
            && mlirAttributeIsAFloat(attribute)
            && mlirFloatAttrGetValueDouble(attribute) == 0.0
    }
}

/// Builds the chosen graph's new ops, replaces every original value by its class's value, restores
/// dependence order and erases what nothing uses.
#[allow(clippy::too_many_arguments)]
fn write_back(
    block: MlirBlock,
    egraph: &Graph,
    chosen: &HashMap<Id, Flex>,
    originals: &[(MlirValue, Id, Flex)],
    named: &HashMap<Symbol, MlirValue>,
    locations: &HashMap<Id, MlirLocation>,
    summary: &mut Summary,
) -> Result<(), String> {
    let terminator = unsafe { mlirBlockGetTerminator(block) };
    if terminator.ptr.is_null() {
        return Ok(());
    }
    // The original value each canonical class/node pair stands for.
    let mut reuse: HashMap<(Id, Flex), MlirValue> = HashMap::new();
    for (value, id, node) in originals {
        let node = node.clone().map_children(|c| egraph.find(c));
        reuse.entry((egraph.find(*id), node)).or_insert(*value);
    }
    // The op each class's original value came from: a new op built for the class takes its strategy
    // annotations (`#par.config`, `#par.stage`), where the driver's search of the rewritten graph
    // starts (it checks them against the new op, which computes the same value).
    let mut original_op: HashMap<Id, MlirOperation> = HashMap::new();
    for (value, id, _) in originals {
        if unsafe { mlirValueIsAOpResult(*value) } {
            original_op
                .entry(egraph.find(*id))
                .or_insert(unsafe { mlirOpResultGetOwner(*value) });
        }
    }
    let mut values: HashMap<Id, MlirValue> = HashMap::new();
    let mut location_of: HashMap<Id, MlirLocation> = locations
        .iter()
        .map(|(id, l)| (egraph.find(*id), *l))
        .collect();
    // Children before parents: an explicit post-order over the (acyclic) choice, from the original
    // values' classes, not below a class whose chosen node is its original op (the inner classes of
    // an n-ary concatenation are needed only when a new op reads them).
    let mut order = Vec::new();
    let mut seen = HashSet::new();
    let mut classes: Vec<Id> = originals
        .iter()
        .map(|(_, id, _)| egraph.find(*id))
        .filter(|id| chosen.contains_key(id))
        .collect();
    classes.sort();
    classes.dedup();
    for start in classes {
        let mut stack = vec![(start, false)];
        while let Some((id, leaving)) = stack.pop() {
            if leaving {
                order.push(id);
                continue;
            }
            if !seen.insert(id) {
                continue;
            }
            stack.push((id, true));
            if let Some(node) = chosen.get(&id) {
                if !reuse.contains_key(&(id, node.clone())) {
                    stack.extend(node.children().iter().map(|&c| (c, false)));
                }
            }
        }
    }
    for id in order {
        let Some(node) = chosen.get(&id) else {
            continue;
        };
        if matches!(node, Flex::Num(_) | Flex::Sym(_)) {
            continue;
        }
        if let Some(&value) = reuse.get(&(id, node.clone())) {
            values.insert(id, value);
            continue;
        }
        if let Flex::Op(children) = node {
            let name = lang::text(egraph, children[0])
                .ok_or("flexc bug: an opaque node without a name")?;
            let value = *named
                .get(&name)
                .ok_or("flexc bug: an opaque node names no value")?;
            values.insert(id, value);
            continue;
        }
        let location = node
            .children()
            .iter()
            .find_map(|c| location_of.get(c).copied())
            .unwrap_or_else(|| unsafe { mlirOperationGetLocation(terminator) });
        location_of.insert(id, location);
        let operand = |c: &Id| {
            values
                .get(c)
                .copied()
                .ok_or("flexc bug: a child without a value")
        };
        let shape = lang::shape(egraph, id).ok_or("flexc bug: a new tensor of unknown shape")?;
        let new = match node {
            Flex::Contract([s, a, b]) => {
                let sig = lang::text(egraph, *s)
                    .and_then(|s| Sig::parse(s.as_str()))
                    .ok_or("flexc bug: a contraction without a signature")?;
                build::contraction(
                    terminator,
                    location,
                    [&sig.a, &sig.b, &sig.out],
                    operand(a)?,
                    operand(b)?,
                    shape,
                )
            }
            Flex::Transpose([p, x]) => {
                let perm = lang::text(egraph, *p)
                    .and_then(|p| lang::parse_perm(p.as_str()))
                    .ok_or("flexc bug: a transpose without a permutation")?;
                build::transpose(terminator, location, &perm, operand(x)?, shape)
            }
            Flex::Concat([axis, a, b]) => {
                let axis = lang::int(egraph, *axis).ok_or("flexc bug: a concat without an axis")?;
                build::concat(terminator, location, axis, operand(a)?, operand(b)?, shape)
            }
            Flex::Slice([axis, lo, _, x]) => {
                let axis = lang::int(egraph, *axis).ok_or("flexc bug: a slice without an axis")?;
                let lo = lang::int(egraph, *lo).ok_or("flexc bug: a slice without bounds")?;
                build::slice(terminator, location, axis as usize, lo, operand(x)?, shape)
            }
            Flex::Collapse([g, x]) => {
                let groups = lang::text(egraph, *g)
                    .and_then(|g| lang::parse_groups(g.as_str()))
                    .ok_or("flexc bug: a collapse without groups")?;
                build::reshape(
                    terminator,
                    location,
                    "tensor.collapse_shape",
                    &groups,
                    operand(x)?,
                    shape,
                )
            }
            Flex::Expand([g, _, x]) => {
                let groups = lang::text(egraph, *g)
                    .and_then(|g| lang::parse_groups(g.as_str()))
                    .ok_or("flexc bug: an expand without groups")?;
                build::reshape(
                    terminator,
                    location,
                    "tensor.expand_shape",
                    &groups,
                    operand(x)?,
                    shape,
                )
            }
            Flex::Add([a, b]) => build::add(terminator, location, operand(a)?, operand(b)?, shape),
            Flex::Op(_) | Flex::Num(_) | Flex::Sym(_) => unreachable!("handled above"),
        };
        let kind = match node {
            Flex::Contract(_) => "contraction",
            Flex::Transpose(_) => "transpose",
            Flex::Concat(_) => "concat",
            Flex::Collapse(_) | Flex::Expand(_) => "reshape",
            Flex::Add(_) => "add",
            _ => "slice",
        };
        *summary.created.entry(kind).or_default() += 1;
        if let Some(&from) = original_op.get(&id) {
            let to = unsafe { mlirOpResultGetOwner(new) };
            for name in [
                flexc_dialects::names::CONFIG_ATTR,
                flexc_dialects::names::STAGE_ATTR,
            ] {
                let name = melior::StringRef::new(name).to_raw();
                unsafe {
                    let attribute = mlirOperationGetDiscardableAttributeByName(from, name);
                    if !attribute.ptr.is_null() {
                        mlirOperationSetDiscardableAttributeByName(to, name, attribute);
                    }
                }
            }
        }
        values.insert(id, new);
    }
    for (value, id, _) in originals {
        if let Some(&chosen_value) = values.get(&egraph.find(*id)) {
            if !unsafe { mlirValueEqual(*value, chosen_value) } {
                unsafe { mlirValueReplaceAllUsesOfWith(*value, chosen_value) };
            }
        }
    }
    reorder(block, terminator);
    summary.erased += erase_unused(block);
    Ok(())
}

/// The op of `block` that holds `op` (itself, or the ancestor in `block`).
fn in_block(block: MlirBlock, mut op: MlirOperation) -> Option<MlirOperation> {
    loop {
        let parent = unsafe { mlirOperationGetBlock(op) };
        if parent.ptr.is_null() {
            return None;
        }
        if parent.ptr == block.ptr {
            return Some(op);
        }
        op = unsafe { mlirOperationGetParentOperation(op) };
        if op.ptr.is_null() {
            return None;
        }
    }
}

/// Moves the ops of `block` into an order where every value is defined before its uses (in its
/// regions too), keeping the original order where it already is one.
fn reorder(block: MlirBlock, terminator: MlirOperation) {
    let ops = unsafe { ir::block_ops(block) };
    let position: HashMap<usize, usize> = ops
        .iter()
        .enumerate()
        .map(|(i, op)| (op.ptr as usize, i))
        .collect();
    let deps: Vec<Vec<usize>> = ops
        .iter()
        .map(|&op| {
            let mut deps = Vec::new();
            let view = unsafe { OperationRef::from_raw(op) };
            view.walk(melior::ir::operation::WalkOrder::PreOrder, |nested| {
                let nested = nested.to_raw();
                for i in 0..unsafe { mlirOperationGetNumOperands(nested) } {
                    let value = unsafe { mlirOperationGetOperand(nested, i) };
                    if let Some(def) = ir::defining_op(value).and_then(|d| in_block(block, d)) {
                        if let Some(&p) = position.get(&(def.ptr as usize)) {
                            if def.ptr != op.ptr {
                                deps.push(p);
                            }
                        }
                    }
                }
                melior::ir::operation::WalkResult::Advance
            });
            deps
        })
        .collect();
    let mut placed = vec![false; ops.len()];
    let mut open = vec![false; ops.len()];
    let mut order = Vec::with_capacity(ops.len());
    for start in 0..ops.len() {
        let mut stack = vec![(start, false)];
        while let Some((i, leaving)) = stack.pop() {
            if leaving {
                if !placed[i] {
                    placed[i] = true;
                    order.push(i);
                }
                continue;
            }
            if placed[i] || open[i] {
                continue;
            }
            open[i] = true;
            stack.push((i, true));
            stack.extend(
                deps[i]
                    .iter()
                    .rev()
                    .filter(|&&d| !placed[d])
                    .map(|&d| (d, false)),
            );
        }
    }
    for i in order {
        if ops[i].ptr != terminator.ptr {
            unsafe { mlirOperationMoveBefore(ops[i], terminator) };
        }
    }
}

/// Erases the pure ops of `block` whose results nothing uses, last first; how many.
fn erase_unused(block: MlirBlock) -> usize {
    let mut erased = 0;
    let mut ops = unsafe { ir::block_ops(block) };
    ops.reverse();
    for op in ops {
        let results = unsafe { mlirOperationGetNumResults(op) };
        let unused = results > 0
            && (0..results).all(|r| !ir::has_uses(unsafe { mlirOperationGetResult(op, r) }));
        if unused && erasable(&ir::op_name(op)) {
            unsafe { mlirOperationDestroy(op) };
            erased += 1;
        }
    }
    erased
}
