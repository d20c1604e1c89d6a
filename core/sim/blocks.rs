//! The blocks of the task graph, built per op and edge: compute tasks (forward, backward), transfers,
//! all-reduces and partial sums, and the buffers each block's tasks keep alive (module doc of
//! [`super`], "Task graph"). `tasks.rs` has what they are built from: the layout of blocks, each
//! op's tasks and regions, the task pairs of edges, hops and routes.

use super::*;

impl<'a> Simulator<'a> {
    pub(super) fn build_block(&self, b: u32, builder: &mut Builder) -> Block {
        match self.layout.kinds[b as usize] {
            BlockKind::Forward(op) => self.build_forward(op.index()),
            BlockKind::Backward(op) => self.build_backward(op.index()),
            BlockKind::AllReduce(_) if self.mode.has_backward() && !self.weight_sync => {
                Block::with_tasks(0)
            }
            BlockKind::AllReduce(op) if self.mode.has_backward() => {
                self.build_all_reduce(op.index(), &mut builder.routes)
            }
            BlockKind::AllReduce(op) => self.build_partial_sums(op.index(), &mut builder.routes),
            BlockKind::Transfer(e) => self.build_transfer(e, false, builder),
            BlockKind::GradientTransfer(e) => self.build_transfer(e, true, builder),
        }
    }

    /// Stage until which a forward output of `op` through `output` is kept.
    pub(super) fn output_last_stage(&self, op: usize, output: usize) -> u32 {
        let t = self.graph.op(OpId::new(op)).outputs[output].tensor;
        let consumers = self.graph.consumers(t);
        let saved = self.layout.fusion.saved_output[op][output];
        match (self.mode, consumers.first(), consumers.last()) {
            (Mode::Training, Some(first), _) if saved => self.layout.backward_stage(first.index()),
            (Mode::Training, None, _) => self.layout.backward_stage(op),
            // Not needed by any backward (crate::fusion): freed after its last reader's forward.
            (_, _, Some(last)) => self.layout.forward_stage(last.index()),
            (_, _, None) => self.layout.forward_stage(op),
        }
    }

    /// Stage until which `op` needs what it read.
    pub(super) fn input_last_stage(&self, op: usize) -> u32 {
        match self.mode {
            Mode::Training => self.layout.backward_stage(op),
            Mode::Inference | Mode::TrainingStep => self.layout.forward_stage(op),
        }
    }

    pub(super) fn build_forward(&self, o: usize) -> Block {
        let mut block = self.compute_block(o, |times| times.forward_s);
        (block.dep_off, block.deps) = self.forward_deps(o);
        block
    }

