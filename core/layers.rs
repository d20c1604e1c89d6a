//! Repeated layers: runs of ops that repeat structurally in program order (a transformer's blocks, a ResNet
//! stage's bottlenecks, a training step's per-layer backward and weight-update groups), found once per graph so
//! that a search can choose one representative layer's per-op configurations and apply them to every layer,
//! and a pipeline search can cut stages at layer boundaries.
//!
//! # What counts as identical
//! Two ops are *alike* when they have the same name, class, dtype, loop sizes and roles, and the same accesses
//! (affine expressions, tensor shapes, dtypes and kinds) — everything but *which* tensors they read: two
//! layers reading different weights of the same shapes are alike. A *group* is a run of `r ≥ 2` consecutive
//! *instances* of `k ≥ 2` ops each (`k` the period) in program order where the op at position `p` of every
//! instance is alike, and the wiring inside an instance is the same: an input produced inside its own
//! instance is produced at the same position in every instance (producers outside the instance — the previous
//! layer's output, a forward activation read by a backward op — may differ).
//!
//! # How groups are found
//! Each op gets an interned structural signature. Candidate periods are the distances between consecutive
//! occurrences of the same signature, the most frequent first; for each candidate `k`, a linear scan finds
//! the maximal runs where `sig[i] == sig[i + k]` (a run of `m` matches covers `m + k` ops, `(m + k) / k`
//! whole instances). The candidate covering the most ops wins (ties to the smaller period, and a period is
//! reduced to a divisor that covers as many whole instances); its ops are marked and the search repeats on
//! what is left, so a ResNet's four stages, or a training step's forward, backward and update runs, become
//! separate groups. Where the run has ops to spare (`len mod k`), the instances start at the phase whose
//! boundaries cut the fewest tensors (the layer's input is then one residual stream, as Unity's graph
//! splitting cuts at bottlenecks and Alpa's layer clustering minimizes the tensors crossing a boundary).
//! Time is O(n · C) for n ops and C = 16 candidate periods per group found.
//!
//! # Layers and companions
//! Groups are taken in program order. A group whose instances each read (directly) the weights of exactly
//! one instance of an earlier group — a backward group reads the forward layer's weights for its data
//! gradients, an update group reads and rewrites them — is a *companion* of that group, and each of its
//! instances knows its layer (the backward runs in reverse, an update group in whatever order the
//! parameters were flattened). Other groups are *primary*: their instances are the layers. Ops outside every
//! group (embedding, LM head, loss, stems) are the non-layer ops.
//!
//! # Use
//! [`Layers::counterparts`] gives the ops at the same place in the other instances of a group, so a search
//! proposal can change an op and its counterparts at once ([`crate::search`]'s tied proposals);
//! [`Layers::apply`] copies one layer's configurations to every layer; [`Layers::boundaries`] lists the first
//! op of each primary instance in program order, where a pipeline may cut stages.

use std::collections::HashMap;
use std::ops::Range;

use crate::graph::{Graph, Op, OpClass, OpId, TensorId, TensorKind};
use crate::strategy::Strategy;

/// Candidate periods tried per group found.
const CANDIDATES: usize = 16;

/// Instances shorter than this must pass data from one to the next to count as layers: two alike op pairs
/// side by side (a bottleneck's last convolution and its shortcut) are a coincidence of shapes.
const MIN_UNCHAINED: usize = 4;

/// Where an op sits in the repeated structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// Index into [`Layers::groups`].
    pub group: u32,
    /// Instance of the group, in program order.
    pub instance: u32,
    /// Position inside the instance (`0..period`).
    pub position: u32,
}

/// One run of repeated instances.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Ops per instance.
    pub period: usize,
    /// Op index ranges of the instances, consecutive, in program order.
    pub instances: Vec<Range<usize>>,
    /// The primary group whose layers the instances are: the group itself when primary.
    pub primary: usize,
    /// Per instance, the layer (instance of `primary`) it belongs to.
    pub layer: Vec<usize>,
}

