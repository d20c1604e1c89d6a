//! Names of the `par` dialect's ops and of the discardable attributes flexc attaches to other ops.
//! Passes use these constants, never string literals of their own, and name device functions through
//! [`device_function`] / [`parse_device_function`].
//!
//! Naming convention: `par-materialize` writes device `d`'s program of a public function `@f` as
//! `@f_device<d>` (`@f_device0`, `@f_device1`, ...); `par-lower-runtime` and `flexc-run` find device
//! functions by that name.

use flexc_core::DeviceId;

/// Discardable attribute on a compute op: its `#par.space`.
pub const SPACE_ATTR: &str = "par.space";
/// Discardable attribute on a compute op: its `#par.config`.
pub const CONFIG_ATTR: &str = "par.config";
/// Discardable attribute on the module: the `#par.machine` the strategy is for.
pub const MACHINE_ATTR: &str = "par.machine";
/// Module attribute: the strategy's schedule (`#par.schedule`; absent: flat).
pub const SCHEDULE_ATTR: &str = "par.schedule";
/// Op attribute: the op's virtual pipeline stage (an i64), on every op when the schedule has several.
pub const STAGE_ATTR: &str = "par.stage";
/// Discardable attribute on the module: the `#par.import` options the strategy was found with.
pub const IMPORT_ATTR: &str = "par.import";
/// Argument attribute of the entry function: a weight's name in the source framework (a string; JAX's
/// pytree path `['Dense_0']['kernel']`), written by the search beside the strategy.
pub const NAME_ATTR: &str = "par.name";

/// Graph-level parallel ops (Unity).
pub const REPARTITION: &str = "par.repartition";
pub const COMBINE: &str = "par.combine";
pub const REPLICATE: &str = "par.replicate";
pub const REDUCE: &str = "par.reduce";

/// Device-level ops.
pub const DEVICE_ID: &str = "par.device_id";
pub const HALO_EXCHANGE: &str = "par.halo_exchange";
pub const SEND: &str = "par.send";
pub const RECV: &str = "par.recv";
pub const ALL_REDUCE: &str = "par.all_reduce";
pub const ALL_GATHER: &str = "par.all_gather";
pub const REDUCE_SCATTER: &str = "par.reduce_scatter";
pub const ALL_TO_ALL: &str = "par.all_to_all";

/// `f_device3` for `("f", 3)`: the name of device `device`'s program of function `base`.
pub fn device_function(base: &str, device: DeviceId) -> String {
    format!("{base}_device{}", device.0)
}

/// `("f", 3)` for `f_device3`: the serial function and the device of a device function's name.
pub fn parse_device_function(name: &str) -> Option<(&str, DeviceId)> {
    let (base, device) = name.rsplit_once("_device")?;
    if base.is_empty() || device.is_empty() || !device.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((base, DeviceId(device.parse().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_function_names_round_trip() {
        assert_eq!(device_function("f", DeviceId(3)), "f_device3");
        assert_eq!(parse_device_function("f_device3"), Some(("f", DeviceId(3))));
        assert_eq!(
            parse_device_function("my_device_fn_device12"),
            Some(("my_device_fn", DeviceId(12)))
        );
        assert_eq!(parse_device_function("f_device"), None);
        assert_eq!(parse_device_function("f_device-1"), None);
        assert_eq!(parse_device_function("_device1"), None);
        assert_eq!(parse_device_function("f_device99999999999"), None);
        assert_eq!(parse_device_function("f"), None);
    }
}
