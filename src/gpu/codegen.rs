//! Machine code of the GPU target, by inkwell (LLVM 22, linked statically like MLIR):
//! - [`kernels_to_ptx`]: each `gpu.module` (NVVM dialect) → LLVM IR by MLIR's translation →
//!   `libdevice.10.bc` linked when a kernel calls a `__nv_*` math function (its other functions
//!   internalized, so only what is called stays) → `default<O3>` → PTX by the NVPTX target machine →
//!   a `gpu.binary` of format `assembly` in place of the module;
//! - [`artifact`]: the host module (after `gpu-to-llvm`) → LLVM IR (the `gpu.binary`s become
//!   constant PTX strings loaded by `mgpuModuleLoadJIT` in a global constructor) plus the exported
//!   `flexc_gpu_manifest` string → object file by the host (x86-64) target machine → `cc -shared`.

use flexc_passes::ir::{op_name, symbol_name, top_level_ops};
use inkwell::{
    context::Context,
    module::{Linkage, Module},
    passes::PassBuilderOptions,
    targets::{
        CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
    },
    AddressSpace, OptimizationLevel,
};
use melior::ir::Module as MlirModule;
use mlir_sys::*;
use std::path::Path;

/// The NVPTX target machine for `arch` (`sm_90`, `sm_80`).
fn nvptx_machine(arch: &str) -> Result<TargetMachine, String> {
    Target::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create("nvptx64-nvidia-cuda");
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    target
        .create_target_machine(
            &triple,
            arch,
            "",
            OptimizationLevel::Aggressive,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| format!("LLVM has no NVPTX target machine for {arch}"))
}

/// The x86-64 Linux target machine of the host code (generic CPU: the artifact runs on any x86-64).
fn host_machine() -> Result<TargetMachine, String> {
    Target::initialize_x86(&InitializationConfig::default());
    let triple = TargetTriple::create("x86_64-unknown-linux-gnu");
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    target
        .create_target_machine(
            &triple,
            "x86-64",
            "",
            OptimizationLevel::Default,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| "LLVM has no x86-64 target machine".to_string())
}

/// Translates the MLIR module `op` (LLVM dialect) into an LLVM module of `context`.
fn translate<'c>(op: MlirOperation, context: &'c Context) -> Result<Module<'c>, String> {
    let raw = unsafe { mlirTranslateModuleToLLVMIR(op, context.raw() as *mut _) };
    if raw.is_null() {
        return Err("MLIR could not translate the module to LLVM IR".into());
    }
    Ok(unsafe { Module::new(raw as *mut _) })
}

/// Step 4 of `gpu.rs`: every `gpu.module` of `module` → `gpu.binary` holding its PTX. Returns each
/// module's name and PTX.
pub fn kernels_to_ptx(
    context: &melior::Context,
    module: &MlirModule,
    arch: &str,
    libdevice: &Path,
) -> Result<Vec<(String, String)>, String> {
    let machine = nvptx_machine(arch)?;
    let mut all = Vec::new();
    // One LLVM context for every kernel module, and libdevice read once (when a kernel needs it).
    let llvm_context = Context::create();
    let mut library = None;
    for gpu_module in top_level_ops(module.as_operation().to_raw()) {
        if op_name(gpu_module) != "gpu.module" {
            continue;
        }
        let name = symbol_name(gpu_module);
        let ptx = module_ptx(gpu_module, &machine, &llvm_context, libdevice, &mut library)
            .map_err(|e| format!("kernel module @{name}: {e}"))?;
        replace_by_binary(context, gpu_module, &name, arch, &ptx)?;
        all.push((name, ptx));
    }
    Ok(all)
}

/// The PTX of one `gpu.module`; `library` caches libdevice, parsed on first use.
fn module_ptx<'c>(
    gpu_module: MlirOperation,
    machine: &TargetMachine,
    context: &'c Context,
    libdevice: &Path,
    library: &mut Option<Module<'c>>,
) -> Result<String, String> {
    // A builtin.module holding clones of the gpu.module's ops: what the LLVM IR translation takes.
    let wrapper = unsafe {
        let location = mlirOperationGetLocation(gpu_module);
        let wrapper = mlirModuleCreateEmpty(location);
        let body = mlirModuleGetBody(wrapper);
        let source = mlirRegionGetFirstBlock(mlirOperationGetRegion(gpu_module, 0));
        let mut child = mlirBlockGetFirstOperation(source);
        while !child.ptr.is_null() {
            mlirBlockAppendOwnedOperation(body, mlirOperationClone(child));
            child = mlirOperationGetNextInBlock(child);
        }
        wrapper
    };
    let translated = translate(unsafe { mlirModuleGetOperation(wrapper) }, context);
    unsafe { mlirModuleDestroy(wrapper) };
    let llvm = translated?;
    llvm.set_triple(&machine.get_triple());
    llvm.set_data_layout(&machine.get_target_data().get_data_layout());
    let kernels: Vec<String> = llvm
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect();
    let math: Vec<String> = llvm
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("__nv_"))
        .collect();
    if !math.is_empty() {
        if !libdevice.is_file() {
            return Err(format!(
                "its kernels call {} but libdevice is not at {} (run tools/setup, or pass --libdevice=PATH)",
                math.join(", "),
                libdevice.display()
            ));
        }
        if library.is_none() {
            let parsed = Module::parse_bitcode_from_path(libdevice, context)
                .map_err(|e| format!("cannot read libdevice {}: {e}", libdevice.display()))?;
            parsed.set_triple(&machine.get_triple());
            parsed.set_data_layout(&machine.get_target_data().get_data_layout());
            *library = Some(parsed);
        }
        let copy = library
            .as_ref()
            .map(Module::clone)
            .ok_or("libdevice vanished")?;
        llvm.link_in_module(copy)
            .map_err(|e| format!("cannot link libdevice: {e}"))?;
        // Only the kernels are entry points: the rest of libdevice goes unless called.
        for function in llvm.get_functions() {
            let name = function.get_name().to_string_lossy().into_owned();
            if function.count_basic_blocks() > 0 && !kernels.contains(&name) {
                function.set_linkage(Linkage::Internal);
            }
        }
        for global in llvm.get_globals() {
            if global.get_initializer().is_some() {
                global.set_linkage(Linkage::Internal);
            }
        }
    }
    llvm.verify()
        .map_err(|e| format!("the kernels' LLVM IR does not verify: {e}"))?;
    // globaldce first: the internalized libdevice functions no kernel calls go before O3 sees them.
    llvm.run_passes(
        "globaldce,default<O3>",
        machine,
        PassBuilderOptions::create(),
    )
    .map_err(|e| format!("LLVM optimization failed: {e}"))?;
    let buffer = machine
        .write_to_memory_buffer(&llvm, FileType::Assembly)
        .map_err(|e| format!("the NVPTX backend failed: {e}"))?;
    Ok(String::from_utf8_lossy(buffer.as_slice()).into_owned())
}