    /// One compute task per task of `o`'s configuration, timed by `pick` (forward or backward time).
    pub(super) fn compute_block(
        &self,
        o: usize,
        pick: impl Fn(&crate::cost::TaskTimes) -> f64,
    ) -> Block {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n = tasks.len();
        let bwd_factor = self.mode.backward_factor(self.graph, op);
        let measured = self.cost.measurement(op, &tasks.extents);
        // A replicated op's copies each do all of its work; a split one's tasks a share each (every
        // copy of a task the task's share).
        let flops = if tasks.replicated {
            op.flops / (n / tasks.copies) as f64
        } else {
            op.flops / n as f64
        };
        let fusion = &self.layout.fusion;
        // A fused chain's intermediates stay in registers (crate::fusion): no read, no write.
        let internal: Vec<(usize, u64)> = op
            .accesses()
            .enumerate()
            .filter(|&(a, _)| match a.checked_sub(op.inputs.len()) {
                None => fusion.internal_input[o][a],
                Some(j) => fusion.internal_output[o][j],
            })
            .map(|(a, access)| (a, self.graph.tensor(access.tensor).dtype.size_bytes()))
            .collect();
        let launch = self.cost.gpu().launch_overhead_s;
        // Tile and wave quantization of a product on the matrix units: its work takes as long as the
        // tile slots it occupies.
        // A product inside a fused attention kernel runs at that kernel's measured rate instead
        // (its tiling is part of the measurement).
        // Under a causal mask the kernel computes only the tiles it does not skip
        // (crate::attention::causal_fraction): its products and its recomputation of the scores alike.
        let (quantized, backward_quantized) = match fusion.attention_kernel[o] {
            Some(pass) => {
                let (forward, backward) = self.cost.attention_factors(op, pass);
                let computed = fusion.attention_computed[o];
                (forward * computed, backward * computed)
            }
            None => {
                let q = 1.0 / self.cost.shape_factor(op, &tasks.extents);
                (q, q)
            }
        };
        // A native norm kernel's ops (crate::norm): the kernel's work on its carrier, a share per task
        // as the op's FLOPs are shared, none on the others.
        let share = flops / op.flops.max(f64::MIN_POSITIVE);
        let (norm_work, extra_launches) = match fusion.kernel[o] {
            Some(crate::fusion::KernelPart::Carrier {
                flops: kernel_flops,
                bytes,
                launches,
            }) => {
                let share = if op.flops > 0.0 {
                    share
                } else if tasks.replicated {
                    (tasks.copies as f64) / n as f64
                } else {
                    1.0 / n as f64
                };
                (
                    Some(Work {
                        flops: kernel_flops * share,
                        bytes: bytes * share,
                    }),
                    launches.saturating_sub(1),
                )
            }
            Some(crate::fusion::KernelPart::Inside) => (Some(Work::default()), 0),
            None => (None, 0),
        };
        // Weights a device reads only a share of (crate::sim's `Replicas::read_share`): the bytes
        // of the rest are not read.
        let divided: Vec<(usize, u64, f64)> = op
            .inputs
            .iter()
            .enumerate()
            .filter_map(|(a, access)| {
                let share = self.replicas.read_share.get(access.tensor.index())?;
                (*share < 1.0).then(|| {
                    let elem = self.graph.tensor(access.tensor).dtype.size_bytes();
                    (a, elem, 1.0 - share)
                })
            })
            .collect();
        let mut block = Block::compute(n);
        for t in 0..n {
            let hidden: u64 = internal
                .iter()
                .map(|&(a, elem)| tasks.region_bytes(a, t, elem))
                .sum();
            let unread: f64 = divided
                .iter()
                .map(|&(a, elem, rest)| tasks.region_bytes(a, t, elem) as f64 * rest)
                .sum();
            let fwd = norm_work.unwrap_or(Work {
                flops: (flops + fusion.task_recompute[o] / n as f64) * quantized,
                bytes: (tasks.bytes[t] - hidden as f64 - unread).max(0.0),
            });
            let mut bwd = fwd.scaled(bwd_factor);
            bwd.flops *= backward_quantized / quantized;
            bwd.flops += fusion.backward_recompute[o] / n as f64 * backward_quantized;
            let mut times = self.cost.task_times_with(measured, op, fwd, bwd);
            if extra_launches > 0 && !times.measured {
                // One launch per stage of the norm kernel (the roofline charged the first).
                times.forward_s += extra_launches as f64 * launch;
                if times.backward_s > 0.0 {
                    times.backward_s += extra_launches as f64 * launch;
                }
            }
            if fusion.fused[o] && !times.measured {
                // Runs inside its producer's kernel: no launch of its own.
                times.forward_s = (times.forward_s - launch).max(0.0);
                times.backward_s = (times.backward_s - launch).max(0.0);
            }
            block.push_compute(pick(&times), tasks.devices[t]);
        }
        block
    }

