//! The deterministic all-reduce: every member's contribution is staged in a device buffer, and one
//! kernel computes `out[i] = ((c0[i] ⊕ c1[i]) ⊕ c2[i]) ⊕ ...` with the contributions in ascending
//! device order, the same order and arithmetic as `flexc-run`'s CPU runtime, so the result does not
//! depend on timing and matches the CPU's bit for bit.
//!
//! The kernels are PTX written out by [`ptx`] (one entry per kind and element type, grid-stride
//! loops), loaded with the driver's JIT; [`fold`] is the same computation on host buffers (tests).
//! Max and min propagate NaN like `arith.maximumf`/`minimumf`.

use flexc_core::contract::ReduceElement;
/// Reduction kinds of `par.all_reduce` (core's contract).
pub use flexc_core::contract::ReduceKind as Kind;

/// Element types of reductions (core's contract).
pub fn elements() -> [&'static str; 4] {
    ReduceElement::ALL.map(ReduceElement::name)
}

/// The entry name of a reduction kernel.
pub fn kernel_name(kind: Kind, element: &str) -> String {
    format!("flexc_reduce_{}_{element}", kind.name())
}

/// The arguments of a kernel launch: pointer to a device array of the contributions' addresses,
/// their count, the output address and the element count.
pub const BLOCK: u32 = 256;

/// The PTX module of every reduction kernel.
pub fn ptx() -> String {
    let mut text = String::from(".version 7.0\n.target sm_80\n.address_size 64\n");
    for element in elements() {
        for kind in Kind::ALL {
            text.push_str(&entry(kind, element));
        }
    }
    text
}

fn entry(kind: Kind, element: &str) -> String {
    let (ty, width) = match element {
        "f32" => ("f32", 4),
        "f64" => ("f64", 8),
        "i32" => ("s32", 4),
        _ => ("s64", 8),
    };
    let float = element.starts_with('f');
    let combine = match (kind, float) {
        (Kind::Sum, true) => format!("\tadd.rn.{ty} %v1, %v1, %v2;\n"),
        (Kind::Sum, false) => format!("\tadd.{ty} %v1, %v1, %v2;\n"),
        (k, true) => {
            let op = if k == Kind::Max { "max" } else { "min" };
            // NaN in either operand gives NaN (their sum), else the max/min.
            format!(
                "\t{op}.{ty} %v3, %v1, %v2;\n\tsetp.nan.{ty} %p3, %v1, %v2;\n\t@%p3 add.{ty} %v3, %v1, %v2;\n\tmov.{ty} %v1, %v3;\n"
            )
        }
        (k, false) => {
            let op = if k == Kind::Max { "max" } else { "min" };
            format!("\t{op}.{ty} %v1, %v1, %v2;\n")
        }
    };
    let name = kernel_name(kind, element);
    format!(
        r#"
.visible .entry {name}(
	.param .u64 {name}_parts,
	.param .u32 {name}_count_parts,
	.param .u64 {name}_out,
	.param .u64 {name}_count
)
{{
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<16>;
	.reg .{ty} %v<4>;
	ld.param.u64 %rd1, [{name}_parts];
	ld.param.u32 %r1, [{name}_count_parts];
	ld.param.u64 %rd2, [{name}_out];
	ld.param.u64 %rd3, [{name}_count];
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %tid.x;
	mul.wide.u32 %rd4, %r2, %r3;
	cvt.u64.u32 %rd5, %r4;
	add.u64 %rd4, %rd4, %rd5;
	mov.u32 %r5, %nctaid.x;
	mul.wide.u32 %rd6, %r5, %r3;
ELEMENT:
	setp.ge.u64 %p1, %rd4, %rd3;
	@%p1 bra DONE;
	mul.lo.u64 %rd7, %rd4, {width};
	ld.global.u64 %rd8, [%rd1];
	add.u64 %rd9, %rd8, %rd7;
	ld.global.{ty} %v1, [%rd9];
	mov.u32 %r6, 1;
PART:
	setp.ge.u32 %p2, %r6, %r1;
	@%p2 bra STORE;
	mul.wide.u32 %rd10, %r6, 8;
	add.u64 %rd11, %rd1, %rd10;
	ld.global.u64 %rd12, [%rd11];
	add.u64 %rd13, %rd12, %rd7;
	ld.global.{ty} %v2, [%rd13];
{combine}	add.u32 %r6, %r6, 1;
	bra PART;
STORE:
	add.u64 %rd14, %rd2, %rd7;
	st.global.{ty} [%rd14], %v1;
	add.u64 %rd4, %rd4, %rd6;
	bra ELEMENT;
DONE:
	ret;
}}
"#
    )
}

