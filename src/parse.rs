//! Parsing with the source name kept in every location, through `src/capi_shim.cpp`.
//!
//! Before MLIR's parser sees a text, [`parser_crash`] looks for the constructs known to crash it (the
//! Debian MLIR packages are built without assertions, so what upstream asserts on dereferences a null
//! type instead): those are reported as ordinary located parse errors.

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
    if !guard(context, source, source_name) {
        return None;
    }
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
    /// The source and its name, for [`guard`] before parsing.
    source: Vec<u8>,
    name: String,
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
        DiagnosticVerifier {
            raw,
            source: source.to_vec(),
            name: source_name.to_string(),
        }
    }

    pub fn parse<'c>(&self, context: &'c Context) -> Option<Module<'c>> {
        if !guard(context, &self.source, &self.name) {
            return None;
        }
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

/// Emits [`parser_crash`]'s finding as an MLIR error (so that the driver's handler and
/// `--verify-diagnostics` see it like any parse error); `false` when the text must not be parsed.
fn guard(context: &Context, source: &[u8], source_name: &str) -> bool {
    let Some((line, column, message)) = parser_crash(source) else {
        return true;
    };
    let message = std::ffi::CString::new(message).unwrap_or_default();
    unsafe {
        let location = mlir_sys::mlirLocationFileLineColGet(
            context.to_raw(),
            StringRef::new(source_name).to_raw(),
            line,
            column,
        );
        mlir_sys::mlirEmitError(location, message.as_ptr());
    }
    false
}

/// The first construct of an MLIR text that crashes MLIR 22's parser, as 1-based line, byte column
/// and the error upstream reports for its neighbours; `None` for bytecode and for safe text.
///
/// Known: a dense array of `index` (`array<index: 1, 2>`): `Parser::parseDenseArrayAttr` accepts
/// any int-or-index-or-float element type but then asks it for its bit width, which `index` lacks
/// (found by `tools/fuzz`; MLIR rejects `array<none: ...>` with the message used here).
pub fn parser_crash(source: &[u8]) -> Option<(u32, u32, String)> {
    if source.starts_with(b"ML\xefR") {
        return None;
    }
    let ident = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-');
    let skip_space = |mut at: usize| {
        while at < source.len() && source[at].is_ascii_whitespace() {
            at += 1;
        }
        at
    };
    let (mut at, mut line) = (0usize, 1u32);
    while at < source.len() {
        match source[at] {
            b'\n' => line += 1,
            // String literals (with `\"` escapes) and `//` comments hold no attributes.
            b'"' => {
                at += 1;
                while at < source.len() && source[at] != b'"' && source[at] != b'\n' {
                    let escaped = source[at] == b'\\' && source.get(at + 1) != Some(&b'\n');
                    at += if escaped { 2 } else { 1 };
                }
                // Past the closing quote; an unterminated literal ends at its line's end, which
                // the next round counts.
                if source.get(at) == Some(&b'"') {
                    at += 1;
                }
                continue;
            }
            b'/' if source.get(at + 1) == Some(&b'/') => {
                while at + 1 < source.len() && source[at + 1] != b'\n' {
                    at += 1;
                }
            }
            b'a' if source[at..].starts_with(b"array") && (at == 0 || !ident(source[at - 1])) => {
                let open = skip_space(at + 5);
                if source.get(open) == Some(&b'<') {
                    let element = skip_space(open + 1);
                    let end = element + 5;
                    if source[element..].starts_with(b"index")
                        && source.get(end).is_none_or(|&c| !ident(c))
                    {
                        // `element` is on this line unless whitespace crossed newlines.
                        let newlines = source[at..element].iter().filter(|&&c| c == b'\n').count();
                        let start = source[..element]
                            .iter()
                            .rposition(|&c| c == b'\n')
                            .map_or(0, |p| p + 1);
                        return Some((
                            line + newlines as u32,
                            (element - start + 1) as u32,
                            "expected integer or float type, got: 'index' (dense arrays of index \
                             are not supported)"
                                .to_string(),
                        ));
                    }
                }
                at += 5;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::parser_crash;

    #[test]
    fn dense_arrays_of_index_are_found() {
        let found =
            parser_crash(b"func.func @f() {\n  \"t.op\"() {a = array<index: 1>} : () -> ()\n}");
        assert_eq!(found.map(|(l, c, _)| (l, c)), Some((2, 26)));
        assert!(parser_crash(b"x = array< \n index>").is_some_and(|(l, c, _)| (l, c) == (2, 2)));
    }

    #[test]
    fn safe_text_passes() {
        for text in [
            "{a = array<i64: 1>}",
            "{a = array<indexed: 1>}",
            "// array<index: 1>",
            "{s = \"array<index: 1>\"}",
            "{s = \"q\\\"array<index>\"}",
            "my_array<index>",
        ] {
            assert_eq!(parser_crash(text.as_bytes()), None, "{text}");
        }
    }
}
