//! The artifact's manifest: the JSON string `flexc_gpu_manifest` exported by every artifact
//! (format `flexc-gpu`, version 1; docs/gpu.md "Artifact format"). Readers ignore unknown fields.
//!
//! The compiler (`src/gpu.rs`) builds a [`Manifest`] and writes it with [`Manifest::to_json`]; the
//! GPU runtime reads it with [`Manifest::parse`], which validates it; errors name the place:
//! `flexc_gpu_manifest:1:COL` for JSON syntax, a JSON path (`programs[2].device`) for content.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

pub const FORMAT: &str = "flexc-gpu";
pub const VERSION: u32 = 1;
/// The exported symbol holding the manifest.
pub const SYMBOL: &str = super::MANIFEST_SYMBOL;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub version: u32,
    pub arch: String,
    pub devices: crate::DeviceCount,
    #[serde(default)]
    pub model: String,
    /// The seed the compiler filled elided weights with (`flexc --target=cuda --seed`), when the
    /// weights are constants of the programs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight_seed: Option<u64>,
    pub programs: Vec<Program>,
    pub inputs: Vec<Input>,
    pub outputs: Vec<Output>,
    #[serde(default)]
    pub kernels: Vec<Kernel>,
    #[serde(default)]
    pub tasks: Vec<Task>,
    /// The library calls of the programs (`flexc_gpu_gemm_f32`, ...), checked against the runtime's
    /// entry points before the artifact is loaded (`elf.rs`).
    #[serde(default)]
    pub library: Vec<LibraryCall>,
    /// Where the ops went (for reports; the runtime does not read it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Placement>,
}

/// The library calls by entry and the kernels by op family, summed over all programs
/// (contraction and convolution kernels are the ops no library call took).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    pub library: BTreeMap<String, usize>,
    pub kernels: BTreeMap<String, usize>,
}

/// One call of a runtime library entry point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LibraryCall {
    /// The runtime entry (`flexc_gpu_gemm_f32`), called through `_mlir_ciface_<entry>`.
    pub entry: String,
    /// The program that calls it.
    pub function: String,
    #[serde(default)]
    pub op: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Serial,
    Device,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Program {
    pub name: String,
    pub role: Role,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<usize>,
    /// The C-interface entry (`_mlir_ciface_<name>`).
    pub entry: String,
    /// Whether the entry returns the outputs (default: the serial program and device 0; the other
    /// devices' programs return nothing, as `par-materialize` writes them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returns: Option<bool>,
    /// Inputs the program does not read (weights of other devices): not uploaded for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unused_inputs: Vec<usize>,
}

