//! Parallelization strategies: one [`Config`] per op (DESIGN.md §2).
//!
//! A configuration splits every loop dim of an op into `degree` equal parts; the product of the degrees is the
//! number of tasks, and task `t` of the row-major task grid (last dim fastest) runs on `devices[t]`.
//!
//! Invariants of a *valid* configuration ([`Config::validate`]): one degree per loop dim, each at least 1 and
//! dividing the dim's size (tasks are equal boxes), as many devices as tasks, every device in the machine. A
//! device may appear more than once (its tasks then run one after the other). There is no replication: every
//! point of the iteration space is computed by exactly one task.

use std::fmt;

use rand::seq::index::sample;
use rand::Rng;

use crate::graph::{DeviceId, Graph, Interval, Op, OpId, Role};
use crate::machine::Machine;

/// How one op is split and placed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Config {
    /// Parts per loop dim.
    pub degrees: Vec<u64>,
    /// Device of each task, in row-major task-grid order.
    pub devices: Vec<DeviceId>,
}

impl Config {
    /// The whole op on one device.
    pub fn single(op: &Op, device: DeviceId) -> Config {
        Config {
            degrees: vec![1; op.dims.len()],
            devices: vec![device],
        }
    }

    pub fn num_tasks(&self) -> usize {
        self.devices.len()
    }

    /// Checks the invariants of the module doc for `op` on a machine with `num_devices` GPUs.
    pub fn validate(&self, op: &Op, num_devices: u32) -> Result<(), String> {
        if self.degrees.len() != op.dims.len() {
            return Err(format!(
                "configuration of '{}' has {} degrees for {} loop dims",
                op.name,
                self.degrees.len(),
                op.dims.len()
            ));
        }
        for (d, (&deg, dim)) in self.degrees.iter().zip(&op.dims).enumerate() {
            if deg == 0 || dim.size % deg != 0 {
                return Err(format!(
                    "degree {deg} of loop dim d{d} of '{}' does not divide its size {}",
                    op.name, dim.size
                ));
            }
        }
        let tasks = self
            .degrees
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d));
        if !op.is_partitionable() && tasks != Some(1) {
            return Err(format!(
                "'{}' is opaque (not modelled by the importer) and runs whole on one device; its configuration has {:?} degrees",
                op.name, self.degrees
            ));
        }
        if tasks != Some(self.devices.len() as u64) {
            return Err(format!(
                "configuration of '{}' has {} devices for {} tasks (product of degrees {:?})",
                op.name,
                self.devices.len(),
                tasks.map_or_else(|| "overflowing".to_string(), |t| t.to_string()),
                self.degrees
            ));
        }
        if let Some(d) = self.devices.iter().find(|d| d.0 >= num_devices) {
            return Err(format!(
                "configuration of '{}' places a task on {d}, but the machine has {num_devices} devices",
                op.name
            ));
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

/// One configuration per op, indexed by [`OpId`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strategy {
    pub configs: Vec<Config>,
}

/// An invalid strategy, located at the offending op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyError {
    pub op: Option<OpId>,
    /// `file:line:col` of the op, or empty.
    pub location: String,
    pub message: String,
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.location.is_empty() {
            write!(f, "{}: ", self.location)?;
        }
        write!(f, "error: {}", self.message)
    }
}

impl std::error::Error for StrategyError {}

impl StrategyError {
    pub fn at(graph: &Graph, op: OpId, message: String) -> Self {
        StrategyError {
            op: Some(op),
            location: graph.op(op).location.clone(),
            message,
        }
    }
}

impl Strategy {
    /// Every op whole on device 0.
    pub fn single_device(graph: &Graph) -> Strategy {
        Strategy {
            configs: graph
                .ops()
                .iter()
                .map(|op| Config::single(op, DeviceId(0)))
                .collect(),
        }
    }

    /// Data parallelism over devices `0..n`: each op's first [`Role::Sample`] dim is split `gcd(size, n)` ways,
    /// task `i` on device `i` (all `n` ways when the batch divides evenly, as usual). Configurations have no
    /// replication, so an op without a sample dim runs whole on device 0.
    pub fn data_parallel(graph: &Graph, n: u32) -> Strategy {
        let configs = graph
            .ops()
            .iter()
            .map(|op| match op.first_dim(Role::Sample) {
                Some(k) => {
                    let ways = gcd(op.dims[k].size, u64::from(n.max(1)));
                    let mut degrees = vec![1; op.dims.len()];
                    degrees[k] = ways;
                    Config {
                        degrees,
                        devices: (0..ways as usize).map(DeviceId::new).collect(),
                    }
                }
                None => Config::single(op, DeviceId(0)),
            })
            .collect();
        Strategy { configs }
    }