impl Group {
    /// Whether the instances are layers themselves (not a companion of an earlier group).
    pub fn is_primary(&self, index: usize) -> bool {
        self.primary == index
    }

    /// The instance of this group that belongs to `layer` of the primary group.
    pub fn instance_of_layer(&self, layer: usize) -> Option<usize> {
        self.layer.iter().position(|&l| l == layer)
    }

    /// All ops of the group.
    pub fn ops(&self) -> impl Iterator<Item = OpId> + '_ {
        self.instances.iter().flat_map(|r| r.clone().map(OpId::new))
    }
}

/// The repeated layers of a graph (module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layers {
    groups: Vec<Group>,
    place: Vec<Option<Place>>,
}

impl Layers {
    /// Finds the repeated groups of `graph` (module doc).
    pub fn detect(graph: &Graph) -> Layers {
        let n = graph.num_ops();
        let sig = signatures(graph);
        let mut covered = vec![false; n];
        let mut found: Vec<(usize, Vec<Range<usize>>)> = Vec::new();
        while let Some((period, instances)) = best_group(graph, &sig, &covered) {
            for r in &instances {
                covered[r.clone()].iter_mut().for_each(|c| *c = true);
            }
            found.push((period, instances));
        }
        found.sort_by_key(|(_, inst)| inst[0].start);
        let mut place = vec![None; n];
        for (g, (_, instances)) in found.iter().enumerate() {
            set_places(&mut place, g, instances);
        }
        let groups = companions(graph, found, &place);
        place.iter_mut().for_each(|p| *p = None);
        for (g, group) in groups.iter().enumerate() {
            set_places(&mut place, g, &group.instances);
        }
        Layers { groups, place }
    }

    /// The groups, in program order of their first op.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Whether any op repeats.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Where `op` sits, or `None` for a non-layer op.
    pub fn place(&self, op: OpId) -> Option<Place> {
        self.place.get(op.index()).copied().flatten()
    }

    /// The ops at `op`'s place in the other instances of its group (empty for a non-layer op).
    pub fn counterparts(&self, op: OpId) -> impl Iterator<Item = OpId> + '_ {
        let place = self.place(op);
        place.into_iter().flat_map(move |p| {
            let g = &self.groups[p.group as usize];
            g.instances
                .iter()
                .enumerate()
                .filter(move |&(i, _)| i != p.instance as usize)
                .map(move |(_, r)| OpId::new(r.start + p.position as usize))
        })
    }

    /// The ops in no group (embedding, head, loss, stems), in program order.
    pub fn non_layer_ops(&self) -> Vec<OpId> {
        (0..self.place.len())
            .filter(|&i| self.place[i].is_none())
            .map(OpId::new)
            .collect()
    }

    /// The first op of every instance of every primary group, in program order: where pipeline stages may
    /// be cut.
    pub fn boundaries(&self) -> Vec<OpId> {
        let mut out: Vec<OpId> = self
            .groups
            .iter()
            .enumerate()
            .filter(|(i, g)| g.is_primary(*i))
            .flat_map(|(_, g)| g.instances.iter().map(|r| OpId::new(r.start)))
            .collect();
        out.sort();
        out
    }

    /// The number of layers: instances of the primary groups.
    pub fn num_layers(&self) -> usize {
        self.groups
            .iter()
            .enumerate()
            .filter(|(i, g)| g.is_primary(*i))
            .map(|(_, g)| g.instances.len())
            .sum()
    }

    /// Ops in groups.
    pub fn num_layer_ops(&self) -> usize {
        self.place.iter().filter(|p| p.is_some()).count()
    }

    /// Copies, in every group, the configurations of the instance that belongs to layer `layer` of its primary
    /// group (instance 0 where there is none) to every other instance: one layer's choice applied to all.
    /// Configurations of alike ops are interchangeable (same loops), so the result is valid wherever the
    /// source configurations were.
    pub fn apply(&self, strategy: &mut Strategy, layer: usize) {
        for g in &self.groups {
            let source = g.instance_of_layer(layer).unwrap_or(0);
            let from = g.instances[source].start;
            for (i, r) in g.instances.iter().enumerate() {
                if i == source {
                    continue;
                }
                for p in 0..g.period {
                    strategy.configs[r.start + p] = strategy.configs[from + p].clone();
                }
            }
        }
    }

    /// A one-line description per group: `forward-like group 0: 12 × 11 ops at op3..op135` and its companions.
    pub fn describe(&self, graph: &Graph) -> Vec<String> {
        self.groups
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let first = g.instances[0].start;
                let last = g.instances[g.instances.len() - 1].end - 1;
                let flops: f64 = g.ops().map(|op| graph.op(op).flops).sum();
                let role = if g.is_primary(i) {
                    "layers".to_string()
                } else {
                    let n = g.layer.len();
                    let order = if g.layer.iter().enumerate().all(|(i, &l)| l == i) {
                        "in order"
                    } else if g.layer.iter().enumerate().all(|(i, &l)| l + i + 1 == n) {
                        "reversed"
                    } else {
                        "permuted"
                    };
                    format!("companion of group {}, layers {order}", g.primary)
                };
                format!(
                    "group {i}: {} x {} ops, op{first}..op{last}, {:.1}% of FLOPs, {role}",
                    g.instances.len(),
                    g.period,
                    100.0 * flops / graph.total_flops().max(f64::MIN_POSITIVE)
                )
            })
            .collect()
    }
}

