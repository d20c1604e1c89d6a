//! flexc: automatic parallelization of deep-learning training graphs written in MLIR.
//!
//! This crate is the library facade and the driver logic behind the `flexc` binary
//! (`tools/flexc.rs`). Other MLIR toolchains embed flexc through it: create a context with
//! [`session::create_context`], make it a [`session::Session`] (the `par` dialect loaded,
//! diagnostics captured), parse with [`session::Session::parse`] and run pipelines built by
//! [`flexc_passes::pass_pipeline`].
//!
//! Layering: `flexc-dialects` ← `flexc-passes` ← this crate ← `tools/`.

pub mod console;
pub mod diagnostics;
pub mod driver;
pub mod gpu;
pub mod jax;
pub mod maxtext;
pub mod megatron_args;
pub mod parse;
pub mod program;
pub mod records;
pub mod run;
pub mod scheduled_report;
pub mod sdy;
pub mod search;
pub mod session;
pub mod simulate;
pub mod source;
pub mod torch;
pub mod torchtitan;

pub use flexc_core as core;
pub use flexc_dialects as dialects;
pub use flexc_passes as passes;

/// Version of the LLVM/MLIR that flexc was built against.
pub const MLIR_VERSION: &str = env!("FLEXC_MLIR_VERSION");
