//! Extraction: one e-node per e-class reachable from the roots, by a cheap serial roofline cost
//! counted over the chosen DAG (a value read twice is computed once: what makes a merged contraction
//! with two slices comparable to two contractions). The cost only prunes: the driver keeps a
//! rewritten graph only when the parallelization search on it simulates faster.

use super::lang::{shape, text, Flex, Graph, Sig};
use egg::{Id, Language};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::time::Instant;

/// A reference device for the pruning cost (not the machine searched on): fp32 FLOP/s, memory
/// bytes/s and the fixed cost of a kernel.
const PEAK_FLOPS: f64 = 100e12;
const BANDWIDTH: f64 = 2e12;
const LAUNCH: f64 = 5e-6;
const ELEMENT_BYTES: f64 = 4.0;

fn elements(egraph: &Graph, id: Id) -> f64 {
    shape(egraph, id).map_or(0.0, |s| s.iter().map(|&d| d as f64).product())
}

/// The serial time of `node` alone on the reference device. Slices and concatenations cost their
/// bytes and no kernel: a slice is read in place by its consumers after fusion, and the
/// concatenations the rules build are of weights, computed once per weight update rather than once
/// per use (the simulator, which judges the result, counts them as the ops they are).
pub fn node_cost(egraph: &Graph, node: &Flex) -> f64 {
    match node {
        Flex::Num(_) | Flex::Sym(_) => 0.0,
        // Reshapes are views: no kernel, no bytes; a nanosecond of bookkeeping, so that a reshape
        // that undoes another is dropped.
        Flex::Collapse(_) | Flex::Expand(_) => 1e-9,
        Flex::Op(children) if children.len() == 1 => 0.0,
        Flex::Op(_) => LAUNCH,
        Flex::Contract([s, a, b]) => {
            let sizes = text(egraph, *s)
                .and_then(|s| Sig::parse(s.as_str()))
                .zip(shape(egraph, *a).zip(shape(egraph, *b)))
                .and_then(|(sig, (x, y))| sig.sizes(x, y));
            let flops = 2.0 * sizes.map_or(0.0, |s| s.values().map(|&d| d as f64).product());
            let bytes = (elements(egraph, *a) + elements(egraph, *b)) * ELEMENT_BYTES;
            (flops / PEAK_FLOPS).max(bytes / BANDWIDTH) + LAUNCH
        }
        Flex::Transpose([_, x]) => 2.0 * elements(egraph, *x) * ELEMENT_BYTES / BANDWIDTH + LAUNCH,
        Flex::Add([a, _]) => 3.0 * elements(egraph, *a) * ELEMENT_BYTES / BANDWIDTH + LAUNCH,
        Flex::Concat([_, a, b]) => {
            2.0 * (elements(egraph, *a) + elements(egraph, *b)) * ELEMENT_BYTES / BANDWIDTH
        }
        Flex::Slice([axis, lo, hi, x]) => {
            // The bytes it writes: `x`'s share `(hi - lo) / x[axis]`.
            let share = (|| {
                let axis = usize::try_from(super::lang::int(egraph, *axis)?).ok()?;
                let extent = *shape(egraph, *x)?.get(axis)? as f64;
                let rows = (super::lang::int(egraph, *hi)? - super::lang::int(egraph, *lo)?) as f64;
                Some(rows / extent.max(1.0))
            })()
            .unwrap_or(1.0);
            elements(egraph, *x) * share * ELEMENT_BYTES / BANDWIDTH
        }
    }
}

/// The classes a candidate choice covers: its own class and every class below it, each once, as a
/// bit set over the classes' dense indices (a union is a word-wise or: an LSTM's unrolled steps make
/// covers as large as the graph, and a cover per e-node is built in every pass).
type Cover = Rc<Vec<u64>>;

