//! Diagnostics: MLIR's diagnostics captured by a scoped handler, plus flexc's own, all printed as
//! `file:line:col: severity: message` (or `flexc: severity: message` without a location), followed
//! by the source line and a caret when the location is in a source we hold, as `mlir-opt` does.

use melior::{
    diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticHandlerId, DiagnosticSeverity},
    ir::Location,
    Context, StringRef,
};
use mlir_sys::{
    mlirIdentifierStr, mlirLocationCallSiteGetCallee, mlirLocationFileLineColRangeGetFilename,
    mlirLocationFileLineColRangeGetStartColumn, mlirLocationFileLineColRangeGetStartLine,
    mlirLocationFusedGetLocations, mlirLocationFusedGetNumLocations, mlirLocationIsACallSite,
    mlirLocationIsAFileLineColRange, mlirLocationIsAFused, mlirLocationIsAName,
    mlirLocationNameGetChildLoc, MlirLocation,
};
use std::{cell::RefCell, fmt, io::Write, rc::Rc};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A resolved source position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileLoc {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl FileLoc {
    /// Parses `file:line:col`, the form op locations are recorded in by the importer.
    pub fn parse(text: &str) -> Option<FileLoc> {
        let mut parts = text.rsplitn(3, ':');
        let column = parts.next()?.parse().ok()?;
        let line = parts.next()?.parse().ok()?;
        let file = parts.next()?.to_string();
        Some(FileLoc { file, line, column })
    }
}

/// One diagnostic with its notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub severity: Severity,
    pub location: Option<FileLoc>,
    pub message: String,
    pub notes: Vec<Diag>,
}

impl Diag {
    pub fn error(location: Option<FileLoc>, message: impl Into<String>) -> Self {
        Diag {
            severity: Severity::Error,
            location,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn with_note(mut self, location: Option<FileLoc>, message: impl Into<String>) -> Self {
        self.notes.push(Diag {
            severity: Severity::Note,
            location,
            message: message.into(),
            notes: Vec::new(),
        });
        self
    }
}

/// Finds the file position of an MLIR location: file:line:col directly, or through name, call-site
/// (the callee) and fused locations (the first that resolves).
pub fn resolve_location(location: MlirLocation) -> Option<FileLoc> {
    unsafe {
        if mlirLocationIsAFileLineColRange(location) {
            let file = StringRef::from_raw(mlirIdentifierStr(
                mlirLocationFileLineColRangeGetFilename(location),
            ))
            .as_str()
            .ok()?
            .to_string();
            return Some(FileLoc {
                file,
                line: mlirLocationFileLineColRangeGetStartLine(location).max(0) as u32,
                column: mlirLocationFileLineColRangeGetStartColumn(location).max(0) as u32,
            });
        }
        if mlirLocationIsAName(location) {
            return resolve_location(mlirLocationNameGetChildLoc(location));
        }
        if mlirLocationIsACallSite(location) {
            return resolve_location(mlirLocationCallSiteGetCallee(location));
        }
        if mlirLocationIsAFused(location) {
            let count = mlirLocationFusedGetNumLocations(location) as usize;
            let mut locations = vec![
                MlirLocation {
                    ptr: std::ptr::null()
                };
                count
            ];
            mlirLocationFusedGetLocations(location, locations.as_mut_ptr());
            return locations.into_iter().find_map(resolve_location);
        }
    }
    None
}

/// The file position of a melior location.
pub fn file_loc(location: Location<'_>) -> Option<FileLoc> {
    resolve_location(location.to_raw())
}

fn convert(diagnostic: &MlirDiagnostic<'_>) -> Diag {
    let severity = match diagnostic.severity() {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Remark => Severity::Remark,
        DiagnosticSeverity::Note => Severity::Note,
    };
    let notes = (0..diagnostic.note_count())
        .filter_map(|index| diagnostic.note(index).ok())
        .map(|note| convert(&note))
        .collect();
    Diag {
        severity,
        location: file_loc(diagnostic.location()),
        message: diagnostic.to_string(),
        notes,
    }
}

/// Collects every MLIR diagnostic of a context while alive; detaches on drop.
pub struct Capture<'c> {
    context: &'c Context,
    id: Option<DiagnosticHandlerId>,
    diags: Rc<RefCell<Vec<Diag>>>,
}

impl<'c> Capture<'c> {
    pub fn attach(context: &'c Context) -> Self {
        let diags = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diags);
        let id = context.attach_diagnostic_handler(move |diagnostic| {
            sink.borrow_mut().push(convert(&diagnostic));
            true
        });
        Capture {
            context,
            id: Some(id),
            diags,
        }
    }

    /// Takes the diagnostics collected so far.
    pub fn take(&self) -> Vec<Diag> {
        std::mem::take(&mut *self.diags.borrow_mut())
    }
}

impl Drop for Capture<'_> {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            self.context.detach_diagnostic_handler(id);
        }
    }
}

