//! Delta simulation: one op's new configuration rebuilds its blocks and re-times from the first changed
//! one; the change is kept for undo (module doc of [`super`], "Delta simulation").

use super::*;

/// Buffers reused across delta simulations.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    pub(super) lives: Vec<Live>,
    /// Bytes per device, all zero between uses.
    pub(super) sums: Vec<u64>,
}

/// What the last delta simulation replaced, so that changing the op back (a rejected MCMC proposal) restores
/// it instead of recomputing it. Valid until the next change of another kind.
#[derive(Clone, Debug, Default)]
pub(super) struct Undo {
    pub(super) valid: bool,
    pub(super) op: usize,
    pub(super) config: Option<Config>,
    pub(super) tasks: OpTasks,
    pub(super) edges: Vec<(usize, EdgePairs)>,
    /// Replaced blocks, with their arena ranges (left untouched: new blocks go after them) and buffers.
    pub(super) blocks: Vec<(u32, Block)>,
    /// Replaced dependencies of rewired blocks.
    pub(super) deps: Vec<(u32, Vec<u32>, Vec<u32>)>,
    pub(super) arena_len: usize,
    pub(super) garbage: usize,
    /// First issue position re-timed, and the ends it overwrote: those of every block from there on whose
    /// range lies below `arena_len`, in issue order.
    pub(super) from: usize,
    pub(super) ends: Vec<f64>,
    pub(super) snapshots: Vec<f64>,
    pub(super) block_end: Vec<f64>,
    pub(super) makespan: f64,
    /// The memory changes applied ([`Memory::apply`]).
    pub(super) memory: Vec<Change>,
}

impl<'a> Simulator<'a> {
    /// Changes one op's configuration and updates the simulation incrementally (a delta simulation). The result
    /// is bit-identical to a full simulation of the changed strategy.
    pub fn set_config(&mut self, op: OpId, config: Config) -> Result<(), StrategyError> {
        if op.index() >= self.layout.n_ops {
            return Err(StrategyError {
                op: Some(op),
                location: String::new(),
                message: format!("no op {op} in a graph of {} ops", self.layout.n_ops),
            });
        }
        config
            .validate(self.graph.op(op), self.machine.num_devices())
            .map_err(|m| StrategyError::at(self.graph, op, m))?;
        if *self.strategy.config(op) == config {
            return Ok(());
        }
        let o = op.index();
        if self.undo.valid && self.undo.op == o && self.undo.config.as_ref() == Some(&config) {
            self.rollback();
            return Ok(());
        }
        self.undo.valid = false;
        if self.times.garbage > self.times.end.len() / 2 + 4096 {
            self.compact();
        }
        let edges = self.graph.edges();
        // The op's edges, and the other readers' edges of each tensor it reads: which of a tensor's
        // transfers to a device is the one kept ([`share_transfers`]) depends on every reader.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut adjacent: Vec<usize> = Vec::new();
        for e in self.layout.in_edges[o]
            .clone()
            .chain(self.layout.out_edges[o].iter().copied())
        {
            if adjacent.contains(&e) {
                continue;
            }
            let group = sibling_edges(self.graph, &self.layout, e);
            for &s in &group {
                if !adjacent.contains(&s) {
                    adjacent.push(s);
                }
            }
            groups.push(group);
        }
        let (rebuilt, rewired) = self.affected_blocks(o, &adjacent);

        // Everything replaced goes to `undo`, so that reverting this change restores it.
        let mut undo = std::mem::take(&mut self.undo);
        undo.op = o;
        undo.memory.clear();
        for &b in &rebuilt {
            self.unplace(b, &mut undo.memory);
        }
        self.weight_changes(o, false, &mut undo.memory);
        undo.arena_len = self.times.end.len();
        undo.garbage = self.times.garbage;
        undo.config = Some(std::mem::replace(&mut self.strategy.configs[o], config));
        undo.tasks = std::mem::replace(
            &mut self.ops[o],
            OpTasks::new(self.graph, op, self.strategy.config(op), &mut self.loops),
        );
        undo.edges.clear();
        for &e in &adjacent {
            let edge = &edges[e];
            let pairs = edge_pairs(
                self.graph,
                edge,
                &self.ops[edge.producer.index()],
                &self.ops[edge.consumer.index()],
                !self.mode.has_backward(),
                self.machine,
            );
            undo.edges
                .push((e, std::mem::replace(&mut self.edges[e], pairs)));
        }
        for group in &groups {
            share_transfers(self.graph, &self.layout, &self.ops, &mut self.edges, group);
        }
        // In issue order, so that every dependency already has its new arena slot.
        let mut builder = std::mem::take(&mut self.builder);
        builder.recycle(undo.blocks.drain(..).map(|(_, block)| block));
        for &b in &rebuilt {
            let block = self.build_block(b, &mut builder);
            undo.blocks.push((b, self.install(b, block)));
            self.place(b, &mut undo.memory);
        }
        self.builder = builder;
        self.weight_changes(o, true, &mut undo.memory);
        self.memory.apply(&mut undo.memory);
        self.rewire(&rewired, &mut undo);
        let from = rebuilt
            .iter()
            .chain(&rewired)
            .map(|&b| self.layout.pos[b as usize])
            .min()
            .map_or(0, |p| p as usize);
        undo.block_end.clone_from(&self.block_end);
        undo.makespan = self.makespan;
        self.retime(from, Some(&mut undo));
        undo.valid = true;
        self.undo = undo;
        Ok(())
    }