    /// Dependencies of the forward tasks of `o`: the transfers into them. Producer tasks on the same device need
    /// no edge: they come earlier in the device's FIFO.
    pub(super) fn forward_deps(&self, o: usize) -> (Vec<u32>, Vec<u32>) {
        let n = self.ops[o].len();
        let n_ops = self.layout.n_ops;
        let in_edges = self.layout.in_edges[o].clone();
        let mut cursors = vec![0usize; in_edges.len()];
        let mut off = Vec::with_capacity(n + 1);
        let remote: usize = in_edges.clone().map(|e| self.edges[e].remote()).sum();
        let mut deps = Vec::with_capacity(remote);
        // Without a backward, a local read of a partial-sum group's result waits for its all-reduce.
        let sums: Vec<Option<Vec<SumSource>>> = in_edges
            .clone()
            .map(|e| {
                let edge = &self.graph.edges()[e];
                let partial = !self.mode.has_backward()
                    && !self.local_statistics(o)
                    && self.blocks[all_reduce_block(edge.producer.index()) as usize].len() > 0;
                partial.then(|| self.combined_sources(edge.producer.index(), edge.output))
            })
            .collect();
        for c in 0..n as u32 {
            off.push(deps.len() as u32);
            for ((cursor, e), sums) in cursors.iter_mut().zip(in_edges.clone()).zip(&sums) {
                let pairs = &self.edges[e].pairs;
                while let Some(pair) = pairs.get(*cursor).filter(|p| p.c == c) {
                    if pair.comm != LOCAL {
                        deps.push(self.slot(transfer_block(n_ops, e), pair.comm));
                    } else if let Some((Some(reduce), _)) =
                        sums.as_ref().map(|s| s[pair.p as usize])
                    {
                        deps.push(reduce);
                    }
                    *cursor += 1;
                }
            }
        }
        off.push(deps.len() as u32);
        compact_deps(off, deps)
    }

    pub(super) fn build_backward(&self, o: usize) -> Block {
        let mut block = self.compute_block(o, |times| times.backward_s);
        (block.dep_off, block.deps) = self.backward_deps(o);
        block
    }

    /// Dependencies of the backward tasks of `o`: the gradient transfers into them. Their own forward task and
    /// consumer backward tasks on the same device come earlier in the device's FIFO.
    pub(super) fn backward_deps(&self, o: usize) -> (Vec<u32>, Vec<u32>) {
        let n = self.ops[o].len();
        let n_ops = self.layout.n_ops;
        let out_edges = &self.layout.out_edges[o];
        let mut cursors = vec![0usize; out_edges.len()];
        let mut off = Vec::with_capacity(n + 1);
        let remote: usize = out_edges.iter().map(|&e| self.edges[e].remote()).sum();
        let mut deps = Vec::with_capacity(remote);
        for p in 0..n as u32 {
            off.push(deps.len() as u32);
            for (cursor, &e) in cursors.iter_mut().zip(out_edges) {
                let ep = &self.edges[e];
                while let Some(pair) = ep
                    .by_producer
                    .get(*cursor)
                    .map(|&i| ep.pairs[i as usize])
                    .filter(|x| x.p == p)
                {
                    if pair.comm != LOCAL {
                        deps.push(self.slot(gradient_block(n_ops, e), pair.comm));
                    }
                    *cursor += 1;
                }
            }
        }
        off.push(deps.len() as u32);
        compact_deps(off, deps)
    }