/// The most characters of a source line a diagnostic shows; longer lines (a dense constant can be a
/// megabyte on one line) are cut to a window around the column.
pub const LINE_WINDOW: usize = 200;

/// Marks a side of a source line cut away by [`line_window`].
const CUT: &str = "...";

/// The part of `line` a diagnostic shows and the text before its caret (spaces, tabs kept so the
/// caret lines up): the whole line when it has at most [`LINE_WINDOW`] characters, else a window of
/// that many characters around `column` (1-based, in bytes as MLIR counts it) with [`CUT`] on each
/// side that was cut.
pub fn line_window(line: &str, column: u32) -> (String, String) {
    // MLIR columns count bytes; a column inside a multi-byte character points at that character.
    let byte = (column.saturating_sub(1) as usize).min(line.len());
    let at = line
        .char_indices()
        .take_while(|(index, _)| *index < byte)
        .count();
    let total = line.chars().count();
    let (start, end) = if total <= LINE_WINDOW {
        (0, total)
    } else {
        let start = at.saturating_sub(LINE_WINDOW / 2).min(total - LINE_WINDOW);
        (start, start + LINE_WINDOW)
    };
    let window: String = line.chars().skip(start).take(end - start).collect();
    let blank = |c: char| if c == '\t' { '\t' } else { ' ' };
    let mut caret: String = line
        .chars()
        .skip(start)
        .take(at - start)
        .map(blank)
        .collect();
    let mut shown = window;
    if start > 0 {
        shown.insert_str(0, CUT);
        caret.insert_str(0, &" ".repeat(CUT.len()));
    }
    if end < total {
        shown.push_str(CUT);
    }
    (shown, caret)
}

/// Prints diagnostics; knows the text of the sources so it can show the offending line.
pub struct Printer<'s> {
    pub sources: Vec<(&'s str, &'s str)>,
}

impl Printer<'_> {
    fn source_line(&self, location: &FileLoc) -> Option<&str> {
        let (_, text) = self
            .sources
            .iter()
            .find(|(name, _)| *name == location.file)?;
        text.lines().nth(location.line.checked_sub(1)? as usize)
    }

    /// Prints `diag` and its notes with one write: processes that share a stream (MPI ranks under
    /// `mpirun`) then cannot interleave the pieces of one diagnostic.
    pub fn print(&self, out: &mut dyn Write, diag: &Diag) {
        let mut text = String::new();
        self.write_one(&mut text, diag, true);
        for note in &diag.notes {
            // A note at the error's own position would only repeat the snippet.
            self.write_one(&mut text, note, note.location != diag.location);
        }
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }

    fn write_one(&self, out: &mut String, diag: &Diag, snippet: bool) {
        use std::fmt::Write as _;
        match &diag.location {
            Some(location) => {
                let _ = writeln!(
                    out,
                    "{}:{}:{}: {}: {}",
                    location.file, location.line, location.column, diag.severity, diag.message
                );
                if let Some(line) = self.source_line(location).filter(|_| snippet) {
                    let (shown, caret) = line_window(line, location.column);
                    let _ = writeln!(out, "{shown}\n{caret}^");
                }
            }
            None => {
                let _ = writeln!(out, "flexc: {}: {}", diag.severity, diag.message);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_shown_whole() {
        let (shown, caret) = line_window("  %0 = foo.bar", 8);
        assert_eq!(shown, "  %0 = foo.bar");
        assert_eq!(caret, "       ");
        let (shown, caret) = line_window("\tx", 2);
        assert_eq!((shown.as_str(), caret.as_str()), ("\tx", "\t"));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let (shown, caret) = line_window(&line, 5001);
        assert!(shown.starts_with(CUT) && shown.ends_with(CUT));
        assert_eq!(shown.chars().count(), LINE_WINDOW + 2 * CUT.len());
        assert_eq!(shown.chars().nth(caret.chars().count()), Some('X'));
        // Near the start only the end is cut, near the end only the start.
        let (shown, caret) = line_window(&line, 3);
        assert!(!shown.starts_with(CUT) && shown.ends_with(CUT));
        assert_eq!(caret.len(), 2);
        let (shown, caret) = line_window(&line, 10001);
        assert!(shown.starts_with(CUT) && !shown.ends_with(CUT));
        assert_eq!(shown.chars().nth(caret.chars().count()), Some('b'));
        assert_eq!(caret.chars().count(), CUT.len() + LINE_WINDOW - 1);
    }

    #[test]
    fn columns_past_the_end_and_multibyte_characters() {
        let (shown, caret) = line_window("ab", 40);
        assert_eq!((shown.as_str(), caret.as_str()), ("ab", "  "));
        // 'é' is two bytes: byte column 4 is the 'x' after it.
        let (shown, caret) = line_window("aéx", 4);
        assert_eq!(shown.chars().nth(caret.chars().count()), Some('x'));
    }
}