/// The chosen node of every e-class reachable from `roots` (canonical ids), or `None` when some root
/// has no acyclic choice (never for an e-graph built from a program, whose original nodes are one).
/// Greedy over DAG costs: repeated passes until no class finds a cheaper node, at most `passes`, and
/// nothing after `deadline` (each pass costs every node's cover, quadratic in a deep graph: an LSTM's
/// unrolled steps; `None` when the first pass has not ended by then); with `merges`, then the
/// merge-adoption move ([`adopt_merges`]), also bounded by `deadline`. A cover's cost is the sum of
/// its classes' own costs, each class at its chosen node's.
pub fn extract(
    egraph: &Graph,
    roots: &[Id],
    passes: usize,
    merges: bool,
    deadline: Option<Instant>,
) -> Option<HashMap<Id, Flex>> {
    let late = || deadline.is_some_and(|d| Instant::now() > d);
    let mut classes: Vec<&egg::EClass<Flex, _>> = egraph.classes().collect();
    classes.sort_by_key(|c| c.id);
    let index: HashMap<Id, usize> = classes.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let words = classes.len().div_ceil(64);
    // Per class (by index): the total, the node and the cover of its best choice so far, and that
    // node's own cost.
    let mut best: Vec<Option<(f64, Flex, Cover)>> = vec![None; classes.len()];
    let mut own: Vec<f64> = vec![0.0; classes.len()];
    let mut cover = vec![0u64; words];
    for pass in 0..passes.max(1) {
        let mut changed = false;
        for (at, class) in classes.iter().enumerate() {
            // A pass can take seconds on its own (covers grow with depth): the deadline is checked per
            // class. An unfinished first pass leaves classes without a choice, so nothing is extracted;
            // a later one leaves every class the best node found so far.
            if late() {
                if pass == 0 {
                    return None;
                }
                break;
            }
            for node in &class.nodes {
                cover.iter_mut().for_each(|w| *w = 0);
                let mut ready = true;
                for child in node.children() {
                    let below = index
                        .get(&egraph.find(*child))
                        .and_then(|&c| best[c].as_ref());
                    match below {
                        Some((_, _, below)) => {
                            for (w, b) in cover.iter_mut().zip(below.iter()) {
                                *w |= *b;
                            }
                        }
                        None => {
                            ready = false;
                            break;
                        }
                    }
                }
                if !ready || cover[at / 64] & (1 << (at % 64)) != 0 {
                    continue;
                }
                let cost = node_cost(egraph, node);
                let mut total = cost;
                for (w, &bits) in cover.iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        total += own[w * 64 + bits.trailing_zeros() as usize];
                        bits &= bits - 1;
                    }
                }
                let better = match &best[at] {
                    Some((old, _, _)) => total < old * (1.0 - 1e-9),
                    None => true,
                };
                if better {
                    cover[at / 64] |= 1 << (at % 64);
                    best[at] = Some((total, node.clone(), Rc::new(cover.clone())));
                    own[at] = cost;
                    changed = true;
                }
            }
        }
        if !changed || late() {
            break;
        }
    }
    let mut choice: HashMap<Id, Flex> = classes
        .iter()
        .zip(best)
        .filter_map(|(class, best)| {
            best.map(|(_, node, _)| (class.id, node.map_children(|c| egraph.find(c))))
        })
        .collect();
    if merges {
        adopt_merges(egraph, roots, &mut choice, deadline);
    }
    walk(egraph, &choice, roots)
}

/// The chosen nodes below `roots`, following `choice`; `None` on a cycle (a class whose best node
/// changed after a class above it chose it) or a class without a choice.
fn walk(egraph: &Graph, choice: &HashMap<Id, Flex>, roots: &[Id]) -> Option<HashMap<Id, Flex>> {
    let mut chosen: HashMap<Id, Flex> = HashMap::new();
    let mut done: HashSet<Id> = HashSet::new();
    for &root in roots {
        let mut stack = vec![(egraph.find(root), false)];
        let mut open: HashSet<Id> = HashSet::new();
        while let Some((id, leaving)) = stack.pop() {
            if leaving {
                open.remove(&id);
                done.insert(id);
                continue;
            }
            if done.contains(&id) {
                continue;
            }
            if !open.insert(id) {
                return None;
            }
            let node = choice.get(&id)?;
            stack.push((id, true));
            stack.extend(node.children().iter().map(|&c| (c, false)));
            chosen.insert(id, node.clone());
        }
    }
    Some(chosen)
}

