//! Given inputs and reference outputs of `flexc-run`, as NumPy `.npy` files (format version 1-3,
//! little-endian, C order; `np.save` writes them): `--inputs=DIR` reads the arguments of the serial
//! function `@f` from `DIR/f.arg<i>.npy` instead of drawing them from the seed (the device functions
//! get the same), `--reference=DIR` compares `@f`'s results with `DIR/f.result<i>.npy` (reported as
//! `serial vs reference`, same error measure and `--rtol` as the device check), and
//! `--dump-outputs=DIR` writes `@f`'s results as `DIR/f.result<i>.npy`. Element types: `f32 f64 i1
//! i8 i16 i32 i64` (`<f4 <f8 |b1 |i1 <i2 <i4 <i8`); a file whose type or shape differs from the
//! function's signature is an error naming both. The format is [`flexc_core::npy`], shared with the
//! GPU runtime.

use super::{Element, Entry, TensorType};
use flexc_core::npy;
use std::path::Path;

/// The NumPy type string of `element` (every element type of a function has one).
fn descr(element: Element) -> &'static str {
    npy::descr(element.name()).unwrap_or("|u1")
}

/// The arguments of `entry` from `dir`, as 8-byte aligned storage.
pub(super) fn read_inputs(dir: &Path, entry: &Entry) -> Result<Vec<Vec<u64>>, String> {
    entry
        .arguments
        .iter()
        .enumerate()
        .map(|(i, ty)| {
            let path = dir.join(format!("{}.arg{i}.npy", entry.name));
            read_npy(&path, ty).map(|bytes| super::engine::words(&bytes))
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

/// Writes the results of `entry` into `dir`, all or none (`flexc_core::output::write_all`).
pub(super) fn write_outputs(dir: &Path, entry: &Entry, outputs: &[Vec<u8>]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
    let files: Vec<(String, Vec<u8>)> = entry
        .results
        .iter()
        .zip(outputs)
        .enumerate()
        .map(|(i, (ty, bytes))| {
            let path = dir.join(format!("{}.result{i}.npy", entry.name));
            (path.display().to_string(), npy(ty, bytes))
        })
        .collect();
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(path, bytes)| (path.as_str(), bytes.as_slice()))
        .collect();
    flexc_core::output::write_all(&files)
}

/// The `.npy` bytes of a tensor of type `ty` holding `bytes` (row-major).
fn npy(ty: &TensorType, bytes: &[u8]) -> Vec<u8> {
    npy::write(descr(ty.element), &ty.dims, bytes)
}

/// The data of the `.npy` file at `path`, checked against `ty`.
fn read_npy(path: &Path, ty: &TensorType) -> Result<Vec<u8>, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{name}': {e}"))?;
    let file = npy::parse(&bytes).map_err(|e| format!("'{name}': {e}"))?;
    let expected = descr(ty.element);
    let same_shape = file.shape.len() == ty.dims.len()
        && file
            .shape
            .iter()
            .zip(&ty.dims)
            .all(|(&a, &b)| i64::try_from(a) == Ok(b));
    if !npy::same_descr(&file.descr, expected) || !same_shape || file.fortran_order {
        return Err(format!(
            "'{name}' holds {} of shape {:?}{}, but the function takes {} ({expected}, C order)",
            file.descr,
            file.shape,
            if file.fortran_order {
                " in Fortran order"
            } else {
                ""
            },
            ty.text
        ));
    }
    let size = ty.elements() * ty.element.width();
    if file.data.len() != size {
        return Err(format!(
            "'{name}' has {} data bytes, expected {size}",
            file.data.len()
        ));
    }
    Ok(file.data.to_vec())
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
        let temp = tempfile::Builder::new()
            .prefix("flexc-npy-")
            .tempdir()
            .unwrap();
        let dir = temp.path().to_path_buf();
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
    }
}