/// `text` as an MLIR string literal body (`"`, `\` and non-printable bytes as `\XX`).
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + text.len() / 16);
    for byte in text.bytes() {
        if (0x20..0x7f).contains(&byte) && byte != b'"' && byte != b'\\' {
            escaped.push(byte as char);
        } else {
            escaped.push_str(&format!("\\{byte:02X}"));
        }
    }
    escaped
}

/// Replaces `gpu_module` by `gpu.binary @name [#gpu.object<#nvvm.target<chip = arch>, assembly = ptx>]`.
fn replace_by_binary(
    context: &melior::Context,
    gpu_module: MlirOperation,
    name: &str,
    arch: &str,
    ptx: &str,
) -> Result<(), String> {
    let text = format!(
        "gpu.binary @{name} [#gpu.object<#nvvm.target<chip = \"{arch}\">, assembly = \"{}\">]",
        escape(ptx)
    );
    let binary = unsafe {
        mlirOperationCreateParse(
            context.to_raw(),
            melior::StringRef::new(&text).to_raw(),
            melior::StringRef::new("flexc-gpu-binary").to_raw(),
        )
    };
    if binary.ptr.is_null() {
        return Err(format!(
            "flexc built a gpu.binary that does not parse (a flexc bug): @{name}"
        ));
    }
    unsafe {
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(gpu_module), gpu_module, binary);
        mlirOperationDestroy(gpu_module);
    }
    Ok(())
}

/// Step 5 of `gpu.rs`: the host module and the manifest → the bytes of the shared object.
pub fn artifact(module: &MlirModule, manifest: &str) -> Result<Vec<u8>, String> {
    let machine = host_machine()?;
    let context = Context::create();
    let llvm = translate(module.as_operation().to_raw(), &context)?;
    llvm.set_triple(&machine.get_triple());
    llvm.set_data_layout(&machine.get_target_data().get_data_layout());
    let bytes = context.const_string(manifest.as_bytes(), true);
    let global = llvm.add_global(
        bytes.get_type(),
        Some(AddressSpace::default()),
        flexc_core::contract::MANIFEST_SYMBOL,
    );
    global.set_initializer(&bytes);
    global.set_constant(true);
    global.set_linkage(Linkage::External);
    // The manifest's digest: flexc-gpu refuses a manifest changed after compilation.
    let digest = context
        .i64_type()
        .const_int(flexc_core::contract::digest(manifest.as_bytes()), false);
    let digest_global = llvm.add_global(
        context.i64_type(),
        Some(AddressSpace::default()),
        flexc_core::contract::DIGEST_SYMBOL,
    );
    digest_global.set_initializer(&digest);
    digest_global.set_constant(true);
    digest_global.set_linkage(Linkage::External);
    llvm.verify()
        .map_err(|e| format!("the host LLVM IR does not verify: {e}"))?;
    llvm.run_passes("default<O2>", &machine, PassBuilderOptions::create())
        .map_err(|e| format!("LLVM optimization of the host code failed: {e}"))?;
    let object = machine
        .write_to_memory_buffer(&llvm, FileType::Object)
        .map_err(|e| format!("the x86-64 backend failed: {e}"))?;
    link(object.as_slice())
}

/// `cc -shared` of one object file, in a private scratch folder (removed afterwards, and when a
/// signal ends the compiler).
fn link(object: &[u8]) -> Result<Vec<u8>, String> {
    let folder = flexc_core::output::ScratchDir::new("flexc-gpu")
        .map_err(|e| format!("cannot create a scratch folder: {e}"))?;
    link_in(folder.path(), object)
}

fn link_in(folder: &Path, object: &[u8]) -> Result<Vec<u8>, String> {
    let object_path = folder.join("artifact.o");
    let library = folder.join("artifact.so");
    std::fs::write(&object_path, object)
        .map_err(|e| format!("cannot write {}: {e}", object_path.display()))?;
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let output = std::process::Command::new(&compiler)
        .arg("-shared")
        .arg("-o")
        .arg(&library)
        .arg(&object_path)
        .output()
        .map_err(|e| {
            format!("cannot run '{compiler}' to link the artifact (a C compiler is needed): {e}")
        })?;
    if !output.status.success() {
        return Err(format!(
            "'{compiler} -shared' failed to link the artifact: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    std::fs::read(&library).map_err(|e| format!("cannot read {}: {e}", library.display()))
}