impl Program {
    pub fn returns_outputs(&self) -> bool {
        self.returns
            .unwrap_or(self.role == Role::Serial || self.device == Some(0))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputKind {
    Data,
    Weight,
}

/// An argument of every program (in index order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Input {
    pub index: usize,
    pub dtype: String,
    pub shape: Vec<u64>,
    pub kind: InputKind,
    #[serde(default)]
    pub elided: bool,
    /// An elided weight's resource handle (`__elided__3`) and tensor type (`tensor<8x8xf32>`):
    /// `flexc-run` seeds the weight from `HANDLE:TYPE`, and so does the runtime.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub type_text: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Output {
    pub index: usize,
    pub dtype: String,
    pub shape: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kernel {
    pub name: String,
    #[serde(default)]
    pub family: String,
    #[serde(default)]
    pub block: Vec<u64>,
}

/// A profiled task: `flexc_gpu_task_begin/end(id)` bracket its work in the device programs. Its
/// profile key is the simulator's (`op`, task `shape`, `dtype`); `key` may carry them instead.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Task {
    pub id: i64,
    pub op: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<Vec<u64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtype: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<TaskKey>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TaskKey {
    pub op: String,
    pub shape: Vec<u64>,
    pub dtype: String,
}

impl Task {
    /// The profile key `(op, shape, dtype)`, when the manifest gives one.
    pub fn profile_key(&self) -> Option<(String, Vec<u64>, String)> {
        if let Some(key) = &self.key {
            return Some((key.op.clone(), key.shape.clone(), key.dtype.clone()));
        }
        Some((self.op.clone(), self.shape.clone()?, self.dtype.clone()?))
    }
}

/// Bytes per element of `dtype` (i1 takes a byte); `None` for types the runtime does not carry.
pub fn dtype_width(dtype: &str) -> Option<usize> {
    Some(match dtype {
        "i1" | "i8" => 1,
        "i16" | "f16" | "bf16" => 2,
        "i32" | "f32" => 4,
        "i64" | "f64" => 8,
        _ => return None,
    })
}

/// The simulator's dtype of an MLIR element type name.
pub fn dtype_of(name: &str) -> Option<crate::DType> {
    crate::DType::ALL.into_iter().find(|d| d.name() == name)
}

/// Number of elements of a shape; `None` on overflow.
pub fn elements(shape: &[u64]) -> Option<usize> {
    shape
        .iter()
        .try_fold(1u64, |n, &d| n.checked_mul(d))
        .and_then(|n| usize::try_from(n).ok())
}

/// Bytes of a tensor; `None` for unknown dtypes or overflow.
pub fn byte_size(dtype: &str, shape: &[u64]) -> Option<usize> {
    elements(shape)?.checked_mul(dtype_width(dtype)?)
}

impl Manifest {
    /// The manifest's JSON value. Its objects sort their keys (serde_json's map), so the text is
    /// the same whatever the field order here: readers such as tools/gpu-bundle find `{"arch"`.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The manifest's text, as the artifact exports it.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// Parses and validates the manifest text.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let manifest: Manifest = serde_json::from_str(text).map_err(|e| {
            format!(
                "{SYMBOL}:{}:{}: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            )
        })?;
        manifest.validate().map_err(|e| format!("{SYMBOL}: {e}"))?;
        Ok(manifest)
    }

