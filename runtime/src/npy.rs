//! NumPy `.npy` files (format versions 1-3, little-endian, C order), as `flexc-run
//! --dump-outputs=DIR` writes the serial function `@f`'s results: `DIR/f.result<i>.npy`.
//! `flexc-gpu --reference=DIR` reads them. Element types: `f32 f64 i1 i8 i16 i32 i64`
//! (`<f4 <f8 |b1 |i1 <i2 <i4 <i8`).

/// The NumPy type string of an element type.
pub fn descr(dtype: &str) -> Option<&'static str> {
    Some(match dtype {
        "i1" => "|b1",
        "i8" => "|i1",
        "i16" => "<i2",
        "i32" => "<i4",
        "i64" => "<i8",
        "f32" => "<f4",
        "f64" => "<f8",
        _ => return None,
    })
}

/// The value of `key` in the header dictionary (`'descr': '<f4', 'shape': (8, 10), ...`).
fn field<'h>(header: &'h str, key: &str) -> Option<&'h str> {
    let at = header.find(&format!("'{key}'"))? + key.len() + 2;
    let rest = header[at..].trim_start().strip_prefix(':')?.trim_start();
    let end = if rest.starts_with('(') {
        rest.find(')')? + 1
    } else {
        rest.find([',', '}'])?
    };
    Some(rest[..end].trim())
}

/// The data of an `.npy` file holding `dtype` elements of `shape`; errors name what differs.
pub fn read(bytes: &[u8], dtype: &str, shape: &[u64]) -> Result<Vec<u8>, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file".into());
    }
    let (header_len, start) = match bytes[6] {
        1 => (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        v => return Err(format!(".npy format version {v} is not supported")),
    };
    let header = bytes
        .get(start..start + header_len)
        .and_then(|h| std::str::from_utf8(h).ok())
        .ok_or("truncated .npy header")?;
    let expected = descr(dtype).ok_or_else(|| format!("no .npy type for {dtype}"))?;
    let found = field(header, "descr").unwrap_or("?").trim_matches('\'');
    if found != expected {
        return Err(format!(
            "element type '{found}', expected '{expected}' ({dtype})"
        ));
    }
    if field(header, "fortran_order") != Some("False") {
        return Err("Fortran order is not supported".into());
    }
    let dims: Vec<u64> = field(header, "shape")
        .ok_or("no shape in the .npy header")?
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| d.parse::<u64>().map_err(|_| format!("bad dim '{d}'")))
        .collect::<Result<_, _>>()?;
    if dims != shape {
        return Err(format!("shape {dims:?}, expected {shape:?}"));
    }
    let size = crate::manifest::byte_size(dtype, shape).ok_or("too large")?;
    let data = &bytes[start + header_len..];
    if data.len() != size {
        return Err(format!("{} data bytes, expected {size}", data.len()));
    }
    Ok(data.to_vec())
}

/// The bytes of an `.npy` file (version 1) of `dtype` elements of `shape` (tests, tools).
pub fn write(dtype: &str, shape: &[u64], data: &[u8]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    let shape_text = match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {shape_text}, }}",
        descr(dtype).unwrap_or("|u1")
    );
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    bytes.extend(data);
    bytes
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
