//! The FIFO queues: the arena of end times, timing one block, and re-timing the issue order from a
//! block on (module doc of [`super`], "Queues").

use super::*;

/// arena (kept in issue order by compaction) instead of chasing every block's vectors.
#[derive(Clone, Debug, Default)]
pub(crate) struct Times {
    pub end: Vec<f64>,
    /// Block id of each slot.
    pub owner: Vec<u32>,
    /// Duration of each slot (a copy of its block's).
    pub dur: Vec<f64>,
    /// The resource of each slot of a single-resource block, or the first of a [`Head::pair`] block's task.
    pub res: Vec<u32>,
    /// The second resource of a [`Head::pair`] block's task (or `NONE`).
    pub res2: Vec<u32>,
    /// The dependency of a [`Head::pair`] block's task.
    pub dep: Vec<u32>,
    pub garbage: usize,
}

pub(super) const NONE: u32 = u32::MAX;

impl Times {
    pub(super) fn truncate(&mut self, len: usize) {
        self.end.truncate(len);
        self.owner.truncate(len);
        self.dur.truncate(len);
        self.res.truncate(len);
        self.res2.truncate(len);
        self.dep.truncate(len);
    }

    /// Appends the schedule inputs of `block` (at the end of the arena) to `dur`, `res`, `res2` and `dep`.
    pub(super) fn push_inputs(&mut self, block: &Block, head: &Head) {
        self.dur.extend_from_slice(&block.dur);
        if head.single {
            self.res.extend_from_slice(&block.res);
        } else if head.pair {
            for w in block.res_off.windows(2) {
                let (at, two) = (w[0] as usize, w[1] - w[0] == 2);
                self.res.push(block.res[at]);
                self.res2.push(if two { block.res[at + 1] } else { NONE });
            }
            self.dep.extend_from_slice(&block.deps);
        }
        let len = self.dur.len();
        self.res.resize(len, 0);
        self.res2.resize(len, NONE);
        self.dep.resize(len, 0);
    }
}

/// What the schedule loop needs of a block besides the arena: its range and shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Head {
    pub(super) base: u32,
    pub(super) len: u32,
    /// One resource per task ([`Block::res_off`] empty).
    pub(super) single: bool,
    /// Not `single`, one or two resources and exactly one dependency per task (transfers): the arena has
    /// them all.
    pub(super) pair: bool,
    pub(super) deps: Deps,
}

/// How a block's tasks depend on others (see [`Block::dep_off`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Deps {
    #[default]
    None,
    One,
    Csr,
}

impl Head {
    pub(super) fn of(block: &Block) -> Head {
        let single = block.res_off.is_empty();
        let deps = match (block.deps.is_empty(), block.dep_off.is_empty()) {
            (true, _) => Deps::None,
            (false, true) => Deps::One,
            (false, false) => Deps::Csr,
        };
        let pair = !single
            && deps == Deps::One
            && block
                .res_off
                .windows(2)
                .all(|w| matches!(w[1] - w[0], 1 | 2));
        Head {
            base: block.base,
            len: block.len() as u32,
            single,
            pair,
            deps,
        }
    }
}

/// Times the tasks of one block in order and returns the latest end (0 when empty): task `i` ends at
/// `max(ready(end, i), ends of the previous tasks on res(i)) + dur[i]`, the maxima taken in that order by
/// `if x > t` rather than `f64::max` (no NaN can occur, and the plain comparison is cheaper), where `ready` is
/// the same maximum over its dependencies' ends starting from 0. Every shape of block goes through here
/// (transfers through an unrolled copy in [`Simulator::retime`]), so a task's end is the same expression of
/// the same operands in every pass.
#[inline(always)]
pub(super) fn time_tasks<'b>(
    end: &mut [f64],
    base: usize,
    dur: &[f64],
    free: &mut [f64],
    ready: impl Fn(&[f64], usize) -> f64,
    res: impl Fn(usize) -> &'b [u32],
) -> f64 {
    let mut latest = 0.0f64;
    for (i, &d) in dur.iter().enumerate() {
        let mut t = ready(end, i);
        let rs = res(i);
        for &r in rs {
            let f = free[r as usize];
            if f > t {
                t = f;
            }
        }
        let e = t + d;
        end[base + i] = e;
        for &r in rs {
            free[r as usize] = e;
        }
        if e > latest {
            latest = e;
        }
    }
    latest
}

