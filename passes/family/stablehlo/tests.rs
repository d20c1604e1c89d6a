//! Unit tests of the StableHLO family: one small generic-form op per case (spellings copied from the
//! torch-mlir and JAX exports under `models/`), and every op of those exports.

use super::*;
use melior::{
    dialect::DialectRegistry,
    ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        Module,
    },
    utility::register_all_dialects,
    Context,
};

fn context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new_with_registry(&registry, false);
    context.set_allow_unregistered_dialects(true);
    context
}

/// Calls `visit` with every StableHLO/CHLO op of `module` outside op bodies (reduce, scatter, ...).
fn for_each_op(module: &Module<'_>, mut visit: impl FnMut(&OperationRef<'_, '_>, &str)) {
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = crate::op_name(&op);
        if name.starts_with("stablehlo.") || name.starts_with("chlo.") {
            visit(&op, &name);
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
}

/// The model of the one op `op` (generic form, reading `%a0`, `%a1`, ... of types `args`), checked.
fn model_of(args: &[&str], op: &str) -> Result<OpModel, String> {
    let context = context();
    let params: Vec<String> = args
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    let source = format!(
        "func.func @f({}) {{\n  {op}\n  return\n}}\n",
        params.join(", ")
    );
    let module =
        Module::parse(&context, &source).unwrap_or_else(|| panic!("bad test IR:\n{source}"));
    let mut found = None;
    for_each_op(&module, |op, name| {
        let result = model(op, name).map(|m| {
            m.inspect(|m| {
                assert_eq!(
                    m.check(op.operand_count(), op.result_count()),
                    Ok(()),
                    "{m:?}"
                );
                assert_eq!(parallel_iff_indexes_a_result(m, name), Ok(()), "{m:?}");
            })
        });
        found.get_or_insert(result);
    });
    found.expect("a stablehlo op").expect("a modelled op")
}

fn ok(args: &[&str], op: &str) -> OpModel {
    model_of(args, op).unwrap_or_else(|e| panic!("{e}"))
}

/// Accesses from text: `"d0, 2*d1+d5-3, 0"`.
fn acc(text: &str) -> Vec<AffineDim> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    text.split(',')
        .map(|expr| {
            let mut e = AffineDim::constant(0);
            for term in expr
                .replace('-', "+-")
                .split('+')
                .map(str::trim)
                .filter(|t| !t.is_empty())
            {
                let (coefficient, var) = match term.split_once('*') {
                    Some((c, v)) => (c.parse::<i64>().unwrap(), v),
                    None if term.trim_start_matches('-').starts_with('d') => (
                        if term.starts_with('-') { -1 } else { 1 },
                        term.trim_start_matches('-'),
                    ),
                    None => {
                        e.offset += term.parse::<i64>().unwrap();
                        continue;
                    }
                };
                e.terms.push((var[1..].parse().unwrap(), coefficient));
            }
            e
        })
        .collect()
}

fn flags(text: &str) -> Vec<bool> {
    text.chars().map(|c| c == 'P').collect()
}

#[test]
fn attributes_of_unregistered_ops_are_readable() {
    let context = context();
    let module = Module::parse(
        &context,
        r#"func.func @f(%a0: tensor<8x512x16x64xf32>, %a1: tensor<8x512x16x64xf32>) {
          %0 = "stablehlo.dot_general"(%a0, %a1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>}> : (tensor<8x512x16x64xf32>, tensor<8x512x16x64xf32>) -> tensor<8x16x512x512xf32>
          %1 = "stablehlo.convolution"(%a0, %a1) <{dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>}> : (tensor<8x512x16x64xf32>, tensor<8x512x16x64xf32>) -> tensor<8x16x512x512xf32>
          return
        }"#,
    )
    .unwrap();
    let mut texts = Vec::new();
    for_each_op(&module, |op, _| {
        for key in [
            "dot_dimension_numbers",
            "dimension_numbers",
            "padding",
            "window_strides",
        ] {
            if let Ok(a) = op.attribute(key) {
                use melior::ir::attribute::AttributeLike;
                texts.push(ir::attribute_text(a.to_raw()));
                if key == "padding" {
                    assert_eq!(ir::i64_list(a.to_raw()), Some(vec![0, 1, 0, 1]));
                }
            }
        }
    });
    assert_eq!(
        texts,
        [
            "#stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>",
            "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>",
            "dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>",
            "array<i64: 2, 2>",
        ]
    );
}

/// The linalg convention: a loop (of more than one trip) is parallel iff it indexes a result; the
/// window loops of `select_and_scatter` are the documented exception.
fn parallel_iff_indexes_a_result(m: &OpModel, name: &str) -> Result<(), String> {
    for k in (0..m.loops.len()).filter(|&k| m.loops[k] > 1) {
        let writes = m
            .outputs
            .iter()
            .flatten()
            .any(|e| e.terms.iter().any(|t| t.0 == k));
        if writes != m.parallel[k] && name != "stablehlo.select_and_scatter" {
            return Err(format!(
                "loop d{k} parallel={} but writes={writes}",
                m.parallel[k]
            ));
        }
    }
    Ok(())
}

