//! `par-verify`: checks the semantic invariants of `par` annotations that IRDL cannot express.
//!
//! IRDL checks the shape of `par` ops and attributes (parameter kinds, operand counts). This pass
//! checks what they mean, on every op that carries `par.config` and/or `par.space`:
//! - `#par.space`: as many roles as sizes, sizes positive;
//! - `#par.config`: the rules of `flexc_core::Config::check`, the one validator that the simulator
//!   and `par-materialize` also use: every degree ≥ 1, one degree per loop dim dividing its size
//!   (with a `#par.space`), one device per task (`product(degrees) == len(devices)`), device ids in
//!   `[0, devices)` when the machine size is known (the `devices` option, else the module's
//!   `#par.machine`: its `devices`, else `nodes * gpus_per_node`), and no device twice.
//!
//! Precondition: none. Postcondition: the module is unchanged; the pass fails with one diagnostic
//! per offending op.
//!
//! ```mlir
//! // error: 'linalg.matmul' op par.config runs 4 tasks on 2 devices
//! %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 8, 8>, "SPR">,
//!                     par.config = #par.config<array<i64: 4, 1, 1>, array<i64: 0, 1>>} ...
//! ```

use crate::{emit_error, op_name, Options, PassId, PassInfo};
use flexc_core::{Config, ConfigTarget, DeviceCount};
use flexc_dialects::{names, ConfigAttr, Space};
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
    let device_count = options.devices(&module)?;
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

fn check_op(op: &OperationRef<'_, '_>, device_count: Option<DeviceCount>) -> Result<(), String> {
    let space = match op.attribute(names::SPACE_ATTR) {
        Ok(attribute) => Some(
            Space::parse(&attribute.to_string())
                .map_err(|e| format!("has a malformed {}: {e}", names::SPACE_ATTR))?,
        ),
        Err(_) => None,
    };
    let sizes = match &space {
        Some(space) => Some(
            space
                .sizes
                .iter()
                .map(|&size| {
                    u64::try_from(size)
                        .ok()
                        .filter(|&size| size > 0)
                        .ok_or_else(|| format!("par.space has a non-positive dim size {size}"))
                })
                .collect::<Result<Vec<u64>, String>>()?,
        ),
        None => None,
    };
    let Ok(attribute) = op.attribute(names::CONFIG_ATTR) else {
        return Ok(());
    };
    let config = Config::parse(&attribute.to_string())
        .map_err(|e| format!("has a malformed {}: {e}", names::CONFIG_ATTR))?;
    let target = ConfigTarget {
        sizes: sizes.as_deref(),
        partitionable: true,
        devices: device_count,
        copies: false,
    };
    config.check(&target).map_err(|e| e.to_string())
}
