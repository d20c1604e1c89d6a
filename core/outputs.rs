//! The output dump file: results of a run written by `flexc-run --dump-outputs=FILE` (the serial
//! program on CPU) and read by `flexc-gpu --reference=FILE`.
//!
//! Format (version 1): one line of JSON, then the raw data of every output in the order of the header,
//! each in native little-endian byte order, row-major, without padding:
//!
//! ```text
//! {"format":"flexc-outputs","version":1,"seed":0,"outputs":[{"function":"f","index":0,"dtype":"f32","shape":[8,10]}]}\n
//! <8*10*4 bytes of @f's result 0>
//! ```
//!
//! `dtype` is the MLIR element type (`f32`, `f64`, `i1` (one byte per element), `i8`, `i16`,
//! `i32`, `i64`); the byte count of an output is its elements times the dtype's width. Readers
//! ignore unknown header fields. In Python: `header = json.loads(f.readline())`, then
//! `numpy.fromfile(f, dtype, count)` per output.

use serde::{Deserialize, Serialize};

/// One dumped output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DumpedOutput {
    pub function: String,
    pub index: usize,
    pub dtype: String,
    pub shape: Vec<u64>,
    #[serde(skip)]
    pub data: Vec<u8>,
}

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    seed: u64,
    outputs: Vec<DumpedOutput>,
}

const FORMAT: &str = "flexc-outputs";
const VERSION: u32 = 1;

/// Bytes per element of `dtype`; `None` for types the format does not carry.
pub fn dtype_width(dtype: &str) -> Option<usize> {
    Some(match dtype {
        "i1" | "i8" => 1,
        "i16" | "f16" | "bf16" => 2,
        "i32" | "f32" => 4,
        "i64" | "f64" => 8,
        _ => return None,
    })
}

/// The file's bytes for `outputs` drawn from `seed`.
pub fn write(seed: u64, outputs: &[DumpedOutput]) -> Vec<u8> {
    let header = Header {
        format: FORMAT.into(),
        version: VERSION,
        seed,
        outputs: outputs.to_vec(),
    };
    // Plain strings and numbers always serialize.
    let mut bytes = serde_json::to_vec(&header).unwrap_or_default();
    bytes.push(b'\n');
    for output in outputs {
        bytes.extend_from_slice(&output.data);
    }
    bytes
}

/// Reads a dump: the seed and the outputs, or what is wrong with the file.
pub fn read(bytes: &[u8]) -> Result<(u64, Vec<DumpedOutput>), String> {
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or("no header line (not a flexc-run --dump-outputs file)")?;
    let header: Header = serde_json::from_slice(&bytes[..end])
        .map_err(|e| format!("bad header (not a flexc-run --dump-outputs file?): {e}"))?;
    if header.format != FORMAT || header.version != VERSION {
        return Err(format!(
            "format '{}' version {}, expected '{FORMAT}' version {VERSION}",
            header.format, header.version
        ));
    }
    let mut at = end + 1;
    let mut outputs = header.outputs;
    for output in &mut outputs {
        let width = dtype_width(&output.dtype).ok_or_else(|| {
            format!(
                "output {} has unknown dtype '{}'",
                output.index, output.dtype
            )
        })?;
        let count = output
            .shape
            .iter()
            .try_fold(1u64, |n, &d| n.checked_mul(d))
            .and_then(|n| usize::try_from(n).ok())
            .and_then(|n| n.checked_mul(width))
            .ok_or_else(|| format!("output {} is too large", output.index))?;
        let data = bytes
            .get(at..at.saturating_add(count))
            .ok_or_else(|| format!("the file ends inside the data of output {}", output.index))?;
        output.data = data.to_vec();
        at += count;
    }
    if at != bytes.len() {
        return Err(format!(
            "{} bytes after the last output's data",
            bytes.len() - at
        ));
    }
    Ok((header.seed, outputs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<DumpedOutput> {
        vec![
            DumpedOutput {
                function: "f".into(),
                index: 0,
                dtype: "f32".into(),
                shape: vec![2, 2],
                data: (0..16).collect(),
            },
            DumpedOutput {
                function: "f".into(),
                index: 1,
                dtype: "i64".into(),
                shape: vec![],
                data: vec![7; 8],
            },
        ]
    }

    #[test]
    fn round_trips() {
        let bytes = write(3, &sample());
        assert_eq!(read(&bytes).unwrap(), (3, sample()));
    }

    #[test]
    fn bad_files_are_errors() {
        let bytes = write(3, &sample());
        assert!(read(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("ends inside"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&longer).unwrap_err().contains("after the last"));
        assert!(read(b"garbage").unwrap_err().contains("no header"));
        assert!(read(b"{}\n").unwrap_err().contains("bad header"));
        let text = String::from_utf8_lossy(&bytes).replace("\"version\":1", "\"version\":9");
        assert!(read(text.as_bytes()).is_err());
    }
}