fn set_places(place: &mut [Option<Place>], group: usize, instances: &[Range<usize>]) {
    for (i, r) in instances.iter().enumerate() {
        for (p, op) in r.clone().enumerate() {
            place[op] = Some(Place {
                group: group as u32,
                instance: i as u32,
                position: p as u32,
            });
        }
    }
}

/// Interned structural signatures (module doc: "alike").
fn signatures(graph: &Graph) -> Vec<u32> {
    let mut table: HashMap<String, u32> = HashMap::new();
    graph
        .ops()
        .iter()
        .map(|op| {
            let key = signature_text(graph, op);
            let next = table.len() as u32;
            *table.entry(key).or_insert(next)
        })
        .collect()
}

fn signature_text(graph: &Graph, op: &Op) -> String {
    use std::fmt::Write;
    let mut s = format!("{}|{:?}|{:?}|", op.name, op.class, op.dtype);
    for d in &op.dims {
        let _ = write!(s, "{}{},", d.size, d.role.letter());
    }
    for (tag, accesses) in [("i", &op.inputs), ("o", &op.outputs)] {
        for a in accesses {
            let t = graph.tensor(a.tensor);
            let _ = write!(s, "|{tag}{:?}{:?}{:?}:", t.kind, t.dtype, t.shape);
            for e in &a.exprs {
                let _ = write!(s, "{:?}{};", e.terms, e.offset);
            }
        }
    }
    s
}

/// The group covering the most uncovered ops, or `None` when nothing repeats.
fn best_group(graph: &Graph, sig: &[u32], covered: &[bool]) -> Option<(usize, Vec<Range<usize>>)> {
    let n = sig.len();
    // Distances between consecutive uncovered occurrences of each signature.
    let mut last: HashMap<u32, usize> = HashMap::new();
    let mut distances: HashMap<usize, usize> = HashMap::new();
    for i in 0..n {
        if covered[i] {
            continue;
        }
        if let Some(prev) = last.insert(sig[i], i) {
            let d = i - prev;
            if d >= 2 {
                *distances.entry(d).or_default() += 1;
            }
        }
    }
    let mut candidates: Vec<(usize, usize)> = distances.into_iter().collect();
    // Most ops possibly covered first, then the smaller period.
    candidates.sort_by(|a, b| (b.1 * b.0).cmp(&(a.1 * a.0)).then(a.0.cmp(&b.0)));
    candidates.truncate(CANDIDATES);
    let mut best: Option<(usize, usize, Range<usize>)> = None; // (covered, period, region)
    for &(k, _) in &candidates {
        if let Some((cover, region)) = longest_run(graph, sig, covered, k, 0..n) {
            let better = match &best {
                None => true,
                Some((c, p, _)) => cover > *c || (cover == *c && k < *p),
            };
            if better {
                best = Some((cover, k, region));
            }
        }
    }
    let (mut cover, mut k, mut region) = best?;
    // A period that is a multiple of a smaller one covering as many whole instances is that smaller one.
    let mut d = 2;
    while d <= k / 2 {
        if k % d == 0 {
            let small = k / d;
            if small >= 2 {
                if let Some((c, r)) = longest_run(graph, sig, covered, small, region.clone()) {
                    if c >= cover {
                        (cover, k, region) = (c, small, r);
                        d = 2;
                        continue;
                    }
                }
            }
        }
        d += 1;
    }
    let _ = cover;
    let instances = place_instances(graph, k, region);
    Some((k, instances))
}

