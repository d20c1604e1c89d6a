//! All-reduces through NCCL when every virtual device has a GPU of its own (cudarc's `nccl`,
//! loaded at run time). One communicator clique per group mask, created on the group's first
//! all-reduce by `ncclCommInitAll` (one process drives all ranks). The members first meet in the
//! mailbox (so a mismatched program is reported, never left hanging in a collective), then each
//! calls `ncclAllReduce` on its own stream.
//!
//! NCCL's ring order of additions is fixed for a configuration but is not the CPU runtime's
//! ascending order: results agree with `flexc-run` within rounding, not bit for bit. The
//! single-GPU path (N streams) keeps the ordered kernel of [`crate::reduce`].

use crate::reduce::Kind;
use cudarc::nccl::sys::{self, ncclComm_t, ncclDataType_t, ncclRedOp_t, ncclResult_t};
use std::{
    collections::HashMap,
    ffi::CStr,
    sync::{Arc, Mutex},
};

/// Communicators per group mask: the communicator of each member, in ascending device order.
pub struct Nccl {
    /// GPU ordinal of each virtual device.
    ordinals: Vec<i32>,
    cliques: Mutex<HashMap<i64, Vec<usize>>>,
}

unsafe impl Send for Nccl {}
unsafe impl Sync for Nccl {}

fn check(result: ncclResult_t, what: &str) -> Result<(), String> {
    if result == ncclResult_t::ncclSuccess {
        return Ok(());
    }
    let text = unsafe { sys::ncclGetErrorString(result) };
    let text = if text.is_null() {
        format!("{result:?}")
    } else {
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    };
    Err(format!("{what}: {text}"))
}

/// Whether NCCL applies: several devices, each on a GPU of its own.
pub fn applies(devices: usize, gpus: usize) -> bool {
    devices > 1 && gpus >= devices
}

impl Nccl {
    /// NCCL for `ordinals` (one distinct GPU per device), or why not.
    pub fn load(ordinals: Vec<i32>) -> Result<Arc<Nccl>, String> {
        if !unsafe { sys::is_culib_present() } {
            return Err("cannot load NCCL (libnccl.so): put it on LD_LIBRARY_PATH".into());
        }
        Ok(Arc::new(Nccl {
            ordinals,
            cliques: Mutex::new(HashMap::new()),
        }))
    }

    /// The communicator of `device` in the clique of `mask` (created on first use).
    fn communicator(&self, mask: i64, device: usize) -> Result<ncclComm_t, String> {
        let members: Vec<usize> = (0..self.ordinals.len().min(63))
            .filter(|d| mask & (1 << d) != 0)
            .collect();
        let rank = members
            .iter()
            .position(|&d| d == device)
            .ok_or_else(|| format!("device {device} is not in group {mask:#x}"))?;
        let mut cliques = self.cliques.lock().unwrap_or_else(|e| e.into_inner());
        if let std::collections::hash_map::Entry::Vacant(vacant) = cliques.entry(mask) {
            let devices: Vec<i32> = members.iter().map(|&d| self.ordinals[d]).collect();
            let mut comms: Vec<ncclComm_t> = vec![std::ptr::null_mut(); devices.len()];
            crate::cuda::guarded("NCCL", || {
                check(
                    unsafe {
                        sys::ncclCommInitAll(
                            comms.as_mut_ptr(),
                            devices.len() as i32,
                            devices.as_ptr(),
                        )
                    },
                    "ncclCommInitAll",
                )
            })?;
            vacant.insert(comms.into_iter().map(|c| c as usize).collect());
        }
        Ok(cliques[&mask][rank] as ncclComm_t)
    }

    /// In-place all-reduce of `count` elements at `pointer` on `stream` (asynchronous).
    #[allow(clippy::too_many_arguments)]
    pub fn all_reduce(
        &self,
        device: usize,
        mask: i64,
        pointer: u64,
        count: usize,
        element: &str,
        kind: Kind,
        stream: cudarc::driver::sys::CUstream,
    ) -> Result<(), String> {
        let comm = self.communicator(mask, device)?;
        let datatype = datatype(element).ok_or_else(|| format!("NCCL cannot reduce {element}"))?;
        check(
            unsafe {
                sys::ncclAllReduce(
                    pointer as *const _,
                    pointer as *mut _,
                    count,
                    datatype,
                    operation(kind),
                    comm,
                    stream as _,
                )
            },
            "ncclAllReduce",
        )
    }
}

impl Drop for Nccl {
    fn drop(&mut self) {
        let cliques = self.cliques.get_mut().unwrap_or_else(|e| e.into_inner());
        for comm in cliques.values().flatten() {
            unsafe { sys::ncclCommDestroy(*comm as ncclComm_t) };
        }
    }
}

/// NCCL's type of an element type.
pub fn datatype(element: &str) -> Option<ncclDataType_t> {
    Some(match element {
        "f32" => ncclDataType_t::ncclFloat32,
        "f64" => ncclDataType_t::ncclFloat64,
        "i32" => ncclDataType_t::ncclInt32,
        "i64" => ncclDataType_t::ncclInt64,
        _ => return None,
    })
}

pub fn operation(kind: Kind) -> ncclRedOp_t {
    match kind {
        Kind::Sum => ncclRedOp_t::ncclSum,
        Kind::Max => ncclRedOp_t::ncclMax,
        Kind::Min => ncclRedOp_t::ncclMin,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nccl_applies_with_a_gpu_per_device() {
        assert!(applies(4, 4) && applies(2, 8));
        assert!(!applies(4, 1) && !applies(1, 1));
        assert!(crate::reduce::elements()
            .iter()
            .all(|e| datatype(e).is_some()));
        assert_eq!(operation(Kind::Max), ncclRedOp_t::ncclMax);
    }
}
