//! The configuration of one op: how its loops are split and where its tasks run (docs/design.md §2);
//! a strategy is one per op ([`crate::strategy::Strategy`]).
//!
//! A configuration splits every loop dim of an op into `degree` equal parts; the product of the degrees is the
//! number of tasks, and task `t` of the row-major task grid (last dim fastest) runs on `devices[t]`.
//!
//! Invariants of a *valid* configuration ([`Config::check`], the one validator: the simulator, `par-verify`
//! and `par-materialize` all call it): one degree per loop dim, each at least 1 and dividing the dim's size
//! (tasks are equal boxes), one task for an op that cannot be split, as many devices as tasks (or one task
//! replicated on several devices, below), every device in the machine, and **one task per device**: no device appears twice in one configuration. The last rule is
//! the materializer's: a device's program runs an op's work as one task with one local result, so two tasks
//! on one device would have to be merged into a box that is not a task of the grid. The search and the
//! baselines only produce distinct devices. The search never replicates: every point of the iteration space is
//! computed by exactly one task. The one exception is a *replicated* configuration ([`Config::replicated`]),
//! which only the baselines write: an op whose degrees are all 1 placed on several distinct devices, each
//! computing the whole op (data parallelism's treatment of an op without a sample dim: a batch-norm
//! statistic's finishing arithmetic, an optimizer update, so that no device waits for one device to compute
//! it and send it around). The simulator charges every copy and lets each reader take the copy on its own
//! device; `par-materialize` computes it on every device of the configuration (a task group without a
//! combiner holds redundant copies).

use std::fmt;

use rand::seq::index::sample;
use rand::Rng;

use crate::devices::DeviceCount;
use crate::graph::{DeviceId, Interval, Op};

/// How one op is split and placed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Config {
    /// Parts per loop dim.
    pub degrees: Vec<u64>,
    /// Device of each task, in row-major task-grid order.
    pub devices: Vec<DeviceId>,
}

/// What a configuration is checked against ([`Config::check`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ConfigTarget<'a> {
    /// Loop sizes of the op, when known (`par-verify` on an op without `#par.space` knows none).
    pub sizes: Option<&'a [u64]>,
    /// Whether the op may run as several tasks (opaque ops run whole on one device).
    pub partitionable: bool,
    /// The machine's device count, when known.
    pub devices: Option<DeviceCount>,
    /// Whether a split configuration may hold copies of its tasks ([`Config::copies`]): only the
    /// simulator takes them (the flat form of replicas, [`Strategy::expanded`]); `par-verify`,
    /// `par-materialize` and annotated strategies do not.
    pub copies: bool,
}