/// The run of period `k` inside `within` covering the most ops in whole, consistently wired instances:
/// `(ops covered, region)`.
fn longest_run(
    graph: &Graph,
    sig: &[u32],
    covered: &[bool],
    k: usize,
    within: Range<usize>,
) -> Option<(usize, Range<usize>)> {
    let mut best: Option<(usize, Range<usize>)> = None;
    let mut i = within.start;
    let end = within.end;
    while i + k < end {
        let matches =
            |j: usize| j + k < end && !covered[j] && !covered[j + k] && sig[j] == sig[j + k];
        if !matches(i) {
            i += 1;
            continue;
        }
        let a = i;
        while matches(i) {
            i += 1;
        }
        // sig[j] == sig[j + k] for j in [a, i): region [a, i + k).
        let region = a..i + k;
        let reps = region.len() / k;
        if reps < 2 {
            continue;
        }
        let instances = place_instances(graph, k, region.clone());
        let mut wired = consistent_prefix(graph, &instances);
        if k < MIN_UNCHAINED {
            wired = wired.min(chained_prefix(graph, &instances));
        }
        // A layer has parameters: every instance reads a weight.
        wired = wired.min(
            instances
                .iter()
                .take_while(|r| {
                    (*r).clone().any(|i| {
                        graph.ops()[i]
                            .inputs
                            .iter()
                            .any(|a| graph.tensor(a.tensor).kind == TensorKind::Weight)
                    })
                })
                .count(),
        );
        if wired < 2 {
            continue;
        }
        let cover = wired * k;
        if best.as_ref().is_none_or(|(c, _)| cover > *c) {
            let r = instances[0].start..instances[wired - 1].end;
            best = Some((cover, r));
        }
    }
    best
}

/// Whole instances of period `k` in `region`, at the phase whose boundaries cut the fewest tensors.
fn place_instances(graph: &Graph, k: usize, region: Range<usize>) -> Vec<Range<usize>> {
    let reps = region.len() / k;
    let spare = region.len() - reps * k;
    let best = (0..=spare)
        .min_by_key(|&o| {
            (0..=reps)
                .map(|j| crossing(graph, region.start + o + j * k, k))
                .sum::<usize>()
        })
        .unwrap_or(0);
    (0..reps)
        .map(|j| {
            let s = region.start + best + j * k;
            s..s + k
        })
        .collect()
}

/// Distinct activations produced in `[at - k, at)` and read in `[at, at + k)`.
fn crossing(graph: &Graph, at: usize, k: usize) -> usize {
    let lo = at.saturating_sub(k);
    let hi = (at + k).min(graph.num_ops());
    let mut seen: Vec<TensorId> = Vec::new();
    for op in &graph.ops()[at.min(hi)..hi] {
        for a in &op.inputs {
            let t = graph.tensor(a.tensor);
            if let Some(p) = t.producer {
                if (lo..at).contains(&p.index()) && !seen.contains(&a.tensor) {
                    seen.push(a.tensor);
                }
            }
        }
    }
    seen.len()
}

