//! `par-verify`: checks the semantic invariants of `par` annotations that IRDL cannot express.
//!
//! IRDL checks the shape of `par` ops and attributes (parameter kinds, operand counts). This pass
//! checks what they mean, on every op that carries `par.config` and/or `par.space`:
//! - `#par.space`: as many roles as sizes, sizes positive;
//! - `#par.config`: every degree ≥ 1, one device per task (`product(degrees) == len(devices)`),
//!   device ids distinct and in `[0, devices)` when the machine size is known (the `devices` option,
//!   else `nodes * gpus_per_node` of the module's `#par.machine`);
//! - both: one degree per loop dim, and each degree divides its dim's size.
//!
//! Precondition: none. Postcondition: the module is unchanged; the pass fails with one diagnostic
//! per offending op.
//!
//! ```mlir
//! // error: 'linalg.matmul' op par.config runs 4 tasks on 2 devices
//! %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 8, 8>, "SPR">,
//!                     par.config = #par.config<array<i64: 4, 1, 1>, array<i64: 0, 1>>} ...
//! ```

use crate::{emit_error, machine_devices, op_name, Options, PassId, PassInfo};
use flexc_dialects::{names, Config, Space};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-verify",
    summary: "Check par.space/par.config annotations: degrees divide dims, one device per task",
    options: &[crate::DEVICES_OPTION],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    let device_count = match options.unsigned("devices") {
        0 => machine_devices(&module),
        n => Some(n as i64),
    };
    let mut ok = true;
    module.walk(WalkOrder::PreOrder, |op| {
        if let Err(message) = check_op(&op, device_count) {
            emit_error(op.location(), &format!("'{}' op {message}", op_name(&op)));
            ok = false;
        }
        WalkResult::Advance
    });
    if ok {
        Ok(())
    } else {
        Err(())
    }
}

fn check_op(op: &OperationRef<'_, '_>, device_count: Option<i64>) -> Result<(), String> {
    let space = match op.attribute(names::SPACE_ATTR) {
        Ok(attribute) => Some(
            Space::parse(&attribute.to_string())
                .map_err(|e| format!("has a malformed {}: {e}", names::SPACE_ATTR))?,
        ),
        Err(_) => None,
    };
    if let Some(space) = &space {
        if let Some(size) = space.sizes.iter().find(|&&size| size <= 0) {
            return Err(format!("par.space has a non-positive dim size {size}"));
        }
    }
    let Ok(attribute) = op.attribute(names::CONFIG_ATTR) else {
        return Ok(());
    };
    let config = Config::parse(&attribute.to_string())
        .map_err(|e| format!("has a malformed {}: {e}", names::CONFIG_ATTR))?;
    if let Some(degree) = config.degrees.iter().find(|&&degree| degree < 1) {
        return Err(format!(
            "par.config has degree {degree}; degrees must be at least 1"
        ));
    }
    let tasks = config.task_count();
    if tasks != config.devices.len() as i64 {
        return Err(format!(
            "par.config runs {tasks} tasks on {} devices",
            config.devices.len()
        ));
    }
    let mut seen = std::collections::BTreeSet::new();
    for &device in &config.devices {
        if device < 0 || device_count.is_some_and(|count| device >= count) {
            let range = device_count.map_or("non-negative".to_string(), |count| {
                format!("in [0, {count})")
            });
            return Err(format!(
                "par.config uses device {device}; device ids must be {range}"
            ));
        }
        if !seen.insert(device) {
            return Err(format!("par.config uses device {device} twice"));
        }
    }
    if let Some(space) = &space {
        if space.sizes.len() != config.degrees.len() {
            return Err(format!(
                "par.config has {} degrees for {} loop dims",
                config.degrees.len(),
                space.sizes.len()
            ));
        }
        for (dim, (&size, &degree)) in space.sizes.iter().zip(&config.degrees).enumerate() {
            if size % degree != 0 {
                return Err(format!(
                    "par.config splits dim {dim} of size {size} into {degree} parts, which does not divide it"
                ));
            }
        }
    }
    Ok(())
}
