//! The C entry points the artifact's host code calls, resolved at `dlopen` time against the
//! `flexc-gpu` executable (exported with `--export-dynamic`, build.rs).
//!
//! - `mgpu*`: the subset of MLIR's GPU runtime-wrapper API (`CudaRuntimeWrappers.cpp` of MLIR 22)
//!   that `gpu-to-llvm` emits, with the same C signatures. They act on the calling thread's virtual
//!   device: `mgpuStreamCreate` returns the device's own stream (so kernels, library calls and copies
//!   of one device are ordered), `mgpuStreamDestroy` of it does nothing, allocations are booked for
//!   the peak-memory report. Modules load lazily per CUDA context (an artifact may load its modules
//!   from a global constructor at `dlopen`, before any device thread exists).
//! - `flexc_gpu_*`: flexc's own entry points (docs/gpu.md "Runtime"), each in two calling
//!   conventions: `_mlir_ciface_flexc_gpu_X(memref*...)` (pointers to unranked descriptors `{i64
//!   rank, ptr descriptor}`, as `llvm.emit_c_interface` declarations call them) and `flexc_gpu_X(i64
//!   rank, ptr descriptor, ...)` (unranked memrefs expanded, the plain LLVM lowering).
//!
//! Nothing here panics or unwinds into C: a problem is recorded as the run's failure (first one
//! wins; the device keeps going and the run reports it) and the call returns.
//!
//! The functions are called by the artifact's code, never by Rust: their safety contract is the C
//! API's (valid descriptors, handles the same API returned), hence no per-function `# Safety`
//! sections and raw handles taken by value.
#![allow(clippy::missing_safety_doc, clippy::not_unsafe_ptr_arg_deref)]

use crate::{
    cuda::{self, check, DeviceState, Staging, Timer, CURRENT},
    library_args,
    mailbox::Mailbox,
    memref::{pack_segments, Unranked, View},
    reduce::{self, Kind},
};
use cudarc::driver::sys::{self, CUcontext, CUevent, CUfunction, CUmodule, CUstream};
use flexc_core::contract::Library;
use std::{
    cell::RefCell,
    collections::HashMap,
    ffi::{c_char, c_void, CStr, CString},
    sync::{Arc, Mutex},
};

/// What the device threads of one run share.
pub struct Shared {
    pub mailbox: Mailbox<Staging>,
    /// NCCL, when every device has a GPU of its own (else the ordered kernel).
    nccl: Option<Arc<crate::nccl::Nccl>>,
}

unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

impl Shared {
    pub fn new(
        devices: flexc_core::DeviceCount,
        nccl: Option<Arc<crate::nccl::Nccl>>,
    ) -> Arc<Shared> {
        Arc::new(Shared {
            mailbox: Mailbox::new(devices),
            nccl,
        })
    }

    /// The reduction kernel `kind`/`element` in `context` (the module loads once per context and
    /// stays for the process: timed runs do not pay for its JIT compilation).
    fn reduce_function(
        &self,
        context: CUcontext,
        kind: Kind,
        element: &str,
    ) -> Result<CUfunction, String> {
        let mut modules = REDUCE_MODULES.lock().unwrap_or_else(|e| e.into_inner());
        let known = modules
            .iter()
            .find(|(c, _)| *c == context as usize)
            .map(|(_, m)| *m);
        let module = match known {
            Some(module) => module as CUmodule,
            None => {
                let text = CString::new(reduce::ptx()).map_err(|e| e.to_string())?;
                let mut module = std::ptr::null_mut();
                check(
                    unsafe { sys::cuModuleLoadData(&mut module, text.as_ptr() as *const c_void) },
                    "cannot load the all-reduce kernels",
                )?;
                modules.push((context as usize, module as usize));
                module
            }
        };
        let name = CString::new(reduce::kernel_name(kind, element)).map_err(|e| e.to_string())?;
        let mut function = std::ptr::null_mut();
        check(
            unsafe { sys::cuModuleGetFunction(&mut function, module, name.as_ptr()) },
            "cuModuleGetFunction (all-reduce)",
        )?;
        Ok(function)
    }
}

/// The all-reduce kernel modules per context.
static REDUCE_MODULES: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

thread_local! {
    static SHARED: RefCell<Option<Arc<Shared>>> = const { RefCell::new(None) };
}

/// Failures of calls made outside a device thread (the run reports them too).
static STRAY: Mutex<Option<String>> = Mutex::new(None);

/// Makes the calling thread virtual device `state.index` of the run `shared`.
pub fn enter(state: DeviceState, shared: &Arc<Shared>) {
    CURRENT.with(|c| *c.borrow_mut() = Some(state));
    SHARED.with(|s| *s.borrow_mut() = Some(shared.clone()));
}

/// Ends the calling thread's membership; returns its device state.
pub fn leave() -> Option<DeviceState> {
    SHARED.with(|s| s.borrow_mut().take());
    CURRENT.with(|c| c.borrow_mut().take())
}