    /// # Panics
    /// If `op` is out of range.
    pub fn config(&self, op: OpId) -> &Config {
        &self.configs[op.index()]
    }

    /// Checks one configuration per op and each against its op.
    pub fn validate(&self, graph: &Graph, machine: &Machine) -> Result<(), StrategyError> {
        if self.configs.len() != graph.num_ops() {
            return Err(StrategyError {
                op: None,
                location: String::new(),
                message: format!(
                    "strategy has {} configurations for {} ops",
                    self.configs.len(),
                    graph.num_ops()
                ),
            });
        }
        for (id, config) in graph.topological_order().zip(&self.configs) {
            config
                .validate(graph.op(id), machine.num_devices())
                .map_err(|m| StrategyError::at(graph, id, m))?;
        }
        Ok(())
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Access, DType, Dim, OpClass, TensorId};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn op(sizes: &[u64]) -> Op {
        Op {
            name: "linalg.generic".into(),
            location: "m.mlir:2:3".into(),
            class: OpClass::Elementwise,
            dims: sizes
                .iter()
                .map(|&s| Dim::new(s, Role::Attribute))
                .collect(),
            inputs: vec![],
            outputs: vec![Access::dims(TensorId(0), &[0])],
            flops: 1.0,
            dtype: DType::F32,
        }
    }

    #[test]
    fn task_grid_is_row_major() {
        let op = op(&[8, 6]);
        let c = Config {
            degrees: vec![2, 3],
            devices: (0..6).map(DeviceId).collect(),
        };
        c.validate(&op, 8).unwrap();
        let iv = Interval::new;
        assert_eq!(c.task_ranges(&op, 0), vec![iv(0, 4), iv(0, 2)]);
        assert_eq!(c.task_ranges(&op, 1), vec![iv(0, 4), iv(2, 4)]);
        assert_eq!(c.task_ranges(&op, 5), vec![iv(4, 8), iv(4, 6)]);
        assert_eq!(c.task_extents(&op), vec![4, 2]);
        assert_eq!(c.to_string(), "[2,3] on [0,1,2,3,4,5]");
    }

    #[test]
    fn validation_messages() {
        let op = op(&[8, 6]);
        let c = |degrees: Vec<u64>, n: u32| Config {
            degrees,
            devices: (0..n).map(DeviceId).collect(),
        };
        assert!(c(vec![2], 2)
            .validate(&op, 8)
            .unwrap_err()
            .contains("1 degrees for 2 loop dims"));
        assert!(c(vec![3, 1], 3)
            .validate(&op, 8)
            .unwrap_err()
            .contains("does not divide its size 8"));
        assert!(c(vec![0, 1], 0)
            .validate(&op, 8)
            .unwrap_err()
            .contains("degree 0"));
        assert!(c(vec![2, 2], 3)
            .validate(&op, 8)
            .unwrap_err()
            .contains("3 devices for 4 tasks"));
        assert!(c(vec![8, 1], 8)
            .validate(&op, 4)
            .unwrap_err()
            .contains("places a task on gpu4"));
    }

    #[test]
    fn random_configs_are_valid() {
        let mut rng = StdRng::seed_from_u64(7);
        let op = op(&[64, 12, 7, 1]);
        for n in [1, 3, 8, 64] {
            for _ in 0..200 {
                let c = Config::random(&op, n, &mut rng);
                c.validate(&op, n).unwrap();
                let mut seen = c.devices.clone();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), c.devices.len());
            }
        }
    }

    #[test]
    fn divisors_are_sorted() {
        assert_eq!(divisors(1), vec![1]);
        assert_eq!(divisors(12), vec![1, 2, 3, 4, 6, 12]);
        assert_eq!(divisors(49), vec![1, 7, 49]);
        assert_eq!(divisors(1 << 40).len(), 41);
        assert_eq!(divisors_up_to(12, 5), vec![1, 2, 3, 4]);
        assert_eq!(divisors_up_to(1 << 62, 8), vec![1, 2, 4, 8]);
        assert_eq!(divisors_up_to(3, 100), vec![1, 3]);
    }
}
