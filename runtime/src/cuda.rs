//! The CUDA driver through cudarc's dynamically loaded bindings: start-up checks that turn a
//! missing driver or device into an error (never a panic), GPUs and their primary contexts, and the
//! per-thread state of a virtual device (its stream, allocations, library handles, task events).
//!
//! CUDA handles (contexts, streams, events) are opaque values passed to the driver, which validates
//! them; Rust never dereferences them.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use cudarc::driver::sys::{self, CUcontext, CUdevice, CUevent, CUresult, CUstream};
use std::{
    cell::RefCell,
    collections::HashMap,
    ffi::{c_char, CStr},
};

/// The name of a driver result (`CUDA_ERROR_NO_DEVICE`).
pub fn error_name(result: CUresult) -> String {
    let mut name: *const c_char = std::ptr::null();
    unsafe { sys::cuGetErrorName(result, &mut name) };
    if name.is_null() {
        format!("{result:?}")
    } else {
        unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned()
    }
}

/// `Err("what: CUDA_ERROR_...")` unless `result` is success.
pub fn check(result: CUresult, what: &str) -> Result<(), String> {
    if result == CUresult::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what}: {}", error_name(result)))
    }
}

/// Runs `f`, turning a panic of the bindings (a library without an expected symbol) into an error.
pub fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    match result {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown failure".into());
            Err(format!("{what}: {message}"))
        }
    }
}

/// One physical GPU with its primary context.
#[derive(Clone, Debug)]
pub struct Gpu {
    pub ordinal: i32,
    pub device: CUdevice,
    pub context: CUcontext,
    pub name: String,
}

unsafe impl Send for Gpu {}
unsafe impl Sync for Gpu {}

/// Loads the driver and lists the GPUs; errors say what is missing.
pub fn init() -> Result<Vec<Gpu>, String> {
    if !unsafe { sys::is_culib_present() } {
        return Err("cannot load the CUDA driver library (libcuda.so): this machine has no NVIDIA driver, or it is not on the library path".into());
    }
    guarded("the CUDA driver", || {
        check(unsafe { sys::cuInit(0) }, "cannot initialize CUDA (cuInit)")?;
        let mut count = 0;
        check(
            unsafe { sys::cuDeviceGetCount(&mut count) },
            "cannot count the CUDA devices",
        )?;
        if count <= 0 {
            return Err("no CUDA device".into());
        }
        (0..count).map(gpu).collect()
    })
}

