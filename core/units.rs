//! Human units for everything flexc prints: byte sizes in binary units (the `bytesize` crate: `0 B`,
//! `461 B`, `1.5 KiB`, `4.4 GiB`), durations in the unit that keeps three significant digits (`1.23 s`,
//! `3.903 ms`, `12.4 µs`), and device lists folded into ranges (`gpu0, gpu2, gpu16-gpu127`).

use crate::graph::DeviceId;

/// A plain-text table (no borders, no styling): columns two spaces apart, the columns in `right`
/// aligned right. Print it with [`render`].
pub fn table(header: &[&str], right: &[usize]) -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table
        .load_preset(comfy_table::presets::NOTHING)
        .set_content_arrangement(comfy_table::ContentArrangement::Disabled)
        .set_header(header.to_vec());
    for (i, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, 2));
        if right.contains(&i) {
            column.set_cell_alignment(comfy_table::CellAlignment::Right);
        }
    }
    table
}

/// `table`'s lines, each indented by `indent` and without trailing blanks, newline-terminated.
pub fn render(table: &comfy_table::Table, indent: &str) -> String {
    table
        .lines()
        .map(|line| format!("{indent}{}\n", line.trim_end()))
        .collect()
}

/// `bytes` in binary units, one decimal above 1 KiB.
pub fn bytes(bytes: u64) -> String {
    bytesize::ByteSize::b(bytes).display().iec().to_string()
}

/// `s` seconds in s, ms, µs or ns: at least three significant digits, `0 s` for none.
pub fn seconds(s: f64) -> String {
    if !s.is_finite() {
        return format!("{s} s");
    }
    let magnitude = s.abs();
    if magnitude == 0.0 {
        "0 s".to_string()
    } else if magnitude >= 1.0 {
        format!("{s:.3} s")
    } else if magnitude >= 1e-3 {
        format!("{:.3} ms", s * 1e3)
    } else if magnitude >= 1e-6 {
        format!("{:.3} µs", s * 1e6)
    } else {
        format!("{:.1} ns", s * 1e9)
    }
}

/// Devices as `gpu0, gpu2, gpu5-gpu9`: runs of three or more consecutive ids folded into a range.
pub fn devices(ids: &[DeviceId]) -> String {
    let mut ids: Vec<u32> = ids.iter().map(|d| d.0).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        match j - i {
            0 => parts.push(format!("gpu{}", ids[i])),
            1 => parts.push(format!("gpu{}, gpu{}", ids[i], ids[j])),
            _ => parts.push(format!("gpu{}-gpu{}", ids[i], ids[j])),
        }
        i = j + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_binary_units() {
        assert_eq!(bytes(0), "0 B");
        assert_eq!(bytes(461), "461 B");
        assert_eq!(bytes(1536), "1.5 KiB");
        assert_eq!(bytes(97_284_702_208), "90.6 GiB");
    }

    #[test]
    fn seconds_keep_their_digits() {
        assert_eq!(seconds(0.0), "0 s");
        assert_eq!(seconds(1.5), "1.500 s");
        assert_eq!(seconds(0.003903), "3.903 ms");
        assert_eq!(seconds(1.2e-6), "1.200 µs");
        assert_eq!(seconds(4.5e-10), "0.5 ns");
    }

    #[test]
    fn device_runs_fold() {
        let ids = |v: &[u32]| v.iter().map(|&d| DeviceId(d)).collect::<Vec<_>>();
        assert_eq!(devices(&ids(&[1, 2])), "gpu1, gpu2");
        assert_eq!(devices(&ids(&[0, 2, 3, 4, 5, 9])), "gpu0, gpu2-gpu5, gpu9");
        assert_eq!(devices(&ids(&[])), "");
    }
}
