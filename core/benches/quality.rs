//! Search quality: the default search against the exact optimum of flexc's own strategy space on small cases,
//! and against the best strategy known on GPT-2 small at 16 GPUs.
//!
//! Run with `cargo bench -p flexc-core --bench quality` (`tools/bench quality`). Two tables:
//! - *Exhaustive*: 24 small training graphs (two or three ops: matmul chains, matmul + softmax, layer norm +
//!   matmul, convolution + pooling, each at a compute-bound and a communication-bound size) on 2 and 4 GPUs
//!   of `dgx-a100`. Every strategy of flexc's space is simulated (every op: every degree vector whose task
//!   count is at most the device count, each degree dividing its loop, tasks on distinct devices in every
//!   order; replicated configurations, which only the baselines use, aside), in depth-first order so that
//!   each step is one delta simulation. The optimum is compared with the default search (`mcmc`, the
//!   default 4000-proposal budget, seed 1): `exact` when the search's time is within 1e-9 of it.
//! - *Best known*: GPT-2 small (synthetic, 148 ops) on `p100-4x4` (16 GPUs): the default search and a long
//!   one (`FLEXC_QUALITY_LONG` proposals, default 40000, seed 2), the best known being the better of the two
//!   and of the baselines.

use std::time::Instant;

use flexc_core::baselines;
use flexc_core::cost::CostModel;
use flexc_core::graph::{DType, DeviceId, Graph, Mode, OpId};
use flexc_core::machine::Machine;
use flexc_core::problem::Problem;
use flexc_core::search::{Budget, Mcmc, Run, SearchAlgorithm};
use flexc_core::sim::Simulator;
use flexc_core::strategy::{divisors_up_to, Config, Strategy};
use flexc_core::synth::{self, Builder, TransformerSpec};

/// Every configuration of an op in flexc's space (module doc).
fn configs(graph: &Graph, op: OpId, n: u32) -> Vec<Config> {
    let o = graph.op(op);
    if !o.is_partitionable() {
        return (0..n).map(|d| Config::single(o, DeviceId(d))).collect();
    }
    let mut vectors: Vec<Vec<u64>> = vec![Vec::new()];
    for dim in &o.dims {
        vectors = vectors
            .into_iter()
            .flat_map(|v| {
                let used: u64 = v.iter().product();
                divisors_up_to(dim.size, u64::from(n) / used)
                    .into_iter()
                    .map(move |d| {
                        let mut w = v.clone();
                        w.push(d);
                        w
                    })
            })
            .collect();
    }
    let mut out = Vec::new();
    for degrees in vectors {
        let tasks = degrees.iter().product::<u64>() as usize;
        for devices in arrangements(n as usize, tasks) {
            out.push(Config {
                degrees: degrees.clone(),
                devices: devices.into_iter().map(DeviceId::new).collect(),
            });
        }
    }
    out
}