fn gpu(ordinal: i32) -> Result<Gpu, String> {
    let mut device: CUdevice = 0;
    check(
        unsafe { sys::cuDeviceGet(&mut device, ordinal) },
        "cuDeviceGet",
    )?;
    let mut context: CUcontext = std::ptr::null_mut();
    check(
        unsafe { sys::cuDevicePrimaryCtxRetain(&mut context, device) },
        "cannot retain the GPU's primary context",
    )?;
    let mut name = [0 as c_char; 256];
    check(
        unsafe { sys::cuDeviceGetName(name.as_mut_ptr(), 256, device) },
        "cuDeviceGetName",
    )?;
    let name = unsafe { CStr::from_ptr(name.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    Ok(Gpu {
        ordinal,
        device,
        context,
        name,
    })
}

/// Makes `context` current on the calling thread.
pub fn make_current(context: CUcontext) -> Result<(), String> {
    check(unsafe { sys::cuCtxSetCurrent(context) }, "cuCtxSetCurrent")
}

/// Device memory the runtime allocated, with the live and peak byte counts of one virtual device.
#[derive(Default)]
pub struct Allocations {
    live: HashMap<u64, usize>,
    pub live_bytes: usize,
    pub peak_bytes: usize,
}

impl Allocations {
    pub fn allocate(&mut self, bytes: usize) -> Result<u64, String> {
        let mut pointer = 0;
        check(
            unsafe { sys::cuMemAlloc_v2(&mut pointer, bytes.max(1)) },
            &format!("cannot allocate {bytes} bytes of device memory"),
        )?;
        self.record(pointer, bytes);
        Ok(pointer)
    }

    /// Books an allocation (separate from the driver call, for tests).
    pub fn record(&mut self, pointer: u64, bytes: usize) {
        self.live.insert(pointer, bytes);
        self.live_bytes += bytes;
        self.peak_bytes = self.peak_bytes.max(self.live_bytes);
    }

    /// Unbooks an allocation; `false` when the runtime did not make it.
    pub fn forget(&mut self, pointer: u64) -> bool {
        match self.live.remove(&pointer) {
            Some(bytes) => {
                self.live_bytes -= bytes;
                true
            }
            None => false,
        }
    }

    pub fn free(&mut self, pointer: u64) -> Result<(), String> {
        if self.forget(pointer) {
            check(unsafe { sys::cuMemFree_v2(pointer) }, "cuMemFree")?;
        }
        Ok(())
    }

    /// Frees everything still allocated (after a run).
    pub fn free_all(&mut self) -> Result<(), String> {
        let pointers: Vec<u64> = self.live.keys().copied().collect();
        let mut first = Ok(());
        for pointer in pointers {
            let result = self.free(pointer);
            if first.is_ok() {
                first = result;
            }
        }
        first
    }

    pub fn contains(&self, pointer: u64) -> bool {
        self.live.contains_key(&pointer)
    }
}

/// A device buffer outside the program's allocations (messages, all-reduce contributions): freed
/// with its context made current when dropped.
pub struct Staging {
    pub pointer: u64,
    pub bytes: usize,
    pub context: CUcontext,
}

unsafe impl Send for Staging {}
unsafe impl Sync for Staging {}

impl Staging {
    pub fn new(bytes: usize, context: CUcontext) -> Result<Staging, String> {
        let mut pointer = 0;
        check(
            unsafe { sys::cuMemAlloc_v2(&mut pointer, bytes.max(1)) },
            &format!("cannot allocate a {bytes}-byte staging buffer"),
        )?;
        Ok(Staging {
            pointer,
            bytes,
            context,
        })
    }
}

impl Staging {
    /// A buffer of no bytes (a token for meetings without data).
    pub fn empty(context: CUcontext) -> Staging {
        Staging {
            pointer: 0,
            bytes: 0,
            context,
        }
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.pointer == 0 {
            return;
        }
        unsafe {
            sys::cuCtxPushCurrent_v2(self.context);
            sys::cuMemFree_v2(self.pointer);
            sys::cuCtxPopCurrent_v2(std::ptr::null_mut());
        }
    }
}

/// A timing event pair.
pub struct Timer {
    start: CUevent,
    end: CUevent,
}

impl Timer {
    pub fn new() -> Result<Timer, String> {
        let mut start = std::ptr::null_mut();
        let mut end = std::ptr::null_mut();
        check(
            unsafe { sys::cuEventCreate(&mut start, 0) },
            "cuEventCreate",
        )?;
        check(unsafe { sys::cuEventCreate(&mut end, 0) }, "cuEventCreate")?;
        Ok(Timer { start, end })
    }

    pub fn start(&self, stream: CUstream) -> Result<(), String> {
        check(
            unsafe { sys::cuEventRecord(self.start, stream) },
            "cuEventRecord",
        )
    }

    pub fn end(&self, stream: CUstream) -> Result<(), String> {
        check(
            unsafe { sys::cuEventRecord(self.end, stream) },
            "cuEventRecord",
        )
    }

    /// Seconds between the two events (waits for the end).
    pub fn seconds(&self) -> Result<f64, String> {
        check(
            unsafe { sys::cuEventSynchronize(self.end) },
            "cuEventSynchronize",
        )?;
        let mut ms = 0f32;
        check(
            unsafe { sys::cuEventElapsedTime_v2(&mut ms, self.start, self.end) },
            "cuEventElapsedTime",
        )?;
        Ok(f64::from(ms) / 1e3)
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        unsafe {
            sys::cuEventDestroy_v2(self.start);
            sys::cuEventDestroy_v2(self.end);
        }
    }
}

/// The state of the virtual device the calling thread runs (see [`crate::abi`]).
/// Constants (weights) kept in device memory across the program's calls: the artifact's
/// `flexc_gpu_resident_<T>(host global)` uploads each global once per device (keyed by its host
/// address and size) and returns the same buffer afterwards, so timed runs do not re-upload
/// weights. Freed when the device state is dropped, not by the program.
#[derive(Default)]
pub struct Resident {
    buffers: HashMap<(u64, usize), u64>,
    /// Bytes kept resident (part of the device's peak memory).
    pub bytes: usize,
}

impl Resident {
    /// The device buffer holding the `bytes` at host address `host`: `upload` makes it on the
    /// first request (returning the device pointer), later requests get the same one.
    pub fn get_or_upload(
        &mut self,
        host: u64,
        bytes: usize,
        upload: impl FnOnce() -> Result<u64, String>,
    ) -> Result<u64, String> {
        if let Some(&device) = self.buffers.get(&(host, bytes)) {
            return Ok(device);
        }
        let device = upload()?;
        self.buffers.insert((host, bytes), device);
        self.bytes += bytes;
        Ok(device)
    }

    /// The device pointers, emptying the cache (for freeing).
    pub fn take(&mut self) -> Vec<u64> {
        self.bytes = 0;
        self.buffers.drain().map(|(_, device)| device).collect()
    }
}

pub struct DeviceState {
    /// Virtual device index (0 for the serial program).
    pub index: usize,
    pub gpu: Gpu,
    pub stream: CUstream,
    pub allocations: Allocations,
    pub cublas: Option<cudarc::cublas::sys::cublasHandle_t>,
    pub cudnn: Option<cudarc::cudnn::sys::cudnnHandle_t>,
    /// Kernels resolved in this context: (module handle, name) → function.
    pub functions: HashMap<usize, sys::CUfunction>,
    /// Whether `flexc_gpu_task_begin/end` record events (profiling runs).
    pub profiling: bool,
    pub open_tasks: HashMap<i64, Timer>,
    pub closed_tasks: Vec<(i64, Timer)>,
    /// cuDNN's algorithm and workspace size per convolution shape (chosen once).
    pub conv_algorithms:
        HashMap<crate::library_args::Conv, (cudarc::cudnn::sys::cudnnConvolutionFwdAlgo_t, usize)>,
    /// The convolution workspace, grown as needed (kept: freeing would synchronize the device).
    pub workspace: Option<Staging>,
    /// Constants uploaded once and kept across runs.
    pub resident: Resident,
}

impl DeviceState {
    pub fn new(index: usize, gpu: Gpu) -> Result<DeviceState, String> {
        make_current(gpu.context)?;
        let mut stream = std::ptr::null_mut();
        check(
            unsafe {
                sys::cuStreamCreate(
                    &mut stream,
                    sys::CUstream_flags::CU_STREAM_NON_BLOCKING as u32,
                )
            },
            "cuStreamCreate",
        )?;
        Ok(DeviceState {
            index,
            gpu,
            stream,
            allocations: Allocations::default(),
            cublas: None,
            cudnn: None,
            functions: HashMap::new(),
            profiling: false,
            open_tasks: HashMap::new(),
            closed_tasks: Vec::new(),
            conv_algorithms: HashMap::new(),
            workspace: None,
            resident: Resident::default(),
        })
    }

    pub fn synchronize(&self) -> Result<(), String> {
        check(
            unsafe { sys::cuStreamSynchronize(self.stream) },
            "cuStreamSynchronize",
        )
    }

    /// Copies host bytes to device memory, ordered on this device's stream, and waits for it (the
    /// stream does not synchronize with the legacy stream of the synchronous copies).
    pub fn upload(&self, pointer: u64, bytes: &[u8]) -> Result<(), String> {
        if bytes.is_empty() {
            return Ok(());
        }
        check(
            unsafe {
                sys::cuMemcpyHtoDAsync_v2(
                    pointer,
                    bytes.as_ptr() as *const _,
                    bytes.len(),
                    self.stream,
                )
            },
            "cuMemcpyHtoDAsync",
        )?;
        self.synchronize()
    }

    /// Copies device bytes to the host after the stream's work, and waits for it.
    pub fn download(&self, pointer: u64, bytes: &mut [u8]) -> Result<(), String> {
        if bytes.is_empty() {
            return Ok(());
        }
        check(
            unsafe {
                sys::cuMemcpyDtoHAsync_v2(
                    bytes.as_mut_ptr() as *mut _,
                    pointer,
                    bytes.len(),
                    self.stream,
                )
            },
            "cuMemcpyDtoHAsync",
        )?;
        self.synchronize()
    }

    /// Device-to-device copy on this device's stream.
    pub fn copy(&self, to: u64, from: u64, bytes: usize) -> Result<(), String> {
        if bytes == 0 {
            return Ok(());
        }
        check(
            unsafe { sys::cuMemcpyAsync(to, from, bytes, self.stream) },
            "cuMemcpyAsync",
        )
    }
}

impl Drop for DeviceState {
    fn drop(&mut self) {
        let _ = self.allocations.free_all();
        self.workspace = None;
        unsafe {
            for pointer in self.resident.take() {
                sys::cuMemFree_v2(pointer);
            }
            if let Some(handle) = self.cublas.take() {
                cudarc::cublas::sys::cublasDestroy_v2(handle);
            }
            if let Some(handle) = self.cudnn.take() {
                cudarc::cudnn::sys::cudnnDestroy(handle);
            }
            sys::cuStreamDestroy_v2(self.stream);
        }
    }
}

thread_local! {
    /// The virtual device of the calling thread, while it runs a program.
    pub static CURRENT: RefCell<Option<DeviceState>> = const { RefCell::new(None) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_constants_upload_once_per_address_and_size() {
        let mut resident = Resident::default();
        let mut uploads = 0;
        let mut upload = |pointer: u64| {
            uploads += 1;
            move || Ok(pointer)
        };
        assert_eq!(resident.get_or_upload(0x1000, 64, upload(0xa0)), Ok(0xa0));
        assert_eq!(resident.get_or_upload(0x1000, 64, upload(0xb0)), Ok(0xa0));
        assert_eq!(resident.get_or_upload(0x2000, 16, upload(0xc0)), Ok(0xc0));
        assert_eq!(uploads, 3, "the closures are made, only two run");
        assert_eq!(resident.bytes, 80);
        let failed = resident.get_or_upload(0x3000, 8, || Err("out of memory".into()));
        assert_eq!(failed, Err("out of memory".to_string()));
        assert_eq!(resident.bytes, 80, "a failed upload is not kept");
        let mut freed = resident.take();
        freed.sort_unstable();
        assert_eq!((freed, resident.bytes), (vec![0xa0, 0xc0], 0));
    }

    #[test]
    fn allocations_track_live_and_peak_bytes() {
        let mut a = Allocations::default();
        a.record(0x10, 100);
        a.record(0x20, 50);
        assert!(a.forget(0x10));
        a.record(0x30, 20);
        assert_eq!((a.live_bytes, a.peak_bytes), (70, 150));
        assert!(
            !a.forget(0x10),
            "a pointer the runtime did not allocate is not booked"
        );
        assert!(a.contains(0x30));
    }

    #[test]
    fn a_machine_without_driver_is_an_error() {
        // On machines with a driver this test checks nothing more than that init does not panic.
        match init() {
            Ok(gpus) => assert!(!gpus.is_empty()),
            Err(e) => assert!(
                e.contains("CUDA driver") || e.contains("no CUDA device") || e.contains("cuInit"),
                "{e}"
            ),
        }
    }

    #[test]
    fn guarded_turns_panics_into_errors() {
        let r: Result<(), String> = guarded("lib", || panic!("Missing symbol x"));
        assert_eq!(r.unwrap_err(), "lib: Missing symbol x");
    }
}