impl<'a> Simulator<'a> {
    /// Every resource's tasks in issue order (for reports: the schedule itself never needs them).
    pub(crate) fn lanes(&self) -> Vec<Vec<Slot>> {
        let mut lanes = vec![Vec::new(); self.free.len()];
        for (pos, &b) in self.layout.order.iter().enumerate() {
            let block = &self.blocks[b as usize];
            for i in 0..block.len() {
                for &r in block.res_of(i) {
                    lanes[r as usize].push(Slot {
                        pos: pos as u32,
                        task: i as u32,
                    });
                }
            }
        }
        lanes
    }

    /// Moves every live block to the front of a fresh arena, in issue order, and renumbers dependencies.
    pub(super) fn compact(&mut self) {
        let mut map = vec![u32::MAX; self.times.end.len()];
        let mut fresh = Times::default();
        for &b in &self.layout.order {
            let block = &mut self.blocks[b as usize];
            let (old, new) = (block.base as usize, fresh.end.len());
            for i in 0..block.len() {
                map[old + i] = (new + i) as u32;
            }
            fresh
                .end
                .extend_from_slice(&self.times.end[old..old + block.len()]);
            fresh.owner.resize(new + block.len(), b);
            block.base = new as u32;
        }
        for block in &mut self.blocks {
            for d in &mut block.deps {
                *d = map[*d as usize];
            }
        }
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            let head = Head::of(block);
            fresh.push_inputs(block, &head);
            self.heads[b as usize] = head;
        }
        self.times = fresh;
    }

    /// Start of task `i` of block `b`: the same maximum the schedule loop takes, over dependency ends and the
    /// ends of the previous task on each of its resources (found in `lanes`).
    pub(crate) fn start_of(&self, lanes: &[Vec<Slot>], b: u32, i: usize) -> f64 {
        let block = &self.blocks[b as usize];
        let mut t = 0.0f64;
        for &d in block.deps_of(i) {
            t = t.max(self.times.end[d as usize]);
        }
        for &r in block.res_of(i) {
            if let Some(prev) = self.lane_prev(lanes, r, b, i) {
                t = t.max(self.times.end[prev as usize]);
            }
        }
        t
    }

    /// Arena slot of the task before task `i` of block `b` on resource `r`.
    pub(crate) fn lane_prev(&self, lanes: &[Vec<Slot>], r: u32, b: u32, i: usize) -> Option<u32> {
        let me = Slot {
            pos: self.layout.pos[b as usize],
            task: i as u32,
        };
        let lane = &lanes[r as usize];
        let k = lane.partition_point(|s| *s < me);
        let prev = *lane.get(k.checked_sub(1)?)?;
        Some(self.slot(self.layout.order[prev.pos as usize], prev.task))
    }

    /// Arena slot of task `task` of block `b`.
    pub(super) fn slot(&self, b: u32, task: u32) -> u32 {
        self.blocks[b as usize].base + task
    }

    /// Recomputes the end of every task from issue position `from` on. With `undo`, keeps there what the pass
    /// overwrites: the restart position, the ends of blocks below [`Undo::arena_len`] and the snapshots.
    pub(super) fn retime(&mut self, from: usize, mut undo: Option<&mut Undo>) {
        let n_res = self.free.len();
        let n_blocks = self.layout.order.len();
        if self.snapshots.is_empty() {
            self.plan_snapshots();
        }
        let Simulator {
            layout,
            blocks,
            heads,
            times,
            block_end,
            free,
            snapshots,
            snap_every,
            ..
        } = self;
        let snap_every = *snap_every;
        // Restart at the snapshot at or before `from`: blocks in between are recomputed to the same values.
        let from = from / snap_every * snap_every;
        let mut k = from / snap_every;
        if let Some(undo) = undo.as_mut() {
            undo.from = from;
            undo.ends.clear();
            undo.snapshots.clear();
        }
        if from < n_blocks {
            free.copy_from_slice(&snapshots[k * n_res..(k + 1) * n_res]);
        }
        let Times {
            end,
            dur,
            res,
            res2,
            dep,
            ..
        } = times;
        let (end, dur, res, res2, dep) = (&mut end[..], &dur[..], &res[..], &res2[..], &dep[..]);
        let mut next_snapshot = from;
        for (pos, &b) in layout.order.iter().enumerate().skip(from) {
            if pos == next_snapshot {
                let snapshot = &mut snapshots[k * n_res..(k + 1) * n_res];
                if let Some(undo) = undo.as_mut() {
                    undo.snapshots.extend_from_slice(snapshot);
                }
                snapshot.copy_from_slice(free);
                k += 1;
                next_snapshot += snap_every;
            }
            let head = heads[b as usize];
            let (base, n) = (head.base as usize, head.len as usize);
            if let Some(undo) = undo.as_mut() {
                if base < undo.arena_len {
                    undo.ends.extend_from_slice(&end[base..base + n]);
                }
            }
            block_end[b as usize] = if head.pair {
                time_pair_block(end, &dur[base..base + n], res, res2, dep, free, base)
            } else {
                time_block(
                    &blocks[b as usize],
                    head,
                    end,
                    &dur[base..base + n],
                    res,
                    free,
                )
            };
        }
        let makespan = layout
            .order
            .iter()
            .map(|&b| block_end[b as usize])
            .fold(0.0, |m, e| if e > m { e } else { m });
        self.makespan = self.gather_end(makespan);
    }

    /// Sizes the snapshots of the resources' state. A snapshot costs `n_res` floats written by every pass
    /// (and kept by [`Undo`]); restarting from one re-times half the blocks between two on average. Balance
    /// the two: about `2 √(tasks / n_res)` snapshots, at most 64 and at most ~2M floats of them.
    fn plan_snapshots(&mut self) {
        let n_res = self.free.len();
        let n_blocks = self.layout.order.len();
        let tasks = self.times.end.len().max(1) as f64;
        let balanced = (2.0 * (tasks / n_res.max(1) as f64).sqrt()).ceil() as usize;
        let count = balanced.min(2_000_000 / n_res.max(1)).clamp(1, 64);
        self.snap_every = n_blocks.div_ceil(count).max(1);
        self.snapshots = vec![0.0; n_blocks.div_ceil(self.snap_every).max(1) * n_res];
        // The state before the first block: every device free from its start (a host runtime's costs).
        let devices = self.machine.num_devices() as usize;
        self.snapshots[..devices].fill(self.start_s);
    }
}

