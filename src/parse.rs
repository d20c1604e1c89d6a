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
/// and an error message; `None` for bytecode and for safe text. Both were found by `tools/fuzz`:
/// - a dense array of `index` (`array<index: 1, 2>`): `Parser::parseDenseArrayAttr` accepts any
///   int-or-index-or-float element type but then asks it for its bit width, which `index` lacks
///   (MLIR rejects `array<none: ...>` with the message used here);
/// - a malformed `dimensions = [...]`/`permutation = [...]` list of `linalg.broadcast`,
///   `linalg.transpose` or `linalg.reduce` in custom form (an item that is not an `i64` literal, or
///   no closing `]`): their parsers store the null attribute of the failed list parse and crash.
pub fn parser_crash(source: &[u8]) -> Option<(u32, u32, String)> {
    if source.starts_with(b"ML\xefR") {
        return None;
    }
    let (offset, message) = significant_offsets(source)
        .into_iter()
        .find_map(|at| index_array(source, at).or_else(|| linalg_int_list(source, at)))?;
    let line = source[..offset].iter().filter(|&&c| c == b'\n').count() + 1;
    let start = source[..offset]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1);
    Some((line as u32, (offset - start + 1) as u32, message))
}

/// Characters that continue an identifier or keyword.
fn ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

/// The first offset at or after `at` that is not whitespace.
fn skip_space(source: &[u8], mut at: usize) -> usize {
    while at < source.len() && source[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

/// Offsets of the starts of keywords outside string literals and `//` comments.
fn significant_offsets(source: &[u8]) -> Vec<usize> {
    let mut offsets = Vec::new();
    let mut at = 0usize;
    while at < source.len() {
        match source[at] {
            b'"' => {
                at += 1;
                while at < source.len() && source[at] != b'"' && source[at] != b'\n' {
                    let escaped = source[at] == b'\\' && source.get(at + 1) != Some(&b'\n');
                    at += if escaped { 2 } else { 1 };
                }
                at += 1;
                continue;
            }
            b'/' if source.get(at + 1) == Some(&b'/') => {
                while at < source.len() && source[at] != b'\n' {
                    at += 1;
                }
                continue;
            }
            c if c.is_ascii_alphabetic() && (at == 0 || !ident(source[at - 1])) => offsets.push(at),
            _ => {}
        }
        at += 1;
    }
    offsets
}

/// `array<index...` at `at`: the offset of `index` and the error.
fn index_array(source: &[u8], at: usize) -> Option<(usize, String)> {
    if !source[at..].starts_with(b"array") {
        return None;
    }
    let open = skip_space(source, at + 5);
    if source.get(open) != Some(&b'<') {
        return None;
    }
    let element = skip_space(source, open + 1);
    let end = element + 5;
    (source[element..].starts_with(b"index") && source.get(end).is_none_or(|&c| !ident(c))).then(
        || {
            (
                element,
                "expected integer or float type, got: 'index' (dense arrays of index are not \
                 supported)"
                    .to_string(),
            )
        },
    )
}

/// `dimensions = [` or `permutation = [` right after a `)` (the custom form of `linalg.broadcast`,
/// `linalg.transpose` and `linalg.reduce`; in an attribute dictionary a key follows `{` or `,`) whose
/// list is not comma-separated `i64` literals closed by `]`: the offset of `[` and the error.
fn linalg_int_list(source: &[u8], at: usize) -> Option<(usize, String)> {
    let keyword = [&b"dimensions"[..], b"permutation"].into_iter().find(|k| {
        source[at..].starts_with(k) && source.get(at + k.len()).is_none_or(|&c| !ident(c))
    })?;
    let before = source[..at]
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())?;
    if source[before] != b')' {
        return None;
    }
    let equal = skip_space(source, at + keyword.len());
    if source.get(equal) != Some(&b'=') {
        return None;
    }
    let open = skip_space(source, equal + 1);
    if source.get(open) != Some(&b'[') {
        return None;
    }
    let close = open
        + 1
        + source[open + 1..]
            .iter()
            .position(|&c| c == b']' || c == b'\n')?;
    let items = std::str::from_utf8(&source[open + 1..close]).ok()?;
    let valid = source[close] == b']'
        && (items.trim().is_empty()
            || items
                .split(',')
                .all(|item| item.trim().parse::<i64>().is_ok()));
    (!valid).then(|| {
        (
            open,
            format!(
                "expected '{}' to be a list of i64 integers in brackets",
                String::from_utf8_lossy(keyword)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::parser_crash;

    #[test]
    fn dense_arrays_of_index_are_found() {
        let found =
            parser_crash(b"func.func @f() {\n  \"t.op\"() {a = array<index: 1>} : () -> ()\n}");
        assert_eq!(found.map(|(l, c, _)| (l, c)), Some((2, 23)));
        assert!(parser_crash(b"x = array< \n index>").is_some_and(|(l, c, _)| (l, c) == (2, 2)));
    }

    #[test]
    fn malformed_linalg_int_lists_are_found() {
        for list in ["[x]", "[1.5]", "[9223372036854775808]", "[1, ]", "[1"] {
            let text =
                format!("%b = linalg.broadcast ins(%x : t) outs(%o : t) dimensions = {list}\n");
            let found = parser_crash(text.as_bytes());
            assert_eq!(found.map(|(l, c, _)| (l, c)), Some((1, 61)), "{list}");
        }
        for safe in [
            "%b = linalg.broadcast ins(%x : t) outs(%o : t) dimensions = [0, -2]",
            "%b = linalg.transpose ins(%x : t) outs(%o : t) permutation = []",
            "\"t.op\"() {dimensions = [9223372036854775808]} : () -> ()",
            "\"t.op\"() {a = 1, permutation = [x]} : () -> ()",
        ] {
            assert_eq!(parser_crash(safe.as_bytes()), None, "{safe}");
        }
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
