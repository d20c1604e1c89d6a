//! The CPU runtime behind `par-lower-runtime`'s calls: virtual devices are threads of one process,
//! messages go through a shared mailbox, all-reduces meet in a shared table.
//!
//! Each device thread calls [`Runtime::enter`] before running its program (the runtime functions
//! find their device through a thread-local) and [`Runtime::leave`] after. Functions follow the
//! C interface of `llvm.emit_c_interface` with unranked memrefs: a pointer to `{i64 rank, ptr
//! descriptor}`, the ranked descriptor being `{ptr allocated, ptr aligned, i64 offset, i64 sizes[rank],
//! i64 strides[rank]}`; buffers are read and written through the strides.
//!
//! - `send` copies the buffer into the mailbox under `(from, to, tag)` and returns (buffered, as
//!   `par-materialize` assumes);
//! - `recv` waits for `(peer, me, tag)`, checks the byte count, fills the buffer;
//! - `all_reduce_<kind>` matches the calls of one group by the caller's count of calls with that
//!   group; when every member has contributed, the result is computed in ascending device order (so
//!   it does not depend on thread timing) and every member copies it;
//! - `all_gather` and `reduce_scatter_<kind>` meet the same way (core's `collective` layout: member
//!   `i` of the ascending group owns part `i` along the dim): the whole tensor from the parts, or the
//!   ordered fold of the whole tensors of which each member keeps its part.
//!
//! Nothing here may panic (the functions are called from JIT-compiled code): problems (a size
//! mismatch, a device outside a group, a deadlock) are recorded as the run's failure, waits return at
//! once from then on, and [`Runtime::failure`] reports the first one. A deadlock is detected when every
//! device that has not finished waits and none can proceed.

use flexc_core::mailbox::Mailbox;
use flexc_core::reduce::{ReduceElement, ReduceKind};
use flexc_core::DType;
use std::{cell::RefCell, sync::Arc};

/// What a run communicated (core's mailbox counts it).
pub use flexc_core::mailbox::Traffic;

/// The devices' meeting point: core's mailbox (the protocol `flexc-gpu` shares) with host byte
/// buffers as payloads.
pub struct Runtime {
    mailbox: Mailbox<Vec<u8>>,
}

thread_local! {
    static CURRENT: RefCell<Option<(Arc<Runtime>, usize)>> = const { RefCell::new(None) };
}

impl Runtime {
    pub fn new(devices: flexc_core::DeviceCount) -> Arc<Runtime> {
        Arc::new(Runtime {
            mailbox: Mailbox::new(devices),
        })
    }

    /// Makes the calling thread device `device` of `runtime`.
    pub fn enter(runtime: &Arc<Runtime>, device: usize) {
        CURRENT.with(|current| *current.borrow_mut() = Some((runtime.clone(), device)));
    }

    /// The calling thread's device program has returned (messages nobody received are a mismatch
    /// of the programs, found once all have finished).
    pub fn leave() {
        let entered = CURRENT.with(|current| current.borrow_mut().take());
        if let Some((runtime, device)) = entered {
            runtime.mailbox.finish(device);
        }
    }

    /// The first problem of the run.
    pub fn failure(&self) -> Option<String> {
        self.mailbox.failure()
    }

    pub fn traffic(&self) -> Traffic {
        self.mailbox.traffic()
    }

    fn send(&self, device: usize, data: Vec<u8>, peer: i64, tag: i64) {
        let bytes = data.len() as u64;
        self.mailbox.send(device, peer, tag, data, bytes);
    }

    fn recv(&self, device: usize, bytes: usize, peer: i64, tag: i64) -> Option<Vec<u8>> {
        let data = self.mailbox.recv(device, peer, tag)?;
        if data.len() != bytes {
            self.mailbox.fail(format!(
                "device {device} receives {bytes} bytes with tag {tag} from device {peer}, which sent {}",
                data.len()
            ));
            return None;
        }
        Some(data)
    }

