//! `flexc --target=cuda`: the compiler side of the GPU target. A partitioned program (the serial
//! function `@f` and its device functions `@f_device<d>`, materialized from a `.par.mlir`) becomes
//! one artifact: an x86-64 ELF shared object holding the host code of every function, the PTX of
//! every kernel and a JSON manifest (`docs/gpu.md`, "Artifact format", is the reference).
//!
//! Data flow: the stages of one typed recipe, `flexc_passes::pass_pipeline::gpu_target` (its `gpu-*`
//! passes one file each in `passes/`), with what the manifest needs read between them here:
//! 0. graph ops marked for profiling, the strategy materialized (`pass_pipeline::materialize`), every
//!    task bracketed by `flexc_gpu_task_begin/end` (`program.rs`'s marking, shared with flexc-run);
//! 1. `tensor`: torch-mlir's `tm_tensor.scatter` → upstream ops on tensors (`tm-tensor-lowering`:
//!    the gather family's deterministic schemes, shared with flexc-run; their parallel loop is an
//!    `scf.for` marked for step 2), the dialects checked (`gpu-check-dialects`), contraction
//!    operands that no GEMM reads in their order transposed into GEMM order (`gpu-gemm-operands`,
//!    then `cse`: one transpose per operand), every linalg op
//!    tagged with its family's GPU lowering (`gpu-tag-families`), `par` communication →
//!    `flexc_gpu_*` calls (`par-lower-runtime{target=gpu}`), elementwise chains fused
//!    (`linalg-fuse-elementwise-ops`), one-shot bufferization, constants uploaded into fresh
//!    buffers (`gpu-upload-constants`), every buffer freed after its last use, then the device
//!    rewrite (`gpu-to-device`): host memory → device memory (`gpu.alloc`; constants → the
//!    runtime's resident copies, `flexc_gpu_resident_<T>`, uploaded once per device), contractions
//!    that group into a GEMM and convolutions → vendor-library calls (`flexc_gpu_gemm_f32`, ...,
//!    the entry chosen by the family's tag), copies → `linalg.copy` (copy kernels); the library
//!    calls are read for the manifest (`gpu_to_device::library_calls`);
//! 2. `parallel_loops`: the device rewrite's helpers inlined, reductions over one long dim → block
//!    reductions (`gpu-block-reductions`: a block per output, threads striding the reduced dim,
//!    `gpu.all_reduce`), the families' marked `scf.for`s → `scf.parallel` (`gpu-parallel-loops`);
//!    the kernels' families read for the manifest (`gpu/kernels.rs`); `kernels`: kernels'
//!    `cf.assert`s dropped, 0-d ops → one-iteration loops, every remaining linalg op →
//!    `scf.parallel`, contiguous dim first (`gpu-contiguous-dim-first`), tiled with 128 threads per
//!    block on it, blocks over the rest → `gpu.launch` → outlined `gpu.module`s, no memory access
//!    left on the host (`gpu-check-host-code`);
//! 3. `kernel_lowering` (NVVM), then `gpu/codegen.rs`: each `gpu.module` → LLVM IR (MLIR's
//!    translation) → libdevice linked → PTX by inkwell's NVPTX target machine → `gpu.binary`;
//! 4. `host`: `gpu-to-llvm` (MLIR's GPU runtime-wrapper calls `mgpu*`) → LLVM IR → inkwell's host
//!    target machine → object → `cc -shared` with the manifest.
//!
//! Weights: elided weights (`dense_resource` handles without data) become arguments of every
//! program, seeded by `flexc-gpu` as `flexc-run` fills them (`gpu/weights.rs`), so a full-size
//! model's artifact does not carry its weights; weights with data stay constants, uploaded once per
//! device. The serial and the device programs use the same weights, and `flexc-run` with the same
//! seed computes the same function on CPU.

mod codegen;
mod kernels;
mod weights;

