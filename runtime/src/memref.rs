//! Memref descriptors as MLIR's C interface passes them, and the host-side plans built from them.
//!
//! A ranked descriptor is `{ptr allocated, ptr aligned, i64 offset, i64 sizes[rank], i64
//! strides[rank]}` (all 8-byte words); an unranked one (the runtime entry points' arguments) is
//! `{i64 rank, ptr descriptor}`. Entry points `_mlir_ciface_<f>(results*, args*...)` take a pointer
//! to each argument's descriptor, preceded, when `f` returns anything, by a pointer to the storage
//! of its result descriptors (one descriptor, or a struct of them: consecutive descriptors).

use std::ffi::c_void;

/// An unranked memref as the C interface passes it.
#[repr(C)]
pub struct Unranked {
    pub rank: i64,
    pub descriptor: *mut i64,
}

/// A strided view: aligned base address (host or device), offset, sizes and strides in elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub base: u64,
    pub offset: i64,
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
}

impl View {
    /// Reads a ranked descriptor of `rank` at `words`.
    ///
    /// # Safety
    /// `words` must point at `3 + 2 * rank` readable words.
    pub unsafe fn from_ranked(words: *const i64, rank: usize) -> View {
        let words = unsafe { std::slice::from_raw_parts(words, 3 + 2 * rank) };
        View {
            base: words[1] as u64,
            offset: words[2],
            sizes: words[3..3 + rank].to_vec(),
            strides: words[3 + rank..].to_vec(),
        }
    }

    /// Reads an unranked memref; `None` for a null or malformed one.
    ///
    /// # Safety
    /// `memref`, when not null, must point at a valid unranked descriptor.
    pub unsafe fn from_unranked(memref: *const Unranked) -> Option<View> {
        let memref = unsafe { memref.as_ref()? };
        unsafe { Self::from_parts(memref.rank, memref.descriptor) }
    }

    /// Reads an unranked memref passed as its two words (the plain calling convention).
    ///
    /// # Safety
    /// `descriptor`, when not null, must point at a ranked descriptor of `rank`.
    pub unsafe fn from_parts(rank: i64, descriptor: *const i64) -> Option<View> {
        if descriptor.is_null() || !(0..=64).contains(&rank) {
            return None;
        }
        Some(unsafe { Self::from_ranked(descriptor, rank as usize) })
    }

    pub fn count(&self) -> usize {
        self.sizes.iter().map(|&s| s.max(0) as usize).product()
    }

    /// Whether the elements are consecutive in row-major order.
    pub fn is_contiguous(&self) -> bool {
        self.count() <= 1 || row_major(&self.sizes) == self.strides || {
            // Dims of size 1 may carry any stride.
            let expected = row_major(&self.sizes);
            self.sizes
                .iter()
                .zip(self.strides.iter().zip(&expected))
                .all(|(&size, (&s, &e))| size == 1 || s == e)
        }
    }

    /// Address of the first element.
    pub fn start(&self, width: usize) -> u64 {
        self.base
            .wrapping_add((self.offset as u64).wrapping_mul(width as u64))
    }
}

/// Row-major strides of `sizes`.
pub fn row_major(sizes: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1].max(1);
    }
    strides
}

/// A ranked descriptor of a fresh row-major buffer at `address`.
pub fn ranked_descriptor(address: u64, shape: &[u64]) -> Vec<i64> {
    let sizes: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let mut words = vec![address as i64, address as i64, 0];
    words.extend(&sizes);
    words.extend(row_major(&sizes));
    words
}

/// A copy of `bytes` bytes from byte offset `from` to byte offset `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub from: u64,
    pub to: u64,
    pub bytes: u64,
}