/// Every StableHLO/CHLO op of every export under `models/` is modelled (or left to the importer) and
/// its model passes `OpModel::check`.
#[test]
fn every_op_of_the_exported_models_is_modelled() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../models");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .expect("models/")
        .flatten()
        .filter(|dir| dir.path().is_dir())
        .flat_map(|dir| {
            std::fs::read_dir(dir.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|entry| entry.path())
        .filter(|path| path.to_string_lossy().ends_with(".stablehlo.generic.mlir"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the exports under {root:?}");
    let context = context();
    let mut failures = Vec::new();
    let mut modelled = std::collections::BTreeMap::<String, usize>::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let module = Module::parse(&context, &text)
            .unwrap_or_else(|| panic!("{} does not parse", file.display()));
        for_each_op(&module, |op, name| match model(op, name) {
            None => assert!(
                matches!(
                    name,
                    "stablehlo.constant" | "stablehlo.return" | "stablehlo.custom_call"
                ),
                "{name} not modelled"
            ),
            Some(Ok(m)) => {
                let checked = m
                    .check(op.operand_count(), op.result_count())
                    .and_then(|()| parallel_iff_indexes_a_result(&m, name));
                if let Err(e) = checked {
                    failures.push(format!("{}: {name}: {e}", file.display()));
                }
                *modelled.entry(name.to_string()).or_default() += 1;
            }
            Some(Err(e)) => failures.push(format!("{}: {name}: {e}\n  {op}", file.display())),
        });
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(modelled["stablehlo.convolution"] > 100, "{modelled:?}");
}

#[test]
fn dot_general_with_batch_dims() {
    // JAX attention scores: batch (0, 2), contracting 3.
    let m = ok(
        &["tensor<8x512x16x64xf32>", "tensor<8x512x16x64xf32>"],
        r#"%0 = "stablehlo.dot_general"(%a0, %a1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 2], rhs_batching_dimensions = [0, 2], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x512x16x64xf32>, tensor<8x512x16x64xf32>) -> tensor<8x16x512x512xf32>"#,
    );
    assert_eq!(m.loops, [8, 16, 512, 512, 64]);
    assert_eq!(m.parallel, flags("PPPPR"));
    assert_eq!(
        m.inputs,
        [Some(acc("d0, d2, d1, d4")), Some(acc("d0, d3, d1, d4"))]
    );
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
    assert_eq!(
        (m.class, m.flops),
        (OpClass::Contraction, 2 * 8 * 16 * 512 * 512 * 64)
    );
}

#[test]
fn dot_general_matmul_and_dot() {
    // torch linear: contracting lhs 1 with rhs 0, no batch.
    let m = ok(
        &["tensor<4096x768xf32>", "tensor<768x3072xf32>"],
        r#"%0 = "stablehlo.dot_general"(%a0, %a1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4096x768xf32>, tensor<768x3072xf32>) -> tensor<4096x3072xf32>"#,
    );
    assert_eq!(
        (m.loops.clone(), m.parallel.clone()),
        (vec![4096, 3072, 768], flags("PPR"))
    );
    assert_eq!(m.inputs, [Some(acc("d0, d2")), Some(acc("d2, d1"))]);
    // The weight-gradient form: contracting the batch (dim 0 of both).
    let m = ok(
        &["tensor<512x8192xf32>", "tensor<512x8192xf32>"],
        r#"%0 = "stablehlo.dot_general"(%a0, %a1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<512x8192xf32>, tensor<512x8192xf32>) -> tensor<8192x8192xf32>"#,
    );
    assert_eq!(m.loops, [8192, 8192, 512]);
    assert_eq!(m.inputs, [Some(acc("d2, d0")), Some(acc("d2, d1"))]);
    // stablehlo.dot: matrix-vector.
    let m = ok(
        &["tensor<16x32xf32>", "tensor<32xf32>"],
        r#"%0 = "stablehlo.dot"(%a0, %a1) : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16xf32>"#,
    );
    assert_eq!(
        (m.loops.clone(), m.parallel.clone()),
        (vec![16, 32], flags("PR"))
    );
    assert_eq!(m.inputs, [Some(acc("d0, d1")), Some(acc("d1"))]);
    assert_eq!(m.flops, 2 * 16 * 32);
}

#[test]
fn convolution_nchw_with_stride_and_padding() {
    // torch ResNet stem: 7x7 stride 2 padding 3.
    let m = ok(
        &["tensor<64x3x224x224xf32>", "tensor<64x3x7x7xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<3> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 2, 2>}> : (tensor<64x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<64x64x112x112xf32>"#,
    );
    assert_eq!(m.loops, [64, 64, 112, 112, 3, 7, 7]);
    assert_eq!(m.parallel, flags("PPPPRRR"));
    assert_eq!(
        m.inputs,
        [
            Some(acc("d0, d4, 2*d2+d5-3, 2*d3+d6-3")),
            Some(acc("d1, d4, d5, d6"))
        ]
    );
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
    assert_eq!(m.class, OpClass::Convolution);
    assert_eq!(m.flops, 2 * m.volume());
}

#[test]
fn convolution_nhwc_with_dilation_and_asymmetric_padding() {
    // JAX: NHWC input, HWIO kernel, rhs dilation 2, padding [[0, 1], [0, 1]].
    let m = ok(
        &["tensor<8x28x28x16xf32>", "tensor<3x3x16x32xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 2], [1, 2]]> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 2, 2>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<8x28x28x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x27x27x32xf32>"#,
    );
    // Loops follow the output's dims: b, 0, 1, f; then i, then kernel 0, 1.
    assert_eq!(m.loops, [8, 27, 27, 32, 16, 3, 3]);
    assert_eq!(m.parallel, flags("PPPPRRR"));
    assert_eq!(
        m.inputs,
        [
            Some(acc("d0, d1+2*d5-1, d2+2*d6-1, d4")),
            Some(acc("d5, d6, d4, d3"))
        ]
    );
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
}

#[test]
fn convolution_jax_weight_gradient_layout() {
    // JAX weight gradients: the batch is the contracted input feature.
    let m = ok(
        &["tensor<64x56x56x8xf32>", "tensor<64x56x56x4xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<64x56x56x8xf32>, tensor<64x56x56x4xf32>) -> tensor<3x3x8x4xf32>"#,
    );
    assert_eq!(m.loops, [3, 3, 8, 4, 64, 56, 56]);
    assert_eq!(m.parallel, flags("PPPPRRR"));
    assert_eq!(
        m.inputs,
        [
            Some(acc("d4, d0+d5-1, d1+d6-1, d2")),
            Some(acc("d4, d5, d6, d3"))
        ]
    );
}

#[test]
fn convolution_with_lhs_dilation_splits_the_output_dim() {
    // JAX input gradient of a stride-2 conv: lhs dilation 2.
    let m = ok(
        &["tensor<64x7x7x32xf32>", "tensor<3x3x16x32xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, padding = dense<[[2, 1], [2, 1]]> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<64x7x7x32xf32>, tensor<3x3x16x32xf32>) -> tensor<64x14x14x16xf32>"#,
    );
    // b, (q0, r0), (q1, r1), f, i, k0, k1.
    assert_eq!(m.loops, [64, 7, 2, 7, 2, 16, 32, 3, 3]);
    assert_eq!(m.parallel, flags("PPPPPPRRR"));
    assert_eq!(m.outputs, [acc("d0, 2*d1+d2, 2*d3+d4, d5")]);
    assert_eq!(
        m.inputs,
        [
            Some(acc("d0, d1+d7-1, d3+d8-1, d6")),
            Some(acc("d7, d8, d5, d6"))
        ]
    );
    assert_eq!(m.flops, 2 * m.volume() / 4);
}

#[test]
fn convolution_grouped_and_batch_grouped() {
    // Depthwise: 32 groups of one channel.
    let m = ok(
        &["tensor<8x32x14x14xf32>", "tensor<32x1x3x3xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 32 : i64, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> : (tensor<8x32x14x14xf32>, tensor<32x1x3x3xf32>) -> tensor<8x32x14x14xf32>"#,
    );
    // b, f within group, 0, 1, group, i, k0, k1.
    assert_eq!(m.loops, [8, 1, 14, 14, 32, 1, 3, 3]);
    assert_eq!(m.parallel, flags("PPPPPRRR"));
    assert_eq!(m.outputs, [acc("d0, d1+d4, d2, d3")]);
    assert_eq!(
        m.inputs,
        [
            Some(acc("d0, d5+d4, d2+d6-1, d3+d7-1")),
            Some(acc("d1+d4, d5, d6, d7"))
        ]
    );
    assert_eq!(m.flops, 2 * 8 * 32 * 14 * 14 * 9);
    // Two groups of 4 input channels into 2x8 output channels.
    let m = ok(
        &["tensor<8x8x14x14xf32>", "tensor<16x4x1x1xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 2 : i64, window_strides = array<i64: 1, 1>}> : (tensor<8x8x14x14xf32>, tensor<16x4x1x1xf32>) -> tensor<8x16x14x14xf32>"#,
    );
    assert_eq!(m.loops, [8, 8, 14, 14, 2, 4, 1, 1]);
    assert_eq!(m.outputs, [acc("d0, d1+8*d4, d2, d3")]);
    assert_eq!(m.inputs[0], Some(acc("d0, d5+4*d4, d2+d6, d3+d7")));
    assert_eq!(m.inputs[1], Some(acc("d1+8*d4, d5, d6, d7")));
    // Batch groups (a grouped weight gradient): 4 groups of 2 samples.
    let m = ok(
        &["tensor<8x16x5x5xf32>", "tensor<4x16x3x3xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{batch_group_count = 4 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64}> : (tensor<8x16x5x5xf32>, tensor<4x16x3x3xf32>) -> tensor<2x4x3x3xf32>"#,
    );
    assert_eq!(m.loops, [2, 1, 3, 3, 4, 16, 3, 3]);
    assert_eq!(m.inputs[0], Some(acc("d0+2*d4, d5, d2+d6, d3+d7")));
    assert_eq!(m.inputs[1], Some(acc("d1+d4, d5, d6, d7")));
    assert_eq!(m.outputs, [acc("d0, d1+d4, d2, d3")]);
    // Inconsistent groups are an error, not a panic.
    let e = model_of(
        &["tensor<8x8x14x14xf32>", "tensor<16x4x1x1xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 3 : i64}> : (tensor<8x8x14x14xf32>, tensor<16x4x1x1xf32>) -> tensor<8x16x14x14xf32>"#,
    );
    assert!(e.unwrap_err().contains("group counts"));
}

#[test]
fn convolution_raw_dimension_numbers_and_reversal() {
    let m = ok(
        &["tensor<2x10x3xf32>", "tensor<3x3x5xf32>"],
        r#"%0 = "stablehlo.convolution"(%a0, %a1) <{dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, window_reversal = array<i1: true>}> : (tensor<2x10x3xf32>, tensor<3x3x5xf32>) -> tensor<2x8x5xf32>"#,
    );
    assert_eq!(m.loops, [2, 8, 5, 3, 3]);
    assert_eq!(
        m.inputs,
        [Some(acc("d0, d1+d4, d3")), Some(acc("-1*d4+2, d3, d2"))]
    );
}

#[test]
fn reduce_single_and_variadic() {
    let m = ok(
        &["tensor<8x512x768xf32>", "tensor<f32>"],
        r#"%0 = "stablehlo.reduce"(%a0, %a1) <{dimensions = array<i64: 2>}> ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
          "stablehlo.return"(%s) : (tensor<f32>) -> ()
        }) : (tensor<8x512x768xf32>, tensor<f32>) -> tensor<8x512xf32>"#,
    );
    assert_eq!(
        (m.loops.clone(), m.parallel.clone()),
        (vec![8, 512, 768], flags("PPR"))
    );
    assert_eq!(m.inputs, [Some(acc("d0, d1, d2")), None]);
    assert_eq!(m.outputs, [acc("d0, d1")]);
    assert_eq!((m.class, m.flops), (OpClass::Reduction, 8 * 512 * 768));
    // argmax: values and indices reduced together over dims 0 and 1.
    let m = ok(
        &[
            "tensor<4x6x5xf32>",
            "tensor<4x6x5xi32>",
            "tensor<f32>",
            "tensor<i32>",
        ],
        r#"%0:2 = "stablehlo.reduce"(%a0, %a1, %a2, %a3) <{dimensions = array<i64: 0, 1>}> ({
        ^bb0(%x: tensor<f32>, %i: tensor<i32>, %y: tensor<f32>, %j: tensor<i32>):
          "stablehlo.return"(%x, %i) : (tensor<f32>, tensor<i32>) -> ()
        }) : (tensor<4x6x5xf32>, tensor<4x6x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)"#,
    );
    assert_eq!(m.parallel, flags("RRP"));
    assert_eq!(
        m.inputs,
        [Some(acc("d0, d1, d2")), Some(acc("d0, d1, d2")), None, None]
    );
    assert_eq!(m.outputs, [acc("d2"), acc("d2")]);
    assert_eq!(m.flops, 2 * 4 * 6 * 5);
}

#[test]
fn top_k_keeps_the_sorted_dim_whole() {
    // The router of a mixture of experts: the 2 best of 4 experts per token, tokens in two dims.
    let m = ok(
        &["tensor<2x16x4xf32>"],
        r#"%0:2 = "chlo.top_k"(%a0) <{is_stable = true, k = 2 : i64}> : (tensor<2x16x4xf32>) -> (tensor<2x16x2xf32>, tensor<2x16x2xi32>)"#,
    );
    assert_eq!(
        (m.loops.clone(), m.parallel.clone()),
        (vec![2, 16, 2, 4], flags("PPPR"))
    );
    assert_eq!(m.inputs, [Some(acc("d0, d1, d3"))]);
    assert_eq!(m.outputs, [acc("d0, d1, d2"), acc("d0, d1, d2")]);
    assert_eq!((m.class, m.flops), (OpClass::Reduction, 2 * 16 * 2 * 4));
    let e = model_of(
        &["tensor<8x4xf32>"],
        r#"%0:2 = "chlo.top_k"(%a0) <{k = 5 : i64}> : (tensor<8x4xf32>) -> (tensor<8x5xf32>, tensor<8x5xi32>)"#,
    );
    assert!(e.unwrap_err().contains("k = 5 is out of range"));
    let e = model_of(
        &["tensor<8x4xf32>"],
        r#"%0:2 = "chlo.top_k"(%a0) <{k = 2 : i64}> : (tensor<8x4xf32>) -> (tensor<8x3xf32>, tensor<8x3xi32>)"#,
    );
    assert!(e.unwrap_err().contains("results are not of shape [8, 2]"));
}

#[test]
fn reduce_window_max_pool() {
    // JAX max pool 3x3 stride 2, padding [[0, 0], [0, 1], [0, 1], [0, 0]] (NHWC).
    let m = ok(
        &["tensor<64x112x112x64xf32>", "tensor<f32>"],
        r#"%0 = "stablehlo.reduce_window"(%a0, %a1) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %s = "stablehlo.maximum"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
          "stablehlo.return"(%s) : (tensor<f32>) -> ()
        }) : (tensor<64x112x112x64xf32>, tensor<f32>) -> tensor<64x56x56x64xf32>"#,
    );
    assert_eq!(m.loops, [64, 56, 56, 64, 1, 3, 3, 1]);
    assert_eq!(m.parallel, flags("PPPPRRRR"));
    assert_eq!(
        m.inputs,
        [Some(acc("d0+d4, 2*d1+d5-1, 2*d2+d6-1, d3+d7")), None]
    );
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
    assert_eq!((m.class, m.flops), (OpClass::Convolution, m.volume()));
}

#[test]
fn select_and_scatter_max_pool_gradient() {
    let m = ok(
        &[
            "tensor<64x113x113x64xf32>",
            "tensor<64x56x56x64xf32>",
            "tensor<f32>",
        ],
        r#"%0 = "stablehlo.select_and_scatter"(%a0, %a1, %a2) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %c = "stablehlo.compare"(%x, %y) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
          "stablehlo.return"(%c) : (tensor<i1>) -> ()
        }, {
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
          "stablehlo.return"(%s) : (tensor<f32>) -> ()
        }) : (tensor<64x113x113x64xf32>, tensor<64x56x56x64xf32>, tensor<f32>) -> tensor<64x113x113x64xf32>"#,
    );
    assert_eq!(m.loops, [64, 56, 56, 64, 1, 3, 3, 1]);
    assert_eq!(m.parallel, flags("PPPPRRRR"));
    let window = acc("d0+d4, 2*d1+d5, 2*d2+d6, d3+d7");
    assert_eq!(
        m.inputs,
        [Some(window.clone()), Some(acc("d0, d1, d2, d3")), None]
    );
    assert_eq!(m.outputs, [window]);
    assert_eq!(m.class, OpClass::Convolution);
}

#[test]
fn broadcast_in_dim_with_size_one_dims() {
    let m = ok(
        &["tensor<1024x1x1xf32>"],
        r#"%0 = "stablehlo.broadcast_in_dim"(%a0) <{broadcast_dimensions = array<i64: 1, 2, 3>}> : (tensor<1024x1x1xf32>) -> tensor<64x1024x14x14xf32>"#,
    );
    assert_eq!(m.loops, [64, 1024, 14, 14]);
    assert_eq!(m.parallel, flags("PPPP"));
    assert_eq!(m.inputs, [Some(acc("d1, 0, 0"))]);
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
    assert_eq!((m.class, m.flops), (OpClass::DataMovement, 0));
    // A scalar broadcast reads the one element.
    let m = ok(
        &["tensor<f32>"],
        r#"%0 = "stablehlo.broadcast_in_dim"(%a0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x512x1xf32>"#,
    );
    assert_eq!(m.inputs, [Some(Vec::new())]);
    let e = model_of(
        &["tensor<3xf32>"],
        r#"%0 = "stablehlo.broadcast_in_dim"(%a0) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<4x5xf32>"#,
    );
    assert!(e.unwrap_err().contains("does not broadcast"));
}

#[test]
fn reshape_split_merge_and_unit_dims() {
    // Split: [4096, 768] -> [8, 512, 768]; loops over the finer (result) side.
    let m = ok(
        &["tensor<4096x768xf32>"],
        r#"%0 = "stablehlo.reshape"(%a0) : (tensor<4096x768xf32>) -> tensor<8x512x768xf32>"#,
    );
    assert_eq!(m.loops, [8, 512, 768]);
    assert_eq!(m.inputs, [Some(acc("512*d0+d1, d2"))]);
    assert_eq!(m.outputs, [acc("d0, d1, d2")]);
    assert_eq!((m.class, m.flops), (OpClass::DataMovement, 0));
    // Merge: heads into the hidden dim.
    let m = ok(
        &["tensor<8x512x12x64xf32>"],
        r#"%0 = "stablehlo.reshape"(%a0) : (tensor<8x512x12x64xf32>) -> tensor<8x512x768xf32>"#,
    );
    assert_eq!(m.loops, [8, 512, 12, 64]);
    assert_eq!(m.inputs, [Some(acc("d0, d1, d2, d3"))]);
    assert_eq!(m.outputs, [acc("d0, d1, 64*d2+d3")]);
    // Unit dims appear and disappear.
    let m = ok(
        &["tensor<1x512xf32>"],
        r#"%0 = "stablehlo.reshape"(%a0) : (tensor<1x512xf32>) -> tensor<512x1xf32>"#,
    );
    assert_eq!(m.loops, [1, 512, 1]);
    assert_eq!(m.inputs, [Some(acc("d0, d1"))]);
    assert_eq!(m.outputs, [acc("d1, d2")]);
    let m = ok(
        &["tensor<1xf32>"],
        r#"%0 = "stablehlo.reshape"(%a0) : (tensor<1xf32>) -> tensor<f32>"#,
    );
    assert_eq!(
        (m.loops.clone(), m.outputs.clone()),
        (vec![1], vec![Vec::new()])
    );
    // Not a merge or split: result loops parallel, operand loops reductions.
    let m = ok(
        &["tensor<6x4xf32>"],
        r#"%0 = "stablehlo.reshape"(%a0) : (tensor<6x4xf32>) -> tensor<4x6xf32>"#,
    );
    assert_eq!(m.loops, [4, 6, 6, 4]);
    assert_eq!(m.parallel, flags("PPRR"));
    assert_eq!(m.inputs, [Some(acc("d2, d3"))]);
    assert_eq!(m.outputs, [acc("d0, d1")]);
}

#[test]
fn transpose_reverse_slice() {
    let m = ok(
        &["tensor<1024x16x64xf32>"],
        r#"%0 = "stablehlo.transpose"(%a0) <{permutation = array<i64: 1, 2, 0>}> : (tensor<1024x16x64xf32>) -> tensor<16x64x1024xf32>"#,
    );
    assert_eq!(m.loops, [16, 64, 1024]);
    assert_eq!(m.inputs, [Some(acc("d2, d0, d1"))]);
    assert_eq!(m.outputs, [acc("d0, d1, d2")]);
    assert_eq!(m.class, OpClass::DataMovement);
    let m = ok(
        &["tensor<3x3x64x128xf32>"],
        r#"%0 = "stablehlo.reverse"(%a0) <{dimensions = array<i64: 0, 1>}> : (tensor<3x3x64x128xf32>) -> tensor<3x3x64x128xf32>"#,
    );
    assert_eq!(m.inputs, [Some(acc("-1*d0+2, -1*d1+2, d2, d3"))]);
    let m = ok(
        &["tensor<64x113x113x64xf32>"],
        r#"%0 = "stablehlo.slice"(%a0) <{limit_indices = array<i64: 64, 113, 112, 64>, start_indices = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 1, 2, 1>}> : (tensor<64x113x113x64xf32>) -> tensor<64x112x56x64xf32>"#,
    );
    assert_eq!(m.loops, [64, 112, 56, 64]);
    assert_eq!(m.inputs, [Some(acc("d0, d1+1, 2*d2, d3"))]);
}

#[test]
fn pad_edge_and_interior() {
    let m = ok(
        &["tensor<64x112x112x64xf32>", "tensor<f32>"],
        r#"%0 = "stablehlo.pad"(%a0, %a1) <{edge_padding_high = array<i64: 0, 1, 1, 0>, edge_padding_low = array<i64: 0, 2, 0, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<64x112x112x64xf32>, tensor<f32>) -> tensor<64x115x113x64xf32>"#,
    );
    assert_eq!(m.loops, [64, 115, 113, 64]);
    assert_eq!(m.inputs, [Some(acc("d0, d1-2, d2, d3")), None]);
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
    // Interior padding: loops over the operand, the result written at d*(interior+1)+low.
    let m = ok(
        &["tensor<4x5xf32>", "tensor<f32>"],
        r#"%0 = "stablehlo.pad"(%a0, %a1) <{edge_padding_high = array<i64: 0, 0>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 0, 1>}> : (tensor<4x5xf32>, tensor<f32>) -> tensor<5x9xf32>"#,
    );
    assert_eq!(m.loops, [4, 5]);
    assert_eq!(m.inputs, [Some(acc("d0, d1")), None]);
    assert_eq!(m.outputs, [acc("d0+1, 2*d1")]);
}

#[test]
fn concatenate_offsets_each_operand() {
    let m = ok(
        &["tensor<1x512x1xi64>", "tensor<1x512x2xi64>"],
        r#"%0 = "stablehlo.concatenate"(%a0, %a1) <{dimension = 2 : i64}> : (tensor<1x512x1xi64>, tensor<1x512x2xi64>) -> tensor<1x512x3xi64>"#,
    );
    assert_eq!(m.loops, [1, 512, 3]);
    assert_eq!(
        m.inputs,
        [Some(acc("d0, d1, d2")), Some(acc("d0, d1, d2-1"))]
    );
    assert_eq!(m.outputs, [acc("d0, d1, d2")]);
}

#[test]
fn iota_and_dynamic_iota() {
    let m = ok(
        &[],
        r#"%0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<1x512x1xi64>"#,
    );
    assert_eq!(
        (m.loops.clone(), m.inputs.clone()),
        (vec![1, 512, 1], vec![])
    );
    assert_eq!((m.class, m.flops), (OpClass::DataMovement, 0));
    let m = ok(
        &["tensor<1xi64>"],
        r#"%0 = "stablehlo.dynamic_iota"(%a0) <{iota_dimension = 0 : i64}> : (tensor<1xi64>) -> tensor<512xi64>"#,
    );
    assert_eq!(m.inputs, [None]);
    assert_eq!(m.outputs, [acc("d0")]);
}

#[test]
fn elementwise_with_scalar_operands() {
    let m = ok(
        &["tensor<f32>", "tensor<8x512xf32>", "tensor<f32>"],
        r#"%0 = "stablehlo.clamp"(%a0, %a1, %a2) : (tensor<f32>, tensor<8x512xf32>, tensor<f32>) -> tensor<8x512xf32>"#,
    );
    assert_eq!(m.loops, [8, 512]);
    assert_eq!(m.inputs, [Some(vec![]), Some(acc("d0, d1")), Some(vec![])]);
    assert_eq!((m.class, m.flops), (OpClass::Elementwise, 8 * 512));
    let m = ok(
        &["tensor<i1>", "tensor<4x5xf32>", "tensor<4x5xf32>"],
        r#"%0 = "stablehlo.select"(%a0, %a1, %a2) : (tensor<i1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>"#,
    );
    assert_eq!(
        m.inputs,
        [Some(vec![]), Some(acc("d0, d1")), Some(acc("d0, d1"))]
    );
    let m = ok(
        &["tensor<1024xf32>", "tensor<1024xf32>"],
        r#"%0 = "stablehlo.compare"(%a0, %a1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xi1>"#,
    );
    assert_eq!((m.loops.clone(), m.flops), (vec![1024], 1024));
    let m = ok(
        &["tensor<64x112x112x64xf32>"],
        r#"%0 = "chlo.square"(%a0) : (tensor<64x112x112x64xf32>) -> tensor<64x112x112x64xf32>"#,
    );
    assert_eq!(m.outputs, [acc("d0, d1, d2, d3")]);
    let m = ok(
        &["tensor<1xi64>"],
        r#"%0 = "stablehlo.convert"(%a0) : (tensor<1xi64>) -> tensor<1xf32>"#,
    );
    assert_eq!((m.class, m.flops), (OpClass::Elementwise, 1));
    // CHLO's implicit broadcasting, with and without broadcast_dimensions.
    let m = ok(
        &["tensor<4x5xf32>", "tensor<5xf32>"],
        r#"%0 = "chlo.broadcast_add"(%a0, %a1) : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>"#,
    );
    assert_eq!(m.inputs, [Some(acc("d0, d1")), Some(acc("d1"))]);
    let m = ok(
        &["tensor<4x5xf32>", "tensor<4xf32>"],
        r#"%0 = "chlo.broadcast_multiply"(%a0, %a1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>"#,
    );
    assert_eq!(m.inputs, [Some(acc("d0, d1")), Some(acc("d0"))]);
}

#[test]
fn gather_embedding_lookups() {
    // torch BERT: word embeddings, implicit index vector (index_vector_dim = rank of the indices).
    let m = ok(
        &["tensor<30522x768xf32>", "tensor<8x512xi64>"],
        r#"%0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 768>}> : (tensor<30522x768xf32>, tensor<8x512xi64>) -> tensor<8x512x768xf32>"#,
    );
    assert_eq!(m.loops, [8, 512, 768, 30522]);
    assert_eq!(m.parallel, flags("PPPR"));
    assert_eq!(m.inputs, [Some(acc("d3, d2")), Some(acc("d0, d1"))]);
    assert_eq!(m.outputs, [acc("d0, d1, d2")]);
    assert_eq!((m.class, m.flops), (OpClass::Embedding, 0));
    // JAX transformer: explicit index vector of width 1.
    let m = ok(
        &["tensor<32000x1024xf32>", "tensor<8x512x1xi32>"],
        r#"%0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1024>}> : (tensor<32000x1024xf32>, tensor<8x512x1xi32>) -> tensor<8x512x1024xf32>"#,
    );
    assert_eq!(m.loops, [8, 512, 1024, 32000]);
    assert_eq!(m.inputs, [Some(acc("d3, d2")), Some(acc("d0, d1, 0"))]);
}

#[test]
fn gather_point_lookups() {
    // torch BERT position ids: two indexed dims, no offset dims.
    let m = ok(
        &["tensor<1x512xi64>", "tensor<1x512x2xi64>"],
        r#"%0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<1x512xi64>, tensor<1x512x2xi64>) -> tensor<1x512xi64>"#,
    );
    assert_eq!(m.loops, [1, 512, 1, 512]);
    assert_eq!(m.parallel, flags("PPRR"));
    assert_eq!(m.inputs, [Some(acc("d2, d3")), Some(acc("d0, d1, 0"))]);
    // JAX take_along_axis (cross-entropy): batching dims.
    let m = ok(
        &["tensor<8x512x32000xf32>", "tensor<8x512x1x1xi32>"],
        r#"%0 = "stablehlo.gather"(%a0, %a1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x512x32000xf32>, tensor<8x512x1x1xi32>) -> tensor<8x512x1xf32>"#,
    );
    assert_eq!(m.loops, [8, 512, 1, 32000]);
    assert_eq!(m.parallel, flags("PPPR"));
    assert_eq!(
        m.inputs,
        [Some(acc("d0, d1, d3")), Some(acc("d0, d1, d2, 0"))]
    );
}

#[test]
fn scatter_embedding_gradients() {
    // JAX embedding gradient: updates [8, 512, 1024] into the [32000, 1024] table.
    let body = r#"({
        ^bb0(%x: tensor<f32>, %y: tensor<f32>):
          %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
          "stablehlo.return"(%s) : (tensor<f32>) -> ()
        })"#;
    let m = ok(
        &[
            "tensor<32000x1024xf32>",
            "tensor<8x512x1xi32>",
            "tensor<8x512x1024xf32>",
        ],
        &format!(
            r#"%0 = "stablehlo.scatter"(%a0, %a1, %a2) <{{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}}> {body} : (tensor<32000x1024xf32>, tensor<8x512x1xi32>, tensor<8x512x1024xf32>) -> tensor<32000x1024xf32>"#
        ),
    );
    // Update dims (scatter dims are reductions), then the table's indexed dim (indexes the result).
    assert_eq!(m.loops, [8, 512, 1024, 32000]);
    assert_eq!(m.parallel, flags("RRPP"));
    assert_eq!(
        m.inputs,
        [
            Some(acc("d3, d2")),
            Some(acc("d0, d1, 0")),
            Some(acc("d0, d1, d2"))
        ]
    );
    assert_eq!(m.outputs, [acc("d3, d2")]);
    assert_eq!((m.class, m.flops), (OpClass::Embedding, 8 * 512 * 1024));
    // The mirror of take_along_axis: batching dims stay parallel.
    let m = ok(
        &[
            "tensor<64x1000xf32>",
            "tensor<64x1x1xi32>",
            "tensor<64x1xf32>",
        ],
        &format!(
            r#"%0 = "stablehlo.scatter"(%a0, %a1, %a2) <{{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}}> {body} : (tensor<64x1000xf32>, tensor<64x1x1xi32>, tensor<64x1xf32>) -> tensor<64x1000xf32>"#
        ),
    );
    assert_eq!(m.loops, [64, 1, 1000]);
    assert_eq!(m.parallel, flags("PRP"));
    assert_eq!(
        m.inputs,
        [
            Some(acc("d0, d2")),
            Some(acc("d0, d1, 0")),
            Some(acc("d0, d1"))
        ]
    );
    assert_eq!(m.outputs, [acc("d0, d2")]);
}

#[test]
fn ops_left_to_the_importer_and_errors() {
    let context = context();
    let module = Module::parse(
        &context,
        r#"func.func @f(%a0: tensor<?x4xf32>) {
          %0 = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
          %1 = "stablehlo.custom_call"(%0) <{call_target_name = "foo"}> : (tensor<f32>) -> tensor<f32>
          %2 = "stablehlo.sort"(%a0) <{dimension = 0 : i64}> ({
          ^bb0(%x: tensor<f32>, %y: tensor<f32>):
            %c = "stablehlo.compare"(%x, %y) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
            "stablehlo.return"(%c) : (tensor<i1>) -> ()
          }) : (tensor<?x4xf32>) -> tensor<?x4xf32>
          %3 = "stablehlo.add"(%a0, %a0) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
          %4 = "stablehlo.transpose"(%0) : (tensor<f32>) -> tensor<f32>
          %5 = "stablehlo.dot_general"(%0, %0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<f32>, tensor<f32>) -> tensor<f32>
          return
        }"#,
    )
    .unwrap();
    let mut seen = Vec::new();
    for_each_op(&module, |op, name| {
        seen.push((name.to_string(), model(op, name).map(|r| r.map(drop))))
    });
    let func = model(&module.as_operation(), "builtin.module");
    assert!(func.is_none());
    let errors: Vec<String> = seen.iter().filter_map(|(_, r)| r.clone()?.err()).collect();
    assert_eq!(seen[0].1, None);
    assert_eq!(seen[1].1, None);
    // An op without a model (sort) is the importer's unknown op, whatever its shapes.
    assert_eq!(seen[2], ("stablehlo.sort".to_string(), None));
    assert!(errors[0].contains("dynamic shape"), "{errors:?}");
    assert!(
        errors[1].contains("missing attribute 'permutation'"),
        "{errors:?}"
    );
    assert!(errors[2].contains("out of range"), "{errors:?}");
    assert_eq!(errors.len(), 3);
}