/// The failure of a call made outside any device thread, if any.
pub fn stray_failure() -> Option<String> {
    STRAY.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

fn record_stray(message: String) {
    let mut stray = STRAY.lock().unwrap_or_else(|e| e.into_inner());
    stray.get_or_insert(message);
}

/// Runs `f` on the calling thread's device; an error becomes the run's failure.
fn with_device<T: Default>(
    what: &str,
    f: impl FnOnce(&mut DeviceState, &Shared) -> Result<T, String>,
) -> T {
    let shared = SHARED.with(|s| s.borrow().clone());
    let result = CURRENT.with(|c| {
        let mut current = c.borrow_mut();
        match (current.as_mut(), &shared) {
            (Some(state), Some(shared)) => {
                let index = state.index;
                Some(f(state, shared).map_err(|e| (index, e)))
            }
            _ => None,
        }
    });
    match result {
        Some(Ok(value)) => value,
        Some(Err((index, e))) => {
            if let Some(shared) = shared {
                shared.mailbox.fail(format!("device {index}: {what}: {e}"));
            }
            T::default()
        }
        None => {
            record_stray(format!("{what} called outside a device thread"));
            T::default()
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Modules and kernels.

/// A module image, loaded lazily into each context that launches one of its kernels.
struct LazyModule {
    image: Vec<u8>,
    loaded: Mutex<HashMap<usize, usize>>,
}

/// A kernel of a [`LazyModule`], by name.
struct LazyFunction {
    module: usize,
    name: CString,
}

/// Interned functions (the host code asks for a function at every launch).
static FUNCTIONS: Mutex<Vec<(usize, CString, usize)>> = Mutex::new(Vec::new());

fn lazy_module(image: Vec<u8>) -> *mut c_void {
    let mut image = image;
    if image.last() != Some(&0) {
        image.push(0);
    }
    Box::into_raw(Box::new(LazyModule {
        image,
        loaded: Mutex::new(HashMap::new()),
    })) as *mut c_void
}

/// `CUmodule mgpuModuleLoad(void *data, size_t gpuBlobSize)`.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleLoad(data: *const c_void, size: usize) -> *mut c_void {
    if data.is_null() {
        record_stray("mgpuModuleLoad of a null image".into());
        return std::ptr::null_mut();
    }
    let image = if size > 0 {
        unsafe { std::slice::from_raw_parts(data as *const u8, size) }.to_vec()
    } else {
        unsafe { CStr::from_ptr(data as *const c_char) }
            .to_bytes()
            .to_vec()
    };
    lazy_module(image)
}

/// `CUmodule mgpuModuleLoadJIT(void *data, int optLevel)`: PTX text, NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleLoadJIT(data: *const c_void, _opt_level: i32) -> *mut c_void {
    unsafe { mgpuModuleLoad(data, 0) }
}

/// `void mgpuModuleUnload(CUmodule module)`.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleUnload(module: *mut c_void) {
    if module.is_null() {
        return;
    }
    FUNCTIONS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|(m, _, _)| *m != module as usize);
    let module = unsafe { Box::from_raw(module as *mut LazyModule) };
    let loaded = module.loaded.lock().unwrap_or_else(|e| e.into_inner());
    for (&context, &handle) in loaded.iter() {
        unsafe {
            sys::cuCtxPushCurrent_v2(context as CUcontext);
            sys::cuModuleUnload(handle as CUmodule);
            sys::cuCtxPopCurrent_v2(std::ptr::null_mut());
        }
    }
}

/// `CUfunction mgpuModuleGetFunction(CUmodule module, const char *name)`.
#[no_mangle]
pub unsafe extern "C" fn mgpuModuleGetFunction(
    module: *mut c_void,
    name: *const c_char,
) -> *mut c_void {
    if module.is_null() || name.is_null() {
        record_stray("mgpuModuleGetFunction of a null module or name".into());
        return std::ptr::null_mut();
    }
    let name = unsafe { CStr::from_ptr(name) }.to_owned();
    let mut functions = FUNCTIONS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, function)) = functions
        .iter()
        .find(|(m, n, _)| *m == module as usize && *n == name)
    {
        return *function as *mut c_void;
    }
    let function = Box::into_raw(Box::new(LazyFunction {
        module: module as usize,
        name: name.clone(),
    })) as usize;
    functions.push((module as usize, name, function));
    function as *mut c_void
}

/// The CUDA function of `function` in the device's context (loading its module there if needed).
fn resolve(state: &mut DeviceState, function: *mut c_void) -> Result<CUfunction, String> {
    if let Some(&f) = state.functions.get(&(function as usize)) {
        return Ok(f);
    }
    if function.is_null() {
        return Err("launch of a null function".into());
    }
    let lazy = unsafe { &*(function as *const LazyFunction) };
    let module = unsafe { &*(lazy.module as *const LazyModule) };
    let context = state.gpu.context as usize;
    let handle = {
        let mut loaded = module.loaded.lock().unwrap_or_else(|e| e.into_inner());
        match loaded.get(&context) {
            Some(&handle) => handle as CUmodule,
            None => {
                let mut handle = std::ptr::null_mut();
                check(
                    unsafe {
                        sys::cuModuleLoadData(&mut handle, module.image.as_ptr() as *const c_void)
                    },
                    "cannot load a kernel module (cuModuleLoadData)",
                )?;
                loaded.insert(context, handle as usize);
                handle
            }
        }
    };
    let mut resolved = std::ptr::null_mut();
    check(
        unsafe { sys::cuModuleGetFunction(&mut resolved, handle, lazy.name.as_ptr()) },
        &format!("no kernel '{}' in its module", lazy.name.to_string_lossy()),
    )?;
    state.functions.insert(function as usize, resolved);
    Ok(resolved)
}