    fn all_reduce(
        &self,
        device: usize,
        data: Vec<u8>,
        mask: i64,
        signature: &str,
        num: ReduceElement,
        kind: ReduceKind,
    ) -> Option<Vec<u8>> {
        let bytes = data.len();
        let result = self
            .mailbox
            .all_reduce(device, mask, signature, data, |parts| {
                if parts.iter().any(|p| p.len() != bytes) {
                    return Err("the members contribute buffers of different sizes".into());
                }
                Ok(reduce(parts, num, kind))
            })?;
        Some(result.as_ref().clone())
    }
}

/// The position of `device` among the members of `mask` (ascending), and their count.
fn position(device: usize, mask: i64) -> (usize, usize) {
    let members: Vec<usize> = (0..63).filter(|d| mask & (1 << d) != 0).collect();
    let index = members.iter().position(|&d| d == device).unwrap_or(0);
    (index, members.len())
}

impl Runtime {
    fn all_gather(
        &self,
        device: usize,
        data: Vec<u8>,
        whole: &[u64],
        dim: usize,
        mask: i64,
        width: usize,
    ) -> Option<Vec<u8>> {
        let (_, parts) = position(device, mask);
        if let Err(e) = flexc_core::collective::check(whole, dim, parts) {
            self.mailbox
                .fail(format!("device {device} all-gathers: {e}"));
            return None;
        }
        let bytes = data.len();
        let signature = format!("{width}-byte elements of {whole:?} along dim {dim}");
        let result = self.mailbox.collective(
            device,
            mask,
            "all-gather",
            &signature,
            data,
            |contributions| {
                if contributions.iter().any(|p| p.len() != bytes) {
                    return Err("the members contribute parts of different sizes".into());
                }
                let slices: Vec<&[u8]> = contributions.iter().map(|p| p.as_slice()).collect();
                Ok(flexc_core::collective::gather(&slices, whole, dim, width))
            },
        )?;
        Some(result.as_ref().clone())
    }

    #[allow(clippy::too_many_arguments)]
    fn reduce_scatter(
        &self,
        device: usize,
        data: Vec<u8>,
        whole: &[u64],
        dim: usize,
        mask: i64,
        num: ReduceElement,
        kind: ReduceKind,
    ) -> Option<Vec<u8>> {
        let (index, parts) = position(device, mask);
        if let Err(e) = flexc_core::collective::check(whole, dim, parts) {
            self.mailbox
                .fail(format!("device {device} reduce-scatters: {e}"));
            return None;
        }
        let bytes = data.len();
        let signature = format!("{kind:?} of {num:?}{whole:?} along dim {dim}").to_lowercase();
        let result = self.mailbox.collective(
            device,
            mask,
            "reduce-scatter",
            &signature,
            data,
            |contributions| {
                if contributions.iter().any(|p| p.len() != bytes) {
                    return Err("the members contribute buffers of different sizes".into());
                }
                Ok(reduce(contributions, num, kind))
            },
        )?;
        let width = num.width();
        Some(flexc_core::collective::part(
            &result, whole, dim, parts, index, width,
        ))
    }
}

/// The ordered fold of the contributions (core's, shared with the GPU runtime's kernel).
fn reduce(parts: &[&Vec<u8>], num: ReduceElement, kind: ReduceKind) -> Vec<u8> {
    let parts: Vec<&[u8]> = parts.iter().map(|p| p.as_slice()).collect();
    flexc_core::reduce::fold_ordered(&parts, num, kind)
}

/// An unranked memref as the C interface passes it.
#[repr(C)]
pub struct Unranked {
    rank: i64,
    descriptor: *mut i64,
}

/// A strided memref's elements: aligned base pointer, offset, sizes and strides (in elements).
struct View<'a> {
    base: *mut u8,
    offset: i64,
    sizes: &'a [i64],
    strides: &'a [i64],
}

impl View<'_> {
    fn count(&self) -> usize {
        self.sizes.iter().map(|&s| s.max(0) as usize).product()
    }
}

