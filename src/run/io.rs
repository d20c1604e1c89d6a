//! Given inputs and reference outputs of `flexc-run`, as NumPy `.npy` files (format version 1-3,
//! little-endian, C order; `np.save` writes them): `--inputs=DIR` reads the arguments of the serial
//! function `@f` from `DIR/f.arg<i>.npy` instead of drawing them from the seed (the device functions
//! get the same), `--reference=DIR` compares `@f`'s results with `DIR/f.result<i>.npy` (reported as
//! `serial vs reference`, same error measure and `--rtol` as the device check), and
//! `--dump-outputs=DIR` writes `@f`'s results as `DIR/f.result<i>.npy`. Element types: `f32 f64 i1
//! i8 i16 i32 i64` (`<f4 <f8 |b1 |i1 <i2 <i4 <i8`); a file whose type or shape differs from the
//! function's signature is an error naming both.

use super::{Element, Entry, TensorType};
use std::path::Path;

fn descr(element: Element) -> &'static str {
    match element {
        Element::I1 => "|b1",
        Element::I8 => "|i1",
        Element::I16 => "<i2",
        Element::I32 => "<i4",
        Element::I64 => "<i8",
        Element::F32 => "<f4",
        Element::F64 => "<f8",
    }
}

/// The arguments of `entry` from `dir`, as 8-byte aligned storage.
pub(super) fn read_inputs(dir: &Path, entry: &Entry) -> Result<Vec<Vec<u64>>, String> {
    entry
        .arguments
        .iter()
        .enumerate()
        .map(|(i, ty)| {
            let path = dir.join(format!("{}.arg{i}.npy", entry.name));
            read_npy(&path, ty).map(|bytes| super::prepare::words(&bytes))
        })
        .collect()
}

/// The reference results of `entry` from `dir`, as row-major bytes.
pub(super) fn read_references(dir: &Path, entry: &Entry) -> Result<Vec<Vec<u8>>, String> {
    entry
        .results
        .iter()
        .enumerate()
        .map(|(i, ty)| read_npy(&dir.join(format!("{}.result{i}.npy", entry.name)), ty))
        .collect()
}

/// Writes the results of `entry` into `dir` (each file through a temporary and a rename).
pub(super) fn write_outputs(dir: &Path, entry: &Entry, outputs: &[Vec<u8>]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
    for (i, (ty, bytes)) in entry.results.iter().zip(outputs).enumerate() {
        let path = dir.join(format!("{}.result{i}.npy", entry.name));
        let temporary = dir.join(format!(".{}.result{i}.npy.tmp", entry.name));
        std::fs::write(&temporary, npy(ty, bytes))
            .and_then(|()| std::fs::rename(&temporary, &path))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    Ok(())
}

/// The `.npy` bytes of a tensor of type `ty` holding `bytes` (row-major).
fn npy(ty: &TensorType, bytes: &[u8]) -> Vec<u8> {
    let shape = match ty.dims.as_slice() {
        [one] => format!("({one},)"),
        dims => format!(
            "({})",
            dims.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}",
        descr(ty.element)
    );
    // Magic (6) + version (2) + length (2) + header, padded with spaces to 64 bytes, ending in \n.
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend((header.len() as u16).to_le_bytes());
    out.extend(header.as_bytes());
    out.extend(bytes);
    out
}

/// The data of the `.npy` file at `path`, checked against `ty`.
fn read_npy(path: &Path, ty: &TensorType) -> Result<Vec<u8>, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{name}': {e}"))?;
    let (header, data) = split_npy(&bytes).ok_or_else(|| format!("'{name}' is not a .npy file"))?;
    let field = |key: &str| -> Option<&str> {
        let start = header.find(&format!("'{key}'"))? + key.len() + 2;
        let rest = header[start..].trim_start().strip_prefix(':')?.trim_start();
        Some(rest)
    };
    let descr_text = field("descr")
        .and_then(|r| r.strip_prefix('\'')?.split('\'').next())
        .ok_or_else(|| format!("'{name}' has no descr"))?;
    let fortran = field("fortran_order").is_some_and(|r| r.starts_with("True"));
    let shape: Vec<i64> = field("shape")
        .and_then(|r| r.strip_prefix('(')?.split(')').next())
        .ok_or_else(|| format!("'{name}' has no shape"))?
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| format!("'{name}' has a bad shape")))
        .collect::<Result<_, _>>()?;
    let expected = descr(ty.element);
    // numpy writes one-byte types with '|', and may write '=' for native order.
    let same_type =
        descr_text == expected || descr_text.replace(['=', '|'], "<") == expected.replace('|', "<");
    if !same_type || shape != ty.dims || fortran {
        return Err(format!(
            "'{name}' holds {descr_text} of shape {shape:?}{}, but the function takes {} ({expected}, C order)",
            if fortran { " in Fortran order" } else { "" },
            ty.text
        ));
    }
    let size = ty.elements() * ty.element.width();
    if data.len() != size {
        return Err(format!(
            "'{name}' has {} data bytes, expected {size}",
            data.len()
        ));
    }
    Ok(data.to_vec())
}

/// The header text and the data of `.npy` bytes.
fn split_npy(bytes: &[u8]) -> Option<(&str, &[u8])> {
    let rest = bytes.strip_prefix(b"\x93NUMPY")?;
    let (major, rest) = (*rest.first()?, rest.get(2..)?);
    let (length, rest) = if major == 1 {
        (
            u16::from_le_bytes([*rest.first()?, *rest.get(1)?]) as usize,
            rest.get(2..)?,
        )
    } else {
        let length = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        (length, rest.get(4..)?)
    };
    let header = std::str::from_utf8(rest.get(..length)?).ok()?;
    Some((header, rest.get(length..)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npy_round_trip() {
        let ty = TensorType {
            dims: vec![2, 3],
            element: Element::F32,
            text: "tensor<2x3xf32>".into(),
        };
        let data: Vec<u8> = (0..6).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let file = npy(&ty, &data);
        // The header is padded to 64 bytes; 24 data bytes follow.
        assert_eq!(file.len() % 64, 24);
        let dir = std::env::temp_dir().join(format!("flexc-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.npy");
        std::fs::write(&path, &file).unwrap();
        assert_eq!(read_npy(&path, &ty).unwrap(), data);
        let wrong = TensorType {
            dims: vec![3, 2],
            ..ty
        };
        assert!(read_npy(&path, &wrong)
            .unwrap_err()
            .contains("shape [2, 3]"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