use crate::{
    diagnostics::{Diag, FileLoc},
    session::{create_context, Session},
};
use flexc_core::contract::manifest;
use flexc_dialects::names::parse_device_function as device_function;
use flexc_passes::gpu_to_device::LibraryCall;
use flexc_passes::ir::{op_name, symbol_name, top_level_ops};
use flexc_passes::pass_pipeline;
use melior::ir::{operation::OperationLike, Module};
use mlir_sys::*;
use std::path::PathBuf;

/// The GPU architectures `--gpu-arch` accepts (PTX is assembled for them by `ptxas` in the tests).
pub const ARCHS: &[&str] = flexc_core::contract::ARCHS;

/// Threads per block of the generated elementwise, data-movement and gather kernels.
pub const BLOCK_THREADS: u32 = 128;

/// What `--target=cuda` writes: the artifact, or (for tests and inspection) an intermediate stage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CudaEmit {
    /// The shared object (`docs/gpu.md`).
    #[default]
    Artifact,
    /// The module with its kernels mapped and outlined (GPU dialect, `gpu.launch_func`, `gpu.module`s).
    Gpu,
    /// The PTX of every kernel module, each after a `// gpu.module @name` line.
    Ptx,
    /// The host module in the LLVM dialect (`gpu.binary`s holding the PTX, `mgpu*` calls).
    Host,
    /// The artifact's manifest, indented (made before the PTX: no libdevice or LLVM code generation
    /// needed).
    Manifest,
}

/// What `--target=cuda` needs besides the module.
#[derive(Clone, Debug)]
pub struct CudaOptions {
    /// What to write.
    pub emit: CudaEmit,
    /// `sm_90` (default) or `sm_80`.
    pub arch: String,
    /// `libdevice.10.bc`; `None`: [`default_libdevice`].
    pub libdevice: Option<PathBuf>,
    /// Seed of the elided weights (as `flexc-run --seed`).
    pub seed: u64,
    /// Devices to materialize a `.par.mlir` for (`None`: its `#par.machine`).
    pub devices: Option<flexc_core::DeviceCount>,
    /// Parse generic-form StableHLO (`--allow-unregistered-dialect`); it is lowered to linalg.
    pub allow_unregistered_dialect: bool,
}

impl Default for CudaOptions {
    fn default() -> Self {
        CudaOptions {
            emit: CudaEmit::Artifact,
            arch: "sm_90".into(),
            libdevice: None,
            seed: 0,
            devices: None,
            allow_unregistered_dialect: false,
        }
    }
}

/// Where `tools/setup` installs libdevice: `.tools/cuda/...` of the repository flexc was built from,
/// or `$FLEXC_LIBDEVICE`.
pub fn default_libdevice() -> PathBuf {
    if let Some(path) = std::env::var_os("FLEXC_LIBDEVICE") {
        return PathBuf::from(path);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(".tools/cuda/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc")
}

/// One entry of the manifest's `programs`.
#[derive(Clone, Debug)]
struct Program {
    name: String,
    device: Option<usize>,
    /// Whether the function returns results (device programs other than device 0 usually do not).
    returns: bool,
}

/// A generated kernel, for the manifest.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    pub family: &'static str,
    pub block: [u32; 3],
}

/// A tensor of an entry's signature, for the manifest.
#[derive(Clone, Debug)]
struct Tensor {
    dtype: String,
    shape: Vec<u64>,
}

