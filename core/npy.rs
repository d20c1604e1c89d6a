//! NumPy `.npy` files (format versions 1-3, little-endian, C order): the one reader and writer
//! that `flexc-run` (`--inputs`, `--reference`, `--dump-outputs`) and the GPU runtime
//! (`flexc-gpu --reference`) share, so both read exactly what the other writes. Element types:
//! `f32 f64 i1 i8 i16 i32 i64` (`<f4 <f8 |b1 |i1 <i2 <i4 <i8`). Callers check the parsed header
//! against the type and shape they expect and word their own errors.

/// The NumPy type string of an element type (`f32` -> `<f4`), or `None` for a type `.npy` files
/// of flexc do not hold.
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

/// Whether the type string `found` of a file means the type string `expected` (from [`descr`]):
/// numpy may write one-byte types with `|` and native order as `=`, which is little-endian here.
pub fn same_descr(found: &str, expected: &str) -> bool {
    found == expected || found.replace(['=', '|'], "<") == expected.replace('|', "<")
}

/// A parsed `.npy` file: its header fields and its data bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Npy<'a> {
    /// The type string (`<f4`), without quotes.
    pub descr: String,
    /// Whether the data is in Fortran (column-major) order; a missing field means C order.
    pub fortran_order: bool,
    /// The dimensions, outermost first (empty for a scalar).
    pub shape: Vec<u64>,
    /// The data bytes after the header.
    pub data: &'a [u8],
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

/// Parses the bytes of an `.npy` file; errors say what is malformed.
pub fn parse(bytes: &[u8]) -> Result<Npy<'_>, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file".into());
    }
    let (header_len, start) = match bytes[6] {
        1 => (
            usize::from(u16::from_le_bytes([bytes[8], bytes[9]])),
            10usize,
        ),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        v => return Err(format!(".npy format version {v} is not supported")),
    };
    let header = start
        .checked_add(header_len)
        .and_then(|end| bytes.get(start..end))
        .and_then(|h| std::str::from_utf8(h).ok())
        .ok_or("truncated .npy header")?;
    let descr = field(header, "descr")
        .ok_or("no descr in the .npy header")?
        .trim_matches('\'')
        .to_string();
    let fortran_order = field(header, "fortran_order") == Some("True");
    let shape = field(header, "shape")
        .ok_or("no shape in the .npy header")?
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| d.parse::<u64>().map_err(|_| format!("bad dim '{d}'")))
        .collect::<Result<_, _>>()?;
    Ok(Npy {
        descr,
        fortran_order,
        shape,
        data: &bytes[start + header_len..],
    })
}

/// The bytes of an `.npy` file (version 1, C order) with type string `descr` (from [`descr`]),
/// dimensions `shape` and row-major `data`. The header is padded with spaces to a multiple of 64
/// bytes and ends in a newline, as numpy writes it.
pub fn write<D: std::fmt::Display>(descr: &str, shape: &[D], data: &[u8]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(D::to_string).collect();
    let shape_text = match dims.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", dims.join(", ")),
    };
    let mut header =
        format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_text}, }}");
    // Magic (6) + version (2) + length (2) + header, padded with spaces to 64 bytes, ending in \n.
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
    fn round_trips_headers_and_data() {
        let data: Vec<u8> = (0..24).collect();
        let file = write("<f4", &[2u64, 3], &data);
        assert_eq!(file.len() % 64, 24);
        let npy = parse(&file).unwrap();
        assert_eq!(npy.descr, "<f4");
        assert_eq!(npy.shape, [2, 3]);
        assert!(!npy.fortran_order);
        assert_eq!(npy.data, data.as_slice());
        let scalar = write::<u64>("<i8", &[], &[0; 8]);
        assert_eq!(parse(&scalar).unwrap().shape, Vec::<u64>::new());
        let vector = write("|b1", &[4], &[1; 4]);
        assert_eq!(parse(&vector).unwrap().shape, [4]);
    }

    #[test]
    fn malformed_files_are_errors() {
        assert!(parse(b"junk").unwrap_err().contains("not a .npy"));
        let mut file = write("<f4", &[1], &[0; 4]);
        file[6] = 9;
        assert!(parse(&file).unwrap_err().contains("version 9"));
        let file = write("<f4", &[1], &[0; 4]);
        assert!(parse(&file[..20]).unwrap_err().contains("truncated"));
        let at = file.windows(5).position(|w| w == b"False").unwrap();
        let mut fortran = file.clone();
        fortran[at..at + 5].copy_from_slice(b"True ");
        assert!(parse(&fortran).unwrap().fortran_order);
    }

    #[test]
    fn type_strings_match_numpys_spellings() {
        assert_eq!(descr("i1"), Some("|b1"));
        assert_eq!(descr("f16"), None);
        assert!(same_descr("<f4", "<f4"));
        assert!(same_descr("=f4", "<f4"));
        assert!(same_descr("<i1", "|i1"));
        assert!(!same_descr("<i4", "<f4"));
    }
}
