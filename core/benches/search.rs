//! Search benchmark: MCMC, PaSE's dynamic program and SoyBean's tiling against the baselines on ResNet-101 and
//! GPT-2 small, at 16 and 64 GPUs of the preset clusters.
//!
//! Run with `cargo bench -p flexc-core --bench search` (release build). Per model and machine it prints the
//! simulated iteration time of data parallelism (`dp ms`) and of the best expert strategy (`expert`, the
//! fastest of model parallel, OWT and Megatron that fits memory), then
//! - MCMC with the default options (4 chains, seed 1, `PROPOSALS` proposals per chain, started from data
//!   parallelism and the fastest other start points among PaSE, SoyBean and the experts): its best time, the
//!   speedup over data parallelism, the wall time from the start of the search (which first runs PaSE and
//!   SoyBean) until it found that best (`to best s`) and in all (`wall s`), the proposals made, and which
//!   chain or start point found the best (`by`);
//! - PaSE's dynamic program: simulated time of its strategy and its run time;
//! - SoyBean's tiling: the same.
//!
//! `FLEXC_BENCH_PROPOSALS` overrides the proposal budget per chain.

use std::time::Instant;

use flexc_core::baselines;
use flexc_core::cost::CostModel;
use flexc_core::graph::{Graph, Mode};
use flexc_core::machine::Machine;
use flexc_core::search::{mcmc, pase_dp, soybean_tiling, Deadline, DpOptions, McmcOptions};
use flexc_core::sim::Simulator;
use flexc_core::synth::{self, ResNetSpec, TransformerSpec};

const PROPOSALS: u64 = 1000;

fn bench(model: &str, graph: &Graph, machine: &Machine, proposals: u64) {
    let cost = CostModel::new(&machine.gpu);
    let mode = Mode::Training;
    let time = |s: &flexc_core::strategy::Strategy| {
        let sim = Simulator::new(graph, machine, &cost, mode, s.clone()).expect("valid baseline");
        (sim.iteration_time(), sim.fits_memory())
    };
    let all = baselines::all(graph, machine);
    let (dp, _) = time(&all[0].strategy);
    let expert = all[1..]
        .iter()
        .map(|b| (b.name, time(&b.strategy)))
        .filter(|(_, (_, fits))| *fits)
        .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0));
    let (expert_name, expert_t) = expert.map_or(("-", f64::NAN), |(n, (t, _))| (n, t));

    let options = McmcOptions {
        seed: 1,
        chains: 4,
        proposals: Some(proposals),
        ..McmcOptions::default()
    };
    let (m_t, m_speedup, m_to_best, m_wall, m_props, by) =
        match mcmc(graph, machine, &cost, mode, &options) {
            Ok(r) => {
                let by = match r.found_by.strip_prefix("chain ") {
                    Some(i) => {
                        let start = i
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| r.mcmc()?.stats.chains.get(i))
                            .map_or("?", |c| c.start.as_str());
                        format!("mcmc<-{start}")
                    }
                    None => r.found_by.clone(),
                };
                (
                    r.iteration_time_s,
                    dp / r.iteration_time_s,
                    r.mcmc().map_or(0.0, |d| d.stats.time_to_best_s),
                    r.wall_s,
                    r.proposals,
                    by,
                )
            }
            Err(e) => {
                eprintln!("{model} on {}: mcmc: {e}", machine.name);
                (f64::NAN, f64::NAN, f64::NAN, f64::NAN, 0, "-".to_string())
            }
        };
    let t = Instant::now();
    let (d_t, d_fits) = match pase_dp(graph, machine, &cost, mode, &DpOptions::default()) {
        Ok(r) => (r.iteration_time_s, r.fits_memory),
        Err(e) => {
            eprintln!("{model} on {}: dp: {e}", machine.name);
            (f64::NAN, false)
        }
    };
    let d_wall = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let (s_t, s_fits) = match soybean_tiling(graph, machine, &cost, mode, Deadline::NONE) {
        Ok(r) => (r.iteration_time_s, r.fits_memory),
        Err(e) => {
            eprintln!("{model} on {}: tiling: {e}", machine.name);
            (f64::NAN, false)
        }
    };
    let s_wall = t.elapsed().as_secs_f64();
    let mark = |fits: bool| if fits { ' ' } else { '!' };
    println!(
        "{model:<11} {:<11} {:>4} {:>9.2} {:>9.2} {expert_name:<14} {:>9.2} {:>6.2}x {:>8.2} {:>7.2} {:>7} {:>9.2}{} {:>6.2} {:>9.2}{} {:>6.2}  {by}",
        machine.name,
        machine.num_devices(),
        dp * 1e3,
        expert_t * 1e3,
        m_t * 1e3,
        m_speedup,
        m_to_best,
        m_wall,
        m_props,
        d_t * 1e3,
        mark(d_fits),
        d_wall,
        s_t * 1e3,
        mark(s_fits),
        s_wall,
    );
}

fn main() {
    let proposals = std::env::var("FLEXC_BENCH_PROPOSALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(PROPOSALS);
    println!(
        "{:<11} {:<11} {:>4} {:>9} {:>9} {:<14} {:>9} {:>7} {:>8} {:>7} {:>7} {:>10} {:>6} {:>10} {:>6}  by",
        "model",
        "machine",
        "gpus",
        "dp ms",
        "expert ms",
        "(expert)",
        "mcmc ms",
        "vs dp",
        "to best s",
        "wall s",
        "props",
        "pase ms",
        "s",
        "tiling ms",
        "s",
    );
    let machines = ["dgx-a100:2", "p100-4x4", "k80-16x4", "dgx-a100:8"];
    for name in machines {
        let machine = Machine::preset(name).expect("preset exists");
        let gpus = machine.num_devices() as u64;
        let resnet = synth::resnet(&ResNetSpec::resnet101(4 * gpus));
        bench("resnet-101", &resnet, &machine, proposals);
        let gpt = synth::transformer(&TransformerSpec::gpt2_small(gpus));
        bench("gpt-2-small", &gpt, &machine, proposals);
    }
    println!("(! after a time: that strategy does not fit device memory)");
}
