//! The named machine presets (`--machine=NAME`): the clusters of the FlexFlow paper's evaluation
//! (P100 and K80 nodes) and DGX systems (V100 with its hybrid cube-mesh topology, A100, H100, H200).

use super::*;

/// The achieved fraction of the matrix units' dense peak on a large, well-shaped product (Ampere and
/// Hopper presets; see each preset).
const MATRIX_EFFICIENCY: f64 = 0.8;

/// The compute rate an A100 or H100 keeps while an NCCL collective runs beside it (Ampere and Hopper
/// presets): Lee et al., "Characterizing Compute-Communication Overlap in GPU-Accelerated
/// Distributed Deep Learning" (arXiv 2507.03114, 2025), measured GPT and Llama training kernels on
/// 4 A100s and 4 H100s with and without collectives beside them: an average computational slowdown
/// of 18.9% (at most 40.0%). The mechanism is the SMs an NCCL kernel holds (an all-gather launches
/// 24 blocks on an H100's 132 SMs in NVIDIA's developer forum's profile of FSDP prefetching, 18%),
/// plus its share of the memory bandwidth.
const OVERLAP_BESIDE_NCCL: f64 = 0.811; // 1 − 0.189

pub(super) fn p100_4x4() -> Result<Machine, MachineError> {
    Machine::new(
        "p100-4x4",
        4,
        4,
        GpuSpec {
            name: "P100-SXM2-16GB".into(),
            peak_flops: PeakFlops {
                f64: Some(5.3e12),
                f32: 10.6e12,
                f16: Some(21.2e12),
                bf16: None,
                i8: None,
            },
            // No tensor cores: AMP's fp16 runs as packed half2 on the SMs, twice the f32 rate.
            matrix_flops: MatrixFlops {
                tf32: None,
                fp16: Some(21.2e12),
                bf16: None,
                fp8: None,
            },
            efficiency: Efficiency::default(),
            mem_bandwidth: 732e9,
            mem_capacity: 16 * GIB,
            launch_overhead_s: 5e-6,
            sms: Some(56),
        },
        Link {
            kind: LinkKind::NVLink,
            bandwidth: 20e9,
            latency_s: 2e-6,
        },
        Link {
            kind: LinkKind::InfiniBand,
            bandwidth: 100e9 / 8.0,
            latency_s: 5e-6,
        },
        1,
        None,
    )
}

pub(super) fn k80_16x4() -> Result<Machine, MachineError> {
    Machine::new(
        "k80-16x4",
        16,
        4,
        GpuSpec {
            name: "K80-GK210".into(),
            peak_flops: PeakFlops {
                f64: Some(1.46e12),
                f32: 4.4e12,
                f16: None,
                bf16: None,
                i8: None,
            },
            // Kepler: no fast 16-bit arithmetic, no mixed precision.
            matrix_flops: MatrixFlops::default(),
            efficiency: Efficiency::default(),
            mem_bandwidth: 240e9,
            mem_capacity: 12 * GIB,
            launch_overhead_s: 7e-6,
            sms: Some(13),
        },
        Link {
            kind: LinkKind::PCIe,
            bandwidth: 12e9,
            latency_s: 5e-6,
        },
        Link {
            kind: LinkKind::InfiniBand,
            bandwidth: 56e9 / 8.0,
            latency_s: 5e-6,
        },
        1,
        None,
    )
}

/// NVLink2 links between two GPUs of a DGX-1 (V100), by physical GPU number: the hybrid cube-mesh,
/// as `nvidia-smi topo -m` prints it on a DGX-1V (NV1/NV2: one or two links; 0: none, the pair
/// goes over PCIe and the CPUs' link). Each GPU has 6 links.
pub(super) const DGX1_LINKS: [[u32; 8]; 8] = [
    [0, 1, 1, 2, 2, 0, 0, 0],
    [1, 0, 2, 1, 0, 2, 0, 0],
    [1, 2, 0, 2, 0, 0, 1, 0],
    [2, 1, 2, 0, 0, 0, 0, 1],
    [2, 0, 0, 0, 0, 1, 1, 2],
    [0, 2, 0, 0, 1, 0, 2, 1],
    [0, 0, 1, 0, 1, 2, 0, 2],
    [0, 0, 0, 1, 2, 1, 2, 0],
];

/// The DGX-1's GPUs in the order flexc numbers them: a Hamiltonian cycle of the cube-mesh (0-1-2-3-7-6-5-4),
/// so that the simulator's ring all-reduce over devices in order uses NVLink on every hop, as NCCL's
/// rings do.
pub(super) const DGX1_ORDER: [usize; 8] = [0, 1, 2, 3, 7, 6, 5, 4];

/// Bandwidth per direction of one NVLink2 link.
pub(super) const NVLINK2_LINK: f64 = 25e9;

/// Peer traffic between GPUs without a direct NVLink: PCIe 3.0 x16 through the PCIe switches and the
/// CPUs' QPI link; ~10 GB/s achieved of the 15.75 GB/s x16 theoretical.
pub(super) const DGX1_PCIE: f64 = 10e9;