/// The copies that move the elements of `view` (byte offsets from its base) into a packed
/// row-major buffer (byte offsets from 0): one per innermost row when rows are contiguous, merged
/// when consecutive; one per element otherwise. Reversing each segment writes a packed buffer
/// into the view.
pub fn pack_segments(view: &View, width: usize) -> Vec<Segment> {
    let width = width as u64;
    let mut segments: Vec<Segment> = Vec::new();
    if view.sizes.iter().any(|&s| s <= 0) {
        return segments;
    }
    let rank = view.sizes.len();
    let inner = if rank == 0 {
        1
    } else {
        view.sizes[rank - 1] as u64
    };
    let inner_stride = if rank == 0 { 1 } else { view.strides[rank - 1] };
    let outer = rank.saturating_sub(1);
    let mut index = vec![0i64; outer];
    let mut packed = 0u64;
    let push = |segment: Segment, segments: &mut Vec<Segment>| {
        if let Some(last) = segments.last_mut() {
            if last.from + last.bytes == segment.from && last.to + last.bytes == segment.to {
                last.bytes += segment.bytes;
                return;
            }
        }
        segments.push(segment);
    };
    loop {
        let row: i64 = view.offset
            + index
                .iter()
                .zip(&view.strides)
                .map(|(i, s)| i * s)
                .sum::<i64>();
        if inner_stride == 1 || inner == 1 {
            let segment = Segment {
                from: row as u64 * width,
                to: packed,
                bytes: inner * width,
            };
            push(segment, &mut segments);
            packed += inner * width;
        } else {
            for i in 0..inner as i64 {
                let segment = Segment {
                    from: (row + i * inner_stride) as u64 * width,
                    to: packed,
                    bytes: width,
                };
                push(segment, &mut segments);
                packed += width;
            }
        }
        let mut d = outer;
        loop {
            if d == 0 {
                return segments;
            }
            d -= 1;
            index[d] += 1;
            if index[d] < view.sizes[d] {
                break;
            }
            index[d] = 0;
        }
    }
}

/// The storage and pointers of one call of a C-interface entry: result descriptor storage (when the
/// entry returns), then one descriptor per argument.
pub struct CallFrame {
    result_storage: Vec<i64>,
    descriptors: Vec<Vec<i64>>,
    returns: bool,
}

impl CallFrame {
    /// A frame for arguments at `addresses` with `shapes`, and `results` result shapes (their
    /// ranks size the result storage).
    pub fn new(
        addresses: &[u64],
        shapes: &[Vec<u64>],
        results: &[Vec<u64>],
        returns: bool,
    ) -> CallFrame {
        let words: usize = results.iter().map(|r| 3 + 2 * r.len()).sum();
        CallFrame {
            result_storage: vec![0; words.max(1)],
            descriptors: addresses
                .iter()
                .zip(shapes)
                .map(|(&a, s)| ranked_descriptor(a, s))
                .collect(),
            returns,
        }
    }

    /// The pointer arguments of the call, in order.
    pub fn pointers(&mut self) -> Vec<*mut c_void> {
        let mut pointers = Vec::with_capacity(self.descriptors.len() + 1);
        if self.returns {
            pointers.push(self.result_storage.as_mut_ptr() as *mut c_void);
        }
        pointers.extend(
            self.descriptors
                .iter_mut()
                .map(|d| d.as_mut_ptr() as *mut c_void),
        );
        pointers
    }

    /// The result views after the call (`shapes` give each result's rank).
    pub fn results(&self, shapes: &[Vec<u64>]) -> Vec<View> {
        let mut at = 0;
        shapes
            .iter()
            .map(|shape| {
                let rank = shape.len();
                let view = unsafe { View::from_ranked(self.result_storage[at..].as_ptr(), rank) };
                at += 3 + 2 * rank;
                view
            })
            .collect()
    }
}

/// The most pointer arguments an entry may take (see [`call_pointers`]).
pub const MAX_ARGUMENTS: usize = 512;

