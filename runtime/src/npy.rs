//! NumPy `.npy` files (format versions 1-3, little-endian, C order), as `flexc-run
//! --dump-outputs=DIR` writes the serial function `@f`'s results: `DIR/f.result<i>.npy`.
//! `flexc-gpu --reference=DIR` reads them. Element types: `f32 f64 i1 i8 i16 i32 i64`
//! (`<f4 <f8 |b1 |i1 <i2 <i4 <i8`). The format itself is [`flexc_core::npy`], shared with
//! `flexc-run`; this module checks a file against the manifest's type and shape.

use flexc_core::npy;

/// The NumPy type string of an element type.
pub fn descr(dtype: &str) -> Option<&'static str> {
    npy::descr(dtype)
}

/// The data of an `.npy` file holding `dtype` elements of `shape`; errors name what differs.
pub fn read(bytes: &[u8], dtype: &str, shape: &[u64]) -> Result<Vec<u8>, String> {
    let file = npy::parse(bytes)?;
    let expected = descr(dtype).ok_or_else(|| format!("no .npy type for {dtype}"))?;
    if !npy::same_descr(&file.descr, expected) {
        return Err(format!(
            "element type '{}', expected '{expected}' ({dtype})",
            file.descr
        ));
    }
    if file.fortran_order {
        return Err("Fortran order is not supported".into());
    }
    if file.shape != shape {
        return Err(format!("shape {:?}, expected {shape:?}", file.shape));
    }
    let size = crate::manifest::byte_size(dtype, shape).ok_or("too large")?;
    if file.data.len() != size {
        return Err(format!("{} data bytes, expected {size}", file.data.len()));
    }
    Ok(file.data.to_vec())
}

/// The bytes of an `.npy` file (version 1) of `dtype` elements of `shape` (tests, tools).
pub fn write(dtype: &str, shape: &[u64], data: &[u8]) -> Vec<u8> {
    npy::write(descr(dtype).unwrap_or("|u1"), shape, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_checks_type_and_shape() {
        let data: Vec<u8> = (0..24).collect();
        let file = write("f32", &[2, 3], &data);
        assert_eq!(read(&file, "f32", &[2, 3]).unwrap(), data);
        assert!(read(&file, "i32", &[2, 3])
            .unwrap_err()
            .contains("'<f4', expected '<i4'"));
        assert!(read(&file, "f32", &[3, 2])
            .unwrap_err()
            .contains("shape [2, 3]"));
        assert!(read(&file[..file.len() - 1], "f32", &[2, 3])
            .unwrap_err()
            .contains("data bytes"));
        assert!(read(b"junk", "f32", &[1])
            .unwrap_err()
            .contains("not a .npy"));
        let scalar = write("i64", &[], &[0; 8]);
        assert_eq!(read(&scalar, "i64", &[]).unwrap().len(), 8);
        let vector = write("i1", &[4], &[1; 4]);
        assert!(read(&vector, "i1", &[4]).is_ok());
    }
}