/// Compiles `text` (a module with `@f`/`@f_device<d>`, or ops with `par.config` to materialize) to
/// the bytes of the artifact. `name` locates diagnostics; `model` goes into the manifest.
pub fn compile(
    name: &str,
    text: &[u8],
    model: &str,
    options: &CudaOptions,
) -> Result<Vec<u8>, Vec<Diag>> {
    if !ARCHS.contains(&options.arch.as_str()) {
        return Err(vec![Diag::error(
            None,
            format!(
                "unsupported GPU architecture '{}' (supported: {})",
                options.arch,
                ARCHS.join(", ")
            ),
        )]);
    }
    let context = create_context(options.allow_unregistered_dialect);
    let session = Session::new(&context).map_err(|e| vec![e])?;
    unsafe {
        // The rewrites create gpu ops directly; the later passes need NVVM and LLVM loaded too.
        mlirContextLoadAllAvailableDialects(context.to_raw());
        mlirRegisterAllLLVMTranslations(context.to_raw());
    }
    let start = Some(FileLoc {
        file: name.to_string(),
        line: 1,
        column: 1,
    });
    let mut module = session.parse_verified(name, text)?;
    let mut found = programs(&module);
    // Graph op keys (task, whole op) when the strategy is materialized here: the profiled tasks.
    let mut keys = Vec::new();
    if found.iter().all(|p| p.device.is_none()) {
        // A graph the import analysis cannot read still compiles, without profiled tasks.
        keys = crate::program::mark_graph_ops_whole(&module).unwrap_or_default();
        // StableHLO exports: lowered to linalg as flexc-run lowers them (marks carried over).
        crate::program::lower_stablehlo(&session, &mut module)?;
        lower(
            &session,
            &mut module,
            &pass_pipeline::materialize(options.devices),
        )?;
        found = programs(&module);
    }
    let programs = found;
    let serial = programs
        .iter()
        .find(|p| p.device.is_none())
        .cloned()
        .ok_or_else(|| {
            vec![Diag::error(
                start.clone(),
                "no function to compile: expected a serial function @f with device functions @f_device0, ... (the output of par-materialize), or ops with par.config to materialize",
            )]
        })?;
    let devices = programs.iter().filter(|p| p.device.is_some()).count();
    let Ok(devices) = flexc_core::DeviceCount::new(devices as u64) else {
        return Err(vec![Diag::error(
            start,
            format!("@{} has no device functions @{}_device0, ...: give a .par.mlir with a strategy, or search one (--search)", serial.name, serial.name),
        )]);
    };
    let weights = weights::weights_as_arguments(&module, &programs);
    let (inputs, outputs) = signature(&module, &serial.name);
    // What is left elided (outside the programs, or of an element type without a seeding rule)
    // travels as constants.
    crate::program::fill_elided_weights(&module, options.seed);
    let tasks = bracket_tasks(&context, &module, &programs, &keys);
    mark_c_interface(&module, &programs);
    let recipe = pass_pipeline::gpu_target(pass_pipeline::GpuTarget {
        arch: &options.arch,
        block_threads: BLOCK_THREADS,
    });
    // Scatters lowered, dialects checked, families tagged, bufferized, constants uploaded, on the
    // device with library calls.
    lower(&session, &mut module, &recipe.tensor)?;
    // Read before their helpers are inlined.
    let library = flexc_passes::gpu_to_device::library_calls(module.as_operation().to_raw());
    lower(&session, &mut module, &recipe.parallel_loops)?;
    // Read before the kernels' asserts go (they are ops of the bodies the families look at).
    let families = kernels::families(&module);
    lower(&session, &mut module, &recipe.kernels)?;
    let kernels = kernels::kernels(&module, &families);
    let manifest = manifest(
        model, options, &programs, &inputs, &weights, &outputs, &kernels, &library, &tasks, devices,
    );
    if options.emit == CudaEmit::Manifest {
        return Ok(manifest_lines(&manifest).into_bytes());
    }
    if options.emit == CudaEmit::Gpu {
        return Ok(print_with_locations(module.as_operation().to_raw()).into_bytes());
    }
    lower(&session, &mut module, &recipe.kernel_lowering)?;
    let libdevice = options.libdevice.clone().unwrap_or_else(default_libdevice);
    let ptx = codegen::kernels_to_ptx(&context, &module, &options.arch, &libdevice)
        .map_err(|e| vec![Diag::error(start.clone(), e)])?;
    if options.emit == CudaEmit::Ptx {
        let text: String = ptx
            .iter()
            .map(|(name, ptx)| format!("// gpu.module @{name}\n{ptx}\n"))
            .collect();
        return Ok(text.into_bytes());
    }
    lower(&session, &mut module, &recipe.host)?;
    if options.emit == CudaEmit::Host {
        return Ok(format!("{}\n", module.as_operation()).into_bytes());
    }
    codegen::artifact(&module, &manifest.to_json()).map_err(|e| vec![Diag::error(start, e)])
}

