//! Parsing with the source name kept in every location, through `src/capi_shim.cpp`.

use melior::{ir::Module, Context, StringRef};
use mlir_sys::{MlirContext, MlirModule, MlirStringRef};
use std::ffi::c_void;

extern "C" {
    fn flexcParseModuleNamed(
        context: MlirContext,
        source: MlirStringRef,
        source_name: MlirStringRef,
    ) -> MlirModule;
    fn flexcVerifierCreate(
        context: MlirContext,
        source: MlirStringRef,
        source_name: MlirStringRef,
    ) -> *mut c_void;
    fn flexcVerifierParse(verifier: *mut c_void, context: MlirContext) -> MlirModule;
    fn flexcVerifierFinish(verifier: *mut c_void) -> bool;
}

fn string_ref(bytes: &[u8]) -> MlirStringRef {
    MlirStringRef {
        data: bytes.as_ptr() as *const _,
        length: bytes.len(),
    }
}

/// Parses MLIR text or bytecode into a module (wrapping several top-level ops in an implicit
/// `builtin.module`, as `mlir-opt` does); locations name `source_name`. `None` after a parse
/// error, which was emitted as a diagnostic.
pub fn parse_module<'c>(
    context: &'c Context,
    source: &[u8],
    source_name: &str,
) -> Option<Module<'c>> {
    let raw = unsafe {
        flexcParseModuleNamed(
            context.to_raw(),
            string_ref(source),
            StringRef::new(source_name).to_raw(),
        )
    };
    unsafe { Module::from_option_raw(raw) }
}

/// `--verify-diagnostics`: MLIR's `SourceMgrDiagnosticVerifierHandler` over one source buffer.
/// While it lives it takes every diagnostic of the context (it was attached last); `finish` reports
/// expected diagnostics that did not occur and says whether everything matched.
pub struct DiagnosticVerifier {
    raw: *mut c_void,
}

impl DiagnosticVerifier {
    pub fn new(context: &Context, source: &[u8], source_name: &str) -> Self {
        let raw = unsafe {
            flexcVerifierCreate(
                context.to_raw(),
                string_ref(source),
                StringRef::new(source_name).to_raw(),
            )
        };
        DiagnosticVerifier { raw }
    }

    pub fn parse<'c>(&self, context: &'c Context) -> Option<Module<'c>> {
        unsafe { Module::from_option_raw(flexcVerifierParse(self.raw, context.to_raw())) }
    }

    pub fn finish(self) -> bool {
        let raw = self.raw;
        std::mem::forget(self);
        unsafe { flexcVerifierFinish(raw) }
    }
}

impl Drop for DiagnosticVerifier {
    fn drop(&mut self) {
        unsafe {
            flexcVerifierFinish(self.raw);
        }
    }
}
