//! `par-unique-weights`: gives every elided weight its own resource handle, so that upstream constant
//! folding cannot merge distinct weights.
//!
//! Exporters print models without their weight data as `dense_resource<__elided__>`: one handle for
//! every weight. Two weights of the same type then have *equal* attributes, and any upstream greedy
//! rewrite (e.g. `tosa-optional-decompositions`, which deduplicates constants) merges them into one
//! constant: four 8192×8192 layers would import as one weight. This pass renames every
//! `__elided__` handle of an op attribute to `__elided__<n>` with `n` counting from 0 in program order.
//! Elided handles carry no data, so nothing is lost; handles with other names (which may have data)
//! are left alone.
//!
//! Precondition: none. Postcondition: no two attributes share an `__elided__` handle.
//!
//! ```mlir
//! %0 = "tosa.const"() <{values = dense_resource<__elided__> : tensor<8x8xf32>}> : () -> tensor<8x8xf32>
//! // becomes
//! %0 = "tosa.const"() <{values = dense_resource<__elided__0> : tensor<8x8xf32>}> : () -> tensor<8x8xf32>
//! ```

use crate::{emit_error, PassId, PassInfo};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-unique-weights",
    summary: "Give every elided weight (dense_resource<__elided__>) its own handle",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

const ELIDED: &str = "dense_resource<__elided__>";

fn run(module: OperationRef<'_, '_>, _options: &crate::Options) -> Result<(), ()> {
    let mut next = 0usize;
    let mut ok = true;
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let count = unsafe { mlir_sys::mlirOperationGetNumAttributes(raw) };
        for i in 0..count {
            let named = unsafe { mlir_sys::mlirOperationGetAttribute(raw, i) };
            let text = crate::ir::attribute_text(named.attribute);
            if !text.contains(ELIDED) {
                continue;
            }
            let mut renamed = String::with_capacity(text.len() + 8);
            let mut rest = text.as_str();
            while let Some(at) = rest.find(ELIDED) {
                renamed.push_str(&rest[..at]);
                renamed.push_str(&format!("dense_resource<__elided__{next}>"));
                next += 1;
                rest = &rest[at + ELIDED.len()..];
            }
            renamed.push_str(rest);
            let context = unsafe { mlir_sys::mlirOperationGetContext(raw) };
            let attribute = unsafe {
                mlir_sys::mlirAttributeParseGet(context, melior::StringRef::new(&renamed).to_raw())
            };
            if attribute.ptr.is_null() {
                emit_error(op.location(), "cannot rename an elided weight handle");
                ok = false;
                continue;
            }
            unsafe {
                mlir_sys::mlirOperationSetAttributeByName(
                    raw,
                    mlir_sys::mlirIdentifierStr(named.name),
                    attribute,
                )
            };
        }
        WalkResult::Advance
    });
    if ok {
        Ok(())
    } else {
        Err(())
    }
}
