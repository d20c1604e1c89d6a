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
//!
//! flexc's own pipelines are not strings: they are built with the typed [`Pipeline`] builder (flexc passes
//! named by their [`PassInfo`], upstream passes by name) in the named recipes at the end of this file —
//! [`prepare`] and [`import`] (the driver), [`cpu_lowering`] and [`mpi_lowering`] (flexc-run), the
//! `gpu_*` recipes (`--target=cuda`). Only the `--pass-pipeline` user option is parsed from text.

use crate::par_lower_runtime::{LowerOptions, Target};
use crate::{
    create_pass, par_import, par_lower_runtime, par_materialize, par_unique_weights, par_verify,
    parse_options, PassInfo,
};
use melior::{pass::OperationPassManager, StringRef};
use mlir_sys::{mlirOpPassManagerAddPipeline, MlirStringRef};
use std::ffi::c_void;
use std::fmt;

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

/// A pipeline built in code, element by element; its [`Display`](fmt::Display) is the equivalent
/// pipeline string (for messages and `--print-pipeline`-style output).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pipeline(Vec<Element>);

impl Pipeline {
    pub fn new() -> Pipeline {
        Pipeline(Vec::new())
    }

    /// Appends the flexc pass `pass` with its option text (`key=value` words, possibly empty).
    pub fn flexc(mut self, pass: &'static PassInfo, options: &str) -> Pipeline {
        self.0.push(Element::Pass {
            name: pass.argument.into(),
            options: options.into(),
        });
        self
    }

    /// Appends the upstream MLIR pass `name` without options.
    pub fn upstream(self, name: &str) -> Pipeline {
        self.upstream_with(name, "")
    }

    /// Appends the upstream MLIR pass `name` with its option text (MLIR parses it).
    pub fn upstream_with(mut self, name: &str, options: &str) -> Pipeline {
        self.0.push(Element::Pass {
            name: name.into(),
            options: options.into(),
        });
        self
    }

    /// Appends `inner` nested on the ops named `anchor` (`func.func(...)`).
    pub fn nested(mut self, anchor: &str, inner: Pipeline) -> Pipeline {
        self.0.push(Element::Nested {
            anchor: anchor.into(),
            elements: inner.0,
        });
        self
    }

    /// Appends every element of `other`.
    pub fn then(mut self, other: Pipeline) -> Pipeline {
        self.0.extend(other.0);
        self
    }

    /// The elements before and after the first top-level `pass` (which is in neither); everything and
    /// nothing when it is absent. For a caller that runs that pass's code itself between the two.
    pub fn split_at(mut self, pass: &PassInfo) -> (Pipeline, Pipeline) {
        let at = self.0.iter().position(
            |element| matches!(element, Element::Pass { name, .. } if name == pass.argument),
        );
        match at {
            Some(at) => {
                let after = self.0.split_off(at + 1);
                self.0.pop();
                (self, Pipeline(after))
            }
            None => (self, Pipeline::new()),
        }
    }

    pub fn elements(&self) -> &[Element] {
        &self.0
    }

    /// Adds the pipeline to `manager`, which runs on `builtin.module`.
    pub fn add_to(&self, manager: OperationPassManager<'_, '_>) -> Result<(), PipelineError> {
        add_elements(manager, "builtin.module", &self.0)
    }
}

impl From<Vec<Element>> for Pipeline {
    fn from(elements: Vec<Element>) -> Pipeline {
        Pipeline(elements)
    }
}

