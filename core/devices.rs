//! The number of devices of a machine, as one type from the command line to the runtime.
//!
//! Device `d`'s program of a function `f` is named `f_device<d>` ([`device_function`],
//! [`parse_device_function`]).
//!
//! A [`DeviceCount`] is what `flexc --devices`, `flexc-run --devices`/`--mpi`, the `devices=N` option of
//! `par-verify`/`par-materialize`, the `devices` fact of `#par.machine`, a `Machine`'s GPUs in use,
//! `--target=cuda`'s options (`Option<DeviceCount>` where none is given), the GPU manifest's
//! `devices` and both runtimes' mailboxes hold; device ids are then `0..count`
//! ([`DeviceCount::contains`]).
//!
//! Limits:
//! - a count is at least 1 and at most [`DeviceCount::MAX`]: flexc's per-device tables (simulator
//!   resources, memory peaks, per-device functions) are dense, so a count beyond any machine flexc
//!   models is a typo to report, not an allocation to attempt;
//! - `flexc-run`'s runtime names the members of an all-reduce group by a bit mask in one `i64`
//!   argument (`par-lower-runtime`), so device ids that take part in all-reduces must be below
//!   [`GROUP_MASK_DEVICES`]; `par-lower-runtime` reports larger ones at the offending op.

use serde::{Deserialize, Serialize};
use std::{fmt, num::NonZeroU32, str::FromStr};

use crate::graph::DeviceId;

/// Device ids of all-reduce group members must be below this: groups are bit masks of one `i64`
/// (bit 63, the sign, is not used).
pub const GROUP_MASK_DEVICES: u32 = 63;

/// A number of devices in `1..=DeviceCount::MAX` (a plain number in JSON: the GPU manifest's
/// `devices`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct DeviceCount(NonZeroU32);

impl TryFrom<u64> for DeviceCount {
    type Error = DeviceCountError;

    fn try_from(n: u64) -> Result<Self, Self::Error> {
        DeviceCount::new(n)
    }
}

impl From<DeviceCount> for u64 {
    fn from(count: DeviceCount) -> u64 {
        u64::from(count.get())
    }
}

/// A count outside `1..=DeviceCount::MAX`, or text that is not a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceCountError(pub String);

impl fmt::Display for DeviceCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DeviceCountError {}

impl DeviceCount {
    /// The largest count flexc accepts (module doc).
    pub const MAX: u32 = 65_536;

    /// One device.
    pub const ONE: DeviceCount = DeviceCount(NonZeroU32::MIN);

    /// `n` devices, when `n` is in `1..=MAX`.
    pub fn new(n: u64) -> Result<DeviceCount, DeviceCountError> {
        u32::try_from(n)
            .ok()
            .filter(|&n| n <= Self::MAX)
            .and_then(NonZeroU32::new)
            .map(DeviceCount)
            .ok_or_else(|| {
                DeviceCountError(format!("device count {n} is outside 1..={}", Self::MAX))
            })
    }

    pub fn get(self) -> u32 {
        self.0.get()
    }

    /// As an index bound.
    pub fn to_usize(self) -> usize {
        self.0.get() as usize
    }

    /// Whether `device` is one of the devices `0..self`.
    pub fn contains(self, device: DeviceId) -> bool {
        device.0 < self.get()
    }

    /// The device ids `0..self`.
    pub fn ids(self) -> impl Iterator<Item = DeviceId> {
        (0..self.get()).map(DeviceId)
    }
}

impl fmt::Display for DeviceCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for DeviceCount {
    type Err = DeviceCountError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let n: u64 = text.trim().parse().map_err(|_| {
            DeviceCountError(format!(
                "'{text}' is not a device count (1..={})",
                Self::MAX
            ))
        })?;
        DeviceCount::new(n)
    }
}

/// `f_device3` for `("f", 3)`: the name of device `device`'s program of function `base`
/// (`par-materialize` writes it; `par-lower-runtime`, `flexc-run` and `flexc-gpu` read it).
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

    #[test]
    fn counts_parse_in_range_and_print_back() {
        let four: DeviceCount = "4".parse().unwrap();
        assert_eq!(four.get(), 4);
        assert_eq!(four.to_string(), "4");
        assert!(four.contains(DeviceId(3)));
        assert!(!four.contains(DeviceId(4)));
        assert_eq!(four.ids().count(), 4);
        assert_eq!(
            DeviceCount::new(u64::from(DeviceCount::MAX)).unwrap().get(),
            65_536
        );
    }

    #[test]
    fn counts_outside_the_range_are_errors() {
        assert!("0"
            .parse::<DeviceCount>()
            .unwrap_err()
            .0
            .contains("outside 1..=65536"));
        assert!("65537".parse::<DeviceCount>().is_err());
        assert!("99999999999".parse::<DeviceCount>().is_err());
        assert!("-1"
            .parse::<DeviceCount>()
            .unwrap_err()
            .0
            .contains("not a device count"));
        assert!("four".parse::<DeviceCount>().is_err());
    }
}