unsafe fn view<'a>(memref: *const Unranked) -> Option<View<'a>> {
    let memref = unsafe { memref.as_ref()? };
    if memref.descriptor.is_null() || memref.rank < 0 {
        return None;
    }
    let rank = memref.rank as usize;
    let words = unsafe { std::slice::from_raw_parts(memref.descriptor, 3 + 2 * rank) };
    Some(View {
        base: words[1] as usize as *mut u8,
        offset: words[2],
        sizes: &words[3..3 + rank],
        strides: &words[3 + rank..],
    })
}

/// Calls `row(a, b)` with the element offsets at which each innermost row of two views of the same
/// `sizes` starts, in row-major order (once for rank 0, never for an empty view).
fn for_each_row(sizes: &[i64], a: (i64, &[i64]), b: (i64, &[i64]), mut row: impl FnMut(i64, i64)) {
    if sizes.iter().any(|&s| s <= 0) {
        return;
    }
    let outer = sizes.len().saturating_sub(1);
    let mut index = vec![0i64; outer];
    let (mut at_a, mut at_b) = (a.0, b.0);
    loop {
        row(at_a, at_b);
        let mut d = outer;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            index[d] += 1;
            at_a += a.1[d];
            at_b += b.1[d];
            if index[d] < sizes[d] {
                break;
            }
            at_a -= a.1[d] * sizes[d];
            at_b -= b.1[d] * sizes[d];
            index[d] = 0;
        }
    }
}

/// Copies the elements of `from` to `to` (same sizes) in row-major order: whole rows where both
/// are contiguous along the innermost dim, element by element otherwise.
unsafe fn copy_view(from: &View, to: &View, width: usize) {
    let inner = from.sizes.last().copied().unwrap_or(1).max(0);
    let inner_strides = (
        from.strides.last().copied().unwrap_or(1),
        to.strides.last().copied().unwrap_or(1),
    );
    for_each_row(
        from.sizes,
        (from.offset, from.strides),
        (to.offset, to.strides),
        |a, b| unsafe {
            if inner_strides == (1, 1) {
                std::ptr::copy(
                    from.base.add(a as usize * width),
                    to.base.add(b as usize * width),
                    inner as usize * width,
                );
            } else {
                for i in 0..inner {
                    std::ptr::copy(
                        from.base.add((a + i * inner_strides.0) as usize * width),
                        to.base.add((b + i * inner_strides.1) as usize * width),
                        width,
                    );
                }
            }
        },
    );
}

/// Byte offsets (from the aligned pointer) of the elements of a strided view, in row-major order.
pub fn strided_offsets(offset: i64, sizes: &[i64], strides: &[i64], width: usize) -> Vec<usize> {
    let count: i64 = sizes.iter().map(|&s| s.max(0)).product();
    let mut offsets = Vec::with_capacity(count as usize);
    let mut index = vec![0i64; sizes.len()];
    for _ in 0..count {
        let element: i64 = offset + index.iter().zip(strides).map(|(i, s)| i * s).sum::<i64>();
        offsets.push(element as usize * width);
        for d in (0..sizes.len()).rev() {
            index[d] += 1;
            if index[d] < sizes[d] {
                break;
            }
            index[d] = 0;
        }
    }
    offsets
}

fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1].max(1);
    }
    strides
}

/// The elements of a memref, row-major.
unsafe fn read(memref: *const Unranked, width: usize) -> Option<Vec<u8>> {
    let from = unsafe { view(memref)? };
    let mut data = vec![0u8; from.count() * width];
    let strides = row_major(from.sizes);
    let to = View {
        base: data.as_mut_ptr(),
        offset: 0,
        sizes: from.sizes,
        strides: &strides,
    };
    unsafe { copy_view(&from, &to, width) };
    Some(data)
}

/// Writes row-major `data` (as many elements as the memref has) into a memref.
unsafe fn write(memref: *const Unranked, width: usize, data: &[u8]) {
    let Some(to) = (unsafe { view(memref) }) else {
        return;
    };
    if data.len() < to.count() * width {
        return;
    }
    let strides = row_major(to.sizes);
    let from = View {
        base: data.as_ptr() as *mut u8,
        offset: 0,
        sizes: to.sizes,
        strides: &strides,
    };
    unsafe { copy_view(&from, &to, width) };
}

