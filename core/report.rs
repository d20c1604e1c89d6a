//! What a simulation tells a user: iteration time and where it goes, per-device load and memory, and a Chrome
//! trace of the timeline.
//!
//! The *breakdown* follows the critical path: starting from the task that ends last, repeatedly step to the
//! dependency or previous task on a shared resource whose end is exactly the current task's start. Every
//! start is such an end (or 0), so the path has no gaps and its compute, transfer and all-reduce durations
//! add up to the iteration time: the transfer and all-reduce parts are the *exposed* communication.
//!
//! Text output is stable: devices in id order, fixed precision.

use std::fmt;

use serde_json::{json, Value};

use crate::graph::{DeviceId, Mode};
use crate::machine::Machine;
use crate::sim::{BlockKind, Resource, Simulator, TaskRef};

/// Critical-path time by kind of task; the parts sum to the iteration time (up to rounding).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Breakdown {
    pub compute_s: f64,
    /// Exposed activation and gradient transfers.
    pub communication_s: f64,
    /// Exposed weight-gradient all-reduces.
    pub weight_sync_s: f64,
}

/// Load and memory of one device.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceReport {
    pub device: DeviceId,
    /// Sum of its compute task durations.
    pub busy_s: f64,
    /// `busy_s / iteration time`.
    pub utilization: f64,
    pub peak_memory: u64,
    /// Weight state included in `peak_memory` (weights, gradients, optimizer state).
    pub weight_memory: u64,
    /// The weights alone that the device holds (each weight once, however many ops read it): `weight_memory`
    /// without gradients and optimizer state.
    pub parameter_memory: u64,
    pub over_capacity: bool,
}

/// Summary of one simulated iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub machine: String,
    /// [`Mode::TrainingStep`]: the graph is a whole training step simulated as written (nothing is
    /// added); the report says `training step (as-is)` and does not split the work into forward and
    /// backward (every op is a forward task, whether it belongs to the step's forward, backward or update).
    pub mode: Mode,
    pub iteration_time_s: f64,
    pub critical_path: Breakdown,
    /// Sum of forward task durations (all devices).
    pub forward_s: f64,
    /// Sum of backward task durations (all devices).
    pub backward_s: f64,
    pub tasks: usize,
    pub transfers: usize,
    pub transfer_bytes: u64,
    pub all_reduces: usize,
    pub all_reduce_bytes: u64,
    /// The edges whose transfers (forward or gradient) are an all-to-all (a layout change over the same
    /// devices, as the tokens between a sample split and an expert split), counted once per direction,
    /// and their bytes; both included in `transfers` and `transfer_bytes`.
    pub all_to_alls: usize,
    pub all_to_all_bytes: u64,
    pub memory_capacity: u64,
    pub devices: Vec<DeviceReport>,
}

impl Report {
    /// `training`, `inference`, or `training step (as-is)`.
    pub fn mode_name(&self) -> &'static str {
        match self.mode {
            Mode::TrainingStep => "training step (as-is)",
            Mode::Training => "training",
            Mode::Inference => "inference",
        }
    }

    /// Devices whose peak memory exceeds the capacity: non-empty means the strategy is invalid.
    pub fn over_capacity(&self) -> Vec<DeviceId> {
        self.devices
            .iter()
            .filter(|d| d.over_capacity)
            .map(|d| d.device)
            .collect()
    }
}