/// The text of `op` with its locations (`loc(...)`), so that the GPU compilation, which parses it
/// into a context of its own, reports errors at the input's lines.
pub fn print_with_locations(op: MlirOperation) -> String {
    unsafe extern "C" fn collect(text: MlirStringRef, data: *mut std::ffi::c_void) {
        let out = unsafe { &mut *(data as *mut Vec<u8>) };
        out.extend_from_slice(unsafe {
            std::slice::from_raw_parts(text.data as *const u8, text.length)
        });
    }
    let mut out = Vec::new();
    unsafe {
        let flags = mlirOpPrintingFlagsCreate();
        mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
        mlirOperationPrintWithFlags(op, flags, Some(collect), &mut out as *mut Vec<u8> as *mut _);
        mlirOpPrintingFlagsDestroy(flags);
    }
    out.push(b'\n');
    String::from_utf8_lossy(&out).into_owned()
}

/// Runs `recipe` (one of `flexc_passes::pass_pipeline`'s `gpu_*` recipes) over `module`; errors are the
/// captured diagnostics.
fn lower<'c>(
    session: &Session<'c>,
    module: &mut Module<'c>,
    recipe: &pass_pipeline::Pipeline,
) -> Result<(), Vec<Diag>> {
    session
        .run_pipeline(module, recipe)
        .map_err(|e| session.diagnosed(format!("the GPU lowering failed: {e}")))
}

/// Whether some op of `module` carries a `#par.config` (a strategy to materialize: a `.par.mlir`).
pub fn has_strategy(module: &Module) -> bool {
    let mut found = false;
    module
        .as_operation()
        .walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            if op.attribute(flexc_dialects::names::CONFIG_ATTR).is_ok() {
                found = true;
                return melior::ir::operation::WalkResult::Interrupt;
            }
            melior::ir::operation::WalkResult::Advance
        });
    found
}

/// Whether `module` holds device programs already (`@f` with `@f_device0`, ...).
pub fn is_materialized(module: &Module) -> bool {
    programs(module).iter().any(|p| p.device.is_some())
}

/// The first public function with device functions and its device functions (else the first
/// function alone).
fn programs(module: &Module) -> Vec<Program> {
    let functions: Vec<String> = top_level_ops(module.as_operation().to_raw())
        .into_iter()
        .filter(|&op| op_name(op) == "func.func" && !is_declaration(op))
        .map(symbol_name)
        .collect();
    let mut programs = Vec::new();
    // The first serial function with device functions (the one flexc-gpu runs), then its devices.
    let serial = functions.iter().find(|name| {
        device_function(name).is_none() && functions.contains(&format!("{name}_device0"))
    });
    let Some(serial) = serial else {
        return functions
            .iter()
            .filter(|name| device_function(name).is_none())
            .take(1)
            .map(|name| Program {
                name: name.clone(),
                device: None,
                returns: returns(module, name),
            })
            .collect();
    };
    programs.push(Program {
        name: serial.clone(),
        device: None,
        returns: returns(module, serial),
    });
    let mut device = 0;
    while functions.contains(&format!("{serial}_device{device}")) {
        let name = format!("{serial}_device{device}");
        programs.push(Program {
            returns: returns(module, &name),
            name,
            device: Some(device),
        });
        device += 1;
    }
    programs
}

/// Whether the function `@name` of `module` has results.
fn returns(module: &Module, name: &str) -> bool {
    !signature(module, name).1.is_empty()
}

/// Whether `function` is a declaration (no body).
fn is_declaration(function: MlirOperation) -> bool {
    unsafe {
        let region = mlirOperationGetRegion(function, 0);
        mlirRegionGetFirstBlock(region).ptr.is_null()
    }
}