fn current() -> Option<(Arc<Runtime>, usize)> {
    CURRENT.with(|current| current.borrow().clone())
}

/// Makes every thread of the process allocate from one malloc arena; call it before the device threads
/// start. glibc gives each new thread an arena of its own, whose heap it grows and trims by changing
/// the process's memory mappings; device programs allocate and free every tensor of every run, and each
/// such change of the shared address space also interrupts the core running the other device (likely a
/// TLB shootdown, costly in a VM). Measured on the shipped small models, a 2-device data-parallel run
/// took 30-45% longer with an arena per thread than with one shared arena (the serial program alike),
/// a cost of the host's allocator that no machine figure describes. With one arena, the devices only
/// contend for its lock when they allocate at the same time.
pub fn share_one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

unsafe fn send(memref: *const Unranked, width: usize, peer: i64, tag: i64) {
    let Some((runtime, device)) = current() else {
        return;
    };
    match unsafe { read(memref, width) } {
        Some(data) => runtime.send(device, data, peer, tag),
        None => runtime
            .mailbox
            .fail(format!("device {device} sends an invalid buffer")),
    }
}

unsafe fn recv(memref: *const Unranked, width: usize, peer: i64, tag: i64) {
    let Some((runtime, device)) = current() else {
        return;
    };
    let Some(target) = (unsafe { view(memref) }) else {
        return runtime
            .mailbox
            .fail(format!("device {device} receives into an invalid buffer"));
    };
    if let Some(data) = runtime.recv(device, target.count() * width, peer, tag) {
        unsafe { write(memref, width, &data) };
    }
}

unsafe fn all_reduce(memref: *const Unranked, mask: i64, num: ReduceElement, kind: ReduceKind) {
    let Some((runtime, device)) = current() else {
        return;
    };
    let width = num.width();
    let Some(data) = (unsafe { read(memref, width) }) else {
        return runtime
            .mailbox
            .fail(format!("device {device} all-reduces an invalid buffer"));
    };
    // What every member must agree on: kind, element type, shape.
    let shape = unsafe { view(memref) }.map_or(Vec::new(), |v| v.sizes.to_vec());
    let signature = format!("{kind:?} of {num:?}{shape:?}").to_lowercase();
    if let Some(result) = runtime.all_reduce(device, data, mask, &signature, num, kind) {
        unsafe { write(memref, width, &result) };
    }
}

unsafe fn all_gather(
    input: *const Unranked,
    output: *const Unranked,
    width: usize,
    mask: i64,
    dim: i64,
) {
    let Some((runtime, device)) = current() else {
        return;
    };
    let (Some(data), Some(out)) = (unsafe { read(input, width) }, unsafe { view(output) }) else {
        return runtime
            .mailbox
            .fail(format!("device {device} all-gathers an invalid buffer"));
    };
    let whole: Vec<u64> = out.sizes.iter().map(|&s| s.max(0) as u64).collect();
    if let Some(result) = runtime.all_gather(device, data, &whole, dim.max(0) as usize, mask, width)
    {
        unsafe { write(output, width, &result) };
    }
}

unsafe fn reduce_scatter(
    input: *const Unranked,
    output: *const Unranked,
    mask: i64,
    dim: i64,
    num: ReduceElement,
    kind: ReduceKind,
) {
    let Some((runtime, device)) = current() else {
        return;
    };
    let width = num.width();
    let (Some(data), Some(whole)) = (unsafe { read(input, width) }, unsafe { view(input) }) else {
        return runtime
            .mailbox
            .fail(format!("device {device} reduce-scatters an invalid buffer"));
    };
    let shape: Vec<u64> = whole.sizes.iter().map(|&s| s.max(0) as u64).collect();
    if let Some(result) =
        runtime.reduce_scatter(device, data, &shape, dim.max(0) as usize, mask, num, kind)
    {
        unsafe { write(output, width, &result) };
    }
}