impl<'a> Simulator<'a> {
    /// The critical path, last task first.
    pub(crate) fn critical_path(&self) -> Vec<TaskRef> {
        let times = &self.times;
        let mut path = Vec::new();
        // The last task's end: the makespan, unless a host runtime's gather ends later (crate::sim).
        let last_end = self
            .layout
            .order
            .iter()
            .map(|&b| self.block_end[b as usize])
            .fold(0.0, f64::max);
        if last_end == 0.0 {
            return path;
        }
        let last = self.layout.order.iter().find_map(|&b| {
            let block = &self.blocks[b as usize];
            let base = block.base as usize;
            (0..block.len())
                .find(|&i| times.end[base + i] == last_end)
                .map(|i| TaskRef {
                    block: b,
                    task: i as u32,
                })
        });
        let Some(mut cur) = last else { return path };
        let lanes = self.lanes();
        let task_of = |slot: u32| {
            let owner = times.owner[slot as usize];
            TaskRef {
                block: owner,
                task: slot - self.blocks[owner as usize].base,
            }
        };
        loop {
            path.push(cur);
            let block = &self.blocks[cur.block as usize];
            let i = cur.task as usize;
            let start = self.start_of(&lanes, cur.block, i);
            if start <= 0.0 {
                break;
            }
            let by_dep = block
                .deps_of(i)
                .iter()
                .copied()
                .find(|&d| times.end[d as usize] == start);
            let by_resource = || {
                block.res_of(i).iter().find_map(|&r| {
                    let prev = self.lane_prev(&lanes, r, cur.block, i)?;
                    (times.end[prev as usize] == start).then_some(prev)
                })
            };
            match by_dep.or_else(by_resource) {
                Some(slot) => cur = task_of(slot),
                None => break,
            }
        }
        path
    }

