//! Costs of a host runtime ([`crate::machine::RuntimeCosts`], the `[runtime]` table of a machine file):
//! what running the devices' programs costs besides their tasks, on a machine whose devices are threads
//! of one process (`flexc-run`). Every figure is off for the GPU presets, and then nothing here changes a
//! simulation.
//!
//! - **start**: every device starts its first task at [`Simulator::device_start`]: the barrier the
//!   devices meet at (`barrier_s`, when more than one device runs) plus the ops outside the graph, which
//!   every device computes whole (`replicated_work`: the graph's [`crate::graph::ReplicatedOp`]s at the
//!   roofline of the machine's figures);
//! - **gather**: with `gather_outputs`, the parts of every graph output (an activation no op reads)
//!   that device 0 lacks are sent to it after their producers, one message per distinct region, in
//!   output order, on device 0 (and on the sender, with `transfers_on_devices`) and the link; the
//!   iteration ends when device 0 has them ([`Simulator::gather_end`]).
//!
//! The third figure, `transfers_on_devices` (messages are copies made by the sending and receiving
//! threads), is applied where transfers and all-reduces are built (`tasks.rs`): they hold their devices
//! as well as their channels.

use super::*;

impl<'a> Simulator<'a> {
    /// When every device may start its first task (0 without runtime costs).
    pub(super) fn device_start(&self) -> f64 {
        let runtime = &self.machine.runtime;
        let barrier = if self.machine.num_devices() > 1 {
            runtime.barrier_s
        } else {
            0.0
        };
        let replicated: f64 = if runtime.replicated_work {
            self.graph
                .replicated()
                .iter()
                .map(|op| {
                    let work = Work {
                        flops: op.flops,
                        bytes: op.bytes,
                    };
                    self.cost.roofline(op.class, op.dtype, work)
                })
                .sum()
        } else {
            0.0
        };
        barrier + replicated
    }

    /// The graph outputs whose parts are gathered on device 0: `(op, output)` of every activation that no
    /// op reads, in op order; empty unless the machine's runtime gathers outputs.
    pub(super) fn gathered_outputs(graph: &Graph, machine: &Machine) -> Vec<(usize, usize)> {
        if !machine.runtime.gather_outputs || machine.num_devices() < 2 {
            return Vec::new();
        }
        let mut outputs = Vec::new();
        for (o, op) in graph.ops().iter().enumerate() {
            for (k, access) in op.outputs.iter().enumerate() {
                let tensor = graph.tensor(access.tensor);
                if tensor.kind == TensorKind::Activation
                    && graph.consumers(access.tensor).is_empty()
                {
                    outputs.push((o, k));
                }
            }
        }
        outputs
    }

    /// The end of the gather of the graph outputs on device 0 (module doc), from the resources' state at
    /// the end of the schedule (`free`); `makespan` when there is nothing to gather.
    pub(super) fn gather_end(&self, makespan: f64) -> f64 {
        if self.gathered.is_empty() {
            return makespan;
        }
        let on_devices = self.machine.runtime.transfers_on_devices;
        let n_dev = self.machine.num_devices() as usize;
        let mut free = self.free.clone();
        let receiver = 0usize;
        let mut end = makespan;
        for &(o, k) in &self.gathered {
            let op = self.graph.op(OpId::new(o));
            let tasks = &self.ops[o];
            let access = op.inputs.len() + k;
            let elem = self.graph.tensor(op.outputs[k].tensor).dtype.size_bytes();
            let forward = &self.blocks[forward_block(o) as usize];
            let combined = self.block_end[all_reduce_block(o) as usize];
            let mut have: Vec<&[Interval]> = (0..tasks.len())
                .filter(|&t| tasks.devices[t].index() == receiver)
                .map(|t| tasks.region(access, t))
                .collect();
            for t in 0..tasks.len() {
                let from = tasks.devices[t];
                let region = tasks.region(access, t);
                let bytes = tasks.region_bytes(access, t, elem);
                if from.index() == receiver || bytes == 0 || have.contains(&region) {
                    continue;
                }
                have.push(region);
                let route = self.machine.route(from, DeviceId(receiver as u32));
                let channels: Vec<usize> = route
                    .channels
                    .iter()
                    .flatten()
                    .map(|&c| n_dev + self.machine.channel_index(c))
                    .collect();
                let mut holds = vec![receiver];
                if on_devices {
                    holds.push(from.index());
                }
                holds.extend(channels);
                let ready = self.times.end[forward.base as usize + t].max(combined);
                let start = holds.iter().map(|&r| free[r]).fold(ready, f64::max);
                let done = start + route.transfer_time(bytes);
                for &r in &holds {
                    free[r] = done;
                }
                end = end.max(done);
            }
        }
        end
    }
}