    fn validate(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!("format is '{}', expected '{FORMAT}'", self.format));
        }
        if self.version != VERSION {
            return Err(format!(
                "version {} is not supported (this flexc-gpu reads version {VERSION})",
                self.version
            ));
        }
        let arch_ok = self
            .arch
            .strip_prefix("sm_")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !arch_ok {
            return Err(format!("arch '{}' is not of the form sm_NN", self.arch));
        }
        if !super::ARCHS.contains(&self.arch.as_str()) {
            return Err(format!(
                "arch '{}' is not one flexc compiles for ({})",
                self.arch,
                super::ARCHS.join(", ")
            ));
        }
        if self.devices.get() > crate::devices::GROUP_MASK_DEVICES {
            return Err(format!(
                "devices is {}, expected 1 to 63 (all-reduce groups are 63-bit masks)",
                self.devices
            ));
        }
        self.validate_programs()?;
        self.validate_tensors()?;
        let mut ids = BTreeSet::new();
        for (i, task) in self.tasks.iter().enumerate() {
            if !ids.insert(task.id) {
                return Err(format!("tasks[{i}].id {} appears twice", task.id));
            }
            if let Some(dtype) = task.profile_key().map(|k| k.2) {
                if dtype_of(&dtype).is_none() {
                    return Err(format!("tasks[{i}]: unknown dtype '{dtype}'"));
                }
            }
        }
        Ok(())
    }

    fn validate_programs(&self) -> Result<(), String> {
        let mut names = BTreeSet::new();
        let mut serial = 0;
        let mut devices = vec![false; self.devices.to_usize()];
        for (i, program) in self.programs.iter().enumerate() {
            if program.name.is_empty() || program.entry.is_empty() {
                return Err(format!("programs[{i}]: empty name or entry"));
            }
            if let Some(&k) = program
                .unused_inputs
                .iter()
                .find(|&&k| k >= self.inputs.len())
            {
                return Err(format!(
                    "programs[{i}].unused_inputs names input {k}, but there are {} inputs",
                    self.inputs.len()
                ));
            }
            if !names.insert(program.name.as_str()) {
                return Err(format!(
                    "programs[{i}]: name '{}' appears twice",
                    program.name
                ));
            }
            match (program.role, program.device) {
                (Role::Serial, None) => serial += 1,
                (Role::Serial, Some(_)) => {
                    return Err(format!("programs[{i}]: a serial program has no device"))
                }
                (Role::Device, None) => {
                    return Err(format!("programs[{i}]: a device program needs 'device'"))
                }
                (Role::Device, Some(d)) => {
                    let Some(seen) = devices.get_mut(d) else {
                        return Err(format!(
                            "programs[{i}].device is {d}, but the artifact has {} devices",
                            self.devices
                        ));
                    };
                    if std::mem::replace(seen, true) {
                        return Err(format!("programs[{i}]: device {d} has two programs"));
                    }
                }
            }
        }
        if serial != 1 {
            return Err(format!("{serial} serial programs, expected exactly one"));
        }
        if let Some(d) = devices.iter().position(|seen| !seen) {
            return Err(format!("device {d} has no program"));
        }
        // Names and entries follow the compiler's convention (`f`, `f_device<d>`,
        // `_mlir_ciface_<name>`): a device program cannot run another device's entry.
        let serial_name = self.serial().name.clone();
        for (i, program) in self.programs.iter().enumerate() {
            let expected = match program.device {
                Some(d) => crate::devices::device_function(&serial_name, crate::DeviceId::new(d)),
                None => serial_name.clone(),
            };
            if program.name != expected {
                return Err(format!(
                    "programs[{i}]: the program of device {} is named '{}', expected '{expected}'",
                    program
                        .device
                        .map_or("serial".to_string(), |d| d.to_string()),
                    program.name
                ));
            }
            let entry = super::entry_symbol(&program.name);
            if program.entry != entry {
                return Err(format!(
                    "programs[{i}]: program '{}' has entry '{}', expected '{entry}'",
                    program.name, program.entry
                ));
            }
        }
        for (i, call) in self.library.iter().enumerate() {
            if !names.contains(call.function.as_str()) {
                return Err(format!(
                    "library[{i}]: '{}' is called from '{}', which is not a program",
                    call.entry, call.function
                ));
            }
        }
        Ok(())
    }

    fn validate_tensors(&self) -> Result<(), String> {
        for (i, input) in self.inputs.iter().enumerate() {
            let at = format!("inputs[{i}]");
            check_tensor(&at, i, input.index, &input.dtype, &input.shape)?;
            match (input.kind, input.elided) {
                (InputKind::Weight, false) => {
                    return Err(format!(
                        "{at}: a weight with data; version 1 carries no weight data (weights are constants of the programs or elided)"
                    ))
                }
                (InputKind::Weight, true) => {
                    let (Some(_), Some(type_text)) = (&input.handle, &input.type_text) else {
                        return Err(format!(
                            "{at}: an elided weight needs 'handle' and 'type' (it is seeded from them, as flexc-run seeds it)"
                        ));
                    };
                    let expected = tensor_type(&input.dtype, &input.shape);
                    if *type_text != expected {
                        return Err(format!(
                            "{at}: type '{type_text}' does not match its dtype and shape ({expected})"
                        ));
                    }
                    if !matches!(input.dtype.as_str(), "f32" | "f64" | "i32" | "i64") {
                        return Err(format!(
                            "{at}: elided weights of dtype '{}' cannot be seeded",
                            input.dtype
                        ));
                    }
                }
                (InputKind::Data, _) => {}
            }
        }
        for (i, output) in self.outputs.iter().enumerate() {
            check_tensor(
                &format!("outputs[{i}]"),
                i,
                output.index,
                &output.dtype,
                &output.shape,
            )?;
        }
        Ok(())
    }

    pub fn serial(&self) -> &Program {
        // `validate` checked there is exactly one.
        self.programs
            .iter()
            .find(|p| p.role == Role::Serial)
            .unwrap_or(&self.programs[0])
    }

    /// The device programs, by device.
    pub fn device_programs(&self) -> Vec<&Program> {
        let mut programs: Vec<&Program> = self
            .programs
            .iter()
            .filter(|p| p.role == Role::Device)
            .collect();
        programs.sort_by_key(|p| p.device);
        programs
    }
}