/// How many leading instances are wired like the first (module doc).
fn consistent_prefix(graph: &Graph, instances: &[Range<usize>]) -> usize {
    let wiring = |r: &Range<usize>| -> Vec<Option<usize>> {
        r.clone()
            .flat_map(|i| {
                graph.ops()[i].inputs.iter().map(move |a| {
                    graph
                        .tensor(a.tensor)
                        .producer
                        .map(|p| p.index())
                        .filter(|p| r.contains(p))
                        .map(|p| p - r.start)
                })
            })
            .collect()
    };
    let Some(first) = instances.first() else {
        return 0;
    };
    let reference = wiring(first);
    1 + instances[1..]
        .iter()
        .take_while(|r| wiring(r) == reference)
        .count()
}

/// How many leading instances each read something the one before produced.
fn chained_prefix(graph: &Graph, instances: &[Range<usize>]) -> usize {
    1 + instances
        .windows(2)
        .take_while(|w| {
            w[1].clone().any(|i| {
                graph.ops()[i].inputs.iter().any(|a| {
                    graph
                        .tensor(a.tensor)
                        .producer
                        .is_some_and(|p| w[0].contains(&p.index()))
                })
            })
        })
        .count()
}

/// The groups with their primaries and layers (module doc: "Layers and companions").
fn companions(
    graph: &Graph,
    found: Vec<(usize, Vec<Range<usize>>)>,
    place: &[Option<Place>],
) -> Vec<Group> {
    // The weights each instance reads directly.
    let weights_of = |r: &Range<usize>| -> Vec<TensorId> {
        let mut w: Vec<TensorId> = r
            .clone()
            .flat_map(|i| graph.ops()[i].inputs.iter().map(|a| a.tensor))
            .filter(|&t| graph.tensor(t).kind == TensorKind::Weight)
            .collect();
        w.sort();
        w.dedup();
        w
    };
    // Weight → (primary group, layer) for the weights of primary instances.
    let mut owner: HashMap<TensorId, (usize, usize)> = HashMap::new();
    let mut groups: Vec<Group> = Vec::with_capacity(found.len());
    // Index in `groups` of each found group kept.
    let mut kept: Vec<Option<usize>> = Vec::with_capacity(found.len());
    for (g, (period, instances)) in found.into_iter().enumerate() {
        let reads: Vec<Vec<TensorId>> = instances.iter().map(weights_of).collect();
        let by_weights: Option<Vec<(usize, usize)>> = reads
            .iter()
            .map(|ws| {
                let mut owners: Vec<(usize, usize)> =
                    ws.iter().filter_map(|w| owner.get(w).copied()).collect();
                owners.sort();
                owners.dedup();
                match owners.as_slice() {
                    [one] => Some(*one),
                    _ => None,
                }
            })
            .collect();
        // Without weights, the layer of the instances it reads activations from.
        let by_data = || -> Option<Vec<(usize, usize)>> {
            instances
                .iter()
                .map(|r| {
                    let mut owners: Vec<(usize, usize)> = r
                        .clone()
                        .flat_map(|i| graph.ops()[i].inputs.iter())
                        .filter_map(|a| graph.tensor(a.tensor).producer)
                        .filter_map(|p| place[p.index()])
                        .filter(|p| (p.group as usize) < g)
                        .filter_map(|p| {
                            let og = &groups[kept[p.group as usize]?];
                            Some((og.primary, og.layer[p.instance as usize]))
                        })
                        .collect();
                    owners.sort();
                    owners.dedup();
                    match owners.as_slice() {
                        [one] => Some(*one),
                        _ => None,
                    }
                })
                .collect()
        };
        let mapping = by_weights
            .filter(|m| !reads.iter().any(Vec::is_empty) && bijective(m))
            .or_else(|| by_data().filter(|m| bijective(m)));
        let here = groups.len();
        let group = match mapping {
            Some(m) => Group {
                period,
                primary: m[0].0,
                layer: m.iter().map(|&(_, l)| l).collect(),
                instances,
            },
            // Layers do the heavy work and pass data from one to the next: a run of alike pointwise ops (a
            // norm's arithmetic) or of side-by-side branches (a bottleneck's last convolution and its
            // shortcut) is no layer of its own, though it may be a layer's weight update (a companion).
            None if !instances
                .iter()
                .all(|r| r.clone().any(|i| heavy(&graph.ops()[i])))
                || chained_prefix(graph, &instances) < instances.len() =>
            {
                kept.push(None);
                continue;
            }
            None => {
                for (i, ws) in reads.iter().enumerate() {
                    for &w in ws {
                        owner.entry(w).or_insert((here, i));
                    }
                }
                Group {
                    period,
                    primary: here,
                    layer: (0..instances.len()).collect(),
                    instances,
                }
            }
        };
        kept.push(Some(here));
        groups.push(group);
    }
    groups
}