    pub(super) fn build_transfer(&self, e: usize, gradient: bool, builder: &mut Builder) -> Block {
        let edge = &self.graph.edges()[e];
        let (prod, cons) = (
            &self.ops[edge.producer.index()],
            &self.ops[edge.consumer.index()],
        );
        let remote = self.edges[e].transfers();
        let all_to_all = self.edges[e].is_all_to_all();
        // An all-to-all's sends are posted together (NCCL's grouped send/receive): each sender pays the
        // latency of a route once, on its first transfer over NVLink and its first over the NICs; its
        // later rounds only stream bytes, so the exchange takes `bytes · (d-1)/d / bandwidth + latency`.
        let mut paid: std::collections::BTreeSet<(DeviceId, bool)> = Default::default();
        let mut block = builder.block(self.edges[e].remote());
        let routes = &mut builder.routes;
        let (source, by_consumer) = if gradient {
            (backward_block(edge.consumer.index()), true)
        } else {
            (forward_block(edge.producer.index()), false)
        };
        let source = self.blocks[source as usize].base;
        // Without a backward, a transfer of a partial-sum group's result waits for the group's all-reduce.
        let combined = (!gradient
            && !self.mode.has_backward()
            && !self.local_statistics(edge.consumer.index()))
        .then(|| self.combined_sources(edge.producer.index(), edge.output));
        // The product a pipelined collective hides behind (only when something crosses devices: the
        // product's task times are recomputed here).
        let beside = if remote.clone().next().is_some() {
            self.overlapped_product(edge, gradient)
        } else {
            None
        };
        // Regular splits move equal byte counts over equal links: reuse the last duration for equal operands.
        let mut last = (u64::MAX, 0u64, 0u64, 0.0);
        for pair in remote {
            let (pd, cd) = (prod.devices[pair.p as usize], cons.devices[pair.c as usize]);
            let (from, to) = if gradient { (cd, pd) } else { (pd, cd) };
            let hop = routes.get(self.machine, from, to);
            let key = (pair.bytes, hop.bandwidth.to_bits(), hop.latency_s.to_bits());
            if key != (last.0, last.1, last.2) {
                last = (key.0, key.1, key.2, hop.transfer_time(pair.bytes));
            }
            let mut dur = last.3;
            if all_to_all
                && !paid.insert((from, self.machine.node_of(from) == self.machine.node_of(to)))
            {
                dur = pair.bytes as f64 / hop.bandwidth;
            }
            // A tensor-parallel collective pipelined with its product, inside a node.
            if let Some((g, chunks)) = beside {
                if self.machine.node_of(from) == self.machine.node_of(to) {
                    dur = self.cost.state().tp_comm.exposed(dur, g, chunks);
                }
            }
            block.dur.push(dur);
            block.meta.push(Meta {
                task: pair.c,
                peer: pair.p,
                bytes: pair.bytes,
            });
            for &c in hop.channels() {
                block.res.push(c);
            }
            if self.machine.runtime.transfers_on_devices {
                // Copies made by the sending and receiving devices (crate::machine::RuntimeCosts).
                block.res.extend([from.0, to.0]);
            }
            block.res_off.push(block.res.len() as u32);
            let dep = match &combined {
                Some(slots) => {
                    let (reduce, last) = slots[pair.p as usize];
                    reduce.unwrap_or(last)
                }
                None => source + if by_consumer { pair.c } else { pair.p },
            };
            block.deps.push(dep);
        }
        block
    }

    /// Under overlapped tensor-parallel communication ([`crate::engine_flags::TpComm::Overlapped`]), the
    /// weighted product that edge `edge`'s transfers are pipelined with: its mean task time (forward,
    /// or backward for a gradient transfer) and its task count (the chunks). Forward: the producer's
    /// product (the reduction of its partial sums), else the consumer's (the all-gather of its input);
    /// backward: the consumer's product (it makes the gradient), else the producer's (it reads it).
    /// Layout ops between (a transpose or reshape of the product's operand or result) are looked
    /// through. `None` when neither end is such a product or the engine exposes the collectives.
    fn overlapped_product(&self, edge: &crate::graph::Edge, gradient: bool) -> Option<(f64, u32)> {
        use crate::graph::OpClass;
        if self.cost.state().tp_comm != crate::engine_flags::TpComm::Overlapped {
            return None;
        }
        // A layer's product: a contraction that reads a weight (forward, data gradient) or whose
        // result an op reading a weight takes (a weight gradient into the update); attention's
        // products are neither.
        let g = self.graph;
        let weighted = |o: OpId| {
            g.op(o).class == OpClass::Contraction
                && (g.reads_weight(o)
                    || g.op(o)
                        .outputs
                        .iter()
                        .any(|a| g.consumers(a.tensor).iter().any(|&c| g.reads_weight(c))))
        };
        // The product at `o`, or behind up to three layout ops (upstream: through their one
        // activation input; downstream: through their one reader).
        let product = |mut o: OpId, upstream: bool| -> Option<OpId> {
            for _ in 0..4 {
                if weighted(o) {
                    return Some(o);
                }
                let op = g.op(o);
                if op.class != OpClass::DataMovement || op.outputs.len() != 1 {
                    return None;
                }
                o = if upstream {
                    let mut producers =
                        op.inputs.iter().filter_map(|a| g.tensor(a.tensor).producer);
                    let p = producers.next()?;
                    if producers.next().is_some() {
                        return None;
                    }
                    p
                } else {
                    match g.consumers(op.outputs[0].tensor) {
                        [c] => *c,
                        _ => return None,
                    }
                };
            }
            None
        };
        let (up, down) = (product(edge.producer, true), product(edge.consumer, false));
        let op = if gradient { down.or(up) } else { up.or(down) }?;
        let block = self.compute_block(op.index(), |t| {
            if gradient {
                t.backward_s
            } else {
                t.forward_s
            }
        });
        let n = block.dur.len().max(1);
        Some((block.dur.iter().sum::<f64>() / n as f64, n as u32))
    }

