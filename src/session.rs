//! An MLIR session, as both tools set one up: a context with every upstream dialect and pass
//! registered, the `par` dialect loaded, diagnostics captured, and the input parsed with its
//! source name in every location.
//!
//! `flexc` (`driver.rs`) and `flexc-run` (`run/`) both start here, so a module parses, verifies
//! and reports its diagnostics the same way in either tool; both end here too ([`Exit`],
//! [`write_output`]).
//!
//! ```ignore
//! let context = session::create_context(false);
//! let session = Session::new(&context)?;
//! let module = session.parse_verified(name, bytes)?;
//! session.run_pipeline(&mut module, &pass_pipeline::materialize(None))?;
//! ```

use crate::{
    diagnostics::{Capture, Diag, Printer},
    parse::parse_module,
    source::Source,
};
use flexc_passes::pass_pipeline;
use melior::{
    dialect::DialectRegistry,
    ir::{operation::OperationLike, Module},
    pass::PassManager,
    utility::{register_all_dialects, register_all_passes},
    Context,
};
use std::io::Write;

/// A context with every upstream dialect registered and multithreading off (diagnostics arrive in
/// program order; flexc's own analyses run on plain Rust data). `allow_unregistered_dialect`:
/// accept ops of dialects MLIR does not know (StableHLO in generic form).
pub fn create_context(allow_unregistered_dialect: bool) -> Context {
    register_all_passes();
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new_with_registry(&registry, false);
    context.set_allow_unregistered_dialects(allow_unregistered_dialect);
    context
}

/// A pass manager anchored on `builtin.module` (melior's `PassManager::new` is anchored on `any`,
/// which cannot hold op-specific passes such as flexc's module passes).
pub fn module_pass_manager(context: &Context) -> PassManager<'_> {
    unsafe {
        PassManager::from_raw(mlir_sys::mlirPassManagerCreateOnOperation(
            context.to_raw(),
            melior::StringRef::new("builtin.module").to_raw(),
        ))
    }
}

/// A context made ready for flexc: the `par` dialect loaded and a diagnostic capture attached
/// (dropped before the context, as the borrow requires).
pub struct Session<'c> {
    pub context: &'c Context,
    pub capture: Capture<'c>,
    /// The IRDL module of the `par` dialect: must live as long as the dialect is used.
    _par: Module<'c>,
}

impl<'c> Session<'c> {
    /// Loads the `par` dialect into `context` and captures its diagnostics.
    pub fn new(context: &'c Context) -> Result<Session<'c>, Diag> {
        let capture = Capture::attach(context);
        let par = flexc_dialects::load_par_dialect(context).map_err(|e| Diag::error(None, e))?;
        Ok(Session {
            context,
            capture,
            _par: par,
        })
    }

    /// The diagnostics captured so far, else one error saying `fallback`.
    pub fn diagnosed(&self, fallback: String) -> Vec<Diag> {
        let mut diags = self.capture.take();
        if diags.is_empty() {
            diags.push(Diag::error(None, fallback));
        }
        diags
    }

    /// Parses `bytes` (text or bytecode) named `name`; errors are the captured diagnostics.
    pub fn parse(&self, name: &str, bytes: &[u8]) -> Result<Module<'c>, Vec<Diag>> {
        parse_module(self.context, bytes, name)
            .ok_or_else(|| self.diagnosed(format!("cannot parse '{name}'")))
    }

    /// [`Session::parse`], then the module verified.
    pub fn parse_verified(&self, name: &str, bytes: &[u8]) -> Result<Module<'c>, Vec<Diag>> {
        let module = self.parse(name, bytes)?;
        if !module.as_operation().verify() {
            return Err(self.diagnosed(format!("'{name}' does not verify")));
        }
        Ok(module)
    }

    /// Runs the pipeline `recipe` (flexc and upstream passes, verifier on) over `module`.
    pub fn run_pipeline(
        &self,
        module: &mut Module<'c>,
        recipe: &pass_pipeline::Pipeline,
    ) -> Result<(), String> {
        let manager = module_pass_manager(self.context);
        manager.enable_verifier(true);
        recipe
            .add_to(manager.as_operation_pass_manager())
            .map_err(|e| e.0)?;
        manager
            .run(module)
            .map_err(|_| format!("the pipeline {recipe} failed"))
    }
}

/// Reads the input (`-`: stdin); problems (unreadable, not UTF-8 text) are printed to `errors`.
pub fn read_source(input: &str, errors: &mut dyn Write) -> Option<Source> {
    let checked = Source::read(input).and_then(|source| {
        if !source.is_bytecode() {
            source.text()?;
        }
        Ok(source)
    });
    match checked {
        Ok(source) => Some(source),
        Err(diag) => {
            Printer { sources: vec![] }.print(errors, &diag);
            None
        }
    }
}

/// The text diagnostics quote source lines from ("" for bytecode).
pub fn source_text(source: &Source) -> &str {
    if source.is_bytecode() {
        ""
    } else {
        source.text().unwrap_or("")
    }
}

/// Process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Success = 0,
    /// Bad input or a failed compilation.
    Failure = 1,
    /// A bad command line (including a bad pipeline string).
    Usage = 2,
}

/// Writes `bytes` to `path` (`-`: stdout) without harming what the path names
/// (`flexc_core::output`: atomic replacement of regular files, direct writes to devices and FIFOs).
pub fn write_output(path: &str, bytes: &[u8]) -> Result<(), Diag> {
    flexc_core::output::write(path, bytes).map_err(|e| Diag::error(None, e))
}