/// Whether the op is a layer's heavy work: a contraction or convolution (Alpa's "non-trivial" ops).
fn heavy(op: &Op) -> bool {
    matches!(op.class, OpClass::Contraction | OpClass::Convolution)
}

/// Whether the `(group, layer)` pairs all name one group and no layer twice.
fn bijective(m: &[(usize, usize)]) -> bool {
    let Some(&(g, _)) = m.first() else {
        return false;
    };
    let mut layers: Vec<usize> = m.iter().map(|&(_, l)| l).collect();
    layers.sort();
    layers.dedup();
    m.iter().all(|&(h, _)| h == g) && layers.len() == m.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::{self, ResNetSpec, TransformerSpec};

    #[test]
    fn gpt2_has_twelve_blocks_of_eleven_ops() {
        let g = synth::transformer(&TransformerSpec::gpt2_small(8));
        let layers = Layers::detect(&g);
        assert_eq!(layers.groups().len(), 1, "{:?}", layers.describe(&g));
        let group = &layers.groups()[0];
        assert_eq!(group.instances.len(), 12);
        // The boundaries cut the residual stream only: each block starts with its layer norm.
        let first = graph_op_name(&g, group.instances[1].start);
        assert_eq!(first, graph_op_name(&g, group.instances[0].start));
        assert_eq!(layers.boundaries().len(), 12);
        assert_eq!(
            layers.num_layer_ops() + layers.non_layer_ops().len(),
            g.num_ops()
        );
        for r in &group.instances {
            assert_eq!(crossing(&g, r.start, group.period), 1, "{r:?}");
        }
    }

    fn graph_op_name(g: &Graph, i: usize) -> &str {
        &g.ops()[i].name
    }

    #[test]
    fn counterparts_and_apply_tie_every_layer() {
        let g = synth::transformer(&TransformerSpec::TINY);
        let layers = Layers::detect(&g);
        let group = &layers.groups()[0];
        assert_eq!(group.instances.len(), 2);
        let op = OpId::new(group.instances[0].start + 3);
        let others: Vec<OpId> = layers.counterparts(op).collect();
        assert_eq!(others, vec![OpId::new(group.instances[1].start + 3)]);
        let mut s = Strategy::single_device(&g);
        s.configs[op.index()] = crate::strategy::Config {
            degrees: g.op(op).dims.iter().map(|_| 1).collect(),
            devices: vec![crate::graph::DeviceId(3)],
        };
        layers.apply(&mut s, 0);
        assert_eq!(s.configs[others[0].index()], s.configs[op.index()]);
    }

    #[test]
    fn resnet_stages_are_separate_groups() {
        let g = synth::resnet(&ResNetSpec::resnet101(8));
        let layers = Layers::detect(&g);
        let counts: Vec<usize> = layers.groups().iter().map(|g| g.instances.len()).collect();
        // ResNet-101's stages have 3, 4, 23 and 3 bottlenecks; the first of each differs (downsampling), so
        // the repeats are 2, 3, 22, 2.
        assert_eq!(counts, vec![2, 3, 22, 2], "{:?}", layers.describe(&g));
        assert!(layers
            .groups()
            .iter()
            .enumerate()
            .all(|(i, g)| g.is_primary(i)));
    }

    #[test]
    fn nothing_repeats_in_a_chain_of_distinct_ops() {
        let g = synth::mlp(8, &[16, 32, 64, 128]);
        assert!(Layers::detect(&g).is_empty());
    }
}