/// Inputs and outputs of `@name` (tensor types, before bufferization).
fn signature(module: &Module, name: &str) -> (Vec<Tensor>, Vec<Tensor>) {
    let Some(function) = top_level_ops(module.as_operation().to_raw())
        .into_iter()
        .find(|&op| op_name(op) == "func.func" && symbol_name(op) == name)
    else {
        return (vec![], vec![]);
    };
    let ty = unsafe {
        let attribute = mlirOperationGetAttributeByName(
            function,
            melior::StringRef::new("function_type").to_raw(),
        );
        mlirTypeAttrGetValue(attribute)
    };
    let tensor = |ty: MlirType| {
        flexc_passes::ir::tensor_shape(ty)
            .map(|shape| Tensor {
                dtype: shape.element.clone(),
                shape: shape.static_dims(),
            })
            .unwrap_or_else(|| Tensor {
                dtype: flexc_passes::ir::type_text(ty),
                shape: vec![],
            })
    };
    unsafe {
        let inputs = (0..mlirFunctionTypeGetNumInputs(ty))
            .map(|i| tensor(mlirFunctionTypeGetInput(ty, i)))
            .collect();
        let outputs = (0..mlirFunctionTypeGetNumResults(ty))
            .map(|i| tensor(mlirFunctionTypeGetResult(ty, i)))
            .collect();
        (inputs, outputs)
    }
}

/// A profiled task of the manifest: the id its brackets pass and its profile key.
#[derive(Clone, Debug)]
pub struct Task {
    pub id: i64,
    pub op: String,
    pub shape: Vec<u64>,
    pub dtype: flexc_core::DType,
}

/// Brackets every task of every program with `flexc_gpu_task_begin/end(id)` (the extents
/// `flexc-run --profile-db-out` times: `program::bracket_tasks`) and returns the manifest's
/// tasks. Graph op `k` (of `keys`, from `program::mark_graph_ops_whole`) has id `k` in the device
/// programs, keyed by its task extents, and id `K + k` in the serial program (`K` graph ops), keyed
/// by its whole extents: the keys the simulator's profile database looks up. No keys (an already
/// materialized input): nothing is bracketed.
fn bracket_tasks(
    context: &melior::Context,
    module: &Module,
    programs: &[Program],
    keys: &[(crate::program::OpKey, crate::program::OpKey)],
) -> Vec<Task> {
    if keys.is_empty() {
        return vec![];
    }
    let names = |serial: bool| -> Vec<String> {
        programs
            .iter()
            .filter(|p| p.device.is_none() == serial)
            .map(|p| p.name.clone())
            .collect()
    };
    let (devices, serial) = (names(false), names(true));
    let offset = keys.len() as i64;
    let brackets = crate::program::Brackets {
        begin: flexc_core::contract::TASK_BEGIN,
        end: flexc_core::contract::TASK_END,
        device_functions: &devices,
        serial: Some((&serial, offset)),
    };
    crate::program::bracket_tasks(context, module, &brackets, true);
    let task = |id: i64, key: &crate::program::OpKey| {
        key.as_ref().map(|(op, shape, dtype)| Task {
            id,
            op: op.clone(),
            shape: shape.clone(),
            dtype: *dtype,
        })
    };
    let device_tasks = keys.iter().enumerate().map(|(k, (t, _))| task(k as i64, t));
    let serial_tasks = keys
        .iter()
        .enumerate()
        .map(|(k, (_, w))| task(offset + k as i64, w));
    device_tasks.chain(serial_tasks).flatten().collect()
}

/// `llvm.emit_c_interface` on every program, so each has its `_mlir_ciface_<name>` entry.
fn mark_c_interface(module: &Module, programs: &[Program]) {
    for function in top_level_ops(module.as_operation().to_raw()) {
        if op_name(function) == "func.func"
            && programs.iter().any(|p| p.name == symbol_name(function))
        {
            flexc_passes::ir::mark_c_interface(function);
        }
    }
}

/// Where the ops went, summed over all programs.
fn placement(kernels: &[Kernel], library: &[LibraryCall]) -> manifest::Placement {
    let mut placement = manifest::Placement::default();
    for call in library {
        *placement
            .library
            .entry(call.entry.name().into())
            .or_default() += 1;
    }
    for kernel in kernels {
        *placement.kernels.entry(kernel.family.into()).or_default() += 1;
    }
    placement
}