/// The DGX-1 per-pair bandwidth matrix in flexc's device order ([`DGX1_ORDER`]).
pub(super) fn dgx1_topology() -> Vec<Vec<f64>> {
    (0..8)
        .map(|i| {
            (0..8)
                .map(|j| match DGX1_LINKS[DGX1_ORDER[i]][DGX1_ORDER[j]] {
                    _ if i == j => 0.0,
                    0 => DGX1_PCIE,
                    links => f64::from(links) * NVLINK2_LINK,
                })
                .collect()
        })
        .collect()
}

/// What V100 kernels achieve, each figure from a measurement other than the training throughputs
/// `docs/calibration.md` compares against (so that the comparison is out of sample):
/// - `convolution` 0.70: NVIDIA's DeepLearningExamples ResNet-50 v1.5 PyTorch *inference* on one V100
///   16 GB, FP32, batch 256: 1261 images/s × 8.2 GFLOP (4.1 G multiply-adds) = 10.3 TFLOPS, 66 % of the
///   15.7 TFLOPS peak for the whole forward, batch norm and ReLU included; the convolutions alone reach
///   at least that;
/// - `matrix` 0.45: the same inference in mixed precision, 3382 images/s = 27.7 TFLOPS, 22 % of the
///   125 TFLOPS tensor-core peak for the whole forward; in 16 bits about half of that forward is the
///   memory-bound batch norm and ReLU passes, so the tensor-core convolutions run at about twice the
///   whole-network rate;
/// - `memory` 0.83: the global-memory bandwidth microbenchmarked on V100, ~750 GB/s of 900 (Jia et al.,
///   "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", 2018);
/// - contractions and the byte-bound families keep the generic table (`machine::achievable_fraction`).
pub(super) const V100_EFFICIENCY: Efficiency = Efficiency {
    contraction: 0.70,
    convolution: 0.70,
    elementwise: 0.50,
    reduction: 0.30,
    embedding: 0.10,
    data_movement: 0.10,
    opaque: 0.30,
    matrix: 0.45,
    // No FlashAttention kernel for Volta: attention as the GEMMs run it.
    attention_forward: 0.45,
    attention_backward: 0.45,
    flash2_forward: 0.45,
    flash2_backward: 0.45,
    memory: 0.83,
    // Not measured on the V100: no contention counted.
    overlap: 1.0,
};

/// NVIDIA DGX-1 with 8 Tesla V100 SXM2 16 GB (the DeepLearningExamples "DGX-1 (8x V100 16GB)").
/// V100 SXM2 datasheet: FP64 7.8, FP32 15.7, tensor (FP16 in, FP32 accumulate) 125 TFLOPS; HBM2
/// 900 GB/s; 16 GB. Inside the node, the hybrid cube-mesh as a per-pair matrix (each pair's NVLink2
/// link count × 25 GB/s per direction); it approximates NCCL, which runs several rings over all 6
/// links of a GPU at once, by one ring whose slowest hop (one link, 25 GB/s) sets the pace: gradient
/// all-reduces are pessimistic by up to the number of concurrent rings. Between nodes, the DGX-1's
/// four 100 Gb/s EDR InfiniBand ports (one per GPU pair).
pub(super) fn dgx1_v100(nodes: u32) -> Result<Machine, MachineError> {
    Machine::new(
        format!("dgx1-v100:{nodes}"),
        nodes,
        8,
        GpuSpec {
            name: "V100-SXM2-16GB".into(),
            peak_flops: PeakFlops {
                f64: Some(7.8e12),
                f32: 15.7e12,
                f16: Some(125e12),
                bf16: None,
                i8: None,
            },
            // Volta tensor cores: fp16 only (no TF32, no bf16).
            matrix_flops: MatrixFlops {
                tf32: None,
                fp16: Some(125e12),
                bf16: None,
                fp8: None,
            },
            efficiency: V100_EFFICIENCY,
            mem_bandwidth: 900e9,
            mem_capacity: 16 * GIB,
            launch_overhead_s: 5e-6,
            sms: Some(80),
        },
        Link {
            kind: LinkKind::NVLink,
            bandwidth: NVLINK2_LINK,
            latency_s: 2e-6,
        },
        Link {
            kind: LinkKind::InfiniBand,
            bandwidth: 100e9 / 8.0,
            latency_s: 5e-6,
        },
        4,
        Some(dgx1_topology()),
    )
}