/// Every ordered choice of `k` distinct devices of `n`.
fn arrangements(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for _ in 0..k {
        out = out
            .into_iter()
            .flat_map(|v: Vec<usize>| {
                (0..n)
                    .filter(|d| !v.contains(d))
                    .map(|d| {
                        let mut w = v.clone();
                        w.push(d);
                        w
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

/// The fastest strategy of the space that fits memory: `(time, strategies simulated)`.
fn exhaustive(graph: &Graph, machine: &Machine, cost: &CostModel) -> (f64, u64) {
    let n = machine.num_devices();
    let per_op: Vec<Vec<Config>> = (0..graph.num_ops())
        .map(|i| configs(graph, OpId::new(i), n))
        .collect();
    let start = Strategy::flat(per_op.iter().map(|c| c[0].clone()).collect());
    let mut sim =
        Simulator::new(graph, machine, cost, Mode::Training, start).expect("valid strategy");
    let mut index = vec![0usize; per_op.len()];
    let (mut best, mut count) = (f64::INFINITY, 0u64);
    loop {
        count += 1;
        if sim.fits_memory() {
            best = best.min(sim.iteration_time());
        }
        // Odometer, the last op fastest: one delta simulation per step (more when an op wraps).
        let mut k = per_op.len();
        loop {
            if k == 0 {
                return (best, count);
            }
            k -= 1;
            index[k] += 1;
            if index[k] < per_op[k].len() {
                sim.set_config(OpId::new(k), per_op[k][index[k]].clone())
                    .expect("valid config");
                break;
            }
            index[k] = 0;
            sim.set_config(OpId::new(k), per_op[k][0].clone())
                .expect("valid config");
        }
    }
}

fn default_search(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    budget: Budget,
    seed: u64,
) -> (f64, u64, f64) {
    let problem = Problem::new(graph, machine, cost, Mode::Training);
    let t = Instant::now();
    let found = Mcmc
        .search(&problem, &Run::new(budget, seed))
        .expect("a strategy fits");
    (
        found.iteration_time_s,
        found.proposals,
        t.elapsed().as_secs_f64(),
    )
}

/// The small cases: `(name, graph)`.
fn cases() -> Vec<(String, Graph)> {
    let mut out = Vec::new();
    for (size, batch, width) in [("compute", 64u64, 1024u64), ("comm", 8, 4096)] {
        let mut b = Builder::new("mm2", DType::F32);
        let x = b.input("x", &[batch, width], DType::F32);
        let y = b.matmul(x, width);
        b.matmul(y, width);
        out.push((format!("matmul-matmul/{size}"), b.finish()));

        let mut b = Builder::new("mm-relu", DType::F32);
        let x = b.input("x", &[batch, width], DType::F32);
        let y = b.matmul(x, 4 * width);
        b.elementwise("linalg.generic", &[y], 1.0);
        out.push((format!("matmul-relu/{size}"), b.finish()));

        let mut b = Builder::new("mm-softmax", DType::F32);
        let x = b.input("x", &[batch, width], DType::F32);
        let y = b.matmul(x, width);
        b.softmax(y);
        out.push((format!("matmul-softmax/{size}"), b.finish()));

        let mut b = Builder::new("norm-mm", DType::F32);
        let x = b.input("x", &[batch, width], DType::F32);
        let y = b.layer_norm(x);
        b.matmul(y, width);
        out.push((format!("norm-matmul/{size}"), b.finish()));

        let mut b = Builder::new("mm3", DType::F32);
        let x = b.input("x", &[batch, width / 4], DType::F32);
        let y = b.matmul(x, width / 4);
        let y = b.matmul(y, width / 4);
        b.matmul(y, width / 4);
        out.push((format!("matmul x3/{size}"), b.finish()));

        let (n, c, hw) = if size == "compute" {
            (32, 64, 56)
        } else {
            (4, 256, 14)
        };
        let mut b = Builder::new("conv-pool", DType::F32);
        let x = b.input("x", &[n, c, hw, hw], DType::F32);
        let y = b.conv2d(x, c, 3, 1, 1);
        b.max_pool(y, 2, 2, 0);
        out.push((format!("conv-pool/{size}"), b.finish()));
    }
    out
}

fn main() {
    // `FLEXC_QUALITY=best-known` runs the second table alone.
    let only_best_known = std::env::var("FLEXC_QUALITY").is_ok_and(|v| v == "best-known");
    println!("exhaustive: flexc's whole space vs the default search (mcmc, 4000 proposals, seed 1), training, dgx-a100");
    println!(
        "{:<24} {:>4} {:>10} {:>12} {:>12} {:>8} {:>7} {:>8}",
        "case", "gpus", "strategies", "optimum ms", "found ms", "ratio", "exact", "search s"
    );
    let (mut exact, mut total) = (0, 0);
    for gpus in [2u32, 4].into_iter().filter(|_| !only_best_known) {
        let machine = Machine::preset("dgx-a100")
            .and_then(|m| m.with_devices(flexc_core::DeviceCount::new(gpus.into()).unwrap()))
            .expect("preset exists");
        let cost = CostModel::new(&machine.gpu);
        for (name, graph) in cases() {
            let t = Instant::now();
            let (optimum, count) = exhaustive(&graph, &machine, &cost);
            if std::env::var_os("FLEXC_QUALITY_DEBUG").is_some() {
                eprintln!("{name}: exhaustive {:.2} s", t.elapsed().as_secs_f64());
            }
            let (found, _, wall) = default_search(&graph, &machine, &cost, Budget::default(), 1);
            let hit = found <= optimum * (1.0 + 1e-9);
            total += 1;
            exact += usize::from(hit);
            println!(
                "{name:<24} {gpus:>4} {count:>10} {:>12.4} {:>12.4} {:>8.4} {:>7} {wall:>8.2}",
                optimum * 1e3,
                found * 1e3,
                found / optimum,
                if hit { "yes" } else { "no" }
            );
        }
    }
    println!("exact: {exact} of {total}");
    println!();

    let long: u64 = std::env::var("FLEXC_QUALITY_LONG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40_000);
    println!(
        "best known: the default search vs a {long}-proposal search (seed 2) and the baselines"
    );
    println!(
        "{:<12} {:<10} {:>4} {:>10} {:>10} {:>9} {:>11} {:>10} {:>9}",
        "model", "machine", "gpus", "found ms", "props", "search s", "best ms", "by", "found/best"
    );
    let machine = Machine::preset("p100-4x4").expect("preset exists");
    let cost = CostModel::new(&machine.gpu);
    let graph = synth::transformer(&TransformerSpec::gpt2_small(16));
    let (found, props, wall) = default_search(&graph, &machine, &cost, Budget::default(), 1);
    let (long_t, _, _) = default_search(&graph, &machine, &cost, Budget::Proposals(long), 2);
    let mut best = (
        found.min(long_t),
        if long_t < found { "long" } else { "default" },
    );
    for b in baselines::all(&graph, &machine) {
        if let Ok(sim) = Simulator::new(&graph, &machine, &cost, Mode::Training, b.strategy) {
            if sim.fits_memory() && sim.iteration_time() < best.0 {
                best = (sim.iteration_time(), b.name);
            }
        }
    }
    println!(
        "{:<12} {:<10} {:>4} {:>10.3} {props:>10} {wall:>9.2} {:>11.3} {:>10} {:>9.4}",
        "gpt-2-small",
        machine.name,
        machine.num_devices(),
        found * 1e3,
        best.0 * 1e3,
        best.1,
        found / best.0
    );
}