fn check_tensor(
    at: &str,
    position: usize,
    index: usize,
    dtype: &str,
    shape: &[u64],
) -> Result<(), String> {
    if index != position {
        return Err(format!(
            "{at}.index is {index}, expected {position} (in order)"
        ));
    }
    if dtype_width(dtype).is_none() {
        return Err(format!("{at}: unknown dtype '{dtype}'"));
    }
    if byte_size(dtype, shape).is_none() {
        return Err(format!("{at}: shape {shape:?} is too large"));
    }
    if shape.contains(&0) {
        return Err(format!(
            "{at}: shape {shape:?} has a zero dim (the compiler writes no empty tensors)"
        ));
    }
    Ok(())
}

/// `tensor<16x4xf32>`: the MLIR type of a tensor (an elided weight's `type`).
fn tensor_type(dtype: &str, shape: &[u64]) -> String {
    let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{dims}{dtype}>")
}

/// serde_json's message without its " at line L column C" (the location is given separately).
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) const GOOD: &str = r#"{"format":"flexc-gpu","version":1,"arch":"sm_90","devices":2,"model":"mlp.mlir",
      "programs":[{"name":"f","role":"serial","entry":"_mlir_ciface_f"},
                  {"name":"f_device0","role":"device","device":0,"entry":"_mlir_ciface_f_device0"},
                  {"name":"f_device1","role":"device","device":1,"entry":"_mlir_ciface_f_device1","unused_inputs":[1]}],
      "inputs":[{"index":0,"dtype":"f32","shape":[8,16],"kind":"data"},
                {"index":1,"dtype":"f32","shape":[16,4],"kind":"weight","elided":true,"handle":"__elided__0","type":"tensor<16x4xf32>"}],
      "outputs":[{"index":0,"dtype":"f32","shape":[8,4]}],
      "kernels":[{"name":"k0","family":"elementwise","block":[128,1,1]}],
      "tasks":[{"id":0,"op":"linalg.matmul","shape":[4,4,16],"dtype":"f32"}],
      "future_field":{"ignored":true}}"#;

    #[test]
    fn a_good_manifest_parses() {
        let m = Manifest::parse(GOOD).unwrap();
        assert_eq!(m.devices.get(), 2);
        assert_eq!(m.serial().name, "f");
        let devices: Vec<_> = m.device_programs().iter().map(|p| p.name.clone()).collect();
        assert_eq!(devices, ["f_device0", "f_device1"]);
        assert!(m.device_programs()[0].returns_outputs());
        assert!(!m.device_programs()[1].returns_outputs());
        assert_eq!(m.device_programs()[1].unused_inputs, [1]);
        assert!(m.device_programs()[0].unused_inputs.is_empty());
        assert_eq!(
            m.tasks[0].profile_key(),
            Some(("linalg.matmul".into(), vec![4, 4, 16], "f32".into()))
        );
    }

    #[test]
    fn a_manifest_round_trips() {
        let mut m = Manifest::parse(GOOD).unwrap();
        m.placement = Some(Placement {
            library: [("flexc_gpu_gemm_f32".to_string(), 2)].into(),
            kernels: [("elementwise".to_string(), 1)].into(),
        });
        let text = m.to_json();
        assert!(text.starts_with("{\"arch\":\"sm_90\","), "{text}");
        let back = Manifest::parse(&text).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.to_json(), text);
        // Absent optional fields stay absent.
        assert!(
            !text.contains("\"key\"") && !text.contains("\"returns\""),
            "{text}"
        );
        assert_eq!(text.matches("\"unused_inputs\"").count(), 1, "{text}");
    }

    fn error_of(from: &str, to: &str) -> String {
        let text = GOOD.replacen(from, to, 1);
        assert_ne!(text, GOOD, "{from}");
        Manifest::parse(&text).unwrap_err()
    }

    #[test]
    fn bad_manifests_are_named_errors() {
        assert!(error_of("\"flexc-gpu\"", "\"other\"").contains("format is 'other'"));
        assert!(error_of("\"version\":1", "\"version\":2").contains("version 2"));
        assert!(error_of("sm_90", "gfx90a").contains("arch"));
        assert!(error_of("\"devices\":2", "\"devices\":0").contains("device count 0 is outside"));
        assert!(error_of("\"devices\":2", "\"devices\":64").contains("devices is 64"));
        assert!(error_of("\"device\":1", "\"device\":0").contains("device 0 has two programs"));
        assert!(error_of("\"device\":1", "\"device\":5").contains("programs[2].device is 5"));
        assert!(error_of("\"role\":\"serial\"", "\"role\":\"device\"").contains("needs 'device'"));
        assert!(error_of("\"index\":1", "\"index\":3").contains("inputs[1].index is 3"));
        assert!(error_of(
            "\"dtype\":\"f32\",\"shape\":[8,4]",
            "\"dtype\":\"c64\",\"shape\":[8,4]"
        )
        .contains("outputs[0]: unknown dtype 'c64'"));
        assert!(error_of(",\"handle\":\"__elided__0\"", "").contains("needs 'handle'"));
        assert!(error_of("\"elided\":true", "\"elided\":false").contains("weight with data"));
        assert!(error_of("\"unused_inputs\":[1]", "\"unused_inputs\":[2]")
            .contains("programs[2].unused_inputs names input 2, but there are 2 inputs"));
        assert!(
            error_of("[4,4,16],\"dtype\":\"f32\"", "[4,4,16],\"dtype\":\"f7\"")
                .contains("unknown dtype 'f7'")
        );
        assert!(error_of("[8,16]", "[4294967296,4294967296,4294967296]").contains("too large"));
        let syntax = error_of("\"programs\":[", "\"programs\":[,");
        assert!(syntax.starts_with("flexc_gpu_manifest:2:"), "{syntax}");
        assert!(!syntax.contains(" at line "), "{syntax}");
        assert!(error_of("\"inputs\"", "\"inputz\"").contains("missing field `inputs`"));
        // Found by a probe of issue 20: each passed validation.
        assert!(error_of("sm_90", "sm_99").contains("arch 'sm_99' is not one flexc compiles for"));
        assert!(error_of("[8,16]", "[0,64]").contains("inputs[0]: shape [0, 64] has a zero dim"));
        assert!(error_of("[16,4],\"kind\"", "[16,99],\"kind\"").contains(
            "type 'tensor<16x4xf32>' does not match its dtype and shape (tensor<16x99xf32>)"
        ));
        let swapped = GOOD
            .replacen("_mlir_ciface_f_device0", "_mlir_ciface_f_deviceX", 1)
            .replacen("_mlir_ciface_f_device1", "_mlir_ciface_f_device0", 1)
            .replacen("_mlir_ciface_f_deviceX", "_mlir_ciface_f_device1", 1);
        assert!(Manifest::parse(&swapped)
            .unwrap_err()
            .contains("program 'f_device0' has entry '_mlir_ciface_f_device1'"));
        assert!(error_of("\"name\":\"f_device1\"", "\"name\":\"g_device1\"")
            .contains("is named 'g_device1', expected 'f_device1'"));
    }
}
