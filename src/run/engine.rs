//! The JIT side of `flexc-run`: MLIR's ExecutionEngine over the lowered module, the packed wrappers
//! of its functions as plain addresses (callable from any thread), and calls with their arguments
//! copied and memref descriptors built ahead of the clock.

use super::{runtime, strided_offsets};
use melior::ir::Module;
use mlir_sys::*;
use std::ffi::c_void;

/// Element types of function arguments and results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Element {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Element {
    pub(super) fn parse(text: &str) -> Option<Element> {
        Some(match text {
            "i1" => Element::I1,
            "i8" => Element::I8,
            "i16" => Element::I16,
            "i32" => Element::I32,
            "i64" => Element::I64,
            "f32" => Element::F32,
            "f64" => Element::F64,
            _ => return None,
        })
    }

    /// The MLIR spelling (`f32`, `i1`, ...).
    pub(super) fn name(self) -> &'static str {
        match self {
            Element::I1 => "i1",
            Element::I8 => "i8",
            Element::I16 => "i16",
            Element::I32 => "i32",
            Element::I64 => "i64",
            Element::F32 => "f32",
            Element::F64 => "f64",
        }
    }

    pub(super) fn width(self) -> usize {
        match self {
            Element::I1 | Element::I8 => 1,
            Element::I16 => 2,
            Element::I32 | Element::F32 => 4,
            Element::I64 | Element::F64 => 8,
        }
    }

    pub(super) fn value(self, bytes: &[u8]) -> f64 {
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        match self {
            Element::I1 => f64::from(bytes[0] & 1),
            Element::I8 => f64::from(bytes[0] as i8),
            Element::I16 => f64::from(i16::from_ne_bytes([bytes[0], bytes[1]])),
            Element::I32 => f64::from(i32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Element::I64 => i64::from_ne_bytes(word) as f64,
            Element::F32 => f64::from(f32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Element::F64 => f64::from_ne_bytes(word),
        }
    }
}

/// A statically shaped tensor type of an argument or result.
#[derive(Clone, Debug)]
pub(super) struct TensorType {
    pub(super) dims: Vec<i64>,
    pub(super) element: Element,
    pub(super) text: String,
}

impl TensorType {
    pub(super) fn elements(&self) -> usize {
        self.dims.iter().product::<i64>() as usize
    }
}

/// MLIR's ExecutionEngine over the lowered module.
pub(super) struct Engine {
    pub(super) raw: MlirExecutionEngine,
}

impl Engine {
    pub(super) fn new(
        context: &melior::Context,
        module: &Module,
        opt_level: u32,
    ) -> Option<Engine> {
        let raw = unsafe {
            mlirRegisterAllLLVMTranslations(context.to_raw());
            mlirExecutionEngineCreate(
                module.to_raw(),
                opt_level.min(3) as i32,
                0,
                std::ptr::null(),
                false,
                false,
            )
        };
        if raw.ptr.is_null() {
            return None;
        }
        let engine = Engine { raw };
        for (name, address) in runtime::symbols() {
            engine.register_symbol(&name, address as *mut c_void);
        }
        Some(engine)
    }

    /// Makes `name` resolve to `address` in the JIT-compiled code.
    pub(super) fn register_symbol(&self, name: &str, address: *mut c_void) {
        unsafe {
            mlirExecutionEngineRegisterSymbol(
                self.raw,
                melior::StringRef::new(name).to_raw(),
                address,
            )
        };
    }

    /// The packed wrapper of `name` itself (no C interface): for functions of scalars.
    pub(super) fn packed_plain(&self, name: &str) -> Result<PackedFunction, String> {
        self.lookup(&format!("_mlir_{name}"), name)
    }

    pub(super) fn lookup(&self, symbol: &str, name: &str) -> Result<PackedFunction, String> {
        let address =
            unsafe { mlirExecutionEngineLookup(self.raw, melior::StringRef::new(symbol).to_raw()) };
        if address.is_null() {
            return Err(format!("the JIT has no function @{name}"));
        }
        Ok(PackedFunction(address as usize))
    }

    /// The packed wrapper of `name`'s C interface: `void(void **arguments)`.
    pub(super) fn packed(&self, name: &str) -> Result<PackedFunction, String> {
        self.lookup(&format!("_mlir__mlir_ciface_{name}"), name)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        unsafe { mlirExecutionEngineDestroy(self.raw) }
    }
}

/// The address of a JIT-compiled packed wrapper; plain code, so callable from any thread.
#[derive(Clone, Copy)]
pub(super) struct PackedFunction(pub(super) usize);

impl PackedFunction {
    /// Calls the wrapper: `arguments` point at the arguments, then at the result.
    pub(super) fn invoke(self, arguments: &mut [*mut c_void]) {
        let function: unsafe extern "C" fn(*mut *mut c_void) =
            unsafe { std::mem::transmute(self.0) };
        unsafe { function(arguments.as_mut_ptr()) };
    }

    /// Calls the function on copies of `inputs`; returns its results (bytes, row-major).
    pub(super) fn call(
        self,
        arguments: &[TensorType],
        inputs: &[Vec<u64>],
        results: &[TensorType],
    ) -> Vec<Vec<u8>> {
        let mut call = Call::new(self, arguments, inputs, results);
        call.invoke();
        call.results(results)
    }
}

/// A call of a packed function with its arguments copied and descriptors built ahead of the clock.
pub(super) struct Call {
    pub(super) function: PackedFunction,
    pub(super) _buffers: Vec<Vec<u64>>,
    pub(super) _descriptors: Vec<Vec<i64>>,
    pub(super) result_storage: Vec<i64>,
    pub(super) _pointers: Vec<*mut c_void>,
    pub(super) slots: Vec<*mut c_void>,
}

impl Call {
    pub(super) fn new(
        function: PackedFunction,
        arguments: &[TensorType],
        inputs: &[Vec<u64>],
        results: &[TensorType],
    ) -> Call {
        let mut buffers: Vec<Vec<u64>> = inputs.to_vec();
        let mut descriptors: Vec<Vec<i64>> = buffers
            .iter_mut()
            .zip(arguments)
            .map(|(buffer, ty)| {
                let pointer = buffer.as_mut_ptr() as usize as i64;
                let mut descriptor = vec![pointer, pointer, 0];
                descriptor.extend(&ty.dims);
                descriptor.extend(row_major_strides(&ty.dims));
                descriptor
            })
            .collect();
        let words: usize = results.iter().map(|r| 3 + 2 * r.dims.len()).sum();
        let mut result_storage = vec![0i64; words.max(1)];
        let mut pointers: Vec<*mut c_void> = Vec::new();
        if !results.is_empty() {
            pointers.push(result_storage.as_mut_ptr() as *mut c_void);
        }
        pointers.extend(
            descriptors
                .iter_mut()
                .map(|d| d.as_mut_ptr() as *mut c_void),
        );
        let slots = pointers
            .iter_mut()
            .map(|p| p as *mut *mut c_void as *mut c_void)
            .collect();
        Call {
            function,
            _buffers: buffers,
            _descriptors: descriptors,
            result_storage,
            _pointers: pointers,
            slots,
        }
    }

    /// Runs the function once (its results are left where it put them).
    pub(super) fn invoke(&mut self) {
        let function: unsafe extern "C" fn(*mut *mut c_void) =
            unsafe { std::mem::transmute(self.function.0) };
        unsafe { function(self.slots.as_mut_ptr()) };
    }
}

impl Call {
    /// The results of the last [`Call::invoke`] (bytes, row-major).
    pub(super) fn results(&self, results: &[TensorType]) -> Vec<Vec<u8>> {
        let mut outputs = Vec::new();
        let mut at = 0;
        for ty in results {
            let rank = ty.dims.len();
            let words = &self.result_storage[at..at + 3 + 2 * rank];
            at += 3 + 2 * rank;
            let base = words[1] as usize as *const u8;
            let width = ty.element.width();
            let mut data = Vec::with_capacity(ty.elements() * width);
            for offset in strided_offsets(words[2], &words[3..3 + rank], &words[3 + rank..], width)
            {
                data.extend_from_slice(unsafe {
                    std::slice::from_raw_parts(base.add(offset), width)
                });
            }
            outputs.push(data);
        }
        outputs
    }
}

pub(super) fn row_major_strides(dims: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * dims[d + 1];
    }
    strides
}

/// Row-major bytes as 8-byte aligned storage: what a [`Call`] copies its inputs from.
pub(super) fn words(bytes: &[u8]) -> Vec<u64> {
    let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
    for (i, chunk) in bytes.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        words[i] = u64::from_ne_bytes(word);
    }
    words
}
