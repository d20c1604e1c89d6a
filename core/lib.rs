//! `flexc-core`: the MLIR-free heart of flexc — the op graph, the machine and cost models, parallelization
//! strategies and the execution simulator that the search optimizes against (docs/design.md §2, §4, §5).
//!
//! Everything here works on plain Rust data with typed ids ([`OpId`], [`TensorId`], [`DeviceId`]); MLIR objects
//! never reach this crate, so simulations are `Send` and fast. The importer builds a [`Graph`] from a module;
//! a [`Machine`] comes from a preset or a TOML file; a [`Simulator`] turns a [`Strategy`] into an iteration
//! time, a per-device memory peak and a timeline, and re-simulates single-op changes incrementally.
//!
//! Module map:
//! - [`graph`]: ops, tensors, affine accesses, SOAP roles, training mode;
//! - [`batch`]: `--batch=N`, the graph with its sample dim rescaled;
//! - [`machine`]: GPUs, links, presets, TOML format, transfer routes;
//! - [`cost`]: roofline estimates and the profile database;
//! - [`fusion`]: fused pointwise chains and the activations training keeps;
//! - [`engine_flags`]: how the engine runs pointwise chains, gradient synchronization, tensor-parallel
//!   collectives and sharded weights; [`engine`]: the `--engine` profiles that bundle them;
//! - [`norm`]: batch normalization recognised in the graph and costed as the engines' native kernels;
//! - [`devices`]: the device count of a machine and the limits on device ids;
//! - [`strategy`]: per-op configurations, their one validator, and baseline strategies;
//! - [`schedule`]: replicas, pipeline stages, micro-batches, recomputation and sharded weight state;
//! - [`sim`]: task graph, FIFO simulation, delta simulation;
//! - [`memory`]: per-device live bytes over the iteration;
//! - [`precision`]: `--precision` and `--optimizer`: matrix or vector rates, 16-bit storage, weight state;
//! - [`weight_sync`]: weights by identity (held once per device, one gradient synchronization);
//! - [`report`]: breakdown, per-device report, Chrome trace;
//! - [`synth`]: synthetic models for tests and benchmarks;
//! - [`transformer`]: a decoder's model arguments (layers, hidden, heads, ...) read from its graph;
//! - [`seed`]: seeded inputs and weights shared by the CPU runner and the GPU runtime;
//! - [`contract`]: the compiler↔runtime contract — the GPU artifact's manifest, the runtimes' entry
//!   point names, the element and reduce kinds they take, the artifact's symbols and digest;
//! - [`output`]: output files written without harming their targets, scratch folders, cleanup on signals;
//! - [`npy`]: the `.npy` reader and writer, and [`compare`]: the error of a result, both shared by
//!   the CPU runner and the GPU runtime.

pub mod attention;
pub mod baselines;
pub mod batch;
pub mod collective;
pub mod compare;
pub mod config;
pub mod context;
pub mod contract;
pub mod cost;
pub mod devices;
pub mod engine;
pub mod engine_flags;
pub mod experts;
pub mod fusion;
pub mod graph;
pub mod layers;
pub mod loss;
pub mod machine;
pub mod mailbox;
pub mod memory;
pub mod norm;
pub mod npy;
pub mod output;
pub mod parallelism;
pub mod pipeline;
pub mod precision;
pub mod problem;
pub mod reduce;
pub mod report;
pub mod schedule;
pub mod scheduled;
pub mod search;
pub mod seed;
pub mod sim;
pub mod strategy;
pub mod synth;
pub mod transformer;
pub mod units;
pub mod weight_sync;

pub use cost::{CostModel, ProfileDb, ProfileEntry, Work};
pub use devices::{DeviceCount, DeviceCountError, GROUP_MASK_DEVICES};
pub use graph::{
    Access, AffineDim, DType, DeviceId, Dim, Graph, GraphError, Interval, Mode, Op, OpClass, OpId,
    ReplicatedOp, Role, Tensor, TensorId, TensorKind,
};
pub use machine::{Machine, MachineError};
pub use report::{Breakdown, DeviceReport, Report};
pub use sim::{Resource, Simulator, TaskKind, TaskRecord};
pub use strategy::{Config, ConfigError, ConfigTarget, Strategy, StrategyError};