    /// Iteration time, critical-path breakdown, per-device load and memory.
    pub fn report(&self) -> Report {
        let mut critical = Breakdown::default();
        for t in self.critical_path() {
            let dur = self.blocks[t.block as usize].dur[t.task as usize];
            match self.layout.kinds[t.block as usize] {
                BlockKind::Forward(_) | BlockKind::Backward(_) => critical.compute_s += dur,
                BlockKind::Transfer(_) | BlockKind::GradientTransfer(_) => {
                    critical.communication_s += dur
                }
                BlockKind::AllReduce(_) => critical.weight_sync_s += dur,
            }
        }
        let n_dev = self.machine.num_devices() as usize;
        let mut busy = vec![0.0; n_dev];
        let (mut forward_s, mut backward_s) = (0.0, 0.0);
        let (mut transfers, mut transfer_bytes, mut all_reduces, mut all_reduce_bytes) =
            (0, 0, 0, 0);
        let (mut all_to_alls, mut all_to_all_bytes) = (0, 0);
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            match self.layout.kinds[b as usize] {
                kind @ (BlockKind::Forward(_) | BlockKind::Backward(_)) => {
                    for i in 0..block.len() {
                        busy[block.res_of(i)[0] as usize] += block.dur[i];
                    }
                    let total: f64 = block.dur.iter().sum();
                    if matches!(kind, BlockKind::Forward(_)) {
                        forward_s += total;
                    } else {
                        backward_s += total;
                    }
                }
                BlockKind::Transfer(e) | BlockKind::GradientTransfer(e) => {
                    let bytes = (0..block.len()).map(|i| block.meta(i).bytes).sum::<u64>();
                    transfers += block.len();
                    transfer_bytes += bytes;
                    if block.len() > 0 && self.edges[e].is_all_to_all() {
                        all_to_alls += 1;
                        all_to_all_bytes += bytes;
                    }
                }
                BlockKind::AllReduce(_) => {
                    all_reduces += block.len();
                    all_reduce_bytes += (0..block.len()).map(|i| block.meta(i).bytes).sum::<u64>();
                }
            }
        }
        let cap = self.machine.gpu.mem_capacity;
        let devices = (0..n_dev)
            .map(|d| {
                let peak = self.memory.peak(d);
                DeviceReport {
                    device: DeviceId::new(d),
                    busy_s: busy[d],
                    utilization: if self.makespan > 0.0 {
                        busy[d] / self.makespan
                    } else {
                        0.0
                    },
                    peak_memory: peak,
                    weight_memory: self.memory.weights(d),
                    parameter_memory: self
                        .cost
                        .state()
                        .parameter_bytes(self.mode, self.memory.weights(d)),
                    over_capacity: peak > cap,
                }
            })
            .collect();
        Report {
            machine: self.machine.name.clone(),
            mode: self.mode,
            iteration_time_s: self.makespan,
            critical_path: critical,
            forward_s,
            backward_s,
            tasks: self.num_tasks(),
            transfers,
            transfer_bytes,
            all_reduces,
            all_reduce_bytes,
            all_to_alls,
            all_to_all_bytes,
            memory_capacity: cap,
            devices,
        }
    }

    /// The simulated timeline in Chrome's trace-event JSON (`chrome://tracing`, Perfetto): one track per device
    /// and per channel, complete (`"X"`) events with `ts`/`dur` in microseconds. Tasks that take no time are
    /// left out; a task holding several channels appears on each.
    pub fn chrome_trace(&self) -> String {
        let resources = self.resources();
        let lanes = self.lanes();
        let graph = self.graph;
        let edges = graph.edges();
        let mut used = vec![false; resources.len()];
        let mut events = Vec::new();
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            for i in 0..block.len() {
                if block.dur[i] <= 0.0 {
                    continue;
                }
                let m = block.meta(i);
                let start = self.start_of(&lanes, b, i);
                let (name, cat, args) = match self.layout.kinds[b as usize] {
                    BlockKind::Forward(op) | BlockKind::Backward(op) => {
                        let o = graph.op(op);
                        let fwd = matches!(self.layout.kinds[b as usize], BlockKind::Forward(_));
                        let cat = if fwd { "forward" } else { "backward" };
                        let args = json!({
                            "op": op.to_string(),
                            "task": m.task,
                            "location": o.location,
                            "class": o.class.name(),
                            "dtype": o.dtype.name(),
                        });
                        (
                            format!("{} {}", o.name, if fwd { "fwd" } else { "bwd" }),
                            cat,
                            args,
                        )
                    }
                    BlockKind::Transfer(e) | BlockKind::GradientTransfer(e) => {
                        let edge = &edges[e];
                        let fwd = matches!(self.layout.kinds[b as usize], BlockKind::Transfer(_));
                        let tensor = &graph.tensor(edge.tensor).name;
                        let (from, to) = (
                            format!("{}#{}", edge.producer, m.peer),
                            format!("{}#{}", edge.consumer, m.task),
                        );
                        let (name, cat) = if fwd {
                            (format!("{tensor} {from}->{to}"), "transfer")
                        } else {
                            (format!("d{tensor} {to}->{from}"), "gradient-transfer")
                        };
                        (name, cat, json!({"bytes": m.bytes}))
                    }
                    BlockKind::AllReduce(op) => {
                        // A weight's gradient (an input), or partial sums of an output (no backward).
                        let o = graph.op(op);
                        let access = o.accesses().nth(m.peer as usize);
                        let tensor = access.map_or("?", |a| graph.tensor(a.tensor).name.as_str());
                        let sum = if (m.peer as usize) < o.inputs.len() {
                            "d"
                        } else {
                            ""
                        };
                        (
                            format!("all-reduce {sum}{tensor}"),
                            "all-reduce",
                            json!({"op": op.to_string(), "bytes": m.bytes}),
                        )
                    }
                };
                for &r in block.res_of(i) {
                    used[r as usize] = true;
                    events.push(json!({
                        "name": name,
                        "cat": cat,
                        "ph": "X",
                        "pid": 0,
                        "tid": r,
                        "ts": start * 1e6,
                        "dur": block.dur[i] * 1e6,
                        "args": args,
                    }));
                }
            }
        }
        let mut meta: Vec<Value> = Vec::new();
        for (r, res) in resources.iter().enumerate().filter(|&(r, _)| used[r]) {
            let name = match *res {
                Resource::Device(d) => d.to_string(),
                Resource::Channel(c) => Machine::channel_name(c),
            };
            meta.push(json!({"name": "thread_name", "ph": "M", "pid": 0, "tid": r, "args": {"name": name}}));
            meta.push(json!({"name": "thread_sort_index", "ph": "M", "pid": 0, "tid": r, "args": {"sort_index": r}}));
        }
        meta.push(json!({"name": "process_name", "ph": "M", "pid": 0, "args": {"name": self.machine.name}}));
        meta.extend(events);
        json!({"traceEvents": meta, "displayTimeUnit": "ms"}).to_string()
    }
}