/// Merge moves [`adopt_merges`] tries at most.
pub const MERGE_TRIALS: usize = 64;

/// Extraction passes at most: later passes rarely change the choice by more than a rounding (an
/// e-graph whose covers keep shifting by a class would take every pass allowed, each costing every
/// node's cover).
pub const PASSES: usize = 64;

/// A merged contraction's class and node, and the slice (and concatenation) choices that use it.
type Merge = (Id, Flex, Vec<(Id, Flex)>);

/// The move greedy extraction cannot make: a merged contraction pays off only when all its slices
/// are used together. For each contraction over a concatenation (largest groups first), every class
/// that has a slice of it takes that slice, and the move is kept when the whole choice gets cheaper.
fn adopt_merges(
    egraph: &Graph,
    roots: &[Id],
    choice: &mut HashMap<Id, Flex>,
    deadline: Option<Instant>,
) {
    let concat_classes: HashSet<Id> = egraph
        .classes()
        .filter(|c| c.nodes.iter().any(|n| matches!(n, Flex::Concat(_))))
        .map(|c| c.id)
        .collect();
    let mut merges: Vec<Merge> = Vec::new();
    for class in egraph.classes() {
        for node in &class.nodes {
            let Flex::Contract([_, a, b]) = node else {
                continue;
            };
            let concat = [*a, *b]
                .into_iter()
                .find(|c| concat_classes.contains(&egraph.find(*c)));
            let Some(concat) = concat else { continue };
            let slices: Vec<(Id, Flex)> = egraph[class.id]
                .parents()
                .map(|p| egraph.find(p))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .filter_map(|p| {
                    egraph[p].nodes.iter().find_map(|n| match n {
                        Flex::Slice([.., x]) if egraph.find(*x) == class.id => {
                            Some((p, n.clone().map_children(|c| egraph.find(c))))
                        }
                        _ => None,
                    })
                })
                .collect();
            let mut group = slices;
            let concat = egraph.find(concat);
            if let Some(node) = egraph[concat]
                .nodes
                .iter()
                .find(|n| matches!(n, Flex::Concat(_)))
            {
                group.push((concat, node.clone().map_children(|c| egraph.find(c))));
            }
            merges.push((
                class.id,
                node.clone().map_children(|c| egraph.find(c)),
                group,
            ));
        }
    }
    merges.sort_by_key(|(id, _, group)| (std::cmp::Reverse(group.len()), *id));
    let cost =
        |choice: &HashMap<Id, Flex>| walk(egraph, choice, roots).map(|c| total_cost(egraph, &c));
    let Some(mut current) = cost(choice) else {
        return;
    };
    // Each trial walks the whole choice: the largest groups are tried, at most MERGE_TRIALS of them
    // (a deterministic bound; an LSTM's unrolled steps offer a thousand).
    for (merged, node, group) in merges.into_iter().take(MERGE_TRIALS) {
        if deadline.is_some_and(|d| Instant::now() > d) {
            break;
        }
        let mut trial = choice.clone();
        trial.insert(merged, node);
        trial.extend(group);
        if let Some(total) = cost(&trial) {
            if total < current * (1.0 - 1e-9) {
                *choice = trial;
                current = total;
            }
        }
    }
}

/// The total cost of a choice (each chosen class once).
pub fn total_cost(egraph: &Graph, chosen: &HashMap<Id, Flex>) -> f64 {
    chosen.values().map(|node| node_cost(egraph, node)).sum()
}
