//! Parsing with the source name kept in every location, through `src/capi_shim.cpp`.
//!
//! Before MLIR's parser sees a text, [`parser_crash`] looks for the constructs known to crash it (the
//! Debian MLIR packages are built without assertions, so what upstream asserts on dereferences a null
//! type instead) and for nesting deeper than [`MAX_NESTING`]: those are reported as ordinary located
//! parse errors. The parser does not verify; [`verifier_crash`] looks for the ops known to crash their
//! verifiers, then MLIR verifies, so a parsed module is a verified one, as before.
//!
//! MLIR's parser, verifier, printer and passes recurse once per nesting level (regions, `[`, `(`,
//! `<`, `{`), a few KB of stack each: both tools run on a thread of [`STACK_SIZE`] bytes
//! ([`on_large_stack`]), which holds [`MAX_NESTING`] levels with a wide margin, so no text crashes
//! them with a stack overflow.

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
    verified(unsafe { Module::from_option_raw(raw) })
}

/// The parsed module once [`verifier_crash`] found nothing and MLIR's verifier passed (parsing does
/// not verify: `src/capi_shim.cpp`); `None` after an error, which was emitted.
fn verified(module: Option<Module<'_>>) -> Option<Module<'_>> {
    use melior::ir::operation::OperationLike;
    let module = module?;
    if let Some((location, message)) = verifier_crash(&module) {
        let message = std::ffi::CString::new(message).unwrap_or_default();
        unsafe { mlir_sys::mlirEmitError(location, message.as_ptr()) };
        return None;
    }
    module.as_operation().verify().then_some(module)
}

/// The first op of `module` that crashes its MLIR 22 verifier, with the location and error to report
/// instead; found by `tools/fuzz`:
/// - `tensor.concat` with a negative `dim` (`ConcatOp::verify` indexes the operand shapes with it;
///   MLIR checks only that it is below the rank).
pub fn verifier_crash(module: &Module) -> Option<(mlir_sys::MlirLocation, String)> {
    use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
    let mut found = None;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = op.name();
        if name.as_string_ref().as_str() == Ok("tensor.concat") {
            let dim = unsafe {
                let attribute = mlir_sys::mlirOperationGetAttributeByName(
                    op.to_raw(),
                    StringRef::new("dim").to_raw(),
                );
                (!attribute.ptr.is_null() && mlir_sys::mlirAttributeIsAInteger(attribute))
                    .then(|| mlir_sys::mlirIntegerAttrGetValueInt(attribute))
            };
            if dim.is_some_and(|dim| dim < 0) {
                found = Some((
                    op.location().to_raw(),
                    "'tensor.concat' op concatenation dim must be non-negative".to_string(),
                ));
                return WalkResult::Interrupt;
            }
        }
        WalkResult::Advance
    });
    found
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
        verified(unsafe { Module::from_option_raw(flexcVerifierParse(self.raw, context.to_raw())) })
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

/// The deepest nesting of brackets (`{`, `(`, `[`, `<`) flexc accepts; deeper text is a located error.
/// Real models nest a few dozen levels.
pub const MAX_NESTING: usize = 1000;

/// The stack of the thread the tools run on ([`on_large_stack`]): MLIR needs up to ~8 KB per nesting
/// level (a region of a generic op, parsed, verified, walked by the passes and printed), so
/// [`MAX_NESTING`] levels need about 8 MB; 256 MiB leaves a margin of 30 (the memory is reserved,
/// not used, until the recursion reaches it).
pub const STACK_SIZE: usize = 256 << 20;