macro_rules! gathers {
    ($($element:ident $name:ident),* $(,)?) => {
        $(
            unsafe extern "C" fn $name(input: *const Unranked, output: *const Unranked, mask: i64, dim: i64) {
                unsafe { all_gather(input, output, DType::$element.size_bytes() as usize, mask, dim) }
            }
        )*
        const GATHERS: &[(DType, unsafe extern "C" fn(*const Unranked, *const Unranked, i64, i64))] =
            &[$((DType::$element, $name)),*];
    };
}

gathers!(
    I1 gather_i1, I8 gather_i8, I16 gather_i16, I32 gather_i32, I64 gather_i64, F16 gather_f16,
    BF16 gather_bf16, F32 gather_f32, F64 gather_f64,
);

macro_rules! scatters {
    ($($k:ident $num:ident $name:ident),* $(,)?) => {
        $(
            unsafe extern "C" fn $name(input: *const Unranked, output: *const Unranked, mask: i64, dim: i64) {
                unsafe { reduce_scatter(input, output, mask, dim, ReduceElement::$num, ReduceKind::$k) }
            }
        )*
        const SCATTERS: &[(ReduceKind, ReduceElement, unsafe extern "C" fn(*const Unranked, *const Unranked, i64, i64))] =
            &[$((ReduceKind::$k, ReduceElement::$num, $name)),*];
    };
}

scatters!(
    Sum F32 rs_sum_f32, Max F32 rs_max_f32, Min F32 rs_min_f32,
    Sum F64 rs_sum_f64, Max F64 rs_max_f64, Min F64 rs_min_f64,
    Sum I32 rs_sum_i32, Max I32 rs_max_i32, Min I32 rs_min_i32,
    Sum I64 rs_sum_i64, Max I64 rs_max_i64, Min I64 rs_min_i64,
);

macro_rules! point_to_point {
    ($($element:ident $send:ident $recv:ident),* $(,)?) => {
        $(
            unsafe extern "C" fn $send(memref: *const Unranked, peer: i64, tag: i64) {
                unsafe { send(memref, DType::$element.size_bytes() as usize, peer, tag) }
            }
            unsafe extern "C" fn $recv(memref: *const Unranked, peer: i64, tag: i64) {
                unsafe { recv(memref, DType::$element.size_bytes() as usize, peer, tag) }
            }
        )*
        const POINT_TO_POINT: &[(DType, unsafe extern "C" fn(*const Unranked, i64, i64), unsafe extern "C" fn(*const Unranked, i64, i64))] =
            &[$((DType::$element, $send, $recv)),*];
    };
}

point_to_point!(
    I1 send_i1 recv_i1,
    I8 send_i8 recv_i8,
    I16 send_i16 recv_i16,
    I32 send_i32 recv_i32,
    I64 send_i64 recv_i64,
    F16 send_f16 recv_f16,
    BF16 send_bf16 recv_bf16,
    F32 send_f32 recv_f32,
    F64 send_f64 recv_f64,
);

macro_rules! reductions {
    ($($k:ident $num:ident $name:ident),* $(,)?) => {
        $(
            unsafe extern "C" fn $name(memref: *const Unranked, mask: i64) {
                unsafe { all_reduce(memref, mask, ReduceElement::$num, ReduceKind::$k) }
            }
        )*
        const REDUCTIONS: &[(ReduceKind, ReduceElement, unsafe extern "C" fn(*const Unranked, i64))] =
            &[$((ReduceKind::$k, ReduceElement::$num, $name)),*];
    };
}

reductions!(
    Sum F32 sum_f32, Max F32 max_f32, Min F32 min_f32,
    Sum F64 sum_f64, Max F64 max_f64, Min F64 min_f64,
    Sum I32 sum_i32, Max I32 max_i32, Min I32 min_i32,
    Sum I64 sum_i64, Max I64 max_i64, Min I64 min_i64,
);