/// A broken rule of [`Config::check`]. Messages read after the op's name: `'linalg.matmul' op
/// par.config runs 4 tasks on 2 devices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    ZeroDegree {
        dim: usize,
    },
    DegreeCount {
        degrees: usize,
        dims: usize,
    },
    NotDividing {
        dim: usize,
        size: u64,
        degree: u64,
    },
    Opaque {
        degrees: Vec<u64>,
    },
    /// `tasks` is `None` when the product of the degrees overflows.
    TaskCount {
        tasks: Option<u64>,
        devices: usize,
    },
    OutsideMachine {
        device: DeviceId,
        count: DeviceCount,
    },
    DeviceTwice {
        device: DeviceId,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::ZeroDegree { dim } => write!(
                f,
                "par.config has degree 0 for loop dim {dim}; degrees must be at least 1"
            ),
            ConfigError::DegreeCount { degrees, dims } => {
                write!(f, "par.config has {degrees} degrees for {dims} loop dims")
            }
            ConfigError::NotDividing { dim, size, degree } => write!(
                f,
                "par.config splits dim {dim} of size {size} into {degree} parts, which does not divide it"
            ),
            ConfigError::Opaque { degrees } => write!(
                f,
                "par.config splits an op flexc does not model (it runs whole on one device) with degrees {degrees:?}"
            ),
            ConfigError::TaskCount { tasks, devices } => match tasks {
                Some(tasks) => write!(f, "par.config runs {tasks} tasks on {devices} devices"),
                None => write!(
                    f,
                    "par.config runs more tasks than fit in 64 bits on {devices} devices"
                ),
            },
            ConfigError::OutsideMachine { device, count } => write!(
                f,
                "par.config places a task on device {}, but device ids must be in [0, {count})",
                device.0
            ),
            ConfigError::DeviceTwice { device } => write!(
                f,
                "par.config places two tasks on device {}; one task per device (each device runs its tasks as one program)",
                device.0
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// This configuration (of replica 0's devices) on `d` replicas of `width` devices each, replica `r`
    /// on devices `x + r·width`: split `d` times more along loop `k` (replica `r` taking the `r`-th
    /// block; rows of the task grid stay row-major), or, without `k`, run whole on every replica's
    /// copy of its devices.
    pub fn across_replicas(&self, k: Option<usize>, d: u32, width: u32) -> Config {
        self.spread(k, d, width, false)
    }

    /// [`Config::across_replicas`] keeping every copy ([`Config::copies`]): split `d` times more along
    /// loop `k`, each task keeping its copies (a task replicated inside the replica stays replicated in
    /// each block), or, without `k`, every task run on every replica's copy of its devices (its
    /// copies, replica-major). The flat form of replicas that only the simulator takes
    /// ([`Strategy::expanded`]).
    pub fn across_replicas_with_copies(&self, k: Option<usize>, d: u32, width: u32) -> Config {
        self.spread(k, d, width, true)
    }

    /// [`Config::across_replicas`] (`keep_copies` false: a split keeps one device per task, a
    /// replicated op's first) or [`Config::across_replicas_with_copies`].
    fn spread(&self, k: Option<usize>, d: u32, width: u32, keep_copies: bool) -> Config {
        let shift = |devices: &[DeviceId], r: u32| -> Vec<DeviceId> {
            devices.iter().map(|x| DeviceId(x.0 + r * width)).collect()
        };
        let copies = if keep_copies { self.copies() } else { 1 };
        let Some(k) = k else {
            // Each task's copies together (replica-major inside a task); without copies kept, the
            // whole device list once per replica.
            let chunk = if keep_copies {
                copies
            } else {
                self.devices.len().max(1)
            };
            let devices = self
                .devices
                .chunks(chunk)
                .flat_map(|task| (0..d).flat_map(move |r| shift(task, r)))
                .collect();
            return Config {
                degrees: self.degrees.clone(),
                devices,
            };
        };
        let mut degrees = self.degrees.clone();
        degrees[k] *= u64::from(d);
        // Row-major grid: the tasks of one coordinate along k are a block of `inner` tasks.
        let inner: usize = self.degrees[k + 1..].iter().product::<u64>() as usize * copies;
        let outer: usize = self.degrees[..k].iter().product::<u64>() as usize;
        let along = self.degrees[k] as usize;
        let mut devices = Vec::with_capacity(self.devices.len() * d as usize);
        for o in 0..outer {
            for r in 0..d {
                for c in 0..along {
                    let at = (o * along + c) * inner;
                    devices.extend(shift(&self.devices[at..at + inner], r));
                }
            }
        }
        Config { degrees, devices }
    }

    /// The whole op on one device.
    pub fn single(op: &Op, device: DeviceId) -> Config {
        Config {
            degrees: vec![1; op.dims.len()],
            devices: vec![device],
        }
    }

    /// The whole op on each of `devices` (distinct): a replicated configuration (module doc).
    pub fn replicated(op: &Op, devices: impl IntoIterator<Item = DeviceId>) -> Config {
        Config {
            degrees: vec![1; op.dims.len()],
            devices: devices.into_iter().collect(),
        }
    }

    /// Whether every task computes the whole op on its own device ([`Config::replicated`] with two or more
    /// devices).
    pub fn is_replicated(&self) -> bool {
        self.devices.len() > 1 && self.degrees.iter().all(|&d| d == 1)
    }

    /// Tasks of the grid: the product of the degrees.
    pub fn grid_tasks(&self) -> usize {
        let tasks = self.degrees.iter().fold(1u64, |a, &d| a.saturating_mul(d));
        usize::try_from(tasks.max(1)).unwrap_or(usize::MAX)
    }

    /// Devices per task of the grid: 1 for a split configuration, the device count for a replicated
    /// one, and `c` for a split one whose every task runs on `c` devices, each a copy (the flat form
    /// of replicas of a replicated or unsplittable op, [`Strategy::expanded`]; only the simulator takes
    /// it). Task `t`'s copies are `devices[t·c..(t+1)·c]`.
    pub fn copies(&self) -> usize {
        (self.devices.len() / self.grid_tasks()).max(1)
    }

    pub fn num_tasks(&self) -> usize {
        self.devices.len()
    }

    /// Checks the invariants of the module doc for `op` on a machine with `num_devices` GPUs; the
    /// message names the op as MLIR diagnostics do (`'linalg.matmul' op par.config ...`).
    pub fn validate(&self, op: &Op, num_devices: u32) -> Result<(), String> {
        self.validate_with(op, num_devices, false)
    }

    /// [`Config::validate`], taking a split configuration with copies ([`Config::copies`]) where
    /// `copies` (the simulator's check, [`Strategy::validate`]).
    pub(crate) fn validate_with(
        &self,
        op: &Op,
        num_devices: u32,
        copies: bool,
    ) -> Result<(), String> {
        let sizes: Vec<u64> = op.dims.iter().map(|d| d.size).collect();
        let target = ConfigTarget {
            sizes: Some(&sizes),
            partitionable: op.is_partitionable(),
            devices: DeviceCount::new(u64::from(num_devices)).ok(),
            copies,
        };
        self.check(&target)
            .map_err(|e| format!("'{}' op {e}", op.name))
    }

    /// The one validator of configurations (module doc), used by the simulator ([`Config::validate`]),
    /// `par-verify` and `par-materialize`. Rules are checked in this order, the first broken one
    /// reported: every degree at least 1; one degree per loop dim and each dividing its dim's size
    /// (when the sizes are known); one task for an op that cannot be split; as many devices as
    /// tasks, or one task replicated on any number of devices, or (where `target.copies`) a multiple
    /// of the tasks ([`Config::copies`]); every device in the machine (when its size
    /// is known); no device twice.
    pub fn check(&self, target: &ConfigTarget<'_>) -> Result<(), ConfigError> {
        if let Some(dim) = self.degrees.iter().position(|&d| d == 0) {
            return Err(ConfigError::ZeroDegree { dim });
        }
        if let Some(sizes) = target.sizes {
            if sizes.len() != self.degrees.len() {
                return Err(ConfigError::DegreeCount {
                    degrees: self.degrees.len(),
                    dims: sizes.len(),
                });
            }
            for (dim, (&size, &degree)) in sizes.iter().zip(&self.degrees).enumerate() {
                if size % degree != 0 {
                    return Err(ConfigError::NotDividing { dim, size, degree });
                }
            }
        }
        let tasks = self
            .degrees
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d));
        if !target.partitionable && tasks != Some(1) {
            return Err(ConfigError::Opaque {
                degrees: self.degrees.clone(),
            });
        }
        let replicated = tasks == Some(1) && !self.devices.is_empty();
        let copied =
            target.copies && tasks.is_some_and(|t| t > 0 && self.devices.len() as u64 % t == 0);
        if tasks != Some(self.devices.len() as u64) && !replicated && !copied {
            return Err(ConfigError::TaskCount {
                tasks,
                devices: self.devices.len(),
            });
        }
        if let Some(count) = target.devices {
            if let Some(&device) = self.devices.iter().find(|&&d| !count.contains(d)) {
                return Err(ConfigError::OutsideMachine { device, count });
            }
        }
        let mut seen = std::collections::HashSet::with_capacity(self.devices.len());
        if let Some(&device) = self.devices.iter().find(|&&d| !seen.insert(d)) {
            return Err(ConfigError::DeviceTwice { device });
        }
        Ok(())
    }

    /// Extent of every loop dim in one task.
    pub fn task_extents(&self, op: &Op) -> Vec<u64> {
        op.dims
            .iter()
            .zip(&self.degrees)
            .map(|(d, &deg)| d.size / deg)
            .collect()
    }

    /// Appends the loop ranges of task `task` (one interval per loop dim) to `out`.
    pub fn task_ranges_into(&self, op: &Op, task: usize, out: &mut Vec<Interval>) {
        let start = out.len();
        out.resize(start + op.dims.len(), Interval::default());
        let mut rest = task as u64;
        for k in (0..op.dims.len()).rev() {
            let deg = self.degrees[k];
            let coord = rest % deg;
            rest /= deg;
            let ext = op.dims[k].size / deg;
            out[start + k] = Interval::new(coord * ext, (coord + 1) * ext);
        }
    }

    /// Loop ranges of task `task`.
    pub fn task_ranges(&self, op: &Op, task: usize) -> Vec<Interval> {
        let mut out = Vec::new();
        self.task_ranges_into(op, task, &mut out);
        out
    }

    /// A random valid configuration: dims in random order each get a random divisor of their size that keeps
    /// the task count within `num_devices`, and the tasks go to distinct random devices.
    pub fn random(op: &Op, num_devices: u32, rng: &mut impl Rng) -> Config {
        if !op.is_partitionable() {
            let device = DeviceId::new(rng.random_range(0..num_devices.max(1) as usize));
            return Config::single(op, device);
        }
        let mut degrees = vec![1u64; op.dims.len()];
        let mut budget = u64::from(num_devices.max(1));
        let mut order: Vec<usize> = (0..op.dims.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for k in order {
            let choices = divisors_up_to(op.dims[k].size, budget);
            let deg = choices[rng.random_range(0..choices.len())];
            degrees[k] = deg;
            budget /= deg;
        }
        let tasks = degrees.iter().product::<u64>() as usize;
        let devices = sample(rng, num_devices.max(1) as usize, tasks)
            .into_iter()
            .map(DeviceId::new)
            .collect();
        Config { degrees, devices }
    }
}