    /// Calls `f` with every buffer the tasks of block `b` keep alive (see [`crate::memory`]). A pure function
    /// of the current configurations: adding a block's buffers when it is built and removing the same ones
    /// before it is rebuilt keeps memory exact.
    pub(super) fn for_each_live(&self, b: u32, f: &mut impl FnMut(Live)) {
        match self.layout.kinds[b as usize] {
            BlockKind::Forward(op) => self.forward_lives(op.index(), f),
            BlockKind::Backward(op) => self.backward_lives(op.index(), f),
            BlockKind::AllReduce(_) => {}
            BlockKind::Transfer(e) => self.transfer_lives(e, false, f),
            BlockKind::GradientTransfer(e) => self.transfer_lives(e, true, f),
        }
    }

    /// Graph inputs and weights the forward tasks of `o` read, and the outputs they write.
    pub(super) fn forward_lives(&self, o: usize, f: &mut impl FnMut(Live)) {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n = tasks.len();
        let stage = self.layout.forward_stage(o);
        let last_input = self.input_last_stage(o);
        for (k, access) in op.inputs.iter().enumerate() {
            let tensor = self.graph.tensor(access.tensor);
            let elem = tensor.dtype.size_bytes();
            match tensor.kind {
                // A stage's received activations are held like inputs, until their reader's backward.
                TensorKind::Input | TensorKind::Received => {
                    for t in 0..n {
                        let bytes = tasks.region_bytes(k, t, elem);
                        let device = tasks.devices[t].0;
                        f(Live {
                            device,
                            first: 0,
                            last: last_input,
                            bytes,
                            weight: false,
                        });
                    }
                }
                // Weights are held by identity, not per reader: see `weight_lives`.
                TensorKind::Weight | TensorKind::Activation => {}
            }
        }
        let n_in = op.inputs.len();
        for (k, access) in op.outputs.iter().enumerate() {
            if self.layout.fusion.internal_output[o][k] {
                continue;
            }
            let elem = self.graph.tensor(access.tensor).dtype.size_bytes();
            let last = self.output_last_stage(o, k);
            for t in 0..n {
                let bytes = tasks.region_bytes(n_in + k, t, elem);
                f(Live {
                    device: tasks.devices[t].0,
                    first: stage,
                    last,
                    bytes,
                    weight: false,
                });
            }
        }
    }

    /// Every `(device, region)` of weight `t` read by a task of one of its readers.
    pub(super) fn weight_holdings(&self, t: TensorId) -> Vec<(u32, Vec<Interval>)> {
        let mut holdings = Vec::new();
        for &(op, k) in &self.layout.weight_readers[t.index()] {
            let tasks = &self.ops[op as usize];
            for task in 0..tasks.len() {
                holdings.push((
                    tasks.devices[task].0,
                    tasks.region(k as usize, task).to_vec(),
                ));
            }
        }
        holdings
    }

