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

/// The classes a candidate choice covers: its own class and every class below it, each once, over the
/// classes' dense indices. A cover per e-node is built in every pass, and an LSTM's unrolled steps make
/// covers deep, so the representation follows the e-graph's size: a bit set ([`Bits`], a union is a
/// word-wise or) while the classes are few, a sorted index list ([`Sorted`], a union is a merge) when
/// they are many and each cover holds a small share of them (a saturation that overshot its node limit:
/// 62 thousand classes, 400 per cover). Both sum a cover's costs in the same order ([`sum`]), so they
/// choose exactly the same nodes.
pub(super) trait Cover {
    /// A cover kept as a class's best choice.
    type Stored;
    fn empty(classes: usize) -> Self;
    fn clear(&mut self);
    fn union(&mut self, below: &Self::Stored);
    fn contains(&self, at: usize) -> bool;
    /// `first` plus `own` of every class in the cover ([`sum`]).
    fn sum(&mut self, first: f64, own: &[f64]) -> f64;
    /// The cover with `at` added, to keep.
    fn keep(&self, at: usize) -> Self::Stored;
}

/// `first` plus `own[c]` for each class `c` of `cover` (ascending): the `k`-th class's cost into
/// accumulator `k % 4`, then the four summed. The order is a function of the set alone, so a cover
/// costs the same whichever representation holds it, and the four independent additions are not
/// bound by one addition's latency each (the sums are most of an extraction's time).
fn sum(first: f64, cover: &[u32], own: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 4];
    let chunks = cover.chunks_exact(4);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (lane, &c) in lanes.iter_mut().zip(chunk) {
            *lane += own[c as usize];
        }
    }
    for (lane, &c) in lanes.iter_mut().zip(rest) {
        *lane += own[c as usize];
    }
    first + ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]))
}

/// A cover as a bit set of `classes.div_ceil(64)` words (and a buffer for its indices).
pub(super) struct Bits(Vec<u64>, Vec<u32>);

impl Cover for Bits {
    type Stored = Vec<u64>;
    fn empty(classes: usize) -> Self {
        Bits(vec![0; classes.div_ceil(64)], Vec::new())
    }
    fn clear(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }
    fn union(&mut self, below: &Vec<u64>) {
        for (w, b) in self.0.iter_mut().zip(below) {
            *w |= *b;
        }
    }
    fn contains(&self, at: usize) -> bool {
        self.0[at / 64] & (1 << (at % 64)) != 0
    }
    fn sum(&mut self, first: f64, own: &[f64]) -> f64 {
        self.1.clear();
        for (w, &bits) in self.0.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                self.1.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        sum(first, &self.1, own)
    }
    fn keep(&self, at: usize) -> Vec<u64> {
        let mut kept = self.0.clone();
        kept[at / 64] |= 1 << (at % 64);
        kept
    }
}

/// A cover as its class indices in ascending order (and a buffer for merging).
pub(super) struct Sorted(Vec<u32>, Vec<u32>);

impl Cover for Sorted {
    type Stored = Vec<u32>;
    fn empty(_: usize) -> Self {
        Sorted(Vec::new(), Vec::new())
    }
    fn clear(&mut self) {
        self.0.clear();
    }
    fn union(&mut self, below: &Vec<u32>) {
        if self.0.is_empty() {
            self.0.extend_from_slice(below);
            return;
        }
        let (mine, merged) = (&self.0, &mut self.1);
        merged.clear();
        let (mut i, mut j) = (0, 0);
        while i < mine.len() && j < below.len() {
            let (a, b) = (mine[i], below[j]);
            merged.push(a.min(b));
            i += usize::from(a <= b);
            j += usize::from(b <= a);
        }
        merged.extend_from_slice(&mine[i..]);
        merged.extend_from_slice(&below[j..]);
        std::mem::swap(&mut self.0, &mut self.1);
    }
    fn contains(&self, at: usize) -> bool {
        self.0.binary_search(&(at as u32)).is_ok()
    }
    fn sum(&mut self, first: f64, own: &[f64]) -> f64 {
        sum(first, &self.0, own)
    }
    fn keep(&self, at: usize) -> Vec<u32> {
        let mut kept = Vec::with_capacity(self.0.len() + 1);
        let split = self.0.partition_point(|&c| (c as usize) < at);
        kept.extend_from_slice(&self.0[..split]);
        kept.push(at as u32);
        kept.extend_from_slice(&self.0[split..]);
        kept
    }
}

/// Classes above which covers are sorted lists rather than bit sets (512 words a bit set): a cover of
/// a graph that large holds a few hundred to a few thousand classes, a merge of which is cheaper than
/// or-ing the words.
const SORTED_ABOVE: usize = 32 * 1024;

/// The chosen node of every e-class reachable from `roots` (canonical ids), or `None` when some root
/// has no acyclic choice (never for an e-graph built from a program, whose original nodes are one).
/// Greedy over DAG costs: repeated passes until a pass in which no class takes another node (it may
/// still lower the totals of the nodes chosen, as stale covers shrink), at most `passes`, and nothing
/// after `deadline` (each pass costs every node's cover, quadratic in a deep graph: an LSTM's
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
    finish(
        egraph,
        roots,
        choose(egraph, passes, deadline)?,
        merges,
        deadline,
    )
}

