//! Reading input: files or stdin, text or MLIR bytecode, and `--split-input-file` chunks.
//!
//! Text input must be UTF-8 without NUL bytes; violations are reported at their line and column.
//! Chunks keep the line numbers of the whole file (each chunk is prefixed with the newlines that
//! precede it), so diagnostics and `[[@LINE]]` checks point at the real line.

use crate::diagnostics::{Diag, FileLoc};
use std::io::Read;

/// Magic number that starts MLIR bytecode.
const BYTECODE_MAGIC: &[u8] = b"ML\xefR";

/// The marker line between chunks of `--split-input-file`.
pub const SPLIT_MARKER: &str = "// -----";

/// One input: its display name (as in locations) and contents.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Source {
    /// Reads `path`, or stdin for `-`.
    pub fn read(path: &str) -> Result<Source, Diag> {
        if path == "-" {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Diag::error(None, format!("cannot read standard input: {e}")))?;
            return Ok(Source {
                name: "<stdin>".into(),
                bytes,
            });
        }
        let bytes = std::fs::read(path).map_err(|e| {
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ if std::path::Path::new(path).is_dir() => "it is a directory".to_string(),
                _ => e.to_string(),
            };
            Diag::error(None, format!("cannot read input file '{path}': {reason}"))
        })?;
        Ok(Source {
            name: path.to_string(),
            bytes,
        })
    }

    pub fn is_bytecode(&self) -> bool {
        self.bytes.starts_with(BYTECODE_MAGIC)
    }

    /// The text of a textual input, or a diagnostic at the first NUL byte or invalid UTF-8 sequence.
    pub fn text(&self) -> Result<&str, Diag> {
        let text = std::str::from_utf8(&self.bytes).map_err(|e| {
            let at = position(&self.bytes, e.valid_up_to());
            Diag::error(
                Some(FileLoc {
                    file: self.name.clone(),
                    line: at.0,
                    column: at.1,
                }),
                "input is not valid UTF-8 (is it MLIR text or bytecode?)",
            )
        })?;
        if let Some(offset) = text.find('\0') {
            let at = position(&self.bytes, offset);
            return Err(Diag::error(
                Some(FileLoc {
                    file: self.name.clone(),
                    line: at.0,
                    column: at.1,
                }),
                "input contains a NUL byte",
            ));
        }
        Ok(text)
    }
}

/// 1-based line and column of a byte offset.
fn position(bytes: &[u8], offset: usize) -> (u32, u32) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
        + 1;
    (line as u32, column as u32)
}

/// Splits text at `// -----` lines. Every chunk is padded with the newlines before it, so line
/// numbers inside a chunk are those of the whole text.
pub fn split_chunks(text: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    for (index, line) in text.split_inclusive('\n').enumerate() {
        if line.trim_start().starts_with(SPLIT_MARKER) {
            chunks.push(std::mem::take(&mut current));
            current.push_str(&"\n".repeat(index + 1));
        } else {
            current.push_str(line);
        }
    }
    chunks.push(current);
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_keep_line_numbers() {
        let chunks = split_chunks("a\n// -----\nb\nc\n// -----\nd");
        assert_eq!(chunks, vec!["a\n", "\n\nb\nc\n", "\n\n\n\n\nd"]);
    }

    #[test]
    fn reports_nul_and_bad_utf8_positions() {
        let source = Source {
            name: "x.mlir".into(),
            bytes: b"module {\n  a\0b\n}".to_vec(),
        };
        let error = source.text().unwrap_err();
        assert_eq!(error.location.unwrap().line, 2);
        let source = Source {
            name: "x.mlir".into(),
            bytes: b"ok\nab\xff".to_vec(),
        };
        let location = source.text().unwrap_err().location.unwrap();
        assert_eq!((location.line, location.column), (2, 3));
    }
}