    /// What devices hold of weight `t` over the whole iteration, once per device whatever the number of its
    /// readers, with its gradient and optimizer state ([`crate::precision::WeightState::bytes`] of the cost
    /// model). A pure function of the configurations of `t`'s readers.
    pub(super) fn weight_lives(&self, t: TensorId, f: &mut impl FnMut(Live)) {
        let elem = self.graph.tensor(t).dtype.size_bytes();
        let state = self.cost.state();
        let last = self.layout.stages.max(1) as u32 - 1;
        let sync = weight_sync::analyze(&mut self.weight_holdings(t));
        for (device, elements) in sync.held {
            f(Live {
                device,
                first: 0,
                last,
                bytes: state.bytes(self.mode, elements * elem),
                weight: true,
            });
        }
    }

    /// Pushes to `changes` the removal (`add == false`) or addition of the weight buffers of every weight
    /// `o` reads, under the current configurations.
    pub(super) fn weight_changes(&self, o: usize, add: bool, changes: &mut Vec<Change>) {
        for &t in &self.layout.read_weights[o] {
            self.weight_lives(t, &mut |l| changes.push(Change::new(&l, add)));
        }
    }

    /// Gradients of the outputs of `o`, held until its backward tasks consume them.
    pub(super) fn backward_lives(&self, o: usize, f: &mut impl FnMut(Live)) {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n = tasks.len();
        let stage = self.layout.backward_stage(o);
        let n_in = op.inputs.len();
        for (k, access) in op.outputs.iter().enumerate() {
            if self.layout.fusion.internal_output[o][k] {
                continue;
            }
            let elem = self.graph.tensor(access.tensor).dtype.size_bytes();
            let first = match self.graph.consumers(access.tensor).last() {
                Some(c) => self.layout.backward_stage(c.index()),
                None => stage,
            };
            for t in 0..n {
                let bytes = tasks.region_bytes(n_in + k, t, elem);
                f(Live {
                    device: tasks.devices[t].0,
                    first,
                    last: stage,
                    bytes,
                    weight: false,
                });
            }
        }
    }

    /// Received copies of a transfer block, on the receiving device.
    pub(super) fn transfer_lives(&self, e: usize, gradient: bool, f: &mut impl FnMut(Live)) {
        let edge = &self.graph.edges()[e];
        let (prod, cons) = (
            &self.ops[edge.producer.index()],
            &self.ops[edge.consumer.index()],
        );
        let (first, last) = if gradient {
            (
                self.layout.backward_stage(edge.consumer.index()),
                self.layout.backward_stage(edge.producer.index()),
            )
        } else {
            let c = edge.consumer.index();
            (self.layout.forward_stage(c), self.input_last_stage(c))
        };
        for pair in self.edges[e].pairs.iter().filter(|p| p.comm != LOCAL) {
            let to = if gradient {
                prod.devices[pair.p as usize]
            } else {
                cons.devices[pair.c as usize]
            };
            f(Live {
                device: to.0,
                first,
                last,
                bytes: pair.bytes,
                weight: false,
            });
        }
    }

    /// The all-reduces of the weights `o` is the first reader of: one ring per replica group of each weight
    /// ([`crate::weight_sync`]), after the last backward task of the weight's readers on every device of the
    /// ring (the readers' backward tasks accumulate into one gradient per device).
    /// `ring` (devices of replica 0) with its counterpart in every replica, sorted: the ring of an
    /// all-reduce across replicas ([`Replicas`]).
    pub(super) fn lift(&self, ring: Vec<DeviceId>) -> Vec<DeviceId> {
        let Replicas { count, width, .. } = self.replicas;
        if count <= 1 {
            return ring;
        }
        let mut out = Vec::with_capacity(ring.len() * count as usize);
        for r in 0..count {
            out.extend(ring.iter().map(|d| DeviceId(d.0 + r * width)));
        }
        out
    }