    /// The blocks a change of op `o` (whose edges are `adjacent`) touches, each list in issue order: those
    /// whose tasks change (rebuilt), and the compute blocks whose tasks stay but depend on changed transfers
    /// (rewired).
    fn affected_blocks(&self, o: usize, adjacent: &[usize]) -> (Vec<u32>, Vec<u32>) {
        let n = self.layout.n_ops;
        let edges = self.graph.edges();
        let mut rebuilt = vec![forward_block(o), backward_block(o), all_reduce_block(o)];
        // The all-reduces of the weights `o` reads depend on every reader's configuration.
        if self.mode.has_backward() {
            for &t in &self.layout.read_weights[o] {
                rebuilt.push(all_reduce_block(self.layout.weight_owner(t)));
            }
        }
        rebuilt.sort_unstable();
        rebuilt.dedup();
        for &e in adjacent {
            rebuilt.extend([transfer_block(n, e), gradient_block(n, e)]);
        }
        rebuilt.retain(|&b| self.layout.pos[b as usize] != u32::MAX);
        rebuilt.sort_unstable_by_key(|&b| self.layout.pos[b as usize]);
        // Every edge's two ends: `o`'s in-edges' producers, its out-edges' consumers, and the other
        // readers of what `o` reads (their transfers may have changed hands).
        let mut rewired: Vec<u32> = adjacent
            .iter()
            .flat_map(|&e| {
                [
                    backward_block(edges[e].producer.index()),
                    forward_block(edges[e].consumer.index()),
                ]
            })
            .filter(|&b| b != forward_block(o) && b != backward_block(o))
            .collect();
        rewired.sort_unstable();
        rewired.dedup();
        rewired.retain(|&b| self.layout.pos[b as usize] != u32::MAX);
        (rebuilt, rewired)
    }

    /// Recomputes the dependencies of the `rewired` compute blocks; the old ones go to `undo`.
    fn rewire(&mut self, rewired: &[u32], undo: &mut Undo) {
        undo.deps.clear();
        for &b in rewired {
            let (off, deps) = match self.layout.kinds[b as usize] {
                BlockKind::Forward(c) => self.forward_deps(c.index()),
                BlockKind::Backward(p) => self.backward_deps(p.index()),
                _ => unreachable!("only compute blocks are rewired"),
            };
            let block = &mut self.blocks[b as usize];
            let off = std::mem::replace(&mut block.dep_off, off);
            let deps = std::mem::replace(&mut block.deps, deps);
            self.heads[b as usize] = Head::of(block);
            undo.deps.push((b, off, deps));
        }
    }

    /// Restores the state before the last delta simulation (see [`Undo`]).
    pub(super) fn rollback(&mut self) {
        let mut undo = std::mem::take(&mut self.undo);
        let mut at = 0;
        for &b in &self.layout.order[undo.from..] {
            let head = self.heads[b as usize];
            let (base, n) = (head.base as usize, head.len as usize);
            if base < undo.arena_len {
                self.times.end[base..base + n].copy_from_slice(&undo.ends[at..at + n]);
                at += n;
            }
        }
        let at = undo.from / self.snap_every * self.free.len();
        self.snapshots[at..at + undo.snapshots.len()].copy_from_slice(&undo.snapshots);
        std::mem::swap(&mut self.block_end, &mut undo.block_end);
        self.makespan = undo.makespan;
        self.memory.revert(&undo.memory);
        for (b, old) in undo.blocks.drain(..) {
            self.heads[b as usize] = Head::of(&old);
            let new = std::mem::replace(&mut self.blocks[b as usize], old);
            self.builder.recycle(std::iter::once(new));
        }
        for (b, off, deps) in undo.deps.drain(..) {
            let block = &mut self.blocks[b as usize];
            block.dep_off = off;
            block.deps = deps;
            self.heads[b as usize] = Head::of(block);
        }
        for (e, pairs) in undo.edges.drain(..) {
            self.edges[e] = pairs;
        }
        let o = undo.op;
        std::mem::swap(&mut self.ops[o], &mut undo.tasks);
        if let Some(config) = undo.config.take() {
            self.strategy.configs[o] = config;
        }
        self.times.truncate(undo.arena_len);
        self.times.garbage = undo.garbage;
        undo.valid = false;
        self.undo = undo;
    }

    /// Gives a freshly built block its arena range; returns the block it replaces.
    pub(super) fn install(&mut self, b: u32, mut block: Block) -> Block {
        let n = block.len();
        let times = &mut self.times;
        block.base = times.end.len() as u32;
        times.end.resize(times.end.len() + n, 0.0);
        times.owner.resize(times.owner.len() + n, b);
        let head = Head::of(&block);
        times.push_inputs(&block, &head);
        self.heads[b as usize] = head;
        let old = std::mem::replace(&mut self.blocks[b as usize], block);
        self.times.garbage += old.len();
        old
    }