/// `void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
/// intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem, CUstream stream, void **params,
/// void **extra, size_t paramsCount)`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mgpuLaunchKernel(
    function: *mut c_void,
    grid_x: isize,
    grid_y: isize,
    grid_z: isize,
    block_x: isize,
    block_y: isize,
    block_z: isize,
    smem: i32,
    _stream: CUstream,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    _params_count: usize,
) {
    with_device("mgpuLaunchKernel", |state, _| {
        let resolved = resolve(state, function)?;
        let dims = [grid_x, grid_y, grid_z, block_x, block_y, block_z];
        let dims: Vec<u32> = dims
            .iter()
            .map(|&d| u32::try_from(d).map_err(|_| format!("launch dimensions {dims:?}")))
            .collect::<Result<_, _>>()?;
        if smem > 0 {
            check(
                unsafe {
                    sys::cuFuncSetAttribute(
                        resolved,
                        sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                        smem,
                    )
                },
                "cuFuncSetAttribute",
            )?;
        }
        check(
            unsafe {
                sys::cuLaunchKernel(
                    resolved,
                    dims[0],
                    dims[1],
                    dims[2],
                    dims[3],
                    dims[4],
                    dims[5],
                    smem.max(0) as u32,
                    state.stream,
                    params,
                    extra,
                )
            },
            "cuLaunchKernel",
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Streams and events.

/// `CUstream mgpuStreamCreate()`: the calling device's stream.
#[no_mangle]
pub extern "C" fn mgpuStreamCreate() -> CUstream {
    with_device("mgpuStreamCreate", |state, _| Ok(Stream(state.stream))).0
}

#[derive(Clone, Copy)]
struct Stream(CUstream);

impl Default for Stream {
    fn default() -> Self {
        Stream(std::ptr::null_mut())
    }
}

/// `void mgpuStreamDestroy(CUstream stream)`: the device's stream lives as long as the device.
#[no_mangle]
pub extern "C" fn mgpuStreamDestroy(_stream: CUstream) {}

/// `void mgpuStreamSynchronize(CUstream stream)`.
#[no_mangle]
pub extern "C" fn mgpuStreamSynchronize(_stream: CUstream) {
    with_device("mgpuStreamSynchronize", |state, _| state.synchronize())
}

/// `void mgpuStreamWaitEvent(CUstream stream, CUevent event)`.
#[no_mangle]
pub extern "C" fn mgpuStreamWaitEvent(_stream: CUstream, event: CUevent) {
    with_device("mgpuStreamWaitEvent", |state, _| {
        check(
            unsafe { sys::cuStreamWaitEvent(state.stream, event, 0) },
            "cuStreamWaitEvent",
        )
    })
}

#[derive(Clone, Copy)]
struct Event(CUevent);

impl Default for Event {
    fn default() -> Self {
        Event(std::ptr::null_mut())
    }
}

/// `CUevent mgpuEventCreate()`.
#[no_mangle]
pub extern "C" fn mgpuEventCreate() -> CUevent {
    with_device("mgpuEventCreate", |_, _| {
        let mut event = std::ptr::null_mut();
        let flags = sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32;
        check(
            unsafe { sys::cuEventCreate(&mut event, flags) },
            "cuEventCreate",
        )?;
        Ok(Event(event))
    })
    .0
}

/// `void mgpuEventDestroy(CUevent event)`.
#[no_mangle]
pub extern "C" fn mgpuEventDestroy(event: CUevent) {
    with_device("mgpuEventDestroy", |_, _| {
        check(unsafe { sys::cuEventDestroy_v2(event) }, "cuEventDestroy")
    })
}

/// `void mgpuEventSynchronize(CUevent event)`.
#[no_mangle]
pub extern "C" fn mgpuEventSynchronize(event: CUevent) {
    with_device("mgpuEventSynchronize", |_, _| {
        check(
            unsafe { sys::cuEventSynchronize(event) },
            "cuEventSynchronize",
        )
    })
}

/// `void mgpuEventRecord(CUevent event, CUstream stream)`.
#[no_mangle]
pub extern "C" fn mgpuEventRecord(event: CUevent, _stream: CUstream) {
    with_device("mgpuEventRecord", |state, _| {
        check(
            unsafe { sys::cuEventRecord(event, state.stream) },
            "cuEventRecord",
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Memory.

#[derive(Clone, Copy)]
struct Pointer(*mut c_void);

impl Default for Pointer {
    fn default() -> Self {
        Pointer(std::ptr::null_mut())
    }
}

/// `void *mgpuMemAlloc(uint64_t sizeBytes, CUstream stream, bool isHostShared)`.
#[no_mangle]
pub extern "C" fn mgpuMemAlloc(bytes: u64, _stream: CUstream, host_shared: bool) -> *mut c_void {
    with_device("mgpuMemAlloc", |state, _| {
        if bytes == 0 {
            return Ok(Pointer::default());
        }
        let bytes = usize::try_from(bytes).map_err(|_| format!("{bytes} bytes"))?;
        if host_shared {
            let mut pointer = 0;
            let flags = sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL as u32;
            check(
                unsafe { sys::cuMemAllocManaged(&mut pointer, bytes, flags) },
                "cuMemAllocManaged",
            )?;
            state.allocations.record(pointer, bytes);
            return Ok(Pointer(pointer as *mut c_void));
        }
        Ok(Pointer(state.allocations.allocate(bytes)? as *mut c_void))
    })
    .0
}

/// `void mgpuMemFree(void *ptr, CUstream stream)`.
#[no_mangle]
pub extern "C" fn mgpuMemFree(pointer: *mut c_void, _stream: CUstream) {
    with_device("mgpuMemFree", |state, _| {
        state.allocations.free(pointer as u64)
    })
}

/// `void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, CUstream stream)`.
#[no_mangle]
pub extern "C" fn mgpuMemcpy(dst: *mut c_void, src: *mut c_void, bytes: usize, _stream: CUstream) {
    with_device("mgpuMemcpy", |state, _| {
        state.copy(dst as u64, src as u64, bytes)
    })
}

/// `void mgpuMemset32(void *dst, unsigned int value, size_t count, CUstream stream)`.
#[no_mangle]
pub extern "C" fn mgpuMemset32(dst: *mut c_void, value: u32, count: usize, _stream: CUstream) {
    with_device("mgpuMemset32", |state, _| {
        check(
            unsafe { sys::cuMemsetD32Async(dst as u64, value, count, state.stream) },
            "cuMemsetD32Async",
        )
    })
}

/// `void mgpuMemset16(void *dst, unsigned short value, size_t count, CUstream stream)`.
#[no_mangle]
pub extern "C" fn mgpuMemset16(dst: *mut c_void, value: u16, count: usize, _stream: CUstream) {
    with_device("mgpuMemset16", |state, _| {
        check(
            unsafe { sys::cuMemsetD16Async(dst as u64, value, count, state.stream) },
            "cuMemsetD16Async",
        )
    })
}

/// `void mgpuSetDefaultDevice(int32_t device)`: devices are the runtime's to place; ignored.
#[no_mangle]
pub extern "C" fn mgpuSetDefaultDevice(_device: i32) {}

// ---------------------------------------------------------------------------------------------
// Communication.

fn stage(state: &DeviceState, view: &View, width: usize) -> Result<Staging, String> {
    let staging = Staging::new(view.count() * width, state.gpu.context)?;
    for s in pack_segments(view, width) {
        state.copy(staging.pointer + s.to, view.base + s.from, s.bytes as usize)?;
    }
    state.synchronize()?;
    Ok(staging)
}

fn unstage(
    state: &DeviceState,
    staging: &Staging,
    view: &View,
    width: usize,
) -> Result<(), String> {
    for s in pack_segments(view, width) {
        state.copy(view.base + s.from, staging.pointer + s.to, s.bytes as usize)?;
    }
    state.synchronize()
}

fn send(memref: Option<View>, width: usize, peer: i64, tag: i64) {
    with_device("send", |state, shared| {
        let view = memref.ok_or("an invalid buffer")?;
        let staging = stage(state, &view, width)?;
        let bytes = staging.bytes as u64;
        shared.mailbox.send(state.index, peer, tag, staging, bytes);
        Ok(())
    })
}

fn recv(memref: Option<View>, width: usize, peer: i64, tag: i64) {
    with_device("recv", |state, shared| {
        let view = memref.ok_or("an invalid buffer")?;
        let Some(staging) = shared.mailbox.recv(state.index, peer, tag) else {
            return Ok(());
        };
        let bytes = view.count() * width;
        if staging.bytes != bytes {
            return Err(format!(
                "receives {bytes} bytes with tag {tag} from device {peer}, which sent {}",
                staging.bytes
            ));
        }
        unstage(state, &staging, &view, width)
    })
}

/// Combines staged contributions (ascending device order) into a new staging buffer of this device.
fn combine(
    state: &DeviceState,
    shared: &Shared,
    parts: &[&Staging],
    element: &str,
    kind: Kind,
) -> Result<Staging, String> {
    let bytes = parts.first().map_or(0, |p| p.bytes);
    if parts.iter().any(|p| p.bytes != bytes) {
        return Err("the members contribute buffers of different sizes".into());
    }
    let width = crate::manifest::dtype_width(element).unwrap_or(4);
    let count = (bytes / width) as u64;
    let context = state.gpu.context;
    let result = Staging::new(bytes, context)?;
    // Contributions staged on another GPU are copied here first.
    let mut local: Vec<Staging> = Vec::new();
    let mut addresses: Vec<u64> = Vec::new();
    for part in parts {
        if part.context == context {
            addresses.push(part.pointer);
        } else {
            let copy = Staging::new(bytes, context)?;
            state.copy(copy.pointer, part.pointer, bytes)?;
            addresses.push(copy.pointer);
            local.push(copy);
        }
    }
    if count > 0 {
        let table = Staging::new(addresses.len() * 8, context)?;
        let table_bytes: Vec<u8> = addresses.iter().flat_map(|a| a.to_ne_bytes()).collect();
        state.synchronize()?;
        state.upload(table.pointer, &table_bytes)?;
        let function = shared.reduce_function(context, kind, element)?;
        let (mut table_arg, mut parts_arg, mut out_arg, mut count_arg) =
            (table.pointer, addresses.len() as u32, result.pointer, count);
        let mut params = [
            &mut table_arg as *mut u64 as *mut c_void,
            &mut parts_arg as *mut u32 as *mut c_void,
            &mut out_arg as *mut u64 as *mut c_void,
            &mut count_arg as *mut u64 as *mut c_void,
        ];
        check(
            unsafe {
                sys::cuLaunchKernel(
                    function,
                    reduce::grid(count),
                    1,
                    1,
                    reduce::BLOCK,
                    1,
                    1,
                    0,
                    state.stream,
                    params.as_mut_ptr(),
                    std::ptr::null_mut(),
                )
            },
            "cuLaunchKernel (all-reduce)",
        )?;
        state.synchronize()?;
    }
    Ok(result)
}

fn all_reduce(memref: Option<View>, element: &'static str, kind: Kind, mask: i64) {
    with_device("all_reduce", |state, shared| {
        let view = memref.ok_or("an invalid buffer")?;
        let width = crate::manifest::dtype_width(element).unwrap_or(4);
        if let Some(nccl) = &shared.nccl {
            return nccl_all_reduce(state, shared, nccl, &view, width, element, kind, mask);
        }
        let signature = signature(element, kind, &view);
        let staging = stage(state, &view, width)?;
        let state_ref: &DeviceState = state;
        let result =
            shared
                .mailbox
                .all_reduce(state_ref.index, mask, &signature, staging, |parts| {
                    combine(state_ref, shared, parts, element, kind)
                });
        match result {
            Some(result) => unstage(state_ref, &result, &view, width),
            None => Ok(()),
        }
    })
}

/// What every member of an all-reduce must agree on (the mailbox checks it): kind, element type
/// and shape.
fn signature(element: &str, kind: Kind, view: &View) -> String {
    format!("{kind:?} of {element}{:?}", view.sizes).to_lowercase()
}

/// The all-reduce through NCCL: the members meet in the mailbox first (mismatches are reported,
/// not left hanging in a collective), then reduce in place (or through a staging buffer for a
/// strided view).
#[allow(clippy::too_many_arguments)]
fn nccl_all_reduce(
    state: &DeviceState,
    shared: &Shared,
    nccl: &crate::nccl::Nccl,
    view: &View,
    width: usize,
    element: &str,
    kind: Kind,
    mask: i64,
) -> Result<(), String> {
    let token = Staging::empty(state.gpu.context);
    if shared
        .mailbox
        .all_reduce(
            state.index,
            mask,
            &signature(element, kind, view),
            token,
            |_| Ok(Staging::empty(state.gpu.context)),
        )
        .is_none()
    {
        return Ok(());
    }
    let count = view.count();
    if view.is_contiguous() {
        nccl.all_reduce(
            state.index,
            mask,
            view.start(width),
            count,
            element,
            kind,
            state.stream,
        )?;
        return state.synchronize();
    }
    let staging = stage(state, view, width)?;
    nccl.all_reduce(
        state.index,
        mask,
        staging.pointer,
        count,
        element,
        kind,
        state.stream,
    )?;
    unstage(state, &staging, view, width)
}

/// The shape of a view as the collective layout takes it.
fn shape_of(view: &View) -> Vec<u64> {
    view.sizes.iter().map(|&s| s.max(0) as u64).collect()
}

/// Member `device`'s position in the group `mask` (ascending device ids) and the group's size.
fn member(device: usize, mask: i64) -> (usize, usize) {
    let members: Vec<usize> = (0..63).filter(|d| mask & (1 << d) != 0).collect();
    (
        members.iter().position(|&d| d == device).unwrap_or(0),
        members.len(),
    )
}

/// `par.all_gather`: each member stages its part; the last to arrive places every part into a
/// staging buffer of the whole (core's collective layout, device-to-device copies); every member
/// unstages the whole into its output.
fn all_gather(input: Option<View>, output: Option<View>, width: usize, mask: i64, dim: i64) {
    with_device("all_gather", |state, shared| {
        let (input, output) = (
            input.ok_or("an invalid buffer")?,
            output.ok_or("an invalid buffer")?,
        );
        let whole = shape_of(&output);
        let (_, parts) = member(state.index, mask);
        let dim = dim.max(0) as usize;
        flexc_core::collective::check(&whole, dim, parts)?;
        let staging = stage(state, &input, width)?;
        let state_ref: &DeviceState = state;
        let signature = format!("{width}-byte elements of {whole:?} along dim {dim}");
        let result = shared.mailbox.collective(
            state_ref.index,
            mask,
            "all-gather",
            &signature,
            staging,
            |contributions| {
                let total = output.count() * width;
                let gathered = Staging::new(total, state_ref.gpu.context)?;
                for (i, part) in contributions.iter().enumerate() {
                    for s in flexc_core::collective::segments(&whole, dim, parts, i, width) {
                        state_ref.copy(
                            gathered.pointer + s.whole as u64,
                            part.pointer + s.part as u64,
                            s.bytes,
                        )?;
                    }
                }
                state_ref.synchronize()?;
                Ok(gathered)
            },
        );
        match result {
            Some(result) => unstage(state_ref, &result, &output, width),
            None => Ok(()),
        }
    })
}

/// `par.reduce_scatter`: the members' whole tensors folded in device order by the all-reduce
/// kernel (`combine`), of which each member unstages its part.
fn reduce_scatter(
    input: Option<View>,
    output: Option<View>,
    element: &'static str,
    kind: Kind,
    mask: i64,
    dim: i64,
) {
    with_device("reduce_scatter", |state, shared| {
        let (input, output) = (
            input.ok_or("an invalid buffer")?,
            output.ok_or("an invalid buffer")?,
        );
        let width = crate::manifest::dtype_width(element).unwrap_or(4);
        let whole = shape_of(&input);
        let (index, parts) = member(state.index, mask);
        let dim = dim.max(0) as usize;
        flexc_core::collective::check(&whole, dim, parts)?;
        let staging = stage(state, &input, width)?;
        let state_ref: &DeviceState = state;
        let signature = format!("{kind:?} of {element}{whole:?} along dim {dim}").to_lowercase();
        let result = shared.mailbox.collective(
            state_ref.index,
            mask,
            "reduce-scatter",
            &signature,
            staging,
            |contributions| combine(state_ref, shared, contributions, element, kind),
        );
        let Some(result) = result else {
            return Ok(());
        };
        let part = Staging::new(output.count() * width, state_ref.gpu.context)?;
        for s in flexc_core::collective::segments(&whole, dim, parts, index, width) {
            state_ref.copy(
                part.pointer + s.part as u64,
                result.pointer + s.whole as u64,
                s.bytes,
            )?;
        }
        state_ref.synchronize()?;
        unstage(state_ref, &part, &output, width)
    })
}

fn ranked(memref: *const Unranked) -> Option<View> {
    unsafe { View::from_unranked(memref) }
}

fn plain(rank: i64, descriptor: *const i64) -> Option<View> {
    // The artifact passes descriptors of the rank it names.
    unsafe { View::from_parts(rank, descriptor) }
}

macro_rules! point_to_point {
    ($($element:literal $width:literal $send:ident $recv:ident $csend:ident $crecv:ident),* $(,)?) => {
        $(
            #[doc = concat!("`flexc_gpu_send_", $element, "(memref, i64 peer, i64 tag)`, unranked memref expanded.")]
            #[no_mangle]
            pub extern "C" fn $send(rank: i64, descriptor: *const i64, peer: i64, tag: i64) {
                send(plain(rank, descriptor), $width, peer, tag)
            }
            #[doc = concat!("`flexc_gpu_recv_", $element, "(memref, i64 peer, i64 tag)`, unranked memref expanded.")]
            #[no_mangle]
            pub extern "C" fn $recv(rank: i64, descriptor: *const i64, peer: i64, tag: i64) {
                recv(plain(rank, descriptor), $width, peer, tag)
            }
            #[doc = concat!("C-interface `flexc_gpu_send_", $element, "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn $csend(memref: *const Unranked, peer: i64, tag: i64) {
                send(ranked(memref), $width, peer, tag)
            }
            #[doc = concat!("C-interface `flexc_gpu_recv_", $element, "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn $crecv(memref: *const Unranked, peer: i64, tag: i64) {
                recv(ranked(memref), $width, peer, tag)
            }
        )*
        /// The element types of send/recv, with their exported names.
        pub const POINT_TO_POINT: &[(&str, [&str; 4])] = &[
            $(($element, [stringify!($send), stringify!($recv), stringify!($csend), stringify!($crecv)])),*
        ];
    };
}

point_to_point!(
    "i1" 1 flexc_gpu_send_i1 flexc_gpu_recv_i1 _mlir_ciface_flexc_gpu_send_i1 _mlir_ciface_flexc_gpu_recv_i1,
    "i8" 1 flexc_gpu_send_i8 flexc_gpu_recv_i8 _mlir_ciface_flexc_gpu_send_i8 _mlir_ciface_flexc_gpu_recv_i8,
    "i16" 2 flexc_gpu_send_i16 flexc_gpu_recv_i16 _mlir_ciface_flexc_gpu_send_i16 _mlir_ciface_flexc_gpu_recv_i16,
    "i32" 4 flexc_gpu_send_i32 flexc_gpu_recv_i32 _mlir_ciface_flexc_gpu_send_i32 _mlir_ciface_flexc_gpu_recv_i32,
    "i64" 8 flexc_gpu_send_i64 flexc_gpu_recv_i64 _mlir_ciface_flexc_gpu_send_i64 _mlir_ciface_flexc_gpu_recv_i64,
    "f16" 2 flexc_gpu_send_f16 flexc_gpu_recv_f16 _mlir_ciface_flexc_gpu_send_f16 _mlir_ciface_flexc_gpu_recv_f16,
    "bf16" 2 flexc_gpu_send_bf16 flexc_gpu_recv_bf16 _mlir_ciface_flexc_gpu_send_bf16 _mlir_ciface_flexc_gpu_recv_bf16,
    "f32" 4 flexc_gpu_send_f32 flexc_gpu_recv_f32 _mlir_ciface_flexc_gpu_send_f32 _mlir_ciface_flexc_gpu_recv_f32,
    "f64" 8 flexc_gpu_send_f64 flexc_gpu_recv_f64 _mlir_ciface_flexc_gpu_send_f64 _mlir_ciface_flexc_gpu_recv_f64,
);

macro_rules! reductions {
    ($($kind:ident $element:literal $name:ident $cname:ident),* $(,)?) => {
        $(
            #[doc = concat!("`", stringify!($name), "(memref, i64 group_mask)`, unranked memref expanded.")]
            #[no_mangle]
            pub extern "C" fn $name(rank: i64, descriptor: *const i64, mask: i64) {
                all_reduce(plain(rank, descriptor), $element, Kind::$kind, mask)
            }
            #[doc = concat!("C-interface `", stringify!($name), "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn $cname(memref: *const Unranked, mask: i64) {
                all_reduce(ranked(memref), $element, Kind::$kind, mask)
            }
        )*
        /// The exported all-reduce names.
        pub const REDUCTIONS: &[[&str; 2]] = &[$([stringify!($name), stringify!($cname)]),*];
    };
}

reductions!(
    Sum "f32" flexc_gpu_all_reduce_sum_f32 _mlir_ciface_flexc_gpu_all_reduce_sum_f32,
    Max "f32" flexc_gpu_all_reduce_max_f32 _mlir_ciface_flexc_gpu_all_reduce_max_f32,
    Min "f32" flexc_gpu_all_reduce_min_f32 _mlir_ciface_flexc_gpu_all_reduce_min_f32,
    Sum "f64" flexc_gpu_all_reduce_sum_f64 _mlir_ciface_flexc_gpu_all_reduce_sum_f64,
    Max "f64" flexc_gpu_all_reduce_max_f64 _mlir_ciface_flexc_gpu_all_reduce_max_f64,
    Min "f64" flexc_gpu_all_reduce_min_f64 _mlir_ciface_flexc_gpu_all_reduce_min_f64,
    Sum "i32" flexc_gpu_all_reduce_sum_i32 _mlir_ciface_flexc_gpu_all_reduce_sum_i32,
    Max "i32" flexc_gpu_all_reduce_max_i32 _mlir_ciface_flexc_gpu_all_reduce_max_i32,
    Min "i32" flexc_gpu_all_reduce_min_i32 _mlir_ciface_flexc_gpu_all_reduce_min_i32,
    Sum "i64" flexc_gpu_all_reduce_sum_i64 _mlir_ciface_flexc_gpu_all_reduce_sum_i64,
    Max "i64" flexc_gpu_all_reduce_max_i64 _mlir_ciface_flexc_gpu_all_reduce_max_i64,
    Min "i64" flexc_gpu_all_reduce_min_i64 _mlir_ciface_flexc_gpu_all_reduce_min_i64,
);

macro_rules! gathers {
    ($($element:literal $width:literal $name:ident $cname:ident),* $(,)?) => {
        $(
            #[doc = concat!("`", stringify!($name), "(in, out, i64 group_mask, i64 dim)`, unranked memrefs expanded.")]
            #[no_mangle]
            pub extern "C" fn $name(rank: i64, descriptor: *const i64, out_rank: i64, out: *const i64, mask: i64, dim: i64) {
                all_gather(plain(rank, descriptor), plain(out_rank, out), $width, mask, dim)
            }
            #[doc = concat!("C-interface `", stringify!($name), "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn $cname(input: *const Unranked, output: *const Unranked, mask: i64, dim: i64) {
                all_gather(ranked(input), ranked(output), $width, mask, dim)
            }
        )*
        /// The exported all-gather names.
        pub const GATHERS: &[[&str; 2]] = &[$([stringify!($name), stringify!($cname)]),*];
    };
}

gathers!(
    "i1" 1 flexc_gpu_all_gather_i1 _mlir_ciface_flexc_gpu_all_gather_i1,
    "i8" 1 flexc_gpu_all_gather_i8 _mlir_ciface_flexc_gpu_all_gather_i8,
    "i16" 2 flexc_gpu_all_gather_i16 _mlir_ciface_flexc_gpu_all_gather_i16,
    "i32" 4 flexc_gpu_all_gather_i32 _mlir_ciface_flexc_gpu_all_gather_i32,
    "i64" 8 flexc_gpu_all_gather_i64 _mlir_ciface_flexc_gpu_all_gather_i64,
    "f16" 2 flexc_gpu_all_gather_f16 _mlir_ciface_flexc_gpu_all_gather_f16,
    "bf16" 2 flexc_gpu_all_gather_bf16 _mlir_ciface_flexc_gpu_all_gather_bf16,
    "f32" 4 flexc_gpu_all_gather_f32 _mlir_ciface_flexc_gpu_all_gather_f32,
    "f64" 8 flexc_gpu_all_gather_f64 _mlir_ciface_flexc_gpu_all_gather_f64,
);

macro_rules! scatters {
    ($($kind:ident $element:literal $name:ident $cname:ident),* $(,)?) => {
        $(
            #[doc = concat!("`", stringify!($name), "(in, out, i64 group_mask, i64 dim)`, unranked memrefs expanded.")]
            #[no_mangle]
            pub extern "C" fn $name(rank: i64, descriptor: *const i64, out_rank: i64, out: *const i64, mask: i64, dim: i64) {
                reduce_scatter(plain(rank, descriptor), plain(out_rank, out), $element, Kind::$kind, mask, dim)
            }
            #[doc = concat!("C-interface `", stringify!($name), "`.")]
            #[no_mangle]
            pub unsafe extern "C" fn $cname(input: *const Unranked, output: *const Unranked, mask: i64, dim: i64) {
                reduce_scatter(ranked(input), ranked(output), $element, Kind::$kind, mask, dim)
            }
        )*
        /// The exported reduce-scatter names.
        pub const SCATTERS: &[[&str; 2]] = &[$([stringify!($name), stringify!($cname)]),*];
    };
}

scatters!(
    Sum "f32" flexc_gpu_reduce_scatter_sum_f32 _mlir_ciface_flexc_gpu_reduce_scatter_sum_f32,
    Max "f32" flexc_gpu_reduce_scatter_max_f32 _mlir_ciface_flexc_gpu_reduce_scatter_max_f32,
    Min "f32" flexc_gpu_reduce_scatter_min_f32 _mlir_ciface_flexc_gpu_reduce_scatter_min_f32,
    Sum "f64" flexc_gpu_reduce_scatter_sum_f64 _mlir_ciface_flexc_gpu_reduce_scatter_sum_f64,
    Max "f64" flexc_gpu_reduce_scatter_max_f64 _mlir_ciface_flexc_gpu_reduce_scatter_max_f64,
    Min "f64" flexc_gpu_reduce_scatter_min_f64 _mlir_ciface_flexc_gpu_reduce_scatter_min_f64,
    Sum "i32" flexc_gpu_reduce_scatter_sum_i32 _mlir_ciface_flexc_gpu_reduce_scatter_sum_i32,
    Max "i32" flexc_gpu_reduce_scatter_max_i32 _mlir_ciface_flexc_gpu_reduce_scatter_max_i32,
    Min "i32" flexc_gpu_reduce_scatter_min_i32 _mlir_ciface_flexc_gpu_reduce_scatter_min_i32,
    Sum "i64" flexc_gpu_reduce_scatter_sum_i64 _mlir_ciface_flexc_gpu_reduce_scatter_sum_i64,
    Max "i64" flexc_gpu_reduce_scatter_max_i64 _mlir_ciface_flexc_gpu_reduce_scatter_max_i64,
    Min "i64" flexc_gpu_reduce_scatter_min_i64 _mlir_ciface_flexc_gpu_reduce_scatter_min_i64,
);

// ---------------------------------------------------------------------------------------------
// Libraries (`abi/libraries.rs`).

mod libraries;

use libraries::*;

// ---------------------------------------------------------------------------------------------
// Resident constants.

/// A rank-1 memref descriptor (`memref<?xT>`): what `flexc_gpu_resident_<T>` takes and returns.
#[repr(C)]
pub struct Descriptor1 {
    pub allocated: *mut c_void,
    pub aligned: *mut c_void,
    pub offset: i64,
    pub size: i64,
    pub stride: i64,
}

/// `flexc_gpu_resident_<T>`: the device copy of the host constant `host` (a flattened global of
/// the artifact), uploaded on the first call in this device's state and kept
/// ([`crate::cuda::Resident`]); `result` gets its descriptor.
unsafe fn resident(result: *mut Descriptor1, host: *const Descriptor1, width: usize, what: &str) {
    let device = with_device(what, |state, _| {
        if result.is_null() || host.is_null() {
            return Err("a null descriptor".into());
        }
        let host = unsafe { &*host };
        if host.size < 0 || (host.stride != 1 && host.size > 1) {
            return Err(format!(
                "a constant of {} elements with stride {} (expected a contiguous one)",
                host.size, host.stride
            ));
        }
        let bytes = host.size as usize * width;
        let address =
            (host.aligned as u64).wrapping_add((host.offset as u64).wrapping_mul(width as u64));
        let mut uploaded = false;
        let pointer = state.resident.get_or_upload(address, bytes, || {
            let mut pointer = 0;
            check(
                unsafe { sys::cuMemAlloc_v2(&mut pointer, bytes.max(1)) },
                &format!("cannot allocate {bytes} bytes of device memory for a constant"),
            )?;
            uploaded = true;
            Ok(pointer)
        })?;
        if uploaded {
            // The constant lives in the artifact's read-only data for as long as it is loaded.
            let data = unsafe { std::slice::from_raw_parts(address as *const u8, bytes) };
            state.upload(pointer, data)?;
        }
        Ok(Pointer(pointer as *mut c_void))
    });
    if !result.is_null() {
        unsafe {
            *result = Descriptor1 {
                allocated: device.0,
                aligned: device.0,
                offset: 0,
                size: if host.is_null() { 0 } else { (*host).size },
                stride: 1,
            };
        }
    }
}

macro_rules! resident_entries {
    ($($element:literal $width:literal $name:ident),* $(,)?) => {
        $(
            #[doc = concat!("`flexc_gpu_resident_", $element, "(memref<?x", $element, ">) -> memref<?x", $element, ">` (C interface: result descriptor first).")]
            #[no_mangle]
            pub unsafe extern "C" fn $name(result: *mut Descriptor1, host: *const Descriptor1) {
                unsafe { resident(result, host, $width, stringify!($name)) }
            }
        )*
        /// The resident-constant entry points, for [`exported_symbols`].
        const RESIDENT_SYMBOLS: &[&str] = &[$(stringify!($name)),*];
    };
}

resident_entries!(
    "i1" 1 _mlir_ciface_flexc_gpu_resident_i1,
    "i8" 1 _mlir_ciface_flexc_gpu_resident_i8,
    "i16" 2 _mlir_ciface_flexc_gpu_resident_i16,
    "i32" 4 _mlir_ciface_flexc_gpu_resident_i32,
    "i64" 8 _mlir_ciface_flexc_gpu_resident_i64,
    "f16" 2 _mlir_ciface_flexc_gpu_resident_f16,
    "bf16" 2 _mlir_ciface_flexc_gpu_resident_bf16,
    "f32" 4 _mlir_ciface_flexc_gpu_resident_f32,
    "f64" 8 _mlir_ciface_flexc_gpu_resident_f64,
);

// ---------------------------------------------------------------------------------------------
// Task timing.

/// `flexc_gpu_task_begin(i64 task)`: in profiling runs, an event before the task's work.
#[no_mangle]
pub extern "C" fn flexc_gpu_task_begin(task: i64) {
    with_device("flexc_gpu_task_begin", |state, _| {
        if !state.profiling {
            return Ok(());
        }
        let timer = Timer::new()?;
        timer.start(state.stream)?;
        state.open_tasks.insert(task, timer);
        Ok(())
    })
}

/// `flexc_gpu_task_end(i64 task)`: in profiling runs, an event after the task's work.
#[no_mangle]
pub extern "C" fn flexc_gpu_task_end(task: i64) {
    with_device("flexc_gpu_task_end", |state, _| {
        if !state.profiling {
            return Ok(());
        }
        let timer = state
            .open_tasks
            .remove(&task)
            .ok_or_else(|| format!("task {task} ends without a beginning"))?;
        timer.end(state.stream)?;
        state.closed_tasks.push((task, timer));
        Ok(())
    })
}

/// C-interface names of the task functions (no memrefs: the same signature).
#[no_mangle]
pub extern "C" fn _mlir_ciface_flexc_gpu_task_begin(task: i64) {
    flexc_gpu_task_begin(task)
}

#[no_mangle]
pub extern "C" fn _mlir_ciface_flexc_gpu_task_end(task: i64) {
    flexc_gpu_task_end(task)
}

/// The names of the functions `$f` (each must exist).
macro_rules! exported {
    ($($f:ident),* $(,)?) => {
        [$({
            let _ = $f as *const ();
            stringify!($f)
        }),*]
    };
}

/// Every exported runtime symbol, for `--list-symbols` and the tests (the binary's `nm -D` must
/// show each).
pub fn exported_symbols() -> Vec<String> {
    let mut names: Vec<String> = RESIDENT_SYMBOLS.iter().map(|s| s.to_string()).collect();
    names.extend(
        [
            "mgpuModuleLoad",
            "mgpuModuleLoadJIT",
            "mgpuModuleUnload",
            "mgpuModuleGetFunction",
            "mgpuLaunchKernel",
            "mgpuStreamCreate",
            "mgpuStreamDestroy",
            "mgpuStreamSynchronize",
            "mgpuStreamWaitEvent",
            "mgpuEventCreate",
            "mgpuEventDestroy",
            "mgpuEventSynchronize",
            "mgpuEventRecord",
            "mgpuMemAlloc",
            "mgpuMemFree",
            "mgpuMemcpy",
            "mgpuMemset32",
            "mgpuMemset16",
            "mgpuSetDefaultDevice",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    // The functions themselves, so that a name listed here is one this binary defines.
    names.extend(
        exported!(
            flexc_gpu_gemm_f32,
            _mlir_ciface_flexc_gpu_gemm_f32,
            flexc_gpu_batch_gemm_f32,
            _mlir_ciface_flexc_gpu_batch_gemm_f32,
            flexc_gpu_conv2d_nchw_fchw_f32,
            _mlir_ciface_flexc_gpu_conv2d_nchw_fchw_f32,
            flexc_gpu_conv2d_nhwc_fhwc_f32,
            _mlir_ciface_flexc_gpu_conv2d_nhwc_fhwc_f32,
            flexc_gpu_task_begin,
            flexc_gpu_task_end,
            _mlir_ciface_flexc_gpu_task_begin,
            _mlir_ciface_flexc_gpu_task_end,
        )
        .map(String::from),
    );
    for (_, functions) in POINT_TO_POINT {
        names.extend(functions.iter().map(|s| s.to_string()));
    }
    for functions in REDUCTIONS.iter().chain(GATHERS).chain(SCATTERS) {
        names.extend(functions.iter().map(|s| s.to_string()));
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_outside_a_device_are_recorded_not_fatal() {
        assert!(mgpuMemAlloc(16, std::ptr::null_mut(), false).is_null());
        assert!(stray_failure().unwrap().contains("outside a device thread"));
    }

    #[test]
    fn collectives_outside_a_device_are_recorded_not_fatal() {
        let words = descriptor(0, 0, &[4, 6]);
        flexc_gpu_all_gather_f32(2, words.as_ptr(), 2, words.as_ptr(), 0b11, 0);
        assert!(stray_failure().unwrap().contains("outside a device thread"));
        flexc_gpu_reduce_scatter_sum_f32(2, words.as_ptr(), 2, words.as_ptr(), 0b11, 1);
        assert!(stray_failure().unwrap().contains("outside a device thread"));
    }

    #[test]
    fn modules_load_lazily_and_functions_are_interned() {
        let ptx = b".version 7.0\n.target sm_80\n";
        let module = unsafe { mgpuModuleLoad(ptx.as_ptr() as *const c_void, ptx.len()) };
        let image = unsafe { &(*(module as *const LazyModule)).image };
        assert_eq!(
            image.last(),
            Some(&0),
            "the image is NUL-terminated for the driver"
        );
        let name = CString::new("k").unwrap();
        let f1 = unsafe { mgpuModuleGetFunction(module, name.as_ptr()) };
        let f2 = unsafe { mgpuModuleGetFunction(module, name.as_ptr()) };
        assert_eq!(f1, f2);
        unsafe { mgpuModuleUnload(module) };
    }

    #[test]
    fn the_exports_are_the_contracts_entries() {
        use flexc_core::contract;
        // Every entry the compiler can call (`flexc_core::contract::entries`) is exported in the
        // C-interface convention its declarations use, and every `flexc_gpu_*` export is one of
        // them (in either convention); runtime/tests/cli.rs checks the binary exports each name.
        let names: std::collections::BTreeSet<String> = exported_symbols().into_iter().collect();
        let entries = contract::entries(contract::Runtime::Gpu);
        for entry in &entries {
            let ciface = contract::entry_symbol(entry);
            assert!(names.contains(&ciface), "{ciface} is not exported");
        }
        for name in &names {
            let plain = name.strip_prefix("_mlir_ciface_").unwrap_or(name);
            assert!(
                name.starts_with("mgpu") || entries.iter().any(|e| e == plain),
                "{name} is exported but the compiler never calls it"
            );
        }
        // Each send/recv, collective and library entry in both conventions.
        assert_eq!(names.len(), 19 + entries.len() * 2 - 9);
    }

    /// A ranked descriptor's words: allocated and aligned pointers, offset, sizes, row-major strides.
    fn descriptor(base: i64, offset: i64, sizes: &[i64]) -> Vec<i64> {
        let mut words = vec![base, base, offset];
        words.extend_from_slice(sizes);
        words.extend(crate::memref::row_major(sizes));
        words
    }

    #[test]
    fn nhwc_convolution_arguments_reach_the_plan_in_order() {
        // The words the artifact passes for (rank, descriptor) of each memref, then the scalars.
        let input = descriptor(0x1000, 0, &[2, 9, 9, 3]);
        let filter = descriptor(0x2000, 0, &[4, 3, 3, 3]);
        let output = descriptor(0x3000, 8, &[2, 4, 4, 4]);
        let call = conv_call(
            library_args::ConvLayout::Nhwc,
            [
                plain(4, input.as_ptr()),
                plain(4, filter.as_ptr()),
                plain(4, output.as_ptr()),
            ],
            [2, 2, 1, 1, 0, 0],
        );
        assert_eq!(call.entry(), "flexc_gpu_conv2d_nhwc_fhwc_f32");
        let (plan, [i, f, o]) = call.plan().unwrap();
        assert_eq!(
            (i.base, f.base, o.base, o.offset),
            (0x1000, 0x2000, 0x3000, 8)
        );
        assert_eq!(plan.input, [2, 3, 9, 9]);
        assert_eq!(plan.filter, [4, 3, 3, 3]);
        assert_eq!(plan.output, [2, 4, 4, 4]);
        assert_eq!(
            (plan.stride, plan.dilation, plan.padding),
            ([2, 2], [1, 1], [0, 0])
        );
        // Dilations and padding are the third and fourth pairs; a bad descriptor is an error.
        let dilated = conv_call(
            library_args::ConvLayout::Nhwc,
            [
                plain(4, input.as_ptr()),
                plain(4, filter.as_ptr()),
                plain(4, descriptor(0x3000, 0, &[2, 7, 7, 4]).as_ptr()),
            ],
            [1, 1, 2, 2, 1, 1],
        );
        let (plan, _) = dilated.plan().unwrap();
        assert_eq!((plan.dilation, plan.padding), ([2, 2], [1, 1]));
        let missing = conv_call(
            library_args::ConvLayout::Nhwc,
            [None, plain(4, filter.as_ptr()), plain(4, output.as_ptr())],
            [1, 1, 1, 1, 0, 0],
        );
        assert!(missing.plan().unwrap_err().contains("invalid buffer"));
    }

    #[test]
    fn a_convolution_outside_a_device_is_recorded_not_fatal() {
        let input = descriptor(0x1000, 0, &[1, 3, 3, 1]);
        let filter = descriptor(0x2000, 0, &[1, 3, 3, 1]);
        let output = descriptor(0x3000, 0, &[1, 1, 1, 1]);
        flexc_gpu_conv2d_nhwc_fhwc_f32(
            4,
            input.as_ptr(),
            4,
            filter.as_ptr(),
            4,
            output.as_ptr(),
            1,
            1,
            1,
            1,
            0,
            0,
        );
        // Recorded (the first stray call of the process: another test's may come first).
        assert!(stray_failure()
            .unwrap()
            .contains("called outside a device thread"));
        assert!(exported_symbols().contains(&"_mlir_ciface_flexc_gpu_conv2d_nhwc_fhwc_f32".into()));
    }
}
