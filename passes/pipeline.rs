//! MLIR textual pass pipelines that mix flexc passes and upstream MLIR passes.
//!
//! The MLIR C API cannot register external passes by name, so `mlirParsePassPipeline` alone would
//! not find `par-verify`. We parse the pipeline's structure here (`anchor(elem, elem{opts}, ...)`),
//! create flexc passes from the registry, and hand every other pass element, options included, to
//! `mlirOpPassManagerAddPipeline`, so upstream passes and their options keep MLIR's own parsing and
//! error messages.
//!
//! Accepted forms: `builtin.module(p1,p2)`, `any(p1)`, or a bare list `p1,func.func(p2)` (which runs
//! on the module, as if wrapped in `builtin.module(...)`).

use crate::{create_pass, lookup, parse_options};
use melior::{pass::OperationPassManager, StringRef};
use mlir_sys::{mlirOpPassManagerAddPipeline, MlirStringRef};
use std::ffi::c_void;

/// One element of a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// A pass with its option text (inside the braces, without them).
    Pass { name: String, options: String },
    /// `anchor(elements)`: a nested pass manager.
    Nested {
        anchor: String,
        elements: Vec<Element>,
    },
}

/// A pipeline string that does not parse or names something unknown. A usage error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError(pub String);

struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error<T>(&self, message: &str) -> Result<T, PipelineError> {
        Err(PipelineError(format!(
            "invalid pass pipeline '{}': {message} at offset {}",
            self.text, self.pos
        )))
    }

    fn name(&mut self) -> Result<String, PipelineError> {
        self.skip_spaces();
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '$'))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return self.error("expected a pass or operation name");
        }
        Ok(self.text[start..self.pos].to_string())
    }

    /// Text between balanced braces (quotes and nested braces respected); `pos` is at `{`.
    fn braces(&mut self) -> Result<String, PipelineError> {
        let start = self.pos + 1;
        let (mut depth, mut quote) = (0usize, None::<char>);
        for (offset, c) in self.text[self.pos..].char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '{') => depth += 1,
                (None, '}') => {
                    depth -= 1;
                    if depth == 0 {
                        let end = self.pos + offset;
                        self.pos = end + 1;
                        return Ok(self.text[start..end].to_string());
                    }
                }
                _ => {}
            }
        }
        self.error("unbalanced '{'")
    }

    fn list(&mut self) -> Result<Vec<Element>, PipelineError> {
        let mut elements = Vec::new();
        loop {
            self.skip_spaces();
            if matches!(self.peek(), None | Some(')')) && elements.is_empty() {
                return Ok(elements);
            }
            let name = self.name()?;
            self.skip_spaces();
            let element = match self.peek() {
                Some('(') => {
                    self.pos += 1;
                    let elements = self.list()?;
                    self.skip_spaces();
                    if self.peek() != Some(')') {
                        return self.error("expected ')'");
                    }
                    self.pos += 1;
                    Element::Nested {
                        anchor: name,
                        elements,
                    }
                }
                Some('{') => Element::Pass {
                    name,
                    options: self.braces()?,
                },
                _ => Element::Pass {
                    name,
                    options: String::new(),
                },
            };
            elements.push(element);
            self.skip_spaces();
            match self.peek() {
                Some(',') => self.pos += 1,
                None | Some(')') => return Ok(elements),
                Some(c) => return self.error(&format!("unexpected '{c}'")),
            }
        }
    }
}

/// Parses a pipeline string into its elements, unwrapping a top-level `builtin.module(...)` or
/// `any(...)`.
pub fn parse(text: &str) -> Result<Vec<Element>, PipelineError> {
    let mut parser = Parser { text, pos: 0 };
    let elements = parser.list()?;
    parser.skip_spaces();
    if parser.pos != text.len() {
        return parser.error("unexpected trailing text");
    }
    Ok(match elements.as_slice() {
        [Element::Nested { anchor, elements }] if anchor == "builtin.module" || anchor == "any" => {
            elements.clone()
        }
        _ => elements,
    })
}

/// Adds the parsed elements to `manager`, which runs on operations named `anchor`.
pub fn add_elements(
    manager: OperationPassManager<'_, '_>,
    anchor: &str,
    elements: &[Element],
) -> Result<(), PipelineError> {
    for element in elements {
        match element {
            Element::Nested {
                anchor: nested,
                elements,
            } => add_elements(manager.nested_under(nested), nested, elements)?,
            Element::Pass { name, options } => {
                if let Some(info) = lookup(name) {
                    if info.anchor != anchor && anchor != "any" {
                        return Err(PipelineError(format!(
                            "pass '{name}' runs on '{}', it cannot be nested under '{anchor}'",
                            info.anchor
                        )));
                    }
                    let options = parse_options(info, options).map_err(PipelineError)?;
                    manager.add_pass(create_pass(info, options));
                } else {
                    add_upstream(manager, name, options)?;
                }
            }
        }
    }
    Ok(())
}

fn add_upstream(
    manager: OperationPassManager<'_, '_>,
    name: &str,
    options: &str,
) -> Result<(), PipelineError> {
    unsafe extern "C" fn collect(message: MlirStringRef, data: *mut c_void) {
        let data = unsafe { &mut *(data as *mut String) };
        if let Ok(text) = unsafe { StringRef::from_raw(message) }.as_str() {
            data.push_str(text);
        }
    }
    let text = if options.is_empty() {
        name.to_string()
    } else {
        format!("{name}{{{options}}}")
    };
    let mut message = String::new();
    let result = unsafe {
        mlirOpPassManagerAddPipeline(
            manager.to_raw(),
            StringRef::new(&text).to_raw(),
            Some(collect),
            &mut message as *mut String as *mut c_void,
        )
    };
    if result.value == 0 {
        let message = message.trim();
        return Err(PipelineError(if message.is_empty() {
            format!("unknown pass '{name}'")
        } else {
            message.lines().next().unwrap_or(message).to_string()
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(name: &str, options: &str) -> Element {
        Element::Pass {
            name: name.into(),
            options: options.into(),
        }
    }

    #[test]
    fn parses_nesting_and_options() {
        assert_eq!(
            parse("builtin.module(canonicalize{max-iterations=3 region-simplify=disabled}, func.func(cse),par-verify)")
                .unwrap(),
            vec![
                pass("canonicalize", "max-iterations=3 region-simplify=disabled"),
                Element::Nested {
                    anchor: "func.func".into(),
                    elements: vec![pass("cse", "")]
                },
                pass("par-verify", ""),
            ]
        );
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(parse("builtin.module()").unwrap(), vec![]);
    }

    #[test]
    fn rejects_malformed_pipelines() {
        assert!(parse("builtin.module(cse").is_err());
        assert!(parse("cse{a=1").is_err());
        assert!(parse("cse) x").is_err());
        assert!(parse("cse,,cse").is_err());
    }
}