/// Calls a C function of `pointers.len()` pointer arguments.
///
/// The entries of an artifact take one pointer per argument, a number known only at run time. On
/// the x86-64 System V ABI (the only target of the artifacts) pointer arguments go in the six
/// integer registers, then on the stack, and the caller removes its stack arguments: a call through
/// a type with more pointer parameters than the callee declares passes the callee's arguments in the
/// right places and the extra ones where it never looks. So every call goes through one type with
/// [`MAX_ARGUMENTS`] parameters, padded with nulls.
///
/// # Safety
/// `function` must be a C function whose parameters are `pointers.len()` pointers (or integers).
pub unsafe fn call_pointers(
    function: *const c_void,
    pointers: &[*mut c_void],
) -> Result<(), String> {
    if pointers.len() > MAX_ARGUMENTS {
        return Err(format!(
            "an entry with {} arguments (flexc-gpu calls up to {MAX_ARGUMENTS})",
            pointers.len()
        ));
    }
    let mut padded = [std::ptr::null_mut::<c_void>(); MAX_ARGUMENTS];
    padded[..pointers.len()].copy_from_slice(pointers);
    unsafe { wide::call(function, &padded) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(offset: i64, sizes: &[i64], strides: &[i64]) -> View {
        View {
            base: 0,
            offset,
            sizes: sizes.to_vec(),
            strides: strides.to_vec(),
        }
    }

    /// Applies the segments to a source buffer of u32 and returns the packed buffer.
    fn apply(source: &[u32], segments: &[Segment], count: usize) -> Vec<u32> {
        let bytes: Vec<u8> = source.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let mut out = vec![0xffu8; count * 4];
        for s in segments {
            out[s.to as usize..(s.to + s.bytes) as usize]
                .copy_from_slice(&bytes[s.from as usize..(s.from + s.bytes) as usize]);
        }
        out.chunks(4)
            .map(|c| u32::from_ne_bytes(c.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn packing_follows_strides() {
        let source: Vec<u32> = (0..12).collect();
        // A 2x2 window at (1, 1) of a 3x4 buffer, a transpose, a strided column pick, rank 0.
        let cases: [(View, Vec<u32>); 4] = [
            (view(5, &[2, 2], &[4, 1]), vec![5, 6, 9, 10]),
            (
                view(0, &[4, 3], &[1, 4]),
                vec![0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11],
            ),
            (view(1, &[3, 2], &[4, 2]), vec![1, 3, 5, 7, 9, 11]),
            (view(7, &[], &[]), vec![7]),
        ];
        for (v, expected) in cases {
            let segments = pack_segments(&v, 4);
            assert_eq!(apply(&source, &segments, v.count()), expected, "{v:?}");
        }
        assert!(pack_segments(&view(0, &[0, 3], &[3, 1]), 4).is_empty());
    }

    #[test]
    fn contiguous_views_are_one_segment() {
        let v = view(2, &[3, 4], &[4, 1]);
        assert!(v.is_contiguous());
        assert_eq!(
            pack_segments(&v, 4),
            vec![Segment {
                from: 8,
                to: 0,
                bytes: 48
            }]
        );
        assert!(view(0, &[1, 4], &[99, 1]).is_contiguous());
        assert!(!view(0, &[4, 3], &[1, 4]).is_contiguous());
    }

    #[test]
    fn frames_point_at_descriptors() {
        let shapes = vec![vec![2, 3], vec![]];
        let mut frame = CallFrame::new(&[0x1000, 0x2000], &shapes, &[vec![4]], true);
        let pointers = frame.pointers();
        assert_eq!(pointers.len(), 3);
        let first = unsafe { std::slice::from_raw_parts(pointers[1] as *const i64, 7) };
        assert_eq!(first, &[0x1000, 0x1000, 0, 2, 3, 3, 1]);
        let scalar = unsafe { std::slice::from_raw_parts(pointers[2] as *const i64, 3) };
        assert_eq!(scalar, &[0x2000, 0x2000, 0]);
        // The callee writes its result descriptor into the first pointer's storage.
        unsafe {
            let words = pointers[0] as *mut i64;
            for (i, w) in [0x3000i64, 0x3000, 1, 4, 1].iter().enumerate() {
                *words.add(i) = *w;
            }
        }
        assert_eq!(
            frame.results(&[vec![4]]),
            vec![View {
                base: 0x3000,
                offset: 1,
                sizes: vec![4],
                strides: vec![1]
            }]
        );
        let mut no_results = CallFrame::new(&[0x1000], &shapes[..1], &[], false);
        assert_eq!(no_results.pointers().len(), 1);
    }

    unsafe extern "C" fn sum3(a: *mut c_void, b: *mut c_void, c: *mut c_void) {
        unsafe { *(a as *mut u64) = b as u64 + c as u64 };
    }

    #[allow(clippy::too_many_arguments)]
    unsafe extern "C" fn sum9(
        out: *mut c_void,
        a: usize,
        b: usize,
        c: usize,
        d: usize,
        e: usize,
        f: usize,
        g: usize,
        h: usize,
    ) {
        unsafe {
            *(out as *mut usize) = a
                + 10 * b
                + 100 * c
                + 1000 * d
                + 10_000 * e
                + 100_000 * f
                + 1_000_000 * g
                + 10_000_000 * h
        };
    }

    #[test]
    fn wide_calls_reach_register_and_stack_arguments() {
        let mut out = 0u64;
        let args = [
            &mut out as *mut u64 as *mut c_void,
            2 as *mut c_void,
            40 as *mut c_void,
        ];
        unsafe { call_pointers(sum3 as *const c_void, &args).unwrap() };
        assert_eq!(out, 42);
        let mut out = 0usize;
        let mut args = vec![&mut out as *mut usize as *mut c_void];
        args.extend((1..=8).map(|i| i as *mut c_void));
        unsafe { call_pointers(sum9 as *const c_void, &args).unwrap() };
        assert_eq!(out, 87_654_321);
        let too_many = vec![std::ptr::null_mut(); MAX_ARGUMENTS + 1];
        assert!(unsafe { call_pointers(sum3 as *const c_void, &too_many) }.is_err());
    }
}

#[path = "memref_wide.rs"]
mod wide;