/// Advances row-major grid coordinates (the last dim fastest) to the next point of the grid of `extents`,
/// wrapping to all zeros after the last point: the task order of a [`Config`].
pub fn next_coordinate(coord: &mut [u64], extents: &[u64]) {
    for k in (0..coord.len()).rev() {
        coord[k] += 1;
        if coord[k] < extents[k] {
            return;
        }
        coord[k] = 0;
    }
}

/// Divisors of `n` that are at most `limit`, in increasing order (`n >= 1`). Takes `limit` steps, not
/// `sqrt(n)`: a random configuration only needs degrees up to the device count, and a dim may be 2^62
/// (whose full divisor list would take 2^31 steps per proposal).
pub fn divisors_up_to(n: u64, limit: u64) -> Vec<u64> {
    (1..=limit.min(n)).filter(|d| n % d == 0).collect()
}

/// Divisors of `n` in increasing order (`n >= 1`).
pub fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    // `d <= n / d`, not `d * d <= n`: the square overflows for sizes near 2^64.
    while d <= n / d {
        if n % d == 0 {
            small.push(d);
            if d != n / d {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let degrees: Vec<String> = self.degrees.iter().map(u64::to_string).collect();
        let devices: Vec<String> = self.devices.iter().map(|d| d.0.to_string()).collect();
        write!(f, "[{}] on [{}]", degrees.join(","), devices.join(","))
    }
}