/// Runs `work` on a thread with a [`STACK_SIZE`] stack and returns its result (a panic in it is
/// resumed here). Both binaries run their `main` this way.
pub fn on_large_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("main-large-stack".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, work);
        match thread {
            Ok(thread) => thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No memory for the stack reservation: run here, with the limit still in force.
            Err(_) => panic!("cannot start a thread with a {STACK_SIZE}-byte stack"),
        }
    })
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
///   no closing `]`): their parsers store the null attribute of the failed list parse and crash;
/// - a block label defined twice in one region ([`redefined_block`]).
pub fn parser_crash(source: &[u8]) -> Option<(u32, u32, String)> {
    if source.starts_with(b"ML\xefR") {
        return None;
    }
    let (offset, message) = too_deep(source)
        .or_else(|| redefined_block(source))
        .or_else(|| {
            significant_offsets(source)
                .into_iter()
                .find_map(|at| index_array(source, at).or_else(|| linalg_int_list(source, at)))
        })?;
    let line = source[..offset].iter().filter(|&&c| c == b'\n').count() + 1;
    let start = source[..offset]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1);
    Some((line as u32, (offset - start + 1) as u32, message))
}

/// The first bracket that opens level [`MAX_NESTING`] + 1, outside strings and `//` comments, and
/// the error. `->` and `>=` close nothing; stray closers never make the level negative.
fn too_deep(source: &[u8]) -> Option<(usize, String)> {
    let mut depth = 0usize;
    let mut at = 0usize;
    while at < source.len() {
        match source[at] {
            b'"' => {
                at = string_end(source, at);
                continue;
            }
            b'/' if source.get(at + 1) == Some(&b'/') => {
                at = line_end(source, at);
                continue;
            }
            b'{' | b'(' | b'[' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some((
                        at,
                        format!("nesting deeper than {MAX_NESTING} levels (brackets, regions, types) is not supported"),
                    ));
                }
            }
            b'>' if at > 0 && source[at - 1] == b'-' => {}
            b'>' if source.get(at + 1) == Some(&b'=') => {}
            b'}' | b')' | b']' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    None
}

/// The second definition of a block label in one region (`^bb0(...)` or `^bb0:` first on its line or
/// after the region's `{`), and MLIR's error for it. MLIR reports it too, but when a value named in an
/// earlier forward reference resolves to an argument of the region's blocks, the region's destruction
/// after the error leaves that use pointing at freed memory (heap corruption: `tools/fuzz`, a mutated
/// `linalg.generic` body).
fn redefined_block(source: &[u8]) -> Option<(usize, String)> {
    let mut regions: Vec<Vec<&[u8]>> = vec![Vec::new()];
    // Whether only spaces (or the region's `{`) came before on this line.
    let mut line_start = true;
    let mut at = 0usize;
    while at < source.len() {
        match source[at] {
            b'"' => {
                at = string_end(source, at);
                line_start = false;
                continue;
            }
            b'/' if source.get(at + 1) == Some(&b'/') => {
                at = line_end(source, at);
                continue;
            }
            b'\n' => line_start = true,
            b' ' | b'\t' | b'\r' => {}
            b'{' => {
                regions.push(Vec::new());
                line_start = true;
                at += 1;
                continue;
            }
            b'}' => {
                if regions.len() > 1 {
                    regions.pop();
                }
                line_start = false;
            }
            b'^' if line_start => {
                let end = (at + 1..source.len())
                    .find(|&i| !ident(source[i]))
                    .unwrap_or(source.len());
                let name = &source[at..end];
                let next = skip_space(source, end);
                if name.len() > 1 && matches!(source.get(next), Some(b'(' | b':')) {
                    let labels = regions.last_mut().expect("the top level is never popped");
                    if labels.contains(&name) {
                        return Some((
                            at,
                            format!("redefinition of block '{}'", String::from_utf8_lossy(name)),
                        ));
                    }
                    labels.push(name);
                }
                line_start = false;
                at = end;
                continue;
            }
            _ => line_start = false,
        }
        at += 1;
    }
    None
}