fn write_elements(f: &mut fmt::Formatter<'_>, elements: &[Element]) -> fmt::Result {
    for (i, element) in elements.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        match element {
            Element::Pass { name, options } if options.is_empty() => f.write_str(name)?,
            Element::Pass { name, options } => write!(f, "{name}{{{options}}}")?,
            Element::Nested { anchor, elements } => {
                write!(f, "{anchor}(")?;
                write_elements(f, elements)?;
                f.write_str(")")?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Pipeline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("builtin.module(")?;
        write_elements(f, &self.0)?;
        f.write_str(")")
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
                if let Some(info) = crate::registry::lookup(name) {
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

// ---- Recipes: every pipeline flexc runs by itself. ----

/// What comes before the import: distinct weights stay distinct through upstream constant folding
/// (`par-unique-weights`), TOSA becomes linalg through upstream MLIR's own lowering (no-ops on other
/// input), and size-erasing casts whose sizes are known again downstream are folded
/// (`par-fold-casts`: torch-mlir's `aten.roll`).
pub fn prepare() -> Pipeline {
    let tosa = [
        "tosa-optional-decompositions",
        "tosa-to-linalg-named",
        "tosa-to-linalg",
        "tosa-to-arith",
        "tosa-to-tensor",
    ]
    .iter()
    .fold(Pipeline::new(), |p, name| p.upstream(name));
    Pipeline::new()
        .flexc(&par_unique_weights::INFO, "")
        .nested("func.func", tosa)
        .flexc(&crate::par_fold_casts::INFO, "")
}

/// The import (the driver's default pipeline): [`prepare`], `par-import` with `options`, then
/// `par-verify`. The pass manager verifies the module after every stage. The driver runs [`prepare`] and
/// then the import analysis itself, once, with `options` as they are (it needs the imported graph), so the
/// option text here only prints the recipe.
pub fn import(options: &crate::import::ImportOptions) -> Pipeline {
    prepare()
        .flexc(&par_import::INFO, &options.to_option_text())
        .flexc(&par_verify::INFO, "")
}

/// One function per device (flexc-run on a `.par.mlir`): for `devices` devices, else for the module's
/// `#par.machine`.
pub fn materialize(devices: Option<flexc_core::DeviceCount>) -> Pipeline {
    let options = devices.map_or(String::new(), |devices| format!("devices={devices}"));
    Pipeline::new().flexc(&par_materialize::INFO, &options)
}

/// StableHLO/CHLO (JAX exports) to linalg before materializing, the `par` annotations moved to the
/// replacing ops (`stablehlo-to-linalg`); then the private functions JAX calls are inlined (an
/// annotation inside a callee applies to every call), so that every graph op sits at the top level
/// of a public function, as par-materialize requires. No canonicalization: it could fold annotated
/// ops. The GPU target will start from the same recipe.
pub fn stablehlo_lowering() -> Pipeline {
    Pipeline::new()
        .flexc(&crate::stablehlo_to_linalg::INFO, "")
        .upstream_with("inline", "default-pipeline=")
}

/// The lowering from tensors with `par` ops to the LLVM dialect (MLIR 22), for flexc-run's in-process
/// runtime: `par-lower-runtime` turns the `par` communication into runtime calls, then upstream
/// bufferization and conversions. The GPU target's lowering is the `gpu_*` recipes below, run in
/// steps with flexc's own rewrites between them.
pub fn cpu_lowering() -> Pipeline {
    let options = LowerOptions::new(Target::Runtime);
    lowering(
        Pipeline::new().flexc(&par_lower_runtime::INFO, &options.to_option_text()),
        false,
    )
}

/// The lowering of an MPI worker: [`cpu_lowering`] with the `mpi` target of `par-lower-runtime` for
/// `ranks` processes, and `convert-to-llvm` for the `mpi` ops (their lowering is a dialect interface, not a
/// pass).
pub fn mpi_lowering(ranks: flexc_core::DeviceCount) -> Pipeline {
    let options = LowerOptions {
        ranks: Some(ranks),
        ..LowerOptions::new(Target::Mpi)
    };
    let runtime = Pipeline::new().flexc(&par_lower_runtime::INFO, &options.to_option_text());
    lowering(runtime, true)
}

/// `runtime` (the `par` lowering), then bufferization and the conversions to LLVM; `convert-to-llvm` for
/// dialects lowered through interfaces (`mpi`).
fn lowering(runtime: Pipeline, interfaces: bool) -> Pipeline {
    let to_llvm = [
        "finalize-memref-to-llvm",
        "convert-math-to-llvm",
        "convert-math-to-libm",
        "convert-arith-to-llvm",
        "convert-index-to-llvm",
        "convert-func-to-llvm",
        "convert-cf-to-llvm",
    ]
    .iter()
    .fold(Pipeline::new(), |p, name| p.upstream(name));
    let to_llvm = if interfaces {
        to_llvm.upstream("convert-to-llvm")
    } else {
        to_llvm
    };
    runtime
        .flexc(&crate::tm_tensor_lowering::INFO, "")
        .upstream("inline")
        .nested(
            "func.func",
            Pipeline::new().upstream("convert-elementwise-to-linalg"),
        )
        .upstream_with(
            "one-shot-bufferize",
            "bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
        )
        .upstream("convert-linalg-to-loops")
        .upstream("lower-affine")
        .upstream("convert-scf-to-cf")
        .upstream("expand-strided-metadata")
        .upstream("lower-affine")
        .then(to_llvm)
        .upstream("reconcile-unrealized-casts")
}

// ---- The GPU target's recipe (`flexc --target=cuda`: src/gpu.rs runs its stages in order). ----

/// torch-mlir's `tm_tensor.scatter` → upstream ops on tensors (the gather family's lowering), after
/// materializing; the first step of [`cpu_lowering`] and of the GPU target (before its dialect check).
pub fn tm_tensor_lowering() -> Pipeline {
    Pipeline::new().flexc(&crate::tm_tensor_lowering::INFO, "")
}

/// The options of the GPU target's recipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuTarget<'a> {
    /// The `nvvm-attach-target` chip (`sm_90`, `sm_80`).
    pub arch: &'a str,
    /// Threads per block of the generated kernels (the contiguous dim's tile).
    pub block_threads: u32,
}

/// The GPU target as one recipe in stages; between them `gpu::compile` reads what the manifest
/// lists (the library calls, the kernels' families) and generates PTX and host code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuRecipe {
    /// `tm-tensor-lowering`, `gpu-check-dialects`, `gpu-tag-families`, then [`gpu_tensor_lowering`]
    /// (communication calls, fusion, bufferization), `gpu-upload-constants`, [`gpu_deallocation`]
    /// and `gpu-to-device` (device memory, library calls). Then the library calls are read.
    pub tensor: Pipeline,
    /// `gpu-to-device`'s helper functions inlined (no canonicalization), `gpu-block-reductions`,
    /// `gpu-parallel-loops`. Then the kernels' families are read.
    pub parallel_loops: Pipeline,
    /// `gpu-drop-kernel-asserts`, `gpu-wrap-scalar-ops`, [`gpu_loops`], `gpu-contiguous-dim-first`,
    /// [`gpu_kernel_mapping`] and `gpu-check-host-code`: the `--gpu-emit=gpu` stage.
    pub kernels: Pipeline,
    /// [`gpu_kernel_lowering`]: kernel bodies to NVVM. Then PTX.
    pub kernel_lowering: Pipeline,
    /// [`gpu_host_lowering`]: the `--gpu-emit=host` stage.
    pub host: Pipeline,
}

/// The GPU target's recipe for `target`.
pub fn gpu_target(target: GpuTarget<'_>) -> GpuRecipe {
    GpuRecipe {
        tensor: tm_tensor_lowering()
            .flexc(&crate::gpu_check_dialects::INFO, "")
            .flexc(&crate::gpu_gemm_operands::INFO, "")
            .upstream("cse")
            .flexc(&crate::gpu_tag_families::INFO, "")
            .then(gpu_tensor_lowering())
            .flexc(&crate::gpu_upload_constants::INFO, "")
            .then(gpu_deallocation())
            .flexc(&crate::gpu_to_device::INFO, ""),
        parallel_loops: Pipeline::new()
            .upstream_with("inline", "default-pipeline=")
            .flexc(&crate::gpu_block_reductions::INFO, "")
            .flexc(&crate::gpu_parallel_loops::INFO, ""),
        kernels: Pipeline::new()
            .flexc(&crate::gpu_drop_kernel_asserts::INFO, "")
            .flexc(&crate::gpu_wrap_scalar_ops::INFO, "")
            .then(gpu_loops())
            .flexc(&crate::gpu_contiguous_dim_first::INFO, "")
            .then(gpu_kernel_mapping(target.block_threads))
            .flexc(&crate::gpu_check_host_code::INFO, ""),
        kernel_lowering: gpu_kernel_lowering(target.arch),
        host: gpu_host_lowering(),
    }
}

/// Tensor-level GPU lowering: `par` communication → `flexc_gpu_*` calls (`par-lower-runtime` with
/// `target=gpu`), helpers inlined, elementwise chains fused into one op each, one-shot bufferization
/// with identity layouts at function boundaries.
pub fn gpu_tensor_lowering() -> Pipeline {
    Pipeline::new()
        .flexc(&par_lower_runtime::INFO, "target=gpu")
        .upstream("inline")
        .nested(
            "func.func",
            Pipeline::new().upstream("convert-elementwise-to-linalg"),
        )
        .nested(
            "func.func",
            Pipeline::new().upstream("linalg-fuse-elementwise-ops"),
        )
        .upstream("canonicalize")
        .upstream_with(
            "one-shot-bufferize",
            // A micro-batch loop's carried stashes and accumulators may be new buffers each
            // iteration (fused elementwise ops write fresh ones); the deallocation frees them.
            "bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops",
        )
        .upstream("canonicalize")
}

/// After the constants' uploads: every buffer freed after its last use; the clones the deallocation
/// inserts (a function returning its argument, or one buffer twice, returns an owned copy) become an
/// allocation and a copy, which the GPU rewrite makes device memory and a copy kernel.
pub fn gpu_deallocation() -> Pipeline {
    Pipeline::new()
        .upstream("buffer-deallocation-pipeline")
        .upstream("convert-bufferization-to-memref")
        .upstream("canonicalize")
}

/// Every linalg op left (after the library calls) → a parallel loop nest.
pub fn gpu_loops() -> Pipeline {
    Pipeline::new().nested(
        "func.func",
        Pipeline::new().upstream("convert-linalg-to-parallel-loops"),
    )
}

/// The parallel loops onto the GPU: the leading (contiguous, after `gpu-contiguous-dim-first`) dim
/// tiled by `block_threads` threads per block, tiles and the next dims on the grid, `gpu.launch`
/// outlined into `gpu.module`s, then the index arithmetic and control flow lowered.
pub fn gpu_kernel_mapping(block_threads: u32) -> Pipeline {
    let mapping = Pipeline::new()
        .upstream_with(
            "scf-parallel-loop-tiling",
            &format!("parallel-loop-tile-sizes={block_threads} no-min-max-bounds=true"),
        )
        .upstream("gpu-map-parallel-loops")
        .upstream("convert-parallel-loops-to-gpu")
        .upstream("canonicalize");
    Pipeline::new()
        .nested("func.func", mapping)
        .upstream("gpu-kernel-outlining")
        .upstream("expand-strided-metadata")
        .upstream("lower-affine")
        .upstream("convert-scf-to-cf")
}

/// Kernel bodies (`gpu.module`s) to NVVM for `arch` (`sm_90`, `sm_80`).
pub fn gpu_kernel_lowering(arch: &str) -> Pipeline {
    Pipeline::new()
        .upstream_with("nvvm-attach-target", &format!("chip={arch} O=3"))
        .nested(
            "gpu.module",
            Pipeline::new().upstream("convert-gpu-to-nvvm"),
        )
        .upstream("reconcile-unrealized-casts")
}

/// Host code once the kernels are `gpu.binary` objects: one stream per call (`gpu-async-region`),
/// MLIR's GPU runtime-wrapper calls (`gpu-to-llvm`), then the conversions to the LLVM dialect.
pub fn gpu_host_lowering() -> Pipeline {
    [
        "gpu-to-llvm",
        "expand-strided-metadata",
        "lower-affine",
        "finalize-memref-to-llvm",
        "convert-math-to-llvm",
        "convert-arith-to-llvm",
        "convert-index-to-llvm",
        "convert-func-to-llvm",
        "convert-cf-to-llvm",
        "reconcile-unrealized-casts",
    ]
    .iter()
    .fold(
        Pipeline::new().nested("func.func", Pipeline::new().upstream("gpu-async-region")),
        |p, name| p.upstream(name),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpu_recipes_print_as_the_pipelines_they_replace() {
        assert_eq!(
            gpu_tensor_lowering().to_string(),
            "builtin.module(par-lower-runtime{target=gpu},inline,func.func(convert-elementwise-to-linalg),\
             func.func(linalg-fuse-elementwise-ops),canonicalize,\
             one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops},\
             canonicalize)"
        );
        assert_eq!(
            gpu_deallocation().to_string(),
            "builtin.module(buffer-deallocation-pipeline,convert-bufferization-to-memref,canonicalize)"
        );
        assert_eq!(
            gpu_loops().to_string(),
            "builtin.module(func.func(convert-linalg-to-parallel-loops))"
        );
        assert_eq!(
            gpu_kernel_mapping(128).to_string(),
            "builtin.module(func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=128 no-min-max-bounds=true},\
             gpu-map-parallel-loops,convert-parallel-loops-to-gpu,canonicalize),gpu-kernel-outlining,\
             expand-strided-metadata,lower-affine,convert-scf-to-cf)"
        );
        assert_eq!(
            gpu_kernel_lowering("sm_80").to_string(),
            "builtin.module(nvvm-attach-target{chip=sm_80 O=3},gpu.module(convert-gpu-to-nvvm),reconcile-unrealized-casts)"
        );
        assert_eq!(
            gpu_host_lowering().to_string(),
            "builtin.module(func.func(gpu-async-region),gpu-to-llvm,expand-strided-metadata,lower-affine,\
             finalize-memref-to-llvm,convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,\
             convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)"
        );
        let recipe = gpu_target(GpuTarget {
            arch: "sm_80",
            block_threads: 128,
        });
        assert_eq!(
            recipe.tensor.to_string(),
            format!(
                "builtin.module(tm-tensor-lowering,gpu-check-dialects,gpu-gemm-operands,cse,gpu-tag-families,{},gpu-upload-constants,{},gpu-to-device)",
                inner(gpu_tensor_lowering()),
                inner(gpu_deallocation())
            )
        );
        assert_eq!(
            recipe.parallel_loops.to_string(),
            "builtin.module(inline{default-pipeline=},gpu-block-reductions,gpu-parallel-loops)"
        );
        assert_eq!(
            recipe.kernels.to_string(),
            format!(
                "builtin.module(gpu-drop-kernel-asserts,gpu-wrap-scalar-ops,{},gpu-contiguous-dim-first,{},gpu-check-host-code)",
                inner(gpu_loops()),
                inner(gpu_kernel_mapping(128))
            )
        );
        assert_eq!(recipe.kernel_lowering, gpu_kernel_lowering("sm_80"));
        for recipe in [
            recipe.tensor,
            recipe.kernels,
            gpu_tensor_lowering(),
            gpu_kernel_mapping(64),
            gpu_kernel_lowering("sm_90"),
            gpu_host_lowering(),
        ] {
            let text = recipe.to_string();
            assert_eq!(parse(&text).unwrap(), recipe.elements(), "{text}");
        }
    }

    /// A recipe's text without its `builtin.module(...)`.
    fn inner(recipe: Pipeline) -> String {
        let text = recipe.to_string();
        text["builtin.module(".len()..text.len() - 1].to_string()
    }

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
    fn recipes_print_as_pipeline_strings_that_parse_back() {
        let four = flexc_core::DeviceCount::new(4).unwrap();
        for recipe in [
            import(&Default::default()),
            cpu_lowering(),
            mpi_lowering(four),
        ] {
            let text = recipe.to_string();
            assert_eq!(parse(&text).unwrap(), recipe.elements(), "{text}");
        }
        assert_eq!(
            cpu_lowering().to_string(),
            "builtin.module(par-lower-runtime,tm-tensor-lowering,inline,func.func(convert-elementwise-to-linalg),\
             one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},\
             convert-linalg-to-loops,lower-affine,convert-scf-to-cf,expand-strided-metadata,lower-affine,\
             finalize-memref-to-llvm,convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,\
             convert-index-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)"
        );
        assert!(mpi_lowering(four)
            .to_string()
            .contains("par-lower-runtime{target=mpi ranks=4},tm-tensor-lowering,inline,"));
        assert!(mpi_lowering(four)
            .to_string()
            .ends_with("convert-cf-to-llvm,convert-to-llvm,reconcile-unrealized-casts)"));
    }

    #[test]
    fn import_options_round_trip_through_their_option_text() {
        use crate::import::ImportOptions;
        let cases = [
            ImportOptions::default(),
            ImportOptions {
                batch_dim: 1,
                param_args: vec![0, 2, 3, 4],
                data_args: vec![5],
                opaque_unknown: true,
                sample_reductions: true,
                entry: Some("main$1.x".into()),
                batch: Some(64),
            },
        ];
        for options in cases {
            let recipe = import(&options);
            let Some(Element::Pass {
                name,
                options: text,
            }) = recipe
                .elements()
                .iter()
                .find(|e| matches!(e, Element::Pass { name, .. } if name == "par-import"))
            else {
                panic!("no par-import in {recipe}");
            };
            assert_eq!(name, "par-import");
            let parsed = parse_options(&par_import::INFO, text).unwrap();
            assert_eq!(ImportOptions::from_pass_options(&parsed), options, "{text}");
        }
        assert_eq!(
            crate::check_option(&par_import::INFO, "param-args", "0,x").unwrap_err(),
            "option 'param-args' of pass 'par-import' must be a comma-separated list of \
             non-negative integers or ranges a-b, got '0,x'"
        );
        assert!(crate::check_option(&par_import::INFO, "entry", "a+b").is_err());
        assert!(crate::check_option(&par_import::INFO, "entry", "main").is_ok());
    }

    #[test]
    fn lower_runtime_options_round_trip_through_their_option_text() {
        let four = flexc_core::DeviceCount::new(4).unwrap();
        for options in [
            LowerOptions::new(Target::Runtime),
            LowerOptions::new(Target::Gpu),
            LowerOptions {
                ranks: Some(four),
                mpi_abi: "MPICH",
                ..LowerOptions::new(Target::Mpi)
            },
        ] {
            let text = options.to_option_text();
            let parsed = parse_options(&par_lower_runtime::INFO, &text).unwrap();
            assert_eq!(LowerOptions::from_pass_options(&parsed), options, "{text}");
        }
        assert_eq!(
            LowerOptions::new(Target::Gpu).to_option_text(),
            "target=gpu",
            "the GPU recipe's text"
        );
    }

    #[test]
    fn rejects_malformed_pipelines() {
        assert!(parse("builtin.module(cse").is_err());
        assert!(parse("cse{a=1").is_err());
        assert!(parse("cse) x").is_err());
        assert!(parse("cse,,cse").is_err());
    }
}