pub(super) fn dgx_a100(nodes: u32) -> Result<Machine, MachineError> {
    Machine::new(
        format!("dgx-a100:{nodes}"),
        nodes,
        8,
        GpuSpec {
            name: "A100-SXM4-80GB".into(),
            peak_flops: PeakFlops {
                f64: Some(19.5e12),
                f32: 19.5e12,
                f16: Some(312e12),
                bf16: Some(312e12),
                i8: Some(624e12),
            },
            matrix_flops: MatrixFlops {
                tf32: Some(156e12),
                fp16: Some(312e12),
                bf16: Some(312e12),
                fp8: None,
            },
            // Tensor-core GEMMs: a large, well-shaped bf16/fp16 product reaches about 0.8 of the dense
            // peak (an 8192³ bf16 product measured on an H200 at 769–798 TFLOP/s, 0.78–0.81; cuBLAS's
            // large fp16 GEMMs on A100 at about 250 TFLOP/s); tile and wave quantization of the shape
            // come on top (`cost::matrix_shape_factor`).
            // FlashAttention-2 on the A100 80 GB SXM4 (Dao 2023, arXiv 2307.08691, its benchmark
            // figures at head dimension 128, sequences 2k–16k, bf16/fp16): forward about 220 TFLOP/s,
            // backward about 190 (the paper's range over all shapes: 50–73% of the peak).
            efficiency: Efficiency {
                matrix: MATRIX_EFFICIENCY,
                overlap: OVERLAP_BESIDE_NCCL,
                attention_forward: 0.70,
                attention_backward: 0.60,
                flash2_forward: 0.70,
                flash2_backward: 0.60,
                ..Efficiency::default()
            },
            // HBM2e of the 80 GB SXM4 part (the 40 GB part has 1555 GB/s).
            mem_bandwidth: 2.039e12,
            mem_capacity: 80 * GIB,
            launch_overhead_s: 5e-6,
            sms: Some(108),
        },
        Link {
            kind: LinkKind::NVSwitch,
            bandwidth: 300e9,
            latency_s: 2e-6,
        },
        Link {
            kind: LinkKind::InfiniBand,
            bandwidth: 200e9 / 8.0,
            latency_s: 5e-6,
        },
        8,
        None,
    )
}

pub(super) fn dgx_h100(nodes: u32) -> Result<Machine, MachineError> {
    dgx_hopper("dgx-h100", "H100-SXM5-80GB", 3.35e12, 80 * GIB, nodes)
}

/// A DGX H200: the H100's GH100 compute, NVLink 4 and NICs, with 141 GB of HBM3e at 4.8 TB/s (NVIDIA
/// H200 datasheet; 143,771 MiB as the driver reports it). A point measured on an H200 with PyTorch: an
/// 8192³ bf16 product at 769–798 TFLOP/s, 0.78–0.81 of the dense peak.
pub(super) fn dgx_h200(nodes: u32) -> Result<Machine, MachineError> {
    dgx_hopper(
        "dgx-h200",
        "H200-SXM-141GB",
        4.8e12,
        143_771 * (1 << 20),
        nodes,
    )
}

/// A DGX node of Hopper GPUs (GH100 compute, NVSwitch, 8 × 400 Gb/s NICs) with the given memory.
fn dgx_hopper(
    preset: &str,
    gpu: &str,
    mem_bandwidth: f64,
    mem_capacity: u64,
    nodes: u32,
) -> Result<Machine, MachineError> {
    Machine::new(
        format!("{preset}:{nodes}"),
        nodes,
        8,
        GpuSpec {
            name: gpu.into(),
            peak_flops: PeakFlops {
                f64: Some(67e12),
                f32: 67e12,
                f16: Some(989e12),
                bf16: Some(989e12),
                i8: Some(1979e12),
            },
            // Dense rates (the datasheet's headline figures are twice these, with 2:4 sparsity).
            matrix_flops: MatrixFlops {
                tf32: Some(494.5e12),
                fp16: Some(989e12),
                bf16: Some(989e12),
                fp8: Some(1979e12),
            },
            // Tensor-core GEMMs: a large, well-shaped bf16/fp16 product reaches about 0.8 of the dense
            // peak (an 8192³ bf16 product measured on an H200 at 769–798 TFLOP/s, 0.78–0.81; cuBLAS's
            // large fp16 GEMMs on A100 at about 250 TFLOP/s); tile and wave quantization of the shape
            // come on top (`cost::matrix_shape_factor`).
            // FlashAttention-3 on the H100 SXM5 (Shah et al. 2024, arXiv 2407.08608, bf16 at head
            // dimension 128, sequences 2k–16k): forward about 600–650 TFLOP/s (PyTorch's benchmark of the
            // same kernel, pytorch/benchmark D60117034: 566–621 at B·S = 16k), backward about 500. The
            // H200 runs the same kernels on the same SMs. FlashAttention-2 on the H100 (PyTorch SDPA's
            // flash backend; the baseline of FlashAttention-3's paper, same shapes): forward about
            // 350 TFLOP/s, backward about 300.
            efficiency: Efficiency {
                matrix: MATRIX_EFFICIENCY,
                overlap: OVERLAP_BESIDE_NCCL,
                attention_forward: 0.62,
                attention_backward: 0.50,
                flash2_forward: 0.35,
                flash2_backward: 0.30,
                ..Efficiency::default()
            },
            mem_bandwidth,
            mem_capacity,
            launch_overhead_s: 4e-6,
            sms: Some(132),
        },
        Link {
            kind: LinkKind::NVSwitch,
            bandwidth: 450e9,
            latency_s: 2e-6,
        },
        Link {
            kind: LinkKind::InfiniBand,
            bandwidth: 400e9 / 8.0,
            latency_s: 5e-6,
        },
        8,
        None,
    )
}