    /// Removes a block's buffers from memory: pushes their removal to `changes` (and keeps them in the block,
    /// which [`Simulator::rollback`] may restore).
    pub(super) fn unplace(&mut self, b: u32, changes: &mut Vec<Change>) {
        let added = match self.blocks[b as usize].added.take() {
            Some(added) => added,
            None => self.merged_lives(b),
        };
        changes.extend(added.iter().map(|l| Change::new(l, false)));
        self.blocks[b as usize].added = Some(added);
    }

    /// Adds a freshly built block's buffers to memory: pushes them to `changes`.
    pub(super) fn place(&mut self, b: u32, changes: &mut Vec<Change>) {
        let added = self.merged_lives(b);
        changes.extend(added.iter().map(|l| Change::new(l, true)));
        self.blocks[b as usize].added = Some(added);
    }

    /// The buffers of block `b`, merged per device and stage range.
    pub(super) fn merged_lives(&mut self, b: u32) -> Vec<Live> {
        if let BlockKind::Transfer(e) | BlockKind::GradientTransfer(e) =
            self.layout.kinds[b as usize]
        {
            // One stage range: sum per receiving device directly.
            let gradient = matches!(
                self.layout.kinds[b as usize],
                BlockKind::GradientTransfer(_)
            );
            let mut sums = std::mem::take(&mut self.scratch.sums);
            sums.resize(self.machine.num_devices() as usize, 0);
            let mut key = None;
            self.transfer_lives(e, gradient, &mut |l| {
                key = Some(l);
                sums[l.device as usize] += l.bytes;
            });
            let mut merged = Vec::new();
            if let Some(key) = key {
                for (device, bytes) in sums.iter_mut().enumerate() {
                    if *bytes > 0 {
                        merged.push(Live {
                            device: device as u32,
                            bytes: std::mem::take(bytes),
                            ..key
                        });
                    }
                }
            }
            self.scratch.sums = sums;
            return merged;
        }
        let mut lives = std::mem::take(&mut self.scratch.lives);
        lives.clear();
        self.for_each_live(b, &mut |l| lives.push(l));
        let mut merged = Vec::new();
        self.memory.merge(&mut lives, &mut merged);
        self.scratch.lives = lives;
        merged
    }
}

/// What delta simulation saves on one strategy: a full simulation's wall time against that of the
/// single-op changes an MCMC proposal makes ([`probe_delta`]).
#[derive(Clone, Debug, PartialEq)]
pub struct DeltaProbe {
    /// Seconds of the full simulation of the strategy (building the task graph included).
    pub full_s: f64,
    /// Mean seconds of one delta simulation ([`Simulator::set_config`]), changes and reverts alike.
    pub delta_s: f64,
    /// Delta simulations timed.
    pub deltas: u64,
    /// Whether the first change's delta simulation equalled a fresh full simulation of the changed
    /// strategy (iteration time bit for bit, every device's peak memory).
    pub exact: bool,
}

/// Times a full simulation of `strategy`, then `changes` random single-op changes, each reverted as a
/// rejected MCMC proposal is (two delta simulations). A strategy with replicas is simulated
/// symmetrically: the changes place tasks on replica 0's devices, as the schedule search's
/// configurations do. Seeded: the same changes on every run.
pub fn probe_delta(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    strategy: Strategy,
    changes: u32,
    seed: u64,
) -> Result<DeltaProbe, StrategyError> {
    use rand::{Rng, SeedableRng};
    let width = machine.num_devices() / strategy.schedule.replicas.max(1);
    let t = std::time::Instant::now();
    let mut sim = Simulator::new(graph, machine, cost, mode, strategy)?;
    let full_s = t.elapsed().as_secs_f64();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut delta_s, mut deltas, mut exact) = (0.0, 0u64, true);
    if graph.num_ops() == 0 {
        return Ok(DeltaProbe {
            full_s,
            delta_s,
            deltas,
            exact,
        });
    }
    for i in 0..changes {
        let op = OpId::new(rng.random_range(0..graph.num_ops()));
        let old = sim.strategy().config(op).clone();
        let config = Config::random(graph.op(op), width.max(1), &mut rng);
        let t = std::time::Instant::now();
        sim.set_config(op, config)?;
        delta_s += t.elapsed().as_secs_f64();
        if i == 0 {
            let fresh = Simulator::new(graph, machine, cost, mode, sim.strategy().clone())?;
            exact = fresh.iteration_time().to_bits() == sim.iteration_time().to_bits()
                && fresh.peak_memories() == sim.peak_memories();
        }
        let t = std::time::Instant::now();
        sim.set_config(op, old)?;
        delta_s += t.elapsed().as_secs_f64();
        deltas += 2;
    }
    Ok(DeltaProbe {
        full_s,
        delta_s: delta_s / deltas.max(1) as f64,
        deltas,
        exact,
    })
}