    pub(super) fn build_all_reduce(&self, o: usize, routes: &mut Routes) -> Block {
        let op = self.graph.op(OpId::new(o));
        let mut block = Block::with_tasks(0);
        let mut deps = Vec::new();
        let mut off = vec![0u32];
        for &t in &self.layout.owned_weights[o] {
            let tensor = self.graph.tensor(t);
            let Some(k) = op.inputs.iter().position(|a| a.tensor == t) else {
                continue;
            };
            // Replicas sum their copies of a weight, except one they hold different rows of.
            let across = self.replicas.count > 1 && !self.layout.per_sample_weight[t.index()];
            let min_devices = if across { 1 } else { 2 };
            let sync = weight_sync::analyze_groups(&mut self.weight_holdings(t), min_devices);
            for (g, group) in sync.groups.iter().enumerate() {
                let bytes = group.elements * tensor.dtype.size_bytes();
                if bytes == 0 {
                    continue;
                }
                let ring: Vec<DeviceId> = group.devices.iter().map(|&d| DeviceId(d)).collect();
                let ring = if across { self.lift(ring) } else { ring };
                let (dur, channels) = self.ring_all_reduce(&ring, bytes, routes);
                block.push(
                    dur,
                    Meta {
                        task: g as u32,
                        peer: k as u32,
                        bytes,
                    },
                    channels,
                );
                deps.extend(
                    ring.iter()
                        .filter_map(|&d| self.last_weight_backward(t, d.0)),
                );
                off.push(deps.len() as u32);
            }
        }
        (block.dep_off, block.deps) = compact_deps(off, deps);
        block
    }

    /// The ring all-reduce of `bytes` over `ring`: its duration and the channels it holds.
    pub(super) fn ring_all_reduce(
        &self,
        ring: &[DeviceId],
        bytes: u64,
        routes: &mut Routes,
    ) -> (f64, Vec<u32>) {
        let m = ring.len();
        // Between nodes, the collective's channels spread over the NICs of the members on each node.
        let (bw, latency) = self.machine.ring_bandwidth(ring);
        let mut channels: Vec<u32> = Vec::new();
        for i in 0..m {
            let hop = routes.get(self.machine, ring[i], ring[(i + 1) % m]);
            channels.extend_from_slice(hop.channels());
        }
        channels.extend(
            self.machine
                .ring_nic_channels(ring)
                .into_iter()
                // Resources: the devices first, then the channels (`Hop::new`).
                .map(|c| self.machine.num_devices() + self.machine.channel_index(c) as u32),
        );
        if self.machine.runtime.transfers_on_devices {
            // Every member's thread reduces and copies (crate::machine::RuntimeCosts).
            channels.extend(ring.iter().map(|d| d.0));
        }
        channels.sort_unstable();
        channels.dedup();
        (all_reduce_time(m, bytes, bw, latency), channels)
    }

    /// Without a backward pass: per output of `o`, one ring all-reduce per group of its tasks that wrote the
    /// same region on two or more devices (the partial sums of a split reduction; reduction parallelism),
    /// right after its forward tasks, on the ring's channels. The consumers of the sum depend on it
    /// ([`Simulator::forward_deps`], [`Simulator::build_transfer`]), so that an all-reduce whose result is
    /// needed late (a weight gradient, read by the update) overlaps with the compute issued after it.
    pub(super) fn build_partial_sums(&self, o: usize, routes: &mut Routes) -> Block {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n_in = op.inputs.len();
        let mut block = Block::with_tasks(0);
        let mut deps = Vec::new();
        let mut off = vec![0u32];
        for (k, access) in op.outputs.iter().enumerate() {
            let (_, members) = output_groups(tasks, n_in + k);
            let across = self.replicas.partial_sums[o][k];
            if members.len() == tasks.len() && !across {
                continue;
            }
            let elem = self.graph.tensor(access.tensor).dtype.size_bytes();
            for group in &members {
                let ring = self.sum_ring(tasks, group, across);
                let bytes = tasks.region_bytes(n_in + k, group[0] as usize, elem);
                if ring.len() < 2 || bytes == 0 {
                    continue;
                }
                let (dur, channels) = self.ring_all_reduce(&ring, bytes, routes);
                block.push(
                    dur,
                    Meta {
                        task: group[0],
                        peer: (n_in + k) as u32,
                        bytes,
                    },
                    channels,
                );
                deps.extend(group.iter().map(|&t| self.slot(forward_block(o), t)));
                off.push(deps.len() as u32);
            }
        }
        (block.dep_off, block.deps) = compact_deps(off, deps);
        block
    }