/// Milliseconds, fixed: the report's times line up and scripts read them (`tools/results`).
fn ms(s: f64) -> String {
    format!("{:.3} ms", s * 1e3)
}

fn size(bytes: u64) -> String {
    crate::units::bytes(bytes)
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mode = self.mode_name();
        let it = self.iteration_time_s;
        let share = |s: f64| if it > 0.0 { 100.0 * s / it } else { 0.0 };
        let c = &self.critical_path;
        writeln!(
            f,
            "machine: {} ({} devices), {mode}",
            self.machine,
            self.devices.len()
        )?;
        writeln!(f, "iteration time: {}", ms(it))?;
        writeln!(f, "critical path:")?;
        writeln!(
            f,
            "  compute        {:>12}  {:5.1}%",
            ms(c.compute_s),
            share(c.compute_s)
        )?;
        writeln!(
            f,
            "  communication  {:>12}  {:5.1}%",
            ms(c.communication_s),
            share(c.communication_s)
        )?;
        writeln!(
            f,
            "  weight sync    {:>12}  {:5.1}%",
            ms(c.weight_sync_s),
            share(c.weight_sync_s)
        )?;
        if self.mode.training_step() {
            writeln!(
                f,
                "work: {} (summed over devices; the step's forward, backward and update ops are not told apart)",
                ms(self.forward_s + self.backward_s)
            )?;
        } else {
            writeln!(
                f,
                "work: forward {}, backward {} (summed over devices)",
                ms(self.forward_s),
                ms(self.backward_s)
            )?;
        }
        writeln!(
            f,
            "tasks: {}, transfers: {} ({}), all-reduces: {} ({})",
            self.tasks,
            self.transfers,
            size(self.transfer_bytes),
            self.all_reduces,
            size(self.all_reduce_bytes)
        )?;
        if self.all_to_alls > 0 {
            writeln!(
                f,
                "all-to-alls: {} ({} of the transfers)",
                self.all_to_alls,
                size(self.all_to_all_bytes)
            )?;
        }
        writeln!(
            f,
            "memory capacity: {} per device",
            size(self.memory_capacity)
        )?;
        // One row per run of consecutive devices that look the same (data parallelism over 4096 GPUs is
        // one row, not 4096).
        let mut table = crate::units::table(
            &["device", "busy", "util", "peak memory", "weights", ""],
            &[1, 2, 3, 4],
        );
        let row = |d: &DeviceReport| {
            vec![
                ms(d.busy_s),
                format!("{:.1}%", 100.0 * d.utilization),
                size(d.peak_memory),
                size(d.weight_memory),
                if d.over_capacity {
                    "OVER CAPACITY".to_string()
                } else {
                    String::new()
                },
            ]
        };
        let mut i = 0;
        while i < self.devices.len() {
            let cells = row(&self.devices[i]);
            let mut j = i;
            while j + 1 < self.devices.len() && row(&self.devices[j + 1]) == cells {
                j += 1;
            }
            let ids: Vec<DeviceId> = self.devices[i..=j].iter().map(|d| d.device).collect();
            let mut full = vec![crate::units::devices(&ids)];
            full.extend(cells);
            table.add_row(full);
            i = j + 1;
        }
        f.write_str(&crate::units::render(&table, ""))?;
        Ok(())
    }
}
