//! Parallelization strategies: one [`Config`] per op (crate::config: what a configuration is and
//! its invariants) and the [`Schedule`] around them.

use std::fmt;

pub use crate::config::{
    divisors, divisors_up_to, next_coordinate, Config, ConfigError, ConfigTarget,
};
use crate::graph::{DeviceId, Graph, OpId, Role};
use crate::machine::Machine;
use crate::schedule::Schedule;

/// One configuration per op, indexed by [`OpId`], and the [`Schedule`] that divides the iteration among
/// replicas, pipeline stages and micro-batches (flat by default: the configurations alone).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strategy {
    pub configs: Vec<Config>,
    pub schedule: Schedule,
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
    /// `configs` under the flat schedule.
    pub fn flat(configs: Vec<Config>) -> Strategy {
        Strategy {
            configs,
            schedule: Schedule::flat(),
        }
    }

    /// Every op whole on device 0.
    pub fn single_device(graph: &Graph) -> Strategy {
        Strategy::flat(
            graph
                .ops()
                .iter()
                .map(|op| Config::single(op, DeviceId(0)))
                .collect(),
        )
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
        Strategy::flat(configs)
    }

    /// The flat strategy on `n` devices that a strategy of replicas alone (schedule `dp=d`, nothing
    /// else) stands for on `graph` (the whole batch, the data inputs' batch in dim `batch_dim`): each
    /// op's first sample loop (else its first loop that follows the batch, [`crate::batch::batch_loops`]:
    /// a mask broadcast over the samples) split `d` times more, replica `r`'s tasks on its devices
    /// `r·R + x`, its samples the `r`-th block (a task replicated inside the replica, as Megatron's
    /// layer norms, keeps its copies in each block); an op without such a loop has every task copied on
    /// every replica's copy of its devices ([`Config::copies`]: Megatron's sharded updates). `None`
    /// where that loop does not divide, an op has two loops that follow the batch (a replica computes
    /// a diagonal block of it), the batch cannot be followed, or the schedule is not replicas alone.
    /// The per-device simulation of the result is what the symmetric simulation of `self` must equal
    /// (core/sim/mod.rs, "Replicas").
    pub fn expanded(&self, graph: &Graph, n: u32, batch_dim: usize) -> Option<Strategy> {
        let schedule = &self.schedule;
        // Loops that follow the batch without a sample role (a mask or position table broadcast over
        // the batch): each replica's graph holds its share of them too.
        let marked = crate::batch::batch_loops(graph, batch_dim).ok()?;
        let replicas_only = Schedule {
            replicas: schedule.replicas,
            ..Schedule::flat()
        };
        if *schedule != replicas_only {
            return None;
        }
        let d = schedule.replicas;
        let width = schedule.replica_width(n);
        let mut configs = Vec::with_capacity(self.configs.len());
        for ((op, config), marked) in graph.ops().iter().zip(&self.configs).zip(&marked) {
            // Two loops that follow the batch (a sum over every token of the batch): a replica runs
            // the diagonal block of its own samples, which no task grid is.
            if marked.iter().filter(|&&m| m).count() > 1 {
                return None;
            }
            let k = op
                .first_dim(Role::Sample)
                .or_else(|| marked.iter().position(|&m| m));
            if let Some(k) = k {
                let degree = config.degrees[k].checked_mul(u64::from(d))?;
                if op.dims[k].size % degree != 0 {
                    return None;
                }
            }
            configs.push(config.across_replicas_with_copies(k, d, width));
        }
        Some(Strategy::flat(configs))
    }

    /// # Panics
    /// If `op` is out of range.
    pub fn config(&self, op: OpId) -> &Config {
        &self.configs[op.index()]
    }

    /// Checks one configuration per op and each against its op, on the devices of replica 0 of the
    /// schedule (all devices for a flat one), and the schedule itself.
    pub fn validate(&self, graph: &Graph, machine: &Machine) -> Result<(), StrategyError> {
        let n = machine.num_devices();
        self.schedule
            .check(n, graph.num_ops())
            .map_err(|message| StrategyError {
                op: None,
                location: String::new(),
                message,
            })?;
        let width = self.schedule.replica_width(n);
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
                .validate_with(graph.op(id), width, true)
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
    use crate::devices::DeviceCount;
    use crate::graph::{Access, DType, Dim, Interval, Op, OpClass, TensorId};
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
            position_mask: None,
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
        let message = |config: Config, n: u32| config.validate(&op, n).unwrap_err();
        assert_eq!(
            message(c(vec![2], 2), 8),
            "'linalg.generic' op par.config has 1 degrees for 2 loop dims"
        );
        assert!(message(c(vec![3, 1], 3), 8)
            .contains("splits dim 0 of size 8 into 3 parts, which does not divide it"));
        assert!(message(c(vec![0, 1], 0), 8).contains("degree 0 for loop dim 0"));
        assert!(message(c(vec![2, 2], 3), 8).contains("runs 4 tasks on 3 devices"));
        assert!(message(c(vec![8, 1], 8), 4)
            .contains("places a task on device 4, but device ids must be in [0, 4)"));
    }

    /// Every rule of `Config::check`, on a target with and without sizes and device count.
    #[test]
    fn check_rules() {
        let four = DeviceCount::new(4).unwrap();
        let sizes = [8u64, 6];
        let known = ConfigTarget {
            sizes: Some(&sizes),
            partitionable: true,
            devices: Some(four),
            copies: false,
        };
        let unknown = ConfigTarget {
            sizes: None,
            partitionable: true,
            devices: None,
            copies: false,
        };
        let config = |degrees: &[u64], devices: &[u32]| Config {
            degrees: degrees.to_vec(),
            devices: devices.iter().copied().map(DeviceId).collect(),
        };
        assert_eq!(config(&[2, 1], &[0, 3]).check(&known), Ok(()));
        assert_eq!(
            config(&[0, 1], &[]).check(&unknown),
            Err(ConfigError::ZeroDegree { dim: 0 })
        );
        assert_eq!(
            config(&[2], &[0, 1]).check(&known),
            Err(ConfigError::DegreeCount {
                degrees: 1,
                dims: 2
            })
        );
        assert_eq!(config(&[2], &[0, 1]).check(&unknown), Ok(()));
        assert_eq!(
            config(&[1, 4], &[0, 1, 2, 3]).check(&known),
            Err(ConfigError::NotDividing {
                dim: 1,
                size: 6,
                degree: 4
            })
        );
        let opaque = ConfigTarget {
            partitionable: false,
            ..known
        };
        assert_eq!(
            config(&[2, 1], &[0, 1]).check(&opaque),
            Err(ConfigError::Opaque {
                degrees: vec![2, 1]
            })
        );
        assert_eq!(config(&[1, 1], &[2]).check(&opaque), Ok(()));
        // A replicated configuration: one task on distinct devices.
        assert!(config(&[1, 1], &[0, 1, 2]).is_replicated());
        assert_eq!(config(&[1, 1], &[0, 1, 2]).check(&known), Ok(()));
        assert_eq!(
            config(&[1, 1], &[0, 0]).check(&known),
            Err(ConfigError::DeviceTwice {
                device: DeviceId(0)
            })
        );
        assert_eq!(
            config(&[2, 1], &[0, 1, 2]).check(&known),
            Err(ConfigError::TaskCount {
                tasks: Some(2),
                devices: 3
            })
        );
        assert_eq!(
            config(&[2, 2], &[0, 1]).check(&known),
            Err(ConfigError::TaskCount {
                tasks: Some(4),
                devices: 2
            })
        );
        assert_eq!(
            config(&[u64::MAX, 2], &[0]).check(&unknown),
            Err(ConfigError::TaskCount {
                tasks: None,
                devices: 1
            })
        );
        assert_eq!(
            config(&[2, 1], &[0, 4]).check(&known),
            Err(ConfigError::OutsideMachine {
                device: DeviceId(4),
                count: four
            })
        );
        assert_eq!(config(&[2, 1], &[0, 4]).check(&unknown), Ok(()));
        assert_eq!(
            config(&[2, 1], &[1, 1]).check(&unknown),
            Err(ConfigError::DeviceTwice {
                device: DeviceId(1)
            })
        );
        assert_eq!(
            ConfigError::DeviceTwice { device: DeviceId(1) }.to_string(),
            "par.config places two tasks on device 1; one task per device (each device runs its tasks as one program)"
        );
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