    /// The ring of a partial-sum group: its devices, in every replica when `across` replicas.
    pub(super) fn sum_ring(&self, tasks: &OpTasks, group: &[u32], across: bool) -> Vec<DeviceId> {
        let ring = group_ring(tasks, group);
        if across {
            self.lift(ring)
        } else {
            ring
        }
    }

    /// For each task of producer `p`, the arena slot a reader of its output `output` waits for: the
    /// all-reduce of its partial-sum group ([`Simulator::build_partial_sums`], same enumeration), if any
    /// (`Some`), or else the forward of the group's last task (`None`).
    pub(super) fn combined_sources(&self, p: usize, output: usize) -> Vec<SumSource> {
        let op = self.graph.op(OpId::new(p));
        let tasks = &self.ops[p];
        let n_in = op.inputs.len();
        let elem = |k: usize| self.graph.tensor(op.outputs[k].tensor).dtype.size_bytes();
        let mut at = self.blocks[all_reduce_block(p) as usize].base;
        let mut slots = Vec::new();
        for k in 0..op.outputs.len() {
            let (group_of, members) = output_groups(tasks, n_in + k);
            let across = self.replicas.partial_sums[p][k];
            let partial = members.len() < tasks.len() || across;
            let mut reduce_slot = vec![None; members.len()];
            if partial {
                for (g, group) in members.iter().enumerate() {
                    let bytes = tasks.region_bytes(n_in + k, group[0] as usize, elem(k));
                    if self.sum_ring(tasks, group, across).len() >= 2 && bytes > 0 {
                        reduce_slot[g] = Some(at);
                        at += 1;
                    }
                }
            }
            if k == output {
                slots = (0..tasks.len())
                    .map(|t| {
                        let group = &members[group_of[t] as usize];
                        let last = *group.last().unwrap_or(&(t as u32));
                        (
                            reduce_slot[group_of[t] as usize],
                            self.slot(forward_block(p), last),
                        )
                    })
                    .collect();
            }
        }
        slots
    }

    /// Whether op `o` reads split sample reductions' partial sums on its own device without waiting for their
    /// all-reduce: a replicated statistic reader ([`statistic_readers`]). With symmetric replicas every
    /// op is one copy per replica, so a statistic reader on one device of a replica is replicated too
    /// (its expansion over the replicas is: [`crate::strategy::Strategy::expanded`]).
    pub(super) fn local_statistics(&self, o: usize) -> bool {
        (self.ops[o].replicated || self.replicas.count > 1) && self.layout.statistic_reader[o]
    }

    /// Arena slot of the last backward task on `device` among the readers of weight `t`: the device's
    /// FIFO orders every other reader's backward task there before it. Readers' backwards are issued in
    /// reverse program order, so that is the first reader (in program order) with a task on `device`.
    pub(super) fn last_weight_backward(&self, t: TensorId, device: u32) -> Option<u32> {
        self.layout.weight_readers[t.index()]
            .iter()
            .find_map(|&(op, _)| {
                let tasks = &self.ops[op as usize];
                let task = tasks.devices.iter().rposition(|d| d.0 == device)?;
                Some(self.slot(backward_block(op as usize), task as u32))
            })
    }
}