/// `manifest` as JSON with one line per field and per array element (what `--gpu-emit=manifest`
/// prints, so that tests can match tasks and kernels line by line).
fn manifest_lines(manifest: &manifest::Manifest) -> String {
    let manifest = manifest.to_value();
    let Some(fields) = manifest.as_object() else {
        return format!("{manifest}\n");
    };
    let lines: Vec<String> = fields
        .iter()
        .map(|(key, value)| match value.as_array() {
            Some(items) if !items.is_empty() => {
                let items: Vec<String> = items.iter().map(|i| format!("    {i}")).collect();
                format!("  \"{key}\": [\n{}\n  ]", items.join(",\n"))
            }
            _ => format!("  \"{key}\": {value}"),
        })
        .collect();
    format!("{{\n{}\n}}\n", lines.join(",\n"))
}

/// The manifest (`docs/gpu.md`, "Artifact format"), version 1.
#[allow(clippy::too_many_arguments)]
fn manifest(
    model: &str,
    options: &CudaOptions,
    programs: &[Program],
    inputs: &[Tensor],
    weights: &weights::WeightArguments,
    outputs: &[Tensor],
    kernels: &[Kernel],
    library: &[LibraryCall],
    tasks: &[Task],
    devices: flexc_core::DeviceCount,
) -> manifest::Manifest {
    use manifest::*;
    let programs = programs
        .iter()
        .map(|p| manifest::Program {
            name: p.name.clone(),
            role: if p.device.is_some() {
                Role::Device
            } else {
                Role::Serial
            },
            device: p.device,
            entry: flexc_core::contract::entry_symbol(&p.name),
            returns: Some(p.returns),
            unused_inputs: weights.unused.get(&p.name).cloned().unwrap_or_default(),
        })
        .collect();
    // The data inputs, then the weight arguments (`gpu/weights.rs`).
    let data = inputs.len() - weights.weights.len();
    let inputs = inputs
        .iter()
        .enumerate()
        .map(
            |(index, t)| match index.checked_sub(data).and_then(|k| weights.weights.get(k)) {
                None => Input {
                    index,
                    dtype: t.dtype.clone(),
                    shape: t.shape.clone(),
                    kind: InputKind::Data,
                    elided: false,
                    handle: None,
                    type_text: None,
                },
                Some(w) => Input {
                    index,
                    dtype: w.dtype.clone(),
                    shape: w.shape.clone(),
                    kind: InputKind::Weight,
                    elided: true,
                    handle: Some(w.handle.clone()),
                    type_text: Some(w.type_text.clone()),
                },
            },
        )
        .collect();
    let outputs = outputs
        .iter()
        .enumerate()
        .map(|(index, t)| Output {
            index,
            dtype: t.dtype.clone(),
            shape: t.shape.clone(),
        })
        .collect();
    let placement = placement(kernels, library);
    let kernels = kernels
        .iter()
        .map(|k| manifest::Kernel {
            name: k.name.clone(),
            family: k.family.into(),
            block: k.block.map(u64::from).into(),
        })
        .collect();
    let library = library
        .iter()
        .map(|c| manifest::LibraryCall {
            entry: c.entry.name().into(),
            function: c.function.clone(),
            op: c.op.clone(),
        })
        .collect();
    let tasks = tasks
        .iter()
        .map(|t| manifest::Task {
            id: t.id,
            op: t.op.clone(),
            shape: Some(t.shape.clone()),
            dtype: Some(t.dtype.name().into()),
            key: None,
        })
        .collect();
    Manifest {
        format: FORMAT.into(),
        version: VERSION,
        arch: options.arch.clone(),
        devices,
        model: model.into(),
        weight_seed: Some(options.seed),
        programs,
        inputs,
        outputs,
        kernels,
        tasks,
        library,
        placement: Some(placement),
    }
}
