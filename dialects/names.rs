//! Names of the `par` dialect's ops and of the discardable attributes flexc attaches to other ops.
//! Passes use these constants, never string literals of their own, and name device functions through
//! [`device_function`] / [`parse_device_function`].
//!
//! Naming convention: `par-materialize` writes device `d`'s program of a public function `@f` as
//! `@f_device<d>` (`@f_device0`, `@f_device1`, ...); `par-lower-runtime`, `flexc-run` and `flexc-gpu`
//! (through `flexc_core::devices`, where the two functions live) find device functions by that name.

/// Discardable attribute on a compute op: its `#par.space`.
pub const SPACE_ATTR: &str = "par.space";
/// Discardable attribute on a compute op: its `#par.config`.
pub const CONFIG_ATTR: &str = "par.config";
/// Discardable attribute on the module: the `#par.machine` the strategy is for.
pub const MACHINE_ATTR: &str = "par.machine";
/// Module attribute: the strategy's schedule (`#par.schedule`; absent: flat).
pub const SCHEDULE_ATTR: &str = "par.schedule";
/// Op attribute: the op's virtual pipeline stage (an i64), on every op when the schedule has several.
pub const STAGE_ATTR: &str = "par.stage";
/// Discardable attribute on the module: the `#par.import` options the strategy was found with.
pub const IMPORT_ATTR: &str = "par.import";

/// Graph-level parallel ops (Unity).
pub const REPARTITION: &str = "par.repartition";
pub const COMBINE: &str = "par.combine";
pub const REPLICATE: &str = "par.replicate";
pub const REDUCE: &str = "par.reduce";

/// Device-level ops.
pub const DEVICE_ID: &str = "par.device_id";
pub const HALO_EXCHANGE: &str = "par.halo_exchange";
pub const SEND: &str = "par.send";
pub const RECV: &str = "par.recv";
pub const ALL_REDUCE: &str = "par.all_reduce";
pub const ALL_GATHER: &str = "par.all_gather";
pub const REDUCE_SCATTER: &str = "par.reduce_scatter";
pub const ALL_TO_ALL: &str = "par.all_to_all";

/// Device function names (`@f_device<d>`) are spelled in core, where the GPU runtime, which has no
/// MLIR, reads them too.
pub use flexc_core::devices::{device_function, parse_device_function};