/// Times a [`Head::pair`] block (one dependency and one or two resources per task, all in the arena from
/// `base` on): `time_tasks` unrolled. Returns the latest end.
#[inline]
fn time_pair_block(
    end: &mut [f64],
    dur: &[f64],
    res: &[u32],
    res2: &[u32],
    dep: &[u32],
    free: &mut [f64],
    base: usize,
) -> f64 {
    let mut latest = 0.0f64;
    for i in base..base + dur.len() {
        let mut t = 0.0f64;
        let e = end[dep[i] as usize];
        if e > t {
            t = e;
        }
        let (r, r2) = (res[i] as usize, res2[i]);
        if free[r] > t {
            t = free[r];
        }
        if r2 != NONE && free[r2 as usize] > t {
            t = free[r2 as usize];
        }
        let e = t + dur[i - base];
        end[i] = e;
        free[r] = e;
        if r2 != NONE {
            free[r2 as usize] = e;
        }
        if e > latest {
            latest = e;
        }
    }
    latest
}

/// Times any other block: one loop per block shape, so that the common ones (no dependencies, one each; one
/// resource) skip the CSR indirections; all compute the same expression (see `time_tasks`). Single-resource
/// blocks without dependencies need nothing but the arena. Returns the latest end.
#[inline]
fn time_block(
    block: &Block,
    head: Head,
    end: &mut [f64],
    dur: &[f64],
    res: &[u32],
    free: &mut [f64],
) -> f64 {
    let base = head.base as usize;
    let single = |i: usize| &res[base + i..base + i + 1];
    let one = |end: &[f64], i: usize| {
        let e = end[block.deps[i] as usize];
        if e > 0.0 {
            e
        } else {
            0.0
        }
    };
    let csr = |end: &[f64], i: usize| {
        let mut t = 0.0f64;
        for &d in block.deps_of(i) {
            let e = end[d as usize];
            if e > t {
                t = e;
            }
        }
        t
    };
    let multi = |i: usize| block.res_of(i);
    match (head.single, head.deps) {
        (true, Deps::None) => time_tasks(end, base, dur, free, |_, _| 0.0, single),
        (true, Deps::One) => time_tasks(end, base, dur, free, one, single),
        (true, Deps::Csr) => time_tasks(end, base, dur, free, csr, single),
        (false, Deps::None) => time_tasks(end, base, dur, free, |_, _| 0.0, multi),
        (false, Deps::One) => time_tasks(end, base, dur, free, one, multi),
        (false, Deps::Csr) => time_tasks(end, base, dur, free, csr, multi),
    }
}
