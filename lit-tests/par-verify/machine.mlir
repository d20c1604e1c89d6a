// A malformed #par.machine is an error at the module (a probe of issue 20: devices 0, -4, 10^8 and an
// unknown name without facts were silently ignored; issue 43: a bare device count under a name that is
// no preset and carries no machine file ran in flexc-run but not under flexc --simulate), in par-verify, par-materialize (so flexc-run and
// the GPU target) and the default pipeline, even when devices= overrides the count.
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-verify)' %s
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-materialize{devices=2})' %s
// RUN: not %flexc --split-input-file %s -o %t.discarded 2>&1 | FileCheck %s
// flexc-run materializes a .par.mlir for its #par.machine:
// RUN: %expect-exit 1 %flexc-run %S/../Inputs/bad-machine.par.mlir 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: bad-machine.par.mlir:2:1: error: invalid 'par.machine': #par.machine fact devices: device count 0 is outside 1..=65536

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine fact devices: device count 0 is outside 1..=65536
// expected-error@+1 {{invalid 'par.machine': #par.machine fact devices: device count 0 is outside 1..=65536}}
module attributes {par.machine = #par.machine<"test", {devices = 0 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine fact devices = -4 : i64 is not a count
// expected-error@+1 {{#par.machine fact devices = -4 : i64 is not a count}}
module attributes {par.machine = #par.machine<"test", {devices = -4 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine fact devices: device count 100000000 is outside 1..=65536
// expected-error@+1 {{device count 100000000 is outside 1..=65536}}
module attributes {par.machine = #par.machine<"test", {devices = 100000000 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine<"cluster-of-mine"> names no preset flexc knows and has no 'devices' or 'nodes' and 'gpus_per_node' facts: its device count is unknown
// expected-error@+1 {{names no preset flexc knows}}
module attributes {par.machine = #par.machine<"cluster-of-mine", {}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine has 1000 nodes of 1000 GPUs, 1000000 devices; flexc models at most 65536
// expected-error@+1 {{1000000 devices}}
module attributes {par.machine = #par.machine<"test", {nodes = 1000 : i64, gpus_per_node = 1000 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine<"test"> names no machine flexc can load: neither a preset (p100-4x4, k80-16x4, dgx1-v100:NODES, dgx-a100:NODES, dgx-h100:NODES, dgx-h200:NODES) nor a machine file recorded as its 'toml' fact; name a preset and the devices in use (#par.machine<"dgx-a100:1", {devices = 2 : i64}>), or write the strategy with flexc --machine=FILE.toml
// expected-error@+1 {{names no machine flexc can load}}
module attributes {par.machine = #par.machine<"test", {devices = 2 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine<"dgx-a100:1"> fact gpus_per_node = 4 contradicts the preset, which has gpus_per_node = 8: give the preset's topology, and restrict it with the 'devices' fact
// expected-error@+1 {{contradicts the preset}}
module attributes {par.machine = #par.machine<"dgx-a100:1", {nodes = 1 : i64, gpus_per_node = 4 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine<"dgx-a100:1"> uses 9 devices, but the preset has 8
// expected-error@+1 {{uses 9 devices, but the preset has 8}}
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 9 : i64}>} {
}