/// `memref.copy` of non-contiguous views, which `finalize-memref-to-llvm` turns into a call of this
/// function of MLIR's C runner utilities (reimplemented here so flexc-run needs no shared library).
unsafe extern "C" fn memref_copy(width: i64, source: *const Unranked, target: *const Unranked) {
    let width = width.max(0) as usize;
    if let (Some(from), Some(to)) = (unsafe { view(source) }, unsafe { view(target) }) {
        if from.sizes == to.sizes {
            unsafe { copy_view(&from, &to, width) };
        }
    }
}

/// Every runtime function under the name the JIT-compiled code calls (`_mlir_ciface_` + the name of
/// `par-lower-runtime`'s declaration, `flexc_core::contract`).
pub fn symbols() -> Vec<(String, *mut ())> {
    use flexc_core::contract::{self, entry_symbol, Runtime::Cpu};
    let mut symbols = vec![("memrefCopy".to_string(), memref_copy as *mut ())];
    for &(element, send, recv) in POINT_TO_POINT {
        symbols.push((entry_symbol(&contract::send(Cpu, element)), send as *mut ()));
        symbols.push((entry_symbol(&contract::recv(Cpu, element)), recv as *mut ()));
    }
    for &(kind, element, function) in REDUCTIONS {
        let name = contract::all_reduce(Cpu, kind, element);
        symbols.push((entry_symbol(&name), function as *mut ()));
    }
    for &(element, function) in GATHERS {
        let name = contract::all_gather(Cpu, element);
        symbols.push((entry_symbol(&name), function as *mut ()));
    }
    for &(kind, element, function) in SCATTERS {
        let name = contract::reduce_scatter(Cpu, kind, element);
        symbols.push((entry_symbol(&name), function as *mut ()));
    }
    symbols
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_follow_strides() {
        // A 2x2 window at (1, 1) of a 3x4 row-major buffer.
        assert_eq!(
            strided_offsets(5, &[2, 2], &[4, 1], 4),
            vec![20, 24, 36, 40]
        );
        assert_eq!(strided_offsets(0, &[], &[], 8), vec![0]);
    }

    #[test]
    fn views_copy_like_their_element_offsets() {
        // A 3x4 buffer of u32; windows, a transpose and a rank-0 view copied into row-major storage
        // must give the elements that `strided_offsets` names.
        let mut source: Vec<u32> = (0..12).collect();
        let base = source.as_mut_ptr() as *mut u8;
        for (offset, sizes, strides) in [
            (5i64, vec![2i64, 2], vec![4i64, 1]),
            (0, vec![4, 3], vec![1, 4]),
            (1, vec![3, 2], vec![4, 2]),
            (7, vec![], vec![]),
            (0, vec![0, 3], vec![3, 1]),
        ] {
            let from = View {
                base,
                offset,
                sizes: &sizes,
                strides: &strides,
            };
            let mut target = vec![u32::MAX; from.count()];
            let row_major_strides = row_major(&sizes);
            let to = View {
                base: target.as_mut_ptr() as *mut u8,
                offset: 0,
                sizes: &sizes,
                strides: &row_major_strides,
            };
            unsafe { copy_view(&from, &to, 4) };
            let expected: Vec<u32> = strided_offsets(offset, &sizes, &strides, 4)
                .into_iter()
                .map(|byte| source[byte / 4])
                .collect();
            assert_eq!(target, expected, "{sizes:?} {strides:?}");
        }
    }

    #[test]
    fn the_symbols_cover_the_pass() {
        // Every entry `par-lower-runtime` can call, and nothing else (besides memrefCopy).
        let names: std::collections::BTreeSet<String> =
            symbols().into_iter().map(|(name, _)| name).collect();
        let mut expected: std::collections::BTreeSet<String> =
            flexc_core::contract::entries(flexc_core::contract::Runtime::Cpu)
                .iter()
                .map(|name| flexc_core::contract::entry_symbol(name))
                .collect();
        expected.insert("memrefCopy".into());
        assert_eq!(names, expected);
    }
}