/// The offset after the string literal starting at `at` (its closing quote, or the end of its line).
fn string_end(source: &[u8], mut at: usize) -> usize {
    at += 1;
    while at < source.len() && source[at] != b'"' && source[at] != b'\n' {
        let escaped = source[at] == b'\\' && source.get(at + 1) != Some(&b'\n');
        at += if escaped { 2 } else { 1 };
    }
    at + 1
}

/// The offset of the end of the line at `at` (its `\n`, or the end of the text).
fn line_end(source: &[u8], mut at: usize) -> usize {
    while at < source.len() && source[at] != b'\n' {
        at += 1;
    }
    at
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
                at = string_end(source, at);
                continue;
            }
            b'/' if source.get(at + 1) == Some(&b'/') => {
                at = line_end(source, at);
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

/// `dimensions =` or `permutation =` right after a `)` (the custom form of `linalg.broadcast`,
/// `linalg.transpose` and `linalg.reduce`; in an attribute dictionary a key follows `{` or `,`) not
/// followed by comma-separated `i64` literals in brackets (on any line: whitespace and `//` comments
/// between the items are fine; the end of the text before `]` is not): the offset of what follows
/// `=` and the error.
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
    let message = || {
        format!(
            "expected '{}' to be a list of i64 integers in brackets",
            String::from_utf8_lossy(keyword)
        )
    };
    // Anything but a list there fails the same way (tools/fuzz: `permutation = 3[1, 0]`).
    if source.get(open) != Some(&b'[') {
        return Some((open.min(source.len().saturating_sub(1)), message()));
    }
    // The list's text up to its `]`, `//` comments left out (a `]` in a comment closes nothing:
    // tools/fuzz found that); `None` when the text ends first.
    let mut items = Some(Vec::new());
    let mut at = open + 1;
    loop {
        match source.get(at) {
            None => {
                items = None;
                break;
            }
            Some(b']') => break,
            Some(b'/') if source.get(at + 1) == Some(&b'/') => at = line_end(source, at),
            Some(&c) => {
                if let Some(items) = items.as_mut() {
                    items.push(c);
                }
                at += 1;
            }
        }
    }
    let items = items.and_then(|items| String::from_utf8(items).ok());
    let valid = items.is_some_and(|items| {
        items.trim().is_empty()
            || items
                .split(',')
                .all(|item| item.trim().parse::<i64>().is_ok())
    });
    (!valid).then(|| (open, message()))
}

#[cfg(test)]
mod tests {
    use super::{parser_crash, MAX_NESTING};

    #[test]
    fn dense_arrays_of_index_are_found() {
        let found =
            parser_crash(b"func.func @f() {\n  \"t.op\"() {a = array<index: 1>} : () -> ()\n}");
        assert_eq!(found.map(|(l, c, _)| (l, c)), Some((2, 23)));
        assert!(parser_crash(b"x = array< \n index>").is_some_and(|(l, c, _)| (l, c) == (2, 2)));
    }