/// [`extract`]'s greedy passes alone: every class's best node (canonical children), `None` when the
/// first pass has not ended by `deadline`. The same for either `merges` of [`finish`], which takes it.
pub fn choose(
    egraph: &Graph,
    passes: usize,
    deadline: Option<Instant>,
) -> Option<HashMap<Id, Flex>> {
    let greedy = if egraph.number_of_classes() > SORTED_ABOVE {
        greedy::<Sorted>(egraph, passes, deadline, false)
    } else {
        greedy::<Bits>(egraph, passes, deadline, false)
    };
    greedy.map(|(choice, _)| choice)
}

/// [`extract`] after [`choose`]: with `merges`, the merge-adoption move, then the choice below `roots`.
pub fn finish(
    egraph: &Graph,
    roots: &[Id],
    mut choice: HashMap<Id, Flex>,
    merges: bool,
    deadline: Option<Instant>,
) -> Option<HashMap<Id, Flex>> {
    if merges {
        adopt_merges(egraph, roots, &mut choice, deadline);
    }
    walk(egraph, &choice, roots)
}

/// A class's best choice so far: its total, its node and its cover.
type Best<S> = Option<(f64, Flex, Rc<S>)>;

/// [`extract`]'s greedy passes: every class's best node so far (canonical children) and the passes
/// run, `None` when the first pass has not ended by `deadline`. With `until_unchanged`, the passes
/// end only when one changes nothing, totals included (the criterion before; tests compare them).
pub(super) fn greedy<C: Cover>(
    egraph: &Graph,
    passes: usize,
    deadline: Option<Instant>,
    until_unchanged: bool,
) -> Option<(HashMap<Id, Flex>, usize)> {
    let late = || deadline.is_some_and(|d| Instant::now() > d);
    let mut classes: Vec<&egg::EClass<Flex, _>> = egraph.classes().collect();
    classes.sort_by_key(|c| c.id);
    let index: HashMap<Id, usize> = classes.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    // Per class (by index): the total, the node and the cover of its best choice so far, and that
    // node's own cost.
    let mut best: Vec<Best<C::Stored>> = vec![None; classes.len()];
    let mut own: Vec<f64> = vec![0.0; classes.len()];
    let mut cover = C::empty(classes.len());
    let mut run = 0;
    for pass in 0..passes.max(1) {
        run = pass + 1;
        // Whether a class took another node (not the same node at a lower total), or any update.
        let (mut moved, mut changed) = (false, false);
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
                cover.clear();
                let mut ready = true;
                for child in node.children() {
                    let below = index
                        .get(&egraph.find(*child))
                        .and_then(|&c| best[c].as_ref());
                    match below {
                        Some((_, _, below)) => cover.union(below),
                        None => {
                            ready = false;
                            break;
                        }
                    }
                }
                if !ready || cover.contains(at) {
                    continue;
                }
                let cost = node_cost(egraph, node);
                let total = cover.sum(cost, &own);
                let better = match &best[at] {
                    Some((old, _, _)) => total < old * (1.0 - 1e-9),
                    None => true,
                };
                if better {
                    moved |= best[at]
                        .as_ref()
                        .is_none_or(|(_, chosen, _)| chosen != node);
                    changed = true;
                    best[at] = Some((total, node.clone(), Rc::new(cover.keep(at))));
                    own[at] = cost;
                }
            }
        }
        // A pass that only lowered totals ends the search. Later passes could still move a class
        // once stale totals shrink enough, but on the small models and bert, gpt2, lstm_lm and
        // seq2seq none did. Stopping when the choice at a pass's end equals the one before or an
        // earlier one (a cycle) is weaker: it stops bert's second stage passes too early, with a
        // class that flips and flips back within each pass.
        let settled = if until_unchanged { !changed } else { !moved };
        if settled || late() {
            break;
        }
    }
    let choice = classes
        .iter()
        .zip(best)
        .filter_map(|(class, best)| {
            best.map(|(_, node, _)| (class.id, node.map_children(|c| egraph.find(c))))
        })
        .collect();
    Some((choice, run))
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

/// Extraction passes at most: passes end when the choice stops changing, but a deep graph can keep
/// improving one class per pass (an LSTM's unrolled steps, each dropping a reshape a nanosecond at a
/// time), each pass costing every node's cover.
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

/// The total cost of a choice (each chosen class once), summed in class order: the same choice
/// costs the same to the last bit whatever its map's order.
pub fn total_cost(egraph: &Graph, chosen: &HashMap<Id, Flex>) -> f64 {
    let mut nodes: Vec<(&Id, &Flex)> = chosen.iter().collect();
    nodes.sort_unstable_by_key(|(id, _)| **id);
    nodes.iter().map(|(_, node)| node_cost(egraph, node)).sum()
}