/// The grid of a launch over `count` elements (grid-stride loops cover the rest).
pub fn grid(count: u64) -> u32 {
    count.div_ceil(u64::from(BLOCK)).clamp(1, 65_535) as u32
}

/// The reduction of host buffers in ascending order: what the kernels compute, by core's ordered
/// fold (the CPU runtime's too).
pub fn fold(parts: &[&[u8]], element: &str, kind: Kind) -> Vec<u8> {
    let element = ReduceElement::parse(element).unwrap_or(ReduceElement::I64);
    flexc_core::reduce::fold_ordered(parts, element, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_ne_bytes()).collect()
    }

    #[test]
    fn folds_in_ascending_order() {
        let parts = [
            f32s(&[1e8, 1.0]),
            f32s(&[1.0, f32::NAN]),
            f32s(&[-1e8, 2.0]),
        ];
        let refs: Vec<&[u8]> = parts.iter().map(|p| p.as_slice()).collect();
        let sum = fold(&refs, "f32", Kind::Sum);
        assert_eq!(&sum[..4], &((1e8f32 + 1.0) + -1e8).to_ne_bytes());
        let max = fold(&refs, "f32", Kind::Max);
        assert_eq!(f32::from_ne_bytes(max[..4].try_into().unwrap()), 1e8);
        assert!(f32::from_ne_bytes(max[4..].try_into().unwrap()).is_nan());
        let ints: Vec<Vec<u8>> = [[i64::MAX, 3], [1, -4]]
            .iter()
            .map(|p| p.iter().flat_map(|v| v.to_ne_bytes()).collect())
            .collect();
        let refs: Vec<&[u8]> = ints.iter().map(|p| p.as_slice()).collect();
        let sum = fold(&refs, "i64", Kind::Sum);
        assert_eq!(i64::from_ne_bytes(sum[..8].try_into().unwrap()), i64::MIN);
        let min = fold(&refs, "i64", Kind::Min);
        assert_eq!(i64::from_ne_bytes(min[8..].try_into().unwrap()), -4);
    }

    #[test]
    fn the_module_has_every_entry() {
        let text = ptx();
        for element in elements() {
            for kind in Kind::ALL {
                let entry = format!(".visible .entry {}(", kernel_name(kind, element));
                assert_eq!(text.matches(&entry).count(), 1, "{entry}");
            }
        }
        assert!(text.contains("add.rn.f32 %v1, %v1, %v2;"));
        assert!(text.contains("setp.nan.f64 %p3, %v1, %v2;"));
        assert!(text.contains("max.s64 %v1, %v1, %v2;"));
        assert_eq!(grid(1), 1);
        assert_eq!(grid(257), 2);
        assert_eq!(grid(u64::MAX), 65_535);
    }

    /// The PTX assembles for sm_90 with ptxas: `FLEXC_PTXAS` or `.tools/cuda` (tools/setup); the
    /// test is skipped when neither exists unless `FLEXC_REQUIRE_PTXAS` is set.
    #[test]
    fn the_module_assembles_with_ptxas() {
        let Some(ptxas) = crate::tools::ptxas() else {
            assert!(
                std::env::var_os("FLEXC_REQUIRE_PTXAS").is_none(),
                "no ptxas (run tools/setup or set FLEXC_PTXAS)"
            );
            eprintln!("skipped: no ptxas (run tools/setup or set FLEXC_PTXAS)");
            return;
        };
        let temp = tempfile::Builder::new()
            .prefix("flexc-gpu-ptx-")
            .tempdir()
            .unwrap();
        let dir = temp.path().to_path_buf();
        let source = dir.join("reduce.ptx");
        std::fs::write(&source, ptx()).unwrap();
        for arch in ["sm_90", "sm_80"] {
            let output = std::process::Command::new(&ptxas)
                .arg(format!("-arch={arch}"))
                .arg(&source)
                .arg("-o")
                .arg(dir.join("reduce.cubin"))
                .output()
                .unwrap();
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}