    #[test]
    fn malformed_linalg_int_lists_are_found() {
        for list in [
            "[x]",
            "[1.5]",
            "[9223372036854775808]",
            "[1, ]",
            "[1\n%c = arith.constant 0 : index\n",
            "[1, 0\n %c = \"t.op\"() : () -> ()]",
        ] {
            let text =
                format!("%b = linalg.broadcast ins(%x : t) outs(%o : t) dimensions = {list}\n");
            let found = parser_crash(text.as_bytes());
            assert_eq!(found.map(|(l, c, _)| (l, c)), Some((1, 61)), "{list}");
        }
        // The end of the text inside the list (the fuzzer's SIGSEGV).
        for end in ["[1", "[", "[1,", "[1, 0"] {
            let text =
                format!("%t = linalg.transpose ins(%a : t) outs(%e : t) permutation = {end}");
            let found = parser_crash(text.as_bytes());
            assert_eq!(found.map(|(l, c, _)| (l, c)), Some((1, 62)), "{end}");
        }
        // No list at all (tools/fuzz: SIGSEGV).
        for value in ["3[1, 0]", "x", "array<i64: 1, 0>", ""] {
            let text =
                format!("%t = linalg.transpose ins(%a : t) outs(%e : t) permutation = {value}");
            assert!(parser_crash(text.as_bytes()).is_some(), "{value}");
        }
        // A `]` in a comment closes nothing (tools/fuzz: SIGSEGV).
        let commented = "%t = linalg.transpose ins(%a : t) outs(%e : t) permutation = [1\n// ']'\n";
        assert!(parser_crash(commented.as_bytes()).is_some());
        for safe in [
            "%b = linalg.broadcast ins(%x : t) outs(%o : t) dimensions = [0,\n  1]",
            "%b = linalg.broadcast ins(%x : t) outs(%o : t) dimensions = [0, // first\n 1]",
            "%b = linalg.broadcast ins(%x : t) outs(%o : t) dimensions = [0, -2]",
            "%b = linalg.transpose ins(%x : t) outs(%o : t) permutation = []",
            "\"t.op\"() {dimensions = [9223372036854775808]} : () -> ()",
            "\"t.op\"() {a = 1, permutation = [x]} : () -> ()",
        ] {
            assert_eq!(parser_crash(safe.as_bytes()), None, "{safe}");
        }
    }

    #[test]
    fn blocks_defined_twice_in_one_region_are_found() {
        // The tools/fuzz finding, reduced: an earlier use of `%in` resolves to the region's argument.
        let text = b"%65 = arith.addf %in, %in_15 : f32\n%14 = linalg.generic {} ins(%13 : t) outs(%1 : t) {\n  ^bb0(%in: f32, %out: f32):\n  ^bb0(%in: f32, %out: f32):\n";
        let found = parser_crash(text);
        assert_eq!(
            found,
            Some((4, 3, "redefinition of block '^bb0'".to_string()))
        );
        // One label per region: siblings and nested regions may reuse it; branches name it freely.
        let fine = b"func.func @f() {\n^bb0:\n  cf.br ^bb1(%x : i32)\n^bb1(%y: i32):\n  %r = linalg.generic {} {\n  ^bb0(%a: f32):\n    linalg.yield %a : f32\n  }\n  \"t.op\"() ({^bb1: \"t.end\"() : () -> ()}) : () -> ()\n  cf.br ^bb1(%y : i32)\n}\nfunc.func @g() {\n^bb0:\n  return\n}\n";
        assert_eq!(parser_crash(fine), None);
        assert!(parser_crash(b"{\n^bb3:\n  x\n^bb3:\n}").is_some());
    }

    #[test]
    fn nesting_beyond_the_limit_is_found_at_its_bracket() {
        for (open, close) in [("[", "]"), ("tuple<", ">"), ("(", ")"), ("{a = ", "}")] {
            let at_limit = format!(
                "x = {}{}",
                open.repeat(MAX_NESTING),
                close.repeat(MAX_NESTING)
            );
            assert_eq!(parser_crash(at_limit.as_bytes()), None, "{open}");
            let text = format!("x = \n{}", open.repeat(MAX_NESTING + 1));
            let (line, column, message) = parser_crash(text.as_bytes()).unwrap();
            let bracket = open.find(['[', '(', '<', '{']).unwrap();
            let expected = MAX_NESTING * open.len() + bracket + 1;
            assert_eq!((line, column as usize), (2, expected), "{open}");
            assert!(message.contains("nesting deeper than 1000"), "{message}");
        }
        // Arrows and comparisons close nothing; strings and comments do not count.
        let arrows = format!(
            "{}{}",
            "(i32) -> (".repeat(MAX_NESTING),
            ")".repeat(MAX_NESTING)
        );
        assert_eq!(parser_crash(arrows.as_bytes()), None);
        let quoted = format!("\"{}\" // {}", "[".repeat(2000), "{".repeat(2000));
        assert_eq!(parser_crash(quoted.as_bytes()), None);
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
